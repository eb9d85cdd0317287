"""Seeded random battles through the engine contract only (``setup`` / ``legal_actions`` / ``apply`` / ``view`` /
``redeal``), checking at every step what the shared conformance suite checks (``engine/core/system.py``):

- the awaited seats have a legal action until the battle is over, and it ends within the sample's bound;
- every offered action applies (a sample of them is tried at each step); nothing but ``IllegalAction`` /
  ``InvalidInput`` is ever raised; a refusal leaves the input state as it was, and so does a success;
- non-offered actions (an offered one with one field changed to another value seen in the battle, ints +-1, or
  sent by a seat that is not offered it; garbage of every type) are refused;
- non-interference: after ``redeal(state, X)`` every other seat's and the spectator's view and legal actions are
  the same, and the action played next gives the other seats the same events;
- states, views and events round-trip through JSON.

Run as a script for a report: ``python -m tests.engine.dragonbond.contract [battles] [sample ...]``.
"""
from __future__ import annotations

import copy
import json
import os
import random
import sys
import time
import traceback
from dataclasses import dataclass, field

from engine.core.errors import IllegalAction, InvalidInput
from engine.core.rng import SeededRng
from engine.dragonbond.system import DragonbondSystem

SYSTEM = DragonbondSystem()
SEATS = ("player1", "player2")
REFUSED = (IllegalAction, InvalidInput)


@dataclass
class Report:
    sample: str
    seed: int
    steps: int = 0
    over: bool = False
    defects: list[str] = field(default_factory=list)

    def add(self, kind: str, detail: str) -> None:
        if len(self.defects) < 20:
            self.defects.append(f"{kind}: {detail}")


def _dump(x) -> str:
    return json.dumps(x, sort_keys=True)


def _rng(seed: int, step: int) -> SeededRng:
    return SeededRng(seed.to_bytes(16, "big") + step.to_bytes(16, "big"))


def _seen_values(actions: list[dict], seen: dict[str, list]) -> None:
    for a in actions:
        for k, v in a.items():
            bag = seen.setdefault(k, [])
            if v not in bag and len(bag) < 40:
                bag.append(v)


def _perturbed(action: dict, seen: dict[str, list], pick: random.Random) -> list[dict]:
    out = []
    for k, v in action.items():
        if k == "type":
            continue
        if isinstance(v, int) and not isinstance(v, bool):
            out += [{**action, k: v + 1}, {**action, k: v - 1}]
        others = [x for x in seen.get(k, []) if x != v]
        if others:
            out.append({**action, k: pick.choice(others)})
    return out


GARBAGE = [None, 1, "x", [], {}, {"type": 3}, {"type": "March"}, {"type": "March", "unit": None, "to": "a"},
           {"type": "Attack", "unit": "A1", "target": ["B1"]}, {"type": "PlayCard", "card": {"a": 1}},
           {"type": "Bid", "monster": "M1", "bid": True}, {"type": "Bid", "monster": "M1", "bid": 10 ** 9},
           {"type": "ChooseForce", "force": None}, {"type": "March", "unit": "A1", "to": [1e308, -1e308]},
           {"type": "March", "unit": "A1", "to": [float("nan"), 1]}, {"type": "Deploy", "unit": "A1", "to": [1]},
           {"type": "Attack", "unit": "A1", "target": "B1", "kind": "melee", "split": {"B1": "x"}},
           {"type": "AbandonCommand", "unit": "A1", "to": None}, {"type": "Decline", "extra": 1},
           {"type": "AdjustWounds", "unit": "A1", "delta": "x"}, {"type": "SetPosition", "unit": "A1", "to": "x"}]
"""Referee actions (``referee.py``) are accepted when well formed though never offered: the table's free
commands, by design; only malformed ones are tried here."""


def play(sample, seed: int, *, every: int = 1, deep: bool = True) -> Report:
    """One battle of ``sample``; checks each step (perturbations, redeal) every ``every`` steps."""
    rep = Report(sample.name, seed)
    pick = random.Random(seed)
    seats = SEATS[:sample.players]
    try:
        state = SYSTEM.setup(copy.deepcopy(sample.options), seats, _rng(seed, 0))
    except Exception as exc:    # noqa: BLE001
        rep.add("setup crash", repr(exc))
        return rep
    seen: dict[str, list] = {}
    for step in range(1, sample.max_actions + 1):
        rep.steps = step
        if SYSTEM.outcome(state) is not None:
            rep.over = True
            return rep
        awaiting = SYSTEM.view(state, None)["awaiting"]
        if not awaiting:
            rep.add("no seat awaited", f"step {step} phase {state['phase']}")
            return rep
        legal = {}
        try:
            for s in seats:
                legal[s] = SYSTEM.legal_actions(state, s)
        except Exception:       # noqa: BLE001
            rep.add("legal_actions crash", traceback.format_exc(limit=-3))
            return rep
        for s in awaiting:
            if not legal[s]:
                rep.add("dead end", f"step {step}: {s} awaited with nothing legal; pending "
                                    f"{_dump(state['pending_queue'][:1])} prelude {state.get('prelude')}")
                return rep
        for s in seats:
            _seen_values(legal[s], seen)
        check = deep and step % every == 0
        before = _dump(state)
        if check:
            _check_step(rep, state, seats, awaiting, legal, seen, pick, seed, step)
        seat = pick.choice(awaiting)
        action = pick.choice(legal[seat])
        try:
            new, events = SYSTEM.apply(state, seat, action, _rng(seed, step))
        except REFUSED as exc:
            rep.add("offered but refused", f"step {step} {seat} {_dump(action)} -> {exc!r}")
            return rep
        except Exception:       # noqa: BLE001
            rep.add("apply crash", f"step {step} {seat} {_dump(action)}\n" + traceback.format_exc(limit=-4))
            return rep
        if _dump(state) != before:
            rep.add("apply mutated its input", f"step {step} {_dump(action)}")
        if check:
            if json.loads(json.dumps(new)) != new or json.loads(json.dumps(events)) != events:
                rep.add("not JSON", f"step {step}")
            for viewer in [*seats, None]:
                v = SYSTEM.view(new, viewer)
                for e in v.get("last") or []:
                    if "visible_to" in e and viewer not in e["visible_to"]:
                        rep.add("leak in view.last", f"step {step} viewer {viewer}: {_dump(e)}")
        state = new
    rep.add("no end", f"not over after {sample.max_actions} actions")
    return rep


