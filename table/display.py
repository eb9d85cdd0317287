"""Each player's display choice (issue 34 item 6): the board after every step, or only at the end of their turn.

A player who turns the board off after every step still sees it when their turn ends (the match waits for someone
else), when the match ends, and whenever they ask (the panel's Board button, ``/<game> board``): their steps within
a turn are posted in words, with no board drawn. The choice is the player's own, for every match and game, and
applies to the posts their own steps make: each player's steps follow that player's choice. Kept in Redis
(``<prefix>:boards-at-turn-end``, a set of user ids)."""
from __future__ import annotations

from table.context import Context
from table.reply import Reply

EVERY_STEP = "every_step"
TURN_END = "turn_end"
CHOICES = (EVERY_STEP, TURN_END)


class Display:
    """The players who want boards only at the end of their turn."""

    def __init__(self, table) -> None:
        self.store = table.store
        self.key = f"{self.store.prefix}:boards-at-turn-end"

    async def at_turn_end(self, user_id: int) -> bool:
        """Whether ``user_id``'s steps post the board only at the end of their turn."""
        return bool(await self.store.redis.sismember(self.key, str(user_id)))

    async def choose(self, ctx: Context, when: str) -> Reply:
        """The caller's choice: ``every_step`` or ``turn_end``.

        :raises InvalidInput: core.display.bad_choice
        """
        from engine.core.errors import InvalidInput

        if when not in CHOICES:
            raise InvalidInput("core.display.bad_choice", value=str(when)[:40], choices=", ".join(CHOICES))
        if when == TURN_END:
            await self.store.redis.sadd(self.key, str(ctx.actor.user_id))
        else:
            await self.store.redis.srem(self.key, str(ctx.actor.user_id))
        return Reply(content=ctx.say(f"core.display.{when}"), ephemeral=True)
