"""Words for an Underworlds match at the table: readable actions, event lines, and the embeds.

Everything is built from ``system.view(state, seat)`` and the events of one action; events marked
``visible_to`` are shown only to those seats. The embeds are the turn panel (whose turn, round,
activations, glory, hands as counts, the step waiting), the combat result, the victory and the hand
(for its owner only, in an ephemeral reply).

Every word comes from the message catalogue (``data/i18n/underworlds.<lang>.yaml``, keys ``uw.text.*``) in
the language of ``Names.lang``, or of the ``lang`` argument of the functions given no ``Names``; English
by default. Names of cards, fighters, warbands, decks and boards stay as the data files give them.
"""
from __future__ import annotations

import functools
from collections import deque
from typing import Any, Mapping, Sequence

from engine.underworlds.cards import load_cards, load_rivals_decks
from engine.underworlds.hexgrid import Hex
from table.i18n import SCALARS, fill, message, messages
from table.reply import Embed, Field, Reply
from table.underworlds.board import battlefield_of, fighter_labels, seat_colours, warbands_of

JSON = dict[str, Any]

FACES = ("critical", "hammer", "swords", "block", "dodge", "single_support", "double_support", "channel", "focus",
         "blank")
"""The die faces with a written form, ``uw.text.face.<face>`` (``🔨hammer``); others are written as they come."""
OUTCOMES = ("critical_hit", "hit", "draw", "miss", "critical_defence")
"""The results of an attack, ``uw.text.outcome.<result>``."""
STEPS = ("choose_warbands", "board_player", "first_board", "second_board", "place_boards", "next_board",
         "place_extra_board", "feature_tokens", "redraw",
         "deploy_player", "deploy", "first_turn", "turn", "charge", "barge", "plan", "attack", "scatter", "window",
         "power", "end", "surge_draw", "card_choice", "card_moves",
         "card_attacks")
"""The setup stages and prompt kinds described in words, ``uw.text.step.<step>``."""
EVENTS = (
    "WarbandChosen", "WarbandChosenPrivately", "DeckChosen", "DeckChosenPrivately", "BoardPlayerChosen",
    "BoardChosen", "BoardsPlaced", "FeatureTokenPlaced", "FeatureTokensRevealed", "RedrawDecided",
    "RedrawDecidedPrivately", "RedrawsRevealed", "CardsDrawnPrivately", "CardsDrawn", "FirstToDeployChosen",
    "FighterPlaced", "DeploymentFinished", "RoundStarted", "FirstTurnChosen", "FighterMoved", "FighterPushed",
    "FighterCharged", "FighterGuarded", "FighterStunned", "FighterStaggered", "FighterDamaged", "FighterHealed",
    "FighterOutOfAction", "FighterInspired", "FighterUninspired", "MarkerGiven", "AttackFailed", "Backlash",
    "Ventured", "Planned", "PloyPlayed", "SpellCast", "SpellFailed", "UpgradePlayed", "ReactionDeclared", "Delved",
    "CardRecycled", "ObjectiveRevealed", "ObjectiveScored", "ObjectiveDrawDeclined", "CardChoiceMade",
    "CardChoiceDeclined", "ObjectiveDiscarded", "PowerCardDiscarded", "GloryGained", "CardTextToSettle",
    "EndPhaseStarted", "RoundEnded", "MatchEnded", "RefereeAction", "HaunchGained", "HaunchDiscarded",
    "BaneOfHeroesGiven", "BaneOfHeroesBroken", "TurnSkipped", "RollOff",
    "FirstToReactChosen")
"""The events written as a line, ``uw.text.event.<type>`` (a few split further, like ``CardsDrawn.one``)."""
CARD_ACTIONS = ("PlayPloy", "PlayUpgrade", "PlayReaction", "CastSpell", "Recycle", "ScoreObjective",
                "DiscardObjective", "DiscardPower", "UseCardAction", "ChooseForCard")
