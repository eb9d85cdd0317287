"""Interrupts that cannot wedge (issue 38): a question that waits holds the state as it will be after the action
it interrupts (its costs paid), every answer it offers is valid in that state, and an action whose rerun is no
longer legal is cancelled by the rules, never by an exception. "§" is a section of shared/rules/magewars.md,
"l.N" a line of seed 001 (the Spanish rulebook)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.magewars.cards import card
from engine.magewars.system import SYSTEM
from tests.engine.magewars.duel_support import duel_at_turn
from tests.engine.magewars.test_windows import duel, legal, mana, put, sleep_at_fox, types

SLEEP_COST = 4


def test_casting_costs_are_paid_before_the_counter_step_so_a_reveal_meanwhile_is_paid_from_what_is_left():
    """§9.2 step 2 (pay the casting cost) comes before step 3 (the Counter step's window); §9.7 (a reveal pays its
    reveal cost): while player1's Sleep waits in player2's window, player1's pool already lacks Sleep's 4 mana, so
    a Bear Strength (reveal 3) is offered only if 3 are left; revealed, the rerun still pays Sleep (was: Reveal
    offered against the pool before the cast, then AssertionError in casting.pay)."""
    for spare, offered in ((2, False), (3, True)):
        s, rng, fox, cast, _ = sleep_at_fox()
        me = s["mages"]["player1"]
        bear = put(s, "Bear Strength", "player1", attached_to=me, face_down=True)
        s["objects"][me]["mana"] = SLEEP_COST + spare
        s, _ = SYSTEM.apply(s, "player1", cast, rng)
        assert s["pending"][0]["timing"] == "spell" and mana(s, "player1") == spare  # the cost is paid
        reveal = {"type": "Reveal", "enchantment": bear}
        assert (reveal in legal(s, "player1")) is offered
        if not offered:
            with pytest.raises(IllegalAction):
                SYSTEM.apply(s, "player1", reveal, rng)
            continue
        s, _ = SYSTEM.apply(s, "player1", reveal, rng)
        assert mana(s, "player1") == 0 and not s["objects"][bear]["face_down"]
        s, events = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
        assert "ActionCancelled" not in types(events) and s["objects"][fox]["conditions"].get("Sleep")
        assert mana(s, "player1") == 0 and "Sleep" in s["discard"]["player1"]


def test_a_move_whose_mover_was_teleported_meanwhile_is_cancelled_and_lost():
    """§7.3 step 6 (after a creature enters a zone each other player may reveal), §9.7 (Divine Intervention
    resolves when revealed: "you may Teleport this creature to any zone"), seed l.363 ("si más adelante la anulas
    por cualquier motivo, perderás la acción"): the move's rerun no longer starts next to its destination; it is
    cancelled and the move spent (was: ValueError from arena.border, every answer re-raising it)."""
    s, rng = duel()
    me = s["mages"]["player1"]
    wolf = put(s, "Timber Wolf", "player1", s["objects"][me]["zone"], ready=True)
    held = put(s, "Divine Intervention", "player2", attached_to=wolf, face_down=True)
    s["objects"][s["mages"]["player2"]]["mana"] = 20
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": wolf}, rng)
    move = next(a for a in legal(s, "player1", "Move"))
    s, _ = SYSTEM.apply(s, "player1", move, rng)
    assert s["pending"][0]["timing"] == "move" and s["pending"][0]["seat"] == "player2"
    s, _ = SYSTEM.apply(s, "player2", {"type": "Reveal", "enchantment": held}, rng)
    start = s["objects"][wolf]["zone"]
    far = next(z for z in ("D3", "A1", "D1", "A3") if z not in (start, move["to"]) and
               z not in __import__("engine.magewars.arena", fromlist=["adjacent"]).adjacent(start, (4, 3)))
    s, _ = SYSTEM.apply(s, "player2", {"type": "Teleport", "object": wolf, "zone": far}, rng)
    assert s["pending"][0]["type"] == "window"
    s, events = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
    assert "ActionCancelled" in types(events) and s["objects"][wolf]["zone"] == far
    assert s["activation"] is None or s["activation"]["moved"] == 1


def test_a_counter_is_offered_only_with_a_face_down_counterspell_still_there():
    """§9.2 step 3, §9.7 ("a mandatory enchantment revealed at any other moment has no effect and is destroyed"):
    in the Counter step a face-down Nullify is answered with Counter, not with a free Reveal (which would destroy
    it), and once it is gone the window offers only Skip (was: Counter still offered, KeyError in casting.cast)."""
    s, rng, fox, cast, null = sleep_at_fox("Nullify")
    s, _ = SYSTEM.apply(s, "player1", cast, rng)
    assert {"type": "Reveal", "enchantment": null} not in legal(s, "player2")
    with pytest.raises(IllegalAction):
        SYSTEM.apply(s, "player2", {"type": "Reveal", "enchantment": null}, rng)
    s["objects"].pop(null)  # gone meanwhile (dispelled, its host's other enchantment destroyed...)
    assert [a for a in legal(s, "player2") if a["type"] != "Concede"] == [{"type": "Skip"}]
    s, events = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
    assert s["objects"][fox]["conditions"].get("Sleep")


def test_the_restore_card_is_not_the_priestess_restore_ability():
    """§14.2 (the Priestess's Restore: remove condition markers, paying their removal costs) and the card Restore
    (an enchantment: "This creature gains Life +10"): a cast of the card is placed face down like any enchantment,
    the ability's casts name their conditions (was: the card went to the ability, KeyError 'conditions')."""
    s, rng = duel_at_turn({"player1": "priestess", "player2": "warlock"}, ["Restore"])
    me = s["mages"]["player1"]
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": me}, rng)
    cast = {"type": "Cast", "caster": me, "spell": "Restore", "target": me}
    assert cast in legal(s, "player1")
    s, events = SYSTEM.apply(s, "player1", cast, rng)
    placed = [e for e in events if e["type"] == "EnchantmentPlaced"]
    assert placed and s["objects"][placed[0]["object"]]["card"] == "Restore"
    assert "Restore" not in s["planned"]["player1"]


def test_conceding_while_the_players_choose_ends_the_match_without_an_arena():
    """Digest §3.2 (the players choose mages and books before the duel), §16 (a player may concede): a concession
    before the arena exists ends the match, the phase staying 'choosing' so nothing draws an arena that has no
    size yet (was: KeyError 'size' after the concession was saved)."""
    rng = SeededRng(b"c" * 32)
    s = SYSTEM.setup({}, ("player1", "player2"), rng)
    s, events = SYSTEM.apply(s, "player2", {"type": "Concede"}, rng)
    assert SYSTEM.outcome(s).winner == "player1" and types(events) == ["Conceded", "GameOver"]
    view = SYSTEM.view(s, None)
    assert view["phase"] == "choosing" and view["over"] and view["awaiting"] == []
