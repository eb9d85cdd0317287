"""Background work once across bot processes (issue #20, "Shards and processes"): leases in Redis, idle reminders
and league deadlines raced by two processes' services on one Redis and on a three-primary Redis Cluster."""
from __future__ import annotations

import asyncio
import sys
from collections import Counter
from pathlib import Path

import pytest
import redis.asyncio as aioredis

from table.leases import Leases
from table.league.service import HOUR, Leagues
from table.league.store import LeagueStore
from table.lifecycle import Table
from table.match import Status
from table.redis_server import client_for
from table.reminders import Reminders
from table.store import Store
from tests.conftest import Clock
from tests.support.redis_cluster import redis_cluster_url  # noqa: F401 - the session's cluster
from tests.table.test_league_deadlines import a_round
from tests.table.test_lifecycle import started

IDLE = 600
SECRET = b"s" * 32
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["server", "cluster"])
def url(request, redis_url: str) -> str:
    """The one Redis server, or the three-primary cluster."""
    return redis_url if request.param == "server" else request.getfixturevalue("redis_cluster_url")


@pytest.fixture
async def clients(url: str):
    """Clients as several bot processes hold them, each its own."""
    opened = [client_for(url) for _ in range(3)]
    yield opened
    for client in opened:
        await client.aclose()


def two_processes(clients, prefix: str, clock: Clock, lease_seconds: float = 60) -> list[Reminders]:
    """The reminders of two bot processes: each its own client, store and table, sharing Redis and the clock."""
    return [Reminders(Table(Store(c, prefix=prefix), SECRET, clock=clock), IDLE, lease_seconds=lease_seconds)
            for c in clients[:2]]


def waiting(match) -> tuple[list[int], str, str]:
    return [match.seats[0].user_id], "your move", "/nim do"


async def idle_matches(reminders: Reminders, n: int) -> list[str]:
    """``n`` nim matches accepted and left waiting, each with its idle deadline armed."""
    ids = []
    for _ in range(n):
        match_id, _thread = await started(reminders.table)
        await reminders.arm(await reminders.store.load(match_id))
        ids.append(match_id)
    return ids


async def race(processes: list[Reminders], now: float, rounds: int = 8) -> Counter:
    """Both processes poll ``due`` at once, ``rounds`` times; how often each match was reminded."""
    reminded: Counter = Counter()
    for _ in range(rounds):
        for due in await asyncio.gather(*(p.due(waiting, now) for p in processes)):
            reminded.update(match_id for match_id, _where, _reply in due)
    return reminded


async def test_reminders_delivered_exactly_once_with_two_processes_running(clients, prefix):
    """Issue #20, done-when: "reminders delivered exactly once with two processes running" — every due match
    reminded by one process only, once per deadline (the next period's deadline again once)."""
    clock = Clock()
    processes = two_processes(clients, prefix, clock)
    ids = await idle_matches(processes[0], 20)
    first = clock.now + IDLE + 1
    assert await race(processes, first) == Counter({m: 1 for m in ids})
    assert await race(processes, first + IDLE + 1) == Counter({m: 1 for m in ids})  # the next period


async def test_an_action_writes_the_idle_deadline_only_when_this_process_has_not_lately(clients, prefix):
    """Every command of the fleet would write the one set of deadlines (one node of a cluster): an action writes
    its match's deadline only when this process has not for half the idle time (at most ``REARM_SECONDS``); the
    deadline in the set is then early, never late. A finished match leaves the set at once."""
    clock = Clock()
    reminders, _ = two_processes(clients, prefix, clock)
    [match_id] = await idle_matches(reminders, 1)
    match = await reminders.store.load(match_id)
    armed = await reminders.store.redis.zscore(reminders.key, match_id)
    assert armed == match.updated_at + IDLE
    later = match.model_copy(update={"updated_at": match.updated_at + IDLE / 2 - 1})
    await reminders.arm(later)
    assert await reminders.store.redis.zscore(reminders.key, match_id) == armed, "written lately: not again"
    latest = match.model_copy(update={"updated_at": match.updated_at + IDLE / 2})
    await reminders.arm(latest)
    assert await reminders.store.redis.zscore(reminders.key, match_id) == latest.updated_at + IDLE
    await reminders.arm(latest.model_copy(update={"status": Status.FINISHED}))
    assert await reminders.store.redis.zscore(reminders.key, match_id) is None


async def test_an_early_deadline_reminds_nobody_who_acted_since_and_moves_to_their_last_action(clients, prefix):
    """A deadline written at an earlier action comes before the match has been idle for the idle time: nobody is
    reminded, and the deadline moves to the last action's (then the reminder comes, once)."""
    clock = Clock()
    processes = two_processes(clients, prefix, clock)
    [match_id] = await idle_matches(processes[0], 1)
    armed = await processes[0].store.redis.zscore(processes[0].key, match_id)
    match = await processes[0].store.load(match_id)
    acted = await processes[0].store.save(match.model_copy(update={"updated_at": armed - IDLE + IDLE / 4}))
    await processes[0].arm(acted)  # written lately: the set keeps the earlier deadline
    assert await race(processes, armed + 1) == Counter()
    assert await processes[0].store.redis.zscore(processes[0].key, match_id) == acted.updated_at + IDLE
    assert await race(processes, acted.updated_at + IDLE + 1) == Counter({match_id: 1})


