"""The load bench's CPU accounting by role (``bench/cpu.py``): the processes under a bot process (its board
workers) count apart from it."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from bench import cpu

pytestmark = pytest.mark.skipif(not cpu.PROC.is_dir(), reason="no /proc on this system")

BUSY = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\ntime.sleep(60)\n"


def test_a_bot_process_and_the_workers_under_it_are_counted_apart():
    before = cpu.processes()
    parent = subprocess.Popen([sys.executable, "-c", "import subprocess, sys\n"
                               f"subprocess.Popen([sys.executable, '-c', {BUSY!r}]).wait()\n"])
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # until the child has spent its 0.3 s (then it sleeps)
            spent = cpu.by_role([parent.pid], before, cpu.processes())
            if spent is not None and spent["boards"] >= 0.25:
                break
            time.sleep(0.02)
        assert spent is not None and set(spent) == {"bot", "boards", "redis"}
        assert spent["boards"] >= 0.25, "the child's busy loop counts as the bot process's workers'"
        assert spent["bot"] < 0.25, "not as the bot process's own"
        # (spent["redis"]: the Redis servers under this test process, the session's cluster among them)
        assert os.getpid() not in cpu.descendants(cpu.processes(), parent.pid)
    finally:
        for pid in cpu.descendants(cpu.processes(), parent.pid):
            os.kill(pid, 9)
        parent.kill()
        parent.wait()
