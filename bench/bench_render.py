"""Battlefield image timings: a full long-edge battlefield with ten fighters at 1280 px.

Run from the project root: ``python -m bench.bench_render``. Goal (issue #20: 1,000 ``/uw do`` a second on two
cores, each reply with its board): a match's next board in under 1.5 ms of CPU at the median, under 5 ms at the 99th
percentile; a match's first board in under 3.5 ms at the median on a battlefield never drawn (its hexes' bands
other battlefields drew are kept: the bench's battlefields share their first board), 1.6 ms on one drawn before
(the match's names new: their words rendered, the title's and legend's bands compressed). Prints p50 and p99 of:
the next board after one fighter moved (the arrow of its move drawn, the last move's gone), the same board again
(every band kept), a board with no band kept (every band drawn over is drawn and compressed again, as after the kept
bands were dropped), the first boards, the first boards in a cold board worker (a fresh process: random faces,
orientations and joins, as the load bench's matches, most bands new), the cold render and the PNG size; then how
many bands a board compresses (drawn over and not kept) as a match is set up (its tokens placed one a board, then
its fighters) and moves on.
"""
from __future__ import annotations

import dataclasses
import itertools
import multiprocessing
import random
import statistics
import time
from typing import Callable

from bench.common import p99
from engine.core.errors import IllegalAction
from engine.underworlds.battlefield import Battlefield, Join, JoinEdge, Orientation, load_boards
from engine.underworlds.feature_tokens import FeatureSide
from engine.underworlds.hexgrid import Hex
from engine.underworlds.joins import face_layouts
from render.underworlds import hexboard
from render.underworlds.hexboard import Arrow, ArrowKind, Marker, Piece, TokenMark, render_battlefield

GOAL_P50_MS, GOAL_P99_MS = 1.5, 5.0
GOAL_FIRST_NEW_MS, GOAL_FIRST_KNOWN_MS = 3.5, 1.6
"""A match's first board, p50: on a battlefield never drawn; on one drawn before (the match's names are new)."""
FIRST_BOARDS = 40
COLD_BOARDS = 300
"""First boards drawn in a cold board worker: a worker's share of the load bench's matches starting at once."""
WIDTH = 1280
BOARDS = 200


def scene() -> dict[str, object]:
    """Ten fighters with wounds and markers, five objective tokens, a move and an attack arrow, highlights."""
    P = Hex.parse
    blue, gold = "#3b6fd8", "#c9a23a"
    pieces = [
        Piece(P("c2"), "PF", blue, wounds=2, markers=frozenset({Marker.MOVE, Marker.GUARD}), inspired=True),
        Piece(P("e4"), "ST", blue), Piece(P("b2"), "FG", blue, markers=frozenset({Marker.STAGGER})),
        Piece(P("d5"), "SY", blue), Piece(P("g3"), "AA", blue, wounds=1),
        Piece(P("b8"), "GT", gold, markers=frozenset({Marker.CHARGE})), Piece(P("d8"), "TC", gold),
        Piece(P("f9"), "SC", gold), Piece(P("a10"), "YK", gold), Piece(P("e11"), "FP", gold, wounds=3)]
    tokens = [TokenMark(P(h), FeatureSide.OBJECTIVE, n) for n, h in enumerate(["d6", "g5", "b3", "f8", "c9"], 1)]
    arrows = [Arrow((P("d5"), P("d6"), P("c7"), P("c8"))), Arrow((P("g3"), P("f9")), kind=ArrowKind.ATTACK)]
    highlights = {P("e6"): "#ffee55", P("f6"): "#ffee55", P("e7"): "#ffee55"}
    return {"pieces": pieces, "tokens": tokens, "arrows": arrows, "highlights": highlights}


def moves(field: Battlefield, count: int) -> list[dict[str, object]]:
    """``count`` boards of one match, each after one fighter (in turn) moved to a free hex next to it."""
    boards, kwargs = [], scene()
    pieces: list[Piece] = list(kwargs["pieces"])  # type: ignore[call-overload]
    for n in range(count):
        i = n % len(pieces)
        taken = {p.hex for p in pieces}
        free = [h for h in sorted(pieces[i].hex.neighbours()) if h in field.hexes and h not in taken]
        if free:
            step = free[n % len(free)]
            kwargs = dict(kwargs, arrows=[Arrow((pieces[i].hex, step))], highlights={})
            pieces[i] = dataclasses.replace(pieces[i], hex=step)
        boards.append(dict(kwargs, pieces=list(pieces)))
    return boards


def set_up() -> list[dict[str, object]]:
    """A match's set-up, one board a step: the scene's objective tokens placed one by one, then its fighters."""
    full = scene()
    tokens: list[TokenMark] = list(full["tokens"])  # type: ignore[call-overload]
    pieces: list[Piece] = list(full["pieces"])  # type: ignore[call-overload]
    return ([{"tokens": tokens[:n]} for n in range(1, len(tokens) + 1)]
            + [{"tokens": tokens, "pieces": pieces[:n]} for n in range(1, len(pieces) + 1)])


def bands_compressed(field: Battlefield, boards: list[dict[str, object]]) -> float:
    """Bands compressed per board (new in the kept bands), drawing ``boards`` in turn."""
    kept = len(hexboard._BOARD_BANDS)
    for kwargs in boards:
        render_battlefield(field, width=WIDTH, labels=("Bands", "Count"), **kwargs)  # type: ignore[arg-type]
    return (len(hexboard._BOARD_BANDS) - kept) / len(boards)


