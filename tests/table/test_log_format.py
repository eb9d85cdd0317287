"""The match log's compact format (table/entries.py): a finished match fits in 32 KB of Redis, what is not stored
is replayed, and matches stored in the old format (one JSON field per entry, events included) still load, replay
and go on (issue #20 item 5; real Redis)."""
from __future__ import annotations

import json
import random

from engine.core.errors import GameError
from table.context import Actor, Context
from table.entries import as_stored
from table.fairness import verify_draws
from table.lifecycle import Table
from table.match import Match, Status
from table.play import Play
from table.replay import replay

ANN, BOB, CAROL = Actor(1, "ann"), Actor(2, "bob"), Actor(3, "carol")
FINISHED_MATCH_BYTES = 32_000
"""Issue #20: Redis memory per finished match ≤ 32 KB."""


def ctx(actor: Actor, thread: int = 700) -> Context:
    async def open_thread(name: str) -> int:
        return thread
    return Context(actor, thread, guild_id=9, open_thread=open_thread)


def actor_of(match: Match, seat: str) -> Actor:
    return ANN if match.holder(seat).user_id == ANN.user_id else BOB


async def started(table: Table, game: str, thread: int = 700, options: dict | None = None) -> tuple[Play, str]:
    play = Play(table)
    await table.new_match(ctx(ANN, thread), game, BOB, options)
    match_id = await table.store.match_in(thread)
    await play.press(ctx(BOB, thread), f"m:accept:{match_id}")
    return play, match_id


async def play_on(play: Play, match_id: str, pick: random.Random, steps: int) -> dict[int, list]:
    """Random legal choices picked as ``/<game> do`` offers them, run as the bot runs the command; returns the
    events each action made as ``Table.act`` answered them, by log entry."""
    made: dict[int, list] = {}
    act = play.table.act

    async def recording(*args, **kwargs):
        saved, events = await act(*args, **kwargs)
        made[saved.log_length] = events
        return saved, events
    play.table.act = recording
    try:
        for _ in range(steps):
            match = await play.table.store.load(match_id)
            if match.status.over:
                break
            game = play.game(match.game)
            choices = [(h, i) for h in match.seats for i in range(len(game.legal(match, h.seat)))]
            holder, index = pick.choice(choices)
            try:
                await game.run(ctx(actor_of(match, holder.seat), match.thread_id), "do",
                               {"action": f"{match.log_length}:{index}"})
            except GameError:
                pass  # a choice the engine refuses (a rule the legal list doesn't check): nothing written
    finally:
        play.table.act = act
    return made


async def redis_bytes(table: Table, match_id: str) -> int:
    """``MEMORY USAGE`` summed over the match's keys (its snapshot and its log)."""
    store = table.store
    return sum([await store.redis.memory_usage(key, samples=0) or 0
                for key in (store._match_key(match_id), store._log_key(match_id))])


async def test_a_finished_underworlds_match_takes_at_most_32_kb_in_redis(table: Table):
    """Issue #20 item 5: a finished match ≤ 32 KB; /match log, /match verify and the replay work on it, and the
    events read back are those the actions made."""
    play, match_id = await started(table, "underworlds")
    made = await play_on(play, match_id, random.Random(20), 3000)
    match = await table.store.load(match_id)
    assert match.status is Status.FINISHED and match.log_length > 80

    used = await redis_bytes(table, match_id)
    print(f"finished match: {used} bytes in Redis for {match.log_length} log entries")
    assert used <= FINISHED_MATCH_BYTES, f"{used} bytes for {match.log_length} entries"

    log = await table.store.log(match_id)
    assert len(log) == match.log_length and [e["n"] for e in log] == list(range(1, match.log_length + 1))
    actions = [e for e in log if e.get("kind") == "action"]
    assert len(made) == len(actions) and all(e["events"] == made[e["n"]] for e in actions)
    assert replay(match, table.seed(match_id), log) == match.state
    assert (await table.verify(ctx(CAROL))).content.startswith("✅")
    shown = (await table.log(ctx(ANN), 50)).embeds[0].description
    last = actions[-1]
    from table.presenter import Scene, find_presenter
    from engine.core.system import find_system
    viewer = match.seat_of(ANN.user_id)
    scene = Scene(find_system("underworlds").view(match.state, viewer), {h.seat: h.name for h in match.seats},
                  viewer=viewer)
    told = find_presenter("underworlds").event_lines(scene, [e for e in last["events"] if e.get("visible_to") in (
        None, [viewer])])
    assert f"`#{last['n']}`" in shown and told and all(line in shown for line in told), \
        "an action's line tells its events in words, replayed from the log"
    assert last["action"]["type"] not in shown.split(f"`#{last['n']}`")[1], "no internal action name"


