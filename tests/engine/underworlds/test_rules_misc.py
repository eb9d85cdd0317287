"""Rules the other files touch only in passing: card rules (§4), Large (§5), modifiers (§11), vulnerable (§18.3)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.underworlds import rules
from engine.underworlds.system import load
from tests.engine.underworlds.scenario import P1, FixedRng, act, atk, dfn, legal, scenario

TARGOR, GARREK = "player1:targor", "player1:garrek-gorebeard"
OBRYN, SEVERIN = "player2:obryn-the-bold", "player2:severin-steelheart"


def test_card_that_cannot_be_followed_in_full_cannot_be_played():
    """§4: an ability is used only if all its instructions can be followed: The Right Bait needs a friendly
    fighter and an enemy fighter adjacent to each other."""
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", hands={P1: ["48021"]})
    assert not [a for a in legal(s, P1) if a.get("card") == "48021"]
    with pytest.raises(IllegalAction) as err:
        act(s, P1, {"type": "PlayPloy", "card": "48021", "fighter": TARGOR, "target": OBRYN})
    assert err.value.code == "uw.ploy.bad_choice"


def test_modifiers_add_up_on_a_characteristic():
    """§11: modifiers to one characteristic add up: Master of Conduction (+1 Range) and Wicked Aim (+1 Range)."""
    st = load(scenario({TARGOR: "c3"}, upgrades={TARGOR: ["45029", "47032"]}))
    assert [a["range"] for a in rules.attacks(st, st.fighter(TARGOR))] == [3]


def test_wounds_modifier_has_a_floor_of_one():
    """§11: a characteristic modified "to a minimum of 1" (Weakened Soul, -1 Wounds) never goes below it."""
    st = load(scenario({TARGOR: "c3"}, upgrades={TARGOR: ["47031", "47031"]}))
    assert rules.wounds(st, st.fighter(TARGOR)) == 1


def test_fighter_with_wounds_one_is_never_vulnerable():
    """§18.3: vulnerable = wound tokens equal to Wounds - 1; a fighter with Wounds 1 cannot be vulnerable."""
    st = load(scenario({TARGOR: "c3", GARREK: "d3"}, upgrades={TARGOR: ["47031"]}, wounds={GARREK: 3}))
    assert rules.wounds(st, st.fighter(TARGOR)) == 1 and not rules.is_vulnerable(st, st.fighter(TARGOR))
    assert rules.is_vulnerable(st, st.fighter(GARREK))  # Wounds 4, 3 wound tokens


def test_fighter_made_large_by_a_modifier_gives_two_bounty():
    """§5, §18.5: Large is Wounds 5 or more with all modifiers (Severin 4 + Broad Shoulders 1); taking a Large
    fighter out of action gives one more bounty."""
    s = scenario({TARGOR: "c3", SEVERIN: "c4"}, upgrades={SEVERIN: ["45023"]}, wounds={SEVERIN: 4})
    st = load(s)
    assert rules.is_large(st, st.fighter(SEVERIN))
    s, ev = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": SEVERIN},
                FixedRng(atk("swords", "swords") + dfn("dodge")))
    bounty = [e for e in ev if e["type"] == "GloryGained" and e["reason"] == "bounty"]
    assert [(e["player"], e["amount"]) for e in bounty] == [(P1, 2)]


def test_battlefields_kept_are_bounded_least_recently_asked_dropped_first(monkeypatch):
    """A long-running bot meets thousands of layouts: the built battlefields kept stay within
    ``BATTLEFIELDS_KEPT``, the one asked for last kept, the one unasked for longest dropped."""
    from engine.underworlds import rules
    from engine.underworlds.battlefield import BattlefieldSpec, BoardPlacement, Join

    monkeypatch.setattr(rules, "BATTLEFIELDS_KEPT", 2)
    monkeypatch.setattr(rules, "_BATTLEFIELDS", rules.OrderedDict())

    def spec(offset: int) -> BattlefieldSpec:
        return BattlefieldSpec(first=BoardPlacement(board="mirror-well"), second=BoardPlacement(board="ruptured-seal"),
                               join=Join(edge="long", offset=offset))
    first = rules.battlefield_of(spec(0))
    rules.battlefield_of(spec(1))
    assert rules.battlefield_of(spec(0)) is first  # asked again: now the most recent
    rules.battlefield_of(spec(2))
    assert list(rules._BATTLEFIELDS) == [spec(0).key, spec(2).key]


def test_remembered_characteristics_follow_what_the_cards_in_play_change():
    """``rules.characteristics`` remembers them across positions: a Bane of Heroes given (Wicked Aim: +2 Range, not
    +1) or a persisting Season the Meat on the fighter (-1 Dice) changes them, as a fresh reckoning does."""
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}, upgrades={TARGOR: ["47032"]}))
    targor = st.fighter(TARGOR)

    def attack() -> dict:
        (now,) = rules.characteristics(st, [targor])
        assert now == rules._characteristics(st, targor)
        return now["attacks"][0]

    plain = attack()
    st.players[P1].bane.holder = TARGOR
    assert attack()["range"] == plain["range"] + 1
    st.persisting.append({"card": "46018", "seat": "player2", "target": TARGOR})
    assert attack()["dice"] == max(1, plain["dice"] - 1)
    st.persisting[0]["target"] = OBRYN
    assert attack()["dice"] == plain["dice"]
    targor.upgrades = []
    assert attack()["range"] == plain["range"] - 1
