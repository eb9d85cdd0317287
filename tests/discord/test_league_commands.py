"""A whole league through the fake Discord gateway: six players, three Swiss rounds with a bye, results
from a bot match, claimed and confirmed, auto-confirmed, disputed and settled; an illegal deck refused;
standings (embed and picture) and the CSV export at the end."""
from __future__ import annotations

import csv
import io
import json
import time

from engine.league.log import GameStatus
from tests.discord.bot_fixtures import running_bot, concede

LEGAL = "warband: Brethren of the Bolt\ndeck: brethren-of-the-bolt-rivals"
ILLEGAL = "warband: Brethren of the Bolt\ndeck: the-skinnerkin-rivals"


async def _league(bot):
    service = bot.league_service
    [league_id] = await service.store.ids(next(iter(bot.guilds)).id)
    return (await service.store.load(league_id)).league


async def test_a_league_of_six_runs_three_swiss_rounds(fake_discord, redis, prefix):
    fake = fake_discord
    org = fake.add_user("org", moderator=True)
    players = [fake.add_user(f"p{i}") for i in range(1, 7)]
    by_id = {u.id: u for u in players}
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000) as bot:
        refused = await fake.slash(players[0], fake.channel, "league create", name="Spring", game="underworlds",
                                   format="rivals")
        assert refused.ephemeral and "moderator" in refused.content
        created = await fake.slash(org, fake.channel, "league create", name="Spring", game="underworlds",
                                   format="rivals")
        assert "is open" in created.content and "2-0 +14" in created.content, created.content
        # the organiser pairs every round here (/league next), so rounds do not advance by themselves
        manual = await fake.slash(org, fake.channel, "league settings", auto_advance=False)
        assert "`auto_advance`: False" in manual.content, manual.content

        # an illegal deck is refused at registration, one line per problem, nothing kept
        bad = await fake.slash(players[0], fake.channel, "league join", list=ILLEGAL)
        assert bad.ephemeral and "Nothing was registered" in bad.content
        assert bad.content.count("belongs to another warband's deck") == 32
        for i, user in enumerate(players):
            if i % 2:
                joined = await fake.slash(user, fake.channel, "league join", file=("list.txt", LEGAL.encode()))
            else:
                joined = await fake.slash(user, fake.channel, "league join", list=LEGAL)
            # the player sees what was read; the channel only who joined (the lists are not published yet)
            assert joined.ephemeral and "joined" in joined.content and "Brethren of the Bolt" in joined.content
            announced = fake.channel_messages(fake.channel)[-1]
            assert not announced.ephemeral and f"<@{user.id}> joined" in announced.content, announced.content
            assert "Brethren" not in announced.content and "objectives" not in announced.content
        hidden = await fake.slash(players[1], fake.channel, "league lists")
        assert "hidden" in hidden.content

        # round 1 -----------------------------------------------------------------------------------------------
        r1 = await fake.slash(org, fake.channel, "league next")
        assert "Round 1" in r1.content, r1.content
        league = await _league(bot)
        g1, g2, g3 = sorted(league.games_of(1), key=lambda g: g.id)
        # 1.1 is played in the bot: /league play opens the challenge, the opponent accepts, the other concedes
        a, b = by_id[g1.a], by_id[g1.b]
        await fake.slash(a, fake.channel, "league play")
        thread = fake.threads_of(fake.channel)[-1]
        invite = fake.channel_messages(thread)[0]
        await fake.click(b, invite, invite.custom_ids[0])
        conceded = await concede(fake, b, thread)
        assert "concede" in conceded.content.lower()
        # 1.2 is claimed and confirmed with the button
        claim = await fake.slash(by_id[g2.a], fake.channel, "league report", outcome="win", games="2-1", score="12-8")
        assert "confirm or dispute" in claim.content
        stranger = await fake.click(by_id[g3.a], claim, f"l:confirm:{league.id}:{g2.id}")
        assert stranger.ephemeral
        confirmed = await fake.click(by_id[g2.b], claim, f"l:confirm:{league.id}:{g2.id}")
        assert "confirmed" in confirmed.messages[-1].content
        # 1.3 is claimed; the opponent stays silent and it becomes final by itself
        await fake.slash(by_id[g3.b], fake.channel, "league report", outcome="loss", score="5-10")
        posted = await bot.get_cog("LeagueCog").poll_once(now=time.time() + 49 * 3600)
        assert posted == 1
        assert any("did not answer in time" in m.content for m in fake.channel_messages(fake.channel))
        league = await _league(bot)
        g1, g2, g3 = (league.games[g.id] for g in (g1, g2, g3))
        assert g1.status is GameStatus.FINAL and g1.match and g1.result.winner == "a"
        assert g2.result.text() == "2-1 (12-8)" and g3.result.winner == "a"

        # a player drops: five left, so rounds 2 and 3 have a bye each --------------------------------------
        dropper = by_id[g1.b]
        await fake.slash(dropper, fake.channel, "league drop")
        r2 = await fake.slash(org, fake.channel, "league next")
        assert "bye" in r2.content
        league = await _league(bot)
        games = sorted(league.games_of(2), key=lambda g: g.id)
        played = [g for g in games if not g.bye]
        [bye] = [g for g in games if g.bye]
        assert len(played) == 2
        # one disputed and settled by the organiser
        d = played[0]
        claim = await fake.slash(by_id[d.a], fake.channel, "league report", outcome="win")
        disputed = await fake.click(by_id[d.b], claim, f"l:dispute:{league.id}:{d.id}")
        assert "disputes" in disputed.messages[-1].content
        not_org = await fake.slash(by_id[d.a], fake.channel, "league settle", pairing=d.id, games="1-0")
        assert not_org.ephemeral
        settled = await fake.slash(org, fake.channel, "league settle", pairing=d.id, games="0-1", score="3-9")
        assert "organiser set" in settled.content
        c = played[1]
        await fake.slash(by_id[c.b], fake.channel, "league report", outcome="draw")
        await fake.slash(by_id[c.a], fake.channel, "league confirm")

        # round 3: another bye, to someone who has not had one -------------------------------------------------
        await fake.slash(org, fake.channel, "league next")
        league = await _league(bot)
        games = league.games_of(3)
        [bye3] = [g for g in games if g.bye]
        assert bye3.a != bye.a
        for g in games:
            if not g.bye:
                await fake.slash(by_id[g.a], fake.channel, "league report", outcome="win")
                await fake.slash(by_id[g.b], fake.channel, "league confirm")
        pairings = await fake.slash(players[0], fake.channel, "league pairings", round=2)
        assert "Round 2" in pairings.embeds[0]["title"]

        standings = await fake.slash(players[0], fake.channel, "league standings")
        assert "standings.png" in standings.files and standings.files["standings.png"][:8] == b"\x89PNG\r\n\x1a\n"
        assert "pts" in standings.embeds[0]["description"]
        exported = await fake.slash(org, fake.channel, "league export")
        assert exported.ephemeral
        results = list(csv.DictReader(io.StringIO(exported.files[f"league-{league.id}-results.csv"].decode())))
        table = list(csv.DictReader(io.StringIO(exported.files[f"league-{league.id}-standings.csv"].decode())))
        assert len(results) == 3 + 3 + 3 and sum(r["player_b"] == "BYE" for r in results) == 2
        assert len(table) == 6 and table[0]["rank"] == "1"
        # issue #36 item 6: one row per game with its date, both players' warband, decks and list; the community's
        # statistics layout for Underworlds (byes left out); the same rows as JSON
        games = list(csv.DictReader(io.StringIO(exported.files[f"league-{league.id}-games.csv"].decode())))
        assert len(games) == 9 and all(g["date"] == time.strftime("%Y-%m-%d", time.gmtime()) for g in games)
        assert all(g["player_1_faction"] == "Brethren of the Bolt" and g["player_1_list"] == LEGAL for g in games)
        [claimed] = [g for g in games if g["pairing"] == g2.id]
        assert (claimed["games_won"], claimed["games_lost"], claimed["score_1"], claimed["score_2"]) == \
            ("2", "1", "12", "8")
        community = list(csv.reader(io.StringIO(exported.files[f"league-{league.id}-community.csv"].decode())))
        assert community[0] == ["Date", "P1 Warband", "P1 Deck1", "P1 Deck2", "Wins", "Losses", "Ties",
                                "P2 Warband", "P2 Deck1", "P2 Deck2", "G-W", "G-L", "G-T"]
        assert len(community) == 1 + 7 and all(len(row) == 13 for row in community)
        assert ["Brethren of the Bolt", "Brethren of the Bolt Rivals Deck", "", "1", "0", "0"] == \
            community[1 + [g["pairing"] for g in games if g["result"] != "bye"].index(g2.id)][1:7]
        body = json.loads(exported.files[f"league-{league.id}-games.json"])
        assert [g["pairing"] for g in body["games"]] == [g["pairing"] for g in games]
        # three points a win, one a draw: every final result accounted for
        league = await _league(bot)
        total = sum(int(r["points"]) for r in table)
        wins = sum(1 for g in league.games.values() if g.result and g.result.winner)
        draws = sum(1 for g in league.games.values() if g.result and not g.result.winner)
        assert total == 3 * wins + 2 * draws
        history = await fake.slash(players[0], fake.channel, "league history", player=by_id[g1.a])
        assert "±" in history.embeds[0]["fields"][0]["value"]


