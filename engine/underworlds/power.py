"""The power step (§23): players alternate playing power cards, delving, recycling or passing.

A ``power`` frame starts with the active player and ends when both players pass in succession; with three or
four players only the active player and the next one in play order take part (``taking_part``).
Ploys are resolved by their registered effect (``effects.py``) or, if not automated, shown as text for
the players to settle with referee actions; "next" and persisting gambits stay face up (§23.1).
Upgrades cost 1 glory and respect their restrictions (Large, Beasts and attack upgrades, enemy
fighters). Gambit spells are cast by a friendly wizard (§22). Also the end phase's upgrade step uses
``check_upgrade``/``play_upgrade``.
"""
from __future__ import annotations

from typing import Any

from engine.core.dice import get_die, roll
from engine.core.errors import IllegalAction
from engine.underworlds import effects, rules
from engine.underworlds.actions import Action, CastSpell, Delve, Pass, PlayPloy, PlayUpgrade, Recycle
from engine.underworlds.cards import PloyCard, SpellCard, UpgradeCard
from engine.underworlds.dice import casting_roll
from engine.underworlds.feature_tokens import FeatureSide, FeatureToken, flip_token
from engine.underworlds.flow import (
    Ctx, bad_action, deal_damage, draw_cards, frame, open_window, pop, stagger, take_out_of_action,
)
from engine.underworlds.hexgrid import Hex
from engine.underworlds.state import FighterState, State

JSON = dict[str, Any]
UPGRADE_COST = 1
"""Glory spent to play an upgrade (§23.1)."""


# -- upgrades -------------------------------------------------------------------------------------------------


def check_upgrade(st: State, seat: str, card_id: str, fighter_id: str) -> tuple[UpgradeCard, FighterState]:
    """An upgrade from hand onto a fighter.

    :raises IllegalAction: uw.card.not_in_hand, uw.upgrade.not_an_upgrade, uw.upgrade.no_glory,
        uw.upgrade.no_fighter, uw.upgrade.enemy_fighter, uw.upgrade.large, uw.upgrade.beast,
        uw.upgrade.restricted
    """
    player = st.players[seat]
    if card_id not in player.power:
        raise IllegalAction("uw.card.not_in_hand", card=card_id)
    c = rules.card(card_id)
    if not isinstance(c, UpgradeCard):
        raise IllegalAction("uw.upgrade.not_an_upgrade", card=c.name)
    if player.glory < UPGRADE_COST:
        raise IllegalAction("uw.upgrade.no_glory", card=c.name, glory=player.glory)
    f = st.find_fighter(fighter_id)
    if f is None or not f.on_battlefield:
        raise IllegalAction("uw.upgrade.no_fighter", card=c.name, fighter=fighter_id)
    if f.seat != seat and not c.givable_to_enemy:
        raise IllegalAction("uw.upgrade.enemy_fighter", card=c.name, fighter=f.name)
    if c.forbidden_to_large and rules.is_large(st, f):
        raise IllegalAction("uw.upgrade.large", card=c.name, fighter=f.name)
    if rules.is_beast(st, f) and c.attack is not None:
        raise IllegalAction("uw.upgrade.beast", card=c.name, fighter=f.name)  # §5
    if not effects.upgrade_allowed(st, seat, c, f):
        raise IllegalAction("uw.upgrade.restricted", card=c.name, fighter=f.name, restriction="; ".join(c.restrictions))
    return c, f


def upgrade_options(st: State, seat: str) -> list[JSON]:
    """Every (upgrade in hand, fighter) pair that can be played now."""
    out = []
    if st.players[seat].glory < UPGRADE_COST:
        return out
    for card_id in sorted(set(st.players[seat].power)):
        if not isinstance(rules.card(card_id), UpgradeCard):
            continue
        for f in st.surviving():
            try:
                check_upgrade(st, seat, card_id, f.id)
            except IllegalAction:
                continue
            out.append({"type": "PlayUpgrade", "card": card_id, "fighter": f.id})
    return out


