"""Mage Wars combat timings: one whole attack sequence and the attack preview.

Run from the project root: ``python -m bench.bench_magewars_combat``. Target: the preview under 2 ms (it is
shown to the attacker before every roll). The scene is the rulebook's Brogan against the Hydra (seed 001
l.875-915): Bear Strength, Cobra Reflexes, Daze, the Lightning Ring's damage barrier and the counterstrike.
"""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from engine.core.rng import SeededRng
from engine.magewars import combat, stats

TARGET_MS = 2.0


def scene() -> dict:
    """Brogan (Bear Strength, Cobra Reflexes, Dazed) and the Hydra (Lightning Ring), as in the rulebook."""
    def o(oid: str, card: str, owner: int, **more: object) -> dict:
        return {"id": oid, "card": card, "owner": owner, "controller": owner, "kind": "creature", "zone": "A1",
                "damage": 0, "conditions": {}, "ready": True, "guard": False, "face_down": False,
                "defenses_used": [], "counters": {}, **more}
    objects = [o("brogan", "Brogan Bloodstone", 0, conditions={"Daze": 1}),
               o("bear", "Bear Strength", 0, kind="enchantment", attached_to="brogan"),
               o("cobra", "Cobra Reflexes", 0, kind="enchantment", attached_to="brogan"),
               o("hydra", "Darkfenne Hydra", 1),
               o("ring", "Circle of Lightning", 1, kind="enchantment", attached_to="hydra")]
    return {"objects": {x["id"]: x for x in objects}}


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Wall times of ``repeat`` calls, in milliseconds."""
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def report(label: str, times: list[float]) -> None:
    print(f"  {label:<58} median {statistics.median(times):8.3f} ms   best {min(times):8.3f} ms   n={len(times)}")


def main() -> None:
    state = scene()
    stats.card(state, "Brogan Bloodstone")  # loading the card file is not what we time
    rng = SeededRng(bytes(32))
    print("Mage Wars combat, Brogan against the Hydra (barrier and counterstrike included):")
    report("attack(): the whole sequence", timed(lambda: combat.attack(state, "brogan", 0, "hydra", rng), 500))
    report("attack_preview() (Brogan's Vorpal Blade)",
           timed(lambda: combat.attack_preview(state, "brogan", 0, "hydra"), 500))
    preview = timed(lambda: combat.attack_preview(state, "hydra", 1, "brogan"), 500)
    report("attack_preview() (Hydra's Triple Bite, Cobra Reflexes)", preview)
    print(f"  target: preview under {TARGET_MS} ms -> {'met' if statistics.median(preview) < TARGET_MS else 'MISSED'}")


if __name__ == "__main__":
    main()
