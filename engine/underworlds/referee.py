"""Referee actions: how the players settle card text the engine does not automate.

Any seated player may log one at any time of the action or end phase; each is recorded as an event
naming who did it and why, so the table can show it and the opponent can dispute it. They change the
position directly: wounds (taking a fighter out of action with bounty when they reach its Wounds),
fighter hexes (lethal and trap hexes apply unless ``hazards`` is false), markers and named tokens,
feature tokens, glory, Inspired, upgrades and the player's own cards; and what no source gives: Haunch counters,
fighter traits, the Holy Vessels ability's subtraction (``_warband_rule``). They never advance the turn.
"""
from __future__ import annotations

from typing import Any

from engine.core.bounds import MAX_COUNT, change, within
from engine.core.errors import IllegalAction
from engine.underworlds import parasite, rules
from engine.underworlds.actions import (
    Action, AdjustGlory, AdjustHaunch, AdjustMarker, AdjustWounds, BaneOfHeroes, BreakUpgrade, FlipFeatureToken,
    HolyVessels, MoveCard, MoveFeatureToken, RefereeNote, SetFighterHex, SetInspired, SetTrait,
)
from engine.underworlds.cards import ObjectiveCard
from engine.underworlds.feature_tokens import FeatureSide, flip_token, move_token, place_token, remove_token
from engine.underworlds.flow import Ctx, gain_glory, give_guard, relocate, stagger, take_out_of_action
from engine.underworlds.skinnerkin import discard_haunch, gain_haunch
from engine.underworlds.traits import normal
from engine.underworlds.state import MARKERS, FighterState

JSON = dict[str, Any]


def _fighter(ctx: Ctx, fighter_id: str, *, alive: bool = True) -> FighterState:
    f = ctx.st.find_fighter(fighter_id)
    if f is None or not f.deployed:
        raise IllegalAction("uw.referee.unknown_fighter", fighter=fighter_id)
    if alive and not f.on_battlefield:
        raise IllegalAction("uw.fighter.out_of_action", fighter=f.name)
    return f


