"""Mage Wars Arena conditions: the markers, what each does, how it leaves, and the Upkeep and end-of-turn steps.

A condition is a count on the object (``obj["conditions"] = {"Burn": 2}``); markers stack (§12). This module
places and removes them (checking who can receive what), reads their removal costs, and runs the two moments
that tick them: :func:`upkeep` (Burn, Rot, Bleed, Regenerate, §4 P4) and :func:`end_of_turn` (Stun and Daze
removed, Cripple and Stuck removal rolls, §5.3 step 4). What a condition changes in an attack (Daze, Weak,
Restrained, Incapacitated) is read by :mod:`engine.magewars.combat`; armor and life by :mod:`engine.magewars.stats`.

Functions that take a ``state`` change it in place and return the events; the public entry points of
:mod:`engine.magewars.combat` copy the state first. "§" is a section of ``shared/rules/magewars.md``; "seed 001
l.N" a line of the Spanish rulebook; "Codex.txt" the OCTGN module's compiled codex (sIKE23/Mage-Wars
``scripts/scriptText/Codex.txt`` @ ``1c671f10``) for the expansions' conditions the rulebook does not have.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from engine.core.errors import InvalidInput
from engine.core.rng import Rng
from engine.magewars import stats
from engine.core.dice import roll_faces
from engine.magewars.dice import attack_die, effect_die
from engine.magewars.state import tally_damage

JSON = dict[str, Any]
LEVEL = "level"
"""A removal cost equal to the creature's level (Sleep, §12.1)."""
HELD = "held_conditions"
"""Object key: markers received during the creature's own turn from a damage barrier or counterstrike, which skip
this turn's end-of-turn removal (§5.3 step 4 exception)."""
TAINTED_DAMAGE = 3
"""A Tainted marker counts as 3 damage that cannot be healed (Codex.txt)."""


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition marker: its category, removal cost and how it leaves on its own."""

    name: str
    """The marker's name in the card data's English (``Burn``, ``Daze``)."""
    category: str | None
    """flame, poison, psychic, acid... (§12.1): an object immune to that type can't receive it."""
    removal_cost: int | str | None
    """Mana to remove it with a removal effect (Purify, Restore); ``level`` for Sleep; None: can't be removed so."""
    ends_with_turn: bool = False
    """All removed at the end of the creature's action turn (Stun, Daze, §12.1)."""
    removal_roll: int | None = None
    """A d12 of at least this at the end of each of its turns removes one marker (Cripple 7, §12.1)."""
    incapacitates: bool = False
    """The creature is Incapacitated (§12.2)."""
    restrains: bool = False
    """The creature is Restrained (§12.2)."""
    creatures_only: bool = False
    """Cannot affect conjurations."""
    source: str = ""
    """Where its rule is."""


CONDITIONS: dict[str, Condition] = {c.name: c for c in (
    Condition("Burn", "Flame", 2, source="§12.1; seed 001 l.1179-1181"),
    Condition("Daze", None, 2, ends_with_turn=True, creatures_only=True, source="§12.1; seed 001 l.1189"),
    Condition("Stun", None, 4, ends_with_turn=True, incapacitates=True, creatures_only=True,
              source="§12.1; seed 001 l.1179"),
    Condition("Weak", "Poison", 2, source="§12.1; seed 001 l.1187"),
    Condition("Cripple", "Poison", 4, removal_roll=7, restrains=True, creatures_only=True,
              source="§12.1; seed 001 l.1201"),
    Condition("Rot", "Poison", 2, source="§12.1; seed 001 l.1203"),
    Condition("Sleep", "Psychic", LEVEL, incapacitates=True, creatures_only=True, source="§12.1; seed 001 l.1209"),
    Condition("Taunt", None, None, ends_with_turn=True, creatures_only=True, source="§12.1; seed 001 l.1203"),
    Condition("Slam", None, 3, incapacitates=True, creatures_only=True, source="Codex.txt (Slam)"),
    Condition("Bleed", None, 2, creatures_only=True, source="Codex.txt (Bleed)"),
    Condition("Corrode", "Acid", 2, source="Codex.txt (Corrode)"),
    Condition("Tainted", "Poison", 3, source="Codex.txt (Tainted)"),
    Condition("Stuck", None, 4, removal_roll=7, restrains=True, creatures_only=True, source="Codex.txt (Stuck)"),
    Condition("Disable", None, None, source="Codex.txt (Disable): removed one per Reset, not by removal effects"),
)}
"""Every condition whose rule is known. Markers the card data names without a rule here (Stagger, Freeze, Grapple,
Snatch are effects or unknown) are still placed and counted, with no automatic effect (see :func:`known`)."""
EFFECTS = ("Push", "Snatch")
"""Effect-table results that are one-off effects, not markers (§12): the movement rules resolve them."""


