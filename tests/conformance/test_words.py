"""The transcript sweep (issue 37, "Done when" first line): seeded random matches of every game, in each of its modes
and player counts, played to their end through the local table in English and in Spanish, with every reply, panel,
button label, menu option, alt text, log line (``/match log``), status (``/match status``) and error checked against
what a player must never read (``tests/conformance/words.py``): ``None``, an id where a name belongs, snake_case or
CamelCase identifiers, unfilled ``{placeholders}``, Python reprs, message codes, text in the other language.

Each case is one match in one language; every game is played in both. A match still going after its budget ends by
a concession (its result read too). Random players also get things wrong now and then (a choice out of turn, a
command with nonsense values): the errors are swept with the rest.
"""
from __future__ import annotations

import io
import re
from typing import Any

import pytest

from table.reply import Button, Embed, Field, MenuOption, Reply, Select
from tests.conformance.driver import NAMES, drive, every
from tests.conformance.words import commands, plain_words, problems, proper_names, sweep
from tests.discord.bot_fixtures import services_for

MISTAKES = 0.05
"""How often a random player gets something wrong."""
FREE_AT = 40
"""The choice at which the game's free commands (the referee's) are each typed once, in the thick of the match."""
STEPS = 700
"""Each match's budget in choices (a full Mage Wars duel takes thousands): then it ends by a concession. A count, not
a time, so that a match plays the same on any machine, however loaded."""

CASES = [
    ("underworlds", 2, (), "en"),
    ("underworlds", 3, (), "es"),
    ("underworlds", 4, (), "en"),
    ("magewars", 2, ({"type": "ChooseMode", "mode": "apprentice"},), "es"),
    ("magewars", 2, ({"type": "ChooseMode", "mode": "full"},), "en"),
    ("dragonbond", 2, ({"type": "ChooseScenario", "scenario": "quest"},), "es"),
    ("dragonbond", 2, ({"type": "ChooseScenario", "scenario": "battle"},), "en"),
    ("tambores", 2, ({"type": "ChooseMode", "mode": "skirmish"},), "es"),
    ("tambores", 2, ({"type": "ChooseMode", "mode": "duel"},), "en"),
    ("tambores", 2, ({"type": "ChooseMode", "mode": "campaign"},), "es"),
]


def _name(case) -> str:
    game, players, prefer, lang = case
    return "-".join([game, f"{players}p", *(str(p.get("mode") or p.get("scenario")) for p in prefer), lang])


_PLAYED: dict[str, tuple[list[Reply], Any, str, tuple[str, ...]]] = {}
"""Matches played, by case: the Spanish test reads the sweep's Spanish matches again (one match, two tests)."""


async def _played(case, redis, prefix, tmp_path) -> tuple[list[Reply], Any, str, tuple[str, ...]]:
    """The replies, the final match, what the local table printed and the commands, of ``case``'s match."""
    if _name(case) not in _PLAYED:
        game, players, prefer, lang = case
        services = services_for(redis, prefix, rate_limit_per_minute=1_000_000)
        out = io.StringIO()
        replies, match = await drive(services, game, seed=_name(case), boards=tmp_path, players=players, lang=lang,
                                     prefer=prefer, concede=True, mistakes=MISTAKES, seconds=None, steps=STEPS,
                                     free_at=FREE_AT, out=out)
        _PLAYED[_name(case)] = replies, match, out.getvalue(), commands(services)
    return _PLAYED[_name(case)]


@pytest.mark.parametrize("case", CASES, ids=[_name(c) for c in CASES])
async def test_every_word_a_player_reads_is_a_word(case, redis, prefix, tmp_path):
    """One whole match through the local table: nothing any reply shows reads like the machinery."""
    game, players, prefer, lang = case
    replies, match, _, typed = await _played(case, redis, prefix, tmp_path)
    assert match.status.over
    found = sweep(every(replies), lang, NAMES + typed)
    assert not found, f"{len(found)} problems, the first ones:\n" + "\n".join(list(dict.fromkeys(found))[:12])


