"""The Underworlds table layer: actions through ``Table.act``, panel and buttons, hidden information,
undo, idle reminders (real Redis, no Discord)."""
from __future__ import annotations

import random

import pytest

from engine.core.errors import GameError, IllegalAction, NotAllowed
from engine.underworlds.cards import load_cards
from table.play import Play
from table.context import Actor, Context
from table.reply import Reply
from table.game_table import GameTable

ALICE, BOB, CAROL = Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol")
THREAD = 500


def ctx(actor: Actor) -> Context:
    async def open_thread(name: str) -> int:
        return THREAD
    return Context(actor, THREAD, guild_id=9, open_thread=open_thread)


async def started(table, idle_minutes: int = 0) -> tuple[GameTable, str]:
    play = Play(table, idle_minutes=idle_minutes)
    uw = play.game("underworlds")
    await table.new_match(ctx(ALICE), "underworlds", BOB)
    match_id = await table.store.match_in(THREAD)
    await table.answer_invite(ctx(BOB), match_id, True)
    return uw, match_id


def actor_of(match, seat: str) -> Actor:
    return ALICE if match.holder(seat).user_id == ALICE.user_id else BOB


WARBANDS = {"player1": "steelhearts-champions", "player2": "garreks-reavers"}


async def step(uw: GameTable, match_id: str, pick: random.Random) -> tuple[Reply, str]:
    """One legal action by whoever must act (2017 warbands; a seeded pick favouring fighting)."""
    match = await uw.store.load(match_id)
    view = uw.system.view(match.state, None)
    seat = view["awaiting"][0]
    legal = uw.legal(match, seat)
    wanted = [i for i, a in enumerate(legal) if a["type"] == "ChooseWarband" and a["warband"] == WARBANDS[seat]]
    if not wanted:
        for kinds in (("Attack", "Charge"), ("Move", "DriveBack", "Reroll"), ()):
            wanted = [i for i, a in enumerate(legal) if a["type"] in kinds or not kinds]
            if wanted and (kinds == () or pick.random() < 0.8):
                break
    index = pick.choice(wanted)
    reply = await uw.run(ctx(actor_of(match, seat)), "do", {"action": f"{match.log_length}:{index}"})
    return reply, seat


def public_texts(reply: Reply) -> list[str]:
    """Every text of the replies anyone but the actor may see."""
    out = []
    for r in ([] if reply.ephemeral else [reply]) + [p for _, p in reply.posts if not p.ephemeral]:
        out.append(r.content)
        for e in r.embeds:
            out += [e.title, e.description, e.footer] + [f"{f.name} {f.value}" for f in e.fields]
        out += [b.label for b in r.buttons]
    return out


async def test_a_whole_match_is_played_through_the_table_and_never_shows_a_hand_publicly(table):
    uw, match_id = await started(table)
    pick = random.Random(7)
    for _ in range(600):
        match = await uw.store.load(match_id)
        if match.status.over:
            break
        # cards in hands right now: none of them may appear in what the next action posts publicly
        hands = {c for p in match.state["players"].values() for c in p["objectives"] + p["power"]}
        reply, seat = await step(uw, match_id, pick)
        assert reply.error is None, reply.content
        public = "\n".join(public_texts(reply))
        after = await uw.store.load(match_id)
        played = {e.get("card") for entry in await uw.store.log(match_id, 1) for e in entry.get("events", ())}
        for card in hands - played:
            assert card_name_of(card) not in public or card_name_of(card) in _revealed(after, card), card
    match = await uw.store.load(match_id)
    assert match.status.value == "finished"


def card_name_of(card_id: str) -> str:
    return load_cards()[card_id].name


def _revealed(match, card_id: str) -> str:
    """Card names legitimately public: played, scored, discarded (face up piles)."""
    piles = []
    for p in match.state["players"].values():
        piles += p["scored"] + p["objective_discard"] + p["power_discard"] + p["revealed"]
    piles += [u for f in match.state["fighters"] for u in f["upgrades"]]
    return " ".join(card_name_of(c) for c in piles if c in load_cards())


