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


async def test_a_matchs_last_board_is_kept_however_many_boards_other_matches_draw(table, monkeypatch):
    """Each match's last board is kept, not the boards last drawn: with a budget of three boards, a match that
    draws four new ones keeps only its last, and another match's unchanged board is still found (kept by image, a
    thousand matches played in turn found none)."""
    presenter = find_presenter("ttt")
    monkeypatch.setattr(presenter, "board_key", lambda scene, events: repr(sorted(scene.view["board"].items())),
                        raising=False)
    renderer = Counting()
    play = Play(table, renderer=renderer)
    game = play.game("ttt")
    threads = iter((821, 822))

    async def opened(first: Actor, second: Actor) -> str:
        thread = next(threads)

        async def open_thread(name: str) -> int:
            return thread
        await table.new_match(Context(first, 5, guild_id=9, open_thread=open_thread), "ttt", second, {})
        match_id = await table.store.match_in(thread)
        await play.press(Context(second, thread, guild_id=9), f"m:accept:{match_id}")
        return match_id

    still = await opened(ALICE, BOB)  # its board drawn once, then left as it is
    game._boards.max_bytes = 3 * game._boards.bytes + 200
    busy = await opened(Actor(3, "carla"), Actor(4, "david"))
    for cell in ("a1", "e5", "b2", "c3"):
        match = await table.store.load(busy)
        mover = match.holder(match.state["turn"])
        await game.run(Context(Actor(mover.user_id, mover.name), match.thread_id, guild_id=9), "mark",
                       {"cell": cell})
    drawn = renderer.drawn
    await play.game("ttt").board(Context(BOB, 821, guild_id=9), still)
    assert renderer.drawn == drawn, "the still match's board found again, not drawn"
    assert all(g._boards is game._boards for g in play.games.values()), "one budget for every game's matches"
