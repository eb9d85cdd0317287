"""Mage Wars Arena traits: read from a card's printed traits and its ``[Trait]`` tags, combined as §13 says.

A trait is a name and maybe a number: ``Aegis 1``, ``Lightning +2``, ``Flying``. Numbers with a sign add up
across sources (Lightning +1 and Lightning -2 make Lightning -1); numbers without a sign do not stack, the
highest counts (Regenerate 2 and Regenerate 3 make Regenerate 3). A trait this module does not know is kept
as it was printed, never dropped (:attr:`Trait.known` is False), so a card still shows it and a referee can
settle it. Where each rule is applied: :mod:`engine.magewars.combat` (attack traits, Aegis, damage types,
Elusive...), :mod:`engine.magewars.conditions` (Burnproof, Regenerate...), :mod:`engine.magewars.stats`
(implied traits, Armor, Life). "§" is a section of ``shared/rules/magewars.md``; "Codex.txt" is the OCTGN
module's compiled codex (sIKE23/Mage-Wars ``scripts/scriptText/Codex.txt`` @ ``1c671f10``), read for the
traits of expansions the rulebook does not cover.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

DAMAGE_TYPES = ("Flame", "Hydro", "Light", "Lightning", "Poison", "Psychic", "Wind", "Acid", "Frost")
"""Damage types (§10.10; Acid and Frost from the card data's expansions)."""
ALWAYS_ETHEREAL = ("Lightning", "Wind")
"""Lightning and Wind attacks always have Ethereal (§10.10)."""
POISON_CONDITIONS = ("Rot", "Weak", "Cripple", "Tainted", "Bleed")
"""Conditions Poison Immunity keeps off (§12.1 categories; Tainted per Codex.txt)."""
ARMOR_CROSSED = "Armor -"
"""The trait the shipped card data writes for a crossed-out armor icon (``data/magewars/build_cards.py``)."""

KNOWN: dict[str, str] = {
    "Aegis": "§13: attacks against it roll X fewer dice, minimum 1; does not stack",
    "Armor": "§13: modifies armor, never below 0",
    "Bloodthirsty": "§13: +X dice on a melee attack against a damaged living creature (first attack only)",
    "Burnproof": "§13: cannot gain Burn",
    "Charge": "§13: +X dice on its next melee attack made right after moving at least one zone",
    "Counterstrike": "§10.8: a quick melee attack with it may strike back at a melee attacker",
    "Doublestrike": "§10.3 step 7: one more strike against the same target",
    "Elusive": "§7.5, §11: cannot be hindered; need not attack enemy guards",
    "Ethereal": "§9.5: counts every result against incorporeal objects and applies its effects to them",
    "Fast": "§7.1: two moves, then a quick action",
    "Finite Life": "§10.11: cannot be healed, regenerate or gain life",
    "Flying": "§7.4: ignores barriers and non-flyers; only Reach melees it",
    "Immunity": "§10.10: unaffected by attacks, damage, conditions and effects of that type",
    "Incorporeal": "§9.5: only 1s of non-Ethereal attacks count; Nonliving, Burnproof, Uncontainable; no armor",
    "Life": "§9.5: changes maximum life",
    "Living": "§9.5: can be healed, regenerate and gain life",
    "Mana Drain": "§8: damaging an enemy creature drains X mana from its controller (first attack only)",
    "Mana Transfer": "§8: as Mana Drain, and the attacker's controller gains it",
    "Melee": "§13: +X dice on melee attacks (first attack only)",
    "Nonliving": "§9.5: Poison Immunity and Finite Life",
    "Pest": "§7.5 (Bug): cannot hinder; may be ignored when guarding",
    "Piercing": "§13: lowers the target's armor by X for this attack",
    "Psychic Immunity": "§10.10: immune to psychic; every conjuration has it",
    "Poison Immunity": "§10.10: immune to poison; every Nonliving object has it",
    "Rage": "§13: a Rage token each time an enemy creature damages it, up to X; Melee +1 per token",
    "Ranged": "§13: +X dice on ranged attacks, not zone attacks (first attack only)",
    "Reach": "§13: this melee attack can target flying creatures",
    "Regenerate": "§10.11: removes X damage each Upkeep; does not stack",
    "Resilient": "Codex.txt: ignores all non-critical damage from attacks",
    "Slow": "§7.1: a move action ends its turn",
    "Sweeping": "§13: two attacks against different targets in the same zone",
    "Tough": "§13: subtract X from effect rolls of attacks against it",
    "Triplestrike": "§10.3 step 7: two more strikes against the same target",
    "Unavoidable": "§10.4: no defense can be used against it",
    "Uncontainable": "§12.2: cannot be Restrained",
    "Unmovable": "§7.6: cannot be pushed",
    "Unstoppable": "Codex.txt: cannot be hindered; Unmovable and Uncontainable",
    "Vampiric": "§13: the attacker heals half the damage dealt, rounded up (first attack only)",
    "Vigilant": "Codex.txt: at the end of its action turn it may place a Guard marker on itself",
    "Zone Attack": "§10.6: attacks every creature and conjuration in the target zone; Unavoidable",
    "Invisible": "Codex.txt: cannot be targeted; also Pest and Elusive",
    "Rooted": "Codex.txt: no move actions; Unmovable",
    "Upkeep": "§8: pay X each Upkeep or the object is destroyed",
    "Channeling": "§8: modifies channeling, never below 0",
    "Critical Damage": "card data: this attack's hits all count as critical",
    "Lumbering": "Codex.txt: always hindered",
    "Indestructible": "Codex.txt: cannot be damaged",
    "Legendary": "§13: one copy in play", "Unique": "§13: one copy in play per player",
    "Epic": "§15: one copy per spellbook", "Novice": "§15: 1 spell point",
    "Extendable": "§9.6", "Passage Attacks": "§9.6", "Passage Blocked": "§9.6", "Blocks LOS": "§9.6",
    "Spawnpoint": "§9.6", "Familiar": "§9.5", "Magebind": "§9.7", "Spellbind": "§9.9", "Zone Exclusive": "§9.6",
    "Climbing": "§7.5", "Defrost": "§10.10: no effect",
    ARMOR_CROSSED: "§9.5, §13: a crossed-out armor icon: it never has armor, whatever Armor +X it gains",
}
"""Every trait name this module knows, with where its rule is: §-sections, or Codex.txt for expansions."""
KNOWN.update({f"{t} Immunity": "§10.10: immune to this damage type" for t in DAMAGE_TYPES})
KNOWN.update({t: "§10.10: attacks of this type get ±X dice and ±X on the effect roll" for t in DAMAGE_TYPES})

_ALIASES = {"Non-living": "Nonliving", "Bug": "Pest", "Passage Attack": "Passage Attacks", "Blocks LoS": "Blocks LOS",
            "UpKip": "Upkeep", "Mage Cast": "Magecast", "Disspiate": "Dissipate", "Armour": "Armor"}
_NUMBERED = re.compile(r"^(?P<name>[A-Za-z' ]*[A-Za-z'])\s*(?P<num>[+-]\s*(?:\d+|X)|\d+|X)$")
_TAG = re.compile(r"\[([^\[\]]+)\]")


@dataclass(frozen=True, slots=True)
class Trait:
    """One trait: its name and number, and whether the number carries a sign (signed numbers add up, §13).

    >>> parse_trait("Lightning +2")
    Trait(name='Lightning', value=2, signed=True, text='Lightning +2', known=True)
    >>> parse_trait("Regenerate 2").signed, parse_trait("Walks on water").known
    (False, False)
    """

    name: str
    """The trait's name, in the card data's English (``Aegis``, ``Flame Immunity``)."""
    value: int | None = None
    """Its number; None when it has none (``Flying``) or it is a variable X."""
    signed: bool = False
    """True when printed with + or − (adds up with other copies); False: only the highest counts."""
    text: str = ""
    """As printed."""
    known: bool = True
    """False for a trait whose rule this engine does not apply: it is kept and shown, not dropped."""

    def notation(self) -> str:
        """The trait as printed on a card (``Lightning +2``, ``Aegis 1``, ``Flying``)."""
        if self.value is None:
            return self.name
        return f"{self.name} {self.value:+d}" if self.signed else f"{self.name} {self.value}"


def parse_trait(text: str) -> Trait:
    """One printed trait (``Melee +1``, ``Aegis 1``, ``Flame Immunity``, ``Non-living``); unknown ones kept as text."""
    raw = " ".join(text.split())
    m = _NUMBERED.match(raw)
    name, value, signed = raw, None, False
    if m:
        name, num = m["name"].strip(), m["num"].replace(" ", "")
        signed = num[0] in "+-"
        value = None if num.lstrip("+-") == "X" else int(num)
    name = _ALIASES.get(name, name)
    return Trait(name, value, signed, raw, name in KNOWN)


def parse_traits(texts: Iterable[str]) -> list[Trait]:
    """Every printed trait of a list, in order."""
    return [parse_trait(t) for t in texts if t and t.strip()]


def text_tags(text: str | None) -> list[str]:
    """The ``[Tag]`` marks of a card's text (``[Melee +2]``, ``[Defense 7+ 1x]``): what it grants, machine-readable."""
    return [t.strip() for t in _TAG.findall(text or "")]


@dataclass(frozen=True, slots=True)
class Traits:
    """An object's traits, combined by §13's stacking rule; look-ups by name."""

    by_name: Mapping[str, Trait]
    """Each trait once, combined."""

    def has(self, name: str) -> bool:
        """True when the object has the trait (a signed trait summing to 0 still counts)."""
        return name in self.by_name

    def value(self, name: str, default: int = 0) -> int:
        """The trait's combined number, or ``default``."""
        t = self.by_name.get(name)
        return default if t is None or t.value is None else t.value

    def damage_modifier(self, damage_type: str | None) -> int:
        """The ``<Type> ±X`` modifier against attacks of ``damage_type`` (§10.10), 0 for none."""
        return self.value(damage_type) if damage_type else 0

    def immune(self, damage_type: str | None) -> bool:
        """Immune to ``damage_type`` (§10.10): unaffected by its attacks, damage, conditions and effects."""
        return bool(damage_type) and self.has(f"{damage_type} Immunity")

    def unknown(self) -> list[str]:
        """Traits kept as printed whose rule the engine does not apply."""
        return sorted(t.text or t.name for t in self.by_name.values() if not t.known)

    def names(self) -> list[str]:
        """Every trait as printed after combining, sorted."""
        return sorted(t.notation() for t in self.by_name.values())


def combine(traits: Iterable[Trait]) -> Traits:
    """Combine traits from every source (§13): signed numbers add up, unsigned ones keep the highest.

    >>> combine(parse_traits(["Lightning +1", "Lightning -2", "Regenerate 2", "Regenerate 3"])).names()
    ['Lightning -1', 'Regenerate 3']
    """
    out: dict[str, Trait] = {}
    for t in traits:
        old = out.get(t.name)
        if old is None or old.value is None:
            out[t.name] = t if old is None or t.value is not None else old
        elif t.value is not None:
            if t.signed and old.signed:
                total = old.value + t.value
                out[t.name] = Trait(t.name, total, True, f"{t.name} {total:+d}", t.known)
            elif t.value > old.value:
                out[t.name] = t
    return Traits(out)


IMPLIED: dict[str, tuple[str, ...]] = {
    "Incorporeal": ("Nonliving", "Burnproof", "Uncontainable"),
    "Nonliving": ("Poison Immunity", "Finite Life"),
    "Unstoppable": ("Unmovable", "Uncontainable"),
    "Invisible": ("Pest", "Elusive"),
    "Rooted": ("Unmovable",),
}
"""Traits that bring others (§9.5, §13; Codex.txt for Unstoppable, Invisible, Rooted)."""
CONJURATION_TRAITS = ("Psychic Immunity", "Unmovable")
"""Every conjuration has these, and Nonliving unless it has Living (§9.6)."""


def with_implied(traits: Iterable[Trait], *, kind: str) -> Traits:
    """Traits plus those they imply and those of the object's kind (§9.5, §9.6).

    >>> with_implied(parse_traits(["Incorporeal"]), kind="creature").has("Poison Immunity")
    True
    """
    base = list(traits)
    names = {t.name for t in base}
    if kind == "conjuration":
        base += [Trait(n, text=n) for n in CONJURATION_TRAITS]
        if "Living" not in names:
            base.append(Trait("Nonliving", text="Nonliving"))
    todo = [t.name for t in base]
    while todo:
        for extra in IMPLIED.get(todo.pop(), ()):
            if extra not in names:
                names.add(extra)
                base.append(Trait(extra, text=extra))
                todo.append(extra)
    return combine(base)
