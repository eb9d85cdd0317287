"""Warhammer Underworlds: Wintermaw: data (cards, warbands, boards, dice) and the two-player rules engine.

Importing the package registers ``UnderworldsSystem`` (``system.py``) with the game registry.
"""
from __future__ import annotations

from engine.core.system import register
from engine.underworlds.system import UnderworldsSystem

register(UnderworldsSystem())
