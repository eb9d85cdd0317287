"""Monsters (§27.2; seed 003 l.1488-1538): neutral units, enemies of every player, from the pack's ``monsters``.

A Monster is a unit of ``state["units"]`` (ids ``M1``..) whose ``side`` is ``"monster"`` (``monster: True``);
``state["monsters"][id]`` keeps its card: trophy, behaviour deck (face down: ``deck`` in order, ``discard``),
auction and the last winning bid. The rest of the engine treats it as any enemy unit (attacks, charges, sight,
dangerous terrain); objectives ignore it (``turns.score_objectives``), its defeat scores its trophy for the
defeating player (``combat.trophy``), and it always makes its opportunity attacks (``actions._leave_combat``).

Here: placing Monsters during setup (``PlaceMonster``, after the objectives, by the winner of an opposed roll,
then alternating, l.1494-1504), the behaviour deck (drawn before Score while the Monster has 1 fatigue or less,
and after a player's turn in which one of its units attacked the Monster at 2 fatigue or less, l.1520-1524;
cards resolved top to bottom, a failed condition skipping its action with no fatigue, l.1528; targets, l.1530),
and the auction (secret simultaneous bids, the highest bidder pays the VP and controls the Monster this round as
a Mercenary, l.1534-1536; a tie: nobody, A30). Decisions: ``MonsterTarget {"unit"}`` (the opposed roll's winner
picks among equal candidates) and ``Bid {"monster", "bid"}``.
"""
from __future__ import annotations

import math
from typing import Any

from engine.core.errors import IllegalAction, InvalidInput
from engine.core.rng import shuffled
from engine.dragonbond import actions, board, geometry, models
from engine.dragonbond.combat import resolve_attack
from engine.dragonbond.models import DEFAULT_BASE_MM, form
from engine.dragonbond.pack import BEHAVIOUR_DECK, DragonbondPack
from engine.dragonbond.powers import aimed, targets as power_targets, use
from engine.dragonbond.setup import _known, _profile, setup_document
from engine.dragonbond.state import JSON, Ctx, engaged, on_table, separate, unit, units
from engine.dragonbond.turns import HOOKS, check_game_end, finish_round, next_turn, opposed

MONSTER = "monster"
"""The ``side`` of an uncontrolled Monster (geometry's objectives ignore it too)."""
AWAKE = 1
"""Behaviour cards are drawn at the end of the round while the Monster has this much fatigue or less (l.1520)."""
PROVOKED = 2
"""Attacked with this much fatigue or less, the Monster draws a card after that turn (l.1524)."""
MAX_BID = 20
"""Bids offered (fatigue counters held in the hand, 1 VP each, l.1534); any whole number 0-99 is accepted."""
DECISIONS = ("monster_target", "auction")


# -- building and placing (setup) -----------------------------------------------------------------------------------

def monster_problem(pack: DragonbondPack, index: int) -> InvalidInput | None:
    """Why a Monster cannot be played (a value it needs is ``unknown``), or None."""
    try:
        _build(pack, index, "M0")
    except InvalidInput as exc:
        return exc
    return None


def playable(pack: DragonbondPack) -> list[str]:
    return [m.id for i, m in enumerate(pack.monsters) if monster_problem(pack, i) is None]


def _build(pack: DragonbondPack, index: int, uid: str) -> tuple[JSON, JSON]:
    m = pack.monsters[index]
    at = f"entries.monsters[{index}]"
    powers = {p.id: p for p in pack.powers}
    models = _known(m.models, f"{at}.models")
    base = DEFAULT_BASE_MM if m.base_mm == "unknown" else m.base_mm   # no base size in the rulebook: a ruling
    trophy = _known(m.trophy, f"{at}.trophy")
    for j, card in enumerate(m.behaviour):
        _known(card.target, f"{at}.behaviour[{j}].target")
        for k, act in enumerate(card.actions):
            _known(act.action, f"{at}.behaviour[{j}].actions[{k}].action")
            _known(act.condition, f"{at}.behaviour[{j}].actions[{k}].condition")
    u = {"id": uid, "code": uid, "side": MONSTER, "monster": True, "force_unit": None, "card": m.id, "name": m.name,
         "keywords": list(m.keywords), "points": 0, "models": models, "models_start": models, "base_mm": base,
         **_profile(m, at, powers, pack), "unique": True,
         "mercenary": False, "command_power": None, "injured": False, "injured_profile": None, "x": None, "y": None,
         "where": "undeployed", "wounds": 0, "fatigue": 0, "poison": 0, "slowed": 0, "immobilized": 0,
         "engaged_with": [], "activated": 0, "general": False, "hero": None, "commanding": None, "rider": None,
         "mounted_on": None, "bonded_with": None, "artifact": None, "treasures": [], "used": {}, "ultimates": []}
    form(u)
    card = {"card": m.id, "trophy": trophy, "behaviour_deck": m.behaviour_deck, "auction": m.auction,
            "cards": {c.id: c.model_dump(mode="json") for c in m.behaviour}, "deck": [], "discard": [],
            "controller": None, "last_bid": None, "objective": None}
    return u, card