async def test_secret_setup_choice_is_answered_privately_and_posted_without_the_choice(table):
    uw, match_id = await started(table)
    match = await uw.store.load(match_id)
    legal = uw.legal(match, "player1")
    index = next(i for i, a in enumerate(legal) if a.get("warband") == "steelhearts-champions")
    reply = await uw.run(ctx(actor_of(match, "player1")), "do", {"action": f"{match.log_length}:{index}"})
    assert reply.ephemeral and "Steelheart" in reply.content
    [(where, post)] = reply.posts
    assert where == THREAD and not post.ephemeral
    assert "Steelheart" not in post.content and "has chosen a warband" in post.content
    assert "Deck:" not in "\n".join(public_texts(Reply(posts=reply.posts)))  # decks would tell the warband


async def test_hand_is_only_ephemeral_and_only_for_a_player(table):
    uw, match_id = await started(table)
    pick = random.Random(1)
    while not (await uw.store.load(match_id)).state["players"]["player1"]["power"]:
        await step(uw, match_id, pick)
    match = await uw.store.load(match_id)
    reply = await uw.private(ctx(actor_of(match, "player1")))
    assert reply.ephemeral
    first = match.state["players"]["player1"]["power"][0]
    assert card_name_of(first) in reply.embeds[0].fields[-1].name or any(
        card_name_of(first) in f.name for f in reply.embeds[0].fields)
    with pytest.raises(NotAllowed):
        await uw.private(ctx(CAROL))


async def test_panel_buttons_apply_a_choice_and_stale_buttons_are_refused(table):
    uw, match_id = await started(table)
    pick = random.Random(2)
    reply = None
    while True:  # play until a panel offers a choice button
        reply, _ = await step(uw, match_id, pick)
        panel = reply if reply.panel else next((p for _, p in reply.posts if p.panel), None)
        choice = [b for b in (panel.buttons if panel else []) if b.custom_id.count(":") == 4]
        if choice:
            break
    match = await uw.store.load(match_id)
    seat_index = choice[0].custom_id.split(":")[3]
    seat = match.seats[0 if seat_index == "x" else int(seat_index)].seat
    presser = actor_of(match, seat)
    pressed = await Play(table).press(ctx(presser), choice[0].custom_id)
    assert pressed.error is None
    after = await uw.store.load(match_id)
    assert after.log_length == match.log_length + 1
    with pytest.raises(IllegalAction) as stale:
        await Play(table).press(ctx(presser), choice[0].custom_id)
    assert stale.value.code == "core.stale_choice"
    assert (await uw.store.load(match_id)).version == after.version


async def _to_action_phase(uw, match_id, pick):
    while (await uw.store.load(match_id)).state["phase"] != "action" or \
            uw.system.view((await uw.store.load(match_id)).state, None)["prompt"]["kind"] != "turn":
        await step(uw, match_id, pick)


async def test_illegal_move_is_refused_and_changes_nothing(table):
    uw, match_id = await started(table)
    await _to_action_phase(uw, match_id, random.Random(3))
    match = await uw.store.load(match_id)
    seat = uw.system.view(match.state, None)["awaiting"][0]
    fighter = next(f for f in match.state["fighters"] if f["seat"] == seat and f["hex"])
    with pytest.raises(GameError):
        await uw.run(ctx(actor_of(match, seat)), "move", {"fighter": fighter["id"], "to": fighter["hex"]})
    assert (await uw.store.load(match_id)) == match


