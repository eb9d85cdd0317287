"""The combat sequence (digest §19, §16, §18; rulebook pp.36-39 and the reference sheet's crit example)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.underworlds import rules
from tests.engine.underworlds.scenario import (
    P1, P2, FixedRng, act, atk, dfn, fighter, legal, scenario, top, types,
)

TARGOR, SAEK, KARSUS, GARREK = "player1:targor", "player1:blooded-saek", "player1:karsus-the-chained", \
    "player1:garrek-gorebeard"
OBRYN, SEVERIN, ANGHARAD = "player2:obryn-the-bold", "player2:severin-steelheart", "player2:angharad-brightshield"


def attack(state, rolls, *, fighter_id=TARGOR, target=OBRYN, index=0, seat=P1):
    return act(state, seat, {"type": "Attack", "fighter": fighter_id, "attack": index, "target": target}, FixedRng(rolls))


def result(events):
    return next(e for e in events if e["type"] == "AttackResolved")["result"]


def test_attack_hit_deals_damage():
    """§19.2 steps 4-5: more successes than the defence is a hit; the Damage is dealt."""
    s, ev = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), atk("swords", "hammer") + dfn("dodge"))
    assert result(ev) == "hit" and fighter(s, OBRYN)["wounds"] == 1


def test_attack_more_crits_is_critical_hit_whatever_the_successes():
    """§19.2 4b; reference sheet: more attack crits is a critical hit even against more successes."""
    s = scenario({TARGOR: "c3", SEVERIN: "c4"}, inspired={SEVERIN: True})
    s, ev = attack(s, atk("critical", "single_support") + dfn("block", "block"), target=SEVERIN)
    assert result(ev) == "critical_hit"


def test_attack_critical_defence_fails_without_drive_back():
    """§19.2 4b: more defence crits is a critical defence: the attack fails, go to step 8."""
    s, ev = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), atk("swords", "swords") + dfn("critical"))
    assert result(ev) == "critical_defence" and fighter(s, OBRYN)["wounds"] == 0
    assert top(s)["kind"] == "power"


def test_attack_draw_fails_but_target_may_be_driven_back():
    """§19.2 4c and step 7: equal successes (1+) is a draw: no damage, drive back still possible."""
    s, ev = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), atk("swords", "hammer") + dfn("block"))
    assert result(ev) == "draw" and fighter(s, OBRYN)["wounds"] == 0
    options = [a for a in legal(s, P1) if a["type"] == "DriveBack"]
    assert options and {"type": "Pass"} in legal(s, P1)
    s, _ = act(s, P1, options[0])
    assert fighter(s, OBRYN)["hex"] == options[0]["to"] and fighter(s, OBRYN)["move"] == 0


def test_attack_no_successes_is_a_miss_without_drive_back():
    """§19.2 4c: no success at all is a miss; go to step 8."""
    s, ev = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), atk("hammer", "hammer") + dfn("dodge"))
    assert result(ev) == "miss" and top(s)["kind"] == "power"


def test_attack_one_support_makes_single_support_a_success():
    """§19.5: a friend of the attacker adjacent to the target gives 1 support (single-support faces count)."""
    rolls = atk("single_support", "double_support") + dfn("dodge")
    _, ev = attack(scenario({TARGOR: "c3", OBRYN: "c4", SAEK: "d4"}), rolls)
    assert result(ev) == "hit"
    _, ev = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), rolls)
    assert result(ev) == "miss"


def test_attack_two_supports_make_double_support_a_success():
    """§19.5: 2+ supports make single- and double-support faces successes."""
    s = scenario({TARGOR: "c3", OBRYN: "c4", SAEK: "d4", KARSUS: "c5"})
    _, ev = attack(s, atk("single_support", "double_support") + dfn("block"))
    assert result(ev) == "hit"
    assert next(e for e in ev if e["type"] == "AttackResolved")["attack_successes"] == 2


def test_target_support_from_friends_adjacent_to_attacker():
    """§19.5: each friend of the target adjacent to the attacker gives the target 1 support."""
    s = scenario({TARGOR: "c3", OBRYN: "c4", ANGHARAD: "b3"})
    _, ev = attack(s, atk("swords", "hammer") + dfn("single_support"))
    assert result(ev) == "draw"


def test_trapped_target_gives_attacker_one_more_success():
    """§19.2 4a, §19.4: no empty hex further from the attacker: +1 success if the attacker has 1+."""
    s = scenario({TARGOR: "a10", OBRYN: "a11"})
    _, ev = attack(s, atk("swords", "single_support") + dfn("block"))
    resolved = next(e for e in ev if e["type"] == "AttackResolved")
    assert resolved["trapped"] and result(ev) == "hit"


def test_target_on_guard_is_never_trapped_and_not_driven_back():
    """§16.1, §19.4: block and dodge both count on Guard; no drive back, so no trapped bonus."""
    s = scenario({TARGOR: "a10", OBRYN: "a11"}, guard={OBRYN: 1})
    s, ev = attack(s, atk("swords", "single_support") + dfn("dodge"))
    resolved = next(e for e in ev if e["type"] == "AttackResolved")
    assert not resolved["trapped"] and result(ev) == "draw" and top(s)["kind"] == "power"


def test_target_in_cover_counts_single_support_in_defence():
    """§8.2 (cover symbol: single support, digest §35.1 default): a cover-side token makes a cover hex."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, tokens={"1": ("c4", "cover")})
    _, ev = attack(s, atk("swords", "hammer") + dfn("single_support"))
    assert result(ev) == "draw"


