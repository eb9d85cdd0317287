"""The pre-game choices in the match (§25.3): what ``/match new`` leaves open, the players choose here.

Steps, each skipped when the options fixed it (``setup``: ``options`` fixes them all, with defaults):

1. ``scenario`` — the winner of an opposed roll picks the scenario (§25.3 step 2; seed 003 l.1334-1340: "el
   jugador de una tirada enfrentada elige el escenario"; agreeing first is done by picking what was agreed),
   and for a Pitched Battle any monsters of the pack (§27.2; seed 003 l.1492-1494): ``ChooseScenario
   {"scenario", "monsters": [monster ids]}``.
2. ``size`` — the same player picks the game size (§25.1; the rulebook names no chooser: ruling):
   ``ChooseSize {"size"}``.
3. ``forces`` — each player picks a force list of the pack that fits the size, secretly and at the same time
   (§25.2: lists are written before the players meet): ``ChooseForce {"force"}``. The choice is told only to
   its chooser (``ForceChosenPrivately``, ``visible_to``); the table sees ``ForceChosen {seat}``; when both have
   chosen, ``ForcesRevealed {forces}``.
4. ``objectives`` — the winner of an opposed roll places the first objective, then the players alternate
   (§26.1; seed 003 l.1344-1352; ``objectives.py``): ``PlaceObjective {"to": [x, y], "dest"}``. Skipped when the
   ``objectives`` option is ``map`` (the layout's own; the default with ``setup: options``) and in Annihilation.
5. ``monsters`` — the winner of another opposed roll places a monster in contact with an objective, then the
   players alternate (§27.2; seed 003 l.1494-1504): ``PlaceMonster {"monster", "objective"}``.
6. ``edge`` — the deployment roll's winner picks a long edge (§25.5; seed 003 l.1376): ``ChooseEdge {"edge":
   "south" | "north"}`` (``south`` is y = 0). The winner then deploys first (§25.6, l.1390).

Terrain is placed as the ``layout`` option says (default layout, ``random``, or the players' own), when
scenario and size are known. Then deployment (``deploy``) or, for the Quest, the battle.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.dragonbond import monsters, objectives
from engine.dragonbond.pack import GAME_SIZES
from engine.dragonbond.setup import (
    SCENARIOS, build_match, force_problem, set_edges, setup_document, start_deployment,
)
from engine.dragonbond.state import JSON, Ctx

TYPES = ("ChooseScenario", "ChooseSize", "ChooseForce", "PlaceObjective", "PlaceMonster", "ChooseEdge")
EDGES = ("south", "north")
MONSTER_SCENARIOS = ("pitched_battle",)
"""§27.2, seed 003 l.1492: monsters join "una Batalla Campal normal"."""


def forces_offered(st: JSON) -> list[JSON]:
    """The pack's force lists with their points (units and bought cards), for the choice and the view."""
    from engine.dragonbond.pack import CARD_COST
    doc = setup_document(st)
    pack = doc.entries
    cards = {u.id: u for u in pack.units}
    out = []
    for f in pack.forces:
        if force_problem(doc, f) is not None:
            continue    # a value it needs is unknown: not playable
        costs = [cards[e.unit].points for e in f.units if e.unit in cards]
        known = all(isinstance(c, int) for c in costs)
        points = sum(costs) + CARD_COST * len(f.artifacts) if known else None
        out.append({"id": f.id, "name": f.name, "faction": f.faction, "size": f.size, "points": points,
                    "units": len(f.units)})
    return out


def sizes_offered(st: JSON) -> list[int]:
    """The game sizes a force of the pack fits (§25.1: spending less is fine, more is not): a size no force fits
    would leave the players nothing to choose next."""
    points = [f["points"] for f in forces_offered(st) if f["points"] is not None]
    return [n for n in GAME_SIZES if any(p <= n for p in points)]


def _fitting(st: JSON) -> list[JSON]:
    return [f for f in forces_offered(st) if f["points"] is not None and f["points"] <= st["size"]]


def _monster_ids(st: JSON) -> list[str]:
    """The pack's Monsters whose values are all known."""
    return monsters.playable(setup_document(st).entries)


def advance(ctx: Ctx) -> None:
    """Move to the next open step, or build the match and start deployment when none is left."""
    from engine.dragonbond.turns import opposed
    st = ctx.state
    s = st["setup"]
    if s["mode"] == "in_game" and (st["scenario"] is None or st["size"] is None):
        if s["chooser"] is None:
            s["chooser"] = opposed(ctx, "scenario")
        _step(ctx, "scenario" if st["scenario"] is None else "size", [s["chooser"]])
        return
    missing = [seat for seat in st["seats"] if not s["forces"].get(seat)]
    if missing:
        _step(ctx, "forces", missing)
        return
    if not st["units"]:
        build_match(ctx)
    if objectives.step_open(ctx):
        return
    if monsters.place_step_open(ctx):
        return
    if s["edge"] is None:
        if s["edge_chooser"] is None:
            s["edge_chooser"] = st["deploy"]["first"] = opposed(ctx, "deployment")
        _step(ctx, "edge", [s["edge_chooser"]])
        return
    start_deployment(ctx)


def _step(ctx: Ctx, step: str, seats: list[str]) -> None:
    s = ctx.state["setup"]
    if s["step"] != step:
        s["step"] = step
        ctx.emit("SetupStep", step=step, seats=list(seats))


def awaiting(st: JSON) -> list[str]:
    s = st["setup"]
    if s["step"] in ("scenario", "size"):
        return [s["chooser"]]
    if s["step"] == "forces":
        return [seat for seat in st["seats"] if not s["forces"].get(seat)]
    if s["step"] == "objectives":
        return [s["objective_turn"]]
    if s["step"] == "monsters":
        return [s["monster_turn"]]
    if s["step"] == "edge":
        return [s["edge_chooser"]]
    return []


