"""The table's path graph (corners round impassable pieces, points along slowing borders, the hops between them)
is built once per table and base radius and shared by every position (terrain never moves: digest §5.2, §24.2).
Sharing it changes no answer: a warm layout, one built for another position, and a cold one give the same moves,
charges and named destinations."""
from __future__ import annotations

from hypothesis import given, strategies as st

from engine.dragonbond import geometry
from engine.dragonbond.geometry import check_move, contact_point, destinations
from tests.engine.dragonbond.test_geometry_properties import SETTINGS, coord_x, coord_y, tables


def answers(field, units, point, allowance):
    mover, others = units[0], units
    out = [(d.key, d.point, d.cost) for d in destinations(mover, allowance, others, field)]
    out += [(d.key, d.point, d.cost) for d in destinations(mover, allowance, others, field, charge=True)]
    out.append(check_move(mover, point, allowance, others, field))
    out += [contact_point(mover, t, allowance, others, field) for t in units[1:] if t.side != mover.side]
    return out


@SETTINGS
@given(tables(), st.tuples(coord_x, coord_y), st.tuples(coord_x, coord_y), st.floats(2, 18))
def test_path_graph_built_once_per_table_gives_the_same_answers(table, point, elsewhere, allowance):
    """Digest §5.2 ("a visibility graph"), §8 (moves), §7.5 (charges), §24.2 (impassable and slowing terrain):
    with the table's layout built fresh, warmed by the same position, or warmed by the mover standing elsewhere,
    every verdict and named destination is the same."""
    field, units = table
    geometry.clear_caches(layouts=True)
    cold = answers(field, units, point, allowance)
    geometry.clear_caches()
    warm = answers(field, units, point, allowance)
    geometry.clear_caches(layouts=True)
    moved = [units[0].moved(elsewhere)] + units[1:]
    answers(field, moved, point, allowance)     # the layout now holds hops measured for another position
    geometry.clear_caches()
    assert answers(field, units, point, allowance) == cold == warm