def test_out_of_action_gives_one_bounty_to_the_opponent():
    """§18.4-18.5: wounds reaching Wounds take the fighter out of action; the enemy gains 1 glory."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, wounds={OBRYN: 3})
    s, ev = attack(s, atk("swords", "hammer") + dfn("dodge"))
    assert fighter(s, OBRYN)["out_of_action"] and fighter(s, OBRYN)["hex"] is None
    assert s["players"][P1]["glory"] == 1 and "FighterOutOfAction" in types(ev)


def test_large_fighter_out_of_action_gives_two_bounty(monkeypatch):
    """§18.5: a Large enemy gives 1 more glory (Large = Wounds 5+, evaluated as it goes out of action)."""
    monkeypatch.setattr(rules, "is_large", lambda st, f: True)
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, wounds={OBRYN: 3})
    s, _ = attack(s, atk("swords", "hammer") + dfn("dodge"))
    assert s["players"][P1]["glory"] == 2


def test_out_of_action_clears_markers_but_keeps_upgrades():
    """§18.4: markers and tokens go (not "removed"), upgrades stay."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, wounds={OBRYN: 3}, move={OBRYN: 1}, upgrades={OBRYN: ["48024"]})
    s, _ = attack(s, atk("swords", "hammer") + dfn("dodge"))
    obryn = fighter(s, OBRYN)
    assert obryn["out_of_action"] and obryn["move"] == 0 and obryn["upgrades"] == ["48024"]


def test_staggered_target_lets_attacker_reroll_one_die():
    """§16.2, §10.2: the attacker may re-roll one attack die; the new face stands."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, stagger={OBRYN: 1})
    s, _ = attack(s, atk("hammer", "hammer"))
    assert top(s)["stage"] == "reroll"
    assert legal(s, P1) == [{"type": "Reroll", "die": 0}, {"type": "Reroll", "die": 1}, {"type": "Pass"}]
    s, ev = act(s, P1, {"type": "Reroll", "die": 1}, FixedRng(atk("swords") + dfn("dodge")))
    assert next(e for e in ev if e["type"] == "AttackDieRerolled")["dice"] == ["hammer", "swords"]
    assert result(ev) == "hit"


def test_reroll_declined_keeps_the_roll():
    """§16.2: the re-roll is optional."""
    s, _ = attack(scenario({TARGOR: "c3", OBRYN: "c4"}, stagger={OBRYN: 1}), atk("hammer", "hammer"))
    s, ev = act(s, P1, {"type": "Pass"}, FixedRng(dfn("dodge")))
    assert result(ev) == "miss"


def test_attack_out_of_range_is_illegal():
    """§19.1: the target must be within Range."""
    with pytest.raises(IllegalAction) as e:
        attack(scenario({TARGOR: "c3", OBRYN: "c5"}), [])
    assert e.value.code == "uw.attack.out_of_range"


def test_attack_friendly_target_is_illegal():
    """§19.1: friendly fighters can never be targeted."""
    with pytest.raises(IllegalAction) as e:
        attack(scenario({TARGOR: "c3", SAEK: "c4"}), [], target=SAEK)
    assert e.value.code == "uw.attack.friendly_target"


def test_attack_without_line_of_sight_is_illegal():
    """§8.5: a blocked hex on the line blocks sight (a blocked-side feature token here)."""
    s = scenario({KARSUS: "c3", OBRYN: "d5"}, tokens={"blocked-1": ("c4", "blocked")})
    with pytest.raises(IllegalAction) as e:
        attack(s, [], fighter_id=KARSUS)
    assert e.value.code == "uw.attack.not_visible"
    assert not [a for a in legal(s, P1) if a["type"] == "Attack"]


def test_steelheart_fighter_rolling_block_becomes_inspired():
    """§3.1: Steelheart's Champions inspire after rolling a block or crit as a target, at the next inspire step."""
    s, ev = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), atk("hammer", "hammer") + dfn("block"))
    assert fighter(s, OBRYN)["inspired"] and "FighterInspired" in types(ev)


def test_garrek_fighters_inspire_when_three_fighters_are_out_of_action():
    """§3.1: Garrek's Reavers' condition (three fighters out of action) is checked at each inspire step."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, out_of_action={SAEK: True, KARSUS: True}, wounds={OBRYN: 3})
    s, _ = attack(s, atk("swords", "hammer") + dfn("dodge"))
    assert fighter(s, TARGOR)["inspired"]


def test_attack_index_lists_every_attack_and_target():
    """legal_actions names every (attack, target) pair."""
    s = scenario({KARSUS: "c3", OBRYN: "c4", SEVERIN: "c5"})
    attacks = [(a["attack"], a["target"]) for a in legal(s, P1) if a["type"] == "Attack"]
    assert attacks == [(0, SEVERIN), (0, OBRYN), (1, OBRYN)]


def test_attack_by_enemy_seat_during_its_turn():
    """Either seat attacks in its own activation step."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, active=P2)
    s, ev = attack(s, atk("hammer", "hammer") + dfn("dodge"), fighter_id=OBRYN, target=TARGOR, seat=P2)
    assert result(ev) == "hit" and fighter(s, TARGOR)["out_of_action"]
