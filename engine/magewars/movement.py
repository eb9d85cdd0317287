"""Movement (§7): move actions with hindering and barriers, push with collisions, teleport.

Functions work on the state in place and return events; attacks a move meets (a wall's Passage Attack, a
collision) run through :func:`engine.magewars.combat.attack`.
"""
from __future__ import annotations

import re
from typing import Any

from engine.magewars import arena, windows
from engine.magewars.state import JSON, attached, barriers, destroy, size, zone_of

COLLISION = "Collision"
"""The attack a creature suffers when pushed into a Passage Blocked barrier or the arena's wall: Unavoidable,
3 dice (§7.6); kept in ``state["cards"]`` in the card data's shape so the attack sequence can read it."""
COLLISION_CARD = {"name": COLLISION, "type": "Attack", "action": "Quick", "range": [0, 0], "schools": [],
                  "levels": [], "traits": [], "subtypes": [], "stats": {},
                  "attacks": [{"name": COLLISION, "action": "Quick", "range_type": "Ranged", "range": [0, 0],
                               "damage_type": None, "dice": 3, "effect_table": [],
                               "traits": [{"trait": "Unavoidable"}], "notes": []}]}


def _stats():
    from engine.magewars import stats
    return stats


def flying(state: JSON, oid: str) -> bool:
    return _stats().traits(state, oid).has("Flying")


def hinders(state: JSON, mover: str, other: JSON) -> bool:
    """Whether ``other`` hinders ``mover`` (§7.2): an enemy creature, not Incapacitated or Restrained, not a Bug
    (Pest in the card data), both flying or both not; an Elusive mover ignores enemies (§7.5)."""
    from engine.magewars import conditions
    me = state["objects"][mover]
    if other["kind"] not in ("creature", "mage") or other["controller"] == me["controller"]:
        return False
    t = _stats().traits(state, other["id"])
    if conditions.incapacitated(other) or conditions.restrained(other) or t.has("Pest"):
        return False
    if _stats().traits(state, mover).has("Elusive"):
        return False
    return flying(state, mover) == t.has("Flying")


def hindered_leaving(state: JSON, oid: str, zone: str) -> bool:
    return any(hinders(state, oid, o) for o in state["objects"].values() if o.get("zone") == zone and o["id"] != oid)


_THORNS = re.compile(r"Creatures of Level (\d+) or higher must spend a full action to move through")


def full_action_crossing(state: JSON, oid: str, to: str) -> bool:
    """Whether moving to ``to`` crosses a wall that makes this creature spend a full action (Wall of Thorns:
    level 2 or higher; its card text). Flyers ignore barriers (§7.4)."""
    from engine.magewars.cards import card, has_card
    wall = _wall_on(state, arena.border(state["objects"][oid]["zone"], to))
    if wall is None or not has_card(wall["card"]) or flying(state, oid):
        return False
    m = _THORNS.search(card(wall["card"]).text or "")
    return bool(m) and _stats().level(state, oid) >= int(m.group(1))


def climbable(state: JSON, oid: str) -> list[str]:
    """Zones a Climbing creature may reach over a corporeal barrier that blocks passage (§7.5): a full action;
    a Passage Attack on the way still attacks it (movement.move)."""
    zone = state["objects"][oid]["zone"]
    out = []
    for to in arena.adjacent(zone, size(state)):
        wall = _wall_on(state, arena.border(zone, to))
        if wall is not None and arena.PASSAGE_BLOCKED in state["barriers"].get(wall["border"], []) \
                and not _stats().traits(state, wall["id"]).has("Incorporeal"):
            out.append(to)
    return out


def move_destinations(state: JSON, oid: str) -> list[str]:
    """Adjacent zones a move action may reach (§7.1, §7.3 step 1): not through Passage Blocked (unless flying)
    nor the arena's wall."""
    zone = state["objects"][oid]["zone"]
    out = []
    for direction in arena.DIRECTIONS:
        to, kind = arena.crossing(zone, direction, state["barriers"], size(state), flying=flying(state, oid))
        if to is not None:
            out.append(to)
    return sorted(out)


def move(state: JSON, oid: str, to: str, rng: Any) -> tuple[list[JSON], bool]:
    """One move action (§7.3); returns the events and whether the creature was hindered (§7.2).

    Leaving or entering a zone with an enemy that hinders stops it: no more move actions this turn. A wall with
    Passage Attack attacks it first (step 4); if that leaves it Incapacitated or Restrained it stays (§9.6).
    """
    from engine.magewars import conditions
    obj = state["objects"][oid]
    start = obj["zone"]
    hindered = hindered_leaving(state, oid, start)
    events: list[JSON] = []
    wall = _wall_on(state, arena.border(start, to))
    if wall is not None and arena.PASSAGE_ATTACK in state["barriers"].get(wall["border"], []) \
            and not flying(state, oid):
        events += object_attack(state, wall["id"], oid, rng)
        mover = state["objects"].get(oid)
        if mover is None or conditions.incapacitated(mover) or conditions.restrained(mover):
            return events + [{"type": "MoveStopped", "object": oid, "zone": start}], True
    state["objects"][oid]["zone"] = to  # the attack above replaced the objects: look it up again
    events.append({"type": "Moved", "object": oid, "from": start, "to": to})
    hindered = hindered or hindered_leaving(state, oid, to)
    if hindered:
        events.append({"type": "Hindered", "object": oid, "zone": to})
    with windows.after(events):  # a trap's controller may be asked (published: the move so far)
        events += entered(state, oid, rng)
    return events, hindered


