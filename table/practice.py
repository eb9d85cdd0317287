"""The practice opponent at the table (issue 35): a match against the bot, which plays its seats by itself.

``/match new <game> vs:practice [level:easy|normal|hard]`` (Discord: ``/match practice``) seats the practice
opponent: a seat holder with a negative user id (no Discord user) and the level's name. The match starts at once
(the opponent accepts as a player does) and is marked ``Match.practice``: a league never pairs one, so it never
counts in standings or ratings. Whenever a practice seat is awaited, its move is decided by the search
(``engine/core/practice.py``) from that seat's own position, in a board worker (off the event loop), and acted
through the table as a player's: stored, announced and posted in the match's thread.

``/<game> hint`` asks the same search, at the normal level, what the asking player's seat should do: the answer, the
action named as the game's labels name it and the expected change in the evaluation, goes to that player only, and
the search samples every other seat's hidden information as it does for the bot (it never reads it). It is offered
in practice matches only, so never in a league's.
"""
from __future__ import annotations

import secrets
import time
from typing import Any

from engine.core import practice
from engine.core import system as systems
from engine.core.errors import GameError, IllegalAction, InvalidInput, NotAllowed
from table.context import Actor, Context
from table.match import Match, Status
from table.reply import Reply

OPPONENT = "practice"
"""What a player types as the opponent."""
MOST_IN_A_ROW = 60
"""Moves the practice seats make before a player is awaited again, at most (a safety bound, never reached in play)."""


def level_of(text: str | None) -> str:
    """A level as typed (default normal).

    :raises InvalidInput: core.practice.level
    """
    level = (text or "normal").strip().lower()
    if level not in practice.LEVELS:
        raise InvalidInput("core.practice.level", level=text, levels=", ".join(practice.LEVELS))
    return level


def opponent(ctx: Context, level: str, k: int = 0) -> Actor:
    """The practice opponent at its ``k``-th seat: a negative id, never a Discord user's."""
    return Actor(-1 - k, ctx.say("practice.name", level=ctx.say(f"practice.level.{level}")), bot=True)


async def new_match(table: Any, ctx: Context, game: str, level: str | None, options: dict[str, Any] | None = None,
                    players: int = 2) -> Reply:
    """A match against the practice opponent (``players - 1`` practice seats), started at once. ``table``: the
    ``Table`` (this module is imported by the game table, so it names neither)."""
    level = level_of(level)
    opponents = [opponent(ctx, level, k) for k in range(players - 1)]
    opened = await table.new_match(ctx, game, opponents if len(opponents) > 1 else opponents[0], options,
                                   blocks=False, practice=level)
    match_id = next(b.custom_id.split(":")[2] for b in _buttons(opened) if b.custom_id.startswith("m:accept:"))
    started: Reply | None = None
    for k, bot in enumerate(opponents):  # the opponent accepts as a player does: the match starts as any does
        started = await table.answer_invite(Context(bot, ctx.channel_id, ctx.guild_id, lang=ctx.lang), match_id, True)
    match = await table.store.load(match_id)
    where = f"<#{match.thread_id}>" if match.thread_id else ctx.say("match.this_channel")
    opened.content = ctx.say("practice.opened", match=match_id, game=systems.find_info(game).name, where=where,
                             opponent=", ".join(o.name for o in opponents))
    opened.buttons, opened.posts = [], [(at, post) for at, post in opened.posts if not _is_invite(post)]
    if started is not None:
        opened.posts.append((match.where, started))
    return opened


def _buttons(reply: Reply) -> list:
    return [*reply.buttons, *(b for _, post in reply.posts for b in post.buttons)]


def _is_invite(post: Reply) -> bool:
    return any(b.custom_id.startswith("m:accept:") for b in post.buttons)


def _decide(game: str, state: dict, seat: str, seats: tuple[str, ...], level: str, seed: int,
            progress: Any = None) -> dict:
    """Run in a board worker: the search's choice (an action of ``legal_actions``)."""
    system = systems.find_system(game)
    return practice.decide(system, state, seat, seats, level, seed=seed, clock=time.perf_counter).action


HINT_LEVEL = "normal"
"""The level whose move ``/<game> hint`` suggests."""


def _advise(game: str, state: dict, seat: str, seats: tuple[str, ...], seed: int, progress: Any = None) -> dict:
    """Run in a board worker: the normal level's choice for ``seat`` and the evaluation before and after it."""
    system = systems.find_system(game)
    decision = practice.decide(system, state, seat, seats, HINT_LEVEL, seed=seed, clock=time.perf_counter)
    return {"action": decision.action, "value": decision.value, "baseline": decision.baseline}


async def hint(game: Any, ctx: Context, match_id: str | None = None) -> Reply:
    """``/<game> hint``: the move the normal practice opponent would make in the asker's seat, from that seat's own
    view, with the change it expects in the evaluation; to the asker only. ``game``: the match's ``GameTable``.

    :raises NotAllowed: core.not_seated, practice.hint_practice_only
    :raises IllegalAction: core.match_over
    """
    match = await game.load(ctx, match_id)
    seat = game.seated(match, ctx)
    if not match.practice:
        raise NotAllowed("practice.hint_practice_only", match=match.id)
    if match.status is not Status.ACTIVE:
        raise IllegalAction("core.match_over", match=match.id)
    await game.ready(match, [seat])
    if not game.legal(match, seat):
        return Reply(content=ctx.say("practice.hint_nothing"), ephemeral=True)
    seats = tuple(h.seat for h in match.seats)
    advice = await game.renderer.call(match.game, match.id, _advise, match.game, match.state, seat, seats,
                                      secrets.randbits(63))
    label = game.presenter.action_label(game.scene(match, seat, ctx.lang), advice["action"])
    before, after = round(100 * advice["baseline"]), round(100 * advice["value"])
    return Reply(content=ctx.say("practice.hint", action=label, change=f"{after - before:+d}", before=before,
                                 after=after), ephemeral=True)


async def moves(game: Any, match: Match, lang: str) -> list[Reply]:
    """The practice seats' moves while one of them is awaited, each acted as its holder through ``game`` (the
    match's ``GameTable``): their public posts."""
    posted: list[Reply] = []
    for _ in range(MOST_IN_A_ROW):
        if match.status is not Status.ACTIVE or not match.practice or match.state is None:
            break
        awaited = [s for s in game.scene(match, None, lang).awaiting if s in match.practice]
        if not awaited:
            break
        seat = awaited[0]
        seats = tuple(h.seat for h in match.seats)
        action = await game.renderer.call(match.game, match.id, _decide, match.game, match.state, seat, seats,
                                          match.practice[seat], secrets.randbits(63))
        holder = match.holder(seat)
        ctx = Context(Actor(holder.user_id, holder.name, bot=True), match.where, match.guild_id, lang=lang)
        try:
            reply = await game.act(ctx, action, match.id, expect=match.log_length, follow=False)
        except GameError:  # the player's own move is saved already: the bot waits to be woken again, never fails it
            break
        mine = [post for _, post in reply.posts if not post.ephemeral] if reply.ephemeral else [reply]
        for post in mine[:1]:  # a pause before each move, not between a move's own posts
            post.pause = True
        posted += mine
        match = await game.table.store.load(match.id)
    return posted
