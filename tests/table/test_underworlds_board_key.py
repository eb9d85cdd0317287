"""The Underworlds board's key says exactly what is drawn: equal keys, equal images; a state that changes nothing
drawn (a pass, a card discarded or played from hand) keeps the key, so the table reuses the last image instead
of drawing (issue #20, throughput)."""
from __future__ import annotations

import random

from engine.core.rng import SeededRng
from engine.underworlds.system import UnderworldsSystem
from table.presenter import NO_BOARD
from table.underworlds.board import board_key, render_view

SEATS = ("player1", "player2")
NAMES = {"player1": "Ann", "player2": "Bob"}


def _boards(seed: int, steps: int = 120):
    """(action type, key, PNG) after each action of a seeded random match."""
    system = UnderworldsSystem()
    rng, pick = SeededRng(seed.to_bytes(32, "big")), random.Random(seed)
    state = system.setup({}, SEATS, rng)
    for _ in range(steps):
        if system.outcome(state) is not None:
            return
        seat, action = pick.choice([(s, a) for s in SEATS for a in system.legal_actions(state, s)])
        state, events = system.apply(state, seat, action, rng)
        view = system.view(state, None)
        yield action["type"], board_key(view, events=events, names=NAMES), render_view(view, events=events,
                                                                                        names=NAMES)


def test_equal_keys_draw_equal_images_and_unchanged_boards_keep_their_key():
    by_key: dict[str, bytes] = {}
    kept = 0
    for seed in range(3):
        previous = None
        for _kind, key, png in _boards(seed):
            if key == NO_BOARD:
                assert png is None, "no board only before the boards are placed"
                continue
            assert png is not None, "a key for every board drawn"
            assert by_key.setdefault(key, png) == png, "one key, one image"
            if previous is not None and png == previous[1]:
                kept += previous[0] == key
            previous = (key, png)
    assert kept > 20, "actions that change nothing drawn keep the key"


def test_the_key_depends_on_the_names_and_the_language():
    _, key, _ = next((k, key, png) for k, key, png in _boards(1) if key != NO_BOARD)
    system = UnderworldsSystem()
    assert key != NO_BOARD
    rng = SeededRng((1).to_bytes(32, "big"))
    state = system.setup({}, SEATS, rng)
    pick = random.Random(1)
    while board_key(system.view(state, None)) == NO_BOARD:
        seat, action = pick.choice([(s, a) for s in SEATS for a in system.legal_actions(state, s)])
        state, _ = system.apply(state, seat, action, rng)
    view = system.view(state, None)
    keys = {board_key(view, names=NAMES), board_key(view, names={"player1": "Cy", "player2": "Bob"}),
            board_key(view, names=NAMES, lang="es")}
    assert len(keys) == 3
