"""Leagues against a real Redis: concurrent reports lose nothing, a restart keeps everything, a bot match
between paired players reports itself."""
from __future__ import annotations

import asyncio

import pytest

from engine.core.errors import GameError
from engine.league.log import GameStatus
from table.context import Actor, Context
from table.league.service import Leagues
from table.league.store import LeagueStore

LEGAL = "warband: Brethren of the Bolt\ndeck: brethren-of-the-bolt-rivals"
ORG = Actor(1, "org", moderator=True)
PLAYERS = [Actor(10 + i, f"p{i}") for i in range(4)]


def ctx(actor: Actor) -> Context:
    return Context(actor, channel_id=5, guild_id=77)


async def league_with_round(table, redis, prefix) -> tuple[Leagues, str]:
    leagues = Leagues(LeagueStore(redis, prefix=prefix), table)
    await leagues.create(ctx(ORG), "Test", "underworlds", "nemesis")
    for p in PLAYERS:
        await leagues.join(ctx(p), None, LEGAL)
    await leagues.start_round(ctx(ORG), None)
    [league_id] = await leagues.store.ids(77)
    return leagues, league_id


async def test_two_concurrent_reports_both_land(table, redis, prefix):
    """Issue #18: compare-and-set: two reports at once (two pairings) are both kept; the same pairing
    claimed by both players at once becomes one claim and its confirmation."""
    leagues, league_id = await league_with_round(table, redis, prefix)
    league = (await leagues.store.load(league_id)).league
    g1, g2 = league.games_of(1)
    by = {p.user_id: p for p in PLAYERS}
    await asyncio.gather(leagues.report(ctx(by[g1.a]), None, "win"), leagues.report(ctx(by[g2.a]), None, "loss"))
    league = (await leagues.store.load(league_id)).league
    assert {league.games[g1.id].status, league.games[g2.id].status} == {GameStatus.CLAIMED}
    replies = await asyncio.gather(leagues.report(ctx(by[g1.b]), None, "loss"),
                                   leagues.confirm(ctx(by[g2.b]), None), return_exceptions=True)
    assert not any(isinstance(r, Exception) for r in replies)
    league = (await leagues.store.load(league_id)).league
    assert league.games[g1.id].result.winner == "a" and league.games[g2.id].result.winner == "b"


async def test_the_same_pairing_claimed_twice_at_once(table, redis, prefix):
    """Both players report the same game at the same moment: one claim, then the other confirms it."""
    leagues, league_id = await league_with_round(table, redis, prefix)
    league = (await leagues.store.load(league_id)).league
    g = league.games_of(1)[0]
    by = {p.user_id: p for p in PLAYERS}
    await asyncio.gather(leagues.report(ctx(by[g.a]), None, "win"), leagues.report(ctx(by[g.b]), None, "loss"))
    stored = await leagues.store.load(league_id)
    types = [e["type"] for e in stored.events if e.get("pairing") == g.id]
    assert types == ["ResultClaimed", "ResultConfirmed"]
    assert stored.league.games[g.id].result.winner == "a"


async def test_a_league_survives_a_restart(table, redis, prefix):
    """Storage: a new service over the same Redis sees the same league."""
    leagues, league_id = await league_with_round(table, redis, prefix)
    again = Leagues(LeagueStore(redis, prefix=prefix), table)
    assert [l.user for l in again.lines((await again.store.load(league_id)).league)] == \
           [l.user for l in leagues.lines((await leagues.store.load(league_id)).league)]


async def test_a_bot_match_between_paired_players_reports_itself(table, redis, prefix):
    """Issue #18: a match started between two paired players in the league's game counts when it ends."""
    leagues, league_id = await league_with_round(table, redis, prefix)
    league = (await leagues.store.load(league_id)).league
    g = league.games_of(1)[0]
    by = {p.user_id: p for p in PLAYERS}
    await table.new_match(ctx(by[g.a]), "underworlds", by[g.b])
    [match] = await table.store.matches_of(g.a)
    await table.answer_invite(ctx(by[g.b]), match.id, True)
    await table.concede(ctx(by[g.a]), match.id)
    game = (await leagues.store.load(league_id)).league.games[g.id]
    assert game.status is GameStatus.FINAL and game.match == match.id and game.result.winner == "b"


async def test_a_bot_match_reports_its_game_score(table, redis, prefix):
    """Issue #18 (game-score difference as a tiebreaker): a match's end carries each seat's score
    (``Outcome.detail["score"]``, Underworlds' glory), and the league records it beside the winner."""
    from table.match import Status

    leagues, league_id = await league_with_round(table, redis, prefix)
    g = (await leagues.store.load(league_id)).league.games_of(1)[0]
    by = {p.user_id: p for p in PLAYERS}
    await table.new_match(ctx(by[g.a]), "underworlds", by[g.b])
    [match] = await table.store.matches_of(g.a)
    await table.answer_invite(ctx(by[g.b]), match.id, True)
    match = await table.store.load(match.id)
    seat_a, seat_b = match.seat_of(g.a), match.seat_of(g.b)
    ended = table._finish(match, Status.FINISHED, seat_b, "victory", {"score": {seat_a: 7, seat_b: 12}})
    await leagues.match_finished(ended)
    game = (await leagues.store.load(league_id)).league.games[g.id]
    assert game.result.winner == "b" and (game.result.sa, game.result.sb) == (7, 12)


