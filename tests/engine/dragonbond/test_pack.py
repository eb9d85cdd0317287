"""Dragonbond packs: the model, its cross-reference check, the training pack and the shipped schema."""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from engine.core.pack import unknowns
from engine.dragonbond.pack import DragonbondDocument, DragonbondPack, Problem, check, json_schema

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "data" / "dragonbond"
TRAINING = DATA / "packs" / "training.yaml"
TRAINING_MARK = "# training value"
SOURCE_MARK = "rulebook"
NOT_VALUES = {"id", "name"}
"""Keys that name an entry rather than state a game value."""


def document(path: Path = TRAINING) -> DragonbondDocument:
    return DragonbondDocument.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))


def load(path: Path = TRAINING) -> DragonbondPack:
    """The training pack's entries."""
    return document(path).entries


def value_lines(node: yaml.Node, path: str = "", line: int | None = None) -> Iterator[tuple[str, int, bool]]:
    """(path, line, is_leaf) of every value in a composed YAML document; a key's value sits on the key's line."""
    yield path, node.start_mark.line if line is None else line, not isinstance(node, (yaml.MappingNode,
                                                                                      yaml.SequenceNode)) or not node.value
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield from value_lines(value, f"{path}.{key.value}" if path else key.value, key.start_mark.line)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            yield from value_lines(item, f"{path}[{i}]")


def covered(path: str, by: set[str]) -> bool:
    return any(path == p or path.startswith((p + ".", p + "[")) for p in by)


def training_document() -> tuple[list[str], dict[str, int], set[str]]:
    text = TRAINING.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = [(p.removeprefix("entries."), n, leaf) for p, n, leaf in value_lines(yaml.compose(text))
             if p.startswith("entries.")]
    game = [(p, n, leaf) for p, n, leaf in found if p.split(".")[0].split("[")[0]
            in {"units", "powers", "vaala_cards", "command_cards", "artifacts", "forces", "monsters"}]
    return lines, {p: n for p, n, _ in game}, {p for p, _, leaf in game if leaf and p.rsplit(".", 1)[-1] not in NOT_VALUES}


def test_training_pack_validates_and_is_sound() -> None:
    doc = document()
    pack = doc.entries
    assert doc.game == "dragonbond" and doc.id == "dragonbond-training"
    assert doc.training and not doc.official and doc.schema_version == 1
    assert doc.author == "Skirmish GM"
    assert set(yaml.safe_load(TRAINING.read_text(encoding="utf-8"))) == {*DragonbondDocument.model_fields}
    assert check(pack) == []
    assert unknowns(pack) == [], "a training pack is playable: no value is left unknown"


def test_training_pack_has_two_small_forces_with_a_general_each() -> None:
    pack = load()
    assert len(pack.forces) == 2
    units = {u.id: u for u in pack.units}
    for force in pack.forces:
        assert force.size == 50
        spent = sum(units[e.unit].points for e in force.units)  # type: ignore[misc]
        assert spent <= force.size
        assert any(e.id == force.general for e in force.units)


def test_every_training_value_is_marked_and_listed() -> None:
    """An invented value carries "# training value" on its line and is in `training_values`; a rulebook value
    carries its page on its line and is in `sources`; every game value is one or the other."""
    pack = load()
    lines, line_of, leaves = training_document()
    training, sourced = set(pack.training_values), set(pack.sources)
    assert len(training) == len(pack.training_values), "a path listed twice"
    for path in training | sourced:
        assert path in line_of, f"{path}: listed, but the pack has no such value"
    for path in training:
        assert TRAINING_MARK in lines[line_of[path]], f"{path}: listed as training, its line says otherwise"
    for path in sourced:
        line = lines[line_of[path]]
        assert SOURCE_MARK in line and "l." in line and TRAINING_MARK not in line, f"{path}: cite the rulebook"
    marked = {n for n, line in enumerate(lines) if TRAINING_MARK in line and not line.lstrip().startswith("#")}
    assert marked == {line_of[p] for p in training}, "a '# training value' line whose value is not listed"
    uncovered = sorted(p for p in leaves if not covered(p, training | sourced))
    assert not uncovered, f"values neither from the rulebook nor marked as training: {uncovered}"
    assert not (training & sourced)


