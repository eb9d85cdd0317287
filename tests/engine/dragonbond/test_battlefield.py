"""Dragonbond tables: sizes, terrain pieces and their placement, deployment zones, objective maps (§24-§26)."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings, strategies as st
from shapely.geometry import Point as SPoint

from engine.core.errors import InvalidInput
from engine.core.rng import SeededRng
from engine.dragonbond.battlefield import (
    PIECES, SIZES, _scatter, field_for, layout_of, objective_problem, place_piece, sector_centres, table_size,
)
from engine.dragonbond.geometry import DARK, Field


def _pieces_apart(field: Field) -> bool:
    polys = [t.polygon for t in field.terrain]
    return all(polys[i].intersection(polys[j]).area < 1e-6 for i in range(len(polys)) for j in range(i))


def test_table_sizes_follow_the_game_size():
    """Digest §25.1, §25.4; seed 003 lines 1320-1324: 3'x2' skirmish, 4'x3' standard, 6'x4' full army."""
    assert [(s.points, s.width, s.height) for s in SIZES.values()] == [(50, 36, 24), (100, 48, 36), (150, 72, 48)]
    assert table_size(100) is SIZES["standard"] and table_size("army") is SIZES["army"]
    with pytest.raises(InvalidInput) as err:
        table_size(75)
    assert err.value.code == "db.terrain.bad_layout"


def test_deployment_zones_end_12_inches_from_the_midline():
    """Digest §25.5; seed 003 lines 1382-1384: zones between each long edge and a line 12" from the midline
    (48"x6" on 4'x3', 72"x12" on 6'x4'; 8" from the midline on 3'x2', line 1320)."""
    standard = field_for("pitched_battle", "standard")
    assert standard.zones == {"A": ((0, 0), (48, 0), (48, 6), (0, 6)), "B": ((0, 30), (48, 30), (48, 36), (0, 36))}
    assert field_for("pitched_battle", 150).zones["B"][0] == (0, 36)
    assert field_for("pitched_battle", 50).zones["A"][2] == (36, 4)


def test_the_standard_pieces_carry_the_rulebook_types():
    """Digest §24.3; seed 003 lines 1244-1250: the standard pieces and their terrain types."""
    kinds = {k: (set(p.kinds), p.danger) for k, p in PIECES.items()}
    assert kinds == {
        "ruins": ({"dark"}, 0), "woods": ({"dark", "slowing"}, 0), "deep_river": ({"impassable"}, 0),
        "shallow_river": ({"slowing"}, 0), "lava_pool": ({"dangerous", "slowing"}, 3),
        "poisonous_swamp": ({"dangerous", "slowing", "dark"}, 1), "rocks": ({"slowing", "dark"}, 0),
    }


@pytest.mark.parametrize("size", ["skirmish", "standard", "army"])
def test_the_default_layout_puts_one_piece_per_sector_at_least_half_dark(size):
    """Digest §25.4; seed 003 lines 1326-1328: one piece per sector (6 on 6'x4'), at least half dark."""
    f = field_for("pitched_battle", size)
    table = SIZES[size]
    assert len(f.terrain) == table.pieces
    assert sum(t.has(DARK) for t in f.terrain) * 2 >= len(f.terrain)
    centres = sorted((round(t.polygon.centroid.x, 1), round(t.polygon.centroid.y, 1)) for t in f.terrain)
    assert centres == sorted((round(x, 1), round(y, 1)) for x, y in sector_centres(table))
    assert _pieces_apart(f)


@pytest.mark.parametrize("size", ["skirmish", "standard", "army"])
def test_the_default_objectives_keep_the_placement_rules(size):
    """Digest §26.1; seed 003 lines 1346-1352: 5 objectives (7 on 6'x4'), >9" apart, >3" from the edges."""
    f = field_for("pitched_battle", size)
    assert len(f.objectives) == SIZES[size].objectives
    assert objective_problem(f.objectives, f.terrain, SIZES[size]) is None
    assert not any(t.polygon.covers(SPoint(p)) for t in f.terrain for p in f.objectives)


def test_objective_rules_are_checked():
    """Seed 003 lines 1351-1352: too close to each other, or to an edge, is refused."""
    table = SIZES["standard"]
    assert "9" in objective_problem([(10, 10), (18, 10)], (), table)
    assert "3" in objective_problem([(3, 10)], (), table)
    river = place_piece("deep_river", (24, 18))
    assert "impassable" in objective_problem([(24, 18)], (river,), table)


def test_scenarios_set_objectives_and_zones():
    """Digest §26.2: Annihilation has no objectives; The Quest has treasures but no deployment zones."""
    assert field_for("annihilation", 100).objectives == ()
    quest = field_for("quest", 100)
    assert quest.zones == {} and len(quest.objectives) == 5
    with pytest.raises(InvalidInput):
        field_for("siege", 100)


def test_a_scattered_piece_moves_one_inch_per_hit():
    """Digest §25.4; seed 003 line 1326: the piece moves as many inches as hits, in the arrow's direction."""
    table = SIZES["standard"]
    ruins = place_piece("ruins", (12, 9))
    moved = _scatter(ruins, 5, 0.0, [], table)
    assert moved.polygon.centroid.x == pytest.approx(17, abs=0.05)


def test_a_scattered_piece_stops_when_it_touches_another():
    """Seed 003 line 1326: "dejándola de mover si entra en contacto con otra pieza de terreno"."""
    table = SIZES["standard"]
    ruins = place_piece("ruins", (12, 9))                  # x 9..15
    woods = place_piece("woods", (20, 9))                  # x 17..23
    moved = _scatter(ruins, 10, 0.0, [woods], table)
    assert moved.polygon.bounds[2] == pytest.approx(17, abs=0.15)
    assert moved.polygon.intersection(woods.polygon).area < 1e-6


def test_a_scattered_piece_stays_on_the_table():
    """Ruling (docs/rulings/dragonbond.md): a piece stops at the table edge."""
    moved = _scatter(place_piece("ruins", (12, 9)), 12, math.pi, [], SIZES["standard"])
    assert moved.polygon.bounds[0] >= 0 and moved.polygon.bounds[0] < 0.2


@settings(max_examples=25, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.sampled_from(["skirmish", "standard", "army"]))
def test_random_placement_keeps_the_rules_and_replays_from_its_seed(seed, size):
    """Digest §25.4, §26.1: at least half dark, pieces apart and on the table, objectives legal; same seed,
    same table."""
    f = field_for("pitched_battle", size, SeededRng(seed))
    table = SIZES[size]
    assert f == field_for("pitched_battle", size, SeededRng(seed))
    assert len(f.terrain) == table.pieces and sum(t.has(DARK) for t in f.terrain) * 2 >= table.pieces
    assert _pieces_apart(f)
    for t in f.terrain:
        minx, miny, maxx, maxy = t.polygon.bounds
        assert minx >= -1e-6 and miny >= -1e-6 and maxx <= table.width + 1e-6 and maxy <= table.height + 1e-6
    assert objective_problem(f.objectives, f.terrain, table) is None


def test_the_players_own_layout_is_read_back():
    """Digest §24.1: players agree their own pieces; a layout round-trips through JSON."""
    f = field_for("pitched_battle", 100, SeededRng(bytes(32)))
    assert field_for("pitched_battle", 100, layout_of(f)) == f
    custom = {"terrain": [{"piece": "lava_pool", "at": [24, 18]},
                          {"id": "hill", "kinds": ["slowing"], "shape": "polygon",
                           "points": [[5, 10], [10, 10], [8, 14]]}],
              "objectives": [[30, 18], [12, 24]]}
    g = field_for("conquest", 100, custom)
    assert [t.id for t in g.terrain] == ["lava_pool-1", "hill"] and g.terrain[0].danger == 3


@pytest.mark.parametrize("layout, fragment", [
    ({"terrain": [{"piece": "ruins", "at": [1, 1]}]}, "off the table"),
    ({"terrain": [{"piece": "volcano", "at": [10, 10]}]}, "terrain 1"),
    ({"terrain": [{"id": "x", "kinds": ["sticky"], "shape": "rect", "points": [[1, 1], [3, 3]]}]}, "terrain 1"),
    ({"objectives": [[10, 10], [12, 12]]}, "9"),
])
def test_a_bad_layout_is_refused(layout, fragment):
    """A layout that breaks the placement rules or names an unknown piece is refused with its reason."""
    with pytest.raises(InvalidInput) as err:
        field_for("pitched_battle", 100, layout)
    assert err.value.code == "db.terrain.bad_layout" and fragment in err.value.params["problem"]
