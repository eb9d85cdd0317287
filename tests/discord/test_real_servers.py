"""What real Discord servers do to a bot, through the fake gateway: slow steps past Discord's 3-second
window, buttons that have done their job, players acting out of turn.

The fake refuses a first response later than 3 s (``ack_deadline``) and records it as a violation,
which fails the test (the ``fake_discord`` fixture).
"""
from __future__ import annotations

import asyncio

import pytest

from table.store import Store
from tests.discord.bot_fixtures import running_bot, ttt_match, concede
from tests.discord.fake_discord_model import walk_components

SLOW = 3.3
"""Seconds a slowed step takes: past Discord's window."""


def _slowed(target, name: str, seconds: float):
    """Make ``target.name`` (a coroutine method) take ``seconds`` longer; returns the undo."""
    original = getattr(target, name)

    async def slow(*args, **kwargs):
        await asyncio.sleep(seconds)
        return await original(*args, **kwargs)
    setattr(target, name, slow)
    return lambda: setattr(target, name, original)


async def _actions(store, match_id) -> list[dict]:
    return [e for e in await store.log(match_id, 50) if e.get("kind") == "action"]


async def test_a_slow_step_is_acknowledged_in_time_answered_and_saved_once(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000) as bot:
        thread, match_id, first, second = await ttt_match(fake, store, alice, bob)
        await fake.slash(first, thread, "ttt mark", cell="a1")
        await fake.slash(second, thread, "ttt mark", cell="e5")
        restore = _slowed(bot.services.store, "save", SLOW)  # Redis crawling: every save takes 3.3 s
        try:
            # a command whose answer is public: a private "thinking…" first, then the public board
            slow = await fake.slash(first, thread, "ttt mark", cell="b1")
            assert slow.callback_type == 5 and slow.acknowledged_after < 3
            public = [m for m in slow.messages if not m.ephemeral and not m.deleted]
            assert public and "marked b1" in public[-1].content and "board.png" in public[-1].files
            # a button: acknowledged without a word, then the answer
            panel = public[-1]
            [menu] = [c for c in walk_components(panel.components) if c.get("type") == 3]
            option = next(o for o in menu["options"] if o["label"] == "Mark e4")
            pressed = await fake.select(second, panel, menu["custom_id"], [option["value"]])
            assert pressed.callback_type == 6 and pressed.acknowledged_after < 3, pressed.content
            await pressed.wait_for_messages(1, timeout=SLOW + 2)
            assert "marked e4" in pressed.messages[-1].content
        finally:
            restore()
        restore = _slowed(bot.services.store, "load", SLOW)
        try:  # a slow refusal stays private
            refused = await fake.slash(second, thread, "ttt mark", cell="c1")
            assert refused.ephemeral and "not your decision" in refused.content
        finally:
            restore()
    logged = await _actions(store, match_id)
    assert [a["action"].get("cell") for a in logged] == ["a1", "e5", "b1", "e4"], "each action saved exactly once"


