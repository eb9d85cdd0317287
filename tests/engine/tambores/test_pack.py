"""The Tambores de Guerra pack model, its schema file, and the training pack (data/tambores/packs/training.yaml)."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import ValidationError

from data.build_pack_schemas import build, schema_path
from engine.core.pack import UNKNOWN, unknowns
from engine.tambores.pack import (Condition, EffectKind, Pile, TamboresDocument, TamboresPack, Trigger, check,
                                  json_schema, leaf_paths)
from tests.engine.tambores.marks import marks

ROOT = Path(__file__).resolve().parents[3]
TRAINING = ROOT / "data" / "tambores" / "packs" / "training.yaml"
SCHEMA = ROOT / "data" / "tambores" / "schema" / "pack.schema.json"
NOT_VALUES = {"id", "name", "card", "ability", "box"}
"""Keys whose values are names and references, not card values: never marked."""


def raw() -> dict[str, Any]:
    return yaml.safe_load(TRAINING.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def document() -> TamboresDocument:
    return TamboresDocument.model_validate(raw())


@pytest.fixture(scope="module")
def pack(document) -> TamboresPack:
    return document.entries


def by_id(entries: list[Any]) -> dict[str, Any]:
    return {e.id: e for e in entries}


def test_training_pack_validates_and_checks(document, pack):
    assert document.game == "tambores" and document.id == "tambores-training" and document.schema_version == 1
    assert document.training and not document.official and document.author == "Skirmish GM"
    assert "Reglas de juego" in document.provenance
    assert check(pack) == []


def test_every_value_is_a_rulebook_fact_or_marked_training(pack):
    data = raw()["entries"]
    written = [p for p in leaf_paths({k: v for k, v in data.items() if k not in ("training_values", "sources")})]
    training, sources = set(pack.training_values), set(pack.sources)
    assert not training & sources
    for path in written:
        key = re.sub(r"\[\d+\]$", "", path).rsplit(".", 1)[-1]
        if key in NOT_VALUES or key == "heroes" or path.startswith("decks[") and key == "army":
            continue
        value = eval_path(data, path)
        assert value == UNKNOWN or path in training or path in sources, f"{path} = {value!r} is not marked"


def test_comments_and_lists_agree():
    training, sources = marks(TRAINING.read_text(encoding="utf-8"))
    data = raw()["entries"]
    assert training == data["training_values"]
    assert sources == data["sources"]
    assert all(re.search(r"line", cite) for cite in sources.values())


def test_every_deck_value_needed_to_play_is_known(pack):
    """The decks' cards and heroes hold no ``unknown`` but the never-explained recruitment value."""
    in_decks = {e.card for d in pack.decks for e in d.cards} | {h for d in pack.decks for h in d.heroes}
    cards = by_id(pack.units + pack.heroes)
    for card_id in in_decks:
        assert [p for p in unknowns(cards[card_id]) if p != "recruitment"] == [], card_id
    for deck in pack.decks:
        assert sum(e.copies for e in deck.cards) == 46  # the draw deck of §3
    assert {d.army for d in pack.decks} == {"human", "orc"}
    assert all(len(d.heroes) >= 2 for d in pack.decks)  # a duel draws a new hero for battle 2 (§15.2)


def test_unknowns_lists_unknown_values(pack):
    found = unknowns(pack)
    assert "equipment[0].text" in found and unknowns(raw())[0].startswith("entries.units[")
    assert "equipment[0].text" in found and "units[0].recruitment" in found
    assert all(p.endswith(("recruitment", "text")) for p in found)


def test_worked_example_numbers_as_given(pack):
    """Rulebook lines 315-317, 347-384 (digest §11.5)."""
    u, h, a = by_id(pack.units), by_id(pack.heroes), by_id(pack.abilities)
    soldado, lancero, alabardero, arquera = u["soldado"], u["lancero"], u["alabardero"], u["arquera"]
    caballero, furor, ballestero = u["caballero"], u["furor"], u["ballestero"]
    assert (soldado.attack, soldado.defence, lancero.attack, lancero.defence) == (1, 1, 2, 2)
    assert alabardero.deployment_cost == 2
    assert caballero.cost_bolt and lancero.cost_bolt and furor.attack_bolt
    assert u["hermandad"].defence_bolt and u["jinete"].defence_bolt
    shield = pack.equipment[0]
    assert (shield.name, shield.deployment_cost, shield.cost_from_deck) == ("Escudo Triangular", 1, True)
    assert (h["thugg"].initial_removal, h["thugg"].removal_mode) == (10, "random")
    assert [h[x].colour for x in ("aiden", "borrunn", "krangg", "thugg", "jayme", "joanna", "rincemer")] == [
        "silver", "bronze", "silver", "gold", "gold", "bronze", "bronze"]
    # Soldado: +1 defence with an Alabardero on the field; the Lancero still annihilates it; it cannot hurt him.
    (guard,) = a[soldado.ability].modifiers
    assert (guard.stat, guard.amount, guard.condition, guard.card) == ("defence", 1, Condition.CARD_ON_FIELD,
                                                                       "alabardero")
    assert lancero.attack >= soldado.defence + guard.amount and soldado.attack < lancero.defence
    # Alabardero supported by the Arquera (+1): a total of 4, which annihilates the Fûror; it kills the Alabardero.
    (aim,) = a[arquera.ability].modifiers
    assert alabardero.attack + arquera.attack + aim.amount == 4 >= furor.defence
    assert furor.attack >= alabardero.defence and alabardero.life == furor.life == 1
    (recover,) = a[furor.ability].effects
    assert (recover.kind, recover.amount, recover.from_pile, recover.to_pile) == (
        EffectKind.MOVE_CARDS, 2, Pile.REMOVED, Pile.DISCARD)
    # Caballero +1 the turn it is deployed: enough for the Ballestero, not for the orc hero.
    (charge,) = a[caballero.ability].modifiers
    assert (charge.stat, charge.amount, charge.condition) == ("attack", 1, Condition.DEPLOYED_THIS_TURN)
    assert ballestero.defence <= caballero.attack + 1 < min(x.defence for x in pack.heroes if x.army == "orc")
    # The Ballestero wounds Joanna; Joanna's strike-back would have annihilated it.
    assert ballestero.attack >= h["joanna"].defence and h["joanna"].attack >= ballestero.defence
    # Rincemer cancels 1 impact just produced.
    (cancel,) = a[h["rincemer"].ability].effects
    assert (cancel.kind, cancel.amount, a[h["rincemer"].ability].trigger) == (EffectKind.CANCEL_IMPACTS, 1,
                                                                            Trigger.IMPACT)


