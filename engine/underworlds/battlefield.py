"""Underworlds boards as data and the battlefield two of them make, or three or four (rulebook §8, §12.2, p.54).

A ``Board`` is one printed board face: its shape, its starting, blocked, lethal, cover and trap hexes
in its own upright coordinates, and where those facts were read. Boards come from data files
(``data/underworlds/boards.json``, or a player's own file); nothing about any board is written here.
A ``Battlefield`` is two boards joined along their long or short edges (with three or four players, each further
board joined to a placed one, ``ExtraBoard``): its hexes, their types (edge derived), each player's territory and no
one's territory, line of sight. Fighters and feature tokens
live in the match state; token sides that change hex types are applied by ``feature_tokens.py``.

Board geometry. A board is a rectangle of pointy-top hexes whose rows alternate ``W`` and ``W - 1``
complete hexes (8, 7, 8, 7, 8 for every known board). Its edges run through the centres of the hexes
just outside it, so each long edge carries ``W - 1`` half hexes and each short edge one half hex per
shorter row. Two boards that abut complete the half hexes they share (§12.2).
"""
from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import Field, field_validator, model_validator

from engine.core.errors import IllegalAction, InvalidInput
from engine.underworlds.fighters import (
    DATA_DIR, Frozen, InvalidDataFile, Source, parse_data, read_data_file,
)
from engine.underworlds.hexgrid import Hex, HexDirection, line_of_sight

BOARDS_FILE = DATA_DIR / "boards.json"
"""Every shipped board face."""
BOARDS_SCHEMA_VERSION = 1
"""Version of the board file format."""
SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"

# Rulebook p.24 (seed 000 line 477): "al menos cuatro hexágonos completados al unir los tableros por
# sus extremos largos, o dos hexágonos completados al unir los dos tableros por sus extremos cortos".
MIN_COMPLETED_LONG = 4
"""A long-edge join must complete at least this many hexes (§12.2)."""
MIN_COMPLETED_SHORT = 2
"""A short-edge join must complete at least this many hexes (§12.2)."""
MAX_COLUMNS = 26
"""Hexes are written with one column letter, a to z: a battlefield of three or four boards is at most this wide (four
boards in a row, short edge to short edge, are not offered; ``docs/rulings/underworlds.md``)."""


class HexType(StrEnum):
    """A type a battlefield hex can have; a hex can have several (§8.2)."""

    STARTING = "starting"
    """Fighters are placed here at deployment (§12.5)."""
    BLOCKED = "blocked"
    """No fighter enters, crosses or is placed here; blocks line of sight."""
    LETHAL = "lethal"
    """1 damage to a fighter moved, placed, pushed or driven back into it."""
    COVER = "cover"
    """A fighter here counts one more defence symbol as a success."""
    TRAP = "trap"
    """Staggers a fighter moved, placed, pushed or driven back into it (the "stagger hex")."""
    EDGE = "edge"
    """Adjacent to fewer than six battlefield hexes; derived, never printed (§8.2, p.22)."""


PRINTED_TYPES = (HexType.STARTING, HexType.BLOCKED, HexType.LETHAL, HexType.COVER, HexType.TRAP)
"""The hex types a board prints, in the order a board file lists them."""
HAZARDOUS_TYPES = frozenset({HexType.LETHAL, HexType.TRAP, HexType.COVER})
"""Lethal, trap and cover hexes are collectively hazardous hexes (§8.2, p.22)."""


# ---------------------------------------------------------------------------------------------
# Board data


class BoardLayout(Frozen):
    """The typed hexes of a board face, in its own upright coordinates (``a1`` = top-left hex)."""

    starting: tuple[Hex, ...] | None = None
    blocked: tuple[Hex, ...] | None = None
    lethal: tuple[Hex, ...] | None = None
    cover: tuple[Hex, ...] | None = None
    """None when the source does not say (it lists no cover hexes at all)."""
    trap: tuple[Hex, ...] | None = None
    """Trap ("stagger") hexes; None when the source does not say."""

    @model_validator(mode="before")
    @classmethod
    def _stagger_alias(cls, data: Any) -> Any:
        if isinstance(data, dict) and "stagger" in data and "trap" not in data:
            data = {("trap" if k == "stagger" else k): v for k, v in data.items()}
        return data

    def hexes(self, type_: HexType) -> tuple[Hex, ...]:
        """The hexes of one printed type; empty when unknown."""
        return getattr(self, type_.value) or ()


