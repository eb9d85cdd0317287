"""The REST half of the fake Discord: every ``/api/v10`` route the bot may call, the
message store and Discord's message rules. Mixed into :class:`FakeDiscord`
(``fake_discord.py``), whose attributes it uses (``calls``, ``messages``, ``channels``,
``guilds``, ``violations``, ``_dispatch``, ...).

Each handler is ``async def _r_x(self, call, **path_params)`` registered with
:func:`route`; it returns the JSON body (``None`` answers 204) or raises
:class:`HTTPError` with Discord's status and error code. A path with no handler answers
404 and is recorded in ``unknown_routes``.
"""
from __future__ import annotations

import json
import mimetypes
import re
import time
from typing import Any, Optional, Union

from aiohttp import web

from tests.discord import limits
from tests.discord.fake_discord_model import (ADD_REACTIONS, ALL_PERMISSIONS, ATTACH_FILES, CREATE_PRIVATE_THREADS,
                                              CREATE_PUBLIC_THREADS, EMBED_LINKS, EPHEMERAL, JSON, LOADING,
                                              MANAGE_CHANNELS, MANAGE_MESSAGES, MANAGE_ROLES, MANAGE_THREADS,
                                              PRIVATE_THREAD, PUBLIC_THREAD, READ_MESSAGE_HISTORY, SEND_MESSAGES,
                                              SEND_MESSAGES_IN_THREADS, TEXT_CHANNEL, VIEW_CHANNEL, Call, FakeChannel,
                                              FakeGuild, FakeMessage, FakeUser, InteractionResult, Refusal,
                                              effective_permissions, iso_now, snowflake)

API_PREFIX = re.compile(r"^/api/v(?:9|10)")
GUILDS, GUILD_MEMBERS, GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = 1, 1 << 1, 1 << 9, 1 << 12, 1 << 15
APP_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
# which callback types answer which interaction type
ALLOWED_CALLBACKS = {APP_COMMAND: {4, 5, 9}, COMPONENT: {4, 5, 6, 7, 9}, AUTOCOMPLETE: {8}, MODAL_SUBMIT: {4, 5, 6, 7}}


class _NoRoute(Exception):
    pass


