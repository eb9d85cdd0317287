"""The combat sequence (§19-20): declare, attack roll, defence roll, successes, damage, out of action, drive back.

An ``attack`` frame walks the eight steps with a reaction step after each (opened only when someone
can react). Dice are read by ``dice.py`` (supports, Guard, cover, Cleave, Ensnare, trapped, crits);
this module decides the inputs from the position and applies the outcome: Grievous on a critical hit,
damage and bounty (``flow.deal_damage``), optional drive back with Knockback in a straight line,
Stagger after a successful attack, and Scything (one attack per adjacent enemy, a super-action).
A staggered target lets the attacker re-roll one attack die (§16.2); each re-roll rule re-rolls a
different die, never the same die twice (§10.2).
"""
from __future__ import annotations

from typing import Any

from engine.core.dice import roll
from engine.core.errors import IllegalAction
from engine.underworlds import effects, rules
from engine.underworlds.actions import Action, DriveBack, Pass, Reroll
from engine.underworlds.dice import (
    Combat, Outcome, attack_die, backlash, count_attack, defence_die, determine_successes, reroll_one,
)
from engine.underworlds.flow import (
    Ctx, bad_action, deal_damage, frame, note_action, open_window, pop, push, relocate, stagger,
)
from engine.underworlds.hexgrid import Hex, steps_away
from engine.underworlds.state import FighterState, State

JSON = dict[str, Any]


def check_attack(st: State, f: FighterState, index: int, target_id: str) -> tuple[JSON, FighterState]:
    """The attack profile and target of an Attack action.

    :raises IllegalAction: uw.attack.no_such_attack, uw.attack.no_target, uw.attack.friendly_target,
        uw.attack.out_of_range, uw.attack.not_visible
    """
    profiles = rules.attacks(st, f)
    if not 0 <= index < len(profiles):
        raise IllegalAction("uw.attack.no_such_attack", fighter=f.name, attack=index, count=len(profiles))
    profile = profiles[index]
    target = st.find_fighter(target_id)
    if target is None or not target.on_battlefield:
        raise IllegalAction("uw.attack.no_target", fighter=f.name, target=target_id)
    if target.seat == f.seat:
        raise IllegalAction("uw.attack.friendly_target", fighter=f.name, target=target.name)
    assert f.hex is not None and target.hex is not None
    distance = rules.attack_distance(st, f, f.hex, target.hex)
    if distance > profile["range"] or (profile["scything"] and not f.hex.is_adjacent(target.hex)):
        raise IllegalAction("uw.attack.out_of_range", fighter=f.name, attack=profile["name"], target=target.name,
                            range=profile["range"], distance=distance)
    if not rules.line_of_sight(st, f.hex, target.hex):
        raise IllegalAction("uw.attack.not_visible", fighter=f.name, target=target.name)
    return profile, target


def start_attack(ctx: Ctx, f: FighterState, profile: JSON, target: FighterState, *, final: bool) -> None:
    """Begin an attack action; Scything attacks every adjacent enemy, ``target`` first (§20)."""
    st = ctx.st
    rest: list[str] = []
    if profile["scything"]:
        rest = sorted(e.id for e in rules.attack_targets(st, f, profile) if e.id != target.id)
    profile = effects.declare_attack(ctx, f, profile)
    push(st, "attack", attacker=f.id, seat=f.seat, target=target.id, profile=profile, stage="declare",
         final=final and not rest, activation_final=final, rest=rest, superaction=bool(rest), roll=[], defence=[],
         rerolled=[], rerolls=0, result=None, trapped=False, succeeded=False)


def _valid(st: State, fr: JSON) -> bool:
    """§19.2: at the start of steps 2-5 the target must still be in range and visible."""
    a, t = st.fighter(fr["attacker"]), st.fighter(fr["target"])
    if not (a.on_battlefield and t.on_battlefield):
        return False
    assert a.hex is not None and t.hex is not None
    return rules.attack_distance(st, a, a.hex, t.hex) <= fr["profile"]["range"] and rules.line_of_sight(st, a.hex, t.hex)


