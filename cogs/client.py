"""The discord.py client: loads the cogs, registers the table's buttons, syncs the command tree."""
from __future__ import annotations

import asyncio
import gc
import logging
import secrets
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from cogs import command_sync
from cogs.dice import DiceCog
from cogs.health import start_health_server
from cogs.games import GamesCog
from cogs.league import LeagueCog
from cogs.match import MatchCog, TableButton, TableMenu
from cogs.packs import PackCog
from cogs.send import send
from cogs.translator import CatalogueTranslator
from table.guard import crash_reply
from table.reply import Reply
from table.services import Services

log = logging.getLogger(__name__)

MISSING_SCOPE_HINT = ("Missing Access: the bot was probably invited without the `applications.commands` scope. "
                      "In the Developer Portal, OAuth2 -> URL Generator, choose the scopes `bot` and "
                      "`applications.commands` and open the new URL to invite the bot again "
                      "(README, 'Putting the bot on Discord').")


def _hint(exc: discord.HTTPException) -> str:
    """What to do about a refused command fetch or sync (a 403 is the missing scope)."""
    return f" {MISSING_SCOPE_HINT}" if exc.status == 403 else ""


INTENTS = discord.Intents.none()
INTENTS.guilds = True  # threads and channels; no message content, no members list


IDENTIFY_SECONDS = 5.0
"""Discord accepts one IDENTIFY per 5 s per bucket (``shard_id % max_concurrency``), whichever process sends it."""
SYNC_LOCK_SECONDS = 120
"""How long one process holds the command-sync lock at most (a crashed holder frees it by then)."""


_settled = False


def settle_memory() -> None:
    """Every game is set up once (loading its modules and data, which it does on first use), then all the bot has
    loaded is set aside from the garbage collector's full passes (``gc.freeze``): a full pass over it stopped every
    match for 0.1-0.3 s now and then (a game's slowest commands in its table bench)."""
    global _settled
    if _settled:  # once a process: a second bot in it (the tests start many) finds it done
        return
    _settled = True
    from engine.core.rng import SeededRng
    from engine.core.system import Sample, all_systems, find_system

    for info, playable in all_systems():
        if not playable:
            continue
        system = find_system(info.key)
        for sample in getattr(system, "samples", None) or (Sample("default", {}, info.min_seats),):
            try:  # each mode and pack the game lists for its tests
                state = system.setup(sample.options, info.seats_for(sample.players), SeededRng(bytes(32)))
                for seat in system.view(state, None).get("awaiting") or ():
                    system.legal_actions(state, seat)
            except Exception:  # noqa: BLE001 - a warm-up only: what cannot set up here loads on first use
                log.debug("no warm-up for %s %s", info.key, sample.name, exc_info=True)
    gc.collect()
    gc.freeze()


