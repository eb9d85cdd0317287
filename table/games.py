"""Loads every game: its engine package (``engine/games.py`` lists them) and its table package.

A game's table package (``table/<game>/__init__.py``) registers what the table needs to play it: its
presenter, its dice readers and odds. Extra games come from ``GAME_PLUGINS`` (module names), which
register both halves themselves.
"""
from __future__ import annotations

import importlib
import importlib.util

from engine.core import system as systems
from engine.games import GAMES
from table.i18n import message
from table.reply import Embed, Reply


def load_games(plugins: str = "") -> None:
    """Import each game's table package (when it has one), then each plugin module."""
    for game in GAMES:
        if importlib.util.find_spec(f"table.{game}") is not None:
            importlib.import_module(f"table.{game}")
    for name in filter(None, (s.strip() for s in plugins.split(","))):
        importlib.import_module(name)


def games_reply(lang: str = "en") -> Reply:
    """Every game system and whether it can be played now."""
    lines = [message("core.table.game_line", lang, name=info.name, key=info.key,
                     available=message("core.table.available" if ok else "core.table.not_yet_available", lang))
             for info, ok in systems.all_systems()]
    return Reply(embeds=[Embed(title=message("core.table.games_title", lang), description="\n".join(lines))],
                 ephemeral=True)
