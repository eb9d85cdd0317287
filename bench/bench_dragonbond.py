"""Dragonbond rules engine bench: a whole random battle with the training pack, ``legal_actions`` at the first
turn, and at a busy step (12 units among 8 terrain pieces on a 4'x3' table).

The busy step is timed the first time a position is seen (every per-position cache cleared), then over many
random positions of the same twelve units on the same table, p50 and p99 (medians of single runs, never best-of-N),
beside the goal: ≤ 50 ms p50. The table's path graph (built once per table and base radius, since terrain never
moves) is warm there, as it is from a battle's first activations on; its one-time cost is printed apart. Wall
time is the goal's measure; CPU time and the load average are printed beside it, since a loaded machine (other
processes on the same CPUs) stretches wall time and not CPU time.
Last, an action as the table pays for it (issue 32, deliverable 5): ``apply`` plus the awaited seats'
``legal_actions``, over seeded random battles of every set-up the conformance suite plays (``samples()``: normal,
Quest, in-game set-up, Monsters, mounted heroes, reserves), each action chosen from those offered (a random type,
then one of that type, as ``bench_games`` does), and Underworlds' the same way in the same run, with the garbage
collector set as ``bot.py`` sets it (``table.collector.tune``): p50 and p99, wall and CPU time, beside the goal (p50
≤ 2 ms, p99 ≤ 10 ms). ``--actions`` prints only that part.
Run: ``.venv/bin/python -m bench.bench_dragonbond [--actions]``."""
from __future__ import annotations

import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.engine.dragonbond.play import SYSTEM, play  # noqa: E402
from engine.core.rng import SeededRng  # noqa: E402
from engine.dragonbond import board, geometry  # noqa: E402
from engine.dragonbond.setup import training_document  # noqa: E402
from bench.bench_dragonbond_field import busy_tokens  # noqa: E402
from tests.engine.dragonbond.positions import busy_field, random_position  # noqa: E402

