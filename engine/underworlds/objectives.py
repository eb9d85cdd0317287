"""Objective conditions of the Brethren of the Bolt (45xxx) and The Skinnerkin (46xxx) Rivals decks.

What it is: one condition per objective the state and the logs can decide (``State.step_log`` for "after
an activation step" surges, ``State.phase_log`` for "in the preceding action phase"), registered with
``effects.objective`` when ``system.py`` imports this module (this module imports ``effects``, never the
other way). The objectives that read what no source gives — Haunch counters (46001-46003, 46005, 46007, 46010,
46012), Priests and the Holy Vessels ability (45003, 45010) — are ``skinnerkin.py``'s and ``brethren.py``'s
(``OBJECTIVES``, registered by ``effects``), reading what the players supply with referee actions.

Moments (``effects.objective``): ``end`` (end phase), ``before_activation``, ``after_activation``,
``after_power`` (surge steps, §25.1). A surge objective "immediately after an Attack action" is checked
at the surge step that follows the step the attack was made in.
"""
from __future__ import annotations

from typing import Any

from engine.underworlds import rules
from engine.underworlds.cards import PloyCard, load_cards
from engine.underworlds.effects import objective
from engine.underworlds.hexgrid import Hex
from engine.underworlds.state import FighterState, State

SURGE_MOMENTS = ("after_activation", "after_power")
"""Surge steps that follow a step in which something was done."""


def _glory(card_id: str) -> int:
    return load_cards()[card_id].glory  # type: ignore[union-attr]


def _holding(st: State, seat: str) -> list[FighterState]:
    """Surviving fighters of ``seat`` holding an objective (§9.1)."""
    return [f for f in st.surviving(seat) if rules.holds_objective(st, f)]


def held_objectives(st: State, seat: str) -> list[Any]:
    """Objective tokens ``seat``'s warband holds: each under one of its fighters that can hold it (§9.1)."""
    hexes = {f.hex for f in _holding(st, seat)}
    return [t for t in rules.objective_tokens(st) if t.hex in hexes]


def _met(card_id: str, ok: bool, bonus: int = 0) -> int | None:
    return _glory(card_id) + bonus if ok else None


def _step_attacks(st: State, seat: str) -> list[dict[str, Any]]:
    return [a for a in st.step_log.get("attacks", []) if a.get("seat") == seat]


def _enemy_kills(st: State, seat: str) -> list[dict[str, Any]]:
    """Enemy fighters taken out of action in this step, with how (``flow.take_out_of_action``)."""
    return [o for o in st.step_log.get("out_of_action", []) if o["seat"] != seat]


# -- Brethren of the Bolt -----------------------------------------------------------------------------------------


@objective("45001")
def _batteries_of_faith(st: State, seat: str, moment: str) -> int | None:
    """Dual, end: a friendly fighter holds an objective and a friendly fighter is Inspired."""
    ok = moment == "end" and bool(_holding(st, seat)) and any(f.inspired for f in st.surviving(seat))
    return _met("45001", ok)


@objective("45002")
def _blessed_fulmination(st: State, seat: str, moment: str) -> int | None:
    """Surge, after an activation step: two or more enemy fighters are staggered."""
    ok = moment == "after_activation" and sum(1 for f in st.enemies(seat) if f.stagger) >= 2
    return _met("45002", ok)


@objective("45004")
def _convictions_reward(st: State, seat: str, moment: str) -> int | None:
    """Dual, end: an enemy fighter is out of action and your warband holds two or more objectives."""
    enemy_down = any(f.out_of_action for s in st.opponents(seat) for f in st.warband_of(s))
    return _met("45004", moment == "end" and enemy_down and len(held_objectives(st, seat)) >= 2)


@objective("45005")
def _fulgurian_sacrifice(st: State, seat: str, moment: str) -> int | None:
    """Surge: a friendly fighter standing on an objective token within 1 hex of no one's territory was dealt damage."""
    if moment not in SURGE_MOMENTS:
        return None
    no_ones = rules.battlefield(st).no_ones_territory
    tokens = {str(t.hex) for t in rules.objective_tokens(st)}
    for hit in st.step_log.get("damage_at", []):
        if hit["seat"] != seat or hit["hex"] not in tokens:
            continue
        here = Hex.parse(hit["hex"])
        if any(here.distance(h) <= 1 for h in no_ones):
            return _glory("45005")
    return None


@objective("45006")
def _glorious_martyrdom(st: State, seat: str, moment: str) -> int | None:
    """Dual, end: a friendly fighter is out of action and you hold more objectives than the other warband;
    +1 glory if an Inspired friendly fighter is out of action."""
    down = [f for f in st.warband_of(seat) if f.out_of_action]
    more = all(len(held_objectives(st, seat)) > len(held_objectives(st, s)) for s in st.opponents(seat))
    return _met("45006", moment == "end" and bool(down) and more, 1 if any(f.inspired for f in down) else 0)


