"""The stores on a real three-primary Redis Cluster (issue #20, "Redis Cluster"): every key of a match or a league
in one slot, the compare-and-set under writers in several processes, and the store, lifecycle, pack, league and
rate-limit tests of the single server run again here, on the cluster (the ``redis`` fixture below replaces the
server's client with a cluster client for every test this module imports)."""
from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Awaitable

import pytest
from redis.cluster import key_slot

from table.league.store import LeagueStore
from table.match import Status
from table.redis_server import client_for
from table.store import Store
from tests.support.redis_cluster import redis_cluster_url  # noqa: F401 - the session's cluster
from tests.table.test_league_deadlines import (  # noqa: F401 - run again on the cluster
    test_a_claim_nobody_answers_becomes_final_after_confirm_hours,
    test_pending_pairings_are_forfeited_at_the_deadline,
    test_players_still_to_report_are_reminded_a_day_before_the_deadline,
)
from tests.table.test_league_service import (  # noqa: F401 - run again on the cluster
    test_a_league_survives_a_restart,
    test_the_same_pairing_claimed_twice_at_once,
    test_two_concurrent_reports_both_land,
)
from tests.table.test_lifecycle import (  # noqa: F401 - run again on the cluster
    ANN,
    BOB,
    ctx,
    started,
    test_accept_starts_the_game_and_publishes_the_seed_commitment,
    test_concede_gives_the_win_to_the_opponent_and_reveals_the_seed,
    test_game_actions_are_applied_logged_and_finish_the_match,
    test_log_replayed_from_the_seed_equals_the_snapshot,
    test_new_match_opens_thread_and_invites_opponent,
    test_simultaneous_actions_apply_one_and_recheck_the_other,
)
from tests.table.test_packs import test_store_import_replace_refuse_remove  # noqa: F401 - run again on the cluster
from tests.table.test_ratelimit import (  # noqa: F401 - run again on the cluster
    test_rate_limit_refuses_commands_over_the_limit_in_one_minute,
)
from tests.table.test_store import *  # noqa: F401,F403 - every store test, run again on the cluster
from tests.table.test_store import a_match

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def redis(redis_cluster_url: str):  # noqa: F811 - the cluster in place of the single server
    client = client_for(redis_cluster_url)
    yield client
    await client.aclose()


def test_every_key_of_a_match_and_of_a_league_is_in_one_slot():
    """The compare-and-set scripts touch a match's snapshot and log (a league's one key) in one call: on a cluster
    they must hash to one slot, which the ``{id}`` hash tag gives; the indexes are one key each."""
    store, leagues = Store(_NoScripts(), prefix="gm"), LeagueStore(_NoScripts(), prefix="gm")
    for match_id in ("abc123", "zz9", "0f3e1b2c4d5e6f70"):
        assert key_slot(store._match_key(match_id).encode()) == key_slot(store._log_key(match_id).encode())
    assert len({key_slot(leagues.key(i).encode()) for i in ("spring", "summer")}) == 2  # leagues spread out


class _NoScripts:
    def register_script(self, _text: str) -> None:
        return None


WRITER = """
import asyncio, sys, time
from table.redis_server import client_for
from table.store import StaleVersion, Store

async def main(url, prefix, match_id, process, writers, each, start):
    client = client_for(url)
    store = Store(client, prefix=prefix)
    retries = 0

    async def writer(w):
        nonlocal retries
        for k in range(each):
            while True:
                match = await store.load(match_id)
                try:
                    await store.save(match.model_copy(update={"rng_counter": match.rng_counter + 1}),
                                     [{"by": f"{process}.{w}.{k}"}])
                    break
                except StaleVersion:
                    retries += 1
    await asyncio.sleep(max(0.0, start - time.time()))
    await asyncio.gather(*(writer(w) for w in range(writers)))
    await client.aclose()
    print(retries)

a = sys.argv[1:]
asyncio.run(main(a[0], a[1], a[2], a[3], int(a[4]), int(a[5]), float(a[6])))
"""


