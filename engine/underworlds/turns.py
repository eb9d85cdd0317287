"""Rounds and turns (§13): the action-phase roll-off, alternating turns, the steps of a turn, round end, victory.

A ``round`` frame runs a round: roll-off (round 1: +1 crit to whoever finished deploying first),
the winner's ChooseFirstTurn, "start of round" reactions, eight alternating turns, the end phase
(``end_phase.py``), then clears the markers. A ``turn`` frame runs one turn: reaction, inspire and surge
steps, the activation step (``activation.py``), the shared "after the last action / after the
activation" reaction step, the power step (``power.py``) and the steps after it.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.underworlds import activation, effects, rules
from engine.underworlds.actions import Action, ChooseFirstTurn, ScoreObjective
from engine.underworlds.flow import (
    Ctx, bad_action, frame, inspire_step, open_window, pop, push, surge_step,
)
from engine.underworlds.state import ACTIVATIONS_PER_ROUND, ROUNDS, State

JSON = dict[str, Any]


def _round_run(ctx: Ctx, fr: JSON) -> bool:
    from engine.underworlds.setup import roll_off
    st = ctx.st
    stage = fr["stage"]
    if stage == "start":
        st.phase = "action"
        st.phase_log = {}
        ctx.emit("RoundStarted", round=st.round)
        bonus = st.setup.finished_first if st.round == 1 else None
        winner = roll_off(ctx, "action phase", bonus=bonus)
        fr["stage"] = "begin"
        push(st, "first_turn", winner=winner)
        return True
    if stage == "begin":
        fr["stage"] = "turns"
        open_window(ctx, ["round_start"], {"round": st.round})
        return True
    if stage == "turns":
        if st.turns_taken < ACTIVATIONS_PER_ROUND * len(st.seats):
            assert st.first_player is not None
            seat = st.first_player if st.turns_taken % 2 == 0 else st.other(st.first_player)
            st.active = seat
            push(st, "turn", seat=seat, stage="start")
            ctx.emit("TurnStarted", player=seat, round=st.round, turn=st.turns_taken + 1)
            return True
        fr["stage"] = "after_end"
        st.phase = "end"
        st.active = None
        push(st, "end", order=[st.first_player, st.other(st.first_player or st.seats[0])], idx=0, step=0)
        ctx.emit("EndPhaseStarted", round=st.round)
        return True
    # after_end
    if st.round >= ROUNDS:
        finish(ctx)
        return True
    _clear_round(ctx)
    st.round += 1
    st.turns_taken = 0
    fr["stage"] = "start"
    return True


def _clear_round(ctx: Ctx) -> None:
    """§24: markers cleared (not "removed"), activation tokens reset, round-long gambits discarded."""
    st = ctx.st
    for f in st.fighters:
        f.move = f.charge = f.guard = f.stagger = 0
        f.activations = 0
    for p in st.players.values():
        p.activations_left = ACTIVATIONS_PER_ROUND
    effects.end_of_round(ctx)
    ctx.emit("RoundEnded", round=st.round)


def finish(ctx: Ctx) -> None:
    """Victory (§28.2): most glory; then the only player with survivors; then objective value held."""
    st = ctx.st
    glory = {s: st.players[s].total_glory for s in st.seats}
    a, b = st.seats
    reason = "glory"
    winner: str | None = None
    if glory[a] != glory[b]:
        winner = a if glory[a] > glory[b] else b
    else:
        alive = {s: bool(st.surviving(s)) for s in st.seats}
        if alive[a] != alive[b]:
            winner, reason = (a if alive[a] else b), "survivors"
        elif alive[a]:
            held = {s: sum(t.number or 0 for t in rules.objective_tokens(st)
                           for f in st.surviving(s) if f.hex == t.hex and not rules.is_beast(st, f))
                    for s in st.seats}
            if held[a] != held[b]:
                winner, reason = (a if held[a] > held[b] else b), "objectives"
            else:
                reason = "draw"
        else:
            reason = "draw"
    st.phase = "over"
    st.stack = []
    st.outcome = {"winner": winner, "reason": reason, "glory": glory}
    ctx.emit("MatchEnded", winner=winner, reason=reason, glory=glory)


frame("round", run=_round_run, awaiting=lambda st, fr: [], legal=lambda st, fr, s: [],
      act=lambda ctx, fr, s, a: None)


def _first_turn_act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    if not isinstance(action, ChooseFirstTurn):
        raise bad_action(action, "choose_first_turn")
    if action.player not in ctx.st.seats:
        raise IllegalAction("uw.setup.unknown_player", player=action.player, players=", ".join(ctx.st.seats))
    ctx.st.first_player = action.player
    ctx.emit("FirstTurnChosen", player=action.player, by=seat, round=ctx.st.round)
    pop(ctx.st, fr)


frame("first_turn", run=lambda ctx, fr: False, awaiting=lambda st, fr: [fr["winner"]],
      legal=lambda st, fr, seat: [{"type": "ChooseFirstTurn", "player": s} for s in st.seats],
      act=_first_turn_act)


# -- the turn ------------------------------------------------------------------------------------------


def _turn_run(ctx: Ctx, fr: JSON) -> bool:
    st = ctx.st
    stage = fr["stage"]
    if stage == "start":
        fr["stage"] = "start_steps"
        open_window(ctx, ["turn_start"], {"player": fr["seat"]})
        return True
    if stage == "start_steps":
        inspire_step(ctx)
        fr["stage"] = "start_surge"  # the inspire step's reaction steps first
        return True
    if stage == "start_surge":
        surge_step(ctx, "before_activation")
        st.step_log = {}
        fr["stage"] = "activation"
        return True
    if stage == "activation":
        return False
    if stage == "after_activation":
        fr["stage"] = "after_activation_steps"
        tags = ["activation", *fr.get("after_tags", [])]
        open_window(ctx, tags, {**fr.get("after_ctx", {}), "player": fr["seat"]})
        return True
    if stage == "after_activation_steps":
        effects.after_activation(ctx, fr)
        inspire_step(ctx, fr.get("after_ctx", {}).get("fighter"))
        fr["stage"] = "after_activation_surge"
        return True
    if stage == "after_activation_surge":
        surge_step(ctx, "after_activation")  # its draw choices (if any) run before the power step
        st.step_log = {}
        fr["stage"] = "power"
        return True
    if stage == "power":
        fr["stage"] = "after_power"
        push(st, "power", active=fr["seat"], to_act=fr["seat"], passes=0, delved={})
        ctx.emit("PowerStepStarted", player=fr["seat"])
        return True
    if stage == "after_power":
        fr["stage"] = "power_step_end"
        effects.after_power_step(ctx)  # a card's effect "after the last power step" comes first
        return True
    if stage == "power_step_end":
        fr["stage"] = "after_power_steps"
        open_window(ctx, ["power_step_end"], {"player": fr["seat"]})
        return True
    if stage == "after_power_steps":
        inspire_step(ctx)
        fr["stage"] = "after_power_surge"
        return True
    if stage == "after_power_surge":
        surge_step(ctx, "after_power")  # its draw choices (if any) run before the turn ends
        fr["stage"] = "done"
        return True
    if stage == "done":
        fr["stage"] = "over"
        effects.end_of_turn(ctx)  # "at the end of the next turn" effects, with their reaction steps
        return True
    # over
    st.turns_taken += 1
    pop(st, fr)
    return True


def _turn_legal(st: State, fr: JSON, seat: str) -> list[JSON]:
    return activation.legal_activations(st, seat) + reveal_options(st, seat)


def _turn_act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    activation.activate(ctx, fr, seat, action)


frame("turn", run=_turn_run, awaiting=lambda st, fr: [fr["seat"]] if fr["stage"] == "activation" else [],
      legal=_turn_legal, act=_turn_act)


def reveal_options(st: State, seat: str) -> list[JSON]:
    """Surge objectives the engine does not check: the player reveals them when met (§25.1)."""
    return [{"type": "ScoreObjective", "card": c} for c in sorted(st.players[seat].objectives)
            if effects.is_manual_surge(c)]


def reveal(ctx: Ctx, seat: str, action: ScoreObjective) -> None:
    """Reveal a surge objective whose condition the player says is met; it scores at the next surge step.

    :raises IllegalAction: uw.objective.not_in_hand, uw.objective.automated
    """
    player = ctx.st.players[seat]
    if action.card not in player.objectives:
        raise IllegalAction("uw.objective.not_in_hand", card=action.card)
    if not effects.is_manual_surge(action.card):
        raise IllegalAction("uw.objective.automated", card=rules.card(action.card).name)
    player.objectives.remove(action.card)
    player.revealed.append(action.card)
    c = rules.card(action.card)
    ctx.emit("ObjectiveRevealed", player=seat, card=action.card, name=c.name, text=c.text_plain)
