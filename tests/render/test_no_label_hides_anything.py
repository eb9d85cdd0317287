"""No label hides another label or a piece, on any game's board (issue 34 item 1): over seeded random positions of
every game, and crowded ones built on purpose (Dragonbond units in contact, Mage Wars zones with many attachments,
four-player Underworlds), every label's and piece's box is read from the board's layout (render/kit/layout.py, as
drawn) and no label's box overlaps another label's or a piece's (a piece's own label may sit on it: a unit's code
in its disc; pieces may touch pieces: units in contact)."""
from __future__ import annotations

import copy
import math
import re

import pytest

from render.kit.layout import intersects, recording
from table.games import load_games
from table.presenter import Scene, find_presenter
from tests.support.positions import GAMES, PLAYERS, names_for, play, seats_of

load_games()


def boards(game: str, view, events, names):
    with recording() as layouts:
        png = find_presenter(game).board(Scene(view, names), events)
    return png, [layout for layout in layouts if not layout.game.endswith("/result")]


def overlaps(layouts) -> list[str]:
    return [f"{a.kind} {a.what} {a.text!r} {a.box} over {b.kind} {b.what} {b.text!r} {b.box}"
            for layout in layouts for a, b in layout.overlaps()]


CASES = [(game, players, seed) for game in GAMES for players in PLAYERS[game] for seed in (11, 12)]


@pytest.mark.parametrize("game,players,seed", CASES)
def test_no_label_covers_a_label_or_a_piece_in_random_positions(game, players, seed):
    names = names_for(seats_of(game, players))
    drawn = labels = 0
    for view, events, _ in play(game, seed, players=players, steps=240, every=6):
        png, layouts = boards(game, view, events, names)
        if png is None:
            continue
        assert layouts, "the board records its layout"
        assert overlaps(layouts) == []
        drawn += 1
        labels += sum(len(layout.of("label")) for layout in layouts)
    assert drawn >= 3 and labels > 0


def _battle_view(game: str, seed: int = 11, after: int = 30):
    for i, (view, events, _) in enumerate(play(game, seed, steps=400, every=1)):
        if i >= after and view.get("phase") == "battle":
            return copy.deepcopy(view), events
    raise AssertionError("no battle position")


def test_dragonbond_units_in_contact_name_each_other_without_covering():
    """Digest §4.1: units in base contact. Every unit of both sides packed in a ring round the middle, touching."""
    view, _ = _battle_view("dragonbond")
    units = [u for u in view["units"] if u.get("where") == "battlefield" or u.get("x") is not None]
    cx, cy = view["field"]["width"] / 2, view["field"]["height"] / 2
    for i, u in enumerate(units):
        u.update(where="battlefield")
        angle = 2 * math.pi * i / len(units)
        reach = float(u.get("radius", 1)) + 1.2
        u["x"], u["y"] = cx + reach * math.cos(angle) * (1 + i % 2), cy + reach * math.sin(angle) * (1 + i % 2)
        u["engaged_with"] = [units[(i + 1) % len(units)]["code"]]
        u["fatigue"], u["states"] = 2, {"poison": 1, "slowed": 1}
    names = names_for(seats_of("dragonbond", 2))
    _, layouts = boards("dragonbond", view, [], names)
    assert overlaps(layouts) == []
    named = [d for layout in layouts for d in layout.of("label", "text")]
    for u in units:  # every unit is named: beside it, or by number in the key
        assert any(u["name"][:12] in d.text for d in named) or any(d.what == u["id"] for d in named), u["name"]


