"""Mage Wars Arena object stats now: armor, life, attacks, defenses and traits from the card, what is attached, and
the markers on it.

An object of ``state["objects"]`` names its card (``"card": "Brogan Bloodstone"``); its printed stats come from the
card data, in the shape of the shared OCTGN data (``shared/data-sources/magewars/cards.json``: ``stats``,
``traits``, ``attacks``, ``text``). A match may carry its own cards (a pack's, or cards typed from the rulebook) in
``state["cards"]``, name -> card in that shape, which win over the library. To the printed stats this module adds
the revealed enchantments and the equipment attached to the object (their ``[Tag]`` marks, ``[Armor +2]``,
``[Defense 7+ 1x]``), the traits granted by effects (``obj["traits"]``, a list of printed traits), Rage tokens,
and the conditions (Corrode, Tainted, the loss of Flying). Nothing here changes the state.

"§" is a section of ``shared/rules/magewars.md``.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.errors import InvalidInput
from engine.magewars.traits import Trait, Traits, parse_trait, text_tags, with_implied

JSON = dict[str, Any]
MAGE_LEVEL = 6
"""A mage is a level 6 creature (§9.1)."""
SHARED_CARDS = Path(__file__).resolve().parents[3] / "shared" / "data-sources" / "magewars" / "cards.json"
"""The shared card data, read until the game ships its own card file (``engine/magewars/cards.py``)."""
TAINTED_DAMAGE = 3
"""Each Tainted marker counts as 3 damage that cannot be healed (Codex.txt, see conditions.py)."""
_DEFENSE = re.compile(r"^Defense\s*=?\s*(\d+)\+\s*(?:(\d+)x|(inf|∞))?\s*(No Ranged|No Melee)?$", re.I)
_FEWER_DICE = re.compile(r"rolls (\d+) fewer attack dice", re.I)
_ACTIONS = {"Quick": "quick", "Full": "full"}
_KINDS = {"Melee": "melee", "Ranged": "ranged", "Damage Barrier": "damage_barrier", "Passage Attack": "passage_attack"}


@lru_cache(maxsize=1)
def _library() -> dict[str, JSON]:
    """Card name -> card, the first game card of that name outside the community playtest sets."""
    data = json.loads(SHARED_CARDS.read_text(encoding="utf-8"))
    playtest = {s["id"] for s in data.get("sets", []) if s.get("kind") == "community_playtest"}
    out: dict[str, JSON] = {}
    for c in data["cards"]:
        if c.get("is_game_card", True) and c.get("set_id") not in playtest:
            out.setdefault(c["name"], c)
    return out


def card(state: JSON, name: str) -> JSON:
    """The card named ``name``: the match's own (``state["cards"]``) first, then the library.

    :raises InvalidInput: ``mw.combat.unknown_card``.
    """
    own = state.get("cards") or {}
    found = own.get(name) or _library().get(name)
    if found is None:
        raise InvalidInput("mw.combat.unknown_card", card=name)
    return found


def card_of(state: JSON, oid: str) -> JSON:
    """The object's card; a mage whose card prints no life reads its stats card (``Wizard`` -> ``Wizard Stats``)."""
    obj = state["objects"][oid]
    c = card(state, obj["card"])
    if obj.get("kind") == "mage" and "life" not in (c.get("stats") or {}):
        own = state.get("cards") or {}
        stats_name = f"{obj['card']} Stats"
        c = own.get(stats_name) or _library().get(stats_name) or c
    return c


def attachments(state: JSON, oid: str, *, revealed_only: bool = True) -> list[JSON]:
    """Objects attached to ``oid`` in the order they were added; hidden enchantments only when asked (§9.7)."""
    return [o for o in state["objects"].values() if o.get("attached_to") == oid and not o.get("destroyed")
            and not (revealed_only and o.get("face_down"))]


def _working(state: JSON, att: JSON) -> bool:
    """An attachment whose abilities work: not Disabled (Codex.txt Disable)."""
    return not att.get("conditions", {}).get("Disable")


@lru_cache(maxsize=2048)
def _parsed(text: str) -> Trait:
    return parse_trait(text)


def _flying_lost(obj: JSON) -> bool:
    """A guarding, incapacitated or restrained creature loses Flying (§7.4, §12.2)."""
    conds = obj.get("conditions", {})
    return bool(obj.get("guard") or any(conds.get(c) for c in ("Stun", "Sleep", "Slam", "Cripple", "Stuck",
                                                                  "Restrained")))


def traits(state: JSON, oid: str) -> Traits:
    """The object's traits now: printed, granted by revealed attachments and effects, Rage, and implied (§13)."""
    obj = state["objects"][oid]
    c = card_of(state, oid)
    found = [_parsed(t) for t in c.get("traits") or []]
    found += [_parsed(t) for t in obj.get("traits") or []]
    for att in attachments(state, oid):
        if _working(state, att):
            for tag in text_tags(card(state, att["card"]).get("text")):
                t = _parsed(tag)
                if t.known and not _DEFENSE.match(tag):
                    found.append(t)
    rage = int(obj.get("counters", {}).get("Rage", 0))
    if rage:
        found.append(Trait("Melee", rage, True, f"Melee +{rage}"))  # §13 Rage: Melee +1 per token
    combined = with_implied(found, kind=obj.get("kind", "creature"))
    if combined.has("Flying") and _flying_lost(obj):
        combined = Traits({k: v for k, v in combined.by_name.items() if k != "Flying"})
    return combined


