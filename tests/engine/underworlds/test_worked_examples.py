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
from tests.engine.underworlds.scenario import (
    P1, P2, FixedRng, act, atk, dfn, fighter, legal, mag, scenario, top, types,
)

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
    """§22.2, seed 000 l.1117, 1093 (1093: the notation "Hechizo gambito (☞☞)"): a level-2 wizard casting (S S) rolls
    two magic dice; SS, S+crit and crit+crit cast it, anything else fails."""
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


# == The other examples of seed 000, in the order of the book (issue #19 item 3) =======================================
# Each docstring names the seed line of its example; ``test_every_example_of_both_seeds_is_a_test`` checks the list.

SEVERIN, ARNULF, SAEK = "player2:severin-steelheart", "player1:arnulf", "player1:blooded-saek"
KARSUS = "player1:karsus-the-chained"


def test_example_cannot_wins_a_fighter_that_cannot_be_driven_back_ignores_knockback():
    """§4, seed 000 l.332: "si un guerrero tiene una regla que indica que no puede ser empujado, otra carta que te
    permita empujar a un guerrero no funcionará con él". Garrek holds Latching On (46029: cannot be driven back);
    Obryn's hit with Knockback 1 (a rule that pushes further) offers no drive back at all."""
    s = scenario({OBRYN: "d4", GARREK: "d5"}, active=P2, upgrades={GARREK: ["46029"]})
    s, ev = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": GARREK},
                FixedRng(atk("hammer", "hammer") + dfn("block")))
    assert not [a for a in legal(s, P2) if a["type"] == "DriveBack"]
    assert fighter(s, GARREK)["hex"] == "d5" and fighter(s, GARREK)["wounds"] == 3


def _sudden_swap(fighters: dict[str, str]) -> dict:
    from engine.underworlds.system import dump
    st = load(scenario(fighters, decks=("hungering-parasite-rivals", "hungering-parasite-rivals"), stage="power",
                       hands={P1: ["47018"]}))
    st.players[P1].bane.holder = TARGOR
    return dump(st)


def test_example_an_ability_that_needs_two_friendly_fighters_with_one_survivor_cannot_be_used():
    """§4, seed 000 l.344: "si una habilidad te insta a elegir dos guerreros amigos, y solo te queda un guerrero
    amigo superviviente, no puedes usar esa habilidad". Sudden Swap (47018: "Choose two friendly fighters") is
    offered with Targor and Saek on the battlefield, not with Targor alone."""
    plays = [a for a in legal(_sudden_swap({TARGOR: "c3", SAEK: "a1"}), P1) if a.get("card") == "47018"]
    assert plays
    alone = _sudden_swap({TARGOR: "c3", OBRYN: "f8"})
    assert not [a for a in legal(alone, P1) if a.get("card") == "47018"]


def test_example_an_edge_hex_that_is_lethal_is_both():
    """§8.2, seed 000 l.402: "un hexágono de borde que es un hexágono letal es a la vez hexágono letal y de borde".
    b11 on Ruptured Seal is on the outermost row and has a red border."""
    from engine.underworlds.battlefield import HexType
    st = load(scenario({}))
    b11 = Hex.parse("b11")
    assert {HexType.LETHAL, HexType.EDGE} <= rules.battlefield(st).types(b11)
    assert rules.is_lethal(st, b11)


def test_example_a_hex_that_becomes_lethal_under_a_fighter_deals_no_damage():
    """§8.2, seed 000 l.406: "algunas reglas pueden convertir en letal un hexágono. Si un guerrero está en un
    hexágono cuando se convierte en letal, no recibe daño de ese hexágono". Deadly Wards (48014) makes starting
    hexes lethal; Targor, standing on the starting hex b2, takes no damage."""
    s = scenario({TARGOR: "b2", OBRYN: "f8"}, stage="power", hands={P1: ["48014"]})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "48014"})
    assert rules.is_lethal(load(s), Hex.parse("b2"))
    assert fighter(s, TARGOR)["wounds"] == 0


def test_example_the_completed_hex_between_the_boards_is_no_ones_territory():
    """§8.3, seed 000 l.414: the hex completed by joining the boards "es territorio de nadie". Row 6 of the
    scenario battlefield is completed by the join: neither player's territory."""
    st = load(scenario({}))
    for hex_ in ("a6", "d6", "g6"):
        assert rules.battlefield(st).owner(Hex.parse(hex_)) is None and rules.territory_of(st, Hex.parse(hex_)) is None
    assert rules.territory_of(st, Hex.parse("d5")) == P1 and rules.territory_of(st, Hex.parse("d7")) == P2


