"""Matches of three and four players at the local table, with the test game Nim (2-4 players).

``/match new nim vs:bob vs2:carol vs3:dave`` seats the challenger and then each opponent in order; each invited
player accepts (``/as <name>``, ``/press Accept``), one decline cancels; out of turn the table names who acts;
one of three concedes and the others play on; the last stone, or the last player left, wins.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from table.local import local_user_id
from table.local_app import open_local_table
from table.match import Status
from tests.discord.bot_fixtures import services_for

ROOT = Path(__file__).resolve().parents[2]


def local_table(redis, prefix, tmp_path):
    return open_local_table(services_for(redis, prefix, rate_limit_per_minute=10_000), out=io.StringIO(),
                            boards_dir=tmp_path, player="alice")


async def run_as(local, name: str, line: str):
    local.player = name
    [reply] = await local.run_line(line)
    local.show(reply, line)  # as printed: its buttons are the ones ``/press`` finds
    return reply


async def open_and_accept(local, opponents: list[str]):
    """alice challenges ``opponents`` (vs, vs2, vs3) and each accepts; returns the match id and the last reply."""
    words = " ".join(f"{key}:{name}" for key, name in zip(("vs", "vs2", "vs3"), opponents))
    opened = await run_as(local, "alice", f"/match new nim {words}")
    assert opened.error is None, opened.content
    match_id = await local.services.store.match_in(local.channel)
    reply = None
    for i, name in enumerate(opponents):
        reply = await run_as(local, name, "/press Accept")
        assert reply.error is None, reply.content
        if i < len(opponents) - 1:
            assert f"Accepted so far ({i + 1} of {len(opponents)})" in reply.content
    return match_id, reply


async def take(local, match_id: str, stones: int):
    """Whoever's turn it is takes ``stones``; returns their name and the match after."""
    store = local.services.store
    match = await store.load(match_id)
    name = match.holder(match.state["turn"]).name
    reply = await run_as(local, name, f"/nim take stones:{stones}")
    assert reply.error is None, reply.content
    return name, await store.load(match_id)


async def test_three_players_at_the_local_table_concede_and_win(redis, prefix, tmp_path):
    local = local_table(redis, prefix, tmp_path)
    store = local.services.store
    opened = await run_as(local, "alice", "/match new nim vs:bob vs2:carol")
    [(_, invite)] = opened.posts
    assert f"<@{local_user_id('bob')}>" in invite.content and f"<@{local_user_id('carol')}>" in invite.content
    match_id = await store.match_in(local.channel)
    assert (await run_as(local, "dave", "/press Accept")).error == "refused"
    assert (await run_as(local, "alice", "/press Accept")).error == "refused"
    waiting = await run_as(local, "bob", "/press Accept")
    assert f"Waiting for <@{local_user_id('carol')}>" in waiting.content and waiting.buttons
    started = await run_as(local, "carol", "/press Accept")
    assert "begins" in started.content
    match = await store.load(match_id)
    assert [h.name for h in match.seats] == ["alice", "bob", "carol"] and match.status is Status.ACTIVE

    # out of turn: refused, naming who acts; a non-player: refused
    turn = match.holder(match.state["turn"]).name
    other = next(n for n in ("alice", "bob", "carol") if n != turn)
    refused = await run_as(local, other, "/nim take stones:1")
    assert refused.error == "refused" and f"waiting for {turn}" in refused.content
    stranger = await run_as(local, "dave", "/nim take stones:1")
    assert stranger.error == "refused" and "only its players" in stranger.content

    # three turns in seating order
    seats = [h.seat for h in match.seats]
    for _ in range(3):
        before = match.state["turn"]
        _, match = await take(local, match_id, 2)
        assert match.state["turn"] == seats[(seats.index(before) + 1) % 3]

    # one of three concedes: the others play on, and the turn skips the seat
    quitter = next(n for n in ("alice", "bob", "carol") if n != match.holder(match.state["turn"]).name)
    asked = await run_as(local, quitter, "/match concede")
    assert asked.ephemeral and "Concede match" in asked.content, "concede asks once"
    conceded = await run_as(local, quitter, "/press Yes, concede")
    assert conceded.error is None and "out of the match" in conceded.content
    match = await store.load(match_id)
    assert match.status is Status.ACTIVE and match.state["out"] == [match.seat_of(local_user_id(quitter))]
    listing = await run_as(local, "alice", "/match list")
    assert "vs bob, carol" in listing.embeds[0].description

    # the second concession leaves one player: the game's outcome names the winner
    second = match.holder(match.state["turn"]).name
    await run_as(local, second, "/match concede")
    last = await run_as(local, second, "/press Yes, concede")
    match = await store.load(match_id)
    winner = next(n for n in ("alice", "bob", "carol") if n not in (quitter, second))
    assert match.status is Status.FINISHED and match.outcome["winner"] == match.seat_of(local_user_id(winner))
    assert f"<@{local_user_id(winner)}> wins" in last.content
    assert (await run_as(local, "dave", "/match verify")).content.startswith("✅")


