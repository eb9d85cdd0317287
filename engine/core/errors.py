"""Errors the engine and the table raise: a namespaced code plus parameters, never prose.

The code (``core.not_your_turn``, ``chess.move.king_in_check``) maps to a message in
``data/i18n/<lang>.yaml``; the table turns it into an ephemeral reply. A refused
action leaves every state untouched.
"""
from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Base of every error a user can cause: a code and its parameters."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{type(self).__name__}({self.code!r}{', ' + args if args else ''})"


class InvalidInput(GameError):
    """The input does not parse: a malformed expression, an unknown option value."""


class IllegalAction(GameError):
    """The input parses but the rules forbid it now."""


class NotAllowed(GameError):
    """The user may not do this: not seated, not their side, not a moderator."""


class NotFound(GameError):
    """The thing named does not exist (no match here, unknown id)."""
