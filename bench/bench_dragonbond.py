"""Dragonbond rules engine bench: a whole random battle with the training pack, ``legal_actions`` at the first
turn, and at a busy step (12 units among 8 terrain pieces on a 4'x3' table): cold (every geometry cache
cleared: a position never seen) and warm (the same position asked again, as the table does for each seat and
after a card or referee action). Run: ``.venv/bin/python bench/bench_dragonbond.py``."""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.engine.dragonbond.play import SYSTEM, play  # noqa: E402
from engine.core.rng import SeededRng  # noqa: E402
from engine.dragonbond import board, geometry  # noqa: E402
from engine.dragonbond.setup import training_document  # noqa: E402
from bench.bench_dragonbond_field import busy_field, busy_tokens  # noqa: E402

RUNS = 9


def busy_state() -> dict:
    """The training forces grown to six units a side, placed as the field bench's busy tokens."""
    doc = training_document()
    lucy, jason = doc["entries"]["forces"]
    lucy["units"] = [{"id": "comandantes", "unit": "comandantes-guardia-jurada"}] + [
        {"id": f"u{i}", "unit": u} for i, u in enumerate(["cazadores-del-fai", "esgrimistas-oniricos"] * 2
                                                          + ["cazadores-del-fai"])]
    jason["units"] = [{"id": "eldai", "unit": "eldai-alarn"}] + [
        {"id": f"u{i}", "unit": u} for i, u in enumerate(["skorpikones-de-asalto", "carniceros-ogerron",
                                                          "garras-sangrientas", "skorpikones-de-asalto",
                                                          "carniceros-ogerron"])]
    lucy["size"] = jason["size"] = 100
    st = SYSTEM.setup({"pack": doc, "deployment": "auto"}, ("p1", "p2"), SeededRng(bytes(32)))
    st["field"] = board.field_to_json(busy_field())
    for uid, t in zip(sorted(st["units"]), busy_tokens()):
        st["units"][uid].update(x=t.x, y=t.y)
    return st


def busy_step() -> None:
    st = busy_state()
    seat = st["active"]
    cold, warm = [], []
    for _ in range(RUNS):
        geometry.clear_caches()
        t = time.perf_counter()
        legal = SYSTEM.legal_actions(st, seat)
        cold.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        SYSTEM.legal_actions(st, seat)
        warm.append((time.perf_counter() - t) * 1000)
    print(f"legal_actions at a busy step (12 units, 8 pieces): {len(legal)} actions; cold p50 "
          f"{statistics.median(cold):.0f} ms (max {max(cold):.0f}), same position again p50 "
          f"{statistics.median(warm):.1f} ms (max {max(warm):.1f})")


def main() -> None:
    steps = []
    t = time.perf_counter()
    state, refused = play(5, on_step=lambda *a: steps.append(1))
    took = time.perf_counter() - t
    print(f"battle: {len(steps)} actions applied, {len(refused)} refused tries, round {state['round']}, "
          f"outcome {state['outcome']}, {took:.2f} s ({1000 * took / max(1, len(steps)):.0f} ms per action)")
    st = SYSTEM.setup({"deployment": "auto"}, ("p1", "p2"), SeededRng(bytes(32)))
    seat = SYSTEM.view(st, None)["awaiting"][0]
    t = time.perf_counter()
    legal = SYSTEM.legal_actions(st, seat)
    print(f"legal_actions at the first turn: {len(legal)} actions in {time.perf_counter() - t:.2f} s")
    busy_step()


if __name__ == "__main__":
    main()
