"""Casting spells (§9.2–§9.9): what a caster may cast now, at which targets, and resolving it.

The sequence of §9.2 runs whole inside one ``Cast`` action: announce (spell, target in range and line of
sight, X), pay (the caster's own mana first, then its mage's pool), counter (a face-down Nullify on the target
is revealed, §9.7: its reveal cost is paid if its controller can, and the spell is countered), resolve by the
spell's type. Attack spells run :func:`engine.magewars.combat.attack`; incantations with a known effect run
their code (:data:`INCANTATIONS`); any other text is resolved by the players with referee actions, and the
event says so (``needs_referee``).
"""
from __future__ import annotations

import re
from typing import Any

from engine.core.errors import IllegalAction
from engine.magewars import abilities, arena, effects, windows
from engine.magewars.cards import card, has_card, number, trait_value
from engine.magewars.familiars import may_cast_now
from engine.magewars.mages import has_ability
from engine.magewars.pack import Card, CardType
from engine.magewars.state import JSON, attached, destroy, grant_for_round, new_object, size, zone_of

ENCHANTMENT_CAST_COST = 2
"""A face-down enchantment always costs 2 mana to cast (§9.7, §8)."""
TELEPORT_PER_ZONE = 3
"""Teleport: X = 3 mana per zone moved, at least 3 (the card's text; §7.7's example pays 12 for 4 zones)."""
RING_SLOTS = 2
"""A mage wears one item per slot, two rings (§9.8)."""
QUICK_SUMMON_LEVEL = 1
ROUSE = "Rouse the Beast"
DISSOLVE, EXPLODE = "Dissolve", "Explode"
EXPLODE_BASE = 6
"""Explode: X = 6 + the chosen equipment's casting cost (its card text)."""
FORCE_PUSH = "Force Push"
FORCE_PUSH_EXTRA = 3
"""Force Push pushes through a Passage Attacks wall only if 3 more mana is paid when cast (its card text)."""


# ---- what a spell may target -------------------------------------------------------------------------------

def _words(text: str) -> list[list[str]]:
    """A casting line's target as alternatives of words: "Non-Flying Creature or Conjuration" ->
    [["Non-Flying", "Creature"], ["Conjuration"]]."""
    return [alt.replace(",", " ").split() for alt in re.split(r"\s+or\s+", text) if alt.strip()]


def _stats():
    from engine.magewars import stats
    return stats


def object_matches(state: JSON, target: str, oid: str, seat: str) -> bool:
    """Whether object ``oid`` fits the casting line's target words (§9.1) for a spell cast by ``seat``."""
    obj = state["objects"][oid]
    stats = _stats()
    for alt in _words(target):
        noun, quals = alt[-1].rstrip("s"), alt[:-1]
        kinds = {"Creature": ("creature", "mage"), "Mage": ("mage",), "Conjuration": ("conjuration",),
                 "Object": ("creature", "mage", "conjuration", "equipment", "enchantment"),
                 "Equipment": ("equipment",), "Enchantment": ("enchantment",)}.get(noun)
        if kinds is None or obj["kind"] not in kinds or obj.get("border"):
            continue
        if all(_qualifies(state, obj, q, seat, stats) for q in quals):
            return True
    return False


def _qualifies(state: JSON, obj: JSON, q: str, seat: str, stats: Any) -> bool:
    oid = obj["id"]
    if q in ("Living", "Nonliving"):
        return obj["kind"] in ("creature", "mage", "conjuration") and stats.living(state, oid) == (q == "Living")
    if q in ("Corporeal", "Incorporeal"):
        return stats.traits(state, oid).has("Incorporeal") == (q == "Incorporeal")
    if q == "Non-Mage":
        return obj["kind"] != "mage"
    if q == "Non-Flying":
        return not stats.traits(state, oid).has("Flying")
    if q == "Friendly":
        return obj["controller"] == seat
    if q == "Enemy":
        return obj["controller"] != seat
    if q in ("Revealed", "Hidden"):
        return obj.get("face_down", False) == (q == "Hidden")
    if obj["kind"] == "mage":
        return q.lower() == obj["card"].lower()
    return q.lower() in [s.lower() for s in stats.subtypes(state, oid)]  # a subtype: Animal, Soldier...


def caster_zone(state: JSON, caster: str) -> str:
    zone = zone_of(state, caster)
    assert zone is not None
    return zone


def _sees(state: JSON, caster: str, zone: str, *, target_flying: bool = False, border: bool = False) -> bool:
    flying = target_flying or _stats().traits(state, caster).has("Flying")
    return arena.line_of_sight(caster_zone(state, caster), zone, state["barriers"], size(state),
                               flying=flying, target_border=border)


def targets(state: JSON, caster: str, c: Card) -> list[JSON]:
    """Every legal target of spell ``c`` cast by ``caster``: within range and in line of sight (§9.2 step 1).

    Each is a dict of the ``Cast`` action's target fields: ``{"target": oid}``, ``{"zone": z}``,
    ``{"border": b}``, ``{"target": oid, "zone": z}`` (Teleport) or ``{}`` (the arena); :func:`castable` adds
    the announce-step choices (:func:`choices`: ``direction``, ``extra``, ``equipment``, ``bind``), ``bond``
    (Pet, Bloodreaper), ``from`` (a spellbound spell's item) and Restore's ``conditions``.
    """
    seat = state["objects"][caster]["controller"]
    low, high = (c.range.min, c.range.max) if not isinstance(c.range, str) else (0, 0)
    here = caster_zone(state, caster)
    text = c.target if isinstance(c.target, str) else "Zone"
    if not _in_play_limit_ok(state, c, seat):
        return []
    if text == "Destroyed Living Creature":  # Resurrection: a card of the caster's discard pile
        return [{"card": n} for n in sorted(set(state["discard"][seat])) if has_card(n)
                and card(n).type == CardType.CREATURE and "Nonliving" not in card(n).traits]
    if c.type == CardType.CREATURE:
        return [{"zone": here}]  # creatures are summoned in the caster's zone (§9.5)
    if text == "Arena":
        return [{}]
    if text == "Zone Border":
        taken = set(state["barriers"])
        firsts = [b for b in arena.borders(size(state)) if b not in taken
                  and any(arena.in_range(here, z, low, high) for z in arena.border_zones(b))
                  and _sees(state, caster, b, border=True)]
        out = [{"border": b} for b in firsts]
        if "Extendable" in c.traits and state["books"][seat].get(c.name, 0) >= 1:  # §9.6 Extendable
            out += [{"border": b, "extend": b2} for b in firsts for b2 in connected_borders(b, size(state))
                    if b2 not in taken and _sees(state, caster, b2, border=True)]
        return out
    zones = [z for z in arena.zones(size(state)) if arena.in_range(here, z, low, high) and _sees(state, caster, z)]
    if text == "Zone" or text.endswith("Zones"):
        return [{"zone": z} for z in zones if _zone_fits(state, c, z, seat)]
    objs = [o for o in state["objects"].values() if zone_of(state, o["id"]) is not None and not o.get("border")
            and arena.in_range(here, zone_of(state, o["id"]), low, high)]
    stats = _stats()
    out = []
    for o in sorted(objs, key=lambda o: o["order"]):
        flying = o["kind"] in ("creature", "mage") and stats.traits(state, o["id"]).has("Flying")
        if not _sees(state, caster, zone_of(state, o["id"]), target_flying=flying):
            continue
        if "New Target" in text:  # Shift / Steal Enchantment: the enchantment and where it goes
            first = text.split("&")[0].strip()
            if object_matches(state, first, o["id"], seat) and (c.name != SHIFT or o["controller"] == seat) \
                    and (c.name != STEAL or _may_control(state, seat, o)):
                out += [{"target": o["id"], **new} for new in _new_hosts(state, caster, o, low, high)]
        elif "&" in text:  # "Creature & Zone": Teleport's creature and destination (§7.7)
            if object_matches(state, text.split("&")[0].strip(), o["id"], seat):
                out += [{"target": o["id"], "zone": z} for z in zones]
        elif object_matches(state, text, o["id"], seat) and _placeable(state, c, o, seat) and _text_allows(state, c, o):
            out.append({"target": o["id"]})
    if "Zone" in text.split() and "or" in text.split():  # "Zone or Object" (Decoy)
        out += [{"zone": z} for z in zones if _zone_fits(state, c, z, seat)]
    return out


