"""Self-test of the fake Discord harness, driven by a small discord.py bot defined here
(not the real bot): it proves the fake speaks the protocol discord.py 2.7 expects and that
the fake enforces Discord's rules."""
from __future__ import annotations

import asyncio
import io
import sys
import textwrap
import time

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.discord.fake_discord import FakeDiscord
from tests.discord.limits import check_command_tree, check_message

GAMES = ["underworlds", "magewars", "dragonbond", "tambores"]


class AcceptButton(discord.ui.DynamicItem[discord.ui.Button], template=r"accept:(?P<opponent>\d+)"):
    """A persistent button: found again by its custom id, even by a restarted bot."""

    def __init__(self, opponent_id: int) -> None:
        super().__init__(discord.ui.Button(label="Accept", style=discord.ButtonStyle.success,
                                           custom_id=f"accept:{opponent_id}"))
        self.opponent_id = opponent_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["opponent"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.opponent_id:
            await interaction.response.send_message("not your challenge", ephemeral=True)
            return
        await interaction.response.edit_message(content=f"accepted by {interaction.user.name}", view=None)


def png_bytes() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


def make_bot(intents: discord.Intents | None = None) -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=intents or discord.Intents.default(), guild_ready_timeout=0.05,
                       allowed_mentions=discord.AllowedMentions.none())
    bot.add_dynamic_items(AcceptButton)
    match = app_commands.Group(name="match", description="Play a match")

    async def game_choices(interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=g.title(), value=g) for g in GAMES if current.lower() in g]

    @match.command(name="new", description="Challenge someone")
    @app_commands.describe(game="Which game", opponent="Who you challenge")
    @app_commands.autocomplete(game=game_choices)
    async def match_new(interaction: discord.Interaction, game: str, opponent: discord.Member):
        view = discord.ui.View(timeout=None)
        view.add_item(AcceptButton(opponent.id))
        await interaction.response.send_message(
            f"{interaction.user.mention} challenges {opponent.mention} to {game}", view=view)

    bot.tree.add_command(match)

    @bot.tree.command(name="secret", description="Only you see this")
    async def secret(interaction: discord.Interaction):
        await interaction.response.send_message("psst", ephemeral=True)

    @bot.tree.command(name="board", description="Draw the board")
    async def board(interaction: discord.Interaction):
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.01)  # "rendering"
        await interaction.followup.send("the board", file=discord.File(io.BytesIO(png_bytes()), "board.png", description="the test board"))

    @bot.tree.command(name="table", description="Open a table thread")
    async def table(interaction: discord.Interaction):
        thread = await interaction.channel.create_thread(name=f"table-{interaction.user.name}",
                                                         type=discord.ChannelType.public_thread)
        await thread.add_user(interaction.user)
        await thread.send(f"welcome {interaction.user.mention}")
        await interaction.response.send_message(f"opened {thread.mention}", ephemeral=True)

    @bot.tree.command(name="whoami", description="Your permissions")
    async def whoami(interaction: discord.Interaction):
        perms = interaction.permissions
        await interaction.response.send_message(f"moderator={perms.manage_threads and perms.manage_guild}",
                                                ephemeral=True)

    @bot.tree.command(name="race", description="Two handlers answer (a bug)")
    async def race(interaction: discord.Interaction):
        await interaction.response.send_message("one")

    @bot.listen("on_interaction")
    async def also_answer(interaction: discord.Interaction):
        if interaction.data and interaction.data.get("name") == "race":
            try:
                await interaction.response.send_message("two")
            except discord.HTTPException:
                pass

    @bot.tree.command(name="shout", description="Breaks the rules, then recovers")
    async def shout(interaction: discord.Interaction):
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException:
            await interaction.response.send_message("@everyone too long, shortened",
                                                    allowed_mentions=discord.AllowedMentions(everyone=True))

    @bot.tree.command(name="pick", description="A select menu, a modal, a leaky followup")
    async def pick(interaction: discord.Interaction):
        view = discord.ui.View(timeout=None)
        menu = discord.ui.Select(custom_id="pick:game", options=[discord.SelectOption(label=g, value=g)
                                                                 for g in GAMES])

        async def chosen(inter: discord.Interaction):
            await inter.response.edit_message(content=f"picked {menu.values[0]}", view=None)
        menu.callback = chosen
        view.add_item(menu)
        await interaction.response.send_message("pick a game", view=view)

    class NameForm(discord.ui.Modal, title="Name your warband"):
        name = discord.ui.TextInput(label="Name", custom_id="form:name")

        async def on_submit(self, interaction: discord.Interaction):
            await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)

    @bot.tree.command(name="form", description="Opens a modal")
    async def form(interaction: discord.Interaction):
        await interaction.response.send_modal(NameForm())

    @bot.tree.command(name="leak", description="Defers publicly, then follows up 'ephemerally'")
    async def leak(interaction: discord.Interaction):
        await interaction.response.defer()
        await interaction.followup.send("secret?", ephemeral=True)

    @bot.tree.command(name="post", description="Channel messages, files, threads, members, DMs")
    async def post(interaction: discord.Interaction):
        await interaction.response.defer(ephemeral=True)
        channel = await bot.fetch_channel(interaction.channel_id)
        msg = await channel.send("log", file=discord.File(io.BytesIO(b"v1"), "log.txt"))
        msg = await msg.edit(attachments=[*msg.attachments, discord.File(io.BytesIO(b"v2"), "log2.txt")])
        thread = await msg.create_thread(name="discussion")
        await thread.send("in thread")
        await thread.edit(archived=True)
        member = await interaction.guild.fetch_member(interaction.user.id)
        await member.send("a DM")
        await interaction.edit_original_response(content=f"done {len(msg.attachments)} {member.name}")
        await (await channel.send("temp")).delete()

    @bot.tree.command(name="slow", description="Answers after the 3 s deadline (scaled down)")
    async def slow(interaction: discord.Interaction):
        await asyncio.sleep(0.1)
        try:
            await interaction.response.send_message("late")
        except discord.NotFound:
            await interaction.channel.send("sorry, that took too long")

    @bot.tree.command(name="mods", description="Moderators only")
    @app_commands.default_permissions(manage_threads=True)
    async def mods(interaction: discord.Interaction):
        await interaction.response.send_message("hello moderator", ephemeral=True)

    @bot.tree.command(name="perms", description="The bot's and your permissions here, and in a channel")
    async def perms(interaction: discord.Interaction, where: str = "",
                    resolved: app_commands.AppCommandChannel | None = None):
        seen = ""
        if where:
            channel = bot.get_channel(int(where))
            seen = f" cached={channel.permissions_for(interaction.guild.me).value}" if channel else " cached=none"
        if resolved is not None:
            seen += f" resolved={resolved.permissions.value}"
        await interaction.response.send_message(
            f"app={interaction.app_permissions.value} user={interaction.permissions.value}{seen}", ephemeral=True)

    @bot.tree.command(name="probe", description="One REST call in a channel; answers with Discord's answer")
    async def probe(interaction: discord.Interaction, action: str, where: str, message: str = ""):
        channel = bot.get_partial_messageable(int(where), guild_id=interaction.guild_id)
        outcome = "ok"
        try:
            if action == "send":
                await channel.send("hello")
            elif action == "embed":
                await channel.send("with embed", embed=discord.Embed(title="t"))
            elif action == "embed_only":
                await channel.send(embed=discord.Embed(title="t"))
            elif action == "file":
                await channel.send("f", file=discord.File(io.BytesIO(b"x"), "x.txt"))
            elif action == "reply":
                await channel.get_partial_message(int(message)).reply("re")
            elif action == "edit":
                await channel.get_partial_message(int(message)).edit(content="edited")
            elif action == "react":
                await channel.get_partial_message(int(message)).add_reaction("\N{THUMBS UP SIGN}")
            elif action == "get":
                await channel.fetch_message(int(message))
            elif action == "history":
                outcome = f"ok {len([m async for m in channel.history(limit=10)])}"
            elif action == "fetch":
                await bot.fetch_channel(int(where))
            elif action == "typing":
                async with channel.typing():
                    pass
            elif action == "thread":
                await bot.get_channel(int(where)).create_thread(name="t", type=discord.ChannelType.public_thread)
            elif action == "unarchive":
                await bot.http.edit_channel(int(where), archived=False)
            elif action == "delete":
                await bot.http.delete_channel(int(where))
        except discord.HTTPException as exc:
            outcome = f"{exc.status} {exc.code}"
        await interaction.response.send_message(outcome, ephemeral=True)

    @bot.command(name="hello")
    async def hello(ctx: commands.Context):
        await ctx.send(f"hello {ctx.author.name}")

    @bot.tree.command(name="silent", description="Never answers")
    async def silent(interaction: discord.Interaction):
        pass

    return bot


