"""What ``/roll`` and ``/odds`` say (issue 37, item 6): the README's forms, the ``1d1`` family, faces by their names,
nothing about how a game's dice were reconstructed, ``/odds`` alone."""
from __future__ import annotations

import io
import re

from engine.core.rng import SeededRng
from table.dice_games import dice_games
from table.dice_readers import read, with_defaults
from table.local import LocalTable
from table.local_dice import install
from tests.discord.bot_fixtures import services_for

FACE_IDS = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|`[a-z0-9_]+`"
                      r"|[×:,] (?:blank|hammer|swords|dodge|channel|focus|miss|hit|fail|block)\b")
"""A face written as its id (``double_support``, ``normal_1``, a lower-case id in backticks) rather than its name."""


def local_table(redis, prefix, tmp_path, lang: str = "en") -> LocalTable:
    local = LocalTable(services_for(redis, prefix, rate_limit_per_minute=10_000), out=io.StringIO(),
                       boards_dir=tmp_path, lang=lang)
    install(local)
    return local


def text_of(reply) -> str:
    return "\n".join([reply.content or ""] + [f"{e.title}\n{e.description}\n{e.footer or ''}\n" +
                                             "\n".join(f"{f.name}: {f.value}" for f in e.fields)
                                             for e in reply.embeds])


async def test_roll_dice_takes_the_expression_as_the_readme_shows(redis, prefix, tmp_path):
    """``/roll dice 2d6`` answered "'2d6' is not a valid `secret`"."""
    local = local_table(redis, prefix, tmp_path)
    for line in ("/roll dice 2d6", "/roll dice expr:2d6", "/roll 2d6", "/roll dice 2d6 + 3 secret:yes"):
        [reply] = await local.run_line(line)
        assert reply.error is None and reply.embeds[0].title.startswith("🎲 2d6"), (line, reply.content)
    assert reply.ephemeral


async def test_roll_1d1e1_and_its_family_say_what_is_wrong(redis, prefix, tmp_path):
    """``/roll 1d1e1`` answered "too many dice"; a die with no side, a division by zero are named too."""
    local = local_table(redis, prefix, tmp_path)
    expected = {"1d1e1": "never end", "1d1rr1": "never end", "1d0": "at least one side", "2d6/0": "divides by zero",
                "1001d6": "too many dice", "1d1001": "at most 1000 sides", "2d6+": "can't read"}
    for expr, words in expected.items():
        [reply] = await local.run_line(f"/roll dice {expr}")
        assert reply.error == "refused" and words in reply.content, (expr, reply.content)
    [one] = await local.run_line("/roll dice 1d1")
    assert one.embeds[0].title == "🎲 1d1 = 1"
    local.lang = "es"
    [endless] = await local.run_line("/roll dice 1d1e1")
    assert "no acabaría nunca" in endless.content


def test_every_games_faces_are_shown_by_their_names():
    """``/roll underworlds`` printed face ids like ``double_support``: each game's reply names its faces, in
    English and in Spanish, whatever the roll shows (many seeded rolls, so every face comes up)."""
    options = {"underworlds": {"attack": 6, "defence": 6, "symbol": "swords", "save": "dodge"},
               "magewars": {"dice": 8, "effect": True},
               "dragonbond": {"attack": 10, "colour": "black", "defence_colour": "gray"}}
    for game in dice_games():
        seen = set()
        for counter in range(60):
            for lang in ("en", "es"):
                reading = read(game.key, SeededRng(bytes(32), counter), with_defaults(game.key, options[game.key]),
                               lang)
                text = "\n".join(reading.lines)
                assert not FACE_IDS.search(text), (game.key, lang, text)
                seen |= {face for roll in reading.rolls for face in roll["faces"]}
        assert len(seen) >= 4, game.key
    reading = read("underworlds", SeededRng(bytes(32), 0), with_defaults("underworlds", {"attack": 30}))
    assert "Double support" in "\n".join(reading.lines) or "Single support" in "\n".join(reading.lines)
    spanish = read("underworlds", SeededRng(bytes(32), 0), with_defaults("underworlds", {"attack": 30}), "es")
    assert "Apoyo" in "\n".join(spanish.lines)


def test_a_rolls_language_is_not_logged_and_it_replays_the_same():
    """The language only words the lines: the logged options and the summary that ``/match verify`` compares
    are the same in every language."""
    options = with_defaults("underworlds", {"attack": 3, "lang": "es"})
    assert "lang" not in options
    en = read("underworlds", SeededRng(bytes(32), 5), options, "en")
    es = read("underworlds", SeededRng(bytes(32), 5), options, "es")
    assert en.summary == es.summary and en.rolls == es.rolls and en.lines != es.lines


async def test_dragonbond_replies_say_nothing_of_how_the_dice_were_reconstructed(redis, prefix, tmp_path):
    """``/roll dragonbond`` printed "Uncertain faces … row 0 garbled in the seed": that story is in
    docs/rulings/dragonbond.md, not in a player's reply (black "0", the reconstructed face, comes up here)."""
    local = local_table(redis, prefix, tmp_path)
    replies = [await local.run_line("/roll dragonbond attack:10 colour:black defence_colour:black")
               for _ in range(8)]
    replies.append(await local.run_line("/odds dragonbond attack:4 colour:black defence_colour:black"))
    for [reply] in replies:
        text = text_of(reply)
        assert reply.error is None, reply.content
        assert not re.search(r"(?i)uncertain|reconstruct|garbled|seed|glyph|digest", text), text
    docs = (tmp_path.parents[0] if False else __import__("pathlib").Path(__file__).resolve().parents[2]
            / "docs" / "rulings" / "dragonbond.md").read_text(encoding="utf-8")
    assert "reconstruct" in docs


async def test_odds_alone_lists_the_games(redis, prefix, tmp_path):
    """``/odds`` alone answered "Unknown command"; ``/roll`` alone lists the dice too."""
    local = local_table(redis, prefix, tmp_path)
    [odds] = await local.run_line("/odds")
    assert odds.error is None
    for game in dice_games():
        assert f"/odds {game.key}" in odds.content and game.name in odds.content
    [roll] = await local.run_line("/roll")
    assert "/roll dice" in roll.content and all(f"/roll {g.key}" in roll.content for g in dice_games())
    local.lang = "es"
    [spanish] = await local.run_line("/odds")
    assert "Probabilidades" in spanish.content


async def test_rolls_and_odds_read_in_spanish(redis, prefix, tmp_path):
    """``--lang es``: a roll's lines and footer and every game's odds (title, bars, fields, footer) in Spanish."""
    local = local_table(redis, prefix, tmp_path, lang="es")
    [roll] = await local.run_line("/roll underworlds attack:4 defence:2")
    assert roll.embeds[0].footer.startswith("tirada de alice") and "**Ataque**" in roll.embeds[0].description
    english_words = re.compile(r"\b(?:Mean|damage|wounds|Exact|Damage|Chance|attack dice|vs|defence|Hit|Miss)\b")
    for line in ("/odds underworlds attack:3 defence:2 damage:2 wounds:3 cleave:yes",
                 "/odds magewars dice:4 armor:2", "/odds dragonbond attack:4 colour:black defence_colour:gray"):
        [reply] = await local.run_line(line)
        assert reply.error is None, reply.content
        text = text_of(reply)
        assert not english_words.search(text), (line, text)
        assert "Probabilidades exactas" in text
