"""Card effects registered by card id: objective conditions, ploys, upgrades, reactions, Inspire conditions.

What is automated is listed in ``AUTOMATED`` (what is in part, in ``PARTIAL``): every objective of the
Rimewyrm's Bite deck here, those of Brethren of the Bolt and The Skinnerkin in ``objectives.py`` (the ones on
Haunch counters, Priests and Holy Vessels in ``skinnerkin.py`` and ``brethren.py``, registered below) and those of
Hungering Parasite in ``parasite.py`` (on the Bane of Heroes record the players keep), the ploys and upgrades
whose effect needs no free-form choice (characteristic changes and attack actions come from ``cards.json`` through
``rules``), the reactions of those upgrades, and the Inspire conditions of the playable warbands. The Brethren of the
Bolt, Skinnerkin and Hungering Parasite power cards are answered by ``brethren.py``, ``skinnerkin.py`` and
``parasite.py`` (asked from here); the steps a card
opens for a choice, a card's Move actions or follow-up attacks are ``choices.py``'s. Any other card still plays: its
text travels in the event and the players settle it with referee actions (``referee.py``).
``automation_coverage()`` sums it up per card ("N of 128").

Card effects build on the rules: this module reads ``rules``, acts through ``flow`` (damage, stagger, reaction
steps) and ``scatter``. Those modules ask the cards in play through ``card_hooks`` (``QUESTIONS``), and this
module registers itself there as the one that answers, at its last line. None raises. The objective conditions
of the other Rivals decks (``objectives.py``) register with ``objective`` below.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from engine.underworlds import brethren, card_hooks, flow, parasite, rules, scatter, skinnerkin
from engine.underworlds.battlefield import push_destinations
from engine.underworlds.cards import ObjectiveCard, PloyCard, ScoreType, UpgradeCard, load_cards
from engine.underworlds.hexgrid import Hex
from engine.underworlds.state import FighterState, State

JSON = dict[str, Any]

# Card ids (UnderworldsDB numbers), Rimewyrm's Bite (48xxx) and Hungering Parasite (47xxx).
BLOOD_SOAKED_ICE, CORRALLED, DEADLY_TO_ALL, GET_MOVING = "48001", "48002", "48003", "48004"
GET_OUT_OF_THE_WAY, GONE_WITHOUT_A_TRACE, NEVER_PUNISHED, NOWHERE_TO_RUN = "48005", "48006", "48007", "48008"
RUINOUS_AFTERMATH, SPREAD_OUT, SUBTERRANEAN_THREAT, THREATENING_RUMBLES = "48009", "48010", "48011", "48012"
BRIEF_EMERGENCE, DEADLY_WARDS, ENGULFING_SWALLOW, HEAVING_GROUND = "48013", "48014", "48015", "48016"
HERE_IT_COMES, JUST_PURE_LUCK = "48017", "48018"
PUNCTURING_ICE_SHARDS, RE_EMERGENCE, THE_RIGHT_BAIT, UNSTABLE_FOOTING = "48019", "48020", "48021", "48022"
ADVANCING_JUGGERNAUT, BOOTS_OF_WARDING, EARTH_SHATTERING_TREAD = "48023", "48024", "48025"
INURED_TO_HARDSHIP, LIKE_AN_AVALANCHE, MASTER_OF_DISASTER = "48026", "48027", "48028"
SPRINTING_FIEND, THUNDERSTOMP, TOUGH_ENOUGH, UP_FOR_A_FIGHT = "48029", "48030", "48031", "48032"
TEMPTING_LURE, THE_CURSE_EMPOWERS = "47019", "47021"
CAREFUL_AIM, DESPAIRING_STRENGTH, FRENETIC_EFFORTS, FURY_BOUND_LEAPS = "47023", "47024", "47026", "47027"
INSTINCTIVE_REPRISAL, STOLEN_VIGOUR, WEAKENED_SOUL, WICKED_AIM = "47028", "47029", "47031", "47032"
BROAD_SHOULDERS, DETERMINED_RESISTANCE, MASTER_OF_CONDUCTION, SIGMARS_CYCLONE = "45023", "45026", "45029", "45031"
BUTCHERS_STRENGTH, CALLOUSED_HANDS, KITCHEN_DIRECTOR, MIDDEN_HEAP_SCAVENGER = "46024", "46025", "46028", "46030"
LATCHING_ON, HEAD_CHEF, POTENTIAL_COURTIER = "46029", "46027", "46031"

OBJECTIVES: dict[str, Callable[[State, str, str], int | None]] = {}
"""Objective id -> condition(state, seat, moment) giving the glory to gain, or None when not met."""
AUTOMATED: set[str] = set()
"""Cards whose whole effect the engine applies."""
PARTIAL: dict[str, str] = {}
"""Cards the engine applies in part -> what it leaves to the players (text and referee actions)."""


def objective(card_id: str, *, partial: bool = False
              ) -> Callable[[Callable[[State, str, str], int | None]], Callable[..., Any]]:
    """Register an objective's condition; ``partial`` when it decides only part of it (the engine reveals the
    objective when its part is met, and the player may still claim it otherwise)."""
    def wrap(fn: Callable[[State, str, str], int | None]) -> Callable[..., Any]:
        OBJECTIVES[card_id] = fn
        if partial:
            PARTIAL[card_id] = (fn.__doc__ or "").strip()
        else:
            AUTOMATED.add(card_id)
        return fn
    return wrap


def _glory(card_id: str) -> int:
    return load_cards()[card_id].glory  # type: ignore[union-attr]


def is_automated(card_id: str) -> bool:
    """The engine applies the card's whole effect."""
    return card_id in AUTOMATED


def is_manual_surge(card_id: str) -> bool:
    """A surge objective the engine does not check in full: the player reveals it (§25.1)."""
    c = load_cards().get(card_id)
    return isinstance(c, ObjectiveCard) and c.score == ScoreType.SURGE and card_id not in AUTOMATED


def objective_glory(st: State, seat: str, card_id: str, moment: str) -> int | None:
    """Glory the objective gives now, or None if its automated condition is not met."""
    fn = OBJECTIVES.get(card_id)
    return fn(st, seat, moment) if fn is not None else None


# -- objectives: Rimewyrm's Bite ---------------------------------------------------------------------------


def _enemies(st: State, seat: str) -> list[FighterState]:
    return [f for s in st.opponents(seat) for f in st.warband_of(s)]


@objective(BLOOD_SOAKED_ICE)
def _blood_soaked_ice(st: State, seat: str, moment: str) -> int | None:
    ok = moment == "end" and all(f.out_of_action or f.wounds > 0 for f in _enemies(st, seat))
    return _glory(BLOOD_SOAKED_ICE) if ok else None


@objective(CORRALLED)
def _corralled(st: State, seat: str, moment: str) -> int | None:
    alive = st.enemies(seat)
    places = {rules.territory_of(st, f.hex) for f in alive}
    return _glory(CORRALLED) if moment == "end" and alive and len(places) == 1 else None


