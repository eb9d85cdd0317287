"""Attacks, wounds, morale and defeat (§10, §13, §18-§22): the attack procedure of §10.2 step by step.

Dice come from :mod:`engine.dragonbond.dice` (colours, upgrades and downgrades netted to one step, re-rolls).
Wounds are a per-unit pool: every ``health`` wounds remove one model (§10.2 step 5); a commanding Hero's
wounds and poison stay its own and its unit's models take wounds first (§19.2); an Epic Creature flips to its
injured side instead of dying (§18). A unit that loses half or more of its models to one attack tests morale
(§13); a destroyed unit gives its cost to the opponent where the scenario has kill points (§26).
"""
from __future__ import annotations

from typing import Any

from engine.dragonbond import board, geometry, models
from engine.dragonbond.dice import Colour, Kind, die, is_success, roll
from engine.dragonbond.models import consolidate
from engine.dragonbond.state import (
    ASSASSINATE, AURA, COLD, GIANT, JSON, LAZY, Ctx, bonded, disengage_all, engage, exhausted, flanked, fresh,
    carried_on_table, has, hero_of, is_epic, is_hero, model_count, on_table, other, separate, shifts, unit,
)

GIANT_DICE = 3
"""Black attack dice of wounds a defeated *Gigante* inflicts (§23.1; the colour was lost, A29)."""
CHARGE_DICE = 3
"""Black attack dice rolled for the charge bonus (§7.5)."""
ATTACK_RESOLVED: list = []
"""Called with (ctx, attacker, target, wounds) once an attack is resolved: ``effects.attack_resolved`` (the effects
module applies wounds through this one, so it is called back rather than imported)."""


def attack_shifts(state: JSON, u: JSON, *, charge: bool = False, shoot: bool = False) -> tuple[int, int]:
    """Upgrades and downgrades of an attack roll (§10.3): fresh, charge, Dragonbond; exhausted, shoot."""
    up_, down_ = shifts(u, "attack")
    up = int(fresh(u)) + int(charge) + int(bonded(state, u)) + up_
    down = int(exhausted(u)) + int(shoot) + down_
    return up, down


def defence_shifts(state: JSON, u: JSON, kind: str, *, cover: bool = False) -> tuple[int, int]:
    """Upgrades and downgrades of a defence roll (§10.3): fresh, dark cover vs ranged, Dragonbond; exhausted,
    flanked vs melee."""
    up_, down_ = shifts(u, "defence")
    up = int(fresh(u)) + int(cover and kind == "ranged") + int(bonded(state, u)) + up_
    down = int(exhausted(u)) + int(kind == "melee" and flanked(board.body(state, u))) + down_
    return up, down


def dice_groups(state: JSON, u: JSON, kind: str, models: int | None = None, *,
                hero_too: bool | None = None) -> list[tuple[str, int]]:
    """(colour, dice) per colour the attacking models roll: each model its profile's dice (§10.2 step 2); a
    commanding Hero adds its own profile (A20). ``models`` caps the non-Hero models (a flanked split, §9: the
    Hero joins when it exceeds them; ``hero_too`` says it outright when the models were counted on the table)."""
    groups: dict[str, int] = {}

    def add(profile: JSON | None, n: int) -> None:
        if profile and n > 0:
            groups[profile["colour"]] = groups.get(profile["colour"], 0) + profile["dice"] * n

    own = u["models"] if models is None else min(models, u["models"])
    add(u[kind], own)
    hero = hero_of(state, u)
    if hero is not None and (hero_too if hero_too is not None else (models is None or models > u["models"])):
        add(hero[kind], 1)
    order = [c.value for c in Colour]
    return sorted(groups.items(), key=lambda g: order.index(g[0]))


def roll_attack(ctx: Ctx, groups: list[tuple[str, int]], up: int, down: int) -> JSON:
    """Roll each colour group with the roll's shift (A4); the hits, criticals and faces."""
    hits = crits = 0
    faces: list[str] = []
    uncertain: list[str] = []
    rolled = []
    for colour, n in groups:
        r = roll(ctx.rng, Kind.ATTACK, colour, n, upgrades=up, downgrades=down)
        hits, crits = hits + r.hits, crits + r.crits
        faces += [f.face for f in r.faces]
        uncertain += list(r.uncertain)
        rolled.append(r.shift.colour.value)
    return {"hits": hits, "crits": crits, "faces": faces, "uncertain": uncertain, "rolled_colour": rolled}


