"""Every shared piece is game-agnostic: no generic file names a game (DESIGN.md, "the one registration line").

A game lives in ``engine/<game>/``, ``render/<game>/``, ``table/<game>/``, ``data/<game>/`` and its own
``data/i18n/<game>.<lang>.yaml``; ``engine/games.py`` is the one place that lists the games.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.core import system as systems

ROOT = Path(__file__).resolve().parents[1]
GENERIC = ["bot.py", "engine/core", "engine/__init__.py", "table/*.py", "render/kit", "render/__init__.py",
           "engine/league", "table/league", "cogs", "data/i18n/en.yaml", "data/i18n/es.yaml", "data/i18n/table.*.yaml"]


def generic_files() -> list[Path]:
    out: list[Path] = []
    for pattern in GENERIC:
        for path in sorted(ROOT.glob(pattern)):
            out += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return out


def names_of_games() -> dict[str, re.Pattern[str]]:
    """Each game's key, name and aliases, as whole words."""
    out = {}
    for info, _ in systems.all_systems():
        words = {info.key, info.name, *info.aliases} - {""}
        out[info.key] = re.compile(r"\b(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
                                   + r")\b", re.IGNORECASE)
    return out


def test_generic_files_name_no_game():
    games = names_of_games()
    assert {"underworlds", "ttt", "nim"} <= set(games)
    found = {}
    for path in generic_files():
        text = path.read_text(encoding="utf-8")
        for key, pattern in games.items():
            hits = sorted({m.group(0) for m in pattern.finditer(text)})
            if hits:
                found[f"{path.relative_to(ROOT)} ({key})"] = hits
    assert found == {}


def test_the_generic_files_are_found():
    files = {str(p.relative_to(ROOT)) for p in generic_files()}
    assert {"bot.py", "table/game_table.py", "table/presenter.py", "cogs/games.py", "engine/core/system.py",
            "render/kit/chart.py", "data/i18n/table.en.yaml"} <= files
