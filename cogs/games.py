"""Every game's slash commands (``/<game> ...``), built from its presenter's command specs, and the
background task that posts idle reminders for every match.

Each option's autocomplete offers only what the rules allow now (``GameTable.choices``); the table
re-checks everything, so a typed value works too and an illegal one is refused ephemerally.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.build import command_from_options
from cogs.send import answer, context_of, given, outgoing, record_panel
from table import undo
from table.commands import CommandSpec, Option
from table.game_table import GameTable
from table.presenter import InfoCommand
from table.services import Services

log = logging.getLogger(__name__)

REMINDER_POLL_SECONDS = 60.0
"""How often the idle reminders are looked for."""
WINDOW_POLL_SECONDS = 1.0
"""How often response windows past their deadline are looked for (table/windows.py)."""


def complete(game: GameTable, command: str, option: str):
    """An autocomplete callback offering the legal values of ``option`` for ``command``."""
    async def callback(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        values = {k: v for k, v in vars(interaction.namespace).items() if isinstance(v, (str, int))}
        pairs = await game.choices(context_of(interaction), command, option, values, current or "")
        return [app_commands.Choice(name=label[:100] or value, value=value[:100]) for label, value in pairs[:25]]
    return callback


def spec_command(game: GameTable, spec: CommandSpec) -> app_commands.Command:
    """One game command from its spec."""
    async def run(interaction: discord.Interaction, **values: Any) -> None:
        await answer(interaction, lambda ctx: game.run(ctx, spec.name, values))

    options = spec.parameters
    autocomplete = {o.name: complete(game, spec.name, o.name) for o in options if o.autocomplete}
    return command_from_options(spec.name.split()[-1], spec.description, options, run, autocomplete)


def plain_command(name: str, description: str, work) -> app_commands.Command:
    """A game command with no options (``/<game> board``)."""
    async def run(interaction: discord.Interaction) -> None:
        await answer(interaction, work)
    return command_from_options(name, description, (), run)


def info_command(info: InfoCommand) -> app_commands.Command:
    async def work(ctx):
        return info.run(ctx.lang)
    return plain_command(info.name, info.description, work)


def game_group(game: GameTable) -> app_commands.Group:
    """``/<game> ...``: the game's commands, the generic ones, and its sub-groups (``/<game> setup ...``)."""
    presenter = game.presenter
    group = app_commands.Group(name=presenter.command, description=presenter.description[:100], guild_only=True)
    subgroups: dict[str, app_commands.Group] = {}
    for spec in game.specs.values():
        words = spec.name.split()
        parent = group
        if len(words) == 2:
            parent = subgroups.get(words[0])
            if parent is None:
                parent = subgroups[words[0]] = app_commands.Group(
                    name=words[0], description=presenter.groups.get(words[0], words[0])[:100])
                group.add_command(parent)
        parent.add_command(spec_command(game, spec))
    group.add_command(plain_command(presenter.private_command, "Your own view (only you see it)",
                                    lambda ctx: game.private(ctx)))
    group.add_command(plain_command("board", "Post the board and the turn panel again", lambda ctx: game.board(ctx)))
    group.add_command(plain_command("undo", "Take back your last action (your opponent must accept)",
                                    lambda ctx: undo.request(game.table, ctx)))
    group.add_command(plain_command("hint", "Practice: the normal bot's move for you",
                                    lambda ctx: game.hint(ctx)))
    for info in presenter.info_commands:
        group.add_command(info_command(info))
    if hasattr(presenter, "window"):  # a game with response windows: the player may ask never to be passed for
        async def ask(interaction: discord.Interaction, on: bool) -> None:
            await answer(interaction, lambda ctx: game.always_ask(ctx, on))
        group.add_command(command_from_options(
            "ask", "Response windows: always ask me, never pass for me", (Option(
                "on", "yes: always ask me; no: pass for me when I hold nothing", bool),), ask))
    return group


class GamesCog(commands.Cog):
    """The games at the table: their command groups and the idle reminders."""

    def __init__(self, services: Services, bot: commands.Bot) -> None:
        self.services = services
        self.bot = bot
        self.groups = [game_group(game) for game in services.play.games.values()]
        self._reminders: asyncio.Task | None = None
        self._windows: asyncio.Task | None = None

    async def cog_load(self) -> None:
        for group in self.groups:
            self.bot.tree.add_command(group)
        if self.services.settings.idle_reminder_minutes:
            self._reminders = asyncio.create_task(self._remind_forever())
        self._windows = asyncio.create_task(self._windows_forever())

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)
        for task in (self._reminders, self._windows):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def _windows_forever(self) -> None:
        while True:
            await asyncio.sleep(WINDOW_POLL_SECONDS)
            try:
                await self.windows_once()
            except Exception:  # noqa: BLE001 - a failed round must not stop the windows
                log.exception("response windows failed")

    async def windows_once(self, now: float | None = None) -> int:
        """Pass for the players whose response window is past its deadline; returns how many posts were made."""
        sent = 0
        for match_id, channel_id, reply in await self.services.play.due_windows(now):
            try:
                channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
                with outgoing(reply) as kwargs:
                    posted = await channel.send(**given(kwargs))
                if reply.panel:
                    await record_panel(self.bot, reply.panel, channel_id, posted.id)
            except discord.HTTPException as error:
                log.warning("match %s: window pass not posted (%s)", match_id, error)
            else:
                sent += 1
        return sent

    async def _remind_forever(self) -> None:
        while True:
            await asyncio.sleep(REMINDER_POLL_SECONDS)
            try:
                await self.remind_once()
            except Exception:  # noqa: BLE001 - a failed round must not stop the reminders
                log.exception("idle reminders failed")

    async def remind_once(self, now: float | None = None) -> int:
        """Post every reminder that is due; returns how many were posted.

        Each match on its own: a thread deleted, or one the bot may no longer post in, is logged and
        that match's reminders stop; any other Discord error is logged; the others are reminded.
        """
        sent = 0
        for match_id, channel_id, reply in await self.services.play.due_reminders(now):
            try:
                channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
                with outgoing(reply) as kwargs:
                    posted = await channel.send(**given(kwargs))
                if reply.panel:
                    await record_panel(self.bot, reply.panel, channel_id, posted.id)
            except (discord.NotFound, discord.Forbidden) as error:
                log.warning("match %s: its thread %s can't be reminded in (%s); reminders stop for it",
                            match_id, channel_id, error)
                await self.services.play.reminders.forget(match_id)
            except discord.HTTPException as error:
                log.warning("match %s: reminder not posted (%s); it comes again next period", match_id, error)
            else:
                sent += 1
        return sent
