"""The shipped Mage Wars card data: every spell card and mage stats card, as the pack's models.

``data/magewars/cards.json`` is built by ``data/magewars/build_cards.py`` from the shared OCTGN card data (its
source and commit are in the file). Cards are looked up by their printed English name, as the state's objects
name them (``state["objects"][oid]["card"]``).

A match played with a data pack (:mod:`engine.magewars.pack`) keeps the pack's spell cards its books hold in
``state["pack_cards"]`` (:func:`match_pack`). The rules read cards by name from many places that hold no state, so
the system's entry points lay the match's pack over the shipped cards for the length of the call
(:func:`with_pack`, a context variable: each thread and task sees its own): :func:`card` and :func:`has_card` then
find the pack's cards beside the shipped ones, the pack's winning on the same name (as ``spellbooks.problems``
counts them). A cache keyed by a card's name reads :func:`shipped_card`, never the overlay.
"""
from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, Mapping

from engine.core.errors import InvalidInput
from engine.core.pack import UNKNOWN
from engine.magewars.pack import Card, CardType, Mage

JSON = dict[str, Any]

CARDS_FILE = Path(__file__).resolve().parents[2] / "data" / "magewars" / "cards.json"
NO_PACK: Mapping[str, Card] = {}
_PACK: ContextVar[Mapping[str, Card]] = ContextVar("magewars_pack", default=NO_PACK)
"""The match's pack cards for the call under way (:func:`with_pack`); read-only dicts (a proxy reads slower)."""
_MODELS: dict[str, Mapping[str, Card]] = {}
_MODELS_KEPT = 256
"""Pack cards read into models, by the match's pack key; emptied when this many packs were read."""


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return json.loads(CARDS_FILE.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _cards() -> dict[str, Card]:
    return {c["name"]: Card.model_validate(c) for c in _data()["cards"]}


@lru_cache(maxsize=1)
def _mages() -> dict[str, Mage]:
    return {m["id"]: Mage.model_validate(m) for m in _data()["mages"]}


def all_cards() -> dict[str, Card]:
    """Every shipped spell card by name."""
    return dict(_cards())


def card(name: str) -> Card:
    """The spell card called ``name``: the match's pack's (:func:`with_pack`), else the shipped one.

    :raises InvalidInput: mw.card.unknown
    """
    pack = _PACK.get()
    found = (pack.get(name) if pack else None) or _cards().get(name)
    if found is None:
        raise InvalidInput("mw.card.unknown", card=name)
    return found


def has_card(name: str) -> bool:
    return name in _cards() or name in _PACK.get()


def shipped_card(name: str) -> Card | None:
    """The shipped card ``name`` alone, whatever pack is laid over it (for caches keyed by name)."""
    return _cards().get(name)


# ---- a match's pack cards -------------------------------------------------------------------------------------

def match_pack(pack_cards: Mapping[str, Card], books: Mapping[str, Mapping[str, int]]) -> JSON | None:
    """What a match keeps of its pack (``state["pack_cards"]``): the pack's cards its ``books`` hold, in the
    pack's shape, and a key naming them (the models are built once per key, :func:`pack_of`); None when the
    books hold none."""
    held = {name for book in books.values() for name in book}
    cards = {name: c.model_dump(mode="json", exclude_none=True) for name, c in sorted(pack_cards.items())
             if name in held}
    if not cards:
        return None
    key = hashlib.sha256(json.dumps(cards, sort_keys=True).encode("utf-8")).hexdigest()[:24]
    return {"key": key, "cards": cards}


def shown_pack(kept: JSON, names: set[str]) -> JSON | None:
    """The part of a match's pack cards (``state["pack_cards"]``) a view may hold: those ``names`` (cards the
    viewer may know: in play, discarded, in the viewer's own book), so a view never tells which pack cards the
    other player's book holds; a copy, keyed apart from the whole."""
    cards = {name: raw for name, raw in kept["cards"].items() if name in names}
    if not cards:
        return None
    shown = hashlib.sha256("\n".join(sorted(cards)).encode("utf-8")).hexdigest()[:12]
    return {"key": f"{kept['key']}:{shown}", "cards": json.loads(json.dumps(cards))}


def pack_of(state: Mapping[str, Any]) -> Mapping[str, Card]:
    """The match's pack cards as models (a state's or a view's ``pack_cards``), read once per pack."""
    kept = state.get("pack_cards")
    if not kept:
        return NO_PACK
    found = _MODELS.get(kept["key"])
    if found is None:
        if len(_MODELS) >= _MODELS_KEPT:
            _MODELS.clear()  # one step, safe while other threads read
        found = _MODELS[kept["key"]] = {name: Card.model_validate(raw) for name, raw in kept["cards"].items()}
    return found


@contextmanager
def with_pack(pack: Mapping[str, Card]) -> Iterator[None]:
    """:func:`card` and :func:`has_card` find ``pack``'s cards (by name) beside the shipped ones while inside."""
    token = _PACK.set(pack)
    try:
        yield
    finally:
        _PACK.reset(token)


def mage_stats(mage_id: str) -> Mage:
    """A mage stats card by id (``beastmaster``, ``wizard-apprentice``...).

    :raises InvalidInput: mw.mage.unknown
    """
    found = _mages().get(mage_id)
    if found is None:
        raise InvalidInput("mw.mage.unknown", mage=mage_id, mages=", ".join(sorted(_mages())))
    return found


def source() -> dict[str, Any]:
    """Where the card data comes from (repository, commit, files) and the publisher's notice."""
    return {"source": _data()["source"], "notice": _data()["notice"]}


def number(value: Any, default: int = 0) -> int:
    """A printed number as an int; ``unknown``, "X" and None read as ``default`` (the caller decides)."""
    return value if isinstance(value, int) else default


def is_known(value: Any) -> bool:
    return value is not None and value != UNKNOWN


def trait_value(traits: list[str], name: str) -> int | None:
    """The number of trait ``name`` in printed traits ("Upkeep +2" -> 2, "Regenerate 3" -> 3), None if absent;
    a trait without a number reads as 0."""
    for t in traits:
        if t == name:
            return 0
        if t.startswith(name + " "):
            rest = t[len(name) + 1:].replace("+", "").strip()
            try:
                return int(rest)
            except ValueError:
                return 0
    return None


def kind_of(c: Card) -> str:
    """The kind of object a card makes in the arena (state.py's ``kind``), or ``spell`` for one-shot spells."""
    if c.type in (CardType.ATTACK, CardType.INCANTATION):
        return "spell"
    return str(c.type)