async def eventually(check, timeout: float = 2.0) -> None:
    """Poll ``check()`` until true (for effects that are not tied to an interaction)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


@pytest.fixture
def fake(fake_discord: FakeDiscord) -> FakeDiscord:
    """The shared fixture (conftest.py): it fails the test on unknown routes or violations."""
    return fake_discord


@pytest.fixture
async def bot(fake):
    async with fake.running(make_bot()) as bot:
        await bot.tree.sync()
        yield bot


@pytest.fixture
def alice(fake):
    return fake.add_user("alice")


@pytest.fixture
def bob(fake):
    return fake.add_user("bob")


async def test_ready_fast_and_tree_within_limits(fake):
    started = time.monotonic()
    async with fake.running(make_bot()) as bot:
        ready_after = time.monotonic() - started
        await bot.tree.sync()
        assert bot.get_guild(fake.guild.id) is not None
        assert bot.get_channel(fake.channel.id).name == "general"
    assert ready_after < 1.5
    assert fake.identify_count == 1
    assert {c["name"] for c in fake.synced_commands} >= {"match", "secret", "board", "table"}
    assert check_command_tree(fake.synced_commands) == []
    paths = [c.path for c in fake.calls]
    assert "/users/@me" in paths and "/oauth2/applications/@me" in paths


async def test_slash_with_user_option_and_persistent_button(fake, bot, alice, bob):
    result = await fake.slash(alice, fake.channel, "match new", game="underworlds", opponent=bob)
    assert result.content == f"{alice.mention} challenges {bob.mention} to underworlds"
    assert not result.ephemeral and not result.deferred
    assert result.message.custom_ids == [f"accept:{bob.id}"]
    assert fake.channel_messages(fake.channel) == [result.message]

    wrong = await fake.click(alice, result, f"accept:{bob.id}")
    assert wrong.ephemeral and wrong.content == "not your challenge"

    # a restarted bot (fresh process state) still handles the old button
    await bot.close()
    async with fake.running(make_bot()):
        clicked = await fake.click(bob, result.message, f"accept:{bob.id}")
    assert clicked.callback_type == 7 and clicked.message is result.message
    assert result.message.content == "accepted by bob" and result.message.components == []


async def test_option_types_come_from_the_synced_tree(fake, bot, alice, bob):
    result = await fake.slash(alice, fake.channel, "match new", game="magewars", opponent=bob.id)
    data = result.payload["data"]
    assert data["id"] == next(c["id"] for c in fake.synced_commands if c["name"] == "match")
    [sub] = data["options"]
    assert (sub["type"], sub["name"]) == (1, "new")
    assert {o["name"]: o["type"] for o in sub["options"]} == {"game": 3, "opponent": 6}
    assert set(data["resolved"]["members"]) == {str(bob.id)}
    assert result.calls[0].json["type"] == 4
    with pytest.raises(TypeError, match="no option"):
        await fake.slash(alice, fake.channel, "match new", game="x", opponent=bob, colour="red")
    with pytest.raises(TypeError, match="missing required"):
        await fake.slash(alice, fake.channel, "match new", game="x")


async def test_ephemeral_reply(fake, bot, alice):
    result = await fake.slash(alice, fake.channel, "secret")
    assert result.ephemeral and result.content == "psst"
    assert result.message.flags & 64


async def test_deferred_reply_with_png_followup(fake, bot, alice):
    result = await fake.slash(alice, fake.channel, "board")
    assert result.deferred and result.callback_type == 5
    assert not result.ephemeral and result.content == "the board"
    assert result.files["board.png"].startswith(b"\x89PNG")
    assert len(result.messages) == 1  # the first followup resolved the "thinking" message
    async with aiohttp.ClientSession() as http:
        async with http.get(result.message.attachments[0]["url"]) as resp:
            assert await resp.read() == result.files["board.png"]


async def test_autocomplete(fake, bot, alice):
    choices = await fake.autocomplete(alice, fake.channel, "match new", focused="game", game="dr")
    assert choices == [{"name": "Dragonbond", "value": "dragonbond"}]
    assert len(await fake.autocomplete(alice, fake.channel, "match new", focused="game")) == 4


async def test_thread_created_and_used(fake, bot, alice):
    result = await fake.slash(alice, fake.channel, "table")
    [thread] = fake.threads_of(fake.channel)
    assert thread.type == 11 and thread.name == "table-alice" and alice.id in thread.member_ids
    assert [m.content for m in fake.channel_messages(thread)] == [f"welcome {alice.mention}"]
    assert result.ephemeral and result.content == f"opened <#{thread.id}>"
    assert bot.get_channel(thread.id) is not None  # THREAD_CREATE reached the bot


async def test_moderator_permissions(fake, bot, alice):
    mod = fake.add_user("mod", moderator=True)
    assert (await fake.slash(mod, fake.channel, "whoami")).content == "moderator=True"
    assert (await fake.slash(alice, fake.channel, "whoami")).content == "moderator=False"


async def test_double_acknowledgement_is_a_violation(fake, bot, alice):
    result = await fake.slash(alice, fake.channel, "race")
    assert result.content in ("one", "two")
    assert [v for v in fake.violations if "acknowledged twice" in v] == fake.violations != []
    fake.violations.clear()


async def test_message_rules_are_enforced(fake, bot, alice):
    result = await fake.slash(alice, fake.channel, "shout")
    assert result.content.startswith("@everyone")
    assert any("2001 characters" in v for v in fake.violations)
    assert any("@everyone" in v for v in fake.violations)
    fake.violations.clear()
    assert check_message({"content": "hi", "embeds": [{"title": "t" * 257}] * 11}) == [
        "11 embeds (max 10)", *["embed[%d].title is 257 characters (max 256)" % i for i in range(11)]]
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}"} for i in range(6)]}
    assert "action row 0 has 6 buttons (max 5)" in check_message({"components": [row]})
    assert check_message({"content": "<@&1>", "allowed_mentions": {"parse": []}}) == []


def test_command_tree_limits_catch_mistakes():
    bad = [{"name": "Match", "description": "d" * 101, "options": [
        {"type": 3, "name": "opt", "description": "x", "required": False},
        {"type": 3, "name": "req", "description": "x", "required": True,
         "choices": [{"name": str(i), "value": str(i)} for i in range(26)]}]}]
    problems = check_command_tree(bad)
    assert any("lowercase" in p for p in problems)
    assert any("description must be 1-100" in p for p in problems)
    assert any("required option after an optional" in p for p in problems)
    assert any("26 choices" in p for p in problems)
    many = [{"name": f"c{i}", "description": "x"} for i in range(101)]
    assert check_command_tree(many) == ["101 chat-input commands (max 100 global)"]


async def test_select_menu_and_modal(fake, bot, alice):
    result = await fake.slash(alice, fake.channel, "pick")
    with pytest.raises(ValueError, match="no options"):
        await fake.select(alice, result, "pick:game", ["chess"])
    picked = await fake.select(alice, result, "pick:game", ["tambores"])
    assert picked.content == "picked tambores" and result.message.components == []
    opened = await fake.slash(alice, fake.channel, "form")
    assert opened.callback_type == 9 and opened.modal["title"] == "Name your warband"
    submitted = await fake.submit_modal(alice, opened, {"form:name": "Grimm's Gang"})
    assert submitted.ephemeral and submitted.content == "hello Grimm's Gang"


async def test_ephemeral_followup_after_public_defer_is_a_violation(fake, bot, alice):
    result = await fake.slash(alice, fake.channel, "leak")
    assert not result.ephemeral and result.content == "secret?"
    assert len(fake.violations) == 1 and "shown to everyone" in fake.violations[0]
    fake.violations.clear()


async def test_channel_messages_files_threads_members_dms(fake, bot, alice):
    result = await fake.slash(alice, fake.channel, "post")
    assert result.ephemeral and result.content == "done 2 alice"
    [log] = [m for m in fake.channel_messages(fake.channel) if m.content == "log"]
    assert log.files == {"log.txt": b"v1", "log2.txt": b"v2"}
    [thread] = fake.threads_of(fake.channel)
    assert thread.id == log.id and thread.archived and thread.name == "discussion"
    assert [m.content for m in fake.channel_messages(thread)] == ["in thread"]
    [dm] = [c for c in fake.channels.values() if c.type == 1]
    assert dm.recipients == [alice] and fake.channel_messages(dm)[0].content == "a DM"
    assert "temp" not in [m.content for m in fake.channel_messages(fake.channel)]


async def test_late_acknowledgement_is_a_violation(fake, bot, alice):
    fake.ack_deadline = 0.05  # Discord's 3 s, scaled down
    fake.answer_timeout = 0.2
    with pytest.raises(AssertionError, match="never acknowledged"):
        await fake.slash(alice, fake.channel, "slow")
    await eventually(lambda: fake.channel_messages(fake.channel)[-1].content == "sorry, that took too long")
    assert len(fake.violations) == 1 and "(Discord allows 0.05s)" in fake.violations[0]
    fake.violations.clear()


async def test_default_member_permissions_hide_commands(fake, bot, alice):
    with pytest.raises(PermissionError):
        await fake.slash(alice, fake.channel, "mods")
    fake.set_moderator(alice)
    assert (await fake.slash(alice, fake.channel, "mods")).content == "hello moderator"


async def test_user_message_and_prefix_command(fake):
    bot = make_bot(discord.Intents.all())  # members intent: guilds must arrive fully chunked
    async with fake.running(bot):
        await fake.user_message(fake.add_user("carol"), fake.channel, "!hello")
        await eventually(lambda: fake.channel_messages(fake.channel)[-1].content == "hello carol")
        assert bot.get_guild(fake.guild.id).get_member(fake.bot_user.id) is not None


async def test_unanswered_interaction_fails_clearly(fake, bot, alice):
    fake.answer_timeout = 0.1
    with pytest.raises(AssertionError, match="bot did not answer interaction slash 'silent'"):
        await fake.slash(alice, fake.channel, "silent")


async def test_resume_and_reidentify(fake, bot, alice):
    await fake.reconnect(resume=True)
    assert fake.resume_count == 1
    await fake.drop_connection()
    assert fake.resume_count == 2
    assert fake.identify_count == 1  # (reconnect(resume=False) works too, but discord.py waits 5 s)
    assert (await fake.slash(alice, fake.channel, "secret")).content == "psst"


BOT_SCRIPT = textwrap.dedent("""
    import os
    import discord
    from discord import app_commands

    class Bot(discord.Client):
        def __init__(self):
            super().__init__(intents=discord.Intents.default())
            self.tree = app_commands.CommandTree(self)

        async def setup_hook(self):
            await self.tree.sync()

    bot = Bot()

    @bot.tree.command(name="ping", description="Ping")
    async def ping(interaction: discord.Interaction):
        await interaction.response.send_message("pong")

    bot.run(os.environ["DISCORD_TOKEN"], log_handler=None)
