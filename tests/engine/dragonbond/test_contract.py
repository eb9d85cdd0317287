"""The engine contract (engine/core/system.py) over one seeded random battle of every Dragonbond sample: no crash,
no dead end, every offered action applies, non-offered ones are refused, nothing changes its input, another seat's
secrets change nothing seen, JSON throughout (``contract.py``; ``python -m tests.engine.dragonbond.contract N``
plays N battles of each for a report)."""
from __future__ import annotations

import pytest

from tests.engine.dragonbond.contract import SYSTEM, play


@pytest.mark.parametrize("sample", SYSTEM.samples, ids=[s.name for s in SYSTEM.samples])
def test_a_random_battle_keeps_the_engine_contract(sample):
    """Issue 32 / engine contract: a battle of each set-up (normal, Quest, in-game set-up, Monster, auction, mounted
    Riders, reserves) ends within the sample's bound and breaks no property of the contract."""
    rep = play(sample, 7, every=6)
    assert rep.defects == [] and rep.over, (rep.steps, rep.defects[:3])
