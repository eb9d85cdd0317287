"""A match at the table: who sits where, its lifecycle status, and the game state it carries.

Game-agnostic: the ``state`` is whatever the game system's ``setup``/``apply`` return.
"""
from __future__ import annotations

import secrets
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

SCHEMA_VERSION = 1


class Status(StrEnum):
    """Where a match is in its life."""

    INVITED = "invited"
    """Waiting for the invited players to accept."""
    ACTIVE = "active"
    """Being played."""
    FINISHED = "finished"
    """Won, drawn or conceded."""
    ABANDONED = "abandoned"
    """Stopped by both players or a moderator, with no result."""
    DECLINED = "declined"
    """An invited player said no (or the challenger withdrew)."""

    @property
    def over(self) -> bool:
        return self in (Status.FINISHED, Status.ABANDONED, Status.DECLINED)


class SeatHolder(BaseModel):
    """A user sitting at one seat (or the practice opponent: a negative ``user_id``, ``table/practice.py``)."""

    seat: str
    user_id: int
    name: str

    @property
    def mention(self) -> str:
        """How a message names them: a Discord mention, or the practice opponent's name."""
        return mention(self.user_id, self.name)


def mention(user_id: int, name: str) -> str:
    """``<@id>`` for a person; the practice opponent (a negative id, no Discord user) by its name."""
    return f"<@{user_id}>" if user_id >= 0 else name


class Match(BaseModel):
    """The stored snapshot of one match (JSON in Redis, written by compare-and-set)."""

    schema_version: int = SCHEMA_VERSION
    id: str
    game: str
    status: Status = Status.INVITED
    seats: list[SeatHolder]
    guild_id: int | None = None
    channel_id: int
    """The channel the match was opened from."""
    thread_id: int | None = None
    """The match's own thread, where it is played."""
    created_at: float
    updated_at: float
    finished_at: float | None = None
    version: int = 0
    """Compare-and-set token: incremented by every save."""
    seed_hash: str
    """SHA-256 of the match seed, published at the start."""
    seed: str | None = None
    """The seed in hex, revealed when the match is over."""
    rng_counter: int = 0
    """How many draws the match's generator has made."""
    options: dict[str, Any] = Field(default_factory=dict)
    state: dict[str, Any] | None = None
    outcome: dict[str, Any] | None = None
    """``{"winner": seat | None, "reason": ...}`` once over."""
    accepted: list[str] = Field(default_factory=list)
    """Invited seats that accepted so far (the match starts when every invited seat has)."""
    abandon_requests: list[str] = Field(default_factory=list)
    """Seats that asked to abandon."""
    log_length: int = 0
    """Entries appended to the match log."""
    panel_message_id: int | None = None
    """The message showing the match's turn panel (its buttons are removed when a new one is posted)."""
    lang: str = "en"
    """The language of the match's public messages (the server's, when the match was created)."""
    undo_request: dict[str, Any] | None = None
    """A pending request to take back the last action: ``{"n": log entry, "seat": ..., "by": user id}``."""
    practice: dict[str, str] = Field(default_factory=dict)
    """The seats the practice opponent plays, with its level (``table/practice.py``); never a league's match."""
    handover: dict[str, Any] | None = None
    """A seat offered to a substitute, waiting for their answer (``table.handover``): ``{"seat", "from", "to",
    "name", "by"}``."""

    @staticmethod
    def new_id() -> str:
        """A short random id, safe in custom ids and key hash tags."""
        return secrets.token_hex(5)

    def seat_of(self, user_id: int) -> str | None:
        """The seat ``user_id`` sits at, or None."""
        for holder in self.seats:
            if holder.user_id == user_id:
                return holder.seat
        return None

    def holder(self, seat: str) -> SeatHolder:
        """Who sits at ``seat``."""
        return next(h for h in self.seats if h.seat == seat)

    @property
    def where(self) -> int:
        """The channel the match is played in."""
        return self.thread_id or self.channel_id
