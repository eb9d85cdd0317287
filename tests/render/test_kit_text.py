"""Text drawn in four tones word by word: each word Pillow's own, from the whole pixel nearest to where Pillow's
layout of the whole line puts it."""
from __future__ import annotations

import math
import re

import pytest
from PIL import Image, ImageDraw

from render.kit.fonts import font
from render.kit.text import TONE_CUTS, draw_text, draw_tones, text_box, text_length, text_mask

TONES = (60, 120, 180, 250)


def _cut(img: Image.Image) -> Image.Image:
    """Each pixel's coverage as the tone ``draw_tones`` gives it (none under 1/8)."""
    lut = [next((tone for cut, tone in zip(TONE_CUTS, TONES) if cut[v]), 0) for v in range(256)]
    return img.point(lut)


@pytest.mark.parametrize("text", ["Objective token", "abandoned-lair (Ann 12, top)  +  Tŷ (Bo, bottom)  ·  long edges",
                                  "Ann  T Yo V.", " lead", "trail ", "A"])
@pytest.mark.parametrize("anchor", ["la", "lm"])
@pytest.mark.parametrize("x", [10, 10.3, 37.71875])
def test_a_line_is_drawn_word_by_word_where_pillow_lays_it_out(text: str, anchor: str, x: float) -> None:
    face = font(18)
    expected, drawn = Image.new("L", (1000, 60)), Image.new("L", (1000, 60))
    for word in re.finditer(r"[^ ]+", text):
        # Pillow's own layout of the line up to the word's first letter (a kerning before it counted), less that letter
        pen = face.getlength(text[:word.start() + 1]) - face.getlength(word.group()[0])
        at = math.floor(x + pen + 0.5)
        ImageDraw.Draw(expected).text((at, 30.25), word.group(), fill=255, font=face, anchor=anchor)
    draw_tones(ImageDraw.Draw(drawn), (x, 30.25), text, tones=TONES, font=face, anchor=anchor)
    assert drawn.tobytes() == _cut(expected).tobytes()


def test_a_centred_word_is_drawn_from_the_nearest_whole_pixel() -> None:
    face = font(14)
    expected, drawn = Image.new("L", (60, 60)), Image.new("L", (60, 60))
    ImageDraw.Draw(expected).text((30, 30), "M", fill=255, font=face, anchor="mm")
    draw_tones(ImageDraw.Draw(drawn), (29.6, 30), "M", tones=TONES, font=face, anchor="mm")
    assert drawn.tobytes() == _cut(expected).tobytes()


def test_a_line_is_measured_with_the_kerning_after_its_spaces() -> None:
    face = font(22)
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    for text in ("Ann T", "No one's  Yes", "x · V", ""):
        assert text_length(draw, text, font=face) == face.getlength(text)


@pytest.mark.parametrize("xy", [(30, 20), (30.4, 20.7), (31.9, 19.25)])
def test_a_text_mask_is_the_coverage_draw_text_draws_in_its_box(xy: tuple[float, float]) -> None:
    face = font(17)
    expected, drawn = Image.new("L", (80, 50)), Image.new("L", (80, 50))
    draw_text(ImageDraw.Draw(expected), xy, "h12", fill=255, font=face, anchor="mm")
    drawn.paste(text_mask(xy, "h12", font=face, anchor="mm"), text_box(xy, "h12", font=face, anchor="mm"))
    assert drawn.tobytes() == expected.tobytes()
