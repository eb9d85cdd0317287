"""Faults: the bot killed mid-command, Redis killed and restarted with append-only persistence."""
from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis.asyncio as aioredis

from table.context import Actor
from table.lifecycle import Table
from table.redis_server import EmbeddedRedis
from table.replay import replay
from table.store import Store
from tests.table.test_lifecycle import ANN, BOB, ctx, started

ROOT = Path(__file__).resolve().parents[2]


async def test_redis_killed_and_restarted_loses_no_acknowledged_action(tmp_path: Path):
    """SIGKILL the server right after acknowledged writes; restart it on the same append-only file."""
    server = EmbeddedRedis(tmp_path / "redis")
    await server.start()
    client = aioredis.from_url(server.url)
    table = Table(Store(client, prefix="f"), b"f" * 32)
    match_id, thread = await started(table)
    acknowledged = 0
    for _ in range(40):
        match = await table.store.load(match_id)
        if match.status.over:
            break
        who = ANN if match.holder(match.state["turn"]).user_id == ANN.user_id else BOB
        await table.act(ctx(who, thread), {"type": "Take", "stones": 1})
        acknowledged += 1
    before = await table.store.load(match_id)
    os.kill(server.process.pid, signal.SIGKILL)
    server.process.wait(10)
    await client.aclose()

    again = EmbeddedRedis(tmp_path / "redis")
    await again.start()
    client = aioredis.from_url(again.url)
    try:
        store = Store(client, prefix="f")
        after = await store.load(match_id)
        assert after == before
        log = await store.log(match_id)
        assert sum(1 for e in log if e["kind"] == "action") == acknowledged
        assert replay(after, table.seed(match_id), log) == after.state
    finally:
        await client.aclose()
        await again.stop()


def test_bot_killed_mid_commands_leaves_every_match_consistent(tmp_path: Path, redis_url: str, prefix: str):
    """Kill the local table while it writes rolls to a match: each action is wholly there or not at all."""
    env = {**os.environ, "REDIS_URL": redis_url, "REDIS_PREFIX": prefix, "GAME_PLUGINS": "tests.support.nim",
           "BOARDS_DIR": str(tmp_path / "boards"), "DATA_DIR": str(tmp_path / "var")}
    env.pop("DISCORD_TOKEN", None)
    setup = "/match new nim vs:bob\n/as bob\n/press Accept\n"
    proc = subprocess.Popen([sys.executable, "bot.py", "--script", "-", "--json"], cwd=ROOT, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    proc.stdin.write(setup + "/roll underworlds attack:5 defence:4\n" * 400)
    proc.stdin.close()
    acknowledged = []
    deadline = time.time() + 30
    while time.time() < deadline:
        line = proc.stdout.readline()
        found = re.search(r"logged as entry #(\d+) of match (\w+)", line)
        if found:
            acknowledged.append((int(found[1]), found[2]))
            if len(acknowledged) == 25:
                os.kill(proc.pid, signal.SIGKILL)  # in the middle of the stream of commands
                break
    proc.wait(10)
    assert len(acknowledged) == 25
    match_id = acknowledged[0][1]

    async def check() -> None:
        client = aioredis.from_url(redis_url)
        try:
            store = Store(client, prefix=prefix)
            match = await store.load(match_id)
            log = await store.log(match_id)
            assert [e["n"] for e in log] == list(range(1, len(log) + 1)) and match.log_length == len(log)
            assert max(n for n, _ in acknowledged) <= len(log)  # nothing acknowledged is missing
            table = Table(store, await store.server_secret())
            replay(match, table.seed(match_id), log)
            # ... and the match goes on after the restart
            await table.concede(ctx(Actor(match.seats[0].user_id, "alice"), match.thread_id))
            assert (await table.verify(ctx(Actor(1, "x"), match.thread_id))).content.startswith("✅")
        finally:
            await client.aclose()

    asyncio.run(check())
