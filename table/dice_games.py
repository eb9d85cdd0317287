"""Dice families: each game's quick ``/roll <key>`` and ``/odds <key>`` commands, described as data.

A game's table package registers its family when imported (``register(DiceGame(...))``); the
Discord cog (cogs/dice.py) and the local table (table/local_dice.py) build their commands from
``dice_games()``, so neither names a game. The family's key is also its reader's name in the
match log, so it must never change once rolls were logged under it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from table.commands import Option
from table.dice_readers import Reader, register_reader
from table.reply import Reply

SECRET = Option("secret", "Only you see the result", bool, required=False)
"""The last option of every ``/roll`` command: answer the roller only (logged as visible to their seat)."""

OddsReader = Callable[..., Reply]
"""``odds(**options)``: the exact chances as a reply with a chart (see table/odds.py)."""


@dataclass(frozen=True, slots=True)
class DiceGame:
    """One family of dice: how its ``/roll <key>`` and ``/odds <key>`` commands look and what they do."""

    key: str
    """The subcommand's name and the reader's name in the log (``/roll <key>``)."""
    name: str
    """The game's name as people write it."""
    roll_description: str
    roll_options: tuple[Option, ...]
    """The options of ``/roll <key>``, without ``secret`` (every roll has it: ``roll_parameters``)."""
    read: Reader
    """``read(rng, **options)``, options named as in ``roll_options``; omitted ones take its defaults."""
    odds_description: str
    odds_options: tuple[Option, ...]
    odds: OddsReader
    """``odds(**options)``, options named as in ``odds_options``; omitted ones take its defaults."""
    roll_example: str = ""
    """Options as typed at the local table, for its help line (``attack:3 defence:2``)."""
    odds_example: str = ""

    def __post_init__(self) -> None:
        for options in (self.roll_parameters, self.odds_options):
            names = [o.name for o in options]
            if len(set(names)) != len(names):
                raise ValueError(f"dice family {self.key!r}: an option name is repeated in {names}")
            required = [o.required for o in options]
            if required != sorted(required, reverse=True):
                raise ValueError(f"dice family {self.key!r}: required options come first (as Discord shows them)")

    def run_odds(self, lang: str = "en", **options: object) -> Reply:
        """The odds reply in ``lang`` (where the family's ``odds`` takes a ``lang``)."""
        import inspect

        if "lang" in inspect.signature(self.odds).parameters:
            return self.odds(**options, lang=lang)
        return self.odds(**options)

    @property
    def roll_parameters(self) -> tuple[Option, ...]:
        """The options of ``/roll <key>`` as the user sees them: the family's, then ``secret``."""
        return self.roll_options + (SECRET,)


_GAMES: dict[str, DiceGame] = {}


def register(game: DiceGame) -> DiceGame:
    """Add a family of dice (once per key) and its reader."""
    if game.key in _GAMES:
        raise ValueError(f"a dice family called {game.key!r} is already registered")
    register_reader(game.key, game.read)
    _GAMES[game.key] = game
    return game


def dice_games() -> list[DiceGame]:
    """Every registered family, in the order registered (the games' order in engine/games.py)."""
    return list(_GAMES.values())


def dice_game(key: str) -> DiceGame:
    """The family called ``key``.

    :raises KeyError: no such family
    """
    return _GAMES[key]

