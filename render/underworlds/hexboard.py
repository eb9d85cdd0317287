"""Draw an Underworlds battlefield as a PNG: the boards, then pieces, feature tokens and arrows on top.

Read on a phone (issue 34 item 1): shown 400 pixels wide, every line of text is at least Discord's own text size
there (``render.kit.phone``), whatever the battlefield's width. So the hexes carry no words: the coordinates run
along the edges (each column's letter above and below, each row's number left and right); a fighter is a disc with
its two-letter code large inside, its wounds red pips along the top of its rim and its markers pips of their own
shape and colour along the bottom; an objective's number is large in its hex's middle. Below the hexes: the title
(the boards, whose is which), the legend (each player's name beside their territory and fighters' colour, every
hex, token and pip explained), then the key: one line a fighter, its code in its warband's colour, its name, wounds,
markers and the objective it stands on (its number hidden under the disc).

The static layer (hex fills by type, territory tints, the coordinates along the edges) is kept compressed band by
band (``render.kit.png``), each band by the hexes and coordinates drawn in it: a new battlefield draws only the bands
no other battlefield had (most rows recur: a board face where it lies, rows of plain hexes). A match's title and
legend are drawn under it once per labels and words, straight in palette tones from kept word masks; the key's rows
are blank bands added below (``_with_key``). A board is those bands, except where pieces, tokens, arrows,
highlights or key lines are drawn over: each such band is keyed by what is drawn in it and kept compressed too, so
a match's next board draws and compresses only the bands whose drawings changed (on the kit's kept canvas, in runs
of bands). Everything is a palette image (256 colours): flat fills and a few blended text tones encode many times
faster as PNG than RGB and stay small. The inputs are plain dataclasses defined here, so this module depends on the
engine's ``Hex`` and ``Battlefield`` and on no match state.

Same inputs, same bytes: no timestamps, Pillow's built-in scalable font, fixed palette order.
"""
from __future__ import annotations

import itertools
import math
import operator
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache, partial

from PIL import Image, ImageColor, ImageDraw, ImageFont

from render.kit.cache import ByteCache
from render.kit.banner import wrap
from render.kit import fonts
from render.kit.fonts import font
from render.kit.layout import layout_for, recording_now
from render.kit.palette import polygon
from render.kit.phone import phone_px
from render.kit.png import BAND_ROWS, Band, BandedLayer, deflate_band, deflate_filtered, inflate_band, png
from render.kit.sketch import band_runs, canvas_for
from render.kit.text import cut_in_tones, draw_text, draw_tones, text_box, text_length, text_mask

from engine.underworlds.battlefield import Battlefield, HexType, JoinEdge
from engine.underworlds.feature_tokens import FeatureSide
from engine.underworlds.hexgrid import Hex

RGB = tuple[int, int, int]
Colour = str | RGB
"""A colour: ``"#3b6fd8"``, a CSS name, or an RGB triple."""
MIN_TEXT_PX = 14
"""No text is drawn smaller than this (the board's own sizes are larger: ``render.kit.phone.phone_px``)."""
MIN_WIDTH = 1024
"""Narrower images would shrink hex labels below readable sizes on a phone."""


class Marker(StrEnum):
    """A marker drawn beside a fighter (Move/Charge and Guard/Stagger markers, §15-17)."""

    MOVE = "move"
    CHARGE = "charge"
    GUARD = "guard"
    STAGGER = "stagger"


class ArrowKind(StrEnum):
    """What an arrow shows; each kind has its theme colour."""

    MOVE = "move"
    """A movement path through hex centres."""
    CHARGE = "charge"
    ATTACK = "attack"
    """From attacker to target."""
    PUSH = "push"


@dataclass(frozen=True, slots=True)
class Piece:
    """A fighter to draw: a labelled circle in its warband's colour with its markers."""

    hex: Hex
    label: str
    """One to three characters: ``"PF"``, ``"2"``."""
    colour: Colour
    wounds: int = 0
    """Damage taken, shown in a red badge when above 0."""
    markers: frozenset[Marker] = frozenset()
    inspired: bool = False
    """Drawn with a gold ring."""
    name: str = ""
    """The fighter's name, in the key beside its code."""


@dataclass(frozen=True, slots=True)
class TokenMark:
    """A feature token to draw, with the side that is up and, for an objective, its value."""

    hex: Hex
    side: FeatureSide
    value: int | None = None


@dataclass(frozen=True, slots=True)
class Arrow:
    """A path through hex centres, drawn with an arrowhead at its last hex."""

    path: tuple[Hex, ...]
    kind: ArrowKind = ArrowKind.MOVE
    colour: Colour | None = None
    """Overrides the theme colour of ``kind``."""


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour the renderer uses; override fields with ``dataclasses.replace``."""

    background: RGB = (24, 26, 33)
    grid: RGB = (12, 13, 17)
    territory: tuple[RGB, ...] = ((72, 92, 122), (122, 82, 74), (70, 112, 78), (116, 100, 58))
    """Plain hexes of each board, board 0 first: cool, warm, and with three or four players green and ochre."""
    starting: tuple[RGB, ...] = ((112, 140, 182), (178, 124, 112), (108, 166, 118), (170, 150, 92))
    """Starting hexes of each territory (plus a white icon)."""
    no_ones: RGB = (96, 96, 100)
    blocked: RGB = (34, 36, 44)
    blocked_border: RGB = (245, 245, 245)
    lethal: RGB = (150, 34, 38)
    lethal_border: RGB = (255, 70, 70)
    cover: RGB = (40, 96, 160)
    cover_border: RGB = (235, 240, 250)
    trap: RGB = (120, 70, 20)
    trap_border: RGB = (255, 120, 60)
    label: RGB = (236, 238, 242)
    """Coordinates, title and legend text."""
    icon: RGB = (250, 250, 250)
    token: tuple[tuple[str, RGB], ...] = (
        ("objective", (232, 186, 48)), ("cover", (90, 170, 255)), ("blocked", (20, 20, 20)), ("trap", (255, 120, 60)))
    arrow: tuple[tuple[str, RGB], ...] = (
        ("move", (250, 250, 250)), ("charge", (255, 200, 40)), ("attack", (255, 60, 60)), ("push", (255, 150, 40)))
    marker: tuple[tuple[str, RGB], ...] = (
        ("move", (46, 160, 80)), ("charge", (230, 140, 20)), ("guard", (40, 110, 220)), ("stagger", (150, 60, 200)))
    wound: RGB = (200, 20, 30)
    inspired: RGB = (255, 215, 0)
    highlight: RGB = (90, 235, 255)
    """Outline of a highlighted hex given no colour of its own."""
    ink: RGB = (16, 16, 16)
    """Outlines of pieces and badges; dark text on light fills."""

    def of(self, table: tuple[tuple[str, RGB], ...], key: str) -> RGB:
        """One colour of a keyed table (token, arrow, marker)."""
        return dict(table)[key]


DEFAULT_THEME = Theme()
"""Dark boards, warm and cool territory tints."""


@dataclass(frozen=True, slots=True)
class BoardWords:
    """Every word drawn on the image: the title, the legend and the markers' letters. English by default;
    the table layer passes its players' language (this module reads no message catalogue)."""

    title: str = "{first} ({first_player}, {first_side})  +  {second} ({second_player}, {second_side})  ·  {edges}"
    """The two board faces, who holds each, where each lies, and the join."""
    top: str = "top"
    bottom: str = "bottom"
    left: str = "left"
    right: str = "right"
    long_edges: str = "long edges"
    short_edges: str = "short edges"
    no_ones: str = "No one's"
    starting: str = "Starting"
    blocked: str = "Blocked"
    lethal: str = "Lethal"
    cover: str = "Cover"
    trap: str = "Trap"
    objective_token: str = "Objective token"
    cover_token: str = "Cover token"
    blocked_token: str = "Blocked token"
    move: str = "Move"
    charge: str = "Charge"
    guard: str = "Guard"
    stagger: str = "Stagger"
    wounds: str = "Wounds"
    glory: str = "{glory} glory"
    """A player's glory (gained, spent or not), beside their name in the legend."""
    move_letter: str = "M"
    """The letter on a fighter's Move marker (and on its legend badge); likewise the next three."""
    charge_letter: str = "C"
    guard_letter: str = "G"
    stagger_letter: str = "S"

    def marker(self, marker: str) -> tuple[str, str]:
        """(name, letter) of a fighter marker (``move``, ``charge``, ``guard``, ``stagger``)."""
        return getattr(self, marker), getattr(self, f"{marker}_letter")


ENGLISH = BoardWords()


# ---------------------------------------------------------------------------------------------
# Layout: where each hex goes on the image


@dataclass(frozen=True)
class _Layout:
    width: int
    height: int
    size: float
    """Hex radius (centre to corner) in pixels."""
    origin_x: float
    """The left of the hexes (the row numbers are left of it)."""
    origin_y: float
    """The top of the hexes (the column letters are above it)."""
    min_x2: int
    legend_top: int
    """Below the bottom column letters: the title, the legend and the fighters' key."""
    centres: dict[Hex, tuple[float, float]] = field(hash=False, compare=False)
    margin: int = 12
    text_px: int = MIN_TEXT_PX
    """Letters that read at phone width (``render.kit.phone``): the coordinates, the fighters' codes, the legend."""
    edges: tuple[tuple[tuple[float, float], str], ...] = field(default=(), hash=False, compare=False)
    """The coordinates along the hexes' edges: each column's letter above and below, each row's number left and
    right (where drawn: their centres)."""


