"""Dragonbond free measurement: one test per rule of distance, sight, terrain, movement, charges, objectives.

"§" is a section of ``shared/rules/dragonbond.md``; "seed 003 line N" a line of the Spanish rulebook.
"""
from __future__ import annotations

import math

import pytest
from shapely.geometry import LineString

from engine.dragonbond.geometry import (
    Field, Terrain, Token, check_move, contact_point, dangerous_targets, dark_cover, destinations,
    distance_to_point, edge_distance, flanked, flanking, in_contact, in_terrain, line_of_sight,
    objectives_held, overlaps, path_cost, token_radius,
)


def field(*terrain: Terrain, objectives=()) -> Field:
    return Field(48.0, 36.0, tuple(terrain), tuple(objectives), {})


def rect(tid: str, kinds, x1, y1, x2, y2, danger: int = 0) -> Terrain:
    return Terrain(tid, tuple(kinds), tid, "rect", ((x1, y1), (x2, y2)), danger)


def unit(uid: str, x: float, y: float, r: float = 1.0, side: str = "A", **kw) -> Token:
    return Token(uid, x, y, r, side, **kw)


EMPTY = field()


# -- measuring (§4.1, §5.2) ----------------------------------------------------------------------------------------

def test_token_radius_follows_the_packing_formula():
    """Digest §5.2: R = 0.5·d·(1 + 0.9·sqrt(n−1)); one 25 mm model is a 25 mm disc."""
    assert token_radius(25, 1) == pytest.approx(25 / 25.4 / 2, abs=0.01)
    assert token_radius(40, 5) == pytest.approx(0.5 * 40 / 25.4 * (1 + 0.9 * 2), abs=0.01)
    with pytest.raises(ValueError):
        token_radius(0, 3)


def test_distance_is_measured_between_the_closest_base_edges():
    """Digest §4.1; seed 003 line 354: from the nearest point of each base."""
    assert edge_distance(unit("A1", 10, 10, 1.0), unit("B1", 20, 10, 1.5, "B")) == 7.5


def test_distance_is_rounded_to_a_tenth_of_an_inch():
    """Digest §5.2 (precision): 0.1"; half up."""
    assert edge_distance(unit("A1", 0, 0, 1), unit("B1", 5.04, 0, 1, "B")) == 3.0
    assert edge_distance(unit("A1", 0, 0, 1), unit("B1", 5.05, 0, 1, "B")) == 3.1


def test_touching_bases_are_in_contact_and_do_not_overlap():
    """Digest §4.4: base-to-base contact is distance 0 without overlap."""
    a, b = unit("A1", 10, 10, 1), unit("B1", 12, 10, 1, "B")
    assert edge_distance(a, b) == 0 and in_contact(a, b) and not overlaps(a, b)
    c = unit("B2", 11, 10, 1, "B")
    assert overlaps(a, c) and not in_contact(a, c) and edge_distance(a, c) == 0


def test_distance_to_a_point_is_from_the_base_edge():
    """Digest §5.2: objective ranges are measured from the token's edge."""
    assert distance_to_point(unit("A1", 10, 10, 2), (15, 10)) == 3.0
    assert distance_to_point(unit("A1", 10, 10, 2), (11, 10)) == 0.0


# -- line of sight (§4.3, §24.2) -----------------------------------------------------------------------------------

def test_units_friend_or_foe_block_line_of_sight():
    """Digest §4.3; seed 003 line 369: units block sight, friendly and enemy alike."""
    viewer, target = unit("A1", 5, 18), unit("B1", 40, 18, side="B")
    wall_friend = unit("A2", 20, 18, 6)
    wall_enemy = unit("B2", 20, 18, 6, "B")
    assert line_of_sight(viewer, target, [viewer, target], EMPTY)
    assert not line_of_sight(viewer, target, [viewer, target, wall_friend], EMPTY)
    assert not line_of_sight(viewer, target, [viewer, target, wall_enemy], EMPTY)


