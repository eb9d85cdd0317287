"""Structured effects of powers and cards (§15, §16), applied by the engine from the pack's ``effects`` data.

A power or card whose pack entry lists ``effects`` (``pack.Effect``) is *automated*: using or playing it applies
them here. One without is *referee*: it is played and logged, and the players settle its text with referee
actions. A power whose text is the rulebook's own "Inflige [N dados de ataque <colour>] heridas" (seed 003
l.772) reads as one damage effect even without ``effects`` (packs written before the field).

Kinds (``pack.EffectKind``): damage (roll N attack dice of a colour, each hit a wound, no defence, §10.4), heal
(wounds off, never a model back), move (a March of at most N inches to an offered destination: a decision of
the unit's owner), shift (upgrades or downgrades of the unit's attack or defence roll until the end of its next
activation or of the round, §3.4), marker (Slowed, Poison, Immobilized markers on or off, §14), extra_action
(one more action at the end of the unit's activation, no fatigue for it), reroll (its next attack re-rolls up to
N missed dice). ``condition: attack_wounds`` waits for the attack the trigger declared and applies only if it
wounds (Fig. 4, seed 003 l.172).
"""
from __future__ import annotations

import re
from typing import Any

from engine.core.errors import IllegalAction
from engine.dragonbond import board, combat, geometry, models
from engine.dragonbond.combat import take_wounds, wound_dice
from engine.dragonbond.state import JSON, SCOUT, Ctx, has, shifts, unit, units  # noqa: F401 - shifts: part of the effects' API

_WOUND_DICE = re.compile(r"inflige\s*\[\s*(\d+)\s+dados?\s+de\s+ataque\s+(negros?|gris(?:es)?|blancos?)\s*\]\s*heridas",
                         re.IGNORECASE)
_COLOURS = {"negro": "black", "gris": "gray", "blanco": "white"}
MARKERS = ("slowed", "poison", "immobilized")


def wound_dice_effect(text: Any) -> tuple[int, str] | None:
    """``(dice, colour)`` of an "inflicts [N colour attack dice] wounds" text, else None."""
    m = _WOUND_DICE.search(text if isinstance(text, str) else "")
    if not m:
        return None
    word = m.group(2).lower()
    colour = next(v for k, v in _COLOURS.items() if word.startswith(k))
    return int(m.group(1)), colour


def effects_of(entry: JSON | None) -> list[JSON] | None:
    """The structured effects of a power or card entry (as the state keeps it), or None when it is settled by
    referee: its ``effects``, else the rulebook's wound-dice text read as one damage effect."""
    if not entry:
        return None
    if entry.get("effects"):
        return [e for e in entry["effects"]]
    found = wound_dice_effect(entry.get("text"))
    if found is not None:
        return [{"kind": "damage", "who": "target", "dice": found[0], "colour": found[1]}]
    return None


def appliable(effects: list[JSON] | None) -> bool:
    """Every value the effects need is known (a pack may write ``unknown``): else the referee settles it."""
    if not effects:
        return False
    for e in effects:
        for key in ("dice", "colour", "count", "inches"):
            if e.get(key) == "unknown":
                return False
    return True


def automated(entry: JSON | None) -> bool:
    return appliable(effects_of(entry))


def needs_enemy_target(entry: JSON) -> bool:
    """An active power aimed at a unit: its effects act on ``target`` (damage needs an enemy in sight)."""
    effects = effects_of(entry) or []
    return any(e.get("who", "target") == "target" for e in effects)


def power_targets(st: JSON, u: JSON, entry: JSON) -> list[str]:
    """The units an automated active power may aim at: enemies (or friends, its own unit included, with
    ``target: friend``) in sight; none for a power whose effects act only on its own unit."""
    if not automated(entry) or not needs_enemy_target(entry):
        return []
    aim = entry.get("target", "enemy")
    if aim == "none":
        return []
    out = []
    for v in units(st):
        if (v["side"] != u["side"]) == (aim == "enemy") and (v["id"] == u["id"] or board.can_see(st, u, v)):
            out.append(v["id"])
    return out


# -- applying ---------------------------------------------------------------------------------------------------

def apply(ctx: Ctx, effects: list[JSON], *, source: str, own: str | None, target: str | None,
          attack: JSON | None = None) -> None:
    """Apply ``effects`` of the power or card ``source``: ``own`` the unit acting (the power's, or the card's
    concerned unit), ``target`` the unit aimed at. ``attack`` ({"unit", "target"}): the attack the trigger
    declared, for effects with ``condition: attack_wounds`` (kept until it is resolved)."""
    st = ctx.state
    for e in effects:
        who = own if e.get("who", "target") == "self" else target
        if e.get("condition") == "attack_wounds":
            if attack is not None:
                st.setdefault("riders", []).append({"source": source, "attacker": attack["unit"],
                                                    "target": attack["target"], "effect": e, "unit": who})
            continue
        one(ctx, e, source=source, uid=who)


