"""Messages for error codes, kept in ``data/i18n/<lang>.yaml``."""
from __future__ import annotations

import functools
import string
from pathlib import Path
from typing import Any, Callable

import yaml

from engine.core.errors import GameError

I18N_DIR = Path(__file__).resolve().parents[1] / "data" / "i18n"
_PLUGIN_DIRS: list[Path] = []
"""Catalogue folders added by game plugins (``add_catalogue``), read after the project's own."""


SCALARS = frozenset({str, int, float, bool, type(None)})
"""Types a message writes as they are (none of them a list or a tuple)."""


def add_catalogue(folder: Path) -> None:
    """Read ``<name>.<lang>.yaml`` messages from ``folder`` too (a game plugin's own messages)."""
    if folder not in _PLUGIN_DIRS:
        _PLUGIN_DIRS.append(folder)
        messages.cache_clear()
        _templates.cache_clear()
        _writers.cache_clear()


def languages() -> list[str]:
    """The languages with a catalogue (``<lang>.yaml``)."""
    return sorted(path.name.split(".")[0] for path in I18N_DIR.glob("??.yaml"))


def preload() -> None:
    """Read every catalogue now: processes forked afterwards (the board workers) share them instead of each
    reading the YAML again on its first board."""
    for lang in languages():
        _templates(lang)


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
    """Each code's template in ``lang``, or in English where ``lang`` has none (or an empty one)."""
    return {**messages("en"), **{code: template for code, template in messages(lang).items() if template}}


def message(code: str, lang: str = "en", **params: Any) -> str:
    """The message for ``code`` with its parameters filled in."""
    return fill(code, lang, params)


def fill(code: str, lang: str, params: dict[str, Any]) -> str:
    """``message`` with its parameters as a dict, which it may change (lists become their bullet lines): for a
    caller that built the dict itself."""
    writers = _writers(lang)
    found = writers.get(code)
    if found is None:
        template = _templates(lang).get(code)
        if template is None:
            return f"{code} {params}" if params else code
        found = writers[code] = (template, _writer(template))
    if not SCALARS.issuperset(map(type, params.values())):  # one look at the types, most messages have only these
        for key, value in params.items():
            if isinstance(value, (list, tuple)):
                params[key] = _readable(value, lang)
    try:
        return found[1](params)
    except (KeyError, IndexError, ValueError):
        return found[0]


@functools.cache
def _writers(lang: str) -> dict[str, tuple[str, Callable[[dict[str, Any]], str]]]:
    """The codes of ``lang`` written so far: each one's template and its writer (``_writer``)."""
    return {}


def _writer(template: str) -> Callable[[dict[str, Any]], str]:
    """``template.format_map`` made once into an f-string, which writes the same three times faster (``format_map``
    reads the template again at every call, and a reply writes tens of messages). A template with positional,
    attribute, item or nested fields, or a malformed one, keeps ``format_map``. Only the template's structure
    goes into the code: its words, names and format specs are passed in as values."""
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        return template.format_map
    values: list[str] = []
    pieces: list[str] = []
    for literal, name, spec, conversion in parsed:
        if literal:
            values.append(literal)
            pieces.append(f"{{_{len(values) - 1}}}")
        if name is None:
            continue
        if not name.isidentifier() or conversion not in (None, "r", "s", "a") or "{" in (spec or ""):
            return template.format_map
        values.append(name)
        field = f"p[_{len(values) - 1}]" + (f"!{conversion}" if conversion else "")
        if spec:
            values.append(spec)
            field += f":{{_{len(values) - 1}}}"
        pieces.append(f"{{{field}}}")
    scope: dict[str, Any] = {}
    exec(f"def make({', '.join(f'_{i}' for i in range(len(values)))}):\n"
         f"    return lambda p: f\"{''.join(pieces)}\"", scope)
    return scope["make"](*values)


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
