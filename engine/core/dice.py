"""Dice as data: every game's dice, face by face, loaded from ``data/dice/<game>.json``.

A die is the list of its physical faces, so a face printed twice appears twice and a uniform
draw over the list is a fair roll. Each file cites where its faces were read (``source``) and
marks the faces its sources leave in doubt (``uncertain``), so a reply can say so. How a face is
*read* (successes, damage, hits) is each game's rule and lives in ``engine/<game>/dice.py``.

A registered game with no dice file has no dice (its combat is fixed and its only randomness is
deck order, drawn with :func:`engine.core.rng.shuffled`): ``load_dice`` returns an empty mapping.
"""
from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine.core.errors import InvalidInput, NotFound
from engine.core.rng import Rng
from engine.core.system import all_systems

DICE_DIR = Path(__file__).resolve().parents[2] / "data" / "dice"
"""Where the shipped dice files live (``data/dice``)."""
GAMES_WITH_DICE = tuple(sorted(p.stem for p in DICE_DIR.glob("*.json")))
"""Games that ship a dice file, one ``<game>.json`` each."""
MAX_DICE = 1000
"""Most dice one roll may ask for."""
SCHEMA_VERSION = 1
"""Version of the dice file format."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Source(_Frozen):
    """Where a die's faces were read: a GitHub file at a commit, a web page, or a project file."""

    repo: str | None = Field(default=None, pattern=r"^[\w.-]+/[\w.-]+$")
    """``owner/name`` on GitHub."""
    path: str | None = None
    """Path inside ``repo``."""
    commit: str | None = Field(default=None, pattern=r"^[0-9a-f]{40}$")
    """The commit read, required with ``repo``."""
    page: str | None = Field(default=None, pattern=r"^https://")
    """A public web page."""
    project_file: str | None = None
    """A file of the shared folder (``shared/rules/<game>.md``)."""
    says: str = Field(min_length=1)
    """What the source says about the faces."""

    @model_validator(mode="after")
    def _one_kind(self) -> Source:
        kinds = [self.repo is not None, self.page is not None, self.project_file is not None]
        if sum(kinds) != 1:
            raise ValueError("a source is exactly one of: repo (+path, commit), page, project_file")
        if self.repo is not None and (self.path is None or self.commit is None):
            raise ValueError("a GitHub source needs its path and commit")
        return self


class Face(_Frozen):
    """One physical face of a die."""

    face: str = Field(min_length=1)
    """The face's name in the game's vocabulary (``hammer``, ``normal_2``, ``double_hit``)."""
    normal: int = Field(default=0, ge=0)
    """Normal hits or damage shown (damage, standard hits)."""
    critical: int = Field(default=0, ge=0)
    """Critical hits or damage shown."""
    number: int | None = None
    """The number printed on a numbered die (a d12)."""
    plain: str | None = None
    """The plain-die result this face stands for (a "use normal dice" table)."""
    uncertain: bool = False
    """True when the sources leave this face in doubt (a reconstruction or a single source)."""
    note: str | None = None
    """Why the face is uncertain, or anything else worth knowing."""

    @model_validator(mode="after")
    def _note_with_doubt(self) -> Face:
        if self.uncertain and not self.note:
            raise ValueError(f"uncertain face {self.face!r} needs a note saying why")
        return self


class Die(_Frozen):
    """A die: a name and its faces, one entry per physical face."""

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    """Key of the die within its game (``attack``, ``attack_black``)."""
    label: str = ""
    """English display name."""
    label_es: str = ""
    """Spanish display name."""
    faces: tuple[Face, ...] = Field(min_length=2)
    """The physical faces, in a fixed order (a draw picks one by index)."""
    names: dict[str, str] = Field(default_factory=dict)
    """Display names of the faces, keyed by face name."""
    source: tuple[Source, ...] = ()
    """Where the faces were read."""
    notes: str | None = None
    """Anything a reader of the file should know."""

    @model_validator(mode="after")
    def _names_cover_faces(self) -> Die:
        unknown = set(self.names) - {f.face for f in self.faces}
        if unknown:
            raise ValueError(f"names for faces the die does not have: {sorted(unknown)}")
        return self

    @property
    def sides(self) -> int:
        """Number of physical faces."""
        return len(self.faces)

    @property
    def face_names(self) -> tuple[str, ...]:
        """The face names in face order (repeats included)."""
        return tuple(f.face for f in self.faces)

    @property
    def uncertain(self) -> bool:
        """True when at least one face is uncertain."""
        return any(f.uncertain for f in self.faces)

    def count(self, face: str) -> int:
        """How many physical faces show ``face``."""
        return sum(1 for f in self.faces if f.face == face)


