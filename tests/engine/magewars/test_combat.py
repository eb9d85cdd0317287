"""Mage Wars attack sequence (engine/magewars/combat.py): the rulebook's worked examples and one test per rule.

§ = shared/rules/magewars.md; "seed 001 l.N" = the Spanish rulebook text, line N. Card facts come from the
shared OCTGN card data, or from a card typed into the test when the rulebook example names a card the data lacks.
"""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.magewars import combat, conditions, stats
from tests.engine.magewars.test_combat_setup import Scripted, attached, creature_card, obj, state


def _types(events):
    return [e["type"] for e in events]


def _of(events, kind):
    return [e for e in events if e["type"] == kind]


def _brogan_vs_hydra():
    """Seed 001 l.875-915: Brogan with Bear Strength and Cobra Reflexes, Dazed, attacks the Hydra, which has a
    Lightning Ring (Circle of Lightning in the card data)."""
    return state(
        obj("brogan", "Brogan Bloodstone", conditions={"Daze": 1}),
        attached("bear", "Bear Strength", "brogan"),
        attached("cobra", "Cobra Reflexes", "brogan"),
        obj("hydra", "Darkfenne Hydra", owner=1),
        attached("ring", "Circle of Lightning", "hydra", owner=1),
    )


def test_brogan_against_the_hydra_worked_example():
    """Seed 001 l.875-915, §10.3: roll to miss 7 (proceeds); 6 dice (4 + Bear Strength 2): 3 critical and 2
    normal, Piercing +3 strips the armor: 5 damage. The Lightning Ring hits back with 4 dice (2 + Lightning +2):
    1 critical and 5 normal against armor 4: 2 damage; its effect die 1 + 2 = 3 does nothing. The Hydra
    counterstrikes; Cobra Reflexes rolls 10 − 2 (Daze) = 8 and avoids it, and is used for the round."""
    rng = Scripted(7, "critical_2", "critical_1", "normal_1", "normal_1", "blank", "blank",
                   "critical_1", "normal_2", "normal_2", "normal_1", 1,
                   10)
    after, events = combat.attack(_brogan_vs_hydra(), "brogan", 0, "hydra", rng)
    assert rng.done()
    miss = _of(events, "RollToMiss")[0]
    assert (miss["roll"], miss["missed"]) == (7, False)
    blade, barrier = _of(events, "AttackRolled")
    assert blade["dice"] == 6 and ["Melee", 2, 0] in blade["modifiers"]
    assert (blade["critical"], blade["normal"], blade["armor_applied"], blade["damage"]) == (3, 2, 0, 5)
    assert barrier["dice"] == 4 and barrier["effect_modifier"] == 2 and barrier["effect"] is None
    assert (barrier["critical"], barrier["normal"], barrier["damage"]) == (1, 1, 2)
    defense = _of(events, "DefenseRolled")[0]
    assert (defense["object"], defense["roll"], defense["modifier"], defense["avoided"]) == ("brogan", 10, -2, True)
    assert after["objects"]["hydra"]["damage"] == 5 and after["objects"]["brogan"]["damage"] == 2
    assert after["objects"]["brogan"]["defenses_used"] == [0]
    assert _types(events).index("DamageBarrierAttack") < _types(events).index("Counterstrike")


def test_critical_damage_ignores_armor_imp_example():
    """Seed 001 l.787-795, §10.3 step 6: 6 dice against an Imp with armor 2: critical 2 and normal 1 deal 2."""
    cards = {"Imp": creature_card("Imp", life=6, armor=2),
             "Beastmaster 6": creature_card("Beastmaster 6", life=36, dice=6)}
    s = state(obj("bm", "Beastmaster 6"), obj("imp", "Imp", owner=1), cards=cards)
    rng = Scripted("critical_2", "normal_1", "blank", "blank", "blank", "blank")
    after, events = combat.attack(s, "bm", 0, "imp", rng, declared={"counterstrike": False})
    assert _of(events, "AttackRolled")[0]["damage"] == 2 and after["objects"]["imp"]["damage"] == 2


