"""Words for an Underworlds match at the table: readable actions, event lines, and the embeds.

Everything is built from ``system.view(state, seat)`` and the events of one action; events marked
``visible_to`` are shown only to those seats. The embeds are the turn panel (whose turn, round,
activations, glory, hands as counts, the step waiting), the combat result, the victory and the hand
(for its owner only, in an ephemeral reply).
"""
from __future__ import annotations

import functools
from collections import deque
from typing import Any, Iterable, Mapping, Sequence

from engine.underworlds.cards import load_cards, load_rivals_decks
from engine.underworlds.fighters import load_warbands
from engine.underworlds.hexgrid import Hex
from table.reply import Embed, Field, Reply
from table.underworlds.board import battlefield_of, fighter_labels, seat_colours

JSON = dict[str, Any]

FACES = {"critical": "✹crit", "hammer": "🔨hammer", "swords": "⚔swords", "block": "🛡block", "dodge": "💨dodge",
         "single_support": "✦support", "double_support": "✦✦support", "channel": "channel", "focus": "focus",
         "blank": "blank"}
"""How a die face is written."""
OUTCOMES = {"critical_hit": "Critical hit", "hit": "Hit", "draw": "Draw", "miss": "Miss",
            "critical_defence": "Critical defence"}
STEPS = {
    "choose_warbands": "choose your warband, then your Rivals deck (secret until both have chosen)",
    "board_player": "the roll-off winner chooses who picks the first board",
    "first_board": "pick the first board", "second_board": "pick the second board",
    "place_boards": "arrange the two boards", "feature_tokens": "place a feature token",
    "redraw": "redraw decision (secret until both have decided)",
    "deploy_player": "the roll-off winner chooses who deploys first", "deploy": "place a fighter",
    "first_turn": "the roll-off winner chooses who takes the first turn",
    "turn": "activation: a fighter action or a player action",
    "charge": "the charging fighter attacks", "barge": "the barging fighter stuns",
    "plan": "discard an objective card (Plan)", "attack": "attack: re-roll or drive back",
    "scatter": "Scatter: choose the next scatter die of the chain",
    "window": "reaction step: play a reaction or pass", "power": "power step: play a card, delve, or pass",
    "end": "end phase: score, discard, upgrades, then finish",
}
COLOURS = {"panel": 0x2B6CB0, "combat": 0xC53030, "victory": 0xD69E2E, "hand": 0x38A169}


@functools.cache
def cards() -> dict[str, Any]:
    """Every known card, by id."""
    return load_cards()


def card_name(card_id: str) -> str:
    """A card's printed name (its id if unknown)."""
    card = cards().get(card_id)
    return card.name if card else card_id


def warband_name(key: str | None) -> str:
    """A warband's name (its id if unknown)."""
    warband = load_warbands().get(str(key))
    return warband.name if warband else str(key)


def deck_name(key: str | None) -> str:
    """A Rivals deck's name (its id if unknown)."""
    deck = load_rivals_decks().get(str(key))
    return getattr(deck, "name", None) or str(key)


def board_name(key: str | None) -> str:
    """A board face's name (its id if unknown)."""
    from engine.underworlds.battlefield import load_boards

    board = load_boards().get(str(key))
    return board.name if board else str(key)


