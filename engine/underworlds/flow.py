"""The match driver: a stack of steps (frames), reaction steps and chains, damage, inspire and surge steps.

The state keeps a stack of JSON frames, innermost last: ``round`` > ``turn`` > ``power`` > ``window``...
``advance`` runs frames until one waits for a decision; ``awaiting`` says whose decision it is,
``legal`` lists it, ``act`` applies it. Each rule module registers its frame kinds here with
``@frame(kind)``. Reaction steps (§26) are ``window`` frames: they open only when a player has a
reaction usable in them, ask the player whose turn it is first, allow one reaction per player per
step, build a chain and resolve it first in, first out; a reaction played opens a secondary step for
reactions to reactions (§26.4). The cards in play are asked through ``card_hooks``: ``effects``, which
answers, deals damage and opens reaction steps through this module, so this module cannot import it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.core.dice import get_die, roll
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.underworlds import card_hooks, rules
from engine.underworlds.actions import Action, ChooseFirstToReact, DrawObjective, Loot, Pass, PlayReaction
from engine.underworlds.cards import ObjectiveCard, ScoreType
from engine.underworlds.feature_tokens import FeatureSide, place_token
from engine.underworlds.roll_offs import roll_off
from engine.underworlds.state import FighterState, State

JSON = dict[str, Any]


@dataclass
class Ctx:
    """One ``apply`` call: the state being changed, the random source, the events so far."""

    st: State
    rng: Rng
    events: list[JSON] = field(default_factory=list)

    def emit(self, type_: str, **fields: Any) -> JSON:
        """Record an event (past tense, ``{"type": ..., ...}``)."""
        event = {"type": type_}
        for k, v in fields.items():  # a loop: no second dict per event (hundreds a match)
            if v is not None:
                event[k] = v
        self.events.append(event)
        return event


@dataclass(frozen=True)
class FrameKind:
    """How one kind of frame runs, waits, lists and takes decisions."""

    run: Callable[[Ctx, JSON], bool]
    """Advance the frame; True if something changed (run again), False if it waits for a decision."""
    awaiting: Callable[[State, JSON], list[str]]
    """The seats whose decision the frame waits for."""
    legal: Callable[[State, JSON, str], list[JSON]]
    """Every decision ``seat`` may take now, concrete, in a stable order."""
    act: Callable[[Ctx, JSON, str, Action], None]
    """Check and apply one decision; raises IllegalAction."""


FRAMES: dict[str, FrameKind] = {}


def frame(kind: str, *, run: Callable[[Ctx, JSON], bool], awaiting: Callable[[State, JSON], list[str]],
          legal: Callable[[State, JSON, str], list[JSON]], act: Callable[[Ctx, JSON, str, Action], None]) -> None:
    """Register a frame kind."""
    FRAMES[kind] = FrameKind(run, awaiting, legal, act)


def push(st: State, kind: str, **data: Any) -> JSON:
    """Put a new step on top of the stack."""
    new = {"kind": kind, **data}
    st.stack.append(new)
    return new


def pop(st: State, frame_: JSON) -> None:
    """Remove a finished step (it must be on top)."""
    assert st.stack and st.stack[-1] is frame_, f"popping {frame_.get('kind')} which is not on top"
    st.stack.pop()


def advance(ctx: Ctx) -> None:
    """Run frames until a decision is needed or the match is over."""
    for _ in range(10_000):
        if ctx.st.phase == "over":
            return
        top = ctx.st.top()
        if top is None:
            return
        if not FRAMES[top["kind"]].run(ctx, top):
            return
    raise RuntimeError("the match driver did not settle")  # a bug, never a rule


def awaiting(st: State) -> list[str]:
    """Seats that must decide now."""
    top = st.top()
    if st.phase == "over" or top is None:
        return []
    return FRAMES[top["kind"]].awaiting(st, top)


def legal(st: State, seat: str) -> list[JSON]:
    """Every action ``seat`` may take now."""
    top = st.top()
    if st.phase == "over" or top is None or seat not in FRAMES[top["kind"]].awaiting(st, top):
        return []
    return FRAMES[top["kind"]].legal(st, top, seat)


def act(ctx: Ctx, seat: str, action: Action) -> None:
    """Apply a decision of ``seat`` to the innermost step, then run the match on.

    :raises IllegalAction: uw.turn.not_yours and the step's own codes
    """
    top = ctx.st.top()
    assert top is not None
    if seat not in FRAMES[top["kind"]].awaiting(ctx.st, top):
        waiting = FRAMES[top["kind"]].awaiting(ctx.st, top)
        raise IllegalAction("uw.turn.not_yours", name=", ".join(waiting) or "nobody", step=top["kind"])
    FRAMES[top["kind"]].act(ctx, top, seat, action)
    advance(ctx)


def bad_action(action: Action, step: str) -> IllegalAction:
    """The error for an action that does not fit the current step."""
    return IllegalAction("uw.turn.wrong_step", action=action.to_json()["type"], step=step)


# ---------------------------------------------------------------------------------------------
# Reaction steps (§26)


def reaction_order(st: State) -> list[str]:
    """Who is asked, in order: the player whose turn it is first, then the others in play order (§26.3; seed 000
    line 1646). Outside a turn, from the round's first player: with two players always (a ruling), with three or
    four until the roll-off winner chooses (``outside_turn_roll_off``)."""
    first = st.active or st.first_player or st.seats[0]
    return st.play_order(first)


def outside_turn_roll_off(ctx: Ctx, tags: list[str], wctx: JSON) -> str | None:
    """Three or four players, a reaction step outside any turn that more than one player can react in: they roll off
    and the winner chooses who goes first (seed 000 line 1646, "desempatad, y el ganador elige quién va primero");
    the winner, or None (no roll)."""
    st = ctx.st
    if st.active is not None or len(st.seats) == 2 or st.phase != "action":  # the end phase's are dropped
        return None
    if sum(1 for s in st.seats if reaction_options(st, s, tags, wctx)) < 2:
        return None
    return roll_off(ctx, "reaction step")


def reaction_options(st: State, seat: str, tags: list[str], wctx: JSON) -> list[JSON]:
    """Every reaction ``seat`` can use in a step with these tags, Loot included (§21); none after conceding."""
    if st.players[seat].conceded:
        return []
    out = card_hooks.reaction_options(st, seat, set(tags), wctx)
    if "out_of_action" in tags and wctx.get("attacker_seat") == seat and wctx.get("hex"):
        out += loot_options(st, wctx["hex"])
    return out


def loot_options(st: State, hex_text: str) -> list[JSON]:
    """Loot: an available feature token placed where the target was, either side up, the blocked side too: "ese jugador
    puede decidir qué cara del marcador de rasgo poner boca arriba" (seed 000 line 600; §21; ruling "Loot side")."""
    from engine.underworlds.hexgrid import Hex
    hex_ = Hex.parse(hex_text)
    out = []
    for token in st.feature_tokens:
        if token.hex is not None:
            continue
        for side in token.sides:
            try:
                place_token(rules.battlefield(st), st.feature_tokens, token.id, hex_, side, occupied=st.occupied())
            except IllegalAction:
                continue
            out.append({"type": "Loot", "token": token.id, "side": side.value})
    return out