def test_any_part_of_the_base_sees_any_part_of_the_target():
    """Digest §4.3; seed 003 line 365: from any part of a base to any part of the target's base."""
    viewer, target = unit("A1", 5, 18, 1.5), unit("B1", 40, 18, 1.5, "B")
    half_wall = unit("A2", 20, 17.2, 1.0)        # hides the centres' line, not the upper rims
    assert line_of_sight(viewer, target, [viewer, target, half_wall], EMPTY)


def test_dark_terrain_blocks_sight_through_it():
    """Digest §24.2; seed 003 line 1229: no line of sight through dark terrain."""
    woods = rect("woods", ["dark"], 20, 10, 26, 26)
    viewer, target = unit("A1", 10, 18), unit("B1", 40, 18, side="B")
    assert not line_of_sight(viewer, target, [viewer, target], field(woods))


def test_dark_terrain_is_seen_into_and_out_of():
    """Digest §24.2; seed 003 line 1229: models outside see models inside; models inside see out."""
    woods = rect("woods", ["dark"], 20, 10, 30, 26)
    inside, outside = unit("B1", 25, 18, side="B"), unit("A1", 5, 18)
    assert line_of_sight(outside, inside, [outside, inside], field(woods))
    assert line_of_sight(inside, outside, [outside, inside], field(woods))


def test_a_base_partly_inside_dark_terrain_is_not_inside():
    """Digest §24.2; seed 003 line 1231: partly inside is NOT inside, so it cannot see through the piece."""
    woods = rect("woods", ["dark"], 20, 0, 30, 36)
    partly = unit("A1", 20.5, 18)                 # straddles the western edge
    beyond = unit("B1", 40, 18, side="B")
    assert in_terrain(partly, field(woods)) == ()
    assert not line_of_sight(partly, beyond, [partly, beyond], field(woods))


def test_impassable_terrain_does_not_block_sight():
    """Ambiguity A17; seed 003 line 1189: impassable terrain is gone around, it does not hide."""
    river = rect("river", ["impassable"], 20, 0, 22, 36)
    a, b = unit("A1", 5, 18), unit("B1", 40, 18, side="B")
    assert line_of_sight(a, b, [a, b], field(river))


def test_huge_units_see_over_units_without_huge():
    """Digest §23.1; seed 003 line 1131: sight to or from *Enorme* ignores units without *Enorme*."""
    wall = unit("A2", 20, 18, 6)
    dragon, target = unit("A1", 5, 18, huge=True), unit("B1", 40, 18, side="B")
    assert line_of_sight(dragon, target, [dragon, target, wall], EMPTY)
    big_wall = unit("A3", 20, 18, 6, huge=True)
    assert not line_of_sight(dragon, target, [dragon, target, big_wall], EMPTY)


def test_tiny_units_block_sight_only_to_and_from_tiny_units():
    """Digest §23.1; seed 003 line 1143: *Diminuto* does not block sight, except for *Diminuto* units."""
    sprite_wall = unit("A2", 20, 18, 6, tiny=True)
    a, b = unit("A1", 5, 18), unit("B1", 40, 18, side="B")
    assert line_of_sight(a, b, [a, b, sprite_wall], EMPTY)
    small = unit("A4", 5, 18, tiny=True)
    assert not line_of_sight(small, b, [small, b, sprite_wall], EMPTY)


def test_dark_cover_inside_dark_terrain():
    """Digest §24.2; seed 003 line 1233: a unit inside dark terrain upgrades its defence against ranged attacks."""
    ruins = rect("ruins", ["dark"], 30, 10, 40, 26)
    shooter, target = unit("A1", 5, 18), unit("B1", 35, 18, side="B")
    assert dark_cover(shooter, target, [], field(ruins))
    assert not dark_cover(shooter, unit("B2", 20, 18, side="B"), [], field(ruins))


def test_dark_cover_mostly_behind_dark_terrain():
    """Digest §24.2, A16: at least half of the target hidden behind dark terrain (seen from the attacker)."""
    ruins = rect("ruins", ["dark"], 20, 17.5, 22, 30)
    shooter = unit("A1", 5, 18)
    mostly_hidden = unit("B1", 38, 18.5, side="B")
    barely = unit("B2", 38, 12, side="B")
    f = field(ruins)
    assert line_of_sight(shooter, mostly_hidden, [], f)
    assert dark_cover(shooter, mostly_hidden, [], f)
    assert not dark_cover(shooter, barely, [], f)


