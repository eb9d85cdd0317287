"""The models of a unit (§2.3, §4): each model is a round base of the unit's ``base_mm`` at its own point.

A unit stands in a *formation*: offsets of its models from the unit's centre (``u["x"]``, ``u["y"]``), laid out
by :func:`layout` (``ranks``: ranks of about √n models, the default; ``line``: one rank), the front rank toward
the facing. Bases touch within a rank and between ranks, so the unit is in coherency (every model within 1" of
another, §4.2; seed 003 l.360) and keeps it when it moves: a move moves the centre and so the whole formation.
The unit's token (``radius``) is the disc that encloses its formation (§5.2): moves, paths and sight are
measured on it, whatever is measured model by model here is measured on the bases.

A charge brings the charging models into base contact with as many target models as possible (§7.5; seed 003
l.624-626): :func:`close_in` places them (``u["placed"]``, absolute points, kept while the unit stands where it
charged to, ``u["placed_at"]``). Models are engaged by base contact (§4.4); attack dice, the General's aura and
objectives count models (§10.2, §13, §26.1).

Removed models: every removal takes the last model of the list (the rear rank) at once; while the unit keeps
models, its owner then chooses which model fell (``casualty`` decision, seed 003 l.760: "El dueño de la unidad
elige cuál miniatura remover"): the formation keeps the fallen ones at its end until chosen.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Iterable, Sequence

from engine.dragonbond import geometry

JSON = dict[str, Any]
Point = tuple[float, float]

DEFAULT_BASE_MM = 25
"""Base of a unit whose data says ``unknown`` (the rulebook gives no base size, §28.2): a ruling."""
FORMATIONS = ("ranks", "line")
"""Formations a player may name when a unit is placed (deployment, reserves entering)."""
CONTACT = 0.05
"""Gap (inches) at which two bases are in contact: the geometry's rounding to 0.1" (§4.1)."""
COHERENCY = 1.0
"""Every model within 1" of another of its unit (§4.2)."""
OBJECTIVE_RANGE = 3.0
ANGLES = 24
"""Spots tried round a base when a model is placed in contact with it."""


def base_inches(u: JSON) -> float:
    return float(u.get("base_mm") or DEFAULT_BASE_MM) / geometry.MM_PER_INCH


@lru_cache(maxsize=1024)
def layout(kind: str, n: int, base_mm: float, facing: float) -> tuple[Point, ...]:
    """Offsets of ``n`` models (front rank first, middle of each rank first) of a ``kind`` formation facing
    ``facing`` degrees (0: +x, 90: +y), centred on (0, 0), bases touching."""
    if n <= 0:
        return ()
    d = base_mm / geometry.MM_PER_INCH
    width = n if kind == "line" else max(1, math.ceil(math.sqrt(n)))
    ranks = math.ceil(n / width)
    fx, fy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
    out = []
    for r in range(ranks):
        k = min(width, n - r * width)
        forward = ((ranks - 1) / 2 - r) * d
        # middle first, so the front models of a short rank stand in the middle
        for i in sorted(range(k), key=lambda i: (abs(i - (k - 1) / 2), i)):
            across = (i - (k - 1) / 2) * d
            # across runs to the right of the facing: (fy, -fx)
            out.append((round(across * fy + forward * fx, 3), round(-across * fx + forward * fy, 3)))
    return tuple(out)


def envelope(offsets: Iterable[Point], base: float) -> float:
    """The token's radius: the disc round the centre that holds every base."""
    far = max((math.hypot(x, y) for x, y in offsets), default=0.0)
    return math.ceil((far + base / 2) * 100 - 1e-6) / 100


def toward_enemy(st: JSON, seat: str) -> float:
    """Facing (degrees) of a unit placed by ``seat``: toward the far long edge."""
    edges = st.get("edges") or {}
    return 270.0 if edges.get(seat) == "north" else 90.0


def form(u: JSON, kind: str = "ranks", facing: float = 90.0) -> None:
    """Lay ``u`` out in a formation (its token's radius follows)."""
    if kind not in FORMATIONS:
        kind = "ranks"
    offsets = layout(kind, max(1, u["models"]), float(u.get("base_mm") or DEFAULT_BASE_MM), float(facing) % 360)
    u["formation"] = [list(p) for p in offsets]
    u["formation_kind"], u["facing"] = kind, float(facing) % 360
    u["radius"] = envelope(offsets, base_inches(u))
    u.pop("placed", None)
    u.pop("placed_at", None)


