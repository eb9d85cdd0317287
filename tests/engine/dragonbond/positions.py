"""Crowded Dragonbond positions for tests and benches: a busy table (eight terrain pieces: a deep river no unit
crosses, a shallow river and a lava pool that slow, rocks) and random spots for every unit on it."""
from __future__ import annotations

import random

from engine.dragonbond import board, geometry
from engine.dragonbond.battlefield import field_for, place_piece
from engine.dragonbond.geometry import Field


def busy_field() -> Field:
    """Eight pieces: the default four plus a deep river, a shallow river, a lava pool and rocks."""
    base = field_for("pitched_battle", "standard")
    extra = (place_piece("deep_river", (24, 13), number=5), place_piece("shallow_river", (24, 23), number=6),
             place_piece("lava_pool", (5, 24), number=7), place_piece("rocks", (43, 12), number=8))
    return Field(base.width, base.height, base.terrain + extra, base.objectives, base.zones)


def random_position(st: dict, pick: random.Random) -> dict:
    """``st`` with every unit on the battlefield moved to a random spot where it may stand (on the table, off
    impassable terrain, overlapping no unit, at least 1" from every enemy: no engagement is implied) and a
    random seat to act; ``st`` itself is not changed."""
    out = {**st, "units": {k: dict(v) for k, v in st["units"].items()}}
    field = board.field(out)
    placed: list[geometry.Token] = []
    for uid in sorted(out["units"]):
        u = out["units"][uid]
        if u["where"] != "battlefield":
            continue
        for _ in range(500):
            r = u["radius"]
            p = (round(pick.uniform(r, field.width - r), 1), round(pick.uniform(r, field.height - r), 1))
            tok = board.token(u, at=p)
            if geometry._end_problem(tok, p, placed, field, flying=tok.flying, charge_target=None) is None:
                break
        u.update(x=p[0], y=p[1])
        placed.append(board.token(u))
    out["active"] = pick.choice(sorted(out["seats"]))
    return out
