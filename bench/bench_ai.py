"""The practice opponent's strength and speed, per game (issue 35): win rates of one level against another in seeded
matches (seats swapped every other match), with a 95% confidence interval, and each level's decision time p50/p99.

    python -m bench.bench_ai [--matches 200] [--games underworlds,magewars,dragonbond,tambores] [--actions 600]
                             [--pairings easy-random,normal-random,hard-normal] [--jobs 2]

Pairings: easy vs random, normal vs random, normal vs easy, hard vs normal. A match that reaches no result within ``--actions``
actions counts as a draw (half a win). Decisions run on one core, within each level's time budget
(``engine/core/practice.py``: normal ≤ 1 s, hard ≤ 3 s; a game may set its own, as Tambores).
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import p99  # noqa: E402
from engine.core import practice  # noqa: E402
from engine.core.rng import SeededRng  # noqa: E402
from engine.core.system import GameSystem, find_system  # noqa: E402
from table.games import load_games  # noqa: E402

GAMES = ("underworlds", "magewars", "dragonbond", "tambores")
PAIRINGS = (("easy", "random"), ("normal", "random"), ("normal", "easy"), ("hard", "normal"))


def play(system: GameSystem, levels: dict[str, str], seed: int, most: int, times: dict[str, list[float]]) -> str | None:
    """One match, each seat played at its level ("random": a uniformly random legal action). The winning seat, or
    None for a draw or no result within ``most`` actions."""
    seats = tuple(levels)
    rng, pick = SeededRng(seed.to_bytes(32, "big")), random.Random(seed)
    state = system.setup({}, seats, rng)
    for n in range(most):
        result = system.outcome(state)
        if result is not None:
            return result.winner
        acting = practice.awaited(system, state, seats)
        if not acting:
            return None
        seat, legal = pick.choice(acting)
        if levels[seat] == "random" or len(legal) == 1:
            action = pick.choice(legal)
        else:
            started = time.perf_counter()
            action = practice.decide(system, state, seat, seats, levels[seat], seed=seed * 1000 + n,
                                     clock=time.perf_counter).action
            times[levels[seat]].append(time.perf_counter() - started)
        state, _ = system.apply(state, seat, action, rng)
    return None


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _match(game: str, strong: str, weak: str, m: int, most: int) -> tuple[float, dict[str, list[float]]]:
    """Match ``m`` of a pairing (seats swapped every other match): the strong level's score (1, ½ or 0) and the
    decision times. Module-level, for the worker processes of ``--jobs``."""
    load_games()
    system = find_system(game)
    levels = dict(zip(system.info.seats_for(2), (strong, weak) if m % 2 == 0 else (weak, strong)))
    times: dict[str, list[float]] = {level: [] for level in practice.LEVELS}
    winner = play(system, levels, m, most, times)
    return (1.0 if winner and levels[winner] == strong else 0.5 if winner is None else 0.0), times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--actions", type=int, default=600, help="actions per match before it counts as a draw")
    parser.add_argument("--pairings", default=",".join(f"{a}-{b}" for a, b in PAIRINGS))
    parser.add_argument("--jobs", type=int, default=1, help="matches played at once, one process each (decision "
                                                            "times are each process's: keep it at most the cores)")
    args = parser.parse_args(argv)
    load_games()
    goals = {("easy", "random"): "≥ 65%", ("normal", "random"): "≥ 90%", ("normal", "easy"): "-",
             ("hard", "normal"): "≥ 55%"}  # issue 35: normal and easy against a random player, hard against normal
    time_goals = {"normal": "≤ 1000 ms", "hard": "≤ 3000 ms"}
    pool = multiprocessing.get_context("spawn").Pool(args.jobs) if args.jobs > 1 else None
    run = pool.starmap if pool else lambda f, jobs: [f(*job) for job in jobs]
    for game in args.games.split(","):
        times: dict[str, list[float]] = {level: [] for level in practice.LEVELS}
        for strong, weak in (tuple(p.split("-")) for p in args.pairings.split(",")):
            played = run(_match, [(game, strong, weak, m, args.actions) for m in range(args.matches)])
            wins = sum(score for score, _ in played)
            for _, spent in played:
                for level, ts in spent.items():
                    times[level] += ts
            low, high = wilson(wins, args.matches)
            print(f"{game:<12} {strong} vs {weak}: {wins / args.matches:.0%} of {args.matches} "
                  f"(95% CI {low:.0%}–{high:.0%}; goal {goals.get((strong, weak), '-')})", flush=True)
        for level, spent in times.items():
            if spent:
                ms = [t * 1000 for t in spent]
                print(f"{game:<12} {level} decision: p50 {statistics.median(ms):.0f} ms  p99 {p99(ms):.0f} ms "
                      f"({len(ms)} decisions; goal p99 {time_goals.get(level, '-')})", flush=True)
    if pool:
        pool.close()


if __name__ == "__main__":
    main()
