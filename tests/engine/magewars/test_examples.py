"""Every worked example of the Mage Wars rulebook (seed 001, grep "Ejemplo"), each with its test.

Seed line — what it shows — the test (in this module unless a file is named):

- l.273 — the Beastmaster channels 9: 10 + 9 = 19 mana — test_example_l273_beastmaster_channels_to_19
- l.275 — the Unicorn may regenerate before or after its Burn — test_conditions.py::test_unicorn_may_regenerate_before_burning
- l.323 — Wolf on guard, then quickcast a Lynx; the Wizard's Arcane Zap by quickcast — test_example_l323_quickcast_after_the_wolfs_turn_and_arcane_zap
- l.327 — the Warlock passes against the Beastmaster and Lizard — test_duel.py::test_pass_only_while_the_opponent_has_more_active_creatures_warlock_example
- l.361 — the Wolf moves left then down, but stops entering an enemy's zone — test_example_l361_wolf_two_moves_unless_it_enters_an_enemys_zone
- l.367 — the Royal Archer's 1-2 range: not its own zone — test_example_l367_royal_archer_range_1_2
- l.409 — the Steelclaw Grizzly: quick Claws, full Heavy Claw Strike — test_example_l409_grizzly_quick_and_full_attacks
- l.413 — the Hawk moves into an enemy's zone and attacks as its quick action — test_example_l413_hawk_moves_then_quick_attacks
- l.431 — the Priestess casts Minor Heal with a quick action — test_example_l431_priestess_minor_heal_is_a_quick_action
- l.445 — Huginn looks at a hidden enchantment within 2 zones — test_example_l445_huginn_looks_at_a_hidden_enchantment
- l.445 — Arcane Zap's printed cost of 1 — test_example_l445_arcane_zap_costs_1
- l.463 — Sleep on a level 3 creature costs 6 — test_example_l463_sleep_on_level_3_costs_6
- l.555 — the Tornado Spirit and Pillar of Light — test_combat.py::test_incorporeal_takes_only_ones_from_non_ethereal_attacks_tornado_spirit
- l.571 — Fang and Claw: every animal's melee gains Piercing +1 — test_cards_effects.py::test_auras_tooth_and_nail_all_animals_melee_gain_piercing_1
- l.575 — the Lair channels 2 and summons an animal in Deployment — test_example_l575_lair_channels_2_and_summons_in_deployment
- l.581 — a level-2 barrier costing 7 extended costs 16 — test_example_l581_extended_barrier_costs_16
- l.589 — Fireball and Walls of Stone: no target behind the walls — test_example_l589_walls_of_stone_block_the_fireball
- l.607 — Harmonize on a mage: reveal cost 2 + Magebind 2 = 4 — test_example_l607_harmonize_on_a_mage_reveals_for_4
- l.617 — Essence Drain revealed before Upkeep acts in Upkeep — test_example_l617_essence_drain_revealed_before_upkeep_acts_there
- l.621 — Chains of Agony revealed on activation damages a moving creature — test_example_l621_chains_of_agony_revealed_on_activation
- l.627 — Sacred Ground revealed after a creature enters, before it attacks — test_example_l627_sacred_ground_revealed_after_a_creature_enters
- l.631 — Rhino Hide revealed before the damage reduces it — test_example_l631_rhino_hide_revealed_before_damage
- l.641 — no reveal in the middle of a dice roll — test_example_l641_no_reveal_inside_an_attack
- l.643 — the Warlock may reveal after the wolf's activation or after its move — test_example_l643_reveal_after_activation_or_move
- l.645 — conflicting enchantments: reveal order — test_example_l645_later_reveal_overrides_flying
- l.657 — Block baited out by a weak attack — test_example_l657_block_baited_by_a_weak_attack
- l.701 — a Mage Wand with Minor Heal — test_cards_effects.py::test_spellbind_wand_binds_an_incantation_cast_once_per_round_and_kept
- l.737 — the Royal Archer's longbow (full, 1-2) and knife (quick, melee) — test_example_l737_royal_archer_longbow_or_knife
- l.761 — the Warlock picks Deflection Bracers over Force Sword — test_example_l761_defender_chooses_its_defense
- l.787 — the Beastmaster's 6 dice against the Imp's armor 2 — test_combat.py::test_critical_damage_ignores_armor_imp_example
- l.817 — the Asyran Cleric's heal, range 0-1, 1 die — test_cards_effects.py::test_heal_ability_bar_asyran_cleric_heals_in_range
- l.831 — Lightning Bolt on the Knight of Westlock (Lightning +2) — test_combat.py::test_damage_type_weakness_adds_dice_and_effect_westlock_knight
- l.849 — the Hydra counterstrikes once — test_combat.py::test_counterstrike_only_once_whatever_its_sources_hydra_example
- l.865 — Goran strips the Grizzly's guard for the Dark Assassin — test_combat.py::test_attacking_the_guard_removes_its_marker_so_the_next_attacker_reaches_the_mage
- l.1005 — Adramelech: Warlock 6, a Fire-trained Wizard 10 — test_example_l1005_adramelech_spell_points
- l.1005 — the Beastmaster: Nature ×1, War ×2, Fire ×3 — test_example_l1005_beastmaster_training_multipliers
- l.1209 — the Wizard teleports his Hydra 4 zones for 12 mana — test_example_l1209_teleport_the_hydra_4_zones_for_12
"""
import ast
import re
from pathlib import Path

