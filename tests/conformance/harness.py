"""The engine contract checked once for every game: seeded random matches played through the protocol only.

``play(system, sample, seed)`` plays one match with a random player per seat and checks, at every step or at
sampled steps, the properties of ``docs/adding-a-game.md`` ("The contract"). It does not stop at the first
failure: it returns a ``Report`` with the failures found under each property, so one playthrough serves the
property tests of ``test_contract.py`` and the planted-defect tests of ``test_planted.py`` alike.

Nothing here knows a game: what is game-specific comes from the game (``samples``, ``redeal``, ``open_fields``).
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Iterator

import pytest

from engine.core.errors import IllegalAction, InvalidInput
from engine.core.rng import SeededRng
from engine.core.system import JSON, GameSystem, Sample, Secrets, all_systems, find_system

REFUSALS = (IllegalAction, InvalidInput)
"""How ``apply`` may refuse: a rule forbids it, or the input is malformed. Anything else is a crash."""

PROPERTIES = ("offered_apply", "unoffered_refused", "liveness", "only_refusals", "non_interference", "replay",
              "json")

MATCHES = 12
"""Matches per game in every ``make test``, shared out over the game's samples (at least two each)."""
DEEP_MATCHES = 1000

MAX_FAILURES = 5
"""Failures kept per property and match: the first few tell the story."""


def canon(value: Any) -> str:
    """One byte string per JSON value, keys sorted: equal values, equal strings."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def samples_of(system: GameSystem) -> tuple[Sample, ...]:
    """The set-ups a game declares, or one default with the fewest seats."""
    return tuple(getattr(system, "samples", ()) or (Sample("default", {}, system.info.min_seats),))


def fork(rng: SeededRng) -> SeededRng:
    """The same stream from the same point, leaving ``rng`` where it is."""
    return SeededRng(rng.seed, rng.counter)


def seen_by(events: list[JSON], viewer: str | None) -> list[JSON]:
    """The events ``viewer`` is shown: public ones, and those whose ``visible_to`` names it."""
    return [e for e in events if "visible_to" not in e or (viewer is not None and viewer in e["visible_to"])]


@dataclass
class Report:
    """What one match found, by property."""

    game: str
    sample: str
    seed: int
    actions: int = 0
    ended: bool = False
    redeals_that_changed: int = 0
    failures: dict[str, list[str]] = field(default_factory=lambda: {p: [] for p in PROPERTIES})

    def fail(self, prop: str, step: int, text: str) -> None:
        found = self.failures[prop]
        if len(found) < MAX_FAILURES:
            found.append(f"{self.game}/{self.sample} seed {self.seed} step {step}: {text}")

    def ok(self, prop: str) -> bool:
        return not self.failures[prop]


@dataclass
class Checks:
    """How much is checked: everything at every step is thorough but slow, so the costly checks are sampled."""

    perturb_every: int = 3
    """Try non-offered actions every this many steps."""
    perturbations: int = 6
    """How many non-offered actions each time."""
    all_offered_every: int = 7
    """Apply every offered action (on copies) every this many steps; the chosen one is applied at every step."""
    secrets_every: int = 5
    """Redeal each seat's secrets and compare what the others see every this many steps."""
    garbage: int = 0
    """Random malformed actions per step (the hypothesis test sends many more on saved positions)."""
    keep_positions: int = 6
    """Positions kept for later tests (hypothesis): spread over the match."""

    @classmethod
    def deep(cls) -> "Checks":
        """The release run's: a thousand matches a game, each checked more sparsely (breadth over depth)."""
        return cls(perturb_every=9, perturbations=4, all_offered_every=23, secrets_every=13)


@dataclass
class Match:
    """A finished playthrough: its report, its log, and a few positions to reuse."""

    report: Report
    log: list[tuple[str, JSON]]
    final: JSON
    positions: list[JSON]
    types: dict[str, dict[str, list[Any]]]
    """Every action type offered, with the values seen for each of its fields."""


