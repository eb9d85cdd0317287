"""Words for a Dragonbond battle at the table: actions, event lines, the turn panel, the combat, the result and the
hand, built only from ``system.view(state, seat)`` and one action's events.

Every word comes from the catalogue (``data/i18n/dragonbond-table.<lang>.yaml``, keys ``db.table.*``; the
named destinations and terrain names are the engine's ``db.move.dest.*`` and ``db.terrain.*``) in
``Names.lang``. Names of units, powers and cards stay as the data pack gives them. Distances are inches.
"""
from __future__ import annotations

import functools
import math
from typing import Any, Mapping, Sequence

from table.i18n import message, messages
from table.reply import Embed, Field, Reply

JSON = dict[str, Any]

COLOURS = {"panel": 0x2F6F4E, "combat": 0xB83227, "result": 0xD69E2E, "hand": 0x38A169, "measure": 0x4A5568}
DIE_COLOURS = ("black", "gray", "white")
"""Die colours with a written form, ``db.table.colour.<colour>`` (``⚫ black``)."""
FACES = ("miss", "hit", "double_hit", "critical", "double_critical", "block", "fail")
"""Die faces with a written form, ``db.table.face.<face>``."""
DECISIONS = ("opportunity", "shoot", "danger", "giant", "entry_edge", "reaction", "monster_target", "auction", "after",
             "effect_move", "casualty")
"""Open decisions described in words, ``db.table.step.<kind>`` (any other kind reads as ``after``)."""
EVENTS = ("OpposedRoll", "ScenarioChosen", "SizeChosen", "ForceChosen", "ForceChosenPrivately", "ForcesRevealed",
          "EdgeChosen", "EntryEdgeChosen", "Deployed", "Reserved", "Initiative", "RoundStarted", "RoundEnded", "Passed", "Moved", "MoveRefused",
          "NoTarget", "ChargeRoll", "ChargeFailed", "Engaged", "Separated", "Wounded", "ModelsRemoved", "Injured",
          "MoraleTest", "UnitDestroyed", "VictoryPoints", "ObjectiveCaptured", "CommandTaken", "CommandLeft",
          "Mounted", "Dismounted", "PowerUsed", "PowerWounds", "CardPlayed", "RefereeAction", "GameOver", "Poisoned",
          "GiantBlow", "TreasureTaken", "TreasureDropped", "MonsterPlaced", "MonsterDiscarded", "BehaviourDrawn",
          "MonsterActs", "AuctionOpened", "BidPlaced", "BidPlacedPrivately", "BidsRevealed", "AuctionTied",
          "MonsterControlled", "MonsterFreed", "TreasureFound", "TreasureScored", "ReactionDeclined", "EffectApplied",
          "EffectLapsed", "Rerolled", "ExtraAction", "ObjectivePlaced")
"""The events written as a line, ``db.table.event.<type>``; the others (dice, activations, fatigue, decisions)
are bookkeeping, or the combat embed's."""
SETUP_STEPS = ("scenario", "size", "forces", "objectives", "monsters", "edge")
"""The pre-game steps (``view["setup"]["step"]``), ``db.table.step.setup.<step>``."""
MOVE_KINDS = ("march", "shoot", "charge", "enter", "dismount", "referee", "place", "effect")
EFFECT_KINDS = ("damage", "heal", "move", "shift", "marker", "extra_action", "reroll")
"""Effect kinds of powers and cards the engine applies (``engine.dragonbond.effects``), ``db.table.effect.<kind>``."""


def text(key: str, lang: str = "en", **params: Any) -> str:
    """The catalogue's ``db.table.<key>`` in ``lang``; lists and dicts written as ``str()`` writes them."""
    return message(f"db.table.{key}", lang, **{k: (str(v) if isinstance(v, (list, tuple, dict)) else v)
                                                for k, v in params.items()})


def word(group: str, value: Any, lang: str = "en") -> str:
    """``db.table.<group>.<value>`` if the catalogue has it, else the value itself."""
    key = f"db.table.{group}.{value}"
    return message(key, lang) if key in messages("en") else str(value)


def inches(value: Any) -> str:
    """``8.0"``: a distance, one decimal."""
    try:
        return f'{float(value):.1f}"'
    except (TypeError, ValueError):
        return f'{value}"'


def point(value: Any) -> str:
    """``(24.5, 10)``: a point on the table, in inches."""
    try:
        x, y = value
        return f"({round(float(x), 1):g}, {round(float(y), 1):g})"
    except (TypeError, ValueError):
        return str(value)


