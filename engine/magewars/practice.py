"""How good a position is for the practice opponent (``engine.core.practice.Evaluates``): a mage is destroyed when
its damage reaches its life (rulebook, "Victoria"), so the mages' life left leads; creatures and conjurations in play
fight and shield for their mage, equipment and enchantments on a mage work for it, and mana is what casts them."""
from __future__ import annotations

import math

from engine.core.practice import Budget
from engine.core.system import JSON
from engine.magewars import arena, stats

BUDGETS = {
    "easy": Budget(iterations=12, seconds=0.3, depth=4),
    "normal": Budget(iterations=64, seconds=0.6, depth=4),
    "hard": Budget(iterations=192, seconds=1.8, depth=4),
}
"""Random play a few actions on: a spell or an attack shows its worth only after the rival's window to answer it and
the roll (scored at once, a cast is only mana spent; seeded matches drawn at 600 actions were won with this)."""
MANA = 0.12
CONDITION = 0.7
"""A condition marker on an object (Burn, Corrode, Rot, ...): damage to come or a weakness."""
CREATURE = 2.0
"""A creature in play, beyond its life left (each point counting ``IN_PLAY``)."""
IN_PLAY = 0.35
ATTACHED = 1.2
"""An equipment or enchantment one controls, attached (a curse on the rival or a ward on oneself)."""
CLOSING = 0.5
"""Per zone nearer the nearest rival creature (or mage) for each creature in play (a tenth for the mage): creatures
fight only once they reach the rival, so one that closes in is worth more (a tie-break that moves them)."""
SCALE = 30.0


def evaluate(state: JSON, seat: str) -> float:
    """The seat's standing ahead of the rival's, squashed to -1..1."""
    objects = state["objects"]

    fighters = [(o.get("controller"), o["zone"]) for o in objects.values()
                if o.get("kind") in ("creature", "mage") and o.get("zone") and not o.get("destroyed")]

    def closing(s: str, zone: str) -> float:
        return CLOSING * min((arena.distance(zone, z) for c, z in fighters if c != s), default=0)

    def standing(s: str) -> float:
        mage = objects.get(state["mages"].get(s, ""))
        if mage is None:
            return 0.0
        life = (mage.get("stats") or {}).get("life") or 30
        value = life - stats.damage(mage) + MANA * mage.get("mana", 0)
        value -= CONDITION * sum(int(n) for n in mage.get("conditions", {}).values() if isinstance(n, int))
        if mage.get("zone"):
            value -= 0.1 * closing(s, mage["zone"])
        for oid, o in objects.items():
            if o.get("controller") != s or o is mage or o.get("destroyed"):
                continue
            kind = o.get("kind")
            if kind in ("creature", "conjuration") and o.get("zone"):
                try:
                    left = max(0, stats.remaining_life(state, oid))
                except (KeyError, TypeError, ValueError):
                    left = 0
                value += IN_PLAY * left + (CREATURE if kind == "creature" else 0.5)
                if kind == "creature":
                    value -= closing(s, o["zone"])
            elif kind in ("equipment", "enchantment") and o.get("attached_to"):
                value += ATTACHED
        return value
    rivals = [standing(s) for s in state["mages"] if s != seat]
    return math.tanh((standing(seat) - max(rivals, default=0.0)) / SCALE)
