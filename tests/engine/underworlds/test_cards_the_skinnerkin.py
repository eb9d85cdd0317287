"""The Skinnerkin cards (``skinnerkin.py``): each card's situation, its condition and effect, and its refusal when
the condition is false. Haunch counters are each player's (``PlayerState.haunch``); the cards gain and discard them,
and the warband rule no source gives is logged with the referee action ``AdjustHaunch``. Card texts:
``data/underworlds/cards.json``; rulings: "Cards automated in issue #19" and "Haunch counters and traits" in
``docs/rulings/underworlds.md``."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.underworlds import effects
from engine.underworlds.system import dump, load
from tests.engine.underworlds.scenario import (
    P1, P2, SYSTEM, FixedRng, act, atk, dfn, fighter, legal, mag, scenario, top, types,
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


# -- Haunch counters ------------------------------------------------------------------------------------------------

GARREK, KARSUS = "player1:garrek-gorebeard", "player1:karsus-the-chained"


def with_haunch(s: dict, n: int, seat: str = P1) -> dict:
    st = load(s)
    st.players[seat].haunch = n
    return dump(st)


def haunch(s: dict, seat: str = P1) -> int:
    return load(s).players[seat].haunch


def glory(card: str, s: dict, moment: str = "end") -> int | None:
    return effects.objective_glory(load(s), P1, card, moment)


def to_power_step(s: dict) -> dict:
    """Decline every drive back, reaction and objective draw until the power step starts."""
    while top(s)["kind"] != "power":
        seat = next(x for x in (P1, P2) if legal(s, x))
        options = legal(s, seat)
        s, _ = act(s, seat, next((a for a in options if a["type"] == "Pass"), options[0]))
    return s


def test_haunch_counters_are_gained_and_lost_by_a_logged_referee_action_and_public():
    """The warband rule that gains Haunch counters is in no source: any player logs "gain/lose N Haunch counters"
    (AdjustHaunch); the count is each player's, public in the view; it can't go below 0."""
    s = scenario({TARGOR: "c3", OBRYN: "h9"})
    s, ev = act(s, P2, {"type": "AdjustHaunch", "player": P1, "delta": 3, "reason": "warband rule"})
    assert haunch(s) == 3 and haunch(s, P2) == 0 and types(ev) == ["RefereeAction", "HaunchGained"]
    assert SYSTEM.view(s, P2)["players"][P1]["haunch"] == 3
    s, ev = act(s, P1, {"type": "AdjustHaunch", "player": P1, "delta": -1})
    assert haunch(s) == 2 and "HaunchDiscarded" in types(ev)
    with pytest.raises(IllegalAction):
        act(s, P1, {"type": "AdjustHaunch", "player": P1, "delta": -3})


def test_attacked_flank_a_supported_hit_and_a_haunch_counter_gained_in_the_activation_step():
    """46001 (surge, dual): after an activation step in which a friendly fighter made a successful supported Attack
    action and you gained a Haunch counter. Not unsupported, not without a Haunch counter gained in the step."""
    def play(fighters, gain):
        s = scenario(fighters, objectives={P1: ["46001"]})
        if gain:
            s, _ = act(s, P1, {"type": "AdjustHaunch", "player": P1, "delta": 1, "reason": "warband rule"})
        s, _ = attack(s, TARGOR, OBRYN, atk("swords", "swords") + dfn("dodge"))
        return "46001" in load(to_power_step(s)).players[P1].scored
    assert play({TARGOR: "c3", SAEK: "d4", OBRYN: "c4"}, gain=True)  # Saek, adjacent to the target, supports
    assert not play({TARGOR: "c3", OBRYN: "c4"}, gain=True)
    assert not play({TARGOR: "c3", SAEK: "d4", OBRYN: "c4"}, gain=False)


def test_back_to_the_kitchens_two_haunch_counters_and_a_fighter_at_home():
    """46002 (dual, end): two or more Haunch counters and a friendly fighter in your territory (rows 1-5)."""
    assert glory("46002", with_haunch(scenario({TARGOR: "c3"}), 2)) == 1
    assert glory("46002", with_haunch(scenario({TARGOR: "c3"}), 1)) is None
    assert glory("46002", with_haunch(scenario({TARGOR: "c7"}), 2)) is None


def test_he_likes_it_fresh_two_haunch_counters_and_a_vulnerable_enemy():
    """46003 (dual, end): two or more Haunch counters and a vulnerable enemy fighter (wounds = Wounds - 1)."""
    assert glory("46003", with_haunch(scenario({OBRYN: "h9"}, wounds={OBRYN: 3}), 2)) == 2
    assert glory("46003", with_haunch(scenario({OBRYN: "h9"}, wounds={OBRYN: 2}), 2)) is None
    assert glory("46003", with_haunch(scenario({OBRYN: "h9"}, wounds={OBRYN: 3}), 1)) is None


def test_one_for_you_one_for_me_two_haunch_counters_and_two_fighters_engaged():
    """46005 (dual, end): two or more Haunch counters and two or more friendly fighters each adjacent to an enemy."""
    both = {TARGOR: "c3", OBRYN: "c4", SAEK: "f3", SEVERIN: "f4"}
    assert glory("46005", with_haunch(scenario(both), 2)) == 2
    assert glory("46005", with_haunch(scenario({**both, SAEK: "a1"}), 2)) is None
    assert glory("46005", with_haunch(scenario(both), 1)) is None


def test_plated_banquet_five_haunch_counters_and_every_survivor_upgraded():
    """46007 (dual, end): five or more Haunch counters and each surviving friendly fighter has an upgrade."""
    kw = {"upgrades": {TARGOR: ["46024"], SAEK: ["46025"]}}
    assert glory("46007", with_haunch(scenario({TARGOR: "c3", SAEK: "e3"}, **kw), 5)) == 3
    assert glory("46007", with_haunch(scenario({TARGOR: "c3", SAEK: "e3"}, **kw), 4)) is None
    assert glory("46007", with_haunch(scenario({TARGOR: "c3", SAEK: "e3"}, upgrades={TARGOR: ["46024"]}), 5)) is None


def test_slaughterhouse_more_haunch_counters_than_surviving_enemies():
    """46010 (end): more Haunch counters than there are surviving enemy fighters."""
    s = scenario({TARGOR: "c3", OBRYN: "h9", SEVERIN: "h10"})
    assert glory("46010", with_haunch(s, 3)) == 2
    assert glory("46010", with_haunch(s, 2)) is None


def test_the_main_course_three_haunch_counters_after_an_activation_step():
    """46012 (surge): immediately after an activation step, three or more Haunch counters; not after a power step."""
    s = scenario({TARGOR: "c3"})
    assert glory("46012", with_haunch(s, 3), "after_activation") == 1
    assert glory("46012", with_haunch(s, 2), "after_activation") is None
    assert glory("46012", with_haunch(s, 3), "after_power") is None


def test_midden_heap_scavenger_action_gains_a_haunch_counter_then_a_charge_marker():
    """46030: Action: you gain a Haunch counter, then give this fighter a Charge marker; the Main Course (three
    counters) scores at the surge step after it. Only its holder has the action."""
    s = with_haunch(scenario({TARGOR: "c3", SAEK: "e3", OBRYN: "h9"}, upgrades={TARGOR: ["46030"]},
                             objectives={P1: ["46012"]}), 2)
    assert [a for a in legal(s, P1) if a["type"] == "UseCardAction"] == [
        {"type": "UseCardAction", "fighter": TARGOR, "card": "46030"}]
    s, ev = act(s, P1, {"type": "UseCardAction", "fighter": TARGOR, "card": "46030"})
    assert haunch(s) == 3 and fighter(s, TARGOR)["charge"] == 1 and effects.coverage_level("46030") == "automated"
    assert "46012" in load(to_power_step(s)).players[P1].scored


# -- ploys with Haunch counters -------------------------------------------------------------------------------------


def power(fighters: dict, hand: list[str], n: int = 0, **kw) -> dict:
    return with_haunch(scenario(fighters, stage="power", hands={P1: hand}, **kw), n)


def next_turn(play: dict, fighters: dict, n: int = 0) -> dict:
    """Player1 plays ``play`` in player2's power step (turn 2) with ``n`` Haunch counters; its activation follows."""
    s = with_haunch(scenario(fighters, stage="power", active=P2, turns_taken=1, hands={P1: [play["card"]]}), n)
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, play)
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Pass"})
    assert top(s)["seat"] == P1 and top(s)["stage"] == "activation"
    return s


