"""Bounds of the numbers a referee action may set or add (issue 37, item 5): a value outside what the game allows
is refused with the bounds, before anything changes, rather than stored (a damage of 10^20 overflowed the board).
"""
from __future__ import annotations

from engine.core.errors import InvalidInput

MAX_COUNT = 99
"""The largest count a referee may set or add where the game itself sets no limit (mana, glory, markers, victory
points): no rule or card of the four games moves a count this far, and a board shows two digits."""


def within(value: object, low: int, high: int, field: str) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (both included).

    :raises InvalidInput: core.ref.out_of_range (not a whole number, or outside the bounds)
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput("core.ref.out_of_range", field=field, value=str(value)[:30], low=low, high=high)
    return value


def change(delta: object, current: int, high: int, field: str) -> int:
    """A signed change to a count now at ``current``, which must stay from 0 to ``high``: ``delta`` from
    ``-current`` to ``high - current``.

    :raises InvalidInput: core.ref.out_of_range
    """
    return within(delta, -current, max(0, high - current), field)
