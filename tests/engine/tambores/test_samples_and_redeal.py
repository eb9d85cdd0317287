"""The conformance hooks of Tambores de Guerra (``engine/core/system.py``: ``Samples``, ``Secrets``): every sample sets
up and plays to its end, and ``redeal`` draws one seat's hidden cards and secret choices again, changing nothing
another seat or a spectator sees (digest §16)."""
from __future__ import annotations

import json
import random

import pytest

from engine.core.rng import SeededRng
from engine.core.system import Samples, Secrets
from tests.engine.tambores.support import HUMAN, ORC, SEATS, SYSTEM, new, play, rng


def test_samples_cover_every_mode_of_the_shipped_pack():
    assert isinstance(SYSTEM, Samples) and isinstance(SYSTEM, Secrets)
    names = [s.name for s in SYSTEM.samples]
    assert len(set(names)) == len(names)
    assert {s.options.get("mode") for s in SYSTEM.samples} == {None, "skirmish", "duel", "campaign"}


@pytest.mark.parametrize("sample", SYSTEM.samples, ids=lambda s: s.name)
def test_each_sample_plays_to_its_end_within_its_bound(sample):
    st = SYSTEM.setup(sample.options, SEATS[:sample.players], rng(3))
    pick = random.Random(3)
    for _ in range(sample.max_actions):
        if SYSTEM.outcome(st) is not None:
            break
        seat = pick.choice(SYSTEM.view(st, None)["awaiting"])
        st, _ = play(st, seat, pick.choice(SYSTEM.legal_actions(st, seat)), seed=pick.randrange(1000))
    assert SYSTEM.outcome(st) is not None


def _others_see(st, seat):
    other = ORC if seat == HUMAN else HUMAN
    return json.dumps([SYSTEM.view(st, other), SYSTEM.view(st, None), SYSTEM.legal_actions(st, other)], sort_keys=True)


def test_redeal_deals_hand_deck_and_removed_pile_again_keeping_counts_and_the_public_board():
    """§16: hand and draw deck order are secret, the removed pile is face down (seed 002 l.210): a redeal may put any
    of those cards anywhere among the three, keeping each count; slots and discard piles stay."""
    st = new(seed=5)
    deploy = next(a for a in SYSTEM.legal_actions(st, st["current"]) if a["type"] == "DeployUnit")
    st, _ = play(st, st["current"], deploy)
    seat = HUMAN if st["players"][HUMAN]["removed"] else ORC
    before = json.dumps(st, sort_keys=True)
    again = SYSTEM.redeal(st, seat, SeededRng(b"r" * 32))
    assert json.dumps(st, sort_keys=True) == before  # a new dict, the input untouched
    assert again is not st and again["players"][seat] is not st["players"][seat]
    p, q = st["players"][seat], again["players"][seat]
    for pile in ("hand", "draw_deck", "removed"):
        assert len(p[pile]) == len(q[pile])
    assert sorted(p["hand"] + p["draw_deck"] + p["removed"]) == sorted(q["hand"] + q["draw_deck"] + q["removed"])
    assert (p["hand"], p["draw_deck"]) != (q["hand"], q["draw_deck"])
    assert (p["slots"], p["discard"]) == (q["slots"], q["discard"])
    assert _others_see(st, seat) == _others_see(again, seat)


def test_redeal_makes_a_secret_replenishment_choice_again():
    """§21.11: each dump choice stays secret until both are made; a redeal picks it again among keep and remove."""
    st = new(seed=2)
    st["step"], st["phase"], st["secret"] = "replenish", "replenishment", {}
    st, _ = play(st, HUMAN, {"type": "Replenish", "dump": True})
    seen = {SYSTEM.redeal(st, HUMAN, SeededRng(bytes([i]) * 32))["secret"][HUMAN] for i in range(12)}
    assert seen == {True, False}
    assert all(_others_see(SYSTEM.redeal(st, HUMAN, SeededRng(bytes([i]) * 32)), HUMAN) == _others_see(st, HUMAN)
               for i in range(4))


def test_redeal_makes_a_secret_army_choice_again():
    """§7 step 2 (seed 002 l.201): the armies are chosen at once, each secret until both have chosen."""
    st = SYSTEM.setup({}, SEATS, rng(1))
    st, _ = play(st, HUMAN, {"type": "ChooseMode", "mode": "skirmish"})
    st, _ = play(st, HUMAN, {"type": "ChooseArmy", "deck": "humans"})
    seen = {SYSTEM.redeal(st, HUMAN, SeededRng(bytes([i]) * 32))["secret"][HUMAN] for i in range(20)}
    assert seen == {"humans", "orcs", "random"}
    assert _others_see(SYSTEM.redeal(st, HUMAN, SeededRng(b"a" * 32)), HUMAN) == _others_see(st, HUMAN)
