"""Issue #36 item 5 through the fake Discord gateway: ``/league substitute`` (organiser) hands a registered seat, with
its list, pairings and results so far, to another member mid-league; ``/block @user`` refuses that user's challenges
to you, and leagues are not affected (the organiser paired them)."""
from __future__ import annotations

from tests.discord.bot_fixtures import running_bot, concede

LEGAL = "warband: Brethren of the Bolt; deck: brethren-of-the-bolt-rivals"


async def _league(bot):
    service = bot.league_service
    [league_id] = await service.store.ids(next(iter(bot.guilds)).id)
    return (await service.store.load(league_id)).league


async def test_a_substitute_takes_a_seat_with_its_results_mid_league(fake_discord, redis, prefix):
    fake = fake_discord
    org = fake.add_user("org", moderator=True)
    ann, bob, cat, dan, sub = (fake.add_user(n) for n in ("ann", "bob", "cat", "dan", "sub"))
    by_id = {u.id: u for u in (ann, bob, cat, dan, sub)}
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000) as bot:
        await fake.slash(org, fake.channel, "league create", name="Subs", game="underworlds", format="rivals")
        await fake.slash(org, fake.channel, "league settings", auto_advance=False)
        for user in (ann, bob, cat, dan):
            await fake.slash(user, fake.channel, "league join", list=LEGAL)
        await fake.slash(org, fake.channel, "league next")
        league = await _league(bot)
        g1, g2 = sorted(league.games_of(1), key=lambda g: g.id)
        # round 1: 1.1 won 2-1 (12-8) by its first player, 1.2 claimed by its first player, not yet confirmed
        await fake.slash(by_id[g1.a], fake.channel, "league report", outcome="win", games="2-1", score="12-8")
        await fake.slash(by_id[g1.b], fake.channel, "league confirm")
        await fake.slash(by_id[g2.a], fake.channel, "league report", outcome="win")
        leaving, staying = by_id[g1.a], by_id[g1.b]
        before = {l.user: l for l in bot.league_service.lines(await _league(bot))}[leaving.id]

        refused = await fake.slash(staying, fake.channel, "league substitute", player=leaving, substitute=sub)
        assert refused.ephemeral and "organiser" in refused.content
        taken = await fake.slash(org, fake.channel, "league substitute", player=leaving, substitute=by_id[g2.b])
        assert taken.ephemeral and "already has a seat" in taken.content
        done = await fake.slash(org, fake.channel, "league substitute", player=leaving, substitute=sub)
        assert f"<@{sub.id}> takes <@{leaving.id}>'s seat" in done.content, done.content

        league = await _league(bot)
        assert sub.id in league.players and leaving.id not in league.players
        assert league.players[sub.id].list_text == LEGAL and league.games[g1.id].a == sub.id
        after = {l.user: l for l in bot.league_service.lines(league)}[sub.id]
        assert (after.points, after.wins, after.games_for, after.score_for) == \
            (before.points, before.wins, before.games_for, before.score_for)
        history = await fake.slash(sub, fake.channel, "league history")
        assert "2-1 (12-8)" in history.embeds[0]["description"]
        # the rating stays with who played the game
        ratings = await bot.league_service.ratings_of(next(iter(bot.guilds)).id, "underworlds")
        assert leaving.id in ratings and sub.id not in ratings
        log = await fake.slash(org, fake.channel, "league log")
        assert f"PlayerSubstituted <@{leaving.id}> → <@{sub.id}>" in log.embeds[0]["description"]

        # round 2: the substitute is paired and reports for the seat
        await fake.slash(by_id[g2.b], fake.channel, "league confirm")
        await fake.slash(org, fake.channel, "league next")
        league = await _league(bot)
        mine = league.game_of(sub.id)
        assert mine is not None and mine.round == 2
        claim = await fake.slash(sub, fake.channel, "league report", outcome="loss")
        assert "reports" in claim.content and f"<@{sub.id}>" in claim.content


