"""Dragonbond geometry invariants over random tables (hypothesis): what a legal move can never do.

Digest §8, §24.2; seed 003 lines 649-650 (never through enemies, end ≥1" away), 1189 (impassable),
1199 (slowing ×2). Tolerances are the 0.05" of the 0.1" rounding the rules are judged on.
"""
from __future__ import annotations

import math

from hypothesis import HealthCheck, assume, given, settings, strategies as st
from shapely.geometry import LineString, Point as SPoint

from engine.dragonbond.geometry import (
    Field, Terrain, Token, _planner, check_move, contact_point, destinations, edge_distance, in_contact, overlaps,
    path_cost,
)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                          HealthCheck.filter_too_much])
TOL = 0.05

coord_x = st.floats(2, 46, allow_nan=False).map(lambda v: round(v, 1))
coord_y = st.floats(2, 34, allow_nan=False).map(lambda v: round(v, 1))
radius = st.sampled_from([0.5, 0.8, 1.0, 1.5, 2.0])


@st.composite
def pieces(draw) -> Terrain:
    kinds = draw(st.sampled_from([("impassable",), ("slowing",), ("dark",), ("dark", "slowing")]))
    x, y = draw(coord_x), draw(coord_y)
    if draw(st.booleans()):
        w, d = draw(st.floats(1, 8)), draw(st.floats(1, 8))
        return Terrain(f"t{x}{y}", kinds, "piece", "rect", ((x, y), (min(48, x + w), min(36, y + d))))
    return Terrain(f"t{x}{y}", kinds, "piece", "circle", ((x, y), (draw(st.floats(1, 4)), 0.0)))


@st.composite
def tables(draw):
    """A table with terrain, a mover and other units that do not overlap each other."""
    terrain = tuple(draw(st.lists(pieces(), max_size=5, unique_by=lambda t: t.id)))
    field = Field(48.0, 36.0, terrain, ((24.0, 18.0), (10.0, 10.0)), {})
    units: list[Token] = []
    for i in range(draw(st.integers(2, 7))):
        t = Token(f"U{i}", draw(coord_x), draw(coord_y), draw(radius), "A" if i % 2 == 0 else "B",
                  flying=draw(st.booleans()) if i == 0 else False, scout=draw(st.booleans()) if i == 0 else False)
        if all(edge_distance(t, u) > 0.2 for u in units):
            units.append(t)
    return field, units


def _crosses(path, shape, clearance: float) -> bool:
    return len(path) > 1 and LineString(path).distance(shape) < clearance - TOL


def _assert_legal_end(mover: Token, end, tokens, *, charge: str | None = None) -> None:
    here = mover.moved(end)
    for other in tokens:
        if other.id == mover.id:
            continue
        assert not overlaps(here, other), (other.id, end)
        if other.side != mover.side and other.id != charge:
            assert edge_distance(here, other) >= 1.0, (other.id, end)


def _assert_walkable(mover: Token, path, tokens, field, allowance: float) -> None:
    slowing = not (mover.scout or mover.flying)
    assert path_cost(path, field, slowing=slowing) <= allowance + TOL
    if mover.flying:
        return
    for t in field.terrain:
        if "impassable" in t.kinds and t.polygon.distance(SPoint(mover.x, mover.y)) >= mover.radius:
            # a base that starts overlapping the terrain may leave it (engine tolerance 0.1"): only others are held
            assert not _crosses(path, t.polygon, mover.radius), t.id
    for enemy in tokens:
        if enemy.side != mover.side and not overlaps(mover, enemy):
            assert not _crosses(path, SPoint(enemy.x, enemy.y), mover.radius + enemy.radius), enemy.id


@SETTINGS
@given(tables(), coord_x, coord_y, st.floats(0, 24))
def test_a_legal_move_keeps_every_movement_rule(table, x, y, allowance):
    """Digest §8: within the allowance (slowing ×2), never through impassable terrain or enemy bases, never
    ending on a token or within 1" of an enemy."""
    field, units = table
    mover = units[0]
    check = check_move(mover, (x, y), allowance, units, field)
    if check.ok:
        assert check.path[0] == (mover.x, mover.y) and check.path[-1] == (x, y)
        _assert_walkable(mover, check.path, units, field, allowance)
        _assert_legal_end(mover, check.end, units)
    else:
        assert check.reason.startswith("db.move.")


