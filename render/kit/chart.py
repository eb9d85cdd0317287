"""Bar charts of probabilities (``/odds``): one labelled horizontal bar per outcome, as PNG bytes.

Same input, same bytes: the font is Pillow's built-in default (no system fonts), the PNG carries
no timestamp or metadata, and nothing depends on the clock or the machine.
"""
from __future__ import annotations

import io
from collections.abc import Sequence
from fractions import Fraction

from PIL import Image, ImageDraw, ImageFont

from render.kit.fonts import font as typeface

MAX_BARS = 40
"""Most bars one chart draws."""
MIN_WIDTH, MAX_WIDTH = 320, 2048
"""Allowed image widths, in pixels."""

BACKGROUND = (255, 255, 255)
TEXT = (33, 37, 41)
MUTED = (108, 117, 125)
TRACK = (233, 236, 239)
BAR = (32, 107, 196)

def _text_width(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> int:
    left, _, right, _ = draw.textbbox((0, 0), text, font=font)
    return int(right - left)


def _fit(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont, width: int) -> str:
    """``text``, cut with an ellipsis so that it fits in ``width`` pixels."""
    if _text_width(draw, text, font) <= width:
        return text
    while text and _text_width(draw, text + "…", font) > width:
        text = text[:-1]
    return text + "…"


def percent(p: float | Fraction) -> str:
    """A probability as players read it, one decimal: ``37.5%``, ``<0.1%`` for tiny non-zero chances.

    >>> percent(Fraction(3, 8)), percent(0), percent(1e-5), percent(1), percent(Fraction(27, 100))
    ('37.5%', '0%', '<0.1%', '100%', '27.0%')
    """
    value = float(p) * 100
    if value in (0, 100):
        return f"{value:.0f}%"
    if value < 0.05:
        return "<0.1%"
    if value > 99.95:
        return ">99.9%"
    return f"{value:.1f}%"


def bar_chart(title: str, bars: Sequence[tuple[str, float | Fraction]], *, width: int = 640) -> bytes:
    """A PNG bar chart: ``title`` on top, then one bar per ``(label, probability)``, longest bar = 100%.

    :param title: the chart's heading (cut to fit the width).
    :param bars: labels and probabilities in display order; each probability in ``[0, 1]``.
    :param width: image width in pixels, 320 to 2048; the height follows from the number of bars.
    :raises ValueError: no bars, too many bars, a probability outside ``[0, 1]``, a bad width.
    """
    if not bars or len(bars) > MAX_BARS:
        raise ValueError(f"a chart has 1 to {MAX_BARS} bars, not {len(bars)}")
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"width must be {MIN_WIDTH}-{MAX_WIDTH}, not {width}")
    values = [float(p) for _, p in bars]
    if any(not 0 <= v <= 1 for v in values):
        raise ValueError("probabilities must be between 0 and 1")

    scale = width / 640
    pad, gap = round(16 * scale), round(8 * scale)
    row, bar_height = round(30 * scale), round(20 * scale)
    title_font, font = typeface(round(22 * scale)), typeface(round(16 * scale))
    title_height = round(34 * scale)
    height = pad + title_height + len(bars) * row + pad

    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((pad, pad), _fit(draw, title, title_font, width - 2 * pad), font=title_font, fill=TEXT)

    label_width = min(max(_text_width(draw, label, font) for label, _ in bars), int(width * 0.35))
    value_width = _text_width(draw, "100.0%", font)
    track_left = pad + label_width + gap
    track_right = width - pad - value_width - gap
    for i, ((label, _), value) in enumerate(zip(bars, values)):
        top = pad + title_height + i * row
        middle = top + row // 2
        draw.text((pad, middle), _fit(draw, label, font, label_width), font=font, fill=TEXT, anchor="lm")
        draw.rectangle((track_left, middle - bar_height // 2, track_right, middle + bar_height // 2), fill=TRACK)
        filled = round((track_right - track_left) * value)
        if filled > 0:
            draw.rectangle((track_left, middle - bar_height // 2, track_left + filled, middle + bar_height // 2),
                           fill=BAR)
        draw.text((width - pad, middle), percent(value), font=font, fill=MUTED if value == 0 else TEXT, anchor="rm")

    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()
