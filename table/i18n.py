"""Messages for error codes, kept in ``data/i18n/<lang>.yaml``."""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

from engine.core.errors import GameError

I18N_DIR = Path(__file__).resolve().parents[1] / "data" / "i18n"
_PLUGIN_DIRS: list[Path] = []
"""Catalogue folders added by game plugins (``add_catalogue``), read after the project's own."""


def add_catalogue(folder: Path) -> None:
    """Read ``<name>.<lang>.yaml`` messages from ``folder`` too (a game plugin's own messages)."""
    if folder not in _PLUGIN_DIRS:
        _PLUGIN_DIRS.append(folder)
        messages.cache_clear()
        _templates.cache_clear()


@functools.cache
def messages(lang: str = "en") -> dict[str, str]:
    """Every message of one language, by code: ``<lang>.yaml`` plus each game's ``<game>.<lang>.yaml``."""
    table: dict[str, str] = {}
    paths = sorted(I18N_DIR.glob(f"*.{lang}.yaml")) + [I18N_DIR / f"{lang}.yaml"]
    for folder in _PLUGIN_DIRS:
        paths += sorted(folder.glob(f"*.{lang}.yaml"))
    for path in paths:
        if path.exists():
            table.update(yaml.safe_load(path.read_text(encoding="utf-8")) or {})
    return table


@functools.cache
def _templates(lang: str) -> dict[str, str]:
    """Each code's template in ``lang``, or in English where ``lang`` has none (or an empty one): one look-up per
    message instead of two, the bot writes tens of them per command."""
    return {**messages("en"), **{code: template for code, template in messages(lang).items() if template}}


def message(code: str, lang: str = "en", **params: Any) -> str:
    """The message for ``code`` with its parameters filled in."""
    return fill(code, lang, params)


def fill(code: str, lang: str, params: dict[str, Any]) -> str:
    """``message`` with its parameters as a dict, which it may change (lists become their bullet lines): for a
    caller that built the dict itself."""
    template = _templates(lang).get(code)
    if template is None:
        return f"{code} {params}" if params else code
    for key, value in params.items():
        if isinstance(value, (list, tuple)):
            params[key] = _readable(value, lang)
    try:
        return template.format_map(params)
    except (KeyError, IndexError, ValueError):
        return template


def explain(error: GameError, lang: str = "en") -> str:
    """The user-facing text of an error."""
    return message(error.code, lang, **error.params)


def _readable(value: Any, lang: str) -> Any:
    """Lists become bullet lines; ``{"code": ...}`` items become their own messages."""
    if isinstance(value, (list, tuple)):
        items = [message(v["code"], lang, **{k: x for k, x in v.items() if k != "code"})
                 if isinstance(v, dict) and "code" in v else str(v) for v in value]
        return "".join(f"\n• {item}" for item in items)
    return value
