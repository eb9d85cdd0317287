"""Every message catalogue in English has a Spanish twin that matches it key for key and placeholder for placeholder.

The catalogues pair by file: ``en.yaml`` with ``es.yaml`` (the generic messages) and each ``<name>.en.yaml``
with ``<name>.es.yaml`` (a game's or a layer's own: ``underworlds.en.yaml``, ``table.en.yaml``...).
``table.i18n.messages(lang)`` merges ``<lang>.yaml`` with every ``*.<lang>.yaml``, so a key must also live
in one file only. A file without its twin, a key missing on one side, different ``{placeholders}`` or a
``code span`` not kept fails.

One exception: the ``cmd.*`` keys, slash commands described in Spanish (cogs/translator.py). Their English is
the code that defines each command, so they live in the Spanish files only; instead of a twin, each must name a
command, option or choice Discord is sent, and every one sent must have its text
(tests/discord/test_command_translations.py).
"""
from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Callable

import pytest
import yaml

I18N_DIR = Path(__file__).resolve().parents[1] / "data" / "i18n"
SPANISH = I18N_DIR / "es.yaml"
CODE_SPAN = re.compile(r"`[^`]*`")
LANGS = ("en", "es")
COMMANDS = "cmd."
"""Keys of slash-command descriptions: Spanish only, their English is in the code (cogs/translator.py)."""


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


def catalogue_name(path: Path) -> tuple[str, str] | None:
    """(catalogue, language) of a file: ``("", "en")`` for en.yaml, ``("underworlds", "es")`` for
    underworlds.es.yaml; None for a file that is no catalogue of a known language."""
    parts = path.name.split(".")
    if len(parts) == 2 and parts[0] in LANGS:
        return "", parts[0]
    if len(parts) == 3 and parts[1] in LANGS:
        return parts[0], parts[1]
    return None


def sources(lang: str) -> list[Path]:
    """``<lang>.yaml`` and every ``<name>.<lang>.yaml``."""
    return [I18N_DIR / f"{lang}.yaml"] + sorted(I18N_DIR.glob(f"*.{lang}.yaml"))


def english_sources() -> list[Path]:
    """en.yaml and every <name>.en.yaml."""
    return sources("en")


def english() -> dict[str, str]:
    table: dict[str, str] = {}
    for path in sources("en"):
        table.update(_load(path))
    return table


def spanish() -> dict[str, str]:
    table: dict[str, str] = {}
    for path in sources("es"):
        table.update(_load(path))
    return table


def pairs() -> list[tuple[Path, Path]]:
    """(English file, Spanish twin) for every catalogue with an English or a Spanish file."""
    names = sorted({name for path in I18N_DIR.glob("*.yaml") if (found := catalogue_name(path))
                    for name in [found[0]]})
    return [(I18N_DIR / (f"{name}.en.yaml" if name else "en.yaml"),
             I18N_DIR / (f"{name}.es.yaml" if name else "es.yaml")) for name in names]


PAIRS = pairs()
PAIR_IDS = [en.name.removesuffix(".en.yaml").removesuffix(".yaml") or "generic" for en, _ in PAIRS]


def placeholders(template: str) -> set[str]:
    """The field names of a str.format template, e.g. {"match"} for "Match `{match}` is over."."""
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def test_english_sources_present():
    assert (I18N_DIR / "en.yaml").exists()
    assert (I18N_DIR / "underworlds.en.yaml").exists()
    assert english(), "no English messages found"


def test_the_old_underworlds_files_are_gone():
    """uw.en.yaml, uw_battlefield.en.yaml and uw_table.en.yaml were merged into underworlds.en.yaml."""
    assert [p.name for p in I18N_DIR.glob("uw*.yaml")] == []


def test_every_yaml_file_is_a_catalogue_of_a_known_language():
    strays = sorted(p.name for p in I18N_DIR.glob("*.yaml") if catalogue_name(p) is None)
    assert strays == [], f"files named neither <lang>.yaml nor <name>.<lang>.yaml with lang in {LANGS}: {strays}"


@pytest.mark.parametrize(("en_path", "es_path"), PAIRS, ids=PAIR_IDS)
def test_each_catalogue_has_both_languages(en_path: Path, es_path: Path):
    missing = [p.name for p in (en_path, es_path) if not p.exists()]
    assert missing == [], f"{en_path.name} and {es_path.name} go together; missing: {missing}"


def _pair(en_path: Path, es_path: Path) -> tuple[dict[str, str], dict[str, str]]:
    if not (en_path.exists() and es_path.exists()):
        pytest.fail(f"{en_path.name} or {es_path.name} is missing")
    return _load(en_path), _load(es_path)


@pytest.mark.parametrize(("en_path", "es_path"), PAIRS, ids=PAIR_IDS)
def test_the_twins_have_the_same_keys(en_path: Path, es_path: Path):
    en, es = _pair(en_path, es_path)
    es = {key: text for key, text in es.items() if not key.startswith(COMMANDS)}
    assert sorted(en.keys() - es.keys()) == [], f"keys of {en_path.name} without a Spanish message in {es_path.name}"
    assert sorted(es.keys() - en.keys()) == [], f"keys of {es_path.name} that {en_path.name} lacks"


