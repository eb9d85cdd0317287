"""Slash commands described in Spanish too (cogs/translator.py), through the fake Discord gateway.

Every description (commands, groups, options) and every choice of the tree the bot syncs has its es-ES and
es-419 text from the catalogue, none a raw key, none over Discord's 100 characters; names stay as they are.
Every ``cmd.*`` key of the catalogues names something synced (no stale key), and a key shared by several
commands (``cmd.match.*.match``) stands for one English text only.
"""
from __future__ import annotations

import logging
from typing import Any, Iterator, Literal

import discord
from discord import app_commands

from cogs.translator import MAX_CHARS, CatalogueTranslator
from table.i18n import messages
from tests.discord.bot_fixtures import running_bot

SPANISH = ("es-ES", "es-419")
JSON = dict[str, Any]


def texts(commands: list[JSON]) -> Iterator[tuple[str, JSON, str]]:
    """(where, node, field) for each text a player reads: every command's, group's and option's description,
    every choice's name."""
    def walk(node: JSON, where: str) -> Iterator[tuple[str, JSON, str]]:
        yield where, node, "description"
        for choice in node.get("choices") or []:
            yield f"{where}:{choice['value']}", choice, "name"
        for option in node.get("options") or []:
            yield from walk(option, f"{where} {option['name']}")
    for command in commands:
        yield from walk(command, "/" + command["name"])


def command_keys() -> dict[str, str]:
    """Every ``cmd.*`` message in Spanish (the test game's catalogue included)."""
    return {key: text for key, text in messages("es").items() if key.startswith("cmd.")}


async def test_every_description_and_choice_reads_in_spanish(fake_discord, redis, prefix):
    async with running_bot(fake_discord, redis, prefix):
        synced = fake_discord.synced_commands
    assert {"match", "roll", "odds", "uw", "ttt"} <= {c["name"] for c in synced}
    keys = set(messages("es"))
    missing, raw, long, other, renamed = [], [], [], [], []
    for where, node, field in texts(synced):
        localized = node.get(f"{field}_localizations") or {}
        missing += [f"{where} ({locale})" for locale in SPANISH if not localized.get(locale)]
        other += [f"{where} ({locale})" for locale in localized if locale not in SPANISH]
        for locale in SPANISH:
            text = localized.get(locale) or ""
            if text in keys or text.startswith("cmd."):
                raw.append(f"{where}: {text}")
            if len(text) > MAX_CHARS:
                long.append(f"{where}: {len(text)} characters")
        if field == "description" and node.get("name_localizations"):
            renamed.append(where)
    assert missing == [], "no Spanish text (add a cmd.* key: cogs/translator.py says which)"
    assert raw == [] and long == [] and other == []
    assert renamed == [], "names are typed by players and quoted in docs: never translated"


def test_command_descriptions_fit_discord():
    """Discord refuses a description (or a choice's name) over 100 characters: shorten it, nothing truncates."""
    long = {key: len(text) for key, text in command_keys().items() if len(text) > MAX_CHARS}
    assert long == {}


async def test_every_command_key_names_something_synced(fake_discord, redis, prefix):
    async with running_bot(fake_discord, redis, prefix) as bot:
        used = bot.tree.translator.used
    stale = sorted(key for key in command_keys() if key not in used)
    assert stale == [], "cmd.* keys no synced command, option or choice uses (renamed? or a nearer key hides it)"
    shared = {key: sorted(english) for key, english in used.items() if len(english) > 1}
    assert shared == {}, "one key for different English texts: give each its own key"


def both(text: str) -> dict[str, str]:
    return {locale: text for locale in SPANISH}


async def test_translator_on_a_small_tree(monkeypatch, caplog):
    """Keys nearest first, ``*`` for a whole group, choices by their option, other locales and names untouched,
    and a text over 100 characters refused (logged, the English kept)."""
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    group = app_commands.Group(name="demo", description="A demo group")

    @group.command(name="go", description="Go somewhere")
    @app_commands.describe(where="Where to go", fast="Run")
    async def go(interaction: discord.Interaction, where: Literal["up", "down"], fast: bool = False) -> None:
        pass

    @group.command(name="stay", description="Stay here")
    @app_commands.describe(fast="Run")
    async def stay(interaction: discord.Interaction, fast: bool = False) -> None:
        pass

    tree.add_command(group)
    catalogue = {"cmd.demo": "Un grupo de prueba", "cmd.demo.go": "x" * (MAX_CHARS + 1), "cmd.demo.stay": "Quédate",
                 "cmd.demo.go.where": "Adónde", "cmd.demo.go.where.up": "arriba", "cmd.demo.*.fast": "Corre"}
    monkeypatch.setattr("cogs.translator.messages", lambda lang: catalogue if lang == "es" else {})
    translator = CatalogueTranslator(tree, games={}, dice=())
    with caplog.at_level(logging.WARNING, logger="cogs.translator"):
        [payload] = [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]
    assert payload["description_localizations"] == both("Un grupo de prueba") and not payload["name_localizations"]
    go_, stay_ = payload["options"]
    assert go_["description_localizations"] == {} and "cmd.demo.go" in caplog.text
    assert stay_["description_localizations"] == both("Quédate")
    where, fast = go_["options"]
    assert where["description_localizations"] == both("Adónde")
    assert [c.get("name_localizations", {}) for c in where["choices"]] == [both("arriba"), {}]
    assert [c["value"] for c in where["choices"]] == ["up", "down"]
    assert fast["description_localizations"] == both("Corre") == stay_["options"][0]["description_localizations"]
    assert translator.used["cmd.demo.*.fast"] == {"Run"}


def test_keys_nearest_first_then_the_generic_spellings():
    translator = CatalogueTranslator(None, games={"gm": "cards"}, dice={"fam"})  # type: ignore[arg-type]
    assert list(translator.keys(("gm", "ref", "heal"), ("fighter",))) == [
        "cmd.gm.ref.heal.fighter", "cmd.gm.ref.*.fighter", "cmd.gm.*.fighter",
        "cmd.game.ref.heal.fighter", "cmd.game.ref.*.fighter", "cmd.game.*.fighter"]
    assert list(translator.keys(("gm", "cards"), ())) == ["cmd.gm.cards", "cmd.game.private"]
    assert list(translator.keys(("odds", "fam"), ("colour", "black"))) == [
        "cmd.odds.fam.colour.black", "cmd.odds.*.colour.black", "cmd.dice.fam.colour.black",
        "cmd.dice.*.colour.black"]
    assert list(translator.keys(("match",), ())) == ["cmd.match"]
