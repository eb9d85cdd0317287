"""Helpers for the Tambores de Guerra engine tests: a battle set up from the training pack, then arranged."""
from __future__ import annotations

import copy
from typing import Any

from engine.core.rng import SeededRng
from engine.tambores.cards import training_document
from engine.tambores.system import TamboresSystem, advance

SYSTEM = TamboresSystem()
SEATS = ("player1", "player2")
HUMAN, ORC = SEATS


def rng(seed: int = 0) -> SeededRng:
    return SeededRng(seed.to_bytes(32, "big"))


def new(options: dict[str, Any] | None = None, seed: int = 0) -> dict[str, Any]:
    """A match set up with ``options`` (default: a skirmish, fixed, so no setup choice is asked)."""
    return SYSTEM.setup({"mode": "skirmish"} if options is None else options, SEATS, rng(seed))


def pack_with(change) -> dict[str, Any]:
    """The training pack's document with ``change(entries)`` applied."""
    doc = copy.deepcopy(training_document())
    change(doc["entries"])
    return doc


def arrange(st: dict[str, Any], seat: str, *, slots: dict[int, str] | None = None, hand: list[str] | None = None,
            hero: str | None = None, deployed: dict[int, int] | None = None, removed: int | None = None,
            draw_deck: list[str] | None = None, discard: list[str] | None = None) -> None:
    """Put cards where a test wants them (instances are made up: ``<id>#<seat>.t<n>``)."""
    p = st["players"][seat]
    number = SEATS.index(seat) + 1
    made = iter(range(1000))

    def inst(cid: str) -> str:
        return f"{cid}#{number}.t{next(made)}"
    if slots is not None:
        p["slots"] = [None] * 5
        for n, cid in slots.items():
            p["slots"][n - 1] = {"card": inst(cid), "wounds": 0, "attached": [],
                                 "deployed_turn": (deployed or {}).get(n, 0)}
    if hand is not None:
        p["hand"] = [inst(c) for c in hand]
    if hero is not None:
        p["hero"] = hero
    if removed is not None:
        p["removed"] = [inst("lancero" if seat == ORC else "soldado") for _ in range(removed)]
    if draw_deck is not None:
        p["draw_deck"] = [inst(c) for c in draw_deck]
    if discard is not None:
        p["discard"] = [inst(c) for c in discard]


def combat_state(human: dict[int, str], orc: dict[int, str], *, marker: str = HUMAN, human_hero: str = "joanna",
                 orc_hero: str = "krangg", deployed: dict[int, int] | None = None, turn: int = 3) -> dict[str, Any]:
    """A battle at the start of combat (both passed) with the given front lines."""
    st = new({"heroes": {HUMAN: human_hero, ORC: orc_hero}})
    st["turn"], st["marker"] = turn, marker
    arrange(st, HUMAN, slots=human, deployed=deployed)
    arrange(st, ORC, slots=orc, removed=4)
    st.update(step="start_combat", phase="deployment")
    advance(st, rng(1), [])
    return st


def play(st: dict[str, Any], seat: str, action: dict[str, Any], seed: int = 2):
    return SYSTEM.apply(st, seat, action, rng(seed))


def slot_card(st: dict[str, Any], seat: str, n: int) -> str | None:
    s = st["players"][seat]["slots"][n - 1]
    return s["card"].split("#")[0] if s else None


def renamed_pack() -> dict[str, Any]:
    """A pack that is not the training pack: its document under another id, every card and hero renamed
    ("Soldado" → "Soldado de Valerna"), not marked training."""
    doc = copy.deepcopy(training_document())
    doc.update(id="valerna-test", name="Valerna test pack", training=False, official=False)
    doc["entries"]["training_values"] = []
    for kind in ("heroes", "units", "equipment", "tactics"):
        for e in doc["entries"][kind]:
            e["name"] += " de Valerna"
    return doc
