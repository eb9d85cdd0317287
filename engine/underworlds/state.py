"""The state of an Underworlds match: plain pydantic data that round-trips to JSON exactly.

What it is: players (warband, decks, hands, discards, glory, activations), fighters (hex, wounds,
Move/Charge/Guard/Stagger markers, named tokens, Inspired, upgrades), feature tokens, the round, the
phase, whose turn it is, and a stack of *frames* (the steps under way that wait for a decision:
a reaction step, a combat sequence, a power step...). What it is not: the rules. The rules live in
``setup``, ``activation``, ``combat``, ``power``, ``end_phase`` and ``flow``; hidden information is
removed by ``system.view``.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engine.underworlds.battlefield import BattlefieldSpec, Board
from engine.underworlds.feature_tokens import FeatureToken
from engine.underworlds.fighters import Warband
from engine.underworlds.hexgrid import Hex

SCHEMA_VERSION = 1
"""Version of the state format."""
ACTIVATIONS_PER_ROUND = 4
"""Each player has four activation tokens (§13.1)."""
ROUNDS = 3
"""A match lasts three rounds (§12)."""
TURNS_EACH = {2: ACTIVATIONS_PER_ROUND, 3: 3, 4: 4}
"""Turns (and activation tokens) each player has in a round, by the number of players: four between two (§13.1);
three each with three players and four each with four (seed 000 lines 1613-1617, as printed: digest §35 default 9)."""
OBJECTIVE_HAND = 3
"""Objective cards drawn at setup and refilled in the end phase (§12.4, §24)."""
POWER_HAND = 5
"""Power cards drawn at setup and refilled in the end phase (§12.4, §24)."""

MARKERS = ("move", "charge", "guard", "stagger")
"""The four markers a fighter can have; cleared at the end of each round (§16.2)."""


class Model(BaseModel):
    """Base of the state models: unknown keys refused, mutable inside ``apply`` only."""

    model_config = ConfigDict(extra="forbid")


class FighterState(Model):
    """One fighter in the match."""

    id: str
    """Unique in the match: ``<seat>:<fighter id>`` (both players may field the same warband)."""
    seat: str
    """The seat that controls it."""
    card: str
    """The fighter's id in its warband file."""
    name: str
    """The fighter's name, for messages."""
    hex: Hex | None = None
    """Where it stands; None before deployment and when out of action."""
    deployed: bool = False
    """Placed at deployment (§12.5)."""
    out_of_action: bool = False
    """Taken out of action (§18.4)."""
    wounds: int = 0
    """Wound tokens."""
    move: int = 0
    """Move markers."""
    charge: int = 0
    """Charge markers."""
    guard: int = 0
    """Guard markers."""
    stagger: int = 0
    """Stagger markers."""
    tokens: dict[str, int] = Field(default_factory=dict)
    """Named tokens cards give (§1)."""
    inspired: bool = False
    """The Inspired side is face up (§3.1)."""
    pending_inspire: bool = False
    """Its Inspire condition was met: it is Inspired at the next inspire step."""
    upgrades: list[str] = Field(default_factory=list)
    """Upgrade card ids assigned to it, in order."""
    activations: int = 0
    """Times it was activated this round (for cards such as Stolen Vigour)."""
    traits: list[str] = Field(default_factory=list)
    """Traits given in the match by a referee action (``SetTrait``) where its card's are unknown (``traits.py``)."""

    @property
    def on_battlefield(self) -> bool:
        """A surviving fighter: deployed and not out of action (§2)."""
        return self.hex is not None and not self.out_of_action


class BaneOfHeroes(Model):
    """A warband's Bane of Heroes upgrade, the Hungering Parasite plot card's. Its rules (how it starts, what it does)
    are in no source: the players say where it is with the referee action ``BaneOfHeroes`` (``referee.py``), and the
    deck's cards read it (``parasite.py``)."""

    holder: str | None = None
    """The fighter (of any warband) that has it; None while no fighter does."""
    broken: bool = False
    """It was broken and not given again since."""


