"""A tiny real game used only by the tests to drive the game-agnostic table: Nim, for two to four players.

Players take 1 to 3 stones in turn, the turn passing to the next seat in seating order; whoever takes
the last stone wins. The first player is chosen by a die roll, so the match log has draws to verify.
Among three or four, a player who concedes is out (the ``concede`` hook of ``engine.core.system.Concedes``):
the turn skips their seat, and the last player left wins. Loaded through the
``GAME_PLUGINS=tests.support.nim`` setting; it is never offered to real users. Its presenter makes it
playable at the table (``/nim take stones:2``), so multiplayer matches run through the fake gateway.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from engine.core.errors import IllegalAction, InvalidInput
from engine.core.system import JSON, Outcome, SystemInfo, announce, register
from table.commands import CommandSpec, Option
from table.i18n import add_catalogue, message
from table.presenter import Scene, register_presenter
from table.reply import Embed, Field


class Nim:
    """Nim with 15 stones, for two to four players."""

    info = SystemInfo("nim", "Nim (test game)", ("first", "second", "third", "fourth"), aliases=("testnim",),
                      min_seats=2, max_seats=4)

    def setup(self, options: JSON, seats: tuple[str, ...], rng) -> JSON:
        return {"stones": int(options.get("stones", 15)), "seats": list(seats),
                "turn": seats[rng.randbelow(len(seats))], "winner": None, "out": []}

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
        new = {**state, "stones": left, "turn": self.next_seat(state, seat), "winner": seat if left == 0 else None}
        return new, [{"type": "StonesTaken", "seat": seat, "stones": n, "left": left}]

    @staticmethod
    def next_seat(state: JSON, seat: str, out: Sequence[str] | None = None) -> str:
        """The next seat in seating order still in the game."""
        out = state.get("out", []) if out is None else out
        seats = state["seats"]
        i = seats.index(seat)
        return next(s for s in seats[i + 1:] + seats[:i + 1] if s not in out)

    def concede(self, state: JSON, seat: str) -> JSON | Outcome:
        """``seat`` is out; the turn skips it, and the last player left wins."""
        if state["winner"] or seat in state.get("out", []):
            raise IllegalAction("nim.already_out")
        out = [*state.get("out", []), seat]
        left = [s for s in state["seats"] if s not in out]
        if len(left) == 1:
            return Outcome(left[0], "concede")
        turn = self.next_seat(state, seat, out) if state["turn"] == seat else state["turn"]
        return {**state, "out": out, "turn": turn}

    def view(self, state: JSON, seat: str | None) -> JSON:
        return {**state, "awaiting": [] if state["winner"] else [state["turn"]]}

    def outcome(self, state: JSON) -> Outcome | None:
        return Outcome(state["winner"]) if state["winner"] else None


class NimPresenter:
    """Nim at the table: one command, ``/nim take stones:<1-3>``, and a plain panel."""

    game = "nim"
    command = "nim"
    description = "Play Nim (test game)"
    commands = (CommandSpec("take", "Take 1 to 3 stones", ("Take",),
                            (Option("stones", "How many stones", kind=int, min=1, max=3),), example="stones:2"),)
    groups: Mapping[str, str] = {}
    info_commands = ()
    private_command = "view"
    private_fields = ()
    always_offered = ()

    def step(self, scene: Scene) -> str:
        return message("nim.step", scene.lang)

    def action_label(self, scene: Scene, action: JSON, *, short: bool = False) -> str:
        return message("nim.label.take", scene.lang, stones=action.get("stones"))

    def value_label(self, scene: Scene, action: JSON, key: str) -> str:
        return str(action[key])

    def resolve(self, scene: Scene, key: str, value: Any) -> Any:
        return value

    def values(self, scene: Scene, key: str) -> list[tuple[str, str]]:
        return []

    def event_lines(self, scene: Scene, events: Sequence[JSON]) -> list[str]:
        return [message("nim.event.StonesTaken", scene.lang, player=scene.players.get(e["seat"], e["seat"]),
                        stones=e["stones"], left=e["left"]) for e in events if e.get("type") == "StonesTaken"]

    def embeds(self, scene: Scene, events: Sequence[JSON]) -> list[Embed]:
        return []

    def panel(self, scene: Scene, mentions: Mapping[str, int], image: str | None) -> Embed:
        view = scene.view
        players = [message("nim.panel.out" if s in view["out"] else "nim.panel.in", scene.lang,
                           player=scene.players.get(s, s)) for s in view["seats"]]
        return Embed(title=message("nim.panel.title", scene.lang, stones=view["stones"]),
                     description=message("nim.panel.turn", scene.lang, player=f"<@{mentions[view['turn']]}>"),
                     fields=[Field(message("nim.panel.players", scene.lang), "\n".join(players))],
                     footer=f"match {scene.match_id}")

    def result(self, scene: Scene, outcome: Mapping[str, Any] | None, seed: str | None) -> Embed:
        winner = (outcome or {}).get("winner")
        title = (message("nim.result.won", scene.lang, player=scene.players.get(winner, winner)) if winner
                 else message("nim.result.none", scene.lang))
        return Embed(title=title, footer=f"dice seed {seed}" if seed else "")

    def board(self, scene: Scene, events: Sequence[JSON]) -> bytes | None:
        return None

    def private_label(self, lang: str) -> str:
        return message("nim.view_button", lang)

    def private_view(self, scene: Scene) -> Embed:
        return Embed(title=message("nim.view_title", scene.lang),
                     description=message("nim.panel.title", scene.lang, stones=scene.view["stones"]))


add_catalogue(Path(__file__).parent / "i18n")
register(Nim())
register_presenter(NimPresenter())
# A game only listed, never playable: the tests of a game "not available yet" need no real game to stay unfinished.
announce(SystemInfo("tafl", "Hnefatafl (test game, listed only)", ("attackers", "defenders")))
