"""Phase 2, combat (§11; seed 002 l.275-384): declarations, responses, simultaneous resolution, impacts, wounds.

1. Declarations (l.341): the marker holder declares for all their units, then the opponent, knowing them.
   Engaged units fight the unit opposite (mandatory, ``fight``); every other unit supports a fight in range
   (2.1), attacks a non-engaged enemy unit in range (2.2), attacks the enemy hero (2.3) or holds (2.4); ⚡ attack
   may not hold (l.331). Then each ⚡ defence unit names the enemy unit whose ability it negates (l.333).
2. Responses (§21.5): marker holder first, each attacked hero may strike back at one of its attackers, each
   engaged unit facing supporters picks which of them it strikes, and each unit that held and was attacked may
   strike back (ignoring range, l.356).
3. Resolution (l.368): every attack group sums its attacks against the defence: attack ≥ defence is one
   impact (l.299-311). Impacts may be cancelled (``prevent`` step for a costed hero ability; passive ones
   at once), then become wounds; units with wounds ≥ life are annihilated to the discard pile with their
   attachments (l.319-321); "annihilates"/"annihilated" abilities act; a defeated hero ends the battle (§14).
"""
from __future__ import annotations

from engine.core.rng import Rng
from engine.tambores.cards import ability, card
from engine.tambores.ending import check_heroes
from engine.tambores.effects import card_effects, hand_payments, hero_ability, pay_hero_ability
from engine.tambores.state import JSON, card_id, other, slot_of, units
from engine.tambores.stats import HERO, attack, defence, engaged, life, negated, reaches, unit_range, void_negation

ORDERS = ("support", "attack", "hero", "hold")


def seats_in_order(st: JSON) -> list[str]:
    """The marker holder first: they declare first and win ability conflicts (§8, l.192)."""
    return [st["marker"], other(st, st["marker"])]


def start_combat(st: JSON, rng: Rng, events: list[JSON]) -> None:
    """Engaged units fight (mandatory); the marker holder declares first."""
    st.update(phase="combat", step="declare", current=st["marker"], pending=[], impacts=[], hits=[],
              declarations={s: [] for s in st["seats"]}, negations={s: {} for s in st["seats"]},
              strikes={s: {} for s in st["seats"]})
    events.append({"type": "CombatStarted", "turn": st["turn"]})
    for seat in seats_in_order(st):
        for n, _ in units(st, seat):
            if engaged(st, seat, n):
                st["declarations"][seat].append({"slot": n, "order": "fight", "target": n})
    _advance_declare(st, rng, events)


def _declared(st: JSON, seat: str, n: int) -> bool:
    return any(d["slot"] == n for d in st["declarations"][seat])


def _negation_targets(st: JSON, seat: str, n: int) -> list[int]:
    enemy, r = other(st, seat), unit_range(st, seat, n)
    return [j for j, u in units(st, enemy)
            if reaches(r, n, j) and ability(st["catalogue"], card(st["catalogue"], u["card"]))]


def _next_pending(st: JSON, seat: str) -> tuple[str, int] | None:
    for n, _ in units(st, seat):
        if not _declared(st, seat, n):
            return "order", n
    for n, u in units(st, seat):
        if (card(st["catalogue"], u["card"]).get("defence_bolt") and str(n) not in st["negations"][seat]
                and _negation_targets(st, seat, n)):
            return "negate", n
    return None


def _advance_declare(st: JSON, rng: Rng, events: list[JSON]) -> None:
    while _next_pending(st, st["current"]) is None:
        if st["current"] == st["marker"]:
            st["current"] = other(st, st["marker"])
        else:
            _start_responses(st, rng, events)
            return


def orders(st: JSON, seat: str, n: int) -> list[JSON]:
    """What the non-engaged unit in slot ``n`` may declare (§11.3 2.1-2.4; §21.2, §21.3)."""
    enemy, r = other(st, seat), unit_range(st, seat, n)
    out = []
    for j, _ in units(st, enemy):
        if reaches(r, n, j):
            order = "support" if slot_of(st, seat, j) is not None else "attack"
            out.append({"type": "Declare", "slot": n, "order": order, "target": j})
    out.sort(key=lambda a: (ORDERS.index(a["order"]), a["target"]))
    out.append({"type": "Declare", "slot": n, "order": "hero", "target": None})
    if not card(st["catalogue"], slot_of(st, seat, n)["card"]).get("attack_bolt"):
        out.append({"type": "Declare", "slot": n, "order": "hold", "target": None})
    return out


