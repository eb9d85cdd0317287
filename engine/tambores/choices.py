"""The choices before the first battle when the options fix none of them (a match opened at the table): the mode,
each player's army deck and, in a skirmish, each player's hero (§7, §15; seed 002 l.201-202, l.409-415).

- ``ChooseMode {mode}``: the challenger (the first seat) chooses skirmish, duel or campaign; only the modes some
  deck of the pack can be played in are offered (ruling "Choosing the mode").
- ``ChooseArmy {deck}``: "each player chooses an army deck, by choice or at random" (l.201): both at once, each
  choice secret until both are made (a private event tells the chooser), then revealed; ``random`` draws one. Both
  may choose the same deck (each plays their own copy). In a duel battle 2 swaps them (§15.2).
- ``ChooseHero {hero}`` in a skirmish: "each player chooses a hero, by choice or at random" (l.202), also both at
  once and secret until both are made. A duel's heroes are drawn at random (l.411) and a campaign's are revealed in
  turn (``campaign``), so neither asks here.

When only one deck of the pack can be played in the mode chosen, both players take it without being asked.
"""
from __future__ import annotations

from engine.core.rng import Rng
from engine.tambores.setup import MODES, after_heroes, playable_decks, set_hero
from engine.tambores.state import JSON, decide_in_secret

RANDOM = "random"


def legal_mode(st: JSON, seat: str) -> list[JSON]:
    return [{"type": "ChooseMode", "mode": m} for m in MODES if playable_decks(st, m)]


def apply_mode(st: JSON, seat: str, action: JSON, rng: Rng, events: list[JSON]) -> None:
    mode = action["mode"]
    st["mode"] = mode
    st["series"]["battles"] = MODES[mode]
    events.append({"type": "ModeChosen", "seat": seat, "mode": mode, "battles": MODES[mode]})
    decks = playable_decks(st, mode)
    if len(decks) == 1:
        _armies(st, dict.fromkeys(st["seats"], decks[0]), events)
        return
    st.update(step="choose_army", current=None, secret={})


def legal_army(st: JSON, seat: str) -> list[JSON]:
    decks = playable_decks(st, st["mode"])
    return [{"type": "ChooseArmy", "deck": d} for d in [*decks, RANDOM]]


def apply_army(st: JSON, seat: str, action: JSON, rng: Rng, events: list[JSON]) -> None:
    chosen = decide_in_secret(st, seat, "deck", action["deck"], "ArmyDecided", "ArmyDecidedPrivately", events)
    if chosen is None:
        return
    decks = playable_decks(st, st["mode"])
    _armies(st, {s: chosen[s] if chosen[s] != RANDOM else decks[rng.randbelow(len(decks))] for s in st["seats"]},
            events)


def _armies(st: JSON, armies: dict[str, str], events: list[JSON]) -> None:
    st["series"]["armies"] = armies
    st["secret"] = {}
    events.append({"type": "ArmiesRevealed", "armies": armies,
                   "names": {s: st["catalogue"]["decks"][d]["name"] for s, d in armies.items()}})
    st["step"] = "next_battle"  # flow: setup.start_battle


def hero_options(st: JSON, seat: str) -> list[str]:
    return list(st["catalogue"]["decks"][st["players"][seat]["deck"]]["heroes"])


def legal_hero(st: JSON, seat: str) -> list[JSON]:
    heroes = hero_options(st, seat)
    return [{"type": "ChooseHero", "hero": h} for h in heroes + ([RANDOM] if len(heroes) > 1 else [])]


def apply_hero(st: JSON, seat: str, action: JSON, rng: Rng, events: list[JSON]) -> None:
    chosen = decide_in_secret(st, seat, "hero", action["hero"], "HeroDecided", "HeroDecidedPrivately", events)
    if chosen is None:
        return
    for s in st["seats"]:
        heroes = hero_options(st, s)
        set_hero(st, s, chosen[s] if chosen[s] != RANDOM else heroes[rng.randbelow(len(heroes))], events)
    after_heroes(st, rng, events)
