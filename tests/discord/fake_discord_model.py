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
VIEW_CHANNEL, SEND_MESSAGES, SEND_TTS_MESSAGES, MANAGE_MESSAGES = 1 << 10, 1 << 11, 1 << 12, 1 << 13
EMBED_LINKS, ATTACH_FILES, READ_MESSAGE_HISTORY, MENTION_EVERYONE = 1 << 14, 1 << 15, 1 << 16, 1 << 17
USE_EXTERNAL_EMOJIS, MANAGE_ROLES, USE_APPLICATION_COMMANDS = 1 << 18, 1 << 28, 1 << 31
MANAGE_THREADS, CREATE_PUBLIC_THREADS, CREATE_PRIVATE_THREADS = 1 << 34, 1 << 35, 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

_PERMISSION_NAMES = {
    "ADMINISTRATOR": ADMINISTRATOR, "MANAGE_CHANNELS": MANAGE_CHANNELS, "MANAGE_GUILD": MANAGE_GUILD,
    "ADD_REACTIONS": ADD_REACTIONS, "VIEW_CHANNEL": VIEW_CHANNEL, "SEND_MESSAGES": SEND_MESSAGES,
    "SEND_TTS_MESSAGES": SEND_TTS_MESSAGES, "MANAGE_MESSAGES": MANAGE_MESSAGES, "EMBED_LINKS": EMBED_LINKS,
    "ATTACH_FILES": ATTACH_FILES, "READ_MESSAGE_HISTORY": READ_MESSAGE_HISTORY, "MENTION_EVERYONE": MENTION_EVERYONE,
    "USE_EXTERNAL_EMOJIS": USE_EXTERNAL_EMOJIS, "MANAGE_ROLES": MANAGE_ROLES,
    "USE_APPLICATION_COMMANDS": USE_APPLICATION_COMMANDS, "MANAGE_THREADS": MANAGE_THREADS,
    "CREATE_PUBLIC_THREADS": CREATE_PUBLIC_THREADS, "CREATE_PRIVATE_THREADS": CREATE_PRIVATE_THREADS,
    "SEND_MESSAGES_IN_THREADS": SEND_MESSAGES_IN_THREADS,
}

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


def computed_permissions(guild: "FakeGuild", channel: "FakeChannel", user_id: int) -> int:
    """Discord's ``compute_permissions``: the guild permissions, then the channel's overwrites
    (@everyone, the member's roles together, the member), administrators bypassing them. A
    thread has no overwrites of its own: it uses its parent's. Implicit rules are not applied
    (this is what an interaction's ``app_permissions`` and ``member.permissions`` carry)."""
    perms = permissions_of(guild, user_id)
    if perms & ADMINISTRATOR:
        return ALL_PERMISSIONS
    source = guild.channels.get(channel.parent_id) if channel.is_thread and channel.parent_id else channel
    overwrites = source.overwrites if source is not None else {}
    everyone = overwrites.get(guild.id)
    if everyone is not None:
        perms = (perms & ~everyone.deny) | everyone.allow
    member = guild.members.get(user_id)
    allow = deny = 0
    for role_id in member.role_ids if member else ():
        role_overwrite = overwrites.get(role_id)
        if role_overwrite is not None and role_overwrite.type == ROLE_OVERWRITE:
            allow, deny = allow | role_overwrite.allow, deny | role_overwrite.deny
    perms = (perms & ~deny) | allow
    own = overwrites.get(user_id)
    if own is not None and own.type == MEMBER_OVERWRITE:
        perms = (perms & ~own.deny) | own.allow
    return perms


def effective_permissions(guild: "FakeGuild", channel: "FakeChannel", user_id: int) -> int:
    """What a member can actually do in a channel or thread: :func:`computed_permissions` plus
    Discord's implicit rules. No VIEW_CHANNEL (or a private thread one is neither a member of nor
    has MANAGE_THREADS for) -> nothing at all; unable to send (SEND_MESSAGES, or in a thread
    SEND_MESSAGES_IN_THREADS) -> no EMBED_LINKS, ATTACH_FILES, MENTION_EVERYONE, SEND_TTS_MESSAGES."""
    perms = computed_permissions(guild, channel, user_id)
    if perms & ADMINISTRATOR:
        return ALL_PERMISSIONS
    if channel.type == PRIVATE_THREAD and user_id not in channel.member_ids and not perms & MANAGE_THREADS:
        perms &= ~VIEW_CHANNEL
    if not perms & VIEW_CHANNEL:
        return 0
    if not perms & (SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES):
        perms &= ~(EMBED_LINKS | ATTACH_FILES | MENTION_EVERYONE | SEND_TTS_MESSAGES)
    return perms


def permission_names(bits: int) -> list[str]:
    """``["ATTACH_FILES", ...]``: the names of the permission bits set in ``bits`` (for messages)."""
    return [name for name, value in _PERMISSION_NAMES.items() if bits & value]


ROLE_OVERWRITE, MEMBER_OVERWRITE = 0, 1


def message_text(message) -> str:
    """Every word a reader sees in a message: content, embeds, button and menu labels (a leak check reads it)."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.get("title") or "", embed.get("description") or "", (embed.get("footer") or {}).get("text", "")]
        parts += [f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []]
    parts += [c.get("label") or "" for c in walk_components(message.components)]
    parts += [o.get("label", "") for c in walk_components(message.components) for o in c.get("options") or []]
    return "\n".join(parts)


@dataclass(eq=False)
class Overwrite:
    """A channel permission overwrite for a role (type 0; the @everyone role's id is the
    guild's) or a member (type 1)."""
    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> JSON:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


@dataclass(eq=False)
class Refusal:
    """Discord refusing a bot's REST call because of the server's state, not because the bot broke
    a rule (so not a violation): a missing permission (403: 50001 Missing Access, 50013 Missing
    Permissions), an archived or locked thread (400: 50083, 160005), a deleted channel (404: 10003).
    ``status`` 200 means the call succeeded but Discord silently dropped part of it (embeds
    without EMBED_LINKS). ``missing``: the permission bits lacked, if any."""
    call: "Call"
    status: int
    code: int
    message: str
    channel_id: Optional[int] = None
    missing: int = 0

    @property
    def missing_names(self) -> list[str]:
        return permission_names(self.missing)

    def __repr__(self) -> str:
        lacking = f" missing {'|'.join(self.missing_names)}" if self.missing else ""
        return f"<Refusal {self.call.method} {self.call.path} -> {self.status} {self.code} {self.message}{lacking}>"


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
    overwrites: dict[int, "Overwrite"] = field(default_factory=dict)
    """Permission overwrites by role or user id (text channels; a thread uses its parent's)."""

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
            data.update({"position": self.position, "parent_id": None,
                         "permission_overwrites": [o.payload() for o in self.overwrites.values()],
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
    shard: Optional[int] = None                # the shard that carried it (0 when unsharded)
    session_id: Optional[str] = None           # the gateway session it was sent to (which bot process)
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
