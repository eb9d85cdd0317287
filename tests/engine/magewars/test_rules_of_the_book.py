"""Rules the engine got wrong (issue 38, "Rules the engine gets wrong"), each from the rulebook's text. "§" is a
section of shared/rules/magewars.md (the digest of seed 001, the Spanish rulebook)."""
from __future__ import annotations

from engine.core.rng import SeededRng
from engine.magewars import arena, movement
from engine.magewars import round as rounds
from engine.magewars.system import SYSTEM
from tests.engine.magewars.duel_support import duel_at_turn
from tests.engine.magewars.test_windows import duel, legal, mana, put, sleep_at_fox, types


def activated(s, rng, oid):
    s, _ = SYSTEM.apply(s, s["objects"][oid]["controller"], {"type": "Activate", "creature": oid}, rng)
    return s


def test_barriers_attached_conjurations_and_friendly_creatures_can_be_attacked():
    """§10.1 ("Only objects with a life value can be attacked: creatures, conjurations (including barriers) and
    mages"), §9.6 ("Attacking barriers: any creature in either adjacent zone may melee a barrier"): the mage may
    attack an enemy wall on its zone's border, an enemy Tanglevine attached to itself, and its own fox."""
    s, rng = duel_at_turn({"player1": "beastmaster", "player2": "wizard"})
    me = s["mages"]["player1"]
    here = s["objects"][me]["zone"]
    border = next(b for b in arena.borders((4, 3)) if here in arena.border_zones(b))
    wall = put(s, "Wall of Thorns", "player2", border=border)
    vine = put(s, "Tanglevine", "player2", attached_to=me)
    fox = put(s, "Bitterwood Fox", "player1", here)
    s = activated(s, rng, me)
    targets = {a["target"] for a in legal(s, "player1", "Attack")}
    assert {wall, vine, fox} <= targets
    s, events = SYSTEM.apply(s, "player1", {"type": "Attack", "attack": 0, "target": wall}, rng)
    assert any(e["type"] == "AttackDeclared" and e["target"] == wall for e in events)


def _open_moves(s, oid):
    enemies = {o["zone"] for o in s["objects"].values() if o["controller"] != s["objects"][oid]["controller"]
               and o.get("zone")}
    return [a for a in legal(s, "player1", "Move") if a["to"] not in enemies and not a.get("climb")]


def test_fast_moves_twice_then_takes_a_quick_action_that_is_not_a_third_move():
    """§7.1 ("Fast: the creature may make two move actions and then a quick action. The quick action cannot be a
    third move"; "Slow: as soon as the creature takes a move action, its turn ends"; "Fast and Slow on the same
    creature cancel each other")."""
    def moved(traits, card="Timber Wolf"):
        s, rng = duel_at_turn({"player1": "beastmaster", "player2": "wizard"})
        here = s["objects"][s["mages"]["player1"]]["zone"]
        beast = put(s, card, "player1", here, ready=True, traits=list(traits))
        s = activated(s, rng, beast)
        moves = 0
        while s["activation"] and _open_moves(s, beast):
            s, _ = SYSTEM.apply(s, "player1", _open_moves(s, beast)[0], rng)
            moves += 1
        return s, moves
    s, moves = moved(["Fast"])
    assert moves == 2 and s["activation"] and {"type": "Guard"} in legal(s, "player1")
    s, moves = moved([])
    assert moves == 2 and s["activation"] is None  # the second move was the quick action
    s, moves = moved([], card="Darkfenne Hydra")  # Slow
    assert moves == 1 and s["activation"] is None
    s, moves = moved(["Fast"], card="Darkfenne Hydra")  # Fast and Slow cancel: as a plain creature
    assert moves == 2 and s["activation"] is None


def test_a_damage_barrier_attacks_each_attacker_once_per_round_and_disable_decays_at_reset():
    """§10.7 ("A damage barrier can attack each attacker once per round"), §4 P2 (Reset) and the Codex's Disable
    (one marker removed each Reset): the next round's Reset lets the barrier strike the same attacker again and
    takes one Disable marker off (was: never reset, so once per game)."""
    s, rng = duel_at_turn({"player1": "wizard", "player2": "warlock"})
    foe = s["mages"]["player2"]
    s["objects"][foe]["barrier_attacked"] = [s["mages"]["player1"]]
    s["objects"][foe]["conditions"]["Disable"] = 2
    s["round"] += 1
    events = rounds.start_round(s, rng)
    assert "barrier_attacked" not in s["objects"][foe] and s["objects"][foe]["conditions"]["Disable"] == 1
    assert any(e["type"] == "ConditionRemoved" and e["condition"] == "Disable" for e in events)


