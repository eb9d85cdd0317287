"""A whole Underworlds match through the fake Discord gateway: ``/match new`` to the victory embed.

The players choose only among what autocomplete offers (a seeded pick that favours fighting), with
the 2017 warbands Steelheart's Champions and Garrek's Reavers. Along the way: every board is a valid
PNG and changes when a fighter moves; no hand card reaches a message others can see; a third user is
refused; an illegal move is refused ephemerally and changes nothing.
"""
from __future__ import annotations

import asyncio
import io
import random

from PIL import Image

from tests.discord.bot_fixtures import running_bot, store_for
from tests.discord.limits import board_problems, boards_posted
from tests.discord.underworlds_play import hidden_card_names, pick_action

WARBANDS = {"player1": "Steelheart", "player2": "Garrek"}


def _message_text(message) -> str:
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.get("title") or "", embed.get("description") or "", (embed.get("footer") or {}).get("text", "")]
        parts += [f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []]
    from tests.discord.fake_discord_model import walk_components

    parts += [c.get("label") or "" for c in walk_components(message.components)]
    return "\n".join(parts)


def _boards(messages) -> list[bytes]:
    return [m.files["board.png"] for m in messages if "board.png" in m.files]


async def _wait_public(fake, thread, before: int) -> None:
    for _ in range(200):
        if any(not m.ephemeral for m in fake.channel_messages(thread)[before:]):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("no public message after an action")




async def test_a_whole_match_on_discord_to_the_victory_embed(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    store = store_for(redis, prefix)
    rng = random.Random(2017)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        await fake.slash(alice, fake.channel, "match new", game="underworlds", opponent=bob)
        [thread] = fake.threads_of(fake.channel)
        [invite] = fake.channel_messages(thread)
        accepted = (await fake.click(bob, invite, invite.custom_ids[0])).messages[-1]
        assert "accepted" in accepted.content and accepted.embeds[0]["title"].startswith("Underworlds")
        match_id = await store.match_in(thread.id)
        users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}

        # a third user is refused, ephemerally
        intruder = await fake.slash(carol, thread, "uw do", action="0:0")
        assert intruder.ephemeral and "only its players" in intruder.content
        assert await fake.autocomplete(carol, thread, "uw do", focused="action", action="") == []

        checked_illegal = pressed_button = False
        moves_seen = 0
        for _ in range(700):
            match = await store.load(match_id)
            if match.status.over:
                break
            state = match.state
            from engine.underworlds.system import view as uw_view

            seat = uw_view(state, None)["awaiting"][0]
            user = users[seat]
            if not checked_illegal and state["phase"] == "action" and \
                    uw_view(state, None)["prompt"]["kind"] == "turn":
                fighter = next(f for f in state["fighters"] if f["seat"] == seat and f["hex"])
                refused = await fake.slash(user, thread, "uw move", fighter=fighter["id"], to=fighter["hex"])
                # a value no choice offers: the reply lists the hexes it can reach instead (issue 37 item 3)
                assert refused.ephemeral and "not one of the choices" in refused.content, refused.content
                assert " hexes" in refused.content and fighter["hex"] not in refused.content.split("\n", 1)[1]
                assert await store.load(match_id) == match
                checked_illegal = True
            if not pressed_button:  # once, use a panel button instead of a command
                panel = fake.messages.get(match.panel_message_id) if match.panel_message_id else None
                choice = [c for c in (panel.custom_ids if panel else []) if c.count(":") == 4 and not c.endswith(":menu")
                          and (c.split(":")[3] in ("x", str([h.seat for h in match.seats].index(seat))))]
                if choice:
                    clicked = await fake.click(user, panel, choice[0])
                    assert clicked.messages, clicked
                    pressed_button = True
                    continue
            before = len(fake.channel_messages(thread))
            value = await pick_action(fake, user, thread, WARBANDS[seat], state["setup"]["stage"] if state["phase"] == "setup"
                                else None, rng)
            assert value is not None, f"nothing offered to {seat} at {uw_view(state, None)['prompt']}"
            result = await fake.slash(user, thread, "uw do", action=value)
            assert (await store.load(match_id)).log_length == match.log_length + 1, result.content
            # a private answer (a secret choice, cards drawn) comes with a public post in the thread
            await _wait_public(fake, thread, before)
            entry = (await store.log(match_id, 1))[0]
            if any(e["type"] == "FighterMoved" for e in entry.get("events", ())):
                boards = _boards(fake.channel_messages(thread))
                assert len(boards) >= 2 and boards[-1] != boards[-2], "the board changes when a fighter moves"
                moves_seen += 1
        match = await store.load(match_id)
        assert match.status.value == "finished", "the match reached its end"
        assert checked_illegal and pressed_button and moves_seen > 0

    messages = fake.channel_messages(thread)
    last = messages[-1]
    assert any(("wins" in (e.get("title") or "")) or ("draw" in (e.get("title") or "")) for e in last.embeds)
    assert any(e.get("title", "").startswith("🏆") or "draw" in e.get("title", "") for e in last.embeds)

    # each new panel took the buttons off the previous one: no stale choice is left to press
    assert [m.id for m in messages if any(c.startswith("g:") for c in m.custom_ids)] == []
    assert sum(1 for m in messages if m.edits) > 20

    # every board image is a valid PNG
    boards = _boards(messages)
    assert len(boards) > 20
    for png in boards:
        image = Image.open(io.BytesIO(png))
        image.verify()
        assert image.format == "PNG" and image.size[0] == 1280

    # no card that stayed hidden appears in a message everyone can see
    hidden = await hidden_card_names(store, match_id, match)
    public = [m for m in fake.messages.values() if not m.ephemeral]
    for message in public:
        text = _message_text(message)
        leaked = [name for name in hidden if name in text]
        assert not leaked, (leaked, text[:500])
    assert any(m.ephemeral for m in fake.messages.values())
    # every board went out as an attachment of its own with its alt text, none inside an embed (issue 34 item 3)
    posted = [(m.attachments, m.embeds) for m in fake.messages.values()]
    assert len(boards_posted(posted)) > 3 and board_problems(posted) == []
    assert all(b["description"] for b in boards_posted(posted))


