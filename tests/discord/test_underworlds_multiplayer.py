"""Three- and four-player Underworlds through the fake Discord gateway (issue #19): ``/match new underworlds`` with
``opponent2`` (and ``opponent3``), every invited player accepts, and the players choose only among what
``/uw do`` autocomplete offers until the victory embed. Every board is a valid PNG, the last one has each player's
colour (four distinct with four players), and no hand card reaches a public message."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageColor

from engine.underworlds.system import view as uw_view
from table.underworlds.board import seat_colours
from tests.discord.bot_fixtures import running_bot, store_for
from tests.discord.underworlds_play import hidden_card_names, pick_action
from tests.discord.fake_discord_model import message_text

WARBANDS = ("Steelheart", "Garrek")




@pytest.mark.parametrize("players", [3, 4])
async def test_a_multiplayer_match_on_discord_from_match_new_to_the_victory_embed(fake_discord, redis, prefix, players):
    fake = fake_discord
    users = [fake.add_user(n) for n in ("alice", "bob", "carol", "dave")[:players]]
    store = store_for(redis, prefix)
    rng = random.Random(players * 31)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=1_000_000):
        extra = dict(zip(("opponent2", "opponent3"), users[2:]))
        opened = await fake.slash(users[0], fake.channel, "match new", game="underworlds", opponent=users[1], **extra)
        assert not opened.ephemeral, opened.content
        [thread] = fake.threads_of(fake.channel)
        [invite] = fake.channel_messages(thread)
        message = invite
        for user in users[1:]:
            clicked = await fake.click(user, message, message.custom_ids[0])
            assert not clicked.ephemeral, clicked.content
            message = clicked.messages[-1]
        assert "begins" in message.content or "accepted" in message.content, message.content
        match_id = await store.match_in(thread.id)
        match = await store.load(match_id)
        by_seat = {h.seat: next(u for u in users if u.id == h.user_id) for h in match.seats}
        assert list(by_seat) == [f"player{i}" for i in range(1, players + 1)]

        for _ in range(3000):
            match = await store.load(match_id)
            if match.status.over:
                break
            state = match.state
            seat = uw_view(state, None)["awaiting"][0]
            stage = state["setup"]["stage"] if state["phase"] == "setup" else None
            value = await pick_action(fake, by_seat[seat], thread, WARBANDS[state["seats"].index(seat) % 2], stage, rng)
            assert value is not None, f"nothing offered to {seat} at {uw_view(state, None)['prompt']}"
            result = await fake.slash(by_seat[seat], thread, "uw do", action=value)
            assert (await store.load(match_id)).log_length == match.log_length + 1, result.content
        match = await store.load(match_id)
        assert match.status.value == "finished", "the match reached its end"
        assert len(match.state["seats"]) == players and match.state["outcome"]

    messages = fake.channel_messages(thread)
    assert any("wins" in (e.get("title") or "") or "draw" in (e.get("title") or "").lower()
               for m in messages[-3:] for e in m.embeds)

    boards = [m.files["board.png"] for m in messages if "board.png" in m.files]
    assert len(boards) > 10
    for png in boards:
        image = Image.open(io.BytesIO(png))
        image.verify()
        assert image.format == "PNG" and image.size[0] == 1280

    # the last board: each player's colour is on it (their legend disc at least), so four distinct with four players
    colours = seat_colours(uw_view(match.state, None))
    assert len({c.lower() for c in colours.values()}) == players
    found = {c for _, c in Image.open(io.BytesIO(boards[-1])).convert("RGB").getcolors(1 << 20)}
    for colour in colours.values():
        want = ImageColor.getrgb(colour)
        assert any(sum(abs(a - b) for a, b in zip(p, want)) < 6 for p in found), colour

    # no card that stayed hidden appears in a message everyone can see
    hidden = await hidden_card_names(store, match_id, match)
    for m in fake.messages.values():
        if not m.ephemeral:
            text = message_text(m)
            assert not [name for name in hidden if name in text], text[:300]