def subtypes(state: JSON, oid: str) -> list[str]:
    """The card's subtypes (Animal, Demon, Plant...)."""
    return list(card_of(state, oid).get("subtypes") or [])


def schools(state: JSON, oid: str) -> list[str]:
    """The card's schools (a "Dark creature" is one of the Dark school, §20.5)."""
    return list(card_of(state, oid).get("schools") or [])


def level(state: JSON, oid: str) -> int:
    """The object's level: 6 for a mage (§9.1), else the card's (summed for "and" schools, §15)."""
    obj = state["objects"][oid]
    if obj.get("kind") == "mage":
        return MAGE_LEVEL
    levels = card_of(state, oid).get("levels") or [0]
    return sum(int(v) for v in levels if str(v).isdigit())


def _printed(state: JSON, oid: str, key: str) -> Any:
    return (card_of(state, oid).get("stats") or {}).get(key)


def armor(state: JSON, oid: str) -> int:
    """Armor now: printed armor plus Armor ±X, minus one per Corrode marker, never below 0 (§13); none for an
    incorporeal object or one whose armor icon is crossed out (printed ``-``, §9.5, §13)."""
    printed = _printed(state, oid, "armor")
    t = traits(state, oid)
    if printed == "-" or t.has("Incorporeal"):
        return 0
    corrode = int(state["objects"][oid].get("conditions", {}).get("Corrode", 0))
    return max(0, int(printed or 0) + t.value("Armor") - corrode)


def life(state: JSON, oid: str) -> int:
    """Maximum life now: printed life plus Life ±X and permanent changes (§9.5): ``counters["life_gained"]``
    and ``counters["life_lost"]`` (Divine Reward, the Bloodreaper's cost, §14; the duel engine's names), or a
    signed ``counters["life"]``."""
    obj = state["objects"][oid]
    printed = int(_printed(state, oid, "life") or 0)
    c = obj.get("counters", {})
    changes = int(c.get("life", 0)) + int(c.get("life_gained", 0)) - int(c.get("life_lost", 0))
    return printed + traits(state, oid).value("Life") + changes


def damage(obj: JSON) -> int:
    """Damage that counts toward destruction: damage markers plus 3 per Tainted marker (Codex.txt)."""
    return int(obj.get("damage", 0)) + TAINTED_DAMAGE * int(obj.get("conditions", {}).get("Tainted", 0))


def remaining_life(state: JSON, oid: str) -> int:
    """Life left before destruction (may be 0 or less for an object already destroyed)."""
    return life(state, oid) - damage(state["objects"][oid])


def destroyed(state: JSON, oid: str) -> bool:
    """Destroyed when its damage is at least its life (§9.5, §16); only objects with life can be."""
    obj = state["objects"][oid]
    return bool(obj.get("destroyed")) or (has_life(state, oid) and remaining_life(state, oid) <= 0)


def has_life(state: JSON, oid: str) -> bool:
    """Only objects with a life value can be attacked (§10.1): creatures, conjurations, mages."""
    return state["objects"][oid].get("kind") in ("mage", "creature", "conjuration") and life(state, oid) > 0


def living(state: JSON, oid: str) -> bool:
    """Living: can be healed, regenerate and gain life (§9.5, §10.11)."""
    t = traits(state, oid)
    return not t.has("Nonliving") and not t.has("Finite Life")


def _attack(raw: JSON, source: str, *, spell: bool = False) -> JSON:
    dice = raw.get("dice")
    return {
        "name": raw.get("name") or source,
        "source": source,
        "action": _ACTIONS.get(raw.get("action") or "", None),
        "range_type": _KINDS.get(raw.get("range_type") or "", "melee"),
        "range": list(raw.get("range") or [0, 0]),
        "damage_type": raw.get("damage_type"),
        "dice": dice if isinstance(dice, int) else None,
        "effect_table": list(raw.get("effect_table") or []),
        "traits": [dict(t) for t in raw.get("traits") or []],
        "notes": list(raw.get("notes") or []),
        "spell": spell or any(t.get("trait") == "Spell" for t in raw.get("traits") or []),
    }


def _is_ability(raw: JSON) -> bool:
    """Heal bars and similar abilities are printed as attacks in the data; they are not attacks (§6, §10.11)."""
    return any(t.get("trait") in ("Heal", "No Damage") for t in raw.get("traits") or [])


