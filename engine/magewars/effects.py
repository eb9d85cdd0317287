"""Card texts that act around an attack or a cost (their card texts; the Rule of Magic, §0): casting discounts
(Ring of Beasts, Ring of Curses, Ring of Asyra, Arcane Ring), "next melee attack this round gains ..." (Vampiric
Strike, Perfect Strike, Piercing Strike), Helm of Fear, Retaliate's end.

Functions work on the state in place and return events, like the other duel modules.
"""
from __future__ import annotations

import copy
from typing import Any

from engine.magewars.cards import card, has_card
from engine.magewars.pack import Card, CardType
from engine.magewars.state import JSON, attached, destroy
from engine.magewars.traits import text_tags

NEXT_MELEE: dict[str, list[JSON]] = {
    "Vampiric Strike": [{"trait": "Vampiric"}, {"trait": "Piercing", "value": 1}],
    "Perfect Strike": [{"trait": "Unavoidable"}],
    "Piercing Strike": [{"trait": "Piercing", "value": 3}],
}
"""Incantations whose target's next melee attack this round gains attack traits (their texts)."""
HELM = "Helm of Fear"
HELM_CANCELS = 9
"""Helm of Fear: a d12 of 9+ cancels a melee attack on its mage (its text)."""


# ---- casting discounts ----------------------------------------------------------------------------------------

def _matches(c: Card, words: list[str]) -> bool:
    subtypes = [s.lower() for s in c.subtypes]
    schools = [str(s.school) for s in c.schools]
    for w in words:
        if w == "animal" and c.type == CardType.CREATURE and "animal" in subtypes:
            return True
        if w == "holy" and "holy" in schools and c.type in (CardType.ENCHANTMENT, CardType.INCANTATION):
            return True
        if w in subtypes and w != "animal":
            return True
    return False


def discount(state: JSON, caster: str, c: Card, *, reveal: bool = False) -> tuple[int, str | None]:
    """A mage's once-per-round casting discount (``[Casting Discount] [1] [Animal] [x1]``) for ``c``: (mana,
    the item's oid). Enchantments get it only when revealed; Ring of Beasts only when casting (their texts)."""
    obj = state["objects"].get(caster)
    if obj is None or obj["kind"] != "mage":
        return 0, None
    seat = obj["controller"]
    for ring in attached(state, caster):
        if ring["kind"] != "equipment" or not has_card(ring["card"]) or f"discount:{ring['id']}" in state["used"][seat]:
            continue
        rc = card(ring["card"])
        tags = text_tags(rc.text)
        if "Casting Discount" not in tags or len(tags) < 3 or not tags[1].isdigit():
            continue
        reveals = "or reveals" in (rc.text or "")
        if (c.type == CardType.ENCHANTMENT) != reveal or (reveal and not reveals):
            continue
        if _matches(c, [w.strip().lower() for w in tags[2].split("/")]):
            return int(tags[1]), ring["id"]
    return 0, None


def use_discount(state: JSON, seat: str, ring: str | None) -> None:
    if ring:
        state["used"][seat].append(f"discount:{ring}")


# ---- next melee attack ----------------------------------------------------------------------------------------

def grant_next_melee(state: JSON, oid: str, spell: str) -> list[JSON]:
    obj = state["objects"][oid]
    obj["counters"].setdefault("next_melee", []).extend(NEXT_MELEE[spell])
    obj["counters"]["next_melee_round"] = state["round"]
    return [{"type": "NextAttackGains", "object": oid, "traits": [t["trait"] for t in NEXT_MELEE[spell]]}]


def with_next_melee(state: JSON, attacker: str, bar: JSON, run: Any) -> list[JSON]:
    """Run an attack (``run()``) with the attacker's "next melee attack" traits laid on its melee bars for this
    attack only (the match's copy of its card in ``state["cards"]``), then spent."""
    from engine.magewars import stats
    obj = state["objects"][attacker]
    grants = obj["counters"].get("next_melee")
    if not grants or bar["range_type"] != "melee" or obj["counters"].get("next_melee_round") != state["round"]:
        return run()
    name = obj["card"]
    before = state["cards"].get(name)
    raw = copy.deepcopy(stats.card(state, name))
    for b in raw.get("attacks") or []:
        if str(b.get("range_type", "")).lower() == "melee":
            b["traits"] = list(b.get("traits") or []) + copy.deepcopy(grants)
    state["cards"][name] = raw
    events = run()
    if before is None:
        state["cards"].pop(name, None)
    else:
        state["cards"][name] = before
    if attacker in state["objects"]:
        state["objects"][attacker]["counters"].pop("next_melee", None)
    return events


# ---- Helm of Fear, Retaliate --------------------------------------------------------------------------------

def helm_cancels(state: JSON, attacker: str, target: str, bar: JSON, rng: Any) -> list[JSON]:
    """Helm of Fear: a melee attack (not a counterstrike) on its mage rolls the effect die in the Declare step;
    9+ cancels it; not against Nonliving or Psychic Immunity attackers. Returns the events ([] when no helm)."""
    from engine.magewars import stats
    if bar["range_type"] != "melee" or not any(o["card"] == HELM for o in attached(state, target)):
        return []
    t = stats.traits(state, attacker)
    if t.has("Nonliving") or t.has("Psychic Immunity"):
        return []
    roll = rng.randbelow(12) + 1
    return [{"type": "HelmOfFearRolled", "object": target, "attacker": attacker, "roll": roll,
             "canceled": roll >= HELM_CANCELS}]


def retaliate_spent(state: JSON, events: list[JSON]) -> list[JSON]:
    """Retaliate is destroyed the first time its creature makes a counterstrike (its text)."""
    out: list[JSON] = []
    for e in events:
        if e.get("type") == "Counterstrike" and e.get("object") in state["objects"]:
            for ench in attached(state, e["object"]):
                if ench["card"] == "Retaliate" and not ench["face_down"]:
                    destroy(state, ench["id"], out, cause="used")
    return out