def test_damage_type_weakness_adds_dice_and_effect_westlock_knight():
    """Seed 001 l.829-831, §10.10: Lightning Bolt against the Knight of Westlock (Lightning +2) rolls 2 more dice
    and adds 2 to the effect roll."""
    s = state(obj("wiz", "Wizard", kind="mage", zone="A1"), obj("knight", "Knight of Westlock", owner=1, zone="A2"))
    calc = combat.dice_for(s, "wiz", stats.spell_attack(s, "Lightning Bolt"), "knight")
    assert calc["dice"] == 5 + 2 and calc["effect_modifier"] == 2


def test_damage_type_modifiers_add_up_westlock_knight_with_lightning_minus_three():
    """Seed 001 l.831, §10.10: Lightning +2 and Lightning −3 make −1: one die fewer."""
    s = state(obj("wiz", "Wizard", kind="mage"), obj("knight", "Knight of Westlock", owner=1, traits=["Lightning -3"]))
    assert combat.dice_for(s, "wiz", stats.spell_attack(s, "Lightning Bolt"), "knight")["dice"] == 5 - 1


def test_immune_target_rolls_no_dice_and_no_effect_die():
    """Seed 001 l.831, §10.10: against Flame Immunity (the Fire Imp) no attack die and no effect die is rolled."""
    s = state(obj("imp1", "Firebrand Imp"), obj("imp2", "Firebrand Imp", owner=1))
    rng = Scripted()
    after, events = combat.attack(s, "imp1", 0, "imp2", rng, declared={"counterstrike": False})
    rolled = _of(events, "AttackRolled")[0]
    assert rolled["immune"] and rolled["dice"] == 0 and rolled["effect_die"] is None and rng.counter == 0
    assert after["objects"]["imp2"]["damage"] == 0


def test_incorporeal_takes_only_ones_from_non_ethereal_attacks_tornado_spirit():
    """Seed 001 l.555, §9.5: the Priestess melees a Tornado Spirit with 2 dice, rolls "1" and "2": 1 damage."""
    cards = {"Tornado Spirit": creature_card("Tornado Spirit", life=8, traits=("Incorporeal",)),
             "Priestess 2": creature_card("Priestess 2", life=32, dice=2)}
    s = state(obj("pr", "Priestess 2"), obj("ts", "Tornado Spirit", owner=1), cards=cards)
    after, events = combat.attack(s, "pr", 0, "ts", Scripted("normal_1", "critical_2"),
                                  declared={"counterstrike": False})
    assert _of(events, "AttackRolled")[0]["damage"] == 1


def test_ethereal_attack_counts_every_result_and_applies_effects_pillar_of_light():
    """Seed 001 l.555, §9.5: Pillar of Light is Ethereal: both dice count and it can daze the Tornado Spirit
    (+2 vs. Nonliving creatures: incorporeal objects are Nonliving)."""
    cards = {"Tornado Spirit": creature_card("Tornado Spirit", life=8, traits=("Incorporeal",))}
    s = state(obj("pr", "Priestess", kind="mage"), obj("ts", "Tornado Spirit", owner=1, zone="A2"), cards=cards)
    rng = Scripted("normal_1", "critical_2", "critical_2", "blank", 3)
    after, events = combat.attack(s, "pr", "Pillar of Light", "ts", rng)
    rolled = _of(events, "AttackRolled")[0]
    assert rolled["dice"] == 4 and rolled["damage"] == 5 and rolled["effect_modifier"] == 2
    assert after["objects"]["ts"]["conditions"] == {"Daze": 1}


def test_bonus_versus_nonliving_or_dark_adds_a_die_and_effect_samandriel():
    """Seed 001 l.779, §20.5: Samandriel's +1 vs. Nonliving or Dark creatures adds 1 die and 1 to the effect."""
    cards = {"Skeleton": creature_card("Skeleton", life=5, traits=("Nonliving",))}
    s = state(obj("sam", "Samandriel, Angel of Light"), obj("sk", "Skeleton", owner=1), cards=cards)
    calc = combat.dice_for(s, "sam", stats.attacks(s, "sam")[0], "sk")
    assert calc["dice"] == 6 and calc["effect_modifier"] == 1


