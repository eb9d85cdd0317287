"""Mage Wars Arena object stats now: armor, life, attacks, defenses and traits from the card, what is attached, and
the markers on it.

An object of ``state["objects"]`` names its card (``"card": "Brogan Bloodstone"``). Every card is read in ONE
shape, the pack's (:class:`engine.magewars.pack.Card` as JSON: ``type``, ``subtypes``, ``schools`` [{school,
level}], ``life``, ``armor``, ``defense`` {threshold, uses, no_ranged, no_melee}, ``attacks`` [{name, speed,
range_type, range {min, max}, damage_type, dice, effect_table, traits, notes}], ``traits``, ``text``). The library
is the card data the repository ships (``data/magewars/cards.json``), read through :mod:`engine.magewars.cards`:
spell cards by name, and a mage's stats card (a pack ``Mage``) seen as a level 6 creature card (:func:`mage_card`).

A match may carry its own cards in ``state["cards"]`` (name -> card), which win over the library: in the pack's
shape, or in the OCTGN data's shape the duel engine and movement write there (``stats``, ``levels``, ``action``,
capitalised ``type``...), which :func:`from_octgn` turns into the pack's shape as it is read. A match played with
a data pack keeps the pack's cards its books hold in ``state["pack_cards"]["cards"]`` (pack's shape,
:func:`engine.magewars.cards.match_pack`), read after the match's own and before the library.

To the printed stats this module adds the revealed enchantments and the equipment attached to the object (their
``[Tag]`` marks, ``[Armor +2]``, ``[Defense 7+ 1x]``), the traits granted by effects (``obj["traits"]``, a list of
printed traits), Rage tokens, and the conditions (Corrode, Tainted, the loss of Flying). Nothing here changes the
state.

"§" is a section of ``shared/rules/magewars.md``.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from engine.core.errors import InvalidInput
from engine.core.pack import UNKNOWN
from engine.magewars import cards as library
from engine.magewars.mages import MAGES
from engine.magewars.pack import Mage
from engine.magewars.traits import ARMOR_CROSSED, Trait, Traits, parse_trait, text_tags, with_implied

JSON = dict[str, Any]
MAGE_LEVEL = 6
"""A mage is a level 6 creature (§9.1)."""
SHARED_CARDS = library.CARDS_FILE
"""Deprecated name of the card file this module reads, now the repository's own (``cards.CARDS_FILE``); kept
only while ``tests/engine/magewars/test_traits.py`` still reads it."""
TAINTED_DAMAGE = 3
"""Each Tainted marker counts as 3 damage that cannot be healed (Codex.txt, see conditions.py)."""
BASIC_MELEE = {"name": "Basic Melee Attack", "speed": "quick", "range_type": "melee", "range": None,
               "damage_type": None, "dice": 3, "effect_table": [], "traits": [], "notes": []}
"""Every mage's quick 3-dice melee attack (§10.2, §14), which the shipped mage cards leave out."""
_LOSES = re.compile(r"\bloses the ([A-Z][\w-]*(?: [A-Z][\w-]*)?) trait", re.I)
"""An attachment's text taking a trait away ("This creature loses the Flying trait.": Maim Wings)."""
_SPARES = re.compile(r"does not affect creatures with the ([A-Z][\w-]*) trait", re.I)
"""An attachment's text that leaves creatures with some trait alone (Force Hold: Uncontainable)."""
_DEFENSE = re.compile(r"^Defense\s*=?\s*(\d+)\+\s*(?:(\d+)x|(inf|∞))?\s*(No Ranged|No Melee)?$", re.I)
_FEWER_DICE = re.compile(r"rolls (\d+) fewer attack dice", re.I)
_SPEEDS = {"Quick": "quick", "Full": "full", "quick": "quick", "full": "full"}
_KINDS = {"Melee": "melee", "Ranged": "ranged", "Damage Barrier": "damage_barrier", "Passage Attack": "passage_attack"}
_OCTGN_TYPES = {"Creature": ("creature", None), "Conjuration": ("conjuration", None),
                "Conjuration-Wall": ("conjuration", "Wall"), "Conjuration-Terrain": ("conjuration", "Terrain"),
                "Conjuration-Vine": ("conjuration", "Vine"), "Enchantment": ("enchantment", None),
                "Equipment": ("equipment", None), "Incantation": ("incantation", None), "Attack": ("attack", None),
                "Magestats": ("creature", "Mage")}
