"""Secrets stay secret in events and choices, not only in views (issue 38): a seat sees in its events and its
legal actions only what the book lets it know. "§" is a section of shared/rules/magewars.md, "l.N" a line of
seed 001 (the Spanish rulebook)."""
from __future__ import annotations

import json

from engine.core.rng import SeededRng
from engine.magewars.system import SYSTEM
from tests.engine.magewars.duel_support import duel_at_turn
from tests.engine.magewars.test_windows import duel, legal, mana, past_window, put, types, wolf_attacks


def seen_by(events, seat):
    return [e for e in events if seat in e.get("visible_to", [seat])]


def test_spellbind_the_bound_spell_lies_face_down_so_the_public_cast_does_not_name_it():
    """§9.9 ("you may immediately attach to it another spell from your spellbook ... The attached spell lies face
    down under the object"): casting a Mage Wand with Dispel bound, the public SpellCast does not name Dispel; only
    the caster's private SpellBound does (was: ``bind`` copied into the public SpellCast)."""
    s, rng = duel_at_turn({"player1": "wizard", "player2": "priestess"}, ["Mage Wand"])
    me = s["mages"]["player1"]
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": me}, rng)
    cast = next(a for a in legal(s, "player1", "Cast") if a["spell"] == "Mage Wand" and a.get("bind") == "Dispel")
    s, events = SYSTEM.apply(s, "player1", cast, rng)
    assert "Dispel" not in json.dumps(seen_by(events, "player2")) + json.dumps(seen_by(events, None))
    assert any(e["type"] == "SpellBound" and e["spell"] == "Dispel" for e in seen_by(events, "player1"))


def test_spellbind_only_the_owner_changes_the_bound_spell_from_its_own_book():
    """§9.9 and Mage Wand's text ("bind a non-Epic incantation spell from your spellbook ... you may pay 3 mana to
    change the bound spell"), §9.8 (the mage wearing an item controls it): the wearer of an item another player
    owns is not offered Rebind choices listing the owner's book (was: the owner's spellbook listed to the wearer,
    and SpellBound naming the spell); its owner wearing it still is."""
    s, rng = duel_at_turn({"player1": "wizard", "player2": "priestess"})
    me = s["mages"]["player1"]
    s["objects"][me]["mana"] = 10
    theirs = put(s, "Mage Wand", "player2", attached_to=me, bound="Heal", bound_shown=False)
    s["objects"][theirs]["controller"] = "player1"
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": me}, rng)
    assert not [a for a in legal(s, "player1", "Cast") if a["spell"] == "Rebind"]
    s2, rng2 = duel_at_turn({"player1": "wizard", "player2": "priestess"})
    me2 = s2["mages"]["player1"]
    s2["objects"][me2]["mana"] = 10
    put(s2, "Mage Wand", "player1", attached_to=me2, bound="Minor Heal", bound_shown=False)
    s2, _ = SYSTEM.apply(s2, "player1", {"type": "Activate", "creature": me2}, rng2)
    assert [a for a in legal(s2, "player1", "Cast") if a["spell"] == "Rebind"]


def test_block_only_the_defenders_own_block_is_its_to_pay():
    """§9.7 (an enchantment's controller reveals it and pays its reveal cost, or it is destroyed without effect),
    seed l.657 (Block must be revealed when its creature is attacked): a face-down Block the attacker's side put
    on the defender is not in the defender's question, and the defender does not decide whether it is paid (was:
    the defender saw it and paid it for the attacker)."""
    s, rng = duel()
    foe = s["mages"]["player2"]
    block = put(s, "Block", "player1", attached_to=foe, face_down=True)
    mine = mana(s, "player1")
    s, events = wolf_attacks(s, rng, foe)
    seen = []
    while s.get("pending"):
        q = s["pending"][0]
        seen.append(json.dumps(SYSTEM.view(s, q["seat"])["pending"]))
        answer = [a for a in legal(s, q["seat"]) if a["type"] not in ("Concede", "Reveal")][-1]
        s, more = SYSTEM.apply(s, q["seat"], answer, rng)
        events += more
    assert block not in "".join(seen) and '"block": true' not in "".join(seen)
    assert all(not e.get("avoided") for e in events if e["type"] == "BlockRevealed")
    assert mana(s, "player1") == mine


