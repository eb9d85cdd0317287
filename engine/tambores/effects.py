"""What abilities do besides modifying values (pack.py's ``Effect``), and the hero's costed ability (§6.3).

``move_cards`` moves the owner's cards between piles (the Fûror's recovery, seed 002 l.378). ``cancel_impacts``
and ``extra_impacts`` act during combat (``combat.py``). A hero's costed ability is used once per turn, in any
phase, and is not an action (l.186; §6.3): here, whenever the match waits for its player.
"""
from __future__ import annotations

from itertools import combinations

from engine.core.rng import Rng
from engine.tambores.cards import ability
from engine.tambores.piles import move_cards, remove_from_hand, removed_from_hand
from engine.tambores.state import JSON, card_id


def card_effects(st: JSON, seat: str, ab: JSON, at: int | str | None, rng: Rng, events: list[JSON]) -> None:
    """Apply an ability's pile effects for its owner ``seat`` (``at``: the bearer's slot or ``"hero"``)."""
    for effect in ab["effects"]:
        if effect["kind"] == "move_cards":
            move_cards(st, seat, effect["amount"], effect["from_pile"], effect["to_pile"], rng, events, by=ab["id"])
    events.append({"type": "AbilityActivated", "seat": seat, "ability": ab["id"], "name": ab["name"], "at": at})


def hand_payments(hand: list[str], cost: int) -> list[list[str]]:
    """Every distinct choice of ``cost`` hand cards, by card id, sorted."""
    ids = sorted(card_id(c) for c in hand)
    return [list(p) for p in sorted(set(combinations(ids, cost)))] if cost <= len(ids) else []


def hero_ability(st: JSON, seat: str) -> JSON | None:
    """The hero's ability, if it has a cost and has not been used this turn."""
    p = st["players"][seat]
    ab = ability(st["catalogue"], st["catalogue"]["heroes"][p["hero"]])
    if ab is None or ab["cost"] is None or p["ability_turn"] == st["turn"]:
        return None
    return ab


def legal_use(st: JSON, seat: str) -> list[JSON]:
    """``UseHeroAbility`` with each way to pay, for a costed ability used at will (trigger ``activated``)."""
    ab = hero_ability(st, seat)
    if ab is None or ab["trigger"] not in ("activated", "always"):
        return []
    return [{"type": "UseHeroAbility", "pay": pay} for pay in hand_payments(st["players"][seat]["hand"], ab["cost"])]


def pay_hero_ability(st: JSON, seat: str, pay: list[str], events: list[JSON]) -> JSON:
    """Pay the costed ability (cards from hand to the removed pile, like a deployment cost) and mark it used."""
    ab = hero_ability(st, seat)
    removed_from_hand(seat, remove_from_hand(st, seat, pay), "ability", events)
    st["players"][seat]["ability_turn"] = st["turn"]
    return ab


def use(st: JSON, seat: str, action: JSON, rng: Rng, events: list[JSON]) -> None:
    """``UseHeroAbility``: its modifiers last this turn (stats.hero_modifiers); its pile effects act now."""
    ab = pay_hero_ability(st, seat, action["pay"], events)
    events.append({"type": "HeroAbilityUsed", "seat": seat, "hero": st["players"][seat]["hero"], "ability": ab["id"],
                   "name": ab["name"], "cost": ab["cost"]})
    card_effects(st, seat, ab, "hero", rng, events)
