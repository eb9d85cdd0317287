"""Hungering Parasite cards (47001-47032), one test (or more) per card: its situation, its condition and effect, and
its refusal when the condition is false. The Bane of Heroes upgrade they refer to comes from a plot card in no
source: the players give, move and break it with the referee action ``BaneOfHeroes`` and the cards read where it is
(``parasite.py``; ruling "Bane of Heroes" in ``docs/rulings/underworlds.md``)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.underworlds import effects, parasite, rules
from engine.underworlds.hexgrid import Hex
from engine.underworlds.system import dump, load
from tests.engine.underworlds.scenario import (
    P1, P2, FixedRng, act, atk, dfn, fighter, legal, mag, scenario, top, types,
)

HP = "hungering-parasite-rivals"
TARGOR, SAEK, GARREK = "player1:targor", "player1:blooded-saek", "player1:garrek-gorebeard"
OBRYN, SEVERIN = "player2:obryn-the-bold", "player2:severin-steelheart"
TOKENS = {"1": ("c3", "objective"), "4": ("c9", "objective")}


def setup(fighters, bane=None, owner=P1, **kw):
    """Both players play the Hungering Parasite deck; ``bane``: the fighter with ``owner``'s Bane of Heroes."""
    st = load(scenario(fighters, decks=(HP, HP), **kw))
    st.players[owner].bane.holder = bane
    return dump(st)


def glory(card, moment="end", step_log=None, **kw):
    st = load(setup(**kw))
    st.step_log = step_log or {}
    return effects.objective_glory(st, P1, card, moment)


def plays(s, seat, card):
    return [a for a in legal(s, seat) if a.get("card") == card]


def reactions(s, seat, card):
    return [a for a in legal(s, seat) if a["type"] == "PlayReaction" and a["card"] == card]


def bane(s, seat=P1):
    return s["players"][seat]["bane"]


def attack(s, fighter_id, target, rolls, seat=P1):
    return act(s, seat, {"type": "Attack", "fighter": fighter_id, "attack": 0, "target": target}, FixedRng(rolls))


# -- the Bane of Heroes upgrade: the players' referee action -------------------------------------------------------


def test_bane_of_heroes_referee_action_gives_moves_and_breaks_it():
    """Ruling "Bane of Heroes": the plot's rules are unknown, so its owner logs it: given (or moved) to a fighter,
    or broken; each is a logged referee action, and only a warband playing the deck has one."""
    s = setup({TARGOR: "c3", OBRYN: "c5"})
    s, ev = act(s, P1, {"type": "BaneOfHeroes", "fighter": TARGOR})
    assert bane(s) == {"holder": TARGOR, "broken": False} and "RefereeAction" in types(ev)
    s, ev = act(s, P1, {"type": "BaneOfHeroes", "fighter": OBRYN, "reason": "the plot moved it"})
    assert bane(s)["holder"] == OBRYN and next(e for e in ev if e["type"] == "BaneOfHeroesGiven")["previous"] == TARGOR
    s, ev = act(s, P1, {"type": "BaneOfHeroes"})
    assert bane(s) == {"holder": None, "broken": True} and "BaneOfHeroesBroken" in types(ev)
    with pytest.raises(IllegalAction) as no_bane:
        act(s, P1, {"type": "BaneOfHeroes"})
    assert no_bane.value.code == "uw.referee.bane_not_given"
    other = scenario({TARGOR: "c3"})  # Rimewyrm's Bite: no plot, no Bane of Heroes
    with pytest.raises(IllegalAction) as no_plot:
        act(other, P1, {"type": "BaneOfHeroes", "fighter": TARGOR})
    assert no_plot.value.code == "uw.referee.no_bane_plot"


def test_bane_of_heroes_round_trips_and_stays_public():
    """The record is plain state: it survives the JSON round trip and both players see it."""
    from engine.underworlds.system import UnderworldsSystem
    s = setup({TARGOR: "c3"}, bane=TARGOR)
    assert dump(load(s)) == s
    assert UnderworldsSystem().view(s, P2)["players"][P1]["bane"]["holder"] == TARGOR


# -- objectives ------------------------------------------------------------------------------------------------------


def test_banes_triumph_the_holder_alone_in_enemy_territory():
    """47001 (dual, end): a friendly fighter with your Bane is in enemy territory, no other friendly fighter there."""
    assert glory("47001", fighters={TARGOR: "h9", SAEK: "a1"}, bane=TARGOR) == 2
    assert glory("47001", fighters={TARGOR: "h9", SAEK: "e10"}, bane=TARGOR) is None  # not alone
    assert glory("47001", fighters={TARGOR: "c3", SAEK: "a1"}, bane=TARGOR) is None  # own territory
    assert glory("47001", fighters={TARGOR: "h9", SAEK: "a1"}) is None  # nobody has it


def test_beyond_exhausted_the_holder_has_a_move_or_charge_marker():
    """47002 (end): the fighter with your Bane has one or more Move and/or Charge markers."""
    assert glory("47002", fighters={TARGOR: "c3"}, bane=TARGOR, charge={TARGOR: 1}) == 1
    assert glory("47002", fighters={OBRYN: "c5"}, bane=OBRYN, move={OBRYN: 1}) == 1
    assert glory("47002", fighters={TARGOR: "c3"}, bane=TARGOR) is None


