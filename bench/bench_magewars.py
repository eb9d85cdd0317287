"""Mage Wars duel engine figures: whole random duels (apprentice, then full game with two random mages and their
starter books), and legal_actions at the busiest action step of each.

    .venv/bin/python bench/bench_magewars.py
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.rng import SeededRng  # noqa: E402
from engine.magewars.mages import mage_ids  # noqa: E402
from engine.magewars.system import SYSTEM  # noqa: E402

SEATS = ("player1", "player2")


def duel(seed: int, mode: str = "apprentice") -> tuple[int, int, float, dict]:
    rng, pick = SeededRng(seed.to_bytes(32, "big")), random.Random(seed)
    options = {"mode": mode, "mages": {seat: pick.choice(mage_ids()) for seat in SEATS}} if mode == "full" else {}
    s = SYSTEM.setup(options, SEATS, rng)
    start, actions, busiest = time.perf_counter(), 0, (0, None)
    while not s["over"] and s["round"] <= 60:
        seat = SYSTEM.awaiting(s)[0]
        acts = [a for a in SYSTEM.legal_actions(s, seat) if a["type"] not in ("Concede", "Reveal")]
        if s["step"] == "activation" and len(acts) > busiest[0]:
            busiest = (len(acts), (s, seat))
        bold = [a for a in acts if a["type"] in ("Attack", "Cast", "Move", "Prepare") and a.get("spell") not in ("Restore", "Rebind")]
        s, _ = SYSTEM.apply(s, seat, pick.choice(bold if bold and pick.random() < 0.8 else acts), rng)
        actions += 1
    return actions, s["round"], time.perf_counter() - start, {"winner": s["winner"], "busiest": busiest}


def main() -> None:
    total = 0.0
    for mode, seed in [("apprentice", n) for n in range(3)] + [("full", n) for n in range(3)]:
        actions, rounds, secs, info = duel(seed, mode)
        total += secs
        print(f"{mode} duel {seed}: {actions} actions, {rounds} rounds, winner {info['winner']}, {secs * 1000:.0f} ms "
              f"({secs / actions * 1000:.2f} ms/action)")
        n, (state, seat) = info["busiest"]
        t = time.perf_counter()
        for _ in range(20):
            SYSTEM.legal_actions(state, seat)
        print(f"  legal_actions at the busiest action step ({n} actions): "
              f"{(time.perf_counter() - t) / 20 * 1000:.2f} ms")
    print(f"total {total:.2f} s")


if __name__ == "__main__":
    main()
