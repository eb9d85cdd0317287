"""Every registered dice family has its ``/roll`` and ``/odds`` commands on Discord and at the local table,
with exactly the registry's options, and each answers when given only its required options."""
from __future__ import annotations

import io
from typing import Any

import pytest

from engine.games import GAMES
from table import local_dice
from table.commands import Option
from table.dice_games import SECRET, DiceGame, dice_games
from table.dice_readers import READERS
from table.local import LocalTable
from tests.discord.bot_fixtures import running_bot, services_for

KINDS = {str: 3, int: 4, bool: 5}
"""Discord's option types."""


def synced_option(option: Option) -> dict[str, Any]:
    """The option as Discord stores it after a sync."""
    out: dict[str, Any] = {"name": option.name, "description": option.description, "type": KINDS[option.kind],
                           "required": option.required}
    if option.choices:
        out["choices"] = [{"name": c, "value": option.kind(c)} for c in option.choices]
    bounds = ("min_length", "max_length") if option.kind is str else ("min_value", "max_value")
    for key, value in zip(bounds, (option.min, option.max)):
        if value is not None and not option.choices:
            out[key] = value
    return out


def unlocalized(synced: dict[str, Any]) -> dict[str, Any]:
    """A synced option without its translations (cogs/translator.py), its choices' included."""
    out = {k: v for k, v in synced.items() if k not in ("name_localizations", "description_localizations")}
    if "choices" in out:
        out["choices"] = [{k: v for k, v in c.items() if k != "name_localizations"} for c in out["choices"]]
    return out


def some_value(option: Option) -> Any:
    """A small valid value for an option."""
    if option.choices:
        return option.kind(option.choices[0])
    if option.kind is bool:
        return False
    if option.kind is int:
        return option.min if option.min is not None else 1
    return "x"


def families() -> list[DiceGame]:
    found = dice_games()
    assert found, "no dice family is registered"
    return found


def test_families_come_from_the_games_and_each_has_its_reader():
    for game in families():
        assert game.key in GAMES and game.name and game.roll_description and game.odds_description
        assert READERS[game.key] is game.read
        assert game.roll_parameters[-1] == SECRET and SECRET.name not in [o.name for o in game.roll_options]


async def test_each_family_has_roll_and_odds_on_discord_with_the_registry_options(fake_discord, redis, prefix):
    fake = fake_discord
    ann = fake.add_user("ann")
    async with running_bot(fake, redis, prefix):
        groups = {c["name"]: c for c in fake.synced_commands if c["name"] in ("roll", "odds")}
        for game in families():
            for group, options in (("roll", game.roll_parameters), ("odds", game.odds_options)):
                [sub] = [s for s in groups[group]["options"] if s["name"] == game.key]
                assert sub["type"] == 1
                got = [unlocalized(o) for o in sub.get("options", [])]
                assert got == [synced_option(o) for o in options], f"/{group} {game.key}"
                required = {o.name: some_value(o) for o in options if o.required}
                result = await fake.slash(ann, fake.channel, f"{group} {game.key}", **required)
                assert not result.ephemeral and result.embeds, f"/{group} {game.key}: {result.content}"


async def test_each_family_has_roll_and_odds_at_the_local_table(redis, prefix, tmp_path):
    local = LocalTable(services_for(redis, prefix), out=io.StringIO(), boards_dir=tmp_path)
    local_dice.install(local)
    for game in families():
        for group, options in (("roll", game.roll_parameters), ("odds", game.odds_options)):
            command = local.commands[f"{group} {game.key}"]
            assert command.params == [o.name for o in options]
            assert command.help.startswith(f"/{group} {game.key}")
            required = " ".join(f"{o.name}:{some_value(o)}" for o in options if o.required)
            [reply] = await local.run_line(f"/{group} {game.key} {required}")
            assert reply.error is None and reply.embeds, f"/{group} {game.key}: {reply.content}"
            [missing] = await local.run_line(f"/{group} {game.key}")
            assert missing.error and "required" in missing.content


async def test_a_secret_roll_at_the_local_table_is_ephemeral(redis, prefix, tmp_path):
    local = LocalTable(services_for(redis, prefix), out=io.StringIO(), boards_dir=tmp_path)
    local_dice.install(local)
    for game in families():
        required = " ".join(f"{o.name}:{some_value(o)}" for o in game.roll_options if o.required)
        [reply] = await local.run_line(f"/roll {game.key} {required} secret:yes")
        assert reply.ephemeral
