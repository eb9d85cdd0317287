"""The four mages of the full game and their abilities (digest §14; seed 001 lines 927-989).

Beastmaster: Quick Summon (l.931-933), Pet (l.939, 945), Combat Skill (l.947). Priestess: Divine Reward (l.943),
Restore (l.955-957). Warlock: Chain Curses (l.963-965), Bloodreaper (l.967-969). Wizard: Voltaric Shield
(l.981-985), Arcane Zap (l.987-989), channeling (l.979).
"""
from engine.core.rng import SeededRng
from engine.magewars import abilities, mages
from engine.magewars import round as rounds
from engine.magewars import stats
from engine.magewars.cards import card, kind_of
from engine.magewars.state import destroy, new_object
from engine.magewars.system import SYSTEM
from tests.engine.magewars.duel_support import initiative_taken
from tests.engine.magewars.duel_support import duel_at_turn

SEATS = ("player1", "player2")


def duel(me, spells=(), other="warlock", seed=b"a" * 32):
    """A full duel, player1 playing ``me``, at player1's action turn with ``spells`` prepared."""
    s, rng = duel_at_turn({"player1": me, "player2": other}, spells, seed)
    return s, rng, s["mages"]["player1"]


def put(s, name, seat, zone=None, **extra):
    return new_object(s, name, kind_of(card(name)), seat, zone=zone, **extra)["id"]


def legal(s, seat="player1"):
    return SYSTEM.legal_actions(s, seat)


def activate(s, rng, oid, seat="player1"):
    s, _ = SYSTEM.apply(s, seat, {"type": "Activate", "creature": oid}, rng)
    return s


def test_the_four_mages_life_and_channeling_from_the_rulebook():
    """Digest §14; seed 001 l.929, 941, 961, 979: Beastmaster 36/9, Priestess 32/10, Warlock 38/9, Wizard
    32/10; each starts with 10 mana and is a level 6 creature with a 3-die quick melee attack."""
    for mage, (life, chan) in {"beastmaster": (36, 9), "priestess": (32, 10), "warlock": (38, 9),
                               "wizard": (32, 10)}.items():
        st = mages.stats(mage, "full")
        assert (st["life"], st["channeling"], st["level"]) == (life, chan, 6)
        assert st["attacks"][0]["dice"] == 3


# ---- Beastmaster (§14.1) ---------------------------------------------------------------------------------

def test_beastmaster_quick_summon_casts_a_level_1_animal_as_a_quick_spell_once_per_round():
    """Digest §14.1; seed 001 l.931: once per round a level-1 animal creature spell is quick: he can summon
    with the quickcast action, and a second one needs a full action."""
    s, rng, me = duel("beastmaster", ["Bitterwood Fox", "Bitterwood Fox"])
    quick = [a for a in legal(s) if a["type"] == "Cast" and a["spell"] == "Bitterwood Fox"]
    assert quick  # in the "turn" step only quick spells (the quickcast action) are offered
    s, _ = SYSTEM.apply(s, "player1", quick[0], rng)
    assert "Quick Summon" in s["used"]["player1"]
    s = activate(s, rng, me)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Move", "to": "A2"}, rng)
    assert not [a for a in legal(s) if a["type"] == "Cast" and a["spell"] == "Bitterwood Fox"]


def test_beastmaster_pet_costs_level_plus_1_and_gives_melee_armor_life():
    """Digest §14.1; seed 001 l.939-945: a Wolf (level 2) becomes the Pet for 3 mana: Melee +1, Armor +1,
    Life +3, and Melee +1 more while in the Beastmaster's zone."""
    s, rng, me = duel("beastmaster", ["Timber Wolf"])
    s = activate(s, rng, me)
    pet = {"type": "Cast", "caster": me, "spell": "Timber Wolf", "zone": "A1", "bond": True}
    assert pet in legal(s)
    before = s["objects"][me]["mana"]
    s, ev = SYSTEM.apply(s, "player1", pet, rng)
    wolf = next(o["id"] for o in s["objects"].values() if o["card"] == "Timber Wolf")
    assert s["objects"][me]["mana"] == before - card("Timber Wolf").cost - 3
    t = stats.traits(s, wolf)
    assert t.value("Melee") == 2 and stats.armor(s, wolf) == card("Timber Wolf").armor + 1
    assert stats.life(s, wolf) == card("Timber Wolf").life + 3
    s["objects"][wolf]["zone"] = "B1"
    abilities.refresh(s)
    assert stats.traits(s, wolf).value("Melee") == 1


