"""Dragonbond at the table: its dice at ``/roll dragonbond`` and ``/odds dragonbond``."""
import table.dragonbond.dice  # noqa: F401 - registers the dice family
