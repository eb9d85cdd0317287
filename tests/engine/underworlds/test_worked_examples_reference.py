"""The reference sheet (seed 004) replayed on the engine, one test per rule line.

The sheet prints no worked example; each of its "if ... then" lines stands in, and each test names its line
(``test_worked_examples.test_every_example_of_both_seeds_is_a_test`` checks the list). Where the sheet and the
rulebook disagree (digest §32: the sheet is an earlier edition's), the rulebook wins and the docstring says which
rulebook line does; the rulings file ("Worked examples") records each difference.
"""
from __future__ import annotations

from engine.underworlds.system import dump, load
from tests.engine.underworlds.scenario import P1, P2, FixedRng, act, atk, dfn, fighter, legal, scenario

TARGOR, SAEK, ARNULF = "player1:targor", "player1:blooded-saek", "player1:arnulf"
OBRYN, SEVERIN, ANGHARAD = "player2:obryn-the-bold", "player2:severin-steelheart", "player2:angharad-brightshield"


def attack(state: dict, attack_faces: tuple[str, ...], defence_faces: tuple[str, ...], *, by: str = TARGOR,
           target: str = OBRYN) -> tuple[dict, dict]:
    """Targor (Dice 2, fury) attacks Obryn (Defence 1, block) with these faces; the state and AttackResolved."""
    s, ev = act(state, P1, {"type": "Attack", "fighter": by, "attack": 0, "target": target},
                FixedRng(atk(*attack_faces) + dfn(*defence_faces)))
    return s, next(e for e in ev if e["type"] == "AttackResolved")


def drive_backs(state: dict) -> list[str]:
    return sorted(a["to"] for a in legal(state, P1) if a["type"] == "DriveBack")


def test_reference_target_in_range_and_sight_never_friendly():
    """Seed 004 l.41: a target within Range; with none in Range and line of sight the Attack action cannot be made;
    never a friendly fighter. Targor (Range 1) has no target with Obryn two hexes away and Saek adjacent."""
    s = scenario({TARGOR: "c3", SAEK: "c4", OBRYN: "c5"})
    assert not [a for a in legal(s, P1) if a["type"] == "Attack" and a["fighter"] == TARGOR]
    s = scenario({TARGOR: "c3", SAEK: "b3", OBRYN: "c4"})
    assert {a["target"] for a in legal(s, P1) if a["type"] == "Attack" and a["fighter"] == TARGOR} == {OBRYN}


def test_reference_fewer_attack_successes_or_none_at_all_fails():
    """Seed 004 l.47: an attack total below the defence total fails; so does one where neither side rolled a success
    (the rulebook's "fallo", seed 000 l.840): no damage, no drive back."""
    s, r = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), ("swords", "hammer"), ("critical",))
    assert r["result"] == "critical_defence" and fighter(s, OBRYN)["wounds"] == 0 and drive_backs(s) == []
    s, r = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), ("hammer", "hammer"), ("dodge",))
    assert r["result"] == "miss" and fighter(s, OBRYN)["wounds"] == 0 and drive_backs(s) == []


def test_reference_equal_totals_with_a_success_fail_but_the_target_may_be_driven_back():
    """Seed 004 l.49: equal totals with at least one success: the attack fails, but the target may be pushed (the
    rulebook's "empate", step 7, seed 000 l.839, 846)."""
    s, r = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), ("swords", "hammer"), ("block",))
    assert r["result"] == "draw" and fighter(s, OBRYN)["wounds"] == 0
    assert drive_backs(s)


def test_reference_trapped_draw_becomes_a_success_through_the_rulebooks_extra_success():
    """Seed 004 l.51 says a draw against a target that cannot be pushed (every hex blocked or occupied) succeeds
    instead. The rulebook (seed 000 l.827) words it differently: a trapped target gives the attacker +1 success when
    they rolled at least one; the engine follows the rulebook (digest §32), which gives the same hit here: Obryn,
    with Saek, Arnulf and Severin's hexes behind him taken, is hit and takes 1 damage."""
    s = scenario({TARGOR: "c3", OBRYN: "c4", SAEK: "d4", ARNULF: "c5", SEVERIN: "d5"})
    s, r = attack(s, ("swords", "hammer"), ("block",))
    assert r["trapped"] and r["result"] == "hit" and fighter(s, OBRYN)["wounds"] == 1


