"""Referee actions on the front line (§4, §6): put a card into play, take one out, move one along the line, for card
text such as "swap two units", "return a unit to its owner's hand" or "move an equipment card" (``referee.py`` logs
them and checks who and when; this module checks where).

- ``PlaceCard {seat, card, source, slot, reason?}``: the top copy of ``card`` in one of ``seat``'s piles into play
  on ``seat``'s front line: a unit into the empty slot ``slot`` (§6.1: "deployed into an empty slot"), an
  equipment or tactic under the unit in ``slot`` (§6.2). It is face up from then on, so the public event names it,
  as deploying it would (§16).
- ``LiftCard {seat, slot, card?, target, reason?}``: the unit in ``seat``'s slot ``slot`` (or, when ``card``
  names one of its attachments, that attachment) to the top of its owner's ``target`` pile. A lifted unit's wounds
  go and its attachments go to their owners' discard pile, as when it is annihilated (§6.2, ruling). It was face
  up: the event names it; a hand or deck it goes into is hidden again from then on (§16).
- ``ShiftCard {seat, slot, to, card?, to_seat?, swap?, reason?}``: the unit in ``slot`` to the empty slot ``to`` of
  the same line (with ``swap``, trading places with the unit there), keeping its wounds and attachments; or, when
  ``card`` names one of its attachments, that attachment under the unit in ``to_seat``'s slot ``to``.

A unit never changes slot during combat (declare, respond, prevent): declarations, strikes and impacts name slots.
An attachment goes only under a unit (heroes cannot be equipped, §6.2) that carries no card of the same name (§6.2).
Refusals say what to do instead.
"""
from __future__ import annotations

from engine.core.errors import IllegalAction, InvalidInput
from engine.tambores.cards import card, kind_of
from engine.tambores.deployment import _same_name_free
from engine.tambores.state import JSON, SLOTS, card_id, slot_of
from engine.tambores.stats import HERO

TYPES = ("PlaceCard", "LiftCard", "ShiftCard")
COMBAT = ("declare", "respond", "prevent")


def owner(st: JSON, instance: str) -> str:
    """The seat whose deck a card instance came from (``alabardero#2.07``: the second seat)."""
    return st["seats"][int(instance.split("#", 1)[1].split(".", 1)[0]) - 1]


def _slot(action: JSON, key: str) -> int:
    """A slot number 1-5 of ``action[key]``; heroes carry no equipment and hold no slot (§6.2)."""
    value = action.get(key)
    if value == HERO:
        raise IllegalAction("tambores.referee.hero_unequipped")
    n = value if isinstance(value, int) else int(value) if str(value).isdigit() else 0
    if not 1 <= n <= SLOTS:
        raise InvalidInput("tambores.referee.bad_slot", slot=str(value))
    return n


def _unit(st: JSON, seat: str, n: int) -> JSON:
    unit = slot_of(st, seat, n)
    if unit is None:
        raise IllegalAction("tambores.referee.no_carrier", slot=n)
    return unit


def _not_in_combat(st: JSON) -> None:
    if st["step"] in COMBAT:
        raise IllegalAction("tambores.referee.unit_in_combat")


def _free(st: JSON, seat: str, n: int) -> None:
    unit = slot_of(st, seat, n)
    if unit is not None:
        raise IllegalAction("tambores.referee.slot_taken", slot=n, unit=card(st["catalogue"], unit["card"])["name"])


def _may_carry(st: JSON, seat: str, n: int, inst: str) -> None:
    """§6.2: an equipment or tactic that is tucked under a unit, never two of the same name on one unit."""
    cat = st["catalogue"]
    entry = card(cat, inst)
    if kind_of(cat, inst) == "units" or not entry["attached"]:
        raise IllegalAction("tambores.referee.not_attachable", card=entry["name"])
    unit = _unit(st, seat, n)
    if not _same_name_free(st, seat, n, card_id(inst)):
        raise IllegalAction("tambores.referee.same_name", card=entry["name"],
                            unit=card(cat, unit["card"])["name"], slot=n)


def _named(st: JSON, inst: str) -> JSON:
    return {"card": card_id(inst), "instance": inst, "name": card(st["catalogue"], inst)["name"]}


