"""Tambores de Guerra: Enclave data packs: the hero, unit, equipment and tactic cards a community types in.

No card of the game is public (§18-§19 of ``shared/rules/tambores.md``: the card images were lost), so every
profile comes from a pack. A pack document is the shared envelope (the fields of
:class:`~engine.core.pack.PackHeader`) plus ``entries``, a :class:`TamboresPack`: cards of the four kinds of §6
(units, heroes, equipment, tactics), the abilities they print (§6.3, §11), and army decks (§3, §7) to play
with. Field names are English; each field's description gives the rulebook's Spanish term and the number of
its card attribute (§5, "attribute 6" is the deployment cost). Any value no public source gives may be
written ``unknown`` (``Maybe``); :func:`engine.core.pack.unknowns` lists them. A training pack lists its
invented values in ``training_values`` and its rulebook facts in ``sources`` (paths in the notation of
``unknowns``, relative to ``entries``). :class:`TamboresDocument` is the whole document.

Abilities are described twice: ``text`` as printed, and, where the rules engine can apply them, structured
``modifiers`` (attack, defence or cost changes under a condition) and ``effects`` (cancel impacts, move cards
between piles). :func:`check` finds what a schema cannot: references to entries that are not in the pack,
duplicate ids, army decks listing a missing card or one of another army. "§" is a section of the digest.
"""
from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, Field

from engine.core.pack import UNKNOWN, Id, Maybe, PackHeader, Problem, Strict, Text, document_schema

Name = Annotated[str, Field(min_length=1, max_length=100)]
Cost = Annotated[int, Field(ge=0, le=20)]
Value = Annotated[int, Field(ge=0, le=20)]
Life = Annotated[int, Field(ge=1, le=50)]
Range = Annotated[int, Field(ge=1, le=3)]
Copies = Annotated[int, Field(ge=1, le=50)]
Amount = Annotated[int, Field(ge=-20, le=20)]

HAND_SIZE = 5
"""Cards in hand at the start and after replenishment (§8, §12)."""
FRONT_LINE = 5
"""Slots of a front line (línea de frente, §4)."""
BOX_DECK = {"heroes": 4, "units": 36, "equipment": 6, "tactics": 4}
"""One army deck of the box (mazo de ejército, §3): 50 cards, of which 46 form the draw deck."""


class Army(StrEnum):
    """The army a card belongs to (ejército, attribute 12)."""

    HUMAN = "human"
    """Humanos."""
    ORC = "orc"
    """Orcos."""


class UnitType(StrEnum):
    """A unit's card type icon (tipo de carta, attribute 11)."""

    INFANTRY = "infantry"
    """Infantería."""
    CAVALRY = "cavalry"
    """Caballería."""
    MONSTER = "monster"
    """Monstruo."""
    WAR_MACHINE = "war_machine"
    """Máquina de guerra."""


class Colour(StrEnum):
    """A hero's colour tier (color, §6.3): read by duels and campaigns (§15)."""

    GOLD = "gold"
    """Oro."""
    SILVER = "silver"
    """Plata."""
    BRONZE = "bronze"
    """Bronce."""


class RemovalMode(StrEnum):
    """How a hero's initial removal picks its cards (the icon under attribute 7, §6.3)."""

    CHOOSE = "choose"
    """Eye icon (ojo): the player chooses the cards."""
    RANDOM = "random"
    """Clover icon (trébol): at random, unseen."""


class Trigger(StrEnum):
    """When an ability acts (§6.3, §11, §17)."""

    ALWAYS = "always"
    """Passive (pasiva): always on; its modifiers are read at each combat resolution."""
    ACTIVATED = "activated"
    """Used when its owner chooses: a hero's costed ability (once per turn, any phase, not an action). A costed
    ability with another trigger may be used when that trigger occurs, once per turn."""
    DEPLOYED = "deployed"
    """When the card is deployed (al desplegarse)."""
    IMPACT = "impact"
    """When an impact has just been produced (impacto), before it becomes a wound."""
    ANNIHILATES = "annihilates"
    """When this unit annihilates an enemy unit (aniquila)."""
    ANNIHILATED = "annihilated"
    """When this unit is annihilated (resulta aniquilada)."""