import pytest

from engine.magewars import auras, casting, combat, mages, movement, stats
from engine.magewars import round as rounds
from engine.magewars.cards import card, kind_of
from engine.magewars.pack import School, spell_points
from engine.magewars.state import new_object
from engine.magewars.system import SYSTEM
from tests.engine.magewars.duel_support import duel_at_turn

SEATS = ("player1", "player2")
SEED = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "001_cb89012379751441.txt"
HERE = Path(__file__).resolve().parent


def duel(me="warlock", other="beastmaster", spells=(), seed=b"e" * 32):
    """A full duel at player1's action turn (no mage activated), ``spells`` prepared for player1."""
    return duel_at_turn({"player1": me, "player2": other}, spells, seed)


def put(s, name, seat, zone=None, **extra):
    return new_object(s, name, kind_of(card(name)), seat, zone=zone, **extra)["id"]


def act(s, rng, seat, action):
    return SYSTEM.apply(s, seat, action, rng)


def legal(s, seat="player1", kind=None):
    return [a for a in SYSTEM.legal_actions(s, seat) if kind is None or a["type"] == kind]


def types(events):
    return [e["type"] for e in events]


# ---- the list above is complete ------------------------------------------------------------------------------

def _listed():
    doc = ast.get_docstring(ast.parse(Path(__file__).read_text(encoding="utf-8")))
    return [(int(m.group(1)), m.group(2)) for m in re.finditer(r"^- l\.(\d+) — .*? — (\S+)", doc, re.M)]