def test_cursed_tyrant_four_upgrades_one_of_them_a_bane():
    """47003 (dual, end): a friendly fighter has 4 or more upgrades, one or more of them a Bane of Heroes upgrade."""
    three = ["48024", "48026", "48031"]
    assert glory("47003", fighters={TARGOR: "c3"}, bane=TARGOR, upgrades={TARGOR: three}) == 2
    assert glory("47003", fighters={TARGOR: "c3"}, upgrades={TARGOR: [*three, "48030"]}) is None  # no Bane
    assert glory("47003", fighters={TARGOR: "c3"}, bane=TARGOR, upgrades={TARGOR: three[:2]}) is None


def test_deadly_influence_holder_staggered_or_hurt_by_a_lethal_hex_in_the_activation_step():
    """47004 (surge): immediately after an activation step in which the fighter with your Bane was staggered or dealt
    damage by a lethal hex. Played through: the holder walks into lethal hex g9; scored at that step's surge step."""
    s = setup({TARGOR: "g8"}, bane=TARGOR, objectives={P1: ["47004"]})
    s, ev = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "g9"})
    assert s["players"][P1]["scored"] == ["47004"] and "FighterDamaged" in types(ev)
    assert glory("47004", "after_activation", {"staggered": [TARGOR]}, fighters={TARGOR: "c3"}, bane=TARGOR) == 1
    assert glory("47004", "after_activation", {"staggered": [SAEK]}, fighters={TARGOR: "c3"}, bane=TARGOR) is None
    assert glory("47004", "end", {"lethal_damage": [TARGOR]}, fighters={TARGOR: "c3"}, bane=TARGOR) is None
    s = setup({TARGOR: "g8"}, objectives={P1: ["47004"]})  # nobody has the Bane: not scored
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "g9"})
    assert s["players"][P1]["scored"] == []


def test_driven_by_the_curse_holder_made_a_successful_attack():
    """47005 (surge): immediately after an activation step in which the fighter with your Bane made a successful
    Attack action; a failed one is not enough."""
    s = setup({TARGOR: "c3", OBRYN: "c4"}, bane=TARGOR, objectives={P1: ["47005"]})
    s, _ = attack(s, TARGOR, OBRYN, atk("swords", "swords") + dfn("dodge"))
    s, _ = act(s, P1, {"type": "Pass"}) if top(s)["kind"] == "attack" else (s, [])  # no drive back
    assert s["players"][P1]["scored"] == ["47005"]
    s = setup({TARGOR: "c3", OBRYN: "c4"}, bane=TARGOR, objectives={P1: ["47005"]})
    s, _ = attack(s, TARGOR, OBRYN, atk("hammer", "hammer") + dfn("dodge"))
    assert s["players"][P1]["scored"] == []


def test_far_and_wide_holder_holds_an_objective_one_more_in_enemy_territory():
    """47006 (end): the fighter with your Bane holds an objective; +1 glory if that objective is in enemy territory."""
    assert glory("47006", fighters={TARGOR: "c3"}, bane=TARGOR, tokens=TOKENS) == 1
    assert glory("47006", fighters={TARGOR: "c9"}, bane=TARGOR, tokens=TOKENS) == 2
    assert glory("47006", fighters={TARGOR: "c4"}, bane=TARGOR, tokens=TOKENS) is None


def test_powerful_pawn_an_enemy_leader_or_a_friendly_leader_in_enemy_territory_has_your_bane():
    """47007 (hybrid, end): an enemy leader has your Bane, or a friendly leader in enemy territory has it."""
    assert glory("47007", fighters={SEVERIN: "c5"}, bane=SEVERIN) == 2
    assert glory("47007", fighters={GARREK: "h9"}, bane=GARREK) == 2
    assert glory("47007", fighters={GARREK: "c3"}, bane=GARREK) is None  # own territory
    assert glory("47007", fighters={TARGOR: "h9"}, bane=TARGOR) is None  # not a leader


def test_seek_the_cure_holder_on_an_objective_with_two_move_markers():
    """47008 (surge, dual): after an activation step, the fighter with your Bane holds an objective and has two or
    more Move markers."""
    kw = dict(fighters={TARGOR: "c3"}, bane=TARGOR, tokens=TOKENS)
    assert glory("47008", "after_activation", move={TARGOR: 2}, **kw) == 1
    assert glory("47008", "after_activation", move={TARGOR: 1}, **kw) is None
    assert glory("47008", "after_activation", fighters={TARGOR: "c4"}, bane=TARGOR, tokens=TOKENS,
                 move={TARGOR: 2}) is None


def test_temporary_reprieve_your_bane_was_broken_in_the_activation_step():
    """47009 (surge): immediately after an activation step in which your Bane was broken (here by the referee
    action during the step, then a Guard action ends it)."""
    s = setup({TARGOR: "c3"}, bane=TARGOR, objectives={P1: ["47009"]})
    s, _ = act(s, P1, {"type": "BaneOfHeroes"})
    s, _ = act(s, P1, {"type": "Guard", "fighter": TARGOR})
    assert s["players"][P1]["scored"] == ["47009"]
    s = setup({TARGOR: "c3"}, bane=TARGOR, objectives={P1: ["47009"]})
    s, _ = act(s, P1, {"type": "Guard", "fighter": TARGOR})
    assert s["players"][P1]["scored"] == []


