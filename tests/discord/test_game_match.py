"""A whole match of the test-only game through the fake Discord gateway, and at the local table.

Noughts and crosses with a secret card (``tests/support/ttt.py``) comes in through ``GAME_PLUGINS``;
no generic file names it, yet it gets everything the table gives a game: the challenge and the
accept, legal-only autocomplete, a select menu (25 choices) then buttons (16 or fewer), the panel's
old components taken off, a private event answered privately, undo with the opponent's consent, an
idle reminder, and the victory.
"""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

from table.store import Store
from tests.discord.bot_fixtures import running_bot
from tests.discord.fake_discord_model import walk_components

ROOT = Path(__file__).resolve().parents[2]
FIRST = ["a1", "b1", "c1", "a3", "c3", "d1"]
"""The first player's marks: five that make no line, then the fourth of row 1."""
SECOND = ["a5", "b5", "d5", "e2", "e4"]
"""The second player's: never four in a row."""


def public_text(message) -> str:
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []]
    parts += [c.get("label") or "" for c in walk_components(message.components)]
    parts += [o.get("label", "") for c in walk_components(message.components) for o in c.get("options") or []]
    return "\n".join(parts)


async def settle(fake, thread, count: int) -> None:
    for _ in range(200):
        if len(fake.channel_messages(thread)) >= count:
            return
        await asyncio.sleep(0.01)


async def test_a_whole_test_game_match_on_discord(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000, idle_reminder_minutes=5) as bot:
        offered = await fake.autocomplete(alice, fake.channel, "match new", focused="game", game="nought")
        assert [c["value"] for c in offered] == ["ttt"]
        await fake.slash(alice, fake.channel, "match new", game="ttt", opponent=bob)
        [thread] = fake.threads_of(fake.channel)
        [invite] = fake.channel_messages(thread)
        clicked = await fake.click(bob, invite, invite.custom_ids[0])
        accepted = clicked.messages[-1]
        assert "accepted" in accepted.content and fake.messages[invite.id].components == []
        match_id = await store.match_in(thread.id)
        match = await store.load(match_id)
        first = alice if match.holder(match.state["turn"]).user_id == alice.id else bob
        second = bob if first is alice else alice
        users = {first.id: first, second.id: second}

        # the first panel: 25 choices in a select menu, the private-view button, no secret card
        panel = accepted
        [menu] = [c for c in walk_components(panel.components) if c.get("type") == 3]
        assert len(menu["options"]) == 25
        assert "board.png" in clicked.files

        # someone else is refused, ephemerally; autocomplete offers them nothing
        intruder = await fake.slash(carol, thread, "ttt mark", cell="a1")
        assert intruder.ephemeral and "only its players" in intruder.content
        assert await fake.autocomplete(carol, thread, "ttt mark", focused="cell", cell="") == []

        # legal-only autocomplete; a typed command; the deal is told privately, the move publicly
        cells = await fake.autocomplete(first, thread, "ttt mark", focused="cell", cell="a")
        assert [c["value"] for c in cells] == ["a1", "a2", "a3", "a4", "a5"]
        before = len(fake.channel_messages(thread))
        marked = await fake.slash(first, thread, "ttt mark", cell=FIRST[0])
        assert marked.ephemeral and "Your secret card" in marked.content
        await settle(fake, thread, before + 1)
        post = fake.channel_messages(thread)[-1]
        assert "marked a1" in post.content and f"<@{second.id}>" in post.content
        for _ in range(300):  # the old panel is edited right after the new one is posted: give it that moment
            if not any(c.get("type") == 3 for c in walk_components(fake.messages[panel.id].components)):
                break
            await asyncio.sleep(0.01)
        assert not any(c.get("type") == 3 for c in walk_components(fake.messages[panel.id].components)), \
            "the old panel's menu was taken off"

        # the second player chooses in the select menu of the new panel
        [menu] = [c for c in walk_components(post.components) if c.get("type") == 3]
        option = next(o for o in menu["options"] if o["label"] == f"Mark {SECOND[0]}")
        chosen = await fake.select(second, post, menu["custom_id"], [option["value"]])
        assert chosen.ephemeral  # their own card is dealt to them privately on their first action
        await settle(fake, thread, before + 2)
        post = fake.channel_messages(thread)[-1]
        assert f"marked {SECOND[0]}" in post.content

        # the first player marks, asks to take it back; the opponent accepts
        done = await fake.slash(first, thread, "ttt mark", cell="e5")
        assert f"m:undo:{match_id}" in done.message.custom_ids
        asked = await fake.click(first, done, f"m:undo:{match_id}")
        assert f"<@{second.id}>" in asked.content
        refused = await fake.click(first, asked, f"m:undo-yes:{match_id}")
        assert refused.ephemeral  # only the opponent may accept
        undone = await fake.click(second, asked, f"m:undo-yes:{match_id}")
        assert "taken back" in undone.messages[-1].content and fake.messages[asked.message.id].components == []
        assert "e5" not in (await store.load(match_id)).state["board"]

        # the private view, only to its owner, from the panel's button
        panel = fake.messages[(await store.load(match_id)).panel_message_id]
        hand = await fake.click(second, panel, next(c for c in panel.custom_ids if c.endswith(":hand")))
        assert hand.ephemeral and hand.embeds[0]["title"] == "Your secret card"

        # nobody acts for a while: the first player is reminded, and only they are pinged
        cog = bot.get_cog("GamesCog")
        match = await store.load(match_id)
        before = len(fake.channel_messages(thread))
        assert await cog.remind_once(match.updated_at + 5 * 60 + 30) == 1
        await settle(fake, thread, before + 1)
        [reminder] = fake.channel_messages(thread)[before:]
        assert f"<@{first.id}>" in reminder.content and "⏰" in reminder.content and "/ttt do" in reminder.content
        assert [int(u) for u in reminder.allowed_mentions["users"]] == [first.id]

        # the rest of the match: commands, then buttons once 16 or fewer choices are left
        queue = {first.id: FIRST[1:], second.id: SECOND[1:]}
        pressed_buttons = 0
        for _ in range(20):
            match = await store.load(match_id)
            if match.status.over:
                break
            user = users[match.holder(match.state["turn"]).user_id]
            cell = queue[user.id].pop(0)
            panel = fake.messages[match.panel_message_id]
            button = next((c for c in walk_components(panel.components)
                           if c.get("type") == 2 and c.get("label") == f"Mark {cell}"), None)
            if button is not None:
                result = await fake.click(user, panel, button["custom_id"])
                pressed_buttons += 1
            else:
                result = await fake.slash(user, thread, "ttt do", action=f"Mark cell={cell}")
            assert result.messages and not result.errors
        match = await store.load(match_id)
        assert match.status.value == "finished" and match.outcome["winner"] == match.holder(
            match.seats[0].seat if first.id == match.seats[0].user_id else match.seats[1].seat).seat
        assert pressed_buttons >= 1
        # no message's components are kept by the process: the view store does not grow with the replies
        store_of_views = bot._connection._view_store
        assert not store_of_views._views and not store_of_views._synced_message_views


    messages = fake.channel_messages(thread)
    last = messages[-1]
    assert any(e.get("title", "").startswith("🏆") for e in last.embeds)
    assert [m.id for m in messages if any(c.startswith("g:") for c in m.custom_ids)] == [], "no stale choice left"
    # the cards never reach a message everyone sees, except as played
    state = match.state
    unplayed = {card for hand in state["hands"].values() for card in hand}
    for message in (m for m in fake.messages.values() if not m.ephemeral):
        text = public_text(message).lower()
        assert not any(f"play {card}" in text or f"card: {card}" in text for card in unplayed), text[:300]


