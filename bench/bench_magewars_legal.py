"""Mage Wars ``legal_actions`` latency over random duels (apprentice and full, every mage): p50, p99 and the
slowest step, then a cProfile of the slowest calls (issue 38: p99 ≤ 10 ms).

    .venv/bin/python bench/bench_magewars_legal.py [duels] [--profile]
"""
from __future__ import annotations

import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.rng import SeededRng  # noqa: E402
from engine.magewars.mages import mage_ids  # noqa: E402
from engine.magewars.system import SYSTEM  # noqa: E402

SEATS = ("player1", "player2")


def duel(seed: int, mode: str, cap: int = 400) -> list[tuple[float, str, JSON]]:
    rng, pick = SeededRng(seed.to_bytes(32, "big")), random.Random(seed)
    options = {"mode": mode, "mages": {seat: pick.choice(mage_ids()) for seat in SEATS}}
    s = SYSTEM.setup(options, SEATS, rng)
    out = []
    for _ in range(cap):
        if s["over"]:
            break
        seat = SYSTEM.awaiting(s)[0]
        t = time.perf_counter()
        acts = SYSTEM.legal_actions(s, seat)
        out.append((time.perf_counter() - t, s["step"], (s, seat)))
        acts = [a for a in acts if a["type"] not in ("Reveal",)] or acts
        bold = [a for a in acts if a["type"] in ("Attack", "Cast", "Move", "PlanSpell") and a.get("spell")]
        s, _ = SYSTEM.apply(s, seat, pick.choice(bold if bold and pick.random() < 0.8 else acts), rng)
    return out


JSON = dict


def main() -> None:
    duels = int(next((a for a in sys.argv[1:] if a.isdigit()), "6"))
    calls: list[tuple[float, str, JSON]] = []
    for n in range(duels):
        calls += duel(n, "apprentice" if n % 3 == 0 else "full")
    times = sorted(c[0] for c in calls)
    p = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000  # noqa: E731
    print(f"legal_actions: {len(times)} calls over {duels} duels: p50 {p(0.5):.2f} ms, p99 {p(0.99):.2f} ms, "
          f"max {times[-1] * 1000:.2f} ms")
    by_step: dict[str, list[float]] = {}
    for t, step, _ in calls:
        by_step.setdefault(step, []).append(t)
    for step, ts in sorted(by_step.items(), key=lambda kv: -max(kv[1])):
        ts.sort()
        print(f"  {step:16} {len(ts):5} calls, p99 {ts[min(len(ts) - 1, int(0.99 * len(ts)))] * 1000:.2f} ms, "
              f"max {ts[-1] * 1000:.2f} ms")
    if "--profile" in sys.argv:
        slow = sorted(calls, key=lambda c: -c[0])[:30]
        prof = cProfile.Profile()
        prof.enable()
        for _, _, (s, seat) in slow:
            SYSTEM.legal_actions(s, seat)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
