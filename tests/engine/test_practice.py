"""The practice opponent's search (``engine/core/practice.py``, issue 35), for every game."""
from __future__ import annotations

import random

import pytest

from engine.core import practice
from engine.core.practice import Budget, decide
from engine.core.rng import SeededRng
from engine.core.system import Secrets, find_system

GAMES = ("underworlds", "magewars", "dragonbond", "tambores")
FIXED = Budget(iterations=24, seconds=1e9, depth=3)
"""An iteration budget, so a decision depends on its seed only, never on the machine's speed."""
HARD = Budget(iterations=12, seconds=1e9, depth=0, reach=2, widest=8, replies=True)
"""Hard's way (its own follow-ups and a rival's replies looked through), on a small budget."""


def positions(game: str, count: int = 6, steps: int = 90):
    """Positions of a seeded random match, where the seat awaited has more than one choice."""
    system = find_system(game)
    seats = system.info.seats_for(2)
    rng, pick = SeededRng(b"\7" * 32), random.Random(7)
    state = system.setup({}, seats, rng)
    found = []
    for n in range(steps):
        if system.outcome(state) is not None:
            break
        acting = practice.awaited(system, state, seats)
        if n % 7 == 3:
            found += [(state, s) for s, legal in acting if len(legal) > 1][:1]
        who, legal = pick.choice(acting)
        state, _ = system.apply(state, who, pick.choice(legal), rng)
    return system, seats, found[:count]


@pytest.mark.parametrize("game", GAMES)
def test_the_practice_opponent_decides_from_its_own_view_only(game):
    """Issue 35: with the same seed, the decision is identical for two states that differ only in the other
    seats' hidden information (the other seat's secrets drawn again with ``redeal``)."""
    system, seats, found = positions(game)
    assert found, f"{game}: no position with a choice"
    assert isinstance(system, Secrets)
    redealt = 0
    for n, (state, seat) in enumerate(found):
        other = next(s for s in seats if s != seat)
        changed = system.redeal(state, other, SeededRng(bytes([n + 1]) * 32))
        redealt += changed != state
        for level in ("easy", "normal"):
            budget = FIXED if level == "normal" else Budget(1, 1e9, 0, noise=0.15)
            a = decide(system, state, seat, seats, level, seed=n, budget=budget)
            b = decide(system, changed, seat, seats, level, seed=n, budget=budget)
            assert (a.index, a.value) == (b.index, b.value), f"{game} position {n}, {level}"
    assert redealt, f"{game}: no position had a secret to draw again: the test checked nothing"


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_is_a_legal_action(game):
    """Issue 35: whatever the level, the opponent answers with one of the actions ``legal_actions`` offers it."""
    system, seats, found = positions(game, count=3)
    for n, (state, seat) in enumerate(found):
        for level, budget in (("easy", None), ("normal", FIXED), ("hard", HARD)):
            decision = decide(system, state, seat, seats, level, seed=n, budget=budget)
            assert decision.action == system.legal_actions(state, seat)[decision.index]
            assert -1.0 <= decision.value <= 1.0


def test_a_game_may_set_its_own_budgets():
    """Issue 35: Tambores' declarations show their worth once both sides declared (rulebook §11.3), so its normal
    level plays on randomly past the combat; Underworlds takes the common budgets."""
    assert practice.budget_for(find_system("tambores"), "normal").depth > 0
    assert practice.budget_for(find_system("underworlds"), "normal") == practice.BUDGETS["normal"]
