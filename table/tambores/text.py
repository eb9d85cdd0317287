"""Words for a Tambores de Guerra match at the table: actions, events, the step, the panel, the result, the hand.

Everything is read from ``system.view(state, seat)`` (documented in ``engine/tambores/system.py``) and the events
of one action. Every word comes from ``data/i18n/tambores-table.<lang>.yaml`` (keys ``tdg.*``); names of cards,
heroes and decks stay as the pack gives them.

Secrets (§16): a card in hand and the cards paid as a cost (they go face down to the removed pile) are written only
for a scene made for their owner (``scene.viewer``); a public scene says how many, never which. A replenishment
choice not yet revealed is told only by a private event (``ReplenishChosenPrivately``, ``visible_to`` its chooser):
the table then posts no headline naming it.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from table.i18n import message, messages
from table.reply import Embed, Field

JSON = dict[str, Any]
HERO = "hero"
RANDOM = "random"
COLOURS = {"panel": 0x8B5A2B, "combat": 0xB83227, "result": 0xD69E2E, "hand": 0x2F855A}
ORDERS = ("fight", "support", "attack", "hero", "hold")
EVENTS = ("RefereeAction", "RefereeMovedPrivately", "ModeChosen", "ArmyDecided", "ArmyDecidedPrivately", "ArmiesRevealed", "HeroDecided",
          "HeroDecidedPrivately", "BattleStarted", "HeroChosen", "MarkerTossed", "CardsRemoved", "CardsRemovedPrivately", "CardsDrawn", "CardDrawn", "Reshuffled",
          "TurnStarted", "UnitDeployed", "EquipmentDeployed", "TacticDeployed", "Passed", "HeroAbilityUsed",
          "AbilityActivated", "CardsMoved", "CombatStarted", "Declared", "Negated", "Struck", "Declined",
          "ImpactCancelled", "Wounded", "UnitAnnihilated", "HeroDefeated", "ReplenishmentStarted",
          "ReplenishChosen", "ReplenishChosenPrivately", "ReplenishRevealed", "MarkerPassed", "BattleEnded", "MatchEnded")
"""The events written as a line, ``tdg.event.<type>``; ``CombatResolved`` is the combat embed; ``CombatEnded``
is bookkeeping."""
REFEREE = ("AdjustWounds", "MoveCard", "PlaceCard", "LiftCard", "ShiftCard", "RefereeNote")
"""Referee actions (``engine/tambores/referee.py``): a headline names none of their fields."""


def text(key: str, lang: str = "en", **params: Any) -> str:
    """The catalogue's ``tdg.<key>`` in ``lang``."""
    return message(f"tdg.{key}", lang, **params)


def word(group: str, value: Any, lang: str = "en") -> str:
    """An engine value in words, ``tdg.<group>.<value>``; the value itself when the catalogue has no such key."""
    key = f"tdg.{group}.{value}"
    return message(key, lang) if key in messages("en") else str(value)


def card_info(view: JSON, card: str) -> JSON | None:
    """A card's or hero's entry (name, kind, cost, values, ability) for a card id, from the view: the viewer's own
    hand entries (with ``cost`` now), else the view's ``cards`` (every card of the decks played, from the match's
    own pack copy); None when neither has it."""
    own = (view.get("players") or {}).get(str(view.get("view_of")), {}) or {}
    for entry in own.get("hand") or ():
        if entry["id"] == card:
            return entry
    return (view.get("cards") or {}).get(card)


def card_name(view: JSON, card: str) -> str:
    """A card's name (its id, readable, if no entry is known)."""
    info = card_info(view, card)
    return info["name"] if info else card.replace("-", " ").capitalize()


