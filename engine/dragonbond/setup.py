"""Setting up a match (§25): the pack, the forces, the battlefield, deployment (alternate or automatic), reserves.

``options["pack"]`` is a pack document (``table/packs.py::Pack.document``); without one the shipped training
pack is read through the pack model, so a newcomer can play on a fresh machine. ``options["forces"]`` names a
force of the pack per seat (default its first two). Force lists are checked by the pack model's ``check``;
any value the match needs that the pack leaves ``unknown`` refuses the match (``db.unknown_value``).
"""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from engine.core.errors import InvalidInput
from engine.core.rng import Rng
from engine.dragonbond import battlefield, board, geometry
from engine.dragonbond.pack import CARD_COST, GAME_SIZES, DragonbondDocument, DragonbondPack, Force, Unit, check
from engine.dragonbond.models import DEFAULT_BASE_MM, form
from engine.dragonbond.state import JSON, SIDES, Ctx, read_once, units

TRAINING_PACK = Path(__file__).resolve().parents[2] / "data" / "dragonbond" / "packs" / "training.yaml"
SCENARIOS: dict[str, JSON] = {
    "pitched_battle": {"objectives": True, "kill_points": True, "margin": None, "deploy": True},
    "conquest": {"objectives": True, "kill_points": False, "margin": None, "deploy": True},
    "annihilation": {"objectives": False, "kill_points": True, "margin": 5, "deploy": True},
    "quest": {"objectives": False, "kill_points": False, "margin": 1, "deploy": False},
}
"""§26: what each scenario scores; ``margin`` None is 10% of the game size; the Quest has no deployment."""
PROFILE_FIELDS = ("health", "speed", "defence")


def training_document() -> JSON:
    """The shipped training pack as a document (validated by the pack model): a fresh copy each time."""
    return json.loads(_training_json())


@functools.cache
def _training_json() -> str:
    """The training pack read and validated once a process (YAML parsing cost ~60 ms a battle set up)."""
    data = yaml.safe_load(TRAINING_PACK.read_text(encoding="utf-8"))
    return json.dumps(DragonbondDocument.model_validate(data).model_dump(mode="json"))


def read_document(options: JSON) -> DragonbondDocument:
    raw = options.get("pack") or training_document()
    try:
        doc = DragonbondDocument.model_validate(raw)
    except ValidationError as exc:
        raise InvalidInput("db.pack_invalid", problem=str(exc.errors()[0].get("loc"))) from None
    problems = check(doc.entries)
    if problems:
        raise InvalidInput("db.pack_invalid", problem=f"{problems[0].path}: {problems[0].expected}")
    return doc


def _known(value: Any, path: str) -> Any:
    if value == "unknown":
        raise InvalidInput("db.unknown_value", path=path)
    return value


def _profile(p: Any, at: str, powers: dict[str, Any], pack: DragonbondPack) -> JSON:
    """The numbers the rules read from one side of a card, every one known."""
    out = {k: _known(getattr(p, k), f"{at}.{k}") for k in PROFILE_FIELDS}
    for kind in ("melee", "ranged"):
        attack = getattr(p, kind)
        if attack is None:
            out[kind] = None
            continue
        out[kind] = {"dice": _known(attack.dice, f"{at}.{kind}.dice"),
                     "colour": _known(attack.colour, f"{at}.{kind}.colour"), "keywords": list(attack.keywords)}
        if kind == "ranged":
            out[kind]["range"] = float(_known(attack.range, f"{at}.ranged.range"))
    for pid in p.powers:
        i = next(i for i, q in enumerate(pack.powers) if q.id == pid)
        _known(powers[pid].type, f"entries.powers[{i}].type")
    out["powers"] = list(p.powers)
    out["speed"] = float(out["speed"])
    return out


