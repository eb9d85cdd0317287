"""Every game's table together: the button router, the panel after an accept or an undo, reminders.

``Play`` builds one ``GameTable`` per registered presenter and answers what is not one game's: a
``m:`` button (accept, decline, abandon, undo, a seat's handover) goes to the lifecycle, ``undo`` or ``handover``; a
``g:`` button or select menu goes to the table of its match's game.
"""
from __future__ import annotations

from engine.core.errors import GameError, NotAllowed, NotFound
from table import handover, undo
from table.context import Context
from table.display import Display
from table.game_table import GameTable, board_cache
from table.history import History
from table.lifecycle import Table
from table.match import Match
from table.presenter import presenters
from table.reminders import Reminders
from table.render_pool import Renderer, shared_renderer
from table.reply import Reply
from table.windows import Windows


class Play:
    """The games at the table, by game key."""

    def __init__(self, table: Table, *, idle_minutes: int = 0, renderer: Renderer | None = None) -> None:
        self.table = table
        self.reminders = Reminders(table, idle_minutes * 60)
        self.windows = Windows(table)
        self.renderer = renderer or shared_renderer()
        """Draws the boards in worker processes, off the event loop (one pool for every game)."""
        boards = board_cache()  # one budget for every game's matches
        self.display = Display(table)
        """Each player's choice: boards after every step, or at the end of their turn (``/match boards``)."""
        self.games: dict[str, GameTable] = {p.game: GameTable(table, p, self.reminders, self.windows, self.renderer,
                                                              boards, self.display)
                                            for p in presenters()}
        table.show = self.show
        self.history = History(table, self.renderer)
        """A match's past: the board at any step, the replay (``/match board``, ``/match replay``)."""

    def game(self, key: str) -> GameTable:
        """The table of one game.

        :raises NotFound: core.table.no_presenter
        """
        try:
            return self.games[key]
        except KeyError:
            raise NotFound("core.table.no_presenter", game=key) from None

    async def show(self, ctx: Context, match: Match, headline: str) -> Reply:
        """A match with its game's panel (whose decision, with its buttons), under a headline."""
        game = self.games.get(match.game)
        if game is None or match.state is None:
            return Reply(content=headline, embeds=[self.table.status_embed(match, ctx.lang)])
        await self.reminders.arm(match)
        await self.windows.arm(match, game)
        return await game.show(ctx, match, headline)

    async def press(self, ctx: Context, custom_id: str, values: list[str] | None = None) -> Reply:
        """Route a button or a select menu: ``m:<verb>:<match id>``, or ``g:<match id>:...`` to its game.

        :raises NotFound: core.unknown_button
        """
        parts = custom_id.split(":")
        if len(parts) == 4 and parts[0] == "m" and parts[1] in ("concede", "abandon"):  # a confirmation: its asker's
            if parts[3] != str(ctx.actor.user_id):
                raise NotAllowed("core.confirm_not_yours")
            reply = await (self.table.concede if parts[1] == "concede" else self.table.abandon)(ctx, parts[2])
            reply.retire = True
            return reply
        if len(parts) == 3 and parts[0] == "m":
            verb, match_id = parts[1], parts[2]
            if verb == "undo":
                return await undo.request(self.table, ctx, match_id)
            if verb in ("accept", "decline"):
                reply = await self.table.answer_invite(ctx, match_id, verb == "accept")
            elif verb == "abandon":
                reply = await self.table.abandon(ctx, match_id)
            elif verb in ("undo-yes", "undo-no"):
                reply = await undo.answer(self.table, ctx, match_id, verb == "undo-yes")
            elif verb in ("sub-yes", "sub-no"):
                return await handover.answer(self.table, ctx, match_id, verb == "sub-yes")
            else:
                raise NotFound("core.unknown_button")
            reply.retire = True  # an answered invitation or request keeps no buttons to press again
            return reply
        if len(parts) >= 3 and parts[0] == "g":
            store = self.table.store
            # The match as this process kept it: a round trip fewer per press. The save compares versions, so a
            # change is never made to a stale copy; a refusal read off one is checked again on the stored match.
            kept = store.kept(parts[1])
            match = kept or await store.load(parts[1])
            game = self.games.get(match.game)
            if game is not None:
                try:
                    return await game.press(ctx, match, custom_id, values)
                except GameError:
                    if kept is None or store.saved_since(kept):
                        raise
                return await game.press(ctx, await store.load(parts[1]), custom_id, values)
        raise NotFound("core.unknown_button")

    async def due_windows(self, now: float | None = None) -> list[tuple[str, int, Reply]]:
        """Every window past its deadline, passed for the players who held nothing: (match, thread, reply)."""
        return await self.windows.due(self.games, now)

    async def due_reminders(self, now: float | None = None) -> list[tuple[str, int, Reply]]:
        """Every reminder that is due, as (match, thread, reply)."""
        def waiting(match: Match) -> tuple[list[int], str, str]:
            game = self.games.get(match.game)
            if game is None:
                return [], "", ""
            users, step = game.reminder_text(match, match.lang)
            return users, step, f"/{game.presenter.command} do"
        return await self.reminders.due(waiting, now)