@objective(DEADLY_TO_ALL)
def _deadly_to_all(st: State, seat: str, moment: str) -> int | None:
    ok = moment in ("after_activation", "after_power") and len(st.step_log.get("damaged", [])) >= 2
    return _glory(DEADLY_TO_ALL) if ok else None


@objective(GET_MOVING)
def _get_moving(st: State, seat: str, moment: str) -> int | None:
    alive = st.surviving(seat)
    ok = moment == "after_activation" and alive and (all(f.move for f in alive) or all(f.charge for f in alive))
    return _glory(GET_MOVING) if ok else None


@objective(GET_OUT_OF_THE_WAY)
def _get_out_of_the_way(st: State, seat: str, moment: str) -> int | None:
    # Enemy territory: any territory but one's own and no one's (three or four players: every other player's).
    mine = sum(1 for f in st.surviving(seat) if rules.territory_of(st, f.hex) not in (None, seat))
    theirs = sum(1 for f in st.enemies(seat) if rules.territory_of(st, f.hex) not in (None, seat))
    return _glory(GET_OUT_OF_THE_WAY) if moment == "end" and mine > theirs else None


@objective(GONE_WITHOUT_A_TRACE)
def _gone_without_a_trace(st: State, seat: str, moment: str) -> int | None:
    if moment == "end":
        return None
    kills = [o for o in st.step_log.get("out_of_action", []) if o["source"].get("kind") == "card"
             and o["source"].get("seat") == seat]
    if not kills:
        return None
    bonus = any(o["seat"] != seat and is_domain(o["source"].get("card") or "") for o in kills)
    return _glory(GONE_WITHOUT_A_TRACE) + (1 if bonus else 0)


@objective(NEVER_PUNISHED)
def _never_punished(st: State, seat: str, moment: str) -> int | None:
    mine = sum(1 for f in st.surviving(seat) if f.wounds)
    theirs = sum(1 for f in st.enemies(seat) if f.wounds)
    return _glory(NEVER_PUNISHED) if moment == "end" and mine < theirs else None


@objective(NOWHERE_TO_RUN)
def _nowhere_to_run(st: State, seat: str, moment: str) -> int | None:
    if moment != "end":
        return None
    bf = rules.battlefield(st)
    count = 0
    for f in st.enemies(seat):
        near = [f.hex, *bf.neighbours(f.hex)]
        if any(rules.is_lethal(st, h) or rules.is_trap(st, h) for h in near):
            count += 1
    return _glory(NOWHERE_TO_RUN) if count >= 2 else None


@objective(RUINOUS_AFTERMATH)
def _ruinous_aftermath(st: State, seat: str, moment: str) -> int | None:
    ok = moment != "end" and seat in st.step_log.get("domain_replaced", [])
    return _glory(RUINOUS_AFTERMATH) if ok else None


@objective(SPREAD_OUT)
def _spread_out(st: State, seat: str, moment: str) -> int | None:
    if moment != "end":
        return None
    alive = st.surviving()
    if any(a.hex.is_adjacent(b.hex) for i, a in enumerate(alive) for b in alive[i + 1:]):  # type: ignore[union-attr]
        return None
    mine = st.surviving(seat)
    away = bool(mine) and all(rules.territory_of(st, f.hex) != seat for f in mine)
    return _glory(SPREAD_OUT) + (1 if away else 0)


@objective(SUBTERRANEAN_THREAT)
def _subterranean_threat(st: State, seat: str, moment: str) -> int | None:
    gone = [o for o in st.step_log.get("out_of_action", []) if o["seat"] != seat]
    ok = moment == "after_activation" and gone and not any(o["had_move_or_charge"] for o in gone)
    return _glory(SUBTERRANEAN_THREAT) if ok else None


@objective(THREATENING_RUMBLES)
def _threatening_rumbles(st: State, seat: str, moment: str) -> int | None:
    if moment == "end":
        return None
    held = {str(t.hex) for t in rules.objective_tokens(st)}
    for hit in st.step_log.get("card_damage", []):
        if hit["seat"] == seat and hit["hex"] in held and rules.territory_of(st, Hex.parse(hit["hex"])) not in (None, seat):
            return _glory(THREATENING_RUMBLES)
    return None


# -- Inspire conditions of the playable warbands (§3.1) -------------------------------------------------------------


def inspire_condition_met(st: State, f: FighterState) -> bool:
    """State-based Inspire conditions (Garrek's Reavers: three or more fighters out of action)."""
    if st.players[f.seat].warband == "garreks-reavers":
        return sum(1 for x in st.fighters if x.out_of_action) >= 3
    return False


def on_defence_roll(st: State, target: FighterState, faces: list[str]) -> None:
    """Steelheart's Champions: rolling a block or a crit as the target of an attack (next inspire step)."""
    if st.players[target.seat].warband == "steelhearts-champions" and any(x in ("block", "critical") for x in faces):
        target.pending_inspire = True


# -- persisting gambits, Domain ----------------------------------------------------------------------------------------


def is_domain(card_id: str) -> bool:
    """A ***Domain*** gambit of Rimewyrm's Bite (persists until the end of the round or another Domain)."""
    c = load_cards().get(card_id)
    return c is not None and "Domain" in c.tags


def persisting(st: State, card_id: str) -> JSON | None:
    """The face-up entry of a persisting gambit, if it is in play."""
    return next((p for p in st.persisting if p["card"] == card_id), None)


def discard_persisting(ctx: Any, entry: JSON, why: str) -> None:
    """Discard a face-up gambit; a Domain card's discard opens its reaction step."""
    st = ctx.st
    if entry not in st.persisting:
        return
    st.persisting.remove(entry)
    st.players[entry["seat"]].power_discard.append(entry["card"])
    ctx.emit("GambitDiscarded", player=entry["seat"], card=entry["card"], name=load_cards()[entry["card"]].name,
             why=why)
    if is_domain(entry["card"]):
        flow.open_window(ctx, ["domain_discarded"], {"card": entry["card"], "player": entry["seat"]})


def end_of_round(ctx: Any) -> None:
    """Discard gambits that last until the end of the round (§23.1)."""
    for entry in list(ctx.st.persisting):
        if entry.get("until_round", 0) <= ctx.st.round:
            discard_persisting(ctx, entry, "end of round")
    ctx.st.stack = [x for x in ctx.st.stack if x["kind"] != "window"]  # no reaction steps outside the action phase


def note_lethal_damage(ctx: Any) -> None:
    """Deadly Wards persists until a lethal hex deals damage."""
    entry = persisting(ctx.st, DEADLY_WARDS)
    if entry is not None:
        discard_persisting(ctx, entry, "a lethal hex dealt damage")


