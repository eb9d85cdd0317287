"""The Hungering Parasite cards (47001-47032) and the Bane of Heroes upgrade they refer to.

The plot card that brings the Bane of Heroes upgrade is in no source, so its rules (how it starts, what it does) are
not invented here. Each warband's upgrade is a record in the state (``PlayerState.bane``: the fighter that has it, or
none, and whether it was broken); the players give, move and break it with the referee action ``BaneOfHeroes``
(``referee.py`` calls ``give`` and ``break_bane``), and the deck's cards read it and change it. A fighter can have
several Bane of Heroes upgrades (one per warband playing the deck): "one or more Bane of Heroes upgrades" counts them
all, "your warband's" reads one. A fighter taken out of action keeps the record, but conditions about where it is or
what it holds count it only while it is on the battlefield (ruling).

``effects`` asks this module for the deck's objectives (``OBJECTIVES``), ploys, reactions and modifiers, as it asks
``brethren``; it reads the rules and acts through ``flow``, and never imports ``effects`` (what it needs of it, such as
``heal`` or ``push_hexes``, is handed in).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.dice import get_die, roll
from engine.underworlds import flow, rules
from engine.underworlds.battlefield import push_destinations
from engine.underworlds.cards import load_cards
from engine.underworlds.hexgrid import Hex
from engine.underworlds.state import FighterState, State

JSON = dict[str, Any]

BANES_TRIUMPH, BEYOND_EXHAUSTED, CURSED_TYRANT, DEADLY_INFLUENCE = "47001", "47002", "47003", "47004"
DRIVEN_BY_THE_CURSE, FAR_AND_WIDE, POWERFUL_PAWN, SEEK_THE_CURE = "47005", "47006", "47007", "47008"
TEMPORARY_REPRIEVE, THE_CLUTCHES_OF_EVIL, THEIR_PROBLEM_NOW, THWARTED_DESTINY = "47009", "47010", "47011", "47012"
A_CURSE_DIVIDED, LURE_OF_POWER, MALEFIC_SIPHON, OPPORTUNISTIC_LEECH = "47013", "47014", "47015", "47016"
PULSE_OF_HUNGER, SUDDEN_SWAP, THE_CURSE_DEMANDS, THE_CURSE_HUNGERS = "47017", "47018", "47020", "47022"
CAREFUL_AIM, DESPAIRING_STRENGTH, DIVINE_FORTITUDE, FURY_BOUND_LEAPS = "47023", "47024", "47025", "47027"
STOLEN_VIGOUR, TENACIOUS_RESILIENCE, WEAKENED_SOUL, WICKED_AIM = "47029", "47030", "47031", "47032"

DECK = "hungering-parasite-rivals"
"""The Rivals deck whose plot brings a Bane of Heroes upgrade."""
BANE_DAMAGE = "bane-of-heroes"
"""``card`` of damage a Bane of Heroes upgrade deals (a referee ``AdjustWounds``): Divine Fortitude refuses it."""

PLOYS = frozenset({A_CURSE_DIVIDED, LURE_OF_POWER, MALEFIC_SIPHON, PULSE_OF_HUNGER, SUDDEN_SWAP, THE_CURSE_DEMANDS})
"""Ploys played in a power step (Opportunistic Leech and The Curse Hungers are reactions)."""
OBJECTIVES: dict[str, Callable[[State, str, str], int | None]] = {}
"""Objective id -> condition(state, seat, moment) giving the glory to gain, or None (``effects.objective_glory``)."""
SURGES_AFTER_INSPIRE = ("before_activation", "after_activation", "after_power")
"""Surge steps, each right after an inspire step (``turns``)."""


# -- the Bane of Heroes upgrade ----------------------------------------------------------------------------------------


def has_plot(st: State, seat: str) -> bool:
    """The seat plays the Hungering Parasite deck, whose plot brings its warband's Bane of Heroes upgrade: the whole
    Rivals deck, or a built deck holding its cards (§6.2 Plot card, §7 Relic; ``docs/rulings/underworlds.md``)."""
    player = st.players[seat]
    return player.deck == DECK or DECK in player.plot_decks


def holder(st: State, seat: str) -> FighterState | None:
    """The fighter that has ``seat``'s Bane of Heroes upgrade (taken out of action too), or None."""
    fid = st.players[seat].bane.holder
    return st.find_fighter(fid) if fid else None