def test_aegis_removes_dice_but_never_below_one():
    """§13 Aegis X, §10.3 step 5: attacks against Samandriel (Aegis 1) roll 1 die fewer, minimum 1."""
    cards = {"Rat": creature_card("Rat", life=2, dice=1), "Brute": creature_card("Brute", life=9, dice=5)}
    s = state(obj("rat", "Rat"), obj("brute", "Brute"), obj("sam", "Samandriel, Angel of Light", owner=1),
              cards=cards)
    calc = combat.dice_for(s, "brute", stats.attacks(s, "brute")[0], "sam")
    assert calc["dice"] == 4
    assert combat.dice_for(s, "rat", stats.attacks(s, "rat")[0], "sam")["dice"] == 1


def test_piercing_lowers_armor_never_below_zero():
    """§13 Piercing +X: Brogan's Piercing +3 against armor 1 leaves armor 0, not −2."""
    s = state(obj("brogan", "Brogan Bloodstone"), obj("hydra", "Darkfenne Hydra", owner=1))
    rng = Scripted("normal_2", "blank", "blank", "blank")
    _, events = combat.attack(s, "brogan", 0, "hydra", rng, declared={"counterstrike": False})
    rolled = _of(events, "AttackRolled")[0]
    assert rolled["armor_applied"] == 0 and rolled["damage"] == 2


def test_unavoidable_attack_allows_no_defense():
    """§10.4: no defense works against an Unavoidable attack (Brogan's Vorpal Blade against the Knight's 8+)."""
    s = state(obj("brogan", "Brogan Bloodstone"), obj("knight", "Knight of Westlock", owner=1))
    rng = Scripted("blank", "blank", "blank", "blank")
    _, events = combat.attack(s, "brogan", 0, "knight", rng, declared={"counterstrike": False})
    assert not _of(events, "DefenseRolled") and rng.done()


def test_defense_avoids_on_threshold_and_is_spent_for_the_round():
    """§10.4: the Knight of Westlock's 8+ 1x avoids on an 8 and can't be used again this round; the Reset step
    readies it."""
    s = state(obj("wolf", "Timber Wolf"), obj("knight", "Knight of Westlock", owner=1))
    after, events = combat.attack(s, "wolf", 0, "knight", Scripted(8), declared={"counterstrike": False})
    assert _of(events, "DefenseRolled")[0]["avoided"] and not _of(events, "AttackRolled")
    assert after["objects"]["knight"]["defenses_used"] == [0]
    assert combat.usable_defenses(after, "knight", stats.attacks(after, "wolf")[0]) == []
    combat.reset_round(after)
    assert len(combat.usable_defenses(after, "knight", stats.attacks(after, "wolf")[0])) == 1


def test_defense_below_threshold_fails():
    """§10.4: a d12 under the threshold does not avoid the attack."""
    s = state(obj("wolf", "Timber Wolf"), obj("knight", "Knight of Westlock", owner=1))
    n = stats.attacks(s, "wolf")[0]["dice"]
    _, events = combat.attack(s, "wolf", 0, "knight", Scripted(7, *["blank"] * n), declared={"counterstrike": False})
    assert not _of(events, "DefenseRolled")[0]["avoided"] and len(_of(events, "AttackRolled")) == 1


def test_defense_without_ranged_cannot_stop_a_ranged_attack():
    """§10.4: a crossed ranged icon (Deflection Bracers, "No Ranged") can't be used against ranged attacks."""
    s = state(obj("wiz", "Wizard", kind="mage"), obj("war", "Warlock", kind="mage", owner=1, zone="A2"),
              attached("bracers", "Deflection Bracers", "war", kind="equipment", owner=1))
    bolt = stats.spell_attack(s, "Lightning Bolt")
    assert combat.usable_defenses(s, "war", bolt) == []
    melee = stats.attacks(s, "wiz")[-1]
    assert [d["source"] for d in combat.usable_defenses(s, "war", melee)] == ["Deflection Bracers"]


