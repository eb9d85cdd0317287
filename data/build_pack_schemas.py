"""Write each game's data-pack JSON Schema, ``data/<game>/schema/pack.schema.json``, from its pack model.

A game with packs has ``engine/<game>/pack.py`` with ``json_schema()`` (the envelope and its entries).
A community validates a pack with any JSON Schema tool; the bot's importer checks more (references).

    python data/build_pack_schemas.py            # write the schemas
    python data/build_pack_schemas.py --check    # exit 1 if one differs from its model
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from data.underworlds.build_common import write_or_check  # noqa: E402

from engine.games import GAMES  # noqa: E402


def schema_path(game: str) -> Path:
    return ROOT / "data" / game / "schema" / "pack.schema.json"


def build() -> dict[Path, str]:
    """Every game's pack schema, by path (games whose engine has a ``pack`` module with ``json_schema``)."""
    out = {}
    for game in GAMES:
        if importlib.util.find_spec(f"engine.{game}.pack") is None:
            continue
        module = importlib.import_module(f"engine.{game}.pack")
        if hasattr(module, "json_schema"):
            out[schema_path(game)] = json.dumps(module.json_schema(), ensure_ascii=False, indent=2) + "\n"
    return out


def main(argv: list[str] | None = None) -> int:
    """Write (or, with --check, compare) the schema files."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    files = build()
    for path in files:
        path.parent.mkdir(parents=True, exist_ok=True)
    return write_or_check(files, args.check)


if __name__ == "__main__":
    sys.exit(main())
