"""Move, Guard, Stun, Barge and player actions (digest §13.3, §15-17; rulebook pp.30-35)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from tests.engine.underworlds.scenario import P1, P2, FixedRng, act, fighter, legal, scenario, top, types

TARGOR, SAEK, KARSUS = "player1:targor", "player1:blooded-saek", "player1:karsus-the-chained"
OBRYN, SEVERIN = "player2:obryn-the-bold", "player2:severin-steelheart"


def test_move_to_reachable_hex_gives_move_token():
    """§15: the fighter moves up to Move hexes and then gets a Move marker."""
    s, ev = act(scenario({TARGOR: "c3"}), P1, {"type": "Move", "fighter": TARGOR, "to": "c7"})
    assert fighter(s, TARGOR)["hex"] == "c7" and fighter(s, TARGOR)["move"] == 1
    assert "FighterMoved" in types(ev)
    assert s["players"][P1]["activations_left"] == 3


def test_move_destinations_exclude_start_and_beyond_move():
    """§15: never the start hex; at most Move (4) hexes away."""
    s = scenario({TARGOR: "c3"})
    dests = {a["to"] for a in legal(s, P1) if a["type"] == "Move"}
    assert "c3" not in dests and "c7" in dests and "c8" not in dests


def test_move_through_occupied_hex_is_illegal():
    """§15: every step enters an empty hex; fighters block movement (not flyers)."""
    s = scenario({TARGOR: "a1", SAEK: "b1"})
    with pytest.raises(IllegalAction) as e:
        act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c1", "path": ["b1", "c1"]})
    assert e.value.code == "uw.move.bad_path"
    s = scenario({TARGOR: "a1", SAEK: "b1", KARSUS: "a2"})
    with pytest.raises(IllegalAction) as e:
        act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c1"})
    assert e.value.code == "uw.move.no_route"


def test_move_into_lethal_hex_deals_one_damage():
    """§8.2: a fighter moving into a lethal hex takes 1 damage (g9 is lethal on Ruptured Seal)."""
    s, ev = act(scenario({TARGOR: "g7"}), P1, {"type": "Move", "fighter": TARGOR, "to": "g9", "path": ["g8", "g9"]})
    assert fighter(s, TARGOR)["wounds"] == 1
    assert [e for e in ev if e["type"] == "FighterDamaged"][0]["source"] == "lethal"


def test_move_default_path_avoids_lethal_hexes():
    """§15 (recommendation): the engine picks the safest path when none is given."""
    s, _ = act(scenario({TARGOR: "g8"}), P1, {"type": "Move", "fighter": TARGOR, "to": "g10"})
    assert fighter(s, TARGOR)["wounds"] == 0


def test_move_lethal_damage_out_of_action_gives_bounty():
    """§18.4-18.5: lethal damage can take a fighter out of action; its opponent gains 1 glory."""
    s = scenario({TARGOR: "g8"}, wounds={TARGOR: 1})
    s, ev = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "g9", "path": ["g9"]})
    assert fighter(s, TARGOR)["out_of_action"] and s["players"][P2]["glory"] == 1
    assert "FighterOutOfAction" in types(ev)


def test_move_into_trap_token_staggers():
    """§8.2: moving into a trap hex staggers the fighter."""
    s = scenario({TARGOR: "c3"}, tokens={"trap-1": ("c4", "trap")})
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c4", "path": ["c4"]})
    assert fighter(s, TARGOR)["stagger"] == 1


def test_charged_fighter_cannot_be_activated_while_friends_lack_charge():
    """§13.3: a fighter with a Charge marker can't be activated unless every surviving friend has one."""
    s = scenario({TARGOR: "c3", SAEK: "e3"}, charge={TARGOR: 1})
    with pytest.raises(IllegalAction) as e:
        act(s, P1, {"type": "Guard", "fighter": TARGOR})
    assert e.value.code == "uw.activation.charged"
    assert not any(a.get("fighter") == TARGOR for a in legal(s, P1))


