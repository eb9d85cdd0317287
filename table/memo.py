"""What a table works out for a match's state, kept for that state only.

A command asks for the legal actions and the views of the state it acts on, then its reply asks again for the new
state, which the next command reuses. Earlier states are never asked about again (a stale button is refused by its
log length before anything is worked out), so a match's entries go as soon as one for a later state is kept: the
memory held grows with the matches in play, not with the commands served (issue #39: RSS flat over 100,000
commands; a view is tens of KB, and a table kept 2,048 of them whatever their age).
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Generic, Hashable, TypeVar

V = TypeVar("V")

MATCHES_KEPT = 2048
"""Matches whose latest state's entries are kept, per table (those used least recently go first)."""


class LatestState(Generic[V]):
    """Values by match and key, for each match's latest state only (a state is named by the match's log length:
    every change of state appends to the log)."""

    def __init__(self, matches: int = MATCHES_KEPT) -> None:
        self.matches = matches
        self._kept: OrderedDict[str, tuple[int, dict[Hashable, V]]] = OrderedDict()

    def get(self, match_id: str, state: int, key: Hashable) -> V | None:
        kept = self._kept.get(match_id)
        if kept is None or kept[0] != state:
            return None
        self._kept.move_to_end(match_id)
        return kept[1].get(key)

    def __contains__(self, where: tuple[str, int, Hashable]) -> bool:
        kept = self._kept.get(where[0])
        return kept is not None and kept[0] == where[1] and where[2] in kept[1]

    def put(self, match_id: str, state: int, key: Hashable, value: V) -> None:
        """Keep ``value`` for the state; one for an earlier state than the one kept is not kept."""
        kept = self._kept.get(match_id)
        if kept is None or kept[0] < state:
            kept = self._kept[match_id] = (state, {})
        elif kept[0] > state:
            return
        kept[1][key] = value
        self._kept.move_to_end(match_id)
        while len(self._kept) > self.matches:
            self._kept.popitem(last=False)

    def clear(self) -> None:
        self._kept.clear()

    def __len__(self) -> int:
        """Entries kept, over every match."""
        return sum(len(entries) for _, entries in self._kept.values())
