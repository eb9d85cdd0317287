"""The discord.py client: loads the cogs, registers the table's buttons, syncs the command tree."""
from __future__ import annotations

import logging

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


class GameMasterBot(commands.Bot):
    """The bot: slash commands only, all state in Redis through ``services``."""

    def __init__(self, services: Services, **options) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=INTENTS, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), **options)
        self.services = services
        self.tree.on_error = self.on_tree_error
        self.health_port: int | None = None
        self._health = None

    async def setup_hook(self) -> None:
        await self.add_cog(MatchCog(self.services))
        await self.add_cog(DiceCog(self.services))
        await self.add_cog(GamesCog(self.services, self))
        await self.add_cog(PackCog(self.services))
        await self.add_cog(LeagueCog(self.services, self))
        self.add_dynamic_items(TableButton, TableMenu)
        await self.tree.set_translator(CatalogueTranslator(self.tree))  # descriptions in Spanish too
        await self.sync_commands()
        settings = self.services.settings
        if settings.health_port is not None:
            self._health = await start_health_server(self, settings.health_host, settings.health_port)

    async def close(self) -> None:
        if self._health is not None:
            await self._health.cleanup()
        await super().close()

    async def sync_commands(self) -> None:
        """Sync the command tree unless Discord already has exactly this tree.

        Compared with what Discord holds (one GET per start), not with a record of our last
        sync: a new or reset application, or commands Discord lost, get synced again, and an
        unchanged tree is not (Discord rate-limits syncs). Never stops the start-up on an HTTP
        error: the bot still answers whatever commands Discord has.
        """
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
