"""Objectives placed by the players (§26.1; seed 003 l.1344-1352; issue 32 deliverable 4): alternately from an
opposed roll's winner, each more than 9" from the others and more than 3" from the edges (the map's rules; not in
impassable terrain, a ruling), five on 4'x3', three on 3'x2', none in Annihilation."""
from __future__ import annotations

import math
import random

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.dragonbond import battlefield
from tests.engine.dragonbond.support import SEATS, SYSTEM

LUCY, JASON = SEATS


def to_objectives(seed: int = 3, scenario: str = "pitched_battle", **options) -> dict:
    """An in-match set-up brought to its objectives step (scenario, size, forces chosen)."""
    rng = SeededRng(seed.to_bytes(32, "big"))
    st = SYSTEM.setup({"scenario": scenario, **options}, SEATS, rng)
    pick = random.Random(seed)
    while st["phase"] == "setup" and st["setup"]["step"] != "objectives":
        seat = SYSTEM.view(st, None)["awaiting"][0]
        st, _ = SYSTEM.apply(st, seat, pick.choice(SYSTEM.legal_actions(st, seat)), rng)
    return st


def test_players_alternate_placing_five_objectives_from_the_roll_winner():
    """Seed 003 l.1346-1350: 5 objective tokens on 4'x3', placed in turn starting with an opposed roll's winner;
    every placement keeps more than 9" between objectives and more than 3" from the edges."""
    st = to_objectives(size=100)
    assert st["setup"]["step"] == "objectives" and st["objectives"] == [] and st["field"]["objectives"] == []
    first = st["setup"]["objective_turn"]
    order, rng = [], SeededRng(bytes(32))
    while st["phase"] == "setup" and st["setup"]["step"] == "objectives":
        [seat] = SYSTEM.view(st, None)["awaiting"]
        order.append(seat)
        offered = SYSTEM.legal_actions(st, seat)
        assert offered and all(a["type"] == "PlaceObjective" for a in offered)
        st, events = SYSTEM.apply(st, seat, offered[len(offered) // 2], rng)
        assert any(e["type"] == "ObjectivePlaced" and e["seat"] == seat for e in events)
    other = next(s for s in SEATS if s != first)
    assert order == [first, other, first, other, first]
    pts = [(o["x"], o["y"]) for o in st["objectives"]]
    assert len(pts) == 5 and [list(p) for p in pts] == st["field"]["objectives"]
    for i, (x, y) in enumerate(pts):
        assert 3 < x < 45 and 3 < y < 33
        assert all(math.hypot(x - a, y - b) > 9 for a, b in pts[:i])


def test_an_objective_too_close_or_near_an_edge_is_refused():
    """Seed 003 l.1351-1352: "a más de 9\\" entre sí", "a más de 3\\" de las orillas": a typed spot that breaks
    either is refused and nothing changes."""
    st = to_objectives()
    seat = st["setup"]["objective_turn"]
    first = SYSTEM.legal_actions(st, seat)[0]
    st, _ = SYSTEM.apply(st, seat, first, SeededRng(bytes(32)))
    other = st["setup"]["objective_turn"]
    x, y = first["to"]
    for spot in ([x + 9.0, y], [2.5, 18.0], [24.0, 34.0]):
        with pytest.raises(IllegalAction):
            SYSTEM.apply(st, other, {"type": "PlaceObjective", "to": spot}, SeededRng(bytes(32)))
    typed = [x + 9.5 if x + 9.5 < 45 else x - 9.5, y]
    after, _ = SYSTEM.apply(st, other, {"type": "PlaceObjective", "to": typed}, SeededRng(bytes(32)))
    assert [after["objectives"][-1]["x"], after["objectives"][-1]["y"]] == typed


def test_an_offered_spot_changed_is_refused():
    """An offered spot is placed exactly; the same shape at another point is not one offered."""
    st = to_objectives()
    seat = st["setup"]["objective_turn"]
    a = SYSTEM.legal_actions(st, seat)[0]
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, seat, {**a, "to": [a["to"][0] + 0.3, a["to"][1]]}, SeededRng(bytes(32)))


def test_objectives_are_not_placed_in_impassable_terrain():
    """Ruling (docs/rulings/dragonbond.md): no model could reach an objective inside impassable terrain, so none is
    offered or accepted there."""
    st = to_objectives()
    seat = st["setup"]["objective_turn"]
    table = battlefield.table_size(st["size"])
    walls = [t for t in battlefield.field_for(st["scenario"], st["size"]).terrain if t.has("impassable")]
    for a in SYSTEM.legal_actions(st, seat):
        assert battlefield.objective_problem([tuple(a["to"])], walls, table) is None


def test_random_placements_never_leave_the_players_without_a_spot():
    """Every offered spot leaves room for the objectives still to come: random placements always finish (three
    on the skirmish table, five on the standard one)."""
    for seed in range(6):
        for size in (50, 100):
            st = to_objectives(seed, size=size, forces={LUCY: "lucy", JASON: "jason"} if size == 50 else {})
            if st["phase"] != "setup" or st["setup"]["step"] != "objectives":
                continue
            pick = random.Random(seed)
            while st["setup"]["step"] == "objectives":
                seat = SYSTEM.view(st, None)["awaiting"][0]
                offered = SYSTEM.legal_actions(st, seat)
                assert offered
                st, _ = SYSTEM.apply(st, seat, pick.choice(offered), SeededRng(bytes(32)))
            assert len(st["objectives"]) == battlefield.table_size(st["size"]).objectives


def test_annihilation_places_no_objectives_and_options_keep_the_maps():
    """Seed 003 l.1433: Annihilation has no objectives; with ``setup: options`` (or ``objectives: map``) the
    layout's own objectives stand."""
    st = to_objectives(scenario="annihilation")
    assert not st.get("setup") or st["setup"]["step"] != "objectives"
    assert st["objectives"] == []
    st = SYSTEM.setup({"deployment": "auto"}, SEATS, SeededRng(bytes(32)))
    assert len(st["objectives"]) == battlefield.table_size(st["size"]).objectives
    with pytest.raises(Exception):
        SYSTEM.setup({"objectives": "nowhere"}, SEATS, SeededRng(bytes(32)))
