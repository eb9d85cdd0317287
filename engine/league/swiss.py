"""Swiss pairings that are optimal, not greedy: one maximum-weight matching over every possible pair.

Players come ranked (best first). The pairing chosen is the best by these criteria, each one deciding
only among the pairings that tie on every criterion before it (FIDE's Dutch system, C.1-C.7 in spirit):

1. the fewest rematches (none unless no pairing without one exists);
2. the bye (a virtual player when the count is odd) to the lowest-ranked player who has not had one
   (if every player has had one, to the lowest-ranked);
3. the smallest score differences, the largest weighing most: the pairs' score differences sorted
   largest first form the lexicographically smallest list (FIDE's pairing-score-difference criterion),
   so a 6 meets a 3 and a 3 meets a 0 rather than a 6 meeting a 0, and no score group is skipped when
   it need not be;
4. the players who float are the lowest-ranked of their score group, and each floats against the
   highest-ranked player it may meet;
5. within a score group the top half meets the bottom half where possible (1st-3rd, 2nd-4th of four; when
   a rematch forbids that, 1st-4th and 2nd-3rd before two pairs within a half), each player as close to
   its counterpart in the other half as it can be.

Every pair's weight is a constant minus its cost, the cost built in layers, one per criterion: each
layer's unit is larger than the most the layers below it can add up to over a whole pairing, so one
step in a higher layer outweighs everything below. In the score layer a pair with the k-th smallest
score difference among all pairs costs ``(m + 1) ** k`` (``m`` pairs a round): one larger difference
outweighs any number of smaller ones, and comparing the totals compares the sorted lists.

``networkx.max_weight_matching(G, maxcardinality=True)`` then finds the best complete pairing exactly.
All weights are integers, so the blossom algorithm stays in exact arithmetic.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence, Set

import networkx as nx

BYE = -1
"""The virtual opponent of the player with the bye."""


def _weights(ranked: Sequence[int], points: Mapping[int, int], met: Set[frozenset[int]],
             had_bye: Set[int]) -> tuple[list[tuple[int, int, int]], int]:
    n = len(ranked)
    m = (n + 1) // 2  # pairs in a round, the bye included
    pos = {x: i for i, x in enumerate(ranked)}
    group_size = Counter(points[x] for x in ranked)
    # where each player stands in its score group (0 = the group's best)
    place: dict[int, int] = {}
    seen: Counter[int] = Counter()
    for x in ranked:
        place[x] = seen[points[x]]
        seen[points[x]] += 1
    diffs = sorted({abs(points[x] - points[y]) for i, x in enumerate(ranked) for y in ranked[i + 1:]} - {0})
    step = {d: (m + 1) ** (k + 1) for k, d in enumerate(diffs)}
    step[0] = 0

    def layers(x: int, y: int) -> tuple[int, ...]:
        """The pair's cost in each layer, highest first (x ranked above y; y may be the bye)."""
        if y == BYE:
            bye = (n if x in had_bye else 0) + (n - 1 - pos[x])
            return 0, bye, 0, 0, 0, 0
        rematch = 1 if frozenset((x, y)) in met else 0
        d = abs(points[x] - points[y])
        if d:
            # floats: the higher player as low in the standings, the lower as high, as they can be
            return rematch, 0, step[d], 1 << (n - 1 - pos[x]), pos[y], 0
        g = group_size[points[x]]
        same_half = (place[x] < g // 2) == (place[y] < g // 2)
        return rematch, 0, 0, 0, 0, 4 * n * same_half + abs(2 * (place[y] - place[x]) - g)

    # the most each layer can add up to over a whole pairing (m pairs), lowest layer last
    most = (m, 2 * n, m * (step[diffs[-1]] if diffs else 0), 1 << n, m * n, m * 6 * n)
    units = [1] * len(most)
    for k in range(len(most) - 2, -1, -1):
        units[k] = units[k + 1] * (most[k + 1] + 1)
    top = units[0] * (most[0] + 1)

    def cost(x: int, y: int) -> int:
        return sum(u * c for u, c in zip(units, layers(x, y)))

    edges = []
    for i, x in enumerate(ranked):
        for y in ranked[i + 1:]:
            edges.append((x, y, top - cost(x, y)))
        if n % 2:
            edges.append((x, BYE, top - cost(x, BYE)))
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
