"""``/tdg ref ...`` through the fake Discord gateway: either player, out of turn, logged in the thread; a hidden card
moved by the referee is named only in its owner's ephemeral reply (digest §16)."""
from __future__ import annotations

import asyncio

from engine.core.system import find_system
from engine.tambores.state import card_id
from table.store import Store
from tests.discord.bot_fixtures import running_bot

SYSTEM = find_system("tambores")


async def test_referee_commands_are_logged_and_keep_a_hidden_card_hidden(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        await fake.slash(alice, fake.channel, "match new", game="tambores", opponent=bob)
        thread = fake.threads_of(fake.channel)[-1]
        invite = fake.channel_messages(thread)[0]
        await fake.click(bob, invite, invite.custom_ids[0])
        match_id = await store.match_in(thread.id)
        users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}
        await fake.slash(users["player1"], thread, "tdg mode", mode="skirmish")
        for seat, deck in (("player1", "humans"), ("player2", "orcs")):
            await fake.slash(users[seat], thread, "tdg army", deck=deck)
        for seat, hero in (("player1", "joanna"), ("player2", "krangg")):
            await fake.slash(users[seat], thread, "tdg hero", hero=hero)
        match = await store.load(match_id)
        assert match.state["step"] == "deploy"
        idle = next(s for s in ("player1", "player2") if s not in SYSTEM.view(match.state, None)["awaiting"])
        secret = card_id(match.state["players"][idle]["hand"][0])
        name = match.state["catalogue"]["units"][secret]["name"]

        before = len(fake.channel_messages(thread))
        moved = await fake.slash(users[idle], thread, "tdg ref move", card=secret, source="hand", target="removed",
                                 reason="settled by agreement")
        assert moved.ephemeral and name in moved.content, moved.content
        for _ in range(300):  # the public post follows the ephemeral answer
            if any(not m.ephemeral for m in fake.channel_messages(thread)[before:]):
                break
            await asyncio.sleep(0.01)
        posted = "\n".join(m.content for m in fake.channel_messages(thread)[before:] if not m.ephemeral)
        assert "referee" in posted and "settled by agreement" in posted and name not in posted
        after = await store.load(match_id)
        assert card_id(after.state["players"][idle]["removed"][0]) == secret

        wounds = await fake.slash(users[idle], thread, "tdg ref wounds", side="theirs", at="hero", delta=1)
        assert not wounds.ephemeral and "+1 wounds" in wounds.content, wounds.content
        other = next(s for s in ("player1", "player2") if s != idle)
        assert (await store.load(match_id)).state["players"][other]["hero_wounds"] == 1
        note = await fake.slash(users[other], thread, "tdg ref note", text="shield: +1 defence agreed")
        assert "shield: +1 defence agreed" in note.content
