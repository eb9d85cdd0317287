"""Steps a card opens while it resolves: another player's choice, and a super-action made of Move actions.

``card_choice``: a player chooses for a card (``ChooseForCard``): the opponent's fighter of Brief Emergence (48013,
optional: Pass) and Puncturing Ice Shards (48019), the roll-off winner's territory of Here it Comes! (48017). The
card pushes the step (``effects``) under its own first part, so that part (and its damage) resolves first; the
options are listed when the choice is made. Then the step applies the choice and opens the card's reaction step
(``after``), which waits under the damage it deals.

``card_moves``: the fighter makes the card's Move actions one at a time, each with its reaction step, then the
card's ending (Full Sprint, 48029: staggered, one Charge marker). The ending's reaction step is the activation's.
A reaction's Move action (Reverse Charge, 45018) uses it too, with its own reaction step.

``card_attacks``: fighters a card reaction lets attack (Sigmar's Cyclone 45031, Potential Courtier 46031) each make
one Attack action, in turn, or pass.

Registered when ``system.py`` imports this module; it imports the rules and ``effects``, nothing imports it.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.underworlds import combat, effects, rules
from engine.underworlds.actions import Action, Attack, ChooseForCard, Move, Pass
from engine.underworlds.activation import check_path, do_move, move_paths
from engine.underworlds.cards import load_cards
from engine.underworlds.flow import Ctx, bad_action, deal_damage, frame, give_guard, open_window, pop, relocate
from engine.underworlds.state import State

JSON = dict[str, Any]
NO_ONES = "none"
"""``ChooseForCard.territory`` for no one's territory."""


def territories(st: State) -> list[str]:
    """The territories a card can name: each player's, and no one's when the battlefield has one (§8.3)."""
    return [*st.seats, *([NO_ONES] if rules.battlefield(st).no_ones_territory else [])]


def choice_options(st: State, fr: JSON) -> list[JSON]:
    """Every ``ChooseForCard`` the chooser may make for the card of a ``card_choice`` step."""
    card = fr["card"]
    base = {"type": "ChooseForCard", "card": card}
    others = [f for f in st.surviving() if f.on_battlefield and f.id != fr.get("exclude")]
    if card == effects.BRIEF_EMERGENCE:  # "can choose another fighter. Push the chosen fighter 1 hex"
        return [c for f in others for c in ([{**base, "target": f.id, "hex": str(h)} for h in effects.push_hexes(st, f)]
                                            or [{**base, "target": f.id}])]
    if card == effects.PUNCTURING_ICE_SHARDS:  # "a fighter within 1 hex of a hazard hex and/or feature token"
        hazards = effects.hazard_hexes(st, tokens=True)
        return [{**base, "target": f.id} for f in st.surviving() if f.on_battlefield
                and effects.near_hazard(st, f.hex, hazards=hazards)]
    if card == effects.HERE_IT_COMES:
        return [{**base, "territory": t} for t in territories(st)]
    if card == effects.HEAD_CHEF:  # "push each other friendly fighter up to 2 hexes": one fighter per step
        f = st.fighter(fr["target"])
        return [{**base, "target": f.id, "hex": str(h)} for h in sorted(rules.push_paths(st, f, 2), key=str)]
    return []


def _choice_run(ctx: Ctx, fr: JSON) -> bool:
    if choice_options(ctx.st, fr):
        return False
    _close(ctx, fr)
    ctx.emit("CardChoiceImpossible", player=fr["seat"], card=fr["card"], name=load_cards()[fr["card"]].name)
    return True


def _close(ctx: Ctx, fr: JSON) -> None:
    pop(ctx.st, fr)
    if fr.get("then_guard"):  # Head Chef: "then give this fighter 1 Guard token"
        holder = ctx.st.find_fighter(fr["then_guard"])
        if holder is not None and holder.on_battlefield:
            give_guard(ctx, holder)
    if fr.get("after"):
        open_window(ctx, fr["after"]["tags"], fr["after"]["wctx"])


def _choice_legal(st: State, fr: JSON, seat: str) -> list[JSON]:
    return choice_options(st, fr) + ([{"type": "Pass"}] if fr.get("optional") else [])


def _choice_act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    st = ctx.st
    name = load_cards()[fr["card"]].name
    if isinstance(action, Pass) and fr.get("optional"):
        _close(ctx, fr)
        ctx.emit("CardChoiceDeclined", player=seat, card=fr["card"], name=name)
        return
    if not isinstance(action, ChooseForCard):
        raise bad_action(action, "card_choice")
    if action.to_json() not in choice_options(st, fr):
        raise IllegalAction("uw.card.bad_choice", card=name)
    _close(ctx, fr)  # the card's reaction step waits under what the choice does
    ctx.emit("CardChoiceMade", player=seat, card=fr["card"], name=name, target=action.target,
             hex=str(action.hex) if action.hex else None, territory=action.territory)
    source = {"kind": "card", "seat": fr["player"], "card": fr["card"]}
    if fr["card"] == effects.HERE_IT_COMES:
        for f in st.surviving():
            if f.on_battlefield and f.hex is not None and (rules.territory_of(st, f.hex) or NO_ONES) == action.territory:
                deal_damage(ctx, f, 1, source)
        return
    target = st.fighter(action.target or "")
    if fr["card"] == effects.HEAD_CHEF and action.hex is not None:
        path = rules.push_paths(st, target, 2).get(action.hex)
        if path:
            relocate(ctx, target, path, how="push")
        return
    if fr["card"] == effects.BRIEF_EMERGENCE and action.hex is not None:
        effects.push_fighter(ctx, target, action.hex)
    if target.on_battlefield:
        deal_damage(ctx, target, 1, source)


