"""Brethren of the Bolt power cards automated in issue #19's first pass (``brethren.py``): each card's situation,
its condition and effect, and its refusal when the condition is false. Card texts: ``data/underworlds/cards.json``;
rulings: "Cards automated in issue #19" in ``docs/rulings/underworlds.md``. Inspire and un-Inspire: digest §3.1."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.underworlds import effects
from engine.underworlds.system import dump, load
from tests.engine.underworlds.scenario import (
    P1, P2, FixedRng, act, atk, dfn, fighter, legal, mag, scenario, top, types,
)

TARGOR, SAEK = "player1:targor", "player1:blooded-saek"
OBRYN, SEVERIN = "player2:obryn-the-bold", "player2:severin-steelheart"


def plays(s, seat, card):
    return [a for a in legal(s, seat) if a.get("card") == card]


def power(fighters, hand, seat=P1, **kw):
    return scenario(fighters, stage="power", hands={seat: hand}, **kw)


def test_fighter_uninspired_after_being_inspired_by_a_card_is_a_rule():
    """§3.1: a card Inspires a fighter (its Inspired side) and un-Inspires it; both have a reaction step."""
    s, ev = act(power({TARGOR: "c3"}, ["45019"]), P1, {"type": "PlayPloy", "card": "45019", "fighter": TARGOR})
    assert fighter(s, TARGOR)["inspired"] and "FighterInspired" in types(ev)


# -- ploys ----------------------------------------------------------------------------------------------------------------


def test_bolt_from_the_blue_inspires_a_holder_then_uninspires_it_at_the_end_of_the_next_turn():
    """45014: choose a friendly fighter holding an objective; Inspire it; at the end of the next turn, if it is
    Inspired, un-Inspire it."""
    s = power({TARGOR: "c3", SAEK: "e3", OBRYN: "h9"}, ["45014"], tokens={"1": ("c3", "objective")})
    assert [a["fighter"] for a in plays(s, P1, "45014")] == [TARGOR]  # Saek holds no objective: refused
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "45014", "fighter": TARGOR})
    assert fighter(s, TARGOR)["inspired"] and [p["card"] for p in s["persisting"]] == ["45014"]
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Pass"})  # turn 1 ends: still Inspired
    assert fighter(s, TARGOR)["inspired"] and top(s)["seat"] == P2
    s, _ = act(s, P2, {"type": "Pass"})  # player2's activation
    s, _ = act(s, P2, {"type": "Pass"})
    s, ev = act(s, P1, {"type": "Pass"})  # the next turn ends
    assert not fighter(s, TARGOR)["inspired"] and "FighterUninspired" in types(ev)
    assert s["persisting"] == [] and "45014" in s["players"][P1]["power_discard"]


def test_share_the_burden_inspires_and_may_inspire_a_neighbour_on_channel_or_critical():
    """45019: Inspire a friendly fighter; you can choose another within 1 hex and roll a magic dice: on channel or
    magic critical, Inspire it too; otherwise not."""
    s = power({TARGOR: "c3", SAEK: "d3", OBRYN: "h9"}, ["45019"])
    assert {"type": "PlayPloy", "card": "45019", "fighter": TARGOR, "target": SAEK} in plays(s, P1, "45019")
    done, _ = act(s, P1, {"type": "PlayPloy", "card": "45019", "fighter": TARGOR, "target": SAEK}, FixedRng(mag("channel")))
    assert fighter(done, TARGOR)["inspired"] and fighter(done, SAEK)["inspired"]
    done, _ = act(s, P1, {"type": "PlayPloy", "card": "45019", "fighter": TARGOR, "target": SAEK}, FixedRng(mag("focus")))
    assert fighter(done, TARGOR)["inspired"] and not fighter(done, SAEK)["inspired"]
    far = power({TARGOR: "c3", SAEK: "e5"}, ["45019"])
    assert all("target" not in a for a in plays(far, P1, "45019"))  # no friendly fighter within 1 hex


def test_thunderous_blast_inspires_and_may_damage_an_adjacent_enemy_on_channel():
    """45020: Inspire a friendly fighter; you can choose an enemy within 1 hex and roll a magic dice: channel or
    magic critical, 1 damage; the friendly fighter is un-Inspired at the end of the next turn."""
    s = power({TARGOR: "c3", OBRYN: "c4"}, ["45020"])
    hit, _ = act(s, P1, {"type": "PlayPloy", "card": "45020", "fighter": TARGOR, "target": OBRYN}, FixedRng(mag("critical")))
    assert fighter(hit, TARGOR)["inspired"] and fighter(hit, OBRYN)["wounds"] == 1
    assert hit["persisting"][0]["card"] == "45020" and hit["persisting"][0]["fighter"] == TARGOR
    miss, _ = act(s, P1, {"type": "PlayPloy", "card": "45020", "fighter": TARGOR, "target": OBRYN}, FixedRng(mag("focus")))
    assert fighter(miss, OBRYN)["wounds"] == 0
    with pytest.raises(IllegalAction):  # an enemy two hexes away cannot be chosen
        act(power({TARGOR: "c3", OBRYN: "c5"}, ["45020"]), P1,
            {"type": "PlayPloy", "card": "45020", "fighter": TARGOR, "target": OBRYN})


def test_unleashing_his_fury_uninspires_then_damages_an_enemy_within_2_hexes():
    """45022: choose an Inspired friendly fighter, un-Inspire it, then 1 damage to an enemy within 2 hexes of it."""
    s = power({TARGOR: "c3", OBRYN: "c5"}, ["45022"], inspired={TARGOR: True})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "45022", "fighter": TARGOR, "target": OBRYN})
    assert not fighter(s, TARGOR)["inspired"] and fighter(s, OBRYN)["wounds"] == 1
    assert not plays(power({TARGOR: "c3", OBRYN: "c5"}, ["45022"]), P1, "45022")  # not Inspired: refused
    assert not plays(power({TARGOR: "c3", OBRYN: "c8"}, ["45022"], inspired={TARGOR: True}), P1, "45022")


def test_furious_abandon_pushes_up_to_2_hexes_ending_next_to_an_enemy():
    """45016: push a friendly fighter up to 2 hexes; it must end adjacent to one or more enemy fighters."""
    s = power({TARGOR: "c3", OBRYN: "c6"}, ["45016"])
    dests = {a["hex"] for a in plays(s, P1, "45016")}
    assert "c5" in dests and "c4" not in dests  # c4 is not next to Obryn
    s, ev = act(s, P1, {"type": "PlayPloy", "card": "45016", "fighter": TARGOR, "hex": "c5"})
    assert fighter(s, TARGOR)["hex"] == "c5" and "FighterPushed" in types(ev) and fighter(s, TARGOR)["move"] == 0
    assert not plays(power({TARGOR: "c3", OBRYN: "h9"}, ["45016"]), P1, "45016")  # no enemy in reach


def test_heavenly_hymn_friends_within_3_hexes_of_the_target_support_the_next_first_attack():
    """45017: each friendly fighter other than the attacker within 3 hexes of the target supports the first
    Attack action of a friendly fighter in the next activation step (§19.5: one support makes single support a
    success)."""
    def after_hymn(hymn: bool):
        s = scenario({TARGOR: "c3", SAEK: "e5", OBRYN: "c4"}, stage="power", active=P2, turns_taken=1,
                     hands={P1: ["45017"] if hymn else []})
        s, _ = act(s, P2, {"type": "Pass"})
        if hymn:
            s, _ = act(s, P1, {"type": "PlayPloy", "card": "45017"})
            s, _ = act(s, P2, {"type": "Pass"})
        s, _ = act(s, P1, {"type": "Pass"})
        assert top(s)["seat"] == P1 and top(s)["stage"] == "activation"
        rolls = atk("single_support", "hammer") + dfn("dodge")
        return act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN}, FixedRng(rolls))

    s, ev = after_hymn(True)
    assert next(e for e in ev if e["type"] == "AttackResolved")["result"] == "hit"
    assert "45017" in s["players"][P1]["power_discard"]
    s, ev = after_hymn(False)  # Saek is not adjacent to Obryn: no support without the card
    assert next(e for e in ev if e["type"] == "AttackResolved")["result"] == "miss"


# -- reaction ploys -------------------------------------------------------------------------------------------------------


def test_accepting_capacitor_staggers_each_enemy_within_1_hex_of_the_inspired_fighter():
    """45013: Reaction after a friendly fighter is Inspired: stagger each enemy fighter within 1 hex of it."""
    s = power({TARGOR: "c3", OBRYN: "c4", SEVERIN: "h9"}, ["45019", "45013"])
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "45019", "fighter": TARGOR})
    assert plays(s, P1, "45013") == [{"type": "PlayReaction", "card": "45013"}]
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "45013"})
    assert fighter(s, OBRYN)["stagger"] == 1 and fighter(s, SEVERIN)["stagger"] == 0
    far = power({TARGOR: "c3", OBRYN: "h9"}, ["45019", "45013"])
    far, _ = act(far, P1, {"type": "PlayPloy", "card": "45019", "fighter": TARGOR})
    assert top(far)["kind"] == "power"  # no enemy within 1 hex: no reaction step for it


def test_final_spark_1_damage_to_an_enemy_an_inspired_fighter_hit_at_range_1_or_2():
    """45015: Reaction after an activation step in which an Inspired friendly fighter's Range 1 or 2 Attack action
    dealt damage to enemy fighters: 1 damage to one of them. Not for an un-Inspired attacker."""
    rolls = atk("swords", "swords", "hammer") + dfn("dodge")
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, hands={P1: ["45015"]}, inspired={TARGOR: True})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN}, FixedRng(rolls))
    assert fighter(s, OBRYN)["wounds"] == 2
    s, _ = act(s, P1, {"type": "Pass"})  # no drive back
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "45015", "target": OBRYN})
    assert fighter(s, OBRYN)["wounds"] == 3
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, hands={P1: ["45015"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "swords") + dfn("dodge")))
    s, _ = act(s, P1, {"type": "Pass"})  # no drive back
    assert fighter(s, OBRYN)["wounds"] == 1 and top(s)["kind"] == "power"  # no Final Spark offered


def test_reverse_charge_the_attacker_without_charge_markers_makes_a_move_action():
    """45018: Reaction after a friendly fighter's Attack action, if it has no Charge markers: it makes a Move
    action. Not after a Charge (it has a Charge marker)."""
    rolls = atk("hammer", "hammer") + dfn("dodge")
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, hands={P1: ["45018"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN}, FixedRng(rolls))
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "45018", "target": TARGOR})
    assert top(s)["kind"] == "card_moves" and {"type": "Move", "fighter": TARGOR, "to": "b2"} in legal(s, P1)
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "b2"})
    assert fighter(s, TARGOR)["hex"] == "b2" and fighter(s, TARGOR)["move"] == 1
    s = scenario({TARGOR: "c2", OBRYN: "c4"}, hands={P1: ["45018"]})
    s, _ = act(s, P1, {"type": "Charge", "fighter": TARGOR, "to": "c3"})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN}, FixedRng(rolls))
    assert not plays(s, P1, "45018")


def test_ultimate_resistor_minus_1_damage_then_uninspired_with_a_charge_marker():
    """45021: during an enemy's Attack action, after the determine success step, if the Inspired target would be
    taken out of action: -1 Damage (minimum 1); once the attack is resolved, un-Inspire it and give it a Charge
    marker. Not offered when it would survive anyway."""
    rolls = atk("hammer", "hammer") + dfn("dodge", "dodge")  # Inspired Obryn rolls two defence dice
    s = scenario({SAEK: "c3", OBRYN: "c4"}, hands={P2: ["45021"]}, inspired={OBRYN: True}, wounds={OBRYN: 1})
    s, _ = act(s, P1, {"type": "Attack", "fighter": SAEK, "attack": 0, "target": OBRYN}, FixedRng(rolls))
    assert legal(s, P2) == [{"type": "PlayReaction", "card": "45021"}, {"type": "Pass"}]
    s, ev = act(s, P2, {"type": "PlayReaction", "card": "45021"})
    if top(s)["kind"] == "attack":
        s, _ = act(s, P1, {"type": "Pass"})  # no drive back
    o = fighter(s, OBRYN)
    assert (o["wounds"], o["out_of_action"], o["inspired"], o["charge"]) == (3, False, False, 1)
    s = scenario({SAEK: "c3", OBRYN: "c4"}, hands={P2: ["45021"]}, inspired={OBRYN: True})
    s, _ = act(s, P1, {"type": "Attack", "fighter": SAEK, "attack": 0, "target": OBRYN}, FixedRng(rolls))
    assert fighter(s, OBRYN)["wounds"] == 3 and top(s)["kind"] == "attack"  # 0 + 3 < 4: no reaction step


# -- upgrades ---------------------------------------------------------------------------------------------------------------


def test_burgeoning_saint_cannot_be_uninspired():
    """45024: this fighter cannot be un-Inspired (Unleashing His Fury still deals its damage)."""
    s = power({TARGOR: "c3", OBRYN: "c4"}, ["45022"], inspired={TARGOR: True}, upgrades={TARGOR: ["45024"]})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "45022", "fighter": TARGOR, "target": OBRYN})
    assert fighter(s, TARGOR)["inspired"] and fighter(s, OBRYN)["wounds"] == 1


def test_damaged_machinery_after_a_range_1_attack_deals_damage_inspire_and_stagger_the_attacker():
    """45025: Reaction during a Range 1 or 2 Attack action targeting this fighter, after the deal damage step:
    Inspire this fighter and stagger the attacker. Not for card damage."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={OBRYN: ["45025"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "swords") + dfn("dodge")))
    assert {"type": "PlayReaction", "card": "45025", "fighter": OBRYN} in legal(s, P2)
    s, _ = act(s, P2, {"type": "PlayReaction", "card": "45025", "fighter": OBRYN})
    assert fighter(s, OBRYN)["inspired"] and fighter(s, TARGOR)["stagger"] == 1
    st = load(scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={OBRYN: ["45025"]}))
    assert effects.reaction_options(st, P2, {"damage"}, {"fighter": OBRYN, "source": {"kind": "card"}}) == []