SHIFT, STEAL = "Shift Enchantment", "Steal Enchantment"


def _may_control(state: JSON, seat: str, ench: JSON) -> bool:
    """Steal Enchantment: the caster takes the enchantment "as if you just cast and revealed the spell" (its text),
    so an "<X> Only" enchantment only for a mage who meets it (§15: Holy Mage Only, Priestess Only)."""
    from engine.magewars.spellbooks import only_allows
    mage = state["objects"].get(state["mages"].get(seat, ""))
    return mage is None or not has_card(ench["card"]) or only_allows(card(ench["card"]), mage.get("mage", ""),
                                                                                    mage.get("school"))


def _new_hosts(state: JSON, caster: str, ench: JSON, low: int, high: int) -> list[JSON]:
    """Where an enchantment may be moved (Shift, Steal Enchantment): a legal target of its own casting line,
    within range and LoS of the caster, other than where it is, holding none of its name (§9.7)."""
    ec = card(ench["card"])
    here = caster_zone(state, caster)
    seat = state["objects"][caster]["controller"]
    out: list[JSON] = []
    if ench.get("attached_zone"):
        return [{"zone": z} for z in arena.zones(size(state)) if z != ench["attached_zone"]
                and arena.in_range(here, z, low, high) and _sees(state, caster, z)
                and not any(o.get("attached_zone") == z and o["card"] == ench["card"] and known(o, seat)
                            for o in state["objects"].values())]
    for o in sorted(state["objects"].values(), key=lambda o: o["order"]):
        zone = zone_of(state, o["id"])
        if o["id"] in (ench["id"], ench.get("attached_to")) or zone is None or o.get("border") \
                or not arena.in_range(here, zone, low, high) or not _sees(state, caster, zone):
            continue
        if isinstance(ec.target, str) and object_matches(state, ec.target, o["id"], ench["controller"]) \
                and not any(a["card"] == ench["card"] and known(a, seat) for a in attached(state, o["id"])):
            out.append({"new": o["id"]})
    return out


def _in_play_limit_ok(state: JSON, c: Card, seat: str) -> bool:
    """Legendary: one copy in play in the whole arena; Unique: one per player (§13, §22.28)."""
    if "Legendary" in c.traits:
        return not any(o["card"] == c.name for o in state["objects"].values())
    if "Unique" in c.traits:
        return not any(o["card"] == c.name and o["controller"] == seat for o in state["objects"].values())
    return True


def _zone_fits(state: JSON, c: Card, zone: str, seat: str) -> bool:
    """A zone conjuration or enchantment may go there (§9.6, §9.7): never two of one name in a zone; one Zone
    Exclusive conjuration per zone; a trap only in a zone without enemy creatures (its card text)."""
    here = [o for o in state["objects"].values() if o.get("zone") == zone or o.get("attached_zone") == zone]
    if c.type in (CardType.CONJURATION, CardType.ENCHANTMENT) and any(o["card"] == c.name and known(o, seat)
                                                                      for o in here):
        return False
    if c.type == CardType.CONJURATION and "Zone Exclusive" in c.traits and any(
            has_card(o["card"]) and "Zone Exclusive" in card(o["card"]).traits for o in here):
        return False
    if "only target a zone without enemy creatures" in (c.text or "") and any(
            o["kind"] in ("creature", "mage") and o["controller"] != seat for o in here):
        return False
    return True


def _text_allows(state: JSON, c: Card, obj: JSON) -> bool:
    """Target limits printed in a card's text: Harmonize needs an object with Channeling; Rouse the Beast a
    creature summoned this round and not yet roused (their card texts)."""
    if "only target an object that has the Channeling" in (c.text or ""):
        return obj["kind"] == "mage" or (has_card(obj["card"]) and card(obj["card"]).channeling is not None)
    if c.name == ROUSE:
        return obj.get("summoned_round") == state["round"] and not obj["counters"].get("roused")
    if c.name == "Battle Fury":  # only one Battle Fury a round on the same creature
        return obj["counters"].get("battle_fury") != state["round"]
    if "cannot target creatures with the Flying or Uncontainable" in (c.text or ""):  # Tanglevine
        t = _stats().traits(state, obj["id"])
        return not t.has("Flying") and not t.has("Uncontainable")
    if c.type == CardType.ATTACK and not ranged_target_ok(obj):
        return False
    return True


def ranged_target_ok(obj: JSON) -> bool:
    """"Ranged attacks cannot target <this>" (Tanglevine's text)."""
    return not (has_card(obj["card"]) and "Ranged attacks cannot target" in (card(obj["card"]).text or ""))


def _ends(b: str) -> set[tuple[int, int]]:
    """The two grid points a border runs between."""
    (ac, ar), (bc, br) = (arena.coords(z) for z in arena.border_zones(b))
    if ar == br:  # side by side: a vertical border at x = the right column
        x = max(ac, bc)
        return {(x, ar), (x, ar + 1)}
    y = max(ar, br)
    return {(ac, y), (ac + 1, y)}


def connected_borders(b: str, arena_size: tuple[int, int]) -> list[str]:
    """Borders connected to ``b`` (sharing an end point): straight on or round a corner (§9.6 Extendable)."""
    return [o for o in arena.borders(arena_size) if o != b and _ends(o) & _ends(b)]


def known(obj: JSON, seat: str) -> bool:
    """Whether ``seat`` knows which card ``obj`` is: not another controller's face-down enchantment (§9.7)."""
    return not (obj.get("face_down") and obj["controller"] != seat)


def _placeable(state: JSON, c: Card, host: JSON, seat: str | None = None) -> bool:
    """An attachment fits its host: no two of one name on an object (§9.7), a free slot for equipment (§9.8).
    Only the names the caster ``seat`` knows count: the other player's face-down enchantments are unknown to it,
    and the book settles two of a name on one target when the second is revealed (§9.7 "Uniqueness": the newly
    revealed one is countered, ``system._reveal``)."""
    if c.type in (CardType.ENCHANTMENT, CardType.CONJURATION, CardType.EQUIPMENT):
        if any(a["card"] == c.name and (seat is None or known(a, seat)) for a in attached(state, host["id"])):
            return c.type == CardType.EQUIPMENT and host["controller"] == state["objects"][host["id"]]["controller"]
    if c.type == CardType.EQUIPMENT:
        return host["kind"] == "mage"
    return True


# ---- cost ----------------------------------------------------------------------------------------------------

