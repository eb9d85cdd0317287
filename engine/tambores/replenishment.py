"""Phase 3, replenishment (§12; seed 002 l.386-394): an optional dump of the hand to the removed pile, then
each player draws back to 5 cards, reshuffling the discard pile when the draw deck runs out; the marker flips.

Both players decide the dump at the same time: each choice is kept secret until both are made, then revealed
together (``Replenish``): the public event says that a player has chosen, a private one (``visible_to``) tells
the chooser what. Both choices are offered to everyone, also with an empty hand (removing nothing), so the two
players' choices are the same and the table can offer them on shared buttons: the click is private, the public
post says only "has chosen" (ruling "Replenishment on buttons"). The dump is all or nothing (§21.11). A player who needs a card and has none left in
the draw deck or discard pile cannot refill and loses (§14, §21.12).
"""
from __future__ import annotations

from engine.core.rng import Rng
from engine.tambores.ending import decide, end_battle
from engine.tambores.piles import draw
from engine.tambores.state import HAND, JSON, decide_in_secret, other


def start_replenishment(st: JSON, rng: Rng, events: list[JSON]) -> None:
    st.update(phase="replenishment", step="replenish", current=None, secret={}, dumped={})
    events.append({"type": "ReplenishmentStarted", "turn": st["turn"]})


def legal(st: JSON, seat: str) -> list[JSON]:
    if seat in st["secret"]:
        return []
    return [{"type": "Replenish", "dump": False}, {"type": "Replenish", "dump": True}]


def apply(st: JSON, seat: str, action: JSON, rng: Rng, events: list[JSON]) -> None:
    choices = decide_in_secret(st, seat, "dump", action["dump"], "ReplenishChosen", "ReplenishChosenPrivately",
                               events)
    if choices is None:
        return
    st["dumped"] = dict(choices)  # public once both have chosen (view ``dumped``)
    events.append({"type": "ReplenishRevealed", "dump": choices})
    out = []
    for s in (st["marker"], other(st, st["marker"])):
        p = st["players"][s]
        if choices[s] and p["hand"]:
            count = len(p["hand"])
            p["removed"] = p["hand"] + p["removed"]
            p["hand"] = []
            events.append({"type": "CardsRemoved", "seat": s, "count": count, "reason": "dump", "source": "hand"})
        need = HAND - len(p["hand"])
        if need > 0 and draw(st, s, need, rng, events) < need:
            out.append(s)
    if out:
        if len(out) == 1:
            end_battle(st, other(st, out[0]), "out_of_cards", rng, events)
        else:
            end_battle(st, decide(st), "both_out_of_cards", rng, events)
        return
    st["marker"] = other(st, st["marker"])
    events.append({"type": "MarkerPassed", "marker": st["marker"]})
    st["step"] = "next_turn"  # flow: deployment.start_turn
