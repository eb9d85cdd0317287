"""The four games side by side, in one run: ``/<game> do`` through the fake Discord gateway + Redis, and each game's
next board, with every figure's ratio to Underworlds' (issue #39: p50 ≤ 1.5×, p99 ≤ 3×, next board p50 ≤ 5 ms).

1. Next board: one seeded random match per game, its board drawn after every action in turn, as a match in play
   has it drawn (the static layer warm): p50/p99 of each board after the first.
2. Commands: the real bot against the fake gateway with a real Redis (``REDIS_URL``, else an embedded one). Matches
   of the four games are opened (``--live`` of them, the games in equal shares) and each is brought into play by a
   random number of random legal actions through the table (untimed); then ``--commands`` ``/<game> do`` commands,
   each at a random live match of a game taken in turn, are timed from the interaction being sent to the bot's
   answer. Once with one match of each game live, once with ``--live`` live.

The last lines, one per game for the run with ``--live`` matches, read ``game=… p50_ms=… p99_ms=… p50_ratio=…
p99_ratio=… board_p50_ms=…`` (scripts read them).

    python -m bench.bench_games [--commands 200] [--live 1000] [--games underworlds,magewars,dragonbond,tambores]
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import GAMES, bench_redis, choose, p99  # noqa: E402
from engine.core.system import find_system  # noqa: E402
from table import collector  # noqa: E402
from table.games import load_games  # noqa: E402
from table.presenter import find_presenter  # noqa: E402

BOARD_STEPS = 120
"""Boards drawn per game for the next-board figure."""
ADVANCE = 60
"""A live match is brought into play by up to this many random actions before the timed window."""
OPEN_AT_ONCE = 50


def bench_boards(games: tuple[str, ...]) -> dict[str, float]:
    """Each game's next board, p50 in ms (``bench.bench_boards``: also its CPU time and the bands it draws)."""
    from bench.bench_boards import next_boards

    out = {}
    collector.tune()  # the garbage collector as a board worker has it
    for game in games:
        f = next_boards(game, BOARD_STEPS, 11)
        out[game] = f["p50"]
        print(f"next board {game:<12} {f['boards']} boards  p50 {f['p50']:.1f} ms  p99 {f['p99']:.1f} ms  "
              f"cpu p50 {f['cpu_p50']:.1f} ms")
    return out


async def _open(fake, store, game: str, n: int) -> tuple[str, str, dict]:
    """One match of ``game`` opened and accepted through the gateway: (game, match id, users by user id)."""
    alice, bob = fake.add_user(f"alice{n}"), fake.add_user(f"bob{n}")
    channel = fake.add_text_channel(name=f"{game}-{n}")
    await fake.slash(alice, channel, "match new", game=game, opponent=bob)
    [thread] = fake.threads_of(channel)
    while not fake.channel_messages(thread):  # the invitation is posted after the command is answered
        await asyncio.sleep(0.005)
    [invite] = fake.channel_messages(thread)
    await fake.click(bob, invite, invite.custom_ids[0])
    match_id = await store.match_in(thread.id)
    while (await store.load(match_id)).state is None:  # started once the acceptance is saved
        await asyncio.sleep(0.005)
    return game, match_id, {alice.id: alice, bob.id: bob, "thread": thread}


async def _advance(table, store, game: str, match_id: str, users: dict, pick: random.Random) -> None:
    """A random number of random legal actions through the table (as the bot applies them, no reply drawn)."""
    from table.context import Actor, Context

    system = find_system(game)
    for _ in range(pick.randrange(ADVANCE)):
        match = await store.load(match_id)
        if match.status.over:
            return
        legal = {s.seat: system.legal_actions(match.state, s.seat) for s in match.seats}
        seat, i = choose(legal, pick)
        user = users[match.holder(seat).user_id]
        await table.act(Context(Actor(user.id, user.name), users["thread"].id), legal[seat][i], match_id,
                        loaded=match)


