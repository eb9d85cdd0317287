"""The board at any step (issue 34 item 4): ``/match board step:N`` draws the board as it was after log entry N by
replaying the seed and the log, and it is the board posted live at that step, pixel for pixel, in every game; a
player sees the step as their own view showed it then."""
from __future__ import annotations

import io
import random

import pytest

from engine.core.errors import GameError
from engine.core.system import find_system
from table.history import board_at, visible
from table.local_app import open_local_table
from table.presenter import Scene, find_presenter
from tests.discord.bot_fixtures import services_for

GAMES = ("underworlds", "magewars", "dragonbond", "tambores")
ACTIONS = 28
"""Actions played in each match before its loser concedes (a random match rarely ends sooner)."""


def _board(reply) -> bytes | None:
    """The public board a reply posted (in itself or in the thread)."""
    for r in [reply, *(posted for _, posted in reply.posts)]:
        if not r.ephemeral:
            for f in r.files:
                if f.name == "board.png":
                    return f.data
    return None


async def _played(services, tmp_path, game: str, seed: int):
    """A match of ``game`` played at random by alice and bob, then conceded: the local table, the match, the board
    posted live after each log entry (by entry number) and the state then."""
    local = open_local_table(services, out=io.StringIO(), boards_dir=tmp_path / "boards", player="alice")
    for reply in await local.run_line(f"/match new {game} vs:bob"):
        local.show(reply, "/match new")  # as printed: its buttons become the ones to press
    local.player = "bob"
    await local.run_line("/press Accept")
    store, table = services.store, services.play.games[game]
    match_id = await store.match_in(local.channel)
    system, pick = find_system(game), random.Random(seed)
    live: dict[int, bytes] = {}
    states: dict[int, tuple] = {}
    match = await store.load(match_id)
    for _ in range(ACTIONS):
        if match.status.over:
            break
        names = {h.seat: h.name for h in match.seats}
        legal = {s: system.legal_actions(match.state, s) for s in names}
        seat = pick.choice([s for s in names if legal[s]])
        action = pick.choice([a for a in legal[seat] if a["type"] != "Concede"] or legal[seat])
        local.player = names[seat]
        try:
            reply = await table.act(local.context(), action, match_id)
        except GameError:
            match = await store.load(match_id)
            continue
        match = await store.load(match_id)
        entry = (await store.log(match_id, 1))[0]
        states[match.log_length] = (match.state, entry.get("events") or [])
        board = _board(reply)
        if board is not None:
            live[match.log_length] = board
    if not match.status.over:
        local.player = match.seats[0].name
        for asked in await local.run_line("/match concede"):
            local.show(asked, "/match concede")
        await local.run_line("/press 1")  # the confirmation concede asks for, only its asker's
        match = await store.load(match_id)
        local.player = "carol"  # anyone may ask for the board again: the last one, with the result
        shown = await table.board(local.context(), match_id)
        live[match.log_length] = _board(shown)
        states[match.log_length] = (match.state, [])
    return local, match, live, states


@pytest.mark.parametrize("game", GAMES)
async def test_the_board_at_each_step_is_the_board_posted_live_then(game, redis, prefix, tmp_path):
    """Issue 34, Done when: "/match board step:N equals the board drawn live at that step (pixel-equal), for every
    game" — every step of a match that posted a board, the conceded end (its result band) included."""
    services = services_for(redis, prefix, rate_limit_per_minute=100_000)
    local, match, live, _states = await _played(services, tmp_path, game, seed=34)
    assert len(live) > 5 and match.status.over
    local.player = "carol"  # a spectator: the public board
    for step, png in sorted(live.items()):
        [reply] = await local.run_line(f"/match board {step} match:{match.id}")
        [drawn] = reply.files
        assert drawn.data == png, f"{game}: the board after step {step} differs from the one posted then"
        assert reply.ephemeral and drawn.description and drawn.name == f"board-{step}.png"


@pytest.mark.parametrize("game", GAMES)
async def test_a_player_sees_a_past_step_as_their_own_view_showed_it(game, redis, prefix, tmp_path):
    """Issue 34 item 4: "for a player, hidden information as they could see it then": the board at a step is drawn
    from the player's view of the state played then (kept as it was played, not replayed), with the events they
    could see."""
    services = services_for(redis, prefix, rate_limit_per_minute=100_000)
    _local, match, live, states = await _played(services, tmp_path, game, seed=35)
    presenter, system = find_presenter(game), find_system(game)
    seed, log = services.table.seed(match.id), await services.store.log(match.id, events=False)
    players = {h.seat: h.name for h in match.seats}
    for step in sorted(states)[:-1][::3]:
        state, events = states[step]
        for seat in players:
            png, _ = board_at(match, seed, log, step, seat, "en")
            then = presenter.board(Scene(system.view(state, seat), players, viewer=seat, match_id=match.id),
                                   visible(events, seat))
            assert png == then, f"{game}: {seat}'s board after step {step}"