async def test_a_dead_claimants_reminder_is_taken_over_after_its_lease_time_still_once(clients, prefix):
    """A process that claimed a match's reminder and died (its lease never released) holds it back only for the
    lease time; then another process reminds it, once; the other matches are not held back at all."""
    clock = Clock()
    processes = two_processes(clients, prefix, clock, lease_seconds=0.5)
    ids = await idle_matches(processes[0], 5)
    dead = Leases(clients[2], prefix=prefix, seconds=0.5)
    assert await dead.claim("idle", ids[0]) is not None  # ... and the process is killed here
    now = clock.now + IDLE + 1
    assert await race(processes, now, rounds=3) == Counter({m: 1 for m in ids[1:]})
    await asyncio.sleep(0.6)
    assert await race(processes, now, rounds=3) == Counter({ids[0]: 1})


CLAIMANT = """
import asyncio, sys, time
from table.lifecycle import Table
from table.redis_server import client_for
from table.reminders import Reminders
from table.store import Store

def waiting(match):
    print(match.id, flush=True)
    time.sleep(3600)  # SIGKILLed here, in the middle of the reminder, holding its lease

async def main(url, prefix, idle, lease, now):
    store = Store(client_for(url), prefix=prefix)
    await Reminders(Table(store, b"s" * 32), int(idle), lease_seconds=float(lease)).due(waiting, float(now))

asyncio.run(main(*sys.argv[1:]))
"""


async def test_a_process_killed_mid_reminder_is_taken_over_after_its_lease_time(url, clients, prefix):
    """A bot process SIGKILLed while it reminds a match (lease taken, deadline not moved): the two processes left
    leave that match alone for the lease time, then one of them reminds it, once."""
    clock = Clock()
    processes = two_processes(clients, prefix, clock)
    ids = await idle_matches(processes[0], 3)
    now = clock.now + IDLE + 1
    claimant = await asyncio.create_subprocess_exec(sys.executable, "-c", CLAIMANT, url, prefix, str(IDLE), "2",
                                                    str(now), cwd=ROOT, stdout=asyncio.subprocess.PIPE)
    try:
        held = (await asyncio.wait_for(claimant.stdout.readline(), 60)).decode().strip()
    finally:
        claimant.kill()
        await claimant.wait()
    assert held in ids
    assert await race(processes, now, rounds=3) == Counter({m: 1 for m in ids if m != held})
    await asyncio.sleep(2.1)
    assert await race(processes, now, rounds=3) == Counter({held: 1})


async def test_a_lease_is_held_by_one_claimant_and_freed_only_by_its_token(clients, prefix):
    """SET NX PX: a second claim fails while the first holds; release and extend check the token, so a claimant
    whose lease ran out neither frees nor prolongs the claim of the one that took over."""
    mine, theirs = (Leases(c, prefix=prefix, seconds=0.3) for c in clients[:2])
    first = await mine.claim("idle", "m1")
    assert first is not None and await theirs.claim("idle", "m1") is None
    assert await mine.claim("idle", "m2") is not None  # another item is free
    assert await mine.extend(first, 1.0)
    await asyncio.sleep(0.4)
    assert await theirs.claim("idle", "m1") is None  # extended past its first expiry
    await asyncio.sleep(0.7)
    second = await theirs.claim("idle", "m1")
    assert second is not None  # ran out: taken over
    assert not await mine.release(first) and not await mine.extend(first)
    assert await mine.claim("idle", "m1") is None  # the takeover still holds
    assert await theirs.release(second)
    async with mine.held("idle", "m1") as lease:
        assert lease is not None
        async with theirs.held("idle", "m1") as other:
            assert other is None
    assert await clients[0].get(mine.key("idle", "m1")) is None  # released at the end of the block


async def test_league_deadline_announced_once_with_two_processes_running(clients, prefix):
    """docs/leagues.md, the reminder a day before the deadline: two processes polling at once post it once."""
    clock = Clock()
    tables = [Table(Store(c, prefix=prefix), SECRET, clock=clock) for c in clients[:2]]
    leagues, league_id, deadline, _claimed, _pending = await a_round(tables[0], clients[0], prefix)
    other = Leagues(LeagueStore(clients[1], prefix=prefix), tables[1])
    posts = []
    for _ in range(4):
        for due in await asyncio.gather(leagues.due(deadline - 23 * HOUR), other.due(deadline - 23 * HOUR)):
            posts += due
    assert len(posts) == 1 and "Round 1" in posts[0][1].content


def test_the_cluster_client_is_chosen_by_the_url_scheme():
    """REDIS_URL ``redis-cluster://h:p,h:p`` opens a cluster client on those start nodes; others a plain client."""
    from redis.asyncio.cluster import RedisCluster

    cluster = client_for("redis-cluster://:pw@10.0.0.1:7000,10.0.0.2:7001")
    assert isinstance(cluster, RedisCluster)
    assert sorted(n.port for n in cluster.nodes_manager.startup_nodes.values()) == [7000, 7001]
    assert isinstance(client_for("redis://127.0.0.1:6379/0"), aioredis.Redis)
