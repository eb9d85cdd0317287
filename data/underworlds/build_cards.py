"""Build data/underworlds/cards.json and decks.json from the shared data sources.

Source: ``../shared/data-sources/underworlds/decks.json`` relative to the repository root (the
curated transcription of UnderworldsDB's card database, PompolutZ/wuclub_monorepo
``apps/frontend/src/data/wudb/db.js`` @ 42958b5ed5318d71281205c2ab53ccf916936e78). Every card is
validated by the engine's models before it is written; the output is deterministic.

    python data/underworlds/build_cards.py            # write the two files
    python data/underworlds/build_cards.py --check    # exit 1 if they differ from a fresh build
    python data/underworlds/build_cards.py --source PATH/decks.json
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

from engine.underworlds.cards import (  # noqa: E402
    CARD, CARDS_FILE, DECKS_FILE, CardsFile, Deck, DecksFile,
)
from engine.underworlds.fighters import SCHEMA_VERSION, Source  # noqa: E402

DEFAULT_SOURCE = ROOT.parent / "shared" / "data-sources" / "underworlds" / "decks.json"
NOTICE = ("Card names and texts belong to Games Workshop (Warhammer Underworlds). Collected from the hobby "
          "database UnderworldsDB for reference in a non-commercial fan tool; not an official dataset. "
          "Keep card text attributed to the publisher when shown.")
CORE_BOX = "shared/seeds/000_72d1f04e4d4b2f0f.txt"

DECK_IDS = {
    78: "brethren-of-the-bolt-rivals",
    79: "the-skinnerkin-rivals",
    80: "hungering-parasite-rivals",
    81: "rimewyrms-bite-rivals",
}

LABEL = re.compile(r"^(?:Surge|Dual|Hybrid)(?:, (?:Dual|Hybrid))?:\s*")
TAG_LINE = re.compile(r"\*\*\*([^*]+)\*\*\*")
ATTACK = re.compile(r"\[:Hex: (\d+) - :at(Smash|Fury): (\d+) - :boom: (\d+)\]")
RESTRICTION = re.compile(r"cannot be given to|can be given to|cannot use this|cannot affect")
FIGHTER_MOD = re.compile(r"([+-]\d+) (Move|Wounds|Defence)(?:, to a minimum of (\d+))?")
ATTACK_MOD = re.compile(r"([+-]\d+) (Range|Dice|Damage) to this fighter's Attack actions"
                        r"(, other than Scything Attack actions)?(?:, to a minimum of (\d+))?")
KEYWORD_GRANT = re.compile(r"This fighter's Attack actions have (Cleave|Ensnare|Stagger|Knockback (\d+))")


def sentences(text: str) -> list[str]:
    """The text's sentences, line by line, without their final full stop."""
    out = []
    for line in text.split("\n"):
        out += [s.strip().rstrip(".") for s in re.split(r"(?<=\.)\s+", line) if s.strip()]
    return out


