"""Scatter X (digest §9.2): the scatter roll, the player's order of the dice, the chain; and the two scatter cards
of Rimewyrm's Bite, Engulfing Swallow (48015) and Thunderstomp (48030)."""
from __future__ import annotations

import json

import pytest

from engine.core.errors import IllegalAction
from engine.underworlds import effects
from engine.underworlds.hexgrid import HexDirection
from engine.underworlds.scatter import SCATTER_FILE, scatter_directions
from engine.underworlds.system import load
from tests.engine.underworlds.scenario import P1, FixedRng, act, fighter, legal, mag, scenario, top, types

TARGOR = "player1:targor"
OBRYN, SEVERIN = "player2:obryn-the-bold", "player2:severin-steelheart"
# scatter.json, d6 result -> direction; a draw is the result minus 1.
NE, E, SE, SW, W, NW = range(6)


def event(events, kind):
    return next(e for e in events if e["type"] == kind)


def swallow(fighters, **kw):
    """player1 holds Engulfing Swallow in a power step."""
    return scenario(fighters, stage="power", hands={P1: ["48015"]}, **kw)


# -- the scatter roll (§9.2) ----------------------------------------------------------------------------------------


def test_scatter_token_mapping_is_data_driven_and_marked_lost():
    """§9.2: "The direction-to-symbol mapping on the scatter token is lost" [recommendation: a uniform d6 per die,
    data-driven so the real token layout can be added later]."""
    data = json.loads(SCATTER_FILE.read_text(encoding="utf-8"))
    assert data["unknown"] is True and "§9.2" in data["source"] and "lost" in data["note"]
    assert all(r["unknown"] for r in data["results"]) and [r["roll"] for r in data["results"]] == [1, 2, 3, 4, 5, 6]
    assert set(scatter_directions()) == set(HexDirection)


def test_scatter_rolls_one_d6_per_die_with_the_match_rng():
    """§9.2 step 3: "Roll X attack dice" -> X draws of randbelow(6), logged with their directions."""
    rng = FixedRng([NW, NW])  # e5 -> d4 -> d3 (no fighter near: no magic dice)
    s, ev = act(swallow({TARGOR: "h9"}), P1, {"type": "PlayPloy", "card": "48015", "hex": "e5"}, rng)
    assert rng.counter == 2 and rng.values == []
    rolled = event(ev, "ScatterRolled")
    assert (rolled["rolls"], rolled["directions"], rolled["origin"]) == ([6, 6], ["north_west", "north_west"], "e5")


def test_scatter_player_orders_the_dice_then_the_chain_follows():
    """§9.2 step 4: "Put the dice in any order you choose. The first die moves one hex from the origin in its
    direction, giving chain hex 1. Each later die moves one hex from the previous chain hex in its direction.\""""
    s, ev = act(swallow({TARGOR: "c3"}), P1, {"type": "PlayPloy", "card": "48015", "hex": "e5"}, FixedRng([E, SE]))
    assert top(s)["kind"] == "scatter" and "ScatterChainMade" not in types(ev)
    assert legal(s, P1) == [{"type": "ScatterDie", "die": 0}, {"type": "ScatterDie", "die": 1}]
    with pytest.raises(IllegalAction) as err:
        act(s, P1, {"type": "ScatterDie", "die": 2})
    assert err.value.code == "uw.scatter.no_such_die"
    s, ev = act(s, P1, {"type": "ScatterDie", "die": 1})  # south-east first, then east
    chain = event(ev, "ScatterChainMade")
    assert (chain["hexes"], chain["final"], chain["interrupted"]) == (["e6", "f6"], "f6", False)


def test_scatter_with_one_direction_left_needs_no_choice():
    """§9.2 step 4: dice showing the same direction give one order, so the chain is made at once."""
    s, ev = act(swallow({TARGOR: "c3"}), P1, {"type": "PlayPloy", "card": "48015", "hex": "e5"}, FixedRng([E, E]))
    assert event(ev, "ScatterChainMade")["hexes"] == ["f5", "g5"] and top(s)["kind"] != "scatter"


# -- Engulfing Swallow (48015) ------------------------------------------------------------------------------------


