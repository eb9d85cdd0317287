"""Draw a Dragonbond battlefield as a PNG: an inch grid, terrain, zones, objectives, unit discs, the last action.

The static layer (grid with coordinates, bold every 6", deployment zones, terrain by type with hatching,
the legend) is drawn once per field, width, theme, words and names, and kept compressed band by band
(``render.kit.sketch.Static``); each board draws objectives, engagement lines, the last action and the units over
it on a ``Sketch``, which draws and compresses only the bands whose drawings changed since a board drawn before.
The view's shape is documented in ``render/dragonbond/__init__.py``. Same view, same bytes: fixed fonts and
colours (the layer's palette), no timestamps.
"""
from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.kit.cache import ByteCache
from render.kit.fonts import font
from render.kit.labels import Key, Placer
from render.kit.banner import wrap
from render.kit.layout import Layout as Drawn, NullLayout, intersects, layout_for
from render.kit.palette import SEAT_COLOURS, rgb
from render.kit.phone import phone_px
from render.kit.sketch import Sketch, Static, blends, length

RGB = tuple[int, int, int]
MIN_TEXT_PX = 13
"""No text is drawn smaller than this; every line is at least Discord's phone text at phone width
(``render.kit.phone``: 39 px on a board 1280 wide), ``Layout.text``."""
MARGIN = 34
"""At least this many pixels left of and below the table for the coordinates (more for letters at phone size)."""
TOP = 30


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour the renderer uses; override fields with ``dataclasses.replace``."""

    background: RGB = (22, 24, 30)
    table: RGB = (74, 96, 64)
    grid: RGB = (92, 116, 82)
    grid_bold: RGB = (150, 172, 136)
    label: RGB = (232, 234, 238)
    zones: tuple[RGB, RGB] = ((70, 98, 122), (122, 80, 74))
    impassable: RGB = (58, 58, 64)
    impassable_hatch: RGB = (150, 150, 160)
    slowing: RGB = (120, 112, 64)
    slowing_hatch: RGB = (200, 186, 96)
    dark: RGB = (28, 40, 30)
    dangerous: RGB = (236, 90, 30)
    sides: tuple[RGB, RGB] = (rgb(SEAT_COLOURS[0]), rgb(SEAT_COLOURS[1]))
    """Okabe-Ito blue and vermillion (render/kit/palette.py): apart for colour-blind eyes too; side B's discs are
    also squares, and every code starts with its side's letter."""
    neutral: RGB = (150, 150, 150)
    ink: RGB = (14, 14, 14)
    white: RGB = (250, 250, 250)
    objective: RGB = (240, 196, 50)
    engaged: RGB = (255, 220, 40)
    move: RGB = (250, 250, 250)
    charge: RGB = (255, 150, 30)
    attack: RGB = (255, 70, 70)
    refused: RGB = (255, 60, 60)


DEFAULT_THEME = Theme()


@dataclass(frozen=True, slots=True)
class FieldWords:
    """Every word drawn: legend and markers. English by default; the table passes its players' language
    (``db.terrain.kind.*`` and the like); this module reads no message catalogue."""

    impassable: str = "Impassable"
    slowing: str = "Slowing"
    dark: str = "Dark"
    dangerous: str = "Dangerous (X)"
    zone: str = "Deployment zone {side}"
    objective: str = "Objective"
    engaged: str = "Engaged"
    hits: str = "{hits} hits, {crits} crits"
    wounds: str = "-{wounds} W"
    refused: str = "{distance}\" > {allowance}\""
    moved: str = "{cost}\" of {allowance}\""
    general: str = "General"
    activated: str = "Activations this round"
    states: str = "W wounds/health · P poison · S slowed · I immobilized · FL flanked · squares: fatigue"


ENGLISH = FieldWords()


@dataclass(frozen=True)
class Layout:
    """Where the table sits on the image: pixels per inch and the table's corners."""

    scale: float
    left: float
    top: float
    width_in: float
    height_in: float
    text: int = MIN_TEXT_PX
    """The size of every letter drawn: names, states, codes, coordinates, the legend, the key (phone size)."""

    @property
    def badge(self) -> int:
        """The radius of a badge holding a digit (a unit's activations, an objective's number)."""
        return max(9, round(self.text * 0.62))

    def px(self, x: float, y: float) -> tuple[float, float]:
        """The pixel of a table point; y grows toward side B, drawn upward (side A at the bottom)."""
        return self.left + x * self.scale, self.top + (self.height_in - y) * self.scale