def test_the_clutches_of_evil_an_enemy_fighter_has_your_bane():
    """47010 (surge): immediately after an activation step, an enemy fighter has your Bane."""
    assert glory("47010", "after_activation", fighters={OBRYN: "c5"}, bane=OBRYN) == 1
    assert glory("47010", "after_activation", fighters={TARGOR: "c3"}, bane=TARGOR) is None
    assert glory("47010", "end", fighters={OBRYN: "c5"}, bane=OBRYN) is None


def test_their_problem_now_more_survivors_and_an_enemy_has_your_bane():
    """47011 (dual, end): more surviving friendly than enemy fighters, and an enemy fighter has your Bane."""
    assert glory("47011", fighters={TARGOR: "c3", SAEK: "a1", OBRYN: "c5"}, bane=OBRYN) == 2
    assert glory("47011", fighters={TARGOR: "c3", OBRYN: "c5", SEVERIN: "c7"}, bane=OBRYN) is None
    assert glory("47011", fighters={TARGOR: "c3", SAEK: "a1", OBRYN: "c5"}, bane=TARGOR) is None


def test_thwarted_destiny_bane_given_to_an_inspired_fighter_or_its_holder_taken_out():
    """47012 (surge, hybrid): immediately after an inspire step, if you gave your Bane to an Inspired fighter in that
    step, or the fighter with your Bane was taken out of action."""
    given = {"bane": [{"seat": P1, "event": "given", "fighter": OBRYN, "inspired": True}]}
    assert glory("47012", "before_activation", given, fighters={OBRYN: "c5"}, bane=OBRYN) == 1
    not_inspired = {"bane": [{"seat": P1, "event": "given", "fighter": OBRYN, "inspired": False}]}
    assert glory("47012", "after_power", not_inspired, fighters={OBRYN: "c5"}, bane=OBRYN) is None
    out = {"out_of_action": [{"fighter": OBRYN, "seat": P2, "source": {}}]}
    assert glory("47012", "after_activation", out, fighters={OBRYN: "c5"}, bane=OBRYN) == 1
    assert glory("47012", "after_activation", out, fighters={OBRYN: "c5"}, bane=SEVERIN) is None
    assert glory("47012", "end", given, fighters={OBRYN: "c5"}, bane=OBRYN) is None
    # Played through: the holder taken out of action by an attack; the surge step after that activation scores it.
    s = setup({TARGOR: "c3", OBRYN: "c4"}, bane=OBRYN, objectives={P1: ["47012"]}, wounds={OBRYN: 3})
    s, _ = attack(s, TARGOR, OBRYN, atk("swords", "swords") + dfn("dodge"))
    assert fighter(s, OBRYN)["out_of_action"] and s["players"][P1]["scored"] == ["47012"]
    # Played through: the referee gives it to an Inspired fighter, and the next surge step scores it.
    s = setup({TARGOR: "c3", OBRYN: "c5"}, objectives={P1: ["47012"]}, inspired={OBRYN: True})
    s, _ = act(s, P1, {"type": "BaneOfHeroes", "fighter": OBRYN})
    s, _ = act(s, P1, {"type": "Guard", "fighter": TARGOR})
    assert s["players"][P1]["scored"] == ["47012"]


# -- ploys -----------------------------------------------------------------------------------------------------------


def test_a_curse_divided_breaks_the_banes_of_a_fighter_adjacent_to_another():
    """47013: a fighter with Banes adjacent to one or more fighters: break its Banes. Not playable otherwise."""
    s = setup({TARGOR: "c3", OBRYN: "c4"}, bane=TARGOR, stage="power", hands={P1: ["47013"]})
    assert plays(s, P1, "47013") == [{"type": "PlayPloy", "card": "47013", "target": TARGOR}]
    s, _ = act(s, P1, plays(s, P1, "47013")[0])
    assert bane(s) == {"holder": None, "broken": True} and "47013" in s["players"][P1]["power_discard"]
    assert not plays(setup({TARGOR: "c3", OBRYN: "h9"}, bane=TARGOR, stage="power", hands={P1: ["47013"]}), P1, "47013")


def test_lure_of_power_breaks_the_banes_of_a_fighter_on_an_objective():
    """47014: a fighter with Banes on an objective: break its Banes. Not playable off an objective."""
    s = setup({TARGOR: "c3"}, bane=TARGOR, stage="power", hands={P1: ["47014"]}, tokens=TOKENS)
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "47014", "target": TARGOR})
    assert bane(s)["holder"] is None and bane(s)["broken"]
    assert not plays(setup({TARGOR: "c4"}, bane=TARGOR, stage="power", hands={P1: ["47014"]}, tokens=TOKENS),
                     P1, "47014")


def test_malefic_siphon_heals_the_holder_and_damages_another_within_3_hexes():
    """47015: Heal (1) the fighter with your Bane, then 1 damage to another fighter within 3 hexes of it."""
    s = setup({TARGOR: "c3", OBRYN: "c5"}, bane=TARGOR, stage="power", hands={P1: ["47015"]}, wounds={TARGOR: 1})
    assert plays(s, P1, "47015") == [{"type": "PlayPloy", "card": "47015", "fighter": TARGOR, "target": OBRYN}]
    s, _ = act(s, P1, plays(s, P1, "47015")[0])
    assert fighter(s, TARGOR)["wounds"] == 0 and fighter(s, OBRYN)["wounds"] == 1
    far = setup({TARGOR: "c3", OBRYN: "h9"}, bane=TARGOR, stage="power", hands={P1: ["47015"]})
    assert plays(far, P1, "47015") == [{"type": "PlayPloy", "card": "47015", "fighter": TARGOR}]  # heal only
    assert not plays(setup({TARGOR: "c3"}, stage="power", hands={P1: ["47015"]}), P1, "47015")