def test_engulfing_swallow_picks_an_empty_hex():
    """48015: "Pick an **empty** hex" (§8.2: neither occupied nor blocked): one play per empty hex."""
    plays = [a for a in legal(swallow({TARGOR: "c3"}, tokens={"blocked-1": ("e5", "blocked")}), P1)
             if a.get("card") == "48015"]
    hexes = {a["hex"] for a in plays}
    assert "c3" not in hexes and "e5" not in hexes and {"e6", "a1"} <= hexes
    assert effects.coverage_level("48015") == "automated"


def test_engulfing_swallow_focus_deals_one_damage_otherwise_stagger():
    """48015: "Scatter 2 from that hex. Roll a magic dice for each fighter within 1 hex of the hex at the end of
    that chain. On a roll of [focus], deal 1 damage to that fighter, otherwise stagger that fighter.\""""
    s = swallow({TARGOR: "c3", SEVERIN: "g6", OBRYN: "h5"})
    # Chain e5 -> f5 -> g5; Severin (g6) and Obryn (h5) are within 1 hex of g5, rolled in warband order.
    s, ev = act(s, P1, {"type": "PlayPloy", "card": "48015", "hex": "e5"},
                FixedRng([E, E] + mag("channel") + mag("focus")))
    assert fighter(s, SEVERIN)["stagger"] == 1 and fighter(s, SEVERIN)["wounds"] == 0
    assert fighter(s, OBRYN)["wounds"] == 1 and fighter(s, OBRYN)["stagger"] == 0
    assert fighter(s, TARGOR)["wounds"] == 0 and fighter(s, TARGOR)["stagger"] == 0
    assert "48015" in load(s).players[P1].power_discard and "CardTextToSettle" not in types(ev)


def test_engulfing_swallow_without_a_chain_has_no_effect():
    """§9.2 steps 6-7: a chain that would leave the battlefield at once is no chain; no magic dice are rolled."""
    s = swallow({TARGOR: "a2"})
    rng = FixedRng([NW, NW])  # from a1, north-west leaves the battlefield
    s, ev = act(s, P1, {"type": "PlayPloy", "card": "48015", "hex": "a1"}, rng)
    chain = event(ev, "ScatterChainMade")
    assert (chain["hexes"], chain["interrupted"]) == ([], True) and "final" not in chain
    assert fighter(s, TARGOR)["stagger"] == 0 and "CardDiceRolled" not in types(ev)


# -- Thunderstomp (48030) ---------------------------------------------------------------------------------------


def test_thunderstomp_scatters_its_wounds_and_damages_each_fighter_in_the_chain_then_breaks():
    """48030: "Action: Scatter X, where X is this fighter's Wounds characteristic. Deal 1 damage to each fighter in
    the chain, then break this card." (Targor: Wounds 2; the origin is this fighter's hex, see rulings.)"""
    s = scenario({TARGOR: "e5", OBRYN: "f5", SEVERIN: "g5"}, upgrades={TARGOR: ["48030"]})
    assert {"type": "UseCardAction", "fighter": TARGOR, "card": "48030"} in legal(s, P1)
    rng = FixedRng([E, E])
    s, ev = act(s, P1, {"type": "UseCardAction", "fighter": TARGOR, "card": "48030"}, rng)
    assert event(ev, "ScatterRolled")["rolls"] == [2, 2] and rng.counter == 2  # X = 2
    assert event(ev, "ScatterChainMade")["hexes"] == ["f5", "g5"]
    assert fighter(s, OBRYN)["wounds"] == 1 and fighter(s, SEVERIN)["wounds"] == 1
    assert "48030" not in fighter(s, TARGOR)["upgrades"] and "48030" in load(s).players[P1].power_discard
    assert "UpgradeBroken" in types(ev) and effects.coverage_level("48030") == "automated"


def test_thunderstomp_chain_may_come_back_to_its_own_fighter():
    """§9.2 step 5: "The chain may revisit hexes, including the origin": each fighter in the chain, this one too."""
    s = scenario({TARGOR: "e5", OBRYN: "f5"}, upgrades={TARGOR: ["48030"]})
    s, ev = act(s, P1, {"type": "UseCardAction", "fighter": TARGOR, "card": "48030"}, FixedRng([E, W]))
    s, ev = act(s, P1, {"type": "ScatterDie", "die": 0})  # east then west: f5, e5
    assert event(ev, "ScatterChainMade")["hexes"] == ["f5", "e5"]
    assert fighter(s, OBRYN)["wounds"] == 1 and fighter(s, TARGOR)["wounds"] == 1
