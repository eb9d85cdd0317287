"""``/league ...`` at the local table: create, join, pairings, report, confirm, standings."""
from __future__ import annotations

import io

from table.local_app import open_local_table
from tests.discord.bot_fixtures import services_for


async def test_a_league_at_the_local_table(redis, prefix, tmp_path):
    out = io.StringIO()
    local = open_local_table(services_for(redis, prefix), out=out, boards_dir=tmp_path)
    listing = tmp_path / "list.txt"
    listing.write_text("warband: Brethren of the Bolt\ndeck: brethren-of-the-bolt-rivals\n")
    bad = tmp_path / "bad.txt"
    bad.write_text("warband: Brethren of the Bolt\ndeck: the-skinnerkin-rivals\n")
    await local.run(["/as org mod:yes", "/league create Local game:underworlds format:rivals",
                     "/as ann", f"/league join {bad}", f"/league join {listing}", "/as bob", f"/league join {listing}",
                     "/as org mod:yes", "/league settings auto_advance:no round_days:5", "/league next",
                     "/league pairings",
                     "/as ann", "/league report win games:2-0", "/as bob", "/league confirm",
                     "/league standings"])
    text = out.getvalue()
    assert "is open" in text and "Nothing was registered" in text
    # each player sees their list read; the lobby is told only who joined (the lists are not published)
    assert text.count("You joined") == 2 and "@ann joined **Local**" in text and "@bob joined **Local**" in text
    assert "Round 1" in text
    assert "is confirmed" in text and "standings.png" in text
    assert "`auto_advance`: no" in text and "Every result of round 1" not in text  # the organiser pairs rounds
    assert "@ann" in text and "2-0" in text


async def test_a_tambores_league_with_a_pack_at_the_local_table(redis, prefix, tmp_path):
    """``/league create ... pack:<id>`` at the local table: the pack imported from a file, a deck of two armies
    refused (one line per problem), a legal one (entries separated by ``;``) joined."""
    from pathlib import Path

    training = Path(__file__).resolve().parents[2] / "data" / "tambores" / "packs" / "training.yaml"
    out = io.StringIO()
    local = open_local_table(services_for(redis, prefix, rate_limit_per_minute=10_000), out=out, boards_dir=tmp_path)
    bad = tmp_path / "bad.txt"
    bad.write_text("hero: Thugg\nhero: Aiden\n2 Alabardero\n1 Lancero\n")
    good = tmp_path / "good.txt"
    good.write_text("hero: Thugg; 12 Lancero; 10 Fûror", encoding="utf-8")
    await local.run(["/as org mod:yes", f"/pack import {training}",
                     "/league create Enclave game:tambores format:custom pack:tambores-training",
                     "/as ann", f"/league join {bad}", f"/league join {good}"])
    text = out.getvalue()
    assert "is open" in text and "`tambores-training`" in text, text
    assert "Nothing was registered" in text and text.count("a hero of the orc army") == 1
    assert "a card of the orc army" in text and "at least 5 cards to draw" in text
    assert "joined" in text and "Thugg · orc · 22 cards" in text


async def test_a_league_in_a_time_zone_at_the_local_table(redis, prefix, tmp_path):
    """Issue #36 at the local table: ``timezone:`` at creation, ``tiebreakers:`` by name, a deadline typed as
    ``deadline:"Sunday 23:59"`` (quoted) shown in the league's zone, the standings with the tiebreakers' columns."""
    out = io.StringIO()
    local = open_local_table(services_for(redis, prefix), out=out, boards_dir=tmp_path)
    listing = tmp_path / "list.txt"
    listing.write_text("warband: Brethren of the Bolt\ndeck: brethren-of-the-bolt-rivals\n")
    await local.run(["/as org mod:yes",
                     "/league create Madrid game:underworlds format:rivals timezone:Europe/Madrid "
                     "tiebreakers:losses,glory,buchholz",
                     "/as ann", f"/league join {listing}", "/as bob", f"/league join {listing}",
                     "/as org mod:yes", "/league next", "/league settings deadline:\"Sunday 23:59\"",
                     "/league standings"])
    text = out.getvalue()
    assert "time zone Europe/Madrid" in text and "losses > score > buchholz > roll" in text, text
    assert "Sun " in text and " 23:59 CE" in text  # CET or CEST, whichever Sunday comes next
    assert "GL" in text and "BH" in text


