"""Issue 32, "Done when": a property test over 200 or more seeded random battles of every set-up (normal, La
Búsqueda, in-game set-up, reserves, mounted heroes, Monsters: ``SYSTEM.samples``) finds no exception, no state where
the awaited player has nothing legal, no offered action that ``apply`` refuses, and no non-offered action (sampled
from the other actions of the same types, and garbage) that ``apply`` accepts; another seat's secrets change no view
(``contract.py`` checks each of these; every step's chosen action, and a full check every ``EVERY`` steps)."""
from __future__ import annotations

import pytest

from tests.engine.dragonbond.contract import SYSTEM, play

BATTLES = 23
"""Seeded battles per set-up: 23 x 9 set-ups = 207 battles."""
EVERY = 25
"""Steps between full checks (offered actions tried on copies, perturbed and garbage actions, redeals)."""


@pytest.mark.parametrize("sample", SYSTEM.samples, ids=[s.name for s in SYSTEM.samples])
def test_many_seeded_random_battles_of_every_set_up_keep_the_contract(sample):
    """Issue 32: 23 battles of each set-up (seeds 100-122), each to its end, no defect."""
    bad = []
    for seed in range(100, 100 + BATTLES):
        rep = play(sample, seed, every=EVERY)
        if rep.defects or not rep.over:
            bad.append((seed, rep.steps, rep.defects[:2]))
    assert not bad, bad
    assert len(SYSTEM.samples) * BATTLES >= 200