ACTION_P50_MS, ACTION_P99_MS = 2.0, 10.0
"""An action (``apply`` plus the awaited seats' ``legal_actions``): the goal of issue 32."""
ACTION_BATTLES = 4
"""Seeded battles per set-up for the action figures."""
GOAL_MS = 50.0
"""legal_actions at a busy step, the first time a position is seen: p50 at most this."""
POSITIONS = 60
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


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def busy_step() -> None:
    st = busy_state()
    seat = st["active"]
    geometry.clear_caches(layouts=True)
    t = time.perf_counter()
    SYSTEM.legal_actions(st, seat)
    first = (time.perf_counter() - t) * 1000
    cold, cpu, warm = [], [], []
    for _ in range(RUNS):
        geometry.clear_caches()
        t, c = time.perf_counter(), time.process_time()
        legal = SYSTEM.legal_actions(st, seat)
        cold.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
        t = time.perf_counter()
        SYSTEM.legal_actions(st, seat)
        warm.append((time.perf_counter() - t) * 1000)
    p50 = statistics.median(cold)
    print(f"legal_actions at the busy step (12 units, 8 pieces): {len(legal)} actions; first time seen p50 "
          f"{p50:.0f} ms (max {max(cold):.0f}) [goal <= {GOAL_MS:.0f} ms: {'met' if p50 <= GOAL_MS else 'NOT met'}], "
          f"CPU time p50 {statistics.median(cpu):.0f} ms; same position again p50 {statistics.median(warm):.1f} ms; "
          f"with the table's path graph unbuilt too: {first:.0f} ms")
    pick = random.Random(7)
    times, cpu, counts = [], [], []
    for _ in range(POSITIONS):
        pos = random_position(st, pick)
        geometry.clear_caches()
        t, c = time.perf_counter(), time.process_time()
        counts.append(len(SYSTEM.legal_actions(pos, pos["active"])))
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    p50 = statistics.median(times)
    print(f"legal_actions first time seen, {POSITIONS} random positions on that table: p50 {p50:.0f} ms, "
          f"p99 {_pct(times, 0.99):.0f} ms [goal p50 <= {GOAL_MS:.0f} ms: {'met' if p50 <= GOAL_MS else 'NOT met'}]"
          f"; CPU time p50 {statistics.median(cpu):.0f} ms, p99 {_pct(cpu, 0.99):.0f} ms; "
          f"{statistics.median(counts):.0f} actions p50; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


def battle_as_the_table() -> None:
    """A random battle asking ``legal_actions`` after every applied action, as the table does for its reply."""
    asked = []

    def step(state, seat, action, new, events):
        awaiting = SYSTEM.view(new, None)["awaiting"] if new["phase"] != "over" else []
        if awaiting:
            t = time.perf_counter()
            SYSTEM.legal_actions(new, awaiting[0])
            asked.append((time.perf_counter() - t) * 1000)

    geometry.clear_caches(layouts=True)
    t = time.perf_counter()
    play(5, on_step=step)
    took = time.perf_counter() - t
    print(f"battle asking legal_actions after each of its {len(asked)} actions (as the table replies): {took:.2f} s; "
          f"legal_actions p50 {statistics.median(asked):.0f} ms, p99 {_pct(asked, 0.99):.0f} ms")


def timed_actions(game: str, options: dict, seed: int, max_actions: int = 400) -> tuple[list[float], list[float]]:
    """One seeded random match of ``game``: per action, wall and CPU ms of ``apply`` plus the awaited seats'
    ``legal_actions`` (the offered actions of the seat that acts next are those; the choice is untimed)."""
    from engine.core.system import find_system

    system = find_system(game)
    seats = system.info.seats_for(system.info.min_seats)
    rng, pick = SeededRng(seed.to_bytes(32, "big")), random.Random(seed)
    state = system.setup(options, seats, rng)
    awaiting = system.view(state, None)["awaiting"]
    legal = {s: system.legal_actions(state, s) for s in awaiting}
    wall, cpu = [], []
    for _ in range(max_actions):
        if system.outcome(state) is not None or not any(legal.values()):
            break
        seat = pick.choice(sorted(s for s in legal if legal[s]))
        by_type: dict[str, list[dict]] = {}
        for action in legal[seat]:
            by_type.setdefault(action["type"], []).append(action)
        action = pick.choice(by_type[pick.choice(sorted(by_type))])
        t, c = time.perf_counter(), time.process_time()
        state, _ = system.apply(state, seat, action, rng)
        t, c = time.perf_counter() - t, time.process_time() - c
        awaiting = system.view(state, None)["awaiting"] if system.outcome(state) is None else []   # untimed
        t2, c2 = time.perf_counter(), time.process_time()
        legal = {s: system.legal_actions(state, s) for s in awaiting}
        wall.append((t + time.perf_counter() - t2) * 1000)
        cpu.append((c + time.process_time() - c2) * 1000)
    return wall, cpu


def actions_beside_underworlds() -> None:
    """Issue 32's figure: a Dragonbond action, every set-up, beside an Underworlds action in the same run."""
    from engine.dragonbond.samples import samples
    from table import collector
    from table.games import load_games

    load_games()
    collector.tune()    # as bot.py sets up the process the table runs in: no young collection every 700 allocations
    rows = {}
    for game, setups in (("dragonbond", [(s.name, s.options) for s in samples()]),
                         ("underworlds", [("match", {})])):
        wall, cpu = [], []
        for name, options in setups:
            for seed in range(1, ACTION_BATTLES + 1):
                w, c = timed_actions(game, options, seed)
                wall += w
                cpu += c
        rows[game] = (wall, cpu, len(setups))
    for game, (wall, cpu, n) in rows.items():
        p50, p99 = statistics.median(wall), _pct(wall, 0.99)
        verdict = "met" if p50 <= ACTION_P50_MS and p99 <= ACTION_P99_MS else "NOT met"
        print(f"action (apply + the awaited seats' legal_actions) {game:<11}: {len(wall)} actions, {n} set-ups: "
              f"wall p50 {p50:.2f} ms p99 {p99:.2f} ms [goal p50 <= {ACTION_P50_MS:.0f} ms, p99 <= "
              f"{ACTION_P99_MS:.0f} ms: {verdict}]; CPU p50 {statistics.median(cpu):.2f} ms p99 {_pct(cpu, 0.99):.2f} ms")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (wall time stretches under load, CPU time "
          f"does not)")


def main() -> None:
    if "--actions" in sys.argv[1:]:
        actions_beside_underworlds()
        return
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
    battle_as_the_table()
    busy_step()
    actions_beside_underworlds()


if __name__ == "__main__":
    main()
