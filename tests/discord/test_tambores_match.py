"""A whole Tambores de Guerra battle through the fake Discord gateway: ``/match new tambores`` to the result embed.

The players choose only among what autocomplete offers (a seeded pick), with the training pack (by default, and
chosen with ``pack:`` after ``/pack import``). Along the way: a battle image after every action (a valid PNG, 1280
pixels wide); a third user refused; an illegal action refused ephemerally with nothing changed; a panel button
pressed; ``/tdg deploy`` filled option by option from autocomplete; and, after every action, no card that is in a
hand (or paid face down to the removed pile) and nowhere face up appears in a message others can see, while the
owner's ephemeral ``/tdg hand`` does show their cards.
"""
from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path

from PIL import Image

from engine.core.system import find_system
from engine.tambores.state import card_id
from table.store import Store
from tests.discord.bot_fixtures import running_bot
from tests.discord.limits import board_problems, boards_posted
from tests.discord.fake_discord_model import message_text, walk_components

ROOT = Path(__file__).resolve().parents[2]
TRAINING = ROOT / "data/tambores/packs/training.yaml"
SYSTEM = find_system("tambores")


def secret_and_shown(state: dict) -> tuple[set[str], set[str]]:
    """Names of the cards in a hand, a draw deck or the face-down removed pile; names of the cards face up."""
    cat = state["catalogue"]

    def name(instance: str) -> str:
        cid = card_id(instance)
        return next(cat[k][cid]["name"] for k in ("units", "equipment", "tactics") if cid in cat[k])

    secret, shown = set(), set()
    for p in state["players"].values():
        secret |= {name(c) for c in p["hand"] + p["removed"] + p["draw_deck"]}
        shown |= {name(c) for c in p["discard"]}
        for s in p["slots"]:
            if s:
                shown |= {name(c) for c in [s["card"], *s["attached"]]}
    return secret, shown


def hidden_names(state: dict) -> set[str]:
    """Names of the secret cards that no face-up card shares now."""
    secret, shown = secret_and_shown(state)
    return secret - shown


async def settle(fake, thread, before: int) -> None:
    for _ in range(200):
        if any(not m.ephemeral for m in fake.channel_messages(thread)[before:]):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("no public message after an action")


async def start(fake, alice, bob, store, **options) -> tuple[object, str, dict]:
    await fake.slash(alice, fake.channel, "match new", game="tambores", opponent=bob, **options)
    thread = fake.threads_of(fake.channel)[-1]
    invite = fake.channel_messages(thread)[0]
    accepted = (await fake.click(bob, invite, invite.custom_ids[0])).messages[-1]
    assert "accepted" in accepted.content, accepted.content
    match_id = await store.match_in(thread.id)
    users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}
    return thread, match_id, users