def layout(field: Mapping[str, Any], width: int = 1280) -> Layout:
    """The image layout for a field at a width."""
    w, h = float(field["width"]), float(field["height"])
    text = max(MIN_TEXT_PX, phone_px(width))
    margin = max(MARGIN, round(text * 1.6))
    scale = (width - 2 * margin) / w
    return Layout(scale, margin, max(TOP, round(text * 1.3)), w, h, text)


def _side_colour(side: str | None, sides: Mapping[str, str], theme: Theme) -> RGB:
    if side is None:
        return theme.neutral
    letter = sides.get(side, side)
    if letter == "A":
        return theme.sides[0]
    if letter == "B":
        return theme.sides[1]
    return theme.neutral


def _sides(view: Mapping[str, Any]) -> dict[str, str]:
    if view.get("sides"):
        return dict(view["sides"])
    zones = list((view["field"].get("zones") or {}).keys())
    return {seat: "AB"[i] for i, seat in enumerate(zones[:2])}


# -- static layer ---------------------------------------------------------------------------------------------------

def _terrain_polygon(t: Mapping[str, Any], lay: Layout) -> list[tuple[float, float]]:
    pts = t["points"]
    if t["shape"] == "rect":
        (x1, y1), (x2, y2) = pts
        corners = [(x1, y1), (x2, y1), (x2, y2), (x1, y2)]
    elif t["shape"] == "circle":
        (cx, cy), (r, _) = pts
        corners = [(cx + r * math.cos(2 * math.pi * k / 64), cy + r * math.sin(2 * math.pi * k / 64))
                   for k in range(64)]
    else:
        corners = [tuple(p) for p in pts]
    return [lay.px(x, y) for x, y in corners]


@lru_cache(maxsize=256)
def _terrain_centre(shape: str, points: tuple[tuple[float, float], ...], lay: Layout) -> tuple[float, float]:
    """The middle of a piece of terrain in pixels (where its name goes): the mean of its outline's corners, worked
    out once per field (a circle's outline has 64)."""
    poly = _terrain_polygon({"shape": shape, "points": points}, lay)
    return sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)


def terrain_fill(kinds: Sequence[str], theme: Theme = DEFAULT_THEME) -> RGB:
    """The base colour of a piece: impassable, else dark, else slowing, else dangerous."""
    for kind, colour in (("impassable", theme.impassable), ("dark", theme.dark), ("slowing", theme.slowing),
                         ("dangerous", theme.dangerous)):
        if kind in kinds:
            return colour
    return theme.table


def _hatch(draw: Sketch, poly: list[tuple[float, float]], colour: RGB, spacing: int, cross: bool) -> None:
    """Diagonal lines (and, if ``cross``, the other diagonal) clipped to ``poly``."""
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    x0, y0, x1, y1 = int(min(xs)), int(min(ys)), int(max(xs)) + 1, int(max(ys)) + 1
    w, h = x1 - x0, y1 - y0
    if w <= 0 or h <= 0:
        return
    lines = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(lines)
    for k in range(-h, w + h, spacing):
        d.line([(k, 0), (k + h, h)], fill=255, width=2)
        if cross:
            d.line([(k + h, 0), (k, h)], fill=255, width=2)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in poly], fill=255)
    lines.paste(0, mask=Image.eval(mask, lambda v: 255 - v))
    draw.bitmap((x0, y0), lines, fill=colour, key=("hatch", tuple(poly), spacing, cross))


def _text(draw: Sketch, xy: tuple[float, float], text: str, px: int, fill: RGB, *,
          anchor: str = "mm", outline: RGB | None = (14, 14, 14), bg: RGB | None = None) -> None:
    """Text over ``bg`` (the colour under it: the background unless told), outlined unless ``outline`` is None."""
    f = font(max(MIN_TEXT_PX, px))
    if outline is not None:
        draw.text(xy, text, fill=fill, font=f, anchor=anchor, stroke_width=2, stroke_fill=outline, bg=bg)
    else:
        draw.text(xy, text, fill=fill, font=f, anchor=anchor, bg=bg)


