"""Digest sections no other test cited: §13.2, §14, §17.2, §18.6, §19.6, §21, §25.3, §26.2 (rulebook seed 000)."""
from __future__ import annotations

from engine.underworlds import effects, rules
from engine.underworlds.battlefield import push_destinations
from engine.underworlds.feature_tokens import FeatureSide, FeatureToken
from engine.underworlds.hexgrid import Hex, steps_away
from engine.underworlds.system import dump, load
from tests.engine.underworlds.scenario import (
    P1, P2, FixedRng, act, atk, dfn, fighter, legal, scenario, top, types,
)
from tests.engine.underworlds.test_spell_attacks import bolt, wizards  # noqa: F401 (pytest fixture)

TARGOR, SAEK, ARNULF = "player1:targor", "player1:blooded-saek", "player1:arnulf"
OBRYN, SEVERIN, ANGHARAD = "player2:obryn-the-bold", "player2:severin-steelheart", "player2:angharad-brightshield"


def attack(state, rolls, *, fighter_id=TARGOR, target=OBRYN, index=0, seat=P1):
    return act(state, seat, {"type": "Attack", "fighter": fighter_id, "attack": index, "target": target}, FixedRng(rolls))


def resolved(events):
    return next(e for e in events if e["type"] == "AttackResolved")


def with_spare_token(state: dict, token_id: str = "blocked-1") -> dict:
    """The state with one feature token not on the battlefield (available for Loot)."""
    st = load(state)
    st.feature_tokens.append(FeatureToken(id=token_id, front=FeatureSide.BLOCKED))
    return dump(st)


# -- §13.2 turn structure ---------------------------------------------------------------------------------


def test_turn_activation_step_is_followed_by_the_power_step():
    """§13.2: ACTIVATION STEP, then (reaction, inspire, surge steps) the POWER STEP, the active player first."""
    s, ev = act(scenario({TARGOR: "c3"}), P1, {"type": "Guard", "fighter": TARGOR})
    assert types(ev).index("FighterGuarded") < types(ev).index("PowerStepStarted")
    assert top(s)["kind"] == "power" and top(s)["to_act"] == P1
    assert not [a for a in legal(s, P1) if a["type"] in ("Move", "Guard", "Attack")]


def test_turn_ends_after_the_power_step_and_the_next_player_activates():
    """§13.2, §13.1: once both pass in a row the power step and the turn end; the other player's turn follows."""
    s, _ = act(scenario({TARGOR: "c3", OBRYN: "h9"}), P1, {"type": "Guard", "fighter": TARGOR})
    s, _ = act(s, P1, {"type": "Pass"})
    s, ev = act(s, P2, {"type": "Pass"})
    assert "PowerStepEnded" in types(ev)
    assert top(s)["kind"] == "turn" and top(s)["seat"] == P2 and top(s)["stage"] == "activation"
    assert s["turns_taken"] == 1


def test_turn_surge_step_after_the_activation_scores_before_the_power_step():
    """§13.2, §25.1: a surge step follows each activation; a met surge objective scores there, then a draw."""
    s = scenario({TARGOR: "c3", OBRYN: "h9", SEVERIN: "h10"}, objectives={P1: ["45002"]},
                 stagger={OBRYN: 1, SEVERIN: 1})
    s, ev = act(s, P1, {"type": "Guard", "fighter": TARGOR})
    assert "ObjectiveScored" in types(ev) and "PowerStepStarted" not in types(ev)
    assert s["players"][P1]["scored"] == ["45002"] and s["players"][P1]["glory"] == rules.card("45002").glory
    s, ev = act(s, P1, {"type": "DrawObjective"})  # §25.1: the player may draw another objective card
    assert len(s["players"][P1]["objectives"]) == 1 and "PowerStepStarted" in types(ev)


def test_turn_inspire_step_after_the_activation_inspires_before_the_power_step():
    """§13.2, §3.1: the condition is met mid-attack; the fighter becomes Inspired in the inspire step after it."""
    s, ev = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), atk("hammer", "hammer") + dfn("block"))
    order = types(ev)
    assert order.index("AttackEnded") < order.index("FighterInspired") < order.index("PowerStepStarted")
    assert fighter(s, OBRYN)["inspired"]


