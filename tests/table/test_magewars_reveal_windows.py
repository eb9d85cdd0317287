"""Response windows (table/windows.py) on Mage Wars' reveal windows inside another player's action (digest §9.7,
seed 001 l.627: "al final de cualquiera de los pasos de un ataque"; engine/magewars/windows.py): the window after
an attack is declared opens for the attacked mage's player whether or not it holds a face-down enchantment, the
delay drawn for it does not depend on that, and a player holding nothing is passed for after it.
"""
from __future__ import annotations

import random

from engine.magewars.system import SYSTEM
from table.play import Play
from table.windows import DELAY
from tests.discord.test_magewars_windows_match import at_the_attack
from tests.table.test_magewars_windows import ALICE, BOB, THREAD, ctx, magewars  # noqa: F401 - a fixture

USERS = {ALICE.user_id: ALICE, BOB.user_id: BOB}


async def at_the_window(table, play: Play, holding: bool):
    """A full duel at a wolf's attack on player2's mage, its reveal window open (Rhino Hide held or not)."""
    await table.new_match(ctx(ALICE), "magewars", BOB, {"mode": "full"})
    match_id = await table.store.match_in(THREAD)
    await play.press(ctx(BOB), f"m:accept:{match_id}")
    match = await table.store.load(match_id)
    state, wolf, _ = at_the_attack(match.state, hidden=holding)
    match = await table.store.save(match.model_copy(update={"state": state}))
    game = play.game("magewars")
    attacker = USERS[match.holder("player1").user_id]
    await game.act(ctx(attacker), {"type": "Activate", "creature": wolf}, match_id)
    await game.act(ctx(attacker), {"type": "Attack", "attack": 0, "target": state["mages"]["player2"]}, match_id)
    match = await table.store.load(match_id)
    assert match.state["pending"][0]["type"] == "window"
    return match


async def test_the_reveal_window_delay_does_not_depend_on_holding_an_enchantment(table, magewars, prefix):  # noqa: F811
    """§9.7: the attacked player may reveal at the end of the declare step; a fast automatic pass would tell the
    attacker it holds nothing, so a delay is drawn for the window whether it holds a face-down enchantment or not."""
    deadlines = {}
    for holding in (False, True):
        play = Play(table)
        play.windows.uniform = random.Random(7).uniform  # the same draws for both matches
        match = await at_the_window(table, play, holding)
        game = play.game("magewars")
        window = game.presenter.window(game.scene(match, "player2"), game.legal(match, "player2"))
        assert window is not None and window.seat == "player2" and window.answer == {"type": "Skip"}
        assert window.holds is holding
        deadlines[holding] = (await play.windows.arm(match, game))["player2"] - match.updated_at
        await table.store.redis.delete(play.windows.key)
        await table.abandon(ctx(ALICE), match.id)
    assert deadlines[False] == deadlines[True] and DELAY[0] <= deadlines[True] <= DELAY[1]


async def test_a_player_holding_nothing_is_passed_for_and_the_attack_goes_on(table, magewars):  # noqa: F811
    """§9.7: past the window's delay the table lets the moment pass for a player with nothing to reveal; the
    attack then resolves (the mage has no defense left to choose here but its two: it is asked next)."""
    play = Play(table)
    play.windows.uniform = lambda low, high: 5.0
    match = await at_the_window(table, play, False)
    assert await play.due_windows(match.updated_at + 4.9) == []
    await play.due_windows(match.updated_at + 5.1)
    after = await table.store.load(match.id)
    assert after.log_length == match.log_length + 1
    assert (await table.store.log(match.id, 1))[0]["action"] == {"type": "Skip"}
    assert after.state["pending"][0]["type"] == "defend"  # the defender's choice is never passed for
    game = play.game("magewars")
    assert game.presenter.window(game.scene(after, "player2"), game.legal(after, "player2")) is None