def extra_lethal(st: State, hex_: Hex, fighter: FighterState | None) -> bool:
    """Hexes made lethal by cards in play: Deadly Wards, Earth-shattering Tread."""
    return hex_ in extra_lethal_hexes(st, fighter)


def extra_lethal_hexes(st: State, fighter: FighterState | None) -> frozenset[Hex]:
    """Every hex ``extra_lethal`` is true of, for ``fighter`` (None: any fighter)."""
    out: set[Hex] = set()
    if persisting(st, DEADLY_WARDS) is not None:
        out |= rules.battlefield(st).starting_hexes()
        out |= {t.hex for t in rules.objective_tokens(st)}
    for f in st.fighters:
        if EARTH_SHATTERING_TREAD in f.upgrades and f.on_battlefield and (f.move or f.charge) and f is not fighter:
            if f.id != (fighter.id if fighter else None) and f.hex is not None:
                out.update(f.hex.neighbours())
    return frozenset(out)


def after_activation(ctx: Any, turn: JSON) -> None:
    """Effects at the end of an activation step: Unstable Footing, Heaving Ground, "next" gambits expire."""
    st = ctx.st
    superaction = turn.get("after_ctx", {}).get("superaction")
    fighter_id = turn.get("after_ctx", {}).get("fighter")
    if superaction and fighter_id and persisting(st, UNSTABLE_FOOTING) is not None:
        f = st.fighter(fighter_id)
        if f.on_battlefield:
            if f.stagger:
                flow.deal_damage(ctx, f, 1, {"kind": "card", "seat": persisting(st, UNSTABLE_FOOTING)["seat"],
                                             "card": UNSTABLE_FOOTING})
            else:
                flow.stagger(ctx, f, by=UNSTABLE_FOOTING)
    entry = persisting(st, HEAVING_GROUND)
    if entry is not None:
        for fid in sorted(set(st.step_log.get("staggered_driven_back", []))):
            flow.deal_damage(ctx, st.fighter(fid), 1, {"kind": "card", "seat": entry["seat"], "card": HEAVING_GROUND})
    for e in list(st.persisting):
        if e.get("next") and e.get("turn", 0) < st.turns_taken:
            discard_persisting(ctx, e, "its activation is over")


# -- attacks -------------------------------------------------------------------------------------------------------------


def modify_attack(st: State, f: FighterState, profile: JSON) -> None:
    """Upgrade effects on a fighter's attack actions (Despairing Strength, Wicked Aim, Up for a Fight)."""
    parasite.modify_attack(st, f, profile)
    if UP_FOR_A_FIGHT in f.upgrades and any(is_domain(p["card"]) for p in st.persisting):
        profile["dice"] += 1
    skinnerkin.modify_attack(st, f, profile)


def attack_modifiers_key(st: State) -> Any:
    """What ``modify_attack`` reads beyond the fighter: who holds a Bane of Heroes (Despairing Strength, Wicked Aim)
    and the persisting gambits with their targets (Up for a Fight, Season the Meat); and ``modify_attack`` itself, so
    a stand-in for it (a test's) never shares remembered characteristics. Keep it in step with ``modify_attack``."""
    players = st.players
    return (modify_attack, tuple([players[s].bane.holder for s in st.seats]),
            tuple([(p["card"], p.get("target")) for p in st.persisting]))


def declare_attack(ctx: Any, f: FighterState, profile: JSON) -> JSON:
    """"Next attack" gambits that apply when an attack is declared (The Curse Empowers)."""
    st = ctx.st
    entry = persisting(st, THE_CURSE_EMPOWERS)
    in_activation = any(x["kind"] == "turn" and x["stage"] == "after_activation" for x in st.stack)
    # Played in the power step of turn T, it applies in the activation step of turn T + 1 only.
    if entry is not None and entry["seat"] == f.seat and st.turns_taken == entry.get("turn", 0) + 1 and in_activation:
        empowered = parasite.curse_empowers(st, f, profile, first=not entry.get("attacked"))
        entry["attacked"] = True  # a later Attack action is no longer "the first" (for the Bane of Heroes part)
        if empowered is not None:
            profile = empowered
            discard_persisting(ctx, entry, "applied")
    return brethren.hymn_supports(ctx, f, skinnerkin.declare_attack(ctx, f, profile, discard_persisting))


def attack_supports(st: State, attacker: FighterState, target: FighterState, profile: JSON, supports: int) -> int:
    """The attacker's supports after cards (Heavenly Hymn)."""
    return brethren.attack_supports(st, attacker, target, profile, supports)


def after_attack(ctx: Any, fr: JSON) -> None:
    """Once an Attack action is resolved (Ultimate Resistor un-Inspires its target)."""
    brethren.after_attack(ctx, fr)
    skinnerkin.after_attack(ctx, fr, discard_persisting)
    parasite.after_attack(ctx, fr)


def distance_reduction(st: State, attacker: FighterState, here: Hex, there: Hex) -> int:
    """Powerhouse: 1 per hex counted that contains an enemy fighter."""
    return brethren.powerhouse_reduction(st, attacker, here, there)


def shortens_distance(st: State, attacker: FighterState) -> bool:
    """Powerhouse is the one card that subtracts from the distance counted."""
    return brethren.POWERHOUSE in attacker.upgrades


def cannot_be_uninspired(st: State, f: FighterState) -> bool:
    """Burgeoning Saint."""
    return brethren.cannot_be_uninspired(st, f)


def end_of_turn(ctx: Any) -> None:
    """Effects at the end of a turn (Bolt from the Blue, Thunderous Blast; the end of the action phase)."""
    brethren.end_of_turn(ctx, discard_persisting)
    skinnerkin.end_of_turn(ctx)


def extra_attack_dice(st: State, attacker: FighterState, target: FighterState) -> int:
    """Dice cards add to an attack roll against ``target`` (Careful Aim, at a fighter with a Bane of Heroes)."""
    return parasite.extra_attack_dice(st, attacker, target)


def extra_attack_rerolls(st: State, attacker: FighterState, target: FighterState) -> int:
    """Careful Aim: one attack die re-rolled against a target with two or more wound tokens; Aspiring Artisan."""
    return (1 if CAREFUL_AIM in attacker.upgrades and target.wounds >= 2 else 0) + skinnerkin.extra_attack_rerolls(st)


def cannot_be_staggered(st: State, f: FighterState) -> bool:
    """Advancing Juggernaut: this fighter cannot be staggered."""
    return ADVANCING_JUGGERNAUT in f.upgrades


def cannot_be_pushed(st: State, f: FighterState) -> bool:
    """No card of the shipped decks forbids pushes."""
    return False


def cannot_be_driven_back(st: State, f: FighterState) -> bool:
    """Latching On: fighters within 1 hex of its holder (the holder too) cannot be driven back."""
    return f.hex is not None and any(
        LATCHING_ON in x.upgrades and x.hex is not None and x.hex.distance(f.hex) <= 1 for x in st.surviving())


