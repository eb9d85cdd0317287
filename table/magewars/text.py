"""Words for a Mage Wars duel at the table: objects' names, readable actions, event lines and the embeds.

Everything is built from ``system.view(state, seat)`` and the events of one action (the table passes only the
events the viewer may see). A face-down enchantment another player controls has no card in the view, so no
line here can name it. Every word comes from ``data/i18n/magewars-table.<lang>.yaml`` (keys ``mw.table.*``);
card and mage names stay as the card data gives them (players type them).
"""
from __future__ import annotations

import functools
from typing import Any, Mapping, Sequence

from engine.magewars import combat, mages
from engine.magewars.coverage import coverage
from render.magewars.arena import ArenaWords, labels
from table.i18n import message, messages
from table.reply import Embed, Field, Reply

JSON = dict[str, Any]
COLOURS = {"panel": 0x6B3FA0, "attack": 0xC53030, "victory": 0xD69E2E, "private": 0x38A169}
FACE = {"blank": "·", "normal_1": "1", "normal_2": "2", "critical_1": "1✦", "critical_2": "2✦"}
"""Attack die faces as written in the attack embed (✦: critical)."""


def text(key: str, lang: str = "en", **params: Any) -> str:
    """The catalogue's ``mw.table.<key>`` in ``lang``."""
    return message(f"mw.table.{key}", lang, **{k: (", ".join(map(str, v)) if isinstance(v, (list, tuple)) else v)
                                                for k, v in params.items()})


def has(key: str) -> bool:
    return f"mw.table.{key}" in messages("en")


def percent(p: float) -> str:
    return f"{round(p * 100)}%" if p >= 0.005 or p == 0 else "<1%"


@functools.cache
def arena_words(lang: str = "en") -> ArenaWords:
    """The words drawn on the arena image, from ``mw.table.arena.<field>``."""
    import dataclasses
    return ArenaWords(**{f.name: text(f"arena.{f.name}", lang) for f in dataclasses.fields(ArenaWords)})


class Names:
    """What things are called in one view: objects by label, seats by player, in ``lang``."""

    def __init__(self, view: JSON, players: Mapping[str, str], lang: str = "en") -> None:
        self.view, self.players, self.lang = view, dict(players), lang
        self.objects: dict[str, JSON] = view.get("objects", {})
        self.labels = labels(view)

    def seat(self, seat: Any) -> str:
        return self.players.get(str(seat), str(seat))

    def card(self, oid: Any) -> str:
        """An object's card name; a hidden enchantment's ``face-down enchantment``."""
        o = self.objects.get(str(oid))
        if o is None:
            return str(oid)
        if not o.get("card"):
            return text("hidden", self.lang)
        return str(o["card"]).replace(" (Apprentice)", "")

    def obj(self, oid: Any, *, where: bool = False) -> str:
        """``Firebrand Imp (FI)``, and its zone with ``where``."""
        o = self.objects.get(str(oid))
        if o is None:
            return str(oid)
        label = f"{self.card(oid)} ({self.labels.get(o['id'], '?')})"
        zone = o.get("zone") or o.get("border")
        return f"{label} {zone}" if where and zone else label

    def attack(self, oid: str, index: Any) -> str:
        from engine.magewars import stats
        try:
            return str(stats.attacks(self.view, oid)[int(index)]["name"])
        except Exception:  # noqa: BLE001 - an attack the view can't name is shown by its number
            return f"#{index}"


# steps and actions --------------------------------------------------------------------------------------------

def step_text(view: JSON, lang: str = "en") -> str:
    question = (view.get("pending") or [None])[0]
    if question is not None and has(f"step.{question.get('type')}"):  # a question inside an action (windows.py)
        return text(f"step.{question['type']}", lang)
    step = str(view.get("step"))
    if step == "upkeep" and (view.get("upkeep_order") or {}):  # a creature's Burn/Rot and Regenerate to order
        step = "upkeep_order"
    return text(f"step.{step}", lang) if has(f"step.{step}") else step


def preview(view: JSON, attacker: str, index: Any, target: str) -> JSON | None:
    """The exact odds of an attack as its attacker sees them (``combat.attack_preview``), or None."""
    try:
        return combat.attack_preview(view, attacker, index, target)
    except Exception:  # noqa: BLE001 - a view missing what the preview needs: no odds, the attack still works
        return None