@functools.cache
def _training_texts() -> tuple[str, dict[str, JSON]]:
    """The shipped training pack's id and its powers and cards by id (the view names them by id only)."""
    from engine.dragonbond.setup import training_document

    doc = training_document()
    entries = doc["entries"]
    named = {p["id"]: {**p, "what": "power"} for p in entries.get("powers") or []}
    named.update({c["id"]: {**c, "what": "vaala"} for c in entries.get("vaala_cards") or []})
    named.update({c["id"]: {**c, "what": "command"} for c in entries.get("command_cards") or []})
    named.update({f["id"]: {**f, "what": "force"} for f in entries.get("forces") or []})
    named.update({m["id"]: {**m, "what": "monster"} for m in entries.get("monsters") or [] if m.get("id")})
    return str(doc["id"]), named


class Names:
    """Who and what things are called in one view: units, seats, terrain, powers and cards, in ``lang``."""

    def __init__(self, view: JSON, players: Mapping[str, str], *, lang: str = "en") -> None:
        self.view = view
        self.players = dict(players)
        self.lang = lang
        self.units: dict[str, JSON] = {u["id"]: u for u in view.get("units") or ()}
        self.terrain: dict[str, JSON] = {t["id"]: t for t in (view.get("field") or {}).get("terrain") or ()}
        pack, named = _training_texts()
        self.texts: dict[str, JSON] = dict(named) if view.get("pack_id") == pack else {}
        for f in (view.get("setup") or {}).get("forces_offered") or ():  # any pack's forces, with their points
            self.texts[f["id"]] = {**self.texts.get(f["id"], {}), **f, "what": "force"}

    def seat(self, seat: Any) -> str:
        """The player's name for a seat."""
        return self.players.get(str(seat), str(seat))

    def unit(self, uid: Any) -> str:
        """``Cazadores del Fai (A2)``."""
        u = self.units.get(str(uid))
        return f"{u['name']} ({u['code']})" if u else str(uid)

    def model_point(self, uid: Any, index: Any) -> Any:
        """Where model ``index`` of a unit stands (the standing models, then those whose fall is being chosen)."""
        u = self.units.get(str(uid)) or {}
        pts = list(u.get("model_points") or ()) + list(u.get("fallen_points") or ())
        return pts[index] if isinstance(index, int) and 0 <= index < len(pts) else None

    def code(self, uid: Any) -> str:
        u = self.units.get(str(uid))
        return u["code"] if u else str(uid)

    def terrain_name(self, tid: Any) -> str:
        """``Ruins 1``: a terrain piece by its kind's name and number."""
        t = self.terrain.get(str(tid))
        if t is None:
            return str(tid)
        key = f"db.terrain.{t.get('name')}"
        name = message(key, self.lang) if key in messages("en") else str(t.get("name") or tid)
        number = str(tid).rsplit("-", 1)[-1]
        return f"{name} {number}" if number.isdigit() else name

    def thing(self, pid: Any) -> str:
        """A power's or card's printed name (its id if the pack is not at hand)."""
        return str((self.texts.get(str(pid)) or {}).get("name") or pid)

    def thing_text(self, pid: Any) -> str:
        entry = self.texts.get(str(pid)) or {}
        return " ".join(str(entry.get(k)) for k in ("trigger", "text") if entry.get(k))

    def centre(self, uid: Any) -> tuple[float, float] | None:
        u = self.units.get(str(uid))
        return (float(u["x"]), float(u["y"])) if u and u.get("x") is not None else None

    def gap(self, a: Any, b: Any) -> float | None:
        """Edge to edge between two units on the table, as the crow flies (§4.1)."""
        ca, cb = self.centre(a), self.centre(b)
        if ca is None or cb is None:
            return None
        return max(0.0, math.dist(ca, cb) - float(self.units[a]["radius"]) - float(self.units[b]["radius"]))


# ---------------------------------------------------------------------------------------------------------------
# actions


def destination(action: JSON, names: Names) -> str:
    """Where a move goes: its named destination (``toward Eldai Alarn (B1) (as far as possible)``) or its point."""
    key, params = action.get("dest"), dict(action.get("params") or {})
    if key and key in messages("en"):
        if "unit" in params:
            params["unit"] = names.unit(params["unit"])
        if "terrain" in params:
            params["terrain"] = names.terrain_name(params["terrain"])
        return message(key, names.lang, **params)
    return point(action.get("to"))


def move_length(action: JSON, names: Names) -> float | None:
    """What a move costs: the engine's path cost when the action carries it, else how far the unit's centre
    travels as the crow flies (a path around terrain, or through slowing terrain, may cost more)."""
    if action.get("cost") is not None:
        return float(action["cost"])
    start = names.centre(action.get("unit"))
    if action.get("from") is not None:
        start = tuple(action["from"])
    if start is None or action.get("to") is None:
        return None
    return math.dist(start, tuple(action["to"]))