def grants_flying(st: State, f: FighterState) -> bool:
    """Fury-bound Leaps gives Flying with a Bane of Heroes upgrade."""
    return parasite.grants_flying(st, f)


def prevent_damage(st: State, f: FighterState, amount: int, source: JSON) -> int:
    """Damage after prevention: Boots of Warding (power cards, lethal hexes), Tough Enough (precisely 1), Divine
    Fortitude (a Bane of Heroes upgrade's)."""
    if parasite.prevents(st, f, source):
        return 0
    if BOOTS_OF_WARDING in f.upgrades and source.get("kind") in ("card", "lethal"):
        return 0
    if TOUGH_ENOUGH in f.upgrades and amount == 1 and f.wounds + 1 < rules.wounds(st, f):
        return 0
    return amount


def is_on_guard(st: State, f: FighterState) -> bool:
    """On Guard: a Guard marker, or Determined Resistance while holding an objective (§16.1)."""
    return bool(f.guard) or (DETERMINED_RESISTANCE in f.upgrades and rules.holds_objective(st, f))


def attack_extra_symbols(st: State, attacker: FighterState, supports: int) -> tuple[str, ...]:
    """Symbols also successes in the attacker's roll: Kitchen Director, when supported, hammer and swords."""
    return ("hammer", "swords") if KITCHEN_DIRECTOR in attacker.upgrades and supports >= 1 else ()


def defence_extra_symbols(st: State, target: FighterState) -> tuple[str, ...]:
    """Symbols also successes in the target's defence roll: Midden-heap Scavenger, block."""
    return ("block",) if MIDDEN_HEAP_SCAVENGER in target.upgrades else ()


def attack_damage(st: State, target: FighterState, amount: int) -> int:
    """An attack's damage against ``target``: Calloused Hands, -1 Damage to a minimum of 1."""
    if CALLOUSED_HANDS in target.upgrades and amount > 1:
        return amount - 1
    return amount


def after_damage(ctx: Any, f: FighterState) -> None:
    """After a fighter is dealt damage: Calloused Hands breaks and its player gains 1 spent glory point."""
    if CALLOUSED_HANDS in f.upgrades:
        st = ctx.st
        f.upgrades.remove(CALLOUSED_HANDS)
        st.players[f.seat].power_discard.append(CALLOUSED_HANDS)
        ctx.emit("UpgradeBroken", fighter=f.id, card=CALLOUSED_HANDS, name=load_cards()[CALLOUSED_HANDS].name)
        st.players[f.seat].glory_spent += 1
        ctx.emit("GloryGained", player=f.seat, amount=1, reason="card", spent=True, card=CALLOUSED_HANDS,
                 total=st.players[f.seat].total_glory)


# -- upgrades ------------------------------------------------------------------------------------------------------------------

for _card in (ADVANCING_JUGGERNAUT, BOOTS_OF_WARDING, EARTH_SHATTERING_TREAD, INURED_TO_HARDSHIP, LIKE_AN_AVALANCHE,
              TOUGH_ENOUGH, UP_FOR_A_FIGHT, CAREFUL_AIM, DESPAIRING_STRENGTH, FURY_BOUND_LEAPS, INSTINCTIVE_REPRISAL,
              STOLEN_VIGOUR, WEAKENED_SOUL, WICKED_AIM, DEADLY_WARDS, HEAVING_GROUND, UNSTABLE_FOOTING,
              JUST_PURE_LUCK, RE_EMERGENCE, THE_RIGHT_BAIT, THE_CURSE_EMPOWERS,
              MASTER_OF_DISASTER, FRENETIC_EFFORTS, TEMPTING_LURE, ENGULFING_SWALLOW, THUNDERSTOMP,
              HEAD_CHEF, POTENTIAL_COURTIER, SIGMARS_CYCLONE, BRIEF_EMERGENCE, HERE_IT_COMES, PUNCTURING_ICE_SHARDS, SPRINTING_FIEND, *brethren.AUTOMATED, *skinnerkin.AUTOMATED,
              *parasite.AUTOMATED,
              # Characteristics, attacks and dice from cards.json (rules.attacks, rules.wounds...) or the hooks above:
              MASTER_OF_CONDUCTION, BUTCHERS_STRENGTH, CALLOUSED_HANDS, DETERMINED_RESISTANCE, KITCHEN_DIRECTOR):
    AUTOMATED.add(_card)

for _card, _condition in {**brethren.OBJECTIVES, **skinnerkin.OBJECTIVES, **parasite.OBJECTIVES}.items():
    objective(_card)(_condition)


def upgrade_allowed(st: State, seat: str, card: UpgradeCard, f: FighterState) -> bool:
    """Card-specific upgrade restrictions (Weakened Soul needs a Bane of Heroes upgrade)."""
    if card.id == WEAKENED_SOUL:
        return parasite.has_bane(st, f)
    return True


def on_upgrade_assigned(ctx: Any, seat: str, card_id: str, f: FighterState) -> None:
    """Effects of giving an upgrade (Inured to Hardship: Heal 1, or a Guard marker if Large)."""
    if card_id == INURED_TO_HARDSHIP:
        if rules.is_large(ctx.st, f):
            flow.give_guard(ctx, f)
        else:
            heal(ctx, f, 1)


def heal(ctx: Any, f: FighterState, n: int) -> None:
    """Heal (X): remove up to X wound tokens (§18.2)."""
    removed = min(n, f.wounds)
    f.wounds -= removed
    if removed:
        ctx.emit("FighterHealed", fighter=f.id, name=f.name, amount=removed, wounds=f.wounds)


CARD_ACTIONS = {SPRINTING_FIEND, THUNDERSTOMP, HEAD_CHEF, MIDDEN_HEAP_SCAVENGER}
"""Upgrades that give an action or super-action."""
MOVING_CARD_ACTIONS = {SPRINTING_FIEND: 2}
"""Card super-actions made of Move actions -> how many (Full Sprint: two); choices.py runs them."""


def is_card_action(card_id: str) -> bool:
    """The upgrade gives its fighter an action usable in an activation."""
    return card_id in CARD_ACTIONS


def card_action_moves(card_id: str) -> int:
    """How many Move actions the card's super-action makes (0: none); the §13.3 Charge-marker rule applies."""
    return MOVING_CARD_ACTIONS.get(card_id, 0)


def after_card_moves(ctx: Any, f: FighterState, card_id: str) -> None:
    """Full Sprint, after its two Move actions: stagger this fighter and give it one Charge marker."""
    if card_id == SPRINTING_FIEND and f.on_battlefield:
        flow.stagger(ctx, f, by=card_id)
        f.charge += 1
        ctx.emit("MarkerGiven", fighter=f.id, name=f.name, marker="charge", by=card_id)


