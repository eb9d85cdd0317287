"""Build data/underworlds/warbands/*.json from the shared data sources.

Sources, relative to the repository root:

- ``../shared/data-sources/underworlds/fighters.json``: the 2017 Shadespire profiles of Steelheart's
  Champions and Garrek's Reavers (complete) and the 2024 Embergard profiles of Brethren of the Bolt and
  The Skinnerkin (weapon names missing), each with its GitHub provenance.
- ``../shared/seeds/000_72d1f04e4d4b2f0f.txt`` lines 128-170: the Wintermaw rulebook's fighter names
  and leaders for the two core-box warbands, whose Wintermaw fighter cards are nowhere in text.

Nothing is guessed: a value the sources do not give is ``null`` and listed in ``unknown``.

    python data/underworlds/build_warbands.py            # write the files
    python data/underworlds/build_warbands.py --check    # exit 1 if a file differs from a fresh build
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

from data.underworlds.build_common import write_or_check  # noqa: E402

from engine.underworlds.fighters import WARBANDS_DIR, Warband  # noqa: E402

SHARED = ROOT.parent / "shared"
DEFAULT_SOURCE = SHARED / "data-sources" / "underworlds" / "fighters.json"
SEED = "shared/seeds/000_72d1f04e4d4b2f0f.txt"
UDB_CARDS = {"repo": "PompolutZ/wuclub_monorepo", "path": "apps/frontend/src/data/wudb/db.js",
             "commit": "42958b5ed5318d71281205c2ab53ccf916936e78"}

# Rendering colours: our own choice, not a game fact.
COLOURS = {
    "steelhearts-champions": ("#C9A23A", "#1F3A8A"),
    "garreks-reavers": ("#9B1B1B", "#3A2E25"),
    "brethren-of-the-bolt": ("#3B6FD8", "#E8D27A"),
    "the-skinnerkin": ("#7A1F2B", "#D9CBB0"),
}
ALLIANCES = {"order": "order", "chaos": "chaos", "death": "death", "destruction": "destruction"}
SIDE_FIELDS = ("move", "defence", "wounds", "attacks", "abilities")

# Wintermaw rulebook, seed 000 lines 128-170 (leaders marked with the crown glyph).
WINTERMAW_CORE_BOX = {
    "brethren-of-the-bolt": {
        "name": "Brethren of the Bolt", "name_es": "Hermanos del Rayo", "alliance_from": "Brethren of the Bolt",
        "lines": "128-146",
        "fighters": ["Pater Filius", "Soror Tazat", "Friar Galvic", "Scorched Yakob", "Acolyte Arcus"],
        "cards_note": ("The Wintermaw Rivals deck refers to a 'Holy Vessels' ability (card 45010) and to friendly "
                       "Priests (45003, 45023): which fighters are Priests and the ability's text are unknown."),
    },
    "the-skinnerkin": {
        "name": "The Skinnerkin", "name_es": "Desolladores", "alliance_from": "The Skinnerkin",
        "lines": "150-170",
        "fighters": ["Gristla Tenderhooke", "The Carnskyr", "Seddrik the Chain", "Young Master Kretch",
                     "Flensemaster Pewdrig"],
        "cards_note": ("The Wintermaw Rivals deck is built on Haunch counters (46001-46012 and others) and refers "
                       "to a friendly beast or brawler (46014): how Haunch counters are gained and which fighters "
                       "are beasts or brawlers are unknown."),
    },
}


def slug(name: str) -> str:
    """``Steelheart's Champions`` -> ``steelhearts-champions``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def source(entry: dict[str, Any], note: str | None = None, **replace: str) -> dict[str, Any]:
    """A Source dict from a data-sources provenance entry."""
    path = entry["path"]
    for old, new in replace.items():
        path = path.replace(old, new)
    extra = [entry[k] for k in ("note", "what", "origin") if k in entry]
    if "(" in path:  # "ex-utils/AddFighters.js (also ex-utils/DatabaseObjectsLab.txt)"
        path, also = path.split(" (", 1)
        extra.insert(0, also.rstrip(")"))
    commit = entry["commit"].split()[0]
    if note:
        extra.insert(0, note)
    return {"repo": entry["repo"], "path": path, "commit": commit, "note": "; ".join(extra) or None}


def keyword(text: str) -> dict[str, Any]:
    """``Knockback 1`` / ``Cleave (critical only)`` -> an AttackKeyword dict."""
    critical = text.endswith(" (critical only)")
    text = text.removesuffix(" (critical only)")
    name, _, value = text.partition(" ")
    return {"name": name.lower(), "value": int(value) if value else None, "critical_only": critical}