async def test_a_list_typed_inline_is_read_and_kept_hidden_until_published(fake_discord, redis, prefix):
    """Issue #36 item 8: a list typed in the option box with ``;`` between entries, as docs/leagues.md says, is read
    (it was refused: "No warband is called “Brethren of the Bolt; deck: …”"); until the lists are published the
    public announcement names only who joined, not the warband or card counts; after publishing it names them."""
    fake = fake_discord
    org, ann, bob = fake.add_user("org", moderator=True), fake.add_user("ann"), fake.add_user("bob")
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000) as bot:
        await fake.slash(org, fake.channel, "league create", name="Inline", game="underworlds", format="rivals")
        joined = await fake.slash(ann, fake.channel, "league join",
                                  list="warband: Brethren of the Bolt; deck: brethren-of-the-bolt-rivals # mine")
        assert joined.ephemeral and "Brethren of the Bolt · 12 objectives, 20 power cards" in joined.content, \
            joined.content
        public = [m for m in fake.channel_messages(fake.channel) if not m.ephemeral]
        assert public[-1].content.startswith(f"<@{ann.id}> joined **Inline**"), public[-1].content
        assert all("Brethren" not in m.content and "objectives" not in m.content for m in public)
        league = await _league(bot)
        assert league.players[ann.id].list_text.startswith("warband: Brethren of the Bolt;")
        hidden = await fake.slash(bob, fake.channel, "league lists")
        assert "hidden" in hidden.content and not hidden.embeds
        await fake.slash(org, fake.channel, "league publish")
        late = await fake.slash(bob, fake.channel, "league join", list="banda: Brethren of the Bolt;mazo: "
                                                                        "brethren-of-the-bolt-rivals")
        assert not late.ephemeral and f"<@{bob.id}> joined" in late.content and "Brethren of the Bolt" in late.content
