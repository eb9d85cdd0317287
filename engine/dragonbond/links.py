"""Heroes joining units: command (§19.2), mounting and dismounting (§20.1-§20.2), the Rider/Mount double
activation (§20.5). Distances ("within 1"") are geometry's; placements are checked with ``check_move``.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import islice
from typing import Callable

from engine.core.errors import IllegalAction
from engine.dragonbond import board, geometry
from engine.dragonbond.combat import leave_command, place_in_contact
from engine.dragonbond.pack import COMMAND, MOUNT, keyword_argument, keyword_name
from engine.dragonbond.state import JSON, Ctx, engage, has, is_hero, is_rider, unit, units

NEAR = 1.0
"""'Within 1"' for taking command and mounting (§19.2, §20.1)."""


def commands(hero: JSON, target: JSON) -> bool:
    """The Hero's *Comandar (X)* names the unit (its name or one of its keywords)."""
    can = {keyword_argument(k) for k in hero["keywords"] if keyword_name(k) == COMMAND}
    return bool(can & ({target["name"]} | set(target["keywords"]) | {keyword_name(k) for k in target["keywords"]}))


def after_activation_options(st: JSON, uid: str) -> JSON:
    """What may follow this activation: take command, mount, activate the Rider's or Mount's partner."""
    u = unit(st, uid)
    out: JSON = {}
    if u["where"] == "battlefield" and is_hero(u):
        near = [v for v in units(st, u["side"]) if v["id"] != uid and board.distance(st, u, v) <= NEAR]
        cmd = [v["id"] for v in near if not v.get("hero") and not is_hero(v) and commands(u, v)]
        ride = [v["id"] for v in near if has(v, MOUNT) and not v.get("rider") and not v["engaged_with"]]
        if cmd:
            out["command"] = cmd
        if ride and is_rider(u) and not u["engaged_with"]:
            out["mount"] = ride
    act = st.get("activation") or {}
    partner = u.get("mounted_on") or u.get("rider")
    if partner and not act.get("partner_done") and not act.get("no_partner") and partner_can_act(st, partner):
        out["partner"] = [partner]
    return out


def partner_can_act(st: JSON, partner: str) -> bool:
    """The Rider's or Mount's partner may be activated (§20.5) when it could be activated now and has something
    to do then (a mounted Rider only attacks or uses a power, §20.3): otherwise the offer would be a dead end."""
    return PARTNER_HAS_ACTIONS(st, unit(st, partner))


def _unknown(st: JSON, u: JSON) -> bool:
    raise RuntimeError("engine.dragonbond.actions sets PARTNER_HAS_ACTIONS when it is imported")


PARTNER_HAS_ACTIONS: Callable[[JSON, JSON], bool] = _unknown
"""Whether a unit could be activated now and has something to do: known to ``actions`` (which sits above this
module and sets it on import), asked here, so the two modules do not import each other."""


def take_command(ctx: Ctx, hero_id: str, unit_id: str) -> None:
    """Hero and unit become one: the higher fatigue, Slowed and Immobilized; wounds and poison apart; "if either
    was engaged, move the merged unit's models so they are engaged" (§19.2): a unit not engaged is placed in base
    contact with the Hero's enemies (the spot nearest it) and engaged with those it touches; an engaged unit stays
    where it is, engaged with the Hero's enemies it touches (one disc cannot touch both groups, a ruling)."""
    st = ctx.state
    hero, u = unit(st, hero_id), unit(st, unit_id)
    for key in ("fatigue", "slowed", "immobilized"):
        u[key] = max(u[key], hero[key])
    enemies = [e for e in hero["engaged_with"] if e not in u["engaged_with"]]
    board_hero_off(ctx, hero)
    hero.update(where="commanding", commanding=unit_id)
    if enemies:
        if u["engaged_with"]:
            me = board.token(u)
            for e in enemies:
                if geometry.in_contact(me, board.token(unit(st, e))):
                    engage(ctx, unit_id, e)
        else:
            place_in_contact(ctx, u, enemies, leaving=None)
    u["hero"] = hero_id
    if hero["command_power"] and hero["command_power"] not in u["powers"]:
        u["powers"].append(hero["command_power"])
    ctx.emit("CommandTaken", hero=hero_id, unit=unit_id)


