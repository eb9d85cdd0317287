"""Dice as data (engine/core/dice.py): every shipped file validates, faces match their sources, rolls are fair draws."""
from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from engine.core.dice import (
    DICE_DIR, GAMES_WITH_DICE, MAX_DICE, chance, face_probabilities, get_die, load_dice, parse_dice_file, roll,
    roll_faces,
)
from engine.core.errors import InvalidInput, NotFound
from engine.core.rng import SeededRng

ROOT = Path(__file__).resolve().parents[3]
DATA_SOURCES = ROOT.parent / "shared" / "data-sources" / "dice.json"


class RecordingRng:
    """Returns fixed draws and records every ``n`` asked for."""

    def __init__(self, draws: list[int]) -> None:
        self.draws, self.asked = list(draws), []

    def randbelow(self, n: int) -> int:
        self.asked.append(n)
        return self.draws.pop(0)


def test_dice_files_every_shipped_file_validates():
    """House style 10: one test loads every shipped data file and reports every problem at once."""
    problems = {}
    for path in sorted(DICE_DIR.glob("*.json")):
        try:
            parse_dice_file(path.read_text(encoding="utf-8"), file=path.name)
        except InvalidInput as e:
            problems[path.name] = e.params["problems"]
    assert problems == {}
    assert sorted(p.stem for p in DICE_DIR.glob("*.json")) == sorted(GAMES_WITH_DICE)


def test_dice_file_with_several_faults_lists_every_problem():
    """A broken file is refused with one problem per fault, not just the first."""
    bad = {"schema_version": 1, "game": "x", "title": "t", "dice": [
        {"name": "Bad Name", "faces": [{"face": "a"}]},
        {"name": "ok", "faces": [{"face": "a"}, {"face": "b", "uncertain": True}]},
    ]}
    with pytest.raises(InvalidInput) as e:
        parse_dice_file(json.dumps(bad))
    assert e.value.code == "dice.bad_data_file"
    assert len(e.value.params["problems"]) >= 3


def test_dice_file_not_json_is_refused():
    with pytest.raises(InvalidInput) as e:
        parse_dice_file("{nope")
    assert e.value.code == "dice.bad_data_file"


def test_tambores_has_no_dice_empty():
    """shared/rules/tambores.md: combat is deterministic; only deck order is random (engine.core.rng.shuffled)."""
    assert load_dice("tambores") == {}


def test_unknown_game_dice_not_found():
    with pytest.raises(NotFound) as e:
        load_dice("chess")
    assert e.value.code == "dice.unknown_game"
    with pytest.raises(NotFound) as e:
        get_die("underworlds", "d20")
    assert e.value.code == "dice.unknown_die"


@pytest.mark.skipif(not DATA_SOURCES.exists(), reason="the shared data-sources folder is not present")
def test_dice_faces_match_data_sources_file():
    """data/dice/*.json faces are those of shared/data-sources/dice.json, face by face, sources copied."""
    sources = json.loads(DATA_SOURCES.read_text(encoding="utf-8"))
    uw, mw, db = (sources["warhammer_underworlds"], sources["mage_wars_arena"],
                  sources["dragonbond_battles_of_valerna"])
    dice = load_dice("underworlds")
    for name in ("attack", "defence", "magic"):
        assert list(dice[name].face_names) == uw[f"{name}_die"]["faces"]
        assert uw[f"{name}_die"]["sources"][0]["says"] in [s.says for s in dice[name].source]
    attack = load_dice("magewars")["attack"]
    assert [(f.normal, f.critical) for f in attack.faces] == [(f["normal"], f["critical"]) for f in mw["attack_die"]["faces"]]
    assert [f.number for f in load_dice("magewars")["effect"].faces] == mw["effect_die"]["faces"]
    dbd = load_dice("dragonbond")
    for i, colour in enumerate(db["attack_die_d10"]["columns"]):
        by_plain = {f.plain: f.face for f in dbd[f"attack_{colour}"].faces}
        assert by_plain == {k: row[i] for k, row in db["attack_die_d10"]["faces_by_plain_d10"].items()}
        by_plain = {f.plain: f.face for f in dbd[f"defence_{colour}"].faces}
        assert by_plain == {k: row[i] for k, row in db["defence_die_d6"]["faces_by_plain_d6"].items()}


