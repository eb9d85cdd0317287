"""Exact Underworlds combat odds: attack dice against defence dice, by counting, never by sampling.

Each die face falls in one of three classes for a given combat: crit, other success, fail
(:func:`engine.underworlds.dice.attack_success_symbols` and friends decide which). A roll of
``n`` dice is then a multinomial over ``(crits, successes)`` and the chance of each outcome is a
sum of integer weights over ``6**n * 6**m`` equally likely sequences: ``O(n² m²)`` work instead
of ``6**(n+m)``. Results are :class:`fractions.Fraction` and cached per configuration.

Re-roll of one attack die (the target is staggered, §16.2). The re-roll is made immediately
after the attack roll (§10.2), so it may depend on the attack dice but never on the defence roll.

- :attr:`Reroll.FAILED_DIE` re-rolls one die that is not a success, when there is one. That is
  never worse than keeping it: a failed die can only turn into a success or a crit, and more
  successes or crits never lose an attack (step 4 is monotone in both).
- :attr:`Reroll.BEST` is the exact optimum: for each attack roll it re-rolls a failed die, a
  plain success (fishing for a crit, which beats any number of defence successes) or nothing,
  whichever gives the highest chance that the attack succeeds, then of a critical hit. Its
  success chance is never below ``FAILED_DIE``'s. It is what a staggered target should be given.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from math import comb
from types import MappingProxyType

from engine.core.dice import Die
from engine.core.errors import InvalidInput
from engine.underworlds.dice import (
    BACKLASH_CRITS, Combat, Outcome, Symbol, attack_die, attack_success_symbols, defence_die,
    defence_success_symbols, outcome_of, symbols_of, trapped_bonus,
)

MAX_ODDS_DICE = 20
"""Most dice on either side of an odds question."""

State = tuple[int, int]  # (crits, non-crit successes) among the dice rolled


class Reroll(StrEnum):
    """How the attacker uses the re-roll of one attack die a staggered target allows (§16.2)."""

    NONE = "none"
    """No re-roll (the target is not staggered)."""
    FAILED_DIE = "failed_die"
    """Re-roll one die that is not a success, if any."""
    BEST = "best"
    """Re-roll whichever die (failed, plain success, or none) maximises the chance to succeed."""


class _Choice(StrEnum):
    KEEP = "keep"
    FAILED = "failed"
    SUCCESS = "success"


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Exact chances of one attack action's outcomes."""

    attack_dice: int
    """Attack (or magic) dice rolled."""
    defence_dice: int
    """Defence dice rolled."""
    combat: Combat
    """How the rolls are read."""
    reroll: Reroll
    """The re-roll policy used."""
    outcomes: Mapping[Outcome, Fraction]
    """Chance of each of the five outcomes; they sum to 1."""
    backlash: Fraction
    """Chance of 2+ crits in a spell attack roll (the wizard takes 1 damage); 0 for other attacks."""

    @property
    def success(self) -> Fraction:
        """Chance the attack succeeds (a hit or a critical hit): the chance to deal damage."""
        return self.outcomes[Outcome.CRITICAL_HIT] + self.outcomes[Outcome.HIT]

    def damage(self, damage: int, *, grievous: int = 0) -> dict[int, Fraction]:
        """Distribution of damage inflicted: ``damage`` on a hit, ``damage + grievous`` on a critical hit (§20)."""
        out: dict[int, Fraction] = {}
        for amount, p in ((0, 1 - self.success), (damage, self.outcomes[Outcome.HIT]),
                          (damage + grievous, self.outcomes[Outcome.CRITICAL_HIT])):
            if p:
                out[amount] = out.get(amount, Fraction(0)) + p
        return dict(sorted(out.items()))

    def expected_damage(self, damage: int, *, grievous: int = 0) -> Fraction:
        """Mean damage inflicted."""
        return sum((k * p for k, p in self.damage(damage, grievous=grievous).items()), Fraction(0))

    def take_out(self, wounds: int, damage: int, *, grievous: int = 0) -> Fraction:
        """Chance to take out of action a fighter with ``wounds`` wounds left (§18.4: tokens ≥ Wounds)."""
        return sum((p for k, p in self.damage(damage, grievous=grievous).items() if k >= wounds and k > 0),
                   Fraction(0))


