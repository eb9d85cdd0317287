"""Standings from a replayed league: points, then the league's tiebreakers in order, then the roll-off.

Only final results count; a bye is a win with the league's bye credit and is left out of the
opponents' match-win percentage (it has no opponent). A double loss (the forfeit rule) is a loss
for both players.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

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
    h2h: int = 0
    sos: Fraction = Fraction(0)
    roll: int = 0
    rank: int = 0
    dropped: bool = False

    @property
    def score_diff(self) -> int:
        return self.score_for - self.score_against


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
            line.games_against += mine.gb
            line.score_for += mine.sa
            line.score_against += mine.sb
            if game.bye:
                line.byes += 1
            else:
                line.opponents.append(game.opponent(user))
            if mine.winner == "a":
                line.wins, line.points = line.wins + 1, line.points + points.win
            elif mine.winner is None and not mine.double_loss:
                line.draws, line.points = line.draws + 1, line.points + points.draw
            else:
                line.losses, line.points = line.losses + 1, line.points + points.loss
    return lines


def match_win_percentage(line: Line, win_points: int) -> Fraction:
    """Points earned over points possible, at least ``MWP_FLOOR`` (byes not counted)."""
    played = line.played - line.byes
    if played <= 0 or win_points <= 0:
        return MWP_FLOOR
    earned = line.points - line.byes * win_points
    return max(MWP_FLOOR, Fraction(max(earned, 0), played * win_points))


def _head_to_head(league: League, lines: dict[int, Line]) -> None:
    """Each player's points against the players level with them on points."""
    points = league.config.points
    level: dict[int, set[int]] = defaultdict(set)
    for line in lines.values():
        level[line.points].add(line.user)
    for game in league.games.values():
        if game.status is not GameStatus.FINAL or game.bye or game.result is None:
            continue
        if game.b not in level[lines[game.a].points]:
            continue
        for user, mine in ((game.a, game.result), (game.b, game.result.swapped())):
            won = mine.winner == "a"
            drew = mine.winner is None and not mine.double_loss
            lines[user].h2h += points.win if won else points.draw if drew else points.loss


def standings(league: League, seed: str) -> list[Line]:
    """Every player, best first, each with ``rank`` set (1 = first). ``seed``: the roll-off seed."""
    lines = _tally(league)
    win = league.config.points.win
    mwp = {u: match_win_percentage(line, win) for u, line in lines.items()}
    for line in lines.values():
        line.sos = (sum((mwp[o] for o in line.opponents), Fraction(0)) / len(line.opponents)
                    if line.opponents else Fraction(0))
        line.roll = roll(seed, line.user)
    _head_to_head(league, lines)
    keys = {Tiebreaker.HEAD_TO_HEAD: lambda l: l.h2h, Tiebreaker.SCORE: lambda l: l.score_diff,
            Tiebreaker.OPPONENTS: lambda l: l.sos, Tiebreaker.ROLL_OFF: lambda l: l.roll}
    order = [keys[t] for t in league.config.tiebreakers]
    ranked = sorted(lines.values(), key=lambda l: (l.points, *(k(l) for k in order)), reverse=True)
    for i, line in enumerate(ranked, 1):
        line.rank = i
    return ranked
