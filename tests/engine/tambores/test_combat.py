"""Tambores de Guerra combat (digest §11; seed 002 l.275-384), with the rulebook's worked example."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from tests.engine.tambores.support import HUMAN, ORC, SYSTEM, arrange, combat_state, play, slot_card


def worked_example():
    """The board of the worked example: Soldado/Lancero and Alabardero/Fûror engaged, the Arquera and the
    Caballero (deployed this turn) free on the human side, the Ballestero free on the orc side."""
    return combat_state({1: "soldado", 2: "alabardero", 3: "arquera", 4: "caballero"},
                        {1: "lancero", 2: "furor", 5: "ballestero"}, deployed={4: 3})


def test_worked_combat_example_plays_out_as_the_rulebook_tells():
    """Digest §11.5; seed 002 l.347-384 (Secuencia and Resolución del combate): the Soldado dies to the Lancero
    (l.372-374), the Alabardero and the Arquera (+1) total 4 and annihilate the Fûror, which strikes the Alabardero
    and recovers 2 removed cards (l.376-378), the Caballero (+1, deployed this turn) annihilates the Ballestero
    (l.380), the Ballestero wounds Joanna (l.382); the human keeps the Arquera and the Caballero, the orc the
    Lancero (l.384), and the orc holds the marker next turn (l.394)."""
    st = worked_example()
    assert st["step"] == "declare" and st["current"] == HUMAN
    assert {"type": "Declare", "slot": 3, "order": "support", "target": 2} in SYSTEM.legal_actions(st, HUMAN)
    st, _ = play(st, HUMAN, {"type": "Declare", "slot": 3, "order": "support", "target": 2})
    st, _ = play(st, HUMAN, {"type": "Declare", "slot": 4, "order": "attack", "target": 5})
    assert st["current"] == ORC  # l.362: the orc declares once the human has announced every attack
    st, _ = play(st, ORC, {"type": "Declare", "slot": 5, "order": "hero", "target": None})
    assert st["step"] == "respond"
    st, _ = play(st, HUMAN, {"type": "Decline", "striker": "hero"})
    assert SYSTEM.legal_actions(st, ORC) == [{"type": "Strike", "striker": 2, "target": 2},
                                            {"type": "Strike", "striker": 2, "target": 3}]
    removed_before = len(st["players"][ORC]["removed"])
    st, events = play(st, ORC, {"type": "Strike", "striker": 2, "target": 2})
    results = {(r["seat"], r["target"], r["kind"]): (r["attack"], r["defence"], r["impacts"]) for r in st["last"]}
    assert results[(ORC, 1, "fight")] == (2, 2, 1)      # Lancero 2 vs Soldado 1+1
    assert results[(HUMAN, 1, "fight")] == (1, 2, 0)    # Soldado 1 vs Lancero 2
    assert results[(HUMAN, 2, "fight")] == (4, 4, 1)    # Alabardero 2 + Arquera 1+1 vs Fûror 4
    assert results[(ORC, 2, "fight")] == (3, 2, 1)      # Fûror 3 vs Alabardero 2
    assert results[(HUMAN, 5, "attack")] == (3, 2, 1)   # Caballero 2+1 vs Ballestero 2
    assert results[(ORC, "hero", "hero")] == (2, 2, 1)  # Ballestero 2 vs Joanna 2
    assert [slot_card(st, HUMAN, n) for n in range(1, 6)] == [None, None, "arquera", "caballero", None]
    assert [slot_card(st, ORC, n) for n in range(1, 6)] == ["lancero", None, None, None, None]
    assert st["players"][HUMAN]["hero_wounds"] == 1
    assert len(st["players"][ORC]["removed"]) == removed_before - 2
    assert any(e["type"] == "CardsMoved" and e["by"] == "furor-recover" and e["count"] == 2 for e in events)
    assert st["step"] == "replenish"
    st, _ = play(st, HUMAN, {"type": "Replenish", "dump": False})
    st, _ = play(st, ORC, {"type": "Replenish", "dump": False})
    assert st["marker"] == ORC and st["current"] == ORC and st["step"] == "deploy"


def test_engaged_units_fight_each_other_the_soldado_example():
    """Digest §11.2, §11.3 (engaged: mandatory); seed 002 l.315-319: the Lancero's 2 beats the Soldado's
    defence 1, the Soldado's 1 does not reach the Lancero's 2; the Soldado goes face up to its discard pile."""
    st = combat_state({1: "soldado"}, {1: "lancero"})
    assert st["step"] == "replenish"  # nothing to declare: the fight is mandatory
    assert slot_card(st, HUMAN, 1) is None and slot_card(st, ORC, 1) == "lancero"
    assert st["players"][HUMAN]["discard"][0].startswith("soldado#")


def test_range_1_unit_not_engaged_can_only_attack_the_hero_or_hold():
    """Digest §11.1 and §21.2; seed 002 l.285, l.295: range 1 reaches only the opposite slot; a unit that is
    not engaged may attack the enemy hero."""
    st = combat_state({1: "alabardero"}, {2: "lancero"}, marker=HUMAN)
    assert SYSTEM.legal_actions(st, HUMAN) == [{"type": "Declare", "slot": 1, "order": "hero", "target": None},
                                              {"type": "Declare", "slot": 1, "order": "hold", "target": None}]


def test_range_2_reaches_adjacent_slots_and_range_3_every_slot():
    """Digest §11.1; seed 002 l.289-293."""
    st = combat_state({3: "arquera"}, {1: "lancero", 4: "jinete"})
    targets = [a["target"] for a in SYSTEM.legal_actions(st, HUMAN) if a["order"] == "attack"]
    assert targets == [4]
    st = combat_state({5: "hermandad"}, {1: "ballestero"}, marker=ORC)
    targets = [a["target"] for a in SYSTEM.legal_actions(st, ORC) if a.get("order") == "attack"]
    assert targets == [5]


def test_must_attack_unit_may_not_hold_position():
    """Digest §5 (⚡ attack), §21.7; seed 002 l.331: the Fûror must always attack."""
    st = combat_state({}, {3: "furor"}, marker=ORC)
    orders = [a["order"] for a in SYSTEM.legal_actions(st, ORC)]
    assert orders == ["hero"]


def test_several_units_attacking_the_hero_make_one_summed_attack_and_the_hero_strikes_back_at_one():
    """Digest §11.3 2.3, §21.8; seed 002 l.360: attacks on the hero are summed; it may strike back at one."""
    st = combat_state({}, {2: "lancero", 4: "ballestero"}, marker=ORC, human_hero="joanna")
    st, _ = play(st, ORC, {"type": "Declare", "slot": 2, "order": "hero", "target": None})
    st, _ = play(st, ORC, {"type": "Declare", "slot": 4, "order": "hero", "target": None})
    assert SYSTEM.legal_actions(st, HUMAN) == [{"type": "Strike", "striker": "hero", "target": 2},
                                              {"type": "Strike", "striker": "hero", "target": 4},
                                              {"type": "Decline", "striker": "hero"}]
    st, _ = play(st, HUMAN, {"type": "Strike", "striker": "hero", "target": 4})
    hero_attack = next(r for r in st["last"] if r["kind"] == "hero")
    assert hero_attack["attack"] == 4 and hero_attack["impacts"] == 1
    assert st["players"][HUMAN]["hero_wounds"] == 1  # one impact, whatever the margin (l.311)
    assert slot_card(st, ORC, 4) is None and slot_card(st, ORC, 2) == "lancero"


def test_attacked_unit_that_held_may_strike_back_ignoring_range():
    """Digest §11.3 2.2, §21.5; seed 002 l.356: the defender may strike back at its attacker, ignoring range."""
    st = combat_state({1: "caballero"}, {2: "lancero"}, marker=HUMAN)
    st, _ = play(st, HUMAN, {"type": "Declare", "slot": 1, "order": "attack", "target": 2})
    st, _ = play(st, ORC, {"type": "Declare", "slot": 2, "order": "hold", "target": None})
    assert SYSTEM.legal_actions(st, ORC) == [{"type": "Strike", "striker": 2, "target": 1},
                                            {"type": "Decline", "striker": 2}]
    st, _ = play(st, ORC, {"type": "Strike", "striker": 2, "target": 1})
    assert st["players"][HUMAN]["slots"][0]["wounds"] == 1  # Lancero 2 vs Caballero 2; the Caballero has life 2
    assert slot_card(st, ORC, 2) is None


def test_defence_bolt_negates_an_enemy_units_ability():
    """Digest §5 (⚡ defence); seed 002 l.333: the Jinete negates the Caballero's +1 this combat."""
    st = combat_state({4: "caballero"}, {5: "jinete", 1: "ballestero"}, marker=HUMAN, deployed={4: 3})
    st, _ = play(st, HUMAN, {"type": "Declare", "slot": 4, "order": "attack", "target": 5})
    st, _ = play(st, ORC, {"type": "Declare", "slot": 1, "order": "hold", "target": None})
    st, _ = play(st, ORC, {"type": "Declare", "slot": 5, "order": "hold", "target": None})
    assert SYSTEM.legal_actions(st, ORC) == [{"type": "Negate", "slot": 5, "target": 4}]
    st, _ = play(st, ORC, {"type": "Negate", "slot": 5, "target": 4})
    st, _ = play(st, ORC, {"type": "Decline", "striker": 5})
    attack = next(r for r in st["last"] if r["kind"] == "attack")
    assert (attack["attack"], attack["impacts"]) == (2, 1)  # 2 (no +1) still reaches the Jinete's defence 2


