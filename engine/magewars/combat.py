"""Mage Wars Arena combat: the attack sequence of §10.3, damage, direct damage, healing, and the odds shown first.

:func:`attack` runs one whole attack action on a copy of the state: declare (with the melee, range and guard
checks), roll to miss when Dazed, then for each strike avoid (Block, a defense), roll the attack dice and the
effect die, apply damage and effects; then additional strikes, the damage barrier, the counterstrike, and the
end (Sweeping's second attack, or every object of a zone attack). Each step is an event
(``{"type": "AttackRolled", ...}``) carrying the faces, the effect die, the defense tried and its roll, armor
and Piercing, damage and conditions, so the presenter can show the whole roll. :func:`attack_preview` gives the
attacker the exact odds before rolling, from :mod:`engine.magewars.odds`, using only what the attacker can see.

What is not here: paying attack costs (step 2) and line of sight belong to the caller (the arena and casting
rules); a Push is reported (``PushPending``) for the movement rules to resolve; a destroyed object is marked
``destroyed`` and reported (``ObjectDestroyed``), and the state's owner discards it. Mage abilities (Voltaric
Shield, Bloodreaper) and card texts without ``[Tag]`` marks are not automated. "§" is a section of
``shared/rules/magewars.md``; "seed 001 l.N" a line of the Spanish rulebook.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.core.dice import roll_faces
from engine.core.errors import IllegalAction, InvalidInput
from engine.core.rng import Rng
from engine.magewars import conditions, stats, windows
from engine.magewars.dice import (
    attack_die, attack_dice, daze_attack_proceeds, defense_avoids, effect_die, effect_for, effect_table_from_card,
    read_attack_roll,
)
from engine.magewars.odds import NO_EFFECT, attack_odds, daze_proceed_chance, defense_chance
from engine.magewars.traits import ALWAYS_ETHEREAL

JSON = dict[str, Any]
RESTRAINED_DEFENSE_PENALTY = 2
"""A Restrained creature's defense rolls get −2 (§12.2)."""
ADDITIONAL_STRIKES = {"Doublestrike": 1, "Triplestrike": 2}
"""Strikes an attack trait adds against the same target (§10.3 step 7)."""
FIRST_ATTACK_ONLY = ("Melee", "Ranged", "Bloodthirsty", "Charge", "Vampiric", "Mana Drain", "Mana Transfer")
"""Bonuses that apply only to the first attack of an action they can apply to (§13)."""
DECLINE = False
"""``declared["counterstrike"] = DECLINE``: the defender does not counterstrike (it is always optional, §10.8)."""
COLUMNS = "ABCDEF"
"""Zone columns: A-D on the full board (§2.1), up to F for the 6 x 4 free-for-all arena (§18)."""
RESILIENT_ARMOR = 10 ** 6
"""Armor that stops every normal hit: how a Resilient target reads in the odds."""


def copy_state(state: JSON) -> JSON:
    """A deep copy: the public functions never change the state they are given."""
    return copy.deepcopy(state)


def d12(rng: Rng) -> int:
    """One roll of the effect die."""
    return int(roll_faces(rng, effect_die(), 1)[0].number or 0)


# ---------------------------------------------------------------------------------------------------------
# Where things are


def zone_xy(zone: str) -> tuple[int, int]:
    """``"B2"`` -> (1, 1): column letter, row number (§2.1).

    :raises InvalidInput: ``mw.combat.bad_zone``.
    """
    if not isinstance(zone, str) or len(zone) < 2 or zone[0].upper() not in COLUMNS or not zone[1:].isdigit():
        raise InvalidInput("mw.combat.bad_zone", zone=str(zone))
    return COLUMNS.index(zone[0].upper()), int(zone[1:]) - 1


def distance(a: str, b: str) -> int:
    """Zones between two zones, orthogonally: the Manhattan distance (§2.2)."""
    (ax, ay), (bx, by) = zone_xy(a), zone_xy(b)
    return abs(ax - bx) + abs(ay - by)


def zone_of(state: JSON, oid: str) -> str:
    """The zone an object is in; an attached object is where its host is."""
    obj = state["objects"][oid]
    host = obj.get("attached_to")
    return zone_of(state, host) if host and host in state["objects"] else obj.get("zone", "")


def _mage_of(state: JSON, seat: Any) -> JSON | None:
    return next((o for o in state["objects"].values() if o.get("kind") == "mage" and o.get("controller") == seat
                 and not o.get("destroyed")), None)


def _enemies(state: JSON, a: str, b: str) -> bool:
    return state["objects"][a].get("controller") != state["objects"][b].get("controller")


# ---------------------------------------------------------------------------------------------------------
# Step 1: declare