"""OCTGN card types -> the pack's type and the subtype it implies (as ``data/magewars/build_cards.py`` maps them)."""


# ---- reading cards: one shape ----------------------------------------------------------------------------------

def _zones(value: Any) -> JSON | None:
    """A range as the pack writes it ({min, max}) from either shape's."""
    if isinstance(value, dict):
        return value
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return {"min": value[0], "max": value[1]}
    return None


def _octgn_attack(raw: JSON) -> JSON:
    """An attack bar of the OCTGN shape (``action``, ``"Melee"``, range [a, b]) in the pack's shape; a bar already
    (partly) in the pack's shape reads the same."""
    action = raw.get("speed") or raw.get("action")
    kind = raw.get("range_type") or (action if action in _KINDS else None)
    dice = raw.get("dice")
    return {"name": raw.get("name") or UNKNOWN, "speed": _SPEEDS.get(action or ""),
            "range_type": _KINDS.get(kind or "", kind if kind in _KINDS.values() else UNKNOWN),
            "range": _zones(raw.get("range")),
            "damage_type": str(raw["damage_type"]).lower() if raw.get("damage_type") else None,
            "dice": UNKNOWN if dice is None else dice, "effect_table": list(raw.get("effect_table") or []),
            "traits": [dict(t) for t in raw.get("traits") or []], "notes": list(raw.get("notes") or [])}


def _octgn_defense(printed: JSON) -> JSON | None:
    """The golden shield of an OCTGN ``stats`` ("7+ 1x", "Defense=8+ inf No Ranged") in the pack's shape."""
    parsed = printed.get("defense_parsed")
    if parsed:
        return {"threshold": parsed["threshold"],
                "uses": "unlimited" if parsed.get("unlimited") else parsed.get("uses_per_round") or 1,
                "no_ranged": bool(parsed.get("no_ranged")), "no_melee": bool(parsed.get("no_melee"))}
    text = str(printed.get("defense") or "").strip()
    m = _DEFENSE.match("Defense " + re.sub(r"^Defense\s*=?\s*", "", text, flags=re.I)) if text else None
    if not m:
        return None
    return {"threshold": int(m[1]), "uses": "unlimited" if m[3] else int(m[2] or 1),
            "no_ranged": (m[4] or "").lower() == "no ranged", "no_melee": (m[4] or "").lower() == "no melee"}


def from_octgn(raw: JSON) -> JSON:
    """A card in the OCTGN data's shape (``stats`` {life, armor, defense}, ``schools`` + ``levels``, ``action``,
    ``cost_parts``, capitalised ``type``) in the pack's shape, the way ``data/magewars/build_cards.py`` converts
    the shared data: a crossed armor icon (``"-"``) becomes the trait ``Armor -``; levels without schools keep
    their level under an unknown school."""
    kind, implied = _OCTGN_TYPES.get(raw.get("type") or "", (str(raw.get("type") or UNKNOWN).lower(), None))
    printed = raw.get("stats") or {}
    names, levels = list(raw.get("schools") or []), list(raw.get("levels") or [])
    schools = ([{"school": str(s).lower(), "level": levels[i] if i < len(levels) else UNKNOWN}
                for i, s in enumerate(names)] or [{"school": UNKNOWN, "level": v} for v in levels])
    parts = raw.get("cost_parts") or []
    traits = [t for t in raw.get("traits") or [] if t and str(t).strip()]
    armor = printed.get("armor")
    if armor == "-":
        traits.append(ARMOR_CROSSED)
    return {"name": raw.get("name"), "type": kind,
            "subtypes": list(raw.get("subtypes") or []) + ([implied] if implied else []),
            "schools": schools or [{"school": UNKNOWN, "level": UNKNOWN}],
            "joined": "or" if raw.get("school_relation") == "or" else "and",
            "cost": parts[0] if parts else UNKNOWN,
            "reveal_cost": parts[1] if kind == "enchantment" and len(parts) > 1 else None,
            "casting_speed": _SPEEDS.get(raw.get("action") or "", UNKNOWN),
            "range": _zones(raw.get("range")) or UNKNOWN, "target": raw.get("target") or UNKNOWN,
            "life": printed.get("life") if isinstance(printed.get("life"), int) else None,
            "armor": armor if isinstance(armor, int) else None,
            "channeling": printed.get("channeling") if isinstance(printed.get("channeling"), int) else None,
            "defense": _octgn_defense(printed), "slot": printed.get("equipment_slot") or None,
            "attacks": [_octgn_attack(a) for a in raw.get("attacks") or []], "traits": traits,
            "text": raw.get("text") or None}


