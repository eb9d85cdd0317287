"""``/pack ...`` and ``/match new ... pack:`` through the fake Discord gateway, with a real Redis."""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from tests.discord.bot_fixtures import running_bot

ROOT = Path(__file__).resolve().parents[2]
WARBAND = json.loads((ROOT / "data/underworlds/warbands/garreks-reavers.json").read_text())


def pack_text(version: str = "1", **changes) -> bytes:
    doc = {"schema_version": 1, "game": "underworlds", "id": "league", "name": "League cards", "version": version,
           "author": "Ana", "provenance": "The league's own cards", "entries": {"warbands": [WARBAND]}}
    doc.update(changes)
    return yaml.safe_dump(doc).encode()


async def test_import_list_show_export_and_play_with_a_pack(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with running_bot(fake, redis, prefix) as bot:
        imported = await fake.slash(alice, fake.channel, "pack import", file=("league.yaml", pack_text()))
        assert imported.ephemeral and "Imported the pack `league`" in imported.content
        listed = await fake.slash(bob, fake.channel, "pack list")
        assert "`league`" in listed.content and "League cards" in listed.content
        shown = await fake.slash(bob, fake.channel, "pack show", pack="league")
        assert "warbands: 1" in shown.content and "The league's own cards" in shown.content
        exported = await fake.slash(bob, fake.channel, "pack export", pack="league")
        assert exported.ephemeral and exported.files == {"league.yaml": pack_text()}

        opened = await fake.slash(alice, fake.channel, "match new", game="underworlds", opponent=bob, pack="league")
        assert "Played with the pack `league` v1" in opened.content
        [match] = await bot.services.store.matches_of(alice.id)
        assert match.options["pack"]["entries"]["warbands"][0]["id"] == "garreks-reavers"

        # someone else may not replace or remove it; the author's new version leaves the match alone
        stolen = await fake.slash(carol, fake.channel, "pack import", file=("mine.yaml", pack_text("9")))
        assert stolen.ephemeral and "belongs to" in stolen.content
        refused = await fake.slash(carol, fake.channel, "pack remove", pack="league")
        assert refused.ephemeral and "belongs to" in refused.content
        replaced = await fake.slash(alice, fake.channel, "pack import", file=("league.yaml", pack_text("2")))
        assert "Replaced" in replaced.content
        removed = await fake.slash(alice, fake.channel, "pack remove", pack="league")
        assert "Removed" in removed.content
        assert (await bot.services.store.load(match.id)).options == match.options
        assert match.options["pack"]["version"] == "1"
        gone = await fake.slash(alice, fake.channel, "match new", game="underworlds", opponent=bob, pack="league")
        assert gone.ephemeral and "No pack `league`" in gone.content


async def test_every_invalid_pack_is_refused_and_nothing_is_kept(fake_discord, redis, prefix):
    fake = fake_discord
    alice = fake.add_user("alice")
    doc = yaml.safe_load(pack_text())
    missing = {k: v for k, v in doc.items() if k != "author"}
    cases = [
        (b"schema_version: 1\ngame: [underworlds", "line 2"),
        (b"x" * 256_001, "at most 256000 bytes"),
        (pack_text(schema_version=2), "`schema_version`"),
        (pack_text(game="chess"), "`game`"),
        (json.dumps({**doc, "entries": {"warbands": [WARBAND, WARBAND]}}).encode(), "`entries.warbands[1].id`"),
        (yaml.safe_dump(missing).encode(), "`author`"),
        (b"a: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]", "aliases"),
    ]
    async with running_bot(fake, redis, prefix):
        for text, names in cases:
            refused = await fake.slash(alice, fake.channel, "pack import", file=("p.yaml", text))
            assert refused.ephemeral and "nothing was kept" in refused.content and names in refused.content, \
                refused.content
        assert "no packs yet" in (await fake.slash(alice, fake.channel, "pack list")).content