def test_a_base_is_in_terrain_only_when_wholly_inside():
    """Digest §5.3; seed 003 line 1231: a base partly in terrain is not in it."""
    woods = rect("woods", ["dark", "slowing"], 10, 10, 20, 20)
    f = field(woods)
    assert in_terrain(unit("A1", 15, 15), f) == (woods,)
    assert in_terrain(unit("A1", 10.5, 15), f) == ()


def test_dangerous_terrain_targets_units_inside_or_within_6_inches():
    """Digest §24.2; seed 003 line 1213: units inside (melee attack) or within 6" (ranged attack)."""
    lava = Terrain("lava", ("dangerous", "slowing"), "lava_pool", "circle", ((24, 18), (2, 0)), 3)
    inside = unit("A1", 24, 18, 1)
    near = unit("B1", 24, 27, 1, "B")        # edge 9 - 1 - 2 = 6" away
    far = unit("B2", 24, 28, 1, "B")
    got_inside, got_near = dangerous_targets(lava, [inside, near, far])
    assert got_inside == (inside,) and got_near == (near,)


# -- movement (§8, §24.2) ------------------------------------------------------------------------------------------

def test_march_in_the_open_costs_its_length():
    """Digest §7.1, §8: move up to the allowance, measured in inches."""
    a = unit("A1", 10, 10)
    check = check_move(a, (10, 18), 8, [a], EMPTY)
    assert check.ok and check.cost == 8 and check.path == ((10, 10), (10, 18))


def test_a_move_longer_than_the_allowance_is_refused_with_both_figures():
    """Digest §8: no model may exceed the allowed distance; the refusal says how far and how far allowed."""
    a = unit("A1", 10, 10)
    check = check_move(a, (10, 21.4), 8, [a], EMPTY)
    assert not check.ok and check.reason == "db.move.too_far"
    assert check.params == {"distance": 11.4, "allowance": 8}


def test_slowing_terrain_counts_double():
    """Digest §24.2; seed 003 line 1199: 1" through slowing terrain counts as 2"."""
    river = rect("ford", ["slowing"], 0, 14, 48, 18)        # a 4" band across the table
    a = unit("A1", 10, 10)
    check = check_move(a, (10, 22), 20, [a], field(river))
    assert check.ok and check.cost == pytest.approx(12 + 4, abs=0.01)
    assert not check_move(a, (10, 22), 15, [a], field(river)).ok


def test_scouts_ignore_slowing_terrain():
    """Digest §23.1; seed 003 line 1115: *Reconocimiento* ignores slowing terrain's penalty."""
    river = rect("ford", ["slowing"], 0, 14, 48, 18)
    scout = unit("A1", 10, 10, scout=True)
    assert check_move(scout, (10, 22), 12, [scout], field(river)).cost == pytest.approx(12)
    plain = unit("A2", 10, 10)
    assert check_move(plain, (10, 22), 12, [plain], field(river), ignore_slowing=True).ok


def test_the_path_goes_round_slowing_terrain_when_that_is_cheaper():
    """Digest §5.2: the engine computes the cheapest path; round a small wood beats through it."""
    wood = rect("wood", ["slowing"], 14, 8, 16, 12)
    a = unit("A1", 10, 10, 0.5)
    check = check_move(a, (20, 10), 20, [a], field(wood))
    assert check.ok and 10 < check.cost < 12 and len(check.path) > 2


def test_impassable_terrain_is_gone_around():
    """Digest §24.2; seed 003 line 1189: models cannot enter impassable terrain and must go round it."""
    river = rect("river", ["impassable"], 20, 0, 22, 30)
    a = unit("A1", 10, 10)
    check = check_move(a, (32, 10), 60, [a], field(river))
    assert check.ok and check.cost > 2 * math.hypot(10, 20)        # up past the river's end and back down
    assert LineString(check.path).distance(river.polygon) >= a.radius - 0.05


