"""Tambores de Guerra at the table: its data packs (``engine.tambores.pack``) at ``/pack``."""
from engine.tambores.pack import TamboresPack, check
from table.packs import register_pack_model

register_pack_model("tambores", TamboresPack, check)
