"""A random player for Dragonbond tests and the bench: legal decisions, and turn actions built cheaply.

``legal_actions`` offers geometry's named destinations, which costs a path search per place; random play
instead tries a random point within the unit's allowance (``apply`` checks any free point) and keeps the
cheap legal actions (attacks, charges, powers, pass). Illegal tries must raise and change nothing.
"""
from __future__ import annotations

import copy
import math
import random

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.dragonbond import actions
from engine.dragonbond.system import DragonbondSystem
from engine.dragonbond.turns import activatable

SYSTEM = DragonbondSystem()


def candidates(state: dict, seat: str, pick: random.Random) -> list[dict]:
    """Actions to try now: every decision, or a turn's cheap legal actions plus random moves."""
    if state["pending_queue"] or state["phase"] != "battle":
        return SYSTEM.legal_actions(state, seat)
    if state["active"] != seat:
        return []
    prelude = state.get("prelude")
    out = [] if prelude else [{"type": "Pass"}]
    for u in activatable(state, seat):
        if prelude and u["id"] not in prelude["units"]:
            continue
        uid = u["id"]
        if u["where"] == "reserve":
            out += actions.unit_actions(state, u)
            continue
        out += [{"type": "Attack", "unit": uid, "target": t, "kind": "melee"} for t in actions.melee_targets(state, u)]
        out += [{"type": "Attack", "unit": uid, "target": t, "kind": "ranged"} for t in actions.ranged_targets(state, u)]
        if u["where"] != "battlefield":
            continue
        if not u["engaged_with"] and not u["immobilized"]:
            out += [{"type": "Charge", "unit": uid, "target": t} for t in actions.charge_targets(state, u)]
        for kind, factor in (("March", 1.0), ("Shoot", 0.5)):
            if kind == "Shoot" and not u["ranged"]:
                continue
            speed = actions.allowance(u, factor)
            a = pick.uniform(0, 2 * math.pi)
            r = pick.uniform(0.3, 1.0) * speed
            # Head for the enemy half of the time so battles are fought.
            out.append({"type": kind, "unit": uid, "to": [round(u["x"] + r * math.cos(a), 1),
                                                          round(u["y"] + r * math.sin(a), 1)]})
    return out


def play(seed: int, *, options: dict | None = None, max_steps: int = 2000, on_step=None) -> tuple[dict, list]:
    """A whole battle of random choices; returns the last state and every refused try."""
    pick = random.Random(seed)
    rng = SeededRng(seed.to_bytes(32, "big"))
    state = SYSTEM.setup({"deployment": "auto", **(options or {})}, ("p1", "p2"), rng)
    refused = []
    for _ in range(max_steps):
        if state["phase"] == "over":
            break
        seat = SYSTEM.view(state, None)["awaiting"][0]
        tries = candidates(state, seat, pick)
        charges = [a for a in tries if a["type"] in ("Charge", "Attack")]
        action = pick.choice(charges if charges and pick.random() < 0.7 else tries)
        before = copy.deepcopy(state)
        try:
            new, events = SYSTEM.apply(state, seat, action, rng)
        except IllegalAction as exc:
            assert state == before, "a refused action changed the state"
            refused.append((action, exc))
            continue
        if on_step is not None:
            on_step(state, seat, action, new, events)
        state = new
    return state, refused