def _legend(draw: Sketch, top: float, lay: Layout, width: int, kinds: set[str], zone_sides: Sequence[str],
            sides: Mapping[str, str], theme: Theme, words: FieldWords, names: Mapping[str, str]) -> float:
    items: list[tuple[RGB, str]] = []
    for kind in ("impassable", "dark", "slowing", "dangerous"):
        if kind in kinds:
            items.append((terrain_fill([kind], theme), getattr(words, kind)))
    for i, seat in enumerate(zone_sides):
        letter = sides.get(seat, "AB"[min(i, 1)])  # the table side (A/B) players see on the board, not a seat id
        who = names.get(seat)
        items.append((theme.zones[0 if letter == "A" else 1],
                      words.zone.format(side=letter) + (f" · {who}" if who else "")))
    sided: list[tuple[RGB, str, str]] = []
    for i, seat in enumerate(zone_sides):  # whose units are which colour and shape, by name
        letter = sides.get(seat, "AB"[min(i, 1)])
        if names.get(seat):
            sided.append((theme.sides[0 if letter == "A" else 1], f"{letter}: {names[seat]}",
                          "disc" if letter == "A" else "square"))
    items.append((theme.objective, words.objective))
    items.append((theme.engaged, words.engaged))
    left, f = round(lay.left), font(lay.text)
    s = round(lay.text * 0.9)  # a swatch's side
    row, gap, half = round(lay.text * 1.45), round(lay.text * 0.7), s / 2
    x, y = left, top
    shaped = [(colour, label, "box") for colour, label in items[:len(items) - 2]] + sided
    shaped += [(colour, label, "box") for colour, label in items[len(items) - 2:]]
    shaped += [(theme.objective, words.general, "ring"), (theme.objective, words.activated, "badge")]
    for colour, label, shape in shaped:  # every colour and badge drawn on a unit, explained
        tw = draw.textlength(label, font=f)
        if x + s + 8 + tw > width - left and x > left:
            x, y = left, y + row
        if shape == "ring":  # the general's inner ring
            draw.ellipse([x, y, x + s, y + s], fill=theme.sides[0], outline=theme.white, width=2)
            draw.ellipse([x + s * 0.2, y + s * 0.2, x + s * 0.8, y + s * 0.8], outline=colour, width=2)
        elif shape == "disc":  # side A's units: discs
            draw.ellipse([x, y, x + s, y + s], fill=colour, outline=theme.white, width=2)
        elif shape == "square":  # side B's units: squares
            draw.rectangle([x + 1, y + 1, x + s - 1, y + s - 1], fill=colour, outline=theme.white, width=2)
        elif shape == "badge":  # a unit's activations this round: a digit as large as any letter
            b = lay.badge
            draw.ellipse([x + half - b, y + half - b, x + half + b, y + half + b], fill=colour, outline=theme.ink,
                         width=2)
            draw.text((x + half, y + half), "1", fill=theme.ink, font=f, anchor="mm", bg=colour)
        else:
            draw.rectangle([x, y, x + s, y + s], fill=colour, outline=theme.label)
        draw.text((x + s + 8, y + half), label, fill=theme.label, font=f, anchor="lm")
        x += s + 8 + tw + gap
    for line in wrap(draw, words.states, lay.text, width - 2 * left):  # the letters beside a unit
        y += row
        draw.text((left, y + half), line, fill=theme.label, font=f, anchor="lm")
    return y + row


STATICS_CACHE_BYTES = 16 * 1024 * 1024
"""Static layers kept (a field with its legend, ~60 KB compressed): a match's names are in its legend."""
_STATICS: ByteCache[Static] = ByteCache(STATICS_CACHE_BYTES, lambda static: static.size)


def _static(field_json: str, width: int, theme: Theme, words: FieldWords, sides_json: str,
            names_json: str = "{}") -> Static:
    """The static layer of a field (its legend naming the players), kept."""
    key = (field_json, width, theme, words, sides_json, names_json)
    static = _STATICS.get(key)
    if static is None:
        static = _STATICS.put(key, _static_sketch(field_json, width, theme, words, sides_json, names_json).freeze())
    return static


def _colours(theme: Theme) -> list[RGB]:
    """The palette's first colours, in a fixed order: the theme's, and the tones of the words each board draws
    (labels on the background, codes outlined in ink on the sides' colours, badges' and objectives' numbers), so
    a board seldom adds colours of its own."""
    own = [v for f in dataclasses.fields(theme) for v in (
        getattr(theme, f.name) if isinstance(getattr(theme, f.name)[0], tuple) else (getattr(theme, f.name),))]
    inks = (theme.white, theme.label, theme.attack, theme.refused, theme.move, theme.charge)
    return (own + blends(inks, (theme.background,)) + blends((theme.ink,), (theme.objective,))
            + blends((theme.white,), (theme.ink,)) + blends((theme.ink,), theme.sides))


