"""The game systems this project referees. Importing this module registers every available one."""
from __future__ import annotations

from engine.core.system import SystemInfo, announce

# Announced first; a game's package calls ``register`` once its engine plays a whole match.
announce(SystemInfo("underworlds", "Warhammer Underworlds: Wintermaw", ("player1", "player2"),
                    aliases=("uw", "whu", "wintermaw"), summary="Hex-board skirmish, two warbands"))
announce(SystemInfo("magewars", "Mage Wars Arena", ("player1", "player2"),
                    aliases=("mw", "mage wars"), summary="Duel of mages in a zoned arena"))
announce(SystemInfo("dragonbond", "Dragonbond: Batallas de Valerna", ("player1", "player2"),
                    aliases=("db", "valerna"), summary="Free-measurement skirmish with dragons"))
announce(SystemInfo("tambores", "Tambores de Guerra: Enclave", ("player1", "player2"),
                    aliases=("tdg", "tambores de guerra"), summary="Lanes of cards, no dice"))
import engine.underworlds  # noqa: F401
