"""``/league ...`` at the local table: every command of the Discord cog (cogs/league.py), with its options' names,
making the same calls; a list is a file path or the text itself, a player a local name (``player:bob``). A league's
confirm and dispute buttons are pressed with ``/press``."""
from __future__ import annotations

import re
from pathlib import Path

from engine.core.errors import InvalidInput
from table.context import Actor, Context
from table.league.service import Leagues
from table.league.store import LeagueStore
from table.local import LocalTable
from table.reply import Reply


def _number(name: str, value: str | None, example: str) -> int | None:
    """A whole number typed for ``name`` (None when not typed).

    :raises InvalidInput: local.bad_option
    """
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        raise InvalidInput("local.bad_option", option=name, problem=f"“{value}” is not a whole number",
                           example=example) from None


_PATH_LIKE = re.compile(r"^(?:~|\.{1,2}/|/|[A-Za-z]:\\)|\.(?:txt|ya?ml|json|csv|list)$", re.IGNORECASE)
"""Text that reads as a file's path (``/home/ann/list.txt``, ``~/x``, ``./x``, ``list.txt``) rather than a list."""


def read_list(path: Path, typed: str) -> str:
    """A list argument: the file's text when ``typed`` names a file, else the list as typed.

    :raises InvalidInput: local.no_such_file (it reads as a path but there is no such file: it was read as the
        list's text, "No card is called … '/path/nonexistent.txt'")
    """
    if typed and path.is_file():
        return path.read_text(encoding="utf-8", errors="replace")[:40_000]
    one_line = typed.strip()
    if one_line and "\n" not in one_line and ";" not in one_line and _PATH_LIKE.search(one_line):
        raise InvalidInput("local.no_such_file", path=one_line[:200])
    return typed


