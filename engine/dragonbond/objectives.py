"""Objectives placed by the players (§26.1; seed 003 l.1344-1352), a pre-game step of ``choices.py``.

"Altérnense colocando objetivos, empezando con el ganador de una tirada enfrentada. Deben colocarse a más de 9"
entre sí. Deben colocarse a más de 3" de las orillas del área de juego." Five on 4'x3' (l.1346: seven on 6'x4',
scaled by area otherwise: three on 3'x2'), for the Pitched Battle and Conquest, and the Quest's treasures
(l.1441); none in Annihilation (l.1433). The map's rules (``battlefield.objective_problem``): more than 9" apart,
more than 3" from the edges, and (a ruling) not in impassable terrain.

``PlaceObjective {"to": [x, y], "dest": "db.objective.spot"}`` places one at an offered spot: the points of a 4"
grid that the rules allow and that still leave room for the objectives to come (so the placing never reaches a
dead end); typed coordinates (``{"type": "PlaceObjective", "to": [x, y]}``) are accepted at any such point.
The setup option ``objectives``: ``players`` (the default when the players set up in the match) or ``map`` (the
layout's own: the default with ``setup: options``).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from engine.core.errors import IllegalAction
from engine.dragonbond import battlefield, board
from engine.dragonbond.geometry import Terrain
from engine.dragonbond.state import JSON, Ctx

GRID = 4.0
"""Inches between the offered spots (the first 4" from each edge: more than 3")."""
SPOT = "db.objective.spot"
MODES = ("players", "map")

Point = tuple[float, float]


def wanted(st: JSON) -> int:
    """How many objectives the players place: the table's count, none in Annihilation."""
    if st["scenario"] == "annihilation":
        return 0
    return battlefield.table_size(st["size"]).objectives


def step_open(ctx: Ctx) -> bool:
    """The setup step ``objectives``: True while one waits to be placed (the caller stops there)."""
    from engine.dragonbond.turns import opposed
    st = ctx.state
    s = st["setup"]
    if s.get("objectives") != "players":
        return False
    if s.get("objectives_cleared") is None:     # the map's are taken off: the players place theirs
        s["objectives_cleared"] = True
        st["field"]["objectives"] = []
        st["objectives"] = []
    if len(st["objectives"]) >= wanted(st):
        return False
    if s.get("objective_turn") is None:
        s["objective_turn"] = opposed(ctx, "objectives")
    if s["step"] != "objectives":
        s["step"] = "objectives"
        ctx.emit("SetupStep", step="objectives", seats=[s["objective_turn"]])
    return True


def _placed(st: JSON) -> tuple[Point, ...]:
    return tuple((float(o["x"]), float(o["y"])) for o in st["objectives"])


def _table(st: JSON) -> tuple[battlefield.TableSize, tuple[Terrain, ...]]:
    return battlefield.table_size(st["size"]), board.field(st).terrain


def offers(st: JSON) -> list[JSON]:
    table, terrain = _table(st)
    return [{"type": "PlaceObjective", "to": [x, y], "dest": SPOT}
            for x, y in _spots(table, terrain, _placed(st), wanted(st) - len(st["objectives"]))]


@lru_cache(maxsize=8)
def _grid(table: battlefield.TableSize) -> list[Point]:
    xs = [GRID * k for k in range(1, int(table.width // GRID)) if GRID * k < table.width - battlefield.OBJECTIVE_EDGE]
    ys = [GRID * k for k in range(1, int(table.height // GRID)) if GRID * k < table.height - battlefield.OBJECTIVE_EDGE]
    return [(x, y) for y in ys for x in xs]


@lru_cache(maxsize=256)
def _spots(table: battlefield.TableSize, terrain: tuple[Terrain, ...], placed: tuple[Point, ...],
           left: int) -> tuple[Point, ...]:
    """The grid points where one more objective may go and the ``left - 1`` after it still fit."""
    if left <= 0:
        return ()
    grid = _grid(table)
    free = np.array([allowed(table, terrain, placed, p) for p in grid], dtype=bool)
    far = _far(table)
    return tuple(grid[i] for i in np.flatnonzero(free) if _room_mask(far, free & far[i], left - 1))


def allowed(table: battlefield.TableSize, terrain: tuple[Terrain, ...], placed: tuple[Point, ...], p: Point) -> bool:
    return battlefield.objective_problem([*placed, p], terrain, table) is None


@lru_cache(maxsize=8)
def _far(table: battlefield.TableSize) -> np.ndarray:
    """For each pair of grid points, whether they are more than 9" apart."""
    xy = np.asarray(_grid(table), dtype=float)
    d = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1])
    return d > battlefield.OBJECTIVE_GAP


def _room_mask(far: np.ndarray, free: np.ndarray, left: int, budget: list[int] | None = None) -> bool:
    """Whether ``left`` grid points among ``free`` are each more than 9" from the others: the first free point
    taken each time, searching on (within a bound) only when that greedy choice runs out of room."""
    if left <= 0:
        return True
    idx = np.flatnonzero(free)
    if len(idx) < left:
        return False
    budget = budget if budget is not None else [200]
    for i in idx:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if _room_mask(far, free & far[i], left - 1, budget):
            return True
    return False


def _room(table: battlefield.TableSize, terrain: tuple[Terrain, ...], placed: tuple[Point, ...], left: int) -> bool:
    """Whether ``left`` more objectives fit on the grid with those ``placed`` (typed spots off the grid included)."""
    free = np.array([allowed(table, terrain, placed, p) for p in _grid(table)], dtype=bool)
    return _room_mask(_far(table), free, left)


def place(ctx: Ctx, seat: str, action: JSON) -> None:
    """One objective placed by the seat whose turn it is; then the other seat's turn."""
    st = ctx.state
    s = st["setup"]
    p = board.parse_point(action.get("to"))
    table, terrain = _table(st)
    left = wanted(st) - len(st["objectives"])
    if set(action) - {"type", "to"}:        # an offered spot, exactly
        if {k: v for k, v in action.items() if k != "_declared"} not in offers(st):
            raise IllegalAction("db.objective.not_offered", x=p[0], y=p[1])
    else:
        problem = battlefield.objective_problem([*_placed(st), p], terrain, table)
        if problem is not None:
            raise IllegalAction("db.objective.bad_spot", x=p[0], y=p[1])
        if not _room(table, terrain, (*_placed(st), p), left - 1):
            raise IllegalAction("db.objective.no_room", x=p[0], y=p[1])
    n = len(st["objectives"]) + 1
    st["objectives"].append({"n": n, "x": p[0], "y": p[1], "controller": None})
    st["field"]["objectives"].append([p[0], p[1]])
    ctx.emit("ObjectivePlaced", seat=seat, n=n, x=p[0], y=p[1])
    s["objective_turn"] = next(x for x in st["seats"] if x != seat)
