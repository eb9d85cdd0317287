"""The Mage Wars arena image (render/magewars/arena.py), checked on its pixels: markers stand in the zones the
view says (digest §2.1: the arena is a grid of zones, A1 at a corner), a wall is drawn on the border it stands on
(digest §9.6: walls stand between two zones), face-down enchantments are card backs, the static layer is cached.
"""
from __future__ import annotations

import io

from PIL import Image

from engine.core.rng import SeededRng
from engine.magewars.system import SYSTEM
from render.magewars import arena
from render.magewars.arena import BACK, SEAT_COLOURS, WALL_COLOURS, border_line, marker_centres, render_arena, zone_box


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _view(mode: str = "full") -> dict:
    state = SYSTEM.setup({"mode": mode}, ("player1", "player2"), SeededRng(b"r" * 32))
    return SYSTEM.view(state, None)


def _image(view: dict, events=()) -> Image.Image:
    return Image.open(io.BytesIO(render_arena(view, events=events))).convert("RGB")


def _count(img: Image.Image, box: tuple[int, int, int, int], colour: str) -> int:
    want = _rgb(colour)
    return sum(n for n, px in img.crop(box).getcolors(maxcolors=1 << 22) if px == want)


def test_a_creature_is_drawn_in_the_zone_the_state_says():
    """Digest §2.1: each object stands in one zone; moving it moves its marker."""
    view = _view()
    mage = view["objects"][view["mages"]["player2"]]
    creature = dict(mage, id="o99", card="Timber Wolf", kind="creature", zone="C2", order=99, mage=None,
                    controller="player2", owner="player2")
    view["objects"]["o99"] = creature
    img = _image(view)
    blue_or_red = SEAT_COLOURS[1]
    assert _count(img, zone_box(view["size"], "C2"), blue_or_red) > 500
    assert _count(img, zone_box(view["size"], "B2"), blue_or_red) == 0
    creature["zone"] = "B2"
    moved = _image(view)
    assert _count(moved, zone_box(view["size"], "B2"), blue_or_red) > 500
    assert _count(moved, zone_box(view["size"], "C2"), blue_or_red) == 0
    x, y = marker_centres(view)["o99"]
    x0, y0, x1, y1 = zone_box(view["size"], "B2")
    assert x0 < x < x1 and y0 < y < y1


def test_a_wall_between_two_zones_is_drawn_on_their_border():
    """Digest §9.6: a wall stands on the border between two zones and blocks what its traits say."""
    view = _view()
    img = _image(view)
    x0, y0, x1, y1 = border_line(view["size"], "B2|C2")
    mid = ((x0 + x1) // 2, (y0 + y1) // 2)
    assert img.getpixel(mid) != _rgb(WALL_COLOURS["blocks_los"])
    view["barriers"] = {"B2|C2": ["blocks_los", "passage_blocked"]}
    walled = _image(view)
    assert walled.getpixel(mid) == _rgb(WALL_COLOURS["blocks_los"])
    assert walled.getpixel((mid[0], mid[1] - 60)) == _rgb(WALL_COLOURS["blocks_los"])  # along the whole border
    other = border_line(view["size"], "A1|B1")
    assert walled.getpixel(((other[0] + other[2]) // 2, (other[1] + other[3]) // 2)) != _rgb(WALL_COLOURS["blocks_los"])


def test_a_face_down_enchantment_is_a_card_back_with_no_name():
    """Digest §9.7: enchantments are cast face down; the opponent sees only the back."""
    view = _view("apprentice")
    host = view["mages"]["player1"]
    view["objects"]["o50"] = {"id": "o50", "card": None, "owner": "player2", "controller": "player2",
                             "kind": "enchantment", "zone": None, "attached_to": host, "face_down": True,
                             "damage": 0, "conditions": {}, "mana": 0, "order": 50}
    img = _image(view)
    zone = view["objects"][host]["zone"]
    assert _count(img, zone_box(view["size"], zone), BACK) > 200


def test_the_image_is_a_small_deterministic_png_and_the_static_layer_is_cached():
    view = _view()
    arena._static.cache_clear()
    first, second = render_arena(view), render_arena(view)
    assert first == second and first[:8] == b"\x89PNG\r\n\x1a\n" and len(first) < 400_000
    assert arena._static.cache_info().misses == 1 and arena._static.cache_info().hits == 1
    assert Image.open(io.BytesIO(first)).size[0] <= 1400


def test_an_attack_draws_an_arrow_from_attacker_to_target():
    view = _view()
    a, b = view["mages"]["player1"], view["mages"]["player2"]
    events = [{"type": "AttackRolled", "attacker": a, "defender": b, "damage": 3},
              {"type": "DamageDealt", "object": b, "amount": 3}]
    plain, drawn = _image(view), _image(view, events)
    assert _count(drawn, (0, 0) + drawn.size, arena.ARROW_ATTACK) > _count(plain, (0, 0) + plain.size,
                                                                             arena.ARROW_ATTACK) + 500


def test_the_board_key_reuses_the_image_when_nothing_drawn_changes():
    """The table draws a board only when what it shows changes (table/presenter.py ``board_key``): a planning
    choice or a skipped quickcast window keeps the key (and the image); a move changes it (its arrow, the
    marker's zone); while the players choose there is no board (``NO_BOARD``)."""
    from engine.core.rng import SeededRng
    from engine.magewars.system import SYSTEM
    from table.magewars.presenter import MageWarsPresenter
    from table.presenter import NO_BOARD, Scene
    from tests.engine.magewars.duel_support import initiative_taken

    presenter, rng = MageWarsPresenter(), SeededRng(b"k" * 32)
    players = {"player1": "ann", "player2": "bob"}

    def key(s, events=()):
        return presenter.board_key(Scene(SYSTEM.view(s, None), players), list(events))

    assert key(SYSTEM.setup({}, ("player1", "player2"), rng)) == NO_BOARD
    s = initiative_taken(SYSTEM.setup({"mode": "apprentice"}, ("player1", "player2"), rng), rng)
    while s["step"] != "plan":
        seat = SYSTEM.awaiting(s)[0]
        s, _ = SYSTEM.apply(s, seat, SYSTEM.legal_actions(s, seat)[0], rng)
    before = key(s)
    chosen = next(a for a in SYSTEM.legal_actions(s, "player1") if a["type"] == "PlanSpell" and a["spell"])
    s, events = SYSTEM.apply(s, "player1", chosen, rng)
    assert key(s, events) == before
    moved = dict(SYSTEM.view(s, None)["objects"])
    assert key(s, [{"type": "Moved", "object": next(iter(moved)), "from": "A1", "to": "A2"}]) != before
