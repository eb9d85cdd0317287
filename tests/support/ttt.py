"""A small test-only game that exercises the generic table: noughts and crosses with a hidden card.

Loaded only through ``GAME_PLUGINS=tests.support.ttt``: no generic file names it. It registers its
rules (a ``GameSystem``) and its presentation (a ``Presenter``) and ships its own messages.

The rules: a square board (5×5 unless ``options["size"]`` says otherwise); players mark empty cells
in turn, and the first with ``line`` marks in a row (4 by default), across, down or diagonally,
wins; a full board is a draw. At the start each player is dealt one secret card, face down:
*erase* (remove one of the opponent's marks) or *block* (put a block in an empty cell). Playing the
card takes a turn and reveals it. Who goes first is rolled, so the log has a draw to verify.
"""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Mapping, Sequence

from PIL import Image, ImageDraw

from engine.core.errors import IllegalAction, InvalidInput
from engine.core.system import JSON, Outcome, SystemInfo, register
from table.commands import CommandSpec, Option
from table.i18n import add_catalogue, message
from table.presenter import InfoCommand, Scene, register_presenter
from table.reply import Embed, Field, Reply

SEATS = ("cross", "nought")
MARKS = {"cross": "X", "nought": "O"}
CARDS = ("erase", "block")


def cell_name(row: int, col: int) -> str:
    """``a1`` is the top-left cell; letters are columns, numbers rows."""
    return f"{chr(ord('a') + col)}{row + 1}"


def cells(size: int) -> list[str]:
    return [cell_name(r, c) for r in range(size) for c in range(size)]


class NoughtsAndCrosses:
    """The rules, as pure functions of a JSON state."""

    info = SystemInfo("ttt", "Noughts and crosses (test game)", SEATS, aliases=("noughts",))

    def setup(self, options: JSON, seats: tuple[str, ...], rng) -> JSON:
        size = int(options.get("size", 5))
        if not 3 <= size <= 8:
            raise InvalidInput("ttt.bad_size", size=size)
        hands = {seat: [CARDS[rng.randbelow(len(CARDS))]] for seat in seats}
        return {"size": size, "line": min(int(options.get("line", 4)), size), "board": {}, "seats": list(seats),
                "turn": seats[rng.randbelow(2)], "hands": hands, "played": {}, "winner": None, "over": False,
                "told": []}

    def legal_actions(self, state: JSON, seat: str) -> list[JSON]:
        if state["over"] or state["turn"] != seat:
            return []
        empty = [c for c in cells(state["size"]) if c not in state["board"]]
        out: list[JSON] = [{"type": "Mark", "cell": c} for c in empty]
        for card in state["hands"][seat]:
            targets = empty if card == "block" else [c for c, m in state["board"].items()
                                                     if m not in (seat, "block")]
            out += [{"type": "PlayCard", "card": card, "cell": c} for c in sorted(targets)]
        return out

    def apply(self, state: JSON, seat: str, action: JSON, rng) -> tuple[JSON, list[JSON]]:
        if state["over"]:
            raise IllegalAction("ttt.over")
        kind = action.get("type")
        if kind == "Clear":  # a referee command: either player, any time, the turn does not pass
            if action.get("cell") not in cells(state["size"]):
                raise InvalidInput("ttt.no_such_cell", cell=str(action.get("cell")), example="a1")
            board = {c: m for c, m in state["board"].items() if c != action["cell"]}
            return {**state, "board": board}, [{"type": "Cleared", "seat": seat, "cell": action["cell"]}]
        if state["turn"] != seat:
            raise IllegalAction("ttt.not_your_turn", name=state["turn"], step="")
        if kind not in ("Mark", "PlayCard"):
            raise InvalidInput("ttt.unknown_action", action=str(kind))
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("ttt.illegal", cell=str(action.get("cell")))
        board = dict(state["board"])
        hands = {s: list(h) for s, h in state["hands"].items()}
        events: list[JSON] = []
        if seat not in state["told"]:  # a player is told their card, privately, on their first turn
            events.append({"type": "CardDealt", "seat": seat, "card": hands[seat][0], "visible_to": [seat]})
        if kind == "Mark":
            board[action["cell"]] = seat
            events.append({"type": "Marked", "seat": seat, "cell": action["cell"]})
        else:
            hands[seat].remove(action["card"])
            events.append({"type": "CardPlayed", "seat": seat, "card": action["card"], "cell": action["cell"]})
            if action["card"] == "erase":
                del board[action["cell"]]
            else:
                board[action["cell"]] = "block"
        other = next(s for s in state["seats"] if s != seat)
        new = {**state, "board": board, "hands": hands, "turn": other, "told": sorted({*state["told"], seat})}
        if self._line(new, seat):
            new.update(winner=seat, over=True)
            events.append({"type": "Won", "seat": seat})
        elif len(board) == new["size"] ** 2:
            new.update(over=True)
            events.append({"type": "Drawn"})
        return new, events

    def redeal(self, state: JSON, seat: str, rng) -> JSON:
        """``seat``'s card, while it is unplayed, dealt again (the engine's ``Secrets``)."""
        hand = [CARDS[rng.randbelow(len(CARDS))] for _ in state["hands"][seat]]
        return {**state, "hands": {**state["hands"], seat: hand}}

    @staticmethod
    def _line(state: JSON, seat: str) -> bool:
        """``line`` of ``seat``'s marks in a row, across, down or diagonally."""
        size, need, board = state["size"], state["line"], state["board"]
        for r in range(size):
            for c in range(size):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    run = [(r + i * dr, c + i * dc) for i in range(need)]
                    if all(0 <= y < size and 0 <= x < size and board.get(cell_name(y, x)) == seat for y, x in run):
                        return True
        return False

    def view(self, state: JSON, seat: str | None) -> JSON:
        out = {**state, "awaiting": [] if state["over"] else [state["turn"]]}
        out["hands"] = {s: (list(h) if s == seat else len(h)) for s, h in state["hands"].items()}
        return out

    def outcome(self, state: JSON) -> Outcome | None:
        if not state["over"]:
            return None
        return Outcome(state["winner"], "line" if state["winner"] else "full board")


