"""A whole Mage Wars duel through the fake Discord gateway: ``/match new magewars`` to the victory embed.

Apprentice mode (Warlock vs Beastmaster, the rulebook's first duel, digest §3.2), chosen at the table with ``/mw setup``. The players choose only among
what autocomplete offers them (a seeded pick that favours attacks, casts and moves, so the duel ends). Along the
way: every arena image is a valid PNG; a face-down enchantment's name is never in a message of the thread nor in
a reply to the other player; a third user is refused; an illegal cast is refused ephemerally and changes nothing.
"""
from __future__ import annotations

import asyncio
import io
import random

from PIL import Image

from tests.discord.bot_fixtures import open_match, running_bot, store_for
from tests.discord.limits import board_problems, boards_posted
from tests.discord.fake_discord_model import message_text


async def _settle(fake, thread, before: int) -> None:
    for _ in range(100):
        if any(not m.ephemeral for m in fake.channel_messages(thread)[before:]):
            return
        await asyncio.sleep(0.01)


async def choose(fake, thread, users: dict, picks: list[tuple[str, str]]) -> list:
    """The choices before the duel (engine/magewars/choices.py), each picked by its label in ``/mw setup``'s
    autocomplete: [(seat, label), ...]; the replies."""
    replies = []
    for seat, label in picks:
        offered = await fake.autocomplete(users[seat], thread, "mw setup", focused="action", action="")
        [value] = [c["value"] for c in offered if c["name"] == label] or [offered]
        replies.append(await fake.slash(users[seat], thread, "mw setup", action=value))
    return replies


APPRENTICE_DUEL = [("player1", "Play Apprentice (2 × 3 arena)"),
                   ("player1", "Warlock with the book apprentice-warlock"),
                   ("player2", "Beastmaster with the book apprentice-beastmaster")]
"""The rulebook's first duel (digest §3.2), chosen at the table."""


def named(secret: set[str], text: str) -> list[str]:
    """The secret card names ``text`` mentions, not counting a longer card's name that contains one (Regrowth in
    Regrowth Belt or Iguana Regrowth, which a player may cast face up)."""
    from engine.magewars.cards import all_cards
    longer = sorted({c.name for c in all_cards().values()}, key=len, reverse=True)
    found = []
    for name in secret:
        rest = text
        for other in longer:
            if name in other and other != name:
                rest = rest.replace(other, "")
        if name in rest:
            found.append(name)
    return found


