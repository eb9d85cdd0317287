"""Tambores de Guerra in leagues (issue #18): a list is an army deck (hero + cards) of the league pack (the
shipped training pack without one), checked through the league service by the pack model's deck check, one
message per problem."""
from __future__ import annotations

from pathlib import Path

import yaml

import table.tambores.league  # noqa: F401 - registers the deck check (also done by table.tambores)
from engine.core.errors import GameError
from table.context import Actor, Context
from table.league.service import Leagues
from tests.table import league_support as support
from tests.table.league_support import ANN, league_ctx

ROOT = Path(__file__).resolve().parents[2]
GUILD = 80
HUMANS = "hero: Aiden\n10 Alabardero\n10 Soldado\nArquera x9\n9x Caballero\n8 Hermandad"


def ctx(actor: Actor) -> Context:
    return league_ctx(actor, GUILD)


async def a_league(table, redis, prefix, format: str = "custom", pack: str | None = None) -> tuple[Leagues, str]:
    return await support.a_league(table, redis, prefix, game="tambores", name="Enclave", format=format, guild=GUILD,
                                  pack=pack, pack_id="tdg-league")


async def refused(leagues: Leagues, league_id: str, text: str) -> GameError:
    return await support.refused(leagues, league_id, text, GUILD)


async def test_a_deck_of_one_army_led_by_its_hero_is_accepted(table, redis, prefix):
    """Digest §6.3, §7, §8; seed 002 lines 156 (a hero leads its own faction's army), 225 (a hand of 5 cards):
    the training pack's human deck led by Aiden."""
    leagues, league_id = await a_league(table, redis, prefix)
    joined = await leagues.join(ctx(ANN), league_id, HUMANS)
    assert "Aiden · human · 46 cards" in joined.content


async def test_deck_composition_rules_broken_are_refused_one_message_each(table, redis, prefix):
    """Digest §6.3, §8; seed 002 lines 156, 225: a hero of another army, a card of another army and fewer than
    a hand of cards are each one line naming the card and the rule."""
    leagues, league_id = await a_league(table, redis, prefix)
    error = await refused(leagues, league_id, "hero: Thugg\nhero: Aiden\n2 Alabardero\n1 Lancero")
    assert error.params["codes"] == ["tdg.league.deck"] * 3
    lines = error.params["problems"]
    assert "aiden" in lines[0] and "a hero of the orc army" in lines[0]
    assert "alabardero" in lines[1] and "a card of the orc army" in lines[1]
    assert "at least 5 cards to draw" in lines[2]


async def test_the_box_format_asks_for_the_boxs_composition(table, redis, prefix):
    """Digest §3; seed 002 lines 70-80: an army deck of the box is 4 heroes, 36 units, 6 equipment and 4 tactics;
    the training deck (46 units, one hero named) breaks four of those counts."""
    leagues, league_id = await a_league(table, redis, prefix, format="box")
    error = await refused(leagues, league_id, HUMANS)
    assert error.params["codes"] == ["tdg.league.deck"] * 4
    text = "\n".join(error.params["problems"])
    assert "4 heroes, as in the box" in text and "36 units" in text and "6 equipment" in text and "4 tactics" in text
    assert "box: false" not in text


async def test_a_deck_needs_a_hero_and_known_cards(table, redis, prefix):
    """Digest §6.3, §7 step 3: each player picks a hero of the army; unknown names are named back."""
    leagues, league_id = await a_league(table, redis, prefix)
    assert (await refused(leagues, league_id, "10 Alabardero")).params["codes"] == ["tdg.league.no_hero"]
    error = await refused(leagues, league_id, "hero: Nadie\n3 Frobs")
    assert error.params["codes"] == ["tdg.league.unknown_hero", "tdg.league.unknown_card"]
    assert "Nadie" in error.params["problems"][0] and "Frobs" in error.params["problems"][1]


def tdg_pack() -> str:
    """The training pack retyped by a league: its own id and a human unit renamed."""
    data = yaml.safe_load((ROOT / "data/tambores/packs/training.yaml").read_text(encoding="utf-8"))
    data.update(id="tdg-league", name="League armies", training=False)
    for unit in data["entries"]["units"]:
        if unit["id"] == "hermandad":
            unit["name"] = "Hermandad de la Liga"
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


async def test_the_leagues_pack_gives_the_cards(table, redis, prefix):
    """Digest §17 with a pack: the cards are the league pack's (a renamed card by its new name)."""
    leagues, league_id = await a_league(table, redis, prefix, pack=tdg_pack())
    await leagues.join(ctx(ANN), league_id, HUMANS.replace("8 Hermandad", "8 Hermandad de la Liga"))
    error = await refused(leagues, league_id, HUMANS.replace("Alabardero", "Alabarderos"))
    assert error.params["codes"] == ["tdg.league.unknown_card"]


async def test_a_league_match_starts_with_both_registered_army_decks_and_heroes(table, redis, prefix):
    """Digest §7 steps 2-3 (each player picks an army deck, then one hero of that army), §15 (a skirmish is one
    battle): the league match plays Ann's and Bob's registered decks, added to the match's pack copy, each led by
    the hero the list names; no army, mode or hero is chosen in the match."""
    orcs = "hero: Thugg\n12 Lancero\n10 Fûror\n12 Ballestero\n12 Jinete"
    leagues, league_id = await a_league(table, redis, prefix)
    reply, match = await support.league_match(table, leagues, league_id, GUILD, HUMANS, orcs)
    ann, bob = match.seats[0].seat, match.seats[1].seat
    state = match.state
    assert state["mode"] == "skirmish"
    assert state["series"]["armies"] == {ann: f"league-{ann}", bob: f"league-{bob}"}
    assert {seat: state["players"][seat]["hero"] for seat in (ann, bob)} == {ann: "aiden", bob: "thugg"}
    decks = state["catalogue"]["decks"]
    assert decks[f"league-{ann}"]["heroes"] == ["aiden"] and decks[f"league-{bob}"]["heroes"] == ["thugg"]
    assert state["step"] not in ("choose_mode", "choose_armies", "choose_heroes")
    assert "registered" in reply.content and "Alabardero" not in reply.content


def test_a_list_of_several_heroes_gets_one_of_them_at_random():
    """Digest §7 step 3: "each player picks one hero of that army (by choice or at random)": a registered deck of
    several heroes (the box's four) leaves the hero to the draw."""
    from table.tambores.league import match_options

    options = match_options("custom", {"player1": "hero: Aiden\nhero: Jayme\n10 Alabardero\n10 Soldado"})
    assert options["heroes"] == {"player1": "random"} and options["armies"] == {"player1": "league-player1"}
