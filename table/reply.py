"""What the table answers: plain data that the Discord cogs and the local table both render.

No discord.py types here, so the same reply is sent to Discord, printed in the
terminal, or dumped as JSON by ``bot.py --script --json``.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

ButtonStyle = Literal["primary", "secondary", "success", "danger"]


@dataclass(slots=True)
class Button:
    """A button; ``custom_id`` is routed back to ``Table.press``."""

    custom_id: str
    label: str
    style: ButtonStyle = "secondary"
    disabled: bool = False


@dataclass(slots=True)
class MenuOption:
    """One choice of a select menu."""

    label: str
    value: str
    description: str = ""


@dataclass(slots=True)
class Select:
    """A select menu (one choice); ``custom_id`` is routed back like a button's, with the value chosen."""

    custom_id: str
    placeholder: str
    options: list[MenuOption] = field(default_factory=list)
    disabled: bool = False


@dataclass(slots=True)
class Field:
    """One embed field."""

    name: str
    value: str
    inline: bool = True


@dataclass(slots=True)
class Embed:
    """A rich block of text (Discord embed limits are checked by the cogs' tests)."""

    title: str = ""
    description: str = ""
    fields: list[Field] = field(default_factory=list)
    color: int | None = None
    footer: str = ""
    image: str | None = None
    """The name of an attached file to show inside the embed."""


@dataclass(slots=True)
class File:
    """An attachment (PNG images)."""

    name: str
    data: bytes
    description: str = ""
    """Its alt text (Discord's attachment ``description``, at most ``ALT_TEXT_LIMIT`` characters): what a screen
    reader says instead of the image."""


@dataclass(slots=True)
class Reply:
    """One message, and what to post elsewhere alongside it."""

    content: str = ""
    embeds: list[Embed] = field(default_factory=list)
    files: list[File] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    selects: list[Select] = field(default_factory=list)
    """Select menus, each on its own row above the buttons."""
    ephemeral: bool = False
    silent: bool = False
    """Posted without a notification (Discord's ``@silent``): a reminder to players in their quiet hours."""
    mentions: list[int] = field(default_factory=list)
    """User ids this message may ping; nobody else is ever pinged."""
    posts: list[tuple[int, "Reply"]] = field(default_factory=list)
    """Further messages for other channels (the match thread), as (channel id, reply)."""
    error: str | None = None
    """``refused`` (the user got something wrong) or ``crash``; None for a normal answer."""
    retire: bool = False
    """The button or menu used has done its job (an invitation answered): its message loses its components."""
    panel: str | None = None
    """A match id: this message becomes that match's turn panel (the adapter records its message id
    with ``Table.set_panel`` and removes the buttons of the previous panel)."""
    pause: bool = False
    """A move of the practice opponent: posted after a pause (``Settings.practice_pause_seconds``), so the player
    can follow each move as it comes."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary (files by name and size only)."""
        return {
            "content": self.content,
            "ephemeral": self.ephemeral,
            "silent": self.silent,
            "embeds": [asdict(e) for e in self.embeds],
            "files": [{"name": f.name, "bytes": len(f.data), "description": f.description} for f in self.files],
            "buttons": [asdict(b) for b in self.buttons],
            "selects": [asdict(s) for s in self.selects],
            "posts": [{"channel": c, **r.to_json()} for c, r in self.posts],
        }