def _static_sketch(field_json: str, width: int, theme: Theme, words: FieldWords, sides_json: str,
                   names_json: str) -> Sketch:
    field = json.loads(field_json)
    sides = json.loads(sides_json)
    names = json.loads(names_json)
    lay = layout(field, width)
    w_px = lay.width_in * lay.scale
    h_px = lay.height_in * lay.scale
    height = int(lay.top + h_px + lay.left + 14 * lay.text * 1.45)  # room for the legend; cut once drawn
    draw = Sketch.blank(width, height, theme.background, _colours(theme))
    draw.rectangle([lay.left, lay.top, lay.left + w_px, lay.top + h_px], fill=theme.table)
    zone_sides = list((field.get("zones") or {}).keys())
    for i, (seat, pts) in enumerate((field.get("zones") or {}).items()):
        tint = theme.zones[0 if sides.get(seat, "AB"[min(i, 1)]) == "A" else 1]
        draw.polygon([lay.px(x, y) for x, y in pts], fill=tint)
    # The inch grid, bold every 6" (digest §5.2 "Rendering").
    for xi in range(int(lay.width_in) + 1):
        x, _ = lay.px(xi, 0)
        bold = xi % 6 == 0
        draw.line([(x, lay.top), (x, lay.top + h_px)], fill=theme.grid_bold if bold else theme.grid,
                  width=2 if bold else 1)
    for yi in range(int(lay.height_in) + 1):
        _, y = lay.px(0, yi)
        bold = yi % 6 == 0
        draw.line([(lay.left, y), (lay.left + w_px, y)], fill=theme.grid_bold if bold else theme.grid,
                  width=2 if bold else 1)
    kinds: set[str] = set()
    for t in field.get("terrain", ()):
        poly = _terrain_polygon(t, lay)
        kinds |= set(t["kinds"])
        draw.polygon(poly, fill=terrain_fill(t["kinds"], theme))
        if "slowing" in t["kinds"]:
            _hatch(draw, poly, theme.slowing_hatch, max(8, round(lay.scale * 0.5)), cross=False)
        if "impassable" in t["kinds"]:
            _hatch(draw, poly, theme.impassable_hatch, max(8, round(lay.scale * 0.5)), cross=True)
        outline = theme.dangerous if "dangerous" in t["kinds"] else theme.ink
        draw.polygon(poly, outline=outline, width=3 if "dangerous" in t["kinds"] else 2)
        # its name is drawn with the units, where no unit hides it (terrain_labels)
    # Coordinates on every edge, by the bold 6" lines (every 2" once letters are of phone size would overlap).
    f = font(lay.text)
    step = 6 if lay.text * 1.4 > 2 * lay.scale else 2
    for xi in range(0, int(lay.width_in) + 1, step):
        x, _ = lay.px(xi, 0)
        draw.text((x, lay.top + h_px + 4), str(xi), fill=theme.label, font=f, anchor="ma")
        draw.text((x, lay.top - 3), str(xi), fill=theme.label, font=f, anchor="md")
    for yi in range(0, int(lay.height_in) + 1, step):
        _, y = lay.px(0, yi)
        draw.text((lay.left - 5, y), str(yi), fill=theme.label, font=f, anchor="rm")
        draw.text((lay.left + w_px + 5, y), str(yi), fill=theme.label, font=f, anchor="lm")
    bottom = _legend(draw, lay.top + h_px + lay.text + 14, lay, width, kinds, zone_sides, sides, theme, words,
                     names)
    draw.height = int(bottom + 8)
    return draw


# -- dynamic layer --------------------------------------------------------------------------------------------------

