"""Cards and powers that act (§15, §16; issue 32 deliverable 3): the engine applies a power's or card's structured
``effects`` (pack schema ``Effect``), gated by its trigger; one without them is settled by referee.

Every automated power and card of the shipped training pack is named here by its id (``test_every_automated_
entry_of_the_shipped_pack_is_named_by_a_test`` checks it), and each effect kind has its test."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.dragonbond import effects, powers
from engine.dragonbond.setup import training_document
from tests.engine.dragonbond.support import SEATS, SYSTEM, Script, by_card, ctx
from tests.engine.dragonbond.test_reactions import battle, face_off as _face_off

LUCY, JASON = SEATS
BLACK_HIT, GRAY_HIT, GRAY_CRIT, MISS = 4, 5, 9, 0


def face_off(st: dict, a: dict, b: dict, gap: float) -> None:
    """``a`` and ``b`` ``gap`` inches apart on an open table (``test_reactions.face_off``, no terrain)."""
    st["field"]["terrain"] = []
    _face_off(st, a, b, gap)


def fig_4_played(wounded: bool) -> tuple[dict, list, dict]:
    """Lucy's Vaala shooters declare a ranged attack and play ``vaala-fig-4``; the first seed whose attack wounds
    (or not): (state, events, target)."""
    st = battle()
    shooter, target = by_card(st, "cazadores-del-fai"), by_card(st, "skorpikones-de-asalto")
    face_off(st, shooter, target, 6.0)
    st, _ = SYSTEM.apply(st, LUCY, {"type": "Attack", "unit": shooter["id"], "target": target["id"],
                                    "kind": "ranged"}, SeededRng(bytes(32)))
    play = next(a for a in SYSTEM.legal_actions(st, LUCY) if a["type"] == "PlayCard")
    assert play["card"] == "vaala-fig-4"
    after, events = wounding_seed(st, play, LUCY, target["id"], wounded=wounded)
    return after, events, target


def wounding_seed(st: dict, action: dict, seat: str, target: str, wounded: bool = True):
    """The first seed whose dice wound (or, ``wounded=False``, do not wound) ``target``: (state, events)."""
    for seed in range(80):
        after, events = SYSTEM.apply(st, seat, action, SeededRng(bytes([seed]) * 32))
        hit = any(e["type"] == "Wounded" and e["unit"] == target for e in events)
        if hit == wounded:
            return after, events
    raise AssertionError("no seed gave that roll")


# -- the shipped training pack ----------------------------------------------------------------------------------

def test_ejemplo_heridas_power_rolls_two_black_dice_of_wounds_from_its_effect_data():
    """Digest §10.4, §15; seed 003 l.772 (p. 17): the power ``ejemplo-heridas`` "inflige [2 dados de ataque
    negros] heridas a la unidad blanco": its pack effect (damage, 2 black dice) is rolled, each hit a wound, no
    defence; only an enemy in sight may be its target."""
    st = battle()
    eldai, target = by_card(st, "eldai-alarn"), by_card(st, "esgrimistas-oniricos")
    face_off(st, eldai, target, 6.0)
    entry = st["cards"]["powers"]["ejemplo-heridas"]
    assert entry["effects"][0]["kind"] == "damage" and powers.automated(entry)
    aims = powers.targets(st, eldai, "ejemplo-heridas")
    assert target["id"] in aims and all(st["units"][t]["side"] == LUCY for t in aims)
    c = ctx(st, Script(BLACK_HIT, BLACK_HIT))
    powers.use(c, eldai["id"], "ejemplo-heridas", target["id"])
    applied = next(e for e in c.events if e["type"] == "EffectApplied")
    assert applied == {"type": "EffectApplied", "source": "ejemplo-heridas", "effect": "damage", "unit": target["id"],
                       "dice": 2, "colour": "black", "wounds": 2}
    assert not [e for e in c.events if e["type"] == "DefenceRolled"]
    assert target["models"] == 2 and target["wounds"] == 0
    with pytest.raises(IllegalAction):
        powers.use(ctx(battle()), eldai["id"], "ejemplo-heridas", eldai["id"])


def test_vaala_fig_4_gives_the_target_three_slowed_markers_when_the_ranged_attack_wounds():
    """Digest §14, §16.1; seed 003 l.172 (p. 4, Fig. 4): ``vaala-fig-4`` is played after declaring a ranged attack
    with a Vaala unit; "si el ataque inflige 1 o más heridas, el blanco recibe 3 fichas de ralentizado"."""
    after, events, target = fig_4_played(wounded=True)
    assert after["units"][target["id"]]["slowed"] == 3
    applied = next(e for e in events if e["type"] == "EffectApplied")
    assert applied["source"] == "vaala-fig-4" and applied["marker"] == "slowed" and applied["count"] == 3
    assert next(e for e in events if e["type"] == "CardPlayed")["automated"] is True
    assert not after.get("riders")


def test_vaala_fig_4_lapses_when_the_attack_inflicts_no_wound():
    """Seed 003 l.172: the markers come only "si el ataque inflige 1 o más heridas"."""
    after, events, target = fig_4_played(wounded=False)
    assert after["units"][target["id"]]["slowed"] == 0
    assert any(e["type"] == "EffectLapsed" and e["source"] == "vaala-fig-4" for e in events)
    assert not after.get("riders")


def test_vaala_entrenamiento_takes_a_slowed_marker_off_the_wounded_unit():
    """Training pack (invented card, §16.1 trigger "cuando una de tus unidades sufra heridas"):
    ``vaala-entrenamiento`` is offered once the unit is wounded and its effect takes 1 Slowed marker off it."""
    st = battle()
    shooter, target = by_card(st, "cazadores-del-fai"), by_card(st, "skorpikones-de-asalto")
    face_off(st, shooter, target, 6.0)
    st["hands"][LUCY]["vaala"] = []
    st["hands"][JASON]["vaala"] = ["vaala-entrenamiento"]
    target["keywords"] = ["Vaala"]
    target["slowed"] = 2
    after, _ = wounding_seed(st, {"type": "Attack", "unit": shooter["id"], "target": target["id"],
                                  "kind": "ranged"}, LUCY, target["id"])
    assert after["pending_queue"][0]["trigger"] == "wounded"
    play = next(a for a in SYSTEM.legal_actions(after, JASON) if a["type"] == "PlayCard")
    assert play["card"] == "vaala-entrenamiento"
    done, events = SYSTEM.apply(after, JASON, play, SeededRng(bytes(32)))
    assert done["units"][target["id"]]["slowed"] == 1
    assert any(e["type"] == "EffectApplied" and e["count"] == -1 for e in events)


def test_a_card_with_a_trigger_is_not_offered_before_it():
    """Digest §16; seed 003 l.817: a card with a structured trigger is offered only in the window its trigger
    opens, never in the turn's own actions."""
    st = battle()
    offered = SYSTEM.legal_actions(st, LUCY)
    assert not [a for a in offered if a["type"] == "PlayCard"]


