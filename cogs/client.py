"""The discord.py client: loads the cogs, registers the table's buttons, syncs the command tree."""
from __future__ import annotations

import hashlib
import json
import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs.dice import DiceCog
from cogs.health import start_health_server
from cogs.games import GamesCog
from cogs.match import MatchCog, TableButton, TableMenu
from cogs.send import send
from cogs.translator import CatalogueTranslator
from table.guard import crash_reply
from table.reply import Reply
from table.services import Services

log = logging.getLogger(__name__)

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
        """Sync the command tree when it changed since the last sync (Discord rate-limits syncs)."""
        guild_id = self.services.settings.dev_guild_id
        guild = discord.Object(guild_id) if guild_id else None
        if guild:
            self.tree.copy_global_to(guild=guild)
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"{self.services.store.prefix}:tree:{guild_id or 'global'}:{self.application_id}"
        if (await self.services.redis.get(key) or b"").decode() == digest:
            log.info("command tree unchanged; not syncing")
            return
        await self.tree.sync(guild=guild)
        await self.services.redis.set(key, digest)
        log.info("synced %d commands (%s)", len(payload), f"guild {guild_id}" if guild else "global")

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
