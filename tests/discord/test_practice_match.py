"""A whole practice match through the fake Discord gateway (issue 35): ``/match practice`` to the result, the bot's
moves posted in the match's thread by itself."""
from __future__ import annotations

import random

from engine.core.system import find_system
from table.store import Store
from tests.discord.bot_fixtures import running_bot
from tests.discord.fake_discord_model import message_text
from tests.discord.limits import board_problems

SYSTEM = find_system("tambores")


async def test_a_whole_practice_battle_on_discord_with_the_bots_moves_posted(fake_discord, redis, prefix):
    """Issue 35: ``/match practice game:tambores level:easy`` starts at once in a thread of its own; alice (a
    scripted random player) answers what autocomplete offers her; the practice opponent plays its seat by itself and
    its moves are posted like a player's; the battle reaches its result; the match is marked practice."""
    fake = fake_discord
    alice = fake.add_user("alice")
    store = Store(redis, prefix=prefix)
    pick = random.Random(35)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        opened = await fake.slash(alice, fake.channel, "match practice", game="tambores", level="easy")
        assert not opened.content.startswith("❌"), opened.content
        thread = fake.threads_of(fake.channel)[-1]
        match_id = await store.match_in(thread.id)
        match = await store.load(match_id)
        assert match.status.value == "active" and match.practice == {"player2": "easy"}
        for _ in range(400):
            match = await store.load(match_id)
            if match.status.over:
                break
            assert [s for s in SYSTEM.view(match.state, None)["awaiting"] if s not in match.practice], \
                "the practice opponent left its turn waiting"
            offered = await fake.autocomplete(alice, thread, "tdg do", focused="action", action="")
            assert offered
            result = await fake.slash(alice, thread, "tdg do", action=pick.choice(offered)["value"])
            assert not result.content.startswith("❌"), result.content
        assert (await store.load(match_id)).status.value == "finished"
    public = [m for m in fake.channel_messages(thread) if not m.ephemeral]
    assert sum("Practice bot (easy)" in message_text(m) for m in public) > 3, "the bot's moves were not posted"
    assert board_problems([(m.attachments, m.embeds) for m in fake.messages.values()]) == []
    log = [e for e in await store.log(match_id, events=False) if e.get("kind") == "action"]
    assert {e["by"] for e in log} == {alice.id, match.seats[1].user_id}


async def test_the_hint_answers_privately_on_discord(fake_discord, redis, prefix):
    """Issue 35 ("``/uw hint`` answers privately", the same ``hint`` in every game): in a practice match, ``/tdg
    hint`` answers alice alone with the move the normal practice opponent would make for her, named as the game
    names it; in the thread nobody else sees it."""
    fake = fake_discord
    alice = fake.add_user("alice")
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        await fake.slash(alice, fake.channel, "match practice", game="tambores", level="easy")
        thread = fake.threads_of(fake.channel)[-1]
        match = await store.load(await store.match_in(thread.id))
        assert [s for s in SYSTEM.view(match.state, None)["awaiting"] if s not in match.practice]
        hint = await fake.slash(alice, thread, "tdg hint")
        assert hint.ephemeral and "Suggested" in hint.content, hint.content