def test_opportunistic_leech_breaks_your_bane_after_a_move_ends_next_to_its_holder():
    """47016: Reaction after a fighter ends a Move action adjacent to the fighter with your Bane: break it."""
    s = setup({TARGOR: "c3", SAEK: "c6"}, bane=TARGOR, hands={P1: ["47016"]})
    s, _ = act(s, P1, {"type": "Move", "fighter": SAEK, "to": "c4"})
    assert reactions(s, P1, "47016") == [{"type": "PlayReaction", "card": "47016"}]
    s, _ = act(s, P1, reactions(s, P1, "47016")[0])
    assert bane(s)["broken"] and "47016" in s["players"][P1]["power_discard"]
    s = setup({TARGOR: "c3", SAEK: "c6"}, bane=TARGOR, hands={P1: ["47016"]})
    s, _ = act(s, P1, {"type": "Move", "fighter": SAEK, "to": "e6"})
    assert not reactions(s, P1, "47016")


def test_pulse_of_hunger_rolls_for_each_fighter_within_1_hex_the_holder_included():
    """47017: a magic dice for each fighter within 1 hex of the fighter with your Bane: a critical deals 1 damage,
    any other result staggers. Not playable without a Bane. The chosen fighter rolls too: seed 000 line 422, "siempre
    se considera que un guerrero está a cero hexágonos de sí mismo" (0 is within 1)."""
    s = setup({TARGOR: "c3", SEVERIN: "c2", OBRYN: "c4"}, bane=TARGOR, stage="power", hands={P1: ["47017"]})
    s, ev = act(s, P1, {"type": "PlayPloy", "card": "47017", "fighter": TARGOR},
                FixedRng(mag("channel", "channel", "critical")))
    assert [e["fighter"] for e in ev if e["type"] == "CardDiceRolled"] == [TARGOR, SEVERIN, OBRYN]
    assert fighter(s, SEVERIN)["stagger"] == 1 and fighter(s, SEVERIN)["wounds"] == 0
    assert fighter(s, OBRYN)["wounds"] == 1 and fighter(s, TARGOR)["stagger"] == 1
    assert not plays(setup({TARGOR: "c3", OBRYN: "c4"}, stage="power", hands={P1: ["47017"]}), P1, "47017")


def test_sudden_swap_swaps_two_friendly_fighters_when_one_has_your_bane():
    """47018: two friendly fighters, one with your Bane: each is placed in the other's hex. Not without it."""
    s = setup({TARGOR: "c3", SAEK: "a1"}, bane=TARGOR, stage="power", hands={P1: ["47018"]})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "47018", "fighter": TARGOR, "target": SAEK})
    assert (fighter(s, TARGOR)["hex"], fighter(s, SAEK)["hex"]) == ("a1", "c3")
    assert not plays(setup({TARGOR: "c3", SAEK: "a1"}, stage="power", hands={P1: ["47018"]}), P1, "47018")
    enemy_has_it = setup({TARGOR: "c3", SAEK: "a1", OBRYN: "c5"}, bane=OBRYN, stage="power", hands={P1: ["47018"]})
    assert not plays(enemy_has_it, P1, "47018")


def test_the_curse_demands_pushes_a_fighter_with_banes_1_hex():
    """47020: a fighter that has one or more Banes (any warband's): push it 1 hex. Not playable without one."""
    s = setup({TARGOR: "c3", OBRYN: "c5"}, bane=OBRYN, stage="power", hands={P1: ["47020"]})
    options = plays(s, P1, "47020")
    assert options and {a["target"] for a in options} == {OBRYN}
    s, _ = act(s, P1, options[0])
    assert fighter(s, OBRYN)["hex"] == options[0]["hex"]
    assert not plays(setup({TARGOR: "c3", OBRYN: "c5"}, stage="power", hands={P1: ["47020"]}), P1, "47020")


def test_the_curse_hungers_a_failing_attack_ends_and_a_new_one_at_the_same_target_follows():
    """47022: Reaction after the defence roll if a friendly fighter's Attack action would fail: the combat sequence
    ends and that fighter makes an Attack action at the same enemy. Not for a fighter without a Bane."""
    s = setup({TARGOR: "c3", OBRYN: "c4", SEVERIN: "d3"}, bane=TARGOR, hands={P1: ["47022"]})
    s, _ = attack(s, TARGOR, OBRYN, atk("hammer", "hammer") + dfn("dodge"))
    assert reactions(s, P1, "47022") == [{"type": "PlayReaction", "card": "47022"}]
    s, _ = act(s, P1, reactions(s, P1, "47022")[0])
    assert top(s)["kind"] == "card_attacks"
    assert {a["target"] for a in legal(s, P1) if a["type"] == "Attack"} == {OBRYN}  # the same enemy only
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "swords") + dfn("dodge")))
    assert fighter(s, OBRYN)["wounds"] == 1
    s = setup({TARGOR: "c3", OBRYN: "c4"}, hands={P1: ["47022"]})
    s, _ = attack(s, TARGOR, OBRYN, atk("hammer", "hammer") + dfn("dodge"))
    assert not reactions(s, P1, "47022")