class Board(Frozen):
    """One printed board face: shape, typed hexes and provenance. Unknown values are null and listed."""

    schema_version: int = BOARDS_SCHEMA_VERSION
    id: str = Field(pattern=SLUG)
    """Stable key, a slug of the English name: ``shyishian-stardial``."""
    name: str = Field(min_length=1)
    spanish_name: str | None = None
    """The name printed in the Spanish rulebook, where it gives one."""
    udb_board_id: int | None = None
    """UnderworldsDB's id for this face."""
    released_in: tuple[str, ...] = ()
    rows: tuple[int, ...] | None = Field(default=None, min_length=1)
    """Complete hexes per row, top row first; alternates W and W - 1 (``[8, 7, 8, 7, 8]``); None when unknown."""
    back: str | None = None
    """The id of the face printed on the other side of the same board, or None when unknown."""
    layout: BoardLayout | None = None
    """None when no source gives this face's hexes."""
    unknown: tuple[str, ...] = ()
    """Every value that is null because no source gives it: ``back``, ``layout``, ``layout.cover`` ..."""
    sources: tuple[Source, ...] = Field(min_length=1)
    notes: tuple[str, ...] = ()

    @field_validator("schema_version")
    @classmethod
    def _version(cls, value: int) -> int:
        if value != BOARDS_SCHEMA_VERSION:
            raise ValueError(f"schema_version {value} is not supported (expected {BOARDS_SCHEMA_VERSION})")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Board:
        problems = self._unknown_problems()
        if self.rows is not None:
            problems += _shape_problems(self.rows)
        elif self.layout is not None:
            problems.append("rows: a board with a layout needs its shape")
        if self.layout is not None and self.rows is not None and not problems:
            cells = set(board_cells(self.rows))
            for type_ in PRINTED_TYPES:
                listed = self.layout.hexes(type_)
                for hex_ in listed:
                    if hex_ not in cells:
                        problems.append(f"layout.{type_.value}: {hex_} is not a hex of this board "
                                        f"(rows {list(self.rows)}, top-left is a1)")
                if len(set(listed)) != len(listed):
                    problems.append(f"layout.{type_.value} lists a hex twice")
            clash = set(self.layout.hexes(HexType.STARTING)) & set(self.layout.hexes(HexType.BLOCKED))
            if clash:  # §8.2: no fighter can be placed in a blocked hex, so it cannot be a starting hex
                problems.append(f"layout: {sorted(clash)[0]} is both starting and blocked")
        if self.back == self.id:
            problems.append("back: a face cannot be its own back")
        if problems:
            raise ValueError("\n".join(problems))
        return self

    def _unknown_problems(self) -> list[str]:
        nulls = [name for name in ("rows", "back", "layout") if getattr(self, name) is None]
        if self.layout is not None:
            nulls += [f"layout.{t.value}" for t in PRINTED_TYPES if getattr(self.layout, t.value) is None]
        problems = [f"{path} is null but not listed in unknown" for path in nulls if path not in self.unknown]
        problems += [f"unknown lists {path!r}, which has a value or is not a field" for path in self.unknown
                     if path not in nulls]
        return problems

    @property
    def playable(self) -> bool:
        """Whether the face's hexes are known, so it can be part of a battlefield."""
        return self.layout is not None and self.rows is not None

    def hexes(self) -> tuple[Hex, ...]:
        """Every complete hex of the face, upright, in reading order; empty when the shape is unknown."""
        return board_cells(self.rows) if self.rows is not None else ()


class BoardFile(Frozen):
    """A file of several board faces: ``{"schema_version": 1, "boards": [...]}``."""

    schema_version: int = BOARDS_SCHEMA_VERSION
    about: str | None = None
    boards: tuple[Board, ...]

    @model_validator(mode="after")
    def _unique(self) -> BoardFile:
        ids = [b.id for b in self.boards]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        problems = [f"board ids must be unique: {dupes}"] if dupes else []
        problems += [f"board {b.id}: back {b.back!r} is not a board in this file"
                     for b in self.boards if b.back is not None and b.back not in ids]
        if problems:
            raise ValueError("\n".join(problems))
        return self


def _shape_problems(rows: tuple[int, ...]) -> list[str]:
    width = rows[0]
    expected = [width - (i & 1) for i in range(len(rows))]
    if width < 2 or list(rows) != expected:
        return [f"rows: {list(rows)} is not a board shape: rows must alternate W and W - 1 hexes, "
                f"starting with W ({expected})"]
    return []


@lru_cache(maxsize=16)
def board_cells(rows: tuple[int, ...]) -> tuple[Hex, ...]:
    """The complete hexes of a board shape, upright, in reading order."""
    return tuple(Hex.from_offset(col, row) for row, length in enumerate(rows) for col in range(length))