def radius_for(u: JSON, kind: str, facing: float) -> float:
    offsets = layout(kind, max(1, u["models"]), float(u.get("base_mm") or DEFAULT_BASE_MM), float(facing) % 360)
    return envelope(offsets, base_inches(u))


def points(u: JSON) -> list[Point]:
    """Where each standing model of ``u`` is (its token's centre if it has no formation)."""
    if u.get("x") is None:
        return []
    n = u["models"]
    placed = u.get("placed")
    if placed and u.get("placed_at") == [u["x"], u["y"]] and len(placed) >= n:
        return [(p[0], p[1]) for p in placed[:n]]
    offsets = u.get("formation") or layout("ranks", max(1, n), float(u.get("base_mm") or DEFAULT_BASE_MM), 90.0)
    x, y = u["x"], u["y"]
    return [(x + dx, y + dy) for dx, dy in offsets[:max(1, n)]]


def body_points(st: JSON, u: JSON) -> list[Point]:
    """A mounted Hero stands on its Mount's base (§20.3); a commanding Hero among its unit's models (§19.2)."""
    if u.get("mounted_on"):
        return points(st["units"][u["mounted_on"]])
    if u.get("where") == "commanding":
        return points(st["units"][u["commanding"]])
    return points(u)


def body_base(st: JSON, u: JSON) -> float:
    if u.get("mounted_on"):
        return base_inches(st["units"][u["mounted_on"]])
    if u.get("where") == "commanding":
        return base_inches(st["units"][u["commanding"]])
    return base_inches(u)


def _gap(p: Point, q: Point, rp: float, rq: float) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1]) - rp - rq


def gap(pa: Sequence[Point], ra: float, pb: Sequence[Point], rb: float) -> float:
    """Closest base edges of the closest models (§4.1), not rounded."""
    return min((_gap(p, q, ra, rb) for p in pa for q in pb), default=math.inf)


def distance(st: JSON, a: JSON, b: JSON) -> float:
    """Edge to edge between the closest models of two units, rounded as the geometry rounds (§4.1)."""
    g = gap(body_points(st, a), body_base(st, a) / 2, body_points(st, b), body_base(st, b) / 2)
    return geometry._round(max(0.0, g))


def within(st: JSON, u: JSON, other: JSON, reach: float) -> int:
    """How many models of ``u`` stand within ``reach`` of a model of ``other`` (edge to edge, §4.1)."""
    ra, rb = body_base(st, u) / 2, body_base(st, other) / 2
    theirs = body_points(st, other)
    return sum(1 for p in body_points(st, u)
               if any(geometry._round(max(0.0, _gap(p, q, ra, rb))) <= reach for q in theirs))


def shooters(st: JSON, u: JSON, target: JSON, reach: float, enough: int | None = None) -> int:
    """Models of ``u`` with a model of ``target`` within ``reach`` and in sight (§10.2 step 2; l.736): sight from
    the model's base to that model's base, blocked by other units' tokens and dark terrain as between units
    (§4.3); the shooter's and the target's own models do not block here (a ruling). ``enough``: stop counting
    there (is there one?)."""
    from engine.dragonbond import board
    me, them = board.body(st, u), board.body(st, target)
    ra, rb = base_inches(me) / 2, base_inches(them) / 2
    theirs = points(them)
    blockers = board.tokens(st, exclude=(me["id"], them["id"]))
    f = board.field(st)
    kw_me, kw_them = tuple(me["keywords"]), tuple(them["keywords"])
    n = 0
    for i, p in enumerate(points(me)):
        near = sorted((q for q in theirs if geometry._round(max(0.0, _gap(p, q, ra, rb))) <= reach),
                      key=lambda q: _gap(p, q, ra, rb))
        if not near:
            continue
        eye = board._token(f"{me['id']}#{i}", float(p[0]), float(p[1]), ra, me["side"], kw_me)
        if any(geometry.line_of_sight(eye, board._token(f"{them['id']}#{j}", float(q[0]), float(q[1]), rb,
                                                         them["side"], kw_them), blockers, f)
               for j, q in enumerate(near)):
            n += 1
            if n == enough:
                break
    return n


