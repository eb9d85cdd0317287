"""Mage Wars at the table: its dice at ``/roll magewars`` and ``/odds magewars``."""
import table.magewars.dice  # noqa: F401 - registers the dice family