class Names:
    """Who and what things are called in one view: fighters, seats, cards."""

    def __init__(self, view: JSON, players: Mapping[str, str]) -> None:
        self.view = view
        self.players = dict(players)
        self.fighters = {f["id"]: f for f in view.get("fighters", ())}
        self.labels = fighter_labels(view.get("fighters", ()))

    def seat(self, seat: str | None) -> str:
        """The player's name for a seat."""
        return self.players.get(str(seat), str(seat))

    def fighter(self, fighter_id: str | None, *, label: bool = True) -> str:
        """``Targor (Ta)``: a fighter's name with its board label."""
        f = self.fighters.get(str(fighter_id))
        if f is None:
            return str(fighter_id)
        return f"{f['name']} ({self.labels[f['id']]})" if label else f["name"]

    def attack(self, fighter_id: str, index: int) -> str:
        """``Gore-Axe (2🔨, range 1, 2 dmg)``: one of a fighter's attacks."""
        f = self.fighters.get(fighter_id) or {}
        attacks = f.get("attacks") or []
        if not 0 <= index < len(attacks):
            return f"attack {index}"
        a = attacks[index]
        extras = [k for k in ("cleave", "ensnare", "scything", "stagger") if a.get(k)]
        extras += [f"grievous {a['grievous']}"] if a.get("grievous") else []
        extras += [f"knockback {a['knockback']}"] if a.get("knockback") else []
        tail = f", {', '.join(extras)}" if extras else ""
        return f"{a['name']} ({a['dice']}×{a['symbol']}, range {a['range']}, {a['damage']} dmg{tail})"


def path_length(view: JSON, fighter_id: str, to: str) -> int | None:
    """Hexes a fighter must enter to reach ``to`` through empty, open hexes (None: no route)."""
    battlefield = battlefield_of(view)
    f = next((x for x in view.get("fighters", ()) if x["id"] == fighter_id), None)
    if battlefield is None or f is None or not f.get("hex"):
        return None
    start, goal = Hex.parse(f["hex"]), Hex.parse(to)
    closed = set(battlefield.blocked_hexes)
    closed |= {Hex.parse(t["hex"]) for t in view.get("feature_tokens", ()) if t.get("hex") and t["face_up"] == "blocked"}
    closed |= {Hex.parse(x["hex"]) for x in view.get("fighters", ()) if x.get("hex") and not x.get("out_of_action")}
    seen, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return seen[here]
        for nxt in battlefield.neighbours(here):
            if nxt not in seen and (nxt not in closed or nxt == goal):
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return None


def action_label(action: JSON, names: Names, *, costs: bool = True) -> str:
    """A readable line for one action (autocomplete names, buttons, logs); at most 100 characters.

    ``costs``: add the hexes a move costs (from the fighters' positions in ``names.view``) and an
    attack's dice; without them the label is short enough for a button.
    """
    kind = action.get("type", "?")
    fighter = names.fighter(action.get("fighter")) if action.get("fighter") else ""
    text: str
    if kind in ("Move", "Charge", "Barge"):
        steps = path_length(names.view, action["fighter"], action["to"]) if costs else None
        cost = f" · {steps} hex{'es' if steps != 1 else ''}" if steps is not None else ""
        text = f"{kind} {fighter} → {action['to']}{cost}"
    elif kind == "Attack":
        weapon = names.attack(action["fighter"], action.get("attack", 0))
        text = (f"Attack {names.fighter(action.get('target'))} with {fighter}'s "
                f"{weapon if costs else weapon.split(' (')[0]}")
    elif kind == "Guard":
        text = f"Guard with {fighter}"
    elif kind == "Stun":
        text = f"Stun {names.fighter(action.get('target'))} with {fighter}"
    elif kind == "Venture":
        text = "Draw a power card"
    elif kind == "Plan":
        text = "Plan: draw an objective, then discard one"
    elif kind == "Pass":
        text = "Pass"
    elif kind in ("PlayPloy", "PlayUpgrade", "PlayReaction", "CastSpell", "Recycle", "ScoreObjective",
                  "DiscardObjective", "DiscardPower", "UseCardAction"):
        verb = {"PlayPloy": "Play", "PlayUpgrade": "Upgrade", "PlayReaction": "React with", "CastSpell": "Cast",
                "Recycle": "Recycle", "ScoreObjective": "Score", "DiscardObjective": "Discard objective",
                "DiscardPower": "Discard", "UseCardAction": "Use"}[kind]
        text = f"{verb} {card_name(action['card'])}"
        on = [names.fighter(action[k]) for k in ("fighter", "wizard") if action.get(k)]
        if action.get("target"):
            on.append("→ " + names.fighter(action["target"]))
        if action.get("hex"):
            on.append(f"at {action['hex']}")
        text += (" · " + " ".join(on)) if on else ""
    elif kind == "Delve":
        text = f"Delve with {fighter}"
    elif kind == "FinishEndPhase":
        text = "Finish the end phase (draw up)"
    elif kind == "ChooseWarband":
        text = f"Warband: {warband_name(action['warband'])}"
    elif kind == "ChooseDeck":
        text = f"Deck: {deck_name(action['deck'])}"
    elif kind in ("ChooseBoardPlayer", "ChooseFirstToDeploy", "ChooseFirstTurn"):
        what = {"ChooseBoardPlayer": "picks the first board", "ChooseFirstToDeploy": "deploys first",
                "ChooseFirstTurn": "takes the first turn"}[kind]
        text = f"{names.seat(action['player'])} {what}"
    elif kind == "ChooseBoard":
        text = f"Board: {board_name(action['board'])}"
    elif kind == "PlaceBoards":
        text = (f"Boards: {action.get('edge', 'long')} edges, offset {action.get('offset', 0)}, "
                f"turned {action.get('first_orientation', 0)}°/{action.get('second_orientation', 0)}°")
    elif kind == "PlaceFeatureToken":
        text = f"Feature token at {action['hex']}"
    elif kind == "Redraw":
        text = {"none": "Keep my hand", "objectives": "Redraw objectives", "power": "Redraw power cards",
                "all": "Redraw both hands"}.get(action.get("cards", "none"), "Redraw")
    elif kind == "PlaceFighter":
        text = f"Deploy {fighter} at {action['hex']}"
    elif kind == "Reroll":
        die = action.get("die", 0)
        dice = (names.view.get("prompt") or {}).get("dice") or []
        face = FACES.get(dice[die], dice[die]) if die < len(dice) else "?"
        text = f"Re-roll attack die {die + 1} ({face})"
    elif kind == "DriveBack":
        text = f"Drive back to {action['to']}"
    elif kind == "Loot":
        text = f"Loot: place token {action['token']} ({action.get('side', 'cover')} side up)"
    else:
        text = kind + "".join(f" {k}={v}" for k, v in action.items() if k != "type")
    return text[:100]


