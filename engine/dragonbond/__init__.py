"""Dragonbond: Batallas de Valerna: its dice and odds; the rules engine is not available yet."""
from __future__ import annotations

from engine.core.system import SystemInfo, announce

announce(SystemInfo("dragonbond", "Dragonbond: Batallas de Valerna", ("player1", "player2"),
                    aliases=("db", "valerna"), summary="Free-measurement skirmish with dragons"))
