"""Mage Wars Arena data packs: spell cards, mage cards and spellbooks, in the shape of the shipped card data.

A pack document is the shared envelope (the fields of :class:`~engine.core.pack.PackHeader`) plus ``entries``,
a :class:`MageWarsPack`: spell ``cards`` (the six spell types of §9.1), ``mages`` (a mage's ability card, §14)
and ``spellbooks`` (§15). Field names follow the game's vocabulary (casting cost, casting speed, attack bar,
effect roll, spell points, training); "§" is a section of ``shared/rules/magewars.md``. The fields mirror the
public card facts of the OCTGN module (``shared/data-sources/magewars/cards.json``): a pack built from it keeps
its names and numbers; a pack typed from the rulebook writes ``unknown`` (``Maybe``) for every number no source
gives (§20.1, §20.6), and :func:`engine.core.pack.unknowns` lists them.

Card names and texts belong to their publisher (Arcane Wonders): the project ships no card pack; a community
imports its own. :func:`check` finds what a schema cannot: duplicate ids, spellbooks naming missing cards or
mages, copy limits and the spell-point budget of §15 (spell level ×1 trained, ×2 untrained, ×3 opposed;
"and" schools summed, "or" schools the cheapest; Novice spells 1 point).
"""
from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from engine.core.pack import UNKNOWN, Id, Maybe, PackHeader, Problem, Strict, Text, document_schema

Name = Annotated[str, Field(min_length=1, max_length=100)]
Cost = Annotated[int, Field(ge=0, le=60)]
Level = Annotated[int, Field(ge=0, le=12)]
Zones = Annotated[int, Field(ge=0, le=12)]
Life = Annotated[int, Field(ge=0, le=100)]
Armor = Annotated[int, Field(ge=0, le=20)]
Channeling = Annotated[int, Field(ge=0, le=20)]
Dice = Annotated[int, Field(ge=0, le=20)]
D12 = Annotated[int, Field(ge=1, le=12)]
EffectRoll = Annotated[int, Field(ge=1, le=24)]
"""A modified effect-die result: a d12 plus bonuses, so a printed row may start above 12 ("13+", §10.5)."""
Copies = Annotated[int, Field(ge=1, le=12)]
Points = Annotated[int, Field(ge=0, le=500)]
Variable = Literal["X"]
"""A value the caster chooses when casting (§9.2, "announce the value of X")."""

MAGE_LEVEL = 6
"""A mage is a level 6 creature for all purposes (§9.1, §14)."""
STARTING_MANA = 10
"""Every mage starts with 10 mana (§14)."""
MAX_COPIES = {1: 6}
HIGHER_LEVEL_COPIES = 4
EPIC_COPIES = 1
"""Copies of one spell in a spellbook (§15): 6 of a level-1 spell, 4 of any higher level, 1 if Epic."""
TRAINED, UNTRAINED, OPPOSED = 1, 2, 3
"""Spell-point cost per level (§15): trained ×1, not trained ×2, opposed ×3."""
NOVICE_POINTS = 1
"""A Novice spell always costs 1 spell point (§15)."""


class CardType(StrEnum):
    """The card type (tipo, §9.1)."""

    CREATURE = "creature"
    """Criatura (§9.5)."""
    CONJURATION = "conjuration"
    """Conjuro (§9.6), walls and terrain included (see ``subtypes``)."""
    ENCHANTMENT = "enchantment"
    """Encantamiento (§9.7)."""
    INCANTATION = "incantation"
    """Sortilegio (§9.4)."""
    EQUIPMENT = "equipment"
    """Equipo (§9.8)."""
    ATTACK = "attack"
    """Ataque (§9.3): a spell that is an attack."""
    MAGE = "mage"
    """A mage's ability card (§14): written in ``mages``, never in ``cards``."""


class Speed(StrEnum):
    """The action icon (§9.1, §10.2)."""

    QUICK = "quick"
    """Lightning bolt: a quick action or the quickcast action."""
    FULL = "full"
    """Hourglass: a full action."""


class School(StrEnum):
    """The schools of magic (escuelas, §15): six major, four elemental."""

    DARK = "dark"
    HOLY = "holy"
    MIND = "mind"
    ARCANE = "arcane"
    WAR = "war"
    NATURE = "nature"
    EARTH = "earth"
    WATER = "water"
    AIR = "air"
    FIRE = "fire"


class Joined(StrEnum):
    """How a multi-school spell's schools are joined (§15)."""

    AND = "and"
    """"&": the spell belongs to every school; its level is the sum, and every school is paid."""
    OR = "or"
    """"O": the builder chooses one school; the level shown for it is paid."""