def upgrade_structure(card: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """An upgrade's attack, modifiers and keyword grants, and whether they capture the whole text."""
    plain, marked = card["rule_text_plain"], card["rule_text"]
    fields: dict[str, Any] = {"modifiers": [], "attack_keywords": []}
    leftover = []
    # A modifier is kept only when no other clause of the card changes it ("... instead if ...").
    conditional = "instead" in plain
    for sentence in sentences(plain):
        fighter, attack, grant = (FIGHTER_MOD.fullmatch(sentence), ATTACK_MOD.fullmatch(sentence),
                                  KEYWORD_GRANT.fullmatch(sentence))
        if fighter and not conditional:
            fields["modifiers"].append({"characteristic": fighter[2].lower(), "delta": int(fighter[1]),
                                        "minimum": int(fighter[3]) if fighter[3] else None})
        elif attack and not conditional:
            fields["modifiers"].append({"characteristic": attack[2].lower(), "delta": int(attack[1]),
                                        "except_scything": bool(attack[3]),
                                        "minimum": int(attack[4]) if attack[4] else None})
        elif grant:
            name = grant[1].split()[0].lower()
            fields["attack_keywords"].append({"name": name, "value": int(grant[2]) if grant[2] else None})
        else:
            leftover.append(sentence)
    profile = ATTACK.search(marked)
    if profile:
        lines = [ln for ln in plain.split("\n") if ln != "Attack action" and not ln.startswith("[[range]")]
        fields["attack"] = {
            "name": card["name"], "range": int(profile[1]), "dice": int(profile[3]),
            "symbol": "hammer" if profile[2] == "Smash" else "swords", "damage": int(profile[4]),
            "keywords": [], "text": "\n".join(lines) or None, "reaction": "Reaction:" in "\n".join(lines),
        }
        expected = card["attack_profiles"][0]
        got = {k: fields["attack"][k] for k in ("range", "dice", "symbol", "damage")}
        assert got == {k: expected[k] for k in got}, (card["id"], got, expected)
        leftover = []  # the profile is captured; its use (reaction or not) is still text
        structured = False
    else:
        structured = not leftover and bool(fields["modifiers"] or fields["attack_keywords"])
    return fields, structured


def build_card(card: dict[str, Any], source: dict[str, Any]) -> dict[str, Any]:
    """One card in the engine's format."""
    plain = card["rule_text_plain"]
    restrictions = [s + "." for s in sentences(plain) if RESTRICTION.search(s) and "can be given to enemy" not in s]
    out: dict[str, Any] = {
        "type": card["type"], "id": str(card["id"]), "name": card["name"],
        "deck": DECK_IDS[card["deck_udb_set_id"]],
        "faction": None if card["faction"] == "Universal" else card["faction"],
        "text": card["rule_text"], "text_plain": plain,
        "tags": [m[1] for ln in card["rule_text"].split("\n") if (m := TAG_LINE.fullmatch(ln))],
        "restrictions": restrictions,
        "reaction": "Reaction:" in plain,
        "fully_structured": False,
        "source": {"repo": source["repo"], "path": source["path"], "commit": source["commit"],
                   "note": f"export const cards, key {card['id']}"},
    }
    if card["type"] == "objective":
        label = LABEL.match(plain)
        kind = None
        if label and "Dual" in label[0]:
            kind = "dual"
        elif label and "Hybrid" in label[0]:
            kind = "hybrid"
        assert kind == card["objective_kind"], card["id"]
        score = "surge" if plain.startswith("Surge") else "end"
        assert score == card["score_type"], card["id"]
        out |= {"glory": card["glory"], "score": score, "kind": kind,
                "condition": LABEL.sub("", plain, count=1)}
    elif card["type"] == "upgrade":
        fields, structured = upgrade_structure(card)
        out |= fields | {
            "fully_structured": structured,
            "forbidden_to_large": any("cannot be given to a Large fighter" in r for r in restrictions),
            "givable_to_enemy": "can be given to enemy fighters" in plain,
        }
    return CARD.dump_python(CARD.validate_python(out), mode="json")


def build_deck(deck: dict[str, Any], source: dict[str, Any]) -> dict[str, Any]:
    """One Rivals deck in the engine's format."""
    universal = deck["faction"] == "Universal"
    notes = ["Composition " + ", ".join(f"{n} {t}" for t, n in deck["composition"].items() if n)
             + f"; {deck['surge_objectives']} surge objectives."]
    missing: list[str] = []
    plot = None
    if "plot" in deck:
        plot = "Bane of Heroes"
        notes.append(deck["plot"])
        missing += ["the plot card's text",
                    "the Bane of Heroes upgrade card's text (UnderworldsDB image assets 47033/47034)"]
    if "mechanic" in deck:
        notes.append(deck["mechanic"])
    model = Deck(
        id=DECK_IDS[deck["udb_set_id"]], name=deck["name"], name_es=deck["spanish_name"],
        faction=None if universal else deck["faction"], universal=universal,
        card_ids=tuple(str(c) for c in deck["card_ids"]), plot=plot, notes=tuple(notes), missing=tuple(missing),
        source=Source(repo=source["repo"], path=source["path"], commit=source["commit"],
                      note=f"UnderworldsDB set {deck['udb_set_id']}; in the Wintermaw core box per {CORE_BOX} "
                           "lines 257-259"),
    )
    return model.model_dump(mode="json")


def build(source_file: Path) -> dict[Path, str]:
    """The two files' contents, by path."""
    data = json.loads(source_file.read_text(encoding="utf-8"))
    source = data["source"]
    cards = {"schema_version": SCHEMA_VERSION, "notice": NOTICE,
             "cards": [build_card(c, source) for c in data["cards"]]}
    decks = {"schema_version": SCHEMA_VERSION, "decks": [build_deck(d, source) for d in data["decks"]]}
    CardsFile.model_validate(cards)
    DecksFile.model_validate(decks)
    return {path: json.dumps(content, ensure_ascii=False, indent=2) + "\n"
            for path, content in ((CARDS_FILE, cards), (DECKS_FILE, decks))}


def main(argv: list[str] | None = None) -> int:
    """Write (or, with --check, compare) cards.json and decks.json."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    return write_or_check(build(args.source), args.check)


if __name__ == "__main__":
    sys.exit(main())
