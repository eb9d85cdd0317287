"""Data packs at the local table: the same commands as on Discord, a file path instead of an attachment."""
from __future__ import annotations

import io
from pathlib import Path

from table.local_app import open_local_table
from tests.discord.bot_fixtures import services_for

ROOT = Path(__file__).resolve().parents[2]
TRAINING = ROOT / "data" / "tambores" / "packs" / "training.yaml"


async def test_import_list_show_export_and_remove_at_the_local_table(redis, prefix, tmp_path):
    out = io.StringIO()
    local = open_local_table(services_for(redis, prefix, rate_limit_per_minute=10_000), out=out,
                             boards_dir=tmp_path, player="alice")
    [imported] = await local.run_line(f"/pack import {TRAINING}")
    assert imported.error is None and "tambores-training" in imported.content, imported.content
    [listed] = await local.run_line("/pack list")
    assert "tambores-training" in listed.content
    [shown] = await local.run_line("/pack show tambores-training")
    assert "Skirmish GM" in shown.content
    [exported] = await local.run_line("/pack export tambores-training")
    assert [f.data for f in exported.files] == [TRAINING.read_bytes()]
    local.player = "bob"
    [refused] = await local.run_line("/pack remove tambores-training")
    assert refused.error == "refused"
    local.player = "alice"
    [removed] = await local.run_line("/pack remove tambores-training")
    assert removed.error is None
    [empty] = await local.run_line("/pack list")
    assert "tambores-training" not in empty.content


async def test_a_bad_file_is_refused_with_its_field_and_nothing_is_kept(redis, prefix, tmp_path):
    local = open_local_table(services_for(redis, prefix), out=io.StringIO(), boards_dir=tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text(TRAINING.read_text(encoding="utf-8").replace("schema_version: 1", "schema_version: 9"),
                   encoding="utf-8")
    [refused] = await local.run_line(f"/pack import {bad}")
    assert refused.error == "refused" and "schema_version" in refused.content
    [missing] = await local.run_line(f"/pack import {tmp_path / 'nowhere.yaml'}")
    assert missing.error == "refused"
    [listed] = await local.run_line("/pack list")
    assert "tambores-training" not in listed.content


async def test_a_file_path_keeps_its_capitals_and_command_words_ignore_case(redis, prefix, tmp_path):
    """A path typed at the local table is read as typed: a clone under ``/home/Ann`` must work
    (the parser lowercased every word before the first option); the command's own words match
    whatever their case."""
    folder = tmp_path / "Ann" / "Packs"
    folder.mkdir(parents=True)
    pack = folder / "Training.yaml"
    pack.write_bytes(TRAINING.read_bytes())
    local = open_local_table(services_for(redis, prefix, rate_limit_per_minute=10_000), out=io.StringIO(),
                             boards_dir=tmp_path, player="alice")
    [imported] = await local.run_line(f"/Pack IMPORT {pack}")
    assert imported.error is None and "tambores-training" in imported.content, imported.content