def add_monsters(ctx: Ctx, ids: list[str]) -> None:
    """The chosen Monsters as units waiting to be placed, their behaviour decks shuffled (l.1518)."""
    st = ctx.state
    pack = setup_document(st).entries
    index = {m.id: i for i, m in enumerate(pack.monsters)}
    st["monsters"] = {}
    for n, mid in enumerate(ids, start=1):
        u, card = _build(pack, index[mid], f"M{n}")
        if card["behaviour_deck"]:
            card["deck"] = shuffled(ctx.rng, sorted(card["cards"]))
        st["units"][u["id"]] = u
        st["monsters"][u["id"]] = card


def spots(st: JSON, uid: str, n: int) -> list[tuple[float, float]]:
    """Where the Monster's token touches objective ``n`` (l.1504), toward the table's centre first."""
    u = unit(st, uid)
    obj = next(o for o in st["objectives"] if o["n"] == n)
    f = board.field(st)
    towards = math.atan2(f.height / 2 - obj["y"], f.width / 2 - obj["x"])
    out = []
    for k in range(8):
        a = towards + k * math.pi / 4
        at = (round(obj["x"] + math.cos(a) * (u["radius"] + 0.01), 2), round(obj["y"] + math.sin(a) * (u["radius"] + 0.01), 2))
        t = board.token(u, at=at)
        if geometry.check_move(t, at, 0.0, board.tokens(st), f).ok:
            out.append(at)
    return out


def _free_objectives(st: JSON, uid: str) -> list[int]:
    taken = {m["objective"] for m in st["monsters"].values()}
    return [o["n"] for o in st["objectives"] if o["n"] not in taken and spots(st, uid, o["n"])]


def place_step_open(ctx: Ctx) -> bool:
    """The setup step ``monsters``: True while a Monster waits to be placed (the caller stops there)."""
    st = ctx.state
    s = st["setup"]
    if "monsters" not in st:
        add_monsters(ctx, list(s.get("monsters") or []))
    left = [uid for uid in sorted(st["monsters"]) if unit(st, uid)["where"] == "undeployed"]
    for uid in left:
        if not _free_objectives(st, uid):       # no objective free: the card is discarded (l.1504)
            unit(st, uid)["where"] = "destroyed"
            ctx.emit("MonsterDiscarded", unit=uid)
    left = [uid for uid in left if unit(st, uid)["where"] == "undeployed"]
    if not left:
        return False
    if s.get("monster_turn") is None:
        s["monster_turn"] = opposed(ctx, "monster")
    if s.get("deployment") == "auto":
        while left:
            uid = left.pop(0)
            n = _free_objectives(st, uid)[0]
            _put(ctx, s["monster_turn"], uid, n)
        return False
    if s["step"] != "monsters":
        s["step"] = "monsters"
        ctx.emit("SetupStep", step="monsters", seats=[s["monster_turn"]])
    return True


def place_choices(st: JSON) -> list[JSON]:
    return [{"type": "PlaceMonster", "monster": uid, "objective": n}
            for uid in sorted(st["monsters"]) if unit(st, uid)["where"] == "undeployed"
            for n in _free_objectives(st, uid)]


def place(ctx: Ctx, seat: str, action: JSON) -> None:
    if {k: action.get(k) for k in ("type", "monster", "objective")} not in place_choices(ctx.state):
        raise IllegalAction("db.monster.bad_place", monster=str(action.get("monster")),
                            objective=str(action.get("objective")))
    _put(ctx, seat, action["monster"], int(action["objective"]))
    s = ctx.state["setup"]
    s["monster_turn"] = next(x for x in ctx.state["seats"] if x != seat)      # players alternate (l.1496)
    s["step"] = None


