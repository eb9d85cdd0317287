"""Mage Wars Arena: its dice and odds, and the duel engine (``system.SYSTEM``), registered as playable (the table's
presenter is ``table/magewars``)."""
from __future__ import annotations

from engine.core.system import register


def system():
    """The rules engine (a GameSystem)."""
    from engine.magewars.system import SYSTEM
    return SYSTEM


register(system())
