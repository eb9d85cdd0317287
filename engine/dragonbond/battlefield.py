"""Dragonbond tables: sizes, the standard terrain pieces, deployment zones and objective maps (§24-§26).

``field_for(scenario, size, rng_or_layout)`` builds the :class:`~engine.dragonbond.geometry.Field` a match
is played on: the default layout (fixed, fair, the same every time), a seeded random one that follows
the rulebook's placement procedure (§25.4: one piece per sector, each scattered by 7 dice), or a layout
the players give (their own table). Section numbers (§) are those of ``shared/rules/dragonbond.md``;
"seed 003" lines are the Spanish rulebook text.

The rulebook gives no footprint for any terrain piece (its figures are lost) and no fixed objective
positions (players place them); the sizes and default positions here are the bot's defaults, recorded in
``docs/rulings/dragonbond.md`` ("Measurement and terrain").
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


from shapely.geometry import Point as SPoint

from engine.core.errors import InvalidInput
from engine.core.rng import Rng
from engine.dragonbond.dice import Colour, Kind, roll
from engine.dragonbond.geometry import (
    DANGEROUS, DARK, IMPASSABLE, SLOWING, TERRAIN_KINDS, Field, Point, Terrain,
)

SIDES = ("A", "B")
"""Default side keys: ``A`` deploys along y = 0 (Player A's edge), ``B`` along the far edge (§5.2)."""


@dataclass(frozen=True, slots=True)
class TableSize:
    """A table for one game size (§25.1, §25.4, §25.5, §26.1)."""

    key: str
    points: int
    width: float
    height: float
    zone_depth: float
    """Deployment zone depth from each long edge: half the table minus the line's distance from the midline."""
    pieces: int
    objectives: int


SIZES = {
    # Seed 003 lines 1320-1324 (tables; 16" neutral band on skirmish ones), 1326 (4 pieces on 4'x3'), 1328
    # (6 on 6'x4'), 1382-1384 (zone lines 12" from the midline), 1346 (5 objectives, 7 on 6'x4').
    "skirmish": TableSize("skirmish", 50, 36.0, 24.0, 4.0, 2, 3),      # pieces, objectives: A15 scaled by area
    "standard": TableSize("standard", 100, 48.0, 36.0, 6.0, 4, 5),
    "army": TableSize("army", 150, 72.0, 48.0, 12.0, 6, 7),
}


@dataclass(frozen=True, slots=True)
class Piece:
    """A standard terrain piece (§24.3; seed 003 lines 1244-1250): its types and the bot's footprint."""

    key: str
    kinds: tuple[str, ...]
    danger: int
    shape: str
    size: tuple[float, float]
    """rect: width x depth; circle: (radius, 0). [GAP] the rulebook gives no size: bot default."""


PIECES = {p.key: p for p in (
    Piece("ruins", (DARK,), 0, "rect", (6.0, 4.0)),
    Piece("woods", (DARK, SLOWING), 0, "circle", (3.0, 0.0)),
    Piece("deep_river", (IMPASSABLE,), 0, "rect", (10.0, 2.0)),
    Piece("shallow_river", (SLOWING,), 0, "rect", (10.0, 3.0)),
    Piece("lava_pool", (DANGEROUS, SLOWING), 3, "circle", (2.0, 0.0)),
    Piece("poisonous_swamp", (DANGEROUS, SLOWING, DARK), 1, "rect", (6.0, 4.0)),
    Piece("rocks", (SLOWING, DARK), 0, "circle", (2.0, 0.0)),
)}
"""§24.3's table; message keys ``db.terrain.<key>`` name them."""

SCENARIOS = ("pitched_battle", "conquest", "annihilation", "quest")
"""§26: Batalla Campal (default), Conquista, Aniquilación, La Búsqueda."""

OBJECTIVE_GAP = 9.0
"""Seed 003 line 1351: objectives more than 9" apart."""
OBJECTIVE_EDGE = 3.0
"""Seed 003 line 1352: objectives more than 3" from the table edges."""
SCATTER_DICE = ((Colour.BLACK, 6), (Colour.GRAY, 1))
"""Seed 003 line 1326: 6 black and 1 gray attack dice; the piece moves one inch per hit."""

# Default layouts: one piece per sector, 180° symmetric so neither edge is favoured (seed 003 line 1330);
# every piece dark, so at least half are (line 1326). Objectives: >9" apart, >3" from edges, off terrain.
_DEFAULT_TERRAIN = {
    "skirmish": (("ruins", (9, 6)), ("woods", (27, 18))),
    "standard": (("ruins", (12, 9)), ("woods", (36, 9)), ("woods", (12, 27)), ("ruins", (36, 27))),
    "army": (("ruins", (12, 12)), ("woods", (36, 12)), ("rocks", (60, 12)),
             ("rocks", (12, 36)), ("woods", (36, 36)), ("ruins", (60, 36))),
}
_DEFAULT_OBJECTIVES = {
    "skirmish": ((18, 12), (6, 12), (30, 12)),
    "standard": ((24, 18), (6, 18), (42, 18), (24, 8), (24, 28)),
    "army": ((36, 24), (12, 24), (60, 24), (24, 14), (48, 14), (24, 34), (48, 34)),
}


def table_size(size: str | int) -> TableSize:
    """The table for a size key (``standard``) or a game size in points (§25.1: 50, 100, 150).

    :raises InvalidInput: ``db.terrain.bad_layout``.
    """
    for t in SIZES.values():
        if size in (t.key, t.points, str(t.points)):
            return t
    raise InvalidInput("db.terrain.bad_layout", problem=f"unknown size {size!r}")


def place_piece(key: str, at: Point, *, number: int = 1) -> Terrain:
    """A standard piece centred at ``at``."""
    piece = PIECES[key]
    x, y = at
    if piece.shape == "circle":
        points: tuple[Point, ...] = ((x, y), (piece.size[0], 0.0))
    else:
        w, d = piece.size
        points = ((x - w / 2, y - d / 2), (x + w / 2, y + d / 2))
    return Terrain(f"{key}-{number}", piece.kinds, key, piece.shape, points, piece.danger)


def zones(size: TableSize, sides: tuple[str, str] = SIDES) -> dict[str, tuple[Point, ...]]:
    """Each side's deployment zone: the strip between its long edge and the line parallel to the midline
    (§25.5; 48"x6" on 4'x3')."""
    w, h, d = size.width, size.height, size.zone_depth
    return {sides[0]: ((0, 0), (w, 0), (w, d), (0, d)),
            sides[1]: ((0, h - d), (w, h - d), (w, h), (0, h))}


def field_for(scenario: str, size: str | int, rng_or_layout: Rng | Mapping[str, Any] | None = None, *,
              sides: tuple[str, str] = SIDES) -> Field:
    """The table for a scenario and game size: default layout (None), random placement (an Rng), or the
    players' own layout (a mapping: ``{"terrain": [{"piece": "woods", "at": [x, y]}, ...],
    "objectives": [[x, y], ...]}``).

    §26.1: objectives for Pitched Battle, Conquest and The Quest (its treasures); none for Annihilation.
    The Quest has no deployment zones (§26.2: units enter from the table edges).

    :raises InvalidInput: ``db.terrain.bad_layout``.
    """
    if scenario not in SCENARIOS:
        raise InvalidInput("db.terrain.bad_layout", problem=f"unknown scenario {scenario!r}")
    table = table_size(size)
    if rng_or_layout is None:
        terrain = tuple(place_piece(k, at, number=n) for n, (k, at) in enumerate(_DEFAULT_TERRAIN[table.key], 1))
        objectives: tuple[Point, ...] = tuple((float(x), float(y)) for x, y in _DEFAULT_OBJECTIVES[table.key])
    elif isinstance(rng_or_layout, Mapping):
        terrain, objectives = _given_layout(rng_or_layout, table)
    else:
        terrain = random_terrain(table, rng_or_layout)
        objectives = random_objectives(table, terrain, rng_or_layout)
    if scenario == "annihilation":
        objectives = ()
    return Field(table.width, table.height, terrain, objectives,
                 {} if scenario == "quest" else zones(table, sides))


# -- random placement (§25.4) --------------------------------------------------------------------------------------

def sector_centres(table: TableSize) -> list[Point]:
    """One centre per sector: 4 sectors by the centre lines (seed 003 line 1326), or one per 2'x2' on a
    6'x4' table (line 1328)."""
    if table.pieces == 6:
        return [(12.0 + 24 * i, 12.0 + 24 * j) for j in range(2) for i in range(3)]
    w, h = table.width, table.height
    four = [(w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4)]
    return four if table.pieces == 4 else [four[0], four[3]]


def _pick(rng: Rng, items: Sequence[str]) -> str:
    return items[rng.randbelow(len(items))]


def random_terrain(table: TableSize, rng: Rng) -> tuple[Terrain, ...]:
    """Pieces by the rulebook's procedure: at least half dark, one at each sector's centre, then each moved
    in a random direction by the hits of 6 black + 1 gray attack dice, stopping when it touches another
    piece (seed 003 line 1326; §25.4, the bot draws the direction as a uniform angle). A piece also stops
    at the table edge (ruling)."""
    dark = [k for k, p in PIECES.items() if DARK in p.kinds]
    keys = [_pick(rng, dark) if n < math.ceil(table.pieces / 2) else _pick(rng, list(PIECES))
            for n in range(table.pieces)]
    placed: list[Terrain] = []
    for n, (key, centre) in enumerate(zip(keys, sector_centres(table)), start=1):
        piece = place_piece(key, centre, number=n)
        hits = sum(r.hits + r.crits for r in (roll(rng, Kind.ATTACK, c, k) for c, k in SCATTER_DICE))
        angle = 2 * math.pi * rng.randbelow(360) / 360
        placed.append(_scatter(piece, hits, angle, placed, table))
    return tuple(placed)


def _scatter(piece: Terrain, inches: int, angle: float, others: Sequence[Terrain], table: TableSize) -> Terrain:
    """Move ``piece`` up to ``inches`` along ``angle`` in 0.1" steps, stopping at contact or the edge."""
    step = 0.1
    dx, dy = math.cos(angle) * step, math.sin(angle) * step
    current = piece
    for _ in range(round(inches / step)):
        moved = Terrain(piece.id, piece.kinds, piece.name, piece.shape,
                        _shift_points(current, dx, dy), piece.danger)
        poly = moved.polygon
        minx, miny, maxx, maxy = poly.bounds
        if minx < 0 or miny < 0 or maxx > table.width or maxy > table.height:
            break
        if any(poly.intersects(o.polygon) for o in others):
            break
        current = moved
    return _rounded(current)


def _shift_points(t: Terrain, dx: float, dy: float) -> tuple[Point, ...]:
    if t.shape == "circle":
        (cx, cy), radius = t.points
        return ((cx + dx, cy + dy), radius)
    return tuple((x + dx, y + dy) for x, y in t.points)


def _rounded(t: Terrain) -> Terrain:
    # Positions a player can read back: 0.1".
    if t.shape == "circle":
        (cx, cy), radius = t.points
        pts: tuple[Point, ...] = ((round(cx, 1), round(cy, 1)), radius)
    else:
        pts = tuple((round(x, 1), round(y, 1)) for x, y in t.points)
    return Terrain(t.id, t.kinds, t.name, t.shape, pts, t.danger)


def objective_problem(objectives: Sequence[Point], terrain: Sequence[Terrain], table: TableSize) -> str | None:
    """Why a set of objective positions breaks the placement rules, or None.

    Seed 003 lines 1351-1352: more than 9" apart, more than 3" from the edges. Ruling: not inside
    impassable terrain (no model could ever reach it).
    """
    for i, (x, y) in enumerate(objectives):
        if not (OBJECTIVE_EDGE < x < table.width - OBJECTIVE_EDGE and OBJECTIVE_EDGE < y < table.height - OBJECTIVE_EDGE):
            return f"objective {i + 1} is not more than 3\" from the edges"
        for t in terrain:
            if t.has(IMPASSABLE) and t.polygon.covers(SPoint(x, y)):
                return f"objective {i + 1} is in impassable terrain"
        for j in range(i):
            if math.hypot(x - objectives[j][0], y - objectives[j][1]) <= OBJECTIVE_GAP:
                return f"objectives {j + 1} and {i + 1} are not more than 9\" apart"
    return None


def random_objectives(table: TableSize, terrain: Sequence[Terrain], rng: Rng, *, tries: int = 2000) -> tuple[Point, ...]:
    """Objective markers placed one at a time at random half-inch spots that keep the placement rules
    (the players alternate placing them, seed 003 line 1350; the bot places for both). Starts again if a
    marker finds no room."""
    cols = int((table.width - 2 * OBJECTIVE_EDGE) * 2) - 1
    rows = int((table.height - 2 * OBJECTIVE_EDGE) * 2) - 1
    for _ in range(tries):
        chosen: list[Point] = []
        for _ in range(table.objectives):
            for _ in range(200):
                p = (OBJECTIVE_EDGE + 0.5 * (1 + rng.randbelow(cols)), OBJECTIVE_EDGE + 0.5 * (1 + rng.randbelow(rows)))
                if objective_problem([*chosen, p], terrain, table) is None:
                    chosen.append(p)
                    break
            else:
                break
        if len(chosen) == table.objectives:
            return tuple(chosen)
    raise InvalidInput("db.terrain.bad_layout", problem="no room for the objectives")


# -- the players' own layout ---------------------------------------------------------------------------------------

def _given_layout(layout: Mapping[str, Any], table: TableSize) -> tuple[tuple[Terrain, ...], tuple[Point, ...]]:
    terrain: list[Terrain] = []
    for n, entry in enumerate(layout.get("terrain", ()), start=1):
        try:
            if "piece" in entry:
                t = place_piece(entry["piece"], tuple(entry["at"]), number=n)
            else:
                t = Terrain(str(entry["id"]), tuple(entry["kinds"]), str(entry.get("name", entry["id"])),
                            entry["shape"], tuple(tuple(map(float, p)) for p in entry["points"]),
                            int(entry.get("danger", 0)))
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidInput("db.terrain.bad_layout", problem=f"terrain {n}: {exc}") from None
        if set(t.kinds) - set(TERRAIN_KINDS):
            raise InvalidInput("db.terrain.bad_layout", problem=f"terrain {n}: unknown kind")
        minx, miny, maxx, maxy = t.polygon.bounds
        if minx < -1e-6 or miny < -1e-6 or maxx > table.width + 1e-6 or maxy > table.height + 1e-6:
            raise InvalidInput("db.terrain.bad_layout", problem=f"terrain {n} is off the table")
        terrain.append(t)
    ids = [t.id for t in terrain]
    if len(set(ids)) != len(ids):
        raise InvalidInput("db.terrain.bad_layout", problem="two terrain pieces share an id")
    try:
        objectives = tuple((float(x), float(y)) for x, y in layout.get("objectives", ()))
    except (TypeError, ValueError):
        raise InvalidInput("db.terrain.bad_layout", problem="objectives must be [x, y] pairs") from None
    problem = objective_problem(objectives, terrain, table)
    if problem is not None:
        raise InvalidInput("db.terrain.bad_layout", problem=problem)
    return tuple(terrain), objectives


def layout_of(field: Field) -> dict[str, Any]:
    """A field's terrain and objectives as a JSON-ready layout that ``field_for`` reads back."""
    return {"terrain": [{"id": t.id, "kinds": list(t.kinds), "name": t.name, "shape": t.shape,
                         "points": [list(p) for p in t.points], "danger": t.danger} for t in field.terrain],
            "objectives": [list(p) for p in field.objectives]}
