"""Line of sight: centre to centre, blocked by touching a blocked hex or leaving the battlefield.

Digest §8.5 and §35 #24; rulebook p.32 (seed 000 line 795): "Si esa línea atraviesa o toca algún
hexágono bloqueado, o sale por un borde del tablero, el guerrero no tiene línea de visión [...] puedes
trazar la línea de visión por el borde de un hexágono incompleto (pero no atravesarlo)".

The engine computes with integers on the axial cell inequalities. The oracle here is independent: it
builds each cell as a polygon of Fraction corners and intersects segments with its edges.
"""
from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.underworlds.battlefield import Battlefield, Join, load_boards
from engine.underworlds.hexgrid import Hex, hexes_touched, line_of_sight, visible_hexes, within

P = Hex.parse
Point = tuple[F, F]

# Corners of the cell of (0, 0) in axial space: centroids of the centre and two adjacent neighbours.
_CORNERS = [(F(2, 3), F(-1, 3)), (F(1, 3), F(-2, 3)), (F(-1, 3), F(-1, 3)),
            (F(-2, 3), F(1, 3)), (F(-1, 3), F(2, 3)), (F(1, 3), F(1, 3))]


def _polygon(h: Hex) -> list[Point]:
    return [(h.q + x, h.r + y) for x, y in _CORNERS]


def _cross(o: Point, a: Point, b: Point) -> F:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _x(u: Point, v: Point) -> F:
    return u[0] * v[1] - u[1] * v[0]


def _param(pa: Point, along: Point, p: Point) -> F:
    """The t of a point known to lie on the line pa + t * along."""
    return (p[0] - pa[0]) / along[0] if along[0] else (p[1] - pa[1]) / along[1]


def _inside(p: Point, poly: list[Point]) -> bool:
    """Closed convex polygon (corners anticlockwise in this frame): never strictly to the right of an edge."""
    signs = [_cross(a, b, p) for a, b in zip(poly, poly[1:] + poly[:1])]
    return all(s <= 0 for s in signs) or all(s >= 0 for s in signs)


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1, d2, d3, d4 = _cross(c, d, a), _cross(c, d, b), _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True
    return ((d1 == 0 and _on_segment(a, c, d)) or (d2 == 0 and _on_segment(b, c, d))
            or (d3 == 0 and _on_segment(c, a, b)) or (d4 == 0 and _on_segment(d, a, b)))


def _near(a: Hex, b: Hex, cell: Hex) -> bool:
    """Cheap float prefilter: the cell's centre is within 0.6 centre spacings of the segment.

    A cell the segment touches has its centre within its circumradius (1/sqrt(3) = 0.577) of it.
    """
    def xy(h: Hex) -> tuple[float, float]:
        return h.q + h.r / 2, h.r * 0.8660254037844386
    (ax, ay), (bx, by), (cx, cy) = xy(a), xy(b), xy(cell)
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((cx - ax) * dx + (cy - ay) * dy) / (dx * dx + dy * dy or 1.0)))
    return (ax + t * dx - cx) ** 2 + (ay + t * dy - cy) ** 2 <= 0.6 ** 2


def oracle_touches(a: Hex, b: Hex, cell: Hex) -> bool:
    """Does the closed segment a-b meet the closed cell? (an endpoint inside, or an edge crossed or touched)"""
    pa, pb, poly = (F(a.q), F(a.r)), (F(b.q), F(b.r)), _polygon(cell)
    if _inside(pa, poly) or _inside(pb, poly):
        return True
    return any(_segments_meet(pa, pb, c, d) for c, d in zip(poly, poly[1:] + poly[:1]))


