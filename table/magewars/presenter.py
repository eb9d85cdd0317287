"""Mage Wars Arena at the table: its ``/mw`` commands, words, arena image and private view, for the generic
``GameTable``.

Secrets: the spells planned, the spellbook and face-down enchantments are shown only in the private view
(``/mw spells``) and in autocomplete, which only its player sees; an action naming a spell or an enchantment
(``private_fields``) never goes on a button. A quickcast window, and a reveal window inside another player's
action, is a ``Window`` (table/presenter.py): the table auto-passes a player with nothing to play after a
random delay, so the speed of a pass tells nothing. The defender's choice of defense (``/mw defend``) is asked only when it has one.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Mapping, Sequence

from engine.core.errors import InvalidInput
from render.magewars.arena import render_arena
from table.commands import CommandSpec, Option
from table.magewars.describe import pieces_in_play
from table.presenter import NO_BOARD, InfoCommand, Scene, Window, embed_alt_text, with_result
from table.reply import Embed
from table.magewars.text import (
    Names, action_label, arena_words, attack_embeds, coverage_reply, event_line, panel_embed, private_embed,
    step_text, text, victory_embed,
)

JSON = dict[str, Any]
DRAWN_VIEW = ("size", "objects", "barriers", "seats", "mages", "initiative", "round", "phase", "book_counts",
              "planned")
"""The parts of a view the arena picture reads (render/magewars/arena.py): the board key digests them."""
DRAWN_EVENTS = ("Moved", "Pushed", "Teleported", "AttackRolled", "DamageDealt")
"""The events the arena picture draws (arrows, the damage by the target)."""
WINDOWS = ("quickcast_first", "quickcast_final", "after_turn")
"""The steps that are quickcast windows: the seat awaited may cast a quick spell or reveal, or skip (§5.4)."""
ANSWERS = ("Cast", "Reveal", "Counter")
"""What a player may answer a window with; holding none of them, the window closes by itself."""
OBJECT_FIELDS = ("creature", "target", "object", "enchantment", "caster")


def _pick(name: str, description: str, *types: str, example: str = "") -> CommandSpec:
    return CommandSpec(name, description, types, example=example)


COMMANDS: tuple[CommandSpec, ...] = (
    _pick("setup", "Before the duel: choose the mode, your mage and spellbook (secret), or who takes the initiative",
          "ChooseMode", "ChooseMage", "ChooseInitiative"),
    _pick("plan", "Planning, one choice at a time: your first spell, your second, each familiar's (secret)",
          "PlanSpell", "Assign", "Prepare"),
    _pick("upkeep", "Upkeep: choose which upkeep costs to pay, and the order of a creature's effects",
          "Upkeep", "UpkeepOrder"),
    _pick("deploy", "Deployment: cast a spawnpoint's spell, or end your deployment", "Cast", "EndDeployment"),
    CommandSpec("activate", "Action turn: activate one of your ready creatures", ("Activate",),
                (Option("creature", "A ready creature of yours", autocomplete=True),), example="creature:Wa"),
    CommandSpec("move", "Move the active creature to an adjacent zone", ("Move",),
                (Option("to", "A zone it can reach", autocomplete=True),), example="to:B2"),
    CommandSpec("attack", "Attack with the active creature (kill and effect chances shown)", ("Attack",),
                (Option("target", "A target in range and in sight", autocomplete=True),
                 Option("attack", "Which attack", required=False, autocomplete=True)), example="target:Be attack:0"),
    _pick("cast", "Cast a prepared spell (only targets in range and in sight)", "Cast"),
    _pick("quickcast", "Quickcast window: cast a quick spell, or skip", "Cast", "Skip"),
    _pick("defend", "Attacked: choose your defense or none (a hidden Block paid or not), then counterstrike or not",
          "Defend", "Counterstrike"),
    _pick("respond", "A window in another player's action: reveal, counter the spell, or let it pass", "Reveal",
          "Counter", "Skip"),
    _pick("guard", "The active creature takes a guard marker", "Guard"),
    CommandSpec("reveal", "Reveal one of your face-down enchantments (pay its cost)", ("Reveal",),
                (Option("enchantment", "A face-down enchantment of yours", autocomplete=True),)),
    _pick("pass", "Pass your action turn, or skip a quickcast window", "Pass", "Skip"),
    _pick("end", "End the active creature's turn", "EndTurn"),
    _pick("push", "Choose the direction of a push or the zone of a teleport", "Push", "Teleport"),
    _pick("ability", "Use an ability of the active creature (a heal)", "UseAbility"),
    CommandSpec("ref adjust", "Set damage, mana, a marker or a condition by hand", fixed={"type": "Adjust"},
                free=True, options=(Option("object", "Any object", autocomplete=True),
                                    Option("field", "damage, mana, zone, guard, ready, quickcast or conditions.Burn"),
                                    Option("value", "The new value (a number, yes/no, a zone)")),
                example="object:Wa field:damage value:3"),
    CommandSpec("ref note", "Log how a card's text was settled", fixed={"type": "Note"}, free=True,
                options=(Option("text", "What was settled", min=1, max=300),)),
)
"""Every ``/mw`` command besides the generic ones (``do``, ``board``, ``undo``, ``spells``)."""


class MageWarsPresenter:
    """Mage Wars Arena, presented."""

    game = "magewars"
    command = "mw"
    description = "Play Mage Wars Arena in this match thread"
    commands = COMMANDS
    groups = {"ref": "Referee: settle a card's text by hand (logged)"}
    info_commands = (InfoCommand("coverage", "How many cards the bot referees by itself (N of M)",
                                 lambda lang: coverage_reply(lang)),)
    private_command = "spells"
    private_fields = ("spell", "spells", "enchantment", "mage", "book")
    always_offered = ("Pass", "Skip", "EndTurn", "EndDeployment", "Guard")

    @staticmethod
    def names(scene: Scene) -> Names:
        names = scene.memo.get("names")
        if names is None:
            names = scene.memo["names"] = Names(scene.view, scene.players, scene.lang)
        return names

    def step(self, scene: Scene) -> str:
        return step_text(scene.view, scene.lang)

    def action_label(self, scene: Scene, action: JSON, *, short: bool = False) -> str:
        label = action_label(action, self.names(scene), odds=not short)
        return label[:80] if short else label

    def value_label(self, scene: Scene, action: JSON, key: str) -> str:
        names = self.names(scene)
        value = action[key]
        if key in OBJECT_FIELDS:
            return names.obj(value, where=True)[:100]
        if key == "attack":
            return action_label(action, names)[:100]
        return str(value)

    def resolve(self, scene: Scene, key: str, value: Any) -> Any:
        """Objects by id, label or card name; zones in upper case; numbers and yes/no as such.

        :raises InvalidInput: mw.table.unknown_object
        """
        text_ = str(value).strip()
        if key in OBJECT_FIELDS:
            names = self.names(scene)
            wanted = text_.lower()
            found = [oid for oid in names.objects if wanted in (oid.lower(), names.labels.get(oid, "").lower())]
            if not found:
                found = [oid for oid, o in names.objects.items() if o.get("card") and
                         str(o["card"]).lower().startswith(wanted)]
            if len(found) != 1:
                raise InvalidInput("mw.table.unknown_object", object=text_,
                                   example=next(iter(names.labels.values()), "Wa"))
            return found[0]
        if key in ("to", "zone"):
            return text_.upper()
        if key in ("attack", "x"):
            if text_.lstrip("-").isdigit():
                return int(text_)
            raise InvalidInput("core.table.no_such_choice", choice=text_, count=0, command="/mw attack")
        if key == "value":
            if text_.lstrip("-").isdigit():
                return int(text_)
            if text_.lower() in ("yes", "true", "sí", "si"):
                return True
            if text_.lower() in ("no", "false"):
                return False
            return text_.upper() if len(text_) <= 3 else text_
        return text_

    def values(self, scene: Scene, key: str) -> list[tuple[str, str]]:
        """Any object in play, for the referee commands."""
        if key != "object":
            return []
        names = self.names(scene)
        return [(names.obj(oid, where=True), oid) for oid in names.objects]

    def event_lines(self, scene: Scene, events: Sequence[JSON]) -> list[str]:
        names = self.names(scene)
        return [line for e in events for line in [event_line(e, names)] if line]

    def embeds(self, scene: Scene, events: Sequence[JSON]) -> list[Embed]:
        return attack_embeds(events, self.names(scene))

    def panel(self, scene: Scene, mentions: Mapping[str, int], image: str | None) -> Embed:
        return panel_embed(scene.view, self.names(scene), match_id=scene.match_id, image=image, mentions=mentions)

    def result(self, scene: Scene, outcome: Mapping[str, Any] | None, seed: str | None) -> Embed:
        return victory_embed(scene.view, self.names(scene), outcome, seed)

    def board_description(self, scene: Scene, events: Sequence[JSON], outcome: Mapping[str, Any] | None) -> str:
        """The board's alt text: whose turn and the step (or the result), what just happened, each side's
        score and pieces (the panel's words, or the result's)."""
        names = self.names(scene)
        embed = (victory_embed(scene.view, names, outcome, None) if outcome is not None
                 else panel_embed(scene.view, names, match_id=scene.match_id, image=None, mentions={}))
        return embed_alt_text(embed, self.event_lines(scene, events), pieces_in_play(scene.view, names))

    def board_key(self, scene: Scene, events: Sequence[JSON]) -> str:
        """A digest of what :meth:`board` draws (render/magewars/arena.py reads these parts of the view, the
        players' names, the language and the last action's moves and attacks): a planning choice, a pass, a
        skipped window or a paid upkeep that changes none of them reuses the last image. ``NO_BOARD`` while the
        players choose (no arena yet)."""
        view = scene.view
        if view.get("phase") == "choosing":
            return NO_BOARD
        drawn = [e for e in events if e.get("type") in DRAWN_EVENTS]
        what = [{k: view.get(k) for k in DRAWN_VIEW}, dict(scene.players), scene.lang, drawn]
        return hashlib.blake2b(json.dumps(what, sort_keys=True, default=str).encode(), digest_size=16).hexdigest()

    def board(self, scene: Scene, events: Sequence[JSON]) -> bytes | None:
        if scene.view.get("phase") == "choosing":  # no arena yet: its size comes with the mode
            return None
        png = render_arena(scene.view, events=events, names=scene.players, words=arena_words(scene.lang))
        if scene.outcome is not None:  # the last board: the result drawn above it
            png = with_result(png, self.result(scene, scene.outcome, None), self.game)
        return png

    def private_label(self, lang: str) -> str:
        return text("private.button", lang)

    def private_view(self, scene: Scene) -> Embed:
        return private_embed(scene.view, str(scene.viewer), self.names(scene))

    def window(self, scene: Scene, legal: Sequence[JSON]) -> Window | None:
        """A window awaiting ``scene.viewer``: a quickcast window, or a reveal window inside another player's
        action (engine/magewars/windows.py: after an attack on its object is declared, in the Counter step of a
        spell on it). It holds a response when the seat may cast, reveal, or must answer a counterspell."""
        seat = scene.viewer
        question = (scene.view.get("pending") or [None])[0]
        if question is not None and question.get("type") == "window":
            if question.get("seat") != seat:
                return None
            return Window(seat, {"type": "Skip"}, any(a["type"] in ANSWERS for a in legal))
        if question is not None or scene.view.get("step") not in WINDOWS or seat not in scene.awaiting:
            return None
        return Window(seat, {"type": "Skip"}, any(a["type"] in ANSWERS for a in legal))