"""Actions naming a card, ``uw.text.action.<type>`` (``Play {card}``)."""
MARKERS = ("move", "charge", "guard", "stagger")
"""A fighter's markers, in the order the panel and the board write their letters (``uw.text.board.<m>_letter``)."""
ROLL_OFF_WHY = {"boards": "boards", "deployment": "deployment", "action phase": "action_phase",
                "inspire step": "inspire_step", "surge step": "surge_step", "reaction step": "reaction_step"}
"""What the engine rolls off for, in words: ``uw.text.roll_off_why.<key>`` (a card's roll-off: its name)."""
WHY = {"target not in range or not visible": "target_unreachable"}
"""The engine's reasons for a failed attack that have words of their own, ``uw.text.why.<key>``."""
COLOURS = {"panel": 0x2B6CB0, "combat": 0xC53030, "victory": 0xD69E2E, "hand": 0x38A169}


_CONTAINERS = (list, tuple, dict, set)


def text(key: str, lang: str = "en", **params: Any) -> str:
    """The catalogue's ``uw.text.<key>`` in ``lang`` with its parameters, each written as an f-string would."""
    if not SCALARS.issuperset(map(type, params.values())):
        for name, value in params.items():
            if isinstance(value, _CONTAINERS):  # as str() writes them (``message`` would turn a list into bullet lines)
                params[name] = str(value)
    return fill("uw.text." + key, lang, params)


RECURRING_KEPT = 16384
"""Lines ``recurring`` keeps: a panel's own (round, counts, buttons) and each fighter's roster line, the same until
the fighter moves, is hurt or marked; a thousand matches in play need about ten thousand (half a KB each)."""


@functools.lru_cache(maxsize=RECURRING_KEPT, typed=True)
def recurring(key: str, lang: str = "en", **params: Any) -> str:
    """``text`` kept by its parameters (scalars only), for the lines every panel writes again with few values:
    counts, the round and phase, a warband, a fighter's roster line, the words without parameters."""
    return text(key, lang, **params)


def word(group: str, value: Any, lang: str = "en") -> str:
    """An engine value in words, ``uw.text.<group>.<value>`` (``glory_reason.bounty``); the value itself if the
    catalogue has no such key."""
    return _word(group, value, lang) if type(value) in SCALARS else _word.__wrapped__(group, value, lang)


@functools.lru_cache(maxsize=4096, typed=True)
def _word(group: str, value: Any, lang: str) -> str:
    key = f"uw.text.{group}.{value}"
    return message(key, lang) if key in messages("en") else str(value)


@functools.cache
def cards() -> dict[str, Any]:
    """Every known card, by id."""
    return load_cards()


def card_name(card_id: str) -> str:
    """A card's printed name (its id if unknown)."""
    card = cards().get(card_id)
    return card.name if card else card_id


def warband_name(key: str | None, view: JSON | None = None) -> str:
    """A warband's name (its id if unknown)."""
    warband = warbands_of(view or {}).get(str(key))
    return warband.name if warband else str(key)


def deck_name(key: str | None) -> str:
    """A Rivals deck's name (its id if unknown)."""
    deck = load_rivals_decks().get(str(key))
    return getattr(deck, "name", None) or str(key)


def board_name(key: str | None, view: JSON | None = None) -> str:
    """A board face's name (its id if unknown), the view's data-pack faces included."""
    for board in (view or {}).get("pack_boards") or []:
        if board.get("id") == key:
            return str(board.get("name") or key)
    from engine.underworlds.battlefield import load_boards

    board = load_boards().get(str(key))
    return board.name if board else str(key)


def face(name: str, *, lang: str = "en") -> str:
    """A die face as written in the dice fields (``🔨hammer``)."""
    return word("face", name, lang)