# -- upgrades whose own text is the Bane of Heroes ---------------------------------------------------------------------


def test_divine_fortitude_breaks_the_banes_and_inspires_and_refuses_bane_damage():
    """47025: cannot be dealt damage by a Bane of Heroes upgrade; Reaction after you give it to a fighter with Banes:
    break them, then Inspire this fighter. No reaction for a fighter without a Bane."""
    s = setup({TARGOR: "c3"}, bane=TARGOR, stage="power", hands={P1: ["47025"]}, glory={P1: 1})
    s, _ = act(s, P1, {"type": "PlayUpgrade", "card": "47025", "fighter": TARGOR})
    assert reactions(s, P1, "47025") == [{"type": "PlayReaction", "card": "47025", "fighter": TARGOR}]
    s, _ = act(s, P1, reactions(s, P1, "47025")[0])
    assert bane(s)["broken"] and fighter(s, TARGOR)["inspired"]
    st = load(s)
    assert effects.prevent_damage(st, st.fighter(TARGOR), 1, {"kind": "card", "card": parasite.BANE_DAMAGE}) == 0
    with pytest.raises(IllegalAction) as refused:
        act(s, P2, {"type": "AdjustWounds", "fighter": TARGOR, "delta": 1, "card": parasite.BANE_DAMAGE})
    assert refused.value.code == "uw.referee.divine_fortitude"
    s = setup({TARGOR: "c3"}, stage="power", hands={P1: ["47025"]}, glory={P1: 1})
    s, _ = act(s, P1, {"type": "PlayUpgrade", "card": "47025", "fighter": TARGOR})
    assert not reactions(s, P1, "47025")


def test_tenacious_resilience_breaks_banes_when_given_and_heals_when_a_bane_is_given():
    """47030: Reaction after you give it to a fighter with Banes: break them. Reaction when this fighter is given a
    Bane: Heal (2) (Large: Heal (1)), then break this card."""
    s = setup({TARGOR: "c3"}, bane=TARGOR, stage="power", hands={P1: ["47030"]}, glory={P1: 1})
    s, _ = act(s, P1, {"type": "PlayUpgrade", "card": "47030", "fighter": TARGOR})
    s, _ = act(s, P1, reactions(s, P1, "47030")[0])
    assert bane(s)["broken"] and fighter(s, TARGOR)["upgrades"] == ["47030"]
    s = setup({TARGOR: "c3"}, upgrades={TARGOR: ["47030"]}, wounds={TARGOR: 1})
    s, _ = act(s, P1, {"type": "BaneOfHeroes", "fighter": TARGOR})
    assert reactions(s, P1, "47030") == [{"type": "PlayReaction", "card": "47030", "fighter": TARGOR}]
    s, _ = act(s, P1, reactions(s, P1, "47030")[0])
    assert fighter(s, TARGOR)["wounds"] == 0 and fighter(s, TARGOR)["upgrades"] == []
    assert "47030" in s["players"][P1]["power_discard"]
    s = setup({TARGOR: "c3", SAEK: "a1"}, upgrades={TARGOR: ["47030"]}, wounds={TARGOR: 1})
    s, _ = act(s, P1, {"type": "BaneOfHeroes", "fighter": SAEK})  # another fighter: no reaction
    assert not reactions(s, P1, "47030")


def test_weakened_soul_given_free_after_a_bane_is_given_and_only_to_a_bane_holder():
    """47031: can be given to enemy fighters, -1 Wounds, only to a fighter with Banes; Reaction after a fighter is
    given the Bane: give that fighter this upgrade without spending glory."""
    s = setup({TARGOR: "c3", OBRYN: "c5"}, hands={P1: ["47031"]})
    s, _ = act(s, P1, {"type": "BaneOfHeroes", "fighter": OBRYN})
    assert reactions(s, P1, "47031") == [{"type": "PlayReaction", "card": "47031", "target": OBRYN}]
    s, _ = act(s, P1, reactions(s, P1, "47031")[0])
    st = load(s)
    assert st.fighter(OBRYN).upgrades == ["47031"] and rules.wounds(st, st.fighter(OBRYN)) == 3
    assert st.players[P1].glory_spent == 0 and "47031" not in st.players[P1].power
    s = setup({TARGOR: "c3", OBRYN: "c5"}, stage="power", hands={P1: ["47031"]}, glory={P1: 1})
    assert not plays(s, P1, "47031")  # nobody has a Bane
    s = setup({TARGOR: "c3", OBRYN: "c5"}, bane=OBRYN, stage="power", hands={P1: ["47031"]}, glory={P1: 1})
    assert plays(s, P1, "47031") == [{"type": "PlayUpgrade", "card": "47031", "fighter": OBRYN}]


# -- the other cards without a Bane of Heroes ------------------------------------------------------------------------


def test_careful_aim_rerolls_one_die_against_a_target_with_two_wounds():
    """47023: re-roll one attack die if the target has two or more wound counters; none with fewer."""
    st = load(scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: ["47023"]}, wounds={OBRYN: 2}))
    assert effects.extra_attack_rerolls(st, st.fighter(TARGOR), st.fighter(OBRYN)) == 1
    st.fighter(OBRYN).wounds = 1
    assert effects.extra_attack_rerolls(st, st.fighter(TARGOR), st.fighter(OBRYN)) == 0


