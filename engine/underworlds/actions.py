"""Underworlds actions: frozen, rulebook-named value objects, parsed from and written to JSON.

Every action crosses the boundary as ``{"type": "Move", "fighter": "player1:targor", "to": "c4"}``.
``parse_action`` validates one; ``to_json`` writes one back; ``notation`` gives a short line for logs.
Names follow the rulebook (§13.3, §23, §24): Move, Charge, Attack, Guard, Stun, Barge, Venture
(Aventurarse: draw a power card), Plan (Planear), Pass, PlayPloy, PlayUpgrade, Delve, Recycle...
Referee actions (``referee.py``) are listed in ``REFEREE_TYPES``.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from engine.core.errors import InvalidInput
from engine.underworlds.hexgrid import Hex


class Action(BaseModel):
    """Base of every action: frozen, unknown keys refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def to_json(self) -> dict[str, Any]:
        """The JSON form, without unset optional fields."""
        return self.model_dump(mode="json", exclude_none=True)

    def notation(self) -> str:
        """``Move fighter=player1:targor to=c4``: a short line for logs and golden files."""
        data = self.to_json()
        kind = data.pop("type")
        return " ".join([kind, *(f"{k}={v}" for k, v in data.items())])

    def __repr__(self) -> str:
        return f"parse_action({self.to_json()!r})"


# -- deployment (§12) --------------------------------------------------------------------------


class ChooseWarband(Action):
    """Choose your warband; revealed when both have chosen (§12.1)."""

    type: Literal["ChooseWarband"] = "ChooseWarband"
    warband: str


class ChooseDeck(Action):
    """Choose your Rivals deck: your warband's own or a universal one (§7)."""

    type: Literal["ChooseDeck"] = "ChooseDeck"
    deck: str


class ChooseBoardPlayer(Action):
    """The roll-off winner chooses the player who picks the first board (§12.2)."""

    type: Literal["ChooseBoardPlayer"] = "ChooseBoardPlayer"
    player: str


class ChooseBoard(Action):
    """Pick the board face that is your territory (§12.2)."""

    type: Literal["ChooseBoard"] = "ChooseBoard"
    board: str


class PlaceBoards(Action):
    """The second player arranges both boards (§12.2): join edge, offset and orientations."""

    type: Literal["PlaceBoards"] = "PlaceBoards"
    edge: Literal["long", "short"] = "long"
    offset: int = 0
    first_orientation: Literal[0, 180] = 0
    second_orientation: Literal[0, 180] = 0


class PlaceExtraBoard(Action):
    """Three or four players: place your board against one already placed (seed 000 lines 1554-1560)."""

    type: Literal["PlaceExtraBoard"] = "PlaceExtraBoard"
    to: int = Field(default=0, ge=0, le=2)
    """The placed board it joins: 0 the first, 1 the second, 2 the third."""
    side: Literal["below", "above", "right", "left"] = "below"
    offset: int = 0
    orientation: Literal[0, 180] = 0


class PlaceFeatureToken(Action):
    """Place your next face-down feature token (§12.3)."""

    type: Literal["PlaceFeatureToken"] = "PlaceFeatureToken"
    hex: Hex


class Redraw(Action):
    """The opening redraw (§12.4): none, objectives, power or all."""

    type: Literal["Redraw"] = "Redraw"
    cards: Literal["none", "objectives", "power", "all"] = "none"


class ChooseFirstToDeploy(Action):
    """The roll-off winner chooses who places a fighter first (§12.5)."""

    type: Literal["ChooseFirstToDeploy"] = "ChooseFirstToDeploy"
    player: str


class PlaceFighter(Action):
    """Place a fighter in an empty starting hex of your territory (§12.5)."""

    type: Literal["PlaceFighter"] = "PlaceFighter"
    fighter: str
    hex: Hex


class ChooseFirstTurn(Action):
    """The action-phase roll-off winner chooses who takes the first turn (§13.1)."""

    type: Literal["ChooseFirstTurn"] = "ChooseFirstTurn"
    player: str


class ChooseFirstToReact(Action):
    """Three or four players, a reaction step outside any turn: the roll-off winner chooses who goes first (seed 000
    line 1646)."""

    type: Literal["ChooseFirstToReact"] = "ChooseFirstToReact"
    player: str


# -- activations (§13.3) -----------------------------------------------------------------------