def wound_dice(ctx: Ctx, dice: int, colour: str) -> int:
    """"Inflicts [N dice] wounds": roll, every hit (standard or critical) is a wound, no defence (§10.2, §10.4)."""
    r = roll(ctx.rng, Kind.ATTACK, colour, dice)
    return r.hits + r.crits


def melee_targetable(state: JSON, attacker: JSON, target: JSON) -> bool:
    """A mounted Hero is hit in melee only by another mounted Hero or an *Asesinar* attack (§20.3)."""
    if not target.get("mounted_on"):
        return True
    return bool(attacker.get("mounted_on")) or ASSASSINATE in ((attacker.get("melee") or {}).get("keywords") or [])


def engaged_ids(state: JSON, u: JSON) -> list[str]:
    """The enemy units ``u`` is engaged with (a mounted Hero shares its Mount's, §20.3); riders included."""
    ids = list(board.body(state, u)["engaged_with"])
    riders = [state["units"][i]["rider"] for i in ids if state["units"][i].get("rider")]
    return ids + [r for r in riders if r]


def recipients(state: JSON, attacker: JSON, target: JSON, kind: str) -> list[str]:
    """Who shares the hits, in the order they are given out (§10.1, §20.3, A18, A31).

    Shooting into a combat: the target and every unit in that combat, closest to the shooter first (ties: by
    id). A ranged attack on a mounted Hero: its Mount first, then the Hero. Otherwise the target alone.
    """
    if kind != "ranged":
        return [target["id"]]
    if target.get("mounted_on"):
        return [target["mounted_on"], target["id"]]
    if not target["engaged_with"]:
        return [target["id"]]
    seen, todo = {target["id"]}, [target["id"]]
    while todo:
        for nxt in state["units"][todo.pop()]["engaged_with"]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return sorted(seen, key=lambda i: (board.distance(state, attacker, state["units"][i]), i))


def share_hits(hits: int, crits: int, order: list[str]) -> dict[str, list[int]]:
    """Hits given out one at a time round the ``order``, critical hits first (§10.1): {unit: [hits, crits]}."""
    out = {i: [0, 0] for i in order}
    for n, slot in enumerate([1] * crits + [0] * hits):
        out[order[n % len(order)]][slot] += 1
    return out


def resolve_attack(ctx: Ctx, attacker_id: str, target_id: str, kind: str, *, charge: bool = False,
                   shoot: bool = False, models: int | None = None, reason: str = "attack") -> JSON:
    """Make one attack (§10.2): take dice, roll, defend, wound, test morale. Returns {hits, crits, wounds}."""
    st = ctx.state
    attacker, target = unit(st, attacker_id), unit(st, target_id)
    if target.get("monster") and target["fatigue"] <= 2 and attacker["side"] in st["seats"]:
        # Attacked at 2 fatigue or less: a behaviour card after this turn, aimed at the attacker (§27.2, l.1524).
        st.setdefault("monster_attacked", {}).setdefault(target_id, attacker_id)
    hero_too = None
    if models is None:
        models, hero_too = attacking_models(st, attacker, target, kind)
    groups = dice_groups(st, attacker, kind, models, hero_too=hero_too)
    up, down = attack_shifts(st, attacker, charge=charge, shoot=shoot)
    result = roll_attack(ctx, groups, up, down)
    if attacker.get("rerolls"):
        reroll_misses(ctx, attacker, groups, up, down, result)
    n_models = models + int(hero_of(st, attacker) is not None) if hero_too is not None else models
    ctx.emit("AttackRolled", unit=attacker_id, target=target_id, kind=kind, reason=reason, models=n_models,
             dice=sum(n for _, n in groups), colour=[c for c, _ in groups], upgrades=up, downgrades=down,
             **result)
    total = 0
    order = recipients(st, attacker, target, kind)
    for rid, (hits, crits) in share_hits(result["hits"], result["crits"], order).items():
        if hits + crits == 0 or unit(st, rid)["where"] == "destroyed":
            continue
        total += defend_and_wound(ctx, attacker_id, rid, kind, hits, crits)
    if kind == "melee":
        consolidate(st, attacker, target)
    for resolved in ATTACK_RESOLVED:  # the effects waiting on this attack (effects.attack_resolved)
        resolved(ctx, attacker_id, target_id, total)
    return {"hits": result["hits"], "crits": result["crits"], "wounds": total}


