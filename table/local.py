"""The local table: the bot's commands typed in a terminal, for hot-seat play with no Discord.

``/match new <game> vs:bob`` opens a match; ``/as bob`` switches the acting player;
``/press Accept`` presses a button of the last replies. Images are written to ``BOARDS_DIR``
and their paths printed. ``--script FILE`` runs a file of commands; ``--json`` prints one
JSON object per reply.
"""
from __future__ import annotations

import hashlib
import inspect
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable, TextIO

from engine.core.errors import GameError, InvalidInput, NotFound
from table.context import Actor, Context
from table.fit import fit
from table.guard import error_reply, guarded
from table.i18n import message
from table.reply import Reply

LOBBY = 1
"""The local table's main channel; each match gets a thread of its own."""

Handler = Callable[..., Awaitable[Reply]]


def local_user_id(name: str) -> int:
    """A stable id for a local player's name, so matches survive a restart."""
    return int.from_bytes(hashlib.sha256(name.lower().encode()).digest()[:6], "big")


@dataclass
class Command:
    """One text command: its handler and how its options are read."""

    handler: Handler
    params: list[str]
    aliases: dict[str, str] = field(default_factory=dict)
    help: str = ""
    positional: list[str] | None = None
    """The options that may be typed without their name, in order (all of ``params`` when None); the last
    one given so takes the rest of the words (``/league create Winter Cup game:…``: the name)."""
    raw: bool = False
    """The rest of the line is the one option's value, exactly as typed (``/press Warband: Garrek's
    Reavers``): no quotes, no options."""
    key: str | None = None
    """The catalogue key describing the command in other languages when its words do not name it
    (``cmd.game.private`` for a game's private view)."""


QUOTES = {'"': '"', "'": "'", "“": "”", "«": "»"}
"""Opening quote → closing quote, around a value with spaces (``"bob smith"``, ``name:“Winter Cup”``)."""
_OPTION = re.compile(r"([A-Za-z_]\w*):")


def split_words(text: str) -> list[tuple[str, bool]]:
    """``text`` split at spaces into (word, quoted), a quoted span kept whole without its quotes.

    Quotes count only around a whole word or an option's whole value, so an apostrophe or an inch mark
    inside a word (``Garrek's``, ``2.1"``) is the character typed, never an unclosed quotation."""
    out: list[tuple[str, bool]] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        option = _OPTION.match(text, i)
        j = option.end() if option else i
        if j < n and text[j] in QUOTES:
            close = QUOTES[text[j]]
            k = text.find(close, j + 1)
            while k != -1 and k + 1 < n and not text[k + 1].isspace():
                k = text.find(close, k + 1)
            if k != -1:
                out.append((text[i:j] + text[j + 1:k], not option))
                i = k + 1
                continue
        k = i
        while k < n and not text[k].isspace():
            k += 1
        out.append((text[i:k], False))
        i = k
    return out


def parse_line(line: str) -> tuple[list[str], list[str], dict[str, str]]:
    """Split ``/match new chess vs:bob`` into words, positionals and options, knowing no command.

    Values keep their case as typed (a file path, a league's name). ``LocalTable.parse`` is the reader
    the table uses: it knows each command's words and options from its registration."""
    words, positional, options = [], [], {}
    for token, quoted in split_words(line.strip().lstrip("/")):
        key, sep, value = token.partition(":")
        if sep and key.isidentifier() and not quoted:
            options[key.lower()] = value
        elif not positional and not options and not quoted:
            words.append(token)
        else:
            positional.append(token)
    return words, positional, options


