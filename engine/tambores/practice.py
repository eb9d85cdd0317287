"""How good a position is for the practice opponent (``engine.core.practice.Evaluates``): battles won decide the
series; in a battle, the hero's wounds and the cards left to fight with (a player out of cards loses it)."""
from __future__ import annotations

import math

from engine.core.system import JSON


def evaluate(state: JSON, seat: str) -> float:
    """Battles won, hero wounds and cards in hand and deck against the rival's, squashed to -1..1."""
    series = state.get("series") or {}
    won = {s: sum(1 for r in series.get("results", []) if r.get("winner") == s) for s in state["players"]}

    def standing(s: str) -> float:
        p = state["players"][s]
        return 3 * won[s] - p["hero_wounds"] + 0.3 * (len(p["hand"]) + len(p["draw_deck"]))
    rivals = [standing(s) for s in state["players"] if s != seat]
    return math.tanh((standing(seat) - max(rivals, default=0.0)) / 6)
