"""Write data/underworlds/schema/*.schema.json from the engine's pydantic models.

A league validates its own warband or deck files against these with any JSON Schema tool
(``warband.schema.json``, ``deck.schema.json``); ``load_warband_file`` / ``load_deck_file`` check more.

    python data/underworlds/build_schemas.py            # write the schemas
    python data/underworlds/build_schemas.py --check    # exit 1 if one differs from the models
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from data.underworlds.build_common import write_or_check  # noqa: E402

from engine.underworlds.cards import json_schemas  # noqa: E402
from engine.underworlds.fighters import DATA_DIR  # noqa: E402

SCHEMA_DIR = DATA_DIR / "schema"


def build() -> dict[Path, str]:
    """Every schema file's content, by path."""
    return {SCHEMA_DIR / name: json.dumps(schema, ensure_ascii=False, indent=2) + "\n"
            for name, schema in json_schemas().items()}


def main(argv: list[str] | None = None) -> int:
    """Write (or, with --check, compare) the schema files."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    SCHEMA_DIR.mkdir(parents=True, exist_ok=True)
    return write_or_check(build(), args.check)


if __name__ == "__main__":
    sys.exit(main())
