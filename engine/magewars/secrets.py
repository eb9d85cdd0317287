"""One seat's hidden things drawn again (``MageWars.redeal``, the ``Secrets`` protocol of engine/core/system.py).

What a seat keeps hidden (§9, §9.7, §9.9, §4 P5): the spells still in its spellbook, the spells it prepared this
round (``planned``) and gave its familiars and spawnpoints (``assigned``; which casters got one is public), its
planning draft so far (``drafts``: spells and Assign choices), the identity of its face-down enchantments, the spell bound to an item it owns
until that spell is first cast, and, while the players choose, its secret mage and book (``secret``).

The redeal pools those cards (the seat's hidden cards, whatever slot they are in: the count of each slot is
public) and deals them again at random, each slot taking only a card that could be there given what the others
know: a face-down enchantment an enchantment whose casting line fits its host (or a zone), with no other of its
name there; a bound spell one its item may bind; an assigned spell one its caster may hold; a planned spell any
card. The rest go back to the book. Kept as they are: the spell of an action that waits on a question (it was
announced, or its cast committed), and, while a question waits, the face-down enchantments (the question's
private part was drawn from them).
"""
from __future__ import annotations

import re
from typing import Any

from engine.core.rng import Rng
from engine.magewars import choices, familiars
from engine.magewars.cards import card, has_card
from engine.magewars.pack import CardType
from engine.magewars.state import JSON, clone

_BIND = re.compile(r"bind a non-Epic (\w+) spell from your spellbook")


def _pick(rng: Rng, pool: list[str], fits: Any) -> str | None:
    """A random card of ``pool`` that ``fits``, taken out of the pool (None: nothing fits)."""
    fitting = [i for i, n in enumerate(pool) if fits(n)]
    if not fitting:
        return None
    return pool.pop(fitting[rng.randbelow(len(fitting))])


def _shuffle(rng: Rng, items: list[Any]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]


def _enchantment_fits(state: JSON, ench: JSON, name: str, seat: str) -> bool:
    from engine.magewars import casting
    if not has_card(name):
        return False
    c = card(name)
    if c.type != CardType.ENCHANTMENT:
        return False
    host = ench.get("attached_to")
    same_place = [o for o in state["objects"].values() if o["id"] != ench["id"] and o["card"] == name and (
        (host and o.get("attached_to") == host) or (not host and o.get("attached_zone") == ench.get("attached_zone")))]
    if same_place:
        return False
    target = c.target if isinstance(c.target, str) else "Zone"
    if host:
        return host in state["objects"] and casting.object_matches(state, target, host, seat)
    return "Zone" in target.split()


def _bound_fits(item: JSON, name: str) -> bool:
    m = _BIND.search(card(item["card"]).text or "") if has_card(item["card"]) else None
    return bool(m) and has_card(name) and str(card(name).type) == m.group(1) and "Epic" not in card(name).traits


def _waiting_spells(state: JSON, seat: str) -> tuple[list[tuple[str | None, str]], set[str]]:
    """The spell of an action of ``seat`` that waits on a question (kept: its caster and name), and the items it
    is cast from."""
    spells, items = [], set()
    for q in state.get("pending") or []:
        act = q.get("action") or {}
        if q.get("by") == seat and act.get("type") == "Cast":
            if act.get("from"):
                items.add(act["from"])
            elif has_card(act.get("spell", "")):
                spells.append((act.get("caster"), act["spell"]))
    return spells, items


