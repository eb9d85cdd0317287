"""The set-ups the shared conformance suite plays (``DragonbondSystem.samples``, ``engine.core.system.Sample``).

One per mode the engine has: a normal battle placed automatically, the Quest (§26.2: every unit in reserve,
mounted Riders entering on their Mounts), the in-game set-up (§25.3: scenario, size, secret forces, edges and
alternate deployment), a Monster (§27.2, behaviour deck, and one auctioned each round) with the shipped training
pack; and, because the training pack has no Rider, Mount, commanded unit, reaction power or Command card, a
*drill* pack built from it (:func:`drill_document`) with forces that start a Rider mounted and bonded to its
Dragon, a Hero commanding a unit, units in reserve and cards with structured triggers. Every value the drill pack
adds is invented, like the training pack's own.
"""
from __future__ import annotations

import copy
from functools import lru_cache

from engine.core.system import Sample
from engine.dragonbond.setup import training_document
from engine.dragonbond.state import JSON

DRILL_ID = "dragonbond-drill"


def _unit(uid: str, name: str, keywords: list[str], points: int, models: int, base: int, health: int, speed: int,
          melee: JSON | None, ranged: JSON | None = None, powers: list[str] | None = None,
          command_power: str | None = None) -> JSON:
    return {"id": uid, "name": name, "faction": "Fuerza de Lucy", "keywords": keywords, "points": points,
            "models": models, "base_mm": base, "health": health, "speed": speed, "defence": "gray", "melee": melee,
            "ranged": ranged, "powers": powers or [], "unique": True, "mercenary": False,
            "command_power": command_power}


@lru_cache(maxsize=1)
def _drill() -> JSON:
    doc = copy.deepcopy(training_document())
    doc.update(id=DRILL_ID, name="Dragonbond drill forces (riders, reserves, reactions)")
    e = doc["entries"]
    e["units"] += [
        _unit("jinete-de-prueba", "Jinete de prueba", ["Héroe", "Jinete de Dragones", "Comandar (Esgrimistas Oníricos)"],
              12, 1, 40, 3, 6, {"dice": 2, "colour": "gray", "keywords": []}, powers=["escudo-de-prueba"]),
        _unit("dragon-de-prueba", "Dragón de prueba", ["Dragón", "Montura", "Volador"], 24, 1, 60, 6, 10,
              {"dice": 3, "colour": "black", "keywords": []},
              {"dice": 2, "colour": "gray", "range": 12, "keywords": []}),
    ]
    for u in e["units"][-2:]:
        u["faction"] = None if u["id"] == "dragon-de-prueba" else "Fuerza de Lucy"
    cmd = next(u for u in e["units"] if u["id"] == "comandantes-guardia-jurada")
    cmd["keywords"] = ["Héroe", "Comandar (Cazadores del Fai)"]
    e["powers"] += [
        {"id": "escudo-de-prueba", "name": "Escudo de prueba", "type": "reaction", "ultimate": False,
         "extra_fatigue": 0, "trigger": "Cuando es blanco de un ataque.", "when": "targeted",
         "text": "Prepara su escudo (texto de prueba)."},
        {"id": "grito-de-prueba", "name": "Grito de prueba", "type": "reaction", "ultimate": False,
         "extra_fatigue": 0, "trigger": "Cuando quieras (sin detonante estructurado).",
         "text": "Texto de prueba."},
    ]
    e["vaala_cards"] += [
        {"id": "vaala-herida", "name": "Vaala de prueba (herida)", "subtype": None,
         "trigger": "Juégala cuando una unidad tuya sufra heridas.", "text": "Texto de prueba.", "when": "wounded"},
        {"id": "vaala-libre", "name": "Vaala de prueba (sin detonante)", "subtype": None,
         "trigger": "Juégala cuando quieras.", "text": "Texto de prueba."},
    ]
    e["command_cards"] = [
        {"id": "orden-carga", "name": "Orden de prueba (carga)", "trigger": "Cuando una unidad tuya sea cargada.",
         "text": "Texto de prueba.", "when": "charged"},
        {"id": "orden-blanco", "name": "Orden de prueba (blanco)", "trigger": "Cuando una unidad tuya sea blanco.",
         "text": "Texto de prueba.", "when": "targeted"},
    ]
    eldai = next(u for u in e["units"] if u["id"] == "eldai-alarn")
    eldai["powers"] = ["ejemplo-heridas", "grito-de-prueba"]
    lucy, jason = e["forces"][0], e["forces"][1]
    lucy.update(size=100, units=[
        {"id": "comandantes", "unit": "comandantes-guardia-jurada"},
        {"id": "cazadores", "unit": "cazadores-del-fai"},
        {"id": "esgrimistas", "unit": "esgrimistas-oniricos", "reserve": True},
        {"id": "jinete", "unit": "jinete-de-prueba"},
        {"id": "dragon", "unit": "dragon-de-prueba"},
    ], mounted=[{"rider": "jinete", "mount": "dragon"}], bond={"hero": "jinete", "dragon": "dragon"},
        commanding=[{"hero": "comandantes", "unit": "cazadores"}], general="jinete",
        vaala_cards=["vaala-fig-4", "vaala-herida"], command_cards=["orden-carga"])
    jason.update(size=100, units=[*jason["units"], {"id": "garras2", "unit": "garras-sangrientas", "reserve": True}],
                 command_cards=["orden-blanco", "orden-carga"])
    # A second pair: the Mount is the one left in reserve (its Rider rides in with it, §25.6, §20.1).
    e["forces"].append({**copy.deepcopy(lucy), "id": "lucy-reserva", "name": "Fuerza de Lucy (reserva)",
                        "units": [{**u, "reserve": u["id"] == "dragon"} for u in lucy["units"]]})
    return doc


def drill_document() -> JSON:
    """The drill pack as a document (a fresh copy)."""
    return copy.deepcopy(_drill())


def _monster_pack(auction: bool) -> JSON:
    doc = copy.deepcopy(training_document())
    doc["entries"]["monsters"][0]["auction"] = auction
    return doc


@lru_cache(maxsize=1)
def samples() -> tuple[Sample, ...]:
    monster = ["bestia-de-entrenamiento"]
    drill = _drill()
    return (
        Sample("battle", {"deployment": "auto"}, 2, 1500),
        Sample("quest", {"deployment": "auto", "scenario": "quest"}, 2, 1500),
        Sample("in-game-setup", {}, 2, 1500),
        Sample("monster", {"deployment": "auto", "monsters": monster}, 2, 2000),
        Sample("monster-auction", {"deployment": "auto", "monsters": monster, "pack": _monster_pack(True)}, 2, 2000),
        Sample("mounted", {"deployment": "auto", "pack": drill}, 2, 2000),
        Sample("mounted-quest", {"deployment": "auto", "scenario": "quest", "pack": drill}, 2, 2000),
        Sample("mounted-reserve", {"deployment": "auto", "pack": drill, "forces": {"player1": "lucy-reserva"}},
               2, 2000),
        Sample("mounted-in-game-setup", {"pack": drill}, 2, 2500),
    )
