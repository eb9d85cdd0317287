"""Handing a seat of a running match to someone else (issue #36): a substitute takes over mid-match.

The seat's player (or a moderator) offers it to another member, who takes it or declines with the buttons under the
offer; the player or the moderator may withdraw it the same way. Both consents are in the match log
(``HandoverOffered``, then ``SeatHandedOver`` or ``HandoverDeclined``). The seat keeps everything the game gave it
(its hand, its pieces): the game state names seats, not people, so only who sits there changes. A league's pairing
follows: once the organiser gave the substitute the league seat (``/league substitute``), the match's result counts
for the pairing.
"""
from __future__ import annotations

from engine.core.errors import IllegalAction, NotAllowed
from table.context import Actor, Context, safe
from table.lifecycle import Table
from table.match import Match, SeatHolder, Status
from table.reply import Button, Reply


async def offer(table: Table, ctx: Context, substitute: Actor, player: Actor | None = None,
                match_id: str | None = None) -> Reply:
    """``/match substitute``: the caller offers their seat to ``substitute`` (a moderator: ``player``'s seat).

    :raises NotAllowed: core.not_seated, core.handover_moderator_only
    :raises IllegalAction: core.handover_seated, core.handover_is_bot, core.handover_pending
    """
    target_id = await table.match_id_for(ctx, match_id)
    leaving = player or ctx.actor
    if player is not None and player.user_id != ctx.actor.user_id and not ctx.actor.moderator:
        raise NotAllowed("core.handover_moderator_only")
    if substitute.bot:
        raise IllegalAction("core.handover_is_bot", name=safe(substitute.name))

    def change(match: Match):
        table._require(match, Status.ACTIVE)
        seat = match.seat_of(leaving.user_id)
        if seat is None:
            raise NotAllowed("core.not_seated")
        if match.seat_of(substitute.user_id) is not None:
            raise IllegalAction("core.handover_seated", name=safe(substitute.name))
        if match.handover is not None:
            raise IllegalAction("core.handover_pending", player=f"<@{match.handover['to']}>")
        offered = {"seat": seat, "from": leaving.user_id, "to": substitute.user_id, "name": substitute.name[:80],
                   "by": ctx.actor.user_id}
        entry = {"kind": "lifecycle", "event": "HandoverOffered", "by": ctx.actor.user_id, "seat": seat,
                 "to": substitute.user_id}
        return match.model_copy(update={"handover": offered}), [entry], seat

    match, seat = await table.update(target_id, change)
    return Reply(content=ctx.say("match.handover_offered", player=f"<@{leaving.user_id}>", seat=seat,
                                 substitute=f"<@{substitute.user_id}>", match=match.id),
                 buttons=_buttons(ctx, match), mentions=[substitute.user_id])


def _buttons(ctx: Context, match: Match) -> list[Button]:
    return [Button(f"m:sub-yes:{match.id}", ctx.say("match.handover_take"), "success"),
            Button(f"m:sub-no:{match.id}", ctx.say("match.handover_decline"), "danger")]


async def answer(table: Table, ctx: Context, match_id: str, take: bool) -> Reply:
    """The substitute takes the seat (``take``) or declines; the leaving player or whoever offered it may withdraw
    the offer (decline). Taking it clears the seat's requests to abandon or to take back an action.

    :raises NotAllowed: core.handover_not_yours
    :raises IllegalAction: core.handover_none
    """
    def change(match: Match):
        table._require(match, Status.ACTIVE)
        offered = match.handover
        if offered is None:
            raise IllegalAction("core.handover_none")
        me = ctx.actor.user_id
        entry = {"kind": "lifecycle", "by": me, "seat": offered["seat"], "to": offered["to"]}
        if not take:
            if me not in (offered["to"], offered["from"], offered["by"]) and not ctx.actor.moderator:
                raise NotAllowed("core.handover_not_yours")
            return match.model_copy(update={"handover": None}), [{**entry, "event": "HandoverDeclined"}], offered
        if me != offered["to"]:
            raise NotAllowed("core.handover_not_yours")
        if match.seat_of(me) is not None:  # took another seat meanwhile (a game of more players)
            raise IllegalAction("core.handover_seated", name=safe(ctx.actor.name))
        seats = [SeatHolder(seat=h.seat, user_id=me, name=offered["name"]) if h.seat == offered["seat"] else h
                 for h in match.seats]
        undo = match.undo_request if (match.undo_request or {}).get("seat") != offered["seat"] else None
        new = match.model_copy(update={"seats": seats, "handover": None, "undo_request": undo,
                                       "abandon_requests": [s for s in match.abandon_requests
                                                            if s != offered["seat"]]})
        return new, [{**entry, "event": "SeatHandedOver", "from": offered["from"]}], offered

    match, offered = await table.update(match_id, change)
    if not take:
        return Reply(content=ctx.say("match.handover_declined", player=f"<@{ctx.actor.user_id}>",
                                     seat=offered["seat"]), retire=True)
    reply = await table.present(ctx, match, ctx.say("match.handover_done", substitute=f"<@{offered['to']}>",
                                                    player=f"<@{offered['from']}>", seat=offered["seat"]))
    reply.retire = True
    return reply
