"""Values as the rules read them now: engagement, range, and attack, defence and cost with their modifiers.

A unit's modifiers come from its own ability (unless an enemy ⚡ defence negates it this combat, §5) and from
the abilities of the equipment and tactics under it (§6.2). A hero's come from its passive ability, and from its
costed ability on the turn it was used (§6.3). Each modifier applies while its condition holds (pack.py's
``Condition``). "§" is a section of the digest ``shared/rules/tambores.md``.
"""
from __future__ import annotations

from engine.tambores.cards import ability, card
from engine.tambores.state import JSON, SLOTS, card_id, other, slot_of

HERO = "hero"


def engaged(st: JSON, seat: str, n: int) -> bool:
    """An enemy unit is directly opposite slot ``n`` (enfrentada, §4; slot i faces enemy slot i, §21.1)."""
    return slot_of(st, other(st, seat), n) is not None


def reaches(unit_range: int, n: int, target: int) -> bool:
    """Range 1: the opposite slot; 2: it and the adjacent ones; 3: every slot (§11.1, §21.2)."""
    return unit_range >= 3 or abs(n - target) <= unit_range - 1


def void_negation(st: JSON, seat: str, n: int) -> bool:
    """``seat``'s ⚡ defence unit in slot ``n`` negates an enemy unit that negates it back, and the enemy holds the
    first-player marker: the two abilities conflict and the marker holder's has priority (seed 002 l.192, "dos
    habilidades que anulen la habilidad del contrario y se juegan a la vez"), so this negation does nothing."""
    enemy = other(st, seat)
    target = st["negations"].get(seat, {}).get(str(n))
    return (target is not None and st["marker"] == enemy
            and st["negations"].get(enemy, {}).get(str(target)) == n)


def negated(st: JSON, seat: str, n: int) -> bool:
    """The unit in ``seat``'s slot ``n`` has its ability negated by an enemy ⚡ defence this combat (§5), unless that
    negation conflicts with this unit's own negation of it and ``seat`` holds the marker (``void_negation``)."""
    enemy = other(st, seat)
    return any(target == n and not void_negation(st, enemy, int(m))
               for m, target in st["negations"].get(enemy, {}).items())


def _unit_modifiers(st: JSON, seat: str, n: int) -> list[JSON]:
    cat, unit = st["catalogue"], slot_of(st, seat, n)
    mods: list[JSON] = []
    own = ability(cat, card(cat, unit["card"]))
    if own and not negated(st, seat, n) and own["trigger"] in ("always", "impact"):
        mods += own["modifiers"]
    for inst in unit["attached"]:
        ab = ability(cat, card(cat, inst))
        if ab and ab["trigger"] in ("always", "impact"):
            mods += ab["modifiers"]
    return mods


def hero_modifiers(st: JSON, seat: str) -> list[JSON]:
    """The hero's passive modifiers, and its costed ability's on the turn it was used."""
    p = st["players"][seat]
    ab = ability(st["catalogue"], st["catalogue"]["heroes"][p["hero"]])
    if ab is None:
        return []
    if ab["cost"] is None and ab["trigger"] == "always":
        return ab["modifiers"]
    used = p["ability_turn"] == st["turn"] and ab["trigger"] in ("activated", "always")
    return ab["modifiers"] if used else []


def holds(st: JSON, seat: str, n: int | None, mod: JSON, target: int | str | None = None) -> bool:
    """Whether a modifier's condition holds for ``seat``'s unit in slot ``n`` (None: the hero) attacking ``target``."""
    cond = mod["condition"]
    if cond == "always":
        return True
    if cond == "hero_wounded":
        return st["players"][seat]["hero_wounds"] > 0
    if cond == "card_on_field":  # a unit of the player's own army (§21.20)
        return any(s is not None and card_id(s["card"]) == mod["card"] for s in st["players"][seat]["slots"])
    if n is None:
        return False
    if cond == "deployed_this_turn":
        return slot_of(st, seat, n)["deployed_turn"] == st["turn"]
    if cond == "not_engaged":
        return not engaged(st, seat, n)
    if cond == "target_not_engaged":
        return isinstance(target, int) and not engaged(st, other(st, seat), target)
    return False


def _total(base: int, mods: list[JSON], stat: str, st: JSON, seat: str, n: int | None, target=None) -> int:
    return max(0, base + sum(m["amount"] for m in mods if m["stat"] == stat and holds(st, seat, n, m, target)))


def attack(st: JSON, seat: str, n: int | str, target: int | str | None = None) -> int:
    """The attack of ``seat``'s unit in slot ``n`` (or ``"hero"``) against ``target`` (§11.2)."""
    if n == HERO:
        hero = st["catalogue"]["heroes"][st["players"][seat]["hero"]]
        return _total(hero["attack"], hero_modifiers(st, seat), "attack", st, seat, None, target)
    unit = card(st["catalogue"], slot_of(st, seat, n)["card"])
    return _total(unit["attack"], _unit_modifiers(st, seat, n), "attack", st, seat, n, target)


def defence(st: JSON, seat: str, n: int | str) -> int:
    """The defence of ``seat``'s unit in slot ``n`` (or ``"hero"``) (§11.2)."""
    if n == HERO:
        hero = st["catalogue"]["heroes"][st["players"][seat]["hero"]]
        return _total(hero["defence"], hero_modifiers(st, seat), "defence", st, seat, None)
    unit = card(st["catalogue"], slot_of(st, seat, n)["card"])
    return _total(unit["defence"], _unit_modifiers(st, seat, n), "defence", st, seat, n)


def life(st: JSON, seat: str, n: int | str) -> int:
    """Wounds that annihilate the unit or defeat the hero (§11.2)."""
    if n == HERO:
        return st["catalogue"]["heroes"][st["players"][seat]["hero"]]["life"]
    return card(st["catalogue"], slot_of(st, seat, n)["card"])["life"]


def unit_range(st: JSON, seat: str, n: int) -> int:
    return card(st["catalogue"], slot_of(st, seat, n)["card"])["range"]


def deployment_cost(st: JSON, seat: str, cid: str) -> int:
    """Cards to remove to deploy ``cid`` (§10): printed cost, -1 with ⚡ while the hero is wounded (§5), and
    deployment-cost modifiers of the card's own ability and of the hero's passive ability."""
    cat = st["catalogue"]
    entry = card(cat, cid)
    cost = entry["deployment_cost"]
    if entry.get("cost_bolt") and st["players"][seat]["hero_wounds"] > 0:
        cost -= 1
    mods = list((ability(cat, entry) or {}).get("modifiers", []))
    hero_ab = ability(cat, cat["heroes"][st["players"][seat]["hero"]])
    if hero_ab and hero_ab["cost"] is None and hero_ab["trigger"] == "always":
        mods += hero_ab["modifiers"]
    return _total(cost, mods, "deployment_cost", st, seat, None)