class Names:
    """Who and what things are called in one view: fighters, seats, cards; ``lang`` is the language of the words."""

    def __init__(self, view: JSON, players: Mapping[str, str], *, lang: str = "en") -> None:
        self.view = view
        self.players = dict(players)
        self.lang = lang
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
        """``Gore-Axe (2×hammer, range 1, 2 dmg)``: one of a fighter's attacks."""
        lang = self.lang
        f = self.fighters.get(fighter_id) or {}
        attacks = f.get("attacks") or []
        if not 0 <= index < len(attacks):
            return text("attack.unknown", lang, index=index)
        a = attacks[index]
        extras = [text(f"keyword.{k}", lang) for k in ("cleave", "ensnare", "scything", "stagger") if a.get(k)]
        extras += [text("keyword.grievous", lang, value=a["grievous"])] if a.get("grievous") else []
        extras += [text("keyword.knockback", lang, value=a["knockback"])] if a.get("knockback") else []
        return text("attack.profile", lang, name=a["name"], dice=a["dice"], symbol=word("symbol", a["symbol"], lang),
                    range=a["range"], damage=a["damage"], extras="".join(f", {x}" for x in extras))


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
    lang = names.lang
    kind = action.get("type", "?")
    fighter = names.fighter(action.get("fighter")) if action.get("fighter") else ""
    label: str
    if kind in ("Move", "Charge", "Barge"):
        steps = path_length(names.view, action["fighter"], action["to"]) if costs else None
        cost = (" · " + text("action.cost." + ("one" if steps == 1 else "other"), lang, steps=steps)
                if steps is not None else "")
        label = text(f"action.{kind}", lang, fighter=fighter, to=action["to"]) + cost
    elif kind == "Attack":
        weapon = names.attack(action["fighter"], action.get("attack", 0))
        label = text("action.Attack", lang, target=names.fighter(action.get("target")), fighter=fighter,
                     weapon=weapon if costs else weapon.split(" (")[0])
    elif kind in ("Guard", "Delve"):
        label = text(f"action.{kind}", lang, fighter=fighter)
    elif kind == "Stun":
        label = text("action.Stun", lang, target=names.fighter(action.get("target")), fighter=fighter)
    elif kind in ("Venture", "Plan", "Pass", "FinishEndPhase", "DrawObjective"):  # offered on most panels
        label = recurring(f"action.{kind}", lang)
    elif kind in CARD_ACTIONS:
        label = text(f"action.{kind}", lang, card=card_name(action["card"]))
        on = [names.fighter(action[k]) for k in ("fighter", "wizard") if action.get(k)]
        if action.get("target"):  # a fighter, or a card (Re-emergence brings back a discarded one)
            target = str(action["target"])
            on.append("→ " + (names.fighter(target) if target in names.fighters else card_name(target)))
        if action.get("hex"):
            on.append(text("action.at_hex", lang, hex=action["hex"]))
        if action.get("territory"):
            on.append(text("action.no_ones", lang) if action["territory"] == "none"
                      else text("action.territory", lang, player=names.seat(action["territory"])))
        if action.get("pick") in names.view.get("seats", ()):  # "pick an opponent" (three or four players)
            on.append(text("action.opponent", lang, player=names.seat(action["pick"])))
        elif action.get("pick"):
            on.append(str(action["pick"]))
        label += (" · " + " ".join(on)) if on else ""
    elif kind == "ChooseWarband":
        label = text("action.ChooseWarband", lang, warband=warband_name(action["warband"], names.view))
    elif kind == "ChooseDeck":
        label = text("action.ChooseDeck", lang, deck=deck_name(action["deck"]))
    elif kind in ("ChooseBoardPlayer", "ChooseFirstToDeploy", "ChooseFirstTurn", "ChooseFirstToReact"):
        label = text(f"action.{kind}", lang, player=names.seat(action["player"]))
    elif kind == "ChooseBoard":
        label = text("action.ChooseBoard", lang, board=board_name(action["board"], names.view))
    elif kind == "PlaceBoards":
        edge = action.get("edge", "long")
        label = text("action.PlaceBoards", lang, edges=word("board", f"{edge}_edges", lang)
                     if edge in ("long", "short") else f"{edge} edges", offset=action.get("offset", 0),
                     first=action.get("first_orientation", 0), second=action.get("second_orientation", 0))
    elif kind == "PlaceExtraBoard":  # three or four players: a board against a placed one
        label = text("action.PlaceExtraBoard", lang, board=action.get("to", 0) + 1,
                     side=word("board_side", action.get("side", "below"), lang), offset=action.get("offset", 0),
                     turned=action.get("orientation", 0))
    elif kind == "PlaceFeatureToken":
        label = recurring("action.PlaceFeatureToken", lang, hex=action["hex"])
    elif kind == "Redraw":
        cards_ = action.get("cards", "none")
        label = text(f"action.Redraw.{cards_}" if cards_ in ("none", "objectives", "power", "all")
                     else "action.Redraw.other", lang)
    elif kind == "PlaceFighter":
        label = text("action.PlaceFighter", lang, fighter=fighter, hex=action["hex"])
    elif kind == "Reroll":
        die = action.get("die", 0)
        dice = (names.view.get("prompt") or {}).get("dice") or []
        label = text("action.Reroll", lang, die=die + 1, face=face(dice[die], lang=lang) if die < len(dice) else "?")
    elif kind == "ScatterDie":  # the next die of a scatter chain, by the direction it shows
        die = action.get("die", 0)
        directions = (names.view.get("prompt") or {}).get("directions") or []
        label = text("action.ScatterDie", lang, die=die + 1, direction=word(
            "direction", directions[die], lang) if die < len(directions) else "?")
    elif kind == "DriveBack":
        label = text("action.DriveBack", lang, hex=action["to"])
    elif kind == "Loot":
        label = text("action.Loot", lang, token=action["token"], side=word("side", action.get("side", "cover"), lang))
    elif kind in REFEREE:
        label = referee_words(action, names)
    else:
        label = kind + "".join(f" {k}={v}" for k, v in action.items() if k != "type")
    return label[:100]


