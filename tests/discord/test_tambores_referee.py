"""``/tdg ref ...`` through the fake Discord gateway: either player, out of turn, logged in the thread; a hidden card
moved by the referee is named only in its owner's ephemeral reply (digest §16); a unit placed, moved and lifted and an
equipment card moved between units, on the board and in the log, with no hidden card named in public."""
from __future__ import annotations

import asyncio
import copy

import yaml

from engine.core.system import find_system
from engine.tambores.cards import training_document
from engine.tambores.state import card_id
from table.store import Store
from tests.discord.bot_fixtures import running_bot
from tests.discord.fake_discord_model import message_text

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


SHIELD = "escudo-triangular"


def shield_pack() -> bytes:
    """The training pack with Escudo Triangulars in the human deck (the training decks hold no equipment: its text
    is unknown, so this test pack gives it one, to be settled by the referee)."""
    doc = copy.deepcopy(training_document())
    doc.update(id="tdg-shields", name="Training decks with shields")
    shield = next(e for e in doc["entries"]["equipment"] if e["id"] == SHIELD)
    shield["text"] = "Test text: settled by the referee"
    humans = next(d for d in doc["entries"]["decks"] if d["id"] == "humans")
    humans["cards"].append({"card": SHIELD, "copies": 6})
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False).encode("utf-8")


async def settled(fake, thread, before: int) -> str:
    """The public text posted since message ``before`` (the public post follows the ephemeral answer)."""
    for _ in range(300):
        if any(not m.ephemeral for m in fake.channel_messages(thread)[before:]):
            break
        await asyncio.sleep(0.01)
    return "\n".join(message_text(m) for m in fake.channel_messages(thread)[before:] if not m.ephemeral)


