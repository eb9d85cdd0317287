"""Several bot processes on Discord shards, sharing one Redis, through the fake gateway (issue #20).

Each test runs ``python bot.py`` subprocesses exactly as an operator would (``SHARD_COUNT=2``, ``SHARD_IDS``
one shard each, the same ``REDIS_URL`` and ``REDIS_PREFIX``), pointed at a fake Discord that recommends two
shards and routes each guild's interactions to the process that identified for its shard
(``(guild_id >> 22) % 2``). One guild is on each shard.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from table.store import Store
from tests.discord.bot_fixtures import ttt_match
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_discord_model import message_text, walk_components

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 30.0


class BotProcess:
    """One ``python bot.py`` on the shards ``shard_ids`` of two, its log in a file."""

    def __init__(self, proc: asyncio.subprocess.Process, log_path: Path) -> None:
        self.proc, self.log_path = proc, log_path

    @classmethod
    async def start(cls, fake: FakeDiscord, redis_url: str, prefix: str, folder: Path, shard_ids: str, *,
                    slow: str = "", name: str = "bot") -> "BotProcess":
        env = {**os.environ, **fake.subprocess_env(), "REDIS_URL": redis_url, "REDIS_PREFIX": prefix,
               "GAME_PLUGINS": "tests.support.ttt", "DATA_DIR": str(folder), "SHARD_COUNT": str(fake.shard_count),
               "SHARD_IDS": shard_ids, "RATE_LIMIT_PER_MINUTE": "100000", "IDLE_REMINDER_MINUTES": "0",
               "FAKE_DISCORD_SLOW": slow, "DRAIN_SECONDS": "10"}
        log_path = folder / f"{name}.log"
        with log_path.open("wb") as log:
            proc = await asyncio.create_subprocess_exec(sys.executable, "bot.py", cwd=ROOT, env=env,
                                                        stdout=asyncio.subprocess.DEVNULL, stderr=log)
        return cls(proc, log_path)

    @property
    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    async def stop(self, sig: int = signal.SIGTERM, timeout: float = 20.0) -> int:
        if self.proc.returncode is None:
            self.proc.send_signal(sig)
        return await asyncio.wait_for(self.proc.wait(), timeout)


@pytest.fixture
async def fake():
    """Two shards recommended; two IDENTIFYs at once allowed (so processes start without waiting 5 s)."""
    async with FakeDiscord(default_guild=False, shard_count=2, max_concurrency=2) as fake:
        yield fake
    assert fake.unknown_routes == [], f"bot called routes the fake does not know: {fake.unknown_routes}"
    assert fake.violations == [], f"bot broke Discord's rules: {fake.violations}"


@pytest.fixture
async def fleet(fake, redis_url, prefix, tmp_path):
    """``start(shard_ids, ...)`` a bot process; every process still running is killed afterwards."""
    started: list[BotProcess] = []

    async def start(shard_ids: str, **options) -> BotProcess:
        bot = await BotProcess.start(fake, redis_url, prefix, tmp_path, shard_ids,
                                     name=f"bot{len(started)}-shards{shard_ids}", **options)
        started.append(bot)
        return bot
    yield start
    for bot in started:
        if bot.proc.returncode is None:
            bot.proc.kill()
            await bot.proc.wait()


def _world(fake: FakeDiscord):
    """A guild (with a channel) on each shard, and two players in both."""
    guilds = [fake.add_guild(f"Shard {shard}", shard=shard) for shard in (0, 1)]
    channels = [fake.add_text_channel(guild, "games") for guild in guilds]
    assert [fake.shard_of(c) for c in channels] == [0, 1]
    return channels, fake.add_user("alice"), fake.add_user("bob")


async def _mark(fake, user, thread, cell: str):
    """``/ttt mark``, answered (the action is acknowledged) and the board posted in the thread."""
    result = await fake.slash(user, thread, "ttt mark", cell=cell)
    assert result.answered and not result.errors, (result.content, result.errors)
    for _ in range(100):
        if any(f"marked {cell}" in m.content for m in result.messages + fake.channel_messages(thread)):
            return result
        await asyncio.sleep(0.05)
    raise AssertionError(f"{cell} not shown: {result.content!r} {[m.content for m in fake.channel_messages(thread)]}")


async def _logged_cells(store, match_id) -> list[str]:
    return [e["action"]["cell"] for e in await store.log(match_id, 100) if e.get("kind") == "action"]


async def test_a_match_started_through_one_process_is_continued_through_another(fake, fleet, redis, prefix,
                                                                                tmp_path):
    """Two processes, one shard each: each serves its own guild, only shard 0's syncs the commands, any of
    them reads any match (a player's list in the other guild), and after the first process is stopped a new
    process identifies for its shard and continues the match where it was."""
    store = Store(redis, prefix=prefix)
    (games0, games1), alice, bob = _world(fake)
    first_process = await fleet("0")
    await fake.wait_synced(timeout=START_TIMEOUT)
    second_process = await fleet("1")
    await fake.wait_connected(timeout=START_TIMEOUT)
    assert sorted(tuple(shard) for _, shard in fake.identifies) == [(0, 2), (1, 2)]
    on_shard0, on_shard1 = fake.serving(0), fake.serving(1)
    assert on_shard0 != on_shard1

    thread, match_id, first, second = await ttt_match(fake, store, alice, bob, games0)
    played = await _mark(fake, first, thread, "a1")
    assert played.session_id == on_shard0

    # the other process reads the same Redis: the match is in the player's list there
    listed = await fake.slash(second, games1, "match list")
    assert listed.session_id == on_shard1 and match_id in message_text(listed.message), message_text(listed.message)
    other_thread, other_id, *_ = await ttt_match(fake, store, bob, alice, games1)
    assert other_id != match_id

    assert await first_process.stop() == 0, first_process.log[-3000:]
    assert not fake.shard_connected(0) and fake.shard_connected(1)
    await fleet("0")  # the shard is given to a new process
    await fake.wait_connected(timeout=START_TIMEOUT, shard=0, replacing=on_shard0)
    # the panel the stopped process posted still works: its menu names the match, not a process
    panel = fake.messages[(await store.load(match_id)).panel_message_id]
    [menu] = [c for c in walk_components(panel.components) if c.get("type") == 3]
    option = next(o for o in menu["options"] if o["label"] == "Mark e5")
    chosen = await fake.select(second, panel, menu["custom_id"], [option["value"]])
    assert chosen.session_id == fake.serving(0) != on_shard0 and not chosen.errors
    continued = await _mark(fake, first, thread, "b1")
    assert continued.session_id == fake.serving(0)
    assert await _logged_cells(store, match_id) == ["a1", "e5", "b1"]
    new_log = (tmp_path / "bot2-shards0.log").read_text()
    assert fake.sync_count == 1, f"only shard 0's first process synced: {new_log[-2000:]}"
    assert "not syncing commands: the process running shard 0 does" in second_process.log
    assert "Traceback" not in first_process.log + second_process.log, (first_process.log + second_process.log)[-3000:]


async def test_a_process_killed_mid_command_loses_no_acknowledged_action(fake, fleet, redis, prefix):
    """SIGKILL while a command waits on a slowed Redis save: every action a player saw acknowledged is in the
    stored log, the one cut short is not half-saved, the other shard's process keeps serving, and once a new
    process identifies for the dead one's shard the match goes on from where the log ends."""
    store = Store(redis, prefix=prefix)
    (games0, games1), alice, bob = _world(fake)
    doomed = await fleet("0", slow="table.store:Store.save=1.0")  # every save takes a second longer
    await fake.wait_synced(timeout=START_TIMEOUT)
    await fleet("1")
    await fake.wait_connected(timeout=START_TIMEOUT)
    dead_session = fake.serving(0)

    thread, match_id, first, second = await ttt_match(fake, store, alice, bob, games0)
    acknowledged = []
    for user, cell in ((first, "a1"), (second, "e5"), (first, "b1")):
        await _mark(fake, user, thread, cell)
        acknowledged.append(cell)

    fake.answer_timeout = 1.5
    cut_short = asyncio.create_task(fake.slash(second, thread, "ttt mark", cell="e4"))
    await asyncio.sleep(0.5)  # the bot has it and is inside the slowed save
    doomed.proc.kill()
    assert await doomed.proc.wait() == -signal.SIGKILL
    with pytest.raises(AssertionError, match="did not answer"):
        await cut_short
    fake.answer_timeout = 5.0

    logged = await _logged_cells(store, match_id)
    assert logged == acknowledged, "every acknowledged action stored, nothing of the cut-short one"
    match = await store.load(match_id)
    assert match.log_length == len(await store.log(match_id, 1000)), "snapshot and log agree"

    elsewhere = await fake.slash(alice, games1, "match list")  # the other shard's process never stopped
    assert elsewhere.session_id == fake.serving(1) and match_id in message_text(elsewhere.message)

    await fleet("0")
    await fake.wait_connected(timeout=START_TIMEOUT, shard=0, replacing=dead_session)
    await _mark(fake, second, thread, "e4")  # the player sends it again: it was never taken
    await _mark(fake, first, thread, "c1")
    assert await _logged_cells(store, match_id) == ["a1", "e5", "b1", "e4", "c1"]


async def test_sigterm_lets_the_command_being_handled_finish(fake, fleet, redis, prefix):
    """Draining: a command being handled when SIGTERM arrives is saved and answered; then the process exits 0."""
    store = Store(redis, prefix=prefix)
    (games0, _), alice, bob = _world(fake)
    process = await fleet("0-1", slow="table.store:Store.save=1.5")
    await fake.wait_connected(timeout=START_TIMEOUT)
    thread, match_id, first, second = await ttt_match(fake, store, alice, bob, games0)

    pending = asyncio.create_task(_mark(fake, first, thread, "a1"))
    await asyncio.sleep(0.4)
    process.proc.send_signal(signal.SIGTERM)
    await pending  # answered, and the board posted
    assert await process.stop() == 0, process.log[-3000:]
    assert re.search(r"draining: [12] interaction\(s\) being handled", process.log)  # the accept may still post
    assert "still running" not in process.log
    assert await _logged_cells(store, match_id) == ["a1"]


async def test_processes_started_together_identify_five_seconds_apart_when_discord_allows_one_at_a_time(
        redis_url, prefix, tmp_path):
    """Discord accepts one IDENTIFY per 5 s per ``max_concurrency`` bucket for the whole bot: two processes
    started at the same moment take turns through Redis."""
    async with FakeDiscord(default_guild=False, shard_count=2, max_concurrency=1) as fake:
        processes = [await BotProcess.start(fake, redis_url, prefix, tmp_path, ids, name=f"p{ids}")
                     for ids in ("0", "1")]
        try:
            await fake.wait_connected(timeout=START_TIMEOUT)
            (first_at, _), (second_at, _) = sorted(fake.identifies)
            assert second_at - first_at >= 4.9
        finally:
            for process in processes:
                with contextlib.suppress(ProcessLookupError):
                    assert await process.stop() == 0, process.log[-3000:]


async def test_shard_count_auto_runs_discords_recommended_shards_in_one_process(fake, redis, prefix):
    """``SHARD_COUNT=auto``: the bot asks ``GET /gateway/bot`` for the count and runs every shard itself."""
    from cogs.client import ShardedGameMasterBot, build_bot
    from tests.discord.bot_fixtures import services_for

    (games0, games1), alice, bob = _world(fake)
    bot = build_bot(services_for(redis, prefix, shard_count="auto", rate_limit_per_minute=100_000))
    assert isinstance(bot, ShardedGameMasterBot)
    async with fake.running(bot, timeout=10):
        await fake.wait_connected()
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        answered = [await fake.slash(alice, channel, "match list") for channel in (games0, games1)]
        assert [r.shard for r in answered] == [0, 1] and answered[0].session_id != answered[1].session_id


def test_shard_settings_name_this_processes_shards_and_refuse_what_cannot_work():
    from pydantic import ValidationError

    from table.settings import Settings, parse_shard_ids

    assert parse_shard_ids("0-3") == [0, 1, 2, 3] and parse_shard_ids("4, 0-1") == [0, 1, 4]
    assert parse_shard_ids("1-") is None and parse_shard_ids("3-1") is None and parse_shard_ids("a") is None
    assert not Settings().sharded and Settings(shard_count="auto").sharded
    assert Settings(shard_count=4, shard_ids="2-3").owned_shards == [2, 3]
    for bad in ({"shard_ids": "0"}, {"shard_count": "auto", "shard_ids": "0"}, {"shard_count": 2, "shard_ids": "2"},
                {"shard_count": 0}, {"shard_count": 2, "shard_ids": "0", "discord_token": "t", "redis_url": None}):
        with pytest.raises(ValidationError):
            Settings(**bad)


async def test_an_identify_with_an_invalid_shard_is_closed_with_4010(fake):
    import aiohttp

    async with aiohttp.ClientSession() as session, session.ws_connect(fake.gateway_url) as ws:
        hello = await ws.receive_json()
        assert hello["op"] == 10
        await ws.send_json({"op": 2, "d": {"token": "fake-token", "intents": 1, "properties": {}, "shard": [2, 2]}})
        closed = await ws.receive()
        assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4010
    assert fake.identifies == []
