"""Warhammer Underworlds data packs: ``entries.warbands`` in the format of ``data/underworlds/warbands/*.json``
(``engine.underworlds.fighters.Warband``) and ``entries.boards`` in the format of the entries of
``data/underworlds/boards.json`` (``engine.underworlds.battlefield.Board``). A match started with a pack
offers both beside the shipped ones and keeps its own copy (``State.pack_warbands``, ``State.pack_boards``)."""
from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.core.pack import PackHeader, Problem, Strict, document_schema
from engine.underworlds.battlefield import Board
from engine.underworlds.fighters import Warband


class UnderworldsPack(Strict):
    """The entries of an Underworlds pack."""

    warbands: list[Warband] = Field(default_factory=list, max_length=50,
                                    description="Warbands, each as a file of data/underworlds/warbands/")
    boards: list[Board] = Field(default_factory=list, max_length=50,
                                description="Board faces, each as an entry of data/underworlds/boards.json")


class UnderworldsDocument(PackHeader):
    """A whole pack document: the shared envelope's fields and the game's ``entries``."""

    entries: UnderworldsPack


def check(entries: UnderworldsPack) -> list[Problem]:
    """A pack must bring at least one warband or board face (duplicate ids are refused for every game)."""
    if not entries.warbands and not entries.boards:
        return [Problem("entries", "{}", "at least one warband or board")]
    return []


def json_schema() -> dict[str, Any]:
    """The pack document's JSON Schema (draft 2020-12)."""
    return document_schema(UnderworldsDocument)
