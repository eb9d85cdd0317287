"""Dragonbond rules: the rulebook's worked examples and one test per rule. "§" is a section of the digest
shared/rules/dragonbond.md; "seed 003 l.N" a line of the Spanish rulebook."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction, InvalidInput
from engine.dragonbond import combat, effects, powers, turns
from engine.dragonbond.state import effective_speed
from tests.engine.dragonbond.support import SEATS, SYSTEM, Script, battle, by_card, clear_table, ctx

BLACK_HIT, GRAY_HIT, GRAY_CRIT, MISS = 4, 5, 9, 0
GRAY_BLOCK, GRAY_FAIL = 3, 0


def test_upgrades_net_to_one_step_white_with_three_upgrades_rolls_gray():
    """Digest §3.4; seed 003 l.312: white dice with three upgrades and one downgrade roll gray, not black."""
    from engine.dragonbond.dice import shift
    assert shift("white", upgrades=3, downgrades=1).colour.value == "gray"


def test_attack_shifts_fresh_charge_exhausted_shoot():
    """Digest §10.3, §12: fresh and charge upgrade, exhausted and shoot downgrade an attack roll."""
    st = battle()
    u = by_card(st, "esgrimistas-oniricos")
    u["fatigue"] = 0
    assert combat.attack_shifts(st, u, charge=True) == (2, 0)
    u["fatigue"] = 3
    assert combat.attack_shifts(st, u, shoot=True) == (0, 2)


def test_shoot_move_is_half_speed_cazadores_six_inches():
    """Digest §7.4; seed 003 l.590: Cazadores del Fai, Speed 12, shooting move at most 6"."""
    st = battle()
    u = by_card(st, "cazadores-del-fai")
    assert u["speed"] == 12 and effective_speed(u, 0.5) == 6


def test_refused_move_says_how_far_and_changes_nothing():
    """Digest §8; brief: a refused move raises with the distance and the allowance, the state unchanged."""
    st = battle()
    while st["active"] != "lucy" or st["pending_queue"]:
        st, _ = SYSTEM.apply(st, st["active"], {"type": "Pass"}, Script(*[0] * 200)) if not st["pending_queue"] \
            else (st, None)
        if st["pending_queue"]:
            pytest.skip("a dangerous-terrain decision opened")
    u = by_card(st, "cazadores-del-fai")
    before = repr(st)
    with pytest.raises(IllegalAction) as exc:
        SYSTEM.apply(st, "lucy", {"type": "Shoot", "unit": u["id"], "to": [u["x"], u["y"] + 7.0]}, Script())
    assert exc.value.code == "db.move.too_far"
    assert exc.value.params["allowance"] == 6 and exc.value.params["distance"] == 7.0
    assert repr(st) == before


def test_attack_two_hits_one_critical_one_block_two_wounds():
    """Digest §10.2 steps 4-5; seed 003 l.750-758: 2 hits and 1 critical, 1 block -> 2 wounds on the
    Carniceros; the critical gets no defence die."""
    st = battle()
    carn = by_card(st, "carniceros-ogerron")
    lucy = by_card(st, "esgrimistas-oniricos")
    carn["fatigue"] = lucy["fatigue"] = 1
    c = ctx(st, Script(GRAY_BLOCK, GRAY_FAIL))      # two defence dice for the two standard hits
    assert combat.defend_and_wound(c, lucy["id"], carn["id"], "melee", 2, 1) == 2
    rolled = [e for e in c.events if e["type"] == "DefenceRolled"][0]
    assert rolled["dice"] == 2 and rolled["blocks"] == 1 and carn["wounds"] == 2


def test_wounds_pool_health_five_two_then_four_removes_one_model_leaves_one():
    """Digest §10.2 step 5; seed 003 l.764: Health 5, 2 wounds, then 4 more -> one model removed, 1 wound left."""
    st = battle()
    carn = by_card(st, "carniceros-ogerron")
    carn["fatigue"] = 1
    combat.take_wounds(ctx(st), carn["id"], 2, by=None)
    assert (carn["models"], carn["wounds"]) == (2, 2)
    c = ctx(st, Script(*[5] * 5))  # heavy casualties? 1 of 2 models lost = half: the survivor tests (a block)
    combat.take_wounds(c, carn["id"], 4, by=None)
    assert (carn["models"], carn["wounds"]) == (1, 1)


