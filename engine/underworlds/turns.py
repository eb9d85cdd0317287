"""Rounds and turns (§13): the action-phase roll-off, alternating turns, the steps of a turn, round end, victory.

A ``round`` frame runs a round: roll-off (round 1: +1 crit to whoever finished deploying first),
the winner's ChooseFirstTurn, "start of round" reactions, the turns in play order (four each between two
players, three each among three, four each among four; a player who conceded is skipped), the end phase
(``end_phase.py``), then clears the markers; a four-player match skips round 2. A ``turn`` frame runs one turn: reaction, inspire and surge
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
from engine.underworlds.roll_offs import roll_off
from engine.underworlds.state import ROUNDS, State

JSON = dict[str, Any]

def next_round(st: State) -> int:
    """The round after this one: a four-player match skips round 2 (seed 000 lines 1658-1662, digest §35 default 9)."""
    return 3 if len(st.seats) == 4 and st.round == 1 else st.round + 1


def _round_run(ctx: Ctx, fr: JSON) -> bool:
    st = ctx.st
    stage = fr["stage"]
    if stage == "start":
        st.phase = "action"
        st.phase_log = {}
        for p in st.players.values():
            p.activations_left = st.turns_each()  # three with three players (seed 000 line 1615)
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
        if st.turns_taken < st.turns_in_round():
            assert st.first_player is not None
            # Turns alternate; with three or four players they go to the left (seed 000 lines 1573-1575, 1609).
            order = st.rotation(st.first_player)
            seat = order[st.turns_taken % len(order)]
            if st.players[seat].conceded:  # a player who conceded has no more turns
                st.turns_taken += 1
                ctx.emit("TurnSkipped", player=seat, round=st.round)
                return True
            st.active = seat
            push(st, "turn", seat=seat, stage="start")
            ctx.emit("TurnStarted", player=seat, round=st.round, turn=st.turns_taken + 1)
            return True
        fr["stage"] = "after_end"
        st.phase = "end"
        st.active = None
        # In play order, from the player who made the round's first activation (seed 000 lines 1654-1656).
        push(st, "end", order=st.play_order(st.first_player or st.seats[0]), idx=0, step=0)
        ctx.emit("EndPhaseStarted", round=st.round)
        return True
    # after_end
    if st.round >= ROUNDS:
        finish(ctx)
        return True
    _clear_round(ctx)
    st.round = next_round(st)
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
        p.activations_left = st.turns_each()
    effects.end_of_round(ctx)
    ctx.emit("RoundEnded", round=st.round)


def finish(ctx: Ctx) -> None:
    """Victory (§28.2; with three or four players seed 000 line 1670): most glory; among the tied, the only one
    with surviving fighters; among those with survivors, the highest objective value held; else a draw between
    those still tied (every other player loses)."""
    st = ctx.st
    glory = {s: st.players[s].total_glory for s in st.seats}
    playing = st.in_play()  # a player who conceded lost
    tied = [s for s in playing if glory[s] == max(glory[p] for p in playing)]
    reason = "glory"
    if len(tied) > 1:
        alive = [s for s in tied if st.surviving(s)]
        if len(alive) == 1:
            tied, reason = alive, "survivors"
        elif not alive:
            reason = "draw"  # digest §35 default 10
        else:
            held = {s: objective_value_held(st, s) for s in alive}
            tied = [s for s in alive if held[s] == max(held.values())]
            reason = "objectives" if len(tied) == 1 else "draw"
    winner = tied[0] if len(tied) == 1 else None
    st.phase = "over"
    st.stack = []
    st.outcome = {"winner": winner, "reason": reason, "glory": glory}
    if winner is None and len(st.seats) > 2:
        st.outcome["drawn"] = tied  # a draw between these players; the others lost (seed 000 line 1670)
    if len(playing) < len(st.seats):
        st.outcome["conceded"] = [s for s in st.seats if s not in playing]
    ctx.emit("MatchEnded", winner=winner, reason=reason, glory=glory, drawn=st.outcome.get("drawn"))


def objective_value_held(st: State, seat: str) -> int:
    """The total value of the objective tokens a seat's fighters hold (Beasts hold none)."""
    return sum(t.number or 0 for t in rules.objective_tokens(st)
               for f in st.surviving(seat) if f.hex == t.hex and not rules.is_beast(st, f))


frame("round", run=_round_run, awaiting=lambda st, fr: [], legal=lambda st, fr, s: [],
      act=lambda ctx, fr, s, a: None)


def _first_turn_act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    if not isinstance(action, ChooseFirstTurn):
        raise bad_action(action, "choose_first_turn")
    if action.player not in ctx.st.in_play():
        raise IllegalAction("uw.setup.unknown_player", player=action.player, players=", ".join(ctx.st.in_play()))
    ctx.st.first_player = action.player
    ctx.emit("FirstTurnChosen", player=action.player, by=seat, round=ctx.st.round)
    pop(ctx.st, fr)


frame("first_turn", run=lambda ctx, fr: False, awaiting=lambda st, fr: [fr["winner"]],
      legal=lambda st, fr, seat: [{"type": "ChooseFirstTurn", "player": s} for s in st.in_play()],
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
