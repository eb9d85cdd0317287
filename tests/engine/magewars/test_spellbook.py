"""Spellbooks (digest §15, §20.3, §20.4): the rulebook's books as data, and building one."""
from engine.magewars import spellbooks
from engine.magewars.cards import has_card


def test_every_listed_spanish_card_resolves_to_a_card_of_the_data():
    """Digest §20.3–20.4 (seed 001 lines 105-157, 1101-1159): every Spanish name maps to a card in the data."""
    for es, en in spellbooks.spanish_names().items():
        assert has_card(en), (es, en)
    for book in spellbooks.book_ids():
        assert all(has_card(name) for name in spellbooks.contents(book)), book


def test_the_four_starter_books_cost_exactly_their_mages_spell_points():
    """Digest §15, §20.4: the suggested starter books are legal: each costs the mage's 120 spell points."""
    for mage in ("beastmaster", "priestess", "warlock", "wizard"):
        book = spellbooks.contents(f"starter-{mage}")
        assert spellbooks.points(book, mage) == 120
        assert spellbooks.problems(book, mage) == []


def test_apprentice_books_are_the_eight_lists():
    """Digest §20.3: four apprentice books, four starter books."""
    assert sorted(spellbooks.book_ids()) == sorted(
        [f"{k}-{m}" for k in ("apprentice", "starter") for m in ("beastmaster", "priestess", "warlock", "wizard")])
    assert spellbooks.contents("apprentice-beastmaster")["Bitterwood Fox"] == 3


def test_copy_limit_six_of_level_one_four_of_higher():
    """Digest §15: up to 6 copies of a level-1 spell, 4 of higher levels."""
    problems = spellbooks.problems({"Timber Wolf": 5}, "beastmaster")
    assert [p["code"] for p in problems] == ["mw.book.too_many_copies"]
    assert problems[0]["fix"] == "mw.book.fix.too_many_copies"


def test_mage_only_spell_refused_for_another_mage_lair_example():
    """Digest §15; seed 001 line 1041: Lair is "Beastmaster only": the Priestess can never include it."""
    assert [p["code"] for p in spellbooks.problems({"Lair": 1}, "priestess")] == ["mw.book.mage_only"]
    assert spellbooks.problems({"Lair": 1}, "beastmaster") == []


def test_school_only_spell_temple_of_asyra_example():
    """Digest §15; seed 001 line 1041: Temple of Asyra is "Holy school only"."""
    assert [p["code"] for p in spellbooks.problems({"Temple of Asyra": 1}, "wizard")] == ["mw.book.school_only"]


def test_over_budget_book_is_refused_with_a_fix():
    """Digest §15: a book may not cost more than the mage's spell points."""
    book = dict(spellbooks.contents("starter-wizard"), **{"Fireball": 4})
    codes = [p["code"] for p in spellbooks.problems(book, "wizard")]
    assert "mw.book.over_budget" in codes


def test_unknown_card_in_a_book_is_a_problem():
    """Digest §15: a book names cards of the collection."""
    assert spellbooks.problems({"Not A Card": 1}, "wizard")[0]["code"] == "mw.book.unknown_card"


def test_a_typed_book_reads_counts_and_spanish_names():
    """Importing a book: "2 Timber Wolf", "Lobo x2" (Spanish names as in the rulebook)."""
    assert spellbooks.parse("2 Timber Wolf\nLobo x2\nFireball") == {"Timber Wolf": 4, "Fireball": 1}