REFEREE = ("AdjustWounds", "SetFighterHex", "AdjustMarker", "FlipFeatureToken", "MoveFeatureToken", "AdjustGlory",
           "SetInspired", "BreakUpgrade", "MoveCard", "AdjustHaunch", "SetTrait", "HolyVessels", "BaneOfHeroes",
           "RefereeNote")
"""The referee actions (``engine/underworlds/referee.py``): how players settle a card's text by hand."""


def referee_words(action: JSON, names: Names) -> str:
    """A referee action in words, as its button and its logged event read it (``uw.text.ref.<kind>``). A card moved
    by its owner is named only to them: the engine's public event carries where it went, not which card."""
    lang, kind = names.lang, action.get("type")
    params: dict[str, Any] = {"fighter": names.fighter(action["fighter"]) if action.get("fighter") else "",
                              "player": names.seat(action.get("player")) if action.get("player") else ""}
    for key in ("delta", "spent", "subtracted"):
        params[key] = f"{int(action.get(key) or 0):+d}" if key != "subtracted" else int(action.get(key) or 0)
    if kind == "SetFighterHex":
        params["hex"] = action.get("hex")
        kind = "SetFighterHex" if action.get("hazards", True) else "SetFighterHex.safe"
    elif kind == "AdjustMarker":
        params["marker"] = word("marker", action.get("marker"), lang)
    elif kind in ("FlipFeatureToken", "MoveFeatureToken"):
        params["token"] = action.get("token")
        if kind == "MoveFeatureToken":
            kind = "MoveFeatureToken" if action.get("hex") else "MoveFeatureToken.removed"
            params.update(hex=action.get("hex"), side=word("side", action.get("side") or "cover", lang))
    elif kind == "SetInspired":
        kind = "SetInspired" if action.get("inspired", True) else "SetInspired.not"
    elif kind == "BreakUpgrade":
        params["card"] = card_name(str(action.get("card")))
    elif kind == "MoveCard":
        params["to"] = word("pile", action.get("to"), lang)
        if action.get("card"):
            kind, params["card"] = "MoveCard.named", card_name(str(action["card"]))
    elif kind == "SetTrait":
        params["trait"] = action.get("trait")
        kind = "SetTrait" if action.get("has", True) else "SetTrait.not"
    elif kind == "BaneOfHeroes":
        kind = "BaneOfHeroes" if action.get("fighter") else "BaneOfHeroes.broken"
    elif kind == "RefereeNote":
        params["text"] = str(action.get("text", ""))[:300]
    line = text(f"ref.{kind}", lang, **params)
    return line + (f" ({action['reason']})" if action.get("reason") else "")


