"""Powers (§15), Vaala and Command cards (§16): which the engine automates, and the bookkeeping of the rest.

No power text of the game is public, so the engine automates only the effects it can read from a pack's
text; everything else is used and logged here (once per turn, ultimates once per game, exhausted units
none, §15) and its effect is settled with referee actions (``referee.py``). ``state["coverage"]`` lists
what is automated. Automated today: "Inflige [N dados de ataque <colour>] heridas" (roll N dice, every hit
a wound, no defence: the rulebook's own example, seed 003 l.772, §10.2, §10.4).
"""
from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.dragonbond import effects
from engine.dragonbond.pack import VAALA
from engine.dragonbond.state import JSON, Ctx, carried_on_table, exhausted, has, unit, units

def automated(entry: JSON | None) -> bool:
    """The engine applies the power's or card's effects (``effects.py``); else a referee settles its text."""
    return effects.automated(entry)


def aimed(entry: JSON) -> bool:
    """An automated power whose effects act on a unit it aims at (chosen among :func:`targets`)."""
    return automated(entry) and effects.needs_enemy_target(entry) and entry.get("target", "enemy") != "none"


def power(st: JSON, pid: str) -> JSON:
    return st["cards"]["powers"][pid]


def usable(st: JSON, u: JSON, pid: str) -> bool:
    """Once per turn, an ultimate once per game, never by an exhausted unit (§15; A25: any player's turn)."""
    p = power(st, pid)
    if u["used"].get(pid) == st["turn"] or (p["ultimate"] and pid in u["ultimates"]):
        return False
    return not exhausted(u) or p["type"] == "active" and u["fatigue"] <= 3 and st["activation"].get("unit") == u["id"]


def targets(st: JSON, u: JSON, pid: str) -> list[str]:
    """The units an automated power may aim at: enemies in sight (or friends, ``target: friend``); the text names
    no range (a ruling)."""
    return effects.power_targets(st, u, power(st, pid))


def use(ctx: Ctx, uid: str, pid: str, target: str | None, note: str | None = None,
        attack: JSON | None = None) -> None:
    """Use a power (§15); an automated one's effects are applied (``attack``: the attack its trigger declared)."""
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
    found = effects.effects_of(p) if automated(p) else None
    if aimed(p) and target not in targets(st, u, pid):
        raise IllegalAction("db.power.bad_target", power=pid, target=str(target))
    ctx.emit("PowerUsed", unit=uid, power=pid, automated=found is not None, ultimate=p["ultimate"],
             target=target, note=note)
    if found is not None:
        effects.apply(ctx, found, source=pid, own=uid, target=target, attack=attack)


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


def play_card(ctx: Ctx, seat: str, card: str, unit_id: str | None, target: str | None, note: str | None,
              attack: JSON | None = None) -> None:
    """A card from the hand, discarded from the game (§16); an automated card's effects are applied, any other is
    logged for referee actions. ``attack``: the attack its trigger declared."""
    st = ctx.state
    hand = st["hands"][seat]
    kind = "vaala" if card in hand["vaala"] else "command" if card in hand["command"] else None
    if kind is None:
        raise IllegalAction("db.card.not_in_hand", card=card)
    if not may_play(st, seat, kind):
        raise IllegalAction(f"db.card.no_{kind}_unit", card=card)
    hand[kind].remove(card)
    st.setdefault("spent", {}).setdefault(seat, []).append(card)     # now public (CardPlayed)
    entry = st["cards"][kind][card]
    auto = automated(entry) and unit_id is not None
    ctx.emit("CardPlayed", seat=seat, card=card, kind=kind, automated=auto, unit=unit_id, target=target, note=note,
             text=entry.get("text"))
    if auto:
        effects.apply(ctx, effects.effects_of(entry) or [], source=card, own=unit_id, target=target, attack=attack)