""")


async def test_subprocess_launcher(fake, alice, tmp_path):
    script = tmp_path / "mini_bot.py"
    script.write_text(BOT_SCRIPT)
    proc = await asyncio.create_subprocess_exec(sys.executable, str(script), env=fake.subprocess_env(),
                                                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    try:
        await fake.wait_synced(timeout=15)
        assert (await fake.slash(alice, fake.channel, "ping")).content == "pong"
    finally:
        proc.terminate()
        _, err = await proc.communicate()
    assert b"Traceback" not in err, err.decode()


# --- permissions per channel, refusals, deletion, archived and locked threads, commands ---------------

from tests.discord.fake_discord import (ADMINISTRATOR, ALL_PERMISSIONS, ATTACH_FILES, CREATE_PUBLIC_THREADS,  # noqa: E402
                                        EMBED_LINKS, MANAGE_THREADS, READ_MESSAGE_HISTORY, SEND_MESSAGES,
                                        SEND_MESSAGES_IN_THREADS, VIEW_CHANNEL)


async def probe(fake, user, action: str, where, message=None) -> str:
    """Have the bot try one REST call in ``where``; Discord's answer ("ok", "403 50013", ...)."""
    options = {"message": str(message.id)} if message is not None else {}
    result = await fake.slash(user, fake.channel, "probe", action=action, where=str(where.id), **options)
    return result.content