class NoughtsAndCrossesPresenter:
    """Its presentation: plain words, a drawn grid."""

    game = "ttt"
    command = "ttt"
    description = "Play noughts and crosses (test game)"
    commands = (
        CommandSpec("mark", "Mark an empty cell", ("Mark",), (Option("cell", "An empty cell", autocomplete=True),),
                    example="cell:c3"),
        CommandSpec("play", "Play your secret card on a cell", ("PlayCard",),
                    (Option("card", "Your card", autocomplete=True), Option("cell", "The cell", autocomplete=True)),
                    example="card:erase cell:b2"),
        CommandSpec("ref clear", "Referee: clear a cell", fixed={"type": "Clear"}, free=True,
                    options=(Option("cell", "Any cell", autocomplete=True),)),
        CommandSpec("look", "Who marked a cell (changes nothing)", query=True,
                    options=(Option("cell", "Any cell", autocomplete=True),), example="cell:b2"),
    )
    groups = {"ref": "Referee commands"}
    info_commands = (InfoCommand("rules", "The rules in one line",
                                 lambda lang: Reply(content=message("ttt.rules", lang), ephemeral=True)),)
    private_command = "hand"
    private_fields = ("card",)
    always_offered = ()

    def step(self, scene: Scene) -> str:
        return message("ttt.step", scene.lang, line=scene.view["line"])

    def action_label(self, scene: Scene, action: JSON, *, short: bool = False) -> str:
        if action["type"] == "PlayCard":
            return message("ttt.label.card", scene.lang, card=action["card"], cell=action["cell"])
        return message("ttt.label.mark", scene.lang, cell=action.get("cell"))

    def value_label(self, scene: Scene, action: JSON, key: str) -> str:
        return str(action[key])

    def resolve(self, scene: Scene, key: str, value: Any) -> Any:
        text = str(value).strip().lower()
        if key == "cell" and text not in cells(scene.view["size"]):
            raise InvalidInput("ttt.no_such_cell", cell=text, example=cell_name(0, 0))
        return text

    def values(self, scene: Scene, key: str) -> list[tuple[str, str]]:
        return [(c, c) for c in cells(scene.view["size"])] if key == "cell" else []

    def query(self, scene: Scene, name: str, values: Mapping[str, Any]) -> Reply:
        cell = self.resolve(scene, "cell", values.get("cell", ""))
        mark = scene.view["board"].get(cell)
        return Reply(content=message("ttt.look", scene.lang, cell=cell,
                                     mark=scene.players.get(mark, mark) if mark else "—"))

    def event_lines(self, scene: Scene, events: Sequence[JSON]) -> list[str]:
        lines = []
        for e in events:
            who = scene.players.get(e.get("seat", ""), e.get("seat", ""))
            lines.append(message(f"ttt.event.{e['type']}", scene.lang, player=who, cell=e.get("cell"),
                                 card=e.get("card")))
        return lines

    def embeds(self, scene: Scene, events: Sequence[JSON]) -> list[Embed]:
        return []

    def panel(self, scene: Scene, mentions: Mapping[str, int], image: str | None) -> Embed:
        view = scene.view
        turn = view["turn"]
        fields = [Field(f"{MARKS[s]} {scene.players.get(s, s)}",
                        message("ttt.panel.cards", scene.lang, count=view["hands"][s] if isinstance(
                            view["hands"][s], int) else len(view["hands"][s])))
                  for s in view["seats"]]
        return Embed(title=message("ttt.panel.title", scene.lang, size=view["size"]),
                     description=message("ttt.panel.turn", scene.lang, player=f"<@{mentions[turn]}>"),
                     fields=fields, image=image, footer=f"match {scene.match_id}")

    def result(self, scene: Scene, outcome: Mapping[str, Any] | None, seed: str | None) -> Embed:
        winner = (outcome or {}).get("winner")
        title = (message("ttt.result.won", scene.lang, player=scene.players.get(winner, winner)) if winner
                 else message("ttt.result.draw", scene.lang))
        return Embed(title=title, footer=f"dice seed {seed}" if seed else "")

    def board(self, scene: Scene, events: Sequence[JSON]) -> bytes | None:
        view, cell = scene.view, 60
        size = view["size"] * cell
        image = Image.new("RGB", (size + 1, size + 1), "white")
        draw = ImageDraw.Draw(image)
        for i in range(view["size"] + 1):
            draw.line((0, i * cell, size, i * cell), fill="black")
            draw.line((i * cell, 0, i * cell, size), fill="black")
        last = next((e.get("cell") for e in reversed(events) if e.get("cell")), None)
        for r in range(view["size"]):
            for c in range(view["size"]):
                name, box = cell_name(r, c), (c * cell + 8, r * cell + 8, c * cell + cell - 8, r * cell + cell - 8)
                mark = view["board"].get(name)
                if name == last:
                    draw.rectangle((c * cell + 2, r * cell + 2, c * cell + cell - 2, r * cell + cell - 2),
                                   outline="orange", width=3)
                if mark == "cross":
                    draw.line(box, fill="#3b7dd8", width=5)
                    draw.line((box[0], box[3], box[2], box[1]), fill="#3b7dd8", width=5)
                elif mark == "nought":
                    draw.ellipse(box, outline="#d8463b", width=5)
                elif mark == "block":
                    draw.rectangle(box, fill="#555555")
                else:
                    draw.text((c * cell + 4, r * cell + 4), name, fill="#999999")
        out = io.BytesIO()
        image.save(out, "PNG")
        return out.getvalue()

    def private_label(self, lang: str) -> str:
        return message("ttt.hand_button", lang)

    def private_view(self, scene: Scene) -> Embed:
        hand = scene.view["hands"].get(scene.viewer) or []
        return Embed(title=message("ttt.hand_title", scene.lang),
                     description=", ".join(hand) if hand else message("ttt.hand_empty", scene.lang))


add_catalogue(Path(__file__).parent / "i18n")
register(NoughtsAndCrosses())
register_presenter(NoughtsAndCrossesPresenter())
