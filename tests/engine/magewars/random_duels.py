"""Seeded random duels through the engine contract only (setup / legal_actions / apply / view / redeal), checking
the properties of engine/core/system.py (issue 31, issue 38 "Done when"): every offered action applies and a
perturbed one is refused without touching the state; an awaited seat always has an action; apply raises only
IllegalAction / InvalidInput; redealing one seat's secrets changes nothing another seat or a spectator observes
(views, legal actions, events of the next action); states and views are JSON. ``play`` returns the defects found.
"""
from __future__ import annotations

import json
import random
import traceback

from engine.core.errors import IllegalAction, InvalidInput
from engine.core.rng import SeededRng
from engine.magewars.system import SAMPLES, SYSTEM

SEATS = ("player1", "player2")


def _seen_by(events: list[dict], seat) -> list[dict]:
    return [e for e in events if "visible_to" not in e or seat in e["visible_to"]]


def _dump(x) -> str:
    return json.dumps(x, sort_keys=True)


def _apply(state, seat, action, rng):
    before = _dump(state)
    try:
        return SYSTEM.apply(state, seat, action, rng), None
    except (IllegalAction, InvalidInput) as e:
        if _dump(state) != before:
            return None, f"refusal mutated the state: {action}"
        return None, e
    except Exception:  # noqa: BLE001 - the property under test
        return None, "EXC " + traceback.format_exc(limit=6)


def _noninterference(state, seat_x, pick: random.Random, rng_seed: int) -> list[str]:
    out = []
    r = SeededRng(rng_seed.to_bytes(32, "big"))
    other_state = SYSTEM.redeal(state, seat_x, r)
    if other_state is state:
        return ["redeal returned its input"]
    for y in [s for s in state["seats"] if s != seat_x] + [None]:
        if _dump(SYSTEM.view(state, y)) != _dump(SYSTEM.view(other_state, y)):
            a, b = SYSTEM.view(state, y), SYSTEM.view(other_state, y)
            diff = [k for k in a if a[k] != b.get(k)]
            out.append(f"view of {y} changed by redeal of {seat_x}: {diff}")
        if y is not None and SYSTEM.legal_actions(state, y) != SYSTEM.legal_actions(other_state, y):
            la, lb = SYSTEM.legal_actions(state, y), SYSTEM.legal_actions(other_state, y)
            out.append(f"legal actions of {y} changed by redeal of {seat_x}: "
                       f"{[a for a in la if a not in lb][:3]} / {[a for a in lb if a not in la][:3]}")
    awaited = SYSTEM.awaiting(state)
    if not awaited:
        return out
    mover = awaited[0]
    both = [a for a in SYSTEM.legal_actions(state, mover) if a["type"] != "Concede"
            and a in SYSTEM.legal_actions(other_state, mover)]
    if not both:
        return out
    act = pick.choice(both)
    (r1, e1), (r2, e2) = (SYSTEM.apply(s, mover, act, SeededRng(b"n" * 32)) for s in (state, other_state))
    for y in [s for s in state["seats"] if s != seat_x] + [None]:
        if _dump(SYSTEM.view(r1, y)) == _dump(SYSTEM.view(r2, y)) and \
                _dump(_seen_by(e1, y)) != _dump(_seen_by(e2, y)):
            ev1, ev2 = _seen_by(e1, y), _seen_by(e2, y)
            out.append(f"events seen by {y} after {mover} {act} differ with {seat_x} redealt: "
                       f"{[e for e in ev1 if e not in ev2][:2]} / {[e for e in ev2 if e not in ev1][:2]}")
    return out


def _perturb(action: dict, pick: random.Random) -> dict | None:
    fields = [k for k in action if k != "type"]
    if not fields:
        return None
    k = pick.choice(fields)
    v = action[k]
    if isinstance(v, bool):
        return {**action, k: not v}
    if isinstance(v, int):
        return {**action, k: v + pick.choice((-1, 1))}
    if isinstance(v, str):
        return {**action, k: v + "x"}
    return None