def test_permissions_are_computed_per_channel_like_discord(fake):
    alice, mod = fake.add_user("alice"), fake.add_user("mod", moderator=True)
    quiet = fake.add_text_channel(name="announcements")
    thread = fake.add_thread(quiet, "talk", owner=alice)
    everyone = fake.everyone_role()
    fake.set_permissions(quiet, fake.guild, deny=SEND_MESSAGES)                       # the @everyone overwrite
    fake.set_permissions(quiet, fake.guild.roles[fake.guild.moderator_role_id], allow=SEND_MESSAGES)
    fake.set_permissions(quiet, mod, deny=ATTACH_FILES)                               # a member overwrite
    assert fake.permissions_in(fake.channel, alice) & SEND_MESSAGES                   # other channels untouched
    assert not fake.permissions_in(quiet, alice) & (SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS)  # implicit denial
    assert fake.permissions_in(quiet, alice, implicit=False) & ATTACH_FILES            # ... not in the raw value
    assert fake.permissions_in(quiet, mod) & SEND_MESSAGES and not fake.permissions_in(quiet, mod) & ATTACH_FILES
    # a thread uses its parent's overwrites, and SEND_MESSAGES_IN_THREADS to talk
    assert fake.permissions_in(thread, alice) & (SEND_MESSAGES_IN_THREADS | ATTACH_FILES) == \
        SEND_MESSAGES_IN_THREADS | ATTACH_FILES
    with pytest.raises(TypeError, match="parent"):
        fake.set_permissions(thread, alice, deny=VIEW_CHANNEL)
    fake.set_permissions(quiet, alice, deny=VIEW_CHANNEL)
    assert fake.permissions_in(quiet, alice) == fake.permissions_in(thread, alice) == 0
    # the owner and administrators bypass overwrites; a private thread needs membership or MANAGE_THREADS
    fake.set_permissions(quiet, fake.guild, deny=VIEW_CHANNEL)
    assert fake.permissions_in(quiet, fake.owner) == ALL_PERMISSIONS
    fake.set_role_permissions(everyone, allow=ADMINISTRATOR)
    assert fake.permissions_in(quiet, alice) == ALL_PERMISSIONS
    fake.set_role_permissions(everyone, deny=ADMINISTRATOR)
    secret = fake.add_thread(fake.channel, "secret", owner=mod, private=True)
    assert not fake.permissions_in(secret, alice) & VIEW_CHANNEL
    assert fake.permissions_in(secret, mod) & VIEW_CHANNEL and fake.bot_permissions(secret) & VIEW_CHANNEL
    fake.set_permissions(quiet, fake.guild)                                            # allow=deny=0: removed
    assert everyone.id not in quiet.overwrites