def open_window(ctx: Ctx, tags: list[str], wctx: JSON | None = None) -> bool:
    """Open a reaction step if anyone can react in it; True when opened."""
    wctx = wctx or {}
    if not any(reaction_options(ctx.st, s, tags, wctx) for s in ctx.st.seats):
        return False
    chooser = outside_turn_roll_off(ctx, tags, wctx)
    push(ctx.st, "window", tags=tags, ctx=wctx, order=reaction_order(ctx.st), responded=[], played=[], chain=[],
         asked=_can_react(ctx.st, tags, wctx),
         **({"stage": "first", "chooser": chooser} if chooser else {"stage": "collect"}))
    ctx.emit("ReactionStepOpened", step=tags[0], tags=tags)
    return True


def _can_react(st: State, tags: list[str], wctx: JSON) -> list[str]:
    """The seats with a reaction usable now, in seating order: the ones a reaction step asks."""
    return [s for s in st.seats if reaction_options(st, s, tags, wctx)]


def _window_next(st: State, fr: JSON) -> str | None:
    """The next seat the step asks: one that could react when the step opened (or when the latest reaction was
    declared), whatever its hand holds now. Read live, who is asked would tell the others, every time the step waits,
    whether a player's hand holds a reaction for it; a player asked with none left passes."""
    asked = fr.get("asked")
    for seat in fr["order"]:
        if seat in fr["responded"] or seat in fr["played"]:
            continue
        if seat in asked if asked is not None else reaction_options(st, seat, fr["tags"], fr["ctx"]):
            return seat
    return None


