"""Response windows: a player with nothing to answer is passed for, after a random delay, for any game.

When a game's presenter says a window is open for a seat (``Presenter.window``: the rules let it reveal a
card or counter a spell, or let the moment pass), the table draws a delay for that window from ``secrets``
— whether or not the seat holds an answer, so the delay says nothing about it — and keeps the deadline in a
sorted set (``<prefix>:windows``), like the idle reminders. Past the deadline, if the match has not moved and
the seat still holds nothing, the table plays the window's ``answer`` for it, unless its player asked to be
always asked (``<prefix>:always-ask``). This module knows no game.
"""
from __future__ import annotations

import secrets
from typing import Any, Callable, Mapping

from table.context import Actor, Context
from table.match import Match, Status
from table.reply import Reply

GameTable = Any
"""A ``table.game_table.GameTable`` (not imported: it imports this module)."""

DELAY = (3.0, 12.0)
"""Seconds a window stays open for a player with nothing to answer: drawn uniformly in this range."""
MAX_PER_ROUND = 50


class Windows:
    """Open windows' deadlines and the players who want to be always asked, in Redis."""

    def __init__(self, table, delay: tuple[float, float] = DELAY,
                 uniform: Callable[[float, float], float] | None = None) -> None:
        self.table = table
        self.store = table.store
        self.delay = delay
        self.uniform = uniform or secrets.SystemRandom().uniform
        self.key = f"{self.store.prefix}:windows"
        self.ask_key = f"{self.store.prefix}:always-ask"

    async def arm(self, match: Match, game: GameTable) -> dict[str, float]:
        """Draw a deadline for each window open now; returns them by seat (none once the match is over)."""
        if match.status is not Status.ACTIVE or match.state is None:
            return {}
        presenter_window = getattr(game.presenter, "window", None)
        if presenter_window is None:
            return {}
        out: dict[str, float] = {}
        for seat in game.scene(match).awaiting:
            window = presenter_window(game.scene(match, seat), game.legal(match, seat))
            if window is None:
                continue
            # Drawn before, and whatever, ``window.holds`` says: the delay must not depend on it.
            out[seat] = match.updated_at + self.uniform(*self.delay)
            await self.store.redis.zadd(self.key, {f"{match.id}|{match.log_length}|{seat}": out[seat]})
        return out

    async def always_ask(self, user_id: int, on: bool) -> None:
        """A player's choice: never be passed for (every window waits for them)."""
        if on:
            await self.store.redis.sadd(self.ask_key, str(user_id))
        else:
            await self.store.redis.srem(self.ask_key, str(user_id))

    async def asks(self, user_id: int) -> bool:
        return bool(await self.store.redis.sismember(self.ask_key, str(user_id)))

    async def due(self, games: Mapping[str, GameTable], now: float | None = None) -> list[tuple[str, int, Reply]]:
        """Pass for every seat whose window is past its deadline and who holds nothing: (match, thread, reply)."""
        now = self.table.clock() if now is None else now
        due = await self.store.redis.zrangebyscore(self.key, "-inf", now, start=0, num=MAX_PER_ROUND)
        out = []
        for raw in due:
            member = raw.decode() if isinstance(raw, bytes) else str(raw)
            if not await self.store.redis.zrem(self.key, member):
                continue  # another process took this window first: it passes once, there
            match_id, n, seat = member.split("|")
            try:
                match = await self.store.load(match_id)
            except Exception:  # noqa: BLE001 - expired or deleted: nothing to pass for
                continue
            game = games.get(match.game)
            if game is None or match.status is not Status.ACTIVE or match.log_length != int(n):
                continue  # the match moved on: this window is closed
            window = game.presenter.window(game.scene(match, seat), game.legal(match, seat))
            holder = match.holder(seat)
            if window is None or window.holds or await self.asks(holder.user_id):
                continue
            ctx = Context(Actor(holder.user_id, holder.name), channel_id=match.where, guild_id=match.guild_id,
                          lang=match.lang)
            try:
                reply = await game.act(ctx, window.answer, match.id, expect=int(n))
            except Exception:  # noqa: BLE001 - someone acted meanwhile: the window is closed
                continue
            for where, post in reply.posts if reply.ephemeral else [(match.where, reply)]:
                out.append((match.id, where, post))
        return out