def oracle_line_of_sight(a: Hex, b: Hex, battlefield: set[Hex], blocked: set[Hex]) -> bool:
    """The rule, slowly: no blocked cell touched, and every piece of the segment inside some battlefield cell."""
    if a not in battlefield or b not in battlefield:
        return False
    if a == b:
        return a not in blocked
    region = [h for h in within(a, a.distance(b) + 1) if _near(a, b, h) and oracle_touches(a, b, h)]
    if any(h in blocked for h in region):
        return False
    # Cut the segment wherever it meets a cell edge, then check the middle of each piece.
    pa, pb = (F(a.q), F(a.r)), (F(b.q), F(b.r))
    along = (pb[0] - pa[0], pb[1] - pa[1])
    cuts = {F(0), F(1)}
    for h in region:
        poly = _polygon(h)
        for c, d in zip(poly, poly[1:] + poly[:1]):
            side = (d[0] - c[0], d[1] - c[1])
            denom = _x(along, side)
            if denom == 0:  # parallel: if collinear, cut where the edge's corners are
                for corner in (c, d):
                    if _cross(pa, pb, corner) == 0:
                        cuts.add(_param(pa, along, corner))
                continue
            cuts.add(_x((c[0] - pa[0], c[1] - pa[1]), side) / denom)
    ts = sorted(t for t in cuts if 0 <= t <= 1)
    for t0, t1 in zip(ts, ts[1:]):
        tm = (t0 + t1) / 2
        mid = (pa[0] + tm * (pb[0] - pa[0]), pa[1] + tm * (pb[1] - pa[1]))
        if not any(_inside(mid, _polygon(h)) for h in region if h in battlefield):
            return False
    return True


@pytest.fixture(scope="module")
def stardial_tower() -> Battlefield:
    """Shyishian Stardial (top, upright) + The Shattered Tower (bottom, upright), long edges, no shift."""
    boards = load_boards()
    return Battlefield.build(boards["shyishian-stardial"], boards["the-shattered-tower"])


# -- the oracle agrees with the engine ------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(-6, 6), st.integers(-6, 6), st.integers(-6, 6), st.integers(-6, 6))
def test_hexes_touched_equal_the_polygon_oracle(q1: int, r1: int, q2: int, r2: int) -> None:
    """Every cell the segment crosses or touches (edge or corner), and no other, exactly."""
    a, b = Hex(q1, r1), Hex(q2, r2)
    region = within(a, a.distance(b) + 2)
    assert set(hexes_touched(a, b)) == {h for h in region if _near(a, b, h) and oracle_touches(a, b, h)}


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_line_of_sight_equals_the_oracle_on_a_real_battlefield(stardial_tower: Battlefield, data: st.DataObject) -> None:
    """Random origin, target and extra blocked hexes on a shipped battlefield."""
    cells = sorted(stardial_tower.hexes)
    a, b = data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells))
    extra = set(data.draw(st.lists(st.sampled_from(cells), max_size=6)))
    blocked = set(stardial_tower.blocked_hexes) | extra
    assert stardial_tower.has_line_of_sight(a, b, blocked=extra) == oracle_line_of_sight(a, b, set(cells), blocked)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_line_of_sight_equals_the_oracle_on_a_ragged_battlefield(data: st.DataObject) -> None:
    """A battlefield with holes (missing, i.e. incomplete, hexes) exercises the "leaves the battlefield" rule."""
    area = within(Hex(0, 0), 4)
    holes = set(data.draw(st.lists(st.sampled_from(area), max_size=12)))
    field = set(area) - holes
    if len(field) < 2:
        return
    a, b = data.draw(st.sampled_from(sorted(field))), data.draw(st.sampled_from(sorted(field)))
    assert line_of_sight(a, b, battlefield=field, blocked=()) == oracle_line_of_sight(a, b, field, set())


# -- the rule's cases -----------------------------------------------------------------------------


def test_line_of_sight_along_a_row_through_centres_is_clear(stardial_tower: Battlefield) -> None:
    """p.32: a line that touches no blocked hex and stays on the battlefield gives line of sight."""
    assert stardial_tower.has_line_of_sight(P("a1"), P("h1"))
    assert hexes_touched(P("a1"), P("d1")) == (P("a1"), P("b1"), P("c1"), P("d1"))