def base_cost(state: JSON, c: Card, fields: JSON) -> int | None:
    """Mana to cast ``c`` at these target fields (§8, §9.2 step 2), None when the cost is not known."""
    if c.type == CardType.ENCHANTMENT:
        return ENCHANTMENT_CAST_COST
    if c.name == "Teleport":
        moved = arena.distance(zone_of(state, fields["target"]), fields["zone"])
        return max(1, moved) * TELEPORT_PER_ZONE
    if c.name == "Lay Hands" and fields.get("target") and isinstance(c.cost, int):
        return c.cost + removal_total(state, fields["target"], fields.get("conditions", []))
    if fields.get("extend") and isinstance(c.cost, int):
        level = c.level() if isinstance(c.level(), int) else 0
        return c.cost + c.cost + level  # §9.6: the extension costs the barrier's cost + its level
    if fields.get("equipment") and c.name in (DISSOLVE, EXPLODE):
        worn = number(card(state["objects"][fields["equipment"]]["card"]).cost)
        return worn + (EXPLODE_BASE if c.name == EXPLODE else 0)
    if c.name == "Dispel" and fields.get("target"):
        ench = card(state["objects"][fields["target"]]["card"])
        return number(ench.cost, ENCHANTMENT_CAST_COST) + number(ench.reveal_cost)
    if c.name == SHIFT and fields.get("target"):
        ench = state["objects"][fields["target"]]
        return 1 if ench["face_down"] else _stats().level(state, ench["id"])
    if c.name == STEAL and fields.get("target"):
        ec = card(state["objects"][fields["target"]]["card"])
        once = number(ec.cost, ENCHANTMENT_CAST_COST) + number(ec.reveal_cost)
        host = state["objects"].get(fields.get("new") or "")
        magebind = trait_value(list(ec.traits), "Magebind") or 0
        return 2 * once + (magebind if host and host["kind"] == "mage" else 0)
    if c.name == "Resurrection" and fields.get("card"):
        dead = card(fields["card"])
        return number(dead.cost) + (dead.level() if isinstance(dead.level(), int) else 0)
    if c.name == "Purify" and fields.get("target"):
        return purify_cost(state, fields)
    if c.name == ROUSE and fields.get("target"):
        return _stats().level(state, fields["target"])
    if _LEVEL_TABLE.search(c.text or "") and fields.get("target"):
        return level_table_cost(c.text or "", _stats().level(state, fields["target"]))
    if c.name == FORCE_PUSH and fields.get("extra"):
        return c.cost + FORCE_PUSH_EXTRA if isinstance(c.cost, int) else None
    if c.cost == "X":
        x = fields.get("x")
        return x if isinstance(x, int) and x >= 0 else None
    return c.cost if isinstance(c.cost, int) else None


_LEVEL_TABLE = re.compile(r"Level (\d+) = (\d+) mana")
_BEYOND = re.compile(r"Add (\d+) mana to the cost for each Level beyond (\d+)")


def level_table_cost(text: str, level: int) -> int | None:
    """A cost looked up by the target's level in the card's table (Sleep: level 1 = 4, 2 = 5, 3 = 6, +2 per
    level beyond 3; the card text wins over §22.21's 2 × level, which only the level-3 example supports)."""
    table = {int(a): int(b) for a, b in _LEVEL_TABLE.findall(text)}
    if level in table:
        return table[level]
    m = _BEYOND.search(text)
    if m and table and level > int(m.group(2)):
        top = int(m.group(2))
        return table[top] + int(m.group(1)) * (level - top)
    return None


_SIPHON = re.compile(r"choose a Mage up to (\d+) zones away and within LoS of this spell")
_BIND = re.compile(r"bind a non-Epic (\w+) spell from your spellbook")


REBIND = "Rebind"
REBIND_COST = 3
"""Mage Wand, Elemental Wand: "As a quick spell, you may pay 3 mana to change the bound spell" (their texts)."""


def _rebinds(state: JSON, caster: str) -> list[JSON]:
    """Changing a Spellbind item's bound spell, a quick spell of the mage wearing it (``spell: "Rebind"``)."""
    obj = state["objects"][caster]
    if obj["kind"] != "mage" or available_mana(state, caster) < REBIND_COST:
        return []
    out = []
    for item in attached(state, caster):
        if item["owner"] != obj["controller"]:
            continue  # the bound spell comes from the owner's spellbook, which the wearer may not see (§9.9)
        m = _BIND.search(card(item["card"]).text or "") if item.get("bound") and has_card(item["card"]) else None
        if m and "change the bound spell" in (card(item["card"]).text or ""):
            out += [{"type": "Cast", "caster": caster, "spell": REBIND, "from": item["id"], "bind": n}
                    for n in _bindable(state, item["owner"], m.group(1)) if n != item["bound"]]
    return out


def _rebind(state: JSON, seat: str, action: JSON) -> list[JSON]:
    item = state["objects"][action["from"]]
    pay(state, action["caster"], REBIND_COST)
    book = state["books"][item["owner"]]
    book[item["bound"]] = book.get(item["bound"], 0) + 1
    book[action["bind"]] -= 1
    if not book[action["bind"]]:
        del book[action["bind"]]
    item.update(bound=action["bind"], bound_shown=False)
    return [{"type": "SpellRebound", "seat": seat, "object": item["id"], "cost": REBIND_COST},
            {"type": "SpellBound", "seat": seat, "object": item["id"], "spell": action["bind"],
             "visible_to": [seat]}]


def _bindable(state: JSON, seat: str, kind: str) -> list[str]:
    """Spells of ``seat``'s book that may be bound to a Spellbind item (Mage Wand: non-Epic incantations)."""
    book = state["books"][seat]
    return sorted(n for n, k in book.items() if k > 0 and has_card(n) and str(card(n).type) == kind
                  and "Epic" not in card(n).traits)


def _subsets(items: list[str]) -> list[list[str]]:
    import itertools
    return [list(p) for k in range(len(items) + 1) for p in itertools.combinations(items, k)]


def _poison_enchantments(state: JSON, oid: str) -> list[str]:
    return [o["id"] for o in attached(state, oid) if o["kind"] == "enchantment" and not o["face_down"]
            and has_card(o["card"]) and "Poison" in card(o["card"]).subtypes]


def _removal_choices(state: JSON, c: Card, fields: JSON) -> list[JSON]:
    """Purify: which poison conditions to remove and which revealed poison enchantments to destroy; Lay Hands:
    which conditions to remove (their texts). Every condition type chosen loses all its markers."""
    from engine.magewars.traits import POISON_CONDITIONS
    costs = abilities.removable(state, fields["target"])
    if c.name == "Purify":
        names = [n for n in sorted(costs) if n in POISON_CONDITIONS]
        return [{**fields, "conditions": a, "enchantments": b} for a in _subsets(names)
                for b in _subsets(_poison_enchantments(state, fields["target"])) if a or b]
    return [{**fields, "conditions": a} for a in _subsets(sorted(costs))]


def removal_total(state: JSON, oid: str, names: list[str]) -> int:
    costs = abilities.removable(state, oid)
    return sum(costs[n] * state["objects"][oid]["conditions"].get(n, 0) for n in names)


