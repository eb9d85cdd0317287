"""The turn's actions (§7) and the decisions they open: March, Attack, Shoot, Charge, Activate Power, Pass,
reserves entering (§25.6), command and mounts (§19-§20), opportunity attacks (§11.1), dangerous terrain.

``legal(st, seat)`` lists what a seat may do now (finite: moves go to geometry's named destinations);
``act(ctx, seat, action)`` does one, raising ``IllegalAction`` on a refusal (the caller drops the copy).
A move to any other point is accepted when ``geometry.check_move`` allows it; a refused move says how far
the point is and the allowance ("11.4\\" away, Speed 8").
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction, InvalidInput
from engine.dragonbond import board, effects, geometry, links, models, quest, reactions
from engine.dragonbond.combat import (
    charge_bonus, engaged_ids, giant_blow, melee_targetable, resolve_attack, separate_flanker,
)
from engine.dragonbond.links import abandon, dismount, first_spot_near, mount, take_command
from engine.dragonbond.powers import aimed, targets as power_targets, usable, use
from engine.dragonbond.setup import own_edge_y
from engine.dragonbond.state import (
    SCOUT, JSON, Ctx, disengage_all, effective_speed, engage, exhausted, flanked, has, on_table, unit, units,
)
from engine.dragonbond.turns import activatable, activate, can_activate, danger_attack, end_activation, end_turn, opposed
from engine.dragonbond.turns import check_game_end

CHARGE_REACH = 6.0
"""A charge target must be reachable within Speed + 6" (§7.5: the most the 3 charge dice can add)."""
ENTRY_STEP = 6.0
"""Inches between offered reserve entry points along an edge (§25.6)."""


# -- helpers --------------------------------------------------------------------------------------------------------

def _own(st: JSON, seat: str, uid: Any) -> JSON:
    u = st["units"].get(uid) if isinstance(uid, str) else None
    if u is None or u["side"] != seat:
        raise IllegalAction("db.unit.not_yours", unit=str(uid))
    return u


def _enemy(st: JSON, seat: str, uid: Any) -> JSON:
    u = st["units"].get(uid) if isinstance(uid, str) else None
    if u is None or u["side"] == seat or not on_table(st, u):
        raise IllegalAction("db.unit.no_target", unit=str(uid))
    return u


def ranged_targets(st: JSON, u: JSON) -> list[str]:
    """Enemies with a model within range and sight of one of its models (§10.2 step 1); never from an engaged
    unit (§7.2, §10.1). A mounted Hero shoots from its Mount's base and may be shot if its Mount is seen (§20.3)."""
    if not _may_shoot(st, u):
        return []
    return [v["id"] for v in units(st, where=None) if _shot_reaches(st, u, v)]


def is_ranged_target(st: JSON, u: JSON, v: JSON) -> bool:
    """``v["id"] in ranged_targets(st, u)``, asking about ``v`` alone."""
    return _may_shoot(st, u) and _shot_reaches(st, u, v)


def _may_shoot(st: JSON, u: JSON) -> bool:
    body = board.body(st, u)
    return bool(u.get("ranged")) and not body["engaged_with"] and body["where"] == "battlefield"


def _shot_reaches(st: JSON, u: JSON, v: JSON) -> bool:
    if v["side"] == u["side"] or not on_table(st, v):
        return False
    # The token's edge is never farther than the nearest model's: it rules out the far ones quickly.
    return board.distance(st, u, v) <= u["ranged"]["range"] and \
        models.distance(st, u, v) <= u["ranged"]["range"] and board.can_see(st, u, v) and \
        bool(models.shooters(st, u, v, u["ranged"]["range"], enough=1))


def melee_targets(st: JSON, u: JSON) -> list[str]:
    return [e for e in engaged_ids(st, u) if melee_targetable(st, u, unit(st, e))]


def allowance(u: JSON, factor: float = 1.0) -> float:
    return effective_speed(u, factor)


def named_moves(st: JSON, u: JSON, kind: str, factor: float = 1.0) -> list[JSON]:
    speed = allowance(u, factor)
    if speed <= 0:
        return []
    dests = geometry.destinations(board.token(u), speed, board.tokens(st, exclude=(u["id"],)), board.field(st),
                                  ignore_slowing=has(u, SCOUT))
    # The point as geometry found and checked it: rounded, it could land past the allowance or on a unit. Two
    # destinations ending at the same point are one move (offered once, under the first name).
    out, seen = [], set()
    found = models.strays(st, u["id"])
    for d in dests:
        if found and models.stray_problem(st, u, d.point, found):
            continue      # a base a charge left outside its unit's token is there
        if d.point not in seen:
            seen.add(d.point)
            out.append({"type": kind, "unit": u["id"], "to": [d.point[0], d.point[1]], "dest": d.key,
                        "params": dict(d.params)})
    return out