def use_card_action(ctx: Any, f: FighterState, card_id: str) -> None:
    """Thunderstomp: Scatter X from this fighter's hex (ruling); Head Chef: a push choice per other friendly fighter,
    then Guard; Full Sprint: its Move actions (choices.py); otherwise show the action's text."""
    c = load_cards()[card_id]
    if skinnerkin.use_card_action(ctx, f, card_id):
        return
    if card_id == THUNDERSTOMP and f.hex is not None:
        ctx.emit("CardActionUsed", fighter=f.id, name=f.name, card=card_id, card_name=c.name, text=c.text_plain,
                 automated=True)
        # "Scatter X, where X is this fighter's Wounds characteristic" (§9.2).
        scatter.start_scatter(ctx, f.seat, card_id, f.hex, rules.wounds(ctx.st, f), fighter=f.id)
        return
    if card_id == HEAD_CHEF:
        ctx.emit("CardActionUsed", fighter=f.id, name=f.name, card=card_id, card_name=c.name, text=c.text_plain,
                 automated=True)
        others = [o for o in ctx.st.surviving(f.seat) if o.on_battlefield and o.id != f.id]
        if not others:
            flow.give_guard(ctx, f)
        for i, o in enumerate(reversed(others)):  # the first fighter's choice on top; the Guard after the last
            flow.push(ctx.st, "card_choice", seat=f.seat, player=f.seat, card=card_id, target=o.id, optional=True,
                      then_guard=f.id if i == 0 else None)
        return
    if card_action_moves(card_id):
        ctx.emit("CardActionUsed", fighter=f.id, name=f.name, card=card_id, card_name=c.name, text=c.text_plain,
                 automated=True)
        flow.push(ctx.st, "card_moves", fighter=f.id, seat=f.seat, card=card_id, left=card_action_moves(card_id))
        return
    ctx.emit("CardActionUsed", fighter=f.id, name=f.name, card=card_id, card_name=c.name, text=c.text_plain,
             automated=False)


# -- ploys ------------------------------------------------------------------------------------------------------------------------


def reaction_only(card_id: str) -> bool:
    """A gambit whose every use is a reaction (it can't be played in a power step)."""
    c = load_cards().get(card_id)
    return c is not None and c.reaction and c.type != "upgrade" and c.text_plain.lstrip().startswith(
        ("Reaction", "Pick one:\nReaction"))


def near_hazard(st: State, hex_: Hex | None, tokens: bool = False, hazards: frozenset[Hex] | None = None) -> bool:
    """Within 1 hex of a lethal, trap or cover hex (and, with ``tokens``, of a feature token); ``hazards``:
    ``hazard_hexes(st, tokens)`` when the caller has them already (asking about many fighters)."""
    if hex_ is None:
        return False
    hazards = hazard_hexes(st, tokens) if hazards is None else hazards
    return hex_ in hazards or any(h in hazards for h in rules.battlefield(st).neighbours(hex_))


def hazard_hexes(st: State, tokens: bool = False) -> frozenset[Hex]:
    """The hexes ``near_hazard`` looks for: lethal, trap and cover ones (and, with ``tokens``, the feature tokens')."""
    # is_lethal, is_trap and is_cover of each, their hex sets made once
    hazards = rules.lethal_hexes(st) | rules.trap_hexes(st) | rules.cover_hexes(st)
    return hazards | {t.hex for t in st.feature_tokens} if tokens else hazards


def _opponent_picked(st: State, seat: str, plays: list[JSON]) -> list[JSON]:
    """"Then pick an opponent": with three or four players each play once per opponent (``pick``: their seat); with
    two, the opponent is the other player."""
    if len(st.seats) == 2:
        return plays
    return [{**play, "pick": other} for play in plays for other in st.opponents(seat)]


def ploy_plays(st: State, seat: str, card_id: str) -> list[JSON]:
    """Every way to play a ploy now; one bare play for a ploy the engine does not automate."""
    base = {"type": "PlayPloy", "card": card_id}
    if card_id in brethren.PLOYS:
        return brethren.ploy_plays(st, seat, card_id)
    if card_id in skinnerkin.PLOYS:
        return skinnerkin.ploy_plays(st, seat, card_id)
    if card_id in parasite.PLOYS:
        return parasite.ploy_plays(st, seat, card_id, push_hexes=push_hexes)
    if card_id == THE_RIGHT_BAIT:
        return [{**base, "fighter": a.id, "target": e.id} for a in st.surviving(seat) for e in st.enemies(seat)
                if a.hex is not None and e.hex is not None and a.hex.is_adjacent(e.hex)]
    if card_id == PUNCTURING_ICE_SHARDS:
        hazards = hazard_hexes(st)
        return _opponent_picked(st, seat, [{**base, "target": f.id} for f in st.surviving()
                                           if near_hazard(st, f.hex, hazards=hazards)])
    if card_id == BRIEF_EMERGENCE:  # Choose a fighter: stagger it, push it 1 hex (no hex: it can't be pushed)
        return _opponent_picked(st, seat, [play for f in st.surviving() if f.on_battlefield
                                           for play in ([{**base, "target": f.id, "hex": str(h)} for h in push_hexes(st, f)]
                                                        or [{**base, "target": f.id}])])
    if card_id == ENGULFING_SWALLOW:  # "Pick an empty hex": neither occupied nor blocked (§8.2)
        taken = rules.blocked(st) | st.occupied()
        return [{**base, "hex": str(h)} for h in sorted((h for h in rules.battlefield(st) if h not in taken), key=str)]
    if card_id == RE_EMERGENCE:
        mine = sorted({c for c in st.players[seat].power_discard if is_domain(c)}
                      | {p["card"] for p in st.persisting if p["seat"] == seat and is_domain(p["card"])})
        return [{**base, "target": c} for c in mine]
    return [base]


