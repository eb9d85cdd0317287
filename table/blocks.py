"""Each player's block list (issue #36): ``/block @user`` refuses that user's challenges to you. Leagues are not
affected: the organiser pairs, and ``/league play`` challenges the opponent of the round whoever blocked whom.

One Redis set per player, ``<prefix>:blocks:<user id>``, of the users they block (a player's own, across servers).
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from table.context import Actor, Context, safe
from table.reply import Reply

MAX_BLOCKED = 500
"""How many users one player may block (a set of ids: a few kilobytes at most)."""


class Blocks:
    """Who blocks whom."""

    def __init__(self, redis: Any, prefix: str) -> None:
        self.redis = redis
        self.prefix = prefix

    def _key(self, user: int) -> str:
        return f"{self.prefix}:blocks:{user}"

    async def blocked_by(self, users: list[int], challenger: int) -> list[int]:
        """Which of ``users`` block ``challenger`` (a round trip each: one to three opponents, once a challenge)."""
        return [u for u in users if await self.redis.sismember(self._key(u), str(challenger))]

    async def of(self, user: int) -> list[int]:
        """Whom ``user`` blocks."""
        return sorted(int(x) for x in await self.redis.smembers(self._key(user)))

    async def block(self, ctx: Context, other: Actor) -> Reply:
        """``/block @user``: their challenges to you are refused from now on; without a user, whom you block.

        :raises IllegalAction: core.block_self, core.block_too_many
        """
        if other.user_id == ctx.actor.user_id:
            raise IllegalAction("core.block_self")
        if await self.redis.scard(self._key(ctx.actor.user_id)) >= MAX_BLOCKED:
            raise IllegalAction("core.block_too_many", limit=MAX_BLOCKED)
        await self.redis.sadd(self._key(ctx.actor.user_id), str(other.user_id))
        return Reply(content=ctx.say("core.blocked_now", user=f"<@{other.user_id}>", name=safe(other.name)),
                     ephemeral=True)

    async def unblock(self, ctx: Context, other: Actor) -> Reply:
        """``/unblock @user``: their challenges reach you again."""
        removed = await self.redis.srem(self._key(ctx.actor.user_id), str(other.user_id))
        return Reply(content=ctx.say("core.unblocked_now" if removed else "core.not_blocked",
                                     user=f"<@{other.user_id}>", name=safe(other.name)), ephemeral=True)

    async def listing(self, ctx: Context) -> Reply:
        """Whom the caller blocks (only they see it)."""
        users = await self.of(ctx.actor.user_id)
        if not users:
            return Reply(content=ctx.say("core.blocks_none"), ephemeral=True)
        return Reply(content=ctx.say("core.blocks_list", users=", ".join(f"<@{u}>" for u in users[:100])),
                     ephemeral=True)
