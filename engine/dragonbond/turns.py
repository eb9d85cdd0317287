"""Rounds, initiative, turns, activations, end of round and end of game (§6, §12, §14, §24.2, §26).

The core loop of §6.6 as steps on a JSON state: ``start_battle`` rolls the first initiative; each turn the
active seat passes or activates one unit (+1 fatigue, poison first, the action, Slowed/Immobilized markers
off); ``end_turn`` hands the turn over (or not, if the other has passed) and ends the round when both have
passed: score, lose 2 fatigue and some status markers, roll initiative, or end the game after the last round.
Open decisions (opportunity attacks, dangerous terrain...) wait in ``state["pending_queue"]``.
"""
from __future__ import annotations

from collections.abc import Callable

from engine.core.system import Outcome
from engine.dragonbond import board, effects, geometry, models
from engine.dragonbond.combat import defence_shifts, destroy, poison, score, take_wounds
from engine.dragonbond.dice import Colour, Kind, OPPOSED_DICE, opposed_roll, roll
from engine.dragonbond.state import (
    EXHAUSTED, JSON, ROUND_FATIGUE_LOSS, STATES, Ctx, model_count, carried_on_table, on_table, other, unit, units,
)

OBJECTIVE_VP = 10
"""Victory points per controlled objective per round (§26.1)."""
STATUS_CLEANUP_ORDER = ("poison", "immobilized", "slowed")
"""Which status markers a unit sheds first at the end of a round (the owner's choice, A33: worst first)."""


def opposed(ctx: Ctx, reason: str) -> str:
    """An opposed roll between the seats: 3 black dice each, most hits, then most criticals, else again (§3.5)."""
    seats = ctx.state["seats"]
    while True:
        a = roll(ctx.rng, Kind.ATTACK, Colour.BLACK, OPPOSED_DICE)
        b = roll(ctx.rng, Kind.ATTACK, Colour.BLACK, OPPOSED_DICE)
        won = opposed_roll(a, b)
        rolls = {seats[0]: [a.hits + a.crits, a.crits], seats[1]: [b.hits + b.crits, b.crits]}
        if won is not None:
            ctx.emit("OpposedRoll", reason=reason, rolls=rolls, winner=seats[won])
            return seats[won]
        ctx.emit("OpposedRoll", reason=reason, rolls=rolls, winner=None)


def initiative(ctx: Ctx) -> None:
    """The initiative roll: the winner takes the first turn and aims the dangerous terrain (§6.2, §24.2, A14)."""
    st = ctx.state
    winner = opposed(ctx, "initiative")
    st["initiative"] = st["active"] = winner
    ctx.emit("Initiative", seat=winner, round=st["round"])
    for piece in board.field(st).terrain:
        if "dangerous" not in piece.kinds or not piece.danger:
            continue
        inside, near = geometry.dangerous_targets(piece, board.tokens(st))
        if inside or near:
            st["pending_queue"].append({"seat": winner, "kind": "danger", "terrain": piece.id,
                                        "inside": [t.id for t in inside], "near": [t.id for t in near]})


def danger_attack(ctx: Ctx, terrain_id: str, uid: str, inside: bool) -> None:
    """Dangerous (X) terrain: a unit inside suffers a melee attack of X black dice, one within 6" a ranged
    attack of X gray dice; it defends normally (§24.2)."""
    st = ctx.state
    piece = board.field(st).piece(terrain_id)
    kind, colour = ("melee", Colour.BLACK) if inside else ("ranged", Colour.GRAY)
    r = roll(ctx.rng, Kind.ATTACK, colour, piece.danger)
    ctx.emit("AttackRolled", unit=None, terrain=terrain_id, target=uid, kind=kind, reason="dangerous_terrain",
             models=0, dice=piece.danger, colour=[colour.value], upgrades=0, downgrades=0, hits=r.hits,
             crits=r.crits, faces=[f.face for f in r.faces], uncertain=list(r.uncertain),
             rolled_colour=[colour.value])
    target = unit(st, uid)
    blocks = 0
    if r.hits:
        up, down = defence_shifts(st, target, kind, cover=False)
        d = roll(ctx.rng, Kind.DEFENCE, target["defence"], r.hits, upgrades=up, downgrades=down)
        blocks = d.blocks
        ctx.emit("DefenceRolled", unit=uid, dice=r.hits, colour=target["defence"],
                 rolled_colour=d.shift.colour.value, upgrades=up, downgrades=down, blocks=blocks,
                 faces=[f.face for f in d.faces], uncertain=list(d.uncertain))
    wounds = max(0, r.hits - blocks) + r.crits
    if wounds:
        take_wounds(ctx, uid, wounds, by=None, kind=kind)


