"""The Tambores de Guerra battle image (``render/tambores/battle.py``), checked on its pixels.

A seeded battle of the training pack is played until units face each other and attacks are declared: each unit is
drawn in the slot the view says (its seat's colour on the card's edge, the card's face inside), an empty slot is
drawn empty, and each declared attack is an arrow in its seat's colour that is not there without the attack.
Every image is a valid PNG at the width Underworlds posts (1280) and at a phone-narrow 480; the same view gives
the same bytes.
"""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine.core.rng import SeededRng
from engine.core.system import find_system
from render.tambores.battle import (
    BACKGROUND, BLOCKED, CARD, EMPTY_SLOT, Layout, Words, arrow_segments, render, seat_colours,
)

SYSTEM = find_system("tambores")
WIDTH = 1280
"""The width the table posts (as the Underworlds board)."""


def play_until(found, seed: int = 5, limit: int = 600):
    """A seeded random battle (deploying more than passing) until ``found(view, events)``: that view and events."""
    rng, pick = SeededRng(bytes([seed]) * 32), random.Random(seed)
    state = SYSTEM.setup({"mode": "skirmish"}, ("player1", "player2"), rng)
    for _ in range(limit):
        view = SYSTEM.view(state, None)
        seat = view["awaiting"][0]
        legal = SYSTEM.legal_actions(state, seat)
        busy = [a for a in legal if a["type"] not in ("Pass", "Decline")]
        state, events = SYSTEM.apply(state, seat, pick.choice(busy if busy and pick.random() < 0.8 else legal), rng)
        view = SYSTEM.view(state, None)
        if found(view, events):
            return view, events
    raise AssertionError("the battle never reached the situation wanted")


def pixels(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def at(segment, t: float) -> tuple[int, int]:
    x0, y0, x1, y1 = segment
    return round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)


@pytest.fixture(scope="module")
def declared():
    """A view in the declaration step with at least one attack declared between two units."""
    return play_until(lambda v, e: v["step"] in ("declare", "respond") and any(
        a["target"] != "hero" and "hero" not in a["attackers"] for a in v["attacks"]))


def test_every_image_is_a_valid_png_at_the_posted_width_and_on_a_narrow_phone(declared):
    view, events = declared
    for width in (WIDTH, 480):
        png = render(view, events, width=width)
        image = Image.open(io.BytesIO(png))
        image.verify()
        assert image.format == "PNG" and image.size == (width, Layout(width).height)
    assert render(view, events) == render(view, events), "same view, same bytes"
    with pytest.raises(ValueError):
        render(view, events, width=100)


def test_each_card_is_drawn_in_the_slot_the_view_says(declared):
    view, events = declared
    image = pixels(render(view, events, width=WIDTH))
    layout, colours = Layout(WIDTH), seat_colours(view)
    rows = {view["seats"][1]: 0, view["seats"][0]: 1}
    cards = empties = 0
    for seat in view["seats"]:
        for n, unit in enumerate(view["players"][seat]["slots"], start=1):
            x0, y0, x1, y1 = layout.card_box(rows[seat], n)
            edge = image.getpixel((x0 + 1, (y0 + y1) // 2))
            face = image.getpixel((x0 + 20, y1 - 12))
            if unit:
                assert edge == colours[seat] and face == CARD, (seat, n, edge, face)
                cards += 1
            else:
                assert face == EMPTY_SLOT and edge != colours[seat], (seat, n, edge, face)
                empties += 1
    assert cards >= 2


def test_a_declared_attack_is_an_arrow_in_its_seats_colour(declared):
    view, events = declared
    layout, colours = Layout(WIDTH), seat_colours(view)
    image = pixels(render(view, events, width=WIDTH))
    quiet = pixels(render({**view, "attacks": []}, [], width=WIDTH))
    drawn = arrow_segments(view, events, layout)
    assert len(drawn) == len(view["attacks"]) >= 1
    checked = 0
    for attack, lines in drawn:
        if attack["target"] == "hero" or "hero" in attack["attackers"]:
            continue
        for segment in lines:
            point = at(segment, 0.12)  # just out of the attacker, clear of the sum's label
            assert image.getpixel(point) == colours[attack["seat"]], (attack, point)
            assert quiet.getpixel(point) == BACKGROUND, "nothing there without the attack"
            checked += 1
    assert checked >= 1


def test_resolved_attacks_show_hits_in_colour_and_blocks_in_grey():
    view, events = play_until(lambda v, e: any(x.get("type") == "CombatResolved" and x["results"] for x in e))
    layout, colours = Layout(WIDTH), seat_colours(view)
    image = pixels(render(view, events, width=WIDTH))
    [resolved] = [e for e in events if e["type"] == "CombatResolved"]
    assert [a for a, _ in arrow_segments(view, events, layout)] == resolved["results"]
    for attack, lines in arrow_segments(view, events, layout):
        if attack["target"] == "hero" or "hero" in attack["attackers"]:
            continue
        expected = colours[attack["seat"]] if attack["impacts"] else BLOCKED
        assert image.getpixel(at(lines[0], 0.12)) == expected


def test_the_words_are_the_callers(declared):
    view, events = declared
    english = render(view, events, width=WIDTH)
    spanish = render(view, events, width=WIDTH, words=Words(attack="ATQ", life="Vida", deck="Mazo"))
    assert english != spanish
