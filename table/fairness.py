"""Provably fair match dice at the table: recording every draw and verifying a revealed seed."""
from __future__ import annotations

from typing import Any, Iterable

from engine.core.rng import SeededRng, seed_commitment


class RecordingRng:
    """A match generator that remembers each draw as ``[counter, n, result]`` for the log."""

    def __init__(self, seed: bytes, counter: int) -> None:
        self._rng = SeededRng(seed, counter)
        self.draws: list[list[int]] = []

    @property
    def counter(self) -> int:
        return self._rng.counter

    def randbelow(self, n: int) -> int:
        start = self._rng.counter
        result = self._rng.randbelow(n)
        self.draws.append([start, n, result])
        return result


def verify_draws(seed: bytes, seed_hash: str, entries: Iterable[dict[str, Any]]) -> tuple[bool, int, str]:
    """Recompute every logged draw from the revealed seed.

    Returns (all good, draws checked, the first problem). Draws must follow each other
    with no gap, so no roll can have been made and hidden.
    """
    if seed_commitment(seed) != seed_hash:
        return False, 0, "the revealed seed does not match the commitment published at the start"
    expected_counter = 0
    checked = 0
    for entry in entries:
        for counter, n, result in entry.get("draws", ()):
            if counter != expected_counter:
                return False, checked, f"log entry #{entry.get('n')}: draw {counter} where {expected_counter} was due"
            rng = SeededRng(seed, counter)
            if rng.randbelow(n) != result:
                return False, checked, f"log entry #{entry.get('n')}: draw {counter} does not match the seed"
            expected_counter = rng.counter
            checked += 1
        if entry.get("reader") and entry.get("draws"):
            # Replay the roll itself, so the faces and result shown are bound to the draws.
            from table.dice_readers import read

            again = read(entry["reader"], SeededRng(seed, entry["draws"][0][0]), entry.get("options", {}))
            if again.rolls != entry.get("rolls") or again.summary != entry.get("text"):
                return False, checked, f"log entry #{entry.get('n')}: the roll shown differs from the seed's"
    return True, checked, ""