def test_fervents_release_heals_after_being_uninspired():
    """45027: Reaction after this fighter is un-Inspired: Heal (1). Not offered with no wound to heal."""
    s = power({TARGOR: "c3", OBRYN: "c4"}, ["45022"], inspired={TARGOR: True}, upgrades={TARGOR: ["45027"]},
              wounds={TARGOR: 1})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "45022", "fighter": TARGOR, "target": OBRYN})
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "45027", "fighter": TARGOR})
    assert fighter(s, TARGOR)["wounds"] == 0
    s = power({TARGOR: "c3", OBRYN: "c4"}, ["45022"], inspired={TARGOR: True}, upgrades={TARGOR: ["45027"]})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "45022", "fighter": TARGOR, "target": OBRYN})
    assert not plays(s, P1, "45027")


def test_holy_spasms_pushes_1_hex_after_being_inspired():
    """45028: Reaction after this fighter is Inspired or un-Inspired: push this fighter 1 hex."""
    s = power({TARGOR: "c3"}, ["45019"], upgrades={TARGOR: ["45028"]})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "45019", "fighter": TARGOR})
    assert {"type": "PlayReaction", "card": "45028", "fighter": TARGOR, "hex": "c4"} in legal(s, P1)
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "45028", "fighter": TARGOR, "hex": "c4"})
    assert fighter(s, TARGOR)["hex"] == "c4"
    st = load(power({TARGOR: "c3"}, [], upgrades={TARGOR: ["45028"]}))
    assert effects.reaction_options(st, P1, {"damage"}, {"fighter": TARGOR}) == []