def _is_octgn(raw: JSON) -> bool:
    """A card in the OCTGN shape: its ``stats`` block, ``levels``, or a capitalised type (the pack's are lower)."""
    return "stats" in raw or "levels" in raw or str(raw.get("type") or "")[:1].isupper()


def mage_card(mage: Mage) -> JSON:
    """A mage stats card (pack ``Mage``) as the level 6 creature card it is in play (§9.1, §14): its life, armor,
    channeling and own attack bars, then the basic melee attack unless it prints a melee attack of its own
    (the Monk's Straight Punch); the printed traits of the four core mages come from :data:`mages.MAGES` (the
    ``Mage`` shape keeps none)."""
    own = [a.model_dump(mode="json", exclude_none=True) for a in mage.attacks]
    basic = [] if any(a["range_type"] == "melee" for a in own) else [dict(BASIC_MELEE)]
    return {"name": mage.name, "type": "creature", "subtypes": ["Mage", *mage.subtypes],
            "schools": [{"school": UNKNOWN, "level": MAGE_LEVEL}], "life": mage.life, "armor": mage.armor,
            "channeling": mage.channeling, "attacks": own + basic,
            "traits": list(MAGES.get(mage.id, {}).get("traits", [])), "text": None}


def _mage_id(name: str) -> str:
    """The shipped mage id of a mage's name (``Wizard`` -> ``wizard``; ``Wizard Stats`` too)."""
    return re.sub(r"[^a-z0-9]+", "-", name.removesuffix(" Stats").lower()).strip("-")


@lru_cache(maxsize=4096)
def _library(name: str) -> JSON | None:
    """The shipped card ``name`` in the pack's shape (a mage's stats card by the mage's name), or None."""
    shipped = library.shipped_card(name)  # never a match's pack card: this cache is shared by every match
    if shipped is not None:
        return shipped.model_dump(mode="json", exclude_none=True)
    try:
        return mage_card(library.mage_stats(_mage_id(name)))
    except InvalidInput:
        return None


_CONVERTED: dict[int, tuple[Any, JSON]] = {}
"""A match's own card dicts (``state["cards"]``) in the pack's shape, by the dict's identity (checked: the same
object), so that reading one many times in a listing converts it once."""


def _as_pack(raw: Any) -> JSON:
    if isinstance(raw, dict):
        hit = _CONVERTED.get(id(raw))
        if hit is not None and hit[0] is raw:
            return hit[1]
        if len(_CONVERTED) > 4096:
            _CONVERTED.clear()
        out = from_octgn(raw) if _is_octgn(raw) else raw
        _CONVERTED[id(raw)] = (raw, out)
        return out
    if isinstance(raw, Mage):
        return mage_card(raw)
    if hasattr(raw, "model_dump"):
        return raw.model_dump(mode="json", exclude_none=True)
    return from_octgn(raw) if _is_octgn(raw) else raw


def _own(state: JSON, name: str) -> JSON | None:
    raw = (state.get("cards") or {}).get(name)
    return None if raw is None else _as_pack(raw)


def _pack(state: JSON, name: str) -> JSON | None:
    kept = state.get("pack_cards")
    return kept["cards"].get(name) if kept else None


