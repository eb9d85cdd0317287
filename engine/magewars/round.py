"""The round (§4, §5): initiative, reset, channeling, upkeep, planning, deployment, quickcast windows, action
turns with passing, end of round. Functions work on a state copy in place and return events.

Steps (``state["step"]``): ``upkeep`` (seats with upkeep costs choose what to pay), ``plan`` (both seats
prepare spells, secretly and at once), ``deploy`` (spawnpoints cast, initiative seat first, §22.6),
``quickcast_first`` (initiative seat, then the other), ``turn`` (a seat activates a creature or passes),
``activation`` (the activated creature acts), ``after_turn`` (its controller may quickcast right after),
``quickcast_final`` (each seat whose quickcast is unused), ``over``.
"""
from __future__ import annotations

from typing import Any

from engine.magewars import conditions, mages
from engine.magewars.cards import card, has_card
from engine.magewars.state import JSON, creatures, destroy, other


ROUND_LIMIT = 30
"""The round after which a duel ends (docs/rulings/magewars.md, "Round limit"): the book sets none; tournaments
call time, and an asynchronous duel counts rounds instead. Thirty is about three duels' worth of rounds."""


def _d12(rng: Any) -> int:
    return rng.randbelow(12) + 1


def roll_off(rng: Any, seats: list[str]) -> tuple[str, list[JSON]]:
    """Setup's roll-off: each rolls the d12, the highest (re-rolling ties) holds the initiative in round 1
    (§3.1 step 6; §22.5: the roll replaces the pass in round 1). Returns the high roller, who then chooses who
    takes the initiative (:func:`choose_initiative`, seed 001 l.261: "decide qué jugador tendrá la iniciativa")."""
    events = []
    while True:
        rolls = {s: _d12(rng) for s in seats}
        events.append({"type": "InitiativeRolled", "rolls": rolls})
        best = max(rolls.values())
        top = [s for s in seats if rolls[s] == best]
        if len(top) == 1:
            return top[0], events


def choose_initiative(state: JSON, seat: str, holder: str, rng: Any) -> list[JSON]:
    """The high roller's choice (seed 001 l.261, §3.1 step 6): ``holder`` takes the initiative token for round 1,
    then round 1 begins."""
    state["initiative"] = state["turn"] = holder
    state.pop("roller", None)
    return [{"type": "InitiativeChosen", "seat": seat, "initiative": holder}] + start_round(state, rng)


def ordered_upkeep(state: JSON, oid: str) -> bool:
    """Whether the controller chooses the order of ``oid``'s Upkeep effects (seed 001 l.275: "Puedes optar por
    resolver primero el atributo de regeneración o el estado Ardiendo"): it regenerates and also takes Upkeep
    damage (Burn, Rot, Bleed, a damaging curse), so healing before or after the damage can matter."""
    from engine.magewars import stats
    obj = state["objects"][oid]
    if obj["kind"] not in ("mage", "creature", "conjuration") or not stats.traits(state, oid).value("Regenerate"):
        return False
    return any(conditions.count(obj, n) for n in ("Burn", "Rot", "Bleed")) or conditions.upkeep_curse(state, oid)


def order_upkeep(state: JSON, seat: str, oid: str, first: bool, rng: Any) -> list[JSON]:
    """Resolve ``oid``'s Upkeep effects in the order its controller chose (Regenerate ``first`` or last); once the
    seat has ordered them all, its upkeep costs are asked (they may have changed: a creature burnt away)."""
    from engine.magewars.movement import settle
    state["upkeep_order"][seat].remove(oid)
    events: list[JSON] = [{"type": "UpkeepOrdered", "seat": seat, "object": oid,
                           "regenerate": "first" if first else "last"}]
    if oid in state["objects"]:
        events += conditions.upkeep_in_place(state, oid, rng, regenerate_first=first)
        events += settle(state, events, rng)
    if not state["upkeep_order"][seat]:
        del state["upkeep_order"][seat]
        state["upkeep_due"][seat] = upkeep_choices(state, seat)
        if not state["upkeep_due"][seat]:
            state["upkeep_done"].append(seat)
    if len(state["upkeep_done"]) == len(state["seats"]):
        state.pop("upkeep_order", None)
        events += start_planning(state)
    return events


