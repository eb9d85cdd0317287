"""The rulebook's campaign example, the turn structure, and a check that the tests cite digest sections 4 to 15."""
from __future__ import annotations

import re
from pathlib import Path

from tests.engine.tambores.support import HUMAN, ORC, SYSTEM, combat_state, new, play
from tests.engine.tambores.test_replenishment_and_end import finish_battle


def test_campaign_example_aiden_borrunn_thugg_jayme_krangg():
    """Digest §15.3; seed 002 l.428: the human reveals Aiden (silver), the orc answers Borrunn (bronze); battle 2:
    the orc reveals first, Thugg (gold) rather than Krangg, the human chooses Jayme (gold); battle 3: the human
    picks Joanna or Rincemer (bronze), the orc must play Krangg (silver)."""
    seed = next(s for s in range(50) if new({"mode": "campaign"}, seed=s)["current"] == HUMAN)
    st = new({"mode": "campaign"}, seed=seed)
    st, _ = play(st, HUMAN, {"type": "ChooseHero", "hero": "aiden"})
    assert [a["hero"] for a in SYSTEM.legal_actions(st, ORC)] == ["thugg", "krangg", "borrunn"]
    st, _ = play(st, ORC, {"type": "ChooseHero", "hero": "borrunn"})
    st = finish_battle(st, ORC)
    assert st["current"] == ORC
    assert [a["hero"] for a in SYSTEM.legal_actions(st, ORC)] == ["thugg", "krangg"]
    st, _ = play(st, ORC, {"type": "ChooseHero", "hero": "thugg"})
    assert [a["hero"] for a in SYSTEM.legal_actions(st, HUMAN)] == ["joanna", "rincemer", "jayme"]
    st, _ = play(st, HUMAN, {"type": "ChooseHero", "hero": "jayme"})
    st = finish_battle(st, HUMAN)
    assert [a["hero"] for a in SYSTEM.legal_actions(st, HUMAN)] == ["joanna", "rincemer"]
    st, _ = play(st, HUMAN, {"type": "ChooseHero", "hero": "rincemer"})
    assert st["players"][ORC]["hero"] == "krangg"  # the colour left: no choice to make
    # Battle 1: Aiden (silver) beat Borrunn (bronze): 1 point; battle 2: Thugg (gold) beat Jayme (gold): 1 point.
    assert st["series"]["points"] == {HUMAN: 1, ORC: 1}


def test_turn_is_deployment_then_combat_then_replenishment_then_the_marker_flips():
    """Digest §9; seed 002 l.229-233: three phases, each resolved by both players; then the marker changes hands."""
    st = new({"heroes": {HUMAN: "joanna", ORC: "krangg"}})
    marker = st["marker"]
    phases = [st["phase"]]
    while st["turn"] == 1:
        seat = SYSTEM.view(st, None)["awaiting"][0]
        action = next((a for a in SYSTEM.legal_actions(st, seat) if a["type"] == "Pass"),
                      SYSTEM.legal_actions(st, seat)[0])
        st, _ = play(st, seat, action)
        if st["phase"] != phases[-1]:
            phases.append(st["phase"])
    assert phases == ["deployment", "replenishment", "deployment"]  # no unit on the board: combat has no choice
    assert st["marker"] != marker
    st = combat_state({1: "soldado"}, {2: "ballestero"}, marker=HUMAN)
    assert st["phase"] == "combat"


def test_every_digest_section_4_to_15_is_cited_by_a_test():
    """Each section of the rules digest from 4 to 15 is named in some test's docstring here."""
    text = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    cited = {int(n) for n in re.findall(r"§(\d+)", text)}
    assert set(range(4, 16)) <= cited
