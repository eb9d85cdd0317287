"""The Mage Wars arena as a picture, drawn only from ``system.view(state, seat)`` (never from a state).

The static layer (zones with their coordinates, the arena's perimeter, the doors) is drawn once per arena size
and kept compressed band by band (``render.kit.sketch.Static``); each board draws on a ``Sketch`` over it, which
draws and compresses only the bands whose drawings changed since a board drawn before: inner walls and barriers on their borders (coloured
by what they block), every mage, creature and conjuration in its zone as a labelled marker (seat colour; damage,
mana, action marker, guard, conditions), what is attached to each (face-down enchantments as card backs, the
others by name), the last action (movement and attack arrows, the attack's damage) and, under the arena, each
mage's mana, channeling, life and spellbook side by side, the badges' key and the numbered tags' key. Sized for a
phone: every letter at least Discord's phone text when the image is shown 400 pixels wide (``render.kit.phone``:
32 px on the 1040-pixel-wide image of a 4x3 arena).
"""
from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence


from render.kit.fonts import font
from render.kit.labels import Key, Placed, Placer
from render.kit.layout import layout_for
from render.kit.palette import SEAT_COLOURS as KIT_SEAT_COLOURS, polygon
from render.kit.phone import phone_px
from render.kit.sketch import Sketch, Static, blends, length

JSON = dict[str, Any]

ZONE = 240
"""Side of a zone in pixels."""
MARGIN = 40
"""Room for the coordinates around the zones."""
STRIP = 0
"""Width of a strip beside the arena (none: the mages' numbers are under it, where a phone has room)."""
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
MARKER_R = 34
CROWDED = 6
"""More objects than this in a zone, and its markers are packed closer and drawn smaller."""
CROWDED_R = 26
"""A marker's radius in a crowded zone."""


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
    state_damage: str = "{damage} damage"
    state_mana: str = "{mana} mana"
    state_ready: str = "action ready"
    state_spent: str = "action spent"
    state_guard: str = "guarding"


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
    """The arena's image (the numbers under it make it taller)."""
    cols, rows = size
    return MARGIN * 2 + cols * ZONE + STRIP, MARGIN * 2 + rows * ZONE


def text_px(size: Sequence[int]) -> int:
    """The size of every letter on the image of an arena of ``size``: Discord's phone text at phone width."""
    return phone_px(image_size(size)[0])


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


# static layer -------------------------------------------------------------------------------------------------

WHITE = "#ffffff"
MAGE_RING = "#ffd23f"
BADGES = {"damage": "#c0161b", "mana": "#1565c0", "ready": "#2e9d3a", "spent": "#9e9e9e", "guard": "#444444",
          "conjuration": "#777777"}
TAGS = {"condition": "#f4d6d6", "condition_ink": "#7a1010", "equipment": "#3d6b3d", "spell": "#6b4f2a",
        "wall": "#efe6d2", "label": "#5b5040", "zone_edge": "#b9ae95", "zone_name": "#8a7d62"}


def _colours() -> list[str | tuple[int, int, int]]:
    """The palette's first colours, in a fixed order: every fill and ink, and the tones of the words each board
    draws over its fills (so a board seldom adds colours of its own)."""
    fills = [BACKGROUND, *ZONE_FILL, PERIMETER, *WALL_COLOURS.values(), BACK, ARROW_MOVE, ARROW_ATTACK,
             *SEAT_COLOURS, WHITE, MAGE_RING, *BADGES.values(), *TAGS.values()]
    return (fills + blends((WHITE,), (*SEAT_COLOURS, *BADGES.values(), BACK, TAGS["equipment"], TAGS["spell"]))
            + blends((PERIMETER, TAGS["label"], *SEAT_COLOURS), (BACKGROUND,))
            + blends((ARROW_ATTACK,), (WHITE,)) + blends((TAGS["condition_ink"],), (TAGS["condition"],))
            + blends((PERIMETER,), (TAGS["wall"],)))


