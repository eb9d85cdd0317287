"""The rulebook's worked examples, replayed on the engine.

The pictures are lost (digest §35 "All diagrams"); only the example texts survive in the Spanish rulebook
(seed 000). Each position here is a reconstruction that satisfies every sentence of its example; the
reconstructions are recorded in ``docs/rulings/underworlds.md`` ("Worked examples").
"""
from __future__ import annotations

import pytest

from engine.underworlds import rules
from engine.underworlds.activation import move_paths
from engine.underworlds.cards import SpellCard, load_cards
from engine.underworlds.hexgrid import Hex
from engine.underworlds.system import load
from tests.engine.underworlds.scenario import P1, P2, FixedRng, act, atk, dfn, fighter, legal, mag, scenario

# -- support: fighters A-E (digest §19.5; seed 000 lines 874-889) ------------------------------------------------

# Fighters A and B are one warband (Steelheart's Champions); C, D and E the other (Garrek's Reavers,
# E is Karsus, whose Range 2 attack lets E and B fight without being adjacent).
A, B = "player2:obryn-the-bold", "player2:severin-steelheart"
C, D, E = "player1:targor", "player1:garrek-gorebeard", "player1:karsus-the-chained"
SUPPORT_POSITION = {A: "d3", B: "e4", C: "e5", D: "d4", E: "d5"}


def supports(state: dict, attacker: str, target: str) -> tuple[int, int]:
    """(attacker's supports, target's supports) as the combat sequence counts them (§19.5)."""
    st = load(state)
    a, t = st.fighter(attacker), st.fighter(target)
    assert a.hex is not None and t.hex is not None
    return rules.supports(st, a.seat, t.hex, a.id), rules.supports(st, t.seat, a.hex, t.id)


@pytest.mark.parametrize("attacker,target", [(A, D), (D, A)])
def test_support_example_a_and_d_a_has_one_support(attacker, target):
    """§19.5, seed 000 l.887: if A attacked D, or D attacked A, A would have one support (B)."""
    s = scenario(SUPPORT_POSITION)
    got = dict(zip((attacker, target), supports(s, attacker, target)))
    assert got == {A: 1, D: 0}


@pytest.mark.parametrize("attacker,target", [(B, D), (D, B)])
def test_support_example_b_and_d_each_have_one_support(attacker, target):
    """§19.5, seed 000 l.888: B against D, either way: each has one support (A supports B, C supports D)."""
    assert supports(scenario(SUPPORT_POSITION), attacker, target) == (1, 1)


@pytest.mark.parametrize("attacker,target", [(E, B), (B, E)])
def test_support_example_e_and_b_e_has_two_supports(attacker, target):
    """§19.5, seed 000 l.889: E against B, either way: E has two supports (C and D)."""
    s = scenario(SUPPORT_POSITION)
    got = dict(zip((attacker, target), supports(s, attacker, target)))
    assert got == {E: 2, B: 0}


def test_support_example_e_attacking_b_counts_both_support_symbols():
    """§19.5: with two supports, single- and double-support results are successes in E's attack roll."""
    s = scenario(SUPPORT_POSITION)
    s, ev = act(s, P1, {"type": "Attack", "fighter": E, "attack": 0, "target": B},
                FixedRng(atk("single_support", "double_support", "hammer") + dfn("dodge")))
    resolved = next(e for e in ev if e["type"] == "AttackResolved")
    assert resolved["attack_successes"] == 2 and resolved["result"] == "hit"


def test_support_example_a_attacking_d_counts_only_single_support():
    """§19.5: with one support, only single-support results are successes (A against D). D is also trapped
    here (B, C and E fill the three hexes behind it, §19.4), which adds one success to the single support."""
    s = scenario(SUPPORT_POSITION, active=P2)
    s, ev = act(s, P2, {"type": "Attack", "fighter": A, "attack": 0, "target": D},
                FixedRng(atk("single_support", "double_support") + dfn("dodge")))
    resolved = next(e for e in ev if e["type"] == "AttackResolved")
    assert resolved["trapped"] and resolved["attack_successes"] == 1 + 1


# -- the Move diagram (digest §15; seed 000 line 729) ----------------------------------------------------------------

# Fighter A stands in d3; blocked hexes e3, e4, d4 and c4 (feature tokens, blocked side up).
# Hex A = b3 (two hexes west, open ground), hex B = f3 (two hexes east, behind e3),
# hex C = d5 (two hexes south, behind the wall c4-d4-e4).
MOVER = "player1:garrek-gorebeard"
WALLS = {"blocked-1": ("e3", "blocked"), "blocked-2": ("e4", "blocked"), "blocked-3": ("d4", "blocked"),
         "blocked-4": ("c4", "blocked")}


