"""The mages (§14) and the apprentice mage (§3.2): life, channeling, armor, attacks, training, spell points.

The rulebook's numbers win over the card data where both give one (the Rule of Magic does not apply: these are
the Spanish 2016 printing's mages): life and channeling of the four mages (seed 001 lines 929, 941, 961, 979),
Arcane Zap costing 1 (line 989). What the seed does not give (spell points, the training lists) comes from the
card data's stats cards (``cards.mage_stats``). Abilities the engine runs are in :data:`ABILITIES`.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import InvalidInput
from engine.magewars.cards import mage_stats
from engine.magewars.pack import Mage

MAGE_LEVEL = 6
"""A mage is a level 6 creature for all purposes (§9.1)."""
STARTING_MANA = 10
"""Every mage starts with 10 mana, in both modes (§3.1; seed 001 line 227)."""
BASIC_MELEE = {"name": "Basic Melee Attack", "speed": "quick", "range_type": "melee", "dice": 3,
               "effect_table": [], "traits": []}
"""Every mage's quick melee attack of 3 dice (§10.2, §14)."""
ARCANE_ZAP = {"name": "Arcane Zap", "speed": "quick", "range_type": "ranged", "range": {"min": 0, "max": 1},
              "dice": 3, "effect_table": [], "traits": [{"trait": "Ethereal"}], "cost": 1}
"""The Wizard's built-in attack spell (§14.4; seed 001 line 989): cost 1, quick, ranged 0-1, 3 dice, Ethereal."""

MAGES: dict[str, dict[str, Any]] = {
    "beastmaster": {"card": "Beastmaster", "life": 36, "channeling": 9, "traits": ["Melee +1"],
                    "abilities": ["Quick Summon", "Pet", "Combat Skill"], "seed": "seed 001 line 929"},
    "priestess": {"card": "Priestess", "life": 32, "channeling": 10, "traits": [],
                  "abilities": ["Divine Reward", "Restore"], "seed": "seed 001 line 941"},
    "warlock": {"card": "Warlock", "life": 38, "channeling": 9, "traits": ["Melee +1"],
                "abilities": ["Chain Curses", "Bloodreaper", "Combat Skill"], "seed": "seed 001 line 961"},
    "wizard": {"card": "Wizard", "life": 32, "channeling": 10, "traits": [],
               "abilities": ["Voltaric Shield", "Arcane Zap"], "seed": "seed 001 line 979"},
}
"""The four mages of the core set (§14)."""
APPRENTICE = {"life": 24, "channeling": 10, "armor": 0}
"""Apprentice mode: every mage alike, no abilities (§3.2; seed 001 line 87); armor 0 (§22.3)."""
ES_NAMES = {"beastmaster": "Señor de las Bestias", "priestess": "Sacerdotisa", "warlock": "Brujo",
            "wizard": "Hechicero"}


def mage_ids() -> list[str]:
    return sorted(MAGES)


def check_mage(mage: str) -> str:
    if mage not in MAGES:
        raise InvalidInput("mw.mage.unknown", mage=mage, mages=", ".join(mage_ids()))
    return mage


def stats(mage: str, mode: str) -> dict[str, Any]:
    """The mage's numbers for a match: life, armor, channeling, attacks, traits, abilities, level."""
    info = MAGES[check_mage(mage)]
    if mode == "apprentice":
        return {**APPRENTICE, "level": MAGE_LEVEL, "attacks": [dict(BASIC_MELEE)], "traits": [], "abilities": []}
    attacks = [dict(BASIC_MELEE)] + ([dict(ARCANE_ZAP)] if "Arcane Zap" in info["abilities"] else [])
    return {"life": info["life"], "armor": 0, "channeling": info["channeling"], "level": MAGE_LEVEL,
            "attacks": attacks, "traits": list(info["traits"]), "abilities": list(info["abilities"])}


ELEMENTAL_SCHOOLS = ("air", "earth", "fire", "water")
"""The Wizard "can bind himself to an elemental school" (seed 001 l.979; his stats card: "an elemental school of
his choice: Fire, Earth, Air, or Water"); the book's own example is a Fire-trained Wizard (l.1005, Adramelech)."""
DEFAULT_SCHOOL = "air"
"""The school of a Wizard whose player named none: the data's stats card's (and the starter book's, §20.4)."""


def chooses_school(mage: str, mode: str) -> bool:
    """Whether a player choosing ``mage`` also chooses its elemental school: the Wizard in the full game (an
    apprentice mage has no ability card, §3.2)."""
    return mage == "wizard" and mode == "full"


def check_school(mage: str, school: str | None) -> str | None:
    """The school as kept for ``mage`` (None for a mage that chooses none).

    :raises InvalidInput: mw.mage.bad_school
    """
    if mage != "wizard":
        return None
    school = school or DEFAULT_SCHOOL
    if school not in ELEMENTAL_SCHOOLS:
        raise InvalidInput("mw.mage.bad_school", school=str(school), schools=", ".join(ELEMENTAL_SCHOOLS))
    return school


def ability_card(mage: str, school: str | None = None) -> Mage:
    """The data's ability card (training, opposed schools, spell points) for book building (§15); for the Wizard,
    trained in Arcane and the elemental ``school`` chosen (default Air)."""
    found = mage_stats(check_mage(mage))
    if mage != "wizard":
        return found
    chosen = check_school(mage, school)
    return found.model_copy(update={"trained": [t for t in found.trained if str(t) not in ELEMENTAL_SCHOOLS]
                                    + [chosen]})


def has_ability(obj: dict[str, Any], name: str) -> bool:
    return name in obj.get("stats", {}).get("abilities", [])


def max_life(obj: dict[str, Any]) -> int:
    """A mage's current maximum life: printed life plus gains, minus permanent losses (§14.2, §14.3)."""
    s = obj["stats"]
    return s["life"] + obj["counters"].get("life_gained", 0) - obj["counters"].get("life_lost", 0)
