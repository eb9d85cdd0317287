"""Issue 34: "Mage Wars: after a move, several boards in a row still showed the creature in its old zone". Over
seeded duels played to their end, after every step the board is drawn as the table draws it, and each creature's
drawn marker sits in the zone the last published move put it in (and the view says), also while the other
player's window after the move waits (the steps that showed the old zone)."""
from __future__ import annotations

import pytest

from bench.matches import whole_match
from render.kit.layout import recording
from render.magewars.arena import zone_box
from table.history import framed, frames
from table.presenter import find_presenter

MOVES = ("Moved", "Pushed", "Teleported")


@pytest.mark.parametrize("seed", [1, 2])
def test_every_board_draws_each_creature_where_its_last_move_put_it(seed):
    match, match_seed, log = whole_match("magewars", seed, max_actions=500)
    presenter = find_presenter("magewars")
    moved_to: dict[str, str] = {}
    checked = waiting = 0
    for n, scene, events, _entry in frames(match, match_seed, log, "en", framed(match, log)):
        for e in events:
            if e["type"] in MOVES and e.get("to"):
                moved_to[e["object"]] = e["to"]
        view = scene.view
        if view.get("phase") == "choosing":
            continue
        with recording() as layouts:
            presenter.board(scene, events)
        drawn = {d.what: d.box for layout in layouts for d in layout.of("piece")}
        for oid, obj in view["objects"].items():
            if oid not in drawn or not obj.get("zone"):
                continue
            x0, y0, x1, y1 = zone_box(view["size"], obj["zone"])
            box = drawn[oid]
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            assert x0 <= centre[0] <= x1 and y0 <= centre[1] <= y1, f"step {n}: {oid} drawn outside {obj['zone']}"
            if oid in moved_to:
                assert obj["zone"] == moved_to[oid], f"step {n}: {oid} shown in {obj['zone']}, moved to {moved_to[oid]}"
                checked += 1
                waiting += bool(view.get("pending"))
        for oid in list(moved_to):  # a later step may move it without a move event of its own (destroyed, ...)
            if oid not in view["objects"] or view["objects"][oid].get("zone") != moved_to[oid]:
                if not view.get("pending"):
                    moved_to.pop(oid)
    assert checked > 20 and waiting > 0
