"""A query command (``CommandSpec(query=True)``): it reads the match and changes nothing, answered to its asker
only, players and onlookers alike; its options autocomplete from the presenter's ``values``. Driven by the test
game (``tests/support/ttt.py``: ``/ttt look cell:b2``)."""
from __future__ import annotations

from table.context import Actor, Context
from table.play import Play

ALICE, BOB, CAROL = Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol")
THREAD = 701


def ctx(actor: Actor) -> Context:
    async def open_thread(name: str) -> int:
        return THREAD
    return Context(actor, THREAD, guild_id=9, open_thread=open_thread)


async def test_a_query_answers_privately_anyone_and_changes_nothing(table):
    play = Play(table)
    await table.new_match(ctx(ALICE), "ttt", BOB, {})
    match_id = await table.store.match_in(THREAD)
    await play.press(ctx(BOB), f"m:accept:{match_id}")
    game = play.game("ttt")
    match = await table.store.load(match_id)
    mover = ctx(ALICE if match.holder(match.state["turn"]).user_id == ALICE.user_id else BOB)
    await game.run(mover, "mark", {"cell": "b2"})
    before = await table.store.load(match_id)

    for asker in (ALICE, BOB, CAROL):  # the players, and someone watching
        reply = await game.run(ctx(asker), "look", {"cell": "B2"})
        assert reply.ephemeral and reply.content == f"b2: {mover.actor.name}"
    assert (await game.run(ctx(CAROL), "look", {"cell": "a1"})).content == "a1: —"
    assert await table.store.load(match_id) == before  # nothing logged, nothing saved

    offered = await game.choices(ctx(CAROL), "look", "cell", {}, "b")
    assert ("b2", "b2") in offered and all(value.startswith("b") or "b" in label for label, value in offered)
