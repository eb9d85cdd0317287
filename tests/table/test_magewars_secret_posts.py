"""Secret plans stay secret at the table (issue 38, "Through Discord"): a spell given to a familiar in Planning is
told privately to its player, and the public post says only that the familiar got its spell (digest §4 P5: the
spells are prepared in secret; §9.5: a familiar's spell is assigned face down)."""
from __future__ import annotations

from engine.magewars.state import new_object
from table.play import Play
from tests.table.test_magewars_windows import ALICE, BOB, THREAD, ctx, magewars  # noqa: F401 - a fixture

USERS = {ALICE.user_id: ALICE, BOB.user_id: BOB}


async def test_assigning_a_familiars_spell_posts_no_spell_name(table, magewars):  # noqa: F811
    """Digest §4 P5, §9.5: player1 gives Huginn a spell in Planning; the thread's post does not name it, the
    player's own reply does (was: ``Assign Dispel to Huginn`` posted publicly)."""
    play = Play(table)
    await table.new_match(ctx(ALICE), "magewars", BOB, {"mode": "full"})
    match_id = await table.store.match_in(THREAD)
    await play.press(ctx(BOB), f"m:accept:{match_id}")
    match = await table.store.load(match_id)
    roller = match.state["roller"]  # the high roller takes the initiative (seed 001 l.261)
    await play.game("magewars").act(ctx(USERS[match.holder(roller).user_id]),
                                    {"type": "ChooseInitiative", "holder": roller}, match_id)
    match = await table.store.load(match_id)
    state = match.state
    assert state["step"] == "plan"
    zone = state["objects"][state["mages"]["player1"]]["zone"]
    huginn = new_object(state, "Huginn, Raven Familiar", "creature", "player1", zone=zone)["id"]
    match = await table.store.save(match.model_copy(update={"state": state}))
    game = play.game("magewars")
    game._legal.clear()  # worked out for the state before Huginn was put in play (same log length)
    await game.act(ctx(USERS[match.holder("player1").user_id]), {"type": "PlanSpell", "spell": None}, match_id)
    match = await table.store.load(match_id)
    assign = next(a for a in game.legal(match, "player1") if a["type"] == "Assign" and a["spell"])
    reply = await game.act(ctx(USERS[match.holder("player1").user_id]), assign, match_id)
    public = repr([post for _, post in reply.posts])
    assert assign["spell"] not in public and "Huginn" in public
    assert reply.ephemeral and assign["spell"] in reply.content


async def test_planning_goes_one_spell_at_a_time_on_a_menu_only_its_player_sees(table, magewars):  # noqa: F811
    """Digest §4 P5 (up to 2 spells, secret); issue 38 deliverable 5: a player plans the first spell, then the
    second, from a select menu in a reply only they see (each choice labelled with its cost), never a list of
    every pair; the thread is told only that a choice was made."""
    play = Play(table)
    await table.new_match(ctx(ALICE), "magewars", BOB, {"mode": "apprentice"})
    match_id = await table.store.match_in(THREAD)
    await play.press(ctx(BOB), f"m:accept:{match_id}")
    match = await table.store.load(match_id)
    roller = match.state["roller"]
    game = play.game("magewars")
    await game.act(ctx(USERS[match.holder(roller).user_id]), {"type": "ChooseInitiative", "holder": roller}, match_id)
    match = await table.store.load(match_id)
    me = ctx(USERS[match.holder("player1").user_id])
    first = next(a for a in game.legal(match, "player1") if a["type"] == "PlanSpell" and a["spell"])
    reply = await game.act(me, first, match_id)
    assert reply.ephemeral and first["spell"] in reply.content
    assert first["spell"] not in repr([post for _, post in reply.posts])
    [menu] = reply.selects
    labels = [o.label for o in menu.options]
    assert any(label.startswith("Prepare ") and "mana" in label for label in labels)
    assert not any(" + " in label for label in labels)  # one spell at a time, not pairs
    second = next(o for o in menu.options if o.label.startswith("Prepare ") and "mana" in o.label)
    reply = await play.press(me, menu.custom_id, [second.value])
    match = await table.store.load(match_id)
    assert len(match.state["drafts"]["player1"]["spells"]) == 2
    assert [a["type"] for a in game.legal(match, "player1")] == ["Prepare"]
