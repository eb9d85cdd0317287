"""Underworlds cards and Rivals decks as validated data, and the deck-building rules (§6-7).

Objective, ploy, spell and upgrade cards keep their text (marked up and plain) and, where it can be
read without judgement, structure: glory and score type, an upgrade's attack action and its
unconditional characteristic modifiers. ``fully_structured`` says whether those fields hold the card's whole text;
it is a property of the data, not of the rules engine: what the engine plays of each card is
``effects.coverage_level`` (``/uw coverage``). This module reads the shipped
files and users' deck files; it plays no card.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import Field, TypeAdapter, model_validator

from engine.core.errors import IllegalAction, InvalidInput
from engine.underworlds.fighters import (
    DATA_DIR, SCHEMA_VERSION, SLUG, AttackAction, AttackKeyword, Frozen, InvalidDataFile, Source, Warband,
    parse_data, read_data_file,
)

CARDS_FILE = DATA_DIR / "cards.json"
"""Every shipped card."""
DECKS_FILE = DATA_DIR / "decks.json"
"""Every shipped Rivals deck."""

# Rulebook p.19 and glossary (seed 000 lines 1882-1884), formats pp.52-53 (lines 1507-1528).
OBJECTIVE_DECK_MIN = 12
"""An objective deck holds 12 or more cards (§6.1)."""
POWER_DECK_MIN = 20
"""A power deck holds 20 or more cards (§6.1)."""
SURGE_MAX = 6
"""Nemesis and Relic: at most 6 surge objectives (§7)."""
CARD_ID = r"^[A-Za-z0-9][A-Za-z0-9._-]*$"


class ScoreType(StrEnum):
    """When an objective is scored (§25)."""

    SURGE = "surge"
    """Immediately, in the next surge step (§25.1)."""
    END = "end"
    """In the end phase (§25.4)."""


class ObjectiveKind(StrEnum):
    """How an objective's two conditions combine (§25.2-25.3)."""

    DUAL = "dual"
    """Both conditions (And)."""
    HYBRID = "hybrid"
    """Either condition (Or)."""


class MagicSymbol(StrEnum):
    """Magic-die faces named in casting difficulties (§22)."""

    CHANNEL = "channel"
    """Channel."""
    FOCUS = "focus"
    """Focus."""
    CRITICAL = "critical"
    """Magic critical."""


class Characteristic(StrEnum):
    """A characteristic an upgrade can modify."""

    MOVE = "move"
    """Move characteristic."""
    DEFENCE = "defence"
    """The number of defence dice."""
    WOUNDS = "wounds"
    """Wounds characteristic."""
    RANGE = "range"
    """Range of the fighter's attack actions."""
    DICE = "dice"
    """Dice of the fighter's attack actions."""
    DAMAGE = "damage"
    """Damage of the fighter's attack actions."""

    @property
    def of_attack(self) -> bool:
        """Modifies the fighter's attack actions rather than the fighter."""
        return self in (Characteristic.RANGE, Characteristic.DICE, Characteristic.DAMAGE)


class CharacteristicModifier(Frozen):
    """An unconditional modifier printed on an upgrade, e.g. ``+1 Wounds``."""

    characteristic: Characteristic
    """What it modifies."""
    delta: int
    """The signed change, never 0."""
    minimum: int | None = Field(default=None, ge=0)
    """``to a minimum of N``."""
    except_scything: bool = False
    """``other than Scything Attack actions``."""

    @model_validator(mode="after")
    def _nonzero(self) -> CharacteristicModifier:
        if self.delta == 0:
            raise ValueError("a modifier of 0 changes nothing")
        return self


class CardBase(Frozen):
    """What every card has: identity, owning deck, text, restrictions, provenance."""

    type: str
    """``objective``, ``ploy``, ``spell`` or ``upgrade``."""
    id: str = Field(pattern=CARD_ID)
    """Stable id (UnderworldsDB number for shipped cards, ``45001``)."""
    name: str = Field(min_length=1)
    """The card's name as printed."""
    deck: str = Field(pattern=SLUG)
    """Id of the Rivals deck the card comes in."""
    faction: str | None
    """The symbol on the card: a warband name, a Grand Alliance, or None for the universal symbol."""
    text: str
    """Rules text with markup: ``**keyword**``, ``***trait***``, icons such as ``:atSmash:``."""
    text_plain: str
    """Rules text without markup, icons written ``[hammer]``."""
    tags: tuple[str, ...] = ()
    """The card's own bold-italic keywords (``Domain``)."""
    restrictions: tuple[str, ...] = ()
    """Sentences limiting who may take or use the card (§6.2)."""
    reaction: bool = False
    """The text holds a Reaction: a gambit played as a reaction, or an upgrade granting one (§26)."""
    fully_structured: bool = False
    """The structured fields (modifiers, attack keywords) hold the whole printed text. Data only: it says nothing of
    what the engine automates (``effects.coverage_level``), and the engine never reads it."""
    source: Source
    """Where the card was read."""

    @property
    def universal(self) -> bool:
        """Carries the universal symbol (§7)."""
        return self.faction is None

    @property
    def gambit(self) -> bool:
        """A ploy or a gambit spell (§6.2)."""
        return self.type in ("ploy", "spell")

    @property
    def power(self) -> bool:
        """A power card: gambit or upgrade (§6.2)."""
        return self.type != "objective"


