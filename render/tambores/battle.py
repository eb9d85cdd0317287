"""The Tambores de Guerra battle as a PNG, drawn only from ``system.view(state, seat)`` and the last action's events.

Two front lines of five slots face each other (my slot *i* faces the enemy's slot *i*, §4): the first seat's column
on the left, the second seat's on the right, slot *i* of each on the same row across the middle, each under its
hero (name, colour, attack/defence, wounds out of life, the costed ability ready or not) and its piles (hand, draw
deck, discard, removed). Read on a phone: every letter is at least Discord's phone text when the image is shown
400 pixels wide (``TEXT``, 40 px at 1280: ``render.kit.phone``), so the sides stand side by side, lanes as rows. Each unit card shows its slot, name, type,
effective attack and defence (⚡ marks, changed values in colour), wounds out of life as pips, range, equipment
and tactics under it, "new" (deployed this turn) and "negated". The first-player marker sits by its holder. The
combat's attacks are arrows from the attackers to their target with the sum against the defence and, once
resolved, the impacts; units annihilated by the last action are crossed out in their empty slot.

Drawn as Underworlds' board is (issue 39): on a ``render.kit.sketch.Sketch`` over a kept blank layer, so only the
bands whose drawings changed since a board drawn before (a card, a name band, an arrow) are drawn and compressed;
a card, hero, empty slot or name band that looks as on an earlier board is not even measured and recorded again
(``Sketch.group``, kept by what it shows).

Same view, same bytes: no clock, no metadata. ``Layout`` gives every box, so tests can check pixels.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from render.kit.fonts import font
from render.kit.labels import Placer
from render.kit.layout import layout_for
from render.kit.sketch import Sketch, Static, blends

JSON = dict[str, Any]
Box = tuple[int, int, int, int]
HERO = "hero"
BASE_WIDTH = 1280
MIN_WIDTH, MAX_WIDTH = 480, 2048

BACKGROUND = (246, 241, 231)
INK = (33, 37, 41)
MUTED = (120, 120, 120)
EMPTY_SLOT = (226, 219, 204)
CARD = (255, 252, 245)
WOUND = (200, 40, 40)
UP, DOWN = (30, 130, 60), (200, 40, 40)
BLOCKED = (150, 150, 150)
TRAINING = (200, 110, 0)
ARMY_COLOURS = {"human": (43, 108, 176), "orc": (47, 133, 90)}
SEAT_COLOURS = ((43, 108, 176), (197, 48, 48))
HERO_COLOURS = {"gold": (212, 160, 23), "silver": (160, 166, 176), "bronze": (176, 110, 50)}


@dataclass(frozen=True, slots=True)
class Words:
    """Every word the image draws (the presenter fills them from its catalogue); English by default."""

    title: str = "Tambores de Guerra"
    turn: str = "Turn {turn}"
    training: str = "training pack — unofficial values"
    attack: str = "ATK"
    defence: str = "DEF"
    life: str = "Life"
    range: str = "Range"
    hand: str = "Hand"
    deck: str = "Deck"
    discard: str = "Discard"
    removed: str = "Removed"
    marker: str = "1st player"
    new: str = "new"
    negated: str = "negated"
    annihilated: str = "annihilated"
    empty: str = "empty"
    hit: str = "hit ×{count}"
    blocked: str = "blocked"
    ability_ready: str = "ability ready"
    infantry: str = "infantry"
    cavalry: str = "cavalry"
    monster: str = "monster"
    war_machine: str = "war machine"
    phase_setup: str = "Setup"
    phase_deployment: str = "Deployment"
    phase_combat: str = "Combat"
    phase_replenishment: str = "Replenishment"
    phase_over: str = "Battle over"


TEXT = 40
"""Every letter's size at ``BASE_WIDTH`` (scaled with the width): Discord's phone text at 400 px is 38.4."""
BIG = 60
"""A card's attack and defence, and an empty slot's number."""
COLUMN = 474
GAP = 300
"""Between the two columns: the attacks' arrows and their values."""
HEADER = 120
NAME = 156
HERO_HEIGHT = 240
CARD_HEIGHT = 290
PITCH = 300


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything goes at one width: boxes in pixels. A side is a column (``row`` 1 the first seat, on the
    left; ``row`` 0 the second seat, on the right): its name band, its hero, then its slots 1 to 5 downward, each
    slot on the same line as the enemy's slot it faces."""

    width: int

    @property
    def scale(self) -> float:
        return self.width / BASE_WIDTH

    def px(self, value: float) -> int:
        return round(value * self.scale)

    @property
    def height(self) -> int:
        return self.px(HEADER + NAME + 10 + HERO_HEIGHT + 10 + 4 * PITCH + CARD_HEIGHT + 16)

    def column_left(self, row: int) -> int:
        return self.px(16 if row == 1 else 16 + COLUMN + GAP)

    def card_box(self, row: int, slot: int) -> Box:
        """The card of ``slot`` (1-5) in a side's column."""
        left = self.column_left(row)
        top = self.px(HEADER + NAME + 10 + HERO_HEIGHT + 10 + (slot - 1) * PITCH)
        return left, top, left + self.px(COLUMN), top + self.px(CARD_HEIGHT)

    def hero_box(self, row: int) -> Box:
        left, top = self.column_left(row), self.px(HEADER + NAME + 10)
        return left, top, left + self.px(COLUMN), top + self.px(HERO_HEIGHT)

    def name_box(self, row: int) -> Box:
        left, top = self.column_left(row), self.px(HEADER)
        return left, top, left + self.px(COLUMN), top + self.px(NAME)

    def anchor(self, row: int, slot: int | str, offset: int) -> tuple[int, int]:
        """Where an arrow meets a card (or hero) on the side facing the middle; ``offset`` shifts it along it."""
        box = self.hero_box(row) if slot == HERO else self.card_box(row, int(slot))
        y = (box[1] + box[3]) // 2 + self.px(offset)
        return (box[2] if row == 1 else box[0]), y


