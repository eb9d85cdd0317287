"""Decisions the other player makes inside an action: the defender's defense (§10.3 step 4, §10.4) and the
windows in which an enchantment may be revealed or a spell countered (§9.2 step 3, §9.7).

An attack or a cast runs in one ``apply``; where the rules give the other player a say, the rules module asks
here (:func:`defend`, :func:`window`). Outside :func:`run` nobody is asked and the old defaults stand (the
best defense, a Block or Nullify paid when its controller can), so :mod:`engine.magewars.combat` and
:mod:`engine.magewars.casting` stay usable alone. Inside :func:`run` the first question with no answer yet
stops the action (:class:`Pause`): the state is kept as it was before the action, with the question first in
``state["pending"]``; the answer (``Defend``, ``Counter``, ``Skip``) is added to the answers and the whole
action runs again from the start. Rolls made before the question are replayed from a tape kept with the
question (never shown in ``view``), so a question changes no roll and the match's draws follow each other
with no gap (table/fairness.py); later rolls are drawn live.

The questions (each ``{"type", "seat", "by", "object", ...}`` in ``pending``):

- ``defend``: the attacked object's controller chooses one usable defense or none (§10.4: "most defenses are
  optional"), and whether to pay a hidden Block that must be revealed (§9.7: it may go unpaid). Asked only
  when there is a choice; each strike has its own avoid step (§10.3 step 7).
- ``counterstrike``: after a melee attack, a defender with a Counterstrike attack may counterstrike (§10.8);
  its controller chooses which, or none (``Counterstrike`` {attack}).
- ``window``: after an attack is declared against an object, or when a spell targets it (the Counter step),
  the object's controller may reveal enchantments (``Reveal``) and then lets the moment pass (``Skip``); a
  face-down Nullify on the target must be revealed then (``Counter`` {enchantment, pay}), paid or not. The
  window opens at every such timing whether or not its player holds anything, so its opening tells nothing;
  the table passes for a player with nothing to play after a random delay (table/windows.py).

"§" is a section of ``shared/rules/magewars.md``.
"""
from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from engine.core.errors import IllegalAction
from engine.magewars.state import clone

JSON = dict[str, Any]
KINDS = ("defend", "counterstrike", "window")
"""The pending questions this module asks."""
ANSWERS = ("Defend", "Counterstrike", "Counter", "Skip")
"""The actions answering them."""
PAUSABLE = ("Attack", "Cast")
"""Actions inside which the other player may be asked."""
HIDDEN = ("action", "answers", "tape", "private")
"""Parts of a pending question only the engine reads (``private``: only the asked seat)."""


class Pause(Exception):
    """An action stops at a question nobody has answered yet."""

    def __init__(self, question: JSON) -> None:
        super().__init__(question["type"])
        self.question = question


class _Asker:
    """The answers given so far to one action's questions, handed out in order."""

    def __init__(self, answers: list[JSON]) -> None:
        self.answers = list(answers)
        self.asked = 0
        self.opened: set[tuple[str, str]] = set()

    def ask(self, question: JSON) -> JSON:
        if self.asked < len(self.answers):
            self.asked += 1
            return self.answers[self.asked - 1]
        raise Pause(question)


_ASKER: ContextVar[_Asker | None] = ContextVar("magewars_asker", default=None)


class _Tape:
    """The rolls of an interrupted action played back, then live draws from the match's generator."""

    def __init__(self, live: Any, tape: list[list[int]]) -> None:
        self.live, self.tape, self.played = live, list(tape), []

    @property
    def counter(self) -> int:
        return getattr(self.live, "counter", 0)

    def randbelow(self, n: int) -> int:
        if self.tape and self.tape[0][0] == n:
            result = self.tape.pop(0)[1]
        else:
            self.tape = []  # the action went another way (a reveal meanwhile): the rest is drawn live
            result = self.live.randbelow(n)
        self.played.append([n, result])
        return result


# ---------------------------------------------------------------------------------------------------------
# The questions, asked by the rules modules


def _controller(state: JSON, oid: str) -> str | None:
    return state["objects"].get(oid, {}).get("controller")


def _pool(state: JSON, seat: str) -> int:
    return int(state["objects"][state["mages"][seat]].get("mana", 0)) if seat in state.get("mages", {}) else 0


def defend(state: JSON, defender: str, options: list[JSON], blocks: list[JSON], strike: int) -> JSON | None:
    """The avoid step (§10.3 step 4): the defender's ``Defend`` answer, or None when nobody is asked (no
    choice: no usable defense and no Block its controller can pay; or outside :func:`run`)."""
    asker = _ASKER.get()
    seat = _controller(state, defender)
    if asker is None or seat is None:
        return None
    block = next((b for b in blocks if _pool(state, seat) >= b["reveal_cost"]), None)
    if not options and block is None:
        return None
    return asker.ask({"type": "defend", "seat": seat, "object": defender, "strike": strike,
                      "defenses": [{"index": d["index"], "source": d["source"], "threshold": d["threshold"],
                                    "modifier": d["modifier"], "uses": d["uses"]} for d in options],
                      "private": {"block": block}})


def counterstrike(state: JSON, defender: str, options: list[JSON]) -> JSON | None:
    """Step 9 (§10.8): the defender "may" make one free counterstrike: its controller chooses the attack or none
    (``Counterstrike`` {attack: index|None}); None when nobody is asked."""
    asker = _ASKER.get()
    seat = _controller(state, defender)
    if asker is None or seat is None:
        return None
    return asker.ask({"type": "counterstrike", "seat": seat, "object": defender,
                      "attacks": [{"index": b["index"], "name": b["name"], "dice": b["dice"]} for b in options],
                      "private": {}})


