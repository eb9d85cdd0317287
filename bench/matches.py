"""Whole matches played in memory as the table plays them (a seeded match, its log with each action's draws), for
the replay benchmarks and tests: no Redis, no Discord. A seeded player favours fighting so that a match ends."""
from __future__ import annotations

import random
import time
from typing import Any

from engine.core.rng import seed_commitment
from engine.core.system import find_system
from table.fairness import RecordingRng
from table.match import Match, SeatHolder, Status

BOLD = ("Attack", "Charge", "Cast", "Move", "Prepare", "Activate", "Deploy", "Play", "Fight", "Shoot")
"""Action types a seeded player prefers (most of the time), so a random match comes to its end."""
NAMES = ("alice", "bob", "carol", "dave")


def whole_match(game: str, seed: int, *, max_actions: int = 3000) -> tuple[Match, bytes, list[dict[str, Any]]]:
    """A two-player match of ``game`` played to its end (or ``max_actions``, then conceded by the first seat) by
    seeded players: the finished match, its seed and its log as the table writes it (lifecycle entries, each action
    with its draws; no events: replay gives them)."""
    system = find_system(game)
    match_seed = f"bench-{game}-{seed}".encode().ljust(32, b".")[:32]
    seats = tuple(system.info.seats[:2]) if hasattr(system.info, "seats") else ("player1", "player2")
    now = time.time()
    holders = [SeatHolder(seat=s, user_id=1000 + i, name=NAMES[i]) for i, s in enumerate(seats)]
    log: list[dict[str, Any]] = [{"n": 1, "kind": "lifecycle", "event": "MatchCreated", "by": 1000},
                                 {"n": 2, "kind": "lifecycle", "event": "InviteAccepted", "by": 1001}]
    rng = RecordingRng(match_seed, 0)
    state = system.setup({}, seats, rng)
    log.append({"n": 3, "kind": "lifecycle", "event": "MatchStarted", "by": 1001, "draws": rng.draws})
    counter = rng.counter
    pick = random.Random(seed)
    outcome = None
    for _ in range(max_actions):
        outcome = system.outcome(state)
        if outcome is not None:
            break
        legal = {s: system.legal_actions(state, s) for s in seats}
        seat = pick.choice([s for s in seats if legal[s]])
        offered = [a for a in legal[seat] if a["type"] != "Concede"] or legal[seat]
        bold = [a for a in offered if a["type"] in BOLD]
        action = pick.choice(bold) if bold and pick.random() < 0.85 else pick.choice(offered)
        rng = RecordingRng(match_seed, counter)
        state, _events = system.apply(state, seat, action, rng)
        counter = rng.counter
        log.append({"n": len(log) + 1, "kind": "action", "by": 1000 + seats.index(seat), "seat": seat,
                    "action": action, "draws": rng.draws})
    outcome = system.outcome(state)
    if outcome is None:
        log.append({"n": len(log) + 1, "kind": "lifecycle", "event": "MatchConceded", "by": 1000, "seat": seats[0]})
        result = {"winner": seats[1], "reason": "concede"}
    else:
        result = {"winner": outcome.winner, "reason": outcome.reason, **({"detail": outcome.detail}
                                                                          if outcome.detail else {})}
    match = Match(id=f"bench{seed:05d}", game=game, status=Status.FINISHED, seats=holders, channel_id=1,
                  created_at=now, updated_at=now, finished_at=now, seed_hash=seed_commitment(match_seed),
                  seed=match_seed.hex(), rng_counter=counter, state=state, outcome=result, log_length=len(log))
    return match, match_seed, log
