"""Mage Wars in leagues (issue #18): a list is a spellbook (mage + cards), checked through the league service
with the engine's validator (§15), one message per problem with its suggested fix; a league's pack cards count."""
from __future__ import annotations

import pytest
import yaml

import table.magewars.league  # noqa: F401 - registers the Mage Wars list check (also done by table.magewars)
from engine.core.errors import GameError
from engine.magewars import spellbooks
from engine.magewars.system import SYSTEM
from render.magewars.arena import labels
from table.context import Actor, Context
from table.league.registry import list_check
from table.league.service import Leagues
from table.play import Play
from tests.table import league_support as support
from tests.table.league_support import ANN, BOB, league_ctx

GUILD = 78
STARTER = "mage: Wizard\n" + "\n".join(f"{n} {c}" for c, n in spellbooks.contents("starter-wizard").items())


def ctx(actor: Actor) -> Context:
    return league_ctx(actor, GUILD)


async def a_league(table, redis, prefix, format: str = "full", pack: str | None = None) -> tuple[Leagues, str]:
    return await support.a_league(table, redis, prefix, game="magewars", name="Arena", format=format, guild=GUILD,
                                  pack=pack, pack_id="mw-league")


async def refused(leagues: Leagues, league_id: str, text: str) -> GameError:
    return await support.refused(leagues, league_id, text, GUILD)


async def test_a_starter_spellbook_is_accepted_in_the_full_game(table, redis, prefix):
    """Digest §15, §20.4; seed 001 line 1003: the Wizard's starter book (59 spells) fits his spell points."""
    leagues, league_id = await a_league(table, redis, prefix)
    joined = await leagues.join(ctx(ANN), league_id, STARTER)
    assert "Wizard · 59 spells" in joined.content
    assert await leagues.join(ctx(Actor(3, "bob")), league_id, "mago: Hechicero; book: starter-wizard")


async def test_spellbook_rules_broken_are_refused_one_message_each_with_its_fix(table, redis, prefix):
    """Digest §15; seed 001 lines 1003 (the mage's spell points), 1037 (6 copies of a level-1 spell, 4 of
    higher levels), 1041 (Mage-only spells): each broken rule is one line naming it, followed by its fix."""
    leagues, league_id = await a_league(table, redis, prefix)
    error = await refused(leagues, league_id, "mage: Warlock\nbook: starter-wizard\n3 Lightning Bolt\n2 Frobnicate")
    assert error.params["codes"] == ["mw.book.mage_only", "mw.book.unknown_card", "mw.book.school_only",
                                     "mw.book.too_many_copies", "mw.book.mage_only", "mw.book.over_budget"]
    lines = error.params["problems"]
    assert len(lines) == 6
    assert "Arcane Ring is for the Wizard only" in lines[0] and "Take the card out" in lines[0]
    assert "Frobnicate" in lines[1] and "Check the spelling" in lines[1]
    assert "6 copies of Lightning Bolt" in lines[3] and "at most 4" in lines[3] and "Remove the extra" in lines[3]
    assert "spell points" in lines[5] and "the Warlock has 120" in lines[5]


async def test_a_list_without_a_mage_or_with_an_unknown_one_is_refused(table, redis, prefix):
    """Digest §15: a spellbook is built for one mage."""
    leagues, league_id = await a_league(table, redis, prefix)
    assert (await refused(leagues, league_id, "2 Lightning Bolt")).params["codes"] == ["mw.league.no_mage"]
    error = await refused(leagues, league_id, "mage: Necromancer\n2 Lightning Bolt")
    assert error.params["codes"] == ["mw.league.unknown_mage"] and "Necromancer" in error.params["problems"][0]
    error = await refused(leagues, league_id, "mage: Wizard")
    assert error.params["codes"] == ["mw.league.empty_book"]


async def test_apprentice_mode_uses_the_mages_fixed_book(table, redis, prefix):
    """Digest §3.2, §20.3; seed 001 line 69: in apprentice games every mage plays its fixed apprentice book, so
    the list names the mage; a different book is refused."""
    leagues, league_id = await a_league(table, redis, prefix, format="apprentice")
    joined = await leagues.join(ctx(ANN), league_id, "mage: Señor de las Bestias")
    assert "Beastmaster" in joined.content
    bob = Actor(3, "bob")
    await leagues.join(ctx(bob), league_id, "mage: Warlock\nbook: apprentice-warlock")
    with pytest.raises(GameError) as caught:
        await leagues.join(ctx(Actor(4, "cy")), league_id, "mage: Warlock\nbook: apprentice-wizard")
    assert caught.value.params["codes"] == ["mw.league.apprentice_book"]
    assert "apprentice-warlock" in caught.value.params["problems"][0]


def mw_pack() -> str:
    """A league's pack with one spell the shipped data does not have (a level-1 Arcane creature)."""
    card = {"id": "league-imp", "name": "League Imp", "type": "creature", "schools": [{"school": "arcane",
            "level": 1}], "cost": 5, "casting_speed": "full", "range": {"min": 0, "max": 0}, "target": "Zone",
            "life": 4, "armor": 0}
    return yaml.safe_dump({"schema_version": 1, "game": "magewars", "id": "mw-league", "name": "League spells",
                           "version": "1", "author": "Ana", "provenance": "Our own house cards",
                           "entries": {"cards": [card]}}, allow_unicode=True, sort_keys=False)