def test_mage_wars_zone_with_many_attachments_hides_nothing():
    """Digest §2.1: many objects in one zone, each with spells attached (long names), and the zone's own."""
    view, _ = next(((v, e) for i, (v, e, _) in enumerate(play("magewars", 11, steps=200, every=1)) if i == 60))
    view = copy.deepcopy(view)
    mage = view["objects"][view["mages"][view["seats"][0]]]
    zone = mage["zone"]
    order = 900
    long_names = ["Staff of the Arcanum", "Suppression Cloak", "Regrowth Belt", "Dragonscale Hauberk",
                  "Marked for Death", "Ghoul Rot", "Bear Strength", "Rhino Hide", "Divine Protection"]
    for k in range(6):
        oid = f"c{k}"
        view["objects"][oid] = dict(mage, id=oid, card=f"Timber Wolf {k}", kind="creature", zone=zone, order=order,
                                    mage=None, mana=0, damage=k, conditions={"Burn": 1} if k % 2 else {},
                                    controller=view["seats"][k % 2], owner=view["seats"][k % 2])
        order += 1
        for j in range(3):
            aid = f"a{k}{j}"
            view["objects"][aid] = {"id": aid, "card": long_names[(k + j) % len(long_names)],
                                    "kind": "enchantment" if j else "equipment", "attached_to": oid,
                                    "order": order, "face_down": j == 2, "controller": view["seats"][0],
                                    "owner": view["seats"][0]}
            order += 1
    view["objects"]["z1"] = {"id": "z1", "card": "Mind Shield", "kind": "enchantment", "attached_zone": zone,
                             "order": order, "controller": view["seats"][1], "owner": view["seats"][1]}
    names = names_for(seats_of("magewars", 2))
    events = [{"type": "AttackRolled", "attacker": "c1", "defender": "c0"},
              {"type": "DamageDealt", "object": "c0", "amount": 2}]
    _, layouts = boards("magewars", view, events, names)
    assert overlaps(layouts) == []
    said = [d.text for layout in layouts for d in layout.items]
    assert "Staff of the Arcanum" in " ".join(said) and "2 dmg" in said  # whole names; the damage beside its target
    from render.magewars.arena import zone_box

    for d in (d for layout in layouts for d in layout.of("label")):  # a tag in another zone would read as its
        o = view["objects"].get(d.what, {})
        host = view["objects"].get(o.get("attached_to"), o)
        zone = host.get("zone") or o.get("attached_zone") or (d.what if re.fullmatch("[A-Z][0-9]", d.what) else None)
        if zone:
            x0, y0, x1, y1 = zone_box(view["size"], zone)
            assert x0 <= d.box[0] and y0 <= d.box[1] and d.box[2] <= x1 and d.box[3] <= y1, (d, zone)


@pytest.mark.parametrize("seed", (21, 22, 23))
def test_four_player_underworlds_hides_nothing(seed):
    names = names_for(seats_of("underworlds", 4))
    drawn = 0
    for view, events, _ in play("underworlds", seed, players=4, steps=300, every=4):
        png, layouts = boards("underworlds", view, events, names)
        if png is None:
            continue
        assert overlaps(layouts) == []
        drawn += 1
    assert drawn > 10


@pytest.mark.parametrize("count", range(1, 10))
def test_mage_wars_badges_cover_no_code_and_what_finds_no_room_goes_to_the_key(count):
    """Digest §2.1 (any number of objects in a zone): a marker's badges (damage, mana, action marker, guard) never
    cover its code, a neighbour or another badge; a marker whose badges find no room in its zone has what they say
    in the key, by number, with its tags."""
    view, _ = next(((v, e) for i, (v, e, _) in enumerate(play("magewars", 11, steps=200, every=1)) if i == 60))
    view = copy.deepcopy(view)
    mage = view["objects"][view["mages"][view["seats"][0]]]
    mage.update(damage=5, guard=True)
    for k in range(count):
        view["objects"][f"c{k}"] = dict(mage, id=f"c{k}", card=f"Timber Wolf {k}", kind="creature", order=900 + k,
                                        mage=None, mana=k % 3, damage=k + 1, guard=bool(k % 2), ready=k % 3 == 0,
                                        controller=view["seats"][k % 2], owner=view["seats"][k % 2])
    _, layouts = boards("magewars", view, [], names_for(seats_of("magewars", 2)))
    assert overlaps(layouts) == []
    from render.magewars.arena import labels

    marks, layout = labels(view), layouts[0]
    keyed = " ".join(d.text for d in layout.items if d.what == "key")
    for oid in [mage["id"], *(f"c{k}" for k in range(count))]:
        badges = [d.text for d in layout.of("badge") if d.what == oid]
        damage = str(view["objects"][oid]["damage"])
        assert damage in badges or f"{marks[oid]}: {damage} damage" in keyed, (oid, badges, keyed)


def test_a_badge_over_its_own_code_is_an_overlap():
    from render.kit.layout import Layout

    layout = Layout("x")
    layout.add("piece", (0, 0, 60, 60), "", "o1")
    layout.add("label", (10, 20, 50, 40), "TW2", "o1")
    layout.add("badge", (40, -10, 70, 25), "3", "o1")
    layout.add("badge", (-10, -10, 15, 15), "1", "o1")
    assert [(a.text, b.text) for a, b in layout.overlaps()] == [("TW2", "3")]


def test_the_overlap_check_sees_an_overlap():
    from render.kit.layout import Layout

    layout = Layout("x")
    layout.add("piece", (0, 0, 10, 10), "A1", "u1")
    layout.add("label", (5, 5, 20, 12), "name", "u2")
    layout.add("label", (0, 0, 4, 4), "own", "u1")
    assert [(a.text, b.text) for a, b in layout.overlaps()] == [("name", "A1")]
    assert intersects((0, 0, 10, 10), (10, 0, 20, 10)) is False  # touching is not covering
