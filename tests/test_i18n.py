"""The Spanish messages (data/i18n/es.yaml) match the English ones key for key and placeholder for placeholder.

The English table is ``en.yaml`` plus each game's ``<game>.en.yaml`` (``underworlds.en.yaml``, ...), as
``table.i18n.messages("en")`` merges them; every one of those codes needs a Spanish message in ``es.yaml`` or a
``<game>.es.yaml``.
"""
from __future__ import annotations

import re
import string
from pathlib import Path

import yaml

I18N_DIR = Path(__file__).resolve().parents[1] / "data" / "i18n"
SPANISH = I18N_DIR / "es.yaml"
CODE_SPAN = re.compile(r"`[^`]*`")


class _UniqueKeyLoader(yaml.SafeLoader):
    """A safe loader that refuses a key given twice (plain ``safe_load`` silently keeps the last one)."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def _load(path: Path) -> dict[str, str]:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_UniqueKeyLoader) or {}


def english_sources() -> list[Path]:
    """en.yaml and every <game>.en.yaml."""
    return [I18N_DIR / "en.yaml"] + sorted(I18N_DIR.glob("*.en.yaml"))


def english() -> dict[str, str]:
    table: dict[str, str] = {}
    for path in english_sources():
        table.update(_load(path))
    return table


def spanish() -> dict[str, str]:
    table: dict[str, str] = {}
    for path in [SPANISH] + sorted(I18N_DIR.glob("*.es.yaml")):
        table.update(_load(path))
    return table


def placeholders(template: str) -> set[str]:
    """The field names of a str.format template, e.g. {"match"} for "Match `{match}` is over."."""
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def test_english_sources_present():
    assert (I18N_DIR / "en.yaml").exists()
    assert english(), "no English messages found"


def test_every_english_key_has_a_spanish_message():
    es = spanish()
    missing = sorted(code for code in english() if code not in es)
    assert missing == [], f"codes without a Spanish message in {SPANISH.name}: {missing}"


def test_spanish_messages_are_non_empty_strings():
    bad = sorted(code for code, text in spanish().items() if not isinstance(text, str) or not text.strip())
    assert bad == []


def test_spanish_uses_the_same_placeholders():
    en, es = english(), spanish()
    wrong = {code: (sorted(placeholders(en[code])), sorted(placeholders(es[code])))
             for code in sorted(en.keys() & es.keys()) if placeholders(en[code]) != placeholders(es[code])}
    assert wrong == {}, f"placeholders differ (English, Spanish): {wrong}"


def test_spanish_messages_format_with_the_english_parameters():
    en, es = english(), spanish()
    for code in sorted(en.keys() & es.keys()):
        es[code].format(**{name: "x" for name in placeholders(en[code])})


def test_spanish_keeps_commands_and_examples_untranslated():
    """Every `code span` of the English message (commands, option names, examples) is in the Spanish one."""
    en, es = english(), spanish()
    wrong = {code: sorted(set(CODE_SPAN.findall(en[code])) ^ set(CODE_SPAN.findall(es[code])))
             for code in sorted(en.keys() & es.keys())
             if set(CODE_SPAN.findall(en[code])) != set(CODE_SPAN.findall(es[code]))}
    assert wrong == {}, f"code spans differ: {wrong}"


def test_spanish_has_no_key_english_lacks():
    extra = sorted(spanish().keys() - english().keys())
    assert extra == [], f"codes in {SPANISH.name} that no English file has: {extra}"