async def test_the_leagues_pack_cards_count_in_spellbooks(table, redis, prefix):
    """Digest §15 with a pack: a card only the league's pack has is known, its spell points and copy limit
    checked like the shipped cards' (level 1: at most 6 copies)."""
    leagues, league_id = await a_league(table, redis, prefix, pack=mw_pack())
    await leagues.join(ctx(ANN), league_id, "mage: Wizard\n2 League Imp\n2 Lightning Bolt")
    error = await refused(leagues, league_id, "mage: Wizard\n7 league-imp")
    assert error.params["codes"] == ["mw.book.too_many_copies"] and "League Imp" in error.params["problems"][0]
    assert [p["code"] for p in list_check("magewars", "full")("mage: Wizard\n2 League Imp")] == \
           ["mw.book.unknown_card"]


async def test_a_league_match_starts_with_both_registered_mages_and_spellbooks(table, redis, prefix):
    """Digest §3.3 (the full game), §15 (a spellbook for one mage): the league match is played in the league's
    format with Ann's and Bob's registered mage and book, so neither the mode nor ``ChooseMage`` is asked; the
    books stay secret (not posted, since the lists are not published)."""
    priestess = "mage: Priestess\nbook: starter-priestess"
    leagues, league_id = await a_league(table, redis, prefix)
    reply, match = await support.league_match(table, leagues, league_id, GUILD, STARTER, priestess)
    ann, bob = match.seats[0].seat, match.seats[1].seat
    state = match.state
    assert state["mode"] == "full" and state["phase"] != "choosing"
    mages = {seat: state["objects"][state["mages"][seat]]["mage"] for seat in (ann, bob)}
    assert mages == {ann: "wizard", bob: "priestess"}
    assert state["books"][ann] == spellbooks.contents("starter-wizard")
    assert state["books"][bob] == spellbooks.contents("starter-priestess")
    assert "registered" in reply.content and "Lightning Bolt" not in reply.content


async def test_an_apprentice_league_match_plays_each_mages_apprentice_book(table, redis, prefix):
    """Digest §3.2, §20.3: in the apprentice format every mage plays its fixed apprentice book."""
    leagues, league_id = await a_league(table, redis, prefix, format="apprentice")
    _, match = await support.league_match(table, leagues, league_id, GUILD, "mage: Wizard", "mage: Warlock")
    ann, bob = match.seats[0].seat, match.seats[1].seat
    assert match.state["mode"] == "apprentice"
    assert match.state["books"][ann] == spellbooks.contents(spellbooks.default_book("wizard", "apprentice"))
    assert match.state["books"][bob] == spellbooks.contents(spellbooks.default_book("warlock", "apprentice"))


async def test_a_league_match_plays_the_packs_own_card_registered_in_a_book(table, redis, prefix):
    """Digest §15 with the league's pack, §9.5 (a creature is summoned in its caster's zone): a book holding the
    pack's League Imp starts its league match (it was refused at setup, ``mw.book.invalid``); the imp is
    prepared and cast at the table, and the table names it (ruling "A data pack's own cards play in the duel")."""
    leagues, league_id = await a_league(table, redis, prefix, pack=mw_pack())
    _, match = await support.league_match(table, leagues, league_id, GUILD, "mage: Wizard\n2 League Imp\n"
                                          "2 Lightning Bolt", "mage: Priestess\nbook: starter-priestess")
    ann, bob = match.seats[0].seat, match.seats[1].seat
    assert match.state["books"][ann] == {"League Imp": 2, "Lightning Bolt": 2}
    assert list(match.state["pack_cards"]["cards"]) == ["League Imp"]
    game, actors = Play(table).game("magewars"), {ann: ANN, bob: BOB}

    async def act(seat: str, action: dict):
        reply = await game.act(ctx(actors[seat]), action, match.id)
        return reply, await table.store.load(match.id)

    while match.state["step"] != "plan":
        seat = SYSTEM.awaiting(match.state)[0]
        _, match = await act(seat, SYSTEM.legal_actions(match.state, seat)[0])
    _, match = await act(ann, {"type": "PlanSpell", "spell": "League Imp"})
    _, match = await act(ann, {"type": "PlanSpell", "spell": None} if {"type": "PlanSpell", "spell": None} in
                         SYSTEM.legal_actions(match.state, ann) else
                         {"type": "Prepare", "spells": ["League Imp"], "assign": {}})
    _, match = await act(bob, {"type": "Prepare", "spells": [], "assign": {}})
    while (match.state["step"], match.state["turn"]) != ("turn", ann):
        seat = SYSTEM.awaiting(match.state)[0]
        legal = SYSTEM.legal_actions(match.state, seat)
        _, match = await act(seat, next(a for kind in ("EndTurn", "Skip", "Activate") for a in legal
                                        if a["type"] == kind))
    me = match.state["mages"][ann]
    _, match = await act(ann, {"type": "Activate", "creature": me})
    reply, match = await act(ann, {"type": "Cast", "caster": me, "spell": "League Imp",
                                   "zone": match.state["objects"][me]["zone"]})
    imp = next(o for o in match.state["objects"].values() if o["card"] == "League Imp")
    assert "League Imp" in reply.content and imp["zone"] == match.state["objects"][me]["zone"]
    assert reply.files and reply.files[0].data[:4] == b"\x89PNG"  # the arena drawn with the imp on it
    assert labels(SYSTEM.view(match.state, bob))[imp["id"]] == "LI"  # its marker on the arena drawn for all