def timed(field: Battlefield, boards: list[dict[str, object]], before: Callable[[], None] = lambda: None
          ) -> tuple[list[float], bytes]:
    times, png = [], b""
    for kwargs in boards:
        before()
        start = time.process_time()
        png = render_battlefield(field, width=WIDTH, **kwargs)  # type: ignore[arg-type]
        times.append((time.process_time() - start) * 1000)
    return times, png


def first_boards(boards: dict) -> tuple[list[float], list[float]]:
    """Each match's first board (its names new): on ``FIRST_BOARDS`` battlefields never drawn, then on the same
    battlefields again."""
    fields: list[Battlefield] = []
    for a, b in itertools.permutations(sorted(boards), 2):
        try:
            fields.append(Battlefield.build(boards[a], boards[b]))
        except IllegalAction:  # a pair with no layout (uw.battlefield.no_layout)
            continue
        if len(fields) == FIRST_BOARDS:
            break
    times: tuple[list[float], list[float]] = ([], [])
    for n, field in enumerate(fields * 2):
        start = time.process_time()
        render_battlefield(field, width=WIDTH, labels=(f"Ann {n}", f"Bo {n}"))
        times[n >= len(fields)].append((time.process_time() - start) * 1000)
    return times


def cold_first_boards(count: int = COLD_BOARDS) -> list[float]:
    """Each match's first board in a fresh process (a cold board worker), on ``count`` random battlefields."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(_cold_first_boards, (count,))


def _cold_first_boards(count: int) -> list[float]:
    """In a fresh process: the first board of ``count`` battlefields of random faces, orientations and joins (seeded),
    each match's players ``p<2i>`` and ``p<2i+1>``; the font loaded first (once per worker, not per board)."""
    boards = load_boards()
    faces = sorted(b for b in boards if boards[b].playable)
    pick = random.Random(20)
    fields = []
    while len(fields) < count:
        first, second = (boards[b] for b in pick.sample(faces, 2))
        layouts = face_layouts(first, second)
        if layouts:
            edge, offset, o1, o2 = pick.choice(layouts)
            fields.append(Battlefield.build(first, second, join=Join(edge=JoinEdge(edge), offset=offset),
                                            first_orientation=Orientation(o1), second_orientation=Orientation(o2)))
    render_battlefield(Battlefield.build(boards[faces[0]], boards[faces[1]]), width=WIDTH)  # the font loaded
    times = []
    for n, field in enumerate(fields):
        start = time.process_time()
        render_battlefield(field, width=WIDTH, labels=(f"p{2 * n}", f"p{2 * n + 1}"))
        times.append((time.process_time() - start) * 1000)
    return times


def main() -> None:
    boards = load_boards()
    field = Battlefield.build(boards["shyishian-stardial"], boards["the-shattered-tower"])
    render_battlefield(field, width=WIDTH)  # the font loaded
    cold_firsts = cold_first_boards()
    firsts = first_boards(boards)
    for cache in (hexboard._HEXES, hexboard._HEX_BANDS, hexboard._NAMES, hexboard._BOARD_BANDS):
        cache.clear()
    hexboard._static_layer.cache_clear()
    (cold,), png = timed(field, [scene()])
    following = moves(field, BOARDS)
    render_battlefield(field, width=WIDTH, **following[0])  # type: ignore[arg-type]
    print(f"  render {field.key} at {WIDTH} px, 10 pieces, 5 tokens, arrows (CPU time)")
    for label, (times, _) in (
            ("next board (one fighter moved)", timed(field, following[1:])),
            ("the same board again", timed(field, following[1:])),
            ("no band kept", timed(field, following[1:], hexboard._BOARD_BANDS.clear))):
        p50, high = statistics.median(times), p99(times)
        met = "ok" if p50 <= GOAL_P50_MS and high <= GOAL_P99_MS else "MISSED"
        goal = f"   goal p50 ≤ {GOAL_P50_MS} ms, p99 ≤ {GOAL_P99_MS:.0f} ms: {met}" if label.startswith("next") else ""
        print(f"    {label:32s} p50 {p50:6.2f} ms   p99 {high:6.2f} ms   n={len(times)}{goal}")
    for label, times, goal in (("first board, battlefield new", firsts[0], GOAL_FIRST_NEW_MS),
                               ("first board, battlefield known", firsts[1], GOAL_FIRST_KNOWN_MS),
                               ("first board, cold board worker", cold_firsts, GOAL_FIRST_NEW_MS)):
        p50 = statistics.median(times)
        print(f"    {label:32s} p50 {p50:6.2f} ms   p99 {p99(times):6.2f} ms   n={len(times)}"
              f"   goal p50 ≤ {goal} ms: {'ok' if p50 <= goal else 'MISSED'}")
    print(f"    cold (boards drawn too):         {cold:6.2f} ms")
    print(f"    PNG size: {len(png) / 1024:6.1f} KB")
    hexboard._BOARD_BANDS.clear()
    placed = set_up()
    tokens, fighters = (bands_compressed(field, part) for part in (placed[:5], placed[5:]))
    print(f"    bands compressed a board: token placed {tokens:4.1f}, fighter placed {fighters:4.1f}, "
          f"next board (one fighter moved) {bands_compressed(field, following[1:]):4.1f}")


if __name__ == "__main__":
    main()