class _GameMaster:
    """The bot whichever gateway client carries it: slash commands only, all state in Redis through
    ``services``, so any process may serve any match (nothing of a match is kept only in memory)."""

    def __init__(self, services: Services, **options: Any) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=INTENTS, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), **options)
        self.services = services
        self.tree.on_error = self.on_tree_error
        self.health_port: int | None = None
        self._health = None
        self.draining = False
        self._in_flight: dict[str, set[asyncio.Task]] = {}
        """The tasks each interaction being handled started, by interaction id."""
        parsers = self._connection.parsers
        parsers["INTERACTION_CREATE"] = self._tracked(parsers["INTERACTION_CREATE"])

    async def setup_hook(self) -> None:
        await self.add_cog(MatchCog(self.services))
        await self.add_cog(DiceCog(self.services))
        await self.add_cog(GamesCog(self.services, self))
        await self.add_cog(PackCog(self.services))
        await self.add_cog(LeagueCog(self.services, self))
        self.add_dynamic_items(TableButton, TableMenu)
        await self.tree.set_translator(CatalogueTranslator(self.tree))  # descriptions in Spanish too
        await self.sync_commands()
        settle_memory()
        settings = self.services.settings
        if settings.health_port is not None:
            self._health = await start_health_server(self, settings.health_host, settings.health_port)

    async def close(self) -> None:
        if self._health is not None:
            await self._health.cleanup()
            self._health = None
        await super().close()

    # several processes -------------------------------------------------------------------------------
    @property
    def owns_command_sync(self) -> bool:
        """Only shard 0's process syncs the command tree, so N processes starting together do not race."""
        owned = self.services.settings.owned_shards
        return owned is None or 0 in owned

    def _tracked(self, parse_interaction):
        """The gateway's INTERACTION_CREATE handler, remembering the tasks each interaction starts (to let
        them finish on SIGTERM) and dropping new interactions once draining."""
        def parse(data: Any) -> None:
            if self.draining:
                log.warning("draining: interaction %s left unanswered (sent again, the shard's next process "
                            "answers it)", data.get("id"))
                return
            before = asyncio.all_tasks()
            parse_interaction(data)
            started = asyncio.all_tasks() - before
            if started:
                key = str(data.get("id"))
                self._in_flight[key] = started
                for task in started:
                    task.add_done_callback(lambda done, key=key: self._finished(key, done))
        return parse

    def _finished(self, key: str, task: asyncio.Task) -> None:
        tasks = self._in_flight.get(key)
        if tasks is not None:
            tasks.discard(task)
            if not tasks:
                del self._in_flight[key]

    async def drain(self, timeout: float) -> None:
        """Stop taking interactions, let the ones being handled finish (at most ``timeout`` s), then close.

        The gateway stays connected meanwhile (heartbeats go on; an interaction arriving now is left
        unanswered, and fails for its user), and Redis stays open until the bot has closed."""
        self.draining = True
        pending = {task for tasks in self._in_flight.values() for task in tasks}
        if pending:
            log.info("draining: %d interaction(s) being handled; waiting up to %gs", len(self._in_flight), timeout)
            _, left = await asyncio.wait(pending, timeout=timeout)
            if left:
                log.warning("draining: %d task(s) of interactions still running after %gs; closing anyway",
                            len(left), timeout)
        await self.close()

    async def sync_commands(self) -> None:
        """Sync the command tree unless Discord already has exactly this tree.

        Compared with what Discord holds (one GET per start), not with a record of our last
        sync: a new or reset application, or commands Discord lost, get synced again, and an
        unchanged tree is not (Discord rate-limits syncs). Never stops the start-up on an HTTP
        error: the bot still answers whatever commands Discord has. One process does it: shard 0's,
        holding a Redis lock meanwhile (an old and a new version overlap during an upgrade).
        """
        if not self.owns_command_sync:
            log.info("not syncing commands: the process running shard 0 does")
            return
        lock, token = f"{self.services.store.prefix}:lock:command-sync", secrets.token_hex(8)
        if not await self.services.redis.set(lock, token, nx=True, ex=SYNC_LOCK_SECONDS):
            log.info("not syncing commands: another process is syncing them now")
            return
        try:
            await self._sync_commands()
        finally:
            if await self.services.redis.get(lock) == token.encode():
                await self.services.redis.delete(lock)

    async def _sync_commands(self) -> None:
        guild_id = self.services.settings.dev_guild_id
        guild = discord.Object(guild_id) if guild_id else None
        if guild:
            self.tree.copy_global_to(guild=guild)
        where = f"guild {guild_id}" if guild else "global"
        local = await self._tree_payload(guild)
        try:
            remote = await self._fetch_command_payloads(guild)
        except discord.HTTPException as exc:
            log.warning("could not fetch the %s commands Discord has (%s %s: %s); syncing anyway.%s",
                        where, exc.status, exc.code, exc.text, _hint(exc))
        else:
            added, removed, changed = command_sync.diff(local, remote, is_global=guild is None)
            if not (added or removed or changed):
                log.info("Discord has the %d %s commands already; not syncing", len(local), where)
                return
            log.info("syncing %s commands: added %s, removed %s, changed %s",
                     where, added or "none", removed or "none", changed or "none")
        try:
            await self.tree.sync(guild=guild)
        except app_commands.CommandSyncFailure:
            raise  # the tree itself is invalid: a bug to fix, not a condition to run with
        except discord.HTTPException as exc:
            log.error("could not sync the %s commands (%s %s: %s); users see only the commands Discord "
                      "had before.%s", where, exc.status, exc.code, exc.text, _hint(exc))
            return
        log.info("synced %d commands (%s)", len(local), where)

    async def _tree_payload(self, guild: discord.abc.Snowflake | None) -> list[dict]:
        """Exactly what ``tree.sync(guild=guild)`` PUTs, translations included."""
        commands_ = self.tree.get_commands(guild=guild)
        translator = self.tree.translator
        if translator is None:
            return [c.to_dict(self.tree) for c in commands_]
        return [await c.get_translated_payload(self.tree, translator) for c in commands_]

    async def _fetch_command_payloads(self, guild: discord.abc.Snowflake | None) -> list[dict]:
        """The raw commands Discord has. Not ``tree.fetch_commands``: it asks without
        ``with_localizations`` (Discord then leaves out the localization dictionaries) and its
        ``AppCommand`` objects drop permissions and nsfw from ``to_dict``."""
        if guild is None:
            route = Route("GET", "/applications/{application_id}/commands", application_id=self.application_id)
        else:
            route = Route("GET", "/applications/{application_id}/guilds/{guild_id}/commands",
                          application_id=self.application_id, guild_id=guild.id)
        return await self.http.request(route, params={"with_localizations": "true"})

    async def on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Errors discord.py raises before our code runs (bad option values, checks)."""
        if isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
            reply = Reply(content=f"{error} Check the option and try again.", ephemeral=True)
        else:
            reply = crash_reply(getattr(error, "original", error), where="app command")
        try:
            await send(interaction, reply)
        except discord.HTTPException:
            log.warning("could not report an error to interaction %s", interaction.id)


class GameMasterBot(_GameMaster, commands.Bot):
    """The bot on one unsharded gateway connection (no ``SHARD_COUNT``/``SHARD_IDS``)."""


class ShardedGameMasterBot(_GameMaster, commands.AutoShardedBot):
    """The bot on the shards this process owns (``SHARD_IDS`` of ``SHARD_COUNT``, or all of Discord's
    recommended count with ``SHARD_COUNT=auto``)."""

    _max_concurrency: int | None = None
    """Discord's ``session_start_limit.max_concurrency``: how many shards may IDENTIFY at once."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait for this shard's IDENTIFY turn across every process of the bot (a Redis key per bucket, held
        5 s) instead of discord.py's sleep in one process: processes started together would break the limit."""
        if self._max_concurrency is None:
            try:
                _, _, limits = await self.http.get_bot_gateway()
                self._max_concurrency = max(1, int(limits.get("max_concurrency", 1)))
            except (discord.HTTPException, discord.GatewayNotFound):
                self._max_concurrency = 1
        bucket = (shard_id or 0) % self._max_concurrency
        key = f"{self.services.store.prefix}:identify:{bucket}"
        while not await self.services.redis.set(key, secrets.token_hex(8), nx=True,
                                                 px=int(IDENTIFY_SECONDS * 1000)):
            await asyncio.sleep(0.2)


def build_bot(services: Services) -> GameMasterBot | ShardedGameMasterBot:
    """The bot the settings ask for: sharded when a shard count or shard ids are given."""
    settings = services.settings
    if not settings.sharded:
        return GameMasterBot(services)
    count = None if settings.shard_count == "auto" else settings.shard_count
    return ShardedGameMasterBot(services, shard_count=count, shard_ids=settings.owned_shards)
