"""A data pack's own spell cards in the duel (engine/magewars/cards.py ``with_pack``): a match keeps the pack's cards
its books hold, and every card look-up the rules make finds them beside the shipped ones, the pack's winning on
the same name (ruling "A data pack's own cards play in the duel", docs/rulings/magewars.md)."""
from __future__ import annotations

import json

import pytest

from engine.core.errors import InvalidInput
from engine.core.rng import SeededRng
from engine.magewars import cards, stats
from engine.magewars.system import SYSTEM
from tests.engine.magewars.duel_support import plan

SEATS = ("player1", "player2")
CLAW = {"name": "Claw", "speed": "quick", "range_type": "melee", "dice": 3}


def league_imp(**changed) -> dict:
    """A level-1 Arcane creature of the pack only, with stats and a melee attack bar (no text to referee)."""
    return {"id": "league-imp", "name": "League Imp", "type": "creature", "subtypes": ["Imp"],
            "schools": [{"school": "arcane", "level": 1}], "cost": 5, "casting_speed": "full",
            "range": {"min": 0, "max": 0}, "target": "Zone", "life": 4, "armor": 0, "attacks": [CLAW], **changed}


def pack(*spells: dict) -> dict:
    return {"schema_version": 1, "game": "magewars", "id": "imps", "name": "Imps", "version": "1",
            "author": "tests", "provenance": "our own house cards", "entries": {"cards": list(spells)}}


def duel(book: dict, *spells: dict, seed: bytes = b"p" * 32):
    """A full duel, Wizard (player1, ``book``) against Priestess (her starter book), played with a pack of
    ``spells``; brought to Planning. Nobody is asked inside an action (windows off)."""
    rng = SeededRng(seed)
    s = SYSTEM.setup({"mode": "full", "mages": {"player1": "wizard", "player2": "priestess"},
                      "books": {"player1": book}, "pack": pack(*spells), "windows": False}, SEATS, rng)
    while s["step"] != "plan":
        seat = SYSTEM.awaiting(s)[0]
        s, _ = SYSTEM.apply(s, seat, SYSTEM.legal_actions(s, seat)[0], rng)
    return s, rng


def advance_to(s: dict, rng, seat: str, round_: int):
    """Play on, every creature doing nothing, until ``seat``'s action turn in round ``round_``."""
    for _ in range(200):
        if (s["round"], s["step"], s["turn"]) == (round_, "turn", seat):
            return s
        who = SYSTEM.awaiting(s)[0]
        legal = SYSTEM.legal_actions(s, who)
        pick = next((a for kind in ("EndTurn", "Skip", "Pass", "EndDeployment", "Activate", "Upkeep")
                     for a in legal if a["type"] == kind), None)
        if pick is None:
            pick = next(a for a in legal if a["type"] == "Prepare" or a == {"type": "PlanSpell", "spell": None}) \
                if s["step"] == "plan" else legal[0]
        s, _ = SYSTEM.apply(s, who, pick, rng)
    raise AssertionError("the turn never came")