def resolve_gambit(ctx: Any, seat: str, card_id: str, choices: JSON) -> bool:
    """Apply a ploy or cast spell, then discard it or keep it face up (Domain, "next" gambits).

    Returns True when the effect goes on in a step of its own (Scatter, §9.2): that step opens the ploy's
    "power_card" reaction step once the card has resolved."""
    deferred = kept = False
    st = ctx.st
    c = load_cards()[card_id]
    if is_domain(card_id):
        for entry in [p for p in st.persisting if is_domain(p["card"])]:
            st.step_log.setdefault("domain_replaced", []).append(entry["seat"])
            discard_persisting(ctx, entry, "another Domain gambit was played")
    source = {"kind": "card", "seat": seat, "card": card_id}
    if card_id == THE_RIGHT_BAIT:
        a, e = st.fighter(choices["fighter"]), st.fighter(choices["target"])
        near = near_hazard(st, a.hex) or near_hazard(st, e.hex)
        flow.deal_damage(ctx, e, 1, source)
        if near and e.on_battlefield:
            flow.stagger(ctx, e, by=card_id)
    elif card_id in (PUNCTURING_ICE_SHARDS, BRIEF_EMERGENCE):
        # "Then pick an opponent. That opponent chooses...": their choice (choices.py) waits under this part.
        flow.push(st, "card_choice", seat=choices.get("pick") or st.other(seat), player=seat, card=card_id,
                  exclude=choices["target"],
                  optional=card_id == BRIEF_EMERGENCE, after={"tags": ["power_card"],
                                                            "wctx": {"card": card_id, "player": seat}})
        deferred = True
        target = st.fighter(choices["target"])
        if card_id == PUNCTURING_ICE_SHARDS:
            flow.deal_damage(ctx, target, 1, source)
        else:
            flow.stagger(ctx, target, by=card_id)
            if choices.get("hex"):
                push_fighter(ctx, target, Hex.parse(choices["hex"]))
    elif card_id == RE_EMERGENCE:
        target = choices["target"]
        # A *friendly* Domain card: both players may have the same card id face up (mirror decks).
        entry = next((p for p in st.persisting if p["card"] == target and p["seat"] == seat), None)
        if entry is not None:
            st.persisting.remove(entry)
        elif target in st.players[seat].power_discard:
            st.players[seat].power_discard.remove(target)
        st.players[seat].power.append(target)
        ctx.emit("CardReturnedToHand", player=seat, card=target, name=load_cards()[target].name)
    elif card_id == ENGULFING_SWALLOW:  # Scatter 2 from the picked empty hex.
        scatter.start_scatter(ctx, seat, card_id, Hex.parse(choices["hex"]), 2,
                              after={"tags": ["power_card"], "wctx": {"card": card_id, "player": seat}})
        deferred = True
    elif card_id in brethren.PLOYS:
        kept = brethren.resolve_ploy(ctx, seat, card_id, choices)
    elif card_id in skinnerkin.PLOYS:
        kept = skinnerkin.resolve_ploy(ctx, seat, card_id, choices, heal=heal)
        deferred = card_id in skinnerkin.OWN_STEP
    elif card_id in parasite.PLOYS:
        parasite.resolve_ploy(ctx, seat, card_id, choices, heal=heal, push_fighter=push_fighter)
    elif not is_automated(card_id):
        ctx.emit("CardTextToSettle", player=seat, card=card_id, name=c.name, text=c.text_plain)
    if is_domain(card_id):
        until = st.round + 1 if card_id == HERE_IT_COMES else st.round
        st.persisting.append({"card": card_id, "seat": seat, "until_round": until, "domain": True})
        ctx.emit("GambitPersists", player=seat, card=card_id, name=c.name)
    elif card_id == THE_CURSE_EMPOWERS:
        st.persisting.append({"card": card_id, "seat": seat, "until_round": st.round, "next": True,
                              "turn": st.turns_taken})
        ctx.emit("GambitPersists", player=seat, card=card_id, name=c.name)
    elif kept:
        ctx.emit("GambitPersists", player=seat, card=card_id, name=c.name)
    else:
        st.players[seat].power_discard.append(card_id)
    return deferred


def after_scatter(ctx: Any, seat: str, card_id: str, chain: Any, fighter_id: str | None) -> None:
    """What a scatter card does with its chain (§9.2 step 8); no chain, no effect of the chain."""
    st = ctx.st
    source = {"kind": "card", "seat": seat, "card": card_id}
    if card_id == ENGULFING_SWALLOW and chain.final is not None:
        # Roll a magic dice for each fighter within 1 hex of the final hex: focus, 1 damage; otherwise stagger.
        near = [f for f in st.surviving() if f.on_battlefield and f.hex is not None
                and f.hex.distance(chain.final) <= 1]
        flow.magic_die_each(ctx, seat, card_id, near, "focus", source)
    elif card_id == THUNDERSTOMP:
        # Deal 1 damage to each fighter in the chain, then break this card.
        in_chain = set(chain.hexes)
        for f in [x for x in st.surviving() if x.on_battlefield and x.hex in in_chain]:
            flow.deal_damage(ctx, f, 1, source)
        holder = st.find_fighter(fighter_id or "")
        if holder is not None and THUNDERSTOMP in holder.upgrades:
            holder.upgrades.remove(THUNDERSTOMP)
            st.players[holder.seat].power_discard.append(THUNDERSTOMP)
            ctx.emit("UpgradeBroken", fighter=holder.id, card=THUNDERSTOMP, name=load_cards()[THUNDERSTOMP].name)


# -- reactions ---------------------------------------------------------------------------------------------------------------------


def _holder_reactions(st: State, tags: set[str], wctx: JSON, mine: list[FighterState]) -> list[JSON]:
    """The reactions of the upgrades on ``mine`` (a seat's surviving fighters)."""
    out = []
    for f in mine:
        for u in f.upgrades:
            if _upgrade_reaction_ok(st, f, u, tags, wctx):
                out += [{"type": "PlayReaction", "card": u, "fighter": f.id, **c} for c in _reaction_choices(st, f, u)]
    return out


def push_hexes(st: State, f: FighterState, towards: Hex | None = None) -> list[Hex]:
    """Where a push of 1 hex can take ``f`` (§14): an adjacent battlefield hex neither blocked nor occupied,
    strictly closer to ``towards`` if given; none if the fighter cannot be pushed."""
    if f.hex is None or not f.on_battlefield or cannot_be_pushed(st, f):
        return []
    dests = push_destinations(rules.battlefield(st), f.hex, 1, blocked=rules.blocked(st),
                              occupied=st.occupied() - {f.hex}, towards=towards)
    return sorted(dests, key=str)


def push_fighter(ctx: Any, f: FighterState, to: Hex, towards: Hex | None = None) -> bool:
    """Push ``f`` 1 hex to ``to`` if that is still a legal push (lethal and trap hexes apply); False otherwise."""
    if to not in push_hexes(ctx.st, f, towards):
        return False
    flow.relocate(ctx, f, [to], how="push")  # a lethal hex entered deals its own damage (§14)
    return True


def _lure_paths(st: State, f: FighterState, mover: FighterState) -> dict[Hex, list[Hex]]:
    """Tempting Lure: pushes of ``f`` closer to ``mover``, 1 hex, or up to 3 if ``mover`` has a Bane of Heroes."""
    if mover.hex is None:
        return {}
    if parasite.has_bane(st, mover):
        return parasite.closer_paths(st, f, mover.hex, 3) if push_hexes(st, f) else {}  # empty: it can't be pushed
    return {h: [h] for h in push_hexes(st, f, towards=mover.hex)}  # none where it can't be pushed


def _reaction_choices(st: State, f: FighterState, u: str) -> list[JSON]:
    """The choices an automated upgrade reaction is declared with ([{}]: none to make)."""
    if u == MASTER_OF_DISASTER:  # Pick one: push this fighter 1 hex, or stagger an enemy fighter.
        return [{"hex": str(h)} for h in push_hexes(st, f)] + \
            [{"target": e.id} for e in st.enemies(f.seat)]
    if u == FRENETIC_EFFORTS:  # Push this fighter 1 hex.
        return [{"hex": str(h)} for h in push_hexes(st, f)]
    return [{}]