def _wall_on(state: JSON, border: str) -> JSON | None:
    return next((o for o in state["objects"].values() if o.get("border") == border), None)


def push(state: JSON, oid: str, direction: str, rng: Any) -> list[JSON]:
    """Push 1 zone (§7.6): Unmovable objects stay; through a barrier without Passage Blocked (suffering a
    Passage Attack); into Passage Blocked or the arena's wall it collides: an Unavoidable 3-die attack."""
    obj = state["objects"].get(oid)
    if obj is None or not obj.get("zone") or obj.get("destroyed"):
        return []  # a creature the attack destroyed leaves play instead: nothing to push or collide (§7.6)
    if _stats().traits(state, oid).has("Unmovable") or obj["kind"] == "conjuration":
        return [{"type": "PushIgnored", "object": oid}]
    start = obj["zone"]
    to, kind = arena.crossing(start, direction, state["barriers"], size(state), flying=flying(state, oid))
    if to is None:
        return [{"type": "Collided", "object": oid, "with": kind}] + attack(state, oid, COLLISION, oid, rng)
    events: list[JSON] = []
    if kind == "attack":
        wall = _wall_on(state, arena.border(start, to))
        if wall is not None:
            events += object_attack(state, wall["id"], oid, rng)
    if oid in state["objects"]:
        state["objects"][oid]["zone"] = to
        events.append({"type": "Pushed", "object": oid, "from": start, "to": to})
        with windows.after(events):
            events += entered(state, oid, rng)
    return events


def teleport(state: JSON, oid: str, to: str, rng: Any) -> list[JSON]:
    """Teleport (§7.7): straight to the zone, ignoring barriers and enemies; attached conjurations are destroyed;
    equipment, enchantments, damage and conditions travel with it."""
    obj = state["objects"][oid]
    start = obj["zone"]
    events: list[JSON] = []
    for child in attached(state, oid):
        if child["kind"] == "conjuration":
            destroy(state, child["id"], events, cause="teleported")
    obj["zone"] = to
    events.insert(0, {"type": "Teleported", "object": oid, "from": start, "to": to})
    with windows.after(events):
        return events + entered(state, oid, rng)


_TRAP_TELEPORT = re.compile(r"teleported to a zone of your choice, up to (\d+) zones away")


def entered(state: JSON, oid: str, rng: Any) -> list[JSON]:
    """Traps (§9.7): a creature entering a zone (moving, pushed, teleported; never summoned) springs each hidden
    trap an enemy of it has there, in casting order. A trap is mandatory: revealed now, its controller pays the
    reveal cost or declines (asked inside an action, ``windows.window`` timing "trap"; otherwise paid if the pool
    allows); unpaid, it is destroyed without effect; it attacks the creature with its printed bar,
    or teleports it (Teleport Trap: the trap's controller chooses the zone, ``pending``); then it is destroyed."""
    from engine.magewars.cards import card, has_card, number
    events: list[JSON] = []
    zone = state["objects"][oid]["zone"] if oid in state["objects"] else None
    traps = sorted((o for o in state["objects"].values() if o.get("attached_zone") == zone and zone
                    and o["kind"] == "enchantment" and o["face_down"] and has_card(o["card"])
                    and "Trap" in card(o["card"]).subtypes and o["controller"] != state["objects"][oid]["controller"]),
                   key=lambda o: o["order"])
    for tid in [t["id"] for t in traps]:  # by id: an attack below replaces the objects
        if oid not in state["objects"] or tid not in state["objects"]:
            break
        trap = state["objects"][tid]
        c = card(trap["card"])
        mage = state["objects"].get(state["mages"][trap["controller"]])
        cost = number(c.reveal_cost)
        with windows.after(events):  # mandatory: revealed now, its controller paying or not (§9.7; nobody asked:
            answer = windows.window(state, state["objects"][oid]["controller"], tid, "trap",  # paid if it can)
                                    [{"object": tid, "card": trap["card"], "cost": cost}]) or {}
        if mage is None or mage["mana"] < cost or not answer.get("pay", True):
            destroy(state, trap["id"], events, cause="reveal not paid")
            continue
        mage["mana"] -= cost
        trap["face_down"] = False
        _stats().mark_revealed(state, trap)
        events.append({"type": "EnchantmentRevealed", "seat": trap["controller"], "object": trap["id"],
                       "spell": trap["card"], "cost": cost, "trigger": oid})
        if c.attacks:
            events += object_attack(state, trap["id"], oid, rng)
        elif m := _TRAP_TELEPORT.search(c.text or ""):
            events += ask_teleport(state, trap["controller"], oid, [
                z for z in arena.zones(size(state)) if arena.distance(zone, z) <= int(m.group(1))])
        destroy(state, trap["id"], events, cause="used")
    return events


