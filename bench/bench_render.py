"""Battlefield image timings: a full long-edge battlefield with ten fighters at 1280 px.

Run from the project root: ``python -m bench.bench_render``. Target: under 15 ms per image with the
static layer cached (the first image of a battlefield also draws the boards). Prints p50 and p90 of
warm renders, the cold render and the PNG size.
"""
from __future__ import annotations

import statistics
import time

from engine.underworlds.battlefield import Battlefield, load_boards
from engine.underworlds.feature_tokens import FeatureSide
from engine.underworlds.hexgrid import Hex
from render.underworlds import hexboard
from render.underworlds.hexboard import Arrow, ArrowKind, Marker, Piece, TokenMark, render_battlefield

TARGET_MS = 15.0
WIDTH = 1280


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


def main() -> None:
    boards = load_boards()
    field = Battlefield.build(boards["shyishian-stardial"], boards["the-shattered-tower"])
    kwargs = scene()
    hexboard._static_layer.cache_clear()
    start = time.perf_counter()
    png = render_battlefield(field, width=WIDTH, **kwargs)  # type: ignore[arg-type]
    cold = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(200):
        start = time.perf_counter()
        png = render_battlefield(field, width=WIDTH, **kwargs)  # type: ignore[arg-type]
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p50, p90 = statistics.median(times), times[int(len(times) * 0.9)]
    print(f"  render {field.key} at {WIDTH} px, 10 pieces, 5 tokens, 2 arrows")
    print(f"    warm (static layer cached): p50 {p50:6.2f} ms   p90 {p90:6.2f} ms   n={len(times)}"
          f"   target < {TARGET_MS:.0f} ms: {'ok' if p50 < TARGET_MS else 'MISSED'}")
    print(f"    cold (boards drawn too):    {cold:6.2f} ms")
    print(f"    PNG size: {len(png) / 1024:6.1f} KB")


if __name__ == "__main__":
    main()