class PlayerState(Model):
    """One player's warband, cards and glory."""

    seat: str
    warband: str | None = None
    """Warband id, once chosen."""
    deck: str | None = None
    """Rivals deck id, once chosen; for a deck built card by card (a league's Nemesis or Relic list), its format
    (``nemesis``, ``relic``: ``setup.BUILT_FORMATS``), its cards then being the two decks below from the start."""
    plot_decks: list[str] = Field(default_factory=list)
    """A built deck: the Rivals decks its cards come from that bring a plot card (§6.2: both players can read it), whose
    rules then apply to the seat (``parasite.has_plot``); empty for a whole Rivals deck, which ``deck`` names."""
    objective_deck: list[str] = Field(default_factory=list)
    """Top card first."""
    power_deck: list[str] = Field(default_factory=list)
    """Top card first."""
    objectives: list[str] = Field(default_factory=list)
    """Objective cards in hand."""
    power: list[str] = Field(default_factory=list)
    """Power cards in hand."""
    objective_discard: list[str] = Field(default_factory=list)
    power_discard: list[str] = Field(default_factory=list)
    scored: list[str] = Field(default_factory=list)
    """The scored pile (§6.3)."""
    revealed: list[str] = Field(default_factory=list)
    """Surge objectives revealed and waiting for the next surge step (§25.1)."""
    glory: int = 0
    """Available glory points."""
    glory_spent: int = 0
    """Spent glory points (they still count for victory, §23.5)."""
    activations_left: int = ACTIVATIONS_PER_ROUND
    haunch: int = 0
    """Haunch counters (The Skinnerkin's cards): gained and discarded by cards, and by the referee's
    ``AdjustHaunch`` for the warband rule no source gives (``skinnerkin.py``). Public."""
    redraw: str | None = None
    """The opening redraw decision (hidden from the opponent until both decided)."""
    bane: BaneOfHeroes = Field(default_factory=BaneOfHeroes)
    """This warband's Bane of Heroes upgrade (Hungering Parasite; public)."""
    conceded: bool = False
    """Three or four players: the player conceded; the others play on and their turns are skipped (``system.concede``)."""

    @property
    def total_glory(self) -> int:
        """Available plus spent: what counts for victory (§28.2)."""
        return self.glory + self.glory_spent


class SetupState(Model):
    """Where deployment stands (§12)."""

    stage: str = "choose_warbands"
    """choose_warbands, board_player, first_board, second_board, place_boards, feature_tokens, redraw,
    deploy_player, deploy, done; with three or four players next_board and place_extra_board too."""
    board_player: str | None = None
    """The player who picks the first board (player 0 of the battlefield)."""
    roll_winner: str | None = None
    """Winner of the latest setup roll-off, who must choose a player."""
    board_turn: str | None = None
    """Three or four players: who chooses and places a board now (the latest board roll-off's loser)."""
    boards: dict[str, str] = Field(default_factory=dict)
    """Board face chosen by each seat."""
    token_order: list[str] = Field(default_factory=list)
    """Who places each remaining setup feature token, in order."""
    token_deal: dict[str, list[str]] = Field(default_factory=dict)
    """Face-down numbered tokens still in each seat's hand."""
    deploy_turn: str | None = None
    """Whose fighter is placed next."""
    finished_first: str | None = None
    """Who finished deploying first (+1 crit in round 1's roll-off, §10.1)."""


