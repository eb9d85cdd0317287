"""Rimewyrm's Bite cards automated in issue #19's first pass: Brief Emergence (48013), Here it Comes! (48017),
Puncturing Ice Shards (48019), Sprinting Fiend (48029). Each: its situation, its condition and effect, and its
refusal when the condition is false. Card texts: ``data/underworlds/cards.json``; rulings: "Cards automated in
issue #19" in ``docs/rulings/underworlds.md``."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.underworlds import effects
from engine.underworlds.system import dump, load
from tests.engine.underworlds.scenario import P1, P2, FixedRng, act, atk, fighter, legal, scenario, top, types

TARGOR, SAEK = "player1:targor", "player1:blooded-saek"
OBRYN, SEVERIN = "player2:obryn-the-bold", "player2:severin-steelheart"


def plays(s, seat, card):
    return [a for a in legal(s, seat) if a.get("card") == card]


# -- 48013 Brief Emergence -------------------------------------------------------------------------------------------


def test_brief_emergence_stagger_push_then_the_opponent_pushes_and_damages_another_fighter():
    """48013: choose a fighter, stagger it and push it 1 hex; then the opponent can choose another fighter: push it
    1 hex, then deal it 1 damage (§14 push; the opponent's choice is a step of theirs)."""
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", hands={P1: ["48013"]})
    s, ev = act(s, P1, {"type": "PlayPloy", "card": "48013", "target": OBRYN, "hex": "g8"})
    assert fighter(s, OBRYN)["hex"] == "g8" and fighter(s, OBRYN)["stagger"] == 1
    assert top(s)["kind"] == "card_choice" and {"type": "Pass"} in legal(s, P2)
    options = [a for a in legal(s, P2) if a["type"] == "ChooseForCard"]
    assert options and all(a["target"] == TARGOR for a in options)  # "another fighter": not Obryn
    s, ev = act(s, P2, {"type": "ChooseForCard", "card": "48013", "target": TARGOR, "hex": "c2"})
    assert fighter(s, TARGOR)["hex"] == "c2" and fighter(s, TARGOR)["wounds"] == 1
    assert top(s)["kind"] == "power" and s["players"][P1]["power_discard"] == ["48013"]
    assert effects.coverage_level("48013") == "automated"


def test_brief_emergence_opponent_may_decline_and_bad_choices_are_refused():
    """48013: "That opponent *can* choose": Pass declines; a fighter already chosen, or a push to a hex that is not
    free, is refused."""
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", hands={P1: ["48013"]})
    with pytest.raises(IllegalAction):
        act(s, P1, {"type": "PlayPloy", "card": "48013", "target": OBRYN, "hex": "c3"})  # not a 1-hex push
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "48013", "target": OBRYN, "hex": "g8"})
    with pytest.raises(IllegalAction):
        act(s, P2, {"type": "ChooseForCard", "card": "48013", "target": OBRYN, "hex": "h9"})
    s, ev = act(s, P2, {"type": "Pass"})
    assert "CardChoiceDeclined" in types(ev) and fighter(s, TARGOR)["wounds"] == 0


# -- 48019 Puncturing Ice Shards --------------------------------------------------------------------------------------


def test_puncturing_ice_shards_player_then_opponent_deal_1_damage_near_hazards():
    """48019 (Domain): 1 damage to a fighter within 1 hex of a hazard hex; then the opponent chooses a fighter within
    1 hex of a hazard hex and/or feature token: 1 damage to it."""
    s = scenario({TARGOR: "c3", SAEK: "g8", OBRYN: "f8"}, stage="power", hands={P1: ["48019"]},
                 tokens={"1": ("c4", "objective")})
    assert {a.get("target") for a in plays(s, P1, "48019")} == {SAEK, OBRYN}  # Targor is near no hazard
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "48019", "target": OBRYN})
    assert fighter(s, OBRYN)["wounds"] == 1 and top(s)["kind"] == "card_choice"
    targets = {a["target"] for a in legal(s, P2)}
    assert targets == {TARGOR, SAEK, OBRYN}  # Targor counts now: next to a feature token; no Pass
    s, _ = act(s, P2, {"type": "ChooseForCard", "card": "48019", "target": TARGOR})
    assert fighter(s, TARGOR)["wounds"] == 1 and [p["card"] for p in s["persisting"]] == ["48019"]


def test_puncturing_ice_shards_refused_far_from_hazards():
    """48019: a fighter not within 1 hex of a hazard hex cannot be chosen."""
    s = scenario({TARGOR: "c3", SAEK: "g8"}, stage="power", hands={P1: ["48019"]})
    with pytest.raises(IllegalAction):
        act(s, P1, {"type": "PlayPloy", "card": "48019", "target": TARGOR})


# -- 48017 Here it Comes! ---------------------------------------------------------------------------------------------


