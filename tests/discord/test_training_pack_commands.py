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
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, redis, prefix):
        for game, path in TRAINING.items():  # both in one server: their ids differ
            raw, channel, pack = path.read_bytes(), fake.channel, f"{game}-training"
            imported = await fake.slash(alice, channel, "pack import", file=("training.yaml", raw))
            assert imported.ephemeral and f"Imported the pack `{pack}`" in imported.content, imported.content
            assert game in imported.content
            shown = await fake.slash(bob, channel, "pack show", pack=pack)
            assert "Skirmish GM" in shown.content, shown.content
            exported = await fake.slash(bob, channel, "pack export", pack=pack)
            assert exported.ephemeral and exported.files == {f"{pack}.yaml": raw}
        listed = await fake.slash(bob, fake.channel, "pack list")
        assert all(f"`{game}-training`" in listed.content for game in TRAINING), listed.content


async def test_a_match_starts_with_an_imported_training_pack_and_keeps_its_copy(fake_discord, redis, prefix):
    """Issue #13: a match chosen with ``pack:`` starts with that pack (its state names it, its panel says it is a
    training pack), and keeps its copy when the server's pack is removed."""
    from table.store import Store

    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix):
        for game, path in TRAINING.items():
            pack = f"{game}-training"
            await fake.slash(alice, fake.channel, "pack import", file=("training.yaml", path.read_bytes()))
            opened = await fake.slash(alice, fake.channel, "match new", game=game, opponent=bob, pack=pack)
            assert not opened.ephemeral and pack in opened.content, opened.content
            thread = fake.threads_of(fake.channel)[-1]
            invite = fake.channel_messages(thread)[0]
            accepted = (await fake.click(bob, invite, invite.custom_ids[0])).messages[-1]
            assert "training pack" in " ".join(e.get("description") or "" for e in accepted.embeds).lower()
            match = await store.load(await store.match_in(thread.id))
            assert match.options["pack"]["id"] == pack and match.state["pack_id"] == pack
            removed = await fake.slash(alice, fake.channel, "pack remove", pack=pack)
            assert removed.ephemeral
            assert (await store.load(match.id)).options["pack"]["id"] == pack
