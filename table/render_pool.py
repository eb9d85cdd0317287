"""Board images drawn off the event loop, in worker processes spoken to over sockets.

Drawing and compressing a board takes milliseconds of CPU that would hold the event loop (and every other
player's command) still; in a thread it would still hold the GIL. The workers are forked from the bot, so they
know every game registered by then: a worker gets the game's key, the view and the events, finds the game's
presenter and returns the PNG. One slow board ties up one worker, never the loop, and other players' boards go
to the other workers. A presenter the workers can't know (registered after they started, as a test's own)
draws in a thread instead.

Each worker is one process at the end of a socket pair, read and written by the event loop itself: no thread
in the bot. (``ProcessPoolExecutor`` feeds its workers from two threads of the bot's own; under load each
hand-over made the loop wait for the GIL, up to the interpreter's 5 ms switch interval, many times a command.)
Requests to a worker are answered in order; a worker exits when its socket closes, which is also what
happens when the bot dies outright (SIGKILL, out of memory): the kernel closes the bot's end.

Each match has a home worker (by its id), where its board's layers (its battlefield, its players' names) stay
cached: its boards go there, so the workers' caches split the live matches between them instead of each holding
them all, unless that worker is stuck on a slow board (``AWAY_AFTER_SECONDS``) and another is free.
"""
from __future__ import annotations

import asyncio
import collections
import logging
import os
import pickle
import signal
import socket
import struct
import time
import zlib
from typing import Any, Callable, Sequence

from table import collector
from table.i18n import preload
from table.presenter import Presenter, Scene, presenters

log = logging.getLogger(__name__)

JSON = dict[str, Any]
_LENGTH = struct.Struct("!I")
"""Every message is its pickle's length, then the pickle."""
AWAY_AFTER_SECONDS = 0.1
"""A board leaves its match's home worker only when that worker has spent this long on the board it is drawing
(a slow board: a first board in a fresh worker takes 8-40 ms) and another worker is idle. Not merely when it is
busy: a board sent away draws its match's layers again in a cache that lacks them (a first board costs five next
ones), and that worker keeps them, not the home one. With a thousand live matches in the load bench, sending boards
to whichever worker was idle took half as much board CPU again per command (0.64 ms against 0.42) and a lower
throughput (579 against 625 actions/s); at 25 ms, the first boards of matches set up together still went away (the
fresh worker's first boards take longer), so their next ones were drawn cold at home (bench_uw: worker p90 8 ms)."""


class WorkerGone(RuntimeError):
    """A board worker died (killed, out of memory) before answering."""


def _draw(game: str, view: JSON, players: dict[str, str], lang: str, viewer: str | None, match_id: str,
          events: Sequence[JSON], outcome: JSON | None = None) -> bytes | None:
    """In a worker: the board of one scene, drawn by its game's presenter (as registered when forked)."""
    presenter = next(p for p in presenters() if p.game == game)
    return presenter.board(Scene(view, players, lang=lang, viewer=viewer, match_id=match_id, outcome=outcome), events)


CALL = "call"
"""A request's first item when it is a job other than one board (``Renderer.call``): ``(CALL, function, args)``."""
PROGRESS = None
"""An answer's first item when it is a job's progress, not its answer: more follows."""


def _run(request: tuple, progress: Callable[[Any], None]) -> Any:
    """In a worker: one request, a board or a job (``Renderer.call``; ``progress`` tells the bot how far it is)."""
    if request and request[0] == CALL:
        _, function, args = request
        return function(*args, progress=progress)
    return _draw(*request)


