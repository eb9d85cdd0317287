"""The choices before a duel opened at the table: mode, then each player's mage and spellbook (choices.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.errors import InvalidInput
from engine.core.rng import SeededRng
from engine.magewars import mages
from engine.magewars.system import SYSTEM

CARDS = Path(__file__).resolve().parents[3] / "data" / "magewars" / "cards.json"

SEATS = ("player1", "player2")


def wolves_pack(copies: int = 2) -> dict:
    """A small Mage Wars pack document: the shipped Beastmaster and Timber Wolf, one spellbook of wolves."""
    wolf = next(json.loads(line.rstrip().rstrip(",")) for line in CARDS.read_text(encoding="utf-8").splitlines()
                if '"id": "timber-wolf"' in line)
    return {"schema_version": 1, "game": "magewars", "id": "wolves", "name": "Wolves", "version": "1",
            "author": "tests", "provenance": "the shipped card data",
            "entries": {"cards": [wolf], "mages": [mages.ability_card("beastmaster").model_dump(mode="json")],
                        "spellbooks": [{"id": "wolves", "name": "Wolves", "mage": "beastmaster",
                                        "cards": [{"card": "timber-wolf", "copies": copies}]}]}}


def _rng() -> SeededRng:
    return SeededRng(bytes(32))


def test_the_challenger_chooses_the_mode_then_mages_are_secret_until_both_chose():
    """Digest §3.2, §15; ruling "Who chooses the mode": the first seat chooses; each mage and book is secret."""
    rng = _rng()
    s = SYSTEM.setup({}, SEATS, rng)
    assert SYSTEM.awaiting(s) == ["player1"] and SYSTEM.legal_actions(s, "player2") == []
    s, ev = SYSTEM.apply(s, "player1", {"type": "ChooseMode", "mode": "full"}, rng)
    assert ev == [{"type": "ModeChosen", "seat": "player1", "mode": "full"}]
    assert SYSTEM.awaiting(s) == ["player1", "player2"]
    s, ev = SYSTEM.apply(s, "player2", {"type": "ChooseMage", "mage": "wizard", "book": "starter-wizard", "school": "air"}, rng)
    assert [e for e in ev if "visible_to" not in e] == [{"type": "MageDecided", "seat": "player2"}]
    assert ev[1]["visible_to"] == ["player2"] and ev[1]["mage"] == "wizard"
    assert SYSTEM.view(s, "player1")["secret"] == {} and SYSTEM.view(s, "player2")["secret"]["player2"]["mage"] \
        == "wizard"
    assert "wizard" not in str(SYSTEM.view(s, "player1"))
    s, ev = SYSTEM.apply(s, "player1", {"type": "ChooseMage", "mage": "priestess", "book": "starter-priestess"}, rng)
    reveal = next(e for e in ev if e["type"] == "MagesRevealed")
    assert reveal["mages"] == {"player1": "priestess", "player2": "wizard"}
    assert s["mode"] == "full" and s["phase"] != "choosing"
    assert {s["objects"][o]["mage"] for o in s["mages"].values()} == {"priestess", "wizard"}


def test_a_packs_spellbook_is_offered_and_played():
    """Digest §15: a spellbook from a data pack, for its mage, is one of the choices."""
    rng = _rng()
    s = SYSTEM.setup({"pack": wolves_pack(2)}, SEATS, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "ChooseMode", "mode": "apprentice"}, rng)
    offered = {"type": "ChooseMage", "mage": "beastmaster", "book": "wolves"}
    assert offered in SYSTEM.legal_actions(s, "player2")
    assert {"type": "ChooseMage", "mage": "warlock", "book": "wolves"} not in SYSTEM.legal_actions(s, "player2")
    s, _ = SYSTEM.apply(s, "player2", offered, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "ChooseMage", "mage": "warlock", "book": "apprentice-warlock"}, rng)
    assert s["books"]["player2"] == {"Timber Wolf": 2}


def test_an_illegal_pack_spellbook_is_refused_with_its_problems():
    """Digest §15: at most 4 copies of a spell above level 1 (Timber Wolf, level 2); a book breaking it is refused, nothing kept."""
    rng = _rng()
    s = SYSTEM.setup({"pack": wolves_pack(9)}, SEATS, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "ChooseMode", "mode": "full"}, rng)
    with pytest.raises(InvalidInput) as err:
        SYSTEM.apply(s, "player2", {"type": "ChooseMage", "mage": "beastmaster", "book": "wolves"}, rng)
    assert err.value.code == "mw.book.invalid"
    assert [p["code"] for p in err.value.params["problems"]] == ["mw.book.too_many_copies"]
    assert s["secret"] == {}


def test_a_pack_book_with_the_packs_own_card_is_chosen_and_played():
    """Digest §15 with a pack: the pack's own card (not in the shipped data) passes the book's checks and the
    duel keeps it to play (ruling "A data pack's own cards play in the duel")."""
    rng = _rng()
    doc = wolves_pack(2)
    doc["entries"]["cards"][0] = {**doc["entries"]["cards"][0], "name": "Moon Wolf"}
    s = SYSTEM.setup({"pack": doc}, SEATS, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "ChooseMode", "mode": "full"}, rng)
    s, _ = SYSTEM.apply(s, "player2", {"type": "ChooseMage", "mage": "beastmaster", "book": "wolves"}, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "ChooseMage", "mage": "wizard", "book": "starter-wizard", "school": "air"}, rng)
    assert s["phase"] != "choosing" and s["books"]["player2"] == {"Moon Wolf": 2}
    assert list(s["pack_cards"]["cards"]) == ["Moon Wolf"]


def test_the_wolves_pack_reads_through_the_pack_reader():
    from engine.magewars.pack import MageWarsPack, check
    assert check(MageWarsPack.model_validate(wolves_pack(2)["entries"])) == []


def test_options_that_fix_the_mode_skip_the_choices():
    s = SYSTEM.setup({"mode": "apprentice"}, SEATS, _rng())
    assert s["phase"] != "choosing" and {s["objects"][o]["mage"] for o in s["mages"].values()} == \
        {"warlock", "beastmaster"}


@pytest.mark.parametrize("lang, sentence, fix", [
    ("en", "9 copies of Timber Wolf (level 2): a spellbook holds at most 4 (§15).", "Remove the extra copies."),
    ("es", "9 copias de Timber Wolf (nivel 2): un libro admite como mucho 4 (§15).", "Quita las copias que sobran."),
])
def test_a_refused_spellbook_answers_with_the_sentence_of_each_problem(lang, sentence, fix):
    """Digest §15 (at most 4 copies of a level 2 spell); issue 15: the refusal names each problem and its fix
    in the player's language, never a problem code."""
    from table.i18n import explain
    rng = _rng()
    s = SYSTEM.setup({"pack": wolves_pack(9)}, SEATS, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "ChooseMode", "mode": "full"}, rng)
    with pytest.raises(InvalidInput) as err:
        SYSTEM.apply(s, "player2", {"type": "ChooseMage", "mage": "beastmaster", "book": "wolves"}, rng)
    said = explain(err.value, lang)
    assert sentence in said and fix in said and "mw.book" not in said


