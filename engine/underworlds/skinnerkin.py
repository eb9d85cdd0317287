"""The Skinnerkin power cards and Haunch counter objectives (46001-46032): plays, reactions, modifiers, conditions.

``effects`` asks this module for these cards as it asks ``brethren``, and registers ``OBJECTIVES``. Haunch
counters are each player's (``PlayerState.haunch``, public): the cards gain and discard them here
(``gain_haunch``, ``discard_haunch``); the warband rule that also gains them is in no source, so the players log it
with the referee action ``AdjustHaunch`` (``referee.py``). Get Out of My Larder! reads the *brawler* trait from the
fighter data or the referee's ``SetTrait`` (``traits.py``). Rulings: "Haunch counters and traits" in
``docs/rulings/underworlds.md``. Head Chef (46027) and Potential Courtier (46031) are ``effects``' (a card action and
an upgrade reaction) with their steps in ``choices``.
"""
from __future__ import annotations

from typing import Any

from engine.underworlds import flow, rules
from engine.underworlds.brethren import roll_magic
from engine.underworlds.cards import load_cards
from engine.underworlds.hexgrid import Hex
from engine.underworlds.state import FighterState, State
from engine.underworlds.traits import has_trait

JSON = dict[str, Any]

ATTACKED_FLANK, BACK_TO_THE_KITCHENS, HE_LIKES_IT_FRESH, ONE_FOR_YOU = "46001", "46002", "46003", "46005"
PLATED_BANQUET, SLAUGHTERHOUSE, THE_MAIN_COURSE = "46007", "46010", "46012"
ASPIRING_ARTISAN, GET_OUT_OF_MY_LARDER, QUICK_BITE, TASTE_TEST = "46013", "46014", "46017", "46019"
GREEDY_GREDDY, PRECISE_FILLET, SEASON_THE_MEAT, THAT_WAS_NASTY = "46015", "46016", "46018", "46020"
THE_KING_HUNGERS, UNFIT_FOR_A_KING = "46021", "46022"
AWFUL_CONNOISSEUR, GRUESOME_GOURMAND, LATCHING_ON = "46023", "46026", "46029"
MIDDEN_HEAP_SCAVENGER, PRACTISED_BUTCHER = "46030", "46032"

PLOYS = frozenset({GREEDY_GREDDY, SEASON_THE_MEAT, ASPIRING_ARTISAN, GET_OUT_OF_MY_LARDER, QUICK_BITE, TASTE_TEST,
                   THE_KING_HUNGERS, UNFIT_FOR_A_KING})
"""Ploys played in a power step."""
OWN_STEP = frozenset({GET_OUT_OF_MY_LARDER})
"""Ploys whose effect goes on in a step of its own (a Move action): their reaction step follows it."""
DECK = "the-skinnerkin-rivals"
"""The Rivals deck of this module's cards."""
AUTOMATED = frozenset({*PLOYS, PRECISE_FILLET, THAT_WAS_NASTY, AWFUL_CONNOISSEUR, GRUESOME_GOURMAND, LATCHING_ON,
                       MIDDEN_HEAP_SCAVENGER, PRACTISED_BUTCHER})
"""The power cards of this module whose whole effect the engine applies (Latching On's first part and Midden-heap
Scavenger's defence are ``effects``'); the objectives are ``OBJECTIVES``."""


def _on(st: State, seat: str) -> list[FighterState]:
    return [f for f in st.surviving(seat) if f.on_battlefield and f.hex is not None]


def _within(a: FighterState, b: FighterState | Hex, n: int) -> bool:
    other = b if isinstance(b, Hex) else b.hex
    return a.hex is not None and other is not None and a.hex.distance(other) <= n


# -- Haunch counters ------------------------------------------------------------------------------------------------


def gain_haunch(ctx: Any, seat: str, n: int, by: str) -> None:
    """``seat`` gains ``n`` Haunch counters (a card, or the referee for the warband rule); logged for the step."""
    if n <= 0:
        return
    player = ctx.st.players[seat]
    player.haunch += n
    ctx.st.step_log.setdefault("haunch_gained", []).append(seat)
    ctx.emit("HaunchGained", player=seat, amount=n, total=player.haunch, by=by)


