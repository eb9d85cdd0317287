"""Warhammer Underworlds at the table: registers its presenter (commands, words, board) and its dice."""
from __future__ import annotations

from table.presenter import register_presenter
from table.underworlds import dice  # noqa: F401 - registers the Underworlds dice and odds
from table.underworlds import pack  # noqa: F401 - registers the Underworlds pack model
from table.underworlds import league  # noqa: F401 - registers the Underworlds list check for leagues
from table.underworlds.presenter import UnderworldsPresenter

register_presenter(UnderworldsPresenter())
