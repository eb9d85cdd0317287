"""Taking back the last action, for any game: asked by its player, accepted by every other player.

An action can be taken back only while it is the last entry of the match log, it rolled no die (no
draws: the generator's counter is unchanged, so every later roll stays provable) and it revealed
nothing hidden (no event shown to one seat only, no event naming a card). The state before it is
recomputed by replaying the log from the match seed, skipping actions already taken back; the undo
is logged as ``ActionUndone`` with the entry it takes back, so a replay of the log skips it too.
"""
from __future__ import annotations

from typing import Any

from engine.core import system as systems
from engine.core.errors import IllegalAction, NotAllowed
from engine.core.rng import SeededRng
from table.context import Context
from table.lifecycle import Table, mentions
from table.match import Match, Status
from table.replay import ReplayMismatch, replay_until, undone_entries
from table.reply import Button, Reply


REVEALING_KEYS = ("card", "cards")
"""An event carrying one of these names a card: the action revealed it."""


def last_action(entries: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The last action entry still in force, if it is the last thing that happened."""
    undone = undone_entries(entries)
    for entry in reversed(entries):
        if entry.get("kind") == "action" and entry.get("n") not in undone:
            return entry
        if entry.get("kind") == "action" or entry.get("event") in ("MatchStarted", "ActionUndone", "SeatConceded"):
            return None
        if entry.get("kind") == "roll":
            return None
    return None


def undoable(entry: dict[str, Any]) -> bool:
    """No draws, no private event, no card named: taking it back hides nothing already seen."""
    if entry.get("draws"):
        return False
    for event in entry.get("events", ()):
        if event.get("visible_to") is not None or any(k in event for k in REVEALING_KEYS):
            return False
    return True


def replay_before(match: Match, seed: bytes, entries: list[dict[str, Any]], stop: int) -> dict[str, Any]:
    """The game state just before log entry ``stop``, replayed from the seed (undone actions skipped).

    :raises IllegalAction: core.undo_unavailable when the log does not replay to the stored state
    """
    try:
        state, counter = replay_until(match, seed, entries, stop)
    except ReplayMismatch:
        state = None
    if state is None:
        raise IllegalAction("core.undo_unavailable", match=match.id)
    target = next(e for e in entries if e.get("n") == stop)
    again, _ = systems.find_system(match.game).apply(state, target["seat"], target["action"],
                                                     SeededRng(seed, counter))
    if again != match.state:  # the log must reproduce the snapshot before we trust it
        raise IllegalAction("core.undo_unavailable", match=match.id)
    return state


async def request(table: Table, ctx: Context, match_id: str | None = None) -> Reply:
    """The caller asks to take back their last action; the opponent gets Accept / Refuse buttons.

    :raises NotAllowed: core.not_seated
    :raises IllegalAction: core.undo_nothing, core.undo_not_yours, core.undo_not_allowed, core.undo_already_asked
    """
    target = await table.match_for(ctx, match_id)
    entries = await table.store.log(target.id)

    def change(match: Match):
        seat = table._seated(match, ctx.actor)
        table._require(match, Status.ACTIVE)
        last = last_action(entries)
        if last is None or match.log_length != len(entries):
            raise IllegalAction("core.undo_nothing")
        if last.get("seat") != seat:
            raise IllegalAction("core.undo_not_yours")
        if not undoable(last):
            raise IllegalAction("core.undo_not_allowed")
        if match.undo_request and match.undo_request.get("n") == last["n"]:
            raise IllegalAction("core.undo_already_asked")
        asked = {"n": last["n"], "seat": seat, "by": ctx.actor.user_id}
        entry = {"kind": "lifecycle", "event": "UndoRequested", "by": ctx.actor.user_id, "seat": seat,
                 "undoes": last["n"]}
        return match.model_copy(update={"undo_request": asked}), [entry], last

    match, last = await table.update(target.id, change)
    others = [h for h in match.seats if h.user_id != ctx.actor.user_id]
    what = str(last.get("action", {}).get("type", "action"))
    return Reply(content=ctx.say("core.table.undo_asked" if len(others) == 1 else "core.table.undo_asked_many",
                                 player=f"<@{ctx.actor.user_id}>", action=what, opponent=mentions(others),
                                 opponents=mentions(others)),
                 buttons=_buttons(ctx, match), mentions=[h.user_id for h in others])


def _buttons(ctx: Context, match: Match) -> list[Button]:
    return [Button(f"m:undo-yes:{match.id}", ctx.say("core.table.undo_accept"), "success"),
            Button(f"m:undo-no:{match.id}", ctx.say("core.table.undo_refuse"), "danger")]


async def answer(table: Table, ctx: Context, match_id: str, accept: bool) -> Reply:
    """The opponent accepts (the action is taken back) or refuses; the asker may withdraw.

    :raises NotAllowed: core.not_seated, core.undo_opponent_only
    :raises IllegalAction: core.undo_nothing, core.undo_unavailable
    """
    target = await table.store.load(match_id)
    entries = await table.store.log(target.id)
    seed = table.seed(target.id)
    request_ = target.undo_request
    before = replay_before(target, seed, entries, request_["n"]) if accept and request_ else None

    def change(match: Match):
        seat = table._seated(match, ctx.actor)
        table._require(match, Status.ACTIVE)
        asked = match.undo_request
        if not asked or asked != request_ or match.log_length != len(entries):
            raise IllegalAction("core.undo_nothing")
        if accept and seat == asked["seat"]:
            raise NotAllowed("core.undo_opponent_only")
        entry = {"kind": "lifecycle", "by": ctx.actor.user_id, "seat": seat, "undoes": asked["n"]}
        if not accept:
            return (match.model_copy(update={"undo_request": None}),
                    [{**entry, "event": "UndoRefused"}], "refused")
        agreed = sorted({*asked.get("agreed", ()), seat})
        if len(agreed) < len(match.seats) - 1:  # every other player must accept
            if seat in asked.get("agreed", ()):
                raise IllegalAction("core.undo_already_asked")
            return (match.model_copy(update={"undo_request": {**asked, "agreed": agreed}}),
                    [{**entry, "event": "UndoAgreed"}], "agreed")
        new = match.model_copy(update={"undo_request": None, "state": before})
        return new, [{**entry, "event": "ActionUndone"}], "undone"

    match, what = await table.update(target.id, change)
    if what == "refused":
        return Reply(content=ctx.say("core.table.undo_refused", player=f"<@{ctx.actor.user_id}>"))
    if what == "agreed":
        asked = match.undo_request or {}
        waiting = [h for h in match.seats if h.seat != asked.get("seat") and h.seat not in asked.get("agreed", ())]
        return Reply(content=ctx.say("core.table.undo_agreed", player=f"<@{ctx.actor.user_id}>",
                                     waiting=mentions(waiting)),
                     buttons=_buttons(ctx, match), mentions=[h.user_id for h in waiting])
    return await table.present(ctx, match, ctx.say("core.table.undone", player=f"<@{ctx.actor.user_id}>"))
