"""The board of a four-player Underworlds match (issue #19): a valid PNG of four boards, each warband's fighters in
their own colour (four distinct colours), and a legend naming each player beside their colour."""
from __future__ import annotations

import io
import math
import random

from PIL import Image, ImageColor

from engine.core.rng import SeededRng
from engine.underworlds.hexgrid import Hex
from engine.underworlds.system import UnderworldsSystem
from render.underworlds.hexboard import hex_centre, hex_radius
from table.underworlds.board import (
    BOARD_WIDTH, MIN_HEX_PX, battlefield_of, board_labels, render_view, seat_colours, wide_enough,
)

SYSTEM = UnderworldsSystem()
SEATS = ("player1", "player2", "player3", "player4")
NAMES = {"player1": "Alice", "player2": "Bob", "player3": "Carol", "player4": "Dave"}


def deployed_state(seed: int = 11, players: int = 4) -> dict:
    """A match of ``players`` played (seeded picks) until every fighter is on the battlefield."""
    rng, pick = SeededRng(bytes([seed]) * 32), random.Random(seed)
    state = SYSTEM.setup({}, SEATS[:players], rng)
    while state["phase"] == "setup":
        seat = SYSTEM.view(state, None)["awaiting"][0]
        state, _ = SYSTEM.apply(state, seat, pick.choice(SYSTEM.legal_actions(state, seat)), rng)
    return state


def _near(pixel: tuple[int, ...], colour: str, tolerance: int = 30) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel, ImageColor.getrgb(colour))) < tolerance


def test_four_player_board_is_a_png_with_four_colours_and_a_legend_of_players():
    state = deployed_state()
    view = SYSTEM.view(state, None)
    png = render_view(view, names=NAMES)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    battlefield = battlefield_of(view)
    assert battlefield is not None and len(battlefield.boards) == 4
    # wide enough for hexes of MIN_HEX_PX: at 1280, the coordinates of occupied hexes ran under the fighters
    width = wide_enough(battlefield, BOARD_WIDTH)
    assert image.format == "PNG" and image.size[0] == width > BOARD_WIDTH
    assert hex_radius(battlefield, width=width) >= MIN_HEX_PX
    image = image.convert("RGB")
    colours = seat_colours(view)
    assert len({c.lower() for c in colours.values()}) == 4  # four distinct warband colours
    # Every fighter is drawn on its hex in its player's colour.
    for f in view["fighters"]:
        x, y = hex_centre(battlefield, Hex.parse(f["hex"]), width=width)
        r = hex_radius(battlefield, width=width) * 0.45  # inside the disc, round its code
        ring = [image.getpixel((round(x + r * math.cos(k * math.pi / 12)), round(y + r * math.sin(k * math.pi / 12))))
                for k in range(24)]
        assert sum(_near(p, colours[f["seat"]]) for p in ring) >= 12, (f["id"], ring)
    # Below the battlefield, the legend: each player's colour (in the swatch beside their name).
    board_bottom = max(hex_centre(battlefield, h, width=width)[1] for h in battlefield.hexes) \
        + hex_radius(battlefield, width=width)
    legend = image.crop((0, round(board_bottom) + 2, image.size[0], image.size[1]))
    found = {c for _, c in legend.getcolors(1 << 20)}
    for seat, colour in colours.items():
        assert any(_near(p, colour, 6) for p in found), f"{seat}'s colour {colour} is not in the legend"
    assert board_labels(view, NAMES) == tuple(NAMES[s] for s in sorted(view["territory"], key=view["territory"].get))


def test_two_player_board_keeps_its_legend_without_player_discs():
    """Two players: the legend is as before (no player colour discs): the image has no pixel of the fallback
    third and fourth seat colours."""
    state = deployed_state(players=2)
    image = Image.open(io.BytesIO(render_view(SYSTEM.view(state, None)))).convert("RGB")
    found = {c for _, c in image.getcolors(1 << 20)}
    assert not any(_near(p, "#3bb85a", 6) or _near(p, "#e0b030", 6) for p in found)
