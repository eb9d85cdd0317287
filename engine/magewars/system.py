"""Mage Wars Arena as a GameSystem: setup, legal actions, apply, view, outcome.

Options (``setup``): ``mode`` ("apprentice", default, 2 × 3 arena, apprentice mages and books; or "full",
4 × 3, the four mages and starter books), ``mages`` {seat: "beastmaster"|"priestess"|"warlock"|"wizard"}
(default Warlock vs Beastmaster, the rulebook's first match, §3.2), ``books`` {seat: shipped book id or
{card: copies}} (checked by §15: ``mw.book.invalid``). When the options fix none of ``mode``, ``mages`` and
``books`` (a match opened at the table), the match begins in phase "choosing" (``choices.py``): ``ChooseMode``
{mode} by the first seat, then ``ChooseMage`` {mage, book} by both, secret until both chose (events ModeChosen,
MageDecided, MageDecidedPrivately (private), MagesRevealed); ``options["pack"]``'s spellbooks are offered.
``options["pack"]`` (a data pack document, engine/magewars/pack.py): its spell cards count in the books beside the
shipped ones and play in the duel; the state keeps those its books hold (``pack_cards``: {key, cards}), and
``setup``, ``legal_actions``, ``apply`` and ``view`` lay them over the shipped cards while they run (cards.py).
A view holds only the pack cards its viewer may know of (in play, discarded, in the viewer's own book).

View (``view(state, seat)``): the state with hidden information removed, plus ``awaiting``:
``mode, size, seats, round, phase, step, initiative, turn, activation, objects, discard, used, winner, over,
reason, mages, barriers, pending, cards, awaiting`` (seats the match waits for), ``book_counts`` {seat: cards
left}, ``books`` (only the viewer's own), ``planned`` (the viewer's own list; the other's: a count),
``assigned`` (own: {oid: spell}; other's: [oid, ...]), ``drafts`` (the viewer's own planning draft so far, planning.py). A
face-down enchantment of another controller shows ``card: None``; an item's spellbound spell (``bound``) of
another owner shows None until first cast. Spectators (``None``) see every hidden thing as the opponent does.
Objects may carry ``traits`` (granted: Pet, auras, "until the end of the round"), ``bound``, ``siphon``,
``summoned_round`` and ``counters`` (bond, wrath, knockdown, armor_tokens...).

Actions (``{"type": ...}``):
- ``ChooseInitiative`` {holder}: before round 1, the high roller of the d12 roll-off chooses who takes the
  initiative token (seed 001 l.261; step ``initiative``, awaiting the roller).
- ``UpkeepOrder`` {object, regenerate: "first"|"last"}: in Upkeep, a creature that regenerates and also takes
  Upkeep damage (Burn, Rot...) has its effects resolved in its controller's order (seed 001 l.275).
- ``Upkeep`` {pay: [oid, ...]}: pay these upkeep costs (the rest are destroyed; a mage's oid: Voltaric Shield).
- ``PlanSpell`` {spell|None}: in Planning, one of the (up to 2) spells the mage prepares, chosen one at a time
  among those it could cast this round (secret), or None to stop there (planning.py).
- ``Assign`` {caster, spell|None}: in Planning, after the mage's spells, the spell given to one familiar or
  spawnpoint (secret; only spells its card allows, ``familiars.py``); one caster at a time.
- ``Prepare`` {spells: [name, name?], assign: {oid: name}}: the secret plan (§4 P5), exactly as drafted by
  ``PlanSpell`` and ``Assign`` (the one choice offered once the draft is complete).
- ``Cast`` {caster, spell, target?|zone?|border?|card?, ...}: cast a spell (§9.2); in a quickcast window or
  before/after one's own creature's turn it uses the quickcast action. Optional fields, each offered by
  ``legal_actions`` where the card allows it: ``x``; ``bond`` (the summoned animal becomes the Pet / demon the
  Bloodreaper, §14); ``direction``, ``extra`` (Force Push); ``equipment`` (Dissolve, Explode); ``extend`` (a
  second wall, §9.6); ``bind`` (Spellbind: the spell bound to the cast item, §9.9); ``from`` (an item: its bound
  spell, or its own quick spell when ``spell`` is the item's name: Staff of Beasts with ``mode`` "melee" |
  "heal", Crown of Protection); ``mage`` (Mana Siphon); ``new`` (Shift / Steal Enchantment: the new host, or
  ``zone``); ``card`` (Resurrection: the discarded creature); ``conditions`` (and ``enchantments``: Purify;
  Lay Hands; Restore, with ``all`` for its full-action version). Pseudo-spells: ``"Restore"`` (Priestess),
  ``"Arcane Zap"`` (Wizard), ``"Rebind"`` {from, bind} (change a wand's bound spell, 3 mana).
- ``EndDeployment``, ``Skip`` (close one's part of a quickcast window), ``Pass`` (§5.3), ``Activate``
  {creature, pay?} (``pay``: Blue Gremlin's / Necropian Vampiress' 1 mana), ``Move`` {to, climb?} (``climb``:
  Climbing over a barrier, a full action), ``Attack`` {attack: index, target}, ``Guard``, ``EndTurn``,
  ``UseAbility`` {ability, target} (a creature's heal bar, Huginn's Raven's Eye, a cleric tending the Temple of
  Asyra; or {ability: "Hand of Bim-Shalla", source, target, mode: "armor"|"melee"|"heal"} outside a turn).
- ``Reveal`` {enchantment}: reveal a face-down enchantment one controls, paying its reveal cost (free action).
- ``Push`` {object, direction}: the pusher's choice of direction when more than one leads away (§7.6); while
  ``pending`` (a list of ``{type: "push", seat, object, directions}`` or ``{type: "teleport", seat, object,
  zones}``) is not empty only its first seat acts.
- ``Teleport`` {object, zone}: the destination of a teleport its controller chooses (Teleport Trap; Divine
  Intervention, where zone None stays).
- ``Chain`` {target|None}: Chain Lightning's next target, or None to stop (pending ``{type: "chain", seat,
  caster, hit, targets}``).
- ``Defend`` {defense: index|None, block?: bool}: the attacked object's controller chooses its defense in the
  avoid step, and whether to pay a hidden Block (pending ``{type: "defend", seat, by, object, strike,
  defenses, private: {block}}``); ``Counterstrike`` {attack: index|None}: the defender's counterstrike after a
  melee attack, or none (pending ``{type: "counterstrike", seat, object, attacks}``); ``Counter`` {enchantment,
  pay}: a face-down Nullify or Reverse Magic revealed in the Counter step, or a trap sprung, paid or not;
  ``Skip``: let a reveal window pass (pending ``{type: "window", seat, by, object, timing:
  "attack"|"spell"|"trap"|"strike"|"move", private: {counters}}``); each question also holds ``by`` and
  ``declared`` (what the action announced). Asked inside an Attack, a Cast, a Move, a Push or a Teleport
  (windows.py; option ``windows`` False: nobody is asked, the old defaults stand). Events ResponseAsked,
  ResponseGiven, ActionCancelled.
- ``Concede`` (accepted for old logs, no longer offered: a concession is the table's, as in every game); referee actions (referee.py): ``Adjust`` {object, field, value}, ``Note`` {text}.

Events: InitiativeRolled, InitiativeChosen, RoundStarted, UpkeepOrdered, Channeled, UpkeepPaid, PlanningStarted, SpellsPrepared (private),
SpellPlanned (private), PlanningChoice, SpellAssigned (private), CasterAssigned, PlansRevealed, ActionPhaseStarted, CreatureActivated, ActivationPaid,
Moved, Hindered, MoveStopped, Pushed, PushIgnored, PushChoice, TeleportChoice, ChainChoice, Collided, Teleported,
GuardPlaced, SpellCast, QuickcastUsed, EnchantmentCast (private), EnchantmentPlaced, EnchantmentRevealed,
EnchantmentMoved, EnchantmentLookedAt, EnchantmentSeen (private), SpellBound (private), SpellRebound,
SpellCountered, SpellNeedsReferee, SpellHadNoEffect, CreatureSummoned, CreatureReadied, PetChosen,
BloodreaperChosen, ConjurationCreated, EquipmentAttached, EquipmentReturned, ObjectDestroyed, CurseReturned,
TraitsGained, NextAttackGains, BattleFury, AttackDiceGained, HelmOfFearRolled, DamagePrevented, LifeGained,
ManaGained, ManaDrained, ManaPlaced, WrathToken, DiceRolled, ActionTurnEnded, Passed, QuickcastSkipped,
RoundEnded, MageDestroyed, GameOver, Conceded, RefereeAdjusted, RefereeNote; and the combat module's events
(AttackRolled, DamageDealt, HealRolled, ...). An event with ``visible_to`` is shown only to those seats.
"""
from __future__ import annotations