class Stat(StrEnum):
    """A value an ability modifies."""

    ATTACK = "attack"
    """Ataque (attribute 8)."""
    DEFENCE = "defence"
    """Defensa (attribute 9)."""
    DEPLOYMENT_COST = "deployment_cost"
    """Coste de despliegue (attribute 6)."""


class Condition(StrEnum):
    """When a modifier applies."""

    ALWAYS = "always"
    """Siempre."""
    DEPLOYED_THIS_TURN = "deployed_this_turn"
    """The unit was deployed this turn (desplegada este turno)."""
    NOT_ENGAGED = "not_engaged"
    """The unit itself is not engaged (no enfrentada)."""
    TARGET_NOT_ENGAGED = "target_not_engaged"
    """The enemy it attacks is not engaged (contra unidades no enfrentadas)."""
    CARD_ON_FIELD = "card_on_field"
    """A card of the player's army, named by ``card``, is on the field (en el campo de batalla)."""
    HERO_WOUNDED = "hero_wounded"
    """The player's hero has at least one wound marker (marcador de herida)."""


class Pile(StrEnum):
    """Where a player's cards are (§4)."""

    HAND = "hand"
    """Mano."""
    DRAW_DECK = "draw_deck"
    """Mazo de juego (zone C)."""
    DISCARD = "discard"
    """Mazo de descartes (zone D)."""
    REMOVED = "removed"
    """Pila de cartas retiradas (zone B)."""


class EffectKind(StrEnum):
    """What an effect does."""

    CANCEL_IMPACTS = "cancel_impacts"
    """Anular impactos: ``amount`` impacts just produced do not become wounds."""
    MOVE_CARDS = "move_cards"
    """Move ``amount`` cards of the owner's from the top of ``from_pile`` to ``to_pile`` (recuperar cartas)."""
    EXTRA_IMPACTS = "extra_impacts"
    """A successful attack causes ``amount`` more impacts (§11.2)."""


class Modifier(Strict):
    """A change to one value while a condition holds (e.g. +1 ataque)."""

    stat: Stat = Field(description="The value changed")
    amount: Amount = Field(description="Added to the value (bonificación; negative: a penalty)")
    condition: Condition = Field(default=Condition.ALWAYS, description="When it applies (condición)")
    card: Id | None = Field(default=None, description="With card_on_field: the card, an entry of `units`")


class Effect(Strict):
    """Something an ability does besides modifying a value."""

    kind: EffectKind
    amount: Maybe[Annotated[int, Field(ge=1, le=50)]] = Field(description="How many impacts or cards (cantidad)")
    from_pile: Pile | None = Field(default=None, description="With move_cards: the pile taken from (origen)")
    to_pile: Pile | None = Field(default=None, description="With move_cards: the pile put into (destino)")


class Ability(Strict):
    """An ability printed on a card (habilidad, attribute 3); a hero's may have a cost (attribute 4)."""

    id: Id
    name: Name = Field(description="Ability name (nombre de la habilidad)")
    text: Maybe[Text] = Field(description="The rule as printed (texto de la habilidad)")
    trigger: Maybe[Trigger] = Field(description="When it acts (momento)")
    cost: Maybe[Cost] | None = Field(
        default=None, description="Ability cost (coste de habilidad, attribute 4): cards removed from hand, "
                                  "heroes only; null: a passive ability (pasiva)")
    modifiers: list[Modifier] = Field(default=[], description="Values it changes (bonificaciones)")
    effects: list[Effect] = Field(default=[], description="What else it does (efectos)")


