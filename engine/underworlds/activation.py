"""The activation step (§13.3): Move, Charge, Attack, Guard, Stun, Barge, card actions, Venture, Plan, Pass.

``legal_activations`` lists every concrete activation (each Move destination, each Attack target with
each attack); ``activate`` checks one (``check_*`` raise ``IllegalAction``) and applies it. Super-actions
(Charge, Barge) run as frames: the Move first, its reaction step, then the second action. Markers:
Move gives a Move marker, a Charge's Move a Charge marker (§15, §17.1); a fighter with a Charge marker
can't be activated unless every surviving friendly fighter has one, and then makes no Move or
super-action (§13.3).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from engine.core.errors import IllegalAction
from engine.underworlds import card_hooks, combat, effects, rules
from engine.underworlds.actions import (
    Action, Attack, Barge, Charge, DiscardObjective, Guard, Move, Pass, Plan, Stun, UseCardAction, Venture,
)
from engine.underworlds.battlefield import HexType
from engine.underworlds.flow import (
    Ctx, bad_action, draw_cards, frame, note_action, open_window, pop, push, relocate, stagger,
)
from engine.underworlds.hexgrid import Hex, within
from engine.underworlds.state import FighterState, State

JSON = dict[str, Any]


# -- movement geometry (§15) ------------------------------------------------------------------------------

_LETHAL, _TRAP, _STEP = 1 << 16, 1 << 8, 1
"""A path's cost (lethal hexes, trap hexes, steps) as one integer: each count stays below 256."""


class MovePaths(Mapping[Hex, tuple[Hex, ...]]):
    """``move_paths``: the destinations in reading order, each path worked out on first asking. Listing the legal
    actions needs the destinations only (a plain sweep); the safest paths are for the Move actually made."""

    __slots__ = ("_to", "_sweep", "_found", "steps")

    def __init__(self, to: dict[Hex, str], sweep: tuple[Any, ...], found: dict[Hex, tuple[Hex, ...]],
                 steps: int) -> None:
        self._to = to  # each destination as actions write it
        self._sweep = sweep  # the inputs of _safest_path
        self._found = found  # the paths worked out so far, shared by the ``only`` views
        self.steps = steps
        """The most steps a path takes: no destination is further from the start."""

    def __getitem__(self, to: Hex) -> tuple[Hex, ...]:
        if to not in self._to:
            raise KeyError(to)
        path = self._found.get(to)
        if path is None:
            path = self._found[to] = _safest_path(*self._sweep, to)
        return path

    def __contains__(self, to: object) -> bool:
        return to in self._to

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._to)

    def __len__(self) -> int:
        return len(self._to)

    def written(self) -> Iterable[str]:
        """The destinations as actions write them (``"c4"``), in the same order."""
        return self._to.values()

    def among(self, hexes: frozenset[Hex]) -> set[Hex]:
        """The destinations that are in ``hexes``."""
        return self._to.keys() & hexes

    def only_in(self, hexes: set[Hex] | frozenset[Hex]) -> MovePaths:
        """``only`` the destinations in ``hexes``: the few kept put in reading order (their numbering's) rather
        than every destination tested."""
        to, number = self._to, self._sweep[1]
        kept = sorted(to.keys() & hexes, key=number.__getitem__)
        return MovePaths({h: to[h] for h in kept}, self._sweep, self._found, self.steps)

    def only(self, keep: Callable[[Hex], bool]) -> MovePaths:
        """The destinations ``keep`` accepts, in the same order, sharing the paths."""
        return MovePaths({h: text for h, text in self._to.items() if keep(h)}, self._sweep, self._found, self.steps)


Ground = tuple[tuple[Hex, ...], dict[Hex, int], tuple[tuple[int, ...], ...], frozenset[int], frozenset[int],
               tuple[str, ...], frozenset[int]]
