"""A match replayed as one animated image (issue 34 item 5): each board with a caption of what happened above it,
made into a looping GIF that Discord plays inline, within its upload limit.

Frames are written one at a time (``GifStream``), so a long match never holds more than two frames' pixels: each
frame is stored as the rectangle that changed since the one before, with a 256-colour palette of its own (the
changed part alone has few colours, so it keeps them nearly exactly, and quantizing a small rectangle is quick).
A frame identical to the one before only lengthens it.

Pillow compresses each rectangle (saved as a one-frame GIF, whose image data is copied out); the container (the
screen, the loop, each frame's delay and place) is written here, from the GIF89a specification.

``animation`` keeps the result within ``BUDGET``: the boards come in as PNG bytes (a few tens of KB each), so when
the first try is too large the frames are drawn again smaller, then fewer of them kept.
"""
from __future__ import annotations

import io
import struct
from typing import Callable, Sequence

from PIL import Image, ImageChops, ImageDraw

from render.kit.banner import phone_px, wrap
from render.kit.fonts import font, has_glyph

UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's upload limit for a bot's attachment, in bytes."""
BUDGET = UPLOAD_LIMIT - 512 * 1024
"""What the animation may take: the limit with a margin."""
CAPTION_FILL = "#111827"
CAPTION_INK = "#ffffff"
CAPTION_STEP = "#f0e442"
MAX_CAPTION_LINES = 3
CAPTION_PX = 13
"""The caption's letters, in a phone's pixels when the image is shown 400 wide (``phone_px``)."""
SMALLEST_SCALE = 0.5
"""Frames are not drawn smaller than this to fit the budget: fewer frames are kept instead."""
LAST_FRAME_MS = 4000
"""The last frame stays this long before the animation starts again."""
STAND_INS = {"→": "->", "⟶": "->", "➜": "->", "←": "<-", "↔": "<->"}
"""Characters the typeface lacks, and what a caption writes instead (other missing ones are left out)."""


def drawable(text: str) -> str:
    """``text`` with the characters the typeface has no glyph for replaced (``STAND_INS``) or left out."""
    return "".join(c if has_glyph(c) else STAND_INS.get(c, "") for c in text)


def caption_band(width: int, step: str, text: str) -> Image.Image:
    """A band ``width`` wide: the step (``#12``) in the accent colour, then what happened, at phone size, in
    ``MAX_CAPTION_LINES`` lines at most (every band of a replay has the same height)."""
    px = phone_px(width, CAPTION_PX)
    pad = max(6, px // 2)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    lead = f"{step} " if step else ""
    lines = wrap(probe, lead + (drawable(text) or "…"), px, width - 2 * pad)
    if len(lines) > MAX_CAPTION_LINES:
        lines = lines[:MAX_CAPTION_LINES - 1] + [lines[MAX_CAPTION_LINES - 1].rstrip(" .,;") + " …"]
    line_h = round(px * 1.25)
    band = Image.new("RGB", (width, pad * 2 + line_h * MAX_CAPTION_LINES), CAPTION_FILL)
    draw = ImageDraw.Draw(band)
    regular, bold = font(px), font(px, True)
    for i, line in enumerate(lines):
        y = pad + i * line_h
        if i == 0 and lead and line.startswith(lead):
            draw.text((pad, y), step, font=bold, fill=CAPTION_STEP)
            draw.text((pad + draw.textlength(lead, font=bold), y), line[len(lead):], font=regular, fill=CAPTION_INK)
        else:
            draw.text((pad, y), line, font=regular, fill=CAPTION_INK)
    return band


def captioned(png: bytes, step: str, text: str) -> Image.Image:
    """A board with its caption band above it, as an RGB image."""
    board = Image.open(io.BytesIO(png)).convert("RGB")
    band = caption_band(board.width, step, text)
    out = Image.new("RGB", (board.width, band.height + board.height), CAPTION_FILL)
    out.paste(band, (0, 0))
    out.paste(board, (0, band.height))
    return out


def _image_data(indexed: Image.Image) -> tuple[int, bytes, bytes]:
    """Pillow's compression of one palette image: (its colour table's size field, the table, the LZW data with its
    sub-blocks and terminator), read out of the one-frame GIF Pillow writes."""
    buffer = io.BytesIO()
    indexed.save(buffer, format="GIF", optimize=False, interlace=False)  # the palette's indices as they are
    data = buffer.getvalue()
    packed = data[10]
    size_field = packed & 0x07
    table_end = 13 + (3 << (size_field + 1) if packed & 0x80 else 0)
    table = data[13:table_end]
    at = table_end
    while data[at:at + 1] == b"!":  # an extension (Pillow may write one): skip its sub-blocks
        at += 2
        while data[at]:
            at += data[at] + 1
        at += 1
    if data[at:at + 1] != b",":
        raise ValueError("no image in the GIF Pillow wrote")
    flags = data[at + 9]
    if flags & 0x40:
        raise ValueError("an interlaced image: its rows would be read out of order")
    at += 10
    if flags & 0x80:  # a local table after all: that one is the frame's
        size_field = flags & 0x07
        table = data[at:at + (3 << (size_field + 1))]
        at += 3 << (size_field + 1)
    return size_field, table, data[at:-1]  # up to the trailer ";"


_UNCHANGED = [255] + [0] * 255
"""A difference's lookup table: 255 where a pixel did not change."""


