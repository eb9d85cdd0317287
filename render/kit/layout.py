"""What a board drew where: every piece, label and line of text with its box, for tests to read instead of pixels.

A renderer makes one ``Layout`` per board (``layout_for``) and adds to it what it draws; outside ``recording()``
that is a ``NullLayout`` whose ``add`` does nothing, so production boards pay nothing for it. A test records:

    with recording() as layouts:
        png = presenter.board(scene, events)
    texts = [t for layout in layouts for t in layout.texts()]

Kinds: ``piece`` (a marker, a unit, a card: nothing may cover it), ``label`` (words naming or badging a piece:
no other label or piece may cover it), ``text`` (titles, legends, result lines: placed in bands of their own),
``lettering`` (every line of text a board draws, with its size in pixels, ``px``: for the phone-size check).
"""
from __future__ import annotations

import contextlib
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Iterator

Box = tuple[float, float, float, float]

_RECORDING: ContextVar[list["Layout"] | None] = ContextVar("board_layouts", default=None)


@dataclass(frozen=True, slots=True)
class Drawn:
    kind: str
    box: Box
    text: str = ""
    what: str = ""
    """What it stands for (a piece's id, "legend", "result")."""
    px: float = 0.0
    """The size of its letters (the font's, in pixels), when it is text and the board says."""


@dataclass(slots=True)
class Layout:
    """The items of one board, in drawing order."""

    game: str
    width: int = 0
    height: int = 0
    items: list[Drawn] = field(default_factory=list)

    def add(self, kind: str, box: Box, text: str = "", what: str = "", px: float = 0.0) -> None:
        self.items.append(Drawn(kind, tuple(float(v) for v in box), text, what, px))  # type: ignore[arg-type]

    def shift(self, dy: float) -> None:
        """Move everything down by ``dy`` (a band added above)."""
        self.items = [Drawn(d.kind, (d.box[0], d.box[1] + dy, d.box[2], d.box[3] + dy), d.text, d.what, d.px)
                      for d in self.items]
        self.height += int(dy)

    def texts(self) -> list[str]:
        return [d.text for d in self.items if d.text]

    def of(self, *kinds: str) -> list[Drawn]:
        return [d for d in self.items if d.kind in kinds]

    def overlaps(self, margin: float = 0.0) -> list[tuple[Drawn, Drawn]]:
        """Pairs of a label or badge and a label, badge or piece whose boxes overlap (pieces may touch pieces: units
        in contact). A piece's own label and badges may sit on it (its code inside its disc, a damage badge on its
        rim), but a badge never on a label, its own piece's code included."""
        marks, pieces = self.of("label", "badge"), self.of("piece")
        out = []
        for i, a in enumerate(marks):
            for b in marks[i + 1:] + pieces:
                if b.what and b.what == a.what and (b.kind == "piece" or a.kind == b.kind == "badge"):
                    continue
                if intersects(a.box, b.box, margin):
                    out.append((a, b))
        return out


class NullLayout(Layout):
    """A layout nobody reads: adding costs nothing."""

    def add(self, kind: str, box: Box, text: str = "", what: str = "", px: float = 0.0) -> None:
        return None

    def shift(self, dy: float) -> None:
        return None


def intersects(a: Box, b: Box, margin: float = 0.0) -> bool:
    """Whether two boxes overlap by more than ``margin`` pixels each way."""
    return min(a[2], b[2]) - max(a[0], b[0]) > margin and min(a[3], b[3]) - max(a[1], b[1]) > margin


def layout_for(game: str, width: int = 0, height: int = 0) -> Layout:
    """A new board's layout: recorded inside ``recording()``, else a ``NullLayout``."""
    recorded = _RECORDING.get()
    if recorded is None:
        return NullLayout(game, width, height)
    layout = Layout(game, width, height)
    recorded.append(layout)
    return layout


def recording_now() -> bool:
    return _RECORDING.get() is not None


@contextlib.contextmanager
def recording() -> Iterator[list[Layout]]:
    """Record the layouts of the boards drawn inside (in this thread or task)."""
    layouts: list[Layout] = []
    token = _RECORDING.set(layouts)
    try:
        yield layouts
    finally:
        _RECORDING.reset(token)