# -- §14 push -------------------------------------------------------------------------------------------------


def test_push_moves_exactly_n_hexes_each_one_further_away():
    """§14: a push of N hexes is N steps; pushed "away", each hex entered is further from the reference."""
    bf = rules.battlefield(load(scenario({})))
    start, attacker = Hex.parse("c4"), Hex.parse("c3")
    assert push_destinations(bf, start, 1) == frozenset(bf.neighbours(start))
    two = push_destinations(bf, start, 2, away_from=attacker)
    assert two and all(h.distance(attacker) == start.distance(attacker) + 2 for h in two)


def test_push_cannot_enter_blocked_or_occupied_hexes_even_in_passing():
    """§14: a push cannot enter an occupied or blocked hex, so walls around the fighter stop a push away."""
    bf = rules.battlefield(load(scenario({})))
    start, attacker = Hex.parse("c4"), Hex.parse("c3")
    away = set(steps_away(start, attacker))
    assert push_destinations(bf, start, 2, away_from=attacker, occupied=away) == frozenset()
    first = sorted(away)[0]
    assert first not in push_destinations(bf, start, 1, blocked={first})


def test_drive_back_cannot_enter_an_occupied_hex():
    """§14, §19.3: the drive-back push offers only empty hexes further from the attacker."""
    s = scenario({TARGOR: "g7", OBRYN: "g8", SAEK: "h8"})
    s, ev = attack(s, atk("swords", "hammer") + dfn("dodge"))
    options = {a["to"] for a in legal(s, P1) if a["type"] == "DriveBack"}
    assert options == {"g9", "h9"}


def test_push_into_lethal_hex_deals_one_damage_and_gives_no_move_marker():
    """§14: pushing into a lethal hex deals 1 damage; a push is not a Move action (no Move marker)."""
    s, _ = attack(scenario({TARGOR: "g7", OBRYN: "g8"}), atk("swords", "hammer") + dfn("dodge"))
    s, ev = act(s, P1, {"type": "DriveBack", "to": "g9"})
    assert fighter(s, OBRYN)["hex"] == "g9" and fighter(s, OBRYN)["wounds"] == 2
    assert fighter(s, OBRYN)["move"] == 0 and "FighterPushed" in types(ev)


# -- §17.2 Guard action -------------------------------------------------------------------------------------


def test_guard_action_assigns_a_guard_marker_and_uses_the_activation():
    """§17.2, §16.1: the Guard action assigns a Guard marker (no Move marker) and is the turn's activation."""
    s, _ = act(scenario({TARGOR: "c3"}), P1, {"type": "Guard", "fighter": TARGOR})
    assert fighter(s, TARGOR)["guard"] == 1 and fighter(s, TARGOR)["move"] == 0
    assert s["players"][P1]["activations_left"] == scenario({})["players"][P1]["activations_left"] - 1


def test_guard_counts_dodge_for_a_block_fighter_and_stops_drive_back():
    """§17.2, §16.1: on Guard both block and dodge are successes; no drive back without Knockback."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, guard={OBRYN: 1})
    s, ev = attack(s, atk("swords", "hammer") + dfn("dodge"))
    assert resolved(ev)["result"] == "draw" and resolved(ev)["defence_successes"] == 1
    assert not [a for a in legal(s, P1) if a["type"] == "DriveBack"]


# -- §18.6 who inflicted the damage ---------------------------------------------------------------------------


def test_damage_source_attack_is_the_attacking_fighter():
    """§18.6: damage from an attack action is inflicted by the attacker, which takes the target out of action."""
    s, ev = attack(scenario({TARGOR: "c3", OBRYN: "c4"}, wounds={OBRYN: 3}), atk("swords", "hammer") + dfn("dodge"))
    dmg = next(e for e in ev if e["type"] == "FighterDamaged")
    assert dmg["source"] == "attack" and dmg["by"] == TARGOR
    assert next(e for e in ev if e["type"] == "FighterOutOfAction")["by"] == TARGOR


def test_damage_source_upgrade_is_the_fighter_holding_it():
    """§18.6: damage from a fighter's upgrade (Instinctive Reprisal) is inflicted by that fighter."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={OBRYN: ["47028"]})
    s, _ = attack(s, atk("swords", "hammer") + dfn("dodge"))
    s, ev = act(s, P2, {"type": "PlayReaction", "card": "47028", "fighter": OBRYN})
    dmg = next(e for e in ev if e["type"] == "FighterDamaged" and e["fighter"] == TARGOR)
    assert dmg["by"] == OBRYN