_MARGIN = 0.018


@lru_cache(maxsize=512)  # one per battlefield in play: nearly every live match has its own
def _layout(battlefield: Battlefield, width: int) -> _Layout:
    x2s = [2 * h.col + 1 + (h.row & 1) for h in battlefield.hexes]
    rows = [h.row for h in battlefield.hexes]
    cols = sorted({h.col for h in battlefield.hexes})
    min_x2, max_x2, min_row, max_row = min(x2s), max(x2s), min(rows), max(rows)
    margin = max(12, round(width * _MARGIN))
    px = phone_px(width)
    numbers = _font(px)
    number_w = max(text_length(_MEASURE, str(r + 1), font=numbers) for r in range(min_row, max_row + 1))
    side = margin + number_w + round(px * 0.3)
    hex_width = (width - 2 * side) / ((max_x2 - min_x2 + 2) / 2)
    size = hex_width / math.sqrt(3)
    top = margin + round(px * 1.5)
    board_height = (max_row - min_row) * 1.5 * size + 2 * size
    bottom = top + board_height
    legend_top = round(bottom + px * 1.5 + margin)
    centres = {h: (side + (2 * h.col + 1 + (h.row & 1) - min_x2 + 1) * hex_width / 2,
                   top + size + 1.5 * size * (h.row - min_row)) for h in battlefield.hexes}
    edges = []
    for col in cols:
        letter = _LETTERS[col] if col < len(_LETTERS) else str(col)
        for row, y in ((min_row, top - px * 0.75), (max_row, bottom + px * 0.75)):
            edges.append(((side + (2 * col + 1 + (row & 1) - min_x2 + 1) * hex_width / 2, y), letter))
    for row in range(min_row, max_row + 1):
        y = top + size + 1.5 * size * (row - min_row)
        edges.append(((margin + number_w / 2, y), str(row + 1)))
        edges.append(((width - margin - number_w / 2, y), str(row + 1)))
    height = legend_top + margin  # the hexes' layer: the title, legend and key below are the match's (_names_layer)
    return _Layout(width, height, size, side, top, min_x2, legend_top, centres, margin, px, tuple(edges))


_LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""A column's letter, as ``Hex`` writes it."""


def hex_centre(battlefield: Battlefield, hex_: Hex, *, width: int = 1280) -> tuple[int, int]:
    """The pixel at the centre of ``hex_`` on an image ``width`` pixels wide."""
    x, y = _layout(battlefield, width).centres[hex_]
    return round(x), round(y)


def hex_radius(battlefield: Battlefield, *, width: int = 1280) -> float:
    """The hex radius (centre to corner) in pixels on an image ``width`` pixels wide."""
    return _layout(battlefield, width).size


