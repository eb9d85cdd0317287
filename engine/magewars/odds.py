"""Exact Mage Wars Arena attack odds: damage after armor and the chance of each additional effect.

The damage distribution is a convolution over the attack die's faces: each die adds its
(normal, critical) hits, and the joint count is turned into damage once at the end, because
armor applies to the normal total, not die by die (§10.3 step 6). The effect die is a d12
read against the attack's effect table after modifiers. Both are counted with integers over
equally likely rolls and returned as :class:`fractions.Fraction`; nothing is sampled.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from engine.core.errors import InvalidInput
from engine.magewars.dice import (
    DAZE_PROCEEDS_ON, EffectRow, attack_die, effect_die, effect_for, face_value,
)

MAX_ODDS_DICE = 30
"""Most attack dice an odds question may roll."""
NO_EFFECT = "none"
"""Key of "no additional effect" in :attr:`AttackOdds.effects`."""


@lru_cache(maxsize=256)
def _hits(dice: int, incorporeal: bool, ethereal: bool) -> dict[tuple[int, int], int]:
    """Number of face sequences of ``dice`` attack dice showing each (normal, critical) total."""
    faces = [face_value(f, incorporeal=incorporeal, ethereal=ethereal) for f in attack_die().faces]
    dist: dict[tuple[int, int], int] = {(0, 0): 1}
    for _ in range(dice):
        nxt: dict[tuple[int, int], int] = {}
        for (n, c), w in dist.items():
            for fn, fc in faces:
                key = (n + fn, c + fc)
                nxt[key] = nxt.get(key, 0) + w
        dist = nxt
    return dist


def damage_distribution(dice: int, *, armor: int = 0, piercing: int = 0,
                        incorporeal: bool = False, ethereal: bool = False) -> dict[int, Fraction]:
    """Exact distribution of damage from ``dice`` attack dice against a target (§10.3 step 6).

    >>> damage_distribution(1, armor=1)[0]   # two blanks and a normal 1 do nothing through armor 1
    Fraction(1, 2)

    :raises InvalidInput: ``odds.bad_dice``.
    """
    if not 1 <= dice <= MAX_ODDS_DICE:
        raise InvalidInput("odds.bad_dice", side="attack", dice=dice, limit=MAX_ODDS_DICE)
    applied = 0 if incorporeal else max(0, armor - piercing)
    sides = attack_die().sides
    counts: dict[int, int] = {}
    for (n, c), w in _hits(dice, incorporeal, ethereal).items():
        total = max(0, n - applied) + c
        counts[total] = counts.get(total, 0) + w
    return {k: Fraction(w, sides ** dice) for k, w in sorted(counts.items())}


def effect_chances(table: Sequence[EffectRow], *, modifier: int = 0) -> dict[str, Fraction]:
    """Chance of each effect-table row (keyed by its notation) and of ``none``, for a d12 plus ``modifier``."""
    die = effect_die()
    out = {row.notation(): Fraction(0) for row in table}
    out[NO_EFFECT] = Fraction(0)
    for face in die.faces:
        row = effect_for(int(face.number or 0), table, modifier=modifier)
        out[row.notation() if row else NO_EFFECT] += Fraction(1, die.sides)
    return out


def defense_chance(threshold: int, *, modifier: int = 0) -> Fraction:
    """Chance a defense avoids the attack: d12 plus ``modifier`` at least ``threshold`` (§10.4)."""
    die = effect_die()
    return Fraction(sum(1 for f in die.faces if int(f.number or 0) + modifier >= threshold), die.sides)


def daze_proceed_chance() -> Fraction:
    """Chance a Dazed attacker's attack is not missed: d12 of 7+ (§12.1)."""
    die = effect_die()
    return Fraction(sum(1 for f in die.faces if int(f.number or 0) >= DAZE_PROCEEDS_ON), die.sides)


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Exact chances of one Mage Wars attack (one strike): hitting, damage, effects."""

    hits: Fraction
    """Chance the attack reaches step 6 (not missed through Daze, not avoided by a defense)."""
    damage: dict[int, Fraction]
    """Chance of each damage total; a missed or avoided attack counts as 0 damage."""
    effects: dict[str, Fraction]
    """Chance of each effect-table row (``7-10 = Daze``) and of ``none``; only a hit applies effects."""

    @property
    def expected_damage(self) -> Fraction:
        """Mean damage."""
        return sum((k * p for k, p in self.damage.items()), Fraction(0))

    def at_least(self, amount: int) -> Fraction:
        """Chance of ``amount`` damage or more."""
        return sum((p for k, p in self.damage.items() if k >= amount), Fraction(0))

    def destroy(self, life_left: int) -> Fraction:
        """Chance to destroy an object with ``life_left`` life remaining (damage at least its life)."""
        return self.at_least(max(1, life_left))


def attack_odds(dice: int, *, armor: int = 0, piercing: int = 0, incorporeal: bool = False,
                ethereal: bool = False, effects: Sequence[EffectRow] = (), effect_modifier: int = 0,
                defense: int | None = None, defense_modifier: int = 0, unavoidable: bool = False,
                dazed: bool = False) -> AttackOdds:
    """Exact odds of one attack of ``dice`` dice: defense and Daze first, then damage and effects (§10.3).

    ``defense`` is the threshold of the defense the target uses (None: none); ``effects`` the
    attack's effect table, read with ``effect_modifier`` (damage type ±X, +N vs. X, Tough −X).

    :raises InvalidInput: ``odds.bad_dice``.
    """
    reach = daze_proceed_chance() if dazed else Fraction(1)
    if defense is not None and not unavoidable:
        reach *= 1 - defense_chance(defense, modifier=defense_modifier)
    on_hit = damage_distribution(dice, armor=armor, piercing=piercing, incorporeal=incorporeal, ethereal=ethereal)
    damage = {k: p * reach for k, p in on_hit.items()}
    damage[0] = damage.get(0, Fraction(0)) + (1 - reach)
    # §9.5: a non-Ethereal attack's effects and conditions never affect an incorporeal object.
    table = () if incorporeal and not ethereal else effects
    chances = effect_chances(table, modifier=effect_modifier)
    shown = {k: p * reach for k, p in chances.items()}
    shown[NO_EFFECT] += 1 - reach
    return AttackOdds(reach, dict(sorted(damage.items())), shown)
