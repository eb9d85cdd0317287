"""Scatter (§9.2): the player orders the dice one at a time, choosing among the directions still to place."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.underworlds import scatter
from engine.underworlds.actions import ScatterDie


def test_a_die_showing_the_same_direction_as_an_offered_one_is_not_a_choice_of_its_own():
    """§9.2 (digest: "Scatter roll"): one die per direction is offered, the lowest-numbered; its twin (die 1, the
    same direction as die 0) is refused as not offered, as the conformance suite's deep run found it accepted."""
    frame = {"dice": [3, 3, 5], "order": [], "seat": "player1"}
    assert scatter._legal(None, frame, "player1") == [{"type": "ScatterDie", "die": 0}, {"type": "ScatterDie", "die": 2}]
    with pytest.raises(IllegalAction) as refused:
        scatter._act(None, frame, "player1", ScatterDie(die=1))
    assert refused.value.code == "uw.scatter.no_such_die" and frame["order"] == []
