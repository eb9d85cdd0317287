"""Rolling and reading dice for ``/roll``: the rules come from the engine, the words from the readers.

A reader takes a random source and the user's options and returns a ``RollReading``: what to
show and a one-line summary for the match log. ``expr`` (any polyhedral expression) is built in;
each game's table package registers its own reader through ``table.dice_games.register``.
A logged roll names its reader and options, so ``/match verify`` can replay it.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.core import expr as dice_expr
from engine.core.rng import Rng


@dataclass(slots=True)
class RollReading:
    """What a roll showed, ready for an embed."""

    title: str
    lines: list[str] = field(default_factory=list)
    summary: str = ""
    rolls: list[dict] = field(default_factory=list)
    """``{"die": ..., "faces": [...]}`` for each pool, kept in the log."""


Reader = Callable[..., RollReading]
"""``reader(rng, **options)``."""


def face_name(game: str, face: str, lang: str = "en") -> str:
    """A die face as players call it ("Double support"), from the catalogue (``dice.face.<game>.<face>``); a face
    that is a number (an effect die) is that number."""
    from table.i18n import messages

    if face.isdigit():
        return face
    return messages(lang).get(f"dice.face.{game}.{face}") or messages("en").get(f"dice.face.{game}.{face}") or face


def faces_line(faces: list[str], emoji: dict[str, str], game: str = "", lang: str = "en") -> str:
    """Faces as emoji with their names, in the order rolled: ``🔨 Hammer, 👥 Double support``."""
    return ", ".join(f"{emoji[f] + ' ' if emoji.get(f) else ''}{face_name(game, f, lang)}" for f in faces) or "—"


def read_expression(rng: Rng, expr: str) -> RollReading:
    """A polyhedral expression (``4d6kh3``) through the d20 library."""
    result = dice_expr.roll_expr(rng, expr)
    return RollReading(f"🎲 {expr} = {result.total}", [result.breakdown],
                       f"rolled {expr}: {result.total}")


READERS: dict[str, Reader] = {"expr": read_expression}
"""Every reader by name (the name a logged roll keeps)."""


def register_reader(name: str, reader: Reader) -> None:
    """Add a reader; a name is taken once, since logged rolls are replayed by name."""
    if name in READERS and READERS[name] is not reader:
        raise ValueError(f"a dice reader called {name!r} is already registered")
    READERS[name] = reader


LANG = "lang"
"""A reader's keyword for the language of its lines; never logged (a roll replays the same in any language: its
``summary``, which ``/match verify`` compares, is written in English)."""


def with_defaults(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the reader's defaults filled in, so a logged roll replays even if a default changes."""
    parameters = inspect.signature(READERS[name]).parameters.values()
    defaults = {p.name: p.default for p in parameters
                if p.kind is p.KEYWORD_ONLY and p.default is not p.empty and p.name != LANG}
    return {**defaults, **{k: v for k, v in options.items() if k != LANG}}


def read(name: str, rng: Rng, options: dict[str, Any], lang: str = "en") -> RollReading:
    """Roll with the reader called ``name``, its lines in ``lang`` where the reader speaks it."""
    reader = READERS[name]
    if LANG in inspect.signature(reader).parameters:
        return reader(rng, **options, lang=lang)
    return reader(rng, **options)