def _window_run(ctx: Ctx, fr: JSON) -> bool:
    if fr["stage"] == "first":  # the roll-off winner chooses who goes first
        return False
    if fr["stage"] == "collect":
        if _window_next(ctx.st, fr) is not None:
            return False
        fr["stage"] = "resolve"
        return True
    if fr["chain"]:
        item = fr["chain"].pop(0)  # §26.3: first in, first out
        resolve_reaction(ctx, item, fr)
        return True
    pop(ctx.st, fr)
    return True


def _window_awaiting(st: State, fr: JSON) -> list[str]:
    if fr["stage"] == "first":
        return [fr["chooser"]]
    if fr["stage"] != "collect":
        return []
    seat = _window_next(st, fr)
    return [seat] if seat else []


def _window_legal(st: State, fr: JSON, seat: str) -> list[JSON]:
    if fr["stage"] == "first":
        return [{"type": "ChooseFirstToReact", "player": s} for s in st.in_play()]
    return [*reaction_options(st, seat, fr["tags"], fr["ctx"]), {"type": "Pass"}]


def _window_act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    st = ctx.st
    if fr["stage"] == "first":
        if not isinstance(action, ChooseFirstToReact):
            raise bad_action(action, "choose_first_to_react")
        if action.player not in st.in_play():
            raise IllegalAction("uw.setup.unknown_player", player=action.player, players=", ".join(st.in_play()))
        fr["order"], fr["stage"] = st.play_order(action.player), "collect"
        ctx.emit("FirstToReactChosen", player=action.player, by=seat, step=fr["tags"][0])
        return
    if isinstance(action, Pass):
        fr["responded"].append(seat)
        ctx.emit("ReactionDeclined", player=seat, step=fr["tags"][0])
        return
    if not isinstance(action, (PlayReaction, Loot)):
        raise bad_action(action, "reaction")
    options = reaction_options(st, seat, fr["tags"], fr["ctx"])
    if action.to_json() not in options:
        raise IllegalAction("uw.reaction.not_now", card=getattr(action, "card", None) or "Loot", step=fr["tags"][0])
    fr["played"].append(seat)
    fr["responded"] = []  # §26.3: the others may now add one reaction each
    if "asked" in fr:
        fr["asked"] = _can_react(st, fr["tags"], fr["ctx"])
    item = {"seat": seat, **action.to_json()}
    fr["chain"].append(item)
    if isinstance(action, PlayReaction):
        card_hooks.declare_reaction(ctx, seat, action.card, action.fighter)
    else:
        ctx.emit("ReactionDeclared", player=seat, card="loot", name="Loot")
    # §26.4: reactions to this reaction form a secondary chain, resolved before this chain goes on.
    open_window(ctx, ["reaction_played"], {"card": item.get("card"), "seat": seat})


def resolve_reaction(ctx: Ctx, item: JSON, fr: JSON) -> None:
    """Resolve one reaction of a chain, if the game still allows it (§26.3)."""
    st = ctx.st
    if item["type"] == "Loot":
        hex_ = fr["ctx"]["hex"]
        from engine.underworlds.hexgrid import Hex
        try:
            st.feature_tokens = list(place_token(rules.battlefield(st), st.feature_tokens, item["token"], Hex.parse(hex_),
                                                 FeatureSide(item["side"]), occupied=st.occupied()))
        except IllegalAction:
            ctx.emit("ReactionFizzled", player=item["seat"], card="loot")
            return
        ctx.emit("FeatureTokenPlaced", player=item["seat"], token=item["token"], hex=hex_, side=item["side"],
                 by="loot")
        return
    card_hooks.resolve_reaction(ctx, item["seat"], item["card"], item.get("fighter"), fr["tags"], fr["ctx"],
                                choices=item)


