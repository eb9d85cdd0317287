"""The engine reads only the repository: no card data from the shared folder next to it.

CI runs on a clean checkout, where ``../shared/data-sources`` does not exist; the card library is the repository's
``data/magewars/cards.json`` (engine/magewars/cards.py). Two checks: the source of ``engine/``, ``table/`` and
``render/`` names no path into the shared folder, and Mage Wars stats and combat work with every file outside the
repository (and the Python installation) made unreadable. "§" = shared/rules/magewars.md.
"""
from __future__ import annotations

import ast
import builtins
import io
import os
import re
import sys
import tempfile
from pathlib import Path

import pytest

from engine.core.rng import SeededRng
from engine.magewars import cards, combat, stats
from engine.magewars.system import MageWars
from tests.engine.magewars.test_combat_setup import attached, obj, state

ROOT = Path(__file__).resolve().parents[3]
FOLDERS = ("engine", "table", "render")
_PARENTS = re.compile(r"Path\(__file__\)\.resolve\(\)\.parents\[(\d+)\]")


def _sources() -> list[Path]:
    return [p for folder in FOLDERS for p in sorted((ROOT / folder).rglob("*.py"))]


def _code_strings(tree: ast.AST) -> list[ast.Constant]:
    """String constants that are code, not documentation (bare string statements: docstrings, attribute notes)."""
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs]


def _names_shared_folder(text: str) -> bool:
    parts = re.split(r"[\\/]", text)
    return "data-sources" in text or parts[0] == "shared" or (len(parts) > 1 and "shared" in parts[:-1])


def test_no_source_names_a_path_into_the_shared_folder():
    """No string of code (docstrings may cite provenance) points into ``shared/`` or ``data-sources``."""
    found = [f"{p.relative_to(ROOT)}:{n.lineno} {n.value!r}" for p in _sources()
             for n in _code_strings(ast.parse(p.read_text(encoding="utf-8"))) if _names_shared_folder(n.value)]
    assert found == []


def test_no_module_climbs_out_of_the_repository():
    """``Path(__file__).resolve().parents[N]`` stays inside the repository (the old stats.py climbed to its parent)."""
    out = []
    for p in _sources():
        for m in _PARENTS.finditer(p.read_text(encoding="utf-8")):
            target = p.resolve().parents[int(m[1])]
            if target != ROOT and ROOT not in target.parents:
                out.append(f"{p.relative_to(ROOT)}: parents[{m[1]}] = {target}")
    assert out == []


@pytest.fixture
def repository_only(monkeypatch):
    """Opening any file outside the repository, the Python installation and the temp folder fails, and the card
    caches start empty, so the library is read again under that rule."""
    allowed = [ROOT, Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve(), Path(tempfile.gettempdir()).resolve()]
    real_open = io.open

    def guarded(file, *args, **kwargs):
        if isinstance(file, (str, os.PathLike)):
            path = Path(os.fsdecode(file)).resolve()
            if not any(path == a or a in path.parents for a in allowed):
                raise PermissionError(f"read outside the repository: {path}")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", guarded)
    monkeypatch.setattr(builtins, "open", guarded)
    for cached in (cards._data, cards._cards, cards._mages, stats._library):
        cached.cache_clear()
    yield
    for cached in (cards._data, cards._cards, cards._mages, stats._library):
        cached.cache_clear()


SHARED_CARDS = ROOT.parent / "shared" / "data-sources" / "magewars" / "cards.json"


@pytest.mark.skipif(not SHARED_CARDS.exists(), reason="../shared/data-sources not present: nothing to block")
def test_the_guard_blocks_the_shared_folder(repository_only):
    """The fixture does what it says: the shared card file (when this machine has one) cannot be opened."""
    with pytest.raises(PermissionError):
        SHARED_CARDS.read_text(encoding="utf-8")


def test_stats_of_library_cards_need_only_the_repository(repository_only):
    """§20.2 Brogan Bloodstone (armor 4, life 11, Vorpal Blade 4 dice, Piercing +3), a Steelclaw Grizzly and a mage
    read from the shipped cards; each printed number is the shipped card's."""
    s = state(obj("b", "Brogan Bloodstone"), obj("g", "Steelclaw Grizzly", owner=1),
              obj("wiz", "Wizard", kind="mage"), attached("bs", "Bear Strength", "b"))
    assert (stats.armor(s, "b"), stats.life(s, "b"), stats.traits(s, "b").value("Melee")) == (4, 11, 2)
    blade = stats.attacks(s, "b")[0]
    assert (blade["name"], blade["dice"]) == ("Vorpal Blade", 4)
    assert {"trait": "Piercing", "value": 3} in blade["traits"]
    grizzly = cards.card("Steelclaw Grizzly")
    assert (stats.armor(s, "g"), stats.life(s, "g")) == (grizzly.armor, grizzly.life)
    assert [a["dice"] for a in stats.attacks(s, "g")] == [a.dice for a in grizzly.attacks]
    assert (stats.life(s, "wiz"), stats.armor(s, "wiz")) == (cards.mage_stats("wizard").life, 0)
    assert "Basic Melee Attack" in [a["name"] for a in stats.attacks(s, "wiz")]


def test_an_attack_and_a_duel_setup_need_only_the_repository(repository_only):
    """A whole attack (Brogan on the Grizzly) and a duel's setup run with the shared folder out of reach."""
    s = state(obj("b", "Brogan Bloodstone"), obj("g", "Steelclaw Grizzly", owner=1))
    preview = combat.attack_preview(s, "b", 0, "g")
    assert preview
    after, events = combat.attack(s, "b", 0, "g", SeededRng(bytes(32)))
    assert any(e["type"] == "AttackRolled" for e in events)
    match = MageWars().setup({"mode": "full", "mages": {"p1": "wizard", "p2": "beastmaster"}}, ("p1", "p2"),
                             SeededRng(bytes(32)))
    mages = [o["id"] for o in match["objects"].values() if o["kind"] == "mage"]
    assert sorted(stats.life(match, oid) for oid in mages) == [32, 36]