def test_a_counterspell_to_reveal_holds_the_window_and_a_defense_choice_is_no_window():
    """§9.7: a face-down Nullify on a spell's target must be revealed in the Counter step: its holder is asked
    (the window holds an answer, never passed for); the other seat has no window; the defender's choice of
    defense is always asked, so it is not a window at all."""
    from table.magewars.presenter import MageWarsPresenter
    from table.presenter import Scene
    from tests.engine.magewars.test_windows import armed_foe, duel, past_window, put, wolf_attacks

    presenter = MageWarsPresenter()

    def window(s, seat):
        return presenter.window(Scene(SYSTEM.view(s, seat), {}, viewer=seat), SYSTEM.legal_actions(s, seat))

    s, rng = duel(["Sleep"])
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": s["mages"]["player1"]}, rng)
    fox = put(s, "Bitterwood Fox", "player2", "A1")
    put(s, "Nullify", "player2", attached_to=fox, face_down=True)
    cast = next(a for a in SYSTEM.legal_actions(s, "player1") if a["type"] == "Cast" and a.get("target") == fox)
    s, _ = SYSTEM.apply(s, "player1", cast, rng)
    assert window(s, "player2").holds is True and window(s, "player1") is None

    s, rng = duel()
    foe, _ = armed_foe(s)
    s, _ = wolf_attacks(s, rng, foe)
    s, _ = past_window(s, rng)
    assert s["pending"][0]["type"] == "defend" and window(s, "player2") is None


def test_the_strikes_resolved_before_a_question_are_posted_with_it_and_the_rest_after_the_answer():
    """§10.3 step 7 (one strike at a time), step 4 (the defender decides before the roll, seed l.743): the reply
    that asks the defender about the second strike shows the first strike's dice; the reply to its answer shows
    the next strikes under the same attack's title, marked as continued, and never the first strike again."""
    from table.magewars.presenter import MageWarsPresenter
    from table.presenter import Scene
    from tests.engine.magewars.test_windows import armed_foe, duel, hydra_attacks

    presenter = MageWarsPresenter()
    s, rng = duel()
    foe, _ = armed_foe(s)
    s, _, _ = hydra_attacks(s, rng, foe)
    s, asked = SYSTEM.apply(s, "player2", {"type": "Defend", "defense": None}, rng)
    scene = Scene(SYSTEM.view(s, "player1"), {}, viewer="player1")
    [first] = presenter.embeds(scene, asked)
    assert "Triple Bite" in first.title and "(continued)" in first.title
    assert [f.name for f in first.fields].count("Damage") == 1
    s, passed = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)  # the window before the second strike (§9.7)
    assert "AttackRolled" not in [e["type"] for e in passed]
    s, answered = SYSTEM.apply(s, "player2", {"type": "Defend", "defense": None}, rng)
    [second] = presenter.embeds(Scene(SYSTEM.view(s, "player1"), {}, viewer="player1"), answered)
    assert second.title == first.title and [f.name for f in second.fields].count("Damage") == 1


def test_a_counterstrikes_window_names_the_counterstrike():
    """§10.8 (a counterstrike is declared like any attack), §9.7: the window the counterstrike opens for the wolf's
    player names the hydra's bite, not the wolf's own attack."""
    from table.magewars.presenter import MageWarsPresenter
    from table.presenter import Scene
    from tests.engine.magewars.test_windows import duel, past_window, put, wolf_attacks

    s, rng = duel()
    hydra = put(s, "Darkfenne Hydra", "player2", s["objects"][s["mages"]["player2"]]["zone"])
    s, _ = wolf_attacks(s, rng, hydra)
    s, _ = past_window(s, rng)
    while s["pending"][0]["type"] == "defend":
        s, _ = SYSTEM.apply(s, "player2", {"type": "Defend", "defense": None}, rng)
    bite = next(a for a in SYSTEM.legal_actions(s, "player2") if a["type"] == "Counterstrike" and a["attack"] is not None)
    s, events = SYSTEM.apply(s, "player2", bite, rng)
    lines = MageWarsPresenter().event_lines(Scene(SYSTEM.view(s, "player1"), {}, viewer="player1"), events)
    asked = next(line for line in lines if "may reveal an enchantment first" in line)
    assert "Snapping Bite" in asked and "(Bite)" not in asked


def test_a_resumed_move_is_not_told_as_an_attack():
    """§7.3 step 1, §9.7: a move can wait for a reveal (a trap on the zone entered); the damage it takes after the
    answer is an event line, never an attack titled with nobody ("None: face-down enchantment → None"), as the
    words sweep found in a full duel."""
    from table.magewars.text import Names, attack_embeds

    events = [{"type": "ResponseGiven", "seat": "player2", "question": "window", "object": "o7",
               "declared": {"creature": "o7", "to": "B2"}},
              {"type": "DamageDealt", "object": "o7", "amount": 2}]
    assert attack_embeds(events, Names({"objects": {}}, {}, "en")) == []