@pytest.mark.skipif(not SEED.exists(), reason="../shared/seeds not present")
def test_examples_every_ejemplo_of_the_seed_is_listed_with_a_test():
    """Issue #14 item 5: each "Ejemplo" of the seed (line numbers, as many times as it occurs on a line) is in
    this module's list, and each listed test exists and cites that line in its docstring."""
    seed = SEED.read_text(encoding="utf-8").splitlines()
    found = sorted(i for i, line in enumerate(seed, 1) for _ in re.finditer("Ejemplo", line))
    assert sorted(line for line, _ in _listed()) == found
    for line, ref in _listed():
        path, _, name = ref.rpartition("::")
        tree = ast.parse((HERE / (path or Path(__file__).name)).read_text(encoding="utf-8"))
        funcs = {n.name: ast.get_docstring(n) or "" for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert name in funcs, ref
        assert line in cited(funcs[name]), (ref, line)


def cited(doc):
    """Seed lines a docstring cites: "l.273", "l.875-915", "line 327", "lines 929, 941"."""
    out = set()
    for m in re.finditer(r"(?:l\.|lines?)\s*((?:\d+\s*(?:[-–]\s*\d+)?\s*,?\s*)+)", doc):
        for part in re.split(r"\s*,\s*", m.group(1).strip().rstrip(",")):
            if part:
                a, _, b = part.replace("–", "-").partition("-")
                out |= set(range(int(a), int(b or a) + 1))
    return out


# ---- the examples --------------------------------------------------------------------------------------------

def test_example_l273_beastmaster_channels_to_19():
    """Seed 001 l.273, digest §4 P3: the Beastmaster (channeling 9) has 10 + 9 = 19 mana after round 1's
    Channeling."""
    s, _ = duel(other="beastmaster")
    assert s["objects"][s["mages"]["player2"]]["mana"] == 19


def test_example_l323_quickcast_after_the_wolfs_turn_and_arcane_zap():
    """Seed 001 l.323, digest §5.4: the Beastmaster's Wolf goes on guard; right after its turn his quickcast
    action summons a Lynx (Feral Bobcat: level 1, Quick Summon). The Wizard may quickcast Arcane Zap."""
    s, rng = duel(me="beastmaster", other="wizard", spells=["Feral Bobcat"])
    wolf = put(s, "Timber Wolf", "player1", "A1", ready=True)
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    s, _ = act(s, rng, "player1", {"type": "Guard"})
    assert (s["step"], s["turn"]) == ("after_turn", "player1")
    lynx = next(a for a in legal(s, kind="Cast") if a["spell"] == "Feral Bobcat" and not a.get("bond"))
    s, ev = act(s, rng, "player1", lynx)
    assert "QuickcastUsed" in types(ev) and any(o["card"] == "Feral Bobcat" for o in s["objects"].values())
    wiz = s["mages"]["player2"]
    s["objects"][wiz]["zone"] = "A2"
    assert s["turn"] == "player2"
    assert any(a.get("spell") == "Arcane Zap" for a in legal(s, "player2", "Cast"))


def test_example_l361_wolf_two_moves_unless_it_enters_an_enemys_zone():
    """Seed 001 l.361, digest §7.1-7.2: a Wolf may move twice (left, then down); moving first into a zone with
    an enemy, it must stop there."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "B1", ready=True)
    put(s, "Timber Wolf", "player2", "B2")
    s1, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    s2, _ = act(s1, rng, "player1", {"type": "Move", "to": "A1"})
    assert {"type": "Move", "to": "A2"} in legal(s2)
    s3, ev = act(s1, rng, "player1", {"type": "Move", "to": "B2"})
    assert "Hindered" in types(ev) and not legal(s3, kind="Move")


def test_example_l367_royal_archer_range_1_2():
    """Seed 001 l.367, digest §2.2: the Royal Archer's ranged attack (1-2) reaches the Wolf at 1 and the Bear at
    2 but nothing in its own zone (range 0)."""
    s, rng = duel()
    archer = put(s, "Royal Archer", "player1", "A1", ready=True)
    near = put(s, "Timber Wolf", "player2", "A1")
    wolf = put(s, "Timber Wolf", "player2", "B1")
    bear = put(s, "Steelclaw Grizzly", "player2", "C1")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": archer})
    longbow = {a["target"] for a in legal(s, kind="Attack") if a["attack"] == 0}
    assert longbow == {wolf, bear} and near not in longbow


def test_example_l409_grizzly_quick_and_full_attacks():
    """Seed 001 l.409, digest §6: the Steelclaw Grizzly's Claws are a quick attack, its stronger bar a full
    attack: after a move only the quick one is left."""
    s, rng = duel()
    bear = put(s, "Steelclaw Grizzly", "player1", "B1", ready=True)
    put(s, "Timber Wolf", "player2", "B1")
    s1, _ = act(s, rng, "player1", {"type": "Activate", "creature": bear})
    assert {a["attack"] for a in legal(s1, kind="Attack")} == {0, 1}
    wolf2 = put(s1, "Timber Wolf", "player2", "C1")
    s2, _ = act(s1, rng, "player1", {"type": "Move", "to": "C1"})
    assert {a["attack"] for a in legal(s2, kind="Attack") if a["target"] == wolf2} == {0}


def test_example_l413_hawk_moves_then_quick_attacks():
    """Seed 001 l.413, digest §6: the Hawk (Thunderift Falcon) moves into a zone with an enemy and attacks it as
    its quick action."""
    s, rng = duel()
    hawk = put(s, "Thunderift Falcon", "player1", "A1", ready=True)
    foe = put(s, "Timber Wolf", "player2", "B1")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": hawk})
    s, _ = act(s, rng, "player1", {"type": "Move", "to": "B1"})
    attack = next(a for a in legal(s, kind="Attack") if a["target"] == foe)
    s, ev = act(s, rng, "player1", attack)
    assert "AttackRolled" in types(ev) and "ActionTurnEnded" in types(ev)


def test_example_l431_priestess_minor_heal_is_a_quick_action():
    """Seed 001 l.431, digest §6, §9.2: Minor Heal is a quick spell: the Priestess may move and then cast it."""
    s, rng = duel(me="priestess", spells=["Minor Heal"])
    me = s["mages"]["player1"]
    s["objects"][me]["damage"] = 4
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": me})
    s, _ = act(s, rng, "player1", {"type": "Move", "to": "A2"})
    heal = {"type": "Cast", "caster": me, "spell": "Minor Heal", "target": me}
    assert heal in legal(s)
    s, ev = act(s, rng, "player1", heal)
    assert "HealRolled" in types(ev)


def test_example_l445_huginn_looks_at_a_hidden_enchantment():
    """Seed 001 l.445, digest §6: as a quick action Huginn looks at one hidden enchantment within 2 zones; only
    its controller learns it."""
    s, rng = duel(me="wizard")
    huginn = put(s, "Huginn, Raven Familiar", "player1", "A1", ready=True)
    foe = put(s, "Timber Wolf", "player2", "B2")
    near = put(s, "Rhino Hide", "player2", attached_to=foe, face_down=True)
    far = put(s, "Bear Strength", "player2", attached_to=put(s, "Timber Wolf", "player2", "D3"), face_down=True)
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": huginn})
    looks = {a["target"] for a in legal(s, kind="UseAbility")}
    assert looks == {near} and far not in looks
    s, ev = act(s, rng, "player1", {"type": "UseAbility", "ability": "Raven's Eye", "target": near})
    seen = next(e for e in ev if e["type"] == "EnchantmentSeen")
    assert seen["card"] == "Rhino Hide" and seen["visible_to"] == ["player1"]
    assert s["objects"][near]["face_down"]


def test_example_l445_arcane_zap_costs_1():
    """Seed 001 l.445, digest §6, §14.4: an ability's printed mana cost is paid when used: Arcane Zap, 1."""
    s, rng = duel(me="wizard")
    me = s["mages"]["player1"]
    foe = put(s, "Timber Wolf", "player2", "A1")
    before = s["objects"][me]["mana"]
    s, _ = act(s, rng, "player1", {"type": "Cast", "caster": me, "spell": "Arcane Zap", "target": foe})
    assert s["objects"][me]["mana"] == before - 1


def test_example_l463_sleep_on_level_3_costs_6():
    """Seed 001 l.463, digest §8, §20.2: Sleep's cost depends on the target's level: level 3 costs 6."""
    s, rng = duel(spells=["Sleep"])
    target = put(s, "Dark Pact Slayer", "player2", "A1")
    assert card("Dark Pact Slayer").level() == 3
    assert casting.base_cost(s, card("Sleep"), {"target": target}) == 6


def test_example_l575_lair_channels_2_and_summons_in_deployment():
    """Seed 001 l.575, digest §4 P3/P6, §9.6: the Lair (channeling 2) gets 2 mana markers each Channeling; in
    Planning it is given an animal spell, cast in Deployment with its own mana first."""
    s, rng = duel(me="beastmaster", other="warlock")
    lair = put(s, "Lair", "player1", "A1")
    rounds.channel(s)
    assert s["objects"][lair]["mana"] == 2
    rounds.start_planning(s)
    s, _ = act(s, rng, "player1", {"type": "PlanSpell", "spell": None})  # no spell for the mage itself
    s, _ = act(s, rng, "player1", {"type": "Assign", "caster": lair, "spell": "Timber Wolf"})
    s, _ = act(s, rng, "player1", {"type": "Prepare", "spells": [], "assign": {lair: "Timber Wolf"}})
    s, _ = act(s, rng, "player2", {"type": "Prepare", "spells": [], "assign": {}})
    s, _ = act(s, rng, "player1", {"type": "Cast", "caster": lair, "spell": "Timber Wolf", "zone": "A1"})
    assert s["objects"][lair]["mana"] == 0 and any(o["card"] == "Timber Wolf" for o in s["objects"].values())


def test_example_l581_extended_barrier_costs_16():
    """Seed 001 l.581, digest §9.6: a level-2 barrier costing 7 (Wall of Stone), extended, costs 7 + 7 + 2 = 16;
    the second border must connect to the first."""
    s, _ = duel()
    stone = card("Wall of Stone")
    assert (stone.cost, stone.level()) == (7, 2)
    assert casting.base_cost(s, stone, {"border": "A1|A2", "extend": "A2|B2"}) == 16
    assert "A2|B2" in casting.connected_borders("A1|A2", tuple(s["size"]))
    assert "C2|C3" not in casting.connected_borders("A1|A2", tuple(s["size"]))


def test_example_l589_walls_of_stone_block_the_fireball():
    """Seed 001 l.589, digest §2.4: Walls of Stone block line of sight: the Fireball can't target creatures
    behind them."""
    s, rng = duel(spells=["Fireball"])
    for border in ("A1|B1", "A2|B2"):
        new_object(s, "Wall of Stone", "conjuration", "player2", border=border)
    movement.settle(s, [], rng)
    behind = put(s, "Timber Wolf", "player2", "B1")
    seen = put(s, "Timber Wolf", "player2", "A2")
    targets = {a.get("target") for a in legal(s, kind="Cast") if a["spell"] == "Fireball"}
    assert seen in targets and behind not in targets


def test_example_l607_harmonize_on_a_mage_reveals_for_4():
    """Seed 001 l.607, digest §9.7: Harmonize, reveal cost 2 and Magebind +2, costs 4 to reveal on a mage."""
    s, rng = duel()
    me = s["mages"]["player1"]
    h = put(s, "Harmonize", "player1", attached_to=me, face_down=True)
    before = s["objects"][me]["mana"]
    s, ev = act(s, rng, "player1", {"type": "Reveal", "enchantment": h})
    assert ev[0]["cost"] == 4 and s["objects"][me]["mana"] == before - 4


def test_example_l617_essence_drain_revealed_before_upkeep_acts_there():
    """Seed 001 l.617, digest §9.7: Essence Drain revealed before the Upkeep step (the engine's last moment is
    the end of the previous round, docs/rulings/magewars.md) makes the creature's controller pay 2 in Upkeep."""
    s, rng = duel()
    foe = put(s, "Timber Wolf", "player2", "D3")
    drain = put(s, "Essence Drain", "player1", attached_to=foe, face_down=True)
    s, _ = act(s, rng, "player1", {"type": "Reveal", "enchantment": drain})
    assert rounds.upkeep_choices(s, "player2") == [{"object": foe, "cost": 2}]


def test_example_l621_chains_of_agony_revealed_on_activation():
    """Seed 001 l.621, digest §9.7: revealed when the enemy activates the creature, Chains of Agony damages it when
    it moves that turn."""
    s, rng = duel()
    s["turn"] = "player2"
    wolf = put(s, "Timber Wolf", "player2", "D3", ready=True)
    chains = put(s, "Chains of Agony", "player1", attached_to=wolf, face_down=True)
    s, _ = act(s, rng, "player2", {"type": "Activate", "creature": wolf})
    s, _ = act(s, rng, "player1", {"type": "Reveal", "enchantment": chains})
    s, _ = act(s, rng, "player2", {"type": "Move", "to": "D2"})
    assert s["objects"][wolf]["damage"] == 1


def test_example_l627_sacred_ground_revealed_after_a_creature_enters():
    """Seed 001 l.627, digest §9.7: after a creature enters a zone, before it attacks, Sacred Ground there is
    revealed: friendly Living creatures in it gain Aegis 1 at once."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "A1", ready=True)
    sg = put(s, "Sacred Ground", "player1", attached_zone="A2", face_down=True)
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    s, _ = act(s, rng, "player1", {"type": "Move", "to": "A2"})
    s, _ = act(s, rng, "player1", {"type": "Reveal", "enchantment": sg})
    assert stats.traits(s, wolf).value("Aegis") == 1


def test_example_l631_rhino_hide_revealed_before_damage():
    """Seed 001 l.631, digest §9.7: Rhino Hide revealed before the damage is rolled reduces it (Armor +2); an
    attack is one action here, so the moment is right before it (docs/rulings/magewars.md)."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "A1")
    hide = put(s, "Rhino Hide", "player1", attached_to=wolf, face_down=True)
    armor = stats.armor(s, wolf)
    s, _ = act(s, rng, "player1", {"type": "Reveal", "enchantment": hide})
    assert stats.armor(s, wolf) == armor + 2


def test_example_l641_no_reveal_inside_an_attack():
    """Seed 001 l.641, digest §9.7: no reveal in the middle of a dice roll: an attack resolves within one action,
    declared to ended, so no state exists where a reveal could cut into it."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "D3", ready=True)
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    attack = next(a for a in legal(s, kind="Attack"))
    s, ev = act(s, rng, "player1", attack)
    assert types(ev)[0] == "AttackDeclared" and "AttackEnded" in types(ev)


def test_example_l643_reveal_after_activation_or_move():
    """Seed 001 l.643, digest §5.3 step 2, §9.7: the Warlock's enchantment on an enemy wolf may be revealed right
    after the wolf is activated, or after its move: Reveal is his action even while the other seat acts."""
    s, rng = duel()
    s["turn"] = "player2"
    wolf = put(s, "Timber Wolf", "player2", "D3", ready=True)
    ench = put(s, "Agony", "player1", attached_to=wolf, face_down=True)
    reveal = {"type": "Reveal", "enchantment": ench}
    s, _ = act(s, rng, "player2", {"type": "Activate", "creature": wolf})
    assert reveal in legal(s, "player1") and SYSTEM.awaiting(s) == ["player2"]
    s, _ = act(s, rng, "player2", {"type": "Move", "to": "D2"})
    assert reveal in legal(s, "player1")
    s, ev = act(s, rng, "player1", reveal)
    assert ev[0]["type"] == "EnchantmentRevealed"


def test_example_l645_later_reveal_overrides_flying():
    """Seed 001 l.645, digest §9.7, §22.9: with Eagle Wings (gains Flying) then Maim Wings (loses it) revealed,
    the later one wins: the creature does not fly."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player2", "B1")
    put(s, "Eagle Wings", "player2", attached_to=wolf)
    put(s, "Maim Wings", "player1", attached_to=wolf)
    auras.refresh(s)
    assert not stats.traits(s, wolf).has("Flying")