class Names:
    """Who and what things are called in one view; ``lang`` is the language of the words."""

    def __init__(self, view: JSON, players: Mapping[str, str], *, lang: str = "en", viewer: str | None = None) -> None:
        self.view = view
        self.players = dict(players)
        self.lang = lang
        self.viewer = viewer
        self.fallen: dict[tuple[str, int], str] = {}
        """Units annihilated by the events being written: (seat, slot) → name (gone from the view)."""

    def note(self, events: Sequence[JSON]) -> None:
        for e in events:
            if e.get("type") == "UnitAnnihilated":
                self.fallen[(e["seat"], e["slot"])] = e["name"]

    def seat(self, seat: str | None) -> str:
        return self.players.get(str(seat), str(seat))

    def other(self, seat: str) -> str:
        return self.view["opponent"][seat]

    def hero(self, seat: str) -> str:
        hero = self.view["players"][seat]["hero"]
        return hero["name"] if hero else text("word.hero", self.lang)

    def unit(self, seat: str | None, slot: Any) -> str:
        """``Soldado #2``: the unit in ``seat``'s slot (the hero for ``"hero"``); ``#2`` when the seat is unknown."""
        if slot == HERO:
            return self.hero(seat) if seat else text("word.hero", self.lang)
        if slot is None:
            return "—"
        if seat is None:
            return f"#{slot}"
        unit = self.view["players"][seat]["slots"][int(slot) - 1] if 1 <= int(slot) <= 5 else None
        name = unit["name"] if unit else self.fallen.get((seat, int(slot)))
        return f"{name} #{slot}" if name else f"#{slot}"

    def card(self, card: str) -> str:
        return card_name(self.view, card)

    def cards(self, cards: Sequence[str]) -> str:
        return ", ".join(self.card(c) for c in cards)


# ---------------------------------------------------------------------------------------------------------------
# actions


def actor(view: JSON, action: JSON, viewer: str | None) -> str | None:
    """Whose action this is, when the view tells: the viewer; the seat that declared or struck it (a headline, after
    the action); the seat deciding now (a button, before it); None when nothing tells."""
    if viewer is not None:
        return viewer
    kind = action.get("type")
    if kind == "Declare":
        done = [s for s in view["seats"] if {k: action[k] for k in ("slot", "order", "target")}
                in view["declarations"].get(s, [])]
    elif kind == "Negate":
        done = [s for s in view["seats"] if view["negations"].get(s, {}).get(str(action["slot"])) == action["target"]]
    elif kind in ("Strike", "Decline"):
        done = [s for s in view["seats"] if str(action["striker"]) in view["strikes"].get(s, {})]
    elif kind in ("DeployUnit", "DeployEquipment", "DeployTactic") and action.get("slot"):
        done = [s for s in view["seats"] if (u := view["players"][s]["slots"][action["slot"] - 1])
                and (u["card"] == action["card"] or any(a["card"] == action["card"] for a in u["attached"]))]
    else:
        done = []
    if len(done) == 1:
        return done[0]
    if done:
        return None
    pending = view.get("pending") or []
    if kind in ("Strike", "Decline", "CancelImpact") and pending and pending[0]["striker"] == action.get(
            "striker", HERO):
        return pending[0]["seat"]
    if kind in ("Declare", "Negate") and view["step"] == "declare" and view.get("current"):
        own = view["declarations"].get(view["current"], [])
        if not any(d["slot"] == action["slot"] for d in own) or kind == "Negate":
            return view["current"]
    return None


def _pay(action: JSON, names: Names, private: bool) -> str:
    pay = action.get("pay") or []
    if not pay:
        info = card_info(names.view, action["card"]) if action.get("card") else None
        return " · " + text("action.pay_deck", names.lang) if info and info.get("cost_from_deck") else ""
    if private:
        return " · " + text("action.pay", names.lang, cards=names.cards(pay))
    return " · " + text("action.pay_count", names.lang, count=len(pay))