def test_a_unit_cannot_end_in_impassable_terrain():
    """Digest §24.2; seed 003 line 1189."""
    river = rect("river", ["impassable"], 20, 0, 22, 30)
    a = unit("A1", 10, 10)
    check = check_move(a, (21, 10), 20, [a], field(river))
    assert check.reason == "db.move.impassable" and check.params == {"terrain": "river"}


def test_a_unit_moves_freely_through_friendly_bases():
    """Digest §8; seed 003 line 649."""
    a, friend = unit("A1", 10, 10), unit("A2", 15, 10, 2)
    assert check_move(a, (20, 10), 10, [a, friend], EMPTY).cost == 10


def test_a_unit_never_moves_through_enemy_bases():
    """Digest §8; seed 003 line 650: never through enemy bases (it goes around)."""
    a, enemy = unit("A1", 10, 10), unit("B1", 15, 10, 2, "B")
    check = check_move(a, (22, 10), 30, [a, enemy], EMPTY)
    assert check.ok and check.cost > 12
    for p, q in zip(check.path, check.path[1:]):
        for k in range(21):
            x, y = p[0] + (q[0] - p[0]) * k / 20, p[1] + (q[1] - p[1]) * k / 20
            assert math.hypot(x - 15, y - 10) >= 3 - 0.05


def test_a_move_ends_at_least_1_inch_from_enemies():
    """Digest §8; seed 003 line 650: a move ends at least 1" away from enemy models."""
    a, enemy = unit("A1", 10, 10), unit("B1", 20, 10, 1, "B")
    close = check_move(a, (17.5, 10), 10, [a, enemy], EMPTY)
    assert close.reason == "db.move.too_close" and close.params == {"unit": "B1", "distance": 0.5}
    assert check_move(a, (17, 10), 10, [a, enemy], EMPTY).ok


def test_a_move_never_ends_on_top_of_another_unit():
    """Digest §5.2: the end position overlaps no token (friendly ones included)."""
    a, friend = unit("A1", 10, 10), unit("A2", 15, 10, 2)
    check = check_move(a, (15.5, 10), 10, [a, friend], EMPTY)
    assert check.reason == "db.move.overlaps" and check.params == {"unit": "A2"}


def test_a_base_stays_on_the_table():
    """Ruling (docs/rulings/dragonbond.md, Measurement and terrain): bases stay wholly on the table."""
    a = unit("A1", 2, 2)
    assert check_move(a, (0.5, 2), 5, [a], EMPTY).reason == "db.move.off_table"


def test_an_engaged_unit_can_march_away():
    """Digest §7.1: an engaged unit may march away (opportunity attacks are the engine's)."""
    a, enemy = unit("A1", 10, 10), unit("B1", 12, 10, 1, "B")
    check = check_move(a, (4, 10), 8, [a, enemy], EMPTY)
    assert check.ok and check.cost == 6


def test_no_path_through_a_closed_wall():
    """Digest §24.2: impassable terrain that spans the table cannot be crossed."""
    wall = rect("wall", ["impassable"], 20, 0, 22, 36)
    a = unit("A1", 10, 10)
    assert check_move(a, (30, 10), 100, [a], field(wall)).reason == "db.move.no_path"


def test_flying_units_ignore_terrain_and_units_while_moving():
    """Digest §23.1; seed 003 line 1119: a flyer ignores terrain and other units while it moves."""
    wall = rect("wall", ["impassable"], 20, 0, 22, 36)
    swamp = rect("swamp", ["slowing"], 24, 0, 30, 36)
    enemy = unit("B1", 21, 30, 1, "B")
    wyrm = unit("A1", 10, 10, flying=True)
    check = check_move(wyrm, (34, 10), 24, [wyrm, enemy], field(wall, swamp))
    assert check.ok and check.cost == 24 and check.path == ((10, 10), (34, 10))
    walker = check_move(wyrm, (34, 10), 24, [wyrm, enemy], field(wall, swamp), fly=False)
    assert walker.reason == "db.move.no_path"


