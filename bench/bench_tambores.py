"""Tambores de Guerra rules engine alone (no Discord, no Redis, no rendering): battle time and ``legal_actions``.

1. A whole random-versus-random skirmish with the training pack through the public ``TamboresSystem``
   (``legal_actions`` of the awaited seat, ``apply`` of a uniformly random legal action, until the outcome),
   engine time only (the random choice excluded): median of ``BATTLES`` seeded battles.
2. ``legal_actions`` at a busy step: the deployment step with the largest number of legal actions met in those
   battles (every unit × slot × way to pay), timed ``CALLS`` times: median and p99 per call.

``python -m bench.bench_tambores`` from the project root (``python -m bench`` runs every bench).
"""
from __future__ import annotations

import random
import statistics
import time
from typing import Any

from engine.core.rng import SeededRng
from engine.tambores.system import TamboresSystem

SEATS = ("player1", "player2")
BATTLES = 15
CALLS = 300


def battle(seed: int) -> tuple[float, int, dict[str, Any] | None, int]:
    """One seeded random battle: (engine seconds, actions, the busiest state, its number of legal actions)."""
    system, rng, pick = TamboresSystem(), SeededRng(seed.to_bytes(32, "big")), random.Random(seed)
    clock = time.perf_counter
    start = clock()
    state = system.setup({"mode": "skirmish"}, SEATS, rng)
    engine, actions, busiest, widest = clock() - start, 0, None, 0
    while state["step"] != "over":
        start = clock()
        seat = system.view(state, None)["awaiting"][0]
        legal = system.legal_actions(state, seat)
        engine += clock() - start
        if len(legal) > widest:
            busiest, widest = state, len(legal)
        action = pick.choice(legal)
        start = clock()
        state, _ = system.apply(state, seat, action, rng)
        engine += clock() - start
        actions += 1
    return engine, actions, busiest, widest


def main() -> None:
    runs = [battle(seed) for seed in range(BATTLES)]
    times = [r[0] * 1000 for r in runs]
    print(f"tambores whole random battle (engine only, training pack)  median {statistics.median(times):.1f} ms  "
          f"max {max(times):.1f} ms  over {BATTLES} battles, median {statistics.median(r[1] for r in runs):.0f} actions")
    _, _, state, widest = max(runs, key=lambda r: r[3])
    system = TamboresSystem()
    seat = system.view(state, None)["awaiting"][0]
    calls = []
    for _ in range(CALLS):
        start = time.perf_counter()
        system.legal_actions(state, seat)
        calls.append((time.perf_counter() - start) * 1000)
    calls.sort()
    print(f"tambores legal_actions at the busiest step ({state['step']}, {widest} actions)  "
          f"median {statistics.median(calls):.3f} ms  p99 {calls[int(len(calls) * 0.99) - 1]:.3f} ms")


if __name__ == "__main__":
    main()
