"""A tiny real game used only by the tests to drive the game-agnostic table: Nim.

Players take 1 to 3 stones in turn; whoever takes the last stone wins. The first player
is chosen by a die roll, so the match log has draws to verify. Loaded through the
``GAME_PLUGINS=tests.support.nim`` setting; it is never offered to real users.
"""
from __future__ import annotations

from engine.core.errors import IllegalAction, InvalidInput
from engine.core.system import JSON, Outcome, SystemInfo, announce, register


class Nim:
    """Nim with 15 stones."""

    info = SystemInfo("nim", "Nim (test game)", ("first", "second"), aliases=("testnim",))

    def setup(self, options: JSON, seats: tuple[str, ...], rng) -> JSON:
        return {"stones": int(options.get("stones", 15)), "seats": list(seats),
                "turn": seats[rng.randbelow(2)], "winner": None}

    def legal_actions(self, state: JSON, seat: str) -> list[JSON]:
        if state["winner"] or state["turn"] != seat:
            return []
        return [{"type": "Take", "stones": n} for n in range(1, min(3, state["stones"]) + 1)]

    def apply(self, state: JSON, seat: str, action: JSON, rng) -> tuple[JSON, list[JSON]]:
        if action.get("type") != "Take":
            raise InvalidInput("core.unknown_action", example="take 2")
        if state["turn"] != seat:
            raise IllegalAction("core.not_your_turn", name=state["turn"])
        n = action.get("stones")
        if not isinstance(n, int) or not 1 <= n <= min(3, state["stones"]):
            raise IllegalAction("nim.bad_take", left=state["stones"])
        left = state["stones"] - n
        other = next(s for s in state["seats"] if s != seat)
        new = {**state, "stones": left, "turn": other, "winner": seat if left == 0 else None}
        return new, [{"type": "StonesTaken", "seat": seat, "stones": n, "left": left}]

    def view(self, state: JSON, seat: str | None) -> JSON:
        return dict(state)

    def outcome(self, state: JSON) -> Outcome | None:
        return Outcome(state["winner"]) if state["winner"] else None

    def describe(self, state: JSON) -> list[tuple[str, str]]:
        return [("Stones left", str(state["stones"])), ("To play", state["turn"])]


register(Nim())
# A game only listed, never playable: the tests of a game "not available yet" need no real game to stay unfinished.
announce(SystemInfo("tafl", "Hnefatafl (test game, listed only)", ("attackers", "defenders")))