def start_round(state: JSON, rng: Any) -> list[JSON]:
    """P1–P4 (§4): initiative passes (from round 2), reset, channeling, upkeep; then upkeep choices or planning."""
    events: list[JSON] = []
    if state["round"] > 1:
        state["initiative"] = other(state, state["initiative"])
    events.append({"type": "RoundStarted", "round": state["round"], "initiative": state["initiative"]})
    for obj in state["objects"].values():  # P2 reset: action, quickcast and ready markers active (§5.2)
        if obj["kind"] in ("mage", "creature"):
            obj["ready"] = True
        if obj["kind"] == "mage":
            obj["quickcast"] = True
            obj["counters"].pop("voltaric_shield", None)
        obj["defenses_used"] = []
        obj.pop("barrier_attacked", None)  # a damage barrier may attack each attacker once per round (§10.7, §22.8)
        events += conditions.reset(obj)  # one Disable marker comes off (Codex: Disable)
    for seat in state["seats"]:
        state["used"][seat] = []
        state["passes"][seat] = 0
    events += channel(state)
    order: dict[str, list[str]] = {}
    for oid in _in_initiative_order(state):  # P4: Burn, Rot, Regenerate (combat engineer's rules)
        if oid not in state["objects"]:
            continue
        if ordered_upkeep(state, oid):  # its controller chooses the order (seed 001 l.275)
            order.setdefault(state["objects"][oid]["controller"], []).append(oid)
        else:
            events += conditions.upkeep_in_place(state, oid, rng)
    from engine.magewars.movement import settle
    events += settle(state, events, rng)
    state["upkeep_due"] = {s: upkeep_choices(state, s) for s in state["seats"]}
    state["upkeep_done"] = [s for s in state["seats"] if not state["upkeep_due"][s] and s not in order]
    if order:
        state["upkeep_order"] = order
    if len(state["upkeep_done"]) == len(state["seats"]):
        events += start_planning(state)
    else:
        state["phase"], state["step"] = "preparation", "upkeep"
    return events


def _in_initiative_order(state: JSON) -> list[str]:
    first = state["initiative"]
    return sorted(state["objects"], key=lambda oid: (state["objects"][oid]["controller"] != first,
                                                     state["objects"][oid]["order"]))


SIPHON = 2
"""Mana Siphon: its chosen mage gains Channeling -2 while it is in play (its card text)."""


def channeling(state: JSON, oid: str) -> int | None:
    """An object's channeling now (§8): printed (a mage's from its stats), plus Channeling +/-X from what is
    attached to it (Moonglow Amulet, Harmonize) and, for a mage, from the revealed objects its controller has
    that say "Controller gains Channeling +X" (Mana Crystal, Mana Flower); never below 0. None: it does not
    channel (Channeling +X has no effect on it)."""
    from engine.magewars import stats
    obj = state["objects"][oid]
    if obj["kind"] == "mage":
        base = obj["stats"]["channeling"]
    elif has_card(obj["card"]) and isinstance(card(obj["card"]).channeling, int):
        base = card(obj["card"]).channeling
    else:
        return None
    bonus = sum(_granted(a) for a in stats.attachments(state, oid))
    if obj["kind"] == "mage":
        bonus += sum(_granted(o) for o in state["objects"].values() if o["controller"] == obj["controller"]
                     and not o.get("attached_to") and not o.get("face_down") and o["kind"] != "mage"
                     and has_card(o["card"]) and "Controller gains Channeling" in (card(o["card"]).text or ""))
        bonus -= SIPHON * sum(1 for o in state["objects"].values() if o.get("siphon") == oid)
    return max(0, base + bonus)


