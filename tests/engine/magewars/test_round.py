"""The round's Planning and Deployment for familiars and spawnpoints (digest §4 P5–P6, §9.5, §9.6).

Seed 001 lines: Planning 279-283, spawnpoints 307 and 575, familiars 545-549.
"""
import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.magewars import familiars
from engine.magewars.cards import card, kind_of
from engine.magewars.state import destroy, new_object
from engine.magewars.system import SYSTEM

SEATS = ("player1", "player2")


def planning(mages=None, seed=b"r" * 32):
    """A full-game match at its first Planning step."""
    rng = SeededRng(seed)
    s = SYSTEM.setup({"mode": "full", "mages": mages or {}}, SEATS, rng)
    while s["step"] != "plan":
        seat = SYSTEM.awaiting(s)[0]
        s, _ = SYSTEM.apply(s, seat, SYSTEM.legal_actions(s, seat)[0], rng)
    return s, rng


def put(s, name, seat, zone, **extra):
    return new_object(s, name, kind_of(card(name)), seat, zone=zone, **extra)["id"]


NO_MORE = {"type": "PlanSpell", "spell": None}
"""No (more) spells for the mage: then the familiars' and spawnpoints' (planning.py)."""


def of_type(s, seat, kind):
    return [a for a in SYSTEM.legal_actions(s, seat) if a["type"] == kind]


def test_spawnpoint_planning_offers_only_the_spells_its_card_allows():
    """Digest §4 P5, §9.6; seed 001 l.575: a spawnpoint gets 1 spell in Planning, of the type printed on it: the
    Lair summons animal creatures, so only the book's animals (or nothing) are offered, before any Prepare."""
    s, rng = planning()
    lair = put(s, "Lair", "player2", "D3")
    assert of_type(s, "player2", "Assign") == []  # the mage's own spells come first (planning.py)
    s, _ = SYSTEM.apply(s, "player2", NO_MORE, rng)
    assigns = of_type(s, "player2", "Assign")
    offered = {a["spell"] for a in assigns}
    animals = {n for n in s["books"]["player2"] if card(n).type == "creature" and "Animal" in card(n).subtypes}
    assert offered == animals | {None} and all(a["caster"] == lair for a in assigns)
    assert of_type(s, "player2", "Prepare") == []


def test_spawnpoint_planning_assign_then_prepare_keeps_the_spell_secret():
    """Digest §4 P5, §19: the assigned spell is face down: the other seat and spectators see only which object
    holds one; the book loses the card."""
    s, rng = planning()
    lair = put(s, "Lair", "player2", "D3")
    s, _ = SYSTEM.apply(s, "player2", NO_MORE, rng)
    s, ev = SYSTEM.apply(s, "player2", {"type": "Assign", "caster": lair, "spell": "Timber Wolf"}, rng)
    assert ev[0]["visible_to"] == ["player2"]
    prepares = of_type(s, "player2", "Prepare")
    assert prepares and all(p["assign"] == {lair: "Timber Wolf"} for p in prepares)
    wolves = s["books"]["player2"]["Timber Wolf"]
    s, _ = SYSTEM.apply(s, "player2", {"type": "Prepare", "spells": [], "assign": {lair: "Timber Wolf"}}, rng)
    assert s["books"]["player2"].get("Timber Wolf", 0) == wolves - 1
    for viewer in ("player1", None):
        v = SYSTEM.view(s, viewer)
        assert v["assigned"]["player2"] == [lair] and "Timber Wolf" not in str(v["drafts"])


def test_spawnpoint_planning_refuses_a_spell_its_card_forbids():
    """Digest §9.6: the Lair casts animal creature spells only; a typed plan giving it a Dispel is refused."""
    s, rng = planning()
    lair = put(s, "Lair", "player2", "D3")
    with pytest.raises(IllegalAction):
        SYSTEM.apply(s, "player2", {"type": "Prepare", "spells": [], "assign": {lair: "Dispel"}}, rng)