@pytest.mark.parametrize("b,distance", [("d5", 1), ("d6", 2), ("d8", 4)])
def test_example_distances_diagram_b_within_one_two_four_hexes_of_a(b, distance):
    """§8.4, seed 000 l.422-430: B "está a un hexágono o menos de A ... adyacentes", at two hexes, at four hexes;
    a fighter is zero hexes from itself but not adjacent to itself; the count is the shortest, even through a
    blocked hex. Reconstruction: A in d4, B straight south; a blocked token in d5 changes no distance."""
    a, there = Hex.parse("d4"), Hex.parse(b)
    assert a.distance(there) == distance and a.is_adjacent(there) == (distance == 1)
    assert a.distance(a) == 0 and not a.is_adjacent(a)
    walled = load(scenario({TARGOR: "d4"}, tokens={"blocked-1": ("d5", "blocked")}))
    assert Hex.parse("d5") in rules.blocked(walled) and a.distance(there) == distance


def test_example_battlefields_long_edges_complete_four_hexes_short_edges_two():
    """§12.2, seed 000 l.477-479: the examples of battlefields: joined on their long edges the boards complete at
    least four hexes (the scenario battlefield completes row 6: seven); a short-edge join needs two."""
    from engine.underworlds.battlefield import Battlefield, BoardPlacement, BattlefieldSpec, Join, load_boards
    st = load(scenario({}))
    assert sum(1 for h in rules.battlefield(st) if rules.battlefield(st).owner(h) is None) >= 4
    spec = BattlefieldSpec(first=BoardPlacement(board="mirror-well"), second=BoardPlacement(board="ruptured-seal"),
                           join=Join(edge="short", offset=0))
    short = Battlefield.from_spec(spec, load_boards())
    assert sum(1 for h in short if short.owner(h) is None) >= 2


def test_example_two_re_roll_rules_re_roll_two_dice_never_one_twice():
    """§10.2, seed 000 l.500: with two rules that allow a re-roll, one die may be re-rolled for each, one at a time,
    never a die already re-rolled. Targor holds Careful Aim (47023: the target has two or more wound tokens) and
    attacks Obryn, who is staggered (§16.2): two re-rolls."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: ["47023"]}, wounds={OBRYN: 2}, stagger={OBRYN: 1})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("single_support", "double_support")))
    assert sorted(a["die"] for a in legal(s, P1) if a["type"] == "Reroll") == [0, 1]
    s, _ = act(s, P1, {"type": "Reroll", "die": 0}, FixedRng(atk("single_support")))
    assert [a["die"] for a in legal(s, P1) if a["type"] == "Reroll"] == [1]  # die 0 is never re-rolled again
    s, ev = act(s, P1, {"type": "Reroll", "die": 1}, FixedRng(atk("swords") + dfn("dodge")))
    assert not [a for a in legal(s, P1) if a["type"] == "Reroll"]
    assert any(e["type"] == "AttackResolved" for e in ev)


def test_example_a_driven_back_fighter_gets_no_move_marker():
    """§15, seed 000 l.739: a fighter whose position changes without a Move action ("por ejemplo, si es
    empujado") is given no Move marker."""
    s = scenario({TARGOR: "d4", OBRYN: "d5"})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "swords") + dfn("dodge")))
    s, _ = act(s, P1, {"type": "DriveBack", "to": "d6"})
    assert fighter(s, OBRYN)["hex"] == "d6" and fighter(s, OBRYN)["move"] == 0


def test_example_range_1_targets_only_enemies_one_hex_away():
    """§19.1, seed 000 l.784: "una acción de Ataque con Alcance 1 solo puede elegir como blanco a enemigos a 1
    hexágono de distancia". Targor's Range 1 attack reaches Obryn in c4, not Severin two hexes away in e3."""
    s = scenario({TARGOR: "c3", OBRYN: "c4", SEVERIN: "e3"})
    targets = {a["target"] for a in legal(s, P1) if a["type"] == "Attack" and a["fighter"] == TARGOR}
    assert targets == {OBRYN}


def test_example_line_of_sight_diagram_a_hexes_visible_b_hexes_hidden():
    """§8.5, seed 000 l.795-799: A sees every hex marked A, not the hexes marked B. Reconstruction: A in d3, one
    blocked token in d4 (south-east of A on this grid): the hexes in its shadow (e4, d5, e5, d6) are B, the open
    hexes around are A."""
    st = load(scenario({TARGOR: "d3"}, tokens={"blocked-1": ("d4", "blocked")}))
    a = Hex.parse("d3")
    for seen in ("c3", "e3", "c4", "b5", "c6", "f3"):
        assert rules.line_of_sight(st, a, Hex.parse(seen)), seen
    for hidden in ("e4", "d5", "e5", "d6"):
        assert not rules.line_of_sight(st, a, Hex.parse(hidden)), hidden