def card(state: JSON, name: str) -> JSON:
    """The card named ``name`` in the pack's shape: the match's own (``state["cards"]``) first, then its data
    pack's (``state["pack_cards"]``), then the library. A library or pack card is one dict shared by every
    caller: copy it before changing it.

    :raises InvalidInput: ``mw.combat.unknown_card``.
    """
    found = _own(state, name) or _pack(state, name) or _library(name)
    if found is None:
        raise InvalidInput("mw.combat.unknown_card", card=name)
    return found


def card_of(state: JSON, oid: str) -> JSON:
    """The object's card; a mage whose card prints no life reads its stats card (``Wizard`` -> ``Wizard Stats``)."""
    obj = state["objects"][oid]
    c = card(state, obj["card"])
    if obj.get("kind") == "mage" and c.get("life") is None:
        stats_name = f"{obj['card']} Stats"
        c = _own(state, stats_name) or _library(stats_name) or c
    return c


# ---- the object's stats now -----------------------------------------------------------------------------------

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


def revealed_order(att: JSON) -> int:
    """When an attachment took effect: its reveal (``revealed``, stamped by :func:`mark_revealed`), else its
    casting order (face-up attachments: equipment, or objects set up by hand)."""
    return int(att.get("revealed") or att.get("order") or 0)


def mark_revealed(state: JSON, ench: JSON) -> None:
    """Stamp a just-revealed enchantment after every earlier reveal and casting (seed 001 l.645: enchantments in
    conflict apply in the order they were revealed, the later one overriding)."""
    ench["revealed"] = 1 + max((revealed_order(o) for o in state["objects"].values()), default=0)


_MEMO: ContextVar[tuple[int, dict[Any, Any]] | None] = ContextVar("magewars_stats_memo", default=None)


@contextmanager
def memo(state: JSON) -> Iterator[None]:
    """Within this block ``state`` is only read (listing legal actions): :func:`traits` and :func:`card_of` are
    worked out once per object."""
    token = _MEMO.set((id(state), {}))
    try:
        yield
    finally:
        _MEMO.reset(token)


def _memo_for(state: JSON) -> dict[Any, Any] | None:
    held = _MEMO.get()
    return held[1] if held is not None and held[0] == id(state) else None


def traits(state: JSON, oid: str) -> Traits:
    """The object's traits now: printed, granted by revealed attachments and effects, Rage, and implied (§13)."""
    kept = _memo_for(state)
    if kept is None:
        return _traits(state, oid)
    found = kept.get(("traits", oid))
    if found is None:
        found = kept[("traits", oid)] = _traits(state, oid)
    return found


def _traits(state: JSON, oid: str) -> Traits:
    obj = state["objects"][oid]
    c = card_of(state, oid)
    found = [_parsed(t) for t in c.get("traits") or []]
    found += [_parsed(t) for t in obj.get("traits") or []]
    for att in sorted(attachments(state, oid), key=revealed_order):  # §9.7: a later reveal wins a conflict
        if _working(state, att):
            text = card(state, att["card"]).get("text")
            spared = _SPARES.search(text or "")
            if spared and any(t.name.lower() == spared[1].lower() for t in found):
                continue  # "This does not affect creatures with the Uncontainable trait." (Force Hold)
            for tag in text_tags(text):
                t = _parsed(tag)
                if t.known and not _DEFENSE.match(tag):
                    found.append(t)
            for lost in _LOSES.findall(text or ""):
                found = [t for t in found if t.name.lower() != lost.lower()]
    rage = int(obj.get("counters", {}).get("Rage", 0))
    if rage:
        found.append(Trait("Melee", rage, True, f"Melee +{rage}"))  # §13 Rage: Melee +1 per token
    combined = with_implied(found, kind=obj.get("kind", "creature"))
    if combined.has("Flying") and _flying_lost(obj):
        combined = Traits({k: v for k, v in combined.by_name.items() if k != "Flying"})
    return combined


