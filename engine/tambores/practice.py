"""How good a position is for the practice opponent (``engine.core.practice.Evaluates``): battles won decide the
series; in a battle, the hero's wounds and the cards left to fight with (a player out of cards loses it)."""
from __future__ import annotations

import math

from engine.core.system import JSON


def evaluate(state: JSON, seat: str) -> float:
    """Battles won, hero wounds and cards in hand and deck against the rival's, squashed to -1..1."""
    series = state.get("series") or {}
    players = state.get("players") or {}  # none yet while the armies are chosen

    def standing(s: str) -> float:
        won = sum(1 for r in series.get("results", []) if r.get("winner") == s)
        p = players.get(s)
        if p is None:
            return 3 * won
        return 3 * won - p["hero_wounds"] + 0.3 * (len(p["hand"]) + len(p["draw_deck"]))
    rivals = [standing(s) for s in state["seats"] if s != seat]
    return math.tanh((standing(seat) - max(rivals, default=0.0)) / 6)
