"""``/league ...`` at the local table: the same calls the Discord cog makes, a file path for a list file."""
from __future__ import annotations

from pathlib import Path

from table.context import Context
from table.league.service import Leagues
from table.league.store import LeagueStore
from table.local import LocalTable
from table.reply import Reply


def install(local: LocalTable) -> Leagues:
    """Register the league commands on a local table; returns the service (its ``due`` runs deadlines)."""
    services = local.services
    leagues = Leagues(LeagueStore(services.redis, prefix=services.store.prefix), services.table, services.packs)
    cmd = local.command

    @cmd("league create", ["name", "game", "format", "pairing", "starts", "ends", "points", "tiebreakers", "pack",
                           "timezone"],
         help="/league create <name> game:<game> format:<format> [pairing:swiss|round-robin] "
              "[tiebreakers:losses,score,...] [pack:<id>] [timezone:Europe/Madrid] — a league "
              "(/as x mod:yes)")
    async def create(ctx: Context, name: str = "", game: str = "", format: str = "", pairing: str = "swiss",
                     starts: str | None = None, ends: str | None = None, points: str = "3/1/0",
                     tiebreakers: str | None = None, pack: str | None = None, timezone: str | None = None) -> Reply:
        return await leagues.create(ctx, name, game, format, pairing=pairing, starts=starts, ends=ends,
                                    points=points, tiebreakers=tiebreakers, pack=pack, timezone=timezone)

    @cmd("league join", ["file", "league"], help="/league join <list file> [league:<id>] — join with your list")
    async def join(ctx: Context, file: str = "", league: str | None = None) -> Reply:
        path = Path(file).expanduser()
        text = path.read_text(encoding="utf-8", errors="replace")[:40_000] if file and path.is_file() else file
        return await leagues.join(ctx, league, text.replace("\\n", "\n"))

    @cmd("league next", ["league"], help="/league next — close the round and pair the next (organiser)")
    async def next_(ctx: Context, league: str | None = None) -> Reply:
        return await leagues.start_round(ctx, league)

    @cmd("league settings", ["auto_advance", "deadline", "round_days", "confirm_hours", "remind_hours", "ends",
                             "format", "pairing", "league", "timezone"],
         help="/league settings [auto_advance:yes|no] [deadline:'Sunday 23:59'|YYYY-MM-DD] [round_days:n] "
              "[confirm_hours:n] [remind_hours:n] [ends:YYYY-MM-DD] [timezone:Europe/Madrid] — change settings "
              "mid-season (organiser)")
    async def settings(ctx: Context, auto_advance: str | None = None, deadline: str | None = None,
                       round_days: str | None = None, confirm_hours: str | None = None,
                       remind_hours: str | None = None, ends: str | None = None, format: str | None = None,
                       pairing: str | None = None, league: str | None = None, timezone: str | None = None) -> Reply:
        # typed text: the league's settings model reads "no", "3" as a switch and a number
        return await leagues.settings(ctx, league, deadline=deadline, auto_advance=auto_advance, round_days=round_days,
                                      confirm_hours=confirm_hours, remind_hours=remind_hours, ends=ends,
                                      format=format, pairing=pairing, timezone=timezone)

    @cmd("league pairings", ["round", "league"], help="/league pairings [round] — a round's pairings")
    async def pairings(ctx: Context, round: str | None = None, league: str | None = None) -> Reply:
        return await leagues.pairings(ctx, league, int(round) if round and round.isdigit() else None)

    @cmd("league report", ["outcome", "games", "score", "league"],
         help="/league report win|loss|draw [games:2-1] [score:12-8] — report a game played elsewhere")
    async def report(ctx: Context, outcome: str = "", games: str | None = None, score: str | None = None,
                     league: str | None = None) -> Reply:
        return await leagues.report(ctx, league, outcome, games, score)

    @cmd("league confirm", ["pairing", "league"], help="/league confirm — confirm your opponent's report")
    async def confirm(ctx: Context, pairing: str | None = None, league: str | None = None) -> Reply:
        return await leagues.confirm(ctx, league, pairing)

    @cmd("league dispute", ["reason", "league"], help="/league dispute [reason] — dispute your opponent's report")
    async def dispute(ctx: Context, reason: str = "", league: str | None = None) -> Reply:
        return await leagues.dispute(ctx, league, None, reason)

    @cmd("league settle", ["pairing", "games", "score", "league"],
         help="/league settle <pairing> <games> [score] — set a result (organiser)")
    async def settle(ctx: Context, pairing: str = "", games: str = "", score: str | None = None,
                     league: str | None = None) -> Reply:
        return await leagues.settle(ctx, league, pairing, games, score)

    @cmd("league standings", ["league"], help="/league standings — the table (and its picture)")
    async def standings(ctx: Context, league: str | None = None) -> Reply:
        return await leagues.standings(ctx, league)

    @cmd("league export", ["league"], help="/league export — results and standings as CSV files")
    async def export(ctx: Context, league: str | None = None) -> Reply:
        return await leagues.export(ctx, league)

    return leagues