def test_declining_a_defense():
    """§10.4: most defenses are optional; ``defense: None`` rolls none."""
    s = state(obj("wolf", "Timber Wolf"), obj("knight", "Knight of Westlock", owner=1))
    n = stats.attacks(s, "wolf")[0]["dice"]
    _, events = combat.attack(s, "wolf", 0, "knight", Scripted(*["blank"] * n),
                              declared={"defense": None, "counterstrike": False})
    assert not _of(events, "DefenseRolled")


def test_dazed_attacker_misses_on_six_or_less():
    """§12.1 Daze, §10.3 step 3: a Dazed attacker rolls the d12; 6 or less misses (no dice rolled)."""
    s = state(obj("wolf", "Timber Wolf", conditions={"Daze": 2}), obj("bear", "Steelclaw Grizzly", owner=1))
    rng = Scripted(6)
    after, events = combat.attack(s, "wolf", 0, "bear", rng, declared={"counterstrike": False})
    assert _of(events, "RollToMiss")[0]["missed"] and not _of(events, "AttackRolled") and rng.done()


def test_block_is_revealed_avoids_and_dissipates():
    """§9.7, §20.2: a hidden Block must be revealed in the Avoid step; paid (2 mana), it avoids the attack and
    is destroyed."""
    s = state(obj("wolf", "Timber Wolf"), obj("war", "Warlock", kind="mage", owner=1, mana=5),
              attached("block", "Block", "war", owner=1, face_down=True))
    after, events = combat.attack(s, "wolf", 0, "war", Scripted(), declared={"counterstrike": False})
    block = _of(events, "BlockRevealed")[0]
    assert block["avoided"] and block["paid"] == 2 and after["objects"]["war"]["mana"] == 3
    assert after["objects"]["block"]["destroyed"] and not _of(events, "AttackRolled")


def test_block_against_an_unavoidable_attack_is_destroyed_without_effect():
    """Block's text (card data), §10.4: against an Unavoidable attack it is revealed and destroyed, no effect."""
    s = state(obj("brogan", "Brogan Bloodstone"), obj("war", "Warlock", kind="mage", owner=1, mana=5),
              attached("block", "Block", "war", owner=1, face_down=True))
    after, events = combat.attack(s, "brogan", 0, "war", Scripted(*["blank"] * 4), declared={"counterstrike": False})
    assert not _of(events, "BlockRevealed")[0]["avoided"] and after["objects"]["block"]["destroyed"]
    assert after["objects"]["war"]["mana"] == 5 and len(_of(events, "AttackRolled")) == 1


def test_melee_attack_needs_the_target_in_the_same_zone():
    """§10.3 step 1: a melee target must be in the attacker's zone."""
    s = state(obj("wolf", "Timber Wolf"), obj("bear", "Steelclaw Grizzly", owner=1, zone="B1"))
    with pytest.raises(IllegalAction) as e:
        combat.attack(s, "wolf", 0, "bear", Scripted())
    assert e.value.code == "mw.combat.melee_other_zone"


def test_ranged_attack_range_minimum_and_maximum_royal_archer():
    """§2.2, seed 001 l.367: the Royal Archer's longbow, range 1-2, can't shoot its own zone or 3 zones away."""
    s = state(obj("archer", "Royal Archer"), obj("near", "Timber Wolf", owner=1, zone="A1"),
              obj("far", "Timber Wolf", owner=1, zone="D1"), obj("ok", "Timber Wolf", owner=1, zone="B2"))
    bow = next(b for b in stats.attacks(s, "archer") if b["range_type"] == "ranged")
    for target in ("near", "far"):
        with pytest.raises(IllegalAction) as e:
            combat.check_attack(s, "archer", bow, target)
        assert e.value.code == "mw.combat.out_of_range"
    combat.check_attack(s, "archer", bow, "ok")


def test_ranged_attack_may_target_a_flyer_in_its_own_zone():
    """§2.2 exception: a ranged attack may always target a flying creature in the attacker's zone."""
    s = state(obj("archer", "Royal Archer"), obj("sam", "Samandriel, Angel of Light", owner=1))
    bow = next(b for b in stats.attacks(s, "archer") if b["range_type"] == "ranged")
    combat.check_attack(s, "archer", bow, "sam")


