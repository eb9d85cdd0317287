"""Tambores de Guerra at the table: its presenter (``/tdg`` commands, words, battle image) and its data packs
(``engine.tambores.pack``) at ``/pack``."""
import table.tambores.league  # noqa: F401 - registers the army deck check for leagues
from engine.tambores.pack import TamboresPack, check
from table.packs import register_pack_model
from table.presenter import register_presenter
from table.tambores.presenter import TamboresPresenter

register_pack_model("tambores", TamboresPack, check)
register_presenter(TamboresPresenter())
