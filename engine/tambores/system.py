"""``TamboresSystem``: the GameSystem of Tambores de Guerra: Enclave for two players (seats player1, player2).

The state is the JSON dict documented in ``state.py``. "§" is a section of ``shared/rules/tambores.md``; rulings
for its ambiguities (§21) are in ``docs/rulings/tambores.md``.

Options (``setup``): ``pack`` (a pack document; default: the shipped training pack), ``mode`` (``skirmish``,
``duel``, ``campaign``; default skirmish), ``armies`` ({seat: deck id}; default the pack's first two decks, or its
only one mirrored), ``heroes`` ({seat: hero id or "random"}, skirmish only; default random, §7).

View (``view(state, seat)``; ``None``: a spectator)
    game, view_of, seats, mode, pack {id, name, training}, pack_id, pack_training, battle, battles,
    results [{battle, winner, reason, heroes, colours, points, turn}], points {seat: int}, turn,
    marker (the first-player marker's holder), phase (setup, deployment, combat, replenishment, over),
    step (choose_hero, remove, deploy, declare, respond, prevent, replenish, over), current (whose single
    action it is in choose_hero/deploy/declare, else null), awaiting [seats], players {seat: {deck, deck_name,
    army, hero {id, name, colour, attack, defence, life, wounds, ability {id, name, text, cost, trigger} | null,
    ability_ready}, slots [5 × null | {slot (1-5), card, instance, name, attack, defence (effective now),
    printed_attack, printed_defence, life, range, wounds, attack_bolt, defence_bolt, unit_type, ability,
    negated, engaged, deployed_turn, attached [{card, instance, name, kind}]}], hand (the viewer's own seat only,
    else null: [{id, name, kind, cost (to deploy it now), deployment_cost (printed), cost_from_deck, cost_bolt,
    attack, defence, life, range, unit_type, attack_bolt, defence_bolt, text, ability}], from the match's own pack
    copy), hand_count, draw_deck_count, discard [card ids, top first], discard_count,
    removed_count, passed, removal_left}}, declarations {seat: [{slot, order (fight, support, attack, hero,
    hold), target (enemy slot | null)}]}, negations {seat: {"<slot>": enemy slot}}, strikes {seat: {"<slot>" |
    "hero": enemy slot | null}}, pending [{seat, kind (hero_strike, engaged_strike, strike_back,
    cancel_impact), striker (slot | "hero"), options, optional}], impacts [{seat, on, count}], attacks
    [{seat, attackers [slots | "hero"], target (enemy slot | "hero"), kind (fight, strike, attack, hero,
    hero_strike), attack (sum), defence, impacts (from the respond step on)}], secret {seat: null | "decided" |
    the viewer's own choice}, cards {id: entry as in a hand} (every hero and card of the decks played: the pack is
    public, where each copy lies is not), last [the last combat's attacks, as ``attacks`` with impacts], result {winner,
    reason} | null (this battle), outcome {winner, reason, results, points} | null (the match), opponent,
    dumped {seat: bool} (this turn's replenishment choices once both are revealed, else {}).

Actions (``legal_actions`` lists them all; ``apply`` refuses any other)
    ChooseHero {hero}                          campaign: a hero of a colour not played yet (§15.3)
    RemoveCard {card}                          eye initial removal: one card of the draw deck, by id (§7); secret
    DeployUnit {card, slot, pay [card ids]}    a unit into an empty slot 1-5, paying with other hand cards (§10)
    DeployEquipment {card, slot, pay}          under the unit in ``slot`` (null: a card not attached); ``pay`` is
    DeployTactic {card, slot, pay}             [] for a ↓ cost (top of the draw deck, unseen)
    Pass {}                                    no more deploying this turn
    UseHeroAbility {pay}                       a costed hero ability (trigger activated), once per turn, any step
                                               where the match waits for the player, and in deployment and combat
                                               (deploy, declare, respond) also out of turn: after passing, while
                                               the opponent declares; not an action (§6.3, seed 002 l.186)
    Declare {slot, order, target}              order support|attack (target: enemy slot), hero, hold (§11.3)
    Negate {slot, target}                      a ⚡ defence unit negates that enemy unit's ability this combat (§5)
    Strike {striker (slot | "hero"), target}   a response: strike back / pick which supporter to strike (§21.5)
    Decline {striker}                          an optional response not taken (also: no impact cancelled)
    CancelImpact {on (slot | "hero"), pay}     a costed hero ability cancelling impacts (e.g. Rincemer)
    Replenish {dump}                           dump the hand to the removed pile or not; secret until both choose
    ChooseMode {mode}                          the challenger, before battle 1 when the options fix no setup (choices)
    ChooseArmy {deck}                          each player, at once, secret until both chose ("random" too)
    ChooseHero {hero}                          also a skirmish's secret hero choice ("random" too)
Referee actions (either player, any time of a battle, never listed by ``legal_actions``; ``referee.py``)
    AdjustWounds {seat, on, delta, reason?}; MoveCard {seat, card, source, target, reason?}; RefereeNote {text};
    on the front line (``referee_line.py``): PlaceCard {seat, card, source, slot, reason?}; LiftCard {seat, slot,
    card?, target, reason?}; ShiftCard {seat, slot, to, card?, to_seat?, swap?, reason?}

Events (JSON dicts; ``visible_to`` [seat] when only that seat may see one)
    BattleStarted {battle, battles, mode, decks}; HeroChosen {seat, hero, name}; MarkerTossed {marker, for?};
    CardsRemoved {seat, count, reason (initial, cost, ability, dump), source (hand, draw_deck)} (the removed pile is
    face down: never which cards); CardsRemovedPrivately {seat, cards, reason, visible_to} (cards paid from the hand);
    CardsDrawn {seat, count}; CardDrawn {seat, cards, visible_to}; Reshuffled {seat, count};
    TurnStarted {turn, marker}; UnitDeployed / EquipmentDeployed / TacticDeployed {seat, card, instance, name,
    slot, cost}; Passed {seat}; HeroAbilityUsed {seat, hero, ability, name, cost}; AbilityActivated {seat,
    ability, name, at}; CardsMoved {seat, count, source, target, by}; CombatStarted {turn}; Declared {seat,
    slot, order, target}; Negated {seat, slot, target, void? (true: it conflicts with the marker holder's, l.192)};
    Struck / Declined {seat, striker, target};
    CombatResolved {results (as view.last)}; ImpactCancelled {seat, on, count, by}; Wounded {seat, on, count,
    wounds}; UnitAnnihilated {seat, slot, card, name, attached}; CombatEnded {turn}; HeroDefeated {seat, hero};
    ReplenishmentStarted {turn}; ReplenishChosen {seat};
    ReplenishChosenPrivately {seat, dump, visible_to}; ReplenishRevealed {dump {seat: bool}};
    MarkerPassed {marker}; BattleEnded {battle, winner, reason, heroes, colours, points, turn};
    MatchEnded {winner, reason}; ModeChosen {seat, mode, battles}; ArmyDecided {seat}; ArmyDecidedPrivately {seat,
    deck, visible_to}; ArmiesRevealed {armies, names}; HeroDecided {seat}; HeroDecidedPrivately {seat, hero,
    visible_to}; RefereeAction {by, action, reason}; RefereeMovedPrivately {seat, card, name, source, target,
    visible_to}; UnitPlaced / AttachmentPlaced {seat, slot, source, card, instance, name, by}; UnitLifted {seat,
    slot, target, attached, card, instance, name, by}; AttachmentLifted {seat, slot, target, card, instance, name,
    by}; UnitShifted {seat, slot, to, swapped, card, instance, name, by}; AttachmentShifted {seat, slot, to_seat,
    to, card, instance, name, by}.

Battle end reasons: hero_defeated, both_heroes_defeated, out_of_cards, both_out_of_cards (§14). Match end
reasons: the battle's (skirmish), battles_won / lower_colour (duel), points (campaign).
"""
from __future__ import annotations

