"""Referee actions (DESIGN.md: a card not yet automated is settled by the players, logged): set a number or a
marker on an object, or note what was agreed. Either seat may use them at any time; every one is logged in
``state["log"]`` and announced as an event, so the other player and any spectator see it.
"""
from __future__ import annotations

from typing import Any

from engine.core.bounds import MAX_COUNT, within
from engine.core.errors import InvalidInput
from engine.magewars.state import JSON, tally_damage

FIELDS = ("damage", "mana", "zone", "guard", "ready", "quickcast")
"""Object fields a referee action may set; ``conditions.<Name>`` and ``counters.<name>`` set a marker count."""
MAX_NOTE = 300


def apply(state: JSON, seat: str, action: JSON) -> tuple[JSON, list[JSON]]:
    """Apply ``Adjust`` {object, field, value} or ``Note`` {text} to ``state`` (already a copy).

    :raises InvalidInput: mw.ref.no_object, mw.ref.bad_field, mw.ref.bad_value, mw.ref.bad_note
    """
    if action["type"] == "Note":
        text = str(action.get("text", "")).strip()
        if not text or len(text) > MAX_NOTE:
            raise InvalidInput("mw.ref.bad_note", max=MAX_NOTE)
        entry = {"type": "RefereeNote", "seat": seat, "text": text, "round": state["round"]}
        state["log"].append(entry)
        return state, [entry]
    oid, field, value = action.get("object"), str(action.get("field", "")), action.get("value")
    obj = state["objects"].get(oid) if isinstance(oid, str) else None
    if obj is None:
        raise InvalidInput("mw.ref.no_object", object=str(oid))
    group, _, name = field.partition(".")
    if group in ("conditions", "counters") and name:
        if not isinstance(value, int) or value < 0:
            raise InvalidInput("mw.ref.bad_value", field=field, value=str(value))
        within(value, 0, MAX_COUNT, field)
        old = obj[group].get(name, 0)
        if value:
            obj[group][name] = value
        else:
            obj[group].pop(name, None)
    elif field in FIELDS:
        old = obj.get(field)
        if field in ("guard", "ready", "quickcast") and not isinstance(value, bool):
            raise InvalidInput("mw.ref.bad_value", field=field, value=str(value))
        if field in ("damage", "mana") and (not isinstance(value, int) or value < 0):
            raise InvalidInput("mw.ref.bad_value", field=field, value=str(value))
        if field == "damage":  # damage equal to the object's life destroys it (§9.5): more means nothing more
            from engine.magewars.stats import has_life, life
            within(value, 0, max(0, life(state, oid)) if has_life(state, oid) else 0, field)
        if field == "mana":
            within(value, 0, MAX_COUNT, field)
        if field == "zone":
            from engine.magewars.arena import is_zone
            if not is_zone(value, tuple(state["size"])):
                raise InvalidInput("mw.ref.bad_value", field=field, value=str(value))
        if field == "damage":
            tally_damage(state, oid, value - int(old or 0))
        obj[field] = value
    else:
        raise InvalidInput("mw.ref.bad_field", field=field, fields=", ".join(f"`{f}`" for f in FIELDS))  # typed as is
    entry: dict[str, Any] = {"type": "RefereeAdjusted", "seat": seat, "object": oid, "field": field, "old": old,
                             "value": value, "round": state["round"]}
    state["log"].append(entry)
    return state, [entry]
