"""Data packs at the table: which pack model each game registers, reading a pack a user sends, and
the packs a server keeps.

A game registers its entries model once (``register_pack_model(game, model, check)``, from
``table/<game>/``); ``read_pack`` then checks any document sent to the bot: size, safe YAML (no
aliases, bounded depth and size), the envelope (``engine.core.pack.PackHeader``), the game's entries
and the game's own cross-reference ``check``. Every problem found is one line naming the field path,
the value and what is expected, raised together as ``InvalidInput("pack.invalid", problems=[...])``.
Nothing here names a game.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable

import yaml
from pydantic import BaseModel, ValidationError

from engine.core.errors import IllegalAction, InvalidInput, NotAllowed, NotFound
from engine.core import system as systems
from engine.core.pack import PACK_SCHEMA_VERSION, PackHeader, Problem, unknowns
from table.context import safe
from table.reply import File, Reply



Check = Callable[[Any], list[Problem]]


@dataclass(frozen=True, slots=True)
class PackModel:
    """A game's pack: the model of its ``entries`` and its cross-reference check."""

    game: str
    model: type[BaseModel]
    check: Check | None = None


_MODELS: dict[str, PackModel] = {}


def register_pack_model(game: str, model: type[BaseModel], check: Check | None = None) -> None:
    """Make packs of ``game`` readable: ``model`` validates the document's ``entries``; ``check``
    (optional) gets the validated entries and returns the problems pydantic cannot see (a unit
    naming a missing power). Registering again replaces the previous model."""
    _MODELS[game] = PackModel(game, model, check)


def pack_model(game: str) -> PackModel | None:
    """The pack model registered for ``game``, or None."""
    return _MODELS.get(game)


def pack_games() -> list[str]:
    """Every game with a registered pack model."""
    return sorted(_MODELS)


MAX_PROBLEMS = 20
"""The most problems one refusal lists (the rest are counted)."""


def invalid(problems: list[Problem]) -> InvalidInput:
    """The one error that reports every problem of a pack (the first ``MAX_PROBLEMS``, then a count)."""
    shown: list[dict[str, Any]] = [
        {"code": "pack.problem", "path": p.path or "(document)", "value": p.value or "—", "expected": p.expected}
        for p in problems[:MAX_PROBLEMS]]
    if len(problems) > MAX_PROBLEMS:
        shown.append({"code": "pack.more_problems", "count": len(problems) - MAX_PROBLEMS})
    return InvalidInput("pack.invalid", problems=shown)


# -- reading a pack -------------------------------------------------------------------------------

MAX_BYTES = 256_000
"""The largest pack the bot reads."""
MAX_DEPTH = 40
"""The deepest nesting of lists and mappings a pack may use."""
MAX_NODES = 50_000
"""The most values (scalars, lists, mappings) a pack may hold."""
_SHOWN = 60


def shorten(value: Any) -> str:
    """A value as a pack problem shows it: its repr, at most a line's worth."""
    text = repr(value) if not isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= _SHOWN else text[:_SHOWN - 1] + "…"


