"""Warhammer Underworlds at the table: its commands, words and board, for the generic ``GameTable``.

The command specs say which legal actions each ``/uw`` command offers and which option fills which
action field; autocomplete, the Discord commands and the local table are all built from them.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine.core.errors import InvalidInput
from table.commands import CommandSpec, Option
from table.i18n import message
from table.presenter import InfoCommand, Scene, embed_alt_text, with_result
from table.reply import Embed
from table.underworlds.board import board_key, render_view
from table.underworlds.text import (
    Names, action_label, card_name, combat_embeds, coverage_reply, event_line, hand_embed, panel_embed, step_text,
    victory_embed,
)

JSON = dict[str, Any]


def _fighter(description: str = "Your fighter", name: str = "fighter") -> Option:
    return Option(name, description, autocomplete=True)


def _hex(name: str, description: str) -> Option:
    return Option(name, description, autocomplete=True)


def _reason() -> Option:
    return Option("reason", "Why (logged)", required=False)


def _any_fighter() -> Option:
    return Option("fighter", "Any fighter", autocomplete=True)


COMMANDS: tuple[CommandSpec, ...] = (
    # activations
    CommandSpec("move", "Move action: a fighter moves up to its Move", ("Move",),
                (_fighter(), _hex("to", "Destination hex (with its cost in hexes)")), example="fighter:Ta to:c4"),
    CommandSpec("charge", "Charge: move, then attack from the destination", ("Charge",),
                (_fighter(), _hex("to", "Destination hex with an enemy in range after")), example="fighter:Ta to:c4"),
    CommandSpec("attack", "Attack action: choose the fighter, target and weapon", ("Attack",),
                (_fighter(), Option("target", "An enemy in range and in sight", autocomplete=True),
                 Option("weapon", "Which attack", required=False, field="attack", autocomplete=True)),
                example="fighter:Ta target:SS weapon:0"),
    CommandSpec("guard", "Guard action", ("Guard",), (_fighter(),)),
    CommandSpec("stun", "Stun action: stagger an adjacent enemy", ("Stun",),
                (_fighter(), Option("target", "An adjacent enemy", autocomplete=True))),
    CommandSpec("barge", "Barge: move, then stun an adjacent enemy", ("Barge",),
                (_fighter(), _hex("to", "Destination hex"))),
    CommandSpec("draw", "Draw a power card (or an objective after a surge)", ("Venture", "DrawObjective")),
    CommandSpec("plan", "Player action: draw an objective card, then discard one", ("Plan",)),
    CommandSpec("pass", "Pass (the activation, the power step, a reaction or a choice)", ("Pass",)),
    # cards
    CommandSpec("play", "Power step: play a ploy, upgrade or spell (with its targets)",
                ("PlayPloy", "PlayUpgrade", "CastSpell", "Recycle", "UseCardAction")),
    CommandSpec("react", "Play a reaction, Loot, or a card's choice", ("PlayReaction", "Loot", "ChooseForCard")),
    CommandSpec("delve", "Power step: delve with a fighter on a feature token", ("Delve",), (_fighter(),)),
    CommandSpec("score", "Score (or reveal) an objective card", ("ScoreObjective",),
                (Option("card", "An objective in your hand", autocomplete=True),)),
    CommandSpec("discard", "Discard an objective or power card (Plan, end phase)",
                ("DiscardObjective", "DiscardPower"), (Option("card", "A card in your hand", autocomplete=True),)),
    CommandSpec("finish", "End phase: done, draw up to 3 objectives and 5 power cards", ("FinishEndPhase",)),
    # deployment
    CommandSpec("deploy", "Deployment: place a fighter in a starting hex", ("PlaceFighter",),
                (_fighter(), _hex("hex", "A starting hex")), example="fighter:Ta hex:b1"),
    CommandSpec("token", "Deployment: place your next feature token", ("PlaceFeatureToken",),
                (_hex("hex", "A hex for the token"),), example="hex:d3"),
    CommandSpec("setup warband", "Choose your warband (secret until both have chosen)", ("ChooseWarband",),
                (Option("warband", "Your warband", autocomplete=True),)),
    CommandSpec("setup deck", "Choose your Rivals deck (secret until both have chosen)", ("ChooseDeck",),
                (Option("deck", "Your Rivals deck", autocomplete=True),)),
    CommandSpec("setup board", "Choose your board face", ("ChooseBoard",),
                (Option("board", "A board face", autocomplete=True),)),
    CommandSpec("setup layout", "Arrange the boards", ("PlaceBoards", "PlaceExtraBoard")),
    CommandSpec("setup first", "Roll-off winner: choose a player (boards, deployment, turn, reactions)",
                ("ChooseBoardPlayer", "ChooseFirstToDeploy", "ChooseFirstTurn", "ChooseFirstToReact"),
                (Option("player", "Who", autocomplete=True),)),
    CommandSpec("setup redraw", "Opening redraw (secret until both have decided)", ("Redraw",),
                (Option("cards", "Which hand to redraw", required=False, choices=("none", "objectives", "power", "all"),
                        default="none"),)),
    # referee: settle a card's text by hand (the engine checks and logs it)
    CommandSpec("ref wounds", "Add (or remove, negative) wound tokens", fixed={"type": "AdjustWounds"}, free=True,
                options=(_any_fighter(), Option("delta", "Wounds to add (negative: remove)", int, min=-20, max=20),
                         _reason())),
    CommandSpec("ref marker", "Give or remove a marker (move, charge, guard, stagger) or a token",
                fixed={"type": "AdjustMarker"}, free=True,
                options=(_any_fighter(), Option("marker", "move, charge, guard, stagger or a token"),
                         Option("delta", "How many (negative: remove)", int, required=False, min=-5, max=5, default=1),
                         _reason())),
    CommandSpec("ref push", "Push or place a fighter in a hex", fixed={"type": "SetFighterHex"}, free=True,
                options=(_any_fighter(), Option("hex", "The hex"),
                         Option("hazards", "Apply lethal hexes and the like", bool, required=False, default=True),
                         _reason())),
    CommandSpec("ref glory", "Gain or lose glory (spent: move glory between available and spent)",
                fixed={"type": "AdjustGlory"}, free=True,
                options=(Option("player", "Whose glory", autocomplete=True),
                         Option("delta", "Glory to gain (negative: lose)", int, required=False, min=-20, max=20,
                                default=0),
                         Option("spent", "Glory to move to spent (negative: back)", int, required=False, min=-20,
                                max=20, default=0),
                         _reason())),
    CommandSpec("ref flip", "Flip a feature token", fixed={"type": "FlipFeatureToken"}, free=True,
                options=(Option("token", "The token"), _reason())),
    CommandSpec("ref inspire", "Inspire or uninspire a fighter", fixed={"type": "SetInspired"}, free=True,
                options=(_any_fighter(), Option("inspired", "Inspired or not", bool, required=False, default=True))),
    CommandSpec("ref haunch", "Haunch counters: gain/lose", fixed={"type": "AdjustHaunch"}, free=True,
                options=(Option("player", "Whose", autocomplete=True), Option("delta", "+/-", int, min=-20, max=20))),
    CommandSpec("ref bane", "Your Bane of Heroes upgrade: give it to a fighter, or break it (no fighter)",
                fixed={"type": "BaneOfHeroes"}, free=True,
                options=(Option("fighter", "Any fighter", required=False, autocomplete=True), _reason())),
    CommandSpec("ref note", "Log how a card's text was settled", fixed={"type": "RefereeNote"}, free=True,
                options=(Option("text", "What was settled", min=1, max=500),)),
)
"""Every Underworlds command besides the generic ones (``do``, ``board``, ``undo``, ``hand``)."""


class UnderworldsPresenter:
    """Warhammer Underworlds: Wintermaw, presented."""

    game = "underworlds"
    command = "uw"
    description = "Play Warhammer Underworlds in this match thread"
    commands = COMMANDS
    groups = {"setup": "Deployment choices", "ref": "Referee: settle a card's text by hand (logged)"}
    info_commands = (InfoCommand("coverage", "How many of the 128 Rivals cards the bot automates",
                                 lambda lang: coverage_reply(lang=lang)),)
    private_command = "hand"
    private_fields = ("card",)
    always_offered = ("Pass", "Venture", "Plan", "FinishEndPhase")

    @staticmethod
    def names(scene: Scene) -> Names:
        """Who and what things are called in this scene (built once per scene)."""
        names = scene.memo.get("names")
        if names is None:
            names = scene.memo["names"] = Names(scene.view, scene.players, lang=scene.lang)
        return names

    def step(self, scene: Scene) -> str:
        step = scene.memo.get("step")  # asked for by the reply and again by the next command's turn check
        if step is None:
            step = scene.memo["step"] = step_text(scene.view, lang=scene.lang)
        return step

    def action_label(self, scene: Scene, action: JSON, *, short: bool = False) -> str:
        return action_label(action, self.names(scene), costs=not short)

    def value_label(self, scene: Scene, action: JSON, key: str) -> str:
        names = self.names(scene)
        value = action[key]
        if key in ("fighter", "target"):
            f = names.fighters.get(value, {})
            label = names.fighter(value)
            if f.get("hex"):
                label = message("uw.table.value.at", scene.lang, fighter=label, hex=f["hex"])
            if key == "target":
                label = message("uw.table.value.wounds", scene.lang, label=label, wounds=f.get("wounds", 0),
                                max=f.get("wounds_max", "?"))
            return label[:100]
        if key in ("to", "hex"):
            if action["type"] in ("Move", "Charge", "Barge"):
                return action_label(action, names).split("→ ", 1)[-1]
            return str(value)
        if key == "attack":
            return names.attack(action["fighter"], value)[:100]
        if key == "card":
            return f"{card_name(value)} ({value})"[:100]
        return action_label(action, names)

    def resolve(self, scene: Scene, key: str, value: Any) -> Any:
        """Fighters by id, label or name (the right side first); hexes in lower case; numbers as numbers.

        :raises InvalidInput: uw.table.unknown_fighter, core.table.no_such_choice
        """
        text = str(value).strip()
        if key in ("fighter", "target", "wizard"):
            fighters = scene.view.get("fighters", ())
            names = self.names(scene)
            wanted = text.lower()
            exact = [f for f in fighters
                     if wanted in (f["id"].lower(), names.labels[f["id"]].lower(), f["name"].lower())]
            if not exact:
                exact = [f for f in fighters if f["name"].lower().startswith(wanted)]
            if len(exact) > 1 and scene.viewer is not None:  # the same name in both warbands: prefer the right side
                own = [f for f in exact if (f["seat"] == scene.viewer) == (key in ("fighter", "wizard"))]
                exact = own or exact
            if len(exact) != 1:
                raise InvalidInput("uw.table.unknown_fighter", fighter=text,
                                   example=names.labels[fighters[0]["id"]] if fighters else "Ta")
            return exact[0]["id"]
        if key in ("to", "hex"):
            return text.lower().replace(" ", "")
        if key in ("attack", "die", "offset"):
            if text.lstrip("-").isdigit():
                return int(text)
            if key == "attack":
                raise InvalidInput("core.table.no_such_choice", choice=text, count=0, command="/uw attack")
        if key == "player":  # a seat, by its player's name as the menu shows it
            names = self.names(scene)
            for s in scene.view.get("seats", ()):
                if text.lower() in (s, names.seat(s).lower()):
                    return s
        return text

    def values(self, scene: Scene, key: str) -> list[tuple[str, str]]:
        """Any fighter, for the referee commands (and a target: the table lets the engine refuse one out of reach);
        any player, by name."""
        names = self.names(scene)
        if key == "player":
            return [(names.seat(s), s) for s in scene.view.get("seats", ())]
        if key not in ("fighter", "target"):
            return []
        return [(names.fighter(f["id"]), f["id"]) for f in scene.view.get("fighters", ())]

    def event_lines(self, scene: Scene, events: Sequence[JSON]) -> list[str]:
        names = self.names(scene)
        return [line for e in events for line in [event_line(e, names)] if line]

    def embeds(self, scene: Scene, events: Sequence[JSON]) -> list[Embed]:
        return combat_embeds(events, self.names(scene))

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
        return embed_alt_text(embed, self.event_lines(scene, events))

    def board(self, scene: Scene, events: Sequence[JSON]) -> bytes | None:
        png = render_view(scene.view, events=events, names=scene.players, lang=scene.lang)
        if scene.outcome is not None:  # the last board: the result drawn above it
            png = with_result(png, self.result(scene, scene.outcome, None), self.game)
        return png

    def board_key(self, scene: Scene, events: Sequence[JSON]) -> str:
        return board_key(scene.view, events=events, names=scene.players, lang=scene.lang)

    def private_label(self, lang: str) -> str:
        return message("uw.table.hand_button", lang)

    def private_view(self, scene: Scene) -> Embed:
        return hand_embed(scene.view, str(scene.viewer), self.names(scene))