def test_example_a_range_2_attack_at_an_adjacent_target_keeps_range_2():
    """§19.1, seed 000 l.811: "una acción de Ataque con Alcance 3 que tenga como blanco a un guerrero adyacente
    sigue siendo una acción de Ataque con Alcance 3"; "Alcance 3+" counts the characteristic. Karsus's Chained Axe
    (Range 2) at the adjacent Obryn is logged (for cards such as Sing While You Work) with Range 2."""
    s = scenario({KARSUS: "c3", OBRYN: "c4"})
    s, _ = act(s, P1, {"type": "Attack", "fighter": KARSUS, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "swords", "swords") + dfn("dodge")))
    assert s["step_log"]["attack_hits"][-1]["range"] == 2


def test_example_a_guarded_fighter_cannot_be_trapped():
    """§19.4, seed 000 l.860: "Un guerrero que no pueda ser empujado o presionado (por ejemplo, un guerrero que esté
    en Guardia) no puede quedar atrapado". Garrek attacks Severin on Guard with every hex behind it taken."""
    around = {GARREK: "d4", SEVERIN: "d5", TARGOR: "c5", SAEK: "c6", ARNULF: "d6"}
    s = scenario(around, guard={SEVERIN: 1})
    s, ev = act(s, P1, {"type": "Attack", "fighter": GARREK, "attack": 0, "target": SEVERIN},
                FixedRng(atk("hammer", "single_support") + dfn("dodge")))
    assert not next(e for e in ev if e["type"] == "AttackResolved")["trapped"]
    unguarded = scenario(around)
    unguarded, ev = act(unguarded, P1, {"type": "Attack", "fighter": GARREK, "attack": 0, "target": SEVERIN},
                        FixedRng(atk("hammer", "single_support") + dfn("dodge")))
    assert next(e for e in ev if e["type"] == "AttackResolved")["trapped"]


# -- test upgrades for the modifier examples (no shipped card carries these modifiers) ---------------------------------

def _test_upgrade(monkeypatch, card_id: str, **fields) -> str:
    """A test upgrade built on Butcher's Strength (46024) with ``fields`` replaced."""
    from engine.underworlds.cards import UpgradeCard
    base = load_cards()["46024"].model_dump()
    base.update(id=card_id, name=card_id, attack_keywords=(), modifiers=())
    base.update(fields)
    monkeypatch.setitem(load_cards(), card_id, UpgradeCard.model_validate(base))
    return card_id


def test_example_two_grievous_1_make_grievous_2(monkeypatch):
    """§20, seed 000 l.987: "si dos reglas confieren Doloroso 1, tiene Doloroso 2". Arnulf's attack has Grievous 1
    and a test upgrade gives his attacks Grievous 1 more; a critical hit deals 1 + 2 damage."""
    extra = _test_upgrade(monkeypatch, "test-grievous", attack_keywords=({"name": "grievous", "value": 1},))
    s = scenario({ARNULF: "c3", OBRYN: "c4"}, upgrades={ARNULF: [extra]})
    assert rules.attacks(load(s), load(s).fighter(ARNULF))[0]["grievous"] == 2
    s, _ = act(s, P1, {"type": "Attack", "fighter": ARNULF, "attack": 0, "target": OBRYN},
               FixedRng(atk("critical", "swords") + dfn("block")))
    assert fighter(s, OBRYN)["wounds"] == 3


def test_example_two_knockback_1_make_knockback_2(monkeypatch):
    """§20, seed 000 l.1033: "si dos reglas otorgan Rechazar 1 a una acción de Ataque, tiene Rechazar 2". Obryn's
    Knockback 1 and a test upgrade's Knockback 1: Garrek can be driven back up to three hexes in one direction."""
    extra = _test_upgrade(monkeypatch, "test-knockback", attack_keywords=({"name": "knockback", "value": 1},))
    s = scenario({OBRYN: "d4", GARREK: "d5"}, active=P2, upgrades={OBRYN: [extra]})
    assert rules.attacks(load(s), load(s).fighter(OBRYN))[0]["knockback"] == 2
    s, _ = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": GARREK},
               FixedRng(atk("hammer", "hammer") + dfn("block")))
    d5, d6 = Hex.parse("d5"), Hex.parse("d6")
    direction = d5.direction_to(d6)
    assert direction is not None
    third = d6.neighbour(direction).neighbour(direction)  # three hexes in one direction: 1 + Knockback 2
    assert str(third) in {a["to"] for a in legal(s, P2) if a["type"] == "DriveBack"}


