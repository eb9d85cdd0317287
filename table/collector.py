"""Python's garbage collector set for a process holding many live matches.

A command allocates thousands of small objects (a match's state, its views, its reply). With the default
thresholds (a young collection every 700 allocations net) a command ran several collections, each walking the
young objects of every command in flight: about a quarter of the bot's CPU under load. Objects alive once the
process is set up (modules, game data, message catalogues) are frozen: no collection walks them again, and board
workers forked later share their pages instead of copying them when a collection would touch them.
"""
from __future__ import annotations

import gc

YOUNG_EVERY = 200_000
"""Net allocations between young collections (Python's default: 700). A young collection costs what is still alive
of the young objects, and under load most of those are what the last commands keep (states, views, replies,
remembered for the next commands), wherever the threshold is: the fewer collections, the less they cost in all.
Load bench, 1,000 matches, one process, 30 s: at 5,000, 169 collections took 2.3 s of CPU; at 20,000, 33 took
1.2 s; at 200,000, 3 took 0.35 s (each up to ~170 ms: too few to reach the 99th percentile of latency). The older
generations keep their default ratios."""


def tune() -> None:
    """Collect once, freeze what is alive (the process's setup), then collect less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_EVERY, 10, 10)


SETTLE_EVERY = 1_000
"""Boards a board worker draws between two ``settle`` calls."""


def settle() -> None:
    """Collect, then freeze what survived. A board worker's caches keep what it drew (layers, bands, masks): with
    them in the oldest generation, each full collection walked them all, some 50 ms on whichever board it landed.
    Frozen, they are walked no more; freed by reference counting as usual when a cache drops them, and no cycle is
    frozen, as the collection just before took them."""
    gc.collect()
    gc.freeze()
