"""What a seat's view gives of its own hand (§16): each card's entry from the match's own copy of the pack, never the
other seat's; and the public entries of the decks played."""
from __future__ import annotations

import json

from tests.engine.tambores.support import HUMAN, ORC, SYSTEM, new, renamed_pack

ENTRY_KEYS = {"id", "name", "kind", "cost", "deployment_cost", "attack", "defence", "life", "range", "ability"}


def test_view_gives_the_own_hand_as_entries_of_the_matchs_pack():
    """Digest §16 (a hand is private) and §5 (card anatomy: name, cost, attack, defence, life, range, ability): the
    viewer's hand comes with each card's printed values from the pack the match plays, here one that is not the
    training pack (its cards renamed), so nothing is looked up elsewhere."""
    st = new({"pack": renamed_pack(), "heroes": {HUMAN: "joanna", ORC: "krangg"}})
    mine = SYSTEM.view(st, HUMAN)
    hand = mine["players"][HUMAN]["hand"]
    assert len(hand) == 5 and all(ENTRY_KEYS <= set(e) for e in hand)
    assert [e["id"] for e in hand] == [c.split("#")[0] for c in st["players"][HUMAN]["hand"]]
    assert all(e["name"].endswith(" de Valerna") for e in hand)
    units = [e for e in hand if e["kind"] == "units"]
    for e in units:
        printed = st["catalogue"]["units"][e["id"]]
        assert (e["attack"], e["defence"], e["life"], e["range"], e["deployment_cost"]) == (
            printed["attack"], printed["defence"], printed["life"], printed["range"], printed["deployment_cost"])
    assert mine["pack"]["id"] == "valerna-test" and not mine["pack_training"]


def test_view_never_gives_the_other_seats_hand_entries():
    """Digest §16: the other player's hand is a count only; no entry of it reaches another seat or a spectator."""
    st = new({"pack": renamed_pack(), "heroes": {HUMAN: "joanna", ORC: "krangg"}})
    for viewer in (HUMAN, None):
        view = SYSTEM.view(st, viewer)
        assert view["players"][ORC]["hand"] is None and view["players"][ORC]["hand_count"] == 5
        assert not [c for c in st["players"][ORC]["hand"] if c in json.dumps(view)]


def test_a_wounded_hero_lowers_a_bolt_cost_in_the_hand_entry():
    """Digest §5 (⚡ next to the deployment cost: -1 while the own hero has a wound; Caballero, seed 002 l.251): the
    hand entry's ``cost`` is what deploying takes now, ``deployment_cost`` what the card prints."""
    st = new({"pack": renamed_pack(), "heroes": {HUMAN: "joanna", ORC: "krangg"}})
    p = st["players"][HUMAN]
    p["hand"][0] = "caballero#1.t0"
    printed = st["catalogue"]["units"]["caballero"]["deployment_cost"]
    assert SYSTEM.view(st, HUMAN)["players"][HUMAN]["hand"][0]["cost"] == printed
    p["hero_wounds"] = 1
    entry = SYSTEM.view(st, HUMAN)["players"][HUMAN]["hand"][0]
    assert entry["cost"] == printed - 1 and entry["deployment_cost"] == printed and entry["cost_bolt"]


def test_view_names_every_card_of_the_decks_played_from_the_matchs_pack():
    """The pack is public (deck lists): the view's ``cards`` give each hero and card of the two decks by id, so a
    discard pile or a hero choice reads by name; where each copy lies is not in it."""
    st = new({"pack": renamed_pack(), "heroes": {HUMAN: "joanna", ORC: "krangg"}})
    cards = SYSTEM.view(st, None)["cards"]
    assert cards["thugg"]["name"] == "Thugg de Valerna" and cards["thugg"]["colour"] == "gold"
    assert all(not any(k in e for k in ("instance", "where")) for e in cards.values())