def play(sample, seed: int, *, every: int = 6, check_all: int = 3, cap: int | None = None) -> tuple[list[str], int, bool]:
    """Play one random duel of ``sample``; returns (defects, actions, ended). ``cap``: stop after that many actions
    (a cheap duel: what it reached is checked, not that it ends)."""
    defects: list[str] = []
    rng = SeededRng(seed.to_bytes(32, "big"))
    pick = random.Random(seed)
    state = SYSTEM.setup(sample.options, SEATS[:sample.players], rng)
    n = 0
    limit = sample.max_actions if cap is None else min(cap, sample.max_actions)
    while SYSTEM.outcome(state) is None and n < limit:
        json.loads(_dump(state))
        awaited = SYSTEM.view(state, None)["awaiting"]
        if not awaited:
            defects.append(f"no seat awaited at action {n}, step {state.get('step')}")
            break
        seat = pick.choice(awaited)
        offered = SYSTEM.legal_actions(state, seat)
        choices = [a for a in offered if a["type"] != "Concede"]
        if not choices:
            defects.append(f"awaited {seat} has no action at {n}, step {state.get('step')}, {state.get('pending')}")
            break
        if n % every == 0:
            for x in state["seats"]:
                try:
                    defects += [f"[{n} {state.get('step')}] {d}" for d in _noninterference(state, x, pick, seed * 1000 + n)]
                except Exception:  # noqa: BLE001
                    defects.append(f"[{n}] non-interference check raised: {traceback.format_exc(limit=6)}")
            bad = _perturb(pick.choice(choices), pick)
            if bad is not None and bad not in offered:
                res, err = _apply(state, seat, bad, SeededRng(b"p" * 32))
                if res is not None:
                    defects.append(f"[{n}] non-offered {bad} accepted")
                elif isinstance(err, str):
                    defects.append(f"[{n}] non-offered {bad}: {err}")
            others = [s for s in state["seats"] if s not in awaited]
            if others:
                a = next((a for a in SYSTEM.legal_actions(state, others[0]) if a["type"] not in ("Concede", "Reveal")), None)
                if a is not None:
                    defects.append(f"[{n}] seat not awaited offered {a}")
        for a in (choices if len(choices) <= check_all else pick.sample(choices, check_all)):
            res, err = _apply(state, seat, a, SeededRng(b"q" * 32))
            if res is None:
                defects.append(f"[{n} {state.get('step')}] offered {a} refused: {err}")
        reveals = [a for a in choices if a["type"] == "Reveal"]
        rest = [a for a in choices if a["type"] != "Reveal"] or reveals
        a = pick.choice(reveals if reveals and pick.random() < 0.3 else rest)
        res, err = _apply(state, seat, a, rng)
        if res is None:
            defects.append(f"[{n} {state.get('step')}] chosen {a} refused: {err}")
            break
        state, events = res
        json.loads(_dump(events))
        json.loads(_dump(SYSTEM.view(state, seat)))
        n += 1
    ended = SYSTEM.outcome(state) is not None
    if not ended and not defects and cap is None:
        defects.append(f"no outcome within {sample.max_actions} actions (round {state.get('round')})")
    return defects, n, ended


def main(count: int = 20, first: int = 0) -> None:
    import sys
    total = 0
    for seed in range(first, first + count):
        sample = SAMPLES[seed % len(SAMPLES)]
        defects, n, ended = play(sample, seed)
        total += bool(defects)
        print(f"seed {seed} {sample.name}: {n} actions, ended {ended}, {len(defects)} defects", flush=True)
        for d in defects[:6]:
            print("   ", d[:1500], flush=True)
    print(f"{total} of {count} duels with defects", file=sys.stderr)


if __name__ == "__main__":
    import sys
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20, int(sys.argv[2]) if len(sys.argv) > 2 else 0)
