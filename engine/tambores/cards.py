"""The cards a match plays with: the pack (the match's copy, or the shipped training pack) and its needed values.

The state keeps the pack's entries as ``catalogue`` (JSON), so a match never depends on a pack that changes
later. ``needed_unknowns`` lists the values the rules would read but the pack writes ``unknown``: setup refuses
such a pack and names the first one (§19: most values are not public; the users supply them).
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
import yaml
from pydantic import ValidationError

from engine.core.errors import InvalidInput
from engine.core.pack import UNKNOWN
from engine.tambores.pack import TamboresDocument
from engine.tambores.state import JSON, card_id

TRAINING_PACK = Path(__file__).resolve().parents[2] / "data" / "tambores" / "packs" / "training.yaml"
KINDS = ("units", "equipment", "tactics")
"""The card kinds a draw deck holds (§6)."""
UNIT_NEEDS = ("deployment_cost", "attack", "defence", "life", "range")
HERO_NEEDS = ("attack", "defence", "life", "initial_removal")


@lru_cache(maxsize=1)
def _training() -> str:
    """The training pack, read and checked once, as JSON text (each match gets its own copy)."""
    document = TamboresDocument.model_validate(yaml.safe_load(TRAINING_PACK.read_text(encoding="utf-8")))
    return json.dumps(document.model_dump(mode="json"))


def training_document() -> JSON:
    """The shipped training pack as a document (``data/tambores/packs/training.yaml``)."""
    return json.loads(_training())


def pack_document(options: JSON) -> JSON:
    """The match's pack document: ``options["pack"]`` checked by the pack model, or the training pack.

    :raises InvalidInput: tambores.bad_pack
    """
    given = options.get("pack")
    if not given:
        return training_document()
    try:
        return TamboresDocument.model_validate(given).model_dump(mode="json")
    except ValidationError as exc:
        first = exc.errors()[0]
        raise InvalidInput("tambores.bad_pack", path=".".join(str(p) for p in first["loc"]),
                           problem=first["msg"]) from None


def catalogue(document: JSON) -> JSON:
    """The entries a match keeps, indexed by id: {heroes, units, equipment, tactics, abilities, decks}."""
    entries = document["entries"]
    out = {name: {e["id"]: e for e in entries.get(name, [])}
           for name in ("heroes", "units", "equipment", "tactics", "abilities", "decks")}
    out["index"] = {e["id"]: [name, i] for name in ("heroes", *KINDS, "abilities", "decks")
                    for i, e in enumerate(entries.get(name, []))}
    return out


def kind_of(cat: JSON, card: str) -> str:
    """``units``, ``equipment`` or ``tactics`` for a deck card id (or an instance)."""
    cid = card_id(card)
    for kind in KINDS:
        if cid in cat[kind]:
            return kind
    raise KeyError(cid)


def card(cat: JSON, card_or_instance: str) -> JSON:
    """A deck card's entry by id or instance."""
    cid = card_id(card_or_instance)
    return cat[kind_of(cat, cid)][cid]


def ability(cat: JSON, entry: JSON) -> JSON | None:
    """The ability an entry prints, if any."""
    return cat["abilities"].get(entry.get("ability")) if entry.get("ability") else None


def ability_view(cat: JSON, entry: JSON) -> JSON | None:
    """The ability an entry prints as a view gives it: {id, name, text, cost, trigger}, or None."""
    ab = ability(cat, entry)
    return None if ab is None else {k: ab[k] for k in ("id", "name", "text", "cost", "trigger")}


def _path(cat: JSON, entry_id: str, field: str) -> str:
    name, i = cat["index"][entry_id]
    return f"entries.{name}[{i}].{field}"


def _ability_unknowns(cat: JSON, entry: JSON) -> list[str]:
    ab = ability(cat, entry)
    if ab is None:
        return []
    out = []
    acts = ab["modifiers"] or ab["effects"] or ab["cost"] is not None
    if acts and ab["trigger"] == UNKNOWN:
        out.append(_path(cat, ab["id"], "trigger"))
    if ab["cost"] == UNKNOWN:
        out.append(_path(cat, ab["id"], "cost"))
    out += [_path(cat, ab["id"], f"effects[{j}].amount") for j, e in enumerate(ab["effects"]) if e["amount"] == UNKNOWN]
    return out


