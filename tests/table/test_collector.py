"""The bot process sets the garbage collector for many live matches (``table/collector.py``): checked in a fresh
interpreter, since freezing this test process's objects would keep them for the rest of the run."""
from __future__ import annotations

import subprocess
import sys

from table.collector import YOUNG_EVERY


def test_tune_freezes_what_is_alive_and_collects_young_objects_less_often():
    code = ("import gc; from table import collector; collector.tune(); "
            "print(gc.get_threshold()[0], gc.get_freeze_count() > 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == [str(YOUNG_EVERY), "True"]


def test_settle_collects_cycles_then_freezes_the_survivors():
    """A board worker settles its caches now and then: garbage cycles are collected first (never frozen), what
    survives is frozen (no later collection walks it)."""
    code = ("import gc, weakref\nfrom table import collector\n"
            "class Node: pass\n"
            "a, b = Node(), Node(); a.other, b.other = b, a; gone = weakref.ref(a); del a, b\n"
            "kept = [Node() for _ in range(100)]\n"
            "before = gc.get_freeze_count(); collector.settle()\n"
            "print(gone() is None, gc.get_freeze_count() >= before + 100)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "True"]