class RangeType(StrEnum):
    """An attack's kind (§10.2, §10.7, §20.2)."""

    MELEE = "melee"
    """Cuerpo a cuerpo: the target is in the attacker's zone."""
    RANGED = "ranged"
    """A distancia, with a min-max range; attack spells are always ranged (§9.3)."""
    DAMAGE_BARRIER = "damage_barrier"
    """Defensa automática: attacks a creature that attacks the object in melee (§10.7)."""
    PASSAGE_ATTACK = "passage_attack"
    """A wall's attack on what crosses it (e.g. Wall of Fire, §20.2)."""


class DamageType(StrEnum):
    """The damage type icon of an attack (§10.10), as the card data names them."""

    FLAME = "flame"
    LIGHTNING = "lightning"
    LIGHT = "light"
    WIND = "wind"
    HYDRO = "hydro"
    POISON = "poison"
    ACID = "acid"
    PSYCHIC = "psychic"
    FROST = "frost"
    AIR = "air"


class ZoneRange(Strict):
    """A range "min-max" in zones (§2.2): "0-1" is the caster's zone and the adjacent ones."""

    min: Zones
    max: Zones

    @model_validator(mode="after")
    def _ordered(self) -> ZoneRange:
        if self.min > self.max:
            raise ValueError("min is larger than max")
        return self


class SchoolLevel(Strict):
    """One school of a spell and its level in it (escuela y nivel, §9.1)."""

    school: Maybe[School] = Field(description="The school (escuela)")
    level: Maybe[Level] = Field(description="The level shown for this school (nivel)")


class Effect(Strict):
    """One result of an effect roll: a condition marker and how many (e.g. "2 Burn")."""

    condition: Name = Field(description="Condition or effect (Daze, Stun, Burn, Push...; §12.1)")
    count: Annotated[int, Field(ge=1, le=10)] = Field(default=1, description="How many markers")


class EffectRow(Strict):
    """A row of the additional-effects box (§10.2, §10.5): a d12 result range and its effects, "7-10 = Daze";
    a row above 12 ("13+") is reached only with bonuses."""

    min: EffectRoll = Field(description="Lowest modified d12 result of the row")
    max: EffectRoll | None = Field(default=None, description="Highest d12 result; null: and up (\"11+\")")
    effects: Annotated[list[Effect], Field(min_length=1)]

    @model_validator(mode="after")
    def _ordered(self) -> EffectRow:
        if self.max is not None and self.min > self.max:
            raise ValueError("min is larger than max")
        return self


class AttackTrait(Strict):
    """An attack trait (§10.2, §13): Piercing +2, Ethereal, Unavoidable, "+1 vs. Nonliving Creatures"..."""

    trait: Name = Field(description="The trait's name; \"Bonus vs\" for a bonus against some targets")
    value: Maybe[Annotated[int, Field(ge=-20, le=20)]] | None = Field(default=None, description="Its number")
    vs: Name | None = Field(default=None, description="Against what the bonus applies")


class Attack(Strict):
    """An attack bar (recuadro de ataque, §10.2); an attack spell's bar uses the spell's speed and range (§9.3)."""

    name: Maybe[Name] = Field(description="The attack's name (an attack spell's is the spell's)")
    speed: Maybe[Speed] | None = Field(default=None, description="Action icon; null: the spell's casting speed")
    range_type: Maybe[RangeType] = Field(description="Melee, ranged, damage barrier or passage attack")
    range: Maybe[ZoneRange] | None = Field(default=None, description="Ranged min-max zones; null for melee")
    damage_type: DamageType | None = Field(default=None, description="Damage type icon, if any (§10.10)")
    dice: Maybe[Dice | Variable] = Field(description="Attack dice (the red square, §10.5); X: variable")
    effect_table: list[EffectRow] = Field(default=[], description="The d12 effect roll's rows (§10.5)")
    traits: list[AttackTrait] = Field(default=[], description="Attack traits (§13)")
    notes: list[Text] = Field(default=[], description="Clauses of the bar not modelled above, as free text")


class Defense(Strict):
    """A defense (defensa, §10.4): a d12 threshold and its uses per round."""

    threshold: Maybe[D12] = Field(description="The d12 result needed to avoid the attack (the large number)")
    uses: Maybe[Annotated[int, Field(ge=1, le=10)]] | Literal["unlimited"] = Field(
        description="Uses per round (\"1x\"), or unlimited (∞)")
    no_ranged: bool = Field(default=False, description="Cannot be used against ranged attacks")
    no_melee: bool = Field(default=False, description="Cannot be used against melee attacks")


