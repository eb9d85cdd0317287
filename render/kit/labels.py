"""Labels placed where they hide nothing (issue 34 item 1): beside their piece if there is room, further out with a
leader line if not, and as a number in a key when no place is free at all.

A ``Placer`` knows every box already taken (pieces, placed labels). ``place`` tries spots around the piece's box,
nearest first: above, below, right, left, then the corners, then the same further out; the first spot inside the
bounds that overlaps nothing taken wins. Pieces are registered first (``block``), then the labels placed in
order of importance: a label never covers a piece or another label, whatever the crowd.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from render.kit.layout import Box, Layout, NullLayout, intersects

GAP = 2.0
"""Pixels kept between a label and what it names."""


@dataclass(frozen=True, slots=True)
class Placed:
    box: Box
    leader: tuple[float, float, float, float] | None = None
    """A line from the piece's edge to the label, when the label stands away from its piece."""

    @property
    def centre(self) -> tuple[float, float]:
        return (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2


@dataclass(slots=True)
class Placer:
    bounds: Box
    layout: Layout = field(default_factory=lambda: NullLayout(""))
    taken: list[Box] = field(default_factory=list)
    rings: int = 5

    def block(self, box: Box, what: str = "", kind: str = "piece", text: str = "") -> None:
        """Something no label may cover (a piece: recorded in the layout as such)."""
        self.taken.append(box)
        self.layout.add(kind, box, text, what)

    def free(self, box: Box, within: Box | None = None, ignore: Box | None = None) -> bool:
        """Whether ``box`` lies inside ``within`` (else the bounds) and covers nothing taken but ``ignore`` (what it
        may sit on: a badge on its own marker)."""
        b = within or self.bounds
        if box[0] < b[0] or box[1] < b[1] or box[2] > b[2] or box[3] > b[3]:
            return False
        return _clear(box, self.taken, ignore)

    def place(self, width: float, height: float, near: Box, *, what: str = "", text: str = "",
              prefer: str = "above", within: Box | None = None) -> Placed | None:
        """A free box ``width`` x ``height`` next to ``near`` (None: nowhere free; put it in a key), taken; inside
        ``within`` when given (a zone), else inside the bounds."""
        x0, y0, x1, y1 = near
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        if prefer == "centre":  # on the spot itself if it is free (a value on its arrow), else around it
            box = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
            if self.free(box, within):
                self.taken.append(box)
                self.layout.add("label", box, text, what)
                return Placed(box)
            prefer = "above"
        order = {"above": ("above", "below", "right", "left"), "below": ("below", "above", "right", "left"),
                 "right": ("right", "below", "above", "left")}[prefer]
        bx0, by0, bx1, by1 = within or self.bounds
        # only what stands where a spot may be can take it: the rest of the board is not looked at again per spot
        reach = GAP + (self.rings - 1) * max(height, 10.0) + 1
        rx0, ry0 = max(bx0, x0 - reach - 1.5 * width), max(by0, y0 - reach - height)
        rx1, ry1 = min(bx1, x1 + reach + 1.5 * width), min(by1, y1 + reach + height)
        nearby = [t for t in self.taken if t[0] < rx1 and rx0 < t[2] and t[1] < ry1 and ry0 < t[3]]
        for ring in range(self.rings):
            d = GAP + ring * max(height, 10.0)
            spots = {
                "above": (cx - width / 2, y0 - d - height),
                "below": (cx - width / 2, y1 + d),
                "right": (x1 + d, cy - height / 2),
                "left": (x0 - d - width, cy - height / 2),
            }
            corners = [(x1 + d, y0 - d - height), (x0 - d - width, y0 - d - height), (x1 + d, y1 + d),
                       (x0 - d - width, y1 + d)]
            shifts = [(0.0, 0.0)] if ring == 0 else [(0.0, 0.0), (-width / 2, 0.0), (width / 2, 0.0)]
            for sx, sy in [spots[k] for k in order] + corners:
                for dx, dy in shifts:
                    box = (sx + dx, sy + dy, sx + dx + width, sy + dy + height)
                    if bx0 <= box[0] and by0 <= box[1] and box[2] <= bx1 and box[3] <= by1 and _clear(box, nearby):
                        self.taken.append(box)
                        self.layout.add("label", box, text, what)
                        leader = None
                        if ring > 0:
                            bx, by = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                            ex = min(max(bx, x0), x1)
                            ey = min(max(by, y0), y1)
                            lx = min(max(ex, box[0]), box[2])
                            ly = min(max(ey, box[1]), box[3])
                            leader = (ex, ey, lx, ly)
                        return Placed(box, leader)
        return None


def _clear(box: Box, taken: list[Box], ignore: Box | None = None) -> bool:
    """Whether ``box`` covers none of ``taken`` but ``ignore`` (``intersects`` written out: the placer asks this of
    a hundred spots a label)."""
    x0, y0, x1, y1 = box
    if x1 <= x0 or y1 <= y0:
        return True
    for t in taken:
        if t[0] < x1 and x0 < t[2] and t[1] < y1 and y0 < t[3] and t[0] < t[2] and t[1] < t[3] and t != ignore:
            return False
    return True


class Key:
    """Labels that found no place: numbered, their number drawn by the piece (or on it), the words in a key."""

    def __init__(self) -> None:
        self.entries: list[str] = []

    def add(self, text: str) -> int:
        self.entries.append(text)
        return len(self.entries)
