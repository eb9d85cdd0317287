"""The lifecycle of matches of more than two players, through the table layer (real Redis, Nim for 2-4).

What a game declares (``SystemInfo.min_seats``/``max_seats``), the seats in play, abandon by every player, a
concession replayed from the log, undo that never reaches back across a concession, and a game without the
``concede`` hook.
"""
from __future__ import annotations

import itertools

import pytest

from engine.core import system as systems
from engine.core.errors import IllegalAction, NotAllowed
from engine.core.system import SystemInfo, find_info, find_system
from table import undo
from table.context import Actor, Context
from table.lifecycle import Table
from table.match import Status
from table.play import Play
from table.replay import replay

ANN, BOB, CAROL, DAN = Actor(1, "ann"), Actor(2, "bob"), Actor(3, "carol"), Actor(4, "dan")
NAMES = {a.user_id: a for a in (ANN, BOB, CAROL, DAN)}
_threads = itertools.count(900)


def ctx(actor: Actor, channel: int = 100) -> Context:
    async def open_thread(name: str) -> int:
        return next(_threads)
    return Context(actor, channel, guild_id=7, open_thread=open_thread)


async def started(table: Table, *opponents: Actor) -> tuple[str, int]:
    reply = await table.new_match(ctx(ANN), "nim", list(opponents))
    thread, invite = reply.posts[0]
    match_id = invite.buttons[0].custom_id.split(":")[2]
    play = Play(table)
    for opponent in opponents:
        await play.press(ctx(opponent, thread), f"m:accept:{match_id}")
    return match_id, thread


def test_a_game_declares_how_many_players_it_takes():
    """Two by default, up to every listed seat (at most four); ``seats_for`` gives the seats in play."""
    two = find_info("ttt")
    assert (two.min_seats, two.max_seats) == (2, 2)
    nim = find_info("nim")
    assert (nim.min_seats, nim.max_seats) == (2, 4) and nim.seats_for(3) == ("first", "second", "third")
    for key, _ in systems.all_systems():
        assert 1 <= key.min_seats <= key.max_seats <= len(key.seats) <= systems.MAX_SEATS
    with pytest.raises(ValueError):
        SystemInfo("five", "Five", ("a", "b", "c", "d", "e"))
    with pytest.raises(ValueError):
        SystemInfo("odd", "Odd", ("a", "b"), min_seats=3)


async def test_setup_receives_only_the_seats_in_play(table: Table):
    match_id, _ = await started(table, BOB, CAROL)
    match = await table.store.load(match_id)
    assert match.state["seats"] == ["first", "second", "third"]
    assert [h.user_id for h in match.seats] == [ANN.user_id, BOB.user_id, CAROL.user_id]


async def test_a_challenge_of_a_wrong_size_is_refused(table: Table):
    with pytest.raises(IllegalAction) as err:
        await table.new_match(ctx(ANN), "ttt", [BOB, CAROL])
    assert err.value.code == "core.table.player_count" and err.value.params["count"] == "2"
    with pytest.raises(IllegalAction) as err:
        await table.new_match(ctx(ANN), "nim", [BOB, CAROL, DAN, Actor(5, "eve")])
    assert err.value.params["count"] == "2-4"
    with pytest.raises(IllegalAction) as err:
        await table.new_match(ctx(ANN), "nim", [BOB, Actor(2, "bob again")])
    assert err.value.code == "core.table.player_twice"


async def test_only_an_invited_player_accepts_and_only_once(table: Table):
    reply = await table.new_match(ctx(ANN), "nim", [BOB, CAROL])
    thread, invite = reply.posts[0]
    match_id = invite.buttons[0].custom_id.split(":")[2]
    with pytest.raises(NotAllowed):
        await table.answer_invite(ctx(ANN, thread), match_id, True)
    await table.answer_invite(ctx(BOB, thread), match_id, True)
    with pytest.raises(IllegalAction) as err:
        await table.answer_invite(ctx(BOB, thread), match_id, True)
    assert err.value.code == "core.table.already_accepted" and err.value.params["name"] == "carol"
    match = await table.store.load(match_id)
    assert match.status is Status.INVITED and match.accepted == ["second"]


async def test_abandon_needs_every_player(table: Table):
    match_id, thread = await started(table, BOB, CAROL)
    first = await table.abandon(ctx(ANN, thread))
    assert "every player must agree" in first.content and first.mentions == [BOB.user_id, CAROL.user_id]
    second = await table.abandon(ctx(BOB, thread))
    assert second.mentions == [CAROL.user_id]
    assert (await table.store.load(match_id)).status is Status.ACTIVE
    await table.abandon(ctx(CAROL, thread))
    assert (await table.store.load(match_id)).status is Status.ABANDONED


async def test_a_concession_among_three_replays_from_the_log_and_is_never_undone(table: Table):
    match_id, thread = await started(table, BOB, CAROL)
    match = await table.store.load(match_id)
    mover = NAMES[match.holder(match.state["turn"]).user_id]
    await table.act(ctx(mover, thread), {"type": "Take", "stones": 1})
    await table.concede(ctx(mover, thread))
    match = await table.store.load(match_id)
    assert match.status is Status.ACTIVE and match.state["out"] == [match.seat_of(mover.user_id)]
    log = await table.store.log(match_id)
    assert log[-1]["event"] == "SeatConceded"
    assert replay(match, table.seed(match_id), log) == match.state
    with pytest.raises(IllegalAction) as err:  # the take before the concession can't be taken back past it
        await undo.request(table, ctx(mover, thread))
    assert err.value.code == "core.undo_nothing"


async def test_a_game_without_the_concede_hook_refuses_a_concession_among_three(table: Table, monkeypatch):
    match_id, thread = await started(table, BOB, CAROL)
    monkeypatch.delattr(type(find_system("nim")), "concede")
    with pytest.raises(IllegalAction) as err:
        await table.concede(ctx(BOB, thread))
    assert err.value.code == "core.table.concede_not_offered"
    assert (await table.store.load(match_id)).status is Status.ACTIVE


async def test_my_matches_names_every_rival(table: Table):
    await started(table, BOB, CAROL, DAN)
    listing = await table.my_matches(ctx(BOB))
    assert "vs ann, carol, dan" in listing.embeds[0].description