def test_reference_a_trapped_target_does_not_help_an_attack_without_successes():
    """Seed 004 l.51 and seed 000 l.827: the extra success needs at least one rolled success: no success, no hit."""
    s = scenario({TARGOR: "c3", OBRYN: "c4", SAEK: "d4", ARNULF: "c5", SEVERIN: "d5"})
    s, r = attack(s, ("hammer", "hammer"), ("dodge",))
    assert r["trapped"] and r["result"] == "miss" and fighter(s, OBRYN)["wounds"] == 0


def test_reference_success_deals_damage_and_a_target_that_cannot_be_pushed_takes_no_more():
    """Seed 004 l.53: a success deals the Damage characteristic; the target may also be pushed; if it cannot be
    (Severin on Guard, seed 000 l.1077), it is not pushed and takes no extra damage."""
    s, r = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), ("swords", "swords"), ("dodge",))
    assert r["result"] == "hit" and fighter(s, OBRYN)["wounds"] == 1 and drive_backs(s)
    s, r = attack(scenario({TARGOR: "c3", SEVERIN: "c4"}, guard={SEVERIN: 1}), ("swords", "swords"), ("dodge",),
                  target=SEVERIN)
    assert r["result"] == "hit" and fighter(s, SEVERIN)["wounds"] == 1 and drive_backs(s) == []


def test_reference_end_phase_draws_up_to_three_objectives_and_five_power_cards():
    """Seed 004 l.63 (seed 000 l.1432, 1434): the end phase draws up to 3 objective and 5 power cards, or until the
    deck is empty. player1 holds 1 objective and 3 power cards, with 5 objective and 5 power cards in the decks."""
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}, objectives={P1: ["48001"]}, hands={P1: ["48013", "48015", "48016"]}))
    st.players[P1].objective_deck = ["48002", "48003", "48004", "48005", "48006"]
    st.players[P1].power_deck = ["48017", "48018", "48019", "48020", "48021"]
    st.stack = [{"kind": "round", "stage": "after_end"}, {"kind": "end", "order": [P1, P2], "idx": 0, "step": 0}]
    st.phase, st.active = "end", None
    s, _ = act(dump(st), P1, {"type": "FinishEndPhase"})
    p = s["players"][P1]
    assert (len(p["objectives"]), len(p["power"])) == (3, 5)
    assert (len(p["objective_deck"]), len(p["power_deck"])) == (3, 3)


def test_reference_more_attack_crits_succeed_whatever_the_other_successes():
    """Seed 004 l.67 (seed 000 l.831): more critical successes in the attack roll: the attack succeeds whatever the
    other successes, and it is always a critical hit. One crit against a Guarded Severin's block: critical hit."""
    s, r = attack(scenario({TARGOR: "c3", SEVERIN: "c4"}, guard={SEVERIN: 1}), ("critical", "hammer"), ("block",),
                  target=SEVERIN)
    assert r["result"] == "critical_hit" and fighter(s, SEVERIN)["wounds"] == 1


def test_reference_more_defence_crits_fail_and_the_target_is_not_pushed():
    """Seed 004 l.69 (seed 000 l.832: go to step 8, past the drive back): more defence crits: the attack fails and
    the target is not pushed, even against two attack successes."""
    s, r = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), ("swords", "swords"), ("critical",))
    assert r["result"] == "critical_defence" and fighter(s, OBRYN)["wounds"] == 0 and drive_backs(s) == []


def test_reference_equal_crits_leave_it_to_the_other_successes():
    """Seed 004 l.71 (seed 000 l.833, 837): with as many crits on each side, the other successes decide: crit and
    fury against crit: a critical hit (more successes and a crit); crit and smash against crit: a draw."""
    s, r = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), ("critical", "swords"), ("critical",))
    assert r["result"] == "critical_hit" and fighter(s, OBRYN)["wounds"] == 1
    s, r = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), ("critical", "hammer"), ("critical",))
    assert r["result"] == "draw" and fighter(s, OBRYN)["wounds"] == 0