# -- each effect kind ---------------------------------------------------------------------------------------------

def pack_with(power: dict) -> dict:
    """The training pack with one more active power on Eldai Alarn."""
    doc = training_document()
    doc["entries"]["powers"].append({"id": "prueba", "name": "Prueba", "type": "active", "text": "Texto de prueba.",
                                     **power})
    next(u for u in doc["entries"]["units"] if u["id"] == "eldai-alarn")["powers"] = ["prueba"]
    return doc


def jason_turn(st: dict) -> dict:
    st["active"] = JASON
    st["pending_queue"] = []
    return st


def test_heal_effect_removes_wounds_but_never_a_model():
    """Effect kind heal (pack schema ``Effect``): up to N wounds off the unit; removed models stay removed."""
    st = jason_turn(battle(pack_with({"target": "friend", "effects": [{"kind": "heal", "who": "target", "count": 2}]})))
    eldai, ally = by_card(st, "eldai-alarn"), by_card(st, "carniceros-ogerron")
    face_off(st, eldai, ally, 3.0)
    ally.update(wounds=3, models=1)
    action = {"type": "ActivatePower", "unit": eldai["id"], "power": "prueba", "target": ally["id"]}
    assert action in SYSTEM.legal_actions(st, JASON)
    after, _ = SYSTEM.apply(st, JASON, action, SeededRng(bytes(32)))
    assert after["units"][ally["id"]]["wounds"] == 1 and after["units"][ally["id"]]["models"] == 1


