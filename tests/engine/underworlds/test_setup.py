"""Deployment (digest §12, §7, §10.1; rulebook pp.24-29)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.underworlds.system import UnderworldsSystem, view
from tests.engine.underworlds.scenario import P1, P2, types

SYSTEM = UnderworldsSystem()
SEATS = (P1, P2)


def rng(n=1):
    return SeededRng(bytes([n]) * 32)


def start(r):
    return SYSTEM.setup({}, SEATS, r)


def chosen(r):
    s = start(r)
    for seat, w in ((P1, "garreks-reavers"), (P2, "steelhearts-champions")):
        s, _ = SYSTEM.apply(s, seat, {"type": "ChooseWarband", "warband": w}, r)
        s, _ = SYSTEM.apply(s, seat, {"type": "ChooseDeck", "deck": "rimewyrms-bite-rivals"}, r)
    return s


def test_incomplete_warband_is_refused_with_what_is_missing():
    """§2 and the brief: only warbands with complete profiles play; the code lists what is missing."""
    with pytest.raises(IllegalAction) as e:
        SYSTEM.apply(start(rng()), P1, {"type": "ChooseWarband", "warband": "the-skinnerkin"}, rng())
    assert e.value.code == "uw.setup.warband_incomplete" and "wizard_level" in e.value.params["missing"]
    assert {a["warband"] for a in SYSTEM.legal_actions(start(rng()), P1)} == {"garreks-reavers", "steelhearts-champions"}


def test_other_warbands_rivals_deck_is_refused():
    """§7 Rivals: a warband may not use another warband's own Rivals deck."""
    r = rng()
    s, _ = SYSTEM.apply(start(r), P1, {"type": "ChooseWarband", "warband": "garreks-reavers"}, r)
    with pytest.raises(IllegalAction) as e:
        SYSTEM.apply(s, P1, {"type": "ChooseDeck", "deck": "the-skinnerkin-rivals"}, r)
    assert e.value.code == "uw.setup.deck_not_allowed"


def test_warband_choice_hidden_until_both_revealed():
    """§12.1: both players reveal their warbands at the same time."""
    r = rng()
    s, ev = SYSTEM.apply(start(r), P1, {"type": "ChooseWarband", "warband": "garreks-reavers"}, r)
    assert view(s, P2)["players"][P1]["warband"] == "chosen"
    assert view(s, P1)["players"][P1]["warband"] == "garreks-reavers"
    assert next(e for e in ev if e["type"] == "WarbandChosenPrivately")["visible_to"] == [P1]


def test_options_preset_warbands_and_decks():
    """Setup options from the table skip the choices."""
    s = SYSTEM.setup({"warbands": {P1: "garreks-reavers", P2: "steelhearts-champions"},
                      "decks": {P1: "rimewyrms-bite-rivals", P2: "hungering-parasite-rivals"}}, SEATS, rng())
    assert s["setup"]["stage"] == "board_player" and len(s["fighters"]) == 8


def _through_boards(r):
    s = chosen(r)
    winner = s["stack"][-1] and next(x for x in SEATS if SYSTEM.legal_actions(s, x))
    s, _ = SYSTEM.apply(s, winner, {"type": "ChooseBoardPlayer", "player": P1}, r)
    s, _ = SYSTEM.apply(s, P1, {"type": "ChooseBoard", "board": "mirror-well"}, r)
    s, _ = SYSTEM.apply(s, P2, {"type": "ChooseBoard", "board": "ruptured-seal"}, r)
    s, _ = SYSTEM.apply(s, P2, {"type": "PlaceBoards", "edge": "long", "offset": 0}, r)
    return s


def test_boards_chosen_first_board_player_is_player_zero():
    """§12.2: the chosen player picks first; the other picks and arranges both boards."""
    s = _through_boards(rng())
    assert s["territory"] == {P1: 0, P2: 1} and s["setup"]["stage"] == "feature_tokens"