def test_rincemer_cancels_an_impact_just_produced_paying_his_cost():
    """Digest §6.3, §11.2; seed 002 l.186, l.327-329: Rincemer cancels 1 impact just produced; a costed hero
    ability is paid like a deployment cost and used once per turn."""
    st = combat_state({}, {3: "ballestero"}, marker=ORC, human_hero="rincemer")
    arrange(st, HUMAN, hand=["soldado", "arquera"])
    st, _ = play(st, ORC, {"type": "Declare", "slot": 3, "order": "hero", "target": None})
    st, _ = play(st, HUMAN, {"type": "Decline", "striker": "hero"})
    # Ballestero 2 vs Rincemer's 3: no impact, so nothing to cancel.
    assert st["step"] == "replenish" and st["players"][HUMAN]["hero_wounds"] == 0
    st = combat_state({}, {3: "ballestero", 4: "lancero"}, marker=ORC, human_hero="rincemer")
    arrange(st, HUMAN, hand=["soldado", "arquera"])
    st, _ = play(st, ORC, {"type": "Declare", "slot": 3, "order": "hero", "target": None})
    st, _ = play(st, ORC, {"type": "Declare", "slot": 4, "order": "hero", "target": None})
    st, _ = play(st, HUMAN, {"type": "Decline", "striker": "hero"})
    assert st["step"] == "prevent"
    assert {"type": "CancelImpact", "on": "hero", "pay": ["arquera"]} in SYSTEM.legal_actions(st, HUMAN)
    st, _ = play(st, HUMAN, {"type": "CancelImpact", "on": "hero", "pay": ["arquera"]})
    assert st["players"][HUMAN]["hero_wounds"] == 0
    assert st["players"][HUMAN]["ability_turn"] == st["turn"]
    assert len(st["players"][HUMAN]["hand"]) == 1


def test_declaring_out_of_turn_is_refused_and_the_state_unchanged():
    """Digest §11.3; seed 002 l.341: the marker holder declares first."""
    st = worked_example()
    before = repr(st)
    with pytest.raises(IllegalAction) as err:
        SYSTEM.apply(st, ORC, {"type": "Declare", "slot": 5, "order": "hero", "target": None}, None)
    assert err.value.code == "tambores.not_your_decision"
    assert repr(st) == before
