"""The log lines and the panel of the front-line referee actions (``table/tambores/text.py``), in English and Spanish:
what was done, by whom and why, on the board's view (digest §6.2 attachments are public, §16 the front line is face
up)."""
from __future__ import annotations

import pytest

from engine.core.system import find_system
from table.presenter import Scene, find_presenter
from tests.engine.tambores.support import HUMAN, ORC, arrange, new, play

SYSTEM = find_system("tambores")
PRESENTER = find_presenter("tambores")
NAMES = {HUMAN: "alice", ORC: "bob"}
SHIELD = "escudo-triangular"


def lines(st, events, lang):
    scene = Scene(SYSTEM.view(st, None), NAMES, lang=lang, viewer=None, match_id="m1")
    return "\n".join(PRESENTER.event_lines(scene, events))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_front_line_referee_action_is_written_with_who_what_and_why(lang):
    st = new({"heroes": {HUMAN: "joanna", ORC: "krangg"}})
    arrange(st, HUMAN, slots={2: "soldado", 4: "alabardero"}, hand=["arquera", SHIELD])
    arrange(st, ORC, slots={3: "lancero"})
    steps = [
        (HUMAN, {"type": "PlaceCard", "card": "arquera", "source": "hand", "slot": 5, "reason": "R1"}, "Arquera"),
        (HUMAN, {"type": "PlaceCard", "card": SHIELD, "source": "hand", "slot": 2}, "Escudo Triangular"),
        (ORC, {"type": "ShiftCard", "seat": HUMAN, "slot": 2, "card": SHIELD, "to_seat": ORC, "to": 3}, "Lancero #3"),
        (HUMAN, {"type": "ShiftCard", "slot": 5, "to": 1}, "Arquera"),
        (HUMAN, {"type": "ShiftCard", "slot": 1, "to": 4, "swap": True}, "Alabardero"),
        (ORC, {"type": "LiftCard", "slot": 3, "target": "hand", "reason": "R2"}, "Lancero"),
    ]
    for seat, action, named in steps:
        st, events = play(st, seat, action)
        line = lines(st, events, lang)
        assert named in line and NAMES[seat] in line and "{" not in line, line
        assert action.get("reason", "") in line
    assert "discard" in line or "descartes" in line  # the lifted Lancero's shield went to the discard pile
    panel = PRESENTER.panel(Scene(SYSTEM.view(st, None), NAMES, lang=lang, viewer=None, match_id="m1"), {}, None)
    assert "Arquera" in str(panel) and "Lancero" not in str(panel)
