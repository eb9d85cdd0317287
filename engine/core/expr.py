"""Plain polyhedral dice expressions (``4d6kh3``, ``2d6+3``, ``1d20rr1``) through the ``d20`` library.

``d20`` parses and evaluates the expression; we only make its dice draw from our
:class:`~engine.core.rng.Rng`, so a match roll is reproducible from the match seed and a quick
roll uses the system generator. ``d20`` itself draws from the global ``random`` module inside
``Die._add_roll``; we never patch that module. Instead a small roller subclass evaluates dice
nodes into subclasses of ``d20.Dice``/``d20.Die`` whose ``_add_roll`` asks the roll context's
``rng``. Every other node, operator (keep, drop, reroll, explode, min, max) and the breakdown
string are ``d20``'s own.

This module rolls generic dice only; a game's custom dice live in :mod:`engine.core.dice`.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

with warnings.catch_warnings():
    # d20's parser (lark) imports the deprecated sre_parse/sre_constants; nothing we can act on.
    warnings.simplefilter("ignore", DeprecationWarning)
    import d20
    from d20 import diceast

from engine.core.errors import InvalidInput
from engine.core.rng import Rng

MAX_LENGTH = 200
"""Longest expression accepted, in characters."""
MAX_DICE = 1000
"""Most dice one expression may roll, rerolls and explosions included."""
MAX_SIDES = 1000
"""Most sides a die may have."""
EXAMPLE = "2d6+3"
"""An expression that works, shown with every refusal."""


@dataclass(frozen=True, slots=True)
class RolledDie:
    """One die drawn while evaluating an expression."""

    sides: int
    """Number of sides (100 for ``d%``)."""
    value: int
    """The value drawn."""
    kept: bool
    """False when an operator dropped or rerolled it."""


@dataclass(frozen=True, slots=True)
class ExprRoll:
    """The result of a dice expression: its total, ``d20``'s breakdown and every die drawn."""

    expr: str
    """The expression as given."""
    total: int
    """The result (``d20`` truncates a fractional total toward zero)."""
    breakdown: str
    """``d20``'s readable breakdown, Markdown (``4d6kh3 (**6**, 4, ~~1~~, 3) = `13```)."""
    dice: tuple[RolledDie, ...]
    """Every die drawn, in the order of the expression, dropped ones included."""


class _RngContext(d20.RollContext):
    """A roll context that carries the random source and counts draws against :data:`MAX_DICE`."""

    def __init__(self, rng: Rng) -> None:
        super().__init__(max_rolls=MAX_DICE)
        self.rng = rng


class _RngDie(d20.Die):
    __slots__ = ()

    def _add_roll(self) -> None:
        # Same checks and value ranges as d20.Die._add_roll, with our random source.
        if self.size != "%" and self.size < 1:
            raise d20.RollValueError("Cannot roll a 0-sided die.")
        context: _RngContext = self._context
        context.count_roll()
        if self.size == "%":
            value = context.rng.randbelow(10) * 10
        else:
            value = context.rng.randbelow(self.size) + 1
        self.values.append(d20.Literal(value))


class _RngDice(d20.Dice):
    __slots__ = ()

    @classmethod
    def new(cls, num: int, size: Any, context: Any = None) -> _RngDice:
        return cls(num, size, [_RngDie.new(size, context=context) for _ in range(num)], context=context)

    def roll_another(self) -> None:
        self.values.append(_RngDie.new(self.size, context=self._context))

    def __copy__(self) -> _RngDice:
        return _RngDice(num=self.num, size=self.size, context=self._context,
                        values=self.values.copy(), operations=self.operations.copy())


class _Breakdown(d20.MarkdownStringifier):
    """d20's Markdown breakdown, told that our dice subclasses print as its own."""

    def __init__(self) -> None:
        super().__init__()
        self._nodes = {**self._nodes, _RngDice: self._str_dice, _RngDie: self._str_die}


class _RngRoller(d20.Roller):
    def __init__(self, rng: Rng) -> None:
        super().__init__(context=_RngContext(rng))

    def _eval_dice(self, node: diceast.Dice) -> _RngDice:
        return _RngDice.new(node.num, node.size, context=self.context)


def _dice_nodes(node: Any) -> list[diceast.Dice]:
    found: list[diceast.Dice] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, diceast.Dice):
            found.append(current)
        stack.extend(getattr(current, "children", ()))
    return found


