"""Charge super-action (digest §17.1, §13.3-13.4; rulebook pp.32-33)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from tests.engine.underworlds.scenario import P1, FixedRng, act, atk, dfn, fighter, legal, scenario, top, types

TARGOR, SAEK, OBRYN = "player1:targor", "player1:blooded-saek", "player2:obryn-the-bold"


def test_charge_moves_gives_charge_token_then_attack():
    """§17.1: Move, Charge marker instead of Move marker, then an attack by the same fighter."""
    s, _ = act(scenario({TARGOR: "c1", OBRYN: "c5"}), P1, {"type": "Charge", "fighter": TARGOR, "to": "c4"})
    assert fighter(s, TARGOR)["charge"] == 1 and fighter(s, TARGOR)["move"] == 0
    assert top(s)["kind"] == "charge"
    assert legal(s, P1) == [{"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN}]
    s, ev = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
                FixedRng(atk("swords", "swords") + dfn("dodge")))
    assert "AttackDeclared" in types(ev) and fighter(s, OBRYN)["wounds"] == 1


def test_charge_with_move_token_is_illegal():
    """§13.3: a fighter with a Move marker can't Charge."""
    s = scenario({TARGOR: "c1", OBRYN: "c5"}, move={TARGOR: 1})
    with pytest.raises(IllegalAction) as e:
        act(s, P1, {"type": "Charge", "fighter": TARGOR, "to": "c4"})
    assert e.value.code == "uw.charge.has_move_token"
    assert not [a for a in legal(s, P1) if a["type"] == "Charge"]


def test_charge_removes_guard_first():
    """§16.1, §17.1: making a Charge removes the charger's Guard markers."""
    s, _ = act(scenario({TARGOR: "c1", OBRYN: "c5"}, guard={TARGOR: 1}), P1,
               {"type": "Charge", "fighter": TARGOR, "to": "c4"})
    assert fighter(s, TARGOR)["guard"] == 0


def test_charge_destination_without_target_is_illegal():
    """§13.4, §17.1: the Charge needs a hex from which an enemy is in range and visible."""
    s = scenario({TARGOR: "c1", OBRYN: "c8"})
    with pytest.raises(IllegalAction) as e:
        act(s, P1, {"type": "Charge", "fighter": TARGOR, "to": "c2"})
    assert e.value.code == "uw.charge.no_target_from_there"
    assert {a["to"] for a in legal(s, P1) if a["type"] == "Charge"} <= {"b7", "c7", "b8", "d8", "b9", "c9", "c5"}


def test_charge_other_action_than_attack_is_refused():
    """§17.1: after the Move of a Charge comes the attack action."""
    s, _ = act(scenario({TARGOR: "c1", OBRYN: "c5"}), P1, {"type": "Charge", "fighter": TARGOR, "to": "c4"})
    with pytest.raises(IllegalAction) as e:
        act(s, P1, {"type": "Guard", "fighter": TARGOR})
    assert e.value.code == "uw.charge.attack_expected"


def test_charged_fighter_attack_impossible_charge_ends():
    """§17.1: the Charge marker stays even if the attack becomes impossible."""
    s, _ = act(scenario({TARGOR: "c1", OBRYN: "c5"}), P1, {"type": "Charge", "fighter": TARGOR, "to": "c4"})
    s, _ = act(s, P1, {"type": "SetFighterHex", "fighter": OBRYN, "hex": "h9", "hazards": False})
    assert top(s)["kind"] == "power" and fighter(s, TARGOR)["charge"] == 1