def known(name: str) -> bool:
    """True when this engine applies the condition's rule; other markers are placed and shown, not applied."""
    return name in CONDITIONS


def remove_cost(name: str, *, level: int | None = None) -> int | None:
    """Mana to remove one ``name`` marker with a removal effect (§12), or None when it can't be removed that way.

    >>> remove_cost("Stun"), remove_cost("Sleep", level=3), remove_cost("Taunt")
    (4, 3, None)

    :raises InvalidInput: ``mw.condition.unknown`` (not a known condition), ``mw.condition.needs_level`` (Sleep
        without the creature's level).
    """
    cond = CONDITIONS.get(name)
    if cond is None:
        raise InvalidInput("mw.condition.unknown", condition=name, known=sorted(CONDITIONS))
    if cond.removal_cost == LEVEL:
        if level is None:
            raise InvalidInput("mw.condition.needs_level", condition=name)
        return level
    return cond.removal_cost  # type: ignore[return-value]


def count(obj: JSON, name: str) -> int:
    """How many ``name`` markers the object has."""
    return int(obj.get("conditions", {}).get(name, 0))


def incapacitated(obj: JSON) -> bool:
    """Stunned, asleep or slammed (§12.2)."""
    return any(count(obj, c.name) for c in CONDITIONS.values() if c.incapacitates)


def restrained(obj: JSON) -> bool:
    """Crippled or stuck, or marked restrained by an effect (Tanglevine: ``conditions["Restrained"]``) (§12.2)."""
    return count(obj, "Restrained") > 0 or any(count(obj, c.name) for c in CONDITIONS.values() if c.restrains)


def refusal(state: JSON, oid: str, name: str) -> str | None:
    """Why the object can't receive a ``name`` marker (a message key), or None when it can (§12.1, §10.10)."""
    obj = state["objects"][oid]
    cond = CONDITIONS.get(name)
    traits = stats.traits(state, oid)
    if name == "Restrained" and traits.has("Uncontainable"):
        return "mw.condition.uncontainable"  # Restrained is a state, not a marker of CONDITIONS (§12.2, §13)
    if cond is None:
        return None
    if cond.creatures_only and obj.get("kind") == "conjuration":
        return "mw.condition.not_conjurations"
    if cond.category and traits.immune(cond.category):
        return "mw.condition.immune"
    if name == "Burn" and traits.has("Burnproof"):
        return "mw.condition.burnproof"
    if (cond.restrains or name == "Restrained") and traits.has("Uncontainable"):
        return "mw.condition.uncontainable"
    if name == "Bleed" and (traits.has("Nonliving") or "Plant" in stats.subtypes(state, oid)):
        return "mw.condition.living_only"
    if name == "Corrode" and traits.has("Incorporeal"):
        return "mw.condition.incorporeal"
    return None


def add(state: JSON, oid: str, name: str, amount: int = 1, *, held: bool = False) -> list[JSON]:
    """Place ``amount`` ``name`` markers on an object, if it can receive them (§12); returns the events.

    ``held``: received during the creature's own turn from a damage barrier or counterstrike, so this turn's
    end-of-turn removal skips them (§5.3 step 4). Slam on an Unmovable creature becomes Daze, and Corrode beyond
    zero armor becomes direct acid damage (Codex.txt).
    """
    obj = state["objects"][oid]
    why = refusal(state, oid, name)
    if why:
        return [{"type": "ConditionRefused", "object": oid, "condition": name, "reason": why}]
    if name == "Slam" and stats.traits(state, oid).has("Unmovable"):
        name = "Daze"
    events: list[JSON] = []
    if name == "Corrode":
        room = stats.armor(state, oid)
        excess, amount = max(0, amount - room), min(amount, room)
        if excess:
            events += direct_damage_in_place(state, oid, excess, damage_type="Acid", source="Corrode")
        if amount <= 0:
            return events
    conds = obj.setdefault("conditions", {})
    conds[name] = conds.get(name, 0) + amount
    if held:
        kept = obj.setdefault(HELD, {})
        kept[name] = kept.get(name, 0) + amount
    events.append({"type": "ConditionAdded", "object": oid, "condition": name, "count": amount,
                   "total": conds[name], "known": known(name)})
    if obj.get("guard") and incapacitated(obj):
        obj["guard"] = False  # §12.2: an incapacitated creature loses its Guard marker
        events.append({"type": "GuardRemoved", "object": oid, "reason": "incapacitated"})
    return events