async def test_undo_needs_the_opponent_and_restores_the_state(table):
    uw, match_id = await started(table)
    pick = random.Random(4)
    await _to_action_phase(uw, match_id, pick)
    match = await uw.store.load(match_id)
    seat = uw.system.view(match.state, None)["awaiting"][0]
    mover = actor_of(match, seat)
    other = BOB if mover is ALICE else ALICE
    move = next(a for a in uw.legal(match, seat) if a["type"] == "Move")
    reply = await uw.run(ctx(mover), "move", {"fighter": move["fighter"], "to": move["to"]})
    assert any(b.custom_id == f"m:undo:{match_id}" for b in reply.buttons)
    with pytest.raises(IllegalAction):
        await Play(table).press(ctx(other), f"m:undo:{match_id}")  # only the mover may ask
    asked = await Play(table).press(ctx(mover), f"m:undo:{match_id}")
    assert asked.mentions == [other.user_id]
    with pytest.raises(NotAllowed):
        await Play(table).press(ctx(mover), f"m:undo-yes:{match_id}")
    undone = await Play(table).press(ctx(other), f"m:undo-yes:{match_id}")
    assert "taken back" in undone.content and undone.files
    after = await uw.store.load(match_id)
    assert after.state == match.state and after.rng_counter == match.rng_counter
    # nothing left to take back, and the log says what happened
    with pytest.raises(IllegalAction):
        await Play(table).press(ctx(mover), f"m:undo:{match_id}")
    kinds = [e.get("event") for e in await uw.store.log(match_id, 2)]
    assert kinds == ["UndoRequested", "ActionUndone"]
    # the audit replay skips the action taken back and still reproduces the snapshot
    from table.replay import replay
    assert replay(after, table.seed(match_id), await uw.store.log(match_id)) == after.state


async def test_an_action_that_rolled_dice_cannot_be_taken_back(table):
    uw, match_id = await started(table)
    pick = random.Random(5)
    for _ in range(400):
        _, seat = await step(uw, match_id, pick)
        [entry] = await uw.store.log(match_id, 1)
        if entry.get("draws") and entry.get("kind") == "action":
            match = await uw.store.load(match_id)
            with pytest.raises(IllegalAction) as refused:
                await Play(table).press(ctx(actor_of(match, seat)), f"m:undo:{match_id}")
            assert refused.value.code == "core.undo_not_allowed"
            return
    pytest.fail("no action rolled dice")


async def test_idle_reminder_mentions_the_player_to_act_once_per_period(table):
    uw, match_id = await started(table, idle_minutes=10)
    await step(uw, match_id, random.Random(6))
    match = await uw.store.load(match_id)
    assert await Play(table, idle_minutes=10).due_reminders(match.updated_at + 60) == []
    [(_, where, reminder)] = await Play(table, idle_minutes=10).due_reminders(match.updated_at + 601)
    waiting = uw.system.view(match.state, None)["awaiting"]
    assert where == THREAD and reminder.mentions == [match.holder(s).user_id for s in waiting]
    assert await Play(table, idle_minutes=10).due_reminders(match.updated_at + 700) == []  # re-armed for another period
    assert len(await Play(table, idle_minutes=10).due_reminders(match.updated_at + 1300)) == 1


async def test_autocomplete_offers_only_legal_moves_with_their_cost(table):
    uw, match_id = await started(table)
    await _to_action_phase(uw, match_id, random.Random(8))
    match = await uw.store.load(match_id)
    seat = uw.system.view(match.state, None)["awaiting"][0]
    who = ctx(actor_of(match, seat))
    legal = uw.legal(match, seat)
    fighters = await uw.choices(who, "move", "fighter", {})
    assert {v for _, v in fighters} == {a["fighter"] for a in legal if a["type"] == "Move"}
    fighter = fighters[0][1]
    hexes = await uw.choices(who, "move", "to", {"fighter": fighter})
    expected = {a["to"] for a in legal if a["type"] == "Move" and a["fighter"] == fighter}
    assert {v for _, v in hexes} <= expected and len(hexes) == min(25, len(expected))
    assert all("hex" in label for label, _ in hexes)
    assert await uw.choices(ctx(CAROL), "move", "fighter", {}) == []


