"""The Mage Wars Arena pack model, its schema file, and a tiny example pack.

The example is not shipped as data (card names and texts belong to their publisher): two mages and three
cards with the facts ``shared/rules/magewars.md`` states (§14, §15, §20.2, §20.5); everything else ``unknown``.
Samandriel's cost, armor, life and dice are the digest's "probable" readings of §20.5, which the OCTGN card
data (``shared/data-sources/magewars/cards.json``) confirms.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import ValidationError

import table.magewars  # noqa: F401 - registers the Mage Wars pack model
from data.build_pack_schemas import build, schema_path
from engine.core.errors import InvalidInput
from engine.magewars.pack import (UNKNOWN, CardType, Joined, MageWarsDocument, MageWarsPack, check, json_schema,
                                  max_copies, spell_points)
from table.packs import pack_games, read_pack

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = ROOT / "data" / "magewars" / "schema" / "pack.schema.json"

EXAMPLE = """\
schema_version: 1
game: magewars
id: magewars-example
name: Rulebook facts
version: "1"
author: Skirmish GM tests
provenance: Facts stated in the Spanish rulebook's examples (shared/rules/magewars.md §14, §15, §20)
entries:
  cards:
    - id: adramelech
      name: Adramelech, Lord of Fire
      type: creature
      subtypes: [Demon]
      schools: [{school: fire, level: 2}, {school: dark, level: 4}]   # §15: Fire 2 & Dark 4, level 6
      joined: and
      cost: unknown
      casting_speed: unknown
      range: {min: 0, max: 0}                                         # §9.5: creature spells have range 0
      target: unknown
      life: unknown
      armor: unknown
    - id: elemental-wand
      name: Elemental Wand
      type: equipment
      schools: [{school: earth, level: 2}, {school: water, level: 2}, {school: air, level: 2},
                {school: fire, level: 2}]                             # §15: level 2, Earth or Water or Air or Fire
      joined: or
      cost: unknown
      casting_speed: unknown
      range: unknown
      target: unknown
    - id: samandriel
      name: Samandriel, Angel of Light
      type: creature
      subtypes: [Angel]
      schools: [{school: unknown, level: unknown}]                    # §20.5: not readable
      cost: 21
      casting_speed: unknown
      range: {min: 0, max: 0}
      target: Zone
      armor: 1
      life: 14
      attacks:
        - name: The Greatsword "Starfire"
          range_type: unknown
          dice: 5
          effect_table:
            - {min: 7, max: 10, effects: [{condition: Daze}]}
            - {min: 11, effects: [{condition: Stun}]}
          traits:
            - {trait: Ethereal}
            - {trait: Bonus vs, value: 1, vs: Nonliving or Dark Creatures}
      traits: [Aegis 1, Flying, Light Immunity, Legendary]
  mages:
    - id: warlock
      name: Warlock
      spellbook_points: unknown                                       # §14: not in the text
      life: 38
      channeling: 9
      trained: [fire, dark]
      opposed: [holy]
      abilities:
        - {name: Chain Curses, text: unknown}
        - {name: Bloodreaper, text: unknown}
        - {name: Combat Skill, text: Melee +1}
    - id: wizard
      name: Wizard
      subtypes: [Human]
      spellbook_points: unknown
      life: 32
      channeling: 10
      trained: [fire]                                                 # the Adramelech example of §15
      abilities:
        - {name: Voltaric Shield, text: unknown}
      attacks:
        - name: Arcane Zap                                            # §14.4: cost 1, quick, ranged 0-1
          speed: quick
          range_type: ranged
          range: {min: 0, max: 1}
          dice: 3
          traits: [{trait: Ethereal}]
  spellbooks:
    - id: warlock-fire
      name: Fire and Dark
      mage: warlock
      cards:
        - {card: adramelech}
        - {card: elemental-wand, copies: 2}
