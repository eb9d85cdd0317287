"""Dragonbond pre-game choices in the match (§25, §26; seed 003 l.1258-1410): what ``/match new`` leaves open
the players choose through ``legal_actions``; options that fix a choice skip its step."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.dragonbond.setup import training_document
from tests.engine.dragonbond.support import SEATS, SYSTEM

LUCY, JASON = SEATS


def new_match(seed: int = 3, **options) -> dict:
    """As the table opens one: only the pack."""
    return SYSTEM.setup({"pack": training_document(), **options}, SEATS, SeededRng(seed.to_bytes(32, "big")))


def do(state: dict, seat: str, action: dict) -> tuple[dict, list]:
    assert action in SYSTEM.legal_actions(state, seat), (action, SYSTEM.legal_actions(state, seat))
    return SYSTEM.apply(state, seat, action, SeededRng(b"x" * 32))


def chooser(state: dict) -> str:
    return SYSTEM.view(state, None)["awaiting"][0]


def through_forces(seed: int = 3) -> dict:
    st = new_match(seed)
    st, _ = do(st, chooser(st), {"type": "ChooseScenario", "scenario": "pitched_battle", "monsters": []})
    st, _ = do(st, chooser(st), {"type": "ChooseSize", "size": 50})
    st, _ = do(st, LUCY, {"type": "ChooseForce", "force": "lucy"})
    st, _ = do(st, JASON, {"type": "ChooseForce", "force": "jason"})
    while st["setup"]["step"] == "objectives":      # objectives.py, test_objectives.py
        seat = st["setup"]["objective_turn"]
        st, _ = do(st, seat, SYSTEM.legal_actions(st, seat)[0])
    return st


def test_scenario_chosen_by_the_opposed_roll_winner():
    """Digest §25.3 step 2; seed 003 l.1340: "el jugador de una tirada enfrentada elige el escenario"."""
    st = new_match()
    assert st["phase"] == "setup" and st["setup"]["step"] == "scenario"
    roll = next(e for e in st["last"] if e["type"] == "OpposedRoll" and e["winner"])
    assert SYSTEM.view(st, None)["awaiting"] == [roll["winner"]]
    loser = next(s for s in SEATS if s != roll["winner"])
    assert SYSTEM.legal_actions(st, loser) == []
    offered = {a["scenario"] for a in SYSTEM.legal_actions(st, roll["winner"])}
    assert offered == {"pitched_battle", "conquest", "annihilation", "quest"}
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, loser, {"type": "ChooseScenario", "scenario": "conquest"}, SeededRng(b"x" * 32))
    st2, events = do(st, roll["winner"], {"type": "ChooseScenario", "scenario": "conquest", "monsters": []})
    assert st2["scenario"] == "conquest" and {"type": "ScenarioChosen", "seat": roll["winner"],
                                               "scenario": "conquest", "monsters": []} in events


def test_game_size_skirmish_standard_full_army():
    """Digest §25.1; seed 003 l.1262-1266: 50, 100 or 150 points."""
    st = new_match()
    st, _ = do(st, chooser(st), {"type": "ChooseScenario", "scenario": "pitched_battle", "monsters": []})
    assert st["setup"]["step"] == "size"
    assert [a["size"] for a in SYSTEM.legal_actions(st, chooser(st))] == [50, 100, 150]
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, chooser(st), {"type": "ChooseSize", "size": 75}, SeededRng(b"x" * 32))
    st, _ = do(st, chooser(st), {"type": "ChooseSize", "size": 100})
    assert st["size"] == 100 and st["setup"]["step"] == "forces"


def test_force_lists_chosen_secretly_and_at_the_same_time():
    """Digest §25.2; seed 003 l.1268-1296: each player brings a written list; the choice is told only to its
    chooser until both have chosen (``visible_to``)."""
    st = new_match()
    st, _ = do(st, chooser(st), {"type": "ChooseScenario", "scenario": "pitched_battle", "monsters": []})
    st, _ = do(st, chooser(st), {"type": "ChooseSize", "size": 50})
    assert sorted(SYSTEM.view(st, None)["awaiting"]) == sorted(SEATS)
    assert {a["force"] for a in SYSTEM.legal_actions(st, JASON)} == {"lucy", "jason"}
    st, events = do(st, JASON, {"type": "ChooseForce", "force": "lucy"})
    assert {"type": "ForceChosen", "seat": JASON} in events
    private = next(e for e in events if e["type"] == "ForceChosenPrivately")
    assert private["visible_to"] == [JASON] and private["force"] == "lucy"
    assert SYSTEM.view(st, LUCY)["setup"]["forces"][JASON] is None
    assert SYSTEM.view(st, JASON)["setup"]["forces"][JASON] == "lucy"
    assert SYSTEM.view(st, None)["awaiting"] == [LUCY] and SYSTEM.legal_actions(st, JASON) == []
    st, events = do(st, LUCY, {"type": "ChooseForce", "force": "jason"})
    assert {"type": "ForcesRevealed", "forces": {LUCY: "jason", JASON: "lucy"}} in events
    assert st["forces"] == {LUCY: "jason", JASON: "lucy"}
    assert {u["side"] for u in st["units"].values() if u["card"] == "eldai-alarn"} == {LUCY}


def test_deployment_roll_winner_chooses_the_table_edge_and_deploys_first():
    """Digest §25.5, §25.6; seed 003 l.1376 (the roll's winner chooses one long edge, the opponent takes the
    other) and l.1390 (deploying starts with that winner)."""
    st = through_forces()
    assert st["setup"]["step"] == "edge"
    winner = st["setup"]["edge_chooser"]
    other = next(s for s in SEATS if s != winner)
    assert [a["edge"] for a in SYSTEM.legal_actions(st, winner)] == ["south", "north"]
    st, events = do(st, winner, {"type": "ChooseEdge", "edge": "north"})
    assert st["edges"] == {winner: "north", other: "south"}
    zone_y = {s: [p[1] for p in z] for s, z in st["field"]["zones"].items()}
    assert max(zone_y[winner]) == st["field"]["height"] and min(zone_y[other]) == 0
    assert st["phase"] == "deploy" and st["deploy"]["turn"] == winner
    spots = [a for a in SYSTEM.legal_actions(st, winner) if a["type"] == "Deploy"]
    assert spots and all(a["to"][1] > st["field"]["height"] / 2 for a in spots)


def test_options_fix_the_choices():
    """Digest §25 (the table's own options or a test's): scenario, size and forces given skip their steps."""
    st = new_match(scenario="annihilation", size=50, forces={LUCY: "lucy", JASON: "jason"})
    assert st["setup"]["step"] == "edge" and st["scenario"] == "annihilation" and st["units"]
    quick = new_match(deployment="auto")
    assert quick["phase"] == "battle" and quick["scenario"] == "pitched_battle"


def test_a_force_with_an_unknown_value_is_not_offered():
    """Digest §28; brief: a value the match needs marked ``unknown`` keeps that force out of the choice."""
    doc = training_document()
    doc["entries"]["units"][1]["speed"] = "unknown"      # Cazadores del Fai, in Lucy's force
    st = SYSTEM.setup({"pack": doc, "scenario": "pitched_battle", "size": 50}, SEATS, SeededRng(bytes(32)))
    assert [a["force"] for a in SYSTEM.legal_actions(st, LUCY)] == ["jason"]


def test_setup_state_is_json_and_hides_nothing_else():
    """Brief: states, actions and events are JSON-ready; the view carries no pack document."""
    import json
    st = new_match()
    assert json.loads(json.dumps(st)) == st
    v = SYSTEM.view(st, LUCY)
    assert "pack" not in json.dumps(v["setup"]) and v["units"] == []
