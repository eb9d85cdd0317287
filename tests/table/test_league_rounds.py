"""Rounds advance by themselves (issue #18 follow-up): when the last result of a round is final (confirmed,
settled, reported by a bot match, auto-confirmed or forfeited at the deadline) the bot pairs and announces the
next round, in the same save as that result; the organiser can turn it off, and change the settings that may
change mid-season (``/league settings``), never the game, format or pairing system."""
from __future__ import annotations

import pytest

from engine.core.errors import GameError
from engine.league.log import GameStatus
from table.context import Actor, Context
from table.league.service import DAY, HOUR, Leagues
from table.league.store import LeagueStore

LEGAL = "warband: Brethren of the Bolt\ndeck: brethren-of-the-bolt-rivals"
ORG = Actor(1, "org", moderator=True)
PLAYERS = [Actor(10 + i, f"p{i}") for i in range(4)]
BY = {p.user_id: p for p in PLAYERS}
GUILD, CHANNEL = 83, 5


def ctx(actor: Actor) -> Context:
    return Context(actor, channel_id=CHANNEL, guild_id=GUILD)


async def a_round(table, redis, prefix, players: int = 4, **create) -> tuple[Leagues, str]:
    """A league of ``players`` with round 1 paired by the organiser."""
    leagues = Leagues(LeagueStore(redis, prefix=prefix), table)
    await leagues.create(ctx(ORG), "Rounds", "underworlds", "rivals", **create)
    for p in PLAYERS[:players]:
        await leagues.join(ctx(p), None, LEGAL)
    await leagues.start_round(ctx(ORG), None)
    [league_id] = await leagues.store.ids(GUILD)
    return leagues, league_id


async def league_of(leagues: Leagues, league_id: str):
    return (await leagues.store.load(league_id)).league


async def test_the_next_round_is_paired_when_the_last_result_is_confirmed(table, redis, prefix):
    """The round's last confirmation pairs round 2 (Swiss, on the new points) and announces it with that reply,
    mentioning every paired player; the first confirmation does not."""
    leagues, league_id = await a_round(table, redis, prefix)
    first, second = sorted((await league_of(leagues, league_id)).games_of(1), key=lambda g: g.id)
    await leagues.report(ctx(BY[first.a]), league_id, "win")
    reply = await leagues.confirm(ctx(BY[first.b]), league_id)
    assert "Round 2" not in reply.content and len((await league_of(leagues, league_id)).rounds) == 1
    await leagues.report(ctx(BY[second.a]), league_id, "win")
    reply = await leagues.confirm(ctx(BY[second.b]), league_id)
    assert "Every result of round 1 is in" in reply.content and "round 2" in reply.content
    assert sorted(reply.mentions) == sorted(p.user_id for p in PLAYERS)
    league = await league_of(leagues, league_id)
    assert len(league.rounds) == 2 and league.rounds[0].closed
    winners = {first.a, second.a}
    assert all({g.a, g.b} in (winners, set(BY) - winners) for g in league.games_of(2))  # 1-0 meets 1-0
    stored = await leagues.store.load(league_id)
    assert stored.events[-1]["type"] == "RoundStarted" and stored.events[-1]["by"] == 0 and stored.events[-1]["auto"]
    assert stored.events[-2]["type"] == "ResultConfirmed"  # the same save


async def test_a_settled_result_completing_the_round_pairs_the_next(table, redis, prefix):
    """The organiser's settlement of the round's last pairing (a dispute decided) completes it too."""
    leagues, league_id = await a_round(table, redis, prefix, players=2)
    [game] = (await league_of(leagues, league_id)).games_of(1)
    reply = await leagues.settle(ctx(ORG), league_id, game.id, "1-0")
    assert "round 2" in reply.content
    assert len((await league_of(leagues, league_id)).rounds) == 2


async def test_a_bot_match_completing_the_round_is_announced_by_the_poller(table, redis, prefix):
    """A bot match's result has no reply to carry the announcement: the next ``due`` posts it in the league's
    channel."""
    leagues, league_id = await a_round(table, redis, prefix, players=2)
    [game] = (await league_of(leagues, league_id)).games_of(1)
    await table.new_match(ctx(BY[game.a]), "underworlds", BY[game.b])
    [match] = await table.store.matches_of(game.a)
    await table.answer_invite(ctx(BY[game.b]), match.id, True)
    await table.concede(ctx(BY[game.a]), match.id)
    assert len((await league_of(leagues, league_id)).rounds) == 2
    [(channel, announced)] = await leagues.due()
    assert channel == CHANNEL and "round 2" in announced.content
    assert await leagues.due() == []  # posted once


async def test_forfeits_at_the_deadline_complete_the_round(table, redis, prefix):
    """docs/leagues.md forfeit rule: at the deadline the pairings with nothing reported are lost by both; with
    every result then final, the next round is paired and announced beside the forfeits."""
    leagues, league_id = await a_round(table, redis, prefix, players=2)
    deadline = (await league_of(leagues, league_id)).current.deadline
    table.clock.now = deadline
    posts = await leagues.due(deadline)
    assert any("both take a loss" in reply.content for _, reply in posts)
    assert any("round 2" in reply.content for _, reply in posts)
    league = await league_of(leagues, league_id)
    assert len(league.rounds) == 2 and league.games["1.1"].status is GameStatus.FINAL