def _put(ctx: Ctx, seat: str, uid: str, n: int) -> None:
    st = ctx.state
    x, y = spots(st, uid, n)[0]
    unit(st, uid).update(where="battlefield", x=x, y=y)
    st["monsters"][uid]["objective"] = n
    ctx.emit("MonsterPlaced", unit=uid, objective=n, x=x, y=y, by=seat)


# -- behaviour deck -------------------------------------------------------------------------------------------------

def _wild(st: JSON) -> list[str]:
    """Monsters on the battlefield with a behaviour deck and no controller this round."""
    return [uid for uid, m in sorted(st.get("monsters", {}).items())
            if m["behaviour_deck"] and m["controller"] is None and unit(st, uid)["where"] == "battlefield"]


def _draw(ctx: Ctx, uid: str, reason: str, attacker: str | None = None) -> bool:
    """Draw and resolve one card; False when equal candidates wait for the opposed roll's winner to pick."""
    st = ctx.state
    m = st["monsters"][uid]
    if not m["deck"]:
        m["deck"], m["discard"] = shuffled(ctx.rng, sorted(m["discard"])), []
        ctx.emit("BehaviourShuffled", unit=uid)
    card = m["deck"].pop(0)
    m["discard"].append(card)
    ctx.emit("BehaviourDrawn", unit=uid, card=card, name=m["cards"][card]["name"], reason=reason)
    if attacker and on_table(st, unit(st, attacker)):
        target: str | None = attacker           # drawn because it was attacked: the attacker (l.1532)
    else:
        found = candidates(st, uid, m["cards"][card]["target"])
        if len(found) > 1:
            winner = opposed(ctx, "monster_target")
            st["pending_queue"].insert(0, {"seat": winner, "kind": "monster_target", "monster": uid, "card": card,
                                           "targets": found})
            ctx.emit("Decision", seat=winner, kind="monster_target")
            return False
        target = found[0] if found else None
    resolve_card(ctx, uid, card, target)
    return True


def candidates(st: JSON, uid: str, rule: str) -> list[str]:
    """The units a card's target rule picks, all equal; none fits: the nearest units, sight ignored (l.1530)."""
    me = unit(st, uid)
    pool = [u for u in units(st) if u["side"] != me["side"] and not u.get("monster")]
    if not pool:
        return []
    fits: list[JSON] = pool
    key: Any = lambda u: round(board.distance(st, me, u), 1)  # noqa: E731
    if rule == "nearest_in_sight":
        fits = [u for u in pool if board.can_see(st, me, u)]
    elif rule == "most_models":
        key = lambda u: -u["models"]  # noqa: E731
    elif rule == "most_points":
        key = lambda u: -u["points"]  # noqa: E731
    elif rule == "engaged":
        fits = [u for u in pool if u["id"] in me["engaged_with"]]
    if not fits:
        fits, key = pool, (lambda u: round(board.distance(st, me, u), 1))
    best = min(key(u) for u in fits)
    return [u["id"] for u in fits if key(u) == best]


def _holds(st: JSON, me: JSON, condition: str, target: JSON | None) -> bool:
    if condition == "not_engaged":
        return not engaged(me)
    if condition == "engaged":
        return engaged(me)
    if condition == "target_in_range":
        return target is not None and actions.is_ranged_target(st, me, target)
    if condition == "target_in_sight":
        return target is not None and board.can_see(st, me, target)
    return True


def resolve_card(ctx: Ctx, uid: str, card: str, target: str | None) -> None:
    """Each action top to bottom as a unit's action: 1 fatigue, then its effect; a failed condition skips it with
    no fatigue (l.1528). A Monster does not march away from a combat it is in (a ruling: its cards say when)."""
    st = ctx.state
    me = unit(st, uid)
    for n, act in enumerate(st["monsters"][uid]["cards"][card]["actions"]):
        if me["where"] != "battlefield" or st["phase"] == "over":
            return
        t = unit(st, target) if target and on_table(st, unit(st, target)) else None
        if not _holds(st, me, act["condition"], t):
            ctx.emit("BehaviourSkipped", unit=uid, card=card, action=n, condition=act["condition"])
            continue
        me["fatigue"] += 1
        ctx.emit("MonsterActs", unit=uid, card=card, action=n, kind=act["action"], target=target,
                 fatigue=me["fatigue"])
        _act(ctx, me, act, t)
        if check_game_end(ctx):
            return