def test_despairing_strength_gives_range_1_attacks_grievous_1():
    """47024: this fighter's Range 1 Attack actions have Grievous 1 (other ranges unchanged)."""
    with_card = load(scenario({TARGOR: "c3"}, upgrades={TARGOR: ["47024"]}))
    without = load(scenario({TARGOR: "c3"}))
    for a, b in zip(rules.attacks(with_card, with_card.fighter(TARGOR)), rules.attacks(without, without.fighter(TARGOR))):
        assert a["grievous"] == b["grievous"] + (1 if b["range"] == 1 else 0)


def test_fury_bound_leaps_removes_a_move_marker_after_a_barge():
    """47027: Reaction after this fighter's Barge super-action: remove one of its Move markers; not after a Stun."""
    s = scenario({TARGOR: "c3", OBRYN: "c5"}, upgrades={TARGOR: ["47027"]})
    s, _ = act(s, P1, {"type": "Barge", "fighter": TARGOR, "to": "c4"})
    s, _ = act(s, P1, {"type": "Stun", "fighter": TARGOR, "target": OBRYN})
    assert reactions(s, P1, "47027") and fighter(s, TARGOR)["move"] == 1
    s, _ = act(s, P1, reactions(s, P1, "47027")[0])
    assert fighter(s, TARGOR)["move"] == 0
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: ["47027"]}, move={TARGOR: 1})
    s, _ = act(s, P1, {"type": "Stun", "fighter": TARGOR, "target": OBRYN})
    assert not reactions(s, P1, "47027")


def test_stolen_vigour_removes_a_move_marker_after_a_second_activation():
    """47029: Reaction after this fighter's second or later activation in a phase: remove one Move marker."""
    s = scenario({TARGOR: "c3"}, upgrades={TARGOR: ["47029"]}, activations={TARGOR: 1})
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c4"})
    assert reactions(s, P1, "47029")
    s, _ = act(s, P1, reactions(s, P1, "47029")[0])
    assert fighter(s, TARGOR)["move"] == 0
    s = scenario({TARGOR: "c3"}, upgrades={TARGOR: ["47029"]})  # its first activation: not offered
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c4"})
    assert not reactions(s, P1, "47029")


def test_weakened_soul_taking_the_target_out_while_rerolls_wait_fails_the_attack():
    """§19.2: a target no longer on the battlefield at a step of the attack makes it fail. Found by random play: the
    Bane given (a referee action) while the attacker chose re-rolls, Weakened Soul's -1 Wounds took the target out."""
    s = setup({TARGOR: "c3", OBRYN: "c4"}, hands={P2: ["47031"]}, wounds={OBRYN: 3}, stagger={OBRYN: 1})
    s, _ = attack(s, TARGOR, OBRYN, atk("hammer", "hammer"))
    assert top(s)["stage"] == "reroll"
    s, _ = act(s, P2, {"type": "BaneOfHeroes", "fighter": OBRYN})
    s, ev = act(s, P2, {"type": "PlayReaction", "card": "47031", "target": OBRYN})
    assert fighter(s, OBRYN)["out_of_action"] and "AttackFailed" in types(ev)
    assert top(s)["kind"] != "attack"


# -- the Bane of Heroes parts of the other cards -----------------------------------------------------------------------


def test_tempting_lure_pushes_up_to_3_hexes_closer_to_a_mover_with_a_bane():
    """47019: Reaction after a fighter's Move action: push a friendly fighter 1 hex closer to it, up to 3 hexes
    closer if the mover has one or more Banes."""
    s = setup({TARGOR: "c3", OBRYN: "c9"}, bane=TARGOR, hands={P2: ["47019"]})
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c5"})
    far = {a["hex"] for a in reactions(s, P2, "47019")}
    assert "c6" in far and all(1 <= Hex.parse(h).distance(Hex.parse("c9")) <= 3 for h in far)
    s, _ = act(s, P2, {"type": "PlayReaction", "card": "47019", "target": OBRYN, "hex": "c6"})
    assert fighter(s, OBRYN)["hex"] == "c6"
    s = setup({TARGOR: "c3", OBRYN: "c9"}, hands={P2: ["47019"]})
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c5"})
    near = {a["hex"] for a in reactions(s, P2, "47019")}  # 1 hex only, without a Bane
    assert near and "c6" not in near and all(Hex.parse(h).distance(Hex.parse("c9")) == 1 for h in near)


def test_the_curse_empowers_plus_1_damage_for_a_fighter_with_a_bane():
    """47021: the first Range 1-2 Attack action next activation step has Grievous 1, or +1 Damage for the first
    Attack action if its fighter has a Bane."""
    st = load(setup({TARGOR: "c3"}, bane=TARGOR))
    profile = rules.attacks(st, st.fighter(TARGOR))[0]
    assert parasite.curse_empowers(st, st.fighter(TARGOR), profile, first=True)["damage"] == profile["damage"] + 1
    later = parasite.curse_empowers(st, st.fighter(TARGOR), profile, first=False)  # not the first: Grievous 1
    assert later["grievous"] == 1 and later["damage"] == profile["damage"]
    st.players[P1].bane.holder = None
    empowered = parasite.curse_empowers(st, st.fighter(TARGOR), profile, first=True)
    assert empowered["grievous"] == 1 and empowered["damage"] == profile["damage"]
    assert parasite.curse_empowers(st, st.fighter(TARGOR), {**profile, "range": 3}, first=True) is None


