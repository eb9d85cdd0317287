"""The Underworlds hex grid: hex coordinates, distance, directions and line of sight (rulebook §8.4-8.5).

A ``Hex`` is a position on an unbounded grid of pointy-top hexes; the battlefield (``battlefield.py``)
decides which of them exist. This module knows nothing of boards, fighters or tokens: line of sight takes
the set of battlefield hexes and the set of blocked hexes as arguments.

Coordinates. Internally a hex is axial ``(q, r)``; ``s = -q - r`` completes the cube triple. Players see
the *offset* notation drawn on the board image: a column letter and a row number, ``"c4"``. Rows run
parallel to the boards' long edges, row 1 is the top row as drawn, and the 2nd, 4th, ... rows are
shifted half a hex to the right (the "odd-r" layout of the board data, see
``shared/data-sources/README.md``). Column ``a`` is the leftmost hex of its row.

Line of sight is computed exactly, with integers only; see ``hexes_touched``.
"""
from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from enum import Enum
from functools import lru_cache
from math import gcd
from typing import Any, NamedTuple

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

from engine.core.errors import InvalidInput

_NOTATION = re.compile(r"\s*([a-zA-Z])\s*(\d{1,3})\s*")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_MEMO_LIMIT = 4096
"""Most texts memoised by ``Hex.parse`` and ``str(Hex)`` (hot in state loading and action listing)."""
_PARSED: dict[str, Hex] = {}
_WRITTEN: dict[Hex, str] = {}


