"""An offline fake Discord (gateway websocket + REST, aiohttp) for the real discord.py client.

The bot under test runs unchanged: :meth:`FakeDiscord.patch_client` points
``discord.http.Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY`` at the fake (and
``launcher/sitecustomize.py`` does the same for a ``python bot.py`` subprocess). Tests then
act as users (:meth:`~FakeDiscord.slash`, :meth:`~FakeDiscord.click`,
:meth:`~FakeDiscord.select`, :meth:`~FakeDiscord.autocomplete`, ...) and inspect what the
bot did: the :class:`InteractionResult` of each interaction, every REST call
(``fake.calls``), the messages stored per channel, and Discord-rule violations
(``fake.violations``), which tests assert empty.

Files: this one (server lifecycle, world building, gateway, acting as users),
``fake_discord_rest.py`` (REST routes, message store), ``fake_discord_model.py`` (model
objects and their JSON payloads), ``limits.py`` (pure rule checks).

Rules enforced like Discord does (each recorded in ``violations``; the request gets
Discord's error status where Discord would refuse it): acknowledging an interaction twice
(400/40060) or after 3 s (404/10062), followups before the acknowledgement, message limits
(content, embeds, components; 400/50035), empty messages (400/50006), command-tree limits
on sync, unsafe @everyone/role pings (accepted, but recorded), and an ephemeral followup
that Discord would in fact show publicly (the first followup after a public defer).
Acting as a user also respects what Discord's client allows: only synced options and
choices, required options, ``default_member_permissions``, enabled components, channels the
user can see.

Permissions are per channel, computed like Discord (guild roles, then channel overwrites;
threads use their parent's; :meth:`FakeDiscord.set_permissions`, :meth:`~FakeDiscord.bot_permissions`).
The bot's REST calls in a channel are checked against them and refused with Discord's errors
(403 50001/50013; 400 50083/160005 for archived/locked threads; 404 10003 once deleted), which
are recorded in ``refusals``, not ``violations``. Interaction responses are never checked.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import time
import zlib
from pathlib import Path
from typing import Any, AsyncIterator, Optional, Union

import aiohttp
import yarl
from aiohttp import web

from tests.discord.fake_discord_model import (ADD_REACTIONS, ADMINISTRATOR, ALL_PERMISSIONS, ATTACH_FILES,
                                              BOT_PERMISSIONS, CREATE_PRIVATE_THREADS, CREATE_PUBLIC_THREADS,
                                              DM_CHANNEL, EMBED_LINKS, EVERYONE_PERMISSIONS, JSON, MANAGE_CHANNELS,
                                              MANAGE_GUILD, MANAGE_MESSAGES, MANAGE_ROLES, MANAGE_THREADS,
                                              MEMBER_OVERWRITE, MENTION_EVERYONE, MODERATOR_PERMISSIONS,
                                              PRIVATE_THREAD, PUBLIC_THREAD, READ_MESSAGE_HISTORY, ROLE_OVERWRITE,
                                              SEND_MESSAGES, SEND_MESSAGES_IN_THREADS, SEND_TTS_MESSAGES, TEXT_CHANNEL,
                                              USE_APPLICATION_COMMANDS, USE_EXTERNAL_EMOJIS, VIEW_CHANNEL, Call,
                                              FakeChannel, FakeGuild, FakeMember, FakeMessage, FakeRole, FakeUser,
                                              InteractionResult, Overwrite, Refusal, computed_permissions,
                                              effective_permissions, permission_names, permissions_of, snowflake)
from tests.discord.fake_discord_rest import (APP_COMMAND, AUTOCOMPLETE, COMPONENT, GUILD_MEMBERS, GUILD_MESSAGES,
                                             DIRECT_MESSAGES, MESSAGE_CONTENT, MODAL_SUBMIT, RestRoutes,
                                             send_permission)

__all__ = ["FakeDiscord", "FakeUser", "FakeGuild", "FakeChannel", "FakeMessage", "FakeRole",
           "InteractionResult", "Call", "Refusal", "Overwrite", "LAUNCHER_DIR", "permission_names",
           # permission bits, for set_permissions & co
           "ADMINISTRATOR", "ALL_PERMISSIONS", "MANAGE_CHANNELS", "MANAGE_GUILD", "ADD_REACTIONS", "VIEW_CHANNEL",
           "SEND_MESSAGES", "SEND_TTS_MESSAGES", "MANAGE_MESSAGES", "EMBED_LINKS", "ATTACH_FILES",
           "READ_MESSAGE_HISTORY", "MENTION_EVERYONE", "USE_EXTERNAL_EMOJIS", "MANAGE_ROLES",
           "USE_APPLICATION_COMMANDS", "MANAGE_THREADS", "CREATE_PUBLIC_THREADS", "CREATE_PRIVATE_THREADS",
           "SEND_MESSAGES_IN_THREADS"]

LAUNCHER_DIR = Path(__file__).resolve().parent / "launcher"
OPTION_TYPES = {bool: 5, int: 4, float: 10, str: 3, FakeUser: 6, FakeChannel: 7, FakeRole: 8}


def _snowflake_on_shard(shard: int, shard_count: int) -> int:
    """A fresh snowflake that Discord routes to ``shard`` (its timestamp, ``id >> 22``, picked to match)."""
    import tests.discord.fake_discord_model as model

    assert 0 <= shard < shard_count, f"shard {shard} is not one of 0..{shard_count - 1}"
    stamp = snowflake() >> 22
    stamp += (shard - stamp) % shard_count
    model._last_snowflake = max(stamp << 22, model._last_snowflake + 1)
    return model._last_snowflake


class _Connection:
    """One gateway websocket; a single writer task keeps frames in order."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[Optional[JSON]] = asyncio.Queue()
        self.zlib = zlib.compressobj() if compress else None
        self.session: Optional[_Session] = None

    def send(self, payload: Optional[JSON]) -> None:
        self.queue.put_nowait(payload)

    async def writer(self) -> None:
        while (payload := await self.queue.get()) is not None:
            data = json.dumps(payload)
            try:
                if self.zlib is not None:
                    await self.ws.send_bytes(self.zlib.compress(data.encode()) + self.zlib.flush(zlib.Z_SYNC_FLUSH))
                else:
                    await self.ws.send_str(data)
            except (ConnectionError, RuntimeError):
                return