class GifStream:
    """A looping GIF written a frame at a time: each frame the rectangle that changed, with its own palette."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.out = io.BytesIO()
        self.out.write(b"GIF89a" + struct.pack("<HHBBB", size[0], size[1], 0, 0, 0))  # no global colour table
        self.out.write(b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\x00")  # loop for ever
        self._previous: Image.Image | None = None
        self._pending: tuple[tuple[int, int], int, int | None, bytes, bytes] | None = None
        """The last frame, written once its delay is known (the next frame may be the same, adding to it)."""
        self.frames = 0

    def add(self, frame: Image.Image, duration_ms: int) -> None:
        """Add an RGB frame of the stream's size, shown ``duration_ms``."""
        clear = None
        if self._previous is None:
            box = (0, 0, *self.size)
        else:
            changed = ImageChops.difference(self._previous, frame)
            box = changed.getbbox()
            if box is None:  # nothing changed: the frame before stays longer
                offset, delay, clear_before, table, data = self._pending  # type: ignore[misc]
                self._pending = (offset, delay + duration_ms, clear_before, table, data)
                return
            r, g, b = changed.crop(box).split()
            kept = ImageChops.lighter(ImageChops.lighter(r, g), b).point(_UNCHANGED)  # 255 where unchanged
        self._flush()
        crop = frame.crop(box)
        # Few colours (a moved piece, a caption): median cut keeps each exactly. Many (anti-aliased text over a
        # board): fast octree, five times quicker and closer than median cut there.
        method = Image.Quantize.MEDIANCUT if crop.getcolors(255) else Image.Quantize.FASTOCTREE
        part = crop.quantize(colors=255, method=method, dither=Image.Dither.NONE)
        palette = part.getpalette() or []
        part.putpalette(palette[:765] + [0] * (768 - len(palette[:765])))  # 256 entries: the last one free
        if self._previous is not None:  # pixels as they were show through: one index, which packs to little
            clear = 255
            part.paste(clear, mask=kept)
        size_field, table, data = _image_data(part)
        descriptor = b"," + struct.pack("<HHHHB", box[0], box[1], box[2] - box[0], box[3] - box[1],
                                        0x80 | size_field)
        self._pending = ((box[0], box[1]), duration_ms, clear, descriptor + table, data)
        self._previous = frame
        self.frames += 1

    def _flush(self) -> None:
        if self._pending is None:
            return
        _offset, delay, clear, head, data = self._pending
        # Graphic control: disposal 1 (the frame stays: the next one draws over it), the delay in 1/100 s, and the
        # index that lets the frame before show through
        flags = (1 << 2) | (1 if clear is not None else 0)
        self.out.write(b"!\xf9\x04" + bytes([flags]) + struct.pack("<H", max(2, round(delay / 10)))
                       + bytes([clear or 0]) + b"\x00")
        self.out.write(head + data)
        self._pending = None

    @property
    def written(self) -> int:
        """The bytes so far (the frame held back included)."""
        pending = len(self._pending[3]) + len(self._pending[4]) if self._pending else 0
        return self.out.tell() + pending

    def close(self) -> bytes:
        """The whole GIF."""
        self._flush()
        self.out.write(b";")
        return self.out.getvalue()


