"""``/roll`` and ``/odds``: quick rolls for anyone, exact odds, rolls logged in match threads."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.send import answer
from table import odds
from table.services import Services

AttackSymbol = Literal["hammer", "swords", "channel", "focus"]
Save = Literal["block", "dodge"]
Colour = Literal["black", "gray", "white"]
Dice = app_commands.Range[int, 0, 30]
Small = app_commands.Range[int, 0, 10]


class DiceCog(commands.Cog):
    """Dice for every game."""

    roll = app_commands.Group(name="roll", description="Roll dice (in a match thread, rolls go to the match log)")
    odds = app_commands.Group(name="odds", description="Exact odds of an attack")

    def __init__(self, services: Services) -> None:
        self.rolls = services.rolls

    @roll.command(name="dice", description="Any dice expression, e.g. 4d6kh3 or 2d6+3")
    @app_commands.describe(expr="A dice expression such as 2d6+3", secret="Only you see the result")
    async def roll_dice(self, interaction: discord.Interaction, expr: app_commands.Range[str, 1, 200],
                        secret: bool = False) -> None:
        await answer(interaction, lambda ctx: self.rolls.roll(ctx, "expr", {"expr": expr}, secret=secret))

    @roll.command(name="underworlds", description="Underworlds attack roll, and the defence roll against it")
    @app_commands.describe(attack="Attack dice", symbol="The attack's symbol", defence="Defence dice",
                           save="The target's defence symbol", supports="Attacker's supporting fighters",
                           defence_supports="Target's supporting fighters", secret="Only you see the result")
    async def roll_underworlds(self, interaction: discord.Interaction, attack: Dice, symbol: AttackSymbol = "hammer",
                               defence: Dice = 0, save: Save = "block", supports: Small = 0,
                               defence_supports: Small = 0, secret: bool = False) -> None:
        options = dict(attack=attack, symbol=symbol, defence=defence, save=save, supports=supports,
                       defence_supports=defence_supports)
        await answer(interaction, lambda ctx: self.rolls.roll(ctx, "underworlds", options, secret=secret))

    @roll.command(name="magewars", description="Mage Wars attack dice against armor, and the effect die")
    @app_commands.describe(dice="Attack dice", armor="The target's armor", effect="Also roll the d12 effect die",
                           secret="Only you see the result")
    async def roll_magewars(self, interaction: discord.Interaction, dice: Dice, armor: Small = 0,
                            effect: bool = False, secret: bool = False) -> None:
        options = dict(dice=dice, armor=armor, effect=effect)
        await answer(interaction, lambda ctx: self.rolls.roll(ctx, "magewars", options, secret=secret))

    @roll.command(name="dragonbond", description="Dragonbond attack dice by colour, and the defence dice")
    @app_commands.describe(attack="Attack dice", colour="Attack dice colour",
                           defence_colour="Defender's dice colour (rolls one die per standard hit)",
                           upgrades="Upgrades to the attack", downgrades="Downgrades to the attack",
                           secret="Only you see the result")
    async def roll_dragonbond(self, interaction: discord.Interaction, attack: Dice, colour: Colour = "black",
                              defence_colour: Colour | None = None, upgrades: Small = 0, downgrades: Small = 0,
                              secret: bool = False) -> None:
        options = dict(attack=attack, colour=colour, defence_colour=defence_colour, upgrades=upgrades,
                       downgrades=downgrades)
        await answer(interaction, lambda ctx: self.rolls.roll(ctx, "dragonbond", options, secret=secret))

    @odds.command(name="underworlds", description="Exact outcome odds of an Underworlds attack")
    @app_commands.describe(attack="Attack dice", symbol="The attack's symbol", defence="Defence dice",
                           save="The target's defence symbol", supports="Attacker's supporting fighters",
                           defence_supports="Target's supporting fighters", cleave="The attack has Cleave",
                           ensnare="The attack has Ensnare", guard="The target is on Guard",
                           cover="The target is in cover", trapped="The target is trapped",
                           staggered="The target is staggered (re-roll one attack die)",
                           damage="The attack's Damage", wounds="Wounds the target has left",
                           grievous="Grievous X of the attack")
    async def odds_underworlds(self, interaction: discord.Interaction, attack: app_commands.Range[int, 1, 20],
                               defence: app_commands.Range[int, 0, 20] = 1, symbol: AttackSymbol = "hammer",
                               save: Save = "block", supports: Small = 0, defence_supports: Small = 0,
                               cleave: bool = False, ensnare: bool = False, guard: bool = False,
                               cover: bool = False, trapped: bool = False, staggered: bool = False,
                               damage: Small = 1, wounds: Small = 0, grievous: Small = 0) -> None:
        options = dict(attack=attack, defence=defence, symbol=symbol, save=save, supports=supports,
                       defence_supports=defence_supports, cleave=cleave, ensnare=ensnare, guard=guard,
                       cover=cover, trapped=trapped, staggered=staggered, damage=damage, wounds=wounds,
                       grievous=grievous)

        async def work(ctx):
            return odds.underworlds_odds(**options)
        await answer(interaction, work)

    @odds.command(name="magewars", description="Damage after armor and effect chances of a Mage Wars attack")
    @app_commands.describe(dice="Attack dice", armor="The target's armor", piercing="Piercing of the attack",
                           effects="The effect table, e.g. 6-10 = Daze; 11+ = Stun")
    async def odds_magewars(self, interaction: discord.Interaction, dice: app_commands.Range[int, 1, 20],
                            armor: Small = 0, piercing: Small = 0,
                            effects: app_commands.Range[str, 0, 100] = "") -> None:
        async def work(ctx):
            return odds.magewars_odds(dice=dice, armor=armor, piercing=piercing, effects=effects)
        await answer(interaction, work)

    @odds.command(name="dragonbond", description="Wound odds of a Dragonbond attack by colour")
    @app_commands.describe(attack="Attack dice", colour="Attack dice colour", defence_colour="Defender's colour",
                           upgrades="Upgrades to the attack", downgrades="Downgrades to the attack")
    async def odds_dragonbond(self, interaction: discord.Interaction, attack: app_commands.Range[int, 1, 20],
                              colour: Colour = "black", defence_colour: Colour = "gray", upgrades: Small = 0,
                              downgrades: Small = 0) -> None:
        async def work(ctx):
            return odds.dragonbond_odds(attack=attack, colour=colour, defence_colour=defence_colour,
                                        upgrades=upgrades, downgrades=downgrades)
        await answer(interaction, work)
