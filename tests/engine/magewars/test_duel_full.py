"""Whole full-game duels (digest §3.3, §14, §16): two random mages with their suggested starter books (§20.4)
played by random legal actions to a winner, every state checked.
"""
import json
import random

import pytest

from engine.core.rng import SeededRng
from engine.magewars import mages, stats
from engine.magewars.system import SYSTEM

SEATS = ("player1", "player2")
CAP = 60


def cards_held(s, seat):
    """Every card of a seat's spellbook, wherever it is now: book, prepared, assigned, discard, in play."""
    in_play = sum(1 for o in s["objects"].values() if o["owner"] == seat and o["kind"] != "mage") + \
        sum(1 for o in s["objects"].values() if o["owner"] == seat and o.get("bound"))
    return sum(s["books"][seat].values()) + len(s["planned"][seat]) + len(s["assigned"][seat]) + \
        len(s["discard"][seat]) + in_play


def full_duel(seed: int):
    pick = random.Random(seed)
    chosen = {seat: pick.choice(mages.mage_ids()) for seat in SEATS}
    rng = SeededRng(seed.to_bytes(32, "big"))
    s = SYSTEM.setup({"mode": "full", "mages": chosen}, SEATS, rng)
    yield s
    while not s["over"] and s["round"] <= CAP:
        seat = SYSTEM.awaiting(s)[0]
        acts = [a for a in SYSTEM.legal_actions(s, seat) if a["type"] not in ("Concede", "Reveal")]
        bold = [a for a in acts if a["type"] in ("Attack", "Cast", "Move", "Prepare") and a.get("spell") not in ("Restore", "Rebind")]
        attacks = [a for a in acts if a["type"] == "Attack"]  # fights, so that a mage falls
        choice = attacks if attacks and pick.random() < 0.7 else bold if bold and pick.random() < 0.85 else acts
        s, _ = SYSTEM.apply(s, seat, pick.choice(choice), rng)
        yield s


def hidden_absent(s, seat, viewer):
    """What ``seat`` hides is not in ``viewer``'s view (§19): prepared and assigned spells, Assign drafts,
    face-down enchantments' names, the spellbook."""
    v = SYSTEM.view(s, viewer)
    assert v["planned"][seat] == len(s["planned"][seat])
    assert v["assigned"][seat] == sorted(s["assigned"][seat])
    assert seat not in v["books"] and seat not in v["drafts"] and seat not in v["upkeep_due"]
    for o in s["objects"].values():
        if o["kind"] == "enchantment" and o["face_down"] and o["controller"] == seat:
            assert v["objects"][o["id"]]["card"] is None
        if o.get("bound") and not o.get("bound_shown") and o["owner"] == seat and o["controller"] != viewer:
            # (the mage wearing another's item controls it and casts its bound spell, §9.8, §9.9: it knows it)
            assert v["objects"][o["id"]]["bound"] is None


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
def test_random_full_duel_plays_to_a_winner_keeping_every_invariant(seed):
    """Digest §8 (mana never negative), §19 (each object in exactly one place; every card somewhere), §9.5
    (damage below life for every object still in play), §16 (a mage destroyed ends it), §19 hidden information
    never in the other seat's or a spectator's view; every state JSON round-trips."""
    totals = None
    for s in full_duel(seed):
        if totals is None:
            totals = {seat: cards_held(s, seat) for seat in SEATS}
        assert {seat: cards_held(s, seat) for seat in SEATS} == totals
        for obj in s["objects"].values():
            assert obj["mana"] >= 0 and obj["damage"] >= 0
            places = [bool(obj.get("zone")), bool(obj.get("border")), bool(obj.get("attached_to")),
                      bool(obj.get("attached_zone"))]
            assert sum(places) == 1, obj
            if obj["kind"] != "mage" and stats.has_life(s, obj["id"]):
                assert obj["damage"] < stats.life(s, obj["id"]), obj
        assert json.loads(json.dumps(s)) == s
        for seat in SEATS:
            other = "player2" if seat == "player1" else "player1"
            for viewer in (other, None):
                hidden_absent(s, seat, viewer)
    assert s["over"], f"no winner by round {CAP}"
    loser = [seat for seat in SEATS if s["mages"][seat] not in s["objects"]
             or stats.destroyed(s, s["mages"][seat])]
    assert s["reason"] == "draw" or (s["winner"] not in loser and loser)
