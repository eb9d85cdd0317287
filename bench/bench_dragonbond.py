"""Dragonbond rules engine bench: a whole random battle with the training pack, and ``legal_actions`` at a busy
step (every unit on the table, the first turn). Run: ``.venv/bin/python bench/bench_dragonbond.py``."""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.engine.dragonbond.play import SYSTEM, play  # noqa: E402
from engine.core.rng import SeededRng  # noqa: E402


def main() -> None:
    steps = []
    t = time.perf_counter()
    state, refused = play(5, on_step=lambda *a: steps.append(1))
    took = time.perf_counter() - t
    print(f"battle: {len(steps)} actions applied, {len(refused)} refused tries, round {state['round']}, "
          f"outcome {state['outcome']}, {took:.2f} s ({1000 * took / max(1, len(steps)):.0f} ms per action)")
    st = SYSTEM.setup({"deployment": "auto"}, ("p1", "p2"), SeededRng(bytes(32)))
    seat = SYSTEM.view(st, None)["awaiting"][0]
    t = time.perf_counter()
    legal = SYSTEM.legal_actions(st, seat)
    print(f"legal_actions at the first turn: {len(legal)} actions in {time.perf_counter() - t:.2f} s")


if __name__ == "__main__":
    main()
