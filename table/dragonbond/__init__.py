"""Dragonbond at the table: its dice at ``/roll dragonbond`` and ``/odds dragonbond``, and its data packs
(``engine.dragonbond.pack``) at ``/pack``."""
import table.dragonbond.dice  # noqa: F401 - registers the dice family
from engine.dragonbond.pack import DragonbondPack, check
from table.packs import register_pack_model

register_pack_model("dragonbond", DragonbondPack, check)