class Move(Action):
    """Move action (§15); ``path`` (hexes entered, ``to`` last) is optional: the safest is used."""

    type: Literal["Move"] = "Move"
    fighter: str
    to: Hex
    path: tuple[Hex, ...] | None = None


class Charge(Action):
    """Charge super-action (§17.1): this Move, then an Attack by the same fighter."""

    type: Literal["Charge"] = "Charge"
    fighter: str
    to: Hex
    path: tuple[Hex, ...] | None = None


class Attack(Action):
    """Attack action (§19): the fighter's attack (index in its current list) against a target."""

    type: Literal["Attack"] = "Attack"
    fighter: str
    attack: int = Field(ge=0)
    target: str


class Guard(Action):
    """Guard action (§16.1)."""

    type: Literal["Guard"] = "Guard"
    fighter: str


class Stun(Action):
    """Stun action (§17.3): stagger an adjacent enemy with no Stagger marker."""

    type: Literal["Stun"] = "Stun"
    fighter: str
    target: str


class Barge(Action):
    """Barge super-action (§17.4): this Move, then a Stun, then the barger is staggered."""

    type: Literal["Barge"] = "Barge"
    fighter: str
    to: Hex
    path: tuple[Hex, ...] | None = None


class UseCardAction(Action):
    """An action printed on an upgrade (not automated: its text is shown, the players settle it)."""

    type: Literal["UseCardAction"] = "UseCardAction"
    fighter: str
    card: str


class Venture(Action):
    """Player action Aventurarse: draw 1 power card (§13.3)."""

    type: Literal["Venture"] = "Venture"


class Plan(Action):
    """Player action Planear: draw 1 objective card, then discard 1 (§13.3)."""

    type: Literal["Plan"] = "Plan"


class Pass(Action):
    """Pass: give up the activation, the power-step option, a reaction or an optional choice."""

    type: Literal["Pass"] = "Pass"


# -- choices inside actions ----------------------------------------------------------------------


class Reroll(Action):
    """Re-roll one attack die against a staggered target (§16.2); dice are numbered from 0."""

    type: Literal["Reroll"] = "Reroll"
    die: int = Field(ge=0)


class ScatterDie(Action):
    """Scatter X (§9.2): put this rolled die next in the chain; dice are numbered from 0 in roll order."""

    type: Literal["ScatterDie"] = "ScatterDie"
    die: int = Field(ge=0)


class DriveBack(Action):
    """Drive the target back to this hex (§19.3; Knockback X in a straight line, §20)."""

    type: Literal["DriveBack"] = "DriveBack"
    to: Hex


class DiscardObjective(Action):
    """Discard an objective card (after Plan, or in the end phase)."""

    type: Literal["DiscardObjective"] = "DiscardObjective"
    card: str


class DiscardPower(Action):
    """Discard a power card in the end phase (§24 step 4)."""

    type: Literal["DiscardPower"] = "DiscardPower"
    card: str


# -- power step (§23) and reactions (§26) -------------------------------------------------------------


class PlayPloy(Action):
    """Play a ploy; ``fighter``/``target``/``hex`` are the card's choices where it automates them."""

    type: Literal["PlayPloy"] = "PlayPloy"
    card: str
    fighter: str | None = None
    target: str | None = None
    hex: Hex | None = None
    count: int | None = None
    """How many counters the card discards where it lets the player say (Quick Bite's Haunch counters)."""
    pick: str | None = None
    """The option taken of a card's "Pick one" (Taste Test: ``heal`` or ``guard``)."""


class CastSpell(Action):
    """Play a gambit spell, cast by a friendly wizard (§22)."""

    type: Literal["CastSpell"] = "CastSpell"
    card: str
    wizard: str


class PlayUpgrade(Action):
    """Spend 1 glory and give an upgrade to a fighter (§23.1)."""

    type: Literal["PlayUpgrade"] = "PlayUpgrade"
    card: str
    fighter: str


class Delve(Action):
    """Flip the feature token under a friendly fighter that is not staggered; it is staggered (§23.2)."""

    type: Literal["Delve"] = "Delve"
    fighter: str


class Recycle(Action):
    """Discard a dead-restricted power card (or a spell without wizards) and draw one (§23.3)."""

    type: Literal["Recycle"] = "Recycle"
    card: str


