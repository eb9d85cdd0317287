"""Three- and four-player Underworlds: the rulebook's multiplayer chapter (seed 000 lines 1550-1670; digest §27,
§23.4) and the rulings where its diagrams are lost (``docs/rulings/underworlds.md``).

Each rule has a test named after it citing its line. Setup is driven through the public ``apply`` with a seeded
random source (and random legal choices where the rule does not care which); positions in the action phase are
built by ``position`` on a four-board battlefield.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.underworlds.actions import ChooseFirstToReact
from engine.underworlds import rules
from engine.underworlds.battlefield import (
    Battlefield, BattlefieldSpec, BoardPlacement, BoardSide, ExtraBoard, Join, JoinEdge, load_boards,
)
from engine.underworlds.feature_tokens import FeatureSide, FeatureToken
from engine.underworlds.flow import Ctx, bounty_gainer, inspire_step, legal, one_each, reaction_order, simultaneous_order
from engine.underworlds.hexgrid import Hex
from engine.underworlds.setup import multiplayer_tokens, roll_off_loser
from engine.underworlds.state import FighterState, PlayerState, State
from engine.underworlds.system import INFO, UnderworldsSystem, apply_state, dump, load, view
from engine.underworlds.turns import finish
from tests.engine.underworlds.scenario import FixedRng, atk

SYSTEM = UnderworldsSystem()
P1, P2, P3, P4 = "player1", "player2", "player3", "player4"
WARBANDS = ("garreks-reavers", "steelhearts-champions")
DECK = "rimewyrms-bite-rivals"


def seats(n: int) -> tuple[str, ...]:
    return (P1, P2, P3, P4)[:n]


def chosen(n: int, seed: int = 1) -> tuple[State, SeededRng]:
    """A match of ``n`` players whose warbands and decks are chosen (every seat's)."""
    r = SeededRng(bytes([seed]) * 32)
    options = {"warbands": {s: WARBANDS[i % 2] for i, s in enumerate(seats(n))}, "decks": dict.fromkeys(seats(n), DECK)}
    return load(SYSTEM.setup(options, seats(n), r)), r


def play_until(st: State, r: SeededRng, stop: Any, seed: int = 0, limit: int = 500) -> list[dict]:
    """Random legal play until ``stop(st)``; every event on the way."""
    pick = random.Random(seed)
    events: list[dict] = []
    for _ in range(limit):
        if stop(st):
            return events
        choices = [(s, a) for s in st.seats for a in legal(st, s)]
        seat, action = pick.choice(choices)
        events += apply_state(st, seat, action, r)
    raise AssertionError("the stop condition never came")


FOUR_BOARDS = BattlefieldSpec(
    first=BoardPlacement(board="mirror-well"), second=BoardPlacement(board="ruptured-seal"),
    join=Join(edge=JoinEdge.LONG, offset=0),
    more=(ExtraBoard(board="katophranes-reliquary", to=0, side=BoardSide.RIGHT),
          ExtraBoard(board="the-shattered-tower", to=1, side=BoardSide.RIGHT)))
"""Four boards two by two: player1 top left, player2 below it, player3 top right, player4 below player3."""


def position(n: int = 3, fighters: dict[str, str] | None = None, *, active: str = P1, stage: str = "activation",
             turns_taken: int = 0) -> State:
    """An action-phase position of ``n`` players on ``FOUR_BOARDS`` (each seat's warband alternating)."""
    from engine.underworlds.fighters import load_warbands

    st = State(seats=list(seats(n)), players={s: PlayerState(seat=s) for s in seats(n)})
    st.battlefield = FOUR_BOARDS.model_copy(update={"more": FOUR_BOARDS.more[:n - 2]})
    st.territory = {s: i for i, s in enumerate(seats(n))}
    for i, seat in enumerate(seats(n)):
        p = st.players[seat]
        p.warband, p.deck, p.redraw = WARBANDS[i % 2], DECK, "none"
        p.power_deck, p.objective_deck = ["48013", "48015"], ["48001", "48002"]
        for f in load_warbands()[p.warband].fighters:
            fid = f"{seat}:{f.id}"
            hex_ = (fighters or {}).get(fid)
            st.fighters.append(FighterState(id=fid, seat=seat, card=f.id, name=f.name,
                                            hex=Hex.parse(hex_) if hex_ else None, deployed=hex_ is not None))
    st.phase, st.round, st.first_player, st.active, st.turns_taken = "action", 1, P1, active, turns_taken
    st.setup.stage = "done"
    st.stack = [{"kind": "round", "stage": "turns"}]
    if stage == "activation":
        st.stack.append({"kind": "turn", "seat": active, "stage": "activation"})
    else:
        st.stack.append({"kind": "turn", "seat": active, "stage": "after_power"})
        st.stack.append({"kind": "power", "active": active, "to_act": active, "passes": 0, "delved": {}})
    return st


def fid(seat: str, n: int = 0) -> str:
    """The id of a seat's ``n``-th fighter (warbands alternate Garrek's Reavers, Steelheart's Champions)."""
    from engine.underworlds.fighters import load_warbands
    warband = WARBANDS[(P1, P2, P3, P4).index(seat) % 2]
    return f"{seat}:{load_warbands()[warband].fighters[n].id}"


# -- seats and play order -------------------------------------------------------------------------------------------


def test_three_and_four_players_play_and_five_do_not():
    """Seed 000 lines 1550-1552: with two core boxes three or four players can play; the system declares 2-4 seats."""
    assert (INFO.min_seats, INFO.max_seats) == (2, 4)
    assert INFO.seats_for(3) == (P1, P2, P3)
    for n in (2, 3, 4):
        assert load(SYSTEM.setup({}, seats(n), SeededRng(bytes(32)))).seats == list(seats(n))
    with pytest.raises(IllegalAction) as e:
        SYSTEM.setup({}, (P1,), SeededRng(bytes(32)))
    assert e.value.code == "uw.setup.players"


def test_play_order_goes_to_the_left():
    """Seed 000 lines 1573-1575: the next player is the one to the left of the current one (seats are listed
    clockwise, ruling)."""
    st = position(4)
    assert [st.next_seat(s) for s in st.seats] == [P2, P3, P4, P1]
    assert st.play_order(P3) == [P3, P4, P1, P2]
    assert st.opponents(P2) == [P3, P4, P1]


def test_every_other_warband_is_an_enemy():
    """Seed 000 line 1550 (two-player rules apply): an enemy fighter is any fighter of another warband, so an attack
    may target any of the other warbands' fighters (§19.1)."""
    st = position(3, {fid(P1): "h3", fid(P2): "h4", fid(P3): "i3"})
    attacker = st.fighter(fid(P1))
    profile = rules.attacks(st, attacker)[0]
    targets = {t.seat for t in rules.attack_targets(st, attacker, profile)}
    assert targets == {P2, P3}
    assert {f.seat for f in st.enemies(P1)} == {P2, P3}


# -- roll-offs ------------------------------------------------------------------------------------------------------------


def test_roll_off_loser_has_fewest_crits_then_double_then_single_supports():
    """Seed 000 lines 1564-1571: the loser has fewest symbol A (crit), then among the tied fewest symbol B (double
    support), then symbol C (single support); still tied, the tied players roll again; everyone else wins."""
    st = position(3)
    faces = atk("critical", "hammer", "hammer", "hammer") + atk("hammer", "hammer", "hammer", "hammer") \
        + atk("critical", "critical", "hammer", "hammer")
    assert roll_off_loser(Ctx(st, FixedRng(faces)), "test", [P1, P2, P3]) == P2
    faces = atk("double_support", "hammer", "hammer", "hammer") + atk("single_support", "hammer", "hammer", "hammer") \
        + atk("critical", "hammer", "hammer", "hammer")
    assert roll_off_loser(Ctx(st, FixedRng(faces)), "test", [P1, P2, P3]) == P2
    # P1 and P3 tie for fewest: only they roll again (four dice each), and P3 loses the second roll.
    blank = atk("hammer", "hammer", "hammer", "hammer")
    faces = blank + atk("critical", "hammer", "hammer", "hammer") + blank + atk("single_support", "hammer", "hammer", "hammer") \
        + blank
    ctx = Ctx(st, FixedRng(faces))
    assert roll_off_loser(ctx, "test", [P1, P2, P3]) == P3
    rolls = [e["rolls"] for e in ctx.events if e["type"] == "RollOff"]
    assert [sorted(r) for r in rolls] == [[P1, P2, P3], [P1, P3]]


def test_roll_off_winner_ties_roll_again_among_the_tied():
    """Seed 000 line 1571 and §10.1: a roll-off's tied players roll again; the others are out of it."""
    from engine.underworlds.setup import roll_off
    st = position(3)
    blank = atk("hammer", "hammer", "hammer", "hammer")
    crit = atk("critical", "hammer", "hammer", "hammer")
    ctx = Ctx(st, FixedRng(crit + blank + crit + blank + crit))
    assert roll_off(ctx, "test") == P3
    assert [sorted(e["rolls"]) for e in ctx.events] == [[P1, P2, P3], [P1, P3]]


# -- boards ------------------------------------------------------------------------------------------------------------


def test_first_board_is_chosen_by_the_roll_off_loser():
    """Seed 000 line 1556: the players roll off; the loser chooses the first board and its side."""
    st, r = chosen(3)
    assert st.setup.stage == "first_board" and st.setup.board_player is not None
    assert SYSTEM.view(dump(st), None)["awaiting"] == [st.setup.board_player]  # the view says whom it waits for
    assert legal(st, st.setup.board_player)[0]["type"] == "ChooseBoard"
    assert all(not legal(st, s) for s in st.seats if s != st.setup.board_player)
    assert st.territory == {st.setup.board_player: 0}


def test_remaining_players_roll_off_again_and_the_loser_places_the_next_board():
    """Seed 000 line 1556: the players left roll off again and the loser places a board adjacent to the placed one;
    the last player places the last board with no roll-off. Each board is its player's territory."""
    st, r = chosen(4, seed=3)
    first = st.setup.board_player
    assert first is not None
    events = apply_state(st, first, legal(st, first)[0], r)
    roll = next(e for e in events if e["type"] == "RollOff")
    assert first not in roll["rolls"] and len(roll["rolls"]) >= 2
    second = st.setup.board_turn
    assert second not in (None, first) and st.setup.stage == "next_board"
    apply_state(st, second, legal(st, second)[0], r)
    placements = legal(st, second)
    assert {a["type"] for a in placements} == {"PlaceBoards"}
    apply_state(st, second, placements[0], r)
    third = st.setup.board_turn
    apply_state(st, third, legal(st, third)[0], r)
    extra = legal(st, third)
    assert extra and {a["type"] for a in extra} == {"PlaceExtraBoard"} and {a["to"] for a in extra} == {0, 1}
    apply_state(st, third, extra[0], r)
    fourth = st.setup.board_turn
    assert {first, second, third, fourth} == set(st.seats)
    apply_state(st, fourth, legal(st, fourth)[0], r)
    apply_state(st, fourth, legal(st, fourth)[-1], r)
    assert st.territory == {first: 0, second: 1, third: 2, fourth: 3}
    bf = rules.battlefield(st)
    assert len(bf.boards) == 4 and all(len(bf.starting_hexes(i)) > 0 for i in range(4))
    assert st.setup.stage == "feature_tokens"


def test_extra_boards_join_a_placed_board_without_overlapping():
    """Seed 000 lines 1554-1560 (diagrams lost; ruling): a third or fourth board joins a placed board as two boards
    join (§12.2: four completed hexes along long edges, two along short ones) and overlaps no board; the hexes the
    joins complete are no one's territory (§8.3)."""
    boards = load_boards()
    bf = Battlefield.from_spec(FOUR_BOARDS, boards)
    assert [len(bf.territory(i)) for i in range(4)] == [38, 38, 38, 38]
    assert len(bf.no_ones_territory) == 7 + 2 + 7 + 2
    overlapping = FOUR_BOARDS.model_copy(update={"more": (ExtraBoard(board="katophranes-reliquary", to=0,
                                                                                 side=BoardSide.BELOW),)})
    with pytest.raises(IllegalAction) as e:
        Battlefield.check_spec(overlapping, boards)
    assert e.value.code == "uw.battlefield.boards_overlap"
    far = FOUR_BOARDS.model_copy(update={"more": (ExtraBoard(board="katophranes-reliquary", to=0, side=BoardSide.ABOVE,
                                                             offset=7),)})
    with pytest.raises(IllegalAction) as e:
        Battlefield.check_spec(far, boards)
    assert e.value.code == "uw.battlefield.too_few_completed"


# -- feature tokens, cards, deployment ---------------------------------------------------------------------------------


def test_three_players_use_numbered_tokens_1_to_7_and_four_players_1_to_9():
    """Seed 000 lines 1579-1583: 1-7 with three players, 1-9 with four; as many other tokens as players are set
    aside as the available tokens (their other side a trap hex, line 1579)."""
    for n, top in ((3, 7), (4, 9)):
        tokens = multiplayer_tokens(n)
        assert sorted(t.number for t in tokens if t.front is FeatureSide.OBJECTIVE) == list(range(1, top + 1))
        others = [t for t in tokens if t.front is not FeatureSide.OBJECTIVE]
        assert len(others) == n and all(t.front is FeatureSide.TRAP and t.hex is None for t in others)


def _to_stage(n: int, stage: str, seed: int = 1) -> tuple[State, SeededRng]:
    st, r = chosen(n, seed)
    play_until(st, r, lambda s: s.setup.stage == stage, seed)
    return st, r


def test_feature_tokens_dealt_three_to_the_first_board_player_two_to_the_others_and_placed_in_play_order():
    """Seed 000 line 1581: three tokens to the player who chose the first board, two to each other player; they
    place them in play order from that player, numbers hidden, then flip them once all are placed."""
    for n in (3, 4):
        st, r = _to_stage(n, "feature_tokens")
        first = st.setup.board_player
        assert first is not None
        order = st.play_order(first)
        assert {s: len(v) for s, v in st.setup.token_deal.items()} == {s: 3 if s == first else 2 for s in st.seats}
        assert st.setup.token_order == order + order + [first]
        seen = view(dump(st), first)
        assert seen["setup"]["token_deal"][first] == 3  # counts only, never the numbers
        placed: list[str] = []
        while st.setup.stage == "feature_tokens":
            seat = st.setup.token_order[0]
            apply_state(st, seat, legal(st, seat)[0], r)
            placed.append(seat)
            if st.setup.stage == "feature_tokens":
                assert all(t["number"] is None for t in view(dump(st), seat)["feature_tokens"] if t["hex"])
        assert placed == order + order + [first]
        assert sorted(t.number for t in st.feature_tokens if t.hex and t.number) == list(range(1, 2 * n + 2))
        assert all(t.face_up is FeatureSide.OBJECTIVE for t in st.feature_tokens if t.hex)


def test_redraw_is_decided_in_play_order_from_the_first_board_player():
    """Seed 000 lines 1585-1587: the first-board player decides whether to draw again first, then the next player,
    and so on in play order."""
    st, r = _to_stage(4, "redraw")
    first = st.setup.board_player
    assert first is not None
    for seat in st.play_order(first):
        assert SYSTEM.view(dump(st), seat)["awaiting"] == [seat]
        apply_state(st, seat, {"type": "Redraw", "cards": "none"}, r)


def test_fighters_are_placed_one_at_a_time_in_play_order_skipping_players_done():
    """Seed 000 lines 1589-1591: the roll-off winner picks who places first; then one fighter at a time in play
    order; a player with every fighter placed is skipped. The first to finish gets round 1's roll-off bonus (line
    1607)."""
    st, r = _to_stage(3, "deploy_player")
    winner = st.setup.roll_winner
    assert winner is not None
    apply_state(st, winner, {"type": "ChooseFirstToDeploy", "player": P2}, r)
    order: list[str] = []
    while st.setup.stage == "deploy":
        seat = st.setup.deploy_turn
        assert seat is not None
        order.append(seat)
        apply_state(st, seat, legal(st, seat)[0], r)
    sizes = {s: len(st.warband_of(s)) for s in st.seats}
    expected: list[str] = []
    left = dict(sizes)
    seat = P2
    while any(left.values()):
        if left[seat]:
            expected.append(seat)
            left[seat] -= 1
        seat = st.next_seat(seat)
    assert order == expected
    finished = [s for s in st.seats if sizes[s] == min(sizes.values())]
    assert st.setup.finished_first in finished


# -- rounds and turns ------------------------------------------------------------------------------------------------------


def play_match(n: int, seed: int, check: Any = None) -> tuple[State, list[dict]]:
    """A whole random legal match of ``n`` players; ``check(state, events)`` after every action."""
    r = SeededRng(seed.to_bytes(32, "big"))
    pick = random.Random(seed)
    st = load(SYSTEM.setup({}, seats(n), r))
    weights = {"Attack": 30, "Charge": 20, "PlayUpgrade": 8, "PlayReaction": 8, "Loot": 4, "PlayPloy": 3}
    events: list[dict] = []
    for _ in range(6000):
        if st.outcome is not None:
            return st, events
        choices = [(s, a) for s in st.seats for a in legal(st, s)]
        assert choices, f"seed {seed}: nobody can act ({st.stack[-1:]})"
        seat, action = pick.choices(choices, [weights.get(a["type"], 1) for _, a in choices])[0]
        new = apply_state(st, seat, action, r)
        events += new
        if check is not None:
            check(st, new)
    raise AssertionError(f"seed {seed}: no outcome")


def _rounds(events: list[dict]) -> dict[int, list[dict]]:
    out: dict[int, list[dict]] = {}
    current = 0
    for e in events:
        if e["type"] == "RoundStarted":
            current = e["round"]
        out.setdefault(current, []).append(e)
    return out


@pytest.mark.parametrize("n", [3, 4])
def test_each_player_plays_three_turns_a_round_with_three_players_and_four_with_four(n):
    """Seed 000 lines 1611-1617: three turns each per round with three players, four each with four; the first
    player is the round's roll-off winner's choice and the turns go in play order (lines 1607-1609)."""
    st, events = play_match(n, seed=5)
    for round_, evs in _rounds(events).items():
        if not round_:
            continue
        turns = [e["player"] for e in evs if e["type"] == "TurnStarted"]
        first = next(e["player"] for e in evs if e["type"] == "FirstTurnChosen")
        assert turns == st.play_order(first) * (3 if n == 3 else 4)


def test_a_four_player_match_skips_round_two_and_a_three_player_match_plays_it():
    """Seed 000 lines 1658-1662: with three players round 2 is played like round 1; with four it is skipped (as
    printed, digest §35 default 9). Round 3's end phase ends the match (line 1666)."""
    _, three = play_match(3, seed=2)
    _, four = play_match(4, seed=2)
    assert [e["round"] for e in three if e["type"] == "RoundStarted"] == [1, 2, 3]
    assert [e["round"] for e in four if e["type"] == "RoundStarted"] == [1, 3]
    assert four[-1]["type"] == "MatchEnded"


def test_end_phase_goes_in_play_order_from_the_player_of_the_first_activation():
    """Seed 000 lines 1654-1656: the players take their end phase in play order, starting with the player who made
    the round's first activation; in round 3 only the scoring step (line 1666): nobody draws."""
    st, events = play_match(3, seed=7)
    for round_, evs in _rounds(events).items():
        if not round_:
            continue
        first = next(e["player"] for e in evs if e["type"] == "TurnStarted")
        done = [e["player"] for e in evs if e["type"] == "EndPhaseFinished"]
        assert done == st.play_order(first)
        if round_ == 3:
            end = evs[next(i for i, e in enumerate(evs) if e["type"] == "EndPhaseStarted"):]
            assert not [e for e in end if e["type"] == "CardsDrawn"]


def test_only_the_active_and_the_next_player_take_part_in_a_power_step():
    """Seed 000 lines 1623-1625 (digest §23.4): in a player's power step only that player and the next one in play
    order take part, starting with the active player; it ends when both pass in succession. On the round's last
    turn the next one is still the one who would go next."""
    for active, turns_taken in ((P2, 0), (P3, 8)):
        st = position(3, {fid(P1): "b2", fid(P2): "b8", fid(P3): "p2"}, active=active, stage="power",
                      turns_taken=turns_taken)
        partner = st.next_seat(active)
        outsider = next(s for s in st.seats if s not in (active, partner))
        assert SYSTEM.view(dump(st), None)["awaiting"] == [active]
        apply_state(st, active, {"type": "Pass"}, FixedRng())
        assert SYSTEM.view(dump(st), None)["awaiting"] == [partner]
        assert legal(st, outsider) == []
        with pytest.raises(IllegalAction):
            apply_state(st, outsider, {"type": "Pass"}, FixedRng())
        events = apply_state(st, partner, {"type": "Pass"}, FixedRng())
        assert "PowerStepEnded" in [e["type"] for e in events]


def test_reactions_are_offered_to_the_active_player_first_then_in_play_order():
    """Seed 000 line 1646: the player whose turn it is goes first, then the others in play order."""
    st = position(4, active=P3)
    assert reaction_order(st) == [P3, P4, P1, P2]


# -- simultaneous abilities and reactions outside a turn: roll-offs ---------------------------------------------------

BLANK, CRIT = atk("hammer", "hammer", "hammer", "hammer"), atk("critical", "hammer", "hammer", "hammer")


def test_simultaneous_abilities_resolve_winner_first_then_the_losers_roll_off_again():
    """Seed 000 line 1640 ("SECUENCIAS"): players whose abilities would resolve at the same time roll off; the winner
    resolves first, the losers roll off again until a first, second and third loser are set; every roll is logged."""
    st = position(4)
    # P3 wins the first roll-off; P2 the second among P1, P2, P4; P4 the third; P1 is left last without a roll.
    ctx = Ctx(st, FixedRng(BLANK + BLANK + CRIT + BLANK + BLANK + CRIT + BLANK + BLANK + CRIT))
    assert simultaneous_order(ctx, "test", [P1, P2, P3, P4], P1) == [P3, P2, P4, P1]
    rolls = [(sorted(e["rolls"]), e["winner"]) for e in ctx.events if e["type"] == "RollOff"]
    assert rolls == [([P1, P2, P3, P4], P3), ([P1, P2, P4], P2), ([P1, P4], P4)]
    # "resuelven una habilidad cada uno en ese orden", and on in the same order until all are resolved.
    assert one_each(st, [P3, P2, P4, P1], {P1: ["a1"], P3: ["c1", "c2"], P4: ["d1"]}) == ["c1", "d1", "a1", "c2"]


def test_simultaneous_abilities_one_player_alone_and_two_players_need_no_roll_off():
    """Seed 000 line 1640 asks for a roll-off when two or more players' abilities clash; with two players the engine
    keeps play order from the last activating player (``docs/rulings/underworlds.md``)."""
    ctx = Ctx(position(3), FixedRng())
    assert simultaneous_order(ctx, "test", [P2], P1) == [P2] and ctx.events == []
    ctx = Ctx(position(2), FixedRng())
    assert simultaneous_order(ctx, "test", [P1, P2], P2) == [P2, P1] and ctx.events == []
    assert one_each(ctx.st, [P2, P1], {P1: ["a1", "a2"], P2: ["b1"]}) == ["b1", "a1", "a2"]


def test_inspire_step_with_three_players_inspires_one_fighter_each_in_roll_off_order():
    """Seed 000 line 1640: fighters of several players Inspired in the same inspire step are simultaneous abilities;
    roll-off order, one each, round and round."""
    st = position(3, {fid(P1, 0): "c3", fid(P1, 1): "c5", fid(P2, 0): "e3", fid(P3, 0): "g3"})
    st.last_activation = P1
    for f in (fid(P1, 0), fid(P1, 1), fid(P2, 0), fid(P3, 0)):
        st.fighter(f).pending_inspire = True
    ctx = Ctx(st, FixedRng(BLANK + CRIT + BLANK + BLANK + CRIT))  # P2 wins, then P3 beats P1
    inspire_step(ctx)
    assert [e["fighter"] for e in ctx.events if e["type"] == "FighterInspired"] == \
        [fid(P2, 0), fid(P3, 0), fid(P1, 0), fid(P1, 1)]
    assert [e["why"] for e in ctx.events if e["type"] == "RollOff"] == ["inspire step", "inspire step"]


def test_reaction_step_outside_a_turn_starts_with_a_roll_off_whose_winner_chooses_who_goes_first(monkeypatch):
    """Seed 000 line 1646: a reaction outside any player's turn: the players roll off and the winner chooses who
    goes first, then the others in play order."""
    from engine.underworlds import flow
    st = position(3)
    st.active = None
    monkeypatch.setattr(flow, "reaction_options",
                        lambda st_, seat, tags, wctx: [{"type": "Loot"}] if seat in (P2, P3) else [])
    ctx = Ctx(st, FixedRng(BLANK + BLANK + CRIT))
    assert flow.open_window(ctx, ["round_start"], {"round": 1})
    assert [e["why"] for e in ctx.events if e["type"] == "RollOff"] == ["reaction step"]
    assert flow.awaiting(st) == [P3]
    assert flow.legal(st, P3) == [{"type": "ChooseFirstToReact", "player": s} for s in (P1, P2, P3)]
    with pytest.raises(IllegalAction):
        flow.act(ctx, P3, ChooseFirstToReact(player="player9"))
    flow.act(ctx, P3, ChooseFirstToReact(player=P2))
    assert st.stack[-1]["order"] == [P2, P3, P1] and ctx.events[-1]["type"] == "FirstToReactChosen"
    flow.advance(ctx)
    assert flow.awaiting(st) == [P2]


def test_reaction_step_outside_a_turn_with_one_player_able_or_two_players_has_no_roll_off(monkeypatch):
    """Seed 000 line 1646: the roll-off settles who goes first among players reacting; with one player able to react
    there is nothing to settle, and two players keep the round's first player first (ruling)."""
    from engine.underworlds import flow
    monkeypatch.setattr(flow, "reaction_options",
                        lambda st_, seat, tags, wctx: [{"type": "Loot"}] if seat == P2 else [])
    for n in (2, 3):
        st = position(n)
        st.active = None
        ctx = Ctx(st, FixedRng())
        assert flow.open_window(ctx, ["round_start"], {"round": 1})
        assert st.stack[-1]["order"][0] == P1 and ctx.events[0]["type"] == "ReactionStepOpened"


@pytest.mark.parametrize("seed", range(4))
def test_two_player_matches_have_no_simultaneous_or_outside_turn_roll_offs(seed):
    """Two players: simultaneous abilities and reactions outside a turn stay in play order (ruling), no roll-off."""
    _, events = play_match(2, seed)
    assert {e["why"] for e in events if e["type"] == "RollOff"} <= {"action phase", "boards", "deployment",
                                                                      "Here it Comes!"}


# -- bounty and supports ----------------------------------------------------------------------------------------------


def test_bounty_goes_only_to_the_warband_that_took_the_fighter_out():
    """Seed 000 lines 1619-1621: only the player whose warband took the fighter out of action gains the bounty;
    nobody for damage no warband dealt (a lethal hex), and never for one's own fighter."""
    three = (P1, P2, P3)
    assert bounty_gainer(three, P2, {"kind": "attack", "seat": P3}) == P3
    assert bounty_gainer(three, P2, {"kind": "lethal"}) is None
    assert bounty_gainer(three, P2, {"kind": "card", "seat": P2}) is None
    assert bounty_gainer((P1, P2), P2, {"kind": "lethal"}) == P1  # two players: digest §35 default 11


def test_supports_ignore_fighters_of_warbands_neither_attacking_nor_targeted():
    """Seed 000 lines 1627-1636: supports are worked out as usual, ignoring every fighter of a warband that is
    neither the attacker's nor the target's: A (player1) attacking D (player2) has B's support; a player3 fighter
    next to D or to A supports nobody."""
    st = position(3)
    bf = rules.battlefield(st)
    d_hex = next(h for h in sorted(bf.no_ones_territory) if len(bf.neighbours(h)) == 6
                 and not rules.blocked(st) & {h, *bf.neighbours(h)})
    around = bf.neighbours(d_hex)
    a_hex, b_hex, c_hex = around[0], around[2], around[1]  # c is next to both A and D
    assert c_hex.is_adjacent(a_hex)
    st = position(3, {fid(P1, 0): str(a_hex), fid(P1, 1): str(b_hex), fid(P2): str(d_hex), fid(P3): str(c_hex)})
    assert rules.supports(st, P1, d_hex, fid(P1, 0)) == 1
    assert rules.supports(st, P2, a_hex, fid(P2)) == 0


# -- victory --------------------------------------------------------------------------------------------------------------


def _ended(glory: dict[str, int], alive: set[str], held: dict[str, str] | None = None) -> dict:
    placed = {}
    spots = {P1: "b2", P2: "b8", P3: "p2", P4: "p8"}
    for seat in alive:
        placed[fid(seat)] = (held or {}).get(seat, spots[seat])
    st = position(4, placed)
    for seat, g in glory.items():
        st.players[seat].glory = g
    for n, (seat, hex_) in enumerate(sorted((held or {}).items()), start=1):
        st.feature_tokens.append(FeatureToken(id=str(n + int(seat[-1])), front=FeatureSide.OBJECTIVE,
                                              number=n + int(seat[-1]), face_up=FeatureSide.OBJECTIVE,
                                              hex=Hex.parse(hex_)))
    ctx = Ctx(st, FixedRng())
    finish(ctx)
    assert st.outcome is not None
    outcome = SYSTEM.outcome(dump(st))
    assert outcome is not None and outcome.winner == st.outcome["winner"]
    assert outcome.detail.get("drawn") == st.outcome.get("drawn")  # what the table and a league see
    return st.outcome


def test_victory_most_glory_then_survivors_then_objective_value_then_a_draw_between_the_tied():
    """Seed 000 lines 1668-1670: most glory wins; among the tied, the one that still has surviving fighters; among
    those, the one holding objectives of the highest total value; still tied, a draw between them and every other
    player loses."""
    assert _ended({P1: 5, P2: 3, P3: 1, P4: 0}, set())["winner"] == P1
    survivors = _ended({P1: 4, P2: 4, P3: 4, P4: 1}, {P2, P4})
    assert (survivors["winner"], survivors["reason"]) == (P2, "survivors")
    objectives = _ended({P1: 4, P2: 4, P3: 4, P4: 1}, {P1, P3}, held={P1: "b2", P3: "p2"})
    assert (objectives["winner"], objectives["reason"]) == (P3, "objectives")  # P3 holds a 5, P1 a 2
    drawn = _ended({P1: 4, P2: 4, P3: 1, P4: 4}, {P1, P2})
    assert drawn["winner"] is None and drawn["drawn"] == [P1, P2]  # P4 (tied on glory, no survivors) loses
    nobody = _ended({P1: 2, P2: 2, P3: 2, P4: 2}, set())
    assert nobody["winner"] is None and nobody["drawn"] == [P1, P2, P3, P4]  # digest §35 default 10


# -- whole random matches ---------------------------------------------------------------------------------------------


@settings(max_examples=8, deadline=None)
@given(n=strategies.sampled_from([3, 4]), seed=strategies.integers(min_value=0, max_value=2**32 - 1))
def test_random_multiplayer_matches_end_with_hidden_hands_and_exact_json(n, seed):
    """Random legal play of three and four players reaches the end of round 3 (seed 000 line 1666); after every
    action no seat's view shows another seat's hands or deck order (§6.3), and the state survives a JSON round
    trip unchanged."""
    steps = [0]

    def check(st: State, events: list[dict]) -> None:
        steps[0] += 1
        if steps[0] % 7:
            return
        state = dump(st)
        assert json.loads(json.dumps(state)) == state and dump(load(state)) == state
        for seat in st.seats:
            seen = view(state, seat)
            json.dumps(seen)
            for other, p in seen["players"].items():
                assert isinstance(p["objective_deck"], int) and isinstance(p["power_deck"], int)
                if other != seat:
                    assert set(p["objectives"]) <= {"hidden"} and set(p["power"]) <= {"hidden"}
            for e in events:
                if "visible_to" in e and seat not in e["visible_to"]:
                    assert e.get("player") != seat
    st, events = play_match(n, seed, check)
    assert st.phase == "over" and st.outcome is not None
    assert set(st.outcome["glory"]) == set(st.seats)
    turns = Counter(e["player"] for e in events if e["type"] == "TurnStarted")
    assert set(turns.values()) == {(3 * 3) if n == 3 else (4 * 2)}


# -- cards that name "an opponent" or "enemy territory" ------------------------------------------------------------------


def test_pick_an_opponent_lets_the_player_pick_any_of_them():
    """Seed 000 line 1550 (two-player rules apply with more players): Puncturing Ice Shards' "pick an opponent" is any
    other player, offered as the play's ``pick``; the one picked makes the card's second choice."""
    st = position(3, stage="power")
    bf = rules.battlefield(st)
    lethal = sorted(rules.lethal_hexes(st))[0]
    near = next(h for h in bf.neighbours(lethal) if rules.is_empty(st, h))
    st = position(3, {fid(P1): "b2", fid(P2): str(near), fid(P3): "p2"}, stage="power")
    st.players[P1].power = ["48019"]
    plays = [a for a in legal(st, P1) if a["type"] == "PlayPloy"]
    assert {a.get("pick") for a in plays} == {P2, P3}
    play = next(a for a in plays if a["pick"] == P3 and a["target"] == fid(P2))
    apply_state(st, P1, play, FixedRng())
    assert SYSTEM.view(dump(st), None)["awaiting"] == [P3]


def test_enemy_territory_is_every_other_players_territory():
    """§8.3 with three or four players: Get Out of The Way counts friendly fighters in any enemy territory against
    the enemy fighters there (with two players, the other player's territory)."""
    from engine.underworlds.effects import OBJECTIVES
    st = position(3, {fid(P1, 0): "b8", fid(P1, 1): "k2", fid(P2): "c8"})  # two in P2's and P3's boards, one enemy
    assert OBJECTIVES["48005"](st, P1, "end")
    st = position(3, {fid(P1, 0): "b8", fid(P2): "c8", fid(P3): "k2"})
    assert not OBJECTIVES["48005"](st, P1, "end")


def test_a_battlefield_is_at_most_26_columns_wide_so_every_hex_has_a_name():
    """Ruling (seed 000 lines 1554-1560 allow any arrangement): hexes are written a1..z99, so four boards in a row,
    short edge to short edge (32 columns), are not offered; three in a row (24) are, and every hex of every
    battlefield reads back from its name."""
    boards = load_boards()
    row = BattlefieldSpec(first=BoardPlacement(board="mirror-well"), second=BoardPlacement(board="ruptured-seal"),
                          join=Join(edge=JoinEdge.SHORT, offset=0),
                          more=(ExtraBoard(board="katophranes-reliquary", to=1, side=BoardSide.RIGHT),))
    three = Battlefield.from_spec(row, boards)
    assert max(h.col for h in three.hexes) == 23
    four = row.model_copy(update={"more": (*row.more, ExtraBoard(board="the-shattered-tower", to=2,
                                                                        side=BoardSide.RIGHT))})
    with pytest.raises(IllegalAction) as e:
        Battlefield.check_spec(four, boards)
    assert e.value.code == "uw.battlefield.too_wide"
    for bf in (three, Battlefield.from_spec(FOUR_BOARDS, boards)):
        assert all(Hex.parse(str(h)) == h for h in bf.hexes)


# -- conceding among three or four ---------------------------------------------------------------------------------------


def _in_action_phase(n: int, seed: int) -> tuple[State, SeededRng]:
    st, r = chosen(n, seed)
    play_until(st, r, lambda s: s.phase == "action" and s.active is not None, seed)
    return st, r


def test_a_player_who_concedes_loses_and_the_others_play_on():
    """Ruling (the book has no concession): with three or four players a player who concedes has their turns skipped
    and takes no decision (their pending ones are passed), their fighters stay, and they lose; the others play the
    match to its end. The concession replays exactly (its chance comes from the state)."""
    st, r = _in_action_phase(3, seed=6)
    quitter = st.active
    assert quitter is not None
    state = dump(st)
    after = SYSTEM.concede(state, quitter)
    assert after == SYSTEM.concede(state, quitter)
    st = load(after)
    assert st.players[quitter].conceded and st.phase == "action"
    assert quitter not in SYSTEM.view(after, None)["awaiting"] and SYSTEM.legal_actions(after, quitter) == []
    with pytest.raises(IllegalAction) as e:
        SYSTEM.apply(after, quitter, {"type": "Pass"}, r)
    assert e.value.code == "uw.match.conceded"
    pick = random.Random(6)
    events: list[dict] = []
    for _ in range(3000):
        if st.outcome is not None:
            break
        choices = [(s, a) for s in st.seats for a in SYSTEM.legal_actions(dump(st), s)]
        seat, action = pick.choice(choices)
        assert seat != quitter
        events += apply_state(st, seat, action, r)
    assert st.outcome is not None and st.outcome["winner"] != quitter and st.outcome["conceded"] == [quitter]
    assert {e["player"] for e in events if e["type"] == "TurnSkipped"} == {quitter}
    assert not any(e["type"] == "TurnStarted" and e["player"] == quitter for e in events)
    assert any(f.on_battlefield for f in st.warband_of(quitter)) or any(
        e["type"] == "FighterOutOfAction" and e["fighter"].startswith(quitter) for e in events)


def test_the_last_player_left_wins_and_no_one_concedes_during_setup():
    """Ruling: when every other player has conceded, the last one wins; before the battle (setup) a player may only
    ask to abandon the match."""
    st, r = _in_action_phase(3, seed=8)
    state = SYSTEM.concede(SYSTEM.concede(dump(st), P1), P3)
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner == P2 and load(state).outcome["conceded"] == [P1, P3]
    setup_state, _ = chosen(3)
    with pytest.raises(IllegalAction) as e:
        SYSTEM.concede(dump(setup_state), P1)
    assert e.value.code == "uw.match.concede_in_setup"


def test_a_reaction_step_waiting_only_for_the_player_who_concedes_goes_on():
    """Ruling (conceding): a reaction step that waits for the conceding player alone (their Loot after taking a
    fighter out, §21) closes at once and the match goes on (found by random play with concessions)."""
    st = position(3, {fid(P1): "b2", fid(P2): "b8", fid(P3): "p2"}, active=P2)
    st.feature_tokens.append(FeatureToken(id="trap-1", front=FeatureSide.TRAP))
    st.stack.append({"kind": "window", "tags": ["out_of_action"],
                     "ctx": {"fighter": fid(P3), "hex": "e3", "attacker_seat": P1},
                     "order": [P2, P3, P1], "responded": [], "played": [], "chain": [], "stage": "collect"})
    assert SYSTEM.view(dump(st), None)["awaiting"] == [P1]
    after = SYSTEM.concede(dump(st), P1)
    assert SYSTEM.view(after, None)["awaiting"] == [P2] and load(after).stack[-1]["kind"] == "turn"


def test_the_view_names_the_next_turns_player_skipping_one_who_conceded():
    """Seed 000 lines 1573-1575 and 1609: turns go in play order; the view says whose turn is next (the panel shows
    it), never a player who conceded."""
    st = position(3, {fid(P1): "b2", fid(P2): "b8", fid(P3): "p2"}, active=P1)
    assert SYSTEM.view(dump(st), None)["next_turn"] == P2
    st.players[P2].conceded = True
    assert SYSTEM.view(dump(st), None)["next_turn"] == P3
    st = position(3, {fid(P1): "b2"}, active=P3, turns_taken=8)  # the round's last turn: the end phase is next
    assert SYSTEM.view(dump(st), None)["next_turn"] is None
