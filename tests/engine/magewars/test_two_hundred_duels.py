"""Issue 38, "Done when": a property test over 200 seeded random duels through the engine contract only, every
sample of the conformance suite in turn (apprentice and full games, windows on and off, every mage on each side, a
built book with a pack's card, mode, mages, books and the Wizard's school chosen at the table): no exception, no
awaited seat without an action (no wedged question), no offered action refused, no perturbed one accepted, and
redealing one seat's secrets changes nothing another seat or a spectator observes (random_duels.py).

Cheap per-duel step caps keep it to ~35 s of one core: most duels stop after 30 actions (set-up, the first
rounds' planning, upkeep, deployment, quickcast windows, action turns and the questions inside them); every tenth
goes on to 150 actions."""
from __future__ import annotations

import pytest

from engine.magewars.system import SAMPLES
from tests.engine.magewars.random_duels import play

DUELS = 200
BATCH = 20


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, DUELS, BATCH))
def test_two_hundred_seeded_random_duels_find_no_defect(first):
    found = {}
    for seed in range(first, first + BATCH):
        sample = SAMPLES[seed % len(SAMPLES)]
        defects, _, _ = play(sample, 1000 + seed, every=10, check_all=2, cap=150 if seed % 10 == 0 else 30)
        if defects:
            found[f"{seed} {sample.name}"] = defects[:3]
    assert not found, found
