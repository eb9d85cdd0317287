"""Upgrades whose characteristic changes and attack actions the engine applies, and the automation coverage
registry (``effects.automation_coverage``) that a command prints."""
from __future__ import annotations

import re
from pathlib import Path

from engine.underworlds import effects, rules
from engine.underworlds.cards import ObjectiveCard, UpgradeCard, load_cards
from engine.underworlds.system import load
from tests.engine.underworlds.scenario import P1, P2, FixedRng, act, atk, dfn, fighter, legal, scenario, top, types

TARGOR, SAEK, GARREK = "player1:targor", "player1:blooded-saek", "player1:garrek-gorebeard"
OBRYN, SEVERIN = "player2:obryn-the-bold", "player2:severin-steelheart"


def top_seat(s):
    """The seat the reaction step waits on."""
    from engine.underworlds.flow import awaiting
    return awaiting(load(s))[0]


def resolved(events):
    return next(e for e in events if e["type"] == "AttackResolved")


# -- characteristic changes and attack actions (§11) -----------------------------------------------------------------


def test_master_of_conduction_adds_one_range():
    """45029: +1 Range to this fighter's Attack actions, other than Scything ones."""
    st = load(scenario({TARGOR: "c3"}, upgrades={TARGOR: ["45029"]}))
    assert [a["range"] for a in rules.attacks(st, st.fighter(TARGOR))] == [2]


def test_butchers_strength_gives_cleave():
    """46024: this fighter's Attack actions have Cleave."""
    st = load(scenario({TARGOR: "c3"}, upgrades={TARGOR: ["46024"]}))
    assert all(a["cleave"] for a in rules.attacks(st, st.fighter(TARGOR)))


def test_broad_shoulders_adds_one_wound():
    """45023: +1 Wounds (its leader/Priest clause: test_cards_brethren_of_the_bolt)."""
    st = load(scenario({TARGOR: "c3"}, upgrades={TARGOR: ["45023"]}))
    assert rules.wounds(st, st.fighter(TARGOR)) == 3


def test_sigmars_cyclone_is_an_attack_action():
    """45031: an attack-action upgrade: Range 1, 2 swords, Damage 2, listed after the card's attacks."""
    st = load(scenario({TARGOR: "c3"}, upgrades={TARGOR: ["45031"]}))
    cyclone = rules.attacks(st, st.fighter(TARGOR))[-1]
    assert (cyclone["source"], cyclone["range"], cyclone["dice"], cyclone["symbol"], cyclone["damage"]) == \
        ("45031", 1, 2, "swords", 2)


def test_calloused_hands_reduces_attack_damage_then_breaks_for_one_spent_glory():
    """46025: -1 Damage (minimum 1) from attacks targeting this fighter; after it is dealt damage, break this
    card and gain 1 spent glory point."""
    s = scenario({OBRYN: "c4", GARREK: "c5"}, active=P2, upgrades={GARREK: ["46025"]})
    s, ev = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": GARREK},
                FixedRng(atk("hammer", "hammer") + dfn("block")))
    assert fighter(s, GARREK)["wounds"] == 2  # Obryn's Damage 3, minus 1
    assert "46025" not in fighter(s, GARREK)["upgrades"] and "46025" in load(s).players[P1].power_discard
    assert load(s).players[P1].glory_spent == 1


def test_determined_resistance_is_on_guard_while_holding_an_objective():
    """45026: on Guard while on an objective: block and dodge both count, and no drive back (§16.1)."""
    kw = {"active": P2, "upgrades": {GARREK: ["45026"]}, "tokens": {"1": ("c5", "objective")}}
    s = scenario({OBRYN: "c4", GARREK: "c5"}, **kw)
    s, ev = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": GARREK},
                FixedRng(atk("hammer", "hammer") + dfn("block")))
    assert resolved(ev)["defence_successes"] == 1  # Garrek's Defence is dodge; Guard adds block
    s = scenario({OBRYN: "c4", GARREK: "c5"}, **{**kw, "tokens": {}})
    s, ev = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": GARREK},
                FixedRng(atk("hammer", "hammer") + dfn("block")))
    assert resolved(ev)["defence_successes"] == 0


