"""Objective conditions automated by card id (digest §25; cards of the Rimewyrm's Bite deck)."""
from __future__ import annotations

from engine.underworlds import effects
from engine.underworlds.system import load
from tests.engine.underworlds.scenario import P1, P2, act, scenario, types

TARGOR, SAEK, GARREK = "player1:targor", "player1:blooded-saek", "player1:garrek-gorebeard"
OBRYN, SEVERIN, ANGHARAD = "player2:obryn-the-bold", "player2:severin-steelheart", "player2:angharad-brightshield"


def glory(card, moment="end", step_log=None, **kw):
    st = load(scenario(**kw))
    st.step_log = step_log or {}
    return effects.objective_glory(st, P1, card, moment)


def test_blood_soaked_ice_every_enemy_wounded_or_out():
    """48001: each enemy fighter out of action and/or wounded."""
    assert glory("48001", fighters={OBRYN: "h9", SEVERIN: "f7", ANGHARAD: "g8"},
                 wounds={OBRYN: 1, SEVERIN: 1, ANGHARAD: 1}) == 2
    assert glory("48001", fighters={OBRYN: "h9"}, wounds={OBRYN: 1}) is None  # undeployed ones aren't wounded


def test_corralled_like_sheep_enemies_in_one_territory():
    """48002: each surviving enemy fighter in the same territory."""
    assert glory("48002", fighters={OBRYN: "h9", SEVERIN: "a1"}) is None
    assert glory("48002", fighters={OBRYN: "h9", SEVERIN: "f7"}) == 2


def test_get_out_of_the_way_counts_fighters_in_enemy_territory():
    """48005: more friendly fighters in enemy territory than enemy fighters there."""
    assert glory("48005", fighters={TARGOR: "c8", SAEK: "d8", OBRYN: "h9"}) == 2
    assert glory("48005", fighters={TARGOR: "c8", OBRYN: "h9"}) is None


def test_never_punished_fewer_wounded_friends():
    """48007: fewer friendly fighters with wounds than enemy fighters with wounds."""
    assert glory("48007", fighters={TARGOR: "c3", OBRYN: "h9"}, wounds={OBRYN: 1}) == 2


def test_nowhere_to_run_two_enemies_near_lethal_hexes():
    """48008: two or more surviving enemies each within 1 hex of a lethal and/or snare hex."""
    assert glory("48008", fighters={OBRYN: "g8", SEVERIN: "f9"}) == 2
    assert glory("48008", fighters={OBRYN: "g8", SEVERIN: "a1"}) is None


def test_spread_out_no_adjacent_fighters_bonus_away_from_home():
    """48010: no adjacent fighters; +1 if no friendly fighter is in friendly territory."""
    assert glory("48010", fighters={TARGOR: "c3", OBRYN: "h9"}) == 1
    assert glory("48010", fighters={TARGOR: "c8", OBRYN: "h9"}) == 2
    assert glory("48010", fighters={TARGOR: "c3", OBRYN: "c4"}) is None


def test_deadly_to_all_two_fighters_damaged_in_the_step():
    """48003 (surge): after an activation or power step in which 2+ fighters were dealt damage."""
    assert glory("48003", "after_activation", {"damaged": [TARGOR, OBRYN]}, fighters={}) == 1
    assert glory("48003", "after_activation", {"damaged": [TARGOR]}, fighters={}) is None


def test_get_moving_each_friend_has_move_or_each_has_charge():
    """48004 (surge, hybrid): each friendly fighter has a Move token, or each has a Charge token."""
    assert glory("48004", "after_activation", fighters={TARGOR: "c3", SAEK: "e3"}, move={TARGOR: 1, SAEK: 1}) == 1
    assert glory("48004", "after_activation", fighters={TARGOR: "c3", SAEK: "e3"}, move={TARGOR: 1},
                 charge={SAEK: 1}) is None


def test_subterranean_threat_enemy_taken_out_without_move_or_charge():
    """48011 (surge, dual): an enemy out of action in the step, and those had no Move or Charge tokens."""
    ooa = [{"fighter": OBRYN, "seat": P2, "had_move_or_charge": False, "source": {}}]
    assert glory("48011", "after_activation", {"out_of_action": ooa}, fighters={}) == 1
    ooa[0]["had_move_or_charge"] = True
    assert glory("48011", "after_activation", {"out_of_action": ooa}, fighters={}) is None


def test_gone_without_a_trace_kill_by_own_power_card():
    """48006 (surge): a fighter out of action by damage from your power card (+1 for an enemy by a Domain card)."""
    ooa = [{"fighter": OBRYN, "seat": P2, "had_move_or_charge": False,
            "source": {"kind": "card", "seat": P1, "card": "48019"}}]
    assert glory("48006", "after_power", {"out_of_action": ooa}, fighters={}) == 2


def test_ruinous_aftermath_domain_replaced():
    """48009 (surge): a friendly Domain card discarded because another Domain card was played."""
    assert glory("48009", "after_power", {"domain_replaced": [P1]}, fighters={}) == 1


def test_threatening_rumbles_card_damage_on_enemy_objective():
    """48012 (surge): a fighter on an objective token in enemy territory dealt damage by your power card."""
    log = {"card_damage": [{"fighter": OBRYN, "seat": P1, "hex": "h9", "card": "48021"}]}
    assert glory("48012", "after_power", log, fighters={OBRYN: "h9"}, tokens={"3": ("h9", "objective")}) == 1


def test_surge_objective_is_scored_in_the_surge_step_after_the_activation():
    """§25.1: scored in the next surge step; then the player may draw another objective (drawn here)."""
    s = scenario({TARGOR: "c3"}, objectives={P1: ["48004"]})
    s, ev = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c5"})
    assert s["players"][P1]["scored"] == ["48004"] and s["players"][P1]["glory"] == 1
    assert "ObjectiveScored" in types(ev) and "PowerStepStarted" not in types(ev)
    s, ev = act(s, P1, {"type": "DrawObjective"})
    assert s["players"][P1]["objectives"] == ["48001"]
    assert "PowerStepStarted" in types(ev)


def test_manual_surge_objective_revealed_then_scored_next_surge_step(monkeypatch):
    """§25.1: a surge objective the engine can't check is revealed by its player and scored at the next step
    (every shipped card is automated now: 47004 stands in for one the engine would not check)."""
    monkeypatch.setattr(effects, "AUTOMATED", effects.AUTOMATED - {"47004"})
    s = scenario({TARGOR: "c3"}, objectives={P1: ["47004"]})
    assert {"type": "ScoreObjective", "card": "47004"} in [a for a in
                                                          __import__("tests.engine.underworlds.scenario",
                                                                     fromlist=["legal"]).legal(s, P1)]
    s, ev = act(s, P1, {"type": "ScoreObjective", "card": "47004"})
    assert s["players"][P1]["revealed"] == ["47004"]
    s, ev = act(s, P1, {"type": "Guard", "fighter": TARGOR})
    assert s["players"][P1]["scored"] == ["47004"]