from engine.core.errors import IllegalAction, InvalidInput
from engine.core.rng import Rng, choice, shuffled
from engine.core.system import JSON, Outcome, Sample, SystemInfo
from engine.tambores import practice
from engine.tambores import campaign, choices, combat, deployment, effects, referee, replenishment
from engine.tambores.setup import after_heroes, begin, new_match, start_battle
from engine.tambores.state import copy, card_id
from engine.tambores.view import view as build_view

INFO = SystemInfo("tambores", "Tambores de Guerra: Enclave", ("player1", "player2"),
                  aliases=("tdg", "tambores de guerra"), summary="Lanes of cards, no dice")
ACTION_TYPES = ("ChooseMode", "ChooseArmy", "ChooseHero", "RemoveCard", "DeployUnit", "DeployEquipment", "DeployTactic", "Pass",
                "UseHeroAbility", "Declare", "Negate", "Strike", "Decline", "CancelImpact", "Replenish",
                *referee.TYPES)


TRANSIENT = {
    "first_turn": lambda st, rng, ev: deployment.start_turn(st, 1, ev),
    "next_turn": lambda st, rng, ev: deployment.start_turn(st, st["turn"] + 1, ev),
    "start_combat": combat.start_combat,
    "start_replenishment": replenishment.start_replenishment,
    "next_battle": start_battle,
    "campaign_choice": campaign.start_choice,
    "after_heroes": after_heroes,
}
"""Steps that only say what comes next: the phase modules never call each other in a circle; ``advance`` does."""