class Hex(NamedTuple):
    """One hex of the grid, in axial coordinates; sorts in reading order (row, then column).

    A named tuple: hashing and equality run in C (sets and dicts of hexes are everywhere in the rules); the
    hash is the (q, r) pair's, as when it was a frozen dataclass, so sets of hexes iterate in the same order.

    >>> Hex.parse("c4")
    Hex.parse('c4')
    >>> (Hex.parse("c4").col, Hex.parse("c4").row)
    (2, 3)
    >>> Hex.parse("a1").distance(Hex.parse("c4"))
    4
    """

    q: int
    """Axial column: grows to the east."""
    r: int
    """Axial row: grows to the south; equal to the offset row."""

    # -- construction and notation ------------------------------------------------------------

    @classmethod
    def from_offset(cls, col: int, row: int) -> Hex:
        """The hex at 0-based offset column ``col`` of row ``row`` (odd rows shifted right)."""
        return cls(col - (row - (row & 1)) // 2, row)

    @classmethod
    def parse(cls, text: str) -> Hex:
        """The hex written as column letter + row number, ``"c4"`` (case and spaces ignored).

        :raises InvalidInput: uw.hex.bad_notation
        """
        found = _PARSED.get(text) if isinstance(text, str) else None
        if found is not None and cls is Hex:
            return found
        match = _NOTATION.fullmatch(text) if isinstance(text, str) else None
        if match is None or int(match[2]) < 1:
            raise InvalidInput("uw.hex.bad_notation", text=str(text), example="c4")
        hex_ = cls.from_offset(_LETTERS.index(match[1].lower()), int(match[2]) - 1)
        if cls is Hex and len(_PARSED) < _MEMO_LIMIT:
            _PARSED[text] = hex_
        return hex_

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    @property
    def col(self) -> int:
        """0-based offset column (odd-r)."""
        return self.q + (self.r - (self.r & 1)) // 2

    @property
    def row(self) -> int:
        """0-based offset row; row 0 is the top row as drawn."""
        return self.r

    @property
    def has_notation(self) -> bool:
        """Whether the hex can be written as letter + number (column a-z, row 1 or more)."""
        return 0 <= self.col < len(_LETTERS) and self.row >= 0

    def notation(self) -> str:
        """Column letter + 1-based row number, as drawn on the board image: ``"c4"``.

        :raises InvalidInput: uw.hex.no_notation (the hex lies outside the lettered area)
        """
        if not self.has_notation:
            raise InvalidInput("uw.hex.no_notation", q=self.q, r=self.r)
        return f"{_LETTERS[self.col]}{self.row + 1}"

    def __str__(self) -> str:
        text = _WRITTEN.get(self)
        if text is None:
            text = self.notation() if self.has_notation else f"({self.q},{self.r})"
            if len(_WRITTEN) < _MEMO_LIMIT:
                _WRITTEN[self] = text
        return text

    def __repr__(self) -> str:
        if self.has_notation:
            return f"Hex.parse({self.notation()!r})"
        return f"Hex(q={self.q}, r={self.r})"

    def __lt__(self, other: object) -> bool:  # type: ignore[override]
        if not isinstance(other, Hex):
            return NotImplemented
        return (self[1], self[0]) < (other[1], other[0])

    def __le__(self, other: object) -> bool:  # type: ignore[override]
        if not isinstance(other, Hex):
            return NotImplemented
        return (self[1], self[0]) <= (other[1], other[0])

    def __gt__(self, other: object) -> bool:  # type: ignore[override]
        if not isinstance(other, Hex):
            return NotImplemented
        return (self[1], self[0]) > (other[1], other[0])

    def __ge__(self, other: object) -> bool:  # type: ignore[override]
        if not isinstance(other, Hex):
            return NotImplemented
        return (self[1], self[0]) >= (other[1], other[0])

    # -- pydantic: a Hex field reads "c4" or {"q": .., "r": ..} and writes "c4" ---------------

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(
            _validate_hex, serialization=core_schema.plain_serializer_function_ser_schema(_serialize_hex))

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: core_schema.CoreSchema, handler: Any) -> dict[str, Any]:
        """What a data file may write for a hex (a pack's board face, ``docs/packs.md``)."""
        return {"type": "string", "pattern": "^[a-z][0-9]+$", "description": "A hex: column letter and row, like c4"}

    # -- arithmetic ---------------------------------------------------------------------------

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def distance(self, other: Hex) -> int:
        """Hexes on the shortest route, through blocked hexes too (§8.4); 0 to itself."""
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def neighbour(self, direction: HexDirection) -> Hex:
        """The adjacent hex in ``direction``."""
        dq, dr = direction.value
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in ``HexDirection`` order (east first, then anticlockwise)."""
        q, r = self.q, self.r
        return tuple(Hex(q + dq, r + dr) for dq, dr in _BY_VECTOR)  # its vectors in that order, no enum look-ups

    def is_adjacent(self, other: Hex) -> bool:
        """Touching: distance 1. Nothing is adjacent to itself (§8.4)."""
        return self.distance(other) == 1

    def direction_to(self, other: Hex) -> HexDirection | None:
        """The direction of an adjacent hex; None when ``other`` is not adjacent."""
        return _BY_VECTOR.get((other.q - self.q, other.r - self.r))


def _validate_hex(value: Any) -> Hex:
    if isinstance(value, Hex):
        return value
    if isinstance(value, str):
        try:
            return Hex.parse(value)
        except InvalidInput:
            raise ValueError(f"{value!r} is not a hex: write a column letter and a row number, like 'c4'") from None
    if isinstance(value, dict) and set(value) == {"q", "r"} and all(type(v) is int for v in value.values()):
        return Hex(value["q"], value["r"])
    raise ValueError(f"{value!r} is not a hex: write a column letter and a row number, like 'c4'")


def _serialize_hex(value: Hex) -> str | dict[str, int]:
    """``"c4"``, or ``{"q": .., "r": ..}`` off the lettered area (a fresh dict each time: the caller owns it). From
    ``str``, which keeps each hex's text: a dozen hexes a state dump, each worked out again before."""
    text = str(value)
    return {"q": value.q, "r": value.r} if text[0] == "(" else text


class HexDirection(Enum):
    """The six directions of a pointy-top grid, as axial ``(dq, dr)``; north is up the drawn image."""

    EAST = (1, 0)
    NORTH_EAST = (1, -1)
    NORTH_WEST = (0, -1)
    WEST = (-1, 0)
    SOUTH_WEST = (-1, 1)
    SOUTH_EAST = (0, 1)

    @property
    def opposite(self) -> HexDirection:
        """The direction pointing the other way."""
        dq, dr = self.value
        return HexDirection((-dq, -dr))


_BY_VECTOR = {d.value: d for d in HexDirection}


# ---------------------------------------------------------------------------------------------
# Areas