frame("window", run=_window_run, awaiting=_window_awaiting, legal=_window_legal, act=_window_act)


# ---------------------------------------------------------------------------------------------
# Damage and out of action (§18)


def deal_damage(ctx: Ctx, fighter: FighterState, amount: int, source: JSON) -> bool:
    """Inflict damage: wound tokens, then a reaction step, then the out-of-action check (§18.1).

    ``source`` is ``{"kind": "attack" | "lethal" | "card" | "backlash" | "referee", "seat", "fighter", "card"}``.
    Returns False when nothing was dealt (prevented, or the fighter is not on the battlefield).
    """
    st = ctx.st
    if not fighter.on_battlefield or amount <= 0:
        return False
    amount = card_hooks.prevent_damage(st, fighter, amount, source)
    if amount <= 0:
        ctx.emit("DamagePrevented", fighter=fighter.id, source=source.get("kind"))
        return False
    fighter.wounds += amount
    log = st.step_log
    log.setdefault("damaged", [])
    if fighter.id not in log["damaged"]:
        log["damaged"].append(fighter.id)
    if source.get("kind") == "card":
        log.setdefault("card_damage", []).append({"fighter": fighter.id, "seat": source.get("seat"),
                                                  "hex": str(fighter.hex), "card": source.get("card")})
    if source.get("kind") == "lethal":
        log.setdefault("lethal_damage", []).append(fighter.id)
    log.setdefault("damage_at", []).append({"fighter": fighter.id, "seat": fighter.seat, "hex": str(fighter.hex),
                                            "source": source.get("kind")})
    ctx.emit("FighterDamaged", fighter=fighter.id, name=fighter.name, amount=amount, wounds=fighter.wounds,
             source=source.get("kind"), by=source.get("fighter") or source.get("card"))
    card_hooks.after_damage(ctx, fighter)
    push(st, "damage", fighter=fighter.id, amount=amount, source=source, stage="window")
    open_window(ctx, ["damage"], {"fighter": fighter.id, "amount": amount, "source": source,
                                  "attacker": source.get("fighter")})
    return True


def _damage_run(ctx: Ctx, fr: JSON) -> bool:
    st = ctx.st
    f = st.fighter(fr["fighter"])
    if fr["stage"] == "window":
        fr["stage"] = "done"
        if f.on_battlefield and f.wounds >= rules.wounds(st, f):
            hex_ = str(f.hex)
            take_out_of_action(ctx, f, fr["source"])
            wctx = {"fighter": f.id, "hex": hex_, "source": fr["source"]}
            if fr["source"].get("kind") == "attack":
                wctx["attacker_seat"] = fr["source"].get("seat")
            open_window(ctx, ["out_of_action"], wctx)
        return True
    pop(st, fr)
    return True


frame("damage", run=_damage_run, awaiting=lambda st, fr: [], legal=lambda st, fr, s: [],
      act=lambda ctx, fr, s, a: None)


def note_action(st: State, f: FighterState, kind: str) -> None:
    """Log an action a fighter made (move, guard, attack, stun, card_action) in the step and phase logs."""
    st.phase_log.setdefault("actions", {}).setdefault(f.id, []).append(kind)
    acted = st.step_log.setdefault("acted", [])
    if f.id not in acted:
        acted.append(f.id)


def take_out_of_action(ctx: Ctx, f: FighterState, source: JSON) -> None:
    """Remove the fighter, clear its markers and tokens (not "removed"), give bounty (§18.4-18.5)."""
    st = ctx.st
    large = rules.is_large(st, f)
    markers = {"move": f.move, "charge": f.charge}
    hex_ = f.hex
    f.hex, f.out_of_action = None, True
    f.wounds = f.move = f.charge = f.guard = f.stagger = 0
    f.tokens = {}
    f.pending_inspire = False
    by = st.find_fighter(source.get("fighter") or "")
    st.step_log.setdefault("out_of_action", []).append(
        {"fighter": f.id, "seat": f.seat, "had_move_or_charge": bool(markers["move"] or markers["charge"]),
         "source": source, "hex": str(hex_), "by_inspired": by.inspired if by is not None else None})
    ctx.emit("FighterOutOfAction", fighter=f.id, name=f.name, hex=str(hex_), by=source.get("fighter")
             or source.get("card") or source.get("kind"))
    gainer = bounty_gainer(st.seats, f.seat, source)
    if gainer is not None:
        gain_glory(ctx, gainer, 2 if large else 1, "bounty", fighter=f.id)  # +1 if Large (§18.5)


