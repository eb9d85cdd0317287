"""Leases: background work (a match's idle reminder, a league's deadline) done by one bot process at a time.

Every process polls the same due-time sets, so two of them see the same item. Before working on it a
process claims the item's lease, ``<prefix>:lease:<kind>:<item>``, with ``SET NX PX`` and a random token:
only one claim succeeds. The holder re-checks that the item is still due (another process may have
finished it between the poll and the claim), does the work, marks it done (moves its deadline), and
releases the lease. Release and extend check the token in one Lua script, so a process whose lease ran
out never frees or prolongs the claim of the process that took over. A process that dies holding a
lease frees it by its expiry (``seconds``): the next poll after that picks the item up.

Each lease is one key, so it lives in one slot of a Redis Cluster like any other key.
"""
from __future__ import annotations

import contextlib
import os
import secrets
import socket
from dataclasses import dataclass
from typing import Any, AsyncIterator

LEASE_SECONDS = 60.0
"""How long a claim lasts unless released or extended: far longer than one item's work (milliseconds),
and the longest a dead process's item waits before another process takes it over."""

# KEYS: lease. ARGV: token.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

# KEYS: lease. ARGV: token, milliseconds.
_EXTEND = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""


@dataclass(frozen=True)
class Lease:
    """A claim held: its key and the token that proves it is ours."""

    key: str
    token: str


class Leases:
    """Claims on background items, in Redis, shared by every bot process."""

    def __init__(self, redis: Any, *, prefix: str = "gm", seconds: float = LEASE_SECONDS) -> None:
        self.redis = redis
        self.prefix = prefix
        self.seconds = seconds
        self.holder = f"{socket.gethostname()}:{os.getpid()}"
        """Who holds a lease, written before each token so an operator can tell (``GET`` the lease key)."""
        self._release = redis.register_script(_RELEASE)
        self._extend = redis.register_script(_EXTEND)

    def key(self, kind: str, item: str) -> str:
        return f"{self.prefix}:lease:{kind}:{item}"

    async def claim(self, kind: str, item: str) -> Lease | None:
        """The lease on ``item``, or None when another process holds it."""
        lease = Lease(self.key(kind, item), f"{self.holder}:{secrets.token_hex(8)}")
        taken = await self.redis.set(lease.key, lease.token, nx=True, px=max(1, int(self.seconds * 1000)))
        return lease if taken else None

    async def release(self, lease: Lease) -> bool:
        """Free the item for others; False when the lease had already run out (and may be someone else's)."""
        return bool(await self._release(keys=[lease.key], args=[lease.token]))

    async def extend(self, lease: Lease, seconds: float | None = None) -> bool:
        """Keep the claim ``seconds`` longer from now; False when it ran out and was lost."""
        ms = max(1, int((self.seconds if seconds is None else seconds) * 1000))
        return bool(await self._extend(keys=[lease.key], args=[lease.token, ms]))

    @contextlib.asynccontextmanager
    async def held(self, kind: str, item: str) -> AsyncIterator[Lease | None]:
        """The lease on ``item`` for the block (None: another process has it), released after the block."""
        lease = await self.claim(kind, item)
        try:
            yield lease
        finally:
            if lease is not None:
                await self.release(lease)
