"""The one contract every registered game keeps (``docs/adding-a-game.md``, "The contract"), checked for every game,
test games included, and every set-up it declares (``samples``: modes, player counts, shipped packs), by seeded
random matches played to their end through ``setup``/``legal_actions``/``apply``/``view``/``outcome`` only.

A game is registered only with this suite green for it; a failure is fixed in the game, never by an exception here.
``make test`` plays ``MATCHES`` matches per game; ``--conformance-deep`` plays ``DEEP_MATCHES`` (a release check).
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.rng import SeededRng
from engine.core.system import find_system
from tests.conformance.harness import CASE_PARAMS, REFUSALS, canon, matches, samples_of

@pytest.fixture
def deep(request) -> bool:
    return bool(request.config.getoption("--conformance-deep"))


def failures(found: list, prop: str) -> list[str]:
    return [line for m in found for line in m.report.failures[prop]]


pytestmark = pytest.mark.parametrize(("game", "sample"), CASE_PARAMS)


def test_every_offered_action_applies(game, sample, deep):
    """Contract 1: what ``legal_actions`` offers, ``apply`` accepts (every offered action of every seat, on copies,
    at sampled steps; the random player's choice at every step)."""
    assert not failures(matches(game, sample, deep), "offered_apply")


def test_actions_not_offered_are_refused_and_change_nothing(game, sample, deep):
    """Contract 1: an offered action with one field changed, or sent by a seat not offered it, is refused with
    ``IllegalAction`` (or ``InvalidInput``) and the state is untouched; ``apply`` never mutates its input."""
    assert not failures(matches(game, sample, deep), "unoffered_refused")


def test_awaited_seats_can_always_act_and_every_match_ends(game, sample, deep):
    """Contract 2: until the match has a result every awaited seat has a legal action; random play reaches a result
    within the sample's bound."""
    found = matches(game, sample, deep)
    assert not failures(found, "liveness")
    assert all(m.report.ended for m in found if not any(m.report.failures.values()))


def test_apply_raises_nothing_but_a_refusal(game, sample, deep):
    """Contract 3, in play: no exception but ``IllegalAction``/``InvalidInput`` from any call of the protocol."""
    assert not failures(matches(game, sample, deep), "only_refusals")


def test_another_seats_secrets_change_nothing_a_seat_observes(game, sample, deep):
    """Contract 4 (non-interference): a seat's hidden information drawn again (``redeal``) changes nothing another
    seat or a spectator observes: views, legal actions and their order, the events of the next action."""
    found = matches(game, sample, deep)
    assert not failures(found, "non_interference")



def test_replay_of_seed_and_log_rebuilds_the_state(game, sample, deep):
    """Contract 5: the seed and the action log rebuild the final state byte for byte."""
    assert not failures(matches(game, sample, deep), "replay")


def test_states_views_events_and_actions_are_json(game, sample, deep):
    """Contract 5: everything that crosses the protocol is plain JSON and round-trips."""
    assert not failures(matches(game, sample, deep), "json")


def _value(seen: list) -> st.SearchStrategy:
    anything = st.one_of(st.none(), st.booleans(), st.integers(-3, 99), st.floats(allow_nan=True),
                         st.text(max_size=8), st.lists(st.integers(-1, 5), max_size=3),
                         st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
    return st.one_of(st.sampled_from(seen), anything) if seen else anything


@settings(max_examples=40, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(data=st.data())
def test_any_action_of_any_type_is_refused_or_applied_never_a_crash(game, sample, data):
    """Contract 3: whatever the action (every type the game offers, each field any value or missing, unknown
    types), ``apply`` refuses it with ``IllegalAction``/``InvalidInput`` or applies it; it never raises another
    exception and never mutates its input."""
    found = matches(game, sample, False)
    system = find_system(game)
    match = data.draw(st.sampled_from(found))
    positions = match.positions or [match.final]
    state = data.draw(st.sampled_from(positions))
    types = {**match.types, "NoSuchAction": {}}
    kind = data.draw(st.sampled_from(sorted(types)))
    action = {"type": kind}
    for key, seen in types[kind].items():
        if data.draw(st.booleans()) or not data.draw(st.booleans()):
            action[key] = data.draw(_value(seen))
    seats = list(system.info.seats_for(next(s for s in samples_of(system) if s.name == sample).players))
    seat = data.draw(st.sampled_from(seats + ["nobody"]))
    before = canon(state)
    try:
        system.apply(state, seat, json.loads(json.dumps(action, allow_nan=True)), SeededRng(b"garbage" + bytes(25)))
    except REFUSALS:
        pass
    assert canon(state) == before
