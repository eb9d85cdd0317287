"""Matches of three and four players through the fake Discord gateway, with the test game Nim (2-4 players).

``/match new game opponent opponent2 opponent3``: every invited player accepts (the reposted challenge says
who has so far), one decline cancels the match naming who; seats are taken in order, the challenger first.
Out of turn, the table names who acts; a non-player is refused; undo needs every other player; one of three
concedes and the others play on; the last stone wins.
"""
from __future__ import annotations

from table.match import Match, Status
from table.store import Store
from tests.discord.bot_fixtures import running_bot, concede
from tests.discord.fake_discord_model import message_text


async def challenge(fake, challenger, *opponents):
    """``/match new nim`` against ``opponents``; returns the thread and its challenge message."""
    extra = {name: user for name, user in zip(("opponent2", "opponent3"), opponents[1:])}
    opened = await fake.slash(challenger, fake.channel, "match new", game="nim", opponent=opponents[0], **extra)
    assert not opened.ephemeral, opened.content
    thread = fake.threads_of(fake.channel)[-1]
    [invite] = fake.channel_messages(thread)
    return thread, invite


async def accept_all(fake, invite, invited):
    """Each invited player presses Accept on the latest challenge; returns the last answer."""
    message, buttons = invite, invite.custom_ids[:2]
    for i, user in enumerate(invited):
        clicked = await fake.click(user, message, message.custom_ids[0])
        assert not clicked.ephemeral, clicked.content
        assert fake.messages[message.id].components == [], "an answered challenge keeps no buttons"
        message = clicked.messages[-1]
        if i < len(invited) - 1:  # the challenge again, saying who has accepted so far
            assert f"Accepted so far ({i + 1} of {len(invited)})" in message.content
            assert all(f"<@{u.id}>" in message.content for u in invited[i + 1:])
            assert message.custom_ids[:2] == buttons
    return clicked


async def take(fake, store: Store, thread, users: dict[int, object], match_id: str, stones: int):
    """The player whose turn it is takes ``stones``; returns (who took, the match after)."""
    match = await store.load(match_id)
    user = users[match.holder(match.state["turn"]).user_id]
    result = await fake.slash(user, thread, "nim take", stones=stones)
    assert not result.ephemeral and not result.errors, result.content
    return user, await store.load(match_id)


def next_in_order(match: Match, seat: str) -> str:
    seats = [h.seat for h in match.seats if h.seat not in match.state["out"]]
    return seats[(seats.index(seat) + 1) % len(seats)]


async def test_three_player_nim_from_challenge_to_victory(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    users = {u.id: u for u in (alice, bob, carol)}
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000, idle_reminder_minutes=5) as bot:
        thread, invite = await challenge(fake, alice, bob, carol)
        assert f"<@{bob.id}>" in invite.content and f"<@{carol.id}>" in invite.content
        assert sorted(int(u) for u in invite.allowed_mentions["users"]) == sorted([bob.id, carol.id])
        match_id = await store.match_in(thread.id)

        # neither a stranger nor the challenger accepts for the invited
        for intruder in (dave, alice):
            refused = await fake.click(intruder, invite, invite.custom_ids[0])
            assert refused.ephemeral
        first = await fake.click(bob, invite, invite.custom_ids[0])
        again = first.messages[-1]
        assert "Accepted so far (1 of 2)" in again.content and f"Waiting for <@{carol.id}>" in again.content
        twice = await fake.click(bob, again, again.custom_ids[0])
        assert twice.ephemeral and "already accepted" in twice.content and "carol" in twice.content
        status = await fake.slash(dave, thread, "match status")
        assert status.embeds[0]["fields"][0]["value"] == "invited"
        started = await fake.click(carol, again, again.custom_ids[0])
        assert "accepted" in started.messages[-1].content and "begins" in started.messages[-1].content

        match = await store.load(match_id)
        assert match.status is Status.ACTIVE
        assert [(h.seat, h.user_id) for h in match.seats] == [("first", alice.id), ("second", bob.id),
                                                               ("third", carol.id)], "seats in order"
        status = await fake.slash(dave, thread, "match status")
        players = next(f["value"] for f in status.embeds[0]["fields"] if f["name"] == "Players")
        assert all(f"<@{u}>" in players for u in users)

        # out of turn: refused, naming who acts; a non-player: refused
        turn = match.holder(match.state["turn"])
        waiting = next(u for uid, u in users.items() if uid != turn.user_id)
        refused = await fake.slash(waiting, thread, "nim take", stones=1)
        assert refused.ephemeral and f"waiting for {turn.name}" in refused.content, refused.content
        stranger = await fake.slash(dave, thread, "nim take", stones=1)
        assert stranger.ephemeral and "only its players" in stranger.content

        # the turn passes to the next seat in order; the panel mentions whoever acts
        for _ in range(3):
            before = await store.load(match_id)
            _, match = await take(fake, store, thread, users, match_id, 1)
            assert match.state["turn"] == next_in_order(before, before.state["turn"])
            post = fake.channel_messages(thread)[-1]
            assert f"<@{match.holder(match.state['turn']).user_id}>" in post.content
        assert match.state["stones"] == 12

        # a reminder pings only whoever must act
        cog = bot.get_cog("GamesCog")
        count = len(fake.channel_messages(thread))
        assert await cog.remind_once(match.updated_at + 5 * 60 + 30) == 1
        reminder = fake.channel_messages(thread)[count]
        assert [int(u) for u in reminder.allowed_mentions["users"]] == [match.holder(match.state["turn"]).user_id]

        # one of three concedes: out of the match, the other two play on and the turn skips the seat
        quitter = users[match.holder(match.state["turn"]).user_id]
        conceded = await concede(fake, quitter, thread)
        assert not conceded.ephemeral and "out of the match" in conceded.content, conceded.content
        match = await store.load(match_id)
        quit_seat = match.seat_of(quitter.id)
        assert match.status is Status.ACTIVE and match.state["out"] == [quit_seat]
        assert match.state["turn"] != quit_seat
        left_out = await fake.slash(quitter, thread, "nim take", stones=1)
        assert left_out.ephemeral

        # to the last stone: whoever takes it wins
        for _ in range(10):
            if match.status.over:
                break
            taker, match = await take(fake, store, thread, users, match_id, min(3, match.state["stones"]))
            assert match.state["turn"] != quit_seat
        assert match.status is Status.FINISHED and match.outcome["winner"] == match.seat_of(taker.id)
        last = fake.channel_messages(thread)[-1]
        assert any(e.get("title", "").startswith("🏆") and taker.name in e["title"] for e in last.embeds)
        assert (await fake.slash(dave, thread, "match verify")).content.startswith("✅")
        listing = await fake.slash(alice, fake.channel, "match list")
        assert "vs bob, carol" in listing.embeds[0]["description"]


