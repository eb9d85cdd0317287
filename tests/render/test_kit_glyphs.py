"""Every name the boards may draw has its glyphs in the boards' typeface (issue 34 item 1: "Fûror" drew as "F▯ror"
in small bold text): each name in the shipped data (cards, warbands, fighters, boards, units, packs, mages) and the
catalogues' words drawn on boards, in Roboto regular and bold."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from render.kit.animation import STAND_INS
from render.kit.fonts import font, has_glyph, missing_glyphs

ROOT = Path(__file__).resolve().parents[2]
NAME_KEYS = {"name", "card", "title", "names", "es_name", "name_es", "display", "label", "short"}


def _names(node, key: str = "") -> list[str]:
    """Every string under a naming key, anywhere in a loaded data file."""
    if isinstance(node, dict):
        return [n for k, v in node.items() for n in _names(v, str(k))]
    if isinstance(node, list):
        return [n for v in node for n in _names(v, key)]
    if isinstance(node, str) and (key in NAME_KEYS or key.endswith("_name")):
        return [node]
    return []


def shipped_names() -> dict[str, set[str]]:
    """Names by data file."""
    out: dict[str, set[str]] = {}
    for path in sorted((ROOT / "data").rglob("*")):
        if path.suffix == ".json":
            loaded = json.loads(path.read_text(encoding="utf-8"))
        elif path.suffix in (".yaml", ".yml") and "i18n" not in path.parts:
            loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
        else:
            continue
        found = set(_names(loaded))
        if found:
            out[str(path.relative_to(ROOT))] = found
    return out


def board_words() -> set[str]:
    """The catalogues' words drawn on boards (``*.board.*``, ``*.field.*`` keys of every language)."""
    words = set()
    for path in (ROOT / "data" / "i18n").glob("*.yaml"):
        flat = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        stack = [("", flat)]
        while stack:
            prefix, node = stack.pop()
            if isinstance(node, dict):
                stack += [(f"{prefix}.{k}", v) for k, v in node.items()]
            elif isinstance(node, str) and (".board." in prefix or ".field." in prefix or "arena" in prefix
                                            or path.name.startswith("dragonbond-field")):
                words.add(node)
    return words


def test_the_missing_glyph_box_is_told_apart_from_a_letter():
    assert has_glyph("û") and has_glyph("û", bold=True) and has_glyph("ñ", bold=True)
    assert not has_glyph("\u25af") and missing_glyphs("F\u25afror") == {"\u25af"}
    assert font(20, bold=True).path.endswith("Roboto-Bold.ttf")


def test_every_name_in_the_shipped_data_is_drawn_with_its_own_glyphs():
    names = shipped_names()
    assert sum(map(len, names.values())) > 500 and any("Fûror" in n for found in names.values() for n in found)
    missing = {where: {c: sorted(n for n in found if c in n)[:3] for c in missing_glyphs("".join(found))
                       | missing_glyphs("".join(found), bold=True)}
               for where, found in names.items()}
    assert {where: m for where, m in missing.items() if m} == {}


@pytest.mark.parametrize("bold", (False, True))
def test_every_word_the_catalogues_draw_on_a_board_has_its_glyphs(bold):
    words = board_words()
    assert len(words) > 50
    missing = missing_glyphs("".join(words), bold=bold)
    assert missing == set(), {c: [w for w in words if c in w][:3] for c in missing}


def test_every_word_written_in_a_renderer_has_its_glyphs():
    """The marks a renderer writes itself (a face-down enchantment's mark drew as a box: "▾")."""
    import ast

    for path in sorted((ROOT / "render").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree) if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef))
                and n.body and isinstance(n.body[0], ast.Expr)}
        strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                   and id(n) not in docs and n.value.isprintable()]
        missing = missing_glyphs("".join(strings)) - {"\U0010fffd"} - set(STAND_INS)  # (replaced, never drawn)
        assert missing == set(), (path.name, missing)