def attacking_models(state: JSON, attacker: JSON, target: JSON, kind: str) -> tuple[int, bool]:
    """(non-Hero models that attack, whether a commanding Hero joins) (§10.2 step 2; seed 003 l.736): in melee
    the models engaged with a model of the target, at range those with a target model within range and sight.
    A unit with none counts them all (an effect's attack, a position set by hand)."""
    me, them = board.body(state, attacker), board.body(state, target)
    if kind == "melee":
        n = len(models.engaged_models(state, attacker, [them["id"]]))
    elif kind == "ranged" and attacker.get("ranged"):
        n = models.shooters(state, attacker, target, attacker["ranged"]["range"])
    else:
        n = 0
    if n == 0:
        n = max(1, len(models.points(me)))
    own = min(n, attacker["models"])
    return own, True


def reroll_misses(ctx: Ctx, attacker: JSON, groups: list[tuple[str, int]], up: int, down: int, result: JSON) -> None:
    """An effect's re-rolls (``effects.py``): up to that many missed attack dice rolled again, the worst colour's
    first (every re-roll is spent on this attack, a ruling); their hits and criticals are added."""
    dice = sum(n for _, n in groups)
    misses = dice - result["hits"] - result["crits"]
    n = min(attacker.pop("rerolls"), max(0, misses))
    if n <= 0:
        return
    colour = groups[-1][0]
    again = roll_attack(ctx, [(colour, n)], up, down)
    result["hits"] += again["hits"]
    result["crits"] += again["crits"]
    ctx.emit("Rerolled", unit=attacker["id"], dice=n, colour=colour, hits=again["hits"], crits=again["crits"],
             faces=again["faces"])


def defend_and_wound(ctx: Ctx, attacker_id: str, target_id: str, kind: str, hits: int, crits: int) -> int:
    """Steps 4-6 of §10.2 for one unit: one defence die per standard hit, criticals unblockable, then wounds."""
    st = ctx.state
    target, attacker = unit(st, target_id), unit(st, attacker_id)
    blocks = 0
    if hits:
        cover = kind == "ranged" and board.behind_dark(st, target, attacker)
        up, down = defence_shifts(st, target, kind, cover=cover)
        r = roll(ctx.rng, Kind.DEFENCE, target["defence"], hits, upgrades=up, downgrades=down)
        blocks = r.blocks
        ctx.emit("DefenceRolled", unit=target_id, dice=hits, colour=target["defence"],
                 rolled_colour=r.shift.colour.value, upgrades=up, downgrades=down, blocks=blocks,
                 faces=[f.face for f in r.faces], uncertain=list(r.uncertain))
    wounds = max(0, hits - blocks) + crits
    if wounds:
        take_wounds(ctx, target_id, wounds, by=attacker_id, kind=kind)
    return wounds


def take_wounds(ctx: Ctx, uid: str, wounds: int, *, by: str | None, kind: str = "effect",
                morale: bool = True) -> int:
    """Apply wounds to a unit (§10.2 step 5, §18, §19.2), then heavy-casualty morale (§13). Models removed."""
    st = ctx.state
    u = unit(st, uid)
    if u["where"] == "destroyed":
        return 0
    before = model_count(st, u)
    ctx.emit("Wounded", unit=uid, wounds=wounds, part="unit")
    leftover = _wound_pool(ctx, u, wounds)
    hero = hero_of(st, u)
    if hero is not None and u["models"] == 0:
        leave_command(ctx, u, collapsed=True)
        destroy(ctx, uid, by=by, kind=kind)
        if leftover:
            take_wounds(ctx, hero["id"], leftover, by=by, kind=kind, morale=False)
        return before - model_count(st, hero) if hero["where"] != "destroyed" else before
    removed = before - model_count(st, u)
    if u["models"] == 0:
        destroy(ctx, uid, by=by, kind=kind)
        return removed
    if morale and removed and 2 * removed >= before:
        heavy_casualties(ctx, u)
    return removed


