"""Every tiebreaker of issue #36, each deciding between players level on points and on every tiebreaker before
it. Each test picks a roll-off seed that would order the players the other way, so only the tiebreaker under
test can produce the order asserted."""
from __future__ import annotations

import itertools
from datetime import date
from fractions import Fraction

from engine.league.config import LeagueConfig, Tiebreaker, parse_tiebreakers
from engine.league.log import apply
from engine.league.results import Result
from engine.league.rolloff import roll
from engine.league.standings import standings

ORG = 99
T = Tiebreaker
WIN, LOSS, DRAW = Result(1, 0), Result(0, 1), Result(1, 1)


def season(rounds, tiebreakers=(), players=None, **config):
    """A league whose rounds are ``[(a, b, Result from a's side), ...]`` each, settled by the organiser."""
    cfg = LeagueConfig(name="T", game="g", format="f", starts=date(2030, 1, 1), ends=date(2031, 1, 1),
                       tiebreakers=tiebreakers, **config)
    users = players or sorted({u for r in rounds for a, b, _ in r for u in (a, b) if u is not None})
    league = apply(None, {"type": "LeagueCreated", "league": "l1", "by": ORG, "at": 0.0,
                          "config": cfg.model_dump(mode="json"), "seed_hash": "x"})
    for u in users:
        league = apply(league, {"type": "PlayerJoined", "by": u, "user": u, "name": f"p{u}", "list": "", "at": 1.0})
    for n, games in enumerate(rounds, 1):
        league = apply(league, {"type": "RoundStarted", "by": ORG, "at": 2.0, "round": n, "deadline": 100.0,
                                "pairings": [{"id": f"{n}.{i}", "a": a, "b": b}
                                             for i, (a, b, _) in enumerate(games, 1)]})
        for i, (a, b, result) in enumerate(games, 1):
            if b is not None:
                league = apply(league, {"type": "ResultSettled", "by": ORG, "at": 3.0, "pairing": f"{n}.{i}",
                                        "result": result.to_json()})
    return league


def seed_against(*expected: int) -> str:
    """A roll-off seed under which the roll alone would rank ``expected`` in the opposite order."""
    for k in itertools.count():
        seed = f"s{k}"
        rolls = [roll(seed, u) for u in expected]
        if rolls == sorted(rolls):
            return seed
    raise AssertionError


def order(league, seed, *users):
    """The standings' order of ``users`` (others left out)."""
    return [l.user for l in standings(league, seed) if l.user in users]


def lines(league, seed="s"):
    return {l.user: l for l in standings(league, seed)}


# -- game wins, fewest game losses -------------------------------------------------------------------------------

GAMES = [[(1, 3, Result(3, 2)), (2, 4, Result(2, 0))]]
"""1 wins 3-2 and 2 wins 2-0 (both on 3 points); 3 lost 2-3 and 4 lost 0-2 (both on 0)."""


def test_game_wins_most_games_won_first():
    """Issue #36 (game wins): level on points, the player who won more games ranks higher: 1 (3 games) above 2
    (2), 3 (2) above 4 (0)."""
    league = season(GAMES, [T.GAME_WINS])
    assert order(league, seed_against(1, 2, 3, 4), 1, 2, 3, 4) == [1, 2, 3, 4]
    got = lines(league)
    assert (got[1].games_for, got[2].games_for) == (3, 2)


def test_fewest_game_losses_first():
    """Issue #36 (Underworlds Grand Clash: fewest game losses): 2 (no game lost) above 1 (two lost), 4 (two lost)
    above 3 (three lost), the order game wins gives reversed."""
    league = season(GAMES, [T.GAME_LOSSES])
    assert order(league, seed_against(2, 1, 4, 3), 1, 2, 3, 4) == [2, 1, 4, 3]


def test_a_double_loss_counts_the_games_of_a_lost_match():
    """Issue #36: a double loss (the forfeit rule, docs/leagues.md) loses a match's games (the bye's games, 2 in
    Underworlds), so not playing never ranks above losing a played game on fewest game losses."""
    league = season([[(1, 2, Result(0, 0, double_loss=True)), (3, 4, Result(0, 2))]], [T.GAME_LOSSES],
                    bye={"games": 2, "score": 14})
    got = lines(league)
    assert (got[1].games_against, got[2].games_against, got[3].games_against) == (2, 2, 2)


# -- game-score difference ---------------------------------------------------------------------------------------

