"""How good a position is for the practice opponent (``engine.core.practice.Evaluates``): glory decides the match
(§28.2), and fighters out of action take glory and activations away."""
from __future__ import annotations

import math

from engine.core.system import JSON


def evaluate(state: JSON, seat: str) -> float:
    """Glory earned (held and spent) ahead of the best rival, and fighters kept in action, squashed to -1..1."""
    def standing(s: str) -> float:
        player = state["players"][s]
        out = sum(1 for f in state["fighters"] if f["seat"] == s and f["out_of_action"])
        return player["glory"] + player["glory_spent"] - 0.5 * out
    rivals = [standing(s) for s in state["players"] if s != seat]
    return math.tanh((standing(seat) - max(rivals, default=0.0)) / 4)