async def test_a_finished_mage_wars_log_is_one_compressed_value_that_reads_back_whole(table: Table):
    """Issue #39 (a finished match ≤ 32 KB, for every game): a Mage Wars duel logs hundreds of entries, ~100 bytes
    each as a stream; the save that ends it moves the log into the snapshot's hash, compressed, and the log reads
    back whole (events replayed, the replay equal to the snapshot, the draws verified)."""
    from engine.core.system import find_system

    play, match_id = await started(table, "magewars")
    system, pick = find_system("magewars"), random.Random(39)
    match = await table.store.load(match_id)
    while not match.status.over:  # the table's own act (the engine, the save): no reply drawn, quicker
        before = await table.store.log(match_id, events=False)    # the stream, as it stands before the last save
        legal = [(h, a) for h in match.seats for a in system.legal_actions(match.state, h.seat)]
        holder, action = pick.choice(legal)
        match, _ = await table.act(ctx(actor_of(match, holder.seat)), action, match_id, loaded=match)
    assert match.status is Status.FINISHED and match.log_length > 100
    store = table.store
    assert await store.redis.exists(store._log_key(match_id)) == 0 and await store.redis.hget(
        store._match_key(match_id), "log")
    used = await redis_bytes(table, match_id)
    print(f"finished Mage Wars duel: {used} bytes in Redis for {match.log_length} log entries")
    assert used <= FINISHED_MATCH_BYTES

    assert (await store.log(match_id, events=False))[:len(before)] == before
    log = await store.log(match_id)
    assert [e["n"] for e in log] == list(range(1, match.log_length + 1))
    assert replay(match, table.seed(match_id), log) == match.state
    ok, checked, problem = verify_draws(bytes.fromhex(match.seed), match.seed_hash, log)
    assert ok and checked > 0, problem
    assert await store.log(match_id, 3) == log[-3:]


async def test_an_entry_saved_after_the_match_ended_joins_its_compressed_log(table: Table):
    """A save of a finished match with an entry (none is made today, but the store does not forbid one) keeps the
    whole log compressed, the entry last."""
    play, match_id = await started(table, "nim", thread=703)
    await table.concede(ctx(ANN, 703))
    match = await table.store.load(match_id)
    log = await table.store.log(match_id)
    late = {"n": match.log_length + 1, "kind": "lifecycle", "event": "Note", "by": 9}
    await table.store.save(match, [late])
    assert await table.store.redis.exists(table.store._log_key(match_id)) == 0
    assert await table.store.log(match_id) == log + [late]
    assert await table.store.log(match_id, 2) == [log[-1], late]


def test_entries_round_trip_through_the_compact_format():
    """Every key and value comes back, except an action's events (replayed, not stored)."""
    action = {"n": 7, "at": 1800000001.5, "kind": "action", "by": 412345678901234567, "seat": "player1",
              "action": {"type": "Move", "to": "c4"}, "draws": [[3, 6, 2]], "events": [{"type": "Moved"}]}
    odd = {"n": 8, "at": 1800000002, "kind": "lifecycle", "event": "MatchAbandoned", "by": 9, "seat": None,
           "undoes": 7, "writer": 3, "events": ["kept: not an action"]}
    roll = {"n": 9, "kind": "roll", "by": 1, "seat": "player2", "text": "3 hits", "reader": "uw", "options": {},
            "rolls": [{"faces": ["hammer"]}], "draws": [], "visible_to": ["player2"]}
    bare = {"n": 10}

    stored = as_stored
    assert stored(action) == {k: v for k, v in action.items() if k != "events"}
    assert stored(odd) == odd
    assert stored(roll) == roll
    assert stored(bare) == bare
    assert stored({"n": 11, "kind": "note"}) == {"n": 11, "kind": "note"}