class Card(Strict):
    """What every deployable card prints."""

    id: Id
    name: Name = Field(description="Card name (nombre, attribute 2)")
    army: Army = Field(description="Army (ejército, attribute 12)")
    deployment_cost: Maybe[Cost] = Field(
        description="Deployment cost (coste de despliegue, attribute 6): cards removed to deploy it")
    cost_bolt: bool = Field(
        default=False, description="⚡ next to the cost (rayo): -1 while the player's hero has a wound (§5)")
    recruitment: Maybe[Value] | None = Field(
        default=None, description="Recruitment value (valor de reclutamiento, attribute 13); never explained")
    ability: Id | None = Field(default=None, description="Its ability (habilidad), an entry of `abilities`")


class Unit(Card):
    """A unit card (carta de unidad, §6.1): deployed into an empty slot of the front line."""

    unit_type: Maybe[UnitType] = Field(description="Type icon (tipo de carta, attribute 11)")
    attack: Maybe[Value] = Field(description="Attack (ataque, attribute 8)")
    attack_bolt: bool = Field(default=False, description="⚡ next to attack: must always attack (§5)")
    defence: Maybe[Value] = Field(description="Defence (defensa, attribute 9)")
    defence_bolt: bool = Field(
        default=False, description="⚡ next to defence: negates one enemy unit's ability in range (§5)")
    life: Maybe[Life] = Field(description="Life (vida, attribute 10): wounds that annihilate it")
    range: Maybe[Range] = Field(description="Range (alcance, attribute 5): 1, 2 or 3 icons (§11.1)")


class Attachment(Card):
    """What equipment and tactic cards share (§6.2)."""

    cost_from_deck: bool = Field(
        default=False, description="↓ next to the cost (flecha): paid from the top of the draw deck, not the hand")
    attached: bool = Field(
        default=True, description="Tucked under one of the player's units (debajo de una unidad); false if the "
                                  "card says otherwise")
    text: Maybe[Text] = Field(description="The effect as printed (efecto)")


class Equipment(Attachment):
    """An equipment card (carta de equipo, backpack icon "mochila", §6.2)."""


class Tactic(Attachment):
    """A tactic card (carta de táctica, flag icon "bandera", §6.2)."""


class Hero(Strict):
    """A hero card (carta de héroe, §6.3): leads its own army; defeated by wounds equal to its life."""

    id: Id
    name: Name = Field(description="Hero name (nombre, attribute 2)")
    army: Army = Field(description="Army (ejército, attribute 12)")
    colour: Maybe[Colour] = Field(description="Colour tier (color: oro, plata, bronce)")
    attack: Maybe[Value] = Field(description="Attack (ataque, attribute 8): used to strike back")
    defence: Maybe[Value] = Field(description="Defence (defensa, attribute 9)")
    life: Maybe[Life] = Field(description="Life (vida, attribute 10)")
    initial_removal: Maybe[Annotated[int, Field(ge=0, le=46)]] = Field(
        default=0, description="Initial card removal (retirada de cartas iniciales, attribute 7): cards removed "
                               "from the draw deck before the battle (§7)")
    removal_mode: Maybe[RemovalMode] | None = Field(
        default=None, description="Eye (ojo: choose) or clover (trébol: random); null without a removal")
    ability: Id | None = Field(default=None, description="Its ability (habilidad), an entry of `abilities`")


class DeckEntry(Strict):
    """Copies of one card in an army deck."""

    card: Id = Field(description="A unit, equipment or tactic card")
    copies: Copies = Field(default=1, description="Number of copies (copias)")


class ArmyDeck(Strict):
    """An army deck (mazo de ejército, §3, §7): its heroes and the cards that form the draw deck."""

    id: Id
    name: Name
    army: Army = Field(description="Its army (ejército)")
    heroes: Annotated[list[Id], Field(min_length=1)] = Field(
        description="Hero cards to choose from (héroes), entries of `heroes`; the box has 4")
    cards: Annotated[list[DeckEntry], Field(min_length=1)] = Field(description="The draw deck (mazo de juego)")
    box: bool = Field(
        default=True, description="Has the box's composition (§3): 4 heroes, 36 units, 6 equipment, 4 tactics; "
                                  "false for a custom or partial deck")