def test_power_inflicts_two_black_dice_of_wounds_without_defence():
    """Digest §10.2, §10.4, §15; seed 003 l.772: "inflige [2 dados de ataque negros] heridas": every hit a
    wound, no defence roll."""
    st = battle()
    text = st["cards"]["powers"]["ejemplo-heridas"]["text"]
    assert effects.wound_dice_effect(text) == (2, "black")
    assert effects.effects_of(st["cards"]["powers"]["ejemplo-heridas"]) == [
        {"kind": "damage", "who": "target", "dice": 2, "colour": "black", "count": None, "inches": None,
         "marker": None, "roll": None, "until": None, "condition": None}]
    assert st["coverage"]["powers"]["ejemplo-heridas"] is True
    eldai, target = by_card(st, "eldai-alarn"), by_card(st, "esgrimistas-oniricos")
    clear_table(st, (eldai["id"], target["id"]))
    eldai.update(x=10.0, y=10.0)
    target.update(x=20.0, y=10.0, fatigue=1)
    c = ctx(st, Script(BLACK_HIT, 9, *[5] * 5))  # a hit and a double critical: 3 wounds
    powers.use(c, eldai["id"], "ejemplo-heridas", target["id"])
    assert not [e for e in c.events if e["type"] == "DefenceRolled"]
    assert target["models"] == 2 and target["wounds"] == 1


def test_charge_dice_add_inches_esgrimistas_reach_garras_ten_inches_away():
    """Digest §7.5; seed 003 l.620: Speed 8, the Garras a little over 10" away, 3 hits -> 11": contact, and
    the charge attack follows, upgraded."""
    st = battle()
    esg, garras = by_card(st, "esgrimistas-oniricos"), by_card(st, "garras-sangrientas")
    clear_table(st, (esg["id"], garras["id"]))
    st["field"]["terrain"] = []
    esg.update(x=20.0, y=5.0, fatigue=0)
    garras.update(x=20.0, y=5.0 + esg["radius"] + garras["radius"] + 10.2)
    st.update(active="lucy", pending_queue=[])
    rng = Script(BLACK_HIT, BLACK_HIT, BLACK_HIT, *[MISS] * 6, *[0] * 20)
    new, events = SYSTEM.apply(st, "lucy", {"type": "Charge", "unit": esg["id"], "target": garras["id"]}, rng)
    roll = next(e for e in events if e["type"] == "ChargeRoll")
    assert roll["bonus"] == 3 and roll["allowance"] == 11
    assert garras["id"] in new["units"][esg["id"]]["engaged_with"]
    attack = next(e for e in events if e["type"] == "AttackRolled")
    assert attack["reason"] == "charge" and attack["upgrades"] == 1  # the charge; fatigue 1 after activation


def test_opportunity_attack_comes_before_the_shooting_move():
    """Digest §11.1, §7.4; seed 003 l.811: the Esgrimistas attack the Skorpikones that shoot their way out,
    before the Skorpikones move."""
    st = battle()
    esg, sko = by_card(st, "esgrimistas-oniricos"), by_card(st, "skorpikones-de-asalto")
    clear_table(st, (esg["id"], sko["id"]))
    st["field"]["terrain"] = []
    esg.update(x=20.0, y=10.0, fatigue=1, engaged_with=[sko["id"]])
    sko.update(x=20.0, y=10.0 + esg["radius"] + sko["radius"], fatigue=0, engaged_with=[esg["id"]])
    st.update(active="jason", pending_queue=[])
    start = (sko["x"], sko["y"])
    new, events = SYSTEM.apply(st, "jason", {"type": "Shoot", "unit": sko["id"], "to": [20.0, start[1] + 4.0]},
                               Script())
    assert new["pending_queue"][0]["kind"] == "opportunity" and new["pending_queue"][0]["seat"] == "lucy"
    assert (new["units"][sko["id"]]["x"], new["units"][sko["id"]]["y"]) == start
    assert not [e for e in events if e["type"] == "Moved"]
    assert SYSTEM.view(new, None)["awaiting"] == ["lucy"]


