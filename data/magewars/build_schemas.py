"""Write data/magewars/schema/pack.schema.json from the engine's pack model (engine/magewars/pack.py).

A community validates its Mage Wars Arena pack with any JSON Schema tool; ``engine.magewars.pack.check``
checks more (references between entries, spellbook copies and spell points).

    python data/magewars/build_schemas.py            # write the schema
    python data/magewars/build_schemas.py --check    # exit 1 if it differs from the model
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from data.underworlds.build_common import write_or_check  # noqa: E402

from engine.magewars.pack import json_schema  # noqa: E402

SCHEMA_DIR = ROOT / "data" / "magewars" / "schema"


def build() -> dict[Path, str]:
    """The schema file's content, by path."""
    return {SCHEMA_DIR / "pack.schema.json": json.dumps(json_schema(), ensure_ascii=False, indent=2) + "\n"}


def main(argv: list[str] | None = None) -> int:
    """Write (or, with --check, compare) the schema file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    SCHEMA_DIR.mkdir(parents=True, exist_ok=True)
    return write_or_check(build(), args.check)


if __name__ == "__main__":
    sys.exit(main())
