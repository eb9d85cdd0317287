"""Replaying a match from its seed and log: the audit that every stored snapshot is what its actions made.

Undo uses the same replay to rebuild the state before an action; actions taken back
(``ActionUndone``) are skipped. Reading the log uses it to give each action its events again, since the log
stores none (``with_events``; table/entries.py).
"""
from __future__ import annotations

from typing import Any, Iterator

from engine.core import system as systems
from engine.core.rng import SeededRng
from table.match import Match


class ReplayMismatch(AssertionError):
    """The log does not reproduce the stored snapshot."""


def undone_entries(entries: list[dict[str, Any]]) -> set[int]:
    """The log numbers of actions taken back."""
    return {int(e["undoes"]) for e in entries if e.get("event") == "ActionUndone" and "undoes" in e}


def _end_counter(seed: bytes, draws: list[list[int]]) -> int:
    start, n, _ = draws[-1]
    rng = SeededRng(seed, start)
    rng.randbelow(n)
    return rng.counter


def replay_until(match: Match, seed: bytes, log: list[dict[str, Any]],
                 stop: int | None = None) -> tuple[dict[str, Any] | None, int]:
    """The game state and generator counter just before entry ``stop`` (or after the whole log).

    Checks on the way that draws follow each other with no gap and that each action
    consumed exactly the draws it logged.
    """
    state, counter = None, 0
    for entry, _events, state, counter in replayed(match, seed, log, stop):
        pass
    return state, counter


def replayed(match: Match, seed: bytes, log: list[dict[str, Any]], stop: int | None = None
              ) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]] | None, dict[str, Any] | None, int]]:
    """Each entry before ``stop`` with the events its action made (None for other entries), and the state and
    counter after it. An action taken back made its events too (it drew nothing: see table/undo.py), but the
    state goes on without it."""
    system = systems.find_system(match.game)
    seats = tuple(h.seat for h in match.seats)
    undone = undone_entries(log)
    state: dict[str, Any] | None = None
    counter = 0
    for entry in log:
        if entry.get("n") == stop:
            break
        events = None
        draws = entry.get("draws") or []
        if draws and draws[0][0] != counter:
            raise ReplayMismatch(f"entry #{entry.get('n')}: draw {draws[0][0]} where {counter} was due")
        if entry.get("event") == "MatchStarted":
            rng = SeededRng(seed, counter)
            state = system.setup(match.options, seats, rng)
            counter = rng.counter
        elif entry.get("event") == "SeatConceded":  # one of several players left; the game took the seat out
            after = system.concede(state, entry["seat"])  # type: ignore[attr-defined]
            state = after if isinstance(after, dict) else state
        elif entry.get("kind") == "action" and entry.get("n") not in undone:
            rng = SeededRng(seed, counter)
            state, events = system.apply(state, entry["seat"], entry["action"], rng)
            counter = rng.counter
        elif entry.get("kind") == "action":
            _, events = system.apply(state, entry["seat"], entry["action"], SeededRng(seed, counter))
        elif draws:
            counter = _end_counter(seed, draws)
        if draws and counter != _end_counter(seed, draws):
            raise ReplayMismatch(f"entry #{entry.get('n')}: replay used draws up to {counter}")
        yield entry, events, state, counter


def with_events(match: Match, seed: bytes, log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log with each action's events, replayed from the seed where the entry does not hold them (the
    compact format stores none: table/entries.py). ``log`` must start at the match's first entry.

    :raises ReplayMismatch: the log does not replay (then the events are unknown)
    """
    out = []
    for entry, events, _state, _counter in replayed(match, seed, log):
        out.append({**entry, "events": events} if events is not None and "events" not in entry else entry)
    return out


def replay(match: Match, seed: bytes, log: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The state the whole log produces; raises ``ReplayMismatch`` unless it equals the stored snapshot."""
    state, counter = replay_until(match, seed, log)
    if counter != match.rng_counter:
        raise ReplayMismatch(f"the snapshot's generator is at {match.rng_counter}, the log's at {counter}")
    if state != match.state:
        raise ReplayMismatch("the replayed state differs from the stored snapshot")
    return state