def dest_label(action: JSON, names: Names) -> str:
    """``toward Eldai Alarn (B1) (as far as possible) · 5.2"`` (autocomplete of a move's ``to``)."""
    length = move_length(action, names)
    where = destination(action, names)
    if action.get("dest"):
        where += f" {point(action['to'])}"
    return f"{where} · {inches(length)}" if length is not None else where


def action_label(action: JSON, names: Names, *, short: bool = False) -> str:
    """A readable line for one action (menus, buttons, autocomplete, the headline); at most 100 characters."""
    lang = names.lang
    kind = str(action.get("type", "?"))
    unit = names.unit(action.get("unit")) if action.get("unit") else ""
    target = names.unit(action.get("target")) if action.get("target") else ""
    if kind == "March":
        if action.get("from") is not None:
            label = text("action.Enter", lang, unit=unit, edge=point(action["from"]), to=point(action["to"]))
            label += f" · {text('formation.line', lang)}" if action.get("formation") == "line" else ""
        else:
            label = text("action.March", lang, unit=unit, to=destination(action, names))
        length = move_length(action, names)
        label += "" if short or length is None else f" · {inches(length)}"
    elif kind == "Shoot":
        still = names.centre(action.get("unit")) == tuple(action.get("to") or ()) or not action.get("to")
        label = (text("action.ShootStill", lang, unit=unit) if still
                 else text("action.Shoot", lang, unit=unit, to=destination(action, names)))
    elif kind == "Attack":
        gap = names.gap(action.get("unit"), action.get("target"))
        label = text(f"action.Attack.{'ranged' if action.get('kind') == 'ranged' else 'melee'}", lang, unit=unit,
                     target=target)
        label += "" if short or gap is None else f" · {inches(gap)}"
    elif kind == "Charge":
        gap = names.gap(action.get("unit"), action.get("target"))
        label = text("action.Charge", lang, unit=unit, target=target)
        label += "" if short or gap is None else f" · {inches(gap)}"
    elif kind in ("ActivatePower", "UsePower"):
        label = text(f"action.{kind}", lang, unit=unit, power=names.thing(action.get("power")))
        label += f" → {target}" if target else ""
    elif kind == "PlayCard":
        label = text("action.PlayCard", lang, card=names.thing(action.get("card")))
        label += f" · {unit}" if unit else ""
        label += f" → {target}" if target else ""
    elif kind == "EffectMove":
        label = text("action.EffectMove", lang, unit=unit, to=destination(action, names))
    elif kind in ("AbandonCommand", "Dismount", "Wait", "OpportunityAttack", "ActivatePartner"):
        label = text(f"action.{kind}", lang, unit=unit, to=point(action.get("to")))
    elif kind == "Deploy":
        label = text("action.Deploy", lang, unit=unit, to=point(action.get("to")))
        label += f" · {text('formation.line', lang)}" if action.get("formation") == "line" else ""
    elif kind == "RemoveModel":
        label = text("action.RemoveModel", lang, unit=unit, n=int(action.get("model") or 0) + 1,
                     at=point(names.model_point(action.get("unit"), action.get("model")) or "—"))
    elif kind == "Enter":
        label = text("action.Enter.reserve", lang, unit=unit)
    elif kind == "MonsterTarget":
        label = text("action.MonsterTarget", lang, unit=unit)
    elif kind == "Bid":
        label = text("action.Bid", lang, monster=names.unit(action.get("monster")), bid=action.get("bid"))
    elif kind == "ShootTarget" or kind == "GiantTarget":
        label = text(f"action.{kind}", lang, target=target)
    elif kind == "DangerTarget":
        label = text("action.DangerTarget", lang, terrain=names.terrain_name(action.get("terrain")), unit=unit)
    elif kind == "TakeCommand":
        label = text("action.TakeCommand", lang, hero=names.unit(action.get("hero")), unit=unit)
    elif kind == "Mount":
        label = text("action.Mount", lang, hero=names.unit(action.get("hero")), mount=names.unit(action.get("mount")))
    elif kind in ("Pass", "Reserve", "Decline", "EndTurn"):
        label = text(f"action.{kind}", lang)
    elif kind == "ChooseScenario":
        monsters = ", ".join(names.thing(m) for m in action.get("monsters") or ())
        label = text("action.ChooseScenario", lang, scenario=word("scenario", action.get("scenario"), lang))
        label += f" + {monsters}" if monsters else ""
    elif kind == "ChooseSize":
        label = text("action.ChooseSize", lang, size=action.get("size"))
    elif kind == "ChooseForce":
        force = names.texts.get(str(action.get("force"))) or {}
        units = force.get("units")  # a count while offered, the pack's list after
        label = text("action.ChooseForce", lang, force=force.get("name") or action.get("force"),
                     points=force.get("points") if force.get("points") is not None else "?",
                     units=len(units) if isinstance(units, list) else units if units is not None else "?")
    elif kind == "PlaceObjective":
        label = text("action.PlaceObjective", lang, to=point(action.get("to")))
    elif kind == "PlaceMonster":
        label = text("action.PlaceMonster", lang, monster=names.unit(action.get("monster")),
                     n=action.get("objective"))
    elif kind == "ChooseEntryEdge":
        label = text("action.ChooseEntryEdge", lang, edge=word("edge", action.get("edge"), lang))
    elif kind == "ChooseEdge":
        label = text(f"action.ChooseEdge.{'north' if action.get('edge') == 'north' else 'south'}", lang)
    elif kind in ("AdjustWounds", "AdjustFatigue", "AdjustState", "Heal", "AdjustVP", "SetPosition", "RefereeNote"):
        label = referee_summary(action, names)
    else:
        label = kind + "".join(f" {k}={v}" for k, v in action.items() if k not in ("type", "params", "dest"))
    return label[:100]