async def test_compare_and_set_loses_no_update_with_writers_in_several_processes(redis, prefix, redis_cluster_url):
    """Four processes, each with its own cluster client and five writers adding one to a counter ten times (load,
    change, compare-and-set, retry on a stale version), all starting at once: 200 updates, none lost, each logged
    once."""
    store = Store(redis, prefix=prefix)
    await store.create(a_match("casmany"))
    processes, writers, each = 4, 5, 10
    start = time.time() + 2.0  # every process connected before the first write
    children = [await asyncio.create_subprocess_exec(
        sys.executable, "-c", WRITER, redis_cluster_url, prefix, "casmany", str(p), str(writers), str(each), str(start),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE) for p in range(processes)]
    retries = 0
    for child in children:
        out, _ = await asyncio.wait_for(child.communicate(), 120)
        assert child.returncode == 0
        retries += int(out.split()[-1])
    total = processes * writers * each
    final = await store.load("casmany")
    assert final.rng_counter == total and final.version == total + 1
    log = await store.log("casmany")
    assert sorted(e["by"] for e in log) == sorted(f"{p}.{w}.{k}" for p in range(processes) for w in range(writers)
                                                  for k in range(each))
    assert retries > 0  # the writers did collide, and every collision was retried


async def test_match_lifecycle_and_a_users_matches_on_the_cluster(table):
    """New, accept, act until the end, and ``my matches``: the user's index (one key per user) finds every match,
    whichever node holds it."""
    ids = []
    for _ in range(6):
        match_id, thread = await started(table)
        ids.append(match_id)
    for _ in range(40):
        match = await table.store.load(ids[0])
        if match.status.over:
            break
        who = ANN if match.holder(match.state["turn"]).user_id == ANN.user_id else BOB
        await table.act(ctx(who, match.thread_id), {"type": "Take", "stones": 1})
    assert (await table.store.load(ids[0])).status.over
    assert {m.id for m in await table.store.matches_of(ANN.user_id)} == set(ids)
    assert set(ids) <= set(await table.store.all_match_ids())  # a SCAN over every primary
    nodes = {table.store.redis.get_node_from_key(table.store._match_key(i)).name for i in ids}
    assert len(nodes) > 1  # the matches spread over the primaries


async def test_the_bot_connects_to_the_cluster_its_redis_url_names(redis_cluster_url, prefix, tmp_path):
    """REDIS_URL=redis-cluster://host:port,... : the bot's connection is a cluster client, and the server secret
    every process shares is created once on it."""
    from redis.asyncio.cluster import RedisCluster

    from table.redis_server import connect

    async with connect(redis_cluster_url, tmp_path) as client:
        assert isinstance(client, RedisCluster)
        store = Store(client, prefix=prefix)
        assert await store.server_secret() == await store.server_secret()


async def test_on_a_cluster_the_players_lists_are_rewritten_only_when_stale(store: Store, redis):
    """The players' lists live in other slots than the match: writing them costs a round trip of its own, so a save
    writes them for a new match, a new status, seats or thread, or once its update time is in a later minute
    (``INDEX_REFRESH_SECONDS``) than the last save's; in between a list's order is at most that stale."""
    from table.store import INDEX_REFRESH_SECONDS

    def place() -> Awaitable[float | None]:
        return redis.zscore(store._user_key(1), "abc123")

    saved = await store.create(a_match())
    assert await place() == 1.0
    saved = await store.save(saved.model_copy(update={"updated_at": 5.0}))
    assert await place() == 1.0, "the same minute: not written again"
    saved = await store.save(saved.model_copy(update={"updated_at": INDEX_REFRESH_SECONDS + 2.0}))
    assert await place() == INDEX_REFRESH_SECONDS + 2.0, "a minute on: its place refreshed"
    saved = await store.save(saved.model_copy(update={"updated_at": INDEX_REFRESH_SECONDS + 3.0,
                                                      "status": Status.FINISHED}))
    assert await place() == INDEX_REFRESH_SECONDS + 3.0, "a new status: written at once"
    assert [m.id for m in await store.matches_of(2)] == ["abc123"]