async def test_with_auto_advance_off_the_organiser_pairs_the_next_round(table, redis, prefix):
    """``/league settings auto_advance:False``: a complete round waits for ``/league next``; turning it on again
    pairs the waiting round at once."""
    leagues, league_id = await a_round(table, redis, prefix, players=2)
    await leagues.settings(ctx(ORG), league_id, auto_advance=False)
    [game] = (await league_of(leagues, league_id)).games_of(1)
    reply = await leagues.settle(ctx(ORG), league_id, game.id, "1-0")
    assert "round 2" not in reply.content and len((await league_of(leagues, league_id)).rounds) == 1
    reply = await leagues.settings(ctx(ORG), league_id, auto_advance=True)
    assert "round 2" in reply.content and len((await league_of(leagues, league_id)).rounds) == 2


async def test_no_round_is_paired_past_the_seasons_last_day(table, redis, prefix):
    """A round whose deadline would fall after the season's last day (``ends``) is not paired by itself."""
    leagues, league_id = await a_round(table, redis, prefix, players=2)
    league = await league_of(leagues, league_id)
    await leagues.settings(ctx(ORG), league_id, ends=league.config.starts.isoformat())
    [game] = league.games_of(1)
    await leagues.settle(ctx(ORG), league_id, game.id, "1-0")
    assert len((await league_of(leagues, league_id)).rounds) == 1


async def test_a_round_robin_stops_after_its_last_round(table, redis, prefix):
    """Round robin with two players: one round; its result pairs nothing more (no error either)."""
    leagues, league_id = await a_round(table, redis, prefix, players=2, pairing="round-robin")
    [game] = (await league_of(leagues, league_id)).games_of(1)
    reply = await leagues.settle(ctx(ORG), league_id, game.id, "1-0")
    assert "round 2" not in reply.content and len((await league_of(leagues, league_id)).rounds) == 1


async def test_mid_season_settings_change_deadlines_and_round_length(table, redis, prefix):
    """The organiser moves the current round's deadline, the round length (from the next round) and the claim
    hours mid-season; each change is a logged event; ``/league info`` shows the new values."""
    leagues, league_id = await a_round(table, redis, prefix, players=2)
    league = await league_of(leagues, league_id)
    reply = await leagues.settings(ctx(ORG), league_id, round_days=3, confirm_hours=12, deadline="2100-01-31")
    assert "`round_days`: 3" in reply.content and "`confirm_hours`: 12" in reply.content
    changed = await league_of(leagues, league_id)
    assert changed.config.round_days == 3 and changed.config.confirm_hours == 12
    assert changed.current.deadline > league.current.deadline
    assert changed.config.format == league.config.format
    stored = await leagues.store.load(league_id)
    assert stored.events[-1]["type"] == "SettingsChanged" and stored.events[-1]["by"] == ORG.user_id
    assert "rounds of 3 days" in (await leagues.info(ctx(ORG), league_id)).content
    [game] = changed.games_of(1)
    await leagues.settle(ctx(ORG), league_id, game.id, "1-0")
    following = (await league_of(leagues, league_id)).current
    assert following.deadline == pytest.approx(following.started_at + 3 * DAY)


@pytest.mark.parametrize("setting", [{"format": "relic"}, {"pairing": "round-robin"}, {"game": "magewars"}])
async def test_the_game_format_and_pairing_system_cannot_change_mid_season(table, redis, prefix, setting):
    """They shape the rounds already played: refused with the settings that may change named."""
    leagues, league_id = await a_round(table, redis, prefix, players=2)
    with pytest.raises(GameError) as refused:
        await leagues.settings(ctx(ORG), league_id, **setting)
    assert refused.value.code == "league.setting_fixed"
    assert refused.value.params["setting"] == next(iter(setting)) and "auto_advance" in refused.value.params["settings"]
    assert (await league_of(leagues, league_id)).config.format == "rivals"


async def test_only_the_organiser_changes_settings_and_deadlines_lie_ahead(table, redis, prefix):
    """A player may not change settings; a deadline already past and no setting at all are refused."""
    leagues, league_id = await a_round(table, redis, prefix, players=2)
    with pytest.raises(GameError) as refused:
        await leagues.settings(ctx(PLAYERS[0]), league_id, round_days=1)
    assert refused.value.code == "league.organiser_only"
    with pytest.raises(GameError) as refused:
        await leagues.settings(ctx(ORG), league_id, deadline="2000-01-01")
    assert refused.value.code == "league.deadline_passed"
    with pytest.raises(GameError) as refused:
        await leagues.settings(ctx(ORG), league_id)
    assert refused.value.code == "league.no_settings"
    with pytest.raises(GameError) as refused:
        await leagues.settings(ctx(ORG), league_id, round_days=0)
    assert refused.value.code == "league.bad_settings"


async def test_a_later_deadline_reminds_the_players_again(table, redis, prefix):
    """A round's deadline moved later: the players still to report are reminded again before the new one."""
    leagues, league_id = await a_round(table, redis, prefix, players=2)
    deadline = (await league_of(leagues, league_id)).current.deadline
    [(_, reminder)] = await leagues.due(deadline - 23 * HOUR)
    assert "Still to report" in reminder.content
    table.clock.now = deadline - 23 * HOUR
    await leagues.settings(ctx(ORG), league_id, deadline="2100-01-31 12:00")
    league = await league_of(leagues, league_id)
    assert not league.current.reminded
    assert await leagues.due(deadline + HOUR) == []  # no forfeit at the old deadline
