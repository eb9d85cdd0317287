"""``effects.reaction_options`` asks a warband deck's module for reactions only when the player holds a card with a
Reaction from that deck: that is right as long as each module names its own deck's cards only."""
from __future__ import annotations

import pytest

from engine.underworlds import brethren, parasite, skinnerkin
from engine.underworlds.cards import load_cards


@pytest.mark.parametrize("module", [brethren, parasite, skinnerkin], ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_a_warband_deck_module_names_only_its_deck_cards(module: object) -> None:
    cards = load_cards()
    named = {name: card for name, card in vars(module).items()
             if name.isupper() and isinstance(card, str) and card in cards}
    assert named
    assert {name: cards[card].deck for name, card in named.items() if cards[card].deck != module.DECK} == {}
