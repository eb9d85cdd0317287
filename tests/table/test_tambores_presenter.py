"""The Tambores de Guerra presenter's words (``table/tambores/``): what a public scene may say and what only the
player's own scene says (§16 of the digest: hands secret, the removed pile face down, the replenishment choice
secret until both choose), how typed values resolve, and the panel and result in both languages."""
from __future__ import annotations

import pytest

from engine.core.errors import InvalidInput
from engine.core.rng import SeededRng
from engine.core.system import find_system
from table.presenter import Scene, find_presenter

SYSTEM = find_system("tambores")
NAMES = {"player1": "alice", "player2": "bob"}


@pytest.fixture(scope="module")
def state():
    return SYSTEM.setup({"mode": "skirmish"}, ("player1", "player2"), SeededRng(b"t" * 32))


def scene(state, viewer=None, lang="en") -> Scene:
    return Scene(SYSTEM.view(state, viewer), NAMES, lang=lang, viewer=viewer, match_id="m1")


def test_a_deployment_names_its_payment_only_to_its_player(state):
    presenter = find_presenter("tambores")
    seat = SYSTEM.view(state, None)["awaiting"][0]
    deploy = next(a for a in SYSTEM.legal_actions(state, seat) if a["type"] == "DeployUnit" and a["pay"])
    own = presenter.action_label(scene(state, seat), deploy)
    public = presenter.action_label(scene(state), deploy)
    headline = presenter.action_label(scene(state), deploy, short=True)
    paid = presenter.names(scene(state, seat)).cards(deploy["pay"])
    assert paid in own and "pay:" in own
    assert paid not in public and f"pays {len(deploy['pay'])} cards" in public and "pay" not in headline


def test_the_cards_paid_are_counted_never_named_in_public_lines(state):
    presenter = find_presenter("tambores")
    seat = SYSTEM.view(state, None)["awaiting"][0]
    deploy = next(a for a in SYSTEM.legal_actions(state, seat) if a["type"] == "DeployUnit" and a["pay"])
    after, events = SYSTEM.apply(state, seat, deploy, SeededRng(b"u" * 32))
    lines = presenter.event_lines(scene(after), events)
    removed = next(line for line in lines if "removes" in line)
    assert "(cost)" in removed and not any(presenter.names(scene(after)).card(c) in removed for c in deploy["pay"])


def test_the_replenishment_choice_is_told_to_nobody_else_before_both_choose():
    """Digest §12 (the dump is optional) and the ruling "Replenishment on buttons": the two choices are buttons
    (not private fields); once made, the choice is written only for its chooser, from the private event."""
    presenter = find_presenter("tambores")
    assert set(presenter.private_fields) >= {"card", "pay"} and "dump" not in presenter.private_fields
    st = SYSTEM.setup({"mode": "skirmish"}, ("player1", "player2"), SeededRng(b"r" * 32))
    st.update(step="replenish", phase="replenishment", secret={})
    labels = {presenter.action_label(scene(st), a, short=True) for a in SYSTEM.legal_actions(st, "player1")}
    assert labels == {"Keep my hand", "Remove my hand, then draw"}
    after, events = SYSTEM.apply(st, "player1", {"type": "Replenish", "dump": True}, SeededRng(b"s" * 32))
    public = presenter.event_lines(scene(after), [e for e in events if e.get("visible_to") is None])
    own = presenter.event_lines(scene(after, "player1"), [e for e in events if e.get("visible_to")])
    assert public == ["alice has chosen how to replenish"] and not any("remove" in line for line in public)
    assert own == ["🤫 Your choice, secret until both have chosen: remove your hand, then draw"]


def test_typed_values_resolve_to_what_the_actions_hold(state):
    presenter = find_presenter("tambores")
    seat = SYSTEM.view(state, None)["awaiting"][0]
    own = scene(state, seat)
    hand = [c["id"] for c in own.view["players"][seat]["hand"]]
    name = presenter.names(own).card(hand[0])
    assert presenter.resolve(own, "card", name.upper()) == hand[0]
    assert presenter.resolve(own, "pay", f"{hand[2]}, {hand[1]}") == sorted([hand[1], hand[2]])
    assert presenter.resolve(own, "pay", str(sorted(hand[1:3]))) == sorted(hand[1:3])
    assert presenter.resolve(own, "slot", "#3") == 3 and presenter.resolve(own, "target", "hero") == "hero"
    assert presenter.resolve(own, "target", "None") is None
    with pytest.raises(InvalidInput):
        presenter.resolve(own, "slot", "7")


def test_the_panel_says_training_pack_and_the_result_names_the_rule(state):
    presenter = find_presenter("tambores")
    panel = presenter.panel(scene(state), {"player1": 1, "player2": 2}, "board.png")
    assert panel.description.startswith("⚠️ training pack — unofficial values") and len(panel.fields) == 2
    spanish = presenter.panel(scene(state, lang="es"), {}, None)
    assert "pack de entrenamiento" in spanish.description and spanish.title.startswith("Tambores de Guerra — turno")
    over = {**state, "outcome": {"winner": "player2", "reason": "out_of_cards", "results": [], "points": {}}}
    result = presenter.result(scene(over), {"winner": "player2", "reason": "out_of_cards"}, "abc")
    assert result.title == "🏆 bob wins" and "could not refill their hand (§14)" in result.description
    assert "abc" in result.footer


def test_the_hand_and_its_labels_read_the_matchs_own_pack():
    """A pack that is not the training pack (renamed cards): the hand, the autocomplete labels and typed names all
    come from the view's hand entries, the match's copy of the pack (digest §5, §16)."""
    from tests.engine.tambores.support import renamed_pack

    presenter = find_presenter("tambores")
    state = SYSTEM.setup({"pack": renamed_pack(), "heroes": {"player1": "joanna", "player2": "krangg"}},
                         ("player1", "player2"), SeededRng(b"v" * 32))
    seat = SYSTEM.view(state, None)["awaiting"][0]
    own = scene(state, seat)
    hand = own.view["players"][seat]["hand"]
    embed = presenter.private_view(own)
    shown = " ".join(f.name + " " + f.value for f in embed.fields)
    assert all(e["name"] in shown for e in hand) and all(e["name"].endswith("de Valerna") for e in hand)
    unit = next(e for e in hand if e["kind"] == "units")
    field = next(f for f in embed.fields if f.name.startswith(unit["name"]))
    assert f"cost {unit['cost']}" in field.name and f"attack {unit['attack']}" in field.value
    deploy = next(a for a in SYSTEM.legal_actions(state, seat) if a["type"] == "DeployUnit")
    assert presenter.value_label(own, deploy, "card").startswith(presenter.names(own).card(deploy["card"]))
    assert presenter.names(own).card(deploy["card"]).endswith("de Valerna")
    assert presenter.resolve(own, "card", unit["name"].lower()) == unit["id"]
    assert "de Valerna" in presenter.action_label(own, deploy)