def _rows(view: JSON) -> dict[str, int]:
    """Row of each seat: the first seat below (row 1), the second on top (row 0)."""
    first, second = view["seats"]
    return {second: 0, first: 1}


def seat_colours(view: JSON) -> dict[str, tuple[int, int, int]]:
    """Each seat's colour: its army's, or the seat colour when both play the same army."""
    armies = [view["players"][s].get("army") for s in view["seats"]]
    if len(set(armies)) == len(armies) and all(a in ARMY_COLOURS for a in armies):
        return {s: ARMY_COLOURS[a] for s, a in zip(view["seats"], armies)}
    return {s: SEAT_COLOURS[i % 2] for i, s in enumerate(view["seats"])}


def _tint(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(round(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]


def _fit(draw: Sketch, value: str, size: int, width: int, bold: bool = False) -> str:
    f = font(size, bold)
    if draw.textlength(value, font=f) <= width:
        return value
    while value and draw.textlength(value + "…", font=f) > width:
        value = value[:-1]
    return value + "…"


def attacks_to_draw(view: JSON, events: Iterable[JSON] = ()) -> list[JSON]:
    """The attacks the image shows: this combat's declared attacks (sums only until resolved), or the results of
    a combat the last action resolved."""
    if view.get("attacks"):
        return list(view["attacks"])
    for e in events:
        if e.get("type") == "CombatResolved":
            return list(e.get("results") or [])
    return []


def arrow_offset(view: JSON, seat: str) -> int:
    """Arrows of the first seat run left of the column's middle, the second seat's right, so a fight's two
    attacks stay apart."""
    return -28 if seat == view["seats"][0] else 28


def arrow_segments(view: JSON, events: Iterable[JSON], layout: Layout) -> list[tuple[JSON, list[Box]]]:
    """Each attack drawn with its lines (x0, y0, x1, y1), one per attacker, ending at the target."""
    rows = _rows(view)
    out = []
    for a in attacks_to_draw(view, events):
        seat = a["seat"]
        enemy = view["opponent"][seat]
        offset = arrow_offset(view, seat)
        end = layout.anchor(rows[enemy], a["target"], offset)
        lines = [(*layout.anchor(rows[seat], s, offset), *end) for s in a["attackers"]]
        out.append((a, lines))
    return out


WHITE = (255, 255, 255)
EMPTY_INK = (200, 190, 170)


@lru_cache(maxsize=8)
def _static(width: int) -> Static:
    """The blank layer of a width, its palette every colour drawn and the tones of the words on each fill (so a
    board seldom adds colours of its own, and a card's colours keep their indices from board to board)."""
    colours = [*ARMY_COLOURS.values(), *SEAT_COLOURS]
    tints = [_tint(c, amount) for c in colours for amount in (0.8, 0.88)]
    fills = [CARD, EMPTY_SLOT, WHITE, *tints]
    palette = [INK, MUTED, WOUND, UP, DOWN, BLOCKED, TRAINING, EMPTY_INK, *HERO_COLOURS.values(), *colours, *fills]
    palette += blends((INK,), (BACKGROUND, *fills)) + blends((MUTED,), (CARD, *tints)) + blends(
        (WOUND,), (CARD, EMPTY_SLOT)) + blends((UP, DOWN), (CARD,)) + blends((TRAINING,), (BACKGROUND,)) + blends(
        (WHITE,), colours) + blends((EMPTY_INK,), (EMPTY_SLOT,)) + blends(colours, (CARD,))
    return Sketch.blank(width, Layout(width).height, BACKGROUND, palette).freeze()


class _Painter:
    def __init__(self, view: JSON, events: Sequence[JSON], layout: Layout, names: Mapping[str, str], words: Words):
        self.view, self.events, self.layout, self.names, self.words = view, events, layout, names, words
        self.drawn = layout_for("tambores", layout.width, layout.height)
        self.draw = Sketch(_static(layout.width), fill=BACKGROUND, layout=self.drawn)
        self.under = BACKGROUND
        """The colour text is drawn over (the part being drawn: a name band, a hero, a card)."""
        self.colours = seat_colours(view)
        self.rows = _rows(view)
        self.placer = Placer((0, 0, layout.width, layout.height), self.drawn)

    def px(self, v: float) -> int:
        return self.layout.px(v)

    def text(self, xy: tuple[int, int], value: str, size: float, fill=INK, anchor: str = "la", width: int | None = None,
             bold: bool = False, bg=None) -> None:
        s = self.px(size)
        if width is not None:
            value = _fit(self.draw, value, s, width, bold)
        self.draw.text(xy, value, font=font(s, bold), fill=fill, anchor=anchor,  # Roboto Bold: a stroke filled û
                       bg=self.under if bg is None else bg)

    # -----------------------------------------------------------------------------------------------------------
    def paint(self) -> bytes:
        self.header()
        for seat in self.view["seats"]:
            self.side(seat)
        self.arrows()
        return self.draw.png()

    def header(self) -> None:
        v, w = self.view, self.words
        phase = getattr(w, f"phase_{v.get('phase')}", str(v.get("phase")))
        title = f"{w.title} · {w.turn.format(turn=v.get('turn') or '-')} · {phase}"
        if (v.get("battles") or 1) > 1:
            title += f" · {v['battle']}/{v['battles']}"
        room = self.layout.width - self.px(32)
        self.text((self.px(16), self.px(12)), title, TEXT, width=room, bold=True)
        if v.get("pack_training"):
            self.text((self.px(16), self.px(64)), w.training, TEXT, fill=TRAINING, width=room)

    def side(self, seat: str) -> None:
        row, colour = self.rows[seat], self.colours[seat]
        p = self.view["players"][seat]
        nb = self.layout.name_box(row)
        name = str(self.names.get(seat, seat))
        self.placer.block(nb, f"{seat} name", kind="label", text=name)
        waiting = seat in (self.view.get("awaiting") or [])
        piles = (f"{self.words.hand} {p['hand_count']} · {self.words.deck} {p['draw_deck_count']} · "
                 f"{self.words.discard} {p['discard_count']} · {self.words.removed} {p['removed_count']}")
        deck = str(p.get("deck_name", ""))
        self.draw.group(("name", row, colour, name, waiting, deck, piles),
                        lambda: self._name_band(nb, colour, name, waiting, deck, piles))
        self.hero(seat, row, colour, p)
        fallen = {e["slot"]: e["name"] for e in self.events
                  if e.get("type") == "UnitAnnihilated" and e.get("seat") == seat}
        for n in range(1, 6):
            unit = p["slots"][n - 1]
            if unit:
                self.card(unit, row, colour)
            else:
                self.empty(n, row, fallen.get(n))

    def _name_band(self, nb: Box, colour, name: str, waiting: bool, deck: str, piles: str) -> None:
        """A side's name band: the player (bold, after a ▶, when awaited), their deck and their piles."""
        self.draw.rectangle(nb, fill=_tint(colour, 0.8))
        self.under = _tint(colour, 0.8)
        x, y, room = nb[0] + self.px(10), nb[1] + self.px(4), nb[2] - nb[0] - self.px(20)
        if waiting:  # the seat awaited: a drawn ▶ (the typeface has no such glyph)
            cy = y + self.px(24)
            self.draw.polygon([(x, cy - self.px(12)), (x + self.px(20), cy), (x, cy + self.px(12))], fill=colour)
        shift = self.px(30) if waiting else 0
        self.text((x + shift, y), name, TEXT, width=room - shift, bold=waiting)
        self.text((x, y + self.px(48)), deck, TEXT, width=room)
        self.text((x, y + self.px(96)), piles, TEXT, width=room)

    def hero(self, seat: str, row: int, colour, p: JSON) -> None:
        box = self.layout.hero_box(row)
        self.placer.block(box, f"{seat} hero", text=str((p.get("hero") or {}).get("name", "")))
        marker = self.view.get("marker") == seat
        self.draw.group(("hero", row, repr(p.get("hero")), marker, colour, self.words),
                        lambda: self._hero(box, colour, p.get("hero"), marker))

    def _hero(self, box: Box, colour, hero: JSON | None, marker: bool) -> None:
        self.draw.rounded_rectangle(box, radius=self.px(10), fill=_tint(colour, 0.88), outline=colour,
                                    width=self.px(3))
        self.under = _tint(colour, 0.88)
        x, y = box[0] + self.px(12), box[1] + self.px(10)
        room = box[2] - x - self.px(12)
        if hero:
            band = HERO_COLOURS.get(hero.get("colour"), MUTED)
            self.draw.rectangle((box[0] + self.px(3), box[1] + self.px(3), box[2] - self.px(3), box[1] + self.px(12)),
                                fill=band)
            self.text((x, y + self.px(8)), hero["name"], TEXT, width=room, bold=True)
            self.text((x, y + self.px(56)), f"{self.words.attack} {hero['attack']}   {self.words.defence} "
                                            f"{hero['defence']}", TEXT, width=room)
            self.pips((x, y + self.px(112)), hero["wounds"], hero["life"], 24, self.px(200))
            self.text((x + self.px(210), y + self.px(104)),
                      f"{self.words.life} {hero['life'] - hero['wounds']}/{hero['life']}", TEXT,
                      width=room - self.px(210))
            ability = hero.get("ability") or {}
            if ability:
                ready = f" · {self.words.ability_ready}" if hero.get("ability_ready") else ""
                self.text((x, y + self.px(160)), f"{ability.get('name', '')}{ready}", TEXT, fill=MUTED,
                          width=room - (self.px(80) if marker else 0))
        if marker:  # the first-player marker, named beside it
            cx, cy, r = box[2] - self.px(44), box[1] + self.px(44), self.px(30)
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK, width=self.px(2))
            self.text((cx, cy), "1", TEXT, fill=(255, 255, 255), anchor="mm", bold=True, bg=colour)
            if not hero:
                self.text((x, cy), self.words.marker, TEXT, anchor="lm", width=room - self.px(80))

    def pips(self, xy: tuple[int, int], wounds: int, life: int, size: float, width: int) -> None:
        """Life as circles, the wounded ones filled red (more than fits: a number)."""
        x, y = xy
        d, gap = self.px(size), self.px(6)
        if life * (d + gap) > width:
            self.text((x, y - self.px(8)), f"{wounds}/{life}", TEXT, fill=WOUND if wounds else INK)
            return
        for i in range(life):
            box = (x + i * (d + gap), y, x + i * (d + gap) + d, y + d)
            if i < wounds:
                self.draw.ellipse(box, fill=WOUND, outline=WOUND)
            else:
                self.draw.ellipse(box, fill=(255, 255, 255), outline=INK, width=max(1, self.px(2)))

    def card(self, u: JSON, row: int, colour) -> None:
        box = self.layout.card_box(row, u["slot"])
        self.placer.block(box, f"{row} {u['slot']}", text=str(u["name"]))
        new = u.get("deployed_turn") == self.view.get("turn")
        # a card looks the same as long as its unit does: measured and recorded once, given again to later boards
        self.draw.group(("card", row, repr(u), new, colour, self.words), lambda: self._card(u, box, colour, new))

    def _card(self, u: JSON, box: Box, colour, new: bool) -> None:
        w = self.words
        self.draw.rounded_rectangle(box, radius=self.px(10), fill=CARD, outline=colour, width=self.px(4))
        self.under = CARD
        x0, y0, x1, _ = box
        inner = x1 - x0 - self.px(24)
        r = self.px(24)
        self.draw.ellipse((x0 + self.px(34) - r, y0 + self.px(34) - r, x0 + self.px(34) + r, y0 + self.px(34) + r),
                          fill=colour)
        self.text((x0 + self.px(34), y0 + self.px(34)), str(u["slot"]), TEXT, fill=(255, 255, 255), anchor="mm",
                  bold=True, bg=colour)
        self.text((x0 + self.px(66), y0 + self.px(10)), u["name"], TEXT, width=x1 - x0 - self.px(78), bold=True)
        x = x0 + self.px(12)
        for label, stat, printed, bolt in ((w.attack, u["attack"], u["printed_attack"], u.get("attack_bolt")),
                                           (w.defence, u["defence"], u["printed_defence"], u.get("defence_bolt"))):
            fill = UP if stat > printed else DOWN if stat < printed else INK
            self.text((x, y0 + self.px(76)), label, TEXT, fill=MUTED)
            x += round(self.draw.textlength(label, font=font(self.px(TEXT)))) + self.px(10)
            self.text((x, y0 + self.px(62)), str(stat), BIG, fill=fill, bold=True)
            x += round(self.draw.textlength(str(stat), font=font(self.px(BIG), True))) + self.px(6)
            if bolt:
                self.bolt(x, y0 + self.px(74))
            x += self.px(34)
        self.pips((x0 + self.px(12), y0 + self.px(150)), u["wounds"], u["life"], 24, self.px(120))
        at = x0 + self.px(12) + min(self.px(120), u["life"] * self.px(30)) + self.px(6)
        life = f"{w.life} {u['life'] - u['wounds']}/{u['life']}"
        self.text((at, y0 + self.px(140)), life, TEXT)
        rng = int(u.get("range") or 0)
        dots = x1 - self.px(12) - self.px(3 * 22)
        self.text((dots - self.px(8), y0 + self.px(140)), w.range, TEXT, anchor="ra")
        for i in range(3):
            cx, r = dots + self.px(11 + i * 22), self.px(8)
            cy = y0 + self.px(164)
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK if i < rng else None, outline=INK)
        kind = str(u.get("unit_type") or "")
        tags = [getattr(w, kind, kind.replace("_", " "))] if kind and kind != "unknown" else []
        if new:
            tags.append(w.new)
        attached = ", ".join("+ " + a["name"] for a in u.get("attached") or [])
        x, room, y = x0 + self.px(12), inner, y0 + self.px(190)  # the last line: tags, what is attached, negated
        if u.get("negated"):
            self.draw.line((x0 + self.px(6), box[3] - self.px(8), x1 - self.px(6), y0 + self.px(60)), fill=WOUND,
                           width=self.px(3))
            self.text((x1 - self.px(12), y), w.negated, TEXT, fill=WOUND, anchor="ra", bold=True)
            room -= round(self.draw.textlength(w.negated, font=font(self.px(TEXT), True))) + self.px(12)
        for words, fill in ((" · ".join(tags), MUTED), (attached, colour)):
            if words and room > self.px(60):
                words = _fit(self.draw, words, self.px(TEXT), room)
                self.text((x, y), words, TEXT, fill=fill)
                step = round(self.draw.textlength(words, font=font(self.px(TEXT)))) + self.px(16)
                x, room = x + step, room - step

    def bolt(self, x: int, y: int) -> None:
        """The ⚡ icon drawn (the typeface has no such glyph)."""
        s = self.px(1)
        pts = [(x + 6 * s, y), (x, y + 12 * s), (x + 5 * s, y + 12 * s), (x + 2 * s, y + 22 * s),
               (x + 10 * s, y + 8 * s), (x + 5 * s, y + 8 * s), (x + 8 * s, y)]
        self.draw.polygon(pts, fill=TRAINING)

    def empty(self, n: int, row: int, fallen: str | None) -> None:
        self.draw.group(("empty", row, n, fallen, self.words), lambda: self._empty(n, row, fallen))

    def _empty(self, n: int, row: int, fallen: str | None) -> None:
        box = self.layout.card_box(row, n)
        self.draw.rounded_rectangle(box, radius=self.px(10), fill=EMPTY_SLOT, outline=(200, 190, 170),
                                    width=self.px(2))
        self.under = EMPTY_SLOT
        cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
        self.text((cx, cy), str(n), BIG, fill=(200, 190, 170), anchor="mm", bold=True)
        if fallen:
            self.draw.line((box[0] + self.px(20), box[1] + self.px(20), box[2] - self.px(20), box[3] - self.px(20)),
                           fill=WOUND, width=self.px(4))
            self.draw.line((box[2] - self.px(20), box[1] + self.px(20), box[0] + self.px(20), box[3] - self.px(20)),
                           fill=WOUND, width=self.px(4))
            self.text((cx, box[1] + self.px(12)), fallen, TEXT, anchor="ma", width=box[2] - box[0] - self.px(24),
                      bold=True)
            self.text((cx, box[3] - self.px(70)), self.words.annihilated, TEXT, fill=WOUND, anchor="ma")

    def arrows(self) -> None:
        labels: list[tuple[JSON, tuple[int, int], tuple[int, int, int]]] = []
        for a, lines in arrow_segments(self.view, self.events, self.layout):
            resolved = "impacts" in a
            colour = self.colours[a["seat"]] if not resolved or a["impacts"] else BLOCKED
            width = self.px(6 if resolved and a["impacts"] else 4)
            for x0, y0, x1, y1 in lines:
                self.draw.line((x0, y0, x1, y1), fill=colour, width=width)
                self.head((x0, y0), (x1, y1), colour)
                self.draw.ellipse((x0 - width, y0 - width, x0 + width, y0 + width), fill=colour)
            x0, y0, x1, y1 = lines[0]
            mid_x = self.px(16 + COLUMN + GAP / 2)  # in the gap between the columns, on the arrow
            t = (mid_x - x0) / (x1 - x0) if x1 != x0 else 0.5
            labels.append((a, (mid_x, round(y0 + (y1 - y0) * t)), colour))
        for a, (x, y), colour in labels:
            lines = [f"{a['attack']} vs {a['defence']}"]  # and its result under it, once resolved
            if "impacts" in a:
                lines.append(self.words.hit.format(count=a["impacts"]) if a["impacts"] else self.words.blocked)
            value = " · ".join(lines)
            f = font(self.px(TEXT))
            w = max(self.draw.textlength(line, font=f) for line in lines)
            pad, line = self.px(6), self.px(TEXT + 8)
            # on its arrow in the gap between the columns, beside it when another attack's value is there already
            spot = self.placer.place(w + 2 * pad, line * len(lines) + 2 * pad, (x - 1, y - 1, x + 1, y + 1),
                                     what="attack", text=value, prefer="centre")
            if spot is None:
                continue
            bx0, by0, bx1, by1 = spot.box
            if spot.leader:
                self.draw.line(spot.leader, fill=colour, width=self.px(2))
            self.draw.rounded_rectangle(spot.box, radius=self.px(6), fill=(255, 255, 255), outline=colour,
                                        width=self.px(2))
            for i, text in enumerate(lines):
                self.text((round((bx0 + bx1) / 2), by0 + pad + i * line + line // 2), text, TEXT, fill=INK,
                          anchor="mm", bg=WHITE)

    def head(self, start: tuple[int, int], end: tuple[int, int], colour) -> None:
        angle = math.atan2(end[1] - start[1], end[0] - start[0])
        size = self.px(18)
        left = (end[0] - size * math.cos(angle - 0.45), end[1] - size * math.sin(angle - 0.45))
        right = (end[0] - size * math.cos(angle + 0.45), end[1] - size * math.sin(angle + 0.45))
        self.draw.polygon([end, left, right], fill=colour)


def render(view: JSON, events: Iterable[JSON] = (), *, width: int = BASE_WIDTH, names: Mapping[str, str] | None = None,
           words: Words | None = None) -> bytes:
    """The battle as PNG bytes for a view (any seat's, or a spectator's) and the last action's events.

    :raises ValueError: a width outside 480-2048 pixels
    """
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"width must be {MIN_WIDTH}-{MAX_WIDTH}, not {width}")
    return _Painter(view, list(events), Layout(width), names or {}, words or Words()).paint()
