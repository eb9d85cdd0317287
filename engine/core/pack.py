"""Data packs: the cards and profiles a community types in once, checked, and played with.

A pack is one YAML (or JSON) document: an envelope every game shares (``PackHeader``: schema version,
game, id, name, version, author, provenance, whether it is official) and the game's own entries
(a pydantic model of the game's, in ``engine/<game>/pack.py``). Any value a rulebook does not give
may be written ``unknown``; ``unknowns`` lists where, so an engine can refuse to start a match that
needs one and say which. Nothing here reads files or knows a game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

PACK_SCHEMA_VERSION = 1
"""The version of the pack envelope this code reads."""
UNKNOWN = "unknown"
"""How a pack writes a value its author does not know."""

T = TypeVar("T")
Unknown = Literal["unknown"]
Maybe = Annotated[T | Unknown, Field(description='The value, or "unknown" when no source gives it')]
"""A field a pack may leave ``unknown`` (``Maybe[int]``)."""
Id = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[a-z0-9][a-z0-9_-]*$")]
"""An entry's id: lower case letters, digits, ``-`` and ``_``."""
Text = Annotated[str, Field(max_length=2000)]


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a pack: where, what was found, what was expected."""

    path: str
    """The field's path in the document (``entries.units[2].move``)."""
    value: str
    """The value found, shortened (empty when the field is missing)."""
    expected: str
    """What the field should hold, in words."""


class Strict(BaseModel):
    """Every pack model: unknown fields are refused (a typo is an error, not a silent default)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class PackHeader(Strict):
    """What every pack says about itself, whatever its game."""

    schema_version: int = Field(description="The pack format's version (this code reads 1)")
    game: Id = Field(description="The game's key, as in engine/games.py")
    id: Id = Field(description="The pack's id, unique in a server")
    name: Annotated[str, Field(min_length=1, max_length=100)]
    version: Annotated[str, Field(min_length=1, max_length=32)] = Field(description="The pack's own version")
    author: Annotated[str, Field(min_length=1, max_length=100)]
    provenance: Annotated[str, Field(min_length=1, max_length=500)] = Field(
        description="Where the values come from and under which licence (a card set, a rulebook page...)")
    official: bool = Field(default=False, description="True only for values printed by the publisher")
    training: bool = Field(default=False, description="Invented values for learning the rules, not for play")


def unknowns(value: Any, path: str = "") -> list[str]:
    """Every path at which ``value`` (a pack model, or plain data) holds ``unknown``.

    >>> unknowns({"units": [{"id": "x", "move": "unknown"}]})
    ['units[0].move']
    """
    if isinstance(value, BaseModel):
        value = value.model_dump()
    if value == UNKNOWN:
        return [path]
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            found += unknowns(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            found += unknowns(item, f"{path}[{i}]")
    return found


def document_schema(document: type[BaseModel]) -> dict[str, Any]:
    """A pack document model's JSON Schema (draft 2020-12), as ``data/<game>/schema/pack.schema.json`` holds it."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **document.model_json_schema()}