async def to_old_format(table: Table, match_id: str) -> list[dict]:
    """Rewrite the match's log as the store wrote it before the compact format: one field ``e``, the whole entry
    as JSON with its events; returns the entries written."""
    store = table.store
    entries = await store.log(match_id)
    assert all("events" in e for e in entries if e.get("kind") == "action")
    key = store._log_key(match_id)
    await store.redis.delete(key)
    for entry in entries:
        await store.redis.xadd(key, {"e": json.dumps(entry, separators=(",", ":"), sort_keys=True)})
    return entries


async def test_a_match_stored_in_the_old_format_loads_replays_and_plays_on_to_its_end(table: Table):
    """A restart resumes every match: entries written as one JSON field with their events are read as they are,
    new ones are added compact, and the mixed log replays, verifies and shows both."""
    play, match_id = await started(table, "underworlds")
    await play_on(play, match_id, random.Random(3), 12)
    old = await to_old_format(table, match_id)
    raw = await table.store.redis.xrange(table.store._log_key(match_id))
    assert all(set(fields) == {b"e"} for _id, fields in raw)

    match = await table.store.load(match_id)
    assert await table.store.log(match_id) == old
    assert replay(match, table.seed(match_id), old) == match.state

    made = await play_on(play, match_id, random.Random(4), 3000)
    match = await table.store.load(match_id)
    assert match.status is Status.FINISHED
    log = await table.store.log(match_id)
    assert log[:len(old)] == old and len(log) == match.log_length
    assert made and all(log[n - 1]["events"] == events for n, events in made.items())
    assert replay(match, table.seed(match_id), log) == match.state
    ok, checked, problem = verify_draws(bytes.fromhex(match.seed), match.seed_hash, log)
    assert ok and checked > 0, problem
    assert (await table.verify(ctx(CAROL))).content.startswith("✅")
    shown = (await table.log(ctx(ANN), 50)).embeds[0].description
    assert f"`#{match.log_length}`" in shown


async def test_a_finished_snapshot_is_compressed_and_an_old_plain_one_still_loads(table: Table):
    play, match_id = await started(table, "nim", thread=701)
    await table.concede(ctx(ANN, 701))
    finished = await table.store.load(match_id)
    key = table.store._match_key(match_id)
    stored = await table.store.redis.hget(key, "data")
    assert stored[:1] == b"x" and len(stored) < len(finished.model_dump_json())
    await table.store.redis.hset(key, "data", finished.model_dump_json())  # as written before
    assert await table.store.load(match_id) == finished
    assert [m.id for m in await table.store.matches_of(ANN.user_id)] == [match_id]


async def test_an_action_logged_in_the_old_format_can_be_taken_back(table: Table):
    """Undo reads the old entries' events to see the action revealed nothing, and replays them."""
    play, match_id = await started(table, "nim", thread=702)
    match = await table.store.load(match_id)
    mover = actor_of(match, match.state["turn"])
    await table.act(ctx(mover, 702), {"type": "Take", "stones": 2})
    await to_old_format(table, match_id)
    other = BOB if mover is ANN else ANN
    await play.press(ctx(mover, 702), f"m:undo:{match_id}")
    await play.press(ctx(other, 702), f"m:undo-yes:{match_id}")
    after = await table.store.load(match_id)
    assert after.state == match.state
    log = await table.store.log(match_id)
    assert [e.get("event") for e in log[-2:]] == ["UndoRequested", "ActionUndone"]
    assert replay(after, table.seed(match_id), log) == after.state
