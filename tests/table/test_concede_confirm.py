"""Irreversible steps ask once (issue 37, item 4): ``/match concede`` and ``/match abandon`` answer with a confirmation
only their asker may press; concede works at every step of every game, set-up included, and is never a numbered game
choice. (Conceding in the middle of a match, and its result in both languages, is played by the transcript sweep:
tests/conformance/test_words.py.)"""
from __future__ import annotations

import io

import pytest

from engine.core.system import find_system
from table.local_app import open_local_table
from table.match import Status
from tests.conformance.words import commands, sweep
from tests.discord.bot_fixtures import services_for

GAMES = ["underworlds", "magewars", "dragonbond", "tambores"]


async def _opened(redis, prefix, tmp_path, game: str, lang: str = "en"):
    services = services_for(redis, prefix, rate_limit_per_minute=1_000_000)
    local = open_local_table(services, out=io.StringIO(), boards_dir=tmp_path, lang=lang)

    async def say(player: str, line: str):
        local.player = player
        replies = await local.run_line(line)
        for reply in replies:
            local.show(reply, line)
        return replies

    await say("alice", f"/match new {game} vs:bob")
    await say("bob", "/press 1")
    return services, local, say, await services.store.match_in(local.channel)


@pytest.mark.parametrize("game", GAMES)
async def test_concede_during_set_up_asks_once_and_only_its_asker_confirms(game, redis, prefix, tmp_path):
    """Issue 37: "conceding during set-up answers Something went wrong … (a KeyError: 'size')" and "nothing asks
    are you sure?". The first step of every game: ``/match concede`` changes nothing and offers one button; the
    other player can't press it; its asker can, and the match ends with a result in words."""
    services, local, say, match_id = await _opened(redis, prefix, tmp_path, game)
    match = await services.store.load(match_id)
    system = find_system(game)
    for holder in match.seats:  # never a numbered game choice
        assert not any("concede" in a["type"].lower() for a in system.legal_actions(match.state, holder.seat))

    [asked] = await say("alice", "/match concede")
    assert asked.ephemeral and asked.error is None and "Concede match" in asked.content
    [button] = asked.buttons
    assert button.custom_id.startswith("m:concede:") and button.label == "Yes, concede"
    assert (await services.store.load(match_id)).status is Status.ACTIVE, "asking changes nothing"

    [refused] = await say("bob", "/press Yes, concede")
    assert refused.error == "refused" and "Only the player who asked" in refused.content
    assert (await services.store.load(match_id)).status is Status.ACTIVE

    [conceded] = await say("alice", "/press Yes, concede")
    assert conceded.error is None, conceded.content
    match = await services.store.load(match_id)
    assert match.status is Status.FINISHED and match.outcome["reason"] == "concede"
    assert match.outcome["winner"] == match.seats[1].seat
    status = await say("bob", "/match status")
    assert sweep([conceded, *status], "en", ("alice", "bob", *commands(services))) == []


async def test_a_concession_in_spanish_asks_and_answers_in_spanish(redis, prefix, tmp_path):
    """The confirmation, its button and the result read in the table's language."""
    services, local, say, match_id = await _opened(redis, prefix, tmp_path, "tambores", lang="es")
    [asked] = await say("bob", "/match concede")
    assert "¿Te rindes" in asked.content and asked.buttons[0].label == "Sí, me rindo"
    replies = await say("bob", "/press 1")
    assert (await services.store.load(match_id)).status is Status.FINISHED
    assert sweep([asked, *replies], "es", ("alice", "bob", *commands(services))) == []


async def test_abandon_asks_once_too(redis, prefix, tmp_path):
    """``/match abandon`` asks its asker first; the other players then agree with their own button."""
    services, local, say, match_id = await _opened(redis, prefix, tmp_path, "magewars")
    [asked] = await say("alice", "/match abandon")
    assert asked.ephemeral and "Abandon match" in asked.content
    assert (await services.store.load(match_id)).abandon_requests == []
    [requested] = await say("alice", "/press Yes, abandon")
    assert (await services.store.load(match_id)).abandon_requests == ["player1"]
    assert requested.buttons and requested.buttons[0].custom_id == f"m:abandon:{match_id}"
    await say("bob", "/press 1")
    assert (await services.store.load(match_id)).status is Status.ABANDONED
