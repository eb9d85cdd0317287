"""Setup of a match and of each battle (§7, §8, §15): pack, armies, heroes, initial removal, shuffle, the
first-player marker and the opening hands.

``new_match`` checks the options and builds the series (one battle for a skirmish, two for a duel, three for a
campaign); ``start_battle`` prepares one battle and, once the heroes are known and their eye removals made,
``begin`` tosses the marker and deals the hands.
"""
from __future__ import annotations

from engine.core.errors import InvalidInput
from engine.core.rng import Rng, shuffled
from engine.tambores.cards import catalogue, deck_instances, needed_unknowns, pack_document
from engine.tambores.piles import draw
from engine.tambores.state import HAND, JSON, SLOTS

MODES = {"skirmish": 1, "duel": 2, "campaign": 3}
"""Battles per mode (§15)."""
COLOURS = ("gold", "silver", "bronze")
"""Hero colour tiers, highest first (§6.3)."""


def default_armies(cat: JSON, seats: tuple[str, ...]) -> dict[str, str]:
    """The pack's first two decks, or its only deck mirrored."""
    decks = list(cat["decks"])
    if not decks:
        raise InvalidInput("tambores.no_decks")
    return {seats[0]: decks[0], seats[1]: decks[1] if len(decks) > 1 else decks[0]}


FIXING = ("mode", "armies", "heroes")
"""Options that fix the setup (tests, scripts); with none of them the players choose in the game (``choices``)."""


def deck_problem(cat: JSON, deck_id: str, mode: str, pack_id: str) -> InvalidInput | None:
    """Why ``deck_id`` cannot be played in ``mode`` (a value the rules need is unknown; a duel needs 2 heroes, a
    campaign one of each colour, §15), or None."""
    missing = needed_unknowns(cat, [deck_id], colours=mode != "skirmish")
    if missing:
        return InvalidInput("tambores.unknown_value", path=missing[0], count=len(missing), pack=pack_id)
    deck_heroes = [cat["heroes"][h] for h in cat["decks"][deck_id]["heroes"]]
    if mode == "duel" and len(deck_heroes) < 2:
        return InvalidInput("tambores.duel_heroes", deck=deck_id)
    if mode == "campaign" and {h["colour"] for h in deck_heroes} != set(COLOURS):
        return InvalidInput("tambores.campaign_colours", deck=deck_id)
    return None


def playable_decks(st: JSON, mode: str) -> list[str]:
    """The pack's decks that can be played in ``mode``, in the pack's order."""
    return [d for d in st["catalogue"]["decks"] if deck_problem(st["catalogue"], d, mode, st["pack_id"]) is None]


def new_match(options: JSON, seats: tuple[str, ...], rng: Rng) -> JSON:
    """The match's state: its first battle set up, or, when the options fix none of mode, armies and heroes, the
    mode to choose (``choices``).

    :raises InvalidInput: tambores.two_players_only, tambores.bad_mode, tambores.bad_pack, tambores.no_decks,
        tambores.unknown_deck, tambores.unknown_hero, tambores.unknown_value, tambores.duel_heroes,
        tambores.campaign_colours
    """
    if len(seats) != 2:
        raise InvalidInput("tambores.two_players_only", seats=len(seats))
    asked = not any(k in options for k in FIXING)
    mode = options.get("mode") or "skirmish"
    if mode not in MODES:
        raise InvalidInput("tambores.bad_mode", mode=str(mode), modes=", ".join(MODES))
    document = pack_document(options)
    cat = catalogue(document)
    armies = {**default_armies(cat, seats), **(options.get("armies") or {})}
    for seat in seats:
        if armies[seat] not in cat["decks"]:
            raise InvalidInput("tambores.unknown_deck", deck=str(armies[seat]), decks=", ".join(cat["decks"]))
    heroes = options.get("heroes") or {}
    for seat, hero in heroes.items():
        if hero != "random" and hero not in cat["decks"][armies[seat]]["heroes"]:
            raise InvalidInput("tambores.unknown_hero", hero=str(hero),
                               heroes=", ".join(cat["decks"][armies[seat]]["heroes"]))
    st: JSON = {
        "game": "tambores", "seats": list(seats), "mode": None if asked else mode,
        "pack_id": document["id"], "pack_name": document["name"], "pack_training": document["training"],
        "catalogue": cat,
        "series": {"battles": MODES[mode], "battle": 0, "armies": armies, "heroes": dict(heroes),
                   "heroes_used": {s: [] for s in seats}, "results": [], "points": dict.fromkeys(seats, 0),
                   "first_revealer": None, "asked": asked},
        "result": None, "outcome": None,
    }
    if asked:
        if not any(playable_decks(st, m) for m in MODES):  # name what a skirmish with the first deck lacks
            raise deck_problem(cat, armies[seats[0]], "skirmish", document["id"]) or InvalidInput("tambores.no_decks")
        _fresh(st, "choose_mode", seats[0])
        return st
    for deck_id in sorted(set(armies.values())):
        problem = deck_problem(cat, deck_id, mode, document["id"])
        if problem:
            raise problem
    start_battle(st, rng, [])
    return st


