"""Boards are drawn in worker processes, off the event loop: one slow board never delays another player's
command (issue #20, latency). Driven by the test game (``tests/support/ttt.py``)."""
from __future__ import annotations

import asyncio
import time

from table.context import Actor, Context
from table.play import Play
from table.presenter import find_presenter
from table.render_pool import AWAY_AFTER_SECONDS, Renderer

ALICE, BOB, CARLA, DAVID = Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carla"), Actor(4, "david")
SLOW_SECONDS = 1.5


def ctx(actor: Actor, thread: int) -> Context:
    async def open_thread(name: str) -> int:
        return thread
    return Context(actor, thread, guild_id=9, open_thread=open_thread)


async def opened(play: Play, first: Actor, second: Actor, thread: int) -> tuple[str, Context]:
    """A started match in ``thread``; the context of the player to move."""
    await play.table.new_match(ctx(first, thread), "ttt", second, {})
    match_id = await play.table.store.match_in(thread)
    await play.press(ctx(second, thread), f"m:accept:{match_id}")
    match = await play.table.store.load(match_id)
    mover = first if match.holder(match.state["turn"]).user_id == first.user_id else second
    return match_id, ctx(mover, thread)


async def test_a_command_is_served_while_another_matchs_board_is_slow_to_draw(table, monkeypatch):
    presenter = find_presenter("ttt")
    draw = presenter.board

    def slow_board(scene, events):  # a board with a mark on e5 takes long to draw (in a worker)
        if "e5" in scene.view["board"]:
            time.sleep(SLOW_SECONDS)
        return draw(scene, events)

    monkeypatch.setattr(presenter, "board", slow_board)
    renderer = Renderer(workers=2)  # forked after the patch: its workers draw the slow board
    try:
        play = Play(table, renderer=renderer)
        game = play.game("ttt")
        _, slow_mover = await opened(play, ALICE, BOB, 801)
        quick_id, quick_mover = await opened(play, CARLA, DAVID, 802)

        slow = asyncio.create_task(game.run(slow_mover, "mark", {"cell": "e5"}))
        await asyncio.sleep(0.2)  # its board is being drawn now
        started = time.perf_counter()
        reply = await game.run(quick_mover, "mark", {"cell": "b2"})
        quick = time.perf_counter() - started
        assert not slow.done(), "the slow board is still being drawn"
        assert quick < SLOW_SECONDS / 2, f"the other match's command waited {quick:.2f} s"
        assert (await table.store.load(quick_id)).state["board"].get("b2")
        board = (reply.posts[0][1] if reply.posts else reply).files[0].data
        assert board.startswith(b"\x89PNG")
        slow_reply = await slow
        assert (slow_reply.posts[0][1] if slow_reply.posts else slow_reply).files[0].data.startswith(b"\x89PNG")
    finally:
        renderer.close()


async def test_the_event_loop_stays_free_while_a_board_is_drawn(table, monkeypatch):
    presenter = find_presenter("ttt")
    draw = presenter.board

    def slow_board(scene, events):
        if "e5" in scene.view["board"]:
            time.sleep(SLOW_SECONDS)
        return draw(scene, events)

    monkeypatch.setattr(presenter, "board", slow_board)
    renderer = Renderer(workers=1)
    try:
        play = Play(table, renderer=renderer)
        _, mover = await opened(play, ALICE, BOB, 803)
        slow = asyncio.create_task(play.game("ttt").run(mover, "mark", {"cell": "e5"}))
        ticks = 0
        while not slow.done():  # the loop keeps turning: ticks every 10 ms while the board is drawn
            await asyncio.sleep(0.01)
            ticks += 1
        await slow
        assert ticks > SLOW_SECONDS / 0.01 / 3
    finally:
        renderer.close()


def test_a_matchs_boards_go_to_its_home_worker_unless_it_is_stuck_on_a_slow_board():
    """The workers' caches split the live matches: a match's boards are drawn by one worker, another one only
    while that one has spent ``AWAY_AFTER_SECONDS`` on its board and another is idle; a home merely busy (a queue
    of quick boards) keeps its matches' boards, whose layers it holds."""
    renderer = Renderer(workers=2)
    try:
        renderer._start()
        homes = {renderer._worker_for(f"m{i}") for i in range(20)}
        assert homes == {0, 1}, "matches spread over both workers"
        home = renderer._worker_for("m1")
        worker = renderer._pool[home]
        assert all(renderer._worker_for("m1") == home for _ in range(5))
        renderer._busy[home] = 3
        worker.awaited.extend([object()] * 3)
        worker.since = time.monotonic()
        assert renderer._worker_for("m1") == home, "busy with a board just begun: it waits at home (its layers)"
        worker.since -= AWAY_AFTER_SECONDS
        assert renderer._worker_for("m1") == 1 - home, "stuck on a slow board: the idle one draws it"
        renderer._busy[1 - home] = 1
        assert renderer._worker_for("m1") == home, "none idle: it waits at home"
        worker.awaited.clear()
    finally:
        renderer.close()


