"""Redis round trips of one action (issue #20 item 4, "one Redis round trip per command where possible").

A round trip is one command sent alone or one pipeline sent at once. An action in a match's thread costs
the ``where`` lookup (once per process and thread), the load and the compare-and-set, which writes the indexes too
on one server (on a cluster they are in other slots: one pipeline more); given its match id (buttons and menus
carry it) it skips the lookup; a button pressed on a match the process kept as it last saved it skips the load too
(the compare-and-set finds a copy another process made stale). Measured before: 4 in a thread, 3 with the id, 2 for
a button. The bounds fail if someone adds a trip back.
"""
from __future__ import annotations

import pytest
import redis.asyncio as aioredis

from engine.core.errors import IllegalAction
from table.game_table import Table
from table.play import Play
from table.store import Store
from tests.table.test_game_table import ALICE, to_move
from tests.table.test_game_table import ctx as ttt_ctx
from tests.table.test_game_table import started as ttt_started
from tests.table.test_lifecycle import ANN, BOB, ctx, started


class Trips:
    """Counts the round trips of a client: its commands and its pipelines' executions."""

    def __init__(self, redis) -> None:
        self.count = 0
        self.names: list[str] = []
        send, make_pipeline = redis.execute_command, redis.pipeline

        async def execute_command(*args, **kwargs):
            self.count += 1
            self.names.append(str(args[0]))
            return await send(*args, **kwargs)

        def pipeline(*args, **kwargs):
            pipe = make_pipeline(*args, **kwargs)
            execute = pipe.execute

            async def counted(*a, **k):
                self.count += 1
                self.names.append("pipeline")
                return await execute(*a, **k)
            pipe.execute = counted
            return pipe

        redis.execute_command, redis.pipeline = execute_command, pipeline


def _index_pipeline(table: Table) -> int:
    """On a cluster the indexes are written by a pipeline of their own after the compare-and-set."""
    return 1 if isinstance(table.store.redis, aioredis.RedisCluster) else 0


async def _one_action_trips(table: Table, *, with_id: bool, acting: Table | None = None) -> Trips:
    """The round trips of one action after a match is started through ``table``, taken through ``acting`` (another
    bot process: a store of its own on the same Redis) or ``table``."""
    match_id, thread = await started(table)
    acting = acting or table
    match = await acting.store.load(match_id)
    who = ANN if match.holder(match.state["turn"]).user_id == ANN.user_id else BOB
    trips = Trips(acting.store.redis)
    await acting.act(ctx(who, thread), {"type": "Take", "stones": 1}, match_id if with_id else None)
    return trips


async def test_an_action_in_its_thread_costs_at_most_three_round_trips(table: Table):
    """In a process that never met the thread: where lookup, load, compare-and-set with the indexes."""
    other = Table(Store(table.store.redis, prefix=table.store.prefix), b"s" * 32, clock=table.clock)
    trips = await _one_action_trips(table, with_id=False, acting=other)
    assert trips.count <= 3 + _index_pipeline(table), trips.names
    assert "GET" in trips.names


async def test_an_action_in_a_thread_this_process_knows_skips_the_where_lookup(table: Table):
    """A thread is opened for one match and hosts no other: the process that saved or found its match remembers it
    (load, compare-and-set with the indexes)."""
    trips = await _one_action_trips(table, with_id=False)
    assert trips.count <= 2 + _index_pipeline(table), trips.names
    assert "GET" not in trips.names


async def test_an_action_carrying_its_match_id_skips_the_where_lookup(table: Table):
    """Buttons and menus carry the match id: load, compare-and-set with the indexes."""
    trips = await _one_action_trips(table, with_id=True)
    assert trips.count <= 2 + _index_pipeline(table), trips.names


async def test_a_panel_id_is_saved_in_one_round_trip(table: Table):
    """set_panel: one script beside the snapshot, which is neither read back nor rewritten (was a load and a
    compare-and-set of the whole match)."""
    match_id, _thread = await started(table)
    before = await table.store.load(match_id)
    assert await table.set_panel(match_id, 12345) is None  # (also loads the script into a fresh server)
    trips = Trips(table.store.redis)
    assert await table.set_panel(match_id, 12346) == 12345
    assert trips.count == 1, trips.names
    after = await table.store.load(match_id)
    assert after.panel_message_id == 12346 and after.version == before.version