def test_a_flier_that_melee_attacks_a_non_flier_is_counterstruck():
    """§7.4 ("To melee-attack a non-flying object, a flying creature gives up Flying until the end of that attack.
    It is then affected normally by damage barriers, counterstrikes and guards"): the Hydra's Counterstrike
    answers a Darkfenne Bat's bite (was: never, the bat still counting as flying)."""
    s, rng = duel_at_turn({"player1": "warlock", "player2": "beastmaster"})
    here = s["objects"][s["mages"]["player1"]]["zone"]
    bat = put(s, "Darkfenne Bat", "player1", here, ready=True)
    hydra = put(s, "Darkfenne Hydra", "player2", here)
    s["objects"][hydra]["damage"] = 0
    s = activated(s, rng, bat)
    s, events = SYSTEM.apply(s, "player1", {"type": "Attack", "attack": 0, "target": hydra}, rng)
    assert any(e["type"] == "Counterstrike" and e["object"] == hydra for e in events)


def test_a_passage_attack_cannot_be_avoided_even_without_a_printed_unavoidable():
    """§9.6 ("Passage Attack: ... This attack is neither melee nor ranged and cannot be avoided by defenses"):
    Wall of Pikes' Sharpened Pikes, printed without Unavoidable, is Unavoidable all the same."""
    s, rng = duel_at_turn({"player1": "priestess", "player2": "wizard"})
    me = s["mages"]["player1"]
    put(s, "Deflection Bracers", "player1", attached_to=me)
    here = s["objects"][me]["zone"]
    border = next(b for b in arena.borders((4, 3)) if here in arena.border_zones(b))
    wall = put(s, "Wall of Pikes", "player2", border=border)
    events = movement.object_attack(s, wall, me, rng)
    declared = [e for e in events if e["type"] == "AttackDeclared"]
    assert declared and declared[0]["unavoidable"] and "DefenseRolled" not in types(events)


def test_sweeping_makes_a_second_attack_on_another_target_in_the_zone():
    """§13 Sweeping ("two attacks against different targets in the same zone"): Ankylodon's Club Tail is offered
    with a second target, and both attacks happen (was: the second never offered nor made)."""
    s, rng = duel_at_turn({"player1": "beastmaster", "player2": "wizard"})
    here = "B2"
    anky = put(s, "Ankylodon", "player1", here, ready=True)
    a, b = put(s, "Bitterwood Fox", "player2", here), put(s, "Timber Wolf", "player2", here)
    s = activated(s, rng, anky)
    sweep = {"type": "Attack", "attack": 0, "target": a, "second": b}
    assert sweep in legal(s, "player1")
    s, events = SYSTEM.apply(s, "player1", sweep, rng)
    assert [e["target"] for e in events if e["type"] == "AttackDeclared" and not e["counterstrike"]] == [a, b]


def test_a_jinx_on_the_wizard_cancels_his_arcane_zap():
    """§14.4 (Arcane Zap: a quick attack spell of the Wizard), Jinx's text ("When this creature casts a quick
    spell, you must reveal Jinx during the Counter Spell Step. That spell is canceled"), §9.2 (the Counter step
    comes before the spell resolves): the Zap is cancelled, its mana refunded (was: resolved first)."""
    s, rng = duel_at_turn({"player1": "wizard", "player2": "beastmaster"})
    me = s["mages"]["player1"]
    put(s, "Jinx", "player2", attached_to=me, face_down=True)
    fox = put(s, "Bitterwood Fox", "player2", s["objects"][me]["zone"])
    s = activated(s, rng, me)
    before = mana(s, "player1")
    s, events = SYSTEM.apply(s, "player1", {"type": "Cast", "caster": me, "spell": "Arcane Zap", "target": fox}, rng)
    assert any(e["type"] == "SpellCountered" and e["by"] == "Jinx" for e in events)
    assert "AttackRolled" not in types(events) and mana(s, "player1") == before


def test_steal_enchantment_takes_only_what_the_caster_could_have_cast():
    """Steal Enchantment's text ("You now control that enchantment ... as if you just cast and revealed the
    spell"), §15 ("<X> Only"): the Wizard may not steal a revealed Death Link (Dark Mage Only), while a revealed
    Bear Strength beside it may be stolen."""
    s, rng = duel_at_turn({"player1": "wizard", "player2": "warlock"}, ["Steal Enchantment"])
    me = s["mages"]["player1"]
    s["objects"][me]["mana"] = 60
    here = s["objects"][me]["zone"]
    imp, fox = put(s, "Firebrand Imp", "player2", here), put(s, "Bitterwood Fox", "player2", here)
    link = put(s, "Death Link", "player2", attached_to=imp)
    bear = put(s, "Bear Strength", "player2", attached_to=fox)
    s = activated(s, rng, me)
    stolen = {a["target"] for a in legal(s, "player1", "Cast") if a["spell"] == "Steal Enchantment"}
    assert bear in stolen and link not in stolen


