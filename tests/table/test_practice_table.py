"""The practice opponent at the table (issue 35, ``table/practice.py``): a whole match against it, for every game."""
from __future__ import annotations

import pytest

from engine.core.errors import InvalidInput
from table.practice import level_of
from tests.conformance.driver import drive, every
from tests.discord.bot_fixtures import services_for

GAMES = ("underworlds", "magewars", "dragonbond", "tambores")


@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_practice_match_reaches_its_result_with_the_bots_moves_posted(game, redis, prefix, tmp_path):
    """Issue 35: ``/match new <game> vs:practice level:easy`` at the local table starts at once; a scripted random
    player plays alice's seat, the practice opponent answers by itself as soon as it is awaited, its moves posted in
    the match's thread; the match reaches its result (or, past the driver's time, a concession ends it) and no reply
    is the internal-error answer."""
    services = services_for(redis, prefix, rate_limit_per_minute=1_000_000)
    replies, match = await drive(services, game, seed=f"practice-{game}", boards=tmp_path, practice="easy",
                                 concede=True, seconds=150)
    assert match.practice == {match.seats[1].seat: "easy"}
    assert match.seats[1].user_id < 0 and "Practice" in match.seats[1].name
    assert not [r.content for r in every(replies) if r.error == "crash"]
    assert match.status.over
    bot = match.seats[1].name
    assert any(bot in (r.content or "") for r in every(replies) if not r.ephemeral), "no move of the bot was posted"
    log = [e for e in await services.store.log(match.id, events=False) if e.get("kind") == "action"]
    assert any(e.get("by") == match.seats[1].user_id for e in log), "the practice opponent never acted"


def test_a_practice_level_is_one_of_three():
    """Issue 35: levels easy, normal and hard; anything else is refused with the list."""
    assert level_of(None) == "normal" and level_of(" Hard ") == "hard"
    with pytest.raises(InvalidInput) as refused:
        level_of("expert")
    assert refused.value.params["levels"] == "easy, normal, hard"