def test_kitchen_director_supported_attacker_counts_hammer_and_swords():
    """46028: supported by a friendly fighter, this fighter treats hammer and swords as successes."""
    s = scenario({TARGOR: "c3", SAEK: "d4", OBRYN: "c4"}, upgrades={TARGOR: ["46028"]})
    s, ev = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
                FixedRng(atk("hammer", "swords") + dfn("dodge")))
    assert resolved(ev)["attack_successes"] == 2
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: ["46028"]})
    s, ev = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
                FixedRng(atk("hammer", "swords") + dfn("dodge")))
    assert resolved(ev)["attack_successes"] == 1  # not supported: only its swords


def test_midden_heap_scavenger_block_is_a_defence_success_unless_cleave():
    """46030: rolls of block are successes in this fighter's defence rolls (Garrek's Defence is dodge)."""
    s = scenario({OBRYN: "c4", GARREK: "c5"}, active=P2, upgrades={GARREK: ["46030"]})
    s, ev = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": GARREK},
                FixedRng(atk("hammer", "hammer") + dfn("block")))
    assert resolved(ev)["defence_successes"] == 1


def test_latching_on_fighters_within_one_hex_cannot_be_driven_back_nor_trapped():
    """46029: fighters within 1 hex of this fighter (itself included) cannot be driven back, so are never trapped
    (§19.4); its reaction (Guard after a Charge) is tested in test_cards_the_skinnerkin."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: ["46029"]})
    s, ev = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
                FixedRng(atk("swords", "hammer") + dfn("block")))
    assert resolved(ev)["result"] == "draw" and not [a for a in legal(s, P1) if a["type"] == "DriveBack"]
    assert effects.coverage_level("46029") == "automated"


def test_upgrades_with_characteristics_or_attacks_in_the_data_are_applied():
    """Every upgrade whose card data carries a modifier, an attack action or attack keywords is automated at
    least in part (the characteristic change and the attack are applied by ``rules``)."""
    for card in load_cards().values():
        if isinstance(card, UpgradeCard) and (card.modifiers or card.attack or card.attack_keywords):
            assert effects.coverage_level(card.id) in ("automated", "partial"), card.id


# -- the coverage registry ----------------------------------------------------------------------------------------


def test_automation_coverage_counts_what_the_registry_says():
    """``automation_coverage`` totals are the registry's: AUTOMATED, then PARTIAL, the rest by referee."""
    coverage = effects.automation_coverage()
    cards = load_cards()
    automated = {c for c in cards if c in effects.AUTOMATED}
    partial = {c for c in cards if c in effects.PARTIAL and c not in effects.AUTOMATED}
    totals = coverage["totals"]
    assert totals["cards"] == len(cards) == 128
    assert totals["automated"] == len(automated) and totals["partial"] == len(partial)
    assert totals["referee"] == 128 - len(automated) - len(partial)
    assert coverage["summary"] == (f"{len(automated)} of 128 cards automated, {len(partial)} in part, "
                                   f"{totals['referee']} by referee actions")
    assert sum(sum(d.values()) for d in coverage["decks"].values()) == 128
    assert {c for c, v in coverage["cards"].items() if v["level"] == "automated"} == automated


def test_every_automated_card_is_named_by_a_test():
    """Issue #19: the coverage command stays honest: a card counts as automated (or in part) only if a test of this
    folder names its id (``"48013"``); this suite runs them, so the count holds only while they pass. The cards
    automated from issue #19 on are tested in their deck's ``test_cards_<deck>.py``."""
    folder = Path(__file__).parent
    named = set(re.findall(r'"(\d{5})"', "".join(p.read_text(encoding="utf-8") for p in folder.glob("test_*.py"))))
    counted = set(effects.AUTOMATED) | set(effects.PARTIAL)
    assert sorted(counted - named) == []
    by_deck = set(re.findall(r'"(\d{5})"', "".join(p.read_text(encoding="utf-8")
                                                    for p in folder.glob("test_cards_*.py") if p.name != "test_cards_data.py")))
    issue_19 = {"48013", "48017", "48019", "48029"}
    assert issue_19 <= by_deck and issue_19 <= set(effects.AUTOMATED)