async def test_interactions_carry_the_permissions_of_their_channel(fake, bot, alice):
    attic = fake.add_text_channel(name="attic")
    fake.set_permissions(attic, fake.bot_user, deny=ATTACH_FILES | EMBED_LINKS)
    fake.set_permissions(attic, alice, deny=READ_MESSAGE_HISTORY)
    here = await fake.slash(alice, fake.channel, "perms", where=str(attic.id))
    there = await fake.slash(alice, attic, "perms")
    app, user, cached = (int(part.split("=")[1]) for part in here.content.split())
    assert app == fake.bot_permissions(fake.channel) and app & ATTACH_FILES
    assert user == fake.permissions_in(fake.channel, alice)
    assert cached == fake.bot_permissions(attic) and not cached & ATTACH_FILES   # discord.py saw CHANNEL_UPDATE
    app, user = (int(part.split("=")[1]) for part in there.content.split())
    assert app == fake.bot_permissions(attic) and not app & (ATTACH_FILES | EMBED_LINKS)
    assert not user & READ_MESSAGE_HISTORY and user & VIEW_CHANNEL
    option = await fake.slash(alice, fake.channel, "perms", resolved=attic)   # a channel option: the user's there
    assert option.content.endswith(f" resolved={fake.permissions_in(attic, alice, implicit=False)}")
    assert option.payload["data"]["resolved"]["channels"][str(attic.id)]["app_permissions"] == str(app)
    # a user cannot act in a channel they cannot see; the bot can still answer where it cannot see
    fake.set_permissions(attic, alice, deny=VIEW_CHANNEL)
    with pytest.raises(PermissionError, match="cannot see"):
        await fake.slash(alice, attic, "perms")
    fake.set_permissions(attic, fake.bot_user, deny=VIEW_CHANNEL)
    fake.set_permissions(attic, alice)
    hidden = await fake.slash(alice, attic, "perms")
    assert not int(hidden.content.split()[0].split("=")[1]) & VIEW_CHANNEL
    assert fake.refusals == []  # interaction responses never need channel permissions


