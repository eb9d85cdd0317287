"""A match result in a league: games won by each side, game score (glory, victory points) of each side."""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from engine.core.errors import InvalidInput

_PAIR = re.compile(r"^\s*(\d{1,4})\s*[-:/]\s*(\d{1,4})\s*$")


@dataclass(frozen=True, slots=True)
class Result:
    """``a`` and ``b`` are the pairing's two sides, in the order they were paired."""

    ga: int
    """Games won by side a (1-0 for a single game)."""
    gb: int
    sa: int = 0
    """Game score of side a (glory points, victory points...)."""
    sb: int = 0
    double_loss: bool = False
    """Neither side played by the deadline: both take a loss (the forfeit rule)."""

    @property
    def winner(self) -> str | None:
        """``"a"``, ``"b"``, or None for a draw or a double loss."""
        if self.double_loss or self.ga == self.gb:
            return None
        return "a" if self.ga > self.gb else "b"

    def swapped(self) -> Result:
        """The same result told from side b."""
        return Result(self.gb, self.ga, self.sb, self.sa, self.double_loss)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Result:
        return Result(**data)

    def text(self) -> str:
        """``2-1 (12-8)`` as a person writes it."""
        if self.double_loss:
            return "0-0 (double loss)"
        score = f" ({self.sa}-{self.sb})" if self.sa or self.sb else ""
        return f"{self.ga}-{self.gb}{score}"


def parse_pair(text: str, what: str) -> tuple[int, int]:
    """``"2-1"`` -> (2, 1).

    :raises InvalidInput: league.bad_pair
    """
    found = _PAIR.match(text or "")
    if not found:
        raise InvalidInput("league.bad_pair", what=what, value=(text or "")[:20])
    return int(found[1]), int(found[2])


def claimed(outcome: str, games: str | None = None, score: str | None = None) -> Result:
    """A result as the reporting player tells it, from their own side (their games first).

    ``outcome``: ``win``, ``loss`` or ``draw``; ``games`` such as ``2-1`` (default 1-0, 0-1 or 1-1);
    ``score`` the game scores such as ``12-8``.

    :raises InvalidInput: league.bad_outcome, league.bad_pair, league.outcome_mismatch
    """
    outcome = (outcome or "").strip().lower()
    default = {"win": (1, 0), "loss": (0, 1), "draw": (1, 1)}
    if outcome not in default:
        raise InvalidInput("league.bad_outcome", value=outcome[:20])
    mine, theirs = parse_pair(games, "games") if games else default[outcome]
    sm, st = parse_pair(score, "score") if score else (0, 0)
    said = "win" if mine > theirs else "loss" if mine < theirs else "draw"
    if said != outcome:
        raise InvalidInput("league.outcome_mismatch", outcome=outcome, games=f"{mine}-{theirs}")
    return Result(mine, theirs, sm, st)