class ObjectiveCard(CardBase):
    """An objective card (§6.2, §25)."""

    type: Literal["objective"] = "objective"
    """Always ``objective``."""
    glory: int = Field(ge=0)
    """Glory points for scoring it."""
    score: ScoreType
    """Surge or end phase."""
    kind: ObjectiveKind | None = None
    """Dual or hybrid; None for a single condition."""
    condition: str
    """When it scores, in plain text (the text without its ``Surge, Dual:`` label)."""


class PloyCard(CardBase):
    """A ploy, a gambit played in a power step or as a reaction (§6.2)."""

    type: Literal["ploy"] = "ploy"
    """Always ``ploy``."""


class SpellCard(CardBase):
    """A gambit spell, cast by a friendly wizard (§22.1)."""

    type: Literal["spell"] = "spell"
    """Always ``spell``."""
    difficulty: tuple[MagicSymbol, ...] = ()
    """Magic symbols the casting roll needs."""


class UpgradeCard(CardBase):
    """An upgrade, given to one fighter for 1 glory point (§6.2)."""

    type: Literal["upgrade"] = "upgrade"
    """Always ``upgrade``."""
    attack: AttackAction | None = None
    """The attack action the upgrade grants, if any (beasts cannot take these, §5)."""
    modifiers: tuple[CharacteristicModifier, ...] = ()
    """Unconditional characteristic modifiers; conditional ones stay in the text."""
    attack_keywords: tuple[AttackKeyword, ...] = ()
    """Keywords given to all the fighter's attack actions (``This fighter's Attack actions have Cleave``)."""
    forbidden_to_large: bool = False
    """Cannot be given to a Large fighter (§5)."""
    givable_to_enemy: bool = False
    """Can be given to enemy fighters."""


Card = Annotated[Union[ObjectiveCard, PloyCard, SpellCard, UpgradeCard], Field(discriminator="type")]
"""Any card, told apart by ``type``."""
CARD = TypeAdapter(Card)
"""Validates one card from a dict: ``CARD.validate_python({...})``."""


def _unique(ids: Sequence[str], what: str) -> list[str]:
    dupes = sorted(k for k, n in Counter(ids).items() if n > 1)
    return [f"{what} must be unique, repeated: {dupes}"] if dupes else []


class Deck(Frozen):
    """A Rivals deck, or a user's built deck: a named list of card ids."""

    id: str = Field(pattern=SLUG)
    """Stable id (``brethren-of-the-bolt-rivals``)."""
    name: str = Field(min_length=1)
    """English name."""
    name_es: str | None = None
    """Spanish name, as printed in the Spanish rulebook."""
    faction: str | None
    """Warband symbol of a warband deck; None for a universal deck."""
    universal: bool
    """Carries the universal symbol (§7): any warband may use it."""
    card_ids: tuple[str, ...] = Field(min_length=1)
    """The cards, objectives and power cards together, each once."""
    plot: str | None = None
    """The plot card the deck uses (§6.2), when it has one."""
    notes: tuple[str, ...] = ()
    """Anything worth knowing about the deck."""
    missing: tuple[str, ...] = ()
    """Parts of the deck the data does not hold (a plot card's text, say)."""
    source: Source | None = None
    """Where the deck list was read; None for a user's deck."""

    @model_validator(mode="after")
    def _consistent(self) -> Deck:
        problems = _unique(self.card_ids, "card_ids")
        if self.universal == (self.faction is not None):
            problems.append("a universal deck has no faction and a warband deck has one")
        if problems:
            raise ValueError("\n".join(problems))
        return self


class CardsFile(Frozen):
    """The shipped ``cards.json``."""

    schema_version: int = SCHEMA_VERSION
    """File format version."""
    notice: str = ""
    """Whose the card texts are."""
    cards: tuple[Card, ...]
    """Every card, in id order."""

    @model_validator(mode="after")
    def _ids_unique(self) -> CardsFile:
        problems = _unique([c.id for c in self.cards], "card ids")
        if problems:
            raise ValueError("\n".join(problems))
        return self


