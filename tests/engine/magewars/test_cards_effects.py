"""Starter cards whose text the duel engine enforces (``coverage.CODED``), one test per card or rule, each
citing its card text (the card wins over the rulebook: the Rule of Magic, digest §0) and the digest section.
"""
import pytest

from engine.core.rng import SeededRng
from engine.magewars import coverage, movement
from engine.magewars import round as rounds
from engine.magewars.cards import card, kind_of
from engine.magewars.state import destroy, new_object
from engine.magewars.system import SYSTEM
from tests.engine.magewars.duel_support import duel_at_turn

SEATS = ("player1", "player2")


def duel(spells=(), mages=None, seed=b"c" * 32):
    """A full duel at player1's action turn with ``spells`` prepared, its mage activated."""
    s, rng = duel_at_turn(mages or {}, spells, seed)
    me = s["mages"]["player1"]
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": me}, rng)
    return s, rng, me


def put(s, name, seat, zone=None, **extra):
    return new_object(s, name, kind_of(card(name)), seat, zone=zone, **extra)["id"]


def casts(s, spell, seat="player1"):
    return [a for a in SYSTEM.legal_actions(s, seat) if a["type"] == "Cast" and a["spell"] == spell]


def cast(s, rng, spell, seat="player1", **fields):
    found = [a for a in casts(s, spell, seat) if all(a.get(k) == v for k, v in fields.items())]
    assert found, (spell, fields, casts(s, spell, seat))
    return SYSTEM.apply(s, seat, found[0], rng)


def mana(s, seat="player1"):
    return s["objects"][s["mages"][seat]]["mana"]


def types(events):
    return [e["type"] for e in events]


def test_dispel_costs_the_enchantments_casting_plus_reveal_cost_and_destroys_it():
    """Dispel's text ("X = total mana cost of target enchantment (casting plus reveal cost)"), digest §9.2."""
    s, rng, me = duel(["Dispel"])
    wolf = put(s, "Timber Wolf", "player2", "A1")
    ench = put(s, "Bear Strength", "player2", attached_to=wolf)
    before = mana(s)
    s, _ = cast(s, rng, "Dispel", target=ench)
    assert ench not in s["objects"] and mana(s) == before - (2 + card("Bear Strength").reveal_cost)


def test_dispel_targets_only_revealed_enchantments():
    """Dispel's casting line: target Revealed Enchantment (§9.1)."""
    s, rng, me = duel(["Dispel"])
    wolf = put(s, "Timber Wolf", "player2", "A1")
    put(s, "Bear Strength", "player2", attached_to=wolf, face_down=True)
    assert casts(s, "Dispel") == []


def test_dissolve_destroys_the_chosen_equipment_for_its_casting_cost():
    """Dissolve's text: choose an equipment on the target mage; X = its casting cost; destroy it (§9.8)."""
    s, rng, me = duel(["Dissolve"])
    foe = s["mages"]["player2"]
    s["objects"][foe]["zone"] = "A2"
    boots = put(s, "Leather Boots", "player2", attached_to=foe)
    before = mana(s)
    s, _ = cast(s, rng, "Dissolve", target=foe, equipment=boots)
    assert boots not in s["objects"] and foe in s["objects"] and mana(s) == before - card("Leather Boots").cost


def test_explode_destroys_the_equipment_then_attacks_the_mage():
    """Explode's text: X = 6 + the equipment's cost; destroy it, then its flame attack on the mage."""
    s, rng, me = duel(["Explode"])
    foe = s["mages"]["player2"]
    s["objects"][foe]["zone"] = "A2"
    boots = put(s, "Leather Boots", "player2", attached_to=foe)
    before = mana(s)
    s, ev = cast(s, rng, "Explode", target=foe, equipment=boots)
    assert boots not in s["objects"] and mana(s) == before - 6 - card("Leather Boots").cost
    assert any(e["type"] == "AttackRolled" and e["attacker"] == me for e in ev)


@pytest.mark.parametrize("level,cost", [(1, 4), (2, 5), (3, 6)])
def test_sleep_cost_follows_the_cards_level_table(level, cost):
    """Sleep's text: level 1 = 4, 2 = 5, 3 = 6 mana (+2 per level beyond 3); digest §20.2 (level 3 costs 6) and
    §22.21: the card wins over the inferred 2 × level."""
    s, rng, me = duel(["Sleep"])
    name = {1: "Bitterwood Fox", 2: "Timber Wolf", 3: "Dark Pact Slayer"}[level]
    assert card(name).level() == level
    target = put(s, name, "player2", "A1")
    before = mana(s)
    s, _ = cast(s, rng, "Sleep", target=target)
    assert mana(s) == before - cost and s["objects"][target]["conditions"].get("Sleep")


def test_sleep_beyond_level_3_adds_2_per_level():
    """Sleep's text: "Add 2 mana to the cost for each Level beyond 3"."""
    from engine.magewars.casting import level_table_cost
    assert level_table_cost(card("Sleep").text, 5) == 10


def test_seeking_dispel_destroys_a_hidden_enchantment():
    """Seeking Dispel's text: destroy the target hidden enchantment; it cannot be revealed in answer (the cast is
    one action, so no reveal window opens inside it, docs/rulings/magewars.md)."""
    s, rng, me = duel(["Seeking Dispel"])
    wolf = put(s, "Timber Wolf", "player2", "A1")
    hidden = put(s, "Rhino Hide", "player2", attached_to=wolf, face_down=True)
    s, _ = cast(s, rng, "Seeking Dispel", target=hidden)
    assert hidden not in s["objects"] and "Rhino Hide" in s["discard"]["player2"]


def test_purge_magic_destroys_every_enchantment_on_the_target():
    """Purge Magic's text: destroy all enchantments attached to the target, hidden and revealed."""
    s, rng, me = duel(["Purge Magic"])
    s["objects"][me]["mana"] = 40
    wolf = put(s, "Timber Wolf", "player2", "A1")
    a = put(s, "Rhino Hide", "player2", attached_to=wolf, face_down=True)
    b = put(s, "Bear Strength", "player2", attached_to=wolf)
    s, _ = cast(s, rng, "Purge Magic", target=wolf)
    assert a not in s["objects"] and b not in s["objects"] and wolf in s["objects"]


def test_group_heal_heals_each_friendly_living_creature_in_the_zone():
    """Group Heal's text: each friendly Living creature in the zone heals its own 5-dice roll (§10.11)."""
    s, rng, me = duel(["Group Heal"])
    s["objects"][me]["damage"] = 8
    wolf = put(s, "Timber Wolf", "player1", "A1", damage=8)
    foe = put(s, "Timber Wolf", "player2", "A1", damage=8)
    s, ev = cast(s, rng, "Group Heal", zone="A1")
    assert [e["object"] for e in ev if e["type"] == "HealRolled"] == [me, wolf]
    assert s["objects"][foe]["damage"] == 8


