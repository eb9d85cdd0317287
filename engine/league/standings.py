"""Standings from a replayed league: points, then the league's tiebreakers in order, then the roll-off.

Only final results count; a bye is a win with the league's bye credit and is left out of the
opponents' match-win percentage and of Buchholz and Sonneborn-Berger (it has no opponent). A double loss
(the forfeit rule) is a loss for both players, with the games of a lost match (the bye's games) lost.

Tiebreakers refine: the players level on points are ordered by the first tiebreaker; those still level on
it by the second, and so on. Head-to-head is applied only to exactly two players still level (three or
more go on to the next tiebreaker, as a three-way cycle has no answer).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import groupby
from typing import Callable

from engine.league.config import Tiebreaker
from engine.league.log import GameStatus, League
from engine.league.rolloff import roll

MWP_FLOOR = Fraction(1, 3)
"""An opponent's match-win percentage counts as at least a third (the usual Swiss convention), so
beating players who dropped out early is not a penalty."""


@dataclass(slots=True)
class Line:
    """One player's season so far."""

    user: int
    name: str
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    points: int = 0
    games_for: int = 0
    games_against: int = 0
    score_for: int = 0
    score_against: int = 0
    opponents: list[int] = field(default_factory=list)
    """Each played match's opponent (twice for a rematch)."""
    results: list[tuple[int, Fraction]] = field(default_factory=list)
    """Each played match: the opponent and the result (1 a win, 1/2 a draw, 0 a loss or a double loss)."""
    h2h: int | None = None
    """League points against the one other player level with this one, when head-to-head was applied."""
    buchholz: int = 0
    median_buchholz: int = 0
    sonneborn_berger: Fraction = Fraction(0)
    sos: Fraction = Fraction(0)
    roll: int = 0
    rank: int = 0
    dropped: bool = False

    @property
    def score_diff(self) -> int:
        return self.score_for - self.score_against


def value(line: Line, tiebreaker: Tiebreaker) -> int | Fraction | None:
    """The line's value for a tiebreaker, as shown (``None``: head-to-head not applied)."""
    return {Tiebreaker.GAME_WINS: lambda: line.games_for, Tiebreaker.GAME_LOSSES: lambda: line.games_against,
            Tiebreaker.SCORE: lambda: line.score_diff, Tiebreaker.BUCHHOLZ: lambda: line.buchholz,
            Tiebreaker.MEDIAN_BUCHHOLZ: lambda: line.median_buchholz,
            Tiebreaker.SONNEBORN_BERGER: lambda: line.sonneborn_berger, Tiebreaker.HEAD_TO_HEAD: lambda: line.h2h,
            Tiebreaker.OPPONENTS: lambda: line.sos, Tiebreaker.ROLL_OFF: lambda: line.roll}[tiebreaker]()


def _tally(league: League) -> dict[int, Line]:
    points = league.config.points
    lines = {u: Line(u, p.name, dropped=p.dropped) for u, p in league.players.items()}
    for game in league.games.values():
        if game.status is not GameStatus.FINAL or game.result is None:
            continue
        r = game.result
        sides = [(game.a, r)] if game.bye else [(game.a, r), (game.b, r.swapped())]
        for user, mine in sides:
            line = lines[user]
            line.played += 1
            line.games_for += mine.ga
            line.games_against += mine.gb + (league.config.bye.games if mine.double_loss else 0)
            line.score_for += mine.sa
            line.score_against += mine.sb
            if mine.winner == "a":
                line.wins, line.points, share = line.wins + 1, line.points + points.win, Fraction(1)
            elif mine.winner is None and not mine.double_loss:
                line.draws, line.points, share = line.draws + 1, line.points + points.draw, Fraction(1, 2)
            else:
                line.losses, line.points, share = line.losses + 1, line.points + points.loss, Fraction(0)
            if game.bye:
                line.byes += 1
            else:
                line.opponents.append(game.opponent(user))
                line.results.append((game.opponent(user), share))
    return lines


def match_win_percentage(line: Line, win_points: int) -> Fraction:
    """Points earned over points possible, at least ``MWP_FLOOR`` (byes not counted)."""
    played = line.played - line.byes
    if played <= 0 or win_points <= 0:
        return MWP_FLOOR
    earned = line.points - line.byes * win_points
    return max(MWP_FLOOR, Fraction(max(earned, 0), played * win_points))


def _opponent_scores(lines: dict[int, Line], win_points: int) -> None:
    """Buchholz, median-Buchholz, Sonneborn-Berger and the opponents' match-win percentage of every line."""
    mwp = {u: match_win_percentage(line, win_points) for u, line in lines.items()}
    for line in lines.values():
        theirs = sorted(lines[o].points for o in line.opponents)
        line.buchholz = sum(theirs)
        line.median_buchholz = sum(theirs[1:-1]) if len(theirs) >= 3 else line.buchholz
        line.sonneborn_berger = sum((lines[o].points * share for o, share in line.results), Fraction(0))
        line.sos = (sum((mwp[o] for o in line.opponents), Fraction(0)) / len(line.opponents)
                    if line.opponents else Fraction(0))


def _head_to_head(league: League, x: int, y: int) -> tuple[int, int]:
    """League points each of two players scored in their matches against each other."""
    points = league.config.points
    got = {x: 0, y: 0}
    for game in league.games.values():
        if game.status is not GameStatus.FINAL or game.bye or game.result is None or {game.a, game.b} != {x, y}:
            continue
        for user, mine in ((game.a, game.result), (game.b, game.result.swapped())):
            won = mine.winner == "a"
            drew = mine.winner is None and not mine.double_loss
            got[user] += points.win if won else points.draw if drew else points.loss
    return got[x], got[y]


def _refine(league: League, tied: list[Line], order: tuple[Tiebreaker, ...]) -> list[Line]:
    """``tied`` (level on points and every tiebreaker before ``order``), best first."""
    if len(tied) < 2:
        return tied
    if not order:
        return sorted(tied, key=lambda l: l.user)  # two equal roll-offs: one in a million, decided by id
    first, rest = order[0], order[1:]
    key: Callable[[Line], object]
    if first is Tiebreaker.HEAD_TO_HEAD:
        if len(tied) != 2:
            return _refine(league, tied, rest)
        x, y = tied
        x.h2h, y.h2h = _head_to_head(league, x.user, y.user)
        key = lambda l: l.h2h  # noqa: E731
    elif first is Tiebreaker.GAME_LOSSES:
        key = lambda l: -l.games_against  # noqa: E731  (fewest first)
    else:
        key = lambda l: value(l, first)  # noqa: E731
    out: list[Line] = []
    for _, level in groupby(sorted(tied, key=key, reverse=True), key=key):
        out += _refine(league, list(level), rest)
    return out


def standings(league: League, seed: str) -> list[Line]:
    """Every player, best first, each with ``rank`` set (1 = first). ``seed``: the roll-off seed."""
    lines = _tally(league)
    _opponent_scores(lines, league.config.points.win)
    for line in lines.values():
        line.roll = roll(seed, line.user)
    ranked: list[Line] = []
    by_points = sorted(lines.values(), key=lambda l: l.points, reverse=True)
    for _, level in groupby(by_points, key=lambda l: l.points):
        ranked += _refine(league, list(level), league.config.tiebreakers)
    for i, line in enumerate(ranked, 1):
        line.rank = i
    return ranked
