"""The choices before the duel when the options fix no mode, mages nor books (a match opened at the table).

- ``ChooseMode {mode}``: the challenger (the first seat) chooses "apprentice" or "full" (ruling "Who chooses the
  mode", docs/rulings/magewars.md).
- ``ChooseMage {mage, book, school?}``: each player chooses a mage and a spellbook (digest §3.2, §15), and in the
  full game the Wizard's elemental school (``school``: air, earth, fire, water; §14.4, seed 001 l.979): the mage's
  apprentice book, its starter book, or one of the pack's spellbooks built for that mage (checked with
  ``spellbooks.problems``, the pack's own cards counting: ``mw.book.invalid``; they play in the duel, see
  system.py). Both choose at once, each choice secret until both are made (a private event tells the chooser),
  then revealed and the duel begins.
  ``random`` as the mage or the book is drawn when chosen: a mage among the four, a book among the mage's
  usable ones for the mode (its apprentice book in apprentice mode; its starter book or a sound pack book).
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import InvalidInput
from engine.core.rng import Rng, choice
from engine.magewars import mages, spellbooks
from engine.magewars.pack import Card

JSON = dict[str, Any]
MODES = ("apprentice", "full")
RANDOM = "random"


def needed(options: JSON) -> bool:
    """True when the options leave the mode, the mages and the books to the players."""
    return not any(options.get(k) for k in ("mode", "mages", "books"))


def _entries(options: JSON) -> JSON:
    return (options.get("pack") or {}).get("entries") or {}


def pack_books(options: JSON) -> dict[str, JSON]:
    """The pack's spellbooks for a shipped mage, by id: {name, mage, cards {card: copies}}."""
    named = {m.get("id"): str(m.get("name", "")).lower() for m in _entries(options).get("mages", [])}
    card_names = {c["id"]: c["name"] for c in _entries(options).get("cards", [])}  # books list cards by id
    out = {}
    for b in _entries(options).get("spellbooks", []):
        mage = b["mage"] if b["mage"] in mages.mage_ids() else named.get(b["mage"])
        if mage in mages.mage_ids():
            out[b["id"]] = {"name": b["name"], "mage": mage,
                            "cards": {card_names.get(e["card"], e["card"]): e.get("copies", 1)
                                      for e in b["cards"]}}
    return out


def pack_cards(options: JSON) -> dict[str, Card]:
    """The pack's spell cards by name (they count beside the shipped ones and win on the same name)."""
    return {c["name"]: Card.model_validate(c) for c in _entries(options).get("cards", [])}


def start(options: JSON, seats: tuple[str, ...]) -> JSON:
    """The state while the players choose: only what ``awaiting``/``view`` read, and the pack's books."""
    return {"phase": "choosing", "step": "choose_mode", "seats": list(seats), "mode": None, "round": 0,
            "over": False, "winner": None, "reason": "", "objects": {}, "books": {}, "planned": {}, "assigned": {},
            "upkeep_due": {}, "mages": {}, "secret": {}, "options": dict(options), "log": []}


def awaiting(st: JSON) -> list[str]:
    if st["step"] == "choose_mode":
        return [st["seats"][0]]
    return [s for s in st["seats"] if s not in st["secret"]]


def legal(st: JSON, seat: str) -> list[JSON]:
    if seat not in awaiting(st):
        return []
    if st["step"] == "choose_mode":
        return [{"type": "ChooseMode", "mode": m} for m in MODES]
    out = [{"type": "ChooseMage", "mage": RANDOM, "book": RANDOM}]
    for m in mages.mage_ids():
        books = [f"{kind}-{m}" for kind in ("apprentice", "starter")] + \
            [b for b, v in pack_books(st["options"]).items() if v["mage"] == m]
        if not mages.chooses_school(m, st["mode"]):
            out += [{"type": "ChooseMage", "mage": m, "book": b} for b in books + [RANDOM]]
            continue
        for school in mages.ELEMENTAL_SCHOOLS:  # the Wizard's elemental school (§14.4; seed 001 l.979)
            out += [{"type": "ChooseMage", "mage": m, "book": b, "school": school}
                    for b in books if _sound(st["options"], m, b, school)]
            out.append({"type": "ChooseMage", "mage": m, "book": RANDOM, "school": school})
    return out


