"""The round, casting and the whole duel (digest §4, §5, §9, §16) through the GameSystem."""
import json
import random

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.magewars import casting
from engine.magewars import round as rounds
from engine.magewars.cards import card
from engine.magewars.state import new_object
from engine.magewars.system import SYSTEM
from tests.engine.magewars.duel_support import initiative_taken, plan

SEATS = ("player1", "player2")


def game(options=None, seed=b"s" * 32):
    rng = SeededRng(seed)
    return initiative_taken(SYSTEM.setup(options or {"mode": "apprentice"}, SEATS, rng), rng), rng


def test_every_mage_starts_with_10_mana_and_channels_in_round_1_beastmaster_example():
    """Digest §4 (Mana), seed 001 line 929: a Beastmaster with channeling 9 starts with 10 mana and has 19 after
    Channeling."""
    s, _ = game({"mode": "full", "mages": {"player1": "beastmaster", "player2": "wizard"}})
    assert s["objects"][s["mages"]["player1"]]["mana"] == 19
    assert s["objects"][s["mages"]["player2"]]["mana"] == 20


def test_apprentice_mages_are_identical_24_life_10_channeling():
    """Digest §3.2; seed 001 line 87: in Apprentice mode every mage has channeling 10, life 24, 3-die melee."""
    s, _ = game()
    for seat in SEATS:
        mage = s["objects"][s["mages"][seat]]
        assert (mage["stats"]["life"], mage["stats"]["channeling"]) == (24, 10)
        assert mage["stats"]["attacks"][0]["dice"] == 3


def test_planning_is_simultaneous_and_secret():
    """Digest §4 P5: both mages prepare up to 2 spells at once; the other seat sees only how many."""
    s, rng = game()
    assert SYSTEM.awaiting(s) == list(SEATS)
    s, _ = SYSTEM.apply(s, "player1", {"type": "PlanSpell", "spell": "Fireball"}, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "PlanSpell", "spell": "Agony"}, rng)
    assert SYSTEM.legal_actions(s, "player1") == [{"type": "Prepare", "spells": ["Fireball", "Agony"], "assign": {}}]
    s, ev = SYSTEM.apply(s, "player1", {"type": "Prepare", "spells": ["Fireball", "Agony"], "assign": {}}, rng)
    assert SYSTEM.awaiting(s) == ["player2"]
    other = SYSTEM.view(s, "player2")
    assert other["planned"]["player1"] == 2 and "Fireball" not in json.dumps(other["planned"])
    assert SYSTEM.view(s, "player1")["planned"]["player1"] == ["Fireball", "Agony"]
    assert "books" not in other or "player1" not in other["books"]
    assert ev[0]["visible_to"] == ["player1"]


def test_more_than_two_prepared_spells_is_refused():
    """Digest §4 P5: up to 2 spells."""
    s, rng = game()
    with pytest.raises(IllegalAction):
        SYSTEM.apply(s, "player1", {"type": "Prepare", "spells": ["Fireball", "Agony", "Flameblast"]}, rng)


def both_plan(s, rng, p1=(), p2=()):
    s = plan(s, "player1", p1, rng=rng)
    return plan(s, "player2", p2, rng=rng)


def test_initiative_holder_opens_the_first_quickcast_window_then_alternates_each_round():
    """Digest §4 A1, §5.5: the initiative holder acts first; the token passes each round (§22.5)."""
    s, rng = game()
    first = s["initiative"]
    s = both_plan(s, rng)
    assert (s["step"], s["turn"]) == ("quickcast_first", first)
    while s["round"] == 1:
        seat = SYSTEM.awaiting(s)[0]
        acts = SYSTEM.legal_actions(s, seat)
        pick = next(a for a in acts if a["type"] in ("Skip", "Activate", "EndTurn"))
        s, _ = SYSTEM.apply(s, seat, pick, rng)
    assert s["initiative"] != first and s["step"] == "plan"


def test_pass_only_while_the_opponent_has_more_active_creatures_warlock_example():
    """Digest §5.3; seed 001 line 327: the Warlock alone faces the Beastmaster and an Emerald Lizard: he may pass;
    once the counts are equal he must act."""
    s, rng = game()
    s = both_plan(s, rng)
    warlock, beast = "player1", "player2"
    tegu = new_object(s, "Emerald Tegu", "creature", beast, zone="B3", ready=True)
    s["step"], s["turn"] = "turn", warlock
    assert {"type": "Pass"} in SYSTEM.legal_actions(s, warlock)
    s, _ = SYSTEM.apply(s, warlock, {"type": "Pass"}, rng)
    assert s["turn"] == beast
    s, _ = SYSTEM.apply(s, beast, {"type": "Activate", "creature": tegu["id"]}, rng)
    s, _ = SYSTEM.apply(s, beast, {"type": "EndTurn"}, rng)
    if s["step"] == "after_turn":
        s, _ = SYSTEM.apply(s, beast, {"type": "Skip"}, rng)
    assert s["turn"] == warlock and {"type": "Pass"} not in SYSTEM.legal_actions(s, warlock)