def test_line_of_sight_through_a_blocked_hex_is_blocked(stardial_tower: Battlefield) -> None:
    """p.22: blocked hexes block line of sight to everything beyond them (b4, c4 blocked on the Stardial)."""
    assert P("b4") in stardial_tower.blocked_hexes and P("c4") in stardial_tower.blocked_hexes
    assert not stardial_tower.has_line_of_sight(P("a4"), P("d4"))
    assert stardial_tower.has_line_of_sight(P("a4"), P("a5"))


def test_line_of_sight_to_a_blocked_hex_is_none(stardial_tower: Battlefield) -> None:
    """p.32: the line ends in the blocked hex, so it touches it: nothing in a blocked hex is visible."""
    assert not stardial_tower.has_line_of_sight(P("d4"), P("c4"))
    assert P("c4") not in stardial_tower.visible_hexes(P("d4"))


def test_line_of_sight_to_its_own_hex_always() -> None:
    """Digest §8.5: a fighter (a wizard choosing itself) always has line of sight to its own hex."""
    assert line_of_sight(P("c3"), P("c3"), battlefield={P("c3")}, blocked=())


def test_line_of_sight_off_the_battlefield_is_none() -> None:
    """A hex that is not part of the battlefield (incomplete) is never in line of sight."""
    field = {P("a1"), P("b1")}
    assert not line_of_sight(P("a1"), P("c1"), battlefield=field)


@pytest.mark.parametrize("blocked", ["a2", "b2"])
def test_line_of_sight_along_the_edge_of_a_blocked_hex_is_blocked(blocked: str) -> None:
    """p.32 "atraviesa o toca": b1 -> b3 runs exactly along the edge between a2 and b2; either one blocks it."""
    a, b = P("b1"), P("b3")
    assert set(hexes_touched(a, b)) == {a, P("a2"), P("b2"), b}
    field = set(within(P("b3"), 4)) | set(within(P("b1"), 4))
    assert line_of_sight(a, b, battlefield=field, blocked=())
    assert not line_of_sight(a, b, battlefield=field, blocked={P(blocked)})


def test_line_of_sight_through_a_corner_of_a_blocked_hex_is_blocked() -> None:
    """Digest §35 #24: grazing one corner of a blocked hex blocks.

    Axial (-1,0) to (3,1) passes through the corner (1/3, 1/3) shared by (0,0), (1,0) and (0,1); it
    crosses (0,0) and (1,0) and only touches (0,1) at that point.
    """
    a, b, corner_only = Hex(-1, 0), Hex(3, 1), Hex(0, 1)
    assert corner_only in hexes_touched(a, b)
    assert oracle_touches(a, b, corner_only)
    field = set(within(Hex(1, 0), 4))
    assert line_of_sight(a, b, battlefield=field, blocked=())
    assert not line_of_sight(a, b, battlefield=field, blocked={corner_only})


def test_line_of_sight_that_misses_a_blocked_hex_by_a_hair_is_clear() -> None:
    """Exact arithmetic: a line passing close to a corner but not through it does not touch that hex.

    Axial (-1,0) to (4,1) passes just beside the corner (1/3, 1/3) of (0,1), without meeting it.
    """
    a, b, near = Hex(-1, 0), Hex(4, 1), Hex(0, 1)
    assert near not in hexes_touched(a, b)
    assert not oracle_touches(a, b, near)
    field = set(within(Hex(1, 0), 4))
    assert line_of_sight(a, b, battlefield=field, blocked={near})


def test_line_of_sight_along_the_edge_of_an_incomplete_hex_is_clear(stardial_tower: Battlefield) -> None:
    """p.32: "puedes trazar la línea de visión por el borde de un hexágono incompleto (pero no atravesarlo)".

    a1 -> a3 runs along the edge between a2 and the half hex left of it (not part of the battlefield).
    """
    outside = Hex.from_offset(-1, 1)
    assert outside not in stardial_tower
    assert outside in hexes_touched(P("a1"), P("a3"))
    assert stardial_tower.has_line_of_sight(P("a1"), P("a3"))
    assert stardial_tower.has_line_of_sight(P("a1"), P("a5"))