def install(local: LocalTable) -> Leagues:
    """Register the league commands on a local table; returns the service (its ``due`` runs deadlines)."""
    services = local.services
    leagues = Leagues(LeagueStore(services.redis, prefix=services.store.prefix), services.table, services.packs)
    local.routes["l"] = leagues.press
    cmd = local.command

    def someone(name: str | None) -> Actor | None:
        return local.actor(name.strip().lstrip("@")) if name and name.strip() else None

    @cmd("quiet", ["start", "end", "timezone", "mode"],
         help="/quiet start:23:00 end:08:00 [timezone:Europe/Madrid] [mode:wait|silent|off] — your quiet hours: "
              "reminders then wait or come silently")
    async def quiet(ctx: Context, start: str | None = None, end: str | None = None, timezone: str | None = None,
                    mode: str | None = None) -> Reply:
        return await leagues.quiet.command(ctx, start, end, timezone, mode)

    @cmd("league create", ["name", "game", "format", "pairing", "starts", "ends", "round_days", "points",
                           "tiebreakers", "bye_games", "bye_score", "confirm_hours", "pack", "timezone"],
         help="/league create <name> game:<game> format:<format> [pairing:swiss|round-robin] [starts:YYYY-MM-DD] "
              "[ends:YYYY-MM-DD] [round_days:7] [points:3/1/0] [tiebreakers:losses,score,...] [bye_games:n] "
              "[bye_score:n] [confirm_hours:48] [pack:<id>] [timezone:Europe/Madrid] — a league (/as x mod:yes)",
         positional=["name"])  # the name takes every word up to the first option
    async def create(ctx: Context, name: str = "", game: str = "", format: str = "", pairing: str = "swiss",
                     starts: str | None = None, ends: str | None = None, round_days: str | None = None,
                     points: str = "3/1/0", tiebreakers: str | None = None, bye_games: str | None = None,
                     bye_score: str | None = None, confirm_hours: str | None = None, pack: str | None = None,
                     timezone: str | None = None) -> Reply:
        days = _number("round_days", round_days, "/league create ... round_days:7")
        hours = _number("confirm_hours", confirm_hours, "/league create ... confirm_hours:48")
        return await leagues.create(ctx, name, game, format, pairing=pairing, starts=starts, ends=ends,
                                    round_days=7 if days is None else days, points=points, tiebreakers=tiebreakers,
                                    bye_games=_number("bye_games", bye_games, "/league create ... bye_games:2"),
                                    bye_score=_number("bye_score", bye_score, "/league create ... bye_score:14"),
                                    confirm_hours=48 if hours is None else hours, pack=pack, timezone=timezone)

    @cmd("league join", ["file", "league", "list"],
         help="/league join <list file> [league:<id>] — join with your list (or list:\"warband: …; deck: …\")")
    async def join(ctx: Context, file: str = "", league: str | None = None, list: str | None = None) -> Reply:
        text = read_list(Path(file).expanduser(), file)
        text = list if list is not None and not file else text
        return await leagues.join(ctx, league, text.replace("\\n", "\n"))

    @cmd("league drop", ["player", "league"], help="/league drop [player:<name>] — leave (the organiser may drop "
                                                   "a player)")
    async def drop(ctx: Context, player: str | None = None, league: str | None = None) -> Reply:
        return await leagues.drop(ctx, league, someone(player))

    @cmd("league substitute", ["player", "substitute", "league"],
         help="/league substitute <player> <substitute> — hand a seat, with its results, to another (organiser)")
    async def substitute(ctx: Context, player: str = "", substitute: str = "", league: str | None = None) -> Reply:
        leaving, taking = someone(player), someone(substitute)
        if leaving is None or taking is None:
            raise InvalidInput("local.bad_option", option="player/substitute", problem="both are needed",
                               example="/league substitute ann cat")
        return await leagues.substitute(ctx, league, leaving, taking)

    @cmd("league publish", ["league"], help="/league publish — make every list public (organiser)")
    async def publish(ctx: Context, league: str | None = None) -> Reply:
        return await leagues.publish(ctx, league)

    @cmd("league lists", ["league"], help="/league lists — the registered lists (yours until published)")
    async def lists(ctx: Context, league: str | None = None) -> Reply:
        return await leagues.lists(ctx, league)

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
        return await leagues.pairings(ctx, league, _number("round", round, "/league pairings 2"))

    @cmd("league play", ["league"], help="/league play — challenge your opponent of this round; the match "
                                         "reports itself")
    async def play(ctx: Context, league: str | None = None) -> Reply:
        return await leagues.play(ctx, league)

    @cmd("league report", ["outcome", "games", "score", "pairing", "league"],
         help="/league report win|loss|draw [games:2-1] [score:12-8] [pairing:1.2] — report a game played elsewhere")
    async def report(ctx: Context, outcome: str = "", games: str | None = None, score: str | None = None,
                     pairing: str | None = None, league: str | None = None) -> Reply:
        return await leagues.report(ctx, league, outcome, games, score, pairing)

    @cmd("league confirm", ["pairing", "league"], help="/league confirm [pairing] — confirm your opponent's report")
    async def confirm(ctx: Context, pairing: str | None = None, league: str | None = None) -> Reply:
        return await leagues.confirm(ctx, league, pairing)

    @cmd("league dispute", ["reason", "pairing", "league"],
         help="/league dispute [reason] [pairing:1.2] — dispute your opponent's report")
    async def dispute(ctx: Context, reason: str = "", pairing: str | None = None, league: str | None = None) -> Reply:
        return await leagues.dispute(ctx, league, pairing, reason)

    @cmd("league settle", ["pairing", "games", "score", "league"],
         help="/league settle <pairing> <games> [score] — set a result (organiser)")
    async def settle(ctx: Context, pairing: str = "", games: str = "", score: str | None = None,
                     league: str | None = None) -> Reply:
        return await leagues.settle(ctx, league, pairing, games, score)

    @cmd("league void", ["pairing", "league"], help="/league void <pairing> — strike a result out (organiser)")
    async def void(ctx: Context, pairing: str = "", league: str | None = None) -> Reply:
        return await leagues.void(ctx, league, pairing)

    @cmd("league standings", ["league"], help="/league standings — the table (and its picture)")
    async def standings(ctx: Context, league: str | None = None) -> Reply:
        return await leagues.standings(ctx, league)

    @cmd("league history", ["player", "league"], help="/league history [player:<name>] — a player's games and "
                                                      "rating")
    async def history(ctx: Context, player: str | None = None, league: str | None = None) -> Reply:
        return await leagues.history(ctx, league, someone(player))

    @cmd("league ratings", ["game"], help="/league ratings <game> — the ratings in a game")
    async def ratings(ctx: Context, game: str = "") -> Reply:
        return await leagues.ratings(ctx, game)

    @cmd("league export", ["league"],
         help="/league export — results, standings and every game (CSV, JSON, the community's layout)")
    async def export(ctx: Context, league: str | None = None) -> Reply:
        return await leagues.export(ctx, league)

    @cmd("league log", ["league"], help="/league log — the last changes, with who made them")
    async def log(ctx: Context, league: str | None = None) -> Reply:
        return await leagues.audit(ctx, league)

    @cmd("league info", ["league"], help="/league info — the league's settings")
    async def info(ctx: Context, league: str | None = None) -> Reply:
        return await leagues.info(ctx, league)

    @cmd("league close", ["league"], help="/league close — close the league and reveal its roll-off seed "
                                          "(organiser)")
    async def close(ctx: Context, league: str | None = None) -> Reply:
        return await leagues.close(ctx, league)

    return leagues
