"""The Underworlds board's key says exactly what is drawn: equal keys, equal images; a state that changes nothing
drawn (a pass, a card discarded or played from hand) keeps the key, so the table reuses the last image instead
of drawing (issue #20, throughput)."""
from __future__ import annotations

import hashlib
import random

from engine.core.rng import SeededRng
from engine.underworlds.system import UnderworldsSystem
from table.presenter import NO_BOARD
from table.underworlds import board
from table.underworlds.board import board_key, render_view

SEATS = ("player1", "player2")
NAMES = {"player1": "Ann", "player2": "Bob"}


def _played(seed: int, seats: tuple[str, ...] = SEATS, steps: int = 120):
    """(action, public view, events) after each action of a seeded random match."""
    system = UnderworldsSystem()
    rng, pick = SeededRng(seed.to_bytes(32, "big")), random.Random(seed)
    state = system.setup({}, seats, rng)
    for _ in range(steps):
        if system.outcome(state) is not None:
            return
        seat, action = pick.choice([(s, a) for s in seats for a in system.legal_actions(state, s)])
        state, events = system.apply(state, seat, action, rng)
        yield action, system.view(state, None), events


def _boards(seed: int, steps: int = 120):
    """(action type, key, PNG) after each action of a seeded random match."""
    for action, view, events in _played(seed, steps=steps):
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


def test_the_key_is_the_digest_of_what_is_drawn_as_repr_writes_it():
    """The key writes its pieces, tokens and arrows faster than ``repr`` (their hexes' and enums' reprs kept, tokens
    kept by what they show) but writes the same text: the digest of what ``render_view`` draws, as it was when keys
    were first stored (a board cached under a key stays the image of that key)."""
    names = {"player1": "Ann", "player2": "Bob", "player3": "Cy", "player4": "Di"}
    checked = arrows = 0
    for seed, seats in ((3, SEATS), (4, SEATS), (5, ("player1", "player2", "player3", "player4"))):
        for _action, view, events in _played(seed, seats, steps=150):
            if not view.get("battlefield"):
                continue
            battlefield = board.battlefield_of(view)
            pieces = [(p.hex, p.label, p.colour, p.wounds, sorted(m.value for m in p.markers), p.inspired, p.name)
                      for p in board.pieces_of(view)]
            drawn_arrows = board.arrows_of(events, view)
            seated = board.board_seats(view)[:len(battlefield.boards)]
            legend = [board.seat_colours(view)[s] for s in seated]  # two players too (issue 34: whose colour is whose)
            what = ((view["battlefield"], list(view.get("pack_boards") or ())), pieces, board.tokens_of(view),
                    drawn_arrows, board.board_labels(view, names)[:len(battlefield.boards)], "es", legend,
                    board.BOARD_WIDTH, [view["players"][s]["glory"] + view["players"][s]["glory_spent"]
                                        for s in seated])
            expected = hashlib.blake2b(repr(what).encode(), digest_size=16).hexdigest()
            assert board.board_key(view, events=events, names=names, lang="es") == expected
            checked += 1
            arrows += len(drawn_arrows)
    assert checked > 100 and arrows > 10