def purify_cost(state: JSON, fields: JSON) -> int:
    """Purify's X: the removal costs of the chosen poison markers plus each chosen enchantment's casting and
    reveal cost."""
    total = removal_total(state, fields["target"], fields.get("conditions", []))
    for e in fields.get("enchantments", []):
        ec = card(state["objects"][e]["card"])
        total += number(ec.cost, ENCHANTMENT_CAST_COST) + number(ec.reveal_cost)
    return total


def choices(state: JSON, c: Card, fields: JSON, seat: str) -> list[JSON]:
    """The announce-step choices a spell's text adds to a target (§9.2 step 1): Force Push's direction (any of
    the four) and, when that way crosses a Passage Attacks wall, whether to pay its extra 3 mana."""
    if "Spellbind" in c.traits and (m := _BIND.search(c.text or "")):
        return [fields] + [{**fields, "bind": n} for n in _bindable(state, seat, m.group(1))]
    if _SIPHON.search(c.text or "") and "zone" in fields:  # Mana Siphon: the mage it drains (its text)
        n = int(_SIPHON.search(c.text or "").group(1))
        return [{**fields, "mage": m} for m in sorted(state["mages"].values()) if m in state["objects"]
                and arena.distance(fields["zone"], zone_of(state, m)) <= n
                and arena.line_of_sight(fields["zone"], zone_of(state, m), state["barriers"], size(state))]
    rings = _worn_rings(state, fields.get("target"), c)
    if rings:  # §9.8: two rings worn, a third cast: the caster chooses which one it replaces
        return [{**fields, "replace": r} for r in rings]
    if c.name in (DISSOLVE, EXPLODE) and "target" in fields:
        return [{**fields, "equipment": o["id"]} for o in attached(state, fields["target"])
                if o["kind"] == "equipment"]
    if c.name in ("Purify", "Lay Hands") and "target" in fields:
        return _removal_choices(state, c, fields)
    if c.name != FORCE_PUSH or "target" not in fields:
        return [fields]
    out = []
    here = zone_of(state, fields["target"])
    for d in arena.DIRECTIONS:
        out.append({**fields, "direction": d})
        to, kind = arena.crossing(here, d, state["barriers"], size(state),
                                  flying=_stats().traits(state, fields["target"]).has("Flying"))
        if kind == "attack":
            out.append({**fields, "direction": d, "extra": True})
    return out


def _worn_rings(state: JSON, mage: Any, c: Card) -> list[str]:
    """The rings a ring cast on ``mage`` may replace, when it must replace one of two (none of its name worn)."""
    if c.type != CardType.EQUIPMENT or (c.slot or "") != "Ring" or not isinstance(mage, str) \
            or mage not in state["objects"]:
        return []
    worn = [o for o in attached(state, mage) if o["kind"] == "equipment" and has_card(o["card"])]
    rings = [o["id"] for o in worn if card(o["card"]).slot == "Ring"]
    if len(rings) < RING_SLOTS or any(o["card"] == c.name for o in worn):
        return []
    return rings


def available_mana(state: JSON, caster: str) -> int:
    """The caster's own mana (a familiar's or spawnpoint's) plus its mage's pool (§8)."""
    obj = state["objects"][caster]
    mage = state["objects"][state["mages"][obj["controller"]]]
    return mage["mana"] + (obj["mana"] if obj["kind"] != "mage" else 0)


def pay(state: JSON, caster: str, amount: int) -> None:
    """Spend the caster's own mana first, the rest from its mage's pool (§8)."""
    obj = state["objects"][caster]
    mage = state["objects"][state["mages"][obj["controller"]]]
    own = min(obj["mana"], amount) if obj["kind"] != "mage" else 0
    obj["mana"] -= own
    mage["mana"] -= amount - own
    assert mage["mana"] >= 0


# ---- what may be cast now ------------------------------------------------------------------------------------

def spell_speed(state: JSON, caster: str, c: Card) -> str:
    """The action a spell needs: its icon, or quick through Quick Summon (§14.1)."""
    if (c.type == CardType.CREATURE and has_ability(state["objects"][caster], "Quick Summon")
            and "animal" in [s.lower() for s in c.subtypes] and c.level() == QUICK_SUMMON_LEVEL
            and "Quick Summon" not in state["used"][state["objects"][caster]["controller"]]):
        return "quick"
    return str(c.casting_speed)


def castable(state: JSON, caster: str, speed: str) -> list[JSON]:
    """Every ``Cast`` action ``caster`` may take with an action of ``speed`` (quick actions also cast nothing
    full; a full action casts either, §6), targets and costs checked."""
    obj = state["objects"][caster]
    seat = obj["controller"]
    names = sorted(set(state["planned"][seat])) if obj["kind"] == "mage" else \
        [state["assigned"][seat][caster]] if caster in state["assigned"][seat] and may_cast_now(state, caster) \
        else []
    sources: list[tuple[str, JSON]] = [(n, {}) for n in names] + [
        (eq["bound"], {"from": eq["id"]}) for eq in attached(state, caster)
        if eq.get("bound") and f"bound:{eq['id']}" not in state["used"][seat]]  # Spellbind (§9.9)
    out: list[JSON] = []
    for name, source in sources:
        if not has_card(name):
            continue
        c = card(name)
        needs = spell_speed(state, caster, c)
        if speed == "quick" and needs != "quick":
            continue
        for fields in [f for t in targets(state, caster, c) for f in choices(state, c, t, seat)]:
            cost = base_cost(state, c, fields)
            cost = None if cost is None else max(0, cost - effects.discount(state, caster, c)[0])
            if cost is not None and cost <= available_mana(state, caster):
                out.append({"type": "Cast", "caster": caster, "spell": name, **fields, **source})
                bond = abilities.bond_cost(state, seat, c)
                if bond and (bond[0] != "Pet" or cost + bond[1] <= available_mana(state, caster)):
                    out.append({"type": "Cast", "caster": caster, "spell": name, **fields, **source, "bond": True})
    out += abilities.restore_casts(state, caster, speed) + _rebinds(state, caster) + effects.item_spells(state, caster)
    if obj["kind"] == "mage" and has_ability(obj, "Arcane Zap") and "Arcane Zap" not in state["used"][seat]:
        out += [{"type": "Cast", "caster": caster, "spell": "Arcane Zap", "target": t}
                for t in _zap_targets(state, caster) if available_mana(state, caster) >= 1]
    return out


def zap_card() -> Card:
    """Arcane Zap as a card (§14.4: a quick Arcane attack spell of the Wizard, range 0-1, 3 dice, Ethereal),
    for the rules that read a spell's card (Jinx)."""
    return Card.model_validate({"id": "arcane-zap", "name": "Arcane Zap", "type": "attack",
                                "schools": [{"school": "arcane", "level": 1}], "cost": 1, "casting_speed": "quick",
                                "range": {"min": 0, "max": 1}, "target": "Creature or Conjuration"})


def _zap_targets(state: JSON, caster: str) -> list[str]:
    """Arcane Zap: any creature or conjuration within 0-1 zones and in LoS (§14.4)."""
    here = caster_zone(state, caster)
    return [o["id"] for o in sorted(state["objects"].values(), key=lambda o: o["order"])
            if o["kind"] in ("creature", "mage", "conjuration") and o["id"] != caster and o.get("zone")
            and arena.in_range(here, o["zone"], 0, 1) and _sees(state, caster, o["zone"]) and ranged_target_ok(o)]


# ---- resolving -----------------------------------------------------------------------------------------------