def action_label(action: JSON, names: Names, *, short: bool = False) -> str:
    """One action in words (autocomplete, menus, buttons, the headline), at most 100 characters; what it pays and a
    secret choice only for the viewer's own scene."""
    lang, view = names.lang, names.view
    kind = action.get("type", "?")
    private = names.viewer is not None
    seat = actor(view, action, names.viewer)
    enemy = names.other(seat) if seat else None
    if kind in REFEREE:  # the RefereeAction line says what was done, and whether a card may be named
        label = text("action.referee", lang)
    elif kind == "ChooseMode":
        label = text("action.ChooseMode", lang, mode=word("mode", action["mode"], lang))
    elif kind in ("ChooseHero", "ChooseArmy") and action.get("hero", action.get("deck")) == RANDOM:
        label = text(f"action.{kind}.random", lang)
    elif kind == "ChooseArmy":
        deck = (view.get("decks") or {}).get(action["deck"]) or {}
        label = text("action.ChooseArmy", lang, deck=deck.get("name", action["deck"]),
                     army=word("army", deck.get("army"), lang))
    elif kind == "ChooseHero":
        label = text("action.ChooseHero", lang, hero=names.card(action["hero"]),
                     colour=word("colour", (card_info(view, action["hero"]) or {}).get("colour", "?"), lang))
    elif kind == "RemoveCard":
        label = text("action.RemoveCard", lang, card=names.card(action["card"])) if private \
            else text("action.RemoveCard_secret", lang)
    elif kind == "DeployUnit":
        label = text("action.DeployUnit", lang, card=names.card(action["card"]), slot=action["slot"])
        label += "" if short else _pay(action, names, private)
    elif kind in ("DeployEquipment", "DeployTactic"):
        where = (text("action.under", lang, unit=names.unit(seat, action["slot"])) if action.get("slot")
                 else text("action.unattached", lang))
        label = text(f"action.{kind}", lang, card=names.card(action["card"]), where=where)
        label += "" if short else _pay(action, names, private)
    elif kind == "Pass":
        label = text("action.Pass", lang)
    elif kind == "UseHeroAbility":
        hero = view["players"][seat]["hero"] if seat else None
        ability = (hero or {}).get("ability") or {}
        label = text("action.UseHeroAbility", lang, ability=ability.get("name", "?"))
        label += "" if short else _pay(action, names, private)
    elif kind == "Declare":
        order = action["order"]
        label = text(f"action.Declare.{order}", lang, unit=names.unit(seat, action["slot"]),
                     target=names.unit(enemy, action["target"]), hero=names.hero(enemy) if enemy else
                     text("word.enemy_hero", lang))
    elif kind == "Negate":
        label = text("action.Negate", lang, unit=names.unit(seat, action["slot"]),
                     target=names.unit(enemy, action["target"]))
    elif kind == "Strike":
        label = text("action.Strike", lang, unit=names.unit(seat, action["striker"]),
                     target=names.unit(enemy, action["target"]))
    elif kind == "Decline":
        key = "action.Decline_cancel" if view.get("step") == "prevent" else "action.Decline"
        label = text(key, lang, unit=names.unit(seat, action["striker"]))
    elif kind == "CancelImpact":
        label = text("action.CancelImpact", lang, unit=names.unit(seat, action["on"]))
        label += "" if short else _pay(action, names, private)
    elif kind == "Replenish":  # a button's label; once chosen, the choice is only in a private event (no headline)
        label = text("action.Replenish." + ("dump" if action["dump"] else "keep"), lang)
    else:
        label = kind + "".join(f" {k}={v}" for k, v in action.items() if k != "type")
    return label[:100]


# ---------------------------------------------------------------------------------------------------------------
# events