SETUP_CHOICES = {
    "choose_mode": (choices.legal_mode, choices.apply_mode),
    "choose_army": (choices.legal_army, choices.apply_army),
    "choose_heroes": (choices.legal_hero, choices.apply_hero),
    "choose_hero": (campaign.legal, campaign.apply),
}
"""The steps before a battle's first turn: (legal actions, apply)."""


def advance(st: JSON, rng: Rng, events: list[JSON]) -> None:
    """Run the transitions until the match waits for a decision (or is over)."""
    while st["step"] in TRANSIENT:
        TRANSIENT[st["step"]](st, rng, events)


def awaiting(st: JSON) -> list[str]:
    """The seats the match waits for, in seat order."""
    step = st["step"]
    if step in ("choose_mode", "choose_hero", "deploy", "declare"):
        return [st["current"]]
    if step in ("choose_army", "choose_heroes"):
        return [s for s in st["seats"] if s not in st["secret"]]
    if step == "remove":
        return [s for s in st["seats"] if st["players"][s]["removal_left"]]
    if step in ("respond", "prevent"):
        return [st["pending"][0]["seat"]] if st["pending"] else []
    if step == "replenish":
        return [s for s in st["seats"] if s not in st["secret"]]
    return []


ANY_PHASE = ("deploy", "declare", "respond")
"""Steps in which a player the match does not wait for may still use a costed hero ability (trigger ``activated``):
"puede utilizarse una vez por turno y en cualquier fase del mismo. Activar esta habilidad no cuenta como acción"
(seed 002 l.186), so after passing in deployment, and in combat while the opponent declares or responds."""


def legal(st: JSON, seat: str) -> list[JSON]:
    """Every action ``seat`` may take now, in a stable order."""
    if seat not in awaiting(st):
        return effects.legal_use(st, seat) if st["step"] in ANY_PHASE else []
    step = st["step"]
    if step in SETUP_CHOICES:
        return SETUP_CHOICES[step][0](st, seat)
    if step == "remove":
        return [{"type": "RemoveCard", "card": c} for c in sorted({card_id(i) for i in st["players"][seat]["draw_deck"]})]
    if step == "deploy":
        out = deployment.legal(st, seat)
    elif step == "declare":
        out = combat.legal_declare(st, seat)
    elif step in ("respond", "prevent"):
        out = combat.legal_pending(st, seat)
    else:
        out = replenishment.legal(st, seat)
    return out + (effects.legal_use(st, seat) if step != "prevent" else [])


def _normal(action: JSON) -> JSON:
    out = dict(action)
    if isinstance(out.get("pay"), list):
        out["pay"] = sorted(out["pay"])
    return out


def apply_state(st: JSON, seat: str, action: JSON, rng: Rng) -> list[JSON]:
    """Apply a legal action to ``st`` in place; the events.

    :raises IllegalAction: tambores.over, tambores.unknown_seat, tambores.not_your_decision, tambores.illegal
    :raises InvalidInput: tambores.unknown_action
    """
    if st["step"] == "over":
        raise IllegalAction("tambores.over")
    if seat not in st["seats"]:
        raise IllegalAction("tambores.unknown_seat", seat=str(seat), seats=", ".join(st["seats"]))
    if not isinstance(action, dict) or action.get("type") not in ACTION_TYPES:
        kind = action.get("type") if isinstance(action, dict) else action
        raise InvalidInput("tambores.unknown_action", action=str(kind), actions=", ".join(ACTION_TYPES))
    if action["type"] in referee.TYPES:  # either player, any time of a battle; not among the legal actions
        events: list[JSON] = []
        referee.apply_referee(st, seat, action, rng, events)
        advance(st, rng, events)
        return events
    if seat not in awaiting(st) and (action["type"] != "UseHeroAbility" or not legal(st, seat)):
        raise IllegalAction("tambores.not_your_decision", step=st["step"], waiting=", ".join(awaiting(st)))
    action = _normal(action)
    if not any(a == action for a in legal(st, seat)):
        raise IllegalAction("tambores.illegal", action=action["type"], step=st["step"])
    events: list[JSON] = []
    kind, step = action["type"], st["step"]
    if kind == "UseHeroAbility":
        effects.use(st, seat, action, rng, events)
    elif step in SETUP_CHOICES:
        SETUP_CHOICES[step][1](st, seat, action, rng, events)
    elif step == "remove":
        p = st["players"][seat]
        inst = next(c for c in p["draw_deck"] if card_id(c) == action["card"])
        p["draw_deck"].remove(inst)
        p["removed"].insert(0, inst)
        p["removal_left"] -= 1
        events.append({"type": "CardsRemoved", "seat": seat, "count": 1, "reason": "initial", "source": "draw_deck"})
        if not awaiting(st):
            begin(st, rng, events)
    elif step == "deploy":
        deployment.apply(st, seat, action, rng, events)
    elif step == "declare":
        combat.apply_declare(st, seat, action, rng, events)
    elif step in ("respond", "prevent"):
        combat.apply_pending(st, seat, action, rng, events)
    else:
        replenishment.apply(st, seat, action, rng, events)
    advance(st, rng, events)
    return events