FREE_POINT = frozenset(("type", "unit", "to", "formation"))
"""The shape of a move to a free point (the table's typed coordinates: ``/db march unit:A2 to:24.5,10``; a reserve
unit arriving may name its ``formation``), judged by geometry. Every move ``legal_actions`` offers carries more
(``dest`` and ``params``, or ``from``), and an action of that shape must be one offered, exactly."""


def free_point(action: JSON) -> bool:
    return set(action) <= FREE_POINT


def offered_moves(st: JSON, u: JSON, kind: str) -> list[JSON]:
    """The March or Shoot actions offered to ``u`` (on the battlefield, or a reserve unit's entries)."""
    if u["where"] == "reserve":
        return entry_moves(st, u) if kind == "March" else []
    if u["where"] != "battlefield":
        return []
    if kind == "March":
        home = quest.home_destination(st, u, allowance(u))
        found = named_moves(st, u, "March") + ([home] if home else [])
        # Nowhere named to go (no enemy on the table, no objective or dark piece in reach, or Immobilized): the
        # unit may still be activated and hold its ground, so it is never left with nothing to do (§6.3, §7.1).
        return found or [{"type": "March", "unit": u["id"], "to": [u["x"], u["y"]], "dest": STAY, "params": {}}]
    if not u.get("ranged"):
        return []
    return [{"type": "Shoot", "unit": u["id"], "to": [u["x"], u["y"]], "dest": STAY, "params": {}}] + \
        named_moves(st, u, "Shoot", 0.5)


STAY = "db.move.dest.stay"
"""The named destination of a shooting move that stays where it stands (§7.4)."""


def _named(st: JSON, u: JSON, action: JSON) -> None:
    """A move of the offered shape is one of those offered, exactly; a move to a free point is left to ``check``."""
    if free_point(action):
        return
    wanted = {k: v for k, v in action.items() if k != "_declared"}
    if wanted not in offered_moves(st, u, action["type"]):
        raise IllegalAction("db.move.not_offered", unit=u["id"], dest=str(action.get("dest")))


def _cost(st: JSON, u: JSON, path: tuple, result: geometry.MoveCheck) -> float:
    """The move's cost: the verdict's, or the walked part's when a treasure cut the path short."""
    if tuple(map(tuple, path)) == tuple(map(tuple, result.path)):
        return result.cost
    return round(geometry.path_cost(path, board.field(st), slowing=not has(u, SCOUT)), 2)


def check(st: JSON, u: JSON, to: tuple[float, float], speed: float, *, start: tuple[float, float] | None = None
          ) -> geometry.MoveCheck:
    mover = board.token(u, at=start)
    result = geometry.check_move(mover, to, speed, board.tokens(st, exclude=(u["id"],)), board.field(st),
                                 ignore_slowing=has(u, SCOUT))
    if not result.ok:
        params = {"unit": u["id"], "to": list(to), "allowance": speed, "distance": None, **result.params}
        raise IllegalAction(result.reason or "db.move.refused", **params)
    problem = models.stray_problem(st, u, to)
    if problem is not None:
        raise IllegalAction(problem[0], **{"to": list(to), "allowance": speed, "distance": None, **problem[1]})
    return result


EDGES = ("south", "north", "west", "east")
"""The table's edges: south is y = 0 (seat 1's by default), north y = height, west x = 0, east x = width."""