def _upgrade_reaction_ok(st: State, f: FighterState, u: str, tags: set[str], wctx: JSON) -> bool:
    me = wctx.get("fighter") == f.id
    if u == ADVANCING_JUGGERNAUT:
        return "move" in tags and me and not wctx.get("superaction") and \
            rules.territory_of(st, f.hex) not in (None, f.seat)
    if u == INURED_TO_HARDSHIP:
        return "round_start" in tags and f.wounds > 0 and not rules.is_large(st, f)
    if u == LIKE_AN_AVALANCHE:
        return "domain_discarded" in tags and bool(f.move or f.charge)
    if u == MASTER_OF_DISASTER:
        return "domain_discarded" in tags
    if u == FRENETIC_EFFORTS:
        return "stun" in tags and me
    if u == FURY_BOUND_LEAPS:
        return "stun" in tags and me and wctx.get("superaction") == "barge" and f.move > 0
    if u == INSTINCTIVE_REPRISAL:
        attacker = st.find_fighter(wctx.get("attacker") or "")
        return ("damage" in tags and me and wctx.get("source", {}).get("kind") == "attack" and attacker is not None
                and attacker.on_battlefield and attacker.seat != f.seat and attacker.hex is not None
                and attacker.hex.is_adjacent(f.hex))
    if u in (SIGMARS_CYCLONE, POTENTIAL_COURTIER):
        return bool(_follow_up_attackers(st, f, u, tags, wctx))
    return False


def _follow_up_attackers(st: State, f: FighterState, card_id: str, tags: set[str], wctx: JSON) -> list[str]:
    """Who a follow-up attack reaction lets attack after this fighter's successful Attack action: Sigmar's Cyclone
    (this fighter, its card's attack, after another non-Scything one), Potential Courtier (each other friendly
    fighter adjacent to the target, after a Range 1 non-Scything one)."""
    if "attack" not in tags or "attack_failed" in tags or wctx.get("attacker") != f.id:
        return []
    last = next((a for a in reversed(st.step_log.get("attacks", [])) if a["attacker"] == f.id), None)
    if last is None or not last["succeeded"] or last.get("scything"):
        return []
    if card_id == SIGMARS_CYCLONE:
        return [f.id] if last.get("source") != SIGMARS_CYCLONE else []
    target = st.find_fighter(last["target"])
    if last["range"] != 1 or target is None or not target.on_battlefield or target.hex is None:
        return []
    return [o.id for o in st.surviving(f.seat) if o.id != f.id and o.hex is not None and o.hex.is_adjacent(target.hex)]


def _reaction_decks(hand: list[str], mine: list[FighterState]) -> set[str]:
    """The decks of the cards with a Reaction in a seat's hand or on its surviving fighters (``mine``). Without such
    a card a player has no reaction (§26), and a warband deck's module offers only its own cards'. Asked at every
    reaction step, for each seat."""
    deck_of = _reaction_deck_of()
    decks = {deck_of[c] for c in hand if c in deck_of}
    for f in mine:
        if f.upgrades:
            decks.update(deck_of[u] for u in f.upgrades if u in deck_of)
    return decks


_DECK_OF: list[tuple[dict[str, Any], dict[str, str | None]]] = []
"""The shipped cards and the deck of each one with a Reaction, by card id."""


def _reaction_deck_of() -> dict[str, str | None]:
    cards = load_cards()
    if not _DECK_OF or _DECK_OF[0][0] is not cards:
        _DECK_OF[:] = [(cards, {card_id: c.deck for card_id, c in cards.items() if c.reaction})]
    return _DECK_OF[0][1]


def reaction_options(st: State, seat: str, tags: set[str], wctx: JSON) -> list[JSON]:
    """Reactions ``seat`` can use in a step with ``tags``: gambits in hand, then upgrades' reactions."""
    out: list[JSON] = []
    hand, mine = st.players[seat].power, st.surviving(seat)
    decks = _reaction_decks(hand, mine)
    if not decks:
        return out
    if JUST_PURE_LUCK in hand and "damage" in tags and wctx.get("amount") == 1:
        f = st.find_fighter(wctx.get("fighter") or "")
        if f is not None and f.seat == seat and f.on_battlefield and f.wounds < rules.wounds(st, f):
            out.append({"type": "PlayReaction", "card": JUST_PURE_LUCK})
    mover = st.find_fighter(wctx.get("fighter") or "") if "move" in tags else None
    if TEMPTING_LURE in hand and mover is not None and mover.hex is not None:
        # Choose a friendly fighter; push it 1 hex (with a Bane of Heroes, up to 3) closer to the fighter that moved.
        out += [{"type": "PlayReaction", "card": TEMPTING_LURE, "target": f.id, "hex": str(h)}
                for f in mine if f.id != mover.id for h in _lure_paths(st, f, mover)]
    if brethren.DECK in decks:
        out += brethren.reaction_options(st, seat, tags, wctx, push_hexes=push_hexes, damage_of=attack_damage)
    if skinnerkin.DECK in decks:
        out += skinnerkin.reaction_options(st, seat, tags, wctx)
    if parasite.DECK in decks:
        out += parasite.reaction_options(st, seat, tags, wctx)
    return out + _holder_reactions(st, tags, wctx, mine)


def declare_reaction(ctx: Any, seat: str, card_id: str, fighter_id: str | None) -> None:
    """Reveal a reaction: a gambit leaves the hand now and is discarded when resolved (§26.1)."""
    c = load_cards()[card_id]
    if fighter_id is None and card_id in ctx.st.players[seat].power:
        ctx.st.players[seat].power.remove(card_id)
    ctx.emit("ReactionDeclared", player=seat, card=card_id, name=c.name, fighter=fighter_id, text=c.text_plain,
             automated=is_automated(card_id))


