"""How good a position is for the practice opponent (``engine.core.practice.Evaluates``): a mage is destroyed when
its damage reaches its life (rulebook, "Victoria"), so damage dealt and taken lead, mana to spend follows."""
from __future__ import annotations

import math

from engine.core.system import JSON


def evaluate(state: JSON, seat: str) -> float:
    """Damage on the rival mage minus damage on one's own, with a little weight on mana, squashed to -1..1."""
    def standing(s: str) -> float:
        mage = state["objects"].get(state["mages"].get(s, ""), {})
        return -mage.get("damage", 0) + 0.1 * mage.get("mana", 0)
    rivals = [standing(s) for s in state["mages"] if s != seat]
    return math.tanh((standing(seat) - max(rivals, default=0.0)) / 12)