def edge_points(st: JSON, edge: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """(edge point, inward unit vector) every ``ENTRY_STEP`` inches along one edge."""
    w, h = st["field"]["width"], st["field"]["height"]
    if edge == "south":
        return [((x, 0.0), (0.0, 1.0)) for x in _steps(w)]
    if edge == "north":
        return [((x, float(h)), (0.0, -1.0)) for x in _steps(w)]
    if edge == "west":
        return [((0.0, y), (1.0, 0.0)) for y in _steps(h)]
    return [((float(w), y), (-1.0, 0.0)) for y in _steps(h)]


def entry_points(st: JSON, seat: str, edge: str | None = None
                 ) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Where a reserve unit may enter: the seat's own long edge and both short edges (§25.6), or the one edge the
    Quest's opposed roll chose for it (§26.2)."""
    if edge is not None:
        return edge_points(st, edge)
    own = "south" if own_edge_y(st, seat) == 0.0 else "north"
    return edge_points(st, own) + edge_points(st, "west") + edge_points(st, "east")


def _steps(length: float) -> list[float]:
    n = int(length // ENTRY_STEP)
    return [round(length * k / n, 1) for k in range(1, n)]


def entry_start(st: JSON, u: JSON, to: tuple[float, float], at: list[float] | None) -> tuple[float, float]:
    """Where an entering unit's token starts: just off the table, touching the chosen edge point."""
    points = entry_points(st, u["side"], u.get("entry_edge"))
    if at is None:
        at_pt, n = min(points, key=lambda pn: (pn[0][0] - to[0]) ** 2 + (pn[0][1] - to[1]) ** 2)
    else:
        at_pt = board.parse_point(at)
        n = next((n for p, n in points if p[1] == at_pt[1] and n[1] != 0 or
                  p[0] == at_pt[0] and n[0] != 0), None)
        own = own_edge_y(st, u["side"])
        if n is None and at_pt[1] == own and not u.get("entry_edge"):
            n = (0.0, 1.0 if own == 0.0 else -1.0)
        if n is None:
            raise IllegalAction("db.reserve.bad_edge", x=at_pt[0], y=at_pt[1])
    return at_pt[0] - n[0] * u["radius"], at_pt[1] - n[1] * u["radius"]


def entry_moves(st: JSON, u: JSON) -> list[JSON]:
    """Entries from the unit's edge, in ranks facing the enemy; a typed entry (``unit``, ``to``) may name a
    ``formation`` (a unit arriving is placed in a formation its player names, §25.6, §4.2)."""
    return _entry_moves(st, u)


def _entry_moves(st: JSON, u: JSON) -> list[JSON]:
    speed = allowance(u)
    out = []
    found = models.strays(st, u["id"])
    if found:   # the formation it enters in (ranks facing the enemy), for the bases a charge left about
        u = {**u, "formation": [list(p) for p in models.layout(
            "ranks", max(1, u["models"]), float(u.get("base_mm") or models.DEFAULT_BASE_MM),
            models.toward_enemy(st, u["side"]))]}
    for p, n in entry_points(st, u["side"], u.get("entry_edge")):
        # The token starts off the table touching the point, so its centre travels its radius more than the
        # depth it reaches inside (seed 003 l.1400); short of a full move, slowing terrain or a unit in the way.
        depth = speed - u["radius"] - 0.5
        if depth < u["radius"]:
            continue
        to = (round(p[0] + n[0] * depth, 1), round(p[1] + n[1] * depth, 1))
        start = (p[0] - n[0] * u["radius"], p[1] - n[1] * u["radius"])
        if found and models.stray_problem(st, u, to, found):
            continue
        if geometry.move_allowed(board.token(u, at=start), to, speed, board.tokens(st), board.field(st),
                                 ignore_slowing=has(u, SCOUT)):
            out.append({"type": "March", "unit": u["id"], "to": list(to), "from": list(p)})
    return out


# -- legal actions --------------------------------------------------------------------------------------------------

def legal_turn(st: JSON, seat: str) -> list[JSON]:
    """The active seat's turn: pass, or one action of an activatable unit (§6.3, §7)."""
    prelude = st.get("prelude")
    allowed = set(prelude["units"]) if prelude else None
    out: list[JSON] = [] if prelude else [{"type": "Pass"}]
    for u in activatable(st, seat):
        if allowed is not None and u["id"] not in allowed:
            continue
        out += unit_actions(st, u, with_prelude=prelude is None)
    return out


def unit_actions(st: JSON, u: JSON, *, with_prelude: bool = True) -> list[JSON]:
    uid = u["id"]
    if u["where"] == "reserve":
        if st["round"] == 1 and st["scenario"] != "quest":
            return [{"type": "Wait", "unit": uid}]
        if st["scenario"] == "quest" and not u.get("entry_edge"):
            return [{"type": "Enter", "unit": uid}]     # an opposed roll decides its edge first (§26.2)
        return entry_moves(st, u) or [{"type": "Wait", "unit": uid}]
    out: list[JSON] = []
    mounted = u["where"] == "mounted"
    # Asked first, offered after the moves: a charge reaches farthest, and the moves' path searches reuse its graph.
    charges = charge_targets(st, u) if not mounted and not u["engaged_with"] and u["immobilized"] == 0 else []
    if not mounted:
        out += offered_moves(st, u, "March")
    for t in melee_targets(st, u):
        out.append({"type": "Attack", "unit": uid, "target": t, "kind": "melee"})
    for t in ranged_targets(st, u):
        out.append({"type": "Attack", "unit": uid, "target": t, "kind": "ranged"})
    if not mounted:
        out += offered_moves(st, u, "Shoot")
    out += [{"type": "Charge", "unit": uid, "target": t} for t in charges]
    for pid in u["powers"]:
        p = st["cards"]["powers"].get(pid)
        if p and p["type"] == "active" and usable(st, u, pid):
            ts = power_targets(st, u, pid)
            if ts:
                out += [{"type": "ActivatePower", "unit": uid, "power": pid, "target": t} for t in ts]
            elif not aimed(p):     # a power aimed at a unit needs one (powers.use)
                out.append({"type": "ActivatePower", "unit": uid, "power": pid})
    if with_prelude and u.get("hero") and not u["engaged_with"]:
        hero = unit(st, u["hero"])
        out += [{"type": "AbandonCommand", "unit": uid, "to": p} for p in first_spot_near(st, hero, u)]
    if with_prelude and mounted and not unit(st, u["mounted_on"])["engaged_with"]:
        out += [{"type": "Dismount", "unit": uid, "to": p}
                for p in first_spot_near(st, u, unit(st, u["mounted_on"]))]
    return out


def charge_targets(st: JSON, u: JSON) -> list[str]:
    """Enemies in sight that a charge could reach within Speed + 6" (§7.5 step 1, A8)."""
    reach = _charge_reach(st, u)
    return [v["id"] for v in units(st) if _charge_reaches(st, u, v, reach)]


def is_charge_target(st: JSON, u: JSON, v: JSON) -> bool:
    """``v["id"] in charge_targets(st, u)``, asking about ``v`` alone."""
    return v["where"] == "battlefield" and _charge_reaches(st, u, v, _charge_reach(st, u))


def _charge_reach(st: JSON, u: JSON) -> tuple[float, geometry.Token, tuple[geometry.Token, ...]]:
    """The charge's allowance, the charger's token and the units a charge could meet."""
    speed = allowance(u) + CHARGE_REACH
    me = board.token(u)
    return speed, me, geometry.near(me, board.tokens(st, exclude=(u["id"],)), speed)


def _charge_reaches(st: JSON, u: JSON, v: JSON, reach: tuple[float, geometry.Token, tuple[geometry.Token, ...]]
                    ) -> bool:
    speed, me, others = reach
    if v["side"] == u["side"] or board.distance(st, u, v) > speed or not board.can_see(st, u, v):
        return False    # a path is never shorter than the straight line: no search needed beyond reach
    return geometry.charge_reachable(me, board.token(v), speed, others, board.field(st), ignore_slowing=has(u, SCOUT))


def legal_decision(st: JSON, seat: str) -> list[JSON]:
    p = st["pending_queue"][0]
    if p["seat"] != seat:
        return []
    kind = p["kind"]
    if kind == "opportunity":
        return [{"type": "OpportunityAttack", "unit": e} for e in p["eligible"]] + [{"type": "Decline"}]
    if kind == "shoot":
        return [{"type": "ShootTarget", "target": t} for t in p["targets"]] + [{"type": "Decline"}]
    if kind == "danger":
        return [{"type": "DangerTarget", "terrain": p["terrain"], "unit": t} for t in p["inside"] + p["near"]]
    if kind == "giant":
        return [{"type": "GiantTarget", "target": t} for t in p["targets"]]
    if kind == "entry_edge":
        return [{"type": "ChooseEntryEdge", "edge": e} for e in EDGES]
    if kind == "effect_move":
        return effects.move_offers(st, p)
    if kind == "casualty":
        return [{"type": "RemoveModel", "unit": p["unit"], "model": i}
                for i in range(len(models.standing_and_fallen(unit(st, p["unit"]))))]
    out = [{"type": "TakeCommand", "hero": p["unit"], "unit": t} for t in p.get("command", [])]
    out += [{"type": "Mount", "hero": p["unit"], "mount": t} for t in p.get("mount", [])]
    out += [{"type": "ActivatePartner", "unit": t} for t in p.get("partner", [])]
    return out + [{"type": "EndTurn"}]


# -- doing them -----------------------------------------------------------------------------------------------------

def act_turn(ctx: Ctx, seat: str, action: JSON) -> None:
    st = ctx.state
    kind = action["type"]
    if st["active"] != seat:
        raise IllegalAction("db.not_your_turn", name=st["active"], step="")
    if kind == "Pass":
        if st.get("prelude"):
            raise IllegalAction("db.turn.must_activate")
        st["passed"][seat] = True
        ctx.emit("Passed", seat=seat)
        end_turn(ctx)
        return
    u = _own(st, seat, action.get("unit"))
    prelude = st.get("prelude")
    if prelude and u["id"] not in prelude["units"]:
        raise IllegalAction("db.turn.must_activate_one", units=", ".join(prelude["units"]))
    if not any(v["id"] == u["id"] for v in activatable(st, seat)):
        raise IllegalAction("db.unit.cannot_activate", unit=u["id"], fatigue=u["fatigue"])
    if kind in ("AbandonCommand", "Dismount") and \
            {k: v for k, v in action.items() if k != "_declared"} not in unit_actions(st, u, with_prelude=not prelude):
        raise IllegalAction("db.place.not_offered", unit=u["id"], action=kind)
    if kind == "AbandonCommand":
        if prelude:
            raise IllegalAction("db.turn.already_chosen")
        hero = abandon(ctx, u["id"], board.parse_point(action.get("to")))
        st["prelude"] = {"units": [u["id"], hero], "no_partner": True}
        return
    if kind == "Dismount":
        if prelude or u["where"] != "mounted":
            raise IllegalAction("db.mount.not_mounted", unit=u["id"])
        dismount(ctx, u["id"], board.parse_point(action.get("to")))
        st["prelude"] = {"units": [u["id"]], "no_partner": True}
        return
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise InvalidInput("db.action.unknown", action=str(kind))
    handler(ctx, u, action)


def _start(ctx: Ctx, u: JSON) -> bool:
    """Activate (fatigue, poison) unless this is the partner activation already begun; False if it died."""
    st = ctx.state
    prelude = st.get("prelude") or {}
    alive = activate(ctx, u["id"], free=bool(prelude.get("free")))
    st["activation"]["no_partner"] = bool(prelude.get("no_partner"))
    st["activation"]["partner_done"] = bool(prelude.get("partner"))
    st["prelude"] = None
    if not alive:
        end_activation(ctx, u["id"])
    return alive


def _wait(ctx: Ctx, u: JSON, action: JSON) -> None:
    """Round 1: a reserve unit only takes fatigue (§25.6); later, or in the Quest once its edge is rolled, a unit
    that no entry is offered to waits the same way (a ruling; in the Quest it rolls again next time)."""
    st = ctx.state
    if u["where"] != "reserve" or {"type": "Wait", "unit": u["id"]} not in unit_actions(st, u):
        raise IllegalAction("db.reserve.not_now", unit=u["id"])
    u.pop("entry_edge", None)
    activate(ctx, u["id"])
    end_activation(ctx, u["id"])


def _enter(ctx: Ctx, u: JSON, action: JSON) -> None:
    """The Quest: before a reserve unit enters, the winner of an opposed roll chooses the edge it enters from
    (§26.2; seed 003 l.1444; A28: one roll per entering unit); then its owner marches in from that edge."""
    st = ctx.state
    if u["where"] != "reserve" or st["scenario"] != "quest" or u.get("entry_edge"):
        raise IllegalAction("db.reserve.not_now", unit=u["id"])
    winner = opposed(ctx, "entry_edge")
    st["prelude"] = {"units": [u["id"]], "no_partner": True}
    st["pending_queue"].insert(0, {"seat": winner, "kind": "entry_edge", "unit": u["id"]})
    ctx.emit("Decision", seat=winner, kind="entry_edge")


def _march(ctx: Ctx, u: JSON, action: JSON) -> None:
    st = ctx.state
    to = board.parse_point(action.get("to"))
    if u["where"] == "reserve":
        if st["round"] == 1 and st["scenario"] != "quest":
            raise IllegalAction("db.reserve.round_one", unit=u["id"])
        _named(st, u, action)
        if action.get("formation") not in (None, *models.FORMATIONS):
            raise IllegalAction("db.deploy.bad_formation", unit=u["id"], formation=str(action.get("formation")))
        models.form(u, action.get("formation") or "ranks", models.toward_enemy(st, u["side"]))
        start = entry_start(st, u, to, action.get("from"))
        result = check(st, u, to, allowance(u), start=start)
        if not _start(ctx, u):
            return
        path, found = quest.cut_at_treasure(st, u, result.path, allowance(u))
        u.update(where="battlefield", x=path[-1][0], y=path[-1][1])
        u.pop("entry_edge", None)
        ctx.emit("Moved", unit=u["id"], kind="enter", **{"from": list(start)}, to=list(path[-1]),
                 path=[list(p) for p in path], cost=_cost(st, u, path, result), allowance=allowance(u))
        if found is not None:
            quest.take(ctx, u, found)
        end_activation(ctx, u["id"])
        return
    if u["where"] != "battlefield" or action.get("formation") is not None:  # a formation is named on arrival
        raise IllegalAction("db.unit.cannot_march", unit=u["id"])
    _named(st, u, action)
    if to != (u["x"], u["y"]):
        check(st, u, to, allowance(u))
    if not _start(ctx, u):
        return
    if to == (u["x"], u["y"]):     # holding its ground: an engaged unit that does not move does not leave
        continue_move(ctx, u, {"move": "March", "to": list(to)})
    else:
        _leave_combat(ctx, u, {"move": "March", "to": list(to)})


def _leave_combat(ctx: Ctx, u: JSON, then: JSON) -> None:
    """An engaged unit moving away: every eligible enemy may first make an opportunity attack (§11.1, A7)."""
    st = ctx.state
    eligible = [e for e in u["engaged_with"] if can_opportunity(st, unit(st, e))]
    for e in [e for e in eligible if unit(st, e).get("monster")]:
        eligible.remove(e)      # a Monster always makes its opportunity attack (§27.2; seed 003 l.1512)
        if u["where"] == "battlefield":
            resolve_attack(ctx, e, u["id"], "melee", reason="opportunity")
    if eligible and u["where"] == "battlefield":
        st["pending_queue"].insert(0, {"seat": unit(st, eligible[0])["side"], "kind": "opportunity",
                                       "mover": u["id"], "eligible": eligible, "then": then})
        ctx.emit("Decision", seat=unit(st, eligible[0])["side"], kind="opportunity")
        return
    continue_move(ctx, u, then)


def can_opportunity(st: JSON, e: JSON) -> bool:
    """Not flanked, not exhausted, on the battlefield (§11.1, §12, §9)."""
    return e["where"] == "battlefield" and not exhausted(e) and not flanked(e)


def continue_move(ctx: Ctx, u: JSON, then: JSON) -> None:
    """The move itself, once opportunity attacks are done (the mover may have died, or must re-check)."""
    st = ctx.state
    if u["where"] != "battlefield":
        end_activation(ctx, u["id"])
        return
    factor = 0.5 if then["move"] == "Shoot" else 1.0
    to = tuple(then["to"])
    speed = allowance(u, factor)
    if to != (u["x"], u["y"]):
        result = geometry.check_move(board.token(u), to, speed, board.tokens(st, exclude=(u["id"],)),
                                     board.field(st), ignore_slowing=has(u, SCOUT))
        if result.ok:
            disengage_all(ctx, u["id"])
            start = [u["x"], u["y"]]
            path, found = quest.cut_at_treasure(st, u, result.path, speed)
            u.update(x=path[-1][0], y=path[-1][1])
            ctx.emit("Moved", unit=u["id"], kind=then["move"].lower(), **{"from": start}, to=list(path[-1]),
                     path=[list(p) for p in path], cost=_cost(st, u, path, result), allowance=speed)
            if found is not None:
                quest.take(ctx, u, found)
            elif then["move"] == "March" and quest.bring_home(ctx, u):
                end_activation(ctx, u["id"])
                return
        else:  # the field changed under the opportunity attacks (a unit died): the unit stays where it is
            ctx.emit("MoveRefused", unit=u["id"], to=list(to), reason=result.reason, allowance=speed,
                     distance=result.params.get("distance"))
    if then["move"] == "Shoot":
        targets = ranged_targets(st, u)
        if targets:
            st["pending_queue"].insert(0, {"seat": u["side"], "kind": "shoot", "unit": u["id"], "targets": targets})
            return
        ctx.emit("NoTarget", unit=u["id"])
    end_activation(ctx, u["id"])


def _shoot(ctx: Ctx, u: JSON, action: JSON) -> None:
    st = ctx.state
    if u["where"] != "battlefield" or not u.get("ranged") or action.get("formation") is not None:
        raise IllegalAction("db.unit.cannot_shoot", unit=u["id"])
    _named(st, u, action)
    to = board.parse_point(action.get("to") or [u["x"], u["y"]])
    if to != (u["x"], u["y"]):
        check(st, u, to, allowance(u, 0.5))
    if not _start(ctx, u):
        return
    if to == (u["x"], u["y"]):
        continue_move(ctx, u, {"move": "Shoot", "to": list(to)})
    else:
        _leave_combat(ctx, u, {"move": "Shoot", "to": list(to)})


def _attack(ctx: Ctx, u: JSON, action: JSON) -> None:
    st = ctx.state
    kind = action.get("kind", "melee")
    target = _enemy(st, u["side"], action.get("target"))
    split = action.get("split")
    if kind == "ranged":
        if not is_ranged_target(st, u, target):
            raise IllegalAction("db.attack.not_in_range", unit=u["id"], target=target["id"])
    elif kind == "melee":
        if target["id"] not in melee_targets(st, u):
            raise IllegalAction("db.attack.not_engaged", unit=u["id"], target=target["id"])
        if split is not None:
            _check_split(st, u, split)
    else:
        raise InvalidInput("db.attack.bad_kind", kind=str(kind))
    if not action.get("_declared") and reactions.declared(
            ctx, u, target, kind, False, {"seat": u["side"], "action": {**action, "_declared": True}}):
        return      # reactions to the declaration first (§11.2, §16)
    if not _start(ctx, u):
        return
    if kind == "melee" and split:
        for tid, n in sorted(split.items()):
            if int(n) > 0 and unit(st, tid)["where"] != "destroyed" and u["where"] != "destroyed":
                resolve_attack(ctx, u["id"], tid, "melee", models=int(n))
    else:
        resolve_attack(ctx, u["id"], target["id"], kind)
    end_activation(ctx, u["id"])


def _check_split(st: JSON, u: JSON, split: Any) -> None:
    """A flanked unit's models each pick an engaged enemy (§9)."""
    from engine.dragonbond.state import model_count
    if not isinstance(split, dict) or not flanked(u) or not split or \
            any(type(n) is not int for n in split.values()):
        raise IllegalAction("db.attack.bad_split", unit=u["id"])
    targets = set(melee_targets(st, u))
    if not set(split) <= targets or sum(int(n) for n in split.values()) > model_count(st, u) or \
            any(int(n) < 0 for n in split.values()):
        raise IllegalAction("db.attack.bad_split", unit=u["id"])
    hero = 1 if u.get("hero") else 0
    for tid, n in split.items():    # a model attacks an enemy it is engaged with (§9, §10.2; l.736)
        if n > len(models.engaged_models(st, u, [board.body(st, unit(st, tid))["id"]])) + hero:
            raise IllegalAction("db.attack.bad_split", unit=u["id"])


def _charge(ctx: Ctx, u: JSON, action: JSON) -> None:
    """Roll 3 black dice (+1" per hit), move by the most direct route; contact: an upgraded melee attack;
    short: as close as it gets (§7.5, A8, A32)."""
    st = ctx.state
    target = _enemy(st, u["side"], action.get("target"))
    if u["where"] != "battlefield" or u["engaged_with"] or u["immobilized"]:
        raise IllegalAction("db.charge.engaged", unit=u["id"])
    if not is_charge_target(st, u, target):
        raise IllegalAction("db.charge.out_of_reach", unit=u["id"], target=target["id"],
                            allowance=allowance(u) + CHARGE_REACH)
    if not action.get("_declared") and reactions.declared(
            ctx, u, target, "melee", True, {"seat": u["side"], "action": {**action, "_declared": True}}):
        return
    if not _start(ctx, u):
        return
    charge_move(ctx, u, target)
    end_activation(ctx, u["id"])


def charge_move(ctx: Ctx, u: JSON, target: JSON) -> None:
    """The charge itself, once the unit is activated: the dice, the move, and the attack if in contact."""
    st = ctx.state
    bonus = charge_bonus(ctx)
    reach = allowance(u) + bonus
    ctx.emit("ChargeRoll", unit=u["id"], target=target["id"], hits=bonus, bonus=bonus, allowance=reach)
    # A charge target is reached within Speed + 6" (is_charge_target): the search asks what that check asked.
    c = geometry.contact_point(board.token(u), board.token(target), reach, board.tokens(st, exclude=(u["id"],)),
                               board.field(st), ignore_slowing=has(u, SCOUT), within=allowance(u) + CHARGE_REACH)
    start = [u["x"], u["y"]]
    path, found = quest.cut_at_treasure(st, u, c.path, reach) if c.path else (((u["x"], u["y"]),), None)
    end = path[-1]
    u.update(x=end[0], y=end[1])
    ctx.emit("Moved", unit=u["id"], kind="charge", **{"from": start}, to=list(end),
             path=[list(p) for p in path], cost=_cost(st, u, path, c), allowance=reach)
    if found is not None:      # touching a treasure ends the move (§26.2): no contact, no attack
        quest.take(ctx, u, found)
        ctx.emit("ChargeFailed", unit=u["id"], target=target["id"], distance=None, treasure=found["n"])
        return
    if not c.ok:
        ctx.emit("ChargeFailed", unit=u["id"], target=target["id"], distance=c.params.get("distance"))
        return
    separate_flanker(ctx, target)
    engage(ctx, u["id"], target["id"])
    models.close_in(st, u, target)
    resolve_attack(ctx, u["id"], target["id"], "melee", charge=True, reason="charge")


def _power(ctx: Ctx, u: JSON, action: JSON) -> None:
    pid = action.get("power")
    p = ctx.state["cards"]["powers"].get(pid)
    if pid not in u["powers"] or p is None or p["type"] != "active":
        raise IllegalAction("db.power.unknown", unit=u["id"], power=str(pid))
    if not usable(ctx.state, u, pid):
        raise IllegalAction("db.power.used", unit=u["id"], power=pid)
    if power_targets(ctx.state, u, pid) and action.get("target") not in power_targets(ctx.state, u, pid):
        raise IllegalAction("db.power.bad_target", power=pid, target=str(action.get("target")))
    if not _start(ctx, u):
        return
    use(ctx, u["id"], pid, action.get("target"), action.get("note"))
    end_activation(ctx, u["id"])


_HANDLERS = {"March": _march, "Wait": _wait, "Shoot": _shoot, "Attack": _attack, "Charge": _charge,
             "ActivatePower": _power, "Enter": _enter}


def act_decision(ctx: Ctx, seat: str, action: JSON) -> None:
    """Answer the open decision; an answer not among ``legal_decision`` is refused."""
    st = ctx.state
    p = st["pending_queue"][0]
    if p["seat"] != seat:
        raise IllegalAction("db.not_your_decision", name=p["seat"], step=p["kind"])
    if p["kind"] == "effect_move":
        effects.move(ctx, seat, action)
        check_game_end(ctx)
        return
    answer = {k: v for k, v in action.items() if k != "_declared"}
    if answer not in legal_decision(st, seat):
        raise IllegalAction("db.decision.illegal", kind=p["kind"], action=str(action.get("type")))
    kind = action["type"]
    if p["kind"] == "opportunity":
        mover = unit(st, p["mover"])
        if kind == "OpportunityAttack":
            p["eligible"].remove(action["unit"])
            resolve_attack(ctx, action["unit"], mover["id"], "melee", reason="opportunity")
            if p["eligible"] and mover["where"] != "destroyed":
                return
        st["pending_queue"].pop(0)
        if not check_game_end(ctx):
            continue_move(ctx, mover, p["then"])
    elif p["kind"] == "shoot":
        if kind == "ShootTarget" and not action.get("_declared") and reactions.declared(
                ctx, unit(st, p["unit"]), unit(st, action["target"]), "ranged", False,
                {"seat": seat, "action": {**action, "_declared": True}, "decision": True}):
            return
        st["pending_queue"].pop(0)
        if kind == "ShootTarget":
            resolve_attack(ctx, p["unit"], action["target"], "ranged", shoot=True, reason="shoot")
        end_activation(ctx, p["unit"])
    elif p["kind"] == "danger":
        st["pending_queue"].pop(0)
        danger_attack_after(ctx, p, action["unit"])
    elif p["kind"] == "giant":
        st["pending_queue"].pop(0)
        giant_blow(ctx, p["unit"], action["target"])
        check_game_end(ctx)
    elif p["kind"] == "casualty":
        u = unit(st, p["unit"])
        models.choose_fallen(u, action["model"])
        ctx.emit("ModelChosen", seat=seat, unit=u["id"], model=action["model"])
        if not models.unchosen(u):
            st["pending_queue"].pop(0)
    elif p["kind"] == "entry_edge":
        st["pending_queue"].pop(0)
        unit(st, p["unit"])["entry_edge"] = action["edge"]
        ctx.emit("EntryEdgeChosen", seat=seat, unit=p["unit"], edge=action["edge"])
    else:
        st["pending_queue"].pop(0)
        if kind == "TakeCommand":
            take_command(ctx, action["hero"], action["unit"])
        elif kind == "Mount":
            mount(ctx, action["hero"], action["mount"])
        elif kind == "ActivatePartner":
            st["prelude"] = {"units": [action["unit"]], "partner": True}
            return
        end_turn(ctx)


def danger_attack_after(ctx: Ctx, pending: JSON, uid: str) -> None:
    danger_attack(ctx, pending["terrain"], uid, uid in pending["inside"])
    check_game_end(ctx)


def _partner_has_actions(st: JSON, partner: JSON) -> bool:
    """A partner may be activated now (§20.5) and has an action then (a mounted Rider attacks or uses a power)."""
    return can_activate(st, partner) and bool(unit_actions(st, partner, with_prelude=False))


links.PARTNER_HAS_ACTIONS = _partner_has_actions
