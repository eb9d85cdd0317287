"""A started bot has every game loaded and its start-up memory set aside from the garbage collector's full passes
(``cogs.client.settle_memory``): a full pass over it paused every match for 0.1-0.3 s now and then (Mage Wars'
slowest ``/mw do`` in bench/bench_magewars_table.py went from ~240 ms to ~30 ms p99)."""
from __future__ import annotations

import gc
import sys

from tests.discord.bot_fixtures import running_bot


async def test_a_started_bot_has_loaded_every_game_and_frozen_what_it_loaded(fake_discord, redis, prefix):
    import cogs.client

    async with running_bot(fake_discord, redis, prefix):
        assert cogs.client._settled and gc.get_freeze_count() > 0
        for module in ("engine.magewars.pack", "engine.dragonbond.geometry", "engine.tambores.system"):
            assert module in sys.modules, module  # imported by the warm-up, before anyone played