def cast(state: JSON, action: JSON, rng: Any, speed: str) -> list[JSON]:
    """Run the casting sequence for a legal ``Cast`` action, in place; returns the events.

    :raises IllegalAction: mw.cast.illegal when the action is not one of :func:`castable`'s.
    """
    caster = action["caster"]
    if action not in castable(state, caster, speed):
        raise IllegalAction("mw.cast.illegal", spell=str(action.get("spell")))
    seat = state["objects"][caster]["controller"]
    name = action["spell"]
    events: list[JSON] = []
    if abilities.is_restore(action):
        return abilities.restore(state, action)
    if name == REBIND:
        return _rebind(state, seat, action)
    if action.get("from") and state["objects"][action["from"]]["kind"] == "equipment" \
            and action["from"] in state["objects"] and name == state["objects"][action["from"]]["card"]:
        return effects.cast_item_spell(state, action, rng)
    if name == "Arcane Zap":
        pay(state, caster, 1)
        state["used"][seat].append("Arcane Zap")
        events.append({"type": "SpellCast", "seat": seat, "caster": caster, "spell": name, "cost": 1,
                       "target": action["target"]})
        # §14.4: a quick attack spell, cast like one: a Jinx on the Wizard triggers in its Counter step (§9.2)
        if effects.jinxed(state, seat, caster, zap_card(), 1, events):
            return events
        with windows.after(events):
            return events + _attack(state, caster, None, action["target"], rng, spell="Arcane Zap")
    c = card(name)
    fields = _fields(action)
    cost = _pay_costs(state, seat, caster, c, fields, action)
    public = {k: v for k, v in fields.items() if k != "bind"}  # the bound spell is face down (§9.9): SpellBound
    hidden = c.type == CardType.ENCHANTMENT
    events.append({"type": "SpellCast", "seat": seat, "caster": caster, "cost": cost,
                   "spell": None if hidden else name, **public})
    if hidden:
        events.append({"type": "EnchantmentCast", "seat": seat, "spell": name, "visible_to": [seat]})
    if spell_speed(state, caster, c) == "quick" and not action.get("from") and \
            effects.jinxed(state, seat, caster, c, cost, events):
        return events
    with windows.after(events):  # the spell cast is published while its Counter step waits
        decided = _counter_window(state, seat, c, fields)
    if isinstance(fields.get("target"), str) and windows.moved_meanwhile(fields["target"]):
        # §9.2 step 4: "If the target is no longer valid or has moved (even within the same zone), the spell is
        # countered" (moved by what was revealed while the Counter step waited)
        if not action.get("from"):
            state["discard"][seat].append(name)
        return events + [{"type": "SpellCountered", "seat": seat, "spell": None if hidden else name,
                          "by": "target moved"}]
    taker = None
    for oid, paid in decided:  # in the order their holder revealed them; one paid answers the spell
        if oid not in state["objects"]:
            continue  # gone meanwhile: nothing to reveal
        if state["objects"][oid]["card"] == "Nullify":
            if _nullified(state, seat, c, fields, events, pay=paid, only=oid):
                if not action.get("from"):
                    state["discard"][seat].append(name)
                return events
        elif taker := _reversed(state, seat, caster, c, fields, events, pay=paid, only=oid):
            break
    if taker == "fizzled":
        state["discard"][seat].append(name)
        return events
    if taker:  # Reverse Magic: the spell now belongs to the other seat, aimed at its caster
        before = state["next_id"]
        fields = {**fields, "target": caster}
        with windows.after(events):
            events += _resolve(state, taker, caster, c, fields, rng, action)
        for obj in state["objects"].values():
            if int(obj["id"][1:]) >= before and obj["card"] == c.name:
                obj["owner"] = seat  # the card is still its owner's (§0 owner/controller)
        if not action.get("from") and c.name in state["discard"][taker] and c.type == CardType.INCANTATION:
            # (a spellbound spell stays bound to its item, §9.9: no card went to the taker's pile)
            state["discard"][taker].remove(c.name)
            state["discard"][seat].append(c.name)
        return events
    with windows.after(events):
        events += _resolve(state, seat, caster, c, fields, rng, action)
    events += _after_resolving(state, caster)
    if c.type == CardType.INCANTATION:
        events += abilities.divine_reward(state, seat, name)
    from engine.magewars.movement import settle
    return events + settle(state, [], rng)  # what the spell destroyed leaves play


def _fields(action: JSON) -> JSON:
    return {k: action[k] for k in ("target", "zone", "border", "x", "direction", "extra", "equipment", "extend",
                                   "bind", "mage", "new", "card", "conditions", "enchantments", "replace")
            if k in action}


def _pay_costs(state: JSON, seat: str, caster: str, c: Card, fields: JSON, action: JSON) -> int:
    """Step 2 (§9.2): the casting cost paid (discounts spent) and the spell taken from the prepared ones: it
    has been cast. Returns the cost."""
    cost = base_cost(state, c, fields)
    assert cost is not None
    cut, ring = effects.discount(state, caster, c)
    cost = max(0, cost - cut)
    effects.use_discount(state, seat, ring)
    pay(state, caster, cost)
    if spell_speed(state, caster, c) != str(c.casting_speed):
        state["used"][seat].append("Quick Summon")
    if action.get("from"):  # a spellbound spell: once per round, revealed on its first cast, kept (§9.9)
        state["used"][seat].append(f"bound:{action['from']}")
        state["objects"][action["from"]]["bound_shown"] = True
    else:
        _take_prepared(state, seat, caster, name=c.name)
    return cost


def lost(state: JSON, action: JSON, rng: Any = None, speed: str = "") -> list[JSON]:
    """A cast its opponent's reveal made illegal after it was paid (a reveal in its Counter step moved the
    target): committed since step 1, it is countered (§9.2 steps 1 and 4; seed l.471 "si más adelante quedara
    interrumpido por cualquier motivo, perderás la acción", l.481: the mana spent is lost, the card
    discarded)."""
    caster, name = action["caster"], action["spell"]
    if caster not in state["objects"]:
        return []
    seat = state["objects"][caster]["controller"]
    # its mana was paid when it stopped at the question (windows.hold): the state kept it paid
    if name == "Arcane Zap":
        state["used"][seat].append(name)
    else:
        c = card(name)
        if action.get("from"):  # a spellbound spell: its once a round is spent, it stays bound (§9.9)
            state["used"][seat].append(f"bound:{action['from']}")
        else:
            if name in (state["planned"][seat] if state["objects"][caster]["kind"] == "mage"
                        else [state["assigned"][seat].get(caster)]):
                _take_prepared(state, seat, caster, name=c.name)
            state["discard"][seat].append(c.name)
        name = None if c.type == CardType.ENCHANTMENT else name  # cast face down: never named (§9.7)
    return [{"type": "SpellCountered", "seat": seat, "spell": name, "by": "cancelled"}]


def _after_resolving(state: JSON, caster: str) -> list[JSON]:
    """Magebane: each time the enchanted creature casts and resolves a spell it receives 1 direct damage."""
    from engine.magewars import conditions
    if caster not in state["objects"]:
        return []
    hits = sum(1 for o in attached(state, caster) if o["card"] == "Magebane" and not o["face_down"])
    return conditions.direct_damage_in_place(state, caster, hits, source="Magebane") if hits else []


def _take_prepared(state: JSON, seat: str, caster: str, name: str) -> None:
    if state["objects"][caster]["kind"] == "mage":
        state["planned"][seat].remove(name)
    else:
        state["assigned"][seat].pop(caster, None)


