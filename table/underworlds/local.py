"""The local table's ``/uw ...`` commands: the same Underworlds commands as Discord, typed as text.

``/uw move fighter:Ta to:c4``, ``/uw do`` (lists the legal actions, numbered), ``/uw do 3``,
``/uw hand``, ``/uw board``, ``/uw undo``. Boards are written to ``BOARDS_DIR`` like every image.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from table import undo
from table.context import Context
from table.reply import Reply
from table.underworlds.text import coverage_reply
from table.underworlds.table import COMMANDS, UnderworldsTable

if TYPE_CHECKING:
    from table.local import LocalTable

SETUP = ("warband", "deck", "board", "layout", "first", "redraw")
"""Commands Discord groups under ``/uw setup``; the local table accepts both spellings."""
_EXAMPLES = {"move": "fighter:Ta to:c4", "charge": "fighter:Ta to:c4", "attack": "fighter:Ta target:SS weapon:0",
             "deploy": "fighter:Ta hex:b1", "token": "hex:d3", "do": "[number]"}


def install(local: "LocalTable") -> None:
    """Register the Underworlds commands on a local table."""
    uw = UnderworldsTable(local.services.table)

    def make(name: str):
        spec = COMMANDS[name]
        params = list(spec.fields) or ["action"]

        async def handler(ctx: Context, **values: str) -> Reply:
            return await uw.run(ctx, name, values)
        return handler, params

    for name in COMMANDS:
        handler, params = make(name)
        example = _EXAMPLES.get(name, " ".join(f"{p}:…" for p in params))
        local.command(f"uw {name}", params, help=f"/uw {name} {example}")(handler)
        if name in SETUP:
            local.command(f"uw setup {name}", params)(handler)

    @local.command("uw hand", [], help="/uw hand — your hand with the card texts (only you)")
    async def hand(ctx: Context) -> Reply:
        return await uw.hand(ctx)

    @local.command("uw coverage", [], help="/uw coverage — how many cards are automated")
    async def coverage(ctx: Context) -> Reply:
        return coverage_reply()

    @local.command("uw board", [], help="/uw board — the board and the turn panel again")
    async def board(ctx: Context) -> Reply:
        return await uw.board(ctx)

    @local.command("uw undo", [], help="/uw undo — take back your last action (your opponent must accept)")
    async def undo_(ctx: Context) -> Reply:
        return await undo.request(local.services.table, ctx)