def event_line(e: JSON, names: Names) -> str | None:
    """One event in words, or None for bookkeeping. Cards paid or removed are counted, never named, except in a
    line only their owner sees (``CardDrawn``)."""
    t = str(e.get("type"))
    if t not in EVENTS:
        return None
    lang = names.lang
    seat = e.get("seat")
    params: dict[str, Any] = {"who": names.seat(seat) if seat else "", "count": e.get("count"),
                              "turn": e.get("turn")}
    key = f"event.{t}"
    if t == "RefereeAction":
        params.update(who=names.seat(e.get("by")), what=_referee(e["action"], names),
                      reason=f" ({e['reason']})" if e.get("reason") else "")
    elif t == "RefereeMovedPrivately":
        params.update(card=e["name"], source=word("pile", e["source"], lang), target=word("pile", e["target"], lang))
    elif t == "ModeChosen":
        params.update(mode=word("mode", e["mode"], lang), battles=e["battles"])
    elif t == "ArmyDecidedPrivately":
        deck = (names.view.get("decks") or {}).get(e["deck"]) or {}
        params["deck"] = deck.get("name") or text("value.random", lang)
    elif t == "ArmiesRevealed":
        params["choices"] = "; ".join(f"{names.seat(s)}: {n}" for s, n in (e.get("names") or {}).items())
    elif t == "HeroDecidedPrivately":
        params["hero"] = text("value.random", lang) if e["hero"] == RANDOM else names.card(e["hero"])
    elif t == "BattleStarted":
        params.update(battle=e["battle"], battles=e["battles"], mode=word("mode", e.get("mode"), lang))
    elif t == "HeroChosen":
        params["hero"] = e.get("name") or names.card(e["hero"])
    elif t in ("MarkerTossed", "MarkerPassed"):
        params["who"] = names.seat(e["marker"])
        if e.get("for") == "reveal":
            key += ".reveal"
    elif t == "TurnStarted":
        params["who"] = names.seat(e["marker"])
    elif t == "CardsRemoved":
        params.update(reason=word("removed_reason", e.get("reason"), lang),
                      source=word("pile", e.get("source"), lang))
        key += ".one" if e.get("count") == 1 else ".other"
    elif t in ("CardsDrawn", "Reshuffled"):
        key += ".one" if e.get("count") == 1 else ".other"
    elif t in ("CardDrawn", "CardsRemovedPrivately"):
        params["cards"] = names.cards(e.get("cards") or [])
    elif t in ("UnitDeployed", "EquipmentDeployed", "TacticDeployed"):
        params.update(card=e.get("name"), slot=e.get("slot"), cost=e.get("cost"),
                      unit=names.unit(seat, e.get("slot")) if e.get("slot") else "")
        if t != "UnitDeployed" and not e.get("slot"):
            key += ".unattached"
    elif t in ("HeroAbilityUsed", "AbilityActivated"):
        at = e.get("at", HERO)
        params.update(ability=e.get("name"), unit=names.unit(seat, at) if at is not None else names.seat(seat))
    elif t == "CardsMoved":
        params.update(source=word("pile", e.get("source"), lang), target=word("pile", e.get("target"), lang))
    elif t in ("Declared", "Negated"):
        enemy = names.other(seat)
        if t == "Declared":
            key += "." + (e["order"] if e["order"] in ORDERS else "other")
        elif e.get("void"):
            key += ".void"
        params.update(unit=names.unit(seat, e["slot"]), target=names.unit(enemy, e.get("target")),
                      hero=names.hero(enemy))
    elif t in ("Struck", "Declined"):
        params.update(unit=names.unit(seat, e["striker"]), target=names.unit(names.other(seat), e.get("target")))
    elif t in ("ImpactCancelled", "Wounded"):
        params.update(unit=names.unit(seat, e["on"]), wounds=e.get("wounds"))
        if t == "Wounded":
            on = e["on"]
            life = (names.view["players"][seat]["hero"] or {}).get("life") if on == HERO else None
            if on != HERO:
                unit = names.view["players"][seat]["slots"][on - 1]
                life = unit["life"] if unit else None
            params["life"] = life if life is not None else "?"
    elif t == "UnitAnnihilated":
        params.update(unit=f"{e['name']} #{e['slot']}", attached=len(e.get("attached") or []))
        key += ".attached" if e.get("attached") else ""
    elif t == "HeroDefeated":
        params["hero"] = names.hero(seat)
    elif t == "ReplenishChosenPrivately":
        key += ".dump" if e.get("dump") else ".keep"
    elif t == "ReplenishRevealed":
        params["choices"] = "; ".join(text("event.replenish_choice", lang, who=names.seat(s),
                                           choice=text("word.dump" if d else "word.keep", lang))
                                      for s, d in (e.get("dump") or {}).items())
    elif t in ("BattleEnded", "MatchEnded"):
        winner = e.get("winner")
        params.update(battle=e.get("battle"), reason=word("reason", e.get("reason"), lang),
                      who=names.seat(winner) if winner else "")
        key += ".won" if winner else ".draw"
    return text(key, lang, **params)


