"""Dragonbond in leagues: a list is a force list (§25.2) of units from the league's data pack (or the shipped
training pack when the league has none), checked against the game size's points (§25.1) and the force rules by
the pack model's own check (``engine.dragonbond.pack._check_force``), and every value a match needs known (the
engine's setup, ``engine.dragonbond.setup.build_unit``).

A list is plain text, one entry per line (or separated by ``;``)::

    faction: Fuerza de Lucy                      (optional: default the General's faction)
    Comandantes de Guardia Jurada (general)      (a unit by name or id; "2x Name" for two; tags: general, reserve)
    Cazadores del Fai
    Esgrimistas Oníricos (reserve)
    mounted: <rider> on <mount>                  (a Dragon Rider that starts mounted, §20.1)
    commanding: <hero> -> <unit>                 (a Hero that starts commanding a unit, §19.2)
    bond: <hero> + <dragon>                      (the Dragonbond pair, §21)
    artifact: <artifact> -> <hero>               (an Artifact bought for a Hero, §19.1)
    vaala: <card>  /  command: <card>            (Vaala and Command cards in hand, §16)

A unit in the other lines is named by its card's name or id (the first of that card in the force) or by its
place in the force, ``<card id>-2`` for the second. Formats are the game sizes of §25.1. The digest says nothing
about organised play, so a bye is the leagues' default.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from engine.core.errors import InvalidInput
from engine.dragonbond.pack import DragonbondDocument, DragonbondPack, Force, ForceUnit, Unit, _check_force
from engine.dragonbond.setup import build_unit, training_document
from table.league.registry import LeagueGame, PackDocument, Problem, list_lines, register_league_game, with_entries

SIZES = {"skirmish": 50, "standard": 100, "full-army": 150}
"""§25.1: skirmish (escaramuza), standard (estándar), full army (ejército completo)."""
FORMATS = tuple(SIZES)
_COUNT = re.compile(r"^(\d+)\s*x?\s+(.+)$", re.IGNORECASE)
_TAG = re.compile(r"\(([^()]*)\)\s*$")
_GENERAL = {"general"}
_RESERVE = {"reserve", "reserva", "en reserva"}
_PAIRS = {"mounted": ("mounted", " on "), "montado": ("mounted", " on "),
          "commanding": ("commanding", "->"), "comandando": ("commanding", "->"),
          "bond": ("bond", "+"), "vinculo": ("bond", "+"), "vínculo": ("bond", "+"),
          "artifact": ("artifacts", "->"), "artefacto": ("artifacts", "->")}


def _key(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").split())


@lru_cache(maxsize=1)
def _training() -> DragonbondPack:
    return DragonbondDocument.model_validate(training_document()).entries


def pack_entries(pack: PackDocument | None) -> DragonbondPack:
    """The league pack's entries, or the shipped training pack's."""
    return DragonbondDocument.model_validate(pack).entries if pack else _training()


def _lookup(entries: list[Any]) -> dict[str, str]:
    """Name or id (any case) -> id."""
    return {_key(e.name): e.id for e in entries} | {_key(e.id): e.id for e in entries}


class _Reader:
    """Reads a force list's lines into the pack model's ``Force``."""

    def __init__(self, pack: DragonbondPack) -> None:
        self.pack = pack
        self.cards = _lookup(pack.units)
        self.problems: list[Problem] = []
        self.units: list[ForceUnit] = []
        self.first: dict[str, str] = {}
        """Card id -> its first force unit."""
        self.general: str | None = None
        self.faction: str | None = None
        self.fields: dict[str, list[Any]] = {"mounted": [], "commanding": [], "bond": [], "artifacts": [],
                                             "vaala_cards": [], "command_cards": []}
        self.refs: list[tuple[str, str, str]] = []
        """Deferred references: (field, role, text), resolved once every unit is read."""

    def unit_line(self, line: str) -> None:
        tags: set[str] = set()
        while (m := _TAG.search(line)) is not None:
            tags |= {_key(t) for t in m.group(1).split(",")}
            line = line[:m.start()].strip()
        count, name = 1, line
        if (m := _COUNT.match(line)) is not None:
            count, name = int(m.group(1)), m.group(2).strip()
        card = self.cards.get(_key(name))
        if card is None:
            self.problems.append({"code": "db.league.unknown_unit", "name": name[:60]})
            return
        for _ in range(max(count, 1)):
            n = sum(1 for u in self.units if u.unit == card) + 1
            entry = ForceUnit(id=card if n == 1 else f"{card}-{n}", unit=card, reserve=bool(tags & _RESERVE))
            self.units.append(entry)
            self.first.setdefault(card, entry.id)
            if tags & _GENERAL:
                self.general = entry.id

    def ref(self, text: str) -> str:
        """A force unit named by its place (``card-2``), its card's id or name; unknown text as typed (the force
        check then names it)."""
        wanted = _key(text)
        if any(u.id == wanted for u in self.units):
            return wanted
        card = self.cards.get(wanted)
        return self.first.get(card, text.strip()) if card else text.strip()

    def line(self, raw: str) -> None:
        line = raw.split("#", 1)[0].strip().lstrip("-*• ").strip()
        if not line:
            return
        key, sep, value = line.partition(":")
        key = _key(key)
        if not sep or key in ("unit", "unidad"):
            self.unit_line(value.strip() if sep else line)
        elif key in ("faction", "facción", "faccion"):
            self.faction = value.strip()
        elif key == "general":
            self.refs.append(("general", "", value))
        elif key in ("vaala", "command", "comando", "mando"):
            cards = self.pack.vaala_cards if key == "vaala" else self.pack.command_cards
            found = _lookup(cards).get(_key(value), value.strip())
            self.fields["vaala_cards" if key == "vaala" else "command_cards"].append(found)
        elif key in _PAIRS:
            field, sep = _PAIRS[key]
            left, found, right = value.partition(sep)
            if not found:
                self.problems.append({"code": "db.league.bad_pair", "line": line[:80], "example": f"{key}: A{sep}B"})
            else:
                self.refs.append((field, left, right))
        else:
            self.problems.append({"code": "db.league.unknown_key", "key": key[:30]})

    def force(self, size: int) -> Force | None:
        if not self.units:
            self.problems.append({"code": "db.league.no_units"})
            return None
        for field, left, right in self.refs:
            if field == "general":
                self.general = self.ref(right)
            elif field == "mounted":
                self.fields[field].append({"rider": self.ref(left), "mount": self.ref(right)})
            elif field == "commanding":
                self.fields[field].append({"hero": self.ref(left), "unit": self.ref(right)})
            elif field == "bond":
                self.fields[field].append({"hero": self.ref(left), "dragon": self.ref(right)})
            else:
                artifact = _lookup(self.pack.artifacts).get(_key(left), left.strip())
                self.fields[field].append({"artifact": artifact, "hero": self.ref(right)})
        if self.general is None:
            self.problems.append({"code": "db.league.no_general"})
            return None
        if len(self.fields["bond"]) > 1:
            self.problems.append({"code": "db.league.one_bond"})
            return None
        units = {u.id: u for u in self.pack.units}
        general = units.get(next((u.unit for u in self.units if u.id == self.general), ""))
        faction = self.faction or (general.faction if general is not None and general.faction else None)
        faction = faction or next((units[u.unit].faction for u in self.units if units[u.unit].faction), "unknown")
        bond = self.fields.pop("bond")
        try:
            return Force(id="league", name="league", faction=faction, size=size, units=self.units,
                         general=self.general, bond=bond[0] if bond else None, **self.fields)
        except ValidationError as error:
            self.problems.append({"code": "db.league.bad_list", "problem": str(error.errors()[0]["msg"])[:120]})
            return None


def read_force(text: str, size: int, pack: DragonbondPack) -> tuple[Force | None, list[Problem]]:
    """The force a list describes, and the problems reading it."""
    reader = _Reader(pack)
    for raw in list_lines(text):
        reader.line(raw)
    force = reader.force(size) if not reader.problems else None
    return force, reader.problems


def check(format: str, text: str, pack: PackDocument | None = None) -> list[Problem]:
    """Every problem of a force list for the game size ``format``: reading problems first, then each rule of
    §25.1/§25.2 the pack model's force check finds, then each value a match needs that the pack leaves unknown."""
    entries = pack_entries(pack)
    force, problems = read_force(text, SIZES[format], entries)
    if force is None:
        return problems
    units = {u.id: u for u in entries.units}
    problems = [{"code": "db.league.force", "path": p.path.removeprefix("force."), "value": p.value, "expected": p.expected}
                for p in _check_force(entries, force, "force", units)]
    index = {u.id: i for i, u in enumerate(entries.units)}
    for card in dict.fromkeys(u.unit for u in force.units):
        try:
            build_unit("check", "league", card, units[card], index[card], entries)
        except InvalidInput as error:
            problems.append({"code": "db.league.unknown_value", "unit": units[card].name, **error.params,
                             "fix": "db.league.fix.unknown_value"})
    return problems