def bounty_gainer(seats: list[str] | tuple[str, ...], fighter_seat: str, source: JSON) -> str | None:
    """Who gains the bounty for a fighter of ``fighter_seat`` taken out of action by ``source`` (§18.5).

    Two players (seed 000 line 936, glossary line 1942; digest §35 default 11): the opponent, whatever the cause:
    an attack, a card, a lethal hex it was driven back or pushed into, or walked into. Three or four players (seed
    line 1621, in the multiplayer chapter, which is why it does not apply to two): only the player whose warband
    took it out; nobody for damage no warband dealt (a lethal hex) or for one's own fighter."""
    if len(seats) == 2:
        return next(s for s in seats if s != fighter_seat)
    taker = source.get("seat")
    if source.get("kind") == "lethal" or taker is None or taker == fighter_seat:
        return None
    return taker


def gain_glory(ctx: Ctx, seat: str, amount: int, reason: str, **extra: Any) -> None:
    """Gain glory points (available)."""
    if amount <= 0:
        return
    player = ctx.st.players[seat]
    player.glory += amount
    ctx.emit("GloryGained", player=seat, amount=amount, reason=reason, total=player.total_glory, **extra)


# ---------------------------------------------------------------------------------------------
# Markers, pushes and hexes entered


def stagger(ctx: Ctx, f: FighterState, by: str | None = None) -> bool:
    """Give a Stagger marker; it removes all Guard markers (§16.2). False if it cannot be staggered."""
    if not rules.can_be_staggered(ctx.st, f):
        return False
    f.stagger += 1
    f.guard = 0
    ctx.st.step_log.setdefault("staggered", []).append(f.id)
    ctx.emit("FighterStaggered", fighter=f.id, name=f.name, by=by)
    return True


def magic_die_each(ctx: Ctx, seat: str, card_id: str, fighters: list[FighterState], damaging: str,
                   source: JSON) -> None:
    """Roll a magic dice for each fighter (cards such as Engulfing Swallow and Pulse of Hunger): on ``damaging``,
    deal it 1 damage; otherwise stagger it."""
    for f in fighters:
        face = roll(ctx.rng, get_die("underworlds", "magic"), 1)[0]
        ctx.emit("CardDiceRolled", player=seat, card=card_id, fighter=f.id, dice=[face])
        if face == damaging:
            deal_damage(ctx, f, 1, source)
        else:
            stagger(ctx, f, by=card_id)


def give_guard(ctx: Ctx, f: FighterState) -> None:
    """Give a Guard marker; it removes all Stagger markers (§16.1)."""
    f.guard += 1
    f.stagger = 0
    ctx.emit("FighterGuarded", fighter=f.id, name=f.name)


def relocate(ctx: Ctx, f: FighterState, path: list[Any], *, how: str, flying: bool = False,
             source: JSON | None = None) -> None:
    """Move a fighter along ``path`` (hexes entered, last = destination) and apply lethal and trap hexes.

    Each lethal hex entered deals 1 damage (not to a Flyer during a Move action); each trap hex entered
    staggers (a Flyer's only for the hex it ends in) (§8.2, §35.7). The damage of one move is dealt as one
    amount after the move, so it has one reaction step.
    """
    st = ctx.st
    start = f.hex
    lethal = 0
    trapped = False
    deadly = frozenset() if flying else rules.lethal_hexes(st, f)  # is_lethal of each hex, the set made once
    for i, hex_ in enumerate(path):
        last = i == len(path) - 1
        if flying and not last:
            continue
        if hex_ in deadly:
            lethal += 1
        if rules.is_trap(st, hex_):
            trapped = True
    f.hex = path[-1]
    ctx.emit("FighterMoved" if how == "move" else "FighterPushed", fighter=f.id, name=f.name,
             **{"from": str(start)}, to=str(f.hex), path=[str(h) for h in path], how=how)
    if trapped:
        stagger(ctx, f, by="trap hex")
    if lethal:
        card_hooks.note_lethal_damage(ctx)
        deal_damage(ctx, f, lethal, source or {"kind": "lethal"})


