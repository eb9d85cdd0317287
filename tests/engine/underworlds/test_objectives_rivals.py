"""Objective conditions of the Brethren of the Bolt (45xxx) and The Skinnerkin (46xxx) Rivals decks (digest §25).

Each card's condition is checked from a position (and the step and phase logs it reads); a few run end to end
to show the logs are filled by play. The Hungering Parasite objectives (47xxx, on the Bane of Heroes record):
``test_cards_hungering_parasite.py``.
"""
from __future__ import annotations

import pytest

from engine.underworlds import effects
from engine.underworlds.system import dump, load
from tests.engine.underworlds.scenario import P1, P2, FixedRng, act, atk, dfn, fighter, legal, scenario

TARGOR, SAEK, GARREK = "player1:targor", "player1:blooded-saek", "player1:garrek-gorebeard"
KARSUS = "player1:karsus-the-chained"
OBRYN, SEVERIN, ANGHARAD = "player2:obryn-the-bold", "player2:severin-steelheart", "player2:angharad-brightshield"
# Scenario battlefield: player1's territory rows 1-5, no one's territory row 6, player2's rows 7-11.
TOKENS = {"1": ("c3", "objective"), "2": ("d6", "objective"), "3": ("f6", "objective"), "4": ("c9", "objective")}


def glory(card, moment="end", step_log=None, phase_log=None, **kw):
    st = load(scenario(**kw))
    st.step_log = step_log or {}
    st.phase_log = phase_log or {}
    return effects.objective_glory(st, P1, card, moment)


# -- Brethren of the Bolt ------------------------------------------------------------------------------------------


def test_batteries_of_faith_needs_a_holder_and_an_inspired_fighter():
    """45001 (dual, end): a friendly fighter holds an objective and one or more friendly fighters are Inspired."""
    assert glory("45001", fighters={TARGOR: "c3", SAEK: "a1"}, tokens=TOKENS, inspired={SAEK: True}) == 1
    assert glory("45001", fighters={TARGOR: "c3", SAEK: "a1"}, tokens=TOKENS) is None
    assert glory("45001", fighters={TARGOR: "c2"}, tokens=TOKENS, inspired={TARGOR: True}) is None


def test_blessed_fulmination_two_staggered_enemies_after_an_activation():
    """45002 (surge): immediately after an activation step, two or more enemy fighters are staggered."""
    kw = {"fighters": {OBRYN: "c8", SEVERIN: "e8"}, "stagger": {OBRYN: 1, SEVERIN: 1}}
    assert glory("45002", "after_activation", **kw) == 1
    assert glory("45002", "after_power", **kw) is None
    assert glory("45002", "after_activation", fighters={OBRYN: "c8", SEVERIN: "e8"}, stagger={OBRYN: 1}) is None


def test_bringer_of_the_dawn_inspired_holder_or_holder_that_hit():
    """45003 (hybrid, end): an Inspired holder, or a holder that made a successful attack in the action phase
    (Priests: test_cards_brethren_of_the_bolt)."""
    hit = {"attacks": [{"attacker": TARGOR, "seat": P1, "succeeded": True, "range": 1, "turn": 0}]}
    assert glory("45003", fighters={TARGOR: "c3"}, tokens=TOKENS, inspired={TARGOR: True}) == 1
    assert glory("45003", phase_log=hit, fighters={TARGOR: "c3"}, tokens=TOKENS) == 1
    assert glory("45003", fighters={TARGOR: "c3"}, tokens=TOKENS) is None
    assert effects.coverage_level("45003") == "automated"


def test_convictions_reward_enemy_down_and_two_objectives_held():
    """45004 (dual, end): an enemy fighter is out of action and your warband holds two or more objectives."""
    kw = {"fighters": {TARGOR: "c3", SAEK: "d6", SEVERIN: "h9"}, "tokens": TOKENS}
    assert glory("45004", out_of_action={OBRYN: True}, **kw) == 2
    assert glory("45004", **kw) is None
    assert glory("45004", fighters={TARGOR: "c3", SEVERIN: "h9"}, tokens=TOKENS, out_of_action={OBRYN: True}) is None