def test_jinx_the_cancelled_enchantment_goes_back_to_the_book_unnamed():
    """Jinx's text ("That spell is canceled and is returned to its owner's spellbook"), §9.7 (an enchantment is
    cast face down; its name is known only once revealed): the public SpellCountered of a Jinxed face-down cast
    does not name it (was: the cancelled enchantment's name published)."""
    s, rng = duel_at_turn({"player1": "beastmaster", "player2": "wizard"}, ["Bear Strength"])
    me = s["mages"]["player1"]
    put(s, "Jinx", "player2", attached_to=me, face_down=True)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": me}, rng)
    cast = next(a for a in legal(s, "player1", "Cast") if a["spell"] == "Bear Strength")
    s, events = SYSTEM.apply(s, "player1", cast, rng)
    assert any(e["type"] == "SpellCountered" and e["by"] == "Jinx" for e in events)
    assert "Bear Strength" not in json.dumps(seen_by(events, "player2"))
    assert s["books"]["player1"].get("Bear Strength")


def test_uniqueness_the_caster_counts_only_the_enchantment_names_it_knows():
    """§9.7 Uniqueness ("it may never hold two with the same name. Hidden ones count. If each player attaches an
    identically named enchantment to the same target and one is revealed while the other is already revealed,
    the newly revealed one is countered"): whether player1 may cast Bear Strength on the fox does not depend on
    the name of player2's face-down enchantment there (was: the offer told it); revealed second beside a revealed
    one of its name, the enchantment is countered."""
    offers = {}
    for hidden in ("Bear Strength", "Rhino Hide"):
        s, rng = duel_at_turn({"player1": "beastmaster", "player2": "wizard"}, ["Bear Strength"])
        me = s["mages"]["player1"]
        fox = put(s, "Bitterwood Fox", "player2", s["objects"][me]["zone"])
        put(s, hidden, "player2", attached_to=fox, face_down=True)
        s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": me}, rng)
        offers[hidden] = [a for a in legal(s, "player1", "Cast") if a["spell"] == "Bear Strength"]
    assert offers["Bear Strength"] == offers["Rhino Hide"] and any(a["target"] == fox for a in offers["Rhino Hide"])
    s, rng = duel_at_turn({"player1": "beastmaster", "player2": "wizard"})
    me = s["mages"]["player1"]
    fox = put(s, "Bitterwood Fox", "player2", s["objects"][me]["zone"])
    first = put(s, "Bear Strength", "player1", attached_to=fox, face_down=True)
    second = put(s, "Bear Strength", "player2", attached_to=fox, face_down=True)
    for seat, oid in (("player1", first), ("player2", second)):
        s["objects"][s["mages"][seat]]["mana"] = 10
        s, events = SYSTEM.apply(s, seat, {"type": "Reveal", "enchantment": oid}, rng)
    assert first in s["objects"] and not s["objects"][first]["face_down"] and second not in s["objects"]
    assert "ObjectDestroyed" in types(events)


def test_redeal_changes_only_the_seats_own_secrets():
    """engine/core/system.py ``Secrets.redeal``, §9 (hidden information): a seat's book, plans and face-down
    enchantments dealt again leave every view of the other seat and of spectators, and their legal actions, as
    they were; the seat's own hidden cards are the same multiset."""
    s, rng = duel_at_turn({"player1": "wizard", "player2": "priestess"}, ["Dispel", "Teleport"])
    me = s["mages"]["player1"]
    s["books"]["player1"]["Nullify"] -= 1
    put(s, "Nullify", "player1", attached_to=me, face_down=True)
    changed = False
    for n in range(12):
        new = SYSTEM.redeal(s, "player1", SeededRng(bytes([n]) * 32))
        assert new is not s
        for viewer in ("player2", None):
            assert SYSTEM.view(new, viewer) == SYSTEM.view(s, viewer)
        assert SYSTEM.legal_actions(new, "player2") == SYSTEM.legal_actions(s, "player2")
        pool = lambda st: sorted([n for n, k in st["books"]["player1"].items() for _ in range(k)] +  # noqa: E731
                                 st["planned"]["player1"] + [o["card"] for o in st["objects"].values()
                                                             if o["face_down"] and o["controller"] == "player1"])
        assert pool(new) == pool(s)
        changed = changed or new["planned"]["player1"] != s["planned"]["player1"]
    assert changed
