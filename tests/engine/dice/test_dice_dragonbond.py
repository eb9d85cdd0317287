"""Dragonbond dice rules and exact odds (engine/dragonbond/dice.py, odds.py).

§ = shared/rules/dragonbond.md; "seed 003 l.N" = the Spanish rulebook text, line N.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from engine.core.errors import InvalidInput
from engine.dragonbond.dice import (
    Colour, Kind, Shift, ShiftReroll, die, is_success, opposed_roll, roll, shift, wounds,
)
from engine.dragonbond.odds import die_outcomes, morale_pass_chance, wound_odds


class FixedRng:
    """Returns the given draws in order."""

    def __init__(self, *draws: int) -> None:
        self.draws = list(draws)

    def randbelow(self, n: int) -> int:
        return self.draws.pop(0)


PLAIN_D10 = {str(k): k - 1 for k in range(1, 10)} | {"0": 9}  # plain result -> face index


def test_shift_upgrade_moves_one_colour_up():
    """§3.4, seed 003 l.299-302: white -> gray -> black."""
    assert shift("white", upgrades=1) == Shift(Colour.GRAY, ShiftReroll.NONE)
    assert shift("gray", upgrades=2) == Shift(Colour.BLACK, ShiftReroll.NONE)


def test_shift_upgrade_black_rerolls_failures():
    """Seed 003 l.293: black dice upgraded re-roll all misses (fails)."""
    assert shift("black", upgrades=1) == Shift(Colour.BLACK, ShiftReroll.FAILURES)


def test_shift_downgrade_moves_one_colour_down():
    assert shift("black", downgrades=1) == Shift(Colour.GRAY, ShiftReroll.NONE)
    assert shift("gray", downgrades=3) == Shift(Colour.WHITE, ShiftReroll.NONE)


def test_shift_downgrade_white_rerolls_successes():
    """Seed 003 l.297: white dice downgraded re-roll all hits or blocks."""
    assert shift("white", downgrades=1) == Shift(Colour.WHITE, ShiftReroll.SUCCESSES)


def test_shift_equal_upgrades_and_downgrades_cancel():
    """Seed 003 l.310."""
    assert shift("gray", upgrades=2, downgrades=2) == Shift(Colour.GRAY, ShiftReroll.NONE)


def test_shift_three_upgrades_one_downgrade_white_is_gray_not_black():
    """Seed 003 l.312, the rulebook's example: never more than one step."""
    assert shift("white", upgrades=3, downgrades=1).colour is Colour.GRAY


def test_shift_bad_colour_invalid():
    with pytest.raises(InvalidInput) as e:
        shift("red")
    assert e.value.code == "db.dice.bad_colour"
    with pytest.raises(InvalidInput) as e:
        shift("black", upgrades=-1)
    assert e.value.code == "db.dice.bad_modifier"


@pytest.mark.parametrize(("colour", "normal", "critical", "miss"), [
    ("black", Fraction(6, 10), Fraction(2, 10), Fraction(4, 10)),
    ("gray", Fraction(5, 10), Fraction(1, 10), Fraction(5, 10)),
    ("white", Fraction(5, 10), Fraction(0), Fraction(6, 10)),
])
def test_attack_die_expected_hits_per_colour(colour, normal, critical, miss):
    """§3.2: expected per die (doubles count 2): black 0.6 + 0.2 crit, gray 0.5 + 0.1, white 0.5."""
    d = die("attack", colour)
    assert Fraction(sum(f.normal for f in d.faces), 10) == normal
    assert Fraction(sum(f.critical for f in d.faces), 10) == critical
    assert Fraction(sum(1 for f in d.faces if not is_success(f)), 10) == miss


def test_defence_die_block_chance_per_colour():
    """§3.2: P(block) black 4/6, gray 3/6, white 2/6."""
    assert [Fraction(sum(is_success(f) for f in die("defence", c).faces), 6) for c in Colour] == \
        [Fraction(4, 6), Fraction(3, 6), Fraction(2, 6)]


def test_roll_black_zero_reports_reconstructed_face():
    """§3.2, ambiguity A1: the black "0" is a reconstructed double critical; the roll says so."""
    result = roll(FixedRng(PLAIN_D10["0"], PLAIN_D10["7"]), "attack", "black", 2)
    assert (result.hits, result.crits) == (1, 2)
    assert len(result.uncertain) == 1 and result.uncertain[0].startswith("attack_black 0:")


def test_roll_white_attack_never_uncertain():
    result = roll(FixedRng(9, 8, 0), "attack", "white", 3)
    assert (result.hits, result.crits, result.uncertain) == (3, 0, ())


def test_roll_double_hit_counts_two():
    """§3.2: a double hit counts as 2 standard hits everywhere."""
    assert roll(FixedRng(PLAIN_D10["8"]), "attack", "black", 1).hits == 2


def test_roll_black_upgraded_rerolls_each_miss_once():
    """§3.3-3.4: every miss re-rolled once; the new result stands even if it is a miss again."""
    result = roll(FixedRng(0, 6, 1, 2, 3), "attack", "black", 3, upgrades=1)
    # first roll: miss, hit, miss -> re-roll dice 0 and 2: plain 3 (miss), plain 4 (miss)
    assert result.rerolled == (0, 2) and result.hits == 1