def test_summoned_creatures_enter_play_inactive_in_the_casters_zone():
    """Digest §5.1, §9.5: creature spells have range 0 and the creature enters inactive."""
    s, rng = game()
    s = both_plan(s, rng, p2=["Timber Wolf"])
    s["step"], s["turn"] = "turn", "player2"
    beast = s["mages"]["player2"]
    s, _ = SYSTEM.apply(s, "player2", {"type": "Activate", "creature": beast}, rng)
    cast = {"type": "Cast", "caster": beast, "spell": "Timber Wolf", "zone": s["objects"][beast]["zone"]}
    assert cast in SYSTEM.legal_actions(s, "player2")
    s, ev = SYSTEM.apply(s, "player2", cast, rng)
    wolf = next(o for o in s["objects"].values() if o["card"] == "Timber Wolf")
    assert wolf["ready"] is False and wolf["zone"] == s["objects"][beast]["zone"]
    assert s["objects"][beast]["mana"] == 20 - card("Timber Wolf").cost


def test_enchantments_are_cast_face_down_for_2_mana_and_hidden_from_the_other_seat():
    """Digest §9.7: a hidden enchantment costs 2; its name is hidden from the opponent and spectators until
    revealed for its reveal cost."""
    s, rng = game()
    s = both_plan(s, rng, p1=["Agony"])
    s["step"], s["turn"] = "turn", "player1"
    me = s["mages"]["player1"]
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": me}, rng)
    target = s["mages"]["player2"]
    casts = [a for a in SYSTEM.legal_actions(s, "player1") if a["type"] == "Cast"]
    assert casts == [] or all(a["spell"] == "Agony" for a in casts)
    s["objects"][target]["zone"] = "A2"  # within range 0-2
    cast = {"type": "Cast", "caster": me, "spell": "Agony", "target": target}
    assert cast in SYSTEM.legal_actions(s, "player1")
    s, asked = SYSTEM.apply(s, "player1", cast, rng)  # the Counter step's window for the target's controller
    asked = [e for e in asked if "visible_to" not in e]  # the cast so far is published: the caster's own part too
    for viewer in ("player2", None):
        assert "Agony" not in json.dumps(SYSTEM.view(s, viewer)) + json.dumps(asked)
    s, ev = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
    ench = next(o for o in s["objects"].values() if o["kind"] == "enchantment")
    assert ench["face_down"] and s["objects"][me]["mana"] == 18
    for viewer in ("player2", None):
        assert "Agony" not in json.dumps(SYSTEM.view(s, viewer)["objects"])
    public = [e for e in ev if "visible_to" not in e]
    assert "Agony" not in json.dumps(public)
    s, ev = SYSTEM.apply(s, "player1", {"type": "Reveal", "enchantment": ench["id"]}, rng)
    assert s["objects"][ench["id"]]["face_down"] is False
    assert s["objects"][me]["mana"] == 18 - card("Agony").reveal_cost


def test_teleport_costs_3_mana_per_zone_hydra_example():
    """Digest §7.7, §20.2: the Wizard pays 12 mana to teleport his Hydra 4 zones."""
    s, _ = game({"mode": "full"})
    hydra = new_object(s, "Darkfenne Hydra", "creature", "player1", zone="A1")
    assert casting.base_cost(s, card("Teleport"), {"target": hydra["id"], "zone": "D2"}) == 12
    assert casting.base_cost(s, card("Teleport"), {"target": hydra["id"], "zone": "A1"}) == 3


def test_sleep_costs_twice_the_targets_level():
    """Digest §8, §20.2, §22.21: Sleep against a level-3 creature costs 6 mana."""
    s, _ = game()
    slayer = new_object(s, "Dark Pact Slayer", "creature", "player1", zone="A1")
    assert casting.base_cost(s, card("Sleep"), {"target": slayer["id"]}) == 6


def test_nullify_counters_an_incantation_and_is_destroyed():
    """Digest §9.2 step 3, §9.7: a face-down Nullify must be revealed when an opponent's incantation targets the
    creature; it costs its reveal cost, counters the spell and is destroyed."""
    s, _ = game()
    warlock = s["mages"]["player1"]
    null = new_object(s, "Nullify", "enchantment", "player1", attached_to=warlock, face_down=True)
    mana = s["objects"][warlock]["mana"]
    events = []
    assert casting._nullified(s, "player2", card("Sleep"), {"target": warlock}, events)
    assert null["id"] not in s["objects"] and s["objects"][warlock]["mana"] == mana - card("Nullify").reveal_cost
    assert [e["type"] for e in events][:2] == ["EnchantmentRevealed", "SpellCountered"]
    assert not casting._nullified(s, "player2", card("Fireball"), {"target": warlock}, [])


