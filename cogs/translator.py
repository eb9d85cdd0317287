"""Slash commands described in the reader's language: a discord.py ``Translator`` over the message catalogue.

The English of a command stays where the command is defined (the decorators in cogs/, the table's and each
game's ``CommandSpec``s and ``Option``s): Discord shows it by default and the local table prints it. The other
languages live in the catalogues (``data/i18n/*.<lang>.yaml``, a game's in its own file), keyed by the command's
words, so a key says where its text appears:

- ``cmd.<command words>``: a command's or a group's description (``cmd.match.new``, ``cmd.<game>.setup``);
- ``cmd.<command words>.<option>``: an option's description (``cmd.match.new.opponent``);
- ``cmd.<command words>.<option>.<value>``: the name a choice shows (its value, what is typed, never changes).

An option (or a choice) shared by a whole group is described once, at the group, ``*`` standing for any command
in it: ``cmd.match.*.match`` describes the ``match`` option of every ``/match`` command; the nearest key wins
(``cmd.<game>.ref.*.fighter`` over ``cmd.<game>.*.fighter``). Two generic spellings are tried last: every game's
command group is also ``game`` (``cmd.game.board``, ``cmd.game.*.action``: what the table gives every game, its
private-view command being ``cmd.game.private`` whatever its name), and a dice family's ``/roll <key>`` and
``/odds <key>`` are both ``dice <key>`` (``cmd.dice.<key>.attack``: an option the two commands share). A key
shared so must translate one English text only (tests/discord/test_command_translations.py checks it, and that
no key is left unused).

Names are never translated: players type them and the docs quote them. A text without a translation is shown
in English (``translate`` returns None). A translation longer than Discord's 100 characters is refused, logged,
and the English kept: a catalogue entry must not stop every command from syncing (the test fails on it).
"""
from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

from table.dice_games import dice_games
from table.i18n import messages
from table.presenter import presenters

log = logging.getLogger(__name__)

LANGUAGES: dict[discord.Locale, str] = {
    discord.Locale.spain_spanish: "es",           # es-ES
    discord.Locale.latin_american_spanish: "es",  # es-419
}
"""The Discord locales described from a catalogue, and the catalogue's language."""
MAX_CHARS = 100
"""Discord's limit for a description, and for a choice's name."""
PREFIX = "cmd"
ANY = "*"
"""Any command of a group, in a key describing an option once for the whole group: ``cmd.match.*.match``."""
GAME = "game"
"""Every game's command group, generically: ``cmd.game.board``."""
PRIVATE = "private"
"""A game's private-view command, whatever its name: ``cmd.game.private``."""
DICE = "dice"
"""A dice family's ``/roll <key>`` and ``/odds <key>``, together: ``cmd.dice.<key>.<option>``."""
DICE_GROUPS = ("roll", "odds")

Where = tuple[tuple[str, ...], tuple[str, ...]]
"""(command words, what in it): ``(("match", "new"), ("opponent",))``; ``()`` for the command itself."""


class CatalogueTranslator(app_commands.Translator):
    """Descriptions (and choice names) from the catalogue, for the locales of ``LANGUAGES``.

    ``games`` maps each game's command group to its private-view command (default: the registered
    presenters); ``dice`` are the dice families' keys (default: the registered ones).
    """

    def __init__(self, tree: app_commands.CommandTree, *, games: Mapping[str, str] | None = None,
                 dice: Iterable[str] | None = None) -> None:
        self.tree = tree
        self.games = dict(games) if games is not None else {p.command: p.private_command for p in presenters()}
        self.dice = set(dice) if dice is not None else {g.key for g in dice_games()}
        self.used: dict[str, set[str]] = {}
        """Each key translated so far, with the English texts it stood for."""
        self._choices: dict[int, Where] = {}

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = LANGUAGES.get(locale)
        where = self.where(context) if lang else None
        if where is None:
            return None
        table = messages(lang)
        for key in self.keys(*where):
            text = table.get(key)
            if text is None:
                continue
            self.used.setdefault(key, set()).add(string.message)
            if len(text) > MAX_CHARS:
                log.warning("%s (%s) is %d characters, more than Discord's %d: the English is kept",
                            key, lang, len(text), MAX_CHARS)
                return None
            return text
        return None

    def where(self, context: app_commands.TranslationContext) -> Where | None:
        """The command words and the option (and choice) a text belongs to; None for a name."""
        data: Any = context.data
        if context.location in (Location.command_description, Location.group_description):
            return tuple(data.qualified_name.split()), ()
        if context.location is Location.parameter_description:
            return tuple(data.command.qualified_name.split()), (data.name,)
        if context.location is Location.choice_name:
            return self._choice(data)
        return None

    def keys(self, words: tuple[str, ...], leaf: tuple[str, ...]) -> Iterator[str]:
        """The keys to try, nearest first: the command's own, its groups' (for an option), then the
        generic spellings' (``game ...``, ``dice <key>``)."""
        for path in (words, *self.generic(words)):
            yield ".".join((PREFIX, *path, *leaf))
            if leaf:
                for end in range(len(path) - 1, 0, -1):
                    yield ".".join((PREFIX, *path[:end], ANY, *leaf))

    def generic(self, words: tuple[str, ...]) -> list[tuple[str, ...]]:
        """The generic spellings of a command's words, if any."""
        if words and words[0] in self.games:
            rest = words[1:]
            if rest and rest[0] == self.games[words[0]]:
                rest = (PRIVATE, *rest[1:])
            return [(GAME, *rest)]
        if len(words) == 2 and words[0] in DICE_GROUPS and words[1] in self.dice:
            return [(DICE, words[1])]
        return []

    def _choice(self, choice: app_commands.Choice) -> Where | None:
        """The option a choice belongs to: discord.py gives a choice's translation no parent, so the
        tree's options are looked through once (again when a command was added since)."""
        found = self._choices.get(id(choice))
        if found is None:
            self._choices = {id(c): (tuple(command.qualified_name.split()), (parameter.name, str(c.value)))
                             for command in self.tree.walk_commands()
                             if isinstance(command, app_commands.Command)
                             for parameter in command.parameters for c in parameter.choices}
            found = self._choices.get(id(choice))
        return found