# ---------------------------------------------------------------------------------------------
# Inspire and surge steps (§3.1, §25.1)


def simultaneous_order(ctx: Ctx, why: str, seats: list[str], first: str) -> list[str]:
    """The order in which players whose abilities would resolve at the same time resolve them.

    Three or four players (seed 000 line 1640, "SECUENCIAS"): they roll off; the winner goes first, the others roll
    off again for second place, and so on (each roll logged); one player alone needs no roll. Two players: in play
    order from ``first`` (a ruling, as the engine has always done; ``docs/rulings/underworlds.md``)."""
    order = [s for s in ctx.st.play_order(first) if s in seats]
    if len(ctx.st.seats) == 2:
        return order
    ranked: list[str] = []
    while len(order) > 1:
        winner = roll_off(ctx, why, seats=order)
        ranked.append(winner)
        order.remove(winner)
    return ranked + order


def one_each(st: State, order: list[str], abilities: dict[str, list[Any]]) -> list[Any]:
    """Abilities in resolving order: with three or four players one each in ``order``, round and round until all
    are resolved (seed 000 line 1640); with two players each player's together, in ``order``."""
    if len(st.seats) == 2:
        return [a for seat in order for a in abilities.get(seat, [])]
    out: list[Any] = []
    queues = [list(abilities.get(seat, [])) for seat in order]
    while any(queues):
        out += [q.pop(0) for q in queues if q]
    return out


def inspire_step(ctx: Ctx, activated: str | None = None) -> None:
    """Inspire every fighter whose condition was met, the last activating player first (§3.1); with three or four
    players, in roll-off order, one fighter each (simultaneous abilities, seed 000 line 1640).

    Each fighter Inspired has its "inspired" reaction step, and then the step has its own "inspire_step" one
    (``activated``: the fighter whose activation this step follows, if any); it is opened first, so it runs last."""
    st = ctx.st
    first = st.last_activation or st.active or st.seats[0]
    due_by_seat: dict[str, list[FighterState]] = {}
    for seat in st.play_order(first):
        for f in st.surviving(seat):
            due = f.pending_inspire or (not f.inspired and card_hooks.inspire_condition_met(st, f))
            if f.pending_inspire:  # a model's attribute set costs more than one read
                f.pending_inspire = False
            if due and not f.inspired and f.on_battlefield and rules.card_of(st, f).inspired is not None:
                due_by_seat.setdefault(seat, []).append(f)
    order = simultaneous_order(ctx, "inspire step", list(due_by_seat), first)
    chosen: list[FighterState] = one_each(st, order, due_by_seat)
    if chosen:
        open_window(ctx, ["inspire_step"], {"activated": activated, "inspired": [f.id for f in chosen]})
    for f in chosen:
        inspire(ctx, f)


def inspire(ctx: Ctx, f: FighterState, by: str | None = None) -> bool:
    """Inspire a fighter (§3.1): flip its card, then an "inspired" reaction step; False if it can't be."""
    st = ctx.st
    if f.inspired or not f.on_battlefield or rules.card_of(st, f).inspired is None:
        return False
    f.inspired = True
    ctx.emit("FighterInspired", fighter=f.id, name=f.name, by=by)
    open_window(ctx, ["inspired"], {"fighter": f.id, "player": f.seat})
    return True


def uninspire(ctx: Ctx, f: FighterState, by: str | None = None) -> bool:
    """Un-Inspire a fighter, then an "uninspired" reaction step; False if it isn't Inspired or a card forbids it."""
    if not f.inspired or card_hooks.cannot_be_uninspired(ctx.st, f):
        return False
    f.inspired = False
    ctx.emit("FighterUninspired", fighter=f.id, name=f.name, by=by)
    open_window(ctx, ["uninspired"], {"fighter": f.id, "player": f.seat})
    return True


