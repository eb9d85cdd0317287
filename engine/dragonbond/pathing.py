"""Shortest paths for Dragonbond moves: a visibility graph over the table, searched lazily (digest §5.2).

Pure geometry with no game terms beyond "blocked" (impassable pieces, enemy bases) and "slowing" (a stretch
that costs double): :mod:`engine.dragonbond.geometry` builds one :class:`Planner` per mover and position
and turns its paths into rule verdicts. Distances are inches.
"""
from __future__ import annotations

import heapq
import math
from array import array
from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Point as SPoint, Polygon
from shapely.geometry.polygon import orient

Point = tuple[float, float]

SLACK = 0.02
"""Geometric slack (inches) so that touching bases and tangent paths are not read as crossing."""
CLEAR = 0.05
"""Extra clearance of the graph's corners around obstacles."""
SLOW_STEP = 1.0
"""Spacing of the graph's extra nodes along slowing borders (where a best path bends)."""


class Layout:
    """The terrain's part of the path graph for one base radius: corners round the impassable pieces grown by
    the radius and points along the slowing borders, with the hop costs between them.

    Terrain never moves, so one layout serves every position on a table for movers of that radius; a hop
    between two of its points is measured the first time a search needs it and kept (digest §5.2). Units
    (enemy bases) are added per position by :class:`Planner`.
    """

    def __init__(self, radius: float, width: float, height: float, *, walls: Sequence[Polygon],
                 slow_polygons: Sequence[Polygon], slow_circles: Sequence[tuple[float, float, float]],
                 slowing: bool) -> None:
        """:param walls: impassable footprints; :param slow_polygons: slowing footprints; :param slow_circles:
        round slowing pieces (x, y, radius)."""
        self.slowing = slowing
        self.radius, self.width, self.height = radius, width, height
        r = radius
        self.walls = list(walls)
        edges = []
        for w in self.walls:
            for ring in _rings(w):
                c = np.asarray(ring.coords, dtype=float)
                edges.append(np.hstack([c[:-1], c[1:]]))
        self.edges = np.vstack(edges) if edges else np.zeros((0, 4))
        self.reach = r - SLACK
        if not slowing:
            slow_polygons, slow_circles = (), ()
        self.parts = _convex_parts(slow_polygons)
        self.circles = np.asarray(slow_circles, dtype=float).reshape(-1, 3)
        # As plain floats: hops are measured one at a time (numpy's call overhead dwarfs a single pair).
        self._rings = []
        for w in self.walls:
            for ring in _rings(w):
                c = [(float(x), float(y)) for x, y in ring.coords]
                xs, ys = [x for x, _ in c], [y for _, y in c]
                box = (min(xs) - 1e-9, min(ys) - 1e-9, max(xs) + 1e-9, max(ys) + 1e-9)
                self._rings.append((box, [(*a, *b) for a, b in zip(c, c[1:])]))
        self._parts = [([(float(nx), float(ny), float(c)) for (nx, ny), c in zip(normals, offsets)], bounds)
                       for normals, offsets, bounds in self.parts]
        self._circles = [tuple(map(float, c)) for c in self.circles]
        # Corners sit on a slightly larger, circumscribing outline so that straight hops between
        # neighbouring corners clear the grown obstacle.
        grow = (r + CLEAR) / math.cos(math.pi / 16)
        corners: list[Point] = []
        for w in self.walls:
            corners += _outline(w.buffer(grow, quad_segs=4))
        borders: list[Point] = []
        for poly in slow_polygons:
            borders += _border(poly)
            borders += _outline(poly.buffer(CLEAR, join_style="mitre"))    # skirt a piece at single cost
        for x, y, rad in self.circles:
            borders += _border(SPoint(x, y).buffer(rad, quad_segs=16))
            borders += _around(x, y, rad + CLEAR, 16)
        self.corners = self._standing(np.asarray(corners, dtype=float).reshape(-1, 2))
        self.borders = self._standing(np.asarray(borders, dtype=float).reshape(-1, 2))
        self.points = np.vstack([self.corners, self.borders])
        """The layout's nodes: corners, then border points (the planner keeps this order)."""
        self._xy = [tuple(p) for p in self.points.tolist()]
        self._between: dict[int, float] = {}
        self._around: dict[tuple[float, float, float], np.ndarray] = {}

    def on_table(self, xy: np.ndarray) -> np.ndarray:
        r = self.radius
        return ((xy[:, 0] >= r - 1e-6) & (xy[:, 0] <= self.width - r + 1e-6)
                & (xy[:, 1] >= r - 1e-6) & (xy[:, 1] <= self.height - r + 1e-6))

    def point_blocked(self, xy: np.ndarray) -> np.ndarray:
        out = np.zeros(len(xy), dtype=bool)
        if len(self.edges):
            d = _point_segment(xy[:, None, :], self.edges[None, :, :2], self.edges[None, :, 2:])
            out |= (d < self.reach).any(axis=1)
            for w in self.walls:
                out |= shapely.contains_xy(w, xy[:, 0], xy[:, 1])
        return out

    def _standing(self, xy: np.ndarray) -> np.ndarray:
        return xy[self.on_table(xy) & ~self.point_blocked(xy)]

    def hop(self, p: Point, q: Point, box: tuple[float, float, float, float] | None = None) -> float:
        """Cost of the hop ``p -> q`` counting terrain only: its length, its stretches in slowing pieces
        (clipped against each convex part or circle, overlaps counted twice here) once more; ``inf`` if it
        passes within the mover's radius of an impassable piece's edge. ``box``: the hop's (lox, hix, loy,
        hiy) when the caller has it."""
        px, py = p
        qx, qy = q
        dx, dy = qx - px, qy - py
        length = math.hypot(dx, dy)
        cost = length
        if box is None:
            box = (min(px, qx), max(px, qx), min(py, qy), max(py, qy))
        lox, hix, loy, hiy = box
        for planes, (x0, y0, x1, y1) in self._parts:
            if hix >= x0 and lox <= x1 and hiy >= y0 and loy <= y1:
                cost += _clipped_one(px, py, dx, dy, planes) * length
        for cx, cy, rad in self._circles:
            if hix >= cx - rad and lox <= cx + rad and hiy >= cy - rad and loy <= cy + rad:
                cost += _chord_one(px, py, dx, dy, cx, cy, rad) * length
        reach = self.reach
        for (x0, y0, x1, y1), edges in self._rings:
            # A ring whose box is farther than the reach from the hop's box cannot block it.
            if hix < x0 - reach or lox > x1 + reach or hiy < y0 - reach or loy > y1 + reach:
                continue
            for ax, ay, bx, by in edges:
                if _segment_segment_one(px, py, qx, qy, ax, ay, bx, by) < reach:
                    return math.inf
        return cost

    def around(self, x: float, y: float, rr: float) -> np.ndarray:
        """The graph's corners round an enemy base grown to ``rr`` that stand on the table and clear of the
        impassable pieces: the same for every mover of this radius while the enemy stands there, so kept."""
        key = (x, y, rr)
        kept = self._around.get(key)
        if kept is None:
            if len(self._around) >= 4096:
                self._around.clear()
            xy = np.asarray(_around(x, y, rr + SLACK + CLEAR, 16), dtype=float).reshape(-1, 2)
            kept = self._around[key] = xy[self.on_table(xy) & ~self.point_blocked(xy)]
        return kept

    def hop_between(self, a: int, b: int) -> float:
        """:meth:`hop` from point ``a`` to point ``b`` of the layout, worked out once."""
        key = a * len(self.points) + b
        cost = self._between.get(key)
        if cost is None:
            if len(self._between) >= 100_000:      # bounded memory: a table's graph rarely needs this many
                self._between.clear()
            cost = self._between[key] = self.hop(self._xy[a], self._xy[b])
        return cost


