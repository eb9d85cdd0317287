"""Reading Underworlds dice: attack and defence rolls (combat step 4), re-rolls, casting rolls, roll-offs.

Pure functions over face names (the faces are data: ``data/dice/underworlds.json``). Only
:func:`reroll_one` draws, from the random source it is handed. Section numbers (§) are those of
the rules digest ``shared/rules/underworlds.md``; "seed 000" lines are the Spanish rulebook text.
Exact odds of these rules are in :mod:`engine.underworlds.odds`. Where the rulebook's lost dice
glyphs force a choice (Cleave, Ensnare, Guard, cover, roll-off order), the choice follows the
digest's §35 defaults and is written up in ``docs/rulings/underworlds.md``.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.core.dice import Die, get_die
from engine.core.errors import IllegalAction, InvalidInput
from engine.core.rng import Rng


class Symbol(StrEnum):
    """A symbol on an Underworlds die (§10); the values are the face names in the dice file."""

    CRITICAL = "critical"
    """Critical success: always a success, on every die."""
    HAMMER = "hammer"
    """Attack – Smash (Golpe)."""
    SWORDS = "swords"
    """Attack – Fury (Furia)."""
    BLOCK = "block"
    """Defence – Block (Bloqueo), the shield."""
    DODGE = "dodge"
    """Defence – Dodge (Esquiva)."""
    SINGLE_SUPPORT = "single_support"
    """Support – Single (Apoyo – Único)."""
    DOUBLE_SUPPORT = "double_support"
    """Support – Double (Apoyo – Doble)."""
    CHANNEL = "channel"
    """Magic – Channel (Canalizar)."""
    FOCUS = "focus"
    """Magic – Focus (Foco)."""


ATTACK_SYMBOLS = frozenset({Symbol.HAMMER, Symbol.SWORDS})
"""Success symbols of an attack action's Dice characteristic."""
MAGIC_SYMBOLS = frozenset({Symbol.CHANNEL, Symbol.FOCUS})
"""Success symbols of a spell attack (rolled on magic dice) and of casting difficulties."""
DEFENCE_SYMBOLS = frozenset({Symbol.BLOCK, Symbol.DODGE})
"""Success symbols of a Defence characteristic."""
BACKLASH_CRITS = 2
"""Crits in a casting or spell attack roll that make the wizard suffer backlash (§22.2 step 2)."""
ROLL_OFF_ORDER = (Symbol.CRITICAL, Symbol.DOUBLE_SUPPORT, Symbol.SINGLE_SUPPORT)
"""Symbols compared in a roll-off, most important first (§10.1; glyphs lost, §35.1 default)."""


class Outcome(StrEnum):
    """The result of step 4 of the combat sequence, determine successes (§19.2)."""

    CRITICAL_HIT = "critical_hit"
    """Golpe crítico: the attack succeeds with a crit; critical abilities (Grievous) apply."""
    HIT = "hit"
    """Impacto: the attack succeeds."""
    DRAW = "draw"
    """Empate: the attack fails, but the target may still be driven back."""
    MISS = "miss"
    """Fallo: the attack fails."""
    CRITICAL_DEFENCE = "critical_defence"
    """Defensa crítica: the attack fails, no drive back; the target's critical abilities apply."""

    @property
    def succeeded(self) -> bool:
        """True for a critical hit or a hit: damage is inflicted (step 5)."""
        return self in (Outcome.CRITICAL_HIT, Outcome.HIT)


def _as_symbol(value: str | Symbol | None, allowed: Iterable[Symbol] | None = None) -> Symbol | None:
    """``value`` as a Symbol, or None when it is not one (or not one of ``allowed``)."""
    if value not in Symbol._value2member_map_:
        return None
    symbol = Symbol(value)
    return symbol if allowed is None or symbol in allowed else None