# ---------------------------------------------------------------------------------------------
# events


def event_line(e: JSON, names: Names) -> str | None:
    """One event as a line of text, or None for bookkeeping events nobody needs to read."""
    t = str(e.get("type"))
    if t not in EVENTS:
        return None
    lang = names.lang
    key = f"event.{t}"
    params: dict[str, Any] = {
        "who": names.seat(e.get("player")) if e.get("player") else "",
        "fighter": names.fighter(e.get("fighter")) if e.get("fighter") else "",
        "name": e.get("name"), "hex": e.get("hex"), "round": e.get("round"), "amount": e.get("amount"),
    }
    if t == "WarbandChosenPrivately":
        params["warband"] = warband_name(e.get("warband"), names.view)
    elif t == "DeckChosenPrivately":
        params["deck"] = deck_name(e.get("deck"))
    elif t == "BoardChosen":
        params["board"] = board_name(e.get("board"), names.view)
    elif t == "RedrawDecidedPrivately":
        params["cards"] = word("redraw", e.get("cards"), lang)
    elif t == "RedrawsRevealed":
        params["decisions"] = ", ".join(text("event.redraw_decision", lang, player=names.seat(s),
                                             cards=word("redraw", c, lang))
                                        for s, c in (e.get("decisions") or {}).items())
    elif t == "CardsDrawnPrivately":
        params["cards"] = ", ".join(card_name(c) for c in e.get("cards", ()))
    elif t == "CardsDrawn":
        key += ".one" if e.get("count") == 1 else ".other"
        params.update(count=e.get("count"), deck=word("deck_kind", e.get("deck"), lang))
    elif t in ("FighterMoved", "FighterPushed"):
        if t == "FighterPushed":
            key += ".drive_back" if e.get("how") == "drive_back" else ".push"
        params.update(start=e.get("from"), end=e.get("to"))
    elif t == "FighterStunned":
        params["target"] = names.fighter(e.get("target"))
    elif t == "FighterDamaged":
        params["wounds"] = e.get("wounds")
    elif t == "AttackFailed":
        params["why"] = _why(e.get("why"), lang)
    elif t == "UpgradePlayed":
        params["fighter"] = names.fighter(e.get("fighter"))
    elif t == "Delved":
        params.update(token=e.get("token"), side=word("side", e.get("side"), lang))
    elif t == "ObjectiveScored":
        params["glory"] = e.get("glory")
    elif t == "GloryGained":
        params["reason"] = word("glory_reason", e.get("reason"), lang)
    elif t == "CardTextToSettle":
        params["text"] = str(e.get("text", ""))[:300]
    elif t == "RefereeAction":
        params["summary"] = referee_words({**(e.get("action") or {}), "reason": e.get("reason")}, names)
    elif t in ("HaunchGained", "HaunchDiscarded"):
        params["total"] = e.get("total")
    elif t == "RollOff":
        params.update(why=_roll_off_why(e.get("why"), lang), rolls=_roll_off_rolls(e, names))
    return text(key, lang, **params)


def _roll_off_why(why: Any, lang: str) -> str:
    return text(f"roll_off_why.{ROLL_OFF_WHY[why]}", lang) if why in ROLL_OFF_WHY else str(why)


