"""How good a position is for the practice opponent (``engine.core.practice.Evaluates``): battles won decide the
series (§15); a battle is won by wounding the enemy hero to its life or lost by running out of cards (§14), so in a
battle the evaluation weighs the heroes' life left, the cards left to refill the hand (the deck "decimated" by every
deployment, §13) and the units on the front line that will hit and shield."""
from __future__ import annotations

import math

from engine.core.system import JSON
from engine.tambores.state import card_id

BATTLE = 6.0
HERO_LIFE = 4.0
"""The whole of the hero's life (its fraction left counts)."""
CARD = 0.12
"""A card in hand, deck or discard: one more refill before running out."""
UNIT = 0.15
"""Per point of attack, defence and life left of a unit on the front line."""
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
        for slot in p["slots"]:
            if slot is None:
                continue
            unit = units.get(card_id(slot["card"])) or {}
            value += UNIT * (unit.get("attack", 1) + unit.get("defence", 1) + unit.get("life", 1) - slot["wounds"]
                             + len(slot.get("attached", ())))
        return value
    rivals = [standing(s) for s in state["seats"] if s != seat]
    return math.tanh((standing(seat) - max(rivals, default=0.0)) / SCALE)