class State(Model):
    """The whole match."""

    schema_version: int = SCHEMA_VERSION
    seats: list[str]
    phase: str = "setup"
    """setup, action, end or over."""
    setup: SetupState = Field(default_factory=SetupState)
    battlefield: BattlefieldSpec | None = None
    territory: dict[str, int] = Field(default_factory=dict)
    """Seat -> battlefield board index (0: the first board)."""
    feature_tokens: list[FeatureToken] = Field(default_factory=list)
    fighters: list[FighterState] = Field(default_factory=list)
    players: dict[str, PlayerState]
    pack_warbands: list[Warband] = Field(default_factory=list)
    """Warbands from the match's data pack, offered beside the shipped ones (the match keeps its copy)."""
    pack_boards: list[Board] = Field(default_factory=list)
    """Board faces from the match's data pack, offered beside the shipped ones (the match keeps its copy)."""
    round: int = 0
    first_player: str | None = None
    """Who took the first turn of this round's action phase."""
    turns_taken: int = 0
    """Turns finished this round (8 in a 2-player round)."""
    active: str | None = None
    """The player whose turn it is."""
    last_activation: str | None = None
    """Who made the last activation (inspire and surge steps start with them)."""
    stack: list[dict[str, Any]] = Field(default_factory=list)
    """Steps under way, innermost last; each a JSON dict with a ``kind``."""
    persisting: list[dict[str, Any]] = Field(default_factory=list)
    """Gambits kept face up: persisting and "next" gambits (§23.1)."""
    step_log: dict[str, Any] = Field(default_factory=dict)
    """What happened in the current activation or power step (for surge objectives)."""
    phase_log: dict[str, Any] = Field(default_factory=dict)
    """What happened in this round's action phase (objectives looking back over it); cleared when a round starts.

    ``actions``: fighter id -> the kinds of action it made (move, guard, attack, stun, card_action);
    ``attacks``: one entry per Attack action resolved (attacker, seat, range, turn, succeeded, successes, crits).
    """
    last_action: dict[str, Any] | None = None
    """The latest game action and its main hexes, for the renderer's arrows."""
    outcome: dict[str, Any] | None = None
    """``{"winner": seat | None, "reason": ..., "glory": {...}}`` once the match is over."""

    # -- look-ups -----------------------------------------------------------------------------

    def fighter(self, fighter_id: str) -> FighterState:
        """The fighter with this id (KeyError if none; callers check first)."""
        for f in self.fighters:
            if f.id == fighter_id:
                return f
        raise KeyError(fighter_id)

    def find_fighter(self, fighter_id: str) -> FighterState | None:
        """The fighter with this id, or None."""
        if not fighter_id:  # no fighter's id is empty: callers pass "" for "none named"
            return None
        for f in self.fighters:
            if f.id == fighter_id:
                return f
        return None

    def other(self, seat: str) -> str:
        """The other seat of a two-player match (with three or four players: the next one in play order)."""
        if len(self.seats) == 2:
            return self.seats[1] if seat == self.seats[0] else self.seats[0]
        return self.next_seat(seat)

    def turns_each(self) -> int:
        """Turns each player plays in a round (``TURNS_EACH``)."""
        return TURNS_EACH[len(self.seats)]

    def turns_in_round(self) -> int:
        """Turns in a whole round, every player's."""
        return self.turns_each() * len(self.seats)

    def in_play(self) -> list[str]:
        """The seats still playing (all but those who conceded), in seating order."""
        return [s for s in self.seats if not self.players[s].conceded]

    def rotation(self, first: str) -> list[str]:
        """Every seat, conceded or not, in seating order from ``first``."""
        i = self.seats.index(first)
        return self.seats[i:] + self.seats[:i]

    def next_seat(self, seat: str) -> str:
        """The player to the left of ``seat``: the next one in play order (seats are listed clockwise, seed 000
        line 1575 "ORDEN DE JUEGO"; ``docs/rulings/underworlds.md``), skipping players who conceded."""
        return next((s for s in self.rotation(seat)[1:] if not self.players[s].conceded), seat)

    def play_order(self, first: str) -> list[str]:
        """The seats still playing in play order, starting with ``first`` (or the next one, if it conceded)."""
        return [s for s in self.rotation(first) if not self.players[s].conceded]

    def opponents(self, seat: str) -> list[str]:
        """Every other seat still playing, in play order after ``seat`` (with two players: the other one)."""
        return [s for s in self.play_order(seat) if s != seat]

    def enemies(self, seat: str) -> list[FighterState]:
        """Surviving fighters of every other warband (enemy fighters, §2; a conceded player's still stand), in seating
        order after ``seat``."""
        return [f for s in self.rotation(seat)[1:] for f in self.surviving(s)]

    def warband_of(self, seat: str) -> list[FighterState]:
        """A seat's fighters, in warband order."""
        return [f for f in self.fighters if f.seat == seat]

    def surviving(self, seat: str | None = None) -> list[FighterState]:
        """Fighters on the battlefield (of one seat, or all)."""
        # ``on_battlefield`` written out: asked thousands of times a match, and a property call costs more
        if seat is None:
            return [f for f in self.fighters if f.hex is not None and not f.out_of_action]
        return [f for f in self.fighters if f.seat == seat and f.hex is not None and not f.out_of_action]

    def fighter_at(self, hex_: Hex) -> FighterState | None:
        """The fighter in a hex (a hex holds at most one, §8.1)."""
        return next((f for f in self.fighters if f.hex == hex_ and not f.out_of_action), None)

    def occupied(self) -> frozenset[Hex]:
        """Hexes holding a fighter."""
        return frozenset(f.hex for f in self.fighters if f.hex is not None and not f.out_of_action)

    def token(self, token_id: str) -> FeatureToken | None:
        """The feature token with this id."""
        return next((t for t in self.feature_tokens if t.id == token_id), None)

    def top(self) -> dict[str, Any] | None:
        """The innermost step under way."""
        return self.stack[-1] if self.stack else None
