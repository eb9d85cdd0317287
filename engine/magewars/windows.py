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

- What the action resolved before it stopped (the attack declared, earlier strikes' dice) is published with
  the question, each frame of the rules adding its own (:func:`after`); the rerun's events start with the same
  ones and only those after them are returned, so nothing is posted twice.
- An enchantment revealed while a question waits applies from that moment only (§9.7, not retroactive): the
  rerun keeps it face down up to that question.
- An action a reveal made illegal meanwhile is cancelled and lost (§10.3 step 1, §9.2 step 1): the rules
  module's ``lose`` spends it.

The questions (each ``{"type", "seat", "by", "object", ...}`` in ``pending``):

- ``defend``: the attacked object's controller chooses one usable defense or none (§10.4: "most defenses are
  optional"), and whether to pay a hidden Block that must be revealed (§9.7: it may go unpaid). Asked when
  it has a usable defense or carries any face-down enchantment of its controller (Block or not: the card
  backs are public, §9, so the pause tells nothing; "no defense" is then always offered); each strike has its
  own avoid step (§10.3 step 7).
- ``counterstrike``: after a melee attack, a defender with a Counterstrike attack may counterstrike (§10.8);
  its controller chooses which, or none (``Counterstrike`` {attack}).
- ``window``: after an attack is declared against an object (a counterstrike's too; a zone attack's: one for
  each other player with an object in the zone), before each of its strikes after the first, or when a spell
  targets it (the Counter step), the object's controller may reveal enchantments (``Reveal``) and then lets
  the moment pass (``Skip``); a face-down Nullify or Reverse Magic on the target must be revealed then
  (``Counter`` {enchantment, pay}), paid or not (both there: their holder chooses which first, and is asked
  about the other if the first went unpaid); after a move action each other player gets one (:func:`moved`).
  The window opens at every such timing whether or not its player holds anything, so its opening tells nothing;
  the table passes for a player with nothing to play after a random delay (table/windows.py).

"§" is a section of ``shared/rules/magewars.md``.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from engine.core.errors import IllegalAction
from engine.magewars.state import clone

JSON = dict[str, Any]
KINDS = ("defend", "counterstrike", "window")
"""The pending questions this module asks."""
ANSWERS = ("Defend", "Counterstrike", "Counter", "Skip")
"""The actions answering them."""
PAUSABLE = ("Attack", "Cast", "Move", "Push", "Teleport")
"""Actions inside which the other player may be asked (a push or teleport chosen on its own may spring a trap)."""
HIDDEN = ("action", "answers", "tape", "private", "shown", "reveals", "held", "placed", "moved")
"""Parts of a pending question only the engine reads (``private``: only the asked seat)."""


class Pause(Exception):
    """An action stops at a question nobody has answered yet; ``events``: what the action did before it."""

    def __init__(self, question: JSON) -> None:
        super().__init__(question["type"])
        self.question = question
        self.events: list[JSON] = []

    def after(self, events: list[JSON]) -> "Pause":
        """Put the events a calling frame made before its call first: each frame on the way out adds its own,
        so ``events`` ends as the action's events so far, in order (published when the action stops)."""
        self.events[:0] = events
        return self


@contextmanager
def after(events: list[JSON]) -> Any:
    """Run a step of an action that may stop at a question after ``events`` (what the caller did before it, the
    same list object whatever the caller adds later): stopped, they are published first (:meth:`Pause.after`)."""
    try:
        yield
    except Pause as pause:
        raise pause.after(events)


MOVED_EVENTS = ("Moved", "Pushed", "Teleported")


class _Asker:
    """The answers given so far to one action's questions, handed out in order."""

    def __init__(self, answers: list[JSON], reveals: list[JSON], moved: list[str] = ()) -> None:
        self.answers = list(answers)
        self.reveals = list(reveals)
        self.moved = set(moved)
        self.asked = 0
        self.opened: set[tuple[str, str]] = set()

    def ask(self, state: JSON, question: JSON) -> JSON:
        if self.asked < len(self.answers):
            _show(state, [r for r in self.reveals if r["at"] == self.asked])  # revealed while this one waited
            self.asked += 1
            return self.answers[self.asked - 1]
        raise Pause(question)


def _show(state: JSON, reveals: list[JSON], face_down: bool = False) -> None:
    """Enchantments revealed while a question of the action waited (§9.7: "revealing is not retroactive"): kept
    face down in the rerun up to that question, face up from its answer on."""
    for r in reveals:
        if r["object"] in state["objects"]:
            state["objects"][r["object"]]["face_down"] = face_down


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


def defend(state: JSON, defender: str, options: list[JSON], blocks: list[JSON], strike: int,
           backs: bool = False) -> JSON | None:
    """The avoid step (§10.3 step 4): the defender's ``Defend`` answer, or None when nobody is asked (outside
    :func:`run`, or no usable defense and no face-down enchantment of its controller on it). ``backs``: the
    defender carries a face-down enchantment of its controller. Its card backs are public, its names are not
    (§9): asked whenever one is there, a Block or not, the question looks the same to the others, and only the
    asked seat sees the Block choice (``private``); asked only when a Block was there, the pause would tell it."""
    asker = _ASKER.get()
    seat = _controller(state, defender)
    if asker is None or seat is None:
        return None
    block = next((b for b in blocks if _pool(state, seat) >= b["reveal_cost"]), None)
    if not options and block is None and not backs:
        return None
    return asker.ask(state, {"type": "defend", "seat": seat, "object": defender, "strike": strike,
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
    return asker.ask(state, {"type": "counterstrike", "seat": seat, "object": defender,
                             "attacks": [{"index": b["index"], "name": b["name"], "dice": b["dice"]} for b in options],
                             "private": {}})


def window(state: JSON, acting: str, target: Any, timing: str, counters: list[JSON] = (),
           attack: str | None = None, *, seat: str | None = None, strike: int | None = None) -> JSON | None:
    """A reveal window for the controller of ``target`` (or ``seat``) when another seat acts on it (``timing``:
    "attack", "spell", "trap", "strike": before an attack's next strike, ``strike`` its number, or "move":
    after a creature entered a zone); ``counters`` are the face-down enchantments that must be revealed now
    (``{object, card, cost}``); ``attack``: the name of the attack declared (a counterstrike's is not the
    action's own). Returns the answer (``Skip`` or ``Counter``), or None when no window opens (no other
    player's object, the same window already opened in this action, or outside :func:`run`)."""
    asker = _ASKER.get()
    seat = seat or (_controller(state, target) if isinstance(target, str) else None)
    # an attack spell's attack opens no second window on its target; each strike and move has its own
    key = (seat, target) if timing in ("attack", "spell") else (seat, target, timing, strike)
    if asker is None or seat is None or seat == acting or key in asker.opened:
        return None
    asker.opened.add(key)
    question = {"type": "window", "seat": seat, "object": target, "timing": timing,
                **({"attack": attack} if attack else {}), **({"strike": strike} if strike else {})}
    answer = asker.ask(state, {**question, "private": {"counters": [dict(c) for c in counters]}})
    if answer["type"] != "Counter":
        return answer
    # several mandatory enchantments triggered at once (Nullify and Reverse Magic on one target): their holder
    # reveals them one at a time, in the order it chooses, each resolved before the next (§9.7 "simultaneous
    # reveals", "several traps ... their controller chooses the order"); one paid answers the trigger
    decided = [answer]
    rest = [dict(c) for c in counters if c["object"] != answer["enchantment"]]
    while rest and not decided[-1]["pay"]:
        decided.append(asker.ask(state, {**question, "private": {"counters": rest}}))
        rest = [c for c in rest if c["object"] != decided[-1]["enchantment"]]
    return {**answer, "decided": [[a["enchantment"], a["pay"]] for a in decided]}


def moved_meanwhile(oid: str) -> bool:
    """Whether ``oid`` was moved, pushed or teleported while a question of the action under way waited."""
    asker = _ASKER.get()
    return asker is not None and oid in asker.moved


def moved(state: JSON, acting: str, creature: str) -> None:
    """The end of a move action (§7.3 step 6): "after a creature enters a zone, but before it can attack" each
    other player may reveal (seed l.627, Hallowed Ground), whatever it holds."""
    for seat in state["seats"]:
        window(state, acting, creature, "move", seat=seat)


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
    counters = [c for c in question["private"]["counters"] if state["objects"].get(c["object"], {}).get("face_down")]
    if not counters:
        return [{"type": "Skip"}]
    # mandatory: revealed now, paid or not (§9.7); several at once: their holder chooses which first
    return [{"type": "Counter", "enchantment": c["object"], "pay": p} for c in counters
            for p in ([True, False] if _pool(state, question["seat"]) >= c["cost"] else [False])]


def answered_by(question: JSON | None, seat: str) -> set[str]:
    """The face-down enchantments the question lets ``seat`` reveal in its answer (a Counter, a paid Block): not
    offered as a free Reveal meanwhile (revealed out of its trigger, a mandatory one would be destroyed)."""
    if question is None or question.get("seat") != seat:
        return set()
    private = question.get("private") or {}
    out = {c["object"] for c in private.get("counters") or []}
    if private.get("block"):
        out.add(private["block"]["object"])
    return out


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
    ``pending``. A ``Reveal`` while a question waits is noted in it: the rerun applies it from there on."""
    if not before.get("windows", True) or action["type"] not in PAUSABLE:
        waiting = asking(before)
        events = apply(new, seat, action, rng)
        _note_moved(new, events)
        if waiting is not None and action["type"] == "Reveal" and asking(new) is not None:
            asking(new).setdefault("reveals", []).append({"object": action["enchantment"],
                                                          "at": len(waiting["answers"])})
            # a choice the reveal offers (Divine Intervention's teleport) is made before the action goes on:
            # each enchantment resolves at the moment it is revealed (§9.7)
            new["pending"] = new["pending"][1:] + new["pending"][:1]
        return new, events, False
    new, events, paused = _attempt(before, seat, action, rng, apply, {"answers": [], "tape": []})
    if not paused:
        _note_moved(new, events)
    return new, events, paused


def _note_moved(state: JSON, events: list[JSON]) -> None:
    """What moved while a question waits (a push or teleport chosen meanwhile): noted in it, for §9.2 step 4."""
    question = next((q for q in state.get("pending") or [] if q["type"] in KINDS), None)
    shifted = [e["object"] for e in events if e.get("type") in MOVED_EVENTS]
    if question is not None and shifted:
        question["moved"] = sorted(set(question.get("moved", [])) | set(shifted))


def _attempt(before: JSON, seat: str, action: JSON, rng: Any, apply: Any,
             so_far: JSON) -> tuple[JSON, list[JSON], bool]:
    """Run the action with the answers given ``so_far`` (and its tape, its reveals meanwhile, the count of its
    events already published). Paused, only the events not yet published are returned."""
    new = clone(before)
    reveals, shown = so_far.get("reveals", []), so_far.get("shown", 0)
    _show(new, reveals, face_down=True)
    asker, rolls = _Asker(so_far["answers"], reveals, so_far.get("moved", [])), _Tape(rng, so_far["tape"])
    token = _ASKER.set(asker)
    try:
        events = apply(new, seat, action, rolls)
    except Pause as pause:
        paused = clone(before)
        held = _held(before, new)
        hold(paused, held, -1)
        placed = _placed(before, new)
        place(paused, placed, forward=True)
        question = {**pause.question, "by": seat, "declared": declared(before, action), "action": action,
                    "answers": so_far["answers"], "tape": rolls.played, "reveals": reveals,
                    "shown": len(pause.events), "held": held, "placed": placed, "moved": sorted(asker.moved)}
        paused.setdefault("pending", []).insert(0, question)
        asked = {k: v for k, v in public(question, None).items() if k != "type"}
        # the part of the action already resolved is published now (the defender sees the earlier strikes)
        return paused, pause.events[shown:] + [{"type": "ResponseAsked", "question": question["type"], **asked}], True
    finally:
        _ASKER.reset(token)
    _show(new, reveals)  # revealed all the same if the rerun went another way and never got there
    return new, events[shown:], False


def _held(before: JSON, during: JSON) -> dict[str, int]:
    """The mana the action paid up to its question (its costs, a Block's reveal...): each object's pool that went
    down, by how much."""
    out = {}
    for oid, obj in before["objects"].items():
        now = during["objects"].get(oid)
        if now is not None and int(now.get("mana", 0)) < int(obj.get("mana", 0)):
            out[oid] = int(obj.get("mana", 0)) - int(now.get("mana", 0))
    return out


def hold(state: JSON, held: dict[str, int], sign: int) -> None:
    """Take (``sign`` -1) or give back (+1) the mana an action paid before its question: while the question waits
    the state is as it will be after the action, its costs paid (issue 38: a Reveal offered then is paid from
    what is left); the rerun starts from the pools before the action and pays them again."""
    for oid, amount in held.items():
        if oid in state["objects"]:
            state["objects"][oid]["mana"] = int(state["objects"][oid].get("mana", 0)) + sign * amount


def _placed(before: JSON, during: JSON) -> dict[str, list[str]]:
    """Where the action put objects up to its question (a move's step 5, a push): each object's zone before and
    at the question, for those whose zone changed."""
    out = {}
    for oid, obj in before["objects"].items():
        now = during["objects"].get(oid)
        if now is not None and obj.get("zone") and now.get("zone") and now["zone"] != obj["zone"]:
            out[oid] = [obj["zone"], now["zone"]]
    return out


def place(state: JSON, placed: dict[str, list[str]], forward: bool) -> None:
    """Put (``forward``) or take back the objects the action moved before its question: while the question waits
    the state shows them where the published events put them (§7.3: the creature is in its new zone at step 5,
    before the entering effects of step 6 ask anyone); the rerun starts from where they were before the action and
    moves them again. An object something else moved meanwhile (a teleport revealed) stays where that put it."""
    for oid, (start, end) in placed.items():
        obj = state["objects"].get(oid)
        if obj is not None and obj.get("zone") == (start if forward else end):
            obj["zone"] = end if forward else start


def declared(state: JSON, action: JSON) -> JSON:
    """What the interrupted action shows everyone (§10.3 step 1, §9.2 step 1: the attack and the spell are
    announced): the attacker, its attack and target; the caster, its target, and the spell unless it is an
    enchantment cast face down; the creature moving and where to (§7.3 step 1); a push's or teleport's choice."""
    if action["type"] == "Attack":
        return {"attacker": (state.get("activation") or {}).get("object"), "attack": action["attack"],
                "target": action["target"]}
    if action["type"] == "Move":
        return {"creature": (state.get("activation") or {}).get("object"), "to": action["to"]}
    if action["type"] in ("Push", "Teleport"):  # the choice is public (§7.6)
        return {k: v for k, v in action.items() if k != "type"}
    from engine.magewars.cards import card, has_card
    from engine.magewars.pack import CardType
    from engine.magewars.abilities import is_restore
    hidden = has_card(action["spell"]) and card(action["spell"]).type == CardType.ENCHANTMENT \
        and not is_restore(action)
    return {"caster": action["caster"], "target": action.get("target") or action.get("zone"),
            "spell": None if hidden else action["spell"]}


def answer(state: JSON, seat: str, action: JSON, rng: Any, apply: Any, lose: Any) -> tuple[JSON, list[JSON], bool]:
    """Answer the question first in ``pending`` and run the interrupted action again with it. If the action
    is no longer legal (a reveal meanwhile moved its target, §10.3 step 1), it is cancelled, and the action
    is lost (seed l.737, l.471: "perderás la acción"): ``lose(state, seat, action, question, rng)`` spends
    it and returns its events."""
    before = clone(state)
    question = before["pending"].pop(0)
    if not before["pending"]:
        before.pop("pending")
    hold(before, question.get("held", {}), +1)  # the rerun pays the action's costs again
    place(before, question.get("placed", {}), forward=False)  # and moves what it moved again
    answered = [{"type": "ResponseGiven", "seat": seat, "question": question["type"], "object": question["object"],
                 "declared": question["declared"],  # the action resumed: its earlier part was published before
                 **({"defense": action.get("defense")} if action["type"] == "Defend" else {})}]
    try:
        new, events, paused = _attempt(before, question["by"], question["action"], rng, apply,
                                       {**question, "answers": question["answers"] + [action]})
    except IllegalAction:
        # no longer legal (a reveal meanwhile): cancelled by the rules, the costs it paid stay paid (``lose`` may
        # give back what the book gives back)
        hold(before, question.get("held", {}), -1)
        cancelled = [{"type": "ActionCancelled", "seat": question["by"], "object": question["object"]}]
        return before, answered + cancelled + lose(before, question["by"], question["action"], question, rng), False
    return new, answered + events, paused