@lru_cache(maxsize=8)
def _static(cols: int, rows: int) -> Static:
    """Zones, coordinates and the perimeter wall of an arena: drawn once per size, kept compressed."""
    size = (cols, rows)
    draw = Sketch.blank(*image_size(size), BACKGROUND, _colours())
    f = font(text_px(size))
    for r in range(rows):
        for c in range(cols):
            zone = f"{chr(ord('A') + c)}{r + 1}"
            x0, y0, x1, y1 = zone_box(size, zone)
            draw.rectangle((x0, y0, x1, y1), fill=ZONE_FILL[(r + c) % 2], outline="#b9ae95", width=2)
            draw.text((x0 + 8, y0 + 4), zone, fill="#8a7d62", font=f, bg=ZONE_FILL[(r + c) % 2])
    for c in range(cols):
        x = MARGIN + c * ZONE + ZONE / 2
        draw.text((x, MARGIN / 2), chr(ord("A") + c), fill=PERIMETER, font=f, anchor="mm")
        draw.text((x, MARGIN * 1.5 + rows * ZONE), chr(ord("A") + c), fill=PERIMETER, font=f, anchor="mm")
    for r in range(rows):
        y = MARGIN + r * ZONE + ZONE / 2
        draw.text((MARGIN / 2, y), str(r + 1), fill=PERIMETER, font=f, anchor="mm")
    draw.rectangle((MARGIN - 3, MARGIN - 3, MARGIN + cols * ZONE + 3, MARGIN + rows * ZONE + 3),
                   outline=PERIMETER, width=7)
    return draw.freeze()


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
    if count <= 4:  # two a row, wide apart: room for every badge around them
        return [(x0 + 62 + (i % 2) * 116, y0 + 106 + (i // 2) * 78) for i in range(count)]
    step = 88 if count <= CROWDED else 58  # a crowded zone packs its markers closer (and draws them smaller)
    out = []
    for i in range(count):
        r, c = divmod(i, 3)
        out.append((x0 + 42 + c * 78, y0 + 96 + r * step))  # the name's row above stays clear
    return out


def _badge_r(px: int) -> float:
    """The radius of a badge holding a digit ``px`` high."""
    return px * 0.6 + 2


def _badge(draw: Sketch, xy: tuple[float, float], text: str, fill: str,
           px: int = 18) -> tuple[float, float, float, float]:
    """A badge (a digit or letter in a disc); its box."""
    x, y = xy
    r = _badge_r(px)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline="white", width=2)
    draw.text((x, y), text, fill="white", font=font(px), anchor="mm", bg=fill)
    return x - r, y - r, x + r, y + r


def _marker(draw: Sketch, view: JSON, obj: JSON, label: str, centre: tuple[float, float], r: float,
            px: int) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float]]:
    """An object's marker (its shape, its code); the boxes of its shape and of its code."""
    x, y = centre
    colour = _seat_colour(view, obj.get("controller"))
    second = obj.get("controller") in (view.get("seats") or [])[1:2]
    if obj["kind"] == "conjuration":
        draw.rounded_rectangle((x - r, y - r, x + r, y + r), radius=8, fill=colour, outline="white", width=3)
    elif second:
        draw.polygon(polygon("diamond", x, y, r * 0.95), fill=colour, outline="white", width=3)
        if obj["kind"] == "mage":
            draw.polygon(polygon("diamond", x, y, r * 0.95), outline="#ffd23f", width=5)
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline="#ffd23f" if obj["kind"] == "mage"
                     else "white", width=5 if obj["kind"] == "mage" else 3)
    draw.text((x, y), label, fill="white", font=font(px), anchor="mm", bg=colour)  # letters of phone size
    left, top, right, bottom = font(px).getbbox(label, anchor="mm")  # the letters' own box
    return (x - r, y - r, x + r, y + r), (x + left, y + top, x + right, y + bottom)


READY, SPENT = "#2e9d3a", "#9e9e9e"
"""The action marker's colours: ready, spent."""

Badge = tuple[str, str, tuple[int, int], str]
"""A badge: its text ("" for the action marker's disc), its fill, the corner it goes to first (x, y signs), and
what it says in words (for the key, when it finds no room)."""


