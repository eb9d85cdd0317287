"""The data model of the fake Discord (see ``fake_discord.py``): users, guilds, roles,
channels, threads, messages, recorded REST calls and interaction results, plus the JSON
payloads Discord would send for them (shaped for discord.py 2.7).

Nothing here does I/O; :class:`FakeDiscord` owns the objects and serves them.
"""
from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import re
import time
from dataclasses import dataclass, field
from typing import Any, Optional, Protocol

JSON = dict[str, Any]


class Owner(Protocol):
    """What the objects here read of the fake that owns them (``fake_discord.FakeDiscord``). A protocol,
    so this module does not import ``fake_discord.py``, which imports it."""

    users: dict[int, FakeUser]
    channels: dict[int, FakeChannel]


# --- permissions (bit values from the Discord API) -----------------------------------------
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS, MANAGE_GUILD, ADD_REACTIONS = 1 << 4, 1 << 5, 1 << 6
VIEW_CHANNEL, SEND_MESSAGES, MANAGE_MESSAGES = 1 << 10, 1 << 11, 1 << 13
EMBED_LINKS, ATTACH_FILES, READ_MESSAGE_HISTORY = 1 << 14, 1 << 15, 1 << 16
USE_EXTERNAL_EMOJIS, USE_APPLICATION_COMMANDS = 1 << 18, 1 << 31
MANAGE_THREADS, CREATE_PUBLIC_THREADS, CREATE_PRIVATE_THREADS = 1 << 34, 1 << 35, 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

EVERYONE_PERMISSIONS = (VIEW_CHANNEL | SEND_MESSAGES | ADD_REACTIONS | EMBED_LINKS | ATTACH_FILES
                        | READ_MESSAGE_HISTORY | USE_EXTERNAL_EMOJIS | USE_APPLICATION_COMMANDS
                        | CREATE_PUBLIC_THREADS | CREATE_PRIVATE_THREADS | SEND_MESSAGES_IN_THREADS)
MODERATOR_PERMISSIONS = MANAGE_THREADS | MANAGE_GUILD | MANAGE_MESSAGES | MANAGE_CHANNELS
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_THREADS | MANAGE_MESSAGES

# --- message flags / channel types ------------------------------------------------------------
EPHEMERAL, LOADING = 1 << 6, 1 << 7
TEXT_CHANNEL, DM_CHANNEL, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12

DISCORD_EPOCH_MS = 1420070400000
_last_snowflake = 0


def snowflake() -> int:
    """A fresh, increasing Discord snowflake whose timestamp is now."""
    global _last_snowflake
    value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
    _last_snowflake = max(value, _last_snowflake + 1)
    return _last_snowflake


def iso_now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat()


def permissions_of(guild: "FakeGuild", user_id: int) -> int:
    """A member's guild permissions: @everyone plus their roles (administrator = all)."""
    if user_id == guild.owner_id:
        return ALL_PERMISSIONS
    member = guild.members.get(user_id)
    perms = guild.roles[guild.id].permissions
    for role_id in member.role_ids if member else ():
        perms |= guild.roles[role_id].permissions
    return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms


