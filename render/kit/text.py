"""Text drawn from kept glyph masks: the same strings (hex coordinates, legend words) recur on every board, and
FreeType rendering them was most of a first board's time.

``draw_text`` is ``ImageDraw.text`` for one line: the mask Pillow would render is kept per (font, text, anchor,
sub-pixel start) and drawn with the same call Pillow makes, so the pixels are Pillow's own.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont


@lru_cache(maxsize=8192)
def _mask(font: ImageFont.FreeTypeFont, text: str, anchor: str | None, mode: str,
          start: tuple[float, float]) -> tuple[object, tuple[int, int]]:
    return font.getmask2(text, mode, anchor=anchor, start=start)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, *, fill: object,
              font: ImageFont.FreeTypeFont | ImageFont.ImageFont, anchor: str | None = None) -> None:
    """``draw.text(xy, text, fill=fill, font=font, anchor=anchor)``, its glyph mask kept."""
    if "\n" in text or not isinstance(font, ImageFont.FreeTypeFont):
        draw.text(xy, text, fill=fill, font=font, anchor=anchor)
        return
    ink, fill_ink = draw._getink(fill)  # what ImageDraw.text draws with (private: the same ink as its own call)
    ink = fill_ink if ink is None else ink
    mask, (dx, dy) = _mask(font, text, anchor, draw.fontmode, (math.modf(xy[0])[0], math.modf(xy[1])[0]))
    draw.draw.draw_bitmap((int(xy[0]) + dx, int(xy[1]) + dy), mask, ink)


def text_box(xy: tuple[float, float], text: str, *, font: ImageFont.FreeTypeFont, anchor: str | None = None
             ) -> tuple[int, int, int, int]:
    """The box ``draw_text`` draws ``text`` in on an anti-aliased (RGB or L) image (one line, a FreeType font)."""
    mask, (dx, dy) = _mask(font, text, anchor, "L", (math.modf(xy[0])[0], math.modf(xy[1])[0]))
    x, y = int(xy[0]) + dx, int(xy[1]) + dy
    return x, y, x + mask.size[0], y + mask.size[1]


def text_length(draw: ImageDraw.ImageDraw, text: str, *, font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> float:
    """``draw.textlength(text, font=font)``, kept: legends measure the same words on every board."""
    return _length(font, text, draw.fontmode)


@lru_cache(maxsize=4096)
def _length(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, text: str, mode: str) -> float:
    return ImageDraw.Draw(Image.new(mode, (1, 1))).textlength(text, font=font)
