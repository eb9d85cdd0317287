"""Build data/underworlds/boards.json from the shared data sources.

Source, relative to the repository root: ``../shared/data-sources/underworlds/boards.json``, a verified
transcription of PompolutZ/wuthralls ``src/data/boards.js`` (starting, blocked and lethal hexes of 10
classic half-boards, orientations 0 and 180) with board names and UnderworldsDB ids, plus the names of
48 faces without any public layout (the four Wintermaw faces among them, with their Spanish names from
the rulebook, seed 000 lines 1996-2008).

Each face keeps only its upright (orientation 0) hexes, written in board-local notation (``a1`` is the
top-left hex). The build checks that the source's orientation 180 is the point rotation the engine
computes, so nothing is lost. Nothing is guessed: what no source gives is ``null`` and listed in
``unknown`` (the classic source has no cover or trap hexes at all; no source pairs the faces of a board).

    python data/underworlds/build_boards.py            # write the file
    python data/underworlds/build_boards.py --check    # exit 1 if the file differs from a fresh build
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.underworlds.battlefield import (  # noqa: E402
    BOARDS_FILE, BOARDS_SCHEMA_VERSION, Board, BoardFile, Orientation, _from_doubled, _place, _to_doubled,
)
from engine.underworlds.hexgrid import Hex  # noqa: E402

SHARED = ROOT.parent / "shared"
DEFAULT_SOURCE = SHARED / "data-sources" / "underworlds" / "boards.json"
SHARED_FILE = "shared/data-sources/underworlds/boards.json"
ROWS = [8, 7, 8, 7, 8]  # data-sources README: "5 rows of 8, 7, 8, 7, 8 complete hexes = 38 hexes"
SPANISH_NAME_LINES = {"Pozos caidagélida": 1996, "Madriguera de sierpes": 2000, "Cementerio glacial": 2004,
                      "Criaderos de sierpescarchas": 2008}


def slug(name: str) -> str:
    """``Katophrane's Reliquary`` -> ``katophranes-reliquary``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def _local(cells: list[list[int]]) -> list[str]:
    return [h.notation() for h in sorted(Hex.from_offset(c, r) for c, r in cells)]


def _check_turned(name: str, orientations: dict[str, Any]) -> None:
    rows = tuple(ROWS)
    for kind in ("starting", "blocked", "lethal"):
        upright = {Hex.from_offset(c, r) for c, r in orientations["0"][kind]}
        turned = {_from_doubled(*_place(_to_doubled(h), rows, Orientation.TURNED, (0, 0))) for h in upright}
        source = {Hex.from_offset(c, r) for c, r in orientations["180"][kind]}
        if turned != source:
            raise SystemExit(f"{name}: orientation 180 {kind} hexes are not the point rotation of orientation 0")


def _sources(entry: dict[str, Any], src: dict[str, Any], with_layout: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if with_layout:
        primary = src["primary"]
        out.append({"repo": primary["repo"], "path": primary["path"], "commit": primary["commit"],
                    "note": f"boards.js entry {entry['wuthralls_id']} ({entry['name_in_source']!r}): starting, "
                            "blocked and lethal hexes, orientations 0 and 180"})
    names = src["board_names_and_ids"][0]
    if entry["udb_board_id"] <= 36:
        out.append({"repo": names["repo"], "path": names["path"], "commit": names["commit"],
                    "note": f"UnderworldsDB board id {entry['udb_board_id']} and name"})
    out.append({"path": SHARED_FILE, "note": "transcription checked field by field; see its README"
                + ("" if entry["udb_board_id"] <= 36 else "; names of UDB ids 37-48 from an UnderworldsDB "
                   "board list whose repository path could not be resolved")})
    return out


def build(source_path: Path = DEFAULT_SOURCE) -> dict[str, Any]:
    """The boards file content."""
    data = json.loads(source_path.read_text(encoding="utf-8"))
    src = data["source"]
    boards: list[dict[str, Any]] = []
    for entry in data["classic_boards"]:
        orientation = entry["orientations"]["0"]
        _check_turned(entry["name"], entry["orientations"])
        notes = [n for n in entry.get("notes", []) if "spells the name" not in n]
        if entry["name_in_source"] != entry["name"]:
            notes.insert(0, f"The source calls it {entry['name_in_source']!r}.")
        boards.append({
            "id": slug(entry["name"]), "name": entry["name"], "spanish_name": None,
            "udb_board_id": entry["udb_board_id"], "released_in": entry["released_in"], "rows": ROWS,
            "back": None,
            "layout": {"starting": _local(orientation["starting"]), "blocked": _local(orientation["blocked"]),
                       "lethal": _local(orientation["lethal"]), "cover": None, "trap": None},
            "unknown": ["back", "layout.cover", "layout.trap"],
            "sources": _sources(entry, src, True),
            "notes": notes + ["Cover and trap hexes: the source models only starting, blocked and lethal hexes."],
        })
    for entry in data["boards_without_layout_data"]:
        spanish = entry.get("spanish_name_in_rulebook") or entry.get("spanish_rulebook_name")
        sources = _sources(entry, src, False)
        if spanish:
            sources.append({"path": "shared/seeds/000_72d1f04e4d4b2f0f.txt",
                            "note": f"line {SPANISH_NAME_LINES[spanish]}: {spanish}, paired with the English "
                                    "UnderworldsDB name by meaning"})
        boards.append({
            "id": slug(entry["name"]), "name": entry["name"], "spanish_name": spanish,
            "udb_board_id": entry["udb_board_id"], "released_in": entry["released_in"], "rows": None,
            "back": None, "layout": None, "unknown": ["rows", "back", "layout"], "sources": sources,
            "notes": ["No public source gives this face's hexes. Its shape is probably the classic half-board "
                      "(rows 8, 7, 8, 7, 8), unverified. Supply a board file with its rows and layout to play on it."],
        })
    boards.sort(key=lambda b: b["udb_board_id"])
    out = {
        "schema_version": BOARDS_SCHEMA_VERSION,
        "about": ("Warhammer Underworlds board faces (Games Workshop). Hobby transcriptions for reference in a "
                  "non-commercial fan tool, not an official dataset. Hexes are written upright in board-local "
                  "notation: column letter + row number, a1 = top-left hex, the 2nd and 4th rows shifted half "
                  "a hex right. Built by data/underworlds/build_boards.py."),
        "boards": boards,
    }
    BoardFile.model_validate(out)  # fail the build, not the bot
    for board in boards:
        Board.model_validate({**board})
    return out


def _dump(value: Any, indent: int) -> str:
    pad, inner = "  " * indent, "  " * (indent + 1)
    flat = json.dumps(value, ensure_ascii=False)
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value) and len(flat) + len(pad) < 110:
        return flat
    if isinstance(value, list) and value:
        return "[\n" + ",\n".join(inner + _dump(v, indent + 1) for v in value) + "\n" + pad + "]"
    if isinstance(value, dict) and value:
        items = (f"{inner}{json.dumps(k)}: {_dump(v, indent + 1)}" for k, v in value.items())
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    return flat


def render(content: dict[str, Any]) -> str:
    """The file text: indented JSON with short lists (hexes, names) on one line."""
    return _dump(content, 0) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (or, with --check, compare) the boards file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    args = parser.parse_args(argv)
    text = render(build(args.source))
    if args.check:
        if not BOARDS_FILE.exists() or BOARDS_FILE.read_text(encoding="utf-8") != text:
            print(f"{BOARDS_FILE} is stale: run python data/underworlds/build_boards.py")
            return 1
        return 0
    BOARDS_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {BOARDS_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