def attacks(state: JSON, oid: str) -> list[JSON]:
    """The object's attack bars now (§10.2): its card's melee and ranged bars, then those of working equipment.

    Each is ``{"index", "name", "source", "action" (quick/full/None), "range_type" (melee/ranged), "range",
    "damage_type", "dice" (None when variable), "effect_table", "traits" [{"trait", "value"?, "vs"?}], "spell",
    "counterstrike"}``. ``counterstrike`` is True for a quick melee attack with Counterstrike printed, or when
    the object guards, or an attachment grants it (§10.8, §11).
    """
    obj = state["objects"][oid]
    bars = [_attack(a, obj["card"]) for a in card_of(state, oid).get("attacks") or []
            if a.get("range_type") in ("Melee", "Ranged") and not _is_ability(a)]
    grants = bool(obj.get("guard"))
    for att in attachments(state, oid):
        c = card(state, att["card"])
        if "Counterstrike" in text_tags(c.get("text")) and _working(state, att):
            grants = True
        if att.get("kind") == "equipment" and _working(state, att):
            bars += [_attack(a, att["card"]) for a in c.get("attacks") or []
                     if a.get("range_type") in ("Melee", "Ranged") and not _is_ability(a)]
    for i, bar in enumerate(bars):
        bar["index"] = i
        quick_melee = bar["range_type"] == "melee" and bar["action"] == "quick"
        printed = any(t.get("trait") == "Counterstrike" for t in bar["traits"])
        bar["counterstrike"] = quick_melee and (printed or grants)
    return bars


def spell_attack(state: JSON, name: str) -> JSON:
    """The attack bar of an attack spell card (§9.3): always ranged, the spell's speed and range."""
    c = card(state, name)
    raw = (c.get("attacks") or [{}])[0]
    bar = _attack(raw, name, spell=True)
    bar.update(index=0, range_type="ranged", counterstrike=False,
               action=_ACTIONS.get(c.get("action") or "", bar["action"]), range=list(c.get("range") or bar["range"]))
    return bar


def damage_barrier(state: JSON, oid: str) -> JSON | None:
    """The object's damage barrier (§10.7): its own, else the first revealed attachment's; only one counts."""
    obj = state["objects"][oid]
    sources = [(obj["card"], card_of(state, oid))] + [
        (a["card"], card(state, a["card"])) for a in attachments(state, oid) if _working(state, a)]
    for name, c in sources:
        for raw in c.get("attacks") or []:
            if raw.get("range_type") == "Damage Barrier":
                bar = _attack(raw, name)
                bar.update(index=0, counterstrike=False)
                return bar
    return None


def _defense(tag: str, source: str, text: str) -> JSON | None:
    m = _DEFENSE.match(tag.strip())
    if not m:
        return None
    return {"source": source, "threshold": int(m[1]), "uses": None if m[3] else int(m[2] or 1),
            "no_ranged": (m[4] or "").lower() == "no ranged", "no_melee": (m[4] or "").lower() == "no melee",
            "ignores_conditions": "unaffected by conditions" in text}


def defenses(state: JSON, oid: str) -> list[JSON]:
    """The object's defenses now (§10.4): printed, then those of revealed attachments, each
    ``{"index", "source", "threshold", "uses" (per round; None: unlimited), "no_ranged", "no_melee",
    "ignores_conditions"}``; ``index`` is what ``obj["defenses_used"]`` records."""
    obj = state["objects"][oid]
    out: list[JSON] = []
    printed = _printed(state, oid, "defense")
    if printed:
        d = _defense(f"Defense {printed}", obj["card"], "")
        if d:
            out.append(d)
    for att in attachments(state, oid):
        c = card(state, att["card"])
        if _working(state, att):
            out += [d for tag in text_tags(c.get("text")) if (d := _defense(tag, att["card"], c.get("text") or ""))]
    for i, d in enumerate(out):
        d["index"] = i
    return out


def hidden_blocks(state: JSON, oid: str) -> list[JSON]:
    """Hidden mandatory enchantments that count as a defense and must be revealed when the object is attacked
    (Block, §9.7): each ``{"object", "card", "reveal_cost"}``."""
    out = []
    for att in attachments(state, oid, revealed_only=False):
        c = card(state, att["card"])
        text = (c.get("text") or "").lower()
        if att.get("face_down") and "avoid attack step" in text and "counts as a defense" in text:
            parts = c.get("cost_parts") or [2, 0]
            out.append({"object": att["id"], "card": att["card"], "reveal_cost": int(parts[-1])})
    return out


def attack_penalty(state: JSON, oid: str) -> int:
    """Dice the object's non-spell attacks lose from revealed curses such as Agony ("rolls 2 fewer attack dice",
    §20.2)."""
    return sum(int(m[1]) for a in attachments(state, oid)
               if (m := _FEWER_DICE.search(card(state, a["card"]).get("text") or "")))


def summary(state: JSON, oid: str) -> JSON:
    """Everything above for one object, JSON-ready (for a card panel or a referee)."""
    t = traits(state, oid)
    return {"object": oid, "card": state["objects"][oid]["card"], "armor": armor(state, oid),
            "life": life(state, oid), "damage": damage(state["objects"][oid]),
            "remaining_life": remaining_life(state, oid), "traits": t.names(), "unknown_traits": t.unknown(),
            "attacks": attacks(state, oid), "defenses": defenses(state, oid),
            "damage_barrier": damage_barrier(state, oid), "conditions": dict(state["objects"][oid].get("conditions", {}))}