class DecksFile(Frozen):
    """The shipped ``decks.json``."""

    schema_version: int = SCHEMA_VERSION
    """File format version."""
    decks: tuple[Deck, ...]
    """Every Rivals deck."""

    @model_validator(mode="after")
    def _ids_unique(self) -> DecksFile:
        problems = _unique([d.id for d in self.decks], "deck ids")
        if problems:
            raise ValueError("\n".join(problems))
        return self


# ---------------------------------------------------------------------------------------------
# Loading


@lru_cache(maxsize=1)
def _shipped_cards() -> CardsFile:
    return parse_data(CardsFile, read_data_file(CARDS_FILE), file=str(CARDS_FILE))


@lru_cache(maxsize=1)
def _shipped_decks() -> DecksFile:
    decks = parse_data(DecksFile, read_data_file(DECKS_FILE), file=str(DECKS_FILE))
    cards = load_cards()
    problems = []
    for i, deck in enumerate(decks.decks):
        problems += [f"decks[{i}].{p}" for p in deck_card_problems(deck, cards)]
        problems += [f"decks[{i}].card_ids: card {c} says it belongs to deck {cards[c].deck!r}"
                     for c in deck.card_ids if c in cards and cards[c].deck != deck.id]
    listed = {c for d in decks.decks for c in d.card_ids}
    problems += [f"card {c} is in no deck" for c in cards if c not in listed]
    if problems:
        raise InvalidDataFile("uw.data.invalid", file=str(DECKS_FILE), problems=problems)
    return decks


def load_cards() -> dict[str, Card]:
    """Every shipped card, by id (one shared dict: read it, never change it)."""
    return _cards_by_id()


@lru_cache(maxsize=1)
def _cards_by_id() -> dict[str, Card]:
    return {c.id: c for c in _shipped_cards().cards}


def load_rivals_decks() -> dict[str, Deck]:
    """Every shipped Rivals deck, by id, checked against the shipped cards."""
    return {d.id: d for d in _shipped_decks().decks}


def deck_card_problems(deck: Deck, cards: Mapping[str, Card]) -> list[str]:
    """Card ids of ``deck`` that are not in ``cards``, in words."""
    return [f"card_ids[{i}]: no card has id {c!r}" for i, c in enumerate(deck.card_ids) if c not in cards]


def load_deck_file(path: Path | str, cards: Mapping[str, Card] | None = None) -> Deck:
    """A user's deck from a JSON or YAML file; every card id must be a known card.

    :raises InvalidDataFile: uw.data.unreadable, uw.data.malformed, uw.data.invalid
    """
    deck = parse_data(Deck, read_data_file(path), file=str(path))
    problems = deck_card_problems(deck, load_cards() if cards is None else cards)
    if problems:
        raise InvalidDataFile("uw.data.invalid", file=str(path), problems=problems)
    return deck


def deck_cards(deck: Deck, cards: Mapping[str, Card] | None = None) -> tuple[list[Card], list[Card]]:
    """The deck's cards split into (objective deck, power deck), in the deck's order.

    :raises InvalidInput: uw.deck.unknown_card
    """
    cards = load_cards() if cards is None else cards
    missing = [c for c in deck.card_ids if c not in cards]
    if missing:
        raise InvalidInput("uw.deck.unknown_card", deck=deck.id, cards=missing)
    chosen = [cards[c] for c in deck.card_ids]
    return [c for c in chosen if not c.power], [c for c in chosen if c.power]


# ---------------------------------------------------------------------------------------------
# Deck-building (§6.1, §7)


class DeckFormat(StrEnum):
    """Game modes and their deck-building rules (§7)."""

    RIVALS = "rivals"
    """One whole Rivals deck, the warband's own or a universal one."""
    NEMESIS = "nemesis"
    """Built from the warband's Rivals deck and one universal Rivals deck."""
    RELIC = "relic"
    """Built from the whole collection; no two cards with the same name."""


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """One broken deck-building rule: a code and its parameters."""

    code: str
    """Namespaced code, ``uw.deck.too_many_gambits``."""
    params: dict[str, Any] = field(default_factory=dict)
    """What the message needs: counts, limits, card ids."""