async def test_rest_calls_refused_without_permissions(fake, bot, alice):
    room = fake.add_text_channel(name="room")
    old = await fake.user_message(alice, room, "an old message")
    fake.set_permissions(room, fake.bot_user, deny=SEND_MESSAGES)
    assert await probe(fake, alice, "send", room) == "403 50013"
    assert await probe(fake, alice, "typing", room) == "403 50013"
    assert [(r.call.method, r.status, r.code, r.missing, r.channel_id) for r in fake.refusals] == [
        ("POST", 403, 50013, SEND_MESSAGES, room.id)] * 2
    assert fake.channel_messages(room) == [old] and fake.violations == []

    fake.set_permissions(room, fake.bot_user, deny=ATTACH_FILES | EMBED_LINKS)
    assert await probe(fake, alice, "file", room) == "403 50013"
    assert await probe(fake, alice, "embed_only", room) == "403 50013"
    assert await probe(fake, alice, "embed", room) == "ok"                 # Discord drops the embeds silently
    [sent] = [m for m in fake.channel_messages(room) if m.author is fake.bot_user]
    assert sent.content == "with embed" and sent.embeds == []
    assert [(r.status, r.missing) for r in fake.refusals[-3:]] == [(403, ATTACH_FILES), (403, EMBED_LINKS),
                                                                    (200, EMBED_LINKS)]
    assert await probe(fake, alice, "edit", room, sent) == "ok"            # editing its own message: no SEND needed

    fake.set_permissions(room, fake.bot_user, deny=READ_MESSAGE_HISTORY)
    assert await probe(fake, alice, "reply", room, old) == "403 50013"
    assert await probe(fake, alice, "get", room, old) == "403 50013"
    assert await probe(fake, alice, "react", room, old) == "403 50013"
    assert await probe(fake, alice, "history", room) == "ok 0"             # Discord lists nothing

    fake.set_permissions(room, fake.bot_user, deny=CREATE_PUBLIC_THREADS)
    assert await probe(fake, alice, "thread", room) == "403 50013" and fake.threads_of(room) == []

    fake.set_permissions(room, fake.bot_user, deny=VIEW_CHANNEL)
    assert await probe(fake, alice, "fetch", room) == "403 50001"
    assert await probe(fake, alice, "send", room) == "403 50001"
    await fake.user_message(alice, room, "unseen")                          # no MESSAGE_CREATE for the bot
    assert fake.violations == [] and len(fake.channel_messages(room)) == 3


