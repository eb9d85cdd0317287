"""Spell attack actions (digest §19.7, §22.1; seed 000 lines 1100-1117).

No shipped warband has a wizard, so these tests use a scenario warband: Steelheart's Champions with Severin a
level-1 wizard carrying a spell attack (``AttackAction.spell``).
"""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.underworlds import rules
from engine.underworlds.fighters import AttackAction, Warband, load_warbands
from engine.underworlds.system import load
from tests.engine.underworlds.scenario import P2, FixedRng, act, dfn, fighter, mag, scenario

TARGOR = "player1:targor"
SEVERIN, OBRYN = "player2:severin-steelheart", "player2:obryn-the-bold"
BOLT = {"name": "Test Bolt", "range": 3, "dice": 2, "symbol": "channel", "damage": 1, "spell": True}
"""The scenario spell attack: Range 3, 2 channel (magic dice), Damage 1."""


@pytest.fixture
def wizards(monkeypatch):
    """A scenario warband: Steelheart's Champions, Severin a level-1 wizard with a spell attack (index 1)."""
    data = load_warbands()["steelhearts-champions"].model_dump(mode="json")
    data["id"] = "test-spellcasters"
    for f in data["fighters"]:
        if f["id"] == "severin-steelheart":
            f["wizard_level"] = 1
            for side in ("uninspired", "inspired"):
                f[side]["attacks"].append(BOLT)
    monkeypatch.setitem(load_warbands(), "test-spellcasters", Warband.model_validate(data))
    return {"warbands": ("garreks-reavers", "test-spellcasters"), "active": P2}


def bolt(state, faces, defence=("block",)):
    """Severin's spell attack on Targor (Defence dodge: a block is no success)."""
    return act(state, P2, {"type": "Attack", "fighter": SEVERIN, "attack": 1, "target": TARGOR},
               FixedRng(mag(*faces) + dfn(*defence)))


def test_spell_attack_is_listed_for_a_wizard_with_its_magic_symbol(wizards):
    """§19.7: a spell attack's successes are crits and its channel/focus symbol; it is marked as a spell."""
    st = load(scenario({SEVERIN: "c6", TARGOR: "c3"}, **wizards))
    spell = rules.attacks(st, st.fighter(SEVERIN))[1]
    assert (spell["name"], spell["symbol"], spell["spell"]) == ("Test Bolt", "channel", True)


def test_spell_attack_rolls_magic_dice_and_counts_its_symbol(wizards):
    """§19.2 step 2: a spell attack rolls magic dice; channel succeeds, focus does not (the Dice symbol is channel)."""
    s, ev = bolt(scenario({SEVERIN: "c6", TARGOR: "c3"}, **wizards), ("channel", "focus"))
    rolled = next(e for e in ev if e["type"] == "AttackRolled")["dice"]
    assert rolled == ["channel", "focus"]
    resolved = next(e for e in ev if e["type"] == "AttackResolved")
    assert resolved["attack_successes"] == 1 and resolved["result"] == "hit"
    assert fighter(s, TARGOR)["wounds"] == 1


def test_spell_attacker_is_never_supported(wizards):
    """§19.5: an attacker making a spell attack cannot be supported (Obryn next to the target adds nothing)."""
    from engine.underworlds.combat import _combat_inputs
    from engine.underworlds.dice import attack_success_symbols
    st = load(scenario({SEVERIN: "c6", OBRYN: "c4", TARGOR: "c3"}, **wizards))
    profile = rules.attacks(st, st.fighter(SEVERIN))[1]
    combat = _combat_inputs(st, {"attacker": SEVERIN, "target": TARGOR, "profile": profile, "trapped": False})
    assert combat.spell and combat.attack_supports == 1
    assert {s.value for s in attack_success_symbols(combat)} == {"channel"}


def test_spell_attack_two_crits_backlash_deals_the_wizard_one_damage(wizards):
    """§19.7: 2+ crits in a spell attack's roll: the wizard suffers backlash (1 damage); the attack goes on."""
    s, ev = bolt(scenario({SEVERIN: "c6", TARGOR: "c3"}, **wizards), ("critical", "critical"))
    assert "Backlash" in [e["type"] for e in ev]
    assert fighter(s, SEVERIN)["wounds"] == 1
    assert next(e for e in ev if e["type"] == "AttackResolved")["result"] == "critical_hit"
    assert fighter(s, TARGOR)["wounds"] == 1


def test_spell_attack_fails_if_the_backlash_takes_the_wizard_out_of_action(wizards):
    """§19.7: if the backlash takes the wizard out of action, the spell attack fails."""
    s = scenario({SEVERIN: "c6", TARGOR: "c3"}, wounds={SEVERIN: 3}, **wizards)  # Wounds 4
    s, ev = bolt(s, ("critical", "critical"), defence=())
    types = [e["type"] for e in ev]
    assert fighter(s, SEVERIN)["out_of_action"] and "AttackFailed" in types and "AttackResolved" not in types
    assert fighter(s, TARGOR)["wounds"] == 0


def test_spell_attack_one_crit_no_backlash(wizards):
    """§22.2 step 2: one crit is no backlash."""
    s, ev = bolt(scenario({SEVERIN: "c6", TARGOR: "c3"}, **wizards), ("critical", "channel"))
    assert "Backlash" not in [e["type"] for e in ev] and fighter(s, SEVERIN)["wounds"] == 0


def test_fighter_that_is_not_a_wizard_cannot_make_a_spell_attack(wizards, monkeypatch):
    """§22.1 (glossary): only wizards can use spell attack actions."""
    st = load(scenario({SEVERIN: "c6", TARGOR: "c3"}, **wizards))
    monkeypatch.setattr(rules, "wizard_level", lambda st, f: 0)
    assert [a["name"] for a in rules.attacks(st, st.fighter(SEVERIN)) if a["spell"]] == []


@pytest.mark.parametrize("symbol,spell", [("hammer", True), ("channel", False)])
def test_attack_action_symbol_must_agree_with_the_spell_flag(symbol, spell):
    """A spell attack's symbol is channel or focus, and no other attack's is (data validation)."""
    with pytest.raises(ValidationError):
        AttackAction(name="x", range=1, dice=1, symbol=symbol, damage=1, spell=spell)


def test_shipped_warbands_have_no_spell_attacks():
    """No shipped warband has a wizard (wizard level 0 or unknown), so none has a spell attack."""
    for warband in load_warbands().values():
        for f in warband.fighters:
            for side in (f.uninspired, f.inspired):
                assert side is None or not any(a.spell for a in side.attacks or ())