def test_roll_white_downgraded_rerolls_each_hit_once():
    result = roll(FixedRng(6, 0, 9, 1, 6), "attack", "white", 3, downgrades=1)
    # first: hit, miss, double hit -> re-roll dice 0 and 2: miss, hit
    assert result.rerolled == (0, 2) and result.hits == 1


def test_roll_defence_gray_blocks():
    assert roll(FixedRng(3, 2, 5), "defence", "gray", 3).blocks == 2


def test_wounds_critical_hits_cannot_be_blocked():
    """§10.2 step 4-5: one defence die per standard hit; crits get none."""
    assert wounds(hits=2, crits=1, blocks=5) == 1
    assert wounds(hits=3, crits=0, blocks=1) == 2


def test_opposed_roll_most_hits_then_crits():
    """§3.5, seed 003 l.318-320, ambiguity A2: hits include crits; ties go to crits, then roll again."""
    a = roll(FixedRng(4, 4, 9), "attack", "black", 3)   # hit, hit, double critical: 4 hits, 2 crits
    b = roll(FixedRng(7, 7, 4), "attack", "black", 3)   # 2 + 2 + 1 = 5 hits
    assert opposed_roll(a, b) == 1
    c = roll(FixedRng(7, 4, 4), "attack", "black", 3)   # 4 hits, no crit
    assert opposed_roll(a, c) == 0
    assert opposed_roll(a, roll(FixedRng(4, 4, 9), "attack", "black", 3)) is None


# --- Exact odds ---------------------------------------------------------------------------


def test_wound_odds_one_white_die_against_black_exact():
    """6/10 miss; 3/10 hit blocked 4/6; 1/10 double hit blocked twice (4/6)²."""
    odds = wound_odds("white", 1, "black")
    assert odds.wounds == {0: Fraction(38, 45), 1: Fraction(13, 90), 2: Fraction(1, 90)}
    assert odds.uncertain == Fraction(3, 10) * Fraction(1, 6) + Fraction(1, 10) * (1 - Fraction(5, 6) ** 2)


def brute_force(colour: str, n: int, defence: str, *, up: int = 0, down: int = 0) -> dict[int, Fraction]:
    """Every first roll and every re-roll of the attack, then every defence sequence."""
    s = shift(colour, upgrades=up, downgrades=down)
    per_die = die_outcomes(Kind.ATTACK, s)
    block = sum(p for (b, _, _), p in die_outcomes(Kind.DEFENCE, shift(defence)).items() if b)
    out: dict[int, Fraction] = {}
    for combo in itertools.product(per_die.items(), repeat=n):
        hits = sum(k[0] for k, _ in combo)
        crits = sum(k[1] for k, _ in combo)
        p = Fraction(1)
        for _, q in combo:
            p *= q
        for blocks in itertools.product([True, False], repeat=hits):
            q = p
            for b in blocks:
                q *= block if b else 1 - block
            w = wounds(hits, crits, sum(blocks))
            out[w] = out.get(w, Fraction(0)) + q
    return dict(sorted(out.items()))


def test_die_outcomes_black_upgraded_by_hand():
    """Black upgraded: a miss (4/10) is re-rolled once: P(miss) = (4/10)²."""
    outcomes = die_outcomes(Kind.ATTACK, shift("black", upgrades=1))
    assert sum(p for (h, c, _), p in outcomes.items() if h == c == 0) == Fraction(16, 100)
    assert sum(outcomes.values()) == 1


@pytest.mark.parametrize(("colour", "n", "defence", "up", "down"), [
    ("black", 2, "gray", 0, 0), ("gray", 3, "white", 1, 0), ("black", 2, "black", 1, 0), ("white", 2, "gray", 0, 1),
])
def test_wound_odds_agree_with_every_outcome(colour, n, defence, up, down):
    assert wound_odds(colour, n, defence, attack_upgrades=up, attack_downgrades=down).wounds == \
        brute_force(colour, n, defence, up=up, down=down)


def test_wound_odds_models_removed_health_five_example():
    """§10.2 step 5 example: Health 5, 2 wounds on the unit, 4 more -> one model removed."""
    odds = wound_odds("white", 1, "white")
    removed = odds.models_removed(5, 3, wounds_on_unit=4)
    assert removed == {0: odds.wounds[0], 1: 1 - odds.wounds[0]}


def test_morale_gray_die_with_general_reroll():
    """§13: one gray defence die, block = pass; the General's aura re-rolls failed dice once."""
    assert morale_pass_chance() == Fraction(1, 2)
    assert morale_pass_chance(reroll_failed=True) == Fraction(3, 4)
    assert morale_pass_chance("black", upgrades=1, reroll_failed=True) == Fraction(2, 3) + Fraction(1, 3) * Fraction(2, 3)
    # White downgraded: blocks are re-rolled; only dice that failed the first time take the aura's re-roll.
    assert morale_pass_chance("white", downgrades=1, reroll_failed=True) == Fraction(1, 9) + Fraction(2, 3) * Fraction(1, 3)
