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
from engine.magewars.state import JSON, attached, destroy, grant_for_round
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
    from engine.magewars.stats import _memo_for
    kept = _memo_for(state)
    rings = kept.get(("worn", caster)) if kept is not None else None
    if rings is None:
        rings = [o for o in attached(state, caster) if o["kind"] == "equipment"]
        if kept is not None:
            kept[("worn", caster)] = rings
    for ring in rings:
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


# ---- extra attack dice for one attack ---------------------------------------------------------------------

MARKED = "Marked for Death"
DAMAGE_RINGS = {"Fireshaper Ring": "flame", "Dawnbreaker Ring": "light"}
"""Rings giving Melee +1 and Ranged +1 to their mage's attacks of one damage type (their texts)."""


def extra_dice(state: JSON, attacker: str, target: str, bar: JSON) -> list[tuple[str, int]]:
    """Dice one attack gains from card texts: Marked for Death on the target (+1, each creature's first attack
    on it each round), a damage-type ring on the attacking mage (+1 for attacks of that type)."""
    obj = state["objects"].get(attacker)
    if obj is None or obj["kind"] not in ("creature", "mage"):
        return []
    out = []
    marked = target in state["objects"] and any(
        o["card"] == MARKED and not o["face_down"] for o in attached(state, target))
    if marked and state["objects"][target]["counters"].get("marked_by", {}).get(attacker) != state["round"]:
        state["objects"][target]["counters"].setdefault("marked_by", {})[attacker] = state["round"]
        out.append((MARKED, 1))
    for ring in attached(state, attacker):
        kind = DAMAGE_RINGS.get(ring["card"])
        if kind and str(bar.get("damage_type") or "").lower() == kind:
            out.append((ring["card"], 1))
    return out


def extra_traits(state: JSON, target: str, bar: JSON) -> list[JSON]:
    """Attack traits an attack gains against this target (Wall of Fire: "Hydro attacks gain the Ethereal trait
    when attacking Wall of Fire")."""
    import re
    obj = state["objects"].get(target)
    m = re.search(r"(\w+) attacks gain the (\w+) trait when attacking", card(obj["card"]).text or "") \
        if obj is not None and has_card(obj["card"]) else None
    if m and str(bar.get("damage_type") or "").lower() == m.group(1).lower():
        return [{"trait": m.group(2)}]
    return []


def add_dice(state: JSON, bar: JSON, extra: int, traits: list[JSON] | None = None) -> tuple[str, JSON | None] | None:
    """Lay ``extra`` dice (and attack ``traits``) on an attack's bar for one attack: its card (creature, item or
    spell) is copied into ``state["cards"]`` (the match's copies, read first); returns what :func:`put_back`
    needs, None if nothing."""
    from engine.magewars import stats
    if (not extra or bar.get("dice") is None) and not traits:
        return None
    name = bar["source"]
    before = copy.deepcopy(state["cards"].get(name))
    raw = copy.deepcopy(stats.card(state, name))
    for b in raw.get("attacks") or []:
        if (b.get("name") or name) == bar["name"]:
            if isinstance(b.get("dice"), int):
                b["dice"] += extra
            b["traits"] = list(b.get("traits") or []) + copy.deepcopy(traits or [])
    state["cards"][name] = raw
    return name, before


def put_back(state: JSON, saved: tuple[str, JSON | None] | None) -> None:
    if saved is None:
        return
    name, before = saved
    if before is None:
        state["cards"].pop(name, None)
    else:
        state["cards"][name] = before


# ---- after an attack: Pentagram's mana, Valshalla's Wrath ---------------------------------------------------

PENTAGRAM = "Pentagram"
PENTAGRAM_MAX = 2
VALSHALLA = "Valshalla, Lightning Angel"
WRATH_MAX = 4