def _referee(action: JSON, names: Names) -> str:
    """A referee action in words: the wounds, the piles (a card named only when the engine logged it), a note."""
    lang, kind = names.lang, action.get("type")
    if kind == "AdjustWounds":
        return text("referee.wounds", lang, unit=names.unit(action.get("seat"), action.get("on")),
                    who=names.seat(action.get("seat")), delta=f"{action.get('delta', 0):+d}")
    if kind == "MoveCard":
        card = names.card(action["card"]) if action.get("card") else text("referee.a_card", lang)
        return text("referee.move", lang, card=card, source=word("pile", action.get("source"), lang),
                    target=word("pile", action.get("target"), lang))
    if kind in ("PlaceCard", "LiftCard", "ShiftCard"):
        return _referee_line(action, names)
    return text("referee.note", lang, text=str(action.get("text", "")))


def _referee_line(action: JSON, names: Names) -> str:
    """A card put into play, taken out or moved along the front line, as the engine logged it (names and slots of
    what was done: every such card is face up in play, §16)."""
    lang, kind, seat = names.lang, action["type"], action.get("seat")
    key = f"referee.{kind}.{action.get('what')}"
    params: dict[str, Any] = {"card": action.get("name"), "who": names.seat(seat), "slot": action.get("slot"),
                              "to": action.get("to"), "source": word("pile", action.get("source"), lang),
                              "target": word("pile", action.get("target"), lang), "attached": ""}
    if kind == "LiftCard" and action.get("attached"):
        count = len(action["attached"])
        params["attached"] = text("referee.attached_discarded." + ("one" if count == 1 else "other"), lang,
                                  count=count)
    if kind == "ShiftCard" and action.get("swapped"):
        key += ".swap"
        params["other"] = action["swapped"]["name"]
    if action.get("what") == "attachment":
        params["unit"] = names.unit(seat, action.get("slot"))
        if kind == "ShiftCard":
            to_seat = action.get("to_seat") or seat
            params.update(to_unit=names.unit(to_seat, action.get("to")), to_who=names.seat(to_seat))
    return text(key, lang, **params)


def combat_embed(events: Sequence[JSON], names: Names) -> Embed | None:
    """The combat's results, one line per attack compared (``CombatResolved``), or None."""
    resolved = next((e for e in events if e.get("type") == "CombatResolved"), None)
    if resolved is None:
        return None
    lang = names.lang
    lines = [attack_line(r, names) for r in resolved.get("results") or []]
    return Embed(title=text("combat.title", lang, turn=names.view.get("turn")),
                 description="\n".join(lines)[:4000] or text("combat.none", lang), color=COLOURS["combat"])


def attack_line(r: JSON, names: Names) -> str:
    """``alice: Alabardero #2 + Arquera #3 → Fûror #2: 4 vs 3 ✔ 1 impact``."""
    lang, seat = names.lang, r["seat"]
    attackers = " + ".join(names.unit(seat, a) for a in r["attackers"])
    target = names.unit(names.other(seat), r["target"])
    if "impacts" not in r:
        outcome = ""
    elif r["impacts"]:
        outcome = " " + text("combat.hit." + ("one" if r["impacts"] == 1 else "other"), lang, count=r["impacts"])
    else:
        outcome = " " + text("combat.blocked", lang)
    return text("combat.line", lang, who=names.seat(seat), attackers=attackers, target=target, attack=r["attack"],
                defence=r["defence"], kind=word("attack_kind", r.get("kind"), lang), outcome=outcome)


