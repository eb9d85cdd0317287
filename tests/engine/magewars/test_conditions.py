"""Mage Wars conditions (engine/magewars/conditions.py): removal costs, who can receive what, Upkeep, end of turn.

§ = shared/rules/magewars.md; "seed 001 l.N" = the Spanish rulebook text, line N; Codex.txt = the OCTGN module's
compiled codex (sIKE23/Mage-Wars scripts/scriptText/Codex.txt @ 1c671f10) for the expansions' conditions.
"""
from __future__ import annotations

import pytest

from engine.core.errors import InvalidInput
from engine.magewars import conditions, stats
from tests.engine.magewars.test_combat_setup import Scripted, creature_card, obj, state


@pytest.mark.parametrize(("name", "cost"), [("Burn", 2), ("Daze", 2), ("Stun", 4), ("Weak", 2), ("Cripple", 4),
                                            ("Rot", 2), ("Taunt", None), ("Slam", 3), ("Tainted", 3),
                                            ("Corrode", 2), ("Bleed", 2)])
def test_removal_costs_of_the_condition_markers(name, cost):
    """§12.1 (seed 001 l.1179-1209) and Codex.txt: the number in the grey circle of each marker."""
    assert conditions.remove_cost(name) == cost


def test_sleep_removal_cost_is_the_creatures_level():
    """§12.1, §22.21: Sleep's removal cost is N, the creature's level."""
    assert conditions.remove_cost("Sleep", level=3) == 3
    with pytest.raises(InvalidInput):
        conditions.remove_cost("Sleep")


def test_unknown_condition_has_no_removal_cost():
    """A marker with no rule here is refused by remove_cost (a referee settles it)."""
    with pytest.raises(InvalidInput) as e:
        conditions.remove_cost("Hiccups")
    assert e.value.code == "mw.condition.unknown"


def test_burn_deals_its_die_and_a_blank_puts_it_out():
    """§12.1 Burn, seed 001 l.1179-1181: each Upkeep one attack die per marker; 1 or 2 is direct damage, a blank
    removes that marker."""
    s = state(obj("bear", "Steelclaw Grizzly", conditions={"Burn": 2}))
    after, events = conditions.upkeep(s, "bear", Scripted("critical_2", "blank"))
    assert after["objects"]["bear"]["damage"] == 2 and after["objects"]["bear"]["conditions"] == {"Burn": 1}
    assert [e["face"] for e in events if e["type"] == "BurnRolled"] == ["critical_2", "blank"]


def test_burn_damage_is_direct_and_ignores_armor():
    """§10.9: Burn is direct damage; the Grizzly's armor 3 does not reduce it."""
    s = state(obj("bear", "Steelclaw Grizzly", conditions={"Burn": 1}))
    after, _ = conditions.upkeep(s, "bear", Scripted("normal_1"))
    assert after["objects"]["bear"]["damage"] == 1


def test_rot_deals_one_direct_damage_per_marker():
    """§12.1 Rot, §22.14: 1 direct damage per Rot marker each Upkeep."""
    after, _ = conditions.upkeep(state(obj("w", "Timber Wolf", conditions={"Rot": 2})), "w", Scripted())
    assert after["objects"]["w"]["damage"] == 2


def test_bleed_deals_one_direct_damage_per_marker():
    """Codex.txt Bleed: one direct damage each Upkeep."""
    after, _ = conditions.upkeep(state(obj("w", "Timber Wolf", conditions={"Bleed": 1})), "w", Scripted())
    assert after["objects"]["w"]["damage"] == 1


def test_regenerate_heals_in_upkeep_unicorn():
    """§10.11, seed 001 l.285: a Unicorn with Regenerate 2 heals 2 damage each Upkeep."""
    after, _ = conditions.upkeep(state(obj("u", "Highland Unicorn", damage=5)), "u", Scripted())
    assert after["objects"]["u"]["damage"] == 3


def test_regenerate_does_not_stack_unicorn_gaining_regenerate_three():
    """Seed 001 l.285, §13: a Unicorn with Regenerate 2 that gains Regenerate 3 heals 3, not 5."""
    after, _ = conditions.upkeep(state(obj("u", "Highland Unicorn", damage=5, traits=["Regenerate 3"])), "u",
                                 Scripted())
    assert after["objects"]["u"]["damage"] == 2


def test_unicorn_may_regenerate_before_burning():
    """Seed 001 l.275, §4: the controller orders Upkeep effects; regenerating first can save a creature."""
    s = state(obj("u", "Highland Unicorn", damage=8, conditions={"Burn": 1}))
    after, _ = conditions.upkeep(s, "u", Scripted("normal_2"))
    assert not after["objects"]["u"].get("destroyed") and after["objects"]["u"]["damage"] == 8
    after, events = conditions.upkeep(s, "u", Scripted("normal_2"), regenerate_first=False)
    assert after["objects"]["u"]["destroyed"] and events[-1]["type"] == "ObjectDestroyed"


def test_stun_and_daze_leave_at_the_end_of_the_creatures_turn():
    """§12.1: all Stun and Daze markers are removed at the end of the creature's action turn."""
    s = state(obj("w", "Timber Wolf", conditions={"Stun": 2, "Daze": 1, "Weak": 1}))
    conditions.end_of_turn(s, "w", Scripted())
    assert s["objects"]["w"]["conditions"] == {"Weak": 1}


