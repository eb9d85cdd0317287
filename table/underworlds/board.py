"""The Underworlds board picture at the table, drawn only from ``system.view(state, seat)``.

Fighters become discs in their warband's colour with a code of two characters at most (wounds,
Move/Charge/Guard/Stagger, Inspired), named in the key below the board; placed feature tokens show their face-up
side and value, and the last action's events become arrows: the movement path, the attack (coloured by its
outcome) and any push. The coordinates run along the board's edges, the same text the commands accept. Nothing
here reads a ``State``. The words drawn (title, legend, key) come from the message catalogue, ``uw.text.board.*``.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import math
import re
from collections import OrderedDict
from enum import Enum
from typing import Any, Iterable, Mapping, Sequence

from engine.underworlds import rules
from engine.underworlds.battlefield import Battlefield, BattlefieldSpec, Board
from engine.underworlds.feature_tokens import FeatureSide
from engine.underworlds.fighters import Warband, warbands_with
from engine.underworlds.hexgrid import Hex
from render.underworlds.hexboard import (
    Arrow, ArrowKind, BoardWords, Marker, Piece, TokenMark, hex_radius, render_battlefield,
)
from table.i18n import message
from table.presenter import NO_BOARD

JSON = dict[str, Any]

BOARD_WIDTH = 1280
MIN_HEX_PX = 50
"""The smallest hex radius drawn: a fighter's disc and pips need this much room (four boards side by side at 1280 px
gave 40-45 px). Its code and the coordinates are sized to the image's width (read at phone size), not to the hex."""


def wide_enough(battlefield: Battlefield, width: int) -> int:
    """``width``, or wider when the battlefield's hexes would be smaller than ``MIN_HEX_PX`` (four boards)."""
    size = hex_radius(battlefield, width=width)
    return width if size >= MIN_HEX_PX else math.ceil(width * MIN_HEX_PX / size / 8) * 8 + 16
"""Width of the posted board image (readable on a phone)."""
SEAT_COLOURS = ("#3b7dd8", "#d8463b", "#3bb85a", "#e0b030")
"""Fallback fighter colours by seat (blue, red, green, gold), when two warbands would look alike."""
OUTCOME_COLOURS = {"critical_hit": "#ff2fd0", "hit": "#ff3c3c", "draw": "#ffa040", "miss": "#9a9a9a",
                   "critical_defence": "#40a0ff"}
"""Attack arrow colour by the attack's result."""
_SKIP_WORDS = {"the", "of", "and", "a"}


LAYOUTS_KEPT = 2048
"""Battlefield layouts kept read from views (a spec and its pack faces, a few KB): nearly every live match has one of
its own."""


VIEWS_KEPT = 256
"""Views whose board facts (battlefield, seat colours) are kept: one command's view is asked for them by its board
key, its panel and each move's cost in a label, and tens of commands are in flight at once."""
_VIEWS: OrderedDict[int, tuple[JSON, dict[str, Any]]] = OrderedDict()
_LAID: OrderedDict[str, Battlefield] = OrderedDict()
"""Battlefields by their layout as a view writes it (``repr``), up to ``LAYOUTS_KEPT``."""
# No lock for these: boards are drawn in threads too, and a board worker forked while another thread held the lock
# would wait for it for ever.


def _facts(view: JSON) -> dict[str, Any]:
    """The facts worked out from ``view`` so far, by name. A view is never changed once made (the engine keeps one
    per state), and is kept alive beside its facts, so its id names it while they are kept."""
    hit = _VIEWS.get(id(view))
    if hit is not None and hit[0] is view:
        _touch(_VIEWS, id(view))
        return hit[1]
    facts: dict[str, Any] = {}
    _VIEWS[id(view)] = (view, facts)
    _trim(_VIEWS, VIEWS_KEPT)
    return facts


def _touch(kept: OrderedDict[Any, Any], key: Any) -> None:
    """``key`` used last, unless another thread dropped it meanwhile."""
    try:
        kept.move_to_end(key)
    except KeyError:
        pass


def _trim(kept: OrderedDict[Any, Any], size: int) -> None:
    """The entries used longest ago dropped, down to ``size`` (another thread may be dropping them too)."""
    try:
        while len(kept) > size:
            kept.popitem(last=False)
    except KeyError:
        pass


@functools.lru_cache(maxsize=LAYOUTS_KEPT)
def _layout(spec_json: str, boards_json: str) -> tuple[BattlefieldSpec, tuple[Board, ...]]:
    return (BattlefieldSpec.model_validate_json(spec_json),
            tuple(Board.model_validate(b) for b in json.loads(boards_json)))