def symbols_of(faces: Iterable[str]) -> list[Symbol]:
    """Face names as symbols.

    :raises InvalidInput: ``uw.dice.unknown_face``.
    """
    out = []
    for face in faces:
        symbol = _as_symbol(face)
        if symbol is None:
            raise InvalidInput("uw.dice.unknown_face", symbol=str(face))
        out.append(symbol)
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class Combat:
    """Everything that decides how one attack action's attack and defence rolls are read.

    >>> Combat(dice_symbol="swords", attack_supports=1).spell
    False
    """

    dice_symbol: Symbol = Symbol.HAMMER
    """The attack's Dice symbol: hammer or swords, or channel/focus for a spell attack."""
    attack_supports: int = 0
    """Fighters friendly to the attacker adjacent to the target (§19.5)."""
    attack_innate: Symbol | None = None
    """The one innate symbol added to the attack roll, if any (§10.3)."""
    cleave: bool = False
    """Cleave (Romper): block results cannot be successes in the defence roll (§20)."""
    ensnare: bool = False
    """Ensnare (Apresar): dodge results cannot be successes in the defence roll (§20)."""
    knockback: bool = False
    """The attack has Knockback: it can drive back, and so trap, a target on Guard (§19.4, §35.6)."""
    defence_symbol: Symbol = Symbol.BLOCK
    """The target's Defence symbol: block or dodge."""
    defence_supports: int = 0
    """Fighters friendly to the target adjacent to the attacker (§19.5)."""
    defence_innate: Symbol | None = None
    """The one innate symbol added to the defence roll, if any (§10.3)."""
    on_guard: bool = False
    """The target has a Guard marker: block and dodge both count (§16.1)."""
    attack_extra: tuple[Symbol, ...] = ()
    """Symbols a card makes successes in this attack roll too (Kitchen Director: hammer and swords)."""
    defence_extra: tuple[Symbol, ...] = ()
    """Symbols a card makes successes in this defence roll too (Midden-heap Scavenger: block); Cleave and
    Ensnare still win ("can't" beats "can")."""
    in_cover: bool = False
    """The target stands in a cover hex (§8.2)."""
    cover_symbol: Symbol = Symbol.SINGLE_SUPPORT
    """The symbol a cover hex makes a defence success (glyph lost; §8.2, §35.1 default)."""
    trapped: bool = False
    """No empty hex adjacent to the target is further from the attacker (§19.4), as the board says."""

    def __post_init__(self) -> None:
        fix = object.__setattr__
        allowed = ATTACK_SYMBOLS | MAGIC_SYMBOLS
        if (symbol := _as_symbol(self.dice_symbol, allowed)) is None:
            raise InvalidInput("uw.dice.bad_attack_symbol", symbol=str(self.dice_symbol), allowed=sorted(s.value for s in allowed))
        fix(self, "dice_symbol", symbol)
        if (symbol := _as_symbol(self.defence_symbol, DEFENCE_SYMBOLS)) is None:
            raise InvalidInput("uw.dice.bad_defence_symbol", symbol=str(self.defence_symbol),
                               allowed=sorted(s.value for s in DEFENCE_SYMBOLS))
        fix(self, "defence_symbol", symbol)
        if (symbol := _as_symbol(self.cover_symbol)) is None:
            raise InvalidInput("uw.dice.bad_cover_symbol", symbol=str(self.cover_symbol))
        fix(self, "cover_symbol", symbol)
        for name in ("attack_innate", "defence_innate"):
            value = getattr(self, name)
            if value is not None:
                if (symbol := _as_symbol(value)) is None:
                    raise InvalidInput("uw.dice.bad_innate_symbol", symbol=str(value))
                fix(self, name, symbol)
        for name in ("attack_extra", "defence_extra"):
            fixed = tuple(_as_symbol(v) for v in getattr(self, name))
            if any(v is None for v in fixed):
                raise InvalidInput("uw.dice.bad_innate_symbol", symbol=str(getattr(self, name)))
            fix(self, name, fixed)
        for name in ("attack_supports", "defence_supports"):
            if getattr(self, name) < 0:
                raise InvalidInput("uw.dice.bad_supports", supports=getattr(self, name))

    @property
    def spell(self) -> bool:
        """True for a spell attack: magic dice, no supports for the attacker, backlash on 2+ crits."""
        return self.dice_symbol in MAGIC_SYMBOLS

    @property
    def attack_die(self) -> str:
        """Name of the die the attacker rolls: ``magic`` for a spell attack (§19.2 step 2)."""
        return "magic" if self.spell else "attack"

    @property
    def trapped_counts(self) -> bool:
        """The target is trapped for this attack: a fighter on Guard cannot be, unless Knockback (§19.4)."""
        return self.trapped and (not self.on_guard or self.knockback)


@dataclass(frozen=True, slots=True)
class Tally:
    """What one roll counts: its crits, and its successes (crits included)."""

    crits: int
    """Critical successes."""
    successes: int
    """All successes, crits included."""


@dataclass(frozen=True, slots=True)
class CombatResult:
    """Step 4 of the combat sequence: both tallies and the outcome."""

    outcome: Outcome
    """Critical hit, hit, draw, miss or critical defence."""
    attack: Tally
    """The attack roll's tally, the trapped success included."""
    defence: Tally
    """The defence roll's tally."""
    trapped_bonus: bool
    """True when the trapped target gave the attacker one more success (§19.2 step 4a)."""


