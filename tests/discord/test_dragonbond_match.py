"""A whole Dragonbond battle through the fake Discord gateway, with the training pack: ``/match new dragonbond`` to
the result embed.

The players type what the scripted player of ``tests/table/test_dragonbond_table.py`` chooses (deploy, attack,
charge, march by typed ``x,y``, decide, pass), and once a march picked from the named destinations autocomplete
offers. Along the way: a move too long is answered ephemerally with its distance and changes nothing; a third
user is refused; ``/db measure`` answers only its asker; every board is a valid PNG; no card of a hand appears
in a message others see.
"""
from __future__ import annotations

import asyncio
import io
import shlex

from PIL import Image

from engine.dragonbond.system import awaiting
from tests.discord.bot_fixtures import running_bot, store_for
from tests.discord.limits import board_problems, boards_posted
from tests.discord.fake_discord_model import message_text
from tests.table.test_dragonbond_local import far_point
from tests.table.test_dragonbond_table import next_command, playable  # noqa: F401 - the fixture

MAX_STEPS = 400


def slash_of(line: str) -> tuple[str, dict[str, str]]:
    """``/db attack unit:A3 target:B2`` as the slash command ``db attack`` and its options."""
    words = shlex.split(line.lstrip("/"))
    command = [w for w in words if ":" not in w]
    options = dict(w.split(":", 1) for w in words if ":" in w)
    if command[-1].isdigit():  # ``/db decide 0``: the picking command's one option
        options["action"] = command.pop()
    return " ".join(command), options


async def wait_public(fake, thread, before: int) -> None:
    for _ in range(300):
        if any(not m.ephemeral for m in fake.channel_messages(thread)[before:]):
            return
        await asyncio.sleep(0.01)


async def test_a_whole_battle_on_discord_to_the_result(fake_discord, redis, prefix, playable):  # noqa: F811
    fake = fake_discord
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    store = store_for(redis, prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        await fake.slash(alice, fake.channel, "match new", game="dragonbond", opponent=bob)
        [thread] = fake.threads_of(fake.channel)
        [invite] = fake.channel_messages(thread)
        accepted = (await fake.click(bob, invite, invite.custom_ids[0])).messages[-1]
        assert "accepted" in accepted.content
        assert "Training pack — unofficial values" in accepted.embeds[-1]["description"]
        match_id = await store.match_in(thread.id)
        users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}

        intruder = await fake.slash(carol, thread, "db pass")
        assert intruder.ephemeral and "only its players" in intruder.content

        refused = measured = autocompleted = False
        tried: dict[int, set[str]] = {}
        for _ in range(MAX_STEPS):
            match = await store.load(match_id)
            if match.status.over:
                break
            state = match.state
            seat = awaiting(state)[0]
            user = users[seat]
            turn = state["phase"] == "battle" and not state["pending_queue"] and state["active"] == seat
            if not refused and turn and (found := far_point(state, seat)):
                answer = await fake.slash(user, thread, "db march", unit=found[0], to=f"{found[1][0]},{found[1][1]}")
                assert answer.ephemeral and '"' in answer.content, answer.content
                assert "needs" in answer.content or "may move" in answer.content, answer.content
                assert await store.load(match_id) == match, "a refused move changes nothing"
                refused = True
                continue
            if not measured and state["phase"] == "battle":
                answer = await fake.slash(carol, thread, "db measure", a="A1", b="B1")
                assert answer.ephemeral and "edge to edge" in answer.embeds[0]["description"]
                offered = await fake.autocomplete(carol, thread, "db measure", focused="a", a="a2")
                assert [c["value"] for c in offered] == ["A2"] and "(A2)" in offered[0]["name"]
                measured = True
            before = len(fake.channel_messages(thread))
            if not autocompleted and turn and state["round"] == 1:
                unit = next((u for u in state["units"].values() if u["side"] == seat and u["where"] == "battlefield"
                             and not u["activated"] and not u["engaged_with"]), None)
                places = await fake.autocomplete(user, thread, "db march", focused="to", unit=unit["id"], to="") \
                    if unit else []
                if places:
                    assert all(p["name"].endswith('"') for p in places), places
                    await fake.slash(user, thread, "db march", unit=unit["id"], to=places[0]["value"])
                    assert (await store.load(match_id)).log_length == match.log_length + 1
                    autocompleted = True
                    await wait_public(fake, thread, before)
                    continue
            step = tried.setdefault(match.log_length, set())
            line = next_command(state, seat, step)
            step.add(line)
            command, options = slash_of(line)
            answer = await fake.slash(user, thread, command, **options)
            if (await store.load(match_id)).log_length > match.log_length:
                await wait_public(fake, thread, before)
            else:
                assert answer.ephemeral, answer.content
        match = await store.load(match_id)
        assert match.status.value == "finished"
        assert refused and measured and autocompleted

    messages = fake.channel_messages(thread)
    result = messages[-1].embeds[-1]
    assert "wins the battle" in result["title"] or "draw" in result["title"]
    assert "victory points" in result["description"]
    assert [m.id for m in messages if any(c.startswith("g:") for c in m.custom_ids)] == []

    boards = [m.files["board.png"] for m in messages if "board.png" in m.files]
    assert len(boards) > 10
    for png in boards:
        image = Image.open(io.BytesIO(png))
        image.verify()
        assert image.format == "PNG" and image.size[0] == 1280

    combats = [e for m in messages for e in m.embeds if e.get("title", "").startswith(("⚔️", "🏹"))]
    assert combats and all(any(f["name"] == "Attack dice" for f in e["fields"]) for e in combats)

    # no card of a hand appears where others can read it (unless it was played)
    from tests.table.test_dragonbond_table import PRESENTER, scene

    played = {e.get("card") for entry in await store.log(match_id) for e in entry.get("events", ())
              if e.get("type") == "CardPlayed"}
    names = PRESENTER.names(scene(match.state))
    hidden = {c for c, entry in names.texts.items() if entry["what"] in ("vaala", "command")} - played
    for message in (m for m in fake.messages.values() if not m.ephemeral):
        text = message_text(message)
        leaked = [c for c in hidden if c in text or names.thing(c) in text]
        assert not leaked, (leaked, text[:300])
    # every board went out as an attachment of its own with its alt text, none inside an embed (issue 34 item 3)
    posted = [(m.attachments, m.embeds) for m in fake.messages.values()]
    assert len(boards_posted(posted)) > 3 and board_problems(posted) == []
    assert all(b["description"] for b in boards_posted(posted))


async def test_the_db_commands_fit_discord_in_both_languages(fake_discord, redis, prefix, playable):  # noqa: F811
    """Discord counts a command group's names, descriptions and choices, each by its longest localization, against
    4,000 characters; every /db text has its Spanish."""
    from tests.discord.limits import _command_chars, check_command_tree

    async with running_bot(fake_discord, redis, prefix):
        [db] = [c for c in fake_discord.synced_commands if c["name"] == "db"]
    assert check_command_tree([db]) == []
    assert _command_chars(db) < 3500, _command_chars(db)
    described = [db, *(db.get("options") or [])]
    for option in list(described):
        described += option.get("options") or []
    assert all((n.get("description_localizations") or {}).get("es-ES") for n in described)
