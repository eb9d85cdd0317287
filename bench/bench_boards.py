"""Every game's next board in one run, beside Underworlds' (issue 39 deliverable 2: next board p50 ≤ 5 ms).

One seeded random match per game (``bench_games``' random player), its board drawn after every action as a match in
play has it drawn (the static layer warm, the bands of earlier boards kept): per game, the wall time's p50/p99 of
each board after the first, the CPU time's p50 (``time.thread_time``: what the board costs, whatever else the
machine runs), and how many bands a board draws and compresses (p50; the rest are kept ones).

    python -m bench.bench_boards [--games underworlds,magewars,dragonbond,tambores] [--boards 120] [--seed 11]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import GAMES, choose, p99  # noqa: E402
from engine.core.rng import SeededRng  # noqa: E402
from engine.core.system import find_system  # noqa: E402
from render.kit import sketch  # noqa: E402
from table import collector  # noqa: E402
from render.underworlds import hexboard  # noqa: E402
from table.games import load_games  # noqa: E402
from table.presenter import NO_BOARD, Scene, find_presenter  # noqa: E402


def drawn_bands() -> int:
    """Bands drawn and compressed so far (kept-band misses), every game's."""
    return sketch._BANDS.misses + hexboard._BOARD_BANDS.misses


def next_boards(game: str, boards: int, seed: int) -> dict[str, float]:
    system, presenter = find_system(game), find_presenter(game)
    seats = system.info.seats_for(system.info.min_seats)
    names = {s: f"Player {i + 1}" for i, s in enumerate(seats)}
    rng, pick = SeededRng(seed.to_bytes(32, "big")), random.Random(seed)
    state = system.setup({}, seats, rng)
    wall, cpu, bands, first = [], [], [], True
    for _ in range(boards * 4):
        if system.outcome(state) is not None or len(wall) >= boards:
            break
        legal = {s: system.legal_actions(state, s) for s in seats}
        seat, i = choose(legal, pick)
        state, events = system.apply(state, seat, legal[seat][i], rng)
        scene = Scene(system.view(state, None), names)
        key = getattr(presenter, "board_key", None)  # as the table asks: nothing to draw yet in set-up
        if key is not None and key(scene, events) == NO_BOARD:
            continue
        misses, start, start_cpu = drawn_bands(), time.perf_counter(), time.thread_time()
        png = presenter.board(scene, events)
        took, took_cpu = (time.perf_counter() - start) * 1000, (time.thread_time() - start_cpu) * 1000
        if png and not first:
            wall.append(took)
            cpu.append(took_cpu)
            bands.append(drawn_bands() - misses)
        first = first and not png
    return {"boards": len(wall), "p50": statistics.median(wall), "p99": p99(wall),
            "cpu_p50": statistics.median(cpu), "bands_p50": statistics.median(bands)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--boards", type=int, default=120)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(sys.argv[1:] if __name__ == "__main__" else [])
    load_games()
    collector.tune()  # the garbage collector as a board worker has it (else a full pass lands on a board: p99)
    for game in args.games.split(","):
        f = next_boards(game, args.boards, args.seed)
        print(f"next board {game:<12} {f['boards']:>3} boards  p50 {f['p50']:5.1f} ms  p99 {f['p99']:5.1f} ms  "
              f"cpu p50 {f['cpu_p50']:4.1f} ms  bands drawn p50 {f['bands_p50']:.0f}")


if __name__ == "__main__":
    main()