def _attachment(st: JSON, unit: JSON, n: int, wanted: str) -> str | None:
    """The attachment ``wanted`` (a card id) under ``unit``; None when ``wanted`` is empty or the unit itself."""
    if not wanted or wanted == card_id(unit["card"]):
        return None
    found = next((a for a in unit["attached"] if card_id(a) == wanted), None)
    if found is None:
        raise IllegalAction("tambores.referee.not_on_unit", card=wanted, slot=n,
                            unit=card(st["catalogue"], unit["card"])["name"])
    return found


def place(st: JSON, seat: str, action: JSON, inst: str, events: list[JSON]) -> None:
    """``PlaceCard``: ``inst``, the card found in ``seat``'s ``source`` pile (``referee.py`` checks who may touch
    it), into play."""
    p = st["players"][seat]
    n, source = _slot(action, "slot"), action["source"]
    if kind_of(st["catalogue"], inst) == "units":
        _not_in_combat(st)
        _free(st, seat, n)
        p[source].remove(inst)
        p["slots"][n - 1] = {"card": inst, "wounds": 0, "attached": [], "deployed_turn": st["turn"]}
        events.append({"type": "UnitPlaced", "seat": seat, "slot": n, "source": source, "by": "referee",
                       **_named(st, inst)})
    else:
        _may_carry(st, seat, n, inst)
        p[source].remove(inst)
        p["slots"][n - 1]["attached"].append(inst)
        events.append({"type": "AttachmentPlaced", "seat": seat, "slot": n, "source": source, "by": "referee",
                       **_named(st, inst)})


def lift(st: JSON, seat: str, action: JSON, events: list[JSON]) -> None:
    """``LiftCard``: a unit (its attachments to the discard pile) or one attachment to the top of a pile."""
    n, target = _slot(action, "slot"), action["target"]
    unit = _unit(st, seat, n)
    gone = _attachment(st, unit, n, str(action.get("card") or ""))
    if gone is not None:
        unit["attached"].remove(gone)
        st["players"][owner(st, gone)][target].insert(0, gone)
        events.append({"type": "AttachmentLifted", "seat": seat, "slot": n, "target": target, "by": "referee",
                       **_named(st, gone)})
        return
    _not_in_combat(st)
    st["players"][seat]["slots"][n - 1] = None
    for a in unit["attached"]:  # §6.2: attachments follow their unit out of play to the discard pile
        st["players"][owner(st, a)]["discard"].insert(0, a)
    st["players"][owner(st, unit["card"])][target].insert(0, unit["card"])
    events.append({"type": "UnitLifted", "seat": seat, "slot": n, "target": target, "by": "referee",
                   "attached": [card_id(a) for a in unit["attached"]], **_named(st, unit["card"])})


def shift(st: JSON, seat: str, action: JSON, events: list[JSON]) -> None:
    """``ShiftCard``: a unit to another slot of its line (or swapped), or an attachment to another unit."""
    n, to = _slot(action, "slot"), _slot(action, "to")
    unit = _unit(st, seat, n)
    moved = _attachment(st, unit, n, str(action.get("card") or ""))
    if moved is not None:
        to_seat = action.get("to_seat") or seat
        if to_seat not in st["seats"]:
            raise IllegalAction("tambores.unknown_seat", seat=str(to_seat), seats=", ".join(st["seats"]))
        if (to_seat, to) == (seat, n):
            raise IllegalAction("tambores.referee.same_slot", slot=n)
        _may_carry(st, to_seat, to, moved)
        unit["attached"].remove(moved)
        st["players"][to_seat]["slots"][to - 1]["attached"].append(moved)
        events.append({"type": "AttachmentShifted", "seat": seat, "slot": n, "to_seat": to_seat, "to": to,
                       "by": "referee", **_named(st, moved)})
        return
    _not_in_combat(st)
    if to == n:
        raise IllegalAction("tambores.referee.same_slot", slot=n)
    slots = st["players"][seat]["slots"]
    other = slots[to - 1]
    if other is not None and not action.get("swap"):
        raise IllegalAction("tambores.referee.slot_taken_swap", slot=to,
                            unit=card(st["catalogue"], other["card"])["name"])
    slots[n - 1], slots[to - 1] = other, unit
    events.append({"type": "UnitShifted", "seat": seat, "slot": n, "to": to, "by": "referee",
                   "swapped": _named(st, other["card"]) if other else None, **_named(st, unit["card"])})