def _classes(die: Die, success: frozenset[Symbol]) -> tuple[int, int, int]:
    """Faces of ``die`` that are crits, other successes, fails."""
    crit = die.count(Symbol.CRITICAL)
    good = sum(1 for f in die.faces if f.face != Symbol.CRITICAL and f.face in success)
    return crit, good, die.sides - crit - good


def _weights(n: int, classes: tuple[int, int, int]) -> dict[State, int]:
    """Number of face sequences of ``n`` dice giving each (crits, successes): a multinomial."""
    nc, ns, nf = classes
    out: dict[State, int] = {}
    for c in range(n + 1):
        for s in range(n - c + 1):
            w = comb(n, c) * comb(n - c, s) * nc ** c * ns ** s * nf ** (n - c - s)
            if w:
                out[(c, s)] = w
    return out


def _innate(symbol: Symbol | None, success: frozenset[Symbol]) -> State:
    if symbol is Symbol.CRITICAL:
        return 1, 0
    return (0, 1) if symbol in success else (0, 0)


def _check(attack_dice: int, defence_dice: int) -> None:
    for side, n in (("attack", attack_dice), ("defence", defence_dice)):
        if not 0 <= n <= MAX_ODDS_DICE:
            raise InvalidInput("odds.bad_dice", side=side, dice=n, limit=MAX_ODDS_DICE)


@dataclass(frozen=True, slots=True)
class _Model:
    n: int
    sides: int
    attack_classes: tuple[int, int, int]
    rolls: dict[State, int]                      # attack states before any re-roll
    by_outcome: dict[State, dict[Outcome, int]]  # per attack state: defence weight of each outcome
    defence_total: int                           # 6**m
    attack_offset: State                         # innate symbol of the attacker


@lru_cache(maxsize=1024)
def _model(attack_dice: int, defence_dice: int, combat: Combat) -> _Model:
    a_die, d_die = attack_die(combat), defence_die()
    a_success, d_success = attack_success_symbols(combat), defence_success_symbols(combat)
    a_classes = _classes(a_die, a_success)
    defence = _weights(defence_dice, _classes(d_die, d_success))
    ac0, as0 = _innate(combat.attack_innate, a_success)
    dc0, ds0 = _innate(combat.defence_innate, d_success)
    trapped = combat.trapped_counts
    by_outcome: dict[State, dict[Outcome, int]] = {}
    for c in range(attack_dice + 1):
        for s in range(attack_dice - c + 1):
            crits, successes = c + ac0, c + s + ac0 + as0
            successes += trapped_bonus(successes, trapped)
            row = dict.fromkeys(Outcome, 0)
            for (dc, ds), w in defence.items():
                row[outcome_of(crits, successes, dc + dc0, dc + ds + dc0 + ds0)] += w
            by_outcome[(c, s)] = row
    return _Model(attack_dice, a_die.sides, a_classes, _weights(attack_dice, a_classes), by_outcome,
                  d_die.sides ** defence_dice, (ac0, as0))


def _transitions(state: State, choice: _Choice, classes: tuple[int, int, int]) -> list[tuple[State, int]]:
    """Where one re-roll from ``state`` leads, with face counts as weights (they sum to the die's sides)."""
    c, s = state
    nc, ns, nf = classes
    if choice is _Choice.FAILED:
        return [((c + 1, s), nc), ((c, s + 1), ns), ((c, s), nf)]
    if choice is _Choice.SUCCESS:
        return [((c + 1, s - 1), nc), ((c, s), ns), ((c, s - 1), nf)]
    return [((c, s), nc + ns + nf)]


