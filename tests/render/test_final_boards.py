"""The last board of a match shows the result (issue 34 item 2): the winner, the score as the game counts it (glory,
life, victory points, battles) and why it ended, checked on the texts the board's layout drew (not on pixels), for
each game, both for a match played to its end and for a concession."""
from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from engine.core.system import find_system
from render.kit.layout import recording
from table.games import load_games
from table.presenter import Scene, find_presenter
from tests.support.positions import names_for, play, seats_of

load_games()

SCORE_WORDS = {"underworlds": "glory", "magewars": "Life", "dragonbond": "victory points", "tambores": "wounds"}
"""How each game counts, as its result says it."""


def last_position(game: str, seed: int = 1, steps: int = 400):
    view = events = state = None
    for view, events, state in play(game, seed, steps=steps, every=1000):
        pass
    return view, events, state


def drawn_texts(presenter, scene: Scene, events) -> tuple[list[str], bytes]:
    """The texts of the result drawn on the board (none while the match goes on), and the board."""
    with recording() as layouts:
        png = presenter.board(scene, events)
    return [t for layout in layouts if layout.game.endswith("/result") for t in layout.texts()], png


@pytest.mark.parametrize("game", ("underworlds", "dragonbond", "tambores"))
def test_the_last_board_of_a_match_played_to_its_end_shows_the_result(game):
    view, events, state = last_position(game)
    outcome = find_system(game).outcome(state)
    assert outcome is not None, "the seeded random match ends"
    names = names_for(seats_of(game, 2))
    result = {"winner": outcome.winner, "reason": outcome.reason}
    presenter = find_presenter(game)
    scene = Scene(view, names, outcome=result)
    texts, png = drawn_texts(presenter, scene, events)
    said = " ".join(texts)
    title = presenter.result(dataclasses.replace(scene, memo={}), result, None).title
    assert texts and texts[0] in title, (texts, title)  # the winner (or the draw) first, large
    if outcome.winner:
        assert names[outcome.winner] in texts[0]
    assert SCORE_WORDS[game] in said, said
    for seat in view["seats"]:
        assert names[seat] in said
    why = {"underworlds": ("Decided by", "draw", "glory"), "dragonbond": ("Decided by",), "tambores": ("Decided by",)}
    assert any(w in said for w in why[game]), said
    # and a board in play shows none of it
    playing, _ = drawn_texts(presenter, Scene(view, names), events)
    assert playing == []
    assert Image.open(io.BytesIO(png)).height > Image.open(io.BytesIO(presenter.board(Scene(view, names), events))).height


@pytest.mark.parametrize("game", ("underworlds", "magewars", "dragonbond", "tambores"))
def test_the_last_board_after_a_concession_says_who_won_and_why(game):
    view, events, _ = next((v, e, s) for i, (v, e, s) in enumerate(play(game, 2, steps=300, every=1)) if i == 40)
    seats = seats_of(game, 2)
    names = names_for(seats)
    presenter = find_presenter(game)
    texts, _ = drawn_texts(presenter, Scene(view, names, outcome={"winner": seats[1], "reason": "concede"}), events)
    said = " ".join(texts)
    assert names[seats[1]] in texts[0] and SCORE_WORDS[game] in said and "conce" in said.lower(), texts
