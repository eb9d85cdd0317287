"""The Mage Wars arena as a picture, drawn only from ``system.view(state, seat)`` (never from a state).

The static layer (zones with their coordinates, the arena's perimeter, the doors) is drawn once per arena size
and words, and cached; each call copies it and draws on top: inner walls and barriers on their borders (coloured
by what they block), every mage, creature and conjuration in its zone as a labelled marker (seat colour; damage,
mana, action marker, guard, conditions), what is attached to each (face-down enchantments as card backs, the
others by name), the last action (movement and attack arrows, the attack's damage) and a side strip with each
mage's mana, channeling, life and spellbook. Sized for a phone: 1280 pixels wide at most, large letters.
"""
from __future__ import annotations

import dataclasses
import io
import math
import re
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

from render.kit.fonts import font
from render.kit.labels import Key, Placer
from render.kit.layout import layout_for
from render.kit.png import png_rgb
from render.kit.palette import SEAT_COLOURS as KIT_SEAT_COLOURS, polygon

JSON = dict[str, Any]

ZONE = 240
"""Side of a zone in pixels."""
MARGIN = 40
"""Room for the coordinates around the zones."""
STRIP = 300
"""Width of the side strip with the mages' numbers."""
SEAT_COLOURS = KIT_SEAT_COLOURS[:2]
"""Marker colours by seat (first seat Okabe-Ito blue, second vermillion: apart for colour-blind eyes too); the
second seat's mages and creatures are also diamonds, not discs."""
BACKGROUND = "#f4efe4"
ZONE_FILL = ("#e3dccb", "#d9d1bd")
"""Alternate zone fills, like a chessboard, so zones read apart on a small screen."""
PERIMETER = "#3b3024"
WALL_COLOURS = {"blocks_los": "#5a3d1e", "passage_attack": "#d0421b", "passage_blocked": "#7a7a7a"}
"""A barrier's colour by the strongest thing it does: blocks sight, attacks who passes, only blocks passage."""
BACK = "#5b2a86"
"""A face-down enchantment's card back."""
ARROW_MOVE = "#1f8a3a"
ARROW_ATTACK = "#d81b1b"
MARKER_R = 28
CROWDED_R = 21
"""A marker's radius in a zone of more than six objects: its badges stay clear of its neighbours'."""


@dataclasses.dataclass(frozen=True)
class ArenaWords:
    """The words drawn on the image, in the reader's language (the table passes them; English by default)."""

    title: str = "Round {round} · {phase}"
    mana: str = "Mana"
    channeling: str = "Channeling"
    life: str = "Life"
    book: str = "Spellbook"
    planned: str = "Planned"
    initiative: str = "initiative"
    guard: str = "G"
    hidden: str = "?"
    damage: str = "{damage} dmg"
    miss: str = "miss"
    key_damage: str = "damage"
    key_mana: str = "mana on it"
    key_ready: str = "action ready / spent"
    key_guard: str = "guarding"
    key_conjuration: str = "conjuration"


def zone_box(size: Sequence[int], zone: str) -> tuple[int, int, int, int]:
    """The pixel box of a zone (``B2``) on an arena of ``size`` (columns, rows)."""
    col, row = ord(zone[0]) - ord("A"), int(zone[1:]) - 1
    x, y = MARGIN + col * ZONE, MARGIN + row * ZONE
    return x, y, x + ZONE, y + ZONE


def _centre(size: Sequence[int], zone: str) -> tuple[float, float]:
    x0, y0, x1, y1 = zone_box(size, zone)
    return (x0 + x1) / 2, (y0 + y1) / 2


def border_line(size: Sequence[int], border: str) -> tuple[int, int, int, int]:
    """The segment between two adjacent zones (``A1|B1``), in pixels."""
    a, b = sorted(border.split("|"))
    ax0, ay0, ax1, ay1 = zone_box(size, a)
    bx0, by0, _, _ = zone_box(size, b)
    if bx0 > ax0:  # b east of a: the shared vertical edge
        return ax1, ay0, ax1, ay1
    return ax0, ay1, ax1, ay1


def image_size(size: Sequence[int]) -> tuple[int, int]:
    cols, rows = size
    return MARGIN * 2 + cols * ZONE + STRIP, MARGIN * 2 + rows * ZONE


# labels -------------------------------------------------------------------------------------------------------

_SKIP = {"the", "of", "and", "a"}