def test_drain_life_direct_damage_heals_the_caster_what_the_target_received():
    """Drain Life's text: 5 attack dice of direct damage; the caster heals that much (§10.9)."""
    s, rng, me = duel(["Drain Life"])
    s["objects"][me]["damage"] = 20
    wolf = put(s, "Timber Wolf", "player2", "A1")
    s, ev = cast(s, rng, "Drain Life", target=wolf)
    rolled = next(e["total"] for e in ev if e["type"] == "DiceRolled")
    dealt = min(rolled, card("Timber Wolf").life)
    assert s["objects"][me]["damage"] == 20 - dealt


def test_drain_power_moves_mana_from_the_target_mage_to_the_caster():
    """Drain Power's text: roll 8 dice; the target loses that much mana (as much as it has); the caster gains
    what was lost."""
    s, rng, me = duel(["Drain Power"])
    foe = s["mages"]["player2"]
    s["objects"][foe]["zone"] = "A2"
    s["objects"][foe]["mana"] = 3
    before = mana(s)
    s, ev = cast(s, rng, "Drain Power", target=foe)
    lost = next(e["amount"] for e in ev if e["type"] == "ManaDrained")
    assert lost <= 3 and s["objects"][foe]["mana"] == 3 - lost
    assert mana(s) == before - card("Drain Power").cost + lost


def test_magecast_spells_cannot_be_given_to_a_familiar():
    """Drain Life and Drain Power print Magecast: only a mage casts them (§13)."""
    from engine.magewars import familiars
    assert not familiars.may_hold("Huginn, Raven Familiar", "Drain Power")


def test_charge_grants_fast_and_charge_until_the_end_of_the_round():
    """Charge's text: Fast and Charge +1 until the end of the round."""
    s, rng, me = duel(["Charge"])
    wolf = put(s, "Timber Wolf", "player1", "A1")
    s, _ = cast(s, rng, "Charge", target=wolf)
    assert {"Fast", "Charge +1"} <= set(s["objects"][wolf]["traits"])
    rounds.end_round(s)
    assert s["objects"][wolf]["traits"] == []


def test_call_of_the_wild_gives_every_friendly_animal_melee_1_this_round():
    """Call of the Wild's text: all friendly animal creatures gain Melee +1 until the end of the round."""
    s, rng, me = duel(["Call of the Wild"])
    wolf = put(s, "Timber Wolf", "player1", "C3")
    foe = put(s, "Timber Wolf", "player2", "C3")
    s, _ = cast(s, rng, "Call of the Wild")
    assert s["objects"][wolf]["traits"] == ["Melee +1"] and not s["objects"][foe].get("traits")


def test_evade_grants_elusive_until_the_end_of_the_round():
    """Evade's text: the target gains Elusive until the end of the round."""
    s, rng, me = duel(["Evade"])
    s, _ = cast(s, rng, "Evade", target=me)
    assert "Elusive" in s["objects"][me]["traits"]


def test_rouse_the_beast_readies_a_creature_summoned_this_round_once():
    """Rouse the Beast's text: only a creature summoned this round; X = its level; flip it active; once per round
    on the same creature."""
    s, rng, me = duel(["Rouse the Beast"])
    old = put(s, "Timber Wolf", "player1", "A1")
    new = put(s, "Timber Wolf", "player1", "A1", summoned_round=s["round"])
    targets = {a["target"] for a in casts(s, "Rouse the Beast")}
    assert targets == {new}
    before = mana(s)
    s, _ = cast(s, rng, "Rouse the Beast", target=new)
    assert s["objects"][new]["ready"] and mana(s) == before - 2 and old in s["objects"]


def test_mana_flower_and_crystal_raise_their_controllers_channeling():
    """Mana Flower's and Mana Crystal's text: "Controller gains Channeling +1" (§8)."""
    s, rng, me = duel()
    base = rounds.channeling(s, me)
    put(s, "Mana Flower", "player1", "A1")
    put(s, "Mana Crystal", "player1", "B1")
    put(s, "Mana Crystal", "player2", "D3")
    assert rounds.channeling(s, me) == base + 2


def test_moonglow_amulet_and_harmonize_add_channeling():
    """Moonglow Amulet ([Channeling +1] on the mage) and Harmonize (an object with Channeling gains +1), §8;
    a hidden Harmonize does nothing (§9.7)."""
    s, rng, me = duel()
    base = rounds.channeling(s, me)
    put(s, "Moonglow Amulet", "player1", attached_to=me)
    h = put(s, "Harmonize", "player1", attached_to=me, face_down=True)
    assert rounds.channeling(s, me) == base + 1
    s["objects"][h]["face_down"] = False
    assert rounds.channeling(s, me) == base + 2


def test_harmonize_only_targets_an_object_with_channeling():
    """Harmonize's text: it can only target an object that has the Channeling attribute."""
    s, rng, me = duel(["Harmonize"])
    wolf = put(s, "Timber Wolf", "player1", "A1")
    lair = put(s, "Lair", "player1", "A1")
    targets = {a["target"] for a in casts(s, "Harmonize")}
    assert me in targets and lair in targets and wolf not in targets


def test_zone_exclusive_and_same_name_conjurations_share_no_zone():
    """Digest §9.6: one Zone Exclusive conjuration per zone, never two of one name."""
    s, rng, me = duel(["Mana Flower"])
    put(s, "Mana Crystal", "player2", "A1")
    zones = {a["zone"] for a in casts(s, "Mana Flower")}
    assert "A1" not in zones and "B1" in zones


def test_legendary_one_copy_in_the_arena_unique_one_per_player():
    """Digest §13, §22.28: a Legendary card has one copy in play in the whole arena."""
    s, rng, me = duel(["Brogan Bloodstone"])
    put(s, "Brogan Bloodstone", "player2", "D3")
    assert casts(s, "Brogan Bloodstone") == []


def test_decoy_is_destroyed_on_reveal_and_gives_2_mana_when_destroyed():
    """Decoy's text: when revealed, destroy it; whenever destroyed, even hidden, its controller gains 2 mana."""
    s, rng, me = duel()
    d = put(s, "Decoy", "player1", attached_zone="A1", face_down=True)
    before = mana(s)
    s, ev = SYSTEM.apply(s, "player1", {"type": "Reveal", "enchantment": d}, rng)
    assert d not in s["objects"] and mana(s) == before + 2
    d2 = put(s, "Decoy", "player1", attached_zone="A1", face_down=True)
    events = []
    destroy(s, d2, events)
    assert mana(s) == before + 4