def broken(edit) -> list[tuple[str, str]]:
    data = raw()["entries"]
    edit(data)
    return [(p.path.removeprefix("entries."), p.expected) for p in check(TamboresPack.model_validate(data))]


@pytest.mark.parametrize("edit, path, expected", [
    (lambda d: d["units"][1].update(ability="missing"), "units[1].ability", "an ability id"),
    (lambda d: d["abilities"][0]["modifiers"][0].update(card="missing"), "abilities[0].modifiers[0].card",
     "a unit id"),
    (lambda d: d["abilities"][0]["modifiers"][0].update(card="joanna"), "abilities[0].modifiers[0].card",
     "a unit id"),
    (lambda d: d["abilities"][0]["modifiers"][0].pop("card"), "abilities[0].modifiers[0].card", "the card"),
    (lambda d: d["abilities"][1]["modifiers"][0].update(card="soldado"), "abilities[1].modifiers[0].card",
     "null"),
    (lambda d: d["units"].append(dict(d["units"][0])), "units[9].id", "an id used once"),
    (lambda d: d["heroes"][0].update(id="soldado"), "units[1].id", "an id used once"),
    (lambda d: d["abilities"].append(dict(d["abilities"][0])), "abilities[5].id", "an id used once"),
    (lambda d: d["decks"].append(dict(d["decks"][0])), "decks[2].id", "an id used once"),
    (lambda d: d["decks"][0]["cards"].append({"card": "missing"}), "decks[0].cards[5].card", "a unit, equipment"),
    (lambda d: d["decks"][0]["cards"].append({"card": "joanna"}), "decks[0].cards[5].card", "a unit, equipment"),
    (lambda d: d["decks"][0]["cards"].append({"card": "lancero"}), "decks[0].cards[5].card", "a card of the human"),
    (lambda d: d["decks"][0]["cards"].append({"card": "soldado"}), "decks[0].cards[5].card", "a card listed once"),
    (lambda d: d["decks"][0]["heroes"].append("missing"), "decks[0].heroes[4]", "a hero id"),
    (lambda d: d["decks"][0]["heroes"].append("thugg"), "decks[0].heroes[4]", "a hero of the human"),
    (lambda d: d["decks"][0]["heroes"].append("joanna"), "decks[0].heroes[4]", "a hero listed once"),
    (lambda d: d["decks"][0].update(box=True), "decks[0].cards", "6 equipment"),
    (lambda d: d["decks"][0].update(cards=[{"card": "soldado", "copies": 4}]), "decks[0].cards", "at least 5"),
    (lambda d: d["units"][1].update(ability="rincemer-cancel-impact"), "units[1].ability", "an ability without"),
    (lambda d: d["heroes"][4].pop("removal_mode"), "heroes[4].removal_mode", "choose or random"),
    (lambda d: d["abilities"][4].update(trigger="activated", cost=None), "abilities[4].cost", "a cost"),
    (lambda d: d["abilities"][3]["effects"][0].pop("from_pile"), "abilities[3].effects[0].from_pile", "a pile"),
    (lambda d: d["abilities"][4]["effects"][0].update(to_pile="hand"), "abilities[4].effects[0].to_pile", "null"),
    (lambda d: d["training_values"].append("units[1].attack"), "training_values[85]", "not also in `sources`"),
    (lambda d: d["training_values"].append("units[99].attack"), "training_values[85]", "the path of a value"),
    (lambda d: d["sources"].update({"units[0].nothing": "x"}), "sources.units[0].nothing", "the path of a value"),
])
def test_check_finds_each_broken_reference(edit, path, expected):
    """``check`` names the place in the document (``entries.``...)."""
    found = broken(edit)
    assert any(p == path and e.startswith(expected) for p, e in found), found


def test_schema_refuses_typos_and_bad_values():
    for edit in (lambda d: d["units"][0].update(attak=2), lambda d: d["units"][0].update(range=4),
                 lambda d: d["heroes"][0].update(colour="purple"), lambda d: d["units"][0].update(attack="?")):
        data = raw()
        edit(data["entries"])
        with pytest.raises(ValidationError):
            TamboresDocument.model_validate(data)


def test_schema_file_is_current():
    text = build()[schema_path("tambores")]
    assert SCHEMA.read_text(encoding="utf-8") == text
    assert json.loads(text) == json.loads(json.dumps(json_schema()))


def eval_path(data: Any, path: str) -> Any:
    for key, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path):
        data = data[key] if key else data[int(index)]
    return data
