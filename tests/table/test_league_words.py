"""Leagues at the local table say what happened (issue 37, item 8): the rounds played, a list file that is not there."""
from __future__ import annotations

import io

from table.local_app import open_local_table
from tests.discord.bot_fixtures import services_for

LIST = "warband: Brethren of the Bolt\ndeck: brethren-of-the-bolt-rivals\n"


async def test_standings_count_the_rounds_played_not_the_rounds_paired(redis, prefix, tmp_path):
    """The standings said "after 2 rounds" when one had been played (round 2 just paired)."""
    out = io.StringIO()
    local = open_local_table(services_for(redis, prefix, rate_limit_per_minute=10_000), out=out, boards_dir=tmp_path)
    listing = tmp_path / "list.txt"
    listing.write_text(LIST)
    await local.run(["/as org mod:yes", "/league create Winter Cup game:underworlds format:rivals",
                     "/as ann", f"/league join {listing}", "/as bob", f"/league join {listing}",
                     "/as org mod:yes", "/league settings auto_advance:no", "/league next"])
    [before] = await local.run_line("/league standings")
    assert "before the first round is played" in before.embeds[0].title, before.embeds[0].title
    await local.run(["/as ann", "/league report win games:2-0", "/as bob", "/league confirm"])
    [one] = await local.run_line("/league standings")
    assert one.embeds[0].title == "Winter Cup · standings after 1 round", one.embeds[0].title
    await local.run(["/as org mod:yes", "/league next"])
    [still] = await local.run_line("/league standings")
    assert still.embeds[0].title == "Winter Cup · standings after 1 round", still.embeds[0].title
    local.lang = "es"
    [spanish] = await local.run_line("/league standings")
    assert spanish.embeds[0].title == "Winter Cup · clasificación tras 1 ronda"
    printed = out.getvalue()
    assert "Round 2" in printed and "<t:" not in printed  # its deadline printed as a date at the local table


async def test_a_list_argument_that_looks_like_a_path_and_is_no_file_says_so(redis, prefix, tmp_path):
    """A list file that did not exist was read as the list's text ("No card is called … '/path/nonexistent.txt'")."""
    local = open_local_table(services_for(redis, prefix, rate_limit_per_minute=10_000), out=io.StringIO(),
                             boards_dir=tmp_path)
    await local.run(["/as org mod:yes", "/league create Local game:underworlds format:rivals", "/as ann"])
    for typed in (str(tmp_path / "nonexistent.txt"), "~/lists/mine.txt", "./mine.yaml", "mine.txt"):
        [refused] = await local.run_line(f"/league join {typed}")
        assert refused.error == "refused" and "There is no file" in refused.content and typed in refused.content, \
            refused.content
        assert "No card is called" not in refused.content
    listing = tmp_path / "list.txt"
    listing.write_text(LIST)
    [joined] = await local.run_line(f"/league join {listing}")
    assert joined.error is None, joined.content
