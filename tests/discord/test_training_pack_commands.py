"""The shipped training packs (Tambores de Guerra, Dragonbond) through the fake Discord gateway: ``/pack import
file:``, ``/pack list``, ``/pack show`` and ``/pack export`` give back the very bytes imported.

Both packs have the id ``training`` and a pack id is unique in a server, so each goes to its own server."""
from __future__ import annotations

from pathlib import Path

from tests.discord.bot_fixtures import running_bot

ROOT = Path(__file__).resolve().parents[2]
TRAINING = {"tambores": ROOT / "data/tambores/packs/training.yaml",
            "dragonbond": ROOT / "data/dragonbond/packs/training.yaml"}


async def test_training_packs_import_list_show_and_export_byte_for_byte(fake_discord, redis, prefix):
    fake = fake_discord
    other = fake.add_guild("Second Guild")
    channels = {"tambores": fake.channel, "dragonbond": fake.add_text_channel(other, "general")}
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, redis, prefix):
        for game, path in TRAINING.items():
            raw, channel = path.read_bytes(), channels[game]
            imported = await fake.slash(alice, channel, "pack import", file=("training.yaml", raw))
            assert imported.ephemeral and "Imported the pack `training`" in imported.content, imported.content
            assert game in imported.content
            listed = await fake.slash(bob, channel, "pack list")
            assert "`training`" in listed.content and game in listed.content, listed.content
            assert [g for g in TRAINING if g in listed.content] == [game], "each server lists its own pack"
            shown = await fake.slash(bob, channel, "pack show", pack="training")
            assert "Skirmish GM" in shown.content, shown.content
            exported = await fake.slash(bob, channel, "pack export", pack="training")
            assert exported.ephemeral and exported.files == {"training.yaml": raw}
