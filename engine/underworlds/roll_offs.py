"""Roll-offs (§10.1; three or four players: seed 000 lines 1564-1571): every roll is logged as a ``RollOff`` event.

Setup, the action phase and the steps where abilities or reactions need an order (``flow``) roll off here; this
module needs only the dice, so each of them can import it.
"""
from __future__ import annotations

from typing import Any, Protocol

from engine.core.dice import get_die, roll
from engine.core.rng import Rng
from engine.underworlds.dice import roll_off as read_roll_off
from engine.underworlds.dice import roll_off_key
from engine.underworlds.state import State

ROLL_OFF_DICE = 4
"""Dice each player rolls in a roll-off (§10.1)."""


class Rolling(Protocol):
    """What a roll-off needs of the match driver's ``Ctx``: the state, the random source, the event log."""

    st: State
    rng: Rng

    def emit(self, type_: str, **fields: Any) -> Any: ...


def roll_off(ctx: Rolling, why: str, bonus: str | None = None, seats: list[str] | None = None) -> str:
    """The players roll four dice until one wins; ``bonus`` adds one crit to that player (§10.1). With three or
    four players, those tied for the best roll again (seed 000 line 1571)."""
    die = get_die("underworlds", "attack")
    rolling = list(seats or ctx.st.in_play())
    while True:
        rolls = {s: roll(ctx.rng, die, ROLL_OFF_DICE) for s in rolling}
        scored = [rolls[s] + (["critical"] if s == bonus else []) for s in rolling]
        winner = read_roll_off(scored)
        ctx.emit("RollOff", why=why, rolls=rolls, bonus=bonus,
                 winner=rolling[winner] if winner is not None else None)
        if winner is not None:
            return rolling[winner]
        best = max(roll_off_key(faces) for faces in scored)
        rolling = [s for s, faces in zip(rolling, scored) if roll_off_key(faces) == best]


def roll_off_loser(ctx: Rolling, why: str, seats: list[str]) -> str:
    """Three or four players: the roll-off's loser (seed 000 lines 1564-1571): fewest crits, then fewest double
    supports, then fewest single supports (the symbols are lost: digest §10.1 and §27); still tied, the tied roll
    again. A single player left is the loser without a roll."""
    die = get_die("underworlds", "attack")
    rolling = list(seats)
    while len(rolling) > 1:
        rolls = {s: roll(ctx.rng, die, ROLL_OFF_DICE) for s in rolling}
        keys = {s: roll_off_key(rolls[s]) for s in rolling}
        worst = [s for s in rolling if keys[s] == min(keys.values())]
        ctx.emit("RollOff", why=why, rolls=rolls, loser=worst[0] if len(worst) == 1 else None)
        rolling = worst
    return rolling[0]
