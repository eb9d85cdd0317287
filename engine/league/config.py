"""What an organiser chooses when a league is created: game, format, dates, points, tiebreakers."""
from __future__ import annotations

from datetime import date
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.league.times import zone


class Tiebreaker(StrEnum):
    """Ways to order players level on points, applied in the order the organiser lists them: each one orders
    only the players level on points and on every tiebreaker before it."""

    GAME_WINS = "wins"
    """Most games won over the season (a bye counts its credited games)."""
    GAME_LOSSES = "losses"
    """Fewest games lost over the season (a double loss counts as a match lost: the bye's games)."""
    SCORE = "score"
    """Game-score difference over the season (glory, victory points, life...)."""
    BUCHHOLZ = "buchholz"
    """The sum of the opponents' league points (a bye adds nothing)."""
    MEDIAN_BUCHHOLZ = "median"
    """Buchholz without the best and the worst opponent (with three opponents or more)."""
    SONNEBORN_BERGER = "sb"
    """The points of the opponents beaten, and half the points of those drawn."""
    HEAD_TO_HEAD = "h2h"
    """League points in the matches between the tied players, only when exactly two are tied (three or more
    go on to the next tiebreaker: a three-way cycle has no answer)."""
    OPPONENTS = "sos"
    """Strength of schedule: the opponents' average match-win percentage (each at least a third)."""
    ROLL_OFF = "roll"
    """A seeded roll, the same for anyone who recomputes it (always applied last)."""


ALIASES = {"games": "wins", "game_wins": "wins", "game-wins": "wins", "gw": "wins",
           "game_losses": "losses", "game-losses": "losses", "fewest_losses": "losses", "gl": "losses",
           "glory": "score", "vp": "score", "diff": "score", "score_diff": "score",
           "bh": "buchholz", "median-buchholz": "median", "median_buchholz": "median", "mbh": "median",
           "sonneborn-berger": "sb", "sonneborn_berger": "sb", "sonneborn": "sb",
           "head-to-head": "h2h", "head_to_head": "h2h",
           "omw": "sos", "omw%": "sos", "opp%": "sos", "opponents": "sos",
           "roll-off": "roll", "rolloff": "roll", "roll_off": "roll"}
"""Other names an organiser may type for a tiebreaker."""


class Pairing(StrEnum):
    """How rounds are paired."""

    SWISS = "swiss"
    """Each round pairs players on equal points, never twice the same opponents if avoidable."""
    ROUND_ROBIN = "round-robin"
    """Everyone meets everyone once (circle method); for small leagues."""


class Points(BaseModel):
    """League points for each match result."""

    model_config = ConfigDict(frozen=True)

    win: int = Field(default=3, ge=0, le=100)
    draw: int = Field(default=1, ge=0, le=100)
    loss: int = Field(default=0, ge=0, le=100)


class ByeCredit(BaseModel):
    """What a bye counts as: a win with these games and game score (a game's events may say, e.g. 2-0, +14)."""

    model_config = ConfigDict(frozen=True)

    games: int = Field(default=1, ge=1, le=10)
    """Games won by the player with the bye (the opponent none)."""
    score: int = Field(default=0, ge=0, le=1000)
    """Game-score difference credited."""


MID_SEASON = ("name", "ends", "round_days", "confirm_hours", "remind_hours", "auto_advance", "timezone")
"""Settings the organiser may change while the season runs (``SettingsChanged``): names, dates and deadlines,
whether rounds advance by themselves, and the time zone deadlines are typed and shown in (a deadline already
set stays the same instant). A new round length counts from the next round (the current round's
deadline is moved on its own). Every other setting (game, format, pairing system, points, tiebreakers, bye,
first day) shapes the rounds already played, so it is fixed when the league is created."""

DEFAULT_TIEBREAKERS = (Tiebreaker.HEAD_TO_HEAD, Tiebreaker.SCORE, Tiebreaker.OPPONENTS, Tiebreaker.ROLL_OFF)


class LeagueConfig(BaseModel):
    """A league's settings; a change is a new event in its log, never an edit in place."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1, max_length=80)
    game: str = Field(min_length=1, max_length=40)
    """The game's key."""
    format: str = Field(min_length=1, max_length=40)
    """The game's deck/list format (the game's list check knows it)."""
    pairing: Pairing = Pairing.SWISS
    starts: date
    ends: date
    round_days: int = Field(default=7, ge=1, le=60)
    """How long a round lasts; its deadline is this many days after it starts."""
    points: Points = Points()
    tiebreakers: tuple[Tiebreaker, ...] = DEFAULT_TIEBREAKERS
    bye: ByeCredit = ByeCredit()
    confirm_hours: int = Field(default=48, ge=1, le=24 * 14)
    """A claimed result the opponent neither confirms nor disputes becomes final after this long."""
    remind_hours: int = Field(default=24, ge=0, le=24 * 14)
    """Players with no result are reminded this long before the round's deadline (0: never)."""
    lists_public: bool = False
    """Lists are shown to everyone (after the organiser publishes them, or once round 1 starts)."""
    timezone: str = Field(default="UTC", min_length=1, max_length=64)
    """The league's IANA time zone (``Europe/Madrid``): deadlines are typed and shown in it, a day ends at 23:59
    there, the season's first and last days are its calendar days, and a round lasts ``round_days`` of its
    calendar days (daylight saving keeps a deadline's hour)."""
    auto_advance: bool = True
    """When the last result of a round is final, the next round is paired and announced by itself (while its
    deadline falls within the season); off, the organiser pairs each round with ``/league next``."""

    @field_validator("tiebreakers")
    @classmethod
    def _roll_off_last(cls, value: tuple[Tiebreaker, ...]) -> tuple[Tiebreaker, ...]:
        seen = list(dict.fromkeys(t for t in value if t is not Tiebreaker.ROLL_OFF))
        return (*seen, Tiebreaker.ROLL_OFF)

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        zone(value)  # ValueError: unknown
        return value.strip()

    @model_validator(mode="after")
    def _dates(self) -> LeagueConfig:
        if self.ends < self.starts:
            raise ValueError("the season ends before it starts")
        return self


def parse_tiebreakers(text: str) -> tuple[Tiebreaker, ...]:
    """``"losses, score, roll"`` or ``"h2h > buchholz > sb"`` -> the tiebreakers (the roll-off is added last).

    :raises ValueError: an unknown name
    """
    names = [t.strip().lower() for t in text.replace(">", ",").split(",") if t.strip()]
    return tuple(Tiebreaker(ALIASES.get(n, n)) for n in names)