# ---------------------------------------------------------------------------------------------------------------
# the step, the panel, the result, the hand


def step_text(view: JSON, names: Names) -> str:
    """What the match waits for, in words."""
    lang, step = names.lang, view.get("step")
    if step == "declare" and view.get("current"):
        seat = view["current"]
        done = {d["slot"] for d in view["declarations"].get(seat, [])}
        free = [s["slot"] for s in view["players"][seat]["slots"] if s and s["slot"] not in done]
        if free:
            return text("step.declare", lang, unit=names.unit(seat, free[0]))
        return text("step.negate", lang)
    if step in ("respond", "prevent") and view.get("pending"):
        p = view["pending"][0]
        return text(f"step.{p['kind']}", lang, unit=names.unit(p["seat"], p["striker"]))
    if step == "remove":
        left = {names.seat(s): view["players"][s]["removal_left"] for s in view["seats"]
                if view["players"][s]["removal_left"]}
        return text("step.remove", lang, left=", ".join(f"{who} {n}" for who, n in left.items()))
    return word("step", step, lang)


def _seat_field(view: JSON, seat: str, names: Names) -> Field:
    lang = names.lang
    p = view["players"][seat]
    if p is None:  # before the first battle: the mode and the armies are being chosen
        decided = (view.get("secret") or {}).get(seat) is not None
        return Field(names.seat(seat)[:256], text("panel.decided" if decided else "panel.choosing", lang))
    hero = p["hero"]
    lines = []
    if hero:
        ready = " ✨" if hero.get("ability_ready") else ""
        lines.append(text("panel.hero", lang, hero=hero["name"], colour=word("colour", hero["colour"], lang),
                          wounds=hero["wounds"], life=hero["life"], attack=hero["attack"], defence=hero["defence"],
                          ready=ready))
    lines.append(text("panel.piles", lang, hand=p["hand_count"], deck=p["draw_deck_count"],
                      discard=p["discard_count"], removed=p["removed_count"]))
    if view.get("phase") == "deployment" and p.get("passed"):
        lines.append(text("panel.passed", lang))
    if (view.get("secret") or {}).get(seat) is not None:
        lines.append(text("panel.decided", lang))
    units = [text("panel.unit", lang, slot=s["slot"], name=s["name"], attack=s["attack"], defence=s["defence"],
                  wounds=s["wounds"], life=s["life"], extra=(" +" + str(len(s["attached"]))) if s["attached"] else "")
             for s in p["slots"] if s]
    lines += units or [text("panel.no_units", lang)]
    marker = "⚑ " if view.get("marker") == seat else ""
    waiting = " ▶" if seat in (view.get("awaiting") or []) else ""
    return Field(f"{marker}{names.seat(seat)} · {p['deck_name']}{waiting}"[:256], "\n".join(lines)[:1024])


def panel_embed(view: JSON, names: Names, *, match_id: str, image: str | None = None,
                mentions: Mapping[str, int] | None = None) -> Embed:
    """The turn panel: turn, phase and step, whose decision, both sides at a glance, the marker."""
    lang = names.lang
    waiting = view.get("awaiting") or []
    who = ", ".join(f"<@{mentions[s]}>" if mentions and s in mentions else names.seat(s) for s in waiting)
    title = text("panel.title", lang, turn=view.get("turn") or "-", phase=word("phase", view.get("phase"), lang))
    if view.get("battles", 1) > 1:
        title += " · " + text("panel.battle", lang, battle=view["battle"], battles=view["battles"])
    lines = [text("panel.training", lang)] if view.get("pack_training") else []
    lines.append(text("panel.description", lang, who=who or text("panel.nobody", lang),
                      step=step_text(view, names)))
    if view.get("marker") and view.get("turn"):  # tossed when the battle begins (§8)
        lines.append(text("panel.marker", lang, who=names.seat(view["marker"])))
    if view.get("mode") == "campaign":
        lines.append(text("panel.points", lang, points=", ".join(f"{names.seat(s)} {n}"
                                                                  for s, n in view["points"].items())))
    fields = [_seat_field(view, s, names) for s in view["seats"]]
    return Embed(title=title, description="\n".join(lines), fields=fields, color=COLOURS["panel"], image=image,
                 footer=text("panel.footer", lang, match=match_id, pack=view["pack"]["name"]))


