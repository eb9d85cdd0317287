"""Swiss pairings against brute force: no rematch when a rematch-free pairing exists, the bye to the
lowest-ranked player without one, pair-downs as low in the standings as they can be."""
from __future__ import annotations

import itertools

from hypothesis import given, settings, strategies as st

from engine.league.swiss import pair


def all_pairings(players: list[int | None]) -> list[list[tuple[int | None, int | None]]]:
    """Every way to split ``players`` into pairs (None is the bye)."""
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    out = []
    for i, other in enumerate(rest):
        for tail in all_pairings(rest[:i] + rest[i + 1:]):
            out.append([(first, other), *tail])
    return out


def rematches(pairing, met) -> int:
    return sum(1 for x, y in pairing if x is not None and y is not None and frozenset((x, y)) in met)


def bye_of(pairing) -> int | None:
    return next((x if y is None else y for x, y in pairing if x is None or y is None), None)


def pair_downs(pairing, ranked, points) -> list[int]:
    """The ranks of the higher player of each pair-down, best first."""
    pos = {x: i for i, x in enumerate(ranked)}
    return sorted(min(pos[x], pos[y]) for x, y in pairing
                  if x is not None and y is not None and points[x] != points[y])


@st.composite
def rounds(draw):
    n = draw(st.integers(2, 10))
    ranked = list(range(1, n + 1))
    scores = sorted(draw(st.lists(st.integers(0, 4), min_size=n, max_size=n)), reverse=True)
    points = {x: 3 * s for x, s in zip(ranked, scores)}
    pairs = list(itertools.combinations(ranked, 2))
    met = {frozenset(p) for p in draw(st.lists(st.sampled_from(pairs), max_size=2 * n))}
    had_bye = set(draw(st.lists(st.sampled_from(ranked), max_size=n)))
    return ranked, points, met, had_bye


@settings(max_examples=300, deadline=None)
@given(rounds())
def test_pairing_is_optimal_against_brute_force(case):
    """Issue #18: no rematch unless none is possible; the bye to the lowest-ranked player without one;
    a pair-down at the top costs more than all lower ones together."""
    ranked, points, met, had_bye = case
    got = pair(ranked, points, met, had_bye)
    # everyone once, one bye at most
    seen = [x for p in got for x in p if x is not None]
    assert sorted(seen) == ranked
    assert sum(1 for _, y in got if y is None) == len(ranked) % 2
    everything = all_pairings(ranked + ([None] if len(ranked) % 2 else []))
    fewest = min(rematches(p, met) for p in everything)
    assert rematches(got, met) == fewest
    best = [p for p in everything if rematches(p, met) == fewest]
    if len(ranked) % 2:
        pos = {x: i for i, x in enumerate(ranked)}

        def bye_key(p):
            b = bye_of(p)
            return (b not in had_bye, pos[b])  # a first bye first, then the lowest-ranked
        top = max(bye_key(p) for p in best)
        assert bye_key(got) == top
        best = [p for p in best if bye_key(p) == top]
    # pair-downs: the one at the highest rank as low as possible, then the next... (lexicographic)
    def cost(p):
        return sum(1 << (len(ranked) - 1 - r) for r in pair_downs(p, ranked, points))
    assert cost(got) == min(cost(p) for p in best)


def test_no_rematch_when_a_rematch_free_pairing_exists():
    """Issue #18: the greedy choice (1-2, then 3-4 again) is avoided: 1-3 and 2-4 meet nobody twice."""
    met = {frozenset((3, 4)), frozenset((1, 4))}
    got = pair([1, 2, 3, 4], {1: 3, 2: 3, 3: 0, 4: 0}, met)
    assert all(frozenset(p) not in met for p in got)


def test_rematch_only_when_nothing_else_is_possible():
    """Two players who already met are paired again: there is no one else."""
    assert pair([1, 2], {1: 3, 2: 0}, {frozenset((1, 2))}) == [(1, 2)]


def test_bye_goes_to_the_lowest_ranked_player_without_one():
    """Issue #18: the bye to the lowest-ranked player without one, at most one per player."""
    got = pair([1, 2, 3, 4, 5], {x: 0 for x in range(1, 6)}, had_bye={5})
    assert (4, None) in got


def test_one_pair_down_at_the_top_outweighs_all_lower_ones():
    """The swisspair design: 1st and 2nd on 6 points pair each other even if it forces two pair-downs below."""
    points = {1: 6, 2: 6, 3: 3, 4: 0, 5: 0, 6: 0}
    got = pair([1, 2, 3, 4, 5, 6], points)
    assert (1, 2) in got
