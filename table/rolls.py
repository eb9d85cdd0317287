"""``/roll``: quick rolls for anyone, and rolls that go to the match log when made in a match thread.

Outside a match the operating system's generator rolls (``secrets``) and the roll is kept in
the roller's history. In a match thread a seated player rolls with the match's provably fair
generator, and the roll and its draws are logged, so ``/match verify`` checks it later.
A secret roll is answered only to the roller and logged as visible to their seat only.
"""
from __future__ import annotations

import json
from typing import Any

from engine.core.errors import GameError
from engine.core.rng import SystemRng
from table.context import Context
from table.dice_readers import RollReading, read, with_defaults
from table.fairness import RecordingRng
from table.lifecycle import Table
from table.match import Match, Status
from table.reply import Embed, Reply

ROLL_HISTORY = 50
"""Quick rolls kept per user."""


class Rolls:
    """Rolls dice for a command and says where the roll is recorded."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.store = table.store

    async def _match_here(self, ctx: Context) -> Match | None:
        match_id = await self.store.match_in(ctx.channel_id)
        if match_id is None:
            return None
        try:
            match = await self.store.load(match_id)
        except GameError:
            return None
        if match.status is not Status.ACTIVE or match.seat_of(ctx.actor.user_id) is None:
            return None
        return match

    async def roll(self, ctx: Context, reader: str, options: dict[str, Any], *, secret: bool = False) -> Reply:
        """Roll with the reader called ``reader``; nothing is stored unless the roll is valid.

        The options logged are complete (the reader's defaults filled in), so the roll replays
        the same even if a default changes later.
        """
        options = with_defaults(reader, options)
        match = await self._match_here(ctx)
        if match is None:
            reading = read(reader, SystemRng(), options, ctx.lang)
            await self._remember(ctx, reading)
            where = ""
        else:
            def change(m: Match):
                seat = m.seat_of(ctx.actor.user_id)
                rng = RecordingRng(self.table.seed(m.id), m.rng_counter)
                reading = read(reader, rng, options, ctx.lang)
                entry = {"kind": "roll", "by": ctx.actor.user_id, "seat": seat, "text": reading.summary,
                         "reader": reader, "options": options, "rolls": reading.rolls, "draws": rng.draws}
                if secret:
                    entry["visible_to"] = [seat]
                return m.model_copy(update={"rng_counter": rng.counter}), [entry], reading

            saved, reading = await self.table.update(match.id, change, loaded=match)
            where = ctx.say("roll.logged", entry=saved.log_length, match=saved.id)
        footer = " · ".join(filter(None, [ctx.say("roll.by", name=ctx.actor.name),
                                          ctx.say("roll.secret") if secret else "", where]))
        return Reply(embeds=[Embed(title=reading.title, description="\n".join(reading.lines)[:4000],
                                   footer=footer)], ephemeral=secret)

    async def _remember(self, ctx: Context, reading: RollReading) -> None:
        key = f"{self.store.prefix}:rolls:{ctx.actor.user_id}"
        pipe = self.store.redis.pipeline(transaction=False)
        pipe.lpush(key, json.dumps({"at": self.table.clock(), "text": reading.summary, "rolls": reading.rolls}))
        pipe.ltrim(key, 0, ROLL_HISTORY - 1)
        await pipe.execute()
