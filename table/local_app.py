"""The local table with every command installed: lifecycle, dice, and each game's commands."""
from __future__ import annotations

from typing import Any

from table import local_commands, local_dice, local_games, local_league, local_packs
from table.local import LocalTable
from table.services import Services


def open_local_table(services: Services, **options: Any) -> LocalTable:
    """A local table over ``services`` (options: ``out``, ``as_json``, ``boards_dir``, ``player``)."""
    local = LocalTable(services, **options)
    local_commands.install(local, services.play)
    local_dice.install(local)
    local_games.install(local, services.play)
    local_packs.install(local, services.packs)
    local_league.install(local)
    return local
