"""The round limit (docs/rulings/magewars.md, "Round limit"): the book sets none (§16); a duel ends after its last
round as Arcane Wonders' tournaments end one when time is called: the mage that received the most total damage
loses, healing not counted. A duel with both mages standing always ends."""
import random

import pytest

from engine.core.errors import InvalidInput
from engine.core.rng import SeededRng
from engine.magewars import conditions, referee
from engine.magewars import round as rounds
from engine.magewars.system import SYSTEM
from table.magewars.text import Names, panel_embed
from tests.engine.magewars.duel_support import initiative_taken

SEATS = ("player1", "player2")


def game(options, seed=b"r" * 32):
    rng = SeededRng(seed)
    return initiative_taken(SYSTEM.setup(options, SEATS, rng), rng), rng


def to_the_end(state, rng, seed=0):
    """Random choices until the duel ends; the events of the last action."""
    pick = random.Random(seed)
    for _ in range(5000):
        actors = [(s, a) for s in SEATS for a in SYSTEM.legal_actions(state, s)]
        seat, action = pick.choice(actors)
        state, events = SYSTEM.apply(state, seat, action, rng)
        if SYSTEM.outcome(state):
            return state, events
    raise AssertionError("the duel did not end")


def test_round_limit_the_mage_that_took_more_damage_in_all_loses():
    """Ruling "Round limit" (tournament rule: "the mage that received the most total damage loses the game"): a
    one-round duel in which neither mage falls ends with round 1, the winner the mage with less damage taken."""
    state, rng = game({"mode": "apprentice", "rounds": 1})
    state["damage_taken"] = {"player1": 7, "player2": 0}
    state, events = to_the_end(state, rng)
    taken = state["damage_taken"]
    assert state["round"] == 2 and SYSTEM.outcome(state).reason == "round limit"
    assert taken["player1"] > taken["player2"] and SYSTEM.outcome(state).winner == "player2"
    kinds = [e["type"] for e in events]
    assert kinds[-4:] == ["RoundLimitReached", "DamageTakenInAll", "DamageTakenInAll", "GameOver"]
    assert {e["seat"]: e["amount"] for e in events if e["type"] == "DamageTakenInAll"} == taken


def test_round_limit_as_much_damage_taken_is_a_draw():
    """Ruling "Round limit": the tournament rule names no winner between equal totals; a draw, as §22.19's."""
    state, _ = game({"mode": "apprentice", "rounds": 3})
    state.update(round=4, damage_taken={"player1": 5, "player2": 5})
    events = rounds.time_called(state)
    assert state["over"] and state["winner"] is None and events[-1] == {"type": "GameOver", "winner": None,
                                                                        "reason": "round limit"}


def test_round_limit_is_thirty_rounds_unless_the_match_gives_one():
    """Ruling "Round limit": thirty rounds by default; the match's ``rounds`` option, 1 to 999, else refused."""
    assert game({"mode": "apprentice"})[0]["round_limit"] == rounds.ROUND_LIMIT == 30
    assert game({"mode": "full", "rounds": 12})[0]["round_limit"] == 12
    for bad in (0, 1000, "12", True, 2.5):
        with pytest.raises(InvalidInput):
            SYSTEM.setup({"mode": "apprentice", "rounds": bad}, SEATS, SeededRng(b"r" * 32))


def test_round_limit_healing_does_not_lower_the_damage_taken_in_all():
    """Tournament rule: "Healing does not affect this number"; prevented damage and a referee's correction do."""
    state, _ = game({"mode": "apprentice"})
    mage = state["mages"]["player1"]
    conditions.take_damage(state, mage, 6)
    conditions.heal_in_place(state, mage, 4)
    assert state["objects"][mage]["damage"] == 2 and state["damage_taken"]["player1"] == 6
    state, _ = referee.apply(state, "player1", {"type": "Adjust", "object": mage, "field": "damage", "value": 0})
    assert state["damage_taken"]["player1"] == 4 and state["damage_taken"]["player2"] == 0


def test_round_limit_is_shown_on_the_panel():
    """Ruling "Round limit": players see how many rounds there are ("round 1 of 30")."""
    state, _ = game({"mode": "apprentice"})
    view = SYSTEM.view(state, "player1")
    names = Names(view, {"player1": "Ann", "player2": "Bo"})
    assert "round 1 of 30" in panel_embed(view, names, match_id="m", image=None, mentions={}).title
    assert "ronda 1 de 30" in panel_embed(view, Names(view, {}, "es"), match_id="m", image=None, mentions={}).title
