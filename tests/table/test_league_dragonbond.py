"""Dragonbond in leagues (issue #18): a list is a force list (§25.2) of the league pack's units (the shipped
training pack without one), checked through the league service against the game size (§25.1) by the pack
model's force check, one message per problem."""
from __future__ import annotations

from pathlib import Path

import yaml

import table.dragonbond.league  # noqa: F401 - registers the force list check (also done by table.dragonbond)
from engine.core.errors import GameError
from table.context import Actor, Context
from table.league.registry import list_check
from table.league.service import Leagues
from tests.table import league_support as support
from tests.table.league_support import ANN, league_ctx

ROOT = Path(__file__).resolve().parents[2]
GUILD = 79
LUCY = ("faction: Fuerza de Lucy\nComandantes de Guardia Jurada (general)\nCazadores del Fai\n"
        "Esgrimistas Oníricos (reserve)\nvaala: vaala-fig-4")


def ctx(actor: Actor) -> Context:
    return league_ctx(actor, GUILD)


async def a_league(table, redis, prefix, format: str = "skirmish", pack: str | None = None) -> tuple[Leagues, str]:
    return await support.a_league(table, redis, prefix, game="dragonbond", name="Valerna", format=format, guild=GUILD,
                                  pack=pack, pack_id="db-league")


async def refused(leagues: Leagues, league_id: str, text: str) -> GameError:
    return await support.refused(leagues, league_id, text, GUILD)


async def test_a_force_within_the_game_size_is_accepted(table, redis, prefix):
    """Digest §25.1, §25.2; seed 003 lines 1264 (50 points: a skirmish), 1274 (one faction, units' points):
    Lucy's training force (38 points, its General, a Vaala card for its Vaala unit) fits a skirmish."""
    leagues, league_id = await a_league(table, redis, prefix)
    joined = await leagues.join(ctx(ANN), league_id, LUCY)
    assert "Fuerza de Lucy · 3 units, 38 points" in joined.content


async def test_force_list_rules_broken_are_refused_one_message_each(table, redis, prefix):
    """Digest §25.1, §25.2; seed 003 lines 1264 (the game size is the most points a force may spend), 1274 (one
    faction), 1304 (a unique card once): each broken rule is one line naming it."""
    leagues, league_id = await a_league(table, redis, prefix)
    error = await refused(leagues, league_id, "Eldai Alarn (general); 2x Eldai Alarn; Cazadores del Fai; "
                                              "Skorpikones de Asalto; 2x Carniceros Ogerron; command: nope")
    assert error.params["codes"] == ["db.league.force"] * 4
    lines = error.params["problems"]
    assert "nope" in lines[0] and "command_cards" in lines[0]
    assert "eldai-alarn" in lines[1] and "unique card at most once" in lines[1]
    assert "cazadores-del-fai" in lines[2] and "a unit of Fuerza de Jason" in lines[2]
    assert "86 points spent" in lines[3]


async def test_the_same_points_fit_a_bigger_game_size(table, redis, prefix):
    """Digest §25.1; seed 003 lines 1264-1266: a 56-point force is too big for a skirmish, fine in a standard
    game (100 points)."""
    force = "Eldai Alarn (general); Skorpikones de Asalto; Carniceros Ogerron; Garras Sangrientas; Garras Sangrientas"
    leagues, league_id = await a_league(table, redis, prefix, format="standard")
    await leagues.join(ctx(ANN), league_id, force)
    from table.league.registry import list_check
    [problem] = list_check("dragonbond", "skirmish")(force)
    assert problem["path"] == "size" and "56 points spent" in problem["expected"]


async def test_a_force_names_one_general_who_is_a_hero(table, redis, prefix):
    """Digest §22, §25.2; seed 003 line 1278: a force must include one and only one General, a Hero."""
    leagues, league_id = await a_league(table, redis, prefix)
    error = await refused(leagues, league_id, "Eldai Alarn; Garras Sangrientas")
    assert error.params["codes"] == ["db.league.no_general"] and "General" in error.params["problems"][0]
    error = await refused(leagues, league_id, "Eldai Alarn; Garras Sangrientas; general: Garras Sangrientas")
    assert error.params["codes"] == ["db.league.force"]
    assert "general" in error.params["problems"][0] and "Héroe" in error.params["problems"][0]
    error = await refused(leagues, league_id, "Frobs (general)")
    assert error.params["codes"] == ["db.league.unknown_unit"] and "Frobs" in error.params["problems"][0]


def db_pack() -> str:
    """The training pack retyped by a league: its own id, a unit renamed, and one unit whose points it does not
    know."""
    data = yaml.safe_load((ROOT / "data/dragonbond/packs/training.yaml").read_text(encoding="utf-8"))
    data.update(id="db-league", name="League forces", training=False)
    units = {u["id"]: u for u in data["entries"]["units"]}
    units["garras-sangrientas"]["name"] = "Garras de la Liga"
    units["carniceros-ogerron"]["points"] = "unknown"
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


async def test_the_leagues_pack_gives_the_units_and_their_points(table, redis, prefix):
    """Digest §25.2 with a pack: units are the league pack's; a unit whose points (or any value a match needs)
    the pack leaves unknown is refused, with what to do about it."""
    leagues, league_id = await a_league(table, redis, prefix, pack=db_pack())
    await leagues.join(ctx(ANN), league_id, "Eldai Alarn (general); Garras de la Liga")
    error = await refused(leagues, league_id, "Eldai Alarn (general); Garras Sangrientas")
    assert error.params["codes"] == ["db.league.unknown_unit"]
    error = await refused(leagues, league_id, "Eldai Alarn (general); Carniceros Ogerron")
    assert error.params["codes"] == ["db.league.unknown_value"]
    assert "Carniceros Ogerron" in error.params["problems"][0] and "points" in error.params["problems"][0]
    assert "organiser" in error.params["problems"][0]


async def test_a_league_match_starts_with_both_registered_force_lists(table, redis, prefix):
    """Digest §25.1 (the game size), §25.2 (force lists are written before the players meet), §25.3 (the pre-game
    choices): the league match is played at the league's size with Ann's and Bob's registered force lists, added to
    the match's pack copy; neither the size nor a force is chosen in the match (the scenario still is)."""
    from engine.dragonbond.system import DragonbondSystem

    jason = "Eldai Alarn (general)\nSkorpikones de Asalto\nCarniceros Ogerron"
    leagues, league_id = await a_league(table, redis, prefix)
    reply, match = await support.league_match(table, leagues, league_id, GUILD, LUCY, jason)
    ann, bob = match.seats[0].seat, match.seats[1].seat
    state = match.state
    assert state["size"] == 50
    assert state["setup"]["forces"] == {ann: f"league-{ann}", bob: f"league-{bob}"}
    forces = {f["id"]: f for f in state["setup"]["pack"]["entries"]["forces"]}
    assert [u["unit"] for u in forces[f"league-{ann}"]["units"]] == [
        "comandantes-guardia-jurada", "cazadores-del-fai", "esgrimistas-oniricos"]
    assert forces[f"league-{ann}"]["general"] == "comandantes-guardia-jurada"
    assert [u["unit"] for u in forces[f"league-{bob}"]["units"]] == [
        "eldai-alarn", "skorpikones-de-asalto", "carniceros-ogerron"]
    system = DragonbondSystem()
    for seat in (ann, bob):
        assert not {a["type"] for a in system.legal_actions(state, seat)} & {"ChooseForce", "ChooseSize"}
    assert "registered" in reply.content and "Cazadores" not in reply.content
