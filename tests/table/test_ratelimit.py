"""The per-user command rate limit (real Redis)."""
from __future__ import annotations

import pytest

from table.ratelimit import RateLimit, RateLimited


async def test_rate_limit_refuses_commands_over_the_limit_in_one_minute(redis, prefix):
    limit = RateLimit(redis, prefix, per_minute=3)
    for _ in range(3):
        await limit.check(1, now=600.0)
    with pytest.raises(RateLimited) as err:
        await limit.check(1, now=610.0)
    assert err.value.params["seconds"] == 50
    await limit.check(2, now=610.0)  # another user is not affected
    await limit.check(1, now=660.0)  # the next minute starts afresh
