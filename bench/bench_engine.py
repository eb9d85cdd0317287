"""Underworlds rules engine alone (no Discord, no Redis, no rendering): match time and ``legal_actions`` time.

1. A whole random-versus-random match, engine time only (the random choice excluded), two ways:
   *core*: the rules on one in-memory ``State`` (``flow.legal`` for both seats, ``system.apply_state``
   of a uniformly random legal action, until the outcome); goal (issue #20): ≤ 20 ms.
   *API*: the same through the public JSON ``UnderworldsSystem`` (``legal_actions`` for both seats,
   ``apply``), which validates each state dict once (remembered for the next calls on it) and copies and
   dumps the state per ``apply``: what the table pays.
   The first match fills the per-layout caches (board joins, battlefield, line of sight) and is
   reported apart; then the median of the warm matches (each played once: medians, never a best-of-N).
2. ``legal_actions`` of the active seat at activation steps (the widest decision: every Move, Charge,
   Attack, Barge... of every fighter) collected from those matches: median and p99 per call.
   Target: under 1 ms.
3. Building a battlefield of a layout not seen before (``Battlefield.from_spec``), as every new match does in each
   process that needs it (the bot, each board-drawing worker): median over many distinct layouts of the shipped
   faces. Goal: ≤ 0.3 ms.
4. The JSON API per call at those steps: ``view`` of a state dict first seen (validation included), the same
   ``view`` again (remembered per dict and viewer), ``apply``.
5. The JSON API per command as the table pays it: ``apply``, then ``view`` of the new state for the spectators and
   each seat, then ``legal_actions`` of the seats it awaits: median per command over warm matches of two, three
   and four players, and each part's median.

``python -m bench.bench_engine`` from the project root.
"""
from __future__ import annotations

import copy
import random
import statistics
import time
from typing import Any

from engine.core.rng import SeededRng
from engine.underworlds.battlefield import (
    Battlefield, BattlefieldSpec, BoardPlacement, Join, JoinEdge, Orientation, load_boards,
)
from engine.underworlds.flow import legal
from engine.underworlds.joins import face_layouts
from engine.underworlds.system import UnderworldsSystem, apply_state, load

SEATS = ("player1", "player2")
MATCHES = 31
"""Seeded matches played (the first one cold)."""
GOAL_MATCH_MS = 20.0
"""A whole random match in the engine (issue #20)."""
LAYOUTS = 2000
"""Distinct battlefield layouts built."""
GOAL_BUILD_MS = 0.3
"""Building the battlefield of a new layout."""


def play(seed: int, samples: list[dict[str, Any]] | None = None) -> tuple[float, int]:
    """One seeded random match: (engine seconds, actions applied); activation-step states go to ``samples``."""
    system = UnderworldsSystem()
    rng = SeededRng(seed.to_bytes(32, "big"))
    pick = random.Random(seed)
    clock = time.perf_counter
    start = clock()
    state = system.setup({}, SEATS, rng)
    engine = clock() - start
    actions = 0
    while True:
        start = clock()
        over = system.outcome(state) is not None
        choices = [] if over else [(seat, a) for seat in SEATS for a in system.legal_actions(state, seat)]
        engine += clock() - start
        if over:
            return engine, actions
        seat, action = pick.choice(choices)
        if samples is not None and state["phase"] == "action" and state["stack"] \
                and state["stack"][-1].get("kind") == "turn" and state["stack"][-1].get("stage") == "activation":
            samples.append(state)
        start = clock()
        state, _ = system.apply(state, seat, action, rng)
        engine += clock() - start
        actions += 1