import copy
import functools
import itertools
from typing import Any, Callable, TypeVar

from engine.core.errors import IllegalAction, InvalidInput
from engine.core.system import JSON, Outcome, Sample, SystemInfo
from engine.magewars import practice
from engine.magewars import abilities, arena, auras, casting, choices, effects, familiars, mages, movement, referee, spellbooks
from engine.magewars import planning, secrets, windows
from engine.magewars import round as rounds
from engine.magewars.cards import card, has_card, match_pack, number, pack_of, shown_pack, with_pack
from engine.magewars.state import barriers, clone, other, zone_of

SEATS = ("player1", "player2")
PACIFY_COST = 2
"""Pacify and Suppression Cloak: 2 mana in the Declare Attack step (their card texts)."""


LOOK = "may look at a target hidden enchantment"
"""An ability bar's note: look at a hidden enchantment (Huginn's Raven's Eye, §6; seed 001 l.445)."""


def t_seat(state: JSON, oid: str) -> str:
    return state["objects"][oid]["controller"]
ALWAYS = ("Concede", "Reveal", "Adjust", "Note")
"""Actions a seat may send even when the match is not waiting for it."""


def _mage_card(mage_id: str, mode: str, st: JSON) -> JSON:
    """The mage's stats in the card data's shape, kept in ``state["cards"]`` for the combat module."""
    bars = [{"name": b["name"], "action": "Quick", "range_type": "Melee", "range": [0, 0], "damage_type": None,
             "dice": b["dice"], "effect_table": [], "traits": [], "notes": []}
            for b in st["attacks"] if b["range_type"] == "melee"]
    return {"name": mages.MAGES[mage_id]["card"] + (" (Apprentice)" if mode == "apprentice" else ""),
            "type": "Creature", "subtypes": ["Mage"], "levels": [mages.MAGE_LEVEL], "schools": [],
            "traits": st["traits"], "stats": {"life": st["life"], "armor": st["armor"],
                                              "channeling": st["channeling"]}, "attacks": bars, "text": ""}


ZAP_CARD = {"name": "Arcane Zap", "type": "Attack", "action": "Quick", "range": [0, 1], "schools": ["Arcane"],
            "levels": [1], "traits": [], "subtypes": [], "stats": {}, "text": "",
            "attacks": [{"name": "Arcane Zap", "action": "Quick", "range_type": "Ranged", "range": [0, 1],
                         "damage_type": None, "dice": 3, "effect_table": [], "traits": [{"trait": "Ethereal"}],
                         "notes": []}]}


SAMPLE_PACK_CARD = {"id": "league-imp", "name": "League Imp", "type": "creature", "subtypes": ["Imp"],
                    "schools": [{"school": "arcane", "level": 1}], "cost": 5, "casting_speed": "full",
                    "range": {"min": 0, "max": 0}, "target": "Zone", "life": 4, "armor": 0,
                    "attacks": [{"name": "Claw", "speed": "quick", "range_type": "melee", "dice": 3}]}
"""A pack's own creature (tests' League Imp) for the conformance sample of a built book with pack cards."""
SAMPLE_PACK = {"schema_version": 1, "game": "magewars", "id": "imps", "name": "Imps", "version": "1",
               "author": "conformance", "provenance": "our own house cards",
               "entries": {"cards": [SAMPLE_PACK_CARD]}}


def _built_book() -> dict[str, int]:
    """The Wizard's starter book with a Mana Leech traded for the pack's League Imp (a built book, §15)."""
    book = spellbooks.contents("starter-wizard")
    book["Mana Leech"] -= 1
    return {**book, "League Imp": 1}


SAMPLES = (
    Sample("apprentice", {"mode": "apprentice"}, 2, 4000),
    Sample("apprentice-no-windows", {"mode": "apprentice", "windows": False}, 2, 4000),
    Sample("apprentice-wizard-priestess", {"mode": "apprentice", "mages": {"player1": "wizard",
                                                                           "player2": "priestess"}}, 2, 4000),
    *(Sample(f"full-{a}-{b}", {"mode": "full", "mages": {"player1": a, "player2": b}}, 2, 10000)
      for a, b in (("wizard", "priestess"), ("warlock", "beastmaster"))),
    *(Sample(f"full-{a}-{b}-no-windows", {"mode": "full", "mages": {"player1": a, "player2": b}, "windows": False},
             2, 10000) for a, b in (("priestess", "warlock"), ("beastmaster", "wizard"))),
    Sample("full-built-book-pack", {"mode": "full", "mages": {"player1": "wizard", "player2": "priestess"},
                                    "books": {"player1": _built_book()}, "pack": SAMPLE_PACK}, 2, 10000),
    Sample("chosen-at-the-table", {"pack": SAMPLE_PACK}, 2, 10000),
)
"""The conformance suite's set-ups (engine/core/system.py ``Sample``): apprentice and full duels, windows on and
off, each mage on each side, a built book with a pack's card, and a match whose players choose mode, mages and
books (``choices.py``). Bounds: random play of a full duel ends within a few thousand actions."""


