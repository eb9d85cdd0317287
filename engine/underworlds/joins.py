"""Listing every way two board faces can be placed together (§12.2): the same verdicts as
``Battlefield.check_join``, worked out from each face's cells and half cells as plain integers.

Set-up offers these layouts when a player places the boards; each new pair of faces used to place both
faces anew for each of ~100 joins tried (pydantic specs, refusals raised and caught). ``legal_joins`` lists the
upright joins by building each battlefield.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from engine.core.errors import IllegalAction
from engine.underworlds.battlefield import (
    _ROW, MIN_COMPLETED_LONG, MIN_COMPLETED_SHORT, Battlefield, Board, Join, JoinEdge, Orientation, _oriented,
    _second_shift,
)


def _face(board: Board, orientation: Orientation) -> tuple[frozenset[int], tuple[int, ...]]:
    cells, half = _oriented(board, orientation)
    return frozenset(x * _ROW + y for (x, y), _, _ in cells), tuple(x * _ROW + y for x, y in half)


@lru_cache(maxsize=256)
def face_layouts(first: Board, second: Board) -> tuple[tuple[str, int, int, int], ...]:
    """(edge, offset, first orientation, second orientation) of every legal layout, long joins first, by offset
    then orientations. Cached by the faces themselves, so two packs' boards of the same id never share an entry."""
    if not first.playable or not second.playable:
        return ()
    rows = first.rows
    assert rows is not None and second.rows is not None
    faces = {(o1, o2): (_face(first, o1), _face(second, o2)) for o1 in Orientation for o2 in Orientation}
    # Completed half hexes for every shift at once: each pair of half cells of the two faces meets at one shift.
    completed = {key: Counter(a - b for a in half1 for b in half2)
                 for key, ((_, half1), (_, half2)) in faces.items()}
    out = []
    for edge in (JoinEdge.LONG, JoinEdge.SHORT):
        minimum = MIN_COMPLETED_LONG if edge is JoinEdge.LONG else MIN_COMPLETED_SHORT
        for offset in range(-rows[0], rows[0] + 1) if edge is JoinEdge.LONG else range(-4, 5, 2):
            dx, dy = _second_shift(rows, Join(edge=edge, offset=offset))
            shift = dx * _ROW + dy
            for (o1, o2), ((cells1, _), (cells2, _)) in faces.items():
                if completed[o1, o2][shift] < minimum:
                    continue
                if not cells1.isdisjoint([c + shift for c in cells2]):
                    continue  # the boards overlap
                out.append((edge.value, offset, o1.value, o2.value))
    return tuple(out)


def legal_joins(first: Board, second: Board) -> tuple[Join, ...]:
    """Every join of the two faces that completes enough hexes (§12.2): long joins by slide, then short ones."""
    if first.rows is None or second.rows is None:
        return ()
    width, height = first.rows[0], len(first.rows)
    candidates = [Join(edge=JoinEdge.LONG, offset=k) for k in range(-width, width + 1)]
    candidates += [Join(edge=JoinEdge.SHORT, offset=k) for k in range(-height + 1, height) if k % 2 == 0]
    out = []
    for join in candidates:
        try:
            Battlefield.build(first, second, join=join)
        except IllegalAction:
            continue
        out.append(join)
    return tuple(out)