def _wound_pool(ctx: Ctx, u: JSON, wounds: int) -> int:
    """Add wounds; remove a model per ``health`` (an Epic Creature flips first). Wounds left over once the
    unit has no model left (they go to a commanding Hero, §19.2)."""
    u["wounds"] += wounds
    while u["models"] > 0 and u["wounds"] >= u["health"]:
        if is_epic(u) and not u["injured"] and u.get("injured_profile"):
            u["wounds"] -= u["health"]
            flip_injured(ctx, u)
            continue
        u["wounds"] -= u["health"]
        u["models"] -= 1
        ctx.emit("ModelsRemoved", unit=u["id"], count=1, part="unit", left=u["models"])
    if u["models"] == 0:
        left, u["wounds"] = u["wounds"], 0
        return left
    return 0


def flip_injured(ctx: Ctx, u: JSON) -> None:
    """An Epic Creature's wounds reach its Health: all wounds off, the injured side up (§18)."""
    u["injured"] = True
    u.update({k: v for k, v in u["injured_profile"].items() if k != "powers"})
    u["powers"] = list(u["injured_profile"].get("powers") or [])
    ctx.emit("Injured", unit=u["id"])


def morale_colour(u: JSON, hero_model: bool) -> str:
    """Gray; black for Heroes and Epic Creatures; white for non-Hero models of a *Haragán* unit (§13)."""
    if hero_model or is_hero(u) or is_epic(u):
        return Colour.BLACK.value
    return Colour.WHITE.value if has(u, LAZY) else Colour.GRAY.value


def in_aura(state: JSON, u: JSON) -> bool:
    """Within 12" of its side's General while the General is on the battlefield (§22): a unit is, when its nearest
    model is (seed 003 l.1081 "todas las unidades aliadas a 12\" o menos", distances between the closest models,
    l.354); the General-defeated test counts the models within instead (l.851, ``general_defeated``)."""
    general = next((g for g in state["units"].values() if g["side"] == u["side"] and g["general"]), None)
    if general is None or not carried_on_table(state, general):
        return False
    if general["where"] == "commanding":
        general = unit(state, general["commanding"])
    if general["id"] == u["id"]:
        return True
    return board.distance(state, general, u) <= AURA and models.distance(state, general, u) <= AURA


def morale_dice(ctx: Ctx, u: JSON, n: int, colour: str, up: int, down: int, reroll: bool | int) -> int:
    """Roll ``n`` morale dice; the number that fail. Aura re-rolls each failed die not yet re-rolled (§3.3): all
    of them (``True``) or those of the first ``reroll`` models (the models within the aura)."""
    rerollable = n if reroll is True else int(reroll)
    if n <= 0:
        return 0
    r = roll(ctx.rng, Kind.DEFENCE, colour, n, upgrades=up, downgrades=down)
    faces = list(r.faces)
    if reroll:
        d = die(Kind.DEFENCE, r.shift.colour)
        for i, face in enumerate(faces):
            if i < rerollable and not is_success(face) and i not in r.rerolled:
                faces[i] = d.faces[ctx.rng.randbelow(d.sides)]
    return sum(1 for f in faces if not is_success(f))


def morale_test(ctx: Ctx, u: JSON, reason: str, *, non_heroes: int, hero: bool, aura: bool | int) -> int:
    """Test ``non_heroes`` models of ``u`` (and its Hero's model if ``hero``); the models that flee (§13)."""
    if has(u, COLD):
        return 0
    st = ctx.state
    up, down = int(fresh(u)) + int(bonded(st, u)), int(exhausted(u))
    commanded = u.get("hero") is not None
    fled = morale_dice(ctx, u, non_heroes, morale_colour(u, False), up + int(commanded), down, aura)
    hero_fled = 0
    if hero:
        h = hero_of(st, u) or u
        hero_fled = morale_dice(ctx, h, 1, Colour.BLACK.value, int(fresh(u)) + int(bonded(st, h)), down, bool(aura))
    ctx.emit("MoraleTest", unit=u["id"], reason=reason, dice=non_heroes + int(hero), passed=non_heroes + int(hero)
             - fled - hero_fled, fled=fled + hero_fled)
    return fled + hero_fled