def redeal(state: JSON, seat: str, rng: Rng) -> JSON:
    """``state`` with ``seat``'s hidden information drawn again (the ``Secrets`` protocol), as a new dict: the cards
    that are in its hand, draw deck and removed pile (face down, §16) are dealt anew among the three, keeping each
    pile's count (a card paid, removed unseen or kept could be any card not shown: on the front line or in the
    discard pile); a simultaneous choice not yet revealed (army, skirmish hero, replenishment dump) is made again
    among the choices it had. Everything public (the board, the discard piles, every count) is unchanged."""
    st = copy(state)
    p = (st.get("players") or {}).get(seat)
    if p is not None:
        piles = ("hand", "draw_deck", "removed")
        pool = shuffled(rng, sorted((c for pile in piles for c in p[pile]), key=str))  # sorted: no trace of the deal
        for pile in piles:
            n = len(p[pile])
            p[pile], pool = pool[:n], pool[n:]
    if seat in (st.get("secret") or {}):
        step = st["step"]
        if step == "choose_army":
            options = [a["deck"] for a in choices.legal_army(st, seat)]
        elif step == "choose_heroes":
            options = [a["hero"] for a in choices.legal_hero(st, seat)]
        else:  # replenish
            options = [False, True]
        st["secret"][seat] = choice(rng, options)
    return st


class TamboresSystem:
    """Tambores de Guerra: Enclave, two players, army decks from a pack."""

    info = INFO
    samples = (
        Sample("asked", {}, 2, 3000),
        Sample("skirmish", {"mode": "skirmish"}, 2, 3000),
        Sample("duel", {"mode": "duel"}, 2, 3000),
        Sample("campaign", {"mode": "campaign"}, 2, 3000),
    )
    """The shipped pack is the training pack (the default): its three modes fixed by the options, and a match that
    asks every setup choice in the game (``choices``: the mode, secret armies and skirmish heroes). Random play ends
    within a few hundred actions (a campaign's three battles: at most ~450 in 40 seeded matches)."""

    def redeal(self, state: JSON, seat: str, rng: Rng) -> JSON:
        """``seat``'s hidden information drawn again (``redeal``)."""
        return redeal(state, seat, rng)

    def setup(self, options: JSON, seats: tuple[str, ...], rng: Rng) -> JSON:
        """The match at its first decision (see the module docstring for ``options``)."""
        st = new_match(options or {}, tuple(seats), rng)
        advance(st, rng, [])
        return st

    def legal_actions(self, state: JSON, seat: str) -> list[JSON]:
        if state.get("step") == "over" or seat not in state["seats"]:
            return []
        return legal(state, seat)

    def apply(self, state: JSON, seat: str, action: JSON, rng: Rng) -> tuple[JSON, list[JSON]]:
        st = copy(state)
        events = apply_state(st, seat, action, rng)
        return st, events

    def view(self, state: JSON, seat: str | None) -> JSON:
        return build_view(state, seat, awaiting(state))

    practice_budgets = practice.BUDGETS

    def evaluate(self, state: JSON, seat: str) -> float:
        """The practice opponent's score of a position (``engine.core.practice.Evaluates``)."""
        return practice.evaluate(state, seat)

    def outcome(self, state: JSON) -> Outcome | None:
        result = state.get("outcome")
        if not result:
            return None
        return Outcome(result["winner"], result["reason"] if result["winner"] else "draw",
                       {"results": result["results"], "points": result["points"], "decided_by": result["reason"]})