def mandatory(c: Card) -> bool:
    """A mandatory enchantment (Block, Nullify, traps...): its text says "you must reveal" it at a trigger; revealed
    at any other moment it has no effect and is destroyed (§9.7)."""
    return c.type == CardType.ENCHANTMENT and "must reveal" in (c.text or "")


def _reversed(state: JSON, seat: str, caster: str, c: Card, fields: JSON, events: list[JSON], *,
              pay: bool = True, only: str | None = None) -> str | None:
    """Reverse Magic (its text): an opponent's incantation or enchantment targeting its creature makes it be
    revealed in the Counter step: its controller pays or declines in the window (``pay``, for ``only``; declined or
    unaffordable, destroyed without effect, §9.7; nobody asked: paid if the pool allows); its controller takes
    the spell and it targets the caster instead, same choices (a choice tied to the first target, such as an
    equipment or a new host, leaves it nothing to do: "fizzled"); then Reverse Magic is destroyed. Returns the
    seat now controlling the spell, "fizzled", or None."""
    target = fields.get("target")
    if target is None or target == caster or c.type not in (CardType.INCANTATION, CardType.ENCHANTMENT) \
            or target not in state["objects"] or state["objects"][target]["kind"] not in ("creature", "mage"):
        return None
    for ench in attached(state, target):
        if ench["card"] == "Reverse Magic" and ench["face_down"] and ench["controller"] != seat \
                and only in (None, ench["id"]):
            mage = state["objects"][state["mages"][ench["controller"]]]
            cost = number(card("Reverse Magic").reveal_cost)
            if mage["mana"] < cost or not pay:  # it must be revealed; unpaid, destroyed without effect (§9.7)
                destroy(state, ench["id"], events, cause="reveal not paid")
                return None
            mage["mana"] -= cost
            events += [{"type": "EnchantmentRevealed", "seat": ench["controller"], "object": ench["id"],
                        "spell": "Reverse Magic", "cost": cost},
                       {"type": "SpellRedirected", "spell": c.name, "to": caster, "controller": ench["controller"]}]
            destroy(state, ench["id"], events, cause="used")
            if set(fields) - {"target", "zone", "x", "direction", "extra", "mode"}:
                return "fizzled"
            return ench["controller"]
    return None


def _counter_window(state: JSON, seat: str, c: Card, fields: JSON) -> list[tuple[str, bool]]:
    """The Counter step's window (§9.2 step 3, §9.7) for the controller of the spell's target, opened whatever
    it holds (``windows.window``); a face-down Nullify or Reverse Magic (on a creature) of theirs on it must be
    revealed there, paid or not: its controller decides, and with both there which first (§9.7). Returns the
    (enchantment, pay) decisions in order; nobody asked: Nullify then Reverse Magic, each paid if it can."""
    target = fields.get("target")
    if not isinstance(target, str) or target not in state["objects"]:
        return []
    owner = state["objects"][target]["controller"]
    creature = state["objects"][target]["kind"] in ("creature", "mage")
    counters = [{"object": e["id"], "card": e["card"], "cost": number(card(e["card"]).reveal_cost)}
                for e in attached(state, target) if e["face_down"] and e["controller"] == owner != seat
                and (e["card"] == "Nullify" or (e["card"] == "Reverse Magic" and creature))] \
        if c.type in (CardType.INCANTATION, CardType.ENCHANTMENT) else []
    counters.sort(key=lambda e: e["card"] != "Nullify")  # nobody asked: Nullify first (the old default)
    answer = windows.window(state, seat, target, "spell", counters)
    if answer is None:
        return [(e["object"], True) for e in counters]
    return [(oid, paid) for oid, paid in answer.get("decided", [])]


def _nullified(state: JSON, seat: str, c: Card, fields: JSON, events: list[JSON], *, pay: bool = True,
               only: str | None = None) -> bool:
    """The counter step (§9.2 step 3): a face-down Nullify an opponent controls on the target must be revealed
    when an incantation or enchantment targets it; it counters the spell and is destroyed (its card text).
    ``pay`` False: its controller declines the reveal cost, and it is destroyed without effect (§9.7).
    ``only``: the one Nullify its holder answered for."""
    target = fields.get("target")
    if target is None or c.type not in (CardType.INCANTATION, CardType.ENCHANTMENT):
        return False
    for ench in attached(state, target):
        if ench["card"] == "Nullify" and ench["face_down"] and ench["controller"] != seat \
                and only in (None, ench["id"]):
            owner_mage = state["objects"][state["mages"][ench["controller"]]]
            cost = number(card("Nullify").reveal_cost)
            if owner_mage["mana"] < cost or not pay:  # must be revealed; unpaid, destroyed without effect (§9.7)
                destroy(state, ench["id"], events, cause="reveal not paid")
                return False
            owner_mage["mana"] -= cost
            events.append({"type": "EnchantmentRevealed", "seat": ench["controller"], "object": ench["id"],
                           "spell": "Nullify", "cost": cost})
            events.append({"type": "SpellCountered", "seat": seat, "spell": c.name, "by": "Nullify"})
            destroy(state, ench["id"], events, cause="used")
            return True
    return False


def _resolve(state: JSON, seat: str, caster: str, c: Card, fields: JSON, rng: Any, action: JSON) -> list[JSON]:
    """Resolve by spell type (§9.3–§9.8); a target no longer valid counters the spell (§9.2 step 4)."""
    events: list[JSON] = []
    target = fields.get("target")
    discard = [] if action.get("from") else state["discard"][seat]  # a spellbound spell stays bound (§9.9)
    if target is not None and target not in state["objects"]:
        discard.append(c.name)
        return [{"type": "SpellCountered", "seat": seat, "spell": c.name, "by": "target gone"}]
    if c.type == CardType.ATTACK:
        discard.append(c.name)
        events = _attack(state, caster, None, target, rng, spell=c.name, zone=fields.get("zone"))
        if c.name == effects.CHAIN and target:
            events += effects.chain_next(state, seat, caster, target, [target], events)
        return events
    if c.type == CardType.INCANTATION:
        discard.append(c.name)
        effect = INCANTATIONS.get(c.name)
        if effect is None:
            return [{"type": "SpellNeedsReferee", "seat": seat, "spell": c.name, "text": c.text or "", **fields}]
        return effect(state, seat, caster, fields, rng)
    if c.type == CardType.CREATURE:
        obj = new_object(state, c.name, "creature", seat, zone=fields["zone"], ready=False,
                         summoned_round=state["round"])
        events.append({"type": "CreatureSummoned", "seat": seat, "object": obj["id"], "card": c.name,
                       "zone": fields["zone"]})
        if action.get("bond"):  # Pet (§14.1), Bloodreaper (§14.3): asked for in the Cast action
            events += abilities.bond(state, seat, obj)
        return events
    if c.type == CardType.CONJURATION:
        extra = {"border": fields["border"]} if "border" in fields else \
            {"attached_to": target} if target else {"zone": fields.get("zone")}
        zone = extra.get("zone")
        obj = new_object(state, c.name, "conjuration", seat, **extra)
        if fields.get("mage"):
            obj["siphon"] = fields["mage"]  # Mana Siphon's chosen mage (round.channeling)
        events.append({"type": "ConjurationCreated", "seat": seat, "object": obj["id"], "card": c.name, **extra,
                       **({"zone": zone} if zone else {})})
        if fields.get("extend"):  # the second copy comes from the spellbook (§9.6)
            book = state["books"][seat]
            book[c.name] -= 1
            if not book[c.name]:
                del book[c.name]
            second = new_object(state, c.name, "conjuration", seat, border=fields["extend"])
            events.append({"type": "ConjurationCreated", "seat": seat, "object": second["id"], "card": c.name,
                           "border": fields["extend"], "extended": True})
        state["barriers"] = _barriers(state)
        return events
    if c.type == CardType.EQUIPMENT:
        return _equip(state, seat, c, target, fields.get("bind"), fields.get("replace"))
    if c.type == CardType.ENCHANTMENT:
        extra = {"attached_to": target} if target else {"attached_zone": fields.get("zone")}
        obj = new_object(state, c.name, "enchantment", seat, face_down=True, **extra)
        return [{"type": "EnchantmentPlaced", "seat": seat, "object": obj["id"], **extra}]
    return [{"type": "SpellNeedsReferee", "seat": seat, "spell": c.name, "text": c.text or ""}]