# ---------------------------------------------------------------------------------------------
# events


def _visible(event: JSON, viewer: str | None) -> bool:
    seen_by = event.get("visible_to")
    return seen_by is None or (viewer is not None and viewer in seen_by)


def event_line(e: JSON, names: Names) -> str | None:
    """One event as a line of text, or None for bookkeeping events nobody needs to read."""
    t = e.get("type")
    who = names.seat(e.get("player")) if e.get("player") else ""
    f = names.fighter(e.get("fighter")) if e.get("fighter") else ""
    lines = {
        "WarbandChosen": f"{who} has chosen a warband.",
        "WarbandChosenPrivately": f"You chose {warband_name(e.get('warband'))}.",
        "DeckChosen": f"{who} has chosen a Rivals deck.",
        "DeckChosenPrivately": f"You chose the {deck_name(e.get('deck'))} deck.",
        "BoardPlayerChosen": f"{who} picks the first board.",
        "BoardChosen": f"{who} chose {board_name(e.get('board'))}.",
        "BoardsPlaced": "The boards are placed.",
        "FeatureTokenPlaced": f"{who} placed a feature token at {e.get('hex')}.",
        "FeatureTokensRevealed": "The feature tokens are revealed.",
        "RedrawDecided": f"{who} has decided on a redraw.",
        "RedrawDecidedPrivately": f"Your redraw: {e.get('cards')}.",
        "RedrawsRevealed": "Redraws: " + ", ".join(f"{names.seat(s)} {c}" for s, c in (e.get("decisions") or {}).items()),
        "CardsDrawnPrivately": "You drew: " + ", ".join(card_name(c) for c in e.get("cards", ())),
        "CardsDrawn": f"{who} drew {e.get('count')} {e.get('deck')} card{'s' if e.get('count') != 1 else ''}.",
        "FirstToDeployChosen": f"{who} deploys first.",
        "FighterPlaced": f"{f} deployed at {e.get('hex')}.",
        "DeploymentFinished": "Deployment is over.",
        "RoundStarted": f"**Round {e.get('round')}** begins.",
        "FirstTurnChosen": f"{who} takes the first turn.",
        "FighterMoved": f"{f} moved {e.get('from')} → {e.get('to')}.",
        "FighterPushed": f"{f} was {'driven back' if e.get('how') == 'drive_back' else 'pushed'} {e.get('from')} → {e.get('to')}.",
        "FighterCharged": f"{f} charges!",
        "FighterGuarded": f"{f} is on Guard.",
        "FighterStunned": f"{f} stunned {names.fighter(e.get('target'))}.",
        "FighterStaggered": f"{f} is staggered.",
        "FighterDamaged": f"{f} takes {e.get('amount')} damage ({e.get('wounds')} wounds).",
        "FighterHealed": f"{f} is healed.",
        "FighterOutOfAction": f"💀 {f} is out of action.",
        "FighterInspired": f"✨ {f} is Inspired.",
        "AttackFailed": f"The attack by {f} fails: {e.get('why')}.",
        "Backlash": f"⚡ Backlash: {f} rolled two or more critical successes on the magic dice and suffers 1 damage.",
        "Ventured": f"{who} drew a power card.",
        "Planned": f"{who} planned.",
        "PloyPlayed": f"{who} played **{e.get('name')}**.",
        "SpellCast": f"{who} cast **{e.get('name')}**.",
        "SpellFailed": f"{who}'s spell **{e.get('name')}** failed.",
        "UpgradePlayed": f"{who} gave **{e.get('name')}** to {names.fighter(e.get('fighter'))}.",
        "ReactionDeclared": f"{who} reacts with **{e.get('name')}**.",
        "Delved": f"{who} delved with {f}: token {e.get('token')} is now {e.get('side')}.",
        "CardRecycled": f"{who} recycled {e.get('name')}.",
        "ObjectiveRevealed": f"{who} revealed **{e.get('name')}**.",
        "ObjectiveScored": f"🏆 {who} scored **{e.get('name')}** (+{e.get('glory')} glory).",
        "ObjectiveDiscarded": f"{who} discarded objective {e.get('name')}.",
        "PowerCardDiscarded": f"{who} discarded {e.get('name')}.",
        "GloryGained": f"{who} gains {e.get('amount')} glory ({e.get('reason')}).",
        "CardTextToSettle": f"📜 Settle by hand (referee commands): **{e.get('name')}**: {str(e.get('text', ''))[:300]}",
        "EndPhaseStarted": f"**End phase** of round {e.get('round')}.",
        "RoundEnded": f"Round {e.get('round')} is over.",
        "MatchEnded": "The match is over.",
        "RefereeAction": f"Referee: {e.get('summary') or e.get('action') or ''}",
    }
    return lines.get(str(t))


