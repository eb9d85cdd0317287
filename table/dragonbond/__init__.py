"""Dragonbond at the table: its dice at ``/roll dragonbond`` and ``/odds dragonbond``, its data packs
(``engine.dragonbond.pack``) at ``/pack``, and its presenter (``/db ...``) once the rules engine registers the
system as playable (``engine/dragonbond/__init__.py``); until then the game is only listed."""
import table.dragonbond.dice  # noqa: F401 - registers the dice family
import table.dragonbond.league  # noqa: F401 - registers the force list check for leagues
from engine.core import system as systems
from engine.dragonbond.pack import DragonbondPack, check
from table.dragonbond.presenter import DragonbondPresenter
from table.packs import register_pack_model
from table.presenter import register_presenter

register_pack_model("dragonbond", DragonbondPack, check)
if dict((info.key, ok) for info, ok in systems.all_systems()).get("dragonbond"):
    register_presenter(DragonbondPresenter())