def ring(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """Every hex exactly ``radius`` hexes from ``centre`` (6 x radius of them).

    The walk starts ``radius`` hexes east of ``centre`` and goes anticlockwise, so the order is fixed.
    """
    if radius < 0:
        raise ValueError("radius must be 0 or more")
    if radius == 0:
        return (centre,)
    out: list[Hex] = []
    hex_ = Hex(centre.q + radius, centre.r)
    # From the east corner, walk each side: the side after corner k runs in direction k + 2.
    order = list(HexDirection)
    for side in range(6):
        step = order[(side + 2) % 6]
        for _ in range(radius):
            out.append(hex_)
            hex_ = hex_.neighbour(step)
    return tuple(out)


@lru_cache(maxsize=4096)
def within(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """Every hex within ``radius`` hexes of ``centre`` (distance <= radius, §8.4), in reading order (kept: set-up
    asks again around each placed token at every listing)."""
    out = [Hex(centre.q + dq, centre.r + dr)
           for dr in range(-radius, radius + 1)
           for dq in range(max(-radius, -dr - radius), min(radius, -dr + radius) + 1)]
    return tuple(sorted(out))


# ---------------------------------------------------------------------------------------------
# Away from and towards (§8.4: every hex entered must be strictly further / closer than the one left)


def is_step_away(step_from: Hex, step_to: Hex, reference: Hex) -> bool:
    """Whether moving one hex from ``step_from`` to ``step_to`` takes it further from ``reference``."""
    return step_from.is_adjacent(step_to) and step_to.distance(reference) > step_from.distance(reference)


def is_step_towards(step_from: Hex, step_to: Hex, reference: Hex) -> bool:
    """Whether moving one hex from ``step_from`` to ``step_to`` takes it closer to ``reference``."""
    return step_from.is_adjacent(step_to) and step_to.distance(reference) < step_from.distance(reference)


def steps_away(hex_: Hex, reference: Hex) -> tuple[Hex, ...]:
    """The adjacent hexes strictly further from ``reference`` than ``hex_`` (2 or 3 of them)."""
    return tuple(n for n in hex_.neighbours() if is_step_away(hex_, n, reference))


def steps_towards(hex_: Hex, reference: Hex) -> tuple[Hex, ...]:
    """The adjacent hexes strictly closer to ``reference`` than ``hex_`` (none from ``reference`` itself)."""
    return tuple(n for n in hex_.neighbours() if is_step_towards(hex_, n, reference))


def is_path_away(path: Sequence[Hex], reference: Hex) -> bool:
    """Whether each hex entered along ``path`` (start first) is further from ``reference`` than the last."""
    return all(is_step_away(a, b, reference) for a, b in zip(path, path[1:]))


def is_path_towards(path: Sequence[Hex], reference: Hex) -> bool:
    """Whether each hex entered along ``path`` (start first) is closer to ``reference`` than the last."""
    return all(is_step_towards(a, b, reference) for a, b in zip(path, path[1:]))


# ---------------------------------------------------------------------------------------------
# Line of sight (§8.5)
#
# Geometry, exactly. An affine map takes the drawn plane to axial (q, r) space; it keeps straight
# lines, midpoints and centroids, so touching and crossing are the same in both. In axial space the
# closed cell of hex H is the hexagon of points p with, for d = p - H,
#     |dq - dr| <= 1,   |dq + 2 dr| <= 1,   |2 dq + dr| <= 1
# (its edges are the bisectors between H and its six neighbours; its corners are the centroids of
# three mutually adjacent centres). On the segment p(t) = A + t (B - A), each form is linear in t, so
# the cell meets the segment on a closed t-interval. Every bound is (+-1 - e) / g with small integers
# e and g, and g divides L = lcm of the three |g|, so in units u = t * L all bounds are integers. No
# float, no epsilon: a line along the edge between two hexes gives both cells an interval, a line
# through a corner gives all three cells a one-point interval [u, u].


_FORMS = ((1, -1), (1, 2), (2, 1))  # dq - dr, dq + 2 dr, 2 dq + dr


def _forms(dq: int, dr: int) -> tuple[int, int, int]:
    return tuple(a * dq + b * dr for a, b in _FORMS)  # type: ignore[return-value]


def _scale(gs: tuple[int, int, int]) -> int:
    scale = 1
    for g in gs:
        if g:
            scale = scale * abs(g) // gcd(scale, abs(g))
    return scale


def _interval(es: tuple[int, int, int], gs: tuple[int, int, int], scale: int) -> tuple[int, int] | None:
    """The closed interval of u in [0, scale] where the segment is inside the closed cell, or None."""
    lo, hi = 0, scale
    for e, g in zip(es, gs):
        if g == 0:
            if not -1 <= e <= 1:
                return None
            continue
        unit = scale // abs(g)
        if g > 0:
            lo, hi = max(lo, unit * (-1 - e)), min(hi, unit * (1 - e))
        else:
            lo, hi = max(lo, unit * (e - 1)), min(hi, unit * (e + 1))
    return (lo, hi) if lo <= hi else None


def _round_axial(nq: int, nr: int, n: int) -> Hex:
    """The hex containing the point (nq / n, nr / n), ties broken either way (exact cube rounding)."""
    ns = -nq - nr
    q, r, s = ((2 * v + n) // (2 * n) for v in (nq, nr, ns))
    dq, dr, ds = abs(q * n - nq), abs(r * n - nr), abs(s * n - ns)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


@lru_cache(maxsize=16384)  # pure geometry of two hexes: the same sight lines are asked about all match long
def _touch_intervals(a: Hex, b: Hex) -> tuple[int, tuple[tuple[int, int, Hex], ...]]:
    """(scale, [(u_from, u_to, hex)]) for every hex whose closed cell meets the segment a-b."""
    # The grid looks the same from every hex: the segment from a is the one from the origin, moved by a.
    scale, spans = _touch_intervals_from_origin(b.q - a.q, b.r - a.r)
    q, r = a
    return scale, tuple((lo, hi, Hex(q + dq, r + dr)) for lo, hi, (dq, dr) in spans)


@lru_cache(maxsize=4096)  # one per direction and length: shared by every battlefield's sight lines
def _touch_intervals_from_origin(dq: int, dr: int) -> tuple[int, tuple[tuple[int, int, Hex], ...]]:
    """``_touch_intervals`` of the segment from the origin to (dq, dr)."""
    a, b = Hex(0, 0), Hex(dq, dr)
    n = a.distance(b)
    gs = _forms(b.q - a.q, b.r - a.r)
    scale = _scale(gs)
    # Candidates: the hexes of the sampled line and their neighbours. A cell the segment touches has
    # its centre within 1.66 centre-spacings of the nearest sample's cell, and every hex 2 away is at
    # least 1.73 spacings away, so nothing is missed.
    candidates: set[Hex] = set()
    for i in range(n + 1):
        hex_ = _round_axial(a.q * n + i * (b.q - a.q), a.r * n + i * (b.r - a.r), n)
        candidates.add(hex_)
        candidates.update(hex_.neighbours())
    out = []
    for hex_ in candidates:
        span = _interval(_forms(a.q - hex_.q, a.r - hex_.r), gs, scale)
        if span is not None:
            out.append((span[0], span[1], hex_))
    out.sort(key=lambda item: (item[0], item[1], item[2].r, item[2].q))
    return scale, tuple(out)


def hexes_touched(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """Every hex that the straight line from the centre of ``a`` to the centre of ``b`` passes through or touches.

    Touching includes running along an edge and passing through a corner. The hexes come in order
    along the line, starting with ``a``.

    >>> [str(h) for h in hexes_touched(Hex.parse("b1"), Hex.parse("b3"))]  # along the a2|b2 edge
    ['b1', 'a2', 'b2', 'b3']
    """
    if a == b:
        return (a,)
    return tuple(hex_ for _, _, hex_ in _touch_intervals(a, b)[1])


def line_of_sight(a: Hex, b: Hex, *, battlefield: Collection[Hex], blocked: Collection[Hex] = ()) -> bool:
    """Whether a fighter in ``a`` has line of sight to ``b`` (§8.5).

    There is none if the centre-to-centre line passes through or touches a blocked hex (endpoints
    included, so a blocked hex is never visible), or goes beyond the battlefield edge. The line may run
    along the edge of the battlefield and of incomplete hexes without crossing it (rulebook p.32:
    "puedes trazar la línea de visión por el borde de un hexágono incompleto (pero no atravesarlo)").
    Fighters do not block. A hex that is not blocked always has line of sight to itself.
    """
    if a not in battlefield or b not in battlefield:
        return False
    if a == b:  # a fighter always sees its own hex, which is never a blocked one
        return a not in blocked
    scale, spans = _touch_intervals(a, b)
    reach = 0
    for lo, hi, hex_ in spans:
        if hex_ in blocked:
            return False
        if hex_ in battlefield:
            if lo > reach:  # a stretch of the line lies in no battlefield hex: it left the battlefield
                return False
            reach = max(reach, hi)
    return reach >= scale


def visible_hexes(origin: Hex, *, battlefield: Collection[Hex], blocked: Collection[Hex] = ()) -> frozenset[Hex]:
    """The battlefield hexes ``origin`` has line of sight to, itself included."""
    return frozenset(h for h in battlefield if line_of_sight(origin, h, battlefield=battlefield, blocked=blocked))