async def test_buttons_that_did_their_job_go_away(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        # declined: the challenge keeps no buttons
        await fake.slash(alice, fake.channel, "match new", game="ttt", opponent=carol)
        [declined_thread] = fake.threads_of(fake.channel)
        [invite] = fake.channel_messages(declined_thread)
        wrong = await fake.click(alice, invite, f"m:accept:{invite.custom_ids[0].split(':')[2]}")
        assert wrong.ephemeral and fake.messages[invite.id].custom_ids, "a refused press changes nothing"
        await fake.click(carol, invite, invite.custom_ids[1])
        assert fake.messages[invite.id].components == []

        # accepted, played, then conceded: the last panel's choices go with the match
        thread, match_id, first, second = await ttt_match(fake, store, alice, bob)
        await fake.slash(first, thread, "ttt mark", cell="a1")
        panel_id = (await store.load(match_id)).panel_message_id
        assert fake.messages[panel_id].custom_ids
        await concede(fake, second, thread)
        assert not any(c.startswith("g:") for c in fake.messages[panel_id].custom_ids)
        assert [m.id for m in fake.channel_messages(thread) if any(c.startswith(("g:", "m:"))
                                                                  for c in m.custom_ids)] == []


async def test_out_of_turn_answers_say_whose_turn_it_is(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        thread, match_id, first, second = await ttt_match(fake, store, alice, bob)
        for command, options in (("ttt do", {"action": "0"}), ("ttt do", {}), ("ttt mark", {"cell": "a1"})):
            refused = await fake.slash(second, thread, command, **options)
            assert refused.ephemeral and f"waiting for {first.name}" in refused.content, refused.content
        await fake.slash(alice, fake.channel, "match new", game="underworlds", opponent=bob)
        uw_thread = fake.threads_of(fake.channel)[-1]
        [invite] = fake.channel_messages(uw_thread)
        await fake.click(bob, invite, invite.custom_ids[0])
        uw = await store.load(await store.match_in(uw_thread.id))
        await fake.slash(alice, uw_thread, "uw do", action=f"{uw.log_length}:0")  # both choose warbands at once
        await fake.slash(bob, uw_thread, "uw do", action=f"{uw.log_length + 1}:0")
        for _ in range(2):  # the decks, then someone is waited for alone
            uw = await store.load(uw.id)
            from engine.core.system import find_system
            waiting = find_system("underworlds").view(uw.state, None)["awaiting"]
            for seat in waiting:
                user = alice if uw.holder(seat).user_id == alice.id else bob
                await fake.slash(user, uw_thread, "uw do", action="0")
        uw = await store.load(uw.id)
        waiting = find_system("underworlds").view(uw.state, None)["awaiting"]
        assert len(waiting) == 1
        idle = bob if uw.holder(waiting[0]).user_id == alice.id else alice
        refused = await fake.slash(idle, uw_thread, "uw do", action="0")
        assert refused.ephemeral and "waiting for" in refused.content and "0 choices" not in refused.content


PERMISSIONS = {"VIEW_CHANNEL": "View Channel", "SEND_MESSAGES": "Send Messages",
               "SEND_MESSAGES_IN_THREADS": "Send Messages in Threads", "CREATE_PUBLIC_THREADS": "Create Public Threads",
               "EMBED_LINKS": "Embed Links", "ATTACH_FILES": "Attach Files",
               "READ_MESSAGE_HISTORY": "Read Message History"}


@pytest.mark.parametrize("permission", sorted(PERMISSIONS))
async def test_a_missing_permission_is_named_and_nothing_is_created(fake_discord, redis, prefix, permission):
    import tests.discord.fake_discord as fd

    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        fake.set_permissions(fake.channel, fake.bot_user, deny=getattr(fd, permission))
        refused = await fake.slash(alice, fake.channel, "match new", game="ttt", opponent=bob)
        assert refused.ephemeral and PERMISSIONS[permission] in refused.content, refused.content
        assert "moderator" in refused.content
        assert fake.threads_of(fake.channel) == [] and await store.matches_of(alice.id) == []


async def test_a_permission_taken_away_mid_match_is_named_and_the_action_is_saved(fake_discord, redis, prefix):
    from tests.discord.fake_discord import ATTACH_FILES

    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        thread, match_id, first, second = await ttt_match(fake, store, alice, bob)
        fake.set_permissions(fake.channel, fake.bot_user, deny=ATTACH_FILES)  # the thread inherits it
        await asyncio.sleep(0.05)
        # the first action has a private half (the card dealt) and a public half (the board) to post
        result = await fake.slash(first, thread, "ttt mark", cell="a1")
        await result.wait_for_messages(3)
        private, public, note = result.messages[:3]
        assert private.ephemeral and "Your secret card" in private.content
        assert not public.ephemeral and "marked a1" in public.content and "board.png" in public.files
        assert note.ephemeral and "saved" in note.content and "Attach Files" in note.content
        assert [e["action"]["cell"] for e in await _actions(store, match_id)] == ["a1"]
        # the next player can still play from the panel shown instead
        [menu] = [c for c in walk_components(public.components) if c.get("type") == 3]
        option = next(o for o in menu["options"] if o["label"] == "Mark e5")
        chosen = await fake.select(second, public, menu["custom_id"], [option["value"]])
        await chosen.wait_for_messages(2)
        assert any("marked e5" in m.content for m in chosen.messages)


async def test_a_deleted_thread_stops_its_reminders_and_the_others_are_reminded(fake_discord, redis, prefix):
    fake = fake_discord
    users = [fake.add_user(name) for name in ("ann", "ben", "cat", "dan", "eve", "fay")]
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000, idle_reminder_minutes=5) as bot:
        matches = []
        for a, b in zip(users[::2], users[1::2]):
            matches.append(await ttt_match(fake, store, a, b))
        gone_thread, gone_id, *_ = matches[1]
        fake.delete_channel(gone_thread)
        await asyncio.sleep(0.05)
        latest = max([(await store.load(m[1])).updated_at for m in matches])
        cog = bot.get_cog("GamesCog")
        assert await cog.remind_once(latest + 5 * 60 + 30) == 2
        for thread, match_id, first, _ in (matches[0], matches[2]):
            assert any(f"<@{first.id}>" in m.content and "⏰" in m.content for m in fake.channel_messages(thread))
        assert str(gone_id) not in [m.decode() for m in await redis.zrange(f"{prefix}:idle", 0, -1)]
        assert await cog.remind_once(latest + 2 * (5 * 60) + 60) == 2  # the others keep their reminders


async def test_replies_from_maximal_inputs_pass_discords_limits(fake_discord, redis, prefix):
    """A 200-character dice expression with a huge result, 32-character display names, a match's whole life:
    every message is accepted by the fake's limit checks (a violation fails the test)."""
    fake = fake_discord
    alice, bob = fake.add_user("a" * 32), fake.add_user("ß" * 32)
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        expression = "1d1000*" + "9" * 193
        rolled = await fake.slash(alice, fake.channel, "roll dice", expr=expression)
        assert not rolled.ephemeral and rolled.embeds and "wrong on our side" not in rolled.content
        many = await fake.slash(alice, fake.channel, "roll dice", expr="+".join(["1000d6"] * 28))
        assert many.embeds or many.ephemeral
        thread, match_id, first, second = await ttt_match(fake, store, alice, bob)
        for user, cell in ((first, "a1"), (second, "e5"), (first, "b1")):
            await fake.slash(user, thread, "ttt mark", cell=cell)
        await fake.slash(first, thread, "match status")
        await fake.slash(first, thread, "match log", n=50)
        await concede(fake, second, thread)
    assert fake.violations == []
