"""Tambores de Guerra at the table: its ``/tdg`` commands, words and battle image, for the generic ``GameTable``.

The command specs say which legal actions each command offers and which option fills which action field; the
Discord commands, autocomplete (legal choices only) and the local table are all built from them. The ``ref`` commands
settle card text the pack does not model (``engine/tambores/referee.py``): wounds, a card between piles, a card
into play, out of it or along the front line, a note.
"""
from __future__ import annotations

import ast
import functools
from typing import Any, Mapping, Sequence

from engine.core.errors import InvalidInput
from render.tambores.battle import Words, render
from table.commands import CommandSpec, Option
from table.presenter import Scene, embed_alt_text, with_result
from table.reply import Embed
from table.tambores.text import (
    HERO, RANDOM, Names, action_label, card_info, combat_embed, event_line, hand_embed, panel_embed, result_embed,
    step_text, text, word,
)

JSON = dict[str, Any]
BOARD_WIDTH = 1280
"""Width of the posted battle image, as the Underworlds board (readable on a phone)."""
SLOT_FIELDS = ("slot", "target", "striker", "on", "to")
MODES = ("skirmish", "duel", "campaign")
SIDES = ("mine", "theirs")
PILES = ("hand", "draw_deck", "discard", "removed")
"""Action fields naming a slot (1-5) or ``"hero"`` (``target`` is a pile in ``ref lift``)."""
REASON = Option("reason", "The card text settled", required=False)

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("deploy", "Deployment: deploy a card of your hand, paying its cost",
                ("DeployUnit", "DeployEquipment", "DeployTactic"),
                (Option("card", "A card in your hand", autocomplete=True),
                 Option("slot", "A slot: empty for a unit, your unit's for equipment", required=False,
                        autocomplete=True),
                 Option("pay", "The cards of your hand removed as its cost", required=False, autocomplete=True)),
                example="card:soldado slot:3 pay:lancero"),
    CommandSpec("pass", "Deployment: deploy nothing more this turn", ("Pass",)),
    CommandSpec("declare", "Combat: what your next unit does (or whose ability it negates)", ("Declare", "Negate")),
    CommandSpec("respond", "Combat: strike back, choose whom to strike, or cancel an impact",
                ("Strike", "Decline", "CancelImpact")),
    CommandSpec("ability", "Use your hero's costed ability (once per turn)", ("UseHeroAbility",)),
    CommandSpec("replenish", "Replenishment: keep your hand or remove it (secret until both choose)", ("Replenish",),
                (Option("dump", "Remove the cards left in your hand before drawing", bool, required=False,
                        default=False),), example="dump:no"),
    CommandSpec("remove", "Setup: remove a card of your draw deck (your hero's eye)", ("RemoveCard",),
                (Option("card", "A card of your draw deck", autocomplete=True),), example="card:soldado"),
    CommandSpec("hero", "Setup: choose your hero for this battle (secret in a skirmish)", ("ChooseHero",),
                (Option("hero", "A hero of your army (campaign: of a colour not played yet), or random",
                        autocomplete=True),), example="hero:aiden"),
    CommandSpec("mode", "Setup: play a skirmish, a duel or a campaign (the challenger chooses)", ("ChooseMode",),
                (Option("mode", "skirmish: 1 battle, duel: 2, campaign: 3", choices=MODES),), example="mode:duel"),
    CommandSpec("army", "Setup: choose your army deck (secret until both choose)", ("ChooseArmy",),
                (Option("deck", "An army deck of the pack, or random", autocomplete=True),), example="deck:humans"),
    CommandSpec("ref wounds", "Add (or remove) wounds on a unit or a hero", fixed={"type": "AdjustWounds"},
                free=True, options=(Option("side", "Whose: mine or theirs", choices=SIDES, field="seat"),
                                    Option("at", "A slot 1-5, or hero", field="on"),
                                    Option("delta", "Wounds to add (negative: to remove)", int, min=-20, max=20),
                                    REASON),
                example="side:theirs at:2 delta:1"),
    CommandSpec("ref move", "Move one of your cards between your piles", fixed={"type": "MoveCard"}, free=True,
                options=(Option("card", "The card (id or name)"),
                         Option("source", "The pile it leaves", choices=PILES),
                         Option("target", "The pile it goes on top of", choices=PILES),
                         REASON),
                example="card:soldado source:discard target:hand"),
    CommandSpec("ref place", "Put a card of your pile into play: a unit in an empty slot, equipment under a unit",
                fixed={"type": "PlaceCard"}, free=True,
                options=(Option("card", "The card (id or name)"), Option("source", "The pile it leaves", choices=PILES),
                         Option("slot", "A slot 1-5"), REASON),
                example="card:soldado source:hand slot:3"),
    CommandSpec("ref lift", "Take a unit (or one card under it) out of play, to its owner's pile",
                fixed={"type": "LiftCard"}, free=True,
                options=(Option("side", "Whose: mine or theirs", choices=SIDES, field="seat"),
                         Option("slot", "A slot 1-5"), Option("target", "The pile it goes on top of", choices=PILES),
                         Option("card", "A card under the unit, to lift it alone", required=False), REASON),
                example="side:theirs slot:2 target:hand"),
    CommandSpec("ref shift", "Move a unit to another slot (or swap), or a card under it to another unit",
                fixed={"type": "ShiftCard"}, free=True,
                options=(Option("side", "Whose: mine or theirs", choices=SIDES, field="seat"),
                         Option("slot", "A slot 1-5"), Option("to", "The slot it goes to"),
                         Option("card", "A card under the unit, to move it alone", required=False),
                         Option("to_side", "The card's new unit is mine or theirs", choices=SIDES, required=False,
                                field="to_seat"),
                         Option("swap", "Trade places with a unit in that slot", bool, required=False,
                                default=False), REASON),
                example="side:mine slot:2 to:4 swap:yes"),
    CommandSpec("ref note", "Log how a card text was settled", fixed={"type": "RefereeNote"}, free=True,
                options=(Option("text", "What was agreed"),), example="text:Escudo Triangular +1 defence"),
)
"""Every ``/tdg`` command besides the generic ones (``do``, ``board``, ``undo``, ``hand``)."""