def near_point(u: JSON, point: Point, reach: float = OBJECTIVE_RANGE) -> int:
    """Models of ``u`` whose base edge is within ``reach`` of a point (an objective, §26.1)."""
    r = base_inches(u) / 2
    return sum(1 for p in points(u)
               if geometry._round(max(0.0, math.hypot(p[0] - point[0], p[1] - point[1]) - r)) <= reach)


def coherent(pts: Sequence[Point], base: float) -> bool:
    """Every model within 1" of another, in one unbroken group (§4.2; seed 003 l.360)."""
    if len(pts) <= 1:
        return True
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j, q in enumerate(pts):
            if j not in seen and _gap(pts[i], q, base / 2, base / 2) <= COHERENCY + 1e-9:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(pts)


# -- engagement (§4.4) -----------------------------------------------------------------------------------------------

def _touching(pa: Sequence[Point], ra: float, pb: Sequence[Point], rb: float) -> list[int]:
    return [i for i, p in enumerate(pa) if any(_gap(p, q, ra, rb) <= CONTACT for q in pb)]


def engaged_models(st: JSON, u: JSON, enemies: Iterable[str] | None = None) -> list[int]:
    """Indices of the models of ``u`` that are engaged (§4.4; seed 003 l.426, p. 9): in base contact with a model
    of an enemy unit it is engaged with (``enemies``: those only), or in base contact with a model of its own unit that
    is. Units engaged without any base touching (a position made by a token-level effect or typed by a referee)
    count every model, the token reading of §5.2."""
    from engine.dragonbond.board import body
    me = body(st, u)
    ids = list(me["engaged_with"]) if enemies is None else [e for e in enemies if e in me["engaged_with"]]
    if not ids:
        return []
    pts, r = points(me), base_inches(me) / 2
    direct: set[int] = set()
    for e in ids:
        v = body(st, st["units"][e])
        direct.update(_touching(pts, r, points(v), base_inches(v) / 2))
    if not direct:
        return list(range(len(pts)))
    linked = set(direct)
    for i in direct:
        linked.update(_touching(pts, r, [pts[i]], r))
    return sorted(linked)


# -- a charge's contact (§7.5) ---------------------------------------------------------------------------------------

