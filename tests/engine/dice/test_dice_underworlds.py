"""Underworlds dice rules (engine/underworlds/dice.py), one test per rule.

§ = shared/rules/underworlds.md (the digest); "seed 000 l.N" = the Spanish rulebook text, line N.
"""
from __future__ import annotations

import pytest

from engine.core.dice import load_dice
from engine.core.errors import IllegalAction, InvalidInput
from engine.core.rng import SeededRng
from engine.underworlds.dice import (
    Combat, Outcome, Symbol, attack_success_symbols, backlash, casting_roll, count_attack, count_defence,
    damage_inflicted, defence_success_symbols, determine_successes, failed_dice, matches_difficulty,
    outcome_of, reroll_one, roll_off,
)

H, S, C = "hammer", "swords", "critical"
B, D = "block", "dodge"
S1, S2 = "single_support", "double_support"


class FixedRng:
    """Returns the given draws in order."""

    def __init__(self, *draws: int) -> None:
        self.draws = list(draws)

    def randbelow(self, n: int) -> int:
        return self.draws.pop(0)


def outcome(attack, defence, **combat) -> Outcome:
    return determine_successes(attack, defence, Combat(**combat)).outcome


# --- Step 4: count crits, then successes (§19.2, seed 000 l.827-840) ------------------------


def test_crits_attacker_more_is_critical_hit_whatever_successes():
    """§19.2 4b, seed 000 l.831 and seed 004: more crits wins however many successes the defender has."""
    assert outcome([C], [B, B, B, B]) is Outcome.CRITICAL_HIT


def test_crits_defender_more_is_critical_defence():
    """§19.2 4b, seed 000 l.832: the defender's extra crit makes the attack fail outright."""
    assert outcome([H, H, H], [C]) is Outcome.CRITICAL_DEFENCE


def test_crits_equal_more_successes_with_crit_is_critical_hit():
    """§19.2 4c, seed 000 l.837: equal crits, more successes and at least one crit."""
    assert outcome([C, H], [C]) is Outcome.CRITICAL_HIT


def test_crits_none_more_successes_is_hit():
    """§19.2 4c, seed 000 l.838."""
    assert outcome([H, H], [B]) is Outcome.HIT


def test_successes_equal_and_at_least_one_is_draw():
    """§19.2 4c, seed 000 l.839: a draw fails, but the target may be driven back."""
    assert outcome([H], [B]) is Outcome.DRAW
    assert outcome([C, H], [C, B]) is Outcome.DRAW


def test_successes_none_either_side_is_miss():
    """§19.2 4c, seed 000 l.840: 0 = 0 is a miss, not a draw."""
    assert outcome([S, S1], [D, S2]) is Outcome.MISS


def test_successes_fewer_is_miss():
    assert outcome([H], [B, B]) is Outcome.MISS


def test_outcome_succeeded_only_hit_and_critical_hit():
    assert {o for o in Outcome if o.succeeded} == {Outcome.HIT, Outcome.CRITICAL_HIT}


def test_critical_always_success_on_any_die():
    """§10: a critical success is always a success, whatever the symbol or keyword."""
    assert count_attack([C], Combat(dice_symbol="swords")).successes == 1
    assert count_defence([C], Combat(cleave=True, ensnare=True)).successes == 1
    assert count_attack([C], Combat(dice_symbol="focus")).successes == 1


# --- Trapped (§19.2 4a, §19.4, seed 000 l.827, l.860) -------------------------------------


def test_trapped_target_attacker_with_success_adds_one():
    """§19.4: the +1 success goes to the attacker; a draw becomes a hit."""
    result = determine_successes([H], [B], Combat(trapped=True))
    assert result.outcome is Outcome.HIT and result.trapped_bonus and result.attack.successes == 2


def test_trapped_target_attacker_without_success_adds_nothing():
    assert outcome([S1, S], [D], trapped=True) is Outcome.MISS


