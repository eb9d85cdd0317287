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
