"""Build data/magewars/cards.json from the shared Mage Wars card data.

Source: ``../shared/data-sources/magewars/cards.json`` relative to the repository root (the OCTGN Mage Wars
module, sIKE23/Mage-Wars ``GameDatabase/.../Sets/<set-id>/set.xml`` @ the commit recorded in that file and copied
into the output). Every spell card becomes an :class:`engine.magewars.pack.Card` and every mage stats card a
:class:`engine.magewars.pack.Mage`, validated before writing; the output is deterministic.

Which printing is kept when a name appears more than once (reprints, Academy versions, fan playtests): fan
"community playtest" sets and the OCTGN table pieces are left out; of the rest the Core set wins, then any
Arena set in the source's set order, then the Academy sets (a different product line).

    python data/magewars/build_cards.py            # write the file
    python data/magewars/build_cards.py --check    # exit 1 if it differs from a fresh build
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

from engine.core.pack import UNKNOWN  # noqa: E402
from engine.magewars.pack import Card, Mage  # noqa: E402

DEFAULT_SOURCE = ROOT.parent / "shared" / "data-sources" / "magewars" / "cards.json"
OUT = ROOT / "data" / "magewars" / "cards.json"
TEXTS = ROOT / "data" / "magewars" / "card_texts.json"
"""Texts the source lacks, found in other public sources (each with its source), or ``unknown`` after a search."""
NOTICE = ("Card names, texts and characteristics belong to Arcane Wonders (Mage Wars). Collected from the hobby "
          "OCTGN Mage Wars module for reference in a non-commercial fan tool; not an official dataset. "
          "Keep card text attributed to the publisher when shown.")
TYPES = {"Creature": ("creature", None), "Conjuration": ("conjuration", None),
         "Conjuration-Wall": ("conjuration", "Wall"), "Conjuration-Terrain": ("conjuration", "Terrain"),
         "Conjuration-Vine": ("conjuration", "Vine"), "Enchantment": ("enchantment", None),
         "Equipment": ("equipment", None), "Incantation": ("incantation", None), "Attack": ("attack", None)}
RANGE_TYPES = {"Melee": "melee", "Ranged": "ranged", "Damage Barrier": "damage_barrier",
               "Passage Attack": "passage_attack"}


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:64]


def _priority(card: dict[str, Any], set_order: dict[str, int]) -> tuple[int, int]:
    name = card["set"]
    rank = 0 if name == "Core" else 2 if name.startswith("Mage Wars Academy") else 1
    return rank, set_order[card["set_id"]]


def _number(value: Any) -> Any:
    """A printed number, ``unknown`` for a value the model cannot hold ("X"), None when not printed."""
    return None if value in (None, "") else value if isinstance(value, int) else UNKNOWN


def _schools(raw: dict[str, Any]) -> list[dict[str, Any]]:
    levels = raw["levels"] if len(raw["levels"]) == len(raw["schools"]) else []
    return [{"school": s.lower(), "level": levels[i] if levels else UNKNOWN} for i, s in enumerate(raw["schools"])]


def _attack(raw: dict[str, Any], *, spell: bool) -> dict[str, Any]:
    traits = [{k: _number(v) if k == "value" else v for k, v in t.items() if k in ("trait", "value", "vs")}
              for t in raw["traits"]]
    return {"name": raw["name"] or UNKNOWN,
            "speed": None if spell or raw["action"] not in ("Quick", "Full") else raw["action"].lower(),
            "range_type": RANGE_TYPES.get(raw["range_type"] or "", "ranged" if spell else UNKNOWN),
            "range": {"min": raw["range"][0], "max": raw["range"][1]} if raw["range_type"] == "Ranged"
            and raw["range"] else None,
            "damage_type": raw["damage_type"].lower() if raw["damage_type"] else None,
            "dice": raw["dice"] if raw["dice"] is not None else UNKNOWN,
            "effect_table": raw["effect_table"] or [],  # every row, "13+" too (reached with bonuses, §10.5)
            "traits": traits, "notes": raw["notes"]}


def _defense(stats: dict[str, Any]) -> dict[str, Any] | None:
    """The golden shield of a spell or stats card (§10.4), or None."""
    d = stats.get("defense_parsed")
    return {"threshold": d["threshold"], "uses": "unlimited" if d["unlimited"] else d["uses_per_round"] or UNKNOWN,
            "no_ranged": bool(d["no_ranged"]), "no_melee": bool(d.get("no_melee"))} if d else None


def _found_texts() -> dict[str, str]:
    """Card name -> text from ``card_texts.json`` (``unknown`` where the search found none)."""
    return {name: entry["text"] for name, entry in json.loads(TEXTS.read_text(encoding="utf-8"))["cards"].items()}


def card_entry(raw: dict[str, Any]) -> dict[str, Any]:
    """One spell card of the source in the pack's Card shape."""
    kind, subtype = TYPES[raw["type"]]
    # "2X" and the like are formulas the text explains: a variable cost ("X") the caster announces (§9.2)
    parts = [p if isinstance(p, int) else "X" for p in raw["cost_parts"] or []]
    stats = raw["stats"]
    out: dict[str, Any] = {
        "id": slug(raw["name"]), "name": raw["name"].strip(), "type": kind,
        "subtypes": raw["subtypes"] + ([subtype] if subtype else []),
        "schools": _schools(raw) or [{"school": UNKNOWN, "level": UNKNOWN}],
        "joined": "or" if raw["school_relation"] == "or" else "and",
        "cost": parts[0] if parts else UNKNOWN,
        "reveal_cost": parts[1] if kind == "enchantment" and len(parts) > 1 else None,
        "casting_speed": raw["action"].lower() if raw["action"] else UNKNOWN,
        "range": {"min": raw["range"][0], "max": raw["range"][1]} if raw["range"] else UNKNOWN,
        "target": raw["target"] or UNKNOWN,
        "life": stats.get("life") if isinstance(stats.get("life"), int) else None,
        "armor": stats.get("armor") if isinstance(stats.get("armor"), int) else None,
        "channeling": _number(stats.get("channeling")),
        "defense": _defense(stats),
        "slot": stats.get("equipment_slot") or None,
        "attacks": [_attack(a, spell=kind == "attack") for a in raw["attacks"]],
        "traits": [t.strip() for t in raw["traits"] if t.strip()],
        "text": (raw["text"] or "")[:2000] or _found_texts().get(raw["name"].strip()) or None,
    }
    if stats.get("armor") == "-":
        out["traits"].append("Armor -")  # a crossed armor icon: it can never have armor (§13)
    try:
        return Card.model_validate(out).model_dump(mode="json", exclude_defaults=True)
    except ValueError as e:
        raise SystemExit(f"{raw['name']} ({raw['set']}): {e}") from None