def referee_summary(action: JSON, names: Names) -> str:
    """A referee action in words: ``Referee: Cazadores del Fai (A2) wounds +1``."""
    kind = str(action.get("type"))
    return text(f"ref.{kind}", names.lang, unit=names.unit(action.get("unit")), delta=_signed(action.get("delta")),
                state=word("state", action.get("state"), names.lang), wounds=action.get("wounds", 0),
                seat=names.seat(action.get("seat")), to=point(action.get("to")),
                text=str(action.get("text") or "")[:200])


def _signed(value: Any) -> str:
    try:
        return f"{int(value):+d}"
    except (TypeError, ValueError):
        return str(value)


# ---------------------------------------------------------------------------------------------------------------
# events


def event_line(e: JSON, names: Names) -> str | None:
    """One event as a line, or None for bookkeeping (dice, activations: the combat embed shows the dice)."""
    t = str(e.get("type"))
    if t not in EVENTS:
        return None
    lang = names.lang
    key = f"event.{t}"
    params: dict[str, Any] = {
        "unit": names.unit(e.get("unit")), "target": names.unit(e.get("target")), "who": names.seat(e.get("seat")),
        "round": e.get("round"), "wounds": e.get("wounds"), "count": e.get("count"), "left": e.get("left"),
        "hero": names.unit(e.get("hero")), "mount": names.unit(e.get("mount")),
    }
    if t == "OpposedRoll":
        if e.get("reason") == "initiative":  # the Initiative line says it
            return None
        key += ".tie" if not e.get("winner") else ""
        params.update(who=names.seat(e.get("winner")), reason=word("roll", e.get("reason"), lang),
                      rolls=", ".join(f"{names.seat(s)} {r[0]}" for s, r in (e.get("rolls") or {}).items()))
    elif t == "ScenarioChosen":
        monsters = ", ".join(names.thing(m) for m in e.get("monsters") or ())
        params.update(scenario=word("scenario", e.get("scenario"), lang), monsters=f" + {monsters}" if monsters
                      else "")
    elif t == "SizeChosen":
        params["size"] = e.get("size")
    elif t == "ForceChosenPrivately":
        params["force"] = names.thing(e.get("force"))
    elif t == "ForcesRevealed":
        params["forces"] = ", ".join(f"{names.seat(s)}: {names.thing(f)}" for s, f in (e.get("forces") or {}).items())
    elif t in ("EdgeChosen", "EntryEdgeChosen"):
        params["edge"] = word("edge", e.get("edge"), lang)
    elif t == "Deployed":
        params["to"] = point((e.get("x"), e.get("y")))
    elif t == "Reserved":
        params["units"] = ", ".join(names.unit(u) for u in e.get("units") or ()) or "—"
    elif t == "RoundStarted":
        params["who"] = names.seat(e.get("active"))
    elif t == "Moved":
        kind = e.get("kind") if e.get("kind") in MOVE_KINDS else "march"
        key += f".{kind}"
        params.update(start=point(e.get("from")) if e.get("from") else "", to=point(e.get("to")),
                      cost=inches(e.get("cost", 0)), allowance=inches(e.get("allowance", 0)))
    elif t == "MoveRefused":
        params.update(to=point(e.get("to")), distance=inches(e.get("distance")) if e.get("distance") is not None
                      else "?", allowance=inches(e.get("allowance", 0)))
    elif t == "ChargeRoll":
        params.update(hits=e.get("hits"), allowance=inches(e.get("allowance", 0)))
    elif t == "ChargeFailed":
        params["distance"] = inches(e.get("distance")) if e.get("distance") is not None else "?"
    elif t in ("Wounded", "ModelsRemoved"):
        key += ".one" if e.get("wounds" if t == "Wounded" else "count") == 1 else ".other"
    elif t == "MoraleTest":
        key += ".fled" if e.get("fled") else ".held"
        params.update(dice=e.get("dice"), fled=e.get("fled"))
    elif t == "UnitDestroyed":
        params.update(points=e.get("points"), by=names.unit(e.get("by")) if e.get("by") else "—")
        key += ".reserve" if e.get("how") == "reserve" else ""
    elif t == "VictoryPoints":
        params.update(delta=_signed(e.get("delta")), total=e.get("total"),
                      reason=word("vp_reason", e.get("reason"), lang))
    elif t == "ObjectiveCaptured":
        params["n"] = e.get("n")
    elif t in ("PowerUsed", "PowerWounds"):
        params["power"] = names.thing(e.get("power"))
        key += ".automated" if t == "PowerUsed" and e.get("automated") else ""
    elif t == "CardPlayed":
        params.update(card=names.thing(e.get("card")), text=str(e.get("text") or "")[:300],
                      note=str(e.get("note") or ""))
    elif t == "RefereeAction":
        params.update(who=names.seat(e.get("by")), summary=referee_summary(e.get("action") or {}, names),
                      reason=f" ({e['reason']})" if e.get("reason") else "")
    elif t == "GameOver":
        key += ".draw" if not e.get("winner") else ""
        params.update(who=names.seat(e.get("winner")), reason=word("reason", e.get("reason"), lang))
    elif t == "Poisoned":
        params["wounds"] = e.get("wounds", 0)
    elif t in ("TreasureTaken", "TreasureDropped"):
        params["treasures"] = len(e.get("treasures") or ())
    elif t == "ObjectivePlaced":
        params.update(n=e.get("n"), to=point((e.get("x"), e.get("y"))))
    elif t == "MonsterPlaced":
        params.update(who=names.seat(e.get("by")), n=e.get("objective"), to=point((e.get("x"), e.get("y"))))
    elif t == "BehaviourDrawn":
        key += ".attacked" if e.get("reason") == "attacked" else ""
        params["card"] = str(e.get("name") or e.get("card"))
    elif t == "MonsterActs":
        params.update(action=word("monster_action", e.get("kind"), lang), fatigue=e.get("fatigue"))
        key += ".target" if e.get("target") else ""
    elif t in ("BidPlacedPrivately", "AuctionTied", "MonsterControlled"):
        params["bid"] = e.get("bid")
    elif t == "BidsRevealed":
        params["bids"] = ", ".join(f"{names.seat(s)} {b}" for s, b in (e.get("bids") or {}).items()) or "—"
    elif t == "TreasureFound":
        params.update(n=e.get("n"), treasure=word("treasure", e.get("treasure"), lang), roll=e.get("roll"))
    elif t == "TreasureScored":
        params.update(treasures=len(e.get("treasures") or ()), vp=e.get("vp"))
    elif t == "ReactionDeclined":
        params["trigger"] = word("trigger", e.get("trigger"), lang)
    elif t in ("EffectApplied", "EffectLapsed"):
        effect = e.get("effect") if e.get("effect") in EFFECT_KINDS else "marker"
        key += f".{effect}" if t == "EffectApplied" else ""
        count = e.get("count") or 0
        params.update(source=names.thing(e.get("source")), dice=e.get("dice"), colour=colour(e.get("colour"), lang),
                      marker=word("state", e.get("marker"), lang), roll=word("roll_kind", e.get("roll"), lang),
                      until=word("until", e.get("until"), lang), count=abs(count), to=point(e.get("to")),
                      change=text("effect.more" if count >= 0 else "effect.fewer", lang))
    elif t == "Rerolled":
        params.update(dice=e.get("dice"), hits=(e.get("hits") or 0) + (e.get("crits") or 0))
    return text(key, lang, **params)


