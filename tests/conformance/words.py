"""What a player must never read (issue 37): the transcript sweep's checks on every piece of text a reply carries.

``texts(reply)`` lists each piece a player reads (content, embed titles, descriptions, fields, footers, button labels,
menu placeholders and options, alt texts), ``problems(text, lang)`` names what is wrong with one: ``None``, an id
where a name belongs, a snake_case or CamelCase identifier, an unfilled ``{placeholder}``, a Python repr, an error
code, words of the other language. Discord markup the client turns into names (mentions, timestamps), commands and
option names in backticks (``/match new``, ``opponent``: never translated) are taken out first.
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any, Iterable, Iterator

import yaml

from engine.core.system import all_systems
from table.reply import Reply

DATA = Path(__file__).resolve().parents[2] / "data"
QUOTED = ("name", "name_on_card", "name_es", "text", "text_plain", "title", "trigger", "when", "faction", "plot")
"""Fields of the game data whose strings a reply quotes as they are, in any language: the names of cards, fighters,
spells, units, warbands, plots and packs, and a card's own text (the cards are printed in one language)."""

MARKUP = re.compile(r"<@!?\d+>|<#\d+>|<t:-?\d+(?::[a-zA-Z])?>|`[^`\n]*`|https?://\S+")
"""Mentions, channels and timestamps (Discord shows names and dates), code spans (commands, option names, ids shown
as ids on purpose: a match's id, its seed) and links."""
HEX = re.compile(r"\b[0-9a-f]{10,}\b")
"""A match id, a seed or its commitment: shown so that players can name the match or check its rolls."""

CHECKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("None", re.compile(r"\bNone\b")),
    ("a seat's id", re.compile(r"\bplayer\d\b")),
    ("an unfilled placeholder", re.compile(r"\{[A-Za-z_][A-Za-z_0-9]*\}")),
    ("a Python repr", re.compile(r"\{'|\['|\('|': |\bobject at 0x|\bTraceback\b|\b(?:True|False)\b|"
                                 r"\b[A-Z][A-Za-z]+\((?:[a-z_]+=|'|\))")),
    ("a message code", re.compile(r"\b[a-z]+\.[a-z_]+\.[a-z_.]+\b")),
    ("a snake_case identifier", re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")),
    ("a CamelCase identifier", re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+\b")),
    ("a name=value field", re.compile(r"\b[a-z_]+=\S")),
    ("an id where a name belongs", re.compile(r"(?<![\d.,:/-])\b\d{4,}\b(?![.,:]\d)")),
)

ENGLISH = ("the", "and", "with", "your", "you", "is", "are", "of", "to", "wins", "turn", "choose", "chooses",
           "waiting", "for", "his", "her", "their", "from", "on", "in", "at", "no", "not", "can't", "it",
           "this", "that", "round", "player", "match", "attack", "move", "pass", "card", "draw", "damage")
"""Common English words: one in a Spanish reply is an untranslated string (``no`` is Spanish too, see below)."""
SPANISH = ("el", "los", "las", "del", "que", "con", "una", "por", "para", "tu", "sus", "está", "gana", "turno",
           "elige", "ronda", "jugador", "partida", "ataque", "carta", "daño", "esperando", "pasa", "mueve")
"""Common Spanish words: one in an English reply is a Spanish string."""
BOTH = {"no"}


@functools.cache
def proper_names() -> tuple[str, ...]:
    """Every name (and quoted card text) of the games' data and the games' own names, longest first."""
    found: set[str] = {info.name for info, _ in all_systems()}

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in QUOTED and isinstance(item, str) and len(item) > 1:
                    found.add(item)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted(DATA.glob("*/**/*")):
        if path.suffix in (".json", ".yaml") and "schema" not in path.parts and path.parent.name != "i18n":
            text = path.read_text(encoding="utf-8")
            walk(json.loads(text) if path.suffix == ".json" else yaml.safe_load(text))
    return tuple(sorted(found, key=len, reverse=True))


def _whole(label: str, limit: int = 0) -> str:
    """A text cut short (at ``limit`` characters, or ending in "…") without its last words, which may be a name cut
    short."""
    cut = label.rstrip().endswith("…") or (limit and len(label) >= limit - 2)
    return " ".join(label.split(" ")[:-3]) if cut else label


def texts(reply: Reply) -> Iterator[tuple[str, str]]:
    """Every piece of text a player reads in ``reply`` (and what it posts), with where it is."""
    yield "content", _whole(reply.content)
    for embed in reply.embeds:
        yield "embed title", embed.title
        yield "embed", embed.description
        for f in embed.fields:
            yield "field name", f.name
            yield "field", f.value
        yield "footer", embed.footer
    for button in reply.buttons:
        yield "button", _whole(button.label, 80)
    for select in reply.selects:
        yield "menu", select.placeholder
        for option in select.options:
            yield "option", _whole(option.label, 100)
            yield "option description", option.description
    for file in reply.files:
        yield "alt text", _whole(file.description)
    for _, posted in reply.posts:
        yield from texts(posted)


@functools.cache
def _words(words: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern finding any of ``words`` (longest first), as whole words, in any case."""
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(set(words), key=len, reverse=True))) + r")(?!\w)",
                      re.IGNORECASE)


def commands(services: Any) -> tuple[str, ...]:
    """Every command as typed (``/match verify``, ``/mw quickcast``): commands are never translated."""
    import io

    from table.local_app import open_local_table
    from table.presenter import presenters

    paths = {"/" + path for path in open_local_table(services, out=io.StringIO()).commands}
    for presenter in presenters():
        paths.add(f"/{presenter.command}")
        paths.update(f"/{presenter.command} {spec.name}" for spec in presenter.commands)
        paths.update(f"/{presenter.command} {name}" for name in ("do", "board", "undo", presenter.private_command))
    return tuple(paths)


def plain_words(text: str, names: tuple[str, ...] = ()) -> str:
    """``text`` without the markup a client turns into names, without the proper names and commands given."""
    text = HEX.sub(" ", MARKUP.sub(" ", text))
    return _words(names).sub(" ", text) if names else text


def _in_a_name(text: str, found: re.Match[str], names: tuple[str, ...]) -> bool:
    """Whether the word ``found`` and the one before it are part of a proper name (a name cut short at the end of a
    field: "Karsus the")."""
    before = re.findall(r"[^\W\d_]+", text[:found.start()])[-1:]
    if not before:
        return False
    piece = f"{before[0]} {found[0]}".lower()
    return any(piece in name.lower() for name in names if len(name) < 80)


def problems(text: str, lang: str, names: tuple[str, ...] = ()) -> list[str]:
    """What a player must not read in ``text`` (written in ``lang``; ``names``: proper names in any language and
    commands, left out of the checks), each with the words around it."""
    text = plain_words(text, names)

    def around(start: int, end: int) -> str:
        return repr(text[max(0, start - 40):end + 40].replace("\n", " ⏎ "))

    found = [f"{what}: {m[0]!r} in {around(m.start(), m.end())}" for what, pattern in CHECKS
             for m in [pattern.search(text)] if m]
    other = {"es": ENGLISH, "en": SPANISH}.get(lang, ())
    foreign = [m for m in re.finditer(r"[^\W\d_]+", text) if m[0].lower() in other and m[0].lower() not in BOTH
               and not _in_a_name(text, m, names)]
    if foreign:
        found.append(f"text in the other language: {', '.join(sorted({m[0].lower() for m in foreign}))} in "
                     f"{around(foreign[0].start(), foreign[0].end())}")
    return found


def sweep(replies: Iterable[Reply], lang: str, names: Iterable[str] = ()) -> list[str]:
    """Every problem in every reply: ``where: problem in «text»`` (``names``: the players' names and the commands,
    besides the games' own names, all left out of the checks)."""
    names = (*proper_names(), *names)
    out = []
    for reply in replies:
        for where, text in texts(reply):
            if text:
                for problem in problems(text, lang, names):
                    out.append(f"{where}: {problem} in «{text[:300]}»")
    return out