@dataclass(eq=False)
class FakeUser:
    """A Discord user. ``mention`` gives ``<@id>`` for message content."""
    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"
    """The language of the user's Discord client (``locale`` of their interactions)."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> JSON:
        return {"id": str(self.id), "username": self.name, "global_name": self.name, "discriminator": "0",
                "avatar": None, "bot": self.bot, "system": False, "public_flags": 0, "flags": 0,
                "banner": None, "accent_color": None, "avatar_decoration_data": None}


@dataclass(eq=False)
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> JSON:
        return {"id": str(self.id), "name": self.name, "permissions": str(self.permissions),
                "position": self.position, "color": 0, "colors": {"primary_color": 0}, "hoist": False,
                "managed": False, "mentionable": False, "icon": None, "unicode_emoji": None, "flags": 0}


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    role_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)

    def payload(self, *, with_user: bool = True, permissions: Optional[int] = None) -> JSON:
        data = {"roles": [str(r) for r in self.role_ids], "joined_at": self.joined_at, "nick": None,
                "avatar": None, "banner": None, "deaf": False, "mute": False, "flags": 0, "pending": False,
                "premium_since": None, "communication_disabled_until": None}
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class FakeChannel:
    """A text channel, a thread (type 11/12) or a DM channel (type 1)."""
    id: int
    guild_id: Optional[int]
    name: str
    type: int = TEXT_CHANNEL
    position: int = 0
    parent_id: Optional[int] = None
    owner_id: Optional[int] = None
    topic: Optional[str] = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    rate_limit_per_user: int = 0
    member_ids: set[int] = field(default_factory=set)
    recipients: list[FakeUser] = field(default_factory=list)
    message_count: int = 0
    last_message_id: Optional[int] = None
    created_at: str = field(default_factory=iso_now)
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in (10, PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> JSON:
        data: JSON = {"id": str(self.id), "type": self.type, "name": self.name, "flags": 0,
                      "last_message_id": str(self.last_message_id) if self.last_message_id else None,
                      "rate_limit_per_user": self.rate_limit_per_user}
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.type == DM_CHANNEL:
            data["recipients"] = [u.payload() for u in self.recipients]
        elif self.is_thread:
            data.update({
                "parent_id": str(self.parent_id), "owner_id": str(self.owner_id),
                "message_count": self.message_count, "member_count": len(self.member_ids),
                "total_message_sent": self.message_count,
                "thread_metadata": {"archived": self.archived, "locked": self.locked,
                                    "auto_archive_duration": self.auto_archive_duration,
                                    "archive_timestamp": self.created_at, "invitable": self.invitable,
                                    "create_timestamp": self.created_at}})
        else:
            data.update({"position": self.position, "permission_overwrites": [], "parent_id": None,
                         "topic": self.topic, "nsfw": False, "default_auto_archive_duration": 1440})
        return data


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    moderator_role_id: int = 0
    bot_role_id: int = 0
    joined_at: str = field(default_factory=iso_now)
    locale: str = "en-US"
    """The server's language (``guild_locale`` of its interactions)."""

    @property
    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.type == TEXT_CHANNEL and not c.deleted]

    @property
    def threads(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.is_thread and not c.deleted]

    def payload(self) -> JSON:
        """The full GUILD_CREATE payload (all members included, so it counts as chunked)."""
        return {
            "id": str(self.id), "name": self.name, "icon": None, "splash": None, "discovery_splash": None,
            "banner": None, "description": None, "owner_id": str(self.owner_id), "region": None,
            "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0,
            "nsfw_level": 0, "premium_tier": 0, "premium_subscription_count": 0, "features": [],
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None,
            "public_updates_channel_id": None, "preferred_locale": "en-US", "vanity_url_code": None,
            "max_members": 500000, "max_presences": None, "premium_progress_bar_enabled": False,
            "roles": [r.payload() for r in self.roles.values()], "emojis": [], "stickers": [],
            "joined_at": self.joined_at, "large": False, "unavailable": False,
            "member_count": len(self.members),
            "members": [m.payload() for m in self.members.values()],
            "channels": [c.payload() for c in self.text_channels],
            "threads": [c.payload() for c in self.threads if not c.archived],
            "presences": [], "voice_states": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [], "application_command_counts": {},
        }