def remove(state: JSON, oid: str, name: str, amount: int | None = None, *, reason: str = "effect") -> list[JSON]:
    """Take off ``amount`` (all when None) ``name`` markers; returns the events (none when it had none)."""
    obj = state["objects"][oid]
    have = count(obj, name)
    take = have if amount is None else min(have, amount)
    if take <= 0:
        return []
    conds = obj["conditions"]
    conds[name] = have - take
    if not conds[name]:
        del conds[name]
    kept = obj.get(HELD, {})
    if name in kept:
        kept[name] = min(kept[name], conds.get(name, 0))
        if not kept[name]:
            del kept[name]
    return [{"type": "ConditionRemoved", "object": oid, "condition": name, "count": take,
             "left": conds.get(name, 0), "reason": reason}]


def after_damage(state: JSON, oid: str) -> list[JSON]:
    """What damage does to conditions: a sleeping creature wakes up Dazed (§12.1 Sleep)."""
    if not count(state["objects"][oid], "Sleep"):
        return []
    return remove(state, oid, "Sleep", reason="damaged") + add(state, oid, "Daze", 1)


def on_activate(state: JSON, oid: str) -> list[JSON]:
    """When the creature is activated: Slam becomes Daze (Codex.txt Slam)."""
    n = count(state["objects"][oid], "Slam")
    return (remove(state, oid, "Slam", reason="activated") + add(state, oid, "Daze", n)) if n else []


def end_of_turn(state: JSON, oid: str, rng: Rng) -> list[JSON]:
    """End of the creature's action turn (§5.3 step 4): Stun, Daze and Taunt leave, except markers held from a
    damage barrier or counterstrike this turn (they wait for its next turn); a removal roll for each Cripple and
    Stuck marker (d12 ≥ 7, §12.1, §22.16)."""
    obj = state["objects"][oid]
    kept = obj.pop(HELD, {})
    events: list[JSON] = []
    for cond in CONDITIONS.values():
        n = count(obj, cond.name)
        if not n:
            continue
        if cond.ends_with_turn and n > kept.get(cond.name, 0):
            events += remove(state, oid, cond.name, n - kept.get(cond.name, 0), reason="end_of_turn")
        elif cond.removal_roll:
            for _ in range(n - kept.get(cond.name, 0)):
                roll = int(roll_faces(rng, effect_die(), 1)[0].number or 0)
                gone = roll >= cond.removal_roll
                events.append({"type": "RemovalRolled", "object": oid, "condition": cond.name, "roll": roll,
                               "needed": cond.removal_roll, "removed": gone})
                if gone:
                    events += remove(state, oid, cond.name, 1, reason="removal_roll")
    return events


_UPKEEP_DAMAGE = re.compile(r"Each Upkeep Phase, this creature receives (\d+) direct (\w+) damage")
"""An attached enchantment's damage each Upkeep (Ghoul Rot, text in data/magewars/card_texts.json)."""


def upkeep(state: JSON, oid: str, rng: Rng, *, regenerate_first: bool = True) -> tuple[JSON, list[JSON]]:
    """The Upkeep step for one object (§4 P4): Regenerate, Burn, Rot and Bleed, on a copy of the state.

    Burn: one attack die per marker; a 1 or 2 is that much direct flame damage, a blank removes that marker.
    Rot and Bleed: 1 direct damage per marker (§22.14). Regenerate X removes X damage from a Living object
    without Finite Life (§10.11). The controller orders them (§4); by default regeneration comes first, which
    never leaves an object destroyed that the other order would save.
    """
    state = copy.deepcopy(state)
    return state, upkeep_in_place(state, oid, rng, regenerate_first=regenerate_first)


def upkeep_curse(state: JSON, oid: str) -> bool:
    """Whether a revealed curse on ``oid`` deals it damage each Upkeep (Ghoul Rot)."""
    return any(_UPKEEP_DAMAGE.search(stats.card(state, att["card"]).get("text") or "")
               and not att.get("conditions", {}).get("Disable") for att in stats.attachments(state, oid))