class PlayReaction(Action):
    """Use a reaction: a gambit from hand, or an upgrade's reaction (``fighter`` holds it); ``target``/``hex``
    are the card's choices where it automates them (a fighter to affect, a hex to push to)."""

    type: Literal["PlayReaction"] = "PlayReaction"
    card: str
    fighter: str | None = None
    target: str | None = None
    hex: Hex | None = None
    marker: Literal["move", "charge"] | None = None
    """The marker the reaction removes where the card lets its player choose (Stolen Vigour)."""


class ChooseForCard(Action):
    """A choice a card gives a player while it resolves (the opponent's fighter for Brief Emergence, the roll-off
    winner's territory for Here it Comes!); Pass declines where the card says "can"."""

    type: Literal["ChooseForCard"] = "ChooseForCard"
    card: str
    target: str | None = None
    hex: Hex | None = None
    territory: str | None = None
    """A seat (its territory) or ``none`` (no one's territory)."""


class Loot(Action):
    """The Loot reaction (Saquear, §21): place an available feature token where the target was."""

    type: Literal["Loot"] = "Loot"
    token: str
    side: Literal["objective", "cover", "blocked", "trap"] = "cover"


class ScoreObjective(Action):
    """Score an objective (end phase), or reveal a surge objective to score at the next surge step."""

    type: Literal["ScoreObjective"] = "ScoreObjective"
    card: str


class DrawObjective(Action):
    """After scoring a surge objective: draw another objective card (§25.1: the player *may*; Pass declines)."""

    type: Literal["DrawObjective"] = "DrawObjective"


class FinishEndPhase(Action):
    """Done with your end-phase steps: draw up to 3 objectives and 5 power cards (§24)."""

    type: Literal["FinishEndPhase"] = "FinishEndPhase"


# -- referee (referee.py) ------------------------------------------------------------------------------


class AdjustWounds(Action):
    """Referee: add (positive) or remove (negative) wound tokens."""

    type: Literal["AdjustWounds"] = "AdjustWounds"
    fighter: str
    delta: int
    reason: str | None = None
    card: str | None = None
    """The card that dealt it, when it was a power card (for objectives that count it)."""


class SetFighterHex(Action):
    """Referee: push or place a fighter in a hex (``lethal``: apply lethal/trap hexes)."""

    type: Literal["SetFighterHex"] = "SetFighterHex"
    fighter: str
    hex: Hex
    hazards: bool = True
    reason: str | None = None


class AdjustMarker(Action):
    """Referee: give or remove markers (move, charge, guard, stagger) or named tokens."""

    type: Literal["AdjustMarker"] = "AdjustMarker"
    fighter: str
    marker: str
    delta: int
    reason: str | None = None


class FlipFeatureToken(Action):
    """Referee: flip a feature token."""

    type: Literal["FlipFeatureToken"] = "FlipFeatureToken"
    token: str
    reason: str | None = None


class MoveFeatureToken(Action):
    """Referee: place an available token (``side``), move a placed one, or remove it (``hex`` omitted)."""

    type: Literal["MoveFeatureToken"] = "MoveFeatureToken"
    token: str
    hex: Hex | None = None
    side: Literal["objective", "cover", "blocked", "trap"] | None = None
    reason: str | None = None


class AdjustGlory(Action):
    """Referee: gain (positive) or lose glory; ``spent`` moves glory between available and spent."""

    type: Literal["AdjustGlory"] = "AdjustGlory"
    player: str
    delta: int = 0
    spent: int = 0
    reason: str | None = None


class SetInspired(Action):
    """Referee: inspire or uninspire a fighter."""

    type: Literal["SetInspired"] = "SetInspired"
    fighter: str
    inspired: bool = True
    reason: str | None = None


class BreakUpgrade(Action):
    """Referee: break an upgrade (it goes to its owner's power discard pile)."""

    type: Literal["BreakUpgrade"] = "BreakUpgrade"
    fighter: str
    card: str
    reason: str | None = None


class MoveCard(Action):
    """Referee: move one of your cards between deck, hand, discard (as a card's text says)."""

    type: Literal["MoveCard"] = "MoveCard"
    card: str
    to: Literal["hand", "discard", "deck_top", "deck_bottom"]
    reason: str | None = None


class AdjustHaunch(Action):
    """Referee: a player gains (positive) or loses Haunch counters by the Skinnerkin warband rule (in no source)."""

    type: Literal["AdjustHaunch"] = "AdjustHaunch"
    player: str
    delta: int
    reason: str | None = None


class SetTrait(Action):
    """Referee: a fighter has (or has not) a trait its card's data does not give (``brawler``, ``priest``)."""

    type: Literal["SetTrait"] = "SetTrait"
    fighter: str
    trait: str = Field(min_length=1, max_length=40)
    has: bool = True
    reason: str | None = None