class Card(Strict):
    """A spell card (hechizo, §9.1): its casting line, school and level, and what it prints."""

    id: Id
    name: Name = Field(description="Card name")
    type: CardType = Field(description="Spell type (§9.1)")
    subtypes: list[Name] = Field(default=[], description="Subtypes (Animal, Demon, Curse, Wall, Terrain...)")
    schools: Annotated[list[SchoolLevel], Field(min_length=1)] = Field(description="School(s) and level(s)")
    joined: Joined = Field(default=Joined.AND, description="With two or more schools: \"&\" (and) or \"O\" (or)")
    cost: Maybe[Cost | Variable] = Field(description="Casting cost in mana (coste de lanzamiento); X: variable")
    reveal_cost: Maybe[Cost | Variable] | None = Field(
        default=None, description="An enchantment's reveal cost (the \"+3\" of \"2+3\", §9.7); null: none")
    casting_speed: Maybe[Speed] = Field(description="Action icon of the casting line: quick or full (§9.2)")
    range: Maybe[ZoneRange] = Field(description="Casting range min-max in zones (creatures 0-0, §9.5)")
    target: Maybe[Name] = Field(description="Target of the casting line (\"Zone\", \"Living Creature\"...)")
    life: Maybe[Life] | None = Field(default=None, description="Life (vida): creatures and conjurations")
    armor: Maybe[Armor] | None = Field(default=None, description="Armor (armadura): creatures and conjurations")
    channeling: Maybe[Channeling] | None = Field(default=None, description="Channeling (e.g. a spawnpoint's)")
    defense: Defense | None = Field(default=None, description="The golden shield's defense, if any (§10.4)")
    slot: Name | None = Field(default=None, description="An equipment's location (Weapon, Chest, Ring...)")
    attacks: list[Attack] = Field(default=[], description="Attack bars; an attack spell has exactly one")
    traits: list[Name] = Field(
        default=[], description="Traits as printed (Flying, Aegis 1, Magebind +2, Novice, Epic, Warlock Only...)")
    text: Maybe[Text] | None = Field(default=None, description="Effect text; the publisher's, keep it attributed")

    def level(self) -> int | str:
        """The spell's level (§15): "and" schools summed, "or" the lowest; ``unknown`` if a level is."""
        levels = [s.level for s in self.schools]
        if UNKNOWN in levels:
            return UNKNOWN
        return sum(levels) if self.joined == Joined.AND else min(levels)


class Ability(Strict):
    """A mage ability printed on the ability card (§14), e.g. Combat Skill."""

    name: Name
    text: Maybe[Text] = Field(description="The ability as printed, or a summary of it")


class Mage(Strict):
    """A mage's ability card (§14): a level 6 creature with its training and spell points."""

    id: Id
    name: Name = Field(description="Class (Beastmaster, Priestess, Warlock, Wizard...)")
    subtypes: list[Name] = Field(default=[], description="Creature subtype: race (e.g. Human)")
    spellbook_points: Maybe[Points] = Field(description="Spell points for its spellbook (puntos para hechizos)")
    life: Maybe[Life] = Field(description="Life (vida)")
    armor: Maybe[Armor] = Field(default=0, description="Armor (armadura): most mages have 0")
    channeling: Maybe[Channeling] = Field(description="Mana channeled each round (canalización)")
    trained: list[School] = Field(default=[], description="Schools it is trained in (instrucción): cost ×1")
    opposed: list[School] = Field(default=[], description="Opposed schools: cost ×3; any other ×2")
    training: Maybe[Text] | None = Field(
        default=None, description="Training as printed, for what the two lists cannot say (level limits...)")
    abilities: list[Ability] = Field(default=[], description="Mage abilities (habilidades)")
    attacks: list[Attack] = Field(default=[], description="Its own attack bars besides the basic melee attack")
    traits: list[Name] = Field(default=[], description="Traits as printed on the stats card (Melee +1, Fast...)")
    defense: Defense | None = Field(default=None, description="A defense printed on the stats card (§10.4)")


class SpellbookEntry(Strict):
    """Copies of one spell in a spellbook."""

    card: Id = Field(description="A card of `cards`")
    copies: Copies = Field(default=1, description="Number of copies")


class Spellbook(Strict):
    """A spellbook (libro de hechizos, §15) for one mage."""

    id: Id
    name: Name
    mage: Id = Field(description="The mage it is built for, an entry of `mages`")
    cards: Annotated[list[SpellbookEntry], Field(min_length=1)]


class MageWarsPack(Strict):
    """The entries of a Mage Wars Arena pack (the document's ``entries``)."""

    cards: list[Card] = Field(default=[], description="Spell cards (hechizos)")
    mages: list[Mage] = Field(default=[], description="Mage ability cards (magos)")
    spellbooks: list[Spellbook] = Field(default=[], description="Spellbooks (libros de hechizos)")