def flee(ctx: Ctx, u: JSON, fled: int, hero_fled: bool = False) -> None:
    """Fled models are removed as if defeated; a unit that lost any clears its wounds (§13, A10, A11)."""
    if not fled:
        return
    st = ctx.state
    non_hero = min(fled, u["models"])
    u["models"] -= non_hero
    u["wounds"] = 0
    ctx.emit("ModelsRemoved", unit=u["id"], count=non_hero, part="unit", left=u["models"], fled=True)
    if u["models"] == 0:
        hero = hero_of(st, u)
        if hero is not None:
            leave_command(ctx, u, collapsed=True)
        destroy(ctx, u["id"], by=None, kind="morale")


def heavy_casualties(ctx: Ctx, u: JSON) -> None:
    """Half or more of its models lost to one attack or effect: each surviving non-Hero model tests (§13, A10)."""
    if is_hero(u) or u["models"] == 0:
        return
    fled = morale_test(ctx, u, "heavy_casualties", non_heroes=u["models"], hero=False, aura=in_aura(ctx.state, u))
    flee(ctx, u, fled)


def general_defeated(ctx: Ctx, general: JSON) -> None:
    """Before the General is removed, every friendly model within its aura tests, Heroes first (§13, §22)."""
    st = ctx.state
    if not carried_on_table(st, general):
        return  # a General defeated off the table (in reserve, or on a Mount there) has no aura to test within (§22)
    centre = unit(st, general["commanding"]) if general["where"] == "commanding" else general
    near = [u for u in board.tokens(st) if u.side == general["side"]]
    friends = [unit(st, t.id) for t in near if t.id != centre["id"]
               and board.distance(st, centre, unit(st, t.id)) <= AURA
               and models.within(st, unit(st, t.id), centre, AURA)]
    riders = [unit(st, f["rider"]) for f in friends if f.get("rider") and f["rider"] != general["id"]]
    for u in sorted(riders + [f for f in friends if is_hero(f)], key=lambda x: x["id"]):
        if u["where"] != "destroyed" and morale_test(ctx, u, "general_defeated", non_heroes=0, hero=True, aura=False):
            destroy(ctx, u["id"], by=None, kind="morale")
    for u in friends:
        if u["where"] == "destroyed" or is_hero(u):
            continue
        hero = hero_of(st, u)
        # the models within the aura test (§13; seed 003: "cada miniatura ... a 12\"")
        fled = morale_test(ctx, u, "general_defeated", non_heroes=models.within(st, u, centre, AURA), hero=False,
                           aura=False)
        if hero is not None and hero["id"] != general["id"] and morale_test(
                ctx, u, "general_defeated", non_heroes=0, hero=True, aura=False):
            leave_command(ctx, u, collapsed=False)
            destroy(ctx, hero["id"], by=None, kind="morale")
        flee(ctx, u, fled)


def leave_command(ctx: Ctx, u: JSON, *, collapsed: bool) -> JSON:
    """The Hero leaves the unit it commands (§19.2): its card back to the independent side, the unit's fatigue,
    slowed and immobilized markers copied to it, its token where the unit stood, engaged with its enemies."""
    st = ctx.state
    hero = unit(st, u["hero"])
    u["hero"] = None
    hero.update(where="battlefield", commanding=None, x=u["x"], y=u["y"], fatigue=u["fatigue"],
                slowed=u["slowed"], immobilized=u["immobilized"])
    ctx.emit("CommandLeft", hero=hero["id"], unit=u["id"], collapsed=collapsed)
    if collapsed and u["engaged_with"]:
        # The unit is gone, the Hero stays engaged: placed in base contact with its enemies (§19.2).
        place_in_contact(ctx, hero, u["engaged_with"], leaving=u["id"])
    return hero


