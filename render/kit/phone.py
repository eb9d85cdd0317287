"""Text sized for a phone (issue 34 item 1): a board is shown about ``PHONE_WIDTH`` pixels wide on a phone, so its
letters are sized relative to the image's width, never smaller than Discord's own message text there."""
from __future__ import annotations

import math

PHONE_WIDTH = 400
"""The width a board is seen at on a phone, in the phone's pixels."""
PHONE_MIN_TEXT = 12
"""Discord's message text on a phone is 12-14 such pixels high: the least any line on a board is."""


def phone_px(width: int, size: float = PHONE_MIN_TEXT) -> int:
    """The size in pixels of letters that read ``size`` (at least ``PHONE_MIN_TEXT``) on an image ``width`` wide
    shown ``PHONE_WIDTH`` wide."""
    return math.ceil(max(size, PHONE_MIN_TEXT) * width / PHONE_WIDTH - 1e-9)
