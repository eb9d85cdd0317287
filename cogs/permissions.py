"""The bot's own Discord permissions: what a match needs, and which of them a channel lacks.

Interaction responses and followups go through the interaction's webhook and need no channel
permission; everything else the bot does in a match thread (creating it, posting the invite,
taking stale buttons off, reminders) does. So a match is only created where all of them hold, and
a message the bot could not post is named with the permission it lacked.
"""
from __future__ import annotations

import discord

from engine.core.errors import NotAllowed
from table.reply import Reply

FOR_A_MATCH = ("view_channel", "send_messages", "send_messages_in_threads", "create_public_threads",
               "embed_links", "attach_files", "read_message_history")
"""What the bot needs in the channel where a match is opened (its thread inherits them)."""
NAMES = {"view_channel": "View Channel", "send_messages": "Send Messages",
         "send_messages_in_threads": "Send Messages in Threads", "create_public_threads": "Create Public Threads",
         "embed_links": "Embed Links", "attach_files": "Attach Files", "read_message_history": "Read Message History"}
"""Permission names as Discord's server settings show them."""


def needed_for(post: Reply, *, thread: bool = True) -> tuple[str, ...]:
    """What posting ``post`` needs, in a thread (a match's) or a channel."""
    send = "send_messages_in_threads" if thread else "send_messages"
    return ("view_channel", send) + (("embed_links",) if post.embeds else ()) + (
        ("attach_files",) if post.files else ())


def missing(permissions: discord.Permissions | None, needed: tuple[str, ...]) -> list[str]:
    """The names of the permissions in ``needed`` that ``permissions`` lacks (none when unknown)."""
    if permissions is None:
        return []
    if permissions.administrator:
        return []
    return [NAMES[p] for p in needed if not getattr(permissions, p)]


def require(permissions: discord.Permissions | None, needed: tuple[str, ...], where: str) -> None:
    """Refuse, naming each missing permission and where to grant it.

    :raises NotAllowed: discord.missing_permissions
    """
    lacking = missing(permissions, needed)
    if lacking:
        raise NotAllowed("discord.missing_permissions", permissions=", ".join(lacking), channel=where)