"""``ground``: what every fighter's Move sweep in a position starts from."""
_NUMBERED: dict[int, tuple[tuple[Hex, ...], tuple[str, ...], frozenset[int]]] = {}
"""The battlefield's hexes as actions write them and its printed lethal hexes' numbers, by id of its ``graph``
numbering (kept so the id stays its own)."""
_REACHED: dict[tuple[int, frozenset[int], int, int, bool], tuple[tuple[Hex, ...], dict[Hex, str]]] = {}
"""``move_paths``' destinations by (id of the numbering, closed hexes, start, steps, flying), the numbering kept so
the id stays its own: the Move made asks again for what the legal actions just listed."""
_REACHED_KEPT = 256


def ground(st: State) -> Ground:
    """The battlefield's hexes numbered (``Battlefield.graph``: the sweeps meet the same hexes many times, and
    integers hash faster than hexes), the closed ones (blocked or occupied) and the trap ones, as numbers; and the
    hexes as actions write them."""
    bf = rules.battlefield(st)
    order, index, nbrs = bf.graph()
    # rules.blocked, its printed part numbered once per battlefield
    closed = bf.blocked_numbers() | {index[h] for h in rules.token_blocked(st) | st.occupied() if h in index}
    traps = frozenset(index[h] for h in rules.trap_hexes(st) if h in index)
    numbered = _NUMBERED.get(id(order))
    if numbered is None or numbered[0] is not order:
        numbered = _NUMBERED[id(order)] = (order, tuple(str(h) for h in order),
                                           frozenset(index[h] for h in bf.hexes_of(HexType.LETHAL)))
    return order, index, nbrs, closed, traps, numbered[1], numbered[2]


def move_paths(st: State, f: FighterState, steps: int | None = None, on: Ground | None = None) -> MovePaths:
    """Every legal Move destination with its safest path (fewest lethal, then trap hexes, then shortest), in
    reading order (as ``sorted`` gives hexes); ``on``: ``ground(st)`` when the caller has it already.

    Non-flyers step only into empty hexes; Flyers pass through blocked and occupied hexes but end in
    an empty one and take no lethal damage (§5). The start hex is never a destination.
    """
    assert f.hex is not None
    flyer = rules.is_flyer(st, f)
    steps = rules.move_value(st, f) if steps is None else steps
    order, index, nbrs, closed, traps, written, printed_lethal = ground(st) if on is None else on
    start = index[f.hex]
    key = (id(order), closed, start, steps, flyer)
    hit = _REACHED.get(key)
    if hit is not None and hit[0] is order:
        to = hit[1]
    else:
        to = _destinations(nbrs, closed, start, steps, flyer, order, written)
        if len(_REACHED) >= _REACHED_KEPT:
            _REACHED.clear()
        _REACHED[key] = (order, to)
    # What the paths depend on is read now: the state may change before a path is asked for.
    lethal: frozenset[int] = frozenset()
    if not flyer:  # rules.lethal_hexes, its printed part numbered once per battlefield
        extra = card_hooks.extra_lethal_hexes(st, f)
        lethal = printed_lethal | {index[h] for h in extra if h in index} if extra else printed_lethal
    return MovePaths(to, (order, index, nbrs, closed, start, steps, flyer, lethal, traps), {}, steps)


def _destinations(nbrs: tuple[tuple[int, ...], ...], closed: frozenset[int], start: int, steps: int, flyer: bool,
                  order: tuple[Hex, ...], written: tuple[str, ...]) -> dict[Hex, str]:
    """``move_paths``' destinations: every hex within ``steps`` (entering only open hexes, unless flying) that is
    open, in reading order, as actions write them. Each layer is the hexes next to the last one, less those reached
    (and, walking, the closed ones)."""
    reached, frontier = {start}, {start}
    for _ in range(steps):
        frontier = {h for here in frontier for h in nbrs[here]} - reached
        if not flyer:
            frontier -= closed
        reached |= frontier
    reached -= closed
    reached.discard(start)
    return {order[h]: written[h] for h in sorted(reached)}