def surviving_holder(st: State, seat: str) -> FighterState | None:
    """The fighter that has ``seat``'s Bane of Heroes upgrade, if it is on the battlefield."""
    f = holder(st, seat)
    return f if f is not None and f.on_battlefield and f.hex is not None else None


def banes(st: State, f: FighterState) -> list[str]:
    """The seats whose Bane of Heroes upgrade ``f`` has."""
    return [s for s in st.seats if st.players[s].bane.holder == f.id]


def has_bane(st: State, f: FighterState) -> bool:
    """``f`` has one or more Bane of Heroes upgrades (``banes`` not empty; asked for every attack and Move listed)."""
    fid, players = f.id, st.players
    for seat in st.seats:
        if players[seat].bane.holder == fid:
            return True
    return False


def _log(st: State, seat: str, event: str, f: FighterState) -> None:
    st.step_log.setdefault("bane", []).append({"seat": seat, "event": event, "fighter": f.id, "inspired": f.inspired})


def give(ctx: Any, seat: str, f: FighterState, by: str) -> None:
    """Give (or move) ``seat``'s Bane of Heroes upgrade to ``f``, then the "bane_given" reaction step."""
    bane = ctx.st.players[seat].bane
    before = bane.holder
    bane.holder, bane.broken = f.id, False
    _log(ctx.st, seat, "given", f)
    ctx.emit("BaneOfHeroesGiven", player=seat, fighter=f.id, name=f.name, previous=before, by=by)
    flow.open_window(ctx, ["bane_given"], {"fighter": f.id, "player": seat})


def break_bane(ctx: Any, seat: str, by: str) -> bool:
    """Break ``seat``'s Bane of Heroes upgrade; False if no fighter has it."""
    st = ctx.st
    f = holder(st, seat)
    if f is None:
        return False
    st.players[seat].bane.holder, st.players[seat].bane.broken = None, True
    _log(st, seat, "broken", f)
    ctx.emit("BaneOfHeroesBroken", player=seat, fighter=f.id, name=f.name, by=by)
    return True


def break_banes_of(ctx: Any, f: FighterState, by: str) -> None:
    """Break every Bane of Heroes upgrade ``f`` has."""
    for seat in banes(ctx.st, f):
        break_bane(ctx, seat, by)


def _break_card(ctx: Any, f: FighterState, card_id: str) -> None:
    if card_id in f.upgrades:
        f.upgrades.remove(card_id)
        ctx.st.players[f.seat].power_discard.append(card_id)
        ctx.emit("UpgradeBroken", fighter=f.id, card=card_id, name=load_cards()[card_id].name)


# -- objectives ------------------------------------------------------------------------------------------------------


def _objective(card_id: str) -> Callable[[Callable[[State, str, str], bool | int]], Any]:
    """Register a condition: True (the card's glory), an int of extra glory over it, or False."""
    def wrap(fn: Callable[[State, str, str], bool | int]) -> Any:
        def glory(st: State, seat: str, moment: str) -> int | None:
            met = fn(st, seat, moment)
            if met is False:
                return None
            return load_cards()[card_id].glory + (0 if met is True else int(met))  # type: ignore[union-attr]
        glory.__doc__ = fn.__doc__
        OBJECTIVES[card_id] = glory
        return fn
    return wrap


