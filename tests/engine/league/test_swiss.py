"""Swiss pairings against brute force written from FIDE's Dutch criteria (not from the cost function): no
rematch when a rematch-free pairing exists, the bye to the lowest-ranked player without one, then the pairs'
score differences, sorted largest first, lexicographically the smallest."""
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


def differences(pairing, points) -> list[int]:
    """The pairs' score differences, largest first (the bye is no pair)."""
    return sorted((abs(points[x] - points[y]) for x, y in pairing if x is not None and y is not None),
                  reverse=True)


@st.composite
def rounds(draw):
    n = draw(st.integers(2, 10))
    ranked = list(range(1, n + 1))
    # league points as 3/1/0 gives them (wins and draws), best first as the standings rank them
    scores = sorted(draw(st.lists(st.integers(0, 13), min_size=n, max_size=n)), reverse=True)
    points = dict(zip(ranked, scores))
    pairs = list(itertools.combinations(ranked, 2))
    met = {frozenset(p) for p in draw(st.lists(st.sampled_from(pairs), max_size=2 * n))}
    had_bye = set(draw(st.lists(st.sampled_from(ranked), max_size=n)))
    return ranked, points, met, had_bye


@settings(max_examples=300, deadline=None)
@given(rounds())
def test_pairing_is_optimal_against_brute_force(case):
    """Issue #36 (FIDE Dutch system, criteria C.1-C.7 as the issue orders them): the fewest rematches; then
    the bye to the lowest-ranked player without one; then, among what is left, the pairs' score differences
    sorted largest first are lexicographically the smallest (one larger difference outweighs any number of
    smaller ones). The brute force enumerates every pairing and applies these rules as written."""
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
    assert differences(got, points) == min(differences(p, points) for p in best)


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
    """1st and 2nd on 6 points pair each other: splitting them would pair a 6 with a 0 (FIDE C.7)."""
    points = {1: 6, 2: 6, 3: 3, 4: 0, 5: 0, 6: 0}
    got = pair([1, 2, 3, 4, 5, 6], points)
    assert (1, 2) in got


def test_score_groups_are_not_skipped_four_players():
    """Issue #36 (FIDE Dutch, pairing-score differences): 6, 3, 3, 0 pairs the leader with a 3 and the
    other 3 with the 0 ([3, 3]), not the leader with the 0 and the two 3s together ([6, 0])."""
    assert pair([1, 2, 3, 4], {1: 6, 2: 3, 3: 3, 4: 0}) == [(1, 2), (3, 4)]


def test_score_groups_are_not_skipped_six_players():
    """Issue #36: 9, 6, 6, 3, 3, 0 pairs the 9 with a 6 (each pair 3 apart), never the 9 with the 0."""
    points = {1: 9, 2: 6, 3: 6, 4: 3, 5: 3, 6: 0}
    got = pair([1, 2, 3, 4, 5, 6], points)
    assert got == [(1, 2), (3, 4), (5, 6)]
    assert all(abs(points[x] - points[y]) == 3 for x, y in got)


def test_a_score_group_pairs_top_half_against_bottom_half():
    """FIDE Dutch (S1 meets S2): four level players pair 1st-3rd and 2nd-4th; eight pair 1-5, 2-6, 3-7, 4-8."""
    assert pair([1, 2, 3, 4], {x: 3 for x in range(1, 5)}) == [(1, 3), (2, 4)]
    assert pair(list(range(1, 9)), {x: 0 for x in range(1, 9)}) == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_top_half_against_bottom_half_gives_way_to_avoid_a_rematch():
    """Where 1st-3rd already met, the group still avoids the rematch (1st-4th, 2nd-3rd)."""
    got = pair([1, 2, 3, 4], {x: 3 for x in range(1, 5)}, {frozenset((1, 3))})
    assert got == [(1, 4), (2, 3)]


def test_the_lowest_of_a_score_group_floats_to_the_highest_below():
    """FIDE Dutch: with three on 6 and one on 3, the lowest 6 floats down and meets the 3; the other two 6s
    meet; among several 3s the floater meets the highest one."""
    assert pair([1, 2, 3, 4], {1: 6, 2: 6, 3: 6, 4: 3}) == [(1, 2), (3, 4)]
    got = pair([1, 2, 3, 4, 5, 6], {1: 6, 2: 6, 3: 6, 4: 3, 5: 3, 6: 3})
    assert (3, 4) in got and (1, 2) in got and (5, 6) in got


def test_large_league_pairs_quickly_with_exact_weights():
    """Sixty-four players after several rounds: the weights are exact integers and the round pairs at once."""
    import random
    import time
    rng = random.Random(5)
    ranked = list(range(1, 65))
    scores = sorted((3 * rng.randint(0, 6) + rng.randint(0, 1) for _ in ranked), reverse=True)
    points = dict(zip(ranked, scores))
    met = {frozenset(rng.sample(ranked, 2)) for _ in range(150)}
    start = time.perf_counter()
    got = pair(ranked, points, met)
    assert time.perf_counter() - start < 20
    assert sorted(x for p in got for x in p) == ranked
    assert not any(frozenset(p) in met for p in got)