def _safest_path(order: tuple[Hex, ...], index: dict[Hex, int], nbrs: tuple[tuple[int, ...], ...],
                 closed: frozenset[int], start: int, steps: int, flyer: bool, lethal_set: frozenset[int],
                 trap_set: frozenset[int], goal: Hex) -> tuple[Hex, ...]:
    """``move_paths``' path to ``goal``: the safest, ties to the first in reading order of its hexes."""
    to = index[goal]
    # Steps left to the goal from each hex (entering open hexes only, unless flying): a walker that could no
    # longer reach the goal in the steps left is not followed.
    left, frontier = {to: 0}, [to]
    for n in range(1, steps + 1):
        entered = []
        for here in frontier:
            for h in nbrs[here]:
                if h not in left and (flyer or h not in closed):
                    left[h] = n
                    entered.append(h)
        frontier = entered
    if flyer or (left.keys().isdisjoint(lethal_set) and left.keys().isdisjoint(trap_set)):
        return _first_shortest_path(order, nbrs, left, start)
    hazard = {h: ((_LETHAL if h in lethal_set else 0) + (_TRAP if h in trap_set else 0)) << 12
              for h in lethal_set | trap_set}  # what entering a hazardous hex adds to a walker's key
    # One breadth-first sweep, a layer per step. Each layer keeps, per hex, the best (cost, path) of that
    # many steps. A cost (lethal, trap, steps) is coded as one integer ordered the same way. Paths are
    # not built while sweeping: a path is its parent's path plus one hex, so comparing two paths of a
    # layer is comparing (parent's rank in the previous layer, hex number). Leaving out the walkers that
    # cannot reach the goal changes no rank's order among the others, nor any of their parents.
    layers: list[dict[int, tuple[int, int, int]]] = [{start: (0, 0, -1)}]  # hex -> (cost, rank, parent)
    best: tuple[int, int] | None = None  # the goal's (cost, layer)
    for step in range(1, steps + 1):
        keys: dict[int, int] = {}  # hex -> cost << 12 | parent's rank
        parents: dict[int, int] = {}
        seen, extra, far = keys.get, hazard.get, left.get  # the hottest loop of a path sweep: plain local look-ups
        for here, (cost, rank, _) in layers[-1].items():
            base = ((cost + _STEP) << 12) | rank
            for h in nbrs[here]:
                if (h in closed and not flyer) or far(h, steps + 1) > steps - step:
                    continue
                key = base if flyer else base + extra(h, 0)
                old = seen(h)
                if old is None or key < old:
                    keys[h] = key
                    parents[h] = here
        # Ranked by (parent's rank, hex number), sorted as one integer each (hex numbers stay below 4096).
        ranked = sorted(((key & 4095) << 12) | h for h, key in keys.items())
        layers.append({(code & 4095): (keys[code & 4095] >> 12, i, parents[code & 4095])
                       for i, code in enumerate(ranked)})
        if to in keys and to != start and to not in closed:
            cost = keys[to] >> 12
            if flyer:  # §35.7: a Flyer meets only the hex it ends in
                cost = (_TRAP if to in trap_set else 0) + step * _STEP
            if best is None or cost < best[0]:
                best = (cost, step)
    assert best is not None  # a destination of move_paths
    path: list[Hex] = []
    here = to
    for layer in range(best[1], 0, -1):
        path.append(order[here])
        here = layers[layer][here][2]
    return tuple(reversed(path))


def _first_shortest_path(order: tuple[Hex, ...], nbrs: tuple[tuple[int, ...], ...], left: dict[int, int],
                         start: int) -> tuple[Hex, ...]:
    """``_safest_path`` when no walker that can still reach the goal meets a hazardous hex (or it flies): every
    path then costs its steps, so the safest is the shortest one first in reading order, chosen hex by hex (the
    lowest-numbered next hex from which the goal is still that many steps away)."""
    here, path = start, []
    remaining = min(left[h] for h in nbrs[start] if h in left)  # the steps after the first
    while True:
        here = min(h for h in nbrs[here] if left.get(h) == remaining)
        path.append(order[here])
        if not remaining:
            return tuple(path)
        remaining -= 1


