"""The exact odds agree with 1,000,000 simulated rolls, within 0.3 percentage points, on 16 configurations.

The simulations read every roll with the *rules* modules (``engine/<game>/dice.py``), never with
the odds modules, so they check the counting against the rules. They stay fast by reading each
possible roll once into a table and drawing a million rows from it with a seeded
``random.Random`` (``choices``), then counting the distinct (attack, defence) pairs.
"""
from __future__ import annotations

import itertools
import random
from collections import Counter
from operator import add

import pytest

from engine.core.dice import load_dice
from engine.dragonbond.dice import Kind, die, reroll_for_shift, shift, wounds
from engine.dragonbond.odds import wound_odds
from engine.magewars.dice import (
    daze_attack_proceeds, defense_avoids, effect_for, parse_effect_table, read_attack_roll,
)
from engine.magewars.odds import NO_EFFECT, attack_odds as mw_attack_odds
from engine.underworlds.dice import (
    Combat, Outcome, count_attack, count_defence, failed_dice, outcome_of, trapped_bonus,
)
from engine.underworlds.odds import Reroll, attack_odds, reroll_choice

pytestmark = pytest.mark.slow

ROLLS = 1_000_000
TOLERANCE = 0.003  # 0.3 percentage points; one standard error is at most 0.05 points here
SEED = 20240607


class FixedRng:
    def __init__(self, *draws: int) -> None:
        self.draws = list(draws)

    def randbelow(self, n: int) -> int:
        return self.draws.pop(0)


def assert_close(exact: dict, simulated: dict) -> None:
    for key in exact.keys() | simulated.keys():
        e, s = float(exact.get(key, 0)), simulated.get(key, 0) / ROLLS
        assert abs(e - s) < TOLERANCE, (key, e, s)


# --- Underworlds --------------------------------------------------------------------------

UNDERWORLDS = [
    (2, 1, Combat(), Reroll.NONE),
    (3, 2, Combat(dice_symbol="swords", attack_supports=1, defence_supports=2, defence_symbol="dodge"), Reroll.NONE),
    (5, 4, Combat(), Reroll.BEST),
    (4, 3, Combat(on_guard=True, cleave=True), Reroll.NONE),
    (3, 3, Combat(dice_symbol="swords", ensnare=True, defence_symbol="dodge", trapped=True), Reroll.NONE),
    (2, 2, Combat(in_cover=True, defence_supports=1), Reroll.FAILED_DIE),
    (4, 2, Combat(dice_symbol="channel", attack_supports=2), Reroll.NONE),
    (3, 2, Combat(on_guard=True, knockback=True, trapped=True, attack_innate="critical", defence_symbol="dodge"),
     Reroll.NONE),
    (1, 4, Combat(dice_symbol="swords"), Reroll.BEST),
    (5, 2, Combat(attack_supports=2, trapped=True), Reroll.FAILED_DIE),
]


def simulate_underworlds(n: int, m: int, combat: Combat, reroll: Reroll) -> tuple[Counter, int, int]:
    attack, defence = load_dice("underworlds")[combat.attack_die], load_dice("underworlds")["defence"]
    rows = []   # one row per (attack roll, re-roll result): the re-roll die is drawn with the roll
    for faces in itertools.product(attack.face_names, repeat=n):
        if reroll is Reroll.FAILED_DIE:
            index = failed_dice(faces, combat)[0] if failed_dice(faces, combat) else None
        else:
            index = reroll_choice(faces, m, combat, reroll) if reroll is Reroll.BEST else None
        for new in attack.face_names:
            final = faces if index is None else faces[:index] + (new,) + faces[index + 1:]
            rows.append(count_attack(final, combat))
    defence_rows = [count_defence(d, combat) for d in itertools.product(defence.face_names, repeat=m)]
    rnd = random.Random(SEED + n * 10 + m)
    pairs = Counter(zip(rnd.choices(rows, k=ROLLS), rnd.choices(defence_rows, k=ROLLS)))
    outcomes: Counter = Counter()
    backlash = take_out = 0
    for (a, d), k in pairs.items():
        successes = a.successes + trapped_bonus(a.successes, combat.trapped_counts)
        outcome = outcome_of(a.crits, successes, d.crits, d.successes)
        outcomes[outcome] += k
        backlash += k if combat.spell and a.crits >= 2 else 0
        take_out += k if outcome is Outcome.CRITICAL_HIT else 0   # Damage 2 + Grievous 1 against 3 wounds
    return outcomes, backlash, take_out


@pytest.mark.parametrize(("n", "m", "combat", "reroll"), UNDERWORLDS,
                         ids=[f"uw-{n}v{m}-{i}" for i, (n, m, _, _) in enumerate(UNDERWORLDS)])
def test_underworlds_odds_agree_with_million_rolls(n, m, combat, reroll):
    exact = attack_odds(n, m, combat, reroll)
    outcomes, backlash, take_out = simulate_underworlds(n, m, combat, reroll)
    assert_close(dict(exact.outcomes), outcomes)
    assert_close({"backlash": exact.backlash, "take_out": exact.take_out(3, 2, grievous=1)},
                 {"backlash": backlash, "take_out": take_out})


# --- Mage Wars ----------------------------------------------------------------------------