@dataclass(eq=False)
class FakeMessage:
    """A message stored by the fake. ``files`` maps attachment filename to its bytes."""
    id: int
    channel_id: int
    guild_id: Optional[int]
    author: FakeUser
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    flags: int = 0
    allowed_mentions: Optional[JSON] = None
    attachments: list[JSON] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)
    type: int = 0
    webhook_id: Optional[int] = None
    interaction: Optional[JSON] = None       # interaction_metadata
    thread_id: Optional[int] = None          # a thread started from this message
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: Optional[str] = None
    deleted: bool = False
    edits: int = 0
    reactions: list[str] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred ("Bot is thinking...") message not yet resolved by a followup or edit."""
        return bool(self.flags & LOADING)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if c.get("custom_id")]

    def component(self, custom_id: Optional[str] = None, *, label: Optional[str] = None) -> Optional[JSON]:
        """The first component with this custom id (or button label), or None."""
        for comp in walk_components(self.components):
            if custom_id is not None and comp.get("custom_id") == custom_id:
                return comp
            if label is not None and comp.get("label") == label:
                return comp
        return None

    def payload(self, fake: Owner) -> JSON:
        mentions = [fake.users[int(i)] for i in re.findall(r"<@!?(\d+)>", self.content) if int(i) in fake.users]
        data: JSON = {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": self.author.payload(),
            "content": self.content, "timestamp": self.timestamp, "edited_timestamp": self.edited_timestamp,
            "tts": False, "mention_everyone": False, "mentions": [u.payload() for u in mentions],
            "mention_roles": re.findall(r"<@&(\d+)>", self.content), "mention_channels": [],
            "attachments": list(self.attachments), "embeds": list(self.embeds),
            "components": list(self.components), "reactions": [], "pinned": False, "type": self.type,
            "flags": self.flags, "sticker_items": [],
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction is not None:
            data["interaction_metadata"] = self.interaction
        if self.thread_id is not None and self.thread_id in fake.channels:
            data["thread"] = fake.channels[self.thread_id].payload()
        return data


def walk_components(components: list[JSON]):
    """Every component, depth first, including those nested in rows, sections and labels."""
    for comp in components or []:
        yield comp
        yield from walk_components(comp.get("components") or [])
        for key in ("component", "accessory"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


@dataclass(eq=False)
class Call:
    """One REST request the bot made. ``path`` is relative to ``/api/v10``; ``json`` is the
    JSON body (or ``payload_json`` of a multipart body); ``files`` maps upload filenames to
    bytes; ``interaction`` is the :class:`InteractionResult` the call belongs to, if any."""
    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: dict[str, bytes]
    headers: dict[str, str]
    uploads: dict[int, tuple[str, bytes]] = field(default_factory=dict, repr=False)   # files[n] -> (name, bytes)
    status: int = 0
    response: Any = None
    interaction: Optional["InteractionResult"] = None
    at: float = field(default_factory=time.monotonic)

    def __repr__(self) -> str:
        return f"<Call {self.method} {self.path} -> {self.status}>"


_counter = itertools.count(1)


@dataclass(eq=False)
class InteractionResult:
    """Everything the bot did in answer to one interaction the fake sent.

    It keeps filling in after it is returned (a late followup still lands in
    ``messages``); :meth:`wait_for_messages` waits for more. The *primary* message is the
    response message (for a deferred command, the one the first followup/edit resolved;
    for a button answered with an update, the updated message).
    """
    fake: Owner
    id: int
    token: str
    type: int                                  # interaction type: 2 command, 3 component, 4 autocomplete, 5 modal
    kind: str                                  # "slash", "click", "select", "autocomplete", "modal"
    name: str                                  # command path or custom id, for messages
    user: FakeUser
    channel: FakeChannel
    source_message: Optional[FakeMessage] = None
    payload: JSON = field(default_factory=dict, repr=False)   # the INTERACTION_CREATE data sent
    sent_at: float = 0.0
    callback_type: Optional[int] = None
    callback_data: Optional[JSON] = None
    acknowledged_after: Optional[float] = None
    original: Optional[FakeMessage] = None
    messages: list[FakeMessage] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    choices: Optional[list[JSON]] = None
    modal: Optional[JSON] = None
    seq: int = field(default_factory=lambda: next(_counter))
    _updated: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    _last_change: float = field(default_factory=time.monotonic, repr=False)

    def touch(self) -> None:
        self._last_change = time.monotonic()
        self._updated.set()

    def add_message(self, message: FakeMessage) -> None:
        if message not in self.messages:
            self.messages.append(message)
        self.touch()

    @property
    def responded(self) -> bool:
        return self.callback_type is not None

    @property
    def deferred(self) -> bool:
        """The first answer was a defer (callback type 5 "thinking", or 6 for components)."""
        return self.callback_type in (5, 6)

    @property
    def answered(self) -> bool:
        """Acknowledged, and a deferred "thinking" message has been resolved."""
        if self.callback_type is None:
            return False
        if self.callback_type == 5 and self.original is not None:
            return not self.original.loading or self.original.deleted
        return True

    @property
    def message(self) -> Optional[FakeMessage]:
        """The primary message (see class docs), else the first message produced."""
        if self.original is not None:
            return self.original
        return self.messages[0] if self.messages else None

    @property
    def ephemeral(self) -> bool:
        msg = self.message
        return bool(msg and msg.ephemeral)

    @property
    def content(self) -> str:
        msg = self.message
        return msg.content if msg else ""

    @property
    def embeds(self) -> list[JSON]:
        msg = self.message
        return msg.embeds if msg else []

    @property
    def components(self) -> list[JSON]:
        msg = self.message
        return msg.components if msg else []

    @property
    def files(self) -> dict[str, bytes]:
        """Attachments of every message this interaction produced (filename -> bytes)."""
        out: dict[str, bytes] = {}
        for msg in self.messages:
            out.update(msg.files)
        return out

    @property
    def followups(self) -> list[FakeMessage]:
        return [m for m in self.messages if m is not self.original]

    @property
    def text(self) -> str:
        """Content and embed text of all messages, for loose assertions."""
        parts = []
        for msg in self.messages:
            parts.append(msg.content)
            for emb in msg.embeds:
                parts += [emb.get("title") or "", emb.get("description") or ""]
                parts += [f"{f.get('name')} {f.get('value')}" for f in emb.get("fields") or []]
        return "\n".join(p for p in parts if p)

    async def wait_for_messages(self, count: int, timeout: float = 5.0) -> list[FakeMessage]:
        """Wait until this interaction has produced at least ``count`` messages."""
        deadline = time.monotonic() + timeout
        while len(self.messages) < count:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"{self.describe()}: expected {count} messages, got {len(self.messages)}")
            self._updated.clear()
            try:
                await asyncio.wait_for(self._updated.wait(), remaining)
            except asyncio.TimeoutError:
                pass
        return self.messages

    def describe(self) -> str:
        return f"interaction {self.kind} {self.name!r} (id {self.id})"

    def __repr__(self) -> str:
        return (f"<InteractionResult {self.kind} {self.name!r} callback={self.callback_type} "
                f"messages={len(self.messages)} ephemeral={self.ephemeral}>")