def load_board_file(path: Path | str) -> Board:
    """One board face from a JSON or YAML file, such as a player's own board.

    :raises InvalidDataFile: uw.data.unreadable, uw.data.malformed, uw.data.invalid (every problem listed)
    """
    return parse_data(Board, read_data_file(path), file=str(path))


@lru_cache(maxsize=1)
def _shipped_boards() -> BoardFile:
    return parse_data(BoardFile, read_data_file(BOARDS_FILE), file=str(BOARDS_FILE))


def load_boards(path: Path | str | None = None) -> dict[str, Board]:
    """Every board face of a boards file (the shipped one by default), by id.

    :raises InvalidDataFile: uw.data.unreadable, uw.data.malformed, uw.data.invalid
    """
    file = _shipped_boards() if path is None else parse_data(BoardFile, read_data_file(path), file=str(path))
    return {b.id: b for b in file.boards}


def boards_with(extra: Sequence[Board] = ()) -> dict[str, Board]:
    """The shipped board faces and a match's own (from its data pack, which win on the same id)."""
    if not extra:
        return load_boards()
    return {**load_boards(), **{b.id: b for b in extra}}


def find_board(key: str, boards: Mapping[str, Board] | None = None) -> Board:
    """The board face with this id or name (case-insensitive).

    :raises InvalidInput: uw.board.unknown
    """
    boards = load_boards() if boards is None else boards
    wanted = key.strip().casefold()
    for board in boards.values():
        if wanted in (board.id, board.name.casefold(), (board.spanish_name or "").casefold()):
            return board
    raise InvalidInput("uw.board.unknown", board=key, example=next(iter(sorted(boards)), ""))


# ---------------------------------------------------------------------------------------------
# Placing boards (§12.2)


class Orientation(IntEnum):
    """How a board face lies: upright, or turned half a turn (a point rotation of the face)."""

    UPRIGHT = 0
    TURNED = 180


class JoinEdge(StrEnum):
    """Which edges of the two boards touch (§12.2)."""

    LONG = "long"
    """The second board lies below the first, long edge to long edge."""
    SHORT = "short"
    """The second board lies to the right of the first, short edge to short edge."""


class Join(Frozen):
    """How the second board is placed against the first."""

    edge: JoinEdge = JoinEdge.LONG
    offset: int = 0
    """Long join: whole hexes the second board is slid right (negative: left). Short join: rows it is
    slid down (even, so the hexes line up)."""


class BoardPlacement(Frozen):
    """A board face chosen by a player and how it lies."""

    board: str = Field(pattern=SLUG)
    orientation: Orientation = Orientation.UPRIGHT


class BoardSide(StrEnum):
    """Where a third or fourth board lies against the board it is joined to (three or four players)."""

    BELOW = "below"
    """Long edge to long edge, under it (slid right by ``offset`` hexes)."""
    ABOVE = "above"
    """Long edge to long edge, over it."""
    RIGHT = "right"
    """Short edge to short edge, to its right (slid down by ``offset`` rows, even)."""
    LEFT = "left"
    """Short edge to short edge, to its left."""


class ExtraBoard(Frozen):
    """A third or fourth player's board, placed against a board already placed (seed 000 lines 1554-1560).

    The book's diagrams of the allowed positions are lost: each board joins one placed board as two boards join
    (§12.2: long edges completing at least four hexes, or short edges completing at least two), overlapping none
    (``docs/rulings/underworlds.md``)."""

    board: str = Field(pattern=SLUG)
    orientation: Orientation = Orientation.UPRIGHT
    to: int = Field(ge=0, le=2)
    """The placed board it is joined to: 0 the first, 1 the second, 2 the third."""
    side: BoardSide
    offset: int = 0
    """Below or above: whole hexes slid right (negative: left). Right or left: rows slid down (even)."""

    @property
    def key(self) -> str:
        return f"{self.board}@{self.orientation.value}>{self.to}{self.side.value}{self.offset:+d}"


class BattlefieldSpec(Frozen):
    """What a match stores to rebuild its battlefield: the placements and the joins."""

    first: BoardPlacement
    """The board of the player who chose a board first (player 0): top, or left."""
    second: BoardPlacement
    """The other player's board (player 1): below, or to the right."""
    join: Join = Join()
    more: tuple[ExtraBoard, ...] = Field(default=(), max_length=2)
    """With three or four players, the third and fourth boards (players 2 and 3), in the order placed."""

    @property
    def key(self) -> str:
        """A short stable name: ``mirror-well@0+wyrmgrave@180/long+0`` (extra boards appended ``+face@0>1below+2``)."""
        return (f"{self.first.board}@{self.first.orientation.value}+{self.second.board}"
                f"@{self.second.orientation.value}/{self.join.edge.value}{self.join.offset:+d}"
                + "".join(f"+{extra.key}" for extra in self.more))

    @property
    def placements(self) -> tuple[BoardPlacement | ExtraBoard, ...]:
        """Every board's placement, board 0 first."""
        return (self.first, self.second, *self.more)

    @property
    def board_ids(self) -> tuple[str, ...]:
        """The faces used, board 0 first."""
        return tuple(p.board for p in self.placements)