async def test_four_player_nim_needs_every_accept_and_every_undo_consent(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    users = {u.id: u for u in (alice, bob, carol, dave)}
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        thread, invite = await challenge(fake, alice, bob, carol, dave)
        assert "(4 players)" in invite.content
        started = await accept_all(fake, invite, [bob, carol, dave])
        assert "begins" in started.messages[-1].content
        match_id = await store.match_in(thread.id)
        match = await store.load(match_id)
        assert [h.user_id for h in match.seats] == [alice.id, bob.id, carol.id, dave.id]
        assert len(match.state["seats"]) == 4

        # the first take, taken back only once each of the three others accepts
        mover, match = await take(fake, store, thread, users, match_id, 2)
        panel = fake.messages[match.panel_message_id]
        asked = await fake.click(mover, panel, f"m:undo:{match_id}")
        others = [u for u in users.values() if u is not mover]
        assert all(f"<@{u.id}>" in asked.content for u in others) and "each of you" in asked.content
        message = asked.message
        for i, user in enumerate(others):
            answered = await fake.click(user, message, f"m:undo-yes:{match_id}")
            message = answered.messages[-1]
            if i < 2:
                assert "waiting for" in message.content and (await store.load(match_id)).state["stones"] == 13
        assert "taken back" in message.content and (await store.load(match_id)).state["stones"] == 15

        # four turns: each passes to the next seat in order
        order = []
        for _ in range(4):
            taker, match = await take(fake, store, thread, users, match_id, 1)
            order.append(match.seat_of(taker.id))
        seats = [h.seat for h in match.seats]
        start = seats.index(order[0])
        assert order == (seats[start:] + seats[:start])

        # out of turn, named; then to the victory
        turn = match.holder(match.state["turn"])
        waiting = next(u for uid, u in users.items() if uid != turn.user_id)
        refused = await fake.slash(waiting, thread, "nim take", stones=1)
        assert refused.ephemeral and turn.name in refused.content
        for _ in range(10):
            if match.status.over:
                break
            taker, match = await take(fake, store, thread, users, match_id, min(3, match.state["stones"]))
        assert match.status is Status.FINISHED and match.outcome["winner"] == match.seat_of(taker.id)
        assert any(e.get("title", "").startswith("🏆") for e in fake.channel_messages(thread)[-1].embeds)


async def test_one_decline_cancels_a_three_player_challenge_naming_who(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        thread, invite = await challenge(fake, alice, bob, carol)
        again = (await fake.click(bob, invite, invite.custom_ids[0])).messages[-1]
        declined = (await fake.click(carol, again, again.custom_ids[1])).messages[-1]
        assert f"<@{carol.id}> declined" in declined.content and "cancelled" in declined.content
        assert fake.messages[again.id].components == []
        match = await store.load(await store.match_in(thread.id))
        assert match.status is Status.DECLINED
        late = await fake.slash(bob, thread, "nim take", stones=1)
        assert late.ephemeral


async def test_a_challenge_of_the_wrong_size_or_with_a_wrong_player_is_refused(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    robot = fake.add_user("robot")
    robot.bot = True
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        for game, options, hint in (
            ("ttt", {"opponent": bob, "opponent2": carol}, "played by 2 players, and this challenge has 3"),
            ("nim", {"opponent": bob, "opponent2": bob}, "named twice"),
            ("nim", {"opponent": bob, "opponent2": alice}, "can't challenge yourself"),
            ("nim", {"opponent": bob, "opponent2": carol, "opponent3": robot}, "is a bot"),
        ):
            refused = await fake.slash(alice, fake.channel, "match new", game=game, **options)
            assert refused.ephemeral and hint in refused.content, (game, refused.content)
        assert fake.threads_of(fake.channel) == []
        # two players, as before: one opponent, one accept
        thread, invite = await challenge(fake, alice, bob)
        started = await fake.click(bob, invite, invite.custom_ids[0])
        assert "begins" in message_text(started.messages[-1])


async def test_a_spanish_server_gets_the_multiplayer_texts_in_spanish(fake_discord, redis, prefix):
    fake = fake_discord
    fake.guild.locale = "es-ES"
    ana, beto, cris = (fake.add_user(n) for n in ("ana", "beto", "cris"))
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        thread, invite = await challenge(fake, ana, beto, cris)
        assert "reta a" in invite.content and "(3 jugadores)" in invite.content
        again = (await fake.click(beto, invite, invite.custom_ids[0])).messages[-1]
        assert "Han aceptado (1 de 2)" in again.content