def _arrow(draw: Sketch, pts: list[tuple[float, float]], colour: RGB, width: int,
           dashed: bool = False) -> None:
    for p, q in zip(pts, pts[1:]):
        if dashed:
            length = math.dist(p, q)
            n = max(1, int(length // 12))
            for k in range(0, n, 2):
                a = (p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n)
                b = (p[0] + (q[0] - p[0]) * (k + 1) / n, p[1] + (q[1] - p[1]) * (k + 1) / n)
                draw.line([a, b], fill=colour, width=width)
        else:
            draw.line([p, q], fill=colour, width=width)
    if len(pts) > 1 and math.dist(pts[-2], pts[-1]) > 1:
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        ang = math.atan2(y1 - y0, x1 - x0)
        size = 6 + 2 * width
        head = [(x1, y1), (x1 - size * math.cos(ang - 0.45), y1 - size * math.sin(ang - 0.45)),
                (x1 - size * math.cos(ang + 0.45), y1 - size * math.sin(ang + 0.45))]
        draw.polygon(head, fill=colour)


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.1f}".rstrip("0").rstrip(".")
    return str(v)


Say = list[tuple[str, int, RGB, tuple[float, float, float, float]]]
"""Words an event leaves on the board, placed after the pieces: (text, size, colour, the box it names)."""


def _draw_event(draw: Sketch, ev: Mapping[str, Any], units: Mapping[str, Mapping[str, Any]],
                lay: Layout, theme: Theme, words: FieldWords, say: Say) -> None:
    kind = ev.get("type")
    if kind == "Moved" and ev.get("path"):
        pts = [lay.px(*p) for p in ev["path"]]
        colour = theme.charge if ev.get("kind") == "charge" else theme.move
        _arrow(draw, pts, colour, 4)
        if ev.get("cost") is not None and ev.get("allowance") is not None:
            mid = pts[len(pts) // 2] if len(pts) > 2 else ((pts[0][0] + pts[-1][0]) / 2, (pts[0][1] + pts[-1][1]) / 2)
            say.append((words.moved.format(cost=_fmt(ev["cost"]), allowance=_fmt(ev["allowance"])), lay.text, colour,
                        (mid[0] - 2, mid[1] - 2, mid[0] + 2, mid[1] + 2)))
    elif kind == "MoveRefused":
        u = units.get(ev.get("unit"))
        if u is None or u.get("x") is None:
            return
        start = lay.px(u["x"], u["y"])
        end = lay.px(*ev["to"])
        if ev.get("allowance") is not None:
            # The allowance as a ring round the unit, kept inside the table.
            reach = (float(ev["allowance"]) + float(u.get("radius", 0))) * lay.scale
            table = (lay.left, lay.top, lay.px(lay.width_in, 0)[0], lay.px(0, 0)[1])
            corner, ring = _ring(start, reach, table)
            draw.bitmap(corner, ring, fill=theme.refused, key=("ring", start, reach, table))
        _arrow(draw, [start, end], theme.refused, 3, dashed=True)
        s = 9
        draw.line([(end[0] - s, end[1] - s), (end[0] + s, end[1] + s)], fill=theme.refused, width=4)
        draw.line([(end[0] - s, end[1] + s), (end[0] + s, end[1] - s)], fill=theme.refused, width=4)
        text = words.refused.format(distance=_fmt(ev.get("distance", "?")), allowance=_fmt(ev.get("allowance", "?")))
        mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        say.append((text, lay.text, theme.refused, (mid[0] - 2, mid[1] - 2, mid[0] + 2, mid[1] + 2)))
    elif kind == "AttackRolled":
        a, t = units.get(ev.get("unit")), units.get(ev.get("target"))
        if not a or not t or a.get("x") is None or t.get("x") is None:
            return
        p, q = lay.px(a["x"], a["y"]), lay.px(t["x"], t["y"])
        _arrow(draw, [p, q], theme.attack, 3, dashed=ev.get("kind") == "ranged")
        text = words.hits.format(hits=ev.get("hits", 0), crits=ev.get("crits", 0))
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        say.append((text, lay.text, theme.attack, (mid[0] - 2, mid[1] - 2, mid[0] + 2, mid[1] + 2)))
    elif kind == "Wounded":
        u = units.get(ev.get("unit"))
        if u and u.get("x") is not None:
            p = lay.px(u["x"], u["y"])
            r = float(u.get("radius", 1)) * lay.scale
            say.append((words.wounds.format(wounds=ev.get("wounds", 0)), lay.text, theme.attack,
                        (p[0] - r, p[1] - r, p[0] + r, p[1] + r)))


def _ring(centre: tuple[float, float], reach: float, table: tuple[float, float, float, float]
          ) -> tuple[tuple[int, int], Image.Image]:
    """A ring of radius ``reach`` round ``centre`` kept inside the table: a mask over the ring's box in the table,
    and its top left corner."""
    x0, y0 = max(0, int(table[0])), max(0, int(table[1]))
    x1, y1 = int(table[2]) + 1, int(table[3]) + 1
    ring = Image.new("L", (x1 - x0, y1 - y0), 0)
    ImageDraw.Draw(ring).ellipse([centre[0] - reach - x0, centre[1] - reach - y0, centre[0] + reach - x0,
                                  centre[1] + reach - y0], outline=255, width=2)
    inside = Image.new("L", ring.size, 0)
    ImageDraw.Draw(inside).rectangle([table[0] - x0, table[1] - y0, table[2] - x0, table[3] - y0], fill=255)
    ring.paste(0, mask=Image.eval(inside, lambda v: 255 - v))
    box = ring.getbbox() or (0, 0, 1, 1)
    return (x0 + box[0], y0 + box[1]), ring.crop(box)


def _pips(draw: Sketch, x: float, y: float, filled: int, total: int, colour: RGB, theme: Theme,
          size: int = 10) -> None:
    for k in range(total):
        box = [x + k * (size + 3), y, x + k * (size + 3) + size, y + size]
        draw.rectangle(box, fill=colour if k < filled else theme.background, outline=theme.white)


def _unit_box(u: Mapping[str, Any], lay: Layout) -> tuple[float, float, float, float, float, float, float]:
    """A unit's disc: its box (with its activation badge), centre and radius. Its code is a label of its own
    (``_codes``): at phone size it is wider than a small disc."""
    cx, cy = lay.px(u["x"], u["y"])
    r = max(6.0, float(u.get("radius", 1)) * lay.scale)
    half = up = r
    if u.get("activated"):  # its badge on the disc's top right corner
        top, right = min(cy - up, cy - r * 0.72 - lay.badge), max(cx + half, cx + r * 0.72 + lay.badge)
    else:
        top, right = cy - up, cx + half
    return cx - half, top, right, cy + up, cx, cy, r


def _centre_text(u: Mapping[str, Any]) -> str:
    code = str(u.get("code") or u["id"])
    models = u.get("models")
    return code if models is None else f"{code}×{models}"


def _draw_disc(draw: Sketch, u: Mapping[str, Any], lay: Layout, colour: RGB, theme: Theme,
               square: bool) -> None:
    """The unit itself: a disc (side B: a square, so sides differ by more than hue), its code and models inside,
    a ring when engaged, an inner ring for the general, a corner badge with this round's activations."""
    _, _, _, _, cx, cy, r = _unit_box(u, lay)
    ring = theme.engaged if u.get("engaged_with") else theme.white
    box = [cx - r, cy - r, cx + r, cy + r]
    if len(u.get("model_points") or ()) > 1:
        _draw_models(draw, u, lay, colour, theme, square, ring)
    elif square:
        k = r * 0.86
        draw.rectangle([cx - k, cy - k, cx + k, cy + k], fill=colour, outline=ring, width=3)
    else:
        draw.ellipse(box, fill=colour, outline=ring, width=3)
    if u.get("general"):
        draw.ellipse([cx - r + 5, cy - r + 5, cx + r - 5, cy + r - 5], outline=theme.objective, width=2)
    if u.get("activated"):
        bx, by, b = cx + r * 0.72, cy - r * 0.72, lay.badge
        draw.ellipse([bx - b, by - b, bx + b, by + b], fill=theme.objective, outline=theme.ink, width=2)
        _text(draw, (bx, by), str(u["activated"]), lay.text, theme.ink, outline=None, bg=theme.objective)


def _draw_models(draw: Sketch, u: Mapping[str, Any], lay: Layout, colour: RGB, theme: Theme, square: bool,
                 ring: RGB) -> None:
    """A unit of several models: its footprint as a thin ring, each model a small disc (side B: a small square) at
    its own place, the engaged ones outlined in the engagement colour (§4.4). One code for the unit (``_codes``)."""
    _, _, _, _, cx, cy, r = _unit_box(u, lay)
    b = max(3.0, float(u.get("base") or 1.0) / 2 * lay.scale)
    points = [lay.px(x, y) for x, y in u["model_points"]]
    if all(math.hypot(mx - cx, my - cy) + b <= r + 2 for mx, my in points):  # not once a charge spread them out
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=ring if u.get("engaged_with") else colour, width=2)
    engaged = set(u.get("engaged_models") or ())
    for i, (mx, my) in enumerate(points):
        edge = theme.engaged if i in engaged else theme.white
        if square:
            k = b * 0.86
            draw.rectangle([mx - k, my - k, mx + k, my + k], fill=colour, outline=edge, width=2)
        else:
            draw.ellipse([mx - b, my - b, mx + b, my + b], fill=colour, outline=edge, width=2)


def _codes(draw: Sketch, placer: Placer, key: Key, drawn: Drawn, units: Mapping[str, Mapping[str, Any]],
           sides: Mapping[str, str], lay: Layout, theme: Theme) -> None:
    """Each unit's code (and models) on its disc, outlined, where it covers no other unit, objective or code;
    else beside the unit like any label (units in contact: their codes would cover each other)."""
    f = font(lay.text)
    for uid, u in sorted(units.items()):
        code = _centre_text(u)
        disc = _unit_box(u, lay)
        cx, cy = disc[4], disc[5]
        w, h = length(f, code) + 6, lay.text + 4
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        if not any(intersects(box, other) for other in placer.taken if other != disc[:4]):
            placer.taken.append(box)
            drawn.add("label", box, code, uid)
            _text(draw, (cx, cy), code, lay.text, theme.white, bg=_side_colour(u.get("side"), sides, theme))
        else:
            _label(draw, placer, key, code, lay.text, theme.white, disc[:4], uid, theme=theme)


def _state_text(u: Mapping[str, Any]) -> str:
    line = []
    if u.get("health") is not None:
        line.append(f"W{u.get('wounds', 0)}/{u['health']}")
    elif u.get("wounds"):
        line.append(f"W{u['wounds']}")
    states = u.get("states") or {}
    for key, letter in (("poison", "P"), ("slowed", "S"), ("immobilized", "I")):
        if states.get(key):
            line.append(f"{letter}{states[key]}")
    if u.get("flanked"):
        line.append("FL")
    return " ".join(line)


def _label(draw: Sketch, placer: Placer, key: Key, text: str, px: int, fill: RGB, near: tuple,
           what: str, prefer: str = "above", pips: tuple[int, RGB] | None = None, theme: Theme = DEFAULT_THEME
           ) -> None:
    """One label placed where it hides nothing (render/kit/labels.py), with a leader line when away from its piece;
    when no place is free, a number by the piece and the words in the key below the board."""
    f = font(px)
    pip = max(10, px // 3)
    w = max(length(f, text), 3 * pip + 6 if pips else 0) + 6
    h = px + 6 + (pip + 4 if pips else 0)
    spot = placer.place(w, h, near, what=what, text=text, prefer=prefer)
    if spot is None:
        n = key.add(f"{text}")
        tag = f"{n}"
        spot = placer.place(length(f, tag) + 8, px + 4, near, what=what, text=tag, prefer=prefer)
        if spot is None:
            return  # said in the key only
        text, pips = tag, None
    if spot.leader:
        draw.line(spot.leader, fill=theme.white, width=1)
    x0, y0, x1, y1 = spot.box
    draw.rectangle([x0, y0, x1, y1], fill=theme.background)
    draw.text(((x0 + x1) / 2, y0 + 3 + px / 2), text, fill=fill, font=f, anchor="mm")
    if pips:
        filled, colour = pips
        _pips(draw, (x0 + x1) / 2 - (3 * pip + 6) / 2, y0 + px + 6, min(filled, 3), 3, colour, theme, pip)


def render(view: Mapping[str, Any], events: Sequence[Mapping[str, Any]] | None = None, *, width: int = 1280,
           theme: Theme = DEFAULT_THEME, words: FieldWords = ENGLISH, names: Mapping[str, str] | None = None) -> bytes:
    """The battlefield as PNG bytes.

    :param view: the engine's view (shape in ``render/dragonbond/__init__.py``); only ``field`` is required.
    :param events: the events to draw (the last action); default ``view["last"]``.
    :param width: image width in pixels (1280 for phones; at least 800).
    :param theme: the colours.
    :param words: the legend's and markers' words (English unless given).
    :param names: the players' names by seat, for the legend (which side and colour is whose).

    Every label (unit names, states, terrain names, what the last action did) is placed where it covers no unit,
    objective or other label (render/kit/labels.py); what finds no room is numbered, its words in a key below.
    """
    if width < 800:
        raise ValueError(f"width must be at least 800 px to stay readable, not {width}")
    field = view["field"]
    sides = _sides(view)
    lay = layout(field, width)
    ground = {k: v for k, v in field.items() if k != "objectives"}  # objectives: drawn per board (set-up adds them)
    static = _static(json.dumps(ground, sort_keys=True), width, theme, words, json.dumps(sides, sort_keys=True),
                     json.dumps(dict(names or {}), sort_keys=True))
    drawn = layout_for("dragonbond", static.width, static.height)
    draw = Sketch(static, fill=theme.background, layout=drawn)
    table = (lay.left, lay.top, lay.left + lay.width_in * lay.scale, lay.top + lay.height_in * lay.scale)
    placer = Placer((table[0], table[1] - lay.top + 2, table[2], table[3]), drawn)
    key = Key()
    units = {u["id"]: u for u in view.get("units", ()) if u.get("x") is not None and u.get("where", "battlefield")
             in ("battlefield", None)}
    # Objectives: numbered markers in their controller's colour (3" control radius drawn faintly).
    controllers = {o.get("n"): o.get("controller") for o in view.get("objectives", ()) or ()}
    for n, (x, y) in enumerate(field.get("objectives", ()), start=1):
        px, py = lay.px(x, y)
        reach = 3 * lay.scale
        owner = controllers.get(n)
        ring = theme.objective if owner is None else _side_colour(owner, sides, theme)
        draw.ellipse([px - reach, py - reach, px + reach, py + reach], outline=ring, width=1)
        b = lay.badge + 3
        draw.ellipse([px - b, py - b, px + b, py + b], fill=theme.objective, outline=ring, width=4)
        _text(draw, (px, py), str(n), lay.text, theme.ink, outline=None, bg=theme.objective)
        placer.block((px - b, py - b, px + b, py + b), f"objective {n}", text=str(n))
    # Engagement lines, under the discs.
    for uid, u in sorted(units.items()):
        for other in u.get("engaged_with") or ():
            if other in units and uid < other:
                o = units[other]
                draw.line([lay.px(u["x"], u["y"]), lay.px(o["x"], o["y"])], fill=theme.engaged, width=5)
    last = list(view.get("last") or ()) if events is None else list(events)
    say: Say = []
    for ev in last:
        if ev.get("type") in ("Moved", "AttackRolled"):
            _draw_event(draw, ev, units, lay, theme, words, say)
    for uid, u in sorted(units.items()):
        square = sides.get(u.get("side") or "", "") == "B"
        _draw_disc(draw, u, lay, _side_colour(u.get("side"), sides, theme), theme, square)
        placer.block(_unit_box(u, lay)[:4], uid, text=_centre_text(u))
    _codes(draw, placer, key, drawn, units, sides, lay, theme)
    for ev in last:   # on top: refusals and wound counts must stay readable
        if ev.get("type") in ("MoveRefused",):
            _draw_event(draw, ev, units, lay, theme, words, say)
        elif ev.get("type") == "Wounded":
            _draw_event(draw, ev, units, lay, theme, words, say)
    # Labels, most important first: what the last action did, each unit's state, then names, then terrain.
    for text, px, colour, near in say:
        _label(draw, placer, key, text, px, colour, near, "event", theme=theme)
    for uid, u in sorted(units.items()):
        state = _state_text(u)
        fatigue = int(u.get("fatigue") or 0)
        pips = (fatigue, theme.refused if fatigue >= 3 else theme.objective)
        _label(draw, placer, key, state or " ", lay.text, theme.white, _unit_box(u, lay)[:4], uid, prefer="below",
               pips=pips, theme=theme)
    for uid, u in sorted(units.items()):
        name = str(u.get("name") or "")
        if len(name) > 24:
            name = name[:23] + "…"
        if name:
            _label(draw, placer, key, f"{_centre_text(u).split('×')[0]} {name}", lay.text, theme.white,
                   _unit_box(u, lay)[:4], uid, theme=theme)
    for t in field.get("terrain", ()):
        cx, cy = _terrain_centre(t["shape"], tuple(map(tuple, t["points"])), lay)
        label = str(t.get("name") or t["id"]).replace("_", " ")
        if "dangerous" in t["kinds"]:
            label = f"{label} ({t.get('danger', 0)})"     # Dangerous (X): X dice (§24.2)
        f = font(lay.text)
        w, h = length(f, label) + 6, lay.text + 6
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        if placer.free(box):  # in the middle of its piece of terrain, if nothing stands there
            placer.taken.append(box)
            drawn.add("label", box, label, str(t.get("id")))
            _text(draw, (cx, cy), label, lay.text, theme.white, bg=terrain_fill(t["kinds"], theme))
        else:
            _label(draw, placer, key, label, lay.text, theme.white, (cx - 2, cy - 2, cx + 2, cy + 2),
                   str(t.get("id")), theme=theme)
    if key.entries:  # the labels that found no room, by number, under the board
        _with_key(draw, key, theme, drawn, lay)
    return draw.png()


def _with_key(draw: Sketch, key: Key, theme: Theme, drawn: Drawn, lay: Layout) -> None:
    """The key under the board: the image grows by its rows (the background)."""
    f, px, left = font(lay.text), lay.text, round(lay.left)
    x, y, rows = left, 0, []
    for n, text in enumerate(key.entries, start=1):
        entry = f"{n} = {text}"
        w = draw.textlength(entry, font=f)
        if x + w > draw.width - left and x > left:
            x, y = left, y + px + 10
        rows.append((x, y, entry, w))
        x += w + 28
    top = draw.height
    draw.height += y + px + 16
    drawn.height = draw.height
    for x, y, entry, w in rows:
        draw.text((x, top + y + 4), entry, fill=theme.label, font=f)
        drawn.add("text", (x, top + y + 4, x + w, top + y + 4 + px + 2), entry, "key")
