"""Cards, Rivals decks and deck-building (rulebook digest §6-7, §25): the shipped data and its rules."""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.errors import IllegalAction, InvalidInput
from engine.underworlds.cards import (
    CARD, CARDS_FILE, DECKS_FILE, Card, CardsFile, CharacteristicModifier, Deck, DeckFormat, DecksFile,
    ObjectiveCard, ScoreType, UpgradeCard, deck_cards, deck_problems, json_schemas, load_cards,
    load_deck_file, load_rivals_decks, validate_deck,
)
from engine.underworlds.fighters import (
    DATA_DIR, WARBANDS_DIR, InvalidDataFile, Warband, load_warbands, parse_data, read_data_file,
)

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared" / "data-sources" / "underworlds"
BRETHREN, SKINNERKIN = "brethren-of-the-bolt-rivals", "the-skinnerkin-rivals"
PARASITE, RIMEWYRM = "hungering-parasite-rivals", "rimewyrms-bite-rivals"


def codes(problems: list) -> list[str]:
    return [p.code for p in problems]


def split(deck_id: str) -> tuple[list[Card], list[Card]]:
    return deck_cards(load_rivals_decks()[deck_id])


# ---------------------------------------------------------------------------------------------
# The shipped files


def test_every_shipped_data_file_loads_and_all_failures_are_reported_at_once() -> None:
    """House style 10: one test loads every shipped file and lists every failure."""
    failures: list[str] = []

    def check(path: Path, model: type) -> object | None:
        try:
            return parse_data(model, read_data_file(path), file=str(path))
        except InvalidDataFile as exc:
            failures.append(str(exc))
            return None

    cards = check(CARDS_FILE, CardsFile)
    decks = check(DECKS_FILE, DecksFile)
    for path in sorted(WARBANDS_DIR.glob("*.json")):
        warband = check(path, Warband)
        if isinstance(warband, Warband) and warband.id != path.stem:
            failures.append(f"{path}: id {warband.id!r} differs from the file name")
    if isinstance(cards, CardsFile) and isinstance(decks, DecksFile):
        known = {c.id: c for c in cards.cards}
        for deck in decks.decks:
            failures += [f"{deck.id}: unknown card {c}" for c in deck.card_ids if c not in known]
            failures += [f"{deck.id}: card {c} names deck {known[c].deck}" for c in deck.card_ids
                         if c in known and known[c].deck != deck.id]
    for name, schema in json_schemas().items():
        path = DATA_DIR / "schema" / name
        if not path.exists() or json.loads(path.read_text(encoding="utf-8")) != schema:
            failures.append(f"{path}: stale, run data/underworlds/build_schemas.py")
    assert not failures, "\n".join(failures)


def test_shipped_cards_are_the_128_cards_of_the_four_wintermaw_rivals_decks() -> None:
    """§1: the core box holds four Rivals decks; the data holds their 128 cards."""
    cards = load_cards()
    decks = load_rivals_decks()
    assert len(cards) == 128
    assert sorted(decks) == sorted([BRETHREN, SKINNERKIN, PARASITE, RIMEWYRM])
    assert {c for d in decks.values() for c in d.card_ids} == set(cards)


@pytest.mark.parametrize("deck_id", [BRETHREN, SKINNERKIN, PARASITE, RIMEWYRM])
def test_rivals_deck_is_12_objectives_10_ploys_10_upgrades_with_6_surge(deck_id: str) -> None:
    """§6.1: a Rivals deck is 12 objectives and 20 power cards; the data says 10 ploys, 10 upgrades, 6 surge."""
    deck = load_rivals_decks()[deck_id]
    cards = load_cards()
    types = Counter(cards[c].type for c in deck.card_ids)
    assert len(deck.card_ids) == 32
    assert types == {"objective": 12, "ploy": 10, "upgrade": 10}
    assert sum(1 for c in deck.card_ids if getattr(cards[c], "score", None) == ScoreType.SURGE) == 6


def test_rivals_decks_keep_their_spanish_names() -> None:
    """§1 / seed 000 lines 257-259: the Spanish names of the four decks."""
    names = {d.id: d.name_es for d in load_rivals_decks().values()}
    assert names == {
        BRETHREN: "Mazo Rivales Hermanos del Rayo", SKINNERKIN: "Mazo Rivales Desolladores",
        PARASITE: "Mazo Rivales Parásito hambriento", RIMEWYRM: "Mazo Rivales Mordedura de Sierpescarcha",
    }