async def test_referee_places_moves_and_lifts_units_and_moves_equipment_with_no_hidden_card_named(
        fake_discord, redis, prefix):
    """Digest §6.1 (a unit into an empty slot), §6.2 (equipment under a unit, never two of one name) and §16 (hands
    and the draw deck are secret, the front line is face up): ``/tdg ref place|shift|lift``."""
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = Store(redis, prefix=prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        imported = await fake.slash(alice, fake.channel, "pack import", file=("shields.yaml", shield_pack()))
        assert "tdg-shields" in imported.content, imported.content
        await fake.slash(alice, fake.channel, "match new", game="tambores", opponent=bob, pack="tdg-shields")
        thread = fake.threads_of(fake.channel)[-1]
        invite = fake.channel_messages(thread)[0]
        await fake.click(bob, invite, invite.custom_ids[0])
        match_id = await store.match_in(thread.id)
        users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}
        commands = {"ChooseMode": ("mode", "mode"), "ChooseArmy": ("army", "deck"), "ChooseHero": ("hero", "hero"),
                    "RemoveCard": ("remove", "card")}
        for _ in range(40):  # the setup choices, whatever this pack leaves to the players
            st = (await store.load(match_id)).state
            if st["step"] == "deploy":
                break
            for seat in SYSTEM.view(st, None)["awaiting"]:
                offered = [a for a in SYSTEM.legal_actions(st, seat) if "random" not in a.values()]
                wanted = ("joanna", "krangg", "humans" if seat == "player1" else "orcs", "skirmish")
                action = next((a for a in offered if set(a.values()) & set(wanted)), offered[0])
                command, field = commands[action["type"]]
                await fake.slash(users[seat], thread, f"tdg {command}", **{field: action[field]})
        assert st["step"] == "deploy", st["step"]
        mine = next(s for s in st["seats"] if st["players"][s]["army"] == "human")
        human = users[mine]
        cat = st["catalogue"]
        me = st["players"][mine]
        if not any(card_id(c) == SHIELD for c in me["hand"]):  # the owner takes one from a hidden pile of theirs
            source = next(p for p in ("draw_deck", "removed", "discard") if any(card_id(c) == SHIELD for c in me[p]))
            took = await fake.slash(human, thread, "tdg ref move", card=SHIELD, source=source, target="hand")
            assert "Escudo Triangular" in took.content, took.content
        st = (await store.load(match_id)).state
        me = st["players"][mine]
        first = next((card_id(c) for c in me["hand"] if card_id(c) in cat["units"]), None)
        source = "hand" if first else "draw_deck"
        first = first or next(card_id(c) for c in me["draw_deck"] if card_id(c) in cat["units"])
        second = next(card_id(c) for c in me["draw_deck"] if card_id(c) in cat["units"])
        names = {cid: cat["units"][cid]["name"] for cid in (first, second)}

        before = len(fake.channel_messages(thread))
        placed = await fake.slash(human, thread, "tdg ref place", card=first, source=source, slot="1",
                                  reason="Llamada a filas")
        assert f"{names[first]} from the" in placed.content and "into slot 1" in placed.content, placed.content
        posted = await settled(fake, thread, before)
        assert "Llamada a filas" in posted and names[first] in posted
        await fake.slash(human, thread, "tdg ref place", card=second, source="draw_deck", slot="2")
        taken = await fake.slash(human, thread, "tdg ref place", card=second, source="draw_deck", slot="2")
        assert "Lift it first" in taken.content, taken.content
        equipped = await fake.slash(human, thread, "tdg ref place", card=SHIELD, source="hand", slot="1")
        assert f"Escudo Triangular from the hand of {human.name} under {names[first]} #1" in equipped.content, \
            equipped.content
        me = (await store.load(match_id)).state["players"][mine]
        pile = next(p for p in ("hand", "draw_deck", "removed", "discard") if any(card_id(c) == SHIELD for c in me[p]))
        again = await fake.slash(human, thread, "tdg ref place", card=SHIELD, source=pile, slot="1")
        assert "same name" in again.content, again.content

        before = len(fake.channel_messages(thread))
        moved = await fake.slash(bob if human is alice else alice, thread, "tdg ref shift", side="theirs", slot="1",
                                 to="2", card=SHIELD, reason="Robo de equipo")
        assert f"under {names[second]} #2" in moved.content, moved.content
        st = (await store.load(match_id)).state
        slots = st["players"][mine]["slots"]
        assert slots[0]["attached"] == [] and [card_id(a) for a in slots[1]["attached"]] == [SHIELD]
        posted = await settled(fake, thread, before)
        assert "Robo de equipo" in posted

        swapped = await fake.slash(human, thread, "tdg ref shift", side="mine", slot="1", to="2", swap="yes")
        assert "swapping places" in swapped.content, swapped.content
        st = (await store.load(match_id)).state
        assert card_id(st["players"][mine]["slots"][1]["card"]) == first
        lifted = await fake.slash(human, thread, "tdg ref lift", side="mine", slot="2", target="hand",
                                  reason="Retirada")
        assert f"{names[first]} from slot 2" in lifted.content, lifted.content
        st = (await store.load(match_id)).state
        assert st["players"][mine]["slots"][1] is None
        assert card_id(st["players"][mine]["hand"][0]) == first or any(
            card_id(c) == first for c in st["players"][mine]["hand"])

        await asyncio.sleep(0.2)
        public = "\n".join(message_text(m) for m in fake.messages.values() if not m.ephemeral)
        shown = {names[first], names[second], "Escudo Triangular"}
        hidden = {cat[k][card_id(c)]["name"] for s in ("player1", "player2")
                  for pile in ("hand", "draw_deck", "removed") for c in st["players"][s][pile]
                  for k in ("units", "equipment") if card_id(c) in cat[k]} - shown
        leaked = [n for n in hidden if n in public]
        assert not leaked, leaked


async def test_the_tdg_commands_fit_discord_in_both_languages(fake_discord, redis, prefix):
    """Discord counts a command group's names, descriptions and choices, each by its longest localization, against
    4,000 characters: /tdg with its referee commands stays under it."""
    from tests.discord.limits import _command_chars, check_command_tree

    async with running_bot(fake_discord, redis, prefix):
        [tdg] = [c for c in fake_discord.synced_commands if c["name"] == "tdg"]
    assert check_command_tree([tdg]) == []
    assert _command_chars(tdg) < 4000, _command_chars(tdg)
