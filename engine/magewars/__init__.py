"""Mage Wars Arena: its dice and odds; the rules engine is not available yet."""
from __future__ import annotations

from engine.core.system import SystemInfo, announce

announce(SystemInfo("magewars", "Mage Wars Arena", ("player1", "player2"),
                    aliases=("mw", "mage wars"), summary="Duel of mages in a zoned arena"))