def test_the_board_workers_exit_when_their_bot_is_killed():
    """A bot killed outright (SIGKILL: a crash, the out-of-memory killer, a fleet replacing it) leaves no board
    worker behind: each worker watches for its parent and exits once it is gone."""
    import os
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent("""
        import os, signal
        from table.render_pool import Renderer
        r = Renderer(2)
        r._start()
        print(" ".join(str(worker.pid) for worker in r._pool), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    workers = [int(pid) for pid in done.stdout.split()]
    assert len(workers) == 2, done.stderr

    def alive(pid: int) -> bool:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                return stat.read().split()[2] != "Z"  # a zombie has exited
        except FileNotFoundError:
            return False
    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers), "a board worker outlived its bot"


async def test_a_board_worker_that_dies_is_replaced_and_the_board_still_drawn(table):
    """A worker killed (out of memory, by an operator) fails no command: its board is drawn in the bot, and new
    workers start for the next one."""
    import os
    import signal

    renderer = Renderer(workers=1)
    try:
        play = Play(table, renderer=renderer)
        game = play.game("ttt")
        match_id, mover = await opened(play, ALICE, BOB, 804)
        [worker] = renderer._pool
        os.kill(worker.pid, signal.SIGKILL)
        os.waitpid(worker.pid, 0)
        reply = await game.run(mover, "mark", {"cell": "b2"})
        assert (reply.posts[0][1] if reply.posts else reply).files[0].data.startswith(b"\x89PNG")
        match = await table.store.load(match_id)
        other = ctx(next(a for a in (ALICE, BOB) if a.user_id != mover.actor.user_id), 804)
        reply = await game.run(other, "mark", {"cell": "c3"})
        assert (reply.posts[0][1] if reply.posts else reply).files[0].data.startswith(b"\x89PNG")
        assert renderer._pool and renderer._pool[0].pid != worker.pid, "a new worker took its place"
        assert match.log_length < (await table.store.load(match_id)).log_length
    finally:
        renderer.close()


def test_closing_the_renderer_reaps_its_workers():
    """No zombie is left by a renderer closed (a bot stopping, a pool started afresh)."""
    import os

    renderer = Renderer(workers=2)
    renderer._start()
    pids = [worker.pid for worker in renderer._pool]
    renderer.close()
    for pid in pids:
        try:
            os.waitpid(pid, os.WNOHANG)
            raise AssertionError(f"worker {pid} was not reaped")
        except ChildProcessError:
            pass


async def test_board_workers_are_as_many_as_the_setting_says_and_stop_with_the_services(redis_url, prefix):
    """``BOARD_WORKERS`` sizes this process's pool (several bot processes on one host share its cores); the
    workers stop and are reaped when the services close."""
    import os

    from table.services import open_services
    from table.settings import Settings

    settings = Settings(redis_url=redis_url, redis_prefix=prefix, discord_token=None, board_workers=1)
    async with open_services(settings) as services:
        renderer = services.play.renderer
        assert renderer.workers == 1
        renderer._start()
        [worker] = renderer._pool
    assert not renderer._pool
    try:
        os.waitpid(worker.pid, os.WNOHANG)
        raise AssertionError("the worker was not reaped")
    except ChildProcessError:
        pass


def test_a_renderer_used_from_a_new_event_loop_starts_new_workers():
    """Workers' sockets are read by the loop that first used them: from another loop (a restarted bot in one
    process, a test's own loop) the board is still drawn, by new workers, never waited for forever."""
    from table.presenter import Scene

    presenter = find_presenter("ttt")
    renderer = Renderer(workers=1)
    from engine.core.rng import SeededRng
    from engine.core.system import find_system

    system = find_system("ttt")
    view = system.view(system.setup({}, ("x", "o"), SeededRng(b"s" * 32)), None)
    scene = Scene(view, {"x": "ann", "o": "bob"}, match_id="m1")
    try:
        first = asyncio.run(asyncio.wait_for(renderer.board(presenter, scene, []), 30))
        pid = renderer._pool[0].pid
        second = asyncio.run(asyncio.wait_for(renderer.board(presenter, scene, []), 30))
        assert first == second and renderer._pool[0].pid != pid
    finally:
        renderer.close()


def test_boards_asked_at_once_of_new_workers_share_one_connection_each():
    """The first boards of a fresh pool, asked at the same moment (a bot's start under load), are all drawn: each
    worker's socket is connected once, not once per board asked while it connects."""
    from engine.core.rng import SeededRng
    from engine.core.system import find_system
    from table.presenter import Scene

    presenter = find_presenter("ttt")
    system = find_system("ttt")
    view = system.view(system.setup({}, ("x", "o"), SeededRng(b"t" * 32)), None)
    renderer = Renderer(workers=1)

    async def many():
        return await asyncio.wait_for(asyncio.gather(*(
            renderer.board(presenter, Scene(view, {"x": "ann", "o": "bob"}, match_id=f"m{i}"), [])
            for i in range(6))), 30)
    try:
        boards = asyncio.run(many())
        assert len(boards) == 6 and all(b.startswith(b"\x89PNG") for b in boards)
    finally:
        renderer.close()