@SETTINGS
@given(tables(), st.floats(0, 20))
def test_a_successful_charge_touches_its_target_and_keeps_the_rules(table, allowance):
    """Digest §7.5: a charge ends in base contact with its target, ≥1" from other enemies, within the allowance."""
    field, units = table
    mover = units[0]
    assume(len(units) > 1)
    target = units[1]
    check = contact_point(mover, target, allowance, units, field)
    if check.ok:
        assert in_contact(mover.moved(check.end), target)
        _assert_walkable(mover, check.path, units, field, allowance)
        _assert_legal_end(mover, check.end, units, charge=target.id)
    elif check.reason == "db.move.charge_too_far" and len(check.path) > 1:
        assert edge_distance(mover.moved(check.end), target) > 0       # a failed charge never engages (A32)
        _assert_walkable(mover, check.path, units, field, allowance)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.floats(1, 12), st.booleans())
def test_every_destination_is_a_legal_move(table, allowance, charge):
    """Digest §5.2: the named destinations offered are all moves check_move accepts."""
    field, units = table
    mover = units[0]
    for d in destinations(mover, allowance, units, field, charge=charge):
        target = d.params.get("unit") if d.key == "db.move.dest.contact" else None
        again = check_move(mover, d.point, allowance, units, field, charge_target=target)
        assert again.ok, (d, again)
        assert d.cost <= allowance + TOL


@settings(max_examples=200, deadline=None)
@given(coord_x, coord_y, radius, coord_x, coord_y, radius)
def test_edge_distance_is_symmetric_and_zero_only_when_touching(ax, ay, ar, bx, by, br):
    """Digest §5.2: distance = max(0, |c1−c2| − r1 − r2), the same both ways; 0 iff the bases touch or overlap."""
    a, b = Token("a", ax, ay, ar, "A"), Token("b", bx, by, br, "B")
    d = edge_distance(a, b)
    assert d == edge_distance(b, a) >= 0
    gap = math.hypot(ax - bx, ay - by) - ar - br
    assert (d == 0) == (gap < 0.05)


SLOW_RECT = Terrain("ford", ("slowing",), "ford", "rect", ((10.0, 5.0), (20.0, 12.0)))
SLOW_CIRCLE = Terrain("wood", ("slowing", "dark"), "wood", "circle", ((32.0, 24.0), (4.0, 0.0)))
SLOW_TRIANGLE = Terrain("bog", ("slowing",), "bog", "polygon", ((5.0, 20.0), (15.0, 20.0), (5.0, 32.0), (9.0, 24.0)))


@settings(max_examples=150, deadline=None)
@given(coord_x, coord_y, coord_x, coord_y)
def test_the_path_search_prices_slowing_terrain_like_the_verdict(x1, y1, x2, y2):
    """Digest §24.2; seed 003 line 1199: the search's own hop cost (numpy clipping, circles as circles, a
    non-convex piece cut into triangles) matches the exact cost the verdict uses, so it finds the paths
    the verdict accepts."""
    field = Field(48.0, 36.0, (SLOW_RECT, SLOW_CIRCLE, SLOW_TRIANGLE), (), {})
    mover = Token("m", 24.0, 18.0, 0.5, "A")
    planner = _planner(mover, [mover], field, False)
    fast = planner.hop((x1, y1), (x2, y2))
    assert abs(fast - path_cost(((x1, y1), (x2, y2)), field)) < 0.05


@SETTINGS
@given(tables())
def test_line_of_sight_any_part_of_base_same_as_pair_by_pair(table):
    """Digest §4.3, §24.2; seed 003 lines 365-369 (a line from any part of one base to any part of the other,
    units and dark terrain blocking) and 1229: the vectorised check every sample pair at once gives the same
    verdict as testing the pairs one by one with ``_clear``."""
    from engine.dragonbond import geometry
    field, units = table
    for viewer in units:
        for target in units:
            if viewer.id == target.id:
                continue
            geometry.clear_caches()
            discs, walls = geometry._sight_lines(viewer, target, units, field)
            pairwise = any(geometry._clear(p, q, discs, walls)
                           for p in geometry._samples(viewer) for q in geometry._samples(target))
            assert geometry.line_of_sight(viewer, target, units, field) == pairwise, (viewer.id, target.id)


@SETTINGS
@given(tables(), st.floats(1, 18), st.booleans())
def test_destinations_same_position_same_answer_from_the_cache(table, allowance, charge):
    """Digest §5.2 (named destinations are a function of the position alone): asked again for the same tokens,
    table and allowance, the cached answer equals a fresh search, and a caller changing it changes no cache."""
    from engine.dragonbond import geometry
    field, units = table
    mover = units[0]
    geometry.clear_caches()
    fresh = destinations(mover, allowance, units, field, charge=charge)
    for d in fresh:
        d.params["spoiled"] = True      # a careless caller
    again = destinations(mover, allowance, list(units), field, charge=charge)
    assert not any("spoiled" in d.params for d in again)
    geometry.clear_caches()
    assert [(d.key, d.point, d.cost) for d in again] == [
        (d.key, d.point, d.cost) for d in destinations(mover, allowance, units, field, charge=charge)]


