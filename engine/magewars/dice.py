"""Reading Mage Wars Arena dice: attack dice to damage after armor, the d12 effect die, defenses, Daze.

Pure functions over face names (the faces are data: ``data/dice/magewars.json``). Section
numbers (§) are those of the rules digest ``shared/rules/magewars.md``; "seed 001" lines are the
Spanish rulebook text. Exact odds are in :mod:`engine.magewars.odds`.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.dice import Die, Face, get_die
from engine.core.errors import InvalidInput

DAZE_PROCEEDS_ON = 7
"""A Dazed attacker's roll to miss: the attack proceeds on a d12 of 7 or more (§12.1 Daze)."""
DAZE_DEFENSE_PENALTY = 2
"""Each Daze marker gives −2 to the creature's defense rolls (§10.4, §12.1)."""
INCORPOREAL_IGNORES = 2
"""Against an incorporeal object a non-Ethereal attack's "2" results count as 0 (§9.5)."""
EFFECT_TABLE_EXAMPLE = "7-10 = Daze; 11+ = Stun"
"""An effect table as players write it (the Samandriel card, §20.5)."""


def attack_die() -> Die:
    """The Mage Wars attack die."""
    return get_die("magewars", "attack")


def effect_die() -> Die:
    """The d12 effect die."""
    return get_die("magewars", "effect")


@dataclass(frozen=True, slots=True)
class AttackDamage:
    """An attack roll read against its target (§10.3 step 6)."""

    normal_rolled: int
    """Normal hits on the dice (incorporeal rule applied)."""
    critical_rolled: int
    """Critical hits on the dice (incorporeal rule applied)."""
    armor: int
    """The armor that applied, after Piercing."""
    normal: int
    """Normal damage: normal hits minus armor, never below 0."""
    critical: int
    """Critical damage: critical hits, which ignore armor."""

    @property
    def total(self) -> int:
        """Total damage: normal damage plus critical damage."""
        return self.normal + self.critical


def attack_dice(base: int, *, modifier: int = 0, aegis: int = 0, immune: bool = False) -> int:
    """Attack dice to roll: base plus modifiers minus Aegis, never below 1; none against an immune target (§10.3 step 5, §10.10)."""
    if immune:
        return 0
    return max(1, base + modifier - aegis)


def face_value(face: Face, *, incorporeal: bool = False, ethereal: bool = False) -> tuple[int, int]:
    """(normal, critical) hits shown by one attack die face against this target (§10.5, §9.5)."""
    if incorporeal and not ethereal and face.normal + face.critical == INCORPOREAL_IGNORES:
        return 0, 0
    return face.normal, face.critical


def _faces(names: Iterable[str], die: Die) -> list[Face]:
    by_name = {f.face: f for f in die.faces}
    try:
        return [by_name[n] for n in names]
    except KeyError as e:
        raise InvalidInput("mw.dice.unknown_face", face=str(e.args[0]), faces=sorted(by_name)) from None


def read_attack_roll(faces: Sequence[str], *, armor: int = 0, piercing: int = 0,
                     incorporeal: bool = False, ethereal: bool = False) -> AttackDamage:
    """Damage of an attack roll: normal hits reduced by armor (after Piercing, floor 0), critical hits added (§10.3 step 6).

    >>> imp = read_attack_roll(["critical_2", "normal_1"] + ["blank"] * 4, armor=2)  # seed 001 l.787-795
    >>> imp.normal, imp.critical, imp.total
    (0, 2, 2)

    :raises InvalidInput: ``mw.dice.unknown_face``.
    """
    normal = critical = 0
    for face in _faces(faces, attack_die()):
        n, c = face_value(face, incorporeal=incorporeal, ethereal=ethereal)
        normal, critical = normal + n, critical + c
    # §9.5: incorporeal objects never have armor; Piercing +X lowers armor, not below 0 (§13).
    applied = 0 if incorporeal else max(0, armor - piercing)
    return AttackDamage(normal, critical, applied, max(0, normal - applied), critical)