def _badges(obj: JSON, words: ArenaWords) -> list[Badge]:
    """What a marker carries: damage (top right), mana (top left), the action marker (bottom left), guard."""
    out: list[Badge] = [(str(obj["damage"]), "#c0161b", (1, -1), words.state_damage.format(damage=obj["damage"]))] \
        if obj.get("damage") else []
    if obj.get("mana") and obj["kind"] != "mage":
        out.append((str(obj["mana"]), "#1565c0", (-1, -1), words.state_mana.format(mana=obj["mana"])))
    if obj["kind"] in ("mage", "creature"):
        ready = obj.get("ready")
        out.append(("", READY if ready else SPENT, (-1, 1), words.state_ready if ready else words.state_spent))
    return out + ([(words.guard, "#444444", (1, 1), words.state_guard)] if obj.get("guard") else [])


def _badge_spots(shape: tuple, code: tuple, corner: tuple[int, int], b: float) -> list[tuple[float, float]]:
    """Where a badge of radius ``b`` may go, best first: on its corner of the shape, pushed clear of the code
    (above or below it, beside it), then the same at the other corners."""
    x0, y0, x1, y1 = shape
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    half_w, half_h = max(code[2] - cx, cx - code[0]), max(code[3] - cy, cy - code[1])
    out = []
    for sx, sy in (corner, (-corner[0], corner[1]), (corner[0], -corner[1]), (-corner[0], -corner[1])):
        out += [(cx + sx * (r - 4), cy + sy * (r - 4)),
                (cx + sx * (r - 4), cy + sy * (half_h + b + 1)),
                (cx + sx * (half_w + b + 1), cy + sy * (r - 4)),
                (cx + sx * (half_w + b + 1), cy + sy * (half_h + b + 1))]
    return out


def _place_badges(draw: Sketch, placer: Placer, oid: str, badges: list[Badge], shape: tuple, code: tuple,
                  zone: tuple, px: int) -> bool:
    """A marker's badges where each covers nothing (its code, a neighbour, another badge) inside its zone: all of
    them, or none (False), as its tags."""
    taken = len(placer.taken)
    chosen = []
    for text, fill, corner, _ in badges:
        b = _badge_r(px) if text else 9.0  # the action marker is a small disc
        spot = next((box for x, y in _badge_spots(shape, code, corner, b)  # on its own marker's rim
                     if placer.free(box := (x - b, y - b, x + b, y + b), zone, ignore=shape)), None)
        if spot is None:
            del placer.taken[taken:]
            return False
        placer.taken.append(spot)
        chosen.append((text, fill, spot))
    for text, fill, box in chosen:
        placer.layout.add("badge", box, text, oid)
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if text:
            _badge(draw, (x, y), text, fill, px)
        else:
            draw.ellipse(box, fill=fill, outline="white", width=2)
    return True


TAG_PX = 16


Tag = tuple[str, str, str, str]
"""A name tag: its text, fill, ink, and what it names (an object's id)."""


def _tags(draw: Sketch, placer: Placer, tags: list[Tag], near: tuple, within: tuple | None, px: int,
          prefer: str) -> bool:
    """An object's (or a zone's) name tags (conditions, attached spells) where they hide nothing, inside its zone,
    each whole: all of them, or none (False) when the zone has no room for them all."""
    f = font(px)
    taken, items = list(placer.taken), len(placer.layout.items)
    spots = []
    for text, _, _, what in tags:
        spot = placer.place(length(f, text) + 10, px + 6, near, what=what, text=text, prefer=prefer, within=within)
        if spot is None:
            placer.taken[:] = taken
            del placer.layout.items[items:]
            return False
        spots.append(spot)
    for (text, fill, ink, _), spot in zip(tags, spots):
        _tag(draw, spot, text, fill, ink, f)
    return True


OVERFLOW_W = 72
"""The room kept right of each zone's name for the numbers of the tags a full zone had no room for."""


def _overflow(draw: Sketch, placer: Placer, key: Key, zone: str, said: list[str], box: tuple, px: int) -> None:
    """The tags a full zone had no room for: their numbers beside the zone's name (room kept for them), each
    object's tags after its number in the key; never a tag in another zone, where it would read as that zone's."""
    f = font(px)
    numbers = [key.add(f"{zone} {line}") for line in said]
    text = str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}–{numbers[-1]}"
    x0, y0, _, _ = box
    left = x0 + 16 + length(f, zone)
    spot = Placed((left, y0 + 1, left + min(length(f, text) + 10, OVERFLOW_W), y0 + 5 + px))  # the name's row
    placer.layout.add("label", spot.box, text, zone)
    _tag(draw, spot, text, "#efe6d2", PERIMETER, f)


