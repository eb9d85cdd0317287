"""Referee actions on the front line (``engine/tambores/referee_line.py``): a card into play from a pile, out of play
to a pile, a unit to another slot, an attachment to another unit, for card text the pack does not model ("swap two
units", "return a unit to hand", "move equipment"). Each follows the digest's rules for slots (§4, §6.1, §10 Action
A) and attachments (§6.2), is logged with who and why, and keeps hidden cards hidden (§16)."""
from __future__ import annotations

import json

import pytest

from engine.core.errors import IllegalAction, InvalidInput
from tests.engine.tambores.support import HUMAN, ORC, arrange, new, play, slot_card

SHIELD = "escudo-triangular"


def battle():
    """Deployment of turn 1: the human has a Soldado in slot 2 and an Alabardero in slot 4, the orc a Lancero in
    slot 3; the human's hand holds an Arquera and a shield."""
    st = new({"heroes": {HUMAN: "joanna", ORC: "krangg"}})
    arrange(st, HUMAN, slots={2: "soldado", 4: "alabardero"}, hand=["arquera", SHIELD, SHIELD],
            discard=["caballero"])
    arrange(st, ORC, slots={3: "lancero"}, hand=["furor"])
    return st


def public(events):
    return json.dumps([e for e in events if not e.get("visible_to")], ensure_ascii=False)


def refused(st, seat, action, code):
    with pytest.raises((IllegalAction, InvalidInput)) as err:
        play(st, seat, action)
    assert err.value.code == code, err.value.code


def test_a_unit_placed_from_the_hand_goes_into_an_empty_slot_and_is_revealed():
    """Digest §6.1 and §10 Action A step 3 (a unit is placed in an empty slot of your own front line, 1-5) and §16
    (the front line is face up): placing a card of the hand reveals it, as deploying it would; logged with who and
    why, by a player not awaited."""
    st = battle()
    st, events = play(st, HUMAN, {"type": "PlaceCard", "card": "arquera", "source": "hand", "slot": "5",
                                  "reason": "Llamada a filas"})
    assert slot_card(st, HUMAN, 5) == "arquera" and st["players"][HUMAN]["slots"][4]["wounds"] == 0
    assert not any(c.startswith("arquera#") for c in st["players"][HUMAN]["hand"])
    action, placed = events[0], events[1]
    assert action["type"] == "RefereeAction" and action["by"] == HUMAN and action["reason"] == "Llamada a filas"
    assert action["action"]["type"] == "PlaceCard" and action["action"]["slot"] == 5
    assert action["action"]["what"] == "unit" and action["action"]["name"] == "Arquera"
    assert placed["type"] == "UnitPlaced" and placed["source"] == "hand"
    refused(st, HUMAN, {"type": "PlaceCard", "card": "caballero", "source": "discard", "slot": 2},
            "tambores.referee.slot_taken")
    refused(st, HUMAN, {"type": "PlaceCard", "card": "caballero", "source": "discard", "slot": 6},
            "tambores.referee.bad_slot")
    refused(st, ORC, {"type": "PlaceCard", "seat": HUMAN, "card": SHIELD, "source": "hand", "slot": 2},
            "tambores.referee.hidden_pile")


def test_a_unit_lifted_to_the_hand_takes_its_wounds_off_and_its_attachments_go_to_the_discard_pile():
    """Digest §6.2 (attachments follow their unit out of play to the discard pile, as when it is annihilated) and §16
    (a hand is secret): the lifted unit was face up, so the log names it; in the hand it is hidden again from the
    other seat's view."""
    st = battle()
    st["players"][ORC]["slots"][2]["wounds"] = 1
    st["players"][ORC]["slots"][2]["attached"] = ["escudo-triangular#1.t9"]  # the human's shield, moved there
    st, events = play(st, HUMAN, {"type": "LiftCard", "seat": ORC, "slot": 3, "target": "hand",
                                  "reason": "Retirada"})
    assert st["players"][ORC]["slots"][2] is None
    assert st["players"][ORC]["hand"][0].startswith("lancero#")
    assert st["players"][HUMAN]["discard"][0] == "escudo-triangular#1.t9"  # to its owner's discard pile
    [lifted] = [e for e in events if e["type"] == "UnitLifted"]
    assert lifted["name"] == "Lancero" and lifted["target"] == "hand" and lifted["attached"] == [SHIELD]
    from tests.engine.tambores.support import SYSTEM
    assert SYSTEM.view(st, HUMAN)["players"][ORC]["hand"] is None
    refused(st, HUMAN, {"type": "LiftCard", "seat": ORC, "slot": 3, "target": "hand"},
            "tambores.referee.no_carrier")