def _enemy_territory(st: State, seat: str, hex_: Hex | None) -> str | None:
    """The enemy territory ``hex_`` is in, or None (own or no one's territory)."""
    place = rules.territory_of(st, hex_) if hex_ is not None else None
    return place if place is not None and place != seat else None


@_objective(BANES_TRIUMPH)
def _banes_triumph(st: State, seat: str, moment: str) -> bool:
    """Dual, end: a friendly fighter with your Bane is in enemy territory, and no other friendly fighter is there."""
    f = surviving_holder(st, seat)
    if moment != "end" or f is None or f.seat != seat or _enemy_territory(st, seat, f.hex) is None:
        return False
    place = rules.territory_of(st, f.hex)  # type: ignore[arg-type]
    return not any(o.id != f.id and o.hex is not None and rules.territory_of(st, o.hex) == place
                   for o in st.surviving(seat))


@_objective(BEYOND_EXHAUSTED)
def _beyond_exhausted(st: State, seat: str, moment: str) -> bool:
    """End: the fighter with your Bane has one or more Move and/or Charge markers."""
    f = surviving_holder(st, seat)
    return moment == "end" and f is not None and bool(f.move or f.charge)


@_objective(CURSED_TYRANT)
def _cursed_tyrant(st: State, seat: str, moment: str) -> bool:
    """Dual, end: a friendly fighter has 4 or more upgrades, one or more of them a Bane of Heroes upgrade."""
    return moment == "end" and any(banes(st, f) and len(f.upgrades) + len(banes(st, f)) >= 4
                                   for f in st.surviving(seat))


@_objective(DEADLY_INFLUENCE)
def _deadly_influence(st: State, seat: str, moment: str) -> bool:
    """Surge, after an activation step: the fighter with your Bane was staggered or dealt damage by a lethal hex."""
    f = holder(st, seat)
    hit = set(st.step_log.get("staggered", [])) | set(st.step_log.get("lethal_damage", []))
    return moment == "after_activation" and f is not None and f.id in hit


@_objective(DRIVEN_BY_THE_CURSE)
def _driven_by_the_curse(st: State, seat: str, moment: str) -> bool:
    """Surge, after an activation step: the fighter with your Bane made a successful Attack action."""
    f = holder(st, seat)
    return moment == "after_activation" and f is not None and any(
        a["attacker"] == f.id and a["succeeded"] for a in st.step_log.get("attacks", []))


@_objective(FAR_AND_WIDE)
def _far_and_wide(st: State, seat: str, moment: str) -> bool | int:
    """End: the fighter with your Bane holds an objective; +1 glory if that objective is in enemy territory."""
    f = surviving_holder(st, seat)
    if moment != "end" or f is None or not rules.holds_objective(st, f):
        return False
    return 1 if _enemy_territory(st, seat, f.hex) else True


@_objective(POWERFUL_PAWN)
def _powerful_pawn(st: State, seat: str, moment: str) -> bool:
    """Hybrid, end: an enemy leader has your Bane, or a friendly leader in enemy territory has it."""
    f = surviving_holder(st, seat)
    if moment != "end" or f is None or not rules.card_of(st, f).leader:
        return False
    return f.seat != seat or _enemy_territory(st, seat, f.hex) is not None


@_objective(SEEK_THE_CURE)
def _seek_the_cure(st: State, seat: str, moment: str) -> bool:
    """Surge, dual, after an activation step: the fighter with your Bane holds an objective and has 2+ Move markers."""
    f = surviving_holder(st, seat)
    return moment == "after_activation" and f is not None and rules.holds_objective(st, f) and f.move >= 2


@_objective(TEMPORARY_REPRIEVE)
def _temporary_reprieve(st: State, seat: str, moment: str) -> bool:
    """Surge, after an activation step in which your warband's Bane was broken."""
    return moment == "after_activation" and any(e["seat"] == seat and e["event"] == "broken"
                                                for e in st.step_log.get("bane", []))