def test_the_artefact_azyr_heals_the_others_inspired_in_the_inspire_step_after_its_activation():
    """45032: Reaction after an Inspire step following this fighter's activation in which other friendly fighters
    were Inspired: Heal (1) each of them. Not after another fighter's activation."""
    s = scenario({TARGOR: "c3", SAEK: "e3"}, upgrades={TARGOR: ["45032"]}, wounds={SAEK: 1},
                 pending_inspire={SAEK: True})
    s, _ = act(s, P1, {"type": "Guard", "fighter": TARGOR})
    assert fighter(s, SAEK)["inspired"]
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "45032", "fighter": TARGOR})
    assert fighter(s, SAEK)["wounds"] == 0
    s = scenario({TARGOR: "c3", SAEK: "e3"}, upgrades={TARGOR: ["45032"]}, wounds={SAEK: 1},
                 pending_inspire={SAEK: True})
    s, _ = act(s, P1, {"type": "Guard", "fighter": SAEK})
    assert fighter(s, SAEK)["inspired"] and not plays(s, P1, "45032")


def test_sigmars_cyclone_makes_its_attack_after_another_successful_attack():
    """45031: Reaction after this fighter's successful Attack action other than this one (and not Scything): make
    this Attack action. Not after a failed attack, nor after the Cyclone's own attack."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: ["45031"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "swords") + dfn("dodge")))
    s, _ = act(s, P1, {"type": "Pass"})  # no drive back
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "45031", "fighter": TARGOR})
    assert legal(s, P1) == [{"type": "Attack", "fighter": TARGOR, "attack": 1, "target": OBRYN}, {"type": "Pass"}]
    s, ev = act(s, P1, legal(s, P1)[0], FixedRng(atk("swords", "swords") + dfn("dodge")))
    assert fighter(s, OBRYN)["wounds"] == 3  # 1, then the Cyclone's Damage 2
    if top(s)["kind"] == "attack":
        s, _ = act(s, P1, {"type": "Pass"})  # no drive back
    assert not plays(s, P1, "45031") and effects.coverage_level("45031") == "automated"  # not after itself
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: ["45031"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("hammer", "hammer") + dfn("dodge")))
    assert not plays(s, P1, "45031")


def test_powerhouse_subtracts_each_counted_hex_with_an_enemy_from_the_distance():
    """45030: when this fighter's Attack action counts the distance to the target, subtract 1 for each hex counted
    that contains an enemy fighter (§8.4: the target's hex is counted; ruling: the most favourable shortest count).
    Targor (Range 1) reaches Obryn 2 hexes away; with Severin between, 2 - 2 = 0. Without the card, no attack."""
    from engine.underworlds import rules
    st = load(scenario({TARGOR: "c3", SEVERIN: "c4", OBRYN: "c5"}, upgrades={TARGOR: ["45030"]}))
    t = st.fighter(TARGOR)
    assert rules.attack_distance(st, t, t.hex, st.fighter(OBRYN).hex) == 0
    s = scenario({TARGOR: "c3", OBRYN: "c5"}, upgrades={TARGOR: ["45030"]})
    assert [a["target"] for a in legal(s, P1) if a["type"] == "Attack"] == [OBRYN]
    assert not [a for a in legal(scenario({TARGOR: "c3", OBRYN: "c5"}), P1) if a["type"] == "Attack"]
    with pytest.raises(IllegalAction):  # 3 hexes, 1 enemy counted: 2 > Range 1
        act(scenario({TARGOR: "c3", OBRYN: "c6"}, upgrades={TARGOR: ["45030"]}), P1,
            {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN})


# -- Priests, leaders and the Holy Vessels ability: data or referee actions (no source gives them) --------------------

GARREK = "player1:garrek-gorebeard"
TOKENS = {"1": ("c3", "objective")}


def bringer(s):
    return effects.objective_glory(load(s), P1, "45003", "end")


def test_bringer_of_the_dawn_a_priest_holding_an_objective():
    """45003 (hybrid, end): a friendly Priest (or Inspired fighter) holds an objective; or a holder made a successful
    Attack action in the preceding action phase. Priests are unknown in the data: the referee gives the trait
    (SetTrait). Without it, an un-Inspired holder that made no attack does not score it."""
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, tokens=TOKENS)
    assert bringer(s) is None
    s, _ = act(s, P2, {"type": "SetTrait", "fighter": TARGOR, "trait": "Priests", "reason": "its card"})
    assert fighter(s, TARGOR)["traits"] == ["priest"] and bringer(s) == 1
    s, _ = act(s, P1, {"type": "SetTrait", "fighter": TARGOR, "trait": "priest", "has": False})
    assert bringer(s) is None and effects.coverage_level("45003") == "automated"


def test_broad_shoulders_leader_and_priest_when_a_friendly_leader_is_out_of_action():
    """45023: +1 Wounds; if one or more friendly leaders are out of action, this fighter is a leader and a Priest
    (Bringer of the Dawn then counts it). Not while the leader (Garrek) survives."""
    from engine.underworlds.brethren import is_leader, is_priest
    kw = {"tokens": TOKENS, "upgrades": {TARGOR: ["45023"]}}
    alive = scenario({TARGOR: "c3", GARREK: "a1"}, **kw)
    st = load(alive)
    assert not is_leader(st, st.fighter(TARGOR)) and not is_priest(st, st.fighter(TARGOR)) and bringer(alive) is None
    down = scenario({TARGOR: "c3", GARREK: "a1"}, out_of_action={GARREK: True}, **kw)
    st = load(down)
    assert is_leader(st, st.fighter(TARGOR)) and is_priest(st, st.fighter(TARGOR)) and bringer(down) == 1
    assert effects.coverage_level("45023") == "automated"


def test_sparking_furore_holy_vessels_subtracted_2_from_a_successful_attack():
    """45010 (surge, dual): after an activation step in which your warband made a successful Attack action from
    whose distance the Holy Vessels ability subtracted 2 or more. The ability is in no source: the players log what it
    subtracted (HolyVessels, for the Attack action under way or the next of the step). 1 is not enough; a failed
    attack does not score it."""
    def play(subtracted, rolls):
        s = scenario({TARGOR: "c3", OBRYN: "c4"}, objectives={P1: ["45010"]})
        s, _ = act(s, P1, {"type": "HolyVessels", "subtracted": subtracted, "reason": "two friendly fighters between"})
        s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN}, FixedRng(rolls))
        while top(s)["kind"] != "power":
            seat = next(x for x in (P1, P2) if legal(s, x))
            options = legal(s, seat)
            s, _ = act(s, seat, next((a for a in options if a["type"] == "Pass"), options[0]))
        return "45010" in load(s).players[P1].scored
    assert play(2, atk("swords", "swords") + dfn("dodge"))
    assert not play(1, atk("swords", "swords") + dfn("dodge"))
    assert not play(2, atk("hammer", "hammer") + dfn("dodge"))