def test_non_flyer_cannot_melee_a_flyer_without_reach():
    """§7.4, §13 Reach: a non-flying creature can't melee a flying one unless its attack has Reach."""
    s = state(obj("wolf", "Timber Wolf"), obj("sam", "Samandriel, Angel of Light", owner=1))
    with pytest.raises(IllegalAction) as e:
        combat.attack(s, "wolf", 0, "sam", Scripted())
    assert e.value.code == "mw.combat.needs_reach"


def _guarded():
    return state(obj("goran", "Goran, Werewolf Pet"), obj("bm", "Beastmaster", kind="mage", owner=1),
                 obj("bear", "Steelclaw Grizzly", owner=1, guard=True))


def test_enemy_guard_must_be_attacked_first_in_melee():
    """§11, seed 001 l.865: with the Grizzly guarding, Goran can't melee the Beastmaster."""
    with pytest.raises(IllegalAction) as e:
        combat.attack(_guarded(), "goran", 0, "bm", Scripted())
    assert e.value.code == "mw.combat.must_attack_guard" and e.value.params["guards"] == ["bear"]


def test_attacking_the_guard_removes_its_marker_so_the_next_attacker_reaches_the_mage():
    """Seed 001 l.865 (Goran and the Dark Assassin): whatever happens, the melee-attacked guard loses its
    marker after the counterstrike step; then the Beastmaster can be attacked."""
    s = _guarded()
    dice = stats.attacks(s, "goran")[0]["dice"]
    after, events = combat.attack(s, "goran", 0, "bear", Scripted(*["blank"] * dice),
                                  declared={"counterstrike": False})
    assert not after["objects"]["bear"]["guard"] and _of(events, "GuardRemoved")
    combat.check_attack(after, "goran", stats.attacks(after, "goran")[0], "bm")


def test_guard_gives_its_quick_melee_attacks_counterstrike():
    """§11 benefit 1, §10.8: a guarding creature counterstrikes a melee attacker, even after a miss."""
    s = _guarded()
    dice = stats.attacks(s, "goran")[0]["dice"]
    claws = stats.attacks(s, "bear")[0]
    assert claws["counterstrike"]
    rng = Scripted(*["blank"] * dice, *["blank"] * claws["dice"])
    _, events = combat.attack(s, "goran", 0, "bear", rng)
    assert _of(events, "Counterstrike")[0]["object"] == "bear" and rng.done()


def test_elusive_attacker_ignores_guards():
    """§7.5, §11: an Elusive creature need not attack enemy guards (Sosruko)."""
    s = _guarded()
    s["objects"]["sos"] = obj("sos", "Sosruko, Ferret Companion")
    combat.check_attack(s, "sos", stats.attacks(s, "sos")[0], "bm")


def test_restrained_guard_may_be_ignored():
    """§11, §12.2: a Restrained guard keeps Counterstrike but attackers may ignore it."""
    s = _guarded()
    s["objects"]["bear"]["conditions"] = {"Cripple": 1}
    combat.check_attack(s, "goran", stats.attacks(s, "goran")[0], "bm")


def test_ranged_attacks_ignore_guards_and_keep_their_markers():
    """§11, §9.3: ranged attacks and attack spells ignore guards and do not remove Guard markers."""
    s = _guarded()
    s["objects"]["goran"]["zone"] = "A2"
    s["objects"]["wiz"] = obj("wiz", "Wizard", kind="mage", zone="A2")
    after, events = combat.attack(s, "wiz", "Lightning Bolt", "bm", Scripted(*["blank"] * 5, 1))
    assert after["objects"]["bear"]["guard"] and not _of(events, "Counterstrike")


def test_counterstrike_only_once_whatever_its_sources_hydra_example():
    """Seed 001 l.849, §10.8: a Hydra with a Counterstrike attack, on guard, with Retaliate, strikes back once."""
    s = state(obj("goran", "Goran, Werewolf Pet"), obj("hydra", "Darkfenne Hydra", owner=1, guard=True),
              attached("ret", "Retaliate", "hydra", owner=1))
    feral = next(b for b in stats.attacks(s, "goran") if any(t["trait"] == "Doublestrike" for t in b["traits"]))
    bite = stats.attacks(s, "hydra")[0]["dice"]
    rng = Scripted(*["blank"] * feral["dice"] * 2, *["blank"] * bite)
    _, events = combat.attack(s, "goran", feral["index"], "hydra", rng)
    assert len(_of(events, "Counterstrike")) == 1 and len(_of(events, "AttackRolled")) == 3 and rng.done()


