"""Reactions the engine offers at their trigger (§11, §16; seed 003 l.790-817): reaction powers and Vaala and
Command cards whose pack entry gives a structured trigger (``when``, ``pack.Trigger``) open a decision for
their holder when that trigger happens, as opportunity attacks do. The text's effect is still settled by
referee actions where it is not automated. A reaction without ``when`` stays playable at any time
(``PlayCard`` / ``UsePower``).

Two kinds of windows, both a pending decision ``{"kind": "reaction", "seat", "trigger", "unit", "by",
"offers", "resume"?}`` answered by one of its ``offers`` (``PlayCard`` / ``UsePower``, at most one reaction per
player per trigger, l.792) or ``Decline``:

- at a declaration (an attack, a charge, a shooting move's target): before anything is rolled; the declared
  action is kept in ``resume`` and done when the last window closes (the reactions resolve after the
  declaration that triggered them, before its dice: "tras declarar", l.172);
- after an effect (wounds, a unit destroyed): opened once the action is over, ahead of anything else.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.dragonbond.pack import VAALA, keyword_argument, keyword_name
from engine.dragonbond.powers import aimed, may_play, play_card, targets as power_targets, usable, use
from engine.dragonbond.state import JSON, Ctx, on_table, unit

DECLARED = {"melee": ("attack_declared", "melee_attack_declared"),
            "ranged": ("attack_declared", "ranged_attack_declared")}
AFTER = {"Wounded": "wounded", "UnitDestroyed": "destroyed"}
"""Events whose unit's player may react once the action is over."""


def _keyword_match(u: JSON, subtype: str | None) -> bool:
    return any(keyword_name(k) == VAALA and (subtype is None or keyword_argument(k) == subtype)
               for k in u["keywords"])


def _card_fits(st: JSON, kind: str, cid: str, trigger: str, concerned: JSON) -> bool:
    card = st["cards"][kind].get(cid) or {}
    if card.get("when") != trigger:
        return False
    # "un ataque a distancia con una unidad de Vaala" (l.172)
    return not (kind == "vaala" and trigger.endswith("_declared") and
                not _keyword_match(concerned, card.get("subtype")))


def may_hold(st: JSON, seat: str, kind: str, cid: str) -> bool:
    """Whether ``seat``'s force could have bought the card: a Vaala card of a subtype needs one of its units of that
    subtype (§16.1, "cards restricted to that subtype"); any other card, yes."""
    subtype = (st["cards"][kind].get(cid) or {}).get("subtype") if kind == "vaala" else None
    return subtype is None or any(u["side"] == seat and _keyword_match(u, subtype) for u in st["units"].values())


def card_offers(st: JSON, seat: str, trigger: str, concerned: JSON, other: JSON | None) -> list[JSON]:
    """The cards of ``seat``'s hand it may play on this trigger (§16: the trigger the card states)."""
    out: list[JSON] = []
    for kind in ("vaala", "command"):
        if not may_play(st, seat, kind):
            continue
        for cid in sorted(set(st["hands"][seat][kind])):
            if _card_fits(st, kind, cid, trigger, concerned):
                out.append({"type": "PlayCard", "card": cid, "unit": concerned["id"],
                            "target": other["id"] if other else None})
    return out


def could_hold(st: JSON, seat: str, trigger: str, concerned: JSON) -> bool:
    """Whether, for all the other seat knows, ``seat`` could hold a card for this trigger: it holds a card of a
    kind it may play and the pack has a card of that kind for it. Cards are chosen in secret and only their
    count is told (§16.1, §25.2), so a window opens on this, not on the hand itself: its opening tells nothing."""
    for kind in ("vaala", "command"):
        if not st["hands"][seat][kind] or not may_play(st, seat, kind):
            continue
        if any(_card_fits(st, kind, cid, trigger, concerned) and may_hold(st, seat, kind, cid)
               for cid in st["cards"][kind]):
            return True
    return False


def offers(st: JSON, seat: str, trigger: str, concerned: JSON, other: JSON | None) -> list[JSON]:
    """What ``seat`` may play now: its cards and its concerned unit's reaction powers with this trigger."""
    out = card_offers(st, seat, trigger, concerned, other)
    out += power_offers(st, trigger, concerned, other)
    return out


def power_offers(st: JSON, trigger: str, concerned: JSON, other: JSON | None) -> list[JSON]:
    out: list[JSON] = []
    if on_table(st, concerned):
        for pid in concerned["powers"]:
            p = st["cards"]["powers"].get(pid)
            if not p or p["type"] != "reaction" or p.get("when") != trigger or not usable(st, concerned, pid):
                continue
            target = other["id"] if other else None
            if aimed(p):
                if target not in power_targets(st, concerned, pid):
                    continue
            out.append({"type": "UsePower", "unit": concerned["id"], "power": pid, "target": target})
    return out


def _window(st: JSON, seat: str, trigger: str, concerned: JSON, other: JSON | None) -> JSON | None:
    found = offers(st, seat, trigger, concerned, other)
    if not found and not could_hold(st, seat, trigger, concerned):
        return None
    return {"seat": seat, "kind": "reaction", "trigger": trigger, "unit": concerned["id"],
            "by": other["id"] if other else None, "offers": found}