def test_example_barge_cannot_be_made_when_its_stun_cannot():
    """§17.4, seed 000 l.1053: if a condition of the Move or the Stun action of a Barge is not met ("por ejemplo, si
    un guerrero no puede tambalearse") the fighter cannot Barge. Targor can reach Obryn, but Obryn holds Advancing
    Juggernaut (48023: cannot be staggered): no Stun, no Barge; an ordinary Severin nearby allows both."""
    s = scenario({TARGOR: "c3", OBRYN: "c6"}, upgrades={OBRYN: ["48023"]})
    assert not [a for a in legal(s, P1) if a["type"] in ("Barge", "Stun")]
    s = scenario({TARGOR: "c3", SEVERIN: "c6"})
    assert [a for a in legal(s, P1) if a["type"] == "Barge"]


def test_example_charge_marker_comes_after_the_move_before_the_attack():
    """§17.1, seed 000 l.1071: the Charge marker is given after the Move action of a Charge, even if the Attack then
    cannot be made ("por ejemplo, debido a una reacción"): the marker is in place when the attack starts."""
    s = scenario({TARGOR: "c3", OBRYN: "c6"})
    s, ev = act(s, P1, {"type": "Charge", "fighter": TARGOR, "to": "c5"})
    assert fighter(s, TARGOR)["charge"] == 1 and fighter(s, TARGOR)["move"] == 0
    assert "AttackResolved" not in types(ev)  # the attack is still to be declared
    s, ev = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
                FixedRng(atk("swords", "swords") + dfn("dodge")))
    assert "AttackResolved" in types(ev) and fighter(s, TARGOR)["charge"] == 1


def test_example_a_card_persisting_until_either_event_ends_at_the_first():
    """§23.1, seed 000 l.1180: a card that persists "hasta la siguiente acción de Ataque o hasta el final de la
    ronda" persists until either happens. Season the Meat (46018: until the end of the round or until the chosen
    fighter makes a failed Attack action): Obryn's hit keeps it, Obryn's miss discards it."""
    s = scenario({TARGOR: "c3", SAEK: "d3", OBRYN: "c4"}, stage="power", hands={P1: ["46018"]})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "46018", "target": OBRYN})
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Pass"})
    hit, _ = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": TARGOR},
                 FixedRng(atk("hammer") + dfn("dodge")))
    assert [p["card"] for p in hit["persisting"]] == ["46018"]
    miss, _ = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": TARGOR},
                  FixedRng(atk("single_support") + dfn("dodge")))
    assert miss["persisting"] == [] and "46018" in miss["players"][P1]["power_discard"]


def test_example_a_gambit_action_is_made_where_the_rules_would_forbid_it():
    """§23.1, seed 000 l.1182: a gambit that names an action lets a fighter make it "incluso si las reglas del juego
    no se lo permitirían normalmente". Get Out of My Larder! (46014) makes Targor (a brawler by referee action: the
    trait is unknown in the data) make a Move action although a fighter with a Charge marker cannot move. It is
    also the keyword example of §4, seed 000 l.328: a fighter with the keyword *fajador* (brawler) is affected by
    an ability that affects brawlers."""
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", hands={P1: ["46014"]}, charge={TARGOR: 1})
    s, _ = act(s, P2, {"type": "SetTrait", "fighter": TARGOR, "trait": "Brawler", "reason": "its card"})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "46014", "fighter": TARGOR})
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c5"})
    assert fighter(s, TARGOR)["hex"] == "c5" and fighter(s, TARGOR)["charge"] == 1


def test_example_plus_1_move_turns_move_3_into_4(monkeypatch):
    """§11, seed 000 l.1222: "si un guerrero con un atributo Movimiento de 3 recibe un modificador de +1 Movimiento,
    su atributo Movimiento pasa a ser 4". Severin (Move 3) with a test upgrade of +1 Move."""
    extra = _test_upgrade(monkeypatch, "test-move", modifiers=({"characteristic": "move", "delta": 1},))
    st = load(scenario({SEVERIN: "d8"}, upgrades={SEVERIN: [extra]}))
    assert rules.move_value(st, st.fighter(SEVERIN)) == 4


def test_example_plus_1_dice_rolls_one_more_die(monkeypatch):
    """§11, seed 000 l.1226: "+1 Dados supone ... tirar un dado adicional en esa acción de Ataque". Targor's
    attack (Dice 2) with a test upgrade of +1 Dice rolls three attack dice."""
    extra = _test_upgrade(monkeypatch, "test-dice", modifiers=({"characteristic": "dice", "delta": 1},))
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: [extra]})
    s, ev = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
                FixedRng(atk("swords", "swords", "swords") + dfn("dodge")))
    assert len(next(e for e in ev if e["type"] == "AttackRolled")["dice"]) == 3


