"""A league's time zone (issue #36, item 3): deadlines are typed and shown in the league's IANA zone, a day ends at
23:59 there, rounds last calendar days there, and daylight saving never moves a deadline's hour. The table's clock
is a fake one the tests set (tests/conftest.py ``Clock``)."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.core.errors import GameError
from engine.league.log import GameStatus
from table.context import Actor, Context
from table.league.service import Leagues
from table.league.store import LeagueStore

LEGAL = "warband: Brethren of the Bolt\ndeck: brethren-of-the-bolt-rivals"
ORG = Actor(1, "org", moderator=True)
PLAYERS = [Actor(10 + i, f"p{i}") for i in range(2)]
GUILD, CHANNEL = 86, 5


def ctx(actor: Actor) -> Context:
    return Context(actor, channel_id=CHANNEL, guild_id=GUILD)


def utc(*args) -> float:
    return datetime(*args, tzinfo=timezone.utc).timestamp()


async def a_round(table, redis, prefix, now: float, **create):
    """A league created and its round 1 paired at ``now``."""
    table.clock.now = now
    leagues = Leagues(LeagueStore(redis, prefix=prefix), table)
    await leagues.create(ctx(ORG), "Madrid", "underworlds", "rivals", **create)
    for p in PLAYERS:
        await leagues.join(ctx(p), None, LEGAL)
    reply = await leagues.start_round(ctx(ORG), None)
    [league_id] = await leagues.store.ids(GUILD)
    return leagues, league_id, reply


async def league_of(leagues: Leagues, league_id: str):
    return (await leagues.store.load(league_id)).league


@pytest.mark.parametrize("typed_at, closes, shown", [
    # Wednesday before the last Sunday of March: clocks go forward (CET +1 -> CEST +2) on Sunday at 02:00
    (utc(2027, 3, 24, 12), utc(2027, 3, 28, 21, 59), "Sun 2027-03-28 23:59 CEST"),
    # Wednesday before the last Sunday of October: clocks go back (CEST +2 -> CET +1) on Sunday at 03:00
    (utc(2027, 10, 27, 12), utc(2027, 10, 31, 22, 59), "Sun 2027-10-31 23:59 CET"),
])
async def test_sunday_2359_in_madrid_closes_at_that_local_time_across_daylight_saving(
        table, redis, prefix, typed_at, closes, shown):
    """Issue #36: a league in Europe/Madrid, the deadline typed as "Sunday 23:59" on a Wednesday in the week clocks
    change, closes at 23:59 Madrid time on that Sunday (with the offset in force on Sunday, not the one when it was
    typed): a pairing with nothing reported is still open a second before and forfeited at 23:59; the reply shows
    the deadline in Madrid's time and as a Discord timestamp for each reader."""
    leagues, league_id, _ = await a_round(table, redis, prefix, typed_at, timezone="Europe/Madrid")
    reply = await leagues.settings(ctx(ORG), league_id, deadline="Sunday 23:59", remind_hours=0)
    league = await league_of(leagues, league_id)
    assert league.config.timezone == "Europe/Madrid"
    assert league.current.deadline == closes
    assert f"<t:{int(closes)}:f> ({shown})" in reply.content
    assert await leagues.due(closes - 1) == []
    [game] = league.games_of(1)
    assert (await league_of(leagues, league_id)).games[game.id].status is GameStatus.PENDING
    posts = await leagues.due(closes)  # the forfeit, then round 2 paired by itself
    assert any(channel == CHANNEL and "both take a loss" in reply.content for channel, reply in posts)
    assert (await league_of(leagues, league_id)).games[game.id].result.double_loss


async def test_a_day_typed_without_an_hour_ends_at_2359_there(table, redis, prefix):
    """Issue #36 ("end of day" means 23:59 in the league's zone): ``2027-03-28`` in Madrid is 21:59 UTC (CEST),
    not midnight UTC; an hour given is that hour there; the pairings show it in Madrid's time."""
    leagues, league_id, _ = await a_round(table, redis, prefix, utc(2027, 3, 24, 12), timezone="Europe/Madrid")
    await leagues.settings(ctx(ORG), league_id, deadline="2027-03-28")
    assert (await league_of(leagues, league_id)).current.deadline == utc(2027, 3, 28, 21, 59)
    await leagues.settings(ctx(ORG), league_id, deadline="2027-03-27 18:00")
    assert (await league_of(leagues, league_id)).current.deadline == utc(2027, 3, 27, 17)
    pairings = await leagues.pairings(ctx(PLAYERS[0]), league_id)
    assert "(Sat 2027-03-27 18:00 CET)" in pairings.embeds[0].fields[0].value


