"""Referee actions: how the players settle card text the pack does not model (an ability with text only, §17).

Either player may log one whenever a battle is under way (after its first turn began, until it ends); each is an
event naming who did it and why (``RefereeAction``), so the table shows it and the opponent can dispute it. They
change the position directly and never pass the turn: they are not among the legal actions, the engine checks them.

- ``AdjustWounds {seat, on (slot | "hero"), delta, reason?}``: wound markers on a unit or a hero (never below 0). A
  unit whose wounds reach its life is annihilated to its owner's discard pile with its attachments, except during
  combat (declare, respond, prevent), where the end of combat does it (§11.4); a hero's wounds reaching its life
  end the battle (§14).
- ``MoveCard {seat, card, source, target, reason?}``: the top copy of ``card`` in one of ``seat``'s piles (hand,
  draw_deck, discard, removed) to the top of another. A hidden pile (hand, draw deck, removed) is its owner's to
  touch; the public event then says only the piles, and a private one (``visible_to`` the owner) names the card,
  unless it lands face up in the discard pile.
- ``PlaceCard``, ``LiftCard``, ``ShiftCard``: a card into play from a pile, out of play to a pile, along the front
  line (``referee_line.py``). A hidden pile a card leaves is its owner's to touch, as for ``MoveCard``; the card is
  face up in play, so the events name it. The ``RefereeAction`` event's ``action`` is what was done: the kind
  (``what``: unit or attachment), the slots as numbers, the card's id and name.
- ``RefereeNote {text}``: a line in the log.
"""
from __future__ import annotations

from engine.core.bounds import MAX_COUNT, within
from engine.core.errors import IllegalAction, InvalidInput
from engine.core.rng import Rng
from engine.tambores import referee_line
from engine.tambores.cards import card, name
from engine.tambores.ending import check_heroes
from engine.tambores.state import JSON, card_id, slot_of
from engine.tambores.stats import HERO, life

TYPES = ("AdjustWounds", "MoveCard", "RefereeNote", *referee_line.TYPES)
PILES = ("hand", "draw_deck", "discard", "removed")
HIDDEN = ("hand", "draw_deck", "removed")
COMBAT = ("declare", "respond", "prevent")


def _int(action: JSON, key: str) -> int:
    """A referee's number, bounded (no count of the game moves by more than MAX_COUNT at once).

    :raises InvalidInput: tambores.referee.bad_number, core.ref.out_of_range
    """
    try:
        number = int(action.get(key, 0))
    except (TypeError, ValueError, OverflowError):
        raise InvalidInput("tambores.referee.bad_number", field=key, value=str(action.get(key))) from None
    return within(number, -MAX_COUNT, MAX_COUNT, key)


def _seat(st: JSON, action: JSON, by: str) -> str:
    seat = action.get("seat") or by
    if seat not in st["seats"]:
        raise IllegalAction("tambores.unknown_seat", seat=str(seat), seats=", ".join(st["seats"]))
    return seat


def apply_referee(st: JSON, by: str, action: JSON, rng: Rng, events: list[JSON]) -> None:
    """Apply one referee action of ``by`` to ``st`` in place.

    :raises IllegalAction: tambores.referee.not_now, tambores.unknown_seat, tambores.referee.no_unit,
        tambores.referee.not_in_pile, tambores.referee.hidden_pile, and for the front line
        tambores.referee.no_carrier, tambores.referee.slot_taken, tambores.referee.slot_taken_swap,
        tambores.referee.same_slot, tambores.referee.unit_in_combat, tambores.referee.not_attachable,
        tambores.referee.same_name, tambores.referee.not_on_unit, tambores.referee.hero_unequipped
    :raises InvalidInput: tambores.referee.bad_number, tambores.referee.bad_pile, tambores.referee.bad_slot
    """
    if not st["players"] or not st["turn"] or st["step"] == "over":
        raise IllegalAction("tambores.referee.not_now", step=st["step"])
    kind = action["type"]
    logged = {k: v for k, v in action.items() if k != "reason"}
    reason = action.get("reason")
    if kind == "RefereeNote":
        events.append({"type": "RefereeAction", "by": by, "action": logged, "reason": reason})
    elif kind == "AdjustWounds":
        _wounds(st, by, _seat(st, action, by), action, rng, events, logged, reason)
    elif kind in referee_line.TYPES:
        _line(st, by, _seat(st, action, by), action, events, reason)
    else:
        _move(st, by, _seat(st, action, by), action, events, logged, reason)