class DiceFile(_Frozen):
    """A game's dice file: ``data/dice/<game>.json``."""

    schema_version: int = Field(ge=1, le=SCHEMA_VERSION)
    """File format version."""
    game: str
    """The game's key, as in ``engine/games.py``."""
    title: str
    """What the file holds."""
    notes: str | None = None
    """Anything a reader of the file should know."""
    dice: tuple[Die, ...] = Field(min_length=1)
    """The game's dice."""

    @model_validator(mode="after")
    def _unique_names(self) -> DiceFile:
        repeated = [n for n, k in Counter(d.name for d in self.dice).items() if k > 1]
        if repeated:
            raise ValueError(f"dice names repeated: {repeated}")
        return self


def parse_dice_file(text: str, *, file: str = "<text>") -> DiceFile:
    """Parse and validate one dice file.

    :raises InvalidInput: ``dice.bad_data_file`` with every problem found.
    """
    try:
        return DiceFile.model_validate(json.loads(text))
    except json.JSONDecodeError as e:
        raise InvalidInput("dice.bad_data_file", file=file, problems=[f"not JSON: {e}"]) from e
    except ValidationError as e:
        problems = [f"{'.'.join(map(str, err['loc']))}: {err['msg']}" for err in e.errors()]
        raise InvalidInput("dice.bad_data_file", file=file, problems=problems) from e


@lru_cache(maxsize=None)
def _load(game: str) -> DiceFile:
    path = DICE_DIR / f"{game}.json"
    parsed = parse_dice_file(path.read_text(encoding="utf-8"), file=str(path))
    if parsed.game != game:
        raise InvalidInput("dice.bad_data_file", file=str(path), problems=[f"game is {parsed.game!r}"])
    return parsed


def load_dice(game: str) -> dict[str, Die]:
    """The dice of ``game`` by name; empty for a registered game without dice.

    :raises NotFound: ``dice.unknown_game``.
    """
    if game not in GAMES_WITH_DICE:
        known = [info.key for info, _ in all_systems()]
        if game in known:
            return {}
        raise NotFound("dice.unknown_game", game=game, games=", ".join(known))
    return {d.name: d for d in _load(game).dice}


def get_die(game: str, name: str) -> Die:
    """One die of ``game``.

    :raises NotFound: ``dice.unknown_game``, ``dice.unknown_die``.
    """
    dice = load_dice(game)
    try:
        return dice[name]
    except KeyError:
        raise NotFound("dice.unknown_die", game=game, die=name, dice=tuple(dice)) from None


def check_count(n: int) -> None:
    """Refuse a dice count below 0 or above :data:`MAX_DICE`.

    :raises InvalidInput: ``roll.bad_count``, ``roll.too_many_dice``.
    """
    if n < 0:
        raise InvalidInput("roll.bad_count", dice=n)
    if n > MAX_DICE:
        raise InvalidInput("roll.too_many_dice", dice=n, limit=MAX_DICE)


def roll_faces(rng: Rng, die: Die, n: int) -> list[Face]:
    """Roll ``n`` of ``die``: each face drawn with ``rng.randbelow(sides)``.

    :raises InvalidInput: ``roll.bad_count``, ``roll.too_many_dice``.
    """
    check_count(n)
    return [die.faces[rng.randbelow(die.sides)] for _ in range(n)]


def roll(rng: Rng, die: Die, n: int) -> list[str]:
    """Roll ``n`` of ``die`` and return the face names, in the order drawn.

    :raises InvalidInput: ``roll.bad_count``, ``roll.too_many_dice``.
    """
    return [f.face for f in roll_faces(rng, die, n)]


def face_probabilities(die: Die) -> dict[str, Fraction]:
    """The exact chance of each face name on one roll (a face printed twice counts twice)."""
    counts = Counter(die.face_names)
    return {name: Fraction(k, die.sides) for name, k in counts.items()}


def chance(die: Die, faces: set[str] | frozenset[str]) -> Fraction:
    """The exact chance that one roll of ``die`` shows one of ``faces``."""
    return Fraction(sum(1 for f in die.faces if f.face in faces), die.sides)
