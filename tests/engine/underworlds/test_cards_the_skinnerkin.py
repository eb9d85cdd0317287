"""The Skinnerkin power cards automated in issue #19's first pass (``skinnerkin.py``; none counts Haunch counters):
each card's situation, its condition and effect, and its refusal when the condition is false. Card texts:
``data/underworlds/cards.json``; rulings: "Cards automated in issue #19" in ``docs/rulings/underworlds.md``."""
from __future__ import annotations

from engine.underworlds import effects
from tests.engine.underworlds.scenario import (
    P1, P2, FixedRng, act, atk, dfn, fighter, legal, scenario, top, types,
)

TARGOR, SAEK = "player1:targor", "player1:blooded-saek"
OBRYN, SEVERIN = "player2:obryn-the-bold", "player2:severin-steelheart"


def plays(s, seat, card):
    return [a for a in legal(s, seat) if a.get("card") == card]


def attack(s, fighter_id, target, rolls, seat=P1):
    return act(s, seat, {"type": "Attack", "fighter": fighter_id, "attack": 0, "target": target}, FixedRng(rolls))


def pass_drive_back(s):
    return act(s, P1, {"type": "Pass"})[0] if top(s)["kind"] == "attack" else s


def next_activation(hand_card: str | None, fighters: dict[str, str]):
    """Player1 plays ``hand_card`` in player2's power step (turn 2); player1's activation step (turn 3) follows."""
    s = scenario(fighters, stage="power", active=P2, turns_taken=1, hands={P1: [hand_card] if hand_card else []})
    s, _ = act(s, P2, {"type": "Pass"})
    if hand_card:
        s, _ = act(s, P1, {"type": "PlayPloy", "card": hand_card})
        s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Pass"})
    assert top(s)["seat"] == P1 and top(s)["stage"] == "activation"
    return s


def test_greedy_greddy_attacks_in_the_next_activation_step_have_grievous_1():
    """46015: Attack actions made by friendly fighters in the next activation step have Grievous 1 (a critical hit
    deals 1 more damage). Without the card: no Grievous."""
    rolls = atk("critical", "swords") + dfn("dodge")
    s, ev = attack(next_activation("46015", {TARGOR: "c3", OBRYN: "c4"}), TARGOR, OBRYN, rolls)
    assert next(e for e in ev if e["type"] == "AttackResolved")["result"] == "critical_hit"
    assert fighter(s, OBRYN)["wounds"] == 2  # Damage 1 + Grievous 1
    s, _ = attack(next_activation(None, {TARGOR: "c3", OBRYN: "c4"}), TARGOR, OBRYN, rolls)
    assert fighter(s, OBRYN)["wounds"] == 1


def test_season_the_meat_minus_1_dice_until_a_failed_attack():
    """46018: choose an enemy within 1 hex of a friendly fighter: -1 Dice to its Attack actions until the end of the
    round or until it makes a failed Attack action."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, stage="power", hands={P1: ["46018"]})
    assert plays(s, P1, "46018") == [{"type": "PlayPloy", "card": "46018", "target": OBRYN}]
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "46018", "target": OBRYN})
    assert [p["card"] for p in s["persisting"]] == ["46018"]
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Pass"})
    s, ev = attack(s, OBRYN, TARGOR, atk("swords") + dfn("dodge"), seat=P2)  # one die instead of two: a miss
    assert next(e for e in ev if e["type"] == "AttackRolled")["dice"] == ["swords"]
    assert s["persisting"] == [] and "46018" in s["players"][P1]["power_discard"]  # the failed attack ends it
    assert not plays(scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", hands={P1: ["46018"]}), P1, "46018")


def test_precise_fillet_two_successes_become_one_critical():
    """46016: Reaction after you roll two or more successes in a friendly fighter's attack roll: one becomes a
    critical success, every other attack dice is discarded. Not offered with one success."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, hands={P1: ["46016"]})
    s, _ = attack(s, TARGOR, OBRYN, atk("swords", "swords") + dfn("block"))
    assert legal(s, P1) == [{"type": "PlayReaction", "card": "46016"}, {"type": "Pass"}]
    s, ev = act(s, P1, {"type": "PlayReaction", "card": "46016"}, FixedRng(dfn("block")))
    resolved = next(e for e in ev if e["type"] == "AttackResolved")
    assert resolved["result"] == "critical_hit" and (resolved["attack_successes"], resolved["attack_crits"]) == (1, 1)
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, hands={P1: ["46016"]})
    s, _ = attack(s, TARGOR, OBRYN, atk("swords", "hammer") + dfn("block"))
    assert not plays(s, P1, "46016")


def test_that_was_nasty_staggers_each_enemy_within_2_hexes_of_the_successful_attacker():
    """46020: Reaction after an activation step in which friendly fighters made successful Attack actions: stagger
    each enemy fighter within 2 hexes of the attacker. Not after a failed attack."""
    s = scenario({TARGOR: "c3", OBRYN: "c4", SEVERIN: "c5"}, hands={P1: ["46020"]})
    s, _ = pass_drive_back(attack(s, TARGOR, OBRYN, atk("swords", "swords") + dfn("dodge"))[0]), None
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "46020", "target": TARGOR})
    assert fighter(s, OBRYN)["stagger"] == 1 and fighter(s, SEVERIN)["stagger"] == 1
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, hands={P1: ["46020"]})
    s, _ = attack(s, TARGOR, OBRYN, atk("hammer", "hammer") + dfn("dodge"))
    assert top(s)["kind"] == "power" and not plays(s, P1, "46020")


