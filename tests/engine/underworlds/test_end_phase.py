"""The end phase, rounds and victory (digest §24, §28; rulebook pp.48-51)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.underworlds import turns
from engine.underworlds.flow import Ctx
from engine.underworlds.system import dump, load
from tests.engine.underworlds.scenario import P1, P2, FixedRng, act, fighter, legal, scenario, top, types

TARGOR, OBRYN = "player1:targor", "player2:obryn-the-bold"


def end_phase(**kw):
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}, **kw))
    st.stack = [{"kind": "round", "stage": "after_end"},
                {"kind": "end", "order": [P1, P2], "idx": 0, "step": 0}]
    st.phase, st.active = "end", None
    return dump(st)


def test_end_phase_first_player_goes_first_then_the_other():
    """§24: the player who took the first turn does the whole sequence, then the other."""
    s = end_phase()
    assert legal(s, P2) == [] and {"type": "FinishEndPhase"} in legal(s, P1)
    s, _ = act(s, P1, {"type": "FinishEndPhase"})
    assert top(s)["kind"] == "end" and legal(s, P2)


def test_end_phase_draws_up_to_three_objectives_and_five_power_cards():
    """§24 steps 5-6: draw up to 3 and 5, or until the deck is empty (never reshuffled)."""
    s, _ = act(end_phase(), P1, {"type": "FinishEndPhase"})
    assert len(s["players"][P1]["objectives"]) == 2 and len(s["players"][P1]["power"]) == 2


def test_end_phase_steps_run_in_order():
    """§24: score, discard objectives, upgrades, discard power cards; an earlier step can't come back."""
    s = end_phase(objectives={P1: ["48010", "48007"]}, hands={P1: ["48013"]})
    s, _ = act(s, P1, {"type": "DiscardPower", "card": "48013"})
    with pytest.raises(IllegalAction) as e:
        act(s, P1, {"type": "DiscardObjective", "card": "48007"})
    assert e.value.code == "uw.end_phase.step_over"


def test_end_phase_scores_met_objective():
    """§24 step 1: reveal and score an objective whose condition is met (Spread Out: no adjacent fighters)."""
    s = end_phase(objectives={P1: ["48010"]})
    assert {"type": "ScoreObjective", "card": "48010"} in legal(s, P1)
    s, ev = act(s, P1, {"type": "ScoreObjective", "card": "48010"})
    assert s["players"][P1]["scored"] == ["48010"] and s["players"][P1]["glory"] == 1


def test_unmet_objective_cannot_be_scored():
    """§24 step 1: only objectives whose condition is met."""
    s = end_phase(objectives={P1: ["48001"]})
    with pytest.raises(IllegalAction) as e:
        act(s, P1, {"type": "ScoreObjective", "card": "48001"})
    assert e.value.code == "uw.objective.not_scorable"


def test_round_end_clears_markers_and_resets_activations():
    """§24: after both players, Move/Charge/Guard/Stagger markers are cleared and activations reset."""
    s = end_phase(move={TARGOR: 1}, stagger={OBRYN: 1})
    st = load(s)
    st.players[P1].activations_left = 0
    s, _ = act(dump(st), P1, {"type": "FinishEndPhase"})
    s, ev = act(s, P2, {"type": "FinishEndPhase"}, FixedRng([0, 0, 0, 0, 1, 1, 1, 1]))
    assert fighter(s, TARGOR)["move"] == 0 and fighter(s, OBRYN)["stagger"] == 0
    assert s["players"][P1]["activations_left"] == 4 and s["round"] == 2 and "RoundEnded" in types(ev)


def test_third_end_phase_is_scoring_only_then_the_match_ends():
    """§28.1: in round 3 only step 1; then the game ends and the most glory wins (§28.2)."""
    s = end_phase(round_=3, glory={P1: 2}, hands={P1: ["48013"]})
    assert legal(s, P1) == [{"type": "FinishEndPhase"}]
    s, _ = act(s, P1, {"type": "FinishEndPhase"})
    s, ev = act(s, P2, {"type": "FinishEndPhase"})
    assert s["phase"] == "over" and s["outcome"]["winner"] == P1 and "MatchEnded" in types(ev)


def _finish(**kw):
    st = load(scenario(**kw))
    turns.finish(Ctx(st, FixedRng()))
    return st.outcome


def test_victory_tie_goes_to_the_only_player_with_survivors():
    """§28.2: tied glory; if only one player has surviving fighters, that player wins."""
    assert _finish(fighters={TARGOR: "c3"}) == {"winner": P1, "reason": "survivors", "glory": {P1: 0, P2: 0}}


def test_victory_tie_with_survivors_goes_to_objective_value_held():
    """§28.2: tied with survivors on both sides: higher total value of objective tokens held wins."""
    out = _finish(fighters={TARGOR: "c3", OBRYN: "h9"}, tokens={"4": ("h9", "objective"), "1": ("c3", "objective")})
    assert out["winner"] == P2 and out["reason"] == "objectives"


def test_victory_full_tie_is_a_draw():
    """§28.2: otherwise a draw."""
    assert _finish(fighters={TARGOR: "c3", OBRYN: "h9"})["winner"] is None