def test_fulgurian_sacrifice_damaged_on_an_objective_near_no_ones_territory():
    """45005 (surge): a friendly fighter on an objective token within 1 hex of no one's territory was dealt damage."""
    near = {"damage_at": [{"fighter": TARGOR, "seat": P1, "hex": "d6", "source": "attack"}]}
    far = {"damage_at": [{"fighter": TARGOR, "seat": P1, "hex": "c3", "source": "attack"}]}
    enemy = {"damage_at": [{"fighter": OBRYN, "seat": P2, "hex": "d6", "source": "attack"}]}
    assert glory("45005", "after_activation", near, fighters={TARGOR: "d6"}, tokens=TOKENS) == 1
    assert glory("45005", "after_activation", far, fighters={TARGOR: "c3"}, tokens=TOKENS) is None
    assert glory("45005", "after_activation", enemy, fighters={OBRYN: "d6"}, tokens=TOKENS) is None


def finish_activation(state: dict, seat: str) -> dict:
    """Decline every drive back and reaction until the power step starts."""
    while load(state).top()["kind"] != "power":
        options = legal(state, seat) or legal(state, P1 if seat == P2 else P2)
        who = seat if legal(state, seat) else (P1 if seat == P2 else P2)
        state, _ = act(state, who, next(a for a in options if a["type"] == "Pass"))
    return state


def test_fulgurian_sacrifice_scores_after_damage_in_play():
    """45005 end to end: Targor, on an objective token in no one's territory, is dealt damage by an attack; the
    surge step after the activation reveals and scores it."""
    s = scenario({TARGOR: "d6", OBRYN: "e6"}, active=P2, objectives={P1: ["45005"]}, tokens={"2": ("d6", "objective")})
    s, _ = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": TARGOR},
               FixedRng(atk("hammer", "hammer") + dfn("block")))
    s = finish_activation(s, P2)
    assert "45005" in load(s).players[P1].scored


def test_glorious_martyrdom_more_objectives_and_a_fallen_friend_bonus_if_inspired():
    """45006 (dual, end): a friendly fighter is out of action and you hold more objectives than the enemy;
    +1 glory if an Inspired friendly fighter is out of action."""
    kw = {"fighters": {TARGOR: "c3", SEVERIN: "h9"}, "tokens": TOKENS}
    assert glory("45006", out_of_action={SAEK: True}, **kw) == 1
    assert glory("45006", out_of_action={SAEK: True}, inspired={SAEK: True}, **kw) == 2
    assert glory("45006", **kw) is None
    assert glory("45006", fighters={TARGOR: "c3", SEVERIN: "d6"}, tokens=TOKENS, out_of_action={SAEK: True}) is None


def test_heavens_charge_kill_by_uninspired_attacker_or_ploy():
    """45007 (surge, dual): an enemy taken out of action by an un-Inspired friendly attacker or by a ploy."""
    def kill(kind, by_inspired, card=None):
        source = {"kind": kind, "seat": P1, "fighter": TARGOR if kind == "attack" else None, "card": card}
        return {"out_of_action": [{"fighter": OBRYN, "seat": P2, "source": source, "by_inspired": by_inspired,
                                   "had_move_or_charge": False, "hex": "c4"}]}
    assert glory("45007", "after_activation", kill("attack", False), fighters={}) == 1
    assert glory("45007", "after_power", kill("card", None, "48021"), fighters={}) == 1  # The Right Bait, a ploy
    assert glory("45007", "after_activation", kill("attack", True), fighters={}) is None
    assert glory("45007", "after_activation", kill("lethal", None), fighters={}) is None