async def test_a_whole_battle_on_discord_to_the_result_embed(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    store = Store(redis, prefix=prefix)
    rng = random.Random(2024)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        thread, match_id, users = await start(fake, alice, bob, store)
        first = fake.channel_messages(thread)[-1]
        panel = first.embeds[-1]
        assert "training pack — unofficial values" in panel["description"] and "choose the mode" in panel["description"]
        assert "board.png" not in first.files  # no battle yet: the mode and armies come first

        intruder = await fake.slash(carol, thread, "tdg pass")
        assert intruder.ephemeral and "only its players" in intruder.content
        assert await fake.autocomplete(carol, thread, "tdg do", focused="action", action="") == []

        checked_illegal = pressed_button = deployed_by_options = showed_hand = replenished_by_button = False
        actions = 0
        ever_shown: set[str] = set()
        for _ in range(600):
            match = await store.load(match_id)
            if match.status.over:
                break
            view = SYSTEM.view(match.state, None)
            seat = view["awaiting"][0]
            user = users[seat]
            legal = SYSTEM.legal_actions(match.state, seat)
            if not checked_illegal and view["step"] == "deploy":
                refused = await fake.slash(user, thread, "tdg do", action="Declare slot=1 order=hold target=none")
                assert refused.ephemeral and "can't be played like that now" in refused.content, refused.content
                assert await store.load(match_id) == match
                checked_illegal = True
            if view["step"] == "choose_mode":  # the challenger's setup choice (ruling "Choosing the mode")
                before = len(fake.channel_messages(thread))
                chosen = await fake.slash(user, thread, "tdg mode", mode="skirmish")
                assert not chosen.ephemeral and "chooses a skirmish" in chosen.content, chosen.content
                actions += 1
                await settle(fake, thread, before)
                continue
            if not showed_hand and match.state["players"].get(seat, {}).get("hand"):
                hand = await fake.slash(user, thread, "tdg hand")
                names = {match.state["catalogue"]["units"][card_id(c)]["name"]
                         for c in match.state["players"][seat]["hand"]}
                assert hand.ephemeral and all(n in message_text(hand.message) for n in names)
                showed_hand = True
            before = len(fake.channel_messages(thread))
            if view["step"] == "replenish" and len(view["awaiting"]) == 2 and not replenished_by_button:
                # the secret choice on the panel's shared buttons: the click answers privately, the post says
                # only that a choice was made (ruling "Replenishment on buttons")
                panel_message = fake.messages[match.panel_message_id]
                labels = {c.get("label"): c["custom_id"] for c in walk_components(panel_message.components)
                          if c.get("type") == 2}
                assert {"Keep my hand", "Remove my hand, then draw"} <= set(labels), labels
                clicked = await fake.click(user, panel_message, labels["Keep my hand"])
                assert clicked.ephemeral and "Your choice" in clicked.content and "keep your hand" in clicked.content
                await settle(fake, thread, before)
                posted = [m for m in fake.channel_messages(thread)[before:] if not m.ephemeral]
                assert any("has chosen how to replenish" in m.content for m in posted)
                assert not any("Keep my hand" in m.content or "keep your hand" in m.content for m in posted)
                replenished_by_button = True
            elif not pressed_button and any(a["type"] == "Pass" for a in legal) and actions > 4:
                panel_message = fake.messages[match.panel_message_id]
                button = next(c for c in walk_components(panel_message.components)
                              if c.get("type") == 2 and c.get("label") == "Pass")
                clicked = await fake.click(user, panel_message, button["custom_id"])
                assert clicked.messages and not clicked.errors
                pressed_button = True
            elif not deployed_by_options and any(a["type"] == "DeployUnit" for a in legal):
                [card, *_] = await fake.autocomplete(user, thread, "tdg deploy", focused="card", card="")
                [slot, *_] = await fake.autocomplete(user, thread, "tdg deploy", focused="slot", card=card["value"],
                                                     slot="")
                pays = await fake.autocomplete(user, thread, "tdg deploy", focused="pay", card=card["value"],
                                               slot=slot["value"], pay="")
                assert pays and all(p["name"].startswith(("pay:", "nothing")) for p in pays)
                done = await fake.slash(user, thread, "tdg deploy", card=card["value"], slot=slot["value"],
                                        pay=pays[0]["value"])
                # the cards paid face down are told to their payer alone (seed 002 l.210), the deployment publicly
                assert not done.content.startswith("❌") and (not done.ephemeral or "face down" in done.content), \
                    done.content
                deployed_by_options = True
            else:
                offered = await fake.autocomplete(user, thread, "tdg do", focused="action", action="")
                assert offered, f"nothing offered to {seat} at {view['step']}"
                if view["step"] == "replenish":  # keep the hand, mostly: the battle lasts and cards run out anyway
                    keep = [o for o in offered if o["name"] == "Keep my hand"]
                    offered = keep if keep and rng.random() < 0.8 else offered
                result = await fake.slash(user, thread, "tdg do", action=rng.choice(offered)["value"])
                assert not result.content.startswith("❌"), result.content
            after = await store.load(match_id)
            assert after.log_length == match.log_length + 1
            actions += 1
            await settle(fake, thread, before)
            hidden = hidden_names(after.state)
            ever_shown |= secret_and_shown(after.state)[1]
            for message in fake.channel_messages(thread)[before:]:
                if message.ephemeral:
                    continue
                text = message_text(message)
                leaked = [n for n in hidden if n in text]
                assert not leaked, (leaked, text[:600])
                assert "board.png" in message.files or after.status.over or not after.state["players"]
        match = await store.load(match_id)
        assert match.status.value == "finished", "the battle reached its end"
        assert checked_illegal and pressed_button and deployed_by_options and showed_hand and replenished_by_button

    messages = fake.channel_messages(thread)
    last = messages[-1]
    [result] = [e for e in last.embeds if e.get("title", "").startswith(("🏆", "🤝"))]
    assert "Decided by:" in result["description"] and "§1" in result["description"]
    # no public panel keeps a choice once the match is over (a private menu answering a secret choice is only its
    # player's, and pressed late it answers that the choice has passed)
    assert [m.id for m in messages if not m.ephemeral and any(c.startswith("g:") for c in m.custom_ids)] == [], \
        "no stale choice left"
    boards = [m.files["board.png"] for m in messages if "board.png" in m.files]
    assert len(boards) >= actions - 2  # no board before the armies are known (the mode, the first army)
    for png in boards:
        image = Image.open(io.BytesIO(png))
        image.verify()
        assert image.format == "PNG" and image.size[0] == 1280
    # a card never face up in the whole match is absent from every public message of it
    hidden = secret_and_shown(match.state)[0] - ever_shown
    for message in (m for m in fake.messages.values() if not m.ephemeral):
        assert not [n for n in hidden if n in message_text(message)]
    # every board went out as an attachment of its own with its alt text, none inside an embed (issue 34 item 3)
    posted = [(m.attachments, m.embeds) for m in fake.messages.values()]
    assert len(boards_posted(posted)) > 3 and board_problems(posted) == []
    assert all(b["description"] for b in boards_posted(posted))


async def test_the_training_pack_chosen_with_pack_after_importing_it(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        imported = await fake.slash(alice, fake.channel, "pack import", file=("training.yaml", TRAINING.read_bytes()))
        assert "tambores-training" in imported.content, imported.content
        thread, match_id, users = await start(fake, alice, bob, store, pack="tambores-training")
        match = await store.load(match_id)
        assert match.state["pack_id"] == "tambores-training" and match.state["pack_training"]
        panel = fake.channel_messages(thread)[-1]
        assert "training pack — unofficial values" in panel.embeds[-1]["description"]
        seat = SYSTEM.view(match.state, None)["awaiting"][0]
        fake.guild.locale = "es-ES"  # the server's language is the table's
        spanish = await fake.slash(users[seat], thread, "tdg hand")
        assert spanish.ephemeral and spanish.embeds[0]["title"].startswith("Mano de")
