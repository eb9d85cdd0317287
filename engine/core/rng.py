"""Randomness: a provably fair seeded generator for matches, the system generator for quick rolls.

A match's seed is ``HMAC-SHA256(server_secret, match_id)``. Draw number *n* is read from
``HMAC-SHA256(seed, n)``, so every logged roll can be recomputed from the revealed seed and
its draw number alone, in any order (``/match verify``). The generator's whole state is the
seed and a counter, which the table stores with the match.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import MutableSequence, Protocol, Sequence, TypeVar

T = TypeVar("T")

_SPACE = 1 << 256


class Rng(Protocol):
    """What the engine may ask of a random source."""

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        ...


def match_seed(server_secret: bytes, match_id: str) -> bytes:
    """The seed of one match, derived from the server secret and the match id."""
    return hmac.new(server_secret, match_id.encode(), hashlib.sha256).digest()


def seed_commitment(seed: bytes) -> str:
    """The SHA-256 of a seed, published when the match starts.

    >>> seed_commitment(bytes(32))[:16]
    '66687aadf862bd77'
    """
    return hashlib.sha256(seed).hexdigest()


class SeededRng:
    """Deterministic draws: draw ``n`` is ``HMAC-SHA256(seed, n)`` read as an integer.

    >>> a, b = SeededRng(bytes(32)), SeededRng(bytes(32))
    >>> [a.randbelow(6) for _ in range(5)] == [b.randbelow(6) for _ in range(5)]
    True
    """

    __slots__ = ("seed", "counter")

    def __init__(self, seed: bytes, counter: int = 0) -> None:
        self.seed = seed
        self.counter = counter

    def _draw(self) -> int:
        digest = hmac.new(self.seed, self.counter.to_bytes(8, "big"), hashlib.sha256).digest()
        self.counter += 1
        return int.from_bytes(digest, "big")

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("n must be positive")
        # Rejection keeps every value exactly uniform (a retry happens with probability < n / 2**256).
        limit = _SPACE - _SPACE % n
        while True:
            x = self._draw()
            if x < limit:
                return x % n


class SystemRng:
    """The operating system's generator, for quick rolls outside matches."""

    counter = 0

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("n must be positive")
        return secrets.randbelow(n)


def shuffled(rng: Rng, items: Sequence[T]) -> list[T]:
    """A new list with ``items`` in random order (Fisher-Yates over ``rng``)."""
    out: MutableSequence[T] = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        out[i], out[j] = out[j], out[i]
    return list(out)


def choice(rng: Rng, items: Sequence[T]) -> T:
    """One of ``items`` at random."""
    return items[rng.randbelow(len(items))]