def discard_haunch(ctx: Any, seat: str, n: int, by: str) -> bool:
    """``seat`` discards ``n`` Haunch counters; False (and none discarded) if it has fewer."""
    player = ctx.st.players[seat]
    if n <= 0 or player.haunch < n:
        return False
    player.haunch -= n
    ctx.emit("HaunchDiscarded", player=seat, amount=n, total=player.haunch, by=by)
    return True


def _enemies(st: State, seat: str) -> list[FighterState]:
    """Surviving enemy fighters on the battlefield: every other warband's (any number of players)."""
    return [f for f in st.surviving() if f.seat != seat and f.hex is not None]


def _adjacent_enemies(st: State, f: FighterState) -> list[FighterState]:
    return [e for e in _enemies(st, f.seat) if f.hex is not None and f.hex.is_adjacent(e.hex)]


# -- objectives ---------------------------------------------------------------------------------------------------------


def _met(card_id: str, ok: bool) -> int | None:
    return load_cards()[card_id].glory if ok else None  # type: ignore[union-attr]


def _haunch(st: State, seat: str) -> int:
    return st.players[seat].haunch


def _attacked_flank(st: State, seat: str, moment: str) -> int | None:
    """Surge, dual, after an activation step: a friendly fighter made a successful supported Attack action in it
    (one or more attack supports) and you gained one or more Haunch counters in it."""
    supported = any(a.get("seat") == seat and a.get("succeeded") and a.get("supports", 0) >= 1
                    for a in st.step_log.get("attacks", []))
    return _met(ATTACKED_FLANK, moment == "after_activation" and supported
                and seat in st.step_log.get("haunch_gained", []))


def _back_to_the_kitchens(st: State, seat: str, moment: str) -> int | None:
    """Dual, end: two or more Haunch counters and a friendly fighter in your territory."""
    home = any(rules.territory_of(st, f.hex) == seat for f in _on(st, seat))
    return _met(BACK_TO_THE_KITCHENS, moment == "end" and _haunch(st, seat) >= 2 and home)


def _he_likes_it_fresh(st: State, seat: str, moment: str) -> int | None:
    """Dual, end: two or more Haunch counters and a vulnerable enemy fighter (§18.3)."""
    fresh = any(rules.is_vulnerable(st, e) for e in _enemies(st, seat))
    return _met(HE_LIKES_IT_FRESH, moment == "end" and _haunch(st, seat) >= 2 and fresh)


def _one_for_you(st: State, seat: str, moment: str) -> int | None:
    """Dual, end: two or more Haunch counters and two or more friendly fighters each adjacent to an enemy."""
    engaged = sum(1 for f in _on(st, seat) if _adjacent_enemies(st, f))
    return _met(ONE_FOR_YOU, moment == "end" and _haunch(st, seat) >= 2 and engaged >= 2)


def _plated_banquet(st: State, seat: str, moment: str) -> int | None:
    """Dual, end: five or more Haunch counters and each surviving friendly fighter (one or more) has an upgrade."""
    mine = st.surviving(seat)
    return _met(PLATED_BANQUET, moment == "end" and _haunch(st, seat) >= 5 and bool(mine)
                and all(f.upgrades for f in mine))


def _slaughterhouse(st: State, seat: str, moment: str) -> int | None:
    """End: more Haunch counters than surviving enemy fighters."""
    return _met(SLAUGHTERHOUSE, moment == "end" and _haunch(st, seat) > len(_enemies(st, seat)))


def _the_main_course(st: State, seat: str, moment: str) -> int | None:
    """Surge, after an activation step: three or more Haunch counters."""
    return _met(THE_MAIN_COURSE, moment == "after_activation" and _haunch(st, seat) >= 3)


OBJECTIVES = {ATTACKED_FLANK: _attacked_flank, BACK_TO_THE_KITCHENS: _back_to_the_kitchens,
              HE_LIKES_IT_FRESH: _he_likes_it_fresh, ONE_FOR_YOU: _one_for_you, PLATED_BANQUET: _plated_banquet,
              SLAUGHTERHOUSE: _slaughterhouse, THE_MAIN_COURSE: _the_main_course}
"""The Haunch counter objectives (``effects`` registers them); the deck's others are ``objectives.py``'s."""


