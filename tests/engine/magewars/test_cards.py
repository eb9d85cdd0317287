"""The shipped card data (data/magewars/cards.json) and coverage."""
import subprocess
import sys
from pathlib import Path

import pytest

from engine.magewars.cards import card, mage_stats, source
from engine.magewars.coverage import coverage

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared" / "data-sources" / "magewars" / "cards.json"


@pytest.mark.skipif(not SHARED.exists(), reason="../shared/data-sources not present")
def test_card_data_is_current_with_its_build_script():
    """The file is built from the shared OCTGN data by data/magewars/build_cards.py, source and commit recorded."""
    run = subprocess.run([sys.executable, "data/magewars/build_cards.py", "--check"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout
    assert source()["source"]["commit"] == "0c9f65cc7ebf3efd053b67af9cae22b6bcf82db3"


def test_enchantment_cost_splits_into_cast_and_reveal_cost():
    """Digest §9.7: "2+3" is the face-down cost 2 and the reveal cost 3 (Bear Strength)."""
    c = card("Bear Strength")
    assert (c.cost, c.reveal_cost) == (2, 3)


def test_wolf_is_level_2_as_the_rulebook_says():
    """Digest §20.2: the Wolf is level 2."""
    assert card("Timber Wolf").level() == 2


def test_mage_stats_cards_give_spell_points_and_training():
    """Digest §14, §15: spell points and training come from the stats cards."""
    m = mage_stats("warlock")
    assert m.spellbook_points == 120 and {str(s) for s in m.trained} == {"dark", "fire"}


def test_coverage_reports_n_of_m():
    """Issue #14: coverage() says how many starter cards and pool cards the engine referees by itself."""
    c = coverage()
    n, _, m = c["starter"].split()
    assert 0 < int(n) <= int(m) == 153 and c["pool"].endswith("of 835")