def after_attack(state: JSON, attacker: str, events: list[JSON]) -> list[JSON]:
    """Pentagram: 1 mana each time a different enemy creature is attacked and damaged by a friendly creature,
    at most 2 a round. Valshalla: once per round, a friendly creature destroyed by an enemy creature's attack
    gives her a Wrath token (Melee +1 each, at most 4). Their card texts."""
    obj = state["objects"].get(attacker)
    if obj is None or obj["kind"] not in ("creature", "mage"):
        return []
    seat, rnd, out = obj["controller"], state["round"], []
    hurt = [e["object"] for e in events if e["type"] == "DamageDealt" and e.get("amount", 0) > 0
            and e["object"] in state["objects"] and state["objects"][e["object"]]["kind"] in ("creature", "mage")
            and state["objects"][e["object"]]["controller"] != seat]
    for gram in [o for o in state["objects"].values() if o["card"] == PENTAGRAM and o["controller"] == seat]:
        fed = gram["counters"].get("fed") if gram["counters"].get("fed_round") == rnd else []
        for victim in dict.fromkeys(hurt):
            if victim not in fed and len(fed) < PENTAGRAM_MAX:
                fed = fed + [victim]
                gram["mana"] += 1
                out.append({"type": "ManaPlaced", "object": gram["id"], "amount": 1, "by": victim})
        gram["counters"].update(fed=fed, fed_round=rnd)
    fallen = [e["object"] for e in events if e["type"] == "ObjectDestroyed" and e["object"] in state["objects"]
              and state["objects"][e["object"]]["kind"] == "creature" and state["objects"][e["object"]]["controller"]
              != seat]
    for angel in [o for o in state["objects"].values() if o["card"] == VALSHALLA and o["controller"] != seat]:
        if fallen and angel["id"] not in fallen and angel["counters"].get("wrath_round") != rnd \
                and angel["counters"].get("wrath", 0) < WRATH_MAX:
            angel["counters"].update(wrath=angel["counters"].get("wrath", 0) + 1, wrath_round=rnd)
            angel.setdefault("traits", []).append("Melee +1")
            out.append({"type": "WrathToken", "object": angel["id"], "tokens": angel["counters"]["wrath"]})
    return out


# ---- paying on activation (Blue Gremlin, Necropian Vampiress) --------------------------------------------

ON_ACTIVATION = "When this creature is activated, you may pay 1 mana"
ACTIVATION_COST = 1


def pays_on_activation(state: JSON, oid: str) -> bool:
    obj = state["objects"][oid]
    return has_card(obj["card"]) and ON_ACTIVATION in (card(obj["card"]).text or "")


def activation_paid(state: JSON, oid: str) -> list[JSON]:
    """Pay 1 when activated: the Vampiress flies until the end of her turn; the Gremlin is Fast until the end of
    the round and each of his move actions this round is a teleport to the next zone (their texts)."""
    obj = state["objects"][oid]
    mage = state["objects"][state["mages"][obj["controller"]]]
    mage["mana"] -= ACTIVATION_COST
    text = card(obj["card"]).text or ""
    if "Flying trait until the end of her Action Phase" in text:
        obj.setdefault("traits", []).append("Flying")
        obj["counters"].setdefault("turn_traits", []).append("Flying")
    if "each move action he takes this round is a Teleport" in text:
        grant_for_round(state, oid, ["Fast"])
        obj["counters"]["teleport_moves"] = state["round"]
    return [{"type": "ActivationPaid", "object": oid, "cost": ACTIVATION_COST}]


def teleport_moves(state: JSON, oid: str) -> bool:
    return state["objects"][oid]["counters"].get("teleport_moves") == state["round"]


# ---- items' quick spells (Staff of Beasts, Crown of Protection) -------------------------------------------

ITEM_SPELL_COST = 2


def item_spells(state: JSON, caster: str) -> list[JSON]:
    """Once-per-round quick spells of a mage's items (their texts), each a ``Cast`` with ``spell`` the item's
    name and ``from`` its oid: Staff of Beasts (an animal up to 1 zone away: ``mode`` "melee" for Melee +2 this
    round, or "heal" for 2 dice), Crown of Protection (an Armor +1 token on a Living non-Mage creature up to 1
    zone away)."""
    from engine.magewars import arena, stats
    obj = state["objects"][caster]
    seat = obj["controller"]
    if obj["kind"] != "mage" or obj["mana"] < ITEM_SPELL_COST:
        return []
    here = obj["zone"]
    out = []
    for item in attached(state, caster):
        if item["card"] not in ("Staff of Beasts", "Crown of Protection") or f"item:{item['id']}" in state["used"][seat]:
            continue
        for t in sorted(state["objects"].values(), key=lambda o: o["order"]):
            if t["kind"] not in ("creature", "mage") or not t.get("zone") or not arena.in_range(here, t["zone"], 0, 1) \
                    or not arena.line_of_sight(here, t["zone"], state["barriers"], tuple(state["size"]),
                                               flying=stats.traits(state, t["id"]).has("Flying")):
                continue
            base = {"type": "Cast", "caster": caster, "spell": item["card"], "from": item["id"], "target": t["id"]}
            if item["card"] == "Staff of Beasts" and "animal" in [x.lower() for x in stats.subtypes(state, t["id"])]:
                out += [{**base, "mode": "melee"}, {**base, "mode": "heal"}]
            if item["card"] == "Crown of Protection" and t["kind"] == "creature" and stats.living(state, t["id"]):
                out.append(base)
    return out


