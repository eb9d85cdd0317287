"""Load: many concurrent matches playing random legal actions through the table layer against real Redis.

    python -m bench.load [--matches 1000] [--seconds 60] [--game underworlds] [--concurrency 200]

Prints throughput, p50/p99 latency per action, Redis memory per match, and then replays every
match's log from its seed and checks it equals the stored snapshot.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time

import redis.asyncio as aioredis

from bench.common import bench_redis


from engine.core import system as systems
from engine.core.errors import GameError
from table.context import Actor, Context
from table.lifecycle import Table
from table.match import Status
from table.replay import replay
from table.store import Store


async def open_match(table: Table, game: str, i: int) -> str:
    """Challenge and accept, as two users would; returns the match id."""
    a, b = Actor(10_000 + 2 * i, f"p{2 * i}"), Actor(10_001 + 2 * i, f"p{2 * i + 1}")
    thread = 1_000_000 + i

    async def open_thread(name: str) -> int:
        return thread
    reply = await table.new_match(Context(a, 1, open_thread=open_thread), game, b)
    match_id = reply.posts[0][1].buttons[0].custom_id.split(":")[2]
    await table.answer_invite(Context(b, thread), match_id, accept=True)
    return match_id


async def play(table: Table, match_id: str, until: float, picker: random.Random, latencies: list[float],
               counts: dict[str, int], gate: asyncio.Semaphore) -> None:
    """Random legal actions until time is up or the match ends; every match plays at once."""
    while time.perf_counter() < until:
        async with gate:  # bounds the requests in flight, not the matches in play
            if await _one_action(table, match_id, picker, latencies, counts):
                return


async def _one_action(table: Table, match_id: str, picker: random.Random, latencies: list[float],
                      counts: dict[str, int]) -> bool:
    """One random legal action; True when the match can go no further."""
    match = await table.store.load(match_id)
    if match.status is not Status.ACTIVE:
        counts["finished"] += 1
        return True
    system = systems.find_system(match.game)
    choices = [(h, a) for h in match.seats for a in system.legal_actions(match.state, h.seat)]
    if not choices:
        counts["stuck"] += 1
        return True
    holder, action = picker.choice(choices)
    started = time.perf_counter()
    try:
        await table.act(Context(Actor(holder.user_id, holder.name), match.thread_id or 1), action, match_id)
        counts["applied"] += 1
    except GameError:
        counts["refused"] += 1  # a concurrent change made it illegal: refused, nothing written
    latencies.append(time.perf_counter() - started)
    return False


async def run(args: argparse.Namespace) -> int:
    prefix = f"load{os.getpid()}"
    async with bench_redis(prefix, max_connections=args.concurrency + 10) as redis:
        return await measure(args, redis, Store(redis, prefix=prefix))


async def measure(args: argparse.Namespace, redis: aioredis.Redis, store: Store) -> int:
    """Open the matches, play them, print the figures, replay every log."""
    table = Table(store, b"L" * 32)
    game = args.game or ("underworlds" if any(i.key == "underworlds" and ok for i, ok in systems.all_systems())
                         else "nim")
    if game == "nim":
        import tests.support.nim  # noqa: F401 - the test game, when no real game is registered
    used_before = (await redis.info("memory"))["used_memory"]
    gate = asyncio.Semaphore(args.concurrency)

    async def opened(i: int) -> str:
        async with gate:
            return await open_match(table, game, i)
    t0 = time.perf_counter()
    ids = await asyncio.gather(*(opened(i) for i in range(args.matches)))
    print(f"{game}: opened {len(ids)} matches in {time.perf_counter() - t0:.1f} s")

    latencies: list[float] = []
    counts = {"applied": 0, "refused": 0, "finished": 0, "stuck": 0}
    until = time.perf_counter() + args.seconds

    async def player(match_id: str, seed: int) -> None:
        await play(table, match_id, until, random.Random(seed), latencies, counts, gate)
    t0 = time.perf_counter()
    # Each match plays in turns under the semaphore, so all of them progress concurrently.
    await asyncio.gather(*(player(m, i) for i, m in enumerate(ids)))
    elapsed = time.perf_counter() - t0
    used_after = (await redis.info("memory"))["used_memory"]
    lat = sorted(latencies)
    print(f"actions applied {counts['applied']}, refused {counts['refused']}, matches finished "
          f"{counts['finished']}, stuck {counts['stuck']} in {elapsed:.1f} s")
    if lat:
        print(f"throughput {len(lat) / elapsed:.0f} actions/s · latency p50 {statistics.median(lat) * 1000:.2f} ms"
              f" · p99 {lat[int(len(lat) * 0.99)] * 1000:.2f} ms")
    print(f"Redis memory per match {(used_after - used_before) / len(ids) / 1024:.1f} KiB "
          f"(used_memory delta over {len(ids)} matches)")
    bad = 0
    for match_id in ids:
        match = await store.load(match_id)
        try:
            replay(match, table.seed(match_id), await store.log(match_id))
        except AssertionError as exc:
            bad += 1
            print(f"replay mismatch in {match_id}: {exc}", file=sys.stderr)
    print(f"replay: {len(ids) - bad}/{len(ids)} matches equal their stored snapshot")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--game", default=None)
    parser.add_argument("--concurrency", type=int, default=50, help="requests in flight at once")
    code = asyncio.run(run(parser.parse_args(argv)))
    if code:
        raise SystemExit(code)


if __name__ == "__main__":
    main()