def test_universal_decks_have_no_faction_and_warband_decks_have_theirs() -> None:
    """§7: universal decks carry the universal symbol; warband decks their warband's."""
    decks = load_rivals_decks()
    assert [d.id for d in decks.values() if d.universal] == [PARASITE, RIMEWYRM]
    assert decks[BRETHREN].faction == "Brethren of the Bolt" and decks[SKINNERKIN].faction == "The Skinnerkin"
    assert all(load_cards()[c].universal == d.universal for d in decks.values() for c in d.card_ids)


def test_hungering_parasite_declares_its_missing_plot_card() -> None:
    """§6.2 plot cards: the Bane of Heroes plot card is not in the data, and the deck says so."""
    deck = load_rivals_decks()[PARASITE]
    assert deck.plot == "Bane of Heroes"
    assert deck.missing


def test_every_card_cites_repo_path_and_commit() -> None:
    """Provenance: each card names the file and commit it was read from."""
    for card in load_cards().values():
        assert card.source.repo and card.source.path and card.source.commit, card.id


def test_surge_dual_and_hybrid_objectives_are_read_from_their_labels() -> None:
    """§25: surge / dual / hybrid are keywords on the card."""
    cards = load_cards()
    heavens_charge, get_moving, martyred = cards["45007"], cards["48004"], cards["45009"]
    assert isinstance(heavens_charge, ObjectiveCard)
    assert (heavens_charge.score, heavens_charge.kind, heavens_charge.glory) == ("surge", "dual", 1)
    assert (get_moving.score, get_moving.kind) == ("surge", "hybrid")
    assert (martyred.score, martyred.kind, martyred.glory) == ("end", None, 2)
    assert heavens_charge.condition.startswith("Score this immediately after")


def test_upgrade_granting_an_attack_action_carries_its_profile() -> None:
    """§3 attack actions: Sigmar's Cyclone grants Range 1, 2 swords, Damage 2, used as a reaction."""
    card = load_cards()["45031"]
    assert isinstance(card, UpgradeCard) and card.attack is not None
    assert card.attack.notation() == "Sigmar's Cyclone: Range 1, 2 swords, Damage 2"
    assert card.attack.reaction and not card.fully_structured


def test_unconditional_modifiers_are_parsed_and_conditional_ones_stay_text() -> None:
    """Upgrades: '+1 Wounds' is data; '+1 Range ... +2 instead if ...' is not."""
    cards = load_cards()
    assert cards["45023"].modifiers == (CharacteristicModifier(characteristic="wounds", delta=1),)
    assert cards["45029"].modifiers == (CharacteristicModifier(characteristic="range", delta=1,
                                                               except_scything=True),)
    assert cards["47031"].modifiers == (CharacteristicModifier(characteristic="wounds", delta=-1, minimum=1),)
    assert cards["47032"].modifiers == () and not cards["47032"].fully_structured
    assert cards["48032"].modifiers == ()


def test_only_cards_whose_whole_text_is_data_are_fully_structured() -> None:
    """Design: the data marks the cards whose structured fields hold their whole text (issue #33: the flag was named
    ``automated`` and read as the engine's coverage, which is ``effects.coverage_level``)."""
    structured = sorted(c.id for c in load_cards().values() if c.fully_structured)
    assert structured == ["45029", "46024"]
    raw = (Path(__file__).resolve().parents[3] / "data" / "underworlds" / "cards.json").read_text()
    assert '"automated"' not in raw
    assert [str(k) for k in load_cards()["46024"].attack_keywords] == ["Cleave"]


def test_large_restriction_and_enemy_upgrades_are_flagged() -> None:
    """§5: some upgrades cannot be given to a Large fighter; Weakened Soul can be given to enemies."""
    cards = load_cards()
    assert sorted(c.id for c in cards.values() if getattr(c, "forbidden_to_large", False)) == \
        ["47032", "48027", "48030", "48031"]
    assert cards["47031"].givable_to_enemy


def test_reaction_cards_are_flagged() -> None:
    """§26: a card whose text holds a Reaction says so."""
    cards = load_cards()
    assert cards["45013"].reaction and cards["48018"].reaction
    assert not cards["45014"].reaction


def test_domain_cards_carry_their_tag() -> None:
    """Card keywords: Rimewyrm's Bite Domain gambits are tagged Domain."""
    tagged = sorted(c.id for c in load_cards().values() if "Domain" in c.tags)
    assert tagged == ["48014", "48016", "48017", "48019", "48022"]


def test_every_card_round_trips_through_json_exactly() -> None:
    """State round-trips to JSON exactly; so does every card and the shipped files."""
    for card in load_cards().values():
        assert CARD.validate_json(CARD.dump_json(card)) == card
    for path, model in ((CARDS_FILE, CardsFile), (DECKS_FILE, DecksFile)):
        raw = json.loads(path.read_text(encoding="utf-8"))
        assert model.model_validate(raw).model_dump(mode="json") == raw


