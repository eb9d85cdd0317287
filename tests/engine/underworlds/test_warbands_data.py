"""Warbands and fighter cards (rulebook digest §2-5, §20): the shipped profiles and users' warband files."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from engine.core.errors import InvalidInput, NotFound
from engine.underworlds.fighters import (
    WARBANDS_DIR, AttackAction, AttackKeyword, Edition, Fighter, FighterSide, InvalidDataFile, KeywordName, Warband,
    load_warband_file, load_warbands,
)

SEED = "shared/seeds/000_72d1f04e4d4b2f0f.txt"


def shipped(warband_id: str) -> dict[str, Any]:
    return json.loads((WARBANDS_DIR / f"{warband_id}.json").read_text(encoding="utf-8"))


def write(tmp_path: Path, data: dict[str, Any], name: str = "warband.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def problems_of(path: Path) -> list[str]:
    with pytest.raises(InvalidDataFile) as caught:
        load_warband_file(path)
    assert caught.value.code == "uw.data.invalid" and isinstance(caught.value, InvalidInput)
    return caught.value.problems


# ---------------------------------------------------------------------------------------------
# The shipped profiles


def test_shipped_warbands_are_the_2017_pair_and_the_core_box_pair_in_two_editions() -> None:
    """Data sources: two complete 2017 warbands; the core-box warbands as Wintermaw skeletons and 2024 cards."""
    warbands = load_warbands()
    assert {k: (w.edition.value, w.complete) for k, w in warbands.items()} == {
        "steelhearts-champions": ("shadespire", True),
        "garreks-reavers": ("shadespire", True),
        "brethren-of-the-bolt": ("wintermaw", False),
        "the-skinnerkin": ("wintermaw", False),
        "brethren-of-the-bolt-2024": ("embergard", False),
        "the-skinnerkin-2024": ("embergard", False),
    }


def test_2017_warbands_are_complete_with_every_value_known() -> None:
    """Steelheart's Champions (3 fighters) and Garrek's Reavers (5) have every characteristic and attack."""
    warbands = load_warbands()
    steelheart, reavers = warbands["steelhearts-champions"], warbands["garreks-reavers"]
    assert [f.name for f in steelheart.fighters] == ["Severin Steelheart", "Angharad Brightshield", "Obryn the Bold"]
    assert len(reavers.fighters) == 5
    for band in (steelheart, reavers):
        assert band.missing == []
        for f in band.fighters:
            for side in (f.uninspired, f.inspired):
                assert side is not None and side.attacks
                assert all(a.name and a.range and a.dice and a.symbol and a.damage for a in side.attacks)


def test_severin_steelheart_profile_matches_the_sources() -> None:
    """§3 characteristics: Move 3, Defence 1 block (2 Inspired), Wounds 4, Sigmarite Broadsword."""
    severin = load_warbands()["steelhearts-champions"].fighter("severin-steelheart")
    assert severin.leader
    assert (severin.uninspired.move, severin.uninspired.defence.dice, severin.uninspired.defence.symbol,
            severin.uninspired.wounds) == (3, 1, "block", 4)
    assert severin.inspired is not None and severin.inspired.defence.dice == 2
    assert [a.notation() for a in severin.inspired.attacks] == [
        "Sigmarite Broadsword: Range 1, 2 hammer, Damage 3",
        "Mighty Swing: Range 1, 2 hammer, Damage 2, Scything",
    ]


def test_old_keyword_wording_reads_as_wintermaw_keywords() -> None:
    """§20: 'roll for each adjacent enemy' is Scything; '+1 damage on a critical hit' is Grievous 1 (seed line 985)."""
    warbands = load_warbands()
    karsus = warbands["garreks-reavers"].fighter("Karsus the Chained")
    assert karsus.inspired.attacks[1].has(KeywordName.SCYTHING)
    arnulf = warbands["garreks-reavers"].fighter("arnulf")
    grievous = arnulf.uninspired.attacks[0].keywords
    assert grievous == (AttackKeyword(name="grievous", value=1),) and grievous[0].amount == 1
    assert arnulf.uninspired.attacks[0].text  # the printed wording is kept
    obryn = warbands["steelhearts-champions"].fighter("obryn-the-bold")
    assert [str(k) for k in obryn.uninspired.attacks[0].keywords] == ["Knockback 1"]


def test_furious_parry_is_a_reaction_attack() -> None:
    """§26: an attack action printed as a Reaction says so."""
    angharad = load_warbands()["steelhearts-champions"].fighter("angharad-brightshield")
    assert [a.reaction for a in angharad.inspired.attacks] == [False, True]


def test_wintermaw_core_box_warbands_have_names_and_leader_and_nothing_invented() -> None:
    """§29 / seed 000 lines 128-170: five fighters each, the leader crowned; no characteristic survives (§30)."""
    warbands = load_warbands()
    brethren, skinnerkin = warbands["brethren-of-the-bolt"], warbands["the-skinnerkin"]
    assert (brethren.name_es, skinnerkin.name_es) == ("Hermanos del Rayo", "Desolladores")
    assert [f.name for f in brethren.fighters] == \
        ["Pater Filius", "Soror Tazat", "Friar Galvic", "Scorched Yakob", "Acolyte Arcus"]
    assert [f.name for f in skinnerkin.fighters] == \
        ["Gristla Tenderhooke", "The Carnskyr", "Seddrik the Chain", "Young Master Kretch", "Flensemaster Pewdrig"]
    assert (brethren.leader.name, skinnerkin.leader.name) == ("Pater Filius", "Gristla Tenderhooke")
    for band in (brethren, skinnerkin):
        assert band.source.path == SEED and not band.complete
        for f in band.fighters:
            for side in (f.uninspired, f.inspired):
                assert (side.move, side.defence, side.wounds, side.attacks) == (None, None, None, None)
            assert {"uninspired.move", "inspired.wounds", "inspire_condition", "beast"} <= set(f.unknown)


def test_2024_profiles_are_marked_as_another_edition_with_weapon_names_unknown() -> None:
    """Data sources: 2024 Embergard cards must never pass for Wintermaw cards."""
    warbands = load_warbands()
    for wid in ("brethren-of-the-bolt-2024", "the-skinnerkin-2024"):
        band = warbands[wid]
        assert band.edition == Edition.EMBERGARD and not band.edition.wintermaw_rules
        assert all(p.endswith(".name") for p in band.missing) and band.missing
        assert any("Wintermaw" in note for note in band.notes)
    assert all(w.edition.wintermaw_rules for k, w in warbands.items() if not k.endswith("-2024"))
    pater = warbands["brethren-of-the-bolt-2024"].fighter("pater-filius")
    assert (pater.uninspired.wounds, pater.uninspired.bounty, pater.uninspired.attacks[1].range) == (5, 2, 3)


def test_each_warband_has_exactly_one_leader() -> None:
    """§2: each warband has exactly one leader."""
    for band in load_warbands().values():
        assert sum(f.leader for f in band.fighters) == 1, band.id


def test_large_is_wounds_five_or_more() -> None:
    """§5: a fighter is Large while its Wounds is 5 or more."""
    warbands = load_warbands()
    assert warbands["brethren-of-the-bolt-2024"].fighter("pater-filius").uninspired.large is True
    assert warbands["garreks-reavers"].fighter("garrek-gorebeard").uninspired.large is False
    assert warbands["brethren-of-the-bolt"].fighter("pater-filius").uninspired.large is None


def test_every_shipped_warband_round_trips_through_json_exactly() -> None:
    """State round-trips to JSON exactly; the files are the models' own dumps."""
    for path in sorted(WARBANDS_DIR.glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        band = Warband.model_validate(raw)
        assert band.model_dump(mode="json") == raw, path
        assert Warband.model_validate_json(band.model_dump_json()) == band


@given(st.sampled_from(list(KeywordName)), st.integers(1, 3), st.booleans())
def test_attack_keywords_round_trip_through_json(name: KeywordName, value: int, critical_only: bool) -> None:
    """Any keyword survives JSON unchanged."""
    numbered = name in (KeywordName.GRIEVOUS, KeywordName.KNOCKBACK)
    keyword = AttackKeyword(name=name, value=value if numbered else None, critical_only=critical_only)
    attack = AttackAction(name="Axe", range=1, dice=2, symbol="hammer", damage=1, keywords=(keyword,))
    assert AttackAction.model_validate_json(attack.model_dump_json()) == attack


def test_keywords_accept_spanish_names_and_check_their_number() -> None:
    """§20: Rechazar X is Knockback X and needs its X; Romper takes no number."""
    assert AttackKeyword(name="Rechazar", value=2).name == KeywordName.KNOCKBACK
    assert AttackKeyword(name="reap").name == KeywordName.SCYTHING
    with pytest.raises(ValueError, match="knockback needs its number"):
        AttackKeyword(name="knockback")
    with pytest.raises(ValueError, match="cleave takes no number"):
        AttackKeyword(name="romper", value=1)


# ---------------------------------------------------------------------------------------------
# Users' warband files


def test_user_warband_file_in_yaml_loads(tmp_path: Path) -> None:
    """A league's own warband, written in YAML, loads like a shipped one."""
    path = tmp_path / "steelheart.yaml"
    path.write_text(yaml.safe_dump(shipped("steelhearts-champions"), allow_unicode=True), encoding="utf-8")
    assert load_warband_file(path) == load_warbands()["steelhearts-champions"]


def test_bad_user_warband_file_names_each_bad_field(tmp_path: Path) -> None:
    """Clear errors: every bad field is named by its path, all at once."""
    data = shipped("garreks-reavers")
    data["edition"] = "2017"
    data["colours"]["primary"] = "red"
    garrek = data["fighters"][0]
    garrek["uninspired"]["move"] = "four"
    garrek["uninspired"]["defence"]["symbol"] = "shield"
    garrek["speed"] = 4
    data["fighters"][1]["inspired"]["attacks"][0]["dice"] = 0
    data["fighters"][2]["inspired"]["attacks"][0]["keywords"] = [{"name": "brutal"}]
    del data["fighters"][3]["leader"]
    problems = problems_of(write(tmp_path, data))
    wanted = ["edition", "colours.primary", "fighters[0].uninspired.move", "fighters[0].uninspired.defence.symbol",
              "fighters[0].speed", "fighters[1].inspired.attacks[0].dice",
              "fighters[2].inspired.attacks[0].keywords[0].name", "fighters[3].leader"]
    assert [p.split(":")[0] for p in problems] == wanted, problems
    assert "'four'" in problems[2] and "Field required" in problems[-1]


def test_warband_file_with_unlisted_unknowns_and_two_leaders_is_refused(tmp_path: Path) -> None:
    """Unknown values are explicit both ways; §2 one leader; complete must tell the truth."""
    data = shipped("steelhearts-champions")
    severin, angharad = data["fighters"][0], data["fighters"][1]
    severin["uninspired"]["wounds"] = None                    # null but not listed
    severin["unknown"] = ["inspired.move", "uninspired.speed"]  # listed but known / no such field
    angharad["leader"] = True
    problems = problems_of(write(tmp_path, data))
    assert problems == [
        "fighters[0]: uninspired.wounds is null but not listed in unknown",
        "fighters[0]: unknown lists 'inspired.move' but it has a value (3)",
        "fighters[0]: unknown lists 'uninspired.speed', which is not a field here",
    ]
    severin["unknown"] = ["uninspired.wounds"]
    problems = problems_of(write(tmp_path, data))
    assert problems == [
        "(file): a warband has exactly one leader, found 2: ['Severin Steelheart', 'Angharad Brightshield']",
        "(file): complete is True but the unknown lists say False",
    ]
    angharad["leader"] = False
    data["complete"] = False
    band = load_warband_file(write(tmp_path, data))
    assert band.missing == ["severin-steelheart.uninspired.wounds"]


def test_unknown_attack_name_must_be_listed_with_its_index(tmp_path: Path) -> None:
    """Unknown values inside lists are named by index: inspired.attacks[1].name."""
    data = shipped("steelhearts-champions")
    data["fighters"][0]["inspired"]["attacks"][1]["name"] = None
    assert problems_of(write(tmp_path, data)) == \
        ["fighters[0]: inspired.attacks[1].name is null but not listed in unknown"]


def test_fighter_that_cannot_be_inspired_needs_no_inspire_condition() -> None:
    """§3.1: a fighter with no Inspired side has no Inspire condition to know."""
    data = shipped("garreks-reavers")["fighters"][4]
    data |= {"inspired": None, "inspire_condition": None}
    assert FighterSide.model_validate(data["uninspired"]).wounds == 2
    fighter = Fighter.model_validate(data)
    assert fighter.inspired is None and fighter.complete


def test_malformed_warband_file_is_reported_as_such(tmp_path: Path) -> None:
    """A YAML file that does not parse says so."""
    path = tmp_path / "broken.yaml"
    path.write_text("name: [unclosed\n", encoding="utf-8")
    with pytest.raises(InvalidDataFile) as caught:
        load_warband_file(path)
    assert caught.value.code == "uw.data.malformed"
    assert str(caught.value).startswith(f"{path}: 1 problem(s) [uw.data.malformed]")


def test_fighter_lookup_by_unknown_name_is_refused() -> None:
    """Looking up a fighter the warband does not have raises a coded error."""
    with pytest.raises(NotFound) as caught:
        load_warbands()["garreks-reavers"].fighter("Severin Steelheart")
    assert caught.value.code == "uw.fighter.unknown"