@SETTINGS
@given(tables(), st.floats(1, 24))
def test_charge_reachable_is_the_contact_points_verdict(table, allowance):
    """Digest §7.5; seed 003 line 618: the quick check the charge targets use answers as the full contact point
    search does."""
    from engine.dragonbond.geometry import charge_reachable
    field, units = table
    mover = units[0]
    for target in units[1:]:
        if target.side == mover.side:
            continue
        assert charge_reachable(mover, target, allowance, units, field) == contact_point(
            mover, target, allowance, units, field).ok


@settings(max_examples=300, deadline=None)
@given(pieces(), coord_x, coord_y, st.floats(0.01, 3))
def test_a_base_on_a_blocking_piece_reads_as_geos_measures_it(piece, x, y, rho):
    """Digest §24.2, §23; seed 003 lines 1119, 1189 (no base stands on impassable terrain, a flyer never lands in
    dark terrain): a base wholly clear of, or wholly on, a rectangular or round piece is told by arithmetic, and
    that verdict is the one GEOS gives (more than a speck of the piece under the 64-sided disc)."""
    from engine.dragonbond import geometry
    told = geometry._covers_piece(piece, (x, y), rho)
    disc = SPoint(x, y).buffer(rho, quad_segs=16)
    if told is not None:
        assert told == (piece.polygon.intersects(disc) and piece.polygon.intersection(disc).area > 1e-4)


@settings(max_examples=300, deadline=None)
@given(pieces(), coord_x, coord_y, coord_x, coord_y)
def test_a_sight_line_past_a_dark_piece_is_clipped_as_geos_measures_it(piece, x1, y1, x2, y2):
    """Digest §24.2; seed 003 line 1229 (dark terrain is never seen through): a line past a convex piece, clipped
    by arithmetic one line at a time or all at once, is blocked exactly when GEOS finds more than the slack of it
    inside the piece."""
    import numpy as np
    from engine.dragonbond import geometry
    line = LineString([(x1, y1), (x2, y2)])
    blocked = piece.polygon.intersects(line) and piece.polygon.intersection(line).length > geometry._SLACK
    assert geometry._clear((x1, y1), (x2, y2), (), [piece.polygon]) == (not blocked)
    assert bool(geometry._crosses_far(np.array([(x1, y1)]), np.array([(x2, y2)]), piece.polygon)[0]) == blocked


@SETTINGS
@given(tables(), st.floats(1, 18))
def test_a_graph_shared_by_reach_finds_the_paths_of_its_own(table, allowance):
    """Digest §5.2 (the most direct route, round enemy bases): the path graph a unit's charge builds (every enemy
    within its reach) serves its moves, whose searches stop at a shorter allowance: the enemies it adds are beyond
    that reach, so the moves' named destinations are those a graph of their own finds."""
    from engine.dragonbond import geometry
    field, units = table
    mover = units[0]
    geometry.clear_caches()
    own = destinations(mover, allowance, units, field)
    geometry.clear_caches()
    for target in units[1:]:        # the charge asks first, building the wider graph
        if target.side != mover.side:
            geometry.charge_reachable(mover, target, allowance + 6, geometry.near(mover, units, allowance + 6), field)
    shared = destinations(mover, allowance, units, field)
    assert [(d.key, d.params, d.point, d.cost) for d in shared] == [(d.key, d.params, d.point, d.cost) for d in own]


@SETTINGS
@given(tables(), st.floats(1, 18))
def test_one_enemys_toward_destination_is_the_one_destinations_offers(table, allowance):
    """Digest §5.2 (named destinations): a Monster heading for its target asks for that one destination, and gets
    the one the full list names for it."""
    from engine.dragonbond import geometry
    field, units = table
    mover = units[0]
    offered = destinations(mover, allowance, units, field)
    for enemy in units[1:]:
        wanted = [d for d in offered if d.key == "db.move.dest.toward" and d.params["unit"] == enemy.id]
        got = geometry.toward_destination(mover, allowance, units, enemy.id, field)
        assert [(d.key, d.params, d.point, d.cost) for d in wanted] == (
            [] if got is None else [(got.key, got.params, got.point, got.cost)])
