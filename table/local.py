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
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable, TextIO

from engine.core.errors import GameError, InvalidInput, NotFound
from table.context import Actor, Context
from table.fit import fit
from table.guard import error_reply, guarded
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


def parse_line(line: str) -> tuple[list[str], list[str], dict[str, str]]:
    """Split ``/match new chess vs:bob`` into words, positionals and options.

    Values keep their case as typed (a file path, a league's name): only the command's own
    words are matched without case, by ``LocalTable._find``."""
    tokens = shlex.split(line.strip().lstrip("/"))
    words, positional, options = [], [], {}
    for token in tokens:
        key, sep, value = token.partition(":")
        if sep and key.isidentifier():
            options[key.lower()] = value
        elif not positional and not options:
            words.append(token)
        else:
            positional.append(token)
    return words, positional, options


class LocalTable:
    """Reads commands, runs them against the table layer, prints the replies."""

    def __init__(self, services: Any, *, out: TextIO = sys.stdout, as_json: bool = False,
                 boards_dir: Path = Path("boards"), player: str = "alice") -> None:
        self.services = services
        self.out = out
        self.as_json = as_json
        self.boards_dir = boards_dir
        self.player = player
        self.moderator = False
        self.channel = LOBBY
        self.buttons: list[tuple[str, str, str | None]] = []
        """The last reply's buttons and menu choices: (label, custom id, menu value or None)."""
        self.commands: dict[str, Command] = {}
        self._files_written = 0
        self.names: dict[int, str] = {}

    # commands -----------------------------------------------------------------
    def command(self, path: str, params: list[str] | None = None, aliases: dict[str, str] | None = None,
                help: str = "") -> Callable[[Handler], Handler]:
        """Register a text command (``path`` like ``"match new"``)."""
        def wrap(fn: Handler) -> Handler:
            names = params if params is not None else [
                p for p in inspect.signature(fn).parameters if p != "ctx"]
            self.commands[path] = Command(fn, names, aliases or {}, help)
            return fn
        return wrap

    def actor(self, name: str | None = None) -> Actor:
        """The local player called ``name`` (the acting one by default)."""
        name = name or self.player
        self.names[local_user_id(name)] = name
        return Actor(local_user_id(name), name, moderator=self.moderator and name == self.player)

    def context(self) -> Context:
        return Context(self.actor(), self.channel, guild_id=None, open_thread=self._open_thread)

    async def _open_thread(self, name: str) -> int:
        thread = await self.services.store.redis.incr(f"{self.services.store.prefix}:local:threads")
        self.channel = 1000 + int(thread)
        return self.channel

    def _find(self, words: list[str]) -> tuple[Command, list[str]]:
        for size in range(len(words), 0, -1):
            path = " ".join(words[:size]).lower()
            if path in self.commands:
                return self.commands[path], words[size:]
        raise NotFound("local.unknown_command", command="/" + " ".join(words).lower())

    async def run_line(self, line: str) -> list[Reply]:
        """Run one command line and return the replies it produced."""
        line = line.strip()
        if not line or line.startswith("#"):
            return []
        try:
            words, positional, options = parse_line(line)
        except ValueError as exc:
            raise InvalidInput("local.bad_option", option="quotes", problem=str(exc), example='/as "bob smith"')
        command, extra = self._find(words)
        positional = extra + positional
        if command.params and len(positional) > len(command.params):  # the last option takes the rest
            cut = len(command.params) - 1
            positional = positional[:cut] + [" ".join(positional[cut:])]
        kwargs: dict[str, Any] = {}
        for name, value in zip(command.params, positional):
            kwargs[name] = value
        for key, value in options.items():
            key = command.aliases.get(key, key)
            if key not in command.params:
                raise InvalidInput("local.bad_option", option=key, problem="this command has no such option",
                                   example=f"/{' '.join(words)} " + " ".join(f"{p}:…" for p in command.params))
            kwargs[key] = value
        reply = await guarded(command.handler(self.context(), **kwargs), where=line)
        return [reply]

    # output -------------------------------------------------------------------
    def show(self, reply: Reply, line: str, channel: int | None = None) -> None:
        """Print a reply (and what it posts elsewhere); write its images to files."""
        reply = fit(reply)  # what Discord would show: shortened, extra components dropped
        channel = channel if channel is not None else self.channel
        paths = []
        for f in reply.files:
            self.boards_dir.mkdir(parents=True, exist_ok=True)
            self._files_written += 1
            path = self.boards_dir / f"{channel}-{self._files_written:04d}-{f.name}"
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
        where = "lobby" if channel == LOBBY else f"thread {channel}"
        head = f"[{where}{' · only you see this' if reply.ephemeral else ''}]"
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
        lines.extend(f"  image: {p}" for p in paths)
        for menu in reply.selects:
            lines.append(f"  menu “{menu.placeholder}” (/press <choice>): " + "  ".join(f"[{o.label}]" for o in menu.options))
        if reply.buttons:
            lines.append("  buttons: " + "  ".join(f"[{b.label}] (/press {b.label})" for b in reply.buttons))
        print(self._humane("\n".join(lines)), file=self.out)

    def _humane(self, text: str) -> str:
        """Discord mentions written as names for the terminal."""
        text = re.sub(r"<@(\d+)>", lambda m: "@" + self.names.get(int(m[1]), m[1]), text)
        return re.sub(r"<#(\d+)>", lambda m: f"thread {m[1]}", text)

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
                replies = [error_reply(error)]
            for reply in replies:
                self.show(reply, line, channel)

    async def interactive(self) -> None:
        """A prompt until end of input or ``/quit``."""
        import asyncio

        print("Local table. Type /help for commands, /quit to leave.", file=self.out)
        loop = asyncio.get_running_loop()
        while True:
            try:
                line = await loop.run_in_executor(None, lambda: input(f"{self.player}> "))
            except (EOFError, KeyboardInterrupt):
                print(file=self.out)
                return
            if line.strip() in ("/quit", "/exit"):
                return
            await self.run([line])
