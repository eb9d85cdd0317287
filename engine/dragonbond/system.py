"""``DragonbondSystem``: the GameSystem of Dragonbond: Batallas de Valerna for two players (free measurement).

"§" is a section of the rules digest ``shared/rules/dragonbond.md``; "seed 003 l.N" a line of the Spanish
rulebook. Every measurement is :mod:`engine.dragonbond.geometry`'s; unit profiles come from a data pack
(``options["pack"]``, else the shipped training pack). States, actions and events are JSON dicts.

Options (``setup``)
-------------------
``pack`` (a pack document; default the training pack), ``forces`` ({seat: force id}), ``scenario``
(``pitched_battle`` | ``conquest`` | ``annihilation`` | ``quest``), ``size`` (50 | 100 | 150), ``monsters``
([monster ids]), ``rounds`` (default 4), ``layout`` (None, ``random`` or the players' own), ``deployment``
(``alternate``: players place their units in turn; ``auto``: the engine places them in their zones, for quick
games and tests), ``setup`` (``in_game``, the default: the players choose in the match whatever the options
leave open, see ``choices.py``; ``options``: the options decide, with defaults: forces the pack's first two,
``pitched_battle``, the forces' size; ``deployment: auto`` implies ``options``), ``objectives`` (``players``: they
place them in turn, the default with ``setup: in_game``; ``map``: the layout's own, the default otherwise).

Phase ``setup`` (``choices.py``; §25): ``ChooseScenario {"scenario", "monsters": [ids]}`` (the opposed roll's
winner), ``ChooseSize {"size"}`` (the same seat), ``ChooseForce {"force"}`` (both seats, secret until both chose),
``PlaceObjective {"to": [x, y], "dest"}`` (alternately from an opposed roll's winner, §26.1, ``objectives.py``),
``PlaceMonster {"monster", "objective"}`` (§27.2), ``ChooseEdge {"edge": "south" | "north"}`` (the deployment
roll's winner; ``south`` is y = 0). The view's ``setup`` says the step, who chooses and the forces offered
(``forces_offered``: id, name, faction, size, points, units); ``field`` is None until scenario and size are
known, ``units`` empty until both forces are. ``edges`` ({seat: "south" | "north"}) once chosen.

The view (``view(state, seat)``)
--------------------------------
The state's public fields, plus:

- ``units``: a list, one dict per unit, in id order: ``id`` (``A1``..), ``code`` (the same), ``name``,
  ``card`` (pack unit id), ``force_unit`` (the force list's id), ``side`` (seat), ``x``, ``y``, ``radius``
  (inches; ``x``/``y`` are None off the table), ``models``, ``model_points`` (each standing model's centre,
  [[x, y]...], empty off the table), ``fallen_points`` (models fallen whose choice is open: ``RemoveModel``'s
  index counts them after ``model_points``), ``base`` (a model's base, inches across), ``formation`` (``ranks`` |
  ``line``), ``engaged_models`` (indices into ``model_points`` of the engaged models, §4.4), ``health``,
  ``wounds``, ``fatigue``, ``states`` ({"poison": n, "slowed": n, "immobilized": n}), ``activated``
  (activations this round), ``engaged_with`` (unit ids), ``where`` (``battlefield`` | ``reserve`` |
  ``destroyed`` | ``mounted``), ``general``, ``exhausted``, ``fresh``, ``flanked``, ``hero`` (the commanding
  Hero's part: {"id", "name", "wounds", "health", "poison"} or None), ``rider`` / ``mounted_on`` (unit ids or
  None), ``bonded_with``, ``injured``, ``artifact``, ``treasures``, ``speed``, ``defence``, ``melee``, ``ranged``,
  ``powers``, ``keywords``, ``points``.
- ``field``: the battlefield (``geometry.Field`` as JSON: ``width``, ``height``, ``terrain`` [{id, kinds, name,
  shape, points, danger}], ``objectives`` [[x, y]], ``zones`` {seat: [[x, y]...]}).
- ``objectives``: [{"n", "x", "y", "controller"}] (controller a seat or None).
- ``hands``: {seat: {"vaala": [card ids], "command": [card ids]}} for the viewer's own seat; the other seat's
  hand is only counted ({"vaala": n, "command": n}); a spectator (``None``) gets counts for both.
- ``awaiting``: the seats the match waits for; ``pending``: the open decision (below) or None; a reaction window
  shows its ``offers`` (the holder's cards) to its holder only.
- ``last``: the events of the last action (what the image draws); one with ``visible_to`` only for those seats.
- ``spent``: {seat: [card ids]} the cards each seat has played (public once played).
- ``round``, ``last_round``, ``phase`` (``setup`` | ``deploy`` | ``battle`` | ``over``), ``active`` (seat), ``passed``
  ({seat: bool}), ``initiative`` (seat that won the round's initiative), ``vp`` ({seat: int}), ``scenario``,
  ``size``, ``pack_id``, ``pack_training`` (True: "training pack, unofficial"), ``seats``, ``sides``
  ({seat: "A" | "B"}), ``coverage`` (which powers and cards the engine automates), ``outcome``.

Actions (``legal_actions`` / ``apply``)
--------------------------------------
Turn actions (the active seat, phase ``battle``; §6.3, §7):

- ``{"type": "Pass"}``
- ``{"type": "March", "unit", "to": [x, y]}`` — up to Speed (§7.1, §8). ``legal_actions`` offers the named
  destinations of ``geometry.destinations``, each the exact point geometry checked, once per point (each also
  carries ``"dest": key`` and ``"params"``; with none, ``db.move.dest.stay``: holding its ground); a move of that
  shape must be one offered. ``apply`` also accepts a free point ``check_move`` allows in the shape of typed
  coordinates (only ``unit`` and ``to``: ``/db march unit:A2 to:24.5,10``). A reserve unit enters from round 2 by
  marching from its edge (§25.6; offered with ``from``, the edge point).
- ``{"type": "Wait", "unit"}`` — a reserve unit activated in round 1 (only takes 1 fatigue, §25.6); later, or in
  the Quest once its edge is rolled, a unit no entry is offered to.
- ``{"type": "Enter", "unit"}`` — the Quest (§26.2): a reserve unit about to enter; an opposed roll's winner
  picks its edge (decision ``ChooseEntryEdge {"edge": "south" | "north" | "west" | "east"}``, event
  ``EntryEdgeChosen {seat, unit, edge}``), then its owner must march it in from that edge (``March`` with
  ``from``) or, if none is offered, ``Wait``.
- ``{"type": "Attack", "unit", "target", "kind": "melee" | "ranged"}`` (§7.2); a flanked unit may add
  ``"split": {target: models}`` (§9).
- ``{"type": "Shoot", "unit", "to": [x, y]}`` — half-Speed move; then the decision ``ShootTarget`` (§7.4); offered
  like March, staying where it stands with ``"dest": "db.move.dest.stay"``.
- ``{"type": "Charge", "unit", "target"}`` (§7.5).
- ``{"type": "ActivatePower", "unit", "power", "target"?}`` (§7.3, §15).
- ``{"type": "AbandonCommand", "unit", "to": [x, y]}`` — before activating a commanded unit: the Hero leaves
  (§19.2), placed at an offered spot within 1".
- ``{"type": "Dismount", "unit", "to": [x, y]}`` — before activating a mounted Hero (§20.2), an offered spot.
- ``{"type": "Deploy", "unit", "to": [x, y], "dest": "db.deploy.slot", "formation": "ranks" | "line"}`` (an offered
  slot; without ``dest``, any point wholly in the zone, with ``formation`` ``ranks`` | ``line`` and ``facing``
  degrees if wanted: default ranks facing the enemy's edge), ``{"type": "Reserve"}`` — phase ``deploy`` (§25.6,
  §4.2).

Decisions (``pending``; the seat in ``pending["seat"]``):

- ``OpportunityAttack {"unit"}`` / ``Decline`` — an engaged enemy leaves (§11.1), one by one.
- ``ShootTarget {"target"}`` / ``Decline`` — after a shooting move (§7.4).
- ``DangerTarget {"terrain", "unit"}`` — the initiative winner picks a victim per dangerous piece (§24.2).
- ``GiantTarget {"target"}`` — a defeated *Gigante* unit's owner picks an engaged enemy (§23.1).
- ``TakeCommand {"hero", "unit"}``, ``Mount {"hero", "mount"}``, ``ActivatePartner {"unit"}``, ``EndTurn`` —
  after an activation (§19.2, §20.1, §20.5).

- ``RemoveModel {"unit", "model"}`` — a unit lost models and keeps some: its owner names which fell (an index into
  the unit's models, the fallen ones listed last; seed 003 l.760), one decision per fallen model, first thing after
  the action (``models.py``). Event ``ModelChosen {seat, unit, model}``.
- ``MonsterTarget {"unit"}`` — equal candidates for a behaviour card: the opposed roll's winner picks (§27.2).
- ``Bid {"monster", "bid"}`` — the auction of a Monster: both seats are awaited, bids secret until both bid.

Monsters (``monsters.py``, §27.2): units ``M1``.. with ``side`` ``"monster"`` (a player's seat while that
player controls it after an auction), in ``units`` like any other; the view's ``monsters`` gives each one's
card, trophy, cards left in its behaviour deck (a count), discards, controller and last winning bid. Events:
``MonsterPlaced {unit, objective, x, y, by}``, ``MonsterDiscarded {unit}``, ``BehaviourDrawn {unit, card, name,
reason: round_end|attacked}``, ``BehaviourShuffled {unit}``, ``MonsterTargetChosen {seat, unit, target}``, ``BehaviourSkipped {unit, card, action,
condition}``, ``MonsterActs {unit, card, action, kind, target, fatigue}``, ``NoTarget {unit}``,
``AuctionOpened {unit}``, ``BidPlaced {seat, unit}``, ``BidPlacedPrivately {seat, unit, bid, visible_to}``,
``BidsRevealed {unit, bids}``, ``AuctionTied {unit, bid}``, ``MonsterControlled {unit, seat, bid}``,
``MonsterFreed {unit, seat}``; ``VictoryPoints`` reasons ``trophy`` and ``auction``.

The Quest (``quest.py``, §26.2): ``TreasureFound {unit, n, treasure: major|minor, roll, x, y}``,
``TreasureScored {unit, treasures, vp}`` (the unit's ``where`` becomes ``home``), ``TreasureTaken``,
``TreasureDropped``; a March offered with ``"dest": "db.move.dest.home_edge"`` takes a carrier home; ``objectives``
(and ``field.objectives``) are the treasures still on the table, a dropped one with its ``treasure`` kind.

- ``PlayCard`` / ``UsePower`` (one of the window's ``offers``) or ``Decline`` — a reaction window
  (``pending["kind"] == "reaction"``, ``reactions.py``; §11, §16): a power or card whose pack entry has a
  structured trigger (``when``) is offered to its holder when that trigger happens: ``attack_declared``,
  ``ranged_attack_declared``, ``melee_attack_declared``, ``targeted``, ``charged`` (before the declared attack
  or charge is rolled; it goes on when the last window closes), ``wounded``, ``destroyed`` (once the action is
  over). A window for cards opens when its holder could hold one for the trigger (a card in hand of a kind it
  may play and such a card in the pack), so its opening tells nothing; it may then only ``Decline``.
  ``pending`` carries ``trigger``, ``unit`` (the unit concerned), ``by`` and ``offers``. Events:
  ``Decision {seat, kind: "reaction", trigger, unit}``, ``ReactionDeclined {seat, trigger, unit}``.

Any time in the battle while no decision is open (either seat; logged; never passes the turn):

- ``PlayCard {"card", "unit"?, "target"?, "note"?}`` — a Vaala or Command card from one's hand (§16) whose trigger
  only its text states (no ``when``).
- ``UsePower {"unit", "power", "target"?, "note"?}`` — a reaction power (§11.2, §15) without ``when``.
- Referee actions (settle text the engine does not automate, like ``engine/underworlds/referee.py``):
  ``AdjustWounds {"unit", "delta", "reason"?}``, ``AdjustFatigue {"unit", "delta"}``,
  ``AdjustState {"unit", "state", "delta"}``, ``Heal {"unit", "wounds", "states": {state: n}}`` (§17),
  ``AdjustVP {"seat", "delta"}``, ``SetPosition {"unit", "to"}``, ``RefereeNote {"text"}``.

Refusals: ``IllegalAction(key, **params)`` (keys ``db.*`` in ``data/i18n/dragonbond.*.yaml``; a refused move
carries ``distance`` and ``allowance``) with the state unchanged; a malformed action ``InvalidInput``.

Events (``apply``'s second value; also ``state["last"]``)
---------------------------------------------------------
``Deployed {unit, x, y}``, ``Reserved {seat, units}``, ``Initiative {seat, rolls: {seat: [hits, crits]}}``,
``OpposedRoll {reason, rolls, winner}``, ``SetupStep {step, seats}``, ``ScenarioChosen {seat, scenario,
monsters}``, ``SizeChosen {seat, size}``, ``ForceChosen {seat}``, ``ForceChosenPrivately {seat, force,
visible_to}``, ``ForcesRevealed {forces}``, ``EdgeChosen {seat, edge, edges}``, ``RoundStarted {round, active}``, ``Passed {seat}``, ``Activated {unit, fatigue}``,
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
from __future__ import annotations

import json
import math

from engine.core.errors import IllegalAction, InvalidInput
from engine.core.rng import Rng
from engine.core.system import JSON, Outcome, Sample, SystemInfo
from engine.dragonbond import practice
from engine.dragonbond import actions, choices, deploy, models, monsters, powers, reactions, referee, turns
from engine.dragonbond.samples import samples as _samples
from engine.dragonbond.board import measure  # noqa: F401 - part of the public API (``/db measure``)
from engine.dragonbond.setup import setup_state
from engine.dragonbond.state import Ctx, exhausted, flanked, fresh, fresh_copy, states_of

INFO = SystemInfo("dragonbond", "Dragonbond: Batallas de Valerna", ("player1", "player2"),
                  aliases=("db", "valerna"), summary="Free-measurement skirmish with dragons")
ANYTIME = ("PlayCard", "UsePower")
NAMES = ("unit", "target", "hero", "mount", "power", "card", "monster", "force", "scenario", "edge", "kind",
         "terrain", "seat", "state", "dest", "note", "reason", "text", "formation")
"""Action fields that name something (an id, a word) or say something: a string (or null) when present."""


class DragonbondSystem:
    """The rules as pure functions of a JSON state (see the module docstring for every shape)."""

    info = INFO
    samples: tuple[Sample, ...] = _samples()
    """The set-ups the shared conformance suite plays (``samples.py``)."""

    def redeal(self, state: JSON, seat: str, rng: Rng) -> JSON:
        """``state`` with ``seat``'s hidden information drawn again (a new dict): during the secret force choice,
        its chosen force among those it could choose (§25.2); in the battle, its Vaala and Command cards (chosen
        freely and secretly at list building, only their counts disclosed, §16.1, §25.2) among the pack's cards
        of each kind it does not hold publicly known to be spent, counts kept, and the cards offered in its open
        reaction windows with them (a Vaala card of a subtype only with a unit of that subtype, §16.1); a secret bid
        still hidden (§27.2) among the bids it could make."""
        st = fresh_copy(state)
        if st["phase"] == "setup":
            choices.redeal(st, seat, rng)
            return st
        if st["phase"] == "over" or seat not in st["hands"]:
            return st
        for kind in ("vaala", "command"):
            hand = st["hands"][seat][kind]
            pool = sorted(c for c in st["cards"][kind] if c not in st.get("spent", {}).get(seat, [])
                          and reactions.may_hold(st, seat, kind, c))
            new: list[str] = []
            for _ in range(min(len(hand), len(pool))):
                new.append(pool.pop(rng.randbelow(len(pool))))
            st["hands"][seat][kind] = sorted(new)
        reactions.redeal_windows(st, seat)
        monsters.redeal_bids(st, seat, rng)
        return st

    def setup(self, options: JSON, seats: tuple[str, ...], rng: Rng) -> JSON:
        """A match ready to deploy (or to play, with ``deployment: auto`` or the Quest).

        :raises InvalidInput: db.pack_invalid, db.unknown_value, db.unknown_force, db.no_forces, db.bad_size,
            db.force_too_big, db.unknown_scenario, db.terrain.bad_layout
        """
        state = setup_state(options, tuple(seats), rng)
        ctx = Ctx(state, rng)
        choices.advance(ctx)
        models.ask_owners(state)    # dangerous terrain at the first initiative may already have taken models
        state["last"] = ctx.events
        return state

    def legal_actions(self, state: JSON, seat: str) -> list[JSON]:
        if state["phase"] == "over" or seat not in state["seats"]:
            return []
        if state["phase"] == "setup":
            return choices.legal(state, seat)
        if state["pending_queue"]:
            if state["pending_queue"][0]["kind"] == "reaction":
                return reactions.legal(state, seat)
            if state["pending_queue"][0]["kind"] in monsters.DECISIONS:
                return monsters.legal(state, seat)
            return actions.legal_decision(state, seat)
        if state["phase"] == "deploy":
            return deploy.legal(state, seat)
        out = actions.legal_turn(state, seat) if state["active"] == seat else []
        return out + self._anytime(state, seat)

    @staticmethod
    def _anytime(state: JSON, seat: str) -> list[JSON]:
        """Cards in hand and reaction powers whose trigger only their text states (no structured ``when``): the
        player plays them when that happens and a referee action settles them (§11.2, §16). One with a
        structured trigger is offered in the window its trigger opens (``reactions.py``), never before."""
        return powers.anytime_offers(state, seat)

    def apply(self, state: JSON, seat: str, action: JSON, rng: Rng) -> tuple[JSON, list[JSON]]:
        """The new state and its events; refusals raise and leave ``state`` untouched.

        :raises IllegalAction: db.* (see ``data/i18n/dragonbond.en.yaml``)
        :raises InvalidInput: db.action.unknown, db.bad_point
        """
        if state["phase"] == "over":
            raise IllegalAction("db.over")
        if seat not in state["seats"]:
            raise IllegalAction("db.unknown_seat", seat=str(seat))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise InvalidInput("db.action.unknown", action=str(action))
        action = {k: v for k, v in action.items() if not (isinstance(k, str) and k.startswith("_"))}
        bad = [k for k in NAMES if k in action and action[k] is not None and not isinstance(action[k], str)]
        if bad:     # ids and words: a list or a number there is malformed, whatever the action
            raise InvalidInput("db.action.bad_field", field=bad[0], value=str(action[bad[0]])[:40])
        st = fresh_copy(state)
        ctx = Ctx(st, rng)
        kind = action["type"]
        window = st["pending_queue"][0]["kind"] == "reaction" if st["pending_queue"] else False
        if window and kind in ("PlayCard", "UsePower", "Decline"):
            self._answer_reaction(ctx, seat, action)
        elif st["phase"] == "setup" and kind not in referee.TYPES:
            choices.act(ctx, seat, action)
        elif kind in referee.TYPES:
            referee.apply_referee(ctx, seat, action)
        elif kind in ANYTIME:
            self._apply_anytime(ctx, seat, action)
        elif st["pending_queue"] and st["pending_queue"][0]["kind"] in monsters.DECISIONS:
            monsters.act(ctx, seat, action)
        elif st["pending_queue"]:
            actions.act_decision(ctx, seat, action)
        elif st["phase"] == "deploy":
            self._apply_deploy(ctx, seat, action)
        else:
            actions.act_turn(ctx, seat, action)
        if kind not in referee.TYPES:
            reactions.after_effects(ctx, list(ctx.events))
        models.ask_owners(st)
        st["last"] = [e for e in ctx.events]
        return st, ctx.events

    @staticmethod
    def _answer_reaction(ctx: Ctx, seat: str, action: JSON) -> None:
        """A reaction window answered; the last one before a declared attack or charge lets it go on (§11.2, §16).
        If the reactions took its unit or target off the table, that activation ends there (a ruling)."""
        resume = reactions.answer(ctx, seat, action)
        st = ctx.state
        if resume is None or st["phase"] != "battle":
            return
        if reactions.still_standing(st, resume):
            if resume.get("decision"):
                actions.act_decision(ctx, resume["seat"], resume["action"])
            else:
                actions.act_turn(ctx, resume["seat"], resume["action"])
        elif resume.get("decision"):
            shooter = st["pending_queue"].pop(0)["unit"]
            turns.end_activation(ctx, shooter)
        else:
            turns.end_turn(ctx)

    @staticmethod
    def _apply_anytime(ctx: Ctx, seat: str, action: JSON) -> None:
        st = ctx.state
        if st["phase"] != "battle":
            raise IllegalAction("db.referee.not_now", phase=st["phase"])
        if st["pending_queue"]:     # a decision is open: only its answers (one reaction per trigger, §11.2, §16)
            raise IllegalAction("db.decision.illegal", kind=st["pending_queue"][0]["kind"], action=action["type"])
        offered = powers.anytime_offers(st, seat)
        if action["type"] == "PlayCard" and {"type": "PlayCard", "card": action.get("card")} not in offered \
                or action["type"] == "UsePower" and \
                {"type": "UsePower", "unit": action.get("unit"), "power": action.get("power")} not in offered:
            raise IllegalAction("db.card.not_now", card=str(action.get("card") or action.get("power")))
        if action["type"] == "PlayCard":
            powers.play_card(ctx, seat, str(action.get("card")), action.get("unit"), action.get("target"),
                             action.get("note"))
            return
        u = st["units"].get(action.get("unit"))
        p = st["cards"]["powers"].get(action.get("power"))
        if u is None or u["side"] != seat or p is None or p["type"] != "reaction":
            raise IllegalAction("db.power.unknown", unit=str(action.get("unit")), power=str(action.get("power")))
        powers.use(ctx, u["id"], p["id"], action.get("target"), action.get("note"))
        turns.check_game_end(ctx)

    @staticmethod
    def _apply_deploy(ctx: Ctx, seat: str, action: JSON) -> None:
        if ctx.state["deploy"]["turn"] != seat:
            raise IllegalAction("db.not_your_turn", name=str(ctx.state["deploy"]["turn"]), step="deploy")
        if action["type"] == "Deploy":
            from engine.dragonbond.board import parse_point
            typed = not set(action) - {"type", "unit", "to", "formation", "facing"}
            if not typed and action not in deploy.legal(ctx.state, seat):
                raise IllegalAction("db.deploy.not_offered", unit=str(action.get("unit")))
            facing = action.get("facing")
            if facing is not None and (isinstance(facing, bool) or not isinstance(facing, (int, float))
                                       or not math.isfinite(facing)):
                raise InvalidInput("db.action.bad_field", field="facing", value=str(facing)[:40])
            deploy.deploy(ctx, seat, str(action.get("unit")), parse_point(action.get("to")),
                          action.get("formation"), facing)
        elif action["type"] == "Reserve":
            deploy.reserve(ctx, seat)
        else:
            raise IllegalAction("db.deploy.only", action=action["type"])

    def view(self, state: JSON, seat: str | None) -> JSON:
        """The public state, units as a list for the image, hands hidden but counted, ``awaiting``."""
        skip = {"units", "hands", "pending_queue", "cards", "setup", "monsters", "monster_attacked",
                "monster_resume"}
        out = {k: json.loads(json.dumps(v)) for k, v in state.items() if k not in skip}
        out["last"] = [e for e in out["last"] if "visible_to" not in e or seat in e["visible_to"]]
        out["units"] = [unit_view(state, u) for _, u in sorted(state["units"].items())]
        out["hands"] = {s: ({k: list(v) for k, v in h.items()} if s == seat else {k: len(v) for k, v in h.items()})
                        for s, h in state["hands"].items()}
        pending = state["pending_queue"][0] if state["pending_queue"] else None
        out["pending"] = json.loads(json.dumps(pending)) if pending else None
        if pending and pending["kind"] == "auction":     # secret bids: only who has bid (§27.2)
            out["pending"]["bids"] = {s: s in pending["bids"] for s in state["seats"]}
        if pending and pending["kind"] == "reaction" and pending["seat"] != seat:
            out["pending"].pop("offers", None)     # the cards in its holder's hand (§16.1)
        out["monsters"] = monsters.view(state)
        out["awaiting"] = awaiting(state)
        out["setup"] = choices.view(state, seat) if state["phase"] == "setup" else None
        return out

    practice_budgets = practice.BUDGETS

    def evaluate(self, state: JSON, seat: str) -> float:
        """The practice opponent's score of a position (``engine.core.practice.Evaluates``)."""
        return practice.evaluate(state, seat)

    def outcome(self, state: JSON) -> Outcome | None:
        return turns.outcome(state)