@_objective(THE_CLUTCHES_OF_EVIL)
def _the_clutches_of_evil(st: State, seat: str, moment: str) -> bool:
    """Surge, after an activation step: an enemy fighter has your Bane."""
    f = surviving_holder(st, seat)
    return moment == "after_activation" and f is not None and f.seat != seat


@_objective(THEIR_PROBLEM_NOW)
def _their_problem_now(st: State, seat: str, moment: str) -> bool:
    """Dual, end: more surviving friendly fighters than surviving enemy fighters, and an enemy fighter has your Bane."""
    f = surviving_holder(st, seat)
    enemies = [e for e in st.surviving() if e.seat != seat]
    return moment == "end" and f is not None and f.seat != seat and len(st.surviving(seat)) > len(enemies)


@_objective(THWARTED_DESTINY)
def _thwarted_destiny(st: State, seat: str, moment: str) -> bool:
    """Surge, hybrid, after an inspire step: you gave your Bane to an Inspired fighter in that step, or the fighter
    with your Bane was taken out of action."""
    if moment not in SURGES_AFTER_INSPIRE:
        return False
    events = [e for e in st.step_log.get("bane", []) if e["seat"] == seat]
    if any(e["event"] == "given" and e["inspired"] for e in events):
        return True
    had = {e["fighter"] for e in events if e["event"] == "broken"} | {st.players[seat].bane.holder}
    return any(o["fighter"] in had for o in st.step_log.get("out_of_action", []))


# -- ploys -------------------------------------------------------------------------------------------------------------


def _on(st: State, seat: str | None = None) -> list[FighterState]:
    return [f for f in st.surviving(seat) if f.on_battlefield and f.hex is not None]


def _bearers(st: State) -> list[FighterState]:
    """Fighters on the battlefield with one or more Bane of Heroes upgrades."""
    return [f for f in _on(st) if has_bane(st, f)]


def _within(a: FighterState, b: FighterState, n: int) -> bool:
    return a.hex is not None and b.hex is not None and a.hex.distance(b.hex) <= n


def _on_objective(st: State, f: FighterState) -> bool:
    return any(t.hex == f.hex for t in rules.objective_tokens(st))


def ploy_plays(st: State, seat: str, card_id: str, *, push_hexes: Any) -> list[JSON]:
    """Every way to play one of this module's ploys now (none: its condition is not met)."""
    base = {"type": "PlayPloy", "card": card_id}
    mine = surviving_holder(st, seat)
    if card_id == A_CURSE_DIVIDED:  # a fighter with Banes adjacent to one or more fighters
        return [{**base, "target": f.id} for f in _bearers(st)
                if any(o.id != f.id and _within(f, o, 1) for o in _on(st))]
    if card_id == LURE_OF_POWER:  # a fighter with Banes on an objective
        return [{**base, "target": f.id} for f in _bearers(st) if _on_objective(st, f)]
    if card_id == THE_CURSE_DEMANDS:  # a fighter with Banes; push it 1 hex
        return [{**base, "target": f.id, "hex": str(h)} for f in _bearers(st) for h in push_hexes(st, f)]
    if mine is None:
        return []
    if card_id == MALEFIC_SIPHON:  # Heal the fighter with your Bane; then another fighter within 3 hexes of it
        others = [o for o in _on(st) if o.id != mine.id and _within(mine, o, 3)]
        return [{**base, "fighter": mine.id, "target": o.id} for o in others] or [{**base, "fighter": mine.id}]
    if card_id == PULSE_OF_HUNGER:
        return [{**base, "fighter": mine.id}]
    if card_id == SUDDEN_SWAP and mine.seat == seat:  # two friendly fighters, one with your Bane
        return [{**base, "fighter": mine.id, "target": o.id} for o in _on(st, seat) if o.id != mine.id]
    return []


