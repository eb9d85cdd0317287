"""The shipped Mage Wars card data: every spell card and mage stats card, as the pack's models.

``data/magewars/cards.json`` is built by ``data/magewars/build_cards.py`` from the shared OCTGN card data (its
source and commit are in the file). Cards are looked up by their printed English name, as the state's objects
name them (``state["objects"][oid]["card"]``). A pack's cards (:mod:`engine.magewars.pack`) may be laid over
the shipped ones with :func:`with_pack`.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.errors import InvalidInput
from engine.core.pack import UNKNOWN
from engine.magewars.pack import Card, CardType, Mage

CARDS_FILE = Path(__file__).resolve().parents[2] / "data" / "magewars" / "cards.json"


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
    """The spell card called ``name``.

    :raises InvalidInput: mw.card.unknown
    """
    found = _cards().get(name)
    if found is None:
        raise InvalidInput("mw.card.unknown", card=name)
    return found


def has_card(name: str) -> bool:
    return name in _cards()


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