SPANISH = {game: next(c for c in CASES if c[0] == game and c[3] == "es") for game in sorted({c[0] for c in CASES})}
RESULT = re.compile(r"(?i)\bresultado\b")


@pytest.mark.parametrize("game", sorted(SPANISH))
async def test_a_whole_match_at_the_local_table_in_spanish_reads_in_spanish(game, redis, prefix, tmp_path):
    """Done when: "a whole match of each game at the local table with ``--lang es`` reads in Spanish from challenge
    to result". What the local table printed (``LocalTable(lang="es")``, as ``bot.py --lang es`` opens it), from the
    challenge to the result, checked line by line: its own words (lobby, thread, buttons, hints), the game's, the
    errors; the challenge and the result in Spanish."""
    replies, match, printed, typed = await _played(SPANISH[game], redis, prefix, tmp_path)
    assert match.status.over
    assert "te reta" in printed.lower() or "reta a" in printed.lower(), printed[:500]
    assert RESULT.search(printed[-6000:]), printed[-2000:]
    # the local table's own marks: each reply's "[hilo 1001 · solo lo ves tú]" head, a thread by its number (as
    # Discord shows a channel's name), the board files written
    printed = re.sub(r"(?m)^\[.*\]$|hilo \d+|^ +imagen: .*$", " ", printed)
    printed = plain_words(printed, (*proper_names(), *NAMES, *typed))  # names and card texts: quoted as printed
    found = [f"{problem} in «{line[:200]}»" for line in printed.splitlines() for problem in problems(line, "es")]
    assert not found, f"{len(found)} problems, the first ones:\n" + "\n".join(list(dict.fromkeys(found))[:12])


PLANTED = [
    ("en", "🔮 bob casts None (2 mana)", "None"),
    ("en", "Play Re-emergence · → 48014", "an id"),
    ("en", "Waiting for: alice · setup (feature_tokens)", "snake_case"),
    ("en", "ScatterDie die=0", "CamelCase"),
    ("en", "🂠 {seat} casts an enchantment face down", "placeholder"),
    ("en", "Result: {'winner': 'player1'}", "repr"),
    ("en", "uw.text.event.Moved", "message code"),
    ("en", "Round 2 begins; player2 has the initiative", "seat's id"),
    ("es", "🏆 bob wins the duel", "other language"),
    ("en", "Se espera a alice: elige tu banda", "other language"),
]


@pytest.mark.parametrize(("lang", "text", "kind"), PLANTED, ids=[p[2] for p in PLANTED])
def test_the_sweep_finds_a_planted_bad_string(lang, text, kind):
    """The sweep can fail: each kind of bad string, planted where a player reads it, is found."""
    for reply in (Reply(content=text), Reply(embeds=[Embed(fields=[Field("x", text)])]),
                  Reply(buttons=[Button("g:1", text)]), Reply(selects=[Select("g:m", "…", [MenuOption(text, "0")])]),
                  Reply(posts=[(1, Reply(embeds=[Embed(description=text)]))])):
        found = sweep([reply], lang, NAMES)
        assert any(kind in problem for problem in found), (text, found)


def test_names_and_commands_are_not_taken_for_machinery():
    """Proper names in either language (cards, fighters, the games' own names) and commands pass."""
    assert sweep([Reply(content="alice juega **Deadly Wards** contra Obryn the Bold (OB1).")], "es", NAMES) == []
    assert sweep([Reply(content="Dragonbond: Batallas de Valerna · round 2: bob uses Heridas directas (ejemplo del "
                                "reglamento).")], "en", NAMES) == []
    assert problems("Usa `/match verify` para comprobar las tiradas.", "es") == []
    assert problems("Comprueba cada tirada con /match verify.", "es", ("/match verify",)) == []
