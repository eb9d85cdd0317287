"""A whole practice match of each game through the fake Discord gateway (issue 35): ``/match practice`` to the
result, the bot's moves posted in the match's thread by itself; ``/<game> hint`` answered privately."""
from __future__ import annotations

import random

import pytest

from engine.core.system import find_system
from table.presenter import find_presenter
from table.store import Store
from tests.discord.bot_fixtures import running_bot
from tests.discord.fake_discord_model import message_text
from tests.discord.limits import board_problems

GAMES = ("underworlds", "magewars", "dragonbond", "tambores")
SHORT = {"magewars": "Play Apprentice", "tambores": "Play a skirmish"}
"""The set-up a game's challenger may choose that makes the match short (Apprentice: a 2 × 3 arena and small books,
half the full duel's moves; a skirmish: one battle, where a campaign is three), taken whenever offered: a real choice
of the match keeps the test short where no option of ``/match practice`` could."""


def pick_offered(game: str, offered: list[dict], pick: random.Random) -> str:
    """A scripted random player's choice among what autocomplete offers: the game's short set-up (``SHORT``), else
    a kind of action (a label's first word: Move, Attack, Pass...), then one of that kind, so that a kind offered
    many times (every hex of a move) is not chosen more often than the rest."""
    label = SHORT.get(game)
    short = [c["value"] for c in offered if label and c["name"].startswith(label)]
    if short:
        return short[0]
    kinds: dict[str, list[str]] = {}
    for choice in offered:
        kinds.setdefault(choice["name"].split()[0], []).append(choice["value"])
    return pick.choice(kinds[pick.choice(sorted(kinds))])


@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_practice_match_on_discord_with_the_bots_moves_posted(game, fake_discord, redis, prefix):
    """Issue 35: ``/match practice game:<game> level:easy`` starts at once in a thread of its own; alice (a scripted
    random player) answers with what ``/<game> do``'s autocomplete offers her; the practice opponent plays its seat
    by itself and its moves are posted like a player's; the match reaches its result; it is marked practice."""
    fake = fake_discord
    alice = fake.add_user("alice")
    store = Store(redis, prefix=prefix)
    system, command = find_system(game), find_presenter(game).command
    pick = random.Random(f"practice-{game}")
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        opened = await fake.slash(alice, fake.channel, "match practice", game=game, level="easy")
        assert not opened.content.startswith("❌"), opened.content
        thread = fake.threads_of(fake.channel)[-1]
        match_id = await store.match_in(thread.id)
        match = await store.load(match_id)
        assert match.status.value == "active" and match.practice == {match.seats[1].seat: "easy"}
        for step in range(1000):
            match = await store.load(match_id)
            if match.status.over:
                break
            assert [s for s in system.view(match.state, None)["awaiting"] if s not in match.practice], \
                "the practice opponent left its turn waiting"
            offered = await fake.autocomplete(alice, thread, f"{command} do", focused="action", action="")
            assert offered, f"nothing offered to alice at {system.view(match.state, None).get('prompt')}"
            result = await fake.slash(alice, thread, f"{command} do", action=pick_offered(game, offered, pick))
            assert not result.content.startswith("❌"), result.content
        match = await store.load(match_id)
        assert match.status.value == "finished", f"{game}: not over after {step} moves of alice"
    public = [m for m in fake.channel_messages(thread) if not m.ephemeral]
    assert sum(match.seats[1].name in message_text(m) for m in public) > 3, "the bot's moves were not posted"
    assert board_problems([(m.attachments, m.embeds) for m in fake.messages.values()]) == []
    log = await store.log(match_id, events=False)
    assert log[-1]["kind"] == "action", "the game's own end, not a concession"
    assert {e["by"] for e in log if e["kind"] == "action"} == {alice.id, match.seats[1].user_id}


@pytest.mark.parametrize("game", GAMES)
async def test_the_hint_answers_privately_on_discord(game, fake_discord, redis, prefix):
    """Issue 35 ("``/uw hint`` answers privately", the same ``hint`` in every game): in a practice match,
    ``/<game> hint`` answers alice alone with the move the normal practice opponent would make for her; in the
    thread nobody else sees it."""
    fake = fake_discord
    alice = fake.add_user("alice")
    store = Store(redis, prefix=prefix)
    system, command = find_system(game), find_presenter(game).command
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        await fake.slash(alice, fake.channel, "match practice", game=game, level="easy")
        thread = fake.threads_of(fake.channel)[-1]
        match = await store.load(await store.match_in(thread.id))
        assert [s for s in system.view(match.state, None)["awaiting"] if s not in match.practice]
        before = len(fake.channel_messages(thread))
        hint = await fake.slash(alice, thread, f"{command} hint")
        assert hint.ephemeral and "Suggested" in hint.content, hint.content
        assert [m for m in fake.channel_messages(thread)[before:] if not m.ephemeral] == []