def close_in(st: JSON, charger: JSON, target: JSON, *, keep: bool = False) -> int:
    """Place the charging models in base contact with as many target models as possible, one on each target
    model first, the rest on any target model, then beside charging models in contact; all in coherency (§7.5;
    seed 003 l.624-626). ``keep``: the models already touching the target stay (consolidation, §10.5, l.784:
    the others move to engage). Returns how many models touch the target; 0 changes nothing."""
    from engine.dragonbond import board
    tgt = board.body(st, target)
    n = charger["models"]
    theirs = points(tgt)
    if n <= 0 or not theirs or charger.get("x") is None:
        return 0
    rc, rt = base_inches(charger) / 2, base_inches(tgt) / 2
    width, height = st["field"]["width"], st["field"]["height"]
    # Bases that could be in the way: those near the target only (a charger never goes farther than 2 bases out).
    reach = tgt["radius"] + 6 * rc + 2.0
    # (x, y, how near a base may come): never on a base; 1" clear of enemies outside this combat (§7.5, §8)
    others: list[tuple[float, float, float]] = []
    fighting = {tgt["id"], *charger["engaged_with"]}
    for v in st["units"].values():
        if v["where"] == "battlefield" and v["id"] != charger["id"] and v.get("x") is not None and \
                math.hypot(v["x"] - tgt["x"], v["y"] - tgt["y"]) <= reach + v["radius"] + 4.0:
            apart = COHERENCY if v["side"] != charger["side"] and v["id"] not in fighting else 0.0
            rv = base_inches(v) / 2 + apart
            others += [(x, y, rv) for x, y in points(v)]
    # Impassable pieces near the fight: no base may stand on one (§7.5 "going around impassable terrain", §24).
    from shapely.geometry import Point as SPoint
    field = board.field(st)
    walls = [w for w in (geometry._polygon(t) for t in field.terrain if t.has(geometry.IMPASSABLE))
             if w.distance(SPoint(tgt["x"], tgt["y"])) <= reach]
    centre = (charger["x"], charger["y"])
    mine = points(charger)
    placed: list[Point] = [p for p in mine if any(_gap(p, q, rc, rt) <= CONTACT for q in theirs)] if keep else []
    if keep and len(placed) == n:
        return n
    touched = {j for j, q in enumerate(theirs) if any(_gap(p, q, rc, rt) <= CONTACT for p in placed)}

    def free(p: Point) -> bool:
        if not (rc - 1e-6 <= p[0] <= width - rc + 1e-6 and rc - 1e-6 <= p[1] <= height - rc + 1e-6):
            return False
        if any(math.hypot(p[0] - x, p[1] - y) < rc + r - 0.01 for x, y, r in others):
            return False
        if any(math.hypot(p[0] - q[0], p[1] - q[1]) < 2 * rc - 0.01 for q in placed):
            return False
        if not (not placed or any(_gap(p, q, rc, rc) <= COHERENCY for q in placed)):
            return False
        return not walls or all(w.distance(SPoint(p)) >= rc - 0.01 for w in walls)

    def best_round(c: Point, dist: float) -> Point | None:
        ring = [(round(c[0] + dist * math.cos(2 * math.pi * k / ANGLES), 3),
                 round(c[1] + dist * math.sin(2 * math.pi * k / ANGLES), 3)) for k in range(ANGLES)]
        ok = [p for p in ring if free(p)]
        return min(ok, key=lambda p: (math.hypot(p[0] - centre[0], p[1] - centre[1]), p)) if ok else None

    order = sorted(range(len(theirs)), key=lambda j: (math.hypot(theirs[j][0] - centre[0],
                                                                 theirs[j][1] - centre[1]), j))
    for j in order:            # one on each target model first
        if len(placed) == n:
            break
        if j not in touched:
            spot = best_round(theirs[j], rc + rt)
            if spot is not None:
                placed.append(spot)
                touched.add(j)
    while len(placed) < n:     # then anywhere on the target, then beside a charging model in contact
        spot = next((s for s in (best_round(theirs[j], rc + rt) for j in order) if s is not None), None)
        if spot is None:
            spot = next((s for s in (best_round(q, 2 * rc) for q in list(placed)) if s is not None), None)
        if spot is None:
            break
        placed.append(spot)
    touching = sum(1 for p in placed if any(_gap(p, q, rc, rt) <= CONTACT for q in theirs))
    if touching == 0:
        return 0
    rest = [p for p in mine if p not in placed][:n - len(placed)]
    fallen = standing_and_fallen(charger)[n:] if _placed_now(charger) else \
        [[x + charger["x"], y + charger["y"]] for x, y in (charger.get("formation") or [])[n:]]
    charger["placed"] = [list(p) for p in placed] + [list(p) for p in rest] + [list(p) for p in fallen]
    charger["placed_at"] = [charger["x"], charger["y"]]
    return touching


def strays(st: JSON, exclude: str) -> list[tuple[str, str, list[Point], float]]:
    """Bases standing outside their unit's token (placed by a charge or a consolidation): (unit, side, points,
    base radius) of every other unit that has some. The geometry measures tokens only, so moves check these."""
    out = []
    for v in st["units"].values():
        if not v.get("placed") or v["id"] == exclude or v["where"] != "battlefield" or not _placed_now(v):
            continue
        r = base_inches(v) / 2
        pts = points(v)
        if any(math.hypot(p[0] - v["x"], p[1] - v["y"]) + r > v["radius"] + 0.01 for p in pts):
            out.append((v["id"], v["side"], pts, r))
    return out


def stray_problem(st: JSON, u: JSON, at: Point, found: list | None = None) -> tuple[str, JSON] | None:
    """Why ``u`` may not end a move at ``at`` because of bases outside their tokens: on a base, or within 1" of
    an enemy's (§8; seed 003 l.649-650), as ``(refusal key, params)``; None when it may."""
    found = strays(st, u["id"]) if found is None else found
    if not found:
        return None
    r = base_inches(u) / 2
    offsets = (u.get("formation") or [(0.0, 0.0)])[:max(1, u["models"])]
    mine = [(at[0] + dx, at[1] + dy) for dx, dy in offsets]
    reach = max(math.hypot(dx, dy) for dx, dy in offsets) + r     # no base of mine reaches farther from ``at``
    for vid, side, pts, rv in found:
        if min(math.hypot(q[0] - at[0], q[1] - at[1]) for q in pts) - reach - rv > COHERENCY:
            continue    # every gap is wider than 1": no problem (the closest pair need not be measured)
        g = gap(mine, r, pts, rv)
        if g < -CONTACT:
            return "db.move.overlaps", {"unit": vid}
        if side != u["side"] and geometry._round(max(0.0, g)) < COHERENCY:
            return "db.move.too_close", {"unit": vid, "distance": geometry._round(max(0.0, g))}
    return None


