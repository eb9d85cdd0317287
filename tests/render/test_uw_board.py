"""The Underworlds board drawn from a view: each fighter appears, in its warband's colour, on the hex the
state says; the image is a PNG of the posted width and the same view gives the same bytes."""
from __future__ import annotations

import io
import math
import random

from PIL import Image, ImageColor

from engine.core.rng import SeededRng
from engine.underworlds.hexgrid import Hex
from engine.underworlds.system import UnderworldsSystem
from render.underworlds.hexboard import hex_centre, hex_radius
from table.underworlds.board import BOARD_WIDTH, battlefield_of, render_view, seat_colours

SYSTEM = UnderworldsSystem()


def deployed_state(seed: int = 11) -> dict:
    """A match played (seeded picks) until every fighter is on the battlefield."""
    rng, pick = SeededRng(bytes([seed]) * 32), random.Random(seed)
    state = SYSTEM.setup({}, ("player1", "player2"), rng)
    while state["phase"] == "setup":
        seat = SYSTEM.view(state, None)["awaiting"][0]
        state, _ = SYSTEM.apply(state, seat, pick.choice(SYSTEM.legal_actions(state, seat)), rng)
    return state


def test_each_fighter_is_drawn_on_its_hex_in_its_colour():
    state = deployed_state()
    view = SYSTEM.view(state, None)
    image = Image.open(io.BytesIO(render_view(view))).convert("RGB")
    assert image.size[0] == BOARD_WIDTH
    battlefield = battlefield_of(view)
    colours = seat_colours(view)
    placed = [f for f in view["fighters"] if f["hex"]]
    assert len(placed) == len(view["fighters"]) > 0
    for f in placed:
        x, y = hex_centre(battlefield, Hex.parse(f["hex"]), width=BOARD_WIDTH)
        want = ImageColor.getrgb(colours[f["seat"]])
        # sample a ring inside the disc (its code, large, sits in the middle; its pips on its rim)
        r = hex_radius(battlefield, width=BOARD_WIDTH) * 0.45
        samples = [image.getpixel((round(x + r * math.cos(k * math.pi / 12)),
                                   round(y + r * math.sin(k * math.pi / 12)))) for k in range(24)]
        close = [s for s in samples if sum(abs(a - b) for a, b in zip(s, want)) < 30]
        assert len(close) >= 16, (f["name"], f["hex"], samples, want)


def test_an_empty_hex_shows_no_fighter_colour_and_the_same_view_gives_the_same_bytes():
    state = deployed_state()
    view = SYSTEM.view(state, None)
    png = render_view(view)
    assert png == render_view(view)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    battlefield = battlefield_of(view)
    occupied = {f["hex"] for f in view["fighters"]}
    empty = next(h for h in sorted(battlefield.hexes) if str(h) not in occupied
                 and not any(t["hex"] == str(h) for t in view["feature_tokens"]))
    x, y = hex_centre(battlefield, empty, width=BOARD_WIDTH)
    pixel = image.getpixel((x, y))
    for colour in seat_colours(view).values():
        assert sum(abs(a - b) for a, b in zip(pixel, ImageColor.getrgb(colour))) > 30


def test_a_move_changes_the_board_and_draws_its_path():
    state = deployed_state()
    rng = SeededRng(bytes(32))
    seat = SYSTEM.view(state, None)["awaiting"][0]
    while SYSTEM.view(state, None)["prompt"]["kind"] != "turn":
        seat = SYSTEM.view(state, None)["awaiting"][0]
        state, _ = SYSTEM.apply(state, seat, SYSTEM.legal_actions(state, seat)[0], rng)
    seat = SYSTEM.view(state, None)["awaiting"][0]
    before = render_view(SYSTEM.view(state, None))
    move = next(a for a in SYSTEM.legal_actions(state, seat) if a["type"] == "Move")
    state, events = SYSTEM.apply(state, seat, move, rng)
    view = SYSTEM.view(state, None)
    plain, with_arrow = render_view(view), render_view(view, events=events)
    assert plain != before and with_arrow != plain