def test_living_dynamo_third_different_action_in_the_phase():
    """45008 (surge): a friendly fighter's third action of the phase, each different (Move, Guard, Attack...)."""
    three = {"actions": {TARGOR: ["move", "guard", "attack"]}}
    same = {"actions": {TARGOR: ["move", "move", "attack"]}}
    assert glory("45008", "after_activation", {"acted": [TARGOR]}, three, fighters={TARGOR: "c3"}) == 1
    assert glory("45008", "after_activation", {"acted": [TARGOR]}, same, fighters={TARGOR: "c3"}) is None
    assert glory("45008", "after_activation", {}, three, fighters={TARGOR: "c3"}) is None  # not in this step


def test_living_dynamo_counts_a_charge_as_move_and_attack_in_play():
    """45008 end to end: a Guard earlier in the phase, then a Charge (a Move and an Attack): three different."""
    st = load(scenario({TARGOR: "c3", OBRYN: "c6"}, objectives={P1: ["45008"]}))
    st.phase_log = {"actions": {TARGOR: ["guard"]}}
    s = dump(st)
    charge = next(a for a in legal(s, P1) if a["type"] == "Charge" and a["fighter"] == TARGOR)
    s, _ = act(s, P1, charge)
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("hammer", "hammer") + dfn("dodge")))
    s = finish_activation(s, P1)
    assert "45008" in load(s).players[P1].scored


def test_martyred_bloodworks_two_vulnerable_or_uninspired():
    """45009 (end): two or more surviving friendly fighters are vulnerable and/or un-Inspired."""
    assert glory("45009", fighters={TARGOR: "c3", SAEK: "a1"}) == 2
    assert glory("45009", fighters={TARGOR: "c3", SAEK: "a1"}, inspired={TARGOR: True, SAEK: True}) is None
    assert glory("45009", fighters={TARGOR: "c3", SAEK: "a1"}, inspired={TARGOR: True, SAEK: True},
                 wounds={TARGOR: 1, SAEK: 2}) == 2  # Targor (Wounds 2) and Saek (Wounds 3) are vulnerable


def test_unwavering_beacons_two_objectives_outside_your_territory():
    """45011 (end): your warband holds two or more objectives in no one's and/or enemy territory."""
    assert glory("45011", fighters={TARGOR: "d6", SAEK: "c9"}, tokens=TOKENS) == 3
    assert glory("45011", fighters={TARGOR: "d6", SAEK: "c3"}, tokens=TOKENS) is None


def test_wrath_made_manifest_inspired_attacker_takes_an_enemy_out():
    """45012 (surge): after an activation step, an Inspired friendly fighter's attack took an enemy out of action."""
    log = {"out_of_action": [{"fighter": OBRYN, "seat": P2, "source": {"kind": "attack", "seat": P1, "fighter": TARGOR},
                              "by_inspired": True, "had_move_or_charge": False, "hex": "c4"}]}
    assert glory("45012", "after_activation", log, fighters={}) == 1
    log["out_of_action"][0]["by_inspired"] = False
    assert glory("45012", "after_activation", log, fighters={}) is None


def test_out_of_action_log_records_whether_the_attacker_was_inspired():
    """45007/45012 read ``by_inspired``: taking a fighter out of action records its attacker's side."""
    from engine.underworlds.flow import Ctx, take_out_of_action
    st = load(scenario({TARGOR: "c3", OBRYN: "c4"}, inspired={TARGOR: True}))
    take_out_of_action(Ctx(st, FixedRng()), st.fighter(OBRYN), {"kind": "attack", "seat": P1, "fighter": TARGOR})
    assert st.step_log["out_of_action"][-1]["by_inspired"] is True