def can_be_driven_back(st: State, target: FighterState, profile: JSON) -> bool:
    """Guard stops drive back unless the attack has Knockback (§16.1, §35.6); cards may forbid pushes."""
    if effects.is_on_guard(st, target) and not profile["knockback"]:
        return False
    return not (effects.cannot_be_pushed(st, target) or effects.cannot_be_driven_back(st, target))


def is_trapped(st: State, attacker: FighterState, target: FighterState, profile: JSON) -> bool:
    """§19.4: could be driven back but no empty adjacent hex is further from the attacker."""
    if not can_be_driven_back(st, target, profile):
        return False
    assert attacker.hex is not None and target.hex is not None
    return not any(rules.is_empty(st, h) for h in steps_away(target.hex, attacker.hex))


def drive_back_options(st: State, fr: JSON) -> dict[Hex, list[Hex]]:
    """Destinations of the drive back: 1 hex away, then up to Knockback X more in that direction (§19.3, §20)."""
    a, t = st.fighter(fr["attacker"]), st.fighter(fr["target"])
    if not t.on_battlefield or fr["trapped"] or fr["result"] not in ("critical_hit", "hit", "draw"):
        return {}
    if not can_be_driven_back(st, t, fr["profile"]) or a.hex is None or t.hex is None:
        return {}
    extra = fr["profile"]["knockback"] if fr["succeeded"] else 0
    out: dict[Hex, list[Hex]] = {}
    for first in steps_away(t.hex, a.hex):
        if not rules.is_empty(st, first):
            continue
        direction = t.hex.direction_to(first)
        assert direction is not None
        path = [first]
        out[first] = list(path)
        for _ in range(extra):
            nxt = path[-1].neighbour(direction)
            if not rules.is_empty(st, nxt):
                break
            path.append(nxt)
            out[nxt] = list(path)
    return out


def _combat_inputs(st: State, fr: JSON) -> Combat:
    a, t = st.fighter(fr["attacker"]), st.fighter(fr["target"])
    p = fr["profile"]
    assert a.hex is not None and t.hex is not None
    dice, symbol = rules.defence(st, t)
    supports = effects.attack_supports(st, a, t, p, rules.supports(st, a.seat, t.hex, a.id))
    return Combat(dice_symbol=p["symbol"], attack_supports=supports,
                  cleave=p["cleave"], ensnare=p["ensnare"], knockback=bool(p["knockback"]), defence_symbol=symbol,
                  defence_supports=rules.supports(st, t.seat, a.hex, t.id), on_guard=effects.is_on_guard(st, t),
                  in_cover=rules.is_cover(st, t.hex), trapped=fr["trapped"],
                  attack_extra=effects.attack_extra_symbols(st, a, supports),
                  defence_extra=effects.defence_extra_symbols(st, t))


def _fail(ctx: Ctx, fr: JSON) -> None:
    ctx.emit("AttackFailed", fighter=fr["attacker"], target=fr["target"], why="target not in range or not visible")
    fr["result"] = fr["result"] or "miss"
    fr["stage"] = "end"