def test_game_score_difference():
    """Issue #36 (game-score difference: glory, victory points): both won; 2 by +7 glory ranks above 1 by +2."""
    league = season([[(1, 3, Result(1, 0, 10, 8)), (2, 4, Result(1, 0, 12, 5))]], [T.SCORE])
    assert order(league, seed_against(2, 1), 1, 2) == [2, 1]
    assert (lines(league)[1].score_diff, lines(league)[2].score_diff) == (2, 7)


# -- Buchholz and median-Buchholz ----------------------------------------------------------------------------------

# 1 and 2 win all three of their matches (9 points). 1's opponents end on 10, 3 and 0 points (Buchholz 13,
# median-Buchholz 3); 2's on 6, 6 and 0 (Buchholz 12, median-Buchholz 6). 9 and 10 are the opponents' other games.
OPPONENTS = [
    [(1, 3, WIN), (2, 6, WIN), (4, 9, WIN)],
    [(1, 4, WIN), (2, 7, WIN), (3, 9, WIN)],
    [(1, 5, WIN), (2, 8, WIN), (6, 9, WIN)],
    [(3, 9, WIN), (7, 10, WIN)],
    [(3, 9, WIN), (7, 10, WIN)],
    [(3, 9, DRAW), (6, 10, WIN)],
]


def test_buchholz_sums_the_opponents_points():
    """Issue #36 (Buchholz): 1's opponents scored 10 + 3 + 0 = 13 points, 2's 6 + 6 + 0 = 12: 1 ranks above 2."""
    league = season(OPPONENTS, [T.BUCHHOLZ])
    got = lines(league)
    assert (got[1].points, got[2].points) == (9, 9)
    assert (got[1].buchholz, got[2].buchholz) == (13, 12)
    assert order(league, seed_against(1, 2), 1, 2) == [1, 2]


def test_median_buchholz_leaves_out_the_best_and_the_worst_opponent():
    """Issue #36 (median-Buchholz): without the best and the worst opponent 1 keeps 3 points, 2 keeps 6: 2 ranks
    above 1, the order Buchholz gives reversed."""
    league = season(OPPONENTS, [T.MEDIAN_BUCHHOLZ])
    got = lines(league)
    assert (got[1].median_buchholz, got[2].median_buchholz) == (3, 6)
    assert order(league, seed_against(2, 1), 1, 2) == [2, 1]


def test_a_bye_adds_nothing_to_buchholz():
    """A bye has no opponent: it counts in the player's points, not in Buchholz."""
    league = season([[(1, None, None), (2, 3, WIN)]])
    got = lines(league)
    assert (got[1].points, got[1].buchholz, got[3].buchholz) == (3, 0, 3)


# -- Sonneborn-Berger ---------------------------------------------------------------------------------------------

def test_sonneborn_berger_counts_the_opponents_beaten():
    """Issue #36 (Sonneborn-Berger): 1 and 2 each won once and lost once against the same two opponents (level
    on points and Buchholz); 1 beat 3 (9 points), 2 beat 4 (3 points): 1 ranks above 2, Buchholz falling through.
    A draw counts half the opponent's points."""
    rounds = [[(1, 3, WIN), (2, 4, WIN)], [(1, 4, LOSS), (2, 3, LOSS), (5, 6, DRAW)], [(3, 5, WIN)], [(3, 5, WIN)]]
    league = season(rounds, [T.BUCHHOLZ, T.SONNEBORN_BERGER])
    got = lines(league)
    assert (got[1].points, got[2].points, got[1].buchholz, got[2].buchholz) == (3, 3, 12, 12)
    assert (got[1].sonneborn_berger, got[2].sonneborn_berger) == (9, 3)
    assert got[6].sonneborn_berger == Fraction(1, 2)  # drew with 5, who has 1 point
    assert order(league, seed_against(1, 2), 1, 2) == [1, 2]


# -- head-to-head ------------------------------------------------------------------------------------------------

def test_head_to_head_decides_between_exactly_two_tied_players():
    """Issue #36 (head-to-head, two tied players): 2 beat 1, so 2 ranks above 1 though 1's game score is better;
    the column shows each one's points in their match."""
    rounds = [[(1, 2, Result(0, 1, 9, 10)), (3, 4, WIN)], [(1, 4, Result(1, 0, 20, 0)), (2, 3, LOSS)]]
    league = season(rounds, [T.HEAD_TO_HEAD, T.SCORE])
    got = lines(league)
    assert (got[1].points, got[2].points) == (3, 3) and got[1].score_diff > got[2].score_diff
    assert order(league, seed_against(2, 1), 1, 2) == [2, 1]
    assert (got[1].h2h, got[2].h2h) == (0, 3)


