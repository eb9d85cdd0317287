"""League timings: one Swiss round paired by maximum-weight matching, for 16, 64 and 256 players.

Run from the project root: ``python -m bench.bench_league``. Each size pairs round 4 of a league whose
first three rounds were paired and played (random results, fixed seed), so score groups and rematches
are real.
"""
from __future__ import annotations

import random
import time

from engine.league.swiss import pair


def season(n: int, rounds: int, rng: random.Random) -> tuple[list[int], dict[int, int], set, set]:
    players = list(range(1, n + 1))
    points = {p: 0 for p in players}
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    for _ in range(rounds):
        ranked = sorted(players, key=lambda p: (-points[p], p))
        for a, b in pair(ranked, points, met, had_bye):
            if b is None:
                had_bye.add(a)
                points[a] += 3
                continue
            met.add(frozenset((a, b)))
            points[rng.choice((a, b))] += 3
    return sorted(players, key=lambda p: (-points[p], p)), points, met, had_bye


def main() -> None:
    rng = random.Random(18)
    for n in (16, 64, 256):
        ranked, points, met, had_bye = season(n, 3, rng)
        start = time.perf_counter()
        pair(ranked, points, met, had_bye)
        print(f"swiss pairing, {n:>3} players (round 4): {(time.perf_counter() - start) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