def battlefield_of(view: JSON) -> Battlefield | None:
    """The battlefield the view's boards make (its data pack's faces included), or None before the boards
    are placed."""
    facts = _facts(view)
    if "battlefield" not in facts:
        facts["battlefield"] = _battlefield_of(view)
    return facts["battlefield"]  # type: ignore[no-any-return]


def _battlefield_of(view: JSON) -> Battlefield | None:
    spec = view.get("battlefield")
    if not spec:
        return None
    placed = {spec["first"]["board"], spec["second"]["board"], *(extra["board"] for extra in spec.get("more") or ())}
    used = [b for b in view.get("pack_boards") or [] if b.get("id") in placed]
    # By the layout as written: every view of a match writes it alike, and writing it costs less than a JSON dump
    # (a view written in another key order only misses).
    written = repr((spec, used))
    battlefield = _LAID.get(written)
    if battlefield is not None:
        _touch(_LAID, written)
    else:
        # The rules' own cache: the engine built this battlefield already (legal choices, the action applied), and
        # building one costs more than drawing its board.
        layout = _layout(json.dumps(spec, sort_keys=True), json.dumps(used, sort_keys=True))
        battlefield = rules.battlefield_of(*layout)
        _LAID[written] = battlefield
        _trim(_LAID, LAYOUTS_KEPT)
    return battlefield


def _initials(name: str) -> str:
    words = [w for w in re.split(r"[\s\-]+", name) if w and w.lower() not in _SKIP_WORDS]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    word = words[0] if words else name or "?"
    return word[:2].capitalize()


def fighter_labels(fighters: Sequence[JSON]) -> dict[str, str]:
    """A short unique label per fighter id (``SS`` for Severin Steelheart), stable for the match (shared: read
    only)."""
    return labels_of(tuple((f["id"], f["name"]) for f in fighters))