def build_unit(uid: str, seat: str, entry_id: str, card: Unit, index: int, pack: DragonbondPack) -> JSON:
    at = f"entries.units[{index}]"
    powers = {p.id: p for p in pack.powers}
    models = _known(card.models, f"{at}.models")
    # An unknown base takes the bot's default (the rulebook gives no base size, §28.2; a ruling).
    base = DEFAULT_BASE_MM if card.base_mm == "unknown" else card.base_mm
    u = {"id": uid, "code": uid, "side": seat, "force_unit": entry_id, "card": card.id, "name": card.name,
         "keywords": list(card.keywords), "points": _known(card.points, f"{at}.points"), "models": models,
         "models_start": models, "base_mm": base,
         **_profile(card, at, powers, pack), "unique": card.unique, "mercenary": card.mercenary,
         "command_power": card.command_power, "injured": False, "injured_profile": None,
         "x": None, "y": None, "where": "undeployed", "wounds": 0, "fatigue": 0, "poison": 0, "slowed": 0,
         "immobilized": 0, "engaged_with": [], "activated": 0, "general": False, "hero": None,
         "commanding": None, "rider": None, "mounted_on": None, "bonded_with": None, "artifact": None,
         "treasures": [], "used": {}, "ultimates": []}
    if card.injured is not None:
        u["injured_profile"] = _profile(card.injured, f"{at}.injured", powers, pack)
    form(u)
    return u


def force_problem(doc: DragonbondDocument, force: Force) -> InvalidInput | None:
    """Why a force list cannot be played (a value it needs is ``unknown``), or None."""
    pack = doc.entries
    cards = {u.id: (i, u) for i, u in enumerate(pack.units)}
    try:
        for entry in force.units:
            index, card = cards[entry.unit]
            build_unit("X1", "x", entry.id, card, index, pack)
    except InvalidInput as exc:
        return exc
    return None


def build_forces(doc: DragonbondDocument, options: JSON, seats: tuple[str, ...]) -> tuple[JSON, dict[str, Force]]:
    pack = doc.entries
    forces = {f.id: f for f in pack.forces}
    chosen = options.get("forces") or {}
    picked: dict[str, Force] = {}
    for n, seat in enumerate(seats):
        fid = chosen.get(seat) if isinstance(chosen, dict) else None
        if fid is None:
            if len(pack.forces) < 2:
                raise InvalidInput("db.no_forces", pack=doc.id)
            fid = pack.forces[n].id
        if fid not in forces:
            raise InvalidInput("db.unknown_force", force=str(fid), forces=", ".join(forces))
        picked[seat] = forces[fid]
    cards = {u.id: (i, u) for i, u in enumerate(pack.units)}
    out: JSON = {}
    for n, seat in enumerate(seats):
        force = picked[seat]
        ids = {}
        for k, entry in enumerate(force.units, start=1):
            uid = f"{SIDES[n]}{k}"
            index, card = cards[entry.unit]
            out[uid] = build_unit(uid, seat, entry.id, card, index, pack)
            if entry.reserve:
                out[uid]["where"] = "reserve"
            ids[entry.id] = uid
        out[ids[force.general]]["general"] = True
        for carried in force.artifacts:
            u = out[ids[carried.hero]]
            u["artifact"] = carried.artifact
            u["points"] += CARD_COST
            power = next(a.power for a in pack.artifacts if a.id == carried.artifact)
            u["powers"].append(power)
        if force.bond is not None:
            out[ids[force.bond.hero]]["bonded_with"] = ids[force.bond.dragon]
            out[ids[force.bond.dragon]]["bonded_with"] = ids[force.bond.hero]
        for pair in force.commanding:
            hero, unit_ = out[ids[pair.hero]], out[ids[pair.unit]]
            hero.update(where="commanding", commanding=unit_["id"])
            unit_["hero"] = hero["id"]
            if hero["command_power"]:
                unit_["powers"].append(hero["command_power"])
        for pair in force.mounted:
            rider, mount = out[ids[pair.rider]], out[ids[pair.mount]]
            rider.update(where="mounted", mounted_on=mount["id"])
            mount["rider"] = rider["id"]
    return out, picked


def coverage(pack: DragonbondPack) -> JSON:
    """Which powers and cards the engine automates; the rest are settled with referee actions (§15, §16)."""
    from engine.dragonbond.powers import automated
    return {"powers": {p.id: automated(p.model_dump(mode="json")) for p in pack.powers},
            "vaala_cards": {c.id: automated(c.model_dump(mode="json")) for c in pack.vaala_cards},
            "command_cards": {c.id: automated(c.model_dump(mode="json")) for c in pack.command_cards}}