def consolidate(st: JSON, attacker: JSON, target: JSON) -> None:
    """After a melee attack (§10.5; l.780-784): the attacker's models no longer engaged move to engage the target,
    then the target's; each keeps the models already in contact."""
    from engine.dragonbond.board import body
    a, t = body(st, attacker), body(st, target)
    for mover, foe in ((a, t), (t, a)):
        if mover["where"] == "battlefield" and foe["where"] == "battlefield" and foe["id"] in mover["engaged_with"] \
                and len(engaged_models(st, mover)) < mover["models"]:
            close_in(st, mover, foe, keep=True)


def _placed_now(u: JSON) -> bool:
    return bool(u.get("placed")) and u.get("placed_at") == [u.get("x"), u.get("y")]


def standing_and_fallen(u: JSON) -> list[list[float]]:
    """The model list: the standing models, then the fallen ones whose choice is still open."""
    return (u.get("placed") if _placed_now(u) else u.get("formation")) or []


def fallen_points(u: JSON) -> list[Point]:
    """Where the fallen models whose choice is open stood."""
    if u.get("x") is None:
        return []
    extra = standing_and_fallen(u)[max(u["models"], 0):]
    if _placed_now(u):
        return [(p[0], p[1]) for p in extra]
    return [(u["x"] + p[0], u["y"] + p[1]) for p in extra]


def unchosen(u: JSON) -> int:
    """Fallen models whose choice is still open."""
    return max(0, len(standing_and_fallen(u)) - max(u["models"], 0))


def ask_owners(st: JSON) -> None:
    """After an action: a unit that lost models (and keeps some) asks its owner which fell, first thing (seed 003
    l.760); a Monster's or a wiped-out unit's go from the end of the list."""
    st["pending_queue"][:] = [p for p in st["pending_queue"] if p["kind"] != "casualty"
                              or unchosen(st["units"][p["unit"]]) and st["units"][p["unit"]]["models"] > 0]
    for uid, u in sorted(st["units"].items()):
        if not unchosen(u):
            continue
        asked = any(p["kind"] == "casualty" and p["unit"] == uid for p in st["pending_queue"])
        if u["models"] <= 0 or u["side"] not in st["seats"] or st["phase"] != "battle" or \
                u["where"] not in ("battlefield", "reserve"):
            settle_fallen(u)
        elif not asked:
            st["pending_queue"].insert(0, {"seat": u["side"], "kind": "casualty", "unit": uid})


def choose_fallen(u: JSON, index: int) -> None:
    """The owner names model ``index`` (of the standing and the fallen) as the one that fell: it leaves the list,
    so the first fallen model stands again in its place."""
    if _placed_now(u):
        u["placed"].pop(index)
        if len(u.get("formation") or ()) > max(u["models"], 0):  # a unit without a formation is laid out anew
            u["formation"].pop()
    else:
        u["formation"].pop(index)
    _close_ranks(u)


def settle_fallen(u: JSON) -> None:
    """The fallen leave from the end of the list (nothing to choose: a Monster, a unit wiped out)."""
    n = max(u["models"], 0)
    for key in ("placed", "formation"):
        if u.get(key) is not None and len(u[key]) > n:
            del u[key][n:]
    _close_ranks(u)


def _close_ranks(u: JSON) -> None:
    """A formation left out of coherency by its losses is laid out again (same kind and facing, §4.2)."""
    n = u["models"]
    offsets = u.get("formation") or []
    if n > 1 and len(offsets) == n and not coherent([tuple(p) for p in offsets], base_inches(u)):
        radius = u["radius"]
        kept = u.get("placed"), u.get("placed_at")
        form(u, u.get("formation_kind", "ranks"), u.get("facing", 90.0))
        u["radius"] = max(radius, u["radius"])
        if kept[0]:
            u["placed"], u["placed_at"] = kept
