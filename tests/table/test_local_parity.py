"""The local table does what Discord does (issue 37, item 7): each command read from its registration, values
as typed, ``/help`` complete, Spanish, ``/press`` as printed, typed text filtering the choices, line editing and
history, Ctrl-C, names and board files across a restart, dates instead of Discord timestamps."""
from __future__ import annotations

import io
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from table.fit import fit
from table.local import LocalTable, split_words, timestamp
from table.local_app import open_local_table
from table.local_commands import find_button
from table.reply import Button, File, Reply
from tests.discord.bot_fixtures import services_for

ROOT = Path(__file__).resolve().parents[2]


def table(redis, prefix, tmp_path, **options) -> tuple[LocalTable, io.StringIO]:
    out = io.StringIO()
    local = open_local_table(services_for(redis, prefix, rate_limit_per_minute=10_000), out=out,
                             boards_dir=tmp_path / "boards", **options)
    return local, out


async def test_the_parser_reads_words_and_options_from_each_command_and_keeps_values_as_typed(redis, prefix,
                                                                                             tmp_path):
    """Issue 37: "the local table's parse_line lowercases every token before the first positional or option";
    the command's own words match whatever their case, its values never change case."""
    local, _ = table(redis, prefix, tmp_path)
    path, _, options = local.parse("/LEAGUE Create Winter Cup game:underworlds format:rivals")
    assert path == "league create" and options == {"name": "Winter Cup", "game": "underworlds", "format": "rivals"}
    _, _, options = local.parse("/pack import /home/Ann/Packs/X.yaml")
    assert options == {"path": "/home/Ann/Packs/X.yaml"}
    _, _, options = local.parse("/as Bob Smith mod:yes")
    assert options == {"name": "Bob Smith", "mod": "yes"}
    with pytest.raises(Exception) as refused:
        local.parse("/match new underworlds vs:bob colour:red")
    assert "colour" in str(refused.value.params)
    _, _, options = local.parse("/mw ref note text:Wall of Thorns: settled as a wall")  # a label's colon is text
    assert options == {"text": "Wall of Thorns: settled as a wall"}
    _, _, options = local.parse("/league settings deadline:Sunday 23:59 round_days:5")
    assert options == {"deadline": "Sunday 23:59", "round_days": "5"}


async def test_a_league_name_with_spaces_is_kept_whole_quoted_or_not(redis, prefix, tmp_path):
    """Issue 37 item 8: ``/league create Winter Cup …`` created a league called "winter"."""
    local, _ = table(redis, prefix, tmp_path)
    for line in ("/league create Winter Cup game:underworlds format:rivals",
                 '/league create "Winter Cup" game:underworlds format:rivals',
                 "/league create name:Winter Cup game:underworlds format:rivals",
                 "/league create game:underworlds format:rivals name:“Winter Cup”"):
        assert local.parse(line)[2]["name"] == "Winter Cup", line
    local.player, local.moderator = "org", True
    [created] = await local.run_line("/league create Winter Cup game:underworlds format:rivals")
    assert created.error is None and "Winter Cup" in str(created.to_json()), created.content


def test_quotes_count_only_around_whole_words_so_apostrophes_and_inch_marks_are_typed_characters():
    """``/press Warband: Garrek's Reavers`` answered "No closing quotation" (shlex)."""
    assert split_words("Warband: Garrek's Reavers") == [("Warband:", False), ("Garrek's", False), ("Reavers", False)]
    assert split_words('Move 2.1" toward it') == [("Move", False), ('2.1"', False), ("toward", False), ("it", False)]
    assert split_words('"bob smith" deadline:"Sunday 23:59"') == [("bob smith", True), ("deadline:Sunday 23:59", False)]