@given(st.sampled_from(["move", "defence", "wounds", "range", "dice", "damage"]),
       st.integers(-5, 5).filter(bool), st.none() | st.integers(0, 3), st.booleans())
def test_modifier_round_trips_through_json(characteristic: str, delta: int, minimum: int | None,
                                           except_scything: bool) -> None:
    """Any modifier survives JSON unchanged."""
    mod = CharacteristicModifier(characteristic=characteristic, delta=delta, minimum=minimum,
                                 except_scything=except_scything)
    assert CharacteristicModifier.model_validate_json(mod.model_dump_json()) == mod


@pytest.mark.skipif(not SHARED.exists(), reason="../shared/data-sources not present")
@pytest.mark.parametrize("script", ["build_cards.py", "build_warbands.py", "build_schemas.py"])
def test_shipped_files_are_what_the_build_scripts_produce(script: str) -> None:
    """The data is reproducible from the shared data sources."""
    run = subprocess.run([sys.executable, str(DATA_DIR / script), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


# ---------------------------------------------------------------------------------------------
# Deck-building (§6.1, §7)


@pytest.mark.parametrize(("deck_id", "warband"), [
    (BRETHREN, "brethren-of-the-bolt"), (SKINNERKIN, "the-skinnerkin"),
    (PARASITE, "garreks-reavers"), (RIMEWYRM, "steelhearts-champions"),
])
def test_rivals_deck_is_legal_for_its_warband_in_every_format(deck_id: str, warband: str) -> None:
    """§7 Rivals: pick the warband's own Rivals deck or a universal one, and play."""
    objectives, power = split(deck_id)
    band = load_warbands()[warband]
    for format in DeckFormat:
        assert deck_problems(objectives, power, format=format, warband=band) == [], format


def test_rivals_format_refuses_another_warbands_deck() -> None:
    """§7 Rivals: a warband may not use another warband's own Rivals deck."""
    objectives, power = split(SKINNERKIN)
    problems = deck_problems(objectives, power, format=DeckFormat.RIVALS,
                             warband=load_warbands()["brethren-of-the-bolt"])
    assert set(codes(problems)) == {"uw.deck.other_warbands_card"}
    assert len(problems) == 32


def test_rivals_format_needs_one_whole_rivals_deck() -> None:
    """§7 Rivals: no deck-building, one whole pre-built deck."""
    objectives, power = split(BRETHREN)
    _, rime_power = split(RIMEWYRM)
    rime_upgrade = [c for c in rime_power if c.type == "upgrade"][:1]
    problems = deck_problems(objectives, power[:-1] + rime_upgrade, format=DeckFormat.RIVALS)
    assert codes(problems) == ["uw.deck.mixed_rivals_decks"]
    problems = deck_problems(objectives, power + rime_upgrade, format=DeckFormat.RIVALS)
    assert "uw.deck.mixed_rivals_decks" in codes(problems)
    short = deck_problems(objectives[:-1] + objectives[:0], power, format=DeckFormat.RIVALS)
    assert codes(short) == ["uw.deck.too_few_objectives", "uw.deck.incomplete_rivals_deck"]


def test_objective_deck_needs_twelve_or_more_cards() -> None:
    """§6.1 / glossary: an objective deck is 12 or more unique objective cards."""
    objectives, power = split(BRETHREN)
    problems = deck_problems(objectives[:11], power, format=DeckFormat.NEMESIS)
    assert [(p.code, p.params) for p in problems] == [("uw.deck.too_few_objectives", {"count": 11, "minimum": 12})]
    _, rime_power = split(RIMEWYRM)
    rime_objectives, _ = split(RIMEWYRM)
    thirteen = [c for c in objectives if c.score == "end"] + [c for c in rime_objectives if c.score == "end"][:1] \
        + [c for c in objectives if c.score == "surge"]
    assert len(thirteen) == 13 and deck_problems(thirteen, power) == []


def test_power_deck_needs_twenty_or_more_cards() -> None:
    """§6.1 / glossary: a power deck is 20 or more unique power cards."""
    objectives, power = split(BRETHREN)
    upgrades = [c for c in power if c.type == "upgrade"]
    ploys = [c for c in power if c.type == "ploy"]
    problems = deck_problems(objectives, ploys[:9] + upgrades)
    assert codes(problems) == ["uw.deck.too_few_power_cards"]


def test_power_deck_may_be_half_gambits_but_not_more() -> None:
    """§6.1, §7: no more than half of the power deck may be gambits (ploys and spells)."""
    objectives, power = split(BRETHREN)
    rime_objectives, rime_power = split(RIMEWYRM)
    rime_ploys = [c for c in rime_power if c.type == "ploy"]
    rime_upgrades = [c for c in rime_power if c.type == "upgrade"]
    eleven_of_twenty = power[:10] + rime_ploys[:1] + rime_upgrades[:1] + power[11:19]
    assert sum(c.gambit for c in eleven_of_twenty) == 11 and len(eleven_of_twenty) == 20
    problems = deck_problems(objectives, eleven_of_twenty)
    assert [(p.code, p.params) for p in problems] == [("uw.deck.too_many_gambits", {"count": 11, "maximum": 10})]
    eleven_of_twenty_two = eleven_of_twenty + rime_upgrades[1:3]
    assert deck_problems(objectives, eleven_of_twenty_two) == []


def test_more_than_six_surge_objectives_is_illegal_in_nemesis_and_relic() -> None:
    """§7 Nemesis and Relic: no more than 6 surge objectives."""
    objectives, power = split(BRETHREN)
    rime_objectives, _ = split(RIMEWYRM)
    seven = [c for c in objectives if c.score == "surge"] + [c for c in rime_objectives if c.score == "surge"][:1]
    build = seven + [c for c in objectives if c.score == "end"][:5]
    for format in (DeckFormat.NEMESIS, DeckFormat.RELIC):
        problems = deck_problems(build, power, format=format)
        assert [(p.code, p.params) for p in problems] == [("uw.deck.too_many_surge", {"count": 7, "maximum": 6})]


def test_same_card_twice_is_illegal() -> None:
    """Glossary: the decks are made of unique cards."""
    objectives, power = split(BRETHREN)
    problems = deck_problems(objectives, power + power[-1:])
    assert [(p.code, p.params) for p in problems] == [("uw.deck.duplicate_card", {"card": power[-1].id})]


def test_two_cards_with_the_same_name_are_illegal_in_relic_only() -> None:
    """§7 Relic: no deck may hold more than one card with the same name."""
    objectives, power = split(BRETHREN)
    twin = power[-1].model_copy(update={"id": "99999"})
    assert deck_problems(objectives, power + [twin], format=DeckFormat.NEMESIS) == []
    problems = deck_problems(objectives, power + [twin], format=DeckFormat.RELIC)
    assert [(p.code, p.params) for p in problems] == [("uw.deck.duplicate_name", {"name": power[-1].name})]


def test_card_in_the_wrong_deck_is_refused() -> None:
    """§6.1: objectives go in the objective deck and power cards in the power deck."""
    objectives, power = split(BRETHREN)
    problems = deck_problems(objectives + power[:1], power[1:] + objectives[:1])
    assert codes(problems)[:2] == ["uw.deck.not_an_objective", "uw.deck.not_a_power_card"]


def test_nemesis_builds_from_own_rivals_deck_and_one_universal_deck() -> None:
    """§7 Nemesis: the warband's Rivals deck plus one universal Rivals deck."""
    brethren = load_warbands()["brethren-of-the-bolt"]
    objectives, power = split(BRETHREN)
    rime_objectives, rime_power = split(RIMEWYRM)
    para_objectives, para_power = split(PARASITE)
    build_objectives = objectives[:6] + rime_objectives[:6]
    build_power = power[:10] + [c for c in rime_power if c.type == "upgrade"]
    assert deck_problems(build_objectives, build_power, warband=brethren) == []
    two_universal = build_power[:-1] + [c for c in para_power if c.type == "upgrade"][:1]
    assert codes(deck_problems(build_objectives, two_universal, warband=brethren)) == \
        ["uw.deck.too_many_universal_decks"]
    skinnerkin_objectives, _ = split(SKINNERKIN)
    other = build_objectives[:-1] + [c for c in skinnerkin_objectives if c.score == "end"][:1]
    assert codes(deck_problems(other, build_power, warband=brethren)) == ["uw.deck.other_warbands_card"]


def test_relic_takes_own_alliance_and_universal_cards_and_one_foreign_plot() -> None:
    """§7 Relic: warband, Grand Alliance or universal symbol; at most one plot card besides your own."""
    reavers = load_warbands()["garreks-reavers"]
    objectives, power = split(PARASITE)
    rime_objectives, rime_power = split(RIMEWYRM)
    assert deck_problems(objectives, power, format=DeckFormat.RELIC, warband=reavers) == []
    order_card = power[-1].model_copy(update={"id": "o1", "name": "An Order card", "faction": "Order"})
    chaos_card = power[-1].model_copy(update={"id": "c1", "name": "A Chaos card", "faction": "Chaos"})
    problems = deck_problems(objectives, power + [order_card, chaos_card], format=DeckFormat.RELIC, warband=reavers)
    assert [(p.code, p.params) for p in problems] == [("uw.deck.wrong_symbol", {"card": "o1", "faction": "Order"})]
    decks = dict(load_rivals_decks())
    decks[RIMEWYRM] = decks[RIMEWYRM].model_copy(update={"plot": "An imagined plot"})
    mixed = objectives[:6] + rime_objectives[:6]
    problems = deck_problems(mixed, power, format=DeckFormat.RELIC, warband=reavers, decks=decks)
    assert [(p.code, p.params) for p in problems] == [("uw.deck.too_many_plots", {"decks": [PARASITE, RIMEWYRM]})]


def test_validate_deck_refuses_with_every_problem_code() -> None:
    """§6.1: the refusal lists every broken rule at once."""
    objectives, power = split(BRETHREN)
    validate_deck(objectives, power)
    with pytest.raises(IllegalAction) as caught:
        validate_deck(objectives[:3], power[:3], format=DeckFormat.RELIC)
    assert caught.value.code == "uw.deck.illegal"
    assert [p["code"] for p in caught.value.params["problems"]] == \
        ["uw.deck.too_few_objectives", "uw.deck.too_few_power_cards", "uw.deck.too_many_gambits"]


# ---------------------------------------------------------------------------------------------
# Users' deck files


def test_user_deck_file_in_yaml_loads(tmp_path: Path) -> None:
    """A league's Nemesis deck, written in YAML, loads and splits into its two decks."""
    objectives, power = split(BRETHREN)
    ids = [c.id for c in objectives + power]
    path = tmp_path / "my-deck.yaml"
    path.write_text("id: my-deck\nname: My deck\nfaction: Brethren of the Bolt\nuniversal: false\n"
                    "card_ids: [" + ", ".join(f'"{i}"' for i in ids) + "]\n", encoding="utf-8")
    deck = load_deck_file(path)
    assert deck_cards(deck) == (objectives, power)


def test_bad_user_deck_file_lists_every_problem(tmp_path: Path) -> None:
    """Clear errors: each bad field and each unknown card is named."""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"id": "Bad Id", "name": "", "faction": None, "universal": "maybe",
                                "card_ids": ["45001"], "colour": "red"}), encoding="utf-8")
    with pytest.raises(InvalidDataFile) as caught:
        load_deck_file(path)
    message = str(caught.value)
    for field in ("id:", "name:", "universal:", "colour:"):
        assert field in message, message
    assert caught.value.code == "uw.data.invalid" and isinstance(caught.value, InvalidInput)

    path.write_text(json.dumps({"id": "bad", "name": "Bad", "faction": None, "universal": True,
                                "card_ids": ["45001", "nope", "45001x"]}), encoding="utf-8")
    with pytest.raises(InvalidDataFile) as caught:
        load_deck_file(path)
    assert caught.value.problems == ["card_ids[1]: no card has id 'nope'", "card_ids[2]: no card has id '45001x'"]