def _initials(name: str) -> str:
    words = [w for w in re.split(r"[\s,\-()]+", name) if w and w.lower() not in _SKIP]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].capitalize()
    return (words[0][0] + words[1][0]).upper()


def labels(view: JSON) -> dict[str, str]:
    """A short label per object id, stable for the match (``FI1`` for the first Firebrand Imp): the initials of
    its card and, when several share them, a number by casting order. A face-down enchantment another player
    controls is ``?`` plus a number: its name is not in the view."""
    out: dict[str, str] = {}
    taken: dict[str, int] = {}
    objects = sorted(view.get("objects", {}).values(), key=lambda o: o.get("order", 0))
    counts: dict[str, int] = {}
    for o in objects:
        base = "?" if not o.get("card") else _initials(str(o["card"]).replace(" (Apprentice)", ""))
        counts[base] = counts.get(base, 0) + 1
    for o in objects:
        base = "?" if not o.get("card") else _initials(str(o["card"]).replace(" (Apprentice)", ""))
        if counts[base] == 1 and base != "?":
            out[o["id"]] = base
        else:
            taken[base] = taken.get(base, 0) + 1
            out[o["id"]] = f"{base}{taken[base]}"
    return out


# text, its glyphs kept ---------------------------------------------------------------------------------------

class _Draw(ImageDraw.ImageDraw):
    """``ImageDraw`` whose one-line text reuses the glyph mask drawn before for the same font, words, anchor and
    sub-pixel start (:func:`_glyphs`): a board's labels recur from one reply to the next, and rasterising them was
    most of drawing the arena. Anything else (several lines, a stroke) is drawn as ``ImageDraw`` draws it; the
    pixels are the same either way."""

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):  # type: ignore[override]
        if args or kwargs or not isinstance(text, str) or "\n" in text \
                or not isinstance(font, ImageFont.FreeTypeFont):
            return super().text(xy, text, fill, font, anchor, *args, **kwargs)
        ink, fill_ink = self._getink(fill)
        ink = fill_ink if ink is None else ink
        if ink is None:
            return None
        start = (math.modf(xy[0])[0], math.modf(xy[1])[0])
        mask, (dx, dy) = _glyphs(font, text, anchor, self.fontmode, start)
        self.draw.draw_bitmap((int(xy[0]) + dx, int(xy[1]) + dy), mask, ink)
        return None


@lru_cache(maxsize=4096)
def _glyphs(face: ImageFont.FreeTypeFont, text: str, anchor: str | None, mode: str,
            start: tuple[float, float]) -> tuple[Any, tuple[int, int]]:
    return face.getmask2(text, mode, anchor=anchor, start=start)


# static layer -------------------------------------------------------------------------------------------------

@lru_cache(maxsize=8)
def _static(cols: int, rows: int) -> Image.Image:
    """Zones, coordinates and the perimeter wall of an arena: drawn once per size."""
    size = (cols, rows)
    img = Image.new("RGB", image_size(size), BACKGROUND)
    draw = ImageDraw.Draw(img)
    for r in range(rows):
        for c in range(cols):
            zone = f"{chr(ord('A') + c)}{r + 1}"
            x0, y0, x1, y1 = zone_box(size, zone)
            draw.rectangle((x0, y0, x1, y1), fill=ZONE_FILL[(r + c) % 2], outline="#b9ae95", width=2)
            draw.text((x0 + 8, y0 + 4), zone, fill="#8a7d62", font=font(26))
    for c in range(cols):
        x = MARGIN + c * ZONE + ZONE / 2
        draw.text((x, MARGIN / 2), chr(ord("A") + c), fill=PERIMETER, font=font(26), anchor="mm")
        draw.text((x, MARGIN * 1.5 + rows * ZONE), chr(ord("A") + c), fill=PERIMETER, font=font(26), anchor="mm")
    for r in range(rows):
        y = MARGIN + r * ZONE + ZONE / 2
        draw.text((MARGIN / 2, y), str(r + 1), fill=PERIMETER, font=font(26), anchor="mm")
    draw.rectangle((MARGIN - 3, MARGIN - 3, MARGIN + cols * ZONE + 3, MARGIN + rows * ZONE + 3),
                   outline=PERIMETER, width=7)
    return img


# objects ------------------------------------------------------------------------------------------------------

def _seat_colour(view: JSON, seat: str | None) -> str:
    seats = list(view.get("seats") or [])
    return SEAT_COLOURS[seats.index(seat) % 2] if seat in seats else "#777777"


