"""How good a position is for the practice opponent (``engine.core.practice.Evaluates``): victory points decide the
battle (§14: objectives held each round and the cost of each enemy unit destroyed), so the evaluation counts the
points scored, each unit's cost by the share of its models and health left (the kill points it stands to give),
objectives controlled, and how near the units stand to the rivals and objectives (to bring them into the fight)."""
from __future__ import annotations

import math

from engine.core.practice import Budget
from engine.core.system import JSON

BUDGETS = {
    "normal": Budget(iterations=96, seconds=0.6, depth=0, reach=3),
    "hard": Budget(iterations=256, seconds=1.8, depth=0, reach=3),
}
"""Three follow-up steps of one's own: a unit in reserve enters, picks its edge and marches on (§12) before it
stands anywhere the evaluation can tell from the reserve."""
KEPT = 0.6
"""A unit's cost, by its share of health left: what it is worth to its side beyond points scored."""
OBJECTIVE = 8.0
"""An objective controlled: 10 points in each round's Score step still to come."""
CLOSING = 0.15
"""Per inch nearer the nearest rival unit or objective: a tie-break that moves units into the fight."""
WAITING = 60 * CLOSING
"""A unit in reserve: as far from the fight as a unit can be (so entering the table is always worth it)."""
SCALE = 30.0


def evaluate(state: JSON, seat: str) -> float:
    """The seat's standing ahead of the rival's, squashed to -1..1."""
    units = [u for u in state.get("units", {}).values() if u.get("where") != "destroyed"]
    spots = [(float(o["x"]), float(o["y"])) for o in state.get("objectives") or ()]
    placed = [u for u in units if u.get("where") == "battlefield" and u.get("x") is not None]

    def standing(s: str) -> float:
        value = float((state.get("vp") or {}).get(s, 0))
        value += OBJECTIVE * sum(1 for o in state.get("objectives") or () if o.get("controller") == s)
        targets = [(float(u["x"]), float(u["y"])) for u in placed if u["side"] != s] + spots
        for u in units:
            if u["side"] != s:
                continue
            whole = max(1, u.get("models_start", 1) * u.get("health", 1))
            left = max(0, u.get("models", 1) * u.get("health", 1) - u.get("wounds", 0))
            value += KEPT * u.get("points", 0) * left / whole
            if u in placed and targets:
                near = min(math.hypot(u["x"] - x, u["y"] - y) for x, y in targets)
                value -= CLOSING * near
            elif u.get("where") == "reserve":
                value -= WAITING
        return value
    rivals = [standing(s) for s in state["seats"] if s != seat]
    return math.tanh((standing(seat) - max(rivals, default=0.0)) / SCALE)
