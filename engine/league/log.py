"""A league is its log: every registration, round, claim, confirmation and organiser's decision is an
event, and the league's state is the replay of those events. Standings and ratings are computed from the
replayed state, so an edit or a void anywhere in the season changes them everywhere it should.

``apply`` checks an event against the league as it stands (raising ``IllegalAction`` / ``NotAllowed``
with the state untouched in meaning: a refused event is simply not appended) and then records it.
Events are JSON-ready dicts: ``{"type": "ResultClaimed", "by": <user>, "at": <time>, ...}``.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Iterable

from pydantic import ValidationError

from engine.core.errors import IllegalAction, InvalidInput, NotAllowed, NotFound
from engine.league.config import MID_SEASON, LeagueConfig
from engine.league.results import Result

Event = dict[str, Any]


class GameStatus(StrEnum):
    """Where a pairing's result stands."""

    PENDING = "pending"
    """Not played, or not reported yet."""
    CLAIMED = "claimed"
    """One player reported; the opponent may confirm or dispute."""
    DISPUTED = "disputed"
    """The opponent disagrees; the organiser settles it."""
    FINAL = "final"
    """Counts in the standings."""
    VOID = "void"
    """Struck out by the organiser: no result, the pairing still happened."""


@dataclass(slots=True)
class Player:
    """A registered player and the list they registered."""

    user: int
    name: str
    list_text: str
    joined_at: float
    dropped: bool = False


@dataclass(slots=True)
class Game:
    """One pairing of one round; ``b`` is None for a bye."""

    id: str
    round: int
    a: int
    b: int | None
    status: GameStatus = GameStatus.PENDING
    result: Result | None = None
    claim_by: int | None = None
    """Who claimed the pending result (the other side confirms)."""
    claim: Result | None = None
    """The claimed result, from side a."""
    claimed_at: float | None = None
    match: str | None = None
    """The bot match the result came from."""
    final_seq: int | None = None
    """The log position that made the result final (ratings are replayed in this order)."""
    final_at: float | None = None
    """When the result became final (the exports' date is the claim's time when there was one, else this)."""
    held: bool = False
    """The organiser stopped the forfeit rule for this pairing: the deadline does not make it a double loss."""
    played_by: tuple[int, int | None] | None = None
    """Who held the two sides when the result became final: ratings follow who played, not a substitute who took
    the seat afterwards."""
    dispute: str = ""

    @property
    def bye(self) -> bool:
        return self.b is None

    def side(self, user: int) -> str | None:
        """``"a"``, ``"b"`` or None."""
        return "a" if user == self.a else "b" if user == self.b else None

    def opponent(self, user: int) -> int | None:
        return self.b if user == self.a else self.a if user == self.b else None


@dataclass(slots=True)
class Round:
    number: int
    started_at: float
    deadline: float
    closed: bool = False
    reminded: bool = False
    """The players still to report were reminded before the deadline (the first reminder went out)."""
    notified: dict[int, int] = field(default_factory=dict)
    """Each player's last reminder of the round: 1 (the first) or 2 (the second); a player in quiet hours who asked
    reminders to wait is reminded later than the others."""
    escalated: list[str] = field(default_factory=list)
    """Pairings still unplayed that the organiser was told of before the deadline."""