# -- ploys ------------------------------------------------------------------------------------------------------------


def ploy_plays(st: State, seat: str, card_id: str) -> list[JSON]:
    """Every way to play one of this module's ploys now (none: the player can't follow its instructions, §4)."""
    base = {"type": "PlayPloy", "card": card_id}
    mine, haunch = _on(st, seat), _haunch(st, seat)
    if card_id == SEASON_THE_MEAT:  # an enemy fighter within 1 hex of one or more friendly fighters
        return [{**base, "target": e.id} for e in _enemies(st, seat) if any(_within(f, e, 1) for f in mine)]
    if card_id in (GREEDY_GREDDY, THE_KING_HUNGERS):
        return [base]
    if card_id == ASPIRING_ARTISAN:
        return [{**base, "fighter": f.id} for f in mine]
    if card_id == GET_OUT_OF_MY_LARDER:  # a friendly beast or brawler (unknown traits are never guessed)
        return [{**base, "fighter": f.id} for f in mine if rules.is_beast(st, f) or has_trait(st, f, "brawler")]
    if card_id == QUICK_BITE:  # discard one or more Haunch counters: how many is the player's choice
        return [{**base, "fighter": f.id, "count": n} for n in range(1, haunch + 1) for f in mine]
    if card_id == TASTE_TEST and haunch >= 1:
        return [{**base, "fighter": f.id, "pick": pick} for f in mine for pick in ("heal", "guard")]
    if card_id == UNFIT_FOR_A_KING:  # "Pick one: discard four ... Or: discard two"
        return [{**base, "count": n} for n in (4, 2) if haunch >= n]
    return []


def resolve_ploy(ctx: Any, seat: str, card_id: str, choices: JSON, *, heal: Any) -> bool:
    """Apply one of this module's ploys; True when it stays face up ("the next activation")."""
    st = ctx.st
    f = st.find_fighter(choices.get("fighter") or "")
    if card_id == SEASON_THE_MEAT:
        st.persisting.append({"card": card_id, "seat": seat, "until_round": st.round, "target": choices["target"]})
        return True
    if card_id in (GREEDY_GREDDY, THE_KING_HUNGERS, ASPIRING_ARTISAN):  # the next activation step (``declare_attack``)
        st.persisting.append({"card": card_id, "seat": seat, "until_round": st.round, "next": True,
                              "turn": st.turns_taken, **({"fighter": f.id} if f is not None else {})})
        return True
    if card_id == GET_OUT_OF_MY_LARDER and f is not None:
        flow.push(st, "card_moves", fighter=f.id, seat=seat, card=card_id, left=1,
                  after={"tags": ["power_card"], "wctx": {"card": card_id, "player": seat}})
    elif card_id == QUICK_BITE and f is not None and discard_haunch(ctx, seat, choices["count"], by=card_id):
        heal(ctx, f, 2 if choices["count"] >= 3 else 1)
    elif card_id == TASTE_TEST and f is not None and discard_haunch(ctx, seat, 1, by=card_id):
        if choices.get("pick") == "guard":
            flow.give_guard(ctx, f)
        else:
            heal(ctx, f, 1)
    elif card_id == UNFIT_FOR_A_KING and discard_haunch(ctx, seat, choices["count"], by=card_id):
        gained = 2 if choices["count"] == 4 else 1  # spent glory points: they count for victory only (§23.5)
        player = st.players[seat]
        player.glory_spent += gained
        ctx.emit("GloryGained", player=seat, amount=gained, reason="card", spent=True, card=card_id,
                 total=player.total_glory)
    return False


def modify_attack(st: State, f: FighterState, profile: JSON) -> None:
    """Season the Meat: -1 Dice to the chosen fighter's Attack actions (to a minimum of 1)."""
    if any(p["card"] == SEASON_THE_MEAT and p.get("target") == f.id for p in st.persisting):
        profile["dice"] = max(1, profile["dice"] - 1)


