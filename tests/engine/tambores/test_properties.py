"""Tambores de Guerra invariants over random legal play with the training pack (seeded, a few seconds).

Every battle ends by a rule of §14; every card is in exactly one place at every step (§13); hands and deck
order never reach the other seat's view or a spectator's (§16); an action that is not legal is refused and
changes nothing; states round-trip through JSON exactly.
"""
from __future__ import annotations

import json
import random

import pytest

from engine.core.errors import GameError
from engine.tambores.cards import deck_instances
from tests.engine.tambores.support import SEATS, SYSTEM, new, rng

END_REASONS = {"hero_defeated", "both_heroes_defeated", "out_of_cards", "both_out_of_cards"}
MAX_ACTIONS = 3000


def places(st):
    """Every card instance where it is, with duplicates kept."""
    out = []
    for seat in SEATS:
        p = st["players"][seat]
        out += p["hand"] + p["draw_deck"] + p["discard"] + p["removed"]
        for s in p["slots"]:
            if s:
                out += [s["card"], *s["attached"]]
    return out


def expected_cards(st):
    return sorted(c for i, seat in enumerate(SEATS)
                  for c in deck_instances(st["catalogue"], st["players"][seat]["deck"], i + 1))


def secrets_in(view_text: str, st, seat: str) -> list[str]:
    """Hand instances of ``seat`` named in a view text (they must never appear in another seat's view)."""
    return [c for c in st["players"][seat]["hand"] + st["players"][seat]["draw_deck"] if f'"{c}"' in view_text]


def random_battle(seed: int, mode: str = "skirmish", check_every: int = 1):
    pick = random.Random(seed)
    r = rng(seed)
    st = new({"mode": mode}, seed=seed)
    steps = 0
    while st["step"] != "over":
        assert steps < MAX_ACTIONS
        assert json.loads(json.dumps(st)) == st
        if steps % check_every == 0:
            assert sorted(places(st)) == expected_cards(st)
            for seat in SEATS:
                text = json.dumps(SYSTEM.view(st, None))
                assert not secrets_in(text, st, seat)
                other = SEATS[1 - SEATS.index(seat)]
                other_view = SYSTEM.view(st, other)
                assert other_view["players"][seat]["hand"] is None
                assert not secrets_in(json.dumps(other_view), st, seat)
        seat = SYSTEM.view(st, None)["awaiting"][0]
        legal = SYSTEM.legal_actions(st, seat)
        assert legal, st["step"]
        # mostly deploy and fight; pass sometimes, so battles end by decks or heroes
        action = pick.choice(legal)
        if steps % 7 == 0:
            before = json.dumps(st, sort_keys=True)
            wrong = SEATS[1 - SEATS.index(seat)]
            if wrong not in SYSTEM.view(st, None)["awaiting"]:
                with pytest.raises(GameError):
                    SYSTEM.apply(st, wrong, action, rng(99))
            with pytest.raises(GameError):
                SYSTEM.apply(st, seat, {**action, "slot": 9}, rng(99))
            assert json.dumps(st, sort_keys=True) == before
        st, events = SYSTEM.apply(st, seat, action, r)
        for e in events:
            if e["type"] == "CardDrawn":
                assert e["visible_to"] == [e["seat"]]
        steps += 1
    return st


@pytest.mark.parametrize("seed", range(12))
def test_random_skirmish_ends_by_a_rule_of_section_14_and_keeps_every_invariant(seed):
    """Digest §13, §14, §16: random legal play ends by hero defeat or deck-out; cards are conserved; secrets hold."""
    st = random_battle(seed)
    assert st["outcome"]["reason"] in END_REASONS
    assert SYSTEM.outcome(st) is not None


@pytest.mark.parametrize("mode", ["duel", "campaign"])
def test_random_duel_and_campaign_play_every_battle(mode):
    """Digest §15.2, §15.3: a duel plays 2 battles, a campaign 3, each ending by a rule of §14."""
    st = random_battle(7, mode, check_every=5)
    assert len(st["series"]["results"]) == {"duel": 2, "campaign": 3}[mode]
    assert all(r["reason"] in END_REASONS for r in st["series"]["results"])


def test_view_shows_the_own_hand_and_only_counts_of_the_other():
    """Digest §16: hands are private; the draw deck's order is hidden from everyone; the removed pile is face down."""
    st = new({"heroes": {"player2": "thugg"}})
    mine = SYSTEM.view(st, "player1")
    assert sorted(c["id"] for c in mine["players"]["player1"]["hand"]) == sorted(
        c.split("#")[0] for c in st["players"]["player1"]["hand"])
    assert mine["players"]["player2"]["hand"] is None and mine["players"]["player2"]["hand_count"] == 5
    spectator = SYSTEM.view(st, None)
    assert all(spectator["players"][s]["hand"] is None for s in SEATS)
    assert spectator["players"]["player2"]["removed_count"] == 10
    assert "draw_deck" not in spectator["players"]["player1"]
    assert spectator["awaiting"] == [st["marker"]]
