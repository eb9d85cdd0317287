"""The four mages' abilities in the full game (§14): Pet, Bloodreaper, Restore, Divine Reward, Voltaric Shield
(Quick Summon and Arcane Zap are casting rules: ``casting.spell_speed``, ``casting.castable``; Chain Curses is
part of destroying an object: ``state.destroy``).

Functions work on the state in place and return events, like the other duel modules.
"""
from __future__ import annotations

import itertools
from typing import Any

from engine.magewars.cards import card, has_card
from engine.magewars.mages import has_ability
from engine.magewars.pack import Card, CardType
from engine.magewars.state import JSON, tally_damage, zone_of

PET_TRAITS = ["Melee +1", "Armor +1", "Life +3"]
"""The Pet token's bonuses (§14.1), plus Melee +1 more while in the Beastmaster's zone (:func:`refresh`)."""
BLOODREAPER_TRAITS = ["Bloodthirsty +2"]
BLOODREAPER_HEAL = 2
VOLTARIC_PREVENTS = 3
RESTORE = "Restore"
RESTORE_RANGE = (0, 1)
"""Restore targets a creature within 1 zone (§14.2; §22.24: range 0-1)."""
DIVINE_REWARD_LIFE = 1


def _mage(state: JSON, seat: str) -> JSON | None:
    return state["objects"].get(state["mages"][seat])


def _level(c: Card) -> int:
    return c.level() if isinstance(c.level(), int) else 0


# ---- Pet and Bloodreaper (§14.1, §14.3) ---------------------------------------------------------------------

def bond_cost(state: JSON, seat: str, c: Card) -> tuple[str, int] | None:
    """The bond a creature spell of ``seat`` may take when it enters play: ("Pet", mana) for a non-Legendary
    animal of a Beastmaster, ("Bloodreaper", life) for a non-Legendary demon of a Warlock; None when the token
    is on another creature or the mage has neither ability (§14.1, §14.3)."""
    mage = _mage(state, seat)
    if mage is None or c.type != CardType.CREATURE or "Legendary" in c.traits:
        return None
    if any(o["counters"].get("bond") for o in state["objects"].values() if o["controller"] == seat):
        return None  # one token: it comes back when its creature is destroyed
    subtypes = [s.lower() for s in c.subtypes]
    if has_ability(mage, "Pet") and "animal" in subtypes:
        return "Pet", _level(c) + 1
    if has_ability(mage, "Bloodreaper") and "demon" in subtypes:
        return "Bloodreaper", _level(c) + 1
    return None


def bond(state: JSON, seat: str, obj: JSON) -> list[JSON]:
    """Place the Pet or Bloodreaper token on a creature that just entered play; pay its cost (Pet: mana;
    Bloodreaper: the Warlock's maximum life, permanently)."""
    found = bond_cost(state, seat, card(obj["card"]))
    if found is None:
        return []
    kind, cost = found
    mage = _mage(state, seat)
    obj["counters"]["bond"] = kind
    if kind == "Pet":
        mage["mana"] -= cost
        obj.setdefault("traits", []).extend(PET_TRAITS)
        refresh(state)
        return [{"type": "PetChosen", "seat": seat, "object": obj["id"], "cost": cost}]
    mage["counters"]["life_lost"] = mage["counters"].get("life_lost", 0) + cost
    obj.setdefault("traits", []).extend(BLOODREAPER_TRAITS)
    return [{"type": "BloodreaperChosen", "seat": seat, "object": obj["id"], "life_lost": cost}]


def refresh(state: JSON) -> None:
    """The Pet's extra Melee +1 while in the Beastmaster's zone (§14.1), kept current after every action."""
    for obj in state["objects"].values():
        if obj["counters"].get("bond") != "Pet":
            continue
        mage = _mage(state, obj["controller"])
        near = mage is not None and zone_of(state, mage["id"]) == obj.get("zone")
        has = obj["counters"].get("pet_near", False)
        if near and not has:
            obj.setdefault("traits", []).append("Melee +1")
        elif has and not near:
            obj["traits"].remove("Melee +1")
        obj["counters"]["pet_near"] = near


def after_attack(state: JSON, attacker: str, events: list[JSON]) -> list[JSON]:
    """The Bloodreaper's first damaging attack on a creature each round heals its Warlock up to 2 (§14.3)."""
    from engine.magewars import conditions
    obj = state["objects"].get(attacker)
    if obj is None or obj["counters"].get("bond") != "Bloodreaper":
        return []
    seat = obj["controller"]
    hit = any(e["type"] == "DamageDealt" and e.get("amount", 0) > 0 and e["object"] != attacker
              and e["object"] in state["objects"] and state["objects"][e["object"]]["kind"] in ("creature", "mage")
              for e in events)
    mage = _mage(state, seat)
    if not hit or mage is None or "Bloodreaper" in state["used"][seat]:
        return []
    state["used"][seat].append("Bloodreaper")
    return conditions.heal_in_place(state, mage["id"], BLOODREAPER_HEAL, reason="Bloodreaper")


# ---- Voltaric Shield (§14.4) ------------------------------------------------------------------------------

