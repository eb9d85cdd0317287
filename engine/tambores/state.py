"""The state of a Tambores de Guerra match: plain JSON data, documented here as TypedDicts.

The engine works on the JSON dict itself (``to_json``/``from_json`` copy it, so a refused action never
changes the caller's state). Cards in play are *instances*: ``"<card id>#<seat number>.<n>"`` (``alabardero#1.07``)
so two copies of a card stay apart and every card can be followed from pile to pile; ``card_id`` reads the
pack id back. Slots are numbered 1-5 as in the rulebook (§4); ``slots[0]`` is slot 1. "§" is a section of
the digest ``shared/rules/tambores.md``.
"""
from __future__ import annotations

import json
from typing import Any, Literal, TypedDict

JSON = dict[str, Any]
SLOTS = 5
"""Slots of a front line (línea de frente, §4)."""
HAND = 5
"""Cards in hand at the start and after replenishment (§8, §12)."""

Phase = Literal["setup", "deployment", "combat", "replenishment", "over"]
Step = Literal["choose_mode", "choose_army", "choose_heroes", "choose_hero", "remove", "deploy", "declare", "respond", "prevent", "replenish", "over"]


class Slot(TypedDict):
    """A unit on the front line."""

    card: str
    """The unit's instance id."""
    wounds: int
    """Wound markers on it (marcadores de herida)."""
    attached: list[str]
    """Equipment and tactic instances tucked under it (§6.2)."""
    deployed_turn: int
    """The turn it was deployed (for "deployed this turn")."""


class Player(TypedDict):
    """One side of the board (§4)."""

    deck: str
    """The army deck's id in the pack."""
    army: str
    """human or orc."""
    hero: str | None
    """The hero's id (None only while a campaign hero is being chosen)."""
    hero_wounds: int
    hand: list[str]
    """Secret: only its owner sees it (§16)."""
    draw_deck: list[str]
    """Zone C, top first; its order is secret from everyone."""
    discard: list[str]
    """Zone D, face up, top first."""
    removed: list[str]
    """Zone B, face down, top first; never reshuffled (§12)."""
    slots: list[Slot | None]
    """Zone F, slots 1-5."""
    passed: bool
    """Passed in this turn's deployment (§10)."""
    ability_turn: int
    """The turn the hero's costed ability was last used (0: never): once per turn (§6.3)."""
    removal_left: int
    """Cards still to remove by the hero's eye (choose) initial removal (§7)."""


class Declaration(TypedDict):
    """What a unit does in combat (§11.3)."""

    slot: int
    order: Literal["fight", "support", "attack", "hero", "hold"]
    """fight: engaged, mandatory; support (2.1), attack (2.2), hero (2.3), hold (2.4)."""
    target: int | None
    """The enemy slot attacked or whose fight is supported; None for hero and hold."""


class Pending(TypedDict, total=False):
    """A choice the match waits for after declarations (respond) or after resolution (prevent)."""

    seat: str
    kind: Literal["hero_strike", "engaged_strike", "strike_back", "cancel_impact"]
    striker: int | str
    """The unit's slot, or "hero"."""
    options: list[int | str]
    """Targets it may choose (slots, or "hero" for cancel_impact)."""
    optional: bool


class Series(TypedDict):
    """The battles of a duel or campaign (§15); a skirmish has one."""

    battles: int
    battle: int
    armies: dict[str, str]
    """The deck each seat plays in battle 1."""
    heroes_used: dict[str, list[str]]
    results: list[JSON]
    """One per battle played: {battle, winner, reason, heroes, colours, points}."""
    points: dict[str, int]
    first_revealer: str | None
    """Campaign: who revealed first in battle 1 (§15.3)."""
    asked: bool
    """The options fixed none of mode, armies and heroes: the players choose them in the game (``choices``)."""


class State(TypedDict):
    """The whole match."""

    game: Literal["tambores"]
    seats: list[str]
    mode: Literal["skirmish", "duel", "campaign"] | None
    """None until the challenger chooses it (``choices``)."""
    pack_id: str
    pack_name: str
    pack_training: bool
    catalogue: JSON
    """The pack's entries this match plays with (heroes, units, equipment, tactics, abilities, decks)."""
    series: Series
    turn: int
    marker: str
    """The first-player marker's holder (marcador de jugador inicial, §8)."""
    phase: Phase
    step: Step
    current: str | None
    """Whose single action it is in the sequential steps (choose_mode, choose_hero, deploy, declare)."""
    players: dict[str, Player]
    """Empty until the armies are known."""
    declarations: dict[str, list[Declaration]]
    negations: dict[str, dict[str, int]]
    """⚡ defence choices by seat: {"<own slot>": enemy slot whose unit's ability is negated} (§5)."""
    strikes: dict[str, dict[str, int | None]]
    """Response choices by seat: {"<own slot>" or "hero": the enemy slot struck, None: declined}."""
    pending: list[Pending]
    impacts: list[JSON]
    """Impacts produced and not yet wounds: {seat, on: slot or "hero", count}."""
    hits: list[JSON]
    """Who produced each impact: {seat, on, by: [[seat, slot]...]}, for "annihilates" abilities."""
    secret: dict[str, Any]
    """Simultaneous choices not yet revealed (army deck, skirmish hero, replenishment dump)."""
    last: list[JSON]
    """The last combat's results: every attack compared (§11.4)."""
    dumped: dict[str, bool]
    """This turn's replenishment choices once both are revealed ({seat: dumped the hand}); empty before (§21.11)."""
    result: JSON | None
    """The battle's end: {winner, reason}."""
    outcome: JSON | None
    """The whole match's end: {winner, reason, detail}."""


def to_json(state: JSON) -> str:
    """The state as JSON text (sorted keys, so equal states give equal text)."""
    return json.dumps(state, sort_keys=True, ensure_ascii=False)


def from_json(text: str | JSON) -> JSON:
    """A fresh state from JSON text or a JSON dict (never sharing objects with the input)."""
    return json.loads(text) if isinstance(text, str) else copy(text)


def copy(value: Any) -> Any:
    """A deep copy of plain JSON data (faster than ``copy.deepcopy``)."""
    if isinstance(value, dict):
        return {k: copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy(v) for v in value]
    return value


def card_id(instance: str) -> str:
    """The pack id of a card instance: ``card_id("alabardero#1.07") == "alabardero"``."""
    return instance.split("#", 1)[0]


def other(state: JSON, seat: str) -> str:
    """The opponent."""
    a, b = state["seats"]
    return b if seat == a else a


def decide_in_secret(state: JSON, seat: str, field: str, value: Any, public: str, private: str,
                     events: list[JSON]) -> dict[str, Any] | None:
    """One player's choice made at the same time as the other's and kept secret until both are made (army, hero,
    replenishment): the public event says only that ``seat`` has chosen, a private one tells it what. Once both
    have chosen: every seat's choice, the secret cleared; before: None."""
    state["secret"][seat] = value
    events.append({"type": public, "seat": seat})
    events.append({"type": private, "seat": seat, field: value, "visible_to": [seat]})
    if len(state["secret"]) < len(state["seats"]):
        return None
    chosen, state["secret"] = state["secret"], {}
    return chosen


def slot_of(state: JSON, seat: str, n: int) -> Slot | None:
    """The unit in ``seat``'s slot ``n`` (1-5), or None."""
    return state["players"][seat]["slots"][n - 1]


def units(state: JSON, seat: str) -> list[tuple[int, Slot]]:
    """``seat``'s units on the front line with their slot numbers, slot 1 first."""
    return [(i + 1, s) for i, s in enumerate(state["players"][seat]["slots"]) if s is not None]