async def test_a_step_outside_the_log_is_refused_in_words(redis, prefix, tmp_path):
    services = services_for(redis, prefix, rate_limit_per_minute=100_000)
    local, match, _live, _states = await _played(services, tmp_path, "tambores", seed=36)
    for line in (f"/match board {match.log_length + 1} match:{match.id}", f"/match board 0 match:{match.id}"):
        [reply] = await local.run_line(line)
        assert reply.ephemeral and "its log runs from 1 to" in reply.content
    [before_last] = await local.run_line(f"/match board -1 match:{match.id}")
    assert before_last.files and before_last.files[0].name == f"board-{match.log_length - 1}.png"


async def test_the_local_table_replays_a_match_into_a_file(redis, prefix, tmp_path):
    """``/match replay`` at the local table: the animation is written beside the boards (the local table's files),
    its progress printed as it is drawn; ``from``/``to`` replay a part."""
    services = services_for(redis, prefix, rate_limit_per_minute=100_000)
    local, match, _live, _states = await _played(services, tmp_path, "tambores", seed=37)
    [reply] = await local.run_line(f"/match replay speed:2 from:4 to:{match.log_length} match:{match.id}")
    [public] = [reply, *(p for _, p in reply.posts)][-1:]
    [gif] = public.files
    assert gif.name == "replay.gif" and gif.data[:6] == b"GIF89a" and gif.description
    local.show(reply, "/match replay")
    assert any(p.name.endswith("replay.gif") for p in (tmp_path / "boards").iterdir())
    assert "Drawing the replay" in local.out.getvalue()
    [refused] = await local.run_line(f"/match replay speed:9 match:{match.id}")
    assert refused.ephemeral and "speed goes from" in refused.content


async def test_a_replay_asked_again_is_posted_again_without_drawing(redis, prefix, tmp_path):
    services = services_for(redis, prefix, rate_limit_per_minute=100_000)
    local, match, _live, _states = await _played(services, tmp_path, "tambores", seed=38)
    [first] = await local.run_line(f"/match replay from:5 to:12 match:{match.id}")
    drawn = local.out.getvalue().count("Drawing the replay")
    [again] = await local.run_line(f"/match replay from:5 to:12 match:{match.id}")
    assert local.out.getvalue().count("Drawing the replay") == drawn
    assert [f.data for f in again.files] == [f.data for f in first.files] and first.files


def test_before_others_is_after_my_last_step_that_others_followed():
    """Issue 34 item 4, "the board before my opponent's last turn": after the asker's own last action that the other
    players' actions follow; none when they have not acted or nobody has since."""
    from table.history import before_others

    log = [{"n": n, "kind": "action", "by": by} for n, by in enumerate((1, 1, 2, 2, 1, 1, 2, 2, 2), start=1)]
    log.insert(3, {"n": 0, "kind": "chat", "by": 3})  # not an action: never counts
    assert before_others(log, 1) == 6 and before_others(log, 2) == 4
    assert before_others(log[:7], 1) == 2  # my turn goes on: the others' last turn is the one before it
    assert before_others(log[:2], 1) is None and before_others(log, 3) is None  # nobody else yet; not a player


async def test_the_board_without_a_step_is_the_one_before_the_others_last_turn(redis, prefix, tmp_path):
    """Issue 34 item 4: ``/match board`` with no step shows the asker the board after their last step that the
    others' turn followed (a spectator: before the last step)."""
    from table.history import before_others

    services = services_for(redis, prefix, rate_limit_per_minute=100_000)
    local, match, _live, _states = await _played(services, tmp_path, "tambores", seed=36)
    log = await services.store.log(match.id, events=False)
    for holder in match.seats:
        local.player = holder.name
        [reply] = await local.run_line(f"/match board match:{match.id}")
        wanted = before_others(log, holder.user_id) or match.log_length - 1
        assert reply.files and reply.files[0].name == f"board-{wanted}.png"
    local.player = "carol"
    [reply] = await local.run_line(f"/match board match:{match.id}")
    assert reply.files[0].name == f"board-{match.log_length - 1}.png"