def play_upgrade(ctx: Ctx, seat: str, card_id: str, fighter_id: str, *, windows: bool = True) -> None:
    """§23.1: reveal, spend 1 glory, assign; then its reaction step (none in the end phase, §24)."""
    st = ctx.st
    c, f = check_upgrade(st, seat, card_id, fighter_id)
    player = st.players[seat]
    player.power.remove(card_id)
    player.glory -= UPGRADE_COST
    player.glory_spent += UPGRADE_COST
    f.upgrades.append(card_id)
    ctx.emit("UpgradePlayed", player=seat, card=card_id, name=c.name, fighter=f.id, fighter_name=f.name,
             text=c.text_plain, automated=effects.is_automated(card_id))
    effects.on_upgrade_assigned(ctx, seat, card_id, f)
    if f.on_battlefield and f.wounds >= rules.wounds(st, f):  # a lower Wounds can take it out of action
        take_out_of_action(ctx, f, {"kind": "card", "seat": seat, "card": card_id})
    if windows:
        open_window(ctx, ["upgrade_assigned", "power_card"], {"card": card_id, "fighter": f.id, "player": seat})


# -- gambits ------------------------------------------------------------------------------------------------------


def ploy_options(st: State, seat: str) -> list[JSON]:
    """Every ploy play (with its choices when automated) and every gambit-spell cast available now."""
    out: list[JSON] = []
    player = st.players[seat]
    wizards: list[FighterState] | None = None  # looked for once a spell is in hand
    for card_id in sorted(set(player.power)):
        c = rules.card(card_id)
        if isinstance(c, PloyCard) and not effects.reaction_only(card_id):
            out += effects.ploy_plays(st, seat, card_id)
        elif isinstance(c, SpellCard) and not effects.reaction_only(card_id):
            if wizards is None:
                wizards = [f for f in st.surviving(seat) if rules.wizard_level(st, f) > 0]
            out += [{"type": "CastSpell", "card": card_id, "wizard": w.id} for w in wizards]
    return out


def play_ploy(ctx: Ctx, seat: str, action: PlayPloy) -> None:
    """§23.1: reveal, resolve, discard (or keep face up if it persists or refers to "the next")."""
    st = ctx.st
    if action.card not in st.players[seat].power:
        raise IllegalAction("uw.card.not_in_hand", card=action.card)
    c = rules.card(action.card)
    if not isinstance(c, PloyCard) or effects.reaction_only(action.card):
        raise IllegalAction("uw.ploy.not_playable", card=c.name)
    if action.to_json() not in effects.ploy_plays(st, seat, action.card):
        raise IllegalAction("uw.ploy.bad_choice", card=c.name)
    st.players[seat].power.remove(action.card)
    st.step_log.setdefault("ploys", []).append(seat)  # "if you played one or more ploys in that power step"
    ctx.emit("PloyPlayed", player=seat, card=action.card, name=c.name, text=c.text_plain,
             automated=effects.is_automated(action.card), choices=action.to_json())
    if not effects.resolve_gambit(ctx, seat, action.card, action.to_json()):
        open_window(ctx, ["power_card"], {"card": action.card, "player": seat})


def cast_spell(ctx: Ctx, seat: str, action: CastSpell) -> None:
    """§22.2: roll magic dice equal to the wizard level; backlash on 2+ crits; cast if the roll matches."""
    st = ctx.st
    if action.card not in st.players[seat].power:
        raise IllegalAction("uw.card.not_in_hand", card=action.card)
    c = rules.card(action.card)
    wizard = st.find_fighter(action.wizard)
    if not isinstance(c, SpellCard):
        raise IllegalAction("uw.spell.not_a_spell", card=c.name)
    if wizard is None or wizard.seat != seat or not wizard.on_battlefield or rules.wizard_level(st, wizard) < 1:
        raise IllegalAction("uw.spell.no_wizard", card=c.name, wizard=action.wizard)
    st.players[seat].power.remove(action.card)
    faces = roll(ctx.rng, get_die("underworlds", "magic"), rules.wizard_level(st, wizard))
    reading = casting_roll(faces, [d.value for d in c.difficulty if d.value != "critical"])
    ctx.emit("SpellCastRolled", player=seat, card=action.card, name=c.name, wizard=wizard.id, dice=faces)
    if reading.backlash:
        deal_damage(ctx, wizard, 1, {"kind": "backlash", "seat": seat, "fighter": wizard.id})
    survived = wizard.on_battlefield and wizard.wounds < rules.wounds(st, wizard)
    if reading.cast(wizard_survives=survived):
        ctx.emit("SpellCast", player=seat, card=action.card, name=c.name, text=c.text_plain,
                 automated=effects.is_automated(action.card))
        effects.resolve_gambit(ctx, seat, action.card, action.to_json())
    else:
        ctx.emit("SpellFailed", player=seat, card=action.card, name=c.name)
        st.players[seat].power_discard.append(action.card)


# -- delve and recycle ----------------------------------------------------------------------------------------------


