"""Property-based fuzzing of every command's options: no crash, and a refused input changes nothing."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import GameError
from table.dice_games import dice_game
from table.play import Play
from table.rolls import Rolls
from tests.table.test_lifecycle import ANN, BOB, CAROL, ctx, started

text = st.text(max_size=60)
number = st.one_of(st.integers(min_value=-10**12, max_value=10**12), st.sampled_from([0, 1, 30, 31, 1000, 1001]))
people = st.sampled_from([ANN, BOB, CAROL])
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


async def refused_or_answered(work) -> None:
    try:
        await work
    except GameError:
        pass


@FUZZ
@given(who=people, word=text, n=number, m=number, flag=st.booleans(), where=st.sampled_from(["thread", 1, 99]))
async def test_table_commands_never_crash_and_refusals_change_nothing(table, who, word, n, m, flag, where):
    """Random strings, huge and negative numbers, unknown ids, other people's matches, out-of-turn actions."""
    if not hasattr(table, "fuzz_match"):  # one match for every example (the fixture lives for the whole test)
        table.fuzz_match = await started(table)
    match_id, thread = table.fuzz_match
    rolls = Rolls(table)
    c = ctx(who, thread if where == "thread" else where)
    before = await table.store.load(match_id)
    legal_before = before.state
    for attempt in (table.new_match(c, word, CAROL), table.status(c, word or None), table.log(c, n, word or None),
                    table.verify(c, word or None), Play(table).press(c, word),
                    table.act(c, {"type": word, "stones": n}, match_id),
                    rolls.roll(c, "expr", {"expr": word}, secret=flag),
                    rolls.roll(c, "underworlds", {"attack": n, "defence": m, "symbol": word or "hammer", "save": word}),
                    rolls.roll(c, "magewars", {"dice": n, "armor": m, "effect": flag}),
                    rolls.roll(c, "dragonbond", {"attack": n, "colour": word, "defence_colour": word or None})):
        await refused_or_answered(attempt)
    for make in (lambda: dice_game("underworlds").odds(attack=n, defence=m, symbol=word, save=word),
                 lambda: dice_game("magewars").odds(dice=n, armor=m, effects=word),
                 lambda: dice_game("dragonbond").odds(attack=n, colour=word, defence_colour=word)):
        try:
            make()
        except GameError:
            pass
    after = await table.store.load(match_id)
    # Nothing above is a legal game action, so the game state is untouched whatever was accepted.
    assert after.state == legal_before and after.status == before.status
    if who is CAROL:  # a third user may never end someone else's match
        await refused_or_answered(table.concede(c, word or None))
        await refused_or_answered(table.abandon(c, word or None))
        assert (await table.store.load(match_id)).status == before.status


async def test_table_refused_actions_leave_the_snapshot_identical(table):
    import random

    match_id, thread = await started(table)
    picker = random.Random(7)
    for _ in range(300):
        who = picker.choice([ANN, BOB, CAROL])
        action = picker.choice([{"type": "Take", "stones": picker.choice([-5, 0, 4, 10**9])},
                                {"type": picker.choice(["", "Move", "x" * 500]), "stones": 1}, {}, {"type": None}])
        before = await table.store.load(match_id)
        try:
            await table.act(ctx(who, thread), action)
        except GameError:
            assert await table.store.load(match_id) == before
        else:
            raise AssertionError(f"an illegal action was applied: {action}")
