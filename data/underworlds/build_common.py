"""What every data build script shares: write the files it builds, or check that they are current."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def write_or_check(files: dict[Path, str], check: bool) -> int:
    """Write ``files`` (path -> text); with ``check``, only report the stale ones. Returns the exit code."""
    stale = []
    for path, text in files.items():
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    for path in stale:
        print(f"stale: {path.relative_to(ROOT)}")
    return 1 if stale else 0
