"""The shipped training packs (Tambores de Guerra, Dragonbond) read by the generic pack reader, as a user's file."""
from __future__ import annotations

from pathlib import Path

import pytest

import table.dragonbond  # noqa: F401 - registers the Dragonbond pack model
import table.tambores  # noqa: F401 - registers the Tambores de Guerra pack model
from engine.dragonbond.pack import DragonbondPack
from engine.tambores.pack import TamboresPack
from table.packs import read_pack

ROOT = Path(__file__).resolve().parents[2]
TRAINING = {"tambores": (ROOT / "data/tambores/packs/training.yaml", TamboresPack),
            "dragonbond": (ROOT / "data/dragonbond/packs/training.yaml", DragonbondPack)}


@pytest.mark.parametrize("game", sorted(TRAINING))
def test_training_pack_reads_with_no_problem(game):
    path, model = TRAINING[game]
    raw = path.read_bytes()
    pack = read_pack(raw)  # raises InvalidInput with every problem found
    assert pack.header.game == game and pack.header.id == f"{game}-training"
    assert pack.header.training and not pack.header.official
    assert isinstance(pack.entries, model)
    assert pack.text.encode("utf-8") == raw
    assert pack.document()["entries"] == pack.entries.model_dump(mode="json")


def test_dragonbond_training_pack_leaves_nothing_unknown():
    pack = read_pack(TRAINING["dragonbond"][0].read_bytes())
    assert pack.unknowns() == []


def test_tambores_training_pack_leaves_unknown_only_what_no_source_gives():
    """The never-explained recruitment value and the Triangular Shield's effect (see the pack's header)."""
    pack = read_pack(TRAINING["tambores"][0].read_bytes())
    found = pack.unknowns()
    assert found and all(p.startswith("entries.") for p in found)
    assert all(p.endswith(".recruitment") for p in found if p.startswith("entries.units["))
    assert {p for p in found if not p.endswith(".recruitment")} == {"entries.equipment[0].text"}


@pytest.mark.parametrize("game", sorted(TRAINING))
def test_training_pack_with_a_broken_reference_names_the_document_path(game):
    """The game's check reports paths as the document has them, under ``entries.``."""
    import yaml

    from engine.core.errors import InvalidInput

    path, _ = TRAINING[game]
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    if game == "dragonbond":
        doc["entries"]["forces"][0]["general"] = "nobody"
        where = "entries.forces[0].general"
    else:
        doc["entries"]["decks"][0]["cards"][0]["card"] = "nobody"
        where = "entries.decks[0].cards[0].card"
    with pytest.raises(InvalidInput) as refused:
        read_pack(yaml.safe_dump(doc, allow_unicode=True))
    assert where in [p.get("path") for p in refused.value.params["problems"]]
