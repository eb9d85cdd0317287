"""The JSON API remembers the ``State`` and the views of each state dict: what it remembers must be what a fresh
load gives, and reading a remembered ``State`` (legal actions, views) must never change it."""
from __future__ import annotations

import copy
import random

from engine.core.rng import SeededRng
from engine.underworlds import rules
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


def test_characteristics_remembered_across_states_are_a_fresh_reckoning() -> None:
    """Views take each fighter's characteristics from ``rules.characteristics``, remembered across positions on
    what they read: over whole matches of two and three players, each is what it would be reckoned afresh."""
    system = UnderworldsSystem()
    for seed, seats in ((11, SEATS), (12, (*SEATS, "player3"))):
        rng = SeededRng(seed.to_bytes(32, "big"))
        pick = random.Random(seed)
        state = system.setup({}, seats, rng)
        while system.outcome(state) is None:
            st = loaded(state)
            chosen = [f for f in st.fighters if st.players[f.seat].warband is not None]
            assert rules.characteristics(st, chosen) == [rules._characteristics(st, f) for f in chosen]
            seat, action = pick.choice([(s, a) for s in seats for a in system.legal_actions(state, s)])
            state, _ = system.apply(state, seat, action, rng)