def event_lines(events: Iterable[JSON], names: Names, viewer: str | None) -> list[str]:
    """The readable lines of the events ``viewer`` may see (None: everyone)."""
    out = []
    for e in events:
        if not _visible(e, viewer) or (viewer is None and e.get("visible_to") is not None):
            continue
        line = event_line(e, names)
        if line:
            out.append(line)
    return out


def private_lines(events: Iterable[JSON], names: Names, seat: str) -> list[str]:
    """The lines only ``seat`` may read."""
    return [line for e in events if e.get("visible_to") and seat in e["visible_to"]
            for line in [event_line(e, names)] if line]


# ---------------------------------------------------------------------------------------------
# embeds


def combat_embeds(events: Sequence[JSON], names: Names) -> list[Embed]:
    """One embed per attack in the events: dice each side, outcome, damage, drive back, glory."""
    out: list[Embed] = []
    current: Embed | None = None
    for e in events:
        t = e.get("type")
        if t == "AttackDeclared":
            current = Embed(title=f"⚔ {names.fighter(e['fighter'])} attacks {names.fighter(e['target'])}",
                            description=f"with {e.get('attack')}", color=COLOURS["combat"])
            out.append(current)
        elif current is None:
            continue
        elif t in ("AttackRolled", "AttackDieRerolled"):
            name = "Attack dice" if t == "AttackRolled" else "Attack dice (after re-roll)"
            _set(current, name, " ".join(FACES.get(d, d) for d in e.get("dice", ())) or "none")
        elif t == "DefenceRolled":
            _set(current, "Defence dice", " ".join(FACES.get(d, d) for d in e.get("dice", ())) or "none")
        elif t == "AttackResolved":
            if "supports" in e or "defence_supports" in e:
                _set(current, "Supports", f"attacker {e.get('supports', 0)} · target {e.get('defence_supports', 0)}")
            _set(current, "Successes", f"attack {e.get('attack_successes')} ({e.get('attack_crits')} crit) · "
                                       f"defence {e.get('defence_successes')} ({e.get('defence_crits')} crit)")
            if e.get("trapped"):
                _set(current, "Trapped", "yes: the target can't be driven back and defends worse")
            _set(current, "Outcome", f"**{OUTCOMES.get(str(e.get('result')), e.get('result'))}**")
        elif t == "FighterDamaged":
            _set(current, "Damage", f"{names.fighter(e['fighter'])}: {e.get('amount')} "
                                    f"(now {e.get('wounds')} wounds)")
        elif t == "FighterPushed" and e.get("how") == "drive_back":
            _set(current, "Drive back", f"{e.get('from')} → {e.get('to')}")
        elif t == "DriveBackDeclined":
            _set(current, "Drive back", "declined")
        elif t == "FighterOutOfAction":
            _set(current, "Out of action", f"💀 {names.fighter(e['fighter'])}")
        elif t == "GloryGained":
            _set(current, "Glory", f"{names.seat(e.get('player'))} +{e.get('amount')} ({e.get('reason')})")
        elif t == "AttackFailed":
            _set(current, "Outcome", f"fails: {e.get('why')}")
    return out


