"""Idle reminders: a match that waits too long for a player pings that player, for any game.

One sorted set holds every active match's deadline (``<prefix>:idle``). A deadline may be early, never late:
when it comes, a match played since is not reminded, its deadline moved to its last action's (``_remind``). So an
action writes the deadline only when this process has not written it for the match lately (``REARM_SECONDS``), not
every time: the set is one key, on one node of a cluster, that every command of the fleet would write to.
A finished match leaves the set. The reminder's words come from the game (the step
awaited) through ``Play``, which knows the games; this module knows none. A player in their quiet hours
(``/quiet``, table/quiet.py) is left out of a reminder until they end (``wait``: the match's deadline is moved to
then) or reminded without a notification (``silent``, when everyone reminded is in quiet hours).

Every bot process polls the set, so each due match is claimed with a lease (table/leases.py) and its
deadline read again under the lease: the process that re-arms it is the one that reminds, once per
deadline; a process that dies mid-way leaves the deadline in place, and its lease runs out for another.

The set is one key (one Redis Cluster slot) on purpose: a poll is one ``ZRANGEBYSCORE`` over every
match, and an entry is some 50 bytes, so even 100,000 live matches are a few MB on one node.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Awaitable, Callable

from table.i18n import message
from table.leases import LEASE_SECONDS, Leases
from table.lifecycle import Table
from table.match import Match, Status
from table.quiet import QuietHours
from table.reply import Reply

REARM_SECONDS = 3600
"""How long an active match's deadline written by this process is taken as still in the set (half the idle time
when shorter): a deadline is at most that early. Writing it again now and then puts back one dropped meanwhile
(``forget``, by another process)."""
KEPT = 100_000
"""Matches whose last writes are remembered (~100 bytes each); the oldest are forgotten first."""

MAX_PER_ROUND = 50
"""Reminders built per call, so one slow round never holds the rest back for long."""

Waiting = Callable[[Match], tuple[list[int], str, str]]
"""For a match: the users awaited, the step in words, and the game's command (``/<game>``)."""


class Reminders:
    """The deadlines of active matches, in Redis."""

    def __init__(self, table: Table, idle_seconds: int, lease_seconds: float = LEASE_SECONDS) -> None:
        self.table = table
        self.store = table.store
        self.idle_seconds = idle_seconds
        self.key = f"{self.store.prefix}:idle"
        self.leases = Leases(self.store.redis, prefix=self.store.prefix, seconds=lease_seconds)
        self.quiet = QuietHours(self.store.redis, self.store.prefix)
        """Players' quiet hours (``/quiet``): a reminder to them waits until the hours end or comes silently."""
        self._written: OrderedDict[str, float] = OrderedDict()
        """Match id -> when this process last wrote its deadline (the table's clock)."""

    async def arm(self, match: Match) -> None:
        """Schedule the idle reminder of a match (or drop it once the match is over)."""
        if not self.idle_seconds:
            return
        if match.status is Status.ACTIVE:
            written = self._written.get(match.id)
            if written is not None and 0 <= match.updated_at - written < min(REARM_SECONDS, self.idle_seconds / 2):
                return  # its deadline is in the set, early at most: ``_remind`` moves it when it comes
            await self.store.redis.zadd(self.key, {match.id: match.updated_at + self.idle_seconds})
            self._written[match.id] = match.updated_at
            self._written.move_to_end(match.id)
            if len(self._written) > KEPT:
                self._written.popitem(last=False)
        else:
            self._written.pop(match.id, None)
            await self.store.redis.zrem(self.key, match.id)

    async def forget(self, match_id: str) -> None:
        """No more reminders for a match (its thread is gone, or the bot may not post there)."""
        self._written.pop(match_id, None)
        await self.store.redis.zrem(self.key, match_id)

    async def due(self, waiting: Waiting, now: float | None = None) -> list[tuple[str, int, Reply]]:
        """Reminders for matches idle past their deadline, as (match, thread, reply); each is re-armed."""
        if not self.idle_seconds:
            return []
        now = self.table.clock() if now is None else now
        due = await self.store.redis.zrangebyscore(self.key, "-inf", now, start=0, num=MAX_PER_ROUND)
        out = []
        for raw in due:
            match_id = raw.decode() if isinstance(raw, bytes) else str(raw)
            async with self.leases.held("idle", match_id) as lease:
                if lease is None:
                    continue  # another process is reminding this match
                reminder = await self._remind(match_id, waiting, now)
            if reminder is not None:
                out.append(reminder)
        return out

    async def _remind(self, match_id: str, waiting: Waiting, now: float) -> tuple[str, int, Reply] | None:
        """Under the match's lease: its reminder if it is still due, its deadline moved either way."""
        deadline = await self.store.redis.zscore(self.key, match_id)
        if deadline is None or deadline > now:
            return None  # reminded (re-armed) or finished meanwhile, by another process or an action
        try:
            match = await self.store.load(match_id)
        except Exception:  # noqa: BLE001 - expired or deleted: forget it
            await self.store.redis.zrem(self.key, match_id)
            return None
        if match.status is not Status.ACTIVE or match.state is None:
            await self.store.redis.zrem(self.key, match_id)
            return None
        if match.updated_at + self.idle_seconds > now:  # acted since: move the deadline
            await self.store.redis.zadd(self.key, {match_id: match.updated_at + self.idle_seconds})
            return None
        users, step, command = waiting(match)
        users = [u for u in users if u >= 0]  # the practice opponent needs no reminding
        quiet = {u: (q.mode, until) for u, q in (await self.quiet.of(users)).items()
                 if (until := q.until(now)) is not None}
        wakes = [until for mode, until in quiet.values() if mode == "wait"]
        # a player in quiet hours who asked reminders to wait is reminded when they end (if nobody acted by then)
        await self.store.redis.zadd(self.key, {match_id: min([now + self.idle_seconds, *wakes])})
        users = [u for u in users if quiet.get(u, ("",))[0] != "wait"]
        if not users:
            return None
        text = message("core.table.reminder", match.lang, players=" ".join(f"<@{u}>" for u in users),
                       match=match.id, minutes=round((now - match.updated_at) / 60), step=step,
                       command=command)
        return match.id, match.where, Reply(content=text, mentions=users, silent=all(u in quiet for u in users))
