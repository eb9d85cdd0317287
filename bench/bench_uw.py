"""Underworlds at the table: board render time and size, and one ``/uw do`` from interaction in to reply out.

1. ``render_view`` of a deployed board 1280 px wide (the static layer cached): p50, p99, PNG bytes.
2. The real bot against the fake Discord gateway (``tests/discord``) with a real Redis (``REDIS_URL``,
   else an embedded one): ~200 ``/uw do`` commands of seeded matches; the time from the interaction
   being sent to the bot's response (the public reply with its board, or the private answer).
"""
from __future__ import annotations

import asyncio
import random
import statistics
import sys
import time
from pathlib import Path


from bench.common import bench_redis
from engine.core.rng import SeededRng
from engine.underworlds.system import UnderworldsSystem
from table.underworlds.board import render_view

COMMANDS = 200


def _percentiles(times: list[float]) -> str:
    times = sorted(times)
    return f"p50 {statistics.median(times):.1f} ms  p99 {times[min(len(times) - 1, int(len(times) * 0.99))]:.1f} ms"


def bench_render() -> None:
    system = UnderworldsSystem()
    rng, pick = SeededRng(bytes(32)), random.Random(1)
    state = system.setup({}, ("player1", "player2"), rng)
    events: list = []
    while state["phase"] == "setup" or system.view(state, None)["prompt"]["kind"] != "turn":
        seat = system.view(state, None)["awaiting"][0]
        state, events = system.apply(state, seat, pick.choice(system.legal_actions(state, seat)), rng)
    view = system.view(state, None)
    render_view(view, events=events)  # fills the static-layer cache
    times, size = [], 0
    for _ in range(100):
        start = time.perf_counter()
        png = render_view(view, events=events)
        times.append((time.perf_counter() - start) * 1000)
        size = len(png or b"")
    print(f"render full board 1280 px (static layer cached)  {_percentiles(times)}  PNG {size / 1024:.1f} KiB")


async def bench_commands() -> None:
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    from table.store import Store
    from tests.discord.bot_fixtures import running_bot
    from tests.discord.fake_discord import FakeDiscord

    prefix = "benchuw"
    async with bench_redis(prefix) as redis:
        await _play_commands(redis, prefix, Store(redis, prefix=prefix), running_bot, FakeDiscord)


async def _play_commands(redis, prefix, store, running_bot, FakeDiscord) -> None:
    """Matches played with ``/uw do`` until enough commands were timed."""
    system = UnderworldsSystem()
    pick = random.Random(7)
    times: list[float] = []
    async with FakeDiscord(settle=0.005) as fake:
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        async with running_bot(fake, redis, prefix, rate_limit_per_minute=1_000_000):
            while len(times) < COMMANDS:
                channel = fake.add_text_channel(name=f"uw-{len(times)}")
                await fake.slash(alice, channel, "match new", game="underworlds", opponent=bob)
                [thread] = fake.threads_of(channel)
                [invite] = fake.channel_messages(thread)
                await fake.click(bob, invite, invite.custom_ids[0])
                match_id = await store.match_in(thread.id)
                users = {}
                while len(times) < COMMANDS:
                    match = await store.load(match_id)
                    if match.status.over:
                        break
                    users = users or {h.seat: (alice if h.user_id == alice.id else bob) for h in match.seats}
                    seat = system.view(match.state, None)["awaiting"][0]
                    legal = system.legal_actions(match.state, seat)
                    result = await fake.slash(users[seat], thread, "uw do",
                                              action=f"{match.log_length}:{pick.randrange(len(legal))}")
                    times.append(result.acknowledged_after * 1000)
            await asyncio.sleep(0.3)  # let the last thread posts land before the bot closes
    print(f"/uw do through the fake gateway + Redis, {len(times)} commands  {_percentiles(times)}"
          f"  (interaction sent -> response with board)")


def main() -> None:
    bench_render()
    asyncio.run(bench_commands())


if __name__ == "__main__":
    main()