def attack_success_symbols(combat: Combat) -> frozenset[Symbol]:
    """Symbols other than crits that are successes in this attack roll (§19.5, §19.7)."""
    symbols = {combat.dice_symbol, *combat.attack_extra}
    # §19.5: "an attacker making a spell attack action cannot be supported".
    if not combat.spell:
        if combat.attack_supports >= 1:
            symbols.add(Symbol.SINGLE_SUPPORT)
        if combat.attack_supports >= 2:
            symbols.add(Symbol.DOUBLE_SUPPORT)
    return frozenset(symbols)


def defence_success_symbols(combat: Combat) -> frozenset[Symbol]:
    """Symbols other than crits that are successes in this defence roll (§8.2, §16.1, §19.5, §20)."""
    symbols = {combat.defence_symbol, *combat.defence_extra}
    if combat.on_guard:
        symbols |= DEFENCE_SYMBOLS  # §16.1: on Guard, block and dodge both count
    if combat.in_cover:
        symbols.add(combat.cover_symbol)  # §8.2: cover adds one symbol, not a support
    if combat.defence_supports >= 1:
        symbols.add(Symbol.SINGLE_SUPPORT)
    if combat.defence_supports >= 2:
        symbols.add(Symbol.DOUBLE_SUPPORT)
    # §20: Cleave and Ensnare override everything above; crits still count.
    if combat.cleave:
        symbols.discard(Symbol.BLOCK)
    if combat.ensnare:
        symbols.discard(Symbol.DODGE)
    return frozenset(symbols)


def _tally(faces: Sequence[str], innate: Symbol | None, success: frozenset[Symbol]) -> Tally:
    symbols = symbols_of(faces)
    if innate is not None:
        symbols.append(innate)  # §10.3: an innate symbol is added to the roll's result
    crits = sum(1 for s in symbols if s is Symbol.CRITICAL)
    return Tally(crits, crits + sum(1 for s in symbols if s in success))


def count_attack(faces: Sequence[str], combat: Combat) -> Tally:
    """Tally an attack roll, innate symbol included, trapped bonus not (§19.7)."""
    return _tally(faces, combat.attack_innate, attack_success_symbols(combat))


def count_defence(faces: Sequence[str], combat: Combat) -> Tally:
    """Tally a defence roll, innate symbol included (§19.7)."""
    return _tally(faces, combat.defence_innate, defence_success_symbols(combat))


def trapped_bonus(attack_successes: int, trapped: bool) -> int:
    """The success a trapped target adds: 1 if trapped and the attacker has 1+ success, crits included (§19.2 4a)."""
    return 1 if trapped and attack_successes >= 1 else 0


def outcome_of(attack_crits: int, attack_successes: int, defence_crits: int, defence_successes: int) -> Outcome:
    """Compare crits, then successes, as in step 4b-4c of the combat sequence (§19.2).

    ``attack_successes`` already includes the trapped bonus.

    >>> outcome_of(1, 1, 0, 3)   # more crits wins whatever the successes (seed 004, "Éxitos críticos")
    <Outcome.CRITICAL_HIT: 'critical_hit'>
    >>> outcome_of(0, 2, 0, 2)
    <Outcome.DRAW: 'draw'>
    """
    if attack_crits > defence_crits:
        return Outcome.CRITICAL_HIT
    if defence_crits > attack_crits:
        return Outcome.CRITICAL_DEFENCE
    if attack_successes > defence_successes:
        return Outcome.CRITICAL_HIT if attack_crits >= 1 else Outcome.HIT
    if attack_successes == defence_successes and attack_successes >= 1:
        return Outcome.DRAW
    return Outcome.MISS


def determine_successes(attack_faces: Sequence[str], defence_faces: Sequence[str], combat: Combat) -> CombatResult:
    """Step 4 of the combat sequence: trapped check, count crits, count successes (§19.2).

    :raises InvalidInput: ``uw.dice.unknown_face``.
    """
    attack = count_attack(attack_faces, combat)
    defence = count_defence(defence_faces, combat)
    bonus = trapped_bonus(attack.successes, combat.trapped_counts)
    attack = Tally(attack.crits, attack.successes + bonus)
    outcome = outcome_of(attack.crits, attack.successes, defence.crits, defence.successes)
    return CombatResult(outcome, attack, defence, bool(bonus))


def damage_inflicted(outcome: Outcome, damage: int, *, grievous: int = 0) -> int:
    """Damage of step 5: the attack's Damage, plus Grievous X on a critical hit; 0 if the attack failed (§19.2, §20)."""
    if outcome is Outcome.CRITICAL_HIT:
        return damage + grievous
    return damage if outcome is Outcome.HIT else 0


def failed_dice(faces: Sequence[str], combat: Combat) -> tuple[int, ...]:
    """Indices of attack dice that are not successes: what a staggered target invites you to re-roll."""
    success = attack_success_symbols(combat) | {Symbol.CRITICAL}
    return tuple(i for i, f in enumerate(symbols_of(faces)) if f not in success)