def one(ctx: Ctx, e: JSON, *, source: str, uid: str | None) -> None:
    st = ctx.state
    u = st["units"].get(uid) if uid else None
    if u is None or u["where"] == "destroyed":
        return
    kind = e["kind"]
    if kind == "damage":
        wounds = wound_dice(ctx, int(e["dice"]), e["colour"])
        ctx.emit("EffectApplied", source=source, effect=kind, unit=uid, dice=e["dice"], colour=e["colour"],
                 wounds=wounds)
        if wounds:
            take_wounds(ctx, uid, wounds, by=None, kind="power")
    elif kind == "heal":
        healed = min(int(e["count"]), u["wounds"])
        u["wounds"] -= healed
        ctx.emit("EffectApplied", source=source, effect=kind, unit=uid, count=healed)
    elif kind == "marker":
        marker = e["marker"]
        before = u[marker]
        u[marker] = max(0, before + int(e["count"]))
        ctx.emit("EffectApplied", source=source, effect=kind, unit=uid, marker=marker, count=u[marker] - before)
    elif kind == "shift":
        # "activation": until the end of the unit's next activation (this one, if it is acting now).
        after = u["activated"] - (1 if st["activation"].get("unit") == uid else 0)
        u.setdefault("shifts", []).append({"roll": e["roll"], "count": int(e["count"]), "until": e["until"],
                                           "source": source, "after": after})
        ctx.emit("EffectApplied", source=source, effect=kind, unit=uid, roll=e["roll"], count=int(e["count"]),
                 until=e["until"])
    elif kind == "reroll":
        u["rerolls"] = u.get("rerolls", 0) + int(e["count"])
        ctx.emit("EffectApplied", source=source, effect=kind, unit=uid, count=int(e["count"]))
    elif kind == "extra_action":
        u["extra_actions"] = u.get("extra_actions", 0) + 1
        ctx.emit("EffectApplied", source=source, effect=kind, unit=uid)
    elif kind == "move":
        if u["where"] != "battlefield" or u["immobilized"] > 0:
            return
        st["pending_queue"].insert(0, {"seat": u["side"], "kind": "effect_move", "unit": uid,
                                       "inches": float(e["inches"]), "source": source})
        ctx.emit("Decision", seat=u["side"], kind="effect_move", unit=uid)


def expire_activation(u: JSON) -> None:
    """The end of an activation: buffs and debuffs lasting until it go (those applied before it began)."""
    if u.get("shifts"):
        u["shifts"] = [s for s in u["shifts"] if s["until"] != "activation" or u["activated"] <= s["after"]]


def new_round(u: JSON) -> None:
    """The end of a round: buffs and debuffs lasting until it go; the others wait for the unit's next activation
    (its count of activations starts again)."""
    if u.get("shifts"):
        u["shifts"] = [{**s, "after": -1} for s in u["shifts"] if s["until"] != "round"]
    u.pop("extra_actions", None)


def attack_resolved(ctx: Ctx, attacker: str, target: str, wounds: int) -> None:
    """The riders waiting for this attack: applied if it wounded, dropped either way."""
    st = ctx.state
    riders = st.get("riders")
    if not riders:
        return
    mine = [r for r in riders if r["attacker"] == attacker and r["target"] == target]
    st["riders"] = [r for r in riders if r not in mine]
    for r in mine:
        if wounds > 0:
            one(ctx, r["effect"], source=r["source"], uid=r["unit"])
        else:
            ctx.emit("EffectLapsed", source=r["source"], unit=r["unit"])


combat.ATTACK_RESOLVED.append(attack_resolved)  # combat calls it back: it cannot import this module (it is imported here)


def drop_riders(st: JSON, attacker: str) -> None:
    """An activation is over: riders on an attack it never made lapse."""
    if st.get("riders"):
        st["riders"] = [r for r in st["riders"] if r["attacker"] != attacker]


# -- the move decision ------------------------------------------------------------------------------------------

def move_offers(st: JSON, p: JSON) -> list[JSON]:
    """An effect's move: the named destinations within its inches, or staying where it is."""
    u = unit(st, p["unit"])
    out = [{"type": "EffectMove", "unit": u["id"], "to": [u["x"], u["y"]], "dest": "db.move.dest.stay",
            "params": {}}]
    if u["where"] != "battlefield" or u["engaged_with"] or u["immobilized"] > 0:
        return out      # an engaged unit holds its ground (leaving a combat is a March's, with its attacks, §11.1)
    inches = _inches(u, p)
    seen = set()
    found = models.strays(st, u["id"])
    for d in geometry.destinations(board.token(u), inches, board.tokens(st, exclude=(u["id"],)), board.field(st),
                                   ignore_slowing=has(u, SCOUT)):
        if found and models.stray_problem(st, u, d.point, found):
            continue      # a base a charge left outside its unit's token is there
        if d.point not in seen:
            seen.add(d.point)
            out.append({"type": "EffectMove", "unit": u["id"], "to": [d.point[0], d.point[1]], "dest": d.key,
                        "params": dict(d.params)})
    return out


def move(ctx: Ctx, seat: str, action: JSON) -> None:
    st = ctx.state
    p = st["pending_queue"][0]
    if p["seat"] != seat:
        raise IllegalAction("db.not_your_decision", name=p["seat"], step="effect_move")
    wanted = {k: v for k, v in action.items() if k != "_declared"}
    if wanted not in move_offers(st, p):
        raise IllegalAction("db.move.not_offered", unit=p["unit"], dest=str(action.get("dest")))
    st["pending_queue"].pop(0)
    u = unit(st, p["unit"])
    to = (float(action["to"][0]), float(action["to"][1]))
    if to == (u["x"], u["y"]):
        ctx.emit("EffectApplied", source=p["source"], effect="move", unit=u["id"], to=list(to), cost=0.0)
        return
    result = geometry.check_move(board.token(u), to, _inches(u, p),
                                 board.tokens(st, exclude=(u["id"],)), board.field(st), ignore_slowing=has(u, SCOUT))
    u.update(x=to[0], y=to[1])
    ctx.emit("Moved", unit=u["id"], kind="effect", to=list(to), path=[list(q) for q in result.path],
             cost=result.cost, allowance=p["inches"])



def _inches(u: JSON, p: JSON) -> float:
    """The effect's inches, halved by Slowed as a Speed is (§14)."""
    return p["inches"] / 2 if u["slowed"] > 0 else p["inches"]