def test_head_to_head_between_two_who_never_met_falls_through():
    """Two tied players who have not met: head-to-head says nothing, the next tiebreaker decides."""
    league = season([[(1, 3, Result(1, 0, 5, 0)), (2, 4, Result(1, 0, 2, 0))]], [T.HEAD_TO_HEAD, T.SCORE])
    assert order(league, seed_against(1, 2), 1, 2) == [1, 2]


def test_three_way_head_to_head_cycle_falls_through_to_the_next_tiebreaker():
    """Issue #36 (head-to-head only between exactly two tied players): 1 beat 2, 2 beat 3, 3 beat 1, all on 3
    points; head-to-head is not applied to three players, so game-score difference orders them: 1 (+8), 3 (0),
    2 (-8)."""
    rounds = [[(1, 2, Result(1, 0, 10, 1))], [(2, 3, Result(1, 0, 4, 3))], [(3, 1, Result(1, 0, 6, 5))]]
    league = season(rounds, [T.HEAD_TO_HEAD, T.SCORE])
    got = lines(league)
    assert {got[u].points for u in (1, 2, 3)} == {3}
    assert order(league, seed_against(1, 3, 2), 1, 2, 3) == [1, 3, 2]
    assert all(got[u].h2h is None for u in (1, 2, 3))


def test_three_tied_where_one_beat_both_still_fall_through():
    """Head-to-head is for two players only: 1 beat both 2 and 3, all three on 6 points; they go on to the next
    tiebreaker (game-score difference: 2 and 3 +17, 1 +2), not to a mini-league between them; 2 and 3, still
    level, are not sent back to head-to-head (the roll-off decides)."""
    rounds = [[(1, 2, Result(1, 0, 1, 0)), (3, 4, Result(1, 0, 9, 0))],
              [(1, 3, Result(1, 0, 1, 0)), (2, 4, Result(1, 0, 9, 0))],
              [(2, 5, Result(1, 0, 9, 0)), (3, 6, Result(1, 0, 9, 0))]]
    league = season(rounds, [T.HEAD_TO_HEAD, T.SCORE])
    got = lines(league)
    assert got[1].points == got[2].points == got[3].points == 6
    assert order(league, seed_against(2, 3, 1), 1, 2, 3) == [3, 2, 1]


# -- opponents' match-win percentage, roll-off ---------------------------------------------------------------------

def test_opponents_match_win_percentage():
    """Issue #36 (opponents' match-win percentage): 1's opponent won half its matches, 2's none (counted as a
    third): 1 ranks above 2."""
    league = season([[(1, 3, WIN), (2, 4, WIN)], [(3, 4, WIN)]], [T.OPPONENTS])
    got = lines(league)
    assert (got[1].sos, got[2].sos) == (Fraction(1, 2), Fraction(1, 3))
    assert order(league, seed_against(1, 2), 1, 2) == [1, 2]


def test_roll_off_orders_players_level_on_everything():
    """Issue #36 (roll-off, always last): players level on every tiebreaker are ordered by their seeded roll."""
    league = season([[(1, 2, DRAW), (3, 4, DRAW)]], [T.SCORE])
    got = [l.user for l in standings(league, "s")]
    assert got == sorted((1, 2, 3, 4), key=lambda u: roll("s", u), reverse=True)


def test_tiebreakers_apply_in_the_configured_order():
    """The same league ranked by game wins then fewest losses, or the other way round, follows the first listed."""
    rounds = [[(1, 3, Result(3, 2)), (2, 4, Result(2, 0))]]
    assert order(season(rounds, [T.GAME_WINS, T.GAME_LOSSES]), "s", 1, 2) == [1, 2]
    assert order(season(rounds, [T.GAME_LOSSES, T.GAME_WINS]), "s", 1, 2) == [2, 1]


def test_tiebreaker_names_and_aliases():
    """An organiser may type the tiebreakers by name or alias, separated by commas or ``>``; the roll-off comes last."""
    assert parse_tiebreakers("losses > glory, roll") == (T.GAME_LOSSES, T.SCORE, T.ROLL_OFF)
    assert parse_tiebreakers("bh, median-buchholz, sonneborn-berger, head-to-head, omw, wins") == (
        T.BUCHHOLZ, T.MEDIAN_BUCHHOLZ, T.SONNEBORN_BERGER, T.HEAD_TO_HEAD, T.OPPONENTS, T.GAME_WINS)
    cfg = LeagueConfig(name="T", game="g", format="f", starts=date(2030, 1, 1), ends=date(2030, 2, 1),
                       tiebreakers=parse_tiebreakers("roll, sb"))
    assert cfg.tiebreakers == (T.SONNEBORN_BERGER, T.ROLL_OFF)
