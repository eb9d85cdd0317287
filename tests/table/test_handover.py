"""A seat of a running match handed to a substitute (issue #36 item 5): offered by its player or a moderator,
taken or declined by the substitute (or withdrawn), both consents in the match log; the seat keeps its state."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction, NotAllowed
from table import handover
from table.context import Actor
from table.play import Play
from tests.table.test_lifecycle import ANN, BOB, CAROL, MOD, ctx, started

DAN = Actor(4, "dan")


async def test_a_seat_is_handed_over_only_with_both_consents(table):
    match_id, thread = await started(table)
    before = await table.store.load(match_id)
    with pytest.raises(NotAllowed):  # someone else's seat: moderators only
        await handover.offer(table, ctx(BOB, thread), CAROL, ANN)
    with pytest.raises(IllegalAction):  # already seated
        await handover.offer(table, ctx(ANN, thread), BOB)
    with pytest.raises(IllegalAction):
        await handover.offer(table, ctx(ANN, thread), Actor(8, "a bot", bot=True))
    offer = await handover.offer(table, ctx(ANN, thread), CAROL)
    assert offer.mentions == [CAROL.user_id] and [b.custom_id for b in offer.buttons] == \
        [f"m:sub-yes:{match_id}", f"m:sub-no:{match_id}"]
    with pytest.raises(IllegalAction):  # one offer at a time
        await handover.offer(table, ctx(ANN, thread), DAN)
    play = Play(table)
    with pytest.raises(NotAllowed):  # only Carol takes it
        await play.press(ctx(DAN, thread), f"m:sub-yes:{match_id}")
    withdrawn = await play.press(ctx(ANN, thread), f"m:sub-no:{match_id}")
    assert "declined" in withdrawn.content and withdrawn.retire
    assert [h.user_id for h in (await table.store.load(match_id)).seats] == [ANN.user_id, BOB.user_id]

    # a moderator offers Ann's seat; Carol takes it: same seat, same state, Ann out
    await handover.offer(table, ctx(MOD, thread), CAROL, ANN)
    taken = await play.press(ctx(CAROL, thread), f"m:sub-yes:{match_id}")
    assert "takes seat" in taken.content
    after = await table.store.load(match_id)
    assert [(h.seat, h.user_id) for h in after.seats] == [(before.seats[0].seat, CAROL.user_id),
                                                          (before.seats[1].seat, BOB.user_id)]
    assert after.state == before.state and after.handover is None
    assert [m.id for m in await table.store.matches_of(CAROL.user_id)] == [match_id]
    log = [(e.get("event"), e.get("by")) for e in await table.store.log(match_id) if e.get("kind") == "lifecycle"]
    assert ("HandoverDeclined", ANN.user_id) in log and ("HandoverOffered", MOD.user_id) in log
    assert log[-1] == ("SeatHandedOver", CAROL.user_id)
    with pytest.raises(IllegalAction):  # nothing offered any more
        await play.press(ctx(CAROL, thread), f"m:sub-yes:{match_id}")