def check_path(st: State, f: FighterState, to: Hex, path: tuple[Hex, ...] | None,
               paths: Mapping[Hex, tuple[Hex, ...]] | None = None) -> tuple[Hex, ...]:
    """The path a Move takes: the given one checked, or the safest one (``paths``: ``move_paths`` if known).

    :raises IllegalAction: uw.move.no_route, uw.move.bad_path, uw.move.too_far
    """
    paths = move_paths(st, f) if paths is None else paths
    if to not in paths:
        raise IllegalAction("uw.move.no_route", fighter=f.name, hex=str(to), move=rules.move_value(st, f))
    if path is None:
        return paths[to]
    if not path or path[-1] != to:
        raise IllegalAction("uw.move.bad_path", fighter=f.name, hex=str(to))
    if len(path) > rules.move_value(st, f):
        raise IllegalAction("uw.move.too_far", fighter=f.name, move=rules.move_value(st, f))
    flyer = rules.is_flyer(st, f)
    bf, walls, occupied = rules.battlefield(st), rules.blocked(st), st.occupied()
    here = f.hex
    assert here is not None
    for h in path:
        if not here.is_adjacent(h) or h not in bf or (not flyer and (h in walls or h in occupied)):
            raise IllegalAction("uw.move.bad_path", fighter=f.name, hex=str(h))
        here = h
    return path


# -- who can do what --------------------------------------------------------------------------------------


def _own(st: State, seat: str, fighter_id: str) -> FighterState:
    f = st.find_fighter(fighter_id)
    if f is None or f.seat != seat:
        raise IllegalAction("uw.fighter.not_yours", fighter=fighter_id)
    if not f.on_battlefield:
        raise IllegalAction("uw.fighter.out_of_action", fighter=f.name)
    return f


def check_activate(st: State, seat: str, f: FighterState, *, moving: bool) -> None:
    """§13.3: the Charge-marker restriction on activating and on Move/super-actions.

    :raises IllegalAction: uw.activation.charged, uw.activation.charged_no_move
    """
    if f.charge:
        if not all(x.charge for x in st.surviving(seat)):
            raise IllegalAction("uw.activation.charged", fighter=f.name)
        if moving:
            raise IllegalAction("uw.activation.charged_no_move", fighter=f.name)


def charge_destinations(st: State, f: FighterState, paths: MovePaths | None = None,
                        profiles: list[JSON] | None = None, foes: list[FighterState] | None = None,
                        sees: Callable[[Hex, Hex], bool] | None = None) -> Mapping[Hex, tuple[Hex, ...]]:
    """Move destinations from which some attack has a target in range and visible (§17.1).

    ``paths`` is ``move_paths(st, f)``, ``profiles`` ``rules.attacks(st, f)``, ``foes`` ``st.enemies(f.seat)`` and
    ``sees`` ``rules.sight(st)`` when the caller has them already. The test is ``rules.attack_targets(st, f, profile,
    at=destination)`` being non-empty, with the enemies and the line-of-sight walls looked up once rather than per
    destination.
    """
    profiles = rules.attacks(st, f) if profiles is None else profiles
    enemies = [e.hex for e in (st.enemies(f.seat) if foes is None else foes) if e.hex is not None]
    if not profiles or not enemies:
        return {}
    sees = rules.sight(st) if sees is None else sees
    # Per (destination, enemy) the distance is counted once: some attack reaches the enemy when the distance is
    # within the longest Range of the attacks allowed there (Scything ones only next to the enemy, §35.22).
    far = max((p["range"] for p in profiles if not p["scything"]), default=-1)
    near = max(far, *(p["range"] for p in profiles))
    distance = rules.attack_distances(st, f)
    paths = move_paths(st, f) if paths is None else paths
    if distance is not Hex.distance:  # a card counts it (Powerhouse)
        def reaches(h: Hex) -> bool:
            for t in enemies:
                reach = near if near > far and h.is_adjacent(t) else far
                if distance(h, t) <= reach and sees(h, t):
                    return True
            return False
        return paths.only(reaches)
    # The plain distance: per enemy, only the destinations around it (``_zone``) are measured, each seen once it
    # reaches an enemy (the hottest loop of the legal actions: destinations times enemies before).
    radius = max(far, 1) if near >= 1 else far
    reaching: set[Hex] = set()
    for t in enemies:
        for h in paths.among(_zone(t, radius)) if radius >= 0 else ():
            d = h.distance(t)
            if h not in reaching and d <= (near if d == 1 else far) and sees(h, t):
                reaching.add(h)
    return paths.only_in(reaching) if reaching else {}


