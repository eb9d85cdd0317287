"""The Mage Wars arena (§2): square zones, distance and range, borders and walls, line of sight, push directions.

Zones are named by a column letter and a row number, ``A1`` at one corner: the full arena is 4 × 3 (A–D, 1–3),
Apprentice mode plays on a 2 × 3 half (A–B, 1–3) (§2.1, §22.2). Borders are the unordered pair of adjacent
zones, written ``"A1|A2"``. The arena's walls (its perimeter) block passage and line of sight, flyers
included (§2.3); barriers on inner borders block what their traits say (§9.6). Pure functions of the zone
names and of ``barriers``: a mapping border -> the barrier's traits as a set of words (``{"blocks_los",
"passage_blocked", "passage_attack"}``), which the state builds from its wall objects.
"""
from __future__ import annotations

from collections.abc import Mapping, Set
from fractions import Fraction
from functools import lru_cache

FULL = (4, 3)
"""Columns × rows of the full arena: 12 zones (§2.1, §22.2)."""
APPRENTICE = (2, 3)
"""Columns × rows of the Apprentice half-board (§3.2)."""
BLOCKS_LOS = "blocks_los"
PASSAGE_BLOCKED = "passage_blocked"
PASSAGE_ATTACK = "passage_attack"
DIRECTIONS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
"""Row 1 is north (the rulebook lets players call any side north for random pushes, §7.6)."""

Barriers = Mapping[str, Set[str]]


def zone_name(col: int, row: int) -> str:
    return f"{chr(ord('A') + col)}{row + 1}"


def coords(zone: str) -> tuple[int, int]:
    """(column, row), both from 0: ``B3`` -> (1, 2)."""
    return ord(zone[0]) - ord("A"), int(zone[1:]) - 1


def zones(size: tuple[int, int]) -> list[str]:
    """Every zone of an arena of ``size`` (columns, rows), row by row."""
    cols, rows = size
    return [zone_name(c, r) for r in range(rows) for c in range(cols)]


def is_zone(zone: object, size: tuple[int, int]) -> bool:
    if not isinstance(zone, str) or len(zone) < 2 or not zone[1:].isdigit():
        return False
    c, r = coords(zone)
    return 0 <= c < size[0] and 0 <= r < size[1]


def start_zones(size: tuple[int, int]) -> tuple[str, str]:
    """The two doors: diagonally opposite corners (§2.1, §3.1; §22.2 default)."""
    return zone_name(0, 0), zone_name(size[0] - 1, size[1] - 1)


def distance(a: str, b: str) -> int:
    """Zones between ``a`` and ``b``, orthogonal steps only (§2.2): Manhattan distance; barriers do not
    lengthen it (§22.11)."""
    (ac, ar), (bc, br) = coords(a), coords(b)
    return abs(ac - bc) + abs(ar - br)


def in_range(a: str, b: str, low: int, high: int) -> bool:
    """``b`` is within range "low-high" of ``a`` (§2.2: too close is as illegal as too far)."""
    return low <= distance(a, b) <= high


def adjacent(zone: str, size: tuple[int, int]) -> list[str]:
    """The orthogonally adjacent zones (§2.1: diagonals are not adjacent)."""
    c, r = coords(zone)
    out = [zone_name(c + dc, r + dr) for dc, dr in DIRECTIONS.values()]
    return sorted(z for z in out if is_zone(z, size))


def border(a: str, b: str) -> str:
    """The border between two adjacent zones, as an unordered pair."""
    if distance(a, b) != 1:
        raise ValueError(f"{a} and {b} are not adjacent")
    return "|".join(sorted((a, b)))


def border_zones(name: str) -> tuple[str, str]:
    a, b = name.split("|")
    return a, b


def borders(size: tuple[int, int]) -> list[str]:
    """Every inner border of the arena."""
    return list(_borders(tuple(size)))


@lru_cache(maxsize=8)
def _borders(size: tuple[int, int]) -> tuple[str, ...]:
    return tuple(sorted({border(z, n) for z in zones(size) for n in adjacent(z, size)}))


def _centre(zone: str) -> tuple[Fraction, Fraction]:
    c, r = coords(zone)
    return Fraction(2 * c + 1, 2), Fraction(2 * r + 1, 2)


def _border_centre(name: str) -> tuple[Fraction, Fraction]:
    (ax, ay), (bx, by) = (_centre(z) for z in border_zones(name))
    return (ax + bx) / 2, (ay + by) / 2


def _blocked(barriers: Barriers, a: tuple[int, int], b: tuple[int, int], size: tuple[int, int]) -> bool:
    za, zb = zone_name(*a), zone_name(*b)
    if not (is_zone(za, size) and is_zone(zb, size)):
        return True  # the perimeter wall blocks line of sight (§2.3)
    return BLOCKS_LOS in barriers.get(border(za, zb), set())


