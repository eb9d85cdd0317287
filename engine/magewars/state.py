"""The Mage Wars match state: a JSON-ready dict, its objects, and the helpers every module shares.

The state (``system.py`` documents the view made from it)::

    mode: "apprentice" | "full"           size: [columns, rows] of the arena (arena.py)
    seats: [seat, seat]                   mages: {seat: oid of its mage}
    round: int                            phase: "planning" | "deployment" | "actions" | "over"
    step: the step of the phase (round.py: "plan", "quickcast_first", "turn", "quickcast_final", ...)
    initiative: seat                      turn: seat whose action turn (or quickcast window) it is
    activation: {oid, moved, hindered, quick, full, ended}, or None outside an action turn
    objects: {oid: object}                next_id: int
    books: {seat: {card name: copies}}    the spellbook's cards still in it (hidden from the other seat)
    planned: {seat: [card name, ...]}     the spells prepared this round (hidden until cast)
    assigned: {seat: {oid: card name}}    spells prepared for a familiar or spawnpoint (hidden)
    planning_done: [seat, ...]            discard: {seat: [card name, ...]}   (public)
    quickcast_window: {seat, oid, when} or None   an open quickcast window before/after a creature's turn
    passes: {seat: int}                   used: {seat: [once-per-round names]} (Arcane Zap, Quick Summon)
    winner: seat | None, over: bool, reason: str
    log: the referee's adjustments (referee.py)

Every object (the shared shape the combat modules read too)::

    {"id": oid, "card": card name as in the data (a mage: its class, "Wizard"), "owner": seat,
     "controller": seat, "kind": "mage"|"creature"|"conjuration"|"equipment"|"enchantment",
     "zone": "B2" (None for walls, which have "border": "A1|B1", and for attachments, which have
     "attached_to": oid or "attached_zone": zone), "damage": int, "conditions": {"Burn": 2},
     "mana": int, "ready": bool (action marker active), "quickcast": bool, "guard": bool,
     "face_down": bool, "defenses_used": [index, ...], "counters": {...}, "order": int (casting order)}

A mage also has ``"mage": <mage stats id>`` (``cards.mage_stats``) and ``"stats"``: its life, armor,
channeling and attack bars for this match (``mages.py``), with ``"life_lost"`` for permanent life changes.
"""
from __future__ import annotations

import json
import re
from typing import Any

from engine.magewars import arena

JSON = dict[str, Any]
KINDS = ("mage", "creature", "conjuration", "equipment", "enchantment")


def clone(state: JSON) -> JSON:
    """A deep copy: ``apply`` works on it so a refused action leaves the caller's state untouched. The state is
    JSON (the property tests check it), and a JSON round trip copies it several times faster than deepcopy."""
    return json.loads(json.dumps(state))


def new_object(state: JSON, card: str, kind: str, seat: str, *, zone: str | None = None, **extra: Any) -> JSON:
    """Put a new object in the arena and return it."""
    oid = f"o{state['next_id']}"
    state["next_id"] += 1
    obj = {"id": oid, "card": card, "owner": seat, "controller": seat, "kind": kind, "zone": zone,
           "damage": 0, "conditions": {}, "mana": 0, "ready": False, "quickcast": False, "guard": False,
           "face_down": False, "defenses_used": [], "counters": {}, "order": state["next_id"]}
    obj.update(extra)
    state["objects"][oid] = obj
    return obj


def other(state: JSON, seat: str) -> str:
    return next(s for s in state["seats"] if s != seat)


def tally_damage(state: JSON, oid: str, amount: int) -> None:
    """Keep each mage's damage taken in all, which healing never lowers (docs/rulings/magewars.md, "Round
    limit": the tournament tie-break when time is called). Damage prevented after it was put on, or a referee's
    correction, changes it too."""
    seat = next((s for s, m in state.get("mages", {}).items() if m == oid), None)
    if seat is not None and amount:
        taken = state.setdefault("damage_taken", {})
        taken[seat] = max(0, taken.get(seat, 0) + amount)


def size(state: JSON) -> tuple[int, int]:
    return tuple(state["size"])  # type: ignore[return-value]


def zone_of(state: JSON, oid: str) -> str | None:
    """Where an object is: its zone, its host's zone for attachments (§9.7, §9.8), None for walls."""
    obj = state["objects"][oid]
    if obj.get("attached_to"):
        return zone_of(state, obj["attached_to"])
    return obj.get("zone") or obj.get("attached_zone")


def creatures(state: JSON, seat: str | None = None) -> list[JSON]:
    """Mages and creatures (the objects with an action marker, §5.1), optionally of one controller."""
    return [o for o in state["objects"].values() if o["kind"] in ("mage", "creature")
            and (seat is None or o["controller"] == seat)]


