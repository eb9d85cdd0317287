"""``/roll`` and ``/odds``: quick rolls for anyone, exact odds, rolls logged in match threads.

``/roll dice`` takes any dice expression; every other subcommand (``/roll <key>``, ``/odds <key>``)
is built at start-up from a registered dice family (table/dice_games.py), with the family's options.
"""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.build import command_from_options
from cogs.send import answer
from table.dice_games import DiceGame, dice_games
from table.rolls import Rolls
from table.services import Services


def given(values: dict[str, Any]) -> dict[str, Any]:
    """The options the user gave (left-out ones take the reader's defaults)."""
    return {name: value for name, value in values.items() if value is not None}


def roll_command(rolls: Rolls, game: DiceGame) -> app_commands.Command:
    """``/roll <key>``: the family's roll, logged when made by a player in their match thread."""
    async def run(interaction: discord.Interaction, secret: bool | None = None, **values: Any) -> None:
        options = given(values)
        await answer(interaction, lambda ctx: rolls.roll(ctx, game.key, options, secret=bool(secret)))
    return command_from_options(game.key, game.roll_description, game.roll_parameters, run)


def odds_command(game: DiceGame) -> app_commands.Command:
    """``/odds <key>``: the family's exact odds."""
    async def run(interaction: discord.Interaction, **values: Any) -> None:
        options = given(values)

        async def work(ctx):
            return game.run_odds(ctx.lang, **options)
        await answer(interaction, work)
    return command_from_options(game.key, game.odds_description, game.odds_options, run)


class DiceCog(commands.Cog):
    """Dice for every game: ``/roll dice``, then one ``/roll`` and one ``/odds`` per dice family."""

    roll = app_commands.Group(name="roll", description="Roll dice (in a match thread, rolls go to the match log)")
    odds = app_commands.Group(name="odds", description="Exact odds of an attack")

    def __init__(self, services: Services) -> None:
        self.rolls = services.rolls
        for game in dice_games():  # self.roll and self.odds are this cog's own copies of the groups
            self.roll.add_command(roll_command(self.rolls, game))
            self.odds.add_command(odds_command(game))

    @roll.command(name="dice", description="Any dice expression, e.g. 4d6kh3 or 2d6+3")
    @app_commands.describe(expr="A dice expression such as 2d6+3", secret="Only you see the result")
    async def roll_dice(self, interaction: discord.Interaction, expr: app_commands.Range[str, 1, 200],
                        secret: bool = False) -> None:
        await answer(interaction, lambda ctx: self.rolls.roll(ctx, "expr", {"expr": expr}, secret=secret))
