"""Each player's display choice (issue 34 item 6): a player may turn off the board after every step; their steps
then post the board only when their turn ends (or the match ends), with a Board button that posts it on request.
The other player's steps keep their own choice (every step)."""
from __future__ import annotations

import io
import random

import pytest

from engine.core.errors import GameError
from engine.core.system import find_system
from table.local_app import open_local_table
from table.presenter import find_presenter
from tests.discord.bot_fixtures import services_for


def _public(reply):
    return next(r for r in [reply, *(p for _, p in reply.posts)] if not r.ephemeral)


@pytest.mark.parametrize("game", ["underworlds", "magewars"])
async def test_boards_only_at_the_end_of_the_turn_for_the_player_who_chose_it(game, redis, prefix, tmp_path):
    services = services_for(redis, prefix, rate_limit_per_minute=100_000)
    local = open_local_table(services, out=io.StringIO(), boards_dir=tmp_path / "boards", player="alice")
    [chosen] = await local.run_line("/match boards turn_end")
    assert chosen.ephemeral and "only when your turn ends" in chosen.content
    for reply in await local.run_line(f"/match new {game} vs:bob"):
        local.show(reply, "/match new")
    local.player = "bob"
    await local.run_line("/press Accept")
    store, table, system = services.store, services.play.games[game], find_system(game)
    match_id = await store.match_in(local.channel)
    pick = random.Random(6)
    seen = {"alice within": 0, "alice ends": 0, "bob": 0}
    for _ in range(80):
        match = await store.load(match_id)
        if match.status.over:
            break
        names = {h.seat: h.name for h in match.seats}
        legal = {s: system.legal_actions(match.state, s) for s in names}
        seat = pick.choice([s for s in names if legal[s]])
        local.player = names[seat]
        try:
            reply = await table.act(local.context(), pick.choice([a for a in legal[seat] if a["type"] != "Concede"]
                                                                 or legal[seat]), match_id)
        except GameError:
            continue
        after = await store.load(match_id)
        public = _public(reply)
        boards = [f for f in public.files if f.name == "board.png"]
        button = [b for b in public.buttons if b.custom_id.endswith(":board")]
        goes_on = after.status.value == "active" and seat in table.scene(after).awaiting
        if names[seat] == "alice" and goes_on:
            assert not boards and button, "alice's step within her turn: no board, a Board button"
            if find_presenter(game).board(table.scene(after), []) is not None:
                local.player = "carol"  # anyone may press it: the board is posted
                shown = await table.press(local.context(), after, button[0].custom_id)
                assert any(f.name == "board.png" for f in _public(shown).files)
            seen["alice within"] += 1
        elif names[seat] == "alice":
            assert not button
            seen["alice ends"] += 1
        else:
            assert not button, "bob's steps keep the board after every step"
            seen["bob"] += 1
    assert all(seen.values()), seen
    local.player = "alice"
    [back] = await local.run_line("/match boards every_step")
    assert "after every one" in back.content
    [wrong] = await local.run_line("/match boards sometimes")
    assert wrong.ephemeral and "every_step" in wrong.content
