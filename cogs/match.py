"""``/match ...``: the game-agnostic lifecycle commands, and the buttons they post."""
from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from cogs.packs import pack_choices
from cogs.send import actor_of, answer, progress_of
from engine.core import system as systems
from engine.core.practice import LEVELS
from table import handover
from table.games import games_reply
from table.services import Services


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=r"(?P<id>(?![\w:.\-]*:menu$)[mg]:[\w:.\-]{1,90})"):
    """Any button the table posted: its custom id goes back to ``Play.press`` (survives restarts)."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label="…"))
        self.table_id = custom_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> "TableButton":
        return cls(match["id"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await press(interaction, self.table_id)


class TableMenu(discord.ui.DynamicItem[discord.ui.Select], template=r"(?P<id>g:[\w:.\-]{1,85}:menu)"):
    """Any select menu the table posted: its custom id and the value chosen go to ``Play.press``."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="…")]))
        self.table_id = custom_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> "TableMenu":
        return cls(match["id"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await press(interaction, self.table_id)


async def press(interaction: discord.Interaction, custom_id: str) -> None:
    """A table component was used: its custom id (and a menu's chosen value) go to ``Play.press``."""
    services: Services = interaction.client.services  # type: ignore[attr-defined]
    values = [str(v) for v in (interaction.data or {}).get("values", [])] or None  # type: ignore[union-attr]
    await answer(interaction, lambda ctx: services.play.press(ctx, custom_id, values))


async def game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The games, playable ones named plainly."""
    current = current.lower()
    return [app_commands.Choice(name=info.name if ok else f"{info.name} (not yet available)", value=info.key)
            for info, ok in systems.all_systems()
            if current in info.key or current in info.name.lower()][:25]


async def match_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The caller's matches, most recent first."""
    services: Services = interaction.client.services  # type: ignore[attr-defined]
    out = []
    for m in await services.store.matches_of(interaction.user.id):
        others = ", ".join(h.name for h in m.seats if h.user_id != interaction.user.id) or "?"
        label = f"{m.id} · {systems.find_info(m.game).name} vs {others} · {m.status.value}"
        if current.lower() in label.lower():
            out.append(app_commands.Choice(name=label[:100], value=m.id))
    return out[:25]


class MatchCog(commands.Cog):
    """Open, watch and end matches of any game."""

    group = app_commands.Group(name="match", description="Start, follow and end matches", guild_only=True)

    def __init__(self, services: Services) -> None:
        self.services = services
        self.table = services.table

    # commands ---------------------------------------------------------------------
    @group.command(name="new", description="Challenge someone to a match in a new thread")
    @app_commands.describe(game="Which game", opponent="Who you challenge",
                           opponent2="A second opponent, for a game of three or four players (optional)",
                           opponent3="A third opponent, for a game of four players (optional)",
                           pack="Play with this data pack of the server (optional)")
    @app_commands.autocomplete(game=game_choices, pack=pack_choices)
    async def new(self, interaction: discord.Interaction, game: str, opponent: discord.User,
                  opponent2: discord.User | None = None, opponent3: discord.User | None = None,
                  pack: str | None = None) -> None:
        extra = [actor_of(u) for u in (opponent2, opponent3) if u is not None]
        opponents = actor_of(opponent) if not extra else [actor_of(opponent), *extra]  # seats in this order
        await answer(interaction, lambda ctx: self.services.packs.new_match(ctx, self.table, game, opponents,
                                                                            pack))

    @group.command(name="practice", description="Play a practice match against the bot (never counted in a league)")
    @app_commands.describe(game="Which game", level="How well the bot plays (default normal)",
                           players="Players in all, you included, as many as the game takes (the bot plays the others)",
                           pack="Play with this data pack of the server (optional)")
    @app_commands.choices(level=[app_commands.Choice(name=level, value=level) for level in LEVELS])
    @app_commands.autocomplete(game=game_choices, pack=pack_choices)
    async def practice(self, interaction: discord.Interaction, game: str, level: str = "normal",
                       players: app_commands.Range[int, 2, 4] = 2, pack: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.services.packs.new_match(ctx, self.table, game, None, pack,
                                                                            practice=level, players=players))

    @app_commands.command(name="block", description="Refuse someone's challenges (leagues are not affected)")
    @app_commands.describe(user="Whose challenges you refuse (leave it out to see whom you block)")
    async def block(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await answer(interaction, lambda ctx: self.table.blocks.block(ctx, actor_of(user)) if user is not None
                     else self.table.blocks.listing(ctx))

    @app_commands.command(name="unblock", description="Take challenges from someone you blocked again")
    @app_commands.describe(user="Whose challenges you take again")
    async def unblock(self, interaction: discord.Interaction, user: discord.User) -> None:
        await answer(interaction, lambda ctx: self.table.blocks.unblock(ctx, actor_of(user)))

    @group.command(name="status", description="Show a match: players, turn, result")
    @app_commands.describe(match="Match id (default: the match of this thread)")
    @app_commands.autocomplete(match=match_choices)
    async def status(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.table.status(ctx, match))

    @group.command(name="concede", description="Concede the match: your opponent wins (with more players, you are out)")
    @app_commands.describe(match="Match id (default: the match of this thread)")
    @app_commands.autocomplete(match=match_choices)
    async def concede(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.table.ask_concede(ctx, match))

    @group.command(name="abandon", description="Abandon the match with no result (every player, or a moderator)")
    @app_commands.describe(match="Match id (default: the match of this thread)")
    @app_commands.autocomplete(match=match_choices)
    async def abandon(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.table.ask_abandon(ctx, match))

    @group.command(name="substitute", description="Hand your seat to someone else mid-match (they accept)")
    @app_commands.describe(substitute="Who takes your seat", player="Whose seat (moderators; default: yours)",
                           match="Match id (default: the match of this thread)")
    @app_commands.autocomplete(match=match_choices)
    async def substitute(self, interaction: discord.Interaction, substitute: discord.User,
                         player: discord.User | None = None, match: str | None = None) -> None:
        await answer(interaction, lambda ctx: handover.offer(self.table, ctx, actor_of(substitute),
                                                             actor_of(player) if player else None, match))

    @group.command(name="log", description="The last entries of the match log (only you see it)")
    @app_commands.describe(n="How many entries (1-50)", match="Match id (default: the match of this thread)")
    @app_commands.autocomplete(match=match_choices)
    async def log(self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 50] = 10,
                  match: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.table.log(ctx, n, match))

    @group.command(name="board", description="The board as it was after a step of the match log (only you see it)")
    @app_commands.describe(step="A /match log entry number (-1: before the last step; empty: before your "
                                "opponents' last turn)",
                           match="Match id (default: the match of this thread)")
    @app_commands.autocomplete(match=match_choices)
    async def board(self, interaction: discord.Interaction, step: int | None = None, match: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.services.play.history.board(ctx, step, match))

    @group.command(name="replay", description="The whole match as an animation in its thread (players may ask "
                                              "during it)")
    @app_commands.describe(speed="How fast: 1 is 1.5 s a step, 2 twice as fast (0.25-4)",
                           first="The first step shown (a log entry's number; default: the start)",
                           last="The last step shown (default: the end)",
                           match="Match id (default: the match of this thread)")
    @app_commands.rename(first="from", last="to")
    @app_commands.autocomplete(match=match_choices)
    async def replay(self, interaction: discord.Interaction, speed: app_commands.Range[float, 0.25, 4.0] = 1.0,
                     first: app_commands.Range[int, 1] | None = None, last: app_commands.Range[int, 1] | None = None,
                     match: str | None = None) -> None:
        progress = progress_of(interaction)
        await answer(interaction, lambda ctx: self.services.play.history.replay(ctx, speed, first, last, match,
                                                                                progress=progress))

    @group.command(name="boards", description="When your steps post the board: after every step, or only when "
                                              "your turn ends")
    @app_commands.describe(when="After every step, or only when your turn ends (and when you ask)")
    @app_commands.choices(when=[app_commands.Choice(name="After every step", value="every_step"),
                                app_commands.Choice(name="When my turn ends", value="turn_end")])
    async def boards(self, interaction: discord.Interaction, when: str) -> None:
        await answer(interaction, lambda ctx: self.services.play.display.choose(ctx, when))

    @group.command(name="list", description="Your matches, active and finished")
    async def list_(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda ctx: self.table.my_matches(ctx))

    @group.command(name="verify", description="Check every roll of a finished match against its revealed seed")
    @app_commands.describe(match="Match id (default: the match of this thread)")
    @app_commands.autocomplete(match=match_choices)
    async def verify(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await answer(interaction, lambda ctx: self.table.verify(ctx, match))

    @group.command(name="games", description="The games the bot referees, and which can be played now")
    async def games(self, interaction: discord.Interaction) -> None:
        async def reply(ctx):
            return games_reply(ctx.lang)
        await answer(interaction, reply)



