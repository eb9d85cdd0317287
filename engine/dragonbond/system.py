"""``DragonbondSystem``: the GameSystem of Dragonbond: Batallas de Valerna for two players (free measurement).

"§" is a section of the rules digest ``shared/rules/dragonbond.md``; "seed 003 l.N" a line of the Spanish
rulebook. Every measurement is :mod:`engine.dragonbond.geometry`'s; unit profiles come from a data pack
(``options["pack"]``, else the shipped training pack). States, actions and events are JSON dicts.

Options (``setup``)
-------------------
``pack`` (a pack document; default the training pack), ``forces`` ({seat: force id}; default the pack's first
two), ``scenario`` (``pitched`` | ``conquest`` | ``annihilation`` | ``quest``; default ``pitched``), ``size``
(50 | 100 | 150; default the forces' size), ``rounds`` (default 4), ``deployment`` (``alternate``: players
place their units in turn; ``auto``: the engine places them in their zones, for quick games and tests).

The view (``view(state, seat)``)
--------------------------------
The state's public fields, plus:

- ``units``: a list, one dict per unit, in id order: ``id`` (``A1``..), ``code`` (the same), ``name``,
  ``card`` (pack unit id), ``force_unit`` (the force list's id), ``side`` (seat), ``x``, ``y``, ``radius``
  (inches; ``x``/``y`` are None off the table), ``models``, ``health``, ``wounds``, ``fatigue``, ``states``
  ({"poison": n, "slowed": n, "immobilized": n}), ``activated`` (activations this round), ``engaged_with``
  (unit ids), ``where`` (``battlefield`` | ``reserve`` | ``destroyed`` | ``mounted``), ``general``,
  ``exhausted``, ``fresh``, ``flanked``, ``hero`` (the commanding Hero's part: {"id", "name", "wounds",
  "health", "poison"} or None), ``rider`` / ``mounted_on`` (unit ids or None), ``bonded_with``, ``injured``,
  ``artifact``, ``treasures``, ``speed``, ``defence``, ``melee``, ``ranged``, ``powers``, ``keywords``, ``points``.
- ``field``: the battlefield (``geometry.Field`` as JSON: ``width``, ``height``, ``terrain`` [{id, kinds, name,
  shape, points, danger}], ``objectives`` [[x, y]], ``zones`` {seat: [[x, y]...]}).
- ``objectives``: [{"n", "x", "y", "controller"}] (controller a seat or None).
- ``hands``: {seat: {"vaala": [card ids], "command": [card ids]}} for the viewer's own seat; the other seat's
  hand is only counted ({"vaala": n, "command": n}); a spectator (``None``) gets counts for both.
- ``awaiting``: the seats the match waits for; ``pending``: the open decision (below) or None.
- ``last``: the events of the last action (what the image draws).
- ``round``, ``last_round``, ``phase`` (``deploy`` | ``battle`` | ``over``), ``active`` (seat), ``passed``
  ({seat: bool}), ``initiative`` (seat that won the round's initiative), ``vp`` ({seat: int}), ``scenario``,
  ``size``, ``pack_id``, ``pack_training`` (True: "training pack, unofficial"), ``seats``, ``sides``
  ({seat: "A" | "B"}), ``coverage`` (which powers and cards the engine automates), ``outcome``.

Actions (``legal_actions`` / ``apply``)
--------------------------------------
Turn actions (the active seat, phase ``battle``; §6.3, §7):

- ``{"type": "Pass"}``
- ``{"type": "March", "unit", "to": [x, y]}`` — up to Speed (§7.1, §8). ``legal_actions`` offers the named
  destinations of ``geometry.destinations`` (each also carries ``"dest": key`` and ``"params"``); ``apply`` also
  accepts any free point ``check_move`` allows (the table's ``/db do`` matches typed values to legal ones; a
  free coordinate is checked here). A reserve unit enters from round 2 by marching from its edge (§25.6).
- ``{"type": "Wait", "unit"}`` — a reserve unit activated in round 1 (only takes 1 fatigue, §25.6).
- ``{"type": "Attack", "unit", "target", "kind": "melee" | "ranged"}`` (§7.2); a flanked unit may add
  ``"split": {target: models}`` (§9).
- ``{"type": "Shoot", "unit", "to": [x, y]}`` — half-Speed move; then the decision ``ShootTarget`` (§7.4).
- ``{"type": "Charge", "unit", "target"}`` (§7.5).
- ``{"type": "ActivatePower", "unit", "power", "target"?}`` (§7.3, §15).
- ``{"type": "AbandonCommand", "unit"}`` — before activating a commanded unit: the Hero leaves (§19.2).
- ``{"type": "Dismount", "unit", "to": [x, y]}`` — before activating a mounted Hero (§20.2).
- ``{"type": "Deploy", "unit", "to": [x, y]}``, ``{"type": "Reserve"}`` — phase ``deploy`` (§25.6).

Decisions (``pending``; the seat in ``pending["seat"]``):

- ``OpportunityAttack {"unit"}`` / ``Decline`` — an engaged enemy leaves (§11.1), one by one.
- ``ShootTarget {"target"}`` / ``Decline`` — after a shooting move (§7.4).
- ``DangerTarget {"terrain", "unit"}`` — the initiative winner picks a victim per dangerous piece (§24.2).
- ``GiantTarget {"target"}`` — a defeated *Gigante* unit's owner picks an engaged enemy (§23.1).
- ``TakeCommand {"hero", "unit"}``, ``Mount {"hero", "mount"}``, ``ActivatePartner {"unit"}``, ``EndTurn`` —
  after an activation (§19.2, §20.1, §20.5).

Any time in the battle (either seat; logged; never passes the turn):

- ``PlayCard {"card", "unit"?, "target"?, "note"?}`` — a Vaala or Command card from one's hand (§16).
- ``UsePower {"unit", "power", "target"?, "note"?}`` — a reaction power (§11.2, §15).
- Referee actions (settle text the engine does not automate, like ``engine/underworlds/referee.py``):
  ``AdjustWounds {"unit", "delta", "reason"?}``, ``AdjustFatigue {"unit", "delta"}``,
  ``AdjustState {"unit", "state", "delta"}``, ``Heal {"unit", "wounds", "states": {state: n}}`` (§17),
  ``AdjustVP {"seat", "delta"}``, ``SetPosition {"unit", "to"}``, ``RefereeNote {"text"}``.

Refusals: ``IllegalAction(key, **params)`` (keys ``db.*`` in ``data/i18n/dragonbond.*.yaml``; a refused move
carries ``distance`` and ``allowance``) with the state unchanged; a malformed action ``InvalidInput``.

Events (``apply``'s second value; also ``state["last"]``)
---------------------------------------------------------
``Deployed {unit, x, y}``, ``Reserved {seat, units}``, ``Initiative {seat, rolls: {seat: [hits, crits]}}``,
``RoundStarted {round, active}``, ``Passed {seat}``, ``Activated {unit, fatigue}``,
``Poisoned {unit, part, dice, wounds}``, ``Moved {unit, kind: march|shoot|charge|enter|dismount|referee,
from, to, path, cost, allowance}``, ``MoveRefused {unit, to, distance, allowance, reason}`` (never stored: a
refused move raises), ``ChargeRoll {unit, target, hits, bonus, allowance}``, ``ChargeFailed {unit, target}``,
``Engaged {unit, target}``, ``Separated {unit, target}``, ``AttackRolled {unit, target, kind, models, dice,
colour, rolled_colour, upgrades, downgrades, hits, crits, faces, uncertain}``, ``DefenceRolled {unit, dice,
colour, rolled_colour, blocks}``, ``Wounded {unit, wounds, part}``, ``ModelsRemoved {unit, count, part,
left}``, ``Injured {unit}`` (Epic Creature flipped), ``MoraleTest {unit, reason, dice, colour, passed,
fled}``, ``UnitDestroyed {unit, by, points}``, ``VictoryPoints {seat, delta, reason, total}``,
``ObjectiveCaptured {n, seat}``, ``FatigueLost {unit, fatigue}``, ``StateRemoved {unit, state}``,
``CommandTaken {hero, unit}``, ``CommandLeft {hero, unit}``, ``Mounted {hero, mount}``, ``Dismounted {hero,
mount}``, ``PowerUsed {unit, power, automated, ultimate}``, ``CardPlayed {seat, card, kind, automated}``,
``RefereeAction {by, action, reason}``, ``Decision {seat, kind}``, ``GameOver {winner, reason, vp}``.
"""
