"""A match replayed as one animated image (issue 34 item 5): each board with a caption of what happened, made into a
GIF that Discord plays inline, within its upload limit.

Boards of one match differ little from one step to the next, so the frames share one palette (built from a few
frames spread over the match) and Pillow stores each frame as the rectangle that changed. When the whole is still
too large, the frames are drawn smaller, then fewer of them are kept (never the first and last).
"""
from __future__ import annotations

import io
from typing import Sequence

from PIL import Image, ImageDraw

from render.kit.banner import phone_px, wrap
from render.kit.fonts import font

UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's upload limit for a bot's attachment, in bytes."""
BUDGET = UPLOAD_LIMIT - 512 * 1024
"""What the animation may take: the limit with a margin."""
CAPTION_FILL = "#111827"
CAPTION_INK = "#ffffff"
CAPTION_STEP = "#f0e442"
MAX_CAPTION_LINES = 3
WIDTHS = (1.0, 0.75, 0.6, 0.5)
"""The scales frames are tried at, largest first, until the animation fits ``BUDGET``."""
PALETTE_SAMPLES = 6
"""Frames the shared palette is built from."""
LAST_FRAME_MS = 4000
"""The last frame stays this long before the animation starts again."""


def caption_band(width: int, step: str, text: str) -> Image.Image:
    """A band ``width`` wide: the step (``#12``) in the accent colour, then what happened, at phone size."""
    px = phone_px(width, 13)
    pad = max(6, px // 2)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    lead = f"{step} " if step else ""
    lines = wrap(probe, lead + (text or "…"), px, width - 2 * pad)
    if len(lines) > MAX_CAPTION_LINES:
        lines = lines[:MAX_CAPTION_LINES - 1] + [lines[MAX_CAPTION_LINES - 1].rstrip(" .,;") + " …"]
    line_h = round(px * 1.25)
    band = Image.new("RGB", (width, pad * 2 + line_h * MAX_CAPTION_LINES), CAPTION_FILL)
    draw = ImageDraw.Draw(band)
    f, bold = font(px), font(px, True)
    for i, line in enumerate(lines):
        y = pad + i * line_h
        if i == 0 and lead and line.startswith(lead):
            draw.text((pad, y), step, font=bold, fill=CAPTION_STEP)
            draw.text((pad + draw.textlength(lead, font=bold), y), line[len(lead):], font=f, fill=CAPTION_INK)
        else:
            draw.text((pad, y), line, font=f, fill=CAPTION_INK)
    return band


def captioned(png: bytes, step: str, text: str) -> Image.Image:
    """A board with its caption band above it, as an RGB image."""
    board = Image.open(io.BytesIO(png)).convert("RGB")
    band = caption_band(board.width, step, text)
    out = Image.new("RGB", (board.width, band.height + board.height), CAPTION_FILL)
    out.paste(band, (0, 0))
    out.paste(board, (0, band.height))
    return out


def _canvas(frames: Sequence[Image.Image], scale: float) -> list[Image.Image]:
    """The frames on canvases of one size (the largest frame's; boards of one match may differ: the result band),
    scaled by ``scale``."""
    width = max(f.width for f in frames)
    height = max(f.height for f in frames)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    out = []
    for frame in frames:
        if frame.size != (width, height):
            canvas = Image.new("RGB", (width, height), CAPTION_FILL)
            canvas.paste(frame, (0, 0))
            frame = canvas
        out.append(frame if scale == 1.0 else frame.resize(size, Image.Resampling.LANCZOS))
    return out


def _palette(frames: Sequence[Image.Image]) -> Image.Image:
    """One 256-colour palette for every frame, from a few frames spread over the match side by side."""
    picks = sorted({round(i * (len(frames) - 1) / max(1, PALETTE_SAMPLES - 1)) for i in range(PALETTE_SAMPLES)})
    chosen = [frames[i] for i in picks]
    strip = Image.new("RGB", (sum(f.width for f in chosen), max(f.height for f in chosen)))
    x = 0
    for f in chosen:
        strip.paste(f, (x, 0))
        x += f.width
    return strip.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def gif(frames: Sequence[Image.Image], durations: Sequence[int], scale: float = 1.0) -> bytes:
    """The frames as one looping GIF (``durations`` in milliseconds), on a shared palette."""
    sized = _canvas(frames, scale)
    palette = _palette(sized)
    indexed = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in sized]
    buffer = io.BytesIO()
    indexed[0].save(buffer, format="GIF", save_all=True, append_images=indexed[1:], duration=list(durations),
                    loop=0, optimize=False, disposal=1)
    return buffer.getvalue()


def animation(frames: Sequence[Image.Image], durations: Sequence[int], budget: int = BUDGET,
              progress=None) -> tuple[bytes, float, int]:
    """The frames as a GIF within ``budget`` bytes: drawn smaller (``WIDTHS``), then with fewer frames (keeping the
    first and last, each kept frame shown as long as those it stands for) until it fits. Returns the GIF, the scale
    used and the number of frames kept."""
    frames, durations = list(frames), list(durations)
    while True:
        for scale in WIDTHS:
            data = gif(frames, durations, scale)
            if progress is not None:
                progress(scale)
            if len(data) <= budget:
                return data, scale, len(frames)
        if len(frames) <= 2:
            return data, WIDTHS[-1], len(frames)
        kept_frames, kept_durations = [frames[0]], [durations[0]]
        for i in range(1, len(frames) - 1, 2):  # every other frame, the dropped one's time added to the kept one
            kept_frames.append(frames[i])
            kept_durations.append(durations[i] + (durations[i + 1] if i + 1 < len(frames) - 1 else 0))
        kept_frames.append(frames[-1])
        kept_durations.append(durations[-1])
        frames, durations = kept_frames, kept_durations
