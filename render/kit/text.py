"""Text drawn from kept glyph masks: the same strings (hex coordinates, legend words) recur on every board, and
FreeType rendering them was most of a first board's time.

``draw_text`` is ``ImageDraw.text`` for one line: the mask Pillow would render is kept per (font, text, anchor,
sub-pixel start) and drawn with the same call Pillow makes, so the pixels are Pillow's own. ``draw_tones`` draws
a line on a palette image in four flat tones, its words' masks kept apart, each word from the whole pixel nearest
to where Pillow's layout of the whole line puts it: a line naming new players (a match's title, a legend entry)
renders only its new words.
"""
from __future__ import annotations

import math
import re
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


TONE_CUTS = tuple(bytes(255 if lo <= v < lo + 64 or (lo == 224 and v >= lo) else 0 for v in range(256))
                  for lo in (32, 96, 160, 224))
"""Lookup tables cutting an anti-aliased text mask into four tones (1/4, 1/2, 3/4, full coverage; under 1/8 none)."""


def draw_tones(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, *, tones: tuple[object, ...],
               font: ImageFont.FreeTypeFont | ImageFont.ImageFont, anchor: str = "la") -> None:
    """``draw_text`` of one line in four flat ``tones`` (1/4, 1/2, 3/4, full: ``TONE_CUTS``) instead of blended
    ink, for palette images. A line anchored on its left is drawn word by word (``_words``), each word from the
    nearest whole pixel to where Pillow's layout of the line puts it (half a pixel at most, unseen): one kept mask
    per word and height, cut in four, whatever words come before it (a player's name), so drawing a line is a few
    bitmap fills."""
    if not isinstance(font, ImageFont.FreeTypeFont) or "\n" in text:
        raise ValueError("draw_tones draws one line in a FreeType font")
    inks = [draw.draw.draw_ink(tone) for tone in tones]  # what ImageDraw's _getink makes of them (private)
    placed = _words(font, text)[0] if _by_words(font, anchor) else [(text, 0.0)]
    y = xy[1]
    for word, offset in placed:
        x = math.floor(xy[0] + offset + 0.5)
        cuts, (dx, dy) = _cut_mask(font, word, anchor, math.modf(y)[0])
        for cut, ink in zip(cuts, inks):
            if cut is not None:
                draw.draw.draw_bitmap((x + dx, int(y) + dy), cut, ink)


@lru_cache(maxsize=8192)
def _cut_mask(font: ImageFont.FreeTypeFont, text: str, anchor: str, y_start: float
              ) -> tuple[tuple[object, ...], tuple[int, int]]:
    """A word's mask from a whole pixel across, cut in four (``TONE_CUTS``), a cut with no pixel None."""
    mask, offset = _mask(font, text, anchor, "L", (0.0, y_start))
    return tuple(cut if cut.getbbox() else None for cut in cut_in_tones(mask)), offset


_CUT_TABLES = tuple(list(lut) for lut in TONE_CUTS)


def cut_in_tones(mask: object) -> tuple[Image.Image, ...]:
    """An anti-aliased mask (an ``L`` image or a core image) cut in four (``TONE_CUTS``), lightest first."""
    return tuple(mask.point(lut, None) for lut in _CUT_TABLES)  # type: ignore[attr-defined]


def _by_words(font: object, anchor: str) -> bool:
    """Words can be placed on their own: a FreeType font, the line's left at ``xy`` and a height that depends on
    the font alone (ascender, middle, baseline, descender), not on the words."""
    return isinstance(font, ImageFont.FreeTypeFont) and anchor[0] == "l" and anchor[1] in "amsd"


@lru_cache(maxsize=4096)
def _words(font: ImageFont.FreeTypeFont, text: str) -> tuple[tuple[tuple[str, float], ...], float]:
    """Each word of ``text`` with its pen offset from the line's start, and the line's advance: every run's advance
    plus the kerning of the pair across each run boundary (Roboto kerns a space before T, V, Y...), so a word is
    where Pillow's layout of the whole line puts it. Runs' advances and pairs' kerning are kept."""
    words, pen, previous = [], 0.0, ""
    for run in re.findall(r" +|[^ ]+", text):
        if previous:
            pair = previous[-1] + run[0]
            pen += _length(font, pair, "L") - _length(font, pair[0], "L") - _length(font, pair[1], "L")
        if run[0] != " ":
            words.append((run, pen))
        pen += _length(font, run, "L")
        previous = run
    return tuple(words), pen


def text_box(xy: tuple[float, float], text: str, *, font: ImageFont.FreeTypeFont, anchor: str | None = None
             ) -> tuple[int, int, int, int]:
    """The box ``draw_text`` draws ``text`` in on an anti-aliased (RGB or L) image (one line, a FreeType font)."""
    mask, (dx, dy) = _mask(font, text, anchor, "L", (math.modf(xy[0])[0], math.modf(xy[1])[0]))
    x, y = int(xy[0]) + dx, int(xy[1]) + dy
    return x, y, x + mask.size[0], y + mask.size[1]


def text_mask(xy: tuple[float, float], text: str, *, font: ImageFont.FreeTypeFont, anchor: str | None = None
              ) -> Image.Image:
    """The coverage (``L``) ``draw_text`` draws ``text`` with on an anti-aliased image, over ``text_box``'s box: over
    one flat colour, each pixel's colour is a function of its coverage alone. The kept mask itself: not to draw on."""
    mask, _ = _mask(font, text, anchor, "L", (math.modf(xy[0])[0], math.modf(xy[1])[0]))
    return Image.Image()._new(mask)  # type: ignore[arg-type]


def text_length(draw: ImageDraw.ImageDraw, text: str, *, font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> float:
    """``draw.textlength(text, font=font)``, kept: legends measure the same words on every board (a FreeType
    font's line from its words' advances, as ``draw_tones`` places them)."""
    if isinstance(font, ImageFont.FreeTypeFont) and draw.fontmode == "L":
        return _words(font, text)[1]
    return _length(font, text, draw.fontmode)


@lru_cache(maxsize=4096)
def _length(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, text: str, mode: str) -> float:
    if isinstance(font, ImageFont.FreeTypeFont):
        return font.getlength(text, mode)  # what ImageDraw.textlength returns, without making an image
    return ImageDraw.Draw(Image.new(mode, (1, 1))).textlength(text, font=font)
