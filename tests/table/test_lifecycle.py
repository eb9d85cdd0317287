"""The game-agnostic match lifecycle through the table layer (real Redis, the test game Nim)."""
from __future__ import annotations

import asyncio
import itertools

import pytest

from engine.core.errors import GameError, IllegalAction, NotAllowed, NotFound
from table.play import Play
from table.context import Actor, Context
from table.lifecycle import Table
from table.match import Status
from tests.support.logs import rewrite_log

ANN, BOB, CAROL = Actor(1, "ann"), Actor(2, "bob"), Actor(3, "carol")
MOD = Actor(9, "mod", moderator=True)
_threads = itertools.count(500)


def ctx(actor: Actor, channel: int = 100) -> Context:
    async def open_thread(name: str) -> int:
        return next(_threads)
    return Context(actor, channel, guild_id=7, open_thread=open_thread)


async def started(table: Table) -> tuple[str, int]:
    reply = await table.new_match(ctx(ANN), "nim", BOB)
    thread, invite = reply.posts[0]
    match_id = invite.buttons[0].custom_id.split(":")[2]
    await Play(table).press(ctx(BOB, thread), f"m:accept:{match_id}")
    return match_id, thread


async def test_new_match_opens_thread_and_invites_opponent(table: Table):
    reply = await table.new_match(ctx(ANN), "nim", BOB)
    thread, invite = reply.posts[0]
    assert invite.mentions == [BOB.user_id]
    assert [b.label for b in invite.buttons] == ["Accept", "Decline"]
    match = await table.match_for(ctx(BOB, thread))
    assert match.status is Status.INVITED and match.thread_id == thread


async def test_unavailable_game_cannot_be_started(table: Table):
    with pytest.raises(IllegalAction) as err:
        await table.new_match(ctx(ANN), "tafl", BOB)
    assert err.value.code == "core.system_not_available"


async def test_unknown_game_is_refused_with_the_list(table: Table):
    with pytest.raises(NotFound) as err:
        await table.new_match(ctx(ANN), "chess", BOB)
    assert "nim" in err.value.params["games"]


@pytest.mark.parametrize("opponent,code", [(ANN, "core.opponent_is_self"),
                                           (Actor(5, "robot", bot=True), "core.opponent_is_bot")])
async def test_bad_opponent_is_refused(table: Table, opponent, code):
    with pytest.raises(IllegalAction) as err:
        await table.new_match(ctx(ANN), "nim", opponent)
    assert err.value.code == code


async def test_only_the_invited_player_accepts(table: Table):
    reply = await table.new_match(ctx(ANN), "nim", BOB)
    thread, invite = reply.posts[0]
    for who, error in ((ANN, NotAllowed), (CAROL, NotAllowed)):
        with pytest.raises(error):
            await Play(table).press(ctx(who, thread), invite.buttons[0].custom_id)
    assert (await table.match_for(ctx(ANN, thread))).status is Status.INVITED


async def test_accept_starts_the_game_and_publishes_the_seed_commitment(table: Table):
    match_id, thread = await started(table)
    match = await table.store.load(match_id)
    assert match.status is Status.ACTIVE and match.state["stones"] == 15
    assert match.seed is None and len(match.seed_hash) == 64


async def test_decline_ends_the_invitation(table: Table):
    reply = await table.new_match(ctx(ANN), "nim", BOB)
    thread, invite = reply.posts[0]
    await Play(table).press(ctx(BOB, thread), invite.buttons[1].custom_id)
    assert (await table.match_for(ctx(BOB, thread))).status is Status.DECLINED


async def test_concede_gives_the_win_to_the_opponent_and_reveals_the_seed(table: Table):
    match_id, thread = await started(table)
    await table.concede(ctx(BOB, thread))
    match = await table.store.load(match_id)
    assert match.status is Status.FINISHED and match.outcome == {"winner": "first", "reason": "concede"}
    assert match.seed is not None
    verified = await table.verify(ctx(CAROL, thread))
    assert verified.content.startswith("✅")


async def test_third_user_cannot_act_and_nothing_changes(table: Table):
    match_id, thread = await started(table)
    before = await table.store.load(match_id)
    for attempt in (table.concede(ctx(CAROL, thread)), table.abandon(ctx(CAROL, thread)),
                    table.act(ctx(CAROL, thread), {"type": "Take", "stones": 1})):
        with pytest.raises(NotAllowed):
            await attempt
    assert await table.store.load(match_id) == before


async def test_abandon_needs_both_players(table: Table):
    match_id, thread = await started(table)
    reply = await table.abandon(ctx(ANN, thread))
    assert reply.buttons[0].custom_id == f"m:abandon:{match_id}"
    with pytest.raises(IllegalAction):
        await table.abandon(ctx(ANN, thread))
    assert (await table.store.load(match_id)).status is Status.ACTIVE
    await Play(table).press(ctx(BOB, thread), reply.buttons[0].custom_id)
    match = await table.store.load(match_id)
    assert match.status is Status.ABANDONED and match.outcome["winner"] is None


async def test_moderator_abandons_alone(table: Table):
    match_id, thread = await started(table)
    await table.abandon(ctx(MOD, thread))
    assert (await table.store.load(match_id)).status is Status.ABANDONED


