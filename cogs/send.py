"""Turning the table's ``Reply`` into Discord messages, and interactions into ``Context``."""
from __future__ import annotations

import io
import logging
import time
from typing import Awaitable, Callable

import discord

from table.context import Actor, Context
from table.logs import interaction_id_var
from table.reply import Reply

log = logging.getLogger(__name__)

_STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
           "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}


def actor_of(user: discord.abc.User, permissions: discord.Permissions | None = None) -> Actor:
    """The table's view of a Discord user (moderator: may manage threads or the server)."""
    moderator = bool(permissions and (permissions.manage_threads or permissions.manage_guild))
    return Actor(user.id, getattr(user, "display_name", user.name), moderator=moderator, bot=user.bot)


def context_of(interaction: discord.Interaction) -> Context:
    """The table's view of an interaction; new matches open a public thread in the channel."""
    interaction_id_var.set(interaction.id)

    async def open_thread(name: str) -> int:
        from engine.core.errors import IllegalAction

        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if interaction.guild is None or not isinstance(channel, discord.TextChannel):
            raise IllegalAction("discord.needs_text_channel")
        thread = await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,
                                             auto_archive_duration=10080)
        return thread.id

    guild_locale = str(interaction.guild_locale or interaction.locale)
    return Context(actor_of(interaction.user, interaction.permissions), interaction.channel_id or 0,
                   guild_id=interaction.guild_id, open_thread=open_thread, interaction_id=interaction.id,
                   lang="es" if guild_locale.startswith("es") else "en")


def allowed_mentions(reply: Reply) -> discord.AllowedMentions:
    """Only the users the table named may be pinged; never @everyone or roles."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(uid) for uid in reply.mentions])


def message_kwargs(reply: Reply) -> dict:
    """The keyword arguments of ``send``/``send_message`` for a reply."""
    embeds = []
    for e in reply.embeds:
        embed = discord.Embed(title=e.title or None, description=e.description or None, color=e.color)
        for f in e.fields:
            embed.add_field(name=f.name, value=f.value or "—", inline=f.inline)
        if e.footer:
            embed.set_footer(text=e.footer)
        if e.image:
            embed.set_image(url=f"attachment://{e.image}")
        embeds.append(embed)
    kwargs: dict = {"content": reply.content or None, "embeds": embeds, "allowed_mentions": allowed_mentions(reply)}
    if reply.files:
        kwargs["files"] = [discord.File(io.BytesIO(f.data), filename=f.name) for f in reply.files]
    if reply.buttons or reply.selects:
        view = discord.ui.View(timeout=None)
        menus = reply.selects[:5]
        for row, menu in enumerate(menus):
            view.add_item(discord.ui.Select(
                custom_id=menu.custom_id, placeholder=menu.placeholder[:150], disabled=menu.disabled, row=row,
                options=[discord.SelectOption(label=o.label[:100] or "—", value=o.value[:100],
                                              description=o.description[:100] or None) for o in menu.options[:25]]))
        for i, b in enumerate(reply.buttons[:5 * (5 - len(menus))]):
            view.add_item(discord.ui.Button(custom_id=b.custom_id, label=b.label[:80], style=_STYLES[b.style],
                                            disabled=b.disabled, row=len(menus) + i // 5))
        kwargs["view"] = view
    return kwargs


async def send(interaction: discord.Interaction, reply: Reply) -> None:
    """Answer an interaction with ``reply``, then post what it asks to post elsewhere."""
    kwargs = message_kwargs(reply)
    if interaction.response.is_done():
        sent = await interaction.followup.send(ephemeral=reply.ephemeral, wait=True,
                                               **{k: v for k, v in kwargs.items() if v is not None})
        message_id = getattr(sent, "id", None)
    else:
        response = await interaction.response.send_message(ephemeral=reply.ephemeral, **kwargs)
        message_id = getattr(response, "message_id", None)
    if reply.panel and message_id and not reply.ephemeral:
        await _record_panel(interaction, reply.panel, interaction.channel_id or 0, message_id)
    for channel_id, post in reply.posts:
        if post.ephemeral:  # hidden information never goes to a channel
            continue
        channel = interaction.client.get_channel(channel_id) or await interaction.client.fetch_channel(channel_id)
        message = await channel.send(**{k: v for k, v in message_kwargs(post).items() if v is not None})
        if post.panel:
            await _record_panel(interaction, post.panel, channel_id, message.id)


async def _record_panel(interaction: discord.Interaction, match_id: str, channel_id: int, message_id: int) -> None:
    """Make a message the match's turn panel and take the (now stale) buttons off the previous one."""
    services = interaction.client.services  # type: ignore[attr-defined]
    previous = await services.table.set_panel(match_id, message_id)
    if previous:
        try:
            await interaction.client.get_partial_messageable(channel_id).get_partial_message(previous).edit(view=None)
        except discord.HTTPException:  # deleted, or too old to edit: the stale buttons refuse anyway
            log.info("could not strip the buttons of panel %s", previous)


def language_of(interaction: discord.Interaction) -> str:
    """The language of the user's Discord client: Spanish for any ``es-*`` locale, else English."""
    return "es" if str(interaction.locale).startswith("es") else "en"


async def answer(interaction: discord.Interaction, work: Callable[[Context], Awaitable[Reply]]) -> None:
    """Run one command for the table: rate limit, errors as ephemeral replies, then send."""
    from table.guard import guarded

    services = interaction.client.services  # type: ignore[attr-defined]
    ctx = context_of(interaction)

    async def checked() -> Reply:
        await services.rate_limit.check(ctx.actor.user_id)
        return await work(ctx)

    where = interaction.command.qualified_name if interaction.command else "button"
    started = time.perf_counter()
    reply = await guarded(checked(), where=str(where), lang=language_of(interaction))
    await send(interaction, reply)
    outcome = reply.error or "ok"
    services.metrics.observe(str(where), time.perf_counter() - started, outcome)