def resolve_reaction(ctx: Any, seat: str, card_id: str, fighter_id: str | None, tags: list[str], wctx: JSON,
                     choices: JSON | None = None) -> None:
    """Resolve one reaction of a chain, if it still can be (§26.3); a gambit is then discarded.

    ``choices`` is the declared reaction (``target``/``hex`` where the card automates its choices). A push whose
    hex is no longer free when it resolves is left to the players (its text travels)."""
    st = ctx.st
    c = load_cards()[card_id]
    choices = choices or {}
    to = Hex.parse(choices["hex"]) if choices.get("hex") else None
    holder = st.find_fighter(fighter_id) if fighter_id else None
    if holder is not None and not holder.on_battlefield:
        ctx.emit("ReactionFizzled", player=seat, card=card_id, name=c.name)
        return
    if card_id == JUST_PURE_LUCK:
        f = st.find_fighter(wctx.get("fighter") or "")
        if f is not None and f.on_battlefield and f.wounds < rules.wounds(st, f):
            f.wounds = max(0, f.wounds - 1)
            ctx.emit("DamagePrevented", fighter=f.id, source=card_id)
    elif card_id == ADVANCING_JUGGERNAUT and holder is not None:
        flow.give_guard(ctx, holder)
    elif card_id == INURED_TO_HARDSHIP and holder is not None:
        heal(ctx, holder, 1)
    elif card_id == LIKE_AN_AVALANCHE and holder is not None:
        holder.move = holder.charge = 0
        ctx.emit("MarkersRemoved", fighter=holder.id, markers=["move", "charge"], by=card_id)
    elif card_id == FURY_BOUND_LEAPS and holder is not None and holder.move:
        holder.move -= 1
        ctx.emit("MarkersRemoved", fighter=holder.id, markers=["move"], by=card_id)
    elif card_id in (MASTER_OF_DISASTER, FRENETIC_EFFORTS) and holder is not None and to is not None:
        below = len(st.stack)  # the push's damage (a lethal hex) resolves before what follows the push
        if not push_fighter(ctx, holder, to):  # the hex was taken meanwhile: no effect (seed 000 line 1348)
            ctx.emit("ReactionFizzled", player=seat, card=card_id, name=c.name)
        elif card_id == FRENETIC_EFFORTS and parasite.has_bane(st, holder):  # then a Range 1 Attack action
            st.stack.insert(below, {"kind": "card_attacks", "seat": seat, "card": card_id, "fighters": [holder.id],
                                    "range1": True, "scything_ok": True})
    elif card_id == MASTER_OF_DISASTER and holder is not None and choices.get("target"):
        enemy = st.find_fighter(choices["target"])
        if enemy is not None and enemy.on_battlefield:
            flow.stagger(ctx, enemy, by=card_id)
    elif card_id == TEMPTING_LURE and choices.get("target") and to is not None:
        chosen, mover = st.find_fighter(choices["target"]), st.find_fighter(wctx.get("fighter") or "")
        path = _lure_paths(st, chosen, mover).get(to) if chosen is not None and mover is not None else None
        ok = path is not None and mover is not None and mover.on_battlefield
        if ok and chosen is not None:
            flow.relocate(ctx, chosen, path, how="push")  # a lethal hex entered deals its own damage (§14)
        if not ok:  # an earlier reaction of the chain made the push impossible: discarded (seed 000 line 1348)
            ctx.emit("ReactionFizzled", player=seat, card=card_id, name=c.name)
    elif brethren.resolve_reaction(ctx, seat, card_id, holder, wctx, choices, push_fighter=push_fighter, heal=heal):
        pass
    elif skinnerkin.resolve_reaction(ctx, seat, card_id, holder, wctx, choices, heal=heal):
        pass
    elif parasite.resolve_reaction(ctx, seat, card_id, holder, tags, wctx, choices, heal=heal):
        pass
    elif card_id in (SIGMARS_CYCLONE, POTENTIAL_COURTIER) and holder is not None:
        fighters = _follow_up_attackers(st, holder, card_id, set(tags), wctx)
        last = next((a for a in reversed(st.step_log.get("attacks", [])) if a["attacker"] == holder.id), {})
        flow.push(st, "card_attacks", seat=seat, card=card_id, fighters=fighters,
                  **({"source": card_id} if card_id == SIGMARS_CYCLONE else {"range1": True, "target": last.get("target")}))
    elif card_id == INSTINCTIVE_REPRISAL and holder is not None:
        attacker = st.find_fighter(wctx.get("attacker") or "")
        if attacker is not None and attacker.on_battlefield:
            flow.deal_damage(ctx, attacker, parasite.reprisal_damage(ctx, seat, holder),
                             {"kind": "card", "seat": seat, "card": card_id, "fighter": holder.id})
    else:
        ctx.emit("CardTextToSettle", player=seat, card=card_id, name=c.name, text=c.text_plain)
    if isinstance(c, PloyCard):
        st.players[seat].power_discard.append(card_id)
    ctx.emit("ReactionResolved", player=seat, card=card_id, name=c.name)


def is_upgrade(card_id: str) -> bool:
    """The card is an upgrade."""
    return isinstance(load_cards().get(card_id), UpgradeCard)


def after_power_step(ctx: Any) -> None:
    """Here it Comes!: after the last power step of the round after it was played, the players roll off and the
    winner picks a territory (choices.py deals the damage)."""
    st = ctx.st
    entry = persisting(st, HERE_IT_COMES)
    last = st.turns_taken + 1 >= st.turns_in_round()
    if entry is None or not last or entry.get("until_round") != st.round or entry.get("resolved"):
        return
    from engine.underworlds.setup import roll_off  # setup builds the match; it imports the rules, not the cards
    entry["resolved"] = True
    winner = roll_off(ctx, load_cards()[HERE_IT_COMES].name)
    flow.push(st, "card_choice", seat=winner, player=entry["seat"], card=HERE_IT_COMES, optional=False)


# -- automation coverage ---------------------------------------------------------------------------------------------------------

COVERAGE_LEVELS = ("automated", "partial", "referee")
"""``automated``: the engine applies the whole effect (an objective's whole scoring condition); ``partial``: part
of it, the rest travels as text; ``referee``: the card plays, its text is settled with referee actions."""


def coverage_level(card_id: str) -> str:
    """How much of one card the engine applies: one of ``COVERAGE_LEVELS``."""
    if card_id in AUTOMATED:
        return "automated"
    return "partial" if card_id in PARTIAL else "referee"


def automation_coverage() -> dict[str, Any]:
    """Automation of every shipped card, per card, per deck and in total.

    ``{"cards": {id: {"name", "deck", "type", "level", "note"}}, "decks": {deck: {level: n}},
    "totals": {"automated": n, "partial": n, "referee": n, "cards": n}, "summary": "N of 128 cards ..."}``
    """
    cards: dict[str, JSON] = {}
    decks: dict[str, dict[str, int]] = {}
    totals = dict.fromkeys(COVERAGE_LEVELS, 0)
    for card_id, c in sorted(load_cards().items()):
        level = coverage_level(card_id)
        cards[card_id] = {"name": c.name, "deck": c.deck, "type": c.type, "level": level,
                          "note": PARTIAL.get(card_id, "")}
        decks.setdefault(c.deck or "", dict.fromkeys(COVERAGE_LEVELS, 0))[level] += 1
        totals[level] += 1
    total = len(cards)
    summary = (f"{totals['automated']} of {total} cards automated, {totals['partial']} in part, "
               f"{totals['referee']} by referee actions")
    return {"cards": cards, "decks": decks, "totals": {**totals, "cards": total}, "summary": summary}


# The rule modules below this one (rules, flow, scatter) ask the cards through card_hooks: answer them here.
card_hooks.answered_by(sys.modules[__name__])