def _set(embed: Embed, name: str, value: str) -> None:
    for f in embed.fields:
        if f.name == name:
            f.value = (f.value + "\n" + value)[:1024]
            return
    embed.fields.append(Field(name, value[:1024]))


def step_text(view: JSON) -> str:
    """What the match waits for, in words."""
    prompt = view.get("prompt") or {}
    kind = prompt.get("kind")
    if kind == "setup":
        return STEPS.get(view["setup"]["stage"], view["setup"]["stage"])
    if kind == "attack" and prompt.get("dice"):
        return f"attack with {prompt.get('attack')}: re-roll a die or pass, or drive back"
    return STEPS.get(str(kind), str(kind or "—"))


def panel_embed(view: JSON, names: Names, *, match_id: str, image: str | None = None,
                mentions: Mapping[str, int] | None = None) -> Embed:
    """The turn panel: round, phase, whose decision, activations, glory, hands as counts, the fighters."""
    players = view["players"]
    waiting = view.get("awaiting") or []
    who = ", ".join(f"<@{mentions[s]}>" if mentions and s in mentions else names.seat(s) for s in waiting)
    phase = view.get("phase")
    title = f"Underworlds · round {view.get('round') or '-'} · {phase}"
    desc = f"**Waiting for:** {who or 'nobody'}\n**Step:** {step_text(view)}"
    fields = []
    colours = seat_colours(view) if all(players[s].get("warband") not in (None, "chosen") for s in view["seats"]) else {}
    for seat in view["seats"]:
        p = players[seat]
        wb = p.get("warband")
        lines = [f"Warband: {warband_name(wb) if wb not in (None, 'chosen') else ('chosen' if wb else '—')}",
                 f"Glory: **{p.get('glory', 0)}** available · {p.get('glory_spent', 0)} spent",
                 f"Hand: {len(p.get('objectives', ()))} objectives · {len(p.get('power', ()))} power",
                 f"Decks: {p.get('objective_deck', 0)} obj · {p.get('power_deck', 0)} power"]
        if phase == "action":
            lines.insert(1, f"Activations left: **{p.get('activations_left', 0)}**")
        if p.get("scored"):
            lines.append("Scored: " + ", ".join(card_name(c) for c in p["scored"])[:300])
        marker = " ▶" if seat in waiting else ""
        fields.append(Field(f"{names.seat(seat)}{marker}", "\n".join(lines)))
    roster = []
    for f in view.get("fighters", ()):
        state = "out of action" if f.get("out_of_action") else (f.get("hex") or "not deployed")
        wounds = f"{f.get('wounds', 0)}/{f.get('wounds_max', '?')}"
        marks = "".join(m[0].upper() for m in ("move", "charge", "guard", "stagger") if f.get(m))
        insp = " ✨" if f.get("inspired") else ""
        roster.append(f"`{names.labels[f['id']]:<3}` {f['name']} · {state} · {wounds}w{(' · ' + marks) if marks else ''}{insp}")
    if roster:
        fields.append(Field("Fighters (label · hex · wounds · markers)", "\n".join(roster)[:1024], inline=False))
    colour = int(colours[waiting[0]].lstrip("#"), 16) if colours and waiting and waiting[0] in colours else COLOURS["panel"]
    return Embed(title=title, description=desc, fields=fields, color=colour, image=image,
                 footer=f"match {match_id} · coordinates on the board are what commands accept")