@lru_cache(maxsize=4096)
def _zone(centre: Hex, radius: int) -> frozenset[Hex]:
    """``within`` as a set (Charge destinations are met with each enemy's zone)."""
    return frozenset(within(centre, radius))


def stunnable(st: State, seat: str, foes: list[FighterState] | None = None) -> list[FighterState]:
    """Enemies of ``seat``'s fighters with no Stagger marker that can be staggered, wherever they stand (§17.3);
    ``foes``: ``st.enemies(seat)`` if known."""
    return [e for e in (st.enemies(seat) if foes is None else foes)
            if e.hex is not None and e.stagger == 0 and rules.can_be_staggered(st, e)]


def stun_targets(st: State, f: FighterState, at: Hex | None = None,
                 enemies: list[FighterState] | None = None) -> list[FighterState]:
    """Adjacent enemies with no Stagger marker that can be staggered (§17.3); ``enemies``: ``stunnable`` if known."""
    here = at or f.hex
    if here is None:
        return []
    enemies = stunnable(st, f.seat) if enemies is None else enemies
    return [e for e in enemies if e.hex is not None and e.hex.is_adjacent(here)]


def barge_destinations(st: State, f: FighterState, paths: MovePaths | None = None,
                       enemies: list[FighterState] | None = None) -> Mapping[Hex, tuple[Hex, ...]]:
    """Move destinations next to an enemy the barger could stun (§17.4); ``paths`` as for Charge, ``enemies`` as
    for ``stun_targets``."""
    if not rules.can_be_staggered(st, f):
        return {}
    targets = [e.hex for e in (stunnable(st, f.seat) if enemies is None else enemies) if e.hex is not None]
    if not targets:
        return {}
    bf = rules.battlefield(st)
    beside = {n for t in targets for n in bf.neighbours(t)}
    return (move_paths(st, f) if paths is None else paths).only_in(beside)


def attack_options(st: State, f: FighterState, profiles: list[JSON] | None = None,
                   foes: list[FighterState] | None = None, sees: Callable[[Hex, Hex], bool] | None = None
                   ) -> list[JSON]:
    """Every Attack (attack index, target) the fighter can make now; ``profiles``, ``foes`` and ``sees``:
    ``rules.attacks``, ``st.enemies(f.seat)`` and ``rules.sight`` if known."""
    out = []
    for i, profile in enumerate(rules.attacks(st, f) if profiles is None else profiles):
        for t in rules.attack_targets(st, f, profile, enemies=foes, sees=sees):
            out.append({"type": "Attack", "fighter": f.id, "attack": i, "target": t.id})
    return out


def _written(dests: Mapping[Hex, tuple[Hex, ...]]) -> Iterable[str]:
    return dests.written() if isinstance(dests, MovePaths) else [str(h) for h in dests]


