"""Turning the table's ``Reply`` into Discord messages, and interactions into ``Context``."""
from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from typing import Awaitable, Callable, Iterator

import discord

from cogs.permissions import FOR_A_MATCH, NAMES, missing, needed_for, require
from engine.core.errors import NotAllowed
from table.context import Actor, Context
from table.fit import fit
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
        require(interaction.app_permissions, FOR_A_MATCH, channel.mention)
        try:
            thread = await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=10080)
        except discord.Forbidden:  # taken away since the interaction was sent
            raise NotAllowed("discord.missing_permissions", permissions=NAMES["create_public_threads"],
                             channel=channel.mention) from None
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
    """The keyword arguments of ``send``/``send_message`` for a reply, fitted to Discord's limits."""
    reply = fit(reply)
    embeds = []
    for e in reply.embeds:
        embed = discord.Embed(title=e.title or None, description=e.description or None, color=e.color)
        for f in e.fields:
            embed.add_field(name=f.name, value=f.value or "—", inline=f.inline)
        if e.footer:
            embed.set_footer(text=e.footer)
        if e.image:  # a chart shown inside its embed (the odds); a board is never one, but an attachment of its own
            embed.set_image(url=f"attachment://{e.image}")
        embeds.append(embed)
    kwargs: dict = {"content": reply.content or None, "embeds": embeds, "allowed_mentions": allowed_mentions(reply)}
    if reply.silent:  # @silent: no push or desktop notification
        kwargs["silent"] = True
    if reply.files:
        kwargs["files"] = [discord.File(io.BytesIO(f.data), filename=f.name, description=f.description or None)
                           for f in reply.files]
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
        # Components are dispatched by custom id (the table's own routing), never by a View object: a view still
        # running when sent stays in discord.py's view store for the life of the process, one per message sent.
        # Stopped before sending, it is only what the message carries.
        view.stop()
        kwargs["view"] = view
    return kwargs


@contextlib.contextmanager
def outgoing(reply: Reply) -> Iterator[dict]:
    """``message_kwargs`` for one send; once it is sent, the view lets go of its items. Each item points back at
    its view: a view left as it was is a reference cycle, freed only by a full garbage collection, and one is made
    for every reply with components (issue #39: the bot's memory flat over 100,000 commands)."""
    kwargs = message_kwargs(reply)
    try:
        yield kwargs
    finally:
        view = kwargs.get("view")
        if view is not None:
            view.clear_items()


def given(kwargs: dict) -> dict:
    """The arguments actually given (``Messageable.send`` and a followup take no ``None`` for most)."""
    return {k: v for k, v in kwargs.items() if v is not None}


async def send(interaction: discord.Interaction, reply: Reply) -> None:
    """Answer an interaction with ``reply``, then post what it asks to post elsewhere.

    The answer goes through the interaction (no channel permission needed). A component whose
    message has done its job (``reply.retire``) loses its components in the same step. A post the
    channel refuses (a permission taken away, a thread deleted) is shown as a followup to the
    interaction instead, and its author is told, privately, what is missing.
    """
    response = interaction.response
    retire = reply.retire and interaction.type is discord.InteractionType.component
    with outgoing(reply) as kwargs:
        if not response.is_done() and not retire:
            callback = await response.send_message(ephemeral=reply.ephemeral, **kwargs)
            message_id = getattr(callback, "message_id", None)
        else:
            if retire and not response.is_done():
                await response.edit_message(view=None)
            elif retire:
                await interaction.edit_original_response(view=None)
            elif response.type is discord.InteractionResponseType.deferred_channel_message and not reply.ephemeral:
                await interaction.delete_original_response()  # the private "thinking…" gives way to the answer
            sent = await interaction.followup.send(ephemeral=reply.ephemeral, wait=True, **given(kwargs))
            message_id = getattr(sent, "id", None)
    if reply.panel and message_id and not reply.ephemeral:
        await _record_panel(interaction, reply.panel, interaction.channel_id or 0, message_id)
    for channel_id, post in reply.posts:
        if not post.ephemeral:  # hidden information never goes to a channel
            if post.pause:  # the practice opponent's move: the player follows one move at a time
                await asyncio.sleep(interaction.client.services.settings.practice_pause_seconds)  # type: ignore[attr-defined]
            await _post(interaction, channel_id, post)


