"""Mage Wars dice rules and exact odds (engine/magewars/dice.py, odds.py).

§ = shared/rules/magewars.md; "seed 001 l.N" = the Spanish rulebook text, line N.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from engine.core.dice import load_dice
from engine.core.errors import InvalidInput
from engine.magewars.dice import (
    EffectRow, attack_dice, daze_attack_proceeds, defense_avoids, effect_for, effect_table_from_card,
    parse_effect_table, read_attack_roll,
)
from engine.magewars.odds import (
    NO_EFFECT, attack_odds, damage_distribution, daze_proceed_chance, defense_chance, effect_chances,
)

STUN_TABLE = parse_effect_table("7-10 = Daze; 11+ = Stun")


def test_critical_damage_ignores_armor_imp_example():
    """§10.3 step 6, seed 001 l.787-795: 6 dice against an Imp (armor 2): critical 2, normal 1 -> 2 damage."""
    roll = read_attack_roll(["critical_2", "normal_1", "blank", "blank", "blank", "blank"], armor=2)
    assert (roll.normal, roll.critical, roll.total) == (0, 2, 2)


def test_piercing_lowers_armor_brogan_example():
    """Seed 001 l.895-899: Vorpal Sword, Piercing +3: 3 critical + 2 normal against the Hydra -> 5 damage."""
    roll = read_attack_roll(["critical_2", "critical_1", "normal_2", "blank", "blank", "blank"], armor=3, piercing=3)
    assert roll.total == 5 and roll.armor == 0


def test_armor_reduces_normal_only_lightning_ring_example():
    """Seed 001 l.905: 1 critical and 5 normal against Brogan's armor (4, digest §20.2) -> 2 damage."""
    roll = read_attack_roll(["critical_1", "normal_2", "normal_2", "normal_1"], armor=4)
    assert (roll.normal, roll.critical) == (1, 1)


def test_normal_damage_below_armor_floor_zero():
    """§10.3 step 6: a negative normal total is 0, never negative."""
    assert read_attack_roll(["normal_1"], armor=5).total == 0


def test_piercing_more_than_armor_floor_zero():
    """§13 Piercing +X: armor reduced by X, not below 0."""
    assert read_attack_roll(["normal_2"], armor=1, piercing=4).armor == 0


def test_incorporeal_twos_count_zero_tornado_spirit_example():
    """§9.5, seed 001 l.555: a normal attack rolling "1" and "2" on a Tornado Spirit deals 1; Ethereal deals 3."""
    assert read_attack_roll(["normal_1", "normal_2"], incorporeal=True).total == 1
    assert read_attack_roll(["normal_1", "critical_2"], incorporeal=True).total == 1
    assert read_attack_roll(["normal_1", "normal_2"], incorporeal=True, ethereal=True).total == 3


def test_incorporeal_no_armor():
    """§9.5: incorporeal objects never have armor."""
    assert read_attack_roll(["normal_2"], armor=3, incorporeal=True, ethereal=True).total == 2


def test_unknown_face_invalid():
    with pytest.raises(InvalidInput) as e:
        read_attack_roll(["3"])
    assert e.value.code == "mw.dice.unknown_face"


def test_attack_dice_modifiers_minimum_one():
    """§10.3 step 5: at least 1 die whatever the modifiers; Aegis subtracts."""
    assert attack_dice(3, modifier=-5) == 1
    assert attack_dice(5, aegis=1) == 4


def test_attack_dice_lightning_plus_two_lightning_ring_example():
    """Seed 001 l.913: the Lightning Ring's 2 dice +2 for Brogan's Lightning +2 -> 4 dice."""
    assert attack_dice(2, modifier=2) == 4


def test_attack_dice_immune_target_none():
    """§10.10, seed 001 l.831: no dice are rolled against an immune target."""
    assert attack_dice(4, modifier=2, immune=True) == 0


def test_effect_table_reading_rulebook_example():
    """Seed 001 l.801: a "6" dazes, a "9" stuns, a "4" does nothing (printed ranges lost; a table that fits)."""
    table = parse_effect_table("5-8 = Daze; 9+ = Stun")
    assert effect_for(6, table).effects == "Daze"
    assert effect_for(9, table).effects == "Stun"
    assert effect_for(4, table) is None


def test_effect_modifier_changes_row():
    """§10.3 step 5: damage type +X (Lightning +2, seed 001 l.831) and Tough −X change the effect roll."""
    assert effect_for(9, STUN_TABLE, modifier=2).effects == "Stun"
    assert effect_for(11, STUN_TABLE, modifier=-1).effects == "Daze"
    assert effect_for(1, STUN_TABLE, modifier=2) is None  # the Hydra's 1 +2 (seed 001 l.905)