@dataclass(slots=True)
class League:
    """The replayed state of a league."""

    id: str
    config: LeagueConfig
    organiser: int
    created_at: float
    seed_hash: str
    """Commitment to the roll-off seed (SHA-256), published when the league is created."""
    seed: str | None = None
    """The roll-off seed, revealed when the league closes."""
    players: dict[int, Player] = field(default_factory=dict)
    rounds: list[Round] = field(default_factory=list)
    games: dict[str, Game] = field(default_factory=dict)
    lists_published: bool = False
    closed: bool = False
    channel: int = 0
    """Where the league was created: its announcements and reminders go there."""
    lang: str = "en"
    """The language of its public messages."""
    pack: dict[str, Any] | None = None
    """A copy of the data pack the league was created with (its lists are checked against it and its bot
    matches start with it), or None; never changed afterwards."""
    seq: int = 0
    """Events applied so far."""

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def rounds_played(self) -> int:
        """Rounds played: closed, or every pairing's result final (byes included). A round just paired is not
        played yet: the standings after round 1 say "after 1 round" although round 2 is open."""
        decided = (GameStatus.FINAL, GameStatus.VOID)
        return sum(1 for r in self.rounds if r.closed or (
            self.games_of(r.number) and all(g.status in decided for g in self.games_of(r.number))))

    @property
    def active_players(self) -> list[int]:
        return [u for u, p in self.players.items() if not p.dropped]

    def games_of(self, round_number: int | None = None) -> list[Game]:
        return [g for g in self.games.values() if round_number is None or g.round == round_number]

    def game_of(self, user: int, round_number: int | None = None) -> Game | None:
        """The user's pairing in a round (default: the current one)."""
        number = round_number if round_number is not None else (self.current.number if self.current else 0)
        return next((g for g in self.games.values() if g.round == number and g.side(user)), None)

    def lists_visible(self) -> bool:
        """Other players may see the registered lists."""
        return self.lists_published or bool(self.rounds)

    def is_organiser(self, event: Event) -> bool:
        return event.get("by") == self.organiser or bool(event.get("moderator"))


def _game(league: League, game_id: str) -> Game:
    game = league.games.get(game_id)
    if game is None:
        raise NotFound("league.no_such_pairing", pairing=game_id)
    return game


def _require_organiser(league: League, event: Event) -> None:
    if not league.is_organiser(event):
        raise NotAllowed("league.organiser_only")


def _finalise(league: League, game: Game, result: Result, at: float) -> None:
    game.status, game.result, game.final_seq, game.final_at = GameStatus.FINAL, result, league.seq, at
    game.played_by = (game.a, game.b)


def _created(event: Event) -> League:
    return League(id=event["league"], config=LeagueConfig.model_validate(event["config"]), organiser=event["by"],
                  created_at=event["at"], seed_hash=event["seed_hash"], channel=event.get("channel", 0),
                  lang=event.get("lang", "en"), pack=event.get("pack"))


def _joined(league: League, e: Event) -> None:
    if league.closed:
        raise IllegalAction("league.closed")
    known = league.players.get(e["user"])
    if league.rounds:  # registration (and changing one's list) ends when round 1 starts
        raise IllegalAction("league.registration_closed" if known is None else "league.list_locked")
    league.players[e["user"]] = Player(e["user"], e["name"], e["list"], e["at"])


def _dropped(league: League, e: Event) -> None:
    player = league.players.get(e["user"])
    if player is None or player.dropped:
        raise NotFound("league.not_a_player")
    if e["user"] != e["by"]:
        _require_organiser(league, e)
    player.dropped = True


def _substituted(league: League, e: Event) -> None:
    """The organiser hands a registered seat (``user``) to another member (``substitute``): the seat's list,
    pairings and results so far, its place in a round robin's schedule, a claim it made; a seat left with
    ``/league drop`` is active again. The substitute must not hold a seat of the league already."""
    _require_organiser(league, e)
    if league.closed:
        raise IllegalAction("league.closed")
    old, new = e["user"], e["substitute"]
    seat = league.players.get(old)
    if seat is None:
        raise NotFound("league.not_a_player")
    if new in league.players:
        raise IllegalAction("league.substitute_has_a_seat")
    league.players = {(new if u == old else u): (Player(new, e["name"], p.list_text, p.joined_at) if u == old else p)
                      for u, p in league.players.items()}
    for g in league.games.values():
        g.a = new if g.a == old else g.a
        g.b = new if g.b == old else g.b
        g.claim_by = new if g.claim_by == old else g.claim_by


def _round_started(league: League, e: Event) -> None:
    """The organiser pairs a round (``/league next``), or the bot does (``auto``) once the last result of the
    round is final, if the league's rounds advance by themselves."""
    if not e.get("auto"):
        _require_organiser(league, e)
    elif not league.config.auto_advance:
        raise IllegalAction("league.auto_advance_off")
    if league.closed:
        raise IllegalAction("league.closed")
    if league.current and not league.current.closed:
        open_ = [g.id for g in league.games_of(league.current.number)
                 if g.status not in (GameStatus.FINAL, GameStatus.VOID)]
        if open_:
            raise IllegalAction("league.round_open", round=league.current.number, pairings=", ".join(open_))
        league.current.closed = True
    number = len(league.rounds) + 1
    if e["round"] != number:
        raise IllegalAction("league.stale_round", round=number)
    league.rounds.append(Round(number, e["at"], e["deadline"]))
    for p in e["pairings"]:
        game = Game(p["id"], number, p["a"], p.get("b"))
        league.games[game.id] = game
        if game.bye:  # a bye is a win with the league's bye credit, final at once
            bye = league.config.bye
            _finalise(league, game, Result(bye.games, 0, bye.score, 0), e["at"])