def _run(ctx: Ctx, fr: JSON) -> bool:
    st = ctx.st
    a, t = st.fighter(fr["attacker"]), st.fighter(fr["target"])
    stage = fr["stage"]
    wctx = {"attacker": a.id, "target": t.id, "attacker_seat": a.seat, "attack": fr["profile"]["name"]}
    if stage == "declare":
        ctx.emit("AttackDeclared", fighter=a.id, name=a.name, attack=fr["profile"]["name"], target=t.id,
                 target_name=t.name, scything=fr["rest"] or None)
        fr["stage"] = "roll_attack"
        open_window(ctx, ["attack_declared"], wctx)
        return True
    if stage in ("roll_attack", "roll_defence", "determine", "damage") and not _valid(st, fr):
        _fail(ctx, fr)
        return True
    if stage == "roll_attack":
        dice = fr["profile"]["dice"] + effects.extra_attack_dice(st, a, t)  # cards counting the target (Careful Aim)
        fr["roll"] = roll(ctx.rng, attack_die(_combat_inputs(st, fr)), dice)
        ctx.emit("AttackRolled", fighter=a.id, dice=fr["roll"])
        # §16.2: a staggered target lets the attacker re-roll one attack die; cards may add re-rolls.
        fr["rerolls"] = (1 if t.stagger else 0) + effects.extra_attack_rerolls(st, a, t)
        fr["stage"] = "reroll"
        return True
    if stage == "reroll":
        if not _valid(st, fr):  # taken out (or away) while the re-rolls waited: a referee action or its reactions
            _fail(ctx, fr)
            return True
        if fr["rerolls"] > 0 and len(fr["rerolled"]) < len(fr["roll"]):
            return False
        fr["stage"] = "backlash"
        fr["roll_successes"] = count_attack(fr["roll"], _combat_inputs(st, fr)).successes  # for "after you roll"
        open_window(ctx, ["attack_roll"], wctx)
        return True
    if stage == "backlash":
        fr["stage"] = "roll_defence"
        # §19.7, §22.2: 2+ crits in a spell attack's roll deal the wizard 1 damage; if that takes it out of
        # action, the attack fails (at the next step the attacker is no longer on the battlefield).
        if fr["profile"].get("spell") and backlash(fr["roll"]):
            ctx.emit("Backlash", fighter=a.id, name=a.name, dice=fr["roll"])
            deal_damage(ctx, a, 1, {"kind": "backlash", "seat": a.seat, "fighter": a.id})
        return True
    if stage == "roll_defence":
        dice, _ = rules.defence(st, t)
        fr["defence"] = roll(ctx.rng, defence_die(), dice)
        ctx.emit("DefenceRolled", fighter=t.id, dice=fr["defence"])
        effects.on_defence_roll(st, t, fr["defence"])
        fr["stage"] = "determine"
        open_window(ctx, ["defence_roll"], wctx)
        return True
    if stage == "determine":
        fr["trapped"] = is_trapped(st, a, t, fr["profile"])
        inputs = _combat_inputs(st, fr)
        fr["supports"] = inputs.attack_supports  # "a supported Attack action" (Attacked Flank): when determined
        result = determine_successes(fr["roll"], fr["defence"], inputs)
        fr["result"] = result.outcome.value
        fr["succeeded"] = result.outcome.succeeded
        fr["successes"], fr["crits"] = result.attack.successes, result.attack.crits
        ctx.emit("AttackResolved", fighter=a.id, target=t.id, result=result.outcome.value,
                 attack_successes=result.attack.successes, attack_crits=result.attack.crits,
                 defence_successes=result.defence.successes, defence_crits=result.defence.crits,
                 trapped=fr["trapped"])
        fr["stage"] = "damage"
        open_window(ctx, ["successes", *([] if fr["succeeded"] else ["attack_failing"])], wctx)
        return True
    if stage == "damage":
        fr["stage"] = "drive_back"
        if fr["succeeded"]:
            outcome = Outcome(fr["result"])
            grievous = fr["profile"]["grievous"] if outcome is Outcome.CRITICAL_HIT else 0
            amount = effects.attack_damage(st, t, fr["profile"]["damage"] + grievous)
            if fr.get("damage_minus"):  # "-1 Damage ... to a minimum of 1" (Ultimate Resistor)
                amount = min(amount, max(1, amount - fr["damage_minus"]))
            st.step_log.setdefault("successful_attacks", []).append(a.id)
            inspired, profile_range = a.inspired, fr["profile"]["range"]
            if deal_damage(ctx, t, amount, {"kind": "attack", "seat": a.seat, "fighter": a.id, "range": profile_range}):
                st.step_log.setdefault("attack_hits", []).append(
                    {"attacker": a.id, "target": t.id, "seat": a.seat, "inspired": inspired, "range": profile_range})
        return True
    if stage == "drive_back":
        if drive_back_options(st, fr):
            return False
        fr["stage"] = "stagger"
        return True
    if stage == "stagger":
        fr["stage"] = "end"
        # §20 Stagger: a successful attack staggers the target before the "after attack" step.
        if fr["succeeded"] and fr["profile"]["stagger"] and t.on_battlefield:
            stagger(ctx, t, by=a.id)
        return True
    # end (§19.2 step 8)
    ctx.emit("AttackEnded", fighter=a.id, target=t.id, result=fr["result"])
    entry = {"attacker": a.id, "target": t.id, "result": fr["result"], "seat": a.seat,
             "range": fr["profile"]["range"], "turn": st.turns_taken, "succeeded": fr["succeeded"],
             "successes": fr.get("successes", 0), "crits": fr.get("crits", 0), "supports": fr.get("supports", 0),
             "scything": fr["profile"]["scything"], "source": fr["profile"].get("source")}
    st.step_log.setdefault("attacks", []).append(entry)
    st.phase_log.setdefault("attacks", []).append(dict(entry))
    note_action(st, a, "attack")
    pop(st, fr)
    effects.after_attack(ctx, fr)
    tags = ["action", "attack", *(["attack_failed"] if not fr["succeeded"] else [])]
    if fr["rest"]:
        nxt = st.find_fighter(fr["rest"][0])
        rest = fr["rest"][1:]
        if nxt is not None and nxt.on_battlefield and a.on_battlefield:
            push(st, "attack", attacker=a.id, seat=a.seat, target=nxt.id, profile=fr["profile"], stage="declare",
                 final=fr["activation_final"] and not rest, activation_final=fr["activation_final"], rest=rest,
                 superaction=True, roll=[], defence=[], rerolled=[], rerolls=0, result=None, trapped=False,
                 succeeded=False)
        open_window(ctx, tags, wctx)
        return True
    if fr["final"]:
        turn = next((x for x in reversed(st.stack) if x["kind"] == "turn"), None)
        if turn is not None:
            turn["after_tags"] = tags
            turn["after_ctx"] = {**turn.get("after_ctx", {}), **wctx, "succeeded": fr["succeeded"],
                                 **({"superaction": "scything"} if fr["superaction"] else {})}
    else:
        open_window(ctx, tags, wctx)
    return True