def test_automation_coverage_figures():
    """The figures the coverage command prints today (update with the registry)."""
    totals = effects.automation_coverage()["totals"]
    assert (totals["automated"], totals["partial"], totals["referee"]) == (128, 0, 0)


def test_every_checkable_objective_is_automated():
    """Every objective of the four Rivals decks is automated (Haunch counters, Priests, the Holy Vessels ability and
    the Bane of Heroes upgrade read what the players supply where no source gives it)."""
    objectives = [c for c in load_cards().values() if isinstance(c, ObjectiveCard)]
    automated = {c.id for c in objectives if effects.coverage_level(c.id) == "automated"}
    expected = {f"4{deck}0{n:02d}" for deck in (5, 6, 7, 8) for n in range(1, 13)}
    assert automated == expected
    assert all(c.id in effects.OBJECTIVES for c in objectives if effects.coverage_level(c.id) != "referee")


def test_partly_automated_surge_objective_can_still_be_revealed_by_its_player(monkeypatch):
    """A surge objective not checked in full is revealed by the engine when its part holds, by its player otherwise
    (every shipped card is automated now: a pack's or a future card would be; 47004 stands in for one here)."""
    assert effects.is_manual_surge("45002") is False  # fully checked: the engine reveals it
    monkeypatch.setattr(effects, "AUTOMATED", effects.AUTOMATED - {"47004"})
    assert effects.is_manual_surge("47004") is True
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, objectives={P1: ["47004"]})
    assert {"type": "ScoreObjective", "card": "47004"} in legal(s, P1)


def test_re_emergence_returns_the_players_own_domain_card_not_the_opponents():
    """48020: "a *friendly* Domain card persisting and/or in your discard pile". With mirror decks both players
    can hold the same card id; the opponent's persisting copy stays (found by the card-places property test)."""
    from engine.underworlds.system import dump
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", active=P2, hands={P2: ["48020"]}))
    st.persisting = [{"card": "48017", "seat": P1, "until_round": 2, "domain": True}]
    st.players[P2].power_discard = ["48017"]
    s, _ = act(dump(st), P2, {"type": "PlayPloy", "card": "48020", "target": "48017"})
    after = load(s)
    assert [p["card"] for p in after.persisting if p["seat"] == P1] == ["48017"]
    assert "48017" in after.players[P2].power and "48017" not in after.players[P2].power_discard


# -- push reactions of the universal Rivals decks (choices declared with the reaction) -----------------------------


def _domain_discarded(upgrades):
    """player1's Deadly Wards (48014) persists; player2's Unstable Footing (48022) replaces it: it is discarded."""
    s = scenario({TARGOR: "c3", OBRYN: "f6"}, stage="power", hands={P1: ["48014"], P2: ["48022"]}, upgrades=upgrades)
    s, _ = act(s, P1, {"type": "PlayPloy", "card": "48014"})
    s, ev = act(s, P2, {"type": "PlayPloy", "card": "48022"})
    assert "GambitDiscarded" in types(ev) and top(s)["kind"] == "window"
    return s


def test_master_of_disaster_pushes_its_fighter_one_hex_after_a_domain_card_is_discarded():
    """48028: "Reaction: Use this after a Domain card is discarded. Pick one: Push this fighter 1 hex"."""
    s = _domain_discarded({TARGOR: ["48028"]})
    pushes = {a["hex"] for a in legal(s, P1) if a.get("card") == "48028" and "hex" in a}
    assert pushes == {"b2", "b3", "b4", "c2", "c4", "d3"}  # every free adjacent hex (§14)
    s, ev = act(s, P1, {"type": "PlayReaction", "card": "48028", "fighter": TARGOR, "hex": "c4"})
    while top(s)["kind"] == "window":
        s, more = act(s, top_seat(s), {"type": "Pass"})
        ev += more
    assert fighter(s, TARGOR)["hex"] == "c4" and "FighterPushed" in types(ev)
    assert fighter(s, TARGOR)["move"] == 0  # a push is not a Move action
    assert effects.coverage_level("48028") == "automated"