def odds_text(odds: JSON | None, lang: str = "en") -> str:
    """``kill 12% · ~3.1 dmg · Daze 25%``: the kill chance, the mean damage and each effect's chance."""
    if not odds:
        return ""
    parts = [text("odds.kill", lang, p=percent(odds["kill_chance"])),
             text("odds.mean", lang, damage=f"{odds['expected_damage']:.1f}")]
    parts += [f"{name} {percent(p)}" for name, p in odds.get("effects", {}).items() if name != "none" and p]
    return " · ".join(parts)


def spell_cost(name: str) -> str:
    """A spell's printed casting cost as the card shows it (2 for an enchantment cast face down), "?" unknown."""
    from engine.magewars.cards import card, has_card
    if not has_card(name):
        return "?"
    c = card(name)
    return "2" if str(c.type) == "enchantment" else str(c.cost)


def action_label(action: JSON, names: Names, *, odds: bool = True) -> str:
    """One action in words, at most 100 characters."""
    lang, kind, view = names.lang, action.get("type", "?"), names.view
    actor = (view.get("activation") or {}).get("object")
    if kind == "Prepare":
        spells = action.get("spells") or []
        out = text("action.Prepare", lang, spells=" + ".join(spells) or text("nothing", lang))
        if action.get("assign"):
            out += " · " + ", ".join(f"{names.obj(k)}: {v}" for k, v in action["assign"].items())
    elif kind == "PlanSpell":
        out = text("action.PlanSpellNone", lang) if action.get("spell") is None else \
            text("action.PlanSpell", lang, spell=action["spell"], cost=spell_cost(action["spell"]))
    elif kind == "Assign":
        out = text("action.Assign", lang, caster=names.obj(action.get("caster")),
                   spell=action.get("spell") or text("nothing", lang))
    elif kind == "Push":
        out = text("action.Push", lang, object=names.obj(action.get("object")), direction=action.get("direction"))
    elif kind == "Teleport":
        out = text("action.Teleport", lang, object=names.obj(action.get("object")), zone=action.get("zone"))
    elif kind == "UseAbility":
        out = text("action.UseAbility", lang, ability=action.get("ability"), target=names.obj(action.get("target")))
    elif kind == "Cast":
        on = action.get("target") or action.get("zone") or action.get("border")
        where = names.obj(on) if on in names.objects else str(on or "")
        out = text("action.Cast", lang, spell=action["spell"], caster=names.obj(action["caster"]),
                   target=where or "—")
        if action.get("x") is not None:
            out += f" (X={action['x']})"
    elif kind == "Attack":
        out = text("action.Attack", lang, attacker=names.obj(actor), attack=names.attack(actor, action["attack"]),
                   target=names.obj(action["target"]))
        if odds:
            extra = odds_text(preview(view, actor, action["attack"], action["target"]), lang)
            out += f" · {extra}" if extra else ""
    elif kind == "Activate":
        out = text("action.Activate", lang, creature=names.obj(action["creature"], where=True))
    elif kind == "Move":
        out = text("action.Move", lang, creature=names.obj(actor), to=action["to"])
    elif kind == "Reveal":
        out = text("action.Reveal", lang, enchantment=names.obj(action["enchantment"]))
    elif kind == "Defend":
        out = defend_label(action, names)
    elif kind == "Counterstrike":
        out = text("action.CounterstrikeNone", lang) if action.get("attack") is None else \
            text("action.Counterstrike", lang, attack=next(
                (b["name"] for b in ((view.get("pending") or [{}])[0]).get("attacks", [])
                 if b["index"] == action["attack"]), f"#{action['attack']}"))
    elif kind == "Counter":
        out = text("action.Counter" if action.get("pay") else "action.CounterDeclined", lang,
                   enchantment=names.obj(action.get("enchantment")))
    elif kind == "Skip" and ((view.get("pending") or [{}])[0]).get("type") == "window":
        out = text("action.SkipWindow", lang)
    elif kind == "Upkeep":
        paid = [names.obj(o) for o in action.get("pay") or []]
        out = text("action.Upkeep", lang, paid=", ".join(paid) or text("nothing", lang))
    elif kind == "Adjust":
        out = text("action.Adjust", lang, object=names.obj(action.get("object")), field=action.get("field"),
                   value=action.get("value"))
    elif kind == "Guard":
        out = text("action.Guard", lang, creature=names.obj(actor))
    elif kind == "ChooseMode":
        out = text("action.ChooseMode", lang, mode=text(f"mode.{action['mode']}", lang))
    elif kind == "ChooseMage":
        book = text("random.book", lang) if action["book"] == "random" else action["book"]
        out = text("action.ChooseMageSchool", lang, mage=mage_name(action["mage"], lang), book=book,
                   school=text(f"school.{action['school']}", lang)) if action.get("school") else \
            text("action.ChooseMage", lang, mage=mage_name(action["mage"], lang), book=book)
    elif kind == "ChooseInitiative":
        out = text("action.ChooseInitiative", lang, holder=names.seat(action["holder"]))
    elif kind == "UpkeepOrder":
        out = text(f"action.UpkeepOrder.{action['regenerate']}", lang, object=names.obj(action["object"]))
    else:
        out = text(f"action.{kind}", lang) if has(f"action.{kind}") else str(kind)
    return out[:100]