def _granted(obj: JSON) -> int:
    """The Channeling +/-X an object's text grants (its ``[Channeling +X]`` tag)."""
    from engine.magewars.traits import parse_trait, text_tags
    if obj.get("face_down") or not has_card(obj["card"]):
        return 0
    return sum(int(t.value or 0) for tag in text_tags(card(obj["card"]).text)
               if (t := parse_trait(tag)).name == "Channeling")


def channel(state: JSON) -> list[JSON]:
    """P3 (§4, §8): each mage adds its channeling to its pool; other channeling objects gain mana markers."""
    events = []
    for obj in state["objects"].values():
        amount = None if obj.get("face_down") else channeling(state, obj["id"])
        if amount is None:
            continue
        obj["mana"] += amount
        events.append({"type": "Channeled", "object": obj["id"], "amount": amount, "mana": obj["mana"]})
    return events


def upkeep_cost(state: JSON, oid: str) -> int:
    """Upkeep +X of a revealed object (§8): what its controller pays each Upkeep step to keep it."""
    from engine.magewars import stats
    obj = state["objects"][oid]
    if obj.get("face_down") or obj["kind"] == "mage":
        return 0
    return stats.traits(state, oid).value("Upkeep")


def upkeep_choices(state: JSON, seat: str) -> list[JSON]:
    """What ``seat`` may pay in this Upkeep step: each object with Upkeep +X it controls, and the Wizard's
    Voltaric Shield (2 mana, §14.4)."""
    out = [{"object": o["id"], "cost": upkeep_cost(state, o["id"])} for o in state["objects"].values()
           if o["controller"] == seat and upkeep_cost(state, o["id"]) > 0]
    mage = state["objects"][state["mages"][seat]]
    if mages.has_ability(mage, "Voltaric Shield"):
        out.append({"object": mage["id"], "cost": 2, "ability": "Voltaric Shield"})
    return out


def pay_upkeep(state: JSON, seat: str, pay: list[str]) -> list[JSON]:
    """Pay the chosen upkeep costs in order while the pool lasts; what is not paid is destroyed (§8)."""
    mage = state["objects"][state["mages"][seat]]
    events: list[JSON] = []
    for choice in state["upkeep_due"][seat]:
        oid = choice["object"]
        if oid in pay and mage["mana"] >= choice["cost"]:
            mage["mana"] -= choice["cost"]
            if choice.get("ability"):
                mage["counters"]["voltaric_shield"] = 1
            events.append({"type": "UpkeepPaid", "seat": seat, "object": oid, "cost": choice["cost"]})
        elif not choice.get("ability") and oid in state["objects"]:
            destroy(state, oid, events, cause="upkeep not paid")
    state["upkeep_done"].append(seat)
    return events


def start_planning(state: JSON) -> list[JSON]:
    """P5 (§4): spells prepared last round and not cast go back to the book; both seats now plan in secret."""
    for seat in state["seats"]:
        for name in state["planned"][seat]:
            state["books"][seat][name] = state["books"][seat].get(name, 0) + 1
        for name in state["assigned"][seat].values():
            state["books"][seat][name] = state["books"][seat].get(name, 0) + 1
        state["planned"][seat] = []
        state["assigned"][seat] = {}
    state["planning_done"] = []
    state["drafts"] = {}
    state["phase"], state["step"] = "preparation", "plan"
    return [{"type": "PlanningStarted", "round": state["round"]}]


PLANNED_SPELLS = 2
"""Each mage prepares up to 2 spells (§4 P5), plus one per familiar and spawnpoint it controls."""


def casters_of(state: JSON, seat: str) -> list[str]:
    """Familiars and spawnpoints ``seat`` controls: each gets one spell in Planning (§4, §9.5, §9.6)."""
    out = []
    for o in state["objects"].values():
        if o["controller"] == seat and o["kind"] in ("creature", "conjuration") and has_card(o["card"]):
            traits = card(o["card"]).traits
            if "Familiar" in traits or "Spawnpoint" in traits:
                out.append(o["id"])
    return sorted(out, key=lambda oid: state["objects"][oid]["order"])


