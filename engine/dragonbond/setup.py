"""Setting up a match (§25): the pack, the forces, the battlefield, deployment (alternate or automatic), reserves.

``options["pack"]`` is a pack document (``table/packs.py::Pack.document``); without one the shipped training
pack is read through the pack model, so a newcomer can play on a fresh machine. ``options["forces"]`` names a
force of the pack per seat (default its first two). Force lists are checked by the pack model's ``check``;
any value the match needs that the pack leaves ``unknown`` refuses the match (``db.unknown_value``).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from engine.core.errors import InvalidInput
from engine.core.rng import Rng
from engine.dragonbond import battlefield, board, geometry
from engine.dragonbond.pack import CARD_COST, GAME_SIZES, DragonbondDocument, DragonbondPack, Force, Unit, check
from engine.dragonbond.state import JSON, SIDES, Ctx, units

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
    """The shipped training pack as a document (validated by the pack model)."""
    data = yaml.safe_load(TRAINING_PACK.read_text(encoding="utf-8"))
    return DragonbondDocument.model_validate(data).model_dump(mode="json")


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
    base = _known(card.base_mm, f"{at}.base_mm")
    u = {"id": uid, "code": uid, "side": seat, "force_unit": entry_id, "card": card.id, "name": card.name,
         "keywords": list(card.keywords), "points": _known(card.points, f"{at}.points"), "models": models,
         "models_start": models, "base_mm": base, "radius": geometry.token_radius(base, models),
         **_profile(card, at, powers, pack), "unique": card.unique, "mercenary": card.mercenary,
         "command_power": card.command_power, "injured": False, "injured_profile": None,
         "x": None, "y": None, "where": "undeployed", "wounds": 0, "fatigue": 0, "poison": 0, "slowed": 0,
         "immobilized": 0, "engaged_with": [], "activated": 0, "general": False, "hero": None,
         "commanding": None, "rider": None, "mounted_on": None, "bonded_with": None, "artifact": None,
         "treasures": [], "used": {}, "ultimates": []}
    if card.injured is not None:
        u["injured_profile"] = _profile(card.injured, f"{at}.injured", powers, pack)
    return u


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
    return {"powers": {p.id: automated(p.text if isinstance(p.text, str) else "") for p in pack.powers},
            "vaala_cards": {c.id: False for c in pack.vaala_cards},
            "command_cards": {c.id: False for c in pack.command_cards}}


def setup_state(options: JSON, seats: tuple[str, ...], rng: Rng) -> JSON:
    doc = read_document(options)
    scenario = options.get("scenario", "pitched_battle")
    if scenario not in SCENARIOS:
        raise InvalidInput("db.unknown_scenario", scenario=str(scenario), scenarios=", ".join(SCENARIOS))
    unit_records, forces = build_forces(doc, options, seats)
    size = int(options.get("size") or max(f.size for f in forces.values()))
    if size not in GAME_SIZES:
        raise InvalidInput("db.bad_size", size=size, sizes=", ".join(map(str, GAME_SIZES)))
    for seat, force in forces.items():
        spent = sum(u["points"] for u in unit_records.values() if u["side"] == seat)
        if spent > size:
            raise InvalidInput("db.force_too_big", force=force.id, points=spent, size=size)
    layout = options.get("layout")
    f = battlefield.field_for(scenario, size, rng if layout == "random" else layout, sides=tuple(seats))
    pack = doc.entries
    st: JSON = {
        "game": "dragonbond", "match_key": doc.id, "pack_id": doc.id, "pack_training": doc.training,
        "pack_name": doc.name, "seats": list(seats), "sides": {s: SIDES[i] for i, s in enumerate(seats)},
        "scenario": scenario, "scenario_rules": SCENARIOS[scenario], "size": size,
        "rules": {"reserve_kill_points": bool(options.get("reserve_kill_points", True))},
        "last_round": int(options.get("rounds", 4)), "round": 0, "turn": 0, "phase": "deploy",
        "active": seats[0], "initiative": None, "passed": {s: False for s in seats}, "vp": {s: 0 for s in seats},
        "field": board.field_to_json(f),
        "objectives": [{"n": n, "x": p[0], "y": p[1], "controller": None}
                       for n, p in enumerate(f.objectives, start=1)],
        "units": unit_records, "forces": {s: forces[s].id for s in seats},
        "hands": {s: {"vaala": list(forces[s].vaala_cards), "command": list(forces[s].command_cards)}
                  for s in seats},
        "cards": {"powers": {p.id: p.model_dump(mode="json") for p in pack.powers},
                  "vaala": {c.id: c.model_dump(mode="json") for c in pack.vaala_cards},
                  "command": {c.id: c.model_dump(mode="json") for c in pack.command_cards}},
        "coverage": coverage(pack), "pending_queue": [], "activation": {}, "prelude": None,
        "deploy": {"first": None, "turn": None, "done": {s: False for s in seats}}, "outcome": None,
        "last": [],
    }
    return st


def begin(ctx: Ctx, options: JSON) -> None:
    """After the state is built: the deployment roll and deployment (§25.5, §25.6), or all in reserve for the
    Quest (§26.2); automatic deployment places every unit at once; then the battle's first initiative."""
    from engine.dragonbond.deploy import auto_deploy, next_deployer
    from engine.dragonbond.turns import opposed, start_battle
    st = ctx.state
    if not st["scenario_rules"]["deploy"]:
        for u in units(st, where="undeployed"):
            u["where"] = "reserve"
        start_battle(ctx)
        return
    first = opposed(ctx, "deployment")
    st["deploy"]["first"] = st["deploy"]["turn"] = first
    if options.get("deployment", "alternate") == "auto":
        auto_deploy(ctx)
        start_battle(ctx)
        return
    next_deployer(ctx, first)
