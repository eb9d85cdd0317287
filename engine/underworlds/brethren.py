"""Brethren of the Bolt power cards (45013-45032): Inspire and un-Inspire, their reactions, and the ploys around them.

``effects`` asks this module first for the plays, resolutions and reactions of these cards (``ploy_plays``,
``resolve_ploy``, ``reaction_options``, ``resolve_reaction``) and hands it the moments it needs (``end_of_turn``,
``hymn_supports``, ``after_attack``). It reads the rules and acts through ``flow`` (Inspire, damage, stagger,
reaction steps); it never imports ``effects``. Sigmar's Cyclone's reaction (45031) is ``effects``'.
"""
from __future__ import annotations

from typing import Any

from engine.core.dice import get_die, roll
from engine.underworlds import flow, rules
from engine.underworlds.hexgrid import Hex
from engine.underworlds.state import FighterState, State
from engine.underworlds.traits import has_trait

JSON = dict[str, Any]

BRINGER_OF_THE_DAWN, SPARKING_FURORE, BROAD_SHOULDERS = "45003", "45010", "45023"
ACCEPTING_CAPACITOR, BOLT_FROM_THE_BLUE, FINAL_SPARK, FURIOUS_ABANDON = "45013", "45014", "45015", "45016"
HEAVENLY_HYMN, REVERSE_CHARGE, SHARE_THE_BURDEN, THUNDEROUS_BLAST = "45017", "45018", "45019", "45020"
ULTIMATE_RESISTOR, UNLEASHING_HIS_FURY = "45021", "45022"
BURGEONING_SAINT, DAMAGED_MACHINERY, FERVENTS_RELEASE, HOLY_SPASMS = "45024", "45025", "45027", "45028"
POWERHOUSE, THE_ARTEFACT_AZYR = "45030", "45032"

DECK = "brethren-of-the-bolt-rivals"
"""The Rivals deck of this module's cards."""
AUTOMATED = frozenset({ACCEPTING_CAPACITOR, BOLT_FROM_THE_BLUE, FINAL_SPARK, FURIOUS_ABANDON, HEAVENLY_HYMN,
                       REVERSE_CHARGE, SHARE_THE_BURDEN, THUNDEROUS_BLAST, ULTIMATE_RESISTOR, UNLEASHING_HIS_FURY,
                       BURGEONING_SAINT, DAMAGED_MACHINERY, FERVENTS_RELEASE, HOLY_SPASMS, POWERHOUSE,
                       THE_ARTEFACT_AZYR, BROAD_SHOULDERS})
"""The cards of this module whose whole effect the engine applies."""
PLOYS = frozenset({BOLT_FROM_THE_BLUE, FURIOUS_ABANDON, HEAVENLY_HYMN, SHARE_THE_BURDEN, THUNDEROUS_BLAST,
                   UNLEASHING_HIS_FURY})
"""Ploys played in a power step."""
INSPIRING = frozenset({"channel", "critical"})
"""Magic-die faces the "roll a magic dice: on a channel or magic critical" cards need."""


def _on(st: State, seat: str) -> list[FighterState]:
    return [f for f in st.surviving(seat) if f.on_battlefield and f.hex is not None]


def _within(a: FighterState, b: FighterState, n: int) -> bool:
    return a.hex is not None and b.hex is not None and a.hex.distance(b.hex) <= n


def _global_turn(st: State) -> int:
    return st.round * st.turns_in_round() + st.turns_taken


# -- objectives and Broad Shoulders -----------------------------------------------------------------------------------


def _broad_shoulders(st: State, f: FighterState) -> bool:
    """Broad Shoulders: with one or more friendly leaders (by their cards) out of action, this fighter is a leader and
    a Priest."""
    return BROAD_SHOULDERS in f.upgrades and any(
        x.out_of_action and rules.card_of(st, x).leader for x in st.warband_of(f.seat) if x.id != f.id)


def is_leader(st: State, f: FighterState) -> bool:
    """A leader: its card's crown (§2), or Broad Shoulders makes it one."""
    return rules.card_of(st, f).leader or _broad_shoulders(st, f)