async def _post(interaction: discord.Interaction, channel_id: int, post: Reply) -> None:
    """Post in another channel (the match thread); if Discord would refuse, show it through the interaction.

    The bot's permissions there are checked first: Discord drops the embeds of a bot without Embed
    Links without a word, so a refusal can't be relied on to tell.
    """
    from table.i18n import message

    lang = language_of(interaction)
    where = f"<#{channel_id}>"
    with outgoing(post) as kwargs:
        kwargs = given(kwargs)
        try:
            channel = interaction.client.get_channel(channel_id) or await interaction.client.fetch_channel(channel_id)
            lacking = missing(_bot_permissions(channel), needed_for(post, thread=isinstance(channel, discord.Thread)))
            if not lacking:
                sent = await channel.send(**kwargs)
                if post.panel:
                    await _record_panel(interaction, post.panel, channel_id, sent.id)
                return
            note = message("discord.post_failed", lang, channel=where, permissions=", ".join(lacking))
        except discord.NotFound:
            note = message("discord.post_gone", lang, channel=where)
        except discord.HTTPException as error:  # no access, a locked thread...
            note = message("discord.post_failed", lang, channel=where, permissions=error.text or str(error.status))
        log.warning("could not post in %s; shown through interaction %s instead", channel_id, interaction.id)
        sent = await interaction.followup.send(wait=True, **kwargs)
    if post.panel:
        await _record_panel(interaction, post.panel, interaction.channel_id or 0, sent.id)
    await interaction.followup.send(content=note, ephemeral=True)


def _bot_permissions(channel: object) -> discord.Permissions | None:
    """The bot's permissions in a guild channel or thread, from the cache (None when unknown)."""
    guild = getattr(channel, "guild", None)
    me = getattr(guild, "me", None)
    if guild is None or me is None or not hasattr(channel, "permissions_for"):
        return None
    return channel.permissions_for(me)  # type: ignore[attr-defined]


async def _record_panel(interaction: discord.Interaction, match_id: str, channel_id: int, message_id: int) -> None:
    await record_panel(interaction.client, match_id, channel_id, message_id)


async def record_panel(client: discord.Client, match_id: str, channel_id: int, message_id: int) -> None:
    """Make a message the match's turn panel and take the (now stale) buttons off the previous one (also for
    what the bot posts unasked: a reminder, a pass at the end of a response window)."""
    services = client.services  # type: ignore[attr-defined]
    previous = await services.table.set_panel(match_id, message_id)
    if previous:
        try:
            await client.get_partial_messageable(channel_id).get_partial_message(previous).edit(view=None)
        except discord.HTTPException:  # deleted, or too old to edit: the stale buttons refuse anyway
            log.info("could not strip the buttons of panel %s", previous)


def language_of(interaction: discord.Interaction) -> str:
    """The language of the user's Discord client: Spanish for any ``es-*`` locale, else English."""
    return "es" if str(interaction.locale).startswith("es") else "en"


async def answer(interaction: discord.Interaction, work: Callable[[Context], Awaitable[Reply]]) -> None:
    """Run one command for the table: rate limit, errors as ephemeral replies, then send.

    Discord drops an interaction not acknowledged within 3 seconds; when the work is not done after
    ``DEFER_AFTER_SECONDS`` (Redis or the renderer slow), the interaction is deferred — privately, so a
    refusal stays private — and the reply follows. The work itself runs once either way.
    """
    from table.guard import guarded

    services = interaction.client.services  # type: ignore[attr-defined]
    ctx = context_of(interaction)

    async def checked() -> Reply:
        await services.rate_limit.check(ctx.actor.user_id)
        return await work(ctx)

    where = interaction.command.qualified_name if interaction.command else "button"
    started = time.perf_counter()
    task = asyncio.ensure_future(guarded(checked(), where=str(where), lang=language_of(interaction)))
    done, _ = await asyncio.wait({task}, timeout=services.settings.defer_after_seconds)
    if not done:
        try:
            await _defer(interaction)
        except discord.HTTPException as error:  # expired already: the work still finishes (and is saved)
            log.warning("could not defer interaction %s: %s", interaction.id, error)
    reply = await task
    try:
        await send(interaction, reply)
    except discord.HTTPException as error:
        log.warning("could not answer interaction %s (%s); its work was %s", interaction.id, error,
                    reply.error or "saved")
        outcome = "unanswered"
    else:
        outcome = reply.error or "ok"
    services.metrics.observe(str(where), time.perf_counter() - started, outcome)


def progress_of(interaction: discord.Interaction) -> Callable[[str], None]:
    """Shows a long command's progress (a replay being drawn) in its deferred "thinking…" message, once the
    command has been deferred (``answer``); the latest text wins, one edit at a time."""
    state: dict[str, object] = {"text": None, "task": None}

    async def edit() -> None:
        while state["text"] is not None:
            text, state["text"] = state["text"], None
            try:
                await interaction.edit_original_response(content=str(text))
            except discord.HTTPException as error:  # progress shown or not, the work goes on
                log.info("could not show progress of interaction %s: %s", interaction.id, error)
        state["task"] = None

    def show(text: str) -> None:
        if not interaction.response.is_done():  # not deferred yet: the answer may come before it is needed
            return
        state["text"] = text
        if state["task"] is None:
            state["task"] = asyncio.ensure_future(edit())

    return show


async def _defer(interaction: discord.Interaction) -> None:
    """Acknowledge now, answer later: a button's message stays as is; a command shows a private "thinking…"."""
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
