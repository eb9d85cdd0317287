"""The game systems this project referees: one registration line per game.

Importing this module imports every game's engine package, which announces its system (listed,
not yet playable) or registers it (playable). The table layer loads each game's presentation
package of the same name (``table/<game>/``), so this list is the only place a game is named.
"""
from __future__ import annotations

import importlib

GAMES = (
    "underworlds",
    "magewars",
    "dragonbond",
    "tambores",
)

for _game in GAMES:
    importlib.import_module(f"engine.{_game}")