def result_embed(view: JSON, names: Names, outcome: Mapping[str, Any] | None, seed: str | None) -> Embed:
    """The end of the match: the winner or a draw, the §14 (or §15) rule that decided it, each battle."""
    lang = names.lang
    result = view.get("outcome") or {}
    winner = (outcome or {}).get("winner", result.get("winner"))
    title = text("result.wins", lang, who=names.seat(winner)) if winner else text("result.draw", lang)
    lines = [text("panel.training", lang)] if view.get("pack_training") else []
    ended = (outcome or {}).get("reason")
    if ended in ("concede", "abandon"):
        lines.append(text(f"result.ended_by.{ended}", lang))
    elif result.get("reason"):
        lines.append(text("result.decided_by", lang, reason=word("reason", result["reason"], lang)))
    for r in result.get("results") or []:
        heroes = " / ".join(f"{names.seat(s)}: {names.card(h)}" for s, h in (r.get("heroes") or {}).items())
        lines.append(text("result.battle", lang, battle=r["battle"], who=names.seat(r["winner"]) if r["winner"]
                          else text("word.nobody", lang), reason=word("reason", r["reason"], lang), heroes=heroes,
                          turn=r.get("turn", "?")))
    for s in view["seats"]:
        hero = (view["players"][s] or {}).get("hero")
        if hero:
            lines.append(text("result.hero", lang, who=names.seat(s), hero=hero["name"], wounds=hero["wounds"],
                              life=hero["life"]))
    if view.get("mode") == "campaign":
        lines.append(text("panel.points", lang, points=", ".join(f"{names.seat(s)} {n}"
                                                                  for s, n in view["points"].items())))
    return Embed(title=title, description="\n".join(lines)[:4000], color=COLOURS["result"],
                 footer=text("result.footer", lang, seed=seed) if seed else "")


def hand_embed(view: JSON, seat: str, names: Names) -> Embed:
    """A player's own hand with each card's cost and values (ephemeral replies only)."""
    lang = names.lang
    p = view["players"][seat] or {"hand": [], "draw_deck_count": 0}
    fields = []
    for info in p.get("hand") or []:
        kind = info["kind"]
        cost = info["cost"]
        cost = f"{cost}{'↓' if info.get('cost_from_deck') else ''}{'⚡' if info.get('cost_bolt') else ''}"
        if kind == "units":
            value = text("hand.unit", lang, attack=info.get("attack", "?"), defence=info.get("defence", "?"),
                         life=info.get("life", "?"), range=info.get("range", "?"),
                         type=word("unit_type", info.get("unit_type"), lang))
        else:
            value = word("kind", kind, lang)
        ability = info.get("ability") or {}
        if ability:
            value += f"\n*{ability.get('name')}*: {ability.get('text')}"
        if kind != "units" and info.get("text") not in (None, "unknown"):
            value += f"\n{info['text']}"
        fields.append(Field(text("hand.card", lang, name=info["name"], cost=cost)[:256], value[:1024], False))
    hero = p.get("hero") or {}
    ability = hero.get("ability")
    if ability and ability.get("cost") is not None:
        fields.append(Field(text("hand.ability", lang, ability=ability["name"], cost=ability["cost"],
                                 ready=text("word.ready" if hero.get("ability_ready") else "word.used", lang))[:256],
                            str(ability.get("text") or "—")[:1024], False))
    return Embed(title=text("hand.title", lang, who=names.seat(seat)), fields=fields[:25], color=COLOURS["hand"],
                 description=text("hand.description", lang, count=len(p.get("hand") or []),
                                  deck=p["draw_deck_count"]) if p.get("hand") else text("hand.empty", lang))
