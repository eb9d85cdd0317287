"""/roll at the table: quick rolls, match-thread rolls in the log, verification of altered rolls."""
from __future__ import annotations


import pytest

from engine.core.errors import InvalidInput
from table.rolls import Rolls
from tests.support.logs import rewrite_log
from tests.table.test_lifecycle import ANN, BOB, CAROL, ctx, started


async def test_quick_roll_outside_a_match_uses_the_system_generator_and_is_remembered(table, redis, prefix):
    reply = await Rolls(table).roll(ctx(ANN), "expr", {"expr": "2d6+3"})
    assert reply.embeds[0].title.startswith("🎲 2d6+3 = ")
    assert await redis.llen(f"{prefix}:rolls:{ANN.user_id}") == 1


async def test_bad_roll_changes_nothing_in_the_match(table):
    match_id, thread = await started(table)
    before = await table.store.load(match_id)
    with pytest.raises(InvalidInput):
        await Rolls(table).roll(ctx(ANN, thread), "expr", {"expr": "2d6+"})
    assert await table.store.load(match_id) == before


async def test_spectator_roll_in_a_match_thread_does_not_touch_the_match(table):
    match_id, thread = await started(table)
    before = await table.store.load(match_id)
    await Rolls(table).roll(ctx(CAROL, thread), "underworlds", {"attack": 2, "defence": 1})
    assert await table.store.load(match_id) == before


async def test_altering_one_logged_roll_fails_verification(table, redis, prefix):
    match_id, thread = await started(table)
    rolls = Rolls(table)
    for _ in range(3):
        await rolls.roll(ctx(ANN, thread), "underworlds", {"attack": 3, "defence": 2})
    await rolls.roll(ctx(BOB, thread), "magewars", {"dice": 4, "armor": 1, "effect": True}, secret=True)
    await table.concede(ctx(ANN, thread))
    assert (await table.verify(ctx(CAROL, thread))).content.startswith("✅")

    def alter(entries):
        faces = next(e for e in entries if e.get("kind") == "roll")["rolls"][0]["faces"]
        faces[0] = "critical" if faces[0] != "critical" else "hammer"  # a luckier face, draws untouched
    await rewrite_log(table.store, match_id, alter)
    reply = await table.verify(ctx(CAROL, thread))
    assert reply.content.startswith("❌") and "differs" in reply.content
