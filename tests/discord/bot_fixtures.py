"""Running the real bot in-process against the fake Discord, with a real Redis behind it."""
from __future__ import annotations

import asyncio
import contextlib
from typing import AsyncIterator

from cogs.client import GameMasterBot
from table.lifecycle import Table
from table.ratelimit import RateLimit
from table.rolls import Rolls
from table.services import Services
from table.settings import Settings
from table.store import Store


SECRET = b"k" * 32
"""The bot's server secret in these tests."""


def store_for(redis, prefix: str) -> Store:
    """The bot's store as a test reads it: knowing the bot's secret, so the log gives each action its events
    (replayed from the match seed: the log does not store them)."""
    store = Store(redis, prefix=prefix)
    Table(store, SECRET)
    return store


def services_for(redis, prefix: str, **settings) -> Services:
    """Services over the test's Redis client and key prefix."""
    settings = {"practice_pause_seconds": 0, **settings}  # the practice opponent's moves come at once in tests
    config = Settings(redis_prefix=prefix, discord_token=None, **settings)
    store = Store(redis, prefix=prefix)
    table = Table(store, SECRET)
    return Services(config, redis, store, table, RateLimit(redis, prefix, config.rate_limit_per_minute), Rolls(table))


@contextlib.asynccontextmanager
async def running_bot(fake, redis, prefix: str, **settings) -> AsyncIterator[GameMasterBot]:
    """The bot connected to ``fake`` (commands synced during start-up). It stops as on SIGTERM (``drain``): the
    interactions being handled finish first, such as a reply's stripping of the previous panel's buttons, which
    comes after the reply a test waits for."""
    bot = GameMasterBot(services_for(redis, prefix, **settings))
    async with fake.running(bot) as started:
        try:
            yield started
        finally:
            await started.drain(5.0)


async def open_match(fake, store, alice, bob, game: str, channel=None) -> tuple[object, str]:
    """A two-player match of ``game`` challenged by ``alice`` in ``channel`` (default: the fake's channel) and
    accepted by ``bob``: (its thread, its id)."""
    channel = channel or fake.channel
    await fake.slash(alice, channel, "match new", game=game, opponent=bob)
    thread = fake.threads_of(channel)[-1]
    for _ in range(500):  # the invitation is posted in the new thread just after the answer
        if fake.channel_messages(thread):
            break
        await asyncio.sleep(0.01)
    [invite] = fake.channel_messages(thread)
    await fake.click(bob, invite, invite.custom_ids[0])
    return thread, await store.match_in(thread.id)


async def ttt_match(fake, store, alice, bob, channel=None):
    """A started match of the test game in ``channel`` (default: the fake's channel), challenged by ``alice`` and
    accepted by ``bob``; returns (thread, match id, first player, second player)."""
    thread, match_id = await open_match(fake, store, alice, bob, "ttt", channel)
    match = await store.load(match_id)
    first = alice if match.holder(match.state["turn"]).user_id == alice.id else bob
    return thread, match_id, first, (bob if first is alice else alice)


async def concede(fake, user, channel, **options):
    """``/match concede`` as ``user``, and the confirmation it asks for pressed: the message answering it (the
    command's own answer when it is refused)."""
    asked = await fake.slash(user, channel, "match concede", **options)
    confirm = [c for c in (asked.message.custom_ids if asked.message is not None else []) if c.startswith("m:concede:")]
    if not confirm:
        return asked
    return (await fake.click(user, asked, confirm[0])).messages[-1]


async def abandon(fake, user, channel, **options):
    """``/match abandon`` as ``user``, and the confirmation it asks for pressed."""
    asked = await fake.slash(user, channel, "match abandon", **options)
    confirm = [c for c in (asked.message.custom_ids if asked.message is not None else []) if c.startswith("m:abandon:")]
    if not confirm:
        return asked
    return (await fake.click(user, asked, confirm[0])).messages[-1]
