"""``python -m bench``: run every benchmark in this folder and print its figures."""
from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

for module in sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])
                     if m.name.startswith("bench_")):
    print(f"== {module}")
    importlib.import_module(f"bench.{module}").main()