def rolled(events: list[dict]) -> list[str]:
    return next(e for e in events if e["type"] == "AttackRolled")["dice"]


def test_aspiring_artisan_rerolls_each_dice_without_haunch_counters_one_with_some():
    """46013: the chosen fighter's first Attack action in the next activation: re-roll each attack dice with no Haunch
    counters, one dice with one or more. Another fighter's attack gets no re-roll."""
    play = {"type": "PlayPloy", "card": "46013", "fighter": TARGOR}
    fighters = {TARGOR: "c3", SAEK: "d4", OBRYN: "c4"}
    s, _ = attack(next_turn(play, fighters), TARGOR, OBRYN, atk("hammer", "hammer"))
    assert [a for a in legal(s, P1) if a["type"] == "Reroll"] == [{"type": "Reroll", "die": 0}, {"type": "Reroll", "die": 1}]
    s, _ = act(s, P1, {"type": "Reroll", "die": 0}, FixedRng(atk("swords")))
    assert {"type": "Reroll", "die": 1} in legal(s, P1)
    s, _ = attack(next_turn(play, fighters, n=1), TARGOR, OBRYN, atk("hammer", "hammer"))
    s, _ = act(s, P1, {"type": "Reroll", "die": 0}, FixedRng(atk("swords") + dfn("dodge")))
    assert not any(a["type"] == "Reroll" for a in legal(s, P1))
    s, ev = attack(next_turn(play, fighters), SAEK, OBRYN, atk("hammer", "hammer") + dfn("dodge"))
    assert "AttackResolved" in types(ev)  # no re-roll step for Saek