frame("card_choice", run=_choice_run, awaiting=lambda st, fr: [fr["seat"]], legal=_choice_legal, act=_choice_act)


# -- card super-actions made of Move actions (Full Sprint) -----------------------------------------------------------


def _moves_legal(st: State, fr: JSON, seat: str) -> list[JSON]:
    f = st.fighter(fr["fighter"])
    return [{"type": "Move", "fighter": f.id, "to": str(h)} for h in sorted(move_paths(st, f))] if f.on_battlefield \
        else []


def _moves_run(ctx: Ctx, fr: JSON) -> bool:
    if _moves_legal(ctx.st, fr, fr["seat"]):
        return False
    _moves_end(ctx, fr)  # out of action, or nowhere to go: the Move actions left are not made
    return True


def _moves_end(ctx: Ctx, fr: JSON) -> None:
    pop(ctx.st, fr)
    _moves_finish(ctx, fr)


def _moves_finish(ctx: Ctx, fr: JSON) -> None:
    st = ctx.st
    effects.after_card_moves(ctx, st.fighter(fr["fighter"]), fr["card"])
    if fr.get("after"):  # a ploy's Move action (Get Out of My Larder!): the ploy's reaction step comes after it
        open_window(ctx, fr["after"]["tags"], fr["after"]["wctx"])
    turn = next((x for x in reversed(st.stack) if x["kind"] == "turn"), None)
    if turn is not None and _superaction(fr):  # the last Move's reaction step is the activation's (as a Barge's)
        turn["after_tags"] = ["action", "move"]
        turn["after_ctx"]["superaction"] = fr["card"]


def _superaction(fr: JSON) -> bool:
    """A card super-action of the activation (Full Sprint), not a Move a reaction gives (Reverse Charge)."""
    return effects.card_action_moves(fr["card"]) > 0


def _moves_act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    st = ctx.st
    f = st.fighter(fr["fighter"])
    if not isinstance(action, Move) or action.fighter != f.id:
        raise IllegalAction("uw.card_moves.move_expected", fighter=f.name, card=load_cards()[fr["card"]].name)
    path = check_path(st, f, action.to, action.path)
    fr["left"] -= 1
    last = fr["left"] <= 0
    if last:
        pop(st, fr)
    do_move(ctx, f, path, marker="move")
    if last:
        _moves_finish(ctx, fr)
    if not (last and _superaction(fr)):
        open_window(ctx, ["action", "move"], {"fighter": f.id, "superaction": fr["card"] if _superaction(fr) else None})


frame("card_moves", run=_moves_run, awaiting=lambda st, fr: [fr["seat"]], legal=_moves_legal, act=_moves_act)



# -- Attack actions a card reaction gives (Sigmar's Cyclone, Potential Courtier) --------------------------------------------


def attack_options(st: State, fr: JSON) -> list[JSON]:
    """The Attack actions the next fighter of a ``card_attacks`` step may make: only the card's attack (``source``),
    only Range 1 ones (``range1``; Scything ones too with ``scything_ok``), only at ``target`` when the card names one
    (The Curse Hungers: any of the fighter's attacks at the same target)."""
    if not fr["fighters"]:
        return []
    f = st.find_fighter(fr["fighters"][0])
    if f is None or not f.on_battlefield:
        return []
    out = []
    for i, p in enumerate(rules.attacks(st, f)):
        scything_out = p["scything"] and not fr.get("scything_ok")  # Potential Courtier: non-Scything only
        if (fr.get("source") and p["source"] != fr["source"]) or (fr.get("range1") and (p["range"] != 1 or scything_out)):
            continue
        out += [{"type": "Attack", "fighter": f.id, "attack": i, "target": t.id} for t in rules.attack_targets(st, f, p)
                if not fr.get("target") or t.id == fr["target"]]
    return out


def _attacks_run(ctx: Ctx, fr: JSON) -> bool:
    while fr["fighters"] and not attack_options(ctx.st, fr):
        fr["fighters"].pop(0)  # nobody to attack (any more): this fighter makes none
    if fr["fighters"]:
        return False
    pop(ctx.st, fr)
    return True


def _attacks_act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    st = ctx.st
    if isinstance(action, Pass):
        fr["fighters"].pop(0)
        return
    if not isinstance(action, Attack) or action.to_json() not in attack_options(st, fr):
        raise IllegalAction("uw.card.bad_choice", card=load_cards()[fr["card"]].name)
    fr["fighters"].pop(0)
    f = st.fighter(action.fighter)
    combat.start_attack(ctx, f, rules.attacks(st, f)[action.attack], st.fighter(action.target), final=False)


frame("card_attacks", run=_attacks_run, awaiting=lambda st, fr: [fr["seat"]],
      legal=lambda st, fr, seat: [*attack_options(st, fr), {"type": "Pass"}], act=_attacks_act)