def shipped_coverage() -> list[JSON]:
    """``/db coverage``: every power and card of the shipped pack, automated (its effects applied by the engine,
    with their kinds) or referee (its text settled with referee actions)."""
    from engine.dragonbond.effects import automated, effects_of
    entries = training_document()["entries"]
    rows = []
    for kind in ("powers", "vaala_cards", "command_cards"):
        for e in entries[kind]:
            auto = automated(e)
            rows.append({"kind": kind, "id": e["id"], "name": e["name"], "automated": auto,
                         "effects": [x["kind"] for x in effects_of(e) or []] if auto else []})
    return rows


SETUP_MODES = ("in_game", "options")
"""``in_game``: the players make every pre-game choice the options leave open (§25, ``choices``);
``options``: the options and their defaults decide (quick games and tests; ``deployment: auto`` implies it)."""


def setup_state(options: JSON, seats: tuple[str, ...], rng: Rng) -> JSON:
    """The state before the pre-game choices (§25.3): the pack read and checked, what the options fix checked.
    Units, hands and the battlefield are built by :func:`build_match` once scenario, size and forces are known."""
    doc = read_document(options)
    mode = options.get("setup") or ("options" if options.get("deployment") == "auto" else "in_game")
    if mode not in SETUP_MODES:
        raise InvalidInput("db.setup.bad_mode", mode=str(mode), modes=", ".join(SETUP_MODES))
    scenario = options.get("scenario")
    if scenario is not None and scenario not in SCENARIOS:
        raise InvalidInput("db.unknown_scenario", scenario=str(scenario), scenarios=", ".join(SCENARIOS))
    size = options.get("size")
    if size is not None and int(size) not in GAME_SIZES:
        raise InvalidInput("db.bad_size", size=size, sizes=", ".join(map(str, GAME_SIZES)))
    chosen = options.get("forces") if isinstance(options.get("forces"), dict) else {}
    pack = doc.entries
    forces = {f.id for f in pack.forces}
    for seat, fid in chosen.items():
        if fid not in forces:
            raise InvalidInput("db.unknown_force", force=str(fid), forces=", ".join(forces))
    if mode == "options":
        if len(pack.forces) < 2 and len(chosen) < len(seats):
            raise InvalidInput("db.no_forces", pack=doc.id)
        chosen = {seat: chosen.get(seat) or pack.forces[n].id for n, seat in enumerate(seats)}
        scenario = scenario or "pitched_battle"
    else:
        problems = [force_problem(doc, f) for f in pack.forces]
        if all(problems):
            raise problems[0] if problems else InvalidInput("db.no_forces", pack=doc.id)
    layout = options.get("layout")
    placing = options.get("objectives") or (
        "map" if mode == "options" or (isinstance(layout, dict) and layout.get("objectives")) else "players")
    if placing not in ("players", "map"):
        raise InvalidInput("db.setup.bad_objectives", value=str(placing), modes="players, map")
    st: JSON = {
        "game": "dragonbond", "match_key": doc.id, "pack_id": doc.id, "pack_training": doc.training,
        "pack_name": doc.name, "seats": list(seats), "sides": {s: SIDES[i] for i, s in enumerate(seats)},
        "scenario": scenario, "scenario_rules": SCENARIOS.get(scenario or ""), "size": int(size) if size else None,
        "rules": {"reserve_kill_points": bool(options.get("reserve_kill_points", True))},
        "last_round": int(options.get("rounds", 4)), "round": 0, "turn": 0, "phase": "setup",
        "active": seats[0], "initiative": None, "passed": {s: False for s in seats}, "vp": {s: 0 for s in seats},
        "field": None, "objectives": [], "units": {}, "forces": {s: None for s in seats},
        "hands": {s: {"vaala": [], "command": []} for s in seats},
        "cards": {"powers": {}, "vaala": {}, "command": {}},
        "coverage": coverage(pack), "pending_queue": [], "activation": {}, "prelude": None,
        "deploy": {"first": None, "turn": None, "done": {s: False for s in seats}}, "outcome": None,
        "last": [],
        "setup": {"mode": mode, "step": None, "pack": doc.model_dump(mode="json"),
                  "layout": layout if isinstance(layout, (dict, str)) else None,
                  "deployment": options.get("deployment", "alternate"), "chooser": None, "edge_chooser": None,
                  "forces": {s: chosen.get(s) for s in seats}, "monsters": options.get("monsters"),
                  "edge": None if mode == "in_game" else "by_seat", "objectives": placing},
    }
    return st