def _sound(options: JSON, mage: str, book: str, school: str | None) -> bool:
    """Whether ``book`` may be chosen for ``mage`` trained in ``school`` (§15): an apprentice book always; a
    starter or pack book within the mage's spell points and restrictions for that training."""
    if book.startswith("apprentice-"):
        return True
    try:
        book_of(options, mage, book, "", school)
    except InvalidInput:
        return False
    return True


def _random_books(st: JSON, mage: str, school: str | None) -> list[str]:
    """The books a random draw may give ``mage`` in the chosen mode: never one that would be refused."""
    if st["mode"] == "apprentice":
        return [f"apprentice-{mage}"]
    books = [f"starter-{mage}"] + [b for b, v in pack_books(st["options"]).items() if v["mage"] == mage]
    return [b for b in books if _sound(st["options"], mage, b, school)] or [f"apprentice-{mage}"]


def _drawn(st: JSON, action: JSON, rng: Rng) -> JSON:
    """The choice with ``random`` mage, school and book drawn (§3.2, §15); a Wizard drawn at random gets a school
    drawn too (its starter book's, Air, when nothing else fits a book)."""
    if RANDOM not in (action["mage"], action["book"]):
        return action
    mage = choice(rng, mages.mage_ids()) if action["mage"] == RANDOM else action["mage"]
    school = action.get("school")
    if mages.chooses_school(mage, st["mode"]) and school is None:
        school = choice(rng, list(mages.ELEMENTAL_SCHOOLS))
    book = choice(rng, _random_books(st, mage, school)) if action["book"] == RANDOM else action["book"]
    return {**action, "mage": mage, "book": book, **({"school": school} if school else {})}


def book_of(options: JSON, mage: str, book: str, seat: str, school: str | None = None) -> dict[str, int] | str:
    """The shipped book id or a pack book's contents, checked (§15) for ``mage`` (trained in ``school``).

    :raises InvalidInput: mw.book.invalid
    """
    extra = pack_books(options)
    if book not in extra:
        if school and book.startswith("starter-"):
            problems = spellbooks.problems(spellbooks.contents(book), mage, mode="full", school=school)
            if problems:
                raise spellbooks.refusal(problems, seat)
        return book
    contents = extra[book]["cards"]
    problems = spellbooks.problems(contents, mage, mode="full", cards=pack_cards(options), school=school)
    if problems:
        raise spellbooks.refusal(problems, seat)
    return contents


def apply(st: JSON, seat: str, action: JSON, events: list[JSON], rng: Rng) -> JSON | None:
    """Record a choice (``random`` drawn with ``rng``); the options of the duel once both players chose, else None."""
    if action["type"] == "ChooseMode":
        st.update(mode=action["mode"], step="choose_mage")
        events.append({"type": "ModeChosen", "seat": seat, "mode": action["mode"]})
        return None
    action = _drawn(st, action, rng)
    school = action.get("school")
    book_of(st["options"], action["mage"], action["book"], seat, school)  # refused now, before it is kept secret
    st["secret"][seat] = {"mage": action["mage"], "book": action["book"], **({"school": school} if school else {})}
    events.append({"type": "MageDecided", "seat": seat})
    events.append({"type": "MageDecidedPrivately", "seat": seat, "mage": action["mage"], "book": action["book"],
                   **({"school": school} if school else {}), "visible_to": [seat]})
    if len(st["secret"]) < 2:
        return None
    chosen = st["secret"]
    schools = {s: c["school"] for s, c in chosen.items() if c.get("school")}
    events.append({"type": "MagesRevealed", "mages": {s: c["mage"] for s, c in chosen.items()},
                   "books": {s: c["book"] for s, c in chosen.items()}, **({"schools": schools} if schools else {})})
    return {**st["options"], "mode": st["mode"], "mages": {s: c["mage"] for s, c in chosen.items()},
            "books": {s: book_of(st["options"], c["mage"], c["book"], s, c.get("school"))
                      for s, c in chosen.items()}, **({"schools": schools} if schools else {})}
