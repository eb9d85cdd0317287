"""How good a position is for the practice opponent (``engine.core.practice.Evaluates``): victory points decide the
battle, and a side's own losses are the other side's points."""
from __future__ import annotations

import math

from engine.core.system import JSON


def evaluate(state: JSON, seat: str) -> float:
    """Victory points ahead of the rival, squashed to -1..1 (a unit is worth tens of points)."""
    vp = state.get("vp") or {}
    rivals = [v for s, v in vp.items() if s != seat]
    return math.tanh((vp.get(seat, 0) - max(rivals, default=0)) / 40)