def test_counterstrike_is_optional():
    """§10.8: the defender may decline to counterstrike."""
    s = state(obj("goran", "Goran, Werewolf Pet"), obj("hydra", "Darkfenne Hydra", owner=1))
    _, events = combat.attack(s, "goran", 0, "hydra", Scripted(*["blank"] * 4), declared={"counterstrike": False})
    assert not _of(events, "Counterstrike")


def test_incapacitated_defender_cannot_counterstrike():
    """§12.2: an incapacitated creature can't counterstrike."""
    s = state(obj("goran", "Goran, Werewolf Pet"), obj("hydra", "Darkfenne Hydra", owner=1, conditions={"Stun": 1}))
    assert combat.counterstrikes(s, "hydra") == []


def test_triplestrike_makes_three_strikes_against_the_same_target():
    """§10.3 step 7, §13: Triplestrike adds two strikes; each is avoid, roll, damage."""
    s = state(obj("hydra", "Darkfenne Hydra"), obj("bear", "Steelclaw Grizzly", owner=1))
    triple = stats.attacks(s, "hydra")[1]
    rng = Scripted(*["normal_2"] * triple["dice"] * 3)
    after, events = combat.attack(s, "hydra", 1, "bear", rng, declared={"counterstrike": False})
    assert [e["strike"] for e in _of(events, "AttackRolled")] == [1, 2, 3]
    assert after["objects"]["bear"]["damage"] == 3 * (2 * triple["dice"] - 3)


def test_melee_bonus_applies_to_the_first_strike_only():
    """§13 "first attack only": Melee +X adds dice to the first strike of a Doublestrike, not the second."""
    s = state(obj("goran", "Goran, Werewolf Pet"), attached("bear", "Bear Strength", "goran"),
              obj("hydra", "Darkfenne Hydra", owner=1))
    feral = next(b for b in stats.attacks(s, "goran") if any(t["trait"] == "Doublestrike" for t in b["traits"]))
    n = feral["dice"]
    rng = Scripted(*["blank"] * (n + 2), *["blank"] * n)
    _, events = combat.attack(s, "goran", feral["index"], "hydra", rng, declared={"counterstrike": False})
    assert [e["dice"] for e in _of(events, "AttackRolled")] == [n + 2, n]


def test_damage_barrier_attacks_each_attacker_once_per_round():
    """§10.7, §22.8: the barrier hits a melee attacker that hit, once per attacker per round."""
    s = state(obj("wolf", "Timber Wolf"), obj("hydra", "Darkfenne Hydra", owner=1),
              attached("ring", "Circle of Lightning", "hydra", owner=1))
    n = stats.attacks(s, "wolf")[0]["dice"]
    rng = Scripted(*["blank"] * n, "blank", "blank", 1, *["blank"] * n)
    after, events = combat.attack(s, "wolf", 0, "hydra", rng, declared={"counterstrike": False})
    after, again = combat.attack(after, "wolf", 0, "hydra", rng, declared={"counterstrike": False})
    assert len(_of(events, "DamageBarrierAttack")) == 1 and not _of(again, "DamageBarrierAttack") and rng.done()


def test_damage_barrier_needs_a_hit():
    """§10.3 step 8: an avoided melee attack does not trigger the damage barrier."""
    s = state(obj("wolf", "Timber Wolf"), obj("knight", "Knight of Westlock", owner=1),
              attached("ring", "Circle of Lightning", "knight", owner=1))
    _, events = combat.attack(s, "wolf", 0, "knight", Scripted(12), declared={"counterstrike": False})
    assert not _of(events, "DamageBarrierAttack")


