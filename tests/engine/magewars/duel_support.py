"""A full-game duel brought to player1's first action turn, for the card, mage and example tests."""
from __future__ import annotations

from engine.core.rng import SeededRng
from engine.magewars.system import SYSTEM

SEATS = ("player1", "player2")


def initiative_taken(s, rng):
    """The state after the roll-off's high roller took the initiative itself (seed 001 l.261): round 1 begun."""
    if s.get("step") != "initiative":
        return s
    s, _ = SYSTEM.apply(s, s["roller"], {"type": "ChooseInitiative", "holder": s["roller"]}, rng)
    return s


def duel_at_turn(mages: dict[str, str], spells=(), seed: bytes = b"a" * 32, windows: bool = False):
    """A full duel with these mages at player1's action turn, ``spells`` prepared for player1 (planning skipped).
    ``windows`` False: the other player is never asked inside an action (the defaults of combat.py and
    casting.py stand); the windows themselves are tested in test_windows.py."""
    rng = SeededRng(seed)
    s = SYSTEM.setup({"mode": "full", "mages": mages, "windows": windows}, SEATS, rng)
    while s["step"] != "plan":
        seat = SYSTEM.awaiting(s)[0]
        s, _ = SYSTEM.apply(s, seat, SYSTEM.legal_actions(s, seat)[0], rng)
    for seat in SEATS:
        s, _ = SYSTEM.apply(s, seat, {"type": "Prepare", "spells": [], "assign": {}}, rng)
    s["planned"]["player1"] = list(spells)
    s["step"], s["turn"] = "turn", "player1"
    return s, rng


def plan(s, seat, spells=(), assign=None, rng=None):
    """``seat``'s plan made as a player makes it (planning.py): each spell with ``PlanSpell``, then each caster's
    with ``Assign`` (``assign`` {caster: spell}; a caster left out gets none), then ``Prepare``; the new state."""
    rng = rng or SeededRng(b"p" * 32)
    assign = dict(assign or {})
    for name in spells:
        s, _ = SYSTEM.apply(s, seat, {"type": "PlanSpell", "spell": name}, rng)
    while True:
        offered = SYSTEM.legal_actions(s, seat)
        if any(a["type"] == "Prepare" for a in offered):
            s, _ = SYSTEM.apply(s, seat, next(a for a in offered if a["type"] == "Prepare"), rng)
            return s
        if any(a["type"] == "PlanSpell" for a in offered):
            s, _ = SYSTEM.apply(s, seat, {"type": "PlanSpell", "spell": None}, rng)
            continue
        caster = next(a["caster"] for a in offered if a["type"] == "Assign")
        s, _ = SYSTEM.apply(s, seat, {"type": "Assign", "caster": caster, "spell": assign.get(caster)}, rng)
