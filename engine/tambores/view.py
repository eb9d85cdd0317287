"""What a seat may see (§16): its own hand; of the other's only counts; no deck order for anyone; the removed
pile face down (a count); a simultaneous choice only as "decided" until both are made. Plus what a presenter
needs to draw the battle: each slot's effective values, the declared attacks with their sums, the last results.
"""
from __future__ import annotations

from engine.tambores.cards import ability_view as _ability, card, deck_entries, entry_view
from engine.tambores.combat import attack_groups, compare
from engine.tambores.effects import hero_ability
from engine.tambores.state import JSON, card_id, other
from engine.core.pack import UNKNOWN
from engine.tambores.stats import HERO, attack, defence, deployment_cost, engaged, negated


def _slot(st: JSON, seat: str, n: int, s: JSON | None) -> JSON | None:
    if s is None:
        return None
    cat = st["catalogue"]
    c = card(cat, s["card"])
    return {"slot": n, "card": card_id(s["card"]), "instance": s["card"], "name": c["name"],
            "attack": attack(st, seat, n), "defence": defence(st, seat, n), "printed_attack": c["attack"],
            "printed_defence": c["defence"], "life": c["life"], "range": c["range"], "wounds": s["wounds"],
            "attack_bolt": c["attack_bolt"], "defence_bolt": c["defence_bolt"], "unit_type": c["unit_type"],
            "ability": _ability(cat, c), "negated": negated(st, seat, n), "engaged": engaged(st, seat, n),
            "deployed_turn": s["deployed_turn"],
            "attached": [{"card": card_id(a), "instance": a, "name": card(cat, a)["name"],
                          "kind": "equipment" if card_id(a) in cat["equipment"] else "tactic"} for a in s["attached"]]}


def _hero(st: JSON, seat: str) -> JSON | None:
    p = st["players"][seat]
    if p["hero"] is None:
        return None
    cat = st["catalogue"]
    h = cat["heroes"][p["hero"]]
    return {"id": h["id"], "name": h["name"], "colour": h["colour"], "attack": attack(st, seat, HERO),
            "defence": defence(st, seat, HERO), "life": h["life"], "wounds": p["hero_wounds"],
            "ability": _ability(cat, h), "ability_ready": hero_ability(st, seat) is not None}


def _hand_entry(st: JSON, seat: str, instance: str) -> JSON:
    """A card of the viewer's own hand: its printed values from the match's pack copy, and ``cost``, the cards
    it takes to deploy it now (§5 ⚡, cost modifiers)."""
    out = entry_view(st["catalogue"], instance)
    out["cost"] = deployment_cost(st, seat, out["id"]) if out["deployment_cost"] != UNKNOWN else UNKNOWN
    return out


def view(st: JSON, seat: str | None, awaiting: list[str]) -> JSON:
    """The state as ``seat`` (None: a spectator) may see it."""
    cat = st["catalogue"]
    players = {}
    for s in st["seats"]:
        p = st["players"].get(s)
        if p is None:  # the armies are not chosen yet
            players[s] = None
            continue
        players[s] = {
            "deck": p["deck"], "deck_name": cat["decks"][p["deck"]]["name"], "army": p["army"],
            "hero": _hero(st, s), "slots": [_slot(st, s, i + 1, u) for i, u in enumerate(p["slots"])],
            "hand": [_hand_entry(st, s, c) for c in p["hand"]] if s == seat else None, "hand_count": len(p["hand"]),
            "draw_deck_count": len(p["draw_deck"]), "discard": [card_id(c) for c in p["discard"]],
            "discard_count": len(p["discard"]), "removed_count": len(p["removed"]), "passed": p["passed"],
            "removal_left": p["removal_left"],
        }
    in_combat = st["step"] in ("respond", "prevent") or (st["step"] == "declare")
    attacks = [compare(st, g) for g in attack_groups(st)] if in_combat else []
    if st["step"] == "declare":  # results are not known before the responses: sums only
        attacks = [{k: v for k, v in a.items() if k != "impacts"} for a in attacks]
    secret = {s: ("decided" if s in st["secret"] else None) for s in st["seats"]}
    if seat in st["secret"]:
        secret[seat] = st["secret"][seat]
    return {
        "game": "tambores", "view_of": seat, "seats": list(st["seats"]), "mode": st["mode"],
        "pack": {"id": st["pack_id"], "name": st["pack_name"], "training": st["pack_training"]},
        "pack_id": st["pack_id"], "pack_training": st["pack_training"],
        "battle": st["series"]["battle"], "battles": st["series"]["battles"], "results": st["series"]["results"],
        "points": st["series"]["points"], "turn": st["turn"], "marker": st["marker"], "phase": st["phase"],
        "step": st["step"], "current": st["current"], "awaiting": awaiting, "players": players,
        "declarations": st["declarations"], "negations": st["negations"], "strikes": st["strikes"],
        "cards": deck_entries(cat, sorted({p["deck"] for p in st["players"].values()})),
        "decks": {d["id"]: {"name": d["name"], "army": d["army"], "heroes": list(d["heroes"])}
                  for d in cat["decks"].values()},
        "pending": st["pending"], "impacts": st["impacts"], "attacks": attacks, "secret": secret, "last": st["last"],
        "result": st["result"], "outcome": st["outcome"], "opponent": {s: other(st, s) for s in st["seats"]},
        "dumped": st.get("dumped") or {},
    }