def test_example_setting_a_characteristic_no_shipped_card_does_it():
    """§11, seed 000 l.1240, 1242, 1250, 1252: the examples of modifiers that *set* a characteristic (Move set to 5
    then +1 = 6; a ploy setting the Dice symbol; the last set wins, then reverts). No card of the four Rivals decks
    sets a characteristic, so the engine has no set-modifier (ruling "Worked examples"); this test fails as soon as
    a card that sets one is added, so that the examples are then implemented."""
    from engine.underworlds.cards import CharacteristicModifier
    assert set(CharacteristicModifier.model_fields) == {"characteristic", "delta", "minimum", "except_scything"}
    texts = [c.text_plain for c in load_cards().values() if getattr(c, "text_plain", None)]
    assert not [t for t in texts if " is set to " in t or "characteristic of " in t.lower() and " set " in t]


def test_example_innate_adds_one_symbol_and_innate_symbols_do_not_add_up():
    """§10.3, seed 000 l.1256, 1266: Innate (fury) adds one fury to the attack roll; however many innate symbols a
    fighter has, only one is added (the combat takes a single innate symbol per roll)."""
    from engine.underworlds.dice import Combat, Symbol, count_attack
    plain = count_attack(["hammer", "swords"], Combat(dice_symbol=Symbol.SWORDS))
    innate = count_attack(["hammer", "swords"], Combat(dice_symbol=Symbol.SWORDS, attack_innate=Symbol.SWORDS))
    assert (plain.successes, innate.successes) == (1, 2)
    assert Combat.__dataclass_fields__["attack_innate"].type in ("Symbol | None", Symbol | None)  # one, not a list


def test_example_round_one_bonus_crit_is_added_to_every_re_roll_of_the_roll_off():
    """§10.3, seed 000 l.1258: the player who finished deploying first adds a crit to the round-1 roll-off "Si se
    repite esta tirada, añade también un ♣ a esa repetición". player1 rolls one crit twice (a tie with player2's
    bonus crit each time), then nothing: player2 wins with the bonus alone."""
    from types import SimpleNamespace
    from engine.underworlds.setup import roll_off
    events: list[dict] = []
    plain = atk("hammer", "hammer", "hammer", "hammer")
    one_crit = atk("critical", "hammer", "hammer", "hammer")
    ctx = SimpleNamespace(st=load(scenario({})), rng=FixedRng(one_crit + plain + one_crit + plain + plain + plain),
                          emit=lambda kind, **kw: events.append({"type": kind, **kw}))
    assert roll_off(ctx, "action phase", bonus=P2) == P2
    assert [e["winner"] for e in events] == [None, None, P2] and all(e["bonus"] == P2 for e in events)


def test_example_scatter_3_chain_of_three_dice_in_any_order():
    """§9.2, seed 000 l.1280-1314: Scatter 3 from a fighter's hex: three dice (two of one direction and one of
    another), put in the order the player wants, make a chain of three adjacent hexes; the last is the final hex.
    A chain may pass again through a hex, the origin included."""
    from engine.underworlds.battlefield import scatter_chain
    from engine.underworlds.hexgrid import HexDirection
    bf = rules.battlefield(load(scenario({})))
    origin, e, se = Hex.parse("d4"), HexDirection.EAST, HexDirection.SOUTH_EAST
    chains = [scatter_chain(bf, origin, order) for order in ((e, e, se), (e, se, e), (se, e, e))]
    assert all(len(c.hexes) == 3 and not c.interrupted for c in chains)
    assert all(a.is_adjacent(b) for c in chains for a, b in zip((origin, *c.hexes), c.hexes))
    assert len({c.hexes[-1] for c in chains}) == 1  # the same final hex, whichever order
    back = scatter_chain(bf, origin, (e, e.opposite, e))
    assert back.hexes[1] == origin


def test_example_no_shipped_fighter_has_a_spell_action():
    """§22.1, seed 000 l.1097: the notation example "Acción de hechizo (☉)" of a spell action on a fighter or upgrade
    card. No fighter of the shipped warbands is a wizard and no shipped upgrade carries a spell action, so only the
    gambit-spell form (l.1093, tested above) can be played; this test fails when a wizard is added."""
    from engine.underworlds.fighters import load_warbands
    assert not [f.id for w in load_warbands().values() for f in w.fighters if f.wizard_level]
    assert not [c.id for c in load_cards().values() if "Spell action" in (getattr(c, "text_plain", "") or "")]


# -- reactions (digest §26; seed 000 lines 1330-1420) -----------------------------------------------------------------