def _act(ctx: Ctx, me: JSON, act: JSON, t: JSON | None) -> None:
    st = ctx.state
    kind = act["action"]
    if t is None:
        ctx.emit("NoTarget", unit=me["id"])
    elif kind == "march_toward" and not engaged(me):
        d = geometry.toward_destination(board.token(me), actions.allowance(me),
                                        board.tokens(st, exclude=(me["id"],)), t["id"], board.field(st))
        if d is None or models.stray_problem(st, me, d.point):
            ctx.emit("NoTarget", unit=me["id"])
            return
        start = [me["x"], me["y"]]
        me.update(x=round(d.point[0], 2), y=round(d.point[1], 2))
        ctx.emit("Moved", unit=me["id"], kind="march", **{"from": start}, to=[me["x"], me["y"]],
                 path=[start, [me["x"], me["y"]]], cost=d.cost, allowance=actions.allowance(me))
    elif kind == "charge" and not engaged(me) and me["immobilized"] == 0 and \
            actions.is_charge_target(st, me, t):
        actions.charge_move(ctx, me, t)
    elif kind == "attack" and actions.melee_targets(st, me):
        foes = actions.melee_targets(st, me)
        resolve_attack(ctx, me["id"], t["id"] if t["id"] in foes else foes[0], "melee")
    elif kind == "shoot" and actions.is_ranged_target(st, me, t):
        resolve_attack(ctx, me["id"], t["id"], "ranged")
    elif kind == "power" and act.get("power"):
        pid = act["power"]
        entry = st["cards"]["powers"].get(pid) or {}
        if aimed(entry) and t["id"] not in power_targets(st, me, pid):
            ctx.emit("NoTarget", unit=me["id"])
        else:
            use(ctx, me["id"], pid, t["id"] if aimed(entry) else None, note="behaviour card")
    else:
        ctx.emit("NoTarget", unit=me["id"])


def before_score(ctx: Ctx) -> bool:
    """End of round, before Score: control bought at auction ends (this round only, l.1536); each wild Monster
    draws while it has 1 fatigue or less (l.1520), then its whole deck is reshuffled. A run of a whole deck's
    cards without fatigue stops the draws (every action skipped: a ruling, else it would never end)."""
    st = ctx.state
    for uid, m in sorted(st.get("monsters", {}).items()):
        if m["controller"] is not None:
            unit(st, uid)["side"] = MONSTER
            ctx.emit("MonsterFreed", unit=uid, seat=m["controller"])
            m["controller"] = None
    st["monster_resume"] = "round"
    for uid in _wild(st):
        idle = 0
        me = unit(st, uid)
        while me["where"] == "battlefield" and me["fatigue"] <= AWAKE and idle < BEHAVIOUR_DECK:
            before = me["fatigue"]
            if not _draw(ctx, uid, "round_end"):
                return False
            idle = idle + 1 if me["fatigue"] == before else 0
            if st["phase"] == "over":
                return False
    for uid in _wild(st):
        m = st["monsters"][uid]
        m["deck"], m["discard"] = shuffled(ctx.rng, sorted(m["cards"])), []
        ctx.emit("BehaviourShuffled", unit=uid)
    st.pop("monster_resume", None)
    return True


def after_turn(ctx: Ctx) -> bool:
    """After a player's turn: one card for each Monster its units attacked at 2 fatigue or less (l.1524)."""
    st = ctx.state
    attacked = st.get("monster_attacked") or {}
    st["monster_resume"] = "turn"
    while attacked:
        uid = sorted(attacked)[0]
        attacker = attacked.pop(uid)
        if uid in _wild(st) and not _draw(ctx, uid, "attacked", attacker):
            return False
        if st["phase"] == "over":
            return False
    st.pop("monster_attacked", None)
    st.pop("monster_resume", None)
    return True


# -- auction --------------------------------------------------------------------------------------------------------

def round_start(ctx: Ctx) -> bool:
    """Each round, a Monster whose card says so is auctioned: both players bid in secret (l.1534)."""
    st = ctx.state
    for uid, m in sorted(st.get("monsters", {}).items()):
        if m["auction"] and unit(st, uid)["where"] == "battlefield":
            st["pending_queue"].append({"seat": st["seats"][0], "kind": "auction", "monster": uid, "bids": {}})
            ctx.emit("AuctionOpened", unit=uid)
    return True