def apply_referee(ctx: Ctx, seat: str, action: Action) -> None:
    """Apply one referee action and log it.

    :raises IllegalAction: uw.referee.not_now, uw.referee.unknown_fighter, uw.fighter.out_of_action,
        uw.referee.hex_not_empty, uw.referee.bad_marker, uw.referee.unknown_player, uw.referee.not_enough_glory,
        uw.referee.no_such_upgrade, uw.referee.not_your_card, uw.referee.not_enough_haunch,
        uw.referee.divine_fortitude,
        uw.feature.* (token rules)
    """
    st = ctx.st
    if st.phase not in ("action", "end"):
        raise IllegalAction("uw.referee.not_now", phase=st.phase)
    data = action.to_json()
    reason = data.pop("reason", None)
    if isinstance(action, AdjustWounds):
        f = _fighter(ctx, action.fighter)
        change(action.delta, f.wounds, rules.wounds(st, f), "wounds")  # at its Wounds a fighter is out of action
        if action.delta > 0 and parasite.prevents(st, f, {"card": action.card}):
            raise IllegalAction("uw.referee.divine_fortitude", fighter=f.name)
        if action.delta > 0:
            f.wounds += action.delta
            if action.card:
                st.step_log.setdefault("card_damage", []).append(
                    {"fighter": f.id, "seat": seat, "hex": str(f.hex), "card": action.card})
            st.step_log.setdefault("damaged", []).append(f.id)
        else:
            f.wounds = max(0, f.wounds + action.delta)
        ctx.emit("RefereeAction", by=seat, action=data, reason=reason)
        if f.wounds >= rules.wounds(st, f):
            take_out_of_action(ctx, f, {"kind": "card" if action.card else "referee", "seat": seat, "card": action.card})
        return
    if isinstance(action, SetFighterHex):
        f = _fighter(ctx, action.fighter, alive=False)
        if not rules.is_empty(st, action.hex):
            raise IllegalAction("uw.referee.hex_not_empty", hex=str(action.hex))
        ctx.emit("RefereeAction", by=seat, action=data, reason=reason)
        if f.out_of_action:  # §18.4: a fighter returned to the battlefield has no markers or tokens
            f.out_of_action, f.wounds = False, 0
        if action.hazards:
            relocate(ctx, f, [action.hex], how="placed", source={"kind": "lethal"})
        else:
            f.hex = action.hex
        return
    if isinstance(action, AdjustMarker):
        f = _fighter(ctx, action.fighter)
        held = getattr(f, action.marker) if action.marker in MARKERS else f.tokens.get(action.marker, 0)
        change(action.delta, int(held), MAX_COUNT, action.marker or "marker")
        ctx.emit("RefereeAction", by=seat, action=data, reason=reason)
        if action.marker in MARKERS:
            for _ in range(max(0, action.delta)):
                if action.marker == "stagger":
                    stagger(ctx, f, by="referee")
                elif action.marker == "guard":
                    give_guard(ctx, f)
                else:
                    setattr(f, action.marker, getattr(f, action.marker) + 1)
            if action.delta < 0:
                setattr(f, action.marker, max(0, getattr(f, action.marker) + action.delta))
        elif action.marker.strip():
            count = max(0, f.tokens.get(action.marker, 0) + action.delta)
            f.tokens = {k: v for k, v in {**f.tokens, action.marker: count}.items() if v}
        else:
            raise IllegalAction("uw.referee.bad_marker", marker=action.marker)
        return
    if isinstance(action, FlipFeatureToken):
        token = st.token(action.token)
        st.feature_tokens = list(flip_token(st.feature_tokens, action.token, occupied=st.occupied()))
        ctx.emit("RefereeAction", by=seat, action=data, reason=reason)
        new = st.token(action.token)
        if token is not None and new is not None and new.hex is not None and new.face_up is FeatureSide.TRAP:
            f = st.fighter_at(new.hex)
            if f is not None:
                stagger(ctx, f, by="trap hex")  # §8.2: a token flipping into a trap hex staggers
        return
    if isinstance(action, MoveFeatureToken):
        token = st.token(action.token)
        bf = rules.battlefield(st)
        if action.hex is None:
            st.feature_tokens = list(remove_token(st.feature_tokens, action.token))
        elif token is not None and token.hex is None:
            side = FeatureSide(action.side or "cover")
            st.feature_tokens = list(place_token(bf, st.feature_tokens, action.token, action.hex, side,
                                                 occupied=st.occupied()))
        else:
            st.feature_tokens = list(move_token(bf, st.feature_tokens, action.token, action.hex, occupied=st.occupied()))
        ctx.emit("RefereeAction", by=seat, action=data, reason=reason)
        return
    if isinstance(action, AdjustGlory):
        if action.player not in st.players:
            raise IllegalAction("uw.referee.unknown_player", player=action.player, players=", ".join(st.seats))
        player = st.players[action.player]
        change(action.delta, max(0, player.glory), MAX_COUNT, "glory")
        within(action.spent, -player.glory_spent, MAX_COUNT, "spent")
        if player.glory + action.delta - action.spent < 0 or player.glory_spent + action.spent < 0:
            raise IllegalAction("uw.referee.not_enough_glory", player=action.player, glory=player.glory)
        ctx.emit("RefereeAction", by=seat, action=data, reason=reason)
        if action.delta > 0:
            gain_glory(ctx, action.player, action.delta, "referee")
        else:
            player.glory += action.delta
        player.glory -= action.spent
        player.glory_spent += action.spent
        return
    if isinstance(action, SetInspired):
        f = _fighter(ctx, action.fighter)
        f.inspired = action.inspired and rules.card_of(st, f).inspired is not None
        f.pending_inspire = False
        ctx.emit("RefereeAction", by=seat, action=data, reason=reason)
        return
    if isinstance(action, BreakUpgrade):
        f = _fighter(ctx, action.fighter, alive=False)
        if action.card not in f.upgrades:
            raise IllegalAction("uw.referee.no_such_upgrade", fighter=f.name, card=action.card)
        f.upgrades.remove(action.card)
        st.players[f.seat].power_discard.append(action.card)
        ctx.emit("RefereeAction", by=seat, action=data, reason=reason)
        ctx.emit("UpgradeBroken", fighter=f.id, card=action.card, name=rules.card(action.card).name)
        return
    if isinstance(action, MoveCard):
        _move_card(ctx, seat, action, data, reason)
        return
    if isinstance(action, (AdjustHaunch, SetTrait, HolyVessels)):
        _warband_rule(ctx, seat, action, data, reason)
        return
    if isinstance(action, BaneOfHeroes):
        _bane_of_heroes(ctx, seat, action, data, reason)
        return
    assert isinstance(action, RefereeNote)
    ctx.emit("RefereeAction", by=seat, action=data, reason=reason)