def test_opportunity_attack_not_by_flanked_or_exhausted_units():
    """Digest §11.1, §9, §12: flanked and exhausted units make no opportunity attack."""
    from engine.dragonbond.actions import can_opportunity
    st = battle()
    u = by_card(st, "esgrimistas-oniricos")
    assert can_opportunity(st, u)
    u["fatigue"] = 3
    assert not can_opportunity(st, u)
    u.update(fatigue=0, engaged_with=["B1", "B2"])
    assert not can_opportunity(st, u)


def test_commanded_unit_wounds_go_to_regular_models_first_hero_takes_the_rest():
    """Digest §19.2; seed 003 l.1017: Hero Health 3 commanding two models of Health 2 takes 5 wounds -> the
    two models die, the Hero takes 1 and fights on, independent (it does not test morale)."""
    st = battle()
    hero, esg = by_card(st, "comandantes-guardia-jurada"), by_card(st, "esgrimistas-oniricos")
    esg.update(models=2, fatigue=1)
    hero.update(where="commanding", commanding=esg["id"], x=None, y=None)
    esg["hero"] = hero["id"]
    c = ctx(st)
    combat.take_wounds(c, esg["id"], 5, by=None)
    assert esg["where"] == "destroyed"
    assert hero["where"] == "battlefield" and hero["wounds"] == 1 and hero["models"] == 1
    assert not [e for e in c.events if e["type"] == "MoraleTest"]


def test_unique_card_twice_refuses_the_pack():
    """Digest §2.2, §25.2; seed 003 l.1304: only one Eldai Alarn in a force."""
    from engine.dragonbond.setup import training_document
    doc = training_document()
    doc["entries"]["forces"][1]["units"].append({"id": "eldai2", "unit": "eldai-alarn", "reserve": False})
    with pytest.raises(InvalidInput) as exc:
        SYSTEM.setup({"pack": doc, "deployment": "auto"}, SEATS, Script())
    assert exc.value.code == "db.pack_invalid"


def test_victory_margin_is_ten_percent_of_game_size_five_at_fifty():
    """Digest §26.1; seed 003 l.1370: at 50 points a 5 VP lead wins; 4 is a draw."""
    st = battle()
    st["vp"] = {"lucy": 15, "jason": 10}
    c = ctx(st)
    turns.end_game(c, "rounds")
    assert st["outcome"]["winner"] == "lucy"
    st2 = battle()
    st2["vp"] = {"lucy": 14, "jason": 10}
    turns.end_game(ctx(st2), "rounds")
    assert st2["outcome"]["winner"] is None


def test_unknown_pack_value_refuses_the_match():
    """Digest §28; brief: a value the match needs that the pack marks unknown -> db.unknown_value with its path."""
    from engine.dragonbond.setup import training_document
    doc = training_document()
    doc["entries"]["units"][1]["speed"] = "unknown"
    with pytest.raises(InvalidInput) as exc:
        SYSTEM.setup({"pack": doc, "setup": "options"}, SEATS, Script())
    assert exc.value.code == "db.unknown_value" and exc.value.params["path"] == "entries.units[1].speed"


def test_training_pack_is_recorded_in_the_state():
    """Brief; §28: the table says "training pack, unofficial"."""
    st = battle()
    assert st["pack_id"] == "dragonbond-training" and st["pack_training"] is True


def test_turns_alternate_and_passing_is_for_the_round():
    """Digest §6.1, §6.3: the other seat takes the next turn; once passed you stay passed; both passed -> the
    round ends with fatigue lost (§6.4)."""
    st = battle()
    first = st["active"]
    other = [s for s in SEATS if s != first][0]
    st["pending_queue"] = []
    st, _ = SYSTEM.apply(st, first, {"type": "Pass"}, Script())
    assert st["active"] == other and st["passed"][first]
    u = next(u for u in st["units"].values() if u["side"] == other and u["where"] == "battlefield")
    u["fatigue"] = 2
    rng = Script(*[0] * 12)  # the next initiative: all misses, then a win for the first seat
    rng.draws += [BLACK_HIT] * 3 + [MISS] * 3
    st, events = SYSTEM.apply(st, other, {"type": "Pass"}, rng)
    assert st["round"] == 2 and u["id"] in [e["unit"] for e in events if e["type"] == "FatigueLost"]
    assert st["units"][u["id"]]["fatigue"] == 0