_UNIT_CORNERS = tuple((math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (-90, -30, 30, 90, 150, 210))
"""A pointy-top hexagon's corners at radius 1, worked out once."""


def _corners(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    return [(cx + radius * x, cy + radius * y) for x, y in _UNIT_CORNERS]


@lru_cache(maxsize=32)
def _bold(px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return fonts.font(max(MIN_TEXT_PX, px), True)


@lru_cache(maxsize=32)
def _font(px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return font(max(MIN_TEXT_PX, px))


def _rgb(colour: Colour) -> RGB:
    if isinstance(colour, tuple):
        return colour
    return _parse_colour(colour)


@lru_cache(maxsize=256)
def _parse_colour(colour: str) -> RGB:
    r, g, b = ImageColor.getrgb(colour)[:3]
    return r, g, b


def _blend(fg: RGB, bg: RGB, amount: float) -> RGB:
    return tuple(round(b + (f - b) * amount) for f, b in zip(fg, bg))  # type: ignore[return-value]


def _contrast(fill: RGB, theme: Theme) -> RGB:
    luminance = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2]
    return theme.ink if luminance > 150 else theme.label


_LEVELS = (0.25, 0.5, 0.75, 1.0)


# ---------------------------------------------------------------------------------------------
# The palette: static colours first, dynamic colours appended per render


class _Palette:
    def __init__(self, colours: Sequence[RGB]) -> None:
        self.colours = list(colours)
        self.index_of = {c: i for i, c in enumerate(self.colours)}

    def copy(self) -> "_Palette":
        other = _Palette(())
        other.colours, other.index_of = list(self.colours), dict(self.index_of)
        return other

    def __call__(self, colour: RGB) -> int:
        index = self.index_of.get(colour)
        if index is None:
            if len(self.colours) >= 256:  # full: use the nearest colour we have
                return min(range(256), key=lambda i: sum((a - b) ** 2 for a, b in zip(self.colours[i], colour)))
            index = len(self.colours)
            self.colours.append(colour)
            self.index_of[colour] = index
        return index

    def flat(self) -> list[int]:
        return list(itertools.chain.from_iterable(self.colours))


@lru_cache(maxsize=512)
def _text_bands(text: str, px: int) -> tuple[Image.Image, ...]:
    font = _font(px)
    left, top, right, bottom = font.getbbox(text)
    mask = Image.new("L", (right - left + 2, bottom - top + 2), 0)
    ImageDraw.Draw(mask).text((1 - left, 1 - top), text, fill=255, font=font)
    return cut_in_tones(mask)


@lru_cache(maxsize=256)
def _tones(fg: RGB, bg: RGB) -> tuple[RGB, ...]:
    """The four tones of text in ``fg`` over ``bg`` (1/4, 1/2, 3/4, full)."""
    return tuple(_blend(fg, bg, amount) for amount in _LEVELS)


def _text(draw: ImageDraw.ImageDraw, pal: _Palette, centre: tuple[float, float], text: str, px: int, fg: RGB,
          bg: RGB) -> None:
    """Centred anti-aliased text on a palette image: 4 tones between ``bg`` and ``fg``, each a mask drawn in its
    tone (as pasting it would, without an image of the tone made for each)."""
    bands = _text_bands(text, max(MIN_TEXT_PX, px))
    x, y = round(centre[0] - bands[0].width / 2), round(centre[1] - bands[0].height / 2)
    for band, tone in zip(bands, _tones(fg, bg)):
        draw.bitmap((x, y), band, fill=pal(tone))


# ---------------------------------------------------------------------------------------------
# Static layer


def _hex_fill(battlefield: Battlefield, hex_: Hex, theme: Theme) -> RGB:
    types = battlefield.types(hex_)
    owner = battlefield.owner(hex_)
    if HexType.BLOCKED in types:
        return theme.blocked
    if HexType.LETHAL in types:
        return theme.lethal
    if HexType.TRAP in types:
        return theme.trap
    if HexType.COVER in types:
        return theme.cover
    if owner is None:
        return theme.no_ones
    return theme.starting[owner] if HexType.STARTING in types else theme.territory[owner]


def _dashed_outline(draw: ImageDraw.ImageDraw, corners: list[tuple[float, float]], fill: RGB | int, width: int
                    ) -> None:
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
        for k in range(3):  # three dashes per side, like the printed dashed outline
            a, b = (k * 2 + 0.5) / 6.5, (k * 2 + 1.5) / 6.5
            draw.line([(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)],
                      fill=fill, width=width)


@lru_cache(maxsize=16)
def _static_colours(theme: Theme) -> tuple[RGB, ...]:
    """The static palette: every fill, then text tones over each fill (the order is fixed)."""
    fills = [theme.background, theme.grid, *theme.territory, *theme.starting, theme.no_ones, theme.blocked,
             theme.lethal, theme.cover, theme.trap]
    inks = [theme.blocked_border, theme.lethal_border, theme.cover_border, theme.trap_border, theme.icon,
            theme.label, theme.ink, theme.wound, theme.inspired, theme.highlight,
            *(c for _, c in theme.token + theme.marker + theme.arrow)]
    out: list[RGB] = []
    for colour in fills + inks:
        if colour not in out:
            out.append(colour)
    for bg in fills:
        for fg in (theme.label, theme.ink):
            for amount in _LEVELS[:-1]:
                blended = _blend(fg, bg, amount)
                if blended not in out:
                    out.append(blended)
    return tuple(out)


@lru_cache(maxsize=16)
def _theme_palette(theme: Theme) -> _Palette:
    """The static colours, then the tones of text on every badge the theme colours (wounds, markers, tokens): every
    colour a board draws save its warbands', arrows' and highlights' own, at fixed indices (copy before adding)."""
    pal = _Palette(_static_colours(theme))
    for fill in (theme.wound, *(c for _, c in theme.marker + theme.token)):
        for tone in _tones(_contrast(fill, theme), fill):
            pal(tone)
    return pal


def _legend_items(battlefield: Battlefield, theme: Theme, labels: tuple[str, ...],
                  words: BoardWords) -> list[tuple[str, RGB, RGB | None, str, str]]:
    """(kind, fill, edge, text, mark): ``hex`` swatches, ``token`` rings, ``marker`` and ``wound`` pips (a fighter's
    markers and wounds, drawn as on the fighters); ``""`` breaks the row.

    ``mark``: ``starting`` (a hex swatch with the starting icon), ``blocked`` (a token ring with the blocked
    border), a marker's name, or ``player<i>`` (board ``i``'s player: the dynamic layer draws that player's
    colour in it). The players come first, each on a row of their own: whose colour is whose, by name.
    """
    items: list[tuple[str, RGB, RGB | None, str, str]] = []
    for i, label in enumerate(labels):
        items += [("hex", theme.territory[i], None, label, f"player{i}"), ("", theme.background, None, "", "")]
    items += [
        ("hex", theme.no_ones, None, words.no_ones, ""), ("hex", theme.starting[0], theme.icon, words.starting, "starting"),
        ("hex", theme.blocked, theme.blocked_border, words.blocked, ""),
        ("hex", theme.lethal, theme.lethal_border, words.lethal, "")]
    if battlefield.hexes_of(HexType.COVER):
        items.append(("hex", theme.cover, theme.cover_border, words.cover, ""))
    if battlefield.hexes_of(HexType.TRAP):
        items.append(("hex", theme.trap, theme.trap_border, words.trap, ""))
    items.append(("", theme.background, None, "", ""))
    items += [("token", theme.of(theme.token, side), None, getattr(words, f"{side}_token"), side)
              for side in ("objective", "cover", "blocked")]
    items += [("marker", theme.of(theme.marker, m.value), None, words.marker(m.value)[0], m.value)
              for m in _MARKER_ORDER]
    items.append(("wound", theme.wound, None, words.wounds, ""))
    return items


_MEASURE = ImageDraw.Draw(Image.new("L", (1, 1)))
"""Measures the legend's words (anti-aliased advances) whatever image they are drawn on."""

LegendPlace = tuple[tuple[str, RGB, RGB | None, str, str], float, float]


@dataclass(frozen=True)
class _Below:
    """What is drawn below the hexes, from ``_Layout.legend_top`` down: the title's lines, the legend's items (with
    the top-left corner of each swatch), then the fighters' key (one line a fighter, drawn with each board)."""

    title: tuple[tuple[tuple[float, float], str, int], ...]
    legend: tuple[LegendPlace, ...]
    legend_px: int
    key_top: int
    key_line: int
    """The height of a key line."""


@lru_cache(maxsize=256)
def _below(battlefield: Battlefield, width: int, theme: Theme, labels: tuple[str, ...], words: BoardWords) -> _Below:
    layout = _layout(battlefield, width)
    left, right = layout.margin, width - layout.margin
    # Title: the two faces, who holds each, where each lies and the join; with three or four boards, the faces.
    if len(battlefield.boards) > 2:
        title = "  +  ".join(board.name for board in battlefield.boards)  # whose is which: the legend's tints
    else:
        first, second = battlefield.boards
        long = battlefield.spec.join.edge is JoinEdge.LONG
        where = (words.top, words.bottom) if long else (words.left, words.right)
        title = words.title.format(first=first.name, first_player=labels[0], first_side=where[0],
                                   second=second.name, second_player=labels[1], second_side=where[1],
                                   edges=words.long_edges if long else words.short_edges)
    title_px = phone_px(width, 14)
    y = layout.legend_top
    lines = []
    for line in wrap(_MEASURE, title, title_px, right - left):
        lines.append(((left, y), line, title_px))
        y += round(title_px * 1.25)
    px = layout.text_px
    font = _font(px)
    swatch = px + 8
    x, y = left, y + round(px * 0.5)
    places = []
    for item in _legend_items(battlefield, theme, labels, words):
        kind, text = item[0], item[3]
        text_w = text_length(_MEASURE, text, font=font)
        if not kind or x + swatch + 8 + text_w > right:
            if x > left:
                x, y = left, y + swatch + 12
            if not kind:
                continue
        places.append((item, x, y))
        x += swatch + 8 + text_w + round(px * 0.8)
    if x > left:
        y += swatch + 12
    return _Below(tuple(lines), tuple(places), px, y + round(px * 0.4), round(px * 1.3))


def _key_height(below: _Below, lines: int) -> int:
    return below.key_top + lines * below.key_line


def _draw_legend(img: Image.Image, ink: Callable[[RGB], int], theme: Theme, places: Sequence[LegendPlace], px: int,
                 dy: float = 0) -> None:
    """Swatches with their names in rows (``_below``), in palette indices (``ink``), ``dy`` rows down."""
    draw = ImageDraw.Draw(img)
    swatch = px + 8
    names = []
    for (kind, fill, edge, text, mark), x, y in places:
        y += dy
        if kind == "hex":
            draw.rectangle([x, y, x + swatch, y + swatch], fill=ink(fill), outline=ink(edge or theme.grid), width=3)
            if mark == "starting":
                _starting_icon(draw, x + swatch / 2, y + swatch / 2, swatch * 0.3, ink(theme.icon))
        elif kind == "token":
            draw.polygon(_corners(x + swatch / 2, y + swatch / 2, swatch / 2), outline=ink(fill), width=4)
            if mark == "blocked":
                draw.polygon(_corners(x + swatch / 2, y + swatch / 2, swatch / 2 - 4),
                             outline=ink(theme.blocked_border), width=2)
        elif kind == "marker":
            _pip(draw, ink, theme, _MARKER_SHAPES[mark], x + swatch / 2, y + swatch / 2, swatch * 0.3, fill)
        else:
            _pip(draw, ink, theme, "circle", x + swatch / 2, y + swatch / 2, swatch * 0.3, fill)
        names.append(((x + swatch + 8, y + swatch / 2), text, px, "lm"))
    _tone_lines(draw, ink, names, theme.label, theme.background)


def _tone_lines(draw: ImageDraw.ImageDraw, ink: Callable[[RGB], int],
                lines: Sequence[tuple[tuple[float, float], str, int, str]], fg: RGB, bg: RGB) -> None:
    """Lines of anti-aliased text in ``fg`` over ``bg`` on a palette image, each (where, text, size, anchor), in the
    four tones between ``bg`` and ``fg`` (as ``_text``) from kept glyph masks: a match's title and legend render
    only their new words, with no RGB image to quantize."""
    tones = tuple(ink(tone) for tone in _tones(fg, bg))
    for xy, text, px, anchor in lines:
        draw_tones(draw, xy, text, tones=tones, font=_font(px), anchor=anchor)


def _draw_player_colours(draw: ImageDraw.ImageDraw, pal: _Palette, below: _Below, theme: Theme,
                         colours: Sequence[Colour | None]) -> None:
    """Each player's fighter colour as a disc in their legend swatch: player, colour, name read together."""
    swatch = below.legend_px + 8
    for (kind, _fill, _edge, _text, mark), x, y in below.legend:
        if not mark.startswith("player"):
            continue
        i = int(mark[len("player"):])
        if i < len(colours) and colours[i] is not None:
            draw.ellipse([x + 3, y + 3, x + swatch - 3, y + swatch - 3], fill=pal(_rgb(colours[i])),
                         outline=pal(theme.ink), width=2)


NAMES_CACHE_BYTES = 16 * 1024 * 1024
"""The title and legend bands (the only parts naming players) kept compressed, about 10 KB a match: over a thousand
live matches fit, so a board's names are drawn once per match, not once per image."""


HEXES_CACHE_BYTES = 48 * 1024 * 1024
"""The hexes' layers of the battlefields in play, kept compressed band by band (~70 KB each, counting bands
shared with other battlefields once per battlefield): nearly every match has a battlefield of its own (boards,
faces, join), so hundreds are live at once."""
_HEXES: ByteCache[BandedLayer] = ByteCache(HEXES_CACHE_BYTES, lambda layer: layer.size)

HEX_BANDS_CACHE_BYTES = 16 * 1024 * 1024
"""The hexes' bands kept compressed by what is drawn in them (under 1 KB each): most rows of hexes recur on other
battlefields (a board face where it lies, rows of plain hexes), so a new battlefield draws and compresses only its
few new bands (a thousand battlefields of random boards, faces and joins have about 12,000 bands between them)."""
_HEX_BANDS: ByteCache[Band] = ByteCache(HEX_BANDS_CACHE_BYTES, lambda band: len(band[0]) + 120)

_DRAWN_TYPES = (HexType.BLOCKED, HexType.LETHAL, HexType.COVER, HexType.TRAP, HexType.STARTING)
"""The hex types that change how a hex is drawn (its fill aside)."""


@lru_cache(maxsize=16)
def _static_layer(battlefield: Battlefield, width: int, theme: Theme) -> BandedLayer:
    """The hexes of a battlefield (``_hexes``) compressed by band, kept in ``_HEXES`` (the last few asked for here
    too). Each band is also kept in ``_HEX_BANDS`` by the hexes that decide its pixels (``_hex_band_keys``): a new
    battlefield draws and compresses only the bands no battlefield had yet."""
    key = (battlefield, width, theme)
    banded = _HEXES.get(key)
    if banded is None:
        banded = _HEXES.put(key, _hex_bands(battlefield, width, theme))
    return banded


def _hex_bands(battlefield: Battlefield, width: int, theme: Theme) -> BandedLayer:
    """The hexes' layer from the kept bands, those missing drawn (only the hexes reaching them) and compressed."""
    layout = _layout(battlefield, width)
    keys = _hex_band_keys(battlefield, layout, theme)
    bands = [_HEX_BANDS.get(key) for key in keys]
    missing = {number: key for number, key in enumerate(keys) if bands[number] is None}
    if missing:
        rows = BAND_ROWS
        img, top = _hexes(battlefield, width, theme, tuple(missing))
        filtered = Image.new("P", (width + 1, img.height), 0)  # rows as PNG filters them: a filter byte (0) first
        filtered.paste(img, (1, 0))
        data, step = memoryview(filtered.tobytes()), (width + 1) * rows
        done: dict[tuple, Band] = {}  # bands alike (blank rows under the title and legend) compressed once
        for number, key in missing.items():
            band = done.get(key)
            if band is None:
                first = (number * rows - top) * (width + 1)
                band = done[key] = _HEX_BANDS.put(key, deflate_filtered(data[first:first + step]))
            bands[number] = band
    palette = tuple(v for c in _static_colours(theme) for v in c)
    return BandedLayer(width, layout.height, palette, tuple(bands))  # type: ignore[arg-type]


def _hex_reach(layout: _Layout) -> int:
    """How far beyond its hexagon a hex decides pixels: its shapes' rounding, and any label its shapes may touch
    (no hex carries a label: the coordinates are along the edges, ``_edge_labels``)."""
    return 3


def _hex_band_keys(battlefield: Battlefield, layout: _Layout, theme: Theme) -> list[tuple]:
    """Each band's key: the image's geometry and theme, the band's number and every hex reaching it (``_hex_reach``)
    as its look's number (``_LOOKS``: centre, coordinate, fill, drawn types), in drawing order. Equal keys, equal
    pixels, whatever the battlefield. Flat tuples of numbers: a new battlefield hashes some eighty of them."""
    size, reach, rows = layout.size, _hex_reach(layout), BAND_ROWS
    count = -(-layout.height // rows)
    if len(_LOOKS) > MAX_LOOKS:  # later looks get new numbers: numbers are never given twice, kept keys stay true
        _LOOKS.clear()
    token = _theme_token(theme)
    near: list[list[float]] = [[token, layout.width, layout.height, size, number] for number in range(count)]
    for hex_ in sorted(battlefield.hexes, key=_READING):
        cx, cy = layout.centres[hex_]
        look = (cx, cy, *hex_, *_hex_fill(battlefield, hex_, theme), _drawn_types(battlefield.types(hex_)))
        number = _LOOKS.get(look)
        if number is None:  # boards may be drawn in threads: a number is taken once, the first look stored wins
            number = _LOOKS.setdefault(look, next(_NUMBERS))
        for band in range(max(0, math.floor(cy - size) - reach) // rows,
                          min(count - 1, (math.ceil(cy + size) + reach) // rows) + 1):
            near[band].append(number)
    for (x, y), text, px, _, _ in _edge_labels(layout, theme):
        look = ("edge", x, y, text, px)
        number = _LOOKS.get(look)
        if number is None:
            number = _LOOKS.setdefault(look, next(_NUMBERS))
        box = text_box((x, y), text, font=_font(px), anchor="mm")
        for band in range(max(0, box[1] - 2) // rows, min(count - 1, (box[3] + 2) // rows) + 1):
            near[band].append(number)
    return [tuple(key) for key in near]


def _edge_labels(layout: _Layout, theme: Theme) -> list[tuple[tuple[float, float], str, int, RGB, RGB]]:
    """The coordinates along the edges (``_Layout.edges``) as labels to draw: where, text, size, colour, the
    background under them (the margins hold no hex)."""
    return [(xy, text, layout.text_px, theme.label, theme.background) for xy, text in layout.edges]


MAX_LOOKS = 50_000
"""Hexes' looks numbered before the numbers are forgotten: some 10 MB (a thousand battlefields of random boards, faces
and joins have some 1,200 at one width)."""
_NUMBERS = itertools.count()
_LOOKS: dict[tuple, int] = {}
"""Each hex's look (centre, coordinate, fill, drawn types) seen, numbered: band keys hold numbers, cheaper to hash
and compare than the looks."""


_READING = operator.itemgetter(1, 0)
"""Hexes in reading order (row, then column), as they sort, compared in C: the order hexes are drawn in."""


@lru_cache(maxsize=64)
def _drawn_types(types: frozenset[HexType]) -> int:
    """The types of a hex that change how it is drawn, as bits."""
    return sum(1 << i for i, type_ in enumerate(_DRAWN_TYPES) if type_ in types)


_THEME_TOKENS: dict[Theme, int] = {}


def _theme_token(theme: Theme) -> int:
    """A number per theme in this process, for keys hashed and compared often (a theme is many tuples)."""
    token = _THEME_TOKENS.get(theme)
    return _THEME_TOKENS.setdefault(theme, next(_NUMBERS)) if token is None else token


def _hexes(battlefield: Battlefield, width: int, theme: Theme, bands: Sequence[int]) -> tuple[Image.Image, int]:
    """The rows of the hexes' layer holding ``bands``, and the first of those rows: the hexes reaching them
    (``_hex_band_keys``) drawn, shared by every match on those boards (the players' names are in the title and
    legend, ``_names_layer``; their rows are left blank here).

    Drawn straight in the static palette, each colour at the index ``_quantized`` gives it (polygons are not
    anti-aliased): only the labels' boxes are quantized, a label on its hex's fill alone from its glyphs' coverage
    (``_label_patch``), a label over more than its fill cut from the hexes around it drawn in RGB (``_hexes_rgb``)."""
    index = _static_index(theme)
    layout = _layout(battlefield, width)
    size, reach, rows = layout.size, _hex_reach(layout), BAND_ROWS
    wanted = set(bands)
    hexes = {h for h in battlefield.hexes if any(
        n in wanted for n in range(int(layout.centres[h][1] - size - reach) // rows,
                                   int(layout.centres[h][1] + size + reach) // rows + 2))}
    ys = [layout.centres[h][1] for h in hexes]
    ys += [xy[1] for xy, text, px, _, _ in _edge_labels(layout, theme)
           if any(n in wanted for n in range(int(xy[1] - px) // rows, int(xy[1] + px) // rows + 1))]
    top = max(0, min([min(wanted) * rows, *(math.floor(y - size) - 4 for y in ys)]))
    bottom = min(layout.height, max([(max(wanted) + 1) * rows, *(math.ceil(y + size) + 4 for y in ys)]))
    img = Image.new("P", (layout.width, bottom - top), index[theme.background])
    img.putpalette([v for c in _static_colours(theme) for v in c])
    draw = _Shifted(img, top)
    core = img.im  # a hundred labels a battlefield: Pillow's image objects around each crop and paste cost more
    edges = [label for label in _edge_labels(layout, theme)
             if _overlap(text_box(label[0], label[1], font=_font(label[2]), anchor="mm"),
                         (0, top, layout.width, bottom))]
    for (x, y), text, px, fg, bg in [*_draw_hexes(draw, battlefield, layout, theme, index.__getitem__, hexes),
                                     *edges]:
        box = text_box((x, y - top), text, font=_font(px), anchor="mm")  # whole rows up: the same sub-pixel start
        if core.crop(box).getextrema() == (index[bg],) * 2:  # on the hex's fill alone: the kept patch
            core.paste(_label_patch(text, px, (math.modf(x)[0], math.modf(y)[0]), fg, bg, theme).im, box)
        else:
            img.paste(_quantized(_hexes_rgb(battlefield, layout, theme, (box[0], box[1] + top, box[2], box[3] + top)),
                                 theme), box)
    return img, top


class _Shifted:
    """Draws on part of an image from row ``top`` (and column ``left``), given points on the whole image: each point
    is worked out on the whole image, then moved by whole pixels (exact in floating point, and the points stay
    positive so Pillow rounds them alike): the same pixels as drawing on the whole image."""

    def __init__(self, img: Image.Image, top: int, left: int = 0) -> None:
        self.img, self.draw, self.top, self.left = img, ImageDraw.Draw(img), top, left

    def polygon(self, xy: Sequence[tuple[float, float]], *, width: int = 1, **kwargs: object) -> None:
        _polygon(self.img, self.draw, [(x - self.left, y - self.top) for x, y in xy], width=width, **kwargs)

    def line(self, xy: Sequence[tuple[float, float]], **kwargs: object) -> None:
        self.draw.line([(x - self.left, y - self.top) for x, y in xy], **kwargs)  # type: ignore[arg-type]


def _polygon(img: Image.Image, draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], *, width: int = 1,
             **kwargs: object) -> None:
    """``draw.polygon`` on ``img``, a thick outline drawn on its own box: Pillow draws one through a mask of its
    image's size (a whole board's, allocated and cleared per outline). The points are moved by whole pixels and stay
    positive, as in ``_Shifted``: the same pixels."""
    if width == 1:
        draw.polygon(points, **kwargs)  # type: ignore[arg-type]
        return
    box = (max(0, math.floor(min(x for x, _ in points)) - 2), max(0, math.floor(min(y for _, y in points)) - 2),
           min(img.width, math.ceil(max(x for x, _ in points)) + 3),
           min(img.height, math.ceil(max(y for _, y in points)) + 3))
    tile = img.crop(box)
    ImageDraw.Draw(tile).polygon([(x - box[0], y - box[1]) for x, y in points], width=width,
                                 **kwargs)  # type: ignore[arg-type]
    img.paste(tile, box)


def _hexes_rgb(battlefield: Battlefield, layout: _Layout, theme: Theme, box: tuple[int, int, int, int]
               ) -> Image.Image:
    """The hexes' layer in RGB, labels drawn, inside ``box``: only the hexes reaching it drawn (their shapes, a pixel
    past the hexagon at most, or their labels), on a tile holding them whole (so their points stay positive,
    ``_Shifted``)."""
    size, reach = layout.size, layout.size + _hex_reach(layout)
    near = []
    for hex_, (cx, cy) in layout.centres.items():
        if cx - reach < box[2] and cx + reach > box[0] and cy - reach < box[3] and cy + reach > box[1]:
            if _overlap((cx - size - 2, cy - size - 2, cx + size + 2, cy + size + 2), box):
                near.append(hex_)
    xs, ys = [layout.centres[h][0] for h in near], [layout.centres[h][1] for h in near]
    left = max(0, min(box[0], math.floor(min(xs) - size) - 4))
    top = max(0, min(box[1], math.floor(min(ys) - size) - 4))
    right = min(layout.width, max(box[2], math.ceil(max(xs) + size) + 4))
    bottom = min(layout.height, max(box[3], math.ceil(max(ys) + size) + 4))
    img = Image.new("RGB", (right - left, bottom - top), theme.background)
    draw = ImageDraw.Draw(img)
    for (x, y), text, px, fg, _ in [*_draw_hexes(_Shifted(img, top, left), battlefield, layout, theme,
                                                 lambda colour: colour, set(near)),
                                    *(label for label in _edge_labels(layout, theme)
                                      if _overlap(text_box(label[0], label[1], font=_font(label[2]), anchor="mm"),
                                                  (left, top, right, bottom)))]:
        draw_text(draw, (x - left, y - top), text, fill=fg, font=_font(px), anchor="mm")
    return img.crop((box[0] - left, box[1] - top, box[2] - left, box[3] - top))


def _draw_hexes(draw: ImageDraw.ImageDraw | _Shifted, battlefield: Battlefield, layout: _Layout, theme: Theme,
                ink: Callable[[RGB], RGB | int], only: set[Hex] | None = None
                ) -> list[tuple[tuple[float, float], str, int, RGB, RGB]]:
    """The hexes' shapes (``only`` those, if given), each colour drawn as ``ink`` gives it; their labels to draw over
    them (where, text, size, colour, the hex's fill)."""
    size = layout.size
    border = max(3, round(size * 0.09))
    labels = []
    for hex_ in sorted(battlefield.hexes if only is None else only, key=_READING):
        cx, cy = layout.centres[hex_]
        types = battlefield.types(hex_)
        fill = _hex_fill(battlefield, hex_, theme)
        draw.polygon(_corners(cx, cy, size), fill=ink(theme.grid))
        draw.polygon(_corners(cx, cy, size - 1.5), fill=ink(fill))
        inner = _corners(cx, cy, size - 1.5 - border / 2)
        if HexType.BLOCKED in types:
            draw.polygon(inner, outline=ink(theme.blocked_border), width=border)
        elif HexType.LETHAL in types:
            draw.polygon(inner, outline=ink(theme.lethal_border), width=border)
        if HexType.COVER in types:
            _dashed_outline(draw, inner, ink(theme.cover_border), border)
        if HexType.TRAP in types:
            _dashed_outline(draw, inner, ink(theme.trap_border), border)
        if HexType.STARTING in types:
            _starting_icon(draw, cx, cy - size * 0.56, size * 0.15, ink(theme.icon))
    return _edge_labels(layout, theme) if only is None else labels


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two boxes (left, top, right, bottom; right and bottom excluded) share a pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@lru_cache(maxsize=4096)
def _label_patch(text: str, px: int, start: tuple[float, float], fg: RGB, bg: RGB, theme: Theme) -> Image.Image:
    """A hex label drawn over its hex's fill and quantized, from its glyphs' coverage (``_blends``): the same
    coordinates recur on every battlefield."""
    return text_mask(start, text, font=_font(px), anchor="mm").point(_blends(fg, bg, theme), "P")


@lru_cache(maxsize=256)
def _blends(fg: RGB, bg: RGB, theme: Theme) -> list[int]:
    """The index ``_quantized`` gives text in ``fg`` drawn over ``bg`` at each coverage (0 to 255): a label's pixels
    quantized are its mask's looked up here (over one colour, a pixel's colour depends on its coverage alone)."""
    strip = Image.new("RGB", (256, 1), bg)
    ImageDraw.Draw(strip).bitmap((0, 0), Image.frombytes("L", (256, 1), bytes(range(256))), fill=fg)
    return list(_quantized(strip, theme).tobytes())


@lru_cache(maxsize=16)
def _static_index(theme: Theme) -> dict[RGB, int]:
    """The index ``_quantized`` gives each static colour (not always its own: close colours may share one)."""
    colours = _static_colours(theme)
    strip = Image.new("RGB", (len(colours), 1))
    strip.putdata(list(colours))
    return dict(zip(colours, _quantized(strip, theme).tobytes()))


def _quantized(img: Image.Image, theme: Theme) -> Image.Image:
    """Every pixel mapped to the nearest static colour. The palette is padded to 256 entries by repeating the
    list, so index i holds colour i % n; the lookup table folds the copies back."""
    palette, fold, flat = _quantizing(theme)
    quantized = img.quantize(palette=palette, dither=Image.Dither.NONE).point(fold)
    quantized.putpalette(flat)
    return quantized


@lru_cache(maxsize=16)
def _quantizing(theme: Theme) -> tuple[Image.Image, list[int], list[int]]:
    """``_quantized``'s padded palette, its fold and the static palette, made once per theme."""
    colours = _static_colours(theme)
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for i in range(256) for v in colours[i % len(colours)]])
    return palette, [i % len(colours) for i in range(256)], [v for c in colours for v in c]


@lru_cache(maxsize=16)
def _names_palette(theme: Theme) -> tuple[int, ...]:
    """The title and legend's palette: the theme's, the badges' letter tones with it."""
    return tuple(_theme_palette(theme).flat())


@lru_cache(maxsize=16)
def _names_ink(theme: Theme) -> Callable[[RGB], int]:
    """The palette index of each colour of the title and legend: a static colour's where the hexes have it
    (``_static_index``), a badge's letter tone's in the theme's palette."""
    index = {**_theme_palette(theme).index_of, **_static_index(theme)}
    return index.__getitem__


def _rows_under(hexes: BandedLayer, first: int, last: int, height: int, background: int) -> Image.Image:
    """The hexes' bands ``first`` to ``last`` as PNG filters them (``BandedLayer.filtered_rows``), ``height`` rows:
    only the bands with hexes inflated (under the title and legend most are blank)."""
    part = Image.new("P", (hexes.width + 1, height), background)
    part.paste(0, (0, 0, 1, height))  # each row's filter byte
    blank = _blank_band(hexes.width, background)
    kept = len(hexes.bands)  # a legend of long names may reach past the room the layout keeps for it: blank too
    n = first
    while n < last:
        if n >= kept or hexes.bands[n] == blank:
            n += 1
            continue
        end = next((m for m in range(n, min(last, kept)) if hexes.bands[m] == blank), min(last, kept))
        part.paste(hexes.filtered_rows(n, end), (0, (n - first) * BAND_ROWS))
        n = end
    return part


@lru_cache(maxsize=16)
def _blank_band(width: int, background: int) -> Band:
    """A band of the background alone, compressed as ``_hex_bands`` compresses it."""
    return deflate_band(bytes([background]) * width * BAND_ROWS, width)


NAMES_LEVEL = 1
"""zlib level of a match's title and legend bands: a third faster than the default on their text, ~1 KB more a board."""

NAME_BANDS_CACHE_BYTES = 4 * 1024 * 1024
"""Title and legend bands by their rows' checksum: a legend's rows below its players' names recur from match to
match (the same items wrap alike), so about a third of a new match's bands are found here."""
_NAME_BANDS: ByteCache[Band] = ByteCache(NAME_BANDS_CACHE_BYTES, lambda band: len(band[0]) + 120)


def _names_band(filtered: bytes) -> Band:
    """A title or legend band compressed, or the same one kept from another match: found by its rows' checksum,
    taken only if it inflates to these very rows (cheaper than compressing them)."""
    key = (zlib.adler32(filtered), len(filtered))
    kept = _NAME_BANDS.get(key)
    if kept is not None and inflate_band(kept) == filtered:
        return kept
    return _NAME_BANDS.put(key, deflate_filtered(filtered, NAMES_LEVEL))

_NAMES: ByteCache[tuple[BandedLayer, int]] = ByteCache(NAMES_CACHE_BYTES, lambda kept: kept[1])


def _names_layer(battlefield: Battlefield, width: int, theme: Theme, labels: tuple[str, ...],
                 words: BoardWords) -> BandedLayer:
    """The hexes with the title and legend drawn below them, down to the fighters' key (whole bands: the key's
    rows are blank bands added below, ``_with_key``): one match's layer, drawn once per its names and language.
    Only its title and legend bands are its own (kept compressed, ~10 KB a match); the others are the hexes'."""
    key = (battlefield, width, theme, labels, words)
    kept = _NAMES.get(key)
    if kept is None:
        layout = _layout(battlefield, width)
        below = _below(battlefield, width, theme, labels, words)
        hexes = _static_layer(battlefield, width, theme)
        ink = _names_ink(theme)
        height = -(-below.key_top // BAND_ROWS) * BAND_ROWS
        strip = Image.new("P", (layout.width, height - layout.legend_top), ink(theme.background))
        draw = ImageDraw.Draw(strip)
        _tone_lines(draw, ink, [((x, y - layout.legend_top), text, px, "la") for (x, y), text, px in below.title],
                    theme.label, theme.background)
        _draw_legend(strip, ink, theme, below.legend, below.legend_px, -layout.legend_top)
        count = -(-height // BAND_ROWS)
        first = layout.legend_top // BAND_ROWS
        bands: list[Band | None] = [*hexes.bands[:count], *[None] * (count - len(hexes.bands))]
        own = 0
        part = _rows_under(hexes, first, count, height - first * BAND_ROWS, ink(theme.background))
        under = part.tobytes()
        part.paste(strip, (1, layout.legend_top - first * BAND_ROWS))
        raw, step = part.tobytes(), (width + 1) * BAND_ROWS
        for n in range(first, count):
            pixels = raw[(n - first) * step:(n - first + 1) * step]
            if (n < len(hexes.bands) and (n + 1) * BAND_ROWS <= height
                    and pixels == under[(n - first) * step:(n - first + 1) * step]):
                continue  # nothing of the title or legend in it (blank rows): the hexes' band as it is (not
                # the last, cut short: the hexes' has rows past the board's, too much data for a PNG)
            bands[n] = _names_band(pixels)
            own += len(bands[n][0])
        layer = BandedLayer(width, height, _names_palette(theme), tuple(bands))  # type: ignore[arg-type]
        kept = _NAMES.put(key, (layer, own))
    return kept[0]


KEY_LAYERS_KEPT = 1024
_KEY_LAYERS: dict[tuple[int, int], BandedLayer] = {}
"""A match's layer with blank bands below for its key, by the layer's serial and the bands' count."""


def _with_key(layer: BandedLayer, below: _Below, lines: int, margin: int, background: int) -> BandedLayer:
    """``layer`` (``_names_layer``) with blank bands added below for ``lines`` lines of the fighters' key: only
    made, never drawn (the key's lines are drawn over, with each board). Kept per count, so the layer's serial (what
    the drawn bands are kept by) is the match's own whatever its count of fighters in play."""
    count = -(-(_key_height(below, lines) + margin) // BAND_ROWS)
    if count <= len(layer.bands):
        return layer
    key = (layer.serial, count)
    made = _KEY_LAYERS.get(key)
    if made is None:
        if len(_KEY_LAYERS) >= KEY_LAYERS_KEPT:
            _KEY_LAYERS.clear()
        blank = _blank_band(layer.width, background)
        made = _KEY_LAYERS.setdefault(key, BandedLayer(layer.width, count * BAND_ROWS, layer.palette,
                                                       (*layer.bands, *[blank] * (count - len(layer.bands)))))
    return made


def _starting_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB | int) -> None:
    """A white four-pointed star standing for the printed Underworlds icon."""
    points = []
    for k in range(8):
        radius = r if k % 2 == 0 else r * 0.38
        angle = math.radians(-90 + 45 * k)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=fill)


# ---------------------------------------------------------------------------------------------
# Dynamic layer


def _token_text(token: TokenMark) -> str:
    """The words on a token: an objective's number (the other sides are told by their rings)."""
    if token.side is FeatureSide.OBJECTIVE and token.value is not None:
        return str(token.value)
    return ""


@lru_cache(maxsize=256)
def _number_badge(text: str, px: int) -> float:
    """The radius of a token's number badge: round its number at ``px``."""
    w, h = _text_bands(text, px)[0].size
    return math.hypot(w, h) / 2 + 2


def _draw_token(img: Image.Image, draw: ImageDraw.ImageDraw, *, pal: _Palette, layout: _Layout, token: TokenMark,
                theme: Theme, numbered: bool) -> None:
    """A token's ring inside its hex; an objective's number large in the hex's middle when no fighter stands there
    (else its number is in the fighter's line of the key)."""
    cx, cy = layout.centres[token.hex]
    size = layout.size
    colour = theme.of(theme.token, token.side.value)
    ring = max(4, round(size * 0.1))
    _polygon(img, draw, _corners(cx, cy, size * 0.86), outline=pal(colour), width=ring)
    if token.side is FeatureSide.BLOCKED:
        _polygon(img, draw, _corners(cx, cy, size * 0.86 - ring), outline=pal(theme.blocked_border), width=2)
    text = _token_text(token)
    if numbered and text:
        r = _number_badge(text, layout.text_px)
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=pal(colour), outline=pal(theme.ink), width=2)
        _text(draw, pal, (cx, cy), text, layout.text_px, _contrast(colour, theme), colour)


def _draw_arrow(img: Image.Image, draw: ImageDraw.ImageDraw, *, pal: _Palette, layout: _Layout, arrow: Arrow,
                theme: Theme) -> None:
    points = [layout.centres[h] for h in arrow.path if h in layout.centres]
    if len(points) < 2:
        return
    colour = pal(_rgb(arrow.colour) if arrow.colour is not None else theme.of(theme.arrow, arrow.kind.value))
    path, triangle, line_w = _arrow_shape(points, layout.size)
    outline = pal(theme.ink)
    draw.line(path, fill=outline, width=line_w + 4, joint="curve")
    draw.line(path, fill=colour, width=line_w, joint="curve")
    _polygon(img, draw, triangle, fill=colour, outline=outline, width=2)


def _arrow_shape(points: Sequence[tuple[float, float]], size: float
                 ) -> tuple[list[tuple[float, float]], list[tuple[float, float]], int]:
    """An arrow through ``points`` (hex centres): its line's path, its head's triangle and its line's width."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * size * 0.52, y1 - uy * size * 0.52)  # stop at the edge of a piece in the last hex
    head = size * 0.32
    base = (tip[0] - ux * head, tip[1] - uy * head)
    wing = (-uy * head * 0.6, ux * head * 0.6)
    triangle = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    return [*points[:-1], base], triangle, max(4, round(size * 0.08))


def _arrow_rows(points: Sequence[tuple[float, float]], size: float) -> tuple[float, float]:
    """How high and low an arrow through ``points`` reaches: its outlined line (its last hex's centre is short of
    the head's tip), its head (outlined inside)."""
    path, triangle, line_w = _arrow_shape(points, size)
    pad = (line_w + 4) / 2
    ys = [y for _, y in path]
    heads = [y for _, y in triangle]
    return min(min(ys) - pad, min(heads)), max(max(ys) + pad, max(heads))


_MARKER_ORDER = (Marker.MOVE, Marker.CHARGE, Marker.GUARD, Marker.STAGGER)
_MARKER_SHAPES = {"move": "circle", "charge": "triangle", "guard": "square", "stagger": "diamond"}
"""A marker's pip: its colour and its shape (not hue alone), as the legend shows it."""
_MARKER_ANGLES = {Marker.MOVE: 150.0, Marker.CHARGE: 30.0, Marker.GUARD: 115.0, Marker.STAGGER: 65.0}
"""Where on its disc's rim a fighter's marker pip sits (degrees, clockwise from the right: below the code)."""
MAX_WOUND_PIPS = 5
"""Wound pips drawn at most (the key's line says how many wounds)."""


def _pip(draw: ImageDraw.ImageDraw, ink: Callable[[RGB], int], theme: Theme, shape: str, x: float, y: float,
         r: float, fill: RGB) -> None:
    draw.polygon(polygon(shape, x, y, r), fill=ink(fill), outline=ink(theme.ink))


@lru_cache(maxsize=1024)
def _piece_shape(label: str, size: float, px: int) -> tuple[float, float, tuple[tuple[str, float], ...], float, float]:
    """A fighter's disc radius (its code at ``px`` inside, from half a hex up to most of it), its pips' radius, its
    code's lines (each with its centre's offset down from the disc's centre: a code too wide for the hex, ``AB2``,
    in two, its letters over its number) and the code's half width and half height."""
    r, pip = size * 0.5, max(4.0, size * 0.13)
    if not label:
        return r, pip, (), 0.0, 0.0
    w, h = _text_bands(label, px)[0].size
    if w > size * 1.2 and len(label) > 2:
        cut = next((i for i, c in enumerate(label) if c.isdigit()), 2) or 2
        top, bottom = label[:cut], label[cut:]
        (w1, h1), (w2, h2) = _text_bands(top, px)[0].size, _text_bands(bottom, px)[0].size
        total = h1 + h2 - 2
        lines = ((top, -total / 2 + h1 / 2), (bottom, total / 2 - h2 / 2))
        w, h = max(w1, w2), total
    else:
        lines = ((label, 0.0),)
    r = min(max(r, math.hypot(w, h) / 2 + 1), size * 0.8)
    return r, pip, lines, w / 2, h / 2


def _pip_spots(piece: Piece, r: float) -> list[tuple[float, float, str, RGB | None, Marker | None]]:
    """Each pip's centre offset from its fighter's centre, shape and marker (None: a wound)."""
    out: list[tuple[float, float, str, RGB | None, Marker | None]] = []
    n = min(piece.wounds, MAX_WOUND_PIPS)
    for k in range(n):
        a = math.radians(-90 + (k - (n - 1) / 2) * 28)
        out.append((r * math.cos(a), r * math.sin(a), "circle", None, None))
    for marker in _MARKER_ORDER:
        if marker in piece.markers:
            a = math.radians(_MARKER_ANGLES[marker])
            out.append((r * math.cos(a), r * math.sin(a), _MARKER_SHAPES[marker.value], None, marker))
    return out


def _piece_reach(piece: Piece, size: float, px: int) -> tuple[float, float, float]:
    """How far a fighter's drawing reaches above, below and to each side of its hex's centre."""
    r, pip, _, half_w, half_h = _piece_shape(piece.label[:3], size, px)
    ring = r + max(4, size * 0.08) if piece.inspired else r
    up = down = max(ring, half_h) + 1
    side = max(ring, half_w) + 1
    for dx, dy, *_ in _pip_spots(piece, r):
        up, down = max(up, -dy + pip * 1.2 + 2), max(down, dy + pip * 1.2 + 2)
        side = max(side, abs(dx) + pip * 1.2 + 2)
    return up, down, side


def _draw_piece(img: Image.Image, draw: ImageDraw.ImageDraw, *, pal: _Palette, layout: _Layout, piece: Piece,
                theme: Theme) -> None:
    """A fighter: a disc in its warband's colour with its code large inside (Inspired: a gold ring), its wounds as
    red pips along the top of the rim, its markers as pips of their shape and colour along the bottom."""
    cx, cy = layout.centres[piece.hex]
    size = layout.size
    r, pip, lines, _, _ = _piece_shape(piece.label[:3], size, layout.text_px)
    fill = _rgb(piece.colour)
    if piece.inspired:
        ring = r + max(4, size * 0.08)
        draw.ellipse([cx - ring, cy - ring, cx + ring, cy + ring], fill=pal(theme.inspired), outline=pal(theme.ink))
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=pal(fill), outline=pal(theme.ink),
                 width=max(2, round(size * 0.03)))
    for text, dy in lines:
        _text(draw, pal, (cx, cy + dy), text, layout.text_px, _contrast(fill, theme), fill)
    for dx, dy, shape, _, marker in _pip_spots(piece, r):
        colour = theme.wound if marker is None else theme.of(theme.marker, marker.value)
        _pip(draw, pal, theme, shape, cx + dx, cy + dy, pip, colour)


def _key_text(piece: Piece, objective: int | None, words: BoardWords) -> str:
    """A fighter's line of the key after its code: its name, wounds, markers and the objective it stands on."""
    parts = [piece.name] if piece.name else []
    if piece.wounds > 0:
        parts.append(f"{words.wounds} {piece.wounds}")
    parts += [words.marker(m.value)[0] for m in _MARKER_ORDER if m in piece.markers]
    if objective is not None:
        parts.append(f"{words.objective_token} {objective}")
    return " · ".join(parts)


@lru_cache(maxsize=4096)
def _key_line(code: str, text: str, px: int, width: float) -> tuple[str, float]:
    """A key line's words after its code, cut to one line ``width`` wide, and where they start after the code."""
    start = text_length(_MEASURE, "MMM ", font=_bold(px))
    if not text or text_length(_MEASURE, text, font=_font(px)) <= width - start:  # words' advances kept
        return text, start
    lines = wrap(_MEASURE, text, px, width - start)
    return (lines[0] + (" …" if len(lines) > 1 else "")), start


def _draw_key_line(img: Image.Image, draw: ImageDraw.ImageDraw, *, pal: _Palette, x: float, y: float, code: str,
                   line: tuple[str, float], px: int, colour: RGB, theme: Theme) -> None:
    draw_tones(draw, (x, y), code, tones=tuple(pal(t) for t in _tones(colour, theme.background)), font=_bold(px))
    words, start = line
    if words:
        draw_tones(draw, (x + start, y), words, tones=tuple(pal(t) for t in _tones(theme.label, theme.background)),
                   font=_font(px))


def render_battlefield(battlefield: Battlefield, *, width: int = 1280, pieces: Sequence[Piece] = (),
                       tokens: Sequence[TokenMark] = (), highlights: Mapping[Hex, Colour | None] | None = None,
                       arrows: Sequence[Arrow] = (), theme: Theme = DEFAULT_THEME,
                       labels: tuple[str, ...] = ("Player 1", "Player 2"), words: BoardWords = ENGLISH,
                       player_colours: Sequence[Colour | None] = (), scores: Sequence[int | None] = ()) -> bytes:
    """The battlefield as PNG bytes.

    :param battlefield: the two boards and their join.
    :param width: image width in pixels, at least ``MIN_WIDTH`` (1024) so text stays readable on a phone.
    :param pieces: fighters to draw, each in its hex (hexes off the battlefield are skipped), and a line each in
        the key below the legend: its code, name, wounds, markers and the objective it stands on.
    :param tokens: feature tokens with their face-up side.
    :param highlights: hexes to outline (legal moves, targets), each with a colour or None for ``theme.highlight``.
    :param arrows: paths to draw (movement, charge, attack, push), under the tokens and pieces.
    :param theme: the colours.
    :param labels: what to call each board's player (first-board player first) in the title and legend: two,
        or three or four with as many players.
    :param words: the title's, the legend's and the markers' words (English unless given).
    :param player_colours: each board's player's fighter colour, drawn in their legend swatch (player, colour,
        name), board 0 first; none by default.
    :param scores: each board's player's glory, beside their name in the legend (``words.glory``), board 0 first;
        none by default.
    """
    if len(labels) < len(battlefield.boards) or len(battlefield.boards) > len(theme.territory):
        raise ValueError(f"{len(battlefield.boards)} boards need as many labels and territory colours")
    if width < MIN_WIDTH:
        raise ValueError(f"width must be at least {MIN_WIDTH} px to stay readable on a phone, not {width}")
    layout = _layout(battlefield, width)
    below = _below(battlefield, width, theme, labels, words)
    on = [piece for piece in pieces if piece.hex in layout.centres]
    if recording_now():  # a test reads what is drawn where (nothing is recorded otherwise: the next board ~1 ms)
        _record(battlefield, layout, below, on, tokens, words, scores)
    names = _names_layer(battlefield, width, theme, labels, words)
    board = _with_key(names, below, len(on), layout.margin, _names_ink(theme)(theme.background))
    pal = _theme_palette(theme).copy()
    drawings = _drawings(battlefield, layout, below, board.height, pal, theme, words, on, tokens, highlights,
                         arrows, player_colours, scores)
    registered = len(pal.colours)
    rows = BAND_ROWS
    over: list[list[tuple]] = [[] for _ in board.bands]
    for drawing in drawings:
        for band in range(drawing.top // rows, (drawing.bottom - 1) // rows + 1):
            over[band].append(drawing.key)
    bands = list(board.bands)  # nothing drawn over a band: the match's layer's own
    dirty: dict[int, tuple] = {}
    get = _BOARD_BANDS.get
    for number, keys in enumerate(over):
        if keys:
            key = (names.serial, number, *keys)  # the match's layer's: its key's blank bands aside
            band = bands[number] = get(key)
            if band is None:
                dirty[number] = key
    if dirty:
        drawn = _draw_bands(board, drawings, dirty)
        if len(pal.colours) != registered:  # its index is in no key: the bands must not be kept
            raise RuntimeError("a colour was drawn that the bands' keys did not register")
        for number, band in drawn.items():
            bands[number] = _BOARD_BANDS.put(dirty[number], band)
    return png(layout.width, board.height, pal.flat(), bands)  # type: ignore[arg-type]


def _objectives(tokens: Sequence[TokenMark]) -> dict[Hex, int]:
    return {t.hex: t.value for t in tokens if t.side is FeatureSide.OBJECTIVE and t.value is not None}


def _record(battlefield: Battlefield, layout: _Layout, below: _Below, on: Sequence[Piece],
            tokens: Sequence[TokenMark], words: BoardWords, scores: Sequence[int | None] = ()) -> None:
    """The boxes of what ``render_battlefield`` draws, for ``render.kit.layout.recording``: each fighter (its disc or
    Inspired ring and its pips: a piece), its code inside (its own), each coordinate along the edges and each
    objective's number (labels); and every line of text with its size (``lettering``)."""
    drawn = layout_for("underworlds", layout.width, layout.height)
    size, px = layout.size, layout.text_px

    def text(xy: tuple[float, float], value: str, px: int, anchor: str = "mm",
             face: ImageFont.FreeTypeFont | ImageFont.ImageFont | None = None) -> tuple[float, float, float, float]:
        box = text_box(xy, value, font=face or _font(px), anchor=anchor)
        drawn.add("lettering", box, value, "", px)
        return box

    for xy, value in layout.edges:
        drawn.add("label", text(xy, value, px), value, f"edge {value}")
    for xy, value, title_px in below.title:
        drawn.add("text", text(xy, value, title_px, "la"), value, "title")
    swatch = below.legend_px + 8
    for item, x, y in below.legend:
        drawn.add("text", text((x + swatch + 8, y + swatch / 2), item[3], below.legend_px, "lm"), item[3], "legend")
    for _, xy, value in _score_places(below, words, tuple(scores)):
        drawn.add("text", text(xy, value, below.legend_px, "lm", _bold(below.legend_px)), value, "score")
    occupied = {piece.hex for piece in on}
    for token in tokens:
        value = _token_text(token)
        if token.hex in layout.centres and value and token.hex not in occupied:
            cx, cy = layout.centres[token.hex]
            r = _number_badge(value, px)
            text((cx, cy), value, px)
            drawn.add("label", (cx - r, cy - r, cx + r, cy + r), value, f"token {token.hex}")
    objectives = _objectives(tokens)
    for i, piece in enumerate(on):
        cx, cy = layout.centres[piece.hex]
        what = f"piece {piece.hex}"
        r, pip, lines, _, _ = _piece_shape(piece.label[:3], size, px)
        ring = r + max(4, size * 0.08) if piece.inspired else r
        drawn.add("piece", (cx - ring, cy - ring, cx + ring, cy + ring), piece.label[:3], what)
        for dx, dy, *_ in _pip_spots(piece, r):  # each pip a piece of its own: they sit on the rim
            reach = pip * 1.15 + 1
            drawn.add("piece", (cx + dx - reach, cy + dy - reach, cx + dx + reach, cy + dy + reach), "", what)
        boxes = []  # a code in two lines: one label, its letters' ink (as ``_text`` draws them)
        for value, dy in lines:
            text((cx, cy + dy), value, px)
            w, h = _text_bands(value, px)[0].size
            x, y = round(cx - w / 2), round(cy + dy - h / 2)
            boxes.append((x, y, x + w, y + h))
        if boxes:
            drawn.add("label", (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                                max(b[3] for b in boxes)), piece.label[:3], what)
        code = piece.label[:3]
        words_line, start = _key_line(code, _key_text(piece, objectives.get(piece.hex), words), px,
                                      layout.width - 2 * layout.margin)
        y = below.key_top + i * below.key_line
        if code:
            drawn.add("text", text((layout.margin, y), code, px, "la", _bold(px)), code, "key")
        if words_line:
            drawn.add("text", text((layout.margin + start, y), words_line, px, "la"), words_line, "key")


BANDS_CACHE_BYTES = 32 * 1024 * 1024
"""Compressed bands of the boards drawn, by what is drawn in them (~20 KB a board, most shared with the match's
previous board): a match's next board compresses only the bands whose pieces, tokens or arrows changed."""
_BOARD_BANDS: ByteCache[Band] = ByteCache(BANDS_CACHE_BYTES, lambda band: len(band[0]) + 120)


@dataclass(frozen=True, slots=True)
class _Drawing:
    """One thing drawn over the hexes, in drawing order: what decides its pixels (``key``: plain values and the
    palette indices of its colours), the rows it may touch and how to draw it."""

    key: tuple
    top: int
    bottom: int
    """Past the last row it may touch."""
    draw: Callable[[Image.Image, ImageDraw.ImageDraw], None]


def _draw_bands(board: BandedLayer, drawings: Sequence[_Drawing], dirty: Mapping[int, tuple]) -> dict[int, Band]:
    """The ``dirty`` bands drawn and compressed: the match's layer's rows under them inflated, then every drawing
    touching them drawn at its place on a kept canvas (``render.kit.sketch.canvas_for``: its other rows hold anything, never read)."""
    rows, width, height = BAND_ROWS, board.width, board.height
    runs = band_runs(dirty)
    # each run's rows as PNG filters them (a filter byte, then the pixels): pasted one column left onto the canvas,
    # then the drawn rows pasted back one column right, so the bands' bytes are ready to compress as they are
    under = [board.filtered_rows(first, last) for first, last in runs]
    canvas, draw = canvas_for(width, runs[-1][1] * rows)
    for (first, _), filtered in zip(runs, under):
        canvas.paste(filtered, (-1, first * rows))
    for drawing in drawings:
        if any(band in dirty for band in range(drawing.top // rows, (drawing.bottom - 1) // rows + 1)):
            drawing.draw(canvas, draw)
    out: dict[int, Band] = {}
    step = (width + 1) * rows
    for (first, last), filtered in zip(runs, under):
        filtered.paste(canvas, (1, -first * rows))
        data = memoryview(filtered.tobytes())[:(height - first * rows) * (width + 1)]  # the layer's last band
        for number in range(first, last):  # may hold rows past the board's height: they are not the board's
            out[number] = deflate_filtered(data[(number - first) * step:(number - first + 1) * step])
    return out


def _drawings(battlefield: Battlefield, layout: _Layout, below: _Below, height: int, pal: _Palette, theme: Theme,
              words: BoardWords, on: Sequence[Piece], tokens: Sequence[TokenMark],
              highlights: Mapping[Hex, Colour | None] | None, arrows: Sequence[Arrow],
              player_colours: Sequence[Colour | None], scores: Sequence[int | None] = ()) -> list[_Drawing]:
    """Everything drawn over the match's layer (``height`` rows), in drawing order (player colours, highlights,
    arrows, tokens, pieces, the key's lines). ``on``: the pieces on the battlefield. Colours not in the theme's
    palette are added to ``pal`` here in a fixed order, the players' first, so a piece keeps its indices (and its
    bands their keys) whatever arrows come and go."""
    size, centres, px = layout.size, layout.centres, layout.text_px

    def rows(top: float, bottom: float) -> tuple[int, int]:
        """The rows from ``top`` to ``bottom`` (reaches worked out to the pixel), a row more each side: a shape's
        edge rounded to the pixel past it."""
        return max(0, math.floor(top) - 1), min(height, math.ceil(bottom) + 1)

    players = tuple(-1 if c is None else pal(_rgb(c)) for c in player_colours)
    fills = [_piece_inks(pal, _rgb(piece.colour), theme) for piece in on]
    out: list[_Drawing] = []
    if player_colours:
        out.append(_Drawing(("players", players), layout.legend_top, below.key_top,
                            lambda img, draw: _draw_player_colours(draw, pal, below, theme, player_colours)))
    for mark, xy, text in _score_places(below, words, tuple(scores)):
        top = xy[1] - below.legend_px
        out.append(_Drawing(("score", mark, text), *rows(top, top + 2 * below.legend_px),
                            partial(_draw_score, pal=pal, xy=xy, text=text, px=below.legend_px, theme=theme)))
    line = max(4, round(size * 0.08))
    for hex_, colour in sorted((highlights or {}).items(), key=lambda item: item[0]):
        if hex_ in centres:
            cx, cy = centres[hex_]
            outline = pal(theme.highlight if colour is None else _rgb(colour))
            reach = size * 0.94 + 1  # its outline is drawn inside the hexagon
            out.append(_Drawing(("highlight", cx, cy, outline), *rows(cy - reach, cy + reach),
                                partial(_draw_highlight, cx=cx, cy=cy, size=size, outline=outline, width=line)))
    for arrow in arrows:  # under the tokens, so a token's value stays readable
        points = tuple(centres[h] for h in arrow.path if h in centres)
        if len(points) < 2:
            continue
        colour = pal(_rgb(arrow.colour) if arrow.colour is not None else theme.of(theme.arrow, arrow.kind.value))
        out.append(_Drawing(("arrow", points, colour), *rows(*_arrow_rows(points, size)),
                            partial(_draw_arrow, pal=pal, layout=layout, arrow=arrow, theme=theme)))
    occupied = {piece.hex for piece in on}
    for token in tokens:
        if token.hex in centres:
            cx, cy = centres[token.hex]
            reach = size * 0.86 + 1  # its ring is drawn inside the hexagon, its number in the middle
            numbered = token.hex not in occupied
            out.append(_Drawing(("token", cx, cy, token.side.value, token.value, numbered),
                                *rows(cy - reach, cy + reach),
                                partial(_draw_token, pal=pal, layout=layout, token=token, theme=theme,
                                        numbered=numbered)))
    for piece, inks in zip(on, fills):
        cx, cy = centres[piece.hex]
        up, down, _ = _piece_reach(piece, size, px)
        markers = tuple(m.value for m in _MARKER_ORDER if m in piece.markers)
        out.append(_Drawing(("piece", cx, cy, piece.label[:3], min(piece.wounds, MAX_WOUND_PIPS), markers,
                             piece.inspired, inks), *rows(cy - up, cy + down),
                            partial(_draw_piece, pal=pal, layout=layout, piece=piece, theme=theme)))
    objectives = _objectives(tokens)
    for i, piece in enumerate(on):
        colour = _rgb(piece.colour)
        code_inks = tuple(pal(t) for t in _tones(colour, theme.background))
        y = below.key_top + i * below.key_line
        line = _key_line(piece.label[:3], _key_text(piece, objectives.get(piece.hex), words), px,
                         layout.width - 2 * layout.margin)
        if not piece.label[:3] and not line[0]:
            continue  # nothing to say: its line left blank
        out.append(_Drawing(("key", y, piece.label[:3], line, code_inks), *rows(y, y + below.key_line),
                            partial(_draw_key_line, pal=pal, x=layout.margin, y=y, code=piece.label[:3], line=line,
                                    px=px, colour=colour, theme=theme)))
    return out


def _score_places(below: _Below, words: BoardWords, scores: tuple[int | None, ...]
                  ) -> list[tuple[str, tuple[float, float], str]]:
    """Each player's glory in the legend: their row's mark, where it is drawn (after their name, its middle) and
    its words."""
    out = []
    swatch = below.legend_px + 8
    for (_, _, _, name, mark), x, y in below.legend:
        if mark.startswith("player"):
            i = int(mark[len("player"):])
            if i < len(scores) and scores[i] is not None:
                after = x + swatch + 8 + text_length(_MEASURE, name, font=_font(below.legend_px))
                out.append((mark, (after + below.legend_px * 0.3, y + swatch / 2),
                            "· " + words.glory.format(glory=scores[i])))
    return out


def _draw_score(img: Image.Image, draw: ImageDraw.ImageDraw, *, pal: _Palette, xy: tuple[float, float], text: str,
                px: int, theme: Theme) -> None:
    draw_tones(draw, xy, text, tones=tuple(pal(t) for t in _tones(theme.label, theme.background)), font=_bold(px),
               anchor="lm")


def _piece_inks(pal: _Palette, fill: RGB, theme: Theme) -> tuple[int, ...]:
    """A piece's fill and its label's tones as palette indices (registered in ``pal`` if new)."""
    return (pal(fill), *(pal(tone) for tone in _tones(_contrast(fill, theme), fill)))


def _draw_highlight(img: Image.Image, draw: ImageDraw.ImageDraw, *, cx: float, cy: float, size: float, outline: int,
                    width: int) -> None:
    _polygon(img, draw, _corners(cx, cy, size * 0.94), outline=outline, width=width)