def test_charged_fighter_when_all_charged_cannot_move():
    """§13.3: even when all friends are charged, no Move action or super-action."""
    s = scenario({TARGOR: "c3"}, charge={TARGOR: 1})
    with pytest.raises(IllegalAction) as e:
        act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c5"})
    assert e.value.code == "uw.activation.charged_no_move"
    s, _ = act(s, P1, {"type": "Guard", "fighter": TARGOR})
    assert fighter(s, TARGOR)["guard"] == 1


def test_guard_removes_stagger_and_cannot_repeat():
    """§16.1: a Guard marker removes Stagger markers; a fighter on Guard can't Guard."""
    s, _ = act(scenario({TARGOR: "c3"}, stagger={TARGOR: 1}), P1, {"type": "Guard", "fighter": TARGOR})
    assert fighter(s, TARGOR)["guard"] == 1 and fighter(s, TARGOR)["stagger"] == 0
    assert {"type": "Guard", "fighter": TARGOR} not in legal(scenario({TARGOR: "c3"}, guard={TARGOR: 1}), P1)


def test_stun_staggers_adjacent_enemy_and_removes_guard():
    """§17.3, §16.2: Stun staggers an adjacent enemy with no Stagger marker; Stagger removes Guard."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, guard={OBRYN: 1})
    s, _ = act(s, P1, {"type": "Stun", "fighter": TARGOR, "target": OBRYN})
    assert fighter(s, OBRYN)["stagger"] == 1 and fighter(s, OBRYN)["guard"] == 0


def test_stun_staggered_enemy_is_illegal():
    """§17.3: the target must have no Stagger marker."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, stagger={OBRYN: 1})
    with pytest.raises(IllegalAction) as e:
        act(s, P1, {"type": "Stun", "fighter": TARGOR, "target": OBRYN})
    assert e.value.code == "uw.stun.bad_target"


def test_barge_moves_then_stuns_then_staggers_barger():
    """§17.4: Move (Move marker), Stun, then the barger is staggered."""
    s = scenario({TARGOR: "c2", OBRYN: "c5"})
    s, _ = act(s, P1, {"type": "Barge", "fighter": TARGOR, "to": "c4"})
    assert top(s)["kind"] == "barge"
    s, _ = act(s, P1, {"type": "Stun", "fighter": TARGOR, "target": OBRYN})
    assert fighter(s, OBRYN)["stagger"] == 1
    assert fighter(s, TARGOR)["stagger"] == 1 and fighter(s, TARGOR)["move"] == 1


def test_barge_destination_needs_a_stun_target():
    """§13.4: a super-action whose component can't be made can't be made at all."""
    s = scenario({TARGOR: "c2", OBRYN: "h9"})
    assert not [a for a in legal(s, P1) if a["type"] == "Barge"]


def test_venture_draws_one_power_card():
    """§13.3: Aventurarse draws 1 power card."""
    s, _ = act(scenario({TARGOR: "c2"}), P1, {"type": "Venture"})
    assert s["players"][P1]["power"] == ["48013"]


def test_plan_draws_then_discards_an_objective():
    """§13.3: Planear draws 1 objective card, then discards 1."""
    s, _ = act(scenario({TARGOR: "c2"}, objectives={P1: ["48003"]}), P1, {"type": "Plan"})
    assert top(s)["kind"] == "plan" and s["players"][P1]["objectives"] == ["48003", "48001"]
    s, _ = act(s, P1, {"type": "DiscardObjective", "card": "48003"})
    assert s["players"][P1]["objectives"] == ["48001"] and s["players"][P1]["objective_discard"] == ["48003"]
    assert top(s)["kind"] == "power"


def test_acting_out_of_turn_is_illegal():
    """House rule of the engine: only the seat whose decision it is may act."""
    with pytest.raises(IllegalAction) as e:
        act(scenario({TARGOR: "c2", OBRYN: "h9"}), P2, {"type": "Guard", "fighter": OBRYN})
    assert e.value.code == "uw.turn.not_yours"


def test_refused_action_leaves_state_untouched():
    """An illegal action changes nothing (DESIGN.md)."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, stagger={OBRYN: 1})
    before = repr(s)
    with pytest.raises(IllegalAction):
        act(s, P1, {"type": "Stun", "fighter": TARGOR, "target": OBRYN}, FixedRng())
    assert repr(s) == before
