"""The built card data (``data/magewars/cards.json``, by ``data/magewars/build_cards.py``) keeps every fact of the
shared source it has a field for: no effect-table row dropped (a "13+" row is reached with bonuses, digest §10.5),
the stats cards' traits and defense (§10.4, §14). Needs ``../shared``: skipped on a clone without it.
"""
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SOURCE = ROOT.parent / "shared" / "data-sources" / "magewars" / "cards.json"
BUILT = ROOT / "data" / "magewars" / "cards.json"
pytestmark = pytest.mark.skipif(not SOURCE.exists(), reason="../shared is absent")


def _source(name: str, set_name: str, kind: str = "") -> dict:
    cards = json.loads(SOURCE.read_text(encoding="utf-8"))["cards"]
    return next(c for c in cards if c["name"].strip() == name and c["set"] == set_name
                and (c["type"] == "Magestats") == (kind == "mage"))


def _built():
    return json.loads(BUILT.read_text(encoding="utf-8"))


def _rows(table):
    return [(r["min"], r.get("max"), [(e["condition"], e.get("count", 1)) for e in r["effects"]]) for r in table]


@pytest.mark.parametrize("name", ["Blightheart", "Sword of Radiance", "Jet Stream", "Fireball"])
def test_every_effect_row_of_the_source_is_built(name):
    """Digest §10.5 (effect die): every row of each attack's effect table, those above 12 too."""
    built = _built()
    entry = next(c for c in built["cards"] if c["name"] == name)
    raw = _source(name, built["printing"][entry["id"]]["set"])
    assert [_rows(a.get("effect_table", [])) for a in entry["attacks"]] == \
        [_rows(a["effect_table"] or []) for a in raw["attacks"]]


def test_no_effect_row_is_dropped_anywhere():
    """Digest §10.5: the whole build has as many effect rows as the source's chosen printings."""
    built = _built()
    cards = json.loads(SOURCE.read_text(encoding="utf-8"))["cards"]
    for entry in built["cards"]:
        where = built["printing"][entry["id"]]
        raw = next(c for c in cards if c["name"].strip() == entry["name"] and c["set"] == where["set"]
                   and c["type"] != "Magestats")
        assert sum(len(a.get("effect_table", [])) for a in entry.get("attacks", [])) == \
            sum(len(a["effect_table"] or []) for a in raw["attacks"]), entry["name"]


@pytest.mark.parametrize("name", ["Forcemaster", "Johktari Beastmaster", "Monk", "Necromancer", "Beastmaster"])
def test_mage_stats_keep_traits_and_defense(name):
    """Digest §14 (mage cards), §10.4 (defense): a stats card's traits and defense reach the built mage."""
    built = _built()
    mage = next(m for m in built["mages"] if m["name"] == name)
    raw = _source(f"{name} Stats", built["printing"][mage["id"]]["set"], "mage")
    assert mage.get("traits", []) == [t.strip() for t in raw["traits"] if t.strip()]
    d = raw["stats"].get("defense_parsed")
    if d:
        assert (mage["defense"]["threshold"], mage["defense"]["uses"]) == (d["threshold"], d["uses_per_round"])
    else:
        assert "defense" not in mage
    assert any(m.get("defense") for m in built["mages"]) and any(m.get("traits") for m in built["mages"])


def test_the_built_file_is_current():
    """``build_cards.py --check``: the shipped file is what the build writes from the source."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, str(ROOT / "data" / "magewars" / "build_cards.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