def cast_item_spell(state: JSON, action: JSON, rng: Any) -> list[JSON]:
    from engine.magewars import combat
    caster, target, seat = action["caster"], action["target"], state["objects"][action["caster"]]["controller"]
    state["objects"][caster]["mana"] -= ITEM_SPELL_COST
    state["used"][seat].append(f"item:{action['from']}")
    events = [{"type": "SpellCast", "seat": seat, "caster": caster, "spell": action["spell"], "target": target,
               "cost": ITEM_SPELL_COST}]
    if action.get("mode") == "heal":
        new, healed = combat.heal_roll(state, target, 2, rng)
        state.clear()
        state.update(new)
        return events + healed
    if action.get("mode") == "melee":
        grant_for_round(state, target, ["Melee +2"])
        return events + [{"type": "TraitsGained", "object": target, "traits": ["Melee +2"], "until": "end of round"}]
    obj = state["objects"][target]
    obj.setdefault("traits", []).append("Armor +1")
    obj["counters"]["armor_tokens"] = obj["counters"].get("armor_tokens", 0) + 1
    return events + [{"type": "TraitsGained", "object": target, "traits": ["Armor +1"], "until": "destroyed"}]


# ---- Temple of Asyra: a cleric's full action --------------------------------------------------------------

TEMPLE = "Temple of Asyra"
TEMPLE_TIMES = 2


def temple_actions(state: JSON, oid: str) -> list[JSON]:
    """A friendly cleric may spend its full action to place 1 mana on Temple of Asyra, twice a round in all."""
    from engine.magewars import stats
    obj = state["objects"][oid]
    if "cleric" not in [x.lower() for x in stats.subtypes(state, oid)]:
        return []
    return [{"type": "UseAbility", "ability": TEMPLE, "target": t["id"]} for t in state["objects"].values()
            if t["card"] == TEMPLE and t["controller"] == obj["controller"]
            and t["counters"].get("tended", {}).get(str(state["round"]), 0) < TEMPLE_TIMES]


def tend_temple(state: JSON, temple: str) -> list[JSON]:
    t = state["objects"][temple]
    done = t["counters"].setdefault("tended", {})
    done[str(state["round"])] = done.get(str(state["round"]), 0) + 1
    t["mana"] += 1
    return [{"type": "ManaPlaced", "object": temple, "amount": 1}]


# ---- Jinx (counter step) --------------------------------------------------------------------------------

def jinxed(state: JSON, seat: str, caster: str, c: Card, cost: int, events: list[JSON]) -> bool:
    """Jinx: when its creature casts a quick spell, its controller must reveal it in the Counter step (paying its
    reveal cost if the pool allows, else it is destroyed without effect): the spell is cancelled, returned to
    its owner's spellbook and its mana refunded; then Jinx is destroyed (its text)."""
    from engine.magewars.cards import number
    for ench in attached(state, caster):
        if ench["card"] != "Jinx" or not ench["face_down"] or ench["controller"] == seat:
            continue
        mage = state["objects"][state["mages"][ench["controller"]]]
        reveal = number(card("Jinx").reveal_cost)
        if mage["mana"] < reveal:
            destroy(state, ench["id"], events, cause="reveal not paid")
            return False
        mage["mana"] -= reveal
        state["objects"][state["mages"][seat]]["mana"] += cost
        if c.name != "Arcane Zap":  # the Wizard's ability is no card: nothing goes back to the book
            state["books"][seat][c.name] = state["books"][seat].get(c.name, 0) + 1
        events += [{"type": "EnchantmentRevealed", "seat": ench["controller"], "object": ench["id"], "spell": "Jinx",
                    "cost": reveal},
                   {"type": "SpellCountered", "seat": seat, "by": "Jinx", "refunded": cost,
                    # an enchantment cast face down goes back to the hidden book unnamed (§9.7)
                    "spell": None if c.type == CardType.ENCHANTMENT else c.name}]
        destroy(state, ench["id"], events, cause="used")
        return True
    return False


# ---- Knockdown, Battle Fury, Hand of Bim-Shalla --------------------------------------------------------------

def knock_down(state: JSON, oid: str) -> list[JSON]:
    """Knockdown: Incapacitated until the beginning of its next action turn or the end of the round; no effect on
    Unmovable creatures. Shown as a Slam marker held by Knockdown (``counters["knockdown"]``), which its
    activation or the round's end takes off without Slam's Daze (round.py)."""
    from engine.magewars import conditions, stats
    if stats.traits(state, oid).has("Unmovable"):
        return [{"type": "SpellHadNoEffect", "object": oid, "spell": "Knockdown"}]
    events = conditions.add(state, oid, "Slam")
    if conditions.count(state["objects"][oid], "Slam"):
        state["objects"][oid]["counters"]["knockdown"] = state["objects"][oid]["counters"].get("knockdown", 0) + 1
    return events


def stand_up(state: JSON, oid: str) -> list[JSON]:
    from engine.magewars import conditions
    n = state["objects"][oid]["counters"].pop("knockdown", 0)
    return conditions.remove(state, oid, "Slam", n, reason="Knockdown ends") if n else []