def _barriers(state: JSON) -> dict[str, list[str]]:
    from engine.magewars.state import barriers
    return {b: sorted(t) for b, t in barriers(state).items()}


def _equip(state: JSON, seat: str, c: Card, mage: str, bind: str | None = None,
           replace: str | None = None) -> list[JSON]:
    """Equipment attaches to a mage, who controls it (§9.8); one item per slot (rings: two); a same-name or
    same-slot item of the mage's own side returns to its owner's spellbook; an opponent's cannot replace it."""
    host = state["objects"][mage]
    slots = [s for s in re.split(r"[+/]", c.slot or "") if s] or ["(none)"]
    worn = [o for o in attached(state, mage) if o["kind"] == "equipment"]
    clash = []
    for o in worn:
        other_slots = [s for s in re.split(r"[+/]", (card(o["card"]).slot or "")) if s]
        same_slot = bool(set(other_slots) & set(slots)) and not (slots == ["Ring"] and sum(
            1 for w in worn if card(w["card"]).slot == "Ring") < RING_SLOTS)
        if o["card"] == c.name or same_slot:
            clash.append(o)
    if replace and any(o["id"] == replace for o in clash):  # a third ring: only the ring chosen goes (§9.8)
        clash = [o for o in clash if o["id"] == replace or o["card"] == c.name]
    events: list[JSON] = []
    if clash and host["controller"] != seat:
        state["discard"][seat].append(c.name)
        return [{"type": "SpellCountered", "seat": seat, "spell": c.name, "by": "slot taken"}]
    for o in clash:
        for child in attached(state, o["id"]):  # what was attached to it leaves play with it
            destroy(state, child["id"], events, cause="host returned")
        state["objects"].pop(o["id"])
        if o.get("bound"):  # its spellbound spell returns to the book with it (§9.9)
            state["books"][o["owner"]][o["bound"]] = state["books"][o["owner"]].get(o["bound"], 0) + 1
        state["books"][o["owner"]][o["card"]] = state["books"][o["owner"]].get(o["card"], 0) + 1
        events.append({"type": "EquipmentReturned", "object": o["id"], "card": o["card"], "owner": o["owner"]})
    obj = new_object(state, c.name, "equipment", seat, attached_to=mage)
    obj["controller"] = host["controller"]
    if bind:
        book = state["books"][seat]
        book[bind] -= 1
        if not book[bind]:
            del book[bind]
        obj.update(bound=bind, bound_shown=False)
        events.append({"type": "SpellBound", "seat": seat, "object": obj["id"], "spell": bind,
                       "visible_to": sorted({seat, obj["controller"]})})  # its owner, and the wearer who casts it
    return events + [{"type": "EquipmentAttached", "seat": seat, "object": obj["id"], "card": c.name,
                      "mage": mage}]


def _attack(state: JSON, attacker: str, index: int | None, target: str | None, rng: Any, *,
            spell: str | None = None, zone: str | None = None) -> list[JSON]:
    """An attack spell runs the attack sequence (§9.3) through the combat module. "Attacks all objects in the
    zone except the caster" (Blinding Flash, Electrify, Ring of Fire): the caster is left out of the zone attack
    (marked as gone for its length: the zone attack skips what is gone)."""
    from engine.magewars.movement import attack
    spare = spell and has_card(spell) and "except the caster" in (card(spell).text or "") \
        and not state["objects"][attacker].get("destroyed")
    if spare:
        state["objects"][attacker]["destroyed"] = True
    events = attack(state, attacker, spell if spell else (index or 0), target or zone, rng)
    if spare and attacker in state["objects"]:
        state["objects"][attacker].pop("destroyed", None)
    return events


# ---- incantations whose text the engine runs -----------------------------------------------------------------

HEAL = re.compile(r"[Hh]eals? (?:target creature )?(?:the amount rolled on )?(\d+) attack dice")


def combat_heal(state: JSON, target: str, dice: int, rng: Any, combat: Any) -> list[JSON]:
    new, events = combat.heal_roll(state, target, dice, rng)
    state.clear()
    state.update(new)
    return events


def _healing(name: str):
    def run(state: JSON, seat: str, caster: str, fields: JSON, rng: Any) -> list[JSON]:
        from engine.magewars import combat
        m = HEAL.search(card(name).text or "")
        return combat_heal(state, fields["target"], int(m.group(1)), rng, combat)
    return run


def _dispel(state: JSON, seat: str, caster: str, fields: JSON, rng: Any) -> list[JSON]:
    """Dispel, Seeking Dispel: destroy the target enchantment; Dissolve: the chosen equipment (card texts)."""
    events: list[JSON] = []
    destroy(state, fields.get("equipment") or fields["target"], events, cause="dispelled")
    state["barriers"] = _barriers(state)
    return events


def _explode(state: JSON, seat: str, caster: str, fields: JSON, rng: Any) -> list[JSON]:
    """Explode: destroy the chosen equipment, then its flame attack on the target mage (its card text)."""
    events = _dispel(state, seat, caster, fields, rng)
    return events + _attack(state, caster, None, fields["target"], rng, spell=EXPLODE)


def _purge(state: JSON, seat: str, caster: str, fields: JSON, rng: Any) -> list[JSON]:
    """Purge Magic: destroy every enchantment on the target, hidden and revealed (its card text)."""
    events: list[JSON] = []
    for o in attached(state, fields["target"]):
        if o["kind"] == "enchantment":
            destroy(state, o["id"], events, cause="purged")
    return events


def _group_heal(state: JSON, seat: str, caster: str, fields: JSON, rng: Any) -> list[JSON]:
    """Group Heal: each friendly Living creature in the zone heals its own roll of 5 attack dice (card text)."""
    from engine.magewars import combat
    events: list[JSON] = []
    dice = int(re.search(r"rolled on (\d+) attack dice", card("Group Heal").text or "").group(1))
    for o in sorted(state["objects"].values(), key=lambda o: o["order"]):
        if o.get("zone") == fields["zone"] and o["kind"] in ("creature", "mage") and o["controller"] == seat \
                and _stats().living(state, o["id"]):
            events += combat_heal(state, o["id"], dice, rng, combat)
    return events