def subtypes(state: JSON, oid: str) -> list[str]:
    """The card's subtypes (Animal, Demon, Plant...; Wall, Terrain and Vine for those conjurations)."""
    return list(card_of(state, oid).get("subtypes") or [])


def schools(state: JSON, oid: str) -> list[str]:
    """The card's schools, in the pack's lower case (a "Dark creature" is one of the ``dark`` school, §20.5)."""
    return [s["school"] for s in card_of(state, oid).get("schools") or [] if s.get("school") not in (None, UNKNOWN)]


def level(state: JSON, oid: str) -> int:
    """The object's level: 6 for a mage (§9.1), else the card's ("and" schools summed, "or" the lowest, §15; an
    unknown level counts 0)."""
    obj = state["objects"][oid]
    if obj.get("kind") == "mage":
        return MAGE_LEVEL
    c = card_of(state, oid)
    levels = [s["level"] if isinstance(s.get("level"), int) else 0 for s in c.get("schools") or []] or [0]
    return min(levels) if c.get("joined") == "or" else sum(levels)


def armor(state: JSON, oid: str) -> int:
    """Armor now: printed armor plus Armor ±X, minus one per Corrode marker, never below 0 (§13); none for an
    incorporeal object or one whose armor icon is crossed out (the trait ``Armor -``, §9.5, §13)."""
    t = traits(state, oid)
    if t.has(ARMOR_CROSSED) or t.has("Incorporeal"):
        return 0
    corrode = int(state["objects"][oid].get("conditions", {}).get("Corrode", 0))
    return max(0, library.number(card_of(state, oid).get("armor")) + t.value("Armor") - corrode)


def life(state: JSON, oid: str) -> int:
    """Maximum life now: printed life plus Life ±X and permanent changes (§9.5): ``counters["life_gained"]``
    and ``counters["life_lost"]`` (Divine Reward, the Bloodreaper's cost, §14; the duel engine's names), or a
    signed ``counters["life"]``."""
    obj = state["objects"][oid]
    printed = library.number(card_of(state, oid).get("life"))
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


def _bar_trait(t: JSON) -> JSON:
    """An attack trait without its empty fields; a number that is variable or unknown (X) is left out."""
    return {k: v for k, v in t.items() if v is not None and (k != "value" or isinstance(v, int))}


def _attack(raw: JSON, source: str, *, spell: bool = False) -> JSON:
    """A pack attack bar as combat reads it: ``action`` quick/full/None, ``range`` [min, max], ``damage_type`` as
    the traits name it (``Flame``), ``dice`` None when variable or unknown, trait numbers only when known."""
    dice, zones, dtype = raw.get("dice"), raw.get("range") or {}, raw.get("damage_type")
    return {
        "name": raw.get("name") if raw.get("name") not in (None, UNKNOWN) else source,
        "source": source,
        "action": raw.get("speed") if raw.get("speed") in ("quick", "full") else None,
        "range_type": raw.get("range_type") if raw.get("range_type") in _KINDS.values() else "melee",
        "range": [zones.get("min", 0), zones.get("max", 0)],
        "damage_type": dtype.capitalize() if dtype else None,
        "dice": dice if isinstance(dice, int) else None,
        "effect_table": list(raw.get("effect_table") or []),
        "traits": [_bar_trait(t) for t in raw.get("traits") or []],
        "notes": list(raw.get("notes") or []),
        "spell": spell or any(t.get("trait") == "Spell" for t in raw.get("traits") or []),
    }


def _is_attack(raw: JSON) -> bool:
    """A melee or ranged bar (§10.2). Heal bars and similar abilities are printed as attacks in the data; they are
    not attacks (§6, §10.11)."""
    return raw.get("range_type") in ("melee", "ranged") and not any(
        t.get("trait") in ("Heal", "No Damage") for t in raw.get("traits") or [])