def is_priest(st: State, f: FighterState) -> bool:
    """A ***Priest***: the trait (data or referee, ``traits``), or Broad Shoulders makes it one."""
    return has_trait(st, f, "priest") or _broad_shoulders(st, f)


def _bringer_of_the_dawn(st: State, seat: str, moment: str) -> int | None:
    """Hybrid, end: a friendly Priest or Inspired fighter holds an objective; or a friendly fighter holding an
    objective made a successful Attack action in the preceding action phase."""
    if moment != "end":
        return None
    holders = [f for f in st.surviving(seat) if rules.holds_objective(st, f)]
    hit = {a["attacker"] for a in st.phase_log.get("attacks", []) if a.get("seat") == seat and a.get("succeeded")}
    ok = any(f.inspired or is_priest(st, f) or f.id in hit for f in holders)
    return rules.card(BRINGER_OF_THE_DAWN).glory if ok else None


def _sparking_furore(st: State, seat: str, moment: str) -> int | None:
    """Surge, dual, after an activation step: a successful friendly Attack action in it from whose distance the
    Holy Vessels ability subtracted 2 or more (the referee's ``HolyVessels``: the ability is in no source)."""
    ok = moment == "after_activation" and any(
        a.get("seat") == seat and a.get("succeeded") and a.get("holy_vessels", 0) >= 2
        for a in st.step_log.get("attacks", []))
    return rules.card(SPARKING_FURORE).glory if ok else None


OBJECTIVES = {BRINGER_OF_THE_DAWN: _bringer_of_the_dawn, SPARKING_FURORE: _sparking_furore}
"""This deck's objectives decided here (``effects`` registers them); the others are ``objectives.py``'s."""


# -- ploys ------------------------------------------------------------------------------------------------------------


def abandon_paths(st: State, f: FighterState) -> dict[Hex, list[Hex]]:
    """Furious Abandon: where a push of up to 2 hexes can end adjacent to an enemy, with its path."""
    enemies = [e.hex for e in st.enemies(f.seat)]
    return {h: path for h, path in rules.push_paths(st, f, 2).items() if any(h.is_adjacent(e) for e in enemies)}


def ploy_plays(st: State, seat: str, card_id: str) -> list[JSON]:
    """Every way to play one of this module's ploys now (none: its condition is not met)."""
    base = {"type": "PlayPloy", "card": card_id}
    mine, theirs = _on(st, seat), st.enemies(seat)
    if card_id == BOLT_FROM_THE_BLUE:  # a friendly fighter holding an objective
        return [{**base, "fighter": f.id} for f in mine if rules.holds_objective(st, f)]
    if card_id == SHARE_THE_BURDEN:  # then you *can* choose another friendly fighter within 1 hex
        return [{**base, "fighter": f.id, **({"target": o.id} if o else {})} for f in mine
                for o in [None, *(o for o in mine if o.id != f.id and _within(f, o, 1))]]
    if card_id == THUNDEROUS_BLAST:  # then you *can* choose an enemy fighter within 1 hex
        return [{**base, "fighter": f.id, **({"target": e.id} if e else {})} for f in mine
                for e in [None, *(e for e in theirs if _within(f, e, 1))]]
    if card_id == UNLEASHING_HIS_FURY:  # an Inspired friendly fighter; an enemy within 2 hexes of it
        return [{**base, "fighter": f.id, "target": e.id} for f in mine if f.inspired for e in theirs
                if _within(f, e, 2)]
    if card_id == FURIOUS_ABANDON:
        return [{**base, "fighter": f.id, "hex": str(h)} for f in mine for h in sorted(abandon_paths(st, f), key=str)]
    if card_id == HEAVENLY_HYMN:
        return [base]
    return []


def roll_magic(ctx: Any, seat: str, card_id: str, f: FighterState) -> bool:
    """Roll one magic dice for a card: True on a channel or a magic critical."""
    face = roll(ctx.rng, get_die("underworlds", "magic"), 1)[0]
    ctx.emit("CardDiceRolled", player=seat, card=card_id, fighter=f.id, dice=[face])
    return face in INSPIRING