def test_activation_places_fatigue_and_exhausted_units_cannot_activate():
    """Digest §6.3 step 2, §12: +1 fatigue per activation; 3 fatigue: exhausted, not activatable."""
    st = battle()
    u = next(u for u in st["units"].values() if u["side"] == st["active"] and u["where"] == "battlefield")
    u["fatigue"] = 3
    assert u["id"] not in [v["id"] for v in turns.activatable(st, st["active"])]


def test_end_of_round_status_cleanup_by_fatigue_before_loss():
    """Digest §6.4, §14: a unit with 0 fatigue sheds 2 status markers, with 1 fatigue one, with more none."""
    st = battle()
    a, b, c_ = [u for u in st["units"].values()][:3]
    a.update(fatigue=0, slowed=3)
    b.update(fatigue=1, poison=2)
    c_.update(fatigue=2, immobilized=1)
    st["last_round"] = 1
    turns.end_round(ctx(st, Script(*[0] * 50)))
    assert (a["slowed"], b["poison"], c_["immobilized"]) == (1, 1, 1)


def test_poison_rolls_white_dice_at_activation_start():
    """Digest §14; §6.3 step 3: a white attack die per poison marker; each hit one wound and one marker off."""
    st = battle()
    u = by_card(st, "esgrimistas-oniricos")
    u.update(poison=2, fatigue=1)
    combat.poison(ctx(st, Script(6, 0)), u)     # a hit and a miss
    assert u["poison"] == 1 and u["wounds"] == 1


def test_slowed_halves_speed_once_immobilized_zero():
    """Digest §14, §8, A9: Slowed halves speed (not compounding); Immobilized speed 0."""
    st = battle()
    u = by_card(st, "cazadores-del-fai")
    u["slowed"] = 3
    assert effective_speed(u) == 6 and effective_speed(u, 0.5) == 3
    u["immobilized"] = 1
    assert effective_speed(u) == 0


def test_heavy_casualties_half_the_models_test_morale_gray_and_fled_clear_wounds():
    """Digest §13: losing half or more of its models to one attack, each survivor tests with a gray die; a flee
    removes the model and all the unit's wounds."""
    st = battle()
    u = by_card(st, "esgrimistas-oniricos")   # 3 models, Health 2
    u["fatigue"] = 1
    clear_table(st, (u["id"],))
    c = ctx(st, Script(GRAY_FAIL))           # the one survivor fails
    combat.take_wounds(c, u["id"], 5, by=None)
    test = next(e for e in c.events if e["type"] == "MoraleTest")
    assert test["fled"] == 1 and u["where"] == "destroyed"


def test_morale_colour_hero_black_lazy_white():
    """Digest §13, §23.1: Heroes and Epic Creatures test with black, Haragán models with white."""
    st = battle()
    hero, esg = by_card(st, "eldai-alarn"), by_card(st, "esgrimistas-oniricos")
    assert combat.morale_colour(hero, False) == "black" and combat.morale_colour(esg, False) == "gray"
    esg["keywords"] = ["Haragán"]
    assert combat.morale_colour(esg, False) == "white"


def test_epic_creature_flips_to_injured_side_with_leftover_wounds():
    """Digest §18: wounds reaching Health flip the card; leftovers go on the injured side."""
    st = battle()
    u = by_card(st, "carniceros-ogerron")
    u.update(keywords=["Épica"], models=1, fatigue=1, injured_profile={
        "health": 3, "speed": 4.0, "defence": "white", "melee": None, "ranged": None, "powers": []})
    combat.take_wounds(ctx(st), u["id"], 6, by=None)
    assert u["injured"] and u["health"] == 3 and u["wounds"] == 1 and u["models"] == 1


def test_dragonbond_pair_dies_together_and_upgrades():
    """Digest §21: both bonded units upgrade their rolls; if one is defeated, so is the other."""
    st = battle()
    a, b = by_card(st, "eldai-alarn"), by_card(st, "carniceros-ogerron")
    a["bonded_with"], b["bonded_with"] = b["id"], a["id"]
    a["fatigue"] = b["fatigue"] = 1
    assert combat.attack_shifts(st, a) == (1, 0)
    combat.destroy(ctx(st, Script(*[5] * 40)), b["id"], by=None, kind="melee")
    assert a["where"] == "destroyed"