def test_a_refused_setup_book_lists_every_problem():
    """Digest §15: a book given in the options (``books``) is refused with all its problems, each a sentence."""
    from table.i18n import explain
    book = {"Timber Wolf": 9, "Frobnicator": 1}
    with pytest.raises(InvalidInput) as err:
        SYSTEM.setup({"mode": "full", "mages": {"player1": "beastmaster", "player2": "wizard"},
                      "books": {"player1": book}}, SEATS, _rng())
    said = explain(err.value, "en")
    assert "“Frobnicator” is not a card of the card data." in said and "9 copies of Timber Wolf" in said
    assert "mw.book" not in said


def test_random_mage_and_book_are_offered_and_drawn_when_chosen():
    """Digest §3.2, §15; issue 15: "random" is a choice for the mage and for the book; the draw gives a usable
    book for the mode (apprentice: the mage's apprentice book), secret until both chose."""
    rng = _rng()
    s = SYSTEM.setup({}, SEATS, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "ChooseMode", "mode": "apprentice"}, rng)
    offered = SYSTEM.legal_actions(s, "player1")
    assert {"type": "ChooseMage", "mage": "random", "book": "random"} in offered
    assert {"type": "ChooseMage", "mage": "wizard", "book": "random"} in offered
    s, ev = SYSTEM.apply(s, "player1", {"type": "ChooseMage", "mage": "random", "book": "random"}, rng)
    mine = next(e for e in ev if e["type"] == "MageDecidedPrivately")
    assert mine["mage"] in mages.mage_ids() and mine["book"] == f"apprentice-{mine['mage']}"
    assert mine["visible_to"] == ["player1"]
    s, _ = SYSTEM.apply(s, "player2", {"type": "ChooseMage", "mage": "wizard", "book": "random"}, rng)
    assert s["phase"] != "choosing"
    assert {s["objects"][o]["mage"] for o in s["mages"].values()} >= {"wizard"}


def test_a_random_book_in_the_full_game_is_the_starter_or_a_sound_pack_book():
    """Digest §15, §20.4: in the full game a random book is the mage's starter book or a pack book that passes
    §15; a refused pack book is never drawn."""
    from engine.magewars import choices
    rng = _rng()
    s = SYSTEM.setup({"pack": wolves_pack(9)}, SEATS, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "ChooseMode", "mode": "full"}, rng)
    assert choices._random_books(s, "beastmaster", None) == ["starter-beastmaster"]
    s = SYSTEM.setup({"pack": wolves_pack(2)}, SEATS, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "ChooseMode", "mode": "full"}, rng)
    assert choices._random_books(s, "beastmaster", None) == ["starter-beastmaster", "wolves"]