def _to_deployment(s, rng, lair, spell):
    if of_type(s, "player2", "PlanSpell"):
        s, _ = SYSTEM.apply(s, "player2", NO_MORE, rng)
    s, _ = SYSTEM.apply(s, "player2", {"type": "Assign", "caster": lair, "spell": spell}, rng)
    s, _ = SYSTEM.apply(s, "player2", {"type": "Prepare", "spells": [], "assign": {lair: spell}}, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Prepare", "spells": [], "assign": {}}, rng)
    return s


def test_deployment_spawnpoint_summons_in_its_zone_paying_its_own_mana_first():
    """Digest §4 P6, §8, §9.5; seed 001 l.307: in Deployment the spawnpoint casts its spell; its own mana markers
    pay first, the mage's pool the rest; the creature appears in the spawnpoint's zone, inactive."""
    s, rng = planning()
    lair = put(s, "Lair", "player2", "C2", mana=2)
    s = _to_deployment(s, rng, lair, "Timber Wolf")
    assert (s["step"], s["turn"]) == ("deploy", "player2")
    cast = {"type": "Cast", "caster": lair, "spell": "Timber Wolf", "zone": "C2"}
    assert of_type(s, "player2", "Cast") == [cast, {**cast, "bond": True}]  # it may become the Pet (§14.1)
    pool = s["objects"][s["mages"]["player2"]]["mana"]
    s, _ = SYSTEM.apply(s, "player2", cast, rng)
    wolf = next(o for o in s["objects"].values() if o["card"] == "Timber Wolf")
    assert wolf["zone"] == "C2" and wolf["ready"] is False
    assert s["objects"][lair]["mana"] == 0 and s["objects"][s["mages"]["player2"]]["mana"] == pool - (
        card("Timber Wolf").cost - 2)
    s, _ = SYSTEM.apply(s, "player2", {"type": "EndDeployment"}, rng)
    assert s["step"] == "quickcast_first"


def test_deployment_pentagram_casts_only_with_2_mana_on_it():
    """Pentagram's card text ("if there is 2 or more mana on Pentagram, it may summon 1 Dark Living creature"),
    digest §9.6."""
    s, rng = planning({"player2": "warlock", "player1": "beastmaster"})
    gram = put(s, "Pentagram", "player2", "D3", mana=1)
    s, _ = SYSTEM.apply(s, "player2", NO_MORE, rng)
    offered = {a["spell"] for a in of_type(s, "player2", "Assign")}
    assert "Dark Pact Slayer" in offered and "Skeletal Sentry" not in offered  # Nonliving
    s = _to_deployment(s, rng, gram, "Dark Pact Slayer")
    assert of_type(s, "player2", "Cast") == []
    s["objects"][gram]["mana"] = 2
    assert of_type(s, "player2", "Cast")


def test_familiar_casts_its_assigned_spell_on_its_own_action_turn():
    """Digest §9.5; seed 001 l.545: a familiar (Huginn: level 1-2 incantations) is given 1 spell in Planning and
    casts it on its own action turn, as the caster for range and LoS, paying from its own mana first."""
    s, rng = planning({"player1": "wizard"})
    huginn = put(s, "Huginn, Raven Familiar", "player1", "A1", mana=1, ready=True)
    s, _ = SYSTEM.apply(s, "player1", NO_MORE, rng)
    offered = {a["spell"] for a in of_type(s, "player1", "Assign")}
    assert "Minor Heal" in offered and "Lightning Bolt" not in offered
    assert all(familiars.may_hold("Huginn, Raven Familiar", n) for n in offered if n)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Assign", "caster": huginn, "spell": "Minor Heal"}, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Prepare", "spells": [], "assign": {huginn: "Minor Heal"}}, rng)
    s, _ = SYSTEM.apply(s, "player2", {"type": "Prepare", "spells": [], "assign": {}}, rng)
    s["step"], s["turn"] = "turn", "player1"
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": huginn}, rng)
    me = s["mages"]["player1"]
    heal = {"type": "Cast", "caster": huginn, "spell": "Minor Heal", "target": me}
    assert heal in SYSTEM.legal_actions(s, "player1")
    pool = s["objects"][me]["mana"]
    s, _ = SYSTEM.apply(s, "player1", heal, rng)
    assert s["objects"][huginn]["mana"] == 0 and s["objects"][me]["mana"] == pool - (card("Minor Heal").cost - 1)


def test_familiar_destroyed_before_casting_loses_its_spell():
    """Digest §4 P5, §9.5: if the familiar or spawnpoint is destroyed first, its assigned spell is destroyed
    (discarded) with it."""
    s, rng = planning()
    lair = put(s, "Lair", "player2", "D3")
    s = _to_deployment(s, rng, lair, "Timber Wolf")
    events = []
    destroy(s, lair, events)
    assert "Timber Wolf" in s["discard"]["player2"] and lair not in s["assigned"]["player2"]


def test_unused_assigned_spell_returns_to_the_book_at_the_next_planning():
    """Digest §4: spells prepared or assigned but not cast go back to the spellbook at the next Planning step."""
    s, rng = planning()
    lair = put(s, "Lair", "player2", "D3")
    wolves = s["books"]["player2"]["Timber Wolf"]
    s = _to_deployment(s, rng, lair, "Timber Wolf")
    while s["step"] != "plan" or s["round"] == 1:
        seat = SYSTEM.awaiting(s)[0]
        acts = SYSTEM.legal_actions(s, seat)
        pick = next((a for a in acts if a["type"] in ("EndDeployment", "Skip", "EndTurn", "Pass", "Upkeep")),
                    None) or next(a for a in acts if a["type"] in ("Activate", "Assign"))
        s, _ = SYSTEM.apply(s, seat, pick, rng)
    assert s["books"]["player2"]["Timber Wolf"] == wolves