def test_equipment_goes_on_a_mage_one_item_per_slot():
    """Digest §9.8: equipment attaches to a mage; a second item for the same slot replaces the first, which
    returns to its owner's spellbook."""
    s, rng = game()
    me = s["mages"]["player1"]
    events = casting._equip(s, "player1", card("Leather Gloves"), me)
    assert events[-1]["type"] == "EquipmentAttached"
    events = casting._equip(s, "player1", card("Leather Gloves"), me)
    assert events[0]["type"] == "EquipmentReturned" and s["books"]["player1"]["Leather Gloves"] >= 1


def test_upkeep_unpaid_destroys_the_object():
    """Digest §8 Upkeep +X: pay each Upkeep step or the object is destroyed."""
    s, _ = game()
    s["upkeep_due"] = {"player1": [{"object": s["mages"]["player1"], "cost": 99}], "player2": []}
    s["upkeep_done"] = ["player2"]
    spirit = new_object(s, "Whirling Spirit", "creature", "player1", zone="A1")
    s["upkeep_due"]["player1"] = [{"object": spirit["id"], "cost": 2}]
    events = rounds.pay_upkeep(s, "player1", [])
    assert spirit["id"] not in s["objects"] and events[0]["type"] == "ObjectDestroyed"


def test_concede_ends_the_match():
    """Digest §16: the other mage wins."""
    s, rng = game()
    s, ev = SYSTEM.apply(s, "player1", {"type": "Concede"}, rng)
    assert SYSTEM.outcome(s).winner == "player2" and SYSTEM.legal_actions(s, "player2") == []


def test_both_mages_destroyed_at_once_is_a_draw():
    """Digest §16, §22.19 (ruling): simultaneous destruction of both mages is a draw."""
    s, _ = game()
    for seat in SEATS:
        s["objects"][s["mages"][seat]]["damage"] = 30
    rounds.check_winner(s)
    assert s["over"] and s["winner"] is None


def test_referee_adjust_is_logged():
    """DESIGN.md: text the engine does not automate is settled with logged referee actions."""
    s, rng = game()
    me = s["mages"]["player1"]
    s, ev = SYSTEM.apply(s, "player2", {"type": "Adjust", "object": me, "field": "conditions.Burn", "value": 1}, rng)
    assert s["objects"][me]["conditions"]["Burn"] == 1 and s["log"][-1]["type"] == "RefereeAdjusted"


def random_duel(seed: int, cap: int = 25):
    rng = SeededRng(seed.to_bytes(32, "big"))
    pick = random.Random(seed)
    s = SYSTEM.setup({"mode": "apprentice"}, SEATS, rng)
    yield s
    while not s["over"] and s["round"] <= cap:
        seat = SYSTEM.awaiting(s)[0]
        acts = [a for a in SYSTEM.legal_actions(s, seat) if a["type"] not in ("Concede", "Reveal")]
        bold = [a for a in acts if a["type"] in ("Attack", "Cast", "Move")]
        a = pick.choice(bold if bold and pick.random() < 0.8 else acts)
        s, _ = SYSTEM.apply(s, seat, a, rng)
        yield s


@pytest.mark.parametrize("seed", range(6))
def test_random_apprentice_duel_keeps_every_invariant(seed):
    """Digest §8 (mana never negative), §19 (each object in exactly one place), §4/§9.7 (hidden information
    never in the other seat's or a spectator's view), JSON round-trip of every state."""
    for s in random_duel(seed):
        for obj in s["objects"].values():
            assert obj["mana"] >= 0
            places = [bool(obj.get("zone")), bool(obj.get("border")), bool(obj.get("attached_to")),
                      bool(obj.get("attached_zone"))]
            assert sum(places) == 1, obj
        assert json.loads(json.dumps(s)) == s
        for seat in SEATS:
            them = "player2" if seat == "player1" else "player1"
            for viewer in (them, None):
                v = json.dumps(SYSTEM.view(s, viewer))
                for name in s["planned"][seat]:
                    assert json.dumps(SYSTEM.view(s, viewer)["planned"][seat]) == str(len(s["planned"][seat]))
                for o in s["objects"].values():
                    if o["kind"] == "enchantment" and o["face_down"] and o["controller"] == seat:
                        assert SYSTEM.view(s, viewer)["objects"][o["id"]]["card"] is None
                assert seat not in SYSTEM.view(s, viewer)["books"]
                del v
    assert s["over"] or s["round"] > 25
