"""Deadlines read in a league's time zone (issue #36, item 3): weekday forms, days ending at 23:59, calendar-day
round lengths and daylight saving, checked against Europe/Madrid's offsets (CET +1, CEST +2)."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.league.times import days_later, parse_deadline, shown, zone

MADRID = zone("Europe/Madrid")


def utc(*args) -> float:
    return datetime(*args, tzinfo=timezone.utc).timestamp()


@pytest.mark.parametrize("typed", ["Sunday 23:59", "sunday", "Sun", "domingo 23:59", "  SUNDAY   23:59 ", "sun at 23:59"])
def test_the_next_sunday_at_2359_madrid_time(typed):
    """Issue #36: on Wednesday 24 March 2027 "Sunday 23:59" (in English or Spanish, 23:59 when no hour is given) is
    Sunday 28 March at 23:59 CEST (clocks go forward that morning), 21:59 UTC."""
    assert parse_deadline(typed, MADRID, utc(2027, 3, 24, 12)) == utc(2027, 3, 28, 21, 59)


def test_a_weekday_that_is_today_means_today_while_its_hour_is_ahead():
    """On a Sunday at 12:00, "Sunday 23:59" is tonight; "Sunday 09:00" (already past) is next week."""
    sunday_noon = utc(2027, 3, 21, 11)  # 12:00 CET
    assert parse_deadline("Sunday 23:59", MADRID, sunday_noon) == utc(2027, 3, 21, 22, 59)
    assert parse_deadline("Sunday 09:00", MADRID, sunday_noon) == utc(2027, 3, 28, 7)


def test_dates_hours_and_relative_days():
    """A date alone ends at 23:59 there; a date and hour is that hour there; "tomorrow 9" is tomorrow at 09:00;
    a full ISO time keeps its own offset."""
    now = utc(2027, 3, 24, 12)
    assert parse_deadline("2027-10-31", MADRID, now) == utc(2027, 10, 31, 22, 59)
    assert parse_deadline("2027-10-30 23:59", MADRID, now) == utc(2027, 10, 30, 21, 59)
    assert parse_deadline("tomorrow 9", MADRID, now) == utc(2027, 3, 25, 8)
    assert parse_deadline("mañana", MADRID, now) == utc(2027, 3, 25, 22, 59)
    assert parse_deadline("2027-03-28T18:00+00:00", MADRID, now) == utc(2027, 3, 28, 18)


def test_an_hour_skipped_by_daylight_saving_reads_with_the_offset_before():
    """02:30 on 28 March 2027 does not exist in Madrid (02:00 -> 03:00): it is read as 02:30 CET, i.e. 03:30 CEST."""
    got = parse_deadline("2027-03-28 02:30", MADRID, utc(2027, 3, 24))
    assert got == utc(2027, 3, 28, 1, 30) and shown(got, MADRID) == "Sun 2027-03-28 03:30 CEST"


@pytest.mark.parametrize("typed", ["Sundy 23:59", "Sunday 24:00", "Sunday 23:60", "2027-02-30", "", "next week"])
def test_what_is_not_a_deadline_is_refused(typed):
    with pytest.raises(ValueError):
        parse_deadline(typed, MADRID, utc(2027, 3, 24))


def test_a_week_is_seven_calendar_days_there():
    """Daylight saving keeps a round's hour: a week from Sunday 20:00 is 167 hours across the spring change and
    169 across the autumn one."""
    spring = utc(2027, 3, 21, 19)
    assert days_later(spring, 7, MADRID) - spring == 167 * 3600
    autumn = utc(2027, 10, 24, 18)
    assert days_later(autumn, 7, MADRID) - autumn == 169 * 3600
    assert days_later(spring, 7, zone("UTC")) - spring == 168 * 3600


def test_unknown_zones_are_refused():
    for name in ("Europe/Madird", "", "../etc/passwd", "Mars/Olympus"):
        with pytest.raises(ValueError):
            zone(name)
