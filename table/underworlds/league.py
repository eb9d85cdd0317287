"""Underworlds in leagues: which decks are legal in each format (digest §7), what a bye counts as.

A list is plain text, one entry per line::

    warband: Brethren of the Bolt          (its id, English or Spanish name)
    deck: rimewyrms-bite-rivals            (optional: a whole Rivals deck, by id or name)
    45001                                  (cards by id or exact name; "- " and "1x " are ignored)

The cards are checked with the engine's deck-building rules (``engine.underworlds.cards.deck_problems``):
one message per broken rule. A league's data pack adds its warbands (``entries.warbands``) to the shipped ones. The Championship format's card pool is published online and is not in the
rulebook (digest §7, §30), so it is not offered.
"""
from __future__ import annotations

import re
from typing import Any

from engine.league.config import ByeCredit, Tiebreaker
from engine.underworlds.cards import DeckFormat, deck_problems, load_cards, load_rivals_decks
from engine.underworlds.fighters import Warband, warbands_with
from engine.underworlds.setup import BUILT_FORMATS, pack_warbands
from table.league.registry import LeagueGame, PackDocument, Problem, register_league_game

FORMATS = tuple(f.value for f in DeckFormat)
BYE = ByeCredit(games=2, score=14)
"""Issue #18: in Underworlds organised play a bye is a 2-0 win with a +14 glory difference."""
TIEBREAKERS = (Tiebreaker.GAME_LOSSES, Tiebreaker.SCORE, Tiebreaker.ROLL_OFF)
"""Issue #36: Grand Clash-style Underworlds events (best of three) break ties on fewest game losses, then glory
difference, then a roll-off."""
_PREFIX = re.compile(r"^(?:[-*•]\s*|\d+\s*x\s+)", re.IGNORECASE)


def _key(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").split())


def _find_warband(name: str, pack: PackDocument | None) -> Warband | None:
    wanted = _key(name)
    for warband in warbands_with(pack_warbands({"pack": pack})).values():
        if wanted in {_key(warband.id), _key(warband.name), _key(warband.name_es or "")}:
            return warband
    return None


def parse_list(text: str, pack: PackDocument | None = None) -> tuple[Warband | None, list[str], list[Problem]]:
    """The warband (the shipped ones and the pack's), the card ids and the problems reading the list (unknown
    names)."""
    cards = load_cards()
    by_name = {_key(c.name): c.id for c in cards.values()}
    decks = load_rivals_decks()
    deck_names = {_key(k): k for k in decks} | {_key(d.name): k for k, d in decks.items()}
    deck_names |= {_key(d.name_es): k for k, d in decks.items() if d.name_es}
    warband: Warband | None = None
    ids: list[str] = []
    problems: list[Problem] = []
    for raw in text.splitlines():
        line = _PREFIX.sub("", raw.split("#", 1)[0].strip()).strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if sep and _key(key) in ("warband", "banda"):
            warband = _find_warband(value, pack)
            if warband is None:
                problems.append({"code": "uw.league.unknown_warband", "name": value.strip()[:60]})
        elif sep and _key(key) in ("deck", "mazo", "rivals"):
            deck = deck_names.get(_key(value))
            if deck is None:
                problems.append({"code": "uw.league.unknown_deck", "deck": value.strip()[:60]})
            else:
                ids += decks[deck].card_ids
        elif line in cards:
            ids.append(line)
        elif _key(line) in by_name:
            ids.append(by_name[_key(line)])
        else:
            problems.append({"code": "uw.league.unknown_card", "card": line[:60]})
    if warband is None and not any(p["code"] == "uw.league.unknown_warband" for p in problems):
        problems.insert(0, {"code": "uw.league.no_warband"})
    return warband, ids, problems


def check(format: str, text: str, pack: PackDocument | None = None) -> list[Problem]:
    """Every problem of an Underworlds list in ``format`` (digest §6.1, §7): unknown names first, then each
    deck-building rule broken."""
    warband, ids, problems = parse_list(text, pack)
    if problems:
        return problems
    cards = load_cards()
    chosen = [cards[i] for i in ids]
    objectives = [c for c in chosen if not c.power]
    power = [c for c in chosen if c.power]
    return [{"code": p.code, **p.params}
            for p in deck_problems(objectives, power, format=DeckFormat(format), warband=warband)]


def describe(text: str, pack: PackDocument | None = None) -> str:
    """``Brethren of the Bolt · 12 objectives, 20 power cards``."""
    warband, ids, _ = parse_list(text, pack)
    cards = load_cards()
    power = sum(1 for i in ids if cards[i].power)
    return f"{warband.name if warband else '?'} · {len(ids) - power} objectives, {power} power cards"


def match_options(format: str, lists: dict[str, str], pack: PackDocument | None = None) -> dict[str, Any]:
    """A league match starts with each seat's registered warband and deck, both then chosen (§12.1) as the list says:
    a list that is one whole Rivals deck as that deck (``decks``), and any other list of a Nemesis or Relic league as
    a deck built for that format (``built_decks``: its objective and power cards), which the match checks with the
    same deck-building rules the list passed (§6.1, §7). The match plays only warbands whose every value is known
    (``setup.playable_warbands``), so a list of another warband leaves both choices to its player."""
    decks = load_rivals_decks()
    cards = load_cards()
    warbands: dict[str, str] = {}
    chosen: dict[str, str] = {}
    built: dict[str, dict[str, Any]] = {}
    for seat, text in lists.items():
        warband, ids, _ = parse_list(text, pack)
        if warband is None or not (warband.complete and warband.edition.wintermaw_rules):
            continue
        warbands[seat] = warband.id
        whole = next((k for k, d in decks.items() if set(d.card_ids) == set(ids) and len(ids) == len(d.card_ids)),
                     None)
        if whole is not None:
            chosen[seat] = whole
        elif format in BUILT_FORMATS:
            built[seat] = {"format": format, "objectives": [i for i in ids if not cards[i].power],
                           "power": [i for i in ids if cards[i].power]}
    return {"warbands": warbands, "decks": chosen, "built_decks": built}


register_league_game(LeagueGame("underworlds", FORMATS, check, BYE, describe, match_options, TIEBREAKERS))