def _uninspire_later(st: State, seat: str, card_id: str, f: FighterState) -> None:
    """"At the end of the next turn, if that fighter is Inspired, un-Inspire it": the card stays face up till then."""
    nxt = _global_turn(st) + 1
    st.persisting.append({"card": card_id, "seat": seat, "fighter": f.id, "uninspire_after_turn": nxt,
                          "until_round": nxt // (st.turns_in_round())})


def resolve_ploy(ctx: Any, seat: str, card_id: str, choices: JSON) -> bool:
    """Apply one of this module's ploys; True when the card stays face up (the caller discards it otherwise)."""
    st = ctx.st
    source = {"kind": "card", "seat": seat, "card": card_id}
    f = st.find_fighter(choices.get("fighter") or "")
    other = st.find_fighter(choices.get("target") or "")
    if card_id == BOLT_FROM_THE_BLUE and f is not None:
        flow.inspire(ctx, f, by=card_id)
        _uninspire_later(st, seat, card_id, f)
        return True
    if card_id == SHARE_THE_BURDEN and f is not None:
        flow.inspire(ctx, f, by=card_id)
        if other is not None and roll_magic(ctx, seat, card_id, other):
            flow.inspire(ctx, other, by=card_id)
    elif card_id == THUNDEROUS_BLAST and f is not None:
        flow.inspire(ctx, f, by=card_id)
        if other is not None and roll_magic(ctx, seat, card_id, other):
            flow.deal_damage(ctx, other, 1, source)
        _uninspire_later(st, seat, card_id, f)
        return True
    elif card_id == UNLEASHING_HIS_FURY and f is not None and other is not None:
        flow.uninspire(ctx, f, by=card_id)
        flow.deal_damage(ctx, other, 1, source)
    elif card_id == FURIOUS_ABANDON and f is not None:
        path = abandon_paths(st, f).get(Hex.parse(choices["hex"]))
        if path:
            flow.relocate(ctx, f, path, how="push")
    elif card_id == HEAVENLY_HYMN:  # the next activation step's first friendly Attack action (``hymn_supports``)
        st.persisting.append({"card": card_id, "seat": seat, "until_round": st.round, "next": True,
                              "turn": st.turns_taken})
        return True
    return False


def end_of_turn(ctx: Any, discard: Any) -> None:
    """Bolt from the Blue, Thunderous Blast: at the end of the next turn, un-Inspire the fighter if Inspired."""
    st = ctx.st
    now = _global_turn(st)
    for entry in [e for e in st.persisting if e.get("uninspire_after_turn") == now]:
        f = st.find_fighter(entry["fighter"])
        discard(ctx, entry, "its turn is over")
        if f is not None and f.on_battlefield:
            flow.uninspire(ctx, f, by=entry["card"])


def hymn_supports(ctx: Any, f: FighterState, profile: JSON) -> JSON:
    """Heavenly Hymn: mark the first Attack action of a friendly fighter in the next activation step."""
    st = ctx.st
    entry = next((p for p in st.persisting if p["card"] == HEAVENLY_HYMN and p["seat"] == f.seat), None)
    in_activation = any(x["kind"] == "turn" and x["stage"] == "after_activation" for x in st.stack)
    if entry is None or not in_activation or st.turns_taken != entry.get("turn", 0) + 1:
        return profile
    st.persisting.remove(entry)
    st.players[entry["seat"]].power_discard.append(HEAVENLY_HYMN)
    ctx.emit("GambitDiscarded", player=entry["seat"], card=HEAVENLY_HYMN, name=rules.card(HEAVENLY_HYMN).name,
             why="applied")
    return {**profile, "support_within": 3}


def attack_supports(st: State, attacker: FighterState, target: FighterState, profile: JSON, supports: int) -> int:
    """Heavenly Hymn: each friendly fighter but the attacker within 3 hexes of the target supports."""
    if not profile.get("support_within"):
        return supports
    return sum(1 for x in _on(st, attacker.seat) if x.id != attacker.id and _within(x, target, profile["support_within"]))


# -- reactions ---------------------------------------------------------------------------------------------------------


def _attack_frame(st: State) -> JSON | None:
    return next((x for x in reversed(st.stack) if x["kind"] == "attack"), None)


def _would_take_out(st: State, fr: JSON, damage_of: Any) -> bool:
    t = st.find_fighter(fr["target"])
    if t is None or not fr.get("succeeded"):
        return False
    grievous = fr["profile"]["grievous"] if fr.get("result") == "critical_hit" else 0
    return t.wounds + damage_of(st, t, fr["profile"]["damage"] + grievous) >= rules.wounds(st, t)


def reaction_options(st: State, seat: str, tags: set[str], wctx: JSON, *, push_hexes: Any, damage_of: Any
                     ) -> list[JSON]:
    """This module's reactions ``seat`` can use in a step with ``tags``: gambits in hand, then upgrades."""
    out: list[JSON] = []
    hand = st.players[seat].power
    subject = st.find_fighter(wctx.get("fighter") or "")
    if ACCEPTING_CAPACITOR in hand and "inspired" in tags and subject is not None and subject.seat == seat \
            and any(_within(subject, e, 1) for e in st.enemies(seat)):
        out.append({"type": "PlayReaction", "card": ACCEPTING_CAPACITOR})
    if FINAL_SPARK in hand and "activation" in tags:
        hit = sorted({h["target"] for h in st.step_log.get("attack_hits", []) if h["seat"] == seat
                      and h["inspired"] and h["range"] <= 2})
        out += [{"type": "PlayReaction", "card": FINAL_SPARK, "target": t} for t in hit
                if (x := st.find_fighter(t)) is not None and x.on_battlefield]
    attacker = st.find_fighter(wctx.get("attacker") or "")
    if REVERSE_CHARGE in hand and "attack" in tags and attacker is not None and attacker.seat == seat \
            and attacker.on_battlefield and not attacker.charge:
        out.append({"type": "PlayReaction", "card": REVERSE_CHARGE, "target": attacker.id})
    fr = _attack_frame(st)
    target = st.find_fighter(wctx.get("target") or "")
    if ULTIMATE_RESISTOR in hand and "successes" in tags and fr is not None and target is not None \
            and target.seat == seat and target.inspired and _would_take_out(st, fr, damage_of):
        out.append({"type": "PlayReaction", "card": ULTIMATE_RESISTOR})
    for f in _on(st, seat):
        me = subject is not None and subject.id == f.id
        for u in f.upgrades:
            if u == DAMAGED_MACHINERY and "damage" in tags and me and wctx.get("source", {}).get("kind") == "attack" \
                    and wctx.get("source", {}).get("range", 99) <= 2:
                out.append({"type": "PlayReaction", "card": u, "fighter": f.id})
            elif u == FERVENTS_RELEASE and "uninspired" in tags and me and f.wounds > 0:
                out.append({"type": "PlayReaction", "card": u, "fighter": f.id})
            elif u == HOLY_SPASMS and tags & {"inspired", "uninspired"} and me:
                out += [{"type": "PlayReaction", "card": u, "fighter": f.id, "hex": str(h)} for h in push_hexes(st, f)]
            elif u == THE_ARTEFACT_AZYR and "inspire_step" in tags and wctx.get("activated") == f.id and any(
                    x.wounds > 0 for x in _others_inspired(st, f, wctx)):
                out.append({"type": "PlayReaction", "card": u, "fighter": f.id})
    return out


def _others_inspired(st: State, f: FighterState, wctx: JSON) -> list[FighterState]:
    return [x for x in _on(st, f.seat) if x.id != f.id and x.id in wctx.get("inspired", ())]


def resolve_reaction(ctx: Any, seat: str, card_id: str, holder: FighterState | None, wctx: JSON, choices: JSON, *,
                     push_fighter: Any, heal: Any) -> bool:
    """Resolve one of this module's reactions (§26.3); False if ``card_id`` is not one of them."""
    st = ctx.st
    if card_id not in AUTOMATED:
        return False
    subject = st.find_fighter(wctx.get("fighter") or "")
    if card_id == ACCEPTING_CAPACITOR and subject is not None and subject.on_battlefield:
        for e in [e for e in st.enemies(seat) if _within(subject, e, 1)]:
            flow.stagger(ctx, e, by=card_id)
    elif card_id == FINAL_SPARK:
        t = st.find_fighter(choices.get("target") or "")
        if t is not None and t.on_battlefield:
            flow.deal_damage(ctx, t, 1, {"kind": "card", "seat": seat, "card": card_id})
    elif card_id == REVERSE_CHARGE:
        f = st.find_fighter(choices.get("target") or "")
        if f is not None and f.on_battlefield:
            flow.push(st, "card_moves", fighter=f.id, seat=seat, card=card_id, left=1)
    elif card_id == ULTIMATE_RESISTOR:
        fr = _attack_frame(st)
        if fr is not None:
            fr["damage_minus"] = fr.get("damage_minus", 0) + 1
            fr.setdefault("resisted", []).append(fr["target"])
    elif card_id == DAMAGED_MACHINERY and holder is not None:
        flow.inspire(ctx, holder, by=card_id)
        attacker = st.find_fighter(wctx.get("source", {}).get("fighter") or "")
        if attacker is not None and attacker.on_battlefield:
            flow.stagger(ctx, attacker, by=card_id)
    elif card_id == FERVENTS_RELEASE and holder is not None:
        heal(ctx, holder, 1)
    elif card_id == HOLY_SPASMS and holder is not None and choices.get("hex"):
        push_fighter(ctx, holder, Hex.parse(choices["hex"]))
    elif card_id == THE_ARTEFACT_AZYR and holder is not None:
        for x in _others_inspired(st, holder, wctx):
            heal(ctx, x, 1)
    return True


def after_attack(ctx: Any, fr: JSON) -> None:
    """Once an Attack action is resolved: what the Holy Vessels ability subtracted from its distance (the referee's
    ``HolyVessels``, logged while it was under way or before it in this step) goes with it in the step's log; Ultimate
    Resistor un-Inspires the target and gives it a Charge marker."""
    st = ctx.st
    vessels = fr.get("holy_vessels", st.step_log.pop("holy_vessels_next", None))
    if vessels is not None and st.step_log.get("attacks"):
        st.step_log["attacks"][-1]["holy_vessels"] = vessels
    for fid in fr.get("resisted", ()):
        t = ctx.st.find_fighter(fid)
        if t is not None and t.on_battlefield:
            flow.uninspire(ctx, t, by=ULTIMATE_RESISTOR)
            t.charge += 1
            ctx.emit("MarkerGiven", fighter=t.id, name=t.name, marker="charge", by=ULTIMATE_RESISTOR)


def cannot_be_uninspired(st: State, f: FighterState) -> bool:
    """Burgeoning Saint: this fighter cannot be un-Inspired."""
    return BURGEONING_SAINT in f.upgrades


def powerhouse_reduction(st: State, attacker: FighterState, here: Hex, there: Hex) -> int:
    """Powerhouse: subtract 1 for each hex counted that contains an enemy fighter. The hexes counted are those of a
    shortest count from ``here`` to ``there`` (``there`` included, ``here`` not, §8.4); of the shortest routes the
    attacker's most favourable one (the most enemy fighters) is taken (ruling)."""
    if POWERHOUSE not in attacker.upgrades:
        return 0
    enemies = {e.hex for e in st.enemies(attacker.seat)}
    n = here.distance(there)
    best: dict[Hex, int] = {here: 0}
    layer = [here]
    for step in range(1, n + 1):
        reached: dict[Hex, int] = {}
        for h in layer:
            for m in h.neighbours():
                if m.distance(there) == n - step:  # still on a shortest route
                    value = best[h] + (1 if m in enemies else 0)
                    reached[m] = max(reached.get(m, 0), value)
        best.update(reached)
        layer = list(reached)
    return best.get(there, 0)