def test_cripple_removal_roll_needs_seven():
    """§12.1 Cripple, §22.16, seed 001 l.1201: a removal roll at the end of each turn, 7 or more removes it."""
    s = state(obj("w", "Timber Wolf", conditions={"Cripple": 2}))
    events = conditions.end_of_turn(s, "w", Scripted(6, 7))
    assert s["objects"]["w"]["conditions"] == {"Cripple": 1}
    assert [(e["roll"], e["removed"]) for e in events if e["type"] == "RemovalRolled"] == [(6, False), (7, True)]


def test_crippled_creature_is_restrained_and_stunned_one_incapacitated():
    """§12.2: Cripple restrains, Stun and Sleep incapacitate."""
    assert conditions.restrained(obj("w", "x", conditions={"Cripple": 1}))
    assert conditions.incapacitated(obj("w", "x", conditions={"Sleep": 1}))
    assert not conditions.incapacitated(obj("w", "x", conditions={"Daze": 3}))


def test_conjurations_cannot_be_dazed_or_stunned():
    """§12.1: conjurations can't be dazed, stunned or crippled."""
    s = state(obj("c", "Mana Crystal", kind="conjuration"))
    events = conditions.add(s, "c", "Stun")
    assert events[0]["type"] == "ConditionRefused" and not s["objects"]["c"]["conditions"]


def test_burnproof_objects_cannot_burn():
    """§13 Burnproof: incorporeal objects are Burnproof and can't receive Burn."""
    cards = {"Spirit": creature_card("Spirit", life=5, traits=("Incorporeal",))}
    s = state(obj("sp", "Spirit"), cards=cards)
    assert conditions.add(s, "sp", "Burn")[0]["reason"] == "mw.condition.burnproof"


def test_nonliving_objects_are_immune_to_poison_conditions():
    """§9.5, §10.10: Nonliving objects have Poison Immunity: no Rot, Weak or Cripple."""
    cards = {"Golem": creature_card("Golem", life=10, traits=("Nonliving",))}
    s = state(obj("g", "Golem"), cards=cards)
    assert [conditions.add(s, "g", n)[0]["type"] for n in ("Rot", "Weak", "Cripple")] == ["ConditionRefused"] * 3


def test_uncontainable_creatures_cannot_be_restrained():
    """§12.2: Uncontainable creatures can't be Restrained (Cripple)."""
    cards = {"Ooze": creature_card("Ooze", life=6, traits=("Uncontainable",))}
    s = state(obj("o", "Ooze"), cards=cards)
    assert conditions.add(s, "o", "Cripple")[0]["reason"] == "mw.condition.uncontainable"


def test_incapacitated_creature_loses_its_guard():
    """§11, §12.2: an incapacitated creature can't guard and loses its marker."""
    s = state(obj("w", "Timber Wolf", guard=True))
    events = conditions.add(s, "w", "Stun")
    assert not s["objects"]["w"]["guard"] and events[-1]["type"] == "GuardRemoved"


def test_slam_becomes_daze_on_activation_and_daze_on_an_unmovable_creature():
    """Codex.txt Slam: incapacitated until activated, then Daze; an Unmovable creature is Dazed instead."""
    s = state(obj("w", "Timber Wolf"), obj("c", "Darkfenne Hydra", traits=["Unmovable"]))
    conditions.add(s, "w", "Slam")
    assert conditions.incapacitated(s["objects"]["w"])
    conditions.on_activate(s, "w")
    assert s["objects"]["w"]["conditions"] == {"Daze": 1}
    conditions.add(s, "c", "Slam")
    assert s["objects"]["c"]["conditions"] == {"Daze": 1}


def test_corrode_lowers_armor_and_extra_markers_become_acid_damage():
    """Codex.txt Corrode: Armor −1 per marker, never below 0; markers beyond deal 1 direct acid damage each."""
    s = state(obj("k", "Knight of Westlock"))
    conditions.add(s, "k", "Corrode", 2)
    assert stats.armor(s, "k") == 1
    conditions.add(s, "k", "Corrode", 3)
    assert stats.armor(s, "k") == 0 and s["objects"]["k"]["conditions"]["Corrode"] == 3
    assert s["objects"]["k"]["damage"] == 2


def test_tainted_counts_as_three_damage_that_does_not_heal():
    """Codex.txt Tainted: each marker counts as 3 damage toward destruction; healing does not remove it."""
    s = state(obj("w", "Timber Wolf", damage=1, conditions={"Tainted": 1}))
    assert stats.damage(s["objects"]["w"]) == 4
    from engine.magewars import combat
    after, _ = combat.heal(s, "w", 5)
    assert stats.damage(after["objects"]["w"]) == 3


def test_disable_loses_one_marker_each_reset():
    """Codex.txt Disable: each Reset removes one Disable marker."""
    o = obj("wand", "Wand of Healing", kind="equipment", conditions={"Disable": 2})
    conditions.reset(o)
    assert o["conditions"] == {"Disable": 1}


def test_markers_stack():
    """§12: conditions stack; two Weak markers are two."""
    s = state(obj("w", "Timber Wolf"))
    conditions.add(s, "w", "Weak")
    conditions.add(s, "w", "Weak")
    assert conditions.count(s["objects"]["w"], "Weak") == 2