def _bane_of_heroes(ctx: Ctx, seat: str, action: BaneOfHeroes, data: JSON, reason: str | None) -> None:
    """Your warband's Bane of Heroes upgrade, as the Hungering Parasite plot card (in no source) says: given or moved
    to a fighter, or broken (``docs/rulings/underworlds.md``, "Bane of Heroes"); the deck's cards read it.

    :raises IllegalAction: uw.referee.no_bane_plot, uw.referee.bane_not_given, uw.referee.unknown_fighter,
        uw.fighter.out_of_action
    """
    st = ctx.st
    if not parasite.has_plot(st, seat):
        raise IllegalAction("uw.referee.no_bane_plot")
    if action.fighter is None:
        if parasite.holder(st, seat) is None:
            raise IllegalAction("uw.referee.bane_not_given")
        ctx.emit("RefereeAction", by=seat, action=data, reason=reason)
        parasite.break_bane(ctx, seat, by="referee")
        return
    f = _fighter(ctx, action.fighter)
    ctx.emit("RefereeAction", by=seat, action=data, reason=reason)
    parasite.give(ctx, seat, f, by="referee")


def _warband_rule(ctx: Ctx, seat: str, action: AdjustHaunch | SetTrait | HolyVessels, data: JSON,
                  reason: str | None) -> None:
    """What the players supply for rules no source gives (``docs/rulings/underworlds.md``, "Haunch counters and
    traits"): Haunch counters gained or lost by the Skinnerkin warband rule, a fighter's trait, and what the Holy
    Vessels ability subtracted from the latest Attack action's distance."""
    st = ctx.st
    if isinstance(action, AdjustHaunch):
        if action.player not in st.players:
            raise IllegalAction("uw.referee.unknown_player", player=action.player, players=", ".join(st.seats))
        within(action.delta, -MAX_COUNT, MAX_COUNT, "haunch")
        if st.players[action.player].haunch + action.delta < 0:
            raise IllegalAction("uw.referee.not_enough_haunch", player=action.player,
                                haunch=st.players[action.player].haunch)
        ctx.emit("RefereeAction", by=seat, action=data, reason=reason)
        if action.delta > 0:
            gain_haunch(ctx, action.player, action.delta, by="referee")
        elif action.delta < 0:
            discard_haunch(ctx, action.player, -action.delta, by="referee")
        return
    if isinstance(action, SetTrait):
        f = _fighter(ctx, action.fighter, alive=False)
        trait = normal(action.trait)
        f.traits = sorted(({normal(t) for t in f.traits} | {trait}) if action.has
                          else {normal(t) for t in f.traits} - {trait})
        ctx.emit("RefereeAction", by=seat, action=data, reason=reason)
        return
    # The Attack action under way; else the step's latest one; else the next one made in this step.
    under_way = next((x for x in reversed(st.stack) if x["kind"] == "attack"), None)
    attacks = st.step_log.get("attacks", [])
    if under_way is not None:
        under_way["holy_vessels"] = action.subtracted
    elif attacks:
        attacks[-1]["holy_vessels"] = action.subtracted
    else:
        st.step_log["holy_vessels_next"] = action.subtracted
    ctx.emit("RefereeAction", by=seat, action=data, reason=reason)


def _move_card(ctx: Ctx, seat: str, action: MoveCard, data: JSON, reason: str | None) -> None:
    st = ctx.st
    player = st.players[seat]
    objective = isinstance(rules.cards().get(action.card), ObjectiveCard)
    piles = ([player.objectives, player.objective_deck, player.objective_discard] if objective
             else [player.power, player.power_deck, player.power_discard])
    entry = next((p for p in st.persisting if p["card"] == action.card and p["seat"] == seat), None)
    source = next((p for p in piles if action.card in p), None)
    if source is None and entry is None:
        raise IllegalAction("uw.referee.not_your_card", card=action.card)
    if source is not None:
        source.remove(action.card)
    else:
        st.persisting.remove(entry)  # type: ignore[arg-type]
    hand, deck, discard = piles
    if action.to == "hand":
        hand.append(action.card)
    elif action.to == "discard":
        discard.append(action.card)
    elif action.to == "deck_top":
        deck.insert(0, action.card)
    else:
        deck.append(action.card)
    ctx.emit("RefereeAction", by=seat, action={"type": "MoveCard", "to": action.to}, reason=reason)
    ctx.emit("RefereeCardMoved", by=seat, card=action.card, to=action.to, visible_to=[seat])