def test_flying_units_cannot_land_in_dark_or_impassable_terrain():
    """Digest §23.1; seed 003 line 1119: a flyer cannot end inside impassable or dark terrain."""
    ruins = rect("ruins", ["dark"], 20, 0, 30, 20)
    wyrm = unit("A1", 10, 10, flying=True)
    assert check_move(wyrm, (25, 10), 20, [wyrm], field(ruins)).reason == "db.move.flying_into_dark"
    walker = unit("A2", 10, 10)
    assert check_move(walker, (25, 10), 20, [walker], field(ruins)).ok


# -- charges (§7.5) ------------------------------------------------------------------------------------------------

def test_worked_example_the_fencers_charge_reaches_with_three_hits():
    """Digest §7.5; seed 003 line 620: Esgrimistas (speed 8) charge Garras Sangrientas "a little over 10"" away;
    3 hits add 3" (11"), enough to engage; with speed 8 alone they fall short."""
    fencers, claws = unit("A1", 10, 18, 1.5), unit("B1", 10 + 1.5 + 1.5 + 10.2, 18, 1.5, "B")
    ok = contact_point(fencers, claws, 8 + 3, [fencers, claws], EMPTY)
    assert ok.ok and ok.cost == pytest.approx(10.2, abs=0.05)
    assert in_contact(fencers.moved(ok.end), claws)
    short = contact_point(fencers, claws, 8, [fencers, claws], EMPTY)
    assert short.reason == "db.move.charge_too_far" and short.params["distance"] == 10.2


def test_a_failed_charge_ends_as_close_as_possible_but_not_in_contact():
    """Digest §7.5, A32: the chargers move their full speed toward the target, may end within 1", never in contact."""
    a, target = unit("A1", 10, 18), unit("B1", 30, 18, 1, "B")
    failed = contact_point(a, target, 17.5, [a, target], EMPTY)
    assert not failed.ok and failed.reason == "db.move.charge_too_far"
    end = a.moved(failed.end)
    assert 0 < edge_distance(end, target) < 1 and failed.cost <= 17.5


def test_a_charge_goes_round_enemies_it_does_not_charge():
    """Digest §7.5; seed 003 line 618: the most direct route, round impassable terrain and enemies not charged."""
    a, blocker, target = unit("A1", 10, 18), unit("B2", 17, 18, 2, "B"), unit("B1", 26, 18, 1, "B")
    check = contact_point(a, target, 30, [a, blocker, target], EMPTY)
    assert check.ok and check.cost > 14 and len(check.path) > 2
    assert edge_distance(a.moved(check.end), blocker) >= 1


def test_a_charge_ends_in_contact_only_with_its_target():
    """Digest §7.5; seed 003 line 628: chargers end clearly apart from enemies other than the target."""
    a, target, other = unit("A1", 10, 18), unit("B1", 20, 18, 1, "B"), unit("B2", 20, 20.5, 1, "B")
    check = contact_point(a, target, 20, [a, target, other], EMPTY)
    end = a.moved(check.end)
    assert check.ok and in_contact(end, target) and edge_distance(end, other) >= 1


def test_a_charge_destination_must_touch_the_target():
    """Digest §7.5: a charge move ends in base contact with the charged unit."""
    a, target = unit("A1", 10, 18), unit("B1", 20, 18, 1, "B")
    check = check_move(a, (16, 18), 10, [a, target], EMPTY, charge_target="B1")
    assert check.reason == "db.move.not_in_contact" and check.params["distance"] == 2.0
    assert check_move(a, (18, 18), 10, [a, target], EMPTY, charge_target="B1").ok


# -- named destinations (§5.2) -------------------------------------------------------------------------------------

