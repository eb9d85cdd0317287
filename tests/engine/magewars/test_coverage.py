"""Card coverage (issue #14 item 7): the rulings file's "Card coverage" list is the engine's own, card by card."""
import re
from pathlib import Path

from engine.magewars import coverage

RULINGS = Path(__file__).resolve().parents[3] / "docs" / "rulings" / "magewars.md"


def test_rulings_card_coverage_section_matches_the_engine():
    """docs/rulings/magewars.md "Card coverage" is coverage.markdown(): every starter card, its level and why
    (regenerate it with that function when a card's automation changes)."""
    text = RULINGS.read_text(encoding="utf-8")
    section = re.search(r"^## Card coverage\n\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert section, "docs/rulings/magewars.md has no 'Card coverage' section"
    assert section.group(1).strip() == coverage.markdown().strip()


def test_every_starter_card_has_a_level_and_a_reason():
    """Each of the eight rulebook books' cards (§20.3, §20.4) is automated, partial or referee, with a reason."""
    for name in coverage.starter_names():
        level, reason = coverage.status(name)
        assert level in coverage.LEVELS and reason, name


def test_a_card_with_an_unenforced_trait_is_at_most_partial():
    """A printed trait whose rule is not applied keeps the card partial (Arcane Webbing's Dissipate, an expansion
    trait the engine does not run)."""
    assert coverage.status("Arcane Webbing") == ("partial", "the trait Dissipate 1 is not applied")


def test_text_that_only_grants_read_tags_counts_as_automated():
    """An enchantment whose text only grants trait tags the combat modules read is automated (Rhino Hide)."""
    assert coverage.status("Rhino Hide")[0] == "automated"
    assert coverage.status("Death Link")[0] == "referee"  # no text anywhere: unknown
