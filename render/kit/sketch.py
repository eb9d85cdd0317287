"""A board as a kept static layer and the drawings over it, compressed band by band as Underworlds' is (issue 39).

A game draws its static layer (the field, the zones, the arena: whatever a match's boards share) once, in RGB as
before; ``Static.of`` turns it into a palette layer compressed band by band (``render.kit.png``), its palette the
game's own colours (``colours``: every fill and ink exact) and the layer's other tones. Each board then draws on a
``Sketch`` with the calls of ``ImageDraw`` (``line``, ``ellipse``, ``rectangle``, ``polygon``, ``text``...): the
sketch only records them, each with the rows it may touch and what decides its pixels (its arguments). ``png``
reuses every band nothing is drawn over (the layer's) and every band whose drawings were all drawn there before
(kept compressed by the drawings' keys, ``BANDS_CACHE_BYTES``); only the other bands are drawn, exactly as
``ImageDraw`` draws on an RGB image (the layer's rows under them first), mapped to the palette and compressed. A
match's next board draws and compresses the few bands its last action changed.

Same drawings over the same layer, same bytes: the palette is the layer's, fixed when the layer is made.
"""
from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageColor, ImageDraw, ImageFont

from render.kit.cache import ByteCache
from render.kit.png import BAND_ROWS, Band, BandedLayer, deflate_band, png
from render.kit.text import _length, draw_text, text_length

RGB = tuple[int, int, int]
BANDS_CACHE_BYTES = 32 * 1024 * 1024
"""Compressed bands of the boards drawn, by the drawings over them: most of a match's next board is its last one's."""
_BANDS: ByteCache[Band] = ByteCache(BANDS_CACHE_BYTES, lambda band: len(band[0]) + 160)
LEVELS = (0.25, 0.5, 0.75)


@lru_cache(maxsize=1024)
def colour(value: Any) -> RGB | None:
    """An RGB triple from a colour as ``ImageDraw`` takes it (a name, ``#rrggbb``, a triple), None for none."""
    if value is None:
        return None
    if isinstance(value, tuple):
        return tuple(int(v) for v in value[:3])  # type: ignore[return-value]
    r, g, b = ImageColor.getrgb(value)[:3]
    return r, g, b


def blends(inks: Iterable[Any], fills: Iterable[Any], levels: Sequence[float] = LEVELS) -> list[RGB]:
    """The tones of each ink anti-aliased over each fill (text edges): for a layer's palette."""
    out = []
    fills = [colour(f) for f in fills]
    for ink in inks:
        fg = colour(ink)
        for bg in fills:
            out.extend(tuple(round(b + (f - b) * k) for f, b in zip(fg, bg)) for k in levels)  # type: ignore[misc]
    return out


