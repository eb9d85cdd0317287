"""The local table's ``/roll`` and ``/odds`` commands (the same table calls the Discord cogs make).

``/roll 2d6+3`` takes any dice expression; every other command (``/roll <key>``, ``/odds <key>``)
is built from a registered dice family (table/dice_games.py), with the family's options typed as
text (``attack:3 secret:yes``) and converted by each option's kind.
"""
from __future__ import annotations

from typing import Any, Awaitable, Callable, Protocol, Sequence

from engine.core.errors import InvalidInput
from table.commands import Option
from table.context import Context
from table.dice_games import SECRET, DiceGame, dice_games
from table.i18n import message, messages
from table.reply import Reply

Handler = Callable[..., Awaitable[Reply]]


class TextCommands(Protocol):
    """What this module needs of the local table (table/local.py), which it must not import."""

    services: Any

    def command(self, path: str, params: list[str] | None = None, aliases: dict[str, str] | None = None,
                help: str = "") -> Callable[[Handler], Handler]: ...


def typed(options: Sequence[Option], values: dict[str, str], example: str) -> dict[str, Any]:
    """Text values converted by their options' kinds; a required option left out is refused.

    :raises InvalidInput: core.table.bad_option (a value of the wrong kind), local.bad_option (a missing option)
    """
    for option in options:
        if option.required and values.get(option.name) in (None, ""):
            raise InvalidInput("local.missing_option", option=option.name,
                               example=example)
    by_name = {o.name: o for o in options}
    return {name: by_name[name].convert(value) for name, value in values.items()}


def install(local: TextCommands) -> None:
    """Register ``/roll`` and one ``/roll <key>`` and ``/odds <key>`` per dice family on a local table."""
    rolls = local.services.rolls

    async def roll_expr(ctx: Context, expr: str = "", secret: str = "no") -> Reply:
        if not expr.strip():
            return families_reply(ctx.lang, "roll")
        return await rolls.roll(ctx, "expr", {"expr": expr}, secret=SECRET.convert(secret))

    local.command("roll dice", ["expr", "secret"], help="/roll dice 2d6+3 [secret:yes] — any dice expression",
                  positional=["expr"])(roll_expr)
    local.command("roll", ["expr", "secret"], help="/roll 2d6+3 [secret:yes] — any dice expression (the same as "
                                                   "/roll dice); /roll alone lists the games' dice",
                  positional=["expr"])(roll_expr)

    async def odds_list(ctx: Context) -> Reply:
        return families_reply(ctx.lang, "odds")

    local.command("odds", [], help="/odds — the games whose odds can be worked out")(odds_list)

    for game in dice_games():
        _install_family(local, rolls, game)


def _install_family(local: TextCommands, rolls: Any, game: DiceGame) -> None:
    roll_example = f"/roll {game.key} {game.roll_example}".rstrip()
    odds_example = f"/odds {game.key} {game.odds_example}".rstrip()

    async def roll(ctx: Context, **values: str) -> Reply:
        options = typed(game.roll_parameters, values, roll_example)
        secret = bool(options.pop(SECRET.name, False))
        return await rolls.roll(ctx, game.key, options, secret=secret)

    async def odds(ctx: Context, **values: str) -> Reply:
        return game.run_odds(ctx.lang, **typed(game.odds_options, values, odds_example))

    local.command(f"roll {game.key}", [o.name for o in game.roll_parameters],
                  help=f"{roll_example} — {game.roll_description}")(roll)
    local.command(f"odds {game.key}", [o.name for o in game.odds_options],
                  help=f"{odds_example} — {game.odds_description}")(odds)


def families_reply(lang: str, group: str) -> Reply:
    """``/roll`` or ``/odds`` with nothing after: the dice families there are, each with an example."""
    lines = []
    for game in dice_games():
        example = game.roll_example if group == "roll" else game.odds_example
        description = game.roll_description if group == "roll" else game.odds_description
        if lang != "en":
            catalogue = messages(lang)
            description = (catalogue.get(f"cmd.{group}.{game.key}") or catalogue.get(f"cmd.dice.{game.key}")
                           or description)
        lines.append(f"`/{group} {game.key} {example}`".replace(" `", "`") + f" — {game.name}: {description}")
    if group == "roll":
        lines.insert(0, "`/roll dice 2d6+3` — " + message("local.any_expression", lang))
    head = message("local.dice_families" if group == "roll" else "local.odds_families", lang)
    return Reply(content=head + "\n" + "\n".join(lines), ephemeral=True)