@functools.lru_cache(maxsize=4096)
def labels_of(fighters: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """``fighter_labels`` by the fighters' ids and names, the same all match long: made once per match, not per
    board or panel (shared: read only). Two characters at most, so a code reads at phone size inside its hex
    (issue 34): a fighter's initials, or when others share them, their first letter and a number (the seat's
    when the same fighter is in several warbands), unique in the match."""
    labels: dict[str, str] = {}
    grouped: dict[str, list[str]] = {}
    for fighter_id, name in fighters:
        grouped.setdefault(_initials(name), []).append(fighter_id)
    taken = {base for base, ids in grouped.items() if len(ids) == 1}
    for base, ids in grouped.items():
        if len(ids) == 1:
            labels[ids[0]] = base
            continue
        seats = {i.split(":", 1)[0] for i in ids}
        for i, fighter_id in enumerate(ids):
            seat = fighter_id.split(":", 1)[0][-1]
            number = int(seat) if len(seats) == len(ids) and seat.isdigit() else i + 1
            label = f"{base[0]}{number}"
            while label in taken:
                number += 1
                label = f"{base[0]}{number}"
            taken.add(label)
            labels[fighter_id] = label
    return labels


def warbands_of(view: JSON) -> dict[str, Warband]:
    """The warbands a match can use: the shipped ones and its data pack's (kept in its state)."""
    extra = view.get("pack_warbands") or []
    return warbands_with(list(_pack_warbands(json.dumps(extra, sort_keys=True)))) if extra else warbands_with([])


@functools.lru_cache(maxsize=32)
def _pack_warbands(spec_json: str) -> tuple[Warband, ...]:
    return tuple(Warband.model_validate(w) for w in json.loads(spec_json))


def seat_colours(view: JSON) -> dict[str, str]:
    """Each seat's drawing colour: its warband's primary colour, or the seat colour when they clash (shared: read
    only)."""
    facts = _facts(view)
    if "colours" not in facts:
        facts["colours"] = _seat_colours(view)
    return facts["colours"]  # type: ignore[no-any-return]


def _seat_colours(view: JSON) -> dict[str, str]:
    warbands = warbands_of(view)
    seats = view["seats"]
    out: dict[str, str] = {}
    for i, seat in enumerate(seats):
        warband = warbands.get(str(view["players"][seat].get("warband")))
        out[seat] = warband.colours.primary if warband else SEAT_COLOURS[i % len(SEAT_COLOURS)]
    if len(set(c.lower() for c in out.values())) < len(seats):
        out = {seat: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, seat in enumerate(seats)}
    return out


_MARKERS = tuple(m.value for m in Marker)  # in Marker order (an enum member's value is a slow look-up)


def _fighters_drawn(view: JSON) -> list[tuple[str, str, str, int, tuple[str, ...], bool, str]]:
    """The fighters on the battlefield as what their pieces show: hex, label, colour, wounds, markers (their
    values), inspired and name (in the board's key beside the label)."""
    colours = seat_colours(view)
    labels = fighter_labels(view["fighters"])
    return [(f["hex"], labels[f["id"]], colours[f["seat"]], f.get("wounds", 0),
             tuple([m for m in _MARKERS if f.get(m)]), bool(f.get("inspired")), f.get("name", ""))
            for f in view["fighters"] if f.get("hex") and not f.get("out_of_action")]


def pieces_of(view: JSON) -> list[Piece]:
    """The fighters on the battlefield as pieces to draw."""
    return [_piece(*fighter) for fighter in _fighters_drawn(view)]


def _piece(hex_: str, label: str, colour: str, wounds: int, markers: tuple[str, ...], inspired: bool,
           name: str = "") -> Piece:
    return Piece(Hex.parse(hex_), label, colour, wounds=wounds, markers=frozenset(map(Marker, markers)),
                 inspired=inspired, name=name)


TOKENS_KEPT = 8192
"""Feature tokens kept by what they show, with their part of the board key: placed once and seldom flipped, a
match's five are the same on every board (a thousand matches in play keep about 2 MB)."""


def tokens_of(view: JSON) -> list[TokenMark]:
    """The feature tokens placed on the battlefield, with their face-up side and objective value (shared: read
    only)."""
    return [_token(t["hex"], t["face_up"], t.get("number")) for t in view.get("feature_tokens", ()) if t.get("hex")]


@functools.lru_cache(maxsize=TOKENS_KEPT, typed=True)
def _token(hex_: str, face_up: str, number: int | None) -> TokenMark:
    side = FeatureSide(face_up)
    return TokenMark(Hex.parse(hex_), side, number if side is FeatureSide.OBJECTIVE else None)


def arrows_of(events: Iterable[JSON], view: JSON) -> list[Arrow]:
    """Arrows for one action's events: movement (or charge) paths, attacks by outcome, pushes."""
    events = list(events)
    if not events:  # most boards: nothing moved or attacked
        return []
    charged = {e["fighter"] for e in events if e.get("type") == "FighterCharged"}
    hexes: dict[str, str] = {f["id"]: f["hex"] for f in view.get("fighters", ()) if f.get("hex")}
    # Where each fighter stood when attacked: before any drive back, or where it fell.
    before: dict[str, str] = {}
    for e in events:
        if e.get("type") in ("FighterMoved", "FighterPushed") and e["fighter"] not in before:
            before[e["fighter"]] = e["from"]
        if e.get("type") == "FighterOutOfAction" and e.get("hex"):
            before.setdefault(e["fighter"], e["hex"])
    arrows: list[Arrow] = []
    attack_from: dict[str, str] = {}
    for e in events:
        kind = e.get("type")
        if kind in ("FighterMoved", "FighterPushed"):
            path = tuple(Hex.parse(h) for h in [e["from"], *e.get("path", [e["to"]])])
            if kind == "FighterPushed":
                arrow_kind = ArrowKind.PUSH
            else:
                arrow_kind = ArrowKind.CHARGE if e["fighter"] in charged else ArrowKind.MOVE
                attack_from[e["fighter"]] = e["to"]
            arrows.append(Arrow(path, arrow_kind))
        elif kind == "AttackDeclared":
            start = attack_from.get(e["fighter"]) or hexes.get(e["fighter"])
            target = before.get(e["target"]) or hexes.get(e["target"])
            if start and target and start != target:
                result = next((r.get("result") for r in events if r.get("type") == "AttackResolved"
                               and r.get("target") == e["target"]), None)
                arrows.append(Arrow((Hex.parse(start), Hex.parse(target)), ArrowKind.ATTACK,
                                    OUTCOME_COLOURS.get(str(result)) if result else None))
    return arrows


def board_seats(view: JSON) -> list[str]:
    """The player of each board, board 0 (the first-board player's) first."""
    by_board = {index: seat for seat, index in view.get("territory", {}).items()}
    return [by_board.get(index, seat) for index, seat in enumerate(view["seats"])]


def board_labels(view: JSON, names: Mapping[str, str]) -> tuple[str, ...]:
    """The title/legend names of each board's player, the first-board player first (two, three or four)."""
    return tuple(names.get(seat, seat)[:24] for seat in board_seats(view))


@functools.cache
def board_words(lang: str = "en") -> BoardWords:
    """The words drawn on the board in one language: each field of ``BoardWords`` is ``uw.text.board.<field>``."""
    return BoardWords(**{f.name: message(f"uw.text.board.{f.name}", lang) for f in dataclasses.fields(BoardWords)})


def _drawing(view: JSON, events: Iterable[JSON], names: Mapping[str, str] | None, width: int,
             highlights: Mapping[Hex, str] | None, lang: str) -> tuple[Battlefield, dict[str, Any]] | None:
    """The battlefield and everything ``render_battlefield`` draws over it, the pieces as ``_fighters_drawn`` gives
    them; None before the boards exist."""
    battlefield = battlefield_of(view)
    if battlefield is None:
        return None
    width = wide_enough(battlefield, width)
    colours = seat_colours(view)
    seats = board_seats(view)[:len(battlefield.boards)]
    # Each player's fighters' colour beside their name in the legend.
    legend = [colours[s] for s in seats]  # whose fighters are which colour, by name (two players too)
    players = view.get("players", {})
    scores = [players[s].get("glory", 0) + players[s].get("glory_spent", 0) if s in players else None for s in seats]
    # The fighters as plain values: the board key writes them faster than their pieces (render_view makes those).
    return battlefield, dict(width=width, pieces=_fighters_drawn(view), tokens=tokens_of(view),
                             arrows=arrows_of(events, view), highlights=highlights,
                             labels=board_labels(view, names or {})[:len(battlefield.boards)], words=board_words(lang),
                             player_colours=legend, scores=scores)


def render_view(view: JSON, *, events: Iterable[JSON] = (), names: Mapping[str, str] | None = None,
                width: int = BOARD_WIDTH, highlights: Mapping[Hex, str] | None = None,
                lang: str = "en") -> bytes | None:
    """The board as PNG bytes for a view and the last action's events, its words in ``lang``; None before the
    boards exist."""
    drawing = _drawing(view, events, names, width, highlights, lang)
    if drawing is None:
        return None
    battlefield, drawn = drawing
    return render_battlefield(battlefield, **{**drawn, "pieces": [_piece(*fighter) for fighter in drawn["pieces"]]})


def board_key(view: JSON, *, events: Iterable[JSON] = (), names: Mapping[str, str] | None = None,
              width: int = BOARD_WIDTH, lang: str = "en") -> str:
    """A digest of exactly what ``render_view`` draws (equal digests, equal images): a pass, a card played from
    hand or an objective scored changes nothing drawn and reuses the last image. ``NO_BOARD`` before the boards
    exist (``render_view`` gives None: nothing to draw)."""
    drawing = _drawing(view, events, names, width, None, lang)
    if drawing is None:
        return NO_BOARD
    _, drawn = drawing
    # What a piece shows, as its ``Piece`` fields would be written (a set's order is not part of what is drawn:
    # the markers sorted).
    pieces = [_Written(repr((_kept_repr(Hex.parse(hex_)), label, colour, wounds, sorted(markers), inspired, name)))
              for hex_, label, colour, wounds, markers, inspired, name in drawn["pieces"]]
    spec = view["battlefield"], [b for b in view.get("pack_boards") or ()]
    what = (spec, pieces, [_token_written(t) for t in drawn["tokens"]],
            [_Written(_written(a)) for a in drawn["arrows"]], drawn["labels"], lang, list(drawn["player_colours"]),
            width, drawn["scores"])
    return hashlib.blake2b(repr(what).encode(), digest_size=16).hexdigest()


class _Written(str):
    """A drawn thing's part of a board key, written already: its own repr, so ``repr`` of a list of them writes them
    as they are."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


def _written(thing: Any) -> str:
    """``repr(thing)`` for the things drawn (dataclasses of hexes, enums, tuples of hexes and plain values), written
    faster: a hex's or an enum member's repr is kept, there are few of them (and each is slow to write)."""
    if isinstance(thing, (Hex, Enum)):
        return _kept_repr(thing)
    if type(thing) is tuple:
        items = [_written(item) for item in thing]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if dataclasses.is_dataclass(thing) and not isinstance(thing, type):
        return (type(thing).__qualname__ + "("
                + ", ".join(f"{name}={_written(getattr(thing, name))}" for name in _repr_fields(type(thing))) + ")")
    return repr(thing)


@functools.lru_cache(maxsize=TOKENS_KEPT)
def _token_written(token: TokenMark) -> _Written:
    return _Written(_written(token))


@functools.lru_cache(maxsize=4096, typed=True)
def _kept_repr(thing: Hex | Enum) -> _Written:
    # typed: members of two string enums with one value are equal, as are a hex and its coordinates
    return _Written(repr(thing))


@functools.cache
def _repr_fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls) if f.repr)