async def test_undo_through_buttons_and_an_idle_reminder_that_pings_only_the_player_to_act(fake_discord, redis,
                                                                                          prefix):
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = store_for(redis, prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000, idle_reminder_minutes=5) as bot:
        await fake.slash(alice, fake.channel, "match new", game="underworlds", opponent=bob)
        [thread] = fake.threads_of(fake.channel)
        [invite] = fake.channel_messages(thread)
        await fake.click(bob, invite, invite.custom_ids[0])
        match_id = await store.match_in(thread.id)
        users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}
        for seat, warband in (("player1", "Steelheart"), ("player2", "Garrek")):
            [pick, *_] = await fake.autocomplete(users[seat], thread, "uw setup warband", focused="warband",
                                                 warband=warband)
            sent = await fake.slash(users[seat], thread, "uw setup warband", warband=pick["value"])
            assert sent.ephemeral  # secret choices are answered privately
            [pick, *_] = await fake.autocomplete(users[seat], thread, "uw setup deck", focused="deck", deck="")
            sent = await fake.slash(users[seat], thread, "uw setup deck", deck=pick["value"])
            assert sent.ephemeral
        match = await store.load(match_id)
        from engine.underworlds.system import view as uw_view

        [chooser] = uw_view(match.state, None)["awaiting"]
        other = users["player2" if chooser == "player1" else "player1"]
        chosen = await fake.slash(users[chooser], thread, "uw setup first", player=chooser)
        assert not chosen.ephemeral and f"m:undo:{match_id}" in chosen.message.custom_ids
        asked = await fake.click(users[chooser], chosen, f"m:undo:{match_id}")
        assert f"<@{other.id}>" in asked.content and [int(u) for u in asked.message.allowed_mentions["users"]] == [other.id]
        refused = await fake.click(users[chooser], asked, f"m:undo-yes:{match_id}")
        assert refused.ephemeral
        accepted = (await fake.click(other, asked, f"m:undo-yes:{match_id}")).messages[-1]
        assert "taken back" in accepted.content and fake.messages[asked.message.id].components == []
        assert (await store.load(match_id)).state == match.state

        # nobody acts for a while: the player awaited is reminded, and only they are pinged
        cog = bot.get_cog("GamesCog")
        before = len(fake.channel_messages(thread))
        assert await cog.remind_once(match.updated_at + 5 * 60 + 30) == 1
        await asyncio.sleep(0.05)
        [reminder] = fake.channel_messages(thread)[before:]
        assert f"<@{users[chooser].id}>" in reminder.content and "⏰" in reminder.content
        assert [int(u) for u in reminder.allowed_mentions["users"]] == [users[chooser].id]
        assert await cog.remind_once(match.updated_at + 5 * 60 + 60) == 0