def test_training_pack_keeps_the_rulebook_numbers() -> None:
    units = {u.id: u for u in load().units}
    assert units["cazadores-del-fai"].speed == 12 and units["cazadores-del-fai"].ranged is not None
    assert units["esgrimistas-oniricos"].speed == 8
    assert units["carniceros-ogerron"].health == 5
    assert units["eldai-alarn"].unique and not units["comandantes-guardia-jurada"].unique


def test_committed_schema_is_the_models() -> None:
    committed = json.loads((DATA / "schema" / "pack.schema.json").read_text(encoding="utf-8"))
    assert committed == json_schema(), "stale: run data/build_pack_schemas.py"


def test_build_script_check_passes() -> None:
    run = subprocess.run([sys.executable, str(DATA.parent / "build_pack_schemas.py"), "--check"], capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stdout + run.stderr


# ---------------------------------------------------------------------------------------------
# The model and check()

UNIT = {"health": 1, "speed": 6, "defence": "gray", "melee": {"dice": 1, "colour": "gray"}, "ranged": None,
        "powers": [], "faction": "Allaria", "keywords": [], "points": 5, "models": 1, "base_mm": 25}
def unit(uid: str, **fields: object) -> dict[str, object]:
    return {**UNIT, "id": uid, "name": uid.title(), **fields}


def pack(**entries: object) -> DragonbondPack:
    base: dict[str, object] = {
        "units": [unit("hero", keywords=["Héroe"]), unit("troop", models=3)],
        "forces": [{"id": "f", "name": "F", "faction": "Allaria", "size": 50,
                    "units": [{"id": "h", "unit": "hero"}, {"id": "t", "unit": "troop"}], "general": "h"}],
    }
    return DragonbondPack.model_validate({**base, **entries})


def problems(p: DragonbondPack) -> set[tuple[str, str]]:
    return {(x.path, x.value) for x in check(p)}


def force(**fields: object) -> dict[str, object]:
    return {"id": "f", "name": "F", "faction": "Allaria", "size": 50, "general": "h",
            "units": [{"id": "h", "unit": "hero"}, {"id": "t", "unit": "troop"}], **fields}


def test_a_sound_pack_has_no_problem() -> None:
    assert check(pack()) == []


def test_problems_have_path_value_and_expected() -> None:
    found = check(pack(powers=[], units=[unit("hero", keywords=["Héroe"], powers=["fire"]), unit("troop")]))
    assert found == [Problem("entries.units[0].powers[0]", "fire", "a power id of `powers`")]


@pytest.mark.parametrize(("entries", "expected"), [
    ({"units": [unit("hero", keywords=["Héroe"]), unit("hero")]}, ("entries.units[1].id", "hero")),
    ({"units": [unit("hero", keywords=["Héroe"], command_power="rally"), unit("troop")]},
     ("entries.units[0].command_power", "rally")),
    ({"units": [unit("hero", keywords=["Héroe"]), unit("troop", keywords=["Épica"], injured={
        k: UNIT[k] for k in ("health", "speed", "defence", "melee", "ranged")} | {"powers": ["gone"]})]},
     ("entries.units[1].injured.powers[0]", "gone")),
    ({"artifacts": [{"id": "ring", "name": "Ring", "power": "gone"}]}, ("entries.artifacts[0].power", "gone")),
    ({"powers": [{"id": "p", "name": "P", "type": "reaction", "text": "x"}]}, ("entries.powers[0].trigger", "null")),
    ({"forces": [force(units=[{"id": "h", "unit": "hero"}, {"id": "t", "unit": "ghost"}])]},
     ("entries.forces[0].units[1].unit", "ghost")),
    ({"forces": [force(general="t")]}, ("entries.forces[0].general", "t")),
    ({"forces": [force(general="nobody")]}, ("entries.forces[0].general", "nobody")),
    ({"forces": [force(mounted=[{"rider": "h", "mount": "wyrm"}])]}, ("entries.forces[0].mounted[0].mount", "wyrm")),
    ({"forces": [force(mounted=[{"rider": "h", "mount": "t"}])]}, ("entries.forces[0].mounted[0].rider", "h")),
    ({"forces": [force(mounted=[{"rider": "h", "mount": "t"}])]}, ("entries.forces[0].mounted[0].mount", "t")),
    ({"forces": [force(commanding=[{"hero": "h", "unit": "t"}])]}, ("entries.forces[0].commanding[0].unit", "t")),
    ({"forces": [force(bond={"hero": "h", "dragon": "t"})]}, ("entries.forces[0].bond.dragon", "t")),
    ({"forces": [force(artifacts=[{"artifact": "crown", "hero": "h"}])]},
     ("entries.forces[0].artifacts[0].artifact", "crown")),
    ({"forces": [force(vaala_cards=["spell"])]}, ("entries.forces[0].vaala_cards[0]", "spell")),
    ({"forces": [force(command_cards=["order"])]}, ("entries.forces[0].command_cards[0]", "order")),
    ({"forces": [force(size=5)]}, ("entries.forces[0].size", "5")),
    ({"forces": [force(faction="Tyveria")]}, ("entries.forces[0].units[0].unit", "hero")),
    ({"forces": [force(units=[{"id": "h", "unit": "hero"}, {"id": "h", "unit": "troop"}])]},
     ("entries.forces[0].units[1].id", "h")),
    ({"forces": [force(units=[{"id": "h", "unit": "hero", "reserve": True}])]}, ("entries.forces[0].general", "h")),
])
def test_check_finds_each_kind_of_problem(entries: dict[str, object], expected: tuple[str, str]) -> None:
    assert expected in problems(pack(**entries))


def test_check_reads_riders_mounts_commands_bonds_and_unique_cards() -> None:
    units = [unit("rider", keywords=["Héroe", "Jinete de Dragones", "Comandar (Asesinos Shev)"]),
             unit("wyrm", keywords=["Dragón", "Montura"], faction=None),
             unit("shev", name="Asesinos Shev", models=3),
             unit("eldai", keywords=["Héroe"], unique=True),
             unit("seer", keywords=["Vaala (Lanza Sueños)"])]
    good = force(units=[{"id": "r", "unit": "rider"}, {"id": "w", "unit": "wyrm"}, {"id": "s", "unit": "shev"},
                        {"id": "e", "unit": "eldai"}, {"id": "v", "unit": "seer"}],
                 general="r", mounted=[{"rider": "r", "mount": "w"}], commanding=[{"hero": "r", "unit": "s"}],
                 bond={"hero": "r", "dragon": "w"}, artifacts=[{"artifact": "ring", "hero": "e"}],
                 vaala_cards=["dream"])
    entries = {"units": units, "powers": [{"id": "p", "name": "P", "type": "passive", "text": "x"}],
               "artifacts": [{"id": "ring", "name": "Ring", "power": "p"}],
               "vaala_cards": [{"id": "dream", "name": "Dream", "subtype": "Lanza Sueños", "trigger": "t", "text": "x"}]}
    assert check(pack(**entries, forces=[good])) == []
    twice = {**good, "units": [*good["units"], {"id": "e2", "unit": "eldai"}],  # type: ignore[list-item]
             "artifacts": [{"artifact": "ring", "hero": "e"}, {"artifact": "ring", "hero": "e"}]}
    found = problems(pack(**entries, forces=[twice]))
    assert {("entries.forces[0].units", "eldai"), ("entries.forces[0].artifacts", "ring"),
            ("entries.forces[0].artifacts[1].hero", "e")} <= found
    assert ("entries.forces[0].general", "e") in problems(pack(**entries, forces=[{**good, "general": "e"}]))


def test_unknown_values_are_listed_by_unknowns() -> None:
    p = pack(units=[unit("hero", keywords=["Héroe"], points="unknown"),
                    unit("troop", melee={"dice": "unknown", "colour": "unknown"})])
    assert unknowns(p.units) == ["[0].points", "[1].melee.dice", "[1].melee.colour"]
    assert check(p) == [], "an unknown cost does not break the points rule"


@pytest.mark.parametrize("bad", [
    {"units": [unit("x", speed="fast")]},
    {"units": [unit("x", defence="red")]},
    {"units": [unit("x", models=0)]},
    {"units": [unit("x", colour="gray")]},
    {"units": [unit("X")]},
])
def test_model_refuses_malformed_entries(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        pack(**bad)


def test_the_envelope_is_not_an_entry() -> None:
    """The envelope's fields sit at the document's top level (DragonbondDocument), not in a `header` entry."""
    with pytest.raises(ValidationError):
        DragonbondPack.model_validate({"header": {"schema_version": 1, "game": "dragonbond"}})
    assert "header" not in json_schema()["properties"]
    assert {"schema_version", "game", "id", "entries"} <= set(json_schema()["required"])


def test_mercenary_points_at_most_the_main_force() -> None:
    """Digest §27.1; seed 003 l.1480-1484: a Mercenary General is refused and Mercenary points may not exceed
    the points spent on the main force (50 + 50 of 100 is fine, 10 + 20 is not)."""
    units = [unit("hero", keywords=["Héroe"], points=10), unit("sellsword", mercenary=True, points=10),
             unit("ogre", mercenary=True, points=10, faction="Ysval")]
    ok = force(units=[{"id": "h", "unit": "hero"}, {"id": "s", "unit": "sellsword"}])
    assert check(pack(units=units, forces=[ok])) == []
    too_many = force(units=[{"id": "h", "unit": "hero"}, {"id": "s", "unit": "sellsword"}, {"id": "o", "unit": "ogre"}])
    assert ("entries.forces[0].units", "20 > 10") in problems(pack(units=units, forces=[too_many]))
    mercenary_general = force(units=[{"id": "h", "unit": "hero"}], general="h")
    units[0] = unit("hero", keywords=["Héroe"], mercenary=True)
    assert ("entries.forces[0].general", "h") in problems(pack(units=units, forces=[mercenary_general]))


MONSTER = {"id": "beast", "name": "Beast", "models": 1, "base_mm": 60, "health": 8, "speed": 6, "defence": "gray",
           "melee": {"dice": 3, "colour": "black"}, "ranged": None, "powers": [], "trophy": 15}


def card(cid: str, *actions: dict) -> dict:
    return {"id": cid, "name": cid, "target": "nearest", "actions": list(actions) or [{"action": "charge"}]}


def test_monster_behaviour_deck_has_five_cards_and_structured_actions() -> None:
    """Digest §27.2; seed 003 l.1518 (a deck of 5 behaviour cards), l.1514 (a trophy value, or "UPE"),
    l.1528 (actions resolved top to bottom, some conditional)."""
    five = [card(f"c{i}") for i in range(5)]
    assert check(pack(monsters=[{**MONSTER, "behaviour_deck": True, "behaviour": five}])) == []
    assert ("entries.monsters[0].behaviour", "4") in problems(
        pack(monsters=[{**MONSTER, "behaviour_deck": True, "behaviour": five[:4]}]))
    bad = [card("c0", {"action": "power", "power": "roar"})] + five[1:]
    assert ("entries.monsters[0].behaviour[0].actions[0].power", "roar") in problems(
        pack(monsters=[{**MONSTER, "behaviour_deck": True, "behaviour": bad}]))
    upe = DragonbondPack.model_validate({"monsters": [{**MONSTER, "trophy": "UPE", "auction": True}]})
    assert upe.monsters[0].trophy == "UPE"
    unknown = DragonbondPack.model_validate({"monsters": [{**MONSTER, "trophy": "unknown",
                                                           "behaviour": [card("c", {"action": "unknown"})]}]})
    assert "monsters[0].trophy" in unknowns(unknown) and "monsters[0].behaviour[0].actions[0].action" in unknowns(unknown)
    with pytest.raises(ValidationError):
        DragonbondPack.model_validate({"monsters": [{**MONSTER, "behaviour": [card("c", {"action": "fly away"})]}]})