def test_wrath_made_manifest_scores_after_an_inspired_kill_in_play():
    """45012 end to end: inspired Targor takes Obryn out of action; the next surge step scores it."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, inspired={TARGOR: True}, wounds={OBRYN: 3}, objectives={P1: ["45012"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "swords", "swords") + dfn("block")))  # inspired Targor: 3 dice
    assert fighter(s, OBRYN)["out_of_action"]
    s = finish_activation(s, P1)
    assert "45012" in load(s).players[P1].scored


# -- The Skinnerkin ----------------------------------------------------------------------------------------------------


def test_last_minute_order_two_charged_and_an_objective_scored():
    """46004 (surge, dual): two or more friendly fighters have Charge markers and you have scored an objective."""
    kw = {"fighters": {TARGOR: "c3", SAEK: "d3"}, "charge": {TARGOR: 1, SAEK: 1}}
    st = load(scenario(**kw))
    st.players[P1].scored = ["48001"]
    assert effects.objective_glory(st, P1, "46004", "after_activation") == 1
    st.players[P1].scored = []
    assert effects.objective_glory(st, P1, "46004", "after_activation") is None


def test_perfect_cut_two_successes_one_critical():
    """46006 (surge, dual): after a friendly attack that rolled two or more successes, one of them a crit."""
    def log(successes, crits):
        return {"attacks": [{"attacker": TARGOR, "seat": P1, "successes": successes, "crits": crits, "range": 1,
                             "turn": 0, "succeeded": True}]}
    assert glory("46006", "after_activation", log(2, 1), fighters={}) == 1
    assert glory("46006", "after_activation", log(2, 0), fighters={}) is None
    assert glory("46006", "after_activation", log(1, 1), fighters={}) is None


def test_perfect_cut_scores_after_an_attack_in_play():
    """46006 end to end: the attack's successes and crits reach the step log; the surge step scores it."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, objectives={P1: ["46006"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("critical", "swords") + dfn("dodge")))
    s = finish_activation(s, P1)
    assert "46006" in load(s).players[P1].scored


def test_plenty_to_choose_from_one_enemy_left():
    """46008 (end): no more than one surviving enemy fighter."""
    assert glory("46008", fighters={OBRYN: "h9"}) == 3
    assert glory("46008", fighters={OBRYN: "h9", SEVERIN: "f9"}) is None


def test_sing_while_you_work_third_short_attack_in_three_activations():
    """46009 (surge, dual): the third Range 1-2 friendly attack of the phase, each in a different activation."""
    def attack(turn, range_=1):
        return {"attacker": TARGOR, "seat": P1, "range": range_, "turn": turn, "succeeded": False, "successes": 0,
                "crits": 0}
    phase = {"attacks": [attack(0), attack(2), attack(4)]}
    assert glory("46009", "after_activation", {"attacks": [attack(4)]}, phase, fighters={}) == 1
    same_turn = {"attacks": [attack(0), attack(0), attack(4)]}
    assert glory("46009", "after_activation", {"attacks": [attack(4)]}, same_turn, fighters={}) is None
    long = {"attacks": [attack(0), attack(2), attack(4, 3)]}
    assert glory("46009", "after_activation", {"attacks": [attack(4, 3)]}, long, fighters={}) is None


def test_tenderise_the_meat_successful_attack_without_crits():
    """46011 (surge, dual): after an activation step with a successful friendly attack whose roll had no crit."""
    def log(succeeded, crits):
        return {"attacks": [{"attacker": TARGOR, "seat": P1, "succeeded": succeeded, "crits": crits, "range": 1,
                             "turn": 0, "successes": 2}]}
    assert glory("46011", "after_activation", log(True, 0), fighters={}) == 1
    assert glory("46011", "after_activation", log(True, 1), fighters={}) is None
    assert glory("46011", "after_activation", log(False, 0), fighters={}) is None


def test_phase_log_is_cleared_when_a_round_starts():
    """The phase log covers one action phase ("in the preceding action phase", 45003)."""
    from engine.underworlds.flow import Ctx
    from engine.underworlds.turns import _round_run
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}))
    st.phase_log = {"attacks": [{"attacker": TARGOR}]}
    st.stack = [{"kind": "round", "stage": "start"}]
    from engine.core.rng import SeededRng
    _round_run(Ctx(st, SeededRng(bytes(32))), st.stack[0])
    assert st.phase_log == {}

