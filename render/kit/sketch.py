"""A board as a kept static layer and the drawings over it, compressed band by band (issue 39).

A board draws with ``ImageDraw``'s calls (``line``, ``ellipse``, ``rectangle``, ``polygon``, ``text``...) on a
``Sketch``, which only records them: each call with the rows it may touch and what decides its pixels (its
arguments, its colours as palette indices). A game draws its static layer (the field, the zones, the arena:
whatever a match's boards share) once on a blank sketch (``Sketch.blank``) and keeps it (``Sketch.freeze``:
compressed band by band, ``render.kit.png``); each board is then a sketch over that layer. ``png`` reuses every
band nothing is drawn over (the layer's) and every band whose drawings were all drawn there before (kept
compressed by the digests of the drawings' keys, ``BANDS_CACHE_BYTES``); only the other bands are drawn, on the layer's rows, and
compressed. A match's next board draws and compresses the few bands its last action changed. A part of a board
that looks the same from board to board (a card) can be recorded once and given again (``Sketch.group``).

Everything is drawn on a palette image (flat fills encode many times faster than RGB, and nothing is quantized):
shapes exactly as ``ImageDraw`` draws them on an RGB image (it does not anti-alias them), text in four tones
between its colour and the colour under it (``bg``, the background unless told: ``render.kit.text.draw_tones``).
The palette is the layer's colours (the game's own first, in a fixed order), then the colours a board adds in
drawing order: same drawings, same bytes.
"""
from __future__ import annotations

import math
import threading
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageColor, ImageDraw, ImageFont

from render.kit.cache import ByteCache
from render.kit.layout import Layout, NullLayout
from render.kit.png import BAND_ROWS, Band, BandedLayer, deflate_filtered, png
from render.kit.text import _length, cut_in_tones, draw_tones

RGB = tuple[int, int, int]
BANDS_CACHE_BYTES = 32 * 1024 * 1024
"""Compressed bands of the boards drawn, by the drawings over them: most of a match's next board is its last one's."""
_BANDS: ByteCache[Band] = ByteCache(BANDS_CACHE_BYTES, lambda band: len(band[0]) + 160)
GROUPS_CACHE_BYTES = 4 * 1024 * 1024
"""Groups of drawings kept by what decides them (``Sketch.group``), about 400 bytes a drawing."""
_GROUPS: ByteCache[tuple[list, list]] = ByteCache(GROUPS_CACHE_BYTES,
                                                 lambda kept: 400 * len(kept[0]) + 120 * len(kept[1]) + 200)
LEVELS = (0.25, 0.5, 0.75, 1.0)
"""Text's four tones (``render.kit.text.TONE_CUTS``)."""


@lru_cache(maxsize=1024)
def colour(value: Any) -> RGB | None:
    """An RGB triple from a colour as ``ImageDraw`` takes it (a name, ``#rrggbb``, a triple), None for none."""
    if value is None:
        return None
    if isinstance(value, tuple):
        return tuple(int(v) for v in value[:3])  # type: ignore[return-value]
    r, g, b = ImageColor.getrgb(value)[:3]
    return r, g, b


@lru_cache(maxsize=4096)
def tones(fg: RGB, bg: RGB) -> tuple[RGB, ...]:
    """Text in ``fg`` anti-aliased over ``bg``: its four tones (1/4, 1/2, 3/4, full)."""
    return tuple(tuple(round(b + (f - b) * k) for f, b in zip(fg, bg)) for k in LEVELS)  # type: ignore[misc]


def blends(inks: Iterable[Any], fills: Iterable[Any]) -> list[RGB]:
    """The tones of each ink over each fill: for a layer's palette (text a board draws there)."""
    fills = [colour(f) for f in fills]
    return [tone for ink in inks for bg in fills for tone in tones(colour(ink), bg)]  # type: ignore[arg-type]


@dataclass(frozen=True)
class Static:
    """A board's static layer: compressed band by band, with its palette (the colours of every board over it
    start with these)."""

    layer: BandedLayer
    colours: tuple[RGB, ...]
    index_of: dict[RGB, int] = field(compare=False, hash=False)
    letters: tuple[tuple[Box, str, float], ...] = ()
    """Every line of text drawn on the layer: its box, its words, its letters' size in pixels."""

    @property
    def width(self) -> int:
        return self.layer.width

    @property
    def height(self) -> int:
        return self.layer.height

    @property
    def size(self) -> int:
        """Bytes held."""
        return self.layer.size + 16 * len(self.colours) + 120 * len(self.letters) + 512


