"""A league shown: pairings and standings as text, the standings table as a PNG, results and standings
as CSV files. Pure functions of the replayed league (no Redis)."""
from __future__ import annotations

import csv
import io
from fractions import Fraction

from PIL import Image, ImageDraw

from engine.league.config import DEFAULT_TIEBREAKERS, Tiebreaker
from engine.league.log import Game, GameStatus, League
from engine.league.results import Result
from engine.league.standings import Line, value
from render.kit.fonts import font
from table.context import safe
from table.i18n import message


def who(user: int | None) -> str:
    return f"<@{user}>" if user else "—"


def game_line(game: Game, lang: str) -> str:
    """``1.2 · @a vs @b · 2-1 (final)``."""
    if game.bye:
        return message("league.bye_line", lang, pairing=game.id, player=who(game.a))
    shown = game.result or game.claim
    result = shown.text() if shown else "—"
    return message("league.pairing_line", lang, pairing=game.id, a=who(game.a), b=who(game.b), result=result,
                   status=message(f"league.status.{game.status.value}", lang))


def pairings_text(league: League, number: int, lang: str) -> str:
    games = sorted(league.games_of(number), key=lambda g: (g.bye, [int(x) for x in g.id.split(".")]))
    return "\n".join(game_line(g, lang) for g in games)


LABELS = {Tiebreaker.GAME_WINS: "GW", Tiebreaker.GAME_LOSSES: "GL", Tiebreaker.SCORE: "+/-",
          Tiebreaker.BUCHHOLZ: "BH", Tiebreaker.MEDIAN_BUCHHOLZ: "MBH", Tiebreaker.SONNEBORN_BERGER: "SB",
          Tiebreaker.HEAD_TO_HEAD: "H2H", Tiebreaker.OPPONENTS: "opp%", Tiebreaker.ROLL_OFF: "roll"}
"""Each tiebreaker's column heading in the standings."""


def shown(line: Line, tiebreaker: Tiebreaker) -> str:
    """A tiebreaker's value as its column shows it (``—``: head-to-head was not applied to this player)."""
    v = value(line, tiebreaker)
    if v is None:
        return "—"
    if tiebreaker is Tiebreaker.SCORE:
        return f"{v:+d}"
    if tiebreaker is Tiebreaker.OPPONENTS:
        return f"{float(v) * 100:.1f}"
    if isinstance(v, Fraction):
        return f"{float(v):g}"
    return str(v)


def standings_text(lines: list[Line], tiebreakers: tuple[Tiebreaker, ...] = DEFAULT_TIEBREAKERS,
                   limit: int = 30) -> str:
    """A monospace table: points, record, then one column per tiebreaker in the league's order."""
    widths = [max(len(LABELS[t]), {Tiebreaker.ROLL_OFF: 7, Tiebreaker.OPPONENTS: 5}.get(t, 4)) for t in tiebreakers]
    head = "".join(f" {LABELS[t]:>{w}}" for t, w in zip(tiebreakers, widths))
    rows = [f"{'#':>3} {'player':<16} {'pts':>3} {'W-D-L':>7}{head}"]
    for l in lines[:limit]:
        name = (l.name[:15] + ("†" if l.dropped else "")).ljust(16)
        cells = "".join(f" {shown(l, t):>{w}}" for t, w in zip(tiebreakers, widths))
        rows.append(f"{l.rank:>3} {name} {l.points:>3} {f'{l.wins}-{l.draws}-{l.losses}':>7}{cells}")
    if len(lines) > limit:
        rows.append(f"… +{len(lines) - limit}")
    return "```\n" + "\n".join(rows) + "\n```"


# -- image ---------------------------------------------------------------------------------------------------------

ROW = 44
COLUMNS = (("#", 50, "right"), ("player", 380, "left"), ("pts", 480, "right"), ("W-D-L", 610, "right"))
"""The fixed columns (name, right edge or left edge, alignment); one column per tiebreaker follows."""
TIEBREAKER_WIDTH = 120