def _tag(draw: Sketch, spot: Placed, text: str, fill: str, ink: str, f: Any) -> None:
    if spot.leader:
        draw.line(spot.leader, fill=PERIMETER, width=1)
    x0, y0, x1, y1 = spot.box
    draw.rounded_rectangle((x0, y0, x1, y1), radius=4, fill=fill)
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2), text, fill=ink, font=f, anchor="mm", bg=fill)


def _attached_text(child: JSON, label: str, words: ArenaWords) -> str:
    if child.get("face_down") and not child.get("card"):
        return words.hidden + label.lstrip("?")
    name = str(child.get("card") or words.hidden)
    return ("• " if child.get("face_down") else "") + name  # the owner's own face-down: a mark before the name


# the last action ----------------------------------------------------------------------------------------------

def _arrow(draw: Sketch, a: tuple[float, float], b: tuple[float, float], colour: str,
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


def _last_action(draw: Sketch, view: JSON, events: Sequence[JSON], where: Mapping[str, tuple],
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


# the mages' numbers, under the arena ------------------------------------------------------------------------

def _fit(text: str, f: Any, width: float) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels."""
    if length(f, text) <= width:
        return text
    while text and length(f, text + "…") > width:
        text = text[:-1]
    return text + "…"


def _strip(draw: Sketch, view: JSON, names: Mapping[str, str], words: ArenaWords, px: int) -> float:
    """The round and phase, then each mage's numbers in a column of its own, under the arena: the bottom."""
    cols, rows = view["size"]
    f, line = font(px), round(px * 1.3)
    x, y = MARGIN, MARGIN * 2 + rows * ZONE
    title = words.title.format(round=view.get("round", 1), phase=view.get("phase", ""))
    draw.text((x, y), _fit(title, f, draw.width - 2 * MARGIN), fill=PERIMETER, font=f)
    y += line + 6
    seats = list(view.get("seats", []))
    column = (draw.width - 2 * MARGIN) / max(1, len(seats))
    bottom = y
    for i, seat in enumerate(seats):
        x, at = MARGIN + i * column, y
        inner = column - 24
        mage = view.get("objects", {}).get(view.get("mages", {}).get(seat, ""))
        colour = _seat_colour(view, seat)
        draw.rectangle((x, at, x + inner, at + 8), fill=colour)
        at += 14
        head = str(names.get(seat, seat)) + (f" · {words.initiative}" if view.get("initiative") == seat else "")
        shape = "diamond" if seat in seats[1:2] else "circle"  # the shape of its pieces
        mark = px * 0.4
        draw.polygon(polygon(shape, x + mark, at + px * 0.55, mark), fill=colour, outline="white", width=2)
        draw.text((x + 2 * mark + 8, at), _fit(head, f, inner - 2 * mark - 8), fill=colour, font=f)
        at += line
        if mage is not None:
            stats = mage.get("stats") or {}
            life = int(stats.get("life", 0)) - int(stats.get("life_lost", 0)) + int(stats.get("life_gained", 0))
            draw.text((x, at), _fit(str(mage.get("card", "")).replace(" (Apprentice)", ""), f, inner),
                      fill=PERIMETER, font=f)
            at += line
            lines = [(words.mana, str(mage.get("mana", 0))), (words.channeling, str(stats.get("channeling", "?"))),
                     (words.life, f"{max(life - int(mage.get('damage', 0)), 0)} / {life}")]
        else:
            lines = []
        lines.append((words.book, str((view.get("book_counts") or {}).get(seat, "?"))))
        planned = (view.get("planned") or {}).get(seat)
        lines.append((words.planned, str(planned if isinstance(planned, int) else len(planned or []))))
        for label, value in lines:
            draw.text((x + inner, at), value, fill=PERIMETER, font=f, anchor="ra")
            room = inner - length(f, value) - 12
            draw.text((x, at), _fit(label, f, room), fill="#5b5040", font=f)
            at += line
        bottom = max(bottom, at)
    return bottom + 10


# the picture --------------------------------------------------------------------------------------------------

def render_arena(view: JSON, *, events: Sequence[JSON] = (), names: Mapping[str, str] | None = None,
                 words: ArenaWords | None = None) -> bytes:
    """The arena of ``view`` with the last action's ``events`` drawn, as PNG bytes."""
    words = words or ArenaWords()
    cols, rows = view["size"]
    static = _static(cols, rows)
    px = text_px(view["size"])
    drawn = layout_for("magewars", static.width, static.height)
    draw = Sketch(static, fill=BACKGROUND, height=static.height + 60 * px, layout=drawn)  # cut once drawn
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
    placer = Placer((MARGIN, MARGIN, MARGIN + cols * ZONE, MARGIN + rows * ZONE), drawn)
    key = Key()
    for r in range(rows):  # the zones' names (static): no tag covers them
        for c in range(cols):
            zone = f"{chr(ord('A') + c)}{r + 1}"
            x0, y0, _, _ = zone_box(size, zone)
            right = x0 + 10 + length(font(px), zone)
            placer.taken.append((x0 + 6, y0 + 4, right + 6 + OVERFLOW_W, y0 + 10 + px * 1.2))  # and the overflow's
    boxes = {}
    crowd: dict[str, int] = {}
    for oid in where:
        crowd[objects[oid]["zone"]] = crowd.get(objects[oid]["zone"], 0) + 1
    codes = {}
    for oid, centre in where.items():  # every marker first: no badge or tag may cover one
        o = objects[oid]
        r = (MARKER_R if crowd[o["zone"]] <= CROWDED else CROWDED_R) + (6 if o["kind"] == "mage" else 0)
        boxes[oid], codes[oid] = _marker(draw, view, o, marks[oid], centre, r, px)
        placer.block(boxes[oid], oid, text=marks[oid])
        placer.block(codes[oid], oid, kind="label", text=marks[oid])
    badged = {oid for oid in where if _place_badges(draw, placer, oid, _badges(objects[oid], words), boxes[oid],
                                                    codes[oid], zone_box(size, objects[oid]["zone"]), px)}
    said = _last_action(draw, view, events, where, words)
    for text, (x, y) in said:  # an attack's damage beside its target, covering nothing
        f = font(px)
        w, h = length(f, text) + 14, px + 10
        spot = placer.place(w, h, (x - MARKER_R, y - MARKER_R, x + MARKER_R, y + MARKER_R), what="attack", text=text,
                            prefer="above")
        if spot is not None:
            if spot.leader:
                draw.line(spot.leader, fill=ARROW_ATTACK, width=2)
            bx0, by0, bx1, by1 = spot.box
            draw.rectangle(spot.box, fill="white", outline=ARROW_ATTACK, width=3)
            draw.text(((bx0 + bx1) / 2, (by0 + by1) / 2), text, fill=ARROW_ATTACK, font=f, anchor="mm",
                      bg="white")
    unsaid: dict[str, list[str]] = {}  # by zone: the tags it had no room for
    for zone, items in zone_attached.items():  # a zone's own first: few, and nowhere else to name them
        x0, y0, x1, y1 = zone_box(size, zone)
        tags = [(text, BACK if child.get("face_down") else "#6b4f2a", "white", child["id"]) for child, text in items]
        if not _tags(draw, placer, tags, (x1 - 30, y1 - 30, x1 - 10, y1 - 10), (x0, y0, x1, y1), px, "above"):
            unsaid.setdefault(zone, []).append(", ".join(t[0] for t in tags))
    for oid in where:  # conditions, then what is attached, each whole, inside the object's zone
        o = objects[oid]
        conds = " ".join(f"{name}{f' {n}' if n > 1 else ''}" for name, n in sorted((o.get("conditions") or {}).items()))
        tags = [(conds, "#f4d6d6", "#7a1010", oid)] if conds else []
        tags += [(text, BACK if child.get("face_down") else ("#3d6b3d" if child["kind"] == "equipment" else "#6b4f2a"),
                  "white", child["id"]) for child, text in children.get(oid, [])]
        if oid not in badged:  # its badges found no room: what they say goes with its tags, by number in the key
            unsaid.setdefault(o["zone"], []).append(f"{marks[oid]}: " + ", ".join(
                [b[3] for b in _badges(o, words)] + [t[0] for t in tags]))
        elif tags and not _tags(draw, placer, tags, boxes[oid], zone_box(size, o["zone"]), px, "below"):
            unsaid.setdefault(o["zone"], []).append(f"{marks[oid]}: " + ", ".join(t[0] for t in tags))
    for zone, said in unsaid.items():
        _overflow(draw, placer, key, zone, said, zone_box(size, zone), px)
    for o in objects.values():  # a wall's name beside its border
        if o.get("border"):
            bx0, by0, bx1, by1 = border_line(size, o["border"])
            near = (bx0 - 8, by0 - 8, bx1 + 8, by1 + 8)
            if not _tags(draw, placer, [(marks[o["id"]], "#efe6d2", PERIMETER, o["id"])], near, None, px, "right"):
                _tags(draw, placer, [(str(key.add(marks[o["id"]])), "#efe6d2", PERIMETER, o["id"])], near, None, px,
                      "right")  # a number by it, its name in the key
    bottom = _badges_key(draw, _strip(draw, view, names or {}, words, px), words, drawn, px)
    if key.entries:  # what found no room in its zone, by number, under the badges' key
        bottom = _key(draw, key.entries, bottom, drawn, px)
    draw.height = drawn.height = int(bottom + 8)
    return draw.png()


def _badges_key(draw: Sketch, top: float, words: ArenaWords, drawn, px: int) -> float:
    """What each badge on a marker means, under the mages' numbers, entry after entry: the bottom."""
    f, line = font(px), round(px * 1.35)
    x, y, b = MARGIN, top, _badge_r(px)
    rows = [("#c0161b", "3", words.key_damage), ("#1565c0", "2", words.key_mana), ("#2e9d3a", "", words.key_ready),
            ("#444444", words.guard, words.key_guard), (None, "", words.key_conjuration)]
    for fill, letter, label in rows:
        icon = 2 * b + (2 * b if fill and not letter else 0) + 10  # the ready/spent pair takes two discs
        wide = icon + length(f, label)
        if x + wide > draw.width - MARGIN and x > MARGIN:
            x, y = MARGIN, y + line
        cx, cy = x + b, y + px * 0.6
        if fill is None:  # a conjuration's rounded square (mages and creatures: discs, or diamonds)
            draw.rounded_rectangle((cx - b, cy - b, cx + b, cy + b), radius=4, fill="#777777", outline="white",
                                   width=2)
        elif letter:
            _badge(draw, (cx, cy), letter, fill, px)
        else:
            draw.ellipse((cx - b, cy - b, cx + b, cy + b), fill=fill, outline="white", width=2)
            draw.ellipse((cx + b + 4, cy - b, cx + 3 * b + 4, cy + b), fill="#9e9e9e", outline="white", width=2)
        draw.text((x + icon, y), label, fill=PERIMETER, font=f)
        drawn.add("text", (x + icon, y, x + icon + length(f, label), y + px * 1.2), label, "legend")
        x += wide + px
    return y + line + 6


def _wrap(text: str, f: Any, width: float) -> list[str]:
    """``text`` in lines no wider than ``width``, broken at spaces, the next lines indented."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if length(f, trial) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = "    " + word
    return lines + [line] if line else lines


def _key(draw: Sketch, entries: Sequence[str], top: float, drawn, px: int) -> float:
    """The key of numbered tags, in columns under the badges' key: the bottom."""
    f, line_h = font(px), round(px * 1.3)
    room = draw.width - 2 * MARGIN
    lines = [f"{n} = {text}" for n, text in enumerate(entries, start=1)]
    if any(length(f, line) > room / 2 for line in lines):  # long entries: one column, each whole, wrapped
        lines = [part for line in lines for part in _wrap(line, f, room)]
    column = max(length(f, line) for line in lines) + 24
    per_row = max(1, int(room // column))
    for i, line in enumerate(lines):
        r, c = divmod(i, per_row)
        x, y = MARGIN + c * column, top + r * line_h
        draw.text((x, y), line, fill=PERIMETER, font=f)
        drawn.add("text", (x, y, x + length(f, line), y + px * 1.2), line, "key")
    return top + -(-len(lines) // per_row) * line_h


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