async def test_a_panel_saved_inside_an_older_snapshot_is_still_the_previous_one(table: Table):
    """A match saved before panels were kept apart holds its panel in the snapshot: the next panel replaces it."""
    match_id, _thread = await started(table)
    match = await table.store.load(match_id)
    await table.store.redis.hset(table.store._match_key(match_id), "data",
                                 match.model_copy(update={"panel_message_id": 777}).model_dump_json())
    assert (await table.store.load(match_id)).panel_message_id == 777
    assert await table.set_panel(match_id, 778) == 777
    assert (await table.store.load(match_id)).panel_message_id == 778


async def test_panels_recorded_out_of_order_leave_the_later_one_the_panel(table: Table):
    """Two replies may finish out of order: the later post's panel recorded first. The earlier one, recorded after,
    is the stale one (its buttons come off) and the later stays the panel: the match's last panel is always the
    latest post (a Discord message id is a snowflake, greater for a later post; ids of 19 digits compared
    exactly). The same panel recorded twice is nothing stale."""
    match_id, _thread = await started(table)
    earlier, later = 1579676140899926016, 1579676140899926017
    assert await table.set_panel(match_id, 999) is None
    assert await table.set_panel(match_id, later) == 999
    assert await table.set_panel(match_id, earlier) == earlier
    assert (await table.store.load(match_id)).panel_message_id == later
    assert await table.set_panel(match_id, later) is None
    assert await table.set_panel(match_id, 10 ** 19) == later     # a longer id is a later one


async def test_a_panel_never_creates_a_match(table: Table):
    """A panel recorded for a match that is gone (expired) is refused and writes nothing."""
    import pytest
    from engine.core.errors import NotFound

    with pytest.raises(NotFound):
        await table.store.set_panel("nosuchmatch", 1)
    assert not await table.store.redis.exists(table.store._match_key("nosuchmatch"))


async def test_a_button_pressed_on_a_match_this_process_kept_costs_one_round_trip(table: Table):
    """A button carries its match id, and the process that saved the match last keeps it as saved: the press reads
    nothing from Redis, only the compare-and-set (which finds a copy another process made stale). Was load +
    compare-and-set."""
    play, match_id = await ttt_started(table, size=4, line=4)
    reply = await play.game("ttt").show(ttt_ctx(ALICE), await table.store.load(match_id))
    mover, _ = await to_move(play, match_id)
    trips = Trips(table.store.redis)
    await play.press(mover, reply.buttons[5].custom_id)
    assert trips.count <= 1 + _index_pipeline(table), trips.names
    assert (await table.store.load(match_id)).state["board"] == {"b2": mover_seat(await table.store.load(match_id),
                                                                                  mover)}


async def test_a_press_on_a_copy_another_process_made_stale_is_played_on_the_stored_match(table: Table):
    """Two bot processes serve one match (issue #20): the first kept the match, then the second played a move.
    A button of the second's newest reply, pressed through the first, is not refused on the first's stale copy but
    played on the stored match; a button from before that move is refused as stale, and nothing is written."""
    first, match_id = await ttt_started(table, size=4, line=4)
    second = Play(Table(Store(table.store.redis, prefix=table.store.prefix), b"s" * 32, clock=table.clock))
    old = await first.game("ttt").show(ttt_ctx(ALICE), await table.store.load(match_id))
    mover, other = await to_move(first, match_id)
    [(_, newest)] = (await second.press(mover, old.buttons[0].custom_id)).posts or [(None, None)]
    assert newest is not None and table.store.kept(match_id).log_length < newest_log_length(newest)
    await first.press(other, newest.buttons[1].custom_id)  # the first's copy is a move behind
    after = await table.store.load(match_id)
    assert len(after.state["board"]) == 2
    with pytest.raises(IllegalAction) as stale:
        await second.press(mover, old.buttons[2].custom_id)
    assert stale.value.code == "core.stale_choice"
    assert (await table.store.load(match_id)).version == after.version


def mover_seat(match, mover) -> str:
    return match.seats[0 if mover.actor is ALICE else 1].seat


def newest_log_length(post) -> int:
    """The log length a reply's buttons were offered at (``g:<match>:<n>:...``)."""
    return int(next(b.custom_id for b in post.buttons if b.custom_id.startswith("g:")).split(":")[2])
