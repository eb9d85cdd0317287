"""A match's past (issue 34 items 4-5): per game, a whole seeded match (bench/matches.py; a match still going after
``--actions`` is conceded), then

1. the replay of the whole match (``/match replay``: every state rebuilt, up to 300 boards drawn with captions, the
   GIF packed under Discord's 10 MB): its time, its size, its steps and frames;
2. the board at step N (``/match board step:N``: the log replayed up to N, the board drawn): p50/max over a few
   steps spread over the match, for a player and for everyone.

Times are wall time in this process (the bot runs both in a board worker, off its event loop). The last line of
each game reads ``game=… steps=… replay_s=… replay_mb=… frames=… board_at_p50_ms=… board_at_max_ms=…``.

    python -m bench.bench_history [--games underworlds,magewars] [--actions 1500] [--seed 1]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.matches import whole_match  # noqa: E402
from table.games import load_games  # noqa: E402
from table.history import animate, board_at  # noqa: E402

GAMES = ("underworlds", "magewars", "dragonbond", "tambores")
STEPS_SAMPLED = 6
"""Steps the board-at-step figure is taken at, spread from the start to the end of the match."""


def bench_game(game: str, seed: int, actions: int) -> None:
    started = time.perf_counter()
    match, match_seed, log = whole_match(game, seed, max_actions=actions)
    played = time.perf_counter() - started
    ended = match.outcome.get("reason") if match.outcome else "?"
    print(f"{game}: a whole match of {match.log_length} log entries ({ended}), played in {played:.1f} s")

    started = time.perf_counter()
    data, steps, kept = animate(match, match_seed, log, "en", 1, match.log_length, 1.0)
    replay_s = time.perf_counter() - started
    print(f"  replay: {steps} steps, {kept} frames, {len(data) / 1e6:.2f} MB GIF in {replay_s:.1f} s "
          f"({replay_s / max(1, kept) * 1000:.0f} ms a frame)")

    picks = sorted({round(match.log_length * (i + 1) / STEPS_SAMPLED) for i in range(STEPS_SAMPLED)})
    times: list[float] = []
    for step in picks:
        for viewer in (None, match.seats[0].seat):
            started = time.perf_counter()
            board_at(match, match_seed, log, step, viewer, "en")
            times.append((time.perf_counter() - started) * 1000)
    print(f"  board at step N (steps {', '.join(map(str, picks))}; everyone and a player): "
          f"p50 {statistics.median(times):.0f} ms, max {max(times):.0f} ms")
    print(f"game={game} steps={steps} replay_s={replay_s:.1f} replay_mb={len(data) / 1e6:.2f} frames={kept} "
          f"board_at_p50_ms={statistics.median(times):.0f} board_at_max_ms={max(times):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--actions", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args([] if __name__ != "__main__" else None)
    load_games("")
    for game in args.games.split(","):
        bench_game(game.strip(), args.seed, args.actions)


if __name__ == "__main__":
    main()
