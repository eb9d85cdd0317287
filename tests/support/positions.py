"""Seeded random positions of every game, for the board tests: a match played at random from its set-up, the
spectator's view kept every few actions with the events of the action that led there. Pure engine: no table."""
from __future__ import annotations

import random
from typing import Any, Iterator

from engine.core.rng import SeededRng
from engine.core.system import find_system

JSON = dict[str, Any]

GAMES = ("underworlds", "magewars", "dragonbond", "tambores")
PLAYERS = {"underworlds": (2, 3, 4), "magewars": (2,), "dragonbond": (2,), "tambores": (2,)}
NAMES = ("Alicia Fernández", "Bob", "Carmen la del Puerto", "Dmitri")


def seats_of(game: str, players: int) -> list[str]:
    return list(find_system(game).info.seats_for(players))


def play(game: str, seed: int, *, players: int = 2, options: JSON | None = None, steps: int = 400,
         every: int = 1) -> Iterator[tuple[JSON, list[JSON], JSON]]:
    """(spectator view, public events of the last action, state) after every ``every``-th action of a random match,
    and at its end (the outcome then in the state)."""
    system = find_system(game)
    seats = seats_of(game, players)
    pick = random.Random(f"{game}/{players}/{seed}")
    rng = SeededRng(seed.to_bytes(32, "big"))
    state = system.setup(options or {}, seats, rng)
    events: list[JSON] = []
    for step in range(steps):
        if system.outcome(state) is not None:
            yield system.view(state, None), events, state
            return
        if step % every == 0:
            yield system.view(state, None), events, state
        awaiting = [s for s in system.view(state, None).get("awaiting") or seats]
        choices = [(s, a) for s in awaiting for a in system.legal_actions(state, s)]
        if not choices:
            return
        seat = pick.choice(sorted({s for s, _ in choices}))
        by_type: dict[str, list[JSON]] = {}
        for s, a in choices:
            if s == seat:
                by_type.setdefault(str(a.get("type")), []).append(a)
        kinds = sorted(by_type.keys() - {"Concede"}) or sorted(by_type)
        # a random player who concedes or passes whenever it can ends nothing: prefer the game's moves
        preferred = [k for k in kinds if k not in ("Concede", "Pass", "Skip")] or kinds
        kind = pick.choice(preferred if pick.random() < 0.85 else kinds)
        action = pick.choice(by_type[kind])
        state, got = system.apply(state, seat, action, rng)
        events = [e for e in got if e.get("visible_to") is None]


def names_for(seats: list[str]) -> dict[str, str]:
    return {s: NAMES[i % len(NAMES)] for i, s in enumerate(seats)}
