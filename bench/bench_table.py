"""Table-layer timings against a real Redis: a /roll handled by the table (target under 2 ms)."""
from __future__ import annotations

import asyncio
import statistics
import time

from bench.common import bench_redis
from table.context import Actor, Context
from table.lifecycle import Table
from table.rolls import Rolls
from table.store import Store


async def _run() -> None:
    async with bench_redis("bench") as redis:
        await _measure(Store(redis, prefix="bench"))


async def _measure(store: Store) -> None:
    rolls = Rolls(Table(store, b"b" * 32))
    ctx = Context(Actor(1, "bench"), channel_id=1)
    for label, reader, options in (("/roll dice 4d6kh3", "expr", {"expr": "4d6kh3"}),
                                   ("/roll underworlds 3 vs 2", "underworlds", {"attack": 3, "defence": 2})):
        times = []
        for _ in range(500):
            start = time.perf_counter()
            await rolls.roll(ctx, reader, options)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        print(f"{label:32s} p50 {statistics.median(times):.3f} ms  p99 {times[int(len(times) * 0.99)]:.3f} ms"
              f"  (target: under 2 ms)")


def main() -> None:
    asyncio.run(_run())


if __name__ == "__main__":
    main()