def test_traps_go_only_into_zones_without_enemy_creatures():
    """Hellfire Trap's text, digest §9.7: a trap targets only a zone without enemy creatures."""
    s, rng, me = duel(["Hellfire Trap"])
    put(s, "Timber Wolf", "player2", "B1")
    zones = {a["zone"] for a in casts(s, "Hellfire Trap")}
    assert "B1" not in zones and "A2" in zones


def test_hellfire_trap_springs_on_an_enemy_entering_and_attacks_it():
    """Digest §9.7 (Traps); seed 001 l.667: an enemy entering the zone makes the trap reveal (its cost paid),
    attack, and be destroyed."""
    s, rng, me = duel()
    trap = put(s, "Hellfire Trap", "player2", attached_zone="B2", face_down=True)
    wolf = put(s, "Timber Wolf", "player1", "B1")
    before = mana(s, "player2")
    ev = movement.teleport(s, wolf, "B2", rng)
    assert "EnchantmentRevealed" in types(ev) and any(e["type"] == "AttackRolled" and e["attacker"] == trap
                                                       for e in ev)
    assert trap not in s["objects"] and mana(s, "player2") == before - card("Hellfire Trap").reveal_cost


def test_trap_ignores_its_controllers_own_creatures_and_summoning():
    """Digest §9.7: only an enemy entering springs it; summoning into the zone is not entering (§9.5)."""
    s, rng, me = duel()
    trap = put(s, "Hellfire Trap", "player1", attached_zone="B2", face_down=True)
    wolf = put(s, "Timber Wolf", "player1", "B1")
    movement.push(s, wolf, "south", rng)
    assert s["objects"][trap]["face_down"]


def test_teleport_trap_its_controller_chooses_a_zone_up_to_2_away():
    """Teleport Trap's text: the entering enemy is teleported to a zone of the trap controller's choice, up to
    2 zones away; the match waits for that ``Teleport`` choice."""
    s, rng, me = duel()
    put(s, "Teleport Trap", "player2", attached_zone="A2", face_down=True)
    s, ev = SYSTEM.apply(s, "player1", {"type": "Move", "to": "A2"}, rng)
    assert SYSTEM.awaiting(s) == ["player2"]
    zones = {a["zone"] for a in SYSTEM.legal_actions(s, "player2") if a["type"] == "Teleport"}
    assert zones == {"A1", "A2", "A3", "B1", "B2", "B3", "C2"}
    s, ev = SYSTEM.apply(s, "player2", {"type": "Teleport", "object": me, "zone": "C2"}, rng)
    assert s["objects"][me]["zone"] == "C2" and not s.get("pending")


def test_divine_intervention_on_reveal_may_teleport_the_creature_anywhere():
    """Divine Intervention's text: when revealed, you may teleport the creature to any zone, then destroy it."""
    s, rng, me = duel()
    di = put(s, "Divine Intervention", "player1", attached_to=me, face_down=True)
    s["objects"][me]["mana"] = 20
    s, _ = SYSTEM.apply(s, "player1", {"type": "Reveal", "enchantment": di}, rng)
    assert di not in s["objects"]
    s, _ = SYSTEM.apply(s, "player1", {"type": "Teleport", "object": me, "zone": "D1"}, rng)
    assert s["objects"][me]["zone"] == "D1"


def test_chains_of_agony_each_move_action_deals_1_direct_damage():
    """Chains of Agony's text; seed 001 l.621: each move action deals the creature 1 direct damage."""
    s, rng, me = duel()
    put(s, "Chains of Agony", "player2", attached_to=me)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Move", "to": "A2"}, rng)
    assert s["objects"][me]["damage"] == 1


def test_magebane_casting_and_resolving_a_spell_deals_1_direct_damage():
    """Magebane's text: each time the creature casts and resolves a spell it receives 1 direct damage."""
    s, rng, me = duel(["Evade"])
    put(s, "Magebane", "player2", attached_to=me)
    s, _ = cast(s, rng, "Evade", target=me)
    assert s["objects"][me]["damage"] == 1


def test_pacify_first_attack_each_round_costs_2_mana():
    """Pacify's text: the first melee or ranged attack each round costs its controller 2 mana in the Declare
    Attack step (else it is cancelled: the engine offers it only when payable)."""
    s, rng, me = duel()
    s["step"], s["activation"] = "turn", None
    s["objects"][me]["ready"] = False
    wolf = put(s, "Timber Wolf", "player1", "D3", ready=True)
    put(s, "Pacify", "player2", attached_to=wolf)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": wolf}, rng)
    attack = next(a for a in SYSTEM.legal_actions(s, "player1") if a["type"] == "Attack")
    before = mana(s)
    s, _ = SYSTEM.apply(s, "player1", attack, rng)
    assert mana(s) == before - 2


def test_pacify_attack_not_offered_without_2_mana():
    """Pacify's text: unpaid, the attack is cancelled, so it is not offered."""
    s, rng, me = duel()
    s["step"], s["activation"] = "turn", None
    wolf = put(s, "Timber Wolf", "player1", "D3", ready=True)
    put(s, "Pacify", "player2", attached_to=wolf)
    s["objects"][me]["mana"] = 1
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": wolf}, rng)
    assert not [a for a in SYSTEM.legal_actions(s, "player1") if a["type"] == "Attack"]


def test_suppression_cloak_each_creatures_first_melee_attack_on_the_mage_costs_2():
    """Suppression Cloak's text: each creature's first melee attack against this mage each round costs 2."""
    s, rng, me = duel()
    s["step"], s["activation"] = "turn", None
    foe = s["mages"]["player2"]
    put(s, "Suppression Cloak", "player2", attached_to=foe)
    wolf = put(s, "Timber Wolf", "player1", "D3", ready=True)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": wolf}, rng)
    attack = next(a for a in SYSTEM.legal_actions(s, "player1") if a["type"] == "Attack" and a["target"] == foe)
    before = mana(s)
    s, _ = SYSTEM.apply(s, "player1", attack, rng)
    assert mana(s) == before - 2


def test_wall_of_thorns_a_level_2_creature_crossing_spends_a_full_action():
    """Wall of Thorns' text: creatures of level 2 or higher must spend a full action to move through it."""
    s, rng, me = duel()
    new_object(s, "Wall of Thorns", "conjuration", "player2", border="A1|A2")
    movement.settle(s, [], rng)
    s, ev = SYSTEM.apply(s, "player1", {"type": "Move", "to": "A2"}, rng)
    assert "ActionTurnEnded" in types(ev)