def surge_step(ctx: Ctx, moment: str) -> bool:
    """Score revealed surge objectives and those whose automated condition was met (§25.1).

    Each surge objective scored lets its player draw another objective card: a ``surge_draw`` step per such
    player (the first scorer's on top) waits for that choice. True when one was opened: the caller then
    returns and lets it run before going on."""
    st = ctx.st
    first = st.last_activation or st.active or st.seats[0]
    if len(st.seats) == 2:  # each player's in turn, from the last activating player (ruling)
        scoring: Iterable[tuple[str, str]] = ((seat, c) for seat in st.play_order(first)
                                              for c in _surge_revealed(ctx, seat, moment))
    else:  # simultaneous abilities: roll-off order, one objective each (seed 000 line 1640)
        due = {seat: [(seat, c) for c in _surge_revealed(ctx, seat, moment)] for seat in st.play_order(first)}
        due = {seat: cards for seat, cards in due.items() if cards}
        scoring = one_each(st, simultaneous_order(ctx, "surge step", list(due), first), due)
    draws: list[tuple[str, int]] = []
    for seat, card_id in scoring:
        glory = st.step_log.get("surge_glory", {}).get(card_id) or rules.card(card_id).glory
        st.players[seat].revealed.remove(card_id)
        score_objective(ctx, seat, card_id, glory)
        # §25.1 (seed line 1456, "puede robar"): the player *may* draw another objective card.
        if draws and draws[-1][0] == seat:
            draws[-1] = (seat, draws[-1][1] + 1)
        else:
            draws.append((seat, 1))
    st.step_log = {}
    offered = [(seat, n) for seat, n in draws if st.players[seat].objective_deck]
    for seat, n in reversed(offered):
        push(st, "surge_draw", seat=seat, left=n)
    return bool(offered)


def _surge_revealed(ctx: Ctx, seat: str, moment: str) -> list[str]:
    """Reveal the player's surge objectives whose automated condition is met now; every revealed one, to score."""
    player = ctx.st.players[seat]
    for card_id in list(player.objectives):
        c = rules.card(card_id)
        if not isinstance(c, ObjectiveCard) or c.score != ScoreType.SURGE:
            continue
        glory = card_hooks.objective_glory(ctx.st, seat, card_id, moment)
        if glory:
            player.revealed.append(card_id)
            player.objectives.remove(card_id)
            ctx.emit("ObjectiveRevealed", player=seat, card=card_id, name=c.name)
            ctx.st.step_log.setdefault("surge_glory", {})[card_id] = glory
    return list(player.revealed)


def _surge_draw_act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    if isinstance(action, Pass):
        ctx.emit("ObjectiveDrawDeclined", player=seat)
        fr["left"] = 0
    elif isinstance(action, DrawObjective):
        draw_cards(ctx, seat, "objective", 1)
        fr["left"] -= 1
    else:
        raise bad_action(action, "surge_draw")
    if fr["left"] <= 0 or not ctx.st.players[seat].objective_deck:
        pop(ctx.st, fr)


frame("surge_draw", run=lambda ctx, fr: False, awaiting=lambda st, fr: [fr["seat"]],
      legal=lambda st, fr, seat: [{"type": "DrawObjective"}, {"type": "Pass"}], act=_surge_draw_act)


def score_objective(ctx: Ctx, seat: str, card_id: str, glory: int) -> None:
    """Put an objective in the scored pile and gain its glory."""
    player = ctx.st.players[seat]
    if card_id in player.objectives:
        player.objectives.remove(card_id)
    player.scored.append(card_id)
    c = rules.card(card_id)
    ctx.emit("ObjectiveScored", player=seat, card=card_id, name=c.name, glory=glory, text=c.text_plain)
    gain_glory(ctx, seat, glory, "objective", card=card_id)


def draw_cards(ctx: Ctx, seat: str, deck: str, n: int) -> list[str]:
    """Draw ``n`` cards from the top of a deck; an empty deck is never refilled (§6.3)."""
    player = ctx.st.players[seat]
    pile = player.objective_deck if deck == "objective" else player.power_deck
    hand = player.objectives if deck == "objective" else player.power
    drawn = pile[:n]
    del pile[:len(drawn)]
    hand.extend(drawn)
    if drawn:
        ctx.emit("CardsDrawn", player=seat, deck=deck, count=len(drawn))
        ctx.emit("CardsDrawnPrivately", player=seat, deck=deck, cards=drawn, visible_to=[seat])
    return drawn
