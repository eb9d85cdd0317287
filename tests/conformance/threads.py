"""The contract's thread clause: the table works out slow legal choices in threads while the event loop applies
actions (``table/game_table.py``, ``ready``), so a game's calls must give the same answers when several run at once.

A game keeps caches in its modules (path graphs, parsed tables); one shared between threads without care crashes
(a dict changing size while another thread reads it) or, worse, answers wrongly (one search's state advanced by
another). This replays positions of a seeded match in fresh processes: once one call at a time, once with several
threads at once, each position begun by all of them together and the interpreter switching threads as often as it
can, and the answers must be the same."""
from __future__ import annotations

import json
import multiprocessing
import sys
import threading
from typing import Any

from engine.core.rng import SeededRng

SWITCH_SECONDS = 1e-6
"""The interpreter's thread switch interval in the threaded run (5 ms by default): races show far more often."""


def positions(game: str, sample_name: str, seed: int, limit: int) -> tuple[list[str], list[dict[str, Any]]]:
    """The seats and up to ``limit`` steps of a seeded random match: each step's state, and the action applied to
    it with the draw counter it was applied at (the conformance harness's random player)."""
    from tests.conformance.harness import play, samples_of
    from engine.core.system import find_system

    system = find_system(game)
    sample = next(s for s in samples_of(system) if s.name == sample_name)
    seats = list(system.info.seats_for(sample.players))
    rng = SeededRng(seed.to_bytes(32, "big"))
    state = system.setup(sample.options, tuple(seats), rng)
    steps = []
    for seat, action in play(system, sample, seed).log[:limit]:
        steps.append({"state": state, "seat": seat, "action": action, "counter": rng.counter})
        state, _ = system.apply(state, seat, action, rng)
    return seats, steps


def answers(game: str, seats: list[str], steps: list[dict[str, Any]], threads: int, seed: bytes) -> list[str]:
    """Every step's legal actions of each seat, spectator view and applied state, as JSON text; with ``threads``
    threads all working each step at once (each answer taken from every thread, which must agree)."""
    from engine.core.system import find_system

    system = find_system(game)
    if threads > 1:
        sys.setswitchinterval(SWITCH_SECONDS)
    barrier = threading.Barrier(threads)
    found: list[list[str]] = [[] for _ in range(threads)]
    errors: list[BaseException] = []

    def work(me: int) -> None:
        try:
            for step in steps:
                barrier.wait()
                state = step["state"]
                out = [json.dumps(system.legal_actions(state, seat), sort_keys=True) for seat in seats]
                out.append(json.dumps(system.view(state, None), sort_keys=True))
                new, events = system.apply(state, step["seat"], step["action"], SeededRng(seed, step["counter"]))
                out.append(json.dumps([new, events], sort_keys=True))
                found[me] += out
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)
            barrier.abort()

    pool = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    if errors:
        raise errors[0]
    disagree = [i for i in range(1, threads) if found[i] != found[0]]
    assert not disagree, f"threads {disagree} answered otherwise than thread 0"
    return found[0]


def _child(game: str, seats: list[str], steps_json: str, threads: int, seed: bytes, out) -> None:  # pragma: no cover
    import tests.support.nim  # noqa: F401 - the test games, as tests/conftest.py loads them
    from table.games import load_games

    load_games("tests.support.ttt")
    try:
        out.put(("ok", answers(game, seats, json.loads(steps_json), threads, seed)))
    except BaseException as exc:  # noqa: BLE001
        out.put(("error", repr(exc)))


def in_fresh_process(game: str, seats: list[str], steps: list[dict[str, Any]], threads: int, seed: bytes
                     ) -> tuple[str, Any]:
    """``answers`` in a new interpreter: every cache of the game empty, as in a bot just started."""
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    child = ctx.Process(target=_child, args=(game, seats, json.dumps(steps), threads, seed, out))
    child.start()
    result = out.get(timeout=600)
    child.join(60)
    return result