def _wall_colour(traits: Iterable[str]) -> str:
    traits = set(traits)
    for key in ("blocks_los", "passage_attack", "passage_blocked"):
        if key in traits:
            return WALL_COLOURS[key]
    return WALL_COLOURS["passage_blocked"]


def _slots(count: int, box: tuple[int, int, int, int]) -> list[tuple[float, float]]:
    """Marker centres inside a zone: up to three per row, below the zone's name."""
    x0, y0, x1, _ = box
    step = 92 if count <= 6 else 62  # a crowded zone packs its markers closer (and draws them smaller)
    out = []
    for i in range(count):
        r, c = divmod(i, 3)
        out.append((x0 + 42 + c * 78, y0 + 66 + r * step))
    return out


def _badge(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fill: str, px: int = 18) -> None:
    x, y = xy
    r = px * 0.75 + 2
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline="white", width=2)
    draw.text((x, y), text, fill="white", font=font(px), anchor="mm")


def _marker(draw: ImageDraw.ImageDraw, view: JSON, obj: JSON, label: str, centre: tuple[float, float],
            words: ArenaWords, base: int = MARKER_R) -> tuple[float, float, float, float]:
    """An object's marker with its badges (damage, mana, action marker, guard); its box."""
    x, y = centre
    colour = _seat_colour(view, obj.get("controller"))
    second = obj.get("controller") in (view.get("seats") or [])[1:2]
    r = base + (6 if obj["kind"] == "mage" else 0)
    small = base < MARKER_R
    if obj["kind"] == "conjuration":
        draw.rounded_rectangle((x - r, y - r, x + r, y + r), radius=8, fill=colour, outline="white", width=3)
    elif second:
        draw.polygon(polygon("diamond", x, y, r * 0.95), fill=colour, outline="white", width=3)
        if obj["kind"] == "mage":
            draw.polygon(polygon("diamond", x, y, r * 0.95), outline="#ffd23f", width=5)
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline="#ffd23f" if obj["kind"] == "mage"
                     else "white", width=5 if obj["kind"] == "mage" else 3)
    draw.text((x, y), label, fill="white", font=font((24 if len(label) <= 3 else 19) - (5 if small else 0)),
              anchor="mm")
    badge = 15 if small else 18
    if obj.get("damage"):
        _badge(draw, (x + r - 4, y - r + 4), str(obj["damage"]), "#c0161b", badge)
    if obj.get("mana") and obj["kind"] != "mage":
        _badge(draw, (x - r + 4, y - r + 4), str(obj["mana"]), "#1565c0", badge)
    if obj["kind"] in ("mage", "creature"):  # the action marker: green while ready, grey once spent
        draw.ellipse((x - r - 2, y + r - 16, x - r + 16, y + r + 2),
                     fill="#2e9d3a" if obj.get("ready") else "#9e9e9e", outline="white", width=2)
    if obj.get("guard"):
        _badge(draw, (x + r - 4, y + r - 4), words.guard, "#444444", 16)
    reach = r + (7 if small else 9)
    return x - reach, y - reach, x + reach, y + reach


TAG_PX = 16


def _tag(draw: ImageDraw.ImageDraw, placer: Placer, key: Key, text: str, fill: str, near: tuple, within: tuple,
         what: str, ink: str = "white", px: int = TAG_PX, prefer: str = "below") -> None:
    """A name tag (an attached spell, conditions, a wall's label) where it hides nothing, inside its zone; when the
    zone is full, a number there and the name in the key."""
    f = font(px)
    w, h = f.getlength(text) + 10, px + 6
    spot = placer.place(w, h, near, what=what, text=text, prefer=prefer, within=within)
    if spot is None:
        tag = str(key.add(text))
        w = f.getlength(tag) + 10
        spot = placer.place(w, h, near, what=what, text=tag, prefer=prefer, within=within) or placer.place(
            w, h, near, what=what, text=tag, prefer=prefer)
        if spot is None:
            return
        text = tag
    if spot.leader:
        draw.line(spot.leader, fill=PERIMETER, width=1)
    x0, y0, x1, y1 = spot.box
    draw.rounded_rectangle((x0, y0, x1, y1), radius=4, fill=fill)
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2), text, fill=ink, font=f, anchor="mm")


def _attached_text(child: JSON, label: str, words: ArenaWords) -> str:
    if child.get("face_down") and not child.get("card"):
        return words.hidden + label.lstrip("?")
    name = str(child.get("card") or words.hidden)
    return ("• " if child.get("face_down") else "") + name  # the owner's own face-down: a mark before the name


