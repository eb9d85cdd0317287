"""Property test: what ``legal_actions`` offers is exactly what ``apply`` accepts. Every turn action offered at
crowded random positions on a busy table (a deep river, a shallow river, a lava pool, dark pieces) applies without
a refusal, also when the geometry caches were cleared in between (the table's path graph kept, as it is across a
battle), and so does every action offered along a random battle."""
from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.dragonbond import board, geometry
from tests.engine.dragonbond.play import SYSTEM, play
from tests.engine.dragonbond.positions import busy_field, random_position
from tests.engine.dragonbond.support import battle


def applies_all(state: dict, seat: str, *, clear: bool) -> int:
    offered = SYSTEM.legal_actions(state, seat)
    for action in offered:
        if clear:
            geometry.clear_caches()
        try:
            SYSTEM.apply(state, seat, action, SeededRng(bytes(32)))
        except IllegalAction as exc:    # pragma: no cover - the failure message names the action
            pytest.fail(f"offered but refused: {action} ({exc})")
    return len(offered)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_offered_action_applies_at_crowded_positions(seed):
    """Digest §7 (the turn's actions), §8 (moves: through friends, never through enemies, end 1" from enemies),
    §7.5 (charge targets within Speed + 6"), §24.2 (impassable, slowing and dark terrain): every March, Shoot,
    Charge, Attack and power offered at random positions is accepted by ``apply``."""
    pick = random.Random(seed)
    st = battle(seed)
    st["field"] = board.field_to_json(busy_field())
    offered = 0
    for _ in range(3):
        pos = random_position(st, pick)
        offered += applies_all(pos, pos["active"], clear=pick.random() < 0.5)
    assert offered > 20


def test_every_offered_action_applies_along_a_random_battle():
    """Digest §6-§11: at every step of a random battle (turns and decisions), each action offered applies."""
    seen = []

    def step(state, seat, action, new, events):
        if new["phase"] == "battle" and len(seen) < 12:
            awaiting = SYSTEM.view(new, None)["awaiting"]
            if awaiting:
                seen.append(applies_all(new, awaiting[0], clear=False))

    play(4, on_step=step)
    assert len(seen) == 12 and sum(seen) > 24