def test_effect_table_malformed_invalid():
    for text in ("", "Daze", "7-5 = Daze", "7-10 Daze"):
        with pytest.raises(InvalidInput) as e:
            parse_effect_table(text)
        assert e.value.code == "mw.effect_table.bad"
    with pytest.raises(InvalidInput) as e:
        parse_effect_table("6-10 = Daze; 9+ = Stun")
    assert e.value.code == "mw.effect_table.overlap"


def test_effect_table_card_data_format():
    """data-sources magewars/cards.json: effect_table rows with min, max (null = and up), effects."""
    rows = effect_table_from_card([{"min": 6, "max": 10, "effects": [{"condition": "Daze", "count": 1}]},
                                   {"min": 11, "max": None, "effects": [{"condition": "Burn", "count": 2}]}])
    assert rows == (EffectRow(6, 10, "Daze"), EffectRow(11, None, "2 Burn"))
    assert [r.notation() for r in rows] == ["6-10 = Daze", "11+ = 2 Burn"]


def test_defense_dazed_cobra_reflexes_example():
    """§10.4, seed 001 l.915: Brogan rolls 10, −2 for Daze = 8, and the defense succeeds."""
    assert defense_avoids(10, 8, modifier=-2)
    assert not defense_avoids(9, 8, modifier=-2)


def test_daze_roll_seven_attack_proceeds():
    """§12.1 Daze, seed 001 l.885: Brogan rolls a 7 and attacks normally; 6 or less misses."""
    assert daze_attack_proceeds(7) and not daze_attack_proceeds(6)


# --- Exact odds ---------------------------------------------------------------------------


def brute_force(dice: int, **target) -> dict[int, Fraction]:
    faces = load_dice("magewars")["attack"].face_names
    counts: dict[int, int] = {}
    for roll in itertools.product(faces, repeat=dice):
        total = read_attack_roll(roll, **target).total
        counts[total] = counts.get(total, 0) + 1
    return {k: Fraction(v, 6 ** dice) for k, v in sorted(counts.items())}


@pytest.mark.parametrize(("dice", "target"), [
    (1, {}), (3, {"armor": 2}), (4, {"armor": 3, "piercing": 1}), (3, {"incorporeal": True}),
    (2, {"incorporeal": True, "ethereal": True, "armor": 2}),
])
def test_damage_distribution_agrees_with_every_face_sequence(dice, target):
    assert damage_distribution(dice, **target) == brute_force(dice, **target)


def test_damage_distribution_one_die_exact():
    """One die: 0 on 2 blanks (1/3); 1 on normal 1 or critical 1; 2 on normal 2 or critical 2."""
    assert damage_distribution(1) == {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}


def test_effect_chances_d12_rows():
    """"7-10 = Daze; 11+ = Stun": 4/12 Daze, 2/12 Stun; +2 on the roll makes it 4/12 and 4/12."""
    assert effect_chances(STUN_TABLE) == {"7-10 = Daze": Fraction(1, 3), "11+ = Stun": Fraction(1, 6),
                                          NO_EFFECT: Fraction(1, 2)}
    plus_two = effect_chances(STUN_TABLE, modifier=2)
    assert plus_two["7-10 = Daze"] == plus_two["11+ = Stun"] == Fraction(1, 3)


def test_defense_chance_threshold():
    """§10.4: d12 + modifier ≥ threshold; Daze −2 per marker."""
    assert defense_chance(8) == Fraction(5, 12)
    assert defense_chance(8, modifier=-2) == Fraction(3, 12)
    assert daze_proceed_chance() == Fraction(1, 2)


def test_attack_odds_defense_and_daze_scale_hits():
    odds = attack_odds(3, armor=1, effects=STUN_TABLE, defense=7, dazed=True)
    assert odds.hits == Fraction(1, 2) * (1 - defense_chance(7))
    assert sum(odds.damage.values()) == 1 and sum(odds.effects.values()) == 1
    assert odds.effects["11+ = Stun"] == odds.hits * Fraction(1, 6)
    assert odds.expected_damage == odds.hits * sum(k * p for k, p in damage_distribution(3, armor=1).items())


def test_attack_odds_unavoidable_ignores_defense():
    """§10.4: no defense works against an Unavoidable attack."""
    assert attack_odds(2, defense=2, unavoidable=True).hits == 1


def test_attack_odds_incorporeal_non_ethereal_no_effects():
    """§9.5: effects of non-Ethereal attacks never affect incorporeal objects."""
    assert attack_odds(2, incorporeal=True, effects=STUN_TABLE).effects == {NO_EFFECT: 1}
    assert attack_odds(2, incorporeal=True, ethereal=True, effects=STUN_TABLE).effects[NO_EFFECT] == Fraction(1, 2)


def test_attack_odds_destroy_life_left():
    odds = attack_odds(2)
    assert odds.destroy(4) == Fraction(1, 9)   # both dice show a 2
    assert odds.destroy(0) == odds.at_least(1)


def test_damage_distribution_dice_out_of_range_invalid():
    with pytest.raises(InvalidInput) as e:
        damage_distribution(0)
    assert e.value.code == "odds.bad_dice"
