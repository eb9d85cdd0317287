"""``/league ...``: community leagues run where the games are played (table/league, docs/leagues.md).

A thin adapter: each command hands its options to ``table.league.service.Leagues``; a background task
applies what falls due (auto-confirmed claims, reminders before a deadline, forfeits) and posts it.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.match import game_choices
from cogs.packs import pack_choices
from cogs.send import actor_of, answer, given, outgoing
from engine.league.times import zone_names
from table.league.registry import league_games
from table.league.service import Leagues
from table.league.store import LeagueStore
from table.services import Services

log = logging.getLogger(__name__)

POLL_SECONDS = 60.0
"""How often due league work (auto-confirmations, reminders, forfeits) is looked for."""
LEAGUE = "League (default: the open one)"
PAIRING = "Pairing such as 1.2 (default: yours this round)"


def leagues_of(client: discord.Client) -> Leagues:
    return client.league_service  # type: ignore[attr-defined]


async def league_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The server's leagues."""
    pairs = await leagues_of(interaction.client).choices(interaction.guild_id, current)
    return [app_commands.Choice(name=label, value=value) for label, value in pairs]


async def league_game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The games leagues can be run for."""
    return [c for c in await game_choices(interaction, current) if c.value in league_games()]


async def timezone_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """IANA time zones whose name contains what is typed (``madrid`` -> ``Europe/Madrid``)."""
    typed = current.strip().lower().replace(" ", "_")
    return [app_commands.Choice(name=z, value=z) for z in zone_names() if typed in z.lower()][:25]


class LeagueButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"(?P<id>l:(?:confirm|dispute|stop):[\w.\-]{1,20}:[\w.\-]{1,20})"):
    """A league's confirm or dispute button (survives restarts)."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label="…"))
        self.league_id = custom_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> "LeagueButton":
        return cls(match["id"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda ctx: leagues_of(interaction.client).press(ctx, self.league_id))


class LeagueCog(commands.Cog):
    """Create and run a league: registration, rounds, results, standings."""

    group = app_commands.Group(name="league", description="Community leagues: join, pairings, results, standings",
                               guild_only=True)

    def __init__(self, services: Services, bot: commands.Bot) -> None:
        self.services = services
        self.bot = bot
        self.leagues = Leagues(LeagueStore(services.redis, prefix=services.store.prefix), services.table,
                               services.packs)
        bot.league_service = self.leagues  # type: ignore[attr-defined]
        self._poller: asyncio.Task | None = None

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LeagueButton)
        self._poller = asyncio.create_task(self._poll_forever())

    async def cog_unload(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poller

    async def _poll_forever(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                await self.poll_once()
            except Exception:  # noqa: BLE001 - a failed round must not stop the deadlines
                log.exception("league deadlines failed")

    async def poll_once(self, now: float | None = None) -> int:
        """Apply what is due in every league and post the announcements; returns how many were posted."""
        sent = 0
        for channel_id, reply in await self.leagues.due(now):
            try:
                channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
                with outgoing(reply) as kwargs:
                    await channel.send(**given(kwargs))
                sent += 1
            except discord.HTTPException as error:
                log.warning("league announcement not posted in %s (%s)", channel_id, error)
        return sent

    @app_commands.command(name="quiet", description="Your quiet hours: reminders then wait or come silently")
    @app_commands.describe(start="From, such as 23:00", end="Until, such as 08:00",
                           timezone="Your time zone, such as Europe/Madrid (default UTC)",
                           mode="Reminders then wait (default) or come silently; off removes your quiet hours")
    @app_commands.autocomplete(timezone=timezone_choices)
    async def quiet(self, interaction: discord.Interaction, start: str | None = None, end: str | None = None,
                    timezone: str | None = None, mode: Literal["wait", "silent", "off"] | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.quiet.command(ctx, start, end, timezone, mode))

    @group.command(name="create", description="Create a league (moderators)")
    @app_commands.describe(name="The league's name", game="Which game", format="The game's list format",
                           pairing="How rounds are paired", starts="First day (YYYY-MM-DD, default today)",
                           ends="Last day (YYYY-MM-DD)", round_days="Days per round",
                           points="Points for win/draw/loss, such as 3/1/0",
                           tiebreakers="In order: wins, losses, score, buchholz, median, sb, h2h, sos",
                           bye_games="Games a bye counts as won", bye_score="Game-score difference a bye counts",
                           confirm_hours="Hours before an unanswered claim becomes final",
                           pack="A server data pack for its lists and matches (optional)",
                           timezone="Time zone of its deadlines, such as Europe/Madrid (default UTC)")
    @app_commands.autocomplete(game=league_game_choices, pack=pack_choices, timezone=timezone_choices)
    async def create(self, interaction: discord.Interaction, name: str, game: str, format: str,
                     pairing: Literal["swiss", "round-robin"] = "swiss", starts: str | None = None,
                     ends: str | None = None, round_days: app_commands.Range[int, 1, 60] = 7,
                     points: str = "3/1/0", tiebreakers: str | None = None,
                     bye_games: app_commands.Range[int, 1, 10] | None = None,
                     bye_score: app_commands.Range[int, 0, 1000] | None = None,
                     confirm_hours: app_commands.Range[int, 1, 336] = 48, pack: str | None = None,
                     timezone: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.create(
            ctx, name, game, format, starts=starts, ends=ends, pairing=pairing, round_days=round_days, points=points,
            tiebreakers=tiebreakers, bye_games=bye_games, bye_score=bye_score, confirm_hours=confirm_hours,
            pack=pack, timezone=timezone))

    @group.command(name="join", description="Join a league with your list (text or file)")
    @app_commands.describe(list="Your list as text", file="Your list as a file", league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def join(self, interaction: discord.Interaction, list: str | None = None,
                   file: discord.Attachment | None = None, league: str | None = None) -> None:
        async def run(ctx):
            text = list or ""
            if file is not None:
                text = (await file.read())[:40_000].decode("utf-8", errors="replace")
            return await self.leagues.join(ctx, league, text)
        await answer(interaction, run)

    @group.command(name="drop", description="Leave a league (the organiser may drop a player)")
    @app_commands.describe(player="Who leaves (default: you)", league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def drop(self, interaction: discord.Interaction, player: discord.User | None = None,
                   league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.drop(ctx, league, actor_of(player) if player else None))

    @group.command(name="substitute", description="Give a player's seat and results to someone else (organiser)")
    @app_commands.describe(player="Who leaves", substitute="Who takes the seat", league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def substitute(self, interaction: discord.Interaction, player: discord.User, substitute: discord.User,
                         league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.substitute(ctx, league, actor_of(player),
                                                                      actor_of(substitute)))

    @group.command(name="publish", description="Make every list public (organiser)")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def publish(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.publish(ctx, league))

    @group.command(name="lists", description="The registered lists (once published; only you see them)")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def lists(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.lists(ctx, league))

    @group.command(name="next", description="Close the round and pair the next one (organiser)")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def next_(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.start_round(ctx, league))

    @group.command(name="pairings", description="A round's pairings and results")
    @app_commands.describe(round="Round number (default: the current one)", league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def pairings(self, interaction: discord.Interaction, round: app_commands.Range[int, 1, 100] | None = None,
                       league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.pairings(ctx, league, round))

    @group.command(name="play", description="Challenge your opponent of this round; the match reports itself")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def play(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.play(ctx, league))

    @group.command(name="report", description="Report the result of a game played elsewhere")
    @app_commands.describe(outcome="Your result", games="Games, yours first, such as 2-1",
                           score="Game score, yours first, such as 12-8", pairing=PAIRING, league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def report(self, interaction: discord.Interaction, outcome: Literal["win", "loss", "draw"],
                     games: str | None = None, score: str | None = None, pairing: str | None = None,
                     league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.report(ctx, league, outcome, games, score, pairing))

    @group.command(name="confirm", description="Confirm the result your opponent reported")
    @app_commands.describe(pairing=PAIRING, league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def confirm(self, interaction: discord.Interaction, pairing: str | None = None,
                      league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.confirm(ctx, league, pairing))

    @group.command(name="dispute", description="Dispute the result your opponent reported")
    @app_commands.describe(reason="What happened", pairing=PAIRING, league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def dispute(self, interaction: discord.Interaction, reason: str = "", pairing: str | None = None,
                      league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.dispute(ctx, league, pairing, reason))

    @group.command(name="settle", description="Set, edit or decide a result (organiser)")
    @app_commands.describe(pairing="Pairing id such as 1.2", games="Games of the pairing's first player first",
                           score="Game score of the first player first", league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def settle(self, interaction: discord.Interaction, pairing: str, games: str, score: str | None = None,
                     league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.settle(ctx, league, pairing, games, score))

    @group.command(name="void", description="Void a pairing's result (organiser)")
    @app_commands.describe(pairing="Pairing id such as 1.2", league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def void(self, interaction: discord.Interaction, pairing: str, league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.void(ctx, league, pairing))

    @group.command(name="standings", description="The standings, as a table and a picture")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def standings(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.standings(ctx, league))

    @group.command(name="history", description="A player's games and rating")
    @app_commands.describe(player="Whose (default: yours)", league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def history(self, interaction: discord.Interaction, player: discord.User | None = None,
                      league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.history(ctx, league, actor_of(player) if player else None))

    @group.command(name="ratings", description="The server's ratings in a game")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=league_game_choices)
    async def ratings(self, interaction: discord.Interaction, game: str) -> None:
        await answer(interaction, lambda ctx: self.leagues.ratings(ctx, game))

    @group.command(name="export", description="Results, standings and games as CSV and JSON (only you see them)")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def export(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.export(ctx, league))

    @group.command(name="log", description="The league's last changes, with who made them (only you see it)")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def log_(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.audit(ctx, league))

    @group.command(name="info", description="The league's settings")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def info(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.info(ctx, league))

    @group.command(name="settings", description="Change settings mid-season (organiser)")
    @app_commands.describe(auto_advance="Pair the next round once every result is in",
                           deadline="This round's deadline in the league's time: Sunday 23:59, YYYY-MM-DD [HH:MM]",
                           round_days="From the next round",
                           confirm_hours="Until a claim is final", remind_hours="Reminder before the deadline",
                           ends="Last day: YYYY-MM-DD", format="Fixed", pairing="Fixed", league=LEAGUE,
                           timezone="The league's time zone, such as Europe/Madrid")
    @app_commands.autocomplete(league=league_choices, timezone=timezone_choices)
    async def settings(self, interaction: discord.Interaction, auto_advance: bool | None = None,
                       deadline: str | None = None, round_days: app_commands.Range[int, 1, 60] | None = None,
                       confirm_hours: app_commands.Range[int, 1, 336] | None = None,
                       remind_hours: app_commands.Range[int, 0, 336] | None = None, ends: str | None = None,
                       format: str | None = None, pairing: str | None = None, league: str | None = None,
                       timezone: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.settings(
            ctx, league, deadline=deadline, auto_advance=auto_advance, round_days=round_days,
            confirm_hours=confirm_hours, remind_hours=remind_hours, ends=ends, format=format, pairing=pairing,
            timezone=timezone))

    @group.command(name="close", description="Close the league and reveal its roll-off seed (organiser)")
    @app_commands.describe(league=LEAGUE)
    @app_commands.autocomplete(league=league_choices)
    async def close(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.leagues.close(ctx, league))