def _next_activation(st: State, card_id: str, f: FighterState) -> JSON | None:
    """The face-up entry of a "next activation" ploy of ``f``'s player that applies to an Attack action ``f``
    declares now: in the activation step of the turn after the one it was played in (and for ``f`` if it names one)."""
    if not any(x["kind"] == "turn" and x["stage"] == "after_activation" for x in st.stack):
        return None
    return next((p for p in st.persisting if p["card"] == card_id and p["seat"] == f.seat
                 and st.turns_taken == p["turn"] + 1 and p.get("fighter", f.id) == f.id), None)


def declare_attack(ctx: Any, f: FighterState, profile: JSON, discard: Any) -> JSON:
    """Cards of the next activation step on a friendly Attack action as it is declared: Greedy, Greddy! (Grievous 1),
    The King Hungers! (+1 Dice to the first Range 1 one, +2 with no Haunch counters), Aspiring Artisan (re-rolls in
    the chosen fighter's first: each dice with no Haunch counters, one with some)."""
    st = ctx.st
    if _next_activation(st, GREEDY_GREDDY, f) is not None:
        profile = {**profile, "grievous": profile["grievous"] + 1}  # seed 000 l.987: several Grievous add up
    hungers = _next_activation(st, THE_KING_HUNGERS, f)
    if hungers is not None and profile["range"] == 1:
        profile = {**profile, "dice": profile["dice"] + (2 if _haunch(st, f.seat) == 0 else 1)}
        discard(ctx, hungers, "applied")
    artisan = _next_activation(st, ASPIRING_ARTISAN, f)
    if artisan is not None:
        profile = {**profile, "card_rerolls": profile["dice"] if _haunch(st, f.seat) == 0 else 1}
        discard(ctx, artisan, "applied")
    return profile


def extra_attack_rerolls(st: State) -> int:
    """Attack dice the attacker may re-roll in the attack under way because of a card (Aspiring Artisan)."""
    fr = _attack_frame(st)
    return fr["profile"].get("card_rerolls", 0) if fr is not None else 0


def after_attack(ctx: Any, fr: JSON, discard: Any) -> None:
    """Season the Meat ends when the chosen fighter makes a failed Attack action."""
    if fr.get("succeeded"):
        return
    for entry in [p for p in ctx.st.persisting if p["card"] == SEASON_THE_MEAT and p.get("target") == fr["attacker"]]:
        discard(ctx, entry, "the fighter made a failed Attack action")


# -- the upgrade action, the end of the action phase ------------------------------------------------------------------


def use_card_action(ctx: Any, f: FighterState, card_id: str) -> bool:
    """Midden-heap Scavenger's action: you gain a Haunch counter, then give this fighter a Charge marker. False if
    ``card_id`` is not this module's."""
    if card_id != MIDDEN_HEAP_SCAVENGER:
        return False
    c = load_cards()[card_id]
    ctx.emit("CardActionUsed", fighter=f.id, name=f.name, card=card_id, card_name=c.name, text=c.text_plain,
             automated=True)
    gain_haunch(ctx, f.seat, 1, by=card_id)
    f.charge += 1
    ctx.emit("MarkerGiven", fighter=f.id, name=f.name, marker="charge", by=card_id)
    return True


def end_of_turn(ctx: Any) -> None:
    """After the action phase's last turn: the "end of the action phase" reaction step (Practised Butcher)."""
    st = ctx.st
    if st.turns_taken + 1 >= st.turns_in_round():
        flow.open_window(ctx, ["action_phase_end"], {"round": st.round})


# -- reactions ---------------------------------------------------------------------------------------------------------


def _attack_frame(st: State) -> JSON | None:
    return next((x for x in reversed(st.stack) if x["kind"] == "attack"), None)