def test_a_whole_test_game_match_at_the_local_table(tmp_path: Path, redis_url: str, prefix: str):
    """``python bot.py --script``: the same game, loaded through ``GAME_PLUGINS``, to its result."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(REDIS_URL=redis_url, REDIS_PREFIX=prefix, GAME_PLUGINS="tests.support.ttt",
               BOARDS_DIR=str(tmp_path / "boards"), DATA_DIR=str(tmp_path / "var"))

    def run(lines: list[str]) -> list[dict]:
        out = subprocess.run([sys.executable, "bot.py", "--script", "-", "--json"], cwd=ROOT, env=env,
                             input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]

    # whoever is to move takes the next cell: the script tries both players at each step (one is refused)
    first, second = "alice", "bob"
    lines = ["/match new ttt vs:bob", "/as bob", "/press Accept"]
    for a, b in zip(FIRST, SECOND + [None]):
        lines += [f"/as {first}", f"/press Mark {a}", f"/as {second}", f"/press Mark {a}"]
        if b:
            lines += [f"/as {first}", f"/press Mark {b}", f"/as {second}", f"/press Mark {b}"]
    lines += ["/as alice", "/ttt hand", "/match status"]
    replies = run(lines)
    panel = next(r for r in replies if r["command"] == "/press Accept")
    assert len(panel["selects"][0]["options"]) == 25 and panel["files"]
    status = replies[-1]
    assert "finished" in json.dumps(status) and "wins" in json.dumps(status)
    assert any(r["ephemeral"] and "Your secret card" in json.dumps(r) for r in replies)
    assert any(r["buttons"] and not r["selects"] and any(b["label"].startswith("Mark ") for b in r["buttons"])
               for r in replies), "buttons once 16 or fewer choices are left"
    assert any(r["embeds"] and r["embeds"][-1]["title"].startswith("🏆") for r in replies)
    assert sorted((tmp_path / "boards").glob("*board.png"))
