"""Shared fixtures: a real Redis server (REDIS_URL, or an embedded one) and the table over it."""
from __future__ import annotations

import asyncio
import os
import secrets
from pathlib import Path

import pytest
from hypothesis import settings as _hypothesis
import redis.asyncio as aioredis

from table.games import load_games
import tests.support.nim  # noqa: F401 - the test-only game
from table.lifecycle import Table
from table.redis_server import EmbeddedRedis, client_for
from table.store import Store
from tests.discord.fake_discord import FakeDiscord
from tests.discord.limits import board_problems

ROOT = Path(__file__).resolve().parents[1]
collect_ignore = ["support"]  # imported by name only: a second import would register Nim twice
_hypothesis.register_profile("ci", derandomize=True, database=None)
_hypothesis.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
"""CI draws the same examples every run (a failure there is one anyone can replay); elsewhere they are new each
run, to find what CI has not."""
load_games("tests.support.ttt")  # every game (engine and table packages), and the test game as a GAME_PLUGINS module


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--conformance-deep", action="store_true", default=False,
                     help="play the conformance suite's release run: 1,000 matches per game (tests/conformance)")


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """REDIS_URL when set, otherwise an embedded server for the whole session."""
    url = os.environ.get("REDIS_URL")
    if url:
        yield url
        return
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    asyncio.run(server.start())
    yield server.url
    if server.process:
        server.process.terminate()
        server.process.wait(10)


@pytest.fixture
def prefix(redis_url: str):
    """A key prefix of this test's own, so tests never see each other's data; its keys go afterwards.

    The clean-up is here, not in ``redis``, because tests that run the bot as a subprocess
    write under the prefix without a client of their own.
    """
    name = "test" + secrets.token_hex(4)
    yield name
    import redis as sync_redis

    client = sync_redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(match=f"{name}:*", count=1000))
    if keys:
        client.delete(*keys)
    client.close()


@pytest.fixture
async def redis(redis_url: str, prefix: str):
    client = client_for(redis_url)  # as the bot opens it
    yield client
    await client.aclose()
    # The board workers' sockets are read by this test's event loop: stopped while it still runs, their readers
    # end here, instead of being found pending when the next test's loop starts new workers.
    from table import render_pool

    if render_pool._SHARED is not None:
        render_pool._SHARED.close()
        await asyncio.sleep(0)


@pytest.fixture
def store(redis: aioredis.Redis, prefix: str) -> Store:
    return Store(redis, prefix=prefix)


@pytest.fixture(scope="session")
def boards():
    """Every shipped Underworlds board face, by id."""
    from engine.underworlds.battlefield import load_boards

    return load_boards()


@pytest.fixture(scope="session")
def field(boards):
    """Shyishian Stardial (top) + Ruptured Seal (bottom, lethal hexes c8, g9, f10 ...), long join."""
    from engine.underworlds.battlefield import Battlefield

    return Battlefield.build(boards["shyishian-stardial"], boards["ruptured-seal"])


class Clock:
    """A clock the tests move by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


@pytest.fixture
def table(store: Store) -> Table:
    return Table(store, b"s" * 32, clock=Clock())


@pytest.fixture
async def fake_discord():
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
    assert fake.unknown_routes == [], f"bot called routes the fake does not know: {fake.unknown_routes}"
    assert fake.violations == [], f"bot broke Discord's rules: {fake.violations}"
    posted = [(m.attachments, m.embeds) for m in fake.messages.values()]
    assert board_problems(posted) == [], f"boards posted without alt text or in an embed: {board_problems(posted)}"