def _abilities(text: str) -> list[dict[str, str]]:
    out = []
    for line in text.replace("Mage Abilities:", "").split("\n"):
        name, sep, rest = line.partition(":")
        if sep and name.strip() and rest.strip():
            out.append({"name": name.strip()[:100], "text": rest.strip()[:2000]})
    return out


def mage_entry(raw: dict[str, Any]) -> dict[str, Any]:
    """One mage stats card of the source in the pack's Mage shape."""
    info, stats = raw.get("mage") or {}, raw["stats"]
    trained = [s.strip().lower() for s in (info.get("MageSchoolFullTraining") or "").split(",") if s.strip()]
    opposed = [s.strip().lower() for s in (info.get("MageSchoolOpposed") or "").split(",") if s.strip()]
    name = raw["name"].replace(" Stats", "").strip()
    out = {"id": slug(name), "name": name, "subtypes": [s for s in raw["subtypes"] if s != "Mage"],
           "spellbook_points": stats.get("spellbook_points", UNKNOWN), "life": stats.get("life", UNKNOWN),
           "armor": stats.get("armor", 0), "channeling": stats.get("channeling", UNKNOWN),
           "trained": trained, "opposed": opposed, "training": info.get("MageTraining") or None,
           "abilities": _abilities(info.get("MageAbilities") or ""),
           "attacks": [_attack(a, spell=False) for a in raw["attacks"] if a["name"] != "Basic Melee Attack"],
           "traits": [t.strip() for t in raw["traits"] if t.strip()], "defense": _defense(stats)}
    return Mage.model_validate(out).model_dump(mode="json", exclude_defaults=True)


def build(source: Path) -> str:
    data = json.loads(source.read_text(encoding="utf-8"))
    set_order = {s["id"]: i for i, s in enumerate(data["sets"])}
    playable = {s["id"] for s in data["sets"] if s["kind"] == "octgn_set"}
    chosen: dict[str, dict[str, Any]] = {}
    for raw in data["cards"]:
        if not raw["is_game_card"] or raw["set_id"] not in playable:
            continue
        if raw["type"] not in TYPES and raw["type"] != "Magestats":
            continue
        if raw["type"] == "Creature" and "Mage" in raw["subtypes"] and raw["cost"] is None:
            continue  # the mage card itself: its numbers are on the stats card
        key = raw["type"] == "Magestats", raw["name"].strip()
        if key not in chosen or _priority(raw, set_order) < _priority(chosen[key], set_order):
            chosen[key] = raw
    cards, mages, printing = [], [], {}
    for (is_mage, name), raw in sorted(chosen.items(), key=lambda kv: kv[0]):
        entry = mage_entry(raw) if is_mage else card_entry(raw)
        (mages if is_mage else cards).append(entry)
        printing[entry["id"]] = {"set": raw["set"], "code": raw["card_code"]}
    ids = [c["id"] for c in cards]
    assert len(ids) == len(set(ids)), "two card names give one id"
    head = {"title": "Mage Wars Arena cards and mage stats, in the pack's Card and Mage shapes",
            "notice": NOTICE, "source": {**data["source"], "shared_file": "shared/data-sources/magewars/cards.json"},
            "built_by": "data/magewars/build_cards.py",
            "texts_added": "data/magewars/card_texts.json (texts the source lacks, each with its source)",
            "printing_rule": "community playtest sets and table pieces left out; Core first, then Arena sets in "
                             "source order, then Academy sets"}
    lines = ["{" + json.dumps(head, ensure_ascii=False)[1:-1] + ","]
    for label, rows, last in (("cards", cards, False), ("mages", mages, False), ("printing", None, True)):
        if rows is None:
            lines.append(f'"{label}": ' + json.dumps(printing, ensure_ascii=False, sort_keys=True))
            continue
        lines.append(f'"{label}": [')
        lines += [json.dumps(r, ensure_ascii=False) + ("," if i < len(rows) - 1 else "") for i, r in enumerate(rows)]
        lines.append("]," if not last else "]")
    return "\n".join(lines) + "}\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    args = parser.parse_args()
    text = build(args.source)
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        print("current" if current == text else f"stale: {OUT.relative_to(ROOT)}")
        return 0 if current == text else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