def test_beastmaster_pet_one_at_a_time_and_the_token_returns_when_destroyed():
    """Digest §14.1: only one Pet; when it is destroyed the token can be used again; never a Legendary."""
    s, rng, me = duel("beastmaster", ["Timber Wolf", "Cervere, The Forest Shadow"])
    wolf = put(s, "Timber Wolf", "player1", "A1", counters={"bond": "Pet"})
    s = activate(s, rng, me)
    assert not [a for a in legal(s) if a.get("bond")]
    destroy(s, wolf, [])
    assert [a for a in legal(s) if a.get("bond") and a["spell"] == "Timber Wolf"]
    assert not [a for a in legal(s) if a.get("bond") and a["spell"] == "Cervere, The Forest Shadow"]


def test_beastmaster_combat_skill_melee_plus_1():
    """Digest §14.1; seed 001 l.947: Combat Skill gives Melee +1 (3 dice roll 4)."""
    assert "Melee +1" in mages.stats("beastmaster", "full")["traits"]


# ---- Priestess (§14.2) -----------------------------------------------------------------------------------

def test_priestess_restore_quick_removes_one_marker_for_its_removal_cost():
    """Digest §14.2; seed 001 l.955: quick Restore on a creature within 1 zone removes one condition marker,
    paying its removal cost; it is always in hand and never discarded."""
    s, rng, me = duel("priestess")
    wolf = put(s, "Timber Wolf", "player1", "A2", conditions={"Burn": 2, "Daze": 1})
    casts = [a for a in legal(s) if a.get("spell") == "Restore" and a["target"] == wolf]
    assert {tuple(a["conditions"]) for a in casts} == {("Burn",), ("Daze",)} and not any(a.get("all") for a in casts)
    before = s["objects"][me]["mana"]
    s, _ = SYSTEM.apply(s, "player1", next(a for a in casts if a["conditions"] == ["Burn"]), rng)
    assert s["objects"][wolf]["conditions"] == {"Burn": 1, "Daze": 1}
    assert s["objects"][me]["mana"] == before - 2 and "Restore" not in s["discard"]["player1"]


def test_priestess_restore_full_removes_any_number_paying_the_sum():
    """Digest §14.2; seed 001 l.957: the full-action Restore removes any number of markers for the sum of their
    removal costs."""
    s, rng, me = duel("priestess")
    wolf = put(s, "Timber Wolf", "player1", "A1", conditions={"Burn": 2, "Daze": 1})
    s = activate(s, rng, me)
    full = {"type": "Cast", "caster": me, "spell": "Restore", "target": wolf, "conditions": ["Burn", "Daze"],
            "all": True}
    assert full in legal(s)
    before = s["objects"][me]["mana"]
    s, events = SYSTEM.apply(s, "player1", full, rng)
    assert s["objects"][wolf]["conditions"] == {} and s["objects"][me]["mana"] == before - (2 * 2 + 2)
    assert next(e for e in events if e["type"] == "SpellCast")["cost"] == 2 * 2 + 2  # told as paid


def test_priestess_divine_reward_holy_incantation_raises_max_life_once_per_round():
    """Digest §14.2; seed 001 l.943: once per round, casting and resolving a Holy incantation gains her 1 life
    (maximum life); not Restore."""
    holy = next(n for n in ("Minor Heal", "Heal", "Group Heal")
                if any(str(sc.school) == "holy" for sc in card(n).schools))
    s, rng, me = duel("priestess", [holy, holy])
    s["objects"][me]["damage"] = 5
    life = stats.life(s, me)
    s = activate(s, rng, me)
    cast = next(a for a in legal(s) if a.get("spell") == holy)
    s, ev = SYSTEM.apply(s, "player1", cast, rng)
    assert stats.life(s, me) == life + 1 and "Divine Reward" in s["used"]["player1"]


# ---- Warlock (§14.3) -------------------------------------------------------------------------------------

def test_warlock_bloodreaper_costs_level_plus_1_max_life_and_gives_bloodthirsty_2():
    """Digest §14.3; seed 001 l.967: the Dark Pact Slayer (level 3) becomes the Bloodreaper: the Warlock's
    maximum life drops by 4 (not damage); the demon gains Bloodthirsty +2."""
    s, rng, me = duel("warlock", ["Dark Pact Slayer"], other="wizard")
    s = activate(s, rng, me)
    life = stats.life(s, me)
    cast = next(a for a in legal(s) if a.get("spell") == "Dark Pact Slayer" and a.get("bond"))
    s, ev = SYSTEM.apply(s, "player1", cast, rng)
    slayer = next(o["id"] for o in s["objects"].values() if o["card"] == "Dark Pact Slayer")
    assert stats.life(s, me) == life - (card("Dark Pact Slayer").level() + 1) and s["objects"][me]["damage"] == 0
    assert stats.traits(s, slayer).value("Bloodthirsty") >= 2


