"""The Dragonbond battlefield image: discs and terrain where their inches say, valid small PNGs, a cached static layer."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.core.rng import SeededRng
from engine.dragonbond.battlefield import field_for, layout_of
from render.kit.layout import recording
from render.dragonbond.battlefield import DEFAULT_THEME, _STATICS, layout, render, terrain_fill

THEME = DEFAULT_THEME


def field_json(field) -> dict:
    data = layout_of(field)
    data.update(width=field.width, height=field.height, zones={k: [list(p) for p in v] for k, v in field.zones.items()})
    return data


def plain_field(**extra) -> dict:
    return {"width": 48, "height": 36, "terrain": [], "objectives": [], "zones": {}, **extra}


def unit(uid: str, side: str, x: float, y: float, r: float = 2.0, **kw) -> dict:
    return {"id": uid, "code": uid, "name": f"Unit {uid}", "side": side, "x": x, "y": y, "radius": r, "models": 5,
            "wounds": 0, "health": 1, "fatigue": 0, "states": {}, "activated": 0, "engaged_with": [], **kw}


def image(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    img.load()
    return img.convert("RGB")


def near(pixel, colour, tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def test_a_unit_disc_is_drawn_where_its_coordinates_say():
    """Digest §5.2 (rendering): each unit is its disc at (x, y) inches, side A blue, side B red."""
    view = {"field": plain_field(), "sides": {"A": "A", "B": "B"},
            "units": [unit("A1", "A", 12, 18), unit("B1", "B", 36, 9, 1.5)]}
    img = image(render(view))
    lay = layout(view["field"])
    inside_a = lay.px(12, 18 - 0.8)       # inside the disc, under its centre label (letters of phone size)
    assert near(img.getpixel(tuple(map(round, inside_a))), THEME.sides[0])
    assert near(img.getpixel(tuple(map(round, lay.px(36 - 0.3, 9 - 1.1)))), THEME.sides[1])
    outside = lay.px(12 + 2.6, 18 + 0.6)
    assert not near(img.getpixel(tuple(map(round, outside))), THEME.sides[0])


def test_terrain_is_drawn_where_its_polygon_says():
    """Digest §24 (rendering): a piece fills its own footprint with its type's colour, nothing outside it."""
    ruins = {"id": "ruins-1", "kinds": ["dark"], "name": "ruins", "shape": "rect", "points": [[30, 20], [36, 24]],
             "danger": 0}
    pond = {"id": "pond", "kinds": ["impassable"], "name": "pond", "shape": "circle", "points": [[10, 10], [3, 0]],
            "danger": 0}
    view = {"field": plain_field(terrain=[ruins, pond]), "units": []}
    img = image(render(view))
    lay = layout(view["field"])
    assert near(img.getpixel(tuple(map(round, lay.px(31.3, 21.3)))), terrain_fill(["dark"]))
    assert near(img.getpixel(tuple(map(round, lay.px(34.6, 23.4)))), terrain_fill(["dark"]))
    assert not near(img.getpixel(tuple(map(round, lay.px(29.3, 21.3)))), terrain_fill(["dark"]))
    assert not near(img.getpixel(tuple(map(round, lay.px(36.7, 21.3)))), terrain_fill(["dark"]))
    in_pond = [img.getpixel(tuple(map(round, lay.px(10 + dx, 10 + dy)))) for dx in (-1.6, -0.4, 0.9)
               for dy in (-2.0, 1.4)]  # above and below its name (letters of phone size)
    assert all(near(p, THEME.impassable) or near(p, THEME.impassable_hatch, 40) for p in in_pond)
    assert not near(img.getpixel(tuple(map(round, lay.px(14.3, 10.3)))), THEME.impassable)


def test_a_refused_move_draws_its_measured_line_and_the_refusal():
    """Issue #16: a refused move shows where the player asked to go (a red cross) and the measured distance."""
    view = {"field": plain_field(), "units": [unit("A1", "A", 10, 10, 1.0)]}
    refused = [{"type": "MoveRefused", "unit": "A1", "to": [10, 21.4], "distance": 11.4, "allowance": 8}]
    img = image(render(view, refused))
    lay = layout(view["field"])
    x, y = map(round, lay.px(10, 21.4))
    reds = [img.getpixel((x + d, y + d)) for d in range(-6, 7)]
    assert sum(near(p, THEME.refused, 40) for p in reds) >= 8
    assert image(render(view)).getpixel((x, y)) != img.getpixel((x, y))