def reaction_options(st: State, seat: str, tags: set[str], wctx: JSON) -> list[JSON]:
    """This module's reactions ``seat`` can use in a step with ``tags``."""
    out: list[JSON] = []
    hand = st.players[seat].power
    fr = _attack_frame(st)
    if PRECISE_FILLET in hand and "attack_roll" in tags and fr is not None and fr["seat"] == seat \
            and fr.get("roll_successes", 0) >= 2:
        out.append({"type": "PlayReaction", "card": PRECISE_FILLET})
    if THAT_WAS_NASTY in hand and "activation" in tags:
        attackers = sorted({a["attacker"] for a in st.step_log.get("attacks", []) if a["seat"] == seat
                            and a["succeeded"]})
        out += [{"type": "PlayReaction", "card": THAT_WAS_NASTY, "target": a} for a in attackers
                if (x := st.find_fighter(a)) is not None and x.on_battlefield
                and any(_within(x, e, 2) for e in _enemies(st, seat))]
    for f in _on(st, seat):
        for u in f.upgrades:
            if u == AWFUL_CONNOISSEUR and "out_of_action" in tags and _connoisseur_ok(st, f, wctx):
                out.append({"type": "PlayReaction", "card": u, "fighter": f.id})
            elif u == GRUESOME_GOURMAND and "power_step_end" in tags and wctx.get("player") == seat \
                    and seat in st.step_log.get("ploys", []):
                out += [{"type": "PlayReaction", "card": u, "fighter": f.id, "target": e.id}
                        for e in _enemies(st, seat) if _within(f, e, 1)]
            elif u == LATCHING_ON and "activation" in tags and wctx.get("fighter") == f.id \
                    and wctx.get("superaction") == "charge":
                out.append({"type": "PlayReaction", "card": u, "fighter": f.id})
            elif u == PRACTISED_BUTCHER and "action_phase_end" in tags:  # the enemy is chosen as it is declared
                out += [{"type": "PlayReaction", "card": u, "fighter": f.id, "target": e.id}
                        for e in _adjacent_enemies(st, f)]
    return out


def _connoisseur_ok(st: State, f: FighterState, wctx: JSON) -> bool:
    """A friendly fighter's Attack action took its target out of action within 4 hexes, in a hex now empty."""
    source = wctx.get("source", {})
    if source.get("kind") != "attack" or source.get("seat") != f.seat or not wctx.get("hex"):
        return False
    there = Hex.parse(wctx["hex"])
    return _within(f, there, 4) and there not in st.occupied() and there not in rules.blocked(st)


def resolve_reaction(ctx: Any, seat: str, card_id: str, holder: FighterState | None, wctx: JSON, choices: JSON, *,
                     heal: Any) -> bool:
    """Resolve one of this module's reactions (§26.3); False if ``card_id`` is not one of them."""
    st = ctx.st
    if card_id not in AUTOMATED or card_id in PLOYS or card_id == MIDDEN_HEAP_SCAVENGER:
        return False
    if card_id == PRECISE_FILLET:
        fr = _attack_frame(st)
        if fr is not None:  # one success becomes a critical success; every other attack dice is discarded
            fr["roll"] = ["critical"]
            ctx.emit("AttackDiceChanged", fighter=fr["attacker"], dice=fr["roll"], by=card_id)
    elif card_id == THAT_WAS_NASTY:
        attacker = st.find_fighter(choices.get("target") or "")
        if attacker is not None and attacker.on_battlefield:
            for e in [e for e in _enemies(st, seat) if _within(attacker, e, 2)]:
                flow.stagger(ctx, e, by=card_id)
    elif card_id == AWFUL_CONNOISSEUR and holder is not None:
        there = Hex.parse(wctx["hex"])
        if there not in st.occupied():
            flow.relocate(ctx, holder, [there], how="placed")
    elif card_id == GRUESOME_GOURMAND and holder is not None:
        target = st.find_fighter(choices.get("target") or "")
        if target is not None and target.on_battlefield:
            flow.deal_damage(ctx, target, 1, {"kind": "card", "seat": seat, "card": card_id, "fighter": holder.id})
        heal(ctx, holder, 1)
        if card_id in holder.upgrades:
            holder.upgrades.remove(card_id)
            st.players[holder.seat].power_discard.append(card_id)
            ctx.emit("UpgradeBroken", fighter=holder.id, card=card_id, name=load_cards()[card_id].name)
    elif card_id == LATCHING_ON and holder is not None:
        flow.give_guard(ctx, holder)
    elif card_id == PRACTISED_BUTCHER and holder is not None and roll_magic(ctx, seat, card_id, holder):
        target = st.find_fighter(choices.get("target") or "")
        if target is not None and target.on_battlefield:
            flow.deal_damage(ctx, target, 1, {"kind": "card", "seat": seat, "card": card_id, "fighter": holder.id})
        gain_haunch(ctx, seat, 1, by=card_id)
    return True
