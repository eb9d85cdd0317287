"""How good a position is for the practice opponent (``engine.core.practice.Evaluates``): battles won decide the
series (§15); a battle is won by wounding the enemy hero to its life or lost by running out of cards (§14), so in a
battle the evaluation weighs the heroes' life left, the cards left to refill the hand (the deck "decimated" by every
deployment, §13) and the units on the front line that will hit and shield."""
from __future__ import annotations

import math

from engine.core.practice import Budget
from engine.core.system import JSON
from engine.tambores.state import card_id

BUDGETS = {
    "easy": Budget(iterations=12, seconds=0.3, depth=8),
    "normal": Budget(iterations=64, seconds=0.6, depth=8),
    "hard": Budget(iterations=192, seconds=1.8, depth=8),
}
"""Random play to past the combat: declarations show their worth only once both sides have declared (§11.3). Easy
too, with a dozen such continuations: greedy scoring at once beat a random player in 60% of 30 matches."""
BATTLE = 6.0
HERO_LIFE = 5.0
"""The whole of the hero's life (its fraction left counts)."""
CARD = 0.12
"""A card in hand, deck or discard: one more refill before running out."""
UNIT = 0.15
"""Per point of attack, defence and life left of a unit on the front line."""
THREAT = 0.6
"""The combat to come, read from the front lines (§11): a unit facing one it beats or that beats it, and the
attack of the units facing none against the enemy hero's defence (a wound on the hero when it reaches it)."""
SCALE = 4.0


def evaluate(state: JSON, seat: str) -> float:
    """The seat's standing ahead of the rival's, squashed to -1..1."""
    series = state.get("series") or {}
    players = state.get("players") or {}  # none yet while the armies are chosen
    catalogue = state.get("catalogue") or {}
    heroes, units = catalogue.get("heroes", {}), catalogue.get("units", {})

    def standing(s: str) -> float:
        value = BATTLE * sum(1 for r in series.get("results", []) if r.get("winner") == s)
        value += 0.5 * (series.get("points") or {}).get(s, 0)
        p = players.get(s)
        if p is None:
            return value
        life = (heroes.get(p.get("hero") or "") or {}).get("life") or 7
        value += HERO_LIFE * max(0, life - p["hero_wounds"]) / life
        cards = len(p["hand"]) + len(p["draw_deck"]) + len(p["discard"])
        value += CARD * cards - (1.5 if cards < 5 else 0.0)
        rival = next((players[o] for o in players if o != s), None)
        facing = rival["slots"] if rival else [None] * len(p["slots"])
        free = 0
        for slot, foe in zip(p["slots"], facing):
            if slot is None:
                continue
            unit = units.get(card_id(slot["card"])) or {}
            value += UNIT * (unit.get("attack", 1) + unit.get("defence", 1) + unit.get("life", 1) - slot["wounds"]
                             + len(slot.get("attached", ())))
            if foe is None:
                free += unit.get("attack", 1)
                continue
            other = units.get(card_id(foe["card"])) or {}
            value += THREAT * ((unit.get("attack", 1) >= other.get("defence", 1))
                               - (other.get("attack", 1) >= unit.get("defence", 1)))
        if rival is not None and free:
            defence = (heroes.get(rival.get("hero") or "") or {}).get("defence") or 3
            value += THREAT * (2.0 if free >= defence else free / defence)
        return value
    rivals = [standing(s) for s in state["seats"] if s != seat]
    return math.tanh((standing(seat) - max(rivals, default=0.0)) / SCALE)
