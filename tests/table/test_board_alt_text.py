"""The board's alt text (issue 34 item 3): every game's presenter says its board in words, for a screen reader and
for Discord's attachment ``description`` (at most 1024 characters): whose turn, what just happened, the score, the
pieces in play; at the end, the result."""
from __future__ import annotations

import pytest

from table.games import load_games
from table.presenter import ALT_TEXT_LIMIT, Scene, alt_text, describe_board, find_presenter, plain
from tests.support.positions import GAMES, names_for, play, seats_of

load_games()


def test_alt_text_is_plain_sentences_cut_at_a_word_within_the_limit():
    assert plain("**alice** ▶ plays `A2` <@42>") == "alice plays A2"
    assert alt_text(["Round 1", "alice to play"], [], ["x"]) == "Round 1. alice to play. x."
    long = alt_text(["word " * 400])
    assert len(long) <= ALT_TEXT_LIMIT and long.endswith("…") and "wor…" not in long


@pytest.mark.parametrize("game", GAMES)
def test_every_board_is_described_within_discords_limit(game):
    presenter = find_presenter(game)
    seats = seats_of(game, 2)
    names = names_for(seats)
    seen = 0
    for view, events, _ in play(game, 3, steps=150, every=7):
        scene = Scene(view, names, viewer=None, match_id="m1")
        if presenter.board(scene, events) is None:
            continue
        words = describe_board(presenter, scene, events)
        assert 0 < len(words) <= ALT_TEXT_LIMIT
        assert "<@" not in words and "**" not in words
        waiting = view.get("awaiting") or []
        if waiting:  # whose turn
            assert any(names[s] in words for s in waiting), words
        happened = presenter.event_lines(scene, events)
        if happened:  # what just happened: the first event's words come right after the turn
            assert plain(happened[0])[:40] in words or len(words) > ALT_TEXT_LIMIT - 100, words
        seen += 1
    assert seen > 3


@pytest.mark.parametrize("game", GAMES)
def test_the_last_board_is_described_with_the_result(game):
    presenter = find_presenter(game)
    seats = seats_of(game, 2)
    names = names_for(seats)
    view = events = None
    for view, events, _ in play(game, 3, steps=150, every=50):
        pass
    scene = Scene(view, names, viewer=None, match_id="m1")
    words = describe_board(presenter, scene, events, True, {"winner": seats[1], "reason": "concede"})
    assert 0 < len(words) <= ALT_TEXT_LIMIT and names[seats[1]] in words.split(".")[0], words


def test_a_presenter_without_a_description_gets_its_panels_words():
    from tests.support.nim import NimPresenter  # noqa: F401 - registered by the test game plugins

    presenter = find_presenter("ttt")
    view = {"size": 3, "line": 3, "board": {"a1": "cross"}, "seats": ["cross", "nought"], "turn": "nought",
            "hands": {"cross": 1, "nought": 1}, "awaiting": ["nought"]}
    words = describe_board(presenter, Scene(view, {"cross": "ana", "nought": "bo"}), [])
    assert "bo" in words and "a1 X" in words