class TamboresPresenter:
    """Tambores de Guerra: Enclave, presented."""

    game = "tambores"
    command = "tdg"
    description = "Play Tambores de Guerra in this match thread"
    commands = COMMANDS
    groups: Mapping[str, str] = {"ref": "Referee: settle card text the pack does not automate (logged)"}
    info_commands = ()
    private_command = "hand"
    private_fields = ("card", "pay")
    """A card in hand (or of the draw deck), the cards paid (face down to the removed pile): never on a button or a
    menu others see. The replenishment choice is on buttons (both players are offered the same two: a click is
    private, and the engine tells the choice only in a private event, so the table posts no headline naming it)."""
    always_offered = ("Pass", "Decline")

    @staticmethod
    def names(scene: Scene) -> Names:
        """Who and what things are called in this scene (built once per scene)."""
        names = scene.memo.get("names")
        if names is None:
            names = scene.memo["names"] = Names(scene.view, scene.players, lang=scene.lang, viewer=scene.viewer)
        return names

    def step(self, scene: Scene) -> str:
        return step_text(scene.view, self.names(scene))

    def action_label(self, scene: Scene, action: JSON, *, short: bool = False) -> str:
        return action_label(action, self.names(scene), short=short)

    def value_label(self, scene: Scene, action: JSON, key: str) -> str:
        names, lang, view = self.names(scene), scene.lang, scene.view
        value = action.get(key)
        if value == RANDOM:
            return text("value.random", lang)
        if key == "deck":
            deck = (view.get("decks") or {}).get(value) or {}
            return text("value.deck", lang, deck=deck.get("name", value), army=word("army", deck.get("army"), lang),
                        heroes=len(deck.get("heroes") or ()))[:100]
        if key in ("card", "hero"):
            info = card_info(view, value) or {}
            if info.get("kind") == "units":
                return text("value.unit", lang, name=names.card(value), cost=info.get("deployment_cost", "?"),
                            attack=info.get("attack", "?"), defence=info.get("defence", "?"),
                            life=info.get("life", "?"))[:100]
            if info.get("kind") == "heroes":
                return text("value.hero", lang, name=info["name"], colour=text(f"colour.{info.get('colour')}", lang),
                            life=info.get("life", "?"))[:100]
            return names.card(str(value))[:100]
        if key == "pay":
            if not value:
                return text("value.no_pay", lang)
            return text("value.pay", lang, cards=names.cards(value))[:100]
        if key == "slot" and action["type"] == "DeployUnit":
            seat = scene.viewer
            facing = view["players"][view["opponent"][seat]]["slots"][value - 1] if seat else None
            return (text("value.slot_facing", lang, slot=value, unit=facing["name"]) if facing
                    else text("value.slot_open", lang, slot=value))[:100]
        if key == "slot" and value is not None:
            return text("value.under", lang, unit=names.unit(scene.viewer, value))[:100]
        return action_label(action, names)

    def resolve(self, scene: Scene, key: str, value: Any) -> Any:
        """Slots as numbers (``3``, ``#3``) or ``hero``; cards by id or name; ``pay`` as a list of card ids
        (``soldado, lancero`` or the autocomplete's ``['lancero', 'soldado']``); decks by id or name; ``random``.

        :raises InvalidInput: tdg.unknown_slot, tdg.unknown_card, tdg.unknown_deck
        """
        raw = str(value).strip()
        if key in ("seat", "to_seat") and raw in SIDES:  # ref commands: relative to the player typing it
            return scene.viewer if raw == "mine" else scene.view["opponent"][scene.viewer]
        if key in ("reason", "text") or (key in ("source", "target") and raw in PILES):
            return raw
        if key in SLOT_FIELDS:
            plain = raw.lstrip("#").lower()
            if plain in ("", "none", "-"):
                return None
            if plain == HERO:
                return HERO
            if plain.isdigit() and 1 <= int(plain) <= 5:
                return int(plain)
            raise InvalidInput("tdg.unknown_slot", slot=raw)
        if key == "pay":
            if raw.startswith("["):
                try:
                    items = ast.literal_eval(raw)
                except (ValueError, SyntaxError):
                    raise InvalidInput("tdg.unknown_card", card=raw, cards=self._known(scene)) from None
            else:
                items = [p for p in (x.strip() for x in raw.split(",")) if p]
            return sorted(self._card(scene, str(c)) for c in items)
        if raw.lower() == RANDOM and key in ("hero", "deck"):
            return RANDOM
        if key in ("card", "hero"):
            return self._card(scene, raw)
        if key == "deck":
            for deck_id, deck in (scene.view.get("decks") or {}).items():
                if raw.lower() in (deck_id.lower(), deck["name"].lower()):
                    return deck_id
            raise InvalidInput("tdg.unknown_deck", deck=raw, decks=", ".join(scene.view.get("decks") or ()) or "—")
        if key == "mode":
            for mode in MODES:
                if raw.lower() in (mode, text(f"mode.{mode}", scene.lang).lower()):
                    return mode
        return raw

    @staticmethod
    def _hand(scene: Scene) -> list[JSON]:
        return (scene.view["players"].get(scene.viewer or "", {}) or {}).get("hand") or []

    def _known(self, scene: Scene) -> str:
        return ", ".join(sorted({c["id"] for c in self._hand(scene)})) or "—"

    def _card(self, scene: Scene, raw: str) -> str:
        """A card id from an id or a name: the viewer's hand first, then every card of the decks played."""
        wanted = raw.strip().lower()
        for entry in [*self._hand(scene), *(scene.view.get("cards") or {}).values()]:
            if wanted in (entry["id"].lower(), entry["name"].lower()):
                return entry["id"]
        if wanted and wanted.replace("-", "").isalnum():
            return wanted  # a pack's own id: the engine says whether it is legal
        raise InvalidInput("tdg.unknown_card", card=raw, cards=self._known(scene))

    def values(self, scene: Scene, key: str) -> list[tuple[str, str]]:
        return []

    def event_lines(self, scene: Scene, events: Sequence[JSON]) -> list[str]:
        names = self.names(scene)
        names.note(events)
        return [line for e in events for line in [event_line(e, names)] if line]

    def embeds(self, scene: Scene, events: Sequence[JSON]) -> list[Embed]:
        names = self.names(scene)
        names.note(events)
        combat = combat_embed(events, names)
        return [combat] if combat else []

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
        if not all(scene.view["players"].values()):  # no battle yet: the armies are being chosen
            return None
        png = render(scene.view, events, width=BOARD_WIDTH, names=scene.players, words=board_words(scene.lang))
        if scene.outcome is not None:  # the last board: the result drawn above it
            png = with_result(png, self.result(scene, scene.outcome, None), self.game)
        return png

    def private_label(self, lang: str) -> str:
        return text("hand.button", lang)

    def private_view(self, scene: Scene) -> Embed:
        return hand_embed(scene.view, str(scene.viewer), self.names(scene))


@functools.cache
def board_words(lang: str = "en") -> Words:
    """The words drawn on the battle image in one language: each field of ``Words`` is ``tdg.board.<field>``."""
    import dataclasses

    return Words(**{f.name: text(f"board.{f.name}", lang) for f in dataclasses.fields(Words)})
