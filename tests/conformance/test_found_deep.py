"""Matches the deep conformance run (``--conformance-deep``) found failing, replayed in every ``make test``."""
from __future__ import annotations

from engine.core.system import find_system
from tests.conformance.harness import Checks, play, samples_of


def test_a_mage_wars_turn_with_no_active_creature_left_goes_on():
    """Mage Wars §5.3 (the Action Phase ends when every creature is inactive): the deep run's full-built-book-pack
    seed 36 left player1 awaited at step 2660 with its last creature gone and nothing legal; the turn now goes on
    (to the other seat, or the final quickcast window) and the duel reaches its result."""
    system = find_system("magewars")
    sample = next(s for s in samples_of(system) if s.name == "full-built-book-pack")
    match = play(system, sample, 36, Checks.deep())
    assert match.report.failures["liveness"] == [] and match.report.ended


def test_a_dragonbond_casualty_chosen_from_models_placed_by_a_charge_in_a_unit_without_a_formation():
    """Dragonbond, casualties model by model (seed 003 l.760, docs/rulings/dragonbond.md "Models"): the deep run's
    monster-auction seed 108 step 22 raised IndexError when player1 named the fallen model of a unit whose models a
    charge had placed and that had no formation of its own (laid out by default); the choice now stands."""
    system = find_system("dragonbond")
    sample = next(s for s in samples_of(system) if s.name == "monster-auction")
    match = play(system, sample, 108, Checks.deep())
    assert match.report.failures["only_refusals"] == [] and match.report.ended
