"""Board images drawn off the event loop, in a pool of worker processes.

Drawing and compressing a board takes milliseconds of CPU that would hold the event loop (and every other
player's command) still; in a thread it would still hold the GIL. The pool's workers are forked from the
bot, so they know every game registered by then: a worker gets the game's key, the view and the events (all
JSON), finds the game's presenter and returns the PNG. One slow board ties up one worker, never the loop,
and other players' boards go to the other workers. A presenter the workers can't know (registered after
they started, as a test's own) draws in a thread instead.

Each match has a home worker (by its id), where its board's layers (its battlefield, its players' names) stay
cached: its boards go there unless that worker is busy and another is free, so the workers' caches split the
live matches between them instead of each holding them all.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import signal
import threading
import time
import zlib
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Sequence

from table.presenter import Presenter, Scene, presenters

log = logging.getLogger(__name__)

JSON = dict[str, Any]


def _draw(game: str, view: JSON, players: dict[str, str], lang: str, viewer: str | None, match_id: str,
          events: Sequence[JSON]) -> bytes | None:
    """In a worker: the board of one scene, drawn by its game's presenter (as registered when forked)."""
    presenter = next(p for p in presenters() if p.game == game)
    return presenter.board(Scene(view, players, lang=lang, viewer=viewer, match_id=match_id), events)


def _die_with_parent(parent: int) -> None:
    """In a worker: exit once the bot that forked it is gone. A forked worker holds both ends of its own task
    pipe, so it never sees the pipe close; without this, a bot killed outright (SIGKILL, out of memory) leaves
    its workers running forever."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the bot's drain handler, which needs the bot's loop
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the bot stops its workers

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class Renderer:
    """Draws boards in ``workers`` processes (0: in a thread of this process), started on first use."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = min(4, os.cpu_count() or 1) if workers is None else workers
        self._pools: list[concurrent.futures.ProcessPoolExecutor] = []
        self._busy: list[int] = []
        self._known: dict[str, Presenter] = {}

    def _start(self) -> None:
        if not self._pools:
            self._known = {p.game: p for p in presenters()}
            # fork: the workers inherit the registered games and the warm caches (boards, fonts) as they are.
            context = multiprocessing.get_context("fork")
            self._pools = [concurrent.futures.ProcessPoolExecutor(1, mp_context=context, initializer=_die_with_parent,
                                                                  initargs=(os.getpid(),))
                           for _ in range(self.workers)]
            self._busy = [0] * self.workers

    def _worker_for(self, match_id: str) -> int:
        """The match's home worker, unless it is busy and another has less to do."""
        home = zlib.crc32(match_id.encode()) % len(self._pools)
        return min(range(len(self._pools)), key=lambda i: (self._busy[i], i != home))

    async def board(self, presenter: Presenter, scene: Scene, events: Sequence[JSON]) -> bytes | None:
        """The scene's board as PNG bytes (None when the game has none yet)."""
        if self.workers > 0:
            self._start()
            if self._known.get(presenter.game) is presenter:
                worker, busy = self._worker_for(scene.match_id), self._busy
                busy[worker] += 1
                try:
                    return await asyncio.get_running_loop().run_in_executor(
                        self._pools[worker], _draw, presenter.game, scene.view, dict(scene.players), scene.lang,
                        scene.viewer, scene.match_id, list(events))
                except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh, draw here
                    log.warning("board workers died; starting new ones")
                    self.close()
                finally:
                    busy[worker] -= 1
        return await asyncio.to_thread(presenter.board, scene, events)

    def close(self) -> None:
        """Stop the workers (a new pool starts on the next board)."""
        for pool in self._pools:
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools, self._busy = [], []


_SHARED: Renderer | None = None


def shared_renderer() -> Renderer:
    """The process's one pool of board workers."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Renderer()
    return _SHARED