def attacks(state: JSON, oid: str) -> list[JSON]:
    """The object's attack bars now (§10.2): its card's melee and ranged bars, then those of working equipment.

    Each is ``{"index", "name", "source", "action" (quick/full/None), "range_type" (melee/ranged), "range",
    "damage_type", "dice" (None when variable), "effect_table", "traits" [{"trait", "value"?, "vs"?}], "spell",
    "counterstrike"}``. ``counterstrike`` is True for a quick melee attack with Counterstrike printed, or when
    the object guards, or an attachment grants it (§10.8, §11).
    """
    obj = state["objects"][oid]
    bars = [_attack(a, obj["card"]) for a in card_of(state, oid).get("attacks") or [] if _is_attack(a)]
    grants = bool(obj.get("guard"))
    for att in attachments(state, oid):
        c = card(state, att["card"])
        if "Counterstrike" in text_tags(c.get("text")) and _working(state, att):
            grants = True
        if att.get("kind") == "equipment" and _working(state, att):
            bars += [_attack(a, att["card"]) for a in c.get("attacks") or [] if _is_attack(a)]
    for i, bar in enumerate(bars):
        bar["index"] = i
        quick_melee = bar["range_type"] == "melee" and bar["action"] == "quick"
        printed = any(t.get("trait") == "Counterstrike" for t in bar["traits"])
        bar["counterstrike"] = quick_melee and (printed or grants)
    return bars


def spell_attack(state: JSON, name: str) -> JSON:
    """The attack bar of an attack spell card (§9.3): always ranged, the spell's casting speed and range."""
    c = card(state, name)
    raw = (c.get("attacks") or [{}])[0]
    bar = _attack(raw, name, spell=True)
    zones = c.get("range") if isinstance(c.get("range"), dict) else None
    speed = c.get("casting_speed")
    bar.update(index=0, range_type="ranged", counterstrike=False,
               action=speed if speed in ("quick", "full") else bar["action"],
               range=[zones["min"], zones["max"]] if zones else bar["range"])
    return bar


def damage_barrier(state: JSON, oid: str) -> JSON | None:
    """The object's damage barrier (§10.7): its own, else the first revealed attachment's; only one counts."""
    obj = state["objects"][oid]
    sources = [(obj["card"], card_of(state, oid))] + [
        (a["card"], card(state, a["card"])) for a in attachments(state, oid) if _working(state, a)]
    for name, c in sources:
        for raw in c.get("attacks") or []:
            if raw.get("range_type") == "damage_barrier":
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


def _printed_defense(printed: JSON, source: str) -> JSON | None:
    """The card's golden shield (pack ``defense``) as :func:`defenses` lists it; one of unknown threshold or uses
    counts as none / once per round."""
    if not isinstance(printed.get("threshold"), int):
        return None
    uses = printed.get("uses")
    return {"source": source, "threshold": printed["threshold"],
            "uses": None if uses == "unlimited" else uses if isinstance(uses, int) else 1,
            "no_ranged": bool(printed.get("no_ranged")), "no_melee": bool(printed.get("no_melee")),
            "ignores_conditions": False}


def defenses(state: JSON, oid: str) -> list[JSON]:
    """The object's defenses now (§10.4): printed, then those of revealed attachments, each
    ``{"index", "source", "threshold", "uses" (per round; None: unlimited), "no_ranged", "no_melee",
    "ignores_conditions"}``; ``index`` is what ``obj["defenses_used"]`` records."""
    obj = state["objects"][oid]
    out: list[JSON] = []
    printed = card_of(state, oid).get("defense")
    if printed and (d := _printed_defense(printed, obj["card"])):
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
            out.append({"object": att["id"], "card": att["card"], "reveal_cost": library.number(c.get("reveal_cost"))})
    return out


def hidden_reversals(state: JSON, oid: str) -> list[JSON]:
    """Hidden enchantments that must be revealed in the Avoid step and turn the attack back on its attacker
    (Reverse Attack, its card text): each ``{"object", "card", "reveal_cost"}``."""
    return [{"object": att["id"], "card": att["card"], "reveal_cost": library.number(card(state, att["card"]).get("reveal_cost"))}
            for att in attachments(state, oid, revealed_only=False) if att.get("face_down")
            and "redirected back to the attacker" in (card(state, att["card"]).get("text") or "")]


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