def legal_activations(st: State, seat: str) -> list[JSON]:
    """Every activation ``seat`` may make, fighters in warband order, then player actions."""
    out: list[JSON] = []
    player = st.players[seat]
    # The same for each of the seat's fighters:
    foes, sees, on = st.enemies(seat), rules.sight(st), ground(st)
    enemies = stunnable(st, seat, foes)
    for f in st.surviving(seat):
        try:
            check_activate(st, seat, f, moving=False)
        except IllegalAction:
            continue
        may_move = not f.charge
        paths = move_paths(st, f, on=on) if may_move else {}  # in reading order, as are Charge's and Barge's picks
        profiles = rules.attacks(st, f)
        fid = f.id
        if may_move:
            out += [{"type": "Move", "fighter": fid, "to": to} for to in paths.written()]
            if not f.move:
                out += [{"type": "Charge", "fighter": fid, "to": to}
                        for to in _written(charge_destinations(st, f, paths, profiles, foes, sees))]
        out += attack_options(st, f, profiles, foes, sees)
        if not f.guard:
            out.append({"type": "Guard", "fighter": fid})
        out += [{"type": "Stun", "fighter": fid, "target": e.id} for e in stun_targets(st, f, enemies=enemies)]
        if may_move:
            out += [{"type": "Barge", "fighter": fid, "to": to}
                    for to in _written(barge_destinations(st, f, paths, enemies))]
        out += [{"type": "UseCardAction", "fighter": fid, "card": c} for c in f.upgrades if effects.is_card_action(c)
                and (not effects.card_action_moves(c) or paths)]  # a Move super-action needs somewhere to go
    if player.power_deck:
        out.append({"type": "Venture"})
    if player.objective_deck:
        out.append({"type": "Plan"})
    out.append({"type": "Pass"})
    return out


# -- applying an activation ------------------------------------------------------------------------------------


def _start(ctx: Ctx, fr: JSON, seat: str, f: FighterState | None) -> None:
    st = ctx.st
    st.players[seat].activations_left -= 1
    st.last_activation = seat
    fr["stage"] = "after_activation"
    fr["after_tags"], fr["after_ctx"] = [], {}
    if f is not None:
        f.activations += 1
        fr["after_ctx"] = {"fighter": f.id, "activations": f.activations}