def play(system: GameSystem, sample: Sample, seed: int, checks: Checks | None = None) -> Match:
    """Play one seeded random match of ``sample`` to its end (or its bound), checking the contract."""
    checks = checks or Checks()
    info = system.info
    seats = info.seats_for(sample.players)
    report = Report(info.key, sample.name, seed)
    pick = random.Random(f"{info.key}/{sample.name}/{seed}")
    rng = SeededRng(seed.to_bytes(32, "big"))
    types: dict[str, dict[str, list[Any]]] = {}
    open_fields: dict[str, tuple[str, ...]] = getattr(system, "open_fields", {}) or {}
    log: list[tuple[str, JSON]] = []
    positions: list[JSON] = []
    try:
        state = system.setup(sample.options, seats, rng)
    except Exception as exc:  # noqa: BLE001 - a crash is what is being looked for
        report.fail("only_refusals", 0, f"setup raised {exc!r}")
        return Match(report, log, {}, positions, types)
    start = canon(state)
    check_json(report, 0, "state", state)
    step = 0
    while True:
        step += 1
        before = canon(state)
        outcome = _guard(report, step, "outcome", lambda: system.outcome(state))
        if outcome is not None or report.failures["only_refusals"]:
            report.ended = outcome is not None
            break
        if step > sample.max_actions:
            report.fail("liveness", step, f"no result after {sample.max_actions} actions (the sample's bound)")
            break
        legal = {}
        for seat in seats:
            got = _guard(report, step, f"legal_actions({seat})", lambda: system.legal_actions(state, seat))
            if got is None:
                return Match(report, log, state, positions, types)
            legal[seat] = got
            for action in got:
                _learn(types, action)
        spectator = _guard(report, step, "view(None)", lambda: system.view(state, None))
        if spectator is None:
            break
        check_json(report, step, "spectator view", spectator)
        awaiting = spectator.get("awaiting")
        if not isinstance(awaiting, list):
            report.fail("liveness", step, f"view(None) has no 'awaiting' list: {awaiting!r}")
            break
        stuck = [s for s in awaiting if not legal.get(s)]
        if stuck or not any(legal.values()):
            report.fail("liveness", step, f"no legal action for awaited seats {stuck or awaiting} "
                                          f"(seats with actions: {[s for s in seats if legal[s]]})")
            break
        if (step - 1) % checks.all_offered_every == 0:
            for seat in seats:
                for action in legal[seat]:
                    _try_offered(system, report, step, state, before, seat, action, rng)
        if step % checks.perturb_every == 0:
            _try_unoffered(system, report, step, state, before, seats, legal, types, open_fields, pick, rng,
                           checks.perturbations)
        # the random player: a seat that may act, an action type, an action of that type
        actors = [s for s in seats if legal[s]]
        seat = pick.choice(actors)
        by_type: dict[str, list[JSON]] = {}
        for action in legal[seat]:
            by_type.setdefault(str(action.get("type")), []).append(action)
        action = pick.choice(by_type[pick.choice(sorted(by_type))])
        if step % checks.secrets_every == 0:
            check_secrets(system, report, step, state, seats, legal, seat, action, rng, pick)
        check_json(report, step, "action", action)
        try:
            new, events = system.apply(state, seat, action, rng)
        except REFUSALS as exc:
            report.fail("offered_apply", step, f"{seat} was offered {canon(action)} but apply refused it: {exc!r}")
            break
        except Exception as exc:  # noqa: BLE001
            report.fail("only_refusals", step, f"{seat} {canon(action)} raised {exc!r}")
            break
        if canon(state) != before:
            report.fail("unoffered_refused", step, f"apply changed its input state ({seat} {canon(action)})")
        check_json(report, step, "state", new)
        check_json(report, step, "events", events)
        log.append((seat, action))
        state = new
        if len(positions) < checks.keep_positions and pick.random() < 0.05:
            positions.append(state)
    report.actions = len(log)
    if report.ended:
        check_replay(system, report, sample, seats, seed, start, log, state)
    return Match(report, log, state, positions, types)


def _guard(report: Report, step: int, what: str, call):
    try:
        return call()
    except Exception as exc:  # noqa: BLE001
        report.fail("only_refusals", step, f"{what} raised {exc!r}")
        return None


def _learn(types: dict[str, dict[str, list[Any]]], action: JSON) -> None:
    fields = types.setdefault(str(action.get("type")), {})
    for key, value in action.items():
        if key == "type":
            continue
        seen = fields.setdefault(key, [])
        if len(seen) < 40 and value not in seen:
            seen.append(value)