def legal_declare(st: JSON, seat: str) -> list[JSON]:
    """The declaring player's choices for their first undeclared unit, slot order."""
    pending = _next_pending(st, seat)
    if pending is None:
        return []
    kind, n = pending
    if kind == "order":
        return orders(st, seat, n)
    return [{"type": "Negate", "slot": n, "target": j} for j in _negation_targets(st, seat, n)]


def apply_declare(st: JSON, seat: str, action: JSON, rng: Rng, events: list[JSON]) -> None:
    n, target = action["slot"], action["target"]
    if action["type"] == "Negate":
        st["negations"][seat][str(n)] = target
        events.append({"type": "Negated", "seat": seat, "slot": n, "target": target,
                       **({"void": True} if void_negation(st, seat, n) else {})})
    else:
        st["declarations"][seat].append({"slot": n, "order": action["order"], "target": target})
        events.append({"type": "Declared", "seat": seat, "slot": n, "order": action["order"], "target": target})
    _advance_declare(st, rng, events)


# ---------------------------------------------------------------------------------------------------------
# responses


def _orders_of(st: JSON, seat: str, order: str, target: int | None = None) -> list[int]:
    return sorted(d["slot"] for d in st["declarations"][seat]
                  if d["order"] == order and (target is None or d["target"] == target))


def _start_responses(st: JSON, rng: Rng, events: list[JSON]) -> None:
    pending = []
    for seat in seats_in_order(st):
        enemy = other(st, seat)
        hero_attackers = _orders_of(st, enemy, "hero")
        if hero_attackers:
            pending.append({"seat": seat, "kind": "hero_strike", "striker": HERO, "options": hero_attackers,
                            "optional": True})
        for d in st["declarations"][seat]:
            n = d["slot"]
            if d["order"] == "fight":
                supporters = _orders_of(st, enemy, "support", n)
                if supporters:
                    pending.append({"seat": seat, "kind": "engaged_strike", "striker": n, "options": [n] + supporters,
                                    "optional": False})
            elif d["order"] == "hold":
                attackers = _orders_of(st, enemy, "attack", n)
                if attackers:
                    pending.append({"seat": seat, "kind": "strike_back", "striker": n, "options": attackers,
                                    "optional": True})
    pending.sort(key=lambda p: (seats_in_order(st).index(p["seat"]), p["striker"] != HERO,
                                p["striker"] if p["striker"] != HERO else 0))
    st.update(step="respond", current=None, pending=pending)
    if not pending:
        resolve(st, rng, events)


def legal_pending(st: JSON, seat: str) -> list[JSON]:
    """The first pending choice's options, if it is ``seat``'s (respond and prevent steps)."""
    if not st["pending"] or st["pending"][0]["seat"] != seat:
        return []
    p = st["pending"][0]
    if p["kind"] == "cancel_impact":
        ab = hero_ability(st, seat)
        pays = hand_payments(st["players"][seat]["hand"], ab["cost"])
        out = [{"type": "CancelImpact", "on": on, "pay": pay} for on in p["options"] for pay in pays]
        return out + [{"type": "Decline", "striker": HERO}]
    out = [{"type": "Strike", "striker": p["striker"], "target": t} for t in p["options"]]
    return out + ([{"type": "Decline", "striker": p["striker"]}] if p["optional"] else [])


def apply_pending(st: JSON, seat: str, action: JSON, rng: Rng, events: list[JSON]) -> None:
    p = st["pending"].pop(0)
    if action["type"] == "CancelImpact":
        ab = pay_hero_ability(st, seat, action["pay"], events)
        amount = sum(e["amount"] for e in ab["effects"] if e["kind"] == "cancel_impacts")
        _cancel(st, seat, action["on"], amount, ab["id"], events)
    elif p["kind"] != "cancel_impact":
        target = action.get("target") if action["type"] == "Strike" else None
        st["strikes"][seat][str(p["striker"])] = target
        events.append({"type": "Struck" if target is not None else "Declined", "seat": seat,
                       "striker": p["striker"], "target": target})
    else:
        events.append({"type": "Declined", "seat": seat, "striker": HERO, "target": None})
    if not st["pending"]:
        if st["step"] == "respond":
            resolve(st, rng, events)
        else:
            _finish(st, rng, events)