def battle_fury(state: JSON, oid: str) -> list[JSON]:
    state["objects"][oid]["counters"]["battle_fury"] = state["round"]
    return [{"type": "NextAttackGains", "object": oid, "traits": ["Battle Fury"]}]


BIM_SHALLA = "Hand of Bim-Shalla"


def bim_shalla_actions(state: JSON, seat: str) -> list[JSON]:
    """Hand of Bim-Shalla, once a round before or after a friendly creature's action turn: a Living creature gets
    Armor +1 or Melee +1 until the end of the round, or heals 1 (its text)."""
    from engine.magewars import stats
    hands = [o for o in state["objects"].values() if o["card"] == BIM_SHALLA and o["controller"] == seat
             and f"bim:{o['id']}" not in state["used"][seat]]
    out = []
    for hand in hands:
        for t in sorted(state["objects"].values(), key=lambda o: o["order"]):
            if t["kind"] in ("creature", "mage") and t.get("zone") and stats.living(state, t["id"]):
                out += [{"type": "UseAbility", "ability": BIM_SHALLA, "source": hand["id"], "target": t["id"],
                         "mode": m} for m in ("armor", "melee", "heal")]
    return out


def use_bim_shalla(state: JSON, seat: str, action: JSON) -> list[JSON]:
    from engine.magewars import conditions
    state["used"][seat].append(f"bim:{action['source']}")
    if action["mode"] == "heal":
        return conditions.heal_in_place(state, action["target"], 1, reason=BIM_SHALLA)
    trait = "Armor +1" if action["mode"] == "armor" else "Melee +1"
    grant_for_round(state, action["target"], [trait])
    return [{"type": "TraitsGained", "object": action["target"], "traits": [trait], "until": "end of round"}]


# ---- Chain Lightning ------------------------------------------------------------------------------------------

CHAIN = "Chain Lightning"
EVERY_TARGET = "creature or conjuration"
"""A "+N vs. X" phrase every creature, mage and conjuration matches (combat._matches)."""


def chain_next(state: JSON, seat: str, caster: str, last: str, hit: list[str], events: list[JSON]) -> list[JSON]:
    """After Chain Lightning damaged ``last``: its caster may attack another creature or conjuration up to 1 zone
    from ``last`` and in its LoS, never one already attacked (its text); the choice waits in ``pending``."""
    from engine.magewars import arena, conditions, stats
    damaged = any(e["type"] == "DamageDealt" and e["object"] == last and e.get("amount", 0) > 0 for e in events)
    if not damaged or last not in state["objects"]:
        return []
    caster_obj = state["objects"].get(caster)
    if caster_obj is None or conditions.incapacitated(caster_obj):
        return []  # §12.2: each link is the caster's attack, and an incapacitated creature can't attack (a barrier's Stun)
    here = state["objects"][last].get("zone")
    options = [o["id"] for o in sorted(state["objects"].values(), key=lambda o: o["order"])
               if o["id"] not in hit and o.get("zone") and o["kind"] in ("creature", "mage", "conjuration")
               and arena.in_range(here, o["zone"], 0, 1)
               and arena.line_of_sight(here, o["zone"], state["barriers"], tuple(state["size"]),
                                       flying=stats.traits(state, o["id"]).has("Flying"))]
    if not options:
        return []
    state.setdefault("pending", []).append({"type": "chain", "seat": seat, "caster": caster, "hit": hit,
                                            "targets": options + [None]})
    return [{"type": "ChainChoice", "seat": seat, "from": last}]


def chain_attack(state: JSON, choice: JSON, target: str, rng: Any, attack: Any) -> list[JSON]:
    """The next link: one die fewer and 1 less on the effect roll per link so far (a "-k vs. anything" bonus on
    the spell's copy), whatever the range from the caster (the chain's reach is from the last target).
    ``attack`` is :func:`engine.magewars.movement.attack`."""
    from engine.magewars import stats
    k = len(choice["hit"])
    before = copy.deepcopy(state["cards"].get(CHAIN))
    raw = copy.deepcopy(stats.card(state, CHAIN))
    raw["range"] = {"min": 0, "max": 99}
    for b in raw.get("attacks") or []:
        b["range"] = {"min": 0, "max": 99}
        b["traits"] = list(b.get("traits") or []) + [{"trait": "Bonus vs", "vs": EVERY_TARGET, "value": -k}]
    state["cards"][CHAIN] = raw
    events = attack(state, choice["caster"], CHAIN, target, rng)
    if before is None:
        state["cards"].pop(CHAIN, None)
    else:
        state["cards"][CHAIN] = before
    if choice["caster"] in state["objects"]:
        events += chain_next(state, choice["seat"], choice["caster"], target, choice["hit"] + [target], events)
    return events