def start_battle(ctx: Ctx) -> None:
    st = ctx.state
    st["phase"] = "battle"
    st["round"] = 1
    initiative(ctx)
    ctx.emit("RoundStarted", round=1, active=st["active"])
    run_hooks("round_start", ctx)


def can_activate(st: JSON, u: JSON) -> bool:
    """Not exhausted, on the battlefield or in reserve (§6.3 step 2, §25.6); a mounted Hero while its Mount is on
    the battlefield (§20.3): a Rider whose Mount is in reserve enters with it and acts once it is there."""
    if u["fatigue"] >= EXHAUSTED:
        return False
    if u["where"] == "reserve":
        return True
    return on_table(st, u)


def activatable(st: JSON, seat: str) -> list[JSON]:
    return [u for u in units(st, seat, where=None) if can_activate(st, u)]


def activate(ctx: Ctx, uid: str, *, free: bool = False) -> bool:
    """Place 1 fatigue, then start-of-activation effects, poison first (§6.3 steps 2-3). False: it died. ``free``:
    an effect's extra action, the same activation going on (no fatigue, no poison)."""
    st = ctx.state
    u = unit(st, uid)
    st["activation"] = {"unit": uid}
    if free:
        ctx.emit("Activated", unit=uid, fatigue=u["fatigue"], extra=True)
        return True
    u["fatigue"] += 1
    u["activated"] += 1
    ctx.emit("Activated", unit=uid, fatigue=u["fatigue"])
    if u["where"] != "reserve":
        poison(ctx, u)
    return u["where"] != "destroyed"


def end_activation(ctx: Ctx, uid: str) -> None:
    """End of activation: one Slowed and one Immobilized marker off (§6.3 step 6, §14); then the options that
    follow an activation (command, mount, the partner's activation, §19.2, §20.1, §20.5) or the turn ends."""
    from engine.dragonbond.links import after_activation_options
    st = ctx.state
    u = unit(st, uid)
    effects.drop_riders(st, uid)
    if u.get("extra_actions"):
        u["extra_actions"] -= 1
        if u["where"] == "battlefield" and can_activate(st, u):
            # An effect's extra action: the activation goes on (effects.py).
            if check_game_end(ctx):
                return
            st["prelude"] = {"units": [uid], "no_partner": True, "free": True}
            ctx.emit("ExtraAction", unit=uid)
            return
    for s in ("slowed", "immobilized"):
        if u[s] > 0 and u["where"] != "destroyed":
            u[s] -= 1
            ctx.emit("StateRemoved", unit=uid, state=s, reason="end_of_activation")
    effects.expire_activation(u)
    if check_game_end(ctx):
        return
    options = after_activation_options(st, uid) if u["where"] != "destroyed" else {}
    if options:
        st["pending_queue"].append({"seat": u["side"], "kind": "after", "unit": uid, **options})
        return
    end_turn(ctx)


HOOKS: dict[str, list[Callable[[Ctx], bool]]] = {"after_turn": [], "before_score": [], "round_start": []}
"""Steps other modules add to the round (Monsters, §27.2: ``engine.dragonbond.monsters`` registers its own): each
returns False when it opened a decision, and the caller then stops; answering it resumes the round."""


def run_hooks(name: str, ctx: Ctx) -> bool:
    return all(hook(ctx) for hook in HOOKS[name])


def end_turn(ctx: Ctx) -> None:
    """The opponent becomes active unless it has passed; both passed: the round ends (§6.1, §6.3)."""
    st = ctx.state
    st["activation"] = {}
    st["prelude"] = None
    st["turn"] += 1
    if check_game_end(ctx):
        return
    if run_hooks("after_turn", ctx):
        next_turn(ctx)


def next_turn(ctx: Ctx) -> None:
    st = ctx.state
    if check_game_end(ctx):
        return
    nxt = other(st, st["active"])
    if not st["passed"][nxt]:
        st["active"] = nxt
    elif st["passed"][st["active"]]:
        end_round(ctx)


def end_round(ctx: Ctx) -> None:
    """Score, lose fatigue (and status markers), then initiative or the end of the game (§6.4)."""
    st = ctx.state
    ctx.emit("RoundEnded", round=st["round"])
    if run_hooks("before_score", ctx):
        finish_round(ctx)