async def test_only_moderators_create_and_only_the_organiser_settles(table, redis, prefix):
    leagues, league_id = await league_with_round(table, redis, prefix)
    with pytest.raises(GameError) as refused:
        await leagues.create(ctx(PLAYERS[0]), "Mine", "underworlds", "rivals")
    assert refused.value.code == "league.moderators_create"
    g = (await leagues.store.load(league_id)).league.games_of(1)[0]
    with pytest.raises(GameError) as refused:
        await leagues.settle(ctx(PLAYERS[0]), None, g.id, "1-0")
    assert refused.value.code == "league.organiser_only"


def test_the_guides_example_lists_are_legal():
    """docs/leagues.md: the example list of each game (the code block after its heading) is legal in the first
    format it names, with the shipped data or training pack."""
    import re
    from pathlib import Path

    from table.league.registry import list_check

    guide = (Path(__file__).resolve().parents[2] / "docs" / "leagues.md").read_text(encoding="utf-8")
    found = {}
    for game in ("underworlds", "magewars", "dragonbond", "tambores"):
        at = guide.index(f"game:{game}")
        format = re.search(r"- `([a-z-]+)`", guide[at:]).group(1) if game != "underworlds" else "rivals"
        example = re.search(r"```\n(.*?)```", guide[at:], re.S).group(1)
        found[game] = list_check(game, format)(example)
    assert found == {"underworlds": [], "magewars": [], "dragonbond": [], "tambores": []}


async def test_a_league_takes_its_games_organised_play_tiebreakers(table, redis, prefix):
    """Issue #36 (presets per game): an Underworlds league breaks ties as Grand Clash-style events do, on fewest
    game losses, then glory difference, then a roll-off, unless the organiser lists others; an unknown name is
    refused."""
    from engine.league.config import Tiebreaker as T

    leagues = Leagues(LeagueStore(redis, prefix=prefix), table)
    await leagues.create(ctx(ORG), "Preset", "underworlds", "nemesis")
    await leagues.create(ctx(ORG), "Chess-like", "underworlds", "nemesis", tiebreakers="buchholz > median, sb")
    configs = {s.league.config.name: s.league.config
               for s in [await leagues.store.load(i) for i in await leagues.store.ids(77)]}
    assert configs["Preset"].tiebreakers == (T.GAME_LOSSES, T.SCORE, T.ROLL_OFF)
    assert configs["Chess-like"].tiebreakers == (T.BUCHHOLZ, T.MEDIAN_BUCHHOLZ, T.SONNEBORN_BERGER, T.ROLL_OFF)
    with pytest.raises(GameError) as refused:
        await leagues.create(ctx(ORG), "Bad", "underworlds", "nemesis", tiebreakers="glory, luck")
    assert refused.value.code == "league.bad_tiebreakers"


async def test_standings_and_export_show_a_column_per_tiebreaker(table, redis, prefix):
    """Issue #36: the standings show one column per tiebreaker of the league, in its order, and the export has a
    column for every tiebreaker."""
    import csv
    import io

    leagues = Leagues(LeagueStore(redis, prefix=prefix), table)
    await leagues.create(ctx(ORG), "All", "underworlds", "nemesis",
                         tiebreakers="wins, losses, score, buchholz, median, sb, h2h, sos")
    for p in PLAYERS:
        await leagues.join(ctx(p), None, LEGAL)
    await leagues.start_round(ctx(ORG), None)
    [league_id] = await leagues.store.ids(77)
    for g in (await leagues.store.load(league_id)).league.games_of(1):
        await leagues.settle(ctx(ORG), None, g.id, "2-1", "12-8")
    reply = await leagues.standings(ctx(ORG), None)
    head = reply.embeds[0].description.splitlines()[1].split()
    assert head == ["#", "player", "pts", "W-D-L", "GW", "GL", "+/-", "BH", "MBH", "SB", "H2H", "opp%", "roll"]
    winner = reply.embeds[0].description.splitlines()[2].split()
    assert winner[4:8] == ["2", "1", "+4", "0"]  # 2 games won, 1 lost, +4 glory, the loser's 0 points
    assert reply.files[0].data[:8] == b"\x89PNG\r\n\x1a\n"
    exported = await leagues.export(ctx(ORG), None)
    table_csv = list(csv.DictReader(io.StringIO(exported.files[1].data.decode())))
    assert {"games_for", "games_against", "score_difference", "buchholz", "median_buchholz", "sonneborn_berger",
            "head_to_head", "opponents_match_win_pct", "roll_off"} <= set(table_csv[0])
    top = table_csv[0]
    assert (top["games_for"], top["games_against"], top["score_difference"], top["buchholz"]) == ("2", "1", "4", "0")