def test_bad_board_layout_is_refused():
    """§12.2: joins must complete at least 4 (long) or 2 (short) hexes."""
    r = rng()
    s = chosen(r)
    winner = next(x for x in SEATS if SYSTEM.legal_actions(s, x))
    s, _ = SYSTEM.apply(s, winner, {"type": "ChooseBoardPlayer", "player": P1}, r)
    s, _ = SYSTEM.apply(s, P1, {"type": "ChooseBoard", "board": "mirror-well"}, r)
    s, _ = SYSTEM.apply(s, P2, {"type": "ChooseBoard", "board": "ruptured-seal"}, r)
    with pytest.raises(IllegalAction) as e:
        SYSTEM.apply(s, P2, {"type": "PlaceBoards", "edge": "long", "offset": 8}, r)
    assert e.value.code == "uw.setup.bad_board_layout"


def test_feature_tokens_alternate_three_and_two_hidden_then_flipped():
    """§12.3: 3 tokens to the first-board player, 2 to the other, alternate A B A B A, numbers hidden, then flipped."""
    r = rng()
    s = _through_boards(r)
    order = []
    while s["setup"]["stage"] == "feature_tokens":
        seat = next(x for x in SEATS if SYSTEM.legal_actions(s, x))
        order.append(seat)
        v = view(s, seat)
        assert all(t["number"] is None for t in v["feature_tokens"] if t["front"] == "objective")
        s, _ = SYSTEM.apply(s, seat, SYSTEM.legal_actions(s, seat)[0], r)
    assert order == [P1, P2, P1, P2, P1]
    placed = [t for t in s["feature_tokens"] if t["hex"]]
    assert len(placed) == 5 and all(t["face_up"] == "objective" for t in placed)


def test_redraw_hidden_until_both_decide_then_deploy_alternates():
    """§12.4-12.5: redraw decisions (first-board player first), then alternate fighter placement."""
    r = rng()
    s = _through_boards(r)
    while s["setup"]["stage"] == "feature_tokens":
        seat = next(x for x in SEATS if SYSTEM.legal_actions(s, x))
        s, _ = SYSTEM.apply(s, seat, SYSTEM.legal_actions(s, seat)[0], r)
    assert len(s["players"][P1]["objectives"]) == 3 and len(s["players"][P1]["power"]) == 5
    assert SYSTEM.legal_actions(s, P2) == []  # the first-board player decides first
    s, _ = SYSTEM.apply(s, P1, {"type": "Redraw", "cards": "all"}, r)
    assert view(s, P2)["players"][P1]["redraw"] == "decided"
    s, ev = SYSTEM.apply(s, P2, {"type": "Redraw", "cards": "none"}, r)
    assert "RedrawsRevealed" in types(ev)
    winner = next(x for x in SEATS if SYSTEM.legal_actions(s, x))
    s, _ = SYSTEM.apply(s, winner, {"type": "ChooseFirstToDeploy", "player": P2}, r)
    placed = []
    while s["phase"] == "setup":
        seat = next(x for x in SEATS if SYSTEM.legal_actions(s, x))
        placed.append(seat)
        s, ev = SYSTEM.apply(s, seat, SYSTEM.legal_actions(s, seat)[0], r)
    assert placed == [P2, P1, P2, P1, P2, P1, P1, P1]
    assert s["setup"]["finished_first"] == P2
    roll = [e for e in ev if e["type"] == "RollOff"][-1]
    assert roll["bonus"] == P2  # §10.1: round 1's roll-off, +1 crit to the first to finish deploying


def test_fighter_placed_outside_own_starting_hexes_is_refused():
    """§12.5: an empty starting hex in your own territory."""
    r = rng(3)
    s = SYSTEM.setup({"warbands": {P1: "garreks-reavers", P2: "steelhearts-champions"},
                      "decks": {P1: "rimewyrms-bite-rivals", P2: "rimewyrms-bite-rivals"}}, SEATS, r)
    while s["setup"]["stage"] != "deploy":
        seat = next(x for x in SEATS if SYSTEM.legal_actions(s, x))
        s, _ = SYSTEM.apply(s, seat, SYSTEM.legal_actions(s, seat)[0], r)
    seat = next(x for x in SEATS if SYSTEM.legal_actions(s, x))
    f = next(x["id"] for x in s["fighters"] if x["seat"] == seat)
    with pytest.raises(IllegalAction) as e:
        SYSTEM.apply(s, seat, {"type": "PlaceFighter", "fighter": f, "hex": "a6"}, r)
    assert e.value.code == "uw.setup.not_a_starting_hex"
