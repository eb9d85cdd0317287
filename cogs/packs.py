"""``/pack ...``: a server's data packs (table/packs.py, docs/packs.md)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.send import answer
from engine.core.errors import InvalidInput
from table.packs import MAX_BYTES
from table.services import Services


async def pack_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The server's packs (of the game already chosen, in ``/match new``)."""
    services: Services = interaction.client.services  # type: ignore[attr-defined]
    game = getattr(interaction.namespace, "game", None)
    try:
        from engine.core import system as systems

        game = systems.find_info(game).key if game else None
    except Exception:  # an unknown game typed so far: offer every pack
        game = None
    return [app_commands.Choice(name=label, value=value)
            for label, value in await services.packs.choices(interaction.guild_id, game, current)]


class PackCog(commands.Cog):
    """Import, list, show, export and remove the server's data packs."""

    group = app_commands.Group(name="pack", description="The server's data packs: import, list, export, remove",
                               guild_only=True)

    def __init__(self, services: Services) -> None:
        self.packs = services.packs

    @group.command(name="import", description="Import a data pack (YAML or JSON) into this server")
    @app_commands.describe(file="The pack file (.yaml or .json, at most 256 KB)")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        async def run(ctx):
            if file.size > MAX_BYTES:
                raise InvalidInput("pack.invalid", problems=[
                    {"code": "pack.problem", "path": "(file)", "value": f"{file.size} bytes",
                     "expected": f"at most {MAX_BYTES} bytes"}])
            return await self.packs.import_(ctx, await file.read())
        await answer(interaction, run)

    @group.command(name="list", description="The packs of this server")
    @app_commands.describe(game="Only the packs of this game")
    async def list_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.packs.list_(ctx, game))

    @group.command(name="show", description="Show a pack: author, provenance, entries, unknown values")
    @app_commands.describe(pack="Pack id")
    @app_commands.autocomplete(pack=pack_choices)
    async def show(self, interaction: discord.Interaction, pack: str) -> None:
        await answer(interaction, lambda ctx: self.packs.show(ctx, pack))

    @group.command(name="export", description="The pack's file exactly as it was imported (only you see it)")
    @app_commands.describe(pack="Pack id")
    @app_commands.autocomplete(pack=pack_choices)
    async def export(self, interaction: discord.Interaction, pack: str) -> None:
        await answer(interaction, lambda ctx: self.packs.export(ctx, pack))

    @group.command(name="remove", description="Remove a pack (its author or a moderator)")
    @app_commands.describe(pack="Pack id")
    @app_commands.autocomplete(pack=pack_choices)
    async def remove(self, interaction: discord.Interaction, pack: str) -> None:
        await answer(interaction, lambda ctx: self.packs.remove(ctx, pack))
