"""Tambores de Guerra battle image timings (``render/tambores/battle.py``): render time and PNG size at 1280 px.

The scenes are the views of seeded random battles of the training pack (``bench_tambores``'s players): every view
in the combat phase with attacks declared (arrows and sums) and the view right after a combat resolved (results),
the busiest boards a battle draws. Each is rendered ``REPEAT`` times; prints the median and p90 per image, the
slowest, and the PNG sizes (median and largest). Also at 480 px (a narrow phone).

``python -m bench.bench_tambores_render`` from the project root (``python -m bench`` runs every bench).
"""
from __future__ import annotations

import random
import statistics
import time

from engine.core.rng import SeededRng
from engine.tambores.system import TamboresSystem
from render.tambores.battle import render

SEATS = ("player1", "player2")
BATTLES = 4
REPEAT = 3
NAMES = {"player1": "alice", "player2": "bob"}


def scenes(seed: int) -> list[tuple[dict, list[dict]]]:
    """The combat views (attacks declared or just resolved) of one seeded battle that deploys more than it passes."""
    system, rng, pick = TamboresSystem(), SeededRng(seed.to_bytes(32, "big")), random.Random(seed)
    state = system.setup({"mode": "skirmish"}, SEATS, rng)
    out = []
    while state["step"] != "over":
        seat = system.view(state, None)["awaiting"][0]
        legal = system.legal_actions(state, seat)
        busy = [a for a in legal if a["type"] != "Pass"]
        state, events = system.apply(state, seat, pick.choice(busy if busy and pick.random() < 0.8 else legal), rng)
        view = system.view(state, None)
        if view["attacks"] or any(e["type"] == "CombatResolved" for e in events):
            out.append((view, events))
    return out


def measure(width: int, views: list[tuple[dict, list[dict]]]) -> tuple[list[float], list[int]]:
    times, sizes = [], []
    for view, events in views:
        for _ in range(REPEAT):
            start = time.perf_counter()
            png = render(view, events, width=width, names=NAMES)
            times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
    return sorted(times), sizes


def main() -> None:
    views = [s for seed in range(BATTLES) for s in scenes(seed)]
    render(*views[0], width=1280)  # fonts loaded once, as in a running bot
    for width in (1280, 480):
        times, sizes = measure(width, views)
        print(f"tambores battle image {width} px  median {statistics.median(times):.1f} ms  "
              f"p90 {times[int(len(times) * 0.9) - 1]:.1f} ms  max {max(times):.1f} ms  "
              f"PNG median {statistics.median(sizes) / 1024:.0f} KiB  max {max(sizes) / 1024:.0f} KiB  "
              f"({len(views)} combat views × {REPEAT})")


if __name__ == "__main__":
    main()
