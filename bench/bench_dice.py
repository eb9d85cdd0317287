"""Dice timings: Underworlds exact odds (cold and cached) and single rolls.

Run from the project root: ``python -m bench.bench_dice``. Target: 5 attack dice against 4
defence dice with the staggered re-roll in under 5 ms cold.
"""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from engine.core.dice import load_dice, roll
from engine.core.expr import roll_expr
from engine.core.rng import SeededRng, SystemRng
from engine.dragonbond.odds import wound_odds
from engine.magewars import odds as mw_odds
from engine.magewars.dice import parse_effect_table
from engine.underworlds import odds as uw_odds
from engine.underworlds.dice import Combat, determine_successes
from engine.underworlds.odds import Reroll, attack_odds

TARGET_MS = 5.0


def clear_caches() -> None:
    """Forget every cached Underworlds configuration, so the next call is cold."""
    for cached in (uw_odds.attack_odds, uw_odds._model, uw_odds._policy):
        cached.cache_clear()


def timed(fn: Callable[[], object], repeat: int, *, before: Callable[[], None] | None = None) -> list[float]:
    """Wall times of ``repeat`` calls, in milliseconds."""
    out = []
    for _ in range(repeat):
        if before:
            before()
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def report(label: str, times: list[float], unit: str = "ms") -> None:
    scale = 1000 if unit == "µs" else 1
    print(f"  {label:<64} median {statistics.median(times) * scale:9.3f} {unit}"
          f"   best {min(times) * scale:9.3f} {unit}   n={len(times)}")


def main() -> None:
    load_dice("underworlds")  # file loading is not what we time
    config = Combat()
    print("Underworlds odds, 5 hammer dice vs 4 block dice, staggered target (best re-roll):")
    cold = timed(lambda: attack_odds(5, 4, config, Reroll.BEST), 50, before=clear_caches)
    report("cold (all caches cleared)", cold)
    attack_odds(5, 4, config, Reroll.BEST)
    report("cached", timed(lambda: attack_odds(5, 4, config, Reroll.BEST), 2000), "µs")
    supported = Combat(attack_supports=2, defence_supports=1, on_guard=True, cleave=True, trapped=True)
    report("cold, 2 supports v 1, guard, cleave, trapped",
           timed(lambda: attack_odds(5, 4, supported, Reroll.BEST), 50, before=clear_caches))
    report("cold, 10 v 10, best re-roll",
           timed(lambda: attack_odds(10, 10, config, Reroll.BEST), 10, before=clear_caches))
    verdict = "OK" if statistics.median(cold) < TARGET_MS else "OVER TARGET"
    print(f"  target: cold under {TARGET_MS} ms -> {verdict}")

    print("Single rolls:")
    rng, system = SeededRng(b"b" * 32), SystemRng()
    attack, defence = load_dice("underworlds")["attack"], load_dice("underworlds")["defence"]
    report("Underworlds attack: roll 5 + 4 dice (SeededRng) and read step 4",
           timed(lambda: determine_successes(roll(rng, attack, 5), roll(rng, defence, 4), config), 5000), "µs")
    report("one attack die, SeededRng (HMAC draw)", timed(lambda: roll(rng, attack, 1), 5000), "µs")
    report("one attack die, SystemRng", timed(lambda: roll(system, attack, 1), 5000), "µs")
    report("expression 4d6kh3+2 (d20, SeededRng)", timed(lambda: roll_expr(rng, "4d6kh3+2"), 2000), "µs")

    print("Other games (cold):")
    table = parse_effect_table("7-10 = Daze; 11+ = Stun")
    report("Mage Wars odds, 6 dice, armor 2, effect table",
           timed(lambda: mw_odds.attack_odds(6, armor=2, effects=table), 20, before=mw_odds._hits.cache_clear))
    report("Dragonbond wound odds, 10 black (upgraded) vs gray",
           timed(lambda: wound_odds("black", 10, "gray", attack_upgrades=1), 20, before=wound_odds.cache_clear))


if __name__ == "__main__":
    main()