def test_master_of_disaster_or_staggers_a_chosen_enemy_fighter():
    """48028: "Or: Choose an enemy fighter. Stagger the chosen fighter"."""
    s = _domain_discarded({TARGOR: ["48028"]})
    assert {"type": "PlayReaction", "card": "48028", "fighter": TARGOR, "target": OBRYN} in legal(s, P1)
    s, _ = act(s, P1, {"type": "PlayReaction", "card": "48028", "fighter": TARGOR, "target": OBRYN})
    while top(s)["kind"] == "window":
        s, _ = act(s, top_seat(s), {"type": "Pass"})
    assert fighter(s, OBRYN)["stagger"] == 1 and fighter(s, TARGOR)["hex"] == "c3"


def test_frenetic_efforts_pushes_its_fighter_one_hex_after_its_stun_action():
    """47026: "Reaction: Use this after this fighter makes a Stun action. Push this fighter 1 hex." (The Range 1
    Attack action needs a Bane of Heroes upgrade, which never happens without the plot card: rulings.)"""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, upgrades={TARGOR: ["47026"]})
    s, _ = act(s, P1, {"type": "Stun", "fighter": TARGOR, "target": OBRYN})
    pushes = {a["hex"] for a in legal(s, P1) if a.get("card") == "47026"}
    assert pushes == {"b2", "b3", "b4", "c2", "d3"}  # c4 holds Obryn
    s, ev = act(s, P1, {"type": "PlayReaction", "card": "47026", "fighter": TARGOR, "hex": "b3"})
    while top(s)["kind"] == "window":
        s, more = act(s, top_seat(s), {"type": "Pass"})
        ev += more
    assert fighter(s, TARGOR)["hex"] == "b3" and "CardTextToSettle" not in types(ev)
    assert effects.coverage_level("47026") == "automated"


def test_tempting_lure_pushes_a_friendly_fighter_one_hex_closer_to_the_fighter_that_moved():
    """47019: "Reaction: Play this after a fighter's Move action. Choose a friendly fighter. Push the chosen fighter
    1 hex closer to that fighter." (Up to 3 hexes only with a Bane of Heroes upgrade: never, see rulings.)"""
    s = scenario({TARGOR: "c3", OBRYN: "f6"}, active=P2, hands={P1: ["47019"]})
    s, _ = act(s, P2, {"type": "Move", "fighter": OBRYN, "to": "f5"})
    lures = [a for a in legal(s, P1) if a.get("card") == "47019"]
    assert {(a["target"], a["hex"]) for a in lures} == {(TARGOR, "c4"), (TARGOR, "d3")}  # each strictly closer
    s, ev = act(s, P1, {"type": "PlayReaction", "card": "47019", "target": TARGOR, "hex": "d3"})
    while top(s)["kind"] == "window":
        s, more = act(s, top_seat(s), {"type": "Pass"})
        ev += more
    assert fighter(s, TARGOR)["hex"] == "d3" and "47019" in load(s).players[P1].power_discard
    assert "CardTextToSettle" not in types(ev) and effects.coverage_level("47019") == "automated"


def test_tempting_lure_is_not_offered_when_no_friendly_fighter_can_be_pushed_closer():
    """47019: with no other surviving friendly fighter to push closer, there is no play."""
    s = scenario({OBRYN: "f6"}, active=P2, hands={P1: ["47019"]})
    s, _ = act(s, P2, {"type": "Move", "fighter": OBRYN, "to": "f5"})
    assert not [a for a in legal(s, P1) if a.get("card") == "47019"]