def _guards_in_the_way(state: JSON, attacker: str, target: str, flying_target: bool) -> list[str]:
    """Enemy guards the attacker must melee instead of ``target`` (§11); empty when none binds it."""
    a = state["objects"][attacker]
    if stats.traits(state, attacker).has("Elusive"):
        return []
    if target == attacker or state["objects"][target].get("attached_to") == attacker:
        return []  # §11: a creature may always attack itself or what is attached to it
    if flying_target and stats.traits(state, attacker).has("Flying"):
        return []  # §7.4: melee between flyers ignores guards
    zone = zone_of(state, attacker)
    guards = []
    for oid, o in state["objects"].items():
        if not o.get("guard") or o.get("destroyed") or o.get("controller") == a.get("controller"):
            continue
        if zone_of(state, oid) != zone or conditions.incapacitated(o) or conditions.restrained(o):
            continue  # §11, §12.2: restrained guards may be ignored, incapacitated ones can't guard
        if stats.traits(state, oid).has("Pest"):
            continue
        guards.append(oid)
    return [] if target in guards else guards


def check_attack(state: JSON, attacker: str, bar: JSON, target: str, *, counterstrike: bool = False,
                 grounded: bool = False) -> None:
    """Refuse an illegal attack declaration (§10.3 step 1, §7.4, §11).

    :raises IllegalAction: ``mw.combat.not_attackable``, ``mw.combat.attacker_incapacitated``,
        ``mw.combat.melee_other_zone``, ``mw.combat.out_of_range``, ``mw.combat.needs_reach``,
        ``mw.combat.must_attack_guard``.
    """
    objects = state["objects"]
    if target not in objects or objects[target].get("destroyed") or not stats.has_life(state, target):
        raise IllegalAction("mw.combat.not_attackable", target=target)
    if conditions.incapacitated(objects[attacker]) and not bar.get("spell"):
        # a spell's bar (an attack spell, a wall's or trap's attack, a push's collision) is no creature's attack:
        # whether its caster may act is the casting rules' question (§9.2), and a stunned creature still collides
        raise IllegalAction("mw.combat.attacker_incapacitated", attacker=attacker)
    here, there = zone_of(state, attacker), zone_of(state, target)
    # ``grounded``: the target is a flier that gave up Flying for its own melee attack on a non-flier, which this
    # counterstrike answers (§7.4: "It is then affected normally by damage barriers, counterstrikes and guards")
    flying_target = stats.traits(state, target).has("Flying") and not grounded
    border = objects[target].get("border")
    if border:  # §9.6 "Attacking barriers": melee from either adjacent zone; ranged with either zone in range
        from engine.magewars.arena import border_zones
        sides = border_zones(border)
        if bar["range_type"] == "melee":
            if here not in sides:
                raise IllegalAction("mw.combat.melee_other_zone", attacker=attacker, target=target)
        elif not any(bar["range"][0] <= distance(here, z) <= bar["range"][1] for z in sides):
            raise IllegalAction("mw.combat.out_of_range", target=target, distance=min(distance(here, z) for z in sides),
                                range=f"{bar['range'][0]}-{bar['range'][1]}")
        return
    if bar["range_type"] == "melee":
        if here != there:
            raise IllegalAction("mw.combat.melee_other_zone", attacker=attacker, target=target)
        if flying_target and not stats.traits(state, attacker).has("Flying") and not _has(bar, "Reach"):
            raise IllegalAction("mw.combat.needs_reach", attacker=attacker, target=target)
        guards = [] if counterstrike else _guards_in_the_way(state, attacker, target, flying_target)
        if guards:
            raise IllegalAction("mw.combat.must_attack_guard", attacker=attacker, guards=guards)
    else:
        low, high = bar["range"]
        d = distance(here, there)
        if not low <= d <= high and not (d == 0 and flying_target):  # §2.2: a flyer in the zone is always in range
            raise IllegalAction("mw.combat.out_of_range", target=target, distance=d, range=f"{low}-{high}")


def _has(bar: JSON, name: str) -> bool:
    return any(t.get("trait") == name for t in bar["traits"])


def _value(bar: JSON, name: str) -> int:
    return sum(int(t.get("value") or 0) for t in bar["traits"] if t.get("trait") == name)


def _bar(state: JSON, attacker: str, attack_index: int | str) -> JSON:
    """The attack bar: an index into :func:`stats.attacks`, or an attack spell's card name (§9.3).

    :raises IllegalAction: ``mw.combat.no_such_attack``.
    """
    if isinstance(attack_index, str):
        return stats.spell_attack(state, attack_index)
    bars = stats.attacks(state, attacker)
    if not 0 <= attack_index < len(bars):
        raise IllegalAction("mw.combat.no_such_attack", attacker=attacker, index=attack_index, count=len(bars))
    return bars[attack_index]


# ---------------------------------------------------------------------------------------------------------
# Step 5: how many dice


@dataclass
class _Action:
    """One attack action: which first-attack-only bonuses are spent (§13), barriers and counterstrikes used."""

    used: set[str] = field(default_factory=set)
    charged: bool = False


def _matches(state: JSON, target: str, vs: str) -> bool:
    """Whether a "+N vs. X" bonus applies: X names traits, subtypes or schools joined by "or" (§10.3 step 5)."""
    t = stats.traits(state, target)
    words = {w.lower() for w in stats.subtypes(state, target) + stats.schools(state, target)}
    words |= {n.lower() for n in t.by_name}
    kind = state["objects"][target].get("kind", "")
    for part in vs.replace(",", " or ").split(" or "):
        bits = [b for b in part.split() if b.lower() not in ("creatures", "creature", "objects", "object")]
        nouns = {b.lower() for b in part.split()} & {"creatures", "creature", "conjurations", "conjuration"}
        if nouns and not any(n.startswith(kind[:8]) or (kind == "mage" and n.startswith("creature")) for n in nouns):
            continue
        if all(b.lower() in words for b in bits):
            return True
    return False


