"""Tambores de Guerra: Enclave: the rules engine (``system.py``), playable with a data pack or the training pack."""
from __future__ import annotations

from engine.core.system import register
from engine.tambores.system import TamboresSystem

register(TamboresSystem())