def deck_problems(objectives: Sequence[Card], power: Sequence[Card], *,
                  format: DeckFormat = DeckFormat.NEMESIS, warband: Warband | None = None,
                  decks: Mapping[str, Deck] | None = None) -> list[DeckProblem]:
    """Every deck-building rule the two decks break, in a stable order (empty when legal).

    Without ``warband`` the checks of whose symbol a card bears are skipped; ``decks``
    (default: the shipped Rivals decks) tells which decks are whole and which use a plot card.
    """
    out: list[DeckProblem] = []
    out += [DeckProblem("uw.deck.not_an_objective", {"card": c.id}) for c in objectives if c.power]
    out += [DeckProblem("uw.deck.not_a_power_card", {"card": c.id}) for c in power if not c.power]
    everything = [*objectives, *power]
    # Glossary: the decks consist of unique cards.
    out += [DeckProblem("uw.deck.duplicate_card", {"card": c})
            for c, n in sorted(Counter(c.id for c in everything).items()) if n > 1]
    if len(objectives) < OBJECTIVE_DECK_MIN:
        out.append(DeckProblem("uw.deck.too_few_objectives",
                               {"count": len(objectives), "minimum": OBJECTIVE_DECK_MIN}))
    surge = sum(1 for c in objectives if isinstance(c, ObjectiveCard) and c.score == ScoreType.SURGE)
    if format != DeckFormat.RIVALS and surge > SURGE_MAX:
        out.append(DeckProblem("uw.deck.too_many_surge", {"count": surge, "maximum": SURGE_MAX}))
    if len(power) < POWER_DECK_MIN:
        out.append(DeckProblem("uw.deck.too_few_power_cards", {"count": len(power), "minimum": POWER_DECK_MIN}))
    gambits = sum(1 for c in power if c.gambit)
    if gambits * 2 > len(power):  # no more than half of the power deck
        out.append(DeckProblem("uw.deck.too_many_gambits", {"count": gambits, "maximum": len(power) // 2}))
    if format == DeckFormat.RELIC:
        out += [DeckProblem("uw.deck.duplicate_name", {"name": name})
                for name, n in sorted(Counter(c.name for c in everything).items()) if n > 1]
    out += _origin_problems(everything, format, warband, load_rivals_decks() if decks is None else decks)
    return out


def _origin_problems(cards: list[Card], format: DeckFormat, warband: Warband | None,
                     decks: Mapping[str, Deck]) -> list[DeckProblem]:
    """Which decks and symbols the cards may come from, per format (§7)."""
    out: list[DeckProblem] = []
    used = sorted({c.deck for c in cards})
    own = warband.faction if warband is not None else None
    if format in (DeckFormat.RIVALS, DeckFormat.NEMESIS):
        # A warband may not use another warband's own Rivals deck.
        if own is not None:
            out += [DeckProblem("uw.deck.other_warbands_card", {"card": c.id, "faction": c.faction})
                    for c in cards if c.faction is not None and c.faction != own]
    if format == DeckFormat.RIVALS:
        if len(used) > 1:
            out.append(DeckProblem("uw.deck.mixed_rivals_decks", {"decks": used}))
        elif used and used[0] in decks:
            missing = [c for c in decks[used[0]].card_ids if c not in {x.id for x in cards}]
            if missing:
                out.append(DeckProblem("uw.deck.incomplete_rivals_deck", {"deck": used[0], "missing": missing}))
    elif format == DeckFormat.NEMESIS:
        universal = sorted({c.deck for c in cards if c.universal})
        if len(universal) > 1:
            out.append(DeckProblem("uw.deck.too_many_universal_decks", {"decks": universal}))
    elif format == DeckFormat.RELIC:
        if warband is not None:
            allowed = {warband.faction} | ({warband.grand_alliance.value} if warband.grand_alliance else set())
            out += [DeckProblem("uw.deck.wrong_symbol", {"card": c.id, "faction": c.faction})
                    for c in cards if c.faction is not None and c.faction.lower() not in {a.lower() for a in allowed}]
        # At most one plot card besides the warband's own.
        plotted = [d for d in used if d in decks and decks[d].plot is not None
                   and (own is None or decks[d].faction != own)]
        if len(plotted) > 1:
            out.append(DeckProblem("uw.deck.too_many_plots", {"decks": plotted}))
    return out


def validate_deck(objectives: Sequence[Card], power: Sequence[Card], *,
                  format: DeckFormat = DeckFormat.NEMESIS, warband: Warband | None = None,
                  decks: Mapping[str, Deck] | None = None) -> None:
    """Refuse decks that break the deck-building rules of ``format`` (§6.1, §7).

    :raises IllegalAction: uw.deck.illegal, with ``problems`` (a list of ``{"code", ...params}``)
    """
    problems = deck_problems(objectives, power, format=format, warband=warband, decks=decks)
    if problems:
        raise IllegalAction("uw.deck.illegal", format=format.value,
                            problems=[{"code": p.code, **p.params} for p in problems])


# ---------------------------------------------------------------------------------------------
# JSON Schemas for leagues


def json_schemas() -> dict[str, dict[str, Any]]:
    """JSON Schemas (draft 2020-12) of every Underworlds data file kind, by file name (``warband.schema.json``).

    The schemas check shapes and values; the loaders also check what a schema cannot say
    (the ``unknown`` lists, one leader, card ids that exist).
    """
    kinds = {"cards": CardsFile, "decks": DecksFile, "deck": Deck, "warband": Warband}
    return {f"{name}.schema.json": {"$schema": "https://json-schema.org/draft/2020-12/schema",
                                    **model.model_json_schema()}
            for name, model in kinds.items()}
