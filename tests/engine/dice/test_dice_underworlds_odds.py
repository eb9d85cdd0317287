"""Exact Underworlds odds (engine/underworlds/odds.py): hand-computed values, brute force, invariants, re-roll policy."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.dice import load_dice
from engine.core.errors import InvalidInput
from engine.underworlds.dice import Combat, Outcome, determine_successes, failed_dice
from engine.underworlds.odds import MAX_ODDS_DICE, Reroll, attack_odds, reroll_choice

DICE = load_dice("underworlds")


def brute_force(n: int, m: int, combat: Combat, reroll: Reroll) -> dict[Outcome, Fraction]:
    """Every face sequence, read by the rules module; the re-roll follows the same policy."""
    attack, defence = DICE[combat.attack_die], DICE["defence"]
    counts = dict.fromkeys(Outcome, 0)
    for a in itertools.product(attack.face_names, repeat=n):
        index = None
        if reroll is Reroll.FAILED_DIE and failed_dice(a, combat):
            index = failed_dice(a, combat)[0]
        elif reroll is Reroll.BEST:
            index = reroll_choice(a, m, combat, reroll)
        # Weights over sides**(n+1) sequences: a kept roll stands for all `sides` re-roll results.
        finals = [(a, attack.sides)] if index is None else [
            (a[:index] + (f,) + a[index + 1:], 1) for f in attack.face_names]
        for d in itertools.product(defence.face_names, repeat=m):
            for faces, w in finals:
                counts[determine_successes(faces, d, combat).outcome] += w
    total = attack.sides ** n * defence.sides ** m * attack.sides
    return {o: Fraction(k, total) for o, k in counts.items()}


def test_odds_one_hammer_against_one_block_exact():
    """By hand: crit 1/6, hammer 2/6 against crit 1/6, block 2/6 (digest §10, §19.2)."""
    odds = attack_odds(1, 1)
    assert odds.outcomes == {
        Outcome.CRITICAL_HIT: Fraction(5, 36),     # crit against no crit
        Outcome.HIT: Fraction(6, 36),              # hammer against a fail
        Outcome.DRAW: Fraction(5, 36),             # hammer-block, crit-crit
        Outcome.MISS: Fraction(15, 36),
        Outcome.CRITICAL_DEFENCE: Fraction(5, 36),  # crit against no crit
    }
    assert odds.success == Fraction(11, 36)


@pytest.mark.parametrize(("n", "m", "combat", "reroll"), [
    (2, 2, Combat(), Reroll.NONE),
    (2, 1, Combat(dice_symbol="swords", attack_supports=1, trapped=True), Reroll.NONE),
    (1, 3, Combat(on_guard=True, cleave=True, defence_supports=2), Reroll.NONE),
    (2, 2, Combat(in_cover=True, ensnare=True, defence_symbol="dodge", attack_innate="critical"), Reroll.NONE),
    (3, 1, Combat(dice_symbol="focus", attack_supports=2, defence_supports=1), Reroll.NONE),
    (2, 2, Combat(attack_supports=1), Reroll.FAILED_DIE),
    (2, 2, Combat(dice_symbol="swords", trapped=True), Reroll.BEST),
    (1, 3, Combat(dice_symbol="swords"), Reroll.BEST),
], ids=lambda v: str(v) if not isinstance(v, Combat) else "")
def test_odds_agree_with_every_face_sequence(n, m, combat, reroll):
    """The multinomial over face classes equals enumerating all 6**(n+m) sequences with the rules module."""
    assert dict(attack_odds(n, m, combat, reroll).outcomes) == brute_force(n, m, combat, reroll)


def test_odds_take_out_grievous_needs_critical_hit():
    """§18.4, §20: Damage 2 cannot take out 3 wounds; with Grievous 1 only a critical hit does."""
    odds = attack_odds(3, 2, Combat())
    assert odds.take_out(3, 2) == 0
    assert odds.take_out(3, 2, grievous=1) == odds.outcomes[Outcome.CRITICAL_HIT]
    assert odds.take_out(2, 2) == odds.success
    assert odds.damage(2, grievous=1) == {0: 1 - odds.success, 2: odds.outcomes[Outcome.HIT],
                                          3: odds.outcomes[Outcome.CRITICAL_HIT]}
    assert odds.expected_damage(2) == 2 * odds.success


def test_odds_spell_attack_two_magic_dice_backlash_one_in_36():
    """§19.7: backlash on 2+ crits; two magic dice both crit 1/36."""
    assert attack_odds(2, 1, Combat(dice_symbol="channel")).backlash == Fraction(1, 36)
    assert attack_odds(2, 1, Combat()).backlash == 0


def test_odds_cached_per_configuration():
    assert attack_odds(5, 4, Combat(), Reroll.BEST) is attack_odds(5, 4, Combat(), Reroll.BEST)


def test_odds_too_many_dice_invalid():
    with pytest.raises(InvalidInput) as e:
        attack_odds(MAX_ODDS_DICE + 1, 1)
    assert e.value.code == "odds.bad_dice"


def test_reroll_failed_die_chosen_first():
    """Digest §16.2: re-roll one die; a failed die is the natural pick."""
    assert reroll_choice(["hammer", "swords", "critical"], 2, Combat()) == 1
    assert reroll_choice(["hammer", "critical"], 2, Combat(), Reroll.FAILED_DIE) is None


def test_reroll_best_lone_success_against_big_defence_fishes_for_crit():
    """One swords against 4 defence dice: re-rolling the success for a crit (1/6) beats keeping it (module docstring)."""
    combat = Combat(dice_symbol="swords")
    assert reroll_choice(["swords"], 4, combat, Reroll.BEST) == 0
    assert reroll_choice(["swords"], 4, combat, Reroll.FAILED_DIE) is None
    assert attack_odds(1, 4, combat, Reroll.BEST).success > attack_odds(1, 4, combat, Reroll.FAILED_DIE).success


combats = st.builds(
    Combat,
    dice_symbol=st.sampled_from(["hammer", "swords", "channel", "focus"]),
    attack_supports=st.integers(0, 3), defence_supports=st.integers(0, 3),
    defence_symbol=st.sampled_from(["block", "dodge"]),
    cleave=st.booleans(), ensnare=st.booleans(), on_guard=st.booleans(), in_cover=st.booleans(),
    trapped=st.booleans(), knockback=st.booleans(),
    attack_innate=st.sampled_from([None, "critical", "hammer", "swords"]),
)


@settings(max_examples=80, deadline=None)
@given(n=st.integers(0, 6), m=st.integers(0, 6), combat=combats)
def test_odds_any_configuration_sums_to_one_and_rerolls_never_hurt(n, m, combat):
    none, failed, best = (attack_odds(n, m, combat, r) for r in Reroll)
    for odds in (none, failed, best):
        assert sum(odds.outcomes.values()) == 1
        assert all(0 <= p <= 1 for p in odds.outcomes.values())
    assert none.success <= failed.success <= best.success


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 5), m=st.integers(0, 5), supports=st.integers(0, 2))
def test_odds_more_attack_supports_never_lower_success(n, m, supports):
    assert attack_odds(n, m, Combat(attack_supports=supports)).success <= \
        attack_odds(n, m, Combat(attack_supports=supports + 1)).success
    assert attack_odds(n, m, Combat(defence_supports=supports)).success >= \
        attack_odds(n, m, Combat(defence_supports=supports + 1)).success