def test_example_a_target_moved_out_of_range_during_the_attack_ends_it():
    """§26.2, seed 000 l.1330 (and l.858): if something done during an attack makes it impossible ("si la posición
    de un guerrero ha cambiado de modo que ya no está a la distancia necesaria"), the attack ends. No card of the
    four decks pushes an enemy away during an attack, so a referee push stands in for the reaction: Obryn, moved
    out of Targor's Range while Targor may still re-roll (Obryn is staggered), makes the attack fail."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, stagger={OBRYN: 1})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "hammer")))
    assert top(s)["kind"] == "attack" and top(s)["stage"] == "reroll"
    s, ev = act(s, P2, {"type": "SetFighterHex", "fighter": OBRYN, "hex": "f8", "reason": "a reaction"})
    assert "AttackFailed" in types(ev) and fighter(s, OBRYN)["wounds"] == 0


def _after_targors_second_activation() -> dict:
    """Targor (Stolen Vigour, 47029, already activated once) moves: player2 holds Tempting Lure (47019)."""
    s = scenario({TARGOR: "c3", OBRYN: "f8", SEVERIN: "e9"}, hands={P2: ["47019"]}, upgrades={TARGOR: ["47029"]},
                 activations={TARGOR: 1}, move={TARGOR: 1})
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c5"})
    return s


def test_example_after_an_activation_and_after_its_last_action_share_one_chain():
    """§26.3, seed 000 l.1342, 1346, 1374, 1376: "si al acabar una activación un jugador juega una reacción «tras una
    activación», el otro jugador podría jugar ... una reacción «tras una acción» siempre que sea una reacción a la
    última acción de esa activación"; the chain resolves in the order it was formed (first diagram). Targor's
    second activation is a Move: player1 uses Stolen Vigour (after an activation), player2 adds Tempting Lure
    (after a Move action); Stolen Vigour resolves first, then Tempting Lure."""
    s = _after_targors_second_activation()
    assert {"activation", "action", "move"} <= set(top(s)["tags"])  # one reaction step for both
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "47029", "fighter": TARGOR})
    assert [a for a in legal(s, P2) if a.get("card") == "47019"]
    s, ev = act(s, P2, {"type": "PlayReaction", "card": "47019", "target": OBRYN, "hex": "e8"})
    resolved = [e for e in ev if e["type"] in ("MarkersRemoved", "FighterPushed")]
    assert [e["type"] for e in resolved] == ["MarkersRemoved", "FighterPushed"]
    assert fighter(s, TARGOR)["move"] == 1 and fighter(s, OBRYN)["hex"] == "e8"  # two Move markers, one removed


def test_example_reactions_with_different_conditions_share_the_step_after_an_attack():
    """§26.3, seed 000 l.1356: a reaction "tras una acción de Ataque" and one after a particular kind of Attack action
    share the step after the attack. Targor's successful Range 1 attack: Reverse Charge (45018, after a friendly
    fighter's Attack action) and Potential Courtier (46031, after this fighter's successful Range 1 Attack action)
    are both offered in the same step."""
    s = scenario({TARGOR: "c3", OBRYN: "c4", SAEK: "d4"}, hands={P1: ["45018"]}, upgrades={TARGOR: ["46031"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "swords") + dfn("dodge")))
    s, _ = act(s, P1, {"type": "Pass"})  # no drive back
    assert top(s)["kind"] == "window" and "attack" in top(s)["tags"]
    assert {a.get("card") for a in legal(s, P1) if a["type"] == "PlayReaction"} == {"45018", "46031"}


def test_example_a_reaction_to_a_reaction_opens_a_secondary_chain():
    """§26.4, seed 000 l.1362, 1378 (second diagram): a reaction to a reaction starts a secondary chain, built and
    resolved at once, before the original one goes on. Obryn (Instinctive Reprisal, 47028) reacts to Targor's
    damage and deals 1 damage to Targor: a new reaction step for that damage opens, in which player1's Just Pure
    Luck (48018) is offered."""
    s = scenario({TARGOR: "c3", OBRYN: "c4", GARREK: "h8"}, hands={P1: ["48018"]}, upgrades={OBRYN: ["47028"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "hammer") + dfn("dodge")))
    s, ev = act(s, P2, {"type": "PlayReaction", "card": "47028", "fighter": OBRYN})
    assert types(ev).index("ReactionStepOpened") < types(ev).index("ReactionResolved")
    assert top(s)["kind"] == "window" and top(s)["ctx"]["fighter"] == TARGOR
    assert {"type": "PlayReaction", "card": "48018"} in legal(s, P1)


def test_example_charge_has_a_reaction_step_after_its_move():
    """§26.5, seed 000 l.1420: the examples use Charge super-actions: a reaction step follows the Move action of the
    Charge, before its Attack action. Player2's Tempting Lure (47019, after a fighter's Move action) is offered
    right after Targor's charge move."""
    s = scenario({TARGOR: "c3", OBRYN: "c6", SEVERIN: "e7"}, hands={P2: ["47019"]})
    s, ev = act(s, P1, {"type": "Charge", "fighter": TARGOR, "to": "c5"})
    assert types(ev) == ["FighterMoved", "FighterCharged", "ReactionStepOpened"]
    assert top(s)["ctx"]["superaction"] == "charge"
    assert [a for a in legal(s, P2) if a.get("card") == "47019"]


