"""Auras: cards whose text gives traits to other creatures while they are in play (§9.6: a conjuration's effect
reaches the whole arena unless its text says otherwise; §9.7 for a revealed zone enchantment).

The duel keeps what they give in each object's ``traits`` (which the combat modules read), recomputed after
every action by :func:`refresh`: what an aura gave last time is listed in ``counters["aura_traits"]`` and taken
back first. Tooth & Nail gives a trait to melee *attacks*, which the combat modules read from the attack bar:
it is laid over the animals' cards in ``state["cards"]`` (the match's own card copies, read first).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from engine.magewars.cards import card, has_card
from engine.magewars.state import JSON, zone_of


@dataclass(frozen=True)
class Aura:
    """Who an aura reaches and what it gives: ``scope`` "zone" (the source's zone) or "arena"; ``friendly``
    (the source's controller only); ``living``; ``subtype`` (animal, canine...); ``other`` (not the source)."""

    traits: tuple[str, ...]
    scope: str = "zone"
    friendly: bool = True
    living: bool = False
    subtype: str | None = None
    other: bool = False
    near_mage: bool = False
    """Only the source itself, while in its controller's mage's zone (Goran)."""


AURAS: dict[str, Aura] = {
    "Highland Unicorn": Aura(("Regenerate 1",), living=True),
    "Mohktari, Great Tree of Life": Aura(("Regenerate 2",), living=True),
    "Rajan's Fury": Aura(("Charge +1",), scope="arena", friendly=False, subtype="animal"),
    "Redclaw, Alpha Male": Aura(("Armor +1", "Melee +1"), subtype="canine", other=True),
    "Sacred Ground": Aura(("Aegis 1",), living=True),
    "Goran, Werewolf Pet": Aura(("Bloodthirsty +1",), near_mage=True),
}
"""The starter cards' auras, read from their texts (module docstring; docs/rulings/magewars.md)."""
MELEE_AURAS = {"Tooth & Nail": ("animal", "Piercing", 1)}
"""Auras on melee attacks: subtype of the creatures, the attack trait and its value."""


def _reaches(state: JSON, aura: Aura, source: JSON, obj: JSON) -> bool:
    from engine.magewars import stats
    if obj["kind"] not in ("creature", "mage") or not obj.get("zone"):
        return False
    if aura.other and obj["id"] == source["id"]:
        return False
    if aura.near_mage:
        mage = state["objects"].get(state["mages"].get(source["controller"], ""))
        return obj["id"] == source["id"] and mage is not None and zone_of(state, mage["id"]) == obj["zone"]
    if aura.friendly and obj["controller"] != source["controller"]:
        return False
    if aura.scope == "zone" and obj["zone"] != zone_of(state, source["id"]):
        return False
    if aura.living and not stats.living(state, obj["id"]):
        return False
    return aura.subtype is None or aura.subtype in [s.lower() for s in stats.subtypes(state, obj["id"])]


def refresh(state: JSON) -> None:
    """Recompute every aura's traits (module docstring)."""
    for obj in state["objects"].values():
        for t in obj["counters"].pop("aura_traits", []):
            if t in obj.get("traits", []):
                obj["traits"].remove(t)
    sources = [o for o in state["objects"].values() if o["card"] in AURAS and not o.get("face_down")]
    for source in sorted(sources, key=lambda o: o["order"]):
        aura = AURAS[source["card"]]
        for obj in list(state["objects"].values()):
            if _reaches(state, aura, source, obj):
                obj.setdefault("traits", []).extend(aura.traits)
                obj["counters"].setdefault("aura_traits", []).extend(aura.traits)
    _restraints(state)
    _melee_overlays(state)


def _restraints(state: JSON) -> None:
    """Tanglevine and Force Hold hold their creature Restrained (``conditions["Restrained"]``, which the combat
    and movement rules read) while attached and revealed, unless it is Uncontainable (their texts, §12.2)."""
    from engine.magewars import conditions
    from engine.magewars.traits import text_tags
    for obj in state["objects"].values():
        n = obj["counters"].pop("aura_restrained", 0)
        if n:
            left = obj["conditions"].get("Restrained", 0) - n
            if left > 0:
                obj["conditions"]["Restrained"] = left
            else:
                obj["conditions"].pop("Restrained", None)
    for holder in list(state["objects"].values()):
        host = state["objects"].get(holder.get("attached_to") or "")
        if host is None or holder.get("face_down") or not has_card(holder["card"]) \
                or "Restrained" not in text_tags(card(holder["card"]).text) \
                or conditions.refusal(state, host["id"], "Restrained"):
            continue
        host["conditions"]["Restrained"] = host["conditions"].get("Restrained", 0) + 1
        host["counters"]["aura_restrained"] = host["counters"].get("aura_restrained", 0) + 1


def _melee_overlays(state: JSON) -> None:
    from engine.magewars import stats
    for name in state.pop("aura_cards", []):
        state["cards"].pop(name, None)
    active = [MELEE_AURAS[o["card"]] for o in state["objects"].values() if o["card"] in MELEE_AURAS]
    if not active:
        return
    overlaid = []
    for obj in state["objects"].values():
        if obj["kind"] != "creature" or obj["card"] in overlaid or not has_card(obj["card"]):
            continue
        subtypes = [s.lower() for s in card(obj["card"]).subtypes]
        gains = [(trait, value) for sub, trait, value in active if sub in subtypes]
        if not gains:
            continue
        raw = copy.deepcopy(stats.card(state, obj["card"]))
        for bar in raw.get("attacks") or []:
            if str(bar.get("range_type", "")).lower() == "melee":
                for trait, value in gains:
                    bar.setdefault("traits", []).append({"trait": trait, "value": value})
        state["cards"][obj["card"]] = raw
        overlaid.append(obj["card"])
    state["aura_cards"] = overlaid
