"""Familiars and spawnpoints (§4 P5–P6, §9.5, §9.6): which spell each may be given in Planning, and whether a
spawnpoint may cast it in Deployment.

Each is assigned one spell in Planning, face down (§4 P5); the restriction printed on its card limits which
(§9.5: "some familiars restrict which spells they may be given"; §9.6: "usually restricted to a type printed
on the card"). The card texts of the data say it in a few set phrases, read here:

- "may summon 1 <words> creature" (Lair: animal; Pentagram: Dark Living; Temple of Asyra: Holy);
- "may cast one <type> spell" (Battle Forge: equipment);
- "can cast only level <a>-<b> <type> spells" (Huginn: level 1-2 incantations);
- "if there is <n> or more mana on <name>": it casts in Deployment only with that much mana on it.

A word of a creature restriction is a subtype (Animal), a school (Dark, Holy) or Living. A familiar or
spawnpoint whose text says none of these may be given any spell.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.magewars.cards import card, has_card
from engine.magewars.pack import CardType
from engine.magewars.state import JSON

_SUMMON = re.compile(r"may summon 1 ([\w ]+?) creature", re.I)
_CAST_ONE = re.compile(r"may cast one (\w+) spell", re.I)
_LEVELS = re.compile(r"can cast only level (\d+)-(\d+) (\w+) spells", re.I)
_MANA = re.compile(r"if there is (\d+) or more mana on", re.I)


@dataclass(frozen=True)
class Restriction:
    """What a familiar or spawnpoint may be given: a spell type, words a creature must match, a level range,
    and the mana it must hold to cast in Deployment."""

    type: str | None = None
    words: tuple[str, ...] = ()
    levels: tuple[int, int] | None = None
    min_mana: int = 0
    read: bool = False
    """True when the card's text was read into this restriction (False: no restriction printed)."""


def restriction(name: str) -> Restriction:
    """The restriction printed on the familiar or spawnpoint ``name`` (module docstring)."""
    return _restriction((card(name).text or "") if has_card(name) else "")


@lru_cache(maxsize=1024)
def _restriction(text: str) -> Restriction:
    """Read by the card's text, not its name: a match's pack may hold a card of the same name (cards.py)."""
    mana = int(m.group(1)) if (m := _MANA.search(text)) else 0
    if m := _SUMMON.search(text):
        return Restriction("creature", tuple(w.lower() for w in m.group(1).split()), None, mana, True)
    if m := _CAST_ONE.search(text):
        return Restriction(m.group(1).lower(), (), None, mana, True)
    if m := _LEVELS.search(text):
        return Restriction(m.group(3).lower(), (), (int(m.group(1)), int(m.group(2))), mana, True)
    return Restriction(min_mana=mana, read=bool(mana))


def may_hold(caster_card: str, spell: str) -> bool:
    """Whether ``spell`` may be assigned to a familiar or spawnpoint of card ``caster_card`` (§9.5, §9.6)."""
    if not has_card(spell):
        return False
    r, c = restriction(caster_card), card(spell)
    if "Magecast" in c.traits:  # only a mage may cast it (§13)
        return False
    if r.type and str(c.type) != r.type:
        return False
    if r.levels and not (isinstance(c.level(), int) and r.levels[0] <= c.level() <= r.levels[1]):
        return False
    for word in r.words:
        subtypes = [s.lower() for s in c.subtypes]
        schools = [str(s.school).lower() for s in c.schools]
        living = "Nonliving" not in c.traits
        if not (word in subtypes or word in schools or (word == "living" and living)):
            return False
    return True


def may_cast_now(state: JSON, oid: str) -> bool:
    """A spawnpoint that needs mana on it (Pentagram, Temple of Asyra: 2) casts only while it holds that much."""
    obj = state["objects"][oid]
    return obj["mana"] >= restriction(obj["card"]).min_mana


def options(state: JSON, seat: str, caster: str, book: dict[str, int]) -> list[str]:
    """The names in ``book`` (what is left of the seat's spellbook) ``caster`` may be given."""
    name = state["objects"][caster]["card"]
    return sorted(n for n, k in book.items() if k > 0 and may_hold(name, n))


def is_caster_card(name: str) -> bool:
    return has_card(name) and ("Familiar" in card(name).traits or "Spawnpoint" in card(name).traits)


def summons(name: str) -> bool:
    """Whether the spawnpoint summons creatures (its spell's creature appears in its zone, §9.5)."""
    return restriction(name).type == str(CardType.CREATURE)