def test_extendable_barrier_costs_cost_plus_cost_plus_level_for_a_second_connected_wall():
    """Digest §9.6 (Extendable); seed 001 l.581: a level-2 barrier costing 7 costs 16 extended; the second copy
    comes from the book and goes on a border connected to the first."""
    s, rng, me = duel(["Wall of Fire"], {"player1": "warlock"})
    assert s["books"]["player1"].get("Wall of Fire")
    c = card("Wall of Fire")
    ext = [a for a in casts(s, "Wall of Fire") if a.get("extend")]
    assert ext
    before = mana(s)
    s, ev = SYSTEM.apply(s, "player1", ext[0], rng)
    assert mana(s) == before - (c.cost + c.cost + c.level())
    assert len([o for o in s["objects"].values() if o["card"] == "Wall of Fire"]) == 2


def test_heal_ability_bar_asyran_cleric_heals_in_range():
    """Asyran Cleric's Healing Light (a full-action heal bar, range 0-1, 1 die); digest §20.2, §10.11; seed 001
    l.817."""
    s, rng, me = duel()
    s["step"], s["activation"] = "turn", None
    cleric = put(s, "Asyran Cleric", "player1", "A1", ready=True)
    wolf = put(s, "Timber Wolf", "player1", "C1", damage=3)
    s["objects"][me]["damage"] = 3
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": cleric}, rng)
    targets = {a["target"] for a in SYSTEM.legal_actions(s, "player1") if a["type"] == "UseAbility"}
    assert me in targets and wolf not in targets
    s, ev = SYSTEM.apply(s, "player1", {"type": "UseAbility", "ability": "Healing Light", "target": me}, rng)
    assert "HealRolled" in types(ev) and "ActionTurnEnded" in types(ev)


def test_coverage_counts_only_cards_whose_every_clause_is_enforced():
    """Issue #14 item 7: a card counts as automated only if every clause of its text is enforced; coded cards
    are in the starter books."""
    starter = coverage.starter_names()
    assert set(coverage.CODED) - {"Wall of Stone"} <= starter
    assert coverage.status("Force Hold")[0] == "automated"  # Uncontainable creatures spared since issue 14
    assert coverage.status("Akiro's Hammer")[0] == "partial"
    assert coverage.status("Banish")[0] == "referee"
    assert coverage.status("Timber Wolf")[0] == "automated"
    n, m = (int(x) for x in coverage.coverage()["starter"].split(" of "))
    assert m == len(starter) and n == sum(1 for c in starter if coverage.status(c)[0] == "automated")


def test_auras_redclaw_gives_other_friendly_canines_in_its_zone_armor_and_melee():
    """Redclaw's text: other friendly canine creatures in its zone gain Armor +1 and Melee +1 (auras.py)."""
    from engine.magewars import auras, stats
    s, rng, me = duel()
    wolf = put(s, "Timber Wolf", "player1", "B2")
    put(s, "Redclaw, Alpha Male", "player1", "B2")
    foe = put(s, "Timber Wolf", "player2", "B2")
    auras.refresh(s)
    assert stats.armor(s, wolf) == card("Timber Wolf").armor + 1 and stats.armor(s, foe) == card("Timber Wolf").armor
    s["objects"][wolf]["zone"] = "C2"
    auras.refresh(s)
    assert stats.armor(s, wolf) == card("Timber Wolf").armor


def test_auras_tooth_and_nail_all_animals_melee_gain_piercing_1():
    """Digest §9.6; seed 001 l.571 (Fang and Claw): every animal, friendly and enemy, gets Piercing +1 on its
    melee attacks while it is in play."""
    from engine.magewars import auras, stats
    s, rng, me = duel()
    wolf = put(s, "Timber Wolf", "player2", "B2")
    tn = put(s, "Tooth & Nail", "player1", "D1")
    auras.refresh(s)
    assert {"trait": "Piercing", "value": 1} in stats.attacks(s, wolf)[0]["traits"]
    destroy(s, tn, [])
    auras.refresh(s)
    assert {"trait": "Piercing", "value": 1} not in stats.attacks(s, wolf)[0]["traits"]


def test_auras_sacred_ground_works_only_once_revealed():
    """Sacred Ground's text (friendly Living creatures in this zone gain Aegis 1), §9.7: hidden, it does nothing."""
    from engine.magewars import auras, stats
    s, rng, me = duel()
    sg = put(s, "Sacred Ground", "player1", attached_zone="A1", face_down=True)
    auras.refresh(s)
    assert not stats.traits(s, me).has("Aegis")
    s["objects"][sg]["face_down"] = False
    auras.refresh(s)
    assert stats.traits(s, me).value("Aegis") == 1


def test_spellbind_wand_binds_an_incantation_cast_once_per_round_and_kept():
    """Digest §9.9; seed 001 l.701: a Mage Wand holding Minor Heal casts it once per round as if prepared; it is
    not discarded; hidden from the other seat until first cast."""
    s, rng, me = duel(["Mage Wand"], {"player1": "wizard"})
    s["books"]["player1"]["Minor Heal"] = 1
    wand = {"type": "Cast", "caster": me, "spell": "Mage Wand", "target": me, "bind": "Minor Heal"}
    assert wand in SYSTEM.legal_actions(s, "player1")
    s, _ = SYSTEM.apply(s, "player1", wand, rng)
    item = next(o for o in s["objects"].values() if o["card"] == "Mage Wand")
    assert SYSTEM.view(s, "player2")["objects"][item["id"]]["bound"] is None
    assert "Minor Heal" not in s["books"]["player1"]
    s["objects"][me]["damage"] = 5
    s["step"], s["turn"] = "turn", "player1"
    heal = {"type": "Cast", "caster": me, "spell": "Minor Heal", "target": me, "from": item["id"]}
    assert heal in SYSTEM.legal_actions(s, "player1")
    s, _ = SYSTEM.apply(s, "player1", heal, rng)
    assert "Minor Heal" not in s["discard"]["player1"] and s["objects"][item["id"]]["bound"] == "Minor Heal"
    assert SYSTEM.view(s, "player2")["objects"][item["id"]]["bound"] == "Minor Heal"
    assert heal not in SYSTEM.legal_actions(s, "player1")  # once per round


def test_zone_attack_except_the_caster_spares_the_caster():
    """Blinding Flash's text ("Attacks all objects in the zone except the caster"), digest §10.6."""
    s, rng, me = duel(["Blinding Flash"], {"player1": "priestess"})
    foe = put(s, "Timber Wolf", "player2", "A1")
    s, ev = cast(s, rng, "Blinding Flash", zone="A1")
    attacked = [e["defender"] for e in ev if e["type"] == "AttackRolled"]
    assert attacked == [foe] and not s["objects"][me].get("destroyed")