# ---------------------------------------------------------------------------------------------------------------
# combat


def colour(value: Any, lang: str) -> str:
    return word("colour", value, lang)


def faces(values: Sequence[str], lang: str) -> str:
    return " ".join(word("face", f, lang) for f in values) or text("combat.no_dice", lang)


def shift_note(e: JSON, lang: str) -> str:
    """What the roll's upgrades and downgrades did: the colour rolled, or the re-roll they bring (§3.4)."""
    up, down = int(e.get("upgrades") or 0), int(e.get("downgrades") or 0)
    if not up and not down:
        return ""
    base = e.get("colour")
    base = base[0] if isinstance(base, list) and base else base
    rolled = e.get("rolled_colour")
    rolled = rolled[0] if isinstance(rolled, list) and rolled else rolled
    note = text("combat.shift", lang, up=up, down=down)
    if up > down and base == rolled == "black":
        note += " · " + text("combat.reroll_failures", lang)
    elif down > up and base == rolled == "white":
        note += " · " + text("combat.reroll_successes", lang)
    elif base != rolled:
        note += " · " + text("combat.rolled_as", lang, colour=colour(rolled, lang))
    return note


def combat_embeds(events: Sequence[JSON], names: Names) -> list[Embed]:
    """One embed per attack roll in the events: the attack dice (colour, shifts, re-rolls, faces), hits and
    criticals, each defence roll and its blocks, wounds, models removed, morale, units destroyed."""
    lang = names.lang
    out: list[Embed] = []
    current: Embed | None = None
    for e in events:
        t = e.get("type")
        if t == "AttackRolled":
            icon = "🏹" if e.get("kind") == "ranged" else "⚔️"
            attacker = names.unit(e["unit"]) if e.get("unit") else names.terrain_name(e.get("terrain"))
            reason = word("attack_reason", e.get("reason"), lang) if e.get("reason") not in (None, "attack") else ""
            current = Embed(title=f"{icon} " + text("combat.title", lang, attacker=attacker,
                                                       target=names.unit(e.get("target")))[:240],
                            description=reason, color=COLOURS["combat"])
            out.append(current)
            colours = e.get("colour")
            dice_colour = ", ".join(colour(c, lang) for c in colours) if isinstance(colours, list) else colour(
                colours, lang)
            head = text("combat.dice", lang, dice=e.get("dice"), colour=dice_colour)
            note = shift_note(e, lang)
            _set(current, text("combat.attack", lang), f"{head}{' · ' + note if note else ''}\n"
                                                      f"{faces(e.get('faces') or (), lang)}")
            _set(current, text("combat.hits", lang), text("combat.hits_value", lang, hits=e.get("hits", 0),
                                                            crits=e.get("crits", 0)))
            # faces reconstructed from the rulebook's garbled text (``uncertain``) are the docs' matter, not a reply's
            continue
        if current is None:
            continue
        if t == "DefenceRolled":
            note = shift_note(e, lang)
            _set(current, text("combat.defence", lang, unit=names.code(e.get("unit"))),
                 text("combat.dice", lang, dice=e.get("dice"), colour=colour(e.get("colour"), lang))
                 + (f" · {note}" if note else "") + f"\n{faces(e.get('faces') or (), lang)} → "
                 + text("combat.blocks", lang, blocks=e.get("blocks", 0)))
        elif t == "Wounded":
            _set(current, text("combat.wounds", lang), text("combat.wounds_value", lang, unit=names.unit(e["unit"]),
                                                              wounds=e.get("wounds")))
        elif t == "ModelsRemoved":
            _set(current, text("combat.removed", lang), text("combat.removed_value", lang, unit=names.unit(e["unit"]),
                                                               count=e.get("count"), left=e.get("left")))
        elif t == "MoraleTest":
            _set(current, text("combat.morale", lang), event_line(e, names) or "")
        elif t == "UnitDestroyed":
            _set(current, text("combat.destroyed", lang), f"💀 {names.unit(e['unit'])}")
        elif t == "Injured":
            _set(current, text("combat.destroyed", lang), event_line(e, names) or "")
    return out


