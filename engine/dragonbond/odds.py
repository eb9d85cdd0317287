"""Exact Dragonbond attack odds: wounds from coloured attack dice against a defence colour.

The attack roll is a convolution over each die's faces, re-roll of the colour shift included
(§3.4); the defender then rolls one defence die per standard hit, criticals being unblockable
(§10.2 step 4-5). All counting is exact; nothing is sampled. Because some faces of the black and
gray dice are reconstructions (§3.2, ambiguity A1), every answer also gives the chance that a
reconstructed face showed, so a reply can say how much of the figure rests on them.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, gcd

from engine.core.errors import InvalidInput
from engine.dragonbond.dice import Colour, Kind, Shift, ShiftReroll, die, is_success, shift

MAX_ODDS_DICE = 40
"""Most attack dice an odds question may roll."""

Outcome = tuple[int, int, bool]  # (standard hits, critical hits, a reconstructed face showed)


@lru_cache(maxsize=64)
def die_outcomes(kind: Kind, s: Shift) -> dict[Outcome, Fraction]:
    """One die of a shifted roll: chance of each (hits, crits, uncertain face shown), its re-roll applied."""
    d = die(kind, s.colour)
    p = Fraction(1, d.sides)
    out: dict[Outcome, Fraction] = {}

    def add(key: Outcome, w: Fraction) -> None:
        out[key] = out.get(key, Fraction(0)) + w

    for face in d.faces:
        value = (1 if face.face == "block" else face.normal, face.critical)
        rerolled = s.reroll is not ShiftReroll.NONE and is_success(face) == (s.reroll is ShiftReroll.SUCCESSES)
        if not rerolled:
            add((*value, face.uncertain), p)
            continue
        for second in d.faces:  # §3.3: re-rolled once, the new result stands
            again = (1 if second.face == "block" else second.normal, second.critical)
            add((*again, face.uncertain or second.uncertain), p * p)
    return out


def _integers(dist: dict[Outcome, Fraction]) -> tuple[dict[Outcome, int], int]:
    """The same distribution as integer weights over one common denominator."""
    denominator = 1
    for p in dist.values():
        denominator = denominator * p.denominator // gcd(denominator, p.denominator)
    return {k: int(p * denominator) for k, p in dist.items()}, denominator


def _convolve(per_die: dict[Outcome, Fraction], n: int) -> tuple[dict[Outcome, int], int]:
    """``n`` dice together, as integer weights and their denominator (Fractions would be slow here)."""
    weights, denominator = _integers(per_die)
    dist: dict[Outcome, int] = {(0, 0, False): 1}
    for _ in range(n):
        nxt: dict[Outcome, int] = {}
        for (h, c, u), w in dist.items():
            for (dh, dc, du), dw in weights.items():
                key = (h + dh, c + dc, u or du)
                nxt[key] = nxt.get(key, 0) + w * dw
        dist = nxt
    return dist, denominator ** n


@dataclass(frozen=True, slots=True)
class WoundOdds:
    """Exact chances of the wounds one attack deals."""

    attack: Shift
    """Attack colour rolled and its re-roll."""
    defence: Shift
    """Defence colour rolled and its re-roll."""
    wounds: dict[int, Fraction]
    """Chance of each number of wounds."""
    uncertain: Fraction
    """Chance that a reconstructed face (attack or defence) showed in the combat."""

    @property
    def expected(self) -> Fraction:
        """Mean wounds."""
        return sum((k * p for k, p in self.wounds.items()), Fraction(0))

    def at_least(self, amount: int) -> Fraction:
        """Chance of ``amount`` wounds or more."""
        return sum((p for k, p in self.wounds.items() if k >= amount), Fraction(0))

    def models_removed(self, health: int, models: int, *, wounds_on_unit: int = 0) -> dict[int, Fraction]:
        """Chance of each number of models removed: one per ``health`` wounds on the unit, at most ``models`` (§10.2 step 5)."""
        out: dict[int, Fraction] = {}
        for w, p in self.wounds.items():
            k = min(models, (wounds_on_unit + w) // health)
            out[k] = out.get(k, Fraction(0)) + p
        return dict(sorted(out.items()))


@lru_cache(maxsize=1024)
def wound_odds(attack_colour: Colour | str, attack_dice: int, defence_colour: Colour | str, *,
               attack_upgrades: int = 0, attack_downgrades: int = 0,
               defence_upgrades: int = 0, defence_downgrades: int = 0) -> WoundOdds:
    """Exact wounds of an attack of ``attack_dice`` dice against a unit defending with ``defence_colour`` (§10.2).

    >>> wound_odds("white", 1, "black").wounds[0]   # 6/10 miss, 3/10 hit blocked 4/6, 1/10 double hit both blocked
    Fraction(38, 45)

    :raises InvalidInput: ``odds.bad_dice``, ``db.dice.bad_colour``, ``db.dice.bad_modifier``.
    """
    if not 0 <= attack_dice <= MAX_ODDS_DICE:
        raise InvalidInput("odds.bad_dice", side="attack", dice=attack_dice, limit=MAX_ODDS_DICE)
    a = shift(attack_colour, upgrades=attack_upgrades, downgrades=attack_downgrades)
    d = shift(defence_colour, upgrades=defence_upgrades, downgrades=defence_downgrades)
    attack, attack_total = _convolve(die_outcomes(Kind.ATTACK, a), attack_dice)
    defence, q = _integers(die_outcomes(Kind.DEFENCE, d))
    block = sum(w for (b, _, _), w in defence.items() if b)     # one defence die, out of q
    sure = sum(w for (_, _, u), w in defence.items() if not u)  # no reconstructed face shown
    most = max((h for h, _, _ in attack), default=0)
    # blocks_of[h][b]: ways for h defence dice to block b hits, all scaled to q**most.
    blocks_of = [[comb(h, b) * block ** b * (q - block) ** (h - b) * q ** (most - h) for b in range(h + 1)]
                 for h in range(most + 1)]
    counts: dict[int, int] = {}
    uncertain = 0
    for (hits, crits, touched), w in attack.items():
        # One defence die per standard hit; criticals get none (§10.2 step 4).
        for blocks, ways in enumerate(blocks_of[hits]):
            k = hits - blocks + crits
            counts[k] = counts.get(k, 0) + w * ways
        uncertain += w * q ** most if touched else w * (q ** hits - sure ** hits) * q ** (most - hits)
    total = attack_total * q ** most
    wounds = {k: Fraction(v, total) for k, v in sorted(counts.items())}
    return WoundOdds(a, d, wounds, Fraction(uncertain, total))


def morale_pass_chance(colour: Colour | str = Colour.GRAY, *, upgrades: int = 0, downgrades: int = 0,
                       reroll_failed: bool = False) -> Fraction:
    """Chance one model passes a morale test: a block on one defence die, failed dice re-rolled under the General (§13)."""
    s = shift(colour, upgrades=upgrades, downgrades=downgrades)
    d = die(Kind.DEFENCE, s.colour)
    p = Fraction(sum(1 for f in d.faces if f.face == "block"), d.sides)
    if s.reroll is ShiftReroll.FAILURES:
        # Black upgraded already re-rolls every fail; §3.3: no die is re-rolled twice, so the aura adds nothing.
        return p + (1 - p) * p
    first_pass = p * p if s.reroll is ShiftReroll.SUCCESSES else p
    # Only dice that failed on the first roll were never re-rolled, so only they take the aura's re-roll.
    return first_pass + ((1 - p) * p if reroll_failed else 0)
