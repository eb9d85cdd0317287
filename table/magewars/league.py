"""Mage Wars Arena in leagues: a list is a spellbook for one mage, checked with the engine's validator
(``engine.magewars.spellbooks``: §15 spell points, copy limits, Mage-only and School-only spells).

A list is plain text, one entry per line (or separated by ``;``)::

    mage: Wizard                 (its id, English or Spanish name)
    book: starter-wizard         (optional: a shipped book, §20.3/§20.4, as the starting contents)
    2 Lightning Bolt             (cards as the engine reads them: "2 Name", "Name x2"; Spanish names too)

Formats: ``full`` (the full game, §3.3: the mage's spell points) and ``apprentice`` (§3.2: every mage plays its
fixed apprentice book, §20.3, so the list names only the mage; cards, if listed, must be that book). A league's
data pack adds its spell cards (``entries.cards``, by name or id) to the shipped ones, and its matches play them
(``engine/magewars/cards.py``). The digest says nothing about organised play, so a bye is the leagues' default.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import InvalidInput
from engine.magewars import spellbooks
from engine.magewars.cards import all_cards
from engine.magewars.mages import ES_NAMES, MAGES, mage_ids
from engine.magewars.pack import Card
from table.league.registry import LeagueGame, PackDocument, Problem, list_lines, register_league_game

FORMATS = ("full", "apprentice")
_MAGE_KEYS = ("mage", "mago", "maga")
_BOOK_KEYS = ("book", "libro", "spellbook")


def _key(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").split())


def pack_cards(pack: PackDocument | None) -> dict[str, Card]:
    """The league pack's spell cards by name."""
    cards = [Card.model_validate(c) for c in ((pack or {}).get("entries") or {}).get("cards") or []]
    return {c.name: c for c in cards}


def _find_mage(name: str) -> str | None:
    wanted = _key(name)
    for mage_id, info in MAGES.items():
        if wanted in {_key(mage_id), _key(info["card"]), _key(ES_NAMES.get(mage_id, ""))}:
            return mage_id
    return None


def parse_list(text: str, pack: PackDocument | None = None) -> tuple[str | None, dict[str, int], list[Problem]]:
    """The mage, the book {card name: copies} and the problems reading the list (unknown mage or book, bad
    lines). Names are matched without regard to case; a pack card may be named by its id."""
    mage: str | None = None
    book: dict[str, int] = {}
    problems: list[Problem] = []
    spells: list[str] = []
    for raw in list_lines(text):
        line = raw.split("#", 1)[0].strip().lstrip("-*• ").strip()
        key, sep, value = line.partition(":")
        if sep and _key(key) in _MAGE_KEYS:
            mage = _find_mage(value)
            if mage is None:
                problems.append({"code": "mw.league.unknown_mage", "name": value.strip()[:60],
                                 "mages": ", ".join(MAGES[m]["card"] for m in mage_ids())})
        elif sep and _key(key) in _BOOK_KEYS:
            try:
                shipped = spellbooks.shipped(_key(value).replace(" ", "-"))
            except InvalidInput as error:
                problems.append({"code": error.code, **error.params})
                continue
            mage = mage or shipped["mage"]
            for name, copies in spellbooks.contents(shipped["id"]).items():
                book[name] = book.get(name, 0) + copies
        elif line:
            spells.append(line)
    try:
        typed = spellbooks.parse("\n".join(spells))
    except InvalidInput as error:
        problems.append({"code": error.code, **error.params})
        typed = {}
    extra = pack_cards(pack)
    by_key = {_key(es): en for es, en in spellbooks.spanish_names().items()} | {_key(n): n for n in all_cards()}
    by_key |= {_key(n): n for n in extra}
    by_key |= {_key(c.id): c.name for c in extra.values()}
    for name, copies in typed.items():
        proper = by_key.get(_key(name), name)
        book[proper] = book.get(proper, 0) + copies
    if mage is None and not any(p["code"] == "mw.league.unknown_mage" for p in problems):
        problems.insert(0, {"code": "mw.league.no_mage"})
    return mage, book, problems


def check(format: str, text: str, pack: PackDocument | None = None) -> list[Problem]:
    """Every problem of a spellbook in ``format``: reading problems first, then each fault the engine's validator
    finds (§15), with its suggested fix."""
    mage, book, problems = parse_list(text, pack)
    if problems or mage is None:
        return problems
    if format == "apprentice":
        fixed = spellbooks.default_book(mage, "apprentice")
        if book and book != spellbooks.contents(fixed):
            return [{"code": "mw.league.apprentice_book", "mage": MAGES[mage]["card"], "book": fixed,
                     "fix": "mw.league.fix.apprentice_book"}]
        return []
    if not book:
        return [{"code": "mw.league.empty_book", "fix": "mw.league.fix.empty_book"}]
    return [{"code": p["code"], **p["params"], "fix": p["fix"]}
            for p in spellbooks.problems(book, mage, mode=format, cards=pack_cards(pack))]


def describe(text: str, pack: PackDocument | None = None) -> str:
    """``Wizard · 59 spells``."""
    mage, book, _ = parse_list(text, pack)
    name = MAGES[mage]["card"] if mage else "?"
    return f"{name} · {sum(book.values())} spells" if book else name


def match_options(format: str, lists: dict[str, str], pack: PackDocument | None = None) -> dict[str, Any]:
    """A league match is played in the league's format (§3.2 apprentice, §3.3 full) with each seat's registered
    mage and spellbook (the apprentice format: the mage's fixed apprentice book, §20.3), so the mode and the
    ``ChooseMage`` choices are already made."""
    mages: dict[str, str] = {}
    books: dict[str, Any] = {}
    for seat, text in lists.items():
        mage, book, _ = parse_list(text, pack)
        if mage is None:
            continue
        mages[seat] = mage
        books[seat] = spellbooks.default_book(mage, "apprentice") if format == "apprentice" else book
    return {"mode": format, "mages": mages, "books": books}


register_league_game(LeagueGame("magewars", FORMATS, check, describe=describe, match_options=match_options))