def resolve_ploy(ctx: Any, seat: str, card_id: str, choices: JSON, *, heal: Any, push_fighter: Any) -> None:
    """Apply one of this module's ploys (each is discarded once resolved)."""
    st = ctx.st
    source = {"kind": "card", "seat": seat, "card": card_id}
    f = st.find_fighter(choices.get("fighter") or "")
    target = st.find_fighter(choices.get("target") or "")
    if card_id in (A_CURSE_DIVIDED, LURE_OF_POWER) and target is not None:
        break_banes_of(ctx, target, by=card_id)
    elif card_id == THE_CURSE_DEMANDS and target is not None:
        push_fighter(ctx, target, Hex.parse(choices["hex"]))
    elif card_id == MALEFIC_SIPHON and f is not None:
        heal(ctx, f, 1)
        if target is not None and target.on_battlefield:
            flow.deal_damage(ctx, target, 1, source)
    elif card_id == PULSE_OF_HUNGER and f is not None:
        # Roll a magic dice for each fighter within 1 hex of the chosen one, the chosen one too (a fighter is always
        # 0 hexes from itself, seed 000 line 422): a critical, 1 damage; else stagger.
        flow.magic_die_each(ctx, seat, card_id, [o for o in _on(st) if _within(f, o, 1)], "critical", source)
    elif card_id == SUDDEN_SWAP and f is not None and target is not None and f.hex and target.hex:
        # Remove both, then place each in the hex the other occupied (placed: lethal and trap hexes apply).
        here, there = f.hex, target.hex
        flow.relocate(ctx, f, [there], how="placed")
        flow.relocate(ctx, target, [here], how="placed")


# -- modifiers -------------------------------------------------------------------------------------------------------


def modify_attack(st: State, f: FighterState, profile: JSON) -> None:
    """Despairing Strength (Range 1: Grievous 1, or +1 Damage with a Bane) and Wicked Aim (+1 Range, or +2 with a
    Bane; never on a Scything attack)."""
    bane = has_bane(st, f)
    if DESPAIRING_STRENGTH in f.upgrades and profile["range"] == 1:
        profile["damage" if bane else "grievous"] += 1
    if WICKED_AIM in f.upgrades and not profile["scything"]:
        profile["range"] += 2 if bane else 1


def extra_attack_dice(st: State, attacker: FighterState, target: FighterState) -> int:
    """Careful Aim: +1 Dice to this fighter's Attack actions whose target has one or more Bane of Heroes upgrades."""
    return 1 if CAREFUL_AIM in attacker.upgrades and has_bane(st, target) else 0


def grants_flying(st: State, f: FighterState) -> bool:
    """Fury-bound Leaps: Flying while this fighter has one or more Bane of Heroes upgrades."""
    return FURY_BOUND_LEAPS in f.upgrades and has_bane(st, f)


def prevents(st: State, f: FighterState, source: JSON) -> bool:
    """Divine Fortitude: this fighter cannot be dealt damage by a Bane of Heroes upgrade."""
    return DIVINE_FORTITUDE in f.upgrades and source.get("card") == BANE_DAMAGE


def curse_empowers(st: State, f: FighterState, profile: JSON, *, first: bool) -> JSON | None:
    """The Curse Empowers on a friendly Attack action of the next activation step: +1 Damage if it is the first one
    (``first``) and its fighter has a Bane, else Grievous 1 if it is the first Range 1 or 2 one; None when it does
    not apply to this one."""
    if first and has_bane(st, f):
        return {**profile, "damage": profile["damage"] + 1}
    if profile["range"] in (1, 2):
        return {**profile, "grievous": profile["grievous"] + 1}
    return None


