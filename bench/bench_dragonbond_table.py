"""Dragonbond at the table: what the presenter costs per reply, and ``/db`` commands from interaction in to reply out.

1. The presenter at a busy step of a training battle (every unit on the table, an attack just made): the turn
   panel, the event lines, the combat embeds and the battlefield image (1280 px), p50 and p99, PNG bytes.
2. The real bot against the fake Discord gateway (``tests/discord``) with a real Redis (``REDIS_URL``, else an
   embedded one): ``/db setup`` and ``/db deploy`` commands of seeded matches, then a few battle commands (``/db attack``,
   ``/db march`` by typed x,y, ``/db pass``); the time from the interaction sent to the bot's response. A
   battle command's time is mostly the engine's ``legal_actions`` (named destinations), which the table asks
   for the command and again for the panel's choices.

Run: ``.venv/bin/python -m bench.bench_dragonbond_table`` (the Dragonbond system is registered for the run if
the engine only announces it).
"""
from __future__ import annotations

import asyncio
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import bench_redis, percentiles  # noqa: E402
from engine.core import system as systems  # noqa: E402
from engine.core.rng import SeededRng  # noqa: E402
from engine.dragonbond.system import DragonbondSystem, awaiting  # noqa: E402
from table.dragonbond.presenter import DragonbondPresenter  # noqa: E402
from table.presenter import Scene, register_presenter  # noqa: E402

DEPLOY_MATCHES = 3
BATTLE_COMMANDS = 4
SYSTEM = DragonbondSystem()
PRESENTER = DragonbondPresenter()
PLAYERS = {"player1": "alice", "player2": "bob"}




def busy_step() -> tuple[dict, list[dict]]:
    """A training battle, deployed, just after the first attack (the scripted player's choices; a refused
    march is tried no more)."""
    from engine.core.errors import IllegalAction
    from tests.table.test_dragonbond_table import next_command

    rng = SeededRng(bytes(32))
    state = SYSTEM.setup({"deployment": "auto"}, ("player1", "player2"), rng)
    events: list[dict] = []
    tried: set[str] = set()
    for _ in range(80):
        seat = awaiting(state)[0]
        line = next_command(state, seat, tried)
        tried.add(line)
        words = dict(w.split(":", 1) for w in shlex.split(line) if ":" in w)
        kind = line.split()[1]
        action = {"attack": {"type": "Attack", **words}, "charge": {"type": "Charge", **words},
                  "march": {"type": "March", "unit": words.get("unit"),
                            "to": [float(v) for v in words.get("to", "0,0").split(",")]},
                  }.get(kind, {"type": "Pass"})
        if kind == "decide":
            action = SYSTEM.legal_actions(state, seat)[0]
        try:
            state, events = SYSTEM.apply(state, seat, action, rng)
        except IllegalAction:
            continue
        tried = set()
        if any(e["type"] == "AttackRolled" for e in events):
            break
    return state, events


def bench_presenter() -> None:
    state, events = busy_step()
    times: dict[str, list[float]] = {"panel": [], "lines+embeds": [], "board": []}
    size = 0
    PRESENTER.board(Scene(SYSTEM.view(state, None), PLAYERS), events)  # fills the static-layer cache
    for _ in range(60):
        scene = Scene(SYSTEM.view(state, None), PLAYERS, match_id="bench")
        start = time.perf_counter()
        PRESENTER.panel(scene, {"player1": 1, "player2": 2}, "board.png")
        times["panel"].append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        PRESENTER.event_lines(scene, events)
        PRESENTER.embeds(scene, events)
        times["lines+embeds"].append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        size = len(PRESENTER.board(scene, events) or b"")
        times["board"].append((time.perf_counter() - start) * 1000)
    for what, ts in times.items():
        print(f"presenter {what:<13} {percentiles(ts)}")
    print(f"battlefield PNG 1280 px: {size / 1024:.1f} KiB")


async def bench_commands() -> None:
    from table.store import Store
    from tests.discord.bot_fixtures import open_match, running_bot
    from tests.discord.fake_discord import FakeDiscord
    from tests.discord.test_dragonbond_match import slash_of
    from tests.table.test_dragonbond_table import next_command

    prefix = "benchdb"
    deploys: list[float] = []
    battle: list[tuple[str, float]] = []
    async with bench_redis(prefix) as redis:
        store = Store(redis, prefix=prefix)
        async with FakeDiscord(settle=0.005) as fake:
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            async with running_bot(fake, redis, prefix, rate_limit_per_minute=1_000_000):
                for n in range(DEPLOY_MATCHES):
                    channel = fake.add_text_channel(name=f"db-{n}")
                    thread, match_id = await open_match(fake, store, alice, bob, "dragonbond", channel)
                    match = await store.load(match_id)
                    users = {h.seat: (alice if h.user_id == alice.id else bob) for h in match.seats}
                    while not match.status.over:
                        state = match.state
                        seat = awaiting(state)[0]
                        line = next_command(state, seat, set())
                        command, options = slash_of(line)
                        result = await fake.slash(users[seat], thread, command, **options)
                        if state["phase"] in ("setup", "deploy"):
                            deploys.append(result.acknowledged_after * 1000)
                        else:
                            battle.append((command, result.acknowledged_after * 1000))
                            if n + 1 < DEPLOY_MATCHES or len(battle) >= BATTLE_COMMANDS:
                                break
                        match = await store.load(match_id)
                await asyncio.sleep(0.3)
    print(f"/db setup and /db deploy through the fake gateway + Redis, {len(deploys)} commands  "
          f"{percentiles(deploys)}")
    for command, ms in battle:
        print(f"/{command} at the first battle turns: {ms:.0f} ms")


def main() -> None:
    if not dict((info.key, ok) for info, ok in systems.all_systems()).get("dragonbond"):
        systems.register(SYSTEM)
        register_presenter(PRESENTER)
    bench_presenter()
    asyncio.run(bench_commands())


if __name__ == "__main__":
    main()
