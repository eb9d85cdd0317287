"""The table asks a game for its legal actions once per state, and off the event loop once they proved slow: a
free-measurement game's rules take seconds over them, and the loop must stay free to acknowledge Discord's
interactions in time; a quick game's are worked out on the loop (a thread hop would cost more than they do).
Driven by the test game (``tests/support/ttt.py``)."""
from __future__ import annotations

import asyncio
import threading
import time

from table.context import Actor, Context
from table.game_table import SLOW_LEGAL_SPELL
from table.play import Play

ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")
THREAD = 702


def ctx(actor: Actor) -> Context:
    async def open_thread(name: str) -> int:
        return THREAD
    return Context(actor, THREAD, guild_id=9, open_thread=open_thread)


class Counting:
    """The game's rules, counting ``legal_actions`` calls and the threads they ran on."""

    def __init__(self, system, seconds: float = 0.0) -> None:
        self.system = system
        self.seconds = seconds
        self.calls: list[tuple[int, str, int]] = []

    def __getattr__(self, name):
        return getattr(self.system, name)

    def legal_actions(self, state, seat):
        self.calls.append((len(state["board"]), seat, threading.get_ident()))
        busy_until = time.thread_time() + self.seconds  # CPU spent, as slow rules spend it (the table times CPU)
        while time.thread_time() < busy_until:
            pass
        return self.system.legal_actions(state, seat)


async def _ttt(table, seconds: float):
    play = Play(table)
    await table.new_match(ctx(ALICE), "ttt", BOB, {})
    match_id = await table.store.match_in(THREAD)
    game = play.game("ttt")
    counting = game.system = Counting(game.system, seconds)
    return play, game, counting, match_id


async def test_slow_legal_actions_are_worked_out_off_the_loop_once_per_state(table):
    """The first slow answer is measured on the loop; every later one runs in a thread."""
    play, game, counting, match_id = await _ttt(table, seconds=0.03)
    await play.press(ctx(BOB), f"m:accept:{match_id}")
    match = await table.store.load(match_id)
    mover = ctx(ALICE if match.holder(match.state["turn"]).user_id == ALICE.user_id else BOB)

    await game.choices(mover, "mark", "cell", {}, "")   # autocomplete, then the command, then its reply's buttons
    await game.run(mover, "mark", {"cell": "b2"})
    loop_thread = threading.get_ident()
    assert counting.calls[0][2] == loop_thread and all(thread != loop_thread for _, _, thread in counting.calls[1:])
    per_state = [(marks, seat) for marks, seat, _ in counting.calls]
    assert len(per_state) == len(set(per_state)), "one call per state and seat"
    assert (1, match.state["turn"]) not in per_state and (0, match.state["turn"]) in per_state


async def test_one_slow_listing_sends_a_spell_of_listings_off_the_loop_not_all_of_them(table):
    """A cold first listing (caches filled) must not cost a quick game a thread hop per command for good: after
    ``SLOW_LEGAL_SPELL`` quick listings in a thread, the next ones are back on the loop."""
    play, game, counting, match_id = await _ttt(table, seconds=0.03)
    await play.press(ctx(BOB), f"m:accept:{match_id}")
    match = await table.store.load(match_id)
    seats = [h.seat for h in match.seats]
    game._legal.clear()
    await game.ready(match, seats[:1])  # slow: the spell starts
    assert game._off_loop == SLOW_LEGAL_SPELL
    counting.seconds = 0.0
    loop_thread, first = threading.get_ident(), len(counting.calls)
    for n in range(SLOW_LEGAL_SPELL + 2):
        game._legal.clear()
        await game.ready(match, seats[:1])
    threads = [thread for _, _, thread in counting.calls[first:]]
    assert all(t != loop_thread for t in threads[:SLOW_LEGAL_SPELL]) and threads[SLOW_LEGAL_SPELL:] == [loop_thread] * 2


async def test_quick_legal_actions_stay_on_the_loop(table):
    play, game, counting, match_id = await _ttt(table, seconds=0.0)
    await play.press(ctx(BOB), f"m:accept:{match_id}")
    match = await table.store.load(match_id)
    mover = ctx(ALICE if match.holder(match.state["turn"]).user_id == ALICE.user_id else BOB)
    await game.run(mover, "mark", {"cell": "b2"})
    loop_thread = threading.get_ident()
    assert counting.calls and all(thread == loop_thread for _, _, thread in counting.calls)


async def test_the_seats_still_missing_are_worked_out_in_one_thread_hop(table, monkeypatch):
    """A thread hop costs more than most games' choices: a reply awaiting several seats makes one, not one each."""
    play, game, counting, match_id = await _ttt(table, seconds=0.0)
    await play.press(ctx(BOB), f"m:accept:{match_id}")
    match = await table.store.load(match_id)
    game._off_loop, seats = SLOW_LEGAL_SPELL, [h.seat for h in match.seats]
    game._legal.clear()
    hops = []
    hop = asyncio.to_thread

    async def counted(*args):
        hops.append(args)
        return await hop(*args)
    monkeypatch.setattr(asyncio, "to_thread", counted)
    await game.ready(match, [*seats, None, *seats])
    assert len(hops) == 1
    assert [seat for _, seat, _ in counting.calls[-2:]] == seats
    assert all(game.legal(match, seat) == game.system.legal_actions(match.state, seat) for seat in seats)