def redeal(state: JSON, seat: str, rng: Rng) -> JSON:
    """``state`` with ``seat``'s hidden things dealt again (module docstring); a new dict."""
    new = clone(state)
    if new.get("over") or seat not in new.get("seats", []):
        return new
    if new.get("phase") == "choosing":
        return _rechoose(new, seat, rng)
    if seat not in new.get("books", {}):
        return new
    kept_spells, kept_items = _waiting_spells(new, seat)
    asking = any(q.get("type") in ("defend", "counterstrike", "window") for q in new.get("pending") or [])
    pool: list[str] = [n for n, k in new["books"][seat].items() for _ in range(k)]
    planned = list(new["planned"][seat])
    kept_planned: list[str] = []
    kept_assigned: dict[str, str] = {}
    for caster, n in kept_spells:  # a familiar's own spell stays its own; the mage's stays among its plans
        if caster is not None and new["assigned"][seat].get(caster) == n and caster not in kept_assigned:
            kept_assigned[caster] = n
        elif n in planned:
            planned.remove(n)
            kept_planned.append(n)
    pool += planned
    pool += [n for c, n in new["assigned"][seat].items() if c not in kept_assigned]
    drafts = new.get("drafts", {}).get(seat, {})
    downs = [] if asking else sorted(
        (o for o in new["objects"].values() if o["kind"] == "enchantment" and o.get("face_down")
         and o["owner"] == seat and o["controller"] == seat), key=lambda o: o["order"])
    pool += [o["card"] for o in downs]
    bound = sorted((o for o in new["objects"].values() if o.get("bound") and not o.get("bound_shown")
                    and o["owner"] == seat and o["controller"] == seat and o["id"] not in kept_items),
                   key=lambda o: o["order"])  # on another's mage its wearer knows the spell (it casts it)
    pool += [o["bound"] for o in bound]
    pool.sort()  # what is drawn depends only on the pool, never on where the true cards were
    _shuffle(rng, pool)
    # the slots that take only some cards first; where nothing fits now (its host changed since), any card of
    # its kind: what is dealt depends on the pool and the public state only, never on the true cards
    for o in downs:
        o["card"] = None  # not yet dealt: the same-name check must not see the true card
    for o in downs:
        o["card"] = _pick(rng, pool, lambda n, o=o: _enchantment_fits(new, o, n, seat)) \
            or _pick(rng, pool, lambda n: has_card(n) and card(n).type == CardType.ENCHANTMENT) or pool.pop()
    for o in bound:
        o["bound"] = _pick(rng, pool, lambda n, o=o: _bound_fits(o, n)) or pool.pop()
    assigned = dict(kept_assigned)
    for caster in sorted(c for c in new["assigned"][seat] if c not in kept_assigned):
        holder = new["objects"][caster]["card"] if caster in new["objects"] else None
        assigned[caster] = _pick(rng, pool, lambda n: holder is None or familiars.may_hold(holder, n)) or pool.pop()
    new["assigned"][seat] = assigned
    new["planned"][seat] = [pool.pop() for _ in planned if pool] + kept_planned
    book: dict[str, int] = {}
    for n in pool:
        book[n] = book.get(n, 0) + 1
    if drafts:  # how many spells were drafted and which casters got theirs is public; the spells are not
        for i in range(len(drafts["spells"])):
            names = sorted(n for n, k in book.items() if k > 0)
            drafts["spells"][i] = names[rng.randbelow(len(names))] if names else drafts["spells"][i]
            book[drafts["spells"][i]] = book.get(drafts["spells"][i], 0) - 1
        for caster in sorted(drafts["assign"]):
            holder = new["objects"][caster]["card"] if caster in new["objects"] else None
            options: list[str | None] = sorted(n for n, k in book.items() if k > 0
                                               and (holder is None or familiars.may_hold(holder, n)))
            options.append(None)
            drafts["assign"][caster] = options[rng.randbelow(len(options))]
            if drafts["assign"][caster]:
                book[drafts["assign"][caster]] -= 1
        for n in [*drafts["spells"], *(n for n in drafts["assign"].values() if n)]:  # in the book until Prepare
            book[n] = book.get(n, 0) + 1
    new["books"][seat] = {n: k for n, k in sorted(book.items()) if k > 0}
    return new


def _rechoose(st: JSON, seat: str, rng: Rng) -> JSON:
    """While the players choose: a secret mage and book chosen again among those that could have been."""
    if seat not in st.get("secret", {}):
        return st
    from engine.core.errors import InvalidInput
    from engine.magewars import mages
    options = []
    extra = choices.pack_books(st["options"])
    for m in mages.mage_ids():
        books = [f"{kind}-{m}" for kind in ("apprentice", "starter")] + [b for b, v in extra.items() if v["mage"] == m]
        schools = list(mages.ELEMENTAL_SCHOOLS) if mages.chooses_school(m, st.get("mode") or "") else [None]
        for b in books:
            for school in schools:
                try:
                    choices.book_of(st["options"], m, b, seat, school)
                except InvalidInput:
                    continue
                options.append({"mage": m, "book": b, **({"school": school} if school else {})})
    if options:
        st["secret"][seat] = options[rng.randbelow(len(options))]
    return st