# the last action ----------------------------------------------------------------------------------------------

def _arrow(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], colour: str,
           width: int = 7) -> None:
    import math
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0) or 1
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * 12, y1 - uy * 12)
    draw.line((x0, y0, tip[0] - ux * 14, tip[1] - uy * 14), fill=colour, width=width)
    px, py = -uy, ux
    draw.polygon([tip, (tip[0] - ux * 30 + px * 15, tip[1] - uy * 30 + py * 15),
                  (tip[0] - ux * 30 - px * 15, tip[1] - uy * 30 - py * 15)], fill=colour)


def _last_action(draw: ImageDraw.ImageDraw, view: JSON, events: Sequence[JSON], where: Mapping[str, tuple],
                 words: ArenaWords) -> list[tuple[str, tuple[float, float]]]:
    """The arrows of the last action; the words it leaves (an attack's damage) by the target, placed later."""
    said: list[tuple[str, tuple[float, float]]] = []
    size = view["size"]
    zones = {oid: o.get("zone") for oid, o in view.get("objects", {}).items()}
    for e in events:
        kind = e.get("type")
        if kind in ("Moved", "Pushed", "Teleported") and e.get("from") and e.get("to") and e["from"] != e["to"]:
            a, b = _centre(size, e["from"]), _centre(size, e["to"])
            _arrow(draw, (a[0], a[1] + 40), (b[0], b[1] + 40), ARROW_MOVE)
    rolled = [e for e in events if e.get("type") == "AttackRolled"]
    dealt: dict[str, int] = {}
    for e in events:
        if e.get("type") == "DamageDealt":
            dealt[e["object"]] = dealt.get(e["object"], 0) + int(e.get("amount", 0))
    for e in rolled:
        attacker, target = e.get("attacker"), e.get("defender")
        start = where.get(attacker) or (zones.get(attacker) and _centre(size, zones[attacker]))
        end = where.get(target) or (zones.get(target) and _centre(size, zones[target]))
        if not start or not end:
            continue
        if start == end:
            end = (end[0] + 1, end[1])
        if abs(start[0] - end[0]) + abs(start[1] - end[1]) < 20:  # same spot: a short arrow from above
            start = (end[0], end[1] - 80)
        _arrow(draw, start, end, ARROW_ATTACK, 6)
        amount = dealt.get(target, 0)
        if not amount and not words.miss:
            continue
        text = words.damage.format(damage=amount) if amount else words.miss
        said.append((text, end))
    return said


# the side strip -----------------------------------------------------------------------------------------------

def _strip(draw: ImageDraw.ImageDraw, view: JSON, names: Mapping[str, str], words: ArenaWords) -> float:
    cols, rows = view["size"]
    x = MARGIN * 2 + cols * ZONE - 10
    y = MARGIN
    title = words.title.format(round=view.get("round", 1), phase=view.get("phase", ""))
    draw.text((x, y), title, fill=PERIMETER, font=font(24))
    y += 40
    for seat in view.get("seats", []):
        mage = view.get("objects", {}).get(view.get("mages", {}).get(seat, ""))
        colour = _seat_colour(view, seat)
        draw.rectangle((x, y, x + STRIP - 20, y + 8), fill=colour)
        y += 14
        head = str(names.get(seat, seat))[:16] + (f" · {words.initiative}" if view.get("initiative") == seat else "")
        shape = "diamond" if seat in (view.get("seats") or [])[1:2] else "circle"  # the shape of its pieces
        draw.polygon(polygon(shape, x + 12, y + 16, 11), fill=colour, outline="white", width=2)
        draw.text((x + 30, y), head, fill=colour, font=font(26))
        y += 34
        if mage is not None:
            stats = mage.get("stats") or {}
            life = int(stats.get("life", 0)) - int(stats.get("life_lost", 0)) + int(stats.get("life_gained", 0))
            draw.text((x, y), str(mage.get("card", "")).replace(" (Apprentice)", "")[:24], fill=PERIMETER,
                      font=font(20))
            y += 28
            lines = [(words.mana, str(mage.get("mana", 0))), (words.channeling, str(stats.get("channeling", "?"))),
                     (words.life, f"{max(life - int(mage.get('damage', 0)), 0)} / {life}")]
        else:
            lines = []
        lines.append((words.book, str((view.get("book_counts") or {}).get(seat, "?"))))
        planned = (view.get("planned") or {}).get(seat)
        lines.append((words.planned, str(planned if isinstance(planned, int) else len(planned or []))))
        for label, value in lines:
            draw.text((x, y), label, fill="#5b5040", font=font(22))
            draw.text((x + STRIP - 30, y), value, fill=PERIMETER, font=font(24), anchor="ra")
            y += 30
        y += 18
    return y


