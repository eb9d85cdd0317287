"""The generic game table, driven by the test-only game (noughts and crosses with a secret card,
``tests/support/ttt.py``, loaded as a ``GAME_PLUGINS`` module): no generic file names it.

Buttons for a few choices, a select menu for 17-25, a hint and autocomplete beyond; a private event
answered privately with its public half posted; out-of-turn answers naming who is awaited.
"""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction, InvalidInput
from table.context import Actor, Context
from table.game_table import MAX_BUTTONS, MAX_MENU
from table.play import Play
from table.presenter import find_presenter, presenters

ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")
THREAD = 700


def ctx(actor: Actor, lang: str = "en") -> Context:
    async def open_thread(name: str) -> int:
        return THREAD
    return Context(actor, THREAD, guild_id=9, open_thread=open_thread, lang=lang)


async def started(table, **options) -> tuple[Play, str]:
    play = Play(table)
    await table.new_match(ctx(ALICE), "ttt", BOB, options)
    match_id = await table.store.match_in(THREAD)
    await play.press(ctx(BOB), f"m:accept:{match_id}")
    return play, match_id


async def to_move(play: Play, match_id: str) -> tuple[Context, Context]:
    """The contexts of the player to move and of the other."""
    match = await play.table.store.load(match_id)
    turn = match.state["turn"]
    mover = ALICE if match.holder(turn).user_id == ALICE.user_id else BOB
    return ctx(mover), ctx(BOB if mover is ALICE else ALICE)


def test_the_test_game_is_registered_through_its_plugin_only():
    assert find_presenter("ttt").command == "ttt"
    assert "ttt" in [p.game for p in presenters()]


async def test_seventeen_to_twenty_five_choices_come_as_a_select_menu(table):
    play, match_id = await started(table)  # 5×5: 25 empty cells
    game = play.game("ttt")
    match = await table.store.load(match_id)
    reply = await game.show(ctx(ALICE), match)
    [menu] = reply.selects
    assert len(menu.options) == 25 and menu.custom_id == f"g:{match_id}:{match.log_length}:{'0' if match.state['turn'] == match.seats[0].seat else '1'}:menu"
    assert all(o.label.startswith("Mark ") for o in menu.options)  # the secret card is never on a menu
    assert [b.label for b in reply.buttons] == ["My card"]
    mover, _ = await to_move(play, match_id)
    chosen = await play.press(mover, menu.custom_id, [menu.options[12].value])
    assert (await table.store.load(match_id)).state["board"] == {"c3": match.state["turn"]}
    assert chosen.ephemeral and "Your secret card" in chosen.content  # the deal, privately
    [(where, post)] = chosen.posts
    assert where == THREAD and "marked c3" in post.content
    assert len(post.selects[0].options) == 24
    with pytest.raises(IllegalAction) as stale:  # the old menu is stale now
        await play.press(mover, menu.custom_id, [menu.options[0].value])
    assert stale.value.code == "core.stale_choice"


async def test_sixteen_choices_or_fewer_come_as_buttons(table):
    play, match_id = await started(table, size=4, line=4)  # 4×4: 16 cells
    reply = await play.game("ttt").show(ctx(ALICE), await table.store.load(match_id))
    assert reply.selects == [] and len(reply.buttons) == MAX_BUTTONS + 1
    mover, _ = await to_move(play, match_id)
    pressed = await play.press(mover, reply.buttons[5].custom_id)
    assert (await table.store.load(match_id)).state["board"] == {"b2": (await table.store.load(match_id)).seats[
        0 if mover.actor is ALICE else 1].seat}
    assert pressed.posts or not pressed.ephemeral


async def test_more_than_twenty_five_choices_are_typed_with_a_hint_and_autocomplete(table):
    play, match_id = await started(table, size=6)  # 36 cells
    game = play.game("ttt")
    reply = await game.show(ctx(ALICE), await table.store.load(match_id))
    assert reply.selects == [] and [b.label for b in reply.buttons] == ["My card"]
    assert "36 choices" in reply.content and "`/ttt do`" in reply.content
    mover, other = await to_move(play, match_id)
    offered = await game.choices(mover, "do", "action", {}, "")
    assert len(offered) == MAX_MENU
    narrowed = await game.choices(mover, "do", "action", {}, "f6")
    assert [label for label, _ in narrowed] == ["Mark f6"] or "Mark f6" in [label for label, _ in narrowed]
    assert await game.choices(other, "do", "action", {}, "") == []  # not their turn: nothing offered
    cells = await game.choices(mover, "mark", "cell", {}, "")
    assert len(cells) == MAX_MENU and all(v[0] in "abcdef" for _, v in cells)
    done = await game.run(mover, "do", {"action": narrowed[0][1]})
    assert done.posts and "marked f6" in done.posts[0][1].content


async def test_out_of_turn_answers_say_whose_turn_it_is(table):
    play, match_id = await started(table)
    mover, other = await to_move(play, match_id)
    game = play.game("ttt")
    match = await table.store.load(match_id)
    for command, values in (("mark", {"cell": "a1"}), ("do", {}), ("do", {"action": "0"}),
                            ("do", {"action": f"{match.log_length}:0"})):
        with pytest.raises(IllegalAction) as refused:
            await game.run(other, command, values)
        assert refused.value.code == "core.table.not_your_turn", command
        assert refused.value.params["name"] == mover.actor.name and "mark a cell" in refused.value.params["step"]
    [(_, post)] = (await game.run(mover, "mark", {"cell": "a1"})).posts
    with pytest.raises(Exception) as pressed:  # the new panel's menu is not for the player who just moved
        await play.press(mover, post.selects[0].custom_id, ["0"])
    assert other.actor.name in str(pressed.value.params)


async def test_bad_option_values_are_refused_with_what_to_type(table):
    play, match_id = await started(table)
    mover, _ = await to_move(play, match_id)
    game = play.game("ttt")
    with pytest.raises(InvalidInput) as bad:
        await game.run(mover, "mark", {"cell": "z9"})
    assert bad.value.code == "ttt.no_such_cell"
    with pytest.raises(InvalidInput) as unknown:
        await game.run(mover, "fly", {})
    assert unknown.value.code == "core.table.unknown_command"
    assert (await table.store.load(match_id)).log_length == 2  # created, started: nothing else


async def test_a_free_referee_command_reaches_the_engine(table):
    play, match_id = await started(table)
    mover, other = await to_move(play, match_id)
    game = play.game("ttt")
    await game.run(mover, "mark", {"cell": "b2"})
    assert [v for _, v in await game.choices(other, "ref clear", "cell", {}, "b")][:2] == ["b1", "b2"]
    cleared = await game.run(other, "ref clear", {"cell": "b2"})
    assert "cleared b2" in cleared.content and (await table.store.load(match_id)).state["board"] == {}


async def test_panel_and_events_read_in_spanish(table):
    play, match_id = await started(table)
    mover, _ = await to_move(play, match_id)
    reply = await play.game("ttt").run(Context(mover.actor, THREAD, lang="es"), "mark", {"cell": "a1"})
    [(_, post)] = reply.posts
    assert "ha marcado a1" in post.content and "te toca decidir" in post.content
    assert "Tu carta secreta" in reply.content
    assert post.selects[0].placeholder.startswith("Elige")
