"""Decks built for the Nemesis and Relic formats (digest §6.1, §7), given in the setup options as a league's registered
list is: checked with the format's deck-building rules, chosen without a ChooseDeck, played card for card (§12.1,
§12.4), the Hungering Parasite plot with its cards (§6.2). Rulings: "League decks" in docs/rulings/underworlds.md."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.underworlds import parasite
from engine.underworlds.state import State
from engine.underworlds.system import UnderworldsSystem, load, view
from tests.engine.underworlds.scenario import P1, P2
from tests.engine.underworlds.test_properties import MATCHES, SEEDS, _card_places, play_match

ROOT = Path(__file__).resolve().parents[3]
SYSTEM = UnderworldsSystem()
SEATS = (P1, P2)
BRETHREN = "league-brethren"


def brethren_pack() -> dict[str, Any]:
    """A league's warband bearing the Brethren of the Bolt symbol (test fixture: Steelheart's Champions' fighters under
    that symbol, as the shipped Brethren's values are unknown), so the Brethren of the Bolt Rivals deck is its own."""
    warband = json.loads((ROOT / "data/underworlds/warbands/steelhearts-champions.json").read_text(encoding="utf-8"))
    warband.update(id=BRETHREN, name="League Brethren", faction="Brethren of the Bolt", edition="custom")
    return {"id": "league", "entries": {"warbands": [warband]}}


def ids(first: int, last: int) -> list[str]:
    return [str(n) for n in range(first, last + 1)]


# Nemesis (§7): the warband's Rivals deck (Brethren of the Bolt, 6 surge) and one universal deck (Rimewyrm's Bite: its
# end-phase objectives 48001, 48002, 48005 and four upgrades): 15 objectives, 6 surge; 24 power cards, 10 gambits.
NEMESIS = {"format": "nemesis", "objectives": ids(45001, 45012) + ["48001", "48002", "48005"],
           "power": ids(45013, 45032) + ids(48023, 48026)}
# Relic (§7) for Garrek's Reavers: universal cards only, Rimewyrm's Bite's and three of Hungering Parasite's (its
# end-phase objectives 47001-47003 and upgrades 47023-47024): 15 objectives, 6 surge; 22 power cards, 10 gambits.
RELIC_WITH_PARASITE = {"format": "relic", "objectives": ids(48001, 48012) + ids(47001, 47003),
                       "power": ids(48013, 48032) + ["47023", "47024"]}


def setup(built: dict[str, Any], *, p2: bool = True, seed: int = 1, **more: Any) -> dict[str, Any]:
    """Player1 fields the league's Brethren with ``built``; player2 (if ``p2``) Garrek's Reavers, Rimewyrm's Bite."""
    options: dict[str, Any] = {"pack": brethren_pack(), "warbands": {P1: BRETHREN}, "built_decks": {P1: built}, **more}
    if p2:
        options["warbands"][P2] = "garreks-reavers"
        options["decks"] = {P2: "rimewyrms-bite-rivals"}
    return SYSTEM.setup(options, SEATS, SeededRng(bytes([seed]) * 32))


def refused(options: dict[str, Any]) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        SYSTEM.setup({"pack": brethren_pack(), **options}, SEATS, SeededRng(bytes(32)))
    return caught.value


def test_nemesis_deck_of_the_warbands_rivals_deck_and_one_universal_deck_is_played():
    """§7 Nemesis (the warband's Rivals deck plus one universal Rivals deck), §12.1, §12.4: the built deck is the
    seat's chosen deck; once revealed its cards, and only they, are the seat's objective and power decks, shuffled
    into the hands drawn; the other seat sees counts only."""
    s = setup(NEMESIS)
    me = s["players"][P1]
    assert s["setup"]["stage"] == "board_player" and me["deck"] == "nemesis" and me["plot_decks"] == []
    assert (me["objective_deck"], me["power_deck"]) == (NEMESIS["objectives"], NEMESIS["power"])
    assert view(s, P2)["players"][P1]["objective_deck"] == 15 and view(s, P2)["players"][P1]["power_deck"] == 24
    r = SeededRng(bytes([2]) * 32)
    for _ in range(40):  # boards and feature tokens, taking the first choice offered, until the cards are drawn
        if s["setup"]["stage"] == "redraw":
            break
        seat = next(x for x in SEATS if SYSTEM.legal_actions(s, x))
        s, _ = SYSTEM.apply(s, seat, SYSTEM.legal_actions(s, seat)[0], r)
    me = s["players"][P1]
    assert (len(me["objectives"]), len(me["power"])) == (3, 5)
    assert Counter(me["objective_deck"] + me["objectives"]) == Counter(NEMESIS["objectives"])
    assert Counter(me["power_deck"] + me["power"]) == Counter(NEMESIS["power"])
    assert me["objective_deck"] + me["objectives"] != NEMESIS["objectives"]  # shuffled (§12.4)
    assert view(s, P2)["players"][P1]["power"] == ["hidden"] * 5


