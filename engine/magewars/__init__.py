"""Mage Wars Arena: its dice and odds, and the duel engine (``system.SYSTEM``). The table would still need a
presenter, so the game is only announced here, not registered as playable."""
from __future__ import annotations

from engine.core.system import SystemInfo, announce

announce(SystemInfo("magewars", "Mage Wars Arena", ("player1", "player2"),
                    aliases=("mw", "mage wars"), summary="Duel of mages in a zoned arena"))


def system():
    """The rules engine (a GameSystem); imported on demand so announcing the game stays cheap."""
    from engine.magewars.system import SYSTEM
    return SYSTEM
