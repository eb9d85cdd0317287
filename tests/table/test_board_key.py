"""Boards shared by what they draw: a game whose presenter says what its board draws (``board_key``) gets one
image for every state that draws the same, so a pass or a card played from hand costs no drawing (issue #20,
throughput). Driven by the test game (``tests/support/ttt.py``)."""
from __future__ import annotations

from table.context import Actor, Context
from table.play import Play
from table.presenter import NO_BOARD, find_presenter

ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")
THREAD = 811


class Counting:
    """A renderer drawing in this process, counting its boards."""

    def __init__(self) -> None:
        self.drawn = 0

    async def board(self, presenter, scene, events):
        self.drawn += 1
        return presenter.board(scene, events)


def ctx(actor: Actor) -> Context:
    async def open_thread(name: str) -> int:
        return THREAD
    return Context(actor, THREAD, guild_id=9, open_thread=open_thread)


async def _marks(table, monkeypatch, key) -> tuple[Counting, list[bytes]]:
    presenter = find_presenter("ttt")
    if key is not None:
        monkeypatch.setattr(presenter, "board_key", key, raising=False)
    renderer = Counting()
    play = Play(table, renderer=renderer)
    await table.new_match(ctx(ALICE), "ttt", BOB, {})
    match_id = await table.store.match_in(THREAD)
    await play.press(ctx(BOB), f"m:accept:{match_id}")
    boards = []
    for cell in ("a1", "e5", "b2"):
        match = await table.store.load(match_id)
        mover = ALICE if match.holder(match.state["turn"]).user_id == ALICE.user_id else BOB
        reply = await play.game("ttt").run(ctx(mover), "mark", {"cell": cell})
        boards.append((reply.posts[0][1] if reply.posts else reply).files[0].data)
    return renderer, boards


async def test_states_that_draw_the_same_share_one_image(table, monkeypatch):
    renderer, boards = await _marks(table, monkeypatch, lambda scene, events: "the same picture")
    assert renderer.drawn == 1, "drawn once (at the accept), then shared"
    assert boards[0] == boards[1] == boards[2]


async def test_without_a_board_key_every_state_is_drawn(table, monkeypatch):
    renderer, boards = await _marks(table, monkeypatch, None)
    assert renderer.drawn == 4, "the accept's board and one per mark"
    assert len(set(boards)) == 3


async def test_a_board_key_saying_no_board_asks_no_worker(table, monkeypatch):
    """Before a game's board exists its key says so (``NO_BOARD``): the reply has no image and no board worker is
    asked for one (a set-up step would otherwise cost a round trip to a worker for nothing)."""
    renderer = Counting()
    play = Play(table, renderer=renderer)
    monkeypatch.setattr(find_presenter("ttt"), "board_key", lambda scene, events: NO_BOARD, raising=False)
    await table.new_match(ctx(ALICE), "ttt", BOB, {})
    match_id = await table.store.match_in(THREAD)
    reply = await play.press(ctx(BOB), f"m:accept:{match_id}")
    assert renderer.drawn == 0
    assert not any(post.files for _, post in reply.posts) and not reply.files


def _uw_boards(seed: int, seats: tuple[str, ...], steps: int = 150):
    """(view, events) after each action of a seeded random Underworlds match."""
    import random

    from engine.core.rng import SeededRng
    from engine.underworlds.system import UnderworldsSystem

    system = UnderworldsSystem()
    rng, pick = SeededRng(bytes([seed]) * 32), random.Random(seed)
    state = system.setup({}, seats, rng)
    for _ in range(steps):
        if system.outcome(state) is not None:
            return
        seat, action = pick.choice([(s, a) for s in seats for a in system.legal_actions(state, s)])
        state, events = system.apply(state, seat, action, rng)
        yield system.view(state, None), events


def test_the_underworlds_key_is_the_digest_of_what_is_drawn_as_repr_writes_it():
    """The Underworlds key writes its pieces, tokens and arrows faster than ``repr`` (their hexes' and enums' reprs
    kept, tokens kept by what they show) but writes the same text: the digest of what ``render_view`` draws, as it
    was when keys were first stored (a board cached under a key stays the image of that key)."""
    import hashlib

    from table.underworlds import board

    names = {"player1": "Ann", "player2": "Bob", "player3": "Cy", "player4": "Di"}
    checked = arrows = 0
    for seed, seats in ((3, ("player1", "player2")), (4, ("player1", "player2")),
                        (5, ("player1", "player2", "player3", "player4"))):
        for view, events in _uw_boards(seed, seats):
            if not view.get("battlefield"):
                continue
            battlefield = board.battlefield_of(view)
            pieces = [(p.hex, p.label, p.colour, p.wounds, sorted(m.value for m in p.markers), p.inspired)
                      for p in board.pieces_of(view)]
            drawn_arrows = board.arrows_of(events, view)
            seated = board.board_seats(view)[:len(battlefield.boards)]
            legend = [board.seat_colours(view)[s] for s in seated] if len(view["seats"]) > 2 else []
            what = ((view["battlefield"], list(view.get("pack_boards") or ())), pieces, board.tokens_of(view),
                    drawn_arrows, board.board_labels(view, names)[:len(battlefield.boards)], "es", legend,
                    board.BOARD_WIDTH)
            expected = hashlib.blake2b(repr(what).encode(), digest_size=16).hexdigest()
            assert board.board_key(view, events=events, names=names, lang="es") == expected
            checked += 1
            arrows += len(drawn_arrows)
    assert checked > 100 and arrows > 10
