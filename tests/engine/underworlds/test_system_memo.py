"""The JSON API remembers the ``State`` and the views of each state dict: what it remembers must be what a fresh
load gives, and reading a remembered ``State`` (legal actions, views) must never change it."""
from __future__ import annotations

import copy
import random

from engine.core.rng import SeededRng
from engine.underworlds.flow import legal
from engine.underworlds.system import UnderworldsSystem, _view, dump, load, loaded

SEATS = ("player1", "player2")


def test_remembered_states_are_fresh_loads_and_reading_them_changes_nothing() -> None:
    system = UnderworldsSystem()
    rng = SeededRng((7).to_bytes(32, "big"))
    pick = random.Random(7)
    state = system.setup({}, SEATS, rng)
    for _ in range(120):
        st = loaded(state)
        assert st is loaded(state)  # validated once per dict
        assert st == load(state)  # apply's result is remembered as it is, not as a fresh load would be
        before = dump(st)
        choices = [(seat, a) for seat in SEATS for a in legal(st, seat)]
        views = {seat: _view(st, seat, dump(st)) for seat in (*SEATS, None)}
        assert dump(st) == before
        kept = copy.deepcopy(state)
        for seat, v in views.items():
            assert system.view(state, seat) == v
            assert system.view(state, seat) is system.view(state, seat)
            assert system.view(copy.deepcopy(state), seat) == v  # a dict not made here: views from its own dump
        assert state == kept  # views made from the state dict itself share it, never change it
        if system.outcome(state) is not None:
            break
        seat, action = pick.choice(choices)
        kept = copy.deepcopy(state)
        state_after, _ = system.apply(state, seat, action, rng)
        assert state == kept  # apply never changes its input
        state = state_after


def test_a_dict_equal_but_not_the_same_is_loaded_again() -> None:
    system = UnderworldsSystem()
    state = system.setup({}, SEATS, SeededRng(bytes(32)))
    twin = copy.deepcopy(state)
    assert loaded(twin) is not loaded(state)
    assert loaded(twin) == loaded(state)
