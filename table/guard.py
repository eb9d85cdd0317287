"""One place that turns errors into replies, for every adapter (Discord and the local table)."""
from __future__ import annotations

import logging
import secrets
from typing import Awaitable

from engine.core.errors import GameError
from table.i18n import explain, message
from table.reply import Reply

log = logging.getLogger("table")


def error_reply(error: GameError, lang: str = "en") -> Reply:
    """The ephemeral answer to something a user got wrong."""
    return Reply(content=explain(error, lang), ephemeral=True, error="refused")


def crash_reply(exc: BaseException, *, where: str, lang: str = "en") -> Reply:
    """Log an unexpected exception under a short id and tell the user that id."""
    error_id = secrets.token_hex(4)
    log.error("unexpected error %s in %s", error_id, where, exc_info=exc, extra={"error_id": error_id})
    return Reply(content=message("core.internal_error", lang, error_id=error_id), ephemeral=True, error="crash")


async def guarded(work: Awaitable[Reply], *, where: str, lang: str = "en") -> Reply:
    """Await ``work``; a GameError or a crash becomes an ephemeral reply (nothing was saved)."""
    try:
        return await work
    except GameError as error:
        return error_reply(error, lang)
    except Exception as exc:  # noqa: BLE001 - every crash must reach the user as an id
        return crash_reply(exc, where=where, lang=lang)