async def test_four_players_at_the_local_table_to_the_last_stone(redis, prefix, tmp_path):
    local = local_table(redis, prefix, tmp_path)
    store = local.services.store
    match_id, started = await open_and_accept(local, ["bob", "carol", "dave"])
    assert "begins" in started.content
    match = await store.load(match_id)
    assert [h.name for h in match.seats] == ["alice", "bob", "carol", "dave"]
    order = []
    while not match.status.over:
        name, match = await take(local, match_id, min(3, match.state["stones"]))
        order.append(name)
    names = [h.name for h in match.seats]
    start = names.index(order[0])
    assert order == [names[(start + i) % 4] for i in range(len(order))], "the turn passes in seating order"
    assert match.outcome["winner"] == match.seat_of(local_user_id(order[-1]))
    status = await run_as(local, "alice", "/match status")
    assert "finished" in json.dumps([f.value for f in status.embeds[0].fields])


async def test_one_decline_cancels_and_a_wrong_size_is_refused_at_the_local_table(redis, prefix, tmp_path):
    local = local_table(redis, prefix, tmp_path)
    store = local.services.store
    await run_as(local, "alice", "/match new nim vs:bob vs2:carol vs3:dave")
    match_id = await store.match_in(local.channel)
    await run_as(local, "bob", "/press Accept")
    declined = await run_as(local, "dave", "/press Decline")
    assert f"<@{local_user_id('dave')}> declined" in declined.content
    assert (await store.load(match_id)).status is Status.DECLINED
    too_many = await run_as(local, "alice", "/match new ttt vs:bob vs2:carol")
    assert too_many.error == "refused" and "played by 2 players" in too_many.content
    twice = await run_as(local, "alice", "/match new nim vs:bob vs2:bob")
    assert twice.error == "refused" and "named twice" in twice.content


def test_a_three_player_script_runs_with_vs2(tmp_path: Path, redis_url: str, prefix: str):
    """``python bot.py --script``: ``vs2:`` as typed, each player pressing the buttons of the reply they see."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(REDIS_URL=redis_url, REDIS_PREFIX=prefix, GAME_PLUGINS="tests.support.nim",
               BOARDS_DIR=str(tmp_path / "boards"), DATA_DIR=str(tmp_path / "var"))
    lines = ["/match new nim vs:bob vs2:carol", "/as bob", "/press Accept", "/as carol", "/press Accept",
             "/match status"]
    out = subprocess.run([sys.executable, "bot.py", "--script", "-", "--json"], cwd=ROOT, env=env,
                         input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    replies = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    accepts = [r for r in replies if r["command"] == "/press Accept"]
    assert "Accepted so far (1 of 2)" in accepts[0]["content"] and "begins" in accepts[1]["content"]
    assert "active" in json.dumps(replies[-1])
