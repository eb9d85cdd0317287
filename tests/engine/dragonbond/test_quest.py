"""Dragonbond, The Quest (La Búsqueda, §26.2; seed 003 l.1436-1466): treasures taken by touching them, carried,
dropped and brought home."""
from __future__ import annotations

from engine.core.rng import SeededRng
from engine.dragonbond import turns
from engine.dragonbond.combat import destroy
from tests.engine.dragonbond.support import SEATS, SYSTEM, Script, by_card, ctx

LUCY, JASON = SEATS
BLACK_DOUBLE_CRIT, BLACK_HIT = 9, 4


def quest() -> dict:
    st = SYSTEM.setup({"deployment": "auto", "scenario": "quest"}, SEATS, SeededRng(bytes(32)))
    st["active"] = LUCY
    return st


def enter(st: dict, u: dict, x: float, y: float) -> None:
    u.update(where="battlefield", x=x, y=y)


def test_quest_units_start_in_reserve_and_treasures_are_the_objectives():
    """Digest §26.2; seed 003 l.1440-1444: objectives placed as in a Pitched Battle, called treasures; no
    deployment, every unit in reserve."""
    st = quest()
    assert st["phase"] == "battle" and st["objectives"]
    assert all(u["where"] in ("reserve", "mounted", "commanding") for u in st["units"].values())


def test_touching_a_treasure_ends_the_move_and_a_critical_finds_a_major_one():
    """Digest §26.2; seed 003 l.1448: a moving unit touching a treasure stops; 1 black attack die: a critical
    is a major treasure, anything else a minor one; the treasure goes on the unit."""
    st = quest()
    u = by_card(st, "esgrimistas-oniricos")
    t = st["objectives"][0]
    enter(st, u, t["x"] - 5, t["y"])
    enter(st, by_card(st, "eldai-alarn"), 2, st["field"]["height"] - 2)
    new, events = SYSTEM.apply(st, LUCY, {"type": "March", "unit": u["id"], "to": [t["x"] + 2, t["y"]]},
                               Script(BLACK_DOUBLE_CRIT))
    moved = new["units"][u["id"]]
    assert abs(moved["x"] - (t["x"] - u["radius"])) < 0.02 and moved["y"] == t["y"]
    found = next(e for e in events if e["type"] == "TreasureFound")
    assert found["treasure"] == "major" and moved["treasures"] == ["major"]
    assert t["n"] not in [o["n"] for o in new["objectives"]] and len(new["field"]["objectives"]) == len(
        st["objectives"]) - 1
    _, events = SYSTEM.apply(st, LUCY, {"type": "March", "unit": u["id"], "to": [t["x"] + 2, t["y"]]},
                             Script(BLACK_HIT))
    assert next(e for e in events if e["type"] == "TreasureFound")["treasure"] == "minor"


def test_dropped_treasure_keeps_its_kind_and_is_picked_up_by_moving_over_it():
    """Digest §26.2; seed 003 l.1452: a defeated carrier drops its treasures where it was; other units pick
    them up by moving over them, no new roll (the kind is kept)."""
    st = quest()
    carrier, other = by_card(st, "garras-sangrientas"), by_card(st, "esgrimistas-oniricos")
    enter(st, carrier, 30, 20)
    enter(st, other, 22, 20)
    enter(st, by_card(st, "eldai-alarn"), 2, st["field"]["height"] - 2)
    carrier["treasures"] = ["major"]
    c = ctx(st)
    destroy(c, carrier["id"], by=None, kind="ranged")
    dropped = [o for o in st["objectives"] if o.get("treasure") == "major"]
    assert dropped and (dropped[0]["x"], dropped[0]["y"]) == (30, 20)
    new, events = SYSTEM.apply(st, LUCY, {"type": "March", "unit": other["id"], "to": [29, 20]}, Script())
    assert new["units"][other["id"]]["treasures"] == ["major"]
    assert next(e for e in events if e["type"] == "TreasureFound")["roll"] is None


def test_carrier_marching_into_its_own_edge_scores_20_per_major_10_per_minor():
    """Digest §26.2; seed 003 l.1456: every model of a carrying unit marching into contact with its own table
    edge: the unit is removed and scores 20 VP per major and 10 per minor treasure at once."""
    st = quest()
    u = by_card(st, "esgrimistas-oniricos")
    enter(st, u, 20, 5)
    enter(st, by_card(st, "eldai-alarn"), 2, st["field"]["height"] - 2)
    enter(st, by_card(st, "cazadores-del-fai"), 40, 10)
    u["treasures"] = ["major", "minor"]
    home = [a for a in SYSTEM.legal_actions(st, LUCY) if a.get("dest") == "db.move.dest.home_edge"]
    assert home and home[0]["unit"] == u["id"]
    new, events = SYSTEM.apply(st, LUCY, home[0], Script())
    assert new["units"][u["id"]]["where"] == "home" and new["vp"][LUCY] == 30
    assert {"type": "TreasureScored", "unit": u["id"], "treasures": ["major", "minor"], "vp": 30} in events


def test_quest_victory_is_the_most_vp():
    """Digest §26.2; seed 003 l.1460: at the end the player with more VP wins, equal is a draw; a side left with
    no unit (all home) does not win by that."""
    st = quest()
    st["vp"] = {LUCY: 10, JASON: 20}
    for u in st["units"].values():
        if u["side"] == LUCY:
            u["where"] = "home"
    c = ctx(st)
    turns.check_game_end(c)
    assert st["outcome"]["winner"] == JASON and st["outcome"]["reason"] == "points"


def test_entering_unit_edge_chosen_by_the_opposed_roll_winner():
    """Digest §26.2, A28; seed 003 l.1444: reserve units may enter from round 1 and the winner of an opposed roll
    chooses the table edge that unit enters from (one roll per entering unit); its owner then marches in from
    that edge, and no other unit may be activated meanwhile."""
    st = quest()
    u = by_card(st, "esgrimistas-oniricos")
    assert {"type": "Enter", "unit": u["id"]} in SYSTEM.legal_actions(st, LUCY)
    assert not [a for a in SYSTEM.legal_actions(st, LUCY) if a["type"] == "March"]
    st, events = SYSTEM.apply(st, LUCY, {"type": "Enter", "unit": u["id"]}, SeededRng(b"q" * 32))
    roll = next(e for e in events if e["type"] == "OpposedRoll" and e["reason"] == "entry_edge" and e["winner"])
    assert SYSTEM.view(st, None)["awaiting"] == [roll["winner"]]
    assert [a["edge"] for a in SYSTEM.legal_actions(st, roll["winner"])] == ["south", "north", "west", "east"]
    st, events = SYSTEM.apply(st, roll["winner"], {"type": "ChooseEntryEdge", "edge": "east"}, Script())
    assert {"type": "EntryEdgeChosen", "seat": roll["winner"], "unit": u["id"], "edge": "east"} in events
    offered = SYSTEM.legal_actions(st, LUCY)
    assert offered and {a["unit"] for a in offered} == {u["id"]}
    assert all(a["type"] == "March" and a["from"][0] == st["field"]["width"] for a in offered)
    st, events = SYSTEM.apply(st, LUCY, offered[0], Script(*[4] * 10))
    entered = st["units"][u["id"]]
    assert entered["where"] == "battlefield" and "entry_edge" not in entered
    assert entered["x"] > st["field"]["width"] - 10