def test_destinations_offer_the_named_places_a_unit_can_reach():
    """Digest §5.2 (chat addressing): toward a unit, to an objective, behind/into dark terrain, back 3"."""
    ruins = rect("ruins", ["dark"], 20, 12, 26, 16)
    f = field(ruins, objectives=[(14, 14), (40, 30)])
    a, enemy = unit("A1", 14, 8), unit("B1", 24, 26, 1, "B")
    found = destinations(a, 10, [a, enemy], f)
    keys = {(d.key, tuple(sorted(d.params.items()))) for d in found}
    assert ("db.move.dest.toward", (("unit", "B1"),)) in keys
    assert ("db.move.dest.objective", (("number", 1),)) in keys
    assert ("db.move.dest.objective", (("number", 2),)) not in keys       # out of reach
    assert ("db.move.dest.back", (("distance", 3.0),)) in keys
    assert ("db.move.dest.into", (("terrain", "ruins"),)) in keys
    for d in found:
        assert check_move(a, d.point, 10, [a, enemy], f).ok and d.cost <= 10


def test_charge_destinations_are_contact_points_with_reachable_enemies():
    """Digest §5.2, §7.5: the engine picks the contact point of a charge itself."""
    a, near, far = unit("A1", 10, 10), unit("B1", 18, 10, 1, "B"), unit("B2", 40, 30, 1, "B")
    found = destinations(a, 10, [a, near, far], EMPTY, charge=True)
    assert [(d.key, d.params) for d in found] == [("db.move.dest.contact", {"unit": "B1"})]
    assert in_contact(a.moved(found[0].point), near)


# -- objectives and flanking ---------------------------------------------------------------------------------------

def test_objectives_go_to_the_side_with_more_models_within_3_inches():
    """Digest §26.1; seed 003 line 1358: more models (not units) within 3" captures; a tie captures nothing."""
    f = field(objectives=[(10, 10), (30, 10), (40, 30)])
    toks = [unit("A1", 10, 13, 1), unit("B1", 10, 6.5, 1, "B"), unit("B2", 8, 10, 0.5, "B"),
            unit("A2", 30, 12, 1), unit("B3", 30, 8, 1, "B")]
    models = {"A1": 5, "B1": 2, "B2": 2, "A2": 3, "B3": 3}
    assert objectives_held(toks, f, models) == {1: "A", 2: None, 3: None}


def test_monsters_never_capture_objectives():
    """Digest §26.1, §27.2: Monsters are ignored for capture."""
    f = field(objectives=[(10, 10)])
    toks = [unit("M1", 10, 10, 1, "monster"), unit("A1", 10, 13, 1)]
    assert objectives_held(toks, f, {"M1": 9, "A1": 1}) == {1: "A"}


def test_a_unit_engaging_more_than_one_enemy_is_flanked():
    """Digest §9; seed 003 line 682: flanked when engaged with more than one enemy unit; they are flanking."""
    engaged = {"A1": {"B1", "B2"}, "B1": {"A1"}, "B2": {"A1"}, "A2": {"B3"}, "B3": {"A2"}}
    assert flanked("A1", engaged) and not flanked("A2", engaged) and not flanked("B1", engaged)
    assert flanking("B1", engaged) and not flanking("B3", engaged) and not flanking("A1", engaged)


def test_path_cost_counts_slowing_stretches_twice():
    """Digest §8; seed 003 line 1199: the cost of a drawn path."""
    band = rect("band", ["slowing"], 0, 14, 48, 18)
    assert path_cost(((10, 10), (10, 20)), field(band)) == pytest.approx(14)
    assert path_cost(((10, 10), (10, 20)), field(band), slowing=False) == pytest.approx(10)


def test_a_charge_whose_cost_reads_within_the_allowance_is_reachable():
    """Digest §7.5, §4.1 (distances read to 0.1"): a contact spot 10.04" away is within a charge of 10", so the
    quick check the charge targets use says so, as the full contact point search does (hypothesis found it)."""
    from engine.dragonbond.geometry import Field, Token, charge_reachable, contact_point
    mover, far, target = (Token("U0", 36.0, 3.0, 1.5, "A"), Token("U1", 2.0, 2.0, 0.5, "B"),
                          Token("U3", 22.5, 2.0, 2.0, "B"))
    field = Field(48.0, 36.0, (), ((24.0, 18.0), (10.0, 10.0)), {})
    units = [mover, far, target]
    assert contact_point(mover, target, 10.0, units, field).cost == 10.04
    assert charge_reachable(mover, target, 10.0, units, field) is True
