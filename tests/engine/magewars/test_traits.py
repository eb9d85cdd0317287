"""Mage Wars traits (engine/magewars/traits.py): reading printed traits, stacking, implied traits.

§ = shared/rules/magewars.md; "seed 001 l.N" = the Spanish rulebook text, line N.
"""
from __future__ import annotations

import json

import pytest

from engine.magewars import stats
from engine.magewars.traits import KNOWN, combine, parse_trait, parse_traits, text_tags, with_implied

BRIEF_TRAITS = ("Elusive", "Flying", "Incorporeal", "Regenerate", "Piercing", "Unavoidable", "Ethereal",
                "Psychic Immunity", "Lightning", "Uncontainable", "Living", "Nonliving", "Melee", "Resilient",
                "Vigilant", "Aegis", "Tough", "Counterstrike", "Reach", "Burnproof", "Finite Life")


def test_signed_traits_add_up_lightning_example():
    """Seed 001 l.285, §13: Lightning +1 and Lightning −2 make Lightning −1."""
    assert combine(parse_traits(["Lightning +1", "Lightning -2"])).value("Lightning") == -1


def test_unsigned_traits_keep_the_highest_regenerate_example():
    """Seed 001 l.285, §13: Regenerate 2 and Regenerate 3 give Regenerate 3, not 5."""
    assert combine(parse_traits(["Regenerate 2", "Regenerate 3"])).value("Regenerate") == 3


def test_aegis_does_not_stack():
    """§13 Aegis: only the highest counts."""
    assert combine(parse_traits(["Aegis 1", "Aegis 2", "Aegis 1"])).value("Aegis") == 2


def test_unknown_trait_is_kept_as_printed():
    """Never drop a printed trait: an unknown one is kept, marked unknown."""
    t = combine(parse_traits(["Walks on Water", "Flying"]))
    assert t.unknown() == ["Walks on Water"] and t.has("Flying")


@pytest.mark.parametrize(("text", "name", "value", "signed"), [
    ("Melee +1", "Melee", 1, True), ("Flame -2", "Flame", -2, True), ("Aegis 1", "Aegis", 1, False),
    ("Non-living", "Nonliving", None, False), ("HydroN".replace("N", "+2"), "Hydro", 2, True),
    ("Upkeep +X", "Upkeep", None, True), ("Flame Immunity", "Flame Immunity", None, False)])
def test_printed_traits_parse(text, name, value, signed):
    """§13: a trait is a name and maybe a number; with a sign it adds up."""
    t = parse_trait(text)
    assert (t.name, t.value, t.signed) == (name, value, signed)


def test_traits_the_starter_books_use_are_known():
    """Every trait named in the brief and the codex has a rule and a source."""
    for name in BRIEF_TRAITS:
        assert name in KNOWN and KNOWN[name]


def test_every_trait_in_the_card_data_parses():
    """Every printed trait of the 1,074 cards reads without error; numbered ones keep their number."""
    data = json.loads(stats.SHARED_CARDS.read_text(encoding="utf-8"))
    texts = {t for c in data["cards"] for t in c.get("traits") or []}
    parsed = parse_traits(texts)
    assert len(parsed) == len(texts)
    assert parse_trait("Regenerate 2").value == 2


def test_incorporeal_brings_nonliving_burnproof_uncontainable_and_poison_immunity():
    """§9.5, §13: Incorporeal gives Nonliving, Burnproof, Uncontainable; Nonliving gives Poison Immunity and
    Finite Life."""
    t = with_implied(parse_traits(["Incorporeal"]), kind="creature")
    assert all(t.has(n) for n in ("Nonliving", "Burnproof", "Uncontainable", "Poison Immunity", "Finite Life"))


def test_conjurations_are_nonliving_psychic_immune_and_unmovable_unless_living():
    """§9.6: default conjuration traits; a Living conjuration is not Nonliving."""
    t = with_implied([], kind="conjuration")
    assert t.has("Nonliving") and t.has("Psychic Immunity") and t.has("Unmovable")
    assert not with_implied(parse_traits(["Living"]), kind="conjuration").has("Nonliving")


def test_text_tags_are_what_a_card_grants():
    """Card data: ``[Tag]`` marks in a card's text are its granted traits and defenses."""
    assert text_tags("This creature gains Armor +2.\n[Armor +2] [Flame -2]") == ["Armor +2", "Flame -2"]


def test_damage_type_modifier_and_immunity():
    """§10.10: ``<Type> ±X`` modifies attacks of that type; ``<Type> Immunity`` makes the object immune."""
    t = combine(parse_traits(["Lightning +2", "Flame Immunity"]))
    assert t.damage_modifier("Lightning") == 2 and t.damage_modifier(None) == 0
    assert t.immune("Flame") and not t.immune("Lightning")
