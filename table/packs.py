"""Data packs at the table: which pack model each game registers, reading a pack a user sends, and
the packs a server keeps.

A game registers its entries model once (``register_pack_model(game, model, check)``, from
``table/<game>/``); ``read_pack`` then checks any document sent to the bot: size, safe YAML (no
aliases, bounded depth and size), the envelope (``engine.core.pack.PackHeader``), the game's entries
and the game's own cross-reference ``check``. Every problem found is one line naming the field path,
the value and what is expected, raised together as ``InvalidInput("pack.invalid", problems=[...])``.
Nothing here names a game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from pydantic import BaseModel

from engine.core.errors import InvalidInput


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a pack: where, what was found, what was expected."""

    path: str
    """The field's path in the document (``entries.units[2].move``)."""
    value: str
    """The value found, shortened (empty when the field is missing)."""
    expected: str
    """What the field should hold, in words."""


Check = Callable[[Any], list[Problem]]


@dataclass(frozen=True, slots=True)
class PackModel:
    """A game's pack: the model of its ``entries`` and its cross-reference check."""

    game: str
    model: type[BaseModel]
    check: Check | None = None


_MODELS: dict[str, PackModel] = {}


def register_pack_model(game: str, model: type[BaseModel], check: Check | None = None) -> None:
    """Make packs of ``game`` readable: ``model`` validates the document's ``entries``; ``check``
    (optional) gets the validated entries and returns the problems pydantic cannot see (a unit
    naming a missing power). Registering again replaces the previous model."""
    _MODELS[game] = PackModel(game, model, check)


def pack_model(game: str) -> PackModel | None:
    """The pack model registered for ``game``, or None."""
    return _MODELS.get(game)


def pack_games() -> list[str]:
    """Every game with a registered pack model."""
    return sorted(_MODELS)


def invalid(problems: list[Problem]) -> InvalidInput:
    """The one error that reports every problem of a pack."""
    return InvalidInput("pack.invalid", problems=[
        {"code": "pack.problem", "path": p.path or "(document)", "value": p.value, "expected": p.expected}
        for p in problems])