def roll_total(rng: Any, dice: int) -> tuple[int, list[str]]:
    """The total of ``dice`` attack dice, normal and critical alike (direct damage and drains, §10.9)."""
    from engine.core.dice import roll_faces
    from engine.magewars.dice import attack_die
    faces = roll_faces(rng, attack_die(), dice)
    return sum(f.normal + f.critical for f in faces), [f.face for f in faces]


def _drain_life(state: JSON, seat: str, caster: str, fields: JSON, rng: Any) -> list[JSON]:
    """Drain Life: 5 attack dice of direct damage; the caster heals what the target received (card text)."""
    from engine.magewars import conditions
    total, faces = roll_total(rng, 5)
    before = state["objects"][fields["target"]]["damage"]
    events = [{"type": "DiceRolled", "spell": "Drain Life", "faces": faces, "total": total}]
    events += conditions.direct_damage_in_place(state, fields["target"], total, source=caster)
    got = state["objects"][fields["target"]]["damage"] - before
    return events + conditions.heal_in_place(state, caster, got, reason="Drain Life")


def _drain_power(state: JSON, seat: str, caster: str, fields: JSON, rng: Any) -> list[JSON]:
    """Drain Power: roll 8 attack dice; the target mage loses that much mana (as much as it has) and the caster
    gains what was lost (card text)."""
    total, faces = roll_total(rng, 8)
    victim = state["objects"][fields["target"]]
    lost = min(total, victim["mana"])
    victim["mana"] -= lost
    state["objects"][state["mages"][seat]]["mana"] += lost
    return [{"type": "DiceRolled", "spell": "Drain Power", "faces": faces, "total": total},
            {"type": "ManaDrained", "object": victim["id"], "amount": lost, "to": state["mages"][seat]}]


def _until_end_of_round(traits: list[str], who: str = "target"):
    """Incantations granting traits until the end of the round (Charge, Evade, Call of the Wild)."""
    def run(state: JSON, seat: str, caster: str, fields: JSON, rng: Any) -> list[JSON]:
        if who == "friendly animals":
            oids = [o["id"] for o in state["objects"].values() if o["controller"] == seat and o["kind"] ==
                    "creature" and "animal" in [x.lower() for x in _stats().subtypes(state, o["id"])]]
        else:
            oids = [fields["target"]]
        events = []
        for oid in oids:
            grant_for_round(state, oid, traits)
            events.append({"type": "TraitsGained", "object": oid, "traits": list(traits), "until": "end of round"})
        return events
    return run


def _move_enchantment(state: JSON, seat: str, fields: JSON, *, steal: bool) -> list[JSON]:
    """Shift / Steal Enchantment: move the enchantment to its new host (Steal: the caster now controls it)."""
    ench = state["objects"][fields["target"]]
    ench.pop("attached_to", None)
    ench.pop("attached_zone", None)
    ench.update({"attached_to": fields["new"]} if "new" in fields else {"attached_zone": fields["zone"]})
    if steal:
        ench["controller"] = seat
    return [{"type": "EnchantmentMoved", "object": ench["id"], "to": fields.get("new") or fields.get("zone"),
             "controller": ench["controller"]}]


def _resurrect(state: JSON, seat: str, caster: str, fields: JSON) -> list[JSON]:
    """Resurrection: the chosen Living creature leaves the discard pile and is summoned in the caster's zone."""
    state["discard"][seat].remove(fields["card"])
    zone = caster_zone(state, caster)
    obj = new_object(state, fields["card"], "creature", seat, zone=zone, ready=False, summoned_round=state["round"])
    return [{"type": "CreatureSummoned", "seat": seat, "object": obj["id"], "card": fields["card"], "zone": zone}]


def _remove_chosen(state: JSON, fields: JSON, rng: Any, heal_dice: int) -> list[JSON]:
    """Lay Hands (heal 12 dice first) and Purify: remove the chosen conditions (their markers paid with the cost)
    and destroy the chosen poison enchantments."""
    from engine.magewars import combat, conditions
    target = fields["target"]
    events = combat_heal(state, target, heal_dice, rng, combat) if heal_dice else []
    for name in fields.get("conditions", []):
        events += conditions.remove(state, target, name, None, reason="removal spell")
    for e in fields.get("enchantments", []):
        destroy(state, e, events, cause="purified")
    return events


def _rouse(state: JSON, seat: str, caster: str, fields: JSON, rng: Any) -> list[JSON]:
    """Rouse the Beast: a creature summoned this round gets its action marker active (once per round each)."""
    obj = state["objects"][fields["target"]]
    obj["ready"] = True
    obj["counters"]["roused"] = state["round"]
    return [{"type": "CreatureReadied", "object": obj["id"]}]


def _push(state: JSON, seat: str, caster: str, fields: JSON, rng: Any) -> list[JSON]:
    """Force Push: push the target 1 zone in the caster's chosen direction (its card text, §7.6); not through a
    Passage Attacks wall unless the extra 3 mana was paid: then it stays where it is."""
    from engine.magewars.movement import push, settle
    target, direction = fields["target"], fields["direction"]
    _, kind = arena.crossing(zone_of(state, target), direction, state["barriers"], size(state),
                             flying=_stats().traits(state, target).has("Flying"))
    if kind == "attack" and not fields.get("extra"):
        return [{"type": "PushIgnored", "object": target, "reason": "passage attacks wall"}]
    events = push(state, target, direction, rng)
    return events + settle(state, events, rng)


def _teleport(state: JSON, seat: str, caster: str, fields: JSON, rng: Any) -> list[JSON]:
    from engine.magewars.movement import teleport
    return teleport(state, fields["target"], fields["zone"], rng)


def _sleep(state: JSON, seat: str, caster: str, fields: JSON, rng: Any) -> list[JSON]:
    from engine.magewars import conditions
    return conditions.add(state, fields["target"], "Sleep")


INCANTATIONS = {"Minor Heal": _healing("Minor Heal"), "Heal": _healing("Heal"), "Dispel": _dispel,
                "Dissolve": _dispel, "Force Push": _push, "Teleport": _teleport, "Sleep": _sleep,
                "Seeking Dispel": _dispel, "Explode": _explode, "Purge Magic": _purge, "Group Heal": _group_heal,
                "Drain Life": _drain_life, "Drain Power": _drain_power, ROUSE: _rouse,
                "Charge": _until_end_of_round(["Fast", "Charge +1"]), "Evade": _until_end_of_round(["Elusive"]),
                "Call of the Wild": _until_end_of_round(["Melee +1"], "friendly animals"),
                SHIFT: lambda state, seat, caster, fields, rng: _move_enchantment(state, seat, fields, steal=False),
                STEAL: lambda state, seat, caster, fields, rng: _move_enchantment(state, seat, fields, steal=True),
                "Resurrection": lambda state, seat, caster, fields, rng: _resurrect(state, seat, caster, fields),
                "Purify": lambda state, seat, caster, fields, rng: _remove_chosen(state, fields, rng, 0),
                "Lay Hands": lambda state, seat, caster, fields, rng: _remove_chosen(state, fields, rng, 12),
                "Knockdown": lambda state, seat, caster, fields, rng: effects.knock_down(state, fields["target"]),
                "Battle Fury": lambda state, seat, caster, fields, rng: effects.battle_fury(state, fields["target"]),
                **{n: (lambda n: lambda state, seat, caster, fields, rng: effects.grant_next_melee(
                    state, fields["target"], n))(n) for n in effects.NEXT_MELEE}}
"""Incantations whose effect the engine applies (the others are settled with referee actions)."""