@pytest.mark.parametrize("hex_,move_needed", [("b3", 2), ("f3", 3), ("d5", 4)])
def test_move_diagram_hexes_a_b_c_need_move_2_3_4(hex_, move_needed):
    """§15, seed 000 l.729: fighter A needs Move 2 to reach hex A, Move 3 for B and Move 4 for C."""
    st = load(scenario({MOVER: "d3"}, tokens=WALLS))
    f = st.fighter(MOVER)
    target = Hex.parse(hex_)
    assert f.hex is not None and f.hex.distance(target) == 2  # all three are two hexes away as the crow flies
    assert target not in move_paths(st, f, move_needed - 1)
    assert target in move_paths(st, f, move_needed)
    assert len(move_paths(st, f, move_needed)[target]) == move_needed


# -- drive back and Knockback diagrams (digest §19.3, §20; seed 000 lines 870, 1037) ---------------------------------

TARGOR, OBRYN, GARREK = "player1:targor", "player2:obryn-the-bold", "player1:garrek-gorebeard"


def test_drive_back_diagram_three_hexes_away_from_the_attacker():
    """§19.3, seed 000 l.870: when A drives B back it may push B into one of the three hexes labelled A
    (the far side of B). Reconstruction: A in d4, B in d5 below it, open ground around."""
    s = scenario({TARGOR: "d4", OBRYN: "d5"})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "hammer") + dfn("dodge")))
    assert sorted(a["to"] for a in legal(s, P1) if a["type"] == "DriveBack") == ["c5", "c6", "d6"]


def test_knockback_diagram_three_hexes_then_one_more_in_the_same_direction():
    """§20 Rechazar, seed 000 l.1037: fighter 1 hits fighter 2 with Knockback 1: three drive-back hexes, and
    arrows continuing each one hex further in the same direction. Reconstruction: Obryn (Knockback 1) in d4,
    Garrek in d5."""
    s = scenario({OBRYN: "d4", GARREK: "d5"}, active=P2)
    s, _ = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": GARREK},
               FixedRng(atk("hammer", "hammer") + dfn("block")))
    options = sorted(a["to"] for a in legal(s, P2) if a["type"] == "DriveBack")
    assert options == ["b5", "c5", "c6", "c7", "d6", "e7"]  # c5 -> b5, c6 -> c7, d6 -> e7
    d5 = Hex.parse("d5")
    for first, second in (("c5", "b5"), ("c6", "c7"), ("d6", "e7")):
        direction = d5.direction_to(Hex.parse(first))
        assert direction is not None and Hex.parse(first).neighbour(direction) == Hex.parse(second)
    s, ev = act(s, P2, {"type": "DriveBack", "to": "e7"})
    assert fighter(s, GARREK)["hex"] == "e7"


# -- the two-dice spell example (digest §22.2; seed 000 line 1117) ----------------------------------------------------

SPELL = "test-spell-two-channels"


@pytest.fixture
def wizard_and_spell(monkeypatch):
    """No shipped warband has a wizard and no shipped deck a gambit spell: Garrek becomes a level-2 wizard
    and player1 holds a Gambit spell (channel channel)."""
    base = load_cards()["48013"].model_dump()
    base.update(type="spell", id=SPELL, name="Test Spell", difficulty=("channel", "channel"))
    monkeypatch.setitem(load_cards(), SPELL, SpellCard.model_validate(base))
    real = rules.wizard_level
    monkeypatch.setattr(rules, "wizard_level", lambda st, f: 2 if f.card == "garrek-gorebeard" else real(st, f))
    return scenario({GARREK: "c3", OBRYN: "f8"}, hands={P1: [SPELL]}, stage="power")


@pytest.mark.parametrize("faces,cast", [
    (("channel", "channel"), True), (("channel", "critical"), True), (("critical", "critical"), True),
    (("channel", "focus"), False), (("focus", "focus"), False), (("focus", "critical"), False),
])
def test_spell_example_level_two_wizard_casts_channel_channel(wizard_and_spell, faces, cast):
    """§22.2, seed 000 l.1117: a level-2 wizard casting (S S) rolls two magic dice; SS, S+crit and crit+crit
    cast it, anything else fails."""
    s, ev = act(wizard_and_spell, P1, {"type": "CastSpell", "card": SPELL, "wizard": GARREK}, FixedRng(mag(*faces)))
    rolled = next(e for e in ev if e["type"] == "SpellCastRolled")
    assert len(rolled["dice"]) == 2
    assert any(e["type"] == ("SpellCast" if cast else "SpellFailed") for e in ev)
    assert fighter(s, GARREK)["wounds"] == (1 if faces == ("critical", "critical") else 0)  # backlash


def test_spell_example_crit_crit_fails_if_the_backlash_takes_the_wizard_out(wizard_and_spell):
    """§22.2 step 2, seed 000 l.1117: crit+crit casts only if the wizard survives the backlash."""
    s = load(wizard_and_spell)
    s.fighter(GARREK).wounds = 3  # Wounds 4: the backlash takes Garrek out of action
    from engine.underworlds.system import dump
    s, ev = act(dump(s), P1, {"type": "CastSpell", "card": SPELL, "wizard": GARREK},
                FixedRng(mag("critical", "critical")))
    assert fighter(s, GARREK)["out_of_action"]
    assert any(e["type"] == "SpellFailed" for e in ev) and not any(e["type"] == "SpellCast" for e in ev)