def test_deck_file_with_a_card_twice_or_faction_mismatch_is_refused(tmp_path: Path) -> None:
    """A deck's card ids are unique; a universal deck has no faction."""
    path = tmp_path / "twice.json"
    path.write_text(json.dumps({"id": "twice", "name": "Twice", "faction": "Garrek's Reavers", "universal": True,
                                "card_ids": ["45001", "45001"]}), encoding="utf-8")
    with pytest.raises(InvalidDataFile) as caught:
        load_deck_file(path)
    assert len(caught.value.problems) == 2, caught.value.problems


def test_malformed_deck_file_is_reported_as_such(tmp_path: Path) -> None:
    """A file that is not JSON says where it breaks."""
    path = tmp_path / "broken.json"
    path.write_text('{"id": "x",', encoding="utf-8")
    with pytest.raises(InvalidDataFile) as caught:
        load_deck_file(path)
    assert caught.value.code == "uw.data.malformed" and "line 1" in caught.value.problems[0]
    with pytest.raises(InvalidDataFile) as missing:
        load_deck_file(tmp_path / "absent.json")
    assert missing.value.code == "uw.data.unreadable"


def test_deck_model_round_trips_through_json_exactly() -> None:
    """Decks survive JSON unchanged."""
    for deck in load_rivals_decks().values():
        assert Deck.model_validate_json(deck.model_dump_json()) == deck
