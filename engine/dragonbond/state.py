"""The Dragonbond match state: plain JSON (dicts and lists), read and changed through the helpers here.

A state is ``DragonbondSystem.setup``'s dict; its shape is documented at the top of ``system.py``. Units are
``state["units"][id]``, ids ``A1``.. for the first seat and ``B1``.. for the second (one token per unit, §5.2, its
models in a formation inside it: ``models.py``).
A Hero commanding a unit keeps its own record (``where: "commanding"``, its wounds and poison, §19.2); a
mounted rider too (``where: "mounted"``, §20.1). :class:`Ctx` carries one ``apply``: the state being changed
(a deep copy), the random source and the events. "§" is a section of ``shared/rules/dragonbond.md``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.core.rng import Rng
from engine.dragonbond.pack import DRAGON_RIDER, EPIC, HERO, keyword_name

JSON = dict[str, Any]

STATES = ("poison", "slowed", "immobilized")
"""Status markers (§14)."""
EXHAUSTED = 3
"""Fatigue at which a unit is exhausted (§12)."""
ROUND_FATIGUE_LOSS = 2
"""Fatigue every unit loses at the end of a round (§6.4)."""
AURA = 12.0
"""The General's command aura, inches (§22)."""
GIANT = "Gigante"
COLD = "Frío"
LAZY = "Haragán"
FLYING = "Volador"
SCOUT = "Reconocimiento"
HUGE = "Enorme"
TINY = "Diminuto"
ASSASSINATE = "Asesinar"
SIDES = ("A", "B")


@dataclass
class Ctx:
    """One ``apply``: the state it changes (a private deep copy), the random source and the events."""

    state: JSON
    rng: Rng
    events: list[JSON] = field(default_factory=list)

    def emit(self, event_type: str, /, **data: Any) -> JSON:
        event = {"type": event_type, **data}
        self.events.append(event)
        return event


def fresh_copy(state: JSON) -> JSON:
    """A deep copy: ``apply`` changes only this, so a refusal leaves the caller's state untouched. The state is
    JSON (dicts, lists, scalars), so its dicts and lists are copied and the rest shared (4x faster than
    ``copy.deepcopy``, which also looks for cycles and custom copiers)."""
    return _copy(state)


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {k: _copy(v) for k, v in value.items()}
    if kind is list:
        return [_copy(v) for v in value]
    if kind is tuple:
        return tuple(_copy(v) for v in value)
    return value


def read_once(kept: dict[int, tuple[Any, Any]], raw: Any, read: Any) -> Any:
    """``read(raw)`` for a part of the state that rarely changes (the table, the pack), kept in ``kept``: by the raw
    value's identity while it still equals the copy kept with it, else by equality with a kept copy (each ``apply``
    hands on a fresh copy of the state, so a new dict often holds what was read before), so the same object is
    handed out again (caches key on it). At most 8 kept."""
    found = kept.get(id(raw))
    if found is not None and found[0] == raw:
        return found[1]
    for copied, value in list(kept.values()):     # a copy: another thread may be adding to it (one C call)
        if copied == raw:
            break
    else:
        value = read(raw)
        copied = _copy(raw)
    if len(kept) >= 8:
        kept.clear()
    kept[id(raw)] = (copied, value)
    return value


def unit(state: JSON, uid: str) -> JSON:
    return state["units"][uid]


def units(state: JSON, seat: str | None = None, where: str | None = "battlefield") -> list[JSON]:
    """Units in id order, of one seat and one place (None: any)."""
    return [u for _, u in sorted(state["units"].items())
            if (seat is None or u["side"] == seat) and (where is None or u["where"] == where)]


def other(state: JSON, seat: str) -> str:
    a, b = state["seats"]
    return b if seat == a else a


def has(u: JSON, keyword: str) -> bool:
    return keyword in keyword_names(tuple(u["keywords"]))


@lru_cache(maxsize=1024)
def keyword_names(keywords: tuple[str, ...]) -> frozenset[str]:
    """The keywords' names without their arguments (``Comandar (X)`` -> ``Comandar``)."""
    return frozenset(keyword_name(k) for k in keywords)