def victory_embed(view: JSON, names: Names, outcome: Mapping[str, Any] | None, seed: str | None) -> Embed:
    """The end of the match: the winner (or a draw), glory each side, the revealed seed."""
    result = view.get("outcome") or {}
    winner = (outcome or {}).get("winner") or result.get("winner")
    glory = result.get("glory") or {s: view["players"][s].get("glory", 0) + view["players"][s].get("glory_spent", 0)
                                    for s in view["seats"]}
    title = f"🏆 {names.seat(winner)} wins!" if winner else "The match is a draw"
    lines = [f"{names.seat(s)}: **{glory.get(s, 0)}** glory" for s in view["seats"]]
    if result.get("reason"):
        lines.append(f"Decided by: {result['reason']}")
    if (outcome or {}).get("reason") in ("concede", "abandon"):
        lines.append(f"Ended by {outcome['reason']}")
    embed = Embed(title=title, description="\n".join(lines), color=COLOURS["victory"])
    if seed:
        embed.footer = f"dice seed {seed} · check every roll with /match verify"
    return embed


def hand_embed(view: JSON, seat: str, names: Names) -> Embed:
    """A player's own hand with card texts (ephemeral replies only)."""
    p = view["players"][seat]
    fields = []
    for c in p.get("objectives", ()):
        card = cards().get(c)
        glory = f" · {card.glory} glory" if card is not None and hasattr(card, "glory") else ""
        fields.append(Field(f"🎯 {card_name(c)} ({c}){glory}", (card.text_plain if card else "")[:1024] or "—", False))
    for c in p.get("power", ()):
        card = cards().get(c)
        kind = card.type if card else "card"
        fields.append(Field(f"⚡ {card_name(c)} ({c}) · {kind}", (card.text_plain if card else "")[:1024] or "—", False))
    return Embed(title=f"Your hand · {names.seat(seat)}", fields=fields[:25], color=COLOURS["hand"],
                 description=(f"Glory {p.get('glory', 0)} available. Play cards with `/uw play` or `/uw do`."
                              if fields else "Your hand is empty."))


def coverage_reply() -> Reply:
    """How many of the Rivals cards the engine automates, per deck (``/uw coverage``)."""
    from engine.underworlds.effects import automation_coverage

    coverage = automation_coverage()
    fields = [Field(deck or "other", f"automated {n['automated']} · in part {n['partial']} · "
                                     f"by referee {n['referee']}", inline=False)
              for deck, n in sorted(coverage["decks"].items())]
    return Reply(embeds=[Embed(title="Card automation", description=coverage["summary"], fields=fields,
                               footer="Cards not automated still play: their text is shown and the players "
                                      "settle it with /uw ref commands, logged.")], ephemeral=True)
