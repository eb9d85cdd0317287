"""A duel and a campaign of Tambores de Guerra through the fake Discord gateway, each from ``/match new tambores`` to
its result embed: the challenger chooses the mode with ``/tdg mode``, both players choose their army deck on the
panel's shared buttons (each click answered privately; the post says only that a choice was made), then every
decision is picked among what ``/tdg do`` offers. The pack is the training pack with two copies of each card (so the
battles are short), imported with ``/pack import`` and named with ``pack:``."""
from __future__ import annotations

import asyncio
import copy
import random

import yaml

from engine.core.system import find_system
from engine.tambores.cards import training_document
from table.store import Store
from tests.discord.bot_fixtures import running_bot
from tests.discord.fake_discord_model import walk_components

SYSTEM = find_system("tambores")


def short_pack() -> bytes:
    doc = copy.deepcopy(training_document())
    doc.update(id="tdg-short", name="Short training decks")
    for deck in doc["entries"]["decks"]:
        for entry in deck["cards"]:
            entry["copies"] = 2
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False).encode("utf-8")


async def settle(fake, thread, before: int) -> None:
    for _ in range(300):
        if any(not m.ephemeral for m in fake.channel_messages(thread)[before:]):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("no public message after an action")


async def play_match(fake, store, mode: str, seed: int):
    alice, bob = fake.add_user(f"alice{seed}"), fake.add_user(f"bob{seed}")
    imported = await fake.slash(alice, fake.channel, "pack import", file=("short.yaml", short_pack()))
    assert "tdg-short" in imported.content, imported.content
    await fake.slash(alice, fake.channel, "match new", game="tambores", opponent=bob, pack="tdg-short")
    thread = fake.threads_of(fake.channel)[-1]
    invite = fake.channel_messages(thread)[0]
    await fake.click(bob, invite, invite.custom_ids[0])
    match_id = await store.match_in(thread.id)
    users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}
    rng = random.Random(seed)

    match = await store.load(match_id)
    assert match.state["step"] == "choose_mode" and SYSTEM.view(match.state, None)["awaiting"] == ["player1"]
    before = len(fake.channel_messages(thread))
    chosen = await fake.slash(users["player1"], thread, "tdg mode", mode=mode)
    assert f"chooses a {mode}" in chosen.content, chosen.content
    await settle(fake, thread, before)

    decks = {"player1": "Humans (training)", "player2": "Orcs (training)"}
    for seat in ("player2", "player1"):  # each army on the panel's shared buttons, answered privately
        match = await store.load(match_id)
        panel = fake.messages[match.panel_message_id]
        buttons = {c.get("label"): c["custom_id"] for c in walk_components(panel.components) if c.get("type") == 2}
        label = f"Army: {decks[seat]} ({'Humans' if seat == 'player1' else 'Orcs'})"
        assert label in buttons, buttons
        before = len(fake.channel_messages(thread))
        clicked = await fake.click(users[seat], panel, buttons[label])
        assert clicked.ephemeral and decks[seat] in clicked.content, clicked.content
        await settle(fake, thread, before)
        posted = "\n".join(m.content for m in fake.channel_messages(thread)[before:] if not m.ephemeral)
        assert "has chosen an army deck" in posted
        assert seat == "player1" or decks[seat] not in posted  # revealed only when both have chosen
    assert "Armies revealed" in posted and all(d in posted for d in decks.values())

    for _ in range(1500):
        match = await store.load(match_id)
        if match.status.over:
            break
        seat = SYSTEM.view(match.state, None)["awaiting"][0]
        offered = await fake.autocomplete(users[seat], thread, "tdg do", focused="action", action="")
        assert offered, match.state["step"]
        before = len(fake.channel_messages(thread))
        result = await fake.slash(users[seat], thread, "tdg do", action=rng.choice(offered)["value"])
        assert not result.content.startswith("❌"), result.content
        await settle(fake, thread, before)
    match = await store.load(match_id)
    assert match.status.value == "finished"
    last = [m for m in fake.channel_messages(thread) if not m.ephemeral][-1]
    [result] = [e for e in last.embeds if e.get("title", "").startswith(("🏆", "🤝"))]
    return match, result


async def test_a_duel_from_match_new_to_its_result(fake_discord, redis, prefix):
    """Digest §15.2: two battles, the armies swapped for the second, heroes at random; the result names both."""
    store = Store(redis, prefix=prefix)
    async with running_bot(fake_discord, redis, prefix, rate_limit_per_minute=100_000):
        match, result = await play_match(fake_discord, store, "duel", seed=7)
    results = match.state["series"]["results"]
    assert match.state["mode"] == "duel" and len(results) == 2
    assert match.state["players"]["player1"]["deck"] == "orcs"  # battle 2: the armies swapped
    assert all(f"Battle {n}" in result["description"] for n in (1, 2)), result["description"]


async def test_a_campaign_from_match_new_to_its_result(fake_discord, redis, prefix):
    """Digest §15.3: three battles, the same army, a hero of each colour per player, points for the wins."""
    store = Store(redis, prefix=prefix)
    async with running_bot(fake_discord, redis, prefix, rate_limit_per_minute=100_000):
        match, result = await play_match(fake_discord, store, "campaign", seed=3)
    results = match.state["series"]["results"]
    assert match.state["mode"] == "campaign" and len(results) == 3
    for seat in ("player1", "player2"):
        assert sorted(r["colours"][seat] for r in results) == ["bronze", "gold", "silver"]
    assert all(f"Battle {n}" in result["description"] for n in (1, 2, 3)) and "Points:" in result["description"]
