"""Bands added above a board: the result of a finished match (issue 34 item 2), sized to read on a phone.

A board is posted 1280 pixels wide or so and shown about 400 wide on a phone: a band's letters are scaled so they
are at least Discord's own text size there (``PHONE_WIDTH``, ``PHONE_TEXT``)."""
from __future__ import annotations

import io
from typing import Sequence

from PIL import Image, ImageDraw

from render.kit.fonts import font
from render.kit.layout import Layout, layout_for

PHONE_WIDTH = 400
"""The width a board is seen at on a phone, in the phone's pixels."""
PHONE_TEXT = 14
"""Discord's message text on a phone, in the same pixels."""
RESULT_FILL = "#1f2a44"
RESULT_INK = "#ffffff"
RESULT_ACCENT = "#f0e442"


def phone_px(width: int, size: float = PHONE_TEXT) -> int:
    """The pixel size of letters that read as ``size`` when an image ``width`` wide is shown ``PHONE_WIDTH`` wide."""
    return max(12, round(size * width / PHONE_WIDTH))


def wrap(draw: ImageDraw.ImageDraw, text: str, px: int, width: float, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width``, broken at spaces (a word longer than the line is cut)."""
    f = font(px, bold)
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if draw.textlength(trial, font=f) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
        while draw.textlength(line, font=f) > width and len(line) > 1:  # one word wider than the line
            cut = len(line)
            while cut > 1 and draw.textlength(line[:cut] + "…", font=f) > width:
                cut -= 1
            lines.append(line[:cut] + "…")
            line = ""
    if line:
        lines.append(line)
    return lines


def result_band(width: int, title: str, lines: Sequence[str], layout: Layout, *, max_lines: int = 8) -> Image.Image:
    """The result drawn as a band ``width`` wide: the winner (``title``) large, then the score and why it ended."""
    pad = phone_px(width, 8)
    title_px, line_px = phone_px(width, 18), phone_px(width, PHONE_TEXT)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    rows = [(t, title_px, True) for t in wrap(probe, title, title_px, width - 2 * pad, True)]
    body = [(t, line_px, False) for line in lines for t in wrap(probe, line, line_px, width - 2 * pad)]
    if len(body) > max_lines:
        body = body[:max_lines - 1] + [("…", line_px, False)]
    rows += body
    height = pad * 2 + sum(round(px * 1.25) for _, px, _ in rows)
    band = Image.new("RGB", (width, height), RESULT_FILL)
    draw = ImageDraw.Draw(band)
    y = pad
    for text, px, bold in rows:
        f = font(px, bold)
        draw.text((pad, y), text, font=f, fill=RESULT_ACCENT if bold else RESULT_INK)
        box = draw.textbbox((pad, y), text, font=f)
        layout.add("text", box, text, "result")
        y += round(px * 1.25)
    return band


def with_result(png: bytes, title: str, lines: Sequence[str], *, game: str = "") -> bytes:
    """A board's PNG with the result band above it (the match's last board)."""
    board = Image.open(io.BytesIO(png))
    board = board.convert("RGBA" if board.mode in ("RGBA", "LA", "P") and "transparency" in board.info else "RGB")
    layout = layout_for(f"{game}/result", board.width, 0)
    band = result_band(board.width, title, lines, layout)
    layout.height = band.height
    out = Image.new(board.mode, (board.width, band.height + board.height), RESULT_FILL)
    out.paste(band, (0, 0))
    out.paste(board, (0, band.height))
    buffer = io.BytesIO()
    out.save(buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()