def board_hero_off(ctx: Ctx, hero: JSON) -> None:
    from engine.dragonbond.state import disengage_all
    disengage_all(ctx, hero["id"])
    hero.update(x=None, y=None)


def mount(ctx: Ctx, hero_id: str, mount_id: str) -> None:
    """The Rider climbs on: its token leaves the table; it rides on the Mount's base (§20.1)."""
    st = ctx.state
    hero = unit(st, hero_id)
    board_hero_off(ctx, hero)
    hero.update(where="mounted", mounted_on=mount_id)
    unit(st, mount_id)["rider"] = hero_id
    ctx.emit("Mounted", hero=hero_id, mount=mount_id)


def abandon(ctx: Ctx, unit_id: str, to: tuple[float, float]) -> str:
    """Before activating a non-engaged commanded unit, its Hero leaves, placed within 1" (§19.2, A23)."""
    st = ctx.state
    u = unit(st, unit_id)
    if not u.get("hero") or u["engaged_with"]:
        raise IllegalAction("db.command.cannot_abandon", unit=unit_id)
    hero = leave_command(ctx, u, collapsed=False)
    place_near(ctx, hero, u, to)
    if hero["command_power"] in u["powers"]:
        u["powers"].remove(hero["command_power"])
    return hero["id"]


def dismount(ctx: Ctx, hero_id: str, to: tuple[float, float]) -> None:
    """At the start of a mounted Hero's activation, if not engaged: placed within 1" of the Mount (§20.2)."""
    st = ctx.state
    hero = unit(st, hero_id)
    if not hero.get("mounted_on"):
        raise IllegalAction("db.mount.not_mounted", unit=hero_id)
    m = unit(st, hero["mounted_on"])
    if m["engaged_with"]:
        raise IllegalAction("db.mount.engaged", unit=hero_id)
    hero.update(where="battlefield", mounted_on=None, x=m["x"], y=m["y"])
    m["rider"] = None
    place_near(ctx, hero, m, to)
    ctx.emit("Dismounted", hero=hero_id, mount=m["id"], thrown=False)


def _place_check(st: JSON, hero: JSON, beside: JSON, to: tuple[float, float]) -> geometry.MoveCheck:
    """Whether the Hero may be placed at ``to``, within 1" of ``beside`` (§19.2, §20.2): the one check for the
    spots offered and the spot placed."""
    start = board.token(hero, at=(beside["x"], beside["y"]))
    allowance = beside["radius"] + hero["radius"] + NEAR
    return geometry.check_move(start, to, allowance, board.tokens(st, exclude=(hero["id"],)), board.field(st))


def place_near(ctx: Ctx, hero: JSON, beside: JSON, to: tuple[float, float]) -> None:
    st = ctx.state
    allowance = beside["radius"] + hero["radius"] + NEAR
    check = _place_check(st, hero, beside, to)
    if not check.ok:
        raise IllegalAction("db.place.refused", unit=hero["id"], reason=check.reason or "",
                            **{k: v for k, v in check.params.items() if k in ("distance", "allowance")})
    hero.update(where="battlefield", x=check.end[0], y=check.end[1])
    ctx.emit("Moved", unit=hero["id"], kind="place", to=list(check.end), path=[list(p) for p in check.path],
             cost=check.cost, allowance=allowance)


def spots_near(st: JSON, hero: JSON, beside: JSON) -> list[list[float]]:
    """Offered spots just beside a unit (eight around it) where geometry lets the Hero stand."""
    return list(_spots_near(st, hero, beside))


def first_spot_near(st: JSON, hero: JSON, beside: JSON) -> list[list[float]]:
    """The first of :func:`spots_near`, if any (an offer names one spot: the others are not checked)."""
    return list(islice(_spots_near(st, hero, beside), 1))


def _spots_near(st: JSON, hero: JSON, beside: JSON) -> Iterator[list[float]]:
    gap = beside["radius"] + hero["radius"] + 0.5
    for k in range(8):
        p = (round(beside["x"] + gap * math.cos(k * math.pi / 4), 1), round(beside["y"] + gap * math.sin(k * math.pi / 4), 1))
        if _place_check(st, hero, beside, p).ok:
            yield list(p)
