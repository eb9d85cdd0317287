"""The last starter cards whose text the duel now runs (issue 14): Maim Wings, Force Hold against an Uncontainable
creature, Reverse Attack, Ghoul Rot; each test cites the card text (the card data, ``data/magewars/cards.json``) and
the rule it leans on."""
from engine.magewars import auras, combat, conditions, stats
from engine.magewars.cards import card, kind_of
from engine.magewars.state import new_object
from tests.engine.magewars.duel_support import duel_at_turn


def duel():
    return duel_at_turn({"player1": "warlock", "player2": "beastmaster"}, seed=b"t" * 32)


def put(s, name, seat, zone=None, **extra):
    return new_object(s, name, kind_of(card(name)), seat, zone=zone, **extra)["id"]


def types(events):
    return [e["type"] for e in events]


def test_maim_wings_takes_flying_away_and_a_later_eagle_wings_gives_it_back():
    """Maim Wings: "This creature loses the Flying trait."; seed 001 l.645, digest §9.7 (§22.9): enchantments in
    conflict apply in reveal order, the later one overriding: Eagle Wings revealed after Maim Wings flies again."""
    s, _ = duel()
    wolf = put(s, "Timber Wolf", "player2", "B1")
    maim = put(s, "Maim Wings", "player1", attached_to=wolf)
    eagle = put(s, "Eagle Wings", "player2", attached_to=wolf, face_down=True)
    assert not stats.traits(s, wolf).has("Flying")
    s["objects"][eagle]["face_down"] = False
    stats.mark_revealed(s, s["objects"][eagle])
    assert stats.traits(s, wolf).has("Flying")
    stats.mark_revealed(s, s["objects"][maim])  # Maim Wings now the later one
    assert not stats.traits(s, wolf).has("Flying")


def test_maim_wings_grounds_a_printed_flyer():
    """Maim Wings' text: a creature printed with Flying (Thunderift Falcon) loses it (§7.4: it no longer flies)."""
    s, _ = duel()
    falcon = put(s, "Thunderift Falcon", "player2", "B1")
    assert stats.traits(s, falcon).has("Flying")
    put(s, "Maim Wings", "player1", attached_to=falcon)
    assert not stats.traits(s, falcon).has("Flying")


def test_force_hold_does_not_affect_an_uncontainable_creature():
    """Force Hold: "This creature is Restrained, and gains the Unmovable trait. This does not affect creatures
    with the Uncontainable trait." (§12.2 Restrained, §13 Uncontainable, Unmovable)."""
    s, _ = duel()
    held = put(s, "Timber Wolf", "player2", "B1")
    free = put(s, "Timber Wolf", "player2", "B1", traits=["Uncontainable"])
    put(s, "Force Hold", "player1", attached_to=held)
    put(s, "Force Hold", "player1", attached_to=free)
    auras.refresh(s)
    assert stats.traits(s, held).has("Unmovable") and conditions.restrained(s["objects"][held])
    assert not stats.traits(s, free).has("Unmovable") and not conditions.restrained(s["objects"][free])


def test_reverse_attack_turns_the_attack_on_its_attacker():
    """Reverse Attack: revealed in the Avoid Attack step (mandatory, its reveal cost paid), the attack is avoided
    and the attacker becomes its target for Roll Dice and Damage and Effects; then Reverse Attack is destroyed
    (digest §9.7, §10.3 step 4)."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "B1")
    foe = put(s, "Timber Wolf", "player2", "B1")
    rev = put(s, "Reverse Attack", "player2", attached_to=foe, face_down=True)
    mana = s["objects"][s["mages"]["player2"]]["mana"]
    s, ev = combat.attack(s, wolf, 0, foe, rng, declared={"counterstrike": False})
    turned = next(e for e in ev if e["type"] == "AttackReversed")
    assert turned["reversed"] and turned["paid"] == 5
    assert s["objects"][s["mages"]["player2"]]["mana"] == mana - 5
    rolled = [e for e in ev if e["type"] == "AttackRolled"]
    assert [e["defender"] for e in rolled] == [wolf]
    assert s["objects"][foe]["damage"] == 0 and s["objects"][wolf]["damage"] == rolled[0]["damage"]
    assert rev not in s["objects"] or s["objects"][rev].get("destroyed")


def test_reverse_attack_against_an_unavoidable_attack_is_destroyed_without_effect():
    """Reverse Attack: "If the attack is Unavoidable, destroy Reverse Attack without effect." (§13 Unavoidable)."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "B1")
    foe = put(s, "Timber Wolf", "player2", "B1")
    rev = put(s, "Reverse Attack", "player2", attached_to=foe, face_down=True)
    mana = s["objects"][s["mages"]["player2"]]["mana"]
    bar = stats.attacks(s, wolf)[0]
    bar["traits"].append({"trait": "Unavoidable"})
    s["cards"]["Savage Wolf"] = {**stats.card(s, "Timber Wolf"), "name": "Savage Wolf",
                                 "attacks": [{**stats.card(s, "Timber Wolf")["attacks"][0],
                                              "traits": [{"trait": "Unavoidable"}]}]}
    s["objects"][wolf]["card"] = "Savage Wolf"
    s, ev = combat.attack(s, wolf, 0, foe, rng, declared={"counterstrike": False})
    turned = next(e for e in ev if e["type"] == "AttackReversed")
    assert not turned["reversed"] and turned["paid"] == 0
    assert s["objects"][s["mages"]["player2"]]["mana"] == mana
    assert [e["defender"] for e in ev if e["type"] == "AttackRolled"] == [foe]
    assert rev not in s["objects"] or s["objects"][rev].get("destroyed")


def test_ghoul_rot_deals_2_direct_poison_damage_each_upkeep():
    """Ghoul Rot: "Each Upkeep Phase, this creature receives 2 direct poison damage." (text found in the OCTGN
    module's rulings list, data/magewars/card_texts.json); digest §4 P4 (Upkeep), §10.9 direct damage ignores
    armor, §10.10 a Poison Immune creature takes none; hidden, it does nothing yet (§9.7)."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player2", "B1")
    rot = put(s, "Ghoul Rot", "player1", attached_to=wolf, face_down=True)
    s, _ = conditions.upkeep(s, wolf, rng)
    assert s["objects"][wolf]["damage"] == 0
    s["objects"][rot]["face_down"] = False
    s, ev = conditions.upkeep(s, wolf, rng)
    assert s["objects"][wolf]["damage"] == 2 and any(e.get("source") == "Ghoul Rot" for e in ev)
    immune = put(s, "Timber Wolf", "player2", "B1", traits=["Poison Immunity"])
    put(s, "Ghoul Rot", "player1", attached_to=immune)
    s, ev = conditions.upkeep(s, immune, rng)
    assert s["objects"][immune]["damage"] == 0 and "DamageImmune" in types(ev)


def test_starter_cards_without_a_known_text_stay_referee_cards_marked_unknown():
    """DESIGN.md (never invent game facts): Banish, Death Link, Moloch's Torment and Poison Gas Cloud have no text
    in the card data and none was found in public sources: their text is ``unknown`` and the players settle them
    with referee actions (docs/rulings/magewars.md "Card texts not found")."""
    from engine.core.pack import UNKNOWN
    from engine.magewars import coverage
    for name in ("Banish", "Death Link", "Moloch's Torment", "Poison Gas Cloud"):
        assert card(name).text == UNKNOWN
        assert coverage.status(name)[0] == "referee" and "unknown" in coverage.status(name)[1]
    assert coverage.missing_starter() == ["Banish", "Death Link", "Moloch's Torment", "Poison Gas Cloud"]