def _roll_off_rolls(e: JSON, names: Names) -> str:
    """Each player's dice, the bonus crit if any, and who won or lost (or that the tied roll again)."""
    lang = names.lang
    rolls = "; ".join(f"{names.seat(s)} " + " ".join(word("face", f, lang) for f in faces)
                      for s, faces in (e.get("rolls") or {}).items())
    if e.get("bonus"):
        rolls += " " + text("roll_off.bonus", lang, who=names.seat(e["bonus"]))
    if e.get("winner"):
        return rolls + ". " + text("roll_off.won", lang, who=names.seat(e["winner"]))
    if e.get("loser"):
        return rolls + ". " + text("roll_off.lost", lang, who=names.seat(e["loser"]))
    return rolls + ". " + text("roll_off.tied", lang)


def _why(why: Any, lang: str) -> str:
    return text(f"why.{WHY[why]}", lang) if why in WHY else str(why)


# ---------------------------------------------------------------------------------------------
# embeds


def combat_embeds(events: Sequence[JSON], names: Names) -> list[Embed]:
    """One embed per attack in the events: dice each side, outcome, damage, drive back, glory."""
    lang = names.lang

    def field(key: str) -> str:
        return text(f"combat.{key}", lang)

    def dice(e: JSON) -> str:
        return " ".join(face(d, lang=lang) for d in e.get("dice", ())) or field("no_dice")

    out: list[Embed] = []
    current: Embed | None = None
    for e in events:
        t = e.get("type")
        if t == "AttackDeclared":
            current = Embed(title=text("combat.title", lang, attacker=names.fighter(e["fighter"]),
                                       target=names.fighter(e["target"])),
                            description=text("combat.with", lang, attack=e.get("attack")), color=COLOURS["combat"])
            out.append(current)
        elif current is None:
            continue
        elif t in ("AttackRolled", "AttackDieRerolled"):
            _set(current, field("attack_dice" if t == "AttackRolled" else "attack_dice_rerolled"), dice(e))
        elif t == "DefenceRolled":
            _set(current, field("defence_dice"), dice(e))
        elif t == "AttackResolved":
            if "supports" in e or "defence_supports" in e:
                _set(current, field("supports"), text("combat.supports_value", lang, attacker=e.get("supports", 0),
                                                      target=e.get("defence_supports", 0)))
            _set(current, field("successes"), text(
                "combat.successes_value", lang, attack=e.get("attack_successes"), attack_crits=e.get("attack_crits"),
                defence=e.get("defence_successes"), defence_crits=e.get("defence_crits")))
            if e.get("trapped"):
                _set(current, field("trapped"), field("trapped_value"))
            _set(current, field("outcome"), f"**{word('outcome', e.get('result'), lang)}**")
        elif t == "FighterDamaged":
            _set(current, field("damage"), text("combat.damage_value", lang, fighter=names.fighter(e["fighter"]),
                                                amount=e.get("amount"), wounds=e.get("wounds")))
        elif t == "FighterPushed" and e.get("how") == "drive_back":
            _set(current, field("drive_back"), f"{e.get('from')} → {e.get('to')}")
        elif t == "DriveBackDeclined":
            _set(current, field("drive_back"), field("drive_back_declined"))
        elif t == "FighterOutOfAction":
            _set(current, field("out_of_action"), f"💀 {names.fighter(e['fighter'])}")
        elif t == "GloryGained":
            _set(current, field("glory"), f"{names.seat(e.get('player'))} +{e.get('amount')} "
                                          f"({word('glory_reason', e.get('reason'), lang)})")
        elif t == "AttackFailed":
            _set(current, field("outcome"), text("combat.failed", lang, why=_why(e.get("why"), lang)))
    return out


def _set(embed: Embed, name: str, value: str) -> None:
    for f in embed.fields:
        if f.name == name:
            f.value = (f.value + "\n" + value)[:1024]
            return
    embed.fields.append(Field(name, value[:1024]))