def _set(embed: Embed, name: str, value: str) -> None:
    for f in embed.fields:
        if f.name == name:
            f.value = (f.value + "\n" + value)[:1024]
            return
    embed.fields.append(Field(name, value[:1024] or "—", inline=False))


# ---------------------------------------------------------------------------------------------------------------
# panel, result, hand


def coverage_reply(lang: str = "en") -> Reply:
    """``/db coverage``: every power and card of the shipped pack, automated by the engine or settled by referee,
    with the count."""
    from engine.dragonbond.setup import shipped_coverage
    rows = shipped_coverage()
    auto = [r for r in rows if r["automated"]]

    def line(r: JSON) -> str:
        what = text(f"coverage.kind.{r['kind']}", lang)
        if r["automated"]:
            kinds = ", ".join(text(f"effect.name.{k}", lang) for k in dict.fromkeys(r["effects"]))
            return text("coverage.automated", lang, name=r["name"], what=what, effects=kinds)
        return text("coverage.referee", lang, name=r["name"], what=what)

    fields = [Field(text("coverage.automated_title", lang, n=len(auto)), _fit([line(r) for r in auto]) or "—"),
              Field(text("coverage.referee_title", lang, n=len(rows) - len(auto)),
                    _fit([line(r) for r in rows if not r["automated"]]) or "—")]
    return Reply(embeds=[Embed(title=text("coverage.title", lang),
                               description=text("coverage.summary", lang, automated=len(auto), total=len(rows)),
                               fields=fields, footer=text("coverage.footer", lang))], ephemeral=True)