def test_kill_points_full_cost_to_the_opponent():
    """Digest §26.1: a destroyed enemy unit scores its full point cost at once (Pitched Battle)."""
    st = battle()
    u = by_card(st, "garras-sangrientas")
    combat.destroy(ctx(st), u["id"], by=None, kind="melee")
    assert st["vp"]["lucy"] == u["points"]


def test_annihilation_margin_five_and_conquest_no_kill_points():
    """Digest §26.2: Conquest scores no kill points; Annihilation no objectives and a 5 VP margin."""
    st = battle(scenario="conquest")
    combat.destroy(ctx(st), by_card(st, "garras-sangrientas")["id"], by=None, kind="melee")
    assert st["vp"]["lucy"] == 0
    st = battle(scenario="annihilation")
    assert st["objectives"] == [] and st["scenario_rules"]["margin"] == 5


def test_general_defeated_tests_friends_within_twelve_inches():
    """Digest §13, §22: when the General falls, friendly models within 12" test morale."""
    st = battle()
    gen, esg = by_card(st, "comandantes-guardia-jurada"), by_card(st, "esgrimistas-oniricos")
    clear_table(st, (gen["id"], esg["id"]))
    st["field"]["terrain"] = []
    gen.update(x=10.0, y=10.0, fatigue=1)
    esg.update(x=15.0, y=10.0, fatigue=1)
    c = ctx(st, Script(*[5] * 10))
    combat.destroy(c, gen["id"], by=None, kind="melee")
    assert any(e["type"] == "MoraleTest" and e["unit"] == esg["id"] for e in c.events)


def test_general_defeated_in_reserve_has_no_aura_to_test():
    """Digest §22: the aura is 12" around the General on the battlefield; a General destroyed in reserve (a referee
    action) makes no friend test morale, and nothing fails for want of a position."""
    st = battle()
    gen = by_card(st, "comandantes-guardia-jurada")
    gen["where"] = "reserve"
    c = ctx(st, Script(*[5] * 10))
    combat.destroy(c, gen["id"], by=None, kind="melee")
    assert gen["where"] == "destroyed"
    assert not any(e["type"] == "MoraleTest" for e in c.events)


def test_flanked_unit_defends_downgraded_in_melee():
    """Digest §9, §10.3: engaged with more than one enemy unit: melee defence downgraded."""
    st = battle()
    u = by_card(st, "esgrimistas-oniricos")
    u.update(fatigue=1, engaged_with=["B2", "B3"])
    assert combat.defence_shifts(st, u, "melee") == (0, 1)
    assert combat.defence_shifts(st, u, "ranged") == (0, 0)


def test_shooting_into_combat_spreads_hits_criticals_first():
    """Digest §10.1: hits given out one at a time round the combat, closest first, criticals first."""
    assert combat.share_hits(2, 1, ["X", "Y"]) == {"X": [1, 1], "Y": [1, 0]}


def test_hand_is_hidden_from_the_other_seat_and_spectators():
    """Digest §16.1, §25.2: Vaala and Command cards are a hidden hand; only counts are shown."""
    st = battle()
    assert SYSTEM.view(st, "lucy")["hands"]["lucy"]["vaala"] == ["vaala-fig-4"]
    assert SYSTEM.view(st, "jason")["hands"]["lucy"] == {"vaala": 1, "command": 0}
    assert SYSTEM.view(st, None)["hands"]["lucy"] == {"vaala": 1, "command": 0}


def test_vaala_card_needs_a_vaala_unit_and_is_discarded():
    """Digest §16.1, A24: a Vaala card is one-shot and needs a Vaala unit on the battlefield. (The training card
    has a structured trigger and is offered only when it happens; here it is made one whose text alone says when.)"""
    st = battle()
    st["pending_queue"] = []
    st["cards"]["vaala"]["vaala-fig-4"]["when"] = None
    new, events = SYSTEM.apply(st, "lucy", {"type": "PlayCard", "card": "vaala-fig-4"}, Script())
    assert new["hands"]["lucy"]["vaala"] == [] and events[0]["type"] == "CardPlayed"
    by_card(st, "cazadores-del-fai")["where"] = "reserve"
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, "lucy", {"type": "PlayCard", "card": "vaala-fig-4"}, Script())