def redeal_bids(st: JSON, seat: str, rng: Any) -> None:
    """A secret bid not yet revealed is made again among the bids ``seat`` could make (§27.2)."""
    for p in st["pending_queue"]:
        if p["kind"] == "auction" and seat in p["bids"]:
            p["bids"][seat] = rng.randbelow(MAX_BID + 1)


def awaiting(st: JSON) -> list[str]:
    p = st["pending_queue"][0]
    if p["kind"] == "auction":
        return [s for s in st["seats"] if s not in p["bids"]]
    return [p["seat"]]


def legal(st: JSON, seat: str) -> list[JSON]:
    p = st["pending_queue"][0]
    if seat not in awaiting(st):
        return []
    if p["kind"] == "auction":
        return [{"type": "Bid", "monster": p["monster"], "bid": n} for n in range(MAX_BID + 1)]
    return [{"type": "MonsterTarget", "unit": t} for t in p["targets"]]


def act(ctx: Ctx, seat: str, action: JSON) -> None:
    st = ctx.state
    p = st["pending_queue"][0]
    if seat not in awaiting(st):
        raise IllegalAction("db.not_your_decision", name=", ".join(awaiting(st)), step=p["kind"])
    if p["kind"] == "auction":
        bid = action.get("bid")
        if action.get("type") != "Bid" or action.get("monster") != p["monster"] or type(bid) is not int \
                or not 0 <= bid <= MAX_BID:
            raise IllegalAction("db.monster.bad_bid", bid=str(bid))
        p["bids"][seat] = bid
        ctx.emit("BidPlaced", seat=seat, unit=p["monster"])
        ctx.emit("BidPlacedPrivately", seat=seat, unit=p["monster"], bid=bid, visible_to=[seat])
        if not awaiting(st):
            st["pending_queue"].pop(0)
            _auction(ctx, p["monster"], p["bids"])
        return
    if action not in legal(st, seat):
        raise IllegalAction("db.decision.illegal", kind=p["kind"], action=str(action.get("type")))
    st["pending_queue"].pop(0)
    # The choice is public: said even when no action of the card then reaches the target (all skipped).
    ctx.emit("MonsterTargetChosen", seat=seat, unit=p["monster"], target=action["unit"])
    resolve_card(ctx, p["monster"], p["card"], action["unit"])
    if st["phase"] == "over":
        return
    resume = st.get("monster_resume")
    if resume == "round" and before_score(ctx):
        finish_round(ctx)
    elif resume == "turn" and after_turn(ctx):
        next_turn(ctx)


def _auction(ctx: Ctx, uid: str, bids: dict[str, int]) -> None:
    """Bids revealed: the highest pays its VP (negative totals allowed) and controls the Monster this round as a
    Mercenary (l.1536); equal bids: nobody controls it, nobody pays (A30)."""
    st = ctx.state
    ctx.emit("BidsRevealed", unit=uid, bids=dict(bids))
    best = max(bids.values())
    winners = [s for s, b in bids.items() if b == best]
    if len(winners) > 1:
        ctx.emit("AuctionTied", unit=uid, bid=best)
        return
    seat = winners[0]
    m = st["monsters"][uid]
    if best:
        st["vp"][seat] -= best
        ctx.emit("VictoryPoints", seat=seat, delta=-best, reason="auction", total=st["vp"][seat], unit=uid)
    m["controller"], m["last_bid"] = seat, best
    me = unit(st, uid)
    me["side"] = seat
    for other in list(me["engaged_with"]):     # its new allies are no longer its enemies (a ruling)
        if unit(st, other)["side"] == seat:
            separate(ctx, uid, other)
    ctx.emit("MonsterControlled", unit=uid, seat=seat, bid=best)


def view(st: JSON) -> JSON:
    """What the table shows of each Monster: its card, the number of cards left face down, the discards."""
    return {uid: {"card": m["card"], "trophy": m["trophy"], "behaviour_deck": m["behaviour_deck"],
                  "auction": m["auction"], "deck": len(m["deck"]), "discard": list(m["discard"]),
                  "controller": m["controller"], "last_bid": m["last_bid"], "objective": m["objective"]}
            for uid, m in sorted(st.get("monsters", {}).items())}


HOOKS["before_score"].append(before_score)
HOOKS["after_turn"].append(after_turn)
HOOKS["round_start"].append(round_start)