def defend_label(action: JSON, names: Names) -> str:
    """``Defend with Deflection Bracers (7+, 1x)``, ``No defense``, ``Pay and reveal Block``, from the question
    the defender sees (its own view holds the hidden Block)."""
    lang = names.lang
    question = (names.view.get("pending") or [{}])[0]
    if action.get("block"):
        block = (question.get("private") or {}).get("block") or {}
        return text("action.DefendBlock", lang, card=block.get("card") or text("hidden", lang),
                    cost=block.get("reveal_cost", "?"))
    declined = text("action.DefendDeclineBlock", lang) if action.get("block") is False else ""
    if action.get("defense") is None:
        return declined + text("action.DefendNone", lang)
    chosen = next((d for d in question.get("defenses", []) if d["index"] == action["defense"]), None)
    if chosen is None:
        return declined + text("action.Defend", lang, source=f"#{action['defense']}", threshold="?", uses="")
    uses = "∞" if chosen.get("uses") is None else f"{chosen['uses']}x"
    return declined + text("action.Defend", lang, source=chosen["source"], threshold=chosen["threshold"], uses=uses)


# events -------------------------------------------------------------------------------------------------------

def event_line(e: JSON, names: Names) -> str:
    """One event in words ("" for bookkeeping events and those the attack embed tells)."""
    kind = e.get("type", "")
    if kind in ("ResponseAsked", "ResponseGiven"):  # a question inside an action: asked, or answered
        kind = f"{kind}.{e.get('timing') or e.get('question')}"
        shown = e.get("declared") or {}
        e = {**e, "attack": e.get("attack") or (names.attack(shown["attacker"], shown["attack"])
                                                if "attack" in shown else ""),
             "spell": shown.get("spell") or text("hidden", names.lang)}
    if kind == "SpellPlanned" and e.get("spell") is None:
        kind = "SpellPlannedNone"
    if kind == "UpkeepOrdered":
        kind = f"UpkeepOrdered.{e.get('regenerate')}"
    if kind == "GameOver" and not e.get("winner"):
        kind = "GameOver.draw"
    if not has(f"event.{kind}"):
        return ""
    params: dict[str, Any] = {}
    for key, value in e.items():
        if key in ("object", "attacker", "target", "defender", "caster", "creature", "mage", "attached_to",
                   "enchantment"):
            params[key] = names.obj(value) if isinstance(value, str) and value in names.objects else str(value)
        elif key in ("seat", "winner", "by", "initiative"):
            params[key] = names.seat(value)
        else:
            params[key] = value
    if kind == "SpellCast" and not e.get("spell"):  # an enchantment is cast face down: its name stays secret
        params["spell"] = text("hidden_spell", names.lang)
    if kind == "EnchantmentPlaced" and "attached_to" not in e:  # placed on a zone
        params["attached_to"] = e.get("attached_zone") or "—"
    if kind == "ObjectDestroyed":
        params["object"] = f"{e.get('card') or text('hidden', names.lang)}"
    if kind in ("SpellCast", "SpellCountered", "SpellNeedsReferee") and isinstance(e.get("target"), str):
        params["target"] = names.obj(e["target"]) if e["target"] in names.objects else e["target"]
    params.setdefault("target", e.get("zone") or e.get("border") or "—")
    if kind == "InitiativeRolled":
        params["rolls"] = ", ".join(f"{names.seat(s)} {r}" for s, r in e["rolls"].items())
    if kind == "ModeChosen":
        params["mode"] = text(f"mode.{e['mode']}", names.lang)
    if kind in ("MageDecidedPrivately", "MagesRevealed"):
        chosen = e["mages"] if kind == "MagesRevealed" else {e["seat"]: e["mage"]}
        books = e["books"] if kind == "MagesRevealed" else {e["seat"]: e["book"]}
        schools = e.get("schools") or ({e["seat"]: e["school"]} if e.get("school") else {})
        params["choices"] = ", ".join(
            f"{names.seat(s)}: {mage_name(m, names.lang)}"
            + (f" · {text('school.' + schools[s], names.lang)}" if s in schools else "") + f" ({books[s]})"
            for s, m in chosen.items())
    if kind == "SpellAssigned" and not e.get("spell"):
        params["spell"] = text("nothing", names.lang)
    if kind == "PlansRevealed":
        params["counts"] = ", ".join(f"{names.seat(s)} {n}" for s, n in e["counts"].items())
    return text(f"event.{kind}", names.lang, **params)