def place_in_contact(ctx: Ctx, mover: JSON, enemies: list[str], *, leaving: str | None) -> None:
    """Place ``mover`` in base contact with the first of ``enemies`` it can touch (the spot nearest where it is)
    and engage it with every one of them it then touches; where no spot is free it stays where it is, engaged with
    none (a ruling: engaged means in base contact, §4.4, §5.2). ``leaving``: a unit being removed."""
    st = ctx.state
    near = (mover["x"], mover["y"])
    spot = None
    for e in enemies:
        enemy = unit(st, e)
        if enemy["where"] != "battlefield":
            continue
        spot = board.contact_spot(st, mover, enemy, near, exclude=(leaving,) if leaving else ())
        if spot is not None:
            break
    if spot is None:
        return
    if spot != near:
        mover.update(x=spot[0], y=spot[1])
        ctx.emit("Moved", unit=mover["id"], kind="place", to=list(spot), path=[list(near), list(spot)],
                 cost=0.0, allowance=0.0)
    me = board.token(mover)
    for e in enemies:
        enemy = unit(st, e)
        if enemy["where"] == "battlefield" and geometry.in_contact(me, board.token(enemy)):
            engage(ctx, mover["id"], e)


def destroy(ctx: Ctx, uid: str, *, by: str | None, kind: str) -> None:
    """A unit is defeated (§6.5, §13, §20.3, §21, §22, §23.1, §26): General's aura tests, *Gigante*'s last
    blow, riders thrown, the bonded partner with it, kill points, treasures dropped."""
    st = ctx.state
    u = unit(st, uid)
    if u["where"] == "destroyed":
        return
    if u["general"] and not st.get("general_tested", {}).get(uid):
        st.setdefault("general_tested", {})[uid] = True
        general_defeated(ctx, u)
        if u["where"] == "destroyed":
            return      # a unit that failed its test took the General with it (its bonded Dragon, §21): once only
    if has(u, GIANT) and u["where"] == "battlefield":
        enemies = [e for e in u["engaged_with"] if unit(st, e)["where"] == "battlefield"]
        if len(enemies) == 1:
            giant_blow(ctx, uid, enemies[0])
        elif enemies:
            st["pending_queue"].append({"seat": u["side"], "kind": "giant", "unit": uid, "targets": enemies})
    hero = hero_of(st, u)
    if hero is not None:  # the whole commanded unit, Hero included, is gone
        u["hero"] = None
        hero.update(where="battlefield", commanding=None, x=u["x"], y=u["y"])
        destroy(ctx, hero["id"], by=by, kind=kind)
    was = u["where"]
    if u.get("rider") and was != "battlefield":
        destroy(ctx, u["rider"], by=by, kind=kind)     # a Rider on a Mount off the table shares its fate (§25.6)
    if u.get("rider"):
        throw_rider(ctx, u, kind, by)
    if u.get("mounted_on"):
        unit(st, u["mounted_on"])["rider"] = None
        u["mounted_on"] = None
    disengage_all(ctx, uid)
    u["where"] = "destroyed"
    u["models"] = 0
    ctx.emit("UnitDestroyed", unit=uid, by=by, how=kind, points=u["points"], was=was)
    drop_treasures(ctx, u, by, kind)
    if u.get("monster"):
        trophy(ctx, u, by)
    elif st["scenario_rules"]["kill_points"] and (was != "reserve" or st["rules"]["reserve_kill_points"]):
        score(ctx, other(st, u["side"]), u["points"], "kill", unit=uid)
    partner = u.get("bonded_with")
    if partner and unit(st, partner)["where"] != "destroyed":
        destroy(ctx, partner, by=by, kind="bond")


def throw_rider(ctx: Ctx, mount: JSON, kind: str, by: str | None) -> None:
    """The Mount is defeated: ranged — the Hero dismounts where the Mount stood; melee — it is placed in
    contact with the unit that defeated it, engaged with it (§20.3)."""
    st = ctx.state
    hero = unit(st, mount["rider"])
    mount["rider"] = None
    hero.update(where="battlefield", mounted_on=None, x=mount["x"], y=mount["y"])
    ctx.emit("Dismounted", hero=hero["id"], mount=mount["id"], thrown=True)
    if kind == "melee" and by and unit(st, by)["where"] == "battlefield":
        place_in_contact(ctx, hero, [by], leaving=mount["id"])


