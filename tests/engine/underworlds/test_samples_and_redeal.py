"""The conformance hooks of Underworlds (``engine/core/system.py``: ``Samples``, ``Secrets``): every sample sets up and
plays to its end, ``redeal`` draws one seat's hands, deck orders and secret choices again and changes nothing another
seat or a spectator sees, and who a reaction step asks does not depend on what a hand holds now."""
from __future__ import annotations

import json
import random

import pytest

from engine.core.rng import SeededRng
from engine.core.system import Samples, Secrets
from engine.underworlds.system import UnderworldsSystem, dump, load
from tests.engine.underworlds.scenario import P1, P2, FixedRng, act, atk, dfn, scenario, top

SYSTEM = UnderworldsSystem()
TARGOR, OBRYN = "player1:targor", "player2:obryn-the-bold"


def rng(n: int) -> SeededRng:
    return SeededRng(bytes([n]) * 32)


def seen_by_others(st, seat):
    others = [s for s in st["seats"] if s != seat]
    return json.dumps([[SYSTEM.view(st, s) for s in [*others, None]], [SYSTEM.legal_actions(st, s) for s in others]],
                      sort_keys=True)


def test_samples_cover_two_three_and_four_players_and_the_shipped_decks():
    assert isinstance(SYSTEM, Samples) and isinstance(SYSTEM, Secrets)
    assert {s.players for s in SYSTEM.samples} == {2, 3, 4}
    assert len({s.name for s in SYSTEM.samples}) == len(SYSTEM.samples)
    decks = {d for s in SYSTEM.samples for d in (s.options.get("decks") or {}).values()}
    assert decks == {"hungering-parasite-rivals", "rimewyrms-bite-rivals"}
    assert any(s.options.get("built_decks") for s in SYSTEM.samples)


@pytest.mark.parametrize("sample", SYSTEM.samples, ids=lambda s: s.name)
def test_each_sample_plays_to_its_end_within_its_bound(sample):
    seats = SYSTEM.info.seats_for(sample.players)
    r = rng(4)
    st = SYSTEM.setup(sample.options, seats, r)
    pick = random.Random(4)
    for _ in range(sample.max_actions):
        if SYSTEM.outcome(st) is not None:
            break
        seat = pick.choice(SYSTEM.view(st, None)["awaiting"])
        st, _ = SYSTEM.apply(st, seat, pick.choice(SYSTEM.legal_actions(st, seat)), r)
    assert SYSTEM.outcome(st) is not None


def _after_draw(players: int = 2):
    """A match whose opening hands are dealt (the redraw step), warbands chosen by the options."""
    seats = SYSTEM.info.seats_for(players)
    st = SYSTEM.setup({"warbands": {s: "garreks-reavers" for s in seats},
                       "decks": {s: "rimewyrms-bite-rivals" for s in seats}}, seats, rng(1))
    pick = random.Random(1)
    while st["setup"]["stage"] != "redraw":
        seat = SYSTEM.view(st, None)["awaiting"][0]
        st, _ = SYSTEM.apply(st, seat, pick.choice(SYSTEM.legal_actions(st, seat)), rng(2))
    return st


def test_redeal_deals_each_hand_and_deck_again_keeping_counts():
    """§6.3, §12.4: hands are secret from the other players, deck order from everyone: a redeal deals the objective
    hand and deck again together, and the power hand and deck, keeping each count; the input is left as it was."""
    st = _after_draw()
    before = json.dumps(st, sort_keys=True)
    again = SYSTEM.redeal(st, P1, rng(9))
    assert json.dumps(st, sort_keys=True) == before and again is not st
    p, q = st["players"][P1], again["players"][P1]
    for hand, deck in (("objectives", "objective_deck"), ("power", "power_deck")):
        assert (len(p[hand]), len(p[deck])) == (len(q[hand]), len(q[deck]))
        assert sorted(p[hand] + p[deck]) == sorted(q[hand] + q[deck])
    assert (p["objectives"], p["power"]) != (q["objectives"], q["power"])
    assert st["players"][P2] == again["players"][P2]
    assert seen_by_others(st, P1) == seen_by_others(again, P1)


def test_redeal_decides_a_hidden_redraw_again_and_a_secret_warband():
    """§12.4 (seed 610-616): a redraw decision is hidden until every player has decided; §12.1: the warbands and decks
    are chosen in secret and revealed together. A redeal decides them again among the choices there were."""
    st = _after_draw(3)
    seat = SYSTEM.view(st, None)["awaiting"][0]
    st, _ = SYSTEM.apply(st, seat, {"type": "Redraw", "cards": "none"}, rng(3))
    decisions = {SYSTEM.redeal(st, seat, rng(i))["players"][seat]["redraw"] for i in range(40)}
    assert decisions == {"none", "objectives", "power", "all"}
    assert all(seen_by_others(SYSTEM.redeal(st, seat, rng(i)), seat) == seen_by_others(st, seat) for i in range(3))
    st = SYSTEM.setup({}, (P1, P2), rng(1))
    st, _ = SYSTEM.apply(st, P1, {"type": "ChooseWarband", "warband": "garreks-reavers"}, rng(1))
    st, _ = SYSTEM.apply(st, P1, {"type": "ChooseDeck", "deck": "rimewyrms-bite-rivals"}, rng(1))
    chosen = {(a["players"][P1]["warband"], a["players"][P1]["deck"])
              for a in (SYSTEM.redeal(st, P1, rng(i)) for i in range(24))}
    assert len({w for w, _ in chosen}) == 2 and all(d is not None for _, d in chosen)
    assert seen_by_others(SYSTEM.redeal(st, P1, rng(5)), P1) == seen_by_others(st, P1)


def test_who_a_reaction_step_asks_does_not_change_with_a_hand():
    """§26.1 and the ruling "Reaction steps": a step opens for the players who can react; whom it asks is fixed then
    (and when a reaction is declared), so it says nothing of what a hand holds afterwards: a player asked who holds no
    reaction any more may pass."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, hands={P2: ["48018"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "hammer") + dfn("dodge")))
    assert top(s)["kind"] == "window" and SYSTEM.view(s, None)["awaiting"] == [P2]
    st = load(s)
    st.players[P2].power = ["48013"]  # the hand no longer holds the reaction
    emptied = dump(st)
    assert SYSTEM.view(emptied, None)["awaiting"] == [P2]
    assert SYSTEM.legal_actions(emptied, P2) == [{"type": "Pass"}]


def test_revealing_a_surge_objective_out_of_turn_is_offered_as_it_is_applied(monkeypatch):
    """§25.1 and the ruling "Surge objectives": a player reveals a surge objective the engine does not check whenever
    it is met, in the action phase, whoever's turn it is; ``apply`` takes it from any player, so ``legal_actions``
    offers it to any player (legal means applicable; 47004 stands in for such an objective)."""
    from engine.underworlds import effects
    monkeypatch.setattr(effects, "AUTOMATED", effects.AUTOMATED - {"47004"})
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, objectives={P2: ["47004"]})
    assert SYSTEM.view(s, None)["awaiting"] == [P1]
    assert SYSTEM.legal_actions(s, P2) == [{"type": "ScoreObjective", "card": "47004"}]
    s, _ = act(s, P2, {"type": "ScoreObjective", "card": "47004"})
    assert s["players"][P2]["revealed"] == ["47004"] and SYSTEM.legal_actions(s, P2) == []
