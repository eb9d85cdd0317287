"""Contract 4 can fail: a game with secrets draws something new when ``redeal`` is asked (tests/conformance)."""
from __future__ import annotations

import random

import pytest

from engine.core.rng import SeededRng
from engine.core.system import Secrets, find_system
from tests.conformance.harness import CASES, canon, samples_of


@pytest.mark.parametrize("game", sorted({g for g, _ in CASES if isinstance(find_system(g), Secrets)}))
def test_redeal_draws_something_new(game):
    """Contract 4 can fail: a game's ``redeal`` changes some state (in some set-up, early in a random match), else
    non-interference would be checked against the same secrets (a set-up may have nothing to draw again: one card,
    no deck)."""
    system = find_system(game)
    for sample in samples_of(system):
        seats = system.info.seats_for(sample.players)
        rng, pick = SeededRng(bytes(32)), random.Random(sample.name)
        state = system.setup(sample.options, seats, rng)
        for _ in range(200):
            if any(canon(system.redeal(state, s, SeededRng(b"r" * 32))) != canon(state) for s in seats):
                return
            acting = [(s, a) for s in seats for a in system.legal_actions(state, s)]
            if not acting or system.outcome(state) is not None:
                break
            state, _ = system.apply(state, *pick.choice(acting), rng)
    raise AssertionError(f"{game}: redeal never changed a state")
