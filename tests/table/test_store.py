"""The Redis store against a real server: compare-and-set, the log, indexes, retention."""
from __future__ import annotations

import asyncio

import pytest

from engine.core.errors import NotFound
from table.match import Match, SeatHolder, Status
from table.store import StaleVersion, Store


def a_match(match_id: str = "abc123", **kw) -> Match:
    return Match(id=match_id, game="nim", channel_id=10, thread_id=11, created_at=1.0, updated_at=1.0,
                 seed_hash="0" * 64, seats=[SeatHolder(seat="first", user_id=1, name="ann"),
                                            SeatHolder(seat="second", user_id=2, name="bob")], **kw)


async def test_create_and_load_round_trip_exactly(store: Store):
    saved = await store.create(a_match(), [{"n": 1, "kind": "lifecycle"}])
    assert saved.version == 1
    assert await store.load("abc123") == saved


async def test_save_with_old_version_is_refused_and_changes_nothing(store: Store):
    first = await store.create(a_match())
    await store.save(first.model_copy(update={"rng_counter": 5}))
    with pytest.raises(StaleVersion):
        await store.save(first.model_copy(update={"rng_counter": 9}), [{"n": 2}])
    loaded = await store.load("abc123")
    assert loaded.rng_counter == 5 and loaded.version == 2
    assert await store.log("abc123") == []


async def test_create_twice_is_refused(store: Store):
    await store.create(a_match())
    with pytest.raises(StaleVersion):
        await store.create(a_match())


async def test_fifty_concurrent_writers_lose_no_update(store: Store):
    """50 writers each add one to a counter with load / change / compare-and-set / retry."""
    await store.create(a_match())

    async def writer(i: int) -> None:
        while True:
            match = await store.load("abc123")
            try:
                await store.save(match.model_copy(update={"rng_counter": match.rng_counter + 1}),
                                 [{"n": match.log_length + 1, "writer": i}])
                return
            except StaleVersion:
                await asyncio.sleep(0)

    await asyncio.gather(*(writer(i) for i in range(50)))
    final = await store.load("abc123")
    assert final.rng_counter == 50
    assert final.version == 51
    log = await store.log("abc123")
    assert sorted(e["writer"] for e in log) == list(range(50))
    assert [e["n"] for e in log] == list(range(1, 51))


async def test_log_returns_the_last_entries_in_order(store: Store):
    match = await store.create(a_match(), [{"n": i} for i in range(1, 8)])
    assert [e["n"] for e in await store.log(match.id, 3)] == [5, 6, 7]


async def test_indexes_find_match_by_thread_and_user(store: Store):
    await store.create(a_match())
    assert await store.match_in(11) == "abc123"
    assert await store.match_in(10) is None  # the parent channel hosts many matches
    assert [m.id for m in await store.matches_of(2)] == ["abc123"]


async def test_keys_carry_the_match_id_as_hash_tag(store: Store, redis, prefix):
    await store.create(a_match(), [{"n": 1}])
    keys = sorted([k.decode() async for k in redis.scan_iter(match=f"{prefix}:match:*")])
    assert keys == [f"{prefix}:match:{{abc123}}", f"{prefix}:match:{{abc123}}:log"]


async def test_finished_match_is_kept_for_the_retention_period(redis, prefix):
    store = Store(redis, prefix=prefix, retention_days=90)
    match = await store.create(a_match(), [{"n": 1}])
    assert await redis.ttl(f"{prefix}:match:{{abc123}}") == -1  # active: kept
    assert await redis.ttl(f"{prefix}:where:11") == -1
    await store.save(match.model_copy(update={"status": Status.FINISHED}))
    ttl = await redis.ttl(f"{prefix}:match:{{abc123}}")
    assert 89 * 86400 < ttl <= 90 * 86400
    assert await redis.exists(f"{prefix}:match:{{abc123}}:log") == 0  # its log moved into the hash, kept with it
    assert await store.log("abc123") == [{"n": 1}]
    assert 89 * 86400 < await redis.ttl(f"{prefix}:where:11") <= 90 * 86400  # its thread's index goes with it


async def test_expired_match_drops_out_of_user_index(store: Store, redis, prefix):
    await store.create(a_match())
    await redis.delete(f"{prefix}:match:{{abc123}}")
    assert await store.matches_of(1) == []
    assert await redis.zcard(f"{prefix}:user:1") == 0


async def test_load_unknown_match_is_not_found(store: Store):
    with pytest.raises(NotFound):
        await store.load("nope")


async def test_server_secret_is_created_once(store: Store):
    assert await store.server_secret() == await store.server_secret()


async def test_a_snapshot_read_as_this_process_wrote_it_is_not_parsed_again(store: Store, monkeypatch):
    """A command reads the snapshot the previous one saved: the match kept with its bytes is handed out (a copy)."""
    saved = await store.create(a_match(state={"heap": [3, 4]}, options={"x": 1}))
    monkeypatch.setattr("table.store._snapshot", lambda *a: pytest.fail("parsed again"))
    first = await store.load("abc123")
    assert first == saved
    first.panel_message_id = 99  # a caller's change stays its own
    assert (await store.load("abc123")).panel_message_id is None


async def test_a_snapshot_written_by_another_process_is_parsed(store: Store, redis, prefix):
    saved = await store.create(a_match())
    assert (await store.load("abc123")).rng_counter == 0
    other = Store(redis, prefix=prefix)  # another bot process, or an older version of this one
    await other.save(saved.model_copy(update={"rng_counter": 7}))
    assert (await store.load("abc123")).rng_counter == 7
    await redis.hset(f"{prefix}:match:{{abc123}}", "data",
                     saved.model_copy(update={"panel_message_id": 5, "rng_counter": 8}).model_dump_json())
    again = await store.load("abc123")
    assert (again.rng_counter, again.panel_message_id) == (8, 5)
    assert [m.rng_counter for m in await store.matches_of(1)] == [8]


async def test_commands_are_packed_by_hiredis_and_read_back_alike(redis, prefix):
    """The bot's client (``client_for``) packs its commands with hiredis, not redis-py's Python packer: the values a
    store writes (text with accents, bytes, whole and decimal numbers) read back as they were, a bool is refused as
    before. Issue #20, "Latency": ~20 µs less a command."""
    from redis.exceptions import DataError

    connection_class = (redis.connection_pool.connection_class if hasattr(redis, "connection_pool")
                        else redis.get_connection_kwargs()["connection_class"])
    assert any(c.__name__ == "_HiredisPacking" for c in connection_class.__mro__)
    values = {"text": "José · hexágono", "bytes": bytes(range(256)) * 40, "whole": 12, "decimal": 1700000000.25}
    key = f"{prefix}:{{packing}}:h"
    await redis.hset(key, mapping=values)
    got = await redis.hgetall(key)
    assert got == {k.encode(): v if isinstance(v, bytes) else str(v).encode() for k, v in values.items()}
    with pytest.raises(DataError):
        await redis.set(f"{prefix}:{{packing}}:b", True)
    if not hasattr(redis, "connection_pool"):  # a cluster: every node it learnt of connects alike
        assert all(any(c.__name__ == "_HiredisPacking" for c in node.connection_class.__mro__)
                   for node in redis.get_nodes())