def declared(ctx: Ctx, attacker: JSON, target: JSON, kind: str, charge: bool, resume: JSON) -> bool:
    """Windows for an attack or charge just declared; True when one opened (``resume`` is done after them)."""
    st = ctx.state
    windows = []
    for trigger in DECLARED[kind]:
        w = _window(st, attacker["side"], trigger, attacker, target)
        if w:
            windows.append(w)
            break       # one reaction per player per trigger: the first kind that offers something
    if target["side"] in st["seats"]:
        for trigger in (("charged",) if charge else ()) + ("targeted",):
            w = _window(st, target["side"], trigger, target, attacker)
            if w:
                windows.append(w)
                break
    if not windows:
        return False
    active = st["active"]
    windows.sort(key=lambda w: w["seat"] != active)       # the active player's first (§4.5)
    windows[-1]["resume"] = resume
    st["pending_queue"][0:0] = windows
    for w in windows:
        ctx.emit("Decision", seat=w["seat"], kind="reaction", trigger=w["trigger"], unit=w["unit"])
    return True


def after_effects(ctx: Ctx, events: list[JSON]) -> None:
    """Windows for wounds and destructions the action caused, ahead of any other decision."""
    st = ctx.state
    if st["phase"] != "battle":
        return
    windows = []
    seen = set()
    for e in events:
        trigger = AFTER.get(e["type"])
        u = st["units"].get(e.get("unit"))
        if trigger is None or u is None or u["side"] not in st["seats"] or (trigger, u["id"]) in seen:
            continue
        seen.add((trigger, u["id"]))
        by = st["units"].get(e.get("by")) if e.get("by") else None
        w = _window(st, u["side"], trigger, u, by)
        if w:
            windows.append(w)
    if windows:
        st["pending_queue"][0:0] = windows
        for w in windows:
            ctx.emit("Decision", seat=w["seat"], kind="reaction", trigger=w["trigger"], unit=w["unit"])


def redeal_windows(st: JSON, seat: str) -> None:
    """``seat``'s hand was drawn again: the cards its open windows offer follow it (the powers stay)."""
    for w in st["pending_queue"]:
        if w["kind"] != "reaction" or w["seat"] != seat:
            continue
        concerned = st["units"][w["unit"]]
        other = st["units"][w["by"]] if w.get("by") else None
        powers_offered = [o for o in w["offers"] if o["type"] != "PlayCard"]
        w["offers"] = card_offers(st, seat, w["trigger"], concerned, other) + powers_offered


def legal(st: JSON, seat: str) -> list[JSON]:
    p = st["pending_queue"][0]
    if p["seat"] != seat:
        return []
    return [dict(o) for o in p["offers"]] + [{"type": "Decline"}]


def answer(ctx: Ctx, seat: str, action: JSON) -> JSON | None:
    """Play the chosen reaction (or decline); returns the declared action to do now, if this window was the last
    before it."""
    st = ctx.state
    p = st["pending_queue"][0]
    if p["seat"] != seat:
        raise IllegalAction("db.not_your_decision", name=p["seat"], step="reaction")
    chosen = _match(p, action)
    if chosen is None:
        raise IllegalAction("db.decision.illegal", kind="reaction", action=str(action.get("type")))
    st["pending_queue"].pop(0)
    note = action.get("note")
    attack = declared_attack(p)
    if chosen["type"] == "PlayCard":
        play_card(ctx, seat, chosen["card"], chosen.get("unit"), chosen.get("target"), note, attack=attack)
    elif chosen["type"] == "UsePower":
        use(ctx, chosen["unit"], chosen["power"], chosen.get("target"), note, attack=attack)
    else:
        ctx.emit("ReactionDeclined", seat=seat, trigger=p["trigger"], unit=p["unit"])
    return p.get("resume")


def declared_attack(p: JSON) -> JSON | None:
    """The attack a declaration window's trigger is about ({"unit": attacker, "target"}), for effects that wait
    for it (``condition: attack_wounds``); None for a window after an effect."""
    if p["trigger"] in ("attack_declared", "ranged_attack_declared", "melee_attack_declared"):
        return {"unit": p["unit"], "target": p["by"]}
    if p["trigger"] in ("targeted", "charged"):
        return {"unit": p["by"], "target": p["unit"]}
    return None


def _match(p: JSON, action: JSON) -> JSON | None:
    """The offer the answer names: its card or power, with its other fields as offered or left out (a ``note`` may
    be added); or Decline. Any other field or value is refused."""
    answer = {k: v for k, v in action.items() if k != "note"}
    if answer == {"type": "Decline"}:
        return answer
    for o in p["offers"]:
        if all(k in o and o[k] == v for k, v in answer.items()) and \
                all(answer.get(k) == o[k] for k in ("type", "card", "power") if k in o):
            return o
    return None


def still_standing(st: JSON, resume: JSON) -> bool:
    """The declared action can still be done (its unit and target survived the reactions)."""
    action: dict[str, Any] = resume["action"]
    for key in ("unit", "target"):
        uid = action.get(key)
        if uid and unit(st, uid)["where"] not in ("battlefield", "mounted", "reserve"):
            return False
    return True

