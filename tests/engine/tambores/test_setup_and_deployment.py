"""Tambores de Guerra setup (digest §4, §7, §8) and deployment (§5, §6, §10; seed 002 l.166-273)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction, InvalidInput
from tests.engine.tambores.support import HUMAN, ORC, SYSTEM, arrange, new, pack_with, play, slot_card


def deploying(marker=HUMAN, human_hand=None, orc_hand=None, **kw):
    st = new({"heroes": {HUMAN: "joanna", ORC: "krangg"}})
    assert st["step"] == "deploy"
    st["marker"] = st["current"] = marker
    if human_hand is not None:
        arrange(st, HUMAN, hand=human_hand)
    if orc_hand is not None:
        arrange(st, ORC, hand=orc_hand)
    return st


def test_setup_without_a_pack_uses_the_training_pack_and_says_so():
    """Digest §20 (placeholder data clearly labelled): a newcomer plays the shipped training pack."""
    st = new()
    assert (st["pack_id"], st["pack_training"]) == ("tambores-training", True)
    view = SYSTEM.view(st, None)
    assert view["pack"] == {"id": "tambores-training", "name": st["pack_name"], "training": True}


def test_setup_deals_five_cards_and_tosses_the_marker():
    """Digest §8; seed 002 l.223-225: the marker is tossed; each player draws 5 cards; the line is empty (§4)."""
    markers = set()
    for seed in range(8):
        st = new(seed=seed)
        for seat in (HUMAN, ORC):
            p = st["players"][seat]
            assert len(p["hand"]) == 5 and p["slots"] == [None] * 5 and p["discard"] == []
        assert st["current"] == st["marker"] and st["turn"] == 1
        markers.add(st["marker"])
    assert markers == {HUMAN, ORC}


def test_thugg_removes_ten_random_cards_before_the_battle():
    """Digest §6.3, §7; seed 002 l.180: Thugg removes 10 cards at random, unseen, to the removed pile."""
    st = new({"heroes": {ORC: "thugg"}})
    p = st["players"][ORC]
    assert len(p["removed"]) == 10 and len(p["draw_deck"]) == 46 - 10 - 5
    assert SYSTEM.view(st, ORC)["players"][ORC]["removed_count"] == 10


def test_eye_initial_removal_is_chosen_card_by_card_then_the_battle_begins():
    """Digest §6.3, §7, §21.14; seed 002 l.176: with the eye icon the player chooses the cards."""
    def eye(entries):
        entries["heroes"][0]["initial_removal"] = 2
        entries["heroes"][0]["removal_mode"] = "choose"
    st = new({"pack": pack_with(eye), "heroes": {HUMAN: "joanna"}})
    assert st["step"] == "remove" and SYSTEM.view(st, None)["awaiting"] == [HUMAN]
    assert {"type": "RemoveCard", "card": "arquera"} in SYSTEM.legal_actions(st, HUMAN)
    st, _ = play(st, HUMAN, {"type": "RemoveCard", "card": "arquera"})
    st, _ = play(st, HUMAN, {"type": "RemoveCard", "card": "arquera"})
    assert st["step"] == "deploy" and len(st["players"][HUMAN]["removed"]) == 2
    assert all(c.startswith("arquera#") for c in st["players"][HUMAN]["removed"])


def test_a_pack_value_the_battle_needs_left_unknown_refuses_setup_naming_it():
    """Digest §19: values not known are supplied by packs; a battle cannot start on an unknown one."""
    def unknown_attack(entries):
        entries["units"][0]["attack"] = "unknown"
    with pytest.raises(InvalidInput) as err:
        new({"pack": pack_with(unknown_attack), "mode": "skirmish"})
    assert err.value.code == "tambores.unknown_value" and err.value.params["path"] == "entries.units[0].attack"


def test_armies_option_names_the_decks_and_one_deck_is_mirrored():
    """Digest §7; seed 002 l.200: each player picks an army deck."""
    st = new({"armies": {HUMAN: "orcs", ORC: "humans"}})
    assert st["players"][HUMAN]["army"] == "orc" and st["players"][ORC]["army"] == "human"
    with pytest.raises(InvalidInput):
        new({"armies": {HUMAN: "elves"}})
    def one_deck(entries):
        entries["decks"] = entries["decks"][:1]
    st = new({"pack": pack_with(one_deck), "mode": "skirmish"})
    assert st["players"][HUMAN]["deck"] == st["players"][ORC]["deck"] == "humans"


def test_deploying_a_unit_removes_its_cost_from_the_hand_the_alabardero_example():
    """Digest §10 action A; seed 002 l.245-249: an Alabardero of cost 2 removes 2 cards of the hand to the
    removed pile, then goes into an empty slot of the player's choice."""
    st = deploying(human_hand=["alabardero", "soldado", "soldado", "arquera", "hermandad"])
    action = {"type": "DeployUnit", "card": "alabardero", "slot": 3, "pay": ["arquera", "soldado"]}
    assert action in SYSTEM.legal_actions(st, HUMAN)
    st, events = play(st, HUMAN, action)
    p = st["players"][HUMAN]
    assert slot_card(st, HUMAN, 3) == "alabardero" and sorted(c.split("#")[0] for c in p["hand"]) == ["hermandad", "soldado"]
    assert sorted(c.split("#")[0] for c in p["removed"]) == ["arquera", "soldado"]
    assert st["current"] == ORC  # alternate single actions (l.239)