def attached(state: JSON, oid: str) -> list[JSON]:
    """Equipment, enchantments and conjurations attached to an object, in casting order."""
    return sorted((o for o in state["objects"].values() if o.get("attached_to") == oid), key=lambda o: o["order"])


def in_zone(state: JSON, zone: str) -> list[JSON]:
    """Objects standing in a zone (not attachments, not walls)."""
    return [o for o in state["objects"].values() if o.get("zone") == zone]


def barriers(state: JSON) -> dict[str, set[str]]:
    """Each wall's border and what it blocks (arena.py's words), from its card's traits (§9.6)."""
    from engine.magewars.cards import card, has_card
    out: dict[str, set[str]] = {}
    for o in state["objects"].values():
        if o.get("border") and has_card(o["card"]):
            traits = set(card(o["card"]).traits)
            out[o["border"]] = ({arena.BLOCKS_LOS} if "Blocks LOS" in traits else set()) \
                | ({arena.PASSAGE_BLOCKED} if "Passage Blocked" in traits else set()) \
                | ({arena.PASSAGE_ATTACK} if "Passage Attacks" in traits else set())
    return out


_DESTROYED_GAIN = re.compile(r"If this spell is destroyed, even if it has not been revealed, its controller gains "
                             r"(\d+) mana")


def _mana_when_destroyed(obj: JSON) -> int:
    """Decoy: its controller gains 2 mana when it is destroyed, hidden or not (its card text)."""
    from engine.magewars.cards import card, has_card
    m = _DESTROYED_GAIN.search(card(obj["card"]).text or "") if has_card(obj["card"]) else None
    return int(m.group(1)) if m else 0


def _chain_curse(state: JSON, host: JSON) -> str | None:
    """Chain Curses (§14.3): when a creature carrying curses is destroyed, a Warlock (once per round) returns
    one of his curses on it (the first cast) to his spellbook instead of the discard pile; its oid, or None."""
    from engine.magewars.cards import card, has_card
    from engine.magewars.mages import has_ability
    if host["kind"] not in ("creature", "mage"):
        return None
    for ench in attached(state, host["id"]):
        seat = ench["owner"]
        mage = state["objects"].get(state["mages"].get(seat, ""))
        if ench["kind"] == "enchantment" and has_card(ench["card"]) and "Curse" in card(ench["card"]).subtypes \
                and mage is not None and has_ability(mage, "Chain Curses") \
                and "Chain Curses" not in state["used"][seat]:
            state["used"][seat].append("Chain Curses")
            return ench["id"]
    return None


def destroy(state: JSON, oid: str, events: list[JSON], *, cause: str = "destroyed") -> None:
    """Remove an object and everything attached to it; the cards go to their owner's discard pile (§9.2)."""
    obj = state["objects"].get(oid)
    if obj is None:
        return
    kept = _chain_curse(state, obj)
    state["objects"].pop(oid)
    for child in [o for o in state["objects"].values() if o.get("attached_to") == oid]:
        if child["id"] == kept:  # Chain Curses (§14.3): this curse goes back to its owner's spellbook
            state["objects"].pop(kept)
            book = state["books"][child["owner"]]
            book[child["card"]] = book.get(child["card"], 0) + 1
            events.append({"type": "CurseReturned", "object": kept, "card": child["card"], "owner": child["owner"]})
            continue
        destroy(state, child["id"], events, cause="host destroyed")
    if obj["kind"] != "mage":
        state["discard"][obj["owner"]].append(obj["card"])
    if obj.get("bound"):  # its spellbound spell is destroyed with it (§9.9)
        state["discard"][obj["owner"]].append(obj["bound"])
    gain = _mana_when_destroyed(obj)
    if gain and obj["controller"] in state["mages"] and state["mages"][obj["controller"]] in state["objects"]:
        state["objects"][state["mages"][obj["controller"]]]["mana"] += gain
        events.append({"type": "ManaGained", "seat": obj["controller"], "amount": gain, "source": oid})
    for seat in state["seats"]:  # a familiar's or spawnpoint's assigned spell is destroyed with it (§4)
        spell = state["assigned"][seat].pop(oid, None)
        if spell:
            state["discard"][seat].append(spell)
    if not obj.get("destroyed"):  # the combat module already announced what its damage destroyed
        events.append({"type": "ObjectDestroyed", "object": oid, "card": obj["card"], "owner": obj["owner"],
                       "cause": cause})


def grant_for_round(state: JSON, oid: str, traits: list[str]) -> None:
    """Give traits until the end of the round: kept in the object's ``traits`` and taken off by
    ``round.end_round`` (listed in ``counters["round_traits"]``)."""
    obj = state["objects"][oid]
    obj.setdefault("traits", []).extend(traits)
    obj["counters"].setdefault("round_traits", []).extend(traits)