@dataclass(frozen=True)
class Static:
    """A board's static layer: compressed band by band, with the palette every board drawn over it uses."""

    layer: BandedLayer
    palette_image: Image.Image
    """A 1x1 palette image holding the palette (what ``quantize`` maps drawn rows to)."""

    @classmethod
    def of(cls, image: Image.Image, colours: Iterable[Any] = ()) -> "Static":
        """The layer of an RGB ``image``: the palette is ``colours`` (exact, first ones first, up to 256) and the
        image's own tones quantized into the rest; the image mapped to it, pixel by pixel to the nearest."""
        fixed: list[RGB] = []
        for c in colours:
            rgb = colour(c)
            if rgb is not None and rgb not in fixed:
                fixed.append(rgb)
        fixed = fixed[:224]
        room = 256 - len(fixed)
        image = image.convert("RGB")
        own = image.quantize(colors=room, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        used = [i for i, count in enumerate(own.histogram()) if count]
        flat = own.getpalette() or []
        for i in used:
            rgb = tuple(flat[i * 3:i * 3 + 3])
            if rgb not in fixed and len(fixed) < 256:
                fixed.append(rgb)  # type: ignore[arg-type]
        palette = [v for rgb in fixed for v in rgb]
        palette_image = Image.new("P", (1, 1))
        palette_image.putpalette(palette + palette[:3] * (256 - len(fixed)))
        return cls(BandedLayer.of(image.quantize(palette=palette_image, dither=Image.Dither.NONE)), palette_image)

    @property
    def width(self) -> int:
        return self.layer.width

    @property
    def height(self) -> int:
        return self.layer.height

    @property
    def size(self) -> int:
        """Bytes held."""
        return self.layer.size + 1024


Box = tuple[float, float, float, float]


def _flat(xy: Any) -> tuple[float, ...]:
    """Points as ``ImageDraw`` takes them (pairs, a flat sequence), flat and rounded to a 1/1000 pixel."""
    out: list[float] = []
    for item in xy:
        if isinstance(item, (tuple, list)):
            out.extend(round(float(v), 3) for v in item)
        else:
            out.append(round(float(item), 3))
    return tuple(out)


@lru_cache(maxsize=8192)
def _text_bbox(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, text: str, anchor: str | None, stroke: int
               ) -> tuple[int, int, int, int]:
    if isinstance(font, ImageFont.FreeTypeFont):
        return font.getbbox(text, anchor=anchor, stroke_width=stroke)  # type: ignore[return-value]
    return ImageDraw.Draw(Image.new("L", (1, 1))).textbbox((0, 0), text, font=font, anchor=anchor,
                                                         stroke_width=stroke)  # type: ignore[return-value]


@lru_cache(maxsize=4096)
def _stroke_mask(font: ImageFont.FreeTypeFont, text: str, anchor: str | None, stroke: int
                 ) -> tuple[Any, tuple[int, int]]:
    """The mask ``ImageDraw.text`` draws a stroke with, from a whole pixel."""
    return font.getmask2(text, "L", stroke_width=stroke, anchor=anchor, ink=0, start=(0.0, 0.0), stroke_filled=True)


class Sketch:
    """What a board draws over its static layer, recorded with ``ImageDraw``'s calls (RGB colours, names or hex
    strings) and drawn by ``png``. ``height`` may differ from the layer's (a key band added below): rows past the
    layer are ``fill``."""

    def __init__(self, static: Static, *, height: int | None = None, fill: Any = None) -> None:
        self.static = static
        self.width = static.width
        self.height = static.height if height is None else height
        self.fill = colour(fill) or tuple(static.layer.palette[:3])
        self.ops: list[tuple[tuple, int, int, Callable[[ImageDraw.ImageDraw, Image.Image], None]]] = []
        self._measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))

    # recording --------------------------------------------------------------------------------------------------
    def _add(self, key: tuple, box: Box, pad: float,
             draw: Callable[[ImageDraw.ImageDraw, Image.Image], None]) -> None:
        top, bottom = max(0, math.floor(box[1] - pad) - 1), math.ceil(box[3] + pad) + 2
        if bottom > 0 and top < self.height:
            self.ops.append((key, top, min(bottom, self.height), draw))

    @staticmethod
    def _box(points: tuple[float, ...]) -> Box:
        xs, ys = points[0::2], points[1::2]
        return min(xs), min(ys), max(xs), max(ys)

    def line(self, xy: Any, fill: Any = None, width: int = 0) -> None:
        points, ink = _flat(xy), colour(fill)
        self._add(("line", points, ink, width), self._box(points), width + 2,
                  lambda d, _: d.line(points, fill=ink, width=width))

    def _shape(self, name: str, xy: Any, fill: Any, outline: Any, width: int, **more: Any) -> None:
        points, inside, edge = _flat(xy), colour(fill), colour(outline)
        extra = tuple(sorted(more.items()))
        self._add((name, points, inside, edge, width, extra), self._box(points), width + 2,
                  lambda d, _: getattr(d, name)(points if name == "polygon" else list(points), fill=inside,
                                                outline=edge, width=width, **more))

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._shape("ellipse", xy, fill, outline, width)

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._shape("rectangle", xy, fill, outline, width)

    def rounded_rectangle(self, xy: Any, radius: float = 0, fill: Any = None, outline: Any = None,
                          width: int = 1) -> None:
        self._shape("rounded_rectangle", xy, fill, outline, width, radius=radius)

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._shape("polygon", xy, fill, outline, width)

    def text(self, xy: tuple[float, float], text: str, fill: Any = None, font: Any = None, anchor: str | None = None,
             stroke_width: int = 0, stroke_fill: Any = None) -> None:
        """One line of text as ``ImageDraw.text`` draws it from the nearest whole pixel (its glyph masks kept: a
        position to a fraction of a pixel would make a mask per board)."""
        x, y = round(float(xy[0])), round(float(xy[1]))
        ink, edge = colour(fill), colour(stroke_fill)
        left, top, right, bottom = _text_bbox(font, text, anchor, stroke_width)
        box = (x + left, y + top, x + right, y + bottom)
        if stroke_width and edge is not None and isinstance(font, ImageFont.FreeTypeFont):
            def paint(d: ImageDraw.ImageDraw, _: Image.Image) -> None:
                mask, (dx, dy) = _stroke_mask(font, text, anchor, stroke_width)
                d.draw.draw_bitmap((x + dx, y + dy), mask, d._getink(edge)[0])  # as ImageDraw.text's stroke
                if ink != edge:
                    draw_text(d, (x, y), text, fill=ink, font=font, anchor=anchor)

            self._add(("text", x, y, text, ink, font, anchor, stroke_width, edge), box, 2, paint)
        else:
            self._add(("text", x, y, text, ink, font, anchor), box, 2,
                      lambda d, _: draw_text(d, (x, y), text, fill=ink, font=font, anchor=anchor))

    def bitmap(self, xy: tuple[int, int], mask: Image.Image, fill: Any, key: Hashable) -> None:
        """An ``L`` mask drawn in ``fill`` at ``xy`` (``key``: what decides the mask, it is not hashed itself)."""
        ink = colour(fill)
        x, y = int(xy[0]), int(xy[1])
        self._add(("bitmap", x, y, ink, key), (x, y, x + mask.width, y + mask.height), 1,
                  lambda d, _: d.bitmap((x, y), mask, fill=ink))

    def textlength(self, text: str, font: Any) -> float:
        return text_length(self._measure, text, font=font)

    # drawing ----------------------------------------------------------------------------------------------------
    def png(self) -> bytes:
        """The board: the layer's bands where nothing is drawn, kept bands where the same was drawn before, the
        rest drawn now."""
        static, height = self.static, self.height
        layer, rows = static.layer, BAND_ROWS
        count = -(-height // rows)
        over: list[list[tuple]] = [[] for _ in range(count)]
        touching: list[tuple[int, int]] = []
        for key, top, bottom, _ in self.ops:
            first, last = top // rows, (bottom - 1) // rows
            touching.append((first, last))
            for band in range(first, last + 1):
                over[band].append(key)
        bands: list[Band | None] = [None] * count
        dirty: dict[int, tuple] = {}
        for number, keys in enumerate(over):
            if not keys and number < len(layer.bands) and (
                    min(rows, layer.height - number * rows) == min(rows, height - number * rows)):
                bands[number] = layer.bands[number]  # the layer's own band, whole
                continue
            key = (layer.serial, number, min(rows, height - number * rows), *keys)
            band = _BANDS.get(key)
            if band is None:
                dirty[number] = key
            bands[number] = band
        if dirty:
            for number, band in self._draw(dirty, touching).items():
                bands[number] = _BANDS.put(dirty[number], band)
        return png(self.width, height, layer.palette, bands)  # type: ignore[arg-type]

    def _draw(self, dirty: dict[int, tuple], touching: list[tuple[int, int]]) -> dict[int, Band]:
        layer, rows, width, height = self.static.layer, BAND_ROWS, self.width, self.height
        runs = _runs(dirty)
        canvas, draw = _canvas(width, runs[-1][1] * rows)
        for first, last in runs:
            top = first * rows
            inside = min(last, len(layer.bands))
            if first < inside:
                under = layer.rows(first, inside)
                under.putpalette(layer.palette)
                canvas.paste(under.convert("RGB"), (0, top))
                below = min(layer.height, inside * rows)
            else:
                below = top
            if below < last * rows:
                draw.rectangle((0, below, width, last * rows), fill=self.fill)
        for (first, last), (_, _, _, paint) in zip(touching, self.ops):
            if any(band in dirty for band in range(first, last + 1)):
                paint(draw, canvas)
        out: dict[int, Band] = {}
        for first, last in runs:
            bottom = min(last * rows, height)
            mapped = canvas.crop((0, first * rows, width, bottom)).quantize(
                palette=self.static.palette_image, dither=Image.Dither.NONE)
            data = mapped.tobytes()
            step = width * rows
            for number in range(first, last):
                offset = (number - first) * step
                out[number] = deflate_band(data[offset:offset + step], width)
        return out


Hashable = Any

_CANVASES = threading.local()


def _canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """This thread's RGB canvas ``width`` wide and at least ``height`` high, kept from board to board: only the
    dirty rows are read back, and each is pasted from the layer (or filled) before anything is drawn on it."""
    kept = getattr(_CANVASES, "by_width", None)
    if kept is None:
        kept = _CANVASES.by_width = {}
    canvas = kept.get(width)
    if canvas is None or canvas[0].height < height:
        img = Image.new("RGB", (width, max(height, canvas[0].height if canvas else 0)))
        canvas = kept[width] = (img, ImageDraw.Draw(img))
    return canvas


def _runs(bands: Iterable[int]) -> list[tuple[int, int]]:
    """Band numbers as runs of consecutive bands, (first, past the last), top first."""
    runs: list[list[int]] = []
    for number in sorted(bands):
        if runs and runs[-1][1] == number:
            runs[-1][1] = number + 1
        else:
            runs.append([number, number + 1])
    return [(first, last) for first, last in runs]


def length(font: Any, text: str) -> float:
    """``font.getlength(text)``, kept (labels are measured to be placed on every board, the same words again)."""
    return _length(font, text, "L")
