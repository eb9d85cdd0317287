"""``/pack ...`` at the local table: the same calls the Discord cog makes, a file path instead of an attachment."""
from __future__ import annotations

from pathlib import Path

from engine.core.errors import InvalidInput
from table.context import Context
from table.local import LocalTable
from table.packs import MAX_BYTES, PackCommands, Problem, invalid
from table.reply import Reply


def read_file(path: str) -> bytes:
    """A pack file's bytes, refused before reading when it is too large.

    :raises InvalidInput: local.bad_option (no path), pack.invalid (unreadable, too large)
    """
    if not path:
        raise InvalidInput("local.missing_option", option="path",
                           example="/pack import my-pack.yaml")
    file = Path(path).expanduser()
    try:
        size = file.stat().st_size
        if size > MAX_BYTES:
            raise invalid([Problem("(file)", f"{size} bytes", f"at most {MAX_BYTES} bytes")])
        return file.read_bytes()
    except OSError as exc:
        raise invalid([Problem("(file)", path[:100], f"a readable file ({exc.strerror or exc})")]) from None


def install(local: LocalTable, packs: PackCommands) -> None:
    """Register the pack commands on a local table."""
    cmd = local.command

    @cmd("pack import", ["path"], help="/pack import <path> — import a data pack (YAML or JSON) file")
    async def pack_import(ctx: Context, path: str = "") -> Reply:
        return await packs.import_(ctx, read_file(path))

    @cmd("pack list", ["game"], help="/pack list [game] — the packs of this table")
    async def pack_list(ctx: Context, game: str | None = None) -> Reply:
        return await packs.list_(ctx, game)

    @cmd("pack show", ["pack"], help="/pack show <id> — a pack's author, provenance, entries, unknown values")
    async def pack_show(ctx: Context, pack: str = "") -> Reply:
        return await packs.show(ctx, pack)

    @cmd("pack export", ["pack"], help="/pack export <id> — the pack's file exactly as imported")
    async def pack_export(ctx: Context, pack: str = "") -> Reply:
        return await packs.export(ctx, pack)

    @cmd("pack remove", ["pack"], help="/pack remove <id> — remove a pack (its author or a moderator)")
    async def pack_remove(ctx: Context, pack: str = "") -> Reply:
        return await packs.remove(ctx, pack)
