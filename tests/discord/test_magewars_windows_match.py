"""Mage Wars' questions inside an action on Discord (engine/magewars/windows.py): a wolf attacks a mage who holds
two defenses and a face-down Rhino Hide; the mage's player reveals it in the reveal window (``/mw respond``) and
chooses a defense (``/mw defend``). The hidden name never reaches the thread nor the attacker before its reveal;
the attacker is offered nothing while the defender decides. Digest §9.7, §10.3 step 4, §10.4; seed 001 l.627,
l.631, l.743, l.761."""
from __future__ import annotations

import asyncio

from engine.core.rng import SeededRng
from engine.magewars.cards import card, kind_of
from engine.magewars.state import new_object
from engine.magewars.system import SYSTEM
from tests.discord.bot_fixtures import open_match, running_bot, store_for
from tests.discord.fake_discord_model import message_text
from tests.discord.test_magewars_match import choose

FULL_DUEL = [("player1", "Play full game (4 × 3 arena)"),
             ("player1", "Warlock with the book starter-warlock"),
             ("player2", "Beastmaster with the book starter-beastmaster")]


def at_the_attack(state: dict, hidden: bool = True) -> tuple[dict, str, str | None]:
    """The duel brought to player1's action turn (planning skipped, as in tests/engine/magewars/duel_support.py),
    a Timber Wolf of player1's beside player2's mage, who wears Force Sword and Deflection Bracers and holds a
    face-down Rhino Hide (unless not ``hidden``). Returns (state, wolf, Rhino Hide)."""
    rng = SeededRng(b"d" * 32)
    while state["step"] != "plan":
        seat = SYSTEM.awaiting(state)[0]
        state, _ = SYSTEM.apply(state, seat, SYSTEM.legal_actions(state, seat)[0], rng)
    for seat in state["seats"]:
        state, _ = SYSTEM.apply(state, seat, {"type": "Prepare", "spells": [], "assign": {}}, rng)
    state["step"], state["turn"], state["activation"] = "turn", "player1", None
    foe = state["mages"]["player2"]
    zone = state["objects"][foe]["zone"]

    def put(name, seat, **extra):
        return new_object(state, name, kind_of(card(name)), seat, **extra)["id"]
    wolf = put("Timber Wolf", "player1", zone=zone, ready=True)
    put("Force Sword", "player2", attached_to=foe)
    put("Deflection Bracers", "player2", attached_to=foe)
    hide = put("Rhino Hide", "player2", attached_to=foe, face_down=True) if hidden else None
    return state, wolf, hide


async def pick(fake, user, thread, command: str, *words: str) -> dict:
    """The one choice of ``command``'s autocomplete whose label holds every word."""
    offered = await fake.autocomplete(user, thread, command, focused="action", action="")
    found = [c for c in offered if all(w in c["name"] for w in words)]
    assert len(found) == 1, (words, [c["name"] for c in offered])
    return found[0]


async def craft(store, match_id: str, fake, thread) -> tuple[str, str]:
    """Put the match at the attack once the bot is done posting (its own saves would overwrite the state)."""
    from table.store import StaleVersion
    count = -1
    while count != len(fake.channel_messages(thread)):
        count = len(fake.channel_messages(thread))
        await asyncio.sleep(0.05)
    for _ in range(20):
        match = await store.load(match_id)
        state, wolf, hide = at_the_attack(match.state)
        try:
            await store.save(match.model_copy(update={"state": state}))
        except StaleVersion:
            await asyncio.sleep(0.05)
            continue
        await asyncio.sleep(0.05)
        if (await store.load(match_id)).state["step"] == "turn":
            return wolf, hide
    raise AssertionError("the match could not be put at the attack")


async def _settle(fake, thread, before: int) -> None:
    for _ in range(100):
        if any(not m.ephemeral for m in fake.channel_messages(thread)[before:]):
            return
        await asyncio.sleep(0.01)


async def test_the_defender_reveals_in_the_window_and_chooses_its_defense_on_discord(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = store_for(redis, prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        thread, match_id = await open_match(fake, store, alice, bob, "magewars")
        users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}
        attacker, defender = users["player1"], users["player2"]
        await choose(fake, thread, users, FULL_DUEL)
        wolf, hide = await craft(store, match_id, fake, thread)
        # a logged action after the crafted save, so the table reads the new position (not its cached choices)
        await fake.slash(attacker, thread, "mw ref note", text="a wolf beside the Beastmaster")

        attacker_replies = []
        activate = await pick(fake, attacker, thread, "mw do", "Activate", "Timber Wolf")
        attacker_replies.append(await fake.slash(attacker, thread, "mw do", action=activate["value"]))
        attack = await pick(fake, attacker, thread, "mw do", "Timber Wolf", "Beastmaster")
        before = len(fake.channel_messages(thread))
        attacker_replies.append(await fake.slash(attacker, thread, "mw do", action=attack["value"]))
        await _settle(fake, thread, before)
        question = (await store.load(match_id)).state["pending"][0]
        assert question["type"] == "window" and question["seat"] == "player2"
        assert await fake.autocomplete(attacker, thread, "mw respond", focused="action", action="") == []

        # The window: the defender sees its Rhino Hide among the answers; the thread does not.
        reveal = await pick(fake, defender, thread, "mw respond", "Rhino Hide")
        public = "\n".join(message_text(m) for m in fake.channel_messages(thread) if not m.ephemeral)
        assert "Rhino Hide" not in public and "may reveal an enchantment first" in public
        assert not [r for r in attacker_replies if "Rhino Hide" in message_text(r)]
        before = len(fake.channel_messages(thread))
        await fake.slash(defender, thread, "mw respond", action=reveal["value"])
        await _settle(fake, thread, before)
        assert (await store.load(match_id)).state["objects"][hide]["face_down"] is False
        passed = await pick(fake, defender, thread, "mw respond", "Let the moment pass")
        await fake.slash(defender, thread, "mw respond", action=passed["value"])

        # The avoid step: the defender chooses among its defenses; the attacker is offered nothing.
        match = await store.load(match_id)
        assert match.state["pending"][0]["type"] == "defend"
        index = next(d["index"] for d in match.state["pending"][0]["defenses"] if d["source"] == "Deflection Bracers")
        assert await fake.autocomplete(attacker, thread, "mw defend", focused="action", action="") == []
        offered = await fake.autocomplete(defender, thread, "mw defend", focused="action", action="")
        assert {c["name"].split(" (")[0] for c in offered} == \
            {"Defend with Force Sword", "Defend with Deflection Bracers", "No defense"}
        bracers = await pick(fake, defender, thread, "mw defend", "Deflection Bracers")
        before = len(fake.channel_messages(thread))
        await fake.slash(defender, thread, "mw defend", action=bracers["value"])
        await _settle(fake, thread, before)
        match = await store.load(match_id)
        assert not match.state.get("pending")
        assert (await store.log(match_id, 1))[0]["action"] == {"type": "Defend", "defense": index}
        public = "\n".join(message_text(m) for m in fake.channel_messages(thread)[before:] if not m.ephemeral)
        assert "Deflection Bracers" in public, public


async def test_the_window_and_the_defense_read_in_spanish():
    """Issue #15 item 5: the new step, action and event texts exist in Spanish too."""
    from table.magewars.text import step_text, text
    view = {"step": "activation", "pending": [{"type": "defend", "seat": "player2"}]}
    assert step_text(view, "es").startswith("paso de evitar el ataque")
    assert text("action.SkipWindow", "es") == "Dejar pasar el momento"
