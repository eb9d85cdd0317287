"""Every die rolls fair: a chi-square test over 60,000 seeded rolls per die (DESIGN.md, "Dice and fairness")."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core.dice import GAMES_WITH_DICE, MAX_DICE, load_dice, roll
from engine.core.rng import SeededRng

ROLLS = 60_000
SEED = b"dice-fairness-test-seed-00000001"

# Upper 0.1% points of the chi-square distribution by degrees of freedom (any statistics table).
CRITICAL_0_001 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458,
                  7: 24.322, 8: 26.124, 9: 27.877, 10: 29.588, 11: 31.264}

EVERY_DIE = [(game, name) for game in GAMES_WITH_DICE for name in sorted(load_dice(game))]


def chi_square(observed: Counter[str], expected: dict[str, float]) -> float:
    """Pearson's statistic."""
    return sum((observed[k] - e) ** 2 / e for k, e in expected.items())


@pytest.mark.parametrize(("game", "name"), EVERY_DIE, ids=[f"{g}-{n}" for g, n in EVERY_DIE])
def test_die_seeded_rolls_faces_uniform(game, name):
    """60,000 rolls with a fixed SeededRng: each face name appears in proportion to its physical faces."""
    die = load_dice(game)[name]
    rng = SeededRng(SEED + name.encode())
    counts: Counter[str] = Counter()
    for _ in range(ROLLS // MAX_DICE):
        counts.update(roll(rng, die, MAX_DICE))
    assert sum(counts.values()) == ROLLS
    assert set(counts) == set(die.face_names)
    multiplicity = Counter(die.face_names)
    expected = {face: ROLLS * k / die.sides for face, k in multiplicity.items()}
    assert chi_square(counts, expected) < CRITICAL_0_001[len(multiplicity) - 1]
