"""Loads every game: its engine package (``engine/games.py`` lists them) and its table package.

A game's table package (``table/<game>/__init__.py``) registers what the table needs to play it: its
presenter, its dice readers and odds. Extra games come from ``GAME_PLUGINS`` (module names), which
register both halves themselves.
"""
from __future__ import annotations

import importlib
import importlib.util

from engine.games import GAMES


def load_games(plugins: str = "") -> None:
    """Import each game's table package (when it has one), then each plugin module."""
    for game in GAMES:
        if importlib.util.find_spec(f"table.{game}") is not None:
            importlib.import_module(f"table.{game}")
    for name in filter(None, (s.strip() for s in plugins.split(","))):
        importlib.import_module(name)
