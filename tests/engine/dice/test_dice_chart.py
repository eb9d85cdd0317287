"""Probability bar charts (render/chart.py): PNG, deterministic, readable."""
from __future__ import annotations

import io
from fractions import Fraction

import pytest
from PIL import Image

from engine.underworlds.dice import Combat
from engine.underworlds.odds import Reroll, attack_odds
from render.kit.chart import BACKGROUND, BAR, MAX_BARS, bar_chart, percent

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def odds_bars() -> list[tuple[str, Fraction]]:
    odds = attack_odds(5, 4, Combat(), Reroll.BEST)
    return [(o.value.replace("_", " "), p) for o, p in odds.outcomes.items()]


def test_chart_same_input_same_bytes():
    a = bar_chart("5 hammer dice vs 4 block dice", odds_bars())
    assert a.startswith(PNG_MAGIC)
    assert a == bar_chart("5 hammer dice vs 4 block dice", odds_bars())


def test_chart_size_follows_width_and_bars():
    image = Image.open(io.BytesIO(bar_chart("t", odds_bars(), width=800)))
    assert image.width == 800
    taller = Image.open(io.BytesIO(bar_chart("t", odds_bars() * 2, width=800)))
    assert taller.height > image.height


def test_chart_full_bar_filled_and_empty_bar_not():
    """A 100% bar is drawn in the bar colour to the right end of its track; a 0% bar leaves the track empty."""
    image = Image.open(io.BytesIO(bar_chart("t", [("all", 1), ("none", 0)]))).convert("RGB")
    pixels = [image.getpixel((x, y)) for y in range(image.height) for x in range(image.width)]
    assert BAR in pixels and BACKGROUND in pixels
    row_of_full = next(y for y in range(image.height) if image.getpixel((image.width // 2, y)) == BAR)
    assert image.getpixel((image.width // 2, row_of_full + 30 * image.width // 640)) != BAR


def test_chart_bad_input_refused():
    with pytest.raises(ValueError):
        bar_chart("t", [])
    with pytest.raises(ValueError):
        bar_chart("t", [("x", 1.5)])
    with pytest.raises(ValueError):
        bar_chart("t", [("x", 0.5)] * (MAX_BARS + 1))
    with pytest.raises(ValueError):
        bar_chart("t", [("x", 0.5)], width=100)


def test_chart_percent_labels_one_decimal():
    assert [percent(p) for p in (Fraction(1, 3), 0, 1, 0.0004, 0.9999)] == ["33.3%", "0%", "100%", "<0.1%", ">99.9%"]