class MageWarsDocument(PackHeader):
    """A whole pack document: the shared envelope's fields and the game's ``entries``."""

    entries: MageWarsPack



def multiplier(mage: Mage, school: School) -> int:
    """Spell points per level of ``school`` for ``mage`` (§15)."""
    if school in mage.opposed:
        return OPPOSED
    return TRAINED if school in mage.trained else UNTRAINED


def spell_points(card: Card, mage: Mage) -> int | str:
    """What one copy of ``card`` costs ``mage`` in spell points (§15), or ``unknown``.

    Adramelech (Fire 2 & Dark 4) costs the Warlock 6 and a Wizard trained in Fire only 2 + 4×2 = 10;
    the Elemental Wand (level 2, Earth, Water, Air or Fire) costs the Warlock 2.
    """
    if "Novice" in card.traits:
        return NOVICE_POINTS
    if any(UNKNOWN in (s.school, s.level) for s in card.schools):
        return UNKNOWN
    costs = [s.level * multiplier(mage, s.school) for s in card.schools]
    return sum(costs) if card.joined == Joined.AND else min(costs)


def max_copies(card: Card) -> int | None:
    """The copy limit of §15, or None if the level is unknown."""
    if "Epic" in card.traits:
        return EPIC_COPIES
    level = card.level()
    if level == UNKNOWN:
        return None
    return MAX_COPIES.get(level, HIGHER_LEVEL_COPIES)


def check(pack: MageWarsPack) -> list[Problem]:
    """Every cross-reference and spellbook problem of a pack's entries (empty when they are sound); paths start
    with ``entries.``, as in the document."""
    return [Problem(f"entries.{p.path}", p.value, p.expected) for p in _check(pack)]


def _check(pack: MageWarsPack) -> list[Problem]:
    problems: list[Problem] = []
    for name in ("cards", "mages", "spellbooks"):
        seen: set[str] = set()
        for i, entry in enumerate(getattr(pack, name)):
            if entry.id in seen:
                problems.append(Problem(f"{name}[{i}].id", entry.id, "an id used once"))
            seen.add(entry.id)
    for i, card in enumerate(pack.cards):
        if card.type == CardType.MAGE:
            problems.append(Problem(f"cards[{i}].type", str(card.type), "a spell type: mage cards go in `mages`"))
        if card.type == CardType.ATTACK and len(card.attacks) != 1:
            problems.append(Problem(f"cards[{i}].attacks", str(len(card.attacks)), "one attack bar (§9.3)"))
        if len(card.schools) == 1 and card.joined == Joined.OR:
            problems.append(Problem(f"cards[{i}].joined", str(card.joined), "and: the spell has one school"))
    for i, mage in enumerate(pack.mages):
        for k, school in enumerate(mage.opposed):
            if school in mage.trained:
                problems.append(Problem(f"mages[{i}].opposed[{k}]", str(school), "a school it is not trained in"))
    cards = {c.id: c for c in pack.cards}
    mages = {m.id: m for m in pack.mages}
    for i, book in enumerate(pack.spellbooks):
        problems += _check_spellbook(book, f"spellbooks[{i}]", cards, mages)
    return problems


def _check_spellbook(book: Spellbook, at: str, cards: dict[str, Card], mages: dict[str, Mage]) -> list[Problem]:
    problems: list[Problem] = []
    mage = mages.get(book.mage)
    if mage is None:
        problems.append(Problem(f"{at}.mage", book.mage, "a mage id of `mages`"))
    total: int | str = 0
    for k, entry in enumerate(book.cards):
        card = cards.get(entry.card)
        if card is None:
            problems.append(Problem(f"{at}.cards[{k}].card", entry.card, "a card id of `cards`"))
            continue
        if entry.card in [e.card for e in book.cards[:k]]:
            problems.append(Problem(f"{at}.cards[{k}].card", entry.card, "a card listed once (use copies)"))
        limit = max_copies(card)
        if limit is not None and entry.copies > limit:
            problems.append(Problem(f"{at}.cards[{k}].copies", str(entry.copies),
                                    f"at most {limit} copies of a level {card.level()} spell (§15)"))
        if mage is not None and total != UNKNOWN:
            points = spell_points(card, mage)
            total = UNKNOWN if points == UNKNOWN else total + points * entry.copies
    if mage is not None and UNKNOWN not in (total, mage.spellbook_points) and total > mage.spellbook_points:
        problems.append(Problem(f"{at}.cards", f"{total} spell points",
                                f"at most {mage.spellbook_points}, the {mage.name}'s spell points (§15)"))
    return problems


def json_schema() -> dict[str, Any]:
    """The pack document's JSON Schema (draft 2020-12)."""
    return document_schema(MageWarsDocument)
