"""The GameSystem protocol every game implements, and the registry of systems.

The table layer drives any registered system through these five calls; it never
knows a game's rules. States, actions and events cross the boundary as JSON-ready
dicts (``{"type": "Move", ...}``) so they store in Redis and replay exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from engine.core.errors import NotFound
from engine.core.rng import Rng

JSON = dict[str, Any]

MAX_SEATS = 4
"""The most players any match seats."""


@dataclass(frozen=True, slots=True)
class SystemInfo:
    """What a game system is, declared as data."""

    key: str
    """Stable identifier used in commands and storage (``chess``)."""
    name: str
    """Display name."""
    seats: tuple[str, ...]
    """The seat names in seating order; two-player games have two."""
    aliases: tuple[str, ...] = ()
    """Other names a user may type (``ch``)."""
    summary: str = ""
    """One line for menus."""
    min_seats: int = 2
    """The fewest players a match takes."""
    max_seats: int = 0
    """The most players a match takes (at most four); 0 means every listed seat (``len(seats)``)."""

    def __post_init__(self) -> None:
        if not self.max_seats:
            object.__setattr__(self, "max_seats", len(self.seats))
        if not 1 <= self.min_seats <= self.max_seats <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"{self.key}: seats {self.min_seats}-{self.max_seats} of {len(self.seats)} "
                             f"(a game lists at most {MAX_SEATS})")

    def seats_for(self, players: int) -> tuple[str, ...]:
        """The seats in play for ``players`` players: the first ones, in seating order."""
        return self.seats[:players]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: a winning seat, or a draw."""

    winner: str | None
    """The winning seat, or None for a draw."""
    reason: str = "victory"
    """``victory``, ``concede``, ``abandon``..."""
    detail: JSON = field(default_factory=dict)
    """The game's account of the end; ``score``: each seat's game score (glory, victory points), which a
    league records beside the winner."""


@runtime_checkable
class GameSystem(Protocol):
    """One game's rules: pure functions of state, seat, action and a random source."""

    info: SystemInfo

    def setup(self, options: JSON, seats: tuple[str, ...], rng: Rng) -> JSON:
        """The state at the start of a match; ``seats``: only the seats in play (``info.seats_for(players)``)."""
        ...

    def legal_actions(self, state: JSON, seat: str) -> list[JSON]:
        """Every action ``seat`` may take now, in a stable order."""
        ...

    def apply(self, state: JSON, seat: str, action: JSON, rng: Rng) -> tuple[JSON, list[JSON]]:
        """The new state and the events, or ``IllegalAction`` with the state untouched."""
        ...

    def view(self, state: JSON, seat: str | None) -> JSON:
        """What ``seat`` may see (``None``: a spectator); hidden information removed."""
        ...

    def outcome(self, state: JSON) -> Outcome | None:
        """The result once the game is over, else None."""
        ...


@runtime_checkable
class Concedes(Protocol):
    """Optional: a game of more than two players that goes on when one of them concedes.

    ``concede`` takes ``seat`` out of play and returns the new state (the game goes on, and
    ``legal_actions`` no longer offers that seat anything), or the ``Outcome`` when the
    concession ends the game (one player left). Without it, a player cannot concede a match of
    three or more (they may ask to abandon it); between two players the other one wins, hook or not.
    """

    def concede(self, state: JSON, seat: str) -> JSON | Outcome:
        ...


@dataclass(frozen=True, slots=True)
class Sample:
    """One set-up the shared conformance suite (``tests/conformance/``) plays to its end with random players.

    A game lists, as ``samples``, one per mode, player count and shipped pack it has, so the suite covers them all.
    """

    name: str
    """Short and unique within the game (``duel``, ``three-players``, ``quest``): the test's id."""
    options: JSON = field(default_factory=dict)
    """What ``setup`` is given."""
    players: int = 2
    max_actions: int = 3000
    """The game's bound: a match of random players ends within this many actions, or the suite fails."""


@runtime_checkable
class Samples(Protocol):
    """Optional: the set-ups the conformance suite plays; without it, one default set-up with the fewest seats."""

    samples: tuple[Sample, ...]


@runtime_checkable
class Secrets(Protocol):
    """Required of a game with hidden information (the conformance suite checks non-interference with it).

    ``redeal`` returns ``state`` with ``seat``'s hidden information (hand, deck order, book, secret choices,
    face-down cards, plans) drawn again with ``rng``, and nothing else changed: everything another seat or a
    spectator may know (counts, revealed and public cards, costs paid, positions) stays as it is, and the new
    secrets are ones ``seat`` could have had given all that, so the match can go on from either state. A game with
    no hidden information returns ``state`` unchanged. The practice opponent samples the positions it cannot see
    with the same call.
    """

    def redeal(self, state: JSON, seat: str, rng: Rng) -> JSON:
        ...


@dataclass(slots=True)
class _Entry:
    info: SystemInfo
    system: GameSystem | None


_REGISTRY: dict[str, _Entry] = {}


def announce(info: SystemInfo) -> None:
    """List a game system the project will referee but whose engine is not available yet."""
    _REGISTRY.setdefault(info.key, _Entry(info, None))


def register(system: GameSystem) -> None:
    """Make a game system playable."""
    _REGISTRY[system.info.key] = _Entry(system.info, system)


def unregister(key: str) -> None:
    """Remove a system (used by tests that register their own)."""
    _REGISTRY.pop(key, None)


def all_systems() -> list[tuple[SystemInfo, bool]]:
    """Every known system and whether it can be played now, in a stable order."""
    return [(e.info, e.system is not None) for e in sorted(_REGISTRY.values(), key=lambda e: e.info.name)]


def find_info(key: str) -> SystemInfo:
    """A system's info by key or alias.

    :raises NotFound: core.unknown_system
    """
    k = key.strip().lower()
    for entry in _REGISTRY.values():
        if k == entry.info.key or k in entry.info.aliases or k == entry.info.name.lower():
            return entry.info
    raise NotFound("core.unknown_system", game=key, games=", ".join(e.info.key for e in _REGISTRY.values()))


def find_system(key: str) -> GameSystem:
    """A playable system by key or alias.

    :raises NotFound: core.unknown_system
    :raises IllegalAction: core.system_not_available
    """
    from engine.core.errors import IllegalAction

    info = find_info(key)
    system = _REGISTRY[info.key].system
    if system is None:
        raise IllegalAction("core.system_not_available", game=info.name)
    return system