def test_a_spells_target_that_moved_before_it_resolves_counters_it():
    """§9.2 step 4 ("If the target is no longer valid or has moved (even within the same zone), the spell is
    countered"): the fox teleported into its own zone by Divine Intervention revealed in the Counter step's window
    counters player1's Sleep (was: the spell resolved)."""
    s, rng, fox, cast, held = sleep_at_fox("Divine Intervention")
    s["objects"][s["mages"]["player2"]]["mana"] = 20
    s, _ = SYSTEM.apply(s, "player1", cast, rng)
    s, _ = SYSTEM.apply(s, "player2", {"type": "Reveal", "enchantment": held}, rng)
    s, _ = SYSTEM.apply(s, "player2", {"type": "Teleport", "object": fox, "zone": s["objects"][fox]["zone"]}, rng)
    s, events = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
    assert any(e["type"] == "SpellCountered" and e["by"] == "target moved" for e in events)
    assert not s["objects"][fox]["conditions"].get("Sleep") and "Sleep" in s["discard"]["player1"]


def test_a_third_ring_replaces_the_one_ring_its_caster_chooses():
    """§9.8 ("Only one equipment per slot, except rings, of which two may be worn"; the duplicate "se retiraría y
    se dejaría en el libro de hechizos de su propietario"): a third ring sends back one worn ring, the one chosen
    (was: both)."""
    s, rng = duel_at_turn({"player1": "wizard", "player2": "warlock"}, ["Arcane Ring"])
    me = s["mages"]["player1"]
    first, second = put(s, "Ring of Beasts", "player1", attached_to=me), put(s, "Ring of Curses", "player1",
                                                                            attached_to=me)
    s = activated(s, rng, me)
    casts = [a for a in legal(s, "player1", "Cast") if a["spell"] == "Arcane Ring"]
    assert {a.get("replace") for a in casts} == {first, second}
    s, events = SYSTEM.apply(s, "player1", next(a for a in casts if a["replace"] == first), rng)
    assert first not in s["objects"] and second in s["objects"] and s["books"]["player1"].get("Ring of Beasts")


def test_the_high_roller_chooses_who_takes_the_initiative_in_round_1():
    """Seed 001 l.261 ("El jugador que obtenga la tirada más alta decide qué jugador tendrá la iniciativa en la
    primera ronda"), §3.1 step 6: after the d12 roll-off the match waits for the high roller alone, who may take
    the initiative or give it to the other player; round 1 then begins with that player first."""
    from tests.engine.magewars.duel_support import SEATS as BOTH
    for give in (False, True):
        rng = SeededRng(b"i" * 32)
        s = SYSTEM.setup({"mode": "apprentice"}, BOTH, rng)
        roller = s["roller"]
        other = next(x for x in BOTH if x != roller)
        assert s["step"] == "initiative" and SYSTEM.awaiting(s) == [roller]
        assert SYSTEM.legal_actions(s, other) == []
        offered = SYSTEM.legal_actions(s, roller)
        assert offered == [{"type": "ChooseInitiative", "holder": roller}, {"type": "ChooseInitiative", "holder": other}]
        holder = other if give else roller
        s, events = SYSTEM.apply(s, roller, {"type": "ChooseInitiative", "holder": holder}, rng)
        assert {"type": "InitiativeChosen", "seat": roller, "initiative": holder} in events
        assert s["initiative"] == holder and s["round"] == 1 and s["step"] in ("upkeep", "plan")
        for seat in BOTH:
            s, _ = SYSTEM.apply(s, seat, {"type": "Prepare", "spells": [], "assign": {}}, rng)
        assert SYSTEM.awaiting(s) == [holder]  # the holder opens the first quickcast window (§5.5)


