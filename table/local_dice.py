"""The local table's ``/roll`` and ``/odds`` commands (the same table calls the Discord cogs make)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.errors import InvalidInput
from table import odds
from table.context import Context
from table.reply import Reply

if TYPE_CHECKING:
    from table.local import LocalTable

_INTS = {"attack", "defence", "supports", "defence_supports", "dice", "armor", "piercing", "upgrades",
         "downgrades", "damage", "wounds", "grievous"}
_BOOLS = {"effect", "secret", "cleave", "ensnare", "guard", "cover", "trapped", "staggered"}


def typed(options: dict[str, str]) -> dict[str, Any]:
    """Text options converted as the Discord command's option types would be."""
    out: dict[str, Any] = {}
    for key, value in options.items():
        if key in _INTS:
            try:
                out[key] = int(value)
            except ValueError:
                raise InvalidInput("local.bad_option", option=key, problem=f"“{value}” is not a whole number",
                                   example=f"{key}:3") from None
        elif key in _BOOLS:
            out[key] = str(value).lower() in ("true", "yes", "1", "on")
        else:
            out[key] = value
    return out


def install(local: "LocalTable") -> None:
    """Register /roll and /odds on a local table."""
    rolls = local.services.rolls
    uw = ["attack", "symbol", "defence", "save", "supports", "defence_supports", "secret"]
    mw = ["dice", "armor", "effect", "secret"]
    db = ["attack", "colour", "defence_colour", "upgrades", "downgrades", "secret"]

    async def roll(ctx: Context, reader: str, **options: str) -> Reply:
        opts = typed(options)
        secret = opts.pop("secret", False)
        return await rolls.roll(ctx, reader, opts, secret=secret)

    @local.command("roll", ["expr", "secret"], help="/roll 2d6+3 [secret:yes] — any dice expression")
    async def roll_expr(ctx: Context, expr: str = "", secret: str = "no") -> Reply:
        return await roll(ctx, "expr", expr=expr, secret=secret)

    @local.command("roll underworlds", uw, help="/roll underworlds attack:3 symbol:hammer defence:2 save:block supports:1")
    async def roll_uw(ctx: Context, **options: str) -> Reply:
        return await roll(ctx, "underworlds", **options)

    @local.command("roll magewars", mw, help="/roll magewars dice:5 armor:2 effect:yes")
    async def roll_mw(ctx: Context, **options: str) -> Reply:
        return await roll(ctx, "magewars", **options)

    @local.command("roll dragonbond", db, help="/roll dragonbond attack:4 colour:black defence_colour:gray")
    async def roll_db(ctx: Context, **options: str) -> Reply:
        return await roll(ctx, "dragonbond", **options)

    @local.command("odds underworlds", ["attack", "symbol", "defence", "save", "supports", "defence_supports",
                                        "cleave", "ensnare", "guard", "cover", "trapped", "staggered",
                                        "damage", "wounds", "grievous"],
                   help="/odds underworlds attack:3 defence:2 supports:1 staggered:yes damage:2 wounds:3")
    async def odds_uw(ctx: Context, **options: str) -> Reply:
        return odds.underworlds_odds(**typed(options))

    @local.command("odds magewars", ["dice", "armor", "piercing", "effects"],
                   help='/odds magewars dice:4 armor:2 effects:"6-10 = Daze; 11+ = Stun"')
    async def odds_mw(ctx: Context, **options: str) -> Reply:
        return odds.magewars_odds(**typed(options))

    @local.command("odds dragonbond", ["attack", "colour", "defence_colour", "upgrades", "downgrades"],
                   help="/odds dragonbond attack:4 colour:black defence_colour:gray")
    async def odds_db(ctx: Context, **options: str) -> Reply:
        return odds.dragonbond_odds(**typed(options))
