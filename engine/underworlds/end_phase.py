"""The end phase (§24): each player in turn scores, discards objectives, plays upgrades, discards power cards, draws.

The player who took the first turn of the round goes first. A player's steps run in the rulebook's
order: taking an action of a later step closes the earlier steps (``step`` only grows). FinishEndPhase
draws up to 3 objective and 5 power cards (never reshuffling, §6.3). In round 3 only step 1 happens
(§28.1). No gambits, reaction, inspire or surge steps in the end phase.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.underworlds import effects, rules
from engine.underworlds.actions import (
    Action, DiscardObjective, DiscardPower, FinishEndPhase, PlayUpgrade, ScoreObjective,
)
from engine.underworlds.cards import ObjectiveCard, ScoreType
from engine.underworlds.flow import Ctx, bad_action, draw_cards, frame, pop, score_objective
from engine.underworlds.power import play_upgrade, upgrade_options
from engine.underworlds.state import OBJECTIVE_HAND, POWER_HAND, ROUNDS, State

JSON = dict[str, Any]
SCORE, DISCARD_OBJECTIVES, UPGRADES, DISCARD_POWER = 1, 2, 3, 4
"""The end-phase steps (§24), in order."""


def scorable(st: State, seat: str) -> list[str]:
    """End-phase objectives in hand whose condition is met (or not checked by the engine: the player's claim)."""
    out = []
    for card_id in sorted(st.players[seat].objectives):
        c = rules.card(card_id)
        if not isinstance(c, ObjectiveCard) or c.score != ScoreType.END:
            continue
        if not effects.is_automated(card_id) or effects.objective_glory(st, seat, card_id, "end"):
            out.append(card_id)
    return out


def _current(fr: JSON) -> str:
    return fr["order"][fr["idx"]]


def _legal(st: State, fr: JSON, seat: str) -> list[JSON]:
    step = fr["step"]
    player = st.players[seat]
    out: list[JSON] = []
    if step <= SCORE:
        out += [{"type": "ScoreObjective", "card": c} for c in scorable(st, seat)]
    if st.round < ROUNDS:
        if step <= DISCARD_OBJECTIVES:
            out += [{"type": "DiscardObjective", "card": c} for c in sorted(player.objectives)]
        if step <= UPGRADES:
            out += upgrade_options(st, seat)
        if step <= DISCARD_POWER:
            out += [{"type": "DiscardPower", "card": c} for c in sorted(player.power)]
    out.append({"type": "FinishEndPhase"})
    return out


def _advance_to(fr: JSON, step: int) -> None:
    if step < fr["step"]:
        raise IllegalAction("uw.end_phase.step_over", step=step, current=fr["step"])
    fr["step"] = step


def _act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    st = ctx.st
    player = st.players[seat]
    last_round = st.round >= ROUNDS
    if isinstance(action, ScoreObjective):
        if action.card not in scorable(st, seat):
            raise IllegalAction("uw.objective.not_scorable", card=rules.card(action.card).name
                                if action.card in rules.cards() else action.card)
        _advance_to(fr, SCORE)
        glory = effects.objective_glory(st, seat, action.card, "end") if effects.is_automated(action.card) \
            else rules.card(action.card).glory
        score_objective(ctx, seat, action.card, glory or rules.card(action.card).glory)
        return
    if isinstance(action, FinishEndPhase):
        if not last_round:
            draw_cards(ctx, seat, "objective", max(0, OBJECTIVE_HAND - len(player.objectives)))
            draw_cards(ctx, seat, "power", max(0, POWER_HAND - len(player.power)))
        ctx.emit("EndPhaseFinished", player=seat)
        fr["idx"] += 1
        fr["step"] = 0
        return
    if last_round:
        raise IllegalAction("uw.end_phase.last_round_scoring_only")
    if isinstance(action, DiscardObjective):
        _discard(ctx, fr, seat, action.card, player.objectives, player.objective_discard,
                 step=DISCARD_OBJECTIVES, code="uw.objective.not_in_hand", event="ObjectiveDiscarded")
    elif isinstance(action, PlayUpgrade):
        _advance_to(fr, UPGRADES)
        play_upgrade(ctx, seat, action.card, action.fighter, windows=False)
    elif isinstance(action, DiscardPower):
        _discard(ctx, fr, seat, action.card, player.power, player.power_discard,
                 step=DISCARD_POWER, code="uw.card.not_in_hand", event="PowerCardDiscarded")
    else:
        raise bad_action(action, "end_phase")


def _discard(ctx: Ctx, fr: JSON, seat: str, card: str, hand: list[str], pile: list[str], *,
             step: int, code: str, event: str) -> None:
    """Discard one card from a hand in the end phase's discard step (§24)."""
    if card not in hand:
        raise IllegalAction(code, card=card)
    _advance_to(fr, step)
    hand.remove(card)
    pile.append(card)
    ctx.emit(event, player=seat, card=card, name=rules.card(card).name)


def _run(ctx: Ctx, fr: JSON) -> bool:
    if fr["idx"] >= len(fr["order"]):
        pop(ctx.st, fr)
        return True
    return False


frame("end", run=_run, awaiting=lambda st, fr: [_current(fr)] if fr["idx"] < len(fr["order"]) else [],
      legal=_legal, act=_act)