async def test_threads_need_send_messages_in_threads(fake, bot, alice):
    thread = fake.add_thread(fake.channel, "table")
    fake.set_permissions(fake.channel, fake.bot_user, deny=SEND_MESSAGES_IN_THREADS)
    assert await probe(fake, alice, "send", thread) == "403 50013"
    assert await probe(fake, alice, "send", fake.channel) == "ok"
    fake.set_permissions(fake.channel, fake.bot_user, allow=SEND_MESSAGES_IN_THREADS, deny=SEND_MESSAGES)
    assert await probe(fake, alice, "file", thread) == "ok"
    assert await probe(fake, alice, "send", fake.channel) == "403 50013"
    assert [r.missing for r in fake.refusals] == [SEND_MESSAGES_IN_THREADS, SEND_MESSAGES]


async def test_a_guild_permission_taken_from_the_bot(fake, bot, alice):
    assert fake.bot_role().permissions & EMBED_LINKS
    left = fake.revoke_bot_permissions(EMBED_LINKS)
    assert not left & EMBED_LINKS and not fake.bot_permissions(fake.channel) & EMBED_LINKS
    assert await probe(fake, alice, "embed_only", fake.channel) == "403 50013"
    result = await fake.slash(alice, fake.channel, "perms", where=str(fake.channel.id))
    assert f"cached={fake.bot_permissions(fake.channel)}" in result.content   # discord.py saw GUILD_ROLE_UPDATE