STRIKE_EVENTS = ("DefenseRolled", "BlockRevealed", "AttackReversed", "RollToMiss", "AttackRolled", "ConditionAdded",
                 "DamageDealt")
"""Events the attack embed tells that belong to a strike."""


def attack_embeds(events: Sequence[JSON], names: Names) -> list[Embed]:
    """One embed per strike: attack dice, effect die, the defense tried, armor and piercing, damage, conditions."""
    lang = names.lang
    out: list[Embed] = []
    current: Embed | None = None
    resumed: JSON = {}

    def title(attacker: Any, attack: Any, target: Any) -> str:
        return text("attack.title", lang, attacker=names.obj(attacker) if attacker in names.objects else str(attacker),
                    attack=attack, target=names.obj(target) if target in names.objects else str(target or "—"))
    for e in events:
        kind = e.get("type")
        if kind == "AttackDeclared":
            current = Embed(title=title(e["attacker"], e["attack"], e.get("target")), color=COLOURS["attack"])
            out.append(current)
        elif kind == "ResponseGiven":  # an answer resumes an action whose declared part was posted when it stopped
            resumed = e.get("declared") or {}
        elif current is None and kind in STRIKE_EVENTS and (resumed.get("attacker") or resumed.get("caster")):
            # only a resumed attack or cast has a title: a resumed move's damage (a trap revealed) is an event line
            who = resumed.get("attacker") or resumed.get("caster")
            attack = names.attack(who, resumed["attack"]) if "attack" in resumed else resumed.get("spell")
            current = Embed(title=title(who, attack or text("hidden", lang), resumed.get("target"))
                            + text("attack.resumed", lang), color=COLOURS["attack"])
            out.append(current)
        if current is None or kind == "AttackDeclared":
            continue
        if kind == "DefenseRolled":
            current.fields.append(Field(text("attack.defense", lang), text(
                "attack.defense_value", lang, source=e.get("source"), roll=e["roll"], threshold=e["threshold"],
                result=text("attack.avoided" if e["avoided"] else "attack.failed", lang))))
        elif kind in ("BlockRevealed", "AttackReversed"):  # Reverse Attack: avoided, then turned on the attacker
            current.fields.append(Field(text("attack.defense", lang), f"{e.get('card')}: "
                                        + text("attack.avoided" if e.get("avoided", e.get("reversed"))
                                               else "attack.failed", lang)))
        elif kind == "RollToMiss":
            current.fields.append(Field(text("attack.daze", lang), text(
                "attack.daze_value", lang, roll=e["roll"],
                result=text("attack.missed" if e["missed"] else "attack.proceeds", lang))))
        elif kind == "AttackRolled":
            faces = " ".join(FACE.get(f, str(f)) for f in e.get("faces") or [])
            current.fields.append(Field(text("attack.dice", lang, dice=e["dice"]), faces or "—", inline=False))
            if e.get("effect_die") is not None:
                current.fields.append(Field(text("attack.effect_die", lang), f"{e['effect_die']}"
                                            + (f" {e['effect_modifier']:+d}" if e.get("effect_modifier") else "")))
            current.fields.append(Field(text("attack.armor", lang), text(
                "attack.armor_value", lang, armor=e.get("armor", 0), piercing=e.get("piercing", 0),
                applied=e.get("armor_applied", 0))))
            current.fields.append(Field(text("attack.damage", lang), text(
                "attack.damage_value", lang, normal=e.get("normal", 0), critical=e.get("critical", 0),
                damage=e.get("damage", 0))))
        elif kind == "ConditionAdded":
            current.fields.append(Field(text("attack.condition", lang), f"{e['condition']} → {names.obj(e['object'])}"))
        elif kind in ("DamageDealt", "ObjectDestroyed", "Pushed"):
            line = event_line(e, names)
            if line:
                current.description = (current.description + "\n" + line).strip()
    return out[:3]


# embeds -------------------------------------------------------------------------------------------------------

