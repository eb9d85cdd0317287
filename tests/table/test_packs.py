"""Data packs at the table: the registry, reading a pack, storing packs per server."""
from __future__ import annotations

from pydantic import BaseModel

from table import packs


class _Entries(BaseModel):
    things: list[str] = []


def test_register_and_find_a_pack_model():
    def check(entries):
        return [packs.Problem("entries.things", "x", "no x")] if "x" in entries.things else []

    packs.register_pack_model("zz-test", _Entries, check)
    found = packs.pack_model("zz-test")
    assert found is not None and found.model is _Entries and found.check is check
    assert "zz-test" in packs.pack_games()
    assert packs.pack_model("no-such-game") is None


# -- read_pack ------------------------------------------------------------------------------------

import json  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
import yaml  # noqa: E402
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

import table.underworlds  # noqa: E402,F401 - registers the Underworlds pack model
from engine.core.errors import InvalidInput, NotAllowed, NotFound  # noqa: E402
from table.i18n import explain  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WARBAND = json.loads((ROOT / "data/underworlds/warbands/garreks-reavers.json").read_text())


def a_pack(**changes) -> dict:
    doc = {"schema_version": 1, "game": "underworlds", "id": "league", "name": "League cards", "version": "1",
           "author": "Ana", "provenance": "The league's own cards", "entries": {"warbands": [WARBAND]}}
    doc.update(changes)
    return {k: v for k, v in doc.items() if v is not None}


def refused(text) -> str:
    with pytest.raises(InvalidInput) as exc:
        packs.read_pack(text)
    assert exc.value.code == "pack.invalid"
    return explain(exc.value)


def test_a_valid_pack_in_yaml_and_json():
    for text in (yaml.safe_dump(a_pack()), json.dumps(a_pack())):
        pack = packs.read_pack(text.encode())
        assert pack.header.id == "league" and pack.entries.warbands[0].id == "garreks-reavers"
        assert pack.text == text and pack.document()["entries"]["warbands"][0]["id"] == "garreks-reavers"


@pytest.mark.parametrize("text, names", [
    (b"schema_version: 1\ngame: [underworlds", "line 2"),
    (b"x" * 256_001, "at most 256000 bytes"),
    (json.dumps(a_pack(schema_version=2)).encode(), "`schema_version`: found 2"),
    (json.dumps(a_pack(game="chess")).encode(), "`game`: found \"chess\""),
    (json.dumps(a_pack(entries={"warbands": [WARBAND, WARBAND]})).encode(), "`entries.warbands[1].id`"),
    (json.dumps(a_pack(name=None)).encode(), "`name`: found —; expected this field"),
    (json.dumps(a_pack(entries={"warbands": [{**WARBAND, "fighters": "many"}]})).encode(),
     "`entries.warbands[0].fighters`"),
    (b"a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]", "aliases"),
    (b"[" * 10_000 + b"]" * 10_000, "nested deeper"),
    (b"\xff\xfe", "UTF-8"),
    (b"- just\n- a list", "a mapping"),
    (json.dumps(a_pack(entries={"warbands": []})).encode(), "at least one warband or board"),
    (json.dumps(a_pack(colour="red")).encode(), "`colour`"),
])
def test_each_invalid_pack_is_refused_naming_the_field(text, names):
    assert names in refused(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(
    st.binary(max_size=400),
    st.text(max_size=400).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
                 lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
                 max_leaves=30).map(lambda d: json.dumps({**a_pack(), "entries": d}
                                                         if isinstance(d, dict) else d).encode()),
    st.dictionaries(st.sampled_from(list(a_pack())), st.from_type(type(None)) | st.integers() | st.text(max_size=5),
                    max_size=6).map(lambda d: yaml.safe_dump({**a_pack(), **d}).encode()),
))
def test_read_pack_never_fails_otherwise(text):
    try:
        pack = packs.read_pack(text)
    except InvalidInput as exc:
        assert exc.code == "pack.invalid" and exc.params["problems"]
        explain(exc)
    else:
        assert isinstance(pack, packs.Pack)


# -- storage --------------------------------------------------------------------------------------


async def test_store_import_replace_refuse_remove(redis, prefix):
    store = packs.PackStore(redis, prefix=prefix)
    text = yaml.safe_dump(a_pack())
    stored, replaced = await store.import_pack(7, 1, text)
    assert not replaced and stored.author_id == 1
    stored, replaced = await store.import_pack(7, 1, yaml.safe_dump(a_pack(version="2")))
    assert replaced and (await store.get(7, "league")).version == "2"
    with pytest.raises(NotAllowed):
        await store.import_pack(7, 2, text)
    assert await store.list(8) == [] and [p.id for p in await store.list(7, "underworlds")] == ["league"]
    with pytest.raises(NotAllowed):
        await store.remove(7, "league", 2)
    with pytest.raises(InvalidInput):
        await store.import_pack(7, 1, b"schema_version: 2")
    assert (await store.export(7, "league")) == yaml.safe_dump(a_pack(version="2"))
    await store.remove(7, "league", 2, moderator=True)
    with pytest.raises(NotFound):
        await store.export(7, "league")