async def test_press_takes_every_label_exactly_as_printed_and_by_its_number(redis, prefix, tmp_path):
    """Labels with a colon, an apostrophe or an inch mark, as the reply printed them, and the printed number."""
    buttons = [("Warband: Garrek's Reavers", "g:1:2:0:0", None), ("March 2.1\" to objective 2", "g:1:2:0:1", None),
               ("Cast: Hellfire", "g:1:2:0:menu", "4")]
    assert find_button(buttons, "Warband: Garrek's Reavers")[1] == "g:1:2:0:0"
    assert find_button(buttons, "warband:  garrek’s reavers")[1] == "g:1:2:0:0"
    assert find_button(buttons, 'March 2.1" to objective 2')[1] == "g:1:2:0:1"
    assert find_button(buttons, "3") == buttons[2]
    local, out = table(redis, prefix, tmp_path)
    await local.run(["/match new underworlds vs:bob", "/as bob", "/press 1"])  # 1: Accept, as printed
    assert "1 [Accept]  2 [Decline]" in out.getvalue() and "accepted" in out.getvalue()
    printed = re.search(r"1 \[(Warband: [^\]\n]+)\]", out.getvalue())[1]
    [chosen] = await local.run_line(f"/press {printed}")
    assert chosen.error is None, chosen.content
    assert "Reavers" in chosen.content or "Champions" in chosen.content


async def test_typed_text_filters_the_choices_as_autocomplete_does(redis, prefix, tmp_path):
    """``/uw do short`` offered ``Pass``, which was not on offer: typed text now filters the legal choices by
    label, as typing in Discord's option does; one left is taken, several are listed, none is said."""
    local, _ = table(redis, prefix, tmp_path)
    await local.run(["/match new underworlds vs:bob", "/as bob", "/press Accept"])
    [none] = await local.run_line("/uw do short")
    assert none.error is None and "short" in none.content and "Pass" not in none.content
    [several] = await local.run_line("/uw do warband")
    assert "Garrek's Reavers" in several.content and "Steelheart's Champions" in several.content
    [one] = await local.run_line("/uw do garrek")
    assert one.error is None and "Garrek's Reavers" in one.content, one.content
    [listed] = await local.run_line("/uw do")
    assert "Garrek" not in listed.content  # chosen: the deck comes next


def _help_lines(replies: list[Reply]) -> list[str]:
    return [line for r in replies for line in r.content.splitlines()]


async def test_help_is_complete_in_messages_that_fit_and_by_topic(redis, prefix, tmp_path):
    """``/help`` was cut at 2,000 characters and never reached ``/match``, ``/roll``, ``/odds`` or a game."""
    local, out = table(redis, prefix, tmp_path)
    replies = await local.run_line("/help")
    assert len(replies) > 1 and all(len(r.content) <= 2000 for r in replies)
    lines = _help_lines(replies)
    for path, command in local.commands.items():
        if command.help:
            assert command.help in lines, path
    for word in ("/match new", "/roll dice", "/odds", "/uw do", "/mw do", "/db do", "/tdg do", "/league create"):
        assert any(line.startswith(word) for line in lines), word
    assert all(fit(r).content == r.content for r in replies)  # nothing shortened
    match = _help_lines(await local.run_line("/help match"))
    assert match and all(line.startswith("/match ") for line in match)
    game = _help_lines(await local.run_line("/help underworlds"))
    assert game and all(line.startswith("/uw ") for line in game)
    [unknown] = await local.run_line("/help nothing")
    assert unknown.error == "refused" and "match" in unknown.content


