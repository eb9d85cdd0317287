"""The match state seen through :mod:`engine.dragonbond.geometry`: tokens, the field, distances, sight, moves.

The engine never measures by itself: every distance, sight line and move check here is a geometry call on
the tokens of the units on the battlefield (one disc per unit, §5.2). A mounted Hero has no token: it is
measured from its Mount's base (§20.3). :func:`measure` answers ``/db measure``.
"""
from __future__ import annotations

import math
from dataclasses import asdict
from functools import lru_cache
from typing import Any, Sequence

from engine.core.errors import InvalidInput
from engine.dragonbond import geometry
from engine.dragonbond.state import FLYING, HUGE, JSON, SCOUT, TINY, keyword_names, on_table, read_once, unit

Point = tuple[float, float]


def body(state: JSON, u: JSON) -> JSON:
    """The unit whose token stands for ``u``: itself, or its Mount when it rides one (§20.3)."""
    return unit(state, u["mounted_on"]) if u.get("mounted_on") else u


def token(u: JSON, *, at: Point | None = None) -> geometry.Token:
    x, y = at if at is not None else (u["x"], u["y"])
    return _token(u["id"], float(x), float(y), float(u["radius"]), u["side"], tuple(u["keywords"]))


@lru_cache(maxsize=4096)
def _token(uid: str, x: float, y: float, radius: float, side: str, keywords: tuple[str, ...]) -> geometry.Token:
    """One Token object per unit and place: built once, and the caches keyed by tokens hash the same object."""
    names = keyword_names(keywords)
    return geometry.Token(uid, x, y, radius, side, flying=FLYING in names, huge=HUGE in names, tiny=TINY in names,
                          scout=SCOUT in names)


def tokens(state: JSON, *, exclude: Sequence[str] = ()) -> list[geometry.Token]:
    """Tokens of every unit on the battlefield (mounted riders have none), in id order."""
    return [token(u) for _, u in sorted(state["units"].items())
            if u["where"] == "battlefield" and u["id"] not in exclude]


def contact_spot(state: JSON, mover: JSON, target: JSON, near: Point, *, exclude: Sequence[str] = ()
                 ) -> Point | None:
    """Where ``mover`` is placed in base contact with ``target``, the spot closest to ``near`` (a thrown Rider, a
    Hero whose unit is gone, a unit taking its Hero's enemies, §19.2, §20.3), or None when no spot is free.
    ``exclude``: units leaving the table at that moment (the defeated Mount or unit)."""
    body_ = body(state, target)
    ring = geometry.contact_spots(token(mover, at=near), token(body_),
                                  tokens(state, exclude=(mover["id"], *exclude)), field(state))
    if not ring:
        return None
    x, y = min(ring, key=lambda p: ((p[0] - near[0]) ** 2 + (p[1] - near[1]) ** 2, p))
    spot = (round(x, 2), round(y, 2))
    return spot if geometry.in_contact(token(mover, at=spot), token(body_)) else (x, y)


def field_to_json(f: geometry.Field) -> JSON:
    data = asdict(f)
    data["zones"] = {k: [list(p) for p in v] for k, v in f.zones.items()}
    return _lists(data)


def _lists(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_lists(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


_FIELDS: dict[int, tuple[JSON, geometry.Field]] = {}


def field(state: JSON) -> geometry.Field:
    """The battlefield of the state as a ``geometry.Field``, asked many times per position: the same object for
    the same table (``state.read_once``), as the geometry caches key on it (a new equal one would be hashed and
    compared in full at every lookup)."""
    return read_once(_FIELDS, state["field"], _field)


_TABLES: dict[geometry.Field, geometry.Field] = {}
"""Every table read, by value: a table read again (another match on it, or one no longer in ``_FIELDS``) is the
same object, so the geometry caches that still hold the first find it by identity instead of comparing it in full."""


def _field(raw: JSON) -> geometry.Field:
    terrain = tuple(geometry.Terrain(**{k: _tuples(v) for k, v in t.items()}) for t in raw["terrain"])
    zones = {k: _tuples(v) for k, v in raw["zones"].items()}
    rest = {k: v for k, v in raw.items() if k not in ("terrain", "zones", "objectives")}
    table = geometry.Field(**{**rest, "terrain": terrain, "objectives": _tuples(raw["objectives"]), "zones": zones})
    if len(_TABLES) >= 256:
        _TABLES.clear()
    return _TABLES.setdefault(table, table)


def distance(state: JSON, a: JSON, b: JSON) -> float:
    """Edge to edge, inches (§4.1)."""
    return geometry.edge_distance(token(body(state, a)), token(body(state, b)))


def can_see(state: JSON, viewer: JSON, target: JSON) -> bool:
    """Line of sight from ``viewer`` to ``target`` (§4.3, §24.2)."""
    v, t = body(state, viewer), body(state, target)
    if v["id"] == t["id"]:
        return True
    others = tokens(state, exclude=(v["id"], t["id"]))
    return geometry.line_of_sight(token(v), token(t), others, field(state))


def behind_dark(state: JSON, u: JSON, attacker: JSON) -> bool:
    """Mostly inside or behind dark terrain as seen from ``attacker``: defence upgraded vs ranged (§24.2, A16)."""
    a, t = body(state, attacker), body(state, u)
    return geometry.dark_cover(token(a), token(t), tokens(state, exclude=(a["id"], t["id"])), field(state))


def parse_point(value: Any) -> Point:
    try:
        x, y = value
        point = float(x), float(y)
    except (TypeError, ValueError):
        raise InvalidInput("db.bad_point", value=str(value)) from None
    if not all(math.isfinite(c) and abs(c) < 1e6 for c in point):
        raise InvalidInput("db.bad_point", value=str(value))
    return point


def measure(state: JSON, a: str | Sequence[float], b: str | Sequence[float]) -> JSON:
    """``/db measure``: the edge distance (inches) between two units or points, and whether ``a`` sees ``b``.

    A point is ``[x, y]``; a unit is its id. Sight is only given between two units.

    :raises InvalidInput: db.bad_point, db.unknown_unit
    """
    def resolve(x: Any) -> JSON | Point:
        if isinstance(x, str):
            if x not in state["units"] or not on_table(state, state["units"][x]):
                raise InvalidInput("db.unknown_unit", unit=x)
            return state["units"][x]
        return parse_point(x)

    ra, rb = resolve(a), resolve(b)
    if isinstance(ra, dict) and isinstance(rb, dict):
        return {"distance": distance(state, ra, rb), "line_of_sight": can_see(state, ra, rb)}
    if isinstance(ra, dict) or isinstance(rb, dict):
        u, p = (ra, rb) if isinstance(ra, dict) else (rb, ra)
        return {"distance": geometry.distance_to_point(token(body(state, u)), p), "line_of_sight": None}
    point = geometry.Token("point", ra[0], ra[1], 0.0, "")
    return {"distance": geometry.distance_to_point(point, rb), "line_of_sight": None}
