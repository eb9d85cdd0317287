"""Round robin by the circle method: everyone meets everyone once, one bye a round when the count is odd."""
from __future__ import annotations

from collections.abc import Sequence


def schedule(players: Sequence[int]) -> list[list[tuple[int, int | None]]]:
    """Every round's pairings; ``(x, None)`` is x's bye.

    One player stays put and the others turn around it one place a round (with an odd count, the
    empty seat is the bye), so n players (n even) play n - 1 rounds and never meet twice.
    """
    seats: list[int | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    rounds = []
    for _ in range(n - 1):
        pairs = []
        for i in range(n // 2):
            x, y = seats[i], seats[n - 1 - i]
            if x is None:
                x, y = y, x
            if x is not None:
                pairs.append((x, y))
        rounds.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds
