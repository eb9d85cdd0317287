"""Fuzzed options through the fake Discord gateway: every answer is an answer, never a crash or a ping."""
from __future__ import annotations

import random

from tests.discord.bot_fixtures import running_bot

WORDS = ["", "2d6", "d", "9" * 40, "@everyone", "<@&1>", "1d0", "(((", "10d10000", "ñ", "2d6" * 60, "nim",
         "magewars", "\u0000", "🙂" * 30, "-1", "1e309", "match", "1d6" + "+1d6" * 300]


async def test_gateway_fuzzed_options_get_answers_never_crashes(fake_discord, redis, prefix):
    fake = fake_discord
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    picker = random.Random(11)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=10_000):
        for _ in range(40):
            word = picker.choice(WORDS)[:200] or "x"
            result = await fake.slash(ann, fake.channel, "roll dice", expr=word)
            assert "Something went wrong" not in (result.content or "")
            result = await fake.slash(ann, fake.channel, "match status", match=word)
            assert result.ephemeral and "Something went wrong" not in result.content
            if word not in ("nim",):
                result = await fake.slash(ann, fake.channel, "match new", game=word, opponent=bob)
                assert result.ephemeral and "Something went wrong" not in result.content
            result = await fake.slash(ann, fake.channel, "odds underworlds", attack=picker.randint(1, 20),
                                      defence=picker.randint(0, 20), wounds=picker.randint(0, 10))
            assert not result.ephemeral
    assert fake.threads_of(fake.channel) == []
