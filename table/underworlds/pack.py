"""Warhammer Underworlds data packs: ``entries.warbands`` is a list of warbands in the format of
``data/underworlds/warbands/*.json`` (``engine.underworlds.fighters.Warband``)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from engine.underworlds.fighters import Warband
from table.packs import Problem, register_pack_model


class UnderworldsPack(BaseModel):
    """The entries of an Underworlds pack."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    warbands: list[Warband] = Field(default_factory=list, max_length=50)
    """Warbands, each as in a warband file (its fighters, their cards, what is still unknown)."""


def check(entries: UnderworldsPack) -> list[Problem]:
    """A pack must bring at least one warband."""
    if not entries.warbands:
        return [Problem("entries.warbands", "[]", "at least one warband")]
    return []


register_pack_model("underworlds", UnderworldsPack, check)
