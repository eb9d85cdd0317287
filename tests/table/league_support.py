"""What the per-game league tests share: an organiser, a player, a league of one game (with the server's pack
when one is given), and the check that a refused list registers nothing."""
from __future__ import annotations

import pytest

from engine.core.errors import GameError
from table.context import Actor, Context
from table.match import Match
from table.league.service import Leagues
from table.league.store import LeagueStore
from table.reply import Reply

ORG, ANN, BOB = Actor(1, "org", moderator=True), Actor(2, "ann"), Actor(3, "bob")


def league_ctx(actor: Actor, guild: int) -> Context:
    return Context(actor, channel_id=5, guild_id=guild)


async def a_league(table, redis, prefix, *, game: str, name: str, format: str, guild: int,
                   pack: str | None = None, pack_id: str | None = None) -> tuple[Leagues, str]:
    """A league of ``game`` created by the organiser; ``pack`` (a pack file's text) is imported first and named."""
    leagues = Leagues(LeagueStore(redis, prefix=prefix), table)
    if pack:
        await leagues.packs.store.import_pack(guild, ORG.user_id, pack)
    await leagues.create(league_ctx(ORG, guild), name, game, format, pack=pack_id if pack else None)
    [league_id] = await leagues.store.ids(guild)
    return leagues, league_id


async def refused(leagues: Leagues, league_id: str, text: str, guild: int) -> GameError:
    """The list is refused as a whole, and nothing is registered."""
    with pytest.raises(GameError) as caught:
        await leagues.join(league_ctx(ANN, guild), league_id, text)
    assert caught.value.code == "league.list_refused"
    league = (await leagues.store.load(league_id)).league
    assert all(p.list_text != text for p in league.players.values())
    return caught.value


async def league_match(table, leagues: Leagues, league_id: str, guild: int, ann_list: str,
                       bob_list: str) -> tuple[Reply, Match]:
    """Ann and Bob register these lists, round 1 pairs them, Ann challenges Bob with ``/league play`` (she takes
    the first seat) and Bob accepts: the ``/league play`` reply and the started match."""
    await leagues.join(league_ctx(ANN, guild), league_id, ann_list)
    await leagues.join(league_ctx(BOB, guild), league_id, bob_list)
    await leagues.start_round(league_ctx(ORG, guild), league_id)
    reply = await leagues.play(league_ctx(ANN, guild), league_id)
    [match] = await table.store.matches_of(ANN.user_id)
    await table.answer_invite(league_ctx(BOB, guild), match.id, True)
    return reply, await table.store.load(match.id)