class HTTPError(Exception):
    """Raised by a route handler: answered as Discord's JSON error body."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.body = status, {"message": message, "code": code}


class Refused(HTTPError):
    """Discord refusing because of the server's state (a permission, an archived or locked
    thread, a deleted channel): answered like any error, recorded in ``refusals``, not in
    ``violations``."""

    def __init__(self, status: int, code: int, message: str, channel: Optional[FakeChannel] = None,
                 missing: int = 0) -> None:
        super().__init__(status, code, message)
        self.channel_id, self.missing = (channel.id if channel is not None else None), missing


def missing_access(channel: FakeChannel) -> Refused:
    return Refused(403, 50001, "Missing Access", channel, VIEW_CHANNEL)


def missing_permissions(channel: FakeChannel, missing: int) -> Refused:
    return Refused(403, 50013, "Missing Permissions", channel, missing)


def send_permission(channel: FakeChannel) -> int:
    """What sending a message needs: SEND_MESSAGES_IN_THREADS in a thread (SEND_MESSAGES has no
    effect there), SEND_MESSAGES elsewhere."""
    return SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES


_ROUTES: list[tuple[str, re.Pattern[str], str]] = []


def route(method: str, pattern: str):
    """Register a REST handler ``async def h(self, call, **path_params)``; it returns the
    JSON body (None -> 204) or raises :class:`HTTPError`."""
    def deco(fn):
        _ROUTES.append((method, re.compile(pattern), fn.__name__))
        return fn
    return deco


class RestRoutes:
    """REST handlers and the message store (a mixin of FakeDiscord)."""

    # ------------------------------------------------------------------ REST plumbing
    def _json(self, status: int, body: Any) -> web.Response:
        if body is None:
            return web.Response(status=204)
        # exactly "application/json": discord.py only parses that (no "; charset=...")
        return web.Response(status=status, body=json.dumps(body).encode(),
                            headers={"Content-Type": "application/json"})

    async def _rest(self, request: web.Request) -> web.Response:
        path = API_PREFIX.sub("", request.path)
        payload: Any = None
        uploads: dict[int, tuple[str, bytes]] = {}
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                else:
                    match = re.fullmatch(r"files\[(\d+)\]", part.name or "")
                    index = int(match.group(1)) if match else len(uploads)
                    uploads[index] = (part.filename or part.name or f"file{index}", bytes(await part.read()))
        elif request.body_exists:
            raw = await request.read()
            payload = json.loads(raw) if raw else None
        call = Call(request.method, path, dict(request.query), payload, {n: b for n, b in uploads.values()},
                    dict(request.headers), uploads)
        self.calls.append(call)
        try:
            if path == request.path:  # not under /api/v10
                raise _NoRoute
            for method, pattern, name in _ROUTES:
                match = pattern.fullmatch(path)
                if match and method == request.method:
                    break
            else:
                raise _NoRoute
            if (self.token is not None and not path.startswith(("/interactions/", "/webhooks/"))
                    and request.headers.get("Authorization") != f"Bot {self.token}"):
                raise HTTPError(401, 0, "401: Unauthorized")
            body = await getattr(self, name)(call, **match.groupdict())
            call.status, call.response = (204 if body is None else 200), body
        except _NoRoute:
            self.unknown_routes.append(call)
            call.status, call.response = 404, {"message": f"fake Discord has no route {request.method} {path}",
                                               "code": 0}
        except HTTPError as exc:
            call.status, call.response = exc.status, exc.body
            if isinstance(exc, Refused):
                self.refusals.append(Refusal(call, exc.status, exc.body["code"], exc.body["message"],
                                             exc.channel_id, exc.missing))
            if call.interaction is not None:
                call.interaction.errors.append(f"{call.method} {call.path} -> {exc.status} {exc.body['message']}")
                call.interaction.touch()
        except Exception as exc:  # a bug in the fake: fail loudly, but no 5xx (discord.py would retry)
            self._violate(f"fake Discord crashed on {call.method} {call.path}: {exc!r}")
            call.status, call.response = 400, {"message": f"fake Discord internal error: {exc!r}", "code": 0}
        self._notify()
        return self._json(call.status, call.response)

    async def _attachment(self, request: web.Request) -> web.Response:
        data = self._attachments.get(int(request.match_info["aid"]))
        if data is None:
            return web.Response(status=404)
        ctype = mimetypes.guess_type(request.match_info["name"])[0] or "application/octet-stream"
        return web.Response(body=data, content_type=ctype)

    def _violate(self, message: str, result: Optional[InteractionResult] = None) -> None:
        self.violations.append(f"{result.describe()}: {message}" if result else message)

    def _me(self) -> JSON:
        return {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "email": None,
                "locale": "en-US", "premium_type": 0}

    def _channel(self, channel_id: Union[str, int]) -> FakeChannel:
        channel = self.channels.get(int(channel_id))
        if channel is None:
            raise HTTPError(404, 10003, "Unknown Channel")
        if channel.deleted:
            raise Refused(404, 10003, "Unknown Channel", channel)
        return channel

    # ------------------------------------------------------------------ the bot's permissions
    def _bot_permissions(self, channel: FakeChannel) -> int:
        """The bot's effective permissions in ``channel`` (all of them in a DM: nothing checked)."""
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        return ALL_PERMISSIONS if guild is None else effective_permissions(guild, channel, self.bot_user.id)

    def _require(self, channel: FakeChannel, needed: int = 0) -> int:
        """Refuse like Discord when the bot cannot see ``channel`` (403 50001 Missing Access) or
        lacks any of ``needed`` there (403 50013 Missing Permissions); else its permissions."""
        perms = self._bot_permissions(channel)
        if not perms & VIEW_CHANNEL:
            raise missing_access(channel)
        if needed & ~perms:
            raise missing_permissions(channel, needed & ~perms)
        return perms

    def _require_open_thread(self, channel: FakeChannel, perms: int, *, archived_ok: bool = False) -> None:
        """Archived threads refuse edits and reactions (400 50083; ``archived_ok``: not while
        unlocked); locked threads refuse them to whoever lacks MANAGE_THREADS (400 160005)."""
        if not channel.is_thread:
            return
        moderator = bool(perms & MANAGE_THREADS)
        if channel.archived and not (archived_ok and (not channel.locked or moderator)):
            raise Refused(400, 50083, "Thread is archived", channel)
        if channel.locked and not moderator:
            raise Refused(400, 160005, "Thread is locked", channel, MANAGE_THREADS)

    def _without_embeds(self, channel: FakeChannel, perms: int, payload: JSON, call: Call,
                        existing: Optional[FakeMessage] = None) -> JSON:
        """Without EMBED_LINKS Discord silently drops a message's embeds (recorded as a refusal
        with status 200); if nothing else is left the call is refused: 403 50013 for a new
        message, 400 50006 "Cannot send an empty message" for an edit."""
        if perms & EMBED_LINKS or not payload.get("embeds"):
            return payload
        payload = {k: v for k, v in payload.items() if k != "embeds"}
        old = existing or FakeMessage(0, 0, None, self.bot_user)
        rest = (payload["content"] if "content" in payload else old.content) or \
            (payload["components"] if "components" in payload else old.components) or \
            (payload["attachments"] if "attachments" in payload else old.attachments) or call.uploads or \
            (old.embeds if existing else None) or payload.get("sticker_ids") or payload.get("poll")
        if not rest:
            if existing is None:
                raise missing_permissions(channel, EMBED_LINKS)
            raise Refused(400, 50006, "Cannot send an empty message", channel, EMBED_LINKS)
        self.refusals.append(Refusal(call, 200, 0, "embeds dropped: missing EMBED_LINKS", channel.id, EMBED_LINKS))
        return payload

    def _message(self, channel_id: Union[str, int], message_id: Union[str, int]) -> FakeMessage:
        self._channel(channel_id)
        msg = self.messages.get(int(message_id))
        if msg is None or msg.deleted or msg.channel_id != int(channel_id) or msg.ephemeral:
            raise HTTPError(404, 10008, "Unknown Message")
        return msg

    # ------------------------------------------------------------------ messages
    def _check(self, payload: JSON, call: Call, result: Optional[InteractionResult], *, creating: bool,
               existing: Optional[FakeMessage] = None) -> None:
        """Discord's message rules: hard limits -> recorded + 400; unsafe pings -> recorded."""
        hard = limits.check_message(payload, mentions=False)
        for problem in hard + (limits.mention_violations(payload) if creating else []):
            self._violate(problem, result)
        if hard:
            raise HTTPError(400, 50035, "Invalid Form Body: " + "; ".join(hard))

        def present(key: str, default: Any) -> Any:
            return payload[key] if key in payload else default
        old = existing or FakeMessage(0, 0, None, self.bot_user)
        attachments = present("attachments", old.attachments) or call.uploads
        if not (present("content", old.content) or present("embeds", old.embeds)
                or present("components", old.components) or attachments or payload.get("poll")
                or payload.get("sticker_ids")):
            self._violate("cannot send an empty message", result)
            raise HTTPError(400, 50006, "Cannot send an empty message")

    def _apply(self, msg: FakeMessage, payload: JSON, call: Call) -> None:
        for key in ("content", "embeds", "components"):
            if key in payload:
                setattr(msg, key, payload[key] or ("" if key == "content" else []))
        if "allowed_mentions" in payload:
            msg.allowed_mentions = payload["allowed_mentions"]
        if payload.get("flags") is not None:
            fixed = EPHEMERAL | LOADING
            msg.flags = (msg.flags & fixed) | (payload["flags"] & ~fixed)
        uploads = dict(call.uploads)
        if "attachments" in payload:
            kept, files = [], {}
            existing = {a["id"]: a for a in msg.attachments}
            for att in payload["attachments"] or []:
                aid = str(att.get("id"))
                if aid in existing:
                    kept.append(existing[aid])
                    files[existing[aid]["filename"]] = msg.files.get(existing[aid]["filename"], b"")
                elif aid.isdigit() and int(aid) in uploads:
                    name, data = uploads.pop(int(aid))
                    kept.append(self._store_attachment(att.get("filename") or name, data, att.get("description")))
                    files[kept[-1]["filename"]] = data
            msg.attachments, msg.files = kept, files
        for name, data in uploads.values():
            msg.attachments.append(self._store_attachment(name, data, None))
            msg.files[name] = data

    def _store_attachment(self, filename: str, data: bytes, description: Optional[str]) -> JSON:
        aid = snowflake()
        self._attachments[aid] = data
        url = f"{self.base_url}/attachments/{aid}/{filename}"
        return {"id": str(aid), "filename": filename, "size": len(data), "url": url, "proxy_url": url,
                "content_type": mimetypes.guess_type(filename)[0] or "application/octet-stream",
                "description": description, "ephemeral": False, "flags": 0}

    def _gateway_message(self, msg: FakeMessage) -> JSON:
        data = msg.payload(self)
        guild = self.guilds.get(msg.guild_id) if msg.guild_id else None
        if guild is not None and msg.author.id in guild.members:
            data["member"] = guild.members[msg.author.id].payload(with_user=False)
        return data

    def _store(self, msg: FakeMessage) -> FakeMessage:
        self.messages[msg.id] = msg
        channel = self.channels.get(msg.channel_id)
        if channel is not None:
            channel.last_message_id = msg.id
            if channel.is_thread:
                channel.message_count += 1
        if not msg.ephemeral:
            intent = GUILD_MESSAGES if msg.guild_id else DIRECT_MESSAGES
            self._dispatch("MESSAGE_CREATE", self._gateway_message(msg), intent)
        return msg

    def _new_message(self, channel: FakeChannel, payload: Optional[JSON], call: Call, *,
                     result: Optional[InteractionResult] = None, ephemeral: bool = False) -> FakeMessage:
        payload = payload or {}
        self._check(payload, call, result, creating=True)
        msg = FakeMessage(snowflake(), channel.id, channel.guild_id, self.bot_user)
        self._apply(msg, payload, call)
        if result is not None:
            self._mark_interaction(msg, result, ephemeral)
        if channel.is_thread and channel.archived and not channel.locked:
            channel.archived = False       # sending unarchives a thread, as on Discord
            self._dispatch("THREAD_UPDATE", channel.payload())
        return self._store(msg)

    def _mark_interaction(self, msg: FakeMessage, result: InteractionResult, ephemeral: bool) -> None:
        msg.webhook_id = self.application_id
        msg.flags |= EPHEMERAL if ephemeral else 0
        msg.type = 20 if result.type == APP_COMMAND else 0
        msg.interaction = {"id": str(result.id), "type": result.type, "user": result.user.payload(),
                           "authorizing_integration_owners": self._owners(result.channel, result.user),
                           "name": result.name if result.type == APP_COMMAND else None}
        if result.source_message is not None:
            msg.interaction["interacted_message_id"] = str(result.source_message.id)

    def _edit(self, msg: FakeMessage, payload: Optional[JSON], call: Call,
              result: Optional[InteractionResult] = None) -> FakeMessage:
        payload = payload or {}
        resolving = msg.loading
        self._check(payload, call, result, creating=resolving, existing=msg)
        self._apply(msg, payload, call)
        if resolving:
            msg.flags &= ~LOADING
        else:
            msg.edited_timestamp = iso_now()
        msg.edits += 1
        if not msg.ephemeral:
            intent = GUILD_MESSAGES if msg.guild_id else DIRECT_MESSAGES
            self._dispatch("MESSAGE_UPDATE", self._gateway_message(msg), intent)
        return msg

    def _delete(self, msg: FakeMessage) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
            self._dispatch("MESSAGE_DELETE", data, GUILD_MESSAGES if msg.guild_id else DIRECT_MESSAGES)

    # ------------------------------------------------------------------ REST: login & commands
    @route("GET", r"/users/@me")
    async def _r_me(self, call: Call) -> JSON:
        return self._me()

    @route("GET", r"/users/(?P<user_id>\d+)")
    async def _r_user(self, call: Call, user_id: str) -> JSON:
        user = self.users.get(int(user_id))
        if user is None:
            raise HTTPError(404, 10013, "Unknown User")
        return user.payload()

    @route("GET", r"/oauth2/applications/@me")
    async def _r_application(self, call: Call) -> JSON:
        return {"id": str(self.application_id), "name": self.bot_user.name, "icon": None, "description": "",
                "summary": "", "type": None, "bot_public": True, "bot_require_code_grant": False,
                "verify_key": "0" * 64, "owner": self.owner.payload(), "team": None, "flags": 0,
                "rpc_origins": [], "tags": [], "install_params": None, "custom_install_url": None,
                "interactions_endpoint_url": None, "redirect_uris": [], "bot": self.bot_user.payload(),
                "approximate_guild_count": len(self.guilds), "integration_types_config": {"0": {}}}

    @route("GET", r"/gateway")
    async def _r_gateway(self, call: Call) -> JSON:
        return {"url": self.gateway_url}

    @route("GET", r"/gateway/bot")
    async def _r_gateway_bot(self, call: Call) -> JSON:
        return {"url": self.gateway_url, "shards": getattr(self, "shard_count", 1), "session_start_limit":
                {"total": 1000, "remaining": 999, "reset_after": 0,
                 "max_concurrency": getattr(self, "max_concurrency", 1)}}

    @staticmethod
    def _listed(commands: list[JSON], call: Call) -> list[JSON]:
        """The stored commands as Discord lists them: exactly what was synced, with ``id``,
        ``application_id`` and ``version``; the ``*_localizations`` dictionaries only with
        ``?with_localizations=true`` (Discord leaves them out otherwise)."""
        if call.query.get("with_localizations", "").lower() == "true":
            return json.loads(json.dumps(commands))

        def strip(value: Any) -> Any:
            if isinstance(value, list):
                return [strip(v) for v in value]
            if isinstance(value, dict):
                return {k: strip(v) for k, v in value.items()
                        if k not in ("name_localizations", "description_localizations")}
            return value
        return strip(commands)

    @route("GET", r"/applications/(?P<app_id>\d+)/commands")
    async def _r_get_commands(self, call: Call, app_id: str) -> list[JSON]:
        if int(app_id) != self.application_id:
            raise HTTPError(404, 10002, "Unknown Application")
        return self._listed(self.synced_commands, call)

    @route("GET", r"/applications/(?P<app_id>\d+)/guilds/(?P<guild_id>\d+)/commands")
    async def _r_get_guild_commands(self, call: Call, app_id: str, guild_id: str) -> list[JSON]:
        if int(app_id) != self.application_id:
            raise HTTPError(404, 10002, "Unknown Application")
        if int(guild_id) not in self.guilds:
            raise HTTPError(403, 50001, "Missing Access")
        return self._listed(self.synced_guild_commands.get(int(guild_id), []), call)

    @route("PUT", r"/applications/(?P<app_id>\d+)/commands")
    async def _r_sync(self, call: Call, app_id: str, guild_id: Optional[str] = None) -> list[JSON]:
        if int(app_id) != self.application_id:
            raise HTTPError(404, 10002, "Unknown Application")
        problems = limits.check_command_tree(call.json or [], is_global=guild_id is None)
        for problem in problems:
            self._violate(f"command sync: {problem}")
        if problems:
            raise HTTPError(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        gid = int(guild_id) if guild_id else None
        before = {(c["name"], c["type"]): c for c in (self.synced_commands if gid is None
                                                      else self.synced_guild_commands.get(gid, []))}
        stored = []
        for cmd in call.json or []:
            kind = cmd.get("type", 1)
            cid = self._command_ids.setdefault((gid, cmd["name"], kind), snowflake())
            entry = {"description": "", "options": [], "default_member_permissions": None, "nsfw": False,
                     **cmd, "type": kind, "id": str(cid), "application_id": str(self.application_id),
                     **({"guild_id": guild_id} if gid else {})}
            old = before.get((cmd["name"], kind))
            unchanged = old is not None and {k: v for k, v in old.items() if k != "version"} == entry
            entry["version"] = old["version"] if unchanged else str(snowflake())  # bumped only on a change
            stored.append(entry)
        if gid is None:
            self.synced_commands = stored
        else:
            self.synced_guild_commands[gid] = stored
        self.sync_count += 1
        return stored

    @route("PUT", r"/applications/(?P<app_id>\d+)/guilds/(?P<guild_id>\d+)/commands")
    async def _r_sync_guild(self, call: Call, app_id: str, guild_id: str) -> list[JSON]:
        if int(guild_id) not in self.guilds:
            raise HTTPError(403, 50001, "Missing Access")
        return await self._r_sync(call, app_id, guild_id)

    # ------------------------------------------------------------------ REST: interactions
    def _link(self, call: Call, result: InteractionResult) -> None:
        call.interaction = result
        result.calls.append(call)
        result.touch()

    def _by_webhook(self, call: Call, app_id: str, token: str) -> InteractionResult:
        result = self._by_token.get(token)
        if result is None or int(app_id) != self.application_id:
            self._violate(f"webhook call for an unknown interaction token ({call.method} {call.path})")
            raise HTTPError(404, 10015, "Unknown Webhook")
        self._link(call, result)
        if result.callback_type is None:
            self._violate(f"{call.method} on the interaction webhook before acknowledging the interaction", result)
            raise HTTPError(404, 10015, "Unknown Webhook")
        return result

    @route("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback")
    async def _r_callback(self, call: Call, iid: str, token: str) -> JSON:
        result = self._by_id.get(int(iid))
        if result is None or result.token != token:
            self._violate(f"callback for an unknown interaction {iid}")
            raise HTTPError(404, 10062, "Unknown interaction")
        self._link(call, result)
        body = call.json or {}
        kind, data = body.get("type"), body.get("data") or {}
        if result.callback_type is not None:
            self._violate(f"acknowledged twice (callback type {result.callback_type}, then {kind})", result)
            raise HTTPError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = time.monotonic() - result.sent_at
        if elapsed > self.ack_deadline:
            self._violate(f"acknowledged after {elapsed:.2f}s (Discord allows {self.ack_deadline:g}s)", result)
            raise HTTPError(404, 10062, "Unknown interaction")
        if kind not in ALLOWED_CALLBACKS[result.type] or (kind in (6, 7) and result.source_message is None):
            self._violate(f"callback type {kind} is not valid for interaction type {result.type}", result)
            raise HTTPError(400, 50035, "Invalid Form Body: interaction response type")
        message: Optional[FakeMessage] = None
        if kind == 4:
            message = self._new_message(result.channel, data, call, result=result,
                                        ephemeral=bool((data.get("flags") or 0) & EPHEMERAL))
        elif kind == 5:
            message = FakeMessage(snowflake(), result.channel.id, result.channel.guild_id, self.bot_user,
                                  flags=LOADING)
            self._mark_interaction(message, result, bool((data.get("flags") or 0) & EPHEMERAL))
            self._store(message)
        elif kind == 7:
            message = self._edit(result.source_message, data, call, result)  # type: ignore[arg-type]
        elif kind == 8:
            problems = limits.check_autocomplete(data.get("choices") or [])
            for problem in problems:
                self._violate(problem, result)
            if problems:
                raise HTTPError(400, 50035, "Invalid Form Body: " + "; ".join(problems))
            result.choices = data.get("choices") or []
        elif kind == 9:
            problems = limits.check_modal(data)
            for problem in problems:
                self._violate(problem, result)
            if problems:
                raise HTTPError(400, 50035, "Invalid Form Body: " + "; ".join(problems))
            result.modal = data
        result.callback_type, result.callback_data, result.acknowledged_after = kind, data, elapsed
        result.original = message if kind != 6 else result.source_message
        if message is not None:
            result.add_message(message)
        result.touch()
        out: JSON = {"interaction": {"id": str(result.id), "type": result.type,
                                     "response_message_loading": kind == 5,
                                     "response_message_ephemeral": bool(message and message.ephemeral)},
                     "resource": {"type": kind}}
        if message is not None:
            out["interaction"]["response_message_id"] = str(message.id)
            out["resource"]["message"] = message.payload(self)
        return out

    @route("POST", r"/webhooks/(?P<app_id>\d+)/(?P<token>[^/]+)")
    async def _r_followup(self, call: Call, app_id: str, token: str) -> JSON:
        result = self._by_webhook(call, app_id, token)
        body = call.json or {}
        wants_ephemeral = bool((body.get("flags") or 0) & EPHEMERAL)
        original = result.original
        if result.callback_type == 5 and original is not None and original.loading and not original.deleted:
            # Discord: the first followup after a "thinking" defer resolves the deferred
            # message, whose ephemerality was fixed at defer time.
            if wants_ephemeral and not original.ephemeral:
                self._violate("followup asked for ephemeral, but as the first followup after a public defer "
                              "it resolves the deferred message and is shown to everyone", result)
            msg = self._edit(original, body, call, result)
        else:
            msg = self._new_message(result.channel, body, call, result=result, ephemeral=wants_ephemeral)
        result.add_message(msg)
        return msg.payload(self)

    def _interaction_message(self, result: InteractionResult, mid: str) -> FakeMessage:
        if mid == "@original":
            msg = result.original
        else:
            msg = next((m for m in result.messages + [result.original] if m and m.id == int(mid)), None)
        if msg is None or msg.deleted:
            self._violate(f"interaction message {mid} does not exist (yet)", result)
            raise HTTPError(404, 10008, "Unknown Message")
        return msg

    @route("GET", r"/webhooks/(?P<app_id>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)")
    async def _r_webhook_get(self, call: Call, app_id: str, token: str, mid: str) -> JSON:
        result = self._by_webhook(call, app_id, token)
        return self._interaction_message(result, mid).payload(self)

    @route("PATCH", r"/webhooks/(?P<app_id>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)")
    async def _r_webhook_edit(self, call: Call, app_id: str, token: str, mid: str) -> JSON:
        result = self._by_webhook(call, app_id, token)
        msg = self._edit(self._interaction_message(result, mid), call.json, call, result)
        result.add_message(msg)
        return msg.payload(self)

    @route("DELETE", r"/webhooks/(?P<app_id>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)")
    async def _r_webhook_delete(self, call: Call, app_id: str, token: str, mid: str) -> None:
        result = self._by_webhook(call, app_id, token)
        self._delete(self._interaction_message(result, mid))
        result.touch()

    # ------------------------------------------------------------------ REST: channels & messages
    @route("GET", r"/channels/(?P<channel_id>\d+)")
    async def _r_get_channel(self, call: Call, channel_id: str) -> JSON:
        channel = self._channel(channel_id)
        self._require(channel)
        return channel.payload()

    @route("PATCH", r"/channels/(?P<channel_id>\d+)")
    async def _r_edit_channel(self, call: Call, channel_id: str) -> JSON:
        channel = self._channel(channel_id)
        body = call.json or {}
        if channel.is_thread:
            self._check_thread_edit(channel, body)
        elif channel.guild_id is not None:
            self._require(channel, MANAGE_CHANNELS | (MANAGE_ROLES if "permission_overwrites" in body else 0))
        for key in ("name", "archived", "locked", "auto_archive_duration", "invitable", "rate_limit_per_user",
                    "topic", "position"):
            if key in body and body[key] is not None:
                setattr(channel, key, body[key])
        self._dispatch("THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", channel.payload())
        return channel.payload()

    def _check_thread_edit(self, thread: FakeChannel, body: JSON) -> None:
        """Discord's rules for editing a thread: it must be unarchived or being unarchived
        (400 50083); unarchiving an unlocked thread needs SEND_MESSAGES; name, archived and
        auto_archive_duration need MANAGE_THREADS unless the bot created the thread; anything
        else (locked, invitable, slow mode), or unarchiving a locked thread, needs MANAGE_THREADS."""
        perms = self._require(thread)
        unarchiving = body.get("archived") is False
        if thread.archived and not unarchiving:
            raise Refused(400, 50083, "Thread is archived", thread)
        changes = {k for k, v in body.items() if v is not None and getattr(thread, k, object()) != v}
        if thread.archived and unarchiving and not thread.locked and changes <= {"archived"}:
            needed = SEND_MESSAGES
        elif thread.locked or changes - {"name", "archived", "auto_archive_duration"}:
            needed = MANAGE_THREADS
        else:
            needed = 0 if thread.owner_id == self.bot_user.id else MANAGE_THREADS
        if needed & ~perms:
            raise missing_permissions(thread, needed & ~perms)

    @route("DELETE", r"/channels/(?P<channel_id>\d+)")
    async def _r_delete_channel(self, call: Call, channel_id: str) -> JSON:
        channel = self._channel(channel_id)
        if channel.guild_id is not None:
            self._require(channel, MANAGE_THREADS if channel.is_thread else MANAGE_CHANNELS)
        self._remove_channel(channel)
        return channel.payload()

    def _remove_channel(self, channel: FakeChannel) -> None:
        """Delete a channel (with its threads) or a thread; the bot gets CHANNEL_DELETE (discord.py
        drops the threads of a deleted channel itself) or THREAD_DELETE."""
        channel.deleted = True
        if channel.is_thread:
            self._dispatch("THREAD_DELETE", {"id": str(channel.id), "guild_id": str(channel.guild_id),
                                             "parent_id": str(channel.parent_id), "type": channel.type})
        else:
            for thread in self.threads_of(channel):
                thread.deleted = True
            self._dispatch("CHANNEL_DELETE", channel.payload())

    @route("GET", r"/channels/(?P<channel_id>\d+)/messages")
    async def _r_history(self, call: Call, channel_id: str) -> list[JSON]:
        perms = self._require(self._channel(channel_id))
        if not perms & READ_MESSAGE_HISTORY:
            return []  # Discord: without READ_MESSAGE_HISTORY no messages are returned
        found = [m for m in self.channel_messages(int(channel_id)) if not m.ephemeral]
        return [m.payload(self) for m in reversed(found)][: int(call.query.get("limit", 50))]

    @route("POST", r"/channels/(?P<channel_id>\d+)/messages")
    async def _r_send(self, call: Call, channel_id: str) -> JSON:
        channel = self._channel(channel_id)
        body = call.json or {}
        needed = send_permission(channel)
        if call.uploads:
            needed |= ATTACH_FILES
        if body.get("message_reference"):
            needed |= READ_MESSAGE_HISTORY
        perms = self._require(channel, needed)
        if channel.is_thread and channel.archived and channel.locked:
            raise Refused(400, 50083, "Thread is archived", channel)  # no automatic unarchiving when locked
        self._require_open_thread(channel, perms, archived_ok=True)
        msg = self._new_message(channel, self._without_embeds(channel, perms, body, call), call)
        if body.get("message_reference"):
            msg.type = 19
        return msg.payload(self)

    @route("GET", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)")
    async def _r_get_message(self, call: Call, channel_id: str, message_id: str) -> JSON:
        self._require(self._channel(channel_id), READ_MESSAGE_HISTORY)
        return self._message(channel_id, message_id).payload(self)

    @route("PATCH", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)")
    async def _r_edit_message(self, call: Call, channel_id: str, message_id: str) -> JSON:
        channel = self._channel(channel_id)
        perms = self._require(channel, ATTACH_FILES if call.uploads else 0)
        msg = self._message(channel_id, message_id)
        if msg.author is not self.bot_user:
            self._violate(f"tried to edit message {msg.id} authored by {msg.author.name}")
            raise HTTPError(403, 50005, "Cannot edit a message authored by another user")
        self._require_open_thread(channel, perms)
        return self._edit(msg, self._without_embeds(channel, perms, call.json or {}, call, msg), call).payload(self)

    @route("DELETE", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)")
    async def _r_delete_message(self, call: Call, channel_id: str, message_id: str) -> None:
        channel = self._channel(channel_id)
        msg = self._message(channel_id, message_id)
        perms = self._require(channel, 0 if msg.author is self.bot_user else MANAGE_MESSAGES)
        if channel.is_thread and channel.archived and channel.locked and not perms & MANAGE_THREADS:
            raise Refused(400, 50083, "Thread is archived", channel)
        self._delete(msg)

    @route("PUT", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)/reactions/(?P<emoji>[^/]+)/@me")
    async def _r_react(self, call: Call, channel_id: str, message_id: str, emoji: str) -> None:
        channel = self._channel(channel_id)
        msg = self._message(channel_id, message_id)
        perms = self._require(channel, READ_MESSAGE_HISTORY | (0 if emoji in msg.reactions else ADD_REACTIONS))
        self._require_open_thread(channel, perms | MANAGE_THREADS)  # locked but active: reactions allowed
        msg.reactions.append(emoji)

    @route("DELETE", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)/reactions/(?P<emoji>[^/]+)/@me")
    async def _r_unreact(self, call: Call, channel_id: str, message_id: str, emoji: str) -> None:
        channel = self._channel(channel_id)
        msg = self._message(channel_id, message_id)
        self._require_open_thread(channel, self._require(channel) | MANAGE_THREADS)
        if emoji in msg.reactions:
            msg.reactions.remove(emoji)

    @route("POST", r"/channels/(?P<channel_id>\d+)/typing")
    async def _r_typing(self, call: Call, channel_id: str) -> None:
        channel = self._channel(channel_id)
        self._require(channel, send_permission(channel))

    def _create_thread(self, parent: FakeChannel, name: str, kind: int, owner: FakeUser,
                       body: Optional[JSON], thread_id: Optional[int] = None) -> FakeChannel:
        body = body or {}
        if parent.type != TEXT_CHANNEL:
            raise HTTPError(400, 50024, "Cannot execute action on this channel type")
        if not 1 <= len(name or "") <= 100:
            self._violate(f"thread name must be 1-100 characters (got {len(name or '')})")
            raise HTTPError(400, 50035, "Invalid Form Body: name")
        thread = FakeChannel(thread_id or snowflake(), parent.guild_id, name, kind, parent_id=parent.id,
                             owner_id=owner.id, member_ids={owner.id},
                             auto_archive_duration=body.get("auto_archive_duration") or 4320,
                             invitable=body.get("invitable", True) if kind == PRIVATE_THREAD else True,
                             rate_limit_per_user=body.get("rate_limit_per_user") or 0)
        self.channels[thread.id] = self.guilds[parent.guild_id].channels[thread.id] = thread  # type: ignore[index]
        member = {"id": str(thread.id), "user_id": str(owner.id), "join_timestamp": iso_now(), "flags": 0}
        self._dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True,
                                         **({"member": member} if owner is self.bot_user else {})})
        return thread

    @route("POST", r"/channels/(?P<channel_id>\d+)/threads")
    async def _r_thread(self, call: Call, channel_id: str) -> JSON:
        body = call.json or {}
        parent, kind = self._channel(channel_id), body.get("type", PRIVATE_THREAD)
        self._require(parent, CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else CREATE_PUBLIC_THREADS)
        thread = self._create_thread(parent, body.get("name"), kind, self.bot_user, body)
        return thread.payload()

    @route("POST", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)/threads")
    async def _r_thread_from_message(self, call: Call, channel_id: str, message_id: str) -> JSON:
        parent = self._channel(channel_id)
        self._require(parent, CREATE_PUBLIC_THREADS)
        msg = self._message(channel_id, message_id)
        if msg.thread_id is not None:
            raise HTTPError(400, 160004, "A thread has already been created for this message")
        body = call.json or {}
        thread = self._create_thread(parent, body.get("name"), PUBLIC_THREAD, self.bot_user, body, thread_id=msg.id)
        msg.thread_id = thread.id
        return thread.payload()

    def _thread(self, channel_id: str) -> FakeChannel:
        thread = self._channel(channel_id)
        if not thread.is_thread:
            raise HTTPError(400, 50024, "Cannot execute action on this channel type")
        return thread

    @route("PUT", r"/channels/(?P<channel_id>\d+)/thread-members/(?P<user_id>\d+|@me)")
    async def _r_thread_join(self, call: Call, channel_id: str, user_id: str) -> None:
        """Joining needs only to see the thread; adding someone else needs to be able to send in it."""
        thread = self._thread(channel_id)
        self._require(thread, 0 if user_id == "@me" else SEND_MESSAGES_IN_THREADS)
        uid = self.bot_user.id if user_id == "@me" else int(user_id)
        if uid not in self.guilds[thread.guild_id].members:  # type: ignore[index]
            raise HTTPError(404, 10007, "Unknown Member")
        if thread.archived:
            raise Refused(400, 50083, "Thread is archived", thread)
        thread.member_ids.add(uid)

    @route("DELETE", r"/channels/(?P<channel_id>\d+)/thread-members/(?P<user_id>\d+|@me)")
    async def _r_thread_leave(self, call: Call, channel_id: str, user_id: str) -> None:
        """Removing someone else needs MANAGE_THREADS (or having created the private thread)."""
        thread = self._thread(channel_id)
        creator = thread.type == PRIVATE_THREAD and thread.owner_id == self.bot_user.id
        self._require(thread, 0 if user_id == "@me" or creator else MANAGE_THREADS)
        if thread.archived:
            raise Refused(400, 50083, "Thread is archived", thread)
        thread.member_ids.discard(self.bot_user.id if user_id == "@me" else int(user_id))

    @route("GET", r"/channels/(?P<channel_id>\d+)/thread-members")
    async def _r_thread_members(self, call: Call, channel_id: str) -> list[JSON]:
        thread = self._thread(channel_id)
        self._require(thread)
        return [{"id": str(thread.id), "user_id": str(u), "join_timestamp": thread.created_at, "flags": 0}
                for u in sorted(thread.member_ids)]

    @route("POST", r"/users/@me/channels")
    async def _r_open_dm(self, call: Call) -> JSON:
        user = self.users.get(int((call.json or {}).get("recipient_id", 0)))
        if user is None:
            raise HTTPError(404, 10013, "Unknown User")
        return self.dm_channel(user).payload()

    # ------------------------------------------------------------------ REST: guilds
    def _guild(self, guild_id: str) -> FakeGuild:
        guild = self.guilds.get(int(guild_id))
        if guild is None:
            raise HTTPError(404, 10004, "Unknown Guild")
        return guild

    @route("GET", r"/guilds/(?P<guild_id>\d+)")
    async def _r_guild(self, call: Call, guild_id: str) -> JSON:
        data = self._guild(guild_id).payload()
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key, None)
        return data

    @route("GET", r"/guilds/(?P<guild_id>\d+)/channels")
    async def _r_guild_channels(self, call: Call, guild_id: str) -> list[JSON]:
        return [c.payload() for c in self._guild(guild_id).text_channels]

    @route("GET", r"/guilds/(?P<guild_id>\d+)/roles")
    async def _r_guild_roles(self, call: Call, guild_id: str) -> list[JSON]:
        return [r.payload() for r in self._guild(guild_id).roles.values()]

    @route("GET", r"/guilds/(?P<guild_id>\d+)/members/(?P<user_id>\d+)")
    async def _r_member(self, call: Call, guild_id: str, user_id: str) -> JSON:
        member = self._guild(guild_id).members.get(int(user_id))
        if member is None:
            raise HTTPError(404, 10007, "Unknown Member")
        return member.payload()
