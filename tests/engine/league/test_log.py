"""The league log: each event's rule, and standings that always equal a recomputation from the log."""
from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings, strategies as st

from engine.core.errors import IllegalAction, NotAllowed
from engine.league.config import LeagueConfig, Tiebreaker
from engine.league.log import GameStatus, apply, replay
from engine.league.results import Result, claimed
from engine.league.standings import standings

ORG = 99
CONFIG = LeagueConfig(name="Test", game="g", format="f", starts=date(2030, 1, 1), ends=date(2030, 3, 1))


def created(**config):
    cfg = LeagueConfig.model_validate({**CONFIG.model_dump(), **config})
    return {"type": "LeagueCreated", "league": "l1", "by": ORG, "at": 0.0, "config": cfg.model_dump(mode="json"),
            "seed_hash": "x"}


def joined(user):
    return {"type": "PlayerJoined", "by": user, "user": user, "name": f"p{user}", "list": "", "at": 1.0}


def started(n, pairs, by=ORG):
    return {"type": "RoundStarted", "by": by, "at": 2.0, "round": n, "deadline": 100.0,
            "pairings": [{"id": f"{n}.{i + 1}", "a": a, "b": b} for i, (a, b) in enumerate(pairs)]}


def run(*events):
    league = None
    for e in events:
        league = apply(league, e)
    return league


def base(**config):
    return [created(**config), *(joined(u) for u in (1, 2, 3, 4, 5)), started(1, [(1, 2), (3, 4), (5, None)])]


def claim(pairing, by, result):
    return {"type": "ResultClaimed", "by": by, "at": 3.0, "pairing": pairing, "result": result.to_json()}


def test_a_bye_is_a_win_with_the_leagues_bye_credit():
    """Issue #18: the bye is credited as a win with the configured score (Underworlds events: 2-0, +14)."""
    league = run(*base(bye={"games": 2, "score": 14}))
    line = next(l for l in standings(league, "s") if l.user == 5)
    assert (line.wins, line.points, line.games_for, line.score_diff, line.byes) == (1, 3, 2, 14, 1)


def test_a_claim_counts_once_the_opponent_confirms():
    """Issue #18: a result claimed by a player is final once the opponent confirms it."""
    league = run(*base(), claim("1.1", 2, claimed("win", "2-1", "12-8")))
    assert league.games["1.1"].status is GameStatus.CLAIMED
    with pytest.raises(NotAllowed):
        apply(league, {"type": "ResultConfirmed", "by": 2, "at": 4.0, "pairing": "1.1"})
    league = apply(league, {"type": "ResultConfirmed", "by": 1, "at": 4.0, "pairing": "1.1"})
    assert league.games["1.1"].result == Result(1, 2, 8, 12)
    assert next(l for l in standings(league, "s") if l.user == 2).points == 3


def substituted(user, substitute, by=ORG):
    return {"type": "PlayerSubstituted", "by": by, "at": 5.0, "user": user, "substitute": substitute, "name": "sub"}


def test_a_substitute_takes_the_seat_its_results_and_its_claim():
    """Issue #36 item 5: the organiser hands a registered seat to another member: its list, pairings, results and a
    claim it made (the opponent then confirms the substitute's claim); a dropped seat is active again; the rating
    keeps who played (``played_by``); a player may not take a second seat, nor anyone but the organiser hand one."""
    events = [*base(), claim("1.1", 1, claimed("win", "2-0", "10-4")), {"type": "ResultConfirmed", "by": 2,
                                                                          "at": 4.0, "pairing": "1.1"},
              claim("1.2", 3, claimed("win")), {"type": "PlayerDropped", "by": 3, "at": 4.5, "user": 3}]
    league = run(*events)
    with pytest.raises(NotAllowed):
        apply(league, substituted(3, 9, by=4))
    with pytest.raises(IllegalAction):
        apply(league, substituted(3, 4))
    before = next(l for l in standings(league, "s") if l.user == 1)
    league = apply(apply(league, substituted(1, 7)), substituted(3, 9))
    assert list(league.players) == [7, 2, 9, 4, 5] and not league.players[9].dropped
    assert league.players[7].list_text == "" and league.players[7].name == "sub"
    after = next(l for l in standings(league, "s") if l.user == 7)
    assert (after.points, after.games_for, after.score_for) == (before.points, before.games_for, before.score_for)
    assert league.games["1.1"].a == 7 and league.games["1.1"].played_by == (1, 2)
    league = apply(league, {"type": "ResultConfirmed", "by": 4, "at": 6.0, "pairing": "1.2"})
    assert league.games["1.2"].result.winner == "a" and league.games["1.2"].played_by == (9, 4)