MAGEWARS = [
    dict(dice=4, armor=2, effects="7-10 = Daze; 11+ = Stun", effect_modifier=1),
    dict(dice=6, armor=4, piercing=3, effects="6+ = Burn", defense=8, defense_modifier=-2, dazed=True),
    dict(dice=3, incorporeal=True, effects="4+ = Stagger", defense=10),
]


def simulate_magewars(dice: int, *, armor: int = 0, piercing: int = 0, incorporeal: bool = False,
                      effects: str, effect_modifier: int = 0, defense: int | None = None,
                      defense_modifier: int = 0, dazed: bool = False) -> tuple[Counter, Counter]:
    table = parse_effect_table(effects)
    faces = load_dice("magewars")["attack"].face_names
    totals = [read_attack_roll(r, armor=armor, piercing=piercing, incorporeal=incorporeal).total
              for r in itertools.product(faces, repeat=dice)]
    rnd = random.Random(SEED + dice)
    d12 = range(1, 13)
    rolls = zip(rnd.choices(totals, k=ROLLS), rnd.choices(d12, k=ROLLS), rnd.choices(d12, k=ROLLS),
                rnd.choices(d12, k=ROLLS))
    damage, shown = Counter(), Counter()
    for (total, effect, defended, daze), k in Counter(rolls).items():
        hit = (not dazed or daze_attack_proceeds(daze)) and (
            defense is None or not defense_avoids(defended, defense, modifier=defense_modifier))
        damage[total if hit else 0] += k
        row = effect_for(effect, table, modifier=effect_modifier) if hit and not incorporeal else None
        shown[row.notation() if row else NO_EFFECT] += k
    return damage, shown


@pytest.mark.parametrize("config", MAGEWARS, ids=[f"mw-{i}" for i in range(len(MAGEWARS))])
def test_magewars_odds_agree_with_million_rolls(config):
    exact = mw_attack_odds(**{**config, "effects": parse_effect_table(config["effects"])})
    damage, shown = simulate_magewars(**config)
    assert_close(exact.damage, damage)
    assert_close(exact.effects, shown)


# --- Dragonbond ---------------------------------------------------------------------------

DRAGONBOND = [
    dict(attack_colour="black", attack_dice=4, defence_colour="gray"),
    dict(attack_colour="gray", attack_dice=5, defence_colour="white", attack_upgrades=2, attack_downgrades=1,
         defence_upgrades=1),
    dict(attack_colour="white", attack_dice=3, defence_colour="black", attack_downgrades=1, defence_upgrades=1),
]


def per_die(kind: Kind, s) -> list[tuple[int, int, bool]]:
    """One die with its shift re-roll, read with the rules module: every (first, second) face pair."""
    d = die(kind, s.colour)
    out = []
    for first in d.faces:
        for j, second in enumerate(d.faces):
            faces, again = reroll_for_shift(FixedRng(j), d, [first], s.reroll)
            face = faces[0]
            value = face.normal if kind is Kind.ATTACK else int(face.face == "block")
            out.append((value, face.critical, first.uncertain or (bool(again) and second.uncertain)))
    return out


def simulate_dragonbond(attack_colour: str, attack_dice: int, defence_colour: str, *, attack_upgrades: int = 0,
                        attack_downgrades: int = 0, defence_upgrades: int = 0,
                        defence_downgrades: int = 0) -> tuple[Counter, int]:
    attack = per_die(Kind.ATTACK, shift(attack_colour, upgrades=attack_upgrades, downgrades=attack_downgrades))
    defence = per_die(Kind.DEFENCE, shift(defence_colour, upgrades=defence_upgrades, downgrades=defence_downgrades))
    rnd = random.Random(SEED + attack_dice)
    counts, uncertain = Counter(), 0
    chunk = 200_000
    for _ in range(ROLLS // chunk):
        dice = [rnd.choices(attack, k=chunk) for _ in range(attack_dice)]
        hits = [sum(d[0] for d in column) for column in zip(*dice)]
        crits = [sum(d[1] for d in column) for column in zip(*dice)]
        touched = [any(d[2] for d in column) for column in zip(*dice)]
        # Defence dice j = 0, 1, ...: the first `hits` of them are rolled; prefix sums pick them.
        blocks, seen = [[0] * chunk], [[False] * chunk]
        for _ in range(2 * attack_dice):
            column = rnd.choices(defence, k=chunk)
            blocks.append(list(map(add, blocks[-1], (d[0] for d in column))))
            seen.append([s or d[2] for s, d in zip(seen[-1], column)])
        for i in range(chunk):
            counts[wounds(hits[i], crits[i], blocks[hits[i]][i])] += 1
            uncertain += touched[i] or seen[hits[i]][i]
    return counts, uncertain


@pytest.mark.parametrize("config", DRAGONBOND, ids=[f"db-{i}" for i in range(len(DRAGONBOND))])
def test_dragonbond_odds_agree_with_million_rolls(config):
    exact = wound_odds(**config)
    counts, uncertain = simulate_dragonbond(**config)
    assert_close(exact.wounds, counts)
    assert_close({"uncertain": exact.uncertain}, {"uncertain": uncertain})


def test_simulations_cover_at_least_ten_configurations():
    assert len(UNDERWORLDS) + len(MAGEWARS) + len(DRAGONBOND) >= 10
