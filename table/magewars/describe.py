"""The Mage Wars arena in words (the board's alt text): the objects in play, zone by zone."""
from __future__ import annotations

from typing import Any

from table.magewars.text import Names

JSON = dict[str, Any]


def pieces_in_play(view: JSON, names: Names) -> list[str]:
    """One line per zone: each object standing there with its controller and damage, what is attached to it (a
    face-down enchantment as such), and the zone's own attachments; walls on borders last."""
    objects = list((view.get("objects") or {}).values())
    children: dict[str, list[str]] = {}
    in_zone: dict[str, list[str]] = {}
    borders: list[str] = []
    for o in sorted(objects, key=lambda o: o.get("order", 0)):
        if o.get("attached_to"):
            children.setdefault(str(o["attached_to"]), []).append(names.card(o["id"]))
        elif o.get("attached_zone"):
            in_zone.setdefault(str(o["attached_zone"]), []).append(names.card(o["id"]))
    zones: dict[str, list[str]] = {}
    for o in sorted(objects, key=lambda o: o.get("order", 0)):
        if o.get("attached_to") or o.get("attached_zone"):
            continue
        bits = [names.obj(o["id"]), names.seat(o.get("controller") or o.get("owner"))]
        if o.get("damage"):
            bits.append(f"{o['damage']} dmg")
        bits += [f"{k} {v}" for k, v in (o.get("conditions") or {}).items() if v]
        if children.get(o["id"]):
            bits.append("+ " + ", ".join(children[o["id"]]))
        line = ", ".join(str(b) for b in bits if b)
        if o.get("zone"):
            zones.setdefault(str(o["zone"]), []).append(line)
        elif o.get("border"):
            borders.append(f"{o['border']}: {line}")
    out = []
    for zone in sorted(set(zones) | set(in_zone)):
        things = zones.get(zone, []) + [f"+ {c}" for c in in_zone.get(zone, [])]
        out.append(f"{zone}: " + "; ".join(things))
    return out + borders
