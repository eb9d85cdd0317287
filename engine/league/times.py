"""A league's local time: its IANA time zone (``zoneinfo``), deadlines typed and shown in it, days that end at
23:59 there, and round lengths counted in its calendar days, so daylight saving never moves a deadline's hour.

Everything stored is a UTC timestamp; the zone only reads what an organiser types and shows what is stored.
A wall-clock time that does not exist (the hour skipped when clocks go forward) is read with the offset in force
before the change (02:30 becomes 03:30); an hour that happens twice (clocks go back) is its first occurrence.
"""
from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

END_OF_DAY = time(23, 59)
"""A day typed without an hour ends at 23:59 in the league's zone."""

WEEKDAYS = {name: i for i, names in enumerate((
    ("monday", "mon", "lunes", "lun"), ("tuesday", "tue", "tues", "martes", "mar"),
    ("wednesday", "wed", "miércoles", "miercoles", "mié", "mie"), ("thursday", "thu", "thur", "thurs", "jueves", "jue"),
    ("friday", "fri", "viernes", "vie"), ("saturday", "sat", "sábado", "sabado", "sáb", "sab"),
    ("sunday", "sun", "domingo", "dom"))) for name in names}
"""Weekday names an organiser may type (English and Spanish), Monday = 0."""
RELATIVE = {"today": 0, "hoy": 0, "tomorrow": 1, "mañana": 1, "manana": 1}

_DAY_AND_TIME = re.compile(r"^(?P<day>[^\d\s]+)(?:\s+(?:at\s+|a\s+las\s+)?(?P<h>\d{1,2})(?::(?P<m>\d{2}))?)?$")


def zone(name: str) -> ZoneInfo:
    """The IANA zone called ``name`` (``Europe/Madrid``, ``UTC``).

    :raises ValueError: no such zone
    """
    try:
        return ZoneInfo((name or "").strip())
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"unknown time zone {name!r}") from None


@lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    """Every IANA zone name, sorted (for autocomplete)."""
    return tuple(sorted(available_timezones()))


def local(ts: float, tz: ZoneInfo) -> datetime:
    """The timestamp as a wall-clock time in ``tz``."""
    return datetime.fromtimestamp(ts, tz)


def local_date(ts: float, tz: ZoneInfo) -> date:
    """The calendar day ``ts`` falls on in ``tz``."""
    return local(ts, tz).date()


def at(day: date, when: time, tz: ZoneInfo) -> float:
    """The timestamp of ``day`` at ``when`` in ``tz``."""
    return datetime.combine(day, when, tzinfo=tz).timestamp()


def end_of_day(day: date, tz: ZoneInfo) -> float:
    """23:59 of ``day`` in ``tz``."""
    return at(day, END_OF_DAY, tz)


def days_later(ts: float, days: int, tz: ZoneInfo) -> float:
    """The same wall-clock time ``days`` calendar days later in ``tz`` (a week is 167 or 169 hours across a
    daylight-saving change)."""
    then = local(ts, tz)
    return at(then.date() + timedelta(days=days), then.time().replace(tzinfo=None), tz)


def parse_deadline(text: str, tz: ZoneInfo, now: float) -> float:
    """A deadline as an organiser types it, read in the league's zone:

    - ``Sunday 23:59``, ``sun 18:00``, ``domingo``: the next such day (today if that time is still ahead),
      23:59 when no time is given; also ``today``, ``tomorrow``;
    - ``2027-03-28`` (23:59 that day), ``2027-03-28 18:00``;
    - a full ISO time with its own offset (``2027-03-28T18:00+02:00``) is taken as written.

    :raises ValueError: not a deadline
    """
    text = " ".join((text or "").strip().lower().split())
    found = _DAY_AND_TIME.match(text)
    if found and (found["day"] in WEEKDAYS or found["day"] in RELATIVE):
        hour, minute = int(found["h"] or END_OF_DAY.hour), int(found["m"] or (0 if found["h"] else END_OF_DAY.minute))
        when = time(hour, minute)  # ValueError past 23:59
        today = local_date(now, tz)
        if found["day"] in RELATIVE:
            return at(today + timedelta(days=RELATIVE[found["day"]]), when, tz)
        ahead = (WEEKDAYS[found["day"]] - today.weekday()) % 7
        deadline = at(today + timedelta(days=ahead), when, tz)
        return deadline if deadline > now else at(today + timedelta(days=ahead + 7), when, tz)
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return end_of_day(date.fromisoformat(text), tz)
    written = datetime.fromisoformat(text.upper().replace(" ", "T", 1))
    return (written if written.tzinfo else written.replace(tzinfo=tz)).timestamp()


def shown(ts: float, tz: ZoneInfo) -> str:
    """``Sun 2027-03-28 23:59 CEST`` (the zone's own abbreviation; an offset where it has none)."""
    then = local(ts, tz)
    return f"{then:%a %Y-%m-%d %H:%M} {then.tzname()}"

