"""Planning (§4 P5) one choice at a time, as a person does it: the first spell, the second, then each familiar's
and spawnpoint's spell, then the plan as drafted (``Prepare``).

A seat's draft (``state["drafts"][seat]``, secret): ``{"spells": [name, ...], "closed": bool, "assign": {caster:
name|None}}``. While fewer than 2 spells are drafted and the list is open, the seat is offered ``PlanSpell``
{spell} for each spell left in its book that it could cast this round, and a way to stop: ``PlanSpell``
{spell: None} when familiars or spawnpoints still wait for their spell, else the ``Prepare`` of what is drafted.
Then ``Assign`` {caster, spell|None} for each caster in turn (only spells its card allows and it could cast),
then the one ``Prepare`` {spells, assign} of the draft.

"Could cast this round" (ruling "Planning offers what can be cast"): the spell's least printed cost, less the
caster's casting discount, is within the mana the caster may spend now (its own and its mage's pool); a spell
whose cost depends on its target (X, Dispel, Teleport...) counts at its least. Mana is not gained inside a round
but by rare card texts, so a spell that cannot be paid now cannot be cast before the next Planning.
"""
from __future__ import annotations

from typing import Any

from engine.magewars import effects, familiars
from engine.magewars.cards import card, has_card, number
from engine.magewars.pack import CardType
from engine.magewars.state import JSON

PLANNED_SPELLS = 2
ENCHANTMENT_CAST_COST = 2
"""An enchantment is cast face down for 2 mana (§9.7)."""


def draft(state: JSON, seat: str) -> JSON:
    """The seat's draft so far (a new empty one when it has none)."""
    return state.get("drafts", {}).get(seat) or {"spells": [], "closed": False, "assign": {}}


def _left(state: JSON, seat: str, d: JSON) -> dict[str, int]:
    book = dict(state["books"][seat])
    for name in [*d["spells"], *(n for n in d["assign"].values() if n)]:
        book[name] = book.get(name, 0) - 1
    return {n: k for n, k in book.items() if k > 0}


def least_cost(state: JSON, caster: str, name: str) -> int:
    """The least mana ``caster`` may pay to cast ``name`` (its printed cost, 2 for an enchantment, 0 for a cost
    set by the target or X), less its mage's casting discount."""
    if not has_card(name):
        return 0
    c = card(name)
    cost = ENCHANTMENT_CAST_COST if c.type == CardType.ENCHANTMENT else number(c.cost)
    return max(0, cost - effects.discount(state, caster, c)[0])


def affordable(state: JSON, caster: str, name: str) -> bool:
    obj = state["objects"][caster]
    mage = state["objects"][state["mages"][obj["controller"]]]
    mana = mage["mana"] + (obj.get("mana", 0) if obj["kind"] != "mage" else 0)
    return least_cost(state, caster, name) <= mana


def offered(state: JSON, seat: str, casters: list[str]) -> list[JSON]:
    """What ``seat`` may choose next in Planning (see the module's docstring)."""
    d = draft(state, seat)
    book = _left(state, seat, d)
    prepare = {"type": "Prepare", "spells": list(d["spells"]), "assign": {c: n for c, n in d["assign"].items() if n}}
    if not d["closed"] and len(d["spells"]) < PLANNED_SPELLS:
        mage = state["mages"][seat]
        out = [{"type": "PlanSpell", "spell": n} for n in sorted(book) if affordable(state, mage, n)]
        waiting = [c for c in casters if c not in d["assign"]]
        return out + ([{"type": "PlanSpell", "spell": None}] if waiting else [prepare])
    waiting = [c for c in casters if c not in d["assign"]]
    if waiting:
        caster = waiting[0]
        return [{"type": "Assign", "caster": caster, "spell": n}
                for n in familiars.options(state, seat, caster, book) if affordable(state, caster, n)] + \
            [{"type": "Assign", "caster": caster, "spell": None}]
    return [prepare]


def choose(state: JSON, seat: str, action: JSON) -> list[JSON]:
    """Record a ``PlanSpell`` or an ``Assign`` in the seat's draft (secret: a private event names the spell; the
    public one says only that a choice was made, and which caster got its spell)."""
    d = state.setdefault("drafts", {}).setdefault(seat, draft(state, seat))
    if action["type"] == "PlanSpell":
        if action["spell"] is None:
            d["closed"] = True
        else:
            d["spells"].append(action["spell"])
            d["closed"] = len(d["spells"]) >= PLANNED_SPELLS
        return [{"type": "SpellPlanned", "seat": seat, "spell": action["spell"], "visible_to": [seat]},
                {"type": "PlanningChoice", "seat": seat}]
    d["closed"] = True
    d["assign"][action["caster"]] = action["spell"]
    return [{"type": "SpellAssigned", "seat": seat, "caster": action["caster"], "spell": action["spell"],
             "visible_to": [seat]}, {"type": "CasterAssigned", "seat": seat, "caster": action["caster"]}]