def closer_paths(st: State, f: FighterState, towards: Hex, n: int) -> dict[Hex, list[Hex]]:
    """Tempting Lure with a Bane: pushes of 1 to ``n`` hexes, each hex closer to ``towards`` (§14), with their paths
    through the safest middle hexes."""
    bf, walls, taken = rules.battlefield(st), rules.blocked(st), st.occupied() - {f.hex}
    if f.hex is None:
        return {}
    paths = {h: [h] for h in push_destinations(bf, f.hex, 1, blocked=walls, occupied=taken, towards=towards)}
    frontier = dict(paths)
    for _ in range(n - 1):
        reached: dict[Hex, list[Hex]] = {}
        for here, path in sorted(frontier.items(), key=lambda kv: (rules.is_lethal(st, kv[0], f),
                                                                    rules.is_trap(st, kv[0]), str(kv[0]))):
            for nxt in push_destinations(bf, here, 1, blocked=walls, occupied=taken, towards=towards):
                if nxt not in paths and nxt not in reached:
                    reached[nxt] = [*path, nxt]
        paths.update(reached)
        frontier = reached
    return paths


def reprisal_damage(ctx: Any, seat: str, f: FighterState) -> int:
    """Instinctive Reprisal: 1 damage; with a Bane, roll one attack dice: on a hammer, 2 instead."""
    if not has_bane(ctx.st, f):
        return 1
    face = roll(ctx.rng, get_die("underworlds", "attack"), 1)[0]
    ctx.emit("CardDiceRolled", player=seat, card="47028", fighter=f.id, dice=[face])
    return 2 if face == "hammer" else 1


def after_attack(ctx: Any, fr: JSON) -> None:
    """Once an Attack action is resolved: Wicked Aim breaks after a Range 4+ one; The Curse Hungers' Attack action
    at the same target follows."""
    st = ctx.st
    attacker = st.find_fighter(fr["attacker"])
    if attacker is not None and WICKED_AIM in attacker.upgrades and fr["profile"]["range"] >= 4:
        _break_card(ctx, attacker, WICKED_AIM)
    if fr.get("curse_hungers") and attacker is not None and attacker.on_battlefield:
        flow.push(st, "card_attacks", seat=fr["seat"], card=THE_CURSE_HUNGERS, fighters=[attacker.id],
                  target=fr["target"])


# -- reactions -------------------------------------------------------------------------------------------------------


def _attack_frame(st: State) -> JSON | None:
    return next((x for x in reversed(st.stack) if x["kind"] == "attack"), None)


def _given_here(wctx: JSON, f: FighterState, card_id: str, seat: str) -> bool:
    """The reaction step after ``seat`` gave ``card_id`` to ``f``."""
    return wctx.get("card") == card_id and wctx.get("fighter") == f.id and wctx.get("player") == seat


def reaction_options(st: State, seat: str, tags: set[str], wctx: JSON) -> list[JSON]:
    """This module's reactions ``seat`` can use in a step with ``tags``: gambits in hand, then upgrades."""
    out: list[JSON] = []
    hand = st.players[seat].power
    subject = st.find_fighter(wctx.get("fighter") or "")
    # The holder and the attack are looked for only with the card that asks about them in hand (asked at every step).
    mine = surviving_holder(st, seat) if OPPORTUNISTIC_LEECH in hand and "move" in tags else None
    if mine is not None and subject is not None \
            and subject.id != mine.id and subject.on_battlefield and _within(subject, mine, 1):
        out.append({"type": "PlayReaction", "card": OPPORTUNISTIC_LEECH})
    fr = _attack_frame(st) if THE_CURSE_HUNGERS in hand and "attack_failing" in tags else None
    attacker = st.find_fighter(fr["attacker"]) if fr is not None else None
    if fr is not None and attacker is not None \
            and attacker.seat == seat and not fr["succeeded"] and has_bane(st, attacker) \
            and not rules.is_large(st, attacker):
        out.append({"type": "PlayReaction", "card": THE_CURSE_HUNGERS})
    if WEAKENED_SOUL in hand and "bane_given" in tags and subject is not None and subject.on_battlefield:
        out.append({"type": "PlayReaction", "card": WEAKENED_SOUL, "target": subject.id})
    for f in _on(st, seat):
        for u in f.upgrades:
            if u in (DIVINE_FORTITUDE, TENACIOUS_RESILIENCE) and "upgrade_assigned" in tags \
                    and _given_here(wctx, f, u, seat) and has_bane(st, f):
                out.append({"type": "PlayReaction", "card": u, "fighter": f.id})
            elif u == TENACIOUS_RESILIENCE and "bane_given" in tags and subject is not None and subject.id == f.id:
                out.append({"type": "PlayReaction", "card": u, "fighter": f.id})
            elif u == STOLEN_VIGOUR and "activation" in tags and subject is not None and subject.id == f.id \
                    and wctx.get("activations", 0) >= 2:
                out += [{"type": "PlayReaction", "card": u, "fighter": f.id}] if f.move else []
                out += [{"type": "PlayReaction", "card": u, "fighter": f.id, "marker": "charge"}] \
                    if f.charge and has_bane(st, f) else []
    return out


