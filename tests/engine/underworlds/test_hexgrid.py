"""Hex coordinates, notation, distance, areas, away and towards (digest §8.4; rulebook p.23)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from engine.core.errors import InvalidInput
from engine.underworlds.hexgrid import (
    Hex, HexDirection, is_path_away, is_path_towards, is_step_away, is_step_towards, ring, steps_away,
    steps_towards, within,
)

hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))
P = Hex.parse


# -- notation -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "col", "row"), [("a1", 0, 0), ("c4", 2, 3), ("H11", 7, 10), (" p 5 ", 15, 4)])
def test_hex_parse_letter_number_gives_offset_column_and_row(text: str, col: int, row: int) -> None:
    """Notation: column letter (a = leftmost hex of its row) + row number (1 = top row as drawn)."""
    hex_ = Hex.parse(text)
    assert (hex_.col, hex_.row) == (col, row)
    assert Hex.parse(hex_.notation()) == hex_


@pytest.mark.parametrize("text", ["", "4c", "c0", "cc4", "c-1", "c", "12", "ñ3", "c4x"])
def test_hex_parse_malformed_text_raises_invalid_input(text: str) -> None:
    """A hex a player mistypes is an input error with a code and an example, never prose."""
    with pytest.raises(InvalidInput) as err:
        Hex.parse(text)
    assert err.value.code == "uw.hex.bad_notation"
    assert err.value.params["example"] == "c4"


@given(hexes)
def test_hex_repr_evaluates_to_the_same_hex(hex_: Hex) -> None:
    """House style: a repr you can paste back (``Hex.parse('c4')`` or ``Hex(q=.., r=..)``)."""
    assert eval(repr(hex_)) == hex_  # noqa: S307 - the point of the test


def test_hex_off_the_lettered_area_has_no_notation() -> None:
    """Hexes left of column a or above row 1 exist on the grid but have no letter + number."""
    outside = Hex.from_offset(-1, 1)
    assert not outside.has_notation
    with pytest.raises(InvalidInput) as err:
        outside.notation()
    assert err.value.code == "uw.hex.no_notation"
    assert str(outside) == "(-1,1)"


@pytest.mark.parametrize(("col", "row", "q"), [(0, 0, 0), (7, 0, 7), (0, 1, 0), (0, 2, -1), (7, 4, 5), (6, 3, 5)])
def test_hex_offset_to_axial_matches_board_data_convention(col: int, row: int, q: int) -> None:
    """data-sources README: odd-r offset, q = col - (row - (row & 1)) / 2, r = row."""
    hex_ = Hex.from_offset(col, row)
    assert (hex_.q, hex_.r) == (q, row)
    assert (hex_.col, hex_.row) == (col, row)


@pytest.mark.parametrize("row", [0, 1, 4, 5])
def test_hex_neighbours_match_offset_neighbour_table(row: int) -> None:
    """data-sources README neighbour table: even rows (+1,0)(-1,0)(0,-1)(-1,-1)(0,+1)(-1,+1); odd rows shifted."""
    table = {0: [(1, 0), (-1, 0), (0, -1), (-1, -1), (0, 1), (-1, 1)],
             1: [(1, 0), (-1, 0), (1, -1), (0, -1), (1, 1), (0, 1)]}[row & 1]
    hex_ = Hex.from_offset(3, row)
    expected = {Hex.from_offset(3 + dc, row + dr) for dc, dr in table}
    assert set(hex_.neighbours()) == expected


def test_hex_field_in_a_model_reads_notation_and_writes_notation() -> None:
    """A Hex inside a pydantic model serialises as ``"c4"`` (or q/r off the lettered area)."""

    class Spot(BaseModel):
        at: Hex

    assert Spot.model_validate({"at": "c4"}).at == P("c4")
    assert Spot(at=P("c4")).model_dump(mode="json") == {"at": "c4"}
    assert Spot(at=Hex(-3, 0)).model_dump(mode="json") == {"at": {"q": -3, "r": 0}}
    assert Spot.model_validate({"at": {"q": -3, "r": 0}}).at == Hex(-3, 0)
    with pytest.raises(ValueError, match="like 'c4'"):
        Spot.model_validate({"at": "zz"})


def test_hexes_sort_in_reading_order() -> None:
    """Row first, then column: lists of hexes come out as a player reads the board."""
    assert sorted([P("a2"), P("c1"), P("b2"), P("a1")]) == [P("a1"), P("c1"), P("a2"), P("b2")]


# -- distance (§8.4) ----------------------------------------------------------------------------


def test_distance_to_itself_is_zero_and_not_adjacent() -> None:
    """Rulebook p.23: a fighter is 0 hexes from itself but is not adjacent to itself."""
    assert P("d4").distance(P("d4")) == 0
    assert not P("d4").is_adjacent(P("d4"))


def test_distance_adjacent_hexes_are_one_apart() -> None:
    """Rulebook p.23 diagram: B is 1 hex from A; these hexes are adjacent."""
    hex_ = P("d4")
    assert all(hex_.distance(n) == 1 and hex_.is_adjacent(n) for n in hex_.neighbours())


@pytest.mark.parametrize(("a", "b", "distance"), [("a1", "h1", 7), ("a1", "a11", 10), ("a1", "c4", 4),
                                                  ("h1", "a11", 12), ("d6", "d6", 0), ("b2", "c3", 1)])
def test_distance_counts_hexes_on_the_shortest_route(a: str, b: str, distance: int) -> None:
    """§8.4: distance is the shortest hex count."""
    assert P(a).distance(P(b)) == distance == P(b).distance(P(a))


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    """Symmetric, zero only to itself, triangle inequality (plain hex distance)."""
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes, hexes)
def test_distance_equals_max_cube_difference(a: Hex, b: Hex) -> None:
    """Digest §8.4 recommendation: dist = max(|dq|, |dr|, |ds|)."""
    assert a.distance(b) == max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


# -- areas: perft-style counts ------------------------------------------------------------------


@pytest.mark.parametrize(("radius", "count"), [(0, 1), (1, 7), (2, 19), (3, 37), (4, 61), (5, 91), (8, 217)])
def test_within_radius_counts_one_plus_three_n_n_plus_one(radius: int, count: int) -> None:
    """Hexes within N (distance <= N, §8.4 "within"): 1 + 3N(N+1) on an open grid."""
    area = within(P("h6"), radius)
    assert len(area) == len(set(area)) == count
    assert all(h.distance(P("h6")) <= radius for h in area)


@pytest.mark.parametrize("radius", [0, 1, 2, 3, 6])
def test_ring_holds_six_n_hexes_at_exactly_n(radius: int) -> None:
    """A ring of radius N: 6N hexes (1 for N = 0), each exactly N away, each next to the one before."""
    hexes_ = ring(P("h6"), radius)
    assert len(set(hexes_)) == max(1, 6 * radius)
    assert all(h.distance(P("h6")) == radius for h in hexes_)
    if radius:
        assert all(a.is_adjacent(b) for a, b in zip(hexes_, hexes_[1:] + hexes_[:1]))


def test_direction_neighbour_and_back() -> None:
    """Each direction has an opposite; ``direction_to`` names the direction of an adjacent hex."""
    hex_ = P("d4")
    for direction in HexDirection:
        n = hex_.neighbour(direction)
        assert hex_.direction_to(n) is direction
        assert n.neighbour(direction.opposite) == hex_
    assert hex_.direction_to(P("f4")) is None


# -- away and towards (§8.4) --------------------------------------------------------------------


def test_steps_away_from_adjacent_fighter_offer_three_hexes() -> None:
    """Rulebook p.34 (drive back): a target adjacent to the attacker can be pushed to one of three hexes."""
    attacker, target = P("d4"), P("e4")
    away = steps_away(target, attacker)
    assert len(away) == 3
    assert all(h.distance(attacker) == 2 for h in away)


def test_steps_away_on_a_ring_side_offer_two_hexes() -> None:
    """Away = strictly further: from the middle of a ring side only two neighbours are further."""
    reference = P("d4")
    side = ring(reference, 2)[1]  # not a corner of the ring
    assert len(steps_away(side, reference)) == 2


def test_sideways_step_is_neither_away_nor_towards() -> None:
    """p.23: each hex entered must be at a greater (away) or smaller (towards) distance; equal is neither."""
    reference, start = P("d4"), P("f4")
    sideways = [n for n in start.neighbours() if n.distance(reference) == start.distance(reference)]
    assert sideways
    for n in sideways:
        assert not is_step_away(start, n, reference)
        assert not is_step_towards(start, n, reference)


def test_steps_towards_from_the_reference_itself_are_none() -> None:
    """Nothing is closer than 0: a fighter in the reference hex cannot move towards it."""
    assert steps_towards(P("d4"), P("d4")) == ()
    assert len(steps_towards(P("f4"), P("d4"))) in (1, 2)


def test_path_away_needs_every_hex_further_than_the_last() -> None:
    """p.23: every hex entered during a move or push away must be further than the hex just left."""
    ref = P("d4")
    straight = [P("e4"), P("f4"), P("g4")]
    assert is_path_away(straight, ref)
    assert is_path_towards(list(reversed(straight)), ref)
    # Ends further away overall, but its second step is sideways: not "away".
    detour = [P("e4"), P("f4"), P("e5"), P("f6")]
    assert detour[-1].distance(ref) > detour[0].distance(ref)
    assert not is_path_away(detour, ref)
    # A jump (non-adjacent step) is never a step away.
    assert not is_path_away([P("e4"), P("g4")], ref)


def test_distance_ignores_blocked_hexes_for_away_and_towards() -> None:
    """p.23: the distance for away/towards is counted by the shortest route, even through blocked hexes.

    The grid functions take no blocked hexes at all: the answer cannot depend on them.
    """
    assert is_step_away(P("e4"), P("f4"), P("c4"))