async def test_game_actions_are_applied_logged_and_finish_the_match(table: Table):
    match_id, thread = await started(table)
    while True:
        match = await table.store.load(match_id)
        if match.status is Status.FINISHED:
            break
        who = ANN if match.holder(match.state["turn"]).user_id == ANN.user_id else BOB
        await table.act(ctx(who, thread), {"type": "Take", "stones": min(3, match.state["stones"])})
    assert match.outcome["reason"] == "victory"
    log = await table.store.log(match_id)
    assert [e["n"] for e in log] == list(range(1, len(log) + 1))
    assert (await table.verify(ctx(CAROL, thread))).content.startswith("✅")


async def test_out_of_turn_action_is_refused_and_changes_nothing(table: Table):
    match_id, thread = await started(table)
    match = await table.store.load(match_id)
    waiting = ANN if match.holder(match.state["turn"]).user_id == BOB.user_id else BOB
    with pytest.raises(IllegalAction) as err:
        await table.act(ctx(waiting, thread), {"type": "Take", "stones": 1})
    assert err.value.code == "core.not_your_turn"
    assert await table.store.load(match_id) == match


async def test_simultaneous_actions_apply_one_and_recheck_the_other(table: Table):
    """Both players press at once: one applies; the other is recomputed on the new state."""
    match_id, thread = await started(table)
    match = await table.store.load(match_id)
    mover = ANN if match.holder(match.state["turn"]).user_id == ANN.user_id else BOB
    results = await asyncio.gather(*(table.act(ctx(mover, thread), {"type": "Take", "stones": 1})
                                     for _ in range(10)), return_exceptions=True)
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, GameError)]
    assert len(applied) == 1 and len(refused) == 9
    assert all(r.code == "core.not_your_turn" for r in refused)
    final = await table.store.load(match_id)
    assert final.state["stones"] == 14 and final.log_length == 3


async def test_verify_fails_when_a_logged_roll_is_altered(table: Table, redis, prefix):
    match_id, thread = await started(table)
    await table.concede(ctx(ANN, thread))
    def alter(entries):
        body = next(e for e in entries if e.get("draws"))
        body["draws"][0][2] = 1 - body["draws"][0][2]
    await rewrite_log(table.store, match_id, alter)
    reply = await table.verify(ctx(CAROL, thread))
    assert reply.content.startswith("❌")


async def test_the_log_tells_each_entry_in_words_and_a_private_event_only_to_its_seat(table: Table):
    """``/match log`` narrates (issue 37 item 2): each entry as the game's presenter tells it (who did what, what
    came of it), never internal names; an event only one seat may see is told to that seat alone."""
    from table.lifecycle import Narrator
    match_id, thread = await started(table)
    await Play(table).game("nim").run(ctx(ANN if (await table.store.load(match_id)).state["turn"] ==
                                          (await table.store.load(match_id)).seats[0].seat else BOB, thread),
                                      "take", {"stones": 2})
    shown = (await table.log(ctx(ANN, thread), 10)).embeds[0].description
    assert "takes 2" in shown or "took 2" in shown or "2 stone" in shown, shown
    assert "StonesTaken" not in shown and "MatchStarted" not in shown and "InviteAccepted" not in shown, shown
    match = await table.store.load(match_id)
    entry = {"n": 4, "kind": "action", "by": match.seats[0].user_id, "action": {"type": "Take", "stones": 1},
             "events": [{"type": "StonesTaken", "seat": "first", "stones": 1, "left": 3, "visible_to": ["first"]}]}
    mine, theirs = (Narrator(match, seat, ctx(ANN)).entry(entry) for seat in ("first", "second"))
    assert "1" in mine.split("`#4`")[1] and mine != theirs
    assert Narrator(match, None, ctx(ANN)).entry(entry) == theirs


async def test_log_replayed_from_the_seed_equals_the_snapshot(table: Table):
    from table.replay import ReplayMismatch, replay
    from table.rolls import Rolls

    match_id, thread = await started(table)
    await Rolls(table).roll(ctx(ANN, thread), "underworlds", {"attack": 2, "defence": 2})
    for _ in range(3):
        match = await table.store.load(match_id)
        who = ANN if match.holder(match.state["turn"]).user_id == ANN.user_id else BOB
        await table.act(ctx(who, thread), {"type": "Take", "stones": 2})
    match = await table.store.load(match_id)
    log = await table.store.log(match_id)
    assert replay(match, table.seed(match_id), log) == match.state
    tampered = [dict(e, action={"type": "Take", "stones": 1}) if e.get("kind") == "action" else e for e in log]
    with pytest.raises(ReplayMismatch):
        replay(match, table.seed(match_id), tampered)


async def test_crash_inside_a_game_rule_saves_nothing_and_shows_an_error_id(table: Table, caplog, monkeypatch):
    """An unexpected exception never leaves a half-applied change; the user gets an id to report."""
    from engine.core.system import find_system
    from table.guard import guarded

    match_id, thread = await started(table)
    before = await table.store.load(match_id)

    def broken(self, state, seat, action, rng):
        rng.randbelow(6)  # it had started drawing dice when it failed
        state["stones"] = -1
        raise RuntimeError("bug")
    monkeypatch.setattr(find_system("nim"), "apply", broken.__get__(find_system("nim")))

    async def act():
        await table.act(ctx(ANN, thread), {"type": "Take", "stones": 1})
    import logging
    with caplog.at_level(logging.ERROR, logger="table"):
        reply = await guarded(act(), where="test")
    assert reply.ephemeral and reply.error == "crash" and "error id" in reply.content
    error_id = reply.content.split("`")[1]
    assert any(error_id in r.getMessage() for r in caplog.records)
    assert await table.store.load(match_id) == before
    assert len(await table.store.log(match_id)) == before.log_length