def classic_attack(attack: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    """A 2017 attack action, its old wording read with the Wintermaw keywords (§20)."""
    keywords = [keyword(k) for k in attack["keywords"]]
    if attack.get("scything_derived"):
        keywords.append({"name": "scything", "value": None, "critical_only": False})
        notes.append(f"{attack['name']}: the 2017 text 'Targets all adjacent enemies - roll for each' is the "
                     "Scything keyword (Segar, rulebook §20); keyword added, text kept.")
    if attack.get("text", "").startswith("On a critical hit, this Attack action deals 1 extra damage"):
        keywords.append({"name": "grievous", "value": 1, "critical_only": False})
        notes.append(f"{attack['name']}: '1 extra damage on a critical hit' is Grievous 1 "
                     f"({SEED} line 985); keyword added, text kept.")
    return {"name": attack["name"], "range": attack["range"], "dice": attack["dice"], "symbol": attack["symbol"],
            "damage": attack["damage"], "keywords": keywords, "text": attack.get("text"),
            "reaction": bool(attack.get("is_reaction"))}


def dedupe(items: list[str]) -> list[str]:
    """Keep the first of each repeated note."""
    return list(dict.fromkeys(items))


def classic_warband(band: dict[str, Any]) -> dict[str, Any]:
    """A complete pre-2024 warband."""
    wid = slug(band["name"])
    alliance, _, army = band["faction"].partition(" (")
    inspire = band["inspire_condition"].split(" (", 1)[0]
    fighters = []
    for f in band["fighters"]:
        notes: list[str] = []
        sides = {}
        for key in ("uninspired", "inspired"):
            side = f[key]
            sides[key] = {"move": side["move"], "defence": side["defence"], "wounds": side["wounds"],
                          "bounty": None, "attacks": [classic_attack(a, notes) for a in side["attacks"]],
                          "abilities": [], "name_on_card": side.get("name_on_card")}
        if f["name"] == "Garrek Gorebeard":
            notes.append("Inspired Wounds: source A gives 2, sources B and C give 4; 4 is used (data-sources "
                         "README). Wounds never change on Inspiring in this warband.")
        if f["name"] == "Karsus the Chained":
            notes.append("Source A titles this card's Inspired side 'Saek Inspired' (a typo; values agree with B).")
        fighters.append({
            "id": slug(f["name"]), "name": f["name"], "leader": f["leader"], "wizard_level": 0,
            "beast": False, "flyer": False, "traits": [], "inspire_condition": inspire,
            "uninspire_condition": None, "uninspired": sides["uninspired"], "inspired": sides["inspired"],
            "unknown": [], "notes": dedupe(notes),
        })
    src = band["source"]
    cross = [source(src["secondary"], note=f"key {src['secondary']['key']}; file last changed in "
                    f"{src['secondary']['file_last_changed_in']}")]
    cross += [source(c) for c in src.get("cross_checks", [])]
    return {
        "id": wid, "name": band["name"], "name_es": None, "faction": band["name"],
        "grand_alliance": ALLIANCES[alliance.lower()], "edition": "shadespire", "edition_note": band["edition"],
        "complete": True, "unknown": [],
        "notes": [f"{alliance} Grand Alliance ({army.rstrip(')')}).",
                  "Inspire condition: the hobby sources' paraphrase, not the verbatim card text.",
                  "2017 first-printing cards, not the warband's latest cards: later printings may differ. Read "
                  "with the Wintermaw rules, their old keyword wording maps to today's keywords (rulebook §20).",
                  "Bounty is not printed on these cards: rulebook §18.5 gives 1 glory (2 if Large).",
                  "The hobby sources record no class icons but the leader's; these fighters are neither "
                  "wizards, beasts nor flyers in the 2017 printing."],
        "confidence": band["confidence"], "colours": dict(zip(("primary", "secondary"), COLOURS[wid])),
        "source": source(src["primary"]), "cross_checks": cross, "abilities": [], "fighters": fighters,
    }


def unknown_side() -> dict[str, Any]:
    """A fighter-card side of which nothing is known."""
    return {"move": None, "defence": None, "wounds": None, "bounty": None, "attacks": None, "abilities": None,
            "name_on_card": None}


def wintermaw_warband(wid: str, alliance: str) -> dict[str, Any]:
    """A Wintermaw core-box warband: names and leader from the rulebook, everything else unknown."""
    info = WINTERMAW_CORE_BOX[wid]
    unknown = ["wizard_level", "beast", "flyer", "traits", "inspire_condition", "uninspire_condition"]
    unknown += [f"{side}.{f}" for side in ("uninspired", "inspired") for f in SIDE_FIELDS]
    fighters = [{
        "id": slug(name), "name": name, "leader": i == 0, "wizard_level": None, "beast": None, "flyer": None,
        "traits": None, "inspire_condition": None, "uninspire_condition": None,
        "uninspired": unknown_side(), "inspired": unknown_side(), "unknown": unknown, "notes": [],
    } for i, name in enumerate(info["fighters"])]
    return {
        "id": wid, "name": info["name"], "name_es": info["name_es"], "faction": info["name"],
        "grand_alliance": alliance, "edition": "wintermaw",
        "edition_note": "Wintermaw core set (2023) fighter cards: names and leader only",
        "complete": False, "unknown": [],
        "notes": [
            "No public source holds the Wintermaw fighter cards of this warband (data-sources README, Known gaps): "
            "every characteristic, class, attack action and Inspire condition is unknown.",
            f"The 2024 Embergard cards of the same fighters are in {wid}-2024.json; they are not Wintermaw cards.",
            info["cards_note"],
            "Grand Alliance taken from the 2024 source (a warband keeps its Grand Alliance across editions).",
            "A league that owns the cards can fill this file in and load it with load_warband_file().",
        ],
        "confidence": "Names and leader as printed in the Spanish Wintermaw rulebook; nothing else known.",
        "colours": dict(zip(("primary", "secondary"), COLOURS[wid])),
        "source": {"repo": None, "path": SEED, "commit": None,
                   "note": f"lines {info['lines']}: fighter names; the leader carries the crown glyph"},
        "cross_checks": [dict(UDB_CARDS, note="the Rivals deck cards cited in the notes")],
        "abilities": [], "fighters": fighters,
    }


def edition_2024_warband(band: dict[str, Any]) -> dict[str, Any]:
    """A 2024 Embergard warband: numbers complete, weapon names unknown."""
    base = slug(band["name"])
    wid = f"{base}-2024"
    inspire_text = band["inspire"]
    inspire, _, uninspire = inspire_text.partition("\n\nUNINSPIRE\n")
    fighters = []
    for f in band["fighters"]:
        unknown = []
        sides = {}
        for key in ("uninspired", "inspired"):
            side = f[key]
            attacks = []
            for i, a in enumerate(side["attacks"]):
                attacks.append({"name": None, "range": a["range"], "dice": a["dice"], "symbol": a["symbol"],
                                "damage": a["damage"], "keywords": [keyword(k) for k in a["keywords"]],
                                "text": None, "reaction": False})
                unknown.append(f"{key}.attacks[{i}].name")
            sides[key] = {"move": side["move"], "defence": side["defence"], "wounds": side["wounds"],
                          "bounty": side["bounty"], "attacks": attacks, "abilities": [], "name_on_card": None}
        fighters.append({
            "id": slug(f["name"]), "name": f["name"], "leader": f["leader"], "wizard_level": 0, "beast": False,
            "flyer": "fly" in f["runemarks"], "traits": f["runemarks"],
            "inspire_condition": inspire.replace("\n\n", " "), "uninspire_condition": uninspire or None,
            "uninspired": sides["uninspired"], "inspired": sides["inspired"], "unknown": unknown,
            "notes": [f"Short name on the 2024 card: {f['short_name']}."] if f["short_name"] != f["name"] else [],
        })
    abilities = [{"name": a["name"], "kind": a["type"], "text": a["rulesText"]}
                 for a in band["warscroll"]["abilities"]]
    abilities += [{"name": r["name"], "kind": "reaction", "text": f"{r['trigger']} {r['rulesText']}"}
                  for r in band["warscroll"]["reactions"]]
    corrections = [f"{r['name']}: {r['curator_correction']}" for r in band["warscroll"]["reactions"]
                   if "curator_correction" in r]
    src = band["source"]
    alliance = band["faction"].split(" (")[0].lower()
    return {
        "id": wid, "name": band["name"], "name_es": band.get("spanish_name"), "faction": band["name"],
        "grand_alliance": ALLIANCES[alliance], "edition": "embergard", "edition_note": band["edition"],
        "complete": False, "unknown": [],
        "notes": [band["wintermaw_note"], band["stat_names"],
                  "Weapon names are not recorded by the source: each attack's name is unknown.",
                  "The 2024 melee/ranged 'reach' of each weapon is not kept; its range is.",
                  "Flyer is read from the 2024 'fly' runemark; the runemarks are kept as traits.",
                  f"Cross-check: {src['cross_check']}.", *corrections],
        "confidence": band["confidence"], "colours": dict(zip(("primary", "secondary"), COLOURS[base])),
        "source": source(src["fighters"], **{"<slug>": base}),
        "cross_checks": [{"repo": src["warscroll"]["repo"], "path": f"warbands/{base}/warscroll.json",
                          "commit": src["warscroll"]["commit"].split()[0],
                          "note": "warband abilities; warscroll.png read at "
                                  + src["warscroll"]["commit"].split()[-1] + " by the data-sources curator"}],
        "abilities": abilities, "fighters": fighters,
    }


def build(source_file: Path) -> dict[Path, str]:
    """Every warband file's content, by path."""
    data = json.loads(source_file.read_text(encoding="utf-8"))
    bands = [classic_warband(b) for b in data["classic_2017_2023"] if b["completeness"].startswith("complete")]
    for band in data["edition_2024"]:
        bands.append(edition_2024_warband(band))
        bands.append(wintermaw_warband(slug(band["name"]), ALLIANCES[band["faction"].split(" (")[0].lower()]))
    out = {}
    for band in bands:
        model = Warband.model_validate(band)
        out[WARBANDS_DIR / f"{model.id}.json"] = json.dumps(model.model_dump(mode="json"), ensure_ascii=False,
                                                             indent=2) + "\n"
    return out


def main(argv: list[str] | None = None) -> int:
    """Write (or, with --check, compare) the warband files."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    WARBANDS_DIR.mkdir(parents=True, exist_ok=True)
    return write_or_check(build(args.source), args.check)


if __name__ == "__main__":
    sys.exit(main())
