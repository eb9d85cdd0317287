"""The power step (digest §23): alternate options until two passes in a row; ploys, upgrades, delve, Domain."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from tests.engine.underworlds.scenario import P1, P2, FixedRng, act, fighter, legal, scenario, top, types

TARGOR, SAEK, OBRYN, SEVERIN = "player1:targor", "player1:blooded-saek", "player2:obryn-the-bold", \
    "player2:severin-steelheart"


def test_power_step_ends_after_two_passes_in_succession():
    """§23: the active player first; it ends when both players pass in succession."""
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", hands={P2: ["45017"]})
    s, _ = act(s, P1, {"type": "Pass"})
    s, _ = act(s, P2, {"type": "PlayPloy", "card": "45017"})
    s, _ = act(s, P1, {"type": "Pass"})
    assert top(s)["kind"] == "power" and top(s)["to_act"] == P2
    s, ev = act(s, P2, {"type": "Pass"})
    assert "PowerStepEnded" in types(ev)


def test_upgrade_spends_one_glory_and_is_assigned():
    """§23.1: reveal, spend 1 glory (it still counts), give it to a friendly fighter."""
    s = scenario({TARGOR: "c3"}, stage="power", hands={P1: ["48024"]}, glory={P1: 1})
    s, _ = act(s, P1, {"type": "PlayUpgrade", "card": "48024", "fighter": TARGOR})
    assert fighter(s, TARGOR)["upgrades"] == ["48024"]
    assert s["players"][P1]["glory"] == 0 and s["players"][P1]["glory_spent"] == 1


def test_upgrade_without_glory_is_illegal():
    """§23.1: an upgrade costs 1 available glory point."""
    s = scenario({TARGOR: "c3"}, stage="power", hands={P1: ["48024"]})
    with pytest.raises(IllegalAction) as e:
        act(s, P1, {"type": "PlayUpgrade", "card": "48024", "fighter": TARGOR})
    assert e.value.code == "uw.upgrade.no_glory"


def test_upgrade_on_enemy_fighter_is_illegal():
    """§23.1: upgrades go to friendly fighters unless the card says otherwise."""
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", hands={P1: ["48024"]}, glory={P1: 1})
    with pytest.raises(IllegalAction) as e:
        act(s, P1, {"type": "PlayUpgrade", "card": "48024", "fighter": OBRYN})
    assert e.value.code == "uw.upgrade.enemy_fighter"


def test_delve_flips_token_and_staggers_fighter_once_per_step():
    """§23.2: flip the feature token under a friendly, not staggered fighter; it becomes staggered."""
    s = scenario({TARGOR: "c3", SAEK: "e3"}, stage="power", tokens={"1": ("c3", "objective")})
    s, _ = act(s, P1, {"type": "Delve", "fighter": TARGOR})
    assert fighter(s, TARGOR)["stagger"] == 1
    assert next(t for t in s["feature_tokens"] if t["id"] == "1")["face_up"] == "cover"
    s, _ = act(s, P2, {"type": "Pass"})
    assert not [a for a in legal(s, P1) if a["type"] == "Delve"]


def test_delve_blocked_side_under_fighter_is_impossible():
    """§9.1, §23.2: a token is never flipped to its blocked side under a fighter."""
    s = scenario({TARGOR: "c3"}, stage="power", tokens={"blocked-1": ("c3", "cover")})
    assert not [a for a in legal(s, P1) if a["type"] == "Delve"]


def test_unautomated_ploy_shows_text_and_is_discarded(monkeypatch):
    """Design: a card the engine doesn't automate plays as text for the players to settle (every shipped card is
    automated now: A Curse Divided, 47013, stands in for one that is not)."""
    from engine.underworlds import effects, parasite
    monkeypatch.setattr(effects, "AUTOMATED", effects.AUTOMATED - {"47013"})
    monkeypatch.setattr(parasite, "PLOYS", parasite.PLOYS - {"47013"})
    s = scenario({TARGOR: "c3"}, stage="power", hands={P1: ["47013"]})
    s, ev = act(s, P1, {"type": "PlayPloy", "card": "47013"})
    assert "CardTextToSettle" in types(ev) and s["players"][P1]["power_discard"] == ["47013"]


def test_right_bait_damages_and_staggers_near_hazard():
    """The Right Bait (48021): 1 damage to the adjacent enemy; staggered if either is near a hazard hex."""
    s = scenario({TARGOR: "g8", OBRYN: "f8"}, stage="power", hands={P1: ["48021"]})
    plays = [a for a in legal(s, P1) if a.get("card") == "48021"]
    assert plays == [{"type": "PlayPloy", "card": "48021", "fighter": TARGOR, "target": OBRYN}]
    s, _ = act(s, P1, plays[0])
    assert fighter(s, OBRYN)["wounds"] == 1 and fighter(s, OBRYN)["stagger"] == 1


def test_domain_gambit_replaces_the_persisting_one():
    """Rimewyrm's Bite Domain: a Domain ploy persists until another Domain gambit is played."""
    s = scenario({TARGOR: "c3"}, stage="power", hands={P1: ["48014"], P2: ["48022"]})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "48014"})
    assert [p["card"] for p in s["persisting"]] == ["48014"]
    s, ev = act(s, P2, {"type": "PlayPloy", "card": "48022"})
    assert [p["card"] for p in s["persisting"]] == ["48022"] and s["players"][P1]["power_discard"] == ["48014"]


def test_deadly_wards_makes_objective_hexes_lethal():
    """Deadly Wards (48014): hexes with objective tokens are lethal while it persists."""
    s = scenario({TARGOR: "c3"}, stage="power", hands={P1: ["48014"]}, tokens={"2": ("c4", "objective")})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "48014"})
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Pass"})
    s, _ = act(s, P2, {"type": "Pass"})  # player2's activation
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c4", "path": ["c4"]})
    assert fighter(s, TARGOR)["wounds"] == 1 and not s["persisting"]


def test_curse_empowers_gives_grievous_to_next_activation_attack():
    """The Curse Empowers (47021): the first Range 1-2 attack of a friendly fighter in the next activation step."""
    from tests.engine.underworlds.scenario import atk, dfn
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, stage="power", hands={P1: ["47021"]}, active=P2, turns_taken=1)
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "47021"})
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("critical", "hammer") + dfn("block")))
    assert fighter(s, OBRYN)["wounds"] == 2 and s["players"][P1]["power_discard"] == ["47021"]