# ---------------------------------------------------------------------------------------------------------
# resolution


def attack_groups(st: JSON) -> list[JSON]:
    """Every attack of this combat from the declarations and responses: {seat, attackers, target, kind}; several
    2.2 attacks on one unit combine into one (§21.4); a strike-back is its own comparison (§21.6)."""
    out: list[JSON] = []
    for seat in seats_in_order(st):
        strikes = st["strikes"][seat]
        for d in sorted(st["declarations"][seat], key=lambda d: d["slot"]):
            if d["order"] != "fight":
                continue
            n = d["slot"]
            struck = strikes.get(str(n), n)
            group = ([n] if struck == n else []) + _orders_of(st, seat, "support", n)
            if group:
                out.append({"seat": seat, "attackers": group, "target": n, "kind": "fight"})
            if struck != n:
                out.append({"seat": seat, "attackers": [n], "target": struck, "kind": "strike"})
        for j in sorted({d["target"] for d in st["declarations"][seat] if d["order"] == "attack"}):
            out.append({"seat": seat, "attackers": _orders_of(st, seat, "attack", j), "target": j, "kind": "attack"})
        heroes = _orders_of(st, seat, "hero")
        if heroes:
            out.append({"seat": seat, "attackers": heroes, "target": HERO, "kind": "hero"})
        for key, target in sorted(strikes.items()):
            if target is None or key == HERO:
                continue
            if any(d["slot"] == int(key) and d["order"] == "hold" for d in st["declarations"][seat]):
                out.append({"seat": seat, "attackers": [int(key)], "target": target, "kind": "strike"})
        if strikes.get(HERO) is not None:
            out.append({"seat": seat, "attackers": [HERO], "target": strikes[HERO], "kind": "hero_strike"})
    return out


def _bearer_abilities(st: JSON, seat: str, at: int | str) -> list[JSON]:
    """Abilities that act for a unit (its own unless negated, and its attachments') or a hero (passive)."""
    cat = st["catalogue"]
    if at == HERO:
        ab = ability(cat, cat["heroes"][st["players"][seat]["hero"]])
        return [ab] if ab and ab["cost"] is None else []
    unit = slot_of(st, seat, at)
    own = ability(cat, card(cat, unit["card"]))
    out = [own] if own and not negated(st, seat, at) else []
    return out + [a for a in (ability(cat, card(cat, i)) for i in unit["attached"]) if a]


def compare(st: JSON, group: JSON) -> JSON:
    """One attack's result: summed attack against defence; success is 1 impact plus extra impacts (§11.2)."""
    seat, enemy = group["seat"], other(st, group["seat"])
    total = sum(attack(st, seat, a, group["target"]) for a in group["attackers"])
    dfn = defence(st, enemy, group["target"])
    impacts = 0
    if total >= dfn:
        impacts = 1 + sum(e["amount"] for a in group["attackers"] for ab in _bearer_abilities(st, seat, a)
                          if ab["trigger"] in ("always", "impact") for e in ab["effects"] if e["kind"] == "extra_impacts")
    return {**group, "attack": total, "defence": dfn, "impacts": impacts}


