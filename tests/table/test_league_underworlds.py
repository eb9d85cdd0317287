"""Underworlds in leagues (issue #18): ``/league play`` starts the pairing's match with the warbands and decks the
two players registered (a whole Rivals deck, or a Nemesis or Relic deck built card by card), so the match's choice of
warband and deck (§12.1) is already made."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import yaml

from engine.underworlds.system import UnderworldsSystem, view
from table.underworlds.league import match_options
from tests.table import league_support as support

ROOT = Path(__file__).resolve().parents[2]
GUILD = 82
REAVERS = "warband: Garrek's Reavers\ndeck: rimewyrms-bite-rivals"
CHAMPIONS = "warband: Steelheart's Champions\ndeck: hungering-parasite-rivals"


def ids(first: int, last: int) -> list[str]:
    return [str(n) for n in range(first, last + 1)]


# Nemesis lists (§7) of a warband bearing the Brethren of the Bolt symbol: its own Rivals deck and one universal deck,
# Rimewyrm's Bite (Ann) or Hungering Parasite (Bob), of which the end-phase objectives and four upgrades.
ANN_CARDS = (ids(45001, 45012) + ["48001", "48002", "48005"], ids(45013, 45032) + ids(48023, 48026))
BOB_CARDS = (ids(45001, 45012) + ids(47001, 47003), ids(45013, 45032) + ids(47023, 47026))


def nemesis_list(cards: tuple[list[str], list[str]]) -> str:
    return "warband: League Brethren\n" + "\n".join(cards[0] + cards[1])


def brethren_pack_text() -> str:
    """A league's warband bearing the Brethren of the Bolt symbol (test fixture: Steelheart's Champions' fighters
    under that symbol, as the shipped Brethren's values are unknown): the Brethren Rivals deck is its own."""
    warband = json.loads((ROOT / "data/underworlds/warbands/steelhearts-champions.json").read_text(encoding="utf-8"))
    warband.update(id="league-brethren", name="League Brethren", faction="Brethren of the Bolt", edition="custom")
    return yaml.safe_dump({"schema_version": 1, "game": "underworlds", "id": "brethren", "name": "League Brethren",
                           "version": "1", "author": "Ana", "provenance": "Typed from our own cards",
                           "entries": {"warbands": [warband]}}, allow_unicode=True, sort_keys=False)


async def test_a_league_match_starts_with_both_registered_warbands_and_decks(table, redis, prefix):
    """Digest §12.1 (each player picks a warband and a deck before deployment), §7 (Rivals: one whole Rivals
    deck): the league match starts with Ann's and Bob's registered warband and deck, revealed as the setup does,
    and neither is offered a warband or deck choice; the lists are not posted before they are published."""
    leagues, league_id = await support.a_league(table, redis, prefix, game="underworlds", name="Wintermaw",
                                                format="rivals", guild=GUILD)
    reply, match = await support.league_match(table, leagues, league_id, GUILD, REAVERS, CHAMPIONS)
    ann, bob = match.seats[0].seat, match.seats[1].seat
    players = match.state["players"]
    assert (players[ann]["warband"], players[ann]["deck"]) == ("garreks-reavers", "rimewyrms-bite-rivals")
    assert (players[bob]["warband"], players[bob]["deck"]) == ("steelhearts-champions", "hungering-parasite-rivals")
    system = UnderworldsSystem()
    for seat in (ann, bob):
        assert not {a["type"] for a in system.legal_actions(match.state, seat)} & {"ChooseWarband", "ChooseDeck"}
    assert "registered" in reply.content and "Reavers" not in reply.content


async def test_a_nemesis_league_match_plays_both_registered_decks(table, redis, prefix):
    """Digest §7 (Nemesis, "the most-played format": the warband's Rivals deck plus one universal deck), §12.1, §12.4:
    the league match starts with Ann's and Bob's registered Nemesis decks, card for card, as their objective and power
    decks; neither is offered a warband or deck choice, each sees only counts of the other's, and Bob's Hungering
    Parasite cards bring its plot (§6.2)."""
    leagues, league_id = await support.a_league(table, redis, prefix, game="underworlds", name="Nemesis",
                                                format="nemesis", guild=GUILD, pack=brethren_pack_text(),
                                                pack_id="brethren")
    _, match = await support.league_match(table, leagues, league_id, GUILD, nemesis_list(ANN_CARDS),
                                          nemesis_list(BOB_CARDS))
    ann, bob = match.seats[0].seat, match.seats[1].seat
    system = UnderworldsSystem()
    for seat, (objectives, power) in ((ann, ANN_CARDS), (bob, BOB_CARDS)):
        player = match.state["players"][seat]
        assert (player["warband"], player["deck"]) == ("league-brethren", "nemesis")
        assert Counter(player["objective_deck"] + player["objectives"]) == Counter(objectives)
        assert Counter(player["power_deck"] + player["power"]) == Counter(power)
        assert not {a["type"] for a in system.legal_actions(match.state, seat)} & {"ChooseWarband", "ChooseDeck"}
    assert view(match.state, ann)["players"][bob]["objective_deck"] == 15
    assert match.state["players"][bob]["plot_decks"] == ["hungering-parasite-rivals"]
    assert match.state["players"][ann]["plot_decks"] == []


def test_a_relic_list_is_given_to_the_match_as_a_built_deck():
    """Digest §7 (Relic: the whole collection, at most one plot card besides the warband's own): a list that is not one
    whole Rivals deck goes to the match as a deck built for the league's format, its objectives and power cards apart;
    a whole Rivals deck still goes as that deck."""
    relic = ids(48001, 48012) + ids(47001, 47003) + ids(48013, 48032) + ["47023", "47024"]
    options = match_options("relic", {"player1": "warband: Garrek's Reavers\n" + "\n".join(relic),
                                      "player2": CHAMPIONS})
    assert options == {"warbands": {"player1": "garreks-reavers", "player2": "steelhearts-champions"},
                       "decks": {"player2": "hungering-parasite-rivals"},
                       "built_decks": {"player1": {"format": "relic", "objectives": relic[:15], "power": relic[15:]}}}


def test_a_warband_the_match_cannot_play_is_left_to_choose():
    """Seed 000 lines 1550-1556 (each player picks a warband): a registered warband with unknown values (the
    shipped Brethren of the Bolt) cannot be fielded by the engine, so its player chooses in the match as before."""
    options = match_options("rivals", {"player1": "warband: Brethren of the Bolt\ndeck: brethren-of-the-bolt-rivals"})
    assert options == {"warbands": {}, "decks": {}, "built_decks": {}}