@objective("45007")
def _heavens_charge(st: State, seat: str, moment: str) -> int | None:
    """Surge, dual, after an activation or power step: an enemy fighter was taken out of action by a ploy of
    yours or by an Attack action of an un-Inspired friendly fighter."""
    if moment not in SURGE_MOMENTS:
        return None
    for o in _enemy_kills(st, seat):
        source = o["source"]
        if source.get("seat") != seat:
            continue
        if source.get("kind") == "attack" and o.get("by_inspired") is False:
            return _glory("45007")
        if source.get("kind") == "card" and isinstance(load_cards().get(source.get("card") or ""), PloyCard):
            return _glory("45007")
    return None


LIVING_DYNAMO_ACTIONS = frozenset({"move", "guard", "attack", "stun", "card_action"})
"""Actions Living Dynamo counts: Move, Guard, Attack, Stun and actions printed on upgrades."""


@objective("45008")
def _living_dynamo(st: State, seat: str, moment: str) -> int | None:
    """Surge: a friendly fighter made its third different action (Move, Guard, Attack, Stun, upgrade action) of
    the phase in this step."""
    if moment not in SURGE_MOMENTS:
        return None
    actions = st.phase_log.get("actions", {})
    for fid in st.step_log.get("acted", []):
        f = st.find_fighter(fid)
        if f is not None and f.seat == seat and len(set(actions.get(fid, [])) & LIVING_DYNAMO_ACTIONS) >= 3:
            return _glory("45008")
    return None


@objective("45009")
def _martyred_bloodworks(st: State, seat: str, moment: str) -> int | None:
    """End: two or more surviving friendly fighters are vulnerable and/or un-Inspired."""
    count = sum(1 for f in st.surviving(seat) if rules.is_vulnerable(st, f) or not f.inspired)
    return _met("45009", moment == "end" and count >= 2)


@objective("45011")
def _unwavering_beacons(st: State, seat: str, moment: str) -> int | None:
    """End: your warband holds two or more objectives in no one's and/or enemy territory."""
    away = [t for t in held_objectives(st, seat) if rules.territory_of(st, t.hex) != seat]
    return _met("45011", moment == "end" and len(away) >= 2)


@objective("45012")
def _wrath_made_manifest(st: State, seat: str, moment: str) -> int | None:
    """Surge, after an activation step: an Inspired friendly fighter's Attack action took an enemy out of action."""
    ok = moment == "after_activation" and any(
        o["source"].get("kind") == "attack" and o["source"].get("seat") == seat and o.get("by_inspired")
        for o in _enemy_kills(st, seat))
    return _met("45012", ok)


# -- The Skinnerkin -----------------------------------------------------------------------------------------------


@objective("46004")
def _last_minute_order(st: State, seat: str, moment: str) -> int | None:
    """Surge, dual, after an activation step: two or more friendly fighters have Charge markers and you have
    scored one or more objectives."""
    charged = sum(1 for f in st.surviving(seat) if f.charge)
    return _met("46004", moment == "after_activation" and charged >= 2 and bool(st.players[seat].scored))


@objective("46006")
def _perfect_cut(st: State, seat: str, moment: str) -> int | None:
    """Surge, dual, after a friendly Attack action: two or more successes, one or more of them critical."""
    ok = moment in SURGE_MOMENTS and any(a.get("successes", 0) >= 2 and a.get("crits", 0) >= 1
                                          for a in _step_attacks(st, seat))
    return _met("46006", ok)


@objective("46008")
def _plenty_to_choose_from(st: State, seat: str, moment: str) -> int | None:
    """End: no more than one surviving enemy fighter."""
    return _met("46008", moment == "end" and len(st.enemies(seat)) <= 1)


@objective("46009")
def _sing_while_you_work(st: State, seat: str, moment: str) -> int | None:
    """Surge, dual, after a friendly Attack action: the third or later Range 1 or 2 Attack action of your
    fighters this phase, each in a different activation step."""
    if moment not in SURGE_MOMENTS or not any(a["range"] <= 2 for a in _step_attacks(st, seat)):
        return None
    turns = {a["turn"] for a in st.phase_log.get("attacks", []) if a.get("seat") == seat and a["range"] <= 2}
    return _met("46009", len(turns) >= 3)


@objective("46011")
def _tenderise_the_meat(st: State, seat: str, moment: str) -> int | None:
    """Surge, dual, after an activation step: a successful friendly Attack action whose roll had no crit."""
    ok = moment == "after_activation" and any(a.get("succeeded") and a.get("crits", 0) == 0
                                               for a in _step_attacks(st, seat))
    return _met("46011", ok)