def standings_png(title: str, lines: list[Line], tiebreakers: tuple[Tiebreaker, ...] = DEFAULT_TIEBREAKERS,
                  limit: int = 40) -> bytes:
    """The standings as a clean table, large type for a phone: one row per player, alternate rows shaded,
    one column per tiebreaker in the league's order."""
    columns = list(COLUMNS)
    x = COLUMNS[-1][1]
    for t in tiebreakers:
        x += TIEBREAKER_WIDTH + (40 if t is Tiebreaker.ROLL_OFF else 0)
        columns.append((LABELS[t], x, "right"))
    width = max(900, x + 40)
    shown_lines = lines[:limit]
    height = 90 + ROW * (len(shown_lines) + 1) + 20
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.text((24, 22), title[:50], font=font(36), fill="#1f2937")
    y = 90
    head = font(24)
    for name, x, align in columns:
        x = x if align == "right" else 70  # the player's name starts where the names below it start
        draw.text((x, y + 10), name, font=head, fill="#6b7280", anchor="ra" if align == "right" else "la")
    body = font(28)
    for i, l in enumerate(shown_lines):
        y += ROW
        if i % 2 == 0:
            draw.rectangle((12, y, width - 12, y + ROW), fill="#eef2f7")
        values = (str(l.rank), l.name[:22] + (" †" if l.dropped else ""), str(l.points),
                  f"{l.wins}-{l.draws}-{l.losses}", *(shown(l, t) for t in tiebreakers))
        for (_, x, align), cell in zip(columns, values):
            x = x if align == "right" else 70
            draw.text((x, y + 7), cell, font=body, fill="#111827", anchor="ra" if align == "right" else "la")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


# -- CSV -----------------------------------------------------------------------------------------------------------

def _csv(rows: list[list[object]]) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue().encode("utf-8")


def results_csv(league: League) -> bytes:
    """One row per pairing: round, pairing, players, games, game score, status, bot match."""
    names = {u: p.name for u, p in league.players.items()}
    rows: list[list[object]] = [["round", "pairing", "player_a", "player_b", "games_a", "games_b", "score_a",
                                 "score_b", "status", "match"]]
    for g in sorted(league.games.values(), key=lambda g: [int(x) for x in g.id.split(".")]):
        r = g.result if g.status is GameStatus.FINAL else None
        rows.append([g.round, g.id, names.get(g.a, g.a), "BYE" if g.bye else names.get(g.b, g.b),
                     r.ga if r else "", r.gb if r else "", r.sa if r else "", r.sb if r else "",
                     "double loss" if r and r.double_loss else g.status.value, g.match or ""])
    return _csv(rows)


def standings_csv(lines: list[Line]) -> bytes:
    """One row per player, a column for every tiebreaker whichever the league uses: game wins
    (``games_for``), game losses (``games_against``), game-score difference, Buchholz, median-Buchholz,
    Sonneborn-Berger, head-to-head (empty where it was not applied), opponents' match-win percentage, roll-off."""
    rows: list[list[object]] = [["rank", "player", "user_id", "points", "wins", "draws", "losses", "byes",
                                 "games_for", "games_against", "score_for", "score_against",
                                 "opponents_match_win_pct", "head_to_head", "roll_off", "dropped",
                                 "score_difference", "buchholz", "median_buchholz", "sonneborn_berger"]]
    rows += [[l.rank, l.name, l.user, l.points, l.wins, l.draws, l.losses, l.byes, l.games_for, l.games_against,
              l.score_for, l.score_against, f"{float(l.sos) * 100:.2f}", "" if l.h2h is None else l.h2h, l.roll,
              l.dropped, l.score_diff, l.buchholz, l.median_buchholz, f"{float(l.sonneborn_berger):g}"]
             for l in lines]
    return _csv(rows)


def event_line(index: int, event: dict, lang: str) -> str:
    """One audit-log line: ``#12 ResultSettled 1.2 2-1 by @org``."""
    detail = event.get("pairing", "") or (f"round {event['round']}" if "round" in event else "")
    if "result" in event:
        detail += " " + Result.from_json(event["result"]).text()
    if event.get("settings"):
        detail += " " + ", ".join(f"{k}={v}" for k, v in event["settings"].items())
    if event["type"] == "SettingsChanged" and event.get("deadline"):
        detail += f" deadline <t:{int(event['deadline'])}:f>"
    if event.get("user") and event.get("user") != event.get("by"):
        detail += f" {who(event['user'])}"
    by = who(event.get("by")) if event.get("by") else message("league.the_bot", lang)
    return f"`#{index}` {event['type']} {detail.strip()[:120]} · {by}"