def setup_document(st: JSON) -> DragonbondDocument:
    """The pack the match was made with (kept in the state until the pre-game choices are done), read once per
    pack (``state.read_once``: every pre-game step asks it, for each seat)."""
    return read_once(_DOCUMENTS, st["setup"]["pack"], DragonbondDocument.model_validate)


_DOCUMENTS: dict[int, tuple[JSON, DragonbondDocument]] = {}


def build_match(ctx: Ctx) -> None:
    """Scenario, size and both forces known: the units, hands, cards and the battlefield (§25.2, §25.4, §26)."""
    st = ctx.state
    s = st["setup"]
    doc = setup_document(st)
    seats = tuple(st["seats"])
    unit_records, forces = build_forces(doc, {"forces": s["forces"]}, seats)
    size = int(st["size"] or max(f.size for f in forces.values()))
    if size not in GAME_SIZES:
        raise InvalidInput("db.bad_size", size=size, sizes=", ".join(map(str, GAME_SIZES)))
    for seat, force in forces.items():
        spent = sum(u["points"] for u in unit_records.values() if u["side"] == seat)
        if spent > size:
            raise InvalidInput("db.force_too_big", force=force.id, points=spent, size=size)
    layout = s["layout"]
    f = battlefield.field_for(st["scenario"], size, ctx.rng if layout == "random" else layout, sides=seats)
    pack = doc.entries
    st.update({
        "size": size, "scenario_rules": SCENARIOS[st["scenario"]], "field": board.field_to_json(f),
        "objectives": [{"n": n, "x": p[0], "y": p[1], "controller": None}
                       for n, p in enumerate(f.objectives, start=1)],
        "units": unit_records, "forces": {s_: forces[s_].id for s_ in seats},
        "hands": {s_: {"vaala": list(forces[s_].vaala_cards), "command": list(forces[s_].command_cards)}
                  for s_ in seats},
        "cards": {"powers": {p.id: p.model_dump(mode="json") for p in pack.powers},
                  "vaala": {c.id: c.model_dump(mode="json") for c in pack.vaala_cards},
                  "command": {c.id: c.model_dump(mode="json") for c in pack.command_cards}},
    })


def set_edges(st: JSON, south: str) -> None:
    """``south`` takes the long edge at y = 0 and the zone along it; the other seat the edge at y = height
    (§25.5). Unit ids and colours keep the seat order (``sides``); only the edges and zones follow the choice."""
    seats = st["seats"]
    north = seats[1] if south == seats[0] else seats[0]
    st["edges"] = {south: "south", north: "north"}
    if st["field"]["zones"]:
        table = battlefield.table_size(st["size"])
        st["field"]["zones"] = {k: [list(p) for p in v] for k, v in battlefield.zones(table, (south, north)).items()}


def own_edge_y(st: JSON, seat: str) -> float:
    """The y of a seat's own long table edge (§25.5): 0 for ``south``, the table's height for ``north``."""
    edges = st.get("edges") or {s: ("south" if i == 0 else "north") for i, s in enumerate(st["seats"])}
    return 0.0 if edges[seat] == "south" else float(st["field"]["height"])


def start_deployment(ctx: Ctx) -> None:
    """The deployment roll's winner deploys first (§25.5, §25.6), or all in reserve for the Quest (§26.2);
    automatic deployment places every unit at once; then the battle's first initiative."""
    from engine.dragonbond.deploy import auto_deploy, next_deployer
    from engine.dragonbond.turns import opposed, start_battle
    st = ctx.state
    mode = (st.pop("setup", None) or {}).get("deployment", "alternate")
    if not st["scenario_rules"]["deploy"]:
        for u in units(st, where="undeployed"):
            u["where"] = "reserve"
        start_battle(ctx)
        return
    st["phase"] = "deploy"
    first = st["deploy"]["first"] or opposed(ctx, "deployment")
    st["deploy"]["first"] = st["deploy"]["turn"] = first
    if mode == "auto":
        auto_deploy(ctx)
        start_battle(ctx)
        return
    next_deployer(ctx, first)
