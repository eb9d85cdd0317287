"""How much of the card pool the engine referees by itself, card by card, honestly.

Each card gets one of three levels, with the reason (:func:`status`):

- ``automated``: every clause is enforced: its cost, targets, casting line and any attack are, and so is every
  sentence of its text and every trait it prints (by the duel's code, ``CODED``, or because its text only
  grants trait tags the combat modules read, or it has no text at all);
- ``partial``: it is cast, placed and fought with, but some clause is left to the players (the reason names
  it), who settle it with referee actions (``Adjust``, ``Note``);
- ``referee``: casting it only pays, targets and discards: its whole effect is settled by the players
  (``SpellNeedsReferee``).

``coverage()`` counts the ``automated`` cards: of the eight rulebook books' cards ("starter") and of the whole
pool. ``docs/rulings/magewars.md`` "Card coverage" lists the starter cards with :func:`markdown`; a test keeps
the two equal.
"""
from __future__ import annotations

import re

from engine.core.pack import UNKNOWN
from engine.magewars import spellbooks
from engine.magewars.cards import all_cards, card
from engine.magewars.pack import CardType
from engine.magewars.traits import DAMAGE_TYPES, parse_trait, text_tags

LEVELS = ("automated", "partial", "referee")

ENFORCED_TRAITS = {
    "Aegis", "Armor", "Blocks LOS", "Burnproof", "Channeling", "Charge", "Counterstrike", "Critical Damage",
    "Defrost", "Doublestrike", "Elusive", "Epic", "Ethereal", "Familiar", "Fast", "Finite Life", "Flying",
    "Incorporeal", "Legendary", "Life", "Living", "Magebind", "Magecast", "Mana Drain", "Mana Transfer",
    "Melee", "Nonliving", "Novice", "Passage Attacks", "Passage Blocked", "Pest", "Piercing", "Rage", "Ranged",
    "Reach", "Regenerate", "Slow", "Spawnpoint", "Sweeping", "Tough", "Triplestrike", "Unavoidable",
    "Uncontainable", "Unique", "Unmovable", "Upkeep", "Vampiric", "Zone Attack", "Zone Exclusive", "Armor -",
    "Bonus vs", "Heal", "Extendable", "Drain", "Spellbind", "Climbing", "Bloodthirsty", "Resilient",
}
"""Traits whose rule the engine applies in play: the combat modules' (traits.py) and the duel's (casting,
movement, round; book-building traits by spellbooks.problems)."""
TRAITS_LEFT = {
}
"""Printed traits whose rule is not (wholly) applied: a card printing one is at most ``partial``."""

