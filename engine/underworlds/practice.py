"""How good a position is for the practice opponent (``engine.core.practice.Evaluates``): glory decides the match
(§28.2). Glory comes from fighters taken out of action (their bounty, §18.5) and objectives scored, often for holding
objective tokens (§19), so the evaluation also counts what leads there: wounds dealt and taken, fighters in action,
tokens held, cards in hand and how close the fighters stand to the rivals and the tokens."""
from __future__ import annotations

import math
from functools import lru_cache

from engine.core.system import JSON
from engine.underworlds.end_phase import scorable
from engine.underworlds.fighters import warbands_with
from engine.underworlds.hexgrid import Hex
from engine.underworlds.state import State

GLORY = 1.0
OUT_OF_ACTION = 1.2
"""A fighter out of action: its bounty to the rival (counted in glory once earned) and the activations lost."""
WOUNDED = 0.8
"""A fighter's wounds against its health: the way to taking it out of action."""
ON_TOKEN = 0.35
SCORABLE = 0.7
"""An end-phase objective in hand whose condition is met now: glory at the end phase if it stays met (§24)."""
IN_HAND = 0.08
CLOSING = 0.03
"""Per hex nearer the nearest rival fighter or token: a tie-break that moves fighters into the fight."""
SCALE = 4.0


@lru_cache(maxsize=512)
def _health(warband: str, card: str) -> int:
    try:
        return warbands_with([])[warband].fighter(card).uninspired.wounds or 3
    except (KeyError, AttributeError, ValueError):
        return 3


def evaluate(state: JSON, seat: str, st: State) -> float:
    """The seat's standing ahead of the best rival's, squashed to -1..1 (``st``: the state loaded, read only)."""
    tokens = [Hex.parse(t["hex"]) for t in state.get("feature_tokens", ())
              if t.get("hex") and t.get("face_up") == "objective"]
    placed = [(f, Hex.parse(f["hex"])) for f in state["fighters"]
              if f.get("hex") and not f["out_of_action"]]


    def standing(s: str) -> float:
        player = state["players"][s]
        value = GLORY * (player["glory"] + player["glory_spent"]) + SCORABLE * len(scorable(st, s))
        value += IN_HAND * (len(player.get("objectives", ())) + len(player.get("power", ())))
        warband = player.get("warband") or ""
        for f in state["fighters"]:
            if f["seat"] != s:
                continue
            if f["out_of_action"]:
                value -= OUT_OF_ACTION
            else:
                value -= WOUNDED * min(1.0, f["wounds"] / _health(warband, f["card"]))
                value += 0.2 * f.get("inspired", False)
        foes = [h for f, h in placed if f["seat"] != s]
        for f, h in placed:
            if f["seat"] != s:
                continue
            if h in tokens:
                value += ON_TOKEN
            near = min((h.distance(t) for t in [*foes, *tokens]), default=0)
            value -= CLOSING * near
        return value
    rivals = [standing(s) for s in state["players"] if s != seat]
    return math.tanh((standing(seat) - max(rivals, default=0.0)) / SCALE)