def test_damage_source_backlash_is_the_wizard_itself(wizards):  # noqa: F811
    """§18.6: backlash is inflicted by the wizard who cast it, on itself."""
    _, ev = bolt(scenario({SEVERIN: "c6", TARGOR: "c3"}, **wizards), ("critical", "critical"))
    dmg = next(e for e in ev if e["type"] == "FighterDamaged" and e["fighter"] == SEVERIN)
    assert dmg["source"] == "backlash" and dmg["by"] == SEVERIN


def test_damage_source_other_card_is_the_warband_of_its_player():
    """§18.6: damage from another card (a ploy) is credited to the warband of the player who played it."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, stage="power", hands={P1: ["48021"]}, wounds={OBRYN: 3})
    s, ev = act(s, P1, {"type": "PlayPloy", "card": "48021", "fighter": TARGOR, "target": OBRYN})
    dmg = next(e for e in ev if e["type"] == "FighterDamaged")
    assert dmg["source"] == "card" and dmg["by"] == "48021"
    out = load(s).step_log["out_of_action"][0]
    assert out["fighter"] == OBRYN and out["source"]["kind"] == "card" and out["source"]["seat"] == P1


def test_damage_source_lethal_hex_even_when_an_attack_drove_the_fighter_there():
    """§18.6: a lethal hex inflicts its damage and takes the fighter out of action, even after a drive back."""
    s, _ = attack(scenario({TARGOR: "g7", OBRYN: "g8"}, wounds={OBRYN: 2}), atk("swords", "hammer") + dfn("dodge"))
    s, ev = act(s, P1, {"type": "DriveBack", "to": "g9"})
    dmg = next(e for e in ev if e["type"] == "FighterDamaged")
    assert dmg["source"] == "lethal" and dmg.get("by") is None
    assert next(e for e in ev if e["type"] == "FighterOutOfAction")["by"] == "lethal"
    assert any(e["type"] == "GloryGained" and e["player"] == P1 and e["reason"] == "bounty" for e in ev)  # §18.5


# -- §19.6 critical abilities --------------------------------------------------------------------------------


def test_grievous_adds_damage_on_a_critical_hit():
    """§19.6, §20: Grievous 1 (Arnulf, Damage 1) adds 1 Damage on a critical hit."""
    s, ev = attack(scenario({ARNULF: "c3", OBRYN: "c4"}), atk("critical", "hammer") + dfn("dodge"),
                   fighter_id=ARNULF)
    assert resolved(ev)["result"] == "critical_hit" and fighter(s, OBRYN)["wounds"] == 2


def test_grievous_does_nothing_on_a_plain_hit():
    """§19.6: the attacker's critical abilities are used only on a critical hit."""
    s, ev = attack(scenario({ARNULF: "c3", OBRYN: "c4"}), atk("swords", "swords") + dfn("dodge"),
                   fighter_id=ARNULF)
    assert resolved(ev)["result"] == "hit" and fighter(s, OBRYN)["wounds"] == 1


def test_critical_defence_fails_the_attack_and_gives_the_attacker_no_critical_ability():
    """§19.6: on a critical defence the attack fails; the attacker's critical abilities (Grievous) are not used."""
    s, ev = attack(scenario({ARNULF: "c3", OBRYN: "c4"}), atk("swords", "swords") + dfn("critical"),
                   fighter_id=ARNULF)
    assert resolved(ev)["result"] == "critical_defence" and fighter(s, OBRYN)["wounds"] == 0
    assert "FighterDamaged" not in types(ev)


# -- §21 Loot ---------------------------------------------------------------------------------------------------