class LocalTable:
    """Reads commands, runs them against the table layer, prints the replies."""

    def __init__(self, services: Any, *, out: TextIO = sys.stdout, as_json: bool = False,
                 boards_dir: Path = Path("boards"), player: str = "alice", lang: str = "en") -> None:
        self.services = services
        self.out = out
        self.as_json = as_json
        self.boards_dir = boards_dir
        self.player = player
        self.lang = lang
        """The language of every reply (``--lang es``, ``/lang es``)."""
        self.moderator = False
        self.channel = LOBBY
        self.buttons: list[tuple[str, str, str | None]] = []
        """The last reply's buttons and menu choices: (label, custom id, menu value or None)."""
        self.commands: dict[str, Command] = {}
        self._files_written: int | None = None
        """The last board file's number (None: not looked up in ``boards_dir`` yet)."""
        self.names: dict[int, str] = {}
        self._unsaved: dict[int, str] = {}
        """Names met since they were last saved (players' names survive a restart)."""
        self._restored = False
        self.routes: dict[str, Callable[[Context, str], Awaitable[Reply]]] = {}
        """Buttons that are not a match's, by their custom id's first part (``l``: a league's), for ``/press``."""

    # commands -----------------------------------------------------------------
    def command(self, path: str, params: list[str] | None = None, aliases: dict[str, str] | None = None,
                help: str = "", *, positional: list[str] | None = None, raw: bool = False,
                key: str | None = None) -> Callable[[Handler], Handler]:
        """Register a text command (``path`` like ``"match new"``)."""
        def wrap(fn: Handler) -> Handler:
            names = params if params is not None else [
                p for p in inspect.signature(fn).parameters if p != "ctx"]
            self.commands[path] = Command(fn, names, aliases or {}, help, positional, raw, key)
            return fn
        return wrap

    def say(self, key: str, **params: object) -> str:
        """A message of the local table in its language."""
        return message(key, self.lang, **params)

    def actor(self, name: str | None = None) -> Actor:
        """The local player called ``name`` (the acting one by default)."""
        name = name or self.player
        user_id = local_user_id(name)
        if self.names.get(user_id) != name:
            self.names[user_id] = name
            self._unsaved[user_id] = name
        return Actor(user_id, name, moderator=self.moderator and name == self.player)

    def context(self) -> Context:
        return Context(self.actor(), self.channel, guild_id=None, open_thread=self._open_thread, lang=self.lang)

    def _key(self, what: str) -> str:
        return f"{self.services.store.prefix}:local:{what}"

    async def restore(self) -> None:
        """Players' names as they were saved (a restart shows them by name, not as ids)."""
        if self._restored or self.services is None:
            return
        self._restored = True
        saved = await self.services.store.redis.hgetall(self._key("names"))
        for user_id, name in saved.items():
            user_id = int(user_id.decode() if isinstance(user_id, bytes) else user_id)
            self.names.setdefault(user_id, name.decode() if isinstance(name, bytes) else name)

    async def _save_names(self) -> None:
        if self._unsaved and self.services is not None:
            names, self._unsaved = self._unsaved, {}
            await self.services.store.redis.hset(self._key("names"), mapping={str(k): v for k, v in names.items()})

    async def _open_thread(self, name: str) -> int:
        thread = await self.services.store.redis.incr(self._key("threads"))
        self.channel = 1000 + int(thread)
        return self.channel

    def _find(self, words: list[str]) -> tuple[str, Command]:
        for size in range(len(words), 0, -1):
            path = " ".join(words[:size]).lower()
            if path in self.commands:
                return path, self.commands[path]
        raise NotFound("local.unknown_command", command="/" + " ".join(words).lower())

    def parse(self, line: str) -> tuple[str, Command, dict[str, str]]:
        """The command a line names (its words, matched without case) and its options by name, values as typed.

        Words are read up to the longest command path they name; after them, ``name:value`` is an option only
        when the command has that option (a word that follows an option's value continues it:
        ``name:Winter Cup``), other words fill the command's positional options in order.

        :raises InvalidInput: local.bad_option (an option the command does not have)
        :raises NotFound: local.unknown_command
        """
        text = line.strip().lstrip("/")
        heads = re.findall(r"\S+", text)
        leading = []
        for word in heads:
            if ":" in word or word[:1] in QUOTES:
                break
            leading.append(word)
        path, command = self._find(leading or heads[:1])
        size = len(path.split())
        rest = text
        for _ in range(size):
            rest = rest.lstrip()
            rest = rest[len(rest.split(None, 1)[0]):]
        if command.raw:
            value = rest.strip()
            if command.params:
                name = command.params[0]
                if value.lower().startswith(name + ":"):
                    value = value[len(name) + 1:].strip()
                    if len(value) > 1 and value[0] in QUOTES and value.endswith(QUOTES[value[0]]):
                        value = value[1:-1]
                return path, command, ({name: value} if value else {})
            return path, command, {}
        options: dict[str, str] = {}
        positional: list[str] = []
        last: str | None = None
        for token, quoted in split_words(rest):
            key, sep, value = token.partition(":")
            name = command.aliases.get(key.lower(), key.lower())
            if sep and key.isidentifier() and not quoted and (name in command.params or value):
                if name not in command.params:
                    raise InvalidInput("local.bad_option", option=key, problem=self.say("local.no_such_option"),
                                       example=f"/{path} " + " ".join(f"{p}:…" for p in command.params))
                options[name] = value
                last = name
            elif last is not None:  # a word after an option's value goes on with it (a ``Label:`` included)
                options[last] = f"{options[last]} {token}".strip()
            else:
                positional.append(token)
        slots = [p for p in (command.positional if command.positional is not None else command.params)
                 if p not in options]
        if slots and len(positional) > len(slots):  # the last positional option takes the rest
            cut = len(slots) - 1
            positional = positional[:cut] + [" ".join(positional[cut:])]
        for name, value in zip(slots, positional):
            options[name] = value
        return path, command, options

    async def run_line(self, line: str) -> list[Reply]:
        """Run one command line and return the replies it produced."""
        line = line.strip()
        if not line or line.startswith("#"):
            return []
        await self.restore()
        path, command, kwargs = self.parse(line)
        result = await guarded(command.handler(self.context(), **kwargs), where=line, lang=self.lang)
        await self._save_names()
        return list(result) if isinstance(result, (list, tuple)) else [result]

    # output -------------------------------------------------------------------
    def _next_file_number(self) -> int:
        """The next board file's number: after the highest already in ``boards_dir``, so a restart continues
        the numbering and never writes over an earlier board."""
        if self._files_written is None:
            numbers = [int(m[1]) for p in (self.boards_dir.iterdir() if self.boards_dir.is_dir() else ())
                       if (m := _BOARD_FILE.match(p.name))]
            self._files_written = max(numbers, default=0)
        self._files_written += 1
        return self._files_written

    def show(self, reply: Reply, line: str, channel: int | None = None) -> None:
        """Print a reply (and what it posts elsewhere); write its images to files."""
        reply = fit(reply)  # what Discord would show: shortened, extra components dropped
        channel = channel if channel is not None else self.channel
        paths = []
        for f in reply.files:
            self.boards_dir.mkdir(parents=True, exist_ok=True)
            path = self.boards_dir / f"{channel}-{self._next_file_number():04d}-{f.name}"
            while path.exists():
                path = self.boards_dir / f"{channel}-{self._next_file_number():04d}-{f.name}"
            path.write_bytes(f.data)
            paths.append(str(path))
        if reply.buttons or reply.selects:
            self.buttons = [(b.label, b.custom_id, None) for b in reply.buttons]
            self.buttons += [(o.label, menu.custom_id, o.value) for menu in reply.selects for o in menu.options]
        if self.as_json:
            body = reply.to_json()
            body.pop("posts")
            body["files"] = [{"path": path, "description": f.description} for path, f in zip(paths, reply.files)]
            print(json.dumps({"command": line, "channel": channel, **body}, ensure_ascii=False), file=self.out)
        else:
            self._print_text(reply, channel, paths)
        for post_channel, post in reply.posts:
            self.show(post, line, post_channel)

    def _print_text(self, reply: Reply, channel: int, paths: list[str]) -> None:
        where = self.say("local.lobby") if channel == LOBBY else self.say("local.thread", thread=channel)
        head = f"[{where}{' · ' + self.say('local.only_you') if reply.ephemeral else ''}{' · ' + self.say('local.silent') if reply.silent else ''}]"
        lines = [head]
        if reply.content:
            lines.append(reply.content)
        for embed in reply.embeds:
            if embed.title:
                lines.append(f"== {embed.title} ==")
            if embed.description:
                lines.append(embed.description)
            lines.extend(f"  {f.name}: {f.value}" for f in embed.fields)
            if embed.footer:
                lines.append(f"  ({embed.footer})")
        lines.extend(f"  {self.say('local.image')}: {p}" for p in paths)
        number = len(reply.buttons)
        for menu in reply.selects:
            options = []
            for o in menu.options:
                number += 1
                options.append(f"{number} [{o.label}]")
            lines.append(f"  {self.say('local.menu', placeholder=menu.placeholder)}: " + "  ".join(options))
        if reply.buttons:
            lines.append(f"  {self.say('local.buttons')}: " + "  ".join(
                f"{i} [{b.label}]" for i, b in enumerate(reply.buttons, 1)))
        if reply.buttons or reply.selects:
            lines.append(f"  ({self.say('local.press_hint')})")
        print(self._humane("\n".join(lines)), file=self.out)

    def _humane(self, text: str) -> str:
        """Discord mentions written as names, and Discord timestamps as dates, for the terminal."""
        text = re.sub(r"<@!?(\d+)>", lambda m: "@" + self.names.get(int(m[1]), m[1]), text)
        text = re.sub(r"<t:(-?\d+)(?::([tTdDfFR]))?>", lambda m: timestamp(int(m[1]), m[2] or "f"), text)
        return re.sub(r"<#(\d+)>", lambda m: self.say("local.thread", thread=m[1]), text)

    async def run(self, lines: Any, *, echo: bool = False) -> None:
        """Run every line, printing each reply."""
        for raw in lines:
            line = raw.strip()
            if echo and line and not self.as_json:
                print(f"{self.player}> {line}", file=self.out)
            if line in ("/quit", "/exit"):
                break
            channel = self.channel
            try:
                replies = await self.run_line(line)
            except GameError as error:
                replies = [error_reply(error, self.lang)]
            for reply in replies:
                self.show(reply, line, channel)

    async def interactive(self, history: Path | None = None) -> None:
        """A prompt until end of input, ``/quit`` or Ctrl-C, with line editing and a history of earlier
        commands (the arrow keys; kept in ``history`` between sessions) where Python has ``readline``.

        The prompt reads in the main thread with the default Ctrl-C handler, so Ctrl-C while typing leaves
        at once, quietly (while a command runs, the caller's ``asyncio.run`` cancels it instead)."""
        import signal

        editing = _line_editing(history)
        print(self.say("local.welcome"), file=self.out)
        try:
            while True:
                previous = signal.signal(signal.SIGINT, signal.default_int_handler)
                try:
                    line = input(f"{self.player}> ")
                except (EOFError, KeyboardInterrupt):
                    print(file=self.out)
                    return
                finally:
                    signal.signal(signal.SIGINT, previous)
                if line.strip() in ("/quit", "/exit"):
                    return
                await self.run([line])
        finally:
            if editing is not None and history is not None:
                try:
                    history.parent.mkdir(parents=True, exist_ok=True)
                    editing.write_history_file(str(history))
                except OSError:
                    pass


_BOARD_FILE = re.compile(r"^\d+-(\d+)-")
"""A board file's name: ``<channel>-<number>-<name>``."""


def timestamp(seconds: int, style: str = "f") -> str:
    """A Discord timestamp (``<t:…:f>``) as the terminal shows it: a date and time in this machine's zone."""
    from datetime import datetime

    try:
        when = datetime.fromtimestamp(seconds).astimezone()
    except (OverflowError, OSError, ValueError):
        return str(seconds)
    if style in "dD":
        return when.strftime("%Y-%m-%d")
    if style in "tT":
        return when.strftime("%H:%M")
    return when.strftime("%Y-%m-%d %H:%M %Z").strip()


def _line_editing(history: Path | None) -> Any:
    """Python's ``readline`` for ``input()`` (editing, history), with the saved history read; None where
    the platform has none."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return None
    if history is not None and history.is_file():
        try:
            readline.read_history_file(str(history))
        except OSError:
            pass
    readline.set_history_length(1000)
    return readline
