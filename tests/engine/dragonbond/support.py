"""Shared helpers for the Dragonbond rules tests: a battle with the training pack, scripted dice."""
from __future__ import annotations

from engine.core.rng import SeededRng
from engine.dragonbond.state import Ctx
from engine.dragonbond.system import DragonbondSystem

SYSTEM = DragonbondSystem()
SEATS = ("lucy", "jason")
"""Lucy plays the first training force, Jason the second, as in the rulebook's examples."""


class Script:
    """An Rng that returns the given draws in order (die faces by index: see data/dice/dragonbond.json)."""

    def __init__(self, *draws: int) -> None:
        self.draws = list(draws)

    def randbelow(self, n: int) -> int:
        value = self.draws.pop(0)
        assert value < n
        return value


def battle(seed: int = 7, **options) -> dict:
    """A Pitched Battle of the training forces, deployed automatically, first round begun."""
    return SYSTEM.setup({"deployment": "auto", **options}, SEATS, SeededRng(seed.to_bytes(32, "big")))


def by_card(state: dict, card: str) -> dict:
    return next(u for u in state["units"].values() if u["card"] == card)


def clear_table(state: dict, keep: tuple[str, ...]) -> None:
    """Move every other unit to reserve so a test sets up only the units it talks about."""
    for u in state["units"].values():
        if u["id"] not in keep and u["where"] == "battlefield":
            u.update(where="reserve", x=None, y=None)


def ctx(state: dict, rng=None) -> Ctx:
    return Ctx(state, rng or Script())
