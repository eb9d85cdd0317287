"""Choosing heroes in a campaign (§15.3; seed 002 l.415-419): three battles with the same army and a hero of a
different colour each time. Battle 1: the marker is tossed and its winner reveals a hero first, then the other
chooses. Battle 2: the other player reveals first. Battle 3: the colour left (a choice only between two heroes of
that colour). The choices are public and made in turn (``ChooseHero``)."""
from __future__ import annotations

from engine.core.rng import Rng
from engine.tambores.setup import after_heroes, set_hero
from engine.tambores.state import JSON, other


def start_choice(st: JSON, rng: Rng, events: list[JSON]) -> None:
    series = st["series"]
    if series["battle"] == 1:
        series["first_revealer"] = st["seats"][rng.randbelow(2)]
        events.append({"type": "MarkerTossed", "marker": series["first_revealer"], "for": "reveal"})
    first = series["first_revealer"]
    st.update(step="choose_hero", current=other(st, first) if series["battle"] == 2 else first)
    _auto(st, rng, events)


def options(st: JSON, seat: str) -> list[str]:
    """Heroes of the seat's deck whose colour it has not played yet."""
    cat = st["catalogue"]
    used = {cat["heroes"][h]["colour"] for h in st["series"]["heroes_used"][seat]}
    return [h for h in cat["decks"][st["players"][seat]["deck"]]["heroes"] if cat["heroes"][h]["colour"] not in used]


def legal(st: JSON, seat: str) -> list[JSON]:
    return [{"type": "ChooseHero", "hero": h} for h in options(st, seat)]


def apply(st: JSON, seat: str, action: JSON, rng: Rng, events: list[JSON]) -> None:
    set_hero(st, seat, action["hero"], events)
    _next(st, seat, rng, events)


def _next(st: JSON, seat: str, rng: Rng, events: list[JSON]) -> None:
    if st["players"][other(st, seat)]["hero"] is None:
        st["current"] = other(st, seat)
        _auto(st, rng, events)
    else:
        after_heroes(st, rng, events)


def _auto(st: JSON, rng: Rng, events: list[JSON]) -> None:
    """A seat with one hero left to play takes it without asking."""
    seat = st["current"]
    left = options(st, seat)
    if len(left) == 1:
        set_hero(st, seat, left[0], events)
        _next(st, seat, rng, events)
