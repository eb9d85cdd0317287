"""render/kit/sketch.py: boards drawn over a kept static layer, only the bands whose drawings changed drawn again
(issue 39 deliverable 2), and the same image whatever was kept."""
from __future__ import annotations

import io

from PIL import Image

from render.kit import sketch
from render.kit.fonts import font
from render.kit.layout import layout_for, recording
from render.kit.png import BAND_ROWS
from render.kit.sketch import Sketch

WIDTH, HEIGHT = 320, 200
BACKGROUND, FIELD, INK = (20, 24, 30), (70, 96, 64), (240, 240, 240)


def layer():
    draw = Sketch.blank(WIDTH, HEIGHT, BACKGROUND, (FIELD, INK))
    draw.rectangle((10, 10, WIDTH - 10, HEIGHT - 10), fill=FIELD)
    draw.text((12, 12), "static words", fill=INK, font=font(16), bg=FIELD)
    return draw.freeze()


STATIC = layer()


def board(x: int, *, note: str = "", height: int | None = None) -> bytes:
    draw = Sketch(STATIC, fill=BACKGROUND, height=height)
    draw.ellipse((x, 100, x + 30, 130), fill="#0072b2", outline="white", width=2)
    draw.text((x + 15, 115), "A1", fill="white", font=font(14), anchor="mm", bg="#0072b2")
    if note:
        draw.text((12, HEIGHT + 4), note, fill=INK, font=font(16))
    return draw.png()


def pixels(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def test_a_board_is_the_same_image_drawn_fresh_or_from_kept_bands():
    sketch._BANDS.clear()
    fresh = [board(x) for x in (40, 90, 40)]
    assert fresh[0] == fresh[2], "same drawings, same bytes"
    sketch._BANDS.clear()
    vars(sketch._CANVASES).clear()
    again = board(90)
    assert again == fresh[1]
    assert pixels(again).getpixel((105, 103)) == (0, 114, 178) and pixels(fresh[0]).getpixel((105, 103)) == FIELD


def test_only_the_bands_a_change_touches_are_drawn_again():
    sketch._BANDS.clear()
    board(40)
    misses = sketch._BANDS.misses
    board(40)
    assert sketch._BANDS.misses == misses, "nothing changed: every band kept"
    board(200)  # the marker moved along its rows: only those bands change
    touched = sketch._BANDS.misses - misses
    assert 1 <= touched <= 34 // BAND_ROWS + 2


def test_shapes_keep_their_exact_colours_and_the_layer_its_own():
    image = pixels(board(40))
    assert image.getpixel((5, 5)) == BACKGROUND and image.getpixel((200, 60)) == FIELD
    assert image.getpixel((55, 104)) == (0, 114, 178)


def test_a_board_may_grow_below_its_layer_and_be_cut_again():
    taller = pixels(board(40, note="1 = a key line", height=HEIGHT + 30))
    assert taller.size == (WIDTH, HEIGHT + 30)
    assert taller.getpixel((WIDTH - 2, HEIGHT + 25)) == BACKGROUND
    assert any(taller.getpixel((x, HEIGHT + 14)) != BACKGROUND for x in range(12, 80)), "the key line is drawn"
    assert pixels(board(40, height=HEIGHT - 37)).size == (WIDTH, HEIGHT - 37)


def test_every_line_of_text_is_recorded_with_its_size_when_a_test_asks():
    with recording() as layouts:
        layout = layout_for("kit", WIDTH, HEIGHT)
        draw = Sketch(STATIC, fill=BACKGROUND, layout=layout)
        draw.text((20, 150), "drawn now", fill=INK, font=font(18))
        draw.png()
    [layout] = layouts
    assert {(d.text, d.px) for d in layout.of("lettering")} == {("static words", 16), ("drawn now", 18)}


def marker(draw: Sketch, x: int, code: str) -> None:
    """A marker in the layer's own colours (a group that adds colours to the palette is not kept)."""
    draw.ellipse((x, 100, x + 30, 130), fill=FIELD, outline=INK, width=2)
    draw.text((x + 15, 115), code, fill=INK, font=font(16), anchor="mm", bg=FIELD)


def test_a_group_of_drawings_is_recorded_once_and_given_again_the_same():
    """A card drawn the same on every board of a match: its drawings kept by what decides them (Sketch.group)."""
    sketch._GROUPS.clear()
    drawn = []

    def group_board(x: int, grouped: bool = True) -> bytes:
        draw = Sketch(STATIC, fill=BACKGROUND)
        if grouped:
            draw.group(("marker", x), lambda: (drawn.append(x), marker(draw, x, "A1")))
        else:
            marker(draw, x, "A1")
        return draw.png()

    first, again = group_board(40), group_board(40)
    assert first == again == group_board(40, grouped=False), "the same bytes as drawn without a group"
    assert drawn == [40], "recorded once"
    assert group_board(90) == group_board(90, grouped=False) and drawn == [40, 90]


def test_a_group_is_not_kept_with_colours_of_the_board_nor_while_a_test_records_the_layout():
    sketch._GROUPS.clear()
    drawn = []
    for _ in range(2):
        draw = Sketch(STATIC, fill=BACKGROUND)
        draw.group("blue", lambda: (drawn.append("blue"), draw.rectangle((5, 5, 9, 9), fill="#0072b2")))
        with recording() as layouts:
            draw = Sketch(STATIC, fill=BACKGROUND, layout=layout_for("kit", WIDTH, HEIGHT))
            draw.group("marker", lambda: (drawn.append("marker"), marker(draw, 40, "A1")))
            draw.png()
        assert "A1" in layouts[0].texts()
    assert drawn == ["blue", "marker"] * 2