def test_marker_effect_adds_poison():
    """Effect kind marker: markers on the target (§14 Poison)."""
    st = jason_turn(battle(pack_with({"effects": [{"kind": "marker", "marker": "poison", "count": 2}]})))
    eldai, foe = by_card(st, "eldai-alarn"), by_card(st, "esgrimistas-oniricos")
    face_off(st, eldai, foe, 6.0)
    after, _ = SYSTEM.apply(st, JASON, {"type": "ActivatePower", "unit": eldai["id"], "power": "prueba",
                                        "target": foe["id"]}, SeededRng(bytes(32)))
    assert after["units"][foe["id"]]["poison"] == 2


def test_shift_effect_downgrades_the_targets_defence_until_the_end_of_its_next_activation():
    """Effect kind shift (a debuff): a downgrade of the target's defence roll (§3.4: netted with the others), gone
    at the end of its next activation."""
    from engine.dragonbond.combat import defence_shifts
    st = jason_turn(battle(pack_with({"effects": [{"kind": "shift", "roll": "defence", "count": -1,
                                                   "until": "activation"}]})))
    eldai, foe = by_card(st, "eldai-alarn"), by_card(st, "esgrimistas-oniricos")
    face_off(st, eldai, foe, 6.0)
    foe["fatigue"] = 1
    before = defence_shifts(st, foe, "ranged")
    after, _ = SYSTEM.apply(st, JASON, {"type": "ActivatePower", "unit": eldai["id"], "power": "prueba",
                                        "target": foe["id"]}, SeededRng(bytes(32)))
    f = after["units"][foe["id"]]
    assert defence_shifts(after, f, "ranged") == (before[0], before[1] + 1)
    after["active"], after["pending_queue"] = LUCY, []
    done, _ = SYSTEM.apply(after, LUCY, {"type": "March", "unit": foe["id"], "to": [f["x"] - 1.0, f["y"]]},
                           SeededRng(bytes(32)))
    assert done["units"][foe["id"]]["shifts"] == []


def test_shift_effect_upgrades_its_own_units_attack_for_the_round():
    """Effect kind shift (a buff on ``self``): an upgrade of the unit's attack roll until the end of the round."""
    from engine.dragonbond.combat import attack_shifts
    st = jason_turn(battle(pack_with({"target": "none", "effects": [
        {"kind": "shift", "who": "self", "roll": "attack", "count": 1, "until": "round"}]})))
    eldai = by_card(st, "eldai-alarn")
    eldai["fatigue"] = 1
    before = attack_shifts(st, eldai)
    action = {"type": "ActivatePower", "unit": eldai["id"], "power": "prueba"}
    assert action in SYSTEM.legal_actions(st, JASON)
    after, _ = SYSTEM.apply(st, JASON, action, SeededRng(bytes(32)))
    e = after["units"][eldai["id"]]
    assert effects.shifts(e, "attack") == (1, 0)
    assert attack_shifts(after, e)[0] == attack_shifts(after, {**e, "shifts": []})[0] + 1
    assert before[0] <= 1
    effects.new_round(e)
    assert e["shifts"] == []


def test_reroll_effect_rerolls_missed_attack_dice_once():
    """Effect kind reroll: the unit's next attack rolls its missed dice again (up to N), then the re-rolls are
    spent."""
    from engine.dragonbond.combat import resolve_attack
    st = battle()
    shooter, target = by_card(st, "cazadores-del-fai"), by_card(st, "skorpikones-de-asalto")
    face_off(st, shooter, target, 6.0)
    shooter["rerolls"] = 2
    shooter["fatigue"] = 1
    dice = shooter["models"] * shooter["ranged"]["dice"]
    c = ctx(st, Script(*[MISS] * dice, GRAY_HIT, MISS, *[0] * 20))
    result = resolve_attack(c, shooter["id"], target["id"], "ranged")
    again = next(e for e in c.events if e["type"] == "Rerolled")
    assert again["dice"] == 2 and again["hits"] == 1 and result["hits"] == 1
    assert "rerolls" not in shooter


