"""Dragonbond free measurement on a continuous table: unit tokens, distances, line of sight, moves.

The board model is the digest's §5.2 MVP: every unit is one circular token (centre in inches, radius
from its base size and model count); terrain pieces are rectangles, circles or polygons tagged with
terrain types (§24.2). This module measures and checks; it never changes a state. It is not the rules
engine: who may move, how far (Speed, Slowed, charge dice) and what a move triggers belong to
``state``/``system``; they call these functions with the allowance already worked out.

Conventions: all lengths are inches; the origin is Player A's left corner, x along the long edge
(0..width), y toward Player B (0..height). Distances shown to players are rounded to 0.1" and every
rule threshold is judged on that rounded figure, so what a player reads is what the referee used.
"""
from __future__ import annotations

import math
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field as dc_field
from functools import lru_cache
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Point as SPoint, Polygon, box
from shapely.geometry.polygon import orient
from shapely.ops import nearest_points, unary_union

from engine.dragonbond.pathing import CLEAR as _CLEAR, SLACK as _SLACK, Layout, Planner, _chord_one, _clipped_one

Point = tuple[float, float]
"""A position in inches: ``(x, y)``."""

MM_PER_INCH = 25.4
PRECISION = 1
"""Decimals of a measured distance (0.1")."""
ENEMY_GAP = 1.0
"""Digest §8; seed 003 line 650: a move ends at least 1" from enemy models (charges excepted)."""
OBJECTIVE_RANGE = 3.0
"""Digest §26.1; seed 003 line 1358: a model within 3" of an objective is on it."""
DANGER_RANGE = 6.0
"""Digest §24.2; seed 003 line 1213: dangerous terrain targets units inside or within 6"."""
PACKING = 0.9
"""Digest §5.2: ``R = 0.5·d·(1 + 0.9·sqrt(n−1))``."""

IMPASSABLE, SLOWING, DANGEROUS, DARK = "impassable", "slowing", "dangerous", "dark"
TERRAIN_KINDS = (IMPASSABLE, SLOWING, DANGEROUS, DARK)
"""Digest §24.2: the four terrain types; a piece may carry several."""



# -- value types ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Token:
    """One unit on the table as a single disc (digest §5.2): models are only a count inside it."""

    id: str
    x: float
    y: float
    radius: float
    side: str
    flying: bool = False
    """*Volador* (seed 003 line 1119): may fly over terrain and units, landing at the end."""
    huge: bool = False
    """*Enorme* (seed 003 line 1131): its line of sight ignores units without *Enorme*."""
    tiny: bool = False
    """*Diminuto* (seed 003 line 1143): blocks no line of sight except to/from *Diminuto* units."""
    scout: bool = False
    """*Reconocimiento* (seed 003 line 1115): ignores slowing terrain's penalty."""

    @property
    def centre(self) -> Point:
        return (self.x, self.y)

    def moved(self, p: Point) -> Token:
        """The same unit with its centre at ``p``."""
        return Token(self.id, p[0], p[1], self.radius, self.side, self.flying, self.huge, self.tiny, self.scout)


@dataclass(frozen=True, slots=True)
class Terrain:
    """A terrain piece (digest §24): its types, its footprint and, if dangerous, its X.

    ``points``: a rect gives two opposite corners, a circle its centre and ``(radius, 0)``, a polygon its
    corners in order.
    """

    id: str
    kinds: tuple[str, ...]
    name: str
    shape: str
    points: tuple[Point, ...]
    danger: int = 0

    def __post_init__(self) -> None:
        bad = set(self.kinds) - set(TERRAIN_KINDS)
        if bad:
            raise ValueError(f"unknown terrain kinds {sorted(bad)}")
        if self.shape not in ("rect", "circle", "polygon"):
            raise ValueError(f"unknown terrain shape {self.shape!r}")

    def has(self, kind: str) -> bool:
        return kind in self.kinds

    @property
    def polygon(self) -> Polygon:
        """The footprint as a shapely polygon (a circle with 64 sides)."""
        return _polygon(self)


_POLYGONS: dict[Terrain, Polygon] = {}
_ROUND: dict[int, tuple[Polygon, tuple[float, float, float]]] = {}
"""A round piece's footprint (kept per piece) -> its circle (x, y, radius): the 64 sides lie inside that circle and
outside the one of ``_INRADIUS`` times its radius."""


def _circle(poly: Polygon) -> tuple[float, float, float] | None:
    kept = _ROUND.get(id(poly))
    return kept[1] if kept is not None and kept[0] is poly else None


