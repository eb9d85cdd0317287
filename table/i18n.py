"""Messages for error codes, kept in ``data/i18n/<lang>.yaml``."""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

from engine.core.errors import GameError

I18N_DIR = Path(__file__).resolve().parents[1] / "data" / "i18n"


@functools.cache
def messages(lang: str = "en") -> dict[str, str]:
    """Every message of one language, by code."""
    return yaml.safe_load((I18N_DIR / f"{lang}.yaml").read_text(encoding="utf-8"))


def message(code: str, lang: str = "en", **params: Any) -> str:
    """The message for ``code`` with its parameters filled in."""
    table = messages(lang)
    template = table.get(code) or messages("en").get(code)
    if template is None:
        return f"{code} {params}" if params else code
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def explain(error: GameError, lang: str = "en") -> str:
    """The user-facing text of an error."""
    return message(error.code, lang, **error.params)
