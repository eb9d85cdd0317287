"""Which list (deck, army) is legal in a league is the game's business: each game registers a checker
per format from its own package, and the generic league code asks ``list_check(game, format, pack)``.

A league may name one of the server's data packs: it keeps a copy of the pack's document (as a match
does), every list check receives that copy (``None`` without a pack), and the league's bot matches start
with it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from engine.core.errors import NotFound
from engine.league.config import DEFAULT_TIEBREAKERS, ByeCredit, Tiebreaker

Problem = dict[str, Any]
"""One broken rule: ``{"code": <message key>, ...params}``, and optionally ``"fix": <message key>`` (what to do
about it, without parameters). One message per problem."""
PackDocument = dict[str, Any]
"""A data pack's document as a match keeps it (``table.packs.Pack.document``)."""
Check = Callable[[str, str, "PackDocument | None"], list[Problem]]
"""(format, the list's text, the league's pack or None) -> every problem found (empty when legal)."""
Describe = Callable[[str, "PackDocument | None"], str]
"""(the list's text, the league's pack or None) -> the list's one-line summary."""
MatchOptions = Callable[[str, dict[str, str], "PackDocument | None"], dict[str, Any]]
"""(format, each seat's registered list {seat: text}, the league's pack or None) -> the options a bot match of
the pairing starts with, so each seat plays its registered list (its pre-game choice of list is then made)."""


@dataclass(frozen=True, slots=True)
class LeagueGame:
    """What a game tells the league code."""

    game: str
    formats: tuple[str, ...]
    check: Check
    bye: ByeCredit = field(default_factory=ByeCredit)
    """What a bye counts as in the game's organised play."""
    describe: Describe | None = None
    """A list's one-line summary (its warband, army, mage), shown beside the player."""
    match_options: MatchOptions | None = None
    """The match options that play the registered lists (None: the players choose their lists in the match)."""
    tiebreakers: tuple[Tiebreaker, ...] = DEFAULT_TIEBREAKERS
    """The tiebreakers of the game's organised play, in order: a league takes them unless the organiser lists
    others."""


_GAMES: dict[str, LeagueGame] = {}


def register_league_game(game: LeagueGame) -> None:
    """Make leagues of ``game.game`` possible (registering again replaces it)."""
    _GAMES[game.game] = game


def league_game(game: str) -> LeagueGame:
    """The registration of ``game``.

    :raises NotFound: league.no_league_game
    """
    found = _GAMES.get(game)
    if found is None:
        raise NotFound("league.no_league_game", game=game, games=", ".join(sorted(_GAMES)) or "—")
    return found


def league_games() -> list[str]:
    """Every game leagues can be run for."""
    return sorted(_GAMES)


def list_check(game: str, format: str, pack: PackDocument | None = None) -> Callable[[str], list[Problem]]:
    """The checker of lists for ``format`` of ``game``, with the league's pack (if any).

    :raises NotFound: league.no_league_game, league.unknown_format
    """
    registered = league_game(game)
    if format not in registered.formats:
        raise NotFound("league.unknown_format", format=format, formats=", ".join(registered.formats))
    return lambda text: registered.check(format, text, pack)


def problem_lines(problems: list[Problem], say: Callable[..., str]) -> list[str]:
    """Each problem in words (``say(key, **params)``), its suggested fix after it."""
    lines = []
    for p in problems:
        params = {k: v for k, v in p.items() if k not in ("code", "fix")}
        text = say(p["code"], **params)
        lines.append(f"{text} {say(p['fix'])}" if p.get("fix") else text)
    return lines


def with_entries(document: PackDocument, kind: str, added: list[dict[str, Any]]) -> PackDocument:
    """A copy of a pack document with ``added`` appended to its ``entries[kind]`` (the registered lists a game's
    match reads from its pack, such as decks or forces); the league's own copy is left unchanged."""
    entries = dict(document.get("entries") or {})
    entries[kind] = [*(entries.get(kind) or []), *added]
    return {**document, "entries": entries}