async def bench_commands(games: tuple[str, ...], commands: int, live: int) -> dict[str, list[float]]:
    """``/<game> do`` times in ms by game, with ``live`` matches of ``games`` in equal shares."""
    from table.store import Store
    from tests.discord.bot_fixtures import running_bot
    from tests.discord.fake_discord import FakeDiscord

    pick = random.Random(7)
    times: dict[str, list[float]] = {g: [] for g in games}
    prefix = f"benchgames{live}"
    async with bench_redis(prefix) as redis:
        store = Store(redis, prefix=prefix)
        async with FakeDiscord(settle=0.005) as fake:
            async with running_bot(fake, redis, prefix, rate_limit_per_minute=1_000_000) as bot:
                collector.tune()
                table = bot.services.table
                started = time.perf_counter()
                matches: dict[str, list[tuple[str, str, dict]]] = {g: [] for g in games}
                wanted = max(live, len(games))
                n = 0
                while n < wanted:
                    batch = [(games[i % len(games)], i) for i in range(n, min(wanted, n + OPEN_AT_ONCE))]
                    opened = await asyncio.gather(*(_open(fake, store, g, i) for g, i in batch))
                    await asyncio.gather(*(_advance(table, store, g, m, u, random.Random(i))
                                           for i, (g, m, u) in enumerate(opened, n)))
                    for entry in opened:
                        matches[entry[0]].append(entry)
                    n += len(batch)
                print(f"  {wanted} matches opened and brought into play in {time.perf_counter() - started:.0f} s")
                turn = 0
                while min(len(t) for t in times.values()) < commands:
                    game = games[turn % len(games)]
                    turn += 1
                    slot = pick.randrange(len(matches[game]))
                    _, match_id, users = matches[game][slot]
                    match = await store.load(match_id)
                    if match.status.over:
                        matches[game][slot] = await _open(fake, store, game, wanted + turn)
                        continue
                    system = find_system(game)
                    legal = {s.seat: system.legal_actions(match.state, s.seat) for s in match.seats}
                    seat, i = choose(legal, pick)
                    command = f"{find_presenter(game).command} do"
                    result = await fake.slash(users[match.holder(seat).user_id], users["thread"], command,
                                              action=f"{match.log_length}:{i}")
                    times[game].append(result.acknowledged_after * 1000)
                await asyncio.sleep(0.3)  # let the last thread posts land before the bot closes
    return times


def report(label: str, times: dict[str, list[float]]) -> dict[str, tuple[float, float]]:
    figures = {g: (statistics.median(t), p99(t)) for g, t in times.items() if t}
    base = figures.get("underworlds")
    for game, (p50, top) in figures.items():
        ratio = f"  ×{p50 / base[0]:.2f} / ×{top / base[1]:.2f} of Underworlds" if base else ""
        print(f"/{find_presenter(game).command} do, {label}: {len(times[game])} commands  p50 {p50:.1f} ms  "
              f"p99 {top:.1f} ms{ratio}")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--commands", type=int, default=200, help="commands timed per game and run")
    parser.add_argument("--live", type=int, default=1000, help="live matches of the four games in the second run")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    load_games()
    games = tuple(args.games.split(","))
    boards = bench_boards(games)
    report(f"{len(games)} live (one a game)", asyncio.run(bench_commands(games, args.commands, len(games))))
    figures = report(f"{args.live} live", asyncio.run(bench_commands(games, args.commands, args.live)))
    base = figures.get("underworlds", (float("nan"), float("nan")))
    for game, (p50, top) in figures.items():
        print(f"game={game} p50_ms={p50:.2f} p99_ms={top:.2f} p50_ratio={p50 / base[0]:.2f} "
              f"p99_ratio={top / base[1]:.2f} board_p50_ms={boards.get(game, float('nan')):.2f}")


if __name__ == "__main__":
    main()