def resolve(st: JSON, rng: Rng, events: list[JSON]) -> None:
    """All attacks at once on the board as it stands (l.368): impacts, then passive cancellations, then the
    prevention step for a costed hero ability that cancels impacts."""
    results = [compare(st, g) for g in attack_groups(st)]
    impacts: dict[tuple[str, int | str], int] = {}
    hits: list[JSON] = []
    for r in results:
        if r["impacts"]:
            key = (other(st, r["seat"]), r["target"])
            impacts[key] = impacts.get(key, 0) + r["impacts"]
            hits.append({"seat": key[0], "on": r["target"], "by": [[r["seat"], a] for a in r["attackers"]]})
    st.update(last=results, hits=hits,
              impacts=[{"seat": s, "on": on, "count": c} for (s, on), c in impacts.items()])
    events.append({"type": "CombatResolved", "results": results})
    for seat in seats_in_order(st):
        for imp in [i for i in st["impacts"] if i["seat"] == seat]:
            for ab in _bearer_abilities(st, seat, imp["on"]):
                if ab["trigger"] == "impact":
                    amount = sum(e["amount"] for e in ab["effects"] if e["kind"] == "cancel_impacts")
                    if amount:
                        _cancel(st, seat, imp["on"], amount, ab["id"], events)
    pending = []
    for seat in seats_in_order(st):
        ab = hero_ability(st, seat)
        targets = [i["on"] for i in st["impacts"] if i["seat"] == seat and i["count"]]
        if (ab and ab["trigger"] == "impact" and targets and any(e["kind"] == "cancel_impacts" for e in ab["effects"])
                and len(st["players"][seat]["hand"]) >= ab["cost"]):
            targets.sort(key=lambda on: (on != HERO, on if on != HERO else 0))
            pending.append({"seat": seat, "kind": "cancel_impact", "striker": HERO, "options": targets,
                            "optional": True})
    st.update(step="prevent", pending=pending)
    if not pending:
        _finish(st, rng, events)


def _cancel(st: JSON, seat: str, on: int | str, amount: int, by: str, events: list[JSON]) -> None:
    for imp in st["impacts"]:
        if imp["seat"] == seat and imp["on"] == on and imp["count"]:
            n = min(amount, imp["count"])
            imp["count"] -= n
            events.append({"type": "ImpactCancelled", "seat": seat, "on": on, "count": n, "by": by})


def _finish(st: JSON, rng: Rng, events: list[JSON]) -> None:
    """Impacts become wounds; annihilated units go to the discard pile; death abilities act; hero defeat (§14)."""
    for imp in st["impacts"]:
        if imp["count"]:
            seat, on = imp["seat"], imp["on"]
            if on == HERO:
                st["players"][seat]["hero_wounds"] += imp["count"]
                wounds = st["players"][seat]["hero_wounds"]
            else:
                slot_of(st, seat, on)["wounds"] += imp["count"]
                wounds = slot_of(st, seat, on)["wounds"]
            events.append({"type": "Wounded", "seat": seat, "on": on, "count": imp["count"], "wounds": wounds})
    dead = [(seat, n) for seat in seats_in_order(st) for n, u in units(st, seat) if u["wounds"] >= life(st, seat, n)]
    triggers: list[tuple[str, JSON, int]] = []
    for seat, n in dead:
        triggers += [(seat, ab, n) for ab in _bearer_abilities(st, seat, n) if ab["trigger"] == "annihilated"]
    killers = {(s, a) for h in st["hits"] if (h["seat"], h["on"]) in set(dead) for s, a in h["by"] if a != HERO}
    for seat, n in sorted(killers, key=lambda k: (seats_in_order(st).index(k[0]), k[1])):
        triggers += [(seat, ab, n) for ab in _bearer_abilities(st, seat, n) if ab["trigger"] == "annihilates"]
    for seat, n in dead:
        p, unit = st["players"][seat], slot_of(st, seat, n)
        p["slots"][n - 1] = None
        p["discard"] = [unit["card"], *unit["attached"]] + p["discard"]
        events.append({"type": "UnitAnnihilated", "seat": seat, "slot": n, "card": card_id(unit["card"]),
                       "name": card(st["catalogue"], unit["card"])["name"],
                       "attached": [card_id(a) for a in unit["attached"]]})
    triggers.sort(key=lambda t: seats_in_order(st).index(t[0]))
    for seat, ab, n in triggers:
        card_effects(st, seat, ab, n, rng, events)
    st.update(declarations={s: [] for s in st["seats"]}, negations={s: {} for s in st["seats"]},
              strikes={s: {} for s in st["seats"]}, pending=[], impacts=[], hits=[])
    events.append({"type": "CombatEnded", "turn": st["turn"]})
    if not check_heroes(st, rng, events):
        st["step"] = "start_replenishment"  # flow: replenishment.start_replenishment