def test_example_l657_block_baited_by_a_weak_attack():
    """Seed 001 l.657, digest §9.7: Block must be revealed at the first attack, even a weak one; it is then gone
    and the next attack meets no Block."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "D3")
    foe = put(s, "Timber Wolf", "player2", "D3")
    put(s, "Block", "player2", attached_to=foe, face_down=True)
    s, ev = combat.attack(s, wolf, 0, foe, rng, declared={"counterstrike": False})
    assert "BlockRevealed" in types(ev)
    s, ev = combat.attack(s, wolf, 0, foe, rng, declared={"counterstrike": False})
    assert "BlockRevealed" not in types(ev) and "AttackRolled" in types(ev)


def test_example_l737_royal_archer_longbow_or_knife():
    """Seed 001 l.737, digest §6: the Royal Archer's longbow needs a full action and range 1-2; with only a quick
    action, or against an enemy in its zone, it uses its knife (quick melee)."""
    s, rng = duel()
    archer = put(s, "Royal Archer", "player1", "B1", ready=True)
    here = put(s, "Timber Wolf", "player2", "B1")
    put(s, "Timber Wolf", "player2", "C1")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": archer})
    assert {(a["attack"], a["target"] == here) for a in legal(s, kind="Attack")} == {(0, False), (1, True)}
    s, _ = act(s, rng, "player1", {"type": "Move", "to": "B2"})
    put(s, "Timber Wolf", "player2", "B2")
    assert {a["attack"] for a in legal(s, kind="Attack")} == {1}


def test_example_l761_defender_chooses_its_defense():
    """Seed 001 l.761, digest §10.4: the Warlock has Force Sword and Deflection Bracers, both good against melee;
    attacked by a Wolf he chooses the Bracers."""
    s, rng = duel()
    me = s["mages"]["player1"]
    s["objects"][me]["zone"] = "B1"
    put(s, "Force Sword", "player1", attached_to=me)
    put(s, "Deflection Bracers", "player1", attached_to=me)
    wolf = put(s, "Timber Wolf", "player2", "B1")
    bracers = next(d["index"] for d in stats.defenses(s, me) if d["source"] == "Deflection Bracers")
    assert {d["source"] for d in stats.defenses(s, me)} == {"Force Sword", "Deflection Bracers"}
    s, ev = combat.attack(s, wolf, 0, me, rng, declared={"defense": bracers})
    rolled = next(e for e in ev if e["type"] == "DefenseRolled")
    assert rolled["defense"] == bracers


def test_example_l1005_adramelech_spell_points():
    """Seed 001 l.1005, digest §15: Adramelech is Fire 2 & Dark 4, level 6: the Warlock (both trained) pays 6; a
    Wizard trained in Fire but not Dark pays 2 + 4 × 2 = 10."""
    adramelech = card("Adramelech, Lord of Fire")
    assert adramelech.level() == 6
    assert spell_points(adramelech, mages.ability_card("warlock")) == 6
    fire_wizard = mages.ability_card("wizard").model_copy(update={"trained": [School.ARCANE, School.FIRE]})
    assert spell_points(adramelech, fire_wizard) == 10


def test_example_l1005_beastmaster_training_multipliers():
    """Seed 001 l.1005, digest §15: trained in Nature, a level 3 Nature spell costs the Beastmaster 3; War (not
    trained) 6; Fire (opposed) ×3."""
    bm = mages.ability_card("beastmaster")
    nature = next(c for c in (card(n) for n in ("Steelclaw Grizzly", "Timber Wolf", "Bitterwood Fox"))
                  if len(c.schools) == 1 and c.schools[0].school == School.NATURE)
    assert spell_points(nature, bm) == nature.level()
    war3 = card("Armory")
    assert war3.schools[0].school == School.WAR and spell_points(war3, bm) == 2 * war3.level()
    fire = card("Fireball")
    assert spell_points(fire, bm) == 3 * fire.level()


def test_example_l1209_teleport_the_hydra_4_zones_for_12():
    """Seed 001 l.1209, digest §7.7: the Wizard, 2 zones from his Hydra, teleports it into the enemy mage's zone
    4 zones away: both targets within 2 zones and in LoS; 12 mana."""
    s, rng = duel(me="wizard", other="warlock", spells=["Teleport"])
    me = s["mages"]["player1"]
    s["objects"][me]["zone"] = "B2"
    hydra = put(s, "Darkfenne Hydra", "player1", "A1")
    s["objects"][s["mages"]["player2"]]["zone"] = "D2"
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": me})
    cast = {"type": "Cast", "caster": me, "spell": "Teleport", "target": hydra, "zone": "D2"}
    assert cast in legal(s)
    before = s["objects"][me]["mana"]
    s, _ = act(s, rng, "player1", cast)
    assert s["objects"][hydra]["zone"] == "D2" and s["objects"][me]["mana"] == before - 12
