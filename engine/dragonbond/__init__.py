"""Dragonbond: Batallas de Valerna: its dice and odds, and the rules engine (``system.DragonbondSystem``), registered
as playable (the table's presenter is ``table/dragonbond``)."""
from __future__ import annotations

from engine.core.system import register
from engine.dragonbond.system import DragonbondSystem

register(DragonbondSystem())