def test_the_last_move_is_drawn_along_its_path():
    """Digest §5.2 (rendering): the last action's path."""
    view = {"field": plain_field(), "units": [unit("A1", "A", 30, 10, 1.0)],
            "last": [{"type": "Moved", "unit": "A1", "kind": "march", "from": [10, 10], "to": [30, 10],
                      "path": [[10, 10], [20, 20], [30, 10]], "cost": 28.3, "allowance": 30}]}
    img = image(render(view))
    lay = layout(view["field"])
    x, y = map(round, lay.px(15, 15))
    assert any(near(img.getpixel((x + dx, y + dy)), THEME.move, 20) for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def test_every_image_is_a_small_valid_png_and_the_same_view_gives_the_same_bytes():
    """Issue #16: readable on a phone at 1280 px, well under 1 MB; deterministic."""
    for size in ("skirmish", "standard", "army"):
        f = field_for("pitched_battle", size, SeededRng(bytes([len(size)]) * 32))
        units = [unit(f"A{i}", "A", 4 + 5 * i, 3, 1.2, activated=i % 2, fatigue=i % 4, engaged_with=[])
                 for i in range(6)] + [unit(f"B{i}", "B", 4 + 5 * i, f.height - 3, 1.2, states={"poison": 1})
                                        for i in range(6)]
        units[0]["engaged_with"] = ["B0"]
        view = {"field": field_json(f), "units": units,
                "objectives": [{"n": 1, "x": 0, "y": 0, "controller": "A"}],
                "last": [{"type": "AttackRolled", "unit": "A0", "target": "B0", "kind": "ranged", "hits": 2,
                          "crits": 1}, {"type": "Wounded", "unit": "B0", "wounds": 2}]}
        png = render(view)
        img = image(png)
        assert img.width == 1280 and len(png) < 300_000
        assert render(view) == png


def test_the_static_layer_is_drawn_once_per_field():
    """DESIGN.md (rendering): the grid and terrain are kept (issue 39: compressed band by band); units are drawn
    over them."""
    view = {"field": field_json(field_for("conquest", "standard")), "units": [unit("A1", "A", 10, 3)]}
    render(view)
    misses, hits = _STATICS.misses, _STATICS.hits
    moved = {**view, "units": [unit("A1", "A", 20, 3)]}
    assert render(moved) != render(view)
    assert _STATICS.misses == misses and _STATICS.hits >= hits + 2


def test_units_off_the_table_are_not_drawn():
    """Reserve and destroyed units have no position (engine view: ``x`` None)."""
    view = {"field": plain_field(), "units": [unit("A1", "A", 12, 18)]}
    reserve = {**view, "units": [unit("A1", "A", None, None, where="reserve")]}
    empty = {**view, "units": []}
    assert render(reserve) == render(empty) != render(view)


def test_a_too_narrow_image_is_refused():
    """Phone readability: text never shrinks below a readable size."""
    with pytest.raises(ValueError):
        render({"field": plain_field()}, width=500)


def test_each_model_is_a_small_disc_and_the_unit_keeps_one_code():
    """Issue 32, deliverable 2 (digest §4, §5.3): a unit of several models is drawn model by model (each a small
    disc at its own point), the ground between them left bare, and one code for the whole unit."""
    pts = [[10.0, 18.0], [14.0, 18.0], [18.0, 18.0]]       # spread wide, as a charge may leave them
    view = {"field": plain_field(), "sides": {"A": "A", "B": "B"},
            "units": [unit("A1", "A", 14, 18, 5.0, models=3, model_points=pts, base=1.0)]}
    with recording() as layouts:
        img = image(render(view))
    lay = layout(view["field"])
    for x, y in (pts[0], pts[2]):
        assert near(img.getpixel(tuple(map(round, lay.px(x, y + 0.3)))), THEME.sides[0])
    between = lay.px(12.0, 18.0 + 0.3)
    assert not near(img.getpixel(tuple(map(round, between))), THEME.sides[0])
    codes = [d.text for layout_ in layouts for d in layout_.of("label") if d.what == "A1"]
    assert codes.count("A1×3") == 1 and len(codes) <= 3     # one code (and name, state) for the unit, none per model