def _serve(sock: socket.socket) -> None:
    """In a worker: answer requests until the bot's end of the socket closes, then exit."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the bot's drain handler, which needs the bot's loop
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the bot stops its workers
    signal.set_wakeup_fd(-1)  # the bot's loop's, inherited: a signal here must not wake the bot
    inbox = sock.makefile("rb")
    served = 0
    while True:
        head = inbox.read(_LENGTH.size)
        if len(head) < _LENGTH.size:
            return
        request = pickle.loads(inbox.read(_LENGTH.unpack(head)[0]))

        def progress(value: Any) -> None:
            told = pickle.dumps((PROGRESS, value), pickle.HIGHEST_PROTOCOL)
            sock.sendall(_LENGTH.pack(len(told)) + told)

        try:
            answer = (True, _run(request, progress))
        except Exception as error:  # noqa: BLE001 - the bot raises it where the board was asked for
            answer = (False, error)
        try:
            data = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # noqa: BLE001 - an error that won't pickle is told by its text
            data = pickle.dumps((False, RuntimeError(repr(error))), pickle.HIGHEST_PROTOCOL)
        sock.sendall(_LENGTH.pack(len(data)) + data)
        served += 1
        if served % collector.SETTLE_EVERY == 0:  # after the answer: no board waits for it
            collector.settle()


class _Worker:
    """One forked worker: its process, its socket, and the answers awaited from it, oldest first."""

    def __init__(self, pid: int, sock: socket.socket) -> None:
        self.pid = pid
        self.sock = sock
        self.awaited: collections.deque[tuple[asyncio.Future, Callable[[Any], None] | None]] = collections.deque()
        """Each answer awaited, with what to tell its progress to (a job's: ``Renderer.call``)."""
        self.since = 0.0
        """When the worker began the board it is drawing (the oldest awaited): its monotonic time."""
        self.writer: asyncio.StreamWriter | None = None
        self.reading: asyncio.Task | None = None
        self.connecting: asyncio.Task | None = None

    async def ask(self, request: tuple, progress: Callable[[Any], None] | None = None) -> Any:
        if self.reading is not None and self.reading.done():
            raise WorkerGone("board worker died")
        if self.writer is None:  # connected on first use (forking needs no event loop), once for all who ask
            if self.connecting is None:
                self.connecting = asyncio.ensure_future(self._connect())
            await asyncio.shield(self.connecting)
        answer = asyncio.get_running_loop().create_future()
        data = pickle.dumps(request, pickle.HIGHEST_PROTOCOL)
        if not self.awaited:
            self.since = time.monotonic()
        self.awaited.append((answer, progress))
        self.writer.write(_LENGTH.pack(len(data)) + data)
        ok, value = await answer
        if not ok:
            raise value
        return value

    async def _connect(self) -> None:
        reader, self.writer = await asyncio.open_connection(sock=self.sock)
        self.reading = asyncio.ensure_future(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                size = _LENGTH.unpack(await reader.readexactly(_LENGTH.size))[0]
                answer = pickle.loads(await reader.readexactly(size))
                if answer[0] is PROGRESS:  # a job's progress: its answer comes later
                    tell = self.awaited[0][1]
                    if tell is not None:
                        try:
                            tell(answer[1])
                        except Exception:  # noqa: BLE001 - progress shown or not, the job goes on
                            log.exception("a job's progress could not be shown")
                    continue
                waiting, _ = self.awaited.popleft()
                self.since = time.monotonic()  # the next board, if any, is begun now
                if not waiting.done():  # a cancelled command no longer waits for its board
                    waiting.set_result(answer)
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        while self.awaited:
            waiting, _ = self.awaited.popleft()
            if not waiting.done():
                waiting.set_exception(WorkerGone("board worker died"))

    def stuck(self, seconds: float) -> bool:
        """Whether the board it is drawing has taken ``seconds`` so far."""
        return bool(self.awaited) and time.monotonic() - self.since >= seconds

    def stop(self) -> None:
        try:
            for task in (self.connecting, self.reading):
                if task is not None:
                    task.cancel()
            if self.writer is not None:
                self.writer.close()
        except RuntimeError:  # its loop is closed already
            pass
        self.sock.close()
        for waiting, _ in self.awaited:
            if not waiting.done() and not waiting.get_loop().is_closed():
                waiting.set_exception(WorkerGone("board workers stopped"))
        self.awaited.clear()
        try:  # its socket is closed: it exits as soon as it reads; a board being drawn is not waited for
            os.kill(self.pid, signal.SIGTERM)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


class Renderer:
    """Draws boards in ``workers`` processes (0: in a thread of this process), started on first use."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = min(4, os.cpu_count() or 1) if workers is None else workers
        self._pool: list[_Worker] = []
        self._busy: list[int] = []
        self._known: dict[str, Presenter] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        """The event loop the workers' sockets are read by (a bot has one; tests start one per test)."""

    def _start(self) -> None:
        if self._pool:
            return
        self._known = {p.game: p for p in presenters()}
        preload()  # the words boards draw: read once here, not again in each worker
        for _ in range(self.workers):
            ours, theirs = socket.socketpair()
            pid = os.fork()  # the workers inherit the registered games and the warm caches as they are
            if pid == 0:  # pragma: no cover - the worker's side, measured through the bot's
                try:
                    ours.close()
                    for sibling in self._pool:  # else a sibling's socket would never see the bot's end close
                        sibling.sock.close()
                    _serve(theirs)
                finally:
                    os._exit(0)
            theirs.close()
            self._pool.append(_Worker(pid, ours))
        self._busy = [0] * self.workers

    def _worker_for(self, match_id: str) -> int:
        """The match's home worker, unless it is stuck on a slow board and another is idle
        (``AWAY_AFTER_SECONDS``)."""
        busy = self._busy
        home = zlib.crc32(match_id.encode()) % len(busy)
        if self._pool[home].stuck(AWAY_AFTER_SECONDS):
            return next((i for i, waiting in enumerate(busy) if not waiting), home)
        return home

    async def board(self, presenter: Presenter, scene: Scene, events: Sequence[JSON]) -> bytes | None:
        """The scene's board as PNG bytes (None when the game has none yet)."""
        if self.workers > 0:
            loop = asyncio.get_running_loop()
            if self._loop is not loop:  # sockets read by another (finished) loop: answers would never come
                self.close()
                self._loop = loop
            self._start()
            if self._known.get(presenter.game) is presenter:
                index, busy, pool = self._worker_for(scene.match_id), self._busy, self._pool
                busy[index] += 1
                try:
                    return await pool[index].ask((presenter.game, scene.view, dict(scene.players), scene.lang,
                                                  scene.viewer, scene.match_id, list(events),
                                                  None if scene.outcome is None else dict(scene.outcome)))
                except WorkerGone:  # a worker died (killed, out of memory): start afresh, draw here
                    log.warning("board workers died; starting new ones")
                    if self._pool is pool:
                        self.close()
                finally:
                    busy[index] -= 1
        return await asyncio.to_thread(presenter.board, scene, events)

    async def call(self, game: str, match_id: str, function: Callable[..., Any], *args: Any,
                   progress: Callable[[Any], None] | None = None) -> Any:
        """``function(*args, progress=...)`` run by a board worker (a match's past board, its replay): a module-level
        function the worker imports by name, run where the match's boards are drawn (its home worker, whose caches
        hold its layers). ``progress`` is called on the event loop with what the job tells as it goes. A game the
        workers can't know (see ``board``) runs in a thread instead."""
        tell = progress or (lambda _value: None)
        if self.workers > 0:
            loop = asyncio.get_running_loop()
            if self._loop is not loop:
                self.close()
                self._loop = loop
            self._start()
            known = self._known.get(game)
            if known is not None and any(p is known for p in presenters()):
                index, busy, pool = self._worker_for(match_id), self._busy, self._pool
                busy[index] += 1
                try:
                    return await pool[index].ask((CALL, function, args), tell)
                except WorkerGone:
                    log.warning("board workers died; starting new ones")
                    if self._pool is pool:
                        self.close()
                finally:
                    busy[index] -= 1
        loop = asyncio.get_running_loop()
        return await asyncio.to_thread(function, *args, progress=lambda value: loop.call_soon_threadsafe(tell, value))

    def close(self) -> None:
        """Stop the workers (new ones start on the next board)."""
        pool, self._pool, self._busy = self._pool, [], []
        for worker in pool:
            worker.stop()


_SHARED: Renderer | None = None


def shared_renderer() -> Renderer:
    """The process's one pool of board workers."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Renderer()
    return _SHARED
