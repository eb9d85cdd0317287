"""Monsters (§27.2): neutral units, enemies of every player. Placeholder filled below."""
from __future__ import annotations

from engine.dragonbond.state import JSON, Ctx


def place_step_open(ctx: Ctx) -> bool:
    return False


def place_choices(st: JSON) -> list[JSON]:
    return []


def place(ctx: Ctx, seat: str, action: JSON) -> None:
    raise NotImplementedError
