"""Powers (§15), Vaala and Command cards (§16): which the engine automates, and the bookkeeping of the rest.

No power text of the game is public, so the engine automates only the effects it can read from a pack's
text; everything else is used and logged here (once per turn, ultimates once per game, exhausted units
none, §15) and its effect is settled with referee actions (``referee.py``). ``state["coverage"]`` lists
what is automated. Automated today: "Inflige [N dados de ataque <colour>] heridas" (roll N dice, every hit
a wound, no defence: the rulebook's own example, seed 003 l.772, §10.2, §10.4).
"""
from __future__ import annotations

import re

from engine.core.errors import IllegalAction
from engine.dragonbond import board
from engine.dragonbond.combat import take_wounds, wound_dice
from engine.dragonbond.pack import VAALA
from engine.dragonbond.state import JSON, Ctx, carried_on_table, exhausted, has, unit, units

_WOUND_DICE = re.compile(r"inflige\s*\[\s*(\d+)\s+dados?\s+de\s+ataque\s+(negros?|gris(?:es)?|blancos?)\s*\]\s*heridas",
                         re.IGNORECASE)
_COLOURS = {"negro": "black", "gris": "gray", "blanco": "white"}


def wound_dice_effect(text: str) -> tuple[int, str] | None:
    """``(dice, colour)`` of an "inflicts [N colour attack dice] wounds" text, else None."""
    m = _WOUND_DICE.search(text or "")
    if not m:
        return None
    word = m.group(2).lower()
    colour = next(v for k, v in _COLOURS.items() if word.startswith(k))
    return int(m.group(1)), colour


def automated(text: str) -> bool:
    return wound_dice_effect(text) is not None


def power(st: JSON, pid: str) -> JSON:
    return st["cards"]["powers"][pid]


def usable(st: JSON, u: JSON, pid: str) -> bool:
    """Once per turn, an ultimate once per game, never by an exhausted unit (§15; A25: any player's turn)."""
    p = power(st, pid)
    if u["used"].get(pid) == st["turn"] or (p["ultimate"] and pid in u["ultimates"]):
        return False
    return not exhausted(u) or p["type"] == "active" and u["fatigue"] <= 3 and st["activation"].get("unit") == u["id"]


def targets(st: JSON, u: JSON, pid: str) -> list[str]:
    """Enemy units in sight for an automated wound power (the text names no range: ruling)."""
    if not automated(power(st, pid)["text"]):
        return []
    return [v["id"] for v in units(st) if v["side"] != u["side"] and board.can_see(st, u, v)]


def use(ctx: Ctx, uid: str, pid: str, target: str | None, note: str | None = None) -> None:
    st = ctx.state
    u = unit(st, uid)
    if pid not in u["powers"] or pid not in st["cards"]["powers"]:
        raise IllegalAction("db.power.unknown", unit=uid, power=pid)
    if not usable(st, u, pid):
        raise IllegalAction("db.power.used", unit=uid, power=pid)
    p = power(st, pid)
    u["used"][pid] = st["turn"]
    if p["ultimate"]:
        u["ultimates"].append(pid)
    effect = wound_dice_effect(p["text"])
    ctx.emit("PowerUsed", unit=uid, power=pid, automated=effect is not None, ultimate=p["ultimate"],
             target=target, note=note)
    if effect is not None:
        if target not in targets(st, u, pid):
            raise IllegalAction("db.power.bad_target", power=pid, target=str(target))
        wounds = wound_dice(ctx, *effect)
        ctx.emit("PowerWounds", unit=uid, power=pid, target=target, dice=effect[0], colour=effect[1], wounds=wounds)
        if wounds:
            take_wounds(ctx, target, wounds, by=uid, kind="power")


def may_play(st: JSON, seat: str, kind: str) -> bool:
    """Vaala cards need a *Vaala* unit on the battlefield; Command cards a living General (§16, A24)."""
    mine = units(st, seat)
    if kind == "vaala":
        return any(has(u, VAALA) for u in mine)
    return any(u["general"] and carried_on_table(st, u) for u in units(st, seat, where=None))


def anytime_offers(st: JSON, seat: str) -> list[JSON]:
    """Cards and reaction powers without a structured trigger (``when``), which their holder may play in the
    battle whenever their printed trigger happens while no decision is open (§11.2, §16)."""
    if st["phase"] != "battle" or st["pending_queue"]:
        return []
    out: list[JSON] = []
    for kind in ("vaala", "command"):
        if may_play(st, seat, kind):
            out += [{"type": "PlayCard", "card": c} for c in sorted(set(st["hands"][seat][kind]))
                    if not (st["cards"][kind].get(c) or {}).get("when")]
    for _, u in sorted(st["units"].items()):
        if u["side"] != seat or not carried_on_table(st, u):
            continue
        for pid in u["powers"]:
            p = st["cards"]["powers"].get(pid)
            if p and p["type"] == "reaction" and not p.get("when") and usable(st, u, pid):
                out.append({"type": "UsePower", "unit": u["id"], "power": pid})
    return out


def play_card(ctx: Ctx, seat: str, card: str, unit_id: str | None, target: str | None, note: str | None) -> None:
    """A card from the hand, discarded from the game; its effect is logged for referee actions (§16)."""
    st = ctx.state
    hand = st["hands"][seat]
    kind = "vaala" if card in hand["vaala"] else "command" if card in hand["command"] else None
    if kind is None:
        raise IllegalAction("db.card.not_in_hand", card=card)
    if not may_play(st, seat, kind):
        raise IllegalAction(f"db.card.no_{kind}_unit", card=card)
    hand[kind].remove(card)
    st.setdefault("spent", {}).setdefault(seat, []).append(card)     # now public (CardPlayed)
    ctx.emit("CardPlayed", seat=seat, card=card, kind=kind, automated=False, unit=unit_id, target=target, note=note,
             text=st["cards"][kind][card].get("text"))