async def test_a_blocked_users_challenge_is_refused_but_not_a_league_pairing(fake_discord, redis, prefix):
    fake = fake_discord
    org = fake.add_user("org", moderator=True)
    ann, bob, cat = fake.add_user("ann"), fake.add_user("bob"), fake.add_user("cat")
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        blocked = await fake.slash(ann, fake.channel, "block", user=bob)
        assert blocked.ephemeral and f"<@{bob.id}>" in blocked.content
        listing = await fake.slash(ann, fake.channel, "block")
        assert listing.ephemeral and f"<@{bob.id}>" in listing.content
        refused = await fake.slash(bob, fake.channel, "match new", game="underworlds", opponent=ann)
        assert refused.ephemeral and "not taking challenges from you" in refused.content, refused.content
        assert not fake.threads_of(fake.channel)
        # a game of three with ann among the opponents is refused too; others may still challenge her
        three = await fake.slash(bob, fake.channel, "match new", game="underworlds", opponent=cat, opponent2=ann)
        assert three.ephemeral and "not taking challenges" in three.content
        fine = await fake.slash(cat, fake.channel, "match new", game="underworlds", opponent=ann)
        assert not fine.ephemeral and "waiting for" in fine.content
        # ann may still challenge bob; a league pairs them whoever blocked whom
        await fake.slash(org, fake.channel, "league create", name="Blocks", game="underworlds", format="rivals")
        for user in (ann, bob):
            await fake.slash(user, fake.channel, "league join", list=LEGAL)
        await fake.slash(org, fake.channel, "league next")
        paired = await fake.slash(bob, fake.channel, "league play")
        assert not paired.ephemeral and "counts for pairing 1.1" in paired.content, paired.content
        unblocked = await fake.slash(ann, fake.channel, "unblock", user=bob)
        assert "again" in unblocked.content
        again = await fake.slash(bob, fake.channel, "match new", game="dragonbond", opponent=ann)
        assert not again.ephemeral, again.content
        assert "block nobody" in (await fake.slash(ann, fake.channel, "block")).content


async def test_a_substitute_takes_a_seat_mid_match_and_its_result_counts_for_the_league(fake_discord, redis, prefix):
    """Issue #36 item 5, mid-match: the organiser gives Ann's league seat to Sub; Ann offers Sub her seat in their
    running league match (``/match substitute``) and Sub takes it with the button (both consents in the match log);
    Sub concedes, and the result counts for the pairing the seat holds."""
    fake = fake_discord
    org = fake.add_user("org", moderator=True)
    ann, bob, sub, eve = fake.add_user("ann"), fake.add_user("bob"), fake.add_user("sub"), fake.add_user("eve")
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000) as bot:
        await fake.slash(org, fake.channel, "league create", name="Mid", game="underworlds", format="rivals")
        for user in (ann, bob):
            await fake.slash(user, fake.channel, "league join", list=LEGAL)
        await fake.slash(org, fake.channel, "league next")
        await fake.slash(ann, fake.channel, "league play")
        thread = fake.threads_of(fake.channel)[-1]
        invite = fake.channel_messages(thread)[0]
        await fake.click(bob, invite, invite.custom_ids[0])
        [match] = await bot.services.store.matches_of(ann.id)

        await fake.slash(org, fake.channel, "league substitute", player=ann, substitute=sub)
        not_hers = await fake.slash(bob, thread, "match substitute", substitute=eve, player=ann)
        assert not_hers.ephemeral and "Only a moderator" in not_hers.content
        offer = await fake.slash(ann, thread, "match substitute", substitute=sub)
        assert f"<@{sub.id}>, do you take it?" in offer.content, offer.content
        stranger = await fake.click(eve, offer, f"m:sub-yes:{match.id}")
        assert stranger.ephemeral
        taken = await fake.click(sub, offer, f"m:sub-yes:{match.id}")
        assert any(f"<@{sub.id}> takes seat" in m.content for m in taken.messages), [m.content for m in taken.messages]
        match = await bot.services.store.load(match.id)
        assert [h.user_id for h in match.seats] == [sub.id, bob.id] and match.handover is None
        events = [e.get("event") for e in await bot.services.store.log(match.id)]
        assert events.index("HandoverOffered") < events.index("SeatHandedOver")
        ann_left = await concede(fake, ann, thread)
        assert ann_left.ephemeral  # she holds no seat any more

        await concede(fake, sub, thread)
        league = await _league(bot)
        [game] = league.games_of(1)
        assert game.status.value == "final" and game.match == match.id
        assert game.result.winner == ("a" if game.a == bob.id else "b") and sub.id in (game.a, game.b)
