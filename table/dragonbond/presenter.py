"""Dragonbond at the table: its ``/db`` commands, words and battlefield image, for the generic ``GameTable``.

Moving without a tape: a move's ``to`` autocompletes the named destinations the engine offers (``toward
Eldai Alarn (B1) (as far as possible) (14.2, 20.5) · 7.9"``) and also takes any point typed ``x,y`` in
inches; the engine measures it and refuses a move too long with the distance ("That move needs 11.4" and the
unit may move 8.0""), changing nothing. ``/db measure`` gives the distance edge to edge between two units or
points, and line of sight between two units, to the asker only.
"""
from __future__ import annotations

import functools
import re
from typing import Any, Mapping, Sequence

from engine.core.errors import InvalidInput
from render.dragonbond.battlefield import FieldWords, render
from table.commands import CommandSpec, Option
from table.i18n import message
from table.presenter import InfoCommand, Scene, embed_alt_text, with_result
from table.reply import Embed, Reply
from table.dragonbond.text import (
    Names, action_label, combat_embeds, coverage_reply, dest_label, event_line, hand_embed, inches, measure_embed,
    panel_embed, point, result_embed, step_text,
)

JSON = dict[str, Any]
BOARD_WIDTH = 1280
DECISIONS = ("OpportunityAttack", "ShootTarget", "DangerTarget", "GiantTarget", "ChooseEntryEdge", "TakeCommand",
             "Mount", "ActivatePartner", "EndTurn", "Decline", "RemoveModel")
"""Answers to an open decision (``view["pending"]``), all offered by ``/db decide``."""
UNIT_KEYS = ("unit", "target", "hero", "mount")
_NUMBER = r"-?\d+(?:\.\d+)?"
_POINT = re.compile(rf"^\s*[\[(]?\s*({_NUMBER})\s*[,;\s]\s*({_NUMBER})\s*[\])]?\s*$")


def _unit(description: str = "Your unit", name: str = "unit") -> Option:
    return Option(name, description, autocomplete=True)


def _to(description: str = "Where (x,y in inches, or a place offered)", required: bool = True) -> Option:
    return Option("to", description, required=required, autocomplete=True)


def _reason() -> Option:
    return Option("reason", "Why (logged)", required=False)


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("march", "March a unit up to its Speed", ("March",), (_unit(), _to()), example="unit:A2 to:24.5,10"),
    CommandSpec("shoot", "Shoot: move up to half Speed, then shoot", ("Shoot",),
                (_unit(), _to("Where to move first (x,y; none: stay)", required=False)), example="unit:A2"),
    CommandSpec("attack", "Attack an enemy (melee if engaged, or ranged)", ("Attack",),
                (_unit(), Option("target", "An enemy unit", autocomplete=True),
                 Option("kind", "melee or ranged", required=False, choices=("melee", "ranged"))),
                example="unit:A3 target:B2"),
    CommandSpec("charge", "Charge an enemy in sight", ("Charge",),
                (_unit(), Option("target", "An enemy unit", autocomplete=True)), example="unit:A3 target:B4"),
    CommandSpec("power", "Use a unit's power", ("ActivatePower", "UsePower"),
                (_unit(), Option("power", "The power", autocomplete=True),
                 Option("target", "Its target, if any", required=False, autocomplete=True)),
                example="unit:B1 power:ejemplo-heridas target:A2"),
    CommandSpec("card", "Play a Vaala or Command card from your hand", ("PlayCard",),
                (Option("card", "A card in your hand", autocomplete=True),
                 Option("unit", "The unit it is for", required=False),
                 Option("target", "Its target", required=False),
                 Option("note", "How its text was settled", required=False, max=300))),
    CommandSpec("pass", "Pass the turn", ("Pass",)),
    CommandSpec("wait", "Round 1: a reserve unit waits", ("Wait",), (_unit(),)),
    CommandSpec("decide", "Answer the open decision", DECISIONS),
    CommandSpec("hero", "Before activating: a Hero leaves its unit or dismounts", ("AbandonCommand", "Dismount")),
    CommandSpec("setup", "Before the battle: scenario, size, force, monsters, edge",
                ("ChooseScenario", "ChooseSize", "ChooseForce", "PlaceMonster", "ChooseEdge")),
    CommandSpec("deploy", "Deploy a unit in your zone", ("Deploy",),
                (_unit(), _to("Where (x,y in your zone)"),
                 Option("formation", "Ranks (default) or a line, facing the enemy", required=False,
                        choices=("ranks", "line"), default="ranks")),
                example="unit:A1 to:12,3 formation:line"),
    CommandSpec("reserve", "Put your remaining units in reserve", ("Reserve",)),
    CommandSpec("measure", "Distance and line of sight (only you see it)", query=True,
                options=(Option("a", "A unit (A1) or a point x,y", autocomplete=True),
                         Option("b", "A unit or a point x,y", autocomplete=True)), example="a:A2 b:B1"),
    CommandSpec("ref wounds", "Add (or remove) wounds", fixed={"type": "AdjustWounds"}, free=True,
                options=(_unit("Any unit"), Option("delta", "Wounds (negative: remove)", int, min=-20, max=20),
                         _reason())),
    CommandSpec("ref fatigue", "Add (or remove) fatigue", fixed={"type": "AdjustFatigue"}, free=True,
                options=(_unit("Any unit"), Option("delta", "Fatigue (negative: remove)", int, min=-3, max=3))),
    CommandSpec("ref state", "Add (or remove) poison, slowed, immobilized", fixed={"type": "AdjustState"},
                free=True, options=(_unit("Any unit"),
                                    Option("state", "The status", choices=("poison", "slowed", "immobilized")),
                                    Option("delta", "Markers (negative: remove)", int, min=-10, max=10))),
    CommandSpec("ref heal", "Heal wounds", fixed={"type": "Heal"}, free=True,
                options=(_unit("Any unit"), Option("wounds", "Wounds healed", int, min=0, max=20))),
    CommandSpec("ref vp", "Add (or remove) victory points", fixed={"type": "AdjustVP"}, free=True,
                options=(Option("seat", "Whose", autocomplete=True),
                         Option("delta", "Points (negative: remove)", int, min=-50, max=50))),
    CommandSpec("ref place", "Put a unit at a point", fixed={"type": "SetPosition"}, free=True,
                options=(_unit("Any unit"), Option("to", "x,y in inches"))),
    CommandSpec("ref note", "Log how a text was settled", fixed={"type": "RefereeNote"}, free=True,
                options=(Option("text", "What was settled", min=1, max=500),)),
)
"""Every ``/db`` command besides the generic ones (``do``, ``board``, ``undo``, ``hand``)."""


