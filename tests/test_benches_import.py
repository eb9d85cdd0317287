"""Every benchmark module imports (``make bench`` runs them one after another: one broken import stops the rest)."""
from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.mark.parametrize("name", sorted(m.name for m in pkgutil.iter_modules([str(BENCH)])
                                        if m.name.startswith("bench_") or m.name == "load"))
def test_every_bench_module_imports_and_has_main(name):
    module = importlib.import_module(f"bench.{name}")
    assert callable(getattr(module, "main", None))