def _check_step(rep: Report, state: dict, seats, awaiting, legal, seen, pick, seed: int, step: int) -> None:
    before = _dump(state)
    # a few other offered actions apply
    for s in awaiting:
        for a in pick.sample(legal[s], min(3, len(legal[s]))):
            try:
                SYSTEM.apply(state, s, a, _rng(seed, step))
            except REFUSED as exc:
                rep.add("offered but refused", f"step {step} {s} {_dump(a)} -> {exc!r}")
            except Exception:       # noqa: BLE001
                rep.add("apply crash", f"step {step} {s} {_dump(a)}\n" + traceback.format_exc(limit=-4))
    # non-offered actions are refused
    tries = []
    for s in seats:
        for a in pick.sample(legal[s], min(4, len(legal[s]))):
            tries += [(s, p) for p in _perturbed(a, seen, pick)]
            tries += [(o, a) for o in seats if o != s]
    tries += [(pick.choice(seats), g) for g in pick.sample(GARBAGE, 4)]
    for s, a in tries:
        if isinstance(a, dict) and a in legal[s]:
            continue
        try:
            SYSTEM.apply(state, s, a, _rng(seed, step))
        except REFUSED:
            pass
        except Exception:       # noqa: BLE001
            rep.add("apply crash on a non-offered action",
                    f"step {step} {s} {a!r}\n" + traceback.format_exc(limit=-3))
        else:
            rep.add("not offered but accepted", f"step {step} {s} {_dump(a)}")
    if _dump(state) != before:
        rep.add("apply mutated its input", f"step {step} (refused tries)")
    # non-interference
    for x in seats:
        try:
            other = SYSTEM.redeal(state, x, _rng(seed, 10_000 + step))
        except Exception:       # noqa: BLE001
            rep.add("redeal crash", traceback.format_exc(limit=-3))
            return
        if _dump(state) != before:
            rep.add("redeal mutated its input", f"step {step}")
        for y in [s for s in seats if s != x] + [None]:
            if _dump(SYSTEM.view(state, y)) != _dump(SYSTEM.view(other, y)):
                a, b = SYSTEM.view(state, y), SYSTEM.view(other, y)
                diff = [k for k in a if a[k] != b.get(k)]
                rep.add("view depends on another seat's secret", f"step {step} secret of {x}, viewer {y}: {diff}")
            if y is not None and SYSTEM.legal_actions(state, y) != SYSTEM.legal_actions(other, y):
                rep.add("legal actions depend on another seat's secret", f"step {step} secret of {x}, seat {y}")
        awaited = [s for s in awaiting if legal[s]]
        if not awaited:
            continue
        s = pick.choice(awaited)
        a = pick.choice(legal[s])
        if a not in SYSTEM.legal_actions(other, s):
            continue
        try:
            n1, e1 = SYSTEM.apply(state, s, a, _rng(seed, 20_000 + step))
            n2, e2 = SYSTEM.apply(other, s, a, _rng(seed, 20_000 + step))
        except REFUSED:
            continue
        except Exception:       # noqa: BLE001
            rep.add("apply crash after redeal", traceback.format_exc(limit=-3))
            continue
        for y in [t for t in seats if t != x] + [None]:
            if _dump(SYSTEM.view(n1, y)) != _dump(SYSTEM.view(n2, y)):
                continue        # the action revealed the secret (a force, bids): only equal views must agree
            f1 = [e for e in e1 if "visible_to" not in e or y in e["visible_to"]]
            f2 = [e for e in e2 if "visible_to" not in e or y in e["visible_to"]]
            if _dump(f1) != _dump(f2):
                rep.add("events depend on another seat's secret", f"step {step} secret of {x}, viewer {y}")


def main(argv: list[str]) -> int:
    battles = int(argv[0]) if argv else 5
    names = set(argv[1:])
    every = int(os.environ.get("EVERY", "1"))
    total = bad = 0
    t0 = time.time()
    for sample in SYSTEM.samples:
        if names and sample.name not in names:
            continue
        first = int(os.environ.get("SEED0", "0"))
        for seed in range(first, first + battles):
            rep = play(sample, seed, every=every)
            total += 1
            if rep.defects or not rep.over:
                bad += 1
                print(f"{sample.name} seed {seed} steps {rep.steps} over={rep.over}")
                for d in rep.defects[:5]:
                    print("   ", d.replace("\n", "\n      "))
            sys.stdout.flush()
    print(f"{total} battles, {bad} with a defect, {time.time() - t0:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
