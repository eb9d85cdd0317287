"""The Skinnerkin power cards that need no Haunch counter (46015-46029): their plays, reactions and modifiers.

``effects`` asks this module for these cards as it asks ``brethren``. The Haunch counters' rules are in no source
(the warband's ability), so every card that counts, gains or discards them stays with the referee (rulings); so does
Get Out of My Larder! (46014: the brawler trait is unknown). Head Chef (46027) and Potential Courtier (46031) are
``effects``' (a card action and an upgrade reaction) with their steps in ``choices``.
"""
from __future__ import annotations

from typing import Any

from engine.underworlds import flow, rules
from engine.underworlds.cards import load_cards
from engine.underworlds.hexgrid import Hex
from engine.underworlds.state import FighterState, State

JSON = dict[str, Any]

GREEDY_GREDDY, PRECISE_FILLET, SEASON_THE_MEAT, THAT_WAS_NASTY = "46015", "46016", "46018", "46020"
AWFUL_CONNOISSEUR, GRUESOME_GOURMAND, LATCHING_ON = "46023", "46026", "46029"

AUTOMATED = frozenset({GREEDY_GREDDY, PRECISE_FILLET, SEASON_THE_MEAT, THAT_WAS_NASTY, AWFUL_CONNOISSEUR,
                       GRUESOME_GOURMAND, LATCHING_ON})
"""The cards of this module whose whole effect the engine applies (Latching On's first part is ``effects``')."""
PLOYS = frozenset({GREEDY_GREDDY, SEASON_THE_MEAT})
"""Ploys played in a power step."""


def _on(st: State, seat: str) -> list[FighterState]:
    return [f for f in st.surviving(seat) if f.on_battlefield and f.hex is not None]


def _within(a: FighterState, b: FighterState | Hex, n: int) -> bool:
    other = b if isinstance(b, Hex) else b.hex
    return a.hex is not None and other is not None and a.hex.distance(other) <= n


# -- ploys ------------------------------------------------------------------------------------------------------------


def ploy_plays(st: State, seat: str, card_id: str) -> list[JSON]:
    """Every way to play one of this module's ploys now."""
    base = {"type": "PlayPloy", "card": card_id}
    if card_id == SEASON_THE_MEAT:  # an enemy fighter within 1 hex of one or more friendly fighters
        return [{**base, "target": e.id} for e in _on(st, st.other(seat)) if any(_within(f, e, 1) for f in _on(st, seat))]
    if card_id == GREEDY_GREDDY:
        return [base]
    return []


def resolve_ploy(ctx: Any, seat: str, card_id: str, choices: JSON) -> bool:
    """Apply one of this module's ploys; both stay face up (True) while they last."""
    st = ctx.st
    if card_id == SEASON_THE_MEAT:
        st.persisting.append({"card": card_id, "seat": seat, "until_round": st.round, "target": choices["target"]})
    else:  # Greedy, Greddy!: the next activation step's Attack actions (``modify_attack``)
        st.persisting.append({"card": card_id, "seat": seat, "until_round": st.round, "next": True,
                              "turn": st.turns_taken})
    return True


def modify_attack(st: State, f: FighterState, profile: JSON) -> None:
    """Season the Meat: -1 Dice to the chosen fighter's Attack actions (to a minimum of 1)."""
    if any(p["card"] == SEASON_THE_MEAT and p.get("target") == f.id for p in st.persisting):
        profile["dice"] = max(1, profile["dice"] - 1)


def declare_attack(st: State, f: FighterState, profile: JSON) -> JSON:
    """Greedy, Greddy!: a friendly Attack action declared in the next activation step has Grievous 1."""
    in_activation = any(x["kind"] == "turn" and x["stage"] == "after_activation" for x in st.stack)
    if in_activation and any(p["card"] == GREEDY_GREDDY and p["seat"] == f.seat and st.turns_taken == p["turn"] + 1
                             for p in st.persisting):
        return {**profile, "grievous": max(profile["grievous"], 1)}
    return profile


def after_attack(ctx: Any, fr: JSON, discard: Any) -> None:
    """Season the Meat ends when the chosen fighter makes a failed Attack action."""
    if fr.get("succeeded"):
        return
    for entry in [p for p in ctx.st.persisting if p["card"] == SEASON_THE_MEAT and p.get("target") == fr["attacker"]]:
        discard(ctx, entry, "the fighter made a failed Attack action")


