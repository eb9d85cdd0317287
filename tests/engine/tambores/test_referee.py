"""Referee actions (``engine/tambores/referee.py``): card text the pack leaves as text is settled by the players,
logged, either player, any time of a battle; a hidden card moved stays hidden from the other seat (digest §16, §17)."""
from __future__ import annotations

import json

import pytest

from engine.core.errors import IllegalAction
from tests.engine.tambores.support import HUMAN, ORC, SYSTEM, arrange, new, play


def battle():
    st = new({"heroes": {HUMAN: "joanna", ORC: "krangg"}})
    arrange(st, HUMAN, slots={2: "soldado"}, hand=["arquera", "soldado"], discard=["alabardero"])
    return st


def test_either_player_adjusts_wounds_on_a_unit_or_hero_out_of_turn_and_it_is_logged():
    """Digest §11.2 (wounds stay on the card; a unit with wounds ≥ life is annihilated to the discard pile) and
    §14 (a hero with wounds ≥ life is defeated): a referee action, by a player not awaited, logged with its reason."""
    st = battle()
    idle = next(s for s in (HUMAN, ORC) if s not in SYSTEM.view(st, None)["awaiting"])
    st, events = play(st, idle, {"type": "AdjustWounds", "seat": HUMAN, "on": 2, "delta": 1, "reason": "Arrows"})
    assert events[0] == {"type": "RefereeAction", "by": idle, "action": {"type": "AdjustWounds", "seat": HUMAN,
                                                                         "on": 2, "delta": 1}, "reason": "Arrows"}
    life = st["catalogue"]["units"]["soldado"]["life"]
    if life == 1:
        assert st["players"][HUMAN]["slots"][1] is None and any(e["type"] == "UnitAnnihilated" for e in events)
        assert st["players"][HUMAN]["discard"][0].startswith("soldado#")
    st, events = play(st, ORC, {"type": "AdjustWounds", "seat": ORC, "on": "hero", "delta": 7})
    assert st["result"] == {"winner": HUMAN, "reason": "hero_defeated"} and st["step"] == "over"


def test_a_hidden_card_moved_by_the_referee_stays_hidden_from_the_other_seat():
    """Digest §16 (a hand and the removed pile are secret): moving a card from the hand to the removed pile names it
    only in an event for its owner; the public events give the piles and a count."""
    st = battle()
    st, events = play(st, HUMAN, {"type": "MoveCard", "seat": HUMAN, "card": "arquera", "source": "hand",
                                  "target": "removed"})
    public = [e for e in events if not e.get("visible_to")]
    assert "arquera" not in json.dumps(public) and st["players"][HUMAN]["removed"][0].startswith("arquera#")
    [private] = [e for e in events if e.get("visible_to")]
    assert private["visible_to"] == [HUMAN] and private["card"] == "arquera"
    with pytest.raises(IllegalAction) as err:  # the other seat may not reach into a hidden pile
        play(st, ORC, {"type": "MoveCard", "seat": HUMAN, "card": "soldado", "source": "hand", "target": "discard"})
    assert err.value.code == "tambores.referee.hidden_pile"


def test_a_card_moved_face_up_is_named_and_a_note_is_logged():
    """Digest §16 (the discard pile is face up): a card from the discard pile to the hand is named in public."""
    st = battle()
    st, events = play(st, HUMAN, {"type": "MoveCard", "card": "alabardero", "source": "discard", "target": "hand"})
    assert any(e["type"] == "CardsMoved" and e.get("cards") == ["alabardero"] for e in events)
    st, events = play(st, ORC, {"type": "RefereeNote", "text": "Escudo Triangular: +1 defence agreed"})
    assert events == [{"type": "RefereeAction", "by": ORC, "action": {"type": "RefereeNote",
                                                                     "text": "Escudo Triangular: +1 defence agreed"},
                       "reason": None}]


def test_referee_actions_wait_for_the_battle():
    """The setup choices are not a battle: nothing to settle yet."""
    with pytest.raises(IllegalAction) as err:
        play(new({}), HUMAN, {"type": "RefereeNote", "text": "too early"})
    assert err.value.code == "tambores.referee.not_now"