def activate(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    """Check and apply one activation.

    :raises IllegalAction: uw.fighter.not_yours, uw.fighter.out_of_action, uw.activation.*, uw.move.*,
        uw.charge.*, uw.attack.*, uw.guard.*, uw.stun.*, uw.barge.*, uw.player_action.*
    """
    st = ctx.st
    if isinstance(action, Pass):
        _start(ctx, fr, seat, None)
        ctx.emit("ActivationPassed", player=seat)
        return
    if isinstance(action, Venture):
        if not st.players[seat].power_deck:
            raise IllegalAction("uw.player_action.power_deck_empty")
        _start(ctx, fr, seat, None)
        ctx.emit("Ventured", player=seat)
        draw_cards(ctx, seat, "power", 1)
        return
    if isinstance(action, Plan):
        if not st.players[seat].objective_deck:
            raise IllegalAction("uw.player_action.objective_deck_empty")
        _start(ctx, fr, seat, None)
        ctx.emit("Planned", player=seat)
        draw_cards(ctx, seat, "objective", 1)
        push(st, "plan", seat=seat)
        return
    if not isinstance(action, (Move, Charge, Attack, Guard, Stun, Barge, UseCardAction)):
        raise bad_action(action, "activation")
    f = _own(st, seat, action.fighter)
    moving = isinstance(action, (Move, Charge, Barge)) or (
        isinstance(action, UseCardAction) and effects.card_action_moves(action.card) > 0)
    check_activate(st, seat, f, moving=moving)
    if isinstance(action, Move):
        path = check_path(st, f, action.to, action.path)
        _start(ctx, fr, seat, f)
        do_move(ctx, f, path, marker="move")
        fr["after_tags"] = ["action", "move"]
    elif isinstance(action, Charge):
        if f.move:
            raise IllegalAction("uw.charge.has_move_token", fighter=f.name)
        paths = move_paths(st, f)
        if action.to not in charge_destinations(st, f, paths):
            raise IllegalAction("uw.charge.no_target_from_there", fighter=f.name, hex=str(action.to))
        path = check_path(st, f, action.to, action.path, paths)
        _start(ctx, fr, seat, f)
        start_charge(ctx, f, path)
        fr["after_ctx"]["superaction"] = "charge"
    elif isinstance(action, Attack):
        profile, target = combat.check_attack(st, f, action.attack, action.target)
        _start(ctx, fr, seat, f)
        combat.start_attack(ctx, f, profile, target, final=True)
    elif isinstance(action, Guard):
        if f.guard:
            raise IllegalAction("uw.guard.already_on_guard", fighter=f.name)
        _start(ctx, fr, seat, f)
        from engine.underworlds.flow import give_guard
        give_guard(ctx, f)
        note_action(st, f, "guard")
        fr["after_tags"] = ["action", "guard"]
    elif isinstance(action, Stun):
        target = _stun_target(st, f, action.target)
        _start(ctx, fr, seat, f)
        do_stun(ctx, f, target)
        fr["after_tags"] = ["action", "stun"]
        fr["after_ctx"]["target"] = target.id
    elif isinstance(action, Barge):
        paths = move_paths(st, f)
        if action.to not in barge_destinations(st, f, paths):
            raise IllegalAction("uw.barge.no_target_from_there", fighter=f.name, hex=str(action.to))
        path = check_path(st, f, action.to, action.path, paths)
        _start(ctx, fr, seat, f)
        do_move(ctx, f, path, marker="move")
        fr["after_ctx"]["superaction"] = "barge"
        push(st, "barge", fighter=f.id, seat=seat)
        open_window(ctx, ["action", "move"], {"fighter": f.id, "superaction": "barge"})
    else:
        assert isinstance(action, UseCardAction)
        if action.card not in f.upgrades or not effects.is_card_action(action.card):
            raise IllegalAction("uw.activation.no_such_card_action", fighter=f.name, card=action.card)
        _start(ctx, fr, seat, f)
        effects.use_card_action(ctx, f, action.card)
        note_action(st, f, "card_action")
        fr["after_tags"] = ["action", "card_action"]
    data = action.to_json()
    st.last_action = {"type": data["type"], "player": seat, **data}


def do_move(ctx: Ctx, f: FighterState, path: tuple[Hex, ...], *, marker: str) -> None:
    """Make a Move action along ``path``; then a Move marker, or a Charge marker for a Charge (§15, §17.1)."""
    st = ctx.st
    st.step_log.setdefault("moved", []).append(f.id)
    note_action(st, f, "move")
    relocate(ctx, f, list(path), how="move", flying=rules.is_flyer(st, f))
    if marker == "charge":
        f.charge += 1
    else:
        f.move += 1


def start_charge(ctx: Ctx, f: FighterState, path: tuple[Hex, ...]) -> None:
    """§17.1: remove Guard markers, Move (Charge marker), reaction step, then the attack."""
    f.guard = 0
    do_move(ctx, f, path, marker="charge")
    ctx.emit("FighterCharged", fighter=f.id, name=f.name, to=str(path[-1]))
    push(ctx.st, "charge", fighter=f.id, seat=f.seat)
    open_window(ctx, ["action", "move"], {"fighter": f.id, "superaction": "charge"})


def _stun_target(st: State, f: FighterState, target_id: str, at: Hex | None = None) -> FighterState:
    target = st.find_fighter(target_id)
    if target is None or not target.on_battlefield:
        raise IllegalAction("uw.stun.no_target", fighter=f.name, target=target_id)
    if target not in stun_targets(st, f, at):
        raise IllegalAction("uw.stun.bad_target", fighter=f.name, target=target.name)
    return target


def do_stun(ctx: Ctx, f: FighterState, target: FighterState) -> None:
    """§17.3: stagger the chosen adjacent enemy."""
    ctx.emit("FighterStunned", fighter=f.id, name=f.name, target=target.id)
    note_action(ctx.st, f, "stun")
    stagger(ctx, target, by=f.id)


# -- the second halves of super-actions and Plan ---------------------------------------------------------------


def _charge_run(ctx: Ctx, fr: JSON) -> bool:
    st = ctx.st
    f = st.fighter(fr["fighter"])
    if not f.on_battlefield or not attack_options(st, f):
        ctx.emit("ChargeAttackImpossible", fighter=f.id, name=f.name)
        pop(st, fr)
        return True
    return False


def _charge_act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    st = ctx.st
    if not isinstance(action, Attack) or action.fighter != fr["fighter"]:
        raise IllegalAction("uw.charge.attack_expected", fighter=st.fighter(fr["fighter"]).name)
    f = st.fighter(fr["fighter"])
    profile, target = combat.check_attack(st, f, action.attack, action.target)
    pop(st, fr)
    combat.start_attack(ctx, f, profile, target, final=True)
    st.last_action = {"player": seat, **action.to_json()}


frame("charge", run=_charge_run, awaiting=lambda st, fr: [fr["seat"]],
      legal=lambda st, fr, seat: attack_options(st, st.fighter(fr["fighter"])), act=_charge_act)


def _barge_run(ctx: Ctx, fr: JSON) -> bool:
    st = ctx.st
    f = st.fighter(fr["fighter"])
    if not f.on_battlefield or not stun_targets(st, f):
        ctx.emit("BargeStunImpossible", fighter=f.id, name=f.name)
        pop(st, fr)
        _barge_end(ctx, f, None)
        return True
    return False


def _barge_end(ctx: Ctx, f: FighterState, target: FighterState | None) -> None:
    """§17.4: the barger is staggered, which ends the super-action; its reaction step is the activation's."""
    if f.on_battlefield:
        stagger(ctx, f, by="barge")
    turn = next((x for x in reversed(ctx.st.stack) if x["kind"] == "turn"), None)
    if turn is not None:
        turn["after_tags"] = ["action", "stun"]
        if target is not None:
            turn["after_ctx"]["target"] = target.id


def _barge_act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    st = ctx.st
    f = st.fighter(fr["fighter"])
    if not isinstance(action, Stun) or action.fighter != f.id:
        raise IllegalAction("uw.barge.stun_expected", fighter=f.name)
    target = _stun_target(st, f, action.target)
    pop(st, fr)
    do_stun(ctx, f, target)
    _barge_end(ctx, f, target)


frame("barge", run=_barge_run, awaiting=lambda st, fr: [fr["seat"]],
      legal=lambda st, fr, seat: [{"type": "Stun", "fighter": fr["fighter"], "target": e.id}
                                  for e in stun_targets(st, st.fighter(fr["fighter"]))],
      act=_barge_act)


def _plan_act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    player = ctx.st.players[seat]
    if not isinstance(action, DiscardObjective):
        raise bad_action(action, "plan")
    if action.card not in player.objectives:
        raise IllegalAction("uw.objective.not_in_hand", card=action.card)
    player.objectives.remove(action.card)
    player.objective_discard.append(action.card)
    ctx.emit("ObjectiveDiscarded", player=seat, card=action.card, name=rules.card(action.card).name)
    pop(ctx.st, fr)


frame("plan", run=lambda ctx, fr: False if ctx.st.players[fr["seat"]].objectives else (pop(ctx.st, fr) or True),
      awaiting=lambda st, fr: [fr["seat"]],
      legal=lambda st, fr, seat: [{"type": "DiscardObjective", "card": c} for c in sorted(st.players[seat].objectives)],
      act=_plan_act)