def _polygon(t: Terrain) -> Polygon:
    poly = _POLYGONS.get(t)
    if poly is None:
        if t.shape == "rect":
            (x1, y1), (x2, y2) = t.points
            poly = box(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
        elif t.shape == "circle":
            (cx, cy), (r, _) = t.points
            poly = SPoint(cx, cy).buffer(r, quad_segs=16)
            _ROUND[id(poly)] = (poly, (float(cx), float(cy), float(r)))
        else:
            poly = Polygon(t.points)
            if not poly.is_valid:
                poly = poly.buffer(0)
        shapely.prepare(poly)
        _POLYGONS[t] = poly
    return poly


_FIELD_HASHES: dict[int, tuple[Field, int]] = {}


@dataclass(frozen=True, slots=True)
class Field:
    """The table: its size, terrain, objective markers and each side's deployment zone (a polygon)."""

    width: float
    height: float
    terrain: tuple[Terrain, ...]
    objectives: tuple[Point, ...]
    zones: dict[str, tuple[Point, ...]] = dc_field(default_factory=dict)

    def __hash__(self) -> int:  # zones is a dict; the rest identifies the table
        # Every cache here is keyed by the table: its hash is worked out once per Field object.
        kept = _FIELD_HASHES.get(id(self))
        if kept is not None and kept[0] is self:
            return kept[1]
        h = hash((self.width, self.height, self.terrain, self.objectives))
        if len(_FIELD_HASHES) >= 64:
            _FIELD_HASHES.clear()
        _FIELD_HASHES[id(self)] = (self, h)
        return h

    def piece(self, terrain_id: str) -> Terrain:
        for t in self.terrain:
            if t.id == terrain_id:
                return t
        raise KeyError(terrain_id)


@dataclass(frozen=True)
class MoveCheck:
    """The verdict on one move: whether it is legal, what it costs, the path and, if refused, why.

    ``reason`` is a message key (``db.move.too_far``); ``params`` fills the message. ``cost`` counts
    slowing terrain double. A refused charge (``db.move.charge_too_far``) still carries the path of the
    failed charge move: as close to the target as the allowance reaches (digest §7.5).
    """

    ok: bool
    cost: float
    path: tuple[Point, ...]
    reason: str | None = None
    params: dict[str, Any] = dc_field(default_factory=dict)

    @property
    def end(self) -> Point:
        return self.path[-1]


@dataclass(frozen=True)
class Destination:
    """A named place a unit can reach now: a message key and params for its label, the point, the cost."""

    key: str
    params: dict[str, Any]
    point: Point
    cost: float


# -- measuring -----------------------------------------------------------------------------------------------------

def token_radius(base_mm: int, models: int) -> float:
    """A unit token's radius in inches: ``0.5·d·(1 + 0.9·sqrt(n−1))`` with ``d`` the base (digest §5.2).

    Base sizes are not in the rulebook (digest §28.2); the unit data supplies them.

    >>> token_radius(25, 1), token_radius(25, 5)
    (0.49, 1.38)
    """
    if base_mm <= 0 or models <= 0:
        raise ValueError("base and models must be positive")
    d = base_mm / MM_PER_INCH
    return round(0.5 * d * (1 + PACKING * math.sqrt(models - 1)), 2)


def _round(value: float) -> float:
    # Half up, after removing float noise, so 0.05 always reads 0.1.
    return math.floor(round(value, 6) * 10 ** PRECISION + 0.5) / 10 ** PRECISION


def _gap(a: Token, b: Token) -> float:
    return math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius


def edge_distance(a: Token, b: Token) -> float:
    """Distance between the nearest base edges, rounded to 0.1" (digest §4.1, §5.2; seed 003 line 354).

    0 means the tokens touch (base contact) or overlap.
    """
    return _round(max(0.0, _gap(a, b)))


def in_contact(a: Token, b: Token) -> bool:
    """Base contact: the edges meet (0.0" when rounded) without overlapping (digest §4.4)."""
    return edge_distance(a, b) == 0.0 and not overlaps(a, b)


def distance_to_point(a: Token, p: Point) -> float:
    """From the token's edge to a point (an objective marker), rounded to 0.1" (digest §5.2)."""
    return _round(max(0.0, math.hypot(a.x - p[0], a.y - p[1]) - a.radius))


def overlaps(a: Token, b: Token) -> bool:
    """The two discs overlap by more than the 0.05" rounding margin (touching is not overlapping)."""
    return _gap(a, b) < -0.05


def distance_to_terrain(a: Token, piece: Terrain) -> float:
    """From the token's edge to the piece's edge, 0 if any part of the base is on it (for §24.2's 6")."""
    return _round(max(0.0, _polygon(piece).distance(SPoint(a.x, a.y)) - a.radius))


def in_terrain(token: Token, field: Field) -> tuple[Terrain, ...]:
    """The pieces that hold the whole base: a base partly inside is NOT inside (digest §24.2; seed 003
    line 1231)."""
    return tuple(t for t in field.terrain if _wholly_inside(token, _polygon(t)))


def _wholly_inside(token: Token, poly: Polygon) -> bool:
    if not shapely.contains_xy(poly, token.x, token.y):     # the usual answer: no point object needed
        return False
    return _boundary(poly).distance(SPoint(token.x, token.y)) >= token.radius - 1e-9


_BOUNDARIES: dict[int, tuple[Polygon, Any]] = {}


def _boundary(poly: Polygon):
    """A footprint's outline, kept per footprint (footprints are kept per piece, see ``_polygon``)."""
    kept = _BOUNDARIES.get(id(poly))
    if kept is None or kept[0] is not poly:
        if len(_BOUNDARIES) >= 256:
            _BOUNDARIES.clear()
        kept = _BOUNDARIES[id(poly)] = (poly, poly.boundary)
    return kept[1]


def dangerous_targets(piece: Terrain, tokens: Sequence[Token]) -> tuple[tuple[Token, ...], tuple[Token, ...]]:
    """Units a dangerous piece can target: (inside it — melee attack, within 6" — ranged attack).

    Digest §24.2; seed 003 line 1213. "Inside" is wholly inside (line 1231); a unit partly on the piece is
    within 6" of it.
    """
    poly = _polygon(piece)
    inside = tuple(t for t in tokens if _wholly_inside(t, poly))
    near = tuple(t for t in tokens if t not in inside and distance_to_terrain(t, piece) <= DANGER_RANGE)
    return inside, near


# -- line of sight -------------------------------------------------------------------------------------------------

_LOS_SAMPLES = 16


def _samples(t: Token) -> list[Point]:
    # Centre plus points just inside the rim: "any part of the base" (seed 003 line 365), sampled.
    r = t.radius * 0.98
    return [(t.x, t.y)] + [(t.x + r * math.cos(2 * math.pi * k / _LOS_SAMPLES),
                            t.y + r * math.sin(2 * math.pi * k / _LOS_SAMPLES)) for k in range(_LOS_SAMPLES)]


def _blocks_sight(blocker: Token, viewer: Token, target: Token) -> bool:
    """Digest §4.3: every unit blocks; *Enorme* sees over the rest; *Diminuto* blocks only *Diminuto*."""
    if blocker.id in (viewer.id, target.id):
        return False
    if (viewer.huge or target.huge) and not blocker.huge:
        return False
    if blocker.tiny and not (viewer.tiny or target.tiny):
        return False
    return True


def _segment_hits_disc(p: Point, q: Point, c: Point, r: float) -> bool:
    px, py = p
    dx, dy = q[0] - px, q[1] - py
    length2 = dx * dx + dy * dy
    s = 0.0 if length2 == 0 else max(0.0, min(1.0, ((c[0] - px) * dx + (c[1] - py) * dy) / length2))
    return math.hypot(px + s * dx - c[0], py + s * dy - c[1]) < r - _SLACK


def _dark_walls(viewer: Token, target: Token, field: Field) -> list[Polygon]:
    """Dark pieces that block sight between the two: those holding neither (digest §24.2, line 1229). A piece
    clear of the box round both bases is left out: no sight line between them leaves that box."""
    lox, hix = min(viewer.x - viewer.radius, target.x - target.radius), max(viewer.x + viewer.radius,
                                                                           target.x + target.radius)
    loy, hiy = min(viewer.y - viewer.radius, target.y - target.radius), max(viewer.y + viewer.radius,
                                                                           target.y + target.radius)
    walls = []
    for poly, (x0, y0, x1, y1) in _dark_pieces(field):
        if x1 < lox or x0 > hix or y1 < loy or y0 > hiy:
            continue
        if not _wholly_inside(viewer, poly) and not _wholly_inside(target, poly):
            walls.append(poly)
    return walls


@lru_cache(maxsize=16)
def _dark_pieces(field: Field) -> tuple[tuple[Polygon, tuple[float, float, float, float]], ...]:
    """The dark pieces' footprints with their boxes."""
    return tuple((_polygon(t), _polygon(t).bounds) for t in field.terrain if t.has(DARK))


def _clear(p: Point, q: Point, discs: Sequence[Token], walls: Sequence[Polygon]) -> bool:
    for d in discs:
        if _segment_hits_disc(p, q, (d.x, d.y), d.radius):
            return False
    seg = None
    lox, hix = (p[0], q[0]) if p[0] < q[0] else (q[0], p[0])
    loy, hiy = (p[1], q[1]) if p[1] < q[1] else (q[1], p[1])
    for w in walls:
        x0, y0, x1, y1 = _box(w)
        if x1 < lox or x0 > hix or y1 < loy or y0 > hiy:
            continue    # the segment's box is clear of the piece's
        planes = _half_planes(w)
        if planes is not None:
            crossed = _crossed_one(p, q, w, planes)
            if crossed is not None:
                if crossed:
                    return False
                continue
        seg = seg or LineString([p, q])
        if w.intersects(seg) and w.intersection(seg).length > _SLACK:
            return False
    return True


def _crossed_one(p: Point, q: Point, wall: Polygon, planes: tuple[np.ndarray, np.ndarray]) -> bool | None:
    """Whether the segment ``p-q`` runs more than the slack inside a convex piece (its sides' ``planes``), clipped as
    :func:`_crosses_far` clips; None within a hair of the slack (GEOS decides)."""
    (px, py), (qx, qy) = p, q
    dx, dy = qx - px, qy - py
    length = math.hypot(dx, dy)
    circle = _circle(wall)
    if circle is not None:     # a round piece's 64 sides: its two circles settle most segments
        cx, cy, r = circle
        if _chord_one(px, py, dx, dy, cx, cy, r * _INRADIUS) * length > _SLACK + CHORD_MARGIN:
            return True
        if _chord_one(px, py, dx, dy, cx, cy, r) * length < _SLACK - CHORD_MARGIN:
            return False
    inside = _clipped_one(px, py, dx, dy, _plane_list(planes)) * length
    if abs(inside - _SLACK) < 1e-6:
        return None
    return inside > _SLACK


_PLANE_LISTS: dict[int, tuple[tuple[np.ndarray, np.ndarray], list[tuple[float, float, float]]]] = {}


def _plane_list(planes: tuple[np.ndarray, np.ndarray]) -> list[tuple[float, float, float]]:
    """A convex piece's sides as plain floats (nx, ny, c): one segment at a time, numpy's call overhead dwarfs the
    sums."""
    kept = _PLANE_LISTS.get(id(planes))
    if kept is None or kept[0] is not planes:
        kept = _PLANE_LISTS[id(planes)] = (planes, [(nx, ny, c) for (nx, ny), c in
                                                    zip(planes[0].tolist(), planes[1].tolist())])
    return kept[1]


def _sight_lines(viewer: Token, target: Token, tokens: Sequence[Token], field: Field):
    discs = [t for t in tokens if _blocks_sight(t, viewer, target)]
    walls = _dark_walls(viewer, target, field)
    return discs, walls


def line_of_sight(viewer: Token, target: Token, tokens: Sequence[Token], field: Field) -> bool:
    """True if a straight line joins some part of each base without crossing a unit or dark terrain.

    Digest §4.3, §5.2, §24.2; seed 003 lines 365-369 (units block, friend or foe), 1229 (dark terrain is
    seen into and out of, never through), 1131 (*Enorme*), 1143 (*Diminuto*). The bases are sampled at
    their centre and 16 rim points. Other terrain types never block sight (A17).
    """
    return _sight(viewer, target, _in_between(viewer, target, tokens), field)


def _in_between(viewer: Token, target: Token, tokens: Sequence[Token]) -> tuple[Token, ...]:
    """The units whose bases reach into the hull of the two bases (every sight line runs inside it): only they
    can block, so the answer is cached on them alone (a unit moving elsewhere leaves it cached)."""
    px, py, qx, qy = viewer.x, viewer.y, target.x, target.y
    dx, dy = qx - px, qy - py
    length2 = dx * dx + dy * dy
    wide = max(viewer.radius, target.radius)
    out = []
    for t in tokens:
        s = 0.0 if length2 == 0 else max(0.0, min(1.0, ((t.x - px) * dx + (t.y - py) * dy) / length2))
        if math.hypot(px + s * dx - t.x, py + s * dy - t.y) <= wide + t.radius + 0.01:
            out.append(t)
    return tuple(out)


@lru_cache(maxsize=4096)
def _sight(viewer: Token, target: Token, tokens: tuple[Token, ...], field: Field) -> bool:
    # Every sample pair at once (the same tests as ``_clear``): a position is asked about many times.
    discs, walls = _sight_lines(viewer, target, tokens, field)
    if _clear((viewer.x, viewer.y), (target.x, target.y), discs, walls):
        return True     # centre to centre: the usual open case needs no more
    eyes, marks = np.array(_samples(viewer)), np.array(_samples(target))
    p = np.repeat(eyes, len(marks), axis=0)
    q = np.tile(marks, (len(eyes), 1))
    d = q - p
    length2 = np.maximum((d * d).sum(axis=1), 1e-18)
    open_ = np.ones(len(p), dtype=bool)
    for disc in discs:
        c = np.array([disc.x, disc.y])
        s = np.clip(((c - p) * d).sum(axis=1) / length2, 0.0, 1.0)
        near = p + s[:, None] * d - c
        open_ &= np.hypot(near[:, 0], near[:, 1]) >= disc.radius - _SLACK
        if not open_.any():
            return False
    if walls and open_.any():
        idx = np.flatnonzero(open_)
        for w in walls:
            crossed = _crosses_far(p[idx], q[idx], w)
            idx = idx[~crossed]
            if len(idx) == 0:
                return False
    return bool(open_.any())


def _crosses_far(p: np.ndarray, q: np.ndarray, wall: Polygon) -> np.ndarray:
    """Which sight lines ``p-q`` run more than the slack inside ``wall``: clipped against a convex piece's sides
    with numpy (a line that misses the piece clips to nothing), GEOS measuring only those within a hair of the slack,
    and every line that meets a concave piece."""
    planes = _half_planes(wall)
    if planes is None:
        segs = shapely.linestrings(np.stack([p, q], axis=1))
        crossed = shapely.intersects(wall, segs)    # prepared: cheap; only those crossing are clipped
        if crossed.any():
            crossed[crossed] = shapely.length(shapely.intersection(segs[crossed], wall)) > _SLACK
        return crossed
    circle = _circle(wall)
    if circle is not None:     # a round piece's 64 sides: its two circles settle most lines
        cx, cy, r = circle
        d = q - p
        length = np.hypot(d[:, 0], d[:, 1])
        out = _chords(p, d, cx, cy, r * _INRADIUS) * length > _SLACK + CHORD_MARGIN
        unsure = ~out & (_chords(p, d, cx, cy, r) * length >= _SLACK - CHORD_MARGIN)
        if unsure.any():
            out[unsure] = _clipped_far(p[unsure], q[unsure], wall, planes)
        return out
    return _clipped_far(p, q, wall, planes)


CHORD_MARGIN = 2e-6
"""Beyond a hair (1e-6) of the slack, with room for rounding: a line whose chord through a round piece's inner circle
is longer, or through its outer circle shorter, is settled as its clipping against the 64 sides settles it."""


def _chords(p: np.ndarray, d: np.ndarray, cx: float, cy: float, rad: float) -> np.ndarray:
    """:func:`_chord_one` of each segment ``p + t·d``."""
    fx, fy = p[:, 0] - cx, p[:, 1] - cy
    a = d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]
    b = 2 * (fx * d[:, 0] + fy * d[:, 1])
    disc = b * b - 4 * a * (fx * fx + fy * fy - rad * rad)
    hit = (disc > 0) & (a > 0)
    root = np.sqrt(np.where(hit, disc, 0.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        t0, t1 = (-b - root) / (2 * a), (-b + root) / (2 * a)
    return np.where(hit, np.clip(np.minimum(t1, 1.0) - np.maximum(t0, 0.0), 0.0, None), 0.0)


def _clipped_far(p: np.ndarray, q: np.ndarray, wall: Polygon, planes: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """:func:`_crosses_far` for a convex piece: each line clipped against its sides."""
    normals, offsets = planes
    d = q - p
    num = offsets[None, :] - p @ normals.T            # n·(p + t d) <= c  <=>  t·(n·d) <= c - n·p
    den = d @ normals.T
    with np.errstate(divide="ignore", invalid="ignore"):
        t = num / den
    enter = np.where(den < 0, t, -np.inf).max(axis=1, initial=-np.inf)
    leave = np.where(den > 0, t, np.inf).min(axis=1, initial=np.inf)
    frac = np.clip(np.minimum(leave, 1.0) - np.maximum(enter, 0.0), 0.0, None)
    frac[((den == 0) & (num < 0)).any(axis=1)] = 0.0
    inside = frac * np.hypot(d[:, 0], d[:, 1])
    out = inside > _SLACK
    unsure = np.abs(inside - _SLACK) < 1e-6
    if unsure.any():
        segs = shapely.linestrings(np.stack([p[unsure], q[unsure]], axis=1))
        out[unsure] = shapely.length(shapely.intersection(segs, wall)) > _SLACK
    return out


_BOXES: dict[int, tuple[Polygon, tuple[float, float, float, float]]] = {}


def _box(poly: Polygon) -> tuple[float, float, float, float]:
    """A footprint's box (minx, miny, maxx, maxy), kept per footprint (footprints are kept per piece)."""
    kept = _BOXES.get(id(poly))
    if kept is None or kept[0] is not poly:
        kept = _BOXES[id(poly)] = (poly, poly.bounds)
    return kept[1]


_PLANES: dict[int, tuple[Polygon, tuple[np.ndarray, np.ndarray] | None]] = {}


def _half_planes(poly: Polygon) -> tuple[np.ndarray, np.ndarray] | None:
    """Outward normals and offsets of a convex footprint's sides (None if it is not convex); kept per footprint
    (footprints are kept per piece, see ``_polygon``)."""
    kept = _PLANES.get(id(poly))
    if kept is not None and kept[0] is poly:
        return kept[1]
    planes = None
    if poly.geom_type == "Polygon" and not poly.interiors and poly.convex_hull.area - poly.area < 1e-9:
        c = np.asarray(orient(poly, 1.0).exterior.coords, dtype=float)
        e = c[1:] - c[:-1]
        normals = np.stack([e[:, 1], -e[:, 0]], axis=1)      # outward for a counter-clockwise ring
        planes = (normals, (normals * c[:-1]).sum(axis=1))
    _PLANES[id(poly)] = (poly, planes)
    return planes


def dark_cover(viewer: Token, target: Token, tokens: Sequence[Token], field: Field) -> bool:
    """The target is mostly inside or behind dark terrain as seen from the viewer: its defense against
    ranged attacks is upgraded.

    Digest §24.2, A16; seed 003 line 1233 ("al menos la mitad de las miniaturas"). Token model: the target
    is wholly inside a dark piece, or at least half of its sampled points are hidden from every viewer
    point by dark terrain alone.
    """
    if any(t.has(DARK) for t in in_terrain(target, field)):
        return True
    walls = _dark_walls(viewer, target, field)
    if not walls:
        return False
    points = _samples(target)
    eyes = _samples(viewer)
    hidden = sum(1 for q in points if not any(_clear(p, q, (), walls) for p in eyes))
    return hidden * 2 >= len(points)


# -- movement ------------------------------------------------------------------------------------------------------

def _enemies(mover: Token, tokens: Sequence[Token]) -> list[Token]:
    return [t for t in tokens if t.side != mover.side and t.id != mover.id]


def path_cost(path: Sequence[Point], field: Field, *, slowing: bool = True) -> float:
    """Length of a path, counting its stretches inside slowing terrain twice (digest §8, §24.2)."""
    if len(path) < 2:
        return 0.0
    boxes = _slow_boxes(field) if slowing else ()
    if not any(min(x0, x1) <= bx1 and max(x0, x1) >= bx0 and min(y0, y1) <= by1 and max(y0, y1) >= by0
               for (x0, y0), (x1, y1) in zip(path, path[1:]) for bx0, by0, bx1, by1 in boxes):
        # Clear of every slowing piece's box: the length summed as GEOS sums it, without building a line.
        cost = 0.0
        for (x0, y0), (x1, y1) in zip(path, path[1:]):
            dx, dy = x1 - x0, y1 - y0
            cost += math.sqrt(dx * dx + dy * dy)
        return cost
    return _slowed_cost(tuple((float(x), float(y)) for x, y in path), field)


@lru_cache(maxsize=4096)
def _slowed_cost(path: tuple[Point, ...], field: Field) -> float:
    """:func:`path_cost` of a path near slowing terrain, measured by GEOS: kept, since the checks behind one offer
    measure the same legs and paths again."""
    line = LineString(path)
    cost = line.length
    slow = _slow_union(field)
    if slow is not None and slow.intersects(line):    # prepared: cheap; only a path that enters is clipped
        cost += line.intersection(slow).length
    return cost


@lru_cache(maxsize=16)
def _slow_boxes(field: Field) -> tuple[tuple[float, float, float, float], ...]:
    """The boxes of the slowing pieces as :func:`_slow_union` draws them."""
    slow = _slow_union(field)
    return tuple(part.bounds for part in shapely.get_parts(slow)) if slow is not None else ()


@lru_cache(maxsize=2048)
def _slow_stretches(p: Point, q: Point, field: Field) -> tuple[tuple[float, float], ...]:
    """The stretches of the segment ``p-q`` inside slowing terrain, as fractions (t0, t1) along it, in order."""
    slow = _slow_union(field)
    line = LineString([p, q])
    if slow is None or not slow.intersects(line):
        return ()
    dx, dy = q[0] - p[0], q[1] - p[1]
    l2 = dx * dx + dy * dy
    out = []
    for g in shapely.get_parts(line.intersection(slow)):
        if g.geom_type == "LineString" and g.length > 0:
            ts = [((x - p[0]) * dx + (y - p[1]) * dy) / l2 for x, y in (g.coords[0], g.coords[-1])]
            out.append((max(0.0, min(ts)), min(1.0, max(ts))))
    return tuple(sorted(out))


@lru_cache(maxsize=16)
def _slow_union(field: Field):
    """All slowing terrain as one shape: overlapping pieces count once (a ruling). Round pieces are drawn with
    512 sides here (not the 64 of the footprint): a path grazing a circle is priced within 0.05" of the true
    chord, as the path search prices it."""
    pieces = [SPoint(*t.points[0]).buffer(t.points[1][0], quad_segs=128) if t.shape == "circle" else _polygon(t)
              for t in field.terrain if t.has(SLOWING)]
    if not pieces:
        return None
    geom = unary_union(pieces)
    shapely.prepare(geom)
    return geom


def _refuse(reason: str, path: tuple[Point, ...], cost: float = 0.0, **params: Any) -> MoveCheck:
    return MoveCheck(False, round(cost, 2), path, reason, params)


def _end_problem(mover: Token, dest: Point, tokens: Sequence[Token], field: Field, *, flying: bool,
                 charge_target: str | None, failed_charge: str | None = None,
                 blockers: tuple | None = None) -> MoveCheck | None:
    """Why a unit may not stand at ``dest``, or None (digest §8, §23 *Volador*; seed 003 lines 650, 1119).
    ``blockers``: :func:`_standing_blockers` of the field, when the caller asks about many points."""
    r = mover.radius
    if not (r - 1e-6 <= dest[0] <= field.width - r + 1e-6 and r - 1e-6 <= dest[1] <= field.height - r + 1e-6):
        return _refuse("db.move.off_table", (dest,), x=_round(dest[0]), y=_round(dest[1]))
    disc = None
    for t, poly, (x1, y1, x2, y2) in blockers if blockers is not None else _standing_blockers(field, flying):
        if dest[0] + r < x1 or dest[0] - r > x2 or dest[1] + r < y1 or dest[1] - r > y2:
            continue    # the disc is clear of the piece's box: no buffer needed
        covered = _covers_piece(t, dest, max(r - _SLACK, 0.01))
        if covered is None:
            disc = disc or SPoint(dest).buffer(max(r - _SLACK, 0.01), quad_segs=16)
            covered = poly.intersects(disc) and poly.intersection(disc).area > 1e-4
        if covered:
            key = "db.move.impassable" if t.has(IMPASSABLE) else "db.move.flying_into_dark"
            return _refuse(key, (dest,), terrain=t.id)
    # The same sums as ``overlaps`` and ``edge_distance`` (a gap of 1" or more always reads at least 1.0").
    gaps = [(other, math.hypot(dest[0] - other.x, dest[1] - other.y) - r - other.radius)
            for other in tokens if other.id != mover.id]
    for other, gap in gaps:
        if gap < -0.05:
            return _refuse("db.move.overlaps", (dest,), unit=other.id)
    for enemy, gap in gaps:
        if enemy.side == mover.side or enemy.id == charge_target or gap >= ENEMY_GAP:
            continue
        gap = _round(max(0.0, gap))
        if enemy.id == failed_charge:
            # A32: a failed charge may end within 1" of its target, never in contact.
            if gap == 0:
                return _refuse("db.move.too_close", (dest,), unit=enemy.id, distance=gap)
            continue
        if gap < ENEMY_GAP:
            return _refuse("db.move.too_close", (dest,), unit=enemy.id, distance=gap)
    if charge_target is not None:
        target = next((t for t in tokens if t.id == charge_target), None)
        if target is None:
            return _refuse("db.move.unknown_unit", (dest,), unit=charge_target)
        here = mover.moved(dest)
        if edge_distance(here, target) > 0:
            return _refuse("db.move.not_in_contact", (dest,), unit=charge_target,
                           distance=edge_distance(here, target))
    return None


_INRADIUS = math.cos(math.pi / 64)
"""A round piece's footprint and a base's disc are drawn with 64 sides: their inner circle, per unit of radius."""


SPECK_DEPTH = 0.01
"""A base's disc (at least 0.01" round, drawn with 64 sides) whose centre is deeper than this inside a piece covers a
circle of 0.00998" of it, 3.1e-4 square inches: more than a speck."""


def _covers_piece(piece: Terrain, p: Point, radius: float) -> bool | None:
    """Whether a base's disc (``radius`` round ``p``, drawn with 64 sides) covers more than a speck (1e-4 square
    inches) of a piece, when plain arithmetic settles it: wholly clear of the piece (no), or its centre deeper than
    ``SPECK_DEPTH`` inside it (yes). None otherwise, and for a piece neither rectangular, round nor convex: GEOS
    decides."""
    x, y = p
    if piece.shape == "rect":
        (ax, ay), (bx, by) = piece.points
        x1, x2, y1, y2 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        if math.hypot(max(x1 - x, 0.0, x - x2), max(y1 - y, 0.0, y - y2)) > radius + 1e-9:
            return False
        if min(x - x1, x2 - x, y - y1, y2 - y) > SPECK_DEPTH + 1e-9:
            return True
        return None
    if piece.shape == "circle":
        (cx, cy), (big, _) = piece.points
        d = math.hypot(x - cx, y - cy)
        if d > big + radius + 1e-9:
            return False
        if d + SPECK_DEPTH < big * _INRADIUS - 1e-9:
            return True
        return None
    planes = _half_planes(_polygon(piece))
    if planes is None:
        return None
    # Each side's signed distance (outward positive): the farthest bounds the distance from outside; inside, the
    # nearest side is the depth.
    far = max((x * nx + y * ny - c) / math.hypot(nx, ny) for nx, ny, c in _plane_list(planes))
    if far > radius + 1e-9:
        return False
    if far < -SPECK_DEPTH - 1e-9:
        return True
    return None


@lru_cache(maxsize=16)
def _standing_blockers(field: Field, flying: bool) -> tuple[tuple[Terrain, Polygon, tuple[float, ...]], ...]:
    """The pieces no unit may stand on (impassable; dark too for a flyer), with their footprints and boxes."""
    return tuple((t, _polygon(t), _polygon(t).bounds) for t in field.terrain
                 if t.has(IMPASSABLE) or (flying and t.has(DARK)))


def _planner(mover: Token, tokens: Sequence[Token], field: Field, ignore_slowing: bool,
             within: float = math.inf) -> Planner:
    """The path graph of ``mover`` among ``tokens`` (:class:`Planner`). ``within``: the dearest path the caller takes
    from it (its search's limit, or the farthest end of its hop); see :func:`_spot_planner`."""
    # Seed 003 lines 649-650: through friendly bases freely, never through enemy bases (the charge target's
    # included: a charger goes round it to reach its contact point).
    slowing = not (ignore_slowing or mover.scout)
    if type(tokens) is tuple:      # one search asks again with the very same objects: skip hashing them
        key = (id(mover), id(tokens), id(field), slowing, within)
        kept = _KEPT.last.get(key)
        if kept is not None and kept[0] is mover and kept[1] is tokens and kept[2] is field:
            return kept[3]
    planner = _spot_planner(mover, tuple((t.x, t.y, t.radius) for t in _enemies(mover, tokens)), field, slowing,
                            within)
    if type(tokens) is tuple:
        if len(_KEPT.last) >= 16:
            _KEPT.last.clear()
        _KEPT.last[key] = (mover, tokens, field, planner)
    return planner


class _Planners(threading.local):
    """This thread's planners. A planner's search goes on as it is asked (a Dijkstra settled lazily), so two threads
    never share one: the table works out slow legal choices in threads while the event loop applies actions
    (``tests/conformance/test_threads.py``)."""

    def __init__(self) -> None:
        self.last: dict[tuple, tuple[Token, tuple[Token, ...], Field, Planner]] = {}
        """The planners last handed out, by the very objects asked about (``_planner``)."""
        self.spots: dict[tuple, list[tuple[tuple[tuple[float, float, float], ...], Planner]]] = {}
        """The planners built at each spot (centre, radius, table, slowing), with the enemy bases each was built
        for."""


_KEPT = _Planners()
SPOTS_KEPT = 48
PLANNERS_PER_SPOT = 6


def _spot_planner(mover: Token, discs: tuple[tuple[float, float, float], ...], field: Field, slowing: bool,
                  within: float) -> Planner:
    """A planner from the mover's spot round the enemy ``discs`` (x, y, radius), for paths costing at most ``within``.

    A unit's March, Shoot and Charge each ask about the units their own reach could meet (:func:`near`), so they
    name different enemies. An enemy beyond a path's reach (by :func:`near`'s measure) can neither block it nor
    put a graph node within its reach, so a planner built for enemies that differ only beyond ``within`` finds the
    same paths up to that cost, ties included (the nodes they share keep their order): it is used, and so is what
    it has already searched."""
    spot = (mover.x, mover.y, mover.radius, field, slowing)
    spots = _KEPT.spots
    kept = spots.pop(spot, None)
    if kept is None:
        kept = []
        if len(spots) >= SPOTS_KEPT:
            del spots[next(iter(spots))]      # the spot used least recently
    spots[spot] = kept
    wanted = None
    for built_for, planner in kept:
        if built_for == discs:      # the same enemies: no need to measure which of them reach
            return planner
        wanted = _reaching(mover, discs, within) if wanted is None else wanted
        if _reaching(mover, built_for, within) == wanted:
            return planner
    # An impassable piece the mover already stands in (a bad position) is left out so that it can move out (a piece
    # whose box is that far is not measured).
    start, inside = SPoint(mover.x, mover.y), mover.radius - _SLACK
    left_out = tuple(t.id for t, poly, box in _standing_blockers(field, False)
                     if _box_gap(box, mover) < inside and poly.distance(start) < inside)
    planner = Planner((mover.x, mover.y), _layout(field, mover.radius, slowing, left_out), discs=discs)
    kept.append((discs, planner))
    if len(kept) > PLANNERS_PER_SPOT:
        del kept[0]
    return planner


def _reaching(mover: Token, discs: tuple[tuple[float, float, float], ...], reach: float
              ) -> tuple[tuple[float, float, float], ...]:
    """The discs a path of ``reach`` inches could meet: :func:`near`'s measure."""
    if reach == math.inf:
        return discs
    x, y, r = mover.x, mover.y, mover.radius + reach + REACH_MARGIN
    return tuple(d for d in discs if math.hypot(d[0] - x, d[1] - y) <= r + d[2])


@lru_cache(maxsize=32)
def _layout(field: Field, radius: float, slowing: bool, left_out: tuple[str, ...]) -> Layout:
    """The table's path graph for bases of ``radius``: terrain never moves, so it is built once per table and
    radius and shared by every position (kept by :func:`clear_caches` unless ``layouts``)."""
    slow = [t for t in field.terrain if t.has(SLOWING)]
    return Layout(radius, field.width, field.height,
                  walls=[_polygon(t) for t in field.terrain if t.has(IMPASSABLE) and t.id not in left_out],
                  slow_polygons=[_polygon(t) for t in slow if t.shape != "circle"],
                  slow_circles=[(*t.points[0], t.points[1][0]) for t in slow if t.shape == "circle"],
                  slowing=slowing)


def check_move(mover: Token, dest: Point, allowance: float, tokens: Sequence[Token], field: Field, *,
               charge_target: str | None = None, ignore_slowing: bool = False,
               fly: bool | None = None) -> MoveCheck:
    """Whether ``mover`` can move its centre to ``dest`` within ``allowance`` inches, by the cheapest path.

    Digest §8, §24.2, §23; seed 003 lines 649-650 (through friends, never through enemies, end ≥1" from
    enemies unless charging), 1189 (impassable), 1199 (slowing ×2), 1115 (*Reconocimiento*), 1119
    (*Volador*). A charge (``charge_target``) must end in base contact with its target and ≥1" from every
    other enemy (line 628). ``fly`` defaults to the token's *Volador*: a flying unit goes in a straight line
    over terrain and units and must not land in impassable or dark terrain.

    Refusal keys: ``db.move.off_table``, ``db.move.impassable``, ``db.move.flying_into_dark``,
    ``db.move.overlaps``, ``db.move.too_close``, ``db.move.not_in_contact``, ``db.move.unknown_unit``,
    ``db.move.no_path``, ``db.move.too_far``.
    """
    flying = mover.flying if fly is None else fly
    if charge_target is None:
        # Asked first as the offered moves were checked: only the units a move of the allowance could meet (near),
        # searched no farther than the allowance, so their path graph and search serve again. A move allowed so
        # gets the same verdict among every unit (farther units can neither stand in the way of its path nor near
        # its end); a refused one is measured among every unit.
        allowed = _check(mover, dest, allowance, near(mover, tokens, allowance), field, charge_target=None,
                         ignore_slowing=ignore_slowing, flying=flying, measure_refusal=False)
        if allowed.ok:
            return allowed
    return _check(mover, dest, allowance, tokens, field, charge_target=charge_target,
                  ignore_slowing=ignore_slowing, flying=flying)


def move_allowed(mover: Token, dest: Point, allowance: float, tokens: Sequence[Token], field: Field, *,
                 ignore_slowing: bool = False) -> bool:
    """``check_move(...).ok`` (no charge), asking only about the units the move could meet and searching no
    farther than the allowance: the verdict without the refusal's measurements."""
    return _check(mover, dest, allowance, near(mover, tokens, allowance), field, charge_target=None,
                  ignore_slowing=ignore_slowing, flying=mover.flying, measure_refusal=False).ok


def _check(mover: Token, dest: Point, allowance: float, tokens: Sequence[Token], field: Field, *,
           charge_target: str | None, ignore_slowing: bool, flying: bool,
           failed_charge: str | None = None, measure_refusal: bool = True) -> MoveCheck:
    dest = (float(dest[0]), float(dest[1]))
    start = (mover.x, mover.y)
    if not measure_refusal and math.hypot(dest[0] - start[0], dest[1] - start[1]) > allowance + 0.05:
        return _refuse("db.move.too_far", (start, dest), allowance=allowance)    # no path is shorter
    problem = _end_problem(mover, dest, tokens, field, flying=flying, charge_target=charge_target,
                           failed_charge=failed_charge)
    if problem is not None:
        return problem
    if flying:
        cost = math.hypot(dest[0] - start[0], dest[1] - start[1])
        path = (start, dest)
    else:
        planner = _planner(mover, tokens, field, ignore_slowing, math.inf if measure_refusal else allowance + 0.05)
        direct = planner.hop(start, dest)
        if abs(direct - math.hypot(dest[0] - start[0], dest[1] - start[1])) < 1e-9:
            found = (direct, (start, dest))     # straight and unslowed: nothing can be cheaper
        else:
            # A refusal reports the distance needed, so it searches on; a probe stops at the allowance.
            found = planner.shortest([dest], math.inf if measure_refusal else allowance + 0.05)
            if found is None:
                reason = "db.move.no_path" if measure_refusal else "db.move.too_far"
                return _refuse(reason, (start, dest))
        path = found[1]
        cost = path_cost(path, field, slowing=planner.slowing)
    if _round(cost) > allowance + 1e-9:
        return _refuse("db.move.too_far", path, cost, distance=_round(cost), allowance=allowance)
    return MoveCheck(True, round(cost, 2), path)


def _contact_ring(mover: Token, target: Token, gap: float = 0.0, n: int = 48) -> list[Point]:
    rr = mover.radius + target.radius + gap
    return [(target.x + rr * c, target.y + rr * s) for c, s in _unit_circle(n)]


@lru_cache(maxsize=8)
def _unit_circle(n: int) -> tuple[tuple[float, float], ...]:
    """``n`` points round the unit circle (cosine, sine): the same for every ring, so worked out once."""
    return tuple((math.cos(2 * math.pi * k / n), math.sin(2 * math.pi * k / n)) for k in range(n))


def _reachable_ring(mover: Token, target: Token, tokens: Sequence[Token], field: Field, gap: float,
                    ignore_slowing: bool, flying: bool, charge: bool,
                    limit: float = math.inf) -> tuple[float, tuple[Point, ...]] | None:
    """The cheapest path to any valid spot ``gap`` inches from the target's edge."""
    ring = _ring(mover, target, tuple(tokens), field, gap, flying, charge)
    if not ring:
        return None
    if flying:
        best = min(ring, key=lambda p: math.hypot(p[0] - mover.x, p[1] - mover.y))
        return math.hypot(best[0] - mover.x, best[1] - mover.y), ((mover.x, mover.y), best)
    planner = _planner(mover, tokens, field, ignore_slowing, limit)
    found = planner.shortest(ring, limit)
    if found is None:
        return None
    return path_cost(found[1], field, slowing=planner.slowing), found[1]


@lru_cache(maxsize=256)
def _ring(mover: Token, target: Token, tokens: tuple[Token, ...], field: Field, gap: float, flying: bool,
          charge: bool) -> tuple[Point, ...]:
    """The points ``gap`` inches from the target's edge where the mover may stand (a charge and its contact
    check ask for the same ring)."""
    blockers = _standing_blockers(field, flying)
    ring = _contact_ring(mover, target, gap + 0.01 if gap else 0.0)
    xy = np.asarray(ring)
    fine, bad = _standing_masks(mover, xy, tokens, field, blockers, target.id if charge else None)
    return tuple(p for p, ok, no in zip(ring, fine.tolist(), bad.tolist())
                 if ok or (not no and _end_problem(mover, p, tokens, field, flying=flying,
                                                   charge_target=target.id if charge else None,
                                                   blockers=blockers) is None))


def _standing_masks(mover: Token, xy: np.ndarray, tokens: tuple[Token, ...], field: Field, blockers: tuple,
                    charge_target: str | None) -> tuple[np.ndarray, np.ndarray]:
    """Two masks over the points, all at once: where ``_end_problem`` surely finds nothing (on the table, every
    blocking piece's box clear of the base, no unit within a hair of the overlap margin, every enemy a hair beyond
    1", the charge target a hair from contact), and where it surely finds something (off the table, overlapping
    a unit, or within 0.95" of an enemy other than the charge target, each by more than a hair: a gap reads
    rounded to 0.1", so 0.95 reads 1.0). The rest are left to ``_end_problem``."""
    r = mover.radius
    x, y = xy[:, 0], xy[:, 1]
    fine = (r - 1e-6 <= x) & (x <= field.width - r + 1e-6) & (r - 1e-6 <= y) & (y <= field.height - r + 1e-6)
    bad = (x < r - 1e-3) | (x > field.width - r + 1e-3) | (y < r - 1e-3) | (y > field.height - r + 1e-3)
    for _, _, (x1, y1, x2, y2) in blockers:
        fine &= (x + r < x1) | (x - r > x2) | (y + r < y1) | (y - r > y2)
    others = [t for t in tokens if t.id != mover.id]
    if charge_target is not None and not any(t.id == charge_target for t in others):
        return np.zeros(len(xy), dtype=bool), bad
    if others:
        tx = np.array([t.x for t in others])
        ty = np.array([t.y for t in others])
        tr = np.array([t.radius for t in others])
        enemy = np.array([t.side != mover.side for t in others])
        target = np.array([t.id == charge_target for t in others])
        gap = np.hypot(x[:, None] - tx[None, :], y[:, None] - ty[None, :]) - r - tr[None, :]
        ok = np.where(target, np.abs(gap) < 0.04, np.where(enemy, gap >= ENEMY_GAP + 1e-9, gap >= -0.05 + 1e-9))
        fine &= ok.all(axis=1)
        bad |= (gap < SURELY_OVERLAPS).any(axis=1) | ((enemy & ~target)[None, :] & (gap < SURELY_TOO_CLOSE)).any(axis=1)
    return fine, bad


def contact_spots(mover: Token, target: Token, tokens: Sequence[Token], field: Field) -> tuple[Point, ...]:
    """The spots where ``mover`` may be placed in base contact with ``target`` (48 round it): on the table, on
    no unit or blocking terrain, 1" or more from every other enemy (digest §4.4, §8)."""
    return _ring(mover, target, tuple(t for t in tokens if t.id != mover.id), field, 0.0, mover.flying, True)


def _toward(mover: Token, target: Token, allowance: float, tokens: Sequence[Token], field: Field,
            ignore_slowing: bool) -> tuple[Point, ...] | None:
    """A path heading for ``target`` that the allowance can at least partly cover: the cheapest path to 1"
    from it if that is within reach, else the path to the reachable corner nearest to it, then straight on."""
    straight = _straight_toward(mover, target, allowance, tokens, field, ignore_slowing)
    if straight is not None:
        return straight
    within = _gap(mover, target) - ENEMY_GAP <= allowance + 0.05    # no path is shorter than the straight gap
    found = None
    if mover.flying or within:
        found = _reachable_ring(mover, target, tokens, field, ENEMY_GAP, ignore_slowing, mover.flying, False,
                                limit=math.inf if mover.flying else allowance)
    if found is not None:
        return found[1]
    if mover.flying:
        return None
    planner = _planner(mover, tokens, field, ignore_slowing, allowance)
    reached = planner.reached(allowance)
    gaps = np.hypot(planner.nodes[reached, 0] - target.x, planner.nodes[reached, 1] - target.y)
    v = int(reached[int(np.argmin(gaps))])
    path = planner.path_to(v)
    x, y = path[-1]
    rr = mover.radius + target.radius + ENEMY_GAP + 0.01
    d = math.hypot(target.x - x, target.y - y) or 1.0
    onward = (target.x - (target.x - x) / d * rr, target.y - (target.y - y) / d * rr)
    if _planner(mover, tokens, field, ignore_slowing).hop((x, y), onward) < math.inf:     # on toward a far enemy
        path += (onward,)
    return path if len(path) > 1 else None


def _straight_toward(mover: Token, target: Token, allowance: float, tokens: Sequence[Token], field: Field,
                     ignore_slowing: bool) -> tuple[Point, Point] | None:
    """The straight line toward ``target``, as far as the allowance goes or to 1" from it, when nothing is in its
    way and no slowing terrain on it, or the mover flies: no point within the allowance is nearer the target (None
    otherwise, and the search of :func:`_toward` decides)."""
    dx, dy = target.x - mover.x, target.y - mover.y
    d = math.hypot(dx, dy)
    stop = d - (mover.radius + target.radius + ENEMY_GAP + 0.01)
    if stop <= 0.05:
        return None
    go = min(stop, allowance)
    start = (mover.x, mover.y)
    end = (mover.x + dx / d * go, mover.y + dy / d * go)
    if mover.flying:
        return start, end       # a flyer goes straight over terrain and units (§23 Volador); where it lands is checked
    hop = _planner(mover, tokens, field, ignore_slowing, allowance).hop(start, end)
    return (start, end) if abs(hop - go) < 1e-9 else None


def _walk(path: Sequence[Point], budget: float, field: Field, slowing: bool) -> tuple[Point, ...]:
    """The part of ``path`` that ``budget`` inches of movement cover (slowing stretches cost double)."""
    out = [path[0]]
    left = budget
    for p, q in zip(path, path[1:]):
        c = path_cost((p, q), field, slowing=slowing)
        if c <= left + 1e-9:
            out.append(q)
            left -= c
            continue
        length = math.hypot(q[0] - p[0], q[1] - p[1])
        if c - length < 1e-9:  # no slowing terrain on this stretch: the budget reaches a plain fraction of it
            f = left / length if length else 0.0
            out.append((p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f))
            break
        # How far along p→q the remaining budget reaches: plain stretches cost their length, slowing ones twice.
        at, spent, reach = 0.0, 0.0, 1.0
        for t0, t1 in _slow_stretches(tuple(p), tuple(q), field) + ((1.0, 1.0),):
            if spent + (t0 - at) * length >= left:
                reach = at + (left - spent) / length
                break
            spent += (t0 - at) * length
            if spent + (t1 - t0) * 2 * length >= left:
                reach = t0 + (left - spent) / (2 * length)
                break
            spent, at = spent + (t1 - t0) * 2 * length, t1
        reach = min(max(reach - 1e-9, 0.0), 1.0)    # never past what the budget pays for
        out.append((p[0] + (q[0] - p[0]) * reach, p[1] + (q[1] - p[1]) * reach))
        break
    return tuple(out)


def _furthest_valid(mover: Token, path: Sequence[Point], allowance: float, tokens: Sequence[Token], field: Field,
                    *, ignore_slowing: bool, flying: bool, failed_charge: str | None = None,
                    step: float = 0.25) -> MoveCheck | None:
    """The furthest point along ``path`` within ``allowance`` where the unit may end its move."""
    slowing = not (ignore_slowing or mover.scout or flying)
    walked = _walk(path, allowance, field, slowing)
    legs = [math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip(walked, walked[1:])]
    d = sum(legs)
    refusing = None     # the unit the last point was too near: the next points, while surely as near, go unchecked
    while d > 0:
        p = _along(walked, legs, d)
        p = (round(p[0], 2), round(p[1], 2))
        if refusing is None or not _surely_too_near(mover, p, refusing, failed_charge):
            check = _check(mover, p, allowance, tokens, field, charge_target=None, ignore_slowing=ignore_slowing,
                           flying=flying, failed_charge=failed_charge, measure_refusal=False)
            if check.ok:
                return check
            refusing = next((t for t in tokens if t.id == check.params["unit"]), None) \
                if check.reason in ("db.move.overlaps", "db.move.too_close") else None
        d -= step
    return None


SURELY_OVERLAPS = -0.05 - 1e-3
"""A gap between bases below this overlaps whatever the rounding (:func:`overlaps`: below -0.05")."""
SURELY_TOO_CLOSE = ENEMY_GAP - 0.06
"""A gap to an enemy below this reads under 1" (rounded to 0.1", 0.95 reads 1.0)."""


def _surely_too_near(mover: Token, p: Point, other: Token, failed_charge: str | None) -> bool:
    """Whether ``_end_problem`` surely refuses the mover at ``p`` for overlapping ``other`` or standing within 1" of it
    (an enemy; not the target of a failed charge, which may end that close)."""
    gap = math.hypot(p[0] - other.x, p[1] - other.y) - mover.radius - other.radius
    return gap < SURELY_OVERLAPS or (other.side != mover.side and other.id != failed_charge and gap < SURELY_TOO_CLOSE)


def _along(path: Sequence[Point], legs: Sequence[float], d: float) -> Point:
    """The point ``d`` inches along ``path`` (``legs``: its stretches' lengths), as shapely's ``interpolate``."""
    for (p, q), leg in zip(zip(path, path[1:]), legs):
        if d <= leg:
            f = d / leg if leg else 0.0
            return p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f
        d -= leg
    return path[-1]


def contact_point(mover: Token, target: Token, allowance: float, tokens: Sequence[Token], field: Field, *,
                  ignore_slowing: bool = False, fly: bool | None = None, within: float | None = None) -> MoveCheck:
    """See :func:`_contact_point`; one answer per position (the verdict is a frozen value: do not change
    its ``params``).

    ``within``: the reach within which the caller knows a contact spot (a charge target's, see
    :func:`charge_reachable`). When one is found that close, only the units a move of that reach could meet
    (:func:`near`) are asked about, as the check of the target asked: its graph and search serve again. The answer
    is the same, since farther units can neither stand in the way of such a path nor near its end."""
    tokens = tuple(tokens)
    if within is not None:
        close = near(mover, tokens, within)
        flying = mover.flying if fly is None else fly
        found = _reachable_ring(mover, target, close, field, 0.0, ignore_slowing, flying, True, within + 0.05)
        if found is not None and (not flying or found[0] <= within + 0.05):    # a flyer's is found at any reach
            tokens = close
    return _contact_point(mover, target, float(allowance), tokens, field, ignore_slowing, fly)


def charge_reachable(mover: Token, target: Token, allowance: float, tokens: Sequence[Token], field: Field, *,
                     ignore_slowing: bool = False) -> bool:
    """``contact_point(...).ok``, without working out a failed charge's path: the search stops at the
    allowance when no contact spot is within it."""
    tokens = tuple(tokens)
    if not mover.flying and _straight_charge(mover, target, allowance, tokens, field, ignore_slowing):
        return True
    # A cost reads rounded to 0.1" (``_round``): 10.04" is within an allowance of 10, so the search goes that far.
    if _reachable_ring(mover, target, tokens, field, 0.0, ignore_slowing, mover.flying, True, allowance + 0.05) is None:
        return False
    return contact_point(mover, target, allowance, tokens, field, ignore_slowing=ignore_slowing).ok


STRAIGHT_TRIES = 12
"""Contact spots, nearest first, whose straight hop is tried before a charge's search."""


def _straight_charge(mover: Token, target: Token, allowance: float, tokens: tuple[Token, ...], field: Field,
                     ignore_slowing: bool) -> bool:
    """A contact spot reached by a straight hop whose cost, slowing terrain counted, reads within the allowance: the
    cheapest path costs no more (a path's cost counts slowing terrain at most as its hop does), so the charge
    reaches; the search would say so too, slower. False proves nothing."""
    ring = _ring(mover, target, tokens, field, 0.0, False, True)
    start = (mover.x, mover.y)
    for spot in sorted(ring, key=lambda p: (p[0] - mover.x) ** 2 + (p[1] - mover.y) ** 2)[:STRAIGHT_TRIES]:
        if math.hypot(spot[0] - mover.x, spot[1] - mover.y) > allowance + 0.05:
            break       # no hop is shorter than its length
        hop = _planner(mover, tokens, field, ignore_slowing, allowance + 0.05).hop(start, spot)
        if hop <= allowance + 0.05 and _round(hop + 1e-9) <= allowance + 1e-9:   # judged read to 0.1"
            return True
    return False


@lru_cache(maxsize=1024)
def _contact_point(mover: Token, target: Token, allowance: float, tokens: tuple[Token, ...], field: Field,
                   ignore_slowing: bool, fly: bool | None) -> MoveCheck:
    """The charge move: the cheapest reachable spot in base contact with ``target`` (digest §5.2, §7.5).

    Seed 003 line 618: the most direct route, round impassable terrain and enemies not charged. If no
    contact spot is within ``allowance``, the check is refused with ``db.move.charge_too_far`` (params
    ``distance`` needed, ``allowance``) and its path is the failed charge move: as far toward the target
    as the allowance goes, ending where a unit may stand, never in contact (A32). ``db.move.no_path``
    when the target cannot be reached at all.
    """
    flying = mover.flying if fly is None else fly
    found = _reachable_ring(mover, target, tokens, field, 0.0, ignore_slowing, flying, charge=True)
    start = (mover.x, mover.y)
    if found is None:
        return _refuse("db.move.no_path", (start,), unit=target.id)
    cost, path = found
    if _round(cost) <= allowance + 1e-9:
        return check_move(mover, path[-1], allowance, tokens, field, charge_target=target.id,
                          ignore_slowing=ignore_slowing, fly=flying)
    # A failed charge ends as close as possible (digest §7.5; A32: within 1" of the target is allowed).
    near = _furthest_valid(mover, path, allowance, tokens, field, ignore_slowing=ignore_slowing, flying=flying,
                           failed_charge=target.id)
    fallback = near.path if near is not None else (start,)
    return _refuse("db.move.charge_too_far", fallback, near.cost if near else 0.0,
                   unit=target.id, distance=_round(cost), allowance=allowance)


# -- named destinations --------------------------------------------------------------------------------------------

def destinations(mover: Token, allowance: float, tokens: Sequence[Token], field: Field, *,
                 charge: bool = False, ignore_slowing: bool = False) -> list[Destination]:
    """See :func:`_destinations`. Each part of the answer is cached on what it depends on: the units a move of
    ``allowance`` could meet (:func:`near`), plus the enemy a *toward* heads for and the nearest enemy; so a unit
    elsewhere on the table moving leaves the answer cached (each caller gets its own copies)."""
    tokens = tuple(tokens)
    allowance = float(allowance)
    if charge:
        found = _destinations(mover, allowance, tokens, field, True, ignore_slowing)
    else:
        close = near(mover, tokens, allowance)
        enemies = _enemies(mover, tokens)
        found = []
        for enemy in enemies:
            d = _toward_destination(mover, allowance, close, enemy, field, ignore_slowing)
            if d is not None:
                found.append(d)
        nearest = min(enemies, key=lambda e: _gap(mover, e), default=None)
        found += _place_destinations(mover, allowance, close, nearest, field, ignore_slowing)
        found.sort(key=lambda d: (d.key, d.cost))
    return [Destination(d.key, dict(d.params), d.point, d.cost) for d in found]


def toward_destination(mover: Token, allowance: float, tokens: Sequence[Token], enemy_id: str, field: Field, *,
                       ignore_slowing: bool = False) -> Destination | None:
    """The ``db.move.dest.toward`` destination that :func:`destinations` offers for one enemy (None if none)."""
    tokens = tuple(tokens)
    allowance = float(allowance)
    for enemy in _enemies(mover, tokens):
        if enemy.id == enemy_id:
            d = _toward_destination(mover, allowance, near(mover, tokens, allowance), enemy, field, ignore_slowing)
            return None if d is None else Destination(d.key, dict(d.params), d.point, d.cost)
    return None


REACH_MARGIN = ENEMY_GAP + 0.5
"""Beyond a move's allowance plus both radii, a unit can neither stand in a path's way nor be within 1" of its end
(a hair more, for the checks' tolerances)."""


def near(mover: Token, tokens: Sequence[Token], reach: float) -> tuple[Token, ...]:
    """The units a move of ``reach`` inches could meet (in a path's way, or within 1" of where it ends): those
    farther cannot change whether such a move is allowed or what it costs, so checks and caches leave them out."""
    x, y, r = mover.x, mover.y, mover.radius + reach + REACH_MARGIN
    return tuple(t for t in tokens if math.hypot(t.x - x, t.y - y) <= r + t.radius)


def clear_caches(*, layouts: bool = False) -> None:
    """Forget every answer cached for a position (benches measure a position seen the first time with this);
    with ``layouts``, the tables' path graphs too (built once per table and base radius)."""
    for cached in (_destinations, _toward_destination, _place_destinations, _fixed_places, _away_from,
                   _contact_point, _sight, _ring, _slowed_cost, _slow_stretches):
        cached.cache_clear()
    _KEPT.last.clear()      # this thread's (benches run in one)
    _KEPT.spots.clear()
    if layouts:
        _layout.cache_clear()


@lru_cache(maxsize=4096)
def _toward_destination(mover: Token, allowance: float, tokens: tuple[Token, ...], enemy: Token, field: Field,
                        ignore_slowing: bool) -> Destination | None:
    """``db.move.dest.toward`` the enemy (see :func:`_destinations`), with ``tokens`` the units near the mover
    (an enemy beyond them is out of the allowance's reach: it is only headed for)."""
    path = _toward(mover, enemy, allowance, tokens, field, ignore_slowing)
    if path is None:
        return None
    found = _furthest_valid(mover, path, allowance, tokens, field, ignore_slowing=ignore_slowing,
                            flying=mover.flying)
    if found is None or found.cost <= 0.05:
        return None
    return Destination("db.move.dest.toward", {"unit": enemy.id}, found.end, found.cost)


@lru_cache(maxsize=1024)
def _place_destinations(mover: Token, allowance: float, tokens: tuple[Token, ...], nearest: Token | None,
                        field: Field, ignore_slowing: bool) -> tuple[Destination, ...]:
    """The destinations named by a place: see :func:`_destinations`; ``tokens`` the units near the mover. Those
    named by an objective or a dark piece to go into are kept apart from those named from the nearest enemy
    (behind a dark piece, straight back), so that enemy moving leaves the first cached."""
    return _fixed_places(mover, allowance, tokens, field, ignore_slowing) + \
        _away_from(mover, allowance, tokens, nearest, field, ignore_slowing)


@lru_cache(maxsize=1024)
def _fixed_places(mover: Token, allowance: float, tokens: tuple[Token, ...], field: Field,
                  ignore_slowing: bool) -> tuple[Destination, ...]:
    out: list[Destination] = []
    for n, obj in enumerate(field.objectives, start=1):
        if math.hypot(obj[0] - mover.x, obj[1] - mover.y) - mover.radius - 1.5 > allowance + 0.05 + 1e-6:
            continue    # every spot round it (within the radius and 1.5") is beyond the allowance
        spot = _cheapest_valid(mover, _around(obj, mover.radius), allowance, tokens, field, ignore_slowing)
        if spot is not None and spot.cost > 0.05:
            out.append(Destination("db.move.dest.objective", {"number": n}, spot.end, spot.cost))
    for t in field.terrain:
        if not t.has(DARK):
            continue
        room, inner = _room(t, mover.radius)
        if room is None or _box_gap(room.bounds, mover) > allowance + 0.05 + 1e-6:
            continue    # no room for the base, or all of it beyond the allowance
        spots = [inner, nearest_points(room, SPoint(mover.x, mover.y))[0]]
        inside = _cheapest_valid(mover, [(p.x, p.y) for p in spots], allowance, tokens, field, ignore_slowing)
        if inside is not None and inside.cost > 0.05 and _wholly_inside(mover.moved(inside.end), _polygon(t)):
            out.append(Destination("db.move.dest.into", {"terrain": t.id}, inside.end, inside.cost))
    return tuple(out)


@lru_cache(maxsize=1024)
def _away_from(mover: Token, allowance: float, tokens: tuple[Token, ...], nearest: Token | None, field: Field,
               ignore_slowing: bool) -> tuple[Destination, ...]:
    if nearest is None:
        return ()
    out: list[Destination] = []
    for t in field.terrain:
        if t.has(DARK):
            spot = _cheapest_valid(mover, _behind(t, nearest, mover.radius), allowance, tokens, field,
                                   ignore_slowing)
            if spot is not None and spot.cost > 0.05:
                out.append(Destination("db.move.dest.behind", {"terrain": t.id}, spot.end, spot.cost))
    dx, dy = mover.x - nearest.x, mover.y - nearest.y
    norm = math.hypot(dx, dy) or 1.0
    step = min(3.0, allowance)
    if step > 0:
        p = (mover.x + dx / norm * step, mover.y + dy / norm * step)
        check = _check(mover, p, allowance, tokens, field, charge_target=None, ignore_slowing=ignore_slowing,
                       flying=mover.flying, measure_refusal=False)
        if check.ok and check.cost > 0.05:
            out.append(Destination("db.move.dest.back", {"distance": _round(step)}, check.end, check.cost))
    return tuple(out)


@lru_cache(maxsize=512)
def _destinations(mover: Token, allowance: float, tokens: tuple[Token, ...], field: Field, charge: bool,
                  ignore_slowing: bool) -> tuple[Destination, ...]:
    """Places worth offering a player for this move, each legal now (a ``check_move`` that passes).

    Keys (message keys, params in brackets): ``db.move.dest.toward`` (unit, as far as the allowance goes
    toward it, stopping 1" short), ``db.move.dest.contact`` (unit; only when ``charge``),
    ``db.move.dest.objective`` (number, 1-based), ``db.move.dest.behind`` (terrain: a dark piece between
    the unit and its nearest enemy), ``db.move.dest.into`` (terrain: wholly inside a dark piece),
    ``db.move.dest.back`` (distance: straight away from the nearest enemy). Sorted by key, then cost.
    """
    if not charge:
        return tuple(destinations(mover, allowance, tokens, field, ignore_slowing=ignore_slowing))
    out: list[Destination] = []
    for enemy in _enemies(mover, tokens):
        if _reachable_ring(mover, enemy, tokens, field, 0.0, ignore_slowing, mover.flying, True,
                           allowance + 0.05) is None:
            continue
        c = contact_point(mover, enemy, allowance, tokens, field, ignore_slowing=ignore_slowing)
        if c.ok:
            out.append(Destination("db.move.dest.contact", {"unit": enemy.id}, c.end, c.cost))
    return tuple(sorted(out, key=lambda d: (d.key, d.cost)))


@lru_cache(maxsize=256)
def _room(piece: Terrain, radius: float) -> tuple[Polygon | None, SPoint | None]:
    """Where a base of ``radius`` fits wholly inside the piece (None if nowhere), and a point of it."""
    room = _polygon(piece).buffer(-radius - _CLEAR)
    if room.is_empty:
        return None, None
    shapely.prepare(room)
    return room, room.representative_point()


def _box_gap(bounds: tuple[float, float, float, float], mover: Token) -> float:
    """From the mover's centre to a box (minx, miny, maxx, maxy): no point in the box is nearer."""
    x0, y0, x1, y1 = bounds
    return math.hypot(max(x0 - mover.x, 0.0, mover.x - x1), max(y0 - mover.y, 0.0, mover.y - y1))


@lru_cache(maxsize=1024)
def _around(p: Point, radius: float) -> tuple[Point, ...]:
    """Spots on and round an objective marker for a base of ``radius`` (the same for every such base: kept)."""
    pts = [p]
    for dist in (radius + 0.5, radius + 1.5):
        pts += [(p[0] + dist * math.cos(k * math.pi / 6), p[1] + dist * math.sin(k * math.pi / 6)) for k in range(12)]
    return tuple(pts)


def _behind(piece: Terrain, enemy: Token, radius: float) -> tuple[Point, ...]:
    """Spots just past the piece on the far side from ``enemy`` (the line from it crosses the piece): the same
    for every mover of that base while the enemy stands there, so kept."""
    return _behind_spots(piece, enemy.x, enemy.y, radius)


@lru_cache(maxsize=2048)
def _behind_spots(piece: Terrain, ex: float, ey: float, radius: float) -> tuple[Point, ...]:
    poly = _polygon(piece)
    enemy = SPoint(ex, ey)
    c = poly.centroid
    dx, dy = c.x - enemy.x, c.y - enemy.y
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    far = LineString([(c.x, c.y), (c.x + ux * 100, c.y + uy * 100)]).intersection(poly.exterior)
    reach = max((SPoint(c.x, c.y).distance(g) for g in getattr(far, "geoms", [far]) if not g.is_empty), default=0.0)
    pts = []
    for extra in (radius + 0.3, radius + 1.0):
        for side in (0.0, 1.0, -1.0):
            d = reach + extra
            pts.append((c.x + ux * d - uy * side * radius, c.y + uy * d + ux * side * radius))
    return tuple(pts)


def _cheapest_valid(mover: Token, candidates: Sequence[Point], allowance: float, tokens: Sequence[Token],
                    field: Field, ignore_slowing: bool) -> MoveCheck | None:
    # No move costs less than the straight line: candidates are checked nearest first, until the straight line
    # alone costs more than the best found (ties go to the earlier candidate, as in a check of each in turn).
    reach = [math.hypot(float(p[0]) - mover.x, float(p[1]) - mover.y) for p in candidates]
    best, first = None, -1
    for i in sorted(range(len(candidates)), key=reach.__getitem__):
        if reach[i] > allowance + 0.05 or (best is not None and round(reach[i] - 1e-9, 2) > best.cost):
            break
        check = _check(mover, candidates[i], allowance, tokens, field, charge_target=None,
                       ignore_slowing=ignore_slowing, flying=mover.flying, measure_refusal=False)
        if check.ok and (best is None or check.cost < best.cost or (check.cost == best.cost and i < first)):
            best, first = check, i
    return best


# -- objectives and engagement -------------------------------------------------------------------------------------

def objectives_held(tokens: Sequence[Token], field: Field, models: Mapping[str, int], *,
                    ignore_sides: tuple[str, ...] = ("monster",),
                    on: Callable[[str, Point], int] | None = None) -> dict[int, str | None]:
    """Who captures each objective now (1-based numbers): the side with more models within 3".

    Digest §26.1; seed 003 line 1358: models, not units; a tie captures for nobody; Monsters never count
    (§27.2). Keeping control until an opponent captures it is the engine's (the result here is this
    check only). A unit counts all its models if its token's edge is within 3" (digest §5.2), or, given ``on``
    (unit id, objective -> its models within 3"), the models that are.
    """
    out: dict[int, str | None] = {}
    for n, obj in enumerate(field.objectives, start=1):
        count: dict[str, int] = {}
        for t in tokens:
            if t.side in ignore_sides or distance_to_point(t, obj) > OBJECTIVE_RANGE:
                continue
            count[t.side] = count.get(t.side, 0) + (models.get(t.id, 0) if on is None else on(t.id, obj))
        ranked = sorted(count.items(), key=lambda kv: -kv[1])
        if not ranked or ranked[0][1] == 0 or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
            out[n] = None
        else:
            out[n] = ranked[0][0]
    return out


def flanked(unit_id: str, engaged: Mapping[str, set[str]]) -> bool:
    """Engaged with more than one enemy unit (digest §9; seed 003 line 682). ``engaged`` maps each unit to
    the enemy units it is engaged with (the engagement graph of digest §5.2)."""
    return len(engaged.get(unit_id, set())) > 1


def flanking(unit_id: str, engaged: Mapping[str, set[str]]) -> bool:
    """Engaged with an enemy unit that is flanked (digest §9; seed 003 line 682)."""
    return any(flanked(other, engaged) for other in engaged.get(unit_id, set()))