def test_trapped_target_crit_counts_as_the_needed_success():
    """Seed 000 l.827: "uno o más éxitos (incluidos los símbolos crítico)"; the bonus is a success, not a crit."""
    result = determine_successes([C], [C, B], Combat(trapped=True))
    assert result.outcome is Outcome.DRAW and result.attack.crits == 1
    assert outcome([C], [C, B]) is Outcome.MISS


def test_trapped_target_on_guard_is_not_trapped():
    """§16.1, §19.4, seed 000 l.860: a fighter that cannot be driven back cannot be trapped."""
    assert outcome([H], [B], trapped=True, on_guard=True) is Outcome.DRAW


def test_trapped_target_on_guard_attack_with_knockback_is_trapped():
    """§35.6 default: Knockback lets a guarded target be driven back, so it can be trapped."""
    assert outcome([H], [B], trapped=True, on_guard=True, knockback=True) is Outcome.HIT


# --- Supports (§19.5, seed 000 l.874-891) -------------------------------------------------


def test_supports_none_support_faces_fail():
    assert count_attack([S1, S2], Combat()).successes == 0


def test_supports_one_single_support_counts():
    """Seed 000 l.881: with one support, single-support results are successes."""
    assert count_attack([S1, S2], Combat(attack_supports=1)).successes == 1


def test_supports_two_single_and_double_count():
    """Seed 000 l.881 and the worked example l.889: fighter E with two supports counts both."""
    assert count_attack([S1, S2], Combat(attack_supports=2)).successes == 2
    assert count_defence([S1, S2], Combat(defence_supports=2)).successes == 2
    assert count_attack([S1, S2], Combat(attack_supports=5)).successes == 2


def test_supports_target_counts_its_own():
    """Seed 000 l.879, l.888: each side can be supported at the same time."""
    assert outcome([H, S1], [B, S1], attack_supports=1, defence_supports=1) is Outcome.DRAW


def test_supports_spell_attack_attacker_never_supported():
    """§19.5, seed 000 l.883: an attacker making a spell attack action cannot be supported."""
    assert attack_success_symbols(Combat(dice_symbol="channel", attack_supports=2)) == {Symbol.CHANNEL}


def test_supports_spell_attack_target_still_supported():
    """§19.5 [inferred], §35.17: only the attacker is barred."""
    assert Symbol.SINGLE_SUPPORT in defence_success_symbols(Combat(dice_symbol="channel", defence_supports=1))


# --- Cleave, Ensnare, Guard, cover (§20, §16.1, §8.2, §35.1) ------------------------------


def test_cleave_block_never_success():
    """§20 Romper, seed 000 l.965-967 (glyph lost; block per §35.1)."""
    assert count_defence([B, B], Combat(cleave=True)).successes == 0


def test_cleave_dodge_fighter_unaffected():
    assert count_defence([D], Combat(cleave=True, defence_symbol="dodge")).successes == 1


def test_ensnare_dodge_never_success():
    """§20 Apresar, seed 000 l.969-971 (glyph lost; dodge per §35.1)."""
    assert count_defence([D], Combat(ensnare=True, defence_symbol="dodge")).successes == 0
    assert count_defence([B], Combat(ensnare=True)).successes == 1


def test_guard_block_and_dodge_both_success():
    """§16.1, seed 000 l.1077: on Guard both defence symbols count."""
    assert count_defence([B, D], Combat(on_guard=True)).successes == 2
    assert count_defence([B, D], Combat(on_guard=True, defence_symbol="dodge")).successes == 2


def test_guard_against_cleave_block_still_fails():
    """§20 overrides §16.1: Cleave says block results cannot be successes."""
    assert count_defence([B, D, C], Combat(on_guard=True, cleave=True)).successes == 2


def test_guard_with_supports_counts_both():
    """Guard adds symbols, supports add support faces: they add up (ruling in docs/rulings/underworlds.md)."""
    assert count_defence([B, D, S1, S2], Combat(on_guard=True, defence_supports=1)).successes == 3


def test_cover_single_support_counts_in_defence():
    """§8.2, seed 000 l.390: a fighter in cover counts one more symbol; default single support (§35.1)."""
    assert count_defence([S1], Combat(in_cover=True)).successes == 1
    assert count_attack([S1], Combat(in_cover=True)).successes == 0


