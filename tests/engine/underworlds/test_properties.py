"""Properties of random legal play: whole matches from random seeds, each invariant checked after every action.

Each test plays up to ``MATCHES`` whole two-player matches (random warbands, decks, boards and choices,
weighted towards combat and cards as in ``test_conformance``) on an in-memory ``State`` through
``system.apply_state`` (the public ``apply`` without its JSON load and dump, which ``test_conformance``
covers), and checks one rule of the digest after every action.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.rng import SeededRng
from engine.underworlds.cards import load_rivals_decks
from engine.underworlds.flow import legal
from engine.underworlds.state import ACTIVATIONS_PER_ROUND, ROUNDS, State
from engine.underworlds.system import UnderworldsSystem, apply_state, load

SEATS = ("player1", "player2")
MATCHES = 15
"""Whole matches per property (hypothesis examples)."""
WEIGHTS = {"Attack": 30, "Charge": 20, "PlayUpgrade": 8, "PlayReaction": 8, "DriveBack": 4, "Reroll": 4,
           "Barge": 4, "Loot": 4, "PlayPloy": 3}
"""Bias towards combat and cards so the matches reach them (uniform play mostly moves)."""
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)

Check = Callable[[State, list[dict[str, Any]]], None]


def play_match(seed: int, check: Check, options: dict[str, Any] | None = None) -> State:
    """A whole random legal match (set up with ``options``, if given); ``check(state, events)`` after setup and after
    every action."""
    rng = SeededRng(seed.to_bytes(32, "big"))
    pick = random.Random(seed)
    state = load(UnderworldsSystem().setup(options or {}, SEATS, rng))
    check(state, [])
    for _ in range(3000):
        if state.outcome is not None:
            return state
        choices = [(seat, a) for seat in SEATS for a in legal(state, seat)]
        assert choices, f"seed {seed}: nobody can act ({state.stack[-1:]})"
        seat, action = pick.choices(choices, [WEIGHTS.get(a["type"], 1) for _, a in choices])[0]
        events = apply_state(state, seat, action, rng)
        check(state, events)
    raise AssertionError(f"seed {seed}: no outcome after 3000 actions")


@settings(max_examples=MATCHES, deadline=None)
@given(seed=SEEDS)
def test_random_play_never_puts_two_fighters_in_one_hex(seed: int) -> None:
    """§8.1: a hex holds at most one fighter; §8.2: never a blocked hex, never off the battlefield."""
    from engine.underworlds import rules

    def check(state: State, events: list[dict[str, Any]]) -> None:
        placed = [f for f in state.fighters if f.hex is not None and not f.out_of_action]
        hexes = [f.hex for f in placed]
        assert len(hexes) == len(set(hexes)), f"two fighters share a hex: {sorted(map(str, hexes))}"
        if state.battlefield is not None and placed:
            blocked = rules.blocked(state)
            assert all(h in rules.battlefield(state) and h not in blocked for h in hexes)

    play_match(seed, check)


@settings(max_examples=MATCHES, deadline=None)
@given(seed=SEEDS)
def test_random_play_never_gives_negative_wounds(seed: int) -> None:
    """§18.1-18.2: damage adds wound tokens, healing removes at most those there are; none below zero."""
    def check(state: State, events: list[dict[str, Any]]) -> None:
        for f in state.fighters:
            assert f.wounds >= 0, f"{f.id} has {f.wounds} wound tokens"
            if f.out_of_action:
                assert f.wounds == 0 and f.hex is None  # §18.4: its tokens are removed

    play_match(seed, check)


@settings(max_examples=MATCHES, deadline=None)
@given(seed=SEEDS)
def test_random_play_allows_at_most_four_activations_per_player_per_action_phase(seed: int) -> None:
    """§13.1: each player has four activation tokens per action phase; each activation spends one."""
    used: Counter[tuple[int, str]] = Counter()
    left = {seat: ACTIVATIONS_PER_ROUND for seat in SEATS}

    def check(state: State, events: list[dict[str, Any]]) -> None:
        for seat in SEATS:
            now = state.players[seat].activations_left
            assert 0 <= now <= ACTIVATIONS_PER_ROUND
            if now < left[seat]:
                used[state.round, seat] += left[seat] - now
            left[seat] = now
            assert used[state.round, seat] <= ACTIVATIONS_PER_ROUND, f"{seat}: {used[state.round, seat]} activations"
        if any(e["type"] == "EndPhaseStarted" for e in events):
            # Two players, eight turns, one activation each: every token is spent (§13.1).
            assert all(used[state.round, seat] == ACTIVATIONS_PER_ROUND for seat in SEATS)

    play_match(seed, check)
    assert {r for r, _ in used} == set(range(1, ROUNDS + 1))


def _card_places(state: State, seat: str) -> Counter[str]:
    """Every card of ``seat`` wherever it is: piles, hand, scored, upgrades, face-up gambits, reaction chains."""
    p = state.players[seat]
    places: Counter[str] = Counter()
    for pile in (p.objective_deck, p.power_deck, p.objectives, p.power, p.objective_discard, p.power_discard,
                 p.scored, p.revealed):
        places.update(pile)
    for f in state.warband_of(seat):
        places.update(f.upgrades)
    places.update(e["card"] for e in state.persisting if e["seat"] == seat)
    # §26.1: a gambit played as a reaction has left the hand and is discarded when it resolves.
    for frame in state.stack:
        for item in frame.get("chain", []) if frame["kind"] == "window" else []:
            if item.get("type") == "PlayReaction" and item["seat"] == seat and not item.get("fighter"):
                places[item["card"]] += 1
    return places


@settings(max_examples=MATCHES, deadline=None)
@given(seed=SEEDS)
def test_random_play_keeps_every_card_in_exactly_one_place(seed: int) -> None:
    """§6.3: each card of a player's deck is in one place: a deck, the hand, a discard pile, the scored pile,
    on a fighter as an upgrade, or face up as a persisting gambit (or in a reaction chain, §26.1)."""
    def check(state: State, events: list[dict[str, Any]]) -> None:
        for seat in SEATS:
            places = _card_places(state, seat)
            deck = state.players[seat].deck
            if not places:
                continue  # not dealt yet (§12.4)
            assert deck is not None
            expected = Counter(load_rivals_decks()[deck].card_ids)
            assert places == expected, (f"{seat}: missing {sorted((expected - places).elements())}, "
                                        f"extra {sorted((places - expected).elements())}")

    play_match(seed, check)


@settings(max_examples=MATCHES, deadline=None)
@given(seed=SEEDS)
def test_random_play_ends_after_round_three_with_a_winner_or_a_tie(seed: int) -> None:
    """§12, §28.2: a match is three rounds; after round 3's end phase it has a winner or is a tie."""
    rounds: list[int] = []

    def check(state: State, events: list[dict[str, Any]]) -> None:
        assert state.round <= ROUNDS
        assert (state.outcome is not None) == (state.phase == "over")
        rounds.extend(e["round"] for e in events if e["type"] == "RoundStarted")

    final = play_match(seed, check)
    assert rounds == [1, 2, 3]
    assert final.phase == "over" and final.round == ROUNDS and final.outcome is not None
    winner = final.outcome["winner"]
    assert winner in (None, *SEATS)
    glory = {s: final.players[s].total_glory for s in SEATS}
    if winner is not None:
        assert glory[winner] >= glory[final.other(winner)]  # §28.2: ties broken only between equal glory
    outcome = UnderworldsSystem().outcome(final.model_dump(mode="json"))
    assert outcome is not None and outcome.winner == winner