def test_loot_offered_only_to_the_attacking_player():
    """§21: Loot follows an attack by a *friendly* fighter that took its target out of action."""
    s = with_spare_token(scenario({TARGOR: "c3", OBRYN: "c4"}, wounds={OBRYN: 3}))
    s, ev = attack(s, atk("swords", "hammer") + dfn("dodge"))
    assert "ReactionStepOpened" in types(ev)
    assert [a for a in legal(s, P1) if a["type"] == "Loot"]
    assert not [a for a in legal(s, P2) if a["type"] == "Loot"]


def test_loot_not_offered_when_the_target_survives():
    """§21: no out of action, no Loot."""
    s = with_spare_token(scenario({TARGOR: "c3", OBRYN: "c4"}))
    s, ev = attack(s, atk("swords", "hammer") + dfn("dodge"))
    assert "ReactionStepOpened" not in types(ev) and fighter(s, OBRYN)["wounds"] == 1


def test_loot_not_offered_without_an_available_feature_token():
    """§21: Loot needs an available feature token (every token already on the battlefield: none)."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, wounds={OBRYN: 3})
    s, ev = attack(s, atk("swords", "hammer") + dfn("dodge"))
    assert fighter(s, OBRYN)["out_of_action"] and "ReactionStepOpened" not in types(ev)


def test_loot_not_offered_when_a_card_took_the_fighter_out_of_action():
    """§21: Loot is a reaction during an attack action; a ploy's damage gives none."""
    s = with_spare_token(scenario({TARGOR: "c3", OBRYN: "c4"}, stage="power", hands={P1: ["48021"]},
                                  wounds={OBRYN: 3}))
    s, ev = act(s, P1, {"type": "PlayPloy", "card": "48021", "fighter": TARGOR, "target": OBRYN})
    assert fighter(s, OBRYN)["out_of_action"] and not [a for a in legal(s, P1) if a["type"] == "Loot"]


# -- §25.3 dual objectives ----------------------------------------------------------------------------------


def test_dual_objective_needs_both_conditions():
    """§25.3: Conviction's Reward (45004, dual): an enemy out of action AND two objectives held."""
    held = {"1": ("c3", "objective"), "2": ("d3", "objective")}
    both = load(scenario({TARGOR: "c3", SAEK: "d3", SEVERIN: "h9"}, tokens=held, out_of_action={OBRYN: True}))
    assert effects.objective_glory(both, P1, "45004", "end") == rules.card("45004").glory
    nobody_down = load(scenario({TARGOR: "c3", SAEK: "d3", SEVERIN: "h9"}, tokens=held))
    assert effects.objective_glory(nobody_down, P1, "45004", "end") is None
    one_held = load(scenario({TARGOR: "c3", SAEK: "d4", SEVERIN: "h9"}, tokens=held, out_of_action={OBRYN: True}))
    assert effects.objective_glory(one_held, P1, "45004", "end") is None


# -- §26.2 interrupting the game -------------------------------------------------------------------------------


def test_reaction_interrupts_attack_which_ends_when_the_rest_is_impossible_but_still_counts():
    """§26.2: the reaction pauses the attack; with the attacker gone it ends (no drive back) yet was made."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={OBRYN: ["47028"]}, wounds={TARGOR: 1})
    s, _ = attack(s, atk("swords", "hammer") + dfn("dodge"))
    assert top(s)["kind"] == "window"
    s, ev = act(s, P2, {"type": "PlayReaction", "card": "47028", "fighter": OBRYN})
    assert fighter(s, TARGOR)["out_of_action"]
    assert "AttackEnded" in types(ev) and "DriveBackDeclined" not in types(ev)
    assert not [a for a in legal(s, P1) if a["type"] == "DriveBack"]
    assert "attack" in load(s).phase_log["actions"][TARGOR]


def test_reaction_pause_then_the_attack_resumes():
    """§26.2: after a declined or resolved reaction the interrupted attack goes on to drive back."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, hands={P2: ["48018"]})
    s, _ = attack(s, atk("swords", "hammer") + dfn("dodge"))
    assert top(s)["kind"] == "window"
    s, _ = act(s, P2, {"type": "PlayReaction", "card": "48018"})
    assert top(s)["kind"] == "attack" and [a for a in legal(s, P1) if a["type"] == "DriveBack"]