def test_cover_with_one_support_double_support_still_fails():
    """Cover adds a symbol, not a support: with one support it adds nothing more."""
    assert count_defence([S1, S2], Combat(in_cover=True, defence_supports=1)).successes == 1


def test_cover_symbol_configurable():
    assert count_defence([S2], Combat(in_cover=True, cover_symbol="double_support")).successes == 1


# --- Innate symbols (§10.3) ---------------------------------------------------------------


def test_innate_success_symbol_adds_one_success():
    assert count_attack([S], Combat(attack_innate="hammer")).successes == 1


def test_innate_crit_counts_as_crit():
    """§19.7: an innate crit counts in the crit comparison [inferred]."""
    assert outcome([H], [B, B], attack_innate="critical") is Outcome.CRITICAL_HIT


def test_innate_non_success_symbol_adds_nothing():
    """§10.3 [inferred]: an added symbol counts only if it would be a success for the roll."""
    assert count_defence([B], Combat(defence_innate="dodge")).successes == 1


def test_combat_bad_symbols_invalid_input():
    with pytest.raises(InvalidInput) as e:
        Combat(dice_symbol="block")
    assert e.value.code == "uw.dice.bad_attack_symbol"
    with pytest.raises(InvalidInput) as e:
        Combat(defence_symbol="hammer")
    assert e.value.code == "uw.dice.bad_defence_symbol"
    with pytest.raises(InvalidInput) as e:
        Combat(attack_supports=-1)
    assert e.value.code == "uw.dice.bad_supports"


def test_unknown_face_invalid_input():
    with pytest.raises(InvalidInput) as e:
        determine_successes(["skull"], [], Combat())
    assert e.value.code == "uw.dice.unknown_face"


# --- Damage (§19.2 step 5, §20 Grievous) --------------------------------------------------


def test_grievous_critical_hit_adds_damage():
    """§20 Doloroso X: +X Damage on a critical hit only; sources add up."""
    assert damage_inflicted(Outcome.CRITICAL_HIT, 2, grievous=2) == 4
    assert damage_inflicted(Outcome.HIT, 2, grievous=2) == 2


def test_damage_failed_attack_inflicts_nothing():
    for o in (Outcome.DRAW, Outcome.MISS, Outcome.CRITICAL_DEFENCE):
        assert damage_inflicted(o, 3, grievous=1) == 0


# --- Re-rolls (§10.2, §16.2) --------------------------------------------------------------


def test_reroll_new_face_stands_even_if_worse():
    """§10.2: the new result replaces the old, even if worse."""
    die = load_dice("underworlds")["attack"]
    faces, rerolled = reroll_one(FixedRng(4), die, [C, H], 0)
    assert faces == (S1, H) and rerolled == {0}


def test_reroll_same_die_twice_illegal():
    """§10.2: a die that has been re-rolled cannot be re-rolled again."""
    die = load_dice("underworlds")["attack"]
    faces, rerolled = reroll_one(FixedRng(1), die, [S1, S1], 0)
    faces, rerolled = reroll_one(FixedRng(1), die, faces, 1, rerolled=rerolled)
    assert rerolled == {0, 1}
    with pytest.raises(IllegalAction) as e:
        reroll_one(FixedRng(1), die, faces, 0, rerolled=rerolled)
    assert e.value.code == "uw.reroll.already_rerolled"


def test_reroll_no_such_die_invalid():
    with pytest.raises(InvalidInput) as e:
        reroll_one(FixedRng(0), load_dice("underworlds")["attack"], [H], 3)
    assert e.value.code == "uw.reroll.no_such_die"


def test_reroll_same_seed_same_face():
    die = load_dice("underworlds")["attack"]
    a = reroll_one(SeededRng(bytes(32), 7), die, [S1, H], 0)
    assert a == reroll_one(SeededRng(bytes(32), 7), die, [S1, H], 0)


