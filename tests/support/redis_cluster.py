"""A real three-primary Redis Cluster on loopback for the tests, from Debian's ``redis-server``.

Started once per test session (several test modules import the fixture; they share one cluster) and
stopped when the session ends. Where ``redis-server`` is not on the PATH the tests that need it skip,
saying so. Tests keep apart on it as on the single server: each uses its own key prefix.
"""
from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import pytest

from table.redis_server import LocalCluster

SKIP_REASON = "Redis Cluster tests need Debian's redis-server on the PATH (apt-get install redis-server)"

_cluster: LocalCluster | None = None


def shared_cluster() -> LocalCluster:
    """The session's cluster, started on first use."""
    global _cluster
    if _cluster is None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip(SKIP_REASON)
        cluster = LocalCluster(Path(tempfile.mkdtemp(prefix="redis-cluster-")), size=3, binary=binary)
        cluster.start()
        atexit.register(_stop, cluster)
        _cluster = cluster
    return _cluster


def _stop(cluster: LocalCluster) -> None:
    cluster.stop()
    shutil.rmtree(cluster.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_cluster_url() -> str:
    """``redis-cluster://127.0.0.1:<port>,...`` of the session's three-primary cluster."""
    return shared_cluster().url