def test_heal_removes_wounds_and_states_never_models():
    """Digest §17: heal N removes wounds and/or status markers; no model comes back."""
    st = battle()
    u = by_card(st, "carniceros-ogerron")
    u.update(wounds=3, poison=1, models=1)
    st["pending_queue"] = []
    new, _ = SYSTEM.apply(st, "jason", {"type": "Heal", "unit": u["id"], "wounds": 5, "states": {"poison": 1}},
                          Script())
    v = new["units"][u["id"]]
    assert (v["wounds"], v["poison"], v["models"]) == (0, 0, 1)


def test_ultimate_power_once_per_game():
    """Digest §15: an ultimate is used once per game; any power once per turn."""
    st = battle()
    eldai, target = by_card(st, "eldai-alarn"), by_card(st, "esgrimistas-oniricos")
    st["cards"]["powers"]["ejemplo-heridas"]["ultimate"] = True
    eldai["ultimates"] = ["ejemplo-heridas"]
    assert not powers.usable(st, eldai, "ejemplo-heridas")


def test_mounted_hero_is_not_a_melee_target_except_assassinate():
    """Digest §20.3, §23.2: melee attacks cannot target a mounted Hero except Asesinar or another rider."""
    st = battle()
    rider, attacker = by_card(st, "eldai-alarn"), by_card(st, "esgrimistas-oniricos")
    rider["mounted_on"] = "B3"
    assert not combat.melee_targetable(st, attacker, rider)
    attacker["melee"] = {**attacker["melee"], "keywords": ["Asesinar"]}
    assert combat.melee_targetable(st, attacker, rider)


def test_ranged_hits_on_a_mounted_hero_start_with_the_mount():
    """Digest §20.3, A18: hits split between Mount and Hero, starting with the Mount."""
    st = battle()
    rider = by_card(st, "eldai-alarn")
    rider["mounted_on"] = "B3"
    assert combat.recipients(st, by_card(st, "cazadores-del-fai"), rider, "ranged") == ["B3", rider["id"]]


def test_dangerous_terrain_target_chosen_by_initiative_winner():
    """Digest §24.2, §6.2: the initiative winner must pick a unit in or near each dangerous piece."""
    st = battle()
    u = by_card(st, "esgrimistas-oniricos")
    st["field"]["terrain"] = [{"id": "lava-1", "kinds": ["dangerous", "slowing"], "name": "lava_pool",
                               "shape": "circle", "points": [[u["x"], u["y"] + 4], [2.0, 0.0]], "danger": 3}]
    c = ctx(st, Script(BLACK_HIT, BLACK_HIT, BLACK_HIT, MISS, MISS, MISS))
    turns.initiative(c)
    assert st["pending_queue"][-1]["kind"] == "danger" and u["id"] in st["pending_queue"][-1]["near"]


def test_reserves_wait_in_round_one_and_are_destroyed_at_game_end():
    """Digest §25.6, §6.5, A12: in round 1 a reserve unit only takes fatigue; left in reserve at the end it is
    destroyed (and scores for the opponent)."""
    st = battle()
    u = by_card(st, "garras-sangrientas")
    u.update(where="reserve", x=None, y=None)
    from engine.dragonbond.actions import unit_actions
    assert unit_actions(st, u) == [{"type": "Wait", "unit": u["id"]}]
    turns.end_game(ctx(st), "rounds")
    assert u["where"] == "destroyed" and st["vp"]["lucy"] == u["points"]


def test_measure_between_units_and_points():
    """Digest §4.1, §4.3; brief: /db measure gives edge distance and line of sight."""
    from engine.dragonbond.system import measure
    st = battle()
    a, b = by_card(st, "esgrimistas-oniricos"), by_card(st, "garras-sangrientas")
    out = measure(st, a["id"], b["id"])
    assert out["distance"] > 0 and isinstance(out["line_of_sight"], bool)
    assert measure(st, [0, 0], [3, 4])["distance"] == 5.0


def test_mercenary_cannot_be_the_general():
    """Digest §27.1, §22: a Mercenary Hero may not be the General; the match is refused."""
    from engine.dragonbond.setup import training_document
    doc = training_document()
    doc["entries"]["units"][3]["mercenary"] = True   # Eldai Alarn, Jason's General
    with pytest.raises(InvalidInput) as exc:
        SYSTEM.setup({"pack": doc, "deployment": "auto"}, SEATS, Script())
    assert exc.value.code == "db.pack_invalid"