def _score(model: _Model, state: State, choice: _Choice) -> tuple[int, int]:
    success = crit = 0
    for target, w in _transitions(state, choice, model.attack_classes):
        row = model.by_outcome[target]
        success += w * (row[Outcome.CRITICAL_HIT] + row[Outcome.HIT])
        crit += w * row[Outcome.CRITICAL_HIT]
    return success, crit


@lru_cache(maxsize=1024)
def _policy(attack_dice: int, defence_dice: int, combat: Combat, reroll: Reroll) -> dict[State, _Choice]:
    model = _model(attack_dice, defence_dice, combat)
    policy: dict[State, _Choice] = {}
    for state in model.by_outcome:
        c, s = state
        fails = attack_dice - c - s
        if reroll is Reroll.NONE or attack_dice == 0:
            policy[state] = _Choice.KEEP
        elif reroll is Reroll.FAILED_DIE:
            policy[state] = _Choice.FAILED if fails else _Choice.KEEP
        else:
            options = [_Choice.KEEP] + ([_Choice.FAILED] if fails else []) + ([_Choice.SUCCESS] if s else [])
            best, best_score = _Choice.KEEP, _score(model, state, _Choice.KEEP)
            for option in options[1:]:
                score = _score(model, state, option)
                if score > best_score:  # strict: on a tie, keep the dice as rolled
                    best, best_score = option, score
            policy[state] = best
    return policy


@lru_cache(maxsize=4096)
def attack_odds(attack_dice: int, defence_dice: int, combat: Combat = Combat(),
                reroll: Reroll = Reroll.NONE) -> AttackOdds:
    """Exact odds of an attack: ``attack_dice`` attack (or magic) dice against ``defence_dice`` defence dice.

    >>> attack_odds(1, 1).success   # one hammer die against one block die
    Fraction(11, 36)

    :raises InvalidInput: ``odds.bad_dice`` (each side takes 0 to 20 dice).
    """
    _check(attack_dice, defence_dice)
    reroll = Reroll(reroll)
    model = _model(attack_dice, defence_dice, combat)
    policy = _policy(attack_dice, defence_dice, combat, reroll)
    final: dict[State, int] = {}
    for state, w in model.rolls.items():
        for target, k in _transitions(state, policy[state], model.attack_classes):
            if k:
                final[target] = final.get(target, 0) + w * k
    # Every path above went through exactly one _transitions call, weights summing to `sides`.
    total = model.sides ** attack_dice * model.sides * model.defence_total
    counts = dict.fromkeys(Outcome, 0)
    backlash = 0
    for state, w in final.items():
        for outcome, k in model.by_outcome[state].items():
            counts[outcome] += w * k
        if combat.spell and state[0] + model.attack_offset[0] >= BACKLASH_CRITS:
            backlash += w * model.defence_total
    outcomes = MappingProxyType({o: Fraction(k, total) for o, k in counts.items()})
    return AttackOdds(attack_dice, defence_dice, combat, reroll, outcomes, Fraction(backlash, total))


def reroll_choice(faces: list[str] | tuple[str, ...], defence_dice: int, combat: Combat,
                  reroll: Reroll = Reroll.BEST) -> int | None:
    """Index of the attack die to re-roll under ``reroll`` (None: keep the roll), as :func:`attack_odds` assumes.

    :raises InvalidInput: ``odds.bad_dice``, ``uw.dice.unknown_face``.
    """
    _check(len(faces), defence_dice)
    success = attack_success_symbols(combat)
    kinds = [_Choice.KEEP if f is Symbol.CRITICAL else _Choice.SUCCESS if f in success else _Choice.FAILED
             for f in symbols_of(faces)]
    state = (kinds.count(_Choice.KEEP), kinds.count(_Choice.SUCCESS))
    choice = _policy(len(faces), defence_dice, combat, Reroll(reroll))[state]
    return None if choice is _Choice.KEEP else kinds.index(choice)