def _wounds(st: JSON, by: str, seat: str, action: JSON, rng: Rng, events: list[JSON], logged: JSON,
            reason: str | None) -> None:
    on, delta = action.get("on"), _int(action, "delta")
    p = st["players"][seat]
    if on == HERO:
        p["hero_wounds"] = max(0, p["hero_wounds"] + delta)
        wounds = p["hero_wounds"]
    else:
        n = on if isinstance(on, int) else int(on) if str(on).isdigit() else 0
        unit = slot_of(st, seat, n) if 1 <= n <= 5 else None
        if unit is None:
            raise IllegalAction("tambores.referee.no_unit", slot=str(on))
        on = n
        unit["wounds"] = max(0, unit["wounds"] + delta)
        wounds = unit["wounds"]
    events.append({"type": "RefereeAction", "by": by, "action": {**logged, "on": on}, "reason": reason})
    events.append({"type": "Wounded", "seat": seat, "on": on, "count": delta, "wounds": wounds, "by": "referee"})
    if on == HERO:
        check_heroes(st, rng, events)
    elif wounds >= life(st, seat, on) and st["step"] not in COMBAT:
        unit = slot_of(st, seat, on)
        p["slots"][on - 1] = None
        p["discard"] = [unit["card"], *unit["attached"]] + p["discard"]
        events.append({"type": "UnitAnnihilated", "seat": seat, "slot": on, "card": card_id(unit["card"]),
                       "name": card(st["catalogue"], unit["card"])["name"],
                       "attached": [card_id(a) for a in unit["attached"]]})


def _pile(pile: object) -> str:
    if pile not in PILES:
        raise InvalidInput("tambores.referee.bad_pile", pile=str(pile), piles=", ".join(PILES))
    return str(pile)


def _top_copy(st: JSON, by: str, seat: str, source: str, wanted: str) -> str:
    """The top copy of card ``wanted`` in ``seat``'s ``source`` pile, which ``by`` may touch (§16)."""
    if by != seat and source in HIDDEN:
        raise IllegalAction("tambores.referee.hidden_pile", pile=source)
    inst = next((c for c in st["players"][seat][source] if card_id(c) == wanted), None)
    if inst is None:
        raise IllegalAction("tambores.referee.not_in_pile", card=wanted, pile=source)
    return inst


def _line(st: JSON, by: str, seat: str, action: JSON, events: list[JSON], reason: str | None) -> None:
    """A card into play, out of it or along the front line; logged as what was done (names, slot numbers)."""
    done: list[JSON] = []
    kind = action["type"]
    if kind == "PlaceCard":
        source = _pile(action.get("source"))
        inst = _top_copy(st, by, seat, source, str(action.get("card") or ""))
        referee_line.place(st, seat, action, inst, done)
    elif kind == "LiftCard":
        _pile(action.get("target"))
        referee_line.lift(st, seat, action, done)
    else:
        referee_line.shift(st, seat, action, done)
    [moved] = done
    what = "unit" if moved["type"].startswith("Unit") else "attachment"
    summary = {k: v for k, v in moved.items() if k not in ("type", "by", "instance")}
    events.append({"type": "RefereeAction", "by": by, "action": {"type": kind, "what": what, **summary},
                   "reason": reason})
    events += done


def _move(st: JSON, by: str, seat: str, action: JSON, events: list[JSON], logged: JSON, reason: str | None) -> None:
    source, target, wanted = action.get("source"), action.get("target"), str(action.get("card") or "")
    for pile in (source, target):
        _pile(pile)
    inst = _top_copy(st, by, seat, source, wanted)
    if by != seat and target in HIDDEN:
        raise IllegalAction("tambores.referee.hidden_pile", pile=target)
    p = st["players"][seat]
    p[source].remove(inst)
    p[target].insert(0, inst)
    shown = "discard" in (source, target)  # face up before or after: no secret
    public = logged if shown else {k: v for k, v in logged.items() if k != "card"}
    events.append({"type": "RefereeAction", "by": by, "action": public, "reason": reason})
    events.append({"type": "CardsMoved", "seat": seat, "count": 1, "source": source, "target": target,
                   "by": "referee", **({"cards": [wanted], "name": name(st["catalogue"], wanted)} if shown else {})})
    if not shown:
        events.append({"type": "RefereeMovedPrivately", "seat": seat, "card": wanted,
                       "name": name(st["catalogue"], wanted), "source": source, "target": target,
                       "visible_to": [seat]})