def _last_power_step(round_, until_round):
    st = load(scenario({TARGOR: "c3", SAEK: "c8", OBRYN: "h9", SEVERIN: "f7"}, stage="power", active=P2,
                       round_=round_, turns_taken=7))
    st.persisting = [{"card": "48017", "seat": P1, "until_round": until_round, "domain": True}]
    s, _ = act(dump(st), P2, {"type": "Pass"})
    return s


def test_here_it_comes_roll_off_winner_damages_each_fighter_in_a_territory():
    """48017: after the last power step in the next round the players roll off (§10.1); the winner picks one
    territory; 1 damage to each fighter in it (no one's territory is one to pick too)."""
    s = _last_power_step(2, 2)
    rolls = atk("critical", "hammer", "hammer", "hammer") + atk("hammer", "hammer", "hammer", "hammer")
    s, ev = act(s, P1, {"type": "Pass"}, FixedRng(rolls))
    assert "RollOff" in types(ev) and top(s)["kind"] == "card_choice"
    assert [a["territory"] for a in legal(s, P1)] == [P1, P2, "none"] and legal(s, P2) == []
    s, _ = act(s, P1, {"type": "ChooseForCard", "card": "48017", "territory": P2})
    hurt = {f["id"] for f in s["fighters"] if f["wounds"]}
    assert hurt == {SAEK, OBRYN, SEVERIN}  # c8, h9, f7 are player2's territory; Targor (c3) is not


def test_here_it_comes_nothing_in_the_round_it_was_played():
    """48017: "in the *next* round": played this round (until_round is the next), its last power step does nothing."""
    s = _last_power_step(1, 2)
    s, ev = act(s, P1, {"type": "Pass"})
    assert "RollOff" not in types(ev) and not any(f["wounds"] for f in s["fighters"])


# -- 48029 Sprinting Fiend -----------------------------------------------------------------------------------------------


def test_sprinting_fiend_full_sprint_two_moves_then_staggered_with_a_charge_marker():
    """48029: Full Sprint (super-action): two Move actions, then stagger this fighter and give it one Charge token."""
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, upgrades={TARGOR: ["48029"]})
    s, ev = act(s, P1, {"type": "UseCardAction", "fighter": TARGOR, "card": "48029"})
    assert top(s)["kind"] == "card_moves" and all(a["type"] == "Move" for a in legal(s, P1))
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c5"})
    s, ev = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c7"})
    f = fighter(s, TARGOR)
    assert (f["hex"], f["move"], f["charge"], f["stagger"]) == ("c7", 2, 1, 1)
    assert types(ev).index("FighterStaggered") < types(ev).index("PowerStepStarted")


def test_sprinting_fiend_refused_with_a_charge_marker_or_without_the_upgrade():
    """48029 and §13.3: a fighter with a Charge marker makes no Move or super-action; only its holder sprints."""
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, upgrades={TARGOR: ["48029"]}, charge={TARGOR: 1})
    assert not plays(s, P1, "48029")
    s = scenario({TARGOR: "c3", SAEK: "e3", OBRYN: "h9"}, upgrades={TARGOR: ["48029"]})
    with pytest.raises(IllegalAction):
        act(s, P1, {"type": "UseCardAction", "fighter": SAEK, "card": "48029"})
    s, _ = act(s, P1, {"type": "UseCardAction", "fighter": TARGOR, "card": "48029"})
    with pytest.raises(IllegalAction):
        act(s, P1, {"type": "Move", "fighter": SAEK, "to": "e4"})


# -- upgrades named by no other test ------------------------------------------------------------------------------------


def test_earth_shattering_tread_hexes_next_to_a_moved_holder_are_lethal_for_others():
    """48025: while this fighter has a Charge and/or Move marker, other fighters treat adjacent hexes as lethal."""
    from engine.underworlds import rules
    from engine.underworlds.hexgrid import Hex
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}, upgrades={TARGOR: ["48025"]}, move={TARGOR: 1}))
    assert rules.is_lethal(st, Hex.parse("c4"), st.fighter(OBRYN))
    assert not rules.is_lethal(st, Hex.parse("c4"), st.fighter(TARGOR))  # not for the holder
    st.fighter(TARGOR).move = 0
    assert not rules.is_lethal(st, Hex.parse("c4"), st.fighter(OBRYN))


def test_inured_to_hardship_heals_when_given_and_at_the_start_of_a_round():
    """48026: given to a fighter, Heal (1) it; Reaction at the start of a round: Heal (1) (not if Large)."""
    s = scenario({TARGOR: "c3"}, stage="power", hands={P1: ["48026"]}, glory={P1: 1}, wounds={TARGOR: 2})
    s, _ = act(s, P1, {"type": "PlayUpgrade", "card": "48026", "fighter": TARGOR})
    assert fighter(s, TARGOR)["wounds"] == 1
    st = load(s)
    assert effects.reaction_options(st, P1, {"round_start"}, {}) == [
        {"type": "PlayReaction", "card": "48026", "fighter": TARGOR}]
    st.fighter(TARGOR).wounds = 0
    assert effects.reaction_options(st, P1, {"round_start"}, {}) == []  # nothing to heal: not offered
