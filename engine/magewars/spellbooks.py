"""Spellbooks (§15): the rulebook's apprentice and starter books (§20.3, §20.4) and checking a built one.

The shipped books are ``data/magewars/spellbooks.json`` (Spanish names as printed, mapped to the card data's
English names). A book is ``{card name: copies}``. :func:`problems` checks one against §15 with
``pack.py``'s spell-point and copy rules, plus the Mage-only and School-only restrictions, and returns one
problem per fault, each a message key with its parameters and a suggested fix (a key too).
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from engine.core.errors import InvalidInput
from engine.core.pack import UNKNOWN
from engine.magewars.cards import card, has_card
from engine.magewars.mages import MAGES, ability_card, check_mage
from engine.magewars.pack import Card, max_copies, spell_points

BOOKS_FILE = Path(__file__).resolve().parents[2] / "data" / "magewars" / "spellbooks.json"
ONLY = re.compile(r"^(\w+)(?: Mage)? Only$")


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return json.loads(BOOKS_FILE.read_text(encoding="utf-8"))


def book_ids() -> list[str]:
    return [b["id"] for b in _data()["books"]]


def shipped(book_id: str) -> dict[str, Any]:
    """A shipped book: id, name, mage, mode and ``cards`` [{card, es, copies}].

    :raises InvalidInput: mw.book.unknown
    """
    for b in _data()["books"]:
        if b["id"] == book_id:
            return b
    raise InvalidInput("mw.book.unknown", book=book_id, books=", ".join(book_ids()))


def contents(book_id: str) -> dict[str, int]:
    """A shipped book as {card name: copies}."""
    return {e["card"]: e["copies"] for e in shipped(book_id)["cards"]}


def spanish_names() -> dict[str, str]:
    """Spanish card name as printed in the rulebook -> the data's English name."""
    return dict(_data()["spanish_to_english"])


def default_book(mage: str, mode: str) -> str:
    return f"{'apprentice' if mode == 'apprentice' else 'starter'}-{check_mage(mage)}"


def parse(text: str) -> dict[str, int]:
    """A book typed as lines "2 Timber Wolf" (or "Timber Wolf x2"; Spanish names are accepted too).

    :raises InvalidInput: mw.book.bad_line
    """
    es = spanish_names()
    out: dict[str, int] = {}
    for raw in text.replace(";", "\n").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"^(\d+)\s*x?\s+(.+)$", line) or re.match(r"^(.+?)\s+x(\d+)$", line)
        if m is None:
            count, name = 1, line
        else:
            a, b = m.groups()
            count, name = (int(a), b) if a.isdigit() else (int(b), a)
        name = es.get(name.strip(), name.strip())
        if count < 1:
            raise InvalidInput("mw.book.bad_line", line=line, example="2 Timber Wolf")
        out[name] = out.get(name, 0) + count
    return out


OTHER_MAGES = ("paladin", "siren", "druid", "necromancer", "forcemaster", "warlord", "monk", "elementalist",
               "johktari", "priest")


def only_allows(c: Card, mage: str, school: str | None = None) -> bool:
    """Whether ``mage`` (a Wizard trained in ``school``) meets the card's "<X> Only" / "<X> Mage Only" traits (§15):
    its class, or a school it is trained in."""
    ability = ability_card(mage, school)
    for trait in c.traits:
        m = ONLY.match(trait)
        if not m:
            continue
        who = m.group(1).lower()
        if who in MAGES or who in OTHER_MAGES:
            if who != mage:
                return False
        elif who not in [str(s) for s in ability.trained]:
            return False
    return True


def problems(book: dict[str, int], mage: str, *, mode: str = "full",
             cards: Mapping[str, Card] | None = None, school: str | None = None) -> list[dict[str, Any]]:
    """Every fault of ``book`` for ``mage`` (§15), each ``{"code", "params", "fix"}``; empty when sound.

    Apprentice books are fixed lists (§3.2): only the names are checked, not spell points or training.
    ``cards`` (a data pack's, by name) count beside the shipped ones and win on the same name. ``school``: the
    Wizard's elemental school (default Air).
    """
    extra = cards or {}
    out: list[dict[str, Any]] = []
    ability = ability_card(mage, school)
    total: int | str = 0
    for name, copies in sorted(book.items()):
        if name not in extra and not has_card(name):
            out.append({"code": "mw.book.unknown_card", "params": {"card": name},
                        "fix": "mw.book.fix.unknown_card"})
            continue
        c = extra.get(name) or card(name)
        if mode == "apprentice":
            continue
        limit = max_copies(c)
        if limit is not None and copies > limit:
            out.append({"code": "mw.book.too_many_copies", "params": {"card": name, "copies": copies,
                        "limit": limit, "level": c.level()}, "fix": "mw.book.fix.too_many_copies"})
        for trait in c.traits:
            m = ONLY.match(trait)
            if not m:
                continue
            who = m.group(1).lower()
            if who in MAGES or who in ("paladin", "siren", "druid", "necromancer", "forcemaster", "warlord",
                                       "monk", "elementalist", "johktari", "priest"):
                if who != mage:
                    out.append({"code": "mw.book.mage_only", "params": {"card": name, "only": m.group(1)},
                                "fix": "mw.book.fix.remove"})
            elif who not in [str(s) for s in ability.trained]:
                out.append({"code": "mw.book.school_only", "params": {"card": name, "only": m.group(1)},
                            "fix": "mw.book.fix.remove"})
        if total != UNKNOWN:
            points = spell_points(c, ability)
            total = UNKNOWN if points == UNKNOWN else total + points * copies
    budget = ability.spellbook_points
    if mode != "apprentice" and UNKNOWN not in (total, budget) and total > budget:
        out.append({"code": "mw.book.over_budget", "params": {"points": total, "budget": budget,
                    "mage": MAGES[mage]["card"]}, "fix": "mw.book.fix.over_budget"})
    return out


def refusal(problems: list[dict[str, Any]], seat: str) -> InvalidInput:
    """The refusal of a book with ``problems``: ``mw.book.invalid`` listing each problem and each fix as a message
    code with its parameters (the table writes one sentence per problem, then the fixes)."""
    fixes = list(dict.fromkeys(p["fix"] for p in problems))
    return InvalidInput("mw.book.invalid", seat=seat,
                        problems=[{"code": p["code"], **{k: str(v) for k, v in p["params"].items()}}
                                  for p in problems],
                        fixes=[{"code": f} for f in fixes])


def points(book: dict[str, int], mage: str, school: str | None = None) -> int | str:
    """The spell points ``book`` costs ``mage`` (a Wizard trained in ``school``) (§15), or ``unknown``."""
    ability = ability_card(mage, school)
    total = 0
    for name, copies in book.items():
        p = spell_points(card(name), ability)
        if p == UNKNOWN:
            return UNKNOWN
        total += p * copies
    return total
