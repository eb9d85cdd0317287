"""Scatter X (§9.2): roll the scatter dice, the player orders them, the chain follows, the card applies.

The direction-to-symbol mapping printed on the scatter token is lost, so each scatter die is a uniform
d6 read through ``data/underworlds/scatter.json`` (digest §9.2 [recommendation]; ruling "Scatter roll").
Each die is one ``rng.randbelow(6)`` of the match RNG, so it is logged and replayable. The player who
played the card then puts the dice in order one at a time (``ScatterDie``), choosing only while two or
more different directions remain; the chain is ``battlefield.scatter_chain`` and the card's effect is
``effects.after_scatter``.
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from engine.core.errors import IllegalAction
from engine.underworlds import card_hooks, rules
from engine.underworlds.actions import Action, ScatterDie
from engine.underworlds.battlefield import scatter_chain
from engine.underworlds.fighters import DATA_DIR, InvalidDataFile
from engine.underworlds.flow import Ctx, bad_action, frame, open_window, pop, push
from engine.underworlds.hexgrid import Hex, HexDirection
from engine.underworlds.state import State

JSON = dict[str, Any]
SCATTER_FILE = DATA_DIR / "scatter.json"


@lru_cache(maxsize=1)
def scatter_directions() -> tuple[HexDirection, ...]:
    """The direction of each d6 result, 1 to 6 (index 0 is a roll of 1).

    :raises InvalidDataFile: uw.data.invalid (not the six results 1-6, or not six different directions)
    """
    data = json.loads(SCATTER_FILE.read_text(encoding="utf-8"))
    problems: list[str] = []
    by_roll: dict[int, HexDirection] = {}
    for entry in data.get("results", []):
        try:
            by_roll[int(entry["roll"])] = HexDirection[str(entry["direction"]).upper()]
        except (KeyError, TypeError, ValueError):
            problems.append(f"bad result {entry!r}")
    if sorted(by_roll) != [1, 2, 3, 4, 5, 6]:
        problems.append("the results must be the rolls 1 to 6")
    elif len(set(by_roll.values())) != 6:
        problems.append("the six results must be the six directions")
    if problems:
        raise InvalidDataFile("uw.data.invalid", file=str(SCATTER_FILE), problems=problems)
    return tuple(by_roll[r] for r in range(1, 7))


def start_scatter(ctx: Ctx, seat: str, card: str, origin: Hex, x: int, *, fighter: str | None = None,
                  after: JSON | None = None) -> None:
    """Scatter ``x`` from ``origin`` for ``seat``'s ``card`` (§9.2): roll now, order and resolve in the frame.

    ``fighter`` is the card's fighter (an upgrade's holder); ``after`` a reaction step ``{"tags", "wctx"}`` to
    open once the card has resolved (the ploy's "power_card" step).
    """
    table = scatter_directions()
    dice = [ctx.rng.randbelow(6) for _ in range(max(0, x))]
    ctx.emit("ScatterRolled", player=seat, card=card, origin=str(origin), rolls=[d + 1 for d in dice],
             directions=[table[d].name.lower() for d in dice])
    push(ctx.st, "scatter", seat=seat, card=card, origin=str(origin), dice=dice, order=[], fighter=fighter,
         after=after)


def _remaining(fr: JSON) -> list[int]:
    return [i for i in range(len(fr["dice"])) if i not in fr["order"]]


def _choices(fr: JSON) -> list[int]:
    """One die per different direction still to place (the lowest-numbered); none when the rest is forced."""
    seen: dict[int, int] = {}
    for i in _remaining(fr):
        seen.setdefault(fr["dice"][i], i)
    return sorted(seen.values()) if len(seen) > 1 else []


def _run(ctx: Ctx, fr: JSON) -> bool:
    if _choices(fr):
        return False
    fr["order"] += _remaining(fr)
    st = ctx.st
    pop(st, fr)
    table = scatter_directions()
    directions = [table[fr["dice"][i]] for i in fr["order"]]
    chain = scatter_chain(rules.battlefield(st), Hex.parse(fr["origin"]), directions)
    ctx.emit("ScatterChainMade", player=fr["seat"], card=fr["card"], origin=fr["origin"],
             directions=[d.name.lower() for d in directions], hexes=[str(h) for h in chain.hexes],
             interrupted=chain.interrupted, final=str(chain.final) if chain.final else None)
    card_hooks.after_scatter(ctx, fr["seat"], fr["card"], chain, fr.get("fighter"))
    if fr.get("after"):
        open_window(ctx, fr["after"]["tags"], fr["after"]["wctx"])
    return True


def _awaiting(st: State, fr: JSON) -> list[str]:
    return [fr["seat"]] if _choices(fr) else []


def _legal(st: State, fr: JSON, seat: str) -> list[JSON]:
    return [{"type": "ScatterDie", "die": i} for i in _choices(fr)]


def _act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    if not isinstance(action, ScatterDie):
        raise bad_action(action, "scatter")
    if action.die not in _choices(fr):  # one die per direction is offered: its twins are the same choice
        raise IllegalAction("uw.scatter.no_such_die", die=action.die,
                            dice=", ".join(str(i) for i in _choices(fr)))
    fr["order"].append(action.die)
    ctx.emit("ScatterDieOrdered", player=seat, card=fr["card"], die=action.die,
             direction=scatter_directions()[fr["dice"][action.die]].name.lower())


frame("scatter", run=_run, awaiting=_awaiting, legal=_legal, act=_act)