Box = tuple[float, float, float, float]
Paint = Callable[[ImageDraw.ImageDraw], None]


def _flat(xy: Any) -> tuple[float, ...]:
    """Points as ``ImageDraw`` takes them (pairs, or a flat sequence), flat: the same view computes the same
    numbers, so they key a drawing as they are."""
    if isinstance(xy[0], (tuple, list)):
        return tuple(v for point in xy for v in point)
    return tuple(xy)


@lru_cache(maxsize=8192)
def _text_bbox(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, text: str, anchor: str | None, stroke: int
               ) -> tuple[int, int, int, int]:
    if isinstance(font, ImageFont.FreeTypeFont):
        return font.getbbox(text, anchor=anchor, stroke_width=stroke)  # type: ignore[return-value]
    return ImageDraw.Draw(Image.new("L", (1, 1))).textbbox((0, 0), text, font=font, anchor=anchor,
                                                         stroke_width=stroke)  # type: ignore[return-value]


@lru_cache(maxsize=4096)
def _stroke_cuts(font: ImageFont.FreeTypeFont, text: str, anchor: str | None, stroke: int
                 ) -> tuple[tuple[Image.Image, ...], tuple[int, int]]:
    """The mask ``ImageDraw.text`` draws a stroke with (from a whole pixel), cut in four tones."""
    mask, offset = font.getmask2(text, "L", stroke_width=stroke, anchor=anchor, ink=0, start=(0.0, 0.0),
                                 stroke_filled=True)
    return cut_in_tones(mask), offset


def _font_key(font: Any) -> tuple:
    """What names a font in a drawing's key: its file and size (not the object: bands are kept by digests, and a
    font no longer kept could leave its id to another)."""
    return getattr(font, "path", None), getattr(font, "size", None), getattr(font, "index", 0), id(font) if not \
        hasattr(font, "path") else 0


