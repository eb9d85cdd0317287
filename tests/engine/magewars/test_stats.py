"""Mage Wars object stats now (engine/magewars/stats.py): printed + attachments + conditions.

§ = shared/rules/magewars.md; "seed 001 l.N" = the Spanish rulebook text, line N.
"""
from __future__ import annotations

import pytest

from engine.core.errors import InvalidInput
from engine.magewars import stats
from tests.engine.magewars.test_combat_setup import attached, creature_card, obj, state


def test_printed_stats_brogan():
    """§20.2, card data: Brogan Bloodstone has armor 4, life 11, Lightning +2, a 4-die Vorpal Blade, Piercing +3."""
    s = state(obj("b", "Brogan Bloodstone"))
    assert (stats.armor(s, "b"), stats.life(s, "b")) == (4, 11)
    assert stats.traits(s, "b").value("Lightning") == 2
    blade = stats.attacks(s, "b")[0]
    assert blade["dice"] == 4 and {"trait": "Piercing", "value": 3} in blade["traits"]


def test_bear_strength_gives_melee_plus_two():
    """§20.2, seed 001 l.885: Bear Strength gives Melee +2 (Brogan rolls 6)."""
    s = state(obj("b", "Brogan Bloodstone"), attached("bs", "Bear Strength", "b"))
    assert stats.traits(s, "b").value("Melee") == 2


def test_rhino_hide_adds_armor():
    """§20.2 Rhino Hide: revealed, it raises armor (Armor +2 in the card data)."""
    s = state(obj("w", "Timber Wolf"), attached("rh", "Rhino Hide", "w"))
    base = stats.armor(state(obj("w", "Timber Wolf")), "w")
    assert stats.armor(s, "w") == base + 2


def test_hidden_enchantment_has_no_effect():
    """§9.7: a hidden enchantment has no effect at all until it is revealed."""
    s = state(obj("w", "Timber Wolf"), attached("rh", "Rhino Hide", "w", face_down=True))
    assert stats.armor(s, "w") == stats.armor(state(obj("w", "Timber Wolf")), "w")


def test_cobra_reflexes_grants_a_one_per_round_defense():
    """§20.2, seed 001 l.915: Cobra Reflexes gives a 1x defense (7+ in the card data)."""
    s = state(obj("b", "Brogan Bloodstone"), attached("c", "Cobra Reflexes", "b"))
    assert [(d["threshold"], d["uses"]) for d in stats.defenses(s, "b")] == [(7, 1)]


def test_unlimited_defense_sosruko():
    """§10.4: an ∞ defense has no per-round limit (Sosruko, 5+ ∞)."""
    s = state(obj("s", "Sosruko, Ferret Companion"))
    assert stats.defenses(s, "s")[0]["uses"] is None


def test_a_mage_reads_its_stats_card():
    """§14: a mage's life and armor are on its ability card (the data's "Wizard Stats": life 32)."""
    s = state(obj("wiz", "Wizard", kind="mage"))
    assert stats.life(s, "wiz") == 32 and stats.level(s, "wiz") == 6
    assert any(a["name"] == "Basic Melee Attack" and a["dice"] == 3 for a in stats.attacks(s, "wiz"))


def test_guarding_or_restrained_flyer_loses_flying():
    """§7.4, §12.2: a guarding, incapacitated or restrained flyer loses Flying."""
    assert stats.traits(state(obj("s", "Samandriel, Angel of Light")), "s").has("Flying")
    assert not stats.traits(state(obj("s", "Samandriel, Angel of Light", guard=True)), "s").has("Flying")
    assert not stats.traits(state(obj("s", "Samandriel, Angel of Light", conditions={"Cripple": 1})), "s").has("Flying")


def test_incorporeal_never_has_armor():
    """§9.5: incorporeal objects never have armor, even with Armor +X."""
    s = state(obj("w", "Wall of Fire", kind="conjuration", traits=["Armor +2"]))
    assert stats.armor(s, "w") == 0


def test_life_changes_are_not_damage():
    """§9.5 Life ±X, §14 (Bloodreaper): life changes move maximum life, not damage."""
    s = state(obj("w", "Warlock", kind="mage", counters={"life_lost": 4, "life_gained": 1}, damage=2))
    assert stats.life(s, "w") == 38 - 4 + 1 and stats.remaining_life(s, "w") == 33


def test_guard_gives_counterstrike_to_quick_melee_only():
    """§11: a guard's quick melee attacks gain Counterstrike; full ones don't."""
    s = state(obj("bear", "Steelclaw Grizzly", guard=True))
    flags = {(a["action"], a["counterstrike"]) for a in stats.attacks(s, "bear")}
    assert ("quick", True) in flags and all(cs is False for action, cs in flags if action == "full")


def test_retaliate_grants_counterstrike():
    """§10.8, §20.2 Retaliate: its [Counterstrike] mark gives quick melee attacks Counterstrike."""
    s = state(obj("w", "Timber Wolf"), attached("r", "Retaliate", "w"))
    assert stats.attacks(s, "w")[0]["counterstrike"]


def test_equipment_attack_bars_are_the_mages_and_disable_takes_them_away():
    """§9.8: a weapon's attack bar is a new attack option for the mage; Codex.txt Disable: a disabled item loses
    its attack bars."""
    armed = state(obj("war", "Warlock", kind="mage"), attached("hs", "Hellstar", "war", kind="equipment"))
    assert [a["name"] for a in stats.attacks(armed, "war")][-1] == "Flaming Spiked Ball"
    armed["objects"]["hs"]["conditions"] = {"Disable": 1}
    assert "Flaming Spiked Ball" not in [a["name"] for a in stats.attacks(armed, "war")]