Method = TypeVar("Method", bound=Callable[..., Any])


def _round_limit(options: JSON) -> int:
    """The duel's round limit (``rounds``, 1 to 999; round.ROUND_LIMIT when not given)."""
    limit = options.get("rounds", rounds.ROUND_LIMIT)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 999:
        raise InvalidInput("mw.setup.bad_rounds", rounds=str(limit))
    return limit


def _with_match_pack(method: Method) -> Method:
    """Run an entry point with the match's pack cards laid over the shipped ones (cards.py), when it has any."""
    @functools.wraps(method)
    def run(self: Any, state: JSON, *args: Any) -> Any:
        if not state.get("pack_cards"):
            return method(self, state, *args)
        with with_pack(pack_of(state)):
            return method(self, state, *args)
    return run  # type: ignore[return-value]


class MageWars:
    """The rules, as pure functions of a JSON state."""

    info = SystemInfo("magewars", "Mage Wars Arena", SEATS, aliases=("mw", "mage wars"),
                      summary="Duel of mages in a zoned arena")

    samples = SAMPLES

    def redeal(self, state: JSON, seat: str, rng: Any) -> JSON:
        """``seat``'s hidden things drawn again (secrets.py): its book, plans, face-down enchantments' identities
        and bound spells, everything public unchanged; a new state."""
        if not state.get("pack_cards"):
            return secrets.redeal(state, seat, rng)
        with with_pack(pack_of(state)):
            return secrets.redeal(state, seat, rng)

    # ---- setup ---------------------------------------------------------------------------------------------

    def setup(self, options: JSON, seats: tuple[str, ...], rng: Any) -> JSON:
        if choices.needed(options):  # a match opened at the table: the players choose first (choices.py)
            return choices.start(options, seats)
        return self._begin(options, seats, rng)

    def _begin(self, options: JSON, seats: tuple[str, ...], rng: Any) -> JSON:
        mode = options.get("mode", "apprentice")
        if mode not in ("apprentice", "full"):
            raise InvalidInput("mw.setup.bad_mode", mode=str(mode))
        chosen = {seats[0]: "warlock", seats[1]: "beastmaster", **(options.get("mages") or {})}
        extra = choices.pack_cards(options)  # the pack's cards count in the books and play in the duel
        size = arena.APPRENTICE if mode == "apprentice" else arena.FULL
        state: JSON = {"mode": mode, "size": list(size), "seats": list(seats), "round": 1, "phase": "preparation",
                       "step": "start", "initiative": seats[0], "turn": seats[0], "activation": None,
                       "objects": {}, "next_id": 1, "books": {}, "planned": {}, "assigned": {},
                       "planning_done": [], "discard": {}, "mages": {}, "passes": {}, "used": {},
                       "window_done": [], "upkeep_due": {}, "upkeep_done": [], "barriers": {},
                       "cards": {"Arcane Zap": ZAP_CARD, movement.COLLISION: movement.COLLISION_CARD},
                       "winner": None, "over": False, "reason": "", "log": [],
                       "windows": bool(options.get("windows", True)),
                       "round_limit": _round_limit(options), "damage_taken": {s: 0 for s in seats}}
        doors = arena.start_zones(size)
        from engine.magewars.state import new_object
        for seat, door in zip(seats, doors):
            mage_id = mages.check_mage(chosen[seat])
            st = mages.stats(mage_id, mode)
            mc = _mage_card(mage_id, mode, st)
            state["cards"][mc["name"]] = mc
            school = mages.check_school(mage_id, (options.get("schools") or {}).get(seat)) \
                if mages.chooses_school(mage_id, mode) else None
            obj = new_object(state, mc["name"], "mage", seat, zone=door, mana=mages.STARTING_MANA, ready=True,
                             quickcast=True, mage=mage_id, stats=st, **({"school": school} if school else {}))
            state["mages"][seat] = obj["id"]
            book = (options.get("books") or {}).get(seat) or spellbooks.default_book(mage_id, mode)
            contents = spellbooks.contents(book) if isinstance(book, str) else dict(book)
            problems = spellbooks.problems(contents, mage_id, mode="apprentice" if isinstance(book, str)
                                           and book.startswith("apprentice") else "full", cards=extra,
                                           school=school)
            if problems:
                raise spellbooks.refusal(problems, seat)
            state["books"][seat] = contents
            for key in ("planned", "discard"):
                state[key][seat] = []
            state["assigned"][seat] = {}
            state["passes"][seat] = 0
            state["used"][seat] = []
        kept = match_pack(extra, state["books"])
        if kept:
            state["pack_cards"] = kept
        with with_pack(pack_of(state)):
            roller, events = rounds.roll_off(rng, list(seats))
            state["setup_events"] = events  # the high roller now chooses who takes the initiative (seed l.261)
            state.update(initiative=roller, turn=roller, roller=roller, step="initiative")
        return state

    # ---- legal actions -------------------------------------------------------------------------------------

    def awaiting(self, state: JSON) -> list[str]:
        if state["over"]:
            return []
        if state["phase"] == "choosing":
            return choices.awaiting(state)
        if state.get("pending"):
            return [state["pending"][0]["seat"]]
        if state["step"] == "initiative":
            return [state["roller"]]
        if state["step"] == "upkeep":
            return [s for s in state["seats"] if s not in state["upkeep_done"]]
        if state["step"] == "plan":
            return [s for s in state["seats"] if s not in state["planning_done"]]
        return [state["turn"]]

    @_with_match_pack
    def legal_actions(self, state: JSON, seat: str) -> list[JSON]:
        if state["over"]:
            return []
        if state["phase"] == "choosing":
            return choices.legal(state, seat)
        out: list[JSON] = []
        from engine.magewars import stats
        if seat in self.awaiting(state):
            with stats.memo(state):  # listing only reads the state: each object's traits worked out once
                out += self._decisions(state, seat)
        answering = windows.answered_by(windows.asking(state), seat)
        out += [{"type": "Reveal", "enchantment": o["id"]} for o in self._hidden_of(state, seat)
                if self._reveal_cost(state, o) <= self._mage(state, seat)["mana"] and o["id"] not in answering]
        # a concession is the table's (every game's /match concede); ``apply`` still takes ``Concede`` (old logs)
        return out

    def _mage(self, state: JSON, seat: str) -> JSON:
        return state["objects"][state["mages"][seat]]

    def _hidden_of(self, state: JSON, seat: str) -> list[JSON]:
        return [o for o in state["objects"].values() if o["kind"] == "enchantment" and o["face_down"]
                and o["controller"] == seat and has_card(o["card"])]

    def _reveal_cost(self, state: JSON, ench: JSON) -> int:
        """Reveal cost plus Magebind +X when on a mage (§9.7)."""
        c = card(ench["card"])
        host = state["objects"].get(ench.get("attached_to") or "")
        magebind = next((int(t.split("+")[1]) for t in c.traits if t.startswith("Magebind +")
                         and t.split("+")[1].strip().isdigit()), 0)
        cost = number(c.reveal_cost) + (magebind if host and host["kind"] == "mage" else 0)
        return max(0, cost - effects.discount(state, state["mages"][ench["controller"]], c, reveal=True)[0])

    def _decisions(self, state: JSON, seat: str) -> list[JSON]:
        if state.get("pending"):
            choice = state["pending"][0]
            if choice["type"] in windows.KINDS:
                return windows.offered(state, choice)
            if choice["type"] == "teleport":
                return [{"type": "Teleport", "object": choice["object"], "zone": z} for z in choice["zones"]]
            if choice["type"] == "chain":
                return [{"type": "Chain", "target": t} for t in choice["targets"]]
            return [{"type": "Push", "object": choice["object"], "direction": d} for d in choice["directions"]]
        step = state["step"]
        if step == "initiative":  # the high roller decides who takes it (seed 001 l.261)
            return [{"type": "ChooseInitiative", "holder": s} for s in (seat, other(state, seat))]
        if step == "upkeep" and state.get("upkeep_order", {}).get(seat):  # the order of its effects (l.275)
            oid = state["upkeep_order"][seat][0]
            return [{"type": "UpkeepOrder", "object": oid, "regenerate": when} for when in ("first", "last")]
        if step == "upkeep":
            due = [c["object"] for c in state["upkeep_due"][seat]]
            return [{"type": "Upkeep", "pay": list(p)} for n in range(len(due), -1, -1)
                    for p in itertools.combinations(due, n)]
        if step == "plan":
            return self._plans(state, seat)
        if step == "deploy":
            casts = [a for oid in rounds._spawn_spells(state, seat) for a in casting.castable(state, oid, "full")]
            return casts + [{"type": "EndDeployment"}]
        mage = self._mage(state, seat)
        quick = [a for a in casting.castable(state, mage["id"], "quick") if not self._is_attack_spell(a)
                 or not self._incapacitated(mage)] if mage["quickcast"] else []
        if step in ("quickcast_first", "quickcast_final", "after_turn"):
            bim = effects.bim_shalla_actions(state, seat) if step == "after_turn" else []
            return quick + bim + [{"type": "Skip"}]
        if step == "turn":
            acts = [{"type": "Activate", "creature": o["id"]} for o in sorted(
                state["objects"].values(), key=lambda o: o["order"])
                if o["controller"] == seat and o["kind"] in ("mage", "creature") and o["ready"]]
            acts += [{**a, "pay": True} for a in acts if effects.pays_on_activation(state, a["creature"])
                     and mage["mana"] >= effects.ACTIVATION_COST]
            return quick + acts + effects.bim_shalla_actions(state, seat) + \
                ([{"type": "Pass"}] if rounds.may_pass(state, seat) else [])
        if step == "activation":
            acts = self._activation_actions(state, seat)
            if (state["activation"] or {}).get("fury"):  # Battle Fury's extra quick melee attack, or stop
                from engine.magewars import stats
                bars = stats.attacks(state, state["activation"]["object"])
                acts = [a for a in acts if a["type"] == "Attack" and bars[a["attack"]]["range_type"] == "melee"
                        and bars[a["attack"]].get("action") == "quick"]
            forced = self._bloodthirsty(state, acts)
            return forced or acts + [{"type": "EndTurn"}]
        return []

    def _incapacitated(self, obj: JSON) -> bool:
        from engine.magewars import conditions
        return conditions.incapacitated(obj)

    def _is_attack_spell(self, action: JSON) -> bool:
        return action["spell"] == "Arcane Zap" or (has_card(action["spell"]) and str(card(action["spell"]).type)
                                                   == "attack")

    def _plans(self, state: JSON, seat: str) -> list[JSON]:
        """Planning (§4 P5) one choice at a time (planning.py): the first spell, the second, each familiar's and
        spawnpoint's, then the plan as drafted; only spells the caster could cast this round."""
        return planning.offered(state, seat, rounds.casters_of(state, seat))

    def _activation_actions(self, state: JSON, seat: str) -> list[JSON]:
        """A creature's options (§6): move then a quick action, or a full action; Fast and Slow (§7.1)."""
        from engine.magewars import conditions, stats
        act = state["activation"]
        oid = act["object"]
        obj = state["objects"].get(oid)
        if obj is None or act["quick"] or act["full"]:
            return []
        t = stats.traits(state, oid)
        fast, slow = self._pace(state, oid)
        out: list[JSON] = []
        moves_allowed = 1 if slow else 2  # §7.1: two moves (the second as the quick action; Fast: two move actions)
        if obj["kind"] in ("mage", "creature") and not self._incapacitated(obj) and not conditions.restrained(obj) \
                and not act["hindered"] and act["moved"] < moves_allowed:
            if effects.teleport_moves(state, oid):  # Blue Gremlin: each move is a teleport to the next zone
                out += [{"type": "Move", "to": z} for z in arena.adjacent(obj["zone"], tuple(state["size"]))]
            else:
                out += [{"type": "Move", "to": z} for z in movement.move_destinations(state, oid)
                        if not act["moved"] or not movement.full_action_crossing(state, oid, z)]
                if not act["moved"] and t.has("Climbing"):  # §7.5: a full action over a corporeal barrier
                    out += [{"type": "Move", "to": z, "climb": True} for z in movement.climbable(state, oid)]
        incapacitated = self._incapacitated(obj)
        if not incapacitated:
            out.append({"type": "Guard"})
            out += self._attacks(state, oid, full=not act["moved"])
            out += self._heal_abilities(state, oid, full=not act["moved"])
            if not act["moved"]:
                out += effects.temple_actions(state, oid)
        speeds = ["quick"] + ([] if act["moved"] else ["full"])
        if obj["kind"] == "mage" or oid in state["assigned"][seat]:
            seen = []
            for speed in speeds:
                for a in casting.castable(state, oid, speed):
                    if a not in seen and not (incapacitated and (speed == "full" or self._is_attack_spell(a))):
                        seen.append(a)
            out += seen
        return out

    def _bloodthirsty(self, state: JSON, acts: list[JSON]) -> list[JSON]:
        """Bloodthirsty (§13): with a wounded living enemy creature in its zone, the creature must melee-attack one
        of them if able: then those attacks are its only choices."""
        from engine.magewars import stats
        oid = state["activation"]["object"] if state["activation"] else None
        if oid not in state["objects"] or not stats.traits(state, oid).has("Bloodthirsty"):
            return []
        bars = stats.attacks(state, oid)

        def wounded(t: str) -> bool:
            o = state["objects"][t]
            return o["kind"] in ("creature", "mage") and stats.living(state, t) and stats.damage(o) > 0 \
                and o["controller"] != state["objects"][oid]["controller"]
        return [a for a in acts if a["type"] == "Attack" and bars[a["attack"]]["range_type"] == "melee"
                and wounded(a["target"])]

    def _heal_abilities(self, state: JSON, oid: str, *, full: bool) -> list[JSON]:
        """Heal ability bars (§10.11; Asyran Cleric's Healing Light, Gray Angel's Redeeming Sacrifice): a quick or
        full action healing a Living creature in range and LoS ("in the arena": any), ``UseAbility``."""
        from engine.magewars import stats
        if not has_card(state["objects"][oid]["card"]):
            return []
        out = []
        for bar in card(state["objects"][oid]["card"]).attacks:
            if (str(bar.speed) == "full" and not full) or isinstance(bar.range, str):
                continue
            here = state["objects"][oid]["zone"]
            if any(LOOK in n for n in bar.notes):  # Huginn's Raven's Eye: look at a hidden enchantment
                out += [{"type": "UseAbility", "ability": bar.name, "target": o["id"]}
                        for o in sorted(state["objects"].values(), key=lambda o: o["order"])
                        if o["kind"] == "enchantment" and o["face_down"] and o["controller"] != t_seat(state, oid)
                        and (bar.range is None or arena.in_range(here, zone_of(state, o["id"]), bar.range.min,
                                                                 bar.range.max))
                        and casting._sees(state, oid, zone_of(state, o["id"]))]
                continue
            if not any(t.trait == "Heal" for t in bar.traits):
                continue
            for t in sorted(state["objects"].values(), key=lambda o: o["order"]):
                if t["kind"] not in ("creature", "mage") or not t.get("zone") or not stats.living(state, t["id"]):
                    continue
                reach = None if isinstance(bar.range, str) else bar.range  # no range printed: the arena
                if reach is None or (arena.in_range(here, t["zone"], reach.min, reach.max)
                                     and casting._sees(state, oid, t["zone"])):
                    out.append({"type": "UseAbility", "ability": bar.name, "target": t["id"]})
        return out

    def _use_ability(self, state: JSON, oid: str, action: JSON, rng: Any) -> list[JSON]:
        """Roll the heal bar's dice and heal the target; "Then, destroy <this>" in its notes destroys it."""
        from engine.magewars import combat
        if action["ability"] == effects.TEMPLE:  # a cleric's full action (Temple of Asyra)
            state["activation"]["full"] = True
            return effects.tend_temple(state, action["target"])
        bar = next(b for b in card(state["objects"][oid]["card"]).attacks if b.name == action["ability"])
        state["activation"]["full" if str(bar.speed) == "full" else "quick"] = True
        if any(LOOK in n for n in bar.notes):
            seen = state["objects"][action["target"]]
            return [{"type": "EnchantmentLookedAt", "object": seen["id"], "by": oid},
                    {"type": "EnchantmentSeen", "object": seen["id"], "card": seen["card"],
                     "visible_to": [t_seat(state, oid)]}]
        events = casting.combat_heal(state, action["target"], int(bar.dice or 0), rng, combat)
        if any("Then, destroy" in n for n in bar.notes):
            from engine.magewars.state import destroy
            destroy(state, oid, events, cause="ability")
        return events

    def _attacks(self, state: JSON, oid: str, *, full: bool) -> list[JSON]:
        from engine.magewars import combat, stats
        out = []
        for bar in stats.attacks(state, oid):
            if (bar.get("action") == "full" and not full) or bar.get("dice") is None:
                continue  # no dice printed: an ability, not an attack (Huginn's Raven's Eye, _heal_abilities)
            for target in sorted(state["objects"], key=lambda k: state["objects"][k]["order"]):
                # §10.1: any object with a life value, friendly or enemy: creatures, mages, conjurations, barriers
                # (§9.6 "Attacking barriers") and conjurations attached to an object (Tanglevine)
                t = state["objects"][target]
                if target == oid or t["kind"] not in ("creature", "mage", "conjuration"):
                    continue
                where = t.get("border") or zone_of(state, target)
                if not where:
                    continue
                if bar["range_type"] == "ranged" and (not casting._sees(state, oid, where, border=bool(t.get("border")))
                                                      or not casting.ranged_target_ok(t)):
                    continue
                try:
                    combat.check_attack(state, oid, bar, target)
                except (IllegalAction, InvalidInput):
                    continue
                if self._attack_cost(state, oid, target, bar) > self._mage(state, t_seat(state, oid))["mana"]:
                    continue
                if target in (state["activation"] or {}).get("refused", []):
                    continue
                out.append({"type": "Attack", "attack": bar["index"], "target": target})
            if any(t.get("trait") == "Sweeping" for t in bar.get("traits") or []):
                # §13 Sweeping: a second attack against another target in the zone, chosen when declared
                firsts = [a["target"] for a in out if a["attack"] == bar["index"] and "second" not in a]
                out += [{"type": "Attack", "attack": bar["index"], "target": a, "second": b}
                        for a in firsts for b in firsts if a != b and bar["range_type"] == "melee"]
        return out

    # ---- apply ---------------------------------------------------------------------------------------------

    @_with_match_pack
    def apply(self, state: JSON, seat: str, action: JSON, rng: Any) -> tuple[JSON, list[JSON]]:
        if state["over"]:
            raise IllegalAction("mw.over")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise InvalidInput("mw.bad_action")
        if seat not in state["seats"]:
            raise IllegalAction("mw.not_your_turn", step=state["step"])
        kind = action.get("type")
        new = clone(state)
        if kind in ("Adjust", "Note"):
            return referee.apply(new, seat, action)
        if kind == "Concede":  # during set-up (choosing) the phase stays: there is no arena to show yet
            new.update(over=True, phase="choosing" if new["phase"] == "choosing" else "over", step="over",
                       winner=other(new, seat), reason="concede")
            return new, [{"type": "Conceded", "seat": seat}, {"type": "GameOver", "winner": new["winner"],
                                                               "reason": "concede"}]
        if action not in self.legal_actions(state, seat):
            if seat not in self.awaiting(state):
                raise IllegalAction("mw.not_your_turn", step=state["step"])
            raise IllegalAction("mw.illegal", action=str(kind))
        if new["phase"] == "choosing":
            events: list[JSON] = []
            options = choices.apply(new, seat, action, events, rng)
            if options is None:
                return new, events
            begun = self._begin(options, tuple(new["seats"]), rng)
            return begun, events + begun["setup_events"]
        if windows.asking(new) and kind in windows.ANSWERS:  # the other player's answer inside an action
            new, events, paused = windows.answer(state, seat, action, rng, self._apply, self._lost)
        else:
            new, events, paused = windows.run(state, new, seat, action, rng, self._apply)
        if paused:
            return new, events
        events += rounds.check_winner(new)
        if not new["over"] and new["step"] == "turn" and not new.get("pending") and \
                not rounds.active_count(new, new["turn"]):  # §5.3: its last active creature went (a reveal, a
            events += rounds.next_turn(new, new["turn"])   # destruction): the turn goes on, or the phase ends
        while not new["over"] and new["step"] == "start":  # a round ended: the next one starts by itself
            events += rounds.time_called(new)
            if not new["over"]:
                events += rounds.start_round(new, rng)
                events += rounds.check_winner(new)
        new["barriers"] = {b: sorted(t) for b, t in barriers(new).items()}
        abilities.refresh(new)
        auras.refresh(new)
        return new, events

    def _apply(self, state: JSON, seat: str, action: JSON, rng: Any) -> list[JSON]:
        kind = action["type"]
        step = state["step"]
        if kind == "ChooseInitiative":
            return rounds.choose_initiative(state, seat, action["holder"], rng)
        if kind == "UpkeepOrder":
            return rounds.order_upkeep(state, seat, action["object"], action["regenerate"] == "first", rng)
        if kind == "Upkeep":
            events = rounds.pay_upkeep(state, seat, action["pay"])
            if len(state["upkeep_done"]) == len(state["seats"]):
                events += rounds.start_planning(state)
            return events
        if kind in ("PlanSpell", "Assign"):
            return planning.choose(state, seat, action)
        if kind == "Prepare":
            state.get("drafts", {}).pop(seat, None)
            events = rounds.prepare(state, seat, action["spells"], action["assign"])
            if len(state["planning_done"]) == len(state["seats"]):
                events += rounds.after_planning(state)
            return events
        if kind == "Reveal":
            return self._reveal(state, seat, action["enchantment"])
        if kind in ("Push", "Teleport", "Chain"):
            return self._push(state, action, rng)
        if kind == "EndDeployment":
            return rounds.end_deployment(state, seat)
        if kind == "Skip":
            return [{"type": "QuickcastSkipped", "seat": seat}] + self._after_window(state, seat)
        if kind == "Pass":
            state["passes"][seat] += 1
            return [{"type": "Passed", "seat": seat}] + rounds.next_turn(state, other(state, seat))
        if kind == "Activate":
            events = rounds.activate(state, action["creature"])
            return events + (effects.activation_paid(state, action["creature"]) if action.get("pay") else [])
        if kind == "Cast":
            return self._cast(state, seat, action, rng, step)
        act = state["activation"]
        if kind == "EndTurn":
            return rounds.end_activation(state, rng)
        if kind == "Move":
            mover = state["objects"].get(act["object"]) if act else None
            if mover is None or not mover.get("zone") or \
                    action["to"] not in arena.adjacent(mover["zone"], tuple(state["size"])):
                # a rerun after a reveal moved the creature (Divine Intervention's teleport): no longer legal, so
                # the move is cancelled and lost (windows.answer; seed l.363)
                raise IllegalAction("mw.move.not_adjacent", to=str(action["to"]))
            through_thorns = movement.full_action_crossing(state, act["object"], action["to"]) or action.get("climb")
            if effects.teleport_moves(state, act["object"]):
                events, hindered = movement.teleport(state, act["object"], action["to"], rng), False
            else:
                events, hindered = movement.move(state, act["object"], action["to"], rng)
            act = state["activation"]  # an attack on the way (a wall's) replaced the state's contents
            if through_thorns:
                act["full"] = True  # the whole turn went into crossing (Wall of Thorns)
            events += self._move_costs(state, act["object"], rng)
            act["hindered"] = act["hindered"] or hindered
            self._count_move(state, act)
            with windows.after(events):
                windows.moved(state, seat, act["object"])
            return events + self._maybe_end(state, rng)
        if kind == "UseAbility" and action.get("source"):  # Hand of Bim-Shalla, outside any action turn
            return effects.use_bim_shalla(state, seat, action)
        if kind == "UseAbility":
            return self._use_ability(state, act["object"], action, rng) + self._maybe_end(state, rng)
        if kind == "Guard":
            state["objects"][act["object"]]["guard"] = True
            act["quick"] = True
            return [{"type": "GuardPlaced", "object": act["object"]}] + self._maybe_end(state, rng)
        if kind == "Attack":
            from engine.magewars import stats
            bar = stats.attacks(state, act["object"])[action["attack"]]
            helm = effects.helm_cancels(state, act["object"], action["target"], bar, rng)
            if helm and helm[0]["canceled"]:  # another target may be chosen instead (Helm of Fear)
                act.setdefault("refused", []).append(action["target"])
                return helm
            act["full" if bar.get("action") == "full" else "quick"] = True
            self._pay_attack_cost(state, act["object"], action["target"], bar)
            with windows.after(helm):
                events = helm + effects.with_next_melee(state, act["object"], bar, lambda: movement.attack(
                    state, act["object"], action["attack"], action["target"], rng,
                    declared={"charged": act["moved"] > 0,
                              **({"second_target": action["second"]} if "second" in action else {})}))
            act = state["activation"]
            attacker = state["objects"].get(act["object"]) if act else None
            if act and attacker and bar["range_type"] == "melee" and not act.get("fury") \
                    and attacker["counters"].pop("battle_fury", None) == state["round"]:
                act.update(quick=False, full=False, fury=True)  # Battle Fury: one more quick melee attack
                return events + [{"type": "BattleFury", "object": attacker["id"]}]
            if act:
                act.pop("fury", None)
            return events + self._maybe_end(state, rng)
        raise IllegalAction("mw.illegal", action=str(kind))

    @staticmethod
    def _pace(state: JSON, oid: str) -> tuple[bool, bool]:
        """(Fast, Slow) as they count (§7.1: "Fast and Slow on the same creature cancel each other")."""
        from engine.magewars import stats
        if oid not in state["objects"]:
            return False, False
        t = stats.traits(state, oid)
        return t.has("Fast") and not t.has("Slow"), t.has("Slow") and not t.has("Fast")

    def _count_move(self, state: JSON, act: JSON) -> None:
        """A move action spent (§7.1): the second move of a creature neither Fast nor Slow is its quick action and
        ends the turn; a Fast one makes two move actions, then a quick action that cannot be a third move; a Slow
        one's turn ends as soon as it moves."""
        act["moved"] += 1
        fast, slow = self._pace(state, act["object"])
        if slow or (not fast and act["moved"] > 1):
            act["quick"] = True

    def _push(self, state: JSON, action: JSON, rng: Any) -> list[JSON]:
        """The pusher's choice of direction (§7.6); once no choice is left, the match goes on where it waited."""
        choice = state["pending"].pop(0)
        if action["type"] == "Chain":
            events = effects.chain_attack(state, choice, action["target"], rng, movement.attack) \
                if action["target"] in state["objects"] else []
        elif action["type"] == "Teleport":
            events = movement.teleport(state, action["object"], action["zone"], rng) \
                if action["zone"] and action["object"] in state["objects"] else []
        else:
            events = movement.push(state, action["object"], action["direction"], rng)
        events += movement.settle(state, events, rng)
        if state["pending"]:
            return events
        state.pop("pending")
        resume = state.pop("resume", None)
        if resume:
            return events + self._after_window(state, resume)
        return events + self._maybe_end(state, rng)

    def _move_costs(self, state: JSON, oid: str, rng: Any) -> list[JSON]:
        """Chains of Agony: each move action deals 1 direct damage to the enchanted creature (its card text)."""
        from engine.magewars import conditions
        if oid not in state["objects"]:
            return []
        hits = sum(1 for o in state["objects"].values() if o.get("attached_to") == oid
                   and o["card"] == "Chains of Agony" and not o["face_down"])
        events = conditions.direct_damage_in_place(state, oid, hits, source="Chains of Agony") if hits else []
        return events + movement.settle(state, [], rng)

    def _attack_costs(self, state: JSON, attacker: str, target: str, bar: JSON) -> dict[str, int]:
        """Mana an attack costs in its Declare step (§10.3 step 2): Pacify on the attacker, the first melee or
        ranged attack each round; Suppression Cloak on the target mage, each creature's first melee attack on it
        each round; 2 each (card texts). Not counterstrikes (never declared here)."""
        rnd = state["round"]
        out = {}
        if any(o.get("attached_to") == attacker and not o["face_down"] and o["card"] == "Pacify"
               for o in state["objects"].values()) and state["objects"][attacker]["counters"].get("pacify") != rnd:
            out["pacify"] = PACIFY_COST
        worn = any(o.get("attached_to") == target and o["card"] == "Suppression Cloak"
                   for o in state["objects"].values())
        if worn and bar["range_type"] == "melee" and \
                state["objects"][target]["counters"].get("cloak_paid", {}).get(attacker) != rnd:
            out["cloak"] = PACIFY_COST
        return out

    def _attack_cost(self, state: JSON, attacker: str, target: str, bar: JSON) -> int:
        return sum(self._attack_costs(state, attacker, target, bar).values())

    def _pay_attack_cost(self, state: JSON, attacker: str, target: str, bar: JSON) -> None:
        costs = self._attack_costs(state, attacker, target, bar)
        self._mage(state, t_seat(state, attacker))["mana"] -= sum(costs.values())
        if "pacify" in costs:
            state["objects"][attacker]["counters"]["pacify"] = state["round"]
        if "cloak" in costs:
            state["objects"][target]["counters"].setdefault("cloak_paid", {})[attacker] = state["round"]

    def _maybe_end(self, state: JSON, rng: Any) -> list[JSON]:
        """The turn ends when nothing is left to do: after the quick or full action, or when the creature left
        play (§6); not while a push waits for its direction."""
        act = state["activation"]
        if act is None or state["over"] or state.get("pending"):
            return []
        if any(rounds.mage_destroyed(state, s) for s in state["seats"]):
            return []  # apply() declares the winner
        if act["object"] not in state["objects"] or act["quick"] or act["full"]:
            return rounds.end_activation(state, rng)
        return []

    def _cast(self, state: JSON, seat: str, action: JSON, rng: Any, step: str,
              cast: Any = casting.cast) -> list[JSON]:
        """The action a cast spends (the creature's quick or full action, or the quickcast action, §5.4), and
        ``cast`` run in it (:func:`casting.lost`: a cast cancelled after it was paid)."""
        caster = action["caster"]
        if step == "deploy":
            return cast(state, action, rng, "full")
        if step == "activation":
            act = state["activation"]
            if abilities.is_restore(action):
                speed = abilities.restore_speed(action)
            elif action["spell"] == casting.REBIND:
                speed = "quick"
            else:
                c = None if action["spell"] == "Arcane Zap" else card(action["spell"])
                speed = "quick" if c is None or casting.spell_speed(state, caster, c) == "quick" else "full"
            act[speed] = True
            return cast(state, action, rng, speed) + self._maybe_end(state, rng)
        self._mage(state, seat)["quickcast"] = False  # the quickcast action (§5.4)
        events = [{"type": "QuickcastUsed", "seat": seat}]
        with windows.after(events):
            events += cast(state, action, rng, "quick")
        if step in ("quickcast_first", "quickcast_final", "after_turn") and not state["over"]:
            if state.get("pending"):
                state["resume"] = seat  # the window closes once the push is made
            else:
                events += self._after_window(state, seat)
        return events

    def _lost(self, state: JSON, seat: str, action: JSON, question: JSON, rng: Any) -> list[JSON]:
        """An Attack or a Cast cancelled by a reveal while it waited is lost (§10.3 step 1, seed l.737: "si más
        adelante quedara anulada por cualquier motivo perderás la acción"; §9.2 step 1, l.471): the creature's
        action is spent as the action would have spent it; an attack past its declare step (step 2 reached)
        has paid its costs; a spell is countered after its costs were paid (:func:`casting.lost`)."""
        if action["type"] == "Cast":
            spent = self._cast(state, seat, action, rng, state["step"], cast=casting.lost)
            return [e for e in spent if e["type"] != "QuickcastUsed"]  # published when the cast stopped
        if action["type"] in ("Push", "Teleport"):  # the object is gone: the choice has nothing left to move
            return self._push(state, {"type": "Teleport", "object": action["object"], "zone": None}, rng)
        from engine.magewars import stats
        act = state["activation"]
        if action["type"] == "Move":  # seed l.363: "si más adelante la anulas por cualquier motivo, perderás la acción"
            if act:
                self._count_move(state, act)
            return self._maybe_end(state, rng)
        past_declare = question["answers"] or not (question["type"] == "window" and question["timing"] == "attack")
        if not past_declare:  # cancelled in its declare step: its costs (Pacify, Suppression Cloak) are not spent
            windows.hold(state, {o: m for o, m in question.get("held", {}).items()
                                 if state["objects"].get(o, {}).get("controller") == seat}, +1)
        bars = stats.attacks(state, act["object"]) if act and act["object"] in state["objects"] else []
        if action["attack"] >= len(bars):
            return self._maybe_end(state, rng) if act else []
        bar = bars[action["attack"]]
        act["full" if bar.get("action") == "full" else "quick"] = True
        return self._maybe_end(state, rng)

    def _after_window(self, state: JSON, seat: str) -> list[JSON]:
        if state["step"] == "after_turn":
            return rounds.next_turn(state, other(state, seat))
        if state["step"] in ("quickcast_first", "quickcast_final"):
            return rounds.window_done(state, seat)
        return []

    def _reveal(self, state: JSON, seat: str, oid: str) -> list[JSON]:
        """Reveal a face-down enchantment (§9.7): a free action; pay the reveal cost (Magebind included); a host
        that is no longer a legal target makes it dissipate."""
        ench = state["objects"][oid]
        cost = self._reveal_cost(state, ench)
        effects.use_discount(state, seat, effects.discount(state, state["mages"][seat], card(ench["card"]),
                                                           reveal=True)[1])
        self._mage(state, seat)["mana"] -= cost
        ench["face_down"] = False
        from engine.magewars.stats import mark_revealed
        mark_revealed(state, ench)  # conflicting enchantments apply in reveal order (seed 001 l.645)
        events = [{"type": "EnchantmentRevealed", "seat": seat, "object": oid, "spell": ench["card"], "cost": cost}]
        events += abilities.divine_reward(state, seat, ench["card"])
        host = ench.get("attached_to")
        c = card(ench["card"])
        from engine.magewars.state import destroy
        twin = any(o["id"] != oid and o["card"] == ench["card"] and not o.get("face_down") and o["kind"] == "enchantment"
                   and ((host and o.get("attached_to") == host) or (not host and ench.get("attached_zone")
                                                                    and o.get("attached_zone") == ench["attached_zone"]))
                   for o in state["objects"].values())
        if twin:  # §9.7 Uniqueness: revealed beside a revealed one of its name, the new one is countered
            destroy(state, oid, events, cause="countered: same name already revealed there")
        elif host and isinstance(c.target, str) and not casting.object_matches(state, c.target, host, seat):
            destroy(state, oid, events, cause="no longer a legal target")
        elif "When Decoy is revealed, destroy it" in (c.text or "") or casting.mandatory(c):
            destroy(state, oid, events, cause="revealed")  # Decoy; a mandatory one out of its trigger (§9.7)
        elif "When this spell is revealed, you may Teleport this creature to any zone" in (c.text or "") and host:
            events += movement.ask_teleport(state, seat, host, arena.zones(tuple(state["size"])), optional=True)
            destroy(state, oid, events, cause="used")  # Divine Intervention (its card text)
        return events

    # ---- view, outcome -------------------------------------------------------------------------------------

    @_with_match_pack
    def view(self, state: JSON, seat: str | None) -> JSON:
        out = clone({k: v for k, v in state.items() if k not in ("books", "planned", "assigned", "drafts",
                                                                  "upkeep_due", "setup_events", "secret", "options",
                                                                  "pack_cards")})  # JSON: copied as JSON (state.py)
        out["awaiting"] = self.awaiting(state)
        out["book_counts"] = {s: sum(b.values()) for s, b in state["books"].items()}
        out["books"] = {s: dict(b) for s, b in state["books"].items() if s == seat}
        out["planned"] = {s: (list(p) if s == seat else len(p)) for s, p in state["planned"].items()}
        out["assigned"] = {s: (dict(a) if s == seat else sorted(a)) for s, a in state["assigned"].items()}
        out["upkeep_due"] = {s: d for s, d in state["upkeep_due"].items() if s == seat}
        out["secret"] = {s: dict(c) for s, c in state.get("secret", {}).items() if s == seat}
        out["drafts"] = {s: copy.deepcopy(d) for s, d in state.get("drafts", {}).items() if s == seat}
        if out.get("pending"):
            out["pending"] = [windows.public(q, seat) if q["type"] in windows.KINDS else q for q in out["pending"]]
        for obj in out["objects"].values():
            if obj.get("face_down") and obj["controller"] != seat:
                obj["card"] = None
            if obj.get("bound") and not obj.get("bound_shown") and seat not in (obj["owner"], obj["controller"]):
                obj["bound"] = None  # face down until first cast (§9.9); the wearer controls it and casts it
        shown = self._pack_shown(state, out, seat) if state.get("pack_cards") else None
        if shown:
            out["pack_cards"] = shown  # the table reads their stats as the duel does
        return out

    def _pack_shown(self, state: JSON, out: JSON, seat: str | None) -> JSON | None:
        """The match's pack cards the viewer may know of (in play as the view shows it, discarded, its own
        spells), never telling which the other book holds."""
        known = {n for o in out["objects"].values() for n in (o.get("card"), o.get("bound")) if n}
        known |= {n for pile in state["discard"].values() for n in pile}
        if seat in state["books"]:  # the viewer's own spells: the book, the plan, the familiars' spells
            known |= {*state["books"][seat], *state["planned"][seat], *state["assigned"][seat].values()}
        return shown_pack(state["pack_cards"], known)

    practice_budgets = practice.BUDGETS

    def evaluate(self, state: JSON, seat: str) -> float:
        """The practice opponent's score of a position (``engine.core.practice.Evaluates``)."""
        return practice.evaluate(state, seat)

    def outcome(self, state: JSON) -> Outcome | None:
        if not state["over"]:
            return None
        return Outcome(state["winner"], state["reason"] or "victory")


SYSTEM = MageWars()
