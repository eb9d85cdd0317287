"""Issue #18: a league may name one of the server's data packs. It keeps a copy of the pack's document (as a
match does): every list check receives that copy, and the bot matches ``/league play`` starts for a pairing
are played with it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from engine.core.errors import GameError
from table.context import Actor, Context
from table.league.registry import list_check
from table.league.service import Leagues
from table.league.store import LeagueStore

ROOT = Path(__file__).resolve().parents[2]
ORG, ANN, BOB = Actor(1, "org", moderator=True), Actor(2, "ann"), Actor(3, "bob")
GUILD = 77
PACK_LIST = "warband: League Champions\ndeck: rimewyrms-bite-rivals"


def ctx(actor: Actor) -> Context:
    return Context(actor, channel_id=5, guild_id=GUILD)


def league_pack_text(version: str = "1") -> str:
    """Steelheart's Champions retyped by a league under its own id and name."""
    warband = json.loads((ROOT / "data/underworlds/warbands/steelhearts-champions.json").read_text(encoding="utf-8"))
    warband.update(id="league-champions", name="League Champions")
    return yaml.safe_dump({"schema_version": 1, "game": "underworlds", "id": "league", "name": "League warbands",
                           "version": version, "author": "Ana", "provenance": "Typed from our own cards",
                           "entries": {"warbands": [warband]}}, allow_unicode=True, sort_keys=False)


async def a_league(table, redis, prefix, pack: str | None = "league") -> tuple[Leagues, str]:
    leagues = Leagues(LeagueStore(redis, prefix=prefix), table)
    await leagues.packs.store.import_pack(GUILD, ORG.user_id, league_pack_text())
    await leagues.create(ctx(ORG), "Packed", "underworlds", "rivals", pack=pack)
    [league_id] = await leagues.store.ids(GUILD)
    return leagues, league_id


async def test_a_league_keeps_a_copy_of_its_pack(table, redis, prefix):
    """The league's log holds the pack's document; replacing or removing the server's pack later leaves the
    league alone (as a match's copy)."""
    leagues, league_id = await a_league(table, redis, prefix)
    league = (await leagues.store.load(league_id)).league
    assert league.pack["id"] == "league" and league.pack["version"] == "1"
    assert league.pack["entries"]["warbands"][0]["name"] == "League Champions"
    await leagues.packs.store.import_pack(GUILD, ORG.user_id, league_pack_text(version="2"))
    await leagues.packs.store.remove(GUILD, "league", ORG.user_id)
    again = Leagues(LeagueStore(redis, prefix=prefix), table)
    assert (await again.store.load(league_id)).league.pack["version"] == "1"
    info = await leagues.info(ctx(ANN), league_id)
    assert "`league`" in info.content and "League warbands" in info.content


async def test_the_league_checks_lists_against_its_pack(table, redis, prefix):
    """A warband only the pack brings is legal in the pack's league and unknown in a league without it."""
    leagues, league_id = await a_league(table, redis, prefix)
    joined = await leagues.join(ctx(ANN), league_id, PACK_LIST)
    assert "League Champions" in joined.content
    league = (await leagues.store.load(league_id)).league
    assert list_check("underworlds", "rivals", league.pack)(PACK_LIST) == []
    assert [p["code"] for p in list_check("underworlds", "rivals")(PACK_LIST)] == ["uw.league.unknown_warband"]


async def test_a_league_without_a_pack_refuses_the_packs_warband(table, redis, prefix):
    leagues, league_id = await a_league(table, redis, prefix, pack=None)
    assert (await leagues.store.load(league_id)).league.pack is None
    with pytest.raises(GameError) as refused:
        await leagues.join(ctx(ANN), league_id, PACK_LIST)
    assert refused.value.code == "league.list_refused"
    assert refused.value.params["codes"] == ["uw.league.unknown_warband"]
    assert "League Champions" in refused.value.params["problems"][0]


async def test_a_pack_of_another_game_or_an_unknown_pack_is_refused(table, redis, prefix):
    leagues = Leagues(LeagueStore(redis, prefix=prefix), table)
    training = (ROOT / "data/dragonbond/packs/training.yaml").read_text(encoding="utf-8")
    await leagues.packs.store.import_pack(GUILD, ORG.user_id, training)
    with pytest.raises(GameError) as refused:
        await leagues.create(ctx(ORG), "Mixed", "underworlds", "rivals", pack="dragonbond-training")
    assert refused.value.code == "pack.wrong_game"
    with pytest.raises(GameError) as refused:
        await leagues.create(ctx(ORG), "Missing", "underworlds", "rivals", pack="nowhere")
    assert refused.value.code == "pack.not_found"
    assert await leagues.store.ids(GUILD) == []


async def test_league_play_starts_the_match_with_the_leagues_pack_copy(table, redis, prefix):
    """``/league play``: the pairing's bot match is created with ``options["pack"]``, the league's copy."""
    leagues, league_id = await a_league(table, redis, prefix)
    for who in (ANN, BOB):
        await leagues.join(ctx(who), league_id, PACK_LIST)
    await leagues.start_round(ctx(ORG), league_id)
    reply = await leagues.play(ctx(ANN), league_id)
    assert "`league`" in reply.content
    [match] = await table.store.matches_of(ANN.user_id)
    league = (await leagues.store.load(league_id)).league
    assert match.options["pack"] == league.pack