CODED: dict[str, str] = {
    "Minor Heal": "heals the roll of 5 attack dice",
    "Heal": "heals the roll of 8 attack dice",
    "Dispel": "X = the enchantment's casting + reveal cost; destroys it",
    "Dissolve": "the caster picks an equipment on the mage; X = its cost; destroys it",
    "Force Push": "any direction; 3 more mana through a Passage Attacks wall",
    "Teleport": "3 mana per zone, at least 3; teleports (§7.7)",
    "Sleep": "X from the card's level table; Sleep marker; Psychic Immunity refuses it",
    "Nullify": "revealed in the Counter step against an opponent's incantation or enchantment; counters it",
    "Block": "revealed in the Avoid step; avoids the attack; destroyed (Unavoidable: without effect)",
    "Seeking Dispel": "destroys the hidden enchantment; no reveal window opens inside the casting",
    "Explode": "the caster picks an equipment on the mage; X = 6 + its cost; destroys it, then its flame attack",
    "Purge Magic": "destroys every enchantment on the target, hidden or revealed",
    "Group Heal": "each friendly Living creature in the zone heals its own roll of 5 dice",
    "Drain Life": "5 dice of direct damage; the caster heals what the target received; Magecast",
    "Drain Power": "8 dice: the mage loses that mana (what it has), the caster gains it; Magecast",
    "Rouse the Beast": "only a creature summoned this round, once per round; X = its level; readies it",
    "Charge": "Fast and Charge +1 until the end of the round",
    "Evade": "Elusive until the end of the round",
    "Call of the Wild": "every friendly animal gains Melee +1 until the end of the round",
    "Mana Flower": "its controller's mage channels 1 more (round.channeling); Zone Exclusive",
    "Mana Crystal": "its controller's mage channels 1 more (round.channeling); Zone Exclusive",
    "Moonglow Amulet": "the mage channels 1 more (round.channeling)",
    "Harmonize": "only on an object that channels; it channels 1 more (round.channeling)",
    "Decoy": "destroyed when revealed; its controller gains 2 mana whenever it is destroyed",
    "Hellfire Trap": "only a zone without enemy creatures; springs on an enemy entering: its attack",
    "Teleport Trap": "only a zone without enemy creatures; springs on an enemy entering: its controller "
                     "teleports it up to 2 zones",
    "Divine Intervention": "on reveal its controller may teleport the creature to any zone",
    "Chains of Agony": "1 direct damage for each move action",
    "Magebane": "1 direct damage each time the creature casts and resolves a spell",
    "Pacify": "its first melee or ranged attack each round costs 2 mana in the Declare step",
    "Suppression Cloak": "each creature's first melee attack on this mage each round costs 2 mana",
    "Lair": "its Planning spell is an animal creature, cast in Deployment (familiars.py)",
    "Battle Forge": "its Planning spell is an equipment, cast in Deployment (familiars.py)",
    "Huginn, Raven Familiar": "its Planning spell is a level 1-2 incantation, cast on its turn (familiars.py); "
                              "Raven's Eye shows its controller a hidden enchantment within 2 zones",
    "Wall of Thorns": "a level 2+ creature crossing it spends a full action; Passage Attacks; Extendable",
    "Wall of Stone": "no text; Passage Blocked, Blocks LOS, Extendable",
    "Highland Unicorn": "friendly Living creatures in its zone gain Regenerate 1 (auras.py)",
    "Mohktari, Great Tree of Life": "friendly Living creatures in its zone gain Regenerate 2 (auras.py)",
    "Rajan's Fury": "every animal creature gains Charge +1 (auras.py)",
    "Redclaw, Alpha Male": "other friendly canines in its zone gain Armor +1 and Melee +1 (auras.py)",
    "Sacred Ground": "friendly Living creatures in its zone gain Aegis 1 once revealed (auras.py)",
    "Tooth & Nail": "every animal's melee attacks gain Piercing +1 (auras.py, on the match's card copies)",
    "Blinding Flash": "a zone attack that leaves the caster out",
    "Electrify": "a zone attack that leaves the caster out",
    "Ring of Fire": "a zone attack that leaves the caster out",
    "Retaliate": "grants Counterstrike; destroyed after its first counterstrike (effects.py)",
    "Tanglevine": "Restrained and Unmovable while attached; not on Flying or Uncontainable creatures; no ranged "
                  "attack may target it",
    "Vampiric Strike": "the next melee attack this round gains Vampiric and Piercing +1 (effects.py)",
    "Perfect Strike": "the next melee attack this round gains Unavoidable (effects.py)",
    "Piercing Strike": "the next melee attack this round gains Piercing +3 (effects.py)",
    "Ring of Beasts": "once per round an animal creature spell costs 1 less (effects.discount)",
    "Ring of Curses": "once per round a curse costs 1 less to cast, or to reveal if an enchantment",
    "Ring of Asyra": "once per round a Holy incantation costs 1 less, a Holy enchantment 1 less to reveal",
    "Arcane Ring": "once per round a metamagic or mana spell costs 1 less (enchantments: to reveal)",
    "Helm of Fear": "a melee attack on its mage is cancelled on a d12 of 9+ (not Nonliving or Psychic Immune "
                    "attackers); the attacker may pick another target",
    "Mana Siphon": "the chosen mage (up to 2 zones, in LoS) channels 2 less while it stays; Zone Exclusive",
    "Marked for Death": "each creature's first attack on it each round rolls 1 more die (effects.extra_dice)",
    "Fireshaper Ring": "its mage's flame attacks roll 1 more die (effects.extra_dice)",
    "Dawnbreaker Ring": "its mage's light attacks roll 1 more die (effects.extra_dice)",
    "Mage Wand": "binds a non-Epic incantation, cast once per round from it (§9.9); Rebind for 3 mana",
    "Elemental Wand": "binds a non-Epic attack spell, cast once per round from it (§9.9); Rebind for 3 mana",
    "Goran, Werewolf Pet": "Bloodthirsty's forced melee on a wounded living enemy; +1 more beside his mage",
    "Pentagram": "1 mana per different enemy creature damaged by a friendly creature, 2 a round; summons Dark "
                 "Living creatures with 2 mana on it",
    "Temple of Asyra": "a friendly cleric's full action puts 1 mana on it, twice a round; summons Holy creatures "
                       "with 2 mana on it",
    "Valshalla, Lightning Angel": "a Wrath token (Melee +1, up to 4) once a round when a friend falls to an enemy "
                                  "creature's attack",
    "Blue Gremlin": "pay 1 on activation: Fast this round, each move a teleport to the next zone",
    "Necropian Vampiress": "pay 1 on activation: Flying until the end of her turn",
    "Staff of Beasts": "once per round, 2 mana: an animal within 1 zone gets Melee +2 this round or heals 2 dice",
    "Crown of Protection": "once per round, 2 mana: an Armor +1 token on a Living non-Mage creature within 1 zone",
    "Jinx": "revealed when its creature casts a quick spell: cancelled, refunded, back to the book",
    "Mountain Gorilla": "Climbing: a full action over a corporeal Passage Blocked barrier",
    "Wall of Fire": "Passage Attacks, Blocks LOS, Extendable; Hydro attacks gain Ethereal against it",
    "Knockdown": "Incapacitated (a Slam marker held by Knockdown) until its next activation or the round's end; "
                 "not Unmovable creatures",
    "Battle Fury": "after its next melee attack this round one more quick melee attack; once a round each",
    "Lay Hands": "heals 12 dice; removes the chosen conditions for their removal costs",
    "Purify": "removes the chosen poison conditions and destroys chosen revealed poison enchantments; X their "
              "costs",
    "Resurrection": "a Living creature of the caster's discard pile summoned in its zone; X = cost + level",
    "Shift Enchantment": "one of the caster's enchantments to a new legal target in range and LoS; X = 1 hidden, "
                         "its level revealed",
    "Steal Enchantment": "a revealed enchantment to a new legal target, now the caster's; X = its casting and "
                         "reveal cost twice (Magebind on a mage)",
    "Hand of Bim-Shalla": "once a round before or after a friendly creature's turn: Armor +1 or Melee +1 this round, "
                          "or heal 1",
    "Chain Lightning": "after each damaging link its caster may attack another target within 1 zone of the last, "
                       "in its LoS, never twice; 1 die and 1 effect fewer per link",
    "Reverse Magic": "revealed when an opponent's incantation or enchantment targets its creature: the spell is "
                     "its controller's, aimed at the caster",
}
"""Cards whose whole text the duel's code runs (casting.py, movement.py, round.py, system.py)."""

