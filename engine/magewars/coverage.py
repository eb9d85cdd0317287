"""How much of the card pool the engine referees by itself: "N of M" for the starter books' cards and for the
whole pool. A card counts when casting it needs no referee action (casting.automated): creatures, attack
spells and equipment (numbers from the data, attacks and traits read by the combat modules), enchantments
whose effect is a trait tag or a coded defense/counter, walls and plain conjurations, incantations with code.
"""
from __future__ import annotations

from engine.magewars import spellbooks
from engine.magewars.cards import all_cards
from engine.magewars.casting import automated


def _count(names: set[str]) -> tuple[int, int]:
    return sum(1 for n in names if automated(n)), len(names)


def coverage() -> dict[str, str]:
    """``{"starter": "N of M", "pool": "N of M"}``: starter = the cards of the rulebook's eight books."""
    starter = {name for b in spellbooks.book_ids() for name in spellbooks.contents(b)}
    s, pool = _count(starter), _count(set(all_cards()))
    return {"starter": f"{s[0]} of {s[1]}", "pool": f"{pool[0]} of {pool[1]}"}


def missing_starter() -> list[str]:
    """The starter cards still settled by referee actions."""
    starter = {name for b in spellbooks.book_ids() for name in spellbooks.contents(b)}
    return sorted(n for n in starter if not automated(n))
