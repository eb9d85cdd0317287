"""Phase 1, deployment (§10; seed 002 l.235-273): alternating single actions from the marker holder, each
deploying one card and paying its cost by removing cards, until both players have passed.

A unit goes into an empty slot, its cost paid with other cards of the hand (l.245-249; ⚡: -1 while the hero is
wounded, l.251). Equipment and tactics are tucked under one of the player's units, never two of the same name on
one unit (§6.2), paid from the hand or, with ↓, from the top of the draw deck unseen (l.257-267). A ↓ cost needs
enough cards in the draw deck and discard pile (§21.12). A card that is not attached (``attached: false``) acts
when deployed and goes to the discard pile (rulings).
"""
from __future__ import annotations

from itertools import combinations

from engine.core.rng import Rng
from engine.tambores.cards import ability, card, kind_of, name
from engine.tambores.effects import card_effects
from engine.tambores.piles import available, remove_from_hand, removed_from_hand, take_from_hand, take_top
from engine.tambores.state import JSON, card_id, other
from engine.tambores.stats import deployment_cost

DEPLOY_TYPES = {"units": "DeployUnit", "equipment": "DeployEquipment", "tactics": "DeployTactic"}


def start_turn(st: JSON, turn: int, events: list[JSON]) -> None:
    """A new turn: deployment, the marker holder first (§8, §9)."""
    st.update(turn=turn, phase="deployment", step="deploy", current=st["marker"], last=st.get("last", []))
    for seat in st["seats"]:
        st["players"][seat]["passed"] = False
    events.append({"type": "TurnStarted", "turn": turn, "marker": st["marker"]})


def payments(hand: list[str], without: str, cost: int) -> list[list[str]]:
    """Every distinct choice of ``cost`` other hand cards (by card id), sorted."""
    rest = sorted(card_id(c) for c in hand)
    rest.remove(card_id(without))
    if cost > len(rest):
        return []
    return [list(p) for p in sorted(set(combinations(rest, cost)))]


def _same_name_free(st: JSON, seat: str, n: int, cid: str) -> bool:
    cat = st["catalogue"]
    unit = st["players"][seat]["slots"][n - 1]
    names = {name(cat, unit["card"])} | {name(cat, a) for a in unit["attached"]}
    return card(cat, cid)["name"] not in names


def legal(st: JSON, seat: str) -> list[JSON]:
    """The deployment actions of the seat whose action it is (§10)."""
    p = st["players"][seat]
    cat = st["catalogue"]
    empty = [i + 1 for i, s in enumerate(p["slots"]) if s is None]
    out: list[JSON] = []
    distinct = sorted({card_id(c) for c in p["hand"]})
    for kind in ("units", "equipment", "tactics"):
        for cid in (c for c in distinct if kind_of(cat, c) == kind):
            cost = deployment_cost(st, seat, cid)
            entry = card(cat, cid)
            if kind != "units" and entry["cost_from_deck"]:
                pays = [[]] if available(st, seat) >= cost else []
            else:
                pays = payments(p["hand"], cid, cost)
            if kind == "units":
                targets: list[int | None] = empty
            elif entry["attached"]:
                targets = [i + 1 for i, s in enumerate(p["slots"]) if s and _same_name_free(st, seat, i + 1, cid)]
            else:
                targets = [None]
            out += [{"type": DEPLOY_TYPES[kind], "card": cid, "slot": n, "pay": pay} for n in targets for pay in pays]
    out.append({"type": "Pass"})
    return out


def apply(st: JSON, seat: str, action: JSON, rng: Rng, events: list[JSON]) -> None:
    """Deploy one card or pass, then hand the action to the next player who has not passed."""
    p = st["players"][seat]
    cat = st["catalogue"]
    if action["type"] == "Pass":
        p["passed"] = True
        events.append({"type": "Passed", "seat": seat})
    else:
        cid, n = action["card"], action["slot"]
        entry = card(cat, cid)
        inst = take_from_hand(st, seat, cid)
        cost = deployment_cost(st, seat, cid)
        if action["pay"]:
            paid = remove_from_hand(st, seat, action["pay"])
            removed_from_hand(seat, paid, "cost", events)
        elif cost:
            paid = take_top(st, seat, cost, rng, events)
            p["removed"] = paid + p["removed"]
            events.append({"type": "CardsRemoved", "seat": seat, "count": len(paid), "reason": "cost",
                           "source": "draw_deck"})
        kind = kind_of(cat, cid)
        if kind == "units":
            p["slots"][n - 1] = {"card": inst, "wounds": 0, "attached": [], "deployed_turn": st["turn"]}
        elif n is not None:
            p["slots"][n - 1]["attached"].append(inst)
        else:
            p["discard"].insert(0, inst)
        events.append({"type": action["type"].replace("Deploy", "") + "Deployed", "seat": seat, "card": cid,
                       "instance": inst, "name": entry["name"], "slot": n, "cost": cost})
        ab = ability(cat, entry)
        if ab and ab["trigger"] == "deployed":
            card_effects(st, seat, ab, n, rng, events)
    nxt = other(st, seat)
    if not st["players"][nxt]["passed"]:
        st["current"] = nxt
    elif not p["passed"]:
        st["current"] = seat
    else:
        st["step"] = "start_combat"  # flow: combat.start_combat