def test_retaliate_is_destroyed_after_its_first_counterstrike():
    """Retaliate's text: the first time the creature makes a counterstrike, destroy Retaliate."""
    from engine.magewars import combat
    s, rng, me = duel()
    wolf = put(s, "Timber Wolf", "player1", "D3")
    foe = put(s, "Timber Wolf", "player2", "D3")
    ret = put(s, "Retaliate", "player2", attached_to=foe)
    movement.attack(s, wolf, 0, foe, rng)
    assert ret not in s["objects"] and "Retaliate" in s["discard"]["player2"]


def test_tanglevine_restrains_and_blocks_ranged_targeting():
    """Tanglevine's text: its creature is Restrained (§12.2: no move actions) while it is attached; it cannot
    target Flying creatures; ranged attacks cannot target it."""
    from engine.magewars import auras
    s, rng, me = duel(["Tanglevine"])
    wolf = put(s, "Timber Wolf", "player2", "A2")
    falcon = put(s, "Thunderift Falcon", "player2", "A2")
    targets = {a["target"] for a in casts(s, "Tanglevine")}
    assert wolf in targets and falcon not in targets
    s, _ = cast(s, rng, "Tanglevine", target=wolf)
    vine = next(o["id"] for o in s["objects"].values() if o["card"] == "Tanglevine")
    assert s["objects"][wolf]["conditions"]["Restrained"] == 1
    from engine.magewars.casting import ranged_target_ok
    assert not ranged_target_ok(s["objects"][vine])
    destroy(s, vine, [])
    auras.refresh(s)
    assert "Restrained" not in s["objects"][wolf]["conditions"]


def test_next_melee_attack_gains_piercing_strike_then_spent():
    """Piercing Strike's text: the target's next melee attack this round gains Piercing +3; only that one."""
    s, rng, me = duel(["Piercing Strike"])
    wolf = put(s, "Timber Wolf", "player1", "A1", ready=True)
    s, _ = cast(s, rng, "Piercing Strike", target=wolf)
    assert s["objects"][wolf]["counters"]["next_melee"] == [{"trait": "Piercing", "value": 3}]
    foe = put(s, "Steelclaw Grizzly", "player2", "A1")
    s["step"], s["turn"], s["activation"] = "turn", "player1", None
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": wolf}, rng)
    s, ev = SYSTEM.apply(s, "player1", {"type": "Attack", "attack": 0, "target": foe}, rng)
    rolled = next(e for e in ev if e["type"] == "AttackRolled" and e["attacker"] == wolf)
    assert "next_melee" not in s["objects"][wolf]["counters"] and "Timber Wolf" not in s["cards"]
    assert rolled


def test_casting_discount_ring_of_beasts_once_per_round():
    """Ring of Beasts' text: once per round the Beastmaster pays 1 less for an animal creature spell."""
    s, rng, me = duel(["Timber Wolf", "Bitterwood Fox"], {"player1": "beastmaster"})
    put(s, "Ring of Beasts", "player1", attached_to=me)
    before = s["objects"][me]["mana"]
    s, _ = cast(s, rng, "Timber Wolf", zone="A1")
    assert s["objects"][me]["mana"] == before - (card("Timber Wolf").cost - 1)


def test_casting_discount_ring_of_curses_on_reveal_only():
    """Ring of Curses' text: curses cost 1 less; enchantments only when revealed."""
    s, rng, me = duel(["Agony"])
    put(s, "Ring of Curses", "player1", attached_to=me)
    foe = put(s, "Timber Wolf", "player2", "A1")
    before = s["objects"][me]["mana"]
    s, _ = cast(s, rng, "Agony", target=foe)
    assert s["objects"][me]["mana"] == before - 2
    agony = next(o["id"] for o in s["objects"].values() if o["card"] == "Agony")
    s, ev = SYSTEM.apply(s, "player1", {"type": "Reveal", "enchantment": agony}, rng)
    assert ev[0]["cost"] == card("Agony").reveal_cost - 1


def test_helm_of_fear_a_9_or_more_cancels_the_melee_attack():
    """Helm of Fear's text: a melee attack on its mage rolls the effect die; 9+ cancels it and the attacker may
    pick another target; Nonliving attackers are not affected."""
    from engine.magewars import effects
    s, rng, me = duel()
    foe = s["mages"]["player2"]
    put(s, "Helm of Fear", "player2", attached_to=foe)
    wolf = put(s, "Timber Wolf", "player1", "D3")
    bar = {"range_type": "melee"}
    rolls = [effects.helm_cancels(s, wolf, foe, bar, rng)[0] for _ in range(30)]
    assert all(r["canceled"] == (r["roll"] >= 9) for r in rolls) and any(r["canceled"] for r in rolls)
    sentry = put(s, "Skeletal Sentry", "player1", "D3")
    assert effects.helm_cancels(s, sentry, foe, bar, rng) == []


def test_mana_siphon_its_chosen_mage_channels_2_less():
    """Mana Siphon's text: choose a mage up to 2 zones away in LoS; it gains Channeling -2 while Siphon stays."""
    s, rng, me = duel(["Mana Siphon"], {"player1": "wizard"})
    s["objects"][me]["mana"] = 30
    foe = s["mages"]["player2"]
    s["objects"][foe]["zone"] = "B2"
    base = rounds.channeling(s, foe)
    s, _ = cast(s, rng, "Mana Siphon", zone="A1", mage=foe)
    assert rounds.channeling(s, foe) == base - 2


def _attack_as(s, rng, oid, target, seat="player1"):
    s["step"], s["turn"], s["activation"] = "turn", seat, None
    s, _ = SYSTEM.apply(s, seat, {"type": "Activate", "creature": oid}, rng)
    attack = next(a for a in SYSTEM.legal_actions(s, seat) if a["type"] == "Attack" and a["target"] == target)
    return SYSTEM.apply(s, seat, attack, rng)


def test_marked_for_death_first_attack_each_round_by_each_creature_gains_a_die():
    """Marked for Death's text: +1 attack die against this creature, only a creature's first attack on it each
    round."""
    s, rng, me = duel()
    wolf = put(s, "Timber Wolf", "player1", "D3", ready=True)
    foe = put(s, "Steelclaw Grizzly", "player2", "D3")
    put(s, "Marked for Death", "player1", attached_to=foe)
    ev = movement.attack(s, wolf, 0, foe, rng, {"counterstrike": False})
    gained = [e for e in ev if e["type"] == "AttackDiceGained"]
    rolled = next(e for e in ev if e["type"] == "AttackRolled")
    assert gained and rolled["base_dice"] == card("Timber Wolf").attacks[0].dice + 1
    ev = movement.attack(s, wolf, 0, foe, rng, {"counterstrike": False})
    assert not [e for e in ev if e["type"] == "AttackDiceGained"] and "Timber Wolf" not in s["cards"]


