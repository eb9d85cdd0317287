"""Ratings with OpenSkill's Plackett-Luce model: each final played result, in the order it became final.

A draw is two equal ranks. Byes and double losses say nothing about skill and are left out. The
rating shown is ``mu`` with its uncertainty ``sigma`` and the ordinal ``mu - 3 sigma`` (the rating
one can be fairly sure the player is above); the table orders players by the ordinal.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce

from engine.league.results import Result


@dataclass(frozen=True, slots=True)
class Rating:
    user: int
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def ratings(results: Iterable[tuple[int, int, Result]]) -> dict[int, Rating]:
    """Ratings after ``(a, b, result)`` played in this order (a result told from a's side)."""
    model = PlackettLuce()
    current: dict[int, object] = {}
    games: dict[int, int] = {}
    for a, b, result in results:
        if result.double_loss:
            continue
        ra = current.get(a) or model.rating(name=str(a))
        rb = current.get(b) or model.rating(name=str(b))
        winner = result.winner
        ranks = [0, 0] if winner is None else [0, 1] if winner == "a" else [1, 0]
        [[ra], [rb]] = model.rate([[ra], [rb]], ranks=ranks)
        current[a], current[b] = ra, rb
        games[a], games[b] = games.get(a, 0) + 1, games.get(b, 0) + 1
    return {u: Rating(u, r.mu, r.sigma, games[u]) for u, r in current.items()}  # type: ignore[attr-defined]