def test_failed_dice_staggered_target_lists_non_successes():
    """§16.2: the attacker may re-roll one die; these are the ones worth re-rolling."""
    assert failed_dice([C, H, S, S1], Combat()) == (2, 3)
    assert failed_dice([C, H, S, S1], Combat(dice_symbol="swords", attack_supports=1)) == (1,)


# --- Magic (§22, §19.7, seed 000 l.1105-1129) ---------------------------------------------


@pytest.mark.parametrize("symbol", ["channel", "focus"])
def test_casting_level_two_double_symbol_worked_example(symbol):
    """§22.2 example, seed 000 l.1117: (X X) is cast with XX, X+crit or crit+crit, nothing else."""
    other = "focus" if symbol == "channel" else "channel"
    cast = {(symbol, symbol), (symbol, C), (C, symbol), (C, C)}
    for a in ("critical", "channel", "focus"):
        for b in ("critical", "channel", "focus"):
            assert matches_difficulty([a, b], [symbol, symbol]) == ((a, b) in cast), (a, b)
    assert not matches_difficulty([symbol, other], [symbol, symbol])


def test_casting_two_crits_backlash_cast_only_if_wizard_survives():
    """§22.2 step 2, seed 000 l.1110, l.1117: crit+crit casts only if the wizard survives the backlash."""
    reading = casting_roll([C, C], ["channel", "channel"])
    assert reading.matched and reading.backlash
    assert reading.cast(wizard_survives=True) and not reading.cast(wizard_survives=False)


def test_casting_one_crit_no_backlash():
    reading = casting_roll([C, "focus"], ["channel", "focus"])
    assert reading.matched and not reading.backlash and reading.cast(wizard_survives=False)


def test_casting_crit_stands_in_for_any_symbol():
    """§10, §22.3: each crit can stand in for any symbol of the difficulty."""
    assert matches_difficulty([C, "focus", "focus"], ["channel", "focus", "focus"])
    assert not matches_difficulty([C, "focus", "focus"], ["channel", "channel", "focus"])


def test_casting_difficulty_symbol_not_magic_invalid():
    with pytest.raises(InvalidInput) as e:
        matches_difficulty([C], ["hammer"])
    assert e.value.code == "uw.casting.bad_symbol"


def test_spell_attack_two_crits_backlash():
    """§19.7, seed 000 l.1129: 2+ crits in a spell attack roll make the wizard suffer backlash."""
    assert backlash([C, C, "channel"]) and not backlash([C, "channel"])


def test_spell_attack_reads_magic_symbol():
    """§19.7: spell attack successes are crits plus faces matching the Dice symbol."""
    result = determine_successes(["channel", "focus", C], [B], Combat(dice_symbol="channel"))
    assert result.attack == type(result.attack)(1, 2) and result.outcome is Outcome.CRITICAL_HIT


# --- Roll-offs (§10.1) --------------------------------------------------------------------


def test_roll_off_most_crits_wins():
    assert roll_off([[C, S1, S1, S1], [S2, S2, S2, S2]]) == 0


def test_roll_off_crits_tied_double_support_decides():
    """§10.1 order crit > double support > single support (§35.1 default)."""
    assert roll_off([[C, S1, S1, H], [C, S2, B, B]]) == 1


def test_roll_off_all_tied_roll_again():
    assert roll_off([[C, S2, S1, H], [C, S2, S1, B]]) is None


def test_roll_off_deployment_bonus_crit_counts():
    """§10.1: in round 1 the first to finish deploying adds one crit to their roll."""
    assert roll_off([[S2, H, H, H], [C, S2, B, B]]) == 1
    assert roll_off([[S2, H, H, H, C], [C, S2, B, B]]) is None
    assert roll_off([[S2, H, H, H, C], [C, B, B, B]]) == 0


def test_outcome_of_matches_step_four_table():
    """The comparison alone, with the trapped success already added (§19.2)."""
    assert outcome_of(0, 0, 0, 0) is Outcome.MISS
    assert outcome_of(2, 2, 1, 5) is Outcome.CRITICAL_HIT
    assert outcome_of(1, 3, 1, 3) is Outcome.DRAW