def test_the_curse_empowers_played_through_a_bane_holder_hits_for_1_more():
    """47021 through play: played in the opponent's power step, the next activation step's first Attack action (a
    plain hit, no critical) by the fighter with a Bane deals Damage 1 + 1."""
    s = setup({TARGOR: "c3", OBRYN: "c4"}, bane=TARGOR, stage="power", hands={P1: ["47021"]}, active=P2,
              turns_taken=1)
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "47021"})
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Pass"})
    s, _ = attack(s, TARGOR, OBRYN, atk("swords", "hammer") + dfn("dodge"))
    assert fighter(s, OBRYN)["wounds"] == 2 and "47021" in s["players"][P1]["power_discard"]


def test_careful_aim_plus_1_dice_against_a_target_with_a_bane():
    """47023: +1 Dice to this fighter's Attack actions at a target with one or more Banes (its re-roll: the other
    test file's first version, test_card_automation)."""
    s = setup({TARGOR: "c3", OBRYN: "c4"}, bane=OBRYN, upgrades={TARGOR: ["47023"]})
    s, ev = attack(s, TARGOR, OBRYN, atk("hammer", "hammer", "hammer") + dfn("dodge"))
    assert len(next(e for e in ev if e["type"] == "AttackRolled")["dice"]) == 3
    s = setup({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: ["47023"]})
    s, ev = attack(s, TARGOR, OBRYN, atk("hammer", "hammer") + dfn("dodge"))
    assert len(next(e for e in ev if e["type"] == "AttackRolled")["dice"]) == 2


def test_despairing_strength_plus_1_damage_instead_with_a_bane():
    """47024: Range 1 Attack actions have Grievous 1, or +1 Damage instead if this fighter has a Bane."""
    st = load(setup({TARGOR: "c3"}, bane=TARGOR, upgrades={TARGOR: ["47024"]}))
    a = rules.attacks(st, st.fighter(TARGOR))[0]
    assert (a["damage"], a["grievous"]) == (2, 0)
    st.players[P1].bane.holder = None
    a = rules.attacks(st, st.fighter(TARGOR))[0]
    assert (a["damage"], a["grievous"]) == (1, 1)


def test_frenetic_efforts_attack_after_the_push_with_a_bane():
    """47026: Reaction after this fighter's Stun action: push it 1 hex; then, with a Bane, it makes a Range 1 Attack
    action. Without a Bane the push only."""
    s = setup({TARGOR: "c3", OBRYN: "c4", SEVERIN: "d3"}, bane=TARGOR, upgrades={TARGOR: ["47026"]})
    s, _ = act(s, P1, {"type": "Stun", "fighter": TARGOR, "target": OBRYN})
    push = next(r for r in reactions(s, P1, "47026") if r["hex"] == "c2")
    s, _ = act(s, P1, push)
    assert fighter(s, TARGOR)["hex"] == "c2" and top(s)["kind"] == "card_attacks"
    assert {a["target"] for a in legal(s, P1) if a["type"] == "Attack"} == {SEVERIN}  # Range 1 from c2
    s = setup({TARGOR: "c3", OBRYN: "c4", SEVERIN: "d3"}, upgrades={TARGOR: ["47026"]})
    s, _ = act(s, P1, {"type": "Stun", "fighter": TARGOR, "target": OBRYN})
    s, _ = act(s, P1, next(r for r in reactions(s, P1, "47026") if r["hex"] == "c2"))
    assert top(s)["kind"] != "card_attacks"


def test_fury_bound_leaps_flying_with_a_bane():
    """47027: with one or more Banes this fighter has the Flying trait; without, it does not."""
    st = load(setup({TARGOR: "c3"}, bane=TARGOR, upgrades={TARGOR: ["47027"]}))
    assert rules.is_flyer(st, st.fighter(TARGOR))
    st.players[P1].bane.holder = None
    assert not rules.is_flyer(st, st.fighter(TARGOR))


def test_instinctive_reprisal_rolls_for_2_damage_with_a_bane():
    """47028: 1 damage to the adjacent attacker after a successful attack on this fighter; with a Bane, roll one
    attack dice: on a hammer, 2 damage instead."""
    rolls = atk("hammer", "hammer") + dfn("single_support")  # Obryn hits Garrek (4 Wounds) for 3
    s = setup({GARREK: "c3", OBRYN: "c4"}, bane=GARREK, upgrades={GARREK: ["47028"]}, active=P2)
    s, _ = attack(s, OBRYN, GARREK, rolls, seat=P2)
    s, ev = act(s, P1, reactions(s, P1, "47028")[0], FixedRng(atk("hammer")))
    assert fighter(s, OBRYN)["wounds"] == 2 and "CardDiceRolled" in types(ev)
    s = setup({GARREK: "c3", OBRYN: "c4"}, bane=GARREK, upgrades={GARREK: ["47028"]}, active=P2)
    s, _ = attack(s, OBRYN, GARREK, rolls, seat=P2)
    s, _ = act(s, P1, reactions(s, P1, "47028")[0], FixedRng(atk("swords")))
    assert fighter(s, OBRYN)["wounds"] == 1  # not a hammer: 1 damage
    s = setup({GARREK: "c3", OBRYN: "c4"}, upgrades={GARREK: ["47028"]}, active=P2)
    s, _ = attack(s, OBRYN, GARREK, rolls, seat=P2)
    s, ev = act(s, P1, reactions(s, P1, "47028")[0])
    assert fighter(s, OBRYN)["wounds"] == 1 and "CardDiceRolled" not in types(ev)  # no roll without a Bane


