"""Deployment (§25.5, §25.6): players place one unit at a time wholly inside their zone, starting with the
winner of the deployment roll; after half their units are down they may put the rest in reserve.

A Hero commanding a unit deploys with it and a mounted Rider with its Mount (one token each). Offered spots
are a row of points along the middle of the zone that a token of the unit fits on; any other point is
accepted if the token is wholly inside the zone and overlaps no unit (geometry decides both). The unit stands
in a formation its player names (``models.FORMATIONS``: ``ranks``, the default, or ``line``), centred on the
point and facing ``facing`` degrees (default: toward the enemy's edge), in coherency (§4.2, §25.6; seed 003
l.1395: "Cada unidad debe desplegarse en coherencia").
"""
from __future__ import annotations

from functools import lru_cache

from engine.core.errors import IllegalAction
from engine.dragonbond import board, geometry
from engine.dragonbond.models import FORMATIONS, form, radius_for, toward_enemy
from engine.dragonbond.state import JSON, Ctx, other, unit, units

SLOT = "db.deploy.slot"
"""Marks an offered spot: a Deploy of that shape must be one offered; one with only ``unit`` and ``to`` (typed
coordinates) is any point that fits."""
SLOT_STEP = 3.0
"""Inches between offered deployment spots along the zone."""


def fits(st: JSON, u: JSON, at: tuple[float, float]) -> bool:
    """Wholly inside its zone, overlapping no unit (§25.6)."""
    t = board.token(u, at=at)
    f = board.field(st)
    if not _in_zone(f.width, f.height, tuple(tuple(p) for p in st["field"]["zones"][u["side"]]), t.x, t.y, t.radius):
        return False
    return not any(geometry.overlaps(t, o) for o in board.tokens(st))


@lru_cache(maxsize=4096)
def _in_zone(width: float, height: float, zone: tuple, x: float, y: float, radius: float) -> bool:
    """The same spots are asked at every deployment step (the offered row, in both formations): asked once."""
    piece = geometry.Terrain("zone", (), "zone", "polygon", zone)
    probe = geometry.Token("probe", x, y, radius, "")
    return bool(geometry.in_terrain(probe, geometry.Field(width, height, (piece,), ())))


def to_deploy(st: JSON, seat: str) -> list[JSON]:
    return units(st, seat, where="undeployed")


def slots(st: JSON, u: JSON, formation: str = "ranks") -> list[tuple[float, float]]:
    if formation != u.get("formation_kind", "ranks"):
        u = {**u, "radius": radius_for(u, formation, toward_enemy(st, u["side"]))}
    pts = st["field"]["zones"][u["side"]]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    y = round((min(ys) + max(ys)) / 2, 1)
    out, x = [], min(xs) + SLOT_STEP
    while x < max(xs):
        if fits(st, u, (x, y)):
            out.append((round(x, 1), y))
        x += SLOT_STEP
    return out


def may_reserve(st: JSON, seat: str) -> bool:
    """At least half of one's units deployed, the General not among those left (§25.6, §22)."""
    mine = [u for u in units(st, seat, where=None) if u["where"] not in ("commanding", "mounted")]
    left = [u for u in mine if u["where"] == "undeployed"]
    placed = [u for u in mine if u["where"] == "battlefield"]
    generals = [u for u in left if u["general"] or (u.get("hero") and unit(st, u["hero"])["general"])
                or (u.get("rider") and unit(st, u["rider"])["general"])]
    return bool(left) and 2 * len(placed) >= len(mine) and not generals


def legal(st: JSON, seat: str) -> list[JSON]:
    if st["deploy"]["turn"] != seat:
        return []
    out: list[JSON] = []
    for u in to_deploy(st, seat):
        out += [{"type": "Deploy", "unit": u["id"], "to": [x, y], "dest": SLOT, "formation": "ranks"}
                for x, y in slots(st, u)]
        if u["models"] > 1:
            out += [{"type": "Deploy", "unit": u["id"], "to": [x, y], "dest": SLOT, "formation": "line"}
                    for x, y in slots(st, u, "line")]
    if may_reserve(st, seat):
        out.append({"type": "Reserve"})
    return out


def deploy(ctx: Ctx, seat: str, uid: str, at: tuple[float, float], formation: str | None = None,
           facing: float | None = None) -> None:
    st = ctx.state
    u = st["units"].get(uid)
    if u is None or u["side"] != seat or u["where"] != "undeployed":
        raise IllegalAction("db.deploy.not_yours", unit=uid)
    if formation is not None and formation not in FORMATIONS:
        raise IllegalAction("db.deploy.bad_formation", unit=uid, formation=str(formation))
    form(u, formation or "ranks", toward_enemy(st, seat) if facing is None else facing)
    if not fits(st, u, at):
        raise IllegalAction("db.deploy.outside_zone", unit=uid, x=at[0], y=at[1])
    u.update(where="battlefield", x=at[0], y=at[1])
    ctx.emit("Deployed", unit=uid, x=at[0], y=at[1])
    next_deployer(ctx, other(st, seat))


def reserve(ctx: Ctx, seat: str) -> None:
    st = ctx.state
    if not may_reserve(st, seat):
        raise IllegalAction("db.deploy.no_reserve")
    left = to_deploy(st, seat)
    for u in left:
        u["where"] = "reserve"
    ctx.emit("Reserved", seat=seat, units=[u["id"] for u in left])
    next_deployer(ctx, other(st, seat))


def next_deployer(ctx: Ctx, seat: str) -> None:
    """The other player deploys next if it has units left; when nobody has, the battle begins (§25.3)."""
    from engine.dragonbond.turns import start_battle
    st = ctx.state
    for s in (seat, other(st, seat)):
        if to_deploy(st, s):
            st["deploy"]["turn"] = s
            return
    st["deploy"]["turn"] = None
    start_battle(ctx)


def auto_deploy(ctx: Ctx) -> None:
    """Every unit on the first free offered spot, alternating from the roll's winner (option ``auto``)."""
    st = ctx.state
    seat = st["deploy"]["first"]
    while to_deploy(st, seat) or to_deploy(st, other(st, seat)):
        for u in to_deploy(st, seat)[:1]:
            spots = slots(st, u)
            spread = spots[(len(spots) // 2 + 3 * int(u["id"][1:])) % len(spots)] if spots else None
            if spread is None:
                u["where"] = "reserve"
                ctx.emit("Reserved", seat=seat, units=[u["id"]])
            else:
                form(u, "ranks", toward_enemy(st, seat))
                u.update(where="battlefield", x=spread[0], y=spread[1])
                ctx.emit("Deployed", unit=u["id"], x=spread[0], y=spread[1])
        seat = other(st, seat)
    st["deploy"]["turn"] = None
