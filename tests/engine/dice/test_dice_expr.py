"""Polyhedral expressions through d20 (engine/core/expr.py): our Rng, reproducible, capped, coded errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import expr as expr_module  # imports d20 with lark's deprecation warnings silenced
from engine.core.errors import InvalidInput
from engine.core.expr import EXAMPLE, MAX_DICE, MAX_LENGTH, MAX_SIDES, parse, roll_expr
from engine.core.rng import SeededRng, SystemRng

SEED = b"e" * 32


def test_expr_same_seed_same_roll():
    """A match roll is reproducible from the seed: same seed and counter, same dice, total and breakdown."""
    a = roll_expr(SeededRng(SEED), "4d6kh3+2d8-1")
    b = roll_expr(SeededRng(SEED), "4d6kh3+2d8-1")
    assert a == b
    assert roll_expr(SeededRng(SEED, counter=1), "4d6kh3+2d8-1") != a


def test_expr_seeded_rng_counter_advances_once_per_die():
    rng = SeededRng(SEED)
    roll_expr(rng, "3d6+1d20")
    assert rng.counter == 4  # one HMAC draw per die (rejection is rarer than 1 in 2**200)


def test_expr_never_touches_global_random(monkeypatch):
    """d20 draws from random.randrange; ours must not, or replays would break."""
    def forbidden(*args, **kwargs):
        raise AssertionError("global random used")

    monkeypatch.setattr(expr_module.d20.expression.random, "randrange", forbidden)
    result = roll_expr(SeededRng(SEED), "10d6e6rr1+d%")
    assert len(result.dice) >= 11


def test_expr_keep_highest_drops_lowest():
    result = roll_expr(SeededRng(SEED), "4d6kh3")
    kept = [d.value for d in result.dice if d.kept]
    dropped = [d.value for d in result.dice if not d.kept]
    assert len(kept) == 3 and len(dropped) == 1
    assert min(kept) >= dropped[0]
    assert result.total == sum(kept)
    assert result.breakdown.startswith("4d6kh3 (") and result.breakdown.endswith(f"= `{result.total}`")


def test_expr_modifier_adds_to_total():
    result = roll_expr(SeededRng(SEED), "2d6+3")
    assert result.total == sum(d.value for d in result.dice) + 3


def test_expr_percentile_die_tens():
    values = {roll_expr(SeededRng(SEED, counter=i), "d%").dice[0].value for i in range(60)}
    assert values <= set(range(0, 100, 10)) and len(values) > 5


def test_expr_system_rng_quick_roll_in_range():
    result = roll_expr(SystemRng(), "1d20")
    assert 1 <= result.total <= 20


@pytest.mark.parametrize("expr", ["", "   ", "2d6+", "d", "hello", "2d6 # note", "4d6kq3", "(", "3d6mih2"])
def test_expr_malformed_is_bad_expression(expr):
    with pytest.raises(InvalidInput) as e:
        roll_expr(SeededRng(SEED), expr)
    assert e.value.code == "roll.bad_expression"
    assert e.value.params["example"] == EXAMPLE == "2d6+3"


def test_expr_more_than_1000_dice_too_many():
    roll_expr(SeededRng(SEED), f"{MAX_DICE}d6")
    for expr in (f"{MAX_DICE + 1}d6", "600d6+600d4"):
        with pytest.raises(InvalidInput) as e:
            roll_expr(SeededRng(SEED), expr)
        assert e.value.code == "roll.too_many_dice"
        assert e.value.params["limit"] == MAX_DICE


def test_expr_endless_explosion_is_refused_as_endless_before_rolling():
    """Issue 37: ``/roll 1d1e1`` answered "too many dice". An explosion or reroll that selects every face of the
    die never ends: refused as that, naming the operator, before a die is drawn (1d1e1, 1d1rr1, 1d6e>0,
    1d6e1e2e3e4e5e6, 1d6e<7). A reroll of some faces, or ``ro`` (once), still rolls."""
    for expr, operator in (("1d1e1", "e1"), ("1d1rr1", "rr1"), ("1d6e>0", "e>0"), ("1d6e1e2e3e4e5e6", "e1e2e3e4e5e6"),
                           ("1d6e<7", "e<7"), ("2d6+1d4rr<5", "rr<5")):
        with pytest.raises(InvalidInput) as e:
            roll_expr(SeededRng(SEED), expr)
        assert e.value.code == "roll.endless" and e.value.params["operator"] == operator, expr
    assert roll_expr(SeededRng(SEED), "1d1ro1").total == 1
    assert roll_expr(SeededRng(SEED), "1d6e6").total >= 1
    with pytest.raises(InvalidInput) as e:
        roll_expr(SeededRng(SEED), "900d6+200d1e1")
    assert e.value.code == "roll.too_many_dice"


def test_expr_edge_cases_each_say_what_is_wrong():
    """The ``1d1`` family: a die with no side, a division by zero, no dice at all, one side."""
    for expr, code in (("1d0", "roll.zero_sides"), ("2d6/0", "roll.divide_by_zero"), ("1/0", "roll.divide_by_zero")):
        with pytest.raises(InvalidInput) as e:
            roll_expr(SeededRng(SEED), expr)
        assert e.value.code == code, expr
    assert roll_expr(SeededRng(SEED), "0d6").total == 0
    assert roll_expr(SeededRng(SEED), "1d1").total == 1
    assert roll_expr(SeededRng(SEED), "d6").dice[0].sides == 6


def test_expr_explosions_past_the_cap_say_so():
    """A finite explosion that still passes the cap of dice is told apart from too many dice typed."""
    import engine.core.expr as module

    with pytest.raises(InvalidInput) as e:
        for counter in range(200):
            roll_expr(SeededRng(SEED, counter=counter), f"{module.MAX_DICE}d2e2")
    assert e.value.code == "roll.too_many_rerolls"


def test_expr_die_over_1000_sides_too_big():
    roll_expr(SeededRng(SEED), f"1d{MAX_SIDES}")
    with pytest.raises(InvalidInput) as e:
        roll_expr(SeededRng(SEED), f"1d{MAX_SIDES + 1}")
    assert e.value.code == "roll.die_too_big"


def test_expr_over_200_characters_too_long():
    expr = "+".join(["1d6"] * 60)
    assert len(expr) > MAX_LENGTH
    with pytest.raises(InvalidInput) as e:
        parse(expr)
    assert e.value.code == "roll.expression_too_long"


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 50), sides=st.integers(1, MAX_SIDES), counter=st.integers(0, 10**6))
def test_expr_plain_dice_total_within_bounds(n, sides, counter):
    result = roll_expr(SeededRng(SEED, counter=counter), f"{n}d{sides}")
    assert len(result.dice) == n
    assert all(1 <= d.value <= sides and d.sides == sides for d in result.dice)
    assert result.total == sum(d.value for d in result.dice)