# the picture --------------------------------------------------------------------------------------------------

def render_arena(view: JSON, *, events: Sequence[JSON] = (), names: Mapping[str, str] | None = None,
                 words: ArenaWords | None = None) -> bytes:
    """The arena of ``view`` with the last action's ``events`` drawn, as PNG bytes."""
    words = words or ArenaWords()
    cols, rows = view["size"]
    img = _static(cols, rows).copy()
    draw = _Draw(img)
    objects = view.get("objects", {})
    marks = labels(view)
    for border, traits in sorted((view.get("barriers") or {}).items()):
        x0, y0, x1, y1 = border_line(view["size"], border)
        draw.line((x0, y0, x1, y1), fill=_wall_colour(traits), width=16)
    children: dict[str, list[tuple[JSON, str]]] = {}
    zone_attached: dict[str, list[tuple[JSON, str]]] = {}
    for o in sorted(objects.values(), key=lambda o: o.get("order", 0)):
        text = _attached_text(o, marks[o["id"]], words) if o["kind"] == "enchantment" else str(o.get("card"))
        if o.get("attached_to"):
            children.setdefault(o["attached_to"], []).append((o, text))
        elif o.get("attached_zone"):
            zone_attached.setdefault(o["attached_zone"], []).append((o, text))
    where = marker_centres(view)
    size = view["size"]
    drawn = layout_for("magewars", img.width, img.height)
    placer = Placer((MARGIN, MARGIN, MARGIN + cols * ZONE, MARGIN + rows * ZONE), drawn)
    key = Key()
    for r in range(rows):  # the zones' names (static): no tag covers them
        for c in range(cols):
            x0, y0, _, _ = zone_box(size, f"{chr(ord('A') + c)}{r + 1}")
            placer.taken.append((x0 + 6, y0 + 4, x0 + 44, y0 + 34))
    boxes = {}
    crowd: dict[str, int] = {}
    for oid in where:
        crowd[objects[oid]["zone"]] = crowd.get(objects[oid]["zone"], 0) + 1
    for oid, centre in where.items():
        base = MARKER_R if crowd[objects[oid]["zone"]] <= 6 else CROWDED_R
        boxes[oid] = _marker(draw, view, objects[oid], marks[oid], centre, words, base)
        placer.block(boxes[oid], oid, text=marks[oid])
    said = _last_action(draw, view, events, where, words)
    for text, (x, y) in said:  # an attack's damage beside its target, covering nothing
        f = font(24)
        w, h = f.getlength(text) + 14, 34
        spot = placer.place(w, h, (x - MARKER_R, y - MARKER_R, x + MARKER_R, y + MARKER_R), what="attack", text=text,
                            prefer="above")
        if spot is not None:
            if spot.leader:
                draw.line(spot.leader, fill=ARROW_ATTACK, width=2)
            bx0, by0, bx1, by1 = spot.box
            draw.rectangle(spot.box, fill="white", outline=ARROW_ATTACK, width=3)
            draw.text(((bx0 + bx1) / 2, (by0 + by1) / 2), text, fill=ARROW_ATTACK, font=f, anchor="mm")
    for oid in where:  # conditions, then what is attached, each whole, inside the object's zone
        o = objects[oid]
        within = zone_box(size, o["zone"])
        conds = " ".join(f"{name}{f' {n}' if n > 1 else ''}" for name, n in sorted((o.get("conditions") or {}).items()))
        if conds:
            _tag(draw, placer, key, conds, "#f4d6d6", boxes[oid], within, oid, ink="#7a1010")
        for child, text in children.get(oid, []):
            fill = BACK if child.get("face_down") else ("#3d6b3d" if child["kind"] == "equipment" else "#6b4f2a")
            _tag(draw, placer, key, text, fill, boxes[oid], within, child["id"])
    for zone, items in zone_attached.items():
        x0, y0, x1, y1 = zone_box(size, zone)
        for child, text in items:
            fill = BACK if child.get("face_down") else "#6b4f2a"
            _tag(draw, placer, key, text, fill, (x1 - 30, y1 - 30, x1 - 10, y1 - 10), (x0, y0, x1, y1), child["id"],
                 prefer="above")
    for o in objects.values():  # a wall's name beside its border
        if o.get("border"):
            bx0, by0, bx1, by1 = border_line(size, o["border"])
            _tag(draw, placer, key, marks[o["id"]], "#efe6d2", (bx0 - 8, by0 - 8, bx1 + 8, by1 + 8), None, o["id"],
                 ink=PERIMETER, px=20, prefer="right")
    bottom = _badges_key(draw, _strip(draw, view, names or {}, words), cols, words, drawn)
    if key.entries:  # what found no room in its zone, by number: under the mages in the strip, then below
        img = _key(img, key.entries, bottom, cols, drawn)
    return png_rgb(img)  # unfiltered rows at zlib level 1: as small as Pillow's level 1, three times faster


