"""The Quest (La Búsqueda, §26.2; seed 003 l.1436-1466): treasures taken by touching them, carried, dropped, and
scored at one's own table edge.

The treasures are the scenario's objective tokens (``state["objectives"]``, each ``{"n", "x", "y", ...}``; a
dropped one carries its fixed ``treasure`` kind). A unit whose move brings its token into contact with a treasure
stops there (the rest of the path is not walked) and rolls 1 black attack die: a critical finds a major treasure,
anything else a minor one (l.1448); a dropped treasure keeps its kind. A carrier that marches into contact with
its own long table edge leaves the table (``where: "home"``) and scores 20 VP per major and 10 per minor treasure
(l.1456). ``field.objectives`` follows the treasures left, so the named destinations offer them.
"""
from __future__ import annotations

import math
from typing import Sequence

from engine.dragonbond import board, geometry
from engine.dragonbond.combat import score
from engine.dragonbond.dice import Colour, Kind, roll
from engine.dragonbond.setup import own_edge_y
from engine.dragonbond.state import JSON, SCOUT, Ctx, disengage_all, has

Point = tuple[float, float]
VALUE = {"major": 20, "minor": 10}
"""VP per treasure brought home (l.1456)."""
HOME_SLACK = 0.05
"""A token within this of its own edge touches it (distances are judged to 0.1")."""


def active(st: JSON) -> bool:
    return st.get("scenario") == "quest" and st["phase"] == "battle"


def _contact_along(path: Sequence[Point], radius: float, t: Point) -> tuple[float, Point] | None:
    """How far along ``path`` the token first touches point ``t`` and where its centre is then."""
    walked = 0.0
    for p, q in zip(path, path[1:]):
        dx, dy = q[0] - p[0], q[1] - p[1]
        length = math.hypot(dx, dy)
        if length == 0:
            continue
        # |p + s·d − t| = radius, smallest s in [0, 1]
        fx, fy = p[0] - t[0], p[1] - t[1]
        a, b, c = length * length, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - radius * radius
        if c <= 0:
            return walked, p
        disc = b * b - 4 * a * c
        if disc >= 0:
            s = (-b - math.sqrt(disc)) / (2 * a)
            if 0 <= s <= 1:
                return walked + s * length, (round(p[0] + s * dx, 2), round(p[1] + s * dy, 2))
        walked += length
    return None


def cut_at_treasure(st: JSON, u: JSON, path: Sequence[Point], allowance: float
                    ) -> tuple[tuple[Point, ...], JSON | None]:
    """The path up to the first treasure the moving token touches, and that treasure (None: no treasure met).
    A contact spot where the unit may not stand (on a friend, within 1" of an enemy) is passed by (a ruling);
    Monsters take no treasure (a ruling: they are not questing)."""
    if not active(st) or u.get("monster") or len(path) < 2:
        return tuple(path), None
    hits = []
    mover = board.token(u, at=path[0])
    others, field = board.tokens(st, exclude=(u["id"],)), board.field(st)
    for obj in st["objectives"]:
        found = _contact_along(path, u["radius"], (obj["x"], obj["y"]))
        if found is not None and (found[1] == tuple(path[0]) or geometry.check_move(
                mover, found[1], allowance, others, field, ignore_slowing=has(u, SCOUT)).ok):
            hits.append((found[0], obj["n"], found[1], obj))
    if not hits:
        return tuple(path), None
    at, _, end, obj = min(hits, key=lambda h: (h[0], h[1]))
    out: list[Point] = [tuple(path[0])]
    walked = 0.0
    for p, q in zip(path, path[1:]):
        step = math.hypot(q[0] - p[0], q[1] - p[1])
        if walked + step >= at - 1e-9:
            break
        out.append(tuple(q))
        walked += step
    out.append(end)
    return tuple(out), obj


def take(ctx: Ctx, u: JSON, obj: JSON) -> None:
    """The unit takes the treasure it touched: a fresh one is rolled for, a dropped one keeps its kind (l.1448,
    l.1452)."""
    st = ctx.state
    here = [o for o in st["objectives"] if (o["x"], o["y"]) == (obj["x"], obj["y"])]   # a dropped pile: all
    for o in here:
        kind = o.get("treasure")
        rolled = None
        if kind is None:
            r = roll(ctx.rng, Kind.ATTACK, Colour.BLACK, 1)
            rolled = [r.hits, r.crits]
            kind = "major" if r.crits else "minor"
        u["treasures"].append(kind)
        ctx.emit("TreasureFound", unit=u["id"], n=o["n"], treasure=kind, roll=rolled, x=o["x"], y=o["y"])
    st["objectives"] = [o for o in st["objectives"] if o not in here]
    sync(st)


def sync(st: JSON) -> None:
    """``field.objectives`` are the treasures still on the table (the named destinations read the field)."""
    st["field"]["objectives"] = [[o["x"], o["y"]] for o in st["objectives"]]


def at_home(st: JSON, u: JSON) -> bool:
    """The token touches its side's own long edge (l.1456: every model in contact with it; one token here)."""
    edge = own_edge_y(st, u["side"])
    return abs(u["y"] - edge) <= u["radius"] + HOME_SLACK


def bring_home(ctx: Ctx, u: JSON) -> bool:
    """After a March: a carrier touching its own edge leaves the table and scores its treasures (l.1456)."""
    st = ctx.state
    if not active(st) or not u["treasures"] or u["where"] != "battlefield" or not at_home(st, u):
        return False
    points = sum(VALUE[t] for t in u["treasures"])
    disengage_all(ctx, u["id"])
    ctx.emit("TreasureScored", unit=u["id"], treasures=list(u["treasures"]), vp=points)
    u.update(where="home", treasures=[])
    if u.get("rider"):
        st["units"][u["rider"]]["where"] = "home"     # its Rider leaves the table on it (§20.3)
    score(ctx, u["side"], points, "treasure", unit=u["id"])
    return True


def home_point(st: JSON, u: JSON) -> Point:
    """Straight toward its own edge, touching it (the named destination for a carrier)."""
    edge = own_edge_y(st, u["side"])
    y = u["radius"] if edge == 0 else edge - u["radius"]
    return (u["x"], round(y, 2))


def home_destination(st: JSON, u: JSON, allowance: float) -> JSON | None:
    """A March to the own edge, offered when a carrier can reach it now."""
    if not active(st) or not u["treasures"]:
        return None
    to = home_point(st, u)
    check = geometry.check_move(board.token(u), to, allowance, board.tokens(st, exclude=(u["id"],)), board.field(st))
    if not check.ok:
        return None
    return {"type": "March", "unit": u["id"], "to": list(to), "dest": "db.move.dest.home_edge", "params": {}}