def test_condition_from_a_damage_barrier_stays_through_the_attackers_turn():
    """§5.3 step 4 exception, seed 001 l.333, l.857: a Stun from the barrier is not removed at the end of this
    turn; it is at the end of the next."""
    s = state(obj("wolf", "Timber Wolf"), obj("hydra", "Darkfenne Hydra", owner=1),
              attached("ring", "Circle of Lightning", "hydra", owner=1))
    n = stats.attacks(s, "wolf")[0]["dice"]
    after, _ = combat.attack(s, "wolf", 0, "hydra", Scripted(*["blank"] * n, "blank", "blank", 12),
                             declared={"counterstrike": False})
    assert after["objects"]["wolf"]["conditions"] == {"Stun": 1}
    conditions.end_of_turn(after, "wolf", Scripted())
    assert after["objects"]["wolf"]["conditions"] == {"Stun": 1}
    conditions.end_of_turn(after, "wolf", Scripted())
    assert after["objects"]["wolf"]["conditions"] == {}


def test_zone_attack_hits_every_creature_in_the_zone_friend_or_foe_unavoidably():
    """§10.6: Firestorm attacks each creature and conjuration in the zone, friend or foe, one at a time; no
    defense (the Knight's 8+ is not rolled)."""
    s = state(obj("war", "Warlock", kind="mage", zone="A1"), obj("imp", "Firebrand Imp", zone="A2"),
              obj("knight", "Knight of Westlock", owner=1, zone="A2"))
    rng = Scripted(*["normal_1"] * 5, 1)
    after, events = combat.attack(s, "war", "Firestorm", "A2", rng, declared={"zone_order": ["imp", "knight"]})
    rolled = _of(events, "AttackRolled")
    assert [e["defender"] for e in rolled] == ["imp", "knight"] and rolled[0]["immune"]
    assert not _of(events, "DefenseRolled") and after["objects"]["knight"]["damage"] == 5 - 3 and rng.done()


def test_zone_attack_needs_a_zone():
    """§10.6: a zone attack targets a zone, never an object."""
    s = state(obj("war", "Warlock", kind="mage"), obj("knight", "Knight of Westlock", owner=1, zone="A2"))
    with pytest.raises(IllegalAction) as e:
        combat.attack(s, "war", "Firestorm", "knight", Scripted())
    assert e.value.code == "mw.combat.zone_needed"


def test_weak_takes_a_die_per_marker_but_leaves_one():
    """§12.1 Weak: −1 die per marker on non-spell attacks, never below 1 die."""
    s = state(obj("wolf", "Timber Wolf", conditions={"Weak": 2}), obj("bear", "Steelclaw Grizzly", owner=1))
    bar = stats.attacks(s, "wolf")[0]
    assert combat.dice_for(s, "wolf", bar, "bear")["dice"] == max(1, bar["dice"] - 2)
    s["objects"]["wolf"]["conditions"]["Weak"] = 20
    assert combat.dice_for(s, "wolf", bar, "bear")["dice"] == 1


def test_agony_rolls_two_fewer_dice():
    """§20.2 Agony: the enchanted creature rolls 2 fewer attack dice."""
    s = state(obj("wolf", "Timber Wolf"), attached("agony", "Agony", "wolf", owner=1),
              obj("bear", "Steelclaw Grizzly", owner=1))
    bar = stats.attacks(s, "wolf")[0]
    assert combat.dice_for(s, "wolf", bar, "bear")["dice"] == bar["dice"] - 2


def test_object_is_destroyed_exactly_when_damage_reaches_life():
    """§9.5, §16: destroyed when damage ≥ life."""
    s = state(obj("bear", "Steelclaw Grizzly"), obj("imp", "Firebrand Imp", owner=1, damage=4))
    after, events = combat.attack(s, "bear", 0, "imp", Scripted("critical_1", *["blank"] * 4),
                                  declared={"counterstrike": False})
    assert not after["objects"]["imp"].get("destroyed") and after["objects"]["imp"]["damage"] == 5
    after, events = combat.attack(after, "bear", 0, "imp", Scripted("critical_1", *["blank"] * 4))
    assert after["objects"]["imp"]["destroyed"] and _of(events, "ObjectDestroyed")[0]["object"] == "imp"


