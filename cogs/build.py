"""Slash commands built from ``Option`` lists (table/commands.py), so commands described as data
become real discord.py commands with typed, described, bounded options.

discord.py reads a command's options from its callback's signature (``inspect.signature``, which
honours ``__signature__``); the callback built here gets a synthesized signature whose parameters
carry the annotations a hand-written callback would have: ``str``, ``int``, ``bool``,
``app_commands.Range[int|str, min, max]``, ``typing.Literal[...]`` for choices, and the default
``None`` for an optional option. Descriptions and autocomplete go through the public decorators
``app_commands.describe`` and ``app_commands.autocomplete``; so the synced command is exactly what
the equivalent hand-written command would sync.
"""
from __future__ import annotations

import inspect
from typing import Any, Awaitable, Callable, Literal, Mapping, Sequence

import discord
from discord import app_commands

from table.commands import Option

Run = Callable[..., Awaitable[None]]
"""``run(interaction, **values)``: every option's value by name (None for an optional one left out)."""
Autocomplete = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[Any]]]]
"""``callback(interaction, current)``: the choices to offer while the user types (at most 25)."""


def annotation(option: Option) -> Any:
    """The type discord.py turns into this option: choices, ranges and kinds."""
    if option.choices:
        if option.kind is bool:
            raise ValueError(f"option {option.name!r}: a yes/no option has no choices")
        return Literal[tuple(option.kind(c) for c in option.choices)]  # type: ignore[misc]
    if option.kind is not bool and (option.min is not None or option.max is not None):
        return app_commands.Range[option.kind, option.min, option.max]  # bounds, or a text's length
    return option.kind


def command_from_options(name: str, description: str, options: Sequence[Option], run: Run,
                         autocomplete: Mapping[str, Autocomplete] | None = None) -> app_commands.Command:
    """A slash command whose options are ``options`` and whose callback calls ``run(interaction, **values)``.

    ``autocomplete`` maps the name of each option marked ``autocomplete=True`` to its callback;
    every such option needs one, and no other option may have one.

    :raises ValueError: an autocomplete callback is missing or names an option not marked for it
    """
    autocomplete = dict(autocomplete or {})
    wanted = {o.name for o in options if o.autocomplete}
    if set(autocomplete) != wanted:
        missing, extra = sorted(wanted - set(autocomplete)), sorted(set(autocomplete) - wanted)
        raise ValueError(f"/{name}: autocomplete callbacks missing for {missing}, given for unmarked options {extra}")

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await run(interaction, **values)

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    for option in sorted(options, key=lambda o: not o.required):  # Discord lists required options first
        default = inspect.Parameter.empty if option.required else None
        parameters.append(inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                            annotation=annotation(option)))
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    # The qualified name stays "command_from_options.<locals>.callback": discord.py takes a callback whose
    # qualified name looks like a method's ("Class.method") to have a ``self`` first, and would skip an option.
    if options:
        callback = app_commands.describe(**{o.name: o.description[:100] for o in options})(callback)
    if autocomplete:
        callback = app_commands.autocomplete(**autocomplete)(callback)
    return app_commands.Command(name=name, description=description[:100], callback=callback)