def test_a_pack_creature_is_summoned_then_attacks_like_a_shipped_one():
    """Digest §9.5 (a creature spell: range 0, placed in the caster's zone, its action marker inactive), §6 and
    §10.3 (on its next action turn it may make its melee attack on an enemy in its zone), §15 (the pack's card
    counts in the book): the pack's League Imp is prepared, cast, placed and attacks."""
    s, rng = duel({"League Imp": 2, "Lightning Bolt": 2}, league_imp())
    assert list(s["pack_cards"]["cards"]) == ["League Imp"]
    s = plan(s, "player1", ["League Imp"], rng=rng)
    s, _ = SYSTEM.apply(s, "player2", {"type": "Prepare", "spells": [], "assign": {}}, rng)
    s = advance_to(s, rng, "player1", 1)
    me, her = s["mages"]["player1"], s["mages"]["player2"]
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": me}, rng)
    here, mana = s["objects"][me]["zone"], s["objects"][me]["mana"]
    cast = {"type": "Cast", "caster": me, "spell": "League Imp", "zone": here}
    assert cast in SYSTEM.legal_actions(s, "player1")
    s, events = SYSTEM.apply(s, "player1", cast, rng)
    imp = next(o for o in s["objects"].values() if o["card"] == "League Imp")
    assert (imp["kind"], imp["zone"], imp["ready"]) == ("creature", here, False)
    assert s["objects"][me]["mana"] == mana - 5
    assert any(e["type"] == "CreatureSummoned" and e["card"] == "League Imp" for e in events)
    assert stats.remaining_life(s, imp["id"]) == 4
    s["objects"][her]["zone"] = here  # the Priestess walks into the imp's zone
    s = advance_to(s, rng, "player1", 2)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": imp["id"]}, rng)
    attack = {"type": "Attack", "attack": 0, "target": her}
    assert attack in SYSTEM.legal_actions(s, "player1")
    s, events = SYSTEM.apply(s, "player1", attack, rng)
    rolled = next(e for e in events if e["type"] == "AttackRolled")
    assert rolled["attacker"] == imp["id"] and rolled["attack"] == "Claw" and len(rolled["faces"]) == 3


def test_the_packs_card_wins_over_a_shipped_card_of_the_same_name_in_its_match_only():
    """Digest §15 with a pack (as the book check counts it): a pack card named like a shipped card is the one its
    match plays; another match, and the shipped data, keep the shipped card."""
    big = league_imp(id="timber-wolf", name="Timber Wolf", schools=[{"school": "nature", "level": 2}], life=30)
    s, rng = duel({"Timber Wolf": 2}, big)
    plain, _ = duel({"Lightning Bolt": 2})
    assert stats.card(s, "Timber Wolf")["life"] == 30 and stats.card(plain, "Timber Wolf")["life"] == 10
    with cards.with_pack(cards.pack_of(s)):
        assert cards.card("Timber Wolf").life == 30
    assert cards.card("Timber Wolf").life == 10 and not cards.has_card("League Imp")
    assert "pack_cards" not in plain


def test_a_pack_card_outside_its_match_is_unknown():
    """The overlay lasts only as long as the match's own call: the next match does not see the pack's cards."""
    s, rng = duel({"League Imp": 2}, league_imp())
    SYSTEM.legal_actions(s, "player1")
    with pytest.raises(InvalidInput):
        cards.card("League Imp")


def test_a_view_never_tells_which_pack_cards_the_other_book_holds():
    """Digest §4 P5 and §15 (a spellbook and the spells prepared are its player's secret): the other player and
    spectators learn of the pack's League Imp only once it is in play; then the view holds its card, which the
    table reads (its attack bar)."""
    s, rng = duel({"League Imp": 2, "Lightning Bolt": 2}, league_imp())
    s = plan(s, "player1", ["League Imp"], rng=rng)
    s, _ = SYSTEM.apply(s, "player2", {"type": "Prepare", "spells": [], "assign": {}}, rng)
    assert "League Imp" in SYSTEM.view(s, "player1")["pack_cards"]["cards"]
    for viewer in ("player2", None):
        assert "League Imp" not in json.dumps(SYSTEM.view(s, viewer))
    s = advance_to(s, rng, "player1", 1)
    me = s["mages"]["player1"]
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": me}, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Cast", "caster": me, "spell": "League Imp",
                                       "zone": s["objects"][me]["zone"]}, rng)
    imp = next(o["id"] for o in s["objects"].values() if o["card"] == "League Imp")
    for viewer in ("player2", None):
        view = SYSTEM.view(s, viewer)
        assert list(view["pack_cards"]["cards"]) == ["League Imp"]
        assert [bar["name"] for bar in stats.attacks(view, imp)] == ["Claw"]


def test_a_book_with_an_unknown_card_is_still_refused_at_setup():
    """Digest §15: a card neither shipped nor in the pack is refused when the match is set up."""
    with pytest.raises(InvalidInput) as err:
        duel({"League Imp": 2}, league_imp(name="Other Imp", id="other-imp"))
    assert [p["code"] for p in err.value.params["problems"]] == ["mw.book.unknown_card"]