def test_a_disputed_result_waits_for_the_organiser():
    """Issue #18: disputed to the organiser, who settles it; nobody else may."""
    league = run(*base(), claim("1.1", 1, claimed("win")),
                 {"type": "ResultDisputed", "by": 2, "at": 4.0, "pairing": "1.1", "reason": "I won"})
    assert league.games["1.1"].status is GameStatus.DISPUTED
    settle = {"type": "ResultSettled", "by": 3, "at": 5.0, "pairing": "1.1", "result": Result(0, 1).to_json()}
    with pytest.raises(NotAllowed):
        apply(league, settle)
    league = apply(league, {**settle, "by": ORG})
    assert league.games["1.1"].result.winner == "b"


def test_next_round_waits_for_every_result():
    """A round starts only when every pairing of the last one has a final result (or is void)."""
    league = run(*base())
    with pytest.raises(IllegalAction) as refused:
        apply(league, started(2, [(1, 3), (2, 5), (4, None)]))
    assert refused.value.code == "league.round_open"


def test_the_bot_pairs_a_round_only_when_rounds_advance_by_themselves():
    """Rounds advance by themselves: the bot's ``RoundStarted`` (``auto``, by nobody) is accepted while
    ``auto_advance`` is on and every result of the round is final; off, it is refused; a player's is refused."""
    done = [{"type": "ResultSettled", "by": ORG, "at": 4.0, "pairing": p, "result": Result(1, 0).to_json()}
            for p in ("1.1", "1.2")]
    auto = {**started(2, [(1, 3), (2, 5), (4, None)], by=0), "auto": True}
    league = run(*base(), *done)
    assert len(apply(league, auto).rounds) == 2
    with pytest.raises(IllegalAction) as refused:
        apply(run(*base()), auto)
    assert refused.value.code == "league.round_open"
    with pytest.raises(IllegalAction) as refused:
        apply(run(*base(auto_advance=False), *done), auto)
    assert refused.value.code == "league.auto_advance_off"
    with pytest.raises(NotAllowed):
        apply(league, started(2, [(1, 3), (2, 5), (4, None)], by=1))


def test_settings_that_may_change_mid_season_and_those_that_may_not():
    """``SettingsChanged`` (organiser): deadlines, round length and auto-advance change; game, format and pairing
    system are refused (``MID_SEASON``); the current round's deadline moves, only forwards of the event's time."""
    league = run(*base())
    change = {"type": "SettingsChanged", "by": ORG, "at": 10.0, "settings": {"round_days": 3, "auto_advance": False},
              "deadline": 500.0}
    changed = apply(league, change)
    assert (changed.config.round_days, changed.config.auto_advance, changed.current.deadline) == (3, False, 500.0)
    assert league.config.round_days == 7  # the old state is untouched
    for fixed in ({"format": "other"}, {"pairing": "round-robin"}, {"game": "other"}, {"points": {"win": 2}}):
        with pytest.raises(IllegalAction) as refused:
            apply(league, {**change, "settings": fixed})
        assert refused.value.code == "league.setting_fixed"
    with pytest.raises(IllegalAction) as refused:
        apply(league, {**change, "settings": {}, "deadline": 5.0})
    assert refused.value.code == "league.deadline_passed"
    with pytest.raises(NotAllowed):
        apply(league, {**change, "by": 1})


def test_unplayed_at_the_deadline_is_a_double_loss():
    """Forfeit rule (docs/leagues.md): nothing reported by the deadline, both players take a loss."""
    league = run(*base(), {"type": "ResultForfeited", "by": 0, "at": 200.0, "pairing": "1.2"})
    lines = {l.user: l for l in standings(league, "s")}
    assert (lines[3].losses, lines[4].losses, lines[3].points) == (1, 1, 0)