Frame = tuple[bytes, str, str, int]
"""One step of a replay: the board's PNG, the step (``#12``), the caption, how long it is shown (ms)."""


def _encode(frames: Sequence[Frame], scale: float, budget: int, progress: Callable[[int, int], None] | None
            ) -> tuple[bytes | None, float]:
    """The frames as a GIF at ``scale``; or (None, the share of the frames written) as soon as it grows past
    ``budget``."""
    band = caption_band(Image.open(io.BytesIO(frames[0][0])).width, "", "").height
    width = height = 0
    for png, *_ in frames:  # the canvas fits every board (a match's last may be taller: its result band)
        w, h = Image.open(io.BytesIO(png)).size  # the size only: nothing is decoded
        width, height = max(width, w), max(height, h + band)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    stream = GifStream(size)
    for i, (png, step, text, ms) in enumerate(frames):
        picture = captioned(png, step, text)
        if picture.size != (width, height):
            canvas = Image.new("RGB", (width, height), CAPTION_FILL)
            canvas.paste(picture, (0, 0))
            picture = canvas
        if scale != 1.0:
            picture = picture.resize(size, Image.Resampling.LANCZOS)
        stream.add(picture, ms)
        if stream.written > budget:
            return None, (i + 1) / len(frames)
        if progress is not None:
            progress(i + 1, len(frames))
    return stream.close(), 1.0


def thinned(frames: Sequence[Frame], keep: int) -> list[Frame]:
    """``keep`` frames spread evenly over ``frames``, the first and the last among them; each shown as long as the
    frames it stands for."""
    if keep >= len(frames) or len(frames) <= 2:
        return list(frames)
    keep = max(2, keep)
    picks = sorted({round(i * (len(frames) - 1) / (keep - 1)) for i in range(keep)})
    out = []
    for a, b in zip(picks, picks[1:] + [len(frames)]):
        png, step, text, _ms = frames[a]
        out.append((png, step, text, sum(f[3] for f in frames[a:b])))
    return out


def animation(frames: Sequence[Frame], budget: int = BUDGET,
              progress: Callable[[int, int], None] | None = None) -> tuple[bytes, float, int]:
    """The frames as one GIF within ``budget`` bytes: at full size if it fits, else smaller (down to
    ``SMALLEST_SCALE``), else with fewer frames (spread evenly, the first and last kept). A try that grows past the
    budget stops there, and the next is sized by how far it got. Returns the GIF, the scale and the frames kept."""
    frames = list(frames)
    scale = 1.0
    while True:
        data, done = _encode(frames, scale, budget, progress)
        if data is not None:
            return data, scale, len(frames)
        over = 1 / max(done, 1e-3)  # how many times the budget the whole would have taken, about
        wanted = scale * (0.9 / over) ** 0.5  # bytes go with the area
        if wanted >= SMALLEST_SCALE:
            scale = min(round(wanted, 3), round(scale * 0.9, 3))
        elif scale > SMALLEST_SCALE:
            scale = SMALLEST_SCALE
        elif len(frames) > 2:
            frames = thinned(frames, max(2, min(len(frames) - 1, int(len(frames) * 0.9 / over))))
        elif scale > 0.1:  # two frames too large even so: smaller still
            scale = round(scale * 0.7, 3)
        else:
            raise ValueError("two frames do not fit the budget")