# Board-local "doubled" coordinates: x in half hex widths from the board's left edge, y = row.
# Even rows have centres at x = 1, 3, 5 ...; odd rows at x = 2, 4, 6 ... (odd rows shifted right).
# A translation (dx, dy) keeps the grid when dx + dy is even. A cell (x, y) is the axial hex ((x - y - 1) / 2, y).


def _to_doubled(hex_: Hex) -> tuple[int, int]:
    return 2 * hex_.col + 1 + (hex_.row & 1), hex_.row


def _from_doubled(x: int, y: int) -> Hex:
    return Hex.from_offset((x - 1 - (y & 1)) // 2, y)


def _half_cells(rows: tuple[int, ...]) -> set[tuple[int, int]]:
    """Cells whose centre lies on the board's outline, not at a corner: the half hexes of its edges."""
    width, height = 2 * rows[0], len(rows)
    out = {(x, y) for y in (-1, height) for x in range(1, width) if (x + y) % 2 == 1}
    out |= {(x, y) for x in (0, width) for y in range(0, height) if (x + y) % 2 == 1}
    return out


def _place(cell: tuple[int, int], rows: tuple[int, ...], orientation: Orientation,
           shift: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    x, y = cell
    if orientation is Orientation.TURNED:  # the point rotation of the board rectangle
        x, y = 2 * rows[0] - x, len(rows) - 1 - y
    return x + shift[0], y + shift[1]


def _second_shift(first: tuple[int, ...], join: Join) -> tuple[int, int]:
    """Where the second board's rectangle goes, in doubled coordinates of the first board."""
    if join.edge is JoinEdge.LONG:
        dy = len(first) + 1  # the second board's top edge on the first board's bottom edge
        return 2 * join.offset + (dy & 1), dy
    if join.offset % 2:  # an odd number of rows would put half hexes against whole ones
        raise IllegalAction("uw.battlefield.join_misaligned", offset=join.offset)
    return 2 * first[0], join.offset


def _extra_shift(base: tuple[int, int], base_rows: tuple[int, ...], rows: tuple[int, ...],
                 extra: ExtraBoard) -> tuple[int, int]:
    """Where an extra board's rectangle goes, from the shift of the board it is joined to."""
    if extra.side in (BoardSide.BELOW, BoardSide.ABOVE):
        dy = len(base_rows) + 1 if extra.side is BoardSide.BELOW else -(len(rows) + 1)
        return base[0] + 2 * extra.offset + (dy & 1), base[1] + dy
    if extra.offset % 2:
        raise IllegalAction("uw.battlefield.join_misaligned", offset=extra.offset)
    dx = 2 * base_rows[0] if extra.side is BoardSide.RIGHT else -2 * rows[0]
    return base[0] + dx, base[1] + extra.offset


_ROW = 1 << 10
"""A doubled coordinate (x, y) as one integer ``x * _ROW + y`` (battlefields are far fewer rows high)."""
_STEPS = tuple((2 * dq + dr) * _ROW + dr for dq, dr in (d.value for d in HexDirection))
"""The neighbours' offsets in that form, in ``Hex.neighbours`` order."""


class _Cell(NamedTuple):
    owner: int | None
    local: Hex | None
    types: frozenset[HexType]


_NO_ONES = _Cell(None, None, frozenset())
"""A hex completed by joining boards: no one's territory, no printed type (§8.3)."""
_EDGED: dict[_Cell, _Cell] = {}
"""Each cell seen with the edge type added: a face's cells are made once (``_owned_cells``), so few distinct ones."""
_hex = partial(tuple.__new__, Hex)
"""``Hex(q, r)`` from the pair, without the named tuple's Python-level constructor (a build makes ~80 hexes)."""


_ORIENTED: dict[tuple[int, Orientation], tuple[Board, Any]] = {}
"""``_oriented`` results by (``id(board)``, orientation), the board kept so the id stays its own."""


def _oriented(board: Board, orientation: Orientation
              ) -> tuple[list[tuple[tuple[int, int], Hex, frozenset[HexType]]], frozenset[tuple[int, int]]]:
    """A face's cells (doubled coordinates, local hex, printed types) and half cells, placed unshifted."""
    hit = _ORIENTED.get((id(board), orientation))
    if hit is not None and hit[0] is board:
        return hit[1]  # type: ignore[no-any-return]
    rows, layout = board.rows, board.layout
    assert rows is not None and layout is not None  # playable
    sets = {t: frozenset(layout.hexes(t)) for t in PRINTED_TYPES}
    cells = [(_place(_to_doubled(local), rows, orientation), local,
              frozenset(t for t in PRINTED_TYPES if local in sets[t])) for local in board.hexes()]
    half = frozenset(_place(c, rows, orientation) for c in _half_cells(rows))
    _ORIENTED[(id(board), orientation)] = (board, (cells, half))
    return cells, half


_OWNED: dict[tuple[int, Orientation, int], tuple[Board, list[tuple[tuple[int, int], _Cell]]]] = {}


def _owned_cells(board: Board, orientation: Orientation, owner: int) -> list[tuple[tuple[int, int], _Cell]]:
    """``_oriented``'s cells as ``owner``'s, made once (listing the joins of two faces tries dozens); kept in
    ``_OWNED`` by (``id(board)``, orientation, owner), the board kept so the id stays its own."""
    hit = _OWNED.get((id(board), orientation, owner))
    if hit is not None and hit[0] is board:
        return hit[1]
    cells = [(xy, _Cell(owner, local, types)) for xy, local, types in _oriented(board, orientation)[0]]
    _OWNED[(id(board), orientation, owner)] = (board, cells)
    return cells


def _placed_cells(spec: BattlefieldSpec, boards: tuple[Board, ...], *, fits_only: bool = False
                  ) -> tuple[dict[tuple[int, int], _Cell], set[tuple[int, int]]]:
    """The faces' cells in doubled coordinates of the first, and the half cells completed by the joins. With
    ``fits_only`` only whether the layout is legal matters (of several problems, another may then be named).

    :raises IllegalAction: uw.battlefield.no_layout, uw.battlefield.join_misaligned,
        uw.battlefield.boards_overlap, uw.battlefield.too_few_completed
    """
    if (unplayable := next((b for b in boards if not b.playable), None)) is not None:
        raise IllegalAction("uw.battlefield.no_layout", board=unplayable.id)
    placed: dict[tuple[int, int], _Cell] = {}
    shifts = [(0, 0), _second_shift(boards[0].rows or (), spec.join)]
    for extra, board in zip(spec.more, boards[2:]):
        if extra.to >= len(shifts):
            raise IllegalAction("uw.battlefield.no_such_board", board=extra.to + 1)
        shifts.append(_extra_shift(shifts[extra.to], boards[extra.to].rows or (), board.rows or (), extra))
    halves = [set(_oriented(b, p.orientation)[1]) for b, p in zip(boards, spec.placements)]
    halves = [{(x + dx, y + dy) for x, y in h} if dx or dy else h for h, (dx, dy) in zip(halves, shifts)]
    # §8.3: a hex completed by joining the boards belongs to no one's territory.
    completed = halves[0] & halves[1]
    minimum = MIN_COMPLETED_LONG if spec.join.edge is JoinEdge.LONG else MIN_COMPLETED_SHORT
    too_few = IllegalAction("uw.battlefield.too_few_completed", edge=spec.join.edge.value,
                            completed=len(completed), minimum=minimum) if len(completed) < minimum else None
    if too_few is not None and fits_only:
        raise too_few  # the cheaper test first: most joins tried when listing them fail it
    for owner, (board, placement, (dx, dy)) in enumerate(zip(boards, spec.placements, shifts)):
        cells = _owned_cells(board, placement.orientation, owner)
        placed.update({(x + dx, y + dy): cell for (x, y), cell in cells} if dx or dy else cells)
    if len(placed) != sum(len(b.hexes()) for b in boards):
        raise IllegalAction("uw.battlefield.boards_overlap", join=spec.join.edge.value, offset=spec.join.offset)
    if too_few is not None:
        raise too_few
    for i, extra in enumerate(spec.more, start=2):
        # An edge's half hexes lying on another board's whole hexes: the boards overlap.
        if any(xy in placed for xy in halves[i]) or any(placed[xy].owner == i for j in range(i) for xy in halves[j]
                                                         if xy in placed):
            raise IllegalAction("uw.battlefield.boards_overlap", join=extra.side.value, offset=extra.offset)
        long = extra.side in (BoardSide.BELOW, BoardSide.ABOVE)
        joined = halves[i] & halves[extra.to]
        minimum = MIN_COMPLETED_LONG if long else MIN_COMPLETED_SHORT
        if len(joined) < minimum:
            raise IllegalAction("uw.battlefield.too_few_completed", edge="long" if long else "short",
                                completed=len(joined), minimum=minimum)
        for j in range(i):
            completed |= halves[i] & halves[j]
    if spec.more:
        xs = [x for x, _ in placed]
        if (max(xs) - min(xs)) // 2 + 1 > MAX_COLUMNS:
            raise IllegalAction("uw.battlefield.too_wide", columns=(max(xs) - min(xs)) // 2 + 1, most=MAX_COLUMNS)
    return placed, completed


class Battlefield:
    """Two boards joined (§8, §12.2): its hexes, their types, territories and line of sight.

    Player 0 chose the first board (drawn on top, or on the left); player 1 is the other player.
    Hexes are numbered on the whole battlefield: ``a1`` is the top-left hex as drawn.
    """

    __slots__ = ("spec", "key", "boards", "hexes", "_cells", "_by_type", "_fingerprint", "_neighbours", "_graph",
                 "_walls")

    def __init__(self, spec: BattlefieldSpec, boards: tuple[Board, ...]) -> None:
        self.spec = spec
        self.key = spec.key
        """The spec's short name, e.g. ``mirror-well@0+wyrmgrave@180/long+0`` (the line of sight memo's key)."""
        self.boards = boards
        """The board faces, board 0 first (two; three or four with as many players)."""
        placed, completed = _placed_cells(spec, boards)
        for xy in completed:
            placed[xy] = _NO_ONES
        # Normalise: the top row is row 1 and the leftmost column is a (a lattice translation: a constant added to q).
        dy = -min(y for _, y in placed)
        dx = -2 * min((x + (dy & 1) - 1 - ((y + dy) & 1)) // 2 for x, y in placed)  # the leftmost column
        dq = (dy & 1) + dx - dy - 1
        # Hexes by x * _ROW + y: a neighbour is one integer away (axial (dq, dr) is doubled (2 dq + dr, dr)).
        at = {x * _ROW + y: _hex(((x - y + dq) >> 1, y + dy)) for x, y in placed}
        self._cells: dict[Hex, _Cell] = {}
        self._neighbours: dict[Hex, tuple[Hex, ...]] = {}
        """``neighbours`` of every battlefield hex (the battlefield never changes; movement asks often)."""
        s0, s1, s2, s3, s4, s5 = _STEPS
        for cell, (key, hex_) in zip(placed.values(), at.items()):
            around = self._neighbours[hex_] = tuple([at[n] for n in (key + s0, key + s1, key + s2, key + s3,
                                                                     key + s4, key + s5) if n in at])
            if len(around) < 6:  # §8.2, p.22 (advanced): an edge hex is adjacent to fewer than six hexes
                cell = _EDGED.get(cell) or _EDGED.setdefault(cell, cell._replace(types=cell.types | {HexType.EDGE}))
            self._cells[hex_] = cell
        self.hexes: frozenset[Hex] = frozenset(self._cells)
        """Every hex of the battlefield; incomplete hexes are not part of it (§8.2)."""
        by_type: dict[HexType, list[Hex]] = {t: [] for t in HexType}
        for hex_, cell in self._cells.items():
            for type_ in cell.types:
                by_type[type_].append(hex_)
        self._by_type = {t: frozenset(hexes) for t, hexes in by_type.items()}
        self._fingerprint: tuple[str, tuple[Any, ...]] | None = None
        self._graph: tuple[tuple[Hex, ...], dict[Hex, int], tuple[tuple[int, ...], ...]] | None = None
        self._walls: frozenset[int] | None = None

    @classmethod
    def build(cls, first: Board, second: Board, *, join: Join | None = None,
              first_orientation: Orientation = Orientation.UPRIGHT,
              second_orientation: Orientation = Orientation.UPRIGHT) -> Battlefield:
        """The battlefield of two board faces placed as given.

        :raises IllegalAction: uw.battlefield.no_layout, uw.battlefield.too_few_completed,
            uw.battlefield.join_misaligned, uw.battlefield.boards_overlap
        """
        spec = BattlefieldSpec(first=BoardPlacement(board=first.id, orientation=first_orientation),
                               second=BoardPlacement(board=second.id, orientation=second_orientation),
                               join=join or Join())
        return cls(spec, (first, second))

    @staticmethod
    def check_join(first: Board, second: Board, *, join: Join, first_orientation: Orientation,
                   second_orientation: Orientation) -> None:
        """Whether ``build`` with these arguments would succeed, without building (for listing joins).

        :raises IllegalAction: as ``build``
        """
        spec = BattlefieldSpec(first=BoardPlacement(board=first.id, orientation=first_orientation),
                               second=BoardPlacement(board=second.id, orientation=second_orientation), join=join)
        _placed_cells(spec, (first, second), fits_only=True)

    @classmethod
    def from_spec(cls, spec: BattlefieldSpec, boards: Mapping[str, Board] | None = None) -> Battlefield:
        """Rebuild a stored battlefield; boards come from ``boards`` or the shipped file.

        :raises InvalidInput: uw.board.unknown
        :raises IllegalAction: as ``build``
        """
        boards = load_boards() if boards is None else boards
        faces = []
        for placement in spec.placements:
            if placement.board not in boards:
                raise InvalidInput("uw.board.unknown", board=placement.board, example=next(iter(sorted(boards)), ""))
            faces.append(boards[placement.board])
        return cls(spec, tuple(faces))

    @staticmethod
    def check_spec(spec: BattlefieldSpec, boards: Mapping[str, Board]) -> None:
        """Whether ``from_spec`` would succeed, without building (for listing the places of a third or fourth board).

        :raises IllegalAction: as ``build``
        """
        _placed_cells(spec, tuple(boards[b] for b in spec.board_ids), fits_only=True)

    # -- identity -----------------------------------------------------------------------------

    def _identity(self) -> tuple[str, tuple[Any, ...]]:
        """The spec's name and every hex's owner and types, made on first asking (sorting them is most of a build)."""
        if self._fingerprint is None:
            self._fingerprint = (self.key, tuple(sorted((h.q, h.r, c.owner, tuple(sorted(c.types)))
                                                        for h, c in self._cells.items())))
        return self._fingerprint

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Battlefield) and self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    def __repr__(self) -> str:
        return f"<Battlefield {self.key}: {len(self.hexes)} hexes>"

    # -- hexes and types ----------------------------------------------------------------------

    def __contains__(self, hex_: object) -> bool:
        return hex_ in self._cells

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.graph()[0])  # in reading order, sorted once

    def __len__(self) -> int:
        return len(self._cells)

    def types(self, hex_: Hex) -> frozenset[HexType]:
        """The printed and derived (edge) types of a hex; feature tokens are not included."""
        cell = self._cells.get(hex_)
        return cell.types if cell is not None else frozenset()

    def hexes_of(self, type_: HexType) -> frozenset[Hex]:
        """Every hex of one type (printed, or edge)."""
        return self._by_type[type_]

    @property
    def edge_hexes(self) -> frozenset[Hex]:
        """Hexes adjacent to fewer than six battlefield hexes (§8.2)."""
        return self._by_type[HexType.EDGE]

    @property
    def blocked_hexes(self) -> frozenset[Hex]:
        """The printed blocked hexes (blocked feature tokens are added by ``feature_tokens``)."""
        return self._by_type[HexType.BLOCKED]

    def is_edge(self, hex_: Hex) -> bool:
        """Whether the hex is an edge hex."""
        return hex_ in self._by_type[HexType.EDGE]

    def neighbours(self, hex_: Hex) -> tuple[Hex, ...]:
        """The battlefield hexes adjacent to ``hex_``."""
        found = self._neighbours.get(hex_)
        if found is None:
            found = self._neighbours[hex_] = tuple(n for n in hex_.neighbours() if n in self._cells)
        return found

    def graph(self) -> tuple[tuple[Hex, ...], dict[Hex, int], tuple[tuple[int, ...], ...]]:
        """The hexes numbered in reading order, their numbers, and each number's neighbours' numbers.

        For searches that visit many hexes: integers hash and compare faster than ``Hex``, and the
        numbering keeps the order of hexes (a lower number is an earlier hex).
        """
        if self._graph is None:
            order = tuple(sorted(self._cells))
            index = {h: i for i, h in enumerate(order)}
            self._graph = (order, index, tuple(tuple(index[n] for n in self.neighbours(h)) for h in order))
        return self._graph

    def blocked_numbers(self) -> frozenset[int]:
        """``blocked_hexes`` as ``graph`` numbers, worked out once (every movement sweep starts from them)."""
        if self._walls is None:
            index = self.graph()[1]
            self._walls = frozenset(index[h] for h in self.blocked_hexes)
        return self._walls

    # -- territories (§8.3) ---------------------------------------------------------------------

    def owner(self, hex_: Hex) -> int | None:
        """The player whose territory the hex is (0 or 1), None for no one's territory.

        :raises InvalidInput: uw.hex.off_battlefield
        """
        return self._cell(hex_).owner

    def territory(self, player: int) -> frozenset[Hex]:
        """Every hex of that player's board."""
        return frozenset(h for h, c in self._cells.items() if c.owner == player)

    @property
    def no_ones_territory(self) -> frozenset[Hex]:
        """The hexes completed by joining the boards."""
        return frozenset(h for h, c in self._cells.items() if c.owner is None)

    def starting_hexes(self, player: int | None = None) -> frozenset[Hex]:
        """The starting hexes of one player's territory, or of the whole battlefield."""
        hexes = self._by_type[HexType.STARTING]
        return hexes if player is None else frozenset(h for h in hexes if self._cells[h].owner == player)

    def board_hex(self, hex_: Hex) -> tuple[Board, Hex] | None:
        """The board face and its own upright hex that ``hex_`` is printed on; None if completed.

        :raises InvalidInput: uw.hex.off_battlefield
        """
        cell = self._cell(hex_)
        if cell.owner is None or cell.local is None:
            return None
        return self.boards[cell.owner], cell.local

    def _cell(self, hex_: Hex) -> _Cell:
        cell = self._cells.get(hex_)
        if cell is None:
            raise InvalidInput("uw.hex.off_battlefield", hex=str(hex_))
        return cell

    # -- line of sight (§8.5) --------------------------------------------------------------------

    def has_line_of_sight(self, origin: Hex, target: Hex, *, blocked: Collection[Hex] = ()) -> bool:
        """Whether a fighter in ``origin`` has line of sight to ``target``.

        ``blocked`` adds hexes blocked by feature tokens to the printed blocked hexes.
        """
        walls = self.blocked_hexes | frozenset(blocked) if blocked else self.blocked_hexes
        return line_of_sight(origin, target, battlefield=self._cells, blocked=walls)

    def visible_hexes(self, origin: Hex, *, blocked: Collection[Hex] = ()) -> frozenset[Hex]:
        """Every hex ``origin`` has line of sight to (itself included when on the battlefield)."""
        walls = self.blocked_hexes | frozenset(blocked) if blocked else self.blocked_hexes
        return frozenset(h for h in self._cells if line_of_sight(origin, h, battlefield=self._cells, blocked=walls))


# ---------------------------------------------------------------------------------------------
# Pushes and scatter chains: geometry only; the match decides damage, staggering and markers.


def push_destinations(battlefield: Battlefield, start: Hex, distance: int, *, blocked: Collection[Hex] = (),
                      occupied: Collection[Hex] = (), away_from: Hex | None = None,
                      towards: Hex | None = None) -> frozenset[Hex]:
    """The hexes a fighter in ``start`` can be pushed to, ``distance`` hexes in all (§14).

    Each step goes to an adjacent battlefield hex that is neither blocked (printed or ``blocked``) nor
    ``occupied`` (other fighters). The push cannot end where it began. With ``away_from`` or
    ``towards``, every hex entered must be strictly further from / closer to that hex (§8.4).
    """
    walls = battlefield.blocked_hexes | frozenset(blocked)
    frontier = {start}
    for _ in range(distance):
        step: set[Hex] = set()
        for hex_ in frontier:
            for n in battlefield.neighbours(hex_):
                if n in walls or n in occupied:
                    continue
                if away_from is not None and n.distance(away_from) <= hex_.distance(away_from):
                    continue
                if towards is not None and n.distance(towards) >= hex_.distance(towards):
                    continue
                step.add(n)
        frontier = step
    frontier.discard(start)
    return frozenset(frontier)


@dataclass(frozen=True, slots=True)
class ScatterChain:
    """The hexes a Scatter X made, origin excluded (§9.2)."""

    hexes: tuple[Hex, ...]
    """Chain hexes in order; may revisit hexes, the origin included."""
    interrupted: bool
    """The chain would have gone beyond the battlefield edge and stopped."""

    @property
    def final(self) -> Hex | None:
        """The last hex reached; None when no chain was made."""
        return self.hexes[-1] if self.hexes else None


def scatter_chain(battlefield: Battlefield, origin: Hex, directions: Sequence[HexDirection]) -> ScatterChain:
    """Follow the chosen die directions from ``origin`` (§9.2, rulebook p.44).

    A chain stops at the last hex reached when the next step leaves the battlefield. It may enter
    blocked hexes: it is a set of hexes, not a move (digest §35 #18).
    """
    hexes: list[Hex] = []
    here = origin
    for direction in directions:
        nxt = here.neighbour(direction)
        if nxt not in battlefield:
            return ScatterChain(tuple(hexes), True)
        hexes.append(nxt)
        here = nxt
    return ScatterChain(tuple(hexes), False)
