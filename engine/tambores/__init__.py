"""Tambores de Guerra: Enclave; the rules engine is not available yet."""
from __future__ import annotations

from engine.core.system import SystemInfo, announce

announce(SystemInfo("tambores", "Tambores de Guerra: Enclave", ("player1", "player2"),
                    aliases=("tdg", "tambores de guerra"), summary="Lanes of cards, no dice"))