def step_text(view: JSON, *, lang: str = "en") -> str:
    """What the match waits for, in words."""
    prompt = view.get("prompt") or {}
    kind = prompt.get("kind")
    if kind == "setup":
        return word("step", view["setup"]["stage"], lang)
    if kind == "attack" and prompt.get("dice"):
        return text("step.attack_with", lang, attack=prompt.get("attack"))
    return word("step", kind, lang) if kind else "—"


def panel_embed(view: JSON, names: Names, *, match_id: str, image: str | None = None,
                mentions: Mapping[str, int] | None = None) -> Embed:
    """The turn panel: round, phase, whose decision, activations, glory, hands as counts, the fighters."""
    lang = names.lang
    players = view["players"]
    waiting = view.get("awaiting") or []
    who = ", ".join(f"<@{mentions[s]}>" if mentions and s in mentions else names.seat(s) for s in waiting)
    phase = view.get("phase")
    title = recurring("panel.title", lang, round=view.get("round") or "-", phase=word("phase", phase, lang))
    desc = text("panel.description", lang, who=who or recurring("panel.nobody", lang), step=step_text(view, lang=lang))
    if len(view["seats"]) > 2 and view.get("next_turn"):  # three or four players: whose turn comes next
        desc += "\n" + text("panel.next_turn", lang, who=names.seat(view["next_turn"]))
    fields = []
    colours = seat_colours(view) if all(players[s].get("warband") not in (None, "chosen") for s in view["seats"]) else {}
    for seat in view["seats"]:
        p = players[seat]
        wb = p.get("warband")
        warband = (warband_name(wb, view) if wb not in (None, "chosen")
                   else (recurring("panel.warband_chosen", lang) if wb else "—"))
        lines = [recurring("panel.warband", lang, warband=warband),
                 recurring("panel.glory", lang, available=p.get("glory", 0), spent=p.get("glory_spent", 0)),
                 recurring("panel.hand", lang, objectives=len(p.get("objectives", ())), power=len(p.get("power", ()))),
                 recurring("panel.decks", lang, objectives=p.get("objective_deck", 0), power=p.get("power_deck", 0))]
        if phase == "action":
            lines.insert(1, recurring("panel.activations", lang, count=p.get("activations_left", 0)))
        if p.get("conceded"):  # three or four players: out of the match, the others play on
            lines.insert(0, recurring("panel.conceded", lang))
        if p.get("haunch"):  # Haunch counters (The Skinnerkin's cards), public
            lines.append(recurring("panel.haunch", lang, count=p["haunch"]))
        bane = p.get("bane") or {}
        if bane.get("holder"):  # the Bane of Heroes upgrade (Hungering Parasite), public
            lines.append(text("panel.bane", lang, fighter=names.fighter(bane["holder"])))
        elif bane.get("broken"):
            lines.append(recurring("panel.bane_broken", lang))
        if p.get("scored"):
            lines.append(text("panel.scored", lang, cards=", ".join(card_name(c) for c in p["scored"])[:300]))
        marker = " ▶" if seat in waiting else ""
        fields.append(Field(f"{names.seat(seat)}{marker}", "\n".join(lines)))
    roster = []
    labels = names.labels
    for f in view.get("fighters", ()):
        state = (recurring("panel.out_of_action", lang) if f.get("out_of_action")
                 else (f.get("hex") or recurring("panel.not_deployed", lang)))
        marks = "".join([recurring(f"board.{m}_letter", lang) for m in MARKERS if f.get(m)])
        roster.append(recurring("panel.fighter", lang, label=f"{labels[f['id']]:<3}", name=f["name"], state=state,
                                wounds=f.get("wounds", 0), wounds_max=f.get("wounds_max", "?"),
                                markers=(" · " + marks) if marks else "", inspired=" ✨" if f.get("inspired") else ""))
    if roster:
        fields.append(Field(recurring("panel.fighters", lang), "\n".join(roster)[:1024], inline=False))
    colour = int(colours[waiting[0]].lstrip("#"), 16) if colours and waiting and waiting[0] in colours else COLOURS["panel"]
    return Embed(title=title, description=desc, fields=fields, color=colour, image=image,
                 footer=recurring("panel.footer", lang, match=match_id))


