"""The roll-off: the last tiebreaker, a seeded roll anyone can recompute once the seed is revealed.

Each player's roll is ``SHA-256(seed ":" user id)`` read as a number: the league publishes the seed's
hash when it is created and the seed when it closes, so nobody (the bot included) can choose who wins
a roll-off, and everybody can check it afterwards.
"""
from __future__ import annotations

import hashlib

ROLL_SIDES = 1_000_000
"""A roll is a number from 1 to this; higher wins."""


def commitment(seed: str) -> str:
    """The published hash of a league's roll-off seed."""
    return hashlib.sha256(seed.encode()).hexdigest()


def roll(seed: str, user: int) -> int:
    """The user's roll-off in this league (1..ROLL_SIDES)."""
    digest = hashlib.sha256(f"{seed}:{user}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % ROLL_SIDES + 1