def test_uncertain_faces_marked_where_sources_doubt():
    """Digest uw §10 (magic split, one source); db §3.2 and A1 (row 0 reconstructed), defence glyphs."""
    magic = load_dice("underworlds")["magic"]
    assert [f.face for f in magic.faces if f.uncertain] == ["channel"] * 3 + ["focus"] * 2
    assert not any(f.uncertain for d in ("attack", "defence") for f in load_dice("underworlds")[d].faces)
    db = load_dice("dragonbond")
    marked = {(name, f.plain) for name, d in db.items() for f in d.faces if f.uncertain}
    assert marked == {("attack_black", "0"), ("attack_gray", "0"), ("defence_black", "3"), ("defence_gray", "6")}
    assert all(f.note for d in db.values() for f in d.faces if f.uncertain)
    assert not any(d.uncertain for d in load_dice("magewars").values())


def test_roll_draws_each_face_with_randbelow_sides():
    """A roll asks the Rng for randbelow(len(faces)) once per die and returns the faces in draw order."""
    die = load_dice("underworlds")["attack"]
    rng = RecordingRng([0, 1, 3, 5])
    assert roll(rng, die, 4) == ["critical", "hammer", "swords", "double_support"]
    assert rng.asked == [6, 6, 6, 6]


def test_roll_same_seed_same_faces():
    die = load_dice("magewars")["effect"]
    assert roll(SeededRng(b"k" * 32), die, 50) == roll(SeededRng(b"k" * 32), die, 50)
    rng = SeededRng(b"k" * 32)
    roll(rng, die, 7)
    assert rng.counter >= 7


def test_roll_count_out_of_range_is_refused():
    die = load_dice("underworlds")["attack"]
    assert roll(SeededRng(bytes(32)), die, 0) == []
    with pytest.raises(InvalidInput) as e:
        roll(SeededRng(bytes(32)), die, MAX_DICE + 1)
    assert e.value.code == "roll.too_many_dice"
    with pytest.raises(InvalidInput) as e:
        roll_faces(SeededRng(bytes(32)), die, -1)
    assert e.value.code == "roll.bad_count"


@pytest.mark.parametrize("game", GAMES_WITH_DICE)
def test_face_probabilities_every_die_sum_to_one(game):
    for die in load_dice(game).values():
        probabilities = face_probabilities(die)
        assert sum(probabilities.values()) == 1
        assert probabilities == {f: Fraction(k, die.sides) for f, k in Counter(die.face_names).items()}


def test_attack_die_hammer_succeeds_one_half():
    """Digest uw §10: Smash attack succeeds 3/6 (2 hammers + crit)."""
    assert chance(load_dice("underworlds")["attack"], {"hammer", "critical"}) == Fraction(1, 2)


def test_attack_die_swords_succeeds_one_third():
    """Digest uw §10: Fury attack succeeds 2/6 (swords + crit)."""
    assert chance(load_dice("underworlds")["attack"], {"swords", "critical"}) == Fraction(1, 3)


def test_every_underworlds_die_critical_one_sixth():
    """Digest uw §10: one critical face on each of the three dice."""
    for die in load_dice("underworlds").values():
        assert face_probabilities(die)["critical"] == Fraction(1, 6)


def test_defence_die_block_one_half_dodge_one_third():
    """Digest uw §10: block defence 3/6, dodge defence 2/6."""
    die = load_dice("underworlds")["defence"]
    assert chance(die, {"block", "critical"}) == Fraction(1, 2)
    assert chance(die, {"dodge", "critical"}) == Fraction(1, 3)


def test_magic_die_channel_two_thirds_focus_one_half():
    """Digest uw §10: channel 4/6 with crit, focus 3/6 with crit (split flagged uncertain)."""
    die = load_dice("underworlds")["magic"]
    assert chance(die, {"channel", "critical"}) == Fraction(2, 3)
    assert chance(die, {"focus", "critical"}) == Fraction(1, 2)


def test_magewars_attack_die_two_blanks():
    """Digest mw §10.5 and ambiguity 1: d6 = {0, 0, 1, 2, 1 critical, 2 critical}."""
    die = load_dice("magewars")["attack"]
    assert face_probabilities(die)["blank"] == Fraction(1, 3)
    assert sorted((f.normal, f.critical) for f in die.faces) == [(0, 0), (0, 0), (0, 1), (0, 2), (1, 0), (2, 0)]