class TamboresPack(Strict):
    """The entries of a Tambores de Guerra pack (the document's ``entries``)."""

    heroes: list[Hero] = Field(default=[], description="Hero cards (cartas de héroe)")
    units: list[Unit] = Field(default=[], description="Unit cards (cartas de unidad)")
    equipment: list[Equipment] = Field(default=[], description="Equipment cards (cartas de equipo)")
    tactics: list[Tactic] = Field(default=[], description="Tactic cards (cartas de táctica)")
    abilities: list[Ability] = Field(default=[], description="Abilities the cards print (habilidades)")
    decks: list[ArmyDeck] = Field(default=[], description="Army decks to play with (mazos de ejército)")
    training_values: list[str] = Field(
        default=[], description="Paths in `entries` (as `unknowns` writes them) of values invented for training")
    sources: dict[str, Text] = Field(
        default={}, description="Paths in `entries` of values taken from a public source, with where they come from")


class TamboresDocument(PackHeader):
    """A whole pack document: the shared envelope's fields and the game's ``entries``."""

    entries: TamboresPack



CARD_LISTS = ("heroes", "units", "equipment", "tactics")


def leaf_paths(value: Any, path: str = "") -> list[str]:
    """Every path of a scalar in ``value`` (plain data or a model), in the notation of ``unknowns``."""
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in leaf_paths(item, f"{path}.{key}" if path else str(key))]
    if isinstance(value, (list, tuple)):
        return [p for i, item in enumerate(value) for p in leaf_paths(item, f"{path}[{i}]")]
    return [path]


def check(pack: TamboresPack) -> list[Problem]:
    """Every cross-reference and deck problem of a pack's entries (empty when they are sound); paths start
    with ``entries.``, as in the document."""
    return [Problem(f"entries.{p.path}", p.value, p.expected) for p in _check(pack)]


def _check(pack: TamboresPack) -> list[Problem]:
    problems: list[Problem] = []
    # The four card kinds share one namespace (decks name them); abilities and decks have their own.
    for names in (CARD_LISTS, ("abilities",), ("decks",)):
        seen: set[str] = set()
        for name in names:
            for i, entry in enumerate(getattr(pack, name)):
                if entry.id in seen:
                    problems.append(Problem(f"{name}[{i}].id", entry.id, "an id used once"))
                seen.add(entry.id)
    cards: dict[str, tuple[str, Any]] = {}
    for name in CARD_LISTS:
        for entry in getattr(pack, name):
            cards.setdefault(entry.id, (name, entry))
    abilities = {a.id: a for a in pack.abilities}

    for name in CARD_LISTS:
        for i, card in enumerate(getattr(pack, name)):
            at = f"{name}[{i}]"
            if card.ability is None:
                continue
            ability = abilities.get(card.ability)
            if ability is None:
                problems.append(Problem(f"{at}.ability", card.ability, "an ability id of `abilities`"))
            elif ability.cost is not None and name != "heroes":
                problems.append(Problem(f"{at}.ability", card.ability, "an ability without a cost: only heroes "
                                                                       "print one (§5, attribute 4)"))
        if name == "heroes":
            for i, hero in enumerate(pack.heroes):
                if hero.initial_removal not in (0, UNKNOWN) and hero.removal_mode is None:
                    problems.append(Problem(f"heroes[{i}].removal_mode", "null", "choose or random: the hero "
                                                                                 "removes cards (§6.3)"))

    for i, ability in enumerate(pack.abilities):
        at = f"abilities[{i}]"
        if ability.trigger == Trigger.ACTIVATED and ability.cost is None:
            problems.append(Problem(f"{at}.cost", "null", "a cost: the ability is activated (§6.3)"))
        for j, mod in enumerate(ability.modifiers):
            if mod.condition == Condition.CARD_ON_FIELD:
                if mod.card is None:
                    problems.append(Problem(f"{at}.modifiers[{j}].card", "null", "the card that must be on the field"))
                elif cards.get(mod.card, ("", None))[0] != "units":
                    problems.append(Problem(f"{at}.modifiers[{j}].card", mod.card, "a unit id of `units`"))
            elif mod.card is not None:
                problems.append(Problem(f"{at}.modifiers[{j}].card", mod.card, "null: only card_on_field names one"))
        for j, effect in enumerate(ability.effects):
            moving = effect.kind == EffectKind.MOVE_CARDS
            for side in ("from_pile", "to_pile"):
                pile = getattr(effect, side)
                if moving and pile is None:
                    problems.append(Problem(f"{at}.effects[{j}].{side}", "null", "a pile: the effect moves cards"))
                if not moving and pile is not None:
                    problems.append(Problem(f"{at}.effects[{j}].{side}", str(pile), "null: only move_cards has one"))

    for i, deck in enumerate(pack.decks):
        problems += _check_deck(deck, f"decks[{i}]", cards)

    present = set(leaf_paths(pack.model_dump(mode="json", exclude={"training_values", "sources"})))
    for i, path in enumerate(pack.training_values):
        if path in pack.sources:
            problems.append(Problem(f"training_values[{i}]", path, "not also in `sources`"))
        if path not in present:
            problems.append(Problem(f"training_values[{i}]", path, "the path of a value in the pack"))
    for path in pack.sources:
        if path not in present:
            problems.append(Problem(f"sources.{path}", path, "the path of a value in the pack"))
    return problems