class HolyVessels(Action):
    """Referee: how much the Brethren's Holy Vessels ability (in no source) subtracted from the distance of the
    latest Attack action of this step."""

    type: Literal["HolyVessels"] = "HolyVessels"
    subtracted: int = Field(ge=0, le=20)
    reason: str | None = None


class BaneOfHeroes(Action):
    """Referee: your warband's Bane of Heroes upgrade (the Hungering Parasite plot, whose rules are in no source):
    give it (or move it) to ``fighter``, or break it (``fighter`` omitted)."""

    type: Literal["BaneOfHeroes"] = "BaneOfHeroes"
    fighter: str | None = None
    reason: str | None = None


class RefereeNote(Action):
    """Referee: log how a card's text was settled."""

    type: Literal["RefereeNote"] = "RefereeNote"
    text: str = Field(min_length=1, max_length=500)


AnyAction = Annotated[Union[
    ChooseWarband, ChooseDeck, ChooseBoardPlayer, ChooseBoard, PlaceBoards, PlaceExtraBoard, PlaceFeatureToken, Redraw,
    ChooseFirstToDeploy, PlaceFighter, ChooseFirstTurn, ChooseFirstToReact, Move, Charge, Attack, Guard, Stun, Barge,
    UseCardAction, Venture, Plan, Pass, Reroll, ScatterDie, DriveBack, DiscardObjective, DiscardPower, PlayPloy,
    CastSpell, PlayUpgrade, Delve, Recycle, PlayReaction, ChooseForCard, Loot, ScoreObjective, DrawObjective,
    FinishEndPhase,
    AdjustWounds, SetFighterHex, AdjustMarker, FlipFeatureToken, MoveFeatureToken, AdjustGlory,
    SetInspired, BreakUpgrade, MoveCard, AdjustHaunch, SetTrait, HolyVessels, BaneOfHeroes, RefereeNote,
], Field(discriminator="type")]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(AnyAction)

REFEREE_TYPES = frozenset({"AdjustWounds", "SetFighterHex", "AdjustMarker", "FlipFeatureToken",
                           "MoveFeatureToken", "AdjustGlory", "SetInspired", "BreakUpgrade", "MoveCard",
                           "AdjustHaunch", "SetTrait", "HolyVessels", "BaneOfHeroes", "RefereeNote"})
"""Actions any seated player may log at any time in the action and end phases (``referee.py``)."""
ALIASES = {"DrawPowerCard": "Venture", "Aventurarse": "Venture", "Planear": "Plan"}
"""Other names accepted for a type."""


def parse_action(data: Any) -> Action:
    """An action from its JSON form.

    >>> parse_action({"type": "Move", "fighter": "player1:targor", "to": "c4"}).to
    Hex.parse('c4')

    :raises InvalidInput: uw.action.invalid (with the problems), uw.action.unknown_type
    """
    if isinstance(data, Action):
        return data
    if not isinstance(data, dict) or "type" not in data:
        raise InvalidInput("uw.action.invalid", problems="an action is an object with a type", example="Pass")
    if data["type"] in ALIASES:
        data = {**data, "type": ALIASES[data["type"]]}
    try:
        key: Any = tuple((k, type(v), v) for k, v in data.items())  # types too: True == 1, yet 1 is no bool
        parsed = _PARSED.get(key)
    except TypeError:  # a list in it (a path, cards): parsed every time
        key = parsed = None
    if parsed is not None:
        return parsed
    try:
        parsed = _ADAPTER.validate_python(data)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        if any(e["type"] == "union_tag_invalid" for e in errors):
            raise InvalidInput("uw.action.unknown_type", action=str(data.get("type")), example="Pass") from None
        problems = "; ".join(f"{'.'.join(map(str, e['loc'][1:])) or 'action'}: {e['msg']}" for e in errors)
        raise InvalidInput("uw.action.invalid", problems=problems, example=str(data.get("type"))) from None
    if key is not None:
        if len(_PARSED) >= _PARSED_KEPT:
            _PARSED.clear()
        _PARSED[key] = parsed
    return parsed


_PARSED: dict[Any, Action] = {}
"""Actions parsed, by their JSON's (key, type, value) items: actions are frozen, and the same ones come again (each
Pass, each fighter's Move to a hex...)."""
_PARSED_KEPT = 4096