def giant_blow(ctx: Ctx, giant: str, target: str) -> None:
    """A defeated *Gigante* inflicts 3 black dice of wounds on one engaged enemy (§23.1, A29)."""
    wounds = wound_dice(ctx, GIANT_DICE, Colour.BLACK.value)
    ctx.emit("GiantBlow", unit=giant, target=target, wounds=wounds)
    if wounds:
        take_wounds(ctx, target, wounds, by=giant)


def drop_treasures(ctx: Ctx, u: JSON, by: str | None, kind: str) -> None:
    """The Quest: a destroyed carrier drops its treasures; destroyed by a melee attack (an Attack, a charge, an
    opportunity attack), the attacker takes them (§26.2; seed 003 l.1452). Any other way (ranged, powers, morale,
    terrain), or by a Monster (it takes no treasure, a ruling), they are dropped where it stood."""
    if not u.get("treasures"):
        return
    st = ctx.state
    killer = st["units"].get(by) if by else None
    if kind == "melee" and killer is not None and on_table(st, killer) and not killer.get("monster") \
            and killer["side"] in st["seats"]:
        unit(st, by)["treasures"] += u["treasures"]
        ctx.emit("TreasureTaken", unit=by, treasures=u["treasures"])
    else:
        for t in u["treasures"]:
            n = max((o["n"] for o in st["objectives"]), default=0) + 1
            st["objectives"].append({"n": n, "x": u["x"], "y": u["y"], "controller": None, "treasure": t})
        st["field"]["objectives"] = [[o["x"], o["y"]] for o in st["objectives"]]
        ctx.emit("TreasureDropped", unit=u["id"], treasures=u["treasures"])
    u["treasures"] = []


def trophy(ctx: Ctx, monster: JSON, by: str | None) -> None:
    """The player whose unit defeated a Monster scores its trophy value; "UPE": the last winning bid for it
    (§27.2; seed 003 l.1514). Defeated by no player's unit (terrain, poison): nobody scores (a ruling)."""
    st = ctx.state
    killer = st["units"].get(by) if by else None
    if killer is None or killer["side"] not in st["seats"]:
        return
    m = st["monsters"][monster["id"]]
    value = (m["last_bid"] or 0) if m["trophy"] == "UPE" else int(m["trophy"])
    score(ctx, killer["side"], value, "trophy", unit=monster["id"])


def score(ctx: Ctx, seat: str, points: int, reason: str, **detail: Any) -> None:
    if not points:
        return
    ctx.state["vp"][seat] += points
    ctx.emit("VictoryPoints", seat=seat, delta=points, reason=reason, total=ctx.state["vp"][seat], **detail)


def poison(ctx: Ctx, u: JSON) -> None:
    """Start of activation: 1 white attack die per poison marker; each hit a wound and a marker off (§14, A34).
    A commanding Hero's poison is rolled apart and wounds only the Hero (§19.2)."""
    st = ctx.state
    for part in [u, hero_of(st, u)]:
        if part is None or part["poison"] <= 0 or part["where"] == "destroyed":
            continue
        r = roll(ctx.rng, Kind.ATTACK, Colour.WHITE, part["poison"])
        wounds = r.hits + r.crits
        part["poison"] = max(0, part["poison"] - wounds)
        ctx.emit("Poisoned", unit=part["id"], part="hero" if part is not u else "unit", dice=len(r.faces),
                 wounds=wounds)
        if wounds:
            take_wounds(ctx, part["id"], wounds, by=None, kind="poison")


def charge_bonus(ctx: Ctx) -> int:
    """3 black attack dice: +1" per hit, criticals and doubles included (§7.5, A2)."""
    return wound_dice(ctx, CHARGE_DICE, Colour.BLACK.value)


def separate_flanker(ctx: Ctx, target: JSON) -> None:
    """Charging a unit that flanks someone: it stops engaging the flanked unit (§7.5 step 3, §9)."""
    st = ctx.state
    for enemy in list(target["engaged_with"]):
        if flanked(unit(st, enemy)):
            separate(ctx, target["id"], enemy)