# ---------------------------------------------------------------------------------------------
# The effect die (d12): additional effects, defenses, Daze


@dataclass(frozen=True, slots=True)
class EffectRow:
    """One row of an attack's additional-effects table: a d12 range and what it does."""

    low: int
    """Lowest modified d12 result of the row."""
    high: int | None
    """Highest result, or None for "and up" (``11+``)."""
    effects: str
    """What happens, as printed (``Daze``, ``2 Burn``, ``Push and Daze``)."""

    def covers(self, result: int) -> bool:
        """True when a modified d12 result falls in this row."""
        return result >= self.low and (self.high is None or result <= self.high)

    def notation(self) -> str:
        """The row as players write it: ``7-10 = Daze``, ``11+ = Stun``."""
        span = f"{self.low}+" if self.high is None else (
            str(self.low) if self.high == self.low else f"{self.low}-{self.high}")
        return f"{span} = {self.effects}"


_ROW = re.compile(r"^\s*(\d{1,2})\s*(?:(\+)|-\s*(\d{1,2}))?\s*=\s*(\S.*?)\s*$")


def _checked(rows: list[EffectRow], text: str) -> tuple[EffectRow, ...]:
    rows.sort(key=lambda r: r.low)
    for a, b in zip(rows, rows[1:]):
        if a.high is None or a.high >= b.low:
            raise InvalidInput("mw.effect_table.overlap", table=text, example=EFFECT_TABLE_EXAMPLE)
    return tuple(rows)


def parse_effect_table(text: str) -> tuple[EffectRow, ...]:
    """Parse an effect table such as ``6-10 = Daze; 11+ = Stun`` into rows, lowest first.

    >>> [r.notation() for r in parse_effect_table("11+ = Stun; 6-10 = Daze")]
    ['6-10 = Daze', '11+ = Stun']

    :raises InvalidInput: ``mw.effect_table.bad``, ``mw.effect_table.overlap``.
    """
    rows = []
    for part in filter(str.strip, text.split(";")):
        m = _ROW.match(part)
        if not m:
            raise InvalidInput("mw.effect_table.bad", table=text, example=EFFECT_TABLE_EXAMPLE)
        low = int(m[1])
        high = None if m[2] else int(m[3]) if m[3] else low
        if high is not None and high < low:
            raise InvalidInput("mw.effect_table.bad", table=text, example=EFFECT_TABLE_EXAMPLE)
        rows.append(EffectRow(low, high, m[4]))
    if not rows:
        raise InvalidInput("mw.effect_table.bad", table=text, example=EFFECT_TABLE_EXAMPLE)
    return _checked(rows, text)


def effect_table_from_card(rows: Sequence[Mapping[str, Any]]) -> tuple[EffectRow, ...]:
    """Rows of a card attack's ``effect_table`` as in ``magewars/cards.json`` (``min``, ``max``, ``effects``)."""
    out = []
    for row in rows:
        parts = [f"{e['count']} {e['condition']}" if e.get("count", 1) != 1 else str(e["condition"])
                 for e in row["effects"]]
        out.append(EffectRow(int(row["min"]), None if row.get("max") is None else int(row["max"]),
                             " and ".join(parts)))
    return _checked(out, repr(list(rows)))


def effect_for(d12: int, table: Sequence[EffectRow], *, modifier: int = 0) -> EffectRow | None:
    """The row a d12 roll selects after modifiers (damage type ±X, +N vs. X, Tough −X), or None (§10.3 step 5-6)."""
    result = d12 + modifier
    return next((row for row in table if row.covers(result)), None)


def defense_avoids(d12: int, threshold: int, *, modifier: int = 0) -> bool:
    """A defense avoids the attack when the modified d12 is at least its threshold (§10.4); Daze gives −2 per marker."""
    return d12 + modifier >= threshold


def daze_attack_proceeds(d12: int) -> bool:
    """A Dazed attacker's roll to miss: 7+ the attack proceeds, 6 or less it misses (§12.1 Daze, §10.3 step 3)."""
    return d12 >= DAZE_PROCEEDS_ON