class _Session:
    def __init__(self, intents: int, shard: Optional[list[int]]) -> None:
        self.id = secrets.token_hex(16)
        self.intents, self.shard = intents, shard
        self.seq = 0
        self.history: list[JSON] = []
        self.connection: Optional[_Connection] = None

    def serves(self, guild_id: Optional[int]) -> bool:
        """Discord's routing: a guild's events go to shard ``(guild_id >> 22) % shard_count``, DMs to shard 0."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return shard_id == ((guild_id or 0) >> 22) % count


class _ClientPatch:
    """Applied when created; restored by ``with``-exit or :meth:`restore`."""

    def __init__(self, fake: "FakeDiscord") -> None:
        import discord.asset
        import discord.gateway
        import discord.http
        self._targets = [(discord.http.Route, "BASE", fake.rest_base),
                         (discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)),
                         (discord.asset.Asset, "BASE", fake.base_url)]
        self._saved = [(obj, name, getattr(obj, name)) for obj, name, _ in self._targets]
        for obj, name, value in self._targets:
            setattr(obj, name, value)

    def restore(self) -> None:
        for obj, name, value in self._saved:
            setattr(obj, name, value)

    def __enter__(self) -> "_ClientPatch":
        return self

    def __exit__(self, *exc: object) -> None:
        self.restore()


class FakeDiscord(RestRoutes):
    """A local Discord: one application/bot, guilds, channels, threads, users, messages.

    ``default_guild=True`` creates ``fake.guild`` with a text channel ``fake.channel``.
    ``token``: if set, REST calls and IDENTIFY must use it. ``ack_deadline``: Discord's 3 s.
    ``answer_timeout``: how long :meth:`slash` & co wait for the bot. ``settle``: quiet time
    after an answer during which further followups are still collected. ``shard_count``: the
    count ``GET /gateway/bot`` recommends; several bot connections (shards, processes) may be
    connected at once, each guild's events and interactions going to the session that
    identified for its shard (``(guild_id >> 22) % count``; DMs: shard 0). ``max_concurrency``:
    the ``session_start_limit`` Discord reports (how many shards may IDENTIFY per 5 s);
    ``identifies`` records when each IDENTIFY came and for which shard.
    """

    def __init__(self, *, bot_name: str = "Fake Bot", default_guild: bool = True, token: Optional[str] = None,
                 ack_deadline: float = 3.0, answer_timeout: float = 5.0, settle: float = 0.03,
                 compress: bool = True, heartbeat_interval: float = 41.25, shard_count: int = 1, max_concurrency: int = 1) -> None:
        self.token = token
        self.shard_count, self.max_concurrency = shard_count, max_concurrency
        self.identifies: list[tuple[float, Optional[list[int]]]] = []
        self.ack_deadline, self.answer_timeout, self.settle = ack_deadline, answer_timeout, settle
        self.compress, self.heartbeat_interval = compress, heartbeat_interval
        self.application_id = snowflake()
        self.bot_user = FakeUser(self.application_id, bot_name, bot=True)
        self.owner = FakeUser(snowflake(), "guild-owner")
        self.users: dict[int, FakeUser] = {u.id: u for u in (self.bot_user, self.owner)}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.calls: list[Call] = []
        self.unknown_routes: list[Call] = []
        self.violations: list[str] = []
        self.refusals: list[Refusal] = []
        self.synced_commands: list[JSON] = []
        self.synced_guild_commands: dict[int, list[JSON]] = {}
        self.sync_count = 0
        self.interactions: list[InteractionResult] = []
        self.gateway_received: list[JSON] = []
        self.identify_count = self.resume_count = 0
        self._by_id: dict[int, InteractionResult] = {}
        self._by_token: dict[str, InteractionResult] = {}
        self._command_ids: dict[tuple, int] = {}
        self._attachments: dict[int, bytes] = {}
        self._sessions: dict[str, _Session] = {}
        self._session: Optional[_Session] = None
        self._connections: list[_Connection] = []
        self._changed = asyncio.Event()
        self._runner: Optional[web.AppRunner] = None
        self.port = 0
        self.guild: Optional[FakeGuild] = None
        self.channel: Optional[FakeChannel] = None
        if default_guild:
            self.guild = self.add_guild("Fake Guild")
            self.channel = self.add_text_channel(self.guild, "general")

    # ------------------------------------------------------------------ server lifecycle
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def rest_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> "FakeDiscord":
        """Listen on 127.0.0.1, random port."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/gateway-resume", self._gateway)
        app.router.add_get(r"/attachments/{aid:\d+}/{name}", self._attachment)
        app.router.add_route("*", "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        """Close gateway connections and the server."""
        for conn in list(self._connections):
            conn.send(None)
            with contextlib.suppress(Exception):
                await conn.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> "FakeDiscord":
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def patch_client(self) -> _ClientPatch:
        """Point discord.py (REST base, gateway, CDN) at this fake. Takes effect at once;
        use as ``with fake.patch_client(): ...`` to restore the real URLs afterwards."""
        return _ClientPatch(self)

    def subprocess_env(self, token: str = "fake-token", guild_ready_timeout: float = 0.1,
                       base: Optional[dict[str, str]] = None) -> dict[str, str]:
        """Environment for a ``python bot.py`` subprocess talking to this fake (through
        ``launcher/sitecustomize.py``)."""
        env = dict(os.environ if base is None else base)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(LAUNCHER_DIR), env.get("PYTHONPATH", "")) if p)
        env.update(FAKE_DISCORD_URL=self.base_url, DISCORD_TOKEN=token,
                   FAKE_DISCORD_GUILD_READY_TIMEOUT=str(guild_ready_timeout))
        return env

    @contextlib.asynccontextmanager
    async def running(self, bot: Any, *, token: str = "fake-token", timeout: float = 5.0,
                      guild_ready_timeout: float = 0.02) -> AsyncIterator[Any]:
        """Run a discord.py ``Client``/``Bot`` in-process against the fake until the block
        ends: patches the client, starts ``bot.start(token)``, waits for ``on_ready``,
        and closes the bot afterwards. Lowers ``guild_ready_timeout`` (a private attribute
        of the connection state) so READY does not wait the default 2 s."""
        with self.patch_client():
            state = getattr(bot, "_connection", None)
            if state is not None and getattr(state, "guild_ready_timeout", 0) > guild_ready_timeout:
                state.guild_ready_timeout = guild_ready_timeout
            task = asyncio.create_task(bot.start(token), name="fake-discord-bot")
            deadline = time.monotonic() + timeout
            try:
                while not bot.is_ready():
                    if task.done():
                        task.result()
                        raise AssertionError("bot stopped before it was ready")
                    if time.monotonic() > deadline:
                        raise AssertionError(f"bot not ready after {timeout}s; calls: {self.calls[-5:]}")
                    await asyncio.sleep(0.005)
                yield bot
            finally:
                await bot.close()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(task, 5)

    # ------------------------------------------------------------------ model helpers
    def add_guild(self, name: str = "Fake Guild", *, shard: Optional[int] = None) -> FakeGuild:
        """A guild with @everyone, a "Moderator" role and the bot; every existing user joins.
        ``shard``: give it an id that Discord routes to that shard (of ``shard_count``)."""
        gid = snowflake() if shard is None else _snowflake_on_shard(shard, self.shard_count)
        guild = FakeGuild(gid, name, owner_id=self.owner.id)
        guild.roles[gid] = FakeRole(gid, gid, "@everyone", EVERYONE_PERMISSIONS, 0)
        guild.bot_role_id, guild.moderator_role_id = snowflake(), snowflake()
        guild.roles[guild.bot_role_id] = FakeRole(guild.bot_role_id, gid, self.bot_user.name, BOT_PERMISSIONS, 1)
        guild.roles[guild.moderator_role_id] = FakeRole(guild.moderator_role_id, gid, "Moderator",
                                                        MODERATOR_PERMISSIONS, 2)
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, [guild.bot_role_id])
        for user in self.users.values():
            if not user.bot:
                guild.members[user.id] = FakeMember(user)
        self.guilds[gid] = guild
        self._dispatch("GUILD_CREATE", guild.payload())
        return guild

    def add_text_channel(self, guild: Optional[FakeGuild] = None, name: str = "general",
                         topic: Optional[str] = None) -> FakeChannel:
        guild = guild or self.guild
        assert guild is not None, "no guild: pass one or keep default_guild=True"
        channel = FakeChannel(snowflake(), guild.id, name, TEXT_CHANNEL, position=len(guild.text_channels),
                              topic=topic)
        guild.channels[channel.id] = self.channels[channel.id] = channel
        self._dispatch("CHANNEL_CREATE", channel.payload())
        return channel

    def add_user(self, name: str, *, moderator: bool = False, guilds: Optional[list[FakeGuild]] = None) -> FakeUser:
        """A user who is a member of ``guilds`` (default: all). ``moderator`` gives the
        Moderator role (MANAGE_THREADS, MANAGE_GUILD, MANAGE_MESSAGES, MANAGE_CHANNELS)."""
        user = FakeUser(snowflake(), name)
        self.users[user.id] = user
        for guild in guilds if guilds is not None else list(self.guilds.values()):
            member = guild.members[user.id] = FakeMember(user)
            if moderator:
                member.role_ids.append(guild.moderator_role_id)
            self._dispatch("GUILD_MEMBER_ADD", {**member.payload(), "guild_id": str(guild.id)}, GUILD_MEMBERS)
        return user

    def set_moderator(self, user: FakeUser, moderator: bool = True, guild: Optional[FakeGuild] = None) -> None:
        for g in [guild] if guild else list(self.guilds.values()):
            member = g.members[user.id]
            member.role_ids = [r for r in member.role_ids if r != g.moderator_role_id]
            if moderator:
                member.role_ids.append(g.moderator_role_id)
            self._dispatch("GUILD_MEMBER_UPDATE", {**member.payload(), "guild_id": str(g.id)}, GUILD_MEMBERS)

    def add_thread(self, channel: FakeChannel, name: str, *, owner: Optional[FakeUser] = None,
                   private: bool = False) -> FakeChannel:
        """A thread that already exists (e.g. made by a user) under ``channel``."""
        return self._create_thread(channel, name, PRIVATE_THREAD if private else PUBLIC_THREAD,
                                   owner or self.bot_user, None)

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user`` (created on first use)."""
        dm = next((c for c in self.channels.values() if c.type == DM_CHANNEL and c.recipients == [user]), None)
        if dm is None:
            dm = FakeChannel(snowflake(), None, "", DM_CHANNEL, recipients=[user])
            self.channels[dm.id] = dm
        return dm

    def permissions(self, user: FakeUser, guild: Optional[FakeGuild] = None) -> int:
        """``user``'s guild-level permissions (@everyone and roles; no channel overwrites)."""
        return permissions_of(guild or self.guild, user.id)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ permissions per channel
    def _guild_of(self, channel: FakeChannel) -> Optional[FakeGuild]:
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def permissions_in(self, channel: FakeChannel, user: FakeUser, *, implicit: bool = True) -> int:
        """``user``'s permissions in ``channel`` (a thread: from its parent), computed as Discord
        does: guild base (@everyone + roles; owner and administrator: all), then the channel's
        overwrites for @everyone, the member's roles, the member. ``implicit`` applies Discord's
        implicit rules (no VIEW_CHANNEL -> 0; no way to send -> no EMBED_LINKS/ATTACH_FILES/...;
        a private thread needs membership or MANAGE_THREADS); without it, the value an interaction
        carries. In a DM: every permission."""
        guild = self._guild_of(channel)
        if guild is None:
            return ALL_PERMISSIONS
        return (effective_permissions if implicit else computed_permissions)(guild, channel, user.id)

    def bot_permissions(self, channel: FakeChannel, *, implicit: bool = True) -> int:
        """The bot's permissions in ``channel``: what its REST calls there are checked against."""
        return self.permissions_in(channel, self.bot_user, implicit=implicit)

    def set_permissions(self, channel: FakeChannel, target: Union[FakeUser, FakeRole, FakeGuild], *,
                        allow: int = 0, deny: int = 0) -> None:
        """Set (replace) the permission overwrite of ``target`` in a text channel, as a moderator
        would in the channel's settings: ``target`` is a user (``fake.bot_user`` for the bot), a
        role, or a guild (meaning its @everyone role). ``allow=deny=0`` removes the overwrite.
        Threads have no overwrites of their own (they use their parent's): pass the parent.
        The bot is sent CHANNEL_UPDATE (with ``permission_overwrites``)."""
        if channel.is_thread:
            raise TypeError(f"thread {channel.name!r} has no overwrites of its own; set them on its parent channel")
        guild = self._guild_of(channel)
        if guild is None:
            raise TypeError("a DM channel has no permission overwrites")
        if isinstance(target, FakeGuild):
            target = guild.roles[target.id]
        if allow & deny:
            raise ValueError(f"a permission cannot be both allowed and denied: {permission_names(allow & deny)}")
        kind = ROLE_OVERWRITE if isinstance(target, FakeRole) else MEMBER_OVERWRITE
        if allow or deny:
            channel.overwrites[target.id] = Overwrite(target.id, kind, allow, deny)
        else:
            channel.overwrites.pop(target.id, None)
        self._dispatch("CHANNEL_UPDATE", channel.payload())

    def bot_role(self, guild: Optional[FakeGuild] = None) -> FakeRole:
        """The bot's own role (what an invite with permissions creates)."""
        guild = guild or self.guild
        assert guild is not None
        return guild.roles[guild.bot_role_id]

    def everyone_role(self, guild: Optional[FakeGuild] = None) -> FakeRole:
        guild = guild or self.guild
        assert guild is not None
        return guild.roles[guild.id]

    def set_role_permissions(self, role: FakeRole, *, allow: int = 0, deny: int = 0) -> int:
        """Grant ``allow`` and take ``deny`` from a role's guild permissions (GUILD_ROLE_UPDATE is
        sent); returns the role's new permissions."""
        role.permissions = (role.permissions & ~deny) | allow
        self._dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(role.guild_id), "role": role.payload()})
        return role.permissions

    def revoke_bot_permissions(self, permissions: int, guild: Optional[FakeGuild] = None) -> int:
        """Take ``permissions`` from the bot guild-wide. As on Discord, that means taking them
        from the bot's role *and* from @everyone (which grants most of them): users lose the
        ones @everyone gave them too. Returns the bot's guild permissions afterwards."""
        guild = guild or self.guild
        assert guild is not None
        self.set_role_permissions(self.bot_role(guild), deny=permissions)
        self.set_role_permissions(self.everyone_role(guild), deny=permissions)
        left = permissions_of(guild, self.bot_user.id) & permissions
        assert not left, f"the bot still has {permission_names(left)} (from another role, or as administrator)"
        return permissions_of(guild, self.bot_user.id)

    # ------------------------------------------------------------------ moderating channels & commands
    def delete_channel(self, channel: FakeChannel) -> None:
        """Delete a channel (and its threads) or a thread, as a moderator would: the bot gets
        CHANNEL_DELETE or THREAD_DELETE, and its later REST calls there get 404 10003 Unknown
        Channel (recorded in ``refusals``)."""
        assert not channel.deleted, f"channel {channel.name!r} is already deleted"
        self._remove_channel(channel)

    def set_thread_state(self, thread: FakeChannel, *, archived: Optional[bool] = None,
                         locked: Optional[bool] = None) -> None:
        """Archive/unarchive and lock/unlock a thread, as a moderator would (THREAD_UPDATE is
        sent). An archived thread refuses edits and reactions (400 50083) but a message sent to
        it unarchives it, unless it is also locked (then 400 50083). A locked thread refuses
        messages and edits from whoever lacks MANAGE_THREADS (400 160005; the bot has it by
        default: take it away with ``set_permissions`` to see that)."""
        assert thread.is_thread, f"{thread.name!r} is not a thread"
        if archived is not None:
            thread.archived = archived
        if locked is not None:
            thread.locked = locked
        self._dispatch("THREAD_UPDATE", thread.payload())

    def reset_commands(self) -> None:
        """Forget every synced command, global and per guild (a new or reset application):
        ``GET .../commands`` lists none until the bot syncs again; new ids are given then."""
        self.synced_commands = []
        self.synced_guild_commands.clear()
        self._command_ids.clear()

    def channel_messages(self, channel: Union[FakeChannel, int]) -> list[FakeMessage]:
        """The non-deleted messages of a channel or thread (ephemeral ones included; see
        ``FakeMessage.ephemeral``), oldest first."""
        cid = channel.id if isinstance(channel, FakeChannel) else int(channel)
        return [m for m in self.messages.values() if m.channel_id == cid and not m.deleted]

    def threads_of(self, channel: FakeChannel) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.parent_id == channel.id and not c.deleted]

    # ------------------------------------------------------------------ waiting
    def _notify(self) -> None:
        self._changed.set()

    async def _wait_until(self, predicate, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"timed out after {timeout}s waiting for {what}")
            self._changed.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.05))

    @property
    def connected(self) -> bool:
        """Whether every shard (of ``shard_count``) has a connected session."""
        return all(self.shard_connected(shard) for shard in range(self.shard_count))

    def shard_connected(self, shard: int) -> bool:
        session = self._route(shard << 22)
        return session is not None and session.connection is not None

    def serving(self, shard: int = 0) -> Optional[str]:
        """The id of the gateway session shard ``shard``'s events go to now (connected or not)."""
        session = self._route(shard << 22)
        return session.id if session is not None else None

    def shard_of(self, where: Union[FakeGuild, FakeChannel]) -> int:
        """The shard (of ``shard_count``) that serves a guild, or a channel's guild (a DM: 0)."""
        guild_id = where.id if isinstance(where, FakeGuild) else where.guild_id
        return ((guild_id or 0) >> 22) % self.shard_count

    async def wait_connected(self, timeout: float = 10.0, *, shard: Optional[int] = None,
                             replacing: Optional[str] = None) -> None:
        """Until a bot has identified (or resumed) and been sent READY/GUILD_CREATE: on every shard, or on
        ``shard`` only; ``replacing``: by a session other than that one (a new process took the shard)."""
        shards = range(self.shard_count) if shard is None else [shard]

        def ready() -> bool:
            return all(self.shard_connected(s) and (replacing is None or self.serving(s) != replacing)
                       for s in shards)
        await self._wait_until(ready, timeout, f"the bot to connect to the gateway (shards {list(shards)})")

    async def wait_synced(self, count: int = 1, timeout: float = 10.0) -> None:
        """Until the bot has PUT its command tree ``count`` times in total."""
        await self._wait_until(lambda: self.sync_count >= count, timeout, "the bot to sync its commands")

    # ------------------------------------------------------------------ gateway
    def _route(self, guild_id: Optional[int]) -> Optional[_Session]:
        """The session a guild's events go to: the latest identified or resumed one for its shard."""
        return next((s for s in reversed(self._sessions.values()) if s.serves(guild_id)), None)

    @staticmethod
    def _guild_id_of(event: str, data: JSON) -> Optional[int]:
        guild_id = data.get("guild_id") or (data.get("id") if event.startswith("GUILD_") else None)
        return int(guild_id) if guild_id else None

    def _dispatch(self, event: str, data: JSON, intent: int = 0) -> None:
        """Send a DISPATCH to the bot session of the event's guild's shard, if any (and if it asked for
        ``intent``)."""
        session = self._route(self._guild_id_of(event, data))
        if session is not None and (not intent or session.intents & intent):
            self._dispatch_to(session, event, data)

    def _dispatch_to(self, session: _Session, event: str, data: JSON) -> None:
        session.seq += 1
        payload = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.history.append(payload)
        if session.connection is not None:
            session.connection.send(payload)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = _Connection(ws, self.compress and request.query.get("compress") == "zlib-stream")
        self._connections.append(conn)
        writer = asyncio.create_task(conn.writer())
        conn.send({"op": 10, "d": {"heartbeat_interval": int(self.heartbeat_interval * 1000)}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type == aiohttp.WSMsgType.TEXT:
                    await self._on_gateway(conn, json.loads(msg.data))
        finally:
            conn.send(None)
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
            self._connections.remove(conn)
            self._notify()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 1)
        return ws

    async def _on_gateway(self, conn: _Connection, msg: JSON) -> None:
        op, d = msg.get("op"), msg.get("d")
        if op == 1:
            conn.send({"op": 11, "d": None, "s": None, "t": None})
            return
        self.gateway_received.append(msg)
        if op == 2:
            if self.token is not None and d.get("token") != self.token:
                await conn.ws.close(code=4004, message=b"Authentication failed.")
                return
            shard = d.get("shard")
            if shard is not None and not (isinstance(shard, list) and len(shard) == 2 and
                                          0 <= shard[0] < shard[1]):
                await conn.ws.close(code=4010, message=b"Invalid shard.")
                return
            session = _Session(d.get("intents", 0), shard)
            self.identifies.append((time.monotonic(), shard))
            self._sessions[session.id] = self._session = session
            session.connection, conn.session = conn, session
            self.identify_count += 1
            ready = {"v": 10, "user": self._me(), "session_id": session.id, "session_type": "normal",
                     "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway-resume",
                     "guilds": [{"id": str(g), "unavailable": True} for g in self.guilds if session.serves(g)],
                     "application": {"id": str(self.application_id), "flags": 0},
                     "private_channels": [], "relationships": [], "presences": [], "guild_join_requests": [],
                     "geo_ordered_rtc_regions": ["local"], "user_settings": {}, "auth": {}, "_trace": ["fake"]}
            if session.shard is not None:
                ready["shard"] = session.shard
            self._dispatch_to(session, "READY", ready)
            for guild in self.guilds.values():
                if session.serves(guild.id):
                    self._dispatch_to(session, "GUILD_CREATE", guild.payload())
            self._notify()
        elif op == 6:
            session = self._sessions.get(d.get("session_id"))
            if session is None or (self.token is not None and d.get("token") != self.token):
                conn.send({"op": 9, "d": False, "s": None, "t": None})
                return
            session.connection, conn.session = conn, session
            self._sessions.pop(session.id)
            self._sessions[session.id] = self._session = session  # the latest for its shard again
            self.resume_count += 1
            for payload in session.history:
                if payload["s"] > (d.get("seq") or 0):
                    conn.send(payload)
            self._dispatch_to(session, "RESUMED", {"_trace": ["fake"]})
            self._notify()
        elif op == 8:
            guild = self.guilds.get(int(d["guild_id"]))
            if guild is not None:
                wanted = {int(u) for u in d.get("user_ids") or []}
                members = [m.payload() for uid, m in guild.members.items() if not wanted or uid in wanted]
                self._dispatch("GUILD_MEMBERS_CHUNK", {"guild_id": str(guild.id), "members": members,
                                                       "chunk_index": 0, "chunk_count": 1, "not_found": [],
                                                       "nonce": d.get("nonce")})

    async def reconnect(self, *, resume: bool = True, timeout: float = 10.0, shard: Optional[int] = None) -> None:
        """Ask the bot to reconnect: op 7 RECONNECT (it RESUMEs at resume_gateway_url) or,
        with ``resume=False``, op 9 INVALID_SESSION (it IDENTIFYs again; discord.py sleeps
        5 s before any non-initial IDENTIFY, so that path is slow). ``shard``: that shard's
        session (default: the latest connected)."""
        session = self._session if shard is None else self._route(shard << 22)
        assert session is not None and session.connection is not None, "no bot connected"
        before = self.resume_count if resume else self.identify_count
        session.connection.send({"op": 7 if resume else 9, "d": None if resume else False, "s": None, "t": None})
        await self._wait_until(lambda: (self.resume_count if resume else self.identify_count) > before and
                               self.connected, timeout, "the bot to reconnect")

    async def drop_connection(self, code: int = 4000, timeout: float = 5.0, shard: Optional[int] = None) -> None:
        """Close the gateway socket like a network failure; the bot should RESUME. ``shard``: that
        shard's session (default: the latest connected)."""
        session = self._session if shard is None else self._route(shard << 22)
        assert session is not None and session.connection is not None, "no bot connected"
        before = self.resume_count
        await session.connection.ws.close(code=code)
        await self._wait_until(lambda: self.resume_count > before and self.connected, timeout,
                               "the bot to resume")

    # ------------------------------------------------------------------ acting as a user
    async def user_message(self, user: FakeUser, channel: FakeChannel, content: str) -> FakeMessage:
        """A user posts a message (MESSAGE_CREATE; content hidden without the
        MESSAGE_CONTENT intent unless it mentions the bot, as on Discord)."""
        assert not channel.deleted, f"channel {channel.name!r} was deleted"
        perms = self.permissions_in(channel, user)
        if not perms & VIEW_CHANNEL or not perms & send_permission(channel):
            raise PermissionError(f"{user.name} cannot send messages in {channel.name!r}")
        if channel.is_thread and channel.locked and not perms & MANAGE_THREADS:
            raise PermissionError(f"thread {channel.name!r} is locked")
        if channel.is_thread and channel.archived:
            channel.archived = False
            self._dispatch("THREAD_UPDATE", channel.payload())
        msg = FakeMessage(snowflake(), channel.id, channel.guild_id, user, content=content)
        self.messages[msg.id] = msg
        channel.last_message_id = msg.id
        data = self._gateway_message(msg)
        session = self._route(channel.guild_id)
        if session and not session.intents & MESSAGE_CONTENT and channel.guild_id and \
                self.bot_user.mention not in content:
            data["content"] = ""
        if self.bot_permissions(channel) & VIEW_CHANNEL:  # no events from channels the bot cannot see
            self._dispatch("MESSAGE_CREATE", data, GUILD_MESSAGES if channel.guild_id else DIRECT_MESSAGES)
        await asyncio.sleep(0)
        return msg

    def _owners(self, channel: FakeChannel, user: FakeUser) -> JSON:
        return {"0": str(channel.guild_id)} if channel.guild_id else {"1": str(user.id)}

    def _find_command(self, name: str, guild_id: Optional[int]) -> tuple[Optional[JSON], Optional[int]]:
        if guild_id is not None:
            for cmd in self.synced_guild_commands.get(guild_id, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd, guild_id
        for cmd in self.synced_commands:
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd, None
        return None, None

    def _option_value(self, kind: int, value: Any, resolved: JSON, channel: FakeChannel,
                      user: Optional[FakeUser] = None) -> Any:
        """An option (or select) value as Discord sends it, adding to ``resolved``: members carry
        their permissions in the interaction's channel, channels the invoking ``user``'s
        (``permissions``) and the bot's (``app_permissions``) in that channel."""
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        if kind == 3:
            return str(value)
        if kind == 4:
            return int(value)
        if kind == 5:
            return bool(value)
        if kind == 10:
            return float(value)
        if kind == 11:
            name, data = value if isinstance(value, tuple) else ("file.bin", value)
            att = self._store_attachment(name, data, None)
            resolved.setdefault("attachments", {})[att["id"]] = att
            return att["id"]
        if isinstance(value, FakeUser) or (kind == 6 and isinstance(value, int)):
            user = value if isinstance(value, FakeUser) else self.users[value]
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            if guild is not None and user.id in guild.members:
                resolved.setdefault("members", {})[str(user.id)] = guild.members[user.id].payload(
                    with_user=False, permissions=computed_permissions(guild, channel, user.id))
            return str(user.id)
        if isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        if isinstance(value, FakeChannel):
            data = {**value.payload(), "permissions": "0"}
            if guild is not None and value.guild_id == guild.id:
                data["app_permissions"] = str(computed_permissions(guild, value, self.bot_user.id))
                if user is not None:
                    data["permissions"] = str(computed_permissions(guild, value, user.id))
            resolved.setdefault("channels", {})[str(value.id)] = data
            return str(value.id)
        raise TypeError(f"cannot pass {value!r} as an option of type {kind}")

    def _check_can_use(self, cmd: JSON, user: FakeUser, channel: FakeChannel) -> None:
        """Discord hides a synced command from users it does not allow: enforce that."""
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        if guild is None:
            contexts = cmd.get("contexts")
            if cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
                raise PermissionError(f"/{cmd['name']} cannot be used in DMs")
            return
        if cmd.get("contexts") is not None and 0 not in cmd["contexts"]:
            raise PermissionError(f"/{cmd['name']} cannot be used in guilds")
        if cmd.get("default_member_permissions") is None:
            return
        needed = int(cmd["default_member_permissions"]) or ADMINISTRATOR   # "0": administrators only
        if permissions_of(guild, user.id) & needed != needed:
            raise PermissionError(f"{user.name} cannot see /{cmd['name']}: it needs permissions {needed:#x}")

    def _command_data(self, command: str, options: dict[str, Any], channel: FakeChannel,
                      focused: Optional[str], user: FakeUser) -> JSON:
        """Application command interaction data, typed from the synced tree if there is one."""
        parts = command.split()
        cmd, guild_id = self._find_command(parts[0], channel.guild_id)
        if cmd is not None:
            self._check_can_use(cmd, user, channel)
        cid = cmd["id"] if cmd else str(self._command_ids.setdefault((None, parts[0], 1), snowflake()))
        data: JSON = {"id": cid, "name": parts[0], "type": 1}
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        node, chain = cmd, []
        for i, part in enumerate(parts[1:], start=1):
            if node is not None:
                subs = [o for o in node.get("options") or [] if o.get("type") in (1, 2)]
                child = next((o for o in subs if o["name"] == part), None)
                if child is None:
                    raise LookupError(f"/{' '.join(parts[:i])} has no subcommand {part!r} in the synced tree "
                                      f"(has {[o['name'] for o in subs]})")
                node = child
                chain.append((part, child["type"]))
            else:
                chain.append((part, 1 if i == len(parts) - 1 else 2))
        defs = {o["name"]: o for o in node.get("options") or []} if node is not None else None
        if defs and any(o.get("type") in (1, 2) for o in defs.values()):
            raise LookupError(f"/{command} needs a subcommand: {sorted(defs)}")
        resolved: JSON = {}
        leaf = []
        for name, value in options.items():
            if value is None:
                continue
            if defs is not None and name not in defs:
                raise TypeError(f"/{command} has no option {name!r} (options: {sorted(defs)})")
            spec = defs[name] if defs is not None else {}
            kind = spec.get("type") or next((t for cls, t in OPTION_TYPES.items() if isinstance(value, cls)), 3)
            if name == focused:
                leaf.append({"type": kind, "name": name, "value": value if isinstance(value, str) else str(value),
                             "focused": True})
                continue
            converted = self._option_value(kind, value, resolved, channel, user)
            choices = [c["value"] for c in spec.get("choices") or []]
            if choices and converted not in choices:
                raise ValueError(f"/{command} {name}={value!r} is not one of the choices {choices}")
            leaf.append({"type": kind, "name": name, "value": converted})
        if focused is not None and focused not in options:
            spec = (defs or {}).get(focused, {})
            leaf.append({"type": spec.get("type", 3), "name": focused, "value": "", "focused": True})
        if focused is None and defs is not None:
            missing = [n for n, o in defs.items() if o.get("required") and options.get(n) is None]
            if missing:
                raise TypeError(f"/{command} is missing required options {missing}")
        opts: list[JSON] = leaf
        for name, kind in reversed(chain):
            opts = [{"type": kind, "name": name, "options": opts}]
        data["options"] = opts
        if resolved:
            data["resolved"] = resolved
        return data

    async def _interact(self, itype: int, kind: str, name: str, user: FakeUser, channel: FakeChannel, data: JSON,
                        *, message: Optional[FakeMessage] = None, timeout: Optional[float] = None
                        ) -> InteractionResult:
        await self.wait_connected(timeout=5.0, shard=self.shard_of(channel))
        session = self._route(channel.guild_id)
        assert session is not None
        self._check_user_can_interact(itype, user, channel)
        result = InteractionResult(self, snowflake(), "fake-" + secrets.token_urlsafe(32), itype, kind, name, user,
                                   channel, source_message=message)
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        payload: JSON = {
            "id": str(result.id), "application_id": str(self.application_id), "type": itype, "data": data,
            "token": result.token, "version": 1, "locale": user.locale, "entitlements": [], "entitlement_sku_ids": [],
            "authorizing_integration_owners": self._owners(channel, user), "context": 0 if guild else 1,
            "attachment_size_limit": 10 * 1024 * 1024, "channel_id": str(channel.id), "channel": channel.payload(),
            # the bot's permissions in this channel, overwrites included, implicit rules not applied
            "app_permissions": str(computed_permissions(guild, channel, self.bot_user.id) if guild
                                   else BOT_PERMISSIONS),
        }
        if guild is not None:
            perms = computed_permissions(guild, channel, user.id)
            payload.update(guild_id=str(guild.id), guild_locale=guild.locale,
                           guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                           member=guild.members[user.id].payload(permissions=perms))
            payload["channel"]["permissions"] = str(perms)
        else:
            payload["user"] = user.payload()
        if message is not None:
            payload["message"] = message.payload(self)
        result.payload = payload
        self.interactions.append(result)
        self._by_id[result.id], self._by_token[result.token] = result, result
        result.sent_at = time.monotonic()
        result.shard, result.session_id = self.shard_of(channel), session.id
        self._dispatch_to(session, "INTERACTION_CREATE", payload)
        await self._await_answer(result, self.answer_timeout if timeout is None else timeout)
        return result

    def _check_user_can_interact(self, itype: int, user: FakeUser, channel: FakeChannel) -> None:
        """What Discord's client allows: a member of the guild who can see the channel (and, for
        a command, has USE_APPLICATION_COMMANDS there). The bot's permissions do not matter:
        interactions reach it even where it cannot see the channel."""
        assert not channel.deleted, f"channel {channel.name!r} was deleted"
        guild = self._guild_of(channel)
        if guild is None:
            return
        if user.id not in guild.members:
            raise AssertionError(f"{user.name} is not a member of {guild.name}")
        perms = self.permissions_in(channel, user)
        if not perms & VIEW_CHANNEL:
            raise PermissionError(f"{user.name} cannot see {channel.name!r}")
        if itype in (APP_COMMAND, AUTOCOMPLETE) and not perms & USE_APPLICATION_COMMANDS:
            raise PermissionError(f"{user.name} cannot use application commands in {channel.name!r}")

    async def _await_answer(self, result: InteractionResult, timeout: float) -> None:
        deadline = result.sent_at + timeout
        while not result.answered:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                state = ("never acknowledged" if result.callback_type is None
                         else f"acknowledged with callback type {result.callback_type} but never resolved")
                hint = " (did the handler raise? see the captured log)"
                if result.type in (APP_COMMAND, AUTOCOMPLETE) and self.sync_count and \
                        self._find_command(result.payload["data"]["name"], result.channel.guild_id)[0] is None:
                    hint = f" (/{result.payload['data']['name']} is not in the synced command tree)"
                raise AssertionError(
                    f"bot did not answer {result.describe()} in time ({timeout:g}s): {state}{hint}; "
                    f"calls={result.calls}; errors={result.errors}; violations={self.violations}")
            result._updated.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(result._updated.wait(), remaining)
        while True:  # collect quick followups
            quiet_until = result._last_change + self.settle
            now = time.monotonic()
            if now >= quiet_until or now >= deadline:
                return
            result._updated.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(result._updated.wait(), quiet_until - now)

    async def slash(self, user: FakeUser, channel: FakeChannel, command: str, /, **options: Any) -> InteractionResult:
        """Invoke ``/command`` ("group sub" for subcommands) as ``user`` in ``channel``.
        Option values: str/int/bool/float, FakeUser, FakeChannel, FakeRole, or
        ``(filename, bytes)`` for attachments; typed from the synced tree when present."""
        data = self._command_data(command, options, channel, None, user)
        return await self._interact(APP_COMMAND, "slash", command, user, channel, data)

    async def autocomplete(self, user: FakeUser, channel: FakeChannel, command: str, /, focused: str,
                           **options: Any) -> list[JSON]:
        """Type into option ``focused`` (its partial value in ``options``, default "") and
        return the choices the bot offered (``[{"name": ..., "value": ...}]``)."""
        data = self._command_data(command, options, channel, focused, user)
        result = await self._interact(AUTOCOMPLETE, "autocomplete", f"{command} [{focused}]", user, channel, data)
        return result.choices or []

    def _target(self, message: Union[FakeMessage, InteractionResult, int], user: FakeUser,
                custom_id: str) -> tuple[FakeMessage, JSON]:
        if isinstance(message, InteractionResult):
            assert message.message is not None, f"{message.describe()} produced no message"
            message = message.message
        msg = message if isinstance(message, FakeMessage) else self.messages[int(message)]
        assert not msg.deleted, f"message {msg.id} was deleted"
        if msg.ephemeral and msg.interaction and msg.interaction["user"]["id"] != str(user.id):
            raise AssertionError(f"{user.name} cannot see ephemeral message {msg.id}")
        comp = msg.component(custom_id)
        if comp is None:
            raise LookupError(f"message {msg.id} has no component {custom_id!r} (has {msg.custom_ids})")
        if comp.get("disabled"):
            raise AssertionError(f"component {custom_id!r} is disabled; a user cannot use it")
        return msg, comp

    async def click(self, user: FakeUser, message: Union[FakeMessage, InteractionResult, int],
                    custom_id: str) -> InteractionResult:
        """Press the button ``custom_id`` on ``message`` (a FakeMessage, an id, or an
        InteractionResult meaning its primary message)."""
        msg, comp = self._target(message, user, custom_id)
        if comp.get("type") != 2:
            raise TypeError(f"{custom_id!r} is a component of type {comp.get('type')}, not a button")
        return await self._interact(COMPONENT, "click", custom_id, user, self.channels[msg.channel_id],
                                    {"custom_id": custom_id, "component_type": 2}, message=msg)

    async def select(self, user: FakeUser, message: Union[FakeMessage, InteractionResult, int], custom_id: str,
                     values: list[Any]) -> InteractionResult:
        """Choose ``values`` in the select menu ``custom_id`` (strings for a string select;
        FakeUser/FakeRole/FakeChannel for the others)."""
        msg, comp = self._target(message, user, custom_id)
        kind = comp.get("type")
        if kind not in (3, 5, 6, 7, 8):
            raise TypeError(f"{custom_id!r} is a component of type {kind}, not a select menu")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}-{hi} values, got {len(values)}")
        data: JSON = {"custom_id": custom_id, "component_type": kind}
        channel = self.channels[msg.channel_id]
        if kind == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"select {custom_id!r} has no options {bad} (options: {allowed})")
            data["values"] = list(values)
        else:
            resolved: JSON = {}
            data["values"] = [self._option_value({5: 6, 6: 8, 7: 9, 8: 7}[kind], v, resolved, channel, user)
                              for v in values]
            data["resolved"] = resolved
        return await self._interact(COMPONENT, "select", custom_id, user, channel, data, message=msg)

    async def submit_modal(self, user: FakeUser, modal: InteractionResult, values: dict[str, Any]) -> InteractionResult:
        """Fill and submit the modal the bot opened in answer to ``modal`` (an
        InteractionResult with callback type 9). ``values``: custom_id -> text (or a
        list of strings for a select inside the modal)."""
        assert modal.modal is not None, f"{modal.describe()} did not open a modal"
        unused = set(values)

        def fill(components: list[JSON]) -> list[JSON]:
            out = []
            for comp in components:
                kind = comp.get("type")
                if kind == 1:
                    out.append({"type": 1, "components": fill(comp.get("components") or [])})
                elif kind == 18:
                    out.append({"type": 18, "component": fill([comp["component"]])[0]})
                elif kind == 4:
                    unused.discard(comp["custom_id"])
                    out.append({"type": 4, "custom_id": comp["custom_id"], "value": values.get(comp["custom_id"], "")})
                elif comp.get("custom_id"):
                    unused.discard(comp["custom_id"])
                    out.append({"type": kind, "custom_id": comp["custom_id"], "values": values.get(comp["custom_id"], [])})
            return out
        components = fill(modal.modal.get("components") or [])
        if unused:
            raise LookupError(f"modal {modal.modal.get('custom_id')!r} has no inputs {sorted(unused)}")
        data = {"custom_id": modal.modal["custom_id"], "components": components}
        return await self._interact(MODAL_SUBMIT, "modal", modal.modal["custom_id"], user, modal.channel, data,
                                    message=modal.source_message)
