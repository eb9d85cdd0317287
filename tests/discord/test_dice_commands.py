"""``/roll`` and ``/odds`` through the fake Discord gateway."""
from __future__ import annotations

from io import BytesIO

from PIL import Image

from tests.discord.bot_fixtures import running_bot, concede


async def test_quick_rolls_for_anyone(fake_discord, redis, prefix):
    fake = fake_discord
    ann = fake.add_user("ann")
    async with running_bot(fake, redis, prefix):
        expr = await fake.slash(ann, fake.channel, "roll dice", expr="4d6kh3")
        assert not expr.ephemeral and expr.embeds[0]["title"].startswith("🎲 4d6kh3 = ")
        uw = await fake.slash(ann, fake.channel, "roll underworlds", attack=3, symbol="hammer", defence=2,
                              save="block", supports=1)
        assert any(name in uw.embeds[0]["title"] for name in
                   ("Critical hit", "Hit", "Draw", "Miss", "Critical defence"))
        mw = await fake.slash(ann, fake.channel, "roll magewars", dice=5, armor=2, effect=True)
        assert "Effect die" in mw.embeds[0]["description"]
        db = await fake.slash(ann, fake.channel, "roll dragonbond", attack=4, colour="black")
        assert "Dragonbond" in db.embeds[0]["title"]


async def test_secret_roll_is_ephemeral(fake_discord, redis, prefix):
    fake = fake_discord
    ann = fake.add_user("ann")
    async with running_bot(fake, redis, prefix):
        secret = await fake.slash(ann, fake.channel, "roll dice", expr="1d20", secret=True)
        assert secret.ephemeral
    assert await redis.llen(f"{prefix}:rolls:{ann.id}") == 1


async def test_malformed_roll_is_an_ephemeral_error_with_an_example(fake_discord, redis, prefix):
    fake = fake_discord
    ann = fake.add_user("ann")
    async with running_bot(fake, redis, prefix):
        bad = await fake.slash(ann, fake.channel, "roll dice", expr="2d6+")
        assert bad.ephemeral and "2d6+3" in bad.content
        many = await fake.slash(ann, fake.channel, "roll dice", expr="5000d6")
        assert many.ephemeral and "at most 1000" in many.content


async def test_odds_embed_with_a_chart(fake_discord, redis, prefix):
    fake = fake_discord
    ann = fake.add_user("ann")
    async with running_bot(fake, redis, prefix):
        result = await fake.slash(ann, fake.channel, "odds underworlds", attack=5, defence=4, staggered=True,
                                  damage=2, wounds=2)
        assert result.embeds[0]["image"]["url"] == "attachment://odds.png"
        Image.open(BytesIO(result.files["odds.png"])).verify()
        assert "Critical hit" in result.embeds[0]["description"]
        mw = await fake.slash(ann, fake.channel, "odds magewars", dice=4, armor=2, effects="6-10 = Daze; 11+ = Stun")
        assert "Daze" in mw.embeds[0]["fields"][1]["value"]


async def test_roll_in_a_match_thread_goes_to_the_log_and_verifies(fake_discord, redis, prefix):
    fake = fake_discord
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    async with running_bot(fake, redis, prefix):
        await fake.slash(ann, fake.channel, "match new", game="nim", opponent=bob)
        [thread] = fake.threads_of(fake.channel)
        [invite] = fake.channel_messages(thread)
        await fake.click(bob, invite, invite.custom_ids[0])
        rolled = await fake.slash(ann, thread, "roll underworlds", attack=4, defence=3)
        assert "logged as entry #3" in rolled.embeds[0]["footer"]["text"]
        await concede(fake, ann, thread)
        verified = await fake.slash(bob, thread, "match verify")
        assert verified.content.startswith("✅")
