"""Text drawn in four tones word by word is Pillow's own line cut in four tones."""
from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render.kit.fonts import font
from render.kit.text import TONE_CUTS, draw_tones, text_length

TONES = (60, 120, 180, 250)


def _cut(img: Image.Image) -> Image.Image:
    """Each pixel's coverage as the tone ``draw_tones`` gives it (none under 1/8)."""
    lut = [next((tone for cut, tone in zip(TONE_CUTS, TONES) if cut[v]), 0) for v in range(256)]
    return img.point(lut)


@pytest.mark.parametrize("text", ["Objective token", "abandoned-lair (Ann 12, top)  +  Tŷ (Bo, bottom)  ·  long edges",
                                  "Ann  T Yo V.", " lead", "trail ", "A"])
@pytest.mark.parametrize("anchor", ["la", "lm", "mm"])
@pytest.mark.parametrize("x", [10, 10.3, 37.71875])
def test_a_line_drawn_by_words_is_pillows_line(text: str, anchor: str, x: float) -> None:
    face = font(18)
    whole, words = Image.new("L", (1000, 60)), Image.new("L", (1000, 60))
    ImageDraw.Draw(whole).text((x + 400 * (anchor[0] == "m"), 30), text, fill=255, font=face, anchor=anchor)
    draw_tones(ImageDraw.Draw(words), (x + 400 * (anchor[0] == "m"), 30), text, tones=TONES, font=face, anchor=anchor)
    assert words.tobytes() == _cut(whole).tobytes()


def test_a_line_is_measured_with_the_kerning_after_its_spaces() -> None:
    face = font(22)
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    for text in ("Ann T", "No one's  Yes", "x · V", ""):
        assert text_length(draw, text, font=face) == face.getlength(text)
