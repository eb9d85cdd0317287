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