def test_awful_connoisseur_placed_where_the_target_was_taken_out():
    """46023: Reaction after a friendly fighter's Attack action took its target out of action within 4 hexes of
    this fighter: place this fighter in the target's hex. Not from farther than 4 hexes."""
    s = scenario({TARGOR: "c3", SAEK: "e3", OBRYN: "c4"}, upgrades={SAEK: ["46023"]}, wounds={OBRYN: 3})
    s, _ = attack(s, TARGOR, OBRYN, atk("swords", "swords") + dfn("dodge"))
    assert fighter(s, OBRYN)["out_of_action"]
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "46023", "fighter": SAEK})
    assert fighter(s, SAEK)["hex"] == "c4"
    s = scenario({TARGOR: "c3", SAEK: "h9", OBRYN: "c4"}, upgrades={SAEK: ["46023"]}, wounds={OBRYN: 3})
    s, _ = attack(s, TARGOR, OBRYN, atk("swords", "swords") + dfn("dodge"))
    assert not plays(s, P1, "46023")


def test_gruesome_gourmand_after_your_power_step_with_a_ploy_damage_heal_break():
    """46026: Reaction after your power step, if you played a ploy in it: 1 damage to an enemy within 1 hex of this
    fighter, then Heal (1) this fighter, then break this card. Not without a ploy played."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, stage="power", hands={P1: ["46015"]}, upgrades={TARGOR: ["46026"]},
                 wounds={TARGOR: 1})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "46015"})
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "46026", "fighter": TARGOR, "target": OBRYN})
    assert fighter(s, OBRYN)["wounds"] == 1 and fighter(s, TARGOR)["wounds"] == 0
    assert "46026" not in fighter(s, TARGOR)["upgrades"] and "46026" in s["players"][P1]["power_discard"]
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, stage="power", upgrades={TARGOR: ["46026"]})
    s, _ = act(s, P1, {"type": "Pass"})
    s, ev = act(s, P2, {"type": "Pass"})
    assert not plays(s, P1, "46026") and "PowerStepEnded" in types(ev)


def test_latching_on_guard_after_an_activation_with_a_charge():
    """46029: Reaction after an activation step in which this fighter made a Charge super-action: a Guard marker.
    Not after a plain attack. (Its first part, no drive back within 1 hex, is tested in test_card_automation.)"""
    s = scenario({TARGOR: "c2", OBRYN: "c4"}, upgrades={TARGOR: ["46029"]})
    s, _ = act(s, P1, {"type": "Charge", "fighter": TARGOR, "to": "c3"})
    s, _ = attack(s, TARGOR, OBRYN, atk("hammer", "hammer") + dfn("dodge"))
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "46029", "fighter": TARGOR})
    assert fighter(s, TARGOR)["guard"] == 1 and effects.coverage_level("46029") == "automated"
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: ["46029"]})
    s, _ = attack(s, TARGOR, OBRYN, atk("hammer", "hammer") + dfn("dodge"))
    assert not plays(s, P1, "46029")


def test_head_chef_pushes_each_other_friendly_fighter_up_to_2_hexes_then_guard():
    """46027: Action: push each other friendly fighter up to 2 hexes (one choice per fighter, Pass = no push), then
    give this fighter a Guard marker. Only its holder has the action."""
    karsus = "player1:karsus-the-chained"
    s = scenario({TARGOR: "c3", SAEK: "e3", karsus: "a1", OBRYN: "h9"}, upgrades={TARGOR: ["46027"]})
    assert [a for a in legal(s, P1) if a["type"] == "UseCardAction"] == [
        {"type": "UseCardAction", "fighter": TARGOR, "card": "46027"}]
    s, _ = act(s, P1, {"type": "UseCardAction", "fighter": TARGOR, "card": "46027"})
    assert top(s)["kind"] == "card_choice" and {a.get("target") for a in legal(s, P1)} == {karsus, None}
    assert {"type": "ChooseForCard", "card": "46027", "target": karsus, "hex": "a3"} in legal(s, P1)  # 2 hexes
    s, _ = act(s, P1, {"type": "ChooseForCard", "card": "46027", "target": karsus, "hex": "a3"})
    assert fighter(s, TARGOR)["guard"] == 0 and top(s)["kind"] == "card_choice"
    s, ev = act(s, P1, {"type": "Pass"})  # Saek stays
    assert (fighter(s, karsus)["hex"], fighter(s, SAEK)["hex"], fighter(s, TARGOR)["guard"]) == ("a3", "e3", 1)
    assert "PowerStepStarted" in types(ev)


def test_potential_courtier_friends_adjacent_to_the_target_attack_it_after_a_range_1_hit():
    """46031: Reaction after this fighter's successful Range 1 Attack action: each other friendly fighter adjacent
    to the target can make a Range 1 Attack action that must target it. Not after a failed attack."""
    s = scenario({TARGOR: "c3", SAEK: "d4", OBRYN: "c4"}, upgrades={TARGOR: ["46031"]})
    s, _ = pass_drive_back(attack(s, TARGOR, OBRYN, atk("swords", "swords") + dfn("dodge"))[0]), None
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "46031", "fighter": TARGOR})
    assert legal(s, P1) == [{"type": "Attack", "fighter": SAEK, "attack": 0, "target": OBRYN}, {"type": "Pass"}]
    s, _ = act(s, P1, legal(s, P1)[0], FixedRng(atk("hammer", "hammer") + dfn("dodge")))
    assert fighter(s, OBRYN)["out_of_action"]
    s = scenario({TARGOR: "c3", SAEK: "d4", OBRYN: "c4"}, upgrades={TARGOR: ["46031"]})
    s, _ = attack(s, TARGOR, OBRYN, atk("hammer", "hammer") + dfn("dodge"))
    assert not plays(s, P1, "46031")
