"""Underworlds fighter cards and warbands as validated data, and the data-file plumbing they share with cards.

A warband file describes fighter cards: each side's characteristics (§3), classes (§5) and attack
actions with their keywords (§20). Values nobody has sourced are never guessed: they are ``null`` and
their path is listed in the owner's ``unknown`` list, which the models check both ways. This module
reads files (JSON or YAML) but plays no rules; nothing here knows about a match.
"""
from __future__ import annotations

import json
import re
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from engine.core.errors import InvalidInput, NotFound

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "underworlds"
"""Where the shipped Underworlds data files live (``data/underworlds``)."""
WARBANDS_DIR = DATA_DIR / "warbands"
"""One file per shipped warband profile, named ``<warband id>.json``."""
SCHEMA_VERSION = 1
"""Version of the file formats written by ``data/underworlds/build_*.py``."""
LARGE_WOUNDS = 5
"""A fighter is Large while its Wounds, with all modifiers, is at least this (rulebook §5)."""

SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
M = TypeVar("M", bound=BaseModel)


class InvalidDataFile(InvalidInput):
    """A data file (warband, deck, cards) that does not parse or breaks the format; lists every problem."""

    def __init__(self, code: str, *, file: str, problems: list[str]) -> None:
        super().__init__(code, file=file, problems=problems)
        self.file = file
        self.problems = problems

    def __str__(self) -> str:
        lines = "\n".join(f"  - {p}" for p in self.problems)
        return f"{self.file}: {len(self.problems)} problem(s) [{self.code}]\n{lines}"


class Frozen(BaseModel):
    """Base of every data model here: immutable, unknown keys refused."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    MUST_KNOW: ClassVar[tuple[str, ...]] = ()
    """Fields that may be None only when listed as unknown."""

    def must_know(self) -> tuple[str, ...]:
        """The fields of this instance that may be None only when listed as unknown."""
        return self.MUST_KNOW


class Source(Frozen):
    """Where a fact was read: a GitHub file at a commit, or a project file under ``../shared``."""

    repo: str | None = Field(default=None, pattern=r"^[\w.-]+/[\w.-]+$")
    """``owner/name`` on GitHub; None for a project file (``shared/seeds/...``)."""
    path: str = Field(min_length=1)
    """Path inside the repository, or the project file."""
    commit: str | None = Field(default=None, pattern=r"^[0-9a-f]{40}$")
    """The 40-hex commit read; required with ``repo``."""
    note: str | None = None
    """Which part of the file (lines, keys) and anything worth knowing about it."""

    @model_validator(mode="after")
    def _commit_with_repo(self) -> Source:
        if self.repo is not None and self.commit is None:
            raise ValueError("a GitHub source needs its commit")
        return self


# ---------------------------------------------------------------------------------------------
# Value types: symbols, keywords, attack actions


class AttackSymbol(StrEnum):
    """The attack-die face an attack action counts as a success (§3)."""

    HAMMER = "hammer"
    """Smash (Golpe)."""
    SWORDS = "swords"
    """Fury (Furia)."""
    CHANNEL = "channel"
    """Channel (Canalizar), a magic-die face: the symbol of a spell attack action only (§19.7)."""
    FOCUS = "focus"
    """Focus (Foco), a magic-die face: the symbol of a spell attack action only (§19.7)."""


SPELL_SYMBOLS = frozenset({AttackSymbol.CHANNEL, AttackSymbol.FOCUS})
"""The symbols of spell attack actions, rolled on magic dice."""


class DefenceSymbol(StrEnum):
    """The defence-die face a fighter's Defence counts as a success (§3)."""

    BLOCK = "block"
    """Block (Bloqueo), the shield."""
    DODGE = "dodge"
    """Dodge (Esquiva)."""


