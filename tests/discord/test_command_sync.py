"""The commands are there after every start: the bot compares its tree with what Discord
has (not with a note of its own last sync) and syncs only when they differ."""
from __future__ import annotations

import copy
import logging

import discord
from discord import app_commands

from cogs import command_sync
from cogs.client import GameMasterBot
from tests.discord.bot_fixtures import services_for
from tests.discord.fake_discord_rest import HTTPError

LOGGER = "cogs.client"


def puts(fake, guild_id: int | None = None) -> list:
    """The command-tree syncs (PUTs) the bot made, globally or to one guild."""
    path = f"/guilds/{guild_id}/commands" if guild_id else "/commands"
    return [c for c in fake.calls if c.method == "PUT" and c.path.startswith("/applications/")
            and c.path.endswith(path) and (guild_id or "/guilds/" not in c.path)]


def reset_application(fake) -> None:
    """Discord lost the commands (new or reset application): it reports none."""
    if hasattr(fake, "reset_commands"):
        fake.reset_commands()
    else:
        fake.synced_commands = []
        fake.synced_guild_commands.clear()


def ping(description: str = "Is the bot there?") -> app_commands.Command:
    async def callback(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", ephemeral=True)
    return app_commands.Command(name="ping", description=app_commands.locale_str(description), callback=callback)


async def start(fake, redis, prefix, *extra: app_commands.Command, **settings) -> None:
    """Start the bot (with ``extra`` commands in its tree) until it is ready, then stop it."""
    bot = GameMasterBot(services_for(redis, prefix, **settings))
    for command in extra:
        bot.tree.add_command(command)
    async with fake.running(bot):
        pass


async def test_first_start_syncs_and_a_second_start_with_the_same_tree_does_not(fake_discord, redis, prefix, caplog):
    fake = fake_discord
    caplog.set_level(logging.INFO, LOGGER)
    await start(fake, redis, prefix)
    assert len(puts(fake)) == 1 and fake.synced_commands
    assert "added ['" in caplog.text and "removed none" in caplog.text
    caplog.clear()
    await start(fake, redis, prefix)
    assert len(puts(fake)) == 1, "an unchanged tree is not synced again (Discord rate-limits syncs)"
    assert "not syncing" in caplog.text
    gets = [c for c in fake.calls if c.method == "GET" and c.path == f"/applications/{fake.application_id}/commands"]
    assert len(gets) == 2 and all(c.query.get("with_localizations") == "true" for c in gets)


async def test_commands_discord_lost_are_synced_again_though_nothing_changed_here(fake_discord, redis, prefix, caplog):
    fake = fake_discord
    await start(fake, redis, prefix)
    names = sorted(c["name"] for c in fake.synced_commands)
    reset_application(fake)
    caplog.set_level(logging.INFO, LOGGER)
    await start(fake, redis, prefix)
    assert len(puts(fake)) == 2
    assert sorted(c["name"] for c in fake.synced_commands) == names
    assert f"added {names}" in caplog.text


async def test_an_added_command_and_a_changed_description_are_synced(fake_discord, redis, prefix, caplog):
    fake = fake_discord
    caplog.set_level(logging.INFO, LOGGER)
    await start(fake, redis, prefix)
    await start(fake, redis, prefix, ping())
    assert len(puts(fake)) == 2 and "ping" in {c["name"] for c in fake.synced_commands}
    assert "added ['ping'], removed none, changed none" in caplog.text
    await start(fake, redis, prefix, ping("Still there?"))
    assert len(puts(fake)) == 3
    assert next(c for c in fake.synced_commands if c["name"] == "ping")["description"] == "Still there?"
    assert "added none, removed none, changed ['ping']" in caplog.text
    await start(fake, redis, prefix)
    assert len(puts(fake)) == 4 and "ping" not in {c["name"] for c in fake.synced_commands}
    assert "added none, removed ['ping'], changed none" in caplog.text


async def test_with_a_dev_guild_its_commands_are_compared_and_synced(fake_discord, redis, prefix):
    fake = fake_discord
    gid = fake.guild.id
    await start(fake, redis, prefix, dev_guild_id=gid)
    assert len(puts(fake, gid)) == 1 and fake.synced_guild_commands[gid] and not puts(fake)
    assert any(c.method == "GET" and c.path.endswith(f"/guilds/{gid}/commands") for c in fake.calls)
    await start(fake, redis, prefix, dev_guild_id=gid)
    assert len(puts(fake, gid)) == 1
    reset_application(fake)
    await start(fake, redis, prefix, dev_guild_id=gid)
    assert len(puts(fake, gid)) == 2 and fake.synced_guild_commands[gid]
    await start(fake, redis, prefix, ping(), dev_guild_id=gid)
    assert len(puts(fake, gid)) == 3 and not puts(fake)


class Spanish(app_commands.Translator):
    async def translate(self, string, locale, context):
        if locale is discord.Locale.spain_spanish and string.message == "Is the bot there?":
            return "¿Está el bot?"
        return None


class TranslatedBot(GameMasterBot):
    """The bot with a translator of the test's own (whatever ``setup_hook`` set before)."""

    async def sync_commands(self) -> None:
        await self.tree.set_translator(Spanish())
        await super().sync_commands()


async def test_translated_descriptions_compare_equal_when_unchanged(fake_discord, redis, prefix):
    """Localizations are compared too: Discord lists them only ``with_localizations=true``."""
    fake = fake_discord
    for _ in range(2):
        bot = TranslatedBot(services_for(redis, prefix))
        bot.tree.add_command(ping())
        async with fake.running(bot):
            pass
        assert len(puts(fake)) == 1
    synced = next(c for c in fake.synced_commands if c["name"] == "ping")
    assert synced["description_localizations"] == {"es-ES": "¿Está el bot?"}


async def test_a_refused_fetch_warns_about_the_missing_scope_and_syncs_anyway(fake_discord, redis, prefix, caplog):
    fake = fake_discord

    async def missing_access(call, app_id):
        raise HTTPError(403, 50001, "Missing Access")

    fake._r_get_commands = missing_access  # as without the applications.commands scope
    caplog.set_level(logging.INFO, LOGGER)
    await start(fake, redis, prefix)
    [warning] = [r for r in caplog.records if r.levelno == logging.WARNING and r.name == LOGGER]  # not discord's own
    assert "403" in warning.getMessage() and "applications.commands" in warning.getMessage()
    assert "syncing anyway" in warning.getMessage()
    assert len(puts(fake)) == 1 and fake.synced_commands


async def test_a_refused_sync_does_not_stop_the_start(fake_discord, redis, prefix, caplog):
    fake = fake_discord
    caplog.set_level(logging.INFO, LOGGER)
    await start(fake, redis, prefix, dev_guild_id=12345)  # a guild the bot is not in: Discord answers 403
    [error] = [r for r in caplog.records if r.levelno == logging.ERROR and r.name == LOGGER]
    assert "could not sync" in error.getMessage() and "applications.commands" in error.getMessage()


# ------------------------------------------------------------------ the comparison itself (pure)
def as_discord_echoes(command: dict, *, guild_id: int | None = None) -> dict:
    """``command`` as real Discord returns it from GET ...?with_localizations=true: ids and
    versions added, defaults spelled differently (or left out), localizations null when unset."""
    out = copy.deepcopy(command)
    out.update(id="1", application_id="2", version="3", name_localized=None, description_localized=None)
    out.setdefault("type", 1)
    out["name_localizations"] = out.get("name_localizations") or None
    out["description_localizations"] = out.get("description_localizations") or None
    if out.get("default_member_permissions") is not None:
        out["default_member_permissions"] = str(out["default_member_permissions"])
    if guild_id:
        out["guild_id"] = str(guild_id)
        for field in ("dm_permission", "contexts", "integration_types"):
            out.pop(field, None)
    else:
        if out.get("integration_types") is None:
            out["integration_types"] = [0]
        if out.get("dm_permission") is None:
            out["dm_permission"] = True

    def option(o: dict) -> dict:
        o = dict(o)
        if not o.get("required"):
            o.pop("required", None)
        if not o.get("options"):
            o.pop("options", None)
        if not o.get("choices"):
            o.pop("choices", None)
        for k in ("min_value", "max_value", "min_length", "max_length", "channel_types"):
            if o.get(k) in (None, []):
                o.pop(k, None)
        if o.get("autocomplete") is False:
            o.pop("autocomplete")
        o["name_localizations"] = o.get("name_localizations") or None
        o["description_localizations"] = o.get("description_localizations") or None
        if "choices" in o:
            o["choices"] = [{**c, "value": float(c["value"]) if o["type"] == 10 else c["value"]} for c in o["choices"]]
        if "options" in o:
            o["options"] = [option(x) for x in o["options"]]
        return o

    if out.get("options"):
        out["options"] = [option(o) for o in out["options"]]
    else:
        out.pop("options", None)
    return out


async def test_the_real_tree_equals_discords_echo_of_it(fake_discord, redis, prefix):
    """Every command the bot has, as Discord spells it back, compares equal; a changed
    option, permission or localization does not."""
    bot = GameMasterBot(services_for(redis, prefix))
    async with fake_discord.running(bot):
        local = await bot._tree_payload(None)
    assert any(o.get("options") for c in local for o in c.get("options", []))  # subcommands with options
    for guild_id, is_global in ((None, True), (99, False)):
        remote = [as_discord_echoes(c, guild_id=guild_id) for c in local]
        assert command_sync.diff(local, remote, is_global=is_global) == ([], [], [])

    remote = [as_discord_echoes(c) for c in local]
    first = remote[0]
    first["description_localizations"] = {"es-ES": "otra"}
    assert command_sync.diff(local, remote, is_global=True) == ([], [], [first["name"]])
    remote = [as_discord_echoes(c) for c in local]
    remote[0]["default_member_permissions"] = "8"
    assert command_sync.diff(local, remote, is_global=True)[2] == [remote[0]["name"]]
    remote = [as_discord_echoes(c) for c in local]
    leaf = next(o for c in remote for g in c.get("options", []) for o in g.get("options", []))
    leaf["required"] = not leaf.get("required", False)
    assert len(command_sync.diff(local, remote, is_global=True)[2]) == 1