def _try_offered(system, report, step, state, before, seat, action, rng) -> None:
    try:
        system.apply(state, seat, action, fork(rng))
    except REFUSALS as exc:
        report.fail("offered_apply", step, f"{seat} was offered {canon(action)} but apply refused it: {exc!r}")
    except Exception as exc:  # noqa: BLE001
        report.fail("only_refusals", step, f"{seat} {canon(action)} raised {exc!r}")
    if canon(state) != before:
        report.fail("unoffered_refused", step, f"apply changed its input state ({seat} {canon(action)})")


def perturbed(action: JSON, types: dict[str, dict[str, list[Any]]], open_fields: tuple[str, ...],
              pick: random.Random) -> Iterator[JSON]:
    """Actions of the same type as ``action`` with one field changed to another value: one seen in the game for
    that field, or a number one off. Fields a game declares open (a typed measure) are left alone."""
    keys = [k for k in action if k != "type" and k not in open_fields]
    pick.shuffle(keys)
    for key in keys:
        value = action[key]
        options = [v for v in types.get(str(action.get("type")), {}).get(key, []) if v != value]
        if isinstance(value, bool):
            options.append(not value)
        elif isinstance(value, int):
            options += [value + 1, value - 1]
        if options:
            yield {**action, key: pick.choice(options)}


def _try_unoffered(system, report, step, state, before, seats, legal, types, open_fields, pick, rng, count) -> None:
    offered = {seat: {canon(a) for a in legal[seat]} for seat in seats}
    tries: list[tuple[str, JSON]] = []
    for seat in seats:
        if not legal[seat]:
            continue
        action = pick.choice(legal[seat])
        for other in seats:  # the same action from a seat that is not offered it
            if other != seat and canon(action) not in offered[other]:
                tries.append((other, action))
                break
        for changed in perturbed(action, types, open_fields.get(str(action.get("type")), ()), pick):
            tries.append((seat, changed))
    pick.shuffle(tries)
    for seat, action in tries[:count]:
        if canon(action) in offered[seat]:
            continue
        try:
            system.apply(state, seat, action, fork(rng))
        except REFUSALS:
            pass
        except Exception as exc:  # noqa: BLE001
            report.fail("only_refusals", step, f"{seat} {canon(action)} (not offered) raised {exc!r}")
        else:
            report.fail("unoffered_refused", step, f"{seat} was not offered {canon(action)} but apply accepted it")
        if canon(state) != before:
            report.fail("unoffered_refused", step, f"a refused action changed the state ({seat} {canon(action)})")


def check_json(report: Report, step: int, what: str, value: Any) -> None:
    """States, views, events and actions are plain JSON: what is stored is what is read back."""
    try:
        back = json.loads(json.dumps(value))
    except (TypeError, ValueError) as exc:
        report.fail("json", step, f"{what} is not JSON: {exc}")
        return
    if back != value:
        report.fail("json", step, f"{what} does not round-trip through JSON (a tuple, a non-string key...)")


def check_secrets(system, report, step, state, seats, legal, seat, action, rng, pick) -> None:
    """Non-interference: a seat's hidden information, drawn again, changes nothing another seat or a spectator
    observes: their views, their legal actions (order included), and the events of the next action they are
    shown whenever their view after it is the same."""
    viewers: list[str | None] = [*seats, None]
    if not isinstance(system, Secrets):
        views = {v: canon(system.view(state, v)) for v in viewers}
        if len(set(views.values())) > 1:
            report.fail("non_interference", step, "the seats' views differ but the game has no redeal "
                                                  "(a game with hidden information must say how to draw it again)")
        return
    for hider in seats:
        try:
            other = system.redeal(state, hider, SeededRng(b"redeal" + rng.seed[:26], step))
        except Exception as exc:  # noqa: BLE001
            report.fail("non_interference", step, f"redeal({hider}) raised {exc!r}")
            continue
        if canon(other) != canon(state):
            report.redeals_that_changed += 1
            # what is drawn depends only on what the others know and the rng: redealing either state alike gives
            # the same (the practice opponent's samples cannot carry the true secrets)
            seed = b"again" + rng.seed[:27]
            if canon(system.redeal(other, hider, SeededRng(seed, step))) != canon(
                    system.redeal(state, hider, SeededRng(seed, step))):
                report.fail("non_interference", step, f"redeal({hider}) draws from the secrets it replaces: two "
                                                      "states that differ only in them redeal differently")
        for viewer in viewers:
            if viewer == hider:
                continue
            if canon(system.view(state, viewer)) != canon(system.view(other, viewer)):
                report.fail("non_interference", step,
                            f"{_who(viewer)}'s view changes with {hider}'s hidden information: "
                            + _diff(system.view(state, viewer), system.view(other, viewer)))
            if viewer is not None and canon(legal[viewer]) != canon(system.legal_actions(other, viewer)):
                report.fail("non_interference", step,
                            f"{viewer}'s legal actions change with {hider}'s hidden information: "
                            + _diff(legal[viewer], system.legal_actions(other, viewer)))
        _compare_events(system, report, step, state, other, hider, seats, seat, action, rng, pick)