@pytest.mark.parametrize(("en_path", "es_path"), PAIRS, ids=PAIR_IDS)
def test_messages_are_non_empty_strings(en_path: Path, es_path: Path):
    for path, table in zip((en_path, es_path), _pair(en_path, es_path)):
        bad = sorted(code for code, text in table.items() if not isinstance(text, str) or not text.strip())
        assert bad == [], f"empty or not text in {path.name}: {bad}"


@pytest.mark.parametrize(("en_path", "es_path"), PAIRS, ids=PAIR_IDS)
def test_spanish_uses_the_same_placeholders(en_path: Path, es_path: Path):
    en, es = _pair(en_path, es_path)
    wrong = {code: (sorted(placeholders(en[code])), sorted(placeholders(es[code])))
             for code in sorted(en.keys() & es.keys()) if placeholders(en[code]) != placeholders(es[code])}
    assert wrong == {}, f"placeholders differ (English, Spanish): {wrong}"


@pytest.mark.parametrize(("en_path", "es_path"), PAIRS, ids=PAIR_IDS)
def test_spanish_messages_format_with_the_english_parameters(en_path: Path, es_path: Path):
    en, es = _pair(en_path, es_path)
    for code in sorted(en.keys() & es.keys()):
        params = {name: "x" for name in placeholders(en[code])}
        en[code].format(**params)
        es[code].format(**params)


@pytest.mark.parametrize(("en_path", "es_path"), PAIRS, ids=PAIR_IDS)
def test_spanish_keeps_commands_and_examples_untranslated(en_path: Path, es_path: Path):
    """Every `code span` of the English message (commands, option names, examples) is in the Spanish one."""
    en, es = _pair(en_path, es_path)
    wrong = {code: sorted(set(CODE_SPAN.findall(en[code])) ^ set(CODE_SPAN.findall(es[code])))
             for code in sorted(en.keys() & es.keys())
             if set(CODE_SPAN.findall(en[code])) != set(CODE_SPAN.findall(es[code]))}
    assert wrong == {}, f"code spans differ: {wrong}"


def test_command_descriptions_keep_their_english_in_the_code():
    """One source of truth for the English of a slash command: the code that defines it, never a catalogue."""
    in_english = sorted(key for key in english() if key.startswith(COMMANDS))
    assert in_english == [], "English command descriptions belong in the code (cogs/, table/), not in *.en.yaml"


@pytest.mark.parametrize("lang", LANGS)
def test_a_key_lives_in_one_file_only(lang: str):
    """The merged table keeps one message per key: the same key in two files would silently hide one."""
    where: dict[str, list[str]] = {}
    for path in sources(lang):
        if path.exists():
            for key in _load(path):
                where.setdefault(key, []).append(path.name)
    twice = {key: files for key, files in sorted(where.items()) if len(files) > 1}
    assert twice == {}


def test_every_english_key_has_a_spanish_message():
    es = spanish()
    missing = sorted(code for code in english() if code not in es)
    assert missing == [], f"codes without a Spanish message: {missing}"


def test_spanish_has_no_key_english_lacks():
    extra = sorted(key for key in spanish().keys() - english().keys() if not key.startswith(COMMANDS))
    assert extra == [], f"Spanish codes that no English file has: {extra}"


def test_the_table_reads_every_catalogue():
    """``table.i18n.messages`` merges these files (and any plugin game's own catalogues)."""
    from table.i18n import messages

    for lang, table in (("en", english()), ("es", spanish())):
        read = messages(lang)
        assert {k: read.get(k) for k in table} == table, lang


ODD_TEMPLATES = ("{0} and {}", "{a.b}", "{a[0]}", "{a:{w}}", "{a!x}", "{", "}", "{{a}} {a!r:>6} {b:} {c!s}", "",
                 'quotes " \' and \\n {a}')


@pytest.mark.parametrize("lang", LANGS)
def test_a_message_reads_as_str_format_writes_it(lang: str):
    """``fill`` writes each template with a writer made once (an f-string): the same text as ``str.format``, and the
    template itself where ``format`` fails (a parameter missing), for every message and a few odd templates."""
    from table.i18n import _writer, fill, messages

    def outcome(write: Callable[[], str]) -> str:
        try:
            return write()
        except (KeyError, IndexError, ValueError):  # fill's fallback: the template as it stands
            return "fails"
        except (AttributeError, TypeError) as error:
            return type(error).__name__

    def formatted(template: str, params: dict) -> str:
        return outcome(lambda: template.format(**params))

    def written(template: str, params: dict) -> str:
        return outcome(lambda: _writer(template)(dict(params)))

    table = messages(lang)
    for template in [*table.values(), *ODD_TEMPLATES]:
        if not isinstance(template, str):
            continue
        names = set(re.findall(r"\{(\w+)", template)) | {"a", "b", "c", "w"}
        for params in ({n: f"<{n}>" for n in names}, {n: i for i, n in enumerate(names)}, {"a": 1.5, "w": 4},
                       {}):
            assert written(template, params) == formatted(template, params), (template, params)
    for code, template in table.items():
        if isinstance(template, str) and template:
            params = {n: f"<{n}>" for n in re.findall(r"\{(\w+)", template)}
            expected = formatted(template, params)
            assert fill(code, lang, dict(params)) == (template if expected == "fails" else expected), code