def is_hero(u: JSON) -> bool:
    return has(u, HERO)


def is_rider(u: JSON) -> bool:
    return has(u, DRAGON_RIDER)


def is_epic(u: JSON) -> bool:
    return has(u, EPIC)


def exhausted(u: JSON) -> bool:
    """3+ fatigue (§12)."""
    return u["fatigue"] >= EXHAUSTED


def fresh(u: JSON) -> bool:
    """0 fatigue (§12)."""
    return u["fatigue"] == 0


def hero_of(state: JSON, u: JSON) -> JSON | None:
    """The Hero commanding ``u`` (§19.2), or None."""
    return state["units"][u["hero"]] if u.get("hero") else None


def model_count(state: JSON, u: JSON) -> int:
    """Models of a unit, a commanding Hero included (it counts as a model of the unit, §19.2, A21)."""
    return u["models"] + (1 if u.get("hero") else 0)


def bonded(state: JSON, u: JSON) -> bool:
    """Both units of the Dragonbond pair alive: each upgrades attack, defence and morale rolls (§21, A6)."""
    partner = u.get("bonded_with")
    return bool(partner) and state["units"][partner]["where"] != "destroyed" and u["where"] != "destroyed"


def effective_speed(u: JSON, factor: float = 1.0) -> float:
    """Speed for a move: Immobilized 0, Slowed halved once however many markers (§8, §14, A9)."""
    if u["immobilized"] > 0:
        return 0.0
    speed = float(u["speed"]) * factor
    return speed / 2 if u["slowed"] > 0 else speed


def states_of(u: JSON) -> dict[str, int]:
    return {s: u[s] for s in STATES}


def on_battlefield(state: JSON, seat: str) -> list[JSON]:
    return units(state, seat)


def on_table(state: JSON, u: JSON) -> bool:
    """On the battlefield: its own token, or riding a Mount that stands there (§20.3). A Rider whose Mount is in
    reserve (or gone home in the Quest) is off the table with it (§25.6, §26.2)."""
    if u["where"] == "battlefield":
        return True
    return u["where"] == "mounted" and state["units"][u["mounted_on"]]["where"] == "battlefield"


def carried_on_table(state: JSON, u: JSON) -> bool:
    """On the table: on its own token, riding a Mount there, or commanding a unit there (§19.2, §20.3)."""
    if u["where"] == "commanding":
        return state["units"][u["commanding"]]["where"] == "battlefield"
    return on_table(state, u)


def engaged(u: JSON) -> bool:
    return bool(u["engaged_with"])


def flanked(u: JSON) -> bool:
    """Engaged with more than one enemy unit (§9; the engagement graph of §5.2)."""
    return len(u["engaged_with"]) > 1


def engage(ctx: Ctx, a: str, b: str) -> None:
    ua, ub = unit(ctx.state, a), unit(ctx.state, b)
    if b not in ua["engaged_with"]:
        ua["engaged_with"] = sorted({*ua["engaged_with"], b})
        ub["engaged_with"] = sorted({*ub["engaged_with"], a})
        ctx.emit("Engaged", unit=a, target=b)


def separate(ctx: Ctx, a: str, b: str) -> None:
    ua, ub = unit(ctx.state, a), unit(ctx.state, b)
    if b in ua["engaged_with"]:
        ua["engaged_with"] = [x for x in ua["engaged_with"] if x != b]
        ub["engaged_with"] = [x for x in ub["engaged_with"] if x != a]
        ctx.emit("Separated", unit=a, target=b)


def disengage_all(ctx: Ctx, uid: str) -> None:
    for enemy in list(unit(ctx.state, uid)["engaged_with"]):
        separate(ctx, uid, enemy)


def shifts(u: JSON, roll: str) -> tuple[int, int]:
    """(upgrades, downgrades) the unit's buffs and debuffs give its ``roll`` (§3.4: netted with the rest)."""
    up = down = 0
    for s in u.get("shifts", ()):
        if s["roll"] == roll:
            if s["count"] > 0:
                up += s["count"]
            else:
                down -= s["count"]
    return up, down