def step_text(view: JSON, *, lang: str = "en") -> str:
    """What the match waits for, in words."""
    pending = view.get("pending")
    if pending:
        kind = pending.get("kind")
        return text(f"step.{kind if kind in DECISIONS else 'after'}", lang)
    phase = view.get("phase")
    if phase == "setup":
        step = (view.get("setup") or {}).get("step")
        return text(f"step.setup.{step if step in SETUP_STEPS else 'scenario'}", lang)
    if phase == "deploy":
        return text("step.deploy", lang)
    if phase == "over":
        return text("step.over", lang)
    if view.get("prelude"):
        return text("step.extra" if view["prelude"].get("free") else "step.prelude", lang)
    return text("step.turn", lang)


def _units_of(view: JSON, seat: str) -> dict[str, int]:
    count = {"battlefield": 0, "reserve": 0, "destroyed": 0, "other": 0}
    for u in view.get("units") or ():
        if u["side"] == seat:
            where = u.get("where")
            count[where if where in count else "other"] += 1
    return count


def unit_line(u: JSON, lang: str) -> str:
    """`` `A2` Cazadores del Fai · 3 models · 1/2 W · fatigue 1 · (12, 4)``: a unit in the roster."""
    bits = [text("panel.models." + ("one" if u.get("models") == 1 else "other"), lang, models=u.get("models"))]
    bits.append(text("panel.wounds", lang, wounds=u.get("wounds", 0), health=u.get("health", "?")))
    if u.get("fatigue"):
        bits.append(text("panel.fatigue", lang, fatigue=u["fatigue"]))
    states = [f"{word('state', s, lang)} {n}" for s, n in (u.get("states") or {}).items() if n]
    bits += states
    where = u.get("where")
    bits.append(point((u["x"], u["y"])) if where == "battlefield" and u.get("x") is not None
                else word("where", where, lang))
    if u.get("engaged_with"):
        bits.append("⚔ " + ", ".join(u["engaged_with"]))
    general = " ⭐" if u.get("general") else ""
    return f"`{u['code']}` {u['name']}{general} · " + " · ".join(str(b) for b in bits)


def panel_embed(view: JSON, names: Names, *, match_id: str, image: str | None = None,
                mentions: Mapping[str, int] | None = None) -> Embed:
    """The turn panel: round, whose decision and the step, initiative, each side's units and victory points,
    the objectives, the roster; the pack's training warning first when it is one."""
    lang = names.lang
    waiting = view.get("awaiting") or []
    who = ", ".join(f"<@{mentions[s]}>" if mentions and s in mentions else names.seat(s) for s in waiting)
    title = text("panel.title", lang, round=view.get("round") or 1, rounds=view.get("last_round") or "?",
                 phase=word("phase", view.get("phase"), lang))
    lines = []
    if view.get("pack_training"):
        lines.append(text("panel.training", lang))
    lines.append(text("panel.description", lang, who=who or text("panel.nobody", lang),
                      step=step_text(view, lang=lang)))
    if view.get("initiative"):
        lines.append(text("panel.initiative", lang, who=names.seat(view["initiative"])))
    if view.get("scenario"):
        lines.append(text("panel.scenario", lang, scenario=word("scenario", view.get("scenario"), lang),
                          size=view.get("size") or "?"))
    fields = []
    hands = view.get("hands") or {}
    for seat in view.get("seats") or ():
        count = _units_of(view, seat)
        hand = hands.get(seat) or {}
        cards = {k: (len(v) if isinstance(v, list) else int(v or 0)) for k, v in hand.items()}
        body = [] if view.get("phase") == "setup" else [
            text("panel.units", lang, on=count["battlefield"], reserve=count["reserve"], destroyed=count["destroyed"]),
            text("panel.vp", lang, vp=(view.get("vp") or {}).get(seat, 0)),
            text("panel.hand", lang, vaala=cards.get("vaala", 0), command=cards.get("command", 0))]
        if (view.get("passed") or {}).get(seat) and view.get("phase") == "battle":
            body.append(text("panel.passed", lang))
        setup = view.get("setup") or {}
        if setup.get("step") == "forces":
            body.append(text("panel.force_chosen" if (setup.get("chosen") or {}).get(seat) else "panel.force_open",
                             lang))
        side = (view.get("sides") or {}).get(seat, "")
        marker = " ▶" if seat in waiting else ""
        fields.append(Field(f"{names.seat(seat)} ({side}){marker}", "\n".join(body) or "—"))
    objectives = view.get("objectives") or []
    if objectives:
        fields.append(Field(text("panel.objectives", lang), " · ".join(
            f"{o['n']}: {names.seat(o['controller']) if o.get('controller') else '—'}" for o in objectives)[:1024],
            inline=False))
    for seat in view.get("seats") or ():
        roster = [unit_line(u, lang) for u in view.get("units") or () if u["side"] == seat
                  and u.get("where") != "destroyed"]
        if roster:
            fields.append(Field(text("panel.roster", lang, who=names.seat(seat)), _fit(roster), inline=False))
    return Embed(title=title, description="\n".join(lines), fields=fields, color=COLOURS["panel"], image=image,
                 footer=text("panel.footer", lang, match=match_id))