def test_get_out_of_my_larder_a_brawler_makes_a_move_action():
    """46014: choose a friendly beast or brawler: it makes one Move action. The brawler trait is unknown in the
    data: none is offered until the referee gives a fighter the trait (SetTrait)."""
    s = power({TARGOR: "c3", OBRYN: "h9"}, ["46014"])
    assert not plays(s, P1, "46014")
    s, _ = act(s, P2, {"type": "SetTrait", "fighter": TARGOR, "trait": "Brawler", "reason": "its card"})
    assert plays(s, P1, "46014") == [{"type": "PlayPloy", "card": "46014", "fighter": TARGOR}]
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "46014", "fighter": TARGOR})
    assert top(s)["kind"] == "card_moves" and {"type": "Move", "fighter": TARGOR, "to": "c5"} in legal(s, P1)
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c5"})
    assert fighter(s, TARGOR)["hex"] == "c5" and fighter(s, TARGOR)["move"] == 1
    assert "46014" in s["players"][P1]["power_discard"] and top(s)["kind"] == "power"


def test_quick_bite_discard_haunch_counters_heal_2_with_three_or_more():
    """46017: discard one or more Haunch counters and choose a friendly fighter: Heal (2) if three or more were
    discarded, Heal (1) otherwise. Not playable without a Haunch counter."""
    s = power({TARGOR: "c3", SAEK: "e3"}, ["46017"], 3, wounds={SAEK: 2})
    assert {a["count"] for a in plays(s, P1, "46017")} == {1, 2, 3}
    done, _ = act(s, P1, {"type": "PlayPloy", "card": "46017", "fighter": SAEK, "count": 3})
    assert fighter(done, SAEK)["wounds"] == 0 and haunch(done) == 0
    done, _ = act(s, P1, {"type": "PlayPloy", "card": "46017", "fighter": SAEK, "count": 2})
    assert fighter(done, SAEK)["wounds"] == 1 and haunch(done) == 1
    assert not plays(power({TARGOR: "c3"}, ["46017"], 0), P1, "46017")


def test_taste_test_discard_a_haunch_counter_heal_or_guard():
    """46019: discard a Haunch counter, choose a friendly fighter, pick one: Heal (1) it or give it a Guard marker.
    Not playable without a Haunch counter."""
    s = power({TARGOR: "c3", SAEK: "e3"}, ["46019"], 1, wounds={SAEK: 2})
    assert len(plays(s, P1, "46019")) == 4
    done, _ = act(s, P1, {"type": "PlayPloy", "card": "46019", "fighter": TARGOR, "pick": "guard"})
    assert fighter(done, TARGOR)["guard"] == 1 and haunch(done) == 0
    done, _ = act(s, P1, {"type": "PlayPloy", "card": "46019", "fighter": SAEK, "pick": "heal"})
    assert fighter(done, SAEK)["wounds"] == 1 and haunch(done) == 0
    assert not plays(power({TARGOR: "c3"}, ["46019"], 0), P1, "46019")


def test_the_king_hungers_plus_2_dice_without_haunch_counters_plus_1_with_some():
    """46021: +1 Dice to the first Range 1 Attack action of a friendly fighter in the next activation, +2 with no
    Haunch counters. Without the card: Targor's 2 dice."""
    play = {"type": "PlayPloy", "card": "46021"}
    fighters = {TARGOR: "c3", OBRYN: "c4"}
    _, ev = attack(next_turn(play, fighters), TARGOR, OBRYN, atk("hammer", "hammer", "hammer", "hammer") + dfn("dodge"))
    assert len(rolled(ev)) == 4
    _, ev = attack(next_turn(play, fighters, n=2), TARGOR, OBRYN, atk("hammer", "hammer", "hammer") + dfn("dodge"))
    assert len(rolled(ev)) == 3
    _, ev = attack(scenario(fighters), TARGOR, OBRYN, atk("hammer", "hammer") + dfn("dodge"))
    assert len(rolled(ev)) == 2