def play_core(seed: int) -> tuple[float, int]:
    """One seeded random match on an in-memory ``State``: (engine seconds, actions applied)."""
    system = UnderworldsSystem()
    rng = SeededRng(seed.to_bytes(32, "big"))
    pick = random.Random(seed)
    st = load(system.setup({}, SEATS, rng))
    clock = time.perf_counter
    engine, actions = 0.0, 0
    while True:
        start = clock()
        over = st.outcome is not None
        choices = [] if over else [(seat, a) for seat in SEATS for a in legal(st, seat)]
        engine += clock() - start
        if over:
            return engine, actions
        seat, action = pick.choice(choices)
        start = clock()
        apply_state(st, seat, action, rng)
        engine += clock() - start
        actions += 1


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    """Print the figures."""
    samples: list[dict[str, Any]] = []
    cold, cold_actions = play(0)
    print(f"uw engine: first match (cold caches, API) {_ms(cold)}, {cold_actions} actions")
    core = [play_core(seed) for seed in range(1, MATCHES)]
    times = sorted(t for t, _ in core)
    median = statistics.median(times) * 1000
    print(f"uw engine: whole random match, core: median {median:.1f} ms  max {_ms(times[-1])}  "
          f"({statistics.mean(n for _, n in core):.0f} actions on average; {len(times)} matches; "
          f"goal ≤ {GOAL_MATCH_MS:.0f} ms: {'ok' if median <= GOAL_MATCH_MS else 'MISSED'})")
    times = sorted(play(seed, samples)[0] for seed in range(1, MATCHES))
    print(f"uw engine: whole random match, JSON API: median {_ms(statistics.median(times))}  max {_ms(times[-1])}  "
          f"(what the table pays over the core)")
    system = UnderworldsSystem()
    calls = []
    for state in samples:
        seat = state["stack"][-1]["seat"]
        start = time.perf_counter()
        system.legal_actions(state, seat)
        calls.append(time.perf_counter() - start)
    calls.sort()
    p99 = calls[min(len(calls) - 1, int(len(calls) * 0.99))]
    print(f"uw engine: legal_actions at an activation step: median {calls[len(calls) // 2] * 1000:.2f} ms  "
          f"p99 {p99 * 1000:.2f} ms  ({len(calls)} positions; target < 1 ms)")
    build = statistics.median(battlefield_builds()) * 1000
    print(f"uw engine: a new battlefield (Battlefield.from_spec of a layout not built before): median {build:.3f} ms  "
          f"({LAYOUTS} layouts; goal ≤ {GOAL_BUILD_MS} ms: {'ok' if build <= GOAL_BUILD_MS else 'MISSED'})")
    first, again, applied = api_calls(samples)
    print(f"uw engine: JSON API per call at an activation step, medians: view of a state dict first seen "
          f"{first * 1000:.2f} ms (its validation included), the same view again {again * 1000:.3f} ms, "
          f"apply {applied * 1000:.2f} ms")
    parts: dict[str, list[float]] = {}
    for seed in range(1, MATCHES):
        for part, seconds in commands(seed, ("player1", "player2", "player3", "player4")[:2 + seed % 3]).items():
            parts.setdefault(part, []).extend(seconds)
    print(f"uw engine: JSON API per command (apply, the spectators' and each seat's view, the awaited seats' "
          f"legal_actions), medians: {statistics.median(parts.pop('command')) * 1e6:.0f} us  ("
          + ", ".join(f"{part} {statistics.median(seconds) * 1e6:.0f} us" for part, seconds in parts.items())
          + f"; {len(parts['apply'])} commands, 2-4 players)")


def commands(seed: int, seats: tuple[str, ...]) -> dict[str, list[float]]:
    """One seeded random match through the JSON API as the table plays it: seconds of each part of each command
    (``apply``, the views, the awaited seats' ``legal_actions``) and their sum."""
    system = UnderworldsSystem()
    rng = SeededRng(seed.to_bytes(32, "big"))
    pick = random.Random(seed)
    clock = time.perf_counter
    parts: dict[str, list[float]] = {"command": [], "apply": [], "views": [], "legal_actions": []}
    state = system.setup({}, seats, rng)
    while system.outcome(state) is None:
        seat, action = pick.choice([(s, a) for s in seats for a in system.legal_actions(state, s)])
        start = clock()
        state, _ = system.apply(state, seat, action, rng)
        applied = clock()
        for viewer in (None, *seats):
            system.view(state, viewer)
        viewed = clock()
        for waiting in system.view(state, None)["awaiting"]:
            system.legal_actions(state, waiting)
        listed = clock()
        for part, seconds in (("command", listed - start), ("apply", applied - start), ("views", viewed - applied),
                              ("legal_actions", listed - viewed)):
            parts[part].append(seconds)
    return parts


def battlefield_builds() -> list[float]:
    """Seconds of ``Battlefield.from_spec`` for each of ``LAYOUTS`` distinct layouts of the shipped faces, in a
    seeded order (each face's own cells are made once per process, as in a long-lived one)."""
    boards = load_boards()
    faces = [b for b in boards.values() if b.playable]
    specs = [BattlefieldSpec(first=BoardPlacement(board=a.id, orientation=Orientation(o1)),
                             second=BoardPlacement(board=b.id, orientation=Orientation(o2)),
                             join=Join(edge=JoinEdge(edge), offset=offset))
             for a in faces for b in faces if a is not b for edge, offset, o1, o2 in face_layouts(a, b)]
    random.Random(0).shuffle(specs)
    times = []
    clock = time.perf_counter
    for spec in specs[:LAYOUTS]:
        start = clock()
        Battlefield.from_spec(spec, boards)
        times.append(clock() - start)
    return times


def api_calls(samples: list[dict[str, Any]]) -> tuple[float, float, float]:
    """Median seconds of ``view`` on a state dict the API has not seen, ``view`` of it again, and ``apply`` of its
    first legal action (which validates a copy, applies, dumps)."""
    system = UnderworldsSystem()
    rng = SeededRng(bytes(32))
    first, again, applied = [], [], []
    clock = time.perf_counter
    for state in samples:
        state = copy.deepcopy(state)  # a dict the API has not seen
        seat = state["stack"][-1]["seat"]
        start = clock()
        system.view(state, seat)
        first.append(clock() - start)
        start = clock()
        system.view(state, seat)
        again.append(clock() - start)
        action = system.legal_actions(state, seat)[0]
        start = clock()
        system.apply(state, seat, action, rng)
        applied.append(clock() - start)
    return statistics.median(first), statistics.median(again), statistics.median(applied)


if __name__ == "__main__":
    main()