def test_example_a_surge_objective_is_scored_right_after_the_action():
    """§25.1, seed 000 l.1452: surge objectives are scored "de inmediato (por ejemplo, tras una acción o gambito)".
    Blessed Fulmination (45002: two or more enemy fighters staggered) is scored at the surge step right after
    Targor's Guard action, before the power step."""
    s = scenario({TARGOR: "c3", OBRYN: "h9", SEVERIN: "h10"}, objectives={P1: ["45002"]},
                 stagger={OBRYN: 1, SEVERIN: 1})
    s, ev = act(s, P1, {"type": "Guard", "fighter": TARGOR})
    assert "ObjectiveScored" in types(ev) and "PowerStepStarted" not in types(ev)
    assert s["players"][P1]["scored"] == ["45002"]


def test_example_multiplayer_reaction_chain_in_play_order():
    """§27, seed 000 l.1650: with three players, after a reaction "en orden de juego, los demás jugadores pueden
    pasar ... o añadir una reacción". Player1's Garrek moves; player2, then player3, may add Tempting Lure; player3
    is asked only after player2."""
    from engine.underworlds.system import dump
    from tests.engine.underworlds.test_multiplayer import P3, fid, position
    st = position(3, {fid(P1): "c3", fid(P2): "f3", fid(P3): "c8"})
    st.players[P2].power, st.players[P3].power = ["47019"], ["47019"]
    s, _ = act(dump(st), P1, {"type": "Move", "fighter": fid(P1), "to": "d4"})
    assert top(s)["order"] == [P1, P2, P3]
    assert legal(s, P3) == [] and [a for a in legal(s, P2) if a.get("card") == "47019"]
    s, _ = act(s, P2, next(a for a in legal(s, P2) if a.get("card") == "47019"))
    assert [a for a in legal(s, P3) if a.get("card") == "47019"]


def test_example_no_card_acts_at_the_start_of_the_action_phase_or_varies_by_player_count():
    """§11 and §27, seed 000 l.508 (several abilities of one player at the same moment, "p. ej., al inicio de la fase
    de acción": that player picks the order) and l.1601 (an objective card with a three- or four-player condition).
    No card of the four decks acts at the start of the action phase or prints a multiplayer condition, so neither
    example can arise (ruling "Worked examples"); this test fails when such a card is added."""
    texts = [getattr(c, "text_plain", "") or "" for c in load_cards().values()]
    assert not [t for t in texts if "start of the action phase" in t.lower() or "start of each action phase" in t]
    assert not [t for t in texts if "three players" in t.lower() or "four players" in t.lower()]


def test_example_a_chained_gambit_reaction_that_can_no_longer_resolve_is_discarded():
    """§26.3, seed 000 l.1348: the second reaction of a chain resolves only if the game still allows it ("un guerrero
    que ha quedado fuera de combate o ha sido empujado fuera de alcance no puede ..."); "Las reacciones gambito que
    no pueden resolverse se descartan". After Targor's move both players play Tempting Lure (47019) into d7: player1's
    push of Saek resolves first and fills d7, so player2's push of Obryn cannot happen and its card is discarded."""
    s = scenario({TARGOR: "c3", SAEK: "c8", OBRYN: "d8"}, hands={P1: ["47019"], P2: ["47019"]})
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c5"})
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "47019", "target": SAEK, "hex": "d7"})
    s, ev = act(s, P2, {"type": "PlayReaction", "card": "47019", "target": OBRYN, "hex": "d7"})
    assert fighter(s, SAEK)["hex"] == "d7" and fighter(s, OBRYN)["hex"] == "d8"
    assert "ReactionFizzled" in types(ev) and "CardTextToSettle" not in types(ev)  # nothing left for a referee
    assert "47019" in s["players"][P2]["power_discard"] and "47019" not in s["players"][P2]["power"]


def test_example_the_battlefield_is_two_boards_one_fighter_per_hex():
    """§8.1, seed 000 l.352: the battlefield is two boards "como el ejemplo de abajo"; a fighter stands in one hex and
    a hex holds one fighter at most: Targor cannot move into Saek's hex."""
    st = load(scenario({TARGOR: "c3", SAEK: "c4"}))
    assert len(rules.battlefield(st).boards) == 2
    s = scenario({TARGOR: "c3", SAEK: "c4"})
    assert not [a for a in legal(s, P1) if a["type"] == "Move" and a["to"] == "c4"]