async def test_every_league_command_of_discord_works_at_the_local_table(redis, prefix, tmp_path):
    """Issue #36 item 7: every ``/league`` command the Discord cog has is at the local table with the same option
    names, and a whole league walks them all there: create with every option, join by text (``;``) and by file,
    lists hidden then published, drop, info, settings, next, pairings, play (a bot match whose concession
    reports itself), void, settle, report, a dispute pressed as a button, confirm, substitute, standings, history,
    ratings, export, log and close (it answered "Unknown command" for ten of them)."""
    from cogs.league import LeagueCog

    discord = {c.name: {p.name for p in c.parameters} for c in LeagueCog.group.commands}
    local = open_local_table(services_for(redis, prefix, rate_limit_per_minute=100_000), out=io.StringIO(),
                             boards_dir=tmp_path)
    here = {path.removeprefix("league "): set(c.params) for path, c in local.commands.items()
            if path.startswith("league ")}
    assert here == discord

    listing = tmp_path / "list.txt"
    listing.write_text("warband: Brethren of the Bolt\ndeck: brethren-of-the-bolt-rivals\n")
    inline = 'list:"warband: Brethren of the Bolt; deck: brethren-of-the-bolt-rivals"'
    ran: set[str] = set()

    async def say(line: str) -> str:
        local.out = io.StringIO()
        await local.run([line])
        text = local.out.getvalue()
        if line.startswith("/league "):
            ran.add(line.split()[1])
        assert "Unknown command" not in text and "went wrong" not in text.lower(), (line, text)
        return text

    assert "is open" in await say("/as org mod:yes") + await say(
        "/league create Walk game:underworlds format:rivals pairing:swiss starts:2026-12-01 ends:2027-06-30 "
        "round_days:5 points:3/1/0 tiebreakers:losses,score bye_games:2 bye_score:14 confirm_hours:24 "
        "timezone:Europe/Madrid")
    info = await say("/league info")
    assert "rounds of 5 days" in info and "after 24 hours" in info and "Europe/Madrid" in info, info
    await say("/as ann")
    joined = await say(f"/league join {inline}")
    assert "You joined" in joined and "@ann joined **Walk**" in joined, joined
    await say("/as bob")
    assert "You joined" in await say(f"/league join {listing}")
    await say("/as cat")
    await say(f"/league join file:{listing}")
    assert "hidden" in await say("/league lists")
    await say("/as org mod:yes")
    assert "@cat" in await say("/league drop player:cat")
    assert "every list is now public" in await say("/league publish")
    await say("/as bob")
    lists = await say("/league lists")
    assert "hidden" not in lists and lists.count("warband: Brethren of the Bolt") == 3, lists
    await say("/as org mod:yes")
    assert "`auto_advance`: no" in await say("/league settings auto_advance:no remind_hours:12")
    assert "Round 1" in await say("/league next")

    # 1.1 is played at the table: Ann challenges, Bob accepts and concedes; the match reports itself
    await say("/as ann")
    challenge = await say("/league play")
    assert "counts for pairing 1.1" in challenge and "@ann: Brethren of the Bolt" in challenge, challenge
    await say("/as bob")
    await say("/press Accept")
    await say("/match concede")
    await say("/press Yes, concede")
    await say("/go lobby")
    paired = await say("/league pairings round:1")  # Ann won, whichever of them was paired first
    assert "`1.1` @ann vs @bob · 1-0 · final" in paired or "`1.1` @bob vs @ann · 0-1 · final" in paired, paired
    await say("/as org mod:yes")
    assert "1.1" in await say("/league void 1.1")
    assert "2-1" in await say("/league settle 1.1 2-1 score:12-8")

    # round 2: a claim disputed with its button, then settled; round 3: a claim confirmed
    await say("/league next")
    await say("/as ann")
    claim = await say("/league report win games:2-0 pairing:2.1")
    assert "[Dispute]" in claim, claim
    await say("/as bob")
    assert "disputes" in await say("/press Dispute")
    await say("/as org mod:yes")
    await say("/league settle 2.1 1-1")
    await say("/league next")
    await say("/as bob")
    await say("/league report loss games:0-2")
    await say("/as ann")
    assert "is confirmed" in await say("/league confirm")
    await say("/as bob")
    assert "no result your opponent reported" in await say("/league dispute reason:late pairing:3.1")

    await say("/as org mod:yes")
    assert "@dan takes @bob's seat" in await say("/league substitute bob dan")
    assert "GL" in await say("/league standings")
    assert "±" in await say("/league history player:ann")
    assert (await say("/league history player:dan")).count("· final") == 3  # bob's three games
    assert "@ann" in await say("/league ratings underworlds")
    assert "results.csv" in await say("/league export")
    assert "ResultSettled" in await say("/league log")
    await say("/as org mod:yes")
    closed = await say("/league close")
    assert "seed" in closed.lower(), closed
    assert ran == set(discord), set(discord) - ran


async def test_a_block_at_the_local_table(redis, prefix, tmp_path):
    """``/block``, ``/unblock`` and ``/quiet`` at the local table, as on Discord: a blocked player's challenge is
    refused; quiet hours are set and shown."""
    out = io.StringIO()
    local = open_local_table(services_for(redis, prefix), out=out, boards_dir=tmp_path)
    await local.run(["/as ann", "/block bob", "/block", "/as bob", "/match new underworlds vs:ann",
                     "/as ann", "/unblock bob", "/as bob", "/match new underworlds vs:ann",
                     "/quiet start:23:00 end:08:00 timezone:Europe/Madrid mode:silent", "/quiet"])
    text = out.getvalue()
    assert text.count("Your quiet hours: 23:00 to 08:00 (Europe/Madrid); reminders then arrive silently") == 2
    assert "You block @bob" in text and "ann is not taking challenges from you" in text, text
    assert "You take challenges from @bob again" in text and "waiting for @ann" in text