def mage_name(mage: str, lang: str) -> str:
    """A mage's class in ``lang`` (the rulebook's Spanish names); "random" for one drawn when chosen."""
    if mage == "random":
        return text("random.mage", lang)
    return mages.ES_NAMES.get(mage, mage) if lang == "es" else mages.MAGES.get(mage, {}).get("card", mage)


def _mage_line(view: JSON, seat: str, lang: str) -> str:
    mage = view.get("objects", {}).get(view.get("mages", {}).get(seat, ""))
    if mage is None:
        return "—"
    stats = mage.get("stats") or {}
    life = int(stats.get("life", 0)) - int(stats.get("life_lost", 0)) + int(stats.get("life_gained", 0))
    planned = view.get("planned", {}).get(seat)
    return text("panel.mage", lang, mage=str(mage["card"]).replace(" (Apprentice)", ""), mana=mage.get("mana", 0),
                channeling=stats.get("channeling", "?"), life=max(life - int(mage.get("damage", 0)), 0),
                max=life, book=view.get("book_counts", {}).get(seat, "?"),
                planned=planned if isinstance(planned, int) else len(planned or []),
                conditions=", ".join(f"{k} {v}" for k, v in (mage.get("conditions") or {}).items()) or "—")


def panel_embed(view: JSON, names: Names, *, match_id: str, image: str | None,
                mentions: Mapping[str, int]) -> Embed:
    lang = names.lang
    waiting = " ".join(f"<@{mentions[s]}>" if s in mentions else names.seat(s) for s in view.get("awaiting", [])) or "—"
    fields = [Field(names.seat(s) + (" · " + text("panel.initiative", lang) if view.get("initiative") == s else ""),
                    _mage_line(view, s, lang), inline=True) for s in view["seats"]]
    limit = view.get("round_limit")
    return Embed(title=text("panel.title_of" if limit else "panel.title", lang, round=view["round"], rounds=limit,
                            phase=text(f"phase.{view['phase']}", lang)
                            if has(f"phase.{view['phase']}") else view["phase"]),
                 description=text("panel.waiting", lang, players=waiting, step=step_text(view, lang)),
                 fields=fields, color=COLOURS["panel"], image=image, footer=text("panel.footer", lang, match=match_id))


def victory_embed(view: JSON, names: Names, outcome: Mapping[str, Any] | None, seed: str | None) -> Embed:
    lang = names.lang
    winner = (outcome or {}).get("winner")
    reason = str((outcome or {}).get("reason") or "")
    title = text("result.won", lang, player=names.seat(winner)) if winner else text("result.draw", lang)
    why = text(f"result.reason.{reason.replace(' ', '_')}", lang) if has(f"result.reason.{reason.replace(' ', '_')}") \
        else reason
    fields = [Field(names.seat(s), _mage_line(view, s, lang)) for s in view["seats"]]
    return Embed(title=title, description=why, fields=fields, color=COLOURS["victory"],
                 footer=text("result.seed", lang, seed=seed) if seed else "")


def private_embed(view: JSON, seat: str, names: Names) -> Embed:
    """The viewer's secrets: the spells planned, the spellbook, their face-down enchantments and reveal costs."""
    lang = names.lang
    planned = view.get("planned", {}).get(seat) or []
    assigned = view.get("assigned", {}).get(seat) or {}
    book = view.get("books", {}).get(seat) or {}
    hidden = [o for o in view.get("objects", {}).values() if o.get("kind") == "enchantment" and o.get("face_down")
              and o.get("controller") == seat]
    fields = [Field(text("private.planned", lang), "\n".join(planned) or text("nothing", lang), inline=False)]
    if assigned:
        fields.append(Field(text("private.assigned", lang),
                            "\n".join(f"{names.obj(k)}: {v}" for k, v in assigned.items()), inline=False))
    fields.append(Field(text("private.hidden", lang), "\n".join(
        f"{o['card']} ({names.labels.get(o['id'])}) → {names.obj(o.get('attached_to')) if o.get('attached_to') else o.get('attached_zone')}"
        for o in hidden) or text("nothing", lang), inline=False))
    lines = [f"{n} ×{c}" if c > 1 else n for n, c in sorted(book.items())]
    body = ", ".join(lines)
    fields.append(Field(text("private.book", lang, count=sum(book.values())), (body[:1000] or "—"), inline=False))
    return Embed(title=text("private.title", lang), fields=fields, color=COLOURS["private"])


def coverage_reply(lang: str = "en") -> Reply:
    numbers = coverage()
    return Reply(content=text("coverage", lang, starter=numbers["starter"], pool=numbers["pool"]), ephemeral=True)