def _claimed(league: League, e: Event) -> None:
    game = _game(league, e["pairing"])
    side = game.side(e["by"])
    if side is None:
        raise NotAllowed("league.not_your_pairing", pairing=game.id)
    if game.bye or game.status not in (GameStatus.PENDING, GameStatus.CLAIMED):
        raise IllegalAction("league.result_exists", pairing=game.id, status=game.status.value)
    told = Result.from_json(e["result"])  # from the claimant's side
    game.claim = told if side == "a" else told.swapped()
    game.claim_by, game.claimed_at, game.status = e["by"], e["at"], GameStatus.CLAIMED


def _confirmed(league: League, e: Event) -> None:
    game = _game(league, e["pairing"])
    if game.status is not GameStatus.CLAIMED or game.claim is None:
        raise IllegalAction("league.nothing_to_confirm", pairing=game.id)
    if e["type"] == "ResultConfirmed" and (game.side(e["by"]) is None or e["by"] == game.claim_by):
        raise NotAllowed("league.opponent_confirms", pairing=game.id)
    _finalise(league, game, game.claim, e["at"])


def _disputed(league: League, e: Event) -> None:
    game = _game(league, e["pairing"])
    if game.status is not GameStatus.CLAIMED or game.side(e["by"]) is None or e["by"] == game.claim_by:
        raise IllegalAction("league.nothing_to_dispute", pairing=game.id)
    game.status, game.dispute = GameStatus.DISPUTED, e.get("reason", "")[:200]


def _settled(league: League, e: Event) -> None:
    """The organiser decides (a dispute, an edit of any result, a forfeit overturned)."""
    _require_organiser(league, e)
    game = _game(league, e["pairing"])
    if game.bye:
        raise IllegalAction("league.bye_is_fixed", pairing=game.id)
    _finalise(league, game, Result.from_json(e["result"]), e["at"])
    game.dispute = ""


def _voided(league: League, e: Event) -> None:
    _require_organiser(league, e)
    game = _game(league, e["pairing"])
    game.status, game.result, game.final_seq, game.final_at, game.dispute = GameStatus.VOID, None, None, None, ""


def _recorded(league: League, e: Event) -> None:
    """A match the bot refereed between the paired players ended: its result is final."""
    game = _game(league, e["pairing"])
    if game.status is GameStatus.FINAL:
        raise IllegalAction("league.result_exists", pairing=game.id, status=game.status.value)
    game.match = e["match"]
    _finalise(league, game, Result.from_json(e["result"]), e["at"])


def _forfeited(league: League, e: Event) -> None:
    """The deadline passed with nothing reported: both players take a loss."""
    game = _game(league, e["pairing"])
    if game.status is not GameStatus.PENDING:
        raise IllegalAction("league.result_exists", pairing=game.id, status=game.status.value)
    if game.held:
        raise IllegalAction("league.forfeit_held", pairing=game.id)
    _finalise(league, game, Result(0, 0, double_loss=True), e["at"])


def _reminded(league: League, e: Event) -> None:
    """The bot reminded ``users`` (every player still to report, in logs written before quiet hours) of the round's
    deadline: the first reminder (``stage`` 1) or the second (2); never the same player twice at one stage."""
    round_ = league.rounds[e["round"] - 1]
    users, stage = e.get("users"), e.get("stage", 1)
    if users is None:
        if round_.reminded:
            raise IllegalAction("league.already_reminded", round=round_.number)
        round_.reminded = True
        return
    if stage not in (1, 2) or any(round_.notified.get(u, 0) >= stage for u in users):
        raise IllegalAction("league.already_reminded", round=round_.number)
    for u in users:
        round_.notified[u] = stage
    round_.reminded = True


