"""``/uw ...``: Underworlds played in a match thread; thin adapters over ``table.underworlds``.

Every option's autocomplete offers only what the rules allow now (``UnderworldsTable.choices``);
the table re-checks everything, so a typed value works too and an illegal one is refused
ephemerally. ``/uw setup ...`` holds the deployment choices, ``/uw ref ...`` the referee commands.
A background task posts idle reminders (``IDLE_REMINDER_MINUTES``).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.send import answer, context_of, message_kwargs
from table.services import Services
from table.underworlds.table import UnderworldsTable
from table.underworlds.text import coverage_reply

log = logging.getLogger(__name__)

REMINDER_POLL_SECONDS = 60.0
"""How often the idle reminders are looked for."""


def complete(command: str, option: str):
    """An autocomplete callback offering the legal values of ``option`` for ``command``."""
    async def callback(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        cog: UnderworldsCog | None = interaction.client.get_cog("UnderworldsCog")  # type: ignore[assignment]
        if cog is None:
            return []
        values = {k: v for k, v in vars(interaction.namespace).items() if isinstance(v, (str, int))}
        pairs = await cog.game.choices(context_of(interaction), command, option, values, current or "")
        return [app_commands.Choice(name=label[:100] or value, value=value[:100]) for label, value in pairs[:25]]
    return callback


class UnderworldsCog(commands.Cog):
    """Warhammer Underworlds: Wintermaw at the table."""

    uw = app_commands.Group(name="uw", description="Play Warhammer Underworlds in this match thread", guild_only=True)
    setup_group = app_commands.Group(name="setup", description="Deployment choices", parent=uw)
    ref = app_commands.Group(name="ref", description="Referee: settle a card's text by hand (logged)", parent=uw)

    def __init__(self, services: Services) -> None:
        self.services = services
        self.game = UnderworldsTable(services.table, idle_minutes=services.settings.idle_reminder_minutes)
        self._reminders: asyncio.Task | None = None
        self.bot: commands.Bot | None = None

    async def cog_load(self) -> None:
        if self.services.settings.idle_reminder_minutes:
            self._reminders = asyncio.create_task(self._remind_forever())

    async def cog_unload(self) -> None:
        if self._reminders is not None:
            self._reminders.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reminders

    async def _remind_forever(self) -> None:
        while True:
            await asyncio.sleep(REMINDER_POLL_SECONDS)
            try:
                await self.remind_once()
            except Exception:  # noqa: BLE001 - a failed round must not stop the reminders
                log.exception("idle reminders failed")

    async def remind_once(self, now: float | None = None) -> int:
        """Post every reminder that is due; returns how many were posted."""
        client = self.bot
        sent = 0
        for channel_id, reply in await self.game.due_reminders(now):
            if client is None:
                break
            channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
            await channel.send(**{k: v for k, v in message_kwargs(reply).items() if v is not None})
            sent += 1
        return sent

    async def _run(self, interaction: discord.Interaction, command: str, **values: Any) -> None:
        await answer(interaction, lambda ctx: self.game.run(ctx, command, values))

    async def _act(self, interaction: discord.Interaction, action: dict[str, Any]) -> None:
        await answer(interaction, lambda ctx: self.game.act(ctx, action))

    # every action ---------------------------------------------------------------------------------
    @uw.command(name="do", description="Any action possible now (the list offers only legal ones)")
    @app_commands.describe(action="What to do (type to filter)")
    @app_commands.autocomplete(action=complete("do", "action"))
    async def do(self, interaction: discord.Interaction, action: str | None = None) -> None:
        await self._run(interaction, "do", action=action)

    # activations ------------------------------------------------------------------------------------
    @uw.command(name="move", description="Move action: a fighter moves up to its Move")
    @app_commands.describe(fighter="Your fighter", to="Destination hex (with its cost in hexes)")
    @app_commands.autocomplete(fighter=complete("move", "fighter"), to=complete("move", "to"))
    async def move(self, interaction: discord.Interaction, fighter: str, to: str) -> None:
        await self._run(interaction, "move", fighter=fighter, to=to)

    @uw.command(name="charge", description="Charge: move, then attack from the destination")
    @app_commands.describe(fighter="Your fighter", to="Destination hex with an enemy in range after")
    @app_commands.autocomplete(fighter=complete("charge", "fighter"), to=complete("charge", "to"))
    async def charge(self, interaction: discord.Interaction, fighter: str, to: str) -> None:
        await self._run(interaction, "charge", fighter=fighter, to=to)

    @uw.command(name="attack", description="Attack action: choose the fighter, target and weapon")
    @app_commands.describe(fighter="Your fighter", target="An enemy in range and in sight", weapon="Which attack")
    @app_commands.autocomplete(fighter=complete("attack", "fighter"), target=complete("attack", "target"),
                               weapon=complete("attack", "weapon"))
    async def attack(self, interaction: discord.Interaction, fighter: str, target: str,
                     weapon: str | None = None) -> None:
        await self._run(interaction, "attack", fighter=fighter, target=target, weapon=weapon)

    @uw.command(name="guard", description="Guard action")
    @app_commands.autocomplete(fighter=complete("guard", "fighter"))
    async def guard(self, interaction: discord.Interaction, fighter: str) -> None:
        await self._run(interaction, "guard", fighter=fighter)

    @uw.command(name="stun", description="Stun action: stagger an adjacent enemy")
    @app_commands.autocomplete(fighter=complete("stun", "fighter"), target=complete("stun", "target"))
    async def stun(self, interaction: discord.Interaction, fighter: str, target: str) -> None:
        await self._run(interaction, "stun", fighter=fighter, target=target)

    @uw.command(name="barge", description="Barge: move, then stun an adjacent enemy")
    @app_commands.autocomplete(fighter=complete("barge", "fighter"), to=complete("barge", "to"))
    async def barge(self, interaction: discord.Interaction, fighter: str, to: str) -> None:
        await self._run(interaction, "barge", fighter=fighter, to=to)

    @uw.command(name="draw", description="Player action: draw a power card")
    async def draw(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, "draw")

    @uw.command(name="plan", description="Player action: draw an objective card, then discard one")
    async def plan(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, "plan")

    @uw.command(name="pass", description="Pass (the activation, the power step, a reaction or a choice)")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, "pass")

    # cards ----------------------------------------------------------------------------------------
    @uw.command(name="play", description="Power step: play a ploy, upgrade or spell (with its targets)")
    @app_commands.describe(action="The card and its targets (only plays possible now)")
    @app_commands.autocomplete(action=complete("play", "action"))
    async def play(self, interaction: discord.Interaction, action: str | None = None) -> None:
        await self._run(interaction, "play", action=action)

    @uw.command(name="react", description="Reaction step: play a reaction (or Loot)")
    @app_commands.autocomplete(action=complete("react", "action"))
    async def react(self, interaction: discord.Interaction, action: str | None = None) -> None:
        await self._run(interaction, "react", action=action)

    @uw.command(name="delve", description="Power step: delve with a fighter on a feature token")
    @app_commands.autocomplete(fighter=complete("delve", "fighter"))
    async def delve(self, interaction: discord.Interaction, fighter: str) -> None:
        await self._run(interaction, "delve", fighter=fighter)

    @uw.command(name="score", description="Score (or reveal) an objective card")
    @app_commands.autocomplete(card=complete("score", "card"))
    async def score(self, interaction: discord.Interaction, card: str) -> None:
        await self._run(interaction, "score", card=card)

    @uw.command(name="discard", description="Discard an objective or power card (Plan, end phase)")
    @app_commands.autocomplete(card=complete("discard", "card"))
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        await self._run(interaction, "discard", card=card)

    @uw.command(name="finish", description="End phase: done, draw up to 3 objectives and 5 power cards")
    async def finish(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, "finish")

    # deployment -----------------------------------------------------------------------------------
    @uw.command(name="deploy", description="Deployment: place a fighter in a starting hex")
    @app_commands.autocomplete(fighter=complete("deploy", "fighter"), hex=complete("deploy", "hex"))
    async def deploy(self, interaction: discord.Interaction, fighter: str, hex: str) -> None:
        await self._run(interaction, "deploy", fighter=fighter, hex=hex)

    @uw.command(name="token", description="Deployment: place your next feature token")
    @app_commands.autocomplete(hex=complete("token", "hex"))
    async def token(self, interaction: discord.Interaction, hex: str) -> None:
        await self._run(interaction, "token", hex=hex)

    @setup_group.command(name="warband", description="Choose your warband (secret until both have chosen)")
    @app_commands.autocomplete(warband=complete("warband", "warband"))
    async def warband(self, interaction: discord.Interaction, warband: str) -> None:
        await self._run(interaction, "warband", warband=warband)

    @setup_group.command(name="deck", description="Choose your Rivals deck (secret until both have chosen)")
    @app_commands.autocomplete(deck=complete("deck", "deck"))
    async def deck(self, interaction: discord.Interaction, deck: str) -> None:
        await self._run(interaction, "deck", deck=deck)

    @setup_group.command(name="board", description="Choose your board face")
    @app_commands.autocomplete(board=complete("board", "board"))
    async def board_choice(self, interaction: discord.Interaction, board: str) -> None:
        await self._run(interaction, "board", board=board)

    @setup_group.command(name="layout", description="Arrange the two boards")
    @app_commands.autocomplete(action=complete("layout", "action"))
    async def layout(self, interaction: discord.Interaction, action: str | None = None) -> None:
        await self._run(interaction, "layout", action=action)

    @setup_group.command(name="first", description="Roll-off winner: choose a player (boards, deployment, turn)")
    @app_commands.autocomplete(player=complete("first", "player"))
    async def first(self, interaction: discord.Interaction, player: str) -> None:
        await self._run(interaction, "first", player=player)

    @setup_group.command(name="redraw", description="Opening redraw (secret until both have decided)")
    async def redraw(self, interaction: discord.Interaction,
                     cards: Literal["none", "objectives", "power", "all"] = "none") -> None:
        await self._run(interaction, "redraw", cards=cards)

    # seeing ---------------------------------------------------------------------------------------
    @uw.command(name="hand", description="Your hand with the card texts (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda ctx: self.game.hand(ctx))

    @uw.command(name="coverage", description="How many of the 128 Rivals cards the bot automates")
    async def coverage(self, interaction: discord.Interaction) -> None:
        async def work(ctx):
            return coverage_reply()
        await answer(interaction, work)

    @uw.command(name="board", description="Post the board and the turn panel again")
    async def board(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda ctx: self.game.board(ctx))

    @uw.command(name="undo", description="Take back your last action (your opponent must accept)")
    async def undo(self, interaction: discord.Interaction) -> None:
        from table import undo

        await answer(interaction, lambda ctx: undo.request(self.services.table, ctx))

    # referee --------------------------------------------------------------------------------------
    @ref.command(name="wounds", description="Add (or remove, negative) wound tokens")
    @app_commands.autocomplete(fighter=complete("ref", "fighter"))
    async def ref_wounds(self, interaction: discord.Interaction, fighter: str,
                         delta: app_commands.Range[int, -20, 20], reason: str | None = None) -> None:
        await self._referee(interaction, {"type": "AdjustWounds", "delta": delta, "reason": reason}, fighter=fighter)

    @ref.command(name="marker", description="Give or remove a marker (move, charge, guard, stagger) or a token")
    @app_commands.autocomplete(fighter=complete("ref", "fighter"))
    async def ref_marker(self, interaction: discord.Interaction, fighter: str, marker: str,
                         delta: app_commands.Range[int, -5, 5] = 1, reason: str | None = None) -> None:
        await self._referee(interaction, {"type": "AdjustMarker", "marker": marker, "delta": delta, "reason": reason},
                            fighter=fighter)

    @ref.command(name="push", description="Push or place a fighter in a hex")
    @app_commands.autocomplete(fighter=complete("ref", "fighter"))
    async def ref_push(self, interaction: discord.Interaction, fighter: str, hex: str,
                       hazards: bool = True, reason: str | None = None) -> None:
        await self._referee(interaction, {"type": "SetFighterHex", "hex": hex.lower(), "hazards": hazards,
                                          "reason": reason}, fighter=fighter)

    @ref.command(name="glory", description="Gain or lose glory (spent: move glory between available and spent)")
    async def ref_glory(self, interaction: discord.Interaction, player: Literal["player1", "player2"],
                        delta: app_commands.Range[int, -20, 20] = 0, spent: app_commands.Range[int, -20, 20] = 0,
                        reason: str | None = None) -> None:
        await self._referee(interaction, {"type": "AdjustGlory", "player": player, "delta": delta, "spent": spent,
                                          "reason": reason})

    @ref.command(name="flip", description="Flip a feature token")
    async def ref_flip(self, interaction: discord.Interaction, token: str, reason: str | None = None) -> None:
        await self._referee(interaction, {"type": "FlipFeatureToken", "token": token, "reason": reason})

    @ref.command(name="inspire", description="Inspire or uninspire a fighter")
    @app_commands.autocomplete(fighter=complete("ref", "fighter"))
    async def ref_inspire(self, interaction: discord.Interaction, fighter: str, inspired: bool = True) -> None:
        await self._referee(interaction, {"type": "SetInspired", "inspired": inspired}, fighter=fighter)

    @ref.command(name="note", description="Log how a card's text was settled")
    async def ref_note(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 500]) -> None:
        await self._referee(interaction, {"type": "RefereeNote", "text": text})

    async def _referee(self, interaction: discord.Interaction, action: dict[str, Any], **fighters: str) -> None:
        async def work(ctx):
            match = await self.game.load(ctx)
            view = self.game.system.view(match.state, match.seat_of(ctx.actor.user_id))
            from table.underworlds.table import resolve

            full = {k: v for k, v in action.items() if v is not None}
            full.update({k: resolve(view, k, v) for k, v in fighters.items()})
            return await self.game.act(ctx, full, match.id)
        await answer(interaction, work)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (the client adds the cog directly)."""
    cog = UnderworldsCog(bot.services)  # type: ignore[attr-defined]
    cog.bot = bot
    await bot.add_cog(cog)
