"""Underworlds in leagues (issue #18): ``/league play`` starts the pairing's match with the warbands and Rivals
decks the two players registered, so the match's choice of warband and deck (§12.1) is already made."""
from __future__ import annotations

from engine.underworlds.cards import load_rivals_decks
from engine.underworlds.system import UnderworldsSystem
from table.underworlds.league import match_options
from tests.table import league_support as support

GUILD = 82
REAVERS = "warband: Garrek's Reavers\ndeck: rimewyrms-bite-rivals"
CHAMPIONS = "warband: Steelheart's Champions\ndeck: hungering-parasite-rivals"


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


def test_a_nemesis_list_fixes_the_warband_and_leaves_the_deck_to_choose():
    """Digest §7: the match plays whole Rivals decks only, so a list that is not one whole Rivals deck (a Nemesis
    or Relic list) fixes the warband and its player still chooses the match's deck."""
    cards = load_rivals_decks()["rimewyrms-bite-rivals"].card_ids[:-1]
    options = match_options("nemesis", {"player1": "warband: Garrek's Reavers\n" + "\n".join(cards)})
    assert options == {"warbands": {"player1": "garreks-reavers"}, "decks": {}}


def test_a_warband_the_match_cannot_play_is_left_to_choose():
    """Seed 000 lines 1550-1556 (each player picks a warband): a registered warband with unknown values (the
    shipped Brethren of the Bolt) cannot be fielded by the engine, so its player chooses in the match as before."""
    options = match_options("rivals", {"player1": "warband: Brethren of the Bolt\ndeck: brethren-of-the-bolt-rivals"})
    assert options == {"warbands": {}, "decks": {}}