def test_unknown_card_is_refused():
    """An object naming no known card is an input error, with a message key."""
    with pytest.raises(InvalidInput) as e:
        stats.armor(state(obj("x", "No Such Card")), "x")
    assert e.value.code == "mw.combat.unknown_card"


def test_the_match_cards_win_over_the_library():
    """A match's own cards (a pack's, ``state["cards"]``) replace the library's card of that name."""
    mine = {"Timber Wolf": {"name": "Timber Wolf", "type": "Creature", "stats": {"armor": 9, "life": 1}}}
    assert stats.armor(state(obj("w", "Timber Wolf"), cards=mine), "w") == 9


def test_the_match_cards_may_be_in_the_pack_shape_or_the_duel_engines():
    """``state["cards"]`` holds the pack's shape (a pack, these tests' ``creature_card``) or the OCTGN shape the duel
    engine writes for its mages and built-in attacks (system.py, movement.py); both read the same."""
    octgn = {"name": "Golem", "type": "Creature", "subtypes": ["Construct"], "levels": [3], "traits": ["Nonliving"],
             "text": "", "stats": {"armor": 2, "life": 12, "defense": "7+ 1x"},
             "attacks": [{"name": "Golem attack", "action": "Full", "range_type": "Melee", "range": [0, 0],
                          "damage_type": "Lightning", "dice": 5, "effect_table": None,
                          "traits": [{"trait": "Piercing", "value": 1}], "notes": []}]}
    pack = creature_card("Golem", life=12, armor=2, dice=5, traits=("Nonliving",), action="Full",
                         damage_type="Lightning", attack_traits=({"trait": "Piercing", "value": 1},),
                         defense="7+ 1x", subtypes=("Construct",))
    pack["schools"] = [{"school": "unknown", "level": 3}]
    a, b = (state(obj("g", "Golem"), cards={"Golem": c}) for c in (octgn, pack))
    assert stats.summary(a, "g") == stats.summary(b, "g")
    for s in (a, b):
        assert (stats.level(s, "g"), stats.subtypes(s, "g")) == (3, ["Construct"])
    bar = stats.attacks(a, "g")[0]
    assert (bar["action"], bar["damage_type"], bar["dice"]) == ("full", "Lightning", 5)
    assert [(d["threshold"], d["uses"]) for d in stats.defenses(a, "g")] == [(7, 1)]


def test_a_crossed_armor_icon_keeps_armor_at_zero():
    """§13: a printed "-" armor (the shipped data's trait ``Armor -``) never has armor, even with Armor +X; Ser
    Rikvald is not incorporeal."""
    assert "Armor -" in stats.traits(state(obj("r", "Ser Rikvald, the Tireless Guardian")), "r").names()
    assert stats.armor(state(obj("r", "Ser Rikvald, the Tireless Guardian", traits=["Armor +2"])), "r") == 0


def test_walls_and_or_schools():
    """The shipped data gives walls the subtype Wall (§9.6); an "or" spell's level is the one shown, not a sum (§15:
    Darkfenne Rat, Nature 1 or Dark 1)."""
    assert "Wall" in stats.subtypes(state(obj("w", "Wall of Fire", kind="conjuration")), "w")
    assert stats.level(state(obj("r", "Darkfenne Rat")), "r") == 1


def test_library_mages():
    """§14: a mage with no card of the match reads the shipped stats card: the Beastmaster's Melee +1, the Wizard's
    Arcane Zap before the basic melee attack (the data's order); the Monk's Straight Punch is its melee attack."""
    assert stats.traits(state(obj("bm", "Beastmaster", kind="mage")), "bm").value("Melee") == 1
    bars = stats.attacks(state(obj("wiz", "Wizard", kind="mage")), "wiz")
    assert [(b["name"], b["spell"]) for b in bars] == [("Arcane Zap", True), ("Basic Melee Attack", False)]
    assert [b["name"] for b in stats.attacks(state(obj("m", "Monk", kind="mage")), "m")] == ["Straight Punch"]


def test_a_printed_bar_registered_back_in_the_octgn_shape_reads_the_same():
    """movement.object_attack copies a wall's printed bar (read with :func:`stats.card`) into ``state["cards"]`` as
    an attack spell in the OCTGN shape (§9.6 Passage Attack); its dice, type, effects and traits survive."""
    s = state(obj("w", "Wall of Fire", kind="conjuration"))
    raw = stats.card(s, "Wall of Fire")["attacks"][0]
    s["cards"] = {"Fire: Searing Flames": {
        "name": "Fire: Searing Flames", "type": "Attack", "action": "Quick", "range": [0, 0], "schools": [],
        "levels": [], "traits": [], "subtypes": [], "stats": {},
        "attacks": [{**raw, "action": "Quick", "range_type": "Ranged", "range": [0, 0]}]}}
    bar = stats.spell_attack(s, "Fire: Searing Flames")
    assert (bar["action"], bar["range_type"], bar["range"], bar["dice"], bar["damage_type"]) == (
        "quick", "ranged", [0, 0], 5, "Flame")
    assert {"trait": "Unavoidable"} in bar["traits"] and [r["min"] for r in bar["effect_table"]] == [5, 10]