def _fresh(st: JSON, step: str, current: str | None, players: JSON | None = None) -> None:
    """Empty battle bookkeeping (a new battle, or the choices before the first)."""
    seats = st["seats"]
    st.update(turn=0, marker=seats[0], phase="setup", step=step, current=current, players=players or {},
              declarations={s: [] for s in seats}, negations={s: {} for s in seats}, strikes={s: {} for s in seats},
              pending=[], impacts=[], hits=[], secret={}, last=[], result=None)


def battle_armies(st: JSON) -> dict[str, str]:
    """The decks of this battle: in a duel the armies swap for battle 2 (§15.2)."""
    a, b = st["seats"]
    armies = st["series"]["armies"]
    if st["mode"] == "duel" and st["series"]["battle"] == 2:
        return {a: armies[b], b: armies[a]}
    return dict(armies)


def _player(st: JSON, seat: str, deck_id: str) -> JSON:
    cat = st["catalogue"]
    return {"deck": deck_id, "army": cat["decks"][deck_id]["army"], "hero": None, "hero_wounds": 0,
            "hand": [], "draw_deck": deck_instances(cat, deck_id, st["seats"].index(seat) + 1), "discard": [],
            "removed": [], "slots": [None] * SLOTS, "passed": False, "ability_turn": 0, "removal_left": 0}


def start_battle(st: JSON, rng: Rng, events: list[JSON]) -> None:
    """A new battle of the series: fresh sides, then heroes (chosen now, or by the campaign's choice step)."""
    series = st["series"]
    series["battle"] += 1
    armies = battle_armies(st)
    _fresh(st, "choose_hero", None, {s: _player(st, s, armies[s]) for s in st["seats"]})
    events.append({"type": "BattleStarted", "battle": series["battle"], "battles": series["battles"],
                   "mode": st["mode"], "decks": armies})
    if st["mode"] == "campaign":
        st["step"] = "campaign_choice"  # flow: campaign.start_choice
        return
    if st["mode"] == "skirmish" and series.get("asked"):
        st["step"] = "choose_heroes"  # each player chooses a hero, in secret (choices.legal_hero)
        return
    for seat in st["seats"]:
        set_hero(st, seat, _pick_hero(st, seat, rng), events)
    after_heroes(st, rng, events)


def _pick_hero(st: JSON, seat: str, rng: Rng) -> str:
    """Skirmish: the hero named in the options, else one at random (§7, l.201); duel: at random, excluding
    the heroes of battle 1 (§15.2)."""
    cat, series = st["catalogue"], st["series"]
    deck = cat["decks"][st["players"][seat]["deck"]]
    wanted = series["heroes"].get(seat, "random") if st["mode"] == "skirmish" else "random"
    if wanted != "random":
        return wanted
    fought = {h for used in series["heroes_used"].values() for h in used}
    pool = [h for h in deck["heroes"] if h not in fought] or list(deck["heroes"])
    return pool[rng.randbelow(len(pool))]


def set_hero(st: JSON, seat: str, hero_id: str, events: list[JSON]) -> None:
    """Place the hero at H (§7) and note it for the series."""
    st["players"][seat]["hero"] = hero_id
    st["series"]["heroes_used"][seat].append(hero_id)
    events.append({"type": "HeroChosen", "seat": seat, "hero": hero_id,
                   "name": st["catalogue"]["heroes"][hero_id]["name"]})


def after_heroes(st: JSON, rng: Rng, events: list[JSON]) -> None:
    """Shuffle, then the heroes' initial removal: clover = the top N unseen, eye = chosen (§7, §21.14)."""
    cat = st["catalogue"]
    for seat in st["seats"]:
        p = st["players"][seat]
        p["draw_deck"] = shuffled(rng, p["draw_deck"])
        hero = cat["heroes"][p["hero"]]
        n = min(hero["initial_removal"], len(p["draw_deck"]))
        if n and hero["removal_mode"] == "random":
            p["removed"], p["draw_deck"] = p["draw_deck"][:n] + p["removed"], p["draw_deck"][n:]
            events.append({"type": "CardsRemoved", "seat": seat, "count": n, "reason": "initial", "source": "draw_deck"})
        elif n:
            p["removal_left"] = n
    if any(st["players"][s]["removal_left"] for s in st["seats"]):
        st.update(step="remove", current=None)
        return
    begin(st, rng, events)


def begin(st: JSON, rng: Rng, events: list[JSON]) -> None:
    """Shuffle again after an eye removal, toss the first-player marker, draw 5 each, turn 1 (§8)."""
    for seat in st["seats"]:
        p = st["players"][seat]
        if st["catalogue"]["heroes"][p["hero"]]["removal_mode"] == "choose":
            p["draw_deck"] = shuffled(rng, p["draw_deck"])
    st["marker"] = st["seats"][rng.randbelow(2)]
    events.append({"type": "MarkerTossed", "marker": st["marker"]})
    for seat in st["seats"]:
        draw(st, seat, HAND, rng, events)
    st["step"] = "first_turn"  # flow: deployment.start_turn