def victory_embed(view: JSON, names: Names, outcome: Mapping[str, Any] | None, seed: str | None) -> Embed:
    """The end of the match: the winner (or a draw), glory each side, the revealed seed."""
    lang = names.lang
    result = view.get("outcome") or {}
    winner = (outcome or {}).get("winner") or result.get("winner")
    glory = result.get("glory") or {s: view["players"][s].get("glory", 0) + view["players"][s].get("glory_spent", 0)
                                    for s in view["seats"]}
    title = text("victory.wins", lang, player=names.seat(winner)) if winner else text("victory.draw", lang)
    if not winner and result.get("drawn"):  # three or four players: a draw between the tied, the others lost
        title = text("victory.draw_between", lang, players=", ".join(names.seat(s) for s in result["drawn"]))
    lines = [text("victory.glory", lang, player=names.seat(s), glory=glory.get(s, 0)) for s in view["seats"]]
    if result.get("reason"):
        lines.append(text("victory.decided_by", lang, reason=word("victory_reason", result["reason"], lang)))
    if (outcome or {}).get("reason") in ("concede", "abandon"):
        lines.append(text(f"victory.ended_by.{outcome['reason']}", lang))
    embed = Embed(title=title, description="\n".join(lines), color=COLOURS["victory"])
    if seed:
        embed.footer = text("victory.footer", lang, seed=seed)
    return embed


def hand_embed(view: JSON, seat: str, names: Names) -> Embed:
    """A player's own hand with card texts (ephemeral replies only)."""
    lang = names.lang
    p = view["players"][seat]
    fields = []
    for c in p.get("objectives", ()):
        card = cards().get(c)
        glory = text("hand.glory", lang, glory=card.glory) if card is not None and hasattr(card, "glory") else ""
        fields.append(Field(f"🎯 {card_name(c)}{glory}", (card.text_plain if card else "")[:1024] or "—", False))
    for c in p.get("power", ()):
        card = cards().get(c)
        kind = word("card_type", card.type if card else "card", lang)
        fields.append(Field(f"⚡ {card_name(c)} · {kind}", (card.text_plain if card else "")[:1024] or "—", False))
    return Embed(title=text("hand.title", lang, player=names.seat(seat)), fields=fields[:25], color=COLOURS["hand"],
                 description=(text("hand.description", lang, glory=p.get("glory", 0)) if fields
                              else text("hand.empty", lang)))


def coverage_reply(*, lang: str = "en") -> Reply:
    """How many of the Rivals cards the engine automates, per deck (``/uw coverage``)."""
    from engine.underworlds.effects import automation_coverage

    coverage = automation_coverage()
    totals = coverage["totals"]

    def pending(deck: str) -> str:  # the cards not (fully) automated, by name; * = in part
        todo = [c["name"] + ("*" if c["level"] == "partial" else "") for c in coverage["cards"].values()
                if (c["deck"] or "") == deck and c["level"] != "automated"]
        return ("\n" + text("coverage.pending", lang, cards=" · ".join(todo))) if todo else ""

    fields = [Field(deck or text("coverage.other", lang), (text("coverage.deck", lang, automated=n["automated"],
                                                                partial=n["partial"], referee=n["referee"])
                                                           + pending(deck))[:1024], inline=False)
              for deck, n in sorted(coverage["decks"].items())]
    summary = text("coverage.summary", lang, automated=totals["automated"], cards=totals["cards"],
                   partial=totals["partial"], referee=totals["referee"])
    return Reply(embeds=[Embed(title=text("coverage.title", lang), description=summary, fields=fields,
                               footer=text("coverage.footer", lang))], ephemeral=True)
