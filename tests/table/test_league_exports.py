"""Issue #36 item 6: the exports the community's statistics read: one row per game with its date, both players'
warband and decks (or army, mage) and lists, the match's wins/losses/ties and its games and game scores, as CSV and
JSON, and the Underworlds community statistics layout (``Date, P1 Warband, P1 Deck1, P1 Deck2, Wins, Losses, Ties,
P2 Warband, P2 Deck1, P2 Deck2, G-W, G-L, G-T``)."""
from __future__ import annotations

import csv
import io
import json
from datetime import date, datetime, timezone

from engine.league.config import LeagueConfig
from engine.league.log import apply
from engine.league.results import Result
from table.league import present
from table.league.registry import identity

import table.underworlds.league  # noqa: F401 - registers Underworlds leagues
import table.tambores.league  # noqa: F401


def ids(first: int, last: int) -> list[str]:
    return [str(n) for n in range(first, last + 1)]


# a Nemesis list (§7): the warband's own Rivals deck and one universal Rivals deck (Rimewyrm's Bite)
NEMESIS = "warband: Brethren of the Bolt\n" + "\n".join(ids(45001, 45012) + ["48001", "48002", "48005"]
                                                         + ids(45013, 45032) + ids(48023, 48026))
RIVALS = "warband: Brethren of the Bolt; deck: brethren-of-the-bolt-rivals"
COMMUNITY = ["Date", "P1 Warband", "P1 Deck1", "P1 Deck2", "Wins", "Losses", "Ties", "P2 Warband", "P2 Deck1",
             "P2 Deck2", "G-W", "G-L", "G-T"]


def utc(*args: int) -> float:
    return datetime(*args, tzinfo=timezone.utc).timestamp()


def a_season():
    """Four players in a Nemesis league in Madrid: 1.1 a bot match that ended level, 1.2 a double loss, 2.1 a
    claim of 2-1 (12-8) made at 23:30 UTC on 27 March 2027 (the 28th in Madrid) and confirmed, 2.2 a bye."""
    config = LeagueConfig(name="Stats", game="underworlds", format="nemesis", starts=date(2027, 3, 1),
                          ends=date(2027, 5, 1), timezone="Europe/Madrid")
    t0 = utc(2027, 3, 20, 12)
    events = [{"type": "LeagueCreated", "league": "l1", "by": 99, "at": t0, "config": config.model_dump(mode="json"),
               "seed_hash": "x"}]
    events += [{"type": "PlayerJoined", "by": u, "user": u, "name": f"p{u}", "list": NEMESIS if u == 1 else RIVALS,
                "at": t0} for u in (1, 2, 3, 4)]
    events.append({"type": "RoundStarted", "by": 99, "at": t0, "round": 1, "deadline": t0 + 86400,
                   "pairings": [{"id": "1.1", "a": 1, "b": 2}, {"id": "1.2", "a": 3, "b": 4}]})
    events.append({"type": "ResultRecorded", "by": 0, "at": utc(2027, 3, 20, 18), "pairing": "1.1", "match": "m1",
                   "result": Result(1, 1, 4, 4).to_json()})
    events.append({"type": "ResultForfeited", "by": 0, "at": t0 + 86400, "pairing": "1.2"})
    events.append({"type": "RoundStarted", "by": 99, "at": t0 + 86400, "round": 2, "deadline": t0 + 10 * 86400,
                   "pairings": [{"id": "2.1", "a": 2, "b": 1}, {"id": "2.2", "a": 4}]})
    events.append({"type": "ResultClaimed", "by": 2, "at": utc(2027, 3, 27, 23, 30), "pairing": "2.1",
                   "result": Result(2, 1, 12, 8).to_json()})
    events.append({"type": "ResultConfirmed", "by": 1, "at": utc(2027, 3, 29, 9), "pairing": "2.1"})
    league = None
    for e in events:
        league = apply(league, e)
    return league


def test_a_lists_warband_and_decks_as_the_statistics_record_them():
    """Underworlds: a Rivals list is one deck, a Nemesis list the warband's own deck then the universal one (§7);
    Tambores: the army; a game without its own reading: the summary's first part."""
    assert identity("underworlds", RIVALS) == ("Brethren of the Bolt", ("Brethren of the Bolt Rivals Deck",))
    assert identity("underworlds", NEMESIS) == ("Brethren of the Bolt",
                                                ("Brethren of the Bolt Rivals Deck", "Rimewyrm's Bite Rivals Deck"))
    assert identity("tambores", "hero: Aiden; 10 Alabardero; 10 Soldado; 9 Arquera")[0] == "human"


def test_the_per_game_export_has_date_players_lists_and_games():
    league = a_season()
    rows = list(csv.DictReader(io.StringIO(present.games_csv(league).decode())))
    assert list(rows[0]) == list(present.GAME_COLUMNS)
    assert [r["pairing"] for r in rows] == ["1.1", "1.2", "2.1", "2.2"]
    draw, forfeit, claim, bye = rows
    assert draw["date"] == "2027-03-20" and draw["match"] == "m1"
    assert (draw["result"], draw["ties"], draw["games_won"], draw["games_lost"], draw["games_tied"]) == \
        ("draw", "1", "0", "0", "1")  # a bot match is one game: it ended level
    assert (draw["player_1"], draw["player_1_deck_2"], draw["player_2_deck_2"]) == \
        ("p1", "Rimewyrm's Bite Rivals Deck", "")
    assert draw["player_1_list"] == NEMESIS and draw["player_2_list"] == RIVALS
    assert (forfeit["result"], forfeit["losses"], forfeit["games_lost"]) == ("double loss", "1", "0")
    assert claim["date"] == "2027-03-28"  # the claim's day in Madrid (23:30 UTC is 00:30 there), not the confirmation's
    assert (claim["player_1"], claim["player_2"], claim["result"], claim["wins"]) == ("p2", "p1", "win", "1")
    assert (claim["games_won"], claim["games_lost"], claim["games_tied"], claim["score_1"], claim["score_2"]) == \
        ("2", "1", "0", "12", "8")
    assert (bye["result"], bye["player_2"], bye["player_2_id"]) == ("bye", "BYE", "")
    body = json.loads(present.games_json(league))
    assert body["game"] == "underworlds" and body["timezone"] == "Europe/Madrid"
    assert [r["pairing"] for r in body["games"]] == ["1.1", "1.2", "2.1", "2.2"]
    assert body["games"][2]["games_won"] == 2 and body["games"][2]["player_1_faction"] == "Brethren of the Bolt"


def test_the_underworlds_community_layout():
    """One row per match two players played (no bye, no double loss), told from player 1."""
    rows = list(csv.reader(io.StringIO(present.community_csv(a_season()).decode())))
    assert rows[0] == COMMUNITY
    assert rows[1:] == [
        ["2027-03-20", "Brethren of the Bolt", "Brethren of the Bolt Rivals Deck", "Rimewyrm's Bite Rivals Deck",
         "0", "0", "1", "Brethren of the Bolt", "Brethren of the Bolt Rivals Deck", "", "0", "0", "1"],
        ["2027-03-28", "Brethren of the Bolt", "Brethren of the Bolt Rivals Deck", "", "1", "0", "0",
         "Brethren of the Bolt", "Brethren of the Bolt Rivals Deck", "Rimewyrm's Bite Rivals Deck", "2", "1", "0"]]
