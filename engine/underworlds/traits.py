"""Fighter traits (digest §4: a ***bold italic*** keyword is a descriptor other cards refer to, like *brawler*).

A fighter card's traits are data (``Fighter.traits``): a list where they are known, null where no source gives them
(the Wintermaw warbands). A pack's warband file can give them; in a match the players can give a fighter a trait
with the referee action ``SetTrait`` (kept in ``FighterState.traits``, logged). A fighter has a trait when either
says so: an unknown trait is never guessed (``docs/rulings/underworlds.md``, "Haunch counters and traits").
Leaders and Priests, which a card in play can make (Broad Shoulders), are ``brethren.is_leader``/``is_priest``.
"""
from __future__ import annotations

from engine.underworlds import rules
from engine.underworlds.state import FighterState, State


def normal(trait: str) -> str:
    """A trait as the data writes it: lower case, singular as cards print it in the plural (*Priests*)."""
    t = trait.strip().lower()
    return t[:-1] if t.endswith("s") and t[:-1] in KNOWN_PLURALS else t


KNOWN_PLURALS = frozenset({"priest", "brawler", "beast", "chef"})
"""Traits cards also print in the plural."""


def card_traits(st: State, f: FighterState) -> tuple[str, ...] | None:
    """The traits on the fighter's card, None where the data does not know them."""
    traits = rules.card_of(st, f).traits
    return None if traits is None else tuple(normal(t) for t in traits)


def has_trait(st: State, f: FighterState, trait: str) -> bool:
    """The fighter's card (data) or a referee action gives it the trait."""
    t = normal(trait)
    return t in (card_traits(st, f) or ()) or t in (normal(x) for x in f.traits)