def test_line_of_sight_across_an_incomplete_hex_is_blocked() -> None:
    """p.32: the line may not cross an incomplete hex, nor go beyond the battlefield edge.

    With the second board slid 3 hexes right, a6-c6 are incomplete: c5 -> d7 passes through the centre
    of c6 and leaves the battlefield; with no slide c6 is a completed hex and the line is clear.
    """
    boards = load_boards()
    stardial, tower = boards["shyishian-stardial"], boards["the-shattered-tower"]
    shifted = Battlefield.build(stardial, tower, join=Join(offset=3))
    aligned = Battlefield.build(stardial, tower)
    assert P("c6") not in shifted and P("c6") in aligned
    assert not shifted.has_line_of_sight(P("c5"), P("d7"))
    assert aligned.has_line_of_sight(P("c5"), P("d7"))


def test_line_of_sight_along_an_edge_between_two_missing_hexes_is_blocked() -> None:
    """A line running between two incomplete hexes is off the battlefield, though it touches battlefield corners."""
    field = {Hex(0, 0), Hex(1, 1)}  # the two cells between them, (1,0) and (0,1), are missing
    assert not line_of_sight(Hex(0, 0), Hex(1, 1), battlefield=field)
    assert line_of_sight(Hex(0, 0), Hex(1, 1), battlefield=field | {Hex(1, 0)})


def test_line_of_sight_fighters_do_not_block(stardial_tower: Battlefield) -> None:
    """p.32: fighters and occupied hexes do not block: only blocked hexes are passed in."""
    assert stardial_tower.has_line_of_sight(P("a1"), P("h1"), blocked=())


def test_line_of_sight_is_symmetric_on_a_battlefield(stardial_tower: Battlefield) -> None:
    """The same segment either way: A sees B exactly when B sees A."""
    cells = sorted(stardial_tower.hexes)
    for a in cells[::7]:
        for b in cells[::3]:
            assert stardial_tower.has_line_of_sight(a, b) == stardial_tower.has_line_of_sight(b, a)


# -- perft-style fixtures: visible hexes on a known battlefield --------------------------------------


VISIBLE_COUNTS = {"a1": 38, "d3": 0, "d4": 56, "e4": 61, "d6": 60, "a11": 65, "g10": 8, "h6": 0}
"""Hexes visible from each hex on Stardial@0 + Shattered Tower@0 (long join), itself included.

d3 is blocked and h6 is not on the battlefield (row 6 has 7 hexes, a-g): nothing is visible from them.
g10 sits between two blocked hexes (g9, f10) and sees 8 hexes.
The counts are checked against the oracle below, then pinned.
"""


@pytest.mark.parametrize(("origin", "count"), sorted(VISIBLE_COUNTS.items()))
def test_visible_hexes_count_from_known_hexes(stardial_tower: Battlefield, origin: str, count: int) -> None:
    """Perft-style: how many hexes a fighter in ``origin`` sees; the oracle agrees hex by hex."""
    seen = stardial_tower.visible_hexes(P(origin))
    assert len(seen) == count
    cells, blocked = set(stardial_tower.hexes), set(stardial_tower.blocked_hexes)
    assert seen == {h for h in cells if oracle_line_of_sight(P(origin), h, cells, blocked)}


def test_visible_hexes_free_function_matches_battlefield(stardial_tower: Battlefield) -> None:
    """``visible_hexes`` on bare sets gives the same answer as the battlefield method."""
    cells, blocked = set(stardial_tower.hexes), stardial_tower.blocked_hexes
    assert visible_hexes(P("e4"), battlefield=cells, blocked=blocked) == stardial_tower.visible_hexes(P("e4"))
