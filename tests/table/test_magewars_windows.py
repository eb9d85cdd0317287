"""Response windows (table/windows.py) on Mage Wars' quickcast windows (digest §5.4; seed 001: "ventana de
lanzamiento rápido"): a player holding nothing is passed for only after a delay drawn for the window, and that
delay does not depend on whether the player holds a quick spell or an enchantment to reveal.
"""
from __future__ import annotations

import asyncio
import random

import pytest

from engine.core import system as systems
from engine.core.rng import SeededRng
from engine.magewars.system import SYSTEM
from table.context import Actor, Context
from table.play import Play
from table.presenter import _PRESENTERS, register_presenter, unregister_presenter
from table.magewars.presenter import MageWarsPresenter
from table.windows import DELAY

ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")
THREAD = 710


def ctx(actor: Actor) -> Context:
    async def open_thread(name: str) -> int:
        return THREAD
    return Context(actor, THREAD, guild_id=9, open_thread=open_thread)


@pytest.fixture
def magewars():
    """Mage Wars playable at the table for this test (its package may still only announce it)."""
    was, shown = systems._REGISTRY.get("magewars"), _PRESENTERS.get("magewars")
    systems.register(SYSTEM)
    register_presenter(MageWarsPresenter())
    yield
    unregister_presenter("magewars")
    if shown is not None:
        register_presenter(shown)
    if was is not None:
        systems._REGISTRY["magewars"] = was


def quick_plan(state: dict, seat: str) -> list[str]:
    """A plan of ``seat`` that makes a Cast legal for it in the first quickcast window (the engine says)."""
    other = next(x for x in state["seats"] if x != seat)
    for pick in SYSTEM.legal_actions(state, seat):
        if pick["type"] != "PlanSpell" or not pick["spell"]:
            continue
        s, _ = SYSTEM.apply(state, seat, pick, SeededRng(b"w" * 32))
        plan = next(a for a in SYSTEM.legal_actions(s, seat) if a["type"] == "Prepare")
        s, _ = SYSTEM.apply(s, seat, plan, SeededRng(b"w" * 32))
        s, _ = SYSTEM.apply(s, other, {"type": "Prepare", "spells": [], "assign": {}}, SeededRng(b"w" * 32))
        if s["step"] == "quickcast_first" and any(a["type"] == "Cast" for a in SYSTEM.legal_actions(s, seat)):
            return plan["spells"]
    raise AssertionError("no quick spell in the book")


async def at_first_window(table, play: Play, holding: bool):
    """A new duel at its first quickcast window, the seat awaited holding a quick spell or nothing."""
    await table.new_match(ctx(ALICE), "magewars", BOB, {"mode": "apprentice"})  # no choices first
    match_id = await table.store.match_in(THREAD)
    await play.press(ctx(BOB), f"m:accept:{match_id}")
    match = await table.store.load(match_id)
    game = play.game("magewars")
    users = {h.seat: (ALICE if h.user_id == ALICE.user_id else BOB) for h in match.seats}
    roller = match.state["roller"]  # the high roller takes the initiative (seed 001 l.261)
    await game.act(ctx(users[roller]), {"type": "ChooseInitiative", "holder": roller}, match_id)
    match = await table.store.load(match_id)
    first = match.state["initiative"]
    spells = quick_plan(match.state, first) if holding else []
    for seat in match.state["seats"]:
        for name in (spells if seat == first else []):
            await game.act(ctx(users[seat]), {"type": "PlanSpell", "spell": name}, match_id)
        plan = spells if seat == first else []
        await game.act(ctx(users[seat]), {"type": "Prepare", "spells": plan, "assign": {}}, match_id)
    return await table.store.load(match_id), first


async def test_the_window_delay_does_not_depend_on_holding_a_response(table, magewars, prefix):
    """Digest §5.4: either player may quickcast in the window; a fast automatic pass would tell the other that
    the player held nothing, so the delay is drawn for every window, holding or not."""
    deadlines = {}
    for holding in (False, True):
        play = Play(table)
        play.windows.uniform = random.Random(7).uniform  # the same draws for both matches
        match, first = await at_first_window(table, play, holding)
        assert match.state["step"] == "quickcast_first"
        window = play.game("magewars").presenter.window(play.game("magewars").scene(match, first),
                                                       play.game("magewars").legal(match, first))
        assert window is not None
        deadlines[window.holds] = await play.windows.arm(match, play.game("magewars"))
        deadlines[window.holds] = deadlines[window.holds][first] - match.updated_at
        await table.store.redis.delete(play.windows.key)
        await table.abandon(ctx(ALICE), match.id)
    assert set(deadlines) == {False, True} and deadlines[False] == deadlines[True]
    assert DELAY[0] <= deadlines[True] <= DELAY[1]


async def test_a_player_holding_nothing_is_passed_for_after_the_delay_not_before(table, magewars):
    """Digest §5.4: the window closes when the seat skips; the table skips for a seat with nothing to cast."""
    play = Play(table)
    play.windows.uniform = lambda low, high: 5.0
    match, first = await at_first_window(table, play, False)
    game = play.game("magewars")
    assert game.presenter.window(game.scene(match, first), game.legal(match, first)).holds is False
    assert await play.due_windows(match.updated_at + 4.9) == []
    assert (await table.store.load(match.id)).log_length == match.log_length
    [(match_id, where, reply)] = (await play.due_windows(match.updated_at + 5.1))[:1]
    after = await table.store.load(match.id)
    assert after.log_length == match.log_length + 1 and (await table.store.log(match.id, 1))[0]["action"] == {
        "type": "Skip"}
    assert not reply.ephemeral and where == THREAD


async def test_always_ask_me_keeps_the_window_open(table, magewars):
    play = Play(table)
    play.windows.uniform = lambda low, high: 5.0
    match, first = await at_first_window(table, play, False)
    await play.game("magewars").always_ask(ctx(ALICE if match.holder(first).user_id == 1 else BOB), True)
    assert await play.due_windows(match.updated_at + 60) == []
    assert (await table.store.load(match.id)).log_length == match.log_length


async def test_two_processes_pass_a_window_once(table, magewars):
    """A window past its deadline is passed for by one process only: two tables racing over the same Redis (as two
    bot processes do) take its deadline once, and the log gets one Skip."""
    play, other = Play(table), Play(table)
    play.windows.uniform = lambda low, high: 5.0
    match, first = await at_first_window(table, play, False)
    results = await asyncio.gather(play.due_windows(match.updated_at + 6), other.due_windows(match.updated_at + 6))
    assert sum(len(r) for r in results) == 1
    assert (await table.store.load(match.id)).log_length == match.log_length + 1
