"""Commands described as data: the same description builds the Discord slash command, the local
table's text command, autocomplete and the action a command makes.

Nothing here knows a game: a game's presenter lists its ``CommandSpec``s (``/<game> move``), a dice
family lists the ``Option``s of its ``/roll`` and ``/odds`` commands.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.core.errors import InvalidInput

OptionKind = type[str] | type[int] | type[bool]


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a command, as Discord's client and the local table show it."""

    name: str
    """The option's name (``fighter``); lower case, as Discord requires."""
    description: str = "…"
    kind: OptionKind = str
    required: bool = True
    choices: tuple[str, ...] = ()
    """A fixed list of values (shown as a menu); empty: any value of ``kind``."""
    min: int | None = None
    max: int | None = None
    """Bounds of an ``int`` option, or the length of a ``str`` one."""
    field: str | None = None
    """The action field this option fills (default: its name)."""
    autocomplete: bool = False
    """Offer the values legal now as the user types."""
    default: Any = None
    """The value of an optional option left out."""

    @property
    def key(self) -> str:
        """The action field filled by this option."""
        return self.field or self.name

    def convert(self, value: Any) -> Any:
        """A typed value (text at the local table) as this option's kind.

        :raises InvalidInput: core.table.bad_option
        """
        if value is None or self.kind is str:
            return value if value is None else str(value)
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("yes", "true", "1", "on", "sí", "si"):
                return True
            if text in ("no", "false", "0", "off"):
                return False
            raise InvalidInput("core.table.bad_option", option=self.name, value=str(value), expected="yes/no")
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise InvalidInput("core.table.bad_option", option=self.name, value=str(value),
                               expected="a whole number") from None
        if (self.min is not None and number < self.min) or (self.max is not None and number > self.max):
            raise InvalidInput("core.table.bad_option", option=self.name, value=str(value),
                               expected=f"{self.min} to {self.max}")
        return number


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One game command (``/<game> <name>``) and the actions it makes.

    With ``options`` empty the command has one option, ``action``, that picks a whole legal action
    of ``types`` (every legal action when ``types`` is empty: the ``do`` command). Otherwise each
    option fills one action field and the command makes an action of ``types[0]`` (or of the one
    legal type the filled fields fit).
    """

    name: str
    """Words after the game's command: ``move``, ``setup warband``, ``ref wounds``."""
    description: str
    types: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    fixed: Mapping[str, Any] = field(default_factory=dict)
    """Action fields the command always sets (a referee command's ``{"type": "AdjustWounds"}``)."""
    free: bool = False
    """The action need not be one of the legal actions listed (referee commands: the engine checks it)."""
    example: str = ""
    """Options as typed at the local table, for the help line (``fighter:Ta to:c4``)."""
    query: bool = False
    """The command only reads the match (a measurement): no action is made; the presenter's
    ``query(scene, name, values)`` answers it, to its asker only, and anyone in the match may ask."""

    @property
    def picks_action(self) -> bool:
        """Whether the command's one option chooses a whole legal action."""
        return not self.options

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    @property
    def parameters(self) -> tuple[Option, ...]:
        """The options as the user sees them (``action`` for a picking command)."""
        if self.picks_action:
            return (Option("action", "What to do (type to filter: only what is possible now)", required=False,
                           autocomplete=True),)
        return self.options