def line_of_sight(source: str, target: str, barriers: Barriers, size: tuple[int, int], *,
                  flying: bool = False, target_border: bool = False) -> bool:
    """Whether ``source`` zone sees ``target`` (a zone, or a border's centre with ``target_border``) (§2.4).

    The line runs centre to centre; it is blocked where it crosses a border holding a LoS-blocking barrier.
    Through a corner point it is blocked only if both ways round the corner are (§22.10): with A the zone
    before the corner, D the one after and B, C the other two, blocked iff (A|B or B|D) and (A|C or C|D).
    Nothing blocks LoS from or to a flyer (§2.4, §7.4).
    """
    if flying:
        return True
    blocking = frozenset(b for b, t in barriers.items() if BLOCKS_LOS in t)
    return _sight(source, target, blocking, tuple(size), target_border)


@lru_cache(maxsize=8192)
def _sight(source: str, target: str, blocking: frozenset[str], size: tuple[int, int], target_border: bool) -> bool:
    """:func:`line_of_sight` for the borders that block it (the same answer for the same walls)."""
    barriers: Barriers = {b: {BLOCKS_LOS} for b in blocking}
    (x0, y0) = _centre(source)
    (x1, y1) = _border_centre(target) if target_border else _centre(target)
    dx, dy = x1 - x0, y1 - y0
    crossings: dict[Fraction, tuple[int | None, int | None]] = {}
    for k in range(1, size[0]):
        if dx and 0 < (t := (k - x0) / dx) < 1:
            crossings.setdefault(t, (None, None))
            crossings[t] = (k, crossings[t][1])
    for m in range(1, size[1]):
        if dy and 0 < (t := (m - y0) / dy) < 1:
            crossings.setdefault(t, (None, None))
            crossings[t] = (crossings[t][0], m)
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    for t, (k, m) in sorted(crossings.items()):
        x, y = x0 + dx * t, y0 + dy * t
        if k is not None and m is not None:  # exactly through a corner point
            a = (k - 1 if sx > 0 else k, m - 1 if sy > 0 else m)
            d = (k if sx > 0 else k - 1, m if sy > 0 else m - 1)
            b, c = (d[0], a[1]), (a[0], d[1])
            if ((_blocked(barriers, a, b, size) or _blocked(barriers, b, d, size))
                    and (_blocked(barriers, a, c, size) or _blocked(barriers, c, d, size))):
                return False
        elif k is not None:
            row = int(y)
            if _blocked(barriers, (k - 1, row), (k, row), size):
                return False
        else:
            col = int(x)
            if _blocked(barriers, (col, m - 1), (col, m), size):
                return False
    return True


def step(zone: str, direction: str, size: tuple[int, int]) -> str | None:
    """The zone one step ``direction`` of ``zone``, or None at the arena's wall."""
    c, r = coords(zone)
    dc, dr = DIRECTIONS[direction]
    out = zone_name(c + dc, r + dr)
    return out if is_zone(out, size) else None


def push_directions(source: str, target: str) -> list[str]:
    """The directions a push from ``source`` may move ``target`` (§7.6): away from the source; when the source
    is diagonal or in the same zone, the pusher chooses among the ways that lead away (any, if the same zone)."""
    (sc, sr), (tc, tr) = coords(source), coords(target)
    out = []
    if tc > sc:
        out.append("east")
    if tc < sc:
        out.append("west")
    if tr > sr:
        out.append("south")
    if tr < sr:
        out.append("north")
    return out or list(DIRECTIONS)


def random_push_direction(d12: int) -> str:
    """The d12 random push (§7.6): 1–3 north, 4–6 east, 7–9 south, 10–12 west."""
    return ("north", "east", "south", "west")[(d12 - 1) // 3]


def crossing(zone: str, direction: str, barriers: Barriers, size: tuple[int, int], *,
             flying: bool = False) -> tuple[str | None, str]:
    """What a creature meets leaving ``zone`` towards ``direction`` (§7.3 step 4, §7.6): (the zone it reaches or
    None, one of ``"free"``, ``"wall"`` (the arena's perimeter, flyers too), ``"blocked"`` (Passage Blocked),
    ``"attack"`` (Passage Attack)). Flyers ignore barriers but not the perimeter (§7.4)."""
    to = step(zone, direction, size)
    if to is None:
        return None, "wall"
    traits = set() if flying else barriers.get(border(zone, to), set())
    if PASSAGE_BLOCKED in traits:
        return None, "blocked"
    return to, "attack" if PASSAGE_ATTACK in traits else "free"


def direction_to(a: str, b: str) -> str:
    """The direction from ``a`` to an adjacent ``b``."""
    (ac, ar), (bc, br) = coords(a), coords(b)
    for name, (dc, dr) in DIRECTIONS.items():
        if (ac + dc, ar + dr) == (bc, br):
            return name
    raise ValueError(f"{a} and {b} are not adjacent")