def test_built_deck_counts_as_the_deck_chosen_and_stays_secret_until_the_reveal():
    """§12.1: warbands (and decks) are revealed together. A built deck is its seat's choice made, so no ChooseDeck is
    offered; until the other player has chosen, they see "chosen" and nothing of its cards, not even how many."""
    s = setup(NEMESIS, p2=False)
    assert s["setup"]["stage"] == "choose_warbands"
    assert SYSTEM.legal_actions(s, P1) == []
    assert {a["type"] for a in SYSTEM.legal_actions(s, P2)} == {"ChooseWarband"}
    seen = view(s, P2)["players"][P1]
    assert (seen["warband"], seen["deck"], seen["objective_deck"], seen["power_deck"]) == ("chosen", "chosen", 0, 0)
    assert view(s, P1)["players"][P1]["objective_deck"] == 15


def test_built_deck_breaking_a_deck_building_rule_is_refused_with_its_problems():
    """§6.1 (20 or more power cards, at most half of them gambits), §7 Nemesis (one universal deck beside the
    warband's own; no other warband's cards): the deck is refused, every broken rule named."""
    mixed = {**NEMESIS, "power": ids(45013, 45031) + ["47023"]}  # 20 power cards, one of them Hungering Parasite's
    too_few = {**NEMESIS, "power": ids(45013, 45031)}
    error = refused({"warbands": {P1: BRETHREN}, "built_decks": {P1: mixed}})
    assert error.code == "uw.deck.illegal" and error.params["format"] == "nemesis"
    assert [p["code"] for p in error.params["problems"]] == ["uw.deck.too_many_universal_decks"]
    error = refused({"warbands": {P1: BRETHREN}, "built_decks": {P1: too_few}})
    assert error.params["problems"] == [{"code": "uw.deck.too_few_power_cards", "count": 19, "minimum": 20},
                                        {"code": "uw.deck.too_many_gambits", "count": 10, "maximum": 9}]
    error = refused({"warbands": {P1: "garreks-reavers"}, "built_decks": {P1: NEMESIS}})
    assert {p["code"] for p in error.params["problems"]} == {"uw.deck.other_warbands_card"}


def test_built_deck_given_wrongly_is_refused_with_what_to_do():
    """Bad setup options change nothing and say what to give instead: a format with built decks (§7), known cards, the
    warband first, one deck per seat."""
    assert refused({"warbands": {P1: BRETHREN}, "built_decks": {P1: {**NEMESIS, "format": "rivals"}}}).code == \
        "uw.setup.unknown_deck_format"
    unknown = refused({"warbands": {P1: BRETHREN}, "built_decks": {P1: {**NEMESIS, "power": ["99999"]}}})
    assert unknown.code == "uw.deck.unknown_card" and unknown.params["cards"] == ["99999"]
    assert refused({"built_decks": {P1: NEMESIS}}).code == "uw.setup.warband_first"
    assert refused({"warbands": {P1: BRETHREN}, "decks": {P1: "rimewyrms-bite-rivals"},
                    "built_decks": {P1: NEMESIS}}).code == "uw.setup.already_chosen"


def test_hungering_parasite_plot_applies_to_a_built_deck_holding_its_cards():
    """§6.2 Plot card (comes with some Rivals decks), §7 Relic (at most one plot card besides the warband's own: a
    deck using a plotted Rivals deck's cards uses its plot): a built deck with Hungering Parasite cards has the Bane of
    Heroes plot, one without has not."""
    without = {"format": "relic", "objectives": ids(48001, 48012), "power": ids(48013, 48032)}
    s = SYSTEM.setup({"warbands": {P1: "garreks-reavers", P2: "steelhearts-champions"},
                      "built_decks": {P1: RELIC_WITH_PARASITE, P2: without}}, SEATS, SeededRng(bytes(32)))
    st = load(s)
    assert st.players[P1].plot_decks == ["hungering-parasite-rivals"] and st.players[P2].plot_decks == []
    assert parasite.has_plot(st, P1) and not parasite.has_plot(st, P2)


@settings(max_examples=MATCHES, deadline=None)
@given(seed=SEEDS)
def test_random_match_with_built_decks_runs_to_its_end_each_card_in_one_place(seed: int) -> None:
    """§6.3 (each card of a deck in one place), §12, §28.2 (three rounds, then a result): a whole random match where
    both players play built decks, one with the Hungering Parasite plot, ends with every card of each list, and no
    other, somewhere."""
    lists = {P1: NEMESIS, P2: RELIC_WITH_PARASITE}
    options = {"pack": brethren_pack(), "warbands": {P1: BRETHREN, P2: "garreks-reavers"}, "built_decks": lists}

    def check(state: State, events: list[dict[str, Any]]) -> None:
        for seat, built in lists.items():
            assert _card_places(state, seat) == Counter(built["objectives"] + built["power"])

    final = play_match(seed, check, options)
    assert final.phase == "over" and final.outcome is not None