def test_head_to_head_breaks_a_tie_before_score():
    """Tiebreakers in the configured order: head-to-head first, then game-score difference."""
    league = run(created(tiebreakers=[Tiebreaker.HEAD_TO_HEAD, Tiebreaker.SCORE]), joined(1), joined(2),
                 started(1, [(1, 2)]))
    league = apply(league, {"type": "ResultSettled", "by": ORG, "at": 3.0, "pairing": "1.1",
                            "result": Result(1, 0, 1, 0).to_json()})
    league = apply(league, started(2, [(2, 1)]))
    league = apply(league, {"type": "ResultSettled", "by": ORG, "at": 3.0, "pairing": "2.1",
                            "result": Result(1, 0, 20, 0).to_json()})
    league = apply(league, started(3, [(1, 2)]))
    league = apply(league, {"type": "ResultSettled", "by": ORG, "at": 3.0, "pairing": "3.1",
                            "result": Result(1, 1).to_json()})
    # level on 4 points and on head-to-head; player 2 has the better score difference
    assert [l.user for l in standings(league, "s")] == [2, 1]


# -- the property: standings always equal a recomputation from the log -------------------------------------------

def oracle(events) -> dict[int, int]:
    """Points per player, straight from the events (independent of the replay)."""
    cfg = LeagueConfig.model_validate(events[0]["config"])
    sides, claims, final = {}, {}, {}
    points = {e["user"]: 0 for e in events if e["type"] == "PlayerJoined"}
    for e in events:
        t = e["type"]
        if t == "RoundStarted":
            for p in e["pairings"]:
                sides[p["id"]] = (p["a"], p.get("b"))
                if p.get("b") is None:
                    final[p["id"]] = Result(cfg.bye.games, 0, cfg.bye.score, 0)
        elif t == "ResultClaimed":
            a, _ = sides[e["pairing"]]
            r = Result.from_json(e["result"])
            claims[e["pairing"]] = r if e["by"] == a else r.swapped()
        elif t in ("ResultConfirmed", "ResultAutoConfirmed"):
            final[e["pairing"]] = claims[e["pairing"]]
        elif t in ("ResultSettled", "ResultRecorded"):
            final[e["pairing"]] = Result.from_json(e["result"])
        elif t == "ResultVoided":
            final.pop(e["pairing"], None)
        elif t == "ResultForfeited":
            final[e["pairing"]] = Result(0, 0, double_loss=True)
    for pid, r in final.items():
        a, b = sides[pid]
        for user, mine in ((a, r), (b, r.swapped())):
            if user is None:
                continue
            points[user] += (cfg.points.win if mine.winner == "a" else
                             cfg.points.draw if mine.winner is None and not mine.double_loss else cfg.points.loss)
    return points


results = st.builds(Result, st.integers(0, 2), st.integers(0, 2), st.integers(0, 20), st.integers(0, 20))
steps = st.lists(st.tuples(st.sampled_from(["claim", "confirm", "auto", "dispute", "settle", "void", "record",
                                             "forfeit"]),
                           st.sampled_from(["1.1", "1.2", "1.3"]), st.sampled_from([1, 2, 3, 4, 5, ORG]), results),
                 max_size=40)


@settings(max_examples=200, deadline=None)
@given(steps)
def test_standings_equal_a_recomputation_from_the_log(moves):
    """Issue #18: after random reports, edits and voids, the standings (kept step by step) equal a replay of
    the log and an independent recomputation from its events."""
    types = {"claim": "ResultClaimed", "confirm": "ResultConfirmed", "auto": "ResultAutoConfirmed",
             "dispute": "ResultDisputed", "settle": "ResultSettled", "void": "ResultVoided",
             "record": "ResultRecorded", "forfeit": "ResultForfeited"}
    events = base()
    league = run(*events)
    for kind, pairing, by, result in moves:
        event = {"type": types[kind], "by": by, "at": 5.0, "pairing": pairing, "result": result.to_json(),
                 "match": "m1", "reason": ""}
        try:
            league = apply(league, event)
        except (IllegalAction, NotAllowed):
            continue
        events.append(event)
    kept = {l.user: (l.points, l.rank) for l in standings(league, "s")}
    again = {l.user: (l.points, l.rank) for l in standings(replay(events), "s")}
    assert kept == again
    assert {u: p for u, (p, _) in kept.items()} == oracle(events)