def dice_for(state: JSON, attacker: str | None, bar: JSON, defender: str, action: _Action | None = None, *,
             x: int | None = None, barrier: bool = False) -> JSON:
    """Dice, effect-die modifier, and the list of modifiers of one attack against one defender (§10.3 step 5).

    ``attacker`` is None for an attack with no creature behind it (a damage barrier's source is the barrier,
    §10.7: the protected creature's conditions and bonuses don't apply). Returns ``{"dice", "effect_modifier",
    "modifiers": [[label, dice, effect], ...], "immune", "ethereal", "incorporeal", "armor", "piercing"}``.
    """
    action = action or _Action()
    target_traits = stats.traits(state, defender)
    base = bar["dice"] if bar["dice"] is not None else x
    if base is None:
        raise InvalidInput("mw.combat.x_dice_needed", attack=bar["name"])
    mods: list[list[Any]] = []
    melee, ranged = bar["range_type"] == "melee", bar["range_type"] == "ranged" and not _has(bar, "Zone Attack")
    if attacker is not None and not barrier:
        own = stats.traits(state, attacker)
        obj = state["objects"][attacker]
        firsts = {"Melee": melee, "Ranged": ranged and not bar["spell"],
                  "Bloodthirsty": melee and stats.living(state, defender) and stats.damage(
                      state["objects"][defender]) > 0 and state["objects"][defender].get("kind") != "conjuration",
                  "Charge": melee and action.charged}
        for name, applies in firsts.items():
            if applies and own.value(name) and name not in action.used:
                mods.append([name, own.value(name), 0])
        if not bar["spell"]:
            weak = conditions.count(obj, "Weak")
            if weak:
                mods.append(["Weak", -weak, 0])  # §12.1: −1 die per marker on non-spell attacks
            penalty = stats.attack_penalty(state, attacker)
            if penalty:
                mods.append(["curse", -penalty, 0])
    for t in bar["traits"]:
        if t.get("trait") == "Bonus vs" and t.get("vs") and _matches(state, defender, t["vs"]):
            mods.append([f"vs {t['vs']}", int(t.get("value") or 0), int(t.get("value") or 0)])
    dtype = bar["damage_type"]
    if target_traits.damage_modifier(dtype):
        m = target_traits.damage_modifier(dtype)
        mods.append([f"{dtype} {m:+d}", m, m])  # §10.10: ±X dice and ±X on the effect roll
    if target_traits.value("Tough"):
        mods.append(["Tough", 0, -abs(target_traits.value("Tough"))])
    aegis = target_traits.value("Aegis")
    if aegis:
        mods.append(["Aegis", -aegis, 0])
    immune = target_traits.immune(dtype)
    dice = attack_dice(base, modifier=sum(m[1] for m in mods if m[0] != "Aegis"), aegis=aegis, immune=immune)
    incorporeal = target_traits.has("Incorporeal")
    ethereal = _has(bar, "Ethereal") or dtype in ALWAYS_ETHEREAL
    return {"dice": dice, "base": base, "effect_modifier": sum(m[2] for m in mods), "modifiers": mods,
            "immune": immune, "ethereal": ethereal, "incorporeal": incorporeal,
            "armor": stats.armor(state, defender), "piercing": _value(bar, "Piercing")}


def _spend_firsts(mods: list[list[Any]], action: _Action) -> None:
    action.used |= {m[0] for m in mods if m[0] in FIRST_ATTACK_ONLY}


# ---------------------------------------------------------------------------------------------------------
# Step 4: avoid


def usable_defenses(state: JSON, defender: str, bar: JSON) -> list[JSON]:
    """Defenses the defender may roll against this attack now, with their roll modifier (§10.4, §12.2)."""
    obj = state["objects"][defender]
    used = obj.get("defenses_used", [])
    out = []
    for d in stats.defenses(state, defender):
        if (bar["range_type"] == "melee" and d["no_melee"]) or (bar["range_type"] != "melee" and d["no_ranged"]):
            continue
        if d["uses"] is not None and used.count(d["index"]) >= d["uses"]:
            continue
        if conditions.incapacitated(obj) and not d["ignores_conditions"]:
            continue  # §12.2: an incapacitated creature can't use defenses
        modifier = 0 if d["ignores_conditions"] else -(
            2 * conditions.count(obj, "Daze") + (RESTRAINED_DEFENSE_PENALTY if conditions.restrained(obj) else 0))
        out.append({**d, "modifier": modifier})
    return out


