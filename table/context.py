"""Who is acting and where: the part of an interaction the table needs, free of Discord types."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Awaitable, Callable


@dataclass(frozen=True, slots=True)
class Actor:
    """A user as the table sees them."""

    user_id: int
    name: str
    moderator: bool = False
    """May manage threads in this server (may abandon any match)."""
    bot: bool = False


@dataclass(slots=True)
class Context:
    """One command's circumstances."""

    actor: Actor
    channel_id: int
    guild_id: int | None = None
    open_thread: Callable[[str], Awaitable[int]] | None = field(default=None, repr=False)
    """Opens a thread for a new match and returns its id (Discord: a public thread)."""
    interaction_id: int | None = None
    lang: str = "en"
    """Language of public messages (the server's); errors follow the user's own."""

    def say(self, key: str, **params: object) -> str:
        """A message in this context's language."""
        from table.i18n import message

        return message(key, self.lang, **params)


_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()-])")


def safe(text: str, limit: int = 100) -> str:
    """User-supplied text made inert in messages: markdown escaped, mass mentions broken, bounded."""
    text = _MARKDOWN.sub(r"\\\1", text[:limit])
    return text.replace("@", "@\u200b")