def parse(expr: str) -> diceast.Expression:
    """Parse and check an expression without rolling it.

    :raises InvalidInput: ``roll.bad_expression``, ``roll.expression_too_long``,
        ``roll.too_many_dice``, ``roll.die_too_big``, ``roll.zero_sides``, ``roll.endless`` (every face of a
        die explodes or is rerolled: ``1d1e1``).
    """
    if not isinstance(expr, str) or not expr.strip():
        raise InvalidInput("roll.bad_expression", expr=str(expr), example=EXAMPLE)
    if len(expr) > MAX_LENGTH:
        raise InvalidInput("roll.expression_too_long", expr=expr[:MAX_LENGTH], example=EXAMPLE, limit=MAX_LENGTH)
    try:
        tree = d20.parse(expr)
    except (d20.RollError, RecursionError, ValueError) as e:
        raise InvalidInput("roll.bad_expression", expr=expr, example=EXAMPLE) from e
    nodes = _dice_nodes(tree)
    count = sum(n.num for n in nodes)
    if count > MAX_DICE:
        raise InvalidInput("roll.too_many_dice", expr=expr, example=EXAMPLE, dice=count, limit=MAX_DICE)
    for n in nodes:
        if n.size != "%" and n.size > MAX_SIDES:
            raise InvalidInput("roll.die_too_big", expr=expr, example=EXAMPLE, sides=n.size, limit=MAX_SIDES)
        if n.size != "%" and n.size < 1:
            raise InvalidInput("roll.zero_sides", expr=expr, example=EXAMPLE)
    for dice, operator in _rolling_again(tree):
        faces = range(0, 100, 10) if dice.size == "%" else range(1, dice.size + 1)
        if all(any(_selects(sel, face) for sel in operator.sels) for face in faces):
            raise InvalidInput("roll.endless", expr=expr, example=EXAMPLE, sides=100 if dice.size == "%" else dice.size,
                               operator=str(operator))
    return tree


AGAIN = {"e", "rr"}
"""Operators that roll a die again for as long as its face is selected (explode, reroll until it is not)."""


def _rolling_again(node: Any) -> list[tuple[diceast.Dice, diceast.SetOperator]]:
    """Each dice node with an operator that rolls its dice again while selected (``1d6e6``, ``1d6rr1``)."""
    found = []
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, diceast.OperatedDice) and isinstance(current.value, diceast.Dice):
            found += [(current.value, op) for op in current.operations if op.op in AGAIN]
        stack.extend(getattr(current, "children", ()))
    return found


def _selects(selector: diceast.SetSelector, face: int) -> bool:
    """Whether a selector picks a die showing ``face`` whatever the other dice show (``lN``/``hN`` pick by rank,
    so never for sure)."""
    if selector.cat is None:
        return face == selector.num
    if selector.cat == "<":
        return face < selector.num
    if selector.cat == ">":
        return face > selector.num
    return False


def _rolled(node: Any, kept: bool = True) -> list[RolledDie]:
    kept = kept and bool(node.kept)
    out: list[RolledDie] = []
    if isinstance(node, d20.Dice):
        sides = 100 if node.size == "%" else node.size
        for die in node.values:
            for lit in die.values:
                out.append(RolledDie(sides, int(lit.values[0]), kept and bool(die.kept and lit.kept)))
        return out
    for child in node.children:
        out.extend(_rolled(child, kept))
    return out


def roll_expr(rng: Rng, expr: str) -> ExprRoll:
    """Roll a dice expression with ``rng``: the same seed and counter give the same result.

    >>> from engine.core.rng import SeededRng
    >>> a, b = roll_expr(SeededRng(bytes(32)), "4d6kh3"), roll_expr(SeededRng(bytes(32)), "4d6kh3")
    >>> a == b and len(a.dice) == 4
    True

    :raises InvalidInput: ``roll.bad_expression``, ``roll.expression_too_long``,
        ``roll.too_many_dice``, ``roll.die_too_big``.
    """
    tree = parse(expr)
    try:
        result = _RngRoller(rng).roll(tree, stringifier=_Breakdown())
        total = result.total
        breakdown = result.result
    except d20.TooManyRolls as e:  # rerolls and explosions went on past the cap
        raise InvalidInput("roll.too_many_rerolls", expr=expr, example=EXAMPLE, limit=MAX_DICE) from e
    except (d20.RollError, ArithmeticError, ValueError) as e:
        if isinstance(e, ZeroDivisionError) or "divide by zero" in str(e):
            raise InvalidInput("roll.divide_by_zero", expr=expr, example=EXAMPLE) from e
        # RollValueError (a 0-sided die, division by zero, a bad selector) and float overflow.
        raise InvalidInput("roll.bad_expression", expr=expr, example=EXAMPLE) from e
    return ExprRoll(expr=expr, total=total, breakdown=breakdown, dice=tuple(_rolled(result.expr)))