def needed_unknowns(cat: JSON, decks: list[str], colours: bool) -> list[str]:
    """Paths of the values the rules read, for ``decks`` and their heroes, that the pack leaves ``unknown``
    (colours only when a duel or campaign reads them, §15)."""
    out: list[str] = []
    seen: set[str] = set()
    for deck_id in decks:
        deck = cat["decks"][deck_id]
        for hero_id in deck["heroes"]:
            if hero_id in seen:
                continue
            seen.add(hero_id)
            hero = cat["heroes"][hero_id]
            needs = HERO_NEEDS + (("colour",) if colours else ())
            out += [_path(cat, hero_id, f) for f in needs if hero[f] == UNKNOWN]
            if hero["initial_removal"] not in (0, UNKNOWN) and hero["removal_mode"] in (None, UNKNOWN):
                out.append(_path(cat, hero_id, "removal_mode"))
            out += _ability_unknowns(cat, hero)
        for entry in deck["cards"]:
            cid = entry["card"]
            if cid in seen:
                continue
            seen.add(cid)
            kind = kind_of(cat, cid)
            c = cat[kind][cid]
            if kind == "units":
                out += [_path(cat, cid, f) for f in UNIT_NEEDS if c[f] == UNKNOWN]
            else:
                if c["deployment_cost"] == UNKNOWN:
                    out.append(_path(cat, cid, "deployment_cost"))
                if c["text"] == UNKNOWN and not c.get("ability"):
                    out.append(_path(cat, cid, "text"))  # nothing says what the card does
            out += _ability_unknowns(cat, c)
    return out


def deck_instances(cat: JSON, deck_id: str, seat_number: int) -> list[str]:
    """One instance per copy of each card of the deck, in the deck's order (before shuffling)."""
    out = []
    for entry in cat["decks"][deck_id]["cards"]:
        out += [f"{entry['card']}#{seat_number}.{len(out) + k + 1:02d}" for k in range(entry["copies"])]
    return out


def name(cat: JSON, card_or_instance: str) -> str:
    """A card's or hero's printed name."""
    cid = card_id(card_or_instance)
    if cid in cat["heroes"]:
        return cat["heroes"][cid]["name"]
    return card(cat, cid)["name"]



def entry_view(cat: JSON, card_or_hero: str) -> JSON:
    """A card's or hero's printed values as a view gives them (the match's own copy of the pack):
    {id, name, kind (units, equipment, tactics, heroes), deployment_cost, cost_from_deck, cost_bolt, attack,
    defence, life, range, unit_type, attack_bolt, defence_bolt, colour, text, ability {id, name, text, cost,
    trigger} | null}; a value a kind does not print is null."""
    cid = card_id(card_or_hero)
    kind = "heroes" if cid in cat["heroes"] else kind_of(cat, cid)
    e = cat[kind][cid]
    out = {"id": cid, "name": e["name"], "kind": kind}
    for key in ("deployment_cost", "attack", "defence", "life", "range", "unit_type", "colour", "text"):
        out[key] = e.get(key)
    for key in ("cost_from_deck", "cost_bolt", "attack_bolt", "defence_bolt"):
        out[key] = bool(e.get(key))
    out["ability"] = ability_view(cat, e)
    return out


def deck_entries(cat: JSON, deck_ids: list[str]) -> dict[str, JSON]:
    """Every hero and card of the decks ``deck_ids``, by id (``entry_view``): the pack is public; where each copy
    lies is not."""
    out: dict[str, JSON] = {}
    for deck_id in deck_ids:
        deck = cat["decks"][deck_id]
        for cid in [*deck["heroes"], *(c["card"] for c in deck["cards"])]:
            out.setdefault(cid, entry_view(cat, cid))
    return out
