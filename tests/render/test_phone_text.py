"""Every board reads on a phone (issue 34 item 1): shown 400 pixels wide, as Discord's phone clients show an image,
no line of text on it is smaller than Discord's own message text there. Computed from the layout (render/kit/layout.py,
``lettering``: every line of text a board draws, with its letters' size in pixels), not from pixels: each line's
size scaled to a 400-pixel-wide image is at least ``PHONE_MIN_TEXT``. Over seeded random positions of every game and
player count, and its final board."""
from __future__ import annotations

import pytest

from render.kit.layout import recording
from render.kit.phone import PHONE_MIN_TEXT, PHONE_WIDTH
from table.games import load_games
from table.presenter import Scene, find_presenter
from tests.support.positions import GAMES, PLAYERS, names_for, play, seats_of

load_games()

def small_lines(layouts) -> list[str]:
    """Every line of text too small at phone width: its words, its size there."""
    out = []
    for layout in layouts:
        for d in layout.of("lettering"):
            at_phone = d.px * PHONE_WIDTH / layout.width
            if at_phone < PHONE_MIN_TEXT - 1e-9:
                out.append(f"{layout.game}: {d.text!r} {d.px:.0f} px of {layout.width} -> {at_phone:.1f} px")
    return out


NOT_YET: dict[str, str] = {}
CASES = [pytest.param(game, players, marks=[pytest.mark.xfail(reason=NOT_YET[game], strict=True)] if game in NOT_YET
                      else []) for game in GAMES for players in PLAYERS[game]]


@pytest.mark.parametrize("game,players", CASES)
def test_every_line_of_text_reads_at_phone_width(game, players):
    names = names_for(seats_of(game, players))
    drawn = lines = 0
    small: list[str] = []
    for view, events, _ in play(game, 11, players=players, steps=240, every=8):
        with recording() as layouts:
            png = find_presenter(game).board(Scene(view, names), events)
        if png is None:
            continue
        drawn += 1
        lines += sum(len(layout.of("lettering")) for layout in layouts)
        small += small_lines(layouts)
    assert drawn >= 3 and lines > drawn * 5, "every line of text is recorded with its size"
    assert sorted(set(small)) == []


def test_the_check_sees_a_small_line():
    from render.kit.layout import Layout

    layout = Layout("x", width=1280)
    layout.add("lettering", (0, 0, 10, 10), "tiny", "", px=14)
    layout.add("lettering", (0, 0, 10, 10), "big", "", px=40)
    assert [line.split(":")[1].split()[0] for line in small_lines([layout])] == ["'tiny'"]