class Planner:
    """The path graph for one mover and position: the :class:`Layout` of its radius plus corners round the
    enemy bases, searched by a lazy Dijkstra from the mover's centre (digest §5.2: "a visibility graph").

    A hop is blocked if it passes within the mover's radius of an impassable piece's edge or within both
    radii of an enemy's centre; its slowing stretch is clipped against each convex part of the slowing pieces
    (overlaps counted twice here; the verdict re-measures the chosen path exactly with ``geometry.path_cost``).
    Settled nodes are kept, so the many checks behind one ``destinations`` call share one search.
    """

    def __init__(self, start: Point, layout: Layout, *, discs: Sequence[tuple[float, float, float]]) -> None:
        """:param layout: the table's terrain for this radius (impassable pieces the mover already stands in,
        a bad position, left out so that it can move out); :param discs: enemy bases (x, y, radius), never
        crossed."""
        self.layout = layout
        self.slowing = layout.slowing
        r = layout.radius
        # An enemy base the mover already overlaps (a bad position) is ignored so that it can move out.
        grown = [(x, y, rad + r - SLACK) for x, y, rad in discs
                 if math.hypot(x - start[0], y - start[1]) >= rad + r - SLACK]
        self.discs = np.asarray(grown, dtype=float).reshape(-1, 3)
        self._discs = [tuple(map(float, d)) for d in self.discs]
        self._start = start
        self._built = False

    def __getattr__(self, name: str):
        # The graph (nodes round the enemies, the search's arrays) is built the first time a search needs it: a
        # straight hop (most checks, see ``geometry._check``) needs only the discs and the layout.
        if name.startswith("__") or self.__dict__.get("_built", True):
            raise AttributeError(name)
        self._build()
        return getattr(self, name)

    def _build(self) -> None:
        self._built = True
        layout, start = self.layout, self._start
        around_xy = np.vstack([np.zeros((0, 2))] + [layout.around(x, y, rr) for x, y, rr in self.discs])
        nc = len(layout.corners)
        corners = np.arange(nc)
        borders = np.arange(nc, len(layout.points))
        corners = corners[~self._in_disc(layout.points[corners])]
        borders = borders[~self._in_disc(layout.points[borders])]
        around_xy = around_xy[~self._in_disc(around_xy)]
        # The same order as the points were drawn: start, corners, round the enemies, slowing borders.
        self.nodes = np.vstack([np.asarray([start], dtype=float), layout.points[corners], around_xy,
                                layout.points[borders]])
        self.at = np.concatenate([[-1], corners, np.full(len(around_xy), -1), borders])
        """Each node's index among the layout's points, -1 for the start and the corners round enemies."""
        n = len(self.nodes)
        self.dist = np.full(n, np.inf)
        self.dist[0] = 0.0
        self.parent = [-1] * n
        self.settled = np.zeros(n, dtype=bool)
        self._d = self.dist.tolist()
        self._s = self.settled.tolist()
        self._cut = self.dist - 1e-12
        """What a hop's bound must beat to be queued: a node's distance less a hair, -inf once settled."""
        self._nx, self._ny = self.nodes[:, 0].copy(), self.nodes[:, 1].copy()
        """The nodes' coordinates, each contiguous (a settled node measures its bound to every node)."""
        self._xy = list(zip(self._nx.tolist(), self._ny.tolist()))
        self._at = self.at.tolist()
        self.heap: list[tuple[float, int, int, int]] = [(0.0, 0, 0, -1)]
        """(key, lazy, node, from): a node at its distance (lazy 0), or a hop not yet measured at its length."""
        self._hops: dict[int, list] = {}
        """Per settled node, the hops out of it still to queue: their bounds, their ends, the next one's place."""
        self._answers: dict[tuple[Point, ...], tuple[float, tuple[float, tuple[Point, ...]] | None]] = {}
        """Per set of goals: the limit searched to and the cheapest path found (None: none within it)."""

    # -- hop costs --

    def _in_disc(self, xy: np.ndarray) -> np.ndarray:
        if not len(self.discs):
            return np.zeros(len(xy), dtype=bool)
        d = np.hypot(xy[:, None, 0] - self.discs[None, :, 0], xy[:, None, 1] - self.discs[None, :, 1])
        return (d < self.discs[None, :, 2]).any(axis=1)

    def hop(self, p: Point, q: Point) -> float:
        """Cost of the hop ``p -> q`` (:meth:`Layout.hop`), ``inf`` if it passes within both radii of an enemy's
        centre."""
        px, py, qx, qy = float(p[0]), float(p[1]), float(q[0]), float(q[1])
        if _blocked(self._discs, px, py, qx, qy):
            return math.inf
        # The hop's box, as plain comparisons (the builtins min and max cost more, this is asked very often).
        return self.layout.hop((px, py), (qx, qy), (px if px < qx else qx, qx if px < qx else px,
                                                    py if py < qy else qy, qy if py < qy else py))


    # -- search --

    def _settle_next(self) -> int | None:
        """Settle the next closest node and return it (None when no node is left).

        Hops are measured lazily: settling a node queues each hop out of it at its length, a lower bound of
        its cost (no hop costs less than its length); a queued hop is measured only when it comes first, and
        queues its end at the true cost. The settled distances are those of an eager Dijkstra; far fewer hops
        are measured, since most nodes are settled by the first hop that reaches them.
        """
        # Plain lists mirror ``dist`` and ``settled`` for the one-at-a-time work (numpy's item access is slow).
        heap, dist, settled, pop = self.heap, self._d, self._s, self._pop
        at, xy, discs, between = self._at, self._xy, self._discs, self.layout.hop_between
        while heap:
            key, lazy, j, i = pop()
            if settled[j] or key > dist[j] - (1e-12 if lazy else 0.0):
                continue
            if lazy:
                # The hop's cost (:meth:`hop`); between two of the layout's points its terrain part is kept there.
                a, b = at[i], at[j]
                if a < 0 or b < 0:
                    cost = self.hop(xy[i], xy[j])
                else:
                    (px, py), (qx, qy) = xy[i], xy[j]
                    cost = math.inf if _blocked(discs, px, py, qx, qy) else between(a, b)
                new = dist[i] + cost
                if new < dist[j] - 1e-12:
                    dist[j] = self.dist[j] = new
                    self._cut[j] = new - 1e-12
                    self.parent[j] = i
                    heapq.heappush(heap, (new, 0, j, -1))
                continue
            settled[j] = self.settled[j] = True
            self._cut[j] = -math.inf
            x, y = self._xy[j]
            bound = np.hypot(self._nx - x, self._ny - y)
            bound += key
            ks = (bound < self._cut).nonzero()[0]
            if len(ks):
                # The hops out of j wait in a row by bound; only the next one is in the heap (same order). Plain
                # arrays, not lists: copied at once, and nothing in them for the garbage collector to visit.
                bound = bound[ks]
                order = bound.argsort(kind="stable")
                ends = ks[order].astype(np.int64, copy=False)
                chain = self._hops[j] = [array("d", bound[order].tobytes()), array("q", ends.tobytes()), 1]
                heapq.heappush(heap, (chain[0][0], 1, chain[1][0], j))
            return j
        return None

    def _pop(self) -> tuple[float, int, int, int]:
        entry = heapq.heappop(self.heap)
        if entry[1]:        # a queued hop: the next one out of the same node takes its place
            chain = self._hops[entry[3]]
            bounds, ends, n = chain
            settled, dist = self._s, self._d
            while n < len(bounds):
                k, b = ends[n], bounds[n]
                n += 1
                if not settled[k] and b <= dist[k] - 1e-12:     # else it would be passed over when popped
                    heapq.heappush(self.heap, (b, 1, k, entry[3]))
                    break
            chain[2] = n
        return entry

    def reached(self, limit: float) -> np.ndarray:
        """Indices of the nodes reachable within ``limit`` (settling the search that far)."""
        while self._frontier() <= limit:
            if self._settle_next() is None:
                break
        return np.flatnonzero(self.settled & (self.dist <= limit))

    def _frontier(self) -> float:
        """A lower bound of every unsettled node's distance."""
        heap, dist, settled = self.heap, self._d, self._s
        while heap and (settled[heap[0][2]] or heap[0][0] > dist[heap[0][2]] - (1e-12 if heap[0][1] else 0.0)):
            self._pop()
        return heap[0][0] if heap else math.inf

    def path_to(self, v: int) -> tuple[Point, ...]:
        path = []
        while v != -1:
            path.append((float(self.nodes[v][0]), float(self.nodes[v][1])))
            v = self.parent[v]
        return tuple(reversed(path))

    def shortest(self, goals: Sequence[Point], limit: float = math.inf) -> tuple[float, tuple[Point, ...]] | None:
        """The cheapest path from the mover's centre to any of ``goals``, or None if none is reachable
        (within ``limit``, when given: the search then stops there). A path found is the cheapest whatever the
        limit, so the answer is kept per set of goals and a later call with any limit answers from it."""
        if not goals:
            return None
        gs = [(float(x), float(y)) for x, y in goals]
        key = tuple(gs)
        kept = self._answers.get(key)
        if kept is not None:
            searched, found = kept
            if found is not None:
                return found if found[0] <= limit else None
            if limit <= searched:
                return None
        found = self._shortest(gs, limit)
        self._answers[key] = (limit, found)
        return found

    def _shortest(self, gs: list[Point], limit: float) -> tuple[float, tuple[Point, ...]] | None:
        """The cheapest (node, goal) pair: the settled node's distance plus the hop to the goal (ties go to the
        first goal, then the first node).

        No hop costs less than its length, so each settled node's hops to the goals wait in a queue at that lower
        bound and are measured only once the search's frontier (or a cheaper pair) passes it: a goal the search
        never gets near, or one hidden behind the target, is never measured. Every pair whose bound is within the
        best total is measured in the end, so ties are settled as if every pair had been."""
        g = np.asarray(gs, dtype=float)
        best = [math.inf, -1, -1]      # total, goal, node
        queue: list[tuple[float, int, int, list[float], list[int], list[int]]] = []
        """Per batch of goal hops in order of bound, the next one not yet measured: (bound, tag, place, bounds, pairs,
        nodes), each pair ``goal * len(nodes) + column``. A batch holds the hops out of one node settled now (tagged
        with it), or (tag -1) those out of every node settled before."""

        def queue_hops(tag: int, bounds: np.ndarray, nodes: list[int]) -> None:
            order = bounds.argsort(kind="stable")
            heapq.heappush(queue, (float(bounds[order[0]]), tag, 0, bounds[order].tolist(), order.tolist(), nodes))

        def measure(upto: float) -> None:
            while queue and queue[0][0] <= upto and queue[0][0] <= best[0]:
                _, tag, k, bounds, pairs, nodes = heapq.heappop(queue)
                gi, column = divmod(pairs[k], len(nodes))
                v = nodes[column]
                total = self._d[v] + self.hop(self._xy[v], gs[gi])
                if total < best[0] or (total == best[0] and (gi, v) < (best[1], best[2])):
                    best[:] = [total, gi, v]
                if k + 1 < len(bounds):
                    heapq.heappush(queue, (bounds[k + 1], tag, k + 1, bounds, pairs, nodes))

        done = np.flatnonzero(self.settled)
        if len(done):
            delta = g[:, None, :] - self.nodes[done][None, :, :]
            queue_hops(-1, (self.dist[done][None, :] + np.hypot(delta[..., 0], delta[..., 1])).ravel(), done.tolist())
        while True:
            frontier = self._frontier()
            measure(min(frontier, limit))
            if frontier >= best[0] or frontier > limit:
                break
            i = self._settle_next()
            if i is None:
                break
            if len(gs) == 1:    # one goal (a move's check): one hop to queue, nothing to sort
                (gx, gy), (x, y) = gs[0], self._xy[i]
                bound = self._d[i] + float(np.hypot(gx - x, gy - y))
                heapq.heappush(queue, (bound, i, 0, [bound], [0], [i]))
                continue
            delta = g - self.nodes[i]
            queue_hops(i, self._d[i] + np.hypot(delta[:, 0], delta[:, 1]), [i])
        measure(limit)      # the ties, and pairs the last settled nodes offered
        total, gi, vi = best
        if gi < 0 or total > limit:
            return None
        return float(total), self.path_to(vi) + (gs[gi],)