def describe(text: str, pack: PackDocument | None = None) -> str:
    """``Fuerza de Lucy · 3 units, 38 points``."""
    entries = pack_entries(pack)
    force, _ = read_force(text, max(SIZES.values()), entries)
    if force is None:
        return "?"
    units: dict[str, Unit] = {u.id: u for u in entries.units}
    costs = [units[u.unit].points for u in force.units]
    points = sum(costs) if all(isinstance(c, int) for c in costs) else "?"
    return f"{force.faction} · {len(force.units)} units, {points} points"


def match_options(format: str, lists: dict[str, str], pack: PackDocument | None = None) -> dict[str, Any]:
    """A league match is played at the league's game size (§25.1) with each seat's registered force list (§25.2),
    added to the match's copy of the pack as the force ``league-<seat>``: the size and force choices are already
    made; the scenario is still chosen in the match (§25.3)."""
    entries = pack_entries(pack)
    forces: dict[str, str] = {}
    added: list[dict[str, Any]] = []
    for seat, text in lists.items():
        force, _ = read_force(text, SIZES[format], entries)
        if force is None:
            continue
        force = force.model_copy(update={"id": f"league-{seat}", "name": f"{force.faction} ({seat})"})
        added.append(force.model_dump(mode="json", exclude_none=True))
        forces[seat] = force.id
    return {"pack": with_entries(pack or training_document(), "forces", added), "forces": forces,
            "size": SIZES[format]}


register_league_game(LeagueGame("dragonbond", FORMATS, check, describe=describe, match_options=match_options))