def test_fireshaper_ring_adds_a_die_to_its_mages_flame_attacks():
    """Fireshaper Ring's text: Melee +1 and Ranged +1 for the mage's attacks that deal flame damage."""
    s, rng, me = duel(["Fireball"])
    put(s, "Fireshaper Ring", "player1", attached_to=me)
    foe = put(s, "Timber Wolf", "player2", "A2")
    s, ev = cast(s, rng, "Fireball", target=foe)
    rolled = next(e for e in ev if e["type"] == "AttackRolled")
    assert rolled["base_dice"] == card("Fireball").attacks[0].dice + 1 and "Fireball" not in s["cards"]


def test_spellbind_rebind_pays_3_and_swaps_the_bound_spell():
    """Mage Wand's text: as a quick spell, pay 3 mana to change the bound spell (the old one goes back to the
    book, §9.9)."""
    s, rng, me = duel()
    wand = put(s, "Mage Wand", "player1", attached_to=me, bound="Dispel", bound_shown=True)
    s["books"]["player1"]["Minor Heal"] = 1
    rebind = {"type": "Cast", "caster": me, "spell": "Rebind", "from": wand, "bind": "Minor Heal"}
    assert rebind in SYSTEM.legal_actions(s, "player1")
    before = mana(s)
    s, _ = SYSTEM.apply(s, "player1", rebind, rng)
    assert s["objects"][wand]["bound"] == "Minor Heal" and s["books"]["player1"]["Dispel"] >= 1
    assert mana(s) == before - 3


def test_bloodthirsty_must_melee_a_wounded_living_enemy_in_its_zone():
    """Digest §13 (Bloodthirsty): with a wounded living enemy creature in its zone it must melee-attack one of
    them if able: no other choice is offered. Goran gains Bloodthirsty +1 more beside his mage (his text)."""
    from engine.magewars import auras, stats
    s, rng, me = duel()
    goran = put(s, "Goran, Werewolf Pet", "player1", "A1", ready=True)
    auras.refresh(s)
    assert stats.traits(s, goran).value("Bloodthirsty") == 2
    hurt = put(s, "Timber Wolf", "player2", "B1", damage=1)
    put(s, "Timber Wolf", "player2", "B1")
    s["objects"][goran]["zone"] = "B1"
    s["step"], s["activation"] = "turn", None
    s["objects"][me]["ready"] = False
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": goran}, rng)
    acts = SYSTEM.legal_actions(s, "player1")
    assert {a["type"] for a in acts} - {"Reveal", "Concede"} == {"Attack"}
    assert {a["target"] for a in acts if a["type"] == "Attack"} == {hurt}


def test_pentagram_gains_mana_when_friendly_creatures_damage_different_enemies():
    """Pentagram's text: 1 mana each time a different enemy creature is attacked and damaged by a friendly
    creature, at most 2 a round."""
    from engine.magewars import effects
    s, rng, me = duel()
    gram = put(s, "Pentagram", "player1", "A1")
    wolf = put(s, "Timber Wolf", "player1", "D3")
    a, b, c = (put(s, "Timber Wolf", "player2", "D3") for _ in range(3))
    for victim in (a, a, b, c):
        effects.after_attack(s, wolf, [{"type": "DamageDealt", "object": victim, "amount": 2}])
    assert s["objects"][gram]["mana"] == 2


def test_valshalla_gains_a_wrath_token_when_a_friend_falls_to_an_enemy_attack():
    """Valshalla's text: once per round, a friendly creature attacked and destroyed by an enemy creature gives
    her a Wrath token: Melee +1 each, up to 4."""
    from engine.magewars import effects, stats
    s, rng, me = duel()
    angel = put(s, "Valshalla, Lightning Angel", "player2", "D3")
    friend = put(s, "Timber Wolf", "player2", "D3")
    wolf = put(s, "Timber Wolf", "player1", "D3")
    effects.after_attack(s, wolf, [{"type": "ObjectDestroyed", "object": friend}])
    effects.after_attack(s, wolf, [{"type": "ObjectDestroyed", "object": friend}])
    assert s["objects"][angel]["counters"]["wrath"] == 1 and stats.traits(s, angel).value("Melee") == 1


def test_blue_gremlin_paid_on_activation_teleports_zone_by_zone():
    """Blue Gremlin's text: pay 1 when activated: Fast this round, and each move action is a teleport to the next
    zone (through walls, never hindered)."""
    s, rng, me = duel()
    s["step"], s["activation"] = "turn", None
    gremlin = put(s, "Blue Gremlin", "player1", "B1", ready=True)
    new_object(s, "Wall of Stone", "conjuration", "player2", border="B1|C1")
    movement.settle(s, [], rng)
    put(s, "Timber Wolf", "player2", "C1")
    pay = {"type": "Activate", "creature": gremlin, "pay": True}
    assert pay in SYSTEM.legal_actions(s, "player1")
    before = mana(s)
    s, _ = SYSTEM.apply(s, "player1", pay, rng)
    assert mana(s) == before - 1
    s, ev = SYSTEM.apply(s, "player1", {"type": "Move", "to": "C1"}, rng)
    assert "Teleported" in types(ev) and "Hindered" not in types(ev)
    assert {"type": "Move", "to": "D1"} in SYSTEM.legal_actions(s, "player1")


def test_necropian_vampiress_paid_flies_until_the_end_of_her_turn():
    """Necropian Vampiress' text: pay 1 when activated: Flying until the end of her Action Phase."""
    from engine.magewars import stats
    s, rng, me = duel()
    s["step"], s["activation"] = "turn", None
    vamp = put(s, "Necropian Vampiress", "player1", "B1", ready=True)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": vamp, "pay": True}, rng)
    assert stats.traits(s, vamp).has("Flying")
    s, _ = SYSTEM.apply(s, "player1", {"type": "EndTurn"}, rng)
    assert not stats.traits(s, vamp).has("Flying")


