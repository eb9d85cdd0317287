"""The Underworlds turn panel and victory embed with three and four players (issue #19): "waiting for" names the
right player (the power step's second player is the next one in play order, not "the opponent"), the panel says
whose turn comes next, and a draw between some of the players names them."""
from __future__ import annotations

from engine.core.rng import SeededRng
from engine.underworlds.flow import legal
from engine.underworlds.system import UnderworldsSystem, apply_state, dump, load, view
from table.underworlds.text import Names, panel_embed, victory_embed

SYSTEM = UnderworldsSystem()
SEATS = ("player1", "player2", "player3")
NAMES = {"player1": "Alice", "player2": "Bob", "player3": "Carol"}


def _action_phase(seed: int = 4):
    r = SeededRng(bytes([seed]) * 32)
    options = {"warbands": {"player1": "garreks-reavers", "player2": "steelhearts-champions",
                            "player3": "garreks-reavers"}, "decks": dict.fromkeys(SEATS, "rimewyrms-bite-rivals")}
    st = load(SYSTEM.setup(options, SEATS, r))
    while not any(f["kind"] == "turn" and f["stage"] == "activation" for f in st.stack):
        seat = next(s for s in st.seats if legal(st, s))
        choices = legal(st, seat)
        pick = next((a for a in choices if a["type"] in ("Pass", "ChooseFirstTurn")), choices[0])
        apply_state(st, seat, pick, r)
    return st, r


def _panel(st) -> str:
    v = view(dump(st), None)
    return panel_embed(v, Names(v, NAMES), match_id="m1").description


def test_three_player_panel_names_who_acts_now_and_whose_turn_is_next():
    st, r = _action_phase()
    active = st.active
    assert active is not None
    desc = _panel(st)
    assert f"**Waiting for:** {NAMES[active]}" in desc
    assert f"**Next turn:** {NAMES[st.next_seat(active)]}" in desc
    # The power step: the active player, then the next one in play order (seed 000 line 1625).
    apply_state(st, active, {"type": "Pass"}, r)  # the activation step: the Pass player action
    while st.stack[-1]["kind"] != "power":
        seat = next(s for s in st.seats if legal(st, s))
        apply_state(st, seat, {"type": "Pass"}, r)
    apply_state(st, active, {"type": "Pass"}, r)
    assert f"**Waiting for:** {NAMES[st.next_seat(active)]}" in _panel(st)


def test_two_player_panel_has_no_next_turn_line():
    r = SeededRng(bytes(32))
    v = SYSTEM.view(SYSTEM.setup({}, SEATS[:2], r), None)
    assert "Next turn" not in panel_embed(v, Names(v, NAMES), match_id="m1").description


def test_a_draw_between_some_players_names_them():
    """Seed 000 line 1670: a draw between the players still tied; the others lost."""
    v = {"seats": list(SEATS), "players": {s: {"glory": 4} for s in SEATS},
         "outcome": {"winner": None, "reason": "draw", "glory": dict.fromkeys(SEATS, 4), "drawn": ["player1", "player3"]}}
    embed = victory_embed(v, Names(v, NAMES), None, None)
    assert embed.title == "A draw between Alice, Carol"