def _compare_events(system, report, step, state, other, hider, seats, seat, action, rng, pick) -> None:
    candidates = system.legal_actions(other, seat)
    if canon(action) not in {canon(a) for a in candidates}:
        both = {canon(a) for a in system.legal_actions(state, seat)} & {canon(a) for a in candidates}
        if not both:
            return
        action = json.loads(pick.choice(sorted(both)))
    try:
        after, events = system.apply(state, seat, action, fork(rng))
        after2, events2 = system.apply(other, seat, action, fork(rng))
    except Exception:  # noqa: BLE001 - reported by the other properties
        return
    for viewer in [*seats, None]:
        if viewer == hider:
            continue
        if canon(system.view(after, viewer)) != canon(system.view(after2, viewer)):
            continue  # the action revealed something of the hider's to this viewer: the events may differ
        mine, theirs = seen_by(events, viewer), seen_by(events2, viewer)
        if canon(mine) != canon(theirs):
            report.fail("non_interference", step,
                        f"the events {_who(viewer)} is shown of {seat}'s {action.get('type')} change with "
                        f"{hider}'s hidden information: " + _diff(mine, theirs))


def check_replay(system, report, sample, seats, seed, start, log, final) -> None:
    """The seed and the action log rebuild the match byte for byte."""
    rng = SeededRng(seed.to_bytes(32, "big"))
    state = system.setup(sample.options, seats, rng)
    if canon(state) != start:
        report.fail("replay", 0, "setup with the same seed gives another state")
        return
    for i, (seat, action) in enumerate(log, 1):
        try:
            state, _ = system.apply(state, seat, action, rng)
        except Exception as exc:  # noqa: BLE001
            report.fail("replay", i, f"replaying {seat} {canon(action)} raised {exc!r}")
            return
    if canon(state) != canon(final):
        report.fail("replay", len(log), "the replayed state differs from the played one: " + _diff(state, final))


def _who(viewer: str | None) -> str:
    return "the spectator" if viewer is None else viewer


def _diff(a: Any, b: Any, path: str = "", budget: list[int] | None = None) -> str:
    """Where two JSON values first differ, briefly."""
    if a == b:
        return ""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, "<missing>") != b.get(key, "<missing>"):
                return _diff(a.get(key, "<missing>"), b.get(key, "<missing>"), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _diff(x, y, f"{path}[{i}]")
    text = f"{path or '.'}: {canon(a)[:160]} != {canon(b)[:160]}"
    return text


def _cases() -> list[tuple[str, str]]:
    return [(info.key, sample.name) for info, playable in all_systems() if playable
            for sample in samples_of(find_system(info.key))]


CASES = _cases()
"""(game, sample) for every registered game (the test games included, loaded by ``tests/conftest.py``)."""
CASE_PARAMS = [pytest.param(g, s, id=f"{g}-{s}", marks=pytest.mark.xdist_group(f"conformance-{g}-{s}"))
               for g, s in CASES]
"""CASES as parameters: each case's tests run in one test process (``--dist loadgroup``), where its matches are
played once and shared (``matches``), and the cases spread over the processes."""
_played: dict[tuple[str, str, bool], list[Match]] = {}


def matches(game: str, sample_name: str, deep: bool) -> list[Match]:
    """The seeded matches of one sample, played once per run and shared by the property tests."""
    key = (game, sample_name, deep)
    if key not in _played:
        system = find_system(game)
        samples = samples_of(system)
        sample = next(s for s in samples if s.name == sample_name)
        count = max(2, -(-(DEEP_MATCHES if deep else MATCHES) // len(samples)))
        checks = Checks.deep() if deep else Checks()
        _played[key] = [play(system, sample, seed, checks) for seed in range(count)]
    return _played[key]