def _avoid(state: JSON, attacker: str | None, bar: JSON, defender: str, rng: Rng, declared: JSON,
           unavoidable: bool, strike: int = 1) -> tuple[bool, list[JSON]]:
    """Step 4: a hidden Block must be revealed (and avoids unless the attack is Unavoidable); otherwise the
    defender may roll one defense (§10.4, §9.7). The defender chooses before the attacker rolls
    (``windows.defend``; nobody asked, ``declared`` decides). Returns (avoided, events)."""
    events: list[JSON] = []
    obj = state["objects"][defender]
    # only the defender's own Blocks are its to reveal and pay (§9.7: an enchantment's controller reveals it); one
    # of another player on it is revealed by that player, who is not asked here: it goes unpaid, without effect
    own = [b for b in stats.hidden_blocks(state, defender)
           if state["objects"][b["object"]].get("controller") == obj.get("controller")]
    blocks = own + [b for b in stats.hidden_blocks(state, defender) if b not in own]
    backs = any(a.get("face_down") and a.get("controller") == obj.get("controller")
                for a in stats.attachments(state, defender, revealed_only=False))  # public as card backs (§9)
    asked = None if unavoidable else windows.defend(state, defender, usable_defenses(state, defender, bar),
                                                    own, strike, backs)
    if asked is not None:
        declared = {**declared, "defense": asked["defense"], "pay_block": asked.get("block", True)}
    for block in blocks:
        ench = state["objects"][block["object"]]
        mage = _mage_of(state, ench.get("controller"))
        pays = declared.get("pay_block", True) and block in own and not unavoidable and mage is not None and \
            int(mage.get("mana", 0)) >= block["reveal_cost"]
        if pays:
            mage["mana"] = int(mage["mana"]) - block["reveal_cost"]
        ench["destroyed"] = True  # single use: it dissipates whether it worked or not
        events.append({"type": "BlockRevealed", "object": defender, "enchantment": block["object"],
                       "card": block["card"], "paid": block["reveal_cost"] if pays else 0, "avoided": pays})
        events.append({"type": "ObjectDestroyed", "object": block["object"], "card": block["card"],
                       "owner": ench.get("owner")})
        if pays:
            return True, events
        break  # one defense per attack, even with several mandatory enchantments (§10.4)
    if unavoidable:
        return False, events
    options = usable_defenses(state, defender, bar)
    choice = declared.get("defense", "best")
    if choice == "best":
        chosen = max(options, key=lambda d: d["modifier"] - d["threshold"], default=None)
    else:
        chosen = next((d for d in options if d["index"] == choice), None)
        if choice is not None and chosen is None:
            raise IllegalAction("mw.combat.defense_unavailable", defender=defender, defense=choice)
    if chosen is None:
        return False, events
    roll = d12(rng)
    avoided = defense_avoids(roll, chosen["threshold"], modifier=chosen["modifier"])
    if chosen["uses"] is not None:
        obj.setdefault("defenses_used", []).append(chosen["index"])
    events.append({"type": "DefenseRolled", "object": defender, "defense": chosen["index"],
                   "source": chosen["source"], "threshold": chosen["threshold"], "roll": roll,
                   "modifier": chosen["modifier"], "avoided": avoided, "uses": chosen["uses"]})
    return avoided, events


# ---------------------------------------------------------------------------------------------------------
# Steps 5-6: roll, damage and effects


def direct_damage(state: JSON, oid: str, amount: int, *, damage_type: str | None = None,
                  source: str | None = None) -> tuple[JSON, list[JSON]]:
    """:func:`direct_damage_in_place` on a copy of the state."""
    state = copy_state(state)
    return state, conditions.direct_damage_in_place(state, oid, amount, damage_type=damage_type, source=source)


def heal(state: JSON, oid: str, amount: int, *, reason: str = "heal") -> tuple[JSON, list[JSON]]:
    """:func:`heal_in_place` on a copy of the state."""
    state = copy_state(state)
    return state, conditions.heal_in_place(state, oid, amount, reason=reason)


def heal_roll(state: JSON, oid: str, dice: int, rng: Rng, *, reason: str = "heal") -> tuple[JSON, list[JSON]]:
    """Heal the total of ``dice`` attack dice, normal and critical alike, ignoring armor (§10.11)."""
    state = copy_state(state)
    faces = roll_faces(rng, attack_die(), dice)
    rolled = sum(f.normal + f.critical for f in faces)
    events = [{"type": "HealRolled", "object": oid, "faces": [f.face for f in faces], "total": rolled}]
    return state, events + conditions.heal_in_place(state, oid, rolled, reason=reason)


def _effects(state: JSON, attacker: str | None, defender: str, row: JSON | None, *, held: bool) -> list[JSON]:
    """Apply one effect-table row (§10.3 step 6): markers, or a Push for the movement rules."""
    events: list[JSON] = []
    for eff in (row or {}).get("effects", []):
        name, n = eff["condition"], int(eff.get("count", 1))
        if name in conditions.EFFECTS:
            events.append({"type": "PushPending", "object": defender, "source": attacker, "effect": name})
        else:
            events += conditions.add(state, defender, name, n, held=held)
    return events


