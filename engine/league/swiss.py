"""Swiss pairings that are optimal, not greedy: one maximum-weight matching over every possible pair.

Players come ranked (best first). Every pair's weight is a constant minus its cost, the cost built in
layers so that each layer outweighs everything below it together (the ``swisspair`` design):

1. a rematch costs more than every other cost of the round together, so there is none unless no
   pairing without one exists;
2. the bye (a virtual player when the count is odd) costs more the higher the player's rank, and a
   player who already had a bye costs more than any other, so it goes to the lowest-ranked player
   without one;
3. a pair-down (two players on different points) costs ``2^(n-1-r)`` where ``r`` is the rank of the
   higher player: a single pair-down at the top costs more than all lower ones together.

``networkx.max_weight_matching(G, maxcardinality=True)`` then finds the best complete pairing exactly.
All weights are integers, so the blossom algorithm stays in exact arithmetic.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

import networkx as nx

BYE = -1
"""The virtual opponent of the player with the bye."""


def _weights(ranked: Sequence[int], points: Mapping[int, int], met: Set[frozenset[int]],
             had_bye: Set[int]) -> tuple[list[tuple[int, int, int]], int]:
    n = len(ranked)
    pair_down_total = 1 << n  # every pair-down cost together stays below this
    bye_step = pair_down_total
    no_bye = (n + 1) * bye_step  # a second bye, dearer than any first one
    rematch = no_bye + (n + 1) * bye_step  # dearer than everything below it together
    top = rematch * (n + 1)
    edges = []
    for i, x in enumerate(ranked):
        for j in range(i + 1, n):
            y = ranked[j]
            cost = rematch if frozenset((x, y)) in met else 0
            if points[x] != points[y]:
                cost += 1 << (n - 1 - i)
            edges.append((x, y, top - cost))
        if n % 2:
            cost = (no_bye if x in had_bye else 0) + (n - 1 - i) * bye_step
            edges.append((x, BYE, top - cost))
    return edges, top


def pair(ranked: Sequence[int], points: Mapping[int, int], met: Set[frozenset[int]] = frozenset(),
         had_bye: Set[int] = frozenset()) -> list[tuple[int, int | None]]:
    """The round's pairings ``(higher, lower)``, in rank order of the higher player; ``(x, None)`` is x's bye.

    :param ranked: the players to pair, best first (the standings' order)
    :param points: each player's league points
    :param met: the pairs that have already played (``frozenset({x, y})``)
    :param had_bye: the players who already had a bye
    """
    if len(ranked) < 2:
        return [(x, None) for x in ranked]
    graph = nx.Graph()
    edges, _ = _weights(ranked, points, met, had_bye)
    graph.add_weighted_edges_from(edges)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    position = {x: i for i, x in enumerate(ranked)}
    position[BYE] = len(ranked)
    out = []
    for x, y in matching:
        hi, lo = sorted((x, y), key=position.__getitem__)
        out.append((hi, None if lo == BYE else lo))
    return sorted(out, key=lambda p: position[p[0]])
