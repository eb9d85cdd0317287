"""Dragonbond free-measurement timings at a busy step: 12 units, 8 terrain pieces on a 4'x3' table.

Run from the project root: ``python -m bench.bench_dragonbond_field``. Prints the time to offer a unit's
named destinations (march and charge), to check one free move (straight, round obstacles, a charge), a
line-of-sight check, and the battlefield image (cold, with its static layer, and warm) with its PNG size.
Figures only; no test asserts a timing.
"""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from engine.dragonbond import geometry
from engine.dragonbond.battlefield import layout_of
from engine.dragonbond.geometry import Field, Token, check_move, contact_point, destinations, line_of_sight
from render.dragonbond import battlefield as image
from tests.engine.dragonbond.positions import busy_field

WIDTH = 1280


def busy_tokens() -> list[Token]:
    a = [Token(f"A{i}", x, y, 1.2, "A") for i, (x, y) in enumerate(
        [(4, 3), (12, 4), (20, 3), (28, 4), (36, 3), (44, 4)], 1)]
    b = [Token(f"B{i}", x, y, 1.4, "B") for i, (x, y) in enumerate(
        [(6, 32), (14, 33), (22, 31), (30, 33), (38, 32), (31, 16)], 1)]
    return a + b


def timed(fn: Callable[[], object], runs: int) -> tuple[float, float, float, object]:
    """(cold p50 ms, cold p90 ms, warm p50 ms, last result): cold after clearing the geometry caches of the
    position (a position never seen; the table's path graph, built once per table and radius, kept), warm the
    same question asked again at once."""
    times, again, out = [], [], None
    for _ in range(runs):
        geometry.clear_caches()
        t = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        fn()
        again.append((time.perf_counter() - t) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9) - 1], statistics.median(again), out


def view(field: Field, tokens: list[Token]) -> dict:
    data = layout_of(field)
    data.update(width=field.width, height=field.height, zones={k: [list(p) for p in v] for k, v in field.zones.items()})
    units = [{"id": t.id, "code": t.id, "name": f"Unit {t.id}", "side": t.side, "x": t.x, "y": t.y,
              "radius": t.radius, "models": 5, "wounds": 1, "health": 2, "fatigue": 1, "states": {"slowed": 1},
              "activated": 1, "engaged_with": []} for t in tokens]
    return {"field": data, "units": units, "sides": {"A": "A", "B": "B"},
            "last": [{"type": "Moved", "unit": "A3", "kind": "march", "from": [20, 3], "to": [20, 10],
                      "path": [[20, 3], [20, 10]], "cost": 7, "allowance": 8},
                     {"type": "MoveRefused", "unit": "A2", "to": [12, 16], "distance": 12.4, "allowance": 8}]}


def main() -> None:
    field, tokens = busy_field(), busy_tokens()
    mover = tokens[2]
    print(f"table 48x36, {len(field.terrain)} terrain pieces, {len(tokens)} units")
    for label, fn in [
        ("destinations (march, 8\")", lambda: destinations(mover, 8, tokens, field)),
        ("destinations (charge, 18\")", lambda: destinations(mover, 18, tokens, field, charge=True)),
        ("check_move straight 6\"", lambda: check_move(mover, (20, 9), 8, tokens, field)),
        ("check_move round the river", lambda: check_move(mover, (24, 17.5), 30, tokens, field)),
        ("contact_point (charge B6)", lambda: contact_point(mover, tokens[-1], 30, tokens, field)),
        ("line_of_sight A1 -> B3", lambda: line_of_sight(tokens[0], tokens[8], tokens, field)),
    ]:
        p50, p90, warm, out = timed(fn, 15)
        extra = f"  ({len(out)} offered)" if isinstance(out, list) else ""
        print(f"{label:32s} p50 {p50:7.1f} ms  p90 {p90:7.1f} ms  again {warm:6.2f} ms{extra}")
    v = view(field, tokens)
    image._STATICS.clear()
    t = time.perf_counter()
    png = image.render(v, width=WIDTH)
    cold = (time.perf_counter() - t) * 1000
    warm = []
    for _ in range(10):
        t = time.perf_counter()
        png = image.render(v, width=WIDTH)
        warm.append((time.perf_counter() - t) * 1000)
    print(f"battlefield image {WIDTH} px: cold {cold:.0f} ms, warm p50 {statistics.median(warm):.0f} ms, "
          f"PNG {len(png) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