def test_staff_of_beasts_and_crown_of_protection_quick_spells_once_per_round():
    """Staff of Beasts' text (2 mana: an animal within 1 zone gets Melee +2 this round or heals 2 dice) and
    Crown of Protection's (2 mana: an Armor +1 token on a Living non-Mage creature within 1 zone, stacking)."""
    from engine.magewars import stats
    s, rng, me = duel()
    staff = put(s, "Staff of Beasts", "player1", attached_to=me)
    crown = put(s, "Crown of Protection", "player1", attached_to=me)
    wolf = put(s, "Timber Wolf", "player1", "A2")
    melee = {"type": "Cast", "caster": me, "spell": "Staff of Beasts", "from": staff, "target": wolf, "mode": "melee"}
    s, _ = SYSTEM.apply(s, "player1", melee, rng)
    assert stats.traits(s, wolf).value("Melee") == 2
    assert s["step"] == "after_turn"  # the quick action ended the mage's turn; its quickcast is left
    armor = stats.armor(s, wolf)
    token = {"type": "Cast", "caster": me, "spell": "Crown of Protection", "from": crown, "target": wolf}
    assert token in SYSTEM.legal_actions(s, "player1") and melee not in SYSTEM.legal_actions(s, "player1")
    s, _ = SYSTEM.apply(s, "player1", token, rng)
    assert stats.armor(s, wolf) == armor + 1


def test_temple_of_asyra_a_clerics_full_action_puts_mana_on_it_twice_a_round():
    """Temple of Asyra's text: up to twice per round a friendly cleric may use a full action to place 1 mana on
    it."""
    s, rng, me = duel()
    temple = put(s, "Temple of Asyra", "player1", "A1")
    clerics = [put(s, "Asyran Cleric", "player1", "C3", ready=True) for _ in range(3)]
    s["objects"][me]["ready"] = False
    for n, cleric in enumerate(clerics):
        s["step"], s["turn"], s["activation"] = "turn", "player1", None
        s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": cleric}, rng)
        tend = {"type": "UseAbility", "ability": "Temple of Asyra", "target": temple}
        if n < 2:
            s, _ = SYSTEM.apply(s, "player1", tend, rng)
        else:
            assert tend not in SYSTEM.legal_actions(s, "player1")
    assert s["objects"][temple]["mana"] == 2


def test_jinx_cancels_a_quick_spell_refunds_it_and_returns_it_to_the_book():
    """Jinx's text: when its creature casts a quick spell, Jinx must be revealed in the Counter step: the spell is
    cancelled, returned to its owner's spellbook, its mana refunded; then Jinx is destroyed."""
    s, rng, me = duel(["Evade"])
    jinx = put(s, "Jinx", "player2", attached_to=me, face_down=True)
    before, copies = mana(s), s["books"]["player1"].get("Evade", 0)
    s, ev = cast(s, rng, "Evade", target=me)
    assert "SpellCountered" in types(ev) and jinx not in s["objects"]
    assert mana(s) == before and s["books"]["player1"]["Evade"] == copies + 1
    assert "Elusive" not in s["objects"][me].get("traits", [])