def finish_round(ctx: Ctx) -> None:
    st = ctx.state
    if check_game_end(ctx):
        return
    score_objectives(ctx)
    for u in units(st, where=None):
        if u["where"] == "destroyed":
            continue
        before = u["fatigue"]
        u["fatigue"] = max(0, before - ROUND_FATIGUE_LOSS)
        if before != u["fatigue"]:
            ctx.emit("FatigueLost", unit=u["id"], fatigue=u["fatigue"])
        sheds = 2 if before == 0 else 1 if before == 1 else 0
        for s in STATUS_CLEANUP_ORDER:
            while sheds and u[s] > 0:
                u[s] -= 1
                sheds -= 1
                ctx.emit("StateRemoved", unit=u["id"], state=s, reason="end_of_round")
        u["activated"] = 0
        effects.new_round(u)
    if st["round"] >= st["last_round"]:
        end_game(ctx, "rounds")
        return
    st["round"] += 1
    st["passed"] = {s: False for s in st["seats"]}
    initiative(ctx)
    ctx.emit("RoundStarted", round=st["round"], active=st["active"])
    run_hooks("round_start", ctx)


def score_objectives(ctx: Ctx) -> None:
    """Each objective goes to the side with more models within 3"; a tie keeps the last controller; 10 VP per
    objective controlled (§26.1, A27). Monsters and scenarios without objectives score nothing."""
    st = ctx.state
    if not st["scenario_rules"]["objectives"]:
        return
    models = {u["id"]: model_count(st, u) + (1 if u.get("rider") else 0) for u in units(st)}
    # Monsters never capture, not even one a player controls after an auction (§27.2; seed 003 l.1510, l.1536).
    tokens = [t for t in board.tokens(st) if not st["units"][t.id].get("monster")]
    held = geometry.objectives_held(tokens, board.field(st), models, on=lambda uid, at: on_objective(st, uid, at))
    for obj in st["objectives"]:
        seat = held.get(obj["n"])
        if seat is not None and seat != obj["controller"]:
            obj["controller"] = seat
            ctx.emit("ObjectiveCaptured", n=obj["n"], seat=seat)
    for seat in st["seats"]:
        count = sum(1 for o in st["objectives"] if o["controller"] == seat)
        score(ctx, seat, OBJECTIVE_VP * count, "objectives", objectives=count)


def on_objective(st: JSON, uid: str, at: tuple[float, float]) -> int:
    """Models of a unit within 3" of an objective (seed 003 l.1358: "miniaturas (no unidades)"): its own, a
    commanding Hero among them when any is (§19.2), a Rider on its Mount when the Mount's are (§20.3)."""
    u = st["units"][uid]
    n = models.near_point(u, at)
    return n + (1 if n and u.get("hero") else 0) + (1 if n and u.get("rider") else 0)


def sides_in_play(st: JSON) -> list[str]:
    """Seats with a unit on the battlefield (the Quest: or still to enter, A28)."""
    waiting = ("reserve",) if st["scenario"] == "quest" else ()
    return [s for s in st["seats"]
            if any(u["where"] in waiting or carried_on_table(st, u) for u in units(st, s, where=None))]


def check_game_end(ctx: Ctx) -> bool:
    """The game ends at once when only one player has units on the battlefield (§6.5; both gone: A36)."""
    st = ctx.state
    if st["phase"] == "over":
        return True
    if st["phase"] != "battle" or len(sides_in_play(st)) == 2:
        return False
    end_game(ctx, "wipeout")
    return True


def end_game(ctx: Ctx, reason: str) -> None:
    """Units still in reserve are destroyed (§6.5, §25.6, A12); then the scenario decides (§26)."""
    st = ctx.state
    st["pending_queue"] = []
    for u in units(st, where="reserve"):
        destroy(ctx, u["id"], by=None, kind="reserve")
    standing = sides_in_play(st)
    vp = st["vp"]
    a, b = st["seats"]
    if reason == "wipeout" and len(standing) == 1 and st["scenario"] != "quest":   # the Quest: most VP (l.1460)
        winner, why = standing[0], "wipeout"
    else:
        margin = st["scenario_rules"]["margin"]
        if margin is None:
            margin = st["size"] // 10
        diff = vp[a] - vp[b]
        winner = a if diff >= max(1, margin) else b if -diff >= max(1, margin) else None
        why = "points" if winner else "draw"
    st["phase"] = "over"
    st["outcome"] = {"winner": winner, "reason": why, "vp": dict(vp)}
    ctx.emit("GameOver", winner=winner, reason=why, vp=dict(vp))


def outcome(st: JSON) -> Outcome | None:
    if st["phase"] != "over":
        return None
    o = st["outcome"]
    return Outcome(o["winner"], o["reason"], {"vp": o["vp"]})
