"""Seat colours every board shares: the Okabe-Ito palette (safe for the common colour-vision deficiencies), and a
shape and a letter per seat, so that pieces differ by more than hue (issue 34 item 1)."""
from __future__ import annotations

SEAT_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7")
"""Blue, vermillion, bluish green, reddish purple: first seat to fourth."""
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")
"""The outline of a seat's pieces, first seat to fourth."""
ON_COLOUR = "#ffffff"
"""Text drawn on a seat colour (all four are dark enough for white)."""


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def seat_letter(name: str, taken: set[str] | None = None) -> str:
    """A player's initial for their pieces' badge (the next letter of the name when another player has it)."""
    for c in name.upper():
        if c.isalpha() and c not in (taken or set()):
            return c
    return "?"


def polygon(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of ``shape`` around a centre (a circle as a 24-gon)."""
    import math

    if shape == "square":
        r *= 0.9
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if shape == "triangle":
        return [(cx, cy - r * 1.1), (cx + r * 1.05, cy + r * 0.8), (cx - r * 1.05, cy + r * 0.8)]
    if shape == "diamond":
        return [(cx, cy - r * 1.15), (cx + r * 1.15, cy), (cx, cy + r * 1.15), (cx - r * 1.15, cy)]
    return [(cx + r * math.cos(a * math.pi / 12), cy + r * math.sin(a * math.pi / 12)) for a in range(24)]
