"""The suite can fail: each defect class it looks for, planted in a copy of a game, is found by its property.

The copies wrap the test game (noughts and crosses with a secret card, ``tests/support/ttt.py``), so these tests
show the harness, not a game, at work.
"""
from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalAction
from engine.core.system import Sample
from tests.conformance.harness import PROPERTIES, Checks, play
from tests.support.ttt import NoughtsAndCrosses

SAMPLE = Sample("planted", {"size": 4, "line": 3}, 2, max_actions=40)
CHECK_ALL = Checks(perturb_every=1, all_offered_every=1, secrets_every=1)
"""Every check at every step: the matches are short and the secret cards soon played."""


class Planted(NoughtsAndCrosses):
    """The test game, with one defect planted by a subclass."""


class AcceptsUnoffered(Planted):
    """``apply`` lets a mark go on a taken cell (Dragonbond's second reaction to one trigger, in kind)."""

    def apply(self, state, seat, action, rng):
        if action.get("type") == "Mark" and action.get("cell") in state["board"] and state["turn"] == seat:
            board = {**state["board"], action["cell"]: seat}
            return {**state, "board": board, "turn": next(s for s in state["seats"] if s != seat)}, []
        return super().apply(state, seat, action, rng)


class RefusesOffered(Planted):
    """An offered action that ``apply`` refuses (Dragonbond's moves rounded past their allowance, in kind)."""

    def legal_actions(self, state, seat):
        out = super().legal_actions(state, seat)
        return out + [{"type": "Mark", "cell": "z9"}] if out else out

    def apply(self, state, seat, action, rng):
        if action.get("cell") == "z9":
            raise IllegalAction("ttt.illegal", cell="z9")
        return super().apply(state, seat, action, rng)


class MutatesInput(Planted):
    """``apply`` writes into the state it was given (a refused action that changes something)."""

    def apply(self, state, seat, action, rng):
        state["board"]["zz"] = "scribble"
        return super().apply(state, seat, action, rng)


class LeaksInEvents(Planted):
    """A public event names the opponent's secret card (Mage Wars' bound spell in ``SpellCast``, in kind)."""

    def apply(self, state, seat, action, rng):
        new, events = super().apply(state, seat, action, rng)
        other = next(s for s in state["seats"] if s != seat)
        return new, events + [{"type": "Gossip", "card": list(state["hands"][other])}]


class LeaksInChoices(Planted):
    """Whether an action is offered depends on the opponent's secret card (a face-down name read through an offer)."""

    def legal_actions(self, state, seat):
        out = super().legal_actions(state, seat)
        other = next(s for s in state["seats"] if s != seat)
        if out and "erase" in state["hands"][other]:
            out = out[:-1]
        return out


class LeaksInView(Planted):
    """The view shows every hand."""

    def view(self, state, seat):
        return {**super().view(state, seat), "hands": state["hands"]}


class NoRedeal(Planted):
    """Hidden information and no way to draw it again: the suite cannot check it, so it fails."""

    redeal = None


class RedealKeepsTheSecret(Planted):
    """A redeal that often leaves the true card where it is: a practice opponent's samples would carry it."""

    def redeal(self, state, seat, rng):
        return state if rng.randbelow(2) else super().redeal(state, seat, rng)


class DeadEnd(Planted):
    """Once the centre is taken, the awaited seat has nothing to do."""

    def legal_actions(self, state, seat):
        return [] if "b2" in state["board"] else super().legal_actions(state, seat)


class NeverEnds(Planted):
    """Marks never make a line and the board never fills: the match goes on past its bound."""

    def apply(self, state, seat, action, rng):
        new, events = super().apply(state, seat, action, rng)
        if new["over"]:
            new = {**new, "over": False, "winner": None, "board": {}}
        return new, events


class Crashes(Planted):
    """A ``KeyError`` for a mark on a taken cell instead of a refusal (Mage Wars' ``KeyError: 'conditions'``)."""

    def apply(self, state, seat, action, rng):
        if action.get("type") == "Mark" and action.get("cell") in state["board"]:
            raise KeyError(action["cell"])
        return super().apply(state, seat, action, rng)


class NotReplayable(Planted):
    """Dice from outside the seeded generator: the log cannot rebuild the match."""

    def apply(self, state, seat, action, rng):
        new, events = super().apply(state, seat, action, rng)
        return {**new, "luck": random.random()}, events


class NotJson(Planted):
    """A tuple in the state: what is stored is not what is read back."""

    def apply(self, state, seat, action, rng):
        new, events = super().apply(state, seat, action, rng)
        return {**new, "last": (seat, action["type"])}, events


PLANTED = [
    (AcceptsUnoffered, "unoffered_refused"),
    (RefusesOffered, "offered_apply"),
    (MutatesInput, "unoffered_refused"),
    (LeaksInEvents, "non_interference"),
    (LeaksInChoices, "non_interference"),
    (LeaksInView, "non_interference"),
    (NoRedeal, "non_interference"),
    (RedealKeepsTheSecret, "non_interference"),
    (DeadEnd, "liveness"),
    (NeverEnds, "liveness"),
    (Crashes, "only_refusals"),
    (NotReplayable, "replay"),
    (NotJson, "json"),
]


@pytest.mark.parametrize(("game", "prop"), PLANTED, ids=[g.__name__ for g, _ in PLANTED])
def test_the_suite_finds_a_planted_defect(game, prop):
    """Each property of the contract fails on a game with that defect planted, and only where it should."""
    reports = [play(game(), SAMPLE, seed, CHECK_ALL).report for seed in range(40)]
    assert any(r.failures[prop] for r in reports), f"{game.__name__}: {prop} found nothing"


def test_the_unplanted_game_passes():
    """The same matches of the game itself find nothing: the planted defects are what fails above."""
    for seed in range(40):
        report = play(NoughtsAndCrosses(), SAMPLE, seed, CHECK_ALL).report
        assert all(report.ok(p) for p in PROPERTIES), report.failures