def test_a_unit_moves_to_an_empty_slot_or_swaps_with_the_one_there():
    """Digest §4 (5 slots numbered 1 to 5; a slot holds one unit, §10 Action A [inferred]): a unit moved keeps its
    wounds and attachments; a taken slot refuses the move unless swapping is asked."""
    st = battle()
    st["players"][HUMAN]["slots"][1]["wounds"] = 1
    st, events = play(st, HUMAN, {"type": "ShiftCard", "slot": 2, "to": 1})
    assert slot_card(st, HUMAN, 1) == "soldado" and slot_card(st, HUMAN, 2) is None
    assert st["players"][HUMAN]["slots"][0]["wounds"] == 1
    refused(st, HUMAN, {"type": "ShiftCard", "slot": 1, "to": 4}, "tambores.referee.slot_taken_swap")
    st, events = play(st, ORC, {"type": "ShiftCard", "seat": HUMAN, "slot": 1, "to": 4, "swap": True,
                                "reason": "Intercambio"})
    assert slot_card(st, HUMAN, 4) == "soldado" and slot_card(st, HUMAN, 1) == "alabardero"
    [shifted] = [e for e in events if e["type"] == "UnitShifted"]
    assert shifted["swapped"]["name"] == "Alabardero" and events[0]["by"] == ORC
    refused(st, HUMAN, {"type": "ShiftCard", "slot": 4, "to": 4}, "tambores.referee.same_slot")


def test_equipment_goes_only_under_a_unit_that_may_carry_it():
    """Digest §6.2: equipment is tucked under one unit; a unit cannot carry two cards of the same name; heroes cannot
    be equipped. Placing it from the hand reveals it; moving it to another unit, of either side, keeps it in play;
    lifting it puts it on its owner's pile."""
    st = battle()
    st, events = play(st, HUMAN, {"type": "PlaceCard", "card": SHIELD, "source": "hand", "slot": 2})
    assert [a.split("#")[0] for a in st["players"][HUMAN]["slots"][1]["attached"]] == [SHIELD]
    assert events[0]["action"]["what"] == "attachment" and "Escudo Triangular" in public(events)
    refused(st, HUMAN, {"type": "PlaceCard", "card": SHIELD, "source": "hand", "slot": 2},
            "tambores.referee.same_name")
    refused(st, HUMAN, {"type": "PlaceCard", "card": SHIELD, "source": "hand", "slot": 1},
            "tambores.referee.no_carrier")
    refused(st, HUMAN, {"type": "PlaceCard", "card": SHIELD, "source": "hand", "slot": "hero"},
            "tambores.referee.hero_unequipped")
    st, events = play(st, HUMAN, {"type": "ShiftCard", "slot": 2, "card": SHIELD, "to_seat": ORC, "to": 3,
                                  "reason": "Robo de equipo"})
    assert st["players"][HUMAN]["slots"][1]["attached"] == []
    assert st["players"][ORC]["slots"][2]["attached"][0].startswith(SHIELD)
    [shifted] = [e for e in events if e["type"] == "AttachmentShifted"]
    assert (shifted["to_seat"], shifted["to"]) == (ORC, 3)
    refused(st, HUMAN, {"type": "ShiftCard", "slot": 2, "card": SHIELD, "to": 4}, "tambores.referee.not_on_unit")
    st, events = play(st, ORC, {"type": "LiftCard", "slot": 3, "card": SHIELD, "target": "discard"})
    assert slot_card(st, ORC, 3) == "lancero" and st["players"][ORC]["slots"][2]["attached"] == []
    assert st["players"][HUMAN]["discard"][0].startswith(SHIELD)


def test_an_equipment_card_that_is_not_attached_is_refused_with_what_to_do_instead():
    """Digest §6.2 ("unless the card says otherwise, the card is tucked under one unit"): a card that says
    otherwise (``attached: false``) moves between piles, not under a unit."""
    st = battle()
    st["catalogue"]["equipment"][SHIELD]["attached"] = False
    refused(st, HUMAN, {"type": "PlaceCard", "card": SHIELD, "source": "hand", "slot": 2},
            "tambores.referee.not_attachable")


def test_units_keep_their_slots_during_combat():
    """Digest §11.3-§11.4 (declarations, strikes and impacts name slots): a unit is not placed, lifted or moved
    during combat; its attachments may still move."""
    st = battle()
    st["step"] = "declare"
    refused(st, HUMAN, {"type": "ShiftCard", "slot": 2, "to": 1}, "tambores.referee.unit_in_combat")
    refused(st, HUMAN, {"type": "LiftCard", "slot": 2, "target": "hand"}, "tambores.referee.unit_in_combat")
    refused(st, HUMAN, {"type": "PlaceCard", "card": "arquera", "source": "hand", "slot": 5},
            "tambores.referee.unit_in_combat")
