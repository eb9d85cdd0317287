"""The local table's game commands, built from each game's command specs: ``/<game> move fighter:Ta to:c4``.

Every game gets the same commands it has on Discord: its specs, ``do`` (lists the legal actions,
numbered; ``/<game> do 3`` picks one), ``board``, ``undo``, its private view (``/<game> hand``) and its
information commands. A two-word command (``/<game> setup warband``) also answers to its last word
(``/<game> warband``) when no other command has that name. Boards are written to ``BOARDS_DIR``.
"""
from __future__ import annotations

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

        def handler(ctx: Context, _spec: CommandSpec = spec, **values: Any) -> Reply:
            return game.run(ctx, _spec.name, values)

        local.command(f"{group} {spec.name}", params, help=f"/{group} {spec.name} {_example(spec)} — "
                                                         f"{spec.description}")(handler)
        last = spec.name.split()[-1]
        if last != spec.name and names.count(last) == 0 and sum(n.split()[-1] == last for n in names) == 1:
            local.command(f"{group} {last}", params)(handler)

    async def private(ctx: Context) -> Reply:
        return await game.private(ctx)

    async def board(ctx: Context) -> Reply:
        return await game.board(ctx)

    async def undo_(ctx: Context) -> Reply:
        return await undo.request(game.table, ctx)

    local.command(f"{group} {game.presenter.private_command}", [],
                  help=f"/{group} {game.presenter.private_command} — only you see it")(private)
    local.command(f"{group} board", [], help=f"/{group} board — the board and the turn panel again")(board)
    local.command(f"{group} undo", [], help=f"/{group} undo — take back your last action (your opponent "
                                            "must accept)")(undo_)
    for info in game.presenter.info_commands:
        async def show(ctx: Context, _run=info.run) -> Reply:
            return _run(ctx.lang)
        local.command(f"{group} {info.name}", [], help=f"/{group} {info.name} — {info.description}")(show)


def install(local: LocalTable, play: Play) -> None:
    """Register every game's commands."""
    for game in play.games.values():
        install_game(local, game)