def _readme_commands() -> list[str]:
    """Every command the README's commands table names, as ``group word…`` (``/uw setup warband / deck``: each)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text[text.index("## Commands"):]
    table = table[:table.index("\n\n", table.index("| command |"))]
    found = []
    for row in table.splitlines()[3:]:
        cell = row.split("|")[1]
        group = ""
        for span in re.findall(r"`([^`]+)`", cell):
            if "<" in span or span == "...":
                continue
            words = span.split()
            if words[0].startswith("/"):
                group, words = words[0][1:], words[1:]
            parts = " ".join(words).split(" / ")
            first = parts[0].split()
            found.append(" ".join([group, *first]))
            found += [" ".join([group, *first[:-1], alt.strip()]) for alt in parts[1:]]
    return found


async def test_the_readme_commands_table_and_help_agree(redis, prefix, tmp_path):
    """Every command of the README's table is in the local table's ``/help`` (words as typed there, options
    left out), and every command group ``/help`` lists is in the README."""
    local, _ = table(redis, prefix, tmp_path)
    helped = {path for path, c in local.commands.items() if c.help}
    for named in _readme_commands():
        words = named.split()
        assert any(" ".join(words[:size]) in helped for size in range(len(words), 0, -1)) or \
            any(path.startswith(named + " ") for path in helped), named
    from engine.games import GAMES

    test_games = {game.presenter.command for key, game in local.services.play.games.items() if key not in GAMES}
    groups = {path.split()[0] for path in helped} - {"as", "go", "press", "help", "lang"} - test_games
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for group in groups:
        assert f"`/{group} " in readme or f"`/{group}`" in readme, group
    for own in ("/as", "/press", "/help", "/lang", "--lang es"):
        assert own in readme, own


async def test_lang_es_plays_in_spanish(redis, prefix, tmp_path):
    """``--lang es`` (the table opened in Spanish) and ``/lang es`` while playing."""
    local, out = table(redis, prefix, tmp_path, lang="es")
    await local.run(["/match new underworlds vs:bob", "/as bob", "/press Aceptar", "/uw do"])
    text = out.getvalue()
    assert "hilo" in text and "Ahora eres bob." in text and "Banda: Garrek's Reavers" in text, text
    assert "thread" not in text and "only you see" not in text
    local, out = table(redis, prefix + "b", tmp_path)
    await local.run(["/lang es", "/nothing", "/help local"])
    text = out.getvalue()
    assert "La mesa habla ahora en español." in text and "Comando desconocido" in text
    assert "actuar como otro jugador local" in text
    [refused] = await local.run_line("/lang xx")
    assert refused.error == "refused" and "en, es" in refused.content


async def test_players_names_survive_a_restart(redis, prefix, tmp_path):
    """After a restart other players showed as raw ids (``@142619620998354, your decision…``)."""
    local, _ = table(redis, prefix, tmp_path)
    await local.run(["/match new underworlds vs:bob", "/as bob", "/press Accept"])
    again, out = table(redis, prefix, tmp_path)
    again.channel = local.channel
    await again.run(["/match status"])
    text = out.getvalue()
    assert "@bob" in text and not re.search(r"@\d{6,}", text), text


async def test_board_file_numbering_continues_after_a_restart_and_overwrites_nothing(tmp_path):
    """Board files were numbered from 0001 again after a restart, overwriting the earlier ones."""
    boards = tmp_path / "boards"
    first = LocalTable(None, out=io.StringIO(), boards_dir=boards)
    for _ in range(3):
        first.show(Reply(files=[File("board.png", b"first")]), "/uw board", 1001)
    second = LocalTable(None, out=io.StringIO(), boards_dir=boards)
    second.show(Reply(files=[File("board.png", b"second")]), "/uw board", 1001)
    names = sorted(p.name for p in boards.iterdir())
    assert names == ["1001-0001-board.png", "1001-0002-board.png", "1001-0003-board.png", "1001-0004-board.png"]
    assert (boards / "1001-0001-board.png").read_bytes() == b"first"


def test_discord_timestamps_print_as_dates():
    """Deadlines printed as raw ``<t:1797238912:f>`` at the local table."""
    out = io.StringIO()
    local = LocalTable(None, out=out)
    local.show(Reply(content="Round 2 closes <t:1797238912:f> (<t:1797238912:R>), on <t:1797238912:D>."), "/x")
    text = out.getvalue()
    assert "<t:" not in text and timestamp(1797238912) in text
    assert re.search(r"20\d\d-\d\d-\d\d \d\d:\d\d", text) and re.search(r"on 20\d\d-\d\d-\d\d\.", text)


def _bot(tmp_path: Path, redis_url: str, prefix: str, *args: str, tty: bool = False):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(REDIS_URL=redis_url, REDIS_PREFIX=prefix, BOARDS_DIR=str(tmp_path / "boards"),
               DATA_DIR=str(tmp_path / "var"), GAME_PLUGINS="tests.support.nim", TERM="xterm")
    if not tty:
        return subprocess.Popen([sys.executable, "bot.py", *args], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True), None
    import pty

    leader, follower = pty.openpty()
    process = subprocess.Popen([sys.executable, "bot.py", *args], cwd=ROOT, env=env, stdin=follower,
                               stdout=follower, stderr=subprocess.PIPE, text=True)
    os.close(follower)
    return process, leader


def _read_until(fd: int, wanted: str, timeout: float = 30) -> str:
    seen = b""
    deadline = time.monotonic() + timeout
    while wanted.encode() not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                break
    return seen.decode(errors="replace")


def test_ctrl_c_at_the_prompt_leaves_cleanly(tmp_path, redis_url, prefix):
    """Ctrl-C printed a traceback."""
    process, _ = _bot(tmp_path, redis_url, prefix, "--local")
    try:
        deadline = time.monotonic() + 30
        line = ""
        while "Local table" not in line and time.monotonic() < deadline:
            line = process.stdout.readline()
        time.sleep(0.3)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 0 and "Traceback" not in stderr, stderr


def test_line_editing_and_history_at_the_prompt(tmp_path, redis_url, prefix):
    """The arrow keys printed ``^[[A``: the prompt reads through ``readline`` (the up arrow brings the last
    command back) and keeps its history for the next session."""
    process, terminal = _bot(tmp_path, redis_url, prefix, "--local", tty=True)
    try:
        _read_until(terminal, "alice> ")
        os.write(terminal, b"/as bob\r")
        _read_until(terminal, "bob> ")
        os.write(terminal, b"/as alice\r")
        _read_until(terminal, "alice> ")
        os.write(terminal, b"\x1b[A\x1b[A\r")  # up twice: /as bob again
        seen = _read_until(terminal, "bob> ")
        os.write(terminal, b"/quit\r")
        process.wait(timeout=30)
    finally:
        process.kill()
        os.close(terminal)
    assert "^[[A" not in seen and seen.count("You are now bob.") == 1, seen
    history = (tmp_path / "var" / "local_history").read_text()
    assert "/as bob" in history and "/as alice" in history


async def test_help_in_spanish_describes_every_command_in_spanish(redis, prefix, tmp_path):
    """``/help`` with ``--lang es``: every command's description from the catalogue (no line left as in English)."""
    english, _ = table(redis, prefix, tmp_path)
    spanish, _ = table(redis, prefix, tmp_path, lang="es")
    en = _help_lines(await english.run_line("/help"))
    es = _help_lines(await spanish.run_line("/help"))
    assert len(en) == len(es)
    same = [line for line in es if " — " in line and line in en]
    assert not same, same[:5]


async def test_an_option_typed_in_part_is_completed_as_autocomplete_does(redis, prefix, tmp_path):
    """``/uw warband warband:garrek`` answered "There is no warband “garrek”": an option Discord completes is
    completed from the same choices at the local table (one match taken, a label typed whole taken)."""
    local, _ = table(redis, prefix, tmp_path)
    await local.run(["/match new underworlds vs:bob", "/as bob", "/press Accept"])
    [bob] = await local.run_line("/uw setup warband warband:garrek")
    assert bob.error is None and "Garrek's Reavers" in bob.content, bob.content
    local.player = "alice"
    [alice] = await local.run_line("/uw warband Steelheart's Champions")
    assert alice.error is None and "Steelheart's Champions" in alice.content, alice.content