def test_a_unit_needs_an_empty_slot_and_enough_other_cards():
    """Digest §10 action A: the cost is paid with other cards of the hand; a slot holds one unit."""
    st = deploying(human_hand=["caballero", "soldado"])
    assert all(a["card"] != "caballero" for a in SYSTEM.legal_actions(st, HUMAN) if a["type"] == "DeployUnit")
    st = deploying(human_hand=["soldado", "soldado"])
    arrange(st, HUMAN, slots={1: "alabardero", 2: "alabardero", 3: "alabardero", 4: "alabardero"})
    slots = {a["slot"] for a in SYSTEM.legal_actions(st, HUMAN) if a["type"] == "DeployUnit"}
    assert slots == {5}
    with pytest.raises(IllegalAction) as err:
        SYSTEM.apply(st, HUMAN, {"type": "DeployUnit", "card": "soldado", "slot": 1, "pay": ["soldado"]}, None)
    assert err.value.code == "tambores.illegal"


def test_bolt_cost_is_one_less_while_the_hero_is_wounded():
    """Digest §5 (⚡ cost); seed 002 l.251: the Caballero and the Lancero cost 1 less if their hero is wounded."""
    st = deploying(human_hand=["caballero", "soldado", "soldado", "arquera", "hermandad"])
    pays = {len(a["pay"]) for a in SYSTEM.legal_actions(st, HUMAN) if a.get("card") == "caballero"}
    assert pays == {3}
    st["players"][HUMAN]["hero_wounds"] = 1
    pays = {len(a["pay"]) for a in SYSTEM.legal_actions(st, HUMAN) if a.get("card") == "caballero"}
    assert pays == {2}


def shield_pack(entries):
    entries["equipment"][0]["text"] = "training: no effect in the engine"
    entries["decks"][0]["box"] = False
    entries["decks"][0]["cards"].append({"card": "escudo-triangular", "copies": 2})


def test_arrow_cost_is_paid_from_the_top_of_the_draw_deck_the_escudo_triangular_example():
    """Digest §10 action B, §6.2; seed 002 l.263-267: the Escudo Triangular (cost 1 ↓): the top card of the draw
    deck goes unseen to the removed pile, then the shield is tucked under the player's Alabardero."""
    st = new({"pack": pack_with(shield_pack), "heroes": {HUMAN: "joanna", ORC: "krangg"}})
    st["marker"] = st["current"] = HUMAN
    arrange(st, HUMAN, hand=["escudo-triangular", "soldado"], slots={2: "alabardero"})
    top = st["players"][HUMAN]["draw_deck"][0]
    action = {"type": "DeployEquipment", "card": "escudo-triangular", "slot": 2, "pay": []}
    assert action in SYSTEM.legal_actions(st, HUMAN)
    st, _ = play(st, HUMAN, action)
    assert st["players"][HUMAN]["removed"][0] == top
    assert st["players"][HUMAN]["slots"][1]["attached"][0].startswith("escudo-triangular#")
    assert [c.split("#")[0] for c in st["players"][HUMAN]["hand"]] == ["soldado"]


def test_no_two_cards_of_the_same_name_on_one_unit_and_none_without_a_unit():
    """Digest §6.2, §21.16: a unit cannot carry two cards of the same name; an attached card needs a unit."""
    st = new({"pack": pack_with(shield_pack), "heroes": {HUMAN: "joanna", ORC: "krangg"}})
    st["marker"] = st["current"] = HUMAN
    arrange(st, HUMAN, hand=["escudo-triangular"], slots={})
    assert [a["type"] for a in SYSTEM.legal_actions(st, HUMAN)] == ["Pass"]
    arrange(st, HUMAN, slots={2: "alabardero"})
    st["players"][HUMAN]["slots"][1]["attached"] = ["escudo-triangular#1.t99"]
    assert [a["type"] for a in SYSTEM.legal_actions(st, HUMAN)] == ["Pass"]


def test_a_player_who_passed_deploys_no_more_and_the_other_goes_on_alone():
    """Digest §10 action C; seed 002 l.241, l.273: after passing, no more deploying this turn; the phase ends
    when both have passed."""
    st = deploying(human_hand=["soldado"] * 5, orc_hand=["ballestero"] * 5)
    st, _ = play(st, HUMAN, {"type": "Pass"})
    assert st["current"] == ORC
    st, _ = play(st, ORC, {"type": "DeployUnit", "card": "ballestero", "slot": 1, "pay": ["ballestero"]})
    assert st["current"] == ORC and st["step"] == "deploy"
    st, _ = play(st, ORC, {"type": "Pass"})
    assert st["phase"] != "deployment"


def test_board_has_five_slots_per_side_facing_each_other():
    """Digest §4, §21.1: five slots per side; slot i faces the enemy slot i."""
    st = new()
    view = SYSTEM.view(st, None)
    assert all(len(view["players"][s]["slots"]) == 5 for s in (HUMAN, ORC))
    st = deploying(human_hand=["soldado"] * 5)
    arrange(st, HUMAN, slots={3: "soldado"})
    arrange(st, ORC, slots={3: "lancero"})
    assert SYSTEM.view(st, None)["players"][HUMAN]["slots"][2]["engaged"] is True
