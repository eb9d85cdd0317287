"""``/match replay`` through the fake Discord gateway (issue 34 item 5): a whole Underworlds match and a whole Mage
Wars duel each post one animated GIF under Discord's 10 MB, in the match's thread, with its alt text; the progress
shows in the command's own message while the boards are drawn; before the end only the players may ask, and the
animation holds no hidden information (it is drawn from the public view). ``/match board step:N`` answers with the
board of that step, to the asker only."""
from __future__ import annotations

import asyncio
import io
import random

import pytest
from PIL import Image

from bench.matches import BOLD
from engine.core.system import find_system
from table.context import Actor, Context
from tests.discord.bot_fixtures import open_match, running_bot, store_for

UPLOAD_LIMIT = 10 * 1024 * 1024


async def _play_to_the_end(bot, store, match_id: str, thread, users: dict, seed: int, limit: int = 3000) -> None:
    """The match played to its end at the table by seeded players who favour fighting (no board drawn: only the
    replay is looked at here)."""
    pick = random.Random(seed)
    for _ in range(limit):
        match = await store.load(match_id)
        if match.status.over:
            return
        system = find_system(match.game)
        legal = {h.seat: system.legal_actions(match.state, h.seat) for h in match.seats}
        seat = pick.choice([s for s in legal if legal[s]])
        offered = [a for a in legal[seat] if a["type"] != "Concede"] or legal[seat]
        bold = [a for a in offered if a["type"] in BOLD]
        action = pick.choice(bold) if bold and pick.random() < 0.85 else pick.choice(offered)
        user = users[seat]
        await bot.services.table.act(Context(Actor(user.id, user.name), thread.id), action, match_id)
    raise AssertionError("the match did not end")


async def _replay_posted(fake, thread, before: int, seconds: float = 600) -> list:
    for _ in range(int(seconds * 10)):
        posted = [m for m in fake.channel_messages(thread)[before:] if "replay.gif" in m.files]
        if posted:
            return posted
        await asyncio.sleep(0.1)
    raise AssertionError("no replay was posted")


@pytest.mark.parametrize("game, seed", [("underworlds", 1), ("magewars", 1)])
async def test_a_whole_match_replays_as_one_animation_under_ten_megabytes(game, seed, fake_discord, redis, prefix):
    """Issue 34, Done when: "/match replay of a whole Underworlds match and of a whole Mage Wars duel posts one
    animated file under 10 MB"."""
    fake = fake_discord
    fake.answer_timeout = 600  # a whole match's boards are drawn before the answer (its progress shows meanwhile)
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    store = store_for(redis, prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000) as bot:
        thread, match_id = await open_match(fake, store, alice, bob, game)
        users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}
        refused = await fake.slash(carol, thread, "match replay")  # not a player, and the match goes on
        assert refused.ephemeral and "only its players" in refused.content
        await _play_to_the_end(bot, store, match_id, thread, users, seed)
        before = len(fake.channel_messages(thread))
        asked = await fake.slash(carol, thread, "match replay", speed=2.0)  # over: anyone may ask
        [posted] = await _replay_posted(fake, thread, before)
        await asyncio.sleep(0.5)
        match = await store.load(match_id)

    gifs = [m for m in fake.channel_messages(thread)[before:] if any(n.endswith((".gif", ".webp")) for n in m.files)]
    assert gifs == [posted], "one animated file"
    data = posted.files["replay.gif"]
    assert 0 < len(data) < UPLOAD_LIMIT
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.is_animated and image.n_frames > 20
    assert image.info.get("loop") == 0
    [attachment] = posted.attachments
    assert 0 < len(attachment.get("description") or "") <= 1024
    assert not posted.ephemeral and f"steps 1 to {match.log_length}" in posted.content
    assert any(call.method == "PATCH" for call in asked.calls), "the progress showed while the boards were drawn"


async def test_a_board_at_a_step_and_a_part_of_the_match_replayed(fake_discord, redis, prefix):
    """``/match board step:N`` on Discord: the board after that entry, to the asker only, with alt text; a player
    may replay part of a match still being played (``from``/``to``), anyone else is refused."""
    fake = fake_discord
    fake.answer_timeout = 120
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = store_for(redis, prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000) as bot:
        thread, match_id = await open_match(fake, store, alice, bob, "tambores")
        users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}
        pick = random.Random(3)
        system = find_system("tambores")
        for _ in range(12):
            match = await store.load(match_id)
            legal = {h.seat: system.legal_actions(match.state, h.seat) for h in match.seats}
            seat = pick.choice([s for s in legal if legal[s]])
            action = pick.choice([a for a in legal[seat] if a["type"] != "Concede"])
            user = users[seat]
            await bot.services.play.games["tambores"].act(Context(Actor(user.id, user.name), thread.id), action,
                                                          match_id)
        match = await store.load(match_id)
        shown = await fake.slash(bob, thread, "match board", step=match.log_length - 2)
        assert shown.ephemeral and f"after step {match.log_length - 2}" in shown.content
        [attachment] = shown.message.attachments
        assert attachment["filename"] == f"board-{match.log_length - 2}.png" and attachment.get("description")
        wrong = await fake.slash(bob, thread, "match board", step=match.log_length + 5)
        assert wrong.ephemeral and "its log runs from 1" in wrong.content
        before = len(fake.channel_messages(thread))
        await fake.slash(alice, thread, "match replay", **{"from": 3, "to": match.log_length})
        [posted] = await _replay_posted(fake, thread, before, 120)
        assert Image.open(io.BytesIO(posted.files["replay.gif"])).n_frames > 1