def test_extra_action_effect_lets_the_unit_act_again_without_fatigue():
    """Effect kind extra_action: at the end of its activation the unit takes one more action, no fatigue added,
    and its player cannot pass before it."""
    st = jason_turn(battle(pack_with({"target": "none", "effects": [{"kind": "extra_action", "who": "self"}]})))
    eldai = by_card(st, "eldai-alarn")
    eldai["fatigue"] = 0
    after, events = SYSTEM.apply(st, JASON, {"type": "ActivatePower", "unit": eldai["id"], "power": "prueba"},
                                 SeededRng(bytes(32)))
    assert any(e["type"] == "ExtraAction" for e in events)
    assert after["active"] == JASON and after["prelude"]["units"] == [eldai["id"]]
    offered = SYSTEM.legal_actions(after, JASON)
    assert {"type": "Pass"} not in offered and offered
    e = after["units"][eldai["id"]]
    move = next(a for a in offered if a["type"] == "March")
    done, _ = SYSTEM.apply(after, JASON, move, SeededRng(bytes(32)))
    assert done["units"][eldai["id"]]["fatigue"] == e["fatigue"]


def test_move_effect_offers_destinations_within_its_inches():
    """Effect kind move: the unit's owner picks an offered destination within the inches (or stays); each offered
    one is applied exactly."""
    st = jason_turn(battle(pack_with({"target": "none", "effects": [{"kind": "move", "who": "self", "inches": 3}]})))
    eldai, foe = by_card(st, "eldai-alarn"), by_card(st, "esgrimistas-oniricos")
    face_off(st, eldai, foe, 10.0)
    after, _ = SYSTEM.apply(st, JASON, {"type": "ActivatePower", "unit": eldai["id"], "power": "prueba"},
                            SeededRng(bytes(32)))
    assert after["pending_queue"][0]["kind"] == "effect_move"
    offered = SYSTEM.legal_actions(after, JASON)
    assert all(a["type"] == "EffectMove" for a in offered) and len(offered) > 1
    go = next(a for a in offered if a["dest"] != "db.move.dest.stay")
    done, events = SYSTEM.apply(after, JASON, go, SeededRng(bytes(32)))
    moved = next(e for e in events if e["type"] == "Moved")
    assert moved["cost"] <= 3.0 and [done["units"][eldai["id"]]["x"], done["units"][eldai["id"]]["y"]] == go["to"]
    with pytest.raises(IllegalAction):
        SYSTEM.apply(after, JASON, {**go, "to": [go["to"][0] + 0.5, go["to"][1]]}, SeededRng(bytes(32)))


def test_an_unknown_value_leaves_the_power_to_the_referee():
    """Never invent game facts: an effect with a value the pack marks ``unknown`` is not applied; the power is
    used and settled with referee actions."""
    entry = {"text": "x", "effects": [{"kind": "damage", "dice": "unknown", "colour": "black"}]}
    assert not effects.automated(entry)
    assert not effects.automated({"text": "Texto libre.", "effects": None})


# -- coverage -----------------------------------------------------------------------------------------------------

def test_every_automated_entry_of_the_shipped_pack_is_named_by_a_test():
    """Issue 32: ``/db coverage`` lists every card and power of the shipped pack; each automated one is named by
    a test (its id in this file's tests)."""
    from engine.dragonbond.setup import shipped_coverage
    rows = shipped_coverage()
    doc = training_document()["entries"]
    assert {r["id"] for r in rows} == {e["id"] for k in ("powers", "vaala_cards", "command_cards") for e in doc[k]}
    source = Path(__file__).read_text(encoding="utf-8")
    for r in rows:
        if r["automated"]:
            assert f"``{r['id']}``" in source, r["id"]