def voltaric(state: JSON, events: list[JSON]) -> list[JSON]:
    """After an attack: the first attack this round that dealt the Wizard at least 1 damage (after armor; direct
    damage excepted) has up to 3 of it prevented when the shield is on; the shield is then spent."""
    out: list[JSON] = []
    for seat in state["seats"]:
        mage = _mage(state, seat)
        if mage is None or mage["counters"].get("voltaric_shield") != 1:
            continue
        dealt = sum(e["amount"] for e in events if e["type"] == "DamageDealt" and e["object"] == mage["id"]
                    and not e.get("direct"))
        if dealt <= 0:
            continue
        prevented = min(VOLTARIC_PREVENTS, dealt)
        mage["damage"] -= prevented
        tally_damage(state, mage["id"], -prevented)
        mage["counters"]["voltaric_shield"] = "used"
        from engine.magewars import stats
        if mage.get("destroyed") and not stats.remaining_life(state, mage["id"]) <= 0:
            mage.pop("destroyed")
        out.append({"type": "DamagePrevented", "object": mage["id"], "amount": prevented,
                    "by": "Voltaric Shield"})
    return out


# ---- Restore and Divine Reward (§14.2) -----------------------------------------------------------------------

def removable(state: JSON, oid: str) -> dict[str, int]:
    """Each condition on the object that a removal effect can take off, with its cost per marker."""
    from engine.magewars import conditions, stats
    out = {}
    for name, n in state["objects"][oid].get("conditions", {}).items():
        if n <= 0 or not conditions.known(name):
            continue
        cost = conditions.remove_cost(name, level=stats.level(state, oid))
        if cost is not None:
            out[name] = cost
    return out


def restore_casts(state: JSON, caster: str, speed: str) -> list[JSON]:
    """The Priestess's Restore, always in hand (§14.2): quick, one marker of one condition; full, every marker
    of the chosen conditions; a creature within 0-1 zones in LoS; paid with the removal costs."""
    from engine.magewars import arena, stats
    obj = state["objects"][caster]
    if obj["kind"] != "mage" or not has_ability(obj, RESTORE):
        return []
    here = zone_of(state, caster)
    out = []
    for t in sorted(state["objects"].values(), key=lambda o: o["order"]):
        if t["kind"] not in ("creature", "mage") or not t.get("zone") \
                or not arena.in_range(here, t["zone"], *RESTORE_RANGE) or not arena.line_of_sight(
                    here, t["zone"], state["barriers"], tuple(state["size"]),
                    flying=stats.traits(state, t["id"]).has("Flying")):
            continue
        costs = removable(state, t["id"])
        for name, cost in sorted(costs.items()):
            if cost <= obj["mana"]:
                out.append({"type": "Cast", "caster": caster, "spell": RESTORE, "target": t["id"],
                            "conditions": [name]})
        if speed == "full":
            for k in range(1, len(costs) + 1):
                for names in itertools.combinations(sorted(costs), k):
                    total = sum(costs[n] * state["objects"][t["id"]]["conditions"][n] for n in names)
                    if total <= obj["mana"]:
                        out.append({"type": "Cast", "caster": caster, "spell": RESTORE, "target": t["id"],
                                    "conditions": list(names), "all": True})
    return out


def restore(state: JSON, action: JSON) -> list[JSON]:
    """Resolve Restore: remove the markers, paying their removal costs; never discarded (§14.2)."""
    from engine.magewars import conditions
    target, seat = action["target"], state["objects"][action["caster"]]["controller"]
    mage = _mage(state, seat)
    costs = removable(state, target)
    counts = {name: state["objects"][target]["conditions"].get(name, 0) if action.get("all") else 1
              for name in action["conditions"]}
    cost = sum(costs[name] * n for name, n in counts.items())
    events: list[JSON] = [{"type": "SpellCast", "seat": seat, "caster": action["caster"], "spell": RESTORE,
                           "target": target, "cost": cost}]
    mage["mana"] -= cost
    for name, n in counts.items():
        events += conditions.remove(state, target, name, n, reason=RESTORE)
    return events


def is_restore(action: JSON) -> bool:
    """A cast of the Priestess's Restore ability, not of the Restore card (an enchantment of the same name): the
    ability names the conditions it removes, which no card's cast does (§14.2)."""
    return action.get("spell") == RESTORE and "conditions" in action


def restore_speed(action: JSON) -> str:
    return "full" if action.get("all") else "quick"


def divine_reward(state: JSON, seat: str, spell: str) -> list[JSON]:
    """Once per round, a Holy incantation cast and resolved or a Holy enchantment revealed by the Priestess
    raises her maximum life by 1 (§14.2); not Restore, creatures, conjurations, equipment or attacks."""
    mage = _mage(state, seat)
    if mage is None or not has_ability(mage, "Divine Reward") or not has_card(spell):
        return []
    c = card(spell)
    holy = any(str(s.school) == "holy" for s in c.schools)
    if not holy or c.type not in (CardType.INCANTATION, CardType.ENCHANTMENT) or "Divine Reward" in state["used"][seat]:
        return []
    state["used"][seat].append("Divine Reward")
    mage["counters"]["life_gained"] = mage["counters"].get("life_gained", 0) + DIVINE_REWARD_LIFE
    return [{"type": "LifeGained", "object": mage["id"], "amount": DIVINE_REWARD_LIFE, "by": "Divine Reward"}]
