"""Replaying a match from its seed and log: the audit that every stored snapshot is what its actions made."""
from __future__ import annotations

from typing import Any

from engine.core import system as systems
from engine.core.rng import SeededRng
from table.match import Match


class ReplayMismatch(AssertionError):
    """The log does not reproduce the stored snapshot."""


def _end_counter(seed: bytes, draws: list[list[int]]) -> int:
    start, n, _ = draws[-1]
    rng = SeededRng(seed, start)
    rng.randbelow(n)
    return rng.counter


def replay(match: Match, seed: bytes, log: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The game state the log's actions produce from the seed; raises ``ReplayMismatch`` on any gap.

    Checks on the way that draws follow each other with no gap and that each action
    consumed exactly the draws it logged.
    """
    system = systems.find_system(match.game)
    seats = tuple(h.seat for h in match.seats)
    state: dict[str, Any] | None = None
    counter = 0
    for entry in log:
        draws = entry.get("draws") or []
        if draws and draws[0][0] != counter:
            raise ReplayMismatch(f"entry #{entry.get('n')}: draw {draws[0][0]} where {counter} was due")
        if entry.get("event") == "MatchStarted":
            rng = SeededRng(seed, counter)
            state = system.setup(match.options, seats, rng)
            counter = rng.counter
        elif entry.get("kind") == "action":
            rng = SeededRng(seed, counter)
            state, _ = system.apply(state, entry["seat"], entry["action"], rng)
            counter = rng.counter
        elif draws:
            counter = _end_counter(seed, draws)
        if draws and counter != _end_counter(seed, draws):
            raise ReplayMismatch(f"entry #{entry.get('n')}: replay used draws up to {counter}")
    if counter != match.rng_counter:
        raise ReplayMismatch(f"the snapshot's generator is at {match.rng_counter}, the log's at {counter}")
    if state != match.state:
        raise ReplayMismatch("the replayed state differs from the stored snapshot")
    return state