def prepare(state: JSON, seat: str, spells: list[str], assign: dict[str, str]) -> list[JSON]:
    """Record a seat's plan (hidden): take the cards from its book (§4 P5)."""
    book = state["books"][seat]
    for name in [*spells, *assign.values()]:
        book[name] -= 1
        if not book[name]:
            del book[name]
    state["planned"][seat] = list(spells)
    state["assigned"][seat] = dict(assign)
    state["planning_done"].append(seat)
    return [{"type": "SpellsPrepared", "seat": seat, "count": len(spells), "assigned": sorted(assign),
             "spells": list(spells), "visible_to": [seat]}]


def after_planning(state: JSON) -> list[JSON]:
    """Both planned: reveal nothing, go to Deployment if a spawnpoint has a spell, else to the action phase."""
    events = [{"type": "PlansRevealed", "counts": {s: len(state["planned"][s]) for s in state["seats"]}}]
    spawn = [s for s in _seat_order(state) if _spawn_spells(state, s)]
    if spawn:
        state["phase"], state["step"], state["turn"] = "preparation", "deploy", spawn[0]
        return events
    return events + start_actions(state)


def _seat_order(state: JSON) -> list[str]:
    return [state["initiative"], other(state, state["initiative"])]


def _spawn_spells(state: JSON, seat: str) -> list[str]:
    return [oid for oid in state["assigned"][seat] if oid in state["objects"]
            and state["objects"][oid]["kind"] == "conjuration"]


def end_deployment(state: JSON, seat: str) -> list[JSON]:
    """The initiative seat deploys all its spawnpoints' spells, then the other (§4 P6, §22.6)."""
    state.setdefault("deployed", []).append(seat)
    rest = [s for s in _seat_order(state) if s not in state["deployed"] and _spawn_spells(state, s)]
    if rest:
        state["turn"] = rest[0]
        return []
    state.pop("deployed", None)
    return start_actions(state)


def start_actions(state: JSON) -> list[JSON]:
    """A1: the first quickcast window, initiative seat first (§4, §5.4 a)."""
    state["phase"], state["step"], state["turn"] = "actions", "quickcast_first", state["initiative"]
    state["window_done"] = []
    return [{"type": "ActionPhaseStarted", "round": state["round"]}]


def active_count(state: JSON, seat: str) -> int:
    """Active creatures a seat controls, its mage included (§5.3; §22.32: conjurations never count)."""
    return sum(1 for o in creatures(state, seat) if o["ready"] and not o.get("destroyed"))


def may_pass(state: JSON, seat: str) -> bool:
    """Passing an action turn is allowed only while the opponent has more active creatures (§5.3)."""
    return active_count(state, other(state, seat)) > active_count(state, seat)


def window_done(state: JSON, seat: str) -> list[JSON]:
    """A seat closes its part of a quickcast window; the next seat's part, or the next step."""
    state["window_done"].append(seat)
    rest = [s for s in _seat_order(state) if s not in state["window_done"]]
    if state["step"] == "quickcast_final":
        rest = [s for s in rest if state["objects"][state["mages"][s]]["quickcast"]]
    if rest:
        state["turn"] = rest[0]
        return []
    state["window_done"] = []
    if state["step"] == "quickcast_first":
        state["step"], state["turn"] = "turn", state["initiative"]
        return next_turn(state, state["initiative"])
    return end_round(state)


def next_turn(state: JSON, seat: str) -> list[JSON]:
    """Give the action turn to ``seat``, or the other seat if ``seat`` has no active creature; when nobody
    has one, the final quickcast window opens (§5.3: the phase ends when every creature is inactive)."""
    for s in (seat, other(state, seat)):
        if active_count(state, s):
            state["step"], state["turn"] = "turn", s
            return []
    state["step"] = "quickcast_final"
    state["window_done"] = []
    order = [s for s in _seat_order(state) if state["objects"][state["mages"][s]]["quickcast"]]
    if not order:
        return end_round(state)
    state["turn"] = order[0]
    return []


