"""Hungering Parasite cards the engine automates, one test (or more) per card: its situation, its condition and
effect, and its refusal when the condition is false. Their Bane of Heroes parts never apply: the plot card's text is
in no source (ruling "Hungering Parasite deck")."""
from __future__ import annotations

from engine.underworlds import effects, rules
from engine.underworlds.system import load
from tests.engine.underworlds.scenario import P1, P2, act, fighter, legal, scenario

TARGOR, SAEK = "player1:targor", "player1:blooded-saek"
OBRYN, SEVERIN = "player2:obryn-the-bold", "player2:severin-steelheart"


def reactions(s, seat, card):
    return [a for a in legal(s, seat) if a["type"] == "PlayReaction" and a["card"] == card]


def test_careful_aim_rerolls_one_die_against_a_target_with_two_wounds():
    """47023: re-roll one attack die if the target has two or more wound counters; none with fewer."""
    st = load(scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: ["47023"]}, wounds={OBRYN: 2}))
    assert effects.extra_attack_rerolls(st, st.fighter(TARGOR), st.fighter(OBRYN)) == 1
    st.fighter(OBRYN).wounds = 1
    assert effects.extra_attack_rerolls(st, st.fighter(TARGOR), st.fighter(OBRYN)) == 0


def test_despairing_strength_gives_range_1_attacks_grievous_1():
    """47024: this fighter's Range 1 Attack actions have Grievous 1 (other ranges unchanged)."""
    with_card = load(scenario({TARGOR: "c3"}, upgrades={TARGOR: ["47024"]}))
    without = load(scenario({TARGOR: "c3"}))
    for a, b in zip(rules.attacks(with_card, with_card.fighter(TARGOR)), rules.attacks(without, without.fighter(TARGOR))):
        assert a["grievous"] == b["grievous"] + (1 if b["range"] == 1 else 0)


def test_fury_bound_leaps_removes_a_move_marker_after_a_barge():
    """47027: Reaction after this fighter's Barge super-action: remove one of its Move markers; not after a Stun."""
    s = scenario({TARGOR: "c3", OBRYN: "c5"}, upgrades={TARGOR: ["47027"]})
    s, _ = act(s, P1, {"type": "Barge", "fighter": TARGOR, "to": "c4"})
    s, _ = act(s, P1, {"type": "Stun", "fighter": TARGOR, "target": OBRYN})
    assert reactions(s, P1, "47027") and fighter(s, TARGOR)["move"] == 1
    s, _ = act(s, P1, reactions(s, P1, "47027")[0])
    assert fighter(s, TARGOR)["move"] == 0
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: ["47027"]}, move={TARGOR: 1})
    s, _ = act(s, P1, {"type": "Stun", "fighter": TARGOR, "target": OBRYN})
    assert not reactions(s, P1, "47027")


def test_stolen_vigour_removes_a_move_marker_after_a_second_activation():
    """47029: Reaction after this fighter's second or later activation in a phase: remove one Move marker."""
    s = scenario({TARGOR: "c3"}, upgrades={TARGOR: ["47029"]}, activations={TARGOR: 1})
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c4"})
    assert reactions(s, P1, "47029")
    s, _ = act(s, P1, reactions(s, P1, "47029")[0])
    assert fighter(s, TARGOR)["move"] == 0
    s = scenario({TARGOR: "c3"}, upgrades={TARGOR: ["47029"]})  # its first activation: not offered
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c4"})
    assert not reactions(s, P1, "47029")
