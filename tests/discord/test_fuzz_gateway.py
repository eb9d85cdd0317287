"""Property-based fuzzing through the fake Discord gateway: every answer is an answer, never a crash or a ping."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.discord.bot_fixtures import running_bot

words = st.one_of(st.text(min_size=1, max_size=100),
                  st.sampled_from(["2d6", "d", "9" * 40, "@everyone", "<@&1>", "1d0", "(((", "10d10000", "ñ",
                                   "2d6" * 60, "magewars", "-1", "1e309", "1d6" + "+1d6" * 60, "a1", "z99"]))
crash = "Something went wrong"


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(word=words, n=st.integers(min_value=1, max_value=20), m=st.integers(min_value=0, max_value=20),
       flag=st.booleans())
async def test_gateway_fuzzed_options_get_answers_never_crashes(fake_discord, redis, prefix, word, n, m, flag):
    fake = fake_discord
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    word = word.replace("\x00", "")[:100] or "x"
    threads = len(fake.threads_of(fake.channel))  # an earlier example naming a playable game opened one
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=10_000):
        result = await fake.slash(ann, fake.channel, "roll dice", expr=word, secret=flag)
        assert crash not in (result.content or "")
        for command, options in (("match status", {"match": word}), ("match log", {"n": n, "match": word}),
                                 ("match new", {"game": word, "opponent": bob}),
                                 ("uw move", {"fighter": word, "to": word}), ("uw do", {"action": word}),
                                 ("uw hand", {}), ("uw ref wounds", {"fighter": word, "delta": n})):
            result = await fake.slash(ann, fake.channel, command, **options)
            names_a_game = command == "match new" and _playable(word)
            assert (result.ephemeral or names_a_game) and crash not in result.content, (command, options,
                                                                                          result.content)
        result = await fake.slash(ann, fake.channel, "odds underworlds", attack=n, defence=m, wounds=m % 11,
                                  staggered=flag)
        assert not result.ephemeral
    assert len(fake.threads_of(fake.channel)) == threads or _playable(word)


def _playable(word: str) -> bool:
    """Whether a fuzzed word happens to name a playable game (``UW``): then a match is rightly opened."""
    from engine.core import system as systems
    from engine.core.errors import GameError

    try:
        systems.find_system(word)
    except GameError:
        return False
    return True
