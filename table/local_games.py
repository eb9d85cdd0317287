"""The local table's game commands, built from each game's command specs: ``/<game> move fighter:Ta to:c4``.

Every game gets the same commands it has on Discord: its specs, ``do`` (lists the legal actions,
numbered; ``/<game> do 3`` picks one), ``board``, ``undo``, its private view (``/<game> hand``) and its
information commands. A two-word command (``/<game> setup warband``) also answers to its last word
(``/<game> warband``) when no other command has that name. Boards are written to ``BOARDS_DIR``.
"""
from __future__ import annotations

import re
from typing import Any

from table import undo
from table.commands import CommandSpec
from table.context import Context
from table.game_table import GameTable
from table.local import LocalTable
from table.play import Play
from table.reply import Reply


def _example(spec: CommandSpec) -> str:
    return spec.example or " ".join(f"{o.name}:…" for o in spec.parameters if o.required) or "[number]"


def install_game(local: LocalTable, game: GameTable) -> None:
    """Register one game's commands on a local table."""
    group = game.presenter.command
    names = [spec.name for spec in game.specs.values()]
    for spec in game.specs.values():
        params = [o.name for o in spec.parameters]

        async def handler(ctx: Context, _spec: CommandSpec = spec, **values: Any) -> Reply:
            if _spec.picks_action and values.get("action"):
                picked = await filtered(ctx, game, _spec, str(values["action"]))
                if isinstance(picked, Reply):
                    return picked
                values = {**values, "action": picked}
            for option in _spec.options:
                if option.autocomplete and values.get(option.name):
                    value = await completed(ctx, game, _spec, option.name, values)
                    if isinstance(value, Reply):
                        return value
                    values = {**values, option.name: value}
            return await game.run(ctx, _spec.name, values)

        raw = spec.picks_action  # a choice is typed as its label reads: colons, apostrophes, inch marks
        local.command(f"{group} {spec.name}", params, help=f"/{group} {spec.name} {_example(spec)} — "
                                                         f"{spec.description}", raw=raw)(handler)
        last = spec.name.split()[-1]
        if last != spec.name and names.count(last) == 0 and sum(n.split()[-1] == last for n in names) == 1:
            local.command(f"{group} {last}", params, raw=raw)(handler)

    async def private(ctx: Context) -> Reply:
        return await game.private(ctx)

    async def board(ctx: Context) -> Reply:
        return await game.board(ctx)

    async def undo_(ctx: Context) -> Reply:
        return await undo.request(game.table, ctx)

    async def hint(ctx: Context) -> Reply:
        return await game.hint(ctx)

    local.command(f"{group} hint", [], help=f"/{group} hint — practice matches: the move the normal bot would make "
                                            "for you (only you see it)")(hint)
    local.command(f"{group} {game.presenter.private_command}", [],
                  help=f"/{group} {game.presenter.private_command} — your own view (only you see it)",
                  key="cmd.game.private")(private)
    local.command(f"{group} board", [], help=f"/{group} board — the board and the turn panel again")(board)
    local.command(f"{group} undo", [], help=f"/{group} undo — take back your last action (your opponent "
                                            "must accept)")(undo_)
    for info in game.presenter.info_commands:
        async def show(ctx: Context, _run=info.run) -> Reply:
            return _run(ctx.lang)
        local.command(f"{group} {info.name}", [], help=f"/{group} {info.name} — {info.description}")(show)


async def filtered(ctx: Context, game: GameTable, spec: CommandSpec, typed: str) -> str | Reply:
    """What ``/<game> do <text>`` picks, as Discord's autocomplete would: a number (``3``, ``12:3``) or an action
    written ``Type key=value`` as it is; other text filters the legal choices by their labels, as typing in
    the option does on Discord: one choice left is taken, several are listed (only those), none is said.

    Returns the choice to run, or the reply listing what matched."""
    text = typed.strip()
    if _CHOICE.match(text) or _WRITTEN.match(text):
        return text
    found = await game.choices(ctx, spec.name, "action", {}, text)
    exact = [value for label, value in found if label.casefold() == text.casefold()]
    if len(found) == 1 or len(exact) == 1:
        return (exact or [found[0][1]])[0]
    command = f"/{game.presenter.command} {spec.name}"
    if not found:
        return Reply(content=ctx.say("local.no_choice_matches", text=text, command=command), ephemeral=True)
    lines = [f"`{value.split(':')[-1]}` {label}" for label, value in found]
    return Reply(content=ctx.say("local.choices_matching", text=text, command=command) + "\n" + "\n".join(lines),
                 ephemeral=True)


async def completed(ctx: Context, game: GameTable, spec: CommandSpec, name: str, values: dict[str, Any]) -> str | Reply:
    """An option typed at the local table, completed as Discord's autocomplete would: a value offered as it is, else
    the offered choices whose label (or value) contains the text: one is taken, several are listed; with none the
    text goes on as typed (the game says what it accepts)."""
    typed = str(values[name]).strip()
    others = {k: v for k, v in values.items() if k != name}
    found = await game.choices(ctx, spec.name, name, others, typed)
    if not found or any(value == typed for _, value in found):
        return typed
    exact = [value for label, value in found if label.casefold() == typed.casefold()]
    if len(found) == 1 or len(exact) == 1:
        return (exact or [found[0][1]])[0]
    command = f"/{game.presenter.command} {spec.name}"
    lines = [f"`{name}:{value}` {label}" for label, value in found]
    return Reply(content=ctx.say("local.values_matching", text=typed, option=name, command=command) + "\n"
                 + "\n".join(lines), ephemeral=True)


_CHOICE = re.compile(r"^(?:\d+:)?\d+$")
"""A choice by its number (``3``) or as autocomplete sends it (``<log length>:<index>``)."""
_WRITTEN = re.compile(r"^[A-Z][A-Za-z]+(?:\s+\w+=\S*)+$")
"""An action written out, ``Move fighter=Ta to=c4`` (its type and fields)."""


def install(local: LocalTable, play: Play) -> None:
    """Register every game's commands."""
    for game in play.games.values():
        install_game(local, game)