def test_direct_damage_ignores_armor_but_not_immunity():
    """§10.9: direct damage ignores armor and every modifier, except immunity to its type."""
    s = state(obj("knight", "Knight of Westlock"), obj("imp", "Firebrand Imp"))
    after, _ = combat.direct_damage(s, "knight", 2)
    assert after["objects"]["knight"]["damage"] == 2
    after, events = combat.direct_damage(s, "imp", 2, damage_type="Flame")
    assert after["objects"]["imp"]["damage"] == 0 and events[0]["type"] == "DamageImmune"


def test_heal_removes_damage_up_to_what_there_is():
    """§10.11: healing can't remove more damage than the object has; the excess is lost."""
    s = state(obj("bear", "Steelclaw Grizzly", damage=2))
    after, events = combat.heal(s, "bear", 5)
    assert after["objects"]["bear"]["damage"] == 0 and events[0]["amount"] == 2


def test_heal_roll_counts_normal_and_critical_alike_cleric():
    """§10.11, seed 001 l.815-817: the Cleric heals with 1 die; critical and normal results are the same."""
    s = state(obj("bear", "Steelclaw Grizzly", damage=4))
    after, _ = combat.heal_roll(s, "bear", 1, Scripted("critical_2"))
    assert after["objects"]["bear"]["damage"] == 2


def test_nonliving_cannot_be_healed():
    """§10.11: only Living objects heal; Nonliving ones have Finite Life."""
    cards = {"Golem": creature_card("Golem", life=10, traits=("Nonliving",))}
    after, events = combat.heal(state(obj("g", "Golem", damage=3), cards=cards), "g", 2)
    assert after["objects"]["g"]["damage"] == 3 and events[0]["type"] == "HealPrevented"


def test_vampiric_heals_half_the_damage_rounded_up():
    """§13 Vampiric: the attacker heals half the damage it dealt to a living creature, rounded up."""
    cards = {"Bat": creature_card("Bat", life=8, dice=3, attack_traits=({"trait": "Vampiric"},))}
    s = state(obj("bat", "Bat", damage=4), obj("bear", "Steelclaw Grizzly", owner=1), cards=cards)
    after, _ = combat.attack(s, "bat", 0, "bear", Scripted("critical_2", "critical_1", "blank"),
                             declared={"counterstrike": False})
    assert after["objects"]["bear"]["damage"] == 3 and after["objects"]["bat"]["damage"] == 4 - 2


def test_sweeping_second_attack_needs_another_target():
    """§13 Sweeping: the second attack must target a different object in the zone."""
    cards = {"Sweeper": creature_card("Sweeper", life=8, dice=1, attack_traits=({"trait": "Sweeping"},))}
    s = state(obj("sw", "Sweeper"), obj("a", "Timber Wolf", owner=1), obj("b", "Timber Wolf", owner=1), cards=cards)
    with pytest.raises(IllegalAction):
        combat.attack(s, "sw", 0, "a", Scripted("blank"), declared={"second_target": "a", "counterstrike": False})
    _, events = combat.attack(s, "sw", 0, "a", Scripted("blank", "blank"),
                              declared={"second_target": "b", "counterstrike": False})
    assert [e["defender"] for e in _of(events, "AttackRolled")] == ["a", "b"]


def test_sleeping_creature_woken_by_damage_becomes_dazed():
    """§12.1 Sleep: any damage replaces Sleep with Daze."""
    s = state(obj("bear", "Steelclaw Grizzly"), obj("wolf", "Timber Wolf", owner=1, conditions={"Sleep": 1}))
    after, _ = combat.attack(s, "bear", 0, "wolf", Scripted("critical_1", *["blank"] * 4))
    assert after["objects"]["wolf"]["conditions"] == {"Daze": 1}


def test_attack_never_changes_the_given_state():
    """The engine is pure: ``attack`` returns a new state and leaves the one it was given untouched."""
    s = _brogan_vs_hydra()
    before = repr(s)
    combat.attack(s, "brogan", 0, "hydra", Scripted(7, *["blank"] * 6, *["blank"] * 4, 1, 10))
    assert repr(s) == before