def _rings(poly):
    for part in getattr(poly, "geoms", [poly]):
        yield part.exterior
        yield from part.interiors


def _outline(poly) -> list[Point]:
    out: list[Point] = []
    for part in getattr(poly, "geoms", [poly]):
        out += [tuple(c) for c in list(part.exterior.coords)[:-1]]
    return out


def _convex_parts(polys: Sequence[Polygon]) -> list[tuple[np.ndarray, np.ndarray, tuple[float, ...]]]:
    """Half-planes (outward normals, offsets) of convex pieces covering ``polys``: a non-convex piece is cut
    into triangles."""
    parts = []
    for poly in polys:
        pieces = [poly] if poly.convex_hull.area - poly.area < 1e-9 else [
            t for t in shapely.constrained_delaunay_triangles(poly).geoms]
        for piece in pieces:
            ring = orient(piece, 1.0).exterior
            c = np.asarray(ring.coords, dtype=float)
            a, b = c[:-1], c[1:]
            e = b - a
            normals = np.stack([e[:, 1], -e[:, 0]], axis=1)      # outward for a counter-clockwise ring
            offsets = (normals * a).sum(axis=1)
            parts.append((normals, offsets, piece.bounds))
    return parts


def _point_segment(c: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distance from points ``c`` to segments ``a-b`` (broadcast over leading axes)."""
    ax, ay = a[..., 0], a[..., 1]
    abx, aby = b[..., 0] - ax, b[..., 1] - ay
    acx, acy = c[..., 0] - ax, c[..., 1] - ay
    l2 = abx * abx + aby * aby
    with np.errstate(divide="ignore", invalid="ignore"):
        s = np.clip(np.where(l2 > 0, (acx * abx + acy * aby) / l2, 0.0), 0.0, 1.0)
    return np.hypot(acx - s * abx, acy - s * aby)


def _clipped_one(px: float, py: float, dx: float, dy: float, planes: list[tuple[float, float, float]]) -> float:
    """:func:`_clipped_length` of one segment."""
    enter, leave = -math.inf, math.inf
    for nx, ny, c in planes:
        num = c - (px * nx + py * ny)
        den = dx * nx + dy * ny
        if den < 0:
            enter = max(enter, num / den)
        elif den > 0:
            leave = min(leave, num / den)
        elif num < 0:
            return 0.0
    return max(min(leave, 1.0) - max(enter, 0.0), 0.0)


def _chord_one(px: float, py: float, dx: float, dy: float, cx: float, cy: float, rad: float) -> float:
    """:func:`_chord` of one segment."""
    fx, fy = px - cx, py - cy
    a = dx * dx + dy * dy
    b = 2 * (fx * dx + fy * dy)
    c = fx * fx + fy * fy - rad * rad
    disc = b * b - 4 * a * c
    if not (disc > 0 and a > 0):
        return 0.0
    root = math.sqrt(disc)
    t0, t1 = (-b - root) / (2 * a), (-b + root) / (2 * a)
    return max(min(t1, 1.0) - max(t0, 0.0), 0.0)


def _blocked(discs: Sequence[tuple[float, float, float]], px: float, py: float, qx: float, qy: float) -> bool:
    """Whether the hop ``p -> q`` passes within ``rr`` of a disc's centre (x, y, rr): an enemy base grown by the
    mover's radius."""
    lox, hix = (px, qx) if px < qx else (qx, px)
    loy, hiy = (py, qy) if py < qy else (qy, py)
    for x, y, rr in discs:
        # A base farther than its reach from the hop's box cannot block it.
        if x < lox - rr - 1e-9 or x > hix + rr + 1e-9 or y < loy - rr - 1e-9 or y > hiy + rr + 1e-9:
            continue
        if _point_segment_one(x, y, px, py, qx, qy) < rr:
            return True
    return False


def _point_segment_one(cx: float, cy: float, ax: float, ay: float, bx: float, by: float) -> float:
    """:func:`_point_segment` of one point and segment."""
    abx, aby = bx - ax, by - ay
    acx, acy = cx - ax, cy - ay
    l2 = abx * abx + aby * aby
    s = min(max((acx * abx + acy * aby) / l2, 0.0), 1.0) if l2 > 0 else 0.0
    return math.hypot(acx - s * abx, acy - s * aby)


def _segment_segment_one(px: float, py: float, qx: float, qy: float, ax: float, ay: float, bx: float, by: float
                         ) -> float:
    """:func:`_segment_segment` of one pair."""
    d1 = (qx - px) * (ay - py) - (qy - py) * (ax - px)
    d2 = (qx - px) * (by - py) - (qy - py) * (bx - px)
    d3 = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    d4 = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return 0.0
    return min(_point_segment_one(ax, ay, px, py, qx, qy), _point_segment_one(bx, by, px, py, qx, qy),
               _point_segment_one(px, py, ax, ay, bx, by), _point_segment_one(qx, qy, ax, ay, bx, by))


def _around(x: float, y: float, radius: float, n: int) -> list[Point]:
    """``n`` corners of a polygon circumscribing the circle, so its sides stay outside it."""
    out = radius / math.cos(math.pi / n)
    return [(x + out * math.cos(2 * math.pi * k / n), y + out * math.sin(2 * math.pi * k / n)) for k in range(n)]


def _border(poly: Polygon) -> list[Point]:
    """Points every ``SLOW_STEP`` inches along a piece's border, where a best path may bend."""
    pts: list[Point] = []
    for ring in _rings(poly):
        n = max(4, int(ring.length / SLOW_STEP))
        pts += [tuple(ring.interpolate(k / n, normalized=True).coords[0]) for k in range(n)]
    return pts