def _fit(lines: list[str], limit: int = 1024) -> str:
    out = ""
    for line in lines:
        if len(out) + len(line) + 1 > limit - 2:
            return out + "\n…"
        out = f"{out}\n{line}" if out else line
    return out


def result_embed(view: JSON, names: Names, outcome: Mapping[str, Any] | None, seed: str | None) -> Embed:
    """The end of the battle: the winner (or a draw), the scenario's victory points, how it was decided, the
    revealed seed."""
    lang = names.lang
    result = view.get("outcome") or {}
    winner = (outcome or {}).get("winner") or result.get("winner")
    vp = result.get("vp") or view.get("vp") or {}
    title = text("result.wins", lang, who=names.seat(winner)) if winner else text("result.draw", lang)
    lines = [text("result.vp", lang, who=names.seat(s), vp=vp.get(s, 0), units=_units_of(view, s)["battlefield"])
             for s in view.get("seats") or ()]
    reason = (outcome or {}).get("reason") or result.get("reason")
    if reason:
        lines.append(text("result.reason", lang, reason=word("reason", reason, lang)))
    if view.get("scenario") and view.get("round"):  # a match conceded while still choosing has neither yet
        lines.append(text("result.scenario", lang, scenario=word("scenario", view.get("scenario"), lang),
                          round=view.get("round")))
    if view.get("pack_training"):
        lines.append(text("panel.training", lang))
    return Embed(title=title, description="\n".join(lines), color=COLOURS["result"],
                 footer=text("result.footer", lang, seed=seed) if seed else "")


def hand_embed(view: JSON, seat: str, names: Names) -> Embed:
    """A player's Vaala and Command cards with their texts, and their units' powers (ephemeral replies only)."""
    lang = names.lang
    hand = (view.get("hands") or {}).get(seat) or {}
    fields = []
    for kind, icon in (("vaala", "🐉"), ("command", "📜")):
        cards = hand.get(kind)
        for card in cards if isinstance(cards, list) else ():
            fields.append(Field(f"{icon} {names.thing(card)} ({card})", names.thing_text(card)[:1024] or "—", False))
    powers = sorted({p for u in view.get("units") or () if u["side"] == seat and u.get("where") != "destroyed"
                     for p in u.get("powers") or ()})
    if powers:
        fields.append(Field(text("hand.powers", lang), _fit([f"✨ {names.thing(p)}: {names.thing_text(p)}"[:300]
                                                             for p in powers]), False))
    empty = not any(isinstance(v, list) and v for v in hand.values())
    return Embed(title=text("hand.title", lang, who=names.seat(seat)), fields=fields[:25], color=COLOURS["hand"],
                 description=text("hand.empty" if empty else "hand.description", lang))


def measure_embed(names: Names, a: str, b: str, distance: float, sight: bool | None) -> Embed:
    """``/db measure``: the distance edge to edge and, between two units, line of sight."""
    lang = names.lang
    lines = [text("measure.distance", lang, a=a, b=b, distance=inches(distance))]
    if sight is not None:
        lines.append(text("measure.sight_yes" if sight else "measure.sight_no", lang))
    return Embed(title=text("measure.title", lang), description="\n".join(lines), color=COLOURS["measure"])