def test_unfit_for_a_king_discard_four_for_two_spent_glory_or_two_for_one():
    """46022: pick one: discard four Haunch counters to gain two spent glory points, or two to gain one. An option
    needs the counters (you can only do what you can follow, digest §4)."""
    s = power({TARGOR: "c3"}, ["46022"], 4)
    assert [a["count"] for a in plays(s, P1, "46022")] == [4, 2]
    done, _ = act(s, P1, {"type": "PlayPloy", "card": "46022", "count": 4})
    assert (done["players"][P1]["glory_spent"], haunch(done)) == (2, 0)
    done, _ = act(power({TARGOR: "c3"}, ["46022"], 3), P1, {"type": "PlayPloy", "card": "46022", "count": 2})
    assert (done["players"][P1]["glory_spent"], haunch(done)) == (1, 1)
    assert not plays(power({TARGOR: "c3"}, ["46022"], 1), P1, "46022")


def test_practised_butcher_at_the_end_of_the_action_phase_damage_and_a_haunch_counter():
    """46032: Reaction at the end of the action phase, if this fighter is adjacent to enemy fighters: roll a magic
    dice; on channel or magic critical, 1 damage to one of them and you gain a Haunch counter. On focus nothing;
    not offered with no adjacent enemy."""
    def last_power_step(fighters):
        s = scenario(fighters, stage="power", active=P2, turns_taken=7, upgrades={TARGOR: ["46032"]})
        s, _ = act(s, P2, {"type": "Pass"})
        return act(s, P1, {"type": "Pass"})
    s, ev = last_power_step({TARGOR: "c3", OBRYN: "c4"})
    assert legal(s, P1) == [{"type": "PlayReaction", "card": "46032", "fighter": TARGOR, "target": OBRYN},
                            {"type": "Pass"}]
    hit, _ = act(s, P1, legal(s, P1)[0], FixedRng(mag("channel")))
    assert fighter(hit, OBRYN)["wounds"] == 1 and haunch(hit) == 1 and hit["phase"] == "end"
    miss, _ = act(s, P1, legal(s, P1)[0], FixedRng(mag("focus")))
    assert fighter(miss, OBRYN)["wounds"] == 0 and haunch(miss) == 0
    s, ev = last_power_step({TARGOR: "c3", OBRYN: "h9"})
    assert s["phase"] == "end" and not plays(s, P1, "46032")


def test_a_trait_comes_from_the_fighter_data_or_the_referee_never_guessed():
    """Digest §4 (a bold italic keyword is a descriptor): a trait the data gives counts (the 2024 Skinnerkin cards'
    runemarks); the Wintermaw data knows none (null), so no fighter has one until the referee gives it."""
    from engine.underworlds.traits import card_traits, has_trait
    gristla = "player1:gristla-tenderhooke"
    st = load(scenario({gristla: "c3"}, warbands=("the-skinnerkin-2024", "steelhearts-champions")))
    assert has_trait(st, st.fighter(gristla), "Chefs") and not has_trait(st, st.fighter(gristla), "brawler")
    st = load(scenario({gristla: "c3"}, warbands=("the-skinnerkin", "steelhearts-champions")))
    assert card_traits(st, st.fighter(gristla)) is None and not has_trait(st, st.fighter(gristla), "brawler")
    st.fighter(gristla).traits = ["brawler"]
    assert has_trait(st, st.fighter(gristla), "Brawlers")


def test_greedy_greddy_grievous_adds_to_grievous_from_another_rule():
    """46015 with a fighter whose Attack action already has Grievous 1 (Despairing Strength, 47024, on a Range 1
    attack). Seed 000 line 987: "Si una acción de Ataque tiene dos o más reglas que le confieran Doloroso, haz la suma
    de los números para obtener el total (p. ej., si dos reglas confieren Doloroso 1, tiene Doloroso 2)": a critical
    hit deals Damage 1 + Grievous 2, not + 1."""
    rolls = atk("critical", "swords") + dfn("dodge")
    s = next_activation("46015", {TARGOR: "c3", OBRYN: "c4"})
    s = load(s)
    next(f for f in s.fighters if f.id == TARGOR).upgrades.append("47024")
    s = dump(s)
    s, ev = attack(s, TARGOR, OBRYN, rolls)
    assert next(e for e in ev if e["type"] == "AttackResolved")["result"] == "critical_hit"
    assert fighter(s, OBRYN)["wounds"] == 3  # Damage 1 + Grievous 1 (Despairing Strength) + Grievous 1 (the card)