def test_stolen_vigour_removes_a_charge_marker_and_breaks_with_a_bane():
    """47029: after this fighter's second or later activation, remove a Move marker; with a Bane, a Charge marker
    instead, and then break this card. The Charge choice is not offered without a Bane."""
    s = setup({TARGOR: "c3"}, bane=TARGOR, upgrades={TARGOR: ["47029"]}, activations={TARGOR: 1}, charge={TARGOR: 1})
    s, _ = act(s, P1, {"type": "Guard", "fighter": TARGOR})  # a charged fighter can still Guard
    assert reactions(s, P1, "47029") == [{"type": "PlayReaction", "card": "47029", "fighter": TARGOR,
                                          "marker": "charge"}]
    s, _ = act(s, P1, reactions(s, P1, "47029")[0])
    assert fighter(s, TARGOR)["charge"] == 0
    assert "47029" not in fighter(s, TARGOR)["upgrades"] and "47029" in s["players"][P1]["power_discard"]
    s = setup({TARGOR: "c3"}, upgrades={TARGOR: ["47029"]}, activations={TARGOR: 1}, charge={TARGOR: 1})
    s, _ = act(s, P1, {"type": "Guard", "fighter": TARGOR})
    assert not reactions(s, P1, "47029")  # no Move marker, and the Charge one needs a Bane


def test_wicked_aim_plus_2_range_with_a_bane_and_breaks_after_a_range_4_attack():
    """47032: +1 Range, or +2 with a Bane (never Scything); after a Range 4+ Attack action, break this card."""
    st = load(setup({TARGOR: "c3"}, bane=TARGOR, upgrades={TARGOR: ["47032"]}))
    assert rules.attacks(st, st.fighter(TARGOR))[0]["range"] == 3
    st.players[P1].bane.holder = None
    assert rules.attacks(st, st.fighter(TARGOR))[0]["range"] == 2
    # A Range 4+ Attack action breaks it: Targor's Range 1 attack with a Bane is Range 3, so stretch it by one.
    s = setup({TARGOR: "c3", OBRYN: "c4"}, bane=TARGOR, upgrades={TARGOR: ["47032"]})
    st = load(s)
    ctx_profile = {**rules.attacks(st, st.fighter(TARGOR))[0], "range": 4}
    from engine.core.rng import SeededRng
    from engine.underworlds.flow import Ctx
    ctx = Ctx(st, SeededRng(bytes(32)))
    parasite.after_attack(ctx, {"attacker": TARGOR, "target": OBRYN, "seat": P1, "profile": ctx_profile})
    assert "47032" not in st.fighter(TARGOR).upgrades and "47032" in st.players[P1].power_discard
    parasite.after_attack(ctx, {"attacker": TARGOR, "target": OBRYN, "seat": P1,
                                "profile": {**ctx_profile, "range": 3}})  # nothing left to break, no error


@pytest.mark.parametrize("seed", [3, 98])
def test_random_play_with_bane_of_heroes_given_and_broken_keeps_the_state_whole(seed):
    """Whole random matches on the Hungering Parasite deck with the players giving and breaking their Banes at random
    moments (mid-attack too): every action applies, hidden hands stay hidden, and the state round-trips through JSON.
    Seed 98 once re-rolled against a target Weakened Soul had taken out (test above)."""
    import random

    from engine.core.rng import SeededRng
    from engine.underworlds.flow import legal as legal_now
    from engine.underworlds.system import UnderworldsSystem, apply_state

    system, rng, pick = UnderworldsSystem(), SeededRng(seed.to_bytes(32, "big")), random.Random(seed)
    state = load(system.setup({}, (P1, P2), rng))
    weights = {"Attack": 30, "Charge": 20, "PlayUpgrade": 8, "PlayReaction": 12, "PlayPloy": 10}
    for _ in range(3000):
        if state.outcome is not None:
            break
        seat = pick.choice((P1, P2))
        if state.phase == "action" and state.players[seat].deck == HP and pick.random() < 0.08:
            alive = [f.id for f in state.fighters if f.on_battlefield]
            give = {"fighter": pick.choice(alive)} if alive and pick.random() < 0.75 else {}
            try:
                apply_state(state, seat, {"type": "BaneOfHeroes", **give}, rng)
            except IllegalAction:
                pass
            continue
        choices = [(s, a) for s in (P1, P2) for a in legal_now(state, s)]
        decks = [c for c in choices if c[1]["type"] == "ChooseDeck" and c[1].get("deck") == HP]
        seat, action = decks[0] if decks else pick.choices(choices, [weights.get(a["type"], 1) for _, a in choices])[0]
        apply_state(state, seat, action, rng)
        s = dump(state)
        assert dump(load(s)) == s
        other = system.view(s, P2)["players"][P1]
        assert set(other.get("power") or []) <= {"hidden"} and set(other.get("objectives") or []) <= {"hidden"}
    assert state.outcome is not None