def reroll_one(rng: Rng, die: Die, faces: Sequence[str], index: int, *,
               rerolled: frozenset[int] = frozenset()) -> tuple[tuple[str, ...], frozenset[int]]:
    """Re-roll die ``index`` of a roll; the new face stands even if worse (§10.2).

    Returns the new faces and the set of dice re-rolled so far.

    :raises InvalidInput: ``uw.reroll.no_such_die``.
    :raises IllegalAction: ``uw.reroll.already_rerolled`` (a die is never re-rolled twice, §10.2).
    """
    if not 0 <= index < len(faces):
        raise InvalidInput("uw.reroll.no_such_die", die=index, dice=len(faces))
    if index in rerolled:
        raise IllegalAction("uw.reroll.already_rerolled", die=index)
    new = list(faces)
    new[index] = die.faces[rng.randbelow(die.sides)].face
    return tuple(new), rerolled | {index}


def attack_die(combat: Combat) -> Die:
    """The die the attacker rolls for ``combat``: attack dice, or magic dice for a spell attack."""
    return get_die("underworlds", combat.attack_die)


def defence_die() -> Die:
    """The defence die."""
    return get_die("underworlds", "defence")


# ---------------------------------------------------------------------------------------------
# Magic: casting rolls and backlash (§22)


def backlash(faces: Sequence[str]) -> bool:
    """True when a casting or spell attack roll shows 2+ crits: the wizard takes 1 damage (§22.2, §19.7).

    An innate crit is part of the roll's result (§10.3): pass it as one more face.
    """
    return sum(1 for f in faces if f == Symbol.CRITICAL) >= BACKLASH_CRITS


def matches_difficulty(faces: Sequence[str], difficulty: Sequence[str]) -> bool:
    """True when the roll has one die per symbol of the casting difficulty, each crit standing in for any (§22.3).

    >>> matches_difficulty(["channel", "critical"], ["channel", "channel"])
    True

    :raises InvalidInput: ``uw.casting.bad_symbol``, ``uw.dice.unknown_face``.
    """
    needed = [_as_symbol(s, MAGIC_SYMBOLS) for s in difficulty]
    if None in needed:
        raise InvalidInput("uw.casting.bad_symbol", difficulty=list(map(str, difficulty)),
                           allowed=sorted(s.value for s in MAGIC_SYMBOLS))
    rolled = symbols_of(faces)
    spare_crits = rolled.count(Symbol.CRITICAL)
    for symbol in set(needed):
        spare_crits -= max(0, needed.count(symbol) - rolled.count(symbol))
    return spare_crits >= 0


@dataclass(frozen=True, slots=True)
class CastingRoll:
    """How a casting roll reads: does it match the difficulty, does the wizard suffer backlash."""

    matched: bool
    """The roll meets the casting difficulty (§22.2 step 3)."""
    backlash: bool
    """2+ crits: the wizard takes 1 damage before the comparison (§22.2 step 2)."""

    def cast(self, *, wizard_survives: bool = True) -> bool:
        """The spell is cast: matched, and the wizard survived any backlash (§22.2)."""
        return self.matched and (wizard_survives or not self.backlash)


def casting_roll(faces: Sequence[str], difficulty: Sequence[str]) -> CastingRoll:
    """Read a casting roll against a casting difficulty such as ``("channel", "channel")`` (§22.2).

    :raises InvalidInput: ``uw.casting.bad_symbol``, ``uw.dice.unknown_face``.
    """
    return CastingRoll(matches_difficulty(faces, difficulty), backlash(faces))


# ---------------------------------------------------------------------------------------------
# Roll-offs (§10.1)


def roll_off_key(faces: Sequence[str], order: Sequence[str] = ROLL_OFF_ORDER) -> tuple[int, ...]:
    """How a roll compares in a roll-off: the count of ``order[0]``, then of ``order[1]``... (more is better)."""
    return tuple(sum(1 for f in faces if f == s) for s in order)


def roll_off(rolls: Sequence[Sequence[str]], *, order: Sequence[str] = ROLL_OFF_ORDER) -> int | None:
    """Index of the roll-off winner: most of ``order[0]``, then ``order[1]``...; None means roll off again.

    A player's bonus symbol (round 1: the first to finish deploying adds one crit, §10.1) is
    passed as an extra face in that player's roll.

    >>> roll_off([["critical", "hammer"], ["double_support", "block"]])
    0
    """
    keys = [roll_off_key(faces, order) for faces in rolls]
    best = max(keys, default=None)
    if best is None or keys.count(best) > 1:
        return None
    return keys.index(best)
