"""Mage Wars at the table: its presenter (``/mw``), its dice at ``/roll magewars`` and ``/odds magewars``, and its
data packs (``engine.magewars.pack``) at ``/pack``."""
import table.magewars.dice  # noqa: F401 - registers the dice family
import table.magewars.league  # noqa: F401 - registers the spellbook check for leagues
from engine.magewars.pack import MageWarsPack, check
from table.magewars.presenter import MageWarsPresenter
from table.packs import register_pack_model
from table.presenter import register_presenter

register_pack_model("magewars", MageWarsPack, check)
register_presenter(MageWarsPresenter())