def test_the_controller_chooses_whether_a_creature_regenerates_before_or_after_burning():
    """Seed 001 l.275 ("Siempre puedes elegir el orden en el que se aplican los efectos que afecten a tus
    criaturas y elementos durante esta fase ... Puedes optar por resolver primero el atributo de regeneración o el
    estado Ardiendo"): a Bridge Troll (Regenerate 3) that burns waits in Upkeep for its controller's order; the
    other player is not asked; regenerating first saves a troll one damage from death."""
    outcomes = {}
    for when in ("first", "last"):
        s, rng = duel_at_turn({"player1": "beastmaster", "player2": "wizard"}, seed=b"r" * 32)
        troll = put(s, "Bridge Troll", "player1", "A1", damage=15, conditions={"Burn": 1})
        s["round"] += 1
        rounds.start_round(s, rng)
        assert s["step"] == "upkeep" and "player1" in SYSTEM.awaiting(s)
        assert not any(a["type"] == "UpkeepOrder" for a in SYSTEM.legal_actions(s, "player2"))
        offered = [a for a in SYSTEM.legal_actions(s, "player1") if a["type"] == "UpkeepOrder"]
        assert offered == [{"type": "UpkeepOrder", "object": troll, "regenerate": w} for w in ("first", "last")]
        s, events = SYSTEM.apply(s, "player1", {"type": "UpkeepOrder", "object": troll, "regenerate": when}, rng)
        kinds = [e["type"] for e in events]
        assert kinds[0] == "UpkeepOrdered" and "BurnRolled" in kinds
        outcomes[when] = s["objects"].get(troll, {}).get("damage")
        assert not s.get("upkeep_order", {}).get("player1")
    assert outcomes["first"] is not None and outcomes["first"] <= 14  # healed to 12, then at most 2 burn


def test_the_wizard_binds_himself_to_an_elemental_school_of_his_choice():
    """Seed 001 l.979 (the Wizard "además pueden vincularse a una escuela de magia elemental"), l.1005 (the book's
    example: "El Hechicero, que ha sido instruido en la magia del fuego pero no en la magia oscura, tendría que
    pagar un total de 10 puntos" for Adramelech): the player choosing the Wizard for the full game chooses his
    school; a Fire-trained Wizard pays 10 for Adramelech and can be built and played; the starter book (Air
    spells, §20.4) is offered with Air only, where it fits the 120 spell points."""
    from engine.magewars import mages, spellbooks
    adramelech = {"Adramelech, Lord of Fire": 1}
    assert spellbooks.points(adramelech, "wizard", "fire") == 10
    assert spellbooks.points(adramelech, "wizard", "air") == 12
    rng = SeededRng(bytes(32))
    s = SYSTEM.setup({}, ("player1", "player2"), rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "ChooseMode", "mode": "full"}, rng)
    wizard = [a for a in SYSTEM.legal_actions(s, "player2") if a["mage"] == "wizard"]
    assert {a["school"] for a in wizard} == set(mages.ELEMENTAL_SCHOOLS)
    assert {a["school"] for a in wizard if a["book"] == "starter-wizard"} == {"air"}
    fire = {"type": "ChooseMage", "mage": "wizard", "book": "apprentice-wizard", "school": "fire"}
    assert fire in wizard
    s, events = SYSTEM.apply(s, "player2", fire, rng)
    assert next(e for e in events if e["type"] == "MageDecidedPrivately")["school"] == "fire"
    s, events = SYSTEM.apply(s, "player1", {"type": "ChooseMage", "mage": "warlock", "book": "starter-warlock"}, rng)
    assert next(e for e in events if e["type"] == "MagesRevealed")["schools"] == {"player2": "fire"}
    assert s["objects"][s["mages"]["player2"]]["school"] == "fire"
    built = SYSTEM.setup({"mode": "full", "mages": {"player1": "wizard", "player2": "warlock"},
                          "schools": {"player1": "fire"}, "books": {"player1": {"Adramelech, Lord of Fire": 1,
                                                                                "Fireball": 4}}},
                         ("player1", "player2"), SeededRng(bytes(32)))
    assert built["objects"][built["mages"]["player1"]]["school"] == "fire"


def test_a_creature_may_attack_its_own_mage_and_a_mage_may_zap_its_own_creature():
    """§10.1 ("Only objects with a life value can be attacked: creatures, conjurations (including barriers) and
    mages"): the book names no side, so a creature may attack its own controller's mage, and the Wizard's Arcane
    Zap (§14.4: "any creature or conjuration" in range) may hit his own creature; an attacker never attacks
    itself (ruling "What may be attacked")."""
    s, rng = duel_at_turn({"player1": "wizard", "player2": "beastmaster"})
    me = s["mages"]["player1"]
    here = s["objects"][me]["zone"]
    gremlin = put(s, "Blue Gremlin", "player1", here, ready=True)
    zaps = {a["target"] for a in SYSTEM.legal_actions(s, "player1") if a.get("spell") == "Arcane Zap"}
    assert gremlin in zaps and me not in zaps
    s = activated(s, rng, gremlin)
    targets = {a["target"] for a in legal(s, "player1", "Attack")}
    assert me in targets and gremlin not in targets
    s, events = SYSTEM.apply(s, "player1", {"type": "Attack", "attack": 0, "target": me}, rng)
    assert any(e["type"] == "AttackDeclared" and e["target"] == me for e in events)