class Sketch:
    """What a board draws over its static layer, recorded with ``ImageDraw``'s calls (colours as names, hex strings
    or triples) and drawn by ``png``. ``height`` may differ from the layer's (a key band added below): rows past
    the layer are ``fill`` (the background: under text drawn without a ``bg``)."""

    def __init__(self, static: Static, *, height: int | None = None, fill: Any = None,
                 layout: Layout | None = None) -> None:
        self.static = static
        self.width = static.width
        self.height = static.height if height is None else height
        self.colours = list(static.colours)
        self.index_of = dict(static.index_of)
        self.fill = colour(fill) or static.colours[0]
        self.ops: list[tuple[tuple, int, int, Paint]] = []
        self._tones: dict[tuple[Any, Any], tuple[int, ...]] = {}
        self.letters: list[tuple[Box, str, float]] = []
        self.layout = None if layout is None or isinstance(layout, NullLayout) else layout
        """A test's layout (``render.kit.layout.recording``): every line of text is recorded in it (``lettering``)."""
        for box, text, px in static.letters if self.layout is not None else ():
            self.layout.add("lettering", box, text, "", px)

    @classmethod
    def blank(cls, width: int, height: int, background: Any, colours: Iterable[Any] = ()) -> "Sketch":
        """A sketch over nothing but ``background``, its palette starting with ``colours`` (in this order): to
        draw a static layer on (``static``)."""
        palette: list[RGB] = []
        for c in (background, *colours):
            rgb = colour(c)
            if rgb is not None and rgb not in palette:
                palette.append(rgb)
        image = Image.new("P", (width, height), 0)
        image.putpalette([v for rgb in palette[:256] for v in rgb])
        static = Static(BandedLayer.of(image), tuple(palette[:256]), {c: i for i, c in enumerate(palette[:256])})
        return cls(static, fill=background)

    def freeze(self) -> Static:
        """What is drawn, as a static layer for boards to draw over (its palette: the colours used so far)."""
        canvas = Image.new("P", (self.width, self.height), self.ink(self.fill))
        draw = ImageDraw.Draw(canvas)
        under = self.static.layer.rows(0, len(self.static.layer.bands))  # the blank layer (or one drawn over)
        canvas.paste(under.crop((0, 0, self.width, min(self.height, under.height))), (0, 0))
        for _, _, _, paint in self.ops:
            paint(draw)
        canvas.putpalette([v for rgb in self.colours for v in rgb])
        return Static(BandedLayer.of(canvas), tuple(self.colours), dict(self.index_of), tuple(self.letters))

    def ink(self, value: Any) -> int:
        """The palette index of a colour (added if new; the nearest once the palette is full)."""
        rgb = colour(value)
        index = self.index_of.get(rgb)  # type: ignore[arg-type]
        if index is None:
            if len(self.colours) < 256:
                index = len(self.colours)
                self.colours.append(rgb)  # type: ignore[arg-type]
            else:
                index = min(range(256), key=lambda i: sum((a - b) ** 2 for a, b in zip(self.colours[i], rgb)))
            self.index_of[rgb] = index  # type: ignore[index]
        return index

    def _ink(self, value: Any) -> int | None:
        return None if value is None else self.ink(value)

    def tones(self, fill: Any, bg: Any) -> tuple[int, ...]:
        """The palette indices of text in ``fill`` over ``bg`` (its four tones)."""
        inks = self._tones.get((fill, bg))
        if inks is None:
            inks = self._tones[(fill, bg)] = tuple(
                self.ink(t) for t in tones(colour(fill), colour(bg) or self.fill))  # type: ignore[arg-type]
        return inks

    # recording --------------------------------------------------------------------------------------------------
    def _add(self, key: tuple, box: Box, pad: float, paint: Paint) -> None:
        top, bottom = max(0, math.floor(box[1] - pad) - 1), math.ceil(box[3] + pad) + 2
        if bottom > 0 and top < self.height:
            self.ops.append((key, top, min(bottom, self.height), paint))

    @staticmethod
    def _box(points: tuple[float, ...]) -> Box:
        xs, ys = points[0::2], points[1::2]
        return min(xs), min(ys), max(xs), max(ys)

    def line(self, xy: Any, fill: Any = None, width: int = 0) -> None:
        points, ink = _flat(xy), self._ink(fill)
        self._add(("line", points, ink, width), self._box(points), width + 2,
                  lambda d: d.line(points, fill=ink, width=width))

    def _shape(self, name: str, xy: Any, fill: Any, outline: Any, width: int, **more: Any) -> None:
        points, inside, edge = _flat(xy), self._ink(fill), self._ink(outline)
        shape = points if name == "polygon" else list(points)
        self._add((name, points, inside, edge, width, *more.values()), self._box(points), width + 2,
                  lambda d: getattr(d, name)(shape, fill=inside, outline=edge, width=width, **more))

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
             stroke_width: int = 0, stroke_fill: Any = None, bg: Any = None) -> None:
        """One line of text where ``ImageDraw.text`` puts it, from the nearest whole pixel, in four tones of
        ``fill`` over ``bg`` (the colour under it: the background unless told); with a stroke, the stroke's
        tones over ``bg`` and the text's over the stroke."""
        if not text:
            return
        x, y = round(xy[0]), round(xy[1])
        left, top, right, bottom = _text_bbox(font, text, anchor, stroke_width)
        box = (x + left, y + top, x + right, y + bottom)
        px = float(getattr(font, "size", 0))
        self.letters.append((box, text, px))
        if self.layout is not None:
            self.layout.add("lettering", box, text, "", px)
        anchor = anchor or "la"
        if stroke_width and stroke_fill is not None:
            outer, inner = self.tones(stroke_fill, bg), self.tones(fill, stroke_fill)

            def paint(d: ImageDraw.ImageDraw) -> None:
                cuts, (dx, dy) = _stroke_cuts(font, text, anchor, stroke_width)
                for cut, ink in zip(cuts, outer):
                    d.draw.draw_bitmap((x + dx, y + dy), cut, ink)
                draw_tones(d, (x, y), text, tones=inner, font=font, anchor=anchor)

            self._add(("text", x, y, text, _font_key(font), anchor, stroke_width, outer, inner), box, 2, paint)
        else:
            inks = self.tones(fill, bg)
            self._add(("text", x, y, text, _font_key(font), anchor, inks), box, 2,
                      lambda d: draw_tones(d, (x, y), text, tones=inks, font=font, anchor=anchor))

    def bitmap(self, xy: tuple[int, int], mask: Image.Image, fill: Any, key: Any) -> None:
        """A mask of 0 and 255 (``L``: lines, not anti-aliased) drawn in ``fill`` at ``xy``; ``key`` says what
        decides the mask (the mask itself is not hashed)."""
        ink = self.ink(fill)
        x, y = int(xy[0]), int(xy[1])
        self._add(("bitmap", x, y, ink, key), (x, y, x + mask.width, y + mask.height), 1,
                  lambda d: d.bitmap((x, y), mask, fill=ink))

    def textlength(self, text: str, font: Any) -> float:
        return length(font, text)

    def group(self, key: Hashable, draw: Callable[[], None]) -> None:
        """What ``draw`` draws on this sketch, which ``key`` decides alone (with the layer and the height): recorded
        once and kept (``GROUPS_CACHE_BYTES``), given again to the next boards that draw it (a card drawn the same
        on every board of a match is not measured and recorded again). Not kept once the board has colours of its
        own (past the layer's: their indices are this board's), nor while a test records the layout (every line of
        text is written there as drawn)."""
        if self.layout is not None:
            draw()
            return
        name = (self.static.layer.serial, self.height, key)
        kept = _GROUPS.get(name)
        if kept is not None:
            self.ops += kept[0]
            self.letters += kept[1]
            return
        ops, letters = len(self.ops), len(self.letters)
        draw()
        if len(self.colours) == len(self.static.colours):
            _GROUPS.put(name, (self.ops[ops:], self.letters[letters:]))

    # drawing ----------------------------------------------------------------------------------------------------
    def png(self) -> bytes:
        """The board: the layer's bands where nothing is drawn, kept bands where the same was drawn before, the
        rest drawn now."""
        layer, height, rows = self.static.layer, self.height, BAND_ROWS
        count = -(-height // rows)
        over: list[list[tuple]] = [[] for _ in range(count)]
        touching: list[range] = []
        for key, top, bottom, _ in self.ops:  # (the height may have been cut since: drawings past it are not drawn)
            span = range(top // rows, min(count - 1, (bottom - 1) // rows) + 1)
            touching.append(span)
            # each drawing's key hashed once (a card's is in a score of bands): bands are kept by 64-bit digests
            digest = hash(key)
            for band in span:
                over[band].append(digest)
        bands: list[Band | None] = [None] * count
        dirty: dict[int, tuple] = {}
        get = _BANDS.get
        for number, keys in enumerate(over):
            whole = min(rows, height - number * rows)
            if not keys and number < len(layer.bands) and min(rows, layer.height - number * rows) == whole:
                bands[number] = layer.bands[number]  # the layer's own band
                continue
            key = (layer.serial, number, whole, *keys)
            band = bands[number] = get(key)
            if band is None:
                dirty[number] = key
        if dirty:
            for number, band in self._draw(dirty, touching).items():
                bands[number] = _BANDS.put(dirty[number], band)
        return png(self.width, height, [v for rgb in self.colours for v in rgb], bands)  # type: ignore[arg-type]

    def _draw(self, dirty: dict[int, tuple], touching: list[range]) -> dict[int, Band]:
        """The ``dirty`` bands drawn and compressed: each run of them as PNG filters it (a filter byte, 0, then
        the row's pixels: the layer's rows inflated as they are, or the fill), pasted a column left onto this
        thread's canvas, every drawing touching them drawn there, and the rows pasted back."""
        layer, rows, width, height = self.static.layer, BAND_ROWS, self.width, self.height
        runs = band_runs(dirty)
        canvas, draw = canvas_for(width, runs[-1][1] * rows)
        fill = self.ink(self.fill)
        filtered = []
        for first, last in runs:
            inside = min(last, len(layer.bands))
            under = layer.filtered_rows(first, inside) if first < inside else None
            run = Image.new("P", (width + 1, (last - first) * rows), fill)
            run.paste(0, (0, 0, 1, run.height))
            if under is not None:
                run.paste(under, (0, 0))
            filtered.append(run)
            canvas.paste(run, (-1, first * rows))
        for span, (_, _, _, paint) in zip(touching, self.ops):
            if any(band in dirty for band in span):
                paint(draw)
        out: dict[int, Band] = {}
        step = (width + 1) * rows
        for (first, last), run in zip(runs, filtered):
            run.paste(canvas.crop((0, first * rows, width, last * rows)), (1, 0))
            data = memoryview(run.tobytes())[:(height - first * rows) * (width + 1)]
            for number in range(first, last):
                out[number] = deflate_filtered(data[(number - first) * step:(number - first + 1) * step])
        return out


_CANVASES = threading.local()


def canvas_for(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """This thread's palette canvas ``width`` wide and at least ``height`` high, kept from board to board with
    whatever the last boards left on it: only the dirty rows are read back, each pasted from the layer (or
    filled) before anything is drawn there. A new one costs more than drawing (a whole board's pixels allocated
    and cleared)."""
    kept = getattr(_CANVASES, "by_width", None)
    if kept is None:
        kept = _CANVASES.by_width = {}
    canvas = kept.get(width)
    if canvas is None or canvas[0].height < height:
        img = Image.new("P", (width, max(height, canvas[0].height if canvas else 0)))
        canvas = kept[width] = (img, ImageDraw.Draw(img))
    return canvas


def band_runs(bands: Iterable[int]) -> list[tuple[int, int]]:
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
