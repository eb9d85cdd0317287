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
    assert text.count("joined") == 2 and "Round 1" in text
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