def activate(state: JSON, oid: str) -> list[JSON]:
    """Activation (§5.3 step 1): flip the action marker, remove the Guard marker."""
    obj = state["objects"][oid]
    obj["ready"] = False
    obj["guard"] = False
    state["activation"] = {"object": oid, "moved": 0, "hindered": False, "quick": False, "full": False}
    state["step"] = "activation"
    from engine.magewars.effects import stand_up
    return [{"type": "CreatureActivated", "seat": obj["controller"], "object": oid}] \
        + stand_up(state, oid) + conditions.on_activate(state, oid)


def end_activation(state: JSON, rng: Any) -> list[JSON]:
    """End of the action turn (§5.3 step 4): end-of-turn conditions; then the controller's quickcast window
    right after the turn (§5.4 b), or the next seat's turn."""
    act = state["activation"]
    oid = act["object"]
    events: list[JSON] = [{"type": "ActionTurnEnded", "object": oid}]
    if oid in state["objects"]:  # traits given "until the end of its Action Phase" (Necropian Vampiress)
        obj = state["objects"][oid]
        for t in obj["counters"].pop("turn_traits", []):
            if t in obj.get("traits", []):
                obj["traits"].remove(t)
    if oid in state["objects"]:
        events += conditions.end_of_turn(state, oid, rng)
        seat = state["objects"][oid]["controller"]
    else:
        seat = state["turn"]
    state["activation"] = None
    mage = state["objects"].get(state["mages"][seat])
    if mage and mage["quickcast"]:
        state["step"], state["turn"] = "after_turn", seat
        return events
    return events + next_turn(state, other(state, seat))


def end_round(state: JSON) -> list[JSON]:
    """End of the round: the next round begins at Initiative (§4)."""
    events = [{"type": "RoundEnded", "round": state["round"]}]
    from engine.magewars.effects import stand_up
    for oid in [o["id"] for o in state["objects"].values() if o["counters"].get("knockdown")]:
        events += stand_up(state, oid)
    for obj in state["objects"].values():  # traits given "until the end of the round" (casting.grant_for_round)
        for t in obj["counters"].pop("round_traits", []):
            if t in obj.get("traits", []):
                obj["traits"].remove(t)
    state["round"] += 1
    state["step"] = "start"
    return events


def time_called(state: JSON) -> list[JSON]:
    """The round limit (docs/rulings/magewars.md, "Round limit"), checked when a round has ended: past it, the
    duel ends as tournaments end one when time is called after the round is finished: with both mages standing,
    the mage that has taken more damage in all loses (healing does not count); as much damage is a draw."""
    limit = state.get("round_limit")
    if state["over"] or not limit or state["round"] <= limit:
        return []
    taken = {s: state.get("damage_taken", {}).get(s, 0) for s in state["seats"]}
    least = min(taken.values())
    leaders = [s for s in state["seats"] if taken[s] == least]
    state["over"], state["phase"], state["step"] = True, "over", "over"
    state["winner"] = leaders[0] if len(leaders) == 1 else None
    state["reason"] = "round limit"
    return [{"type": "RoundLimitReached", "round": limit}] + \
        [{"type": "DamageTakenInAll", "seat": s, "amount": taken[s]} for s in state["seats"]] + \
        [{"type": "GameOver", "winner": state["winner"], "reason": state["reason"]}]


def mage_destroyed(state: JSON, seat: str) -> bool:
    from engine.magewars import stats
    oid = state["mages"][seat]
    return oid not in state["objects"] or stats.destroyed(state, oid)


def check_winner(state: JSON) -> list[JSON]:
    """§16: a mage whose damage reaches its life is destroyed and its player loses; both at once is a draw
    (§22.19, docs/rulings/magewars.md)."""
    if state["over"]:
        return []
    down = [s for s in state["seats"] if mage_destroyed(state, s)]
    if not down:
        return []
    state["over"], state["phase"], state["step"] = True, "over", "over"
    state["winner"] = None if len(down) == 2 else other(state, down[0])
    state["reason"] = "draw" if len(down) == 2 else "mage destroyed"
    return [{"type": "MageDestroyed", "seat": s} for s in down] + \
        [{"type": "GameOver", "winner": state["winner"], "reason": state["reason"]}]