class _SafeLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` without aliases (no billion laughs), with bounded depth and size, and
    without implicit dates (``2024-05-01`` stays text)."""

    yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.MarkedYAMLError(None, None, "aliases (*name) are not allowed in a pack", event.start_mark)
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise yaml.MarkedYAMLError(None, None, f"more than {MAX_NODES} values", self.peek_event().start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.MarkedYAMLError(None, None, f"nested deeper than {MAX_DEPTH} levels",
                                           self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def parse_document(text: bytes | str, *, max_bytes: int = MAX_BYTES) -> Any:
    """The data of one YAML (or JSON) document, read safely.

    :raises InvalidInput: pack.invalid (too large, not UTF-8, malformed, an alias, too deep or large)
    """
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    if len(raw) > max_bytes:
        raise invalid([Problem("(file)", f"{len(raw)} bytes", f"at most {max_bytes} bytes")])
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise invalid([Problem("(file)", f"byte {exc.start}", "UTF-8 text")]) from None
    loader = None
    try:
        loader = _SafeLoader(decoded)
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else "(file)"
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise invalid([Problem(where, shorten(problem), "well-formed YAML or JSON")]) from None
    except (RecursionError, ValueError, TypeError, OverflowError) as exc:  # odd scalars the constructor refuses
        raise invalid([Problem("(file)", shorten(str(exc)), "well-formed YAML or JSON")]) from None
    finally:
        if loader is not None:
            loader.dispose()


_TYPE_TAGS = {"int", "str", "float", "bool", "list", "dict", "none", "tuple", "set"}


def _path(prefix: str, loc: tuple[Any, ...]) -> str:
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
            continue
        part = str(part)
        if part in _TYPE_TAGS or "[" in part or "'" in part or part.startswith("function-"):
            continue  # which member of a union pydantic tried: not a place in the document
        out += f".{part}" if out else part
    return out


def problems_of(exc: ValidationError, prefix: str = "") -> list[Problem]:
    """One problem per place pydantic refused (the alternatives of a union merged)."""
    merged: dict[str, tuple[str, list[str]]] = {}
    for err in exc.errors(include_url=False):
        path = _path(prefix, tuple(err["loc"])) or "(document)"
        value = "" if err["type"] == "missing" else shorten(err.get("input"))
        expected = "this field" if err["type"] == "missing" else err["msg"].removeprefix("Value error, ")
        _, wanted = merged.setdefault(path, (value, []))
        if expected not in wanted:
            wanted.append(expected)
    return [Problem(path, value, " or ".join(wanted)) for path, (value, wanted) in merged.items()]


def duplicate_ids(data: Any, path: str = "entries") -> list[Problem]:
    """Every ``id`` used twice in one list of entries."""
    found: list[Problem] = []
    if isinstance(data, dict):
        for key, item in data.items():
            found += duplicate_ids(item, f"{path}.{key}")
    elif isinstance(data, (list, tuple)):
        seen: set[Any] = set()
        for i, item in enumerate(data):
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                if item["id"] in seen:
                    found.append(Problem(f"{path}[{i}].id", shorten(item["id"]), "an id not used earlier in this list"))
                seen.add(item["id"])
            found += duplicate_ids(item, f"{path}[{i}]")
    return found


@dataclass(frozen=True, slots=True)
class Pack:
    """A pack that passed every check: its envelope, its game's entries, and the text it came from."""

    header: PackHeader
    entries: BaseModel
    text: str

    def document(self) -> dict[str, Any]:
        """The pack as plain JSON data (what a match keeps in ``options["pack"]``)."""
        return {**self.header.model_dump(mode="json"), "entries": self.entries.model_dump(mode="json")}

    def unknowns(self) -> list[str]:
        """Where the pack's entries say ``unknown``."""
        return unknowns(self.entries.model_dump(mode="json"), "entries")


def read_pack(text: bytes | str, *, max_bytes: int = MAX_BYTES) -> Pack:
    """A pack, checked: size, safe YAML, ``schema_version``, the envelope, a registered game, its
    entries, duplicate ids and the game's own check.

    :raises InvalidInput: pack.invalid, with every problem found (nothing is kept)
    """
    data = parse_document(text, max_bytes=max_bytes)
    if not isinstance(data, dict):
        raise invalid([Problem("(document)", shorten(data), "a mapping with the pack's fields and its entries")])
    version = data.get("schema_version")
    if version != PACK_SCHEMA_VERSION or isinstance(version, bool):
        raise invalid([Problem("schema_version", "" if version is None else shorten(version),
                               f"{PACK_SCHEMA_VERSION} (the pack format this bot reads)")])
    problems: list[Problem] = []
    head = {k: v for k, v in data.items() if k != "entries"}
    header = None
    try:
        header = PackHeader.model_validate(head)
    except ValidationError as exc:
        problems += problems_of(exc)
    game = data.get("game")
    registered = pack_model(game) if isinstance(game, str) else None
    if registered is None:
        if not any(p.path == "game" for p in problems):
            problems.append(Problem("game", shorten(game) if game is not None else "",
                                    "one of: " + (", ".join(pack_games()) or "(no game reads packs yet)")))
        raise invalid(problems)
    if "entries" not in data:
        problems.append(Problem("entries", "", "this field"))
        raise invalid(problems)
    entries = None
    try:
        entries = registered.model.model_validate(data["entries"])
    except ValidationError as exc:
        problems += problems_of(exc, "entries")
    problems += duplicate_ids(data["entries"])
    if entries is not None and registered.check is not None and not problems:
        problems += registered.check(entries)
    if problems or header is None or entries is None:
        raise invalid(problems)
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    return Pack(header, entries, raw.decode("utf-8"))


# -- the packs of a server ------------------------------------------------------------------------

MAX_PACKS_PER_SERVER = 50


@dataclass(frozen=True, slots=True)
class StoredPack:
    """A pack kept by a server: who imported it, when, and its text."""

    id: str
    game: str
    name: str
    version: str
    author_id: int
    imported_at: float
    text: str

    def pack(self) -> Pack:
        """The pack, read again (it was checked on import; a newer bot may read it differently)."""
        return read_pack(self.text, max_bytes=max(MAX_BYTES, len(self.text.encode("utf-8"))))


class PackStore:
    """The packs of each server in Redis: one hash per server, ``<prefix>:packs:<guild>``, by pack id."""

    def __init__(self, redis: Any, *, prefix: str = "gm", clock: Callable[[], float] = time.time) -> None:
        self.redis = redis
        self.prefix = prefix
        self.clock = clock

    def _key(self, guild_id: int | None) -> str:
        return f"{self.prefix}:packs:{guild_id or 0}"

    async def import_pack(self, guild_id: int | None, author_id: int, text: bytes | str) -> tuple[StoredPack, bool]:
        """Check and keep a pack; the same id imported again by its author replaces it.

        :returns: the stored pack, and whether it replaced an earlier one
        :raises InvalidInput: pack.invalid
        :raises NotAllowed: pack.not_yours (the id belongs to someone else's pack)
        :raises IllegalAction: pack.too_many
        """
        pack = read_pack(text)
        key = self._key(guild_id)
        old = await self.get(guild_id, pack.header.id)
        if old is not None and old.author_id != author_id:
            raise NotAllowed("pack.not_yours", pack=pack.header.id, author=f"<@{old.author_id}>")
        if old is None and await self.redis.hlen(key) >= MAX_PACKS_PER_SERVER:
            raise IllegalAction("pack.too_many", limit=MAX_PACKS_PER_SERVER)
        stored = StoredPack(pack.header.id, pack.header.game, pack.header.name, pack.header.version, author_id,
                            round(self.clock(), 3), pack.text)
        await self.redis.hset(key, stored.id, json.dumps(_as_dict(stored)))
        return stored, old is not None

    async def list(self, guild_id: int | None, game: str | None = None) -> list[StoredPack]:
        """The server's packs (of one game), by id."""
        raw = await self.redis.hgetall(self._key(guild_id))
        packs = [_from_json(v) for _, v in sorted(raw.items())]
        return [p for p in packs if game is None or p.game == game]

    async def get(self, guild_id: int | None, pack_id: str) -> StoredPack | None:
        """One pack, or None."""
        raw = await self.redis.hget(self._key(guild_id), pack_id)
        return None if raw is None else _from_json(raw)

    async def find(self, guild_id: int | None, pack_id: str) -> StoredPack:
        """One pack.

        :raises NotFound: pack.not_found
        """
        stored = await self.get(guild_id, pack_id)
        if stored is None:
            raise NotFound("pack.not_found", pack=pack_id[:64])
        return stored

    async def export(self, guild_id: int | None, pack_id: str) -> str:
        """The pack's text exactly as it was imported.

        :raises NotFound: pack.not_found
        """
        return (await self.find(guild_id, pack_id)).text

    async def remove(self, guild_id: int | None, pack_id: str, user_id: int, moderator: bool = False) -> StoredPack:
        """Forget a pack (its author or a moderator); matches already started keep their copy.

        :raises NotFound: pack.not_found
        :raises NotAllowed: pack.not_yours
        """
        stored = await self.find(guild_id, pack_id)
        if stored.author_id != user_id and not moderator:
            raise NotAllowed("pack.not_yours", pack=stored.id, author=f"<@{stored.author_id}>")
        await self.redis.hdel(self._key(guild_id), pack_id)
        return stored


def _as_dict(stored: StoredPack) -> dict[str, Any]:
    return {f: getattr(stored, f) for f in StoredPack.__slots__}


def _from_json(raw: bytes | str) -> StoredPack:
    return StoredPack(**json.loads(raw))


# -- the commands ---------------------------------------------------------------------------------


class PackCommands:
    """``/pack ...`` and ``/match new ... pack:``, for Discord and the local table alike."""

    def __init__(self, store: PackStore) -> None:
        self.store = store

    async def import_(self, ctx: Any, data: bytes | str) -> Any:

        stored, replaced = await self.store.import_pack(ctx.guild_id, ctx.actor.user_id, data)
        pack = stored.pack()
        text = ctx.say("pack.replaced" if replaced else "pack.imported", pack=stored.id, name=safe(stored.name),
                       version=safe(stored.version, 32), game=stored.game)
        found = pack.unknowns()
        if found:
            text += "\n" + ctx.say("pack.has_unknowns", count=len(found), where=_some(found))
        return Reply(content=text, ephemeral=True)

    async def list_(self, ctx: Any, game: str | None = None) -> Any:

        packs = await self.store.list(ctx.guild_id, game)
        if not packs:
            return Reply(content=ctx.say("pack.none"), ephemeral=True)
        lines = [ctx.say("pack.line", pack=p.id, name=safe(p.name), version=safe(p.version, 32), game=p.game,
                         author=f"<@{p.author_id}>") for p in packs]
        return Reply(content=ctx.say("pack.list") + "\n" + "\n".join(lines), ephemeral=True)

    async def show(self, ctx: Any, pack_id: str) -> Any:

        stored = await self.store.find(ctx.guild_id, pack_id)
        pack = stored.pack()
        h = pack.header
        counts = ", ".join(f"{k}: {len(v)}" for k, v in pack.document()["entries"].items() if isinstance(v, list))
        found = pack.unknowns()
        text = ctx.say("pack.show", pack=h.id, name=safe(h.name), version=safe(h.version, 32), game=h.game,
                       author=safe(h.author), provenance=safe(h.provenance, 500),
                       official=ctx.say("pack.yes" if h.official else "pack.no"),
                       training=ctx.say("pack.yes" if h.training else "pack.no"),
                       entries=counts or "—", importer=f"<@{stored.author_id}>",
                       unknowns=_some(found) if found else "—")
        return Reply(content=text, ephemeral=True)

    async def export(self, ctx: Any, pack_id: str) -> Any:

        stored = await self.store.find(ctx.guild_id, pack_id)
        return Reply(content=ctx.say("pack.exported", pack=stored.id),
                     files=[File(f"{stored.id}.yaml", stored.text.encode("utf-8"))], ephemeral=True)

    async def remove(self, ctx: Any, pack_id: str) -> Any:

        stored = await self.store.remove(ctx.guild_id, pack_id, ctx.actor.user_id, ctx.actor.moderator)
        return Reply(content=ctx.say("pack.removed", pack=stored.id), ephemeral=True)

    async def match_options(self, ctx: Any, game: str, pack_id: str | None) -> tuple[dict[str, Any], list[str]]:
        """The options of a new match played with the server's pack ``pack_id`` (a copy of its
        document, so a later change to the pack leaves the match alone), and where it says ``unknown``.

        :raises NotFound: pack.not_found
        :raises IllegalAction: pack.wrong_game
        """
        if not pack_id:
            return {}, []

        info = systems.find_info(game)
        stored = await self.store.find(ctx.guild_id, pack_id)
        if stored.game != info.key:
            raise IllegalAction("pack.wrong_game", pack=stored.id, game=stored.game, wanted=info.key)
        pack = stored.pack()
        return {"pack": pack.document()}, pack.unknowns()

    async def new_match(self, ctx: Any, table: Any, game: str, opponent: Any, pack_id: str | None = None, *,
                        practice: str | None = None, players: int = 2) -> Any:
        """``/match new``: a challenge, played with a pack when one is named; ``practice``: against the practice
        opponent at that level, ``players`` in all (``table/practice.py``)."""
        from table import practice as practice_table

        options, found = await self.match_options(ctx, game, pack_id)
        if practice is not None:
            reply = await practice_table.new_match(table, ctx, game, practice, options, players)
        else:
            reply = await table.new_match(ctx, game, opponent, options)
        if pack_id:
            reply.content += "\n" + ctx.say("pack.match_uses", pack=options["pack"]["id"],
                                             version=options["pack"]["version"][:32])
        if found:
            reply.content += "\n" + ctx.say("pack.match_unknowns", count=len(found), where=_some(found))
        return reply

    async def choices(self, guild_id: int | None, game: str | None, current: str) -> list[tuple[str, str]]:
        """Autocomplete: (label, id) of the server's packs of ``game`` matching what is typed."""
        out = []
        for p in await self.store.list(guild_id, game or None):
            label = f"{p.id} · {p.name} v{p.version} ({p.game})"
            if current.lower() in label.lower():
                out.append((label[:100], p.id))
        return out[:25]


def _some(paths: list[str], limit: int = 8) -> str:
    return ", ".join(f"`{p}`" for p in paths[:limit]) + (f" (+{len(paths) - limit})" if len(paths) > limit else "")