async def test_deleting_a_thread_or_channel_as_a_moderator(fake, bot, alice):
    room = fake.add_text_channel(name="room")
    thread, other = fake.add_thread(room, "t1"), fake.add_thread(room, "t2")
    await eventually(lambda: bot.get_channel(thread.id) is not None)
    fake.delete_channel(thread)
    await eventually(lambda: bot.get_channel(thread.id) is None)            # THREAD_DELETE reached the bot
    assert await probe(fake, alice, "send", thread) == "404 10003"
    assert [(r.status, r.code, r.channel_id) for r in fake.refusals] == [(404, 10003, thread.id)]
    assert fake.threads_of(room) == [other]
    fake.delete_channel(room)                                               # its threads go with it
    await eventually(lambda: bot.get_channel(room.id) is None and bot.get_channel(other.id) is None)
    assert other.deleted and await probe(fake, alice, "fetch", other) == "404 10003"
    # the bot deleting a thread needs MANAGE_THREADS
    mine = fake.add_thread(fake.channel, "mine")
    fake.set_permissions(fake.channel, fake.bot_user, deny=MANAGE_THREADS)
    assert await probe(fake, alice, "delete", mine) == "403 50013" and not mine.deleted
    fake.set_permissions(fake.channel, fake.bot_user)
    assert await probe(fake, alice, "delete", mine) == "ok" and mine.deleted


async def test_archived_and_locked_threads(fake, bot, alice):
    thread = fake.add_thread(fake.channel, "table")
    said = await fake.user_message(alice, thread, "hi")
    fake.set_thread_state(thread, archived=True)
    assert await probe(fake, alice, "react", thread, said) == "400 50083"    # archived: no reactions, no edits
    assert await probe(fake, alice, "send", thread) == "ok" and not thread.archived   # sending unarchives
    fake.set_thread_state(thread, archived=True, locked=True)
    assert await probe(fake, alice, "send", thread) == "400 50083"           # ... unless locked
    assert await probe(fake, alice, "unarchive", thread) == "ok" and not thread.archived  # MANAGE_THREADS may
    assert await probe(fake, alice, "send", thread) == "ok"                  # locked, but the bot moderates
    fake.set_permissions(fake.channel, fake.bot_user, deny=MANAGE_THREADS)
    assert await probe(fake, alice, "send", thread) == "400 160005"
    with pytest.raises(PermissionError, match="locked"):
        await fake.user_message(alice, thread, "let me in")
    assert [r.code for r in fake.refusals] == [50083, 50083, 160005] and fake.violations == []


async def test_listed_commands_are_what_was_synced_and_can_be_reset(fake, bot):
    async def listed(query: str = "") -> list:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{fake.rest_base}/applications/{fake.application_id}/commands{query}") as resp:
                return await resp.json()
    stored = await listed("?with_localizations=true")
    assert stored == fake.synced_commands and all(c["id"] and c["version"] for c in stored)
    synced = {c["name"]: c for c in fake.synced_commands}
    await bot.tree.sync()                                                   # the same tree again
    assert {c["name"]: (c["id"], c["version"]) for c in await listed()} == \
        {n: (c["id"], c["version"]) for n, c in synced.items()}            # same ids, same versions
    assert all("name_localizations" not in c for c in await listed())      # only with_localizations=true
    fake.reset_commands()
    assert await listed() == [] and fake.synced_guild_commands == {}
    await bot.tree.sync()
    assert {c["id"] for c in fake.synced_commands}.isdisjoint(c["id"] for c in synced.values())
