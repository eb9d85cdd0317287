"""The text commands of the local table, mapped onto the table layer (the same calls the cogs make)."""
from __future__ import annotations

from engine.core import system as systems
from engine.core.errors import InvalidInput, NotFound
from table import handover
from table.context import Context
from table.games import games_reply
from table.local import LOBBY, LocalTable
from table.play import Play
from table.reply import Reply


def _int(name: str, value: str | int | None, default: int, example: str) -> int:
    if value is None:
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        raise InvalidInput("local.bad_option", option=name, problem=f"“{value}” is not a whole number",
                           example=example) from None


def _a_game() -> str:
    """A playable game's key, for examples."""
    return next((info.key for info, ok in systems.all_systems() if ok), "<game>")


def install(local: LocalTable, play: Play) -> None:
    """Register the lifecycle commands on a local table."""
    table = local.services.table
    cmd = local.command

    @cmd("match new", ["game", "opponent", "pack", "opponent2", "opponent3"],
         aliases={"vs": "opponent", "vs2": "opponent2", "vs3": "opponent3"},
         help="/match new <game> vs:<player> [vs2:<player> vs3:<player>] [pack:<id>] — challenge other local "
              "players (vs2, vs3: a game of three or four)")
    async def match_new(ctx: Context, game: str = "", opponent: str = "", pack: str | None = None,
                        opponent2: str | None = None, opponent3: str | None = None) -> Reply:
        if not game or not opponent:
            raise InvalidInput("local.bad_option", option="game/opponent", problem="both are needed",
                               example=f"/match new {_a_game()} vs:bob")
        extra = [local.actor(name.lstrip("@")) for name in (opponent2, opponent3) if name]
        first = local.actor(opponent.lstrip("@"))
        return await local.services.packs.new_match(ctx, table, game, [first, *extra] if extra else first, pack)

    @cmd("block", ["user"], help="/block <player> — refuse their challenges (leagues are not affected); "
                                 "/block alone: whom you block")
    async def block(ctx: Context, user: str = "") -> Reply:
        name = user.strip().lstrip("@")
        return await (table.blocks.block(ctx, local.actor(name)) if name else table.blocks.listing(ctx))

    @cmd("unblock", ["user"], help="/unblock <player> — take their challenges again")
    async def unblock(ctx: Context, user: str = "") -> Reply:
        if not user.strip():
            raise InvalidInput("local.bad_option", option="user", problem="say who", example="/unblock bob")
        return await table.blocks.unblock(ctx, local.actor(user.strip().lstrip("@")))

    @cmd("match status", ["match"], help="/match status [match:<id>]")
    async def match_status(ctx: Context, match: str | None = None) -> Reply:
        return await table.status(ctx, match)

    @cmd("match concede", ["match"], help="/match concede")
    async def match_concede(ctx: Context, match: str | None = None) -> Reply:
        return await table.concede(ctx, match)

    @cmd("match substitute", ["substitute", "player", "match"],
         help="/match substitute <player> [player:<whose seat> (moderators)] — hand your seat to someone else "
              "(they /press Take the seat)")
    async def match_substitute(ctx: Context, substitute: str = "", player: str | None = None,
                               match: str | None = None) -> Reply:
        if not substitute.strip():
            raise InvalidInput("local.bad_option", option="substitute", problem="say who",
                               example="/match substitute carol")
        leaving = local.actor(player.strip().lstrip("@")) if player and player.strip() else None
        return await handover.offer(table, ctx, local.actor(substitute.strip().lstrip("@")), leaving, match)

    @cmd("match abandon", ["match"], help="/match abandon (every player, or a moderator)")
    async def match_abandon(ctx: Context, match: str | None = None) -> Reply:
        return await table.abandon(ctx, match)

    @cmd("match log", ["n", "match"], help="/match log [n] — the last n log entries")
    async def match_log(ctx: Context, n: str | None = None, match: str | None = None) -> Reply:
        return await table.log(ctx, _int("n", n, 10, "/match log 5"), match)

    @cmd("match list", [], help="/match list — your matches")
    async def match_list(ctx: Context) -> Reply:
        return await table.my_matches(ctx)

    @cmd("match verify", ["match"], help="/match verify — check every roll against the revealed seed")
    async def match_verify(ctx: Context, match: str | None = None) -> Reply:
        return await table.verify(ctx, match)

    @cmd("match games", [], help="/match games — the games and which can be played")
    async def match_games(ctx: Context) -> Reply:
        return games_reply(ctx.lang)

    @cmd("as", ["name", "mod"], help="/as <name> [mod:yes] — act as another local player")
    async def as_(ctx: Context, name: str = "", mod: str = "no") -> Reply:
        if not name:
            raise InvalidInput("local.bad_option", option="name", problem="say who", example="/as bob")
        local.player = name.lstrip("@")
        local.moderator = mod.lower() in ("yes", "true", "1")
        return Reply(content=f"You are now {local.player}{' (moderator)' if local.moderator else ''}.")

    @cmd("go", ["where"], help="/go <thread id|lobby> — move to a thread or the lobby")
    async def go(ctx: Context, where: str = "lobby") -> Reply:
        local.channel = LOBBY if where == "lobby" else _int("where", where, LOBBY, "/go 1001")
        return Reply(content=f"Now in {'the lobby' if local.channel == LOBBY else f'thread {local.channel}'}.")

    @cmd("press", ["button"], help="/press <label or id> — press a button (or choose in a menu) of the last reply")
    async def press(ctx: Context, button: str = "") -> Reply:
        wanted = button.lower()
        for label, custom_id, value in local.buttons:
            if wanted in (label.lower(), custom_id.lower()):
                route = local.routes.get(custom_id.partition(":")[0])
                if route is not None:
                    return await route(ctx, custom_id)
                return await play.press(ctx, custom_id, None if value is None else [value])
        if ":" in button:
            route = local.routes.get(button.partition(":")[0])
            return await (route(ctx, button) if route is not None else play.press(ctx, button))
        raise NotFound("core.unknown_button")

    @cmd("help", [], help="/help — this list")
    async def help_(ctx: Context) -> Reply:
        lines = sorted(c.help for c in local.commands.values() if c.help)
        return Reply(content="\n".join(lines), ephemeral=True)
