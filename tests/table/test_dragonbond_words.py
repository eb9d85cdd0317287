"""Dragonbond's newest actions, events, decisions and rolls have words in English and Spanish
(``table/dragonbond/text.py``; ``db.table.*``): monsters and their auctions, the Quest's treasures and entry
edges, reaction windows."""
from __future__ import annotations

import re

import pytest

from table.dragonbond.text import DECISIONS, Names, action_label, event_line, step_text
from table.i18n import message, messages

VIEW = {"units": [
    {"id": "A1", "code": "A1", "name": "Cazadores del Fai", "x": 10.0, "y": 5.0, "radius": 1.0},
    {"id": "B1", "code": "B1", "name": "Eldai Alarn", "x": 20.0, "y": 30.0, "radius": 1.0},
    {"id": "M1", "code": "M1", "name": "Wyrm", "x": 24.0, "y": 18.0, "radius": 2.0},
]}
PLAYERS = {"player1": "alice", "player2": "bob"}

ACTIONS = [
    {"type": "Enter", "unit": "A1"},
    {"type": "MonsterTarget", "unit": "B1"},
    {"type": "Bid", "monster": "M1", "bid": 2},
    {"type": "UsePower", "unit": "A1", "power": "shield", "target": "B1"},
    {"type": "PlayCard", "card": "dodge", "unit": "A1"},
    {"type": "Decline"},
    {"type": "ChooseEntryEdge", "edge": "west"},
]

EVENTS = [
    {"type": "MonsterPlaced", "unit": "M1", "objective": 2, "x": 24.0, "y": 18.0, "by": "player1"},
    {"type": "MonsterDiscarded", "unit": "M1"},
    {"type": "BehaviourDrawn", "unit": "M1", "card": 3, "name": "Fury", "reason": "round_end"},
    {"type": "BehaviourDrawn", "unit": "M1", "card": 3, "name": "Fury", "reason": "attacked"},
    {"type": "MonsterActs", "unit": "M1", "card": 3, "action": 0, "kind": "charge", "target": "A1", "fatigue": 1},
    {"type": "MonsterActs", "unit": "M1", "card": 3, "action": 1, "kind": "march_toward", "target": None,
     "fatigue": 2},
    {"type": "NoTarget", "unit": "M1"},
    {"type": "AuctionOpened", "unit": "M1"},
    {"type": "BidPlaced", "seat": "player1", "unit": "M1"},
    {"type": "BidPlacedPrivately", "seat": "player1", "unit": "M1", "bid": 2, "visible_to": ["player1"]},
    {"type": "BidsRevealed", "unit": "M1", "bids": {"player1": 2, "player2": 1}},
    {"type": "AuctionTied", "unit": "M1", "bid": 1},
    {"type": "MonsterControlled", "unit": "M1", "seat": "player1", "bid": 2},
    {"type": "MonsterFreed", "unit": "M1", "seat": "player1"},
    {"type": "TreasureFound", "unit": "A1", "n": 1, "treasure": "major", "roll": 5, "x": 10.0, "y": 5.0},
    {"type": "TreasureScored", "unit": "A1", "treasures": ["major", "minor"], "vp": 4},
    {"type": "EntryEdgeChosen", "seat": "player2", "unit": "A1", "edge": "east"},
    {"type": "ReactionDeclined", "seat": "player2", "trigger": "attack_declared", "unit": "B1"},
    *({"type": "VictoryPoints", "seat": "player1", "delta": d, "reason": r, "total": 3}
      for r, d in (("trophy", 2), ("auction", -2), ("treasure", 3))),
    *({"type": "OpposedRoll", "reason": r, "rolls": {"player1": [5], "player2": [2]}, "winner": "player1"}
      for r in ("scenario", "monster", "monster_target", "entry_edge")),
]

RAW = re.compile(r"db\.table\.|\{\w+\}")


def _clean(line: str | None) -> None:
    assert line, line
    assert not RAW.search(line), line
    assert "None" not in line, line


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a["type"])
def test_new_actions_have_words(action: dict, lang: str) -> None:
    label = action_label(action, Names(VIEW, PLAYERS, lang=lang))
    _clean(label)
    assert "=" not in label, label  # not the raw fallback "Kind key=value"


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("event", EVENTS, ids=lambda e: f"{e['type']}-{e.get('reason', '')}")
def test_new_events_have_words(event: dict, lang: str) -> None:
    _clean(event_line(event, Names(VIEW, PLAYERS, lang=lang)))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_reasons_are_words_not_ids(lang: str) -> None:
    names = Names(VIEW, PLAYERS, lang=lang)
    for e in EVENTS:
        if e["type"] in ("VictoryPoints", "OpposedRoll"):
            group = "vp_reason" if e["type"] == "VictoryPoints" else "roll"
            assert f"db.table.{group}.{e['reason']}" in messages(lang)
            assert message(f"db.table.{group}.{e['reason']}", lang) in event_line(e, names)
    private = event_line(EVENTS[9], names)
    public = event_line(EVENTS[8], names)
    assert "2" in private and "2" not in public  # the amount only in the bidder's own line


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("kind", ["reaction", "monster_target", "entry_edge", "auction"])
def test_new_decisions_have_words(kind: str, lang: str) -> None:
    assert kind in DECISIONS
    line = step_text({"pending": {"kind": kind, "seat": "player1"}}, lang=lang)
    _clean(line)
    assert line != step_text({"pending": {"kind": "after"}}, lang=lang)


def test_bookkeeping_stays_silent() -> None:
    names = Names(VIEW, PLAYERS)
    assert event_line({"type": "BehaviourShuffled", "unit": "M1"}, names) is None
    assert event_line({"type": "BehaviourSkipped", "unit": "M1", "card": 3, "action": 0, "condition": "x"},
                      names) is None
