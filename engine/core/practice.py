"""The practice opponent: a search that plays a seat from what that seat has seen, never the true state (issue 35).

How it decides, for every game alike (the game-specific parts come from the game: ``Secrets.redeal`` samples the
positions the seat cannot tell apart, ``Evaluates.evaluate`` scores a position for cut-off rollouts):

- **Determinization** (perfect-information Monte Carlo, as in Long et al., "Understanding the Success of Perfect
  Information Monte Carlo Sampling in Game Tree Search", AAAI 2010; Cowling et al., "Information Set Monte Carlo
  Tree Search", 2012): each iteration first draws every *other* seat's hidden information again (``redeal``), so
  the search starts from a world the seat could be in given what it has seen. ``redeal`` draws from sorted pools, so
  the world depends on what the seat knows and the search's seed only: two states that differ only in another
  seat's secrets give the same decision.
- **Easy**: one step of greedy play with a little noise: each choice applied once in one sampled world and scored.
- **Normal and hard**: UCB1 over the seat's choices (a bandit at the root, as flat Monte Carlo tree search), each
  pull one sampled world (and its dice) and the choice, scored by the evaluation at once: random rollouts were slow
  and noisy (normal beat a random player in 33-67% of matches with them). Before scoring, the seat's own follow-up
  choice is looked through (a charge's attack: ``follow_up``); hard looks one step further and averages more worlds
  (looking through a rival's reply as well, ``Budget.replies``, won no match more against normal in the bench). A
  game whose choices show their worth only once every side has chosen sets its own budgets (``practice_budgets``):
  random play past them.

Pure rules-side code: no I/O; the table runs it off the event loop within the level's time budget.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Protocol, runtime_checkable

from engine.core.errors import GameError
from engine.core.rng import SeededRng, choice, shuffled
from engine.core.system import JSON, GameSystem, Secrets

LEVELS = ("easy", "normal", "hard")


@runtime_checkable
class Evaluates(Protocol):
    """Optional: how good a position is for a seat, from -1 (lost) to 1 (won), for cut-off rollouts. Without it
    only finished matches count (a win 1, a loss -1, anything else 0)."""

    def evaluate(self, state: JSON, seat: str) -> float:
        ...


EXPLORE = 0.25
"""UCB1's exploration constant: small, as the evaluations of one position's choices differ by hundredths."""


@dataclass(frozen=True, slots=True)
class Budget:
    """What one decision may spend."""

    iterations: int
    """Sampled worlds played out, at most."""
    seconds: float
    """Time, at most, by the ``clock`` given to ``decide`` (checked between iterations; none without a clock)."""
    depth: int
    """Random actions played after the choice before the position is scored."""
    noise: float = 0.0
    """Easy: the spread of the noise added to each choice's score."""
    reach: int = 0
    """Follow-up choices of the seat's own looked through before scoring (a charge's attack, a spell's target):
    while the seat alone is awaited with at most ``widest`` choices, the best of them counts."""
    widest: int = 12
    replies: bool = False
    """Hard: a rival's reply is looked through too (``follow_up``)."""


BUDGETS = {
    "easy": Budget(iterations=1, seconds=0.5, depth=0, noise=0.03),
    "normal": Budget(iterations=96, seconds=0.6, depth=0, reach=1),
    "hard": Budget(iterations=256, seconds=1.8, depth=0, reach=2),
}


def budget_for(system: GameSystem, level: str) -> Budget:
    """The level's budget in this game: the game's own (``practice_budgets``, where its worth shows only later, as
    a combat after both sides declare) or the common one."""
    return (getattr(system, "practice_budgets", None) or {}).get(level) or BUDGETS[level]


@dataclass(frozen=True, slots=True)
class Decision:
    """The chosen action and what the search expects of it (the ``hint``'s one line)."""

    action: JSON
    index: int
    """Its place in ``legal_actions``."""
    value: float
    """The mean score of the positions after it, from -1 to 1."""
    baseline: float
    """The score of the position before it."""
    iterations: int


def score(system: GameSystem, state: JSON, seat: str) -> float:
    """The position for ``seat``: the result when there is one, else the game's evaluation (0 without one)."""
    result = system.outcome(state)
    if result is not None:
        if result.winner is None:
            return 0.0
        return 1.0 if result.winner == seat else -1.0
    if isinstance(system, Evaluates):
        return max(-1.0, min(1.0, system.evaluate(state, seat)))
    return 0.0


def sample_world(system: GameSystem, state: JSON, seat: str, seats: tuple[str, ...], rng: SeededRng) -> JSON:
    """A state ``seat`` could be in given what it has seen: every other seat's hidden information drawn again."""
    if not isinstance(system, Secrets):
        return state
    for other in seats:
        if other != seat:
            state = system.redeal(state, other, rng)
    return state


def awaited(system: GameSystem, state: JSON, seats: tuple[str, ...]) -> list[tuple[str, list[JSON]]]:
    """The seats that may act now, with their actions."""
    out = []
    for s in seats:
        legal = system.legal_actions(state, s)
        if legal:
            out.append((s, legal))
    return out