def test_warlock_bloodreaper_first_damaging_attack_each_round_heals_him_2():
    """Digest §14.3; seed 001 l.969: the first time each round the Bloodreaper attacks and damages a creature,
    the Warlock heals up to 2 damage."""
    s, rng, me = duel("warlock", other="wizard")
    s["objects"][me]["damage"] = 5
    reaper = put(s, "Dark Pact Slayer", "player1", "D3", ready=True, counters={"bond": "Bloodreaper"},
                 traits=["Bloodthirsty +2"])
    s["objects"][s["mages"]["player2"]]["guard"] = False
    s = activate(s, rng, reaper)
    for _ in range(20):  # attack until one damages (dice)
        attack = next(a for a in legal(s) if a["type"] == "Attack")
        s2, ev = SYSTEM.apply(s, "player1", attack, rng)
        if any(e["type"] == "DamageDealt" and e["object"] != reaper for e in ev):
            assert s2["objects"][me]["damage"] == 3 and "Bloodreaper" in s2["used"]["player1"]
            return
    raise AssertionError("no damaging attack in 20 tries")


def test_warlock_chain_curses_returns_one_curse_to_the_book_once_per_round():
    """Digest §14.3; seed 001 l.963-965: when a creature carrying his curses is destroyed, one curse goes back
    to his spellbook instead of the discard pile, once per round."""
    s, rng, me = duel("warlock", other="wizard")
    wolf = put(s, "Timber Wolf", "player2", "B1")
    put(s, "Agony", "player1", attached_to=wolf)
    put(s, "Magebane", "player1", attached_to=wolf)
    agony_copies = s["books"]["player1"].get("Agony", 0)
    events = []
    destroy(s, wolf, events)
    assert s["books"]["player1"].get("Agony", 0) == agony_copies + 1 and "Magebane" in s["discard"]["player1"]
    wolf2 = put(s, "Timber Wolf", "player2", "B1")
    put(s, "Agony", "player1", attached_to=wolf2)
    destroy(s, wolf2, events)
    assert "Agony" in s["discard"]["player1"]


def test_warlock_combat_skill_melee_plus_1():
    """Digest §14.3; seed 001 l.975: Combat Skill, Melee +1."""
    assert "Melee +1" in mages.stats("warlock", "full")["traits"]


# ---- Wizard (§14.4) --------------------------------------------------------------------------------------

def test_wizard_channels_10():
    """Digest §14; seed 001 l.979: the Wizard channels 10 each Channeling step."""
    s, rng, me = duel("wizard")
    assert rounds.channeling(s, me) == 10
    before = s["objects"][me]["mana"]
    rounds.channel(s)
    assert s["objects"][me]["mana"] == before + 10


def test_wizard_arcane_zap_once_per_round_costs_1_not_discarded():
    """Digest §14.4; seed 001 l.987-989: Arcane Zap, always in hand: quick, 1 mana, range 0-1, 3 dice,
    Ethereal, once per round, never discarded."""
    s, rng, me = duel("wizard")
    foe = put(s, "Timber Wolf", "player2", "A2")
    zap = {"type": "Cast", "caster": me, "spell": "Arcane Zap", "target": foe}
    assert zap in legal(s)
    before = s["objects"][me]["mana"]
    s, ev = SYSTEM.apply(s, "player1", zap, rng)
    assert s["objects"][me]["mana"] == before - 1 and "Arcane Zap" not in s["discard"]["player1"]
    assert any(e["type"] == "AttackRolled" for e in ev)
    s = activate(s, rng, me)
    assert not [a for a in legal(s) if a.get("spell") == "Arcane Zap"]


def test_wizard_voltaric_shield_paid_in_upkeep_prevents_3_of_the_first_damaging_attack():
    """Digest §14.4; seed 001 l.981-985: paid 2 in Upkeep, the shield prevents up to 3 damage of the first attack
    this round that deals damage to the Wizard, then is spent; direct damage is not prevented."""
    s, rng, me = duel("wizard")
    s["objects"][me]["counters"]["voltaric_shield"] = 1
    s["objects"][me]["damage"] = 4
    ev = [{"type": "DamageDealt", "object": me, "amount": 5}]
    out = abilities.voltaric(s, ev)
    assert out[0]["amount"] == 3 and s["objects"][me]["damage"] == 1
    assert abilities.voltaric(s, ev) == []  # spent


def test_wizard_voltaric_shield_is_an_upkeep_choice_for_2_mana():
    """Digest §4 P4, §14.4: in Upkeep the Wizard may pay 2 mana to turn the shield on."""
    rng = SeededRng(b"v" * 32)
    s = SYSTEM.setup({"mode": "full", "mages": {"player1": "wizard"}, "windows": False}, SEATS, rng)
    s = initiative_taken(s, rng)
    assert s["step"] == "upkeep"
    me = s["mages"]["player1"]
    pay = {"type": "Upkeep", "pay": [me]}
    assert pay in legal(s)
    before = s["objects"][me]["mana"]
    s, _ = SYSTEM.apply(s, "player1", pay, rng)
    assert s["objects"][me]["mana"] == before - 2 and s["objects"][me]["counters"]["voltaric_shield"] == 1