def legal(st: JSON, seat: str) -> list[JSON]:
    s = st["setup"]
    if seat not in awaiting(st):
        return []
    if s["step"] == "scenario":
        offered = _monster_ids(st)
        out = []
        for name in SCENARIOS:
            out.append({"type": "ChooseScenario", "scenario": name, "monsters": []})
            if name in MONSTER_SCENARIOS:
                out += [{"type": "ChooseScenario", "scenario": name, "monsters": [m]} for m in offered]
        return out
    if s["step"] == "size":
        return [{"type": "ChooseSize", "size": n} for n in sizes_offered(st)]
    if s["step"] == "forces":
        return [{"type": "ChooseForce", "force": f["id"]} for f in _fitting(st)]
    if s["step"] == "objectives":
        return objectives.offers(st)
    if s["step"] == "monsters":
        return monsters.place_choices(st)
    if s["step"] == "edge":
        return [{"type": "ChooseEdge", "edge": e} for e in EDGES]
    return []


def act(ctx: Ctx, seat: str, action: JSON) -> None:
    st = ctx.state
    s = st["setup"]
    kind = action["type"]
    if kind not in TYPES:
        raise IllegalAction("db.setup.only", action=kind, step=str(s["step"]))
    if seat not in awaiting(st):
        raise IllegalAction("db.not_your_turn", name=", ".join(awaiting(st)), step=str(s["step"]))
    want = {"scenario": "ChooseScenario", "size": "ChooseSize", "forces": "ChooseForce",
            "objectives": "PlaceObjective", "monsters": "PlaceMonster", "edge": "ChooseEdge"}[s["step"]]
    if kind != want:
        raise IllegalAction("db.setup.only", action=kind, step=str(s["step"]))
    if kind == "ChooseScenario":
        _scenario(ctx, seat, action)
    elif kind == "ChooseSize":
        size = action.get("size")
        if type(size) is not int or size not in sizes_offered(st):
            raise IllegalAction("db.bad_size", size=str(size), sizes=", ".join(map(str, GAME_SIZES)))
        st["size"] = int(size)
        ctx.emit("SizeChosen", seat=seat, size=st["size"])
    elif kind == "ChooseForce":
        _force(ctx, seat, action.get("force"))
    elif kind == "PlaceObjective":
        objectives.place(ctx, seat, action)
    elif kind == "PlaceMonster":
        monsters.place(ctx, seat, action)
    else:
        edge = action.get("edge")
        if edge not in EDGES:
            raise IllegalAction("db.setup.bad_edge", edge=str(edge), edges=", ".join(EDGES))
        other = next(x for x in st["seats"] if x != seat)
        set_edges(st, seat if edge == "south" else other)
        s["edge"] = edge
        ctx.emit("EdgeChosen", seat=seat, edge=edge, edges=dict(st["edges"]))
    advance(ctx)


def _scenario(ctx: Ctx, seat: str, action: JSON) -> None:
    st = ctx.state
    name = action.get("scenario")
    if name not in SCENARIOS:
        raise IllegalAction("db.unknown_scenario", scenario=str(name), scenarios=", ".join(SCENARIOS))
    monsters = action.get("monsters") or []
    known = _monster_ids(st)
    if not isinstance(monsters, list) or any(m not in known for m in monsters) or len(set(monsters)) < len(monsters):
        raise IllegalAction("db.monster.unknown", monster=str(monsters), monsters=", ".join(known) or "-")
    if monsters and name not in MONSTER_SCENARIOS:
        raise IllegalAction("db.monster.not_in_scenario", scenario=name)
    st["scenario"] = name
    st["scenario_rules"] = SCENARIOS[name]
    st["setup"]["monsters"] = list(monsters)
    ctx.emit("ScenarioChosen", seat=seat, scenario=name, monsters=list(monsters))


def _force(ctx: Ctx, seat: str, fid: Any) -> None:
    st = ctx.state
    s = st["setup"]
    fitting = {f["id"] for f in _fitting(st)}
    if fid not in fitting:
        raise IllegalAction("db.setup.bad_force", force=str(fid), forces=", ".join(sorted(fitting)) or "-",
                            size=st["size"])
    s["forces"][seat] = fid
    ctx.emit("ForceChosen", seat=seat)
    ctx.emit("ForceChosenPrivately", seat=seat, force=fid, visible_to=[seat])
    if all(s["forces"].get(x) for x in st["seats"]):
        ctx.emit("ForcesRevealed", forces=dict(s["forces"]))


def view(st: JSON, seat: str | None) -> JSON:
    """The open step for the table: who chooses, what is fixed, the forces offered; a force chosen by the other
    seat stays hidden until both have chosen (§25.2)."""
    s = st["setup"]
    both = all(s["forces"].get(x) for x in st["seats"])
    return {"step": s["step"], "mode": s["mode"], "chooser": s["chooser"], "edge_chooser": s["edge_chooser"],
            "awaiting": awaiting(st), "monsters": list(s.get("monsters") or []),
            "forces": {x: (f if both or x == seat else None) for x, f in s["forces"].items()},
            "chosen": {x: bool(f) for x, f in s["forces"].items()},
            "forces_offered": forces_offered(st) if s["step"] == "forces" else []}


def redeal(st: JSON, seat: str, rng: Any) -> None:
    """A force chosen in secret and not yet revealed is chosen again among those ``seat`` could choose (§25.2)."""
    s = st["setup"]
    if s["step"] != "forces" or not s["forces"].get(seat) or all(s["forces"].get(x) for x in st["seats"]):
        return
    fitting = [f["id"] for f in _fitting(st)]
    s["forces"][seat] = fitting[rng.randbelow(len(fitting))]