COMBAT_TEXT: dict[str, str] = {
    "Maim Wings": "its creature loses Flying (stats.traits); enchantments in conflict apply in reveal order, the "
                  "later overriding (seed 001 l.645)",
    "Force Hold": "Restrained and Unmovable (auras.py, stats.py); an Uncontainable creature is not affected",
    "Reverse Attack": "revealed in the Avoid step (mandatory, paid): the attack is avoided and made against its "
                      "attacker for Roll Dice and Damage and Effects; Unavoidable or unpaid: destroyed without "
                      "effect (combat._reverse_attack)",
    "Agony": "its non-spell attacks roll 2 fewer dice (stats.attack_penalty)",
    "Ghoul Rot": "2 direct poison damage to its creature each Upkeep (conditions.upkeep; text from the OCTGN module's "
                 "rulings list, data/magewars/card_texts.json)",
    "Circle of Lightning": "grants its damage barrier (stats.damage_barrier)",
    "Demonhide Armor": "grants Armor +2 and its damage barrier (stats.damage_barrier)",
}
"""Cards whose text the combat modules (stats.py, combat.py) enforce."""

LEFT: dict[str, tuple[str, str]] = {
}
"""Starter cards known to leave a clause to the players: name -> (level, reason)."""

_DEFENSE_TAG = re.compile(r"^Defense \d+\+")
_GRANTS = re.compile(r"^(?:This creature|This object|Mage|Target|The target)\b[^.]*\bgains?\b[^.]*\.?$", re.I)
_BOOK_ONLY = re.compile(r"^(?:\w+ )?(?:Mage )?Only$")


def _trait_name(text: str) -> str:
    t = parse_trait(text)
    return t.name if t.known else text


def _trait_problem(traits: list[str]) -> str | None:
    for raw in traits:
        if _BOOK_ONLY.match(raw):
            continue  # Mage-only / School-only: book building, spellbooks.problems
        name = _trait_name(raw)
        if name in TRAITS_LEFT:
            return TRAITS_LEFT[name]
        if not _enforced(name):
            return f"the trait {raw} is not applied"
    return None


