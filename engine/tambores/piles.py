"""Moving cards between a player's piles: always from the top unless a card says otherwise (§10, seed 002 l.269).

The draw deck reshuffles the discard pile when it is needed and empty (§12, l.390); the removed pile never
comes back (l.392). Each function appends its events; a drawn card's event is visible to its owner only.
"""
from __future__ import annotations

from engine.core.rng import Rng, shuffled
from engine.tambores.state import JSON


def reshuffle(st: JSON, seat: str, rng: Rng, events: list[JSON]) -> bool:
    """The discard pile shuffled into a new draw deck, if the deck is empty and the discard is not."""
    p = st["players"][seat]
    if p["draw_deck"] or not p["discard"]:
        return False
    p["draw_deck"], p["discard"] = shuffled(rng, p["discard"]), []
    events.append({"type": "Reshuffled", "seat": seat, "count": len(p["draw_deck"])})
    return True


def available(st: JSON, seat: str) -> int:
    """Cards the draw deck can still give, reshuffles included."""
    p = st["players"][seat]
    return len(p["draw_deck"]) + len(p["discard"])


def take_top(st: JSON, seat: str, n: int, rng: Rng, events: list[JSON]) -> list[str]:
    """Up to ``n`` cards off the top of the draw deck, reshuffling the discard pile when it runs out."""
    p = st["players"][seat]
    out: list[str] = []
    while len(out) < n:
        if not p["draw_deck"] and not reshuffle(st, seat, rng, events):
            break
        out.append(p["draw_deck"].pop(0))
    return out


def draw(st: JSON, seat: str, n: int, rng: Rng, events: list[JSON]) -> int:
    """Draw ``n`` cards into the hand; the cards drawn are told to their owner only. Returns how many."""
    cards = take_top(st, seat, n, rng, events)
    st["players"][seat]["hand"] += cards
    if cards:
        events.append({"type": "CardsDrawn", "seat": seat, "count": len(cards)})
        events.append({"type": "CardDrawn", "seat": seat, "cards": cards, "visible_to": [seat]})
    return len(cards)


def remove_from_hand(st: JSON, seat: str, card_ids: list[str]) -> list[str]:
    """Move the first hand card of each id in ``card_ids`` to the removed pile (a cost, §10); the instances."""
    p = st["players"][seat]
    out = []
    for cid in card_ids:
        inst = next(c for c in p["hand"] if c.split("#", 1)[0] == cid)
        p["hand"].remove(inst)
        p["removed"].insert(0, inst)
        out.append(inst)
    return out


def removed_from_hand(seat: str, instances: list[str], reason: str, events: list[JSON]) -> None:
    """The events of hand cards paid to the removed pile, which lies face down (§10, seed 002 l.210): the public one
    counts them, only their owner is told which (``CardsRemovedPrivately``, ``visible_to``)."""
    if not instances:
        return
    events.append({"type": "CardsRemoved", "seat": seat, "count": len(instances), "reason": reason, "source": "hand"})
    events.append({"type": "CardsRemovedPrivately", "seat": seat, "cards": [c.split("#", 1)[0] for c in instances],
                   "reason": reason, "visible_to": [seat]})


def take_from_hand(st: JSON, seat: str, cid: str) -> str:
    """The first hand card of id ``cid``, taken out of the hand."""
    p = st["players"][seat]
    inst = next(c for c in p["hand"] if c.split("#", 1)[0] == cid)
    p["hand"].remove(inst)
    return inst


def move_cards(st: JSON, seat: str, n: int, source: str, target: str, rng: Rng, events: list[JSON], by: str) -> None:
    """An effect's move of ``n`` cards from the top of one pile to the top of another (e.g. the Fûror's)."""
    p = st["players"][seat]
    if source == "draw_deck":
        cards = take_top(st, seat, n, rng, events)
    else:
        cards, p[source] = p[source][:n], p[source][n:]
    if target == "hand":
        p["hand"] += cards
    else:
        p[target] = cards + p[target]
    events.append({"type": "CardsMoved", "seat": seat, "count": len(cards), "source": source, "target": target,
                   "by": by})