async def test_a_whole_mage_wars_duel_on_discord(fake_discord, redis, prefix):
    fake = fake_discord
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    store = store_for(redis, prefix)
    rng = random.Random(2016)  # a path that ends the duel (the choices come first)
    replies: dict[int, list] = {alice.id: [], bob.id: []}
    hidden_names: dict[str, set[str]] = {}  # seat -> names of its enchantments cast face down (still hidden or not)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        await fake.slash(alice, fake.channel, "match new", game="magewars", opponent=bob)
        [thread] = fake.threads_of(fake.channel)
        [invite] = fake.channel_messages(thread)
        accepted = (await fake.click(bob, invite, invite.custom_ids[0])).messages[-1]
        assert "accepted" in accepted.content and accepted.embeds[0]["title"].startswith("Mage Wars")
        match_id = await store.match_in(thread.id)
        users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}

        intruder = await fake.slash(carol, thread, "mw pass")
        assert intruder.ephemeral and "only its players" in intruder.content
        assert await fake.autocomplete(carol, thread, "mw do", focused="action", action="") == []

        await choose(fake, thread, users, APPRENTICE_DUEL)

        coverage = await fake.slash(alice, thread, "mw coverage")
        assert coverage.ephemeral and " of " in coverage.content

        refused_cast = False
        for _ in range(1500):
            match = await store.load(match_id)
            if match.status.over:
                break
            state = match.state
            from engine.magewars.system import SYSTEM
            seat = SYSTEM.awaiting(state)[0]
            user = users[seat]
            if not refused_cast and state["step"] == "activation":
                bad = await fake.slash(user, thread, "mw do", action="Cast caster=o1 spell=Fireball target=A1")
                assert bad.ephemeral, bad.content
                assert await store.load(match_id) == match
                refused_cast = True
            offered = await fake.autocomplete(user, thread, "mw do", focused="action", action="")
            assert offered, f"nothing offered at {state['step']}"
            labels = [c["name"] for c in offered]
            bold = [c for c in offered if c["name"].split()[0] not in ("Concede", "Reveal", "Pass", "Skip", "End")
                    and ("→" in c["name"] or "moves" in c["name"] or c["name"].startswith(("Activate", "Prepare")))]
            if state["step"] == "plan":
                plans = [c for c in offered if "+" in c["name"]]
                choice = rng.choice(plans or offered)
            else:
                safe = [c for c in offered if not c["name"].startswith(("Concede",))]
                choice = rng.choice(bold) if bold and rng.random() < 0.85 else rng.choice(safe)
            before = len(fake.channel_messages(thread))
            result = await fake.slash(user, thread, "mw do", action=choice["value"])
            replies[user.id].append(result)
            after = await store.load(match_id)
            assert after.log_length == match.log_length + 1, (result.content, labels)
            await _settle(fake, thread, before)
            entry = (await store.log(match_id, 1))[0]
            for e in entry.get("events", ()):
                if e["type"] == "EnchantmentCast":
                    hidden_names.setdefault(entry["seat"], set()).add(e["spell"])
        match = await store.load(match_id)
        assert match.status.value == "finished", "the duel reached its end"
        assert refused_cast

    messages = fake.channel_messages(thread)
    assert any((e.get("title") or "").startswith("🏆") for e in messages[-1].embeds)

    boards = [m.files["board.png"] for m in messages if "board.png" in m.files]
    assert len(boards) > 20
    for png in boards:
        image = Image.open(io.BytesIO(png))
        image.verify()
        assert image.format == "PNG" and image.size[0] <= 1400

    # A face-down enchantment is named only once revealed; never while hidden, in any public message or reply to
    # the other player. Names also cast face up (a revealed copy, another card) are left out of the check.
    revealed = {e.get("spell") or e.get("card") for entry in await store.log(match_id) for e in entry.get("events", ())
                if e["type"] in ("EnchantmentRevealed", "BlockRevealed", "SpellCast", "ObjectDestroyed")}
    public = [m for m in fake.messages.values() if not m.ephemeral]
    seats = {alice.id: next(s for s, u in users.items() if u is alice), bob.id: next(s for s, u in users.items() if u is bob)}
    for seat, names in hidden_names.items():
        secret = names - revealed
        for message in public:
            assert not named(secret, message_text(message)), message_text(message)[:300]
        other = next(u for u, s in seats.items() if s != seat)
        for reply in replies[other]:
            assert not named(secret, message_text(reply))
    assert hidden_names, "the duel had enchantments cast face down"
    # every board went out as an attachment of its own with its alt text, none inside an embed (issue 34 item 3)
    posted = [(m.attachments, m.embeds) for m in fake.messages.values()]
    assert len(boards_posted(posted)) > 3 and board_problems(posted) == []
    assert all(b["description"] for b in boards_posted(posted))