def ask_teleport(state: JSON, seat: str, oid: str, zones: list[str], *, optional: bool = False) -> list[JSON]:
    """A teleport whose destination ``seat`` chooses (Teleport Trap, Divine Intervention): it waits in
    ``state["pending"]`` for the ``Teleport`` action; ``optional`` adds "stay" (zone None)."""
    choice = {"type": "teleport", "seat": seat, "object": oid, "zones": sorted(zones) + ([None] if optional else [])}
    state.setdefault("pending", []).append(choice)
    return [{"type": "TeleportChoice", "seat": seat, "object": oid}]


def object_attack(state: JSON, source: str, target: str, rng: Any) -> list[JSON]:
    """The attack of a wall's Passage Attack (§9.6) or a trap (§9.7): neither melee nor ranged, from an object
    that stands in no zone. It runs as an attack spell of the object's printed bar (so no damage barrier,
    counterstrike or guard, §9.6), registered in ``state["cards"]``, with the object placed in the target's
    zone for the attack's length (the attack happens where the creature is)."""
    obj = state["objects"][source]
    raw = _stats().card(state, obj["card"])["attacks"][0]
    name = f"{obj['card']}: {raw['name']}"
    bar = {**raw, "action": "Quick", "range_type": "Ranged", "range": [0, 0]}
    if obj.get("border") and not any(t.get("trait") == "Unavoidable" for t in bar.get("traits") or []):
        # §9.6 Passage Attack: "This attack is neither melee nor ranged and cannot be avoided by defenses"
        bar["traits"] = [*(bar.get("traits") or []), {"trait": "Unavoidable", "value": None}]
    state["cards"][name] = {"name": name, "type": "Attack", "action": "Quick", "range": [0, 0], "schools": [],
                            "levels": [], "traits": [], "subtypes": [], "stats": {}, "attacks": [bar]}
    had = obj.get("zone")
    obj["zone"] = zone_of(state, target)
    events = attack(state, source, name, target, rng)
    if source in state["objects"]:
        state["objects"][source]["zone"] = had
    return events


def attack(state: JSON, attacker: str, index: int | str, target: str, rng: Any,
           declared: JSON | None = None) -> list[JSON]:
    """Run one attack through the combat module, in place, then settle what it leaves to the duel: destroyed
    objects leave play (§9.2 discard) and pushes move (§7.6; :func:`push_away`)."""
    from engine.magewars import combat
    from engine.magewars import abilities, effects
    stats = _stats()
    bar = stats.spell_attack(state, index) if isinstance(index, str) else stats.attacks(state, attacker)[index]
    gains = effects.extra_dice(state, attacker, target, bar)
    saved = effects.add_dice(state, bar, sum(n for _, n in gains), effects.extra_traits(state, target, bar))
    gained = [{"type": "AttackDiceGained", "attacker": attacker, "from": src, "dice": n} for src, n in gains]
    with windows.after(gained):
        new, events = combat.attack(state, attacker, index, target, rng, declared=declared or {})
    effects.put_back(new, saved)
    events = gained + events
    state.clear()
    state.update(new)
    from engine.magewars import effects
    events += abilities.voltaric(state, events) + abilities.after_attack(state, attacker, events)
    events += effects.retaliate_spent(state, events) + effects.after_attack(state, attacker, events)
    with windows.after(events):  # a push into a trap's zone may ask its controller
        return events + settle(state, events, rng)


def push_away(state: JSON, oid: str, source: str | None, rng: Any) -> list[JSON]:
    """A push away from ``source`` (§7.6): made at once when only one way leads away; when the source is
    diagonal or in the same zone the pusher chooses: the choice waits in ``state["pending"]`` (the ``Push``
    action answers it) and nothing else happens until it is made."""
    here = zone_of(state, oid)
    if not here or not state["objects"][oid].get("zone") or state["objects"][oid].get("destroyed"):
        return []
    src = state["objects"].get(source or "")
    src_zone = zone_of(state, source) if src else None
    ways = arena.push_directions(src_zone or here, here)
    if len(ways) == 1:
        return push(state, oid, ways[0], rng)
    seat = src["controller"] if src else state["objects"][oid]["controller"]
    choice = {"type": "push", "seat": seat, "object": oid, "directions": ways}
    state.setdefault("pending", []).append(choice)
    return [{"type": "PushChoice", "seat": seat, "object": oid, "directions": ways}]


def settle(state: JSON, events: list[JSON], rng: Any) -> list[JSON]:
    """Destroyed objects leave play; pending pushes are made (combat reports them, movement moves)."""
    out: list[JSON] = []
    for e in events:
        if e.get("type") == "PushPending" and e.get("object") in state["objects"]:
            with windows.after(out):
                out += push_away(state, e["object"], e.get("source") or e.get("attacker"), rng)
    for oid in [o["id"] for o in state["objects"].values() if o.get("destroyed") and o["kind"] != "mage"]:
        destroy(state, oid, out, cause="damage")
    state["barriers"] = {b: sorted(t) for b, t in barriers(state).items()}
    return out
