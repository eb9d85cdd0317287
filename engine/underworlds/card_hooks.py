"""The questions the rules and the match driver ask the cards in play; ``effects.py`` answers them.

Card effects sit above the rule modules: they read ``rules``, deal damage, stagger and open reaction
steps through ``flow``, and scatter through ``scatter``. Those modules still need the cards' say (a hex
made lethal by Deadly Wards, damage Tough Enough prevents, the reactions a player can use), so they ask
here. ``effects.py`` registers itself as the one that answers (``answered_by``) when it is imported
(``system.py`` imports it, and importing the package imports ``system.py``); each question is looked up on
it at call time, so a test that patches ``effects.modify_attack`` changes what the rules get. This module
imports nothing of the rules, so the imports point one way:
objectives -> effects -> scatter -> flow -> rules -> card_hooks.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.underworlds.hexgrid import Hex
    from engine.underworlds.state import FighterState, State

JSON = dict[str, Any]

class _NotAnsweredYet:
    def __getattr__(self, question: str) -> Any:
        raise RuntimeError(f"card hook {question!r} asked before engine.underworlds.effects was imported")


_cards: Any = _NotAnsweredYet()
"""What answers: the ``effects`` module once it is imported."""


def answered_by(cards: Any) -> None:
    """Let ``cards`` (the ``effects`` module) answer every question below with its function of the same name."""
    global _cards
    missing = sorted(q for q in QUESTIONS if not callable(getattr(cards, q, None)))
    if missing:
        raise TypeError(f"{cards!r} does not answer {', '.join(missing)}")
    _cards = cards


# -- asked by rules (characteristics and hexes) -------------------------------------------------------------------


def extra_lethal(st: State, hex_: Hex, fighter: FighterState | None) -> bool:
    """The hex is lethal for ``fighter`` because of a card in play (Deadly Wards, Earth-shattering Tread)."""
    return _cards.extra_lethal(st, hex_, fighter)


def extra_lethal_hexes(st: State, fighter: FighterState | None) -> frozenset[Hex]:
    """Every hex ``extra_lethal`` is true of, for ``fighter`` (None: any fighter)."""
    return _cards.extra_lethal_hexes(st, fighter)


def grants_flying(st: State, f: FighterState) -> bool:
    """A card gives the fighter Flying."""
    return _cards.grants_flying(st, f)


def cannot_be_staggered(st: State, f: FighterState) -> bool:
    """A card forbids Stagger markers on the fighter."""
    return _cards.cannot_be_staggered(st, f)


def modify_attack(st: State, f: FighterState, profile: JSON) -> None:
    """Upgrade effects on one of the fighter's attack actions (changes ``profile`` in place)."""
    _cards.modify_attack(st, f, profile)


def attack_modifiers_key(st: State) -> Any:
    """Everything ``modify_attack`` reads of the position beyond the fighter (its id, card, Inspired side and
    upgrades), as a hashable key: ``rules.characteristics`` are remembered across positions on it."""
    return _cards.attack_modifiers_key(st)


# -- asked by flow (damage, reaction steps, inspire and surge steps) ------------------------------------------------


def prevent_damage(st: State, f: FighterState, amount: int, source: JSON) -> int:
    """The damage left after cards prevent some."""
    return _cards.prevent_damage(st, f, amount, source)


def after_damage(ctx: Any, f: FighterState) -> None:
    """Card effects once a fighter is dealt damage."""
    _cards.after_damage(ctx, f)


def note_lethal_damage(ctx: Any) -> None:
    """A lethal hex dealt damage (a card in play may end)."""
    _cards.note_lethal_damage(ctx)


def reaction_options(st: State, seat: str, tags: set[str], wctx: JSON) -> list[JSON]:
    """Card reactions ``seat`` can use in a reaction step with ``tags``."""
    return _cards.reaction_options(st, seat, tags, wctx)


def declare_reaction(ctx: Any, seat: str, card_id: str, fighter_id: str | None) -> None:
    """Reveal a card reaction."""
    _cards.declare_reaction(ctx, seat, card_id, fighter_id)


def resolve_reaction(ctx: Any, seat: str, card_id: str, fighter_id: str | None, tags: list[str], wctx: JSON,
                     choices: JSON | None = None) -> None:
    """Resolve one card reaction of a chain."""
    _cards.resolve_reaction(ctx, seat, card_id, fighter_id, tags, wctx, choices=choices)


def inspire_condition_met(st: State, f: FighterState) -> bool:
    """The fighter's warband Inspire condition holds now."""
    return _cards.inspire_condition_met(st, f)


def objective_glory(st: State, seat: str, card_id: str, moment: str) -> int | None:
    """Glory the objective gives now, or None if its automated condition is not met."""
    return _cards.objective_glory(st, seat, card_id, moment)


# -- asked by scatter ---------------------------------------------------------------------------------------------


def after_scatter(ctx: Any, seat: str, card_id: str, chain: Any, fighter_id: str | None) -> None:
    """What a scatter card does with its chain (§9.2 step 8)."""
    _cards.after_scatter(ctx, seat, card_id, chain, fighter_id)


def distance_reduction(st: State, attacker: FighterState, here: Hex, there: Hex) -> int:
    """Hexes a card subtracts from the distance the attacker's Attack actions count (Powerhouse)."""
    return _cards.distance_reduction(st, attacker, here, there)


def shortens_distance(st: State, attacker: FighterState) -> bool:
    """A card may subtract from the distance the attacker's Attack actions count (``distance_reduction`` is 0
    otherwise)."""
    return _cards.shortens_distance(st, attacker)


def cannot_be_uninspired(st: State, f: FighterState) -> bool:
    """A card forbids un-Inspiring the fighter (Burgeoning Saint)."""
    return _cards.cannot_be_uninspired(st, f)


QUESTIONS = frozenset({
    "cannot_be_uninspired", "distance_reduction", "shortens_distance", "attack_modifiers_key",
    "extra_lethal", "extra_lethal_hexes", "grants_flying", "cannot_be_staggered", "modify_attack",
    "prevent_damage", "after_damage", "note_lethal_damage", "reaction_options", "declare_reaction",
    "resolve_reaction", "inspire_condition_met", "objective_glory", "after_scatter",
})
"""Every question above: ``answered_by`` checks that each one has an answer."""