def resolve_reaction(ctx: Any, seat: str, card_id: str, holder_: FighterState | None, tags: list[str], wctx: JSON,
                     choices: JSON, *, heal: Any) -> bool:
    """Resolve one of this module's reactions (§26.3); False if ``card_id`` is not one of them."""
    st = ctx.st
    if card_id == OPPORTUNISTIC_LEECH:
        break_bane(ctx, seat, by=card_id)
    elif card_id == THE_CURSE_HUNGERS:
        fr = _attack_frame(st)
        if fr is not None and not fr["succeeded"]:  # the combat sequence ends; its Attack action follows
            fr["stage"], fr["curse_hungers"] = "end", True
    elif card_id == WEAKENED_SOUL:
        target = st.find_fighter(choices.get("target") or "")
        if target is None or not target.on_battlefield or not has_bane(st, target):
            st.players[seat].power_discard.append(card_id)
            ctx.emit("ReactionFizzled", player=seat, card=card_id, name=load_cards()[card_id].name)
            return True
        target.upgrades.append(card_id)  # given without spending glory
        c = load_cards()[card_id]
        ctx.emit("UpgradePlayed", player=seat, card=card_id, name=c.name, fighter=target.id, fighter_name=target.name,
                 text=c.text_plain, automated=True)
        if target.wounds >= rules.wounds(st, target):  # -1 Wounds can take it out of action
            flow.take_out_of_action(ctx, target, {"kind": "card", "seat": seat, "card": card_id})
    elif card_id == TENACIOUS_RESILIENCE and holder_ is not None:
        if "bane_given" in tags:  # Heal (2), Large: Heal (1); then break this card
            heal(ctx, holder_, 1 if rules.is_large(st, holder_) else 2)
            _break_card(ctx, holder_, card_id)
        else:
            break_banes_of(ctx, holder_, by=card_id)
    elif card_id == DIVINE_FORTITUDE and holder_ is not None:
        break_banes_of(ctx, holder_, by=card_id)
        flow.inspire(ctx, holder_, by=card_id)
    elif card_id == STOLEN_VIGOUR and holder_ is not None:
        if choices.get("marker") == "charge" and holder_.charge and has_bane(st, holder_):
            holder_.charge -= 1
            ctx.emit("MarkersRemoved", fighter=holder_.id, markers=["charge"], by=card_id)
            _break_card(ctx, holder_, card_id)
        elif holder_.move:
            holder_.move -= 1
            ctx.emit("MarkersRemoved", fighter=holder_.id, markers=["move"], by=card_id)
    else:
        return False
    return True


AUTOMATED = frozenset({*OBJECTIVES, *PLOYS, OPPORTUNISTIC_LEECH, THE_CURSE_HUNGERS, DIVINE_FORTITUDE,
                       TENACIOUS_RESILIENCE})
"""The cards this module completes (the deck's other cards are ``effects``', reading ``has_bane``)."""
