"""Mage Wars at the table, beside the Underworlds figures (``bench/bench_uw.py``): arena render time and PNG size,
and one ``/mw do`` from interaction in to reply out.

1. ``render_arena`` of a full 4 × 3 arena in the middle of a duel (static layer cached): p50, p99, PNG bytes.
2. The real bot against the fake Discord gateway (``tests/discord``) with a real Redis (``REDIS_URL``, else an
   embedded one): ~200 ``/mw do`` commands of seeded apprentice duels, timed from the interaction being sent to
   the bot's response (the public reply with its arena, or the private answer).

    .venv/bin/python bench/bench_magewars_table.py
"""
from __future__ import annotations

import asyncio
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_uw import bench_commands as uw_commands, bench_render as uw_render  # noqa: E402
from bench.common import bench_redis, percentiles  # noqa: E402
from engine.core.rng import SeededRng  # noqa: E402
from engine.magewars.system import SYSTEM  # noqa: E402
from render.magewars.arena import render_arena  # noqa: E402

COMMANDS = 200
SEATS = ("player1", "player2")


def _busy_duel(mode: str) -> tuple[dict, list]:
    """A duel some rounds in, and the events of its last attack."""
    rng, pick = SeededRng((5).to_bytes(32, "big")), random.Random(5)
    state, last = SYSTEM.setup({"mode": mode}, SEATS, rng), []
    for _ in range(150):
        if state["over"]:
            break
        seat = SYSTEM.awaiting(state)[0]
        acts = [a for a in SYSTEM.legal_actions(state, seat) if a["type"] != "Concede"]
        bold = [a for a in acts if a["type"] in ("Attack", "Cast", "Move")]
        state, events = SYSTEM.apply(state, seat, pick.choice(bold if bold and pick.random() < 0.8 else acts), rng)
        last = events if any(e["type"] == "AttackRolled" for e in events) else last
    return state, last


def bench_render() -> None:
    for mode in ("full", "apprentice"):
        state, events = _busy_duel(mode)
        view = SYSTEM.view(state, None)
        render_arena(view, events=events)  # fills the static-layer cache
        times, size = [], 0
        for _ in range(100):
            start = time.perf_counter()
            png = render_arena(view, events=events)
            times.append((time.perf_counter() - start) * 1000)
            size = len(png)
        print(f"render {mode} arena, {len(view['objects'])} objects (static layer cached)  {percentiles(times)}"
              f"  PNG {size / 1024:.1f} KiB")


async def bench_commands() -> None:
    from table.store import Store
    from tests.discord.bot_fixtures import open_match, running_bot
    from tests.discord.fake_discord import FakeDiscord

    prefix = "benchmw"
    pick = random.Random(7)
    times: list[float] = []
    async with bench_redis(prefix) as redis:
        store = Store(redis, prefix=prefix)
        async with FakeDiscord(settle=0.005) as fake:
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            async with running_bot(fake, redis, prefix, rate_limit_per_minute=1_000_000):
                while len(times) < COMMANDS:
                    channel = fake.add_text_channel(name=f"mw-{len(times)}")
                    thread, match_id = await open_match(fake, store, alice, bob, "magewars", channel)
                    users: dict = {}
                    while len(times) < COMMANDS:
                        match = await store.load(match_id)
                        if match.status.over:
                            break
                        users = users or {h.seat: (alice if h.user_id == alice.id else bob) for h in match.seats}
                        seat = SYSTEM.awaiting(match.state)[0]
                        legal = SYSTEM.legal_actions(match.state, seat)
                        choices = [i for i, a in enumerate(legal) if a["type"] != "Concede"]
                        result = await fake.slash(users[seat], thread, "mw do",
                                                  action=f"{match.log_length}:{pick.choice(choices)}")
                        times.append(result.acknowledged_after * 1000)
                await asyncio.sleep(0.3)
    print(f"/mw do through the fake gateway + Redis, {len(times)} commands  {percentiles(times)}"
          f"  (interaction sent -> response with arena)")


def main() -> None:
    print("Mage Wars")
    bench_render()
    asyncio.run(bench_commands())
    print("Underworlds (bench/bench_uw.py)")
    uw_render()
    try:
        asyncio.run(uw_commands(200, [1]))  # one match live, as the /mw figure
    except ValueError as error:  # its invitation can land after its unpacking under load: say so, keep the rest
        print(f"/uw do bench stopped: {error!r} (run bench/bench_uw.py on a quiet machine)")


if __name__ == "__main__":
    main()