def window(state: JSON, acting: str, target: Any, timing: str, counters: list[JSON] = ()) -> JSON | None:
    """A reveal window for the controller of ``target`` when another seat acts on it (``timing``: "attack" or
    "spell"); ``counters`` are the face-down counterspells that must be revealed now (``{object, card, cost}``).
    Returns the answer (``Skip`` or ``Counter``), or None when no window opens (no other player's object, the
    same window already opened in this action, or outside :func:`run`)."""
    asker = _ASKER.get()
    seat = _controller(state, target) if isinstance(target, str) else None
    if asker is None or seat is None or seat == acting or (seat, target) in asker.opened:
        return None
    asker.opened.add((seat, target))  # an attack spell's attack opens no second window on its target
    return asker.ask({"type": "window", "seat": seat, "object": target, "timing": timing,
                      "private": {"counters": [dict(c) for c in counters]}})


def offered(state: JSON, question: JSON) -> list[JSON]:
    """The answers the asked seat may give (its ``Reveal`` actions are offered besides, at any time)."""
    if question["type"] == "defend":
        defenses = [d["index"] for d in question["defenses"]] + [None]
        if question["private"]["block"]:
            return [{"type": "Defend", "defense": None, "block": True}] + \
                [{"type": "Defend", "defense": d, "block": False} for d in defenses]
        return [{"type": "Defend", "defense": d} for d in defenses]
    if question["type"] == "counterstrike":
        return [{"type": "Counterstrike", "attack": b["index"]} for b in question["attacks"]] + \
            [{"type": "Counterstrike", "attack": None}]
    counters = question["private"]["counters"]
    if not counters:
        return [{"type": "Skip"}]
    first = counters[0]  # mandatory: revealed now, paid or not (§9.7)
    pay = [True, False] if _pool(state, question["seat"]) >= first["cost"] else [False]
    return [{"type": "Counter", "enchantment": first["object"], "pay": p} for p in pay]


def asking(state: JSON) -> JSON | None:
    """The question the match waits on, when it is one of this module's."""
    pending = state.get("pending") or []
    return pending[0] if pending and pending[0]["type"] in KINDS else None


def public(question: JSON, seat: str | None) -> JSON:
    """A question as ``seat`` may see it: the engine's parts hidden, ``private`` only to the asked seat."""
    out = {k: v for k, v in question.items() if k not in HIDDEN}
    if seat == question["seat"]:
        out["private"] = question["private"]
    return out


# ---------------------------------------------------------------------------------------------------------
# Running an action that may stop


def run(before: JSON, new: JSON, seat: str, action: JSON, rng: Any, apply: Any) -> tuple[JSON, list[JSON], bool]:
    """``apply(state, seat, action, rng)`` on ``new`` (a copy of ``before``), asking the other player where the
    rules say. Returns (state, events, paused): paused, the state is ``before`` with the question first in
    ``pending``."""
    if not before.get("windows", True) or action["type"] not in PAUSABLE:
        return new, apply(new, seat, action, rng), False
    return _attempt(before, seat, action, rng, apply, [], [])


def _attempt(before: JSON, seat: str, action: JSON, rng: Any, apply: Any, answers: list[JSON],
             tape: list[list[int]]) -> tuple[JSON, list[JSON], bool]:
    new = clone(before)
    asker, rolls = _Asker(answers), _Tape(rng, tape)
    token = _ASKER.set(asker)
    try:
        events = apply(new, seat, action, rolls)
    except Pause as pause:
        paused = clone(before)
        question = {**pause.question, "by": seat, "declared": declared(before, action), "action": action,
                    "answers": answers, "tape": rolls.played}
        paused.setdefault("pending", []).insert(0, question)
        shown = {k: v for k, v in public(question, None).items() if k != "type"}
        return paused, [{"type": "ResponseAsked", "question": question["type"], **shown}], True
    finally:
        _ASKER.reset(token)
    return new, events, False


def declared(state: JSON, action: JSON) -> JSON:
    """What the interrupted action shows everyone (§10.3 step 1, §9.2 step 1: the attack and the spell are
    announced): the attacker, its attack and target; the caster, its target, and the spell unless it is an
    enchantment cast face down."""
    if action["type"] == "Attack":
        return {"attacker": (state.get("activation") or {}).get("object"), "attack": action["attack"],
                "target": action["target"]}
    from engine.magewars.cards import card, has_card
    from engine.magewars.pack import CardType
    hidden = has_card(action["spell"]) and card(action["spell"]).type == CardType.ENCHANTMENT
    return {"caster": action["caster"], "target": action.get("target") or action.get("zone"),
            "spell": None if hidden else action["spell"]}


def answer(state: JSON, seat: str, action: JSON, rng: Any, apply: Any) -> tuple[JSON, list[JSON], bool]:
    """Answer the question first in ``pending`` and run the interrupted action again with it. If the action
    is no longer legal (a reveal meanwhile moved its target, §10.3 step 1), it is cancelled."""
    before = clone(state)
    question = before["pending"].pop(0)
    if not before["pending"]:
        before.pop("pending")
    answered = [{"type": "ResponseGiven", "seat": seat, "question": question["type"], "object": question["object"],
                 **({"defense": action.get("defense")} if action["type"] == "Defend" else {})}]
    try:
        new, events, paused = _attempt(before, question["by"], question["action"], rng, apply,
                                       question["answers"] + [action], question["tape"])
    except IllegalAction:
        return before, answered + [{"type": "ActionCancelled", "seat": question["by"],
                                    "object": question["object"]}], False
    return new, answered + events, paused
