"""Reading Dragonbond: Batallas de Valerna dice: coloured attack d10s and defence d6s, upgrades and downgrades.

Each colour (black > gray > white) is a die of its own in ``data/dice/dragonbond.json``, one
face per plain-die number of the rulebook's "use normal dice" table. The die icons were lost in
the rulebook's text, so some faces are reconstructions (``Face.uncertain``); every roll reports
the uncertain faces it showed so a reply can say its result rests on them. Section numbers (§)
are those of ``shared/rules/dragonbond.md``; "seed 003" lines are the Spanish rulebook text.
Exact odds are in :mod:`engine.dragonbond.odds`.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.core.dice import Die, Face, check_count, get_die
from engine.core.errors import InvalidInput
from engine.core.rng import Rng

OPPOSED_DICE = 3
"""Black attack dice each player rolls in an opposed roll (§3.5)."""


class Colour(StrEnum):
    """Die colours, strongest first (§3.1)."""

    BLACK = "black"
    """Negro: the strongest dice."""
    GRAY = "gray"
    """Gris."""
    WHITE = "white"
    """Blanco: the weakest dice."""


class Kind(StrEnum):
    """Attack dice are d10s, defence dice d6s (§3.1)."""

    ATTACK = "attack"
    """Attack roll: misses, hits, double hits, criticals, double criticals."""
    DEFENCE = "defence"
    """Defence roll (and morale tests): blocks and fails."""


class ShiftReroll(StrEnum):
    """The re-roll an upgrade on black or a downgrade on white brings instead of a colour change (§3.4)."""

    NONE = "none"
    """No re-roll."""
    FAILURES = "failures"
    """Upgrade on black dice: re-roll every miss or fail, once."""
    SUCCESSES = "successes"
    """Downgrade on white dice: re-roll every hit or block, once."""


_STRONGER = {Colour.WHITE: Colour.GRAY, Colour.GRAY: Colour.BLACK}
_WEAKER = {Colour.BLACK: Colour.GRAY, Colour.GRAY: Colour.WHITE}


@dataclass(frozen=True, slots=True)
class Shift:
    """What a roll's upgrades and downgrades come to: the colour rolled, and any re-roll."""

    colour: Colour
    """The colour actually rolled."""
    reroll: ShiftReroll
    """The re-roll the shift brings (black upgraded, white downgraded)."""


def shift(colour: Colour | str, *, upgrades: int = 0, downgrades: int = 0) -> Shift:
    """Net the upgrades and downgrades of a roll: at most one step either way (§3.4, seed 003 l.299-312).

    >>> shift("white", upgrades=3, downgrades=1)   # the rulebook's example: gray, not black
    Shift(colour=<Colour.GRAY: 'gray'>, reroll=<ShiftReroll.NONE: 'none'>)

    :raises InvalidInput: ``db.dice.bad_colour``, ``db.dice.bad_modifier``.
    """
    colour = _colour(colour)
    if upgrades < 0 or downgrades < 0:
        raise InvalidInput("db.dice.bad_modifier", upgrades=upgrades, downgrades=downgrades)
    if upgrades > downgrades:
        if colour is Colour.BLACK:
            return Shift(colour, ShiftReroll.FAILURES)
        return Shift(_STRONGER[colour], ShiftReroll.NONE)
    if downgrades > upgrades:
        if colour is Colour.WHITE:
            return Shift(colour, ShiftReroll.SUCCESSES)
        return Shift(_WEAKER[colour], ShiftReroll.NONE)
    return Shift(colour, ShiftReroll.NONE)


def _colour(value: Colour | str) -> Colour:
    try:
        return Colour(value)
    except ValueError:
        raise InvalidInput("db.dice.bad_colour", colour=str(value), colours=[c.value for c in Colour]) from None


def die(kind: Kind | str, colour: Colour | str) -> Die:
    """The attack or defence die of one colour."""
    return get_die("dragonbond", f"{Kind(kind).value}_{_colour(colour).value}")


def is_success(face: Face) -> bool:
    """A hit of any kind on an attack die, a block on a defence die."""
    return face.normal + face.critical > 0 or face.face == "block"


def describe(face: Face, die_name: str) -> str:
    """Where an uncertain face comes from, for a reply: ``attack_black 0: <why>``."""
    return f"{die_name} {face.plain}: {face.note}"


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """A Dragonbond roll: the colour rolled, the faces before and after the shift's re-roll."""

    kind: Kind
    """Attack or defence."""
    shift: Shift
    """Colour rolled and the re-roll applied."""
    first: tuple[Face, ...]
    """Faces as first rolled."""
    faces: tuple[Face, ...]
    """Faces that stand, re-rolls applied."""
    rerolled: tuple[int, ...]
    """Indices of the dice re-rolled (each at most once, §3.3)."""

    @property
    def hits(self) -> int:
        """Standard hits; a double hit counts 2 (§3.2)."""
        return sum(f.normal for f in self.faces)

    @property
    def crits(self) -> int:
        """Critical hits; a double critical counts 2 (§3.2)."""
        return sum(f.critical for f in self.faces)

    @property
    def blocks(self) -> int:
        """Blocks (defence dice)."""
        return sum(1 for f in self.faces if f.face == "block")

    @property
    def uncertain(self) -> tuple[str, ...]:
        """The reconstructed faces this roll showed, first roll and re-rolls, described for a reply."""
        name = f"{self.kind.value}_{self.shift.colour.value}"
        shown = [f for f in self.first + tuple(self.faces[i] for i in self.rerolled) if f.uncertain]
        return tuple(dict.fromkeys(describe(f, name) for f in shown))


def reroll_for_shift(rng: Rng, die_: Die, faces: Sequence[Face], rule: ShiftReroll) -> tuple[tuple[Face, ...], tuple[int, ...]]:
    """Apply a shift's re-roll: every failure (or every success) re-rolled once, the new face kept (§3.3, §3.4)."""
    if rule is ShiftReroll.NONE:
        return tuple(faces), ()
    want_success = rule is ShiftReroll.SUCCESSES
    out, again = list(faces), []
    for i, face in enumerate(faces):
        if is_success(face) == want_success:
            out[i] = die_.faces[rng.randbelow(die_.sides)]
            again.append(i)
    return tuple(out), tuple(again)


def roll(rng: Rng, kind: Kind | str, colour: Colour | str, dice: int, *,
         upgrades: int = 0, downgrades: int = 0) -> DiceRoll:
    """Roll ``dice`` dice of a colour with a roll's upgrades and downgrades (§3.4, §10.2 step 3-4).

    :raises InvalidInput: ``db.dice.bad_colour``, ``db.dice.bad_modifier``, ``roll.too_many_dice``.
    """
    check_count(dice)
    kind = Kind(kind)
    s = shift(colour, upgrades=upgrades, downgrades=downgrades)
    d = die(kind, s.colour)
    first = tuple(d.faces[rng.randbelow(d.sides)] for _ in range(dice))
    faces, again = reroll_for_shift(rng, d, first, s.reroll)
    return DiceRoll(kind, s, first, faces, again)


def wounds(hits: int, crits: int, blocks: int) -> int:
    """Wounds of an attack: standard hits not blocked, plus critical hits, which cannot be blocked (§10.2 step 5)."""
    return max(0, hits - blocks) + crits


def opposed_roll(first: DiceRoll, second: DiceRoll) -> int | None:
    """Winner of an opposed roll (0 or 1): most hits, criticals included, then most criticals; None: both roll again (§3.5, A2)."""
    a = (first.hits + first.crits, first.crits)
    b = (second.hits + second.crits, second.crits)
    if a == b:
        return None
    return 0 if a > b else 1