def test_climbing_crosses_a_corporeal_passage_blocked_wall_as_a_full_action():
    """Digest §7.5 (Climbing): a full action climbs over a corporeal barrier into the adjacent zone (Mountain
    Gorilla over a Wall of Stone); the turn ends."""
    s, rng, me = duel()
    s["step"], s["activation"] = "turn", None
    ape = put(s, "Mountain Gorilla", "player1", "B1", ready=True)
    new_object(s, "Wall of Stone", "conjuration", "player2", border="B1|C1")
    movement.settle(s, [], rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": ape}, rng)
    climb = {"type": "Move", "to": "C1", "climb": True}
    assert climb in SYSTEM.legal_actions(s, "player1") and {"type": "Move", "to": "C1"} not in \
        SYSTEM.legal_actions(s, "player1")
    s, ev = SYSTEM.apply(s, "player1", climb, rng)
    assert s["objects"][ape]["zone"] == "C1" and "ActionTurnEnded" in types(ev)


def test_wall_of_fire_hydro_attacks_gain_ethereal_against_it():
    """Wall of Fire's text: Hydro attacks gain the Ethereal trait when attacking it (so every die counts against
    its Incorporeal trait, §9.5)."""
    from engine.magewars import effects
    s, rng, me = duel()
    wall = new_object(s, "Wall of Fire", "conjuration", "player2", border="A1|A2")["id"]
    assert effects.extra_traits(s, wall, {"damage_type": "hydro"}) == [{"trait": "Ethereal"}]
    assert effects.extra_traits(s, wall, {"damage_type": "flame"}) == []


def test_knockdown_incapacitates_until_its_next_activation_or_the_round_end():
    """Knockdown's text: Incapacitated until the beginning of its next Action Phase or the end of the round; no
    effect on Unmovable creatures."""
    from engine.magewars import conditions
    s, rng, me = duel(["Knockdown"])
    wolf = put(s, "Timber Wolf", "player2", "A2", ready=True)
    s, _ = cast(s, rng, "Knockdown", target=wolf)
    assert conditions.incapacitated(s["objects"][wolf])
    rounds.activate(s, wolf)
    assert not conditions.incapacitated(s["objects"][wolf]) and not s["objects"][wolf]["conditions"].get("Daze")


def test_battle_fury_gives_one_more_quick_melee_attack_after_a_melee_attack():
    """Battle Fury's text: after its next non-counterstrike melee attack this round, the creature may make one
    quick melee attack more as part of the same action."""
    s, rng, me = duel(["Battle Fury"])
    wolf = put(s, "Timber Wolf", "player1", "A2", ready=True)
    foe = put(s, "Steelclaw Grizzly", "player2", "A2")
    s, _ = cast(s, rng, "Battle Fury", target=wolf)
    s["step"], s["turn"], s["activation"] = "turn", "player1", None
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": wolf}, rng)
    s, ev = SYSTEM.apply(s, "player1", {"type": "Attack", "attack": 0, "target": foe}, rng)
    assert "BattleFury" in types(ev)
    acts = SYSTEM.legal_actions(s, "player1")
    assert {"type": "Attack", "attack": 0, "target": foe} in acts and {"type": "EndTurn"} in acts
    assert not [a for a in acts if a["type"] in ("Move", "Guard")]
    s, ev = SYSTEM.apply(s, "player1", {"type": "Attack", "attack": 0, "target": foe}, rng)
    assert "ActionTurnEnded" in types(ev)


def test_lay_hands_heals_12_dice_and_removes_chosen_conditions_for_their_costs():
    """Lay Hands' text: heal 12 attack dice; remove as many condition markers as wished, paying their removal
    costs."""
    s, rng, me = duel(["Lay Hands"], {"player1": "priestess"})
    wolf = put(s, "Timber Wolf", "player1", "A1", damage=6, conditions={"Burn": 1, "Daze": 1})
    before = mana(s)
    s, ev = cast(s, rng, "Lay Hands", target=wolf, conditions=["Burn"])
    assert "HealRolled" in types(ev) and s["objects"][wolf]["conditions"] == {"Daze": 1}
    assert mana(s) == before - card("Lay Hands").cost - 2


def test_purify_removes_poison_conditions_and_destroys_poison_enchantments():
    """Purify's text: remove poison conditions paying their removal costs, destroy revealed poison enchantments
    paying their casting and reveal costs; Burn is not a poison condition."""
    s, rng, me = duel(["Purify"])
    wolf = put(s, "Timber Wolf", "player1", "A1", conditions={"Rot": 1, "Weak": 1, "Burn": 1})
    offered = [a for a in casts(s, "Purify") if a["target"] == wolf]
    assert all("Burn" not in a["conditions"] for a in offered)
    s, _ = cast(s, rng, "Purify", target=wolf, conditions=["Rot", "Weak"])
    assert s["objects"][wolf]["conditions"] == {"Burn": 1}


def test_resurrection_summons_a_living_creature_from_the_discard_pile():
    """Resurrection's text: a destroyed Living creature of your discard pile is summoned in the caster's zone;
    X = its cost + its level."""
    s, rng, me = duel(["Resurrection"])
    s["objects"][me]["mana"] = 40
    s["discard"]["player1"] += ["Timber Wolf", "Skeletal Sentry"]
    offered = {a["card"] for a in casts(s, "Resurrection")}
    assert offered == {"Timber Wolf"}
    before = mana(s)
    s, _ = cast(s, rng, "Resurrection", card="Timber Wolf")
    wolf = next(o for o in s["objects"].values() if o["card"] == "Timber Wolf")
    assert wolf["zone"] == s["objects"][me]["zone"] and "Timber Wolf" not in s["discard"]["player1"]
    assert mana(s) == before - card("Timber Wolf").cost - card("Timber Wolf").level()


def test_shift_and_steal_enchantment_move_an_enchantment_to_a_new_target():
    """Shift Enchantment's text (one you control; X = 1 hidden, its level revealed) and Steal Enchantment's (a
    revealed one; you now control it; X = its casting and reveal cost twice)."""
    s, rng, me = duel(["Shift Enchantment", "Steal Enchantment"])
    s["objects"][me]["mana"] = 40
    mine = put(s, "Timber Wolf", "player1", "A1")
    theirs = put(s, "Timber Wolf", "player2", "A2")
    hide = put(s, "Rhino Hide", "player1", attached_to=mine, face_down=True)
    strength = put(s, "Bear Strength", "player2", attached_to=theirs)
    before = mana(s)
    s2, _ = cast(s, rng, "Shift Enchantment", target=hide, new=me)
    assert s2["objects"][hide]["attached_to"] == me and mana(s2) == before - 1
    s, _ = cast(s, rng, "Steal Enchantment", target=strength, new=mine)
    assert s["objects"][strength]["attached_to"] == mine and s["objects"][strength]["controller"] == "player1"
    assert mana(s) == before - 2 * (2 + card("Bear Strength").reveal_cost)


def test_hand_of_bim_shalla_once_a_round_between_action_turns():
    """Hand of Bim-Shalla's text: once each round, before or after a friendly creature's action turn, a Living
    creature gets Armor +1 or Melee +1 until the end of the round, or heals 1."""
    from engine.magewars import stats
    s, rng, me = duel()
    s["step"], s["activation"] = "turn", None
    hand = put(s, "Hand of Bim-Shalla", "player1", "A1")
    wolf = put(s, "Timber Wolf", "player1", "B1")
    use = {"type": "UseAbility", "ability": "Hand of Bim-Shalla", "source": hand, "target": wolf, "mode": "armor"}
    assert use in SYSTEM.legal_actions(s, "player1")
    armor = stats.armor(s, wolf)
    s, _ = SYSTEM.apply(s, "player1", use, rng)
    assert stats.armor(s, wolf) == armor + 1 and use not in SYSTEM.legal_actions(s, "player1")


def test_chain_lightning_may_jump_to_another_target_one_die_fewer():
    """Chain Lightning's text: each time it damages a target it may attack another target up to 1 zone from the
    last one and in its LoS, never the same one twice; each link rolls 1 die fewer and 1 less on the effect."""
    s, rng, me = duel(["Chain Lightning"], {"player1": "wizard"})
    first = put(s, "Timber Wolf", "player2", "A2")
    second = put(s, "Timber Wolf", "player2", "B2")
    for seed in range(30):
        s2, ev = cast(s, SeededRng(bytes([seed]) * 32), "Chain Lightning", target=first)
        if s2.get("pending"):
            break
    else:
        raise AssertionError("no damaging first strike in 30 seeds")
    options = [a["target"] for a in SYSTEM.legal_actions(s2, "player1") if a["type"] == "Chain"]
    assert second in options and first not in options and None in options
    s3, ev = SYSTEM.apply(s2, "player1", {"type": "Chain", "target": second}, rng)
    rolled = next(e for e in ev if e["type"] == "AttackRolled" and e["defender"] == second)
    assert rolled["dice"] == card("Chain Lightning").attacks[0].dice - 1 and "Chain Lightning" not in s3["cards"]


def test_chain_lightning_stops_when_its_caster_is_incapacitated():
    """Chain Lightning's text with digest §12.2: each link is the caster's attack; once the caster is stunned (by a
    damage barrier, say) no further link is offered, so the choice never offers an attack the sequence refuses."""
    from engine.magewars import effects

    s, rng, me = duel(["Chain Lightning"], {"player1": "wizard"})
    first = put(s, "Timber Wolf", "player2", "A2")
    put(s, "Timber Wolf", "player2", "B2")
    damaged = [{"type": "DamageDealt", "object": first, "amount": 2}]
    assert effects.chain_next(s, "player1", me, first, [first], damaged)  # a link is offered...
    s.pop("pending")
    s["objects"][me]["conditions"]["Stun"] = 1
    assert effects.chain_next(s, "player1", me, first, [first], damaged) == [] and not s.get("pending")  # ...not now


def test_reverse_magic_redirects_an_opponents_spell_to_its_caster():
    """Reverse Magic's text: an opponent's incantation targeting its creature is taken over and aimed at the
    caster; then Reverse Magic is destroyed."""
    s, rng, me = duel(["Evade"])
    foe = put(s, "Timber Wolf", "player2", "A1")
    rm = put(s, "Reverse Magic", "player2", attached_to=foe, face_down=True)
    s, ev = cast(s, rng, "Evade", target=foe)
    assert "SpellRedirected" in types(ev) and rm not in s["objects"]
    assert "Elusive" in s["objects"][me].get("traits", []) and "Elusive" not in s["objects"][foe].get("traits", [])
    assert "Evade" in s["discard"]["player1"]
