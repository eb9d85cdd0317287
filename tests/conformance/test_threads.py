"""The contract's thread clause (``docs/adding-a-game.md``, "The contract"): a game's calls give the same answers
when several threads make them at once, as the table does (slow legal choices in threads, actions on the event
loop). Checked in fresh processes (``tests/conformance/threads.py``) for every game, on its first set-up (every
set-up with ``--conformance-deep``)."""
from __future__ import annotations

import pytest

from tests.conformance.harness import CASE_PARAMS, CASES
from tests.conformance.threads import in_fresh_process, positions

STEPS = 60
"""Steps of one seeded match replayed per set-up."""
THREADS = 3
FIRST = {game: sample for game, sample in reversed(CASES)}
"""Each game's first set-up."""


@pytest.mark.parametrize(("game", "sample"), CASE_PARAMS)
def test_calls_made_at_once_in_threads_answer_as_one_at_a_time(game, sample, request):
    """The same legal actions, spectator view and applied state from three threads working each position at once
    as from one call at a time (the conformance random player's match, seed 3)."""
    if FIRST[game] != sample and not request.config.getoption("--conformance-deep"):
        pytest.skip("one set-up per game in make test; every set-up with --conformance-deep")
    seed = 3
    seats, steps = positions(game, sample, seed, STEPS)
    alone = in_fresh_process(game, seats, steps, 1, seed.to_bytes(32, "big"))
    assert alone[0] == "ok", alone[1]
    together = in_fresh_process(game, seats, steps, THREADS, seed.to_bytes(32, "big"))
    assert together[0] == "ok", f"{game} {sample}: {together[1]}"
    assert together[1] == alone[1], f"{game} {sample}: answers differ when threads call at once"
