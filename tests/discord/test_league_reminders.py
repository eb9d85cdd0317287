"""Issue #36 item 4 through the fake Discord gateway: reminders people accept. Each player sets quiet hours in their
own time zone (``/quiet``): a reminder falling in them waits until they end (``wait``) or is posted with Discord's
``@silent`` flag (``silent``); a pairing still unplayed gets a second reminder, then the organiser is told, with a
button that stops the forfeit rule for it; at the deadline the others are forfeited."""
from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from tests.discord.bot_fixtures import running_bot

LEGAL = "warband: Brethren of the Bolt; deck: brethren-of-the-bolt-rivals"
SUPPRESS_NOTIFICATIONS = 1 << 12
MADRID = ZoneInfo("Europe/Madrid")
HOUR = 3600.0


async def test_quiet_hours_silent_reminders_and_a_stalled_pairing_escalating(fake_discord, redis, prefix):
    fake = fake_discord
    org = fake.add_user("org", moderator=True)
    ann, bob, cat, dan = (fake.add_user(n) for n in ("ann", "bob", "cat", "dan"))
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000) as bot:
        cog = bot.get_cog("LeagueCog")
        await fake.slash(org, fake.channel, "league create", name="Night", game="underworlds", format="rivals",
                         timezone="Europe/Madrid")
        await fake.slash(org, fake.channel, "league settings", auto_advance=False)
        for user in (ann, bob, cat, dan):
            await fake.slash(user, fake.channel, "league join", list=LEGAL)
        waits = await fake.slash(ann, fake.channel, "quiet", start="23:00", end="08:00", timezone="Europe/Madrid")
        assert waits.ephemeral and "23:00 to 08:00 (Europe/Madrid)" in waits.content and "wait" in waits.content
        hushed = await fake.slash(bob, fake.channel, "quiet", start="22:00", end="07:30", timezone="Europe/Madrid",
                                  mode="silent")
        assert "silently" in hushed.content
        assert "22:00 to 07:30" in (await fake.slash(bob, fake.channel, "quiet")).content
        await fake.slash(org, fake.channel, "league next")
        day = (datetime.now(MADRID) + timedelta(days=3)).date()
        await fake.slash(org, fake.channel, "league settings", deadline=f"{day.isoformat()} 02:00")
        league = (await bot.league_service.store.load((await bot.league_service.store.ids(fake.guild.id))[0])).league
        deadline = league.current.deadline
        assert datetime.fromtimestamp(deadline, MADRID).hour == 2

        def posted_since(count: int):
            return [m for m in fake.channel_messages(fake.channel) if not m.ephemeral][count:]

        seen = len(posted_since(0))
        # the first reminder falls at 02:00 in Madrid, a day before the deadline: Ann's waits, Bob's is silent
        assert await cog.poll_once(now=deadline - 24 * HOUR + 60) == 2
        loud, quiet = posted_since(seen)
        assert not loud.flags & SUPPRESS_NOTIFICATIONS and f"<@{cat.id}>" in loud.content
        assert f"<@{dan.id}>" in loud.content and f"<@{ann.id}>" not in loud.content
        assert quiet.flags & SUPPRESS_NOTIFICATIONS and f"<@{bob.id}>" in quiet.content
        assert f"<@{ann.id}>" not in quiet.content
        seen += 2
        assert await cog.poll_once(now=deadline - 24 * HOUR + 2 * HOUR) == 0  # 04:00: Ann still asleep
        # 08:00 in Madrid: her quiet hours end and her reminder comes, with a notification
        assert await cog.poll_once(now=deadline - 18 * HOUR) == 1
        [morning] = posted_since(seen)
        assert f"<@{ann.id}>" in morning.content and not morning.flags & SUPPRESS_NOTIFICATIONS
        assert f"<@{cat.id}>" not in morning.content
        seen += 1

        # a second reminder for everyone still to report (14:00), then the organiser is told (20:00)
        assert await cog.poll_once(now=deadline - 12 * HOUR) == 1
        [again] = posted_since(seen)
        assert again.content.startswith("Second reminder") and all(f"<@{u.id}>" in again.content
                                                                   for u in (ann, bob, cat, dan))
        seen += 1
        assert await cog.poll_once(now=deadline - 6 * HOUR) == 1
        [stalled] = posted_since(seen)
        assert f"<@{org.id}>" in stalled.content and "unless you stop it" in stalled.content
        first, second = sorted(league.games_of(1), key=lambda g: g.id)
        stop = f"l:stop:{league.id}:{first.id}"
        assert stop in stalled.custom_ids
        refused = await fake.click(ann, stalled, stop)
        assert refused.ephemeral
        stopped = await fake.click(org, stalled, stop)
        assert "will not be forfeited" in stopped.messages[-1].content
        seen = len(posted_since(0))

        # at the deadline only the other pairing is a double loss
        assert await cog.poll_once(now=deadline + 60) == 1
        [forfeits] = posted_since(seen)
        assert f"Pairing {second.id}:" in forfeits.content and f"Pairing {first.id}:" not in forfeits.content
        league = (await bot.league_service.store.load(league.id)).league
        assert league.games[first.id].status.value == "pending" and league.games[second.id].result.double_loss
        assert await cog.poll_once(now=deadline + 2 * HOUR) == 0
        off = await fake.slash(ann, fake.channel, "quiet", mode="off")
        assert "removed" in off.content