async def test_a_pass_at_the_end_of_a_window_becomes_the_panel(fake_discord, redis, prefix):
    """Issue #15 (timing must not leak secrets): past a response window's deadline the table passes for a player
    who holds nothing; that post is the match's new turn panel, and the previous panel loses its stale buttons."""
    from engine.magewars.system import SYSTEM
    from table.presenter import Scene, find_presenter

    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = store_for(redis, prefix)
    rng = random.Random(7)
    presenter = find_presenter("magewars")
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000) as bot:
        thread, match_id = await open_match(fake, store, alice, bob, "magewars")
        users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}
        await choose(fake, thread, users, APPRENTICE_DUEL)
        for _ in range(400):  # play until a window opens for a player who holds no answer
            match = await store.load(match_id)
            seat = SYSTEM.awaiting(match.state)[0]
            legal = SYSTEM.legal_actions(match.state, seat)
            window = presenter.window(Scene(SYSTEM.view(match.state, seat), {}, viewer=seat), legal)
            if window is not None and not window.holds:
                break
            offered = await fake.autocomplete(users[seat], thread, "mw do", focused="action", action="")
            plans = [c for c in offered if "+" in c["name"]] if match.state["step"] == "plan" else []
            safe = [c for c in offered if not c["name"].startswith(("Concede", "Skip"))] or offered
            await fake.slash(users[seat], thread, "mw do", action=rng.choice(plans or safe)["value"])
        else:
            raise AssertionError("no window without an answer opened")
        old_panel = match.panel_message_id
        assert old_panel and fake.messages[old_panel].components
        cog = bot.get_cog("GamesCog")
        assert await cog.windows_once(bot.services.table.clock() + 60) == 1
        await asyncio.sleep(0.05)
        after = await store.load(match_id)
        assert after.log_length == match.log_length + 1 and after.log_length and \
            (await store.log(match_id, 1))[0]["action"] == {"type": "Skip"}
        assert after.panel_message_id not in (None, old_panel)
        assert fake.messages[after.panel_message_id].channel_id == thread.id
        assert fake.messages[old_panel].components == []


async def test_players_choose_their_mages_and_a_packs_spellbook_on_discord(fake_discord, redis, prefix):
    """Digest §3.2, §15; ruling "Who chooses the mode": ``/match new magewars pack:`` → the challenger chooses the
    mode, each player a mage and a book in secret (one the pack's own, after ``/pack import``) → the duel starts
    with the mages chosen."""
    import yaml

    from tests.engine.magewars.test_choices import wolves_pack

    fake = fake_discord
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    store = store_for(redis, prefix)
    async with running_bot(fake, redis, prefix, rate_limit_per_minute=100_000):
        imported = await fake.slash(alice, fake.channel, "pack import",
                                    file=("wolves.yaml", yaml.safe_dump(wolves_pack(2)).encode()))
        assert "wolves" in imported.content, imported.content
        await fake.slash(alice, fake.channel, "match new", game="magewars", opponent=bob, pack="wolves")
        [thread] = fake.threads_of(fake.channel)
        [invite] = fake.channel_messages(thread)
        await fake.click(bob, invite, invite.custom_ids[0])
        match_id = await store.match_in(thread.id)
        users = {h.seat: (alice if h.user_id == alice.id else bob) for h in (await store.load(match_id)).seats}
        offered = await fake.autocomplete(users["player2"], thread, "mw setup", focused="action", action="")
        assert offered == [], "only the challenger chooses the mode"
        before = len(fake.channel_messages(thread))
        picks = await choose(fake, thread, users, [("player1", "Play full game (4 × 3 arena)"),
                                                   ("player2", "Beastmaster with the book wolves")])
        assert "Beastmaster" in picks[-1].content and picks[-1].ephemeral, picks[-1].content
        public = "\n".join(message_text(m) for m in fake.channel_messages(thread)[before:] if not m.ephemeral)
        assert "has chosen a mage" in public and "wolves" not in public, "secret until both chose"
        await choose(fake, thread, users, [("player1", "Wizard trained in Air, with the book starter-wizard")])
        match = await store.load(match_id)
        state = match.state
        assert state["mode"] == "full" and state["books"]["player2"] == {"Timber Wolf": 2}
        assert {s: state["objects"][o]["mage"] for s, o in state["mages"].items()} == \
            {"player1": "wizard", "player2": "beastmaster"}
        public = "\n".join(message_text(m) for m in fake.channel_messages(thread) if not m.ephemeral)
        assert "Mages revealed" in public and "wolves" in public
