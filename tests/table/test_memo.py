"""What a table keeps for a match's state (table/memo.py): the latest state's entries only, so memory grows with the
matches in play, not with the commands served (issue #39)."""
from __future__ import annotations

from table.memo import LatestState


def test_a_later_state_of_a_match_replaces_everything_kept_for_its_earlier_one():
    memo: LatestState[str] = LatestState()
    memo.put("m1", 4, "player1", "a")
    memo.put("m1", 4, "player2", "b")
    memo.put("m2", 9, "player1", "c")
    memo.put("m1", 5, "player1", "d")
    assert memo.get("m1", 5, "player1") == "d" and memo.get("m1", 5, "player2") is None
    assert memo.get("m1", 4, "player1") is None and ("m1", 4, "player2") not in memo
    assert memo.get("m2", 9, "player1") == "c" and len(memo) == 2


def test_an_entry_for_an_earlier_state_than_the_one_kept_is_not_kept():
    memo: LatestState[str] = LatestState()
    memo.put("m1", 7, "player1", "now")
    memo.put("m1", 6, "player1", "late")
    assert memo.get("m1", 7, "player1") == "now" and memo.get("m1", 6, "player1") is None


def test_the_match_used_least_recently_goes_when_too_many_are_kept():
    memo: LatestState[int] = LatestState(matches=2)
    memo.put("a", 1, None, 1)
    memo.put("b", 1, None, 2)
    assert memo.get("a", 1, None) == 1     # used: b is now the least recent
    memo.put("c", 1, None, 3)
    assert ("b", 1, None) not in memo and memo.get("a", 1, None) == 1 and memo.get("c", 1, None) == 3
