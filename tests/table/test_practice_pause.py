"""The practice opponent's moves come one at a time (issue 35, item 1: "posts its actions like a player's, with a
short pause so the human can follow"): each of its moves is marked to be posted after a pause, and Discord's adapter
waits ``Settings.practice_pause_seconds`` before posting it (0 in the tests)."""
from __future__ import annotations

from table.settings import Settings
from tests.conformance.driver import drive, every
from tests.discord.bot_fixtures import services_for


async def test_each_move_of_the_practice_opponent_is_posted_after_a_pause(redis, prefix, tmp_path):
    services = services_for(redis, prefix, rate_limit_per_minute=1_000_000)
    replies, match = await drive(services, "tambores", seed="pause", boards=tmp_path, practice="easy",
                                 seconds=None, steps=30)
    bot = match.seats[1].name
    paused = [r for r in every(replies) if r.pause]
    assert paused and all(not r.ephemeral for r in paused)
    assert all(bot in r.content for r in paused), "only the bot's moves wait"
    assert not any(r.pause for r in replies), "the player's own answer never waits"
    assert Settings(discord_token=None).practice_pause_seconds == 1.5 and services.settings.practice_pause_seconds == 0