def _awaiting(st: State, fr: JSON) -> list[str]:
    if fr["stage"] in ("reroll", "drive_back"):
        return [fr["seat"]]
    return []


def _legal(st: State, fr: JSON, seat: str) -> list[JSON]:
    if fr["stage"] == "reroll":
        return [*({"type": "Reroll", "die": i} for i in range(len(fr["roll"])) if i not in fr["rerolled"]),
                {"type": "Pass"}]
    if fr["stage"] == "drive_back":
        return [*({"type": "DriveBack", "to": str(h)} for h in sorted(drive_back_options(st, fr))), {"type": "Pass"}]
    return []


def _act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    st = ctx.st
    if fr["stage"] == "reroll":
        if isinstance(action, Pass):
            fr["rerolls"] = 0
            return
        if not isinstance(action, Reroll):
            raise bad_action(action, "reroll")
        faces, done = reroll_one(ctx.rng, attack_die(_combat_inputs(st, fr)), fr["roll"], action.die,
                                 rerolled=frozenset(fr["rerolled"]))
        fr["roll"], fr["rerolled"] = list(faces), sorted(done)
        fr["rerolls"] -= 1
        ctx.emit("AttackDieRerolled", fighter=fr["attacker"], die=action.die, dice=fr["roll"])
        return
    if fr["stage"] == "drive_back":
        if isinstance(action, Pass):
            fr["stage"] = "stagger"
            ctx.emit("DriveBackDeclined", fighter=fr["attacker"], target=fr["target"])
            return
        if not isinstance(action, DriveBack):
            raise bad_action(action, "drive_back")
        options = drive_back_options(st, fr)
        if action.to not in options:
            raise IllegalAction("uw.attack.bad_drive_back", target=st.fighter(fr["target"]).name, hex=str(action.to))
        fr["stage"] = "stagger"
        t = st.fighter(fr["target"])
        if t.stagger:
            st.step_log.setdefault("staggered_driven_back", []).append(t.id)
        relocate(ctx, t, options[action.to], how="drive_back")
        open_window(ctx, ["driven_back"], {"attacker": fr["attacker"], "target": t.id})
        return
    raise bad_action(action, "attack")


frame("attack", run=_run, awaiting=_awaiting, legal=_legal, act=_act)