def upkeep_in_place(state: JSON, oid: str, rng: Rng, *, regenerate_first: bool = True) -> list[JSON]:
    """:func:`upkeep` without the copy."""
    events: list[JSON] = []
    obj = state["objects"][oid]
    regen = stats.traits(state, oid).value("Regenerate")
    if regen and regenerate_first:
        events += heal_in_place(state, oid, regen, reason="Regenerate")
    burns = count(obj, "Burn")
    for _ in range(burns):
        if obj.get("destroyed"):
            break
        face = roll_faces(rng, attack_die(), 1)[0]
        value = face.normal + face.critical
        events.append({"type": "BurnRolled", "object": oid, "face": face.face, "damage": value})
        if value:
            events += direct_damage_in_place(state, oid, value, damage_type="Flame", source="Burn")
        else:
            events += remove(state, oid, "Burn", 1, reason="burnt_out")
    for name in ("Rot", "Bleed"):
        n = count(obj, name)
        if n and not obj.get("destroyed"):
            events += direct_damage_in_place(state, oid, n, source=name)
    for att in stats.attachments(state, oid):  # a revealed curse dealing damage each Upkeep (Ghoul Rot)
        m = _UPKEEP_DAMAGE.search(stats.card(state, att["card"]).get("text") or "")
        if m and not obj.get("destroyed") and not att.get("conditions", {}).get("Disable"):
            events += direct_damage_in_place(state, oid, int(m[1]), damage_type=m[2].capitalize(), source=att["card"])
    if regen and not regenerate_first and not obj.get("destroyed"):
        events += heal_in_place(state, oid, regen, reason="Regenerate")
    return events


# ---------------------------------------------------------------------------------------------------------
# Damage and healing: what they do to an object and its markers


def destroy_check(state: JSON, oid: str) -> list[JSON]:
    obj = state["objects"][oid]
    if obj.get("destroyed") or not stats.has_life(state, oid) or stats.remaining_life(state, oid) > 0:
        return []
    obj["destroyed"] = True  # §9.5: destroyed when damage ≥ life; the state's owner discards it
    return [{"type": "ObjectDestroyed", "object": oid, "card": obj["card"], "owner": obj.get("owner"),
             "damage": stats.damage(obj), "life": stats.life(state, oid)}]


def take_damage(state: JSON, oid: str, amount: int, **info: Any) -> list[JSON]:
    """Put ``amount`` damage on an object (amount ≥ 0); Sleep wakes to Daze; destruction checked."""
    obj = state["objects"][oid]
    if amount <= 0:
        return []
    obj["damage"] = int(obj.get("damage", 0)) + amount
    tally_damage(state, oid, amount)
    events = [{"type": "DamageDealt", "object": oid, "amount": amount, "damage": obj["damage"],
               "life": stats.life(state, oid), **info}]
    events += after_damage(state, oid)
    return events + destroy_check(state, oid)


def direct_damage_in_place(state: JSON, oid: str, amount: int, *, damage_type: str | None = None,
                           source: str | None = None) -> list[JSON]:
    """Direct damage (§10.9): not an attack, ignores armor and every modifier, except immunity to its type."""
    if stats.traits(state, oid).immune(damage_type):
        return [{"type": "DamageImmune", "object": oid, "damage_type": damage_type, "source": source}]
    return take_damage(state, oid, amount, direct=True, damage_type=damage_type, source=source)


def heal_in_place(state: JSON, oid: str, amount: int, *, reason: str = "heal") -> list[JSON]:
    """Remove up to ``amount`` damage from a Living object without Finite Life (§10.11); excess is lost. A heal or
    regeneration also takes off one Rage token, and all when no damage is left (§13 Rage)."""
    obj = state["objects"][oid]
    if not stats.living(state, oid):
        return [{"type": "HealPrevented", "object": oid, "reason": "finite_life"}]
    healed = min(max(0, amount), int(obj.get("damage", 0)))
    obj["damage"] = int(obj.get("damage", 0)) - healed
    counters = obj.setdefault("counters", {})
    if counters.get("Rage"):
        counters["Rage"] = 0 if not obj["damage"] else counters["Rage"] - 1
    return [{"type": "Healed", "object": oid, "amount": healed, "rolled": amount, "damage": obj["damage"],
             "reason": reason}]



def reset(obj: JSON) -> list[JSON]:
    """The Reset step for one object (§4 P2): Disable loses one marker (Codex.txt)."""
    n = int(obj.get("conditions", {}).get("Disable", 0))
    if not n:
        return []
    obj["conditions"]["Disable"] = n - 1
    if not obj["conditions"]["Disable"]:
        del obj["conditions"]["Disable"]
    return [{"type": "ConditionRemoved", "object": obj["id"], "condition": "Disable", "count": 1, "left": n - 1,
             "reason": "reset"}]