def _check_deck(deck: ArmyDeck, at: str, cards: dict[str, tuple[str, Any]]) -> list[Problem]:
    problems: list[Problem] = []
    counts = dict.fromkeys(BOX_DECK, 0)
    for k, hero_id in enumerate(deck.heroes):
        kind, hero = cards.get(hero_id, ("", None))
        if kind != "heroes":
            problems.append(Problem(f"{at}.heroes[{k}]", hero_id, "a hero id of `heroes`"))
        elif hero.army != deck.army:
            problems.append(Problem(f"{at}.heroes[{k}]", hero_id, f"a hero of the {deck.army} army (§6.3)"))
        elif hero_id in deck.heroes[:k]:
            problems.append(Problem(f"{at}.heroes[{k}]", hero_id, "a hero listed once"))
        else:
            counts["heroes"] += 1
    for k, entry in enumerate(deck.cards):
        kind, card = cards.get(entry.card, ("", None))
        if kind not in ("units", "equipment", "tactics"):
            problems.append(Problem(f"{at}.cards[{k}].card", entry.card, "a unit, equipment or tactic id"))
            continue
        if card.army != deck.army:
            problems.append(Problem(f"{at}.cards[{k}].card", entry.card, f"a card of the {deck.army} army"))
        if entry.card in [e.card for e in deck.cards[:k]]:
            problems.append(Problem(f"{at}.cards[{k}].card", entry.card, "a card listed once (use copies)"))
        counts[kind] += entry.copies
    if sum(counts[k] for k in ("units", "equipment", "tactics")) < HAND_SIZE:
        problems.append(Problem(f"{at}.cards", str(len(deck.cards)), f"at least {HAND_SIZE} cards to draw (§8)"))
    if deck.box:
        for kind, wanted in BOX_DECK.items():
            if counts[kind] != wanted:
                problems.append(Problem(f"{at}.{'heroes' if kind == 'heroes' else 'cards'}", str(counts[kind]),
                                        f"{wanted} {kind}, as in the box (§3); or box: false"))
    return problems


def json_schema() -> dict[str, Any]:
    """The pack document's JSON Schema (draft 2020-12)."""
    return document_schema(TamboresDocument)
