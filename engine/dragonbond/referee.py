"""Referee actions: how players settle power and card text the engine does not automate (§15-§17).

Either seated player may log one at any time of the battle; each is an event naming who did it and why, so
the table shows it and the opponent can dispute it. They change the position directly (wounds, fatigue,
status markers, healing, victory points, a unit's place) and never pass the turn. Wounds go through the
normal wound rules (models removed, Epic Creatures flipped, morale); healing never brings back models nor
flips an Epic Creature back (§17).
"""
from __future__ import annotations

from engine.core.bounds import MAX_COUNT, change, within
from engine.core.errors import IllegalAction, InvalidInput
from engine.dragonbond import board, geometry
from engine.dragonbond.combat import take_wounds
from engine.dragonbond.state import STATES, JSON, Ctx
from engine.dragonbond.turns import check_game_end

TYPES = ("AdjustWounds", "AdjustFatigue", "AdjustState", "Heal", "AdjustVP", "SetPosition", "RefereeNote")


def _unit(st: JSON, uid: object) -> JSON:
    u = st["units"].get(uid) if isinstance(uid, str) else None
    if u is None or u["where"] in ("destroyed", "undeployed"):
        raise IllegalAction("db.referee.unknown_unit", unit=str(uid))
    return u


def _int(action: JSON, key: str) -> int:
    """A referee's number, bounded (no count of the game moves by more than MAX_COUNT at once).

    :raises InvalidInput: db.referee.bad_number, core.ref.out_of_range
    """
    return within(_number(action.get(key, 0), key), -MAX_COUNT, MAX_COUNT, key)


def _number(value: object, key: str) -> int:
    """A whole number typed or sent (``3``, ``"-2"``, ``2.0``); anything else is malformed."""
    try:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise TypeError
        n = float(value) if isinstance(value, (float, str)) else value
        if n != int(n):
            raise ValueError
        return int(n)
    except (TypeError, ValueError, OverflowError):
        raise InvalidInput("db.referee.bad_number", field=key, value=str(value)) from None


def apply_referee(ctx: Ctx, seat: str, action: JSON) -> None:
    st = ctx.state
    if st["phase"] != "battle":
        raise IllegalAction("db.referee.not_now", phase=st["phase"])
    kind = action["type"]
    logged = {k: v for k, v in action.items() if k != "reason"}
    ctx.emit("RefereeAction", by=seat, action=logged, reason=action.get("reason"))
    if kind == "AdjustWounds":
        u, delta = _unit(st, action.get("unit")), _int(action, "delta")
        if delta > 0:
            take_wounds(ctx, u["id"], delta, by=None, kind="referee")
        else:
            u["wounds"] = max(0, u["wounds"] + delta)
    elif kind == "AdjustFatigue":
        u = _unit(st, action.get("unit"))
        u["fatigue"] = max(0, u["fatigue"] + _int(action, "delta"))
    elif kind == "AdjustState":
        u, name = _unit(st, action.get("unit")), action.get("state")
        if name not in STATES:
            raise InvalidInput("db.referee.bad_state", state=str(name), states=", ".join(STATES))
        u[name] = max(0, u[name] + _int(action, "delta"))
    elif kind == "Heal":
        heal(st, _unit(st, action.get("unit")), _int(action, "wounds"), action.get("states") or {})
    elif kind == "AdjustVP":
        who = action.get("seat")
        if who not in st["seats"]:
            raise IllegalAction("db.referee.unknown_seat", seat=str(who))
        st["vp"][who] += change(_int(action, "delta"), max(0, st["vp"][who]), MAX_COUNT, "vp")
    elif kind == "SetPosition":
        u = _unit(st, action.get("unit"))
        if u["where"] != "battlefield":
            raise IllegalAction("db.referee.not_on_table", unit=u["id"])
        to = board.parse_point(action.get("to"))
        t = board.token(u, at=to)
        f = board.field(st)
        if not (0 <= to[0] <= f.width and 0 <= to[1] <= f.height) or any(
                geometry.overlaps(t, o) for o in board.tokens(st, exclude=(u["id"],))):
            raise IllegalAction("db.referee.bad_position", unit=u["id"], x=to[0], y=to[1])
        u.update(x=to[0], y=to[1])
    elif kind != "RefereeNote":
        raise InvalidInput("db.action.unknown", action=str(kind))
    check_game_end(ctx)


def heal(st: JSON, u: JSON, wounds: int, states: dict) -> None:
    """Heal: remove wounds and/or status markers (any mix), excess lost; no model comes back (§17, A33)."""
    if not isinstance(states, dict) or wounds < 0 or any(k not in STATES for k in states):
        raise InvalidInput("db.referee.bad_heal")
    counts = {k: _number(v, k) for k, v in states.items()}
    if any(v < 0 for v in counts.values()):
        raise InvalidInput("db.referee.bad_heal")
    u["wounds"] = max(0, u["wounds"] - wounds)
    for k, v in counts.items():
        u[k] = max(0, u[k] - v)