def _reverse_attack(state: JSON, attacker: str | None, defender: str, unavoidable: bool) -> tuple[bool, list[JSON]]:
    """Step 4, Reverse Attack (its card text): revealed when its creature is attacked (mandatory, reveal cost
    paid if the pool allows); the attack is avoided and turned on the attacker; then it is destroyed. Against an
    Unavoidable attack, or unpaid, it is destroyed without effect. Returns (reversed, events)."""
    for rev in stats.hidden_reversals(state, defender):
        ench = state["objects"][rev["object"]]
        mage = _mage_of(state, ench.get("controller"))
        pays = attacker is not None and not unavoidable and mage is not None and \
            int(mage.get("mana", 0)) >= rev["reveal_cost"]
        if pays:
            mage["mana"] = int(mage["mana"]) - rev["reveal_cost"]
        ench["destroyed"] = True
        return pays, [{"type": "AttackReversed", "object": defender, "enchantment": rev["object"],
                       "card": rev["card"], "paid": rev["reveal_cost"] if pays else 0, "attacker": attacker,
                       "reversed": pays},
                      {"type": "ObjectDestroyed", "object": rev["object"], "card": rev["card"],
                       "owner": ench.get("owner")}]
    return False, []


def _strike(state: JSON, attacker: str | None, bar: JSON, defender: str, rng: Rng, action: _Action, *,
            declared: JSON, unavoidable: bool, held: bool, strike: int, barrier: bool = False,
            redirected: bool = False) -> tuple[bool, list[JSON]]:
    """Steps 4-6 for one strike against one defender. Returns (hit, events). ``redirected``: a Reverse Attack
    made the attacker the target of steps 5-6 (no avoiding, nothing after damaging)."""
    events: list[JSON] = []
    if not barrier and not redirected:
        turned, evs = _reverse_attack(state, attacker, defender, unavoidable)
        events += evs
        if turned and attacker is not None:
            _, evs = _strike(state, attacker, bar, attacker, rng, action, declared=declared, unavoidable=unavoidable,
                             held=held, strike=strike, redirected=True)
            return False, events + evs
        with windows.after(events):
            avoided, evs = _avoid(state, attacker, bar, defender, rng, declared, unavoidable, strike)
        events += evs
        if avoided:
            return False, events
    calc = dice_for(state, attacker, bar, defender, action, x=declared.get("x"), barrier=barrier)
    _spend_firsts(calc["modifiers"], action)
    obj = state["objects"][defender]
    table = bar["effect_table"]
    faces = roll_faces(rng, attack_die(), calc["dice"]) if calc["dice"] else []
    effect_roll = d12(rng) if table and calc["dice"] else None
    names = [f.face for f in faces]
    if _has(bar, "Critical Damage"):
        names = [n.replace("normal", "critical") for n in names]
    dmg = read_attack_roll(names, armor=calc["armor"], piercing=calc["piercing"],
                           incorporeal=calc["incorporeal"], ethereal=calc["ethereal"])
    normal = 0 if stats.traits(state, defender).has("Resilient") else dmg.normal  # Codex.txt Resilient
    total = normal + dmg.critical
    before = stats.remaining_life(state, defender)
    rolled = {"type": "AttackRolled", "attacker": attacker, "source": bar["source"], "attack": bar["name"],
              "defender": defender, "strike": strike, "dice": calc["dice"], "base_dice": calc["base"],
              "modifiers": calc["modifiers"], "faces": names, "effect_die": effect_roll,
              "effect_modifier": calc["effect_modifier"], "armor": calc["armor"], "piercing": calc["piercing"],
              "armor_applied": dmg.armor, "normal": normal, "critical": dmg.critical, "damage": total,
              "immune": calc["immune"], "damage_type": bar["damage_type"]}
    events.append(rolled)
    events += conditions.take_damage(state, defender, total, attacker=attacker, attack=bar["name"])
    if effect_roll is not None and not (calc["incorporeal"] and not calc["ethereal"]):
        rows = effect_table_from_card(table)
        row = effect_for(effect_roll, rows, modifier=calc["effect_modifier"])
        rolled["effect"] = row.notation() if row else None
        if row is not None:
            raw = next(r for r in table if r["min"] == row.low)
            events += _effects(state, attacker, defender, raw, held=held)
    if total > 0 and attacker is not None and not barrier and not redirected:
        events += _after_damaging(state, attacker, bar, defender, min(total, max(0, before)), action)
    return True, events