def _enforced(name: str) -> bool:
    return name in ENFORCED_TRAITS or name in DAMAGE_TYPES or name.endswith("Immunity")


def _plain_text(c) -> bool:
    """Text that only grants trait tags the combat modules read: "This creature gains Armor +2. [Armor +2]"."""
    tags = text_tags(c.text)
    prose = re.sub(r"\[[^\]]*\]", "", c.text or "").strip()
    if not tags or not _GRANTS.match(prose) or "\n" in prose:
        return False
    return all(_DEFENSE_TAG.match(t) or _enforced(_trait_name(t)) for t in tags)


def status(name: str) -> tuple[str, str]:
    """``(level, reason)`` for card ``name`` (module docstring)."""
    c = card(name)
    if name in LEFT:
        return LEFT[name]
    bar_traits = [t.trait for a in c.attacks for t in a.traits]
    problem = _trait_problem(list(c.traits)) or _trait_problem(bar_traits)
    if c.text == UNKNOWN:
        return "referee", ("its text is unknown: not in the card data nor found in public sources "
                           "(data/magewars/card_texts.json); the players settle it")
    if name in CODED or name in COMBAT_TEXT:
        return ("partial", problem) if problem else ("automated", CODED.get(name) or COMBAT_TEXT[name])
    if c.type == CardType.INCANTATION:
        return "referee", "its effect is settled with referee actions"
    if problem:
        return "partial", problem
    if not (c.text or "").strip():
        if c.type in (CardType.CREATURE, CardType.ATTACK) or c.attacks or "Wall" in c.subtypes:
            return "automated", "no text: numbers, attacks and traits from the card data"
        return "referee", "the card data has no text for it: its effect is settled by the players"
    if c.type in (CardType.ENCHANTMENT, CardType.EQUIPMENT, CardType.CONJURATION) and _plain_text(c):
        return "automated", "grants " + ", ".join(text_tags(c.text))
    first = re.split(r"(?<=\.)\s", (c.text or "").strip())[0]
    if c.type == CardType.ENCHANTMENT and not text_tags(c.text):
        return "referee", f"its text is not enforced: \"{first[:90]}\""
    return "partial", f"text not enforced: \"{first[:90]}\""


def starter_names() -> set[str]:
    """The cards of the rulebook's eight books (§20.3, §20.4)."""
    return {name for b in spellbooks.book_ids() for name in spellbooks.contents(b)}


def _count(names: set[str]) -> tuple[int, int]:
    return sum(1 for n in names if status(n)[0] == "automated"), len(names)


def coverage() -> dict[str, str]:
    """``{"starter": "N of M", "pool": "N of M"}``: cards whose every clause is enforced."""
    s, pool = _count(starter_names()), _count(set(all_cards()))
    return {"starter": f"{s[0]} of {s[1]}", "pool": f"{pool[0]} of {pool[1]}"}


def missing_starter() -> list[str]:
    """The starter cards with a clause still settled by referee actions."""
    return sorted(n for n in starter_names() if status(n)[0] != "automated")


def markdown() -> str:
    """The "Card coverage" list of the rulings file: each starter card, its level and why."""
    lines = [f"Starter cards automated: {coverage()['starter']}; whole pool: {coverage()['pool']} "
             "(generated by `engine.magewars.coverage.markdown()`).", ""]
    for level in LEVELS:
        names = sorted(n for n in starter_names() if status(n)[0] == level)
        lines += [f"### {level.capitalize()} ({len(names)})", ""]
        lines += [f"- **{n}** ({card(n).type}): {status(n)[1]}" for n in names]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def write_rulings(path: str = "docs/rulings/magewars.md") -> bool:
    """Rewrite the rulings file's "Card coverage" section with :func:`markdown`; True when it changed."""
    from pathlib import Path
    file = Path(path)
    text = file.read_text(encoding="utf-8")
    new = re.sub(r"(^## Card coverage\n\n)(.*?)(?=^## |\Z)", lambda m: m.group(1) + markdown() + "\n", text,
                 count=1, flags=re.S | re.M)
    file.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":  # python -m engine.magewars.coverage: regenerate docs/rulings/magewars.md's list
    print("rewritten" if write_rulings() else "unchanged", coverage())