async def test_a_round_lasts_calendar_days_so_daylight_saving_keeps_its_hour(table, redis, prefix):
    """Issue #36 (daylight saving handled): round 1 paired on Sunday 21 March 2027 at 20:00 in Madrid (CET) with
    rounds of 7 days ends on Sunday 28 March at 20:00 Madrid time (CEST), 167 hours later, not at 21:00."""
    leagues, league_id, reply = await a_round(table, redis, prefix, utc(2027, 3, 21, 19), timezone="Europe/Madrid")
    deadline = (await league_of(leagues, league_id)).current.deadline
    assert deadline == pytest.approx(utc(2027, 3, 28, 18), abs=10)
    assert "(Sun 2027-03-28 20:00 CEST)" in reply.content


async def test_the_seasons_last_day_is_a_day_in_the_leagues_zone(table, redis, prefix):
    """openstudyroom #355 (a league closed a day early on a 00:00 UTC date): in Los Angeles, a round paired on
    Wednesday 24 March at 18:00 local ends on 31 March at 18:00 local (1 April in UTC), within a season whose last
    day is 31 March, so it is paired by itself."""
    leagues, league_id, _ = await a_round(table, redis, prefix, utc(2027, 3, 18, 1), timezone="America/Los_Angeles",
                                          starts="2027-03-17", ends="2027-03-31")
    table.clock.now = utc(2027, 3, 25, 1)  # Wednesday 24 March, 18:00 in Los Angeles
    [game] = (await league_of(leagues, league_id)).games_of(1)
    reply = await leagues.settle(ctx(ORG), league_id, game.id, "1-0")
    league = await league_of(leagues, league_id)
    assert len(league.rounds) == 2 and "round 2" in reply.content
    assert league.current.deadline == pytest.approx(utc(2027, 4, 1, 1), abs=10)


async def test_time_zone_and_deadline_typos_are_refused_with_the_forms_accepted(table, redis, prefix):
    """An unknown zone is refused at creation and in the settings; a deadline that is not a day and time names the
    league's zone and the forms it takes; the organiser may change the zone mid-season."""
    leagues = Leagues(LeagueStore(redis, prefix=prefix), table)
    with pytest.raises(GameError) as refused:
        await leagues.create(ctx(ORG), "X", "underworlds", "rivals", timezone="Europe/Madird")
    assert refused.value.code == "league.bad_timezone"
    leagues, league_id, _ = await a_round(table, redis, prefix, utc(2027, 3, 24, 12), timezone="Europe/Madrid")
    with pytest.raises(GameError) as refused:
        await leagues.settings(ctx(ORG), league_id, deadline="Sundy 23:59")
    assert refused.value.code == "league.bad_deadline" and refused.value.params["timezone"] == "Europe/Madrid"
    with pytest.raises(GameError) as refused:
        await leagues.settings(ctx(ORG), league_id, timezone="Mars/Olympus")
    assert refused.value.code == "league.bad_timezone"
    await leagues.settings(ctx(ORG), league_id, timezone="America/New_York", deadline="Sunday 23:59")
    league = await league_of(leagues, league_id)
    assert league.config.timezone == "America/New_York"
    assert league.current.deadline == utc(2027, 3, 29, 3, 59)  # EDT, -4
    assert "time zone America/New_York" in (await leagues.info(ctx(ORG), league_id)).content


async def test_a_league_without_a_zone_keeps_utc(table, redis, prefix):
    """A league created without a zone reads and shows deadlines in UTC, and a round lasts exactly its days."""
    leagues, league_id, reply = await a_round(table, redis, prefix, utc(2027, 3, 21, 19))
    league = await league_of(leagues, league_id)
    assert league.config.timezone == "UTC"
    assert league.current.deadline == pytest.approx(utc(2027, 3, 28, 19), abs=10)
    await leagues.settings(ctx(ORG), league_id, deadline="2027-03-30")
    assert (await league_of(leagues, league_id)).current.deadline == utc(2027, 3, 30, 23, 59)