# -- reactions ---------------------------------------------------------------------------------------------------------


def _attack_frame(st: State) -> JSON | None:
    return next((x for x in reversed(st.stack) if x["kind"] == "attack"), None)


def reaction_options(st: State, seat: str, tags: set[str], wctx: JSON) -> list[JSON]:
    """This module's reactions ``seat`` can use in a step with ``tags``."""
    out: list[JSON] = []
    hand = st.players[seat].power
    fr = _attack_frame(st)
    if PRECISE_FILLET in hand and "attack_roll" in tags and fr is not None and fr["seat"] == seat \
            and fr.get("roll_successes", 0) >= 2:
        out.append({"type": "PlayReaction", "card": PRECISE_FILLET})
    if THAT_WAS_NASTY in hand and "activation" in tags:
        attackers = sorted({a["attacker"] for a in st.step_log.get("attacks", []) if a["seat"] == seat
                            and a["succeeded"]})
        out += [{"type": "PlayReaction", "card": THAT_WAS_NASTY, "target": a} for a in attackers
                if (x := st.find_fighter(a)) is not None and x.on_battlefield
                and any(_within(x, e, 2) for e in _on(st, st.other(seat)))]
    for f in _on(st, seat):
        for u in f.upgrades:
            if u == AWFUL_CONNOISSEUR and "out_of_action" in tags and _connoisseur_ok(st, f, wctx):
                out.append({"type": "PlayReaction", "card": u, "fighter": f.id})
            elif u == GRUESOME_GOURMAND and "power_step_end" in tags and wctx.get("player") == seat \
                    and seat in st.step_log.get("ploys", []):
                out += [{"type": "PlayReaction", "card": u, "fighter": f.id, "target": e.id}
                        for e in _on(st, st.other(seat)) if _within(f, e, 1)]
            elif u == LATCHING_ON and "activation" in tags and wctx.get("fighter") == f.id \
                    and wctx.get("superaction") == "charge":
                out.append({"type": "PlayReaction", "card": u, "fighter": f.id})
    return out


def _connoisseur_ok(st: State, f: FighterState, wctx: JSON) -> bool:
    """A friendly fighter's Attack action took its target out of action within 4 hexes, in a hex now empty."""
    source = wctx.get("source", {})
    if source.get("kind") != "attack" or source.get("seat") != f.seat or not wctx.get("hex"):
        return False
    there = Hex.parse(wctx["hex"])
    return _within(f, there, 4) and there not in st.occupied() and there not in rules.blocked(st)


def resolve_reaction(ctx: Any, seat: str, card_id: str, holder: FighterState | None, wctx: JSON, choices: JSON, *,
                     heal: Any) -> bool:
    """Resolve one of this module's reactions (§26.3); False if ``card_id`` is not one of them."""
    st = ctx.st
    if card_id not in AUTOMATED or card_id in PLOYS:
        return False
    if card_id == PRECISE_FILLET:
        fr = _attack_frame(st)
        if fr is not None:  # one success becomes a critical success; every other attack dice is discarded
            fr["roll"] = ["critical"]
            ctx.emit("AttackDiceChanged", fighter=fr["attacker"], dice=fr["roll"], by=card_id)
    elif card_id == THAT_WAS_NASTY:
        attacker = st.find_fighter(choices.get("target") or "")
        if attacker is not None and attacker.on_battlefield:
            for e in [e for e in _on(st, st.other(seat)) if _within(attacker, e, 2)]:
                flow.stagger(ctx, e, by=card_id)
    elif card_id == AWFUL_CONNOISSEUR and holder is not None:
        there = Hex.parse(wctx["hex"])
        if there not in st.occupied():
            flow.relocate(ctx, holder, [there], how="placed")
    elif card_id == GRUESOME_GOURMAND and holder is not None:
        target = st.find_fighter(choices.get("target") or "")
        if target is not None and target.on_battlefield:
            flow.deal_damage(ctx, target, 1, {"kind": "card", "seat": seat, "card": card_id, "fighter": holder.id})
        heal(ctx, holder, 1)
        if card_id in holder.upgrades:
            holder.upgrades.remove(card_id)
            st.players[holder.seat].power_discard.append(card_id)
            ctx.emit("UpgradeBroken", fighter=holder.id, card=card_id, name=load_cards()[card_id].name)
    elif card_id == LATCHING_ON and holder is not None:
        flow.give_guard(ctx, holder)
    return True