"""


def raw() -> dict[str, Any]:
    return yaml.safe_load(EXAMPLE)


@pytest.fixture(scope="module")
def pack() -> MageWarsPack:
    return MageWarsDocument.model_validate(raw()).entries


def by_id(entries: list[Any]) -> dict[str, Any]:
    return {e.id: e for e in entries}


def test_example_reads_through_the_pack_reader():
    assert "magewars" in pack_games()
    read = read_pack(EXAMPLE)
    assert read.header.game == "magewars" and isinstance(read.entries, MageWarsPack)
    assert check(read.entries) == []
    found = read.unknowns()
    assert "entries.cards[0].cost" in found and "entries.mages[0].spellbook_points" in found
    assert "entries.cards[2].schools[0].school" in found and "entries.cards[2].cost" not in found


def test_example_facts(pack):
    cards, mages = by_id(pack.cards), by_id(pack.mages)
    adramelech, wand, samandriel = cards["adramelech"], cards["elemental-wand"], cards["samandriel"]
    assert adramelech.type == CardType.CREATURE and adramelech.level() == 6
    assert wand.joined == Joined.OR and wand.level() == 2 and samandriel.level() == UNKNOWN
    (starfire,) = samandriel.attacks
    assert [(r.min, r.max, r.effects[0].condition) for r in starfire.effect_table] == [(7, 10, "Daze"),
                                                                                      (11, None, "Stun")]
    assert (mages["warlock"].life, mages["warlock"].channeling, mages["wizard"].life) == (38, 9, 32)
    assert mages["wizard"].attacks[0].dice == 3


def test_spell_points_follow_the_digest(pack):
    """§15: the Warlock pays 6 for Adramelech and 2 for the Elemental Wand (via Fire); the Wizard 2 + 4×2."""
    cards, mages = by_id(pack.cards), by_id(pack.mages)
    warlock, wizard = mages["warlock"], mages["wizard"]
    assert spell_points(cards["adramelech"], warlock) == 6
    assert spell_points(cards["adramelech"], wizard) == 10
    assert spell_points(cards["elemental-wand"], warlock) == 2
    assert spell_points(cards["samandriel"], warlock) == UNKNOWN
    opposed = cards["elemental-wand"].model_copy(update={"schools": cards["adramelech"].schools[:1],
                                                         "joined": Joined.AND})
    assert spell_points(opposed, warlock.model_copy(update={"trained": [], "opposed": ["fire"]})) == 6
    assert spell_points(opposed.model_copy(update={"traits": ["Novice"]}), warlock) == 1
    assert max_copies(cards["elemental-wand"]) == 4 and max_copies(cards["samandriel"]) is None
    assert max_copies(cards["adramelech"].model_copy(update={"traits": ["Epic"]})) == 1


def broken(edit) -> list[tuple[str, str]]:
    data = copy.deepcopy(raw()["entries"])
    edit(data)
    return [(p.path.removeprefix("entries."), p.expected) for p in check(MageWarsPack.model_validate(data))]


def level_one(d: dict[str, Any]) -> None:
    d["cards"][1]["schools"] = [{"school": "fire", "level": 1}]
    d["cards"][1]["joined"] = "and"


@pytest.mark.parametrize("edit, path, expected", [
    (lambda d: d["cards"].append(dict(d["cards"][0])), "cards[3].id", "an id used once"),
    (lambda d: d["mages"].append(dict(d["mages"][0])), "mages[2].id", "an id used once"),
    (lambda d: d["spellbooks"].append(dict(d["spellbooks"][0])), "spellbooks[1].id", "an id used once"),
    (lambda d: d["spellbooks"][0].update(mage="beastmaster"), "spellbooks[0].mage", "a mage id"),
    (lambda d: d["spellbooks"][0].update(mage="adramelech"), "spellbooks[0].mage", "a mage id"),
    (lambda d: d["spellbooks"][0]["cards"].append({"card": "fireball"}), "spellbooks[0].cards[2].card",
     "a card id"),
    (lambda d: d["spellbooks"][0]["cards"].append({"card": "warlock"}), "spellbooks[0].cards[2].card",
     "a card id"),
    (lambda d: d["spellbooks"][0]["cards"].append({"card": "adramelech"}), "spellbooks[0].cards[2].card",
     "a card listed once"),
    (lambda d: d["spellbooks"][0]["cards"][1].update(copies=5), "spellbooks[0].cards[1].copies",
     "at most 4 copies"),
    (lambda d: (level_one(d), d["spellbooks"][0]["cards"][1].update(copies=7)), "spellbooks[0].cards[1].copies",
     "at most 6 copies"),
    (lambda d: (d["cards"][0].update(traits=["Epic"]), d["spellbooks"][0]["cards"][0].update(copies=2)),
     "spellbooks[0].cards[0].copies", "at most 1 copies"),
    (lambda d: d["mages"][0].update(spellbook_points=9), "spellbooks[0].cards", "at most 9"),
    (lambda d: d["mages"][0].update(trained=["dark"], spellbook_points=15), "spellbooks[0].cards", "at most 15"),
    (lambda d: d["cards"][0].update(type="mage"), "cards[0].type", "a spell type"),
    (lambda d: d["cards"][1].update(type="attack"), "cards[1].attacks", "one attack bar"),
    (lambda d: d["cards"][2].update(joined="or"), "cards[2].joined", "and"),
    (lambda d: d["mages"][0].update(opposed=["holy", "fire"]), "mages[0].opposed[1]", "a school it is not"),
])
def test_check_finds_each_problem(edit, path, expected):
    """``check`` names the place in the document (``entries.``...)."""
    found = broken(edit)
    assert any(p == path and e.startswith(expected) for p, e in found), found


def test_spell_points_within_budget_and_unknown_are_not_problems():
    assert broken(lambda d: d["mages"][0].update(spellbook_points=10)) == []  # 6 + 2×2 = 10
    assert broken(lambda d: (d["mages"][0].update(spellbook_points=1),
                             d["spellbooks"][0]["cards"].append({"card": "samandriel"}))) == []


def test_read_pack_refuses_a_broken_spellbook():
    data = raw()
    data["entries"]["spellbooks"][0]["mage"] = "beastmaster"
    with pytest.raises(InvalidInput) as refused:
        read_pack(yaml.safe_dump(data))
    assert [p["path"] for p in refused.value.params["problems"]] == ["entries.spellbooks[0].mage"]


@pytest.mark.parametrize("edit", [
    lambda d: d["cards"][0].update(levle=2),
    lambda d: d["cards"][0].update(type="sorcery"),
    lambda d: d["cards"][0].update(casting_speed="slow"),
    lambda d: d["cards"][0].update(range={"min": 2, "max": 1}),
    lambda d: d["cards"][0].update(cost="?"),
    lambda d: d["cards"][0]["schools"][0].update(school="time"),
    lambda d: d["cards"][2]["attacks"][0].update(dice="Y"),
    lambda d: d["cards"][2]["attacks"][0]["effect_table"][0].update(min=11),
    lambda d: d["cards"][2]["attacks"][0]["effect_table"][0].update(max=25),
    lambda d: d["cards"][2]["attacks"][0]["effect_table"][0].update(effects=[]),
    lambda d: d["spellbooks"][0]["cards"][0].update(copies=0),
])
def test_schema_refuses_typos_and_bad_values(edit):
    data = raw()
    edit(data["entries"])
    with pytest.raises(ValidationError):
        MageWarsDocument.model_validate(data)


def test_variable_values_are_allowed():
    data = raw()
    data["entries"]["cards"][1].update(cost="X", reveal_cost=3)
    data["entries"]["cards"][2]["attacks"][0].update(dice="X")
    assert check(MageWarsDocument.model_validate(data).entries) == []


def test_schema_file_is_current():
    text = build()[schema_path("magewars")]
    assert SCHEMA.read_text(encoding="utf-8") == text
    assert json.loads(text) == json.loads(json.dumps(json_schema()))
