"""Underworlds data packs at ``/pack``: the model and its check are the engine's (``engine.underworlds.pack``)."""
from __future__ import annotations

from engine.underworlds.pack import UnderworldsPack, check
from table.packs import register_pack_model

register_pack_model("underworlds", UnderworldsPack, check)