def rollout(system: GameSystem, state: JSON, seats: tuple[str, ...], depth: int, rng: SeededRng,
            pick: SeededRng) -> JSON:
    """``depth`` random actions by whichever seats may act (the match's end stops it)."""
    for _ in range(depth):
        if system.outcome(state) is not None:
            break
        acting = awaited(system, state, seats)
        if not acting:
            break
        who, legal = choice(pick, acting)
        try:
            state, _ = system.apply(state, who, choice(pick, legal), rng)
        except GameError:  # the conformance suite says it cannot happen; a rollout is no place to stop on it
            break
    return state


def follow_up(system: GameSystem, state: JSON, seat: str, seats: tuple[str, ...], rng: SeededRng, reach: int,
              widest: int, replies: bool = False) -> float:
    """The position's score, looking through ``reach`` follow-up choices of ``seat``'s own while it alone is awaited
    (the best one counts: the seat will choose it), so a move whose worth shows only in its next step (a charge and
    its attack, a spell and its target) is scored by that step. With ``replies``, a rival alone awaited is looked
    through too, its choice the worst for ``seat`` (a rival that sees what ``seat``'s move leaves open)."""
    if reach > 0 and system.outcome(state) is None:
        acting = awaited(system, state, seats)
        if len(acting) == 1 and (acting[0][0] == seat or replies) and len(acting[0][1]) <= widest:
            who, legal = acting[0]
            values = []
            for action in legal:
                try:
                    after, _ = system.apply(state, who, action, rng)
                except GameError:
                    continue
                values.append(follow_up(system, after, seat, seats, rng, reach - 1, widest, replies))
            if values:
                return max(values) if who == seat else min(values)
    return score(system, state, seat)


def decide(system: GameSystem, state: JSON, seat: str, seats: tuple[str, ...], level: str = "normal",
           seed: int = 0, budget: Budget | None = None, clock: Callable[[], float] | None = None) -> Decision:
    """``seat``'s choice at ``level``. ``seed`` makes it repeatable; ``clock`` (seconds; the table's) bounds it by
    the budget's time too, which the iterations alone never depend on."""
    budget = budget or budget_for(system, level)
    legal = system.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"{seat} has nothing to do")
    rng = SeededRng(seed.to_bytes(32, "big"))
    pick = SeededRng(seed.to_bytes(32, "little"))
    baseline = score(system, sample_world(system, state, seat, seats, rng), seat)
    if len(legal) == 1:
        return Decision(legal[0], 0, baseline, baseline, 0)
    now = clock or (lambda: 0.0)
    deadline = now() + budget.seconds if clock else math.inf
    if budget.noise:
        return _greedy(system, state, seat, seats, legal, budget, rng, pick, baseline, deadline, now)
    pulls = [0] * len(legal)
    totals = [0.0] * len(legal)
    done = 0
    first = shuffled(pick, range(len(legal)))  # every choice once first, in an order that favours none if time runs out
    while done < max(budget.iterations, len(legal)) and (done == 0 or now() < deadline):
        if done < len(legal):
            i = first[done]
        else:
            log_n = math.log(done)
            i = max(range(len(legal)), key=lambda k: totals[k] / pulls[k] + EXPLORE * math.sqrt(log_n / pulls[k])
                    if pulls[k] else math.inf)
        world = sample_world(system, state, seat, seats, rng)
        try:
            after, _ = system.apply(world, seat, legal[i], rng)
            if budget.depth:
                value = score(system, rollout(system, after, seats, budget.depth, rng, pick), seat)
            else:
                value = follow_up(system, after, seat, seats, rng, budget.reach, budget.widest, budget.replies)
        except GameError:
            value = -1.0
        pulls[i] += 1
        totals[i] += value
        done += 1
    most = max(pulls)
    tried = [k for k in range(len(legal)) if pulls[k] and 2 * pulls[k] >= most]  # a mean of a few worlds at least
    best = max(tried, key=lambda k: (totals[k] / pulls[k], pulls[k]))
    return Decision(legal[best], best, totals[best] / pulls[best], baseline, done)


def _greedy(system: GameSystem, state: JSON, seat: str, seats: tuple[str, ...], legal: list[JSON], budget: Budget,
            rng: SeededRng, pick: SeededRng, baseline: float, deadline: float, now: Callable[[], float]) -> Decision:
    """Easy: each choice (a sample of them when time runs short) applied in one sampled world, scored, with noise."""
    world = sample_world(system, state, seat, seats, rng)
    order = shuffled(pick, range(len(legal)))
    best, best_value, best_noisy, tried = order[0], baseline, -math.inf, 0
    for i in order:
        if tried and now() > deadline:
            break
        try:
            after, _ = system.apply(world, seat, legal[i], rng)
            value = score(system, after, seat)
        except GameError:
            continue
        tried += 1
        noisy = value + budget.noise * (pick.randbelow(2001) - 1000) / 1000  # uniform in ±noise
        if noisy > best_noisy:
            best, best_value, best_noisy = i, value, noisy
    return Decision(legal[best], best, best_value, baseline, tried)