async def test_local_table_plays_underworlds_as_text_and_writes_the_boards(redis, prefix, tmp_path):
    import io as _io

    from table.local_app import open_local_table
    from tests.discord.bot_fixtures import services_for

    out = _io.StringIO()
    local = open_local_table(services_for(redis, prefix, rate_limit_per_minute=10_000), out=out,
                       boards_dir=tmp_path, player="alice")
    await local.run(["/match new underworlds vs:bob", "/as bob", "/press Accept"])
    uw = local.services.play.game("underworlds")
    match_id = await local.services.store.match_in(local.channel)
    await local.run(["/as alice", "/uw setup warband warband:steelhearts-champions",
                     "/as bob", "/uw warband warband:garreks-reavers"])
    pick = random.Random(9)
    for _ in range(80):
        match = await local.services.store.load(match_id)
        view = uw.system.view(match.state, None)
        if view["phase"] == "action" and view["prompt"]["kind"] == "turn":
            break
        seat = view["awaiting"][0]
        local.player = match.holder(seat).name
        await local.run([f"/uw do {pick.randrange(len(uw.legal(match, seat)))}"])
    seat = view["awaiting"][0]
    local.player = match.holder(seat).name
    move = next(a for a in uw.legal(match, seat) if a["type"] == "Move")
    label = uw.presenter.names(uw.scene(match)).labels[move["fighter"]]
    await local.run([f"/uw move fighter:{label} to:{move['to']}", "/uw hand", "/uw do"])
    after = await local.services.store.load(match_id)
    moved = next(f for f in after.state["fighters"] if f["id"] == move["fighter"])
    assert moved["hex"] == move["to"]
    pngs = sorted(tmp_path.glob("*board.png"))
    assert len(pngs) > 5 and pngs[-1].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = out.getvalue()
    assert "only you see this" in text and "Your hand" in text and "Choices now" in text


def test_coverage_command_counts_the_128_rivals_cards():
    """Issue: "a command prints the automation coverage (N of 128 cards)"."""
    from table.underworlds.text import coverage_reply

    embed = coverage_reply().embeds[0]
    assert "of 128 cards automated" in embed.description
    assert len(embed.fields) == 4
    # Issue #19: the cards not yet automated, by name (* in part); a complete deck lists none.
    by_deck = {f.name: f.value for f in embed.fields}
    assert "Not yet" not in by_deck["rimewyrms-bite-rivals"] and all(len(v) <= 1024 for v in by_deck.values())
    from engine.underworlds import effects
    with pytest.MonkeyPatch.context() as mp:  # a card left to the referee is named in its deck's field
        mp.setattr(effects, "AUTOMATED", effects.AUTOMATED - {"45010"})
        by_deck = {f.name: f.value for f in coverage_reply().embeds[0].fields}
    assert "Not yet: " in by_deck["brethren-of-the-bolt-rivals"] and "Sparking Furore" in by_deck["brethren-of-the-bolt-rivals"]


async def test_an_idle_reminder_waits_out_quiet_hours_or_comes_silently(table):
    """Issue #36 item 4: a player awaited in their quiet hours (``/quiet``) who asked reminders to wait is reminded
    when they end, not before; one who asked for silence is reminded with Discord's ``@silent`` flag."""
    from datetime import datetime, timezone

    uw, match_id = await started(table, idle_minutes=10)
    await step(uw, match_id, random.Random(6))
    match = await uw.store.load(match_id)
    waiting = [match.holder(s).user_id for s in uw.system.view(match.state, None)["awaiting"]]
    due = match.updated_at + 601

    def hhmm(ts: float) -> str:
        return datetime.fromtimestamp(ts, timezone.utc).strftime("%H:%M")

    quiet = table.store.redis
    for user in waiting:
        await quiet.hset(f"{table.store.prefix}:quiet:{user}", mapping={
            "start": hhmm(due - 3600), "end": hhmm(due + 2 * 3600), "tz": "UTC", "mode": "wait"})
    play = Play(table, idle_minutes=10)
    assert await play.due_reminders(due) == []
    assert await play.due_reminders(due + 3600) == []  # still asleep: the next look is when the hours end
    [(_, _, morning)] = await play.due_reminders(due + 2 * 3600 + 60)
    assert morning.mentions == waiting and not morning.silent
    for user in waiting:
        await quiet.hset(f"{table.store.prefix}:quiet:{user}", "mode", "silent")
    [(_, _, hushed)] = await play.due_reminders(due + 2 * 3600 + 60 + 601)
    assert hushed.mentions == waiting and hushed.silent is False  # the hours ended: a notification again
    for user in waiting:
        await quiet.hset(f"{table.store.prefix}:quiet:{user}", mapping={"end": hhmm(due + 5 * 3600)})
    [(_, _, silent)] = await play.due_reminders(due + 2 * 3600 + 60 + 1202)
    assert silent.mentions == waiting and silent.silent