def awaiting(state: JSON) -> list[str]:
    if state["phase"] == "over":
        return []
    if state["phase"] == "setup":
        return choices.awaiting(state)
    if state["pending_queue"]:
        return monsters.awaiting(state)
    if state["phase"] == "deploy":
        return [state["deploy"]["turn"]] if state["deploy"]["turn"] else []
    return [state["active"]]


def unit_view(state: JSON, u: JSON) -> JSON:
    hero = state["units"][u["hero"]] if u.get("hero") else None
    on_table = u["where"] == "battlefield"
    return {
        "id": u["id"], "code": u["code"], "name": u["name"], "card": u["card"], "force_unit": u["force_unit"],
        "side": u["side"], "x": u["x"] if on_table else None, "y": u["y"] if on_table else None,
        "radius": u["radius"], "models": u["models"], "health": u["health"], "wounds": u["wounds"],
        "fatigue": u["fatigue"], "states": states_of(u), "activated": u["activated"],
        "engaged_with": list(u["engaged_with"]), "where": u["where"], "general": u["general"],
        "exhausted": exhausted(u), "fresh": fresh(u), "flanked": flanked(u),
        "hero": None if hero is None else {"id": hero["id"], "name": hero["name"], "wounds": hero["wounds"],
                                           "health": hero["health"], "poison": hero["poison"]},
        "rider": u.get("rider"), "mounted_on": u.get("mounted_on"), "commanding": u.get("commanding"),
        "bonded_with": u.get("bonded_with"), "injured": u["injured"], "artifact": u["artifact"],
        "treasures": list(u["treasures"]), "speed": u["speed"], "defence": u["defence"], "melee": u["melee"],
        "ranged": u["ranged"], "powers": list(u["powers"]), "keywords": list(u["keywords"]), "points": u["points"],
        "base": round(models.base_inches(u), 2), "formation": u.get("formation_kind", "ranks"),
        "model_points": [[round(x, 2), round(y, 2)] for x, y in models.points(u)] if on_table else [],
        "fallen_points": [[round(x, 2), round(y, 2)] for x, y in models.fallen_points(u)] if on_table else [],
        "engaged_models": models.engaged_models(state, u) if on_table and u["engaged_with"] else [],
    }