def _badges_key(draw: ImageDraw.ImageDraw, top: float, cols: int, words: ArenaWords, drawn) -> float:
    """What each badge on a marker means, under the mages in the strip."""
    x, f = MARGIN * 2 + cols * ZONE - 10, font(18)
    rows = [("#c0161b", "3", words.key_damage), ("#1565c0", "2", words.key_mana), ("#2e9d3a", "", words.key_ready),
            ("#444444", words.guard, words.key_guard), (None, "", words.key_conjuration)]
    for fill, letter, label in rows:
        cx, cy = x + 12, top + 12
        if fill is None:  # a conjuration's rounded square (mages and creatures: discs, or diamonds)
            draw.rounded_rectangle((cx - 10, cy - 10, cx + 10, cy + 10), radius=4, fill="#777777", outline="white",
                                   width=2)
        elif letter:
            _badge(draw, (cx, cy), letter, fill, 14)
        else:
            draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=fill, outline="white", width=2)
            draw.ellipse((cx + 12, cy - 9, cx + 30, cy + 9), fill="#9e9e9e", outline="white", width=2)
        draw.text((x + 48, top + 1), label, fill=PERIMETER, font=f)
        drawn.add("text", (x + 48, top + 1, x + 48 + f.getlength(label), top + 23), label, "legend")
        top += 27
    return top + 8


def _key(img: Image.Image, entries: Sequence[str], top: float, cols: int, drawn) -> Image.Image:
    """The key of numbered tags: in the strip while it has room, the rest in columns in a band under the arena."""
    f, line_h = font(18), 24
    x = MARGIN * 2 + cols * ZONE - 10
    lines = [f"{n} = {text}" for n, text in enumerate(entries, start=1)]
    room = max(0, int((img.height - 8 - top) // line_h))
    here, rest = lines[:room], lines[room:]
    draw = _Draw(img)
    for i, line in enumerate(here):
        y = top + i * line_h
        draw.text((x, y), line, fill=PERIMETER, font=f)
        drawn.add("text", (x, y, x + f.getlength(line), y + 22), line, "key")
    if not rest:
        return img
    column = max(f.getlength(line) for line in rest) + 24
    per_row = max(1, int((img.width - 2 * MARGIN) // column))
    rows = -(-len(rest) // per_row)
    out = Image.new("RGB", (img.width, img.height + rows * line_h + 12), BACKGROUND)
    out.paste(img, (0, 0))
    draw = _Draw(out)
    for i, line in enumerate(rest):
        r, c = divmod(i, per_row)
        x, y = MARGIN + c * column, img.height + 4 + r * line_h
        draw.text((x, y), line, fill=PERIMETER, font=f)
        drawn.add("text", (x, y, x + f.getlength(line), y + 22), line, "key")
    return out


def marker_centres(view: JSON) -> dict[str, tuple[float, float]]:
    """Where each object standing in a zone is drawn (for tests and the table's hints)."""
    by_zone: dict[str, list[JSON]] = {}
    for o in sorted(view.get("objects", {}).values(), key=lambda o: o.get("order", 0)):
        if o.get("zone") and not o.get("border") and not o.get("destroyed"):
            by_zone.setdefault(o["zone"], []).append(o)
    out = {}
    for zone, here in by_zone.items():
        here.sort(key=lambda o: (o["kind"] != "mage", o.get("order", 0)))
        for o, centre in zip(here, _slots(len(here), zone_box(view["size"], zone))):
            out[o["id"]] = centre
    return out