def test_example_turn_diagram_inspire_step_then_surge_step_after_the_activation():
    """§13.2, seed 000 l.681 (the turn diagram; reference sheet l.2051-2073 of seed 000): after the activation step
    come a reaction step, an inspire step and a surge step, then the power step. Targor's Guard: Targor is Inspired
    (its condition was met), then Blessed Fulmination (45002) is scored, before any power step."""
    s = scenario({TARGOR: "c3", OBRYN: "h9", SEVERIN: "h10"}, objectives={P1: ["45002"]},
                 stagger={OBRYN: 1, SEVERIN: 1}, pending_inspire={TARGOR: True})
    s, ev = act(s, P1, {"type": "Guard", "fighter": TARGOR})
    order = types(ev)
    assert order.index("FighterGuarded") < order.index("FighterInspired") < order.index("ObjectiveScored")
    assert "PowerStepStarted" not in order


def test_example_reaction_steps_diagrams_damage_step_before_the_after_action_step():
    """§26.5, seed 000 l.691, 1388, 1398: reaction steps not drawn in the turn diagram follow game events: during an
    attack, one when damage is dealt (before any other), then one after the action. Targor hits Obryn: player2's Just
    Pure Luck is offered in the damage step; after the drive back, player1's Reverse Charge in the after-action step."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, hands={P1: ["45018"], P2: ["48018"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "hammer") + dfn("dodge")))
    assert top(s)["tags"] == ["damage"] and {"type": "PlayReaction", "card": "48018"} in legal(s, P2)
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Pass"})  # no drive back
    assert "action" in top(s)["tags"] and [a for a in legal(s, P1) if a.get("card") == "45018"]


def test_example_out_of_action_markers_and_tokens_go_upgrades_stay():
    """§18.4, seed 000 l.956: a fighter taken out of action loses every marker and token ("no se considera que ...
    se «retiran»", so it is not healed, p. ej.) and keeps its upgrades, unbroken."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, wounds={OBRYN: 3}, move={OBRYN: 1}, charge={OBRYN: 1},
                 upgrades={OBRYN: ["48026"]})
    s, ev = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
                FixedRng(atk("swords", "swords") + dfn("dodge")))
    o = fighter(s, OBRYN)
    assert o["out_of_action"] and (o["wounds"], o["move"], o["charge"]) == (0, 0, 0) and o["upgrades"] == ["48026"]
    assert "FighterHealed" not in types(ev) and "48026" not in s["players"][P2]["power_discard"]


# -- every example of both seeds is a test ------------------------------------------------------------------------------

# Seed 000 (core rules): the line of every worked example, "por ejemplo"/"p. ej." and example diagram text.
EXAMPLES_000 = (
    328, 332, 344, 352, 402, 406, 414, 426, 428, 430, 479, 500, 508, 681, 691, 729, 739, 784, 799, 811, 860, 870, 887,
    888, 889, 956, 987, 1033, 1037, 1053, 1071, 1093, 1097, 1117, 1180, 1182, 1222, 1226, 1240, 1242, 1250, 1252, 1256,
    1258, 1266, 1280, 1312, 1330, 1346, 1348, 1356, 1374, 1376, 1378, 1388, 1420, 1452, 1556, 1601, 1621, 1631, 1635,
    1636, 1650,
)
# Seed 004 (reference sheet): it prints no worked example; each of its rule lines stands in (its "if ... then"
# statements, tested in test_worked_examples_reference.py).
EXAMPLES_004 = (41, 47, 49, 51, 53, 63, 67, 69, 71)


def _cited_lines(seed: str) -> set[int]:
    """Lines of ``seed`` ("000" or "004") cited in the docstrings of the tests under tests/engine/underworlds:
    "seed 000 l.887", "seed 000 lines 1627-1636", "seed 004 l.51, 53" (ranges included)."""
    import ast
    import re
    from pathlib import Path
    cited: set[int] = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = [ast.get_docstring(n) or "" for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
        for doc in docs:
            doc = " ".join(doc.split())
            for m in re.finditer(rf"[Ss]eed {seed}[^0-9]{{0,12}}((?:\d{{2,4}}(?:-\d{{2,4}})?(?:, | and | |\)|;)*)+)",
                                 doc):
                for a, b in re.findall(r"(\d{2,4})(?:-(\d{2,4}))?", m.group(1)):
                    cited.update(range(int(a), int(b or a) + 1))
    return cited


def test_every_example_of_both_seeds_is_a_test():
    """Issue #19 item 3 ("Every worked example in the two Underworlds seeds is a test citing its line"): each
    example line of seed 000 and seed 004 appears in some test docstring under tests/engine/underworlds."""
    assert sorted(set(EXAMPLES_000) - _cited_lines("000")) == []
    assert sorted(set(EXAMPLES_004) - _cited_lines("004")) == []