class KeywordName(StrEnum):
    """Attack action keywords (§20)."""

    CLEAVE = "cleave"
    """Romper: block results cannot be successes in the defence roll."""
    ENSNARE = "ensnare"
    """Apresar: dodge results cannot be successes in the defence roll."""
    GRIEVOUS = "grievous"
    """Doloroso X: a critical ability, +X Damage on a critical hit."""
    SCYTHING = "scything"
    """Segar (reap): one attack against each adjacent enemy fighter."""
    STAGGER = "stagger"
    """Tambalear: a successful attack staggers the target."""
    KNOCKBACK = "knockback"
    """Rechazar X: drive the target back up to X more hexes."""


_KEYWORD_ALIASES = {
    "reap": "scything", "sweep": "scything", "romper": "cleave", "apresar": "ensnare",
    "doloroso": "grievous", "segar": "scything", "tambalear": "stagger", "rechazar": "knockback",
}
_NUMBERED = {KeywordName.GRIEVOUS, KeywordName.KNOCKBACK}


class AttackKeyword(Frozen):
    """One keyword on an attack action, e.g. Knockback 1 or Cleave."""

    name: KeywordName
    """The keyword; Spanish names and ``reap`` are accepted on input."""
    value: int | None = Field(default=None, ge=1)
    """X of Grievous X / Knockback X; None when the card prints no number."""
    critical_only: bool = False
    """The card limits the keyword to a critical success (2024 cards print ``(critical only)``)."""

    @field_validator("name", mode="before")
    @classmethod
    def _alias(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip().lower()
            return _KEYWORD_ALIASES.get(value, value)
        return value

    @model_validator(mode="after")
    def _value_fits(self) -> AttackKeyword:
        if self.name == KeywordName.KNOCKBACK and self.value is None:
            raise ValueError("knockback needs its number (Knockback X)")
        if self.name not in _NUMBERED and self.value is not None:
            raise ValueError(f"{self.name.value} takes no number")
        return self

    @property
    def amount(self) -> int | None:
        """X for the rules: a bare Grievous is Grievous 1 (§20, seed 000 line 985)."""
        if self.name == KeywordName.GRIEVOUS and self.value is None:
            return 1
        return self.value

    def __str__(self) -> str:
        """The keyword as printed.

        >>> str(AttackKeyword(name="rechazar", value=1)), str(AttackKeyword(name="grievous"))
        ('Knockback 1', 'Grievous')
        """
        text = self.name.value.capitalize() + (f" {self.value}" if self.value is not None else "")
        return text + (" (critical only)" if self.critical_only else "")


class AttackAction(Frozen):
    """An attack action printed on a fighter card or granted by an upgrade (§3, §19)."""

    MUST_KNOW: ClassVar[tuple[str, ...]] = ("name", "range", "dice", "symbol", "damage")

    name: str | None
    """The name printed on the card; null when unknown."""
    range: int | None = Field(ge=1)
    """Maximum distance in hexes to the target; null when unknown."""
    dice: int | None = Field(ge=1)
    """How many attack dice to roll; null when unknown."""
    symbol: AttackSymbol | None
    """The face that counts as a success; null when unknown."""
    damage: int | None = Field(ge=0)
    """Damage dealt when the attack succeeds; null when unknown."""
    keywords: tuple[AttackKeyword, ...] = ()
    """Keywords such as Cleave, Grievous 1, Knockback 1 (§20)."""
    text: str | None = None
    """Extra rules text printed with the attack, verbatim as sourced."""
    reaction: bool = False
    """The attack is made as a reaction (its text says when)."""
    spell: bool = False
    """A spell attack action (§19.7, §22.1): only a wizard can make it; it rolls magic dice, its symbol is channel
    or focus, its attacker is never supported, and 2+ crits in its roll deal the wizard 1 damage (backlash)."""

    @model_validator(mode="after")
    def _spell_symbol(self) -> AttackAction:
        if self.symbol is not None and self.spell != (self.symbol in SPELL_SYMBOLS):
            raise ValueError("a spell attack action's symbol is channel or focus, and only a spell attack's is")
        return self

    def has(self, keyword: KeywordName) -> bool:
        """Whether this attack carries ``keyword``."""
        return any(k.name == keyword for k in self.keywords)

    def notation(self) -> str:
        """A one-line summary: name, range, dice and symbol, damage, keywords.

        >>> AttackAction(name="Sigmarite Broadsword", range=1, dice=2, symbol="hammer", damage=3).notation()
        'Sigmarite Broadsword: Range 1, 2 hammer, Damage 3'
        """
        def show(value: object) -> str:
            return "?" if value is None else str(value)

        symbol = self.symbol.value if self.symbol is not None else "?"
        parts = [f"Range {show(self.range)}", f"{show(self.dice)} {symbol}", f"Damage {show(self.damage)}"]
        parts += [str(k) for k in self.keywords]
        return f"{self.name or '(unnamed)'}: " + ", ".join(parts)


class Defence(Frozen):
    """The Defence characteristic: how many defence dice, and the symbol that succeeds (§3)."""

    dice: int = Field(ge=1)
    """How many defence dice to roll."""
    symbol: DefenceSymbol
    """The face that counts as a success."""


class Ability(Frozen):
    """A rule printed on a fighter card or a warband's own rules (action, reaction or passive)."""

    MUST_KNOW: ClassVar[tuple[str, ...]] = ("text",)

    name: str | None = None
    """The ability's name when it has one."""
    kind: str | None = Field(default=None, pattern=r"^(action|reaction|passive|superaction|spell)$")
    """How it is used, when the source says."""
    text: str | None
    """The rules text; null when only the name is known."""


class FighterSide(Frozen):
    """One side of a fighter card (normal or Inspired): its characteristics and attack actions."""

    MUST_KNOW: ClassVar[tuple[str, ...]] = ("move", "defence", "wounds", "attacks", "abilities")

    move: int | None = Field(ge=0)
    """Move characteristic: hexes per Move action; null when unknown."""
    defence: Defence | None
    """Defence characteristic; null when unknown."""
    wounds: int | None = Field(ge=1)
    """Wounds characteristic (2024 cards: Health); null when unknown."""
    bounty: int | None = Field(default=None, ge=0)
    """Bounty printed on the card (2024 cards only); null when not printed: §18.5 gives 1 (+1 if Large)."""
    attacks: tuple[AttackAction, ...] | None
    """Attack actions; null when unknown."""
    abilities: tuple[Ability, ...] | None = ()
    """Other rules printed on this side; null when unknown."""
    name_on_card: str | None = None
    """The title printed on this side when it differs from the fighter's name."""

    @property
    def large(self) -> bool | None:
        """Large before modifiers (§5): Wounds of 5 or more; None while Wounds is unknown."""
        return None if self.wounds is None else self.wounds >= LARGE_WOUNDS


class Fighter(Frozen):
    """A fighter card: classes, Inspire condition and both sides."""

    MUST_KNOW: ClassVar[tuple[str, ...]] = ("beast", "flyer", "wizard_level", "traits", "inspire_condition")

    id: str = Field(pattern=SLUG)
    """Stable id inside the warband (``severin-steelheart``)."""
    name: str = Field(min_length=1)
    """The fighter's name as printed."""
    leader: bool
    """Leader class (crown icon)."""
    wizard_level: int | None = Field(ge=0)
    """Wizard level; 0 for a fighter that is not a wizard; null when unknown."""
    beast: bool | None
    """Beast class; null when unknown."""
    flyer: bool | None
    """Flyer class; null when unknown."""
    traits: tuple[str, ...] | None
    """Descriptor keywords (bold italic on Wintermaw cards, runemarks on 2024 cards); null when unknown."""
    inspire_condition: str | None
    """When the fighter becomes Inspired (§3.1); null when unknown."""
    uninspire_condition: str | None = None
    """When the Inspired side flips back (§3.2); null when the card prints none (list it if unknown)."""
    uninspired: FighterSide
    """The normal side."""
    inspired: FighterSide | None
    """The Inspired side; null for a fighter that cannot be Inspired."""
    unknown: tuple[str, ...] = ()
    """Paths of the values nobody has sourced, e.g. ``inspired.attacks[0].name``."""
    notes: tuple[str, ...] = ()
    """How values were read or derived."""

    @model_validator(mode="after")
    def _unknown_is_exact(self) -> Fighter:
        problems = unknown_problems(self, self.unknown)
        if self.inspired is None and self.inspire_condition is not None:
            problems.append("inspire_condition is set but the fighter has no Inspired side")
        if problems:
            raise ValueError("\n".join(problems))
        return self

    def must_know(self) -> tuple[str, ...]:
        """As ``MUST_KNOW``; a fighter that cannot be Inspired has no Inspire condition to know."""
        if self.inspired is not None:
            return self.MUST_KNOW
        return tuple(f for f in self.MUST_KNOW if f != "inspire_condition")

    @property
    def wizard(self) -> bool | None:
        """Wizard class (§5)."""
        return None if self.wizard_level is None else self.wizard_level > 0

    @property
    def complete(self) -> bool:
        """Every value of this card is known."""
        return not self.unknown


class GrandAlliance(StrEnum):
    """The four Grand Alliances (§2)."""

    ORDER = "order"
    """Orden."""
    CHAOS = "chaos"
    """Caos."""
    DEATH = "death"
    """Muerte."""
    DESTRUCTION = "destruction"
    """Destrucción."""


class Edition(StrEnum):
    """The season of the fighter cards a profile was read from."""

    SHADESPIRE = "shadespire"
    """The 2017 core set and its warbands."""
    NIGHTVAULT = "nightvault"
    """The 2018 season."""
    BEASTGRAVE = "beastgrave"
    """A later pre-2024 season."""
    DIRECHASM = "direchasm"
    """A later pre-2024 season."""
    HARROWDEEP = "harrowdeep"
    """A later pre-2024 season."""
    NETHERMAZE = "nethermaze"
    """A later pre-2024 season."""
    GNARLWOOD = "gnarlwood"
    """A later pre-2024 season."""
    WYRDHOLLOW = "wyrdhollow"
    """A later pre-2024 season."""
    WINTERMAW = "wintermaw"
    """The 2023 core set this project's rules come from."""
    DEATHGORGE = "deathgorge"
    """The last pre-2024 season."""
    EMBERGARD = "embergard"
    """The 2024 edition: a different rules set (Save, Health, bounty, warscrolls)."""
    CUSTOM = "custom"
    """A league's own cards, written for the Wintermaw rules."""

    @property
    def wintermaw_rules(self) -> bool:
        """Cards of this season are read with the Wintermaw rules (every season before 2024)."""
        return self is not Edition.EMBERGARD


class Colours(Frozen):
    """Colours to draw the warband's fighters with (a rendering choice, not a game fact)."""

    primary: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    """Main colour, ``#rrggbb``."""
    secondary: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    """Accent colour, ``#rrggbb``."""


_BY_KEY: dict[int, tuple[Warband, dict[str, Fighter]]] = {}
"""``Warband.fighter``'s look-up table by id(warband), the warband kept so the id stays its own (fighters are
looked up on every characteristic read)."""
_BY_KEY_LIMIT = 256


class Warband(Frozen):
    """A warband (§2): its fighter cards, where they were read, and what is still unknown."""

    MUST_KNOW: ClassVar[tuple[str, ...]] = ("grand_alliance",)

    schema_version: int = SCHEMA_VERSION
    """File format version."""
    id: str = Field(pattern=SLUG)
    """Stable id, the file name without ``.json``."""
    name: str = Field(min_length=1)
    """English name."""
    name_es: str | None = None
    """Spanish name, as printed in the Spanish rulebook."""
    faction: str = Field(min_length=1)
    """The warband symbol's name, matched against ``Deck.faction`` (``Brethren of the Bolt``)."""
    grand_alliance: GrandAlliance | None
    """Grand Alliance symbol; null when unknown."""
    edition: Edition
    """Season of the fighter cards."""
    edition_note: str = ""
    """The printing in words (``Shadespire core set (2017), first-edition fighter cards``)."""
    complete: bool
    """Every value of every fighter is known (no ``unknown`` anywhere)."""
    unknown: tuple[str, ...] = ()
    """Paths of the warband-level values nobody has sourced."""
    notes: tuple[str, ...] = ()
    """What is unknown, conflicts resolved, how to read the profile under Wintermaw rules."""
    confidence: str | None = None
    """How far the source can be trusted, in words."""
    colours: Colours
    """Drawing colours."""
    source: Source
    """Primary source of the fighter cards."""
    cross_checks: tuple[Source, ...] = ()
    """Other sources the values were compared with."""
    abilities: tuple[Ability, ...] = ()
    """Warband-wide rules (2024 warscrolls); Wintermaw warbands print everything on fighter cards."""
    fighters: tuple[Fighter, ...] = Field(min_length=1)
    """The fighter cards, leader included."""

    @model_validator(mode="after")
    def _consistent(self) -> Warband:
        problems = unknown_problems(self, self.unknown)
        leaders = [f.name for f in self.fighters if f.leader]
        if len(leaders) != 1:  # §2: each warband has exactly one leader
            problems.append(f"a warband has exactly one leader, found {len(leaders)}: {leaders}")
        for attr in ("id", "name"):
            seen = [getattr(f, attr) for f in self.fighters]
            dupes = sorted({v for v in seen if seen.count(v) > 1})
            if dupes:
                problems.append(f"fighter {attr}s must be unique: {dupes}")
        complete = not self.unknown and all(f.complete for f in self.fighters)
        if self.complete != complete:
            problems.append(f"complete is {self.complete} but the unknown lists say {complete}")
        if problems:
            raise ValueError("\n".join(problems))
        return self

    def fighter(self, key: str) -> Fighter:
        """The fighter with this id or name.

        :raises NotFound: uw.fighter.unknown
        """
        hit = _BY_KEY.get(id(self))
        if hit is None or hit[0] is not self:
            by_key: dict[str, Fighter] = {}
            for f in self.fighters:  # the first fighter with the key as id or name, as a scan finds it
                by_key.setdefault(f.id, f)
                by_key.setdefault(f.name, f)
            if len(_BY_KEY) >= _BY_KEY_LIMIT:
                _BY_KEY.clear()  # a match's own warbands come and go with its states
            hit = _BY_KEY[id(self)] = (self, by_key)
        found = hit[1].get(key)
        if found is None:
            raise NotFound("uw.fighter.unknown", warband=self.id, fighter=key)
        return found

    @property
    def leader(self) -> Fighter:
        """The warband's leader."""
        return next(f for f in self.fighters if f.leader)

    @property
    def missing(self) -> list[str]:
        """Every unknown value, with fighter ids: ``pater-filius.uninspired.move``."""
        return list(self.unknown) + [f"{f.id}.{p}" for f in self.fighters for p in f.unknown]


# ---------------------------------------------------------------------------------------------
# The unknown-list check


def _null_paths(model: BaseModel, prefix: str) -> list[str]:
    """Paths of the must-know fields that are None, depth first; fighters answer for themselves."""
    out: list[str] = []
    must = model.must_know() if isinstance(model, Frozen) else ()
    for name in type(model).model_fields:
        value = getattr(model, name)
        path = f"{prefix}{name}"
        if value is None:
            if name in must:
                out.append(path)
        elif isinstance(value, BaseModel) and not isinstance(value, Fighter):
            out += _null_paths(value, path + ".")
        elif isinstance(value, tuple):
            for i, item in enumerate(value):
                if isinstance(item, BaseModel) and not isinstance(item, Fighter):
                    out += _null_paths(item, f"{path}[{i}].")
    return out


_STEP = re.compile(r"([A-Za-z_]\w*)((?:\[\d+\])*)")


def _resolve(model: BaseModel, path: str) -> tuple[bool, Any]:
    """Follow ``a.b[0].c`` from ``model``; (found, value)."""
    value: Any = model
    for step in path.split("."):
        match = _STEP.fullmatch(step)
        if match is None or not isinstance(value, BaseModel) or match[1] not in type(value).model_fields:
            return False, None
        value = getattr(value, match[1])
        for index in re.findall(r"\[(\d+)\]", match[2]):
            if not isinstance(value, tuple) or int(index) >= len(value):
                return False, None
            value = value[int(index)]
    return True, value


def unknown_problems(model: BaseModel, unknown: tuple[str, ...]) -> list[str]:
    """Mismatches between a model's null must-know values and its ``unknown`` list, in words."""
    problems = [f"{p} is null but not listed in unknown" for p in _null_paths(model, "")
                if p not in unknown]
    for path in unknown:
        found, value = _resolve(model, path)
        if not found:
            problems.append(f"unknown lists {path!r}, which is not a field here")
        elif value is not None:
            problems.append(f"unknown lists {path!r} but it has a value ({value!r})")
    if len(set(unknown)) != len(unknown):
        problems.append("unknown lists a path twice")
    return problems


# ---------------------------------------------------------------------------------------------
# Reading files


def read_data_file(path: Path | str) -> Any:
    """The parsed content of a JSON or YAML file (by suffix).

    :raises InvalidDataFile: uw.data.unreadable, uw.data.malformed
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidDataFile("uw.data.unreadable", file=str(path), problems=[str(exc)]) from exc
    try:
        if path.suffix.lower() in (".yaml", ".yml"):
            return yaml.safe_load(text)
        return json.loads(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise InvalidDataFile("uw.data.malformed", file=str(path), problems=[str(exc)]) from exc


def _where(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def validation_problems(exc: ValidationError) -> list[str]:
    """One readable line per problem: ``fighters[0].uninspired.move: Input should be ...``."""
    lines: list[str] = []
    for err in exc.errors(include_url=False):
        where = _where(tuple(err["loc"])) or "(file)"
        message = err["msg"].removeprefix("Value error, ")
        if err["type"] in ("value_error", "assertion_error") and "\n" in message:
            lines += [f"{where}: {m}" for m in message.split("\n")]
            continue
        if err["type"] not in ("missing", "value_error") and "input" in err:
            shown = repr(err["input"])
            message += f" (got {shown[:60] + '...' if len(shown) > 60 else shown})"
        lines.append(f"{where}: {message}")
    return lines


def parse_data(model: type[M], raw: Any, *, file: str, code: str = "uw.data.invalid") -> M:
    """Validate already-parsed data against ``model``.

    :raises InvalidDataFile: uw.data.invalid (every problem listed)
    """
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise InvalidDataFile(code, file=file, problems=validation_problems(exc)) from exc


def load_warband_file(path: Path | str) -> Warband:
    """A warband from a JSON or YAML file, such as a league's own fighter cards.

    :raises InvalidDataFile: uw.data.unreadable, uw.data.malformed, uw.data.invalid
    """
    return parse_data(Warband, read_data_file(path), file=str(path))


@lru_cache(maxsize=1)
def _shipped_warbands() -> tuple[Warband, ...]:
    warbands = []
    for path in sorted(WARBANDS_DIR.glob("*.json")):
        warband = load_warband_file(path)
        if warband.id != path.stem:
            raise InvalidDataFile("uw.data.invalid", file=str(path),
                                  problems=[f"id: {warband.id!r} must match the file name {path.stem!r}"])
        warbands.append(warband)
    return tuple(warbands)


def load_warbands() -> dict[str, Warband]:
    """Every shipped warband profile, by id (one shared dict: read it, never change it)."""
    return _warbands_by_id()


def warbands_with(extra: list[Warband]) -> dict[str, Warband]:
    """The shipped warbands and a match's own (from its data pack, which win on the same id)."""
    if not extra:
        return _warbands_by_id()
    return {**_warbands_by_id(), **{w.id: w for w in extra}}


@lru_cache(maxsize=1)
def _warbands_by_id() -> dict[str, Warband]:
    return {w.id: w for w in _shipped_warbands()}
