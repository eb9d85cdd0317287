"""Tambores de Guerra in leagues: a list is an army deck (its hero or heroes and the cards of its draw deck) of
the league's data pack (or the shipped training pack when the league has none), checked by the pack model's own
deck check (``engine.tambores.pack._check_deck``: one army, heroes of that army, at least a hand of cards, §3,
§6.3, §8).

A list is plain text, one entry per line (or separated by ``;``)::

    army: human            (optional: default the first hero's army; human/humanos, orc/orcos)
    hero: Aiden            (one line per hero the deck brings; a hero's name on a card line counts too)
    10 Alabardero          (cards by name or id: "10 Name", "10x Name", "Name x10")

Formats: ``box`` (the box's composition, §3: 4 heroes, 36 units, 6 equipment, 4 tactics) and ``custom`` (any
deck of one army with at least 5 cards to draw, §8, as the training pack's decks). The digest says nothing about
organised play, so a bye is the leagues' default.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from engine.tambores.pack import CARD_LISTS, ArmyDeck, DeckEntry, TamboresDocument, TamboresPack, _check_deck
from table.league.registry import LeagueGame, PackDocument, Problem, list_lines, register_league_game, with_entries

FORMATS = ("box", "custom")
TRAINING_PACK = Path(__file__).resolve().parents[2] / "data" / "tambores" / "packs" / "training.yaml"
ARMIES = {"human": "human", "humans": "human", "humano": "human", "humanos": "human",
          "orc": "orc", "orcs": "orc", "orco": "orc", "orcos": "orc"}
_COUNT = re.compile(r"^(\d+)\s*x?\s+(.+)$", re.IGNORECASE)
_TRAILING = re.compile(r"^(.+?)\s+x\s*(\d+)$", re.IGNORECASE)


def _key(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").split())


@lru_cache(maxsize=1)
def _training() -> TamboresPack:
    return TamboresDocument.model_validate(yaml.safe_load(TRAINING_PACK.read_text(encoding="utf-8"))).entries


def pack_entries(pack: PackDocument | None) -> TamboresPack:
    """The league pack's entries, or the shipped training pack's."""
    return TamboresDocument.model_validate(pack).entries if pack else _training()


def card_index(entries: TamboresPack) -> dict[str, tuple[str, Any]]:
    """Card id -> (its kind, the card), as the pack model's deck check reads them."""
    cards: dict[str, tuple[str, Any]] = {}
    for kind in CARD_LISTS:
        for card in getattr(entries, kind):
            cards.setdefault(card.id, (kind, card))
    return cards


def read_deck(text: str, format: str, entries: TamboresPack) -> tuple[ArmyDeck | None, list[Problem]]:
    """The army deck a list describes, and the problems reading it (unknown names, no hero)."""
    cards = card_index(entries)
    names = {_key(c.name): i for i, (_, c) in cards.items()} | {_key(i): i for i in cards}
    army: str | None = None
    heroes: list[str] = []
    counts: dict[str, int] = {}
    problems: list[Problem] = []
    for raw in list_lines(text):
        line = raw.split("#", 1)[0].strip().lstrip("-*• ").strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if sep and _key(key) in ("army", "ejército", "ejercito"):
            army = ARMIES.get(_key(value))
            if army is None:
                problems.append({"code": "tdg.league.unknown_army", "army": value.strip()[:30]})
            continue
        is_hero = bool(sep) and _key(key) in ("hero", "héroe", "heroe")
        count, name = 1, value.strip() if is_hero else line
        if not is_hero and ((m := _COUNT.match(line)) or (m := _TRAILING.match(line))):
            a, b = m.groups()
            count, name = (int(a), b) if a.isdigit() else (int(b), a)
        found = names.get(_key(name))
        if found is None:
            problems.append({"code": "tdg.league.unknown_hero" if is_hero else "tdg.league.unknown_card",
                             "name": name[:60]})
        elif is_hero or cards[found][0] == "heroes":
            heroes.append(found)
        elif count > 0:
            counts[found] = counts.get(found, 0) + count
    if not heroes and not any(p["code"] == "tdg.league.unknown_hero" for p in problems):
        problems.insert(0, {"code": "tdg.league.no_hero"})
    if not counts and not problems:
        problems.append({"code": "tdg.league.no_cards"})
    if problems:
        return None, problems
    army = army or cards[heroes[0]][1].army
    try:
        deck = ArmyDeck(id="league", name="league", army=army, heroes=heroes, box=format == "box",
                        cards=[DeckEntry(card=c, copies=n) for c, n in counts.items()])
    except ValidationError as error:
        return None, [{"code": "tdg.league.bad_list", "problem": str(error.errors()[0]["msg"])[:120]}]
    return deck, []


def check(format: str, text: str, pack: PackDocument | None = None) -> list[Problem]:
    """Every problem of an army deck in ``format``: reading problems first, then each rule the pack model's deck
    check finds (§3, §6.3, §8); the box composition is the format's, so the pack model's "or box: false" is left
    out."""
    entries = pack_entries(pack)
    deck, problems = read_deck(text, format, entries)
    if deck is None:
        return problems
    return [{"code": "tdg.league.deck", "path": p.path.removeprefix("deck."), "value": p.value,
             "expected": p.expected.removesuffix("; or box: false")} for p in _check_deck(deck, "deck", card_index(entries))]


def describe(text: str, pack: PackDocument | None = None) -> str:
    """``Aiden · human · 46 cards``."""
    entries = pack_entries(pack)
    deck, _ = read_deck(text, "custom", entries)
    if deck is None:
        return "?"
    cards = card_index(entries)
    heroes = ", ".join(cards[h][1].name for h in deck.heroes)
    return f"{heroes} · {deck.army} · {sum(e.copies for e in deck.cards)} cards"


def identity(text: str, pack: PackDocument | None = None) -> tuple[str, tuple[str, ...]]:
    """The deck's army (``human``, ``orc``) and no decks, for the exports."""
    deck, _ = read_deck(text, "custom", pack_entries(pack))
    return (deck.army if deck else "?"), ()


def match_options(format: str, lists: dict[str, str], pack: PackDocument | None = None) -> dict[str, Any]:
    """A league match (a skirmish, §15) is played with each seat's registered army deck (§7 step 2), added to the
    match's copy of the pack as the deck ``league-<seat>``, and its hero (§7 step 3) when the list names one; a list
    of several heroes gets one of them at random, which §7 allows ("by choice or at random")."""
    entries = pack_entries(pack)
    armies: dict[str, str] = {}
    heroes: dict[str, str] = {}
    added: list[dict[str, Any]] = []
    for seat, text in lists.items():
        deck, _ = read_deck(text, format, entries)
        if deck is None:
            continue
        deck = deck.model_copy(update={"id": f"league-{seat}", "name": f"{deck.army} ({seat})"})
        added.append(deck.model_dump(mode="json", exclude_none=True))
        armies[seat] = deck.id
        heroes[seat] = deck.heroes[0] if len(deck.heroes) == 1 else "random"
    document = pack or yaml.safe_load(TRAINING_PACK.read_text(encoding="utf-8"))
    return {"mode": "skirmish", "pack": with_entries(document, "decks", added), "armies": armies, "heroes": heroes}


register_league_game(LeagueGame("tambores", FORMATS, check, describe=describe, match_options=match_options,
                                 identity=identity))