def _after_damaging(state: JSON, attacker: str, bar: JSON, defender: str, dealt: int, action: _Action) -> list[JSON]:
    """Vampiric, Mana Drain / Transfer (first attack only) and Rage, once an attack has damaged (§13, §8)."""
    events: list[JSON] = []
    target = state["objects"][defender]
    creature = target.get("kind") in ("creature", "mage")
    if _has(bar, "Vampiric") and "Vampiric" not in action.used and creature and stats.living(state, defender):
        action.used.add("Vampiric")
        events += conditions.heal_in_place(state, attacker, (dealt + 1) // 2, reason="Vampiric")
    drain = _value(bar, "Mana Drain") or _value(bar, "Mana Transfer")
    if drain and "Mana Drain" not in action.used and creature and _enemies(state, attacker, defender):
        action.used.add("Mana Drain")
        victim = _mage_of(state, target.get("controller"))
        lost = min(drain, int(victim.get("mana", 0))) if victim else 0
        if victim is not None:
            victim["mana"] = int(victim.get("mana", 0)) - lost
        gainer = _mage_of(state, state["objects"][attacker].get("controller")) if _has(bar, "Mana Transfer") else None
        if gainer is not None:
            gainer["mana"] = int(gainer.get("mana", 0)) + lost
        events.append({"type": "ManaDrained", "object": defender, "amount": lost, "transferred": gainer is not None})
    rage = stats.traits(state, defender).value("Rage")
    if rage and _enemies(state, attacker, defender) and not target.get("destroyed"):
        counters = target.setdefault("counters", {})
        counters["Rage"] = min(rage, int(counters.get("Rage", 0)) + 1)
        events.append({"type": "RageGained", "object": defender, "tokens": counters["Rage"]})
    return events


# ---------------------------------------------------------------------------------------------------------
# The sequence


def _single(state: JSON, attacker: str, bar: JSON, target: str, rng: Rng, action: _Action, declared: JSON, *,
            counterstrike: bool = False, grounded: bool = False) -> list[JSON]:
    """Steps 1-9 of one attack against one target (§10.3)."""
    check_attack(state, attacker, bar, target, counterstrike=counterstrike, grounded=grounded)
    melee = bar["range_type"] == "melee"
    unavoidable = _has(bar, "Unavoidable")
    events: list[JSON] = [{"type": "AttackDeclared", "attacker": attacker, "attack": bar["name"],
                           "source": bar["source"], "target": target, "range_type": bar["range_type"],
                           "counterstrike": counterstrike, "unavoidable": unavoidable}]
    with windows.after(events):  # what was resolved before a question is published when the action stops
        # §9.7: enchantments may be revealed at the end of the Declare step, a counterstrike's too (§10.8: it
        # is a normal attack from step 1)
        windows.window(state, state["objects"][attacker].get("controller"), target, "attack", attack=bar["name"])
    missed = False
    if conditions.count(state["objects"][attacker], "Daze"):
        roll = d12(rng)
        missed = not daze_attack_proceeds(roll)
        events.append({"type": "RollToMiss", "attacker": attacker, "roll": roll, "missed": missed})
    strikes = 1 + sum(n for t, n in ADDITIONAL_STRIKES.items() if _has(bar, t))
    hit = False
    # Conditions the defender's barrier or counterstrike gives the attacker wait for its next turn (§5.3).
    held_on_attacker = declared.get("own_turn", True)
    for s in range(strikes):
        if state["objects"][target].get("destroyed"):
            break
        if s == 0 and missed:
            continue  # §10.3 step 3: a miss goes straight to step 7
        with windows.after(events):
            if s > 0:  # §9.7, seed l.627: the end of the last strike's damage step, before the next avoid step
                windows.window(state, state["objects"][attacker].get("controller"), target, "strike",
                               attack=bar["name"], strike=s + 1)
            landed, evs = _strike(state, attacker, bar, target, rng, action, declared=declared,
                                  unavoidable=unavoidable, held=counterstrike and held_on_attacker, strike=s + 1)
        hit = hit or landed
        events += evs
    if melee and hit:
        events += _barrier(state, attacker, target, rng, held=held_on_attacker)
    if melee and not counterstrike:
        with windows.after(events):
            events += _counterstrike(state, attacker, target, rng, declared)
        if state["objects"][target].get("guard"):
            state["objects"][target]["guard"] = False  # §10.3 step 9: a melee-attacked guard loses its marker
            events.append({"type": "GuardRemoved", "object": target, "reason": "melee_attacked"})
    return events


def _barrier(state: JSON, attacker: str, defender: str, rng: Rng, *, held: bool) -> list[JSON]:
    """Step 8 (§10.7): the defender's damage barrier attacks the attacker, once per attacker per round,
    Unavoidable, dice and effects only; it works even if the defender was destroyed or is incapacitated."""
    bar = stats.damage_barrier(state, defender)
    obj = state["objects"][defender]
    if bar is None or attacker in obj.get("barrier_attacked", []) or state["objects"][attacker].get("destroyed"):
        return []
    obj.setdefault("barrier_attacked", []).append(attacker)
    events: list[JSON] = [{"type": "DamageBarrierAttack", "object": defender, "barrier": bar["source"],
                           "attack": bar["name"], "target": attacker}]
    _, evs = _strike(state, None, bar, attacker, rng, _Action(), declared={}, unavoidable=True, held=held,
                     strike=1, barrier=True)
    return events + evs


def counterstrikes(state: JSON, defender: str) -> list[JSON]:
    """The defender's attacks usable to counterstrike now (§10.8): quick melee with Counterstrike, and the
    defender able to act (not incapacitated, not destroyed)."""
    obj = state["objects"][defender]
    if obj.get("destroyed") or conditions.incapacitated(obj) or obj.get("kind") == "conjuration":
        return []
    return [b for b in stats.attacks(state, defender) if b["counterstrike"]]


def _counterstrike(state: JSON, attacker: str, defender: str, rng: Rng, declared: JSON) -> list[JSON]:
    """Step 9: one free counterstrike against the attacker, even after a miss; it skips step 9 itself."""
    options = counterstrikes(state, defender)
    if not options or state["objects"][attacker].get("destroyed"):
        return []
    asked = windows.counterstrike(state, defender, options)  # it "may" counterstrike: its controller chooses
    choice = asked["attack"] if asked is not None else declared.get("counterstrike", options[0]["index"])
    if choice is DECLINE or choice is None:
        return []
    bar = next((b for b in options if b["index"] == choice), None)
    if bar is None:
        raise IllegalAction("mw.combat.no_counterstrike", defender=defender, attack=choice)
    grounded = stats.traits(state, attacker).has("Flying") and not stats.traits(state, defender).has("Flying")
    try:
        check_attack(state, defender, bar, attacker, counterstrike=True, grounded=grounded)
    except IllegalAction:
        return []  # e.g. the attacker flies and the counterstrike lacks Reach
    inner = {"defense": declared.get("counter_defense", "best"), "own_turn": declared.get("own_turn", True),
             "pay_block": declared.get("pay_block", True)}
    events = [{"type": "Counterstrike", "object": defender, "attack": bar["name"], "target": attacker}]
    with windows.after(events):
        return events + _single(state, defender, bar, attacker, rng, _Action(), inner, counterstrike=True,
                                grounded=grounded)


def _zone_targets(state: JSON, zone: str, order: list[str] | None) -> list[str]:
    """Every creature and conjuration in the zone, barriers excepted (§10.6), in the attacker's order."""
    inside = [oid for oid, o in state["objects"].items()
              if not o.get("destroyed") and not o.get("attached_to") and o.get("zone") == zone
              and o.get("kind") in ("mage", "creature", "conjuration")
              and "Wall" not in stats.subtypes(state, oid)]
    if order:
        return [o for o in order if o in inside] + [o for o in inside if o not in order]
    return inside


def attack(state: JSON, attacker: str, attack_index: int | str, target: str, rng: Rng, *,
           declared: JSON | None = None) -> tuple[JSON, list[JSON]]:
    """One whole attack action (§10.3) on a copy of the state; returns the new state and its events.

    ``attack_index``: an index into :func:`engine.magewars.stats.attacks`, or an attack spell's card name
    (§9.3). ``target``: an object id, or a zone (``"B2"``) for a zone attack. ``declared`` holds the
    choices made during the sequence, each optional:

    - ``defense``: the defender's defense index, ``None`` for none, ``"best"`` (default) for the best usable;
    - ``pay_block``: pay a hidden Block's reveal cost (default True; unpaid, it is destroyed, §9.7);
    - ``counterstrike``: the defender's counterstrike attack index, or ``False`` to decline (default: the first);
    - ``counter_defense``: the attacker's defense against the counterstrike (default ``"best"``);
    - ``second_target``: Sweeping's second target in the zone (§13);
    - ``zone_order``: the order of a zone attack's objects (§10.6);
    - ``charged``: the attacker moved at least one zone right before (Charge +X, §13);
    - ``x``: the dice of an attack printed with X;
    - ``own_turn``: the attack happens on the attacker's own action turn (default True, §5.3).

    :raises IllegalAction: see :func:`check_attack`; ``mw.combat.no_such_attack``, ``mw.combat.zone_needed``,
        ``mw.combat.sweeping_same_target``, ``mw.combat.defense_unavailable``, ``mw.combat.no_counterstrike``.
    """
    state = copy_state(state)
    declared = dict(declared or {})
    if attacker not in state["objects"]:
        raise IllegalAction("mw.combat.not_attackable", target=attacker)
    bar = _bar(state, attacker, attack_index)
    action = _Action(charged=bool(declared.get("charged")))
    events: list[JSON] = []
    if _has(bar, "Zone Attack"):
        events += _zone_attack(state, attacker, bar, target, rng, action, declared)
    else:
        if target not in state["objects"]:
            raise IllegalAction("mw.combat.not_attackable", target=target)
        events += _single(state, attacker, bar, target, rng, action, declared)
        second = declared.get("second_target")
        if _has(bar, "Sweeping") and second is not None:
            if second == target:
                raise IllegalAction("mw.combat.sweeping_same_target", target=target)
            still = not state["objects"][attacker].get("destroyed") and second in state["objects"] \
                and not state["objects"][second].get("destroyed")
            try:  # the second target may have left the zone or been destroyed meanwhile: no second attack
                check_attack(state, attacker, bar, second) if still else None
            except IllegalAction:
                still = False
            if still:
                with windows.after(events):
                    events += _single(state, attacker, bar, second, rng, action, declared)
    events.append({"type": "AttackEnded", "attacker": attacker, "attack": bar["name"]})
    return state, events


def _zone_attack(state: JSON, attacker: str, bar: JSON, zone: str, rng: Rng, action: _Action,
                 declared: JSON) -> list[JSON]:
    """A zone attack (§10.6): range to the zone, one roll to miss, then a separate Unavoidable attack on each
    creature and conjuration in it, friend or foe, no barrier or counterstrike."""
    if not isinstance(zone, str) or zone in state["objects"]:
        raise IllegalAction("mw.combat.zone_needed", attack=bar["name"])
    d = distance(zone_of(state, attacker), zone)
    low, high = bar["range"]
    if not low <= d <= high:
        raise IllegalAction("mw.combat.out_of_range", target=zone, distance=d, range=f"{low}-{high}")
    events: list[JSON] = [{"type": "AttackDeclared", "attacker": attacker, "attack": bar["name"],
                           "source": bar["source"], "target": zone, "range_type": "zone",
                           "counterstrike": False, "unavoidable": True}]
    acting, asked = state["objects"][attacker].get("controller"), set()
    with windows.after(events):  # §9.7: a window at the end of the Declare step for each player with an object
        for oid in _zone_targets(state, zone, declared.get("zone_order")):  # there (who has one is public)
            seat = state["objects"][oid].get("controller")
            if seat not in asked:
                asked.add(seat)
                windows.window(state, acting, oid, "attack", attack=bar["name"])
    if conditions.count(state["objects"][attacker], "Daze"):
        roll = d12(rng)
        missed = not daze_attack_proceeds(roll)
        events.append({"type": "RollToMiss", "attacker": attacker, "roll": roll, "missed": missed})
        if missed:
            return events
    for oid in _zone_targets(state, zone, declared.get("zone_order")):
        if not state["objects"][oid].get("destroyed"):
            with windows.after(events):
                _, evs = _strike(state, attacker, bar, oid, rng, action, declared=declared, unavoidable=True,
                                 held=False, strike=1)
            events += evs
    return events


def reset_round(state: JSON) -> JSON:
    """Reset step (§4 P2) for combat's bookkeeping, in place: 1x defenses ready again, damage barriers may
    attack each attacker again, one Disable marker comes off each object. Returns the state."""
    for obj in state["objects"].values():
        obj["defenses_used"] = []
        obj.pop("barrier_attacked", None)
        conditions.reset(obj)
    return state


# ---------------------------------------------------------------------------------------------------------
# Odds before rolling


def _convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def attack_preview(state: JSON, attacker: str, attack_index: int | str, target: str) -> JSON:
    """What the attacker sees before rolling (§10.3): dice and modifiers, the chance to hit, the damage, the
    chance to destroy the target, and each effect's chance, exact (:mod:`engine.magewars.odds`), as floats.

    Only what the attacker may know is used: the defender's revealed defenses (its best usable one), never
    its hidden enchantments. Multiple strikes add up; a Dazed attacker's roll to miss counts once.

    :raises IllegalAction: as :func:`attack`.
    """
    bar = _bar(state, attacker, attack_index)
    if not _has(bar, "Zone Attack"):
        check_attack(state, attacker, bar, target)
    calc = dice_for(state, attacker, bar, target, _Action())
    unavoidable = _has(bar, "Unavoidable") or _has(bar, "Zone Attack")
    options = [] if unavoidable else usable_defenses(state, target, bar)
    best = max(options, key=lambda d: d["modifier"] - d["threshold"], default=None)
    rows = effect_table_from_card(bar["effect_table"]) if bar["effect_table"] else ()
    strikes = 1 + sum(n for t, n in ADDITIONAL_STRIKES.items() if _has(bar, t))
    dice = calc["dice"]
    if dice:
        armor, piercing = calc["armor"], calc["piercing"]
        if _has(bar, "Critical Damage"):
            armor, piercing = 0, 0  # every hit counts as critical: armor never applies
        elif stats.traits(state, target).has("Resilient"):
            armor, piercing = RESILIENT_ARMOR, 0  # Codex.txt: non-critical damage is ignored
        one = attack_odds(dice, armor=armor, piercing=piercing, incorporeal=calc["incorporeal"],
                          ethereal=calc["ethereal"], effects=rows, effect_modifier=calc["effect_modifier"],
                          defense=best["threshold"] if best else None,
                          defense_modifier=best["modifier"] if best else 0, unavoidable=unavoidable)
        per_strike, hits, effects = one.damage, one.hits, one.effects
    else:
        per_strike, hits, effects = {0: Fraction(1)}, Fraction(1), {NO_EFFECT: Fraction(1)}
    total = {0: Fraction(1)}
    for _ in range(strikes):
        total = _convolve(total, per_strike)
    proceed = daze_proceed_chance() if conditions.count(state["objects"][attacker], "Daze") else Fraction(1)
    if proceed != 1:
        total = {k: p * proceed for k, p in total.items()}
        total[0] = total.get(0, Fraction(0)) + (1 - proceed)
    left = stats.remaining_life(state, target)
    kill = sum((p for k, p in total.items() if k >= max(1, left)), Fraction(0))
    expected = sum((k * p for k, p in total.items()), Fraction(0))
    return {"attacker": attacker, "attack": bar["name"], "target": target, "dice": dice,
            "modifiers": calc["modifiers"], "effect_modifier": calc["effect_modifier"], "armor": calc["armor"],
            "piercing": calc["piercing"], "immune": calc["immune"], "strikes": strikes,
            "defense": None if best is None else {"source": best["source"], "threshold": best["threshold"],
                                                  "modifier": best["modifier"],
                                                  "avoid_chance": float(defense_chance(best["threshold"],
                                                                                       modifier=best["modifier"]))},
            "hit_chance": float(hits * proceed), "expected_damage": float(expected),
            "remaining_life": left, "kill_chance": float(kill),
            "damage": {str(k): float(p) for k, p in sorted(total.items())},
            "effects": {k: float(p * proceed) for k, p in effects.items()} if rows else {}}
