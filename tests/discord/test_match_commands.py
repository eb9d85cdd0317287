"""``/match`` through the fake Discord gateway, with the real discord.py client and a real Redis."""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from tests.discord.bot_fixtures import running_bot, concede, abandon
from tests.discord.limits import check_command_tree

ROOT = Path(__file__).resolve().parents[2]


async def test_command_tree_is_within_discords_limits(fake_discord, redis, prefix):
    async with running_bot(fake_discord, redis, prefix):
        assert fake_discord.synced_commands, "the bot syncs its commands at start-up"
        assert check_command_tree(fake_discord.synced_commands) == []


async def test_new_accept_status_concede_through_discord(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with running_bot(fake, redis, prefix):
        opened = await fake.slash(alice, fake.channel, "match new", game="nim", opponent=bob)
        assert not opened.ephemeral and "waiting for" in opened.content
        [thread] = fake.threads_of(fake.channel)
        [invite] = fake.channel_messages(thread)
        assert f"<@{bob.id}>" in invite.content
        assert invite.allowed_mentions["parse"] == [] and [int(u) for u in invite.allowed_mentions["users"]] == [bob.id]

        # a third user cannot accept; the challenger cannot accept for the opponent
        for intruder in (carol, alice):
            refused = await fake.click(intruder, invite, invite.custom_ids[0])
            assert refused.ephemeral
        accepted = (await fake.click(bob, invite, invite.custom_ids[0])).messages[-1]
        assert not accepted.ephemeral and "accepted" in accepted.content
        assert fake.messages[invite.id].components == [], "the answered challenge keeps no buttons"

        status = await fake.slash(carol, thread, "match status")
        assert status.embeds[0]["fields"][0]["value"] == "active"

        intruder = await concede(fake, carol, thread)
        assert intruder.ephemeral and "only its players" in intruder.content
        conceded = await concede(fake, bob, thread)
        assert not conceded.ephemeral and f"<@{alice.id}> wins" in conceded.content

        verified = await fake.slash(carol, thread, "match verify")
        assert verified.content.startswith("✅")


async def test_errors_are_ephemeral_and_say_what_to_do(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, redis, prefix):
        for command, options, hint in (
            ("match new", {"game": "tafl", "opponent": bob}, "not available yet"),
            ("match new", {"game": "chess", "opponent": bob}, "Choose one of"),
            ("match new", {"game": "nim", "opponent": alice}, "can't challenge yourself"),
            ("match status", {}, "There is no match in this channel"),
            ("match status", {"match": "zzzz"}, "No match has the id"),
        ):
            result = await fake.slash(alice, fake.channel, command, **options)
            assert result.ephemeral and hint in result.content, (command, result.content)
        assert fake.threads_of(fake.channel) == []


async def test_user_text_never_pings_everyone(fake_discord, redis, prefix):
    fake = fake_discord
    alice, sneaky = fake.add_user("alice"), fake.add_user("@everyone")
    async with running_bot(fake, redis, prefix):
        await fake.slash(alice, fake.channel, "match new", game="nim", opponent=sneaky)
        listing = await fake.slash(alice, fake.channel, "match list")
        assert "@everyone" not in listing.embeds[0]["description"]
    # the fixture fails the test if any message could have pinged @everyone or a role


async def test_abandon_needs_both_players_or_a_moderator(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    mod = fake.add_user("mod", moderator=True)
    async with running_bot(fake, redis, prefix):
        await fake.slash(alice, fake.channel, "match new", game="nim", opponent=bob)
        [thread] = fake.threads_of(fake.channel)
        [invite] = fake.channel_messages(thread)
        await fake.click(bob, invite, invite.custom_ids[0])
        asked = await abandon(fake, alice, thread)
        assert "do you agree" in asked.content
        status = await fake.slash(bob, thread, "match status")
        assert status.embeds[0]["fields"][0]["value"] == "active"
        await abandon(fake, mod, thread)
        status = await fake.slash(bob, thread, "match status")
        assert status.embeds[0]["fields"][0]["value"] == "abandoned"


async def test_autocomplete_offers_games_and_own_matches(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, redis, prefix):
        games = await fake.autocomplete(alice, fake.channel, "match new", focused="game", game="ni")
        assert [c["value"] for c in games] == ["nim"]
        await fake.slash(alice, fake.channel, "match new", game="nim", opponent=bob)
        mine = await fake.autocomplete(alice, fake.channel, "match status", focused="match", match="")
        assert len(mine) == 1 and "Nim" in mine[0]["name"]


async def test_buttons_still_work_after_a_restart(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, redis, prefix):
        await fake.slash(alice, fake.channel, "match new", game="nim", opponent=bob)
    [thread] = fake.threads_of(fake.channel)
    [invite] = fake.channel_messages(thread)
    async with running_bot(fake, redis, prefix):
        accepted = (await fake.click(bob, invite, invite.custom_ids[0])).messages[-1]
        assert "accepted" in accepted.content


async def test_rate_limit_answers_ephemerally(fake_discord, redis, prefix):
    fake = fake_discord
    alice = fake.add_user("alice")
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=2):
        for _ in range(2):
            await fake.slash(alice, fake.channel, "match list")
        limited = await fake.slash(alice, fake.channel, "match list")
        assert limited.ephemeral and "too fast" in limited.content


async def test_bot_py_subprocess_connects_and_answers(fake_discord, redis_url, prefix, tmp_path):
    """``python bot.py`` exactly as the README runs it, pointed at the fake by the test launcher."""
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    env = {**os.environ, **fake.subprocess_env(), "REDIS_URL": redis_url, "REDIS_PREFIX": prefix,
           "GAME_PLUGINS": "tests.support.nim", "DATA_DIR": str(tmp_path)}
    proc = await asyncio.create_subprocess_exec(sys.executable, "bot.py", cwd=ROOT, env=env,
                                                stderr=asyncio.subprocess.PIPE)
    try:
        await fake.wait_synced(timeout=30)
        await fake.wait_connected(timeout=30)
        opened = await fake.slash(alice, fake.channel, "match new", game="nim", opponent=bob)
        assert "waiting for" in opened.content
    finally:
        if proc.returncode is None:
            proc.terminate()
        _, err = await asyncio.wait_for(proc.communicate(), 20)
    assert proc.returncode == 0, err.decode()[-2000:]
    assert b"fake-token" not in err, "the token must never be logged"


async def test_spanish_server_and_user_get_spanish_messages(fake_discord, redis, prefix):
    """Public messages follow the server's language, errors the user's own Discord language."""
    fake = fake_discord
    fake.guild.locale = "es-ES"
    ana, beto = fake.add_user("ana"), fake.add_user("beto")
    ana.locale = "es-ES"
    async with running_bot(fake, redis, prefix):
        opened = await fake.slash(ana, fake.channel, "match new", game="nim", opponent=beto)
        assert "esperando a que" in opened.content
        [thread] = fake.threads_of(fake.channel)
        [invite] = fake.channel_messages(thread)
        assert "te reta" in invite.content
        refused = await fake.slash(ana, fake.channel, "match new", game="nim", opponent=ana)
        assert refused.ephemeral and "No puedes retarte" in refused.content, refused.content
        english = await fake.slash(beto, fake.channel, "match new", game="nim", opponent=beto)
        assert english.ephemeral and "can't challenge yourself" in english.content
