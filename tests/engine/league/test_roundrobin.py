"""Round robin by the circle method."""
from __future__ import annotations

import itertools

import pytest

from engine.league.roundrobin import schedule


@pytest.mark.parametrize("n", range(2, 12))
def test_everyone_meets_everyone_exactly_once(n):
    """Issue #18: round robin (circle method) for small leagues; one bye a round when the count is odd."""
    players = list(range(1, n + 1))
    rounds = schedule(players)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    met = [frozenset(p) for r in rounds for p in r if p[1] is not None]
    assert sorted(map(sorted, met)) == sorted(map(sorted, map(frozenset, itertools.combinations(players, 2))))
    for r in rounds:
        seen = [x for p in r for x in p if x is not None]
        assert sorted(seen) == players
        assert sum(1 for p in r if p[1] is None) == n % 2
    byes = [p[0] for r in rounds for p in r if p[1] is None]
    assert len(byes) == len(set(byes))