def delve_options(st: State, fr: JSON, seat: str) -> list[JSON]:
    """Friendly, not staggered fighters on a feature token not yet delved by this player this step (§23.2)."""
    out = []
    done = fr["delved"].get(seat, [])
    tokens: dict[Hex | None, FeatureToken] = {}
    for t in st.feature_tokens:
        tokens.setdefault(t.hex, t)  # the first token in each hex, as a search of the list finds
    for f in st.surviving(seat):
        token = tokens.get(f.hex)
        if token is None or token.id in done or f.stagger or not rules.can_be_staggered(st, f):
            continue
        if token.other_side is FeatureSide.BLOCKED:
            continue  # §9.1: never flipped to blocked under a fighter
        out.append({"type": "Delve", "fighter": f.id})
    return out


def recycle_options(st: State, seat: str) -> list[JSON]:
    """Power cards whose restricted fighters are all out of action; gambit spells once every wizard is (§23.3)."""
    out = []
    fighters = st.warband_of(seat)
    wizards_gone: bool | None = None  # looked for once a spell is in hand

    def no_wizard_left() -> bool:
        has_wizard = any(rules.wizard_level(st, f) > 0 for f in fighters)
        return has_wizard and not any(rules.wizard_level(st, f) > 0 for f in st.surviving(seat))
    for card_id in sorted(set(st.players[seat].power)):
        c = rules.card(card_id)
        named = [f for f in fighters if any(f.name in r for r in c.restrictions)] if c.restrictions else []
        if isinstance(c, SpellCard) and wizards_gone is None:
            wizards_gone = no_wizard_left()
        if (named and all(f.out_of_action for f in named)) or (isinstance(c, SpellCard) and wizards_gone):
            out.append({"type": "Recycle", "card": card_id})
    return out


# -- the power frame ------------------------------------------------------------------------------------------------


def taking_part(st: State, active: str, seat: str) -> str:
    """Who acts after ``seat`` in ``active``'s power step. Only the active player and the next one in play order take
    part (on the round's last turn, the one who would go next; seed 000 lines 1623-1625, digest §23.4): with two
    players, the other one."""
    return st.next_seat(active) if seat == active else active



def _legal(st: State, fr: JSON, seat: str) -> list[JSON]:
    from engine.underworlds.turns import reveal_options
    return [*ploy_options(st, seat), *upgrade_options(st, seat), *delve_options(st, fr, seat),
            *recycle_options(st, seat), *reveal_options(st, seat), {"type": "Pass"}]


def _act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    st = ctx.st
    if isinstance(action, Pass):
        fr["passes"] += 1
        ctx.emit("PowerStepPassed", player=seat)
        fr["to_act"] = taking_part(st, fr["active"], seat)
        return
    if isinstance(action, PlayPloy):
        play_ploy(ctx, seat, action)
    elif isinstance(action, CastSpell):
        cast_spell(ctx, seat, action)
    elif isinstance(action, PlayUpgrade):
        play_upgrade(ctx, seat, action.card, action.fighter)
    elif isinstance(action, Delve):
        if action.to_json() not in delve_options(st, fr, seat):
            raise IllegalAction("uw.delve.not_possible", fighter=action.fighter)
        f = st.fighter(action.fighter)
        token = next(t for t in st.feature_tokens if t.hex == f.hex)
        st.feature_tokens = list(flip_token(st.feature_tokens, token.id, occupied=st.occupied()))
        fr["delved"].setdefault(seat, []).append(token.id)
        new = st.token(token.id)
        ctx.emit("Delved", player=seat, fighter=f.id, name=f.name, token=token.id,
                 side=new.face_up.value if new else None)
        stagger(ctx, f, by="delve")
    elif isinstance(action, Recycle):
        if action.to_json() not in recycle_options(st, seat):
            raise IllegalAction("uw.recycle.not_possible", card=action.card)
        st.players[seat].power.remove(action.card)
        st.players[seat].power_discard.append(action.card)
        ctx.emit("CardRecycled", player=seat, card=action.card, name=rules.card(action.card).name)
        draw_cards(ctx, seat, "power", 1)
    else:
        raise bad_action(action, "power")
    fr["passes"] = 0
    fr["to_act"] = taking_part(st, fr["active"], seat)


def _run(ctx: Ctx, fr: JSON) -> bool:
    if fr["passes"] >= 2:  # §23: both players passed in succession
        pop(ctx.st, fr)
        ctx.emit("PowerStepEnded", player=fr["active"])
        return True
    return False


frame("power", run=_run, awaiting=lambda st, fr: [fr["to_act"]] if fr["passes"] < 2 else [], legal=_legal, act=_act)