def _stall_reported(league: League, e: Event) -> None:
    """The bot told the organiser that ``pairings`` were still unplayed before the deadline (once each)."""
    round_ = league.rounds[e["round"] - 1]
    if any(p in round_.escalated for p in e["pairings"]):
        raise IllegalAction("league.already_reminded", round=round_.number)
    round_.escalated += e["pairings"]


def _forfeit_stopped(league: League, e: Event) -> None:
    """The organiser stops the forfeit rule for an unplayed pairing: the deadline leaves it pending."""
    _require_organiser(league, e)
    game = _game(league, e["pairing"])
    if game.bye or game.status is not GameStatus.PENDING:
        raise IllegalAction("league.result_exists", pairing=game.id, status=game.status.value)
    game.held = True


def _published(league: League, e: Event) -> None:
    _require_organiser(league, e)
    league.lists_published = True


def _settings_changed(league: League, e: Event) -> None:
    """The organiser changes settings mid-season (``MID_SEASON`` only) and/or the current round's deadline."""
    _require_organiser(league, e)
    if league.closed:
        raise IllegalAction("league.closed")
    changes = e.get("settings") or {}
    fixed = [k for k in changes if k not in MID_SEASON]
    if fixed:
        raise IllegalAction("league.setting_fixed", setting=fixed[0], settings=", ".join(MID_SEASON))
    try:
        league.config = LeagueConfig.model_validate({**league.config.model_dump(), **changes})
    except ValidationError as error:
        raise InvalidInput("league.bad_settings", problem=str(error.errors()[0]["msg"])[:200]) from None
    if e.get("deadline") is not None:
        current = league.current
        if current is None or current.closed:
            raise IllegalAction("league.no_open_round")
        if e["deadline"] <= e["at"]:
            raise IllegalAction("league.deadline_passed")
        if e["deadline"] > current.deadline:
            # a later deadline: the players still to report are reminded (and the organiser told) again
            current.reminded, current.notified, current.escalated = False, {}, []
        current.deadline = e["deadline"]


def _closed(league: League, e: Event) -> None:
    _require_organiser(league, e)
    league.closed, league.seed = True, e["seed"]
    if league.current:
        league.current.closed = True


_APPLY = {"PlayerJoined": _joined, "PlayerDropped": _dropped, "PlayerSubstituted": _substituted,
          "RoundStarted": _round_started,
          "ResultClaimed": _claimed, "ResultConfirmed": _confirmed, "ResultAutoConfirmed": _confirmed,
          "ResultDisputed": _disputed, "ResultSettled": _settled, "ResultVoided": _voided,
          "ResultRecorded": _recorded, "ResultForfeited": _forfeited, "ListsPublished": _published,
          "LeagueClosed": _closed, "RoundReminded": _reminded, "SettingsChanged": _settings_changed,
          "StallReported": _stall_reported, "ForfeitStopped": _forfeit_stopped}
EVENT_TYPES = ("LeagueCreated", *_APPLY)


def apply(league: League | None, event: Event) -> League:
    """``league`` with ``event`` applied (a new object; ``league`` is not changed).

    :raises IllegalAction: league.* codes when the event is not allowed now
    :raises NotAllowed: league.organiser_only, league.not_your_pairing, league.opponent_confirms
    """
    if event["type"] == "LeagueCreated":
        if league is not None:
            raise IllegalAction("league.exists")
        new = _created(event)
    else:
        if league is None:
            raise NotFound("league.not_found", league="?")
        new = copy.deepcopy(league, {id(league.pack): league.pack})  # the pack copy never changes: shared
        if event["type"] not in _APPLY:
            raise IllegalAction("league.unknown_event", type=event["type"])
        _APPLY[event["type"]](new, event)
    new.seq += 1
    return new


def replay(events: Iterable[Event]) -> League:
    """The league its log describes (the first event creates it)."""
    league: League | None = None
    for event in events:
        if league is not None and event["type"] != "LeagueCreated":
            _APPLY[event["type"]](league, event)  # in place: the log was checked when it was written
            league.seq += 1
        else:
            league = apply(league, event)
    if league is None:
        raise NotFound("league.not_found", league="?")
    return league
