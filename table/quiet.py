"""Each player's quiet hours (issue #36): in their own time zone, the hours during which the bot's reminders to them
either wait until the hours end (``wait``) or are posted without a notification (``silent``, Discord's ``@silent``).

One Redis hash per player, ``<prefix>:quiet:<user id>``: ``start``, ``end`` (``HH:MM``), ``tz`` (IANA), ``mode``.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import time
from typing import Any

from engine.core.errors import InvalidInput
from engine.league import times
from table.context import Context, safe
from table.reply import Reply

MODES = ("wait", "silent")


@dataclass(frozen=True, slots=True)
class Quiet:
    start: time
    end: time
    tz: str
    mode: str
    """``wait`` (a reminder waits until the hours end) or ``silent`` (posted without a notification)."""

    def until(self, now: float) -> float | None:
        """When the quiet hours end, if ``now`` is within them (None otherwise)."""
        return times.quiet_until(now, self.start, self.end, times.zone(self.tz))


def _clock(text: str, what: str) -> time:
    """``23:00`` or ``8`` as a wall-clock time.

    :raises InvalidInput: quiet.bad_time
    """
    raw = (text or "").strip()
    try:
        hours, _, minutes = raw.partition(":")
        return time(int(hours), int(minutes or 0))
    except ValueError:
        raise InvalidInput("quiet.bad_time", what=what, value=raw[:10]) from None


class QuietHours:
    """Players' quiet hours, in Redis."""

    def __init__(self, redis: Any, prefix: str) -> None:
        self.redis = redis
        self.prefix = prefix

    def _key(self, user: int) -> str:
        return f"{self.prefix}:quiet:{user}"

    async def of(self, users: list[int]) -> dict[int, Quiet]:
        """The quiet hours of those of ``users`` who set them (one round trip)."""
        if not users:
            return {}
        async with self.redis.pipeline(transaction=False) as pipe:
            for user in users:
                pipe.hgetall(self._key(user))
            found = await pipe.execute()
        out = {}
        for user, raw in zip(users, found):
            if raw:
                data = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
                        for k, v in raw.items()}
                out[user] = Quiet(time.fromisoformat(data["start"]), time.fromisoformat(data["end"]), data["tz"],
                                  data["mode"])
        return out

    async def command(self, ctx: Context, start: str | None = None, end: str | None = None,
                      timezone: str | None = None, mode: str | None = None) -> Reply:
        """``/quiet start end [timezone] [mode]``: set one's quiet hours; ``mode:off`` removes them; nothing given:
        what is set (only the caller sees the answer).

        :raises InvalidInput: quiet.bad_time, quiet.bad_mode, quiet.need_both, league.bad_timezone
        """
        user = ctx.actor.user_id
        chosen = (mode or "").strip().lower()
        if chosen == "off":
            await self.redis.delete(self._key(user))
            return Reply(content=ctx.say("quiet.off"), ephemeral=True)
        if not (start or end or timezone or chosen):
            quiet = (await self.of([user])).get(user)
            if quiet is None:
                return Reply(content=ctx.say("quiet.none"), ephemeral=True)
            return Reply(content=ctx.say("quiet.set", start=quiet.start.strftime("%H:%M"),
                                         end=quiet.end.strftime("%H:%M"), timezone=quiet.tz,
                                         mode=ctx.say(f"quiet.mode.{quiet.mode}")), ephemeral=True)
        if chosen and chosen not in MODES:
            raise InvalidInput("quiet.bad_mode", value=safe(chosen, 20), modes=", ".join((*MODES, "off")))
        if not (start and end):
            raise InvalidInput("quiet.need_both")
        begins, ends = _clock(start, "start"), _clock(end, "end")
        tz = (timezone or "").strip() or "UTC"
        try:
            times.zone(tz)
        except ValueError:
            raise InvalidInput("league.bad_timezone", value=tz[:40]) from None
        await self.redis.hset(self._key(user), mapping={"start": begins.isoformat("minutes"),
                                                         "end": ends.isoformat("minutes"), "tz": tz,
                                                         "mode": chosen or "wait"})
        return Reply(content=ctx.say("quiet.set", start=begins.strftime("%H:%M"), end=ends.strftime("%H:%M"),
                                     timezone=tz, mode=ctx.say(f"quiet.mode.{chosen or 'wait'}")), ephemeral=True)
