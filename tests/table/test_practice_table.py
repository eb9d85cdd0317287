"""The practice opponent at the table (issue 35, ``table/practice.py``): a whole match against it, for every game."""
from __future__ import annotations

import io

import pytest

from engine.core.errors import InvalidInput
from table.local_app import open_local_table
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


async def test_uw_hint_answers_privately_with_the_normal_bots_move(redis, prefix, tmp_path):
    """Issue 35 ("``/uw hint`` answers privately"): in a practice match, ``/uw hint`` tells the asking player alone
    (ephemeral) the move the normal practice opponent would make in their seat, named as the game's labels name the
    legal actions, with the change it expects in the evaluation; the search samples the other seats' hidden
    information, never reads it (``tests/engine/test_practice.py``). Not offered outside practice matches, so never
    in a league's."""
    services = services_for(redis, prefix, rate_limit_per_minute=1_000_000)
    local = open_local_table(services, out=io.StringIO(), boards_dir=tmp_path, player="alice")
    await local.run_line("/match new underworlds vs:practice level:easy")
    match = await services.store.load(await services.store.match_in(local.channel))
    game = services.play.games["underworlds"]
    seat = match.seat_of(match.seats[0].user_id)
    legal = game.system.legal_actions(match.state, seat)
    assert legal, "alice is awaited first"
    labels = {game.presenter.action_label(game.scene(match, seat, "en"), a) for a in legal}
    [reply] = await local.run_line("/uw hint")
    assert reply.ephemeral and "Suggested" in reply.content, reply.content
    assert any(f"**{label}**" in reply.content for label in labels), reply.content
    assert "{" not in reply.content

    local.player = "bob"  # not seated
    [refused] = await local.run_line("/uw hint")
    assert refused.ephemeral and "Suggested" not in refused.content, refused.content


async def test_a_hint_is_refused_outside_practice_matches(redis, prefix, tmp_path):
    """Issue 35: "Not offered in league matches": ``/<game> hint`` answers in practice matches only."""
    services = services_for(redis, prefix, rate_limit_per_minute=1_000_000)
    local = open_local_table(services, out=io.StringIO(), boards_dir=tmp_path, player="alice")
    for reply in await local.run_line("/match new tambores vs:bob"):
        local.show(reply, "")  # its Accept button becomes the one to press
    local.player = "bob"
    await local.run_line("/press 1")
    [refused] = await local.run_line("/tdg hint")
    assert refused.ephemeral and "practice matches only" in refused.content, refused.content