def parse_point(value: Any) -> list[float] | None:
    """``24.5,10``, ``24.5 10``, ``(24.5, 10)`` or ``[24.5, 10.0]`` as ``[24.5, 10.0]``; None if not a point."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        try:
            return [float(value[0]), float(value[1])]
        except (TypeError, ValueError):
            return None
    found = _POINT.match(str(value))
    return [float(found[1]), float(found[2])] if found else None


@functools.cache
def field_words(lang: str) -> FieldWords:
    """The words drawn on the battlefield image in one language (``db.table.board.<field>``)."""
    import dataclasses

    return FieldWords(**{f.name: message(f"db.table.board.{f.name}", lang) for f in dataclasses.fields(FieldWords)})


class DragonbondPresenter:
    """Dragonbond: Batallas de Valerna, presented."""

    game = "dragonbond"
    command = "db"
    description = "Play Dragonbond in this match thread"
    commands = COMMANDS
    groups = {"ref": "Referee: settle a power's or card's text (logged)"}
    info_commands = (InfoCommand("coverage", "Which powers and cards the bot applies by itself (N of M)",
                                 lambda lang: coverage_reply(lang)),)
    private_command = "hand"
    private_fields = ("card",)
    always_offered = ("Pass", "Reserve", "Decline", "EndTurn")

    @staticmethod
    def names(scene: Scene) -> Names:
        names = scene.memo.get("names")
        if names is None:
            names = scene.memo["names"] = Names(scene.view, scene.players, lang=scene.lang)
        return names

    def step(self, scene: Scene) -> str:
        return step_text(scene.view, lang=scene.lang)

    def action_label(self, scene: Scene, action: JSON, *, short: bool = False) -> str:
        return action_label(action, self.names(scene), short=short)

    def value_label(self, scene: Scene, action: JSON, key: str) -> str:
        names = self.names(scene)
        value = action[key]
        if key in UNIT_KEYS:
            label = names.unit(value)
            other = action.get("unit") if key == "target" else None
            gap = names.gap(other, value) if other else None
            return (label + (f" · {inches(gap)}" if gap is not None else ""))[:100]
        if key == "to":
            if action["type"] == "Deploy":
                return point(value)
            return dest_label(action, names)[:100]
        if key in ("power", "card"):
            return f"{names.thing(value)} ({value})"[:100]
        return action_label(action, names)

    def resolve(self, scene: Scene, key: str, value: Any) -> Any:
        """Units by id, code or name; points typed ``x,y``; powers and cards by id or name.

        :raises InvalidInput: db.table.unknown_unit, db.table.bad_point
        """
        text = str(value).strip()
        if key in UNIT_KEYS:
            return self._unit_id(scene, text)
        if key == "to":
            p = parse_point(value)
            if p is None:
                raise InvalidInput("db.table.bad_point", value=text, example="24.5,10")
            return p
        if key in ("power", "card"):
            names = self.names(scene)
            wanted = text.lower()
            for pid in names.texts:
                if wanted in (pid.lower(), names.thing(pid).lower()):
                    return pid
            return text
        if key == "seat":
            for seat in scene.view.get("seats") or ():
                if text.lower() in (seat, scene.players.get(seat, "").lower()):
                    return seat
        if key == "kind":
            return text.lower()
        return text

    def _unit_id(self, scene: Scene, text: str) -> str:
        units = scene.view.get("units") or []
        wanted = text.lower()
        exact = [u for u in units if wanted in (u["id"].lower(), u["code"].lower(), u["name"].lower(),
                                                f"{u['name']} ({u['code']})".lower())]
        if not exact:
            exact = [u for u in units if u["name"].lower().startswith(wanted)] if wanted else []
        if len(exact) != 1:
            raise InvalidInput("db.table.unknown_unit", unit=text, example=units[0]["code"] if units else "A1")
        return exact[0]["id"]

    def values(self, scene: Scene, key: str) -> list[tuple[str, str]]:
        """Units in play, for the referee and measure commands (``a``/``b``: those on the table); the players."""
        names = self.names(scene)
        units = [u for u in scene.view.get("units") or () if u.get("where") not in ("destroyed", "undeployed")]
        if key in ("a", "b"):
            return [(names.unit(u["id"]) + f" {point((u['x'], u['y']))}", u["id"]) for u in units
                    if u.get("x") is not None]
        if key == "unit":
            return [(names.unit(u["id"]), u["id"]) for u in units]
        if key == "seat":  # a player, by name
            return [(names.seat(s), s) for s in scene.view.get("seats") or ()]
        return []

    def query(self, scene: Scene, name: str, values: Mapping[str, Any]) -> Reply:
        """``/db measure a b``: edge to edge between two units or points, and sight between two units.

        :raises InvalidInput: db.table.unknown_unit, db.bad_point, db.unknown_unit
        """
        from engine.dragonbond.board import measure

        names = self.names(scene)
        ends = []
        for key in ("a", "b"):
            raw = values.get(key)
            p = parse_point(raw)
            ends.append(p if p is not None else self._unit_id(scene, str(raw or "")))
        # The view's units carry what a measurement reads (position, base, side, keywords, mount).
        table = {"units": {u["id"]: u for u in scene.view.get("units") or ()}, "field": scene.view["field"]}
        found = measure(table, ends[0], ends[1])
        labels = [point(e) if isinstance(e, list) else names.unit(e) for e in ends]
        return Reply(embeds=[measure_embed(names, labels[0], labels[1], found["distance"],
                                           found.get("line_of_sight"))], ephemeral=True)

    def event_lines(self, scene: Scene, events: Sequence[JSON]) -> list[str]:
        names = self.names(scene)
        return [line for e in events for line in [event_line(e, names)] if line]

    def embeds(self, scene: Scene, events: Sequence[JSON]) -> list[Embed]:
        return combat_embeds(events, self.names(scene))

    def panel(self, scene: Scene, mentions: Mapping[str, int], image: str | None) -> Embed:
        return panel_embed(scene.view, self.names(scene), match_id=scene.match_id, image=image, mentions=mentions)

    def result(self, scene: Scene, outcome: Mapping[str, Any] | None, seed: str | None) -> Embed:
        return result_embed(scene.view, self.names(scene), outcome, seed)

    def board_description(self, scene: Scene, events: Sequence[JSON], outcome: Mapping[str, Any] | None) -> str:
        """The board's alt text: whose turn and the step (or the result), what just happened, each side's
        score and pieces (the panel's words, or the result's)."""
        names = self.names(scene)
        embed = (result_embed(scene.view, names, outcome, None) if outcome is not None
                 else panel_embed(scene.view, names, match_id=scene.match_id, image=None, mentions={}))
        return embed_alt_text(embed, self.event_lines(scene, events))

    def board(self, scene: Scene, events: Sequence[JSON]) -> bytes | None:
        if not scene.view.get("field"):
            return None
        png = render(scene.view, list(events), width=BOARD_WIDTH, words=field_words(scene.lang), names=scene.players)
        if scene.outcome is not None:  # the last board: the result drawn above it
            png = with_result(png, self.result(scene, scene.outcome, None), self.game)
        return png

    def private_label(self, lang: str) -> str:
        return message("db.table.hand_button", lang)

    def private_view(self, scene: Scene) -> Embed:
        return hand_embed(scene.view, str(scene.viewer), self.names(scene))
